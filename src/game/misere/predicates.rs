//! Predicates and derived games of a misère canonical game that CGSuite's `MisereCanonicalGame` answers:
//! evenness, the mate, extraversion/introversion (ONAG ch. 12) and the phylum tests.

use std::collections::HashMap;

use super::{MisereGames, MisereId, Phylum};

impl MisereGames {
    /// Whether `g` is even (not `E + *` for an earlier-born `E`; ONAG ch. 12).
    pub fn is_even(&mut self, g: MisereId) -> bool {
        !self.is_odd(g)
    }

    /// The mate of `g`: `*` for `0`, `0` for `*`, otherwise the game whose options are the mates of `g`'s
    /// options (ONAG ch. 12).
    pub fn mate(&mut self, g: MisereId) -> MisereId {
        let mut memo = HashMap::new();
        self.mate_rec(g, &mut memo)
    }

    fn mate_rec(&mut self, g: MisereId, memo: &mut HashMap<MisereId, MisereId>) -> MisereId {
        let zero = self.zero();
        let star = self.nim(1);
        if g == zero {
            return star;
        }
        if g == star {
            return zero;
        }
        if let Some(&m) = memo.get(&g) {
            return m;
        }
        let opts = self.options(g).to_vec();
        let mates: Vec<MisereId> = opts.into_iter().map(|o| self.mate_rec(o, memo)).collect();
        let m = self.game(&mates);
        memo.insert(g, m);
        m
    }

    /// Whether `g` is extraverted: a part of the game `{g}` whose only option is `g` (ONAG ch. 12).
    pub fn is_extraverted(&mut self, g: MisereId) -> bool {
        let up = self.game(&[g]);
        self.difference(up, g).is_some()
    }

    /// Whether `g` is introverted; by the Extraversion–Introversion theorem only `0` and `*` are.
    pub fn is_introverted(&mut self, g: MisereId) -> bool {
        g == self.zero() || g == self.nim(1)
    }

    /// Whether `g`'s phylum is generally tame (a nim heap, hereditarily or reversibly tame).
    pub fn is_generally_tame(&mut self, g: MisereId) -> bool {
        self.phylum(g).is_generally_tame()
    }

    /// Whether `g` is tameable.
    pub fn is_tameable(&mut self, g: MisereId) -> bool {
        self.phylum(g).is_tameable()
    }

    /// Whether `g`'s phylum is generally restive (hereditarily or reversibly restive).
    pub fn is_generally_restive(&mut self, g: MisereId) -> bool {
        self.phylum(g).is_generally_restive()
    }
}

impl MisereGames {
    /// CGSuite's `IsTame`: a nim heap or hereditarily tame.
    pub fn is_tame(&mut self, g: MisereId) -> bool {
        matches!(self.phylum(g), Phylum::NimHeap | Phylum::HereditarilyTame)
    }

    /// CGSuite's `IsRestive`: hereditarily restive.
    pub fn is_restive(&mut self, g: MisereId) -> bool {
        self.phylum(g) == Phylum::HereditarilyRestive
    }

    /// CGSuite's `IsRestless`.
    pub fn is_restless(&mut self, g: MisereId) -> bool {
        self.phylum(g) == Phylum::Restless
    }

    /// Half-tame: not generally tame, while `G + G` is generally tame of genus `0^0`.
    pub fn is_half_tame(&mut self, g: MisereId) -> bool {
        if self.is_generally_tame(g) {
            return false;
        }
        let d = self.add(g, g);
        self.is_generally_tame(d) && self.nim_value(d) == 0 && self.misere_nim_value(d) == 0
    }
}

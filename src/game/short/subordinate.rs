//! `G.Subordinate(B)`: the inverse of the ordinal sum in its second argument, CGSuite's `Subordinate`.
//!
//! `G.Subordinate(B)` is the game `H` with `B : H = G`, where `B : H = {BL, B:HL | BR, B:HR}`. Since
//! `B : H = B : H'` iff `H = H'` (the sign of `B:H - B:H'` is that of `H - H'`), such an `H` is unique when it
//! exists.
//!
//! The search follows the structure of the ordinal sum: when `B` and `H` are canonical, the canonical form of
//! `B : H` has as options the options of `B` (some may be dominated) and the games `B : HL`, `B : HR`. So a
//! candidate `H` is read off `G` by dropping the options `G` shares with `B` and subordinating the others,
//! with `B` itself subordinating to 0. The candidate is then checked by forming `B : H`; if that is not `G`,
//! there is no answer (the caller reports "That game cannot be subordinated to the specified base."). The
//! check makes every answer correct by construction.

use crate::game::short::store::{GameId, Games};
use rustc_hash::{FxHashMap, FxHashSet};

impl Games {
    /// The game `H` with `base : H == g`, or `None` if there is none.
    pub fn subordinate(&mut self, g: GameId, base: GameId) -> Option<GameId> {
        let base_left: FxHashSet<GameId> = self.left_options(base).into_iter().collect();
        let base_right: FxHashSet<GameId> = self.right_options(base).into_iter().collect();
        let mut memo = FxHashMap::default();
        let h = self.subordinate_candidate(g, base, &base_left, &base_right, &mut memo)?;
        (self.ordinal_sum(base, h) == g).then_some(h)
    }

    /// `g.Subordinate(B)` for a base given by its options `bl`, `br` (an explicit form such as `'{*|*}'`, whose
    /// canonical form 0 has none): CGSuite reads the base's options, not its value (CGSuite 2.2:
    /// `^.Subordinate('{*|*}')` is 1, as `'{*|*}' : 1` is ^). The candidate is checked by forming the ordinal
    /// sum of the form, `{BL, B:HL | BR, B:HR}`.
    pub fn subordinate_form(&mut self, g: GameId, bl: &[GameId], br: &[GameId]) -> Option<GameId> {
        let base = self.new_game(bl, br);
        let base_left: FxHashSet<GameId> = bl.iter().copied().collect();
        let base_right: FxHashSet<GameId> = br.iter().copied().collect();
        let mut memo = FxHashMap::default();
        let h = self.subordinate_candidate(g, base, &base_left, &base_right, &mut memo)?;
        let mut sums = FxHashMap::default();
        (self.form_ordinal_sum(bl, br, h, &mut sums) == g).then_some(h)
    }

    /// The ordinal sum `B : h` of the form `B = {bl | br}`.
    fn form_ordinal_sum(
        &mut self,
        bl: &[GameId],
        br: &[GameId],
        h: GameId,
        memo: &mut FxHashMap<GameId, GameId>,
    ) -> GameId {
        if let Some(&s) = memo.get(&h) {
            return s;
        }
        self.poll_interrupt();
        let (mut l, mut r) = (bl.to_vec(), br.to_vec());
        for o in self.left_options(h) {
            l.push(self.form_ordinal_sum(bl, br, o, memo));
        }
        for o in self.right_options(h) {
            r.push(self.form_ordinal_sum(bl, br, o, memo));
        }
        let s = self.new_game(&l, &r);
        memo.insert(h, s);
        s
    }

    /// The candidate for `g.Subordinate(base)` read off the options of `g` (unchecked).
    fn subordinate_candidate(
        &mut self,
        g: GameId,
        base: GameId,
        base_left: &FxHashSet<GameId>,
        base_right: &FxHashSet<GameId>,
        memo: &mut FxHashMap<GameId, Option<GameId>>,
    ) -> Option<GameId> {
        if g == base {
            return Some(self.zero());
        }
        if let Some(&r) = memo.get(&g) {
            return r;
        }
        let mut result = None;
        'search: {
            let mut left = Vec::new();
            for gl in self.left_options(g) {
                if !base_left.contains(&gl) {
                    match self.subordinate_candidate(gl, base, base_left, base_right, memo) {
                        Some(h) => left.push(h),
                        None => break 'search,
                    }
                }
            }
            let mut right = Vec::new();
            for gr in self.right_options(g) {
                if !base_right.contains(&gr) {
                    match self.subordinate_candidate(gr, base, base_left, base_right, memo) {
                        Some(h) => right.push(h),
                        None => break 'search,
                    }
                }
            }
            result = Some(self.new_game(&left, &right));
        }
        memo.insert(g, result);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Dyadic;

    #[test]
    fn subordinate_inverts_ordinal_sum() {
        let mut s = Games::new();
        let one = s.integer(1);
        let star = s.nimber(1);
        let zero = s.zero();
        // CGSuite GameTest: (1/8).Subordinate(1) = -3
        let eighth = s.number(Dyadic::new(1, 3));
        assert_eq!(s.subordinate(eighth, one), Some(s.integer(-3)));
        // *.Subordinate(1): no H with 1 : H = *
        assert_eq!(s.subordinate(star, one), None);
        // (+-1).Subordinate(0) = +-1; (+-1).Subordinate(+-1) = 0
        let m1 = s.integer(-1);
        let pm1 = s.new_game(&[one], &[m1]);
        assert_eq!(s.subordinate(pm1, zero), Some(pm1));
        assert_eq!(s.subordinate(pm1, pm1), Some(zero));
        // 1 : 1 = 2 (the base's option 0 is dominated in 2 = {1|})
        let two = s.integer(2);
        assert_eq!(s.subordinate(two, one), Some(one));
        // round trips B : H for a few bases and H
        let up = s.up();
        let h1 = s.new_game(&[two], &[star]);
        for b in [one, star, up, pm1] {
            for h in [zero, one, m1, star, up, h1] {
                let g = s.ordinal_sum(b, h);
                assert_eq!(s.subordinate(g, b), Some(h));
            }
        }
    }
}

//! Links and distinguishers (ONAG ch. 12, Theorems 75–76; Siegel, CGT ch. V).
//!
//! `G` and `H` are *linked* when some `T` makes both `G + T` and `H + T` misère P-positions. Conway's
//! theorem: distinct games are linked exactly when neither is an option of the other, and then such a `T`
//! is built from distinguishers of the options ([`MisereGames::link`]). Distinct games are *distinguished*
//! by some `T` (`G + T` and `H + T` of different outcomes): an option of one linked to the other gives one
//! ([`MisereGames::distinguisher`] returns a `T` with `G + T` a P-position and `H + T` an N-position).
//! Options are visited in CGSuite's order ([`MisereGames::cgsuite_options`]), so the games found are CGSuite's.

use super::{MisereGames, MisereId};

impl MisereGames {
    /// Whether `g` and `h` are linked.
    pub fn is_linked(&mut self, g: MisereId, h: MisereId) -> bool {
        g == h || !(self.has_option(g, h) || self.has_option(h, g))
    }

    fn has_option(&self, g: MisereId, h: MisereId) -> bool {
        self.options(g).binary_search(&h).is_ok()
    }

    /// A `T` with `g + T` and `h + T` both misère P-positions, if `g` and `h` are linked.
    pub fn link(&mut self, g: MisereId, h: MisereId) -> Option<MisereId> {
        let zero = self.zero();
        if g == zero && h == zero {
            return Some(self.nim(1));
        }
        if self.has_option(g, h) || self.has_option(h, g) {
            return None;
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&t) = self.link_memo.get(&key) {
            return Some(t);
        }
        self.poll();
        let mut opts = Vec::new();
        for o in self.cgsuite_options(g) {
            opts.push(self.distinguisher(o, h)?);
        }
        for o in self.cgsuite_options(h) {
            opts.push(self.distinguisher(o, g)?);
        }
        let t = self.game(&opts);
        self.link_memo.insert(key, t);
        Some(t)
    }

    /// Some `T` with `g + T` and `h + T` of different misère outcomes; `None` if `g == h`.
    fn discriminator(&mut self, g: MisereId, h: MisereId) -> Option<MisereId> {
        if g == h {
            return None;
        }
        let zero = self.zero();
        if (g == zero && !self.misere_next_wins(h)) || (h == zero && !self.misere_next_wins(g)) {
            return Some(zero);
        }
        // Remembered for the unordered pair, as CGSuite does: the answer for (h, g) serves (g, h).
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&t) = self.discriminator_memo.get(&key) {
            return Some(t);
        }
        let mut found = None;
        for o in self.cgsuite_options(g) {
            if let Some(t) = self.link(h, o) {
                found = Some(t);
                break;
            }
        }
        if found.is_none() {
            for o in self.cgsuite_options(h) {
                if let Some(t) = self.link(g, o) {
                    found = Some(t);
                    break;
                }
            }
        }
        if let Some(t) = found {
            self.discriminator_memo.insert(key, t);
        }
        found
    }

    /// CGSuite's `Distinguisher`: a `T` with `g + T` a misère P-position and `h + T` an N-position; `None`
    /// if `g == h`.
    pub fn distinguisher(&mut self, g: MisereId, h: MisereId) -> Option<MisereId> {
        let t = self.discriminator(g, h)?;
        let s = self.add(g, t);
        if !self.misere_next_wins(s) {
            return Some(t);
        }
        // g + T is an N-position and h + T a P-position: add the mates of g's options to T's side.
        let mut opts: Vec<MisereId> = Vec::new();
        for o in self.options(g).to_vec() {
            opts.push(self.mate(o));
        }
        opts.push(t);
        Some(self.game(&opts))
    }
}

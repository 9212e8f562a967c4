//! Comparison in the partial order, and outcome classes.

use super::*;

impl Games {
    // Comparison

    /// `g <= h` (cached; NUS comparisons by formula; number avoidance).
    pub fn leq(&mut self, g: GameId, h: GameId) -> bool {
        if g == h {
            return true;
        }
        if let (Some(a), Some(b)) = (self.nus(g), self.nus(h)) {
            return match a.num.cmp(&b.num) {
                std::cmp::Ordering::Less => true,
                std::cmp::Ordering::Greater => false,
                std::cmp::Ordering::Equal => {
                    if a.ups < b.ups - 1 {
                        true
                    } else if a.ups < b.ups {
                        (a.nim ^ b.nim) != 1
                    } else {
                        false
                    }
                }
            };
        }
        if let Some(&b) = self.leq_cache.get(&(g, h)) {
            return b;
        }
        self.poll_interrupt();
        // Stop bounds: RS(h - g) >= RS(h) - LS(g) and LS(h - g) <= LS(h) - RS(g).
        let (gls, grs) = self.stops(g);
        let (hls, hrs) = self.stops(h);
        if gls < hrs {
            return true;
        }
        if grs > hls {
            return false;
        }
        let mut result = true;
        if !self.is_number(g) {
            for i in 0..self.num_left(g) {
                let gl = self.left_at(g, i);
                if self.leq(h, gl) {
                    result = false;
                    break;
                }
            }
        }
        if result && !self.is_number(h) {
            for i in 0..self.num_right(h) {
                let hr = self.right_at(h, i);
                if self.leq(hr, g) {
                    result = false;
                    break;
                }
            }
        }
        crate::game::budget::check_growth(&self.leq_cache);
        self.leq_cache.insert((g, h), result);
        result
    }
    /// The comparison of `g` with `h`.
    pub fn cmp(&mut self, g: GameId, h: GameId) -> Cmp {
        if g == h {
            return Cmp::Equal;
        }
        match (self.leq(g, h), self.leq(h, g)) {
            (true, true) => Cmp::Equal,
            (true, false) => Cmp::Less,
            (false, true) => Cmp::Greater,
            (false, false) => Cmp::Confused,
        }
    }
    /// The normal-play outcome class.
    pub fn outcome(&mut self, g: GameId) -> Outcome {
        let z = self.zero();
        match (self.leq(z, g), self.leq(g, z)) {
            (true, true) => Outcome::P,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::N,
        }
    }
    /// Misère outcome of the canonical form read as a game tree.
    pub fn misere_outcome(&mut self, g: GameId) -> Outcome {
        let (left, right) = self.misere_wins(g);
        Outcome::from_first_wins(left, right)
    }
    /// (Left wins moving first, Right wins moving first) in misère play.
    pub(super) fn misere_wins(&mut self, g: GameId) -> (bool, bool) {
        if let Some(n) = self.number_value(g).filter(|n| n.is_integer()) {
            // An integer is a chain of moves for one player only (0: nobody can move).
            return (n.signum() <= 0, n.signum() >= 0);
        }
        if let Some(&w) = self.misere_cache.get(&g) {
            return w;
        }
        let mut left = self.num_left(g) == 0;
        for i in 0..self.num_left(g) {
            if left {
                break;
            }
            let o = self.left_at(g, i);
            left = !self.misere_wins(o).1;
        }
        let mut right = self.num_right(g) == 0;
        for i in 0..self.num_right(g) {
            if right {
                break;
            }
            let o = self.right_at(g, i);
            right = !self.misere_wins(o).0;
        }
        crate::game::budget::check_growth(&self.misere_cache);
        self.misere_cache.insert(g, (left, right));
        (left, right)
    }

    // ------------------------------------------------------------------------------------------------
}

//! Comparison in the partial order, and outcome classes.

use super::*;

impl Games {
    // Comparison

    /// `g <= h`.
    ///
    /// Most comparisons are settled by the stops stored with every node, before the cache is probed.
    /// Write LS, RS for the left and right stop. The facts used (Siegel, *Combinatorial Game Theory*,
    /// Chapter II, on stops) are, for all short games X and Y:
    /// - (a) RS(X) > 0 implies X > 0 (and LS(X) < 0 implies X < 0);
    /// - (b) RS(X) + RS(Y) ≤ RS(X + Y) and LS(X) + RS(Y) ≤ LS(X + Y);
    /// - (c) LS(-X) = -RS(X).
    ///
    /// Shortcut 1: LS(G) < RS(H) implies G < H, since RS(H - G) ≥ RS(H) + RS(-G) = RS(H) - LS(G) > 0 by
    /// (b) and (c), so H - G > 0 by (a).
    ///
    /// Shortcut 2: G ≤ H implies LS(G) ≤ LS(H) and RS(G) ≤ RS(H) (the stops are monotone), so either
    /// inequality failing answers `false`. Proof: K = H - G ≥ 0 has RS(K) ≥ 0 — if K is a number,
    /// RS(K) = K; otherwise RS(K) < 0 would give a Right option K^R with LS(K^R) < 0, so K^R < 0 by (a),
    /// a winning first move for Right, contradicting K ≥ 0. Then by (b), LS(H) = LS(G + K) ≥ LS(G) +
    /// RS(K) ≥ LS(G) and RS(H) = RS(G + K) ≥ RS(G) + RS(K) ≥ RS(G).
    ///
    /// Numbers have LS = RS = the number, so two numbers are always settled here; what remains between
    /// number-ups-stars (same number part) is settled by their formula. Infinitesimals (all stops 0, as in
    /// every all-small game) are next compared through their up brackets, where each lies against
    /// `k·↑` and `k·↑ + *` (`brackets.rs`, with the proofs): in Clobber (xo)^16 they settle about half of
    /// the comparisons that would otherwise probe the cache. The rest is the definition
    /// (G ≤ H iff no G^L ≥ H and no H^R ≤ G) with number avoidance (a number's options need not be
    /// tried against a non-number), cached in a bounded lossy table. The property test
    /// `leq_shortcuts_agree_with_the_definition` checks this against the plain definition.
    pub fn leq(&mut self, g: GameId, h: GameId) -> bool {
        if g == h {
            return true;
        }
        let [gls, grs] = self.stops[g.0 as usize];
        let [hls, hrs] = self.stops[h.0 as usize];
        // Equal stops (every pair of infinitesimals) settle nothing: LS(H) ≥ RS(H) for every game, so
        // LS(G) = LS(H) is not below RS(H). This skips three `Dyadic` comparisons on all-small games.
        if gls != hls || grs != hrs {
            if gls < hrs {
                return true;
            }
            if gls > hls || grs > hrs {
                return false;
            }
        }
        if let (Some(a), Some(b)) = (self.nus(g), self.nus(h)) {
            return brackets::nus_leq(a, b);
        }
        if let Some(b) = Games::brackets_leq(self.brackets[g.0 as usize], self.brackets[h.0 as usize]) {
            return b;
        }
        if let Some(b) = self.leq_cache.get(g, h) {
            return b;
        }
        self.poll_interrupt();
        let g_number = self.is_number(g);
        let h_number = self.is_number(h);
        // Each comparison below may probe the cache, a likely memory miss in a large table: start those
        // loads together rather than one after the other (a hint only).
        if !g_number {
            let n = *self.full(g);
            for &gl in &self.opts[n.lstart as usize..(n.lstart + n.nl.min(12)) as usize] {
                self.leq_cache.prefetch(h, gl);
            }
        }
        if !h_number {
            let n = *self.full(h);
            for &hr in &self.opts[n.rstart as usize..(n.rstart + n.nr.min(12)) as usize] {
                self.leq_cache.prefetch(hr, g);
            }
        }
        let mut result = true;
        if !g_number {
            for i in 0..self.num_left(g) {
                let gl = self.left_at(g, i);
                if self.leq(h, gl) {
                    result = false;
                    break;
                }
            }
        }
        if result && !h_number {
            for i in 0..self.num_right(h) {
                let hr = self.right_at(h, i);
                if self.leq(hr, g) {
                    result = false;
                    break;
                }
            }
        }
        self.leq_cache.insert(g, h, result);
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

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
        // A first pass over the options by their up brackets alone (a dense array of 4 bytes per node, no
        // cache probe): a G^L ≥ H or an H^R ≤ G found there answers `false` at once (cached: the
        // probe has just brought the bucket into the processor's cache). Options it settles the other way are skipped below; the cache buckets of (at most 8 of) the rest are prefetched, the
        // memory system having few outstanding misses.
        let g_number = self.is_number(g);
        let h_number = self.is_number(h);
        // (start, count) of G's Left options and H's Right options, empty for a number (number avoidance).
        let gl_run = if g_number { (0, 0) } else { (self.full(g).lstart as usize, self.full(g).nl as usize) };
        let hr_run = if h_number { (0, 0) } else { (self.full(h).rstart as usize, self.full(h).nr as usize) };
        // Bit i: option i (G's Left options, then H's Right options) still needs `leq`.
        let mut open: u64 = 0;
        let mut prefetch = [(GameId(0), GameId(0)); 8];
        let mut n_prefetch = 0;
        {
            let br = &self.brackets;
            let lefts = self.opts[gl_run.0..gl_run.0 + gl_run.1].iter().map(|&o| (h, o));
            let rights = self.opts[hr_run.0..hr_run.0 + hr_run.1].iter().map(|&o| (o, g));
            for (i, (x, y)) in lefts.chain(rights).enumerate() {
                // The pair asks whether x <= y (G^L >= H, or H^R <= G), which answers `false`.
                match Games::brackets_leq(br[x.0 as usize], br[y.0 as usize]) {
                    Some(true) => {
                        self.leq_cache.insert(g, h, false);
                        return false;
                    }
                    Some(false) => {}
                    None => {
                        if i < 64 {
                            open |= 1 << i;
                        }
                        if n_prefetch < prefetch.len() {
                            prefetch[n_prefetch] = (x, y);
                            n_prefetch += 1;
                        }
                    }
                }
            }
        }
        self.poll_interrupt();
        for &(x, y) in &prefetch[..n_prefetch] {
            self.leq_cache.prefetch(x, y);
        }
        let mut result = true;
        for i in 0..gl_run.1 + hr_run.1 {
            if i < 64 && open >> i & 1 == 0 {
                continue;
            }
            let below = if i < gl_run.1 {
                let gl = self.opts[gl_run.0 + i];
                self.leq(h, gl)
            } else {
                let hr = self.opts[hr_run.0 + i - gl_run.1];
                self.leq(hr, g)
            };
            if below {
                result = false;
                break;
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

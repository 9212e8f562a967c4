//! Atomic weights (constructive, with the far-star test), companions and reduced canonical forms.
//!
//! The atomic weight follows CGSuite: a "naive" weight is built recursively as
//! `<aw(GL) - 2 | aw(GR) + 2>` (number + ups + star: its up multiple); when that is an integer the far-star
//! test of the two-ahead rule adjusts it (G below the far star: the least integer `n |> aw(GL) - 2` for every
//! GL; above: the greatest `n <| aw(GR) + 2`; confused with it: unchanged). The weight exists for
//! infinitesimals that are all-small, or whose difference from `aw·↑` (Norton product) lies in `[-ε, ε]`
//! with `ε = ↑* + (*N : -1)`, N the least power of two ≥ 2 reaching the game's far star. Results are
//! CGSuite's for every case of its own test table (see `tests_thermo.rs`).

use std::collections::HashMap;

use crate::game::short::thermograph::ThermoCache;
use crate::game::{Dyadic, GameError, GameId, Games};

impl Games {
    /// `G.AtomicWeight`, or `NotAtomic(G)` when it does not exist.
    pub fn atomic_weight(&mut self, g: GameId) -> Result<GameId, GameError> {
        self.atomic_weight_opt(g).ok_or(GameError::NotAtomic(g))
    }

    /// `G.IsAtomic`: whether the atomic weight exists.
    pub fn is_atomic(&mut self, g: GameId) -> bool {
        self.atomic_weight_opt(g).is_some()
    }

    fn atomic_weight_opt(&mut self, g: GameId) -> Option<GameId> {
        if !self.is_infinitesimal(g) {
            return None;
        }
        self.with_thermo_cache(|gs, cache| gs.atomic_weight_with(g, cache))
    }

    fn atomic_weight_with(&mut self, g: GameId, cache: &mut ThermoCache) -> Option<GameId> {
        // n·↑ + *m (infinitesimal, so no number part) has atomic weight n, whatever the size of m.
        if let Some((_, ups, _)) = self.number_up_star_nim(g) {
            return Some(self.integer(ups));
        }
        let w = self.naive_atomic_weight(g, cache);
        if self.is_all_small(g) {
            return Some(w);
        }
        let up = self.uptimal(Dyadic::from_int(0), 1, 0);
        let w_up = match self.number_value(w) {
            Some(n) if n.is_integer() => self.mul_integer(n, up),
            _ => self.norton_product(w, up).ok()?,
        };
        let difference = self.sub(g, w_up);
        let far_star = self.far_star(g, cache);
        let mut pow2: u64 = 2;
        while pow2 < far_star {
            pow2 <<= 1;
        }
        let star_n = self.nimber(pow2);
        let minus_one = self.integer(-1);
        let red_kite = self.ordinal_sum(star_n, minus_one);
        let up_star = self.uptimal(Dyadic::from_int(0), 1, 1);
        let epsilon = self.add(up_star, red_kite);
        let minus_epsilon = self.neg(epsilon);
        if self.leq(difference, epsilon) && self.leq(minus_epsilon, difference) {
            Some(w)
        } else {
            None
        }
    }

    /// The far star of G: one more than the largest nimber among G's followers (at least 1), reaching
    /// into options of everything that is not itself a nimber.
    pub(super) fn far_star(&mut self, g: GameId, cache: &mut ThermoCache) -> u64 {
        if let Some(n) = self.nimber_value(g) {
            return n + 1;
        }
        if let Some(&f) = cache.far_stars.get(&g) {
            return f;
        }
        let mut f = 1;
        for x in self.left_options(g).into_iter().chain(self.right_options(g)) {
            f = f.max(self.far_star(x, cache));
        }
        cache.far_stars.insert(g, f);
        f
    }

    /// CGSuite's constructive atomic weight, before the atomicity check.
    pub(super) fn naive_atomic_weight(&mut self, g: GameId, cache: &mut ThermoCache) -> GameId {
        if let Some((_, ups, _)) = self.number_up_star_nim(g) {
            return self.integer(ups);
        }
        if let Some(&w) = cache.naive_atomic_weights.get(&g) {
            return w;
        }
        let two = self.integer(2);
        let minus_two = self.integer(-2);
        let mut lo = Vec::new();
        for x in self.left_options(g) {
            let w = self.naive_atomic_weight(x, cache);
            lo.push(self.add(w, minus_two));
        }
        let mut ro = Vec::new();
        for x in self.right_options(g) {
            let w = self.naive_atomic_weight(x, cache);
            ro.push(self.add(w, two));
        }
        let g0 = self.new_game(&lo, &ro);
        let result = if self.is_integer(g0) {
            let fs = self.far_star(g, cache);
            let far = self.nimber(fs);
            let below = self.leq(g, far);
            let above = self.leq(far, g);
            if below && !above {
                // G < far star: the least integer n with n |> every aw(GL) - 2.
                if lo.is_empty() {
                    self.zero()
                } else {
                    let mut best: Option<Dyadic> = None;
                    for &x in &lo {
                        let mut n = self.right_stop(x).ceil();
                        let ng = self.number(n);
                        if self.leq(ng, x) {
                            n = n + Dyadic::ONE;
                        }
                        best = Some(best.map_or(n, |b| b.max(n)));
                    }
                    self.number(best.unwrap_or(Dyadic::ZERO))
                }
            } else if above && !below {
                // G > far star: the greatest integer n with n <| every aw(GR) + 2.
                if ro.is_empty() {
                    self.zero()
                } else {
                    let mut best: Option<Dyadic> = None;
                    for &x in &ro {
                        let mut n = self.left_stop(x).floor();
                        let ng = self.number(n);
                        if self.leq(x, ng) {
                            n = n - Dyadic::ONE;
                        }
                        best = Some(best.map_or(n, |b| b.min(n)));
                    }
                    self.number(best.unwrap_or(Dyadic::ZERO))
                }
            } else {
                g0
            }
        } else {
            g0
        };
        cache.naive_atomic_weights.insert(g, result);
        result
    }

    /// `G.Companion` (CGSuite): on 0 + ups + *n the companion swaps 0 and * in the nimber part (*n for
    /// n ≥ 2 is its own companion); otherwise the companions of the options, plus 0 for Left when G ≥ 0 and
    /// 0 for Right when G ≤ 0.
    pub fn companion(&mut self, g: GameId) -> GameId {
        // A number + ups + star with a nonzero number part is its own companion (CGSuite's Uptimal).
        if let Some((x, _, _)) = self.number_up_star_nim(g) {
            if !x.is_zero() {
                return g;
            }
        }
        let mut memo = HashMap::new();
        self.companion_with(g, &mut memo)
    }

    fn companion_with(&mut self, g: GameId, memo: &mut HashMap<GameId, GameId>) -> GameId {
        if let Some((x, ups, nim)) = self.number_up_star_nim(g) {
            if x.is_zero() {
                return if nim >= 2 { g } else { self.uptimal_nim(x, ups, nim ^ 1u64) };
            }
            if ups == 0 && nim == 0 {
                // A nonzero number is its own companion (the recursion gives it back: CGSuite 2.2,
                // {8|0}.Companion = {8|*}); answered directly, so large integers are not walked.
                return g;
            }
        }
        if let Some(&r) = memo.get(&g) {
            return r;
        }
        let zero = self.zero();
        let leq0 = self.leq(g, zero);
        let geq0 = self.leq(zero, g);
        let mut lo = Vec::new();
        for x in self.left_options(g) {
            lo.push(self.companion_with(x, memo));
        }
        let mut ro = Vec::new();
        for x in self.right_options(g) {
            ro.push(self.companion_with(x, memo));
        }
        if geq0 {
            lo.push(zero);
        }
        if leq0 {
            ro.push(zero);
        }
        let r = self.new_game(&lo, &ro);
        memo.insert(g, r);
        r
    }

    /// `G.ReducedCanonicalForm` (CGSuite): the number part for number + ups + star; otherwise G heated by *
    /// with every `x*` (x a number) replaced by x, which identifies games that differ by an infinitesimal.
    pub fn reduced_canonical_form(&mut self, g: GameId) -> GameId {
        if let Some((x, _, _)) = self.number_up_star(g) {
            return self.number(x);
        }
        let star = self.nimber(1);
        let mut heat_memo = HashMap::new();
        let heated = self.heat_with(g, star, &mut heat_memo);
        let mut memo = HashMap::new();
        self.star_projection(heated, &mut memo)
    }

    fn star_projection(&mut self, g: GameId, memo: &mut HashMap<GameId, GameId>) -> GameId {
        if self.is_number(g) {
            return g;
        }
        if let Some((x, 0, 1)) = self.number_up_star(g) {
            return self.number(x);
        }
        if let Some(&r) = memo.get(&g) {
            return r;
        }
        let mut lo = Vec::new();
        for x in self.left_options(g) {
            lo.push(self.star_projection(x, memo));
        }
        let mut ro = Vec::new();
        for x in self.right_options(g) {
            ro.push(self.star_projection(x, memo));
        }
        let r = self.new_game(&lo, &ro);
        memo.insert(g, r);
        r
    }
}

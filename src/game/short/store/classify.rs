//! Structure (options, birthdays, followers) and classification (numbers, nimbers, stops, parity).

use super::*;

impl Games {
    // Structure

    /// The left options (sorted by id).
    pub fn left_options(&mut self, g: GameId) -> Vec<GameId> {
        self.left_slice(g).to_vec()
    }
    /// The right options (sorted by id).
    pub fn right_options(&mut self, g: GameId) -> Vec<GameId> {
        self.right_slice(g).to_vec()
    }
    /// The birthday (cached; formula for NUS values), saturating at `u32::MAX - 1` (a game with a large
    /// number among its followers; [`Games::birthday_exact`] is exact).
    pub fn birthday(&mut self, g: GameId) -> u32 {
        let c = self.birthday_cache[g.0 as usize];
        if c != NONE {
            return c;
        }
        let b = if let Some(v) = self.nus(g) {
            let nb = v.num.birthday();
            let us = u64::try_from(Games::nus_star_birthday(v)).unwrap_or(u64::MAX);
            u32::try_from(nb.saturating_add(us)).unwrap_or(u32::MAX - 1)
        } else {
            let mut b = 0;
            for i in 0..self.num_left(g) + self.num_right(g) {
                let o = self.option_at(g, i);
                b = b.max(self.birthday(o).saturating_add(1).min(u32::MAX - 1));
            }
            b
        };
        self.birthday_cache[g.0 as usize] = b;
        b
    }
    /// The birthday of `n·↑ + *m` (the part of a NUS value's birthday beyond its number's).
    pub(crate) fn nus_star_birthday(v: Nus) -> num_bigint::BigInt {
        let up = num_bigint::BigInt::from(v.ups.unsigned_abs());
        let odd = v.ups.unsigned_abs() & 1 == 1;
        if v.ups != 0 && v.nim.is_zero() {
            up + 1
        } else if odd && v.nim != 1 {
            up + num_bigint::BigInt::from((v.nim ^ 1u64).to_big())
        } else {
            up + num_bigint::BigInt::from(v.nim.to_big())
        }
    }
    /// All followers of g including g, in the deterministic (printing) order.
    pub fn followers(&mut self, g: GameId) -> Vec<GameId> {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![g];
        let mut out = Vec::new();
        while let Some(x) = stack.pop() {
            if seen.insert(x) {
                self.refuse_long_chain(x);
                self.charge_walk(&stack, x, seen.len());
                out.push(x);
                stack.extend_from_slice(self.left_slice(x));
                stack.extend_from_slice(self.right_slice(x));
            }
        }
        self.sort_deterministic(&mut out);
        out
    }
    /// A follower walk's budget and Ctrl-C: polls every 1024 games, and charges the stack before `x`'s options
    /// are pushed on it (`(*(2^20)).Followers.Size` pushed 2^21 options per nimber and doubled its stack past
    /// the budget with no polling point on the way, issue 36 row 2).
    fn charge_walk(&mut self, stack: &Vec<GameId>, x: GameId, seen: usize) {
        if seen.is_multiple_of(1024) {
            self.poll_interrupt();
        }
        let more = self.left_slice(x).len() + self.right_slice(x).len();
        crate::game::budget::check_vec_growth(stack.len(), stack.capacity(), more, size_of::<GameId>());
    }
    /// The number of distinct followers of g, including g.
    pub fn follower_count(&mut self, g: GameId) -> usize {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![g];
        while let Some(x) = stack.pop() {
            if seen.insert(x) {
                self.refuse_long_chain(x);
                self.charge_walk(&stack, x, seen.len());
                stack.extend_from_slice(self.left_slice(x));
                stack.extend_from_slice(self.right_slice(x));
            }
        }
        seen.len()
    }

    /// Stops a walk of all followers at an integer beyond [`MAX_INT`] (its `|n|` followers are more than
    /// the arena holds) with [`TooManyFollowers`], without materialising them first; a nimber beyond
    /// [`MAX_LISTED_NIM`] stops it with [`TooManyOptions`].
    fn refuse_long_chain(&self, x: GameId) {
        if let Some(n) = self.number_value(x).filter(|n| n.is_integer() && n.abs() > Dyadic::from_int(MAX_INT)) {
            std::panic::panic_any(TooManyFollowers(n.to_string()));
        }
        if let Some(v) = self.nus(x).filter(|v| v.nim > MAX_LISTED_NIM) {
            TooManyOptions::raise(v);
        }
    }

    // ------------------------------------------------------------------------------------------------
    // Classification

    /// Some(x) iff g is the number x.
    pub fn number_value(&self, g: GameId) -> Option<Dyadic> {
        match self.nus(g) {
            Some(v) if v.ups == 0 && v.nim == 0 => Some(v.num),
            _ => None,
        }
    }
    /// Some(n) iff g = *n with n < 2^64 ([`Games::nim_value`] for every size).
    pub fn nimber_value(&self, g: GameId) -> Option<u64> {
        self.nim_value(g)?.to_u64()
    }
    /// Some(n) iff g = *n (any size).
    pub fn nim_value(&self, g: GameId) -> Option<Nim> {
        match self.nus(g) {
            Some(v) if v.ups == 0 && v.num.is_zero() => Some(v.nim),
            _ => None,
        }
    }
    /// Some((number, ups, nim)) iff g = number + ups·↑ + *nim with nim < 2^64
    /// ([`Games::number_up_star_nim`] for every size).
    pub fn number_up_star(&self, g: GameId) -> Option<(Dyadic, i64, u64)> {
        self.nus(g).and_then(|v| Some((v.num, v.ups, v.nim.to_u64()?)))
    }
    /// Some((number, ups, nim)) iff g = number + ups·↑ + *nim (any size).
    pub fn number_up_star_nim(&self, g: GameId) -> Option<(Dyadic, i64, Nim)> {
        self.nus(g).map(|v| (v.num, v.ups, v.nim))
    }
    /// Whether g is a number.
    pub fn is_number(&self, g: GameId) -> bool {
        self.number_value(g).is_some()
    }
    /// Whether g is an integer.
    pub fn is_integer(&self, g: GameId) -> bool {
        self.number_value(g).is_some_and(Dyadic::is_integer)
    }
    /// Whether g is a nimber (0 included).
    pub fn is_nimber(&self, g: GameId) -> bool {
        self.nim_value(g).is_some()
    }
    /// Whether `g == -g` (CGSuite's `isSwitch`; true for nimbers too).
    pub fn is_switch(&mut self, g: GameId) -> bool {
        self.neg(g) == g
    }
    /// Whether g is number + ups + star.
    pub fn is_number_up_star(&self, g: GameId) -> bool {
        self.nus(g).is_some()
    }
    /// Both stops are 0.
    pub fn is_infinitesimal(&mut self, g: GameId) -> bool {
        let (l, r) = self.stops(g);
        l.is_zero() && r.is_zero()
    }
    /// Every follower has either both or neither player's options, recursively (CGSuite's `isAllSmall`).
    pub fn is_all_small(&mut self, g: GameId) -> bool {
        if let Some(v) = self.nus(g) {
            return v.num.is_zero();
        }
        let n = *self.full(g);
        (0..(n.nl + n.nr) as usize).all(|i| {
            let o = self.option_at(g, i);
            self.is_all_small(o)
        })
    }
    /// Left stop = right stop.
    pub fn is_numberish(&mut self, g: GameId) -> bool {
        let (l, r) = self.stops(g);
        l == r
    }
    /// `x + Tiny(G)` or `x + Miny(G)` in CGSuite's sense (numbers count as number-tiny).
    pub fn is_number_tiny(&mut self, g: GameId) -> bool {
        if self.is_number(g) {
            return true;
        }
        self.tiny_parts(g).is_some()
    }
    /// For `g = x + Tiny(G)` returns `Some((true, x, G))`, for `x + Miny(G)` `Some((false, x, G))`,
    /// following CGSuite's `isNumberTiny` and the printer's decomposition.
    pub fn tiny_parts(&mut self, g: GameId) -> Option<(bool, GameId, GameId)> {
        if self.nus(g).is_some() || self.num_left(g) != 1 || self.num_right(g) != 1 {
            return None;
        }
        let (gl, gr) = (self.left_at(g, 0), self.right_at(g, 0));
        if self.is_number(gl) && self.num_left(gr) == 1 && self.num_right(gr) == 1 {
            let (grl, grr) = (self.left_at(gr, 0), self.right_at(gr, 0));
            let x = self.number_value(gl).unwrap_or_default();
            if grl == gl && self.mean_cmp(grr, x) == std::cmp::Ordering::Less {
                // g = x + {0 || 0 | -(x - grr)}: subscript = x - grr.
                let sub = self.sub(gl, grr);
                return Some((true, gl, sub));
            }
        }
        if self.is_number(gr) && self.num_left(gl) == 1 && self.num_right(gl) == 1 {
            let (gll, glr) = (self.left_at(gl, 0), self.right_at(gl, 0));
            let x = self.number_value(gr).unwrap_or_default();
            if glr == gr && self.mean_cmp(gll, x) == std::cmp::Ordering::Greater {
                let sub = self.sub(gll, gr);
                return Some((false, gr, sub));
            }
        }
        None
    }
    /// `mean(a)` compared with the number `x`; the stops settle most cases, else the thermograph's mean.
    pub(super) fn mean_cmp(&mut self, a: GameId, x: Dyadic) -> std::cmp::Ordering {
        use std::cmp::Ordering;
        let (ls, rs) = self.stops(a);
        if ls < x {
            return Ordering::Less;
        }
        if rs > x {
            return Ordering::Greater;
        }
        if ls == x && rs == x {
            return Ordering::Equal;
        }
        self.mean(a).cmp(&x)
    }
    /// CGSuite's `isEven` on the canonical form.
    pub fn is_even(&mut self, g: GameId) -> bool {
        if let Some(v) = self.nus(g) {
            return v.ups == 0 && v.nim <= 1 && v.num.is_integer() && v.num.numerator_is_odd() == v.nim.is_odd();
        }
        let n = *self.full(g);
        (0..(n.nl + n.nr) as usize).all(|i| {
            let o = self.option_at(g, i);
            self.is_odd(o)
        })
    }
    /// CGSuite's `isOdd` on the canonical form.
    pub fn is_odd(&mut self, g: GameId) -> bool {
        if let Some(v) = self.nus(g) {
            return v.ups == 0 && v.nim <= 1 && v.num.is_integer() && v.num.numerator_is_odd() != v.nim.is_odd();
        }
        let n = *self.full(g);
        (0..(n.nl + n.nr) as usize).all(|i| {
            let o = self.option_at(g, i);
            self.is_even(o)
        })
    }
    /// CGSuite's `isEvenTempered`.
    pub fn is_even_tempered(&mut self, g: GameId) -> bool {
        if let Some(v) = self.nus(g) {
            return v.ups == 0 && v.nim == 0;
        }
        let n = *self.full(g);
        (0..(n.nl + n.nr) as usize).all(|i| {
            let o = self.option_at(g, i);
            self.is_odd_tempered(o)
        })
    }
    /// CGSuite's `isOddTempered`.
    pub fn is_odd_tempered(&mut self, g: GameId) -> bool {
        if let Some(v) = self.nus(g) {
            return v.ups == 0 && v.nim == 1;
        }
        let n = *self.full(g);
        (0..(n.nl + n.nr) as usize).all(|i| {
            let o = self.option_at(g, i);
            self.is_even_tempered(o)
        })
    }
    /// (left stop, right stop), stored with each game when it is created.
    #[inline]
    pub fn stops(&mut self, g: GameId) -> (Dyadic, Dyadic) {
        let [l, r] = self.stops[g.0 as usize];
        (l, r)
    }
    /// The left stop.
    pub fn left_stop(&mut self, g: GameId) -> Dyadic {
        self.stops(g).0
    }
    /// The right stop.
    pub fn right_stop(&mut self, g: GameId) -> Dyadic {
        self.stops(g).1
    }
    /// CGSuite's `StopCount` (saturates at `u128::MAX`, setting the overflow flag).
    pub fn stop_count(&mut self, g: GameId) -> u128 {
        if let Some(v) = self.nus(g) {
            // x + *m: 1 if m = 0, else 2·3^(m-1). x ± n·↑ + *m: a chain of n-1 single moves down to
            // level 1, which is x±↑*c (4 stops if c = 1, else 1 + the stops of x + *(c^1)).
            let nim_stops = |m: Nim| -> Option<u128> {
                if m.is_zero() {
                    Some(1)
                } else {
                    let p = 3u128.checked_pow(u32::try_from(m.to_u64()? - 1).ok()?)?;
                    p.checked_mul(2)
                }
            };
            let count = if v.ups == 0 {
                nim_stops(v.nim)
            } else {
                let n = v.ups.unsigned_abs();
                let c1 = v.nim ^ ((n - 1) & 1);
                let level1 = if c1 == 1 { Some(4) } else { nim_stops(c1 ^ 1).and_then(|x| x.checked_add(1)) };
                level1.and_then(|x| x.checked_add(u128::from(n - 1)))
            };
            return count.unwrap_or_else(|| {
                self.flag_overflow();
                u128::MAX
            });
        }
        if let Some(&c) = self.stop_count_cache.get(&g) {
            return c;
        }
        let n = *self.full(g);
        let mut count: u128 = 0;
        for i in 0..(n.nl + n.nr) as usize {
            let o = self.option_at(g, i);
            let c = self.stop_count(o);
            count = match count.checked_add(c) {
                Some(x) => x,
                None => {
                    self.flag_overflow();
                    u128::MAX
                }
            };
        }
        crate::game::budget::check_growth(&self.stop_count_cache);
        self.stop_count_cache.insert(g, count);
        count
    }
}

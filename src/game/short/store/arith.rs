//! Arithmetic: sums, negatives, integer multiples, ordinal sums, Norton and Conway products.

use super::*;

/// The error of an ordinal sum `G : n` with `|n|` beyond [`MAX_INT`].
const ORDINAL_SUM_LIMIT: &str =
    "Ordinal sum G : n is computed for integers |n| <= 1048576 (2^20) only: its canonical form has a chain of |n| options.";
/// The error of a Conway product with an integer beyond [`MAX_INT`] and a game that is not a number.
const CONWAY_PRODUCT_LIMIT: &str = "ConwayProduct of a game that is not a number with an integer n is computed for \
     |n| <= 1048576 (2^20) only: it recurses through the integer's n options.";

impl Games {
    // Arithmetic

    /// `g + h` (cached; NUS arithmetic and number translation fast paths).
    pub fn add(&mut self, g: GameId, h: GameId) -> GameId {
        let z = self.zero();
        if g == z {
            return h;
        }
        if h == z {
            return g;
        }
        if let (Some(a), Some(b)) = (self.nus(g), self.nus(h)) {
            return match (a.num.checked_add(b.num), a.ups.checked_add(b.ups)) {
                (Some(num), Some(ups)) => self.make_nus(Nus { num, ups, nim: a.nim ^ b.nim }),
                _ => self.flag_overflow(),
            };
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(s) = self.add_cache.get(key.0, key.1) {
            return s;
        }
        self.poll_interrupt();
        if let Some(s) = self.switch_plus_nimber(g, h).or_else(|| self.switch_plus_nimber(h, g)) {
            self.add_cache.insert(key.0, key.1, s);
            return s;
        }
        if let Some(s) = self.add_big_nim_parts(g, h) {
            self.add_cache.insert(key.0, key.1, s);
            return s;
        }
        if let Some(s) = self.add_nimber_fast(g, h).or_else(|| self.add_nimber_fast(h, g)) {
            self.add_cache.insert(key.0, key.1, s);
            return s;
        }
        let g_num = self.is_number(g);
        let h_num = self.is_number(h);
        if let Some(s) = self.heated_plus_number(g, g_num, h, h_num) {
            self.add_cache.insert(key.0, key.1, s);
            return s;
        }
        let result = if g_num || h_num {
            // Number translation: G + x = {GL + x | GR + x} when G is not a number; the translated
            // options of a canonical G stay undominated and non-reversible.
            let (x, other) = if g_num { (g, h) } else { (h, g) };
            let mut l = Vec::with_capacity(self.num_left(other));
            for i in 0..self.num_left(other) {
                let o = self.left_at(other, i);
                l.push(self.add(o, x));
            }
            let mut r = Vec::with_capacity(self.num_right(other));
            for i in 0..self.num_right(other) {
                let o = self.right_at(other, i);
                r.push(self.add(o, x));
            }
            if l.iter().chain(&r).any(|&o| self.is_number(o)) {
                // A number option's own options are not translates: re-check reversibility.
                self.new_game(&l, &r)
            } else {
                self.intern(l, r)
            }
        } else {
            let mut l = Vec::with_capacity(self.num_left(g) + self.num_left(h));
            let mut r = Vec::with_capacity(self.num_right(g) + self.num_right(h));
            for i in 0..self.num_left(g) {
                let o = self.left_at(g, i);
                l.push(self.add(o, h));
            }
            for i in 0..self.num_left(h) {
                let o = self.left_at(h, i);
                l.push(self.add(g, o));
            }
            for i in 0..self.num_right(g) {
                let o = self.right_at(g, i);
                r.push(self.add(o, h));
            }
            for i in 0..self.num_right(h) {
                let o = self.right_at(h, i);
                r.push(self.add(g, o));
            }
            let (ls, rs) = (self.num_left(g), self.num_right(g));
            self.new_sum_game(&l, ls, &r, rs)
        };
        self.add_cache.insert(key.0, key.1, result);
        result
    }
    /// `{a|b} + x + *m` for numbers a > b, x and m >= 1, in O(1): `{a+x+*m | b+x+*m}`. A move in `*m` (to `*k`)
    /// reverses through the reply to `b+x+*k`, since `{a|b} + *m - b - *k = {a-b|0} + *(m^k) >= 0` (Right
    /// moving first in the switch leaves `*(m^k) != 0`, which Left wins; Right moving in the nimber leaves
    /// `{a-b|0} + *i`, which Left wins by taking `a-b`), and its replacements (options of the number
    /// `b+x` plus `*i`, or `b+x+*i`) are dominated by `a+x+*m`; symmetrically for Right. (A canonical non-number
    /// whose options are all numbers is such a switch.)
    fn switch_plus_nimber(&mut self, g: GameId, h: GameId) -> Option<GameId> {
        let v = self.nus(h)?;
        if v.ups != 0 || v.nim.is_zero() || self.nus(g).is_some() {
            return None;
        }
        let (&[a], &[b]) = (&self.left_slice(g).to_vec()[..], &self.right_slice(g).to_vec()[..]) else {
            return None;
        };
        if !self.is_number(a) || !self.is_number(b) {
            return None;
        }
        let l = self.add(a, h);
        let r = self.add(b, h);
        // Canonical as it stands (above): interned without a walk over the nimber's options.
        Some(self.intern(vec![l], vec![r]))
    }
    /// `g` as `S + *p`: a NUS value `x + *p` (S = x), or `{a*p | b*p}` for numbers a > b, which is
    /// `{a|b} + *p` (the canonical form of the latter, by [`Games::switch_plus_nimber`]).
    fn nim_split(&mut self, g: GameId) -> Option<(GameId, Nim)> {
        if let Some(v) = self.nus(g) {
            return (v.ups == 0).then(|| (self.make_nus(Nus::number(v.num)), v.nim));
        }
        let (&[l], &[r]) = (&self.left_slice(g).to_vec()[..], &self.right_slice(g).to_vec()[..]) else {
            return None;
        };
        let (a, b) = (self.nus(l)?, self.nus(r)?);
        if a.ups != 0 || b.ups != 0 || a.nim != b.nim || a.num <= b.num {
            return None;
        }
        let (x, y) = (self.make_nus(Nus::number(a.num)), self.make_nus(Nus::number(b.num)));
        Some((self.intern(vec![x], vec![y]), a.nim))
    }

    /// `g + h` when one of them carries a nimber beyond [`MAX_NIM`] that [`Games::nim_split`] separates:
    /// `(S + *p) + (T + *q) = (S + T) + *(p xor q)`, so the large nimber's options are never walked.
    fn add_big_nim_parts(&mut self, g: GameId, h: GameId) -> Option<GameId> {
        let big = |s: &Games, x: GameId| s.nus(x).is_none_or(|v| v.nim > MAX_NIM);
        let (gs, p) = self.nim_split(g)?;
        let (hs, q) = self.nim_split(h)?;
        if !(p > MAX_NIM && big(self, g) || q > MAX_NIM && big(self, h)) {
            return None;
        }
        let core = self.add(gs, hs);
        let n = p ^ q;
        let star = self.nimber_of(n);
        Some(self.add(core, star))
    }

    /// `G(k, x) + y = G(k, x + y)` for a heated nimber and a number (see `heated.rs`), without listing options.
    fn heated_plus_number(&mut self, g: GameId, g_num: bool, h: GameId, h_num: bool) -> Option<GameId> {
        let (heat, y) = match (g_num, h_num) {
            (false, true) => (self.heated_record(g)?, self.number_value(h)?),
            (true, false) => (self.heated_record(h)?, self.number_value(g)?),
            _ => return None,
        };
        Some(match heat.x.checked_add(y) {
            Some(x) => self.heated_nimber(heat.k, heat.t, x),
            None => self.flag_overflow(),
        })
    }

    /// `g - h`.
    pub fn sub(&mut self, g: GameId, h: GameId) -> GameId {
        let nh = self.neg(h);
        self.add(g, nh)
    }
    /// `-g` (cached).
    pub fn neg(&mut self, g: GameId) -> GameId {
        let c = self.neg_cache[g.0 as usize];
        if c != NONE {
            return GameId(c);
        }
        let result = if let Some(v) = self.nus(g) {
            match (v.num.checked_neg(), v.ups.checked_neg()) {
                (Some(num), Some(ups)) => self.make_nus(Nus { num, ups, nim: v.nim }),
                _ => return self.flag_overflow(),
            }
        } else if let Some(h) = self.heated_record(g) {
            match h.x.checked_neg() {
                Some(x) => self.heated_nimber(h.k, h.t, x),
                None => return self.flag_overflow(),
            }
        } else {
            let mut l = Vec::with_capacity(self.num_right(g));
            for i in 0..self.num_right(g) {
                let o = self.right_at(g, i);
                l.push(self.neg(o));
            }
            let mut r = Vec::with_capacity(self.num_left(g));
            for i in 0..self.num_left(g) {
                let o = self.left_at(g, i);
                r.push(self.neg(o));
            }
            self.intern(l, r)
        };
        self.neg_cache[g.0 as usize] = result.0;
        self.neg_cache[result.0 as usize] = g.0;
        result
    }
    /// n copies of g (negative n: copies of -g).
    pub fn mul_int(&mut self, n: i64, g: GameId) -> GameId {
        if let Some(v) = self.nus(g) {
            return match (v.num.checked_mul_int(n), v.ups.checked_mul(n)) {
                (Some(num), Some(ups)) => {
                    self.make_nus(Nus { num, ups, nim: if n % 2 == 0 { Nim::ZERO } else { v.nim } })
                }
                _ => self.flag_overflow(),
            };
        }
        let mut base = if n < 0 { self.neg(g) } else { g };
        let mut k = n.unsigned_abs();
        let mut acc = self.zero();
        while k > 0 {
            if k & 1 == 1 {
                acc = self.add(acc, base);
            }
            k >>= 1;
            if k > 0 {
                base = self.add(base, base);
            }
        }
        acc
    }
    /// `n·g` for an integer `n` of any size (by doubling, so `O(log |n|)` sums).
    pub fn mul_integer(&mut self, n: Dyadic, g: GameId) -> GameId {
        debug_assert!(n.is_integer());
        if let Some(k) = n.to_int() {
            return self.mul_int(k, g);
        }
        if let Some(v) = self.nus(g) {
            if v.ups == 0 {
                let nim = if n.numerator_is_odd() { v.nim } else { Nim::ZERO };
                return self.make_nus(Nus { num: v.num * n, ups: 0, nim });
            }
            // |n|·ups is beyond MAX_UPS.
            return self.flag(GameError::UpsTooLarge);
        }
        let mut base = if n.signum() < 0 { self.neg(g) } else { g };
        let mag = n.abs().numerator_big();
        let mut acc = self.zero();
        for i in 0..mag.bits() {
            if mag.bit(i) {
                acc = self.add(acc, base);
            }
            if i + 1 < mag.bits() {
                base = self.add(base, base);
            }
        }
        acc
    }
    /// The ordinal sum `G : H` (depends on G's canonical form): `{GL, G:HL | GR, G:HR}`.
    pub fn ordinal_sum(&mut self, g: GameId, h: GameId) -> GameId {
        if let (Some(a), Some(b)) = (self.nus(g), self.nus(h)) {
            if a.ups == 0 && b.num.is_zero() && b.ups == 0 {
                return self.make_nus(Nus { num: a.num, ups: 0, nim: a.nim.plus(b.nim) });
            }
        }
        if h == self.zero() {
            return g;
        }
        if let Some(&s) = self.ordinal_cache.get(&(g, h)) {
            return s;
        }
        // The recursion descends the whole of `h` before it constructs anything (`Up(10^7)`: ten million
        // levels): poll on the way down too, for the budget, the stack and Ctrl-C.
        self.poll_interrupt();
        if let Some(n) = self.number_value(h).filter(|n| n.is_integer()) {
            return self.ordinal_sum_integer(g, n);
        }
        let mut l = self.left_slice(g).to_vec();
        let mut r = self.right_slice(g).to_vec();
        for i in 0..self.num_left(h) {
            let o = self.left_at(h, i);
            l.push(self.ordinal_sum(g, o));
        }
        for i in 0..self.num_right(h) {
            let o = self.right_at(h, i);
            r.push(self.ordinal_sum(g, o));
        }
        let result = self.new_game(&l, &r);
        crate::game::budget::check_growth(&self.ordinal_cache);
        self.ordinal_cache.insert((g, h), result);
        result
    }
    /// `G : n` for an integer `n != 0`, iteratively: `G : k = {GL, G:(k-1) | GR}` for `k > 0` (and
    /// `{GL | GR, G:(k+1)}` for `k < 0`). Beyond [`MAX_INT`] the chain is not built: the overflow flag is
    /// set with [`GameError::Limit`].
    fn ordinal_sum_integer(&mut self, g: GameId, n: Dyadic) -> GameId {
        let Some(n) = n.to_int().filter(|n| n.abs() <= MAX_INT) else {
            return self.flag(GameError::Limit(ORDINAL_SUM_LIMIT));
        };
        let (gl, gr) = (self.left_slice(g).to_vec(), self.right_slice(g).to_vec());
        let mut prev = g;
        for k in 1..=n.abs() {
            let hk = self.integer(k * n.signum());
            if let Some(&s) = self.ordinal_cache.get(&(g, hk)) {
                prev = s;
                continue;
            }
            let (mut l, mut r) = (gl.clone(), gr.clone());
            if n > 0 {
                l.push(prev);
            } else {
                r.push(prev);
            }
            prev = self.new_game(&l, &r);
            self.ordinal_cache.insert((g, hk), prev);
        }
        prev
    }
    /// `+-G` = `<G | -G>`.
    pub fn plus_minus(&mut self, g: GameId) -> GameId {
        let ng = self.neg(g);
        self.new_game(&[g], &[ng])
    }
    /// The left and right incentives of `g` together, undominated (CGSuite's `incentives`).
    pub(super) fn all_incentives(&mut self, g: GameId) -> Vec<GameId> {
        let mut v = Vec::new();
        for i in 0..self.num_left(g) {
            let o = self.left_at(g, i);
            v.push(self.sub(o, g));
        }
        for i in 0..self.num_right(g) {
            let o = self.right_at(g, i);
            v.push(self.sub(g, o));
        }
        v.sort_unstable();
        v.dedup();
        self.remove_dominated(&mut v, true);
        v
    }
    /// Norton's product `G.U` (`G.NortonProduct(U)`), for U > 0 (else `Err(NotPositive(u))`).
    pub fn norton_product(&mut self, g: GameId, u: GameId) -> Result<GameId, GameError> {
        let z = self.zero();
        if !(self.leq(z, u) && u != z) {
            return Err(GameError::NotPositive(u));
        }
        Ok(self.norton(g, u))
    }
    /// Norton's product for any unit, as CGSuite 2.2 computes it (no positivity check:
    /// `{0|1,2}.NortonProduct({|3/4})` is 0 there).
    pub fn norton_product_any(&mut self, g: GameId, u: GameId) -> GameId {
        self.norton(g, u)
    }
    pub(super) fn norton(&mut self, g: GameId, u: GameId) -> GameId {
        if let Some(n) = self.number_value(g).filter(|n| n.is_integer()) {
            return self.mul_integer(n, u);
        }
        if let Some(&s) = self.norton_cache.get(&(g, u)) {
            return s;
        }
        let inc = self.all_incentives(u);
        let plus: Vec<GameId> = inc.iter().map(|&i| self.add(u, i)).collect();
        let mut l = Vec::new();
        for i in 0..self.num_left(g) {
            let o = self.left_at(g, i);
            let p = self.norton(o, u);
            for &j in &plus {
                l.push(self.add(p, j));
            }
        }
        let mut r = Vec::new();
        for i in 0..self.num_right(g) {
            let o = self.right_at(g, i);
            let p = self.norton(o, u);
            for &j in &plus {
                r.push(self.sub(p, j));
            }
        }
        let result = self.new_game(&l, &r);
        crate::game::budget::check_growth(&self.norton_cache);
        self.norton_cache.insert((g, u), result);
        result
    }
    /// Conway's product `G·H` of the canonical forms (ONAG; CGSuite's `ConwayProduct`): the nim product
    /// on nimbers, the ordinary product on numbers, and in general
    /// `{GL·H + G·HL - GL·HL, GR·H + G·HR - GR·HR | GL·H + G·HR - GL·HR, GR·H + G·HL - GR·HL}`.
    /// It depends on the forms, not only the values, so it is taken of canonical forms (cached).
    pub fn conway_product(&mut self, g: GameId, h: GameId) -> GameId {
        if let (Some(a), Some(b)) = (self.nimber_value(g), self.nimber_value(h)) {
            return self.nimber(nim_product(a, b));
        }
        if let (Some(a), Some(b)) = (self.nim_value(g), self.nim_value(h)) {
            let p = crate::game::number::nimfield::nim_product(&a.to_big(), &b.to_big());
            return self.nimber_of(Nim::from_big(&p));
        }
        // The product of two numbers is their ordinary product (ONAG ch. 1), whatever their size.
        if let (Some(a), Some(b)) = (self.number_value(g), self.number_value(h)) {
            return self.number(a * b);
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&r) = self.conway_cache.get(&key) {
            return r;
        }
        let beyond = |d: Option<Dyadic>| d.is_some_and(|d| d.abs() > Dyadic::from_int(MAX_INT));
        if beyond(self.number_value(g)) || beyond(self.number_value(h)) {
            return self.flag(GameError::Limit(CONWAY_PRODUCT_LIMIT));
        }
        self.poll_interrupt();
        let (gl, gr) = (self.left_slice(g).to_vec(), self.right_slice(g).to_vec());
        let (hl, hr) = (self.left_slice(h).to_vec(), self.right_slice(h).to_vec());
        // One term GX·H + G·HY - GX·HY of the product's options.
        let term = |gs: &mut Games, x: GameId, y: GameId| {
            let a = gs.conway_product(x, h);
            let b = gs.conway_product(g, y);
            let c = gs.conway_product(x, y);
            let ab = gs.add(a, b);
            gs.sub(ab, c)
        };
        let mut left = Vec::with_capacity(gl.len() * hl.len() + gr.len() * hr.len());
        let mut right = Vec::with_capacity(gl.len() * hr.len() + gr.len() * hl.len());
        for (xs, ys, to_left) in [(&gl, &hl, true), (&gr, &hr, true), (&gl, &hr, false), (&gr, &hl, false)] {
            for &x in xs {
                for &y in ys {
                    let t = term(self, x, y);
                    if to_left {
                        left.push(t)
                    } else {
                        right.push(t)
                    }
                }
            }
        }
        let result = self.new_game(&left, &right);
        crate::game::budget::check_growth(&self.conway_cache);
        self.conway_cache.insert(key, result);
        result
    }

    // ------------------------------------------------------------------------------------------------
}

/// The nim product of `a` and `b` (Conway's multiplication of nimbers).
pub fn nim_product(a: u64, b: u64) -> u64 {
    pub(super) fn go(a: u64, b: u64, bits: u32) -> u64 {
        if a < 2 || b < 2 {
            return a * b;
        }
        let half = bits / 2;
        let mask = (1u64 << half) - 1;
        let (a1, a0) = (a >> half, a & mask);
        let (b1, b0) = (b >> half, b & mask);
        let hh = go(a1, b1, half);
        let hi = hh ^ go(a1, b0, half) ^ go(a0, b1, half);
        let lo = go(a0, b0, half) ^ go(hh, 1u64 << (half - 1), half);
        (hi << half) | lo
    }
    let m = a.max(b);
    let mut bits = 64;
    while bits > 1 && m >> (bits / 2) == 0 {
        bits /= 2;
    }
    go(a, b, bits)
}

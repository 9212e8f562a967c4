//! Construction: canonical forms by dedupe, dominated options, reversible bypass, NUS detection.

use super::*;

impl Games {
    // Construction

    /// 0.
    pub fn zero(&self) -> GameId {
        GameId(0)
    }
    /// The integer `n` (overflow flag beyond [`MAX_INT`]).
    pub fn integer(&mut self, n: i64) -> GameId {
        self.number(Dyadic::from_int(n))
    }
    /// The number `d` (overflow flag beyond [`MAX_INT`]).
    pub fn number(&mut self, d: Dyadic) -> GameId {
        self.make_nus(Nus::number(d))
    }
    /// The nimber `*n`.
    pub fn nimber(&mut self, n: u64) -> GameId {
        self.nimber_of(Nim::from(n))
    }
    /// The nimber `*n` for `n` of any size (its options are listed on demand; see [`MAX_LISTED_NIM`]).
    pub fn nimber_of(&mut self, n: Nim) -> GameId {
        self.make_nus(Nus { num: Dyadic::ZERO, ups: 0, nim: n })
    }
    /// number + ups·↑ + *nim (overflow flag with `UpsTooLarge` beyond [`MAX_UPS`]).
    pub fn uptimal(&mut self, number: Dyadic, ups: i64, nim: u64) -> GameId {
        self.uptimal_nim(number, ups, Nim::from(nim))
    }
    /// number + ups·↑ + *nim for a nim value of any size.
    pub fn uptimal_nim(&mut self, number: Dyadic, ups: i64, nim: Nim) -> GameId {
        self.make_nus(Nus { num: number, ups, nim })
    }
    /// `*`.
    pub fn star(&mut self) -> GameId {
        self.nimber(1)
    }
    /// `↑`.
    pub fn up(&mut self) -> GameId {
        self.uptimal(Dyadic::ZERO, 1, 0)
    }

    /// The canonical form of `<left | right>`.
    pub fn new_game(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        self.new_game_owned(left.to_vec(), right.to_vec())
    }

    /// [`Games::new_game`] of option lists handed over (sorted and deduplicated in place: no copies).
    pub fn new_game_owned(&mut self, mut left: Vec<GameId>, mut right: Vec<GameId>) -> GameId {
        self.poll_interrupt();
        for v in [&mut left, &mut right] {
            v.sort_unstable();
            v.dedup();
        }
        self.reduce(left, &[], right, &[], false)
    }

    /// The canonical form of the sum `G + H` of two canonical non-numbers from its options: `left` is
    /// `G^L + H` for every `G^L` and then `G + H^L` for every `H^L`, the first `left_split` of them being of
    /// the first kind; `right` likewise. Two options of one kind never dominate each other
    /// (`G^L1 + H <= G^L2 + H` iff `G^L1 <= G^L2`, which cannot hold for two Left options of a canonical
    /// `G`), so those pairs are not compared.
    pub(super) fn new_sum_game(
        &mut self,
        left: &[GameId],
        left_split: usize,
        right: &[GameId],
        right_split: usize,
    ) -> GameId {
        self.canonicalise(left, Some(left_split), right, Some(right_split))
    }

    fn canonicalise(&mut self, left: &[GameId], ls: Option<usize>, right: &[GameId], rs: Option<usize>) -> GameId {
        self.poll_interrupt();
        // Each option with the kinds it belongs to (bit 0: the first kind, bit 1: the second; 0 for a
        // plain game): options sharing a kind are known not to dominate each other.
        let tagged = |opts: &[GameId], split: Option<usize>| -> Vec<(GameId, u8)> {
            let mut v: Vec<(GameId, u8)> =
                opts.iter().enumerate().map(|(i, &o)| (o, split.map_or(0, |s| if i < s { 1 } else { 2 }))).collect();
            v.sort_unstable();
            // Equal options (G^L1 + H = G + H^L1) merge, belonging to both kinds.
            v.dedup_by(|b, a| {
                let same = a.0 == b.0;
                if same {
                    a.1 |= b.1;
                }
                same
            });
            v
        };
        let (tl, tr) = (tagged(left, ls), tagged(right, rs));
        let l = tl.iter().map(|p| p.0).collect();
        let r = tr.iter().map(|p| p.0).collect();
        self.reduce(l, &tl, r, &tr, ls.is_some())
    }

    /// The canonical form of `<l | r>` from its sorted, distinct options; with `tagged`, `tl` and `tr` give each
    /// option's kinds ([`Games::new_sum_game`]).
    fn reduce(
        &mut self,
        mut l: Vec<GameId>,
        tl: &[(GameId, u8)],
        mut r: Vec<GameId>,
        tr: &[(GameId, u8)],
        tagged: bool,
    ) -> GameId {
        if let Some(g) = self.number_shortcut(&l, &r) {
            return g;
        }
        if let (Some(a), Some(b)) = (self.mex_of_nimbers(&l), self.mex_of_nimbers(&r)) {
            if a == b {
                return self.nimber(a);
            }
        }
        // Dominated options first: removing one leaves the value of the game, hence the reversibility of
        // every other option, unchanged, and each reversibility test below compares with the whole option
        // lists. Bypassing a reversible option can bring in new dominated options (and new options that
        // are themselves reversible, which the bypass loops test in turn), so the lists that changed are
        // pruned again. The result has neither dominated nor reversible options, so it is the canonical
        // form (unique), the same as in the other order.
        if tagged {
            self.remove_dominated_tagged(tl, &mut l, true);
            self.remove_dominated_tagged(tr, &mut r, false);
        } else {
            self.remove_dominated(&mut l, true);
            self.remove_dominated(&mut r, false);
        }
        if self.bypass_reversible_left(&mut l, &r) {
            self.remove_dominated(&mut l, true);
        }
        if self.bypass_reversible_right(&l, &mut r) {
            self.remove_dominated(&mut r, false);
        }
        if let Some(g) = self.number_shortcut(&l, &r) {
            return g;
        }
        self.intern(l, r)
    }

    /// If every option is a number: the canonical game (simplest number, or a switch `{a|b}` / `x*`).
    pub(super) fn number_shortcut(&mut self, l: &[GameId], r: &[GameId]) -> Option<GameId> {
        let mut a: Option<Dyadic> = None;
        for &o in l {
            let x = self.number_value(o)?;
            a = Some(a.map_or(x, |y| y.max(x)));
        }
        let mut b: Option<Dyadic> = None;
        for &o in r {
            let x = self.number_value(o)?;
            b = Some(b.map_or(x, |y| y.min(x)));
        }
        if let (Some(x), Some(y)) = (a, b) {
            if x >= y {
                let (gl, gr) = (self.number(x), self.number(y));
                return Some(self.intern(vec![gl], vec![gr]));
            }
        }
        Some(match Dyadic::simplest_between(a, b) {
            Some(d) => self.number(d),
            None => self.flag_overflow(),
        })
    }

    /// The mex of a list of nimbers, or `None` if some option is not a nimber.
    pub(super) fn mex_of_nimbers(&self, opts: &[GameId]) -> Option<u64> {
        // The values below 128 as bits: the mex is the first one missing, unless all 128 are there (then the
        // sorted values decide). No allocation for the common case.
        let mut low = 0u128;
        for &o in opts {
            let v = self.nim_value(o)?.to_u64().unwrap_or(u64::MAX);
            if v < 128 {
                low |= 1 << v;
            }
        }
        if low != u128::MAX {
            return Some(u64::from((!low).trailing_zeros()));
        }
        let mut vals = Vec::with_capacity(opts.len());
        for &o in opts {
            // A nim value beyond u64 is above the mex of at most u64::MAX values.
            vals.push(self.nim_value(o)?.to_u64().unwrap_or(u64::MAX));
        }
        vals.sort_unstable();
        let mut mex = 0;
        for v in vals {
            if v == mex {
                mex += 1;
            } else if v > mex {
                break;
            }
        }
        Some(mex)
    }

    /// Replaces each reversible Left option by the Left options of its reversing option; whether any was.
    pub(super) fn bypass_reversible_left(&mut self, l: &mut Vec<GameId>, r: &[GameId]) -> bool {
        let mut changed = false;
        // Whether an option's option is <= the game being built: options share their options (the nimbers
        // below *n are options of every *k, k <= n), so each is compared once until a reversal changes `l`.
        let mut memo: std::collections::HashMap<GameId, bool> = std::collections::HashMap::new();
        let mut i = 0;
        while i < l.len() {
            let gl = l[i];
            let mut reversed = None;
            for j in 0..self.num_right(gl) {
                let glr = self.right_at(gl, j);
                let below = match memo.get(&glr) {
                    Some(&b) => b,
                    None => {
                        let b = self.leq_arrays(glr, l, r);
                        memo.insert(glr, b);
                        b
                    }
                };
                if below {
                    reversed = Some(glr);
                    break;
                }
            }
            match reversed {
                Some(glr) => {
                    changed = true;
                    memo.clear();
                    l.swap_remove(i);
                    for k in 0..self.num_left(glr) {
                        let o = self.left_at(glr, k);
                        if !l.contains(&o) {
                            l.push(o);
                        }
                    }
                }
                None => i += 1,
            }
        }
        changed
    }

    /// Replaces each reversible Right option by the Right options of its reversing option; whether any was.
    pub(super) fn bypass_reversible_right(&mut self, l: &[GameId], r: &mut Vec<GameId>) -> bool {
        let mut changed = false;
        let mut memo: std::collections::HashMap<GameId, bool> = std::collections::HashMap::new();
        let mut i = 0;
        while i < r.len() {
            let gr = r[i];
            let mut reversed = None;
            for j in 0..self.num_left(gr) {
                let grl = self.left_at(gr, j);
                let below = match memo.get(&grl) {
                    Some(&b) => b,
                    None => {
                        let b = self.geq_arrays(grl, l, r);
                        memo.insert(grl, b);
                        b
                    }
                };
                if below {
                    reversed = Some(grl);
                    break;
                }
            }
            match reversed {
                Some(grl) => {
                    changed = true;
                    memo.clear();
                    r.swap_remove(i);
                    for k in 0..self.num_right(grl) {
                        let o = self.right_at(grl, k);
                        if !r.contains(&o) {
                            r.push(o);
                        }
                    }
                }
                None => i += 1,
            }
        }
        changed
    }

    /// Removes options dominated by another (for Left: smaller ones; for Right: larger ones).
    pub(super) fn remove_dominated(&mut self, opts: &mut Vec<GameId>, left: bool) {
        if opts.len() < 2 {
            return;
        }
        let n = opts.len();
        let mut keep = vec![true; n];
        for i in 0..n {
            for j in 0..n {
                if i == j || !keep[j] {
                    continue;
                }
                let dominated = if left { self.leq(opts[i], opts[j]) } else { self.leq(opts[j], opts[i]) };
                if dominated {
                    keep[i] = false;
                    break;
                }
            }
        }
        let mut k = 0;
        opts.retain(|_| {
            k += 1;
            keep[k - 1]
        });
    }

    /// [`Games::remove_dominated`] on `tagged` (sorted options with their kinds, see
    /// [`Games::new_sum_game`]), skipping pairs that share a kind; `opts` receives the kept options.
    fn remove_dominated_tagged(&mut self, tagged: &[(GameId, u8)], opts: &mut Vec<GameId>, left: bool) {
        let n = tagged.len();
        let mut keep = vec![true; n];
        for i in 0..n {
            for j in 0..n {
                if i == j || !keep[j] || tagged[i].1 & tagged[j].1 != 0 {
                    continue;
                }
                let (a, b) = (tagged[i].0, tagged[j].0);
                if if left { self.leq(a, b) } else { self.leq(b, a) } {
                    keep[i] = false;
                    break;
                }
            }
        }
        opts.clear();
        opts.extend(tagged.iter().zip(&keep).filter(|(_, &k)| k).map(|(p, _)| p.0));
    }

    /// `x <= {l | r}`.
    pub(super) fn leq_arrays(&mut self, x: GameId, l: &[GameId], r: &[GameId]) -> bool {
        for &gr in r {
            if self.leq(gr, x) {
                return false;
            }
        }
        for i in 0..self.num_left(x) {
            let xl = self.left_at(x, i);
            if self.geq_arrays(xl, l, r) {
                return false;
            }
        }
        true
    }

    /// `y >= {l | r}`.
    pub(super) fn geq_arrays(&mut self, y: GameId, l: &[GameId], r: &[GameId]) -> bool {
        for &gl in l {
            if self.leq(y, gl) {
                return false;
            }
        }
        for i in 0..self.num_right(y) {
            let yr = self.right_at(y, i);
            if self.leq_arrays(yr, l, r) {
                return false;
            }
        }
        true
    }

    /// ↑ⁿ (`^.Pow(n)`, printed `^<n>`).
    pub fn up_pow(&mut self, n: u32) -> GameId {
        debug_assert!(n >= 1, "up-nth is defined for n >= 1");
        let up = self.up();
        let n = Dyadic::from_int(i64::from(n.max(1)));
        self.pow(up, n).unwrap_or_else(|_| unreachable!("↑ is of the form {{0|H}} and n >= 1"))
    }
    /// ↑^[n] (`^.PowTo(n)`, printed `^[n]`).
    pub fn up_pow_to(&mut self, n: u32) -> GameId {
        let up = self.up();
        self.pow_to(up, Dyadic::from_int(i64::from(n))).unwrap_or_else(|_| unreachable!("n >= 0"))
    }

    /// `G.Pow(x)` for `G = {0|H}` (CGSuite): `{0 | H - G.PowTo(x - 1)}`, so `^.Pow(n)` is ↑ⁿ.
    /// Errors with `InvalidPowBase` if G is not of the form `{0|H}`, and with `InvalidExponent` if
    /// `x < 1` (CGSuite also refuses `Pow(0)`).
    pub fn pow(&mut self, g: GameId, x: Dyadic) -> Result<GameId, GameError> {
        let h = if self.num_left(g) == 1 && self.left_at(g, 0) == self.zero() && self.num_right(g) == 1 {
            self.right_at(g, 0)
        } else {
            return Err(GameError::InvalidPowBase(g));
        };
        if x < Dyadic::ONE {
            return Err(GameError::InvalidExponent(x, Dyadic::ONE));
        }
        let p = self.pow_to(g, x - Dyadic::ONE)?;
        let hr = self.sub(h, p);
        let z = self.zero();
        Ok(self.new_game(&[z], &[hr]))
    }
    /// `G.PowTo(x)` (CGSuite): 0 for `x = 0`, else the ordinal sum `G : blowup(x)`, where the blowup of
    /// an integer n is n - 1 ([`number::blowup`]); so `^.PowTo(n)` is ↑^[n] = `{↑^[n-1] | *}` and any
    /// base works: `(+-1).PowTo(3)` = `<1,<1,+-1|-1>|-1>`. `InvalidExponent` for `x < 0`.
    pub fn pow_to(&mut self, g: GameId, x: Dyadic) -> Result<GameId, GameError> {
        if x.is_zero() {
            return Ok(self.zero());
        }
        if x < Dyadic::ZERO {
            return Err(GameError::InvalidExponent(x, Dyadic::ZERO));
        }
        // (blowup is defined for every x > 0.)
        let b = crate::game::number::blowup(x).ok_or(GameError::InvalidExponent(x, Dyadic::ZERO))?;
        let bg = self.number(b);
        Ok(self.ordinal_sum(g, bg))
    }
    /// `Tiny(G)` = `<0 || 0 | -G>`.
    pub fn tiny(&mut self, g: GameId) -> GameId {
        let z = self.zero();
        let ng = self.neg(g);
        let inner = self.new_game(&[z], &[ng]);
        self.new_game(&[z], &[inner])
    }
    /// `Miny(G)` = `<G | 0 || 0>`.
    pub fn miny(&mut self, g: GameId) -> GameId {
        let t = self.tiny(g);
        self.neg(t)
    }

    // ------------------------------------------------------------------------------------------------
}

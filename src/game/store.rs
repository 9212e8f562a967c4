//! The arena of canonical games (hash-consing), construction, arithmetic, comparison, options and classification.
//!
//! # Design
//! Every game in [`Games`] is in canonical form and is stored once: a [`GameId`] indexes `nodes`, whose
//! left and right options are each a contiguous, id-sorted run of `opts`. `by_opts` maps the option
//! lists of a general game to its id and `by_nus` maps a NUS value to its id, so constructing a game
//! that already exists returns the existing id, and equal games always have equal ids. (The nimbers
//! `x+*1 … x+*m` built together share one run `[x, x*, …, x*(m-1)]`, so `*m` costs O(m) memory.)
//!
//! Numbers, nimbers and number + ups + star values ("NUS", `x + n·↑ + *m`) carry a compact [`Nus`] record
//! as well: arithmetic and comparison on them never look at options. Their options are nevertheless
//! materialised when the record is created (CGSuite does the same), so every id has options and all
//! generic algorithms work on every id. Invariants:
//! - a value that is a NUS is only ever stored with its record (`intern` detects NUS option patterns
//!   with `detect_nus`, so NUS nodes need no `by_opts` entry);
//! - the options of every node are canonical ids and are sorted by id;
//! - options are materialised eagerly, so NUS values are bounded (see [`MAX_INT`], [`MAX_NIM`],
//!   [`MAX_UPS`]); going beyond a bound, or beyond the range of [`Dyadic`], sets the overflow flag
//!   (see [`Games::check_overflow`]) instead of panicking or answering wrongly without notice.
//!
//! Canonicalisation (`new_game`) follows CGSuite: dedupe; all-number and all-nimber shortcuts; bypass
//! reversible options (checked against the game being built, via `leq_arrays`/`geq_arrays`); drop
//! dominated options; detect NUS patterns. Sums use number translation (`G + x` adds `x` to each option
//! of a non-number `G`, which keeps canonical form) and NUS arithmetic; sums, negatives, `leq`, birthdays
//! and stops are cached.

use super::{Dyadic, GameError};
use rustc_hash::FxHashMap;

/// A canonical game: an index into [`Games`]. Equal games have equal ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub u32);

/// Outcome class under normal play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Left wins.
    L,
    /// Right wins.
    R,
    /// The first player wins.
    N,
    /// The second player wins.
    P,
}

/// The result of comparing two games in the partial order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cmp {
    /// G < H.
    Less,
    /// G = H.
    Equal,
    /// G > H.
    Greater,
    /// G || H.
    Confused,
}

/// The panic payload of an interrupted engine operation (see [`Games::set_interrupt`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted;

/// Largest magnitude of the integer part of a number stored as a game (its options form a chain).
pub const MAX_INT: i64 = 1 << 20;
/// Largest nimber stored as a game (CGSuite's limit: `*m` has `m` options per side).
pub const MAX_NIM: u64 = 16383;
/// Largest magnitude of an up multiple stored as a game.
pub const MAX_UPS: i64 = 1 << 20;

/// The compact record of a number + ups + star value `num + ups·↑ + *nim`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Nus {
    pub(crate) num: Dyadic,
    pub(crate) ups: i64,
    pub(crate) nim: u64,
}

impl Nus {
    fn number(num: Dyadic) -> Nus {
        Nus { num, ups: 0, nim: 0 }
    }
}

#[derive(Clone, Copy, Debug)]
struct Node {
    lstart: u32,
    nl: u32,
    rstart: u32,
    nr: u32,
    nus: Option<Nus>,
}

const NONE: u32 = u32::MAX;

/// A game's (left, right) options in the deterministic printing order.
pub(crate) type SortedOptions = (std::sync::Arc<[GameId]>, std::sync::Arc<[GameId]>);

/// The arena of canonical games.
#[derive(Clone)]
pub struct Games {
    nodes: Vec<Node>,
    opts: Vec<GameId>,
    by_opts: FxHashMap<Box<[u32]>, GameId>,
    by_nus: FxHashMap<Nus, GameId>,
    neg_cache: Vec<u32>,
    birthday_cache: Vec<u32>,
    add_cache: FxHashMap<(GameId, GameId), GameId>,
    leq_cache: FxHashMap<(GameId, GameId), bool>,
    stops_cache: FxHashMap<GameId, (Dyadic, Dyadic)>,
    ordinal_cache: FxHashMap<(GameId, GameId), GameId>,
    conway_cache: FxHashMap<(GameId, GameId), GameId>,
    norton_cache: FxHashMap<(GameId, GameId), GameId>,
    misere_cache: FxHashMap<GameId, (bool, bool)>,
    stop_count_cache: FxHashMap<GameId, u128>,
    pub(crate) uptimal_cache: FxHashMap<GameId, Option<super::uptimal::UptimalExpansion>>,
    /// Options in the deterministic printing order (left, right), per game.
    pub(crate) sorted_cache: FxHashMap<GameId, SortedOptions>,
    /// Thermographs and related values, per game (see thermo.rs).
    pub(crate) thermo: super::thermo::ThermoCache,
    interrupt: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    overflow: bool,
}

impl std::fmt::Debug for Games {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Games({} games)", self.nodes.len())
    }
}

impl Default for Games {
    fn default() -> Games {
        Games::new()
    }
}

impl Games {
    /// A fresh arena containing `0` (always id 0).
    pub fn new() -> Games {
        let mut g = Games {
            nodes: Vec::new(),
            opts: Vec::new(),
            by_opts: FxHashMap::default(),
            by_nus: FxHashMap::default(),
            neg_cache: Vec::new(),
            birthday_cache: Vec::new(),
            add_cache: FxHashMap::default(),
            leq_cache: FxHashMap::default(),
            stops_cache: FxHashMap::default(),
            ordinal_cache: FxHashMap::default(),
            conway_cache: FxHashMap::default(),
            norton_cache: FxHashMap::default(),
            misere_cache: FxHashMap::default(),
            stop_count_cache: FxHashMap::default(),
            uptimal_cache: FxHashMap::default(),
            sorted_cache: FxHashMap::default(),
            thermo: super::thermo::ThermoCache::new(),
            interrupt: None,
            overflow: false,
        };
        let z = g.push_node(&[], &[], Some(Nus::number(Dyadic::ZERO)));
        debug_assert_eq!(z, GameId(0));
        g
    }

    /// Number of games stored so far.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the arena is empty (never: it always holds 0).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    // ------------------------------------------------------------------------------------------------
    // Overflow reporting

    /// Whether some operation since the last [`Games::check_overflow`] left the engine's exact range
    /// (a [`Dyadic`] overflow, or a NUS value beyond [`MAX_INT`], [`MAX_NIM`], [`MAX_UPS`]). The result
    /// of such an operation is a valid game but not the right answer.
    pub fn overflowed(&self) -> bool {
        self.overflow
    }

    /// `Err(GameError::Overflow)` if an operation overflowed since the last call (and clears the flag).
    /// The interpreter calls this after each engine operation it performs.
    pub fn check_overflow(&mut self) -> Result<(), GameError> {
        if std::mem::take(&mut self.overflow) {
            Err(GameError::Overflow)
        } else {
            Ok(())
        }
    }

    fn flag_overflow(&mut self) -> GameId {
        self.overflow = true;
        self.zero()
    }

    /// Installs (or removes) an interrupt flag. While it is set, the next comparison or sum inside the
    /// engine unwinds with `std::panic::panic_any(Interrupted)`; the caller catches that with
    /// `std::panic::catch_unwind` and downcasts the payload to [`Interrupted`]. The arena stays
    /// consistent: nodes and cache entries are only written once complete.
    pub fn set_interrupt(&mut self, flag: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>) {
        self.interrupt = flag;
    }

    #[inline]
    fn poll_interrupt(&self) {
        if let Some(f) = &self.interrupt {
            if f.load(std::sync::atomic::Ordering::Relaxed) {
                std::panic::panic_any(Interrupted);
            }
        }
    }

    /// Runs `f` and turns an overflow inside it into `Err(GameError::Overflow)`.
    pub fn checked<T>(&mut self, f: impl FnOnce(&mut Games) -> T) -> Result<T, GameError> {
        let before = std::mem::take(&mut self.overflow);
        let r = f(self);
        let over = self.overflow;
        self.overflow = before;
        if over {
            Err(GameError::Overflow)
        } else {
            Ok(r)
        }
    }

    /// `g + h`, or `Err(Overflow)`.
    pub fn try_add(&mut self, g: GameId, h: GameId) -> Result<GameId, GameError> {
        self.checked(|s| s.add(g, h))
    }
    /// `g - h`, or `Err(Overflow)`.
    pub fn try_sub(&mut self, g: GameId, h: GameId) -> Result<GameId, GameError> {
        self.checked(|s| s.sub(g, h))
    }
    /// `-g`, or `Err(Overflow)`.
    pub fn try_neg(&mut self, g: GameId) -> Result<GameId, GameError> {
        self.checked(|s| s.neg(g))
    }
    /// `n·g`, or `Err(Overflow)`.
    pub fn try_mul_int(&mut self, n: i64, g: GameId) -> Result<GameId, GameError> {
        self.checked(|s| s.mul_int(n, g))
    }
    /// `<left | right>`, or `Err(Overflow)`.
    pub fn try_new_game(&mut self, left: &[GameId], right: &[GameId]) -> Result<GameId, GameError> {
        self.checked(|s| s.new_game(left, right))
    }
    /// The number `d` as a game, or `Err(Overflow)` beyond [`MAX_INT`].
    pub fn try_number(&mut self, d: Dyadic) -> Result<GameId, GameError> {
        self.checked(|s| s.number(d))
    }
    /// `number + ups·↑ + *nim`, or `Err(Overflow)` beyond the NUS bounds.
    pub fn try_uptimal(&mut self, number: Dyadic, ups: i64, nim: u64) -> Result<GameId, GameError> {
        self.checked(|s| s.uptimal(number, ups, nim))
    }

    // ------------------------------------------------------------------------------------------------
    // Raw storage

    fn node(&self, g: GameId) -> &Node {
        &self.nodes[g.0 as usize]
    }

    pub(crate) fn nus(&self, g: GameId) -> Option<Nus> {
        self.node(g).nus
    }

    /// The left options of `g` as a slice (sorted by id).
    pub fn left_slice(&self, g: GameId) -> &[GameId] {
        let n = self.node(g);
        &self.opts[n.lstart as usize..(n.lstart + n.nl) as usize]
    }

    /// The right options of `g` as a slice (sorted by id).
    pub fn right_slice(&self, g: GameId) -> &[GameId] {
        let n = self.node(g);
        &self.opts[n.rstart as usize..(n.rstart + n.nr) as usize]
    }

    fn num_left(&self, g: GameId) -> usize {
        self.node(g).nl as usize
    }

    fn num_right(&self, g: GameId) -> usize {
        self.node(g).nr as usize
    }

    fn left_at(&self, g: GameId, i: usize) -> GameId {
        self.opts[self.node(g).lstart as usize + i]
    }

    fn right_at(&self, g: GameId, i: usize) -> GameId {
        let n = self.node(g);
        self.opts[n.rstart as usize + i]
    }

    /// Option `i` of `g`, counting the left options first, then the right ones.
    fn option_at(&self, g: GameId, i: usize) -> GameId {
        let nl = self.num_left(g);
        if i < nl {
            self.left_at(g, i)
        } else {
            self.right_at(g, i - nl)
        }
    }

    fn key(l: &[GameId], r: &[GameId]) -> Box<[u32]> {
        let mut k = Vec::with_capacity(1 + l.len() + r.len());
        k.push(l.len() as u32);
        k.extend(l.iter().map(|g| g.0));
        k.extend(r.iter().map(|g| g.0));
        k.into_boxed_slice()
    }

    /// Appends a node with the given sorted options; registers it in the maps. NUS nodes are only
    /// registered by value: `intern` finds them through `detect_nus`.
    fn push_node(&mut self, l: &[GameId], r: &[GameId], nus: Option<Nus>) -> GameId {
        let lstart = self.opts.len() as u32;
        self.opts.extend_from_slice(l);
        let rstart = self.opts.len() as u32;
        self.opts.extend_from_slice(r);
        let id = self.push_record(lstart, l.len(), rstart, r.len(), nus);
        if nus.is_none() {
            self.by_opts.insert(Games::key(l, r), id);
        }
        id
    }

    fn push_record(&mut self, lstart: u32, nl: usize, rstart: u32, nr: usize, nus: Option<Nus>) -> GameId {
        let id = GameId(self.nodes.len() as u32);
        self.nodes.push(Node { lstart, nl: nl as u32, rstart, nr: nr as u32, nus });
        self.neg_cache.push(NONE);
        self.birthday_cache.push(NONE);
        if let Some(v) = nus {
            self.by_nus.insert(v, id);
        }
        id
    }

    /// The id of a game whose options are already canonical (no dominated or reversible options).
    fn intern(&mut self, mut l: Vec<GameId>, mut r: Vec<GameId>) -> GameId {
        l.sort_unstable();
        r.sort_unstable();
        if let Some(&id) = self.by_opts.get(&Games::key(&l, &r)) {
            return id;
        }
        if let Some(v) = self.detect_nus(&l, &r) {
            let id = self.make_nus(v);
            debug_assert!(self.left_slice(id) == &l[..] && self.right_slice(id) == &r[..]);
            return id;
        }
        self.push_node(&l, &r, None)
    }

    /// If canonical options `l`, `r` are those of a NUS value, that value.
    fn detect_nus(&self, l: &[GameId], r: &[GameId]) -> Option<Nus> {
        let num = |g: GameId| self.number_value(g);
        match (l.len(), r.len()) {
            (0, 0) => return Some(Nus::number(Dyadic::ZERO)),
            (0, 1) => return num(r[0]).and_then(|y| y.checked_sub(Dyadic::ONE)).map(Nus::number),
            (1, 0) => return num(l[0]).and_then(|y| y.checked_add(Dyadic::ONE)).map(Nus::number),
            _ => {}
        }
        if l.len() == 1 && r.len() == 1 {
            let (a, b) = (self.nus(l[0])?, self.nus(r[0])?);
            let a_num = a.ups == 0 && a.nim == 0;
            let b_num = b.ups == 0 && b.nim == 0;
            if a_num && b_num && a.num < b.num {
                return a.num.checked_mean(b.num).map(Nus::number);
            }
            if a_num && !b_num && a.num == b.num && b.ups >= 0 {
                return Some(Nus { num: a.num, ups: b.ups + 1, nim: b.nim ^ 1 });
            }
            if b_num && !a_num && a.num == b.num && a.ups <= 0 {
                return Some(Nus { num: a.num, ups: a.ups - 1, nim: a.nim ^ 1 });
            }
        }
        // x↑* = {x, x* | x} and x↓* = {x | x, x*}.
        let up_star = |two: &[GameId], one: &[GameId]| -> Option<Dyadic> {
            if two.len() != 2 || one.len() != 1 {
                return None;
            }
            let x = self.nus(one[0])?;
            if x.ups != 0 || x.nim != 0 {
                return None;
            }
            let (p, q) = (self.nus(two[0])?, self.nus(two[1])?);
            let star = Nus { num: x.num, ups: 0, nim: 1 };
            ((p == x && q == star) || (q == x && p == star)).then_some(x.num)
        };
        if let Some(x) = up_star(l, r) {
            return Some(Nus { num: x, ups: 1, nim: 1 });
        }
        if let Some(x) = up_star(r, l) {
            return Some(Nus { num: x, ups: -1, nim: 1 });
        }
        // x + *m = {x, x*, …, x*(m-1) | same}.
        if !l.is_empty() && l == r {
            let m = l.len() as u64;
            let x = self.nus(l[0])?.num;
            let mut seen = vec![false; l.len()];
            for &o in l {
                let v = self.nus(o)?;
                if v.num != x || v.ups != 0 || v.nim >= m || seen[v.nim as usize] {
                    return None;
                }
                seen[v.nim as usize] = true;
            }
            return Some(Nus { num: x, ups: 0, nim: m });
        }
        None
    }

    fn lookup_nus(&self, v: Nus) -> Option<GameId> {
        self.by_nus.get(&v).copied()
    }

    /// The id of a NUS value, building it (and the NUS values below it) as needed.
    fn make_nus(&mut self, v: Nus) -> GameId {
        if let Some(id) = self.lookup_nus(v) {
            return id;
        }
        if v.ups.abs() > MAX_UPS || v.nim > MAX_NIM || v.num.floor().abs() >= MAX_INT {
            return self.flag_overflow();
        }
        if v.ups != 0 {
            self.make_ups(v)
        } else if v.nim != 0 {
            self.make_nimber(v.num, v.nim)
        } else {
            self.make_number(v.num)
        }
    }

    fn make_number(&mut self, x: Dyadic) -> GameId {
        if let Some(id) = self.lookup_nus(Nus::number(x)) {
            return id;
        }
        if x.is_integer() {
            let n = x.numerator();
            let s = n.signum();
            let mut k = n;
            let mut prev = loop {
                if let Some(id) = self.lookup_nus(Nus::number(Dyadic::from_int(k))) {
                    break id;
                }
                k -= s;
            };
            while k != n {
                k += s;
                let v = Nus::number(Dyadic::from_int(k));
                prev =
                    if s > 0 { self.push_node(&[prev], &[], Some(v)) } else { self.push_node(&[], &[prev], Some(v)) };
            }
            prev
        } else {
            let step = Dyadic::new(1, x.exp());
            let (Some(lo), Some(hi)) = (x.checked_sub(step), x.checked_add(step)) else {
                return self.flag_overflow();
            };
            let l = self.make_number(lo);
            let r = self.make_number(hi);
            self.push_node(&[l], &[r], Some(Nus::number(x)))
        }
    }

    fn make_nimber(&mut self, x: Dyadic, m: u64) -> GameId {
        let base = self.make_number(x);
        let mut ids = vec![base];
        let mut k = 1;
        while k <= m {
            match self.lookup_nus(Nus { num: x, ups: 0, nim: k }) {
                Some(id) => ids.push(id),
                None => break,
            }
            k += 1;
        }
        if k <= m {
            // x+*k for k..=m share one run [x, x*, …, x*(m-1)] (ids increase with the nim value):
            // x*j has the first j entries as both its Left and its Right options.
            let run = self.opts.len() as u32;
            self.opts.extend_from_slice(&ids);
            while k <= m {
                let id = self.push_record(run, k as usize, run, k as usize, Some(Nus { num: x, ups: 0, nim: k }));
                ids.push(id);
                if k < m {
                    self.opts.push(id);
                }
                k += 1;
            }
        }
        ids[m as usize]
    }

    fn make_ups(&mut self, v: Nus) -> GameId {
        let (x, n, m) = (v.num, v.ups, v.nim);
        let s = n.signum();
        let nim_at = |i: i64| m ^ ((n - i).rem_euclid(2) as u64);
        let mut k = n;
        let mut prev = loop {
            if k == 0 {
                break self.make_nus(Nus { num: x, ups: 0, nim: nim_at(0) });
            }
            if let Some(id) = self.lookup_nus(Nus { num: x, ups: k, nim: nim_at(k) }) {
                break id;
            }
            k -= s;
        };
        let xid = self.make_number(x);
        let star = self.make_nus(Nus { num: x, ups: 0, nim: 1 });
        while k != n {
            k += s;
            let c = nim_at(k);
            let rec = Some(Nus { num: x, ups: k, nim: c });
            let mut pair = [xid, star];
            pair.sort_unstable();
            prev = if k == 1 && c == 1 {
                self.push_node(&pair, &[xid], rec)
            } else if k == -1 && c == 1 {
                self.push_node(&[xid], &pair, rec)
            } else if k > 0 {
                self.push_node(&[xid], &[prev], rec)
            } else {
                self.push_node(&[prev], &[xid], rec)
            };
        }
        prev
    }

    // ------------------------------------------------------------------------------------------------
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
    /// The nimber `*n` (overflow flag beyond [`MAX_NIM`]).
    pub fn nimber(&mut self, n: u64) -> GameId {
        self.make_nus(Nus { num: Dyadic::ZERO, ups: 0, nim: n })
    }
    /// number + ups·↑ + *nim
    pub fn uptimal(&mut self, number: Dyadic, ups: i64, nim: u64) -> GameId {
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
        let mut l = left.to_vec();
        let mut r = right.to_vec();
        l.sort_unstable();
        l.dedup();
        r.sort_unstable();
        r.dedup();
        if let Some(g) = self.number_shortcut(&l, &r) {
            return g;
        }
        if let (Some(a), Some(b)) = (self.mex_of_nimbers(&l), self.mex_of_nimbers(&r)) {
            if a == b {
                return self.nimber(a);
            }
        }
        self.bypass_reversible_left(&mut l, &r);
        self.bypass_reversible_right(&l, &mut r);
        self.remove_dominated(&mut l, true);
        self.remove_dominated(&mut r, false);
        if let Some(g) = self.number_shortcut(&l, &r) {
            return g;
        }
        self.intern(l, r)
    }

    /// If every option is a number: the canonical game (simplest number, or a switch `{a|b}` / `x*`).
    fn number_shortcut(&mut self, l: &[GameId], r: &[GameId]) -> Option<GameId> {
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
    fn mex_of_nimbers(&self, opts: &[GameId]) -> Option<u64> {
        let mut vals = Vec::with_capacity(opts.len());
        for &o in opts {
            vals.push(self.nimber_value(o)?);
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

    fn bypass_reversible_left(&mut self, l: &mut Vec<GameId>, r: &[GameId]) {
        let mut i = 0;
        while i < l.len() {
            let gl = l[i];
            let mut reversed = None;
            for j in 0..self.num_right(gl) {
                let glr = self.right_at(gl, j);
                if self.leq_arrays(glr, l, r) {
                    reversed = Some(glr);
                    break;
                }
            }
            match reversed {
                Some(glr) => {
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
    }

    fn bypass_reversible_right(&mut self, l: &[GameId], r: &mut Vec<GameId>) {
        let mut i = 0;
        while i < r.len() {
            let gr = r[i];
            let mut reversed = None;
            for j in 0..self.num_left(gr) {
                let grl = self.left_at(gr, j);
                if self.geq_arrays(grl, l, r) {
                    reversed = Some(grl);
                    break;
                }
            }
            match reversed {
                Some(grl) => {
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
    }

    /// Removes options dominated by another (for Left: smaller ones; for Right: larger ones).
    fn remove_dominated(&mut self, opts: &mut Vec<GameId>, left: bool) {
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

    /// `x <= {l | r}`.
    fn leq_arrays(&mut self, x: GameId, l: &[GameId], r: &[GameId]) -> bool {
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
    fn geq_arrays(&mut self, y: GameId, l: &[GameId], r: &[GameId]) -> bool {
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
        let below = x.checked_sub(Dyadic::ONE).ok_or(GameError::Overflow)?;
        let p = self.pow_to(g, below)?;
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
        let b = super::number::blowup(x).ok_or(GameError::Overflow)?;
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
        if let Some(&s) = self.add_cache.get(&key) {
            return s;
        }
        self.poll_interrupt();
        let g_num = self.is_number(g);
        let h_num = self.is_number(h);
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
            self.new_game(&l, &r)
        };
        self.add_cache.insert(key, result);
        result
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
                (Some(num), Some(ups)) => self.make_nus(Nus { num, ups, nim: if n % 2 == 0 { 0 } else { v.nim } }),
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
    /// The ordinal sum `G : H` (depends on G's canonical form): `{GL, G:HL | GR, G:HR}`.
    pub fn ordinal_sum(&mut self, g: GameId, h: GameId) -> GameId {
        if let (Some(a), Some(b)) = (self.nus(g), self.nus(h)) {
            if a.ups == 0 && b.num.is_zero() && b.ups == 0 {
                return match a.nim.checked_add(b.nim) {
                    Some(nim) => self.make_nus(Nus { num: a.num, ups: 0, nim }),
                    None => self.flag_overflow(),
                };
            }
        }
        if h == self.zero() {
            return g;
        }
        if let Some(&s) = self.ordinal_cache.get(&(g, h)) {
            return s;
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
        self.ordinal_cache.insert((g, h), result);
        result
    }
    /// `+-G` = `<G | -G>`.
    pub fn plus_minus(&mut self, g: GameId) -> GameId {
        let ng = self.neg(g);
        self.new_game(&[g], &[ng])
    }
    /// The left and right incentives of `g` together, undominated (CGSuite's `incentives`).
    fn all_incentives(&mut self, g: GameId) -> Vec<GameId> {
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
    fn norton(&mut self, g: GameId, u: GameId) -> GameId {
        if let Some(n) = self.number_value(g).and_then(Dyadic::to_int) {
            return self.mul_int(n, u);
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
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&r) = self.conway_cache.get(&key) {
            return r;
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
        self.conway_cache.insert(key, result);
        result
    }

    // ------------------------------------------------------------------------------------------------
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
        match self.misere_wins(g) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        }
    }
    /// (Left wins moving first, Right wins moving first) in misère play.
    fn misere_wins(&mut self, g: GameId) -> (bool, bool) {
        if let Some(n) = self.number_value(g).and_then(Dyadic::to_int) {
            // An integer is a chain of moves for one player only (0: nobody can move).
            return (n <= 0, n >= 0);
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
        self.misere_cache.insert(g, (left, right));
        (left, right)
    }

    // ------------------------------------------------------------------------------------------------
    // Structure

    /// The left options (sorted by id).
    pub fn left_options(&self, g: GameId) -> Vec<GameId> {
        self.left_slice(g).to_vec()
    }
    /// The right options (sorted by id).
    pub fn right_options(&self, g: GameId) -> Vec<GameId> {
        self.right_slice(g).to_vec()
    }
    /// The birthday (cached; formula for NUS values).
    pub fn birthday(&mut self, g: GameId) -> u32 {
        let c = self.birthday_cache[g.0 as usize];
        if c != NONE {
            return c;
        }
        let b = if let Some(v) = self.nus(g) {
            let nb = v.num.birthday();
            let up = v.ups.unsigned_abs();
            let us = if up > 0 && v.nim == 0 {
                up + 1
            } else if up & 1 == 1 && v.nim != 1 {
                up + (v.nim ^ 1)
            } else {
                up + v.nim
            };
            u32::try_from(nb + us).unwrap_or(u32::MAX - 1)
        } else {
            let mut b = 0;
            for i in 0..self.num_left(g) + self.num_right(g) {
                let o = self.option_at(g, i);
                b = b.max(self.birthday(o) + 1);
            }
            b
        };
        self.birthday_cache[g.0 as usize] = b;
        b
    }
    /// All followers of g including g, in the deterministic (printing) order.
    pub fn followers(&mut self, g: GameId) -> Vec<GameId> {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![g];
        let mut out = Vec::new();
        while let Some(x) = stack.pop() {
            if seen.insert(x) {
                out.push(x);
                stack.extend_from_slice(self.left_slice(x));
                stack.extend_from_slice(self.right_slice(x));
            }
        }
        self.sort_deterministic(&mut out);
        out
    }
    /// The number of distinct followers of g, including g.
    pub fn follower_count(&mut self, g: GameId) -> usize {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![g];
        while let Some(x) = stack.pop() {
            if seen.insert(x) {
                stack.extend_from_slice(self.left_slice(x));
                stack.extend_from_slice(self.right_slice(x));
            }
        }
        seen.len()
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
    /// Some(n) iff g = *n.
    pub fn nimber_value(&self, g: GameId) -> Option<u64> {
        match self.nus(g) {
            Some(v) if v.ups == 0 && v.num.is_zero() => Some(v.nim),
            _ => None,
        }
    }
    /// Some((number, ups, nim)) iff g = number + ups·↑ + *nim.
    pub fn number_up_star(&self, g: GameId) -> Option<(Dyadic, i64, u64)> {
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
        self.nimber_value(g).is_some()
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
        let n = *self.node(g);
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
    fn mean_cmp(&mut self, a: GameId, x: Dyadic) -> std::cmp::Ordering {
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
            return v.ups == 0
                && v.nim <= 1
                && v.num.is_integer()
                && (v.num.numerator() + v.nim as i64).rem_euclid(2) == 0;
        }
        let n = *self.node(g);
        (0..(n.nl + n.nr) as usize).all(|i| {
            let o = self.option_at(g, i);
            self.is_odd(o)
        })
    }
    /// CGSuite's `isOdd` on the canonical form.
    pub fn is_odd(&mut self, g: GameId) -> bool {
        if let Some(v) = self.nus(g) {
            return v.ups == 0
                && v.nim <= 1
                && v.num.is_integer()
                && (v.num.numerator() + v.nim as i64).rem_euclid(2) == 1;
        }
        let n = *self.node(g);
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
        let n = *self.node(g);
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
        let n = *self.node(g);
        (0..(n.nl + n.nr) as usize).all(|i| {
            let o = self.option_at(g, i);
            self.is_even_tempered(o)
        })
    }
    /// (left stop, right stop), cached.
    pub fn stops(&mut self, g: GameId) -> (Dyadic, Dyadic) {
        if let Some(x) = self.number_value(g) {
            return (x, x);
        }
        if let Some(v) = self.nus(g) {
            return (v.num, v.num);
        }
        if let Some(&s) = self.stops_cache.get(&g) {
            return s;
        }
        let mut ls: Option<Dyadic> = None;
        for i in 0..self.num_left(g) {
            let o = self.left_at(g, i);
            let r = self.stops(o).1;
            ls = Some(ls.map_or(r, |x| x.max(r)));
        }
        let mut rs: Option<Dyadic> = None;
        for i in 0..self.num_right(g) {
            let o = self.right_at(g, i);
            let l = self.stops(o).0;
            rs = Some(rs.map_or(l, |x| x.min(l)));
        }
        // A non-number canonical game has options on both sides.
        let s = (ls.unwrap_or_default(), rs.unwrap_or_default());
        self.stops_cache.insert(g, s);
        s
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
            let nim_stops = |m: u64| -> Option<u128> {
                if m == 0 {
                    Some(1)
                } else {
                    let p = 3u128.checked_pow(u32::try_from(m - 1).ok()?)?;
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
                self.overflow = true;
                u128::MAX
            });
        }
        if let Some(&c) = self.stop_count_cache.get(&g) {
            return c;
        }
        let n = *self.node(g);
        let mut count: u128 = 0;
        for i in 0..(n.nl + n.nr) as usize {
            let o = self.option_at(g, i);
            let c = self.stop_count(o);
            count = match count.checked_add(c) {
                Some(x) => x,
                None => {
                    self.overflow = true;
                    u128::MAX
                }
            };
        }
        self.stop_count_cache.insert(g, count);
        count
    }
}

/// The nim product of `a` and `b` (Conway's multiplication of nimbers).
pub fn nim_product(a: u64, b: u64) -> u64 {
    fn go(a: u64, b: u64, bits: u32) -> u64 {
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

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
//! - options are materialised eagerly up to [`MAX_INT`] (integers) and [`MAX_NIM`] (nimbers); a larger
//!   integer or nimber is a node whose options are *pending* and materialised on demand
//!   ([`Games::ensure`]): an integer's one option at a time, a nimber `x + *m`'s `m` options only for
//!   `m <=` [`MAX_LISTED_NIM`] — beyond that a walk that needs them unwinds with [`TooManyOptions`],
//!   while NUS arithmetic and comparison (nim values of any size, [`Nim`], added by `xor`) answer
//!   without them. Up multiples beyond [`MAX_UPS`] set the overflow flag with
//!   [`GameError::UpsTooLarge`] (see [`Games::check_overflow`]) instead of answering wrongly.
//!
//! Canonicalisation (`new_game`): dedupe; all-number and all-nimber shortcuts; drop dominated options;
//! bypass reversible options (checked against the game being built, via `leq_arrays`/`geq_arrays`) and drop
//! the dominated options a bypass brought in; detect NUS patterns. Sums use number translation (`G + x`
//! adds `x` to each option of a non-number `G`, which keeps canonical form), NUS arithmetic and, for `G + *m` with
//! a large nimber, an annotated canonicalisation whose comparisons are set lookups (`nimsum.rs`). Every node
//! carries its stops (computed from its options when it is created), which settle most comparisons before
//! any cache is probed (see [`Games::leq`]); sums and comparisons are cached in bounded, lossy tables
//! (`lossy.rs`), negatives and birthdays per node.

use crate::game::number::Nim;
use crate::game::{Dyadic, GameError};
use rustc_hash::FxHashMap;
use types::{Brackets, Gc, Heated};

pub use types::GameId;
pub use types::{set_default_collection_threshold, DEFAULT_COLLECTION_THRESHOLD};

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

impl Outcome {
    /// The class from who wins moving first: Left (`left_first`) and Right (`right_first`).
    pub fn from_first_wins(left_first: bool, right_first: bool) -> Outcome {
        match (left_first, right_first) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        }
    }
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

pub use crate::game::budget::Interrupted;

/// Largest magnitude of an integer whose chain of options is materialised eagerly; larger integers
/// materialise their option on demand ([`Games::ensure`]), so numbers of any size are games.
pub const MAX_INT: i64 = 1 << 20;
/// Largest nimber whose options are materialised eagerly (CGSuite's limit on a game's options: `*m` has
/// `m` options per side); larger nimbers are pending nodes (see [`Games::ensure`]).
pub const MAX_NIM: u64 = 16383;
/// Largest nimber whose options are materialised on demand; the options of a larger one are never
/// listed (a walk that needs them unwinds with [`TooManyOptions`]).
pub const MAX_LISTED_NIM: u64 = 1 << 20;

/// The panic payload of a walk that needed the options of a nimber `x + *m` beyond [`MAX_LISTED_NIM`];
/// the interpreter turns it into an error as for [`Interrupted`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooManyOptions {
    /// The game whose options were asked for, as printed (`*m` or `x*m`).
    pub game: String,
    /// Its number of options for each player (`m`).
    pub count: String,
}

/// The panic payload of a walk of all followers that met an integer beyond [`MAX_INT`] (as printed):
/// its `|n|` followers are not listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooManyFollowers(pub String);

impl TooManyOptions {
    /// Unwinds with the payload for the nimber `v`.
    fn raise(v: Nus) -> ! {
        let x = if v.num.is_zero() { String::new() } else { v.num.to_string() };
        std::panic::panic_any(TooManyOptions { game: format!("{x}*{}", v.nim), count: v.nim.to_string() })
    }
}
/// Largest magnitude of an up multiple stored as a game.
pub const MAX_UPS: i64 = 1 << 20;

/// Nimbers from this size on are added with [`Games::add_nimber_fast`]: below it the generic sum is as fast
/// (`Up(1/2) + *m`: 0.02 s at m = 100, 2.9 s at 400, about 45 s at 1000; the fast sum 0.7 s at 1000).
pub(crate) const FAST_NIM_SUM_FROM: u64 = 64;

/// The compact record of a number + ups + star value `num + ups·↑ + *nim`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Nus {
    pub(crate) num: Dyadic,
    pub(crate) ups: i64,
    pub(crate) nim: Nim,
}

impl Nus {
    fn number(num: Dyadic) -> Nus {
        Nus { num, ups: 0, nim: Nim::ZERO }
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

impl Node {
    /// Whether this is a large integer or nimber whose options are not materialised yet (marked by
    /// `nl == PENDING`, its runs empty until [`Games::ensure`] fills them).
    fn pending(&self) -> bool {
        self.nl == PENDING
    }
}

/// The comparison cache holds at most `2^LEQ_CACHE_BITS` results (8 bytes each: 128 MiB).
const LEQ_CACHE_BITS: u32 = 24;
/// The sum cache holds at most `2^SUM_CACHE_BITS` results (12 bytes each: 96 MiB).
const SUM_CACHE_BITS: u32 = 23;

/// The `nl` of a node whose options are not materialised yet.
const PENDING: u32 = u32::MAX;

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
    /// The heated nimbers `x + ∫^t *k` (k >= 2) by id and by record (see `heated.rs`).
    heated: FxHashMap<GameId, Heated>,
    by_heated: FxHashMap<Heated, GameId>,
    neg_cache: Vec<u32>,
    birthday_cache: Vec<u32>,
    /// (left stop, right stop) of every node, filled when the node is created (see [`Games::leq`]).
    stops: Vec<[Dyadic; 2]>,
    /// The up brackets of every node (see `brackets.rs`), filled when the node is created.
    brackets: Vec<Brackets>,
    add_cache: lossy::SumCache,
    leq_cache: lossy::LeqCache,
    ordinal_cache: FxHashMap<(GameId, GameId), GameId>,
    conway_cache: FxHashMap<(GameId, GameId), GameId>,
    norton_cache: FxHashMap<(GameId, GameId), GameId>,
    misere_cache: FxHashMap<GameId, (bool, bool)>,
    stop_count_cache: FxHashMap<GameId, u128>,
    pub(crate) uptimal_cache: FxHashMap<GameId, Option<crate::game::short::uptimal_expansion::UptimalExpansion>>,
    /// Options in the deterministic printing order (left, right), per game.
    pub(crate) sorted_cache: FxHashMap<GameId, SortedOptions>,
    /// The bars a game prints with when unbracketed (see print.rs).
    pub(crate) bars_cache: FxHashMap<GameId, u8>,
    /// Thermographs and related values, per game (see thermo.rs).
    pub(crate) thermo: crate::game::short::thermograph::ThermoCache,
    interrupt: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    overflow: Option<GameError>,
    /// Free slots and when to collect (see `collect.rs`).
    gc: Gc,
    /// Nimbers from this size on are added by `add_nimber_fast` (tests set it beyond every nimber to compare
    /// with the generic sum).
    pub(crate) fast_nim_sum_from: u64,
}

impl std::fmt::Debug for Games {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Games({} games)", self.len())
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
            heated: FxHashMap::default(),
            by_heated: FxHashMap::default(),
            neg_cache: Vec::new(),
            birthday_cache: Vec::new(),
            stops: Vec::new(),
            brackets: Vec::new(),
            add_cache: lossy::SumCache::new(SUM_CACHE_BITS),
            leq_cache: lossy::LeqCache::new(LEQ_CACHE_BITS),
            ordinal_cache: FxHashMap::default(),
            conway_cache: FxHashMap::default(),
            norton_cache: FxHashMap::default(),
            misere_cache: FxHashMap::default(),
            stop_count_cache: FxHashMap::default(),
            uptimal_cache: FxHashMap::default(),
            sorted_cache: FxHashMap::default(),
            bars_cache: FxHashMap::default(),
            thermo: crate::game::short::thermograph::ThermoCache::new(),
            interrupt: None,
            overflow: None,
            gc: Gc::default(),
            fast_nim_sum_from: FAST_NIM_SUM_FROM,
        };
        let z = g.push_node(&[], &[], Some(Nus::number(Dyadic::ZERO)));
        debug_assert_eq!(z, GameId(0));
        g
    }

    /// A fresh arena whose comparison and sum caches hold at most `2^bits` entries (for tests of the
    /// lossy caches).
    #[cfg(test)]
    pub(crate) fn with_cache_bits(bits: u32) -> Games {
        let mut g = Games::new();
        g.add_cache = lossy::SumCache::new(bits);
        g.leq_cache = lossy::LeqCache::new(bits);
        g
    }

    /// Number of games stored (live: a collection frees games, see `collect.rs`).
    pub fn len(&self) -> usize {
        self.nodes.len() - self.gc.free_len()
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
        self.overflow.is_some()
    }

    /// `Err(GameError::Overflow)` if an operation overflowed since the last call (and clears the flag).
    /// The interpreter calls this after each engine operation it performs.
    pub fn check_overflow(&mut self) -> Result<(), GameError> {
        match self.overflow.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    fn flag_overflow(&mut self) -> GameId {
        self.flag(GameError::Overflow)
    }

    /// Sets the overflow flag with `e` (the first error since the last check is kept) and returns 0.
    pub(crate) fn flag(&mut self, e: GameError) -> GameId {
        self.overflow.get_or_insert(e);
        self.zero()
    }

    /// Installs (or removes) an interrupt flag. While it is set, the next comparison or sum inside the
    /// engine unwinds with `std::panic::panic_any(Interrupted)`; the caller catches that with
    /// `std::panic::catch_unwind` and downcasts the payload to [`Interrupted`]. The arena stays
    /// consistent: nodes and cache entries are only written once complete.
    pub fn set_interrupt(&mut self, flag: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>) {
        self.interrupt = flag;
    }

    /// Unwinds with [`Interrupted`] when the interrupt flag is raised, or with
    /// [`crate::game::budget::OutOfBudget`] when the memory budget is exceeded (also for long loops outside
    /// the arena, e.g. the loopy engine's retrograde passes).
    #[inline]
    pub fn poll_interrupt(&self) {
        if let Some(f) = &self.interrupt {
            if f.load(std::sync::atomic::Ordering::Relaxed) {
                std::panic::panic_any(Interrupted);
            }
        }
        if crate::game::budget::exceeded() {
            std::panic::panic_any(crate::game::budget::OutOfBudget);
        }
        crate::game::budget::check_stack();
    }

    /// Empties the caches of computed results (sums, comparisons, stops, products, printing): the games
    /// themselves stay. Used to give memory back after a computation was stopped by the memory budget.
    pub fn clear_caches(&mut self) {
        self.add_cache = lossy::SumCache::new(SUM_CACHE_BITS);
        self.leq_cache = lossy::LeqCache::new(LEQ_CACHE_BITS);
        self.ordinal_cache = FxHashMap::default();
        self.conway_cache = FxHashMap::default();
        self.norton_cache = FxHashMap::default();
        self.misere_cache = FxHashMap::default();
        self.stop_count_cache = FxHashMap::default();
        self.uptimal_cache = FxHashMap::default();
        self.sorted_cache = FxHashMap::default();
        self.bars_cache = FxHashMap::default();
        self.thermo = crate::game::short::thermograph::ThermoCache::new();
    }

    /// Runs `f` and turns an overflow inside it into `Err(GameError::Overflow)`.
    pub fn checked<T>(&mut self, f: impl FnOnce(&mut Games) -> T) -> Result<T, GameError> {
        let before = self.overflow.take();
        let r = f(self);
        let over = std::mem::replace(&mut self.overflow, before);
        match over {
            Some(e) => Err(e),
            None => Ok(r),
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

    /// The node of `g`, with its options materialised.
    fn full(&mut self, g: GameId) -> &Node {
        self.ensure(g);
        &self.nodes[g.0 as usize]
    }

    /// The left options of `g` as a slice (sorted by id).
    pub fn left_slice(&mut self, g: GameId) -> &[GameId] {
        let n = *self.full(g);
        &self.opts[n.lstart as usize..(n.lstart + n.nl) as usize]
    }

    /// The right options of `g` as a slice (sorted by id).
    pub fn right_slice(&mut self, g: GameId) -> &[GameId] {
        let n = *self.full(g);
        &self.opts[n.rstart as usize..(n.rstart + n.nr) as usize]
    }

    /// The left options of `g` if they are materialised (every game but a large integer whose option
    /// was never asked for; see [`Games::ensure`]), for walks that cannot take `&mut self`.
    pub fn left_slice_if_ready(&self, g: GameId) -> Option<&[GameId]> {
        let n = self.node(g);
        (!n.pending()).then(|| &self.opts[n.lstart as usize..(n.lstart + n.nl) as usize])
    }

    /// The right options of `g` if they are materialised (see [`Games::left_slice_if_ready`]).
    pub fn right_slice_if_ready(&self, g: GameId) -> Option<&[GameId]> {
        let n = self.node(g);
        (!n.pending()).then(|| &self.opts[n.rstart as usize..(n.rstart + n.nr) as usize])
    }

    fn num_left(&mut self, g: GameId) -> usize {
        self.full(g).nl as usize
    }

    fn num_right(&mut self, g: GameId) -> usize {
        self.full(g).nr as usize
    }

    fn left_at(&mut self, g: GameId, i: usize) -> GameId {
        let s = self.full(g).lstart as usize;
        self.opts[s + i]
    }

    fn right_at(&mut self, g: GameId, i: usize) -> GameId {
        let s = self.full(g).rstart as usize;
        self.opts[s + i]
    }

    /// Option `i` of `g`, counting the left options first, then the right ones.
    fn option_at(&mut self, g: GameId, i: usize) -> GameId {
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
        self.check_opts_growth(l.len() + r.len());
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

    /// Unwinds with the budget error when `more` options would move the option list to a buffer past the
    /// budget (see [`crate::game::budget::check_vec_growth`]).
    #[inline]
    fn check_opts_growth(&self, more: usize) {
        crate::game::budget::check_vec_growth(self.opts.len(), self.opts.capacity(), more, size_of::<GameId>());
    }

    fn push_record(&mut self, lstart: u32, nl: usize, rstart: u32, nr: usize, nus: Option<Nus>) -> GameId {
        self.poll_interrupt();
        // The per-node vectors (nodes, stops, brackets, negation and birthday caches) grow together.
        let per_node = size_of::<Node>() + size_of::<[Dyadic; 2]>() + size_of::<Brackets>() + 8;
        crate::game::budget::check_vec_growth(self.nodes.len(), self.nodes.capacity(), 1, per_node);
        crate::game::budget::check_growth(&self.by_opts);
        crate::game::budget::check_growth(&self.by_nus);
        let node = Node { lstart, nl: nl as u32, rstart, nr: nr as u32, nus };
        let stops = match nus {
            Some(v) => [v.num, v.num],
            None => {
                // A game that is not a number: LS = max RS(G^L), RS = min LS(G^R). Its options exist
                // already, and a canonical non-number has options on both sides.
                let (l, r) = (lstart as usize, rstart as usize);
                let stops = &self.stops;
                let ls = self.opts[l..l + nl].iter().map(|o| stops[o.0 as usize][1]).max();
                let rs = self.opts[r..r + nr].iter().map(|o| stops[o.0 as usize][0]).min();
                [ls.unwrap_or_default(), rs.unwrap_or_default()]
            }
        };
        let br = match nus {
            Some(v) => Games::nus_brackets(v),
            None => self.option_brackets(&node),
        };
        let id = self.place(node, stops, br);
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
            debug_assert!(self.left_slice(id).to_vec() == l && self.right_slice(id).to_vec() == r);
            return id;
        }
        let heat = self.detect_heated(&l, &r);
        if let Some(&id) = heat.and_then(|h| self.by_heated.get(&h)) {
            debug_assert!(self.left_slice(id).to_vec() == l && self.right_slice(id).to_vec() == r);
            return id;
        }
        let id = self.push_node(&l, &r, None);
        if let Some(h) = heat {
            self.register_heated(id, h);
        }
        id
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
                return Some(Nus { num: a.num, ups: b.ups + 1, nim: b.nim ^ 1u64 });
            }
            if b_num && !a_num && a.num == b.num && a.ups <= 0 {
                return Some(Nus { num: a.num, ups: a.ups - 1, nim: a.nim ^ 1u64 });
            }
        }
        // x↑* = {x, x* | x} and x↓* = {x | x, x*}.
        let up_star = |two: &[GameId], one: &[GameId]| -> Option<Dyadic> {
            if two.len() != 2 || one.len() != 1 {
                return None;
            }
            let x = self.nus(one[0])?;
            if x.ups != 0 || !x.nim.is_zero() {
                return None;
            }
            let (p, q) = (self.nus(two[0])?, self.nus(two[1])?);
            let star = Nus { num: x.num, ups: 0, nim: Nim::ONE };
            ((p == x && q == star) || (q == x && p == star)).then_some(x.num)
        };
        if let Some(x) = up_star(l, r) {
            return Some(Nus { num: x, ups: 1, nim: Nim::ONE });
        }
        if let Some(x) = up_star(r, l) {
            return Some(Nus { num: x, ups: -1, nim: Nim::ONE });
        }
        // x + *m = {x, x*, …, x*(m-1) | same}.
        if !l.is_empty() && l == r {
            let m = l.len() as u64;
            let x = self.nus(l[0])?.num;
            let mut seen = vec![false; l.len()];
            for &o in l {
                let v = self.nus(o)?;
                let k = v.nim.to_u64().filter(|&k| k < m)?;
                if v.num != x || v.ups != 0 || seen[k as usize] {
                    return None;
                }
                seen[k as usize] = true;
            }
            return Some(Nus { num: x, ups: 0, nim: Nim::from(m) });
        }
        None
    }

    fn lookup_nus(&self, v: Nus) -> Option<GameId> {
        self.by_nus.get(&v).copied()
    }

    /// The id of a NUS value, building it (and the NUS values below it) as needed.
    pub(crate) fn make_nus(&mut self, v: Nus) -> GameId {
        if let Some(id) = self.lookup_nus(v) {
            return id;
        }
        if v.ups.abs() > MAX_UPS {
            return self.flag(GameError::UpsTooLarge);
        }
        if v.ups != 0 {
            self.make_ups(v)
        } else if !v.nim.is_zero() {
            match v.nim.to_u64().filter(|&m| m <= MAX_NIM) {
                Some(m) => self.make_nimber(v.num, m),
                None => {
                    // A large nimber: its options are materialised on demand (up to MAX_LISTED_NIM).
                    self.make_number(v.num);
                    let id = self.push_node(&[], &[], Some(v));
                    self.nodes[id.0 as usize].nl = PENDING;
                    id
                }
            }
        } else {
            self.make_number(v.num)
        }
    }

    fn make_number(&mut self, x: Dyadic) -> GameId {
        if let Some(id) = self.lookup_nus(Nus::number(x)) {
            return id;
        }
        if x.is_integer() {
            let Some(n) = x.to_int().filter(|n| n.abs() <= MAX_INT) else {
                // A large integer: its option is materialised on demand.
                let id = self.push_node(&[], &[], Some(Nus::number(x)));
                self.nodes[id.0 as usize].nl = PENDING;
                return id;
            };
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
            let step = Dyadic::unit(x);
            let l = self.make_number(x - step);
            let r = self.make_number(x + step);
            self.push_node(&[l], &[r], Some(Nus::number(x)))
        }
    }

    /// Materialises the options of a large integer or nimber created with its options pending (a no-op
    /// for every other game). Every generic walk of options calls this on the game whose options it
    /// reads. The options of a nimber beyond [`MAX_LISTED_NIM`] are never listed: asking for them
    /// unwinds with [`TooManyOptions`].
    #[inline]
    pub fn ensure(&mut self, g: GameId) {
        if self.node(g).pending() {
            self.materialise(g);
        }
    }

    #[cold]
    fn materialise(&mut self, g: GameId) {
        if let Some(h) = self.heated_record(g) {
            self.list_heated(g, h);
            return;
        }
        let v = self.nus(g).expect("a pending node is an integer, a nimber or a heated nimber");
        if !v.nim.is_zero() {
            self.list_nimber(g, v);
            return;
        }
        let x = v.num;
        let left = x.signum() > 0;
        let next = if left { x - Dyadic::ONE } else { x + Dyadic::ONE };
        let o = self.make_number(next);
        self.check_opts_growth(1);
        let start = self.opts.len() as u32;
        self.opts.push(o);
        let n = &mut self.nodes[g.0 as usize];
        if left {
            (n.lstart, n.nl, n.rstart, n.nr) = (start, 1, start + 1, 0);
        } else {
            (n.lstart, n.nl, n.rstart, n.nr) = (start, 0, start, 1);
        }
    }

    /// Lists the options `x, x*1, …, x*(m-1)` (both sides) of the pending nimber `g = x + *m`.
    fn list_nimber(&mut self, g: GameId, v: Nus) {
        let Some(m) = v.nim.to_u64().filter(|&m| m <= MAX_LISTED_NIM) else { TooManyOptions::raise(v) };
        self.check_opts_growth(m as usize);
        let mut ids = Vec::with_capacity(m as usize);
        for k in 0..m {
            ids.push(self.make_nus(Nus { num: v.num, ups: 0, nim: Nim::from(k) }));
        }
        ids.sort_unstable();
        let run = self.opts.len() as u32;
        self.opts.extend_from_slice(&ids);
        let n = &mut self.nodes[g.0 as usize];
        (n.lstart, n.nl, n.rstart, n.nr) = (run, m as u32, run, m as u32);
    }

    fn make_nimber(&mut self, x: Dyadic, m: u64) -> GameId {
        let base = self.make_number(x);
        let mut ids = vec![base];
        let mut k = 1;
        while k <= m {
            match self.lookup_nus(Nus { num: x, ups: 0, nim: Nim::from(k) }) {
                Some(id) => ids.push(id),
                None => break,
            }
            k += 1;
        }
        if k <= m {
            // x+*k for k..=m share one run [x, x*, …, x*(m-1)] (ids increase with the nim value):
            // x*j has the first j entries as both its Left and its Right options.
            self.check_opts_growth(ids.len() + (m - k) as usize);
            let run = self.opts.len() as u32;
            self.opts.extend_from_slice(&ids);
            while k <= m {
                let nus = Some(Nus { num: x, ups: 0, nim: Nim::from(k) });
                let id = self.push_record(run, k as usize, run, k as usize, nus);
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
        let star = self.make_nus(Nus { num: x, ups: 0, nim: Nim::ONE });
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
}

pub mod arith;
mod brackets;
mod classify;
mod collect;
mod compare;
mod construct;
mod heated;
mod lossy;
pub(crate) mod nimsum;
mod types;

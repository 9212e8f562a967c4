//! Misère canonical forms of impartial games (Conway, ONAG ch. 12), as CGSuite's
//! `MisereCanonicalGame`.
//!
//! # The arena
//! [`MisereGames`] hash-conses misère canonical (simplest) forms to [`MisereId`]s: equal games (in
//! misère play, over all impartial games) have equal ids. [`MisereGames::game`] builds the canonical
//! form of `{options}` from canonical options:
//! * duplicates are dropped;
//! * **reversible options are bypassed.** By Conway's simplest-form theorem the simplest form of `G`
//!   is `H = {B}` for the subset `B` of its options such that every other option has `H` itself as
//!   an option (it reverses through `H`); such options have birthday at least `b(H) + 1`, so `B` is
//!   the set of options below a gap of two in birthdays, and `{B}` already exists in the arena;
//! * **the special rule for 0**: options may all reverse through 0 (every option has 0 as an option)
//!   only if `G` is a misère N-position, i.e. some option is a misère P-position — then `G = 0`
//!   (e.g. `{*} = 0`, so `* + * = 0`); otherwise (e.g. `{*2}`, whose only option `*2` is a misère
//!   N-position) no reduction happens.
//!
//! Each record stores the birthday, `G+` (normal nim value) and `G-` (misère nim value: 1 for 0,
//! else the mex of the options' `G-`; `G-(G) = 0` iff `G` is a misère P-position).
//!
//! [`MisereGames::from_spec`] reads CGSuite's input form (`*[4,2]`, `*[[2],2,1,0]`),
//! [`MisereGames::from_tree`] canonicalises a literal [`ImpartialTree`], and [`MisereGames::add`] adds.
//!
//! # Printing (as CGSuite, inside `*[…]`)
//! [`MisereGames::display`] gives CGSuite's plain-text form, e.g. `*[0]`, `*[2]`, `*[2#]` for `{*2}`,
//! `*[2#0]` for `{{*2}, 0}`, `*[2[2]]` for `*2 + *2`, `*[2[22]]` for `*2+*2+*2`, `*[2[#1]]` for
//! `{*2} + *`, `*[(2#0)#]`. The rules:
//! * a nim heap prints as its size (`&12;` from 10 on);
//! * otherwise, for `i = 2, 4, 6, …` (`3, 5, …` for an odd game, one of the form `E + *`) below the
//!   birthday: if `G = X + *i` with `X` born earlier, print `X` with subscript `i`; else if
//!   `G + *i` is born earlier, print it with subscript `-i`;
//! * an odd game `E + *` prints as `E` with subscript `1`;
//! * a game with one option prints it followed by subscript `#`;
//! * otherwise the options, in decreasing canonical order, side by side, parenthesised when nested.
//!
//! Subscripts are written in brackets after the first digit (`2[#1]`), except a bare `#` on an
//! unsubscripted game (`2#`). Canonical order is CGSuite's: by the even part's birthday, number of
//! options, `G+`, `G-`, options (recursively), then even before odd. (There is no `+` in CGSuite's
//! misère notation.) The subscripts are found among the options (`subtract.rs`), with sums memoised.
//! `syntax::misere` reads this notation back.
//!
//! # Other modules
//! `subtract.rs`: subtraction and printing's `X + *i` tests; `parts.rs`: parts, partitions, primes;
//! `links.rs`: links and distinguishers (ONAG Theorems 75–76); `days.rs`: the games born by day n;
//! `predicates.rs`: evenness, mates, phyla.
//! Long operations poll the interrupt flag and the memory budget ([`MisereGames::poll`]).
//!
//! # Genus
//! [`MisereGames::genus`] is Conway's genus `g^{γ0 γ1 …}` with `g = G+` and `γn = G-(G + n·*2)`,
//! eventually of period 2, computed as CGSuite does from the options' genera (`γ0` = mex of the
//! options' `γ0`; `γn` = mex of the options' `γn` and of `γ(n-1)`, `γ(n-1) ⊕ 1`). It prints like
//! CGSuite: a nim heap just `g`; a tame or restive game `g^γ0`; otherwise `g^γ0γ1…` up to where the
//! period-2 tail starts (`3^1431`), with commas and parentheses if some digit is ≥ 10. The phylum
//! (tame, restive, …) follows CGSuite's classification.

use std::cmp::Ordering;
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::game::impartial::ImpartialTree;
use rustc_hash::FxHashMap as HashMap;

pub use types::MisereId;

/// An element of CGSuite's `*[…]` misère input (see [`MisereGames::from_spec`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MisereSpec {
    /// An integer: that nim heap.
    Heap(usize),
    /// A misère canonical game (e.g. the value of `*[4] + *[2]`).
    Game(MisereId),
    /// A list: the game with these options.
    List(Vec<MisereSpec>),
}

/// The classification of CGSuite's misère engine (Dan Hoey), which decides how a genus prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phylum {
    /// A nim heap.
    NimHeap,
    /// Tame, and all options hereditarily tame.
    HereditarilyTame,
    /// Tame through tame-reversible options.
    ReversiblyTame,
    /// Determines its genus in sums with tame games.
    Tameable,
    /// Tame genus but otherwise wild.
    WildOfTameGenus,
    /// Restive with hereditarily tame options.
    HereditarilyRestive,
    /// Restive through reversible options.
    ReversiblyRestive,
    /// Restive genus but wild.
    WildOfRestiveGenus,
    /// Restless.
    Restless,
    /// Restless genus but wild.
    WildOfRestlessGenus,
    /// Wild.
    Wild,
}

impl Phylum {
    fn is_generally_tame(self) -> bool {
        matches!(self, Phylum::NimHeap | Phylum::HereditarilyTame | Phylum::ReversiblyTame)
    }
    fn is_tameable(self) -> bool {
        self.is_generally_tame() || self == Phylum::Tameable
    }
    fn is_generally_restive(self) -> bool {
        matches!(self, Phylum::HereditarilyRestive | Phylum::ReversiblyRestive)
    }
    fn is_restive_or_tame(self) -> bool {
        self.is_generally_tame() || self.is_generally_restive()
    }
    fn is_wild(self) -> bool {
        matches!(
            self,
            Phylum::WildOfTameGenus | Phylum::WildOfRestiveGenus | Phylum::WildOfRestlessGenus | Phylum::Wild
        )
    }
}

/// Conway's genus `base^{sup…}`: `base = G+`, `sup[n] = G-(G + n·*2)`; digits past the stored ones
/// continue with period 2 (as determined by the phylum for tame and restive games).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    /// `G+`, the normal-play nim value.
    pub base: u32,
    /// The superscript digits CGSuite prints (empty for a nim heap, one digit for tame and restive
    /// games, the full pre-periodic part otherwise).
    pub sup: Vec<u32>,
    kind: GenusKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum GenusKind {
    Tame,
    Restive,
    General,
}

impl Genus {
    /// The `n`-th superscript digit `G-(G + n·*2)`, for any `n`.
    pub fn sup_digit(&self, n: usize) -> u32 {
        if n < self.sup.len() {
            return self.sup[n];
        }
        let alt = ((n & 1) as u32) << 1;
        match self.kind {
            GenusKind::Tame => {
                if n == 0 && self.base < 2 {
                    1 - self.base
                } else {
                    self.base ^ alt
                }
            }
            GenusKind::Restive => (if self.sup[0] < 4 { self.sup[0] } else { self.base }) ^ alt,
            GenusKind::General => {
                let len = self.sup.len();
                self.sup[len - 2 + ((len ^ n) & 1)]
            }
        }
    }

    /// The misère nim value `G-`.
    pub fn misere_nim_value(&self) -> u32 {
        self.sup_digit(0)
    }

    /// CGSuite's "least index whose digit differs from the one two before".
    fn max_differ(&self) -> usize {
        match self.kind {
            GenusKind::Tame => {
                if self.base < 2 && (self.sup.is_empty() || self.sup[0] != self.base) {
                    2
                } else {
                    1
                }
            }
            GenusKind::Restive => {
                if self.sup[0] < 4 {
                    1
                } else {
                    2
                }
            }
            GenusKind::General => self.sup.len() - 1,
        }
    }
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.base)?;
        if self.sup.is_empty() {
            return Ok(());
        }
        write!(f, "^")?;
        if self.sup.iter().any(|&d| d >= 10) {
            let s: Vec<String> = self.sup.iter().map(|d| d.to_string()).collect();
            write!(f, "({})", s.join(","))
        } else {
            for d in &self.sup {
                write!(f, "{d}")?;
            }
            Ok(())
        }
    }
}

#[derive(Clone, Debug)]
struct Record {
    /// Options, sorted by id.
    options: Vec<MisereId>,
    birthday: u32,
    g_plus: u32,
    g_minus: u32,
}

/// The hash of an option set in the arena's index.
pub(super) fn hash_options(opts: &[MisereId]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    opts.hash(&mut h);
    h.finish()
}

/// The arena of misère canonical impartial games. `0` and `*` are created with the arena.
#[derive(Debug)]
pub struct MisereGames {
    records: Vec<Record>,
    /// Canonical games by option set: entries are (hash of the set, id), the sets being the records' own.
    /// Growing it moves 16-byte entries and rereads no option list, so the rehash of millions of games is
    /// short (it rehashed every list in one step, with no polling point: a second of Ctrl-C latency).
    index: hashbrown::HashTable<(u64, MisereId)>,
    nims: Vec<MisereId>,
    add_memo: HashMap<(MisereId, MisereId), MisereId>,
    diff_memo: HashMap<(MisereId, MisereId), Option<MisereId>>,
    /// Whether a subtraction gave up (too many subsets to try), so that a "none" may be wrong (`subtract.rs`).
    diff_gave_up: bool,
    even_part: HashMap<MisereId, MisereId>,
    phylum: HashMap<MisereId, Phylum>,
    genus: HashMap<MisereId, Genus>,
    sorted: HashMap<MisereId, Vec<MisereId>>,
    shapes: HashMap<MisereId, types::Shape>,
    partitions_memo: HashMap<MisereId, Vec<(MisereId, MisereId)>>,
    parts_memo: HashMap<MisereId, Vec<MisereId>>,
    link_memo: HashMap<(MisereId, MisereId), MisereId>,
    discriminator_memo: HashMap<(MisereId, MisereId), MisereId>,
    interrupt: Option<Arc<AtomicBool>>,
}

impl Default for MisereGames {
    fn default() -> Self {
        MisereGames::new()
    }
}

impl MisereGames {
    /// A new arena holding 0.
    pub fn new() -> MisereGames {
        let mut g = MisereGames {
            records: Vec::new(),
            index: hashbrown::HashTable::new(),
            nims: Vec::new(),
            add_memo: HashMap::default(),
            diff_memo: HashMap::default(),
            diff_gave_up: false,
            even_part: HashMap::default(),
            phylum: HashMap::default(),
            genus: HashMap::default(),
            sorted: HashMap::default(),
            shapes: HashMap::default(),
            partitions_memo: HashMap::default(),
            parts_memo: HashMap::default(),
            link_memo: HashMap::default(),
            discriminator_memo: HashMap::default(),
            interrupt: None,
        };
        g.records.push(Record { options: Vec::new(), birthday: 0, g_plus: 0, g_minus: 1 });
        let empty = hash_options(&[]);
        g.index.insert_unique(empty, (empty, MisereId(0)), |&(h, _)| h);
        g.nims.push(MisereId(0));
        g
    }

    /// The number of games the arena holds (0 included).
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether the arena holds nothing (never: it always holds 0).
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// Installs (or removes) the interrupt flag polled by long operations (as [`crate::game::Games`] does).
    pub fn set_interrupt(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.interrupt = flag;
    }

    /// Unwinds with [`crate::game::short::store::Interrupted`] when the interrupt flag is raised, or with
    /// [`crate::game::budget::OutOfBudget`] when the memory budget is exceeded. Memo tables are written only
    /// with finished results, so the arena stays consistent.
    pub fn poll(&self) {
        if let Some(f) = &self.interrupt {
            if f.load(std::sync::atomic::Ordering::Relaxed) {
                std::panic::panic_any(crate::game::short::store::Interrupted);
            }
        }
        poll_budget();
    }

    /// The game 0.
    pub fn zero(&self) -> MisereId {
        MisereId(0)
    }

    /// The nim heap `*n`.
    pub fn nim(&mut self, n: usize) -> MisereId {
        while self.nims.len() <= n {
            self.poll();
            let opts = self.nims.clone();
            let h = self.game(&opts);
            self.nims.push(h);
        }
        self.nims[n]
    }

    /// The canonical form of the game whose options are `options` (canonical already).
    pub fn game(&mut self, options: &[MisereId]) -> MisereId {
        let mut opts = options.to_vec();
        opts.sort_unstable();
        opts.dedup();
        let hash = hash_options(&opts);
        if let Some(id) = self.indexed(hash, &opts) {
            return id;
        }
        if let Some(h) = self.reduction(&opts) {
            return h;
        }
        let birthday = opts.iter().map(|o| self.records[o.0 as usize].birthday + 1).max().unwrap_or(0);
        let g_plus = mex(opts.iter().map(|o| self.records[o.0 as usize].g_plus));
        let g_minus = if opts.is_empty() { 1 } else { mex(opts.iter().map(|o| self.records[o.0 as usize].g_minus)) };
        let id = MisereId(self.records.len() as u32);
        self.records.push(Record { options: opts, birthday, g_plus, g_minus });
        self.index.insert_unique(hash, (hash, id), |&(h, _)| h);
        id
    }

    /// The canonical game whose option set is `opts` (sorted, distinct), if there is one; `hash` is
    /// [`hash_options`]`(opts)`.
    pub(super) fn indexed(&self, hash: u64, opts: &[MisereId]) -> Option<MisereId> {
        self.index.find(hash, |&(h, id)| h == hash && self.records[id.0 as usize].options == opts).map(|&(_, id)| id)
    }

    /// The game `{opts}` reduces to when `opts` (sorted, distinct, canonical) is not its canonical option set
    /// (see the module notes); `None` when it is.
    fn reduction(&self, opts: &[MisereId]) -> Option<MisereId> {
        let zero = MisereId(0);
        // Every option reverses through 0, and G is a misère N-position: G = 0.
        if !opts.is_empty()
            && !opts.contains(&zero)
            && opts.iter().all(|o| self.records[o.0 as usize].options.contains(&zero))
            && opts.iter().any(|o| self.records[o.0 as usize].g_minus == 0)
        {
            return Some(zero);
        }
        // Options above a birthday gap that all reverse through the game of the options below it.
        let mut by_birthday = opts.to_vec();
        by_birthday.sort_by_key(|o| self.records[o.0 as usize].birthday);
        for j in 1..by_birthday.len() {
            let (lo, hi) = (self.birthday(by_birthday[j - 1]), self.birthday(by_birthday[j]));
            if hi > lo + 1 {
                let mut base = by_birthday[..j].to_vec();
                base.sort_unstable();
                if let Some(h) = self.indexed(hash_options(&base), &base) {
                    if by_birthday[j..].iter().all(|o| self.records[o.0 as usize].options.binary_search(&h).is_ok()) {
                        return Some(h);
                    }
                }
            }
        }
        None
    }

    /// Whether the sorted, distinct canonical games `opts` are the options of a canonical game.
    pub(super) fn is_canonical_option_set(&self, opts: &[MisereId]) -> bool {
        self.indexed(hash_options(opts), opts).is_some() || self.reduction(opts).is_none()
    }

    /// The canonical form of a literal tree.
    pub fn from_tree(&mut self, tree: &ImpartialTree) -> MisereId {
        let opts: Vec<MisereId> = tree.options().iter().map(|t| self.from_tree(t)).collect();
        self.game(&opts)
    }

    /// CGSuite's input form `*[…]`: `*[4,2]` is `{*4, *2}`, `*[[2],2,1,0]` is `{{*2}, *2, *, 0}`,
    /// and a one-element top level is that element (`*[2]` is `*2`). `spec` is the bracket's content.
    pub fn from_spec(&mut self, spec: &[MisereSpec]) -> MisereId {
        if spec.len() == 1 {
            return self.spec_element(&spec[0]);
        }
        let opts: Vec<MisereId> = spec.iter().map(|e| self.spec_element(e)).collect();
        self.game(&opts)
    }

    fn spec_element(&mut self, e: &MisereSpec) -> MisereId {
        match e {
            MisereSpec::Heap(n) => self.nim(*n),
            MisereSpec::Game(g) => *g,
            MisereSpec::List(items) => {
                let opts: Vec<MisereId> = items.iter().map(|i| self.spec_element(i)).collect();
                self.game(&opts)
            }
        }
    }

    /// The canonical options, sorted by id.
    pub fn options(&self, g: MisereId) -> &[MisereId] {
        &self.records[g.0 as usize].options
    }

    /// The birthday of the canonical form.
    pub fn birthday(&self, g: MisereId) -> u32 {
        self.records[g.0 as usize].birthday
    }

    /// `G+`: the normal-play nim value.
    pub fn nim_value(&self, g: MisereId) -> u32 {
        self.records[g.0 as usize].g_plus
    }

    /// `G-`: the misère nim value (`NimValue` in misère play); 0 iff a misère P-position.
    pub fn misere_nim_value(&self, g: MisereId) -> u32 {
        self.records[g.0 as usize].g_minus
    }

    /// Whether the player to move wins `g` in misère play (`MisereOutcomeClass` N rather than P).
    pub fn misere_next_wins(&self, g: MisereId) -> bool {
        self.misere_nim_value(g) != 0
    }

    /// Whether `g` is a nim heap.
    pub fn is_nim_heap(&mut self, g: MisereId) -> bool {
        let b = self.birthday(g) as usize;
        self.nim(b) == g
    }

    /// The misère sum `g + h` in canonical form.
    pub fn add(&mut self, g: MisereId, h: MisereId) -> MisereId {
        if g.0 == 0 {
            return h;
        }
        if h.0 == 0 {
            return g;
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&s) = self.add_memo.get(&key) {
            return s;
        }
        self.poll();
        let mut opts = Vec::new();
        for o in self.options(g).to_vec() {
            opts.push(self.add(o, h));
        }
        for o in self.options(h).to_vec() {
            opts.push(self.add(g, o));
        }
        let s = self.game(&opts);
        self.add_memo.insert(key, s);
        s
    }

    /// The `X` with `X + h = g`, if there is one (exact; see `subtract.rs`).
    pub fn difference(&mut self, g: MisereId, h: MisereId) -> Option<MisereId> {
        if h.0 == 0 {
            return Some(g);
        }
        if g == h {
            return Some(MisereId(0));
        }
        if let Some(&d) = self.diff_memo.get(&(g, h)) {
            return d;
        }
        self.poll();
        let star = self.nim(1);
        // Both recursive calls of the search are on smaller games (lower birthday sum): no cycle, so a
        // stopped computation leaves no half-made entry behind.
        let result = if h == star { Some(self.add(g, star)) } else { self.exact_difference(g, h) };
        self.diff_memo.insert((g, h), result);
        result
    }

    /// The even part: `E` if `g = E + *` with `E` born earlier (g is *odd*), else `g` itself.
    pub fn even_part(&mut self, g: MisereId) -> MisereId {
        if let Some(&e) = self.even_part.get(&g) {
            return e;
        }
        let star = self.nim(1);
        let mut e = g;
        for o in self.options(g).to_vec() {
            if self.add(o, star) == g {
                e = o;
                break;
            }
        }
        self.even_part.insert(g, e);
        e
    }

    /// Whether `g = E + *` for an earlier-born `E`.
    pub fn is_odd(&mut self, g: MisereId) -> bool {
        self.even_part(g) != g
    }

    /// CGSuite's canonical order (used to print options).
    pub fn compare(&mut self, a: MisereId, b: MisereId) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let (ea, eb) = (self.even_part(a), self.even_part(b));
        if ea != eb {
            let ka = (self.birthday(ea), self.options(ea).len(), self.nim_value(ea), self.misere_nim_value(ea));
            let kb = (self.birthday(eb), self.options(eb).len(), self.nim_value(eb), self.misere_nim_value(eb));
            let c = ka.cmp(&kb);
            if c != Ordering::Equal {
                return c;
            }
            let (oa, ob) = (self.sorted_options(ea), self.sorted_options(eb));
            for (x, y) in oa.iter().zip(ob.iter()) {
                let c = self.compare(*x, *y);
                if c != Ordering::Equal {
                    return c;
                }
            }
            return oa.len().cmp(&ob.len());
        }
        // same even part: the even one first
        (a != ea).cmp(&(b != eb))
    }

    /// The options in CGSuite's canonical order.
    pub fn sorted_options(&mut self, g: MisereId) -> Vec<MisereId> {
        if let Some(s) = self.sorted.get(&g) {
            return s.clone();
        }
        let mut opts = self.options(g).to_vec();
        // insertion sort with the (recursive, memo-free) comparator
        for i in 1..opts.len() {
            let mut j = i;
            while j > 0 && self.compare(opts[j - 1], opts[j]) == Ordering::Greater {
                opts.swap(j - 1, j);
                j -= 1;
            }
        }
        self.sorted.insert(g, opts.clone());
        opts
    }

    /// CGSuite's phylum of `g` (that of its even part).
    pub fn phylum(&mut self, g: MisereId) -> Phylum {
        let e = self.even_part(g);
        if let Some(&p) = self.phylum.get(&e) {
            return p;
        }
        let p = self.compute_phylum(e);
        self.phylum.insert(e, p);
        p
    }

    /// `G+` and `G-` of the even part of `g` (CGSuite records only even games).
    fn even_values(&mut self, g: MisereId) -> (u32, u32) {
        let e = self.even_part(g);
        (self.nim_value(e), self.misere_nim_value(e))
    }

    fn compute_phylum(&mut self, g: MisereId) -> Phylum {
        let opts = self.options(g).to_vec();
        let (gp, gm) = (self.nim_value(g), self.misere_nim_value(g));
        let mut wildest = Phylum::NimHeap;
        for &o in &opts {
            if wildest.is_generally_tame() {
                let p = self.phylum(o);
                if p > wildest {
                    wildest = p;
                }
            }
        }
        let mut mine = if gp == gm || (gp | gm) & !1 == 0 {
            Phylum::WildOfTameGenus
        } else if gp < 2 {
            Phylum::WildOfRestiveGenus
        } else if gm < 2 {
            Phylum::WildOfRestlessGenus
        } else {
            Phylum::Wild
        };
        let mut level = match wildest {
            Phylum::NimHeap => 0,
            Phylum::HereditarilyTame => 1,
            Phylum::ReversiblyTame => 2,
            _ => 3,
        };
        if level == 0 {
            if mine == Phylum::WildOfTameGenus && (gp > 1 || gp != gm) {
                return Phylum::NimHeap;
            }
            level = 1;
        }
        if level == 1 {
            match mine {
                Phylum::WildOfTameGenus => return Phylum::HereditarilyTame,
                Phylum::WildOfRestiveGenus => return Phylum::HereditarilyRestive,
                _ => level = 2,
            }
        }
        if level == 2 {
            match mine {
                Phylum::WildOfTameGenus => return Phylum::ReversiblyTame,
                Phylum::WildOfRestiveGenus => return Phylum::ReversiblyRestive,
                Phylum::WildOfRestlessGenus => return Phylum::Restless,
                _ => {}
            }
        }
        if matches!(mine, Phylum::WildOfTameGenus | Phylum::WildOfRestiveGenus) {
            let tame_genus = mine == Phylum::WildOfTameGenus;
            let (mut rev, mut tameable) = (true, tame_genus);
            let mut g_plus_set: Vec<u32> = Vec::new();
            let mut g_minus_set: Vec<u32> = Vec::new();
            let mut tameable_plus: Vec<u32> = Vec::new();
            let mut tameable_minus: Vec<u32> = Vec::new();
            for &o in &opts {
                let op = self.phylum(o);
                if op.is_generally_tame() {
                    g_plus_set.push(self.nim_value(o));
                    g_minus_set.push(self.misere_nim_value(o));
                    continue;
                }
                let (mut gm_t, mut gp_t) = (false, false);
                if tameable && op == Phylum::Tameable {
                    let (ep, em) = self.even_values(o);
                    tameable_minus.push(em);
                    tameable_plus.push(ep);
                    gm_t = true;
                    gp_t = true;
                }
                let (mut gm_f, mut gp_f) = (false, false);
                for s in self.options(o).to_vec() {
                    let sp = self.phylum(s);
                    let restive_possible = rev && !tame_genus;
                    if !(sp.is_generally_tame()
                        || (restive_possible && sp.is_restive_or_tame())
                        || (tameable && sp.is_tameable()))
                    {
                        continue;
                    }
                    let (sgp, sgm) = (self.nim_value(s), self.misere_nim_value(s));
                    if sp.is_generally_tame() && tame_genus {
                        gm_f |= gm == sgm;
                        gp_f |= gp == sgp;
                    } else if sp.is_restive_or_tame() && !tame_genus {
                        gm_f |= gm == sgm && (sgp & !1 == 0 || (sgp ^ gm) & !1 == 0);
                        gp_f |= gp == sgp && (sgm & !1 == 0 || (sgm ^ gm) & !1 == 0);
                    } else if sp == Phylum::Tameable && tameable {
                        gm_t |= gm == sgm;
                        gp_t |= gp == sgp;
                    }
                }
                if !(gm_f && gp_f) {
                    rev = false;
                    if !(gm_t && gp_t) {
                        tameable = false;
                    }
                    if !rev && !tameable {
                        break;
                    }
                }
            }
            if rev || tameable {
                if gp != mex(g_plus_set.iter().copied()) || gm != mex(g_minus_set.iter().copied()) {
                    rev = false;
                }
                if tameable {
                    g_plus_set.extend(tameable_plus);
                    g_minus_set.extend(tameable_minus);
                    if (gp != mex(g_plus_set.iter().copied()) || gm != mex(g_minus_set.iter().copied()))
                        && (!g_plus_set.is_empty() || gp > 0)
                    {
                        tameable = false;
                    }
                }
                if rev {
                    mine = if tame_genus { Phylum::ReversiblyTame } else { Phylum::ReversiblyRestive };
                } else if tameable {
                    mine = Phylum::Tameable;
                }
            }
        }
        if mine.is_wild() {
            Phylum::Wild
        } else {
            mine
        }
    }

    /// Conway's genus of `g`, as CGSuite computes and prints it.
    pub fn genus(&mut self, g: MisereId) -> Genus {
        let p = self.phylum(g);
        let (gp, gm) = (self.nim_value(g), self.misere_nim_value(g));
        if p == Phylum::NimHeap {
            return Genus { base: gp, sup: Vec::new(), kind: GenusKind::Tame };
        }
        if p.is_generally_tame() {
            return Genus { base: gp, sup: vec![gm], kind: GenusKind::Tame };
        }
        if p.is_generally_restive() {
            return Genus { base: gp, sup: vec![gm], kind: GenusKind::Restive };
        }
        if let Some(x) = self.genus.get(&g) {
            return x.clone();
        }
        let opts = self.options(g).to_vec();
        let genera: Vec<Genus> = opts.iter().map(|&o| self.genus(o)).collect();
        let base = mex(genera.iter().map(|x| x.base));
        let max_differ = genera.iter().map(|x| x.max_differ()).max().unwrap_or(1).max(1) + 2;
        let mut sup = vec![mex(genera.iter().map(|x| x.sup_digit(0)))];
        for i in 1..=max_differ {
            let prev = sup[i - 1];
            let d = mex([prev, prev ^ 1].into_iter().chain(genera.iter().map(|x| x.sup_digit(i))));
            sup.push(d);
        }
        let mut last = max_differ;
        while last > 1 && sup[last] == sup[last - 2] {
            last -= 1;
        }
        sup.truncate(last + 1);
        let result = Genus { base, sup, kind: GenusKind::General };
        self.genus.insert(g, result.clone());
        result
    }
}

/// A pseudo-display for ids without an arena (debugging only).
impl fmt::Display for MisereId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MisereId({})", self.0)
    }
}

/// Unwinds with [`crate::game::budget::OutOfBudget`] when the memory budget is exceeded.
pub(crate) fn poll_budget() {
    if crate::game::budget::exceeded() {
        std::panic::panic_any(crate::game::budget::OutOfBudget);
    }
}

fn mex<I: IntoIterator<Item = u32>>(values: I) -> u32 {
    crate::game::impartial::mex(values)
}

mod days;
pub use types::{DayError, MAX_DAY_GAMES};
mod links;
mod parts;
mod predicates;
mod print;
pub mod quotient;
mod subtract;
mod types;

#[cfg(test)]
mod tests;

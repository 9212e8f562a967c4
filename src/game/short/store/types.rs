//! The store's plain types, a leaf: the id of a game and the records the arena keeps for its children
//! (a heated nimber's record for `heated.rs`, a node's up brackets for `brackets.rs`, the collector's state
//! for `collect.rs`). `mod.rs` declares [`Games`](super::Games) with them, and each child extends `Games`
//! with its own `impl` block; taking the records from here, `mod.rs` names no child that names it back.

use crate::game::Dyadic;
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A canonical game: an index into [`Games`](super::Games). Equal games have equal ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub u32);

/// The record of `x + ∫^t *k` (k >= 2, t > 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Heated {
    pub(crate) k: u64,
    pub(crate) t: Dyadic,
    pub(crate) x: Dyadic,
}

/// `[ge[0], le[0], ge[1], le[1]]` of a node (see the module notes).
pub(super) type Brackets = [i8; 4];

/// The default number of live games below which no collection runs (about 200 MB of arena). A collection
/// frees results later computations may reuse (the sums of one option with nimbers of growing size, say), so
/// it pays only in large sessions: at 2^18, 130 sums `G + *k + k*^` of one Clobber form took 93 s instead of
/// 55 s for 21% less memory; at 2^20 that session never collects.
pub const DEFAULT_COLLECTION_THRESHOLD: usize = 1 << 20;

/// The threshold new arenas start with (`--gc-threshold`).
static THRESHOLD: AtomicUsize = AtomicUsize::new(DEFAULT_COLLECTION_THRESHOLD);

/// Sets the collection threshold of arenas created from now on (`usize::MAX`: never collect).
pub fn set_default_collection_threshold(games: usize) {
    THRESHOLD.store(games.max(1), Ordering::Relaxed);
}

/// The collector's state, kept in [`Games`](super::Games).
#[derive(Clone, Debug)]
pub(super) struct Gc {
    /// Free slots (ids below `nodes.len()` whose nodes hold nothing).
    pub(super) free: BTreeSet<u32>,
    /// Live games after the last collection (0 before the first).
    pub(super) live_after: usize,
    /// No collection below this many live games.
    pub(super) threshold: usize,
    /// Collections so far.
    pub(super) count: u64,
    /// Games freed so far.
    pub(super) freed: u64,
}

impl Default for Gc {
    fn default() -> Gc {
        Gc { free: BTreeSet::new(), live_after: 0, threshold: THRESHOLD.load(Ordering::Relaxed), count: 0, freed: 0 }
    }
}

impl Gc {
    /// The number of free slots.
    pub(super) fn free_len(&self) -> usize {
        self.free.len()
    }
}

//! The loopy engine's shared types: game graphs, stopper ids, the arena's fields and the engine's errors. A
//! leaf of `game/loopy/`: every other file of the folder uses these, and this file uses none of them, so the
//! folder has no import circle (its `mod.rs` re-exports the types and holds the arena's methods).

use crate::game::GameId;
use rustc_hash::FxHashMap;

/// The most states a survival table or product graph may have.
pub const MAX_STATES: usize = 20_000_000;

/// An edge of a game graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Edge {
    /// To a loopy vertex of the same graph.
    Loopy(u32),
    /// To a short game (a leaf).
    Short(GameId),
}

/// A loopy vertex: its Left and Right edges.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Vertex {
    /// Left's moves.
    pub left: Vec<Edge>,
    /// Right's moves.
    pub right: Vec<Edge>,
}

/// A rooted game graph whose leaves are short games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Graph {
    /// The loopy vertices.
    pub verts: Vec<Vertex>,
    /// The start vertex.
    pub start: u32,
}

/// A canonical stopper that is not loopfree: an index into the [`LoopyArena`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StopperId(pub u32);

/// A canonical stopper: a short game or a loopy one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stopper {
    /// A loopfree value.
    Short(GameId),
    /// A stopper with cycles.
    Loopy(StopperId),
}

/// The result of a sum of stoppers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sum {
    /// The sum is a stopper.
    Stopper(Stopper),
    /// The sum has an alternating cycle (its sides: [`LoopyArena::sidesum`]).
    NotStopper,
}

/// Errors of the loopy engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoopyError {
    /// A graph or survival table over [`MAX_STATES`] states.
    TooLarge,
    /// A graph that was required to be a stopper is not.
    NotStopper,
    /// Sidling did not settle: the sides of this game are beyond this engine.
    NoSide,
}

/// The arena of canonical loopy stoppers, with its caches.
#[derive(Debug, Default)]
pub struct LoopyArena {
    pub(super) graphs: Vec<Graph>,
    pub(super) by_key: FxHashMap<Graph, StopperId>,
    pub(super) neg_cache: FxHashMap<StopperId, StopperId>,
    pub(super) leq_cache: FxHashMap<(Stopper, Stopper), bool>,
    pub(super) add_cache: FxHashMap<(Stopper, Stopper), Sum>,
}

impl Graph {
    /// The short games at the leaves of the graph.
    pub fn short_leaves(&self) -> impl Iterator<Item = GameId> + '_ {
        self.verts.iter().flat_map(|v| v.left.iter().chain(&v.right)).filter_map(|e| match e {
            Edge::Short(g) => Some(*g),
            Edge::Loopy(_) => None,
        })
    }
}

//! Collection of the short games no value holds, at the interpreter's safe points.
//!
//! The game store ([`crate::game::Games`]) frees games only when it is given every [`GameId`] held outside it
//! (`Games::collect`). The interpreter gathers them with a [`Tracer`] at *safe points*, where no native frame
//! holds an id of its own: before each top-level statement of a cell (script, REPL, kernel), and after each
//! iteration of a loop that is itself a top-level statement (`for … do`, `for … yield`, `while … do`; the
//! values of its clauses' sources and the values yielded so far are traced with it). A safe point costs one
//! comparison unless a collection is due (`Games::wants_collection`).
//!
//! The roots: the top-level variables, the native globals, the locals of the running top-level loop, the
//! per-workspace extensions ([`Extension::trace`]) and, through the values, every list, set, map, tuple,
//! closure's captured scope and object ([`crate::interp::object::Object::trace`]). An object or extension
//! that cannot report its games answers `false`; the collection is then skipped (and put off until the store
//! doubles again), never run with a root missing. Caches that hold games (the native solvers' tables, the
//! loopy engine's sum and comparison caches) are emptied by their `trace` instead of traced.
//!
//! A leaf of the core: the tracer and the [`Extension`] trait name no value type, so that objects and
//! extensions can take them; its walk of values, functions and scopes is `interp/trace.rs`.

use crate::game::GameId;
use rustc_hash::FxHashSet;

/// Gathers the roots of a collection: every short game held outside the store.
#[derive(Default)]
pub struct Tracer {
    roots: Vec<GameId>,
    seen: FxHashSet<usize>,
}

impl Tracer {
    /// An empty tracer.
    pub fn new() -> Tracer {
        Tracer::default()
    }

    /// The games reported so far.
    pub fn roots(&self) -> &[GameId] {
        &self.roots
    }

    /// Reports a game.
    pub fn game(&mut self, g: GameId) {
        self.roots.push(g);
    }

    /// Whether the shared value at `p` is met for the first time (shared values and cycles are traced once).
    pub fn first_visit<T: ?Sized>(&mut self, p: *const T) -> bool {
        self.seen.insert(p as *const () as usize)
    }
}

/// Per-workspace state kept in [`super::env::Extensions`]: it must say which games it holds.
pub trait Extension: Default + 'static {
    /// Reports every game held (or drops what is only a cache); `false` when it cannot (no collection runs).
    fn trace(&mut self, t: &mut Tracer) -> bool;

    /// `:clear`: drops what only serves the variables just forgotten (a solver's tables). The default keeps
    /// everything (an arena whose values the native globals hold must stay).
    fn on_clear(&mut self) {}
}

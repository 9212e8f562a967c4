//! Loopy games: canonical stoppers and stopper-sided values ([CGT] ch. VI, [WW] ch. 11).
//!
//! # Data model
//! A game graph ([`Graph`]) is a vector of loopy vertices, each with Left and Right edge lists; an edge goes
//! either to another loopy vertex of the same graph ([`Edge::Loopy`]) or to a short game of the short engine
//! ([`Edge::Short`], a leaf). Keeping loopfree followers as [`GameId`] leaves keeps graphs small (`over` is one
//! loopy vertex and the leaf `0`) and lets comparisons of two leaves use the short engine.
//!
//! A canonical stopper ([`Stopper`]) is either a short game or a [`StopperId`] into the [`LoopyArena`], which
//! hash-conses simplest forms by an isomorphism-invariant key, so equal stoppers have equal ids.
//!
//! # Invariants
//! * Every graph stored in the arena is the simplest form of a stopper (§2.4 of `shared/LOOPY.md`): no
//!   dominated or reversible option, no two equal vertices, every vertex reachable from the start, and at
//!   least one cycle (a loopfree simplest form is returned as [`Stopper::Short`] instead).
//! * Comparison ([`LoopyArena::leq`]) is the survival test, valid only because both operands are stoppers.
//! * Sums that are not stoppers (`over + under`) are [`Sum::NotStopper`] from [`LoopyArena::add`]; their sides
//!   come from [`LoopyArena::sidesum`] and [`LoopyArena::side`] (sidling, `sides.rs`).
//!
//! Every retrograde loop polls the short engine's interrupt flag, and product graphs are capped at
//! [`MAX_STATES`] states ([`LoopyError::TooLarge`]).

mod canon;
mod compare;
mod general;
mod posgraph;
mod positions;
mod print;
mod print_general;
pub mod progress;
mod sided;
mod sides;
#[cfg(test)]
mod tests;
mod types;

use crate::game::{GameId, Games};

pub use compare::{product, Flat};
pub use general::SideValue;
pub use posgraph::PosGraph;
pub use positions::position_values;
pub use print::Pseudo;
pub use sided::{same_side, SideTable};
pub use sides::MAX_ROUNDS;
pub use types::{Edge, Graph, LoopyArena, LoopyError, Stopper, StopperId, Sum, Vertex, MAX_STATES};

impl LoopyArena {
    /// Reports every short game the stored graphs hold and empties the caches keyed by short games: the
    /// arena's part in a collection of the short games ([`Games::collect`]).
    pub fn trace_short(&mut self, mark: &mut dyn FnMut(GameId)) {
        for g in &self.graphs {
            g.short_leaves().for_each(&mut *mark);
        }
        self.leq_cache.clear();
        self.add_cache.clear();
    }

    /// The simplest-form graph of a stopper id (start vertex included).
    pub fn graph(&self, s: StopperId) -> &Graph {
        &self.graphs[s.0 as usize]
    }

    /// Interns a graph already in canonical numbering (see `canon.rs`).
    fn intern(&mut self, g: Graph) -> StopperId {
        if let Some(&id) = self.by_key.get(&g) {
            return id;
        }
        let id = StopperId(self.graphs.len() as u32);
        self.graphs.push(g.clone());
        self.by_key.insert(g, id);
        id
    }

    /// The graph of any stopper; a short game becomes one vertex whose options are leaves.
    pub fn as_graph(&self, games: &Games, s: Stopper) -> Graph {
        match s {
            Stopper::Loopy(id) => self.graph(id).clone(),
            Stopper::Short(g) => Graph {
                verts: vec![Vertex {
                    left: compare::ready(games.left_slice_if_ready(g)).into_iter().map(Edge::Short).collect(),
                    right: compare::ready(games.right_slice_if_ready(g)).into_iter().map(Edge::Short).collect(),
                }],
                start: 0,
            },
        }
    }

    /// The simplest form of a graph, or `Err(NotStopper)` if it has an alternating cycle.
    pub fn canonical(&mut self, games: &mut Games, g: &Graph) -> Result<Stopper, LoopyError> {
        let g = compare::restrict(g);
        if !compare::is_stopper(&g) {
            return Err(LoopyError::NotStopper);
        }
        canon::canonicalize(self, games, &g)
    }

    /// The simplest form of each of the first `count` vertices of a graph all of whose vertices are stoppers
    /// (`Err(NotStopper)` otherwise): one survival table for the whole graph.
    pub fn canonical_all(&mut self, games: &mut Games, g: &Graph, count: usize) -> Result<Vec<Stopper>, LoopyError> {
        if !compare::is_stopper(g) {
            return Err(LoopyError::NotStopper);
        }
        canon::canonicalize_all(self, games, g, count)
    }

    /// Whether a graph is a stopper (no alternating cycle among the followers of its start).
    pub fn is_stopper(g: &Graph) -> bool {
        compare::is_stopper(&compare::restrict(g))
    }

    /// `g <= h` for stoppers (the survival test).
    pub fn leq(&mut self, games: &mut Games, g: Stopper, h: Stopper) -> Result<bool, LoopyError> {
        if let (Stopper::Short(a), Stopper::Short(b)) = (g, h) {
            return Ok(games.leq(a, b));
        }
        if g == h {
            return Ok(true);
        }
        if let Some(&b) = self.leq_cache.get(&(g, h)) {
            return Ok(b);
        }
        let ga = self.as_graph(games, g);
        let hb = self.as_graph(games, h);
        let fa = Flat::new(games, &ga);
        let fb = Flat::new(games, &hb);
        let table = compare::Survival::new(games, &fa, &fb)?;
        let b = table.le(ga.start, hb.start);
        crate::game::budget::check_growth(&self.leq_cache);
        self.leq_cache.insert((g, h), b);
        Ok(b)
    }

    /// `-g`.
    pub fn neg(&mut self, games: &mut Games, g: Stopper) -> Stopper {
        match g {
            Stopper::Short(a) => Stopper::Short(games.neg(a)),
            Stopper::Loopy(id) => {
                if let Some(&n) = self.neg_cache.get(&id) {
                    return Stopper::Loopy(n);
                }
                let gr = self.graph(id).clone();
                let neg_edge = |games: &mut Games, e: &Edge| match *e {
                    Edge::Loopy(v) => Edge::Loopy(v),
                    Edge::Short(x) => Edge::Short(games.neg(x)),
                };
                let verts = gr
                    .verts
                    .iter()
                    .map(|v| Vertex {
                        left: v.right.iter().map(|e| neg_edge(games, e)).collect(),
                        right: v.left.iter().map(|e| neg_edge(games, e)).collect(),
                    })
                    .collect();
                let ng = Graph { verts, start: gr.start };
                // The negative of a simplest form is a simplest form; renumber canonically.
                let n = match canon::canonicalize(self, games, &ng) {
                    Ok(Stopper::Loopy(n)) => n,
                    _ => unreachable!("the negative of a loopy stopper is a loopy stopper"),
                };
                crate::game::budget::check_growth(&self.neg_cache);
                self.neg_cache.insert(id, n);
                self.neg_cache.insert(n, id);
                Stopper::Loopy(n)
            }
        }
    }

    /// `g + h` for stoppers: the canonical stopper, or [`Sum::NotStopper`].
    pub fn add(&mut self, games: &mut Games, g: Stopper, h: Stopper) -> Result<Sum, LoopyError> {
        if let (Stopper::Short(a), Stopper::Short(b)) = (g, h) {
            return Ok(Sum::Stopper(Stopper::Short(games.add(a, b))));
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&s) = self.add_cache.get(&key) {
            return Ok(s);
        }
        let ga = self.as_graph(games, g);
        let hb = self.as_graph(games, h);
        let prod = product(games, &ga, &hb)?;
        let r = if compare::is_stopper(&prod) {
            Sum::Stopper(canon::canonicalize(self, games, &prod)?)
        } else {
            Sum::NotStopper
        };
        crate::game::budget::check_growth(&self.add_cache);
        self.add_cache.insert(key, r);
        Ok(r)
    }

    /// The stopper a graph vertex stands for (the same graph started elsewhere), canonical.
    pub fn at(&mut self, games: &mut Games, g: &Graph, e: Edge) -> Result<Stopper, LoopyError> {
        match e {
            Edge::Short(x) => Ok(Stopper::Short(x)),
            Edge::Loopy(v) => self.canonical(games, &Graph { verts: g.verts.clone(), start: v }),
        }
    }

    /// Left options (`left`) or Right options of a stopper, as canonical stoppers.
    pub fn options(&mut self, games: &mut Games, s: Stopper, left: bool) -> Result<Vec<Stopper>, LoopyError> {
        match s {
            Stopper::Short(x) => {
                let o = if left { games.left_options(x) } else { games.right_options(x) };
                Ok(o.into_iter().map(Stopper::Short).collect())
            }
            Stopper::Loopy(id) => {
                let g = self.graph(id).clone();
                let v = &g.verts[g.start as usize];
                let edges = if left { v.left.clone() } else { v.right.clone() };
                edges.into_iter().map(|e| self.at(games, &g, e)).collect()
            }
        }
    }

    /// Every follower of a stopper (the vertices of its simplest form and the followers of its leaves).
    pub fn followers(&mut self, games: &mut Games, s: Stopper) -> Result<Vec<Stopper>, LoopyError> {
        match s {
            Stopper::Short(x) => Ok(games.followers(x).into_iter().map(Stopper::Short).collect()),
            Stopper::Loopy(id) => {
                let g = self.graph(id).clone();
                let mut out = Vec::new();
                let mut shorts = Vec::new();
                for v in 0..g.verts.len() as u32 {
                    out.push(self.at(games, &g, Edge::Loopy(v))?);
                    for e in g.verts[v as usize].left.iter().chain(&g.verts[v as usize].right) {
                        if let Edge::Short(x) = e {
                            shorts.push(*x);
                        }
                    }
                }
                let mut seen = rustc_hash::FxHashSet::default();
                for x in shorts {
                    for f in games.followers(x) {
                        if seen.insert(f) {
                            out.push(Stopper::Short(f));
                        }
                    }
                }
                Ok(out)
            }
        }
    }
}

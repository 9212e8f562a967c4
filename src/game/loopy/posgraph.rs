//! A position graph stored flat, the input of [`super::position_values`].
//!
//! A ruleset position's graph may have hundreds of thousands of vertices (Fox and Geese from the standard
//! start: 720,959). With a `Vec` of edges per vertex and player it was millions of small allocations, slow to
//! free when Ctrl-C unwinds (0.1–0.8 s late in a run) and about 100 bytes per vertex of allocator overhead and
//! spare capacity. Here every vertex's edges lie in one vector: a vertex is a span of it, its Left edges then
//! its Right edges, so the whole graph is two allocations, freed at once.
//!
//! Vertices are added empty and given their edges once each, in any order (a generator exploring depth first
//! sets them in the order it expands them); the spans need not be in vertex order. Both vectors are checked
//! against the session's memory budget before they grow.

use super::types::{Edge, Vertex};

/// A vertex's edges: `edges[start..start + left]` are Left's, the next `right` Right's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Span {
    start: u32,
    left: u32,
    right: u32,
}

/// A position graph: vertices `0..len()`, each with Left and Right edges ([`Edge::Loopy`] to another vertex,
/// or [`Edge::Short`] to a known short value).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PosGraph {
    spans: Vec<Span>,
    edges: Vec<Edge>,
}

impl PosGraph {
    /// An empty graph.
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// Adds a vertex without edges and returns its number.
    pub fn add_vertex(&mut self) -> u32 {
        crate::game::budget::check_vec_growth(self.spans.len(), self.spans.capacity(), 1, std::mem::size_of::<Span>());
        self.spans.push(Span::default());
        u32::try_from(self.spans.len() - 1).expect("fewer than 2^32 vertices (the memory budget stops before)")
    }

    /// Gives vertex `v` its edges (replacing any it had; the replaced ones stay unused in the vector, so set
    /// each vertex once where that matters).
    pub fn set_edges(&mut self, v: u32, left: &[Edge], right: &[Edge]) {
        let more = left.len() + right.len();
        crate::game::budget::check_vec_growth(
            self.edges.len(),
            self.edges.capacity(),
            more,
            std::mem::size_of::<Edge>(),
        );
        let start = u32::try_from(self.edges.len()).expect("fewer than 2^32 edges (the memory budget stops before)");
        self.edges.extend_from_slice(left);
        self.edges.extend_from_slice(right);
        self.spans[v as usize] = Span { start, left: left.len() as u32, right: right.len() as u32 };
    }

    /// Left's edges from vertex `v`.
    pub fn left(&self, v: usize) -> &[Edge] {
        let s = self.spans[v];
        &self.edges[s.start as usize..(s.start + s.left) as usize]
    }

    /// Right's edges from vertex `v`.
    pub fn right(&self, v: usize) -> &[Edge] {
        let s = self.spans[v];
        &self.edges[(s.start + s.left) as usize..(s.start + s.left + s.right) as usize]
    }

    /// Both players' edges from vertex `v` (Left's first).
    pub fn edges(&self, v: usize) -> &[Edge] {
        let s = self.spans[v];
        &self.edges[s.start as usize..(s.start + s.left + s.right) as usize]
    }

    /// The edges of one player from vertex `v`.
    pub fn player(&self, v: usize, left: bool) -> &[Edge] {
        if left {
            self.left(v)
        } else {
            self.right(v)
        }
    }

    /// The graph of a list of vertices (vertex i of the list is vertex i of the graph).
    pub fn from_vertices(verts: &[Vertex]) -> Self {
        let mut g = PosGraph::new();
        for v in verts {
            let i = g.add_vertex();
            g.set_edges(i, &v.left, &v.right);
        }
        g
    }

    /// Drops the spare capacity of the two vectors (after building: the doubling leaves up to half unused).
    pub fn shrink_to_fit(&mut self) {
        self.spans.shrink_to_fit();
        self.edges.shrink_to_fit();
    }
}

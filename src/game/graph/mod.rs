//! Graphs as immutable values: CGSuite's `Graph` (an undirected multigraph with labelled vertices and
//! edges, loops allowed), its string notation (parser and printer, same rules as CGSuite's `GraphParser`
//! and `Graph.toString`), its constructors and structural operations, and a canonical key (an
//! isomorphism-invariant encoding of the labelled graph) for memo tables.
//!
//! Vertices are 0-based here; the interpreter adds 1 (CGSuite is 1-based). Each vertex holds its outgoing
//! edges in order; an undirected edge between distinct vertices is stored at both ends, a loop once.
//! Labels are generic (`V`, `E`); the notation maps label strings through caller closures, `""` being the
//! unlabelled default.

pub mod canon;
pub mod notation;
#[cfg(test)]
mod tests;

/// An edge leaving a vertex: its target vertex (0-based) and label.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge<E> {
    /// Target vertex (0-based).
    pub to: usize,
    /// The edge label.
    pub label: E,
}

/// A vertex: its label and its outgoing edges, in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vertex<V, E> {
    /// The vertex label.
    pub label: V,
    /// Outgoing edges, in order.
    pub edges: Vec<Edge<E>>,
}

/// An immutable graph (structural equality and hashing: same vertex order, labels and edge lists).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Graph<V, E> {
    /// The vertices, in order (vertex 1 of CGSuite is index 0).
    pub vertices: Vec<Vertex<V, E>>,
}

/// Errors of graph operations (CGSuite's wording).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphError {
    /// "Vertex is out of bounds: n" (n 1-based).
    VertexOutOfBounds(i64),
    /// "Edge is out of bounds: n" (n 1-based).
    EdgeOutOfBounds(i64),
    /// "Invalid graph specification..." with CGSuite's detail.
    Invalid(String),
    /// A constructor asked for more vertices than the cap.
    TooLarge(usize),
    /// A constructor asked for more edges than the cap.
    TooManyEdges(usize),
}

impl std::fmt::Display for GraphError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GraphError::VertexOutOfBounds(n) => write!(f, "Vertex is out of bounds: {n}"),
            GraphError::EdgeOutOfBounds(n) => write!(f, "Edge is out of bounds: {n}"),
            GraphError::Invalid(s) => write!(f, "{s}"),
            GraphError::TooLarge(n) => write!(f, "Graph too large: {n} vertices (limit {MAX_VERTICES})"),
            GraphError::TooManyEdges(n) => write!(f, "Graph too large: {n} edges (limit {MAX_EDGES})"),
        }
    }
}

/// Cap on constructed graph sizes.
pub const MAX_VERTICES: usize = 4096;

/// Cap on the edges of a constructed clique (n(n-1)/2 of them; the cap keeps it to tens of megabytes).
pub const MAX_EDGES: usize = 1 << 19;

fn check_size(n: usize) -> Result<(), GraphError> {
    if n > MAX_VERTICES {
        Err(GraphError::TooLarge(n))
    } else {
        Ok(())
    }
}

impl<V: Clone + Eq, E: Clone + Eq> Graph<V, E> {
    /// The graph with no vertices.
    pub fn empty() -> Self {
        Graph { vertices: Vec::new() }
    }

    /// One vertex, no edges.
    pub fn singleton(v: V) -> Self {
        Graph { vertices: vec![Vertex { label: v, edges: Vec::new() }] }
    }

    /// One vertex with a loop.
    pub fn looped(v: V, e: E) -> Self {
        Graph { vertices: vec![Vertex { label: v, edges: vec![Edge { to: 0, label: e }] }] }
    }

    /// `n` vertices, each pair joined once (edges listed in vertex order, as CGSuite).
    pub fn clique(n: usize, v: V, e: E) -> Result<Self, GraphError> {
        check_size(n)?;
        if n * n.saturating_sub(1) / 2 > MAX_EDGES {
            return Err(GraphError::TooManyEdges(n * (n - 1) / 2));
        }
        Ok(Graph {
            vertices: (0..n)
                .map(|i| Vertex {
                    label: v.clone(),
                    edges: (0..n).filter(|&k| k != i).map(|k| Edge { to: k, label: e.clone() }).collect(),
                })
                .collect(),
        })
    }

    /// The path on `n` vertices.
    pub fn path(n: usize, v: V, e: E) -> Result<Self, GraphError> {
        check_size(n)?;
        Ok(match n {
            0 => Self::empty(),
            1 => Self::singleton(v),
            _ => Graph {
                vertices: (0..n)
                    .map(|i| {
                        let mut edges = Vec::new();
                        if i > 0 {
                            edges.push(Edge { to: i - 1, label: e.clone() });
                        }
                        if i + 1 < n {
                            edges.push(Edge { to: i + 1, label: e.clone() });
                        }
                        Vertex { label: v.clone(), edges }
                    })
                    .collect(),
            },
        })
    }

    /// The cycle on `n` vertices (a loop when `n == 1`).
    pub fn cycle(n: usize, v: V, e: E) -> Result<Self, GraphError> {
        check_size(n)?;
        Ok(match n {
            0 => Self::empty(),
            1 => Self::looped(v, e),
            _ => Graph {
                vertices: (0..n)
                    .map(|i| Vertex {
                        label: v.clone(),
                        edges: vec![
                            Edge { to: (i + n - 1) % n, label: e.clone() },
                            Edge { to: (i + 1) % n, label: e.clone() },
                        ],
                    })
                    .collect(),
            },
        })
    }

    /// The star: vertex 1 joined to each of the other `n - 1`.
    pub fn star(n: usize, v: V, e: E) -> Result<Self, GraphError> {
        check_size(n)?;
        if n == 0 {
            return Ok(Self::empty());
        }
        let mut vertices =
            vec![Vertex { label: v.clone(), edges: (1..n).map(|k| Edge { to: k, label: e.clone() }).collect() }];
        vertices.extend((1..n).map(|_| Vertex { label: v.clone(), edges: vec![Edge { to: 0, label: e.clone() }] }));
        Ok(Graph { vertices })
    }

    /// From an adjacency list of 0-based targets (each list gives a vertex's out-edges, as CGSuite).
    pub fn from_adjacency_list(adj: &[Vec<usize>], v: V, e: E) -> Result<Self, GraphError> {
        check_size(adj.len())?;
        for list in adj {
            for &t in list {
                if t >= adj.len() {
                    return Err(GraphError::VertexOutOfBounds(t as i64 + 1));
                }
            }
        }
        Ok(Graph {
            vertices: adj
                .iter()
                .map(|list| Vertex {
                    label: v.clone(),
                    edges: list.iter().map(|&t| Edge { to: t, label: e.clone() }).collect(),
                })
                .collect(),
        })
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.vertices.len()
    }

    /// No vertices.
    pub fn is_empty(&self) -> bool {
        self.vertices.is_empty()
    }

    fn check_vertex(&self, v: usize) -> Result<(), GraphError> {
        if v < self.vertices.len() {
            Ok(())
        } else {
            Err(GraphError::VertexOutOfBounds(v as i64 + 1))
        }
    }

    /// Undirected edges, each once: `(from, to, label)` with `from <= to`, in vertex order.
    pub fn edges(&self) -> Vec<(usize, usize, E)> {
        let mut out = Vec::new();
        for (i, v) in self.vertices.iter().enumerate() {
            for e in &v.edges {
                if i <= e.to {
                    out.push((i, e.to, e.label.clone()));
                }
            }
        }
        out
    }

    /// Number of undirected edges (a loop counts once).
    pub fn edge_count(&self) -> usize {
        self.edges().len()
    }

    /// Sorted targets of each vertex (CGSuite's `AdjacencyList`, 0-based).
    pub fn adjacency_list(&self) -> Vec<Vec<usize>> {
        self.vertices
            .iter()
            .map(|v| {
                let mut t: Vec<usize> = v.edges.iter().map(|e| e.to).collect();
                t.sort_unstable();
                t
            })
            .collect()
    }

    /// No loops and no repeated edges.
    pub fn is_simple(&self) -> bool
    where
        E: Ord,
    {
        let mut edges = self.edges();
        if edges.iter().any(|(a, b, _)| a == b) {
            return false;
        }
        let n = edges.len();
        edges.sort();
        edges.dedup();
        edges.len() == n
    }

    /// Deletes vertex `v`, renumbering the later ones down.
    pub fn delete_vertex(&self, v: usize) -> Result<Self, GraphError> {
        self.check_vertex(v)?;
        let keep: Vec<usize> = (0..self.vertex_count()).filter(|&n| n != v).collect();
        self.retain_vertices(&keep)
    }

    /// Deletes the given vertices.
    pub fn delete_vertices(&self, vs: &[usize]) -> Result<Self, GraphError> {
        for &v in vs {
            self.check_vertex(v)?;
        }
        let keep: Vec<usize> = (0..self.vertex_count()).filter(|n| !vs.contains(n)).collect();
        self.retain_vertices(&keep)
    }

    /// Keeps the given vertices (in increasing order) and the edges among them.
    pub fn retain_vertices(&self, vs: &[usize]) -> Result<Self, GraphError> {
        for &v in vs {
            self.check_vertex(v)?;
        }
        let mut sorted = vs.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        let mut map = vec![usize::MAX; self.vertex_count()];
        for (k, &n) in sorted.iter().enumerate() {
            map[n] = k;
        }
        Ok(Graph {
            vertices: sorted
                .iter()
                .map(|&n| Vertex {
                    label: self.vertices[n].label.clone(),
                    edges: self.vertices[n]
                        .edges
                        .iter()
                        .filter(|e| map[e.to] != usize::MAX)
                        .map(|e| Edge { to: map[e.to], label: e.label.clone() })
                        .collect(),
                })
                .collect(),
        })
    }

    /// Deletes the `k`-th edge (0-based) of vertex `v`, and its reverse copy at the other end.
    pub fn delete_edge_by_index(&self, v: usize, k: usize) -> Result<Self, GraphError> {
        self.check_vertex(v)?;
        let edge = self.vertices[v].edges.get(k).cloned().ok_or(GraphError::EdgeOutOfBounds(k as i64 + 1))?;
        let mut g = self.clone();
        g.vertices[v].edges.remove(k);
        if edge.to != v {
            let back = &mut g.vertices[edge.to].edges;
            if let Some(j) = back.iter().position(|b| b.to == v && b.label == edge.label) {
                back.remove(j);
            }
        }
        Ok(g)
    }

    /// Every stored edge as a directed edge `(from, to, label)`, in vertex order (CGSuite's
    /// `DirectedGraph.Edges`).
    pub fn arcs(&self) -> Vec<(usize, usize, E)> {
        let mut out = Vec::new();
        for (i, v) in self.vertices.iter().enumerate() {
            out.extend(v.edges.iter().map(|e| (i, e.to, e.label.clone())));
        }
        out
    }

    /// The directed path on `n` vertices: an edge from each vertex to the next.
    pub fn directed_path(n: usize, v: V, e: E) -> Result<Self, GraphError> {
        check_size(n)?;
        let adj: Vec<Vec<usize>> = (0..n).map(|i| if i + 1 < n { vec![i + 1] } else { Vec::new() }).collect();
        Self::from_adjacency_list(&adj, v, e)
    }

    /// Deletes the `k`-th edge (0-based) of vertex `v` only (a directed edge).
    pub fn delete_arc_by_index(&self, v: usize, k: usize) -> Result<Self, GraphError> {
        self.check_vertex(v)?;
        if k >= self.vertices[v].edges.len() {
            return Err(GraphError::EdgeOutOfBounds(k as i64 + 1));
        }
        let mut g = self.clone();
        g.vertices[v].edges.remove(k);
        Ok(g)
    }

    /// Deletes the first directed edge `from` → `to` with this label, if there is one.
    pub fn delete_arc(&self, from: usize, to: usize, label: &E) -> Result<Self, GraphError> {
        self.check_vertex(from)?;
        self.check_vertex(to)?;
        let mut g = self.clone();
        if let Some(j) = g.vertices[from].edges.iter().position(|b| b.to == to && &b.label == label) {
            g.vertices[from].edges.remove(j);
        }
        Ok(g)
    }

    /// Deletes one edge `from`–`to` with this label (both copies), if there is one.
    pub fn delete_edge(&self, from: usize, to: usize, label: &E) -> Result<Self, GraphError> {
        self.check_vertex(from)?;
        self.check_vertex(to)?;
        let mut g = self.clone();
        if let Some(j) = g.vertices[from].edges.iter().position(|b| b.to == to && &b.label == label) {
            g.vertices[from].edges.remove(j);
        }
        if from != to {
            if let Some(j) = g.vertices[to].edges.iter().position(|b| b.to == from && &b.label == label) {
                g.vertices[to].edges.remove(j);
            }
        }
        Ok(g)
    }

    /// Replaces the labels of the given vertices.
    pub fn updated_vertex_labels(&self, labels: &[(usize, V)]) -> Result<Self, GraphError> {
        let mut g = self.clone();
        for (v, l) in labels {
            self.check_vertex(*v)?;
            g.vertices[*v].label = l.clone();
        }
        Ok(g)
    }

    /// Vertices reachable from `v` along out-edges, avoiding vertices labelled `avoid` (sorted).
    fn reach(&self, v: usize, avoid: Option<&V>, seen: &mut [bool]) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![v];
        while let Some(u) = stack.pop() {
            if seen[u] || avoid.is_some_and(|a| &self.vertices[u].label == a) {
                continue;
            }
            seen[u] = true;
            out.push(u);
            stack.extend(self.vertices[u].edges.iter().map(|e| e.to));
        }
        out.sort_unstable();
        out
    }

    /// Vertices reachable from `v`.
    pub fn connected_vertex_count(&self, v: usize) -> Result<usize, GraphError> {
        self.check_vertex(v)?;
        Ok(self.reach(v, None, &mut vec![false; self.vertex_count()]).len())
    }

    /// Every vertex reachable from the first (true for the empty graph).
    pub fn is_connected(&self) -> bool {
        self.is_empty() || self.reach(0, None, &mut vec![false; self.vertex_count()]).len() == self.vertex_count()
    }

    /// The component of `v`.
    pub fn connected_component(&self, v: usize) -> Result<Self, GraphError> {
        self.check_vertex(v)?;
        let vs = self.reach(v, None, &mut vec![false; self.vertex_count()]);
        self.retain_vertices(&vs)
    }

    /// All components, ordered by least vertex.
    pub fn connected_components(&self) -> Vec<Self> {
        self.components(None)
    }

    /// Components after cutting at vertices labelled `boundary` (they are dropped), as CGSuite's
    /// `Decomposition(boundaryLabel)`.
    pub fn decomposition(&self, boundary: &V) -> Vec<Self> {
        self.components(Some(boundary))
    }

    fn components(&self, avoid: Option<&V>) -> Vec<Self> {
        let mut all = vec![false; self.vertex_count()];
        let mut out = Vec::new();
        for v in 0..self.vertex_count() {
            if all[v] {
                continue;
            }
            let mut seen = vec![false; self.vertex_count()];
            let vs = self.reach(v, avoid, &mut seen);
            for &u in &vs {
                all[u] = true;
            }
            if !vs.is_empty() {
                out.push(self.retain_vertices(&vs).expect("in range"));
            }
        }
        out
    }
}

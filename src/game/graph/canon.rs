//! Canonical labelling: an isomorphism-invariant key of a labelled graph, for memo tables.
//!
//! The key is itself a `Graph`, isomorphic to the input, whose vertex order and edge lists are canonical:
//! isomorphic graphs (same vertex labels and edge labels up to renumbering) give equal keys. The method is
//! individualization–refinement: colour refinement (a vertex's colour is refined by the multiset of
//! `(edge label, direction, neighbour colour)`), then, while some colour class has several vertices, each
//! vertex of the first such class is individualized in turn and the least resulting encoding is kept.
//! Twins (vertices with the same label and the same neighbourhood) are interchangeable, so only one of them
//! is tried. A node budget bounds the search; past it the least encoding found so far is returned, which is
//! still isomorphic to the input (so a memo stays correct) but may miss a sharing.
//!
//! Each search node and each refinement round polls (`budget::poll`): Ctrl-C and the memory budget stop a
//! labelling of a big graph within a round (issue 36 row 12: `Col(CycleGraph(200))` took 1.2 s to stop).

use super::{Edge, Graph, Vertex};

/// Search nodes before the search settles for the best encoding found.
const BUDGET: usize = 20_000;

/// The canonical form of `g` (see the module doc).
pub fn canonical_key<V: Clone + Ord, E: Clone + Ord>(g: &Graph<V, E>) -> Graph<V, E> {
    canonical_key_rooted(g, None)
}

/// The canonical form of `g` with vertex `root` (if given and in range) kept apart from the others: it is
/// vertex 0 of the result, so isomorphisms that fix the root (Hackenbush's ground) give equal keys.
pub fn canonical_key_rooted<V: Clone + Ord, E: Clone + Ord>(g: &Graph<V, E>, root: Option<usize>) -> Graph<V, E> {
    let n = g.vertices.len();
    if n == 0 {
        return g.clone();
    }
    let mut inc: Vec<Vec<(usize, &E)>> = vec![Vec::new(); n];
    for (i, v) in g.vertices.iter().enumerate() {
        for e in &v.edges {
            inc[e.to].push((i, &e.label));
        }
    }
    // Initial colours: ranks of the vertex labels.
    let mut labels: Vec<&V> = g.vertices.iter().map(|v| &v.label).collect();
    labels.sort();
    labels.dedup();
    // The root, if any, gets colour 0, below every label rank; refinement and individualization keep it least.
    let colours: Vec<usize> = g
        .vertices
        .iter()
        .enumerate()
        .map(|(i, v)| {
            if root == Some(i) {
                0
            } else {
                labels.binary_search(&&v.label).expect("present") + usize::from(root.is_some_and(|r| r < n))
            }
        })
        .collect();
    let mut s = Search { g, inc: &inc, best: None, nodes: 0 };
    let c = s.refine(colours);
    s.search(c);
    s.best.expect("at least one leaf")
}

struct Search<'a, V, E> {
    g: &'a Graph<V, E>,
    inc: &'a [Vec<(usize, &'a E)>],
    best: Option<Graph<V, E>>,
    nodes: usize,
}

/// A vertex's refinement signature: its colour and its neighbours' (direction, edge label, colour).
type Signature<'e, E> = (usize, Vec<(bool, &'e E, usize)>);

impl<V: Clone + Ord, E: Clone + Ord> Search<'_, V, E> {
    /// Refines colours to a stable partition; colours are ranks `0..k` of canonical signatures.
    fn refine(&self, mut colours: Vec<usize>) -> Vec<usize> {
        let n = colours.len();
        let mut classes = count_classes(&colours);
        loop {
            crate::game::budget::poll();
            let sigs: Vec<Signature<E>> = (0..n)
                .map(|i| {
                    let mut nb: Vec<(bool, &E, usize)> = self.g.vertices[i]
                        .edges
                        .iter()
                        .map(|e| (false, &e.label, colours[e.to]))
                        .chain(self.inc[i].iter().map(|&(f, l)| (true, l, colours[f])))
                        .collect();
                    nb.sort();
                    (colours[i], nb)
                })
                .collect();
            let mut sorted: Vec<&Signature<E>> = sigs.iter().collect();
            sorted.sort();
            sorted.dedup();
            colours = sigs.iter().map(|s| sorted.binary_search(&s).expect("present")).collect();
            let k = sorted.len();
            if k == classes {
                return colours;
            }
            classes = k;
        }
    }

    fn search(&mut self, colours: Vec<usize>) {
        crate::game::budget::poll();
        self.nodes += 1;
        let n = colours.len();
        let mut counts = vec![0usize; n];
        for &c in &colours {
            counts[c] += 1;
        }
        let Some(cell) = (0..n).find(|&c| counts[c] > 1) else {
            let leaf = self.encode(&colours);
            if self.best.as_ref().is_none_or(|b| leaf < *b) {
                self.best = Some(leaf);
            }
            return;
        };
        let members: Vec<usize> = (0..n).filter(|&i| colours[i] == cell).collect();
        let mut tried: Vec<usize> = Vec::new();
        for &v in &members {
            if self.best.is_some() && self.nodes > BUDGET {
                return;
            }
            if tried.iter().any(|&u| self.twins(u, v)) {
                continue;
            }
            tried.push(v);
            // Individualize v: it keeps a colour just below the rest of its class.
            let ind: Vec<usize> =
                colours.iter().enumerate().map(|(i, &c)| 2 * c + usize::from(c == cell && i != v)).collect();
            let ind = self.refine(rank(&ind));
            self.search(ind);
        }
    }

    /// Same label and the same neighbourhood apart from each other.
    fn twins(&self, u: usize, v: usize) -> bool {
        let nb = |x: usize, other: usize| {
            let mut out: Vec<(bool, usize, &E)> = self.g.vertices[x]
                .edges
                .iter()
                .map(|e| (false, e.to, &e.label))
                .chain(self.inc[x].iter().map(|&(f, l)| (true, f, l)))
                .map(|(d, t, l)| (d, if t == x || t == other { usize::MAX } else { t }, l))
                .collect();
            out.sort();
            out
        };
        self.g.vertices[u].label == self.g.vertices[v].label && nb(u, v) == nb(v, u)
    }

    /// The graph renumbered by a discrete colouring, edge lists sorted.
    fn encode(&self, pos: &[usize]) -> Graph<V, E> {
        let n = pos.len();
        let mut at = vec![0usize; n];
        for (i, &p) in pos.iter().enumerate() {
            at[p] = i;
        }
        Graph {
            vertices: (0..n)
                .map(|p| {
                    let v = &self.g.vertices[at[p]];
                    let mut edges: Vec<Edge<E>> =
                        v.edges.iter().map(|e| Edge { to: pos[e.to], label: e.label.clone() }).collect();
                    edges.sort();
                    Vertex { label: v.label.clone(), edges }
                })
                .collect(),
        }
    }
}

fn count_classes(c: &[usize]) -> usize {
    let mut s = c.to_vec();
    s.sort_unstable();
    s.dedup();
    s.len()
}

fn rank(c: &[usize]) -> Vec<usize> {
    let mut s = c.to_vec();
    s.sort_unstable();
    s.dedup();
    c.iter().map(|x| s.binary_search(x).expect("present")).collect()
}

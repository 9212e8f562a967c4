//! The survival test for stoppers ([WW] ch. 11, [CGT] VI; `shared/LOOPY.md` §2.3) and the stopper test.
//!
//! A [`Flat`] graph expands a [`Graph`]'s short leaves into vertices (each marked with its [`GameId`]), so the
//! retrograde analysis sees one uniform graph. [`Survival`] decides, for every pair (g, h) of vertices of two
//! flat graphs at once, whether Left survives H − G moving second: it computes Right's attractor of "Left to
//! move with no move" over the states (g, h, player to move) by counting down, per Left-to-move state, the
//! successors not yet known to be lost. States of two short vertices are decided by the short engine.

use super::types::{Edge, Graph, LoopyError, Vertex, MAX_STATES};
use crate::game::{GameId, Games};
use rustc_hash::FxHashMap;

/// A graph with its short leaves expanded into vertices. The first `loopy` vertices are the graph's own.
#[derive(Clone, Debug)]
pub struct Flat {
    /// Left edges per vertex.
    pub left: Vec<Vec<u32>>,
    /// Right edges per vertex.
    pub right: Vec<Vec<u32>>,
    /// The short game of a vertex that is one.
    pub short: Vec<Option<GameId>>,
    /// Index of each short game's vertex.
    pub short_index: FxHashMap<GameId, u32>,
}

impl Flat {
    /// Expands `g` (its loopy vertices keep their indices).
    pub fn new(games: &Games, g: &Graph) -> Flat {
        let n = g.verts.len();
        let mut f = Flat {
            left: vec![Vec::new(); n],
            right: vec![Vec::new(); n],
            short: vec![None; n],
            short_index: FxHashMap::default(),
        };
        for (i, v) in g.verts.iter().enumerate() {
            let l: Vec<u32> = v.left.iter().map(|e| f.edge(games, *e)).collect();
            let r: Vec<u32> = v.right.iter().map(|e| f.edge(games, *e)).collect();
            f.left[i] = l;
            f.right[i] = r;
        }
        f
    }

    /// The flat vertex of an edge target, adding short games (and their followers) as needed.
    pub fn edge(&mut self, games: &Games, e: Edge) -> u32 {
        match e {
            Edge::Loopy(v) => v,
            Edge::Short(x) => self.short_vertex(games, x),
        }
    }

    fn short_vertex(&mut self, games: &Games, x: GameId) -> u32 {
        if let Some(&i) = self.short_index.get(&x) {
            return i;
        }
        let i = self.left.len() as u32;
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        self.short.push(Some(x));
        self.short_index.insert(x, i);
        let l: Vec<u32> =
            ready(games.left_slice_if_ready(x)).into_iter().map(|y| self.short_vertex(games, y)).collect();
        let r: Vec<u32> =
            ready(games.right_slice_if_ready(x)).into_iter().map(|y| self.short_vertex(games, y)).collect();
        self.left[i as usize] = l;
        self.right[i as usize] = r;
        i
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Whether there is no vertex.
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    fn reverse(&self) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
        let n = self.len();
        let (mut rl, mut rr) = (vec![Vec::new(); n], vec![Vec::new(); n]);
        for v in 0..n {
            for &w in &self.left[v] {
                rl[w as usize].push(v as u32);
            }
            for &w in &self.right[v] {
                rr[w as usize].push(v as u32);
            }
        }
        (rl, rr)
    }
}

/// Right's attractor over the states of H − G for all pairs of vertices of two flat graphs.
pub struct Survival {
    nb: usize,
    attr: Vec<bool>,
}

impl Survival {
    /// Computes the table (G's vertices from `a`, H's from `b`).
    pub fn new(games: &mut Games, a: &Flat, b: &Flat) -> Result<Survival, LoopyError> {
        let (na, nb) = (a.len(), b.len());
        let n = na.checked_mul(nb).and_then(|x| x.checked_mul(2)).ok_or(LoopyError::TooLarge)?;
        if n > MAX_STATES {
            return Err(LoopyError::TooLarge);
        }
        let (a_rl, a_rr) = a.reverse();
        let (b_rl, b_rr) = b.reverse();
        let idx = |g: usize, h: usize, left: usize| ((g * nb + h) << 1) | left;
        let mut attr = vec![false; n];
        let mut decided = vec![false; n];
        let mut count = vec![0u32; n];
        let mut queue: Vec<usize> = Vec::new();
        for g in 0..na {
            if g.is_multiple_of(64) {
                games.poll_interrupt();
            }
            for h in 0..nb {
                let (r, l) = (idx(g, h, 0), idx(g, h, 1));
                if let (Some(x), Some(y)) = (a.short[g], b.short[h]) {
                    decided[r] = true;
                    decided[l] = true;
                    attr[r] = !games.leq(x, y);
                    attr[l] = games.leq(y, x);
                    if attr[r] {
                        queue.push(r);
                    }
                    if attr[l] {
                        queue.push(l);
                    }
                } else {
                    let c = b.left[h].len() + a.right[g].len();
                    count[l] = c as u32;
                    if c == 0 {
                        attr[l] = true;
                        queue.push(l);
                    }
                }
            }
        }
        let mut steps = 0usize;
        while let Some(s) = queue.pop() {
            steps += 1;
            if steps.is_multiple_of(4096) {
                games.poll_interrupt();
            }
            let (g, h, left) = ((s >> 1) / nb, (s >> 1) % nb, s & 1);
            if left == 0 {
                // Right to move here: reached by a Left move, from Left-to-move states.
                let preds = b_rl[h]
                    .iter()
                    .map(|&h2| idx(g, h2 as usize, 1))
                    .chain(a_rr[g].iter().map(|&g2| idx(g2 as usize, h, 1)));
                for p in preds {
                    if decided[p] || attr[p] {
                        continue;
                    }
                    count[p] -= 1;
                    if count[p] == 0 {
                        attr[p] = true;
                        queue.push(p);
                    }
                }
            } else {
                let preds = b_rr[h]
                    .iter()
                    .map(|&h2| idx(g, h2 as usize, 0))
                    .chain(a_rl[g].iter().map(|&g2| idx(g2 as usize, h, 0)));
                for p in preds {
                    if decided[p] || attr[p] {
                        continue;
                    }
                    attr[p] = true;
                    queue.push(p);
                }
            }
        }
        Ok(Survival { nb, attr })
    }

    /// Whether G's vertex `g` ≤ H's vertex `h` (Left survives H − G moving second).
    pub fn le(&self, g: u32, h: u32) -> bool {
        !self.attr[(g as usize * self.nb + h as usize) << 1]
    }
}

/// The followers of the start, renumbered with the start first.
pub fn restrict(g: &Graph) -> Graph {
    let mut map: Vec<Option<u32>> = vec![None; g.verts.len()];
    let mut order = vec![g.start];
    map[g.start as usize] = Some(0);
    let mut i = 0;
    while i < order.len() {
        let v = &g.verts[order[i] as usize];
        for e in v.left.iter().chain(&v.right) {
            if let Edge::Loopy(w) = *e {
                if map[w as usize].is_none() {
                    map[w as usize] = Some(order.len() as u32);
                    order.push(w);
                }
            }
        }
        i += 1;
    }
    let re = |e: &Edge| match *e {
        Edge::Loopy(w) => Edge::Loopy(map[w as usize].expect("reachable")),
        s => s,
    };
    let verts = order
        .iter()
        .map(|&v| {
            let x = &g.verts[v as usize];
            Vertex { left: x.left.iter().map(re).collect(), right: x.right.iter().map(re).collect() }
        })
        .collect();
    Graph { verts, start: 0 }
}

/// Whether no follower has an infinite alternating play: the doubled graph (vertex, player to move) of the
/// loopy vertices is acyclic (Kahn's peeling).
pub fn is_stopper(g: &Graph) -> bool {
    let n = g.verts.len();
    // state 2v = (v, Left to move), 2v+1 = (v, Right to move).
    let succ = |s: usize| -> Vec<usize> {
        let v = &g.verts[s / 2];
        let (edges, next) = if s.is_multiple_of(2) { (&v.left, 1) } else { (&v.right, 0) };
        edges
            .iter()
            .filter_map(|e| match e {
                Edge::Loopy(w) => Some(2 * *w as usize + next),
                Edge::Short(_) => None,
            })
            .collect()
    };
    let mut indeg = vec![0usize; 2 * n];
    for s in 0..2 * n {
        for t in succ(s) {
            indeg[t] += 1;
        }
    }
    let mut stack: Vec<usize> = (0..2 * n).filter(|&s| indeg[s] == 0).collect();
    let mut removed = 0;
    while let Some(s) = stack.pop() {
        removed += 1;
        for t in succ(s) {
            indeg[t] -= 1;
            if indeg[t] == 0 {
                stack.push(t);
            }
        }
    }
    removed == 2 * n
}

/// Whether the loopy vertices have no cycle at all (the graph is loopfree).
pub fn is_loopfree(g: &Graph) -> bool {
    let n = g.verts.len();
    let mut indeg = vec![0usize; n];
    let succ = |v: usize| -> Vec<usize> {
        g.verts[v]
            .left
            .iter()
            .chain(&g.verts[v].right)
            .filter_map(|e| match e {
                Edge::Loopy(w) => Some(*w as usize),
                Edge::Short(_) => None,
            })
            .collect()
    };
    for v in 0..n {
        for w in succ(v) {
            indeg[w] += 1;
        }
    }
    let mut stack: Vec<usize> = (0..n).filter(|&v| indeg[v] == 0).collect();
    let mut removed = 0;
    while let Some(v) = stack.pop() {
        removed += 1;
        for w in succ(v) {
            indeg[w] -= 1;
            if indeg[w] == 0 {
                stack.push(w);
            }
        }
    }
    removed == n
}

/// The options of a short game inside a loopy graph. A large integer's option is materialised on
/// demand, which this walk (over `&Games`) cannot do; its chain of followers is too long to walk anyway,
/// so the walk stops as a computation beyond the memory budget does.
pub(super) fn ready(o: Option<&[GameId]>) -> Vec<GameId> {
    match o {
        Some(o) => o.to_vec(),
        None => std::panic::panic_any(crate::game::budget::OutOfBudget),
    }
}

/// The sum graph of two graphs: the reachable part of their product, built lazily from the starts; a pair
/// of two leaves is one leaf (their short sum).
pub fn product(games: &mut Games, a: &Graph, b: &Graph) -> Result<Graph, LoopyError> {
    let mut index: FxHashMap<(Edge, Edge), u32> = FxHashMap::default();
    let mut verts: Vec<Vertex> = Vec::new();
    let mut todo: Vec<(Edge, Edge)> = Vec::new();
    let start = (Edge::Loopy(a.start), Edge::Loopy(b.start));
    index.insert(start, 0);
    verts.push(Vertex::default());
    todo.push(start);
    // Expands a side of one component (its edges as (is leaf?) list).
    fn moves(games: &Games, g: &Graph, e: Edge, left: bool) -> Vec<Edge> {
        match e {
            Edge::Loopy(v) => {
                let vx = &g.verts[v as usize];
                if left {
                    vx.left.clone()
                } else {
                    vx.right.clone()
                }
            }
            Edge::Short(x) => {
                let o = if left { games.left_slice_if_ready(x) } else { games.right_slice_if_ready(x) };
                ready(o).into_iter().map(Edge::Short).collect()
            }
        }
    }
    while let Some((x, y)) = todo.pop() {
        games.poll_interrupt();
        let me = index[&(x, y)];
        for left in [true, false] {
            let mut out = Vec::new();
            let targets: Vec<(Edge, Edge)> = moves(games, a, x, left)
                .into_iter()
                .map(|x2| (x2, y))
                .chain(moves(games, b, y, left).into_iter().map(|y2| (x, y2)))
                .collect();
            for (p, q) in targets {
                let e = if let (Edge::Short(s), Edge::Short(t)) = (p, q) {
                    Edge::Short(games.add(s, t))
                } else if let Some(&i) = index.get(&(p, q)) {
                    Edge::Loopy(i)
                } else {
                    let i = verts.len() as u32;
                    if verts.len() >= MAX_STATES / 64 {
                        return Err(LoopyError::TooLarge);
                    }
                    index.insert((p, q), i);
                    verts.push(Vertex::default());
                    todo.push((p, q));
                    Edge::Loopy(i)
                };
                out.push(e);
            }
            if left {
                verts[me as usize].left = out;
            } else {
                verts[me as usize].right = out;
            }
        }
    }
    Ok(Graph { verts, start: 0 })
}

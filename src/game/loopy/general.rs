//! Sides that are not equivalent to stoppers (Bach's carousel; `shared/LOOPY.md` §2.5): simplified graphs,
//! compared and printed but not canonical.
//!
//! [`LoopyArena::side_value`] is the side of any graph: a canonical stopper when there is one (sidling, edge
//! deletion), otherwise the graph simplified in that side's sense, as CGSuite simplifies it
//! (`LoopyGame.simplifyGraph`): obviously irrelevant edges go (moves to `off` for Left, a Right move that Left
//! answers straight back in the onside, …); reversible options are bypassed and dominated ones deleted,
//! using the side-aware comparison of every pair of vertices, but only where the replacing or dominating
//! option cannot reach back alternately to the vertex; edges on alternating cycles are deleted when the side
//! stays the same; finally vertices below which there is no alternating cycle are fused with equal ones.

use super::compare::{is_stopper, restrict, Flat};
use super::sided::{same_side, SideTable};
use super::types::{Edge, Graph, LoopyArena, LoopyError, Stopper, Vertex};
use crate::game::Games;
use rustc_hash::FxHashSet;
use std::rc::Rc;

/// The onside or offside of a game: a canonical stopper, or a simplified graph with alternating cycles.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SideValue {
    /// A side equivalent to a stopper.
    Stopper(Stopper),
    /// A side that is not (a simplified graph).
    General(Rc<Graph>),
}

/// The working form of a graph: loopy vertices `0..k` of a flat graph, whose edge lists may change.
struct Work {
    k: usize,
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
    flat: Flat,
}

impl Work {
    fn new(games: &Games, g: &Graph) -> Work {
        let flat = Flat::new(games, g);
        let k = g.verts.len();
        Work { k, left: flat.left[..k].to_vec(), right: flat.right[..k].to_vec(), flat }
    }

    fn lefts(&self, u: u32) -> &[u32] {
        if (u as usize) < self.k {
            &self.left[u as usize]
        } else {
            &self.flat.left[u as usize]
        }
    }

    fn rights(&self, u: u32) -> &[u32] {
        if (u as usize) < self.k {
            &self.right[u as usize]
        } else {
            &self.flat.right[u as usize]
        }
    }

    /// Whether play from `from` (`left_first`: Left to move) can reach `to` with `to_left` to move, the players
    /// alternating.
    fn alt_reach(&self, from: u32, left_first: bool, to: u32, to_left: bool) -> bool {
        let mut seen = FxHashSet::default();
        let mut stack = vec![(from, left_first)];
        while let Some((v, l)) = stack.pop() {
            if v == to && l == to_left {
                return true;
            }
            if (v as usize) >= self.k || !seen.insert((v, l)) {
                continue;
            }
            let next = if l { self.lefts(v) } else { self.rights(v) };
            stack.extend(next.iter().map(|&w| (w, !l)));
        }
        false
    }

    fn edge(&self, u: u32) -> Edge {
        if (u as usize) < self.k {
            Edge::Loopy(u)
        } else {
            Edge::Short(self.flat.short[u as usize].expect("a short vertex"))
        }
    }

    fn graph(&self, start: u32) -> Graph {
        let verts = (0..self.k)
            .map(|v| Vertex {
                left: self.left[v].iter().map(|&u| self.edge(u)).collect(),
                right: self.right[v].iter().map(|&u| self.edge(u)).collect(),
            })
            .collect();
        restrict(&Graph { verts, start })
    }

    fn is_on(&self, t: u32) -> bool {
        (t as usize) < self.k && self.right[t as usize].is_empty() && self.left[t as usize].contains(&t)
    }

    fn is_off(&self, t: u32) -> bool {
        (t as usize) < self.k && self.left[t as usize].is_empty() && self.right[t as usize].contains(&t)
    }

    fn is_dud(&self, t: u32) -> bool {
        (t as usize) < self.k && self.left[t as usize].contains(&t) && self.right[t as usize].contains(&t)
    }
}

/// Deletes obviously irrelevant edges (CGSuite's `eliminateObviouslyIrrelevantEdges`).
fn obvious(games: &Games, g: &Graph, onside: bool) -> Graph {
    let mut w = Work::new(games, g);
    for v in 0..w.k {
        let vv = v as u32;
        let lefts = w.left[v].clone();
        let mut keep = Vec::new();
        for &t in &lefts {
            if w.is_on(t) || onside && w.is_dud(t) {
                keep = vec![t];
                break;
            }
            let to_off = w.is_off(t) || !onside && w.is_dud(t);
            let answered = !onside && w.rights(t).contains(&vv);
            if !to_off && !answered {
                keep.push(t);
            }
        }
        w.left[v] = keep;
        let rights = w.right[v].clone();
        let mut keep = Vec::new();
        for &t in &rights {
            if w.is_off(t) || !onside && w.is_dud(t) {
                keep = vec![t];
                break;
            }
            let to_on = w.is_on(t) || onside && w.is_dud(t);
            let answered = onside && w.lefts(t).contains(&vv);
            if !to_on && !answered {
                keep.push(t);
            }
        }
        w.right[v] = keep;
    }
    w.graph(g.start)
}

/// Bypasses reversible options and deletes dominated ones, vertex by vertex, with one side-aware table.
fn basic(games: &mut Games, g: &Graph, onside: bool) -> Result<Graph, LoopyError> {
    let mut w = Work::new(games, g);
    let t = SideTable::new(games, &w.flat, &w.flat, onside)?;
    for v in 0..w.k {
        games.poll_interrupt();
        let vv = v as u32;
        for left in [true, false] {
            let mut i = 0;
            let mut budget = 64;
            while i < if left { w.left[v].len() } else { w.right[v].len() } {
                let u = if left { w.left[v][i] } else { w.right[v][i] };
                let answers: Vec<u32> = if left { w.rights(u).to_vec() } else { w.lefts(u).to_vec() };
                let rev = answers
                    .into_iter()
                    .find(|&x| !w.alt_reach(x, left, u, !left) && if left { t.le(x, vv) } else { t.le(vv, x) });
                match rev {
                    Some(x) if budget > 0 => {
                        budget -= 1;
                        let extra: Vec<u32> = if left { w.lefts(x).to_vec() } else { w.rights(x).to_vec() };
                        let list = if left { &mut w.left[v] } else { &mut w.right[v] };
                        list.remove(i);
                        for e in extra {
                            if !list.contains(&e) {
                                list.push(e);
                            }
                        }
                    }
                    _ => i += 1,
                }
            }
        }
        // Dominated options.
        for left in [true, false] {
            let list = if left { w.left[v].clone() } else { w.right[v].clone() };
            let mut alive = vec![true; list.len()];
            for i in 0..list.len() {
                if !alive[i] {
                    continue;
                }
                for j in i + 1..list.len() {
                    if !alive[j] {
                        continue;
                    }
                    let (a, b) = (list[i], list[j]);
                    if a == b {
                        alive[j] = false;
                        continue;
                    }
                    // Left prefers larger options, Right smaller; the dominating option must not reach back
                    // alternately to this vertex in the side where that would matter.
                    let free = |x: u32| if left { onside } else { !onside } || !w.alt_reach(x, !left, vv, left);
                    let better = |x: u32, y: u32| if left { t.le(y, x) } else { t.le(x, y) };
                    if free(a) && better(a, b) {
                        alive[j] = false;
                    } else if free(b) && better(b, a) {
                        alive[i] = false;
                        break;
                    }
                }
            }
            let kept: Vec<u32> = list.iter().zip(&alive).filter(|x| *x.1).map(|x| *x.0).collect();
            if left {
                w.left[v] = kept;
            } else {
                w.right[v] = kept;
            }
        }
    }
    Ok(w.graph(g.start))
}

/// Deletes edges on alternating cycles through their own vertex whenever the side of the start stays the same.
/// With `all`, every edge of a side of a vertex is tried once some option of that side is a *self-alternating
/// follower* (the opponent can answer it and come back to it alternately).
fn cyclic_edges(games: &mut Games, g: &Graph, onside: bool, all: bool) -> Result<Graph, LoopyError> {
    let mut cur = g.clone();
    // The working form of `cur` (for alternating reachability), rebuilt only when an edge is deleted.
    let mut w = Work::new(games, &cur);
    for v in 0..g.verts.len() {
        for left in [true, false] {
            let check_all = all && {
                let opts = if left { &w.left[v] } else { &w.right[v] };
                opts.iter().any(|&t| {
                    let answers = if left { w.rights(t) } else { w.lefts(t) };
                    answers.iter().any(|&u| w.alt_reach(u, left, t, !left))
                })
            };
            let mut i = 0;
            while i < cur.verts.get(v).map_or(0, |x| if left { x.left.len() } else { x.right.len() }) {
                let e = if left { cur.verts[v].left[i] } else { cur.verts[v].right[i] };
                let cyclic = match e {
                    Edge::Loopy(t) => w.alt_reach(t, !left, v as u32, left),
                    Edge::Short(_) => false,
                };
                if !cyclic && !check_all {
                    i += 1;
                    continue;
                }
                let mut cand = cur.clone();
                if left {
                    cand.verts[v].left.remove(i);
                } else {
                    cand.verts[v].right.remove(i);
                }
                if same_side(games, &cur, &cand, onside)? {
                    cur = cand;
                    w = Work::new(games, &cur);
                } else {
                    i += 1;
                }
            }
        }
    }
    Ok(restrict(&cur))
}

/// Fuses vertices with no alternating cycle below them into equal ones (a short game first).
fn fuse(games: &mut Games, g: &Graph, onside: bool) -> Result<Graph, LoopyError> {
    let w = Work::new(games, g);
    let t = SideTable::new(games, &w.flat, &w.flat, onside)?;
    let acf: Vec<bool> =
        (0..w.k).map(|v| is_stopper(&restrict(&Graph { verts: g.verts.clone(), start: v as u32 }))).collect();
    let mut map: Vec<u32> = (0..w.flat.len() as u32).collect();
    for i in 0..w.k {
        if !acf[i] || i == g.start as usize {
            continue;
        }
        let equal = |j: u32| t.le(i as u32, j) && t.le(j, i as u32);
        let short = (w.k as u32..w.flat.len() as u32).find(|&j| equal(j));
        let earlier = (0..i as u32).find(|&j| acf[j as usize] && equal(j));
        if let Some(j) = short.or(earlier) {
            map[i] = map[j as usize];
        }
    }
    let mut w = w;
    for v in 0..w.k {
        w.left[v] = w.left[v].iter().map(|&u| map[u as usize]).collect();
        w.right[v] = w.right[v].iter().map(|&u| map[u as usize]).collect();
        for list in [&mut w.left[v], &mut w.right[v]] {
            list.sort_unstable();
            list.dedup();
        }
    }
    Ok(w.graph(g.start))
}

impl LoopyArena {
    /// The onside (`onside`) or offside of any graph: a canonical stopper when the side is equivalent to one,
    /// else the graph simplified in that side's sense.
    pub fn side_value(&mut self, games: &mut Games, g: &Graph, onside: bool) -> Result<SideValue, LoopyError> {
        self.side_value_with(games, g, onside, true)
    }

    /// [`Self::side_value`], trying sidling only when `sidle` (see [`Self::side_with`]).
    pub fn side_value_with(
        &mut self,
        games: &mut Games,
        g: &Graph,
        onside: bool,
        sidle: bool,
    ) -> Result<SideValue, LoopyError> {
        match self.side_with(games, g, onside, sidle) {
            Ok(s) => return Ok(SideValue::Stopper(s)),
            Err(LoopyError::NoSide) => {}
            Err(e) => return Err(e),
        }
        let cur = obvious(games, &restrict(g), onside);
        let cur = basic(games, &cur, onside)?;
        let cur = cyclic_edges(games, &cur, onside, false)?;
        let cur = basic(games, &cur, onside)?;
        let cur = cyclic_edges(games, &cur, onside, true)?;
        let cur = fuse(games, &cur, onside)?;
        if is_stopper(&cur) {
            return self.canonical(games, &cur).map(SideValue::Stopper);
        }
        Ok(SideValue::General(Rc::new(cur)))
    }

    /// Copies a side's graph into `verts`, returning the edge to its start.
    pub fn embed_side(&self, verts: &mut Vec<Vertex>, s: &SideValue) -> Edge {
        match s {
            SideValue::Stopper(x) => self.embed(verts, *x),
            SideValue::General(g) => super::sides::embed_graph(verts, g),
        }
    }

    /// The graph of a side.
    pub fn side_graph(&self, games: &Games, s: &SideValue) -> Graph {
        match s {
            SideValue::Stopper(x) => self.as_graph(games, *x),
            SideValue::General(g) => (**g).clone(),
        }
    }

    /// `x ≤ y` in the onside (`onside`) or offside sense.
    pub fn side_le(
        &mut self,
        games: &mut Games,
        x: &SideValue,
        y: &SideValue,
        onside: bool,
    ) -> Result<bool, LoopyError> {
        if let (SideValue::Stopper(a), SideValue::Stopper(b)) = (x, y) {
            return self.leq(games, *a, *b);
        }
        let (gx, gy) = (self.side_graph(games, x), self.side_graph(games, y));
        let (fx, fy) = (Flat::new(games, &gx), Flat::new(games, &gy));
        Ok(SideTable::new(games, &fx, &fy, onside)?.le(gx.start, gy.start))
    }

    /// The side of the sum of two sides, in that side's sense.
    pub fn side_sum(
        &mut self,
        games: &mut Games,
        x: &SideValue,
        y: &SideValue,
        onside: bool,
    ) -> Result<SideValue, LoopyError> {
        if let (SideValue::Stopper(a), SideValue::Stopper(b)) = (x, y) {
            match self.sidesum(games, *a, *b, onside) {
                Err(LoopyError::NoSide) => {}
                r => return r.map(SideValue::Stopper),
            }
        }
        let (gx, gy) = (self.side_graph(games, x), self.side_graph(games, y));
        let prod = super::compare::product(games, &gx, &gy)?;
        self.side_value(games, &prod, onside)
    }

    /// The negative of a side (the caller swaps onside and offside).
    pub fn side_neg(&mut self, games: &mut Games, x: &SideValue) -> SideValue {
        match x {
            SideValue::Stopper(a) => SideValue::Stopper(self.neg(games, *a)),
            SideValue::General(g) => {
                let ne = |games: &mut Games, e: &Edge| match *e {
                    Edge::Short(s) => Edge::Short(games.neg(s)),
                    l => l,
                };
                let verts = g
                    .verts
                    .iter()
                    .map(|v| Vertex {
                        left: v.right.iter().map(|e| ne(games, e)).collect(),
                        right: v.left.iter().map(|e| ne(games, e)).collect(),
                    })
                    .collect();
                SideValue::General(Rc::new(Graph { verts, start: g.start }))
            }
        }
    }
}

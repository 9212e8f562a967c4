//! Comparison of sides of arbitrary game graphs, and sides by edge deletion (`shared/LOOPY.md` §2.5).
//!
//! [`SideTable`] decides `G ≤ H` in the onside or offside sense for graphs that need not be stoppers, for all
//! pairs of vertices at once, over the states (g, h, player to move) of H − G. First both players' forced wins
//! (running the opponent out of moves) are found by retrograde analysis; then, repeatedly, the states from
//! which Left can keep infinite play going in the way the side rewards are marked *good* (a least fixpoint:
//! in the onside Left must keep the play in H's moves or in good states, Right's escapes are his moves in G;
//! the offside mirrors this), every undecided state that is not good is decided against Left, and the
//! decisions are propagated, until nothing changes. Left survives from (g, h, Right to move) iff G ≤ H.
//!
//! [`LoopyArena::side_by_deletion`] uses it to simplify a graph that is not a stopper: an edge on an
//! alternating cycle is deleted whenever the graph keeps its side; once no alternating cycle is left the
//! graph is a stopper, and its simplest form is the side.

use super::compare::{is_stopper, restrict, Flat};
use super::{Edge, Graph, LoopyArena, LoopyError, Stopper, MAX_STATES};
use crate::game::Games;

/// What is known of a state.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Known {
    Open,
    MoverWins,
    MoverLoses,
}

/// The side-aware comparison of every vertex of one flat graph with every vertex of another.
pub struct SideTable {
    nb: usize,
    known: Vec<Known>,
}

impl SideTable {
    /// Computes the table for G's vertices from `a`, H's from `b`, in the onside (`onside`) or offside sense.
    pub fn new(games: &mut Games, a: &Flat, b: &Flat, onside: bool) -> Result<SideTable, LoopyError> {
        let (na, nb) = (a.len(), b.len());
        let n = na.checked_mul(nb).and_then(|x| x.checked_mul(2)).ok_or(LoopyError::TooLarge)?;
        if n > MAX_STATES {
            return Err(LoopyError::TooLarge);
        }
        // State index: ((g * nb + h) << 1) | 1 when Left is to move.
        let idx = |g: usize, h: usize, left: bool| ((g * nb + h) << 1) | usize::from(left);
        let split = |s: usize| ((s >> 1) / nb, (s >> 1) % nb, s & 1 == 1);
        // Successors: Left moves h -> h^L or g -> g^R; Right moves h -> h^R or g -> g^L. Each successor is
        // tagged with whether the move is in G (true) or in H.
        let succ = |s: usize| -> Vec<(usize, bool)> {
            let (g, h, left) = split(s);
            let (ge, he) = if left { (&a.right[g], &b.left[h]) } else { (&a.left[g], &b.right[h]) };
            ge.iter()
                .map(|&g2| (idx(g2 as usize, h, !left), true))
                .chain(he.iter().map(|&h2| (idx(g, h2 as usize, !left), false)))
                .collect()
        };
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut count = vec![0u32; n];
        let mut known = vec![Known::Open; n];
        let mut queue = Vec::new();
        for s in 0..n {
            if s.is_multiple_of(4096) {
                games.poll_interrupt();
            }
            let (g, h, left) = split(s);
            if let (Some(x), Some(y)) = (a.short[g], b.short[h]) {
                // H − G between short games: Left first wins iff not H <= G; Right first iff not G <= H.
                let wins = if left { !games.leq(y, x) } else { !games.leq(x, y) };
                known[s] = if wins { Known::MoverWins } else { Known::MoverLoses };
                queue.push(s);
                continue;
            }
            let next = succ(s);
            count[s] = next.len() as u32;
            for (t, _) in next {
                preds[t].push(s as u32);
            }
            if count[s] == 0 {
                known[s] = Known::MoverLoses;
                queue.push(s);
            }
        }
        let propagate = |known: &mut Vec<Known>, count: &mut Vec<u32>, queue: &mut Vec<usize>, games: &Games| {
            let mut steps = 0usize;
            while let Some(t) = queue.pop() {
                steps += 1;
                if steps.is_multiple_of(4096) {
                    games.poll_interrupt();
                }
                for &p in &preds[t] {
                    let p = p as usize;
                    if known[p] != Known::Open {
                        continue;
                    }
                    if known[t] == Known::MoverLoses {
                        known[p] = Known::MoverWins;
                        queue.push(p);
                    } else {
                        count[p] -= 1;
                        if count[p] == 0 {
                            known[p] = Known::MoverLoses;
                            queue.push(p);
                        }
                    }
                }
            }
        };
        propagate(&mut known, &mut count, &mut queue, games);
        loop {
            games.poll_interrupt();
            // Good states: a least fixpoint, by a worklist over predecessors.
            let mut good = vec![false; n];
            let is_good = |s: usize, good: &[bool], known: &[Known]| -> bool {
                let (_, _, left) = split(s);
                if left {
                    succ(s).into_iter().any(|(t, in_g)| known[t] == Known::Open && (in_g != onside || good[t]))
                } else {
                    // Right's escapes: his moves in G (onside) or in H (offside).
                    succ(s)
                        .into_iter()
                        .filter(|&(_, in_g)| in_g == onside)
                        .all(|(t, _)| known[t] != Known::Open || good[t])
                }
            };
            let mut work: Vec<usize> = (0..n).filter(|&s| known[s] == Known::Open).collect();
            while let Some(s) = work.pop() {
                if good[s] || known[s] != Known::Open || !is_good(s, &good, &known) {
                    continue;
                }
                good[s] = true;
                work.extend(preds[s].iter().map(|&p| p as usize).filter(|&p| !good[p] && known[p] == Known::Open));
            }
            let mut changed = false;
            for s in 0..n {
                if known[s] == Known::Open && !good[s] {
                    let (_, _, left) = split(s);
                    // A bad state is lost for Left: Left to move loses, Right to move wins.
                    known[s] = if left { Known::MoverLoses } else { Known::MoverWins };
                    queue.push(s);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
            propagate(&mut known, &mut count, &mut queue, games);
        }
        Ok(SideTable { nb, known })
    }

    /// Whether G's vertex `g` ≤ H's vertex `h` in this table's side.
    pub fn le(&self, g: u32, h: u32) -> bool {
        self.known[(g as usize * self.nb + h as usize) << 1] != Known::MoverWins
    }
}

/// Whether two graphs have the same onside (`onside`) or offside.
pub fn same_side(games: &mut Games, x: &Graph, y: &Graph, onside: bool) -> Result<bool, LoopyError> {
    let fx = Flat::new(games, x);
    let fy = Flat::new(games, y);
    let t = SideTable::new(games, &fx, &fy, onside)?;
    if !t.le(x.start, y.start) {
        return Ok(false);
    }
    let u = SideTable::new(games, &fy, &fx, onside)?;
    Ok(u.le(y.start, x.start))
}

/// The edges between loopy vertices that lie on an alternating cycle: (vertex, Left edge?, index).
fn alternating_cycle_edges(g: &Graph) -> Vec<(usize, bool, usize)> {
    let n = g.verts.len();
    // Doubled graph: state 2v = (v, Left to move), 2v + 1 = (v, Right to move).
    let succ = |s: usize| -> Vec<usize> {
        let v = &g.verts[s / 2];
        let (edges, next) = if s.is_multiple_of(2) { (&v.left, 1) } else { (&v.right, 0) };
        edges.iter().filter_map(|e| if let Edge::Loopy(w) = *e { Some(2 * w as usize + next) } else { None }).collect()
    };
    let comp = scc(2 * n, &succ);
    let mut out = Vec::new();
    for v in 0..n {
        for (left, edges) in [(true, &g.verts[v].left), (false, &g.verts[v].right)] {
            let s = 2 * v + usize::from(!left);
            for (i, e) in edges.iter().enumerate() {
                if let Edge::Loopy(w) = *e {
                    let t = 2 * w as usize + usize::from(left);
                    if comp[s] == comp[t] {
                        out.push((v, left, i));
                    }
                }
            }
        }
    }
    out
}

/// Strongly connected component ids (Kosaraju, iterative).
fn scc(n: usize, succ: &dyn Fn(usize) -> Vec<usize>) -> Vec<usize> {
    let mut order = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    for root in 0..n {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        let mut stack = vec![(root, succ(root), 0usize)];
        while let Some((v, next, i)) = stack.last_mut() {
            if *i < next.len() {
                let w = next[*i];
                *i += 1;
                if !seen[w] {
                    seen[w] = true;
                    let nw = succ(w);
                    stack.push((w, nw, 0));
                }
            } else {
                order.push(*v);
                stack.pop();
            }
        }
    }
    let mut rev = vec![Vec::new(); n];
    for v in 0..n {
        for w in succ(v) {
            rev[w].push(v);
        }
    }
    let mut comp = vec![usize::MAX; n];
    let mut c = 0;
    for &root in order.iter().rev() {
        if comp[root] != usize::MAX {
            continue;
        }
        let mut stack = vec![root];
        comp[root] = c;
        while let Some(v) = stack.pop() {
            for &w in &rev[v] {
                if comp[w] == usize::MAX {
                    comp[w] = c;
                    stack.push(w);
                }
            }
        }
        c += 1;
    }
    comp
}

impl LoopyArena {
    /// The onside (`onside`) or offside of a graph that is not a stopper, by deleting edges on alternating
    /// cycles that do not change the side; `Err(NoSide)` if alternating cycles remain.
    pub fn side_by_deletion(&mut self, games: &mut Games, g: &Graph, onside: bool) -> Result<Stopper, LoopyError> {
        let mut cur = restrict(g);
        'outer: while !is_stopper(&cur) {
            for (v, left, i) in alternating_cycle_edges(&cur) {
                let mut cand = cur.clone();
                let edges = if left { &mut cand.verts[v].left } else { &mut cand.verts[v].right };
                edges.remove(i);
                if same_side(games, &cur, &cand, onside)? {
                    cur = restrict(&cand);
                    continue 'outer;
                }
            }
            return Err(LoopyError::NoSide);
        }
        self.canonical(games, &cur)
    }
}

//! Simplest forms of stoppers (`shared/LOOPY.md` §2.4; [CGT] VI, after Conway's "Loopy games", 1978) and the
//! isomorphism-invariant key that hash-conses them.
//!
//! 1. Loopy vertices that reach no cycle are replaced by their short canonical forms.
//! 2. One survival table gives `le[u][v]` for all pairs of vertices of the flat graph (§2.3).
//! 3. Per loopy vertex, until nothing changes: bypass reversible options, delete dominated ones (keeping one
//!    of equals). These change no vertex's value and only add edges to existing vertices, so the table stays
//!    valid and is never recomputed.
//! 4. Fuse: every loopy vertex is replaced by the least vertex equal to it, a short game first.
//! 5. Key: colour refinement (bisimulation) from canonical signatures gives every vertex of a simplest form a
//!    distinct, numbering-independent colour; vertices are renumbered by colour and edges sorted.

use super::compare::{is_loopfree, restrict, Flat, Survival};
use super::types::{Edge, Graph, LoopyArena, LoopyError, Stopper, Vertex};
use crate::game::{GameId, Games};

/// The simplest form of a stopper graph (the caller checked it is one).
pub(super) fn canonicalize(arena: &mut LoopyArena, games: &mut Games, g: &Graph) -> Result<Stopper, LoopyError> {
    let g = restrict(g);
    if is_loopfree(&g) {
        let mut memo: Vec<Option<GameId>> = vec![None; g.verts.len()];
        return Ok(Stopper::Short(short_value(games, &g, g.start, &mut memo)));
    }
    Ok(canonicalize_all(arena, games, &g, 1)?[0])
}

/// The simplest form of every one of the first `count` vertices of a graph whose vertices are all stoppers
/// (the caller checked): one survival table and one reduction for the whole graph, then each vertex's
/// followers are numbered and interned.
pub(super) fn canonicalize_all(
    arena: &mut LoopyArena,
    games: &mut Games,
    g: &Graph,
    count: usize,
) -> Result<Vec<Stopper>, LoopyError> {
    // 1. Vertices that reach no cycle are short games; the others are renumbered 0..k.
    let value = short_values(games, g);
    let mut index = vec![u32::MAX; g.verts.len()];
    let mut loopy = Vec::new();
    for (v, x) in value.iter().enumerate() {
        if x.is_none() {
            index[v] = loopy.len() as u32;
            loopy.push(v);
        }
    }
    let re = |e: &Edge| match *e {
        Edge::Loopy(w) => value[w as usize].map_or(Edge::Loopy(index[w as usize]), Edge::Short),
        s => s,
    };
    let verts: Vec<Vertex> = loopy
        .iter()
        .map(|&v| {
            let x = &g.verts[v];
            Vertex { left: x.left.iter().map(re).collect(), right: x.right.iter().map(re).collect() }
        })
        .collect();
    let g = Graph { verts, start: 0 };
    let k = g.verts.len();
    // 2. One survival table for all pairs; 3. reductions.
    let flat = Flat::new(games, &g);
    let le = Survival::new(games, &flat, &flat)?;
    let (left, right) = reduce(games, &flat, &le, k);
    // 4. Fuse.
    let n = flat.len();
    let mut rep: Vec<Edge> = Vec::with_capacity(k);
    for v in 0..k as u32 {
        let eq = |u: u32| le.le(u, v) && le.le(v, u);
        let r = match (k as u32..n as u32).find(|&u| eq(u)) {
            Some(u) => Edge::Short(flat.short[u as usize].expect("a short vertex")),
            None => Edge::Loopy((0..=v).find(|&u| eq(u)).expect("v equals itself")),
        };
        rep.push(r);
    }
    let map = |t: u32| -> Edge {
        if (t as usize) < k {
            rep[t as usize]
        } else {
            Edge::Short(flat.short[t as usize].expect("a short vertex"))
        }
    };
    let verts: Vec<Vertex> = (0..k)
        .map(|v| {
            let mut l: Vec<Edge> = left[v].iter().map(|&t| map(t)).collect();
            let mut r: Vec<Edge> = right[v].iter().map(|&t| map(t)).collect();
            l.sort_unstable();
            l.dedup();
            r.sort_unstable();
            r.dedup();
            Vertex { left: l, right: r }
        })
        .collect();
    // 5. Each vertex: the followers of its representative, numbered and interned (once per representative).
    let mut fused = Graph { verts, start: 0 };
    let mut done: Vec<Option<Stopper>> = vec![None; k];
    let mut out = Vec::with_capacity(count);
    for v in 0..count {
        if let Some(x) = value[v] {
            out.push(Stopper::Short(x));
            continue;
        }
        let r = match rep[index[v] as usize] {
            Edge::Short(x) => Stopper::Short(x),
            Edge::Loopy(s) => match done[s as usize] {
                Some(r) => r,
                None => {
                    games.poll_interrupt();
                    fused.start = s;
                    let r = match shorten(games, &restrict(&fused)) {
                        Err(x) => Stopper::Short(x),
                        Ok(h) => Stopper::Loopy(arena.intern(number(&h))),
                    };
                    done[s as usize] = Some(r);
                    r
                }
            },
        };
        out.push(r);
    }
    Ok(out)
}

/// Bypasses reversible options and deletes dominated ones (keeping the least of equals) at every loopy
/// vertex `0..k` of a flat graph until nothing changes, with one table: the vertices' values never change.
fn reduce(games: &Games, flat: &Flat, le: &Survival, k: usize) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
    let mut left: Vec<Vec<u32>> = flat.left[..k].to_vec();
    let mut right: Vec<Vec<u32>> = flat.right[..k].to_vec();
    let lefts = |left: &Vec<Vec<u32>>, u: u32| -> Vec<u32> {
        if (u as usize) < k {
            left[u as usize].clone()
        } else {
            flat.left[u as usize].clone()
        }
    };
    let rights = |right: &Vec<Vec<u32>>, u: u32| -> Vec<u32> {
        if (u as usize) < k {
            right[u as usize].clone()
        } else {
            flat.right[u as usize].clone()
        }
    };
    for _pass in 0..256 {
        let mut changed = false;
        games.poll_interrupt();
        for v in 0..k {
            let vv = v as u32;
            // Reversible Left options.
            'l: loop {
                left[v].sort_unstable();
                left[v].dedup();
                for i in 0..left[v].len() {
                    let u = left[v][i];
                    if let Some(w) = rights(&right, u).into_iter().find(|&w| le.le(w, vv)) {
                        let old = left[v].clone();
                        let mut new: Vec<u32> = old.iter().copied().filter(|&x| x != u).collect();
                        new.extend(lefts(&left, w).into_iter().filter(|x| !old.contains(x)));
                        left[v] = new;
                        changed = true;
                        continue 'l;
                    }
                }
                break;
            }
            'r: loop {
                right[v].sort_unstable();
                right[v].dedup();
                for i in 0..right[v].len() {
                    let u = right[v][i];
                    if let Some(w) = lefts(&left, u).into_iter().find(|&w| le.le(vv, w)) {
                        let old = right[v].clone();
                        let mut new: Vec<u32> = old.iter().copied().filter(|&x| x != u).collect();
                        new.extend(rights(&right, w).into_iter().filter(|x| !old.contains(x)));
                        right[v] = new;
                        changed = true;
                        continue 'r;
                    }
                }
                break;
            }
            // Dominated options (of equals, the least index stays).
            let l = left[v].clone();
            let keep: Vec<u32> = l
                .iter()
                .copied()
                .filter(|&u| !l.iter().any(|&u2| u2 != u && le.le(u, u2) && (!le.le(u2, u) || u2 < u)))
                .collect();
            if keep.len() != l.len() {
                left[v] = keep;
                changed = true;
            }
            let r = right[v].clone();
            let keep: Vec<u32> = r
                .iter()
                .copied()
                .filter(|&u| !r.iter().any(|&u2| u2 != u && le.le(u2, u) && (!le.le(u, u2) || u2 < u)))
                .collect();
            if keep.len() != r.len() {
                right[v] = keep;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    (left, right)
}

/// Replaces loopy vertices that reach no cycle by short games; `Err(x)` when the start itself is short `x`.
pub(super) fn shorten(games: &mut Games, g: &Graph) -> Result<Graph, GameId> {
    if is_loopfree(g) {
        let mut memo: Vec<Option<GameId>> = vec![None; g.verts.len()];
        return Err(short_value(games, g, g.start, &mut memo));
    }
    let value = short_values(games, g);
    if let Some(x) = value[g.start as usize] {
        return Err(x);
    }
    let re = |e: &Edge| match *e {
        Edge::Loopy(w) => value[w as usize].map_or(Edge::Loopy(w), Edge::Short),
        s => s,
    };
    let verts = g
        .verts
        .iter()
        .map(|v| Vertex { left: v.left.iter().map(re).collect(), right: v.right.iter().map(re).collect() })
        .collect();
    Ok(restrict(&Graph { verts, start: g.start }))
}

/// The short value of every vertex that reaches no cycle (`None` for the others), iteratively.
fn short_values(games: &mut Games, g: &Graph) -> Vec<Option<GameId>> {
    let n = g.verts.len();
    // 0 unvisited, 1 in progress, 2 short, 3 loopy.
    let mut state = vec![0u8; n];
    let mut value: Vec<Option<GameId>> = vec![None; n];
    let succ = |v: usize| -> Vec<usize> {
        g.verts[v]
            .left
            .iter()
            .chain(&g.verts[v].right)
            .filter_map(|e| if let Edge::Loopy(w) = *e { Some(w as usize) } else { None })
            .collect()
    };
    for root in 0..n {
        if state[root] != 0 {
            continue;
        }
        state[root] = 1;
        let mut stack = vec![(root, succ(root), 0usize)];
        while let Some((v, next, i)) = stack.last_mut() {
            if *i < next.len() {
                let w = next[*i];
                *i += 1;
                if state[w] == 0 {
                    state[w] = 1;
                    let nw = succ(w);
                    stack.push((w, nw, 0));
                }
                continue;
            }
            let v = *v;
            let loopy = next.iter().any(|&w| state[w] != 2);
            stack.pop();
            if loopy {
                state[v] = 3;
            } else {
                let side = |es: &[Edge]| -> Vec<GameId> {
                    es.iter()
                        .map(|e| match *e {
                            Edge::Short(x) => x,
                            Edge::Loopy(w) => value[w as usize].expect("short follower"),
                        })
                        .collect()
                };
                let (l, r) = (side(&g.verts[v].left), side(&g.verts[v].right));
                value[v] = Some(games.new_game(&l, &r));
                state[v] = 2;
            }
        }
    }
    value
}

fn short_value(games: &mut Games, g: &Graph, v: u32, memo: &mut Vec<Option<GameId>>) -> GameId {
    if let Some(x) = memo[v as usize] {
        return x;
    }
    let side = |es: &[Edge], games: &mut Games, memo: &mut Vec<Option<GameId>>| -> Vec<GameId> {
        es.iter()
            .map(|e| match *e {
                Edge::Short(x) => x,
                Edge::Loopy(w) => short_value(games, g, w, memo),
            })
            .collect()
    };
    let l = side(&g.verts[v as usize].left, games, memo);
    let r = side(&g.verts[v as usize].right, games, memo);
    let x = games.new_game(&l, &r);
    memo[v as usize] = Some(x);
    x
}

/// A vertex's colour-refinement signature: its colour, then its Left and Right successors' codes.
type Signature = (u32, Vec<(u8, u32)>, Vec<(u8, u32)>);

/// Renumbers a simplest form by canonical colours (see the module documentation).
fn number(g: &Graph) -> Graph {
    let n = g.verts.len();
    let mut colour = vec![0u32; n];
    let mut classes = 1;
    loop {
        let code = |e: &Edge, colour: &[u32]| -> (u8, u32) {
            match *e {
                Edge::Short(x) => (0, x.0),
                Edge::Loopy(w) => (1, colour[w as usize]),
            }
        };
        let sigs: Vec<Signature> = (0..n)
            .map(|v| {
                let mut l: Vec<_> = g.verts[v].left.iter().map(|e| code(e, &colour)).collect();
                let mut r: Vec<_> = g.verts[v].right.iter().map(|e| code(e, &colour)).collect();
                l.sort_unstable();
                r.sort_unstable();
                (colour[v], l, r)
            })
            .collect();
        let mut sorted = sigs.clone();
        sorted.sort();
        sorted.dedup();
        let next: Vec<u32> = sigs.iter().map(|s| sorted.binary_search(s).expect("present") as u32).collect();
        let stable = sorted.len() == classes;
        classes = sorted.len();
        colour = next;
        if stable {
            break;
        }
    }
    // Distinct colours in a simplest form; break any tie by index (never needed for a true simplest form).
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&v| (colour[v], v));
    let mut new_index = vec![0u32; n];
    for (i, &v) in order.iter().enumerate() {
        new_index[v] = i as u32;
    }
    let re = |e: &Edge| match *e {
        Edge::Loopy(w) => Edge::Loopy(new_index[w as usize]),
        s => s,
    };
    let verts = order
        .iter()
        .map(|&v| {
            let mut l: Vec<Edge> = g.verts[v].left.iter().map(re).collect();
            let mut r: Vec<Edge> = g.verts[v].right.iter().map(re).collect();
            l.sort_unstable();
            r.sort_unstable();
            Vertex { left: l, right: r }
        })
        .collect();
    Graph { verts, start: new_index[g.start as usize] }
}

//! Values of a finite position graph whose options may cycle (`shared/LOOPY.md` §2.6), for the ruleset layer.
//!
//! The graph is given as adjacency lists: position i has Left and Right options, each either another position
//! ([`Edge::Loopy`]) or an already-known short value ([`Edge::Short`], e.g. a component that was valued on
//! its own). Tarjan's algorithm splits the graph into strongly connected components; they are valued in
//! reverse topological order (successors first). An acyclic singleton becomes a short game or a node over
//! finished values; a cyclic component is one graph whose exits hang its finished successors, and each of its
//! positions is valued as that graph started there: a stopper (§2.4) or its two sides (sidling, §2.5).

use super::{Edge, Graph, LoopyArena, LoopyError, SideValue, Vertex};
use crate::game::Games;

/// The (onside, offside) value of every position (equal for stoppers). `fixed[i]`, when given, is the known
/// value of position i (its edges are ignored): a component valued elsewhere, e.g. a sum.
pub fn position_values(
    arena: &mut LoopyArena,
    games: &mut Games,
    positions: &[Vertex],
    fixed: &[Option<(SideValue, SideValue)>],
) -> Result<Vec<(SideValue, SideValue)>, LoopyError> {
    let n = positions.len();
    let empty = Vertex::default();
    let edges = |p: usize| if fixed.get(p).is_some_and(Option::is_some) { &empty } else { &positions[p] };
    let comps = tarjan(games, n, &edges);
    let mut value: Vec<Option<(SideValue, SideValue)>> = (0..n).map(|p| fixed.get(p).cloned().flatten()).collect();
    for comp in comps {
        games.poll_interrupt();
        if comp.len() == 1 && value[comp[0]].is_some() {
            continue;
        }
        // The component's graph, once per side: its own positions first, then the finished exits embedded.
        let mut index = vec![u32::MAX; n];
        for (i, &p) in comp.iter().enumerate() {
            index[p] = i as u32;
        }
        let mut sides = Vec::new();
        for onside in [true, false] {
            let mut verts: Vec<Vertex> = vec![Vertex::default(); comp.len()];
            // Each finished exit is embedded once per side.
            let mut exits: rustc_hash::FxHashMap<SideValue, Edge> = rustc_hash::FxHashMap::default();
            for (i, &p) in comp.iter().enumerate() {
                for left in [true, false] {
                    let src = if left { &edges(p).left } else { &edges(p).right };
                    let mut out = Vec::with_capacity(src.len());
                    for e in src {
                        out.push(match *e {
                            Edge::Short(x) => Edge::Short(x),
                            Edge::Loopy(q) if index[q as usize] != u32::MAX => Edge::Loopy(index[q as usize]),
                            Edge::Loopy(q) => {
                                let (on, off) = value[q as usize].clone().expect("successor components are finished");
                                let x = if onside { on } else { off };
                                match exits.get(&x) {
                                    Some(&e) => e,
                                    None => {
                                        let e = arena.embed_side(&mut verts, &x);
                                        exits.insert(x, e);
                                        e
                                    }
                                }
                            }
                        });
                    }
                    if left {
                        verts[i].left = out;
                    } else {
                        verts[i].right = out;
                    }
                }
            }
            // A component that is no stopper: one sidling run values all its positions when it settles. Every
            // position of a strongly connected component reaches all of it, so when the run does not settle,
            // sidling from one position would not either.
            let whole = Graph { verts: verts.clone(), start: 0 };
            let (all, sidle) = if comp.len() > 1 && !super::compare::is_stopper(&whole) {
                match arena.sidle_all(games, &whole, onside) {
                    Ok(all) => (Some(all), true),
                    Err(LoopyError::NoSide) => (None, false),
                    Err(e) => return Err(e),
                }
            } else {
                (None, true)
            };
            let mut vals = Vec::with_capacity(comp.len());
            for i in 0..comp.len() {
                vals.push(match &all {
                    Some(all) => SideValue::Stopper(all[i]),
                    None => {
                        let at = Graph { verts: verts.clone(), start: i as u32 };
                        arena.side_value_with(games, &at, onside, sidle)?
                    }
                });
            }
            sides.push(vals);
        }
        for (i, &p) in comp.iter().enumerate() {
            value[p] = Some((sides[0][i].clone(), sides[1][i].clone()));
        }
    }
    Ok(value.into_iter().map(|v| v.expect("every position is in a component")).collect())
}

/// Strongly connected components in reverse topological order (every component after its successors),
/// iteratively (no recursion on deep graphs).
fn tarjan<'a>(games: &Games, n: usize, edges: &dyn Fn(usize) -> &'a Vertex) -> Vec<Vec<usize>> {
    let succ = |v: usize| -> Vec<usize> {
        let p = edges(v);
        p.left
            .iter()
            .chain(&p.right)
            .filter_map(|e| if let Edge::Loopy(w) = *e { Some(w as usize) } else { None })
            .collect()
    };
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut comps = Vec::new();
    let mut counter = 0;
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut call: Vec<(usize, Vec<usize>, usize)> = vec![(root, succ(root), 0)];
        index[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some((v, ws, i)) = call.last_mut() {
            let v = *v;
            if *i < ws.len() {
                let w = ws[*i];
                *i += 1;
                if index[w] == usize::MAX {
                    index[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    call.push((w, succ(w), 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                call.pop();
                if let Some((u, _, _)) = call.last() {
                    low[*u] = low[*u].min(low[v]);
                }
                if low[v] == index[v] {
                    games.poll_interrupt();
                    let mut comp = Vec::new();
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        comp.push(w);
                        if w == v {
                            break;
                        }
                    }
                    comps.push(comp);
                }
            }
        }
    }
    comps
}

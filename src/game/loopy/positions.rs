//! Values of a finite position graph whose options may cycle (`shared/LOOPY.md` §2.6), for the ruleset layer.
//!
//! The graph is given as adjacency lists: position i has Left and Right options, each either another position
//! ([`Edge::Loopy`]) or an already-known short value ([`Edge::Short`], e.g. a component that was valued on
//! its own). Tarjan's algorithm splits the graph into strongly connected components; they are valued in
//! reverse topological order (successors first). An acyclic singleton becomes a short game or a node over
//! finished values; a cyclic component is one graph whose exits hang its finished successors, and each of its
//! positions is valued as that graph started there: a stopper (§2.4) or its two sides (sidling, §2.5).

use super::general::SideValue;
use super::posgraph::PosGraph;
use super::types::{Edge, Graph, LoopyArena, LoopyError, Stopper, Vertex};
use crate::game::Games;

/// The (onside, offside) value of every position (equal for stoppers). `fixed[i]`, when given, is the known
/// value of position i (its edges are ignored): a component valued elsewhere, e.g. a sum. `fixed` may be
/// shorter than the graph (positions past its end are not fixed).
///
/// Nothing here is allocated per position or per component: the graph, the components (one order and
/// their bounds) and the values are a few vectors, so an interrupt unwinds through a few frees.
pub fn position_values(
    arena: &mut LoopyArena,
    games: &mut Games,
    positions: &PosGraph,
    fixed: &[Option<(SideValue, SideValue)>],
) -> Result<Vec<(SideValue, SideValue)>, LoopyError> {
    let n = positions.len();
    let is_fixed = |p: usize| fixed.get(p).is_some_and(Option::is_some);
    let edges = |p: usize, left: bool| if is_fixed(p) { &[][..] } else { positions.player(p, left) };
    let (order, bounds) = tarjan(games, n, &|p| if is_fixed(p) { &[][..] } else { positions.edges(p) });
    let total = bounds.len() - 1;
    let mut value: Vec<Option<(SideValue, SideValue)>> = Vec::new();
    crate::game::budget::check_vec_growth(0, 0, n, std::mem::size_of::<Option<(SideValue, SideValue)>>());
    value.extend((0..n).map(|p| fixed.get(p).cloned().flatten()));
    // Index of a position in the component being valued (u32::MAX outside it).
    let mut index = vec![u32::MAX; n];
    // The side of a position off every cycle whose options are all stoppers, by its options' values (the
    // same options give the same simplest form, and a large graph has many such positions with few
    // distinct option sets).
    let mut by_options: rustc_hash::FxHashMap<OptionKey, SideValue> = rustc_hash::FxHashMap::default();
    for done in 0..total {
        games.poll_interrupt();
        super::progress::valued(done, total);
        let comp = &order[bounds[done] as usize..bounds[done + 1] as usize];
        if comp.len() == 1 && value[comp[0] as usize].is_some() {
            continue;
        }
        if comp.len() == 1 {
            let p = comp[0] as usize;
            if let Some(v) = short_singleton(games, p, &value, &edges) {
                value[p] = Some(v);
                continue;
            }
        }
        // The component's graph, once per side: its own positions first, then the finished exits embedded.
        for (i, &p) in comp.iter().enumerate() {
            index[p as usize] = i as u32;
        }
        let mut sides: Vec<Vec<SideValue>> = Vec::new();
        for onside in [true, false] {
            let key = if comp.len() == 1 { option_key(comp[0] as usize, onside, &value, &edges) } else { None };
            if let Some(v) = key.as_ref().and_then(|k| by_options.get(k)) {
                sides.push(vec![v.clone()]);
                continue;
            }
            let mut verts: Vec<Vertex> = vec![Vertex::default(); comp.len()];
            // Each finished exit is embedded once per side.
            let mut exits: rustc_hash::FxHashMap<SideValue, Edge> = rustc_hash::FxHashMap::default();
            for (i, &p) in comp.iter().enumerate() {
                for left in [true, false] {
                    let src = edges(p as usize, left);
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
            let whole = Graph { verts, start: 0 };
            if super::compare::is_stopper(&whole) {
                // A stopper component: one simplest-form run values every position, and the offside is the
                // same graph (its exits' sides are equal too).
                let vals: Vec<SideValue> =
                    arena.canonical_all(games, &whole, comp.len())?.into_iter().map(SideValue::Stopper).collect();
                if let Some(k) = key {
                    crate::game::budget::check_growth(&by_options);
                    by_options.insert(k, vals[0].clone());
                }
                if onside && same_exits(comp, &value, &edges, &index) {
                    sides.push(vals.clone());
                    sides.push(vals);
                    break;
                }
                sides.push(vals);
                continue;
            }
            sides.push(component_sides(arena, games, &whole, comp.len(), onside)?);
        }
        for (i, &p) in comp.iter().enumerate() {
            value[p as usize] = Some((sides[0][i].clone(), sides[1][i].clone()));
            index[p as usize] = u32::MAX;
        }
    }
    Ok(value.into_iter().map(|v| v.expect("every position is in a component")).collect())
}

/// A position's Left and Right options as stoppers (sorted, without repeats), for one side.
type OptionKey = (Vec<Stopper>, Vec<Stopper>);

/// The options of position `p`, a component on its own, as stoppers of the `onside` side (or offside): `None`
/// when it has a pass or an option whose side is not a stopper.
fn option_key<'a>(
    p: usize,
    onside: bool,
    value: &[Option<(SideValue, SideValue)>],
    edges: &dyn Fn(usize, bool) -> &'a [Edge],
) -> Option<OptionKey> {
    let side = |left: bool| -> Option<Vec<Stopper>> {
        let mut out = Vec::new();
        for e in edges(p, left) {
            out.push(match *e {
                Edge::Short(x) => Stopper::Short(x),
                Edge::Loopy(q) if q as usize == p => return None,
                Edge::Loopy(q) => {
                    let (on, off) = value[q as usize].as_ref().expect("successor components are finished");
                    match if onside { on } else { off } {
                        SideValue::Stopper(s) => *s,
                        SideValue::General(_) => return None,
                    }
                }
            });
        }
        out.sort_unstable();
        out.dedup();
        Some(out)
    };
    Some((side(true)?, side(false)?))
}

/// The value of a position that is a component on its own, not on a cycle (no pass), whose options are all
/// finished with short sides: each side is the short game of its options' sides, built directly (as
/// `canonical_all` would build it, without a graph, a stopper test or a survival table). Most positions of a
/// large graph are such (Fox and Geese: every position from which the geese can no longer come back). `None`
/// when the position has a pass or an option with a loopy side.
fn short_singleton<'a>(
    games: &mut Games,
    p: usize,
    value: &[Option<(SideValue, SideValue)>],
    edges: &dyn Fn(usize, bool) -> &'a [Edge],
) -> Option<(SideValue, SideValue)> {
    let short = |x: &SideValue| match x {
        SideValue::Stopper(Stopper::Short(g)) => Some(*g),
        _ => None,
    };
    // The options' (onside, offside) short values, per player.
    let mut sides: [[Vec<crate::game::GameId>; 2]; 2] = Default::default();
    for (k, left) in [true, false].into_iter().enumerate() {
        for e in edges(p, left) {
            let (on, off) = match *e {
                Edge::Short(x) => (x, x),
                Edge::Loopy(q) if q as usize == p => return None,
                Edge::Loopy(q) => {
                    let (on, off) = value[q as usize].as_ref().expect("successor components are finished");
                    (short(on)?, short(off)?)
                }
            };
            sides[0][k].push(on);
            sides[1][k].push(off);
        }
    }
    let on = games.new_game(&sides[0][0], &sides[0][1]);
    let off = if sides[0] == sides[1] { on } else { games.new_game(&sides[1][0], &sides[1][1]) };
    Some((SideValue::Stopper(Stopper::Short(on)), SideValue::Stopper(Stopper::Short(off))))
}

/// Whether every exit of a component has equal sides (so its offside graph is its onside graph).
fn same_exits<'a>(
    comp: &[u32],
    value: &[Option<(SideValue, SideValue)>],
    edges: &dyn Fn(usize, bool) -> &'a [Edge],
    index: &[u32],
) -> bool {
    comp.iter().all(|&p| {
        let p = p as usize;
        edges(p, true).iter().chain(edges(p, false)).all(|e| match *e {
            Edge::Loopy(q) if index[q as usize] == u32::MAX => {
                value[q as usize].as_ref().is_some_and(|(on, off)| on == off)
            }
            _ => true,
        })
    })
}

/// The sides (`onside` or offside) of the first `k` vertices of a component's graph that is no stopper:
/// edge deletion on the whole graph at once, else sidling all vertices at once, else each vertex on its own.
fn component_sides(
    arena: &mut LoopyArena,
    games: &mut Games,
    whole: &Graph,
    k: usize,
    onside: bool,
) -> Result<Vec<SideValue>, LoopyError> {
    if let Some(g) = super::sided::delete_all(games, whole, onside)? {
        return Ok(arena.canonical_all(games, &g, k)?.into_iter().map(SideValue::Stopper).collect());
    }
    // Every position of a strongly connected component reaches all of it, so when sidling all of them does
    // not settle, sidling from one position would not either.
    let sidle = match arena.sidle_all(games, whole, onside) {
        Ok(all) => return Ok(all[..k].iter().map(|&s| SideValue::Stopper(s)).collect()),
        Err(LoopyError::NoSide) => false,
        Err(e) => return Err(e),
    };
    let mut vals = Vec::with_capacity(k);
    for i in 0..k {
        let at = Graph { verts: whole.verts.clone(), start: i as u32 };
        vals.push(arena.side_value_with(games, &at, onside, sidle)?);
    }
    Ok(vals)
}

/// Strongly connected components in reverse topological order (every component after its successors),
/// iteratively (no recursion on deep graphs), as one vector of positions and the bounds of each component in
/// it: component c is `order[bounds[c]..bounds[c + 1]]`.
fn tarjan<'a>(games: &Games, n: usize, edges: &dyn Fn(usize) -> &'a [Edge]) -> (Vec<u32>, Vec<u32>) {
    const NONE: u32 = u32::MAX;
    let mut index = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut order: Vec<u32> = Vec::with_capacity(n);
    let mut bounds: Vec<u32> = vec![0];
    let mut counter = 0u32;
    // The depth-first path: (position, its next edge to look at).
    let mut call: Vec<(u32, u32)> = Vec::new();
    for root in 0..n {
        if index[root] != NONE {
            continue;
        }
        index[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root as u32);
        on_stack[root] = true;
        call.push((root as u32, 0));
        while let Some(&(v, at)) = call.last() {
            let v = v as usize;
            let out = edges(v);
            // The next edge to another position.
            let mut i = at as usize;
            let mut next = None;
            while i < out.len() {
                i += 1;
                if let Edge::Loopy(w) = out[i - 1] {
                    next = Some(w as usize);
                    break;
                }
            }
            if let Some(top) = call.last_mut() {
                top.1 = i as u32;
            }
            if let Some(w) = next {
                if index[w] == NONE {
                    if counter.is_multiple_of(4096) {
                        games.poll_interrupt();
                    }
                    index[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w as u32);
                    on_stack[w] = true;
                    call.push((w as u32, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                call.pop();
                if let Some(&(u, _)) = call.last() {
                    low[u as usize] = low[u as usize].min(low[v]);
                }
                if low[v] == index[v] {
                    games.poll_interrupt();
                    while let Some(w) = stack.pop() {
                        on_stack[w as usize] = false;
                        order.push(w);
                        if w as usize == v {
                            break;
                        }
                    }
                    bounds.push(order.len() as u32);
                }
            }
        }
    }
    (order, bounds)
}

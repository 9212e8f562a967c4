//! The position graph of Backsliding Toads and Frogs (`BackslidingToadsAndFrogs` of `stdlib/loopy_games.cgs`,
//! CGSuite's `GenToadsAndFrogs(minSlide => -1)`), generated natively for the loopy engine
//! ([`crate::game::loopy::position_values`]).
//!
//! The rules are the stdlib's, move for move: Left's toads `t` move right, Right's frogs `f` move left; a
//! creature steps one square forward onto an empty square, jumps forward over exactly one opposing creature
//! onto the empty square just beyond it, or steps one square backwards onto an empty square. A state is the
//! strip as two bitboards (toads, frogs) of at most 64 squares; a longer strip, or one with another
//! character, is left to the script rules (`None`).
//!
//! # No split at blocked stretches
//! In ordinary Toads and Frogs a jammed stretch such as `ttff` never moves again and the strip splits there
//! into independent regions. With backsliding no stretch is blocked for good while the strip has an empty
//! square: every creature can step onto an empty square next to it in either direction (a toad forwards
//! right or backwards left, a frog forwards left or backwards right), so the empty square can be walked to any
//! square of the strip, one swap at a time, and the creature next to it then moves. A position is therefore
//! a sum of independent regions only when it has no empty square at all (then nobody can move: it is 0).
//! The graph is built whole; `tests/scripts/loopy/backsliding_native.cgs` shows a jammed stretch whose two
//! sides summed give another value.

use crate::game::loopy::{Edge, PosGraph};

/// A strip: toads' and frogs' bits (bit i is square i + 1).
type State = (u64, u64);

/// The position graph of the strip `s` (`t`, `f`, `.`): vertex 0 is the strip itself. `None` when the strip
/// has more than 64 squares or another character.
pub fn graph(s: &str, poll: &mut dyn FnMut()) -> Option<PosGraph> {
    let n = s.len();
    if n > 64 {
        return None;
    }
    let mut start: State = (0, 0);
    for (i, c) in s.bytes().enumerate() {
        match c {
            b't' => start.0 |= 1 << i,
            b'f' => start.1 |= 1 << i,
            b'.' => {}
            _ => return None,
        }
    }
    let full: u64 = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut index: rustc_hash::FxHashMap<State, u32> = rustc_hash::FxHashMap::default();
    let mut g = PosGraph::new();
    let mut todo: Vec<(u32, State)> = Vec::new();
    let mut vertex = |g: &mut PosGraph, todo: &mut Vec<(u32, State)>, s: State| -> u32 {
        if let Some(&v) = index.get(&s) {
            return v;
        }
        crate::game::budget::check_growth(&index);
        crate::game::budget::check_vec_growth(todo.len(), todo.capacity(), 1, std::mem::size_of::<(u32, State)>());
        let v = g.add_vertex();
        index.insert(s, v);
        todo.push((v, s));
        v
    };
    vertex(&mut g, &mut todo, start);
    let mut done = 0usize;
    let (mut left, mut right) = (Vec::new(), Vec::new());
    while let Some((v, (toads, frogs))) = todo.pop() {
        done += 1;
        if done.is_multiple_of(1024) {
            poll();
            crate::game::loopy::progress::explored(g.len());
        }
        let empty = full & !(toads | frogs);
        // Left: each toad's forward step, jump over a frog, backward step.
        left.clear();
        for (from, to) in moves(toads, frogs, empty, true) {
            let t = toads & !from | to;
            left.push(Edge::Loopy(vertex(&mut g, &mut todo, (t, frogs))));
        }
        right.clear();
        for (from, to) in moves(frogs, toads, empty, false) {
            let f = frogs & !from | to;
            right.push(Edge::Loopy(vertex(&mut g, &mut todo, (toads, f))));
        }
        g.set_edges(v, &left, &right);
    }
    g.shrink_to_fit();
    Some(g)
}

/// The moves of the creatures `us` (toads when `up`: forward is towards higher bits) as (from bit, to bit):
/// forward steps, backward steps, then jumps over one of `them` (the stdlib's order).
fn moves(us: u64, them: u64, empty: u64, up: bool) -> Vec<(u64, u64)> {
    let fwd = |b: u64, k: u32| if up { b.checked_shl(k).unwrap_or(0) } else { b >> k };
    let back = |b: u64, k: u32| if up { b >> k } else { b.checked_shl(k).unwrap_or(0) };
    let mut out = Vec::new();
    let mut bits = us;
    while bits != 0 {
        let b = bits & bits.wrapping_neg();
        bits &= bits - 1;
        let f1 = fwd(b, 1);
        if f1 & empty != 0 {
            out.push((b, f1));
        }
        let b1 = back(b, 1);
        if b1 & empty != 0 {
            out.push((b, b1));
        }
        let f2 = fwd(b, 2);
        if f1 & them != 0 && f2 & empty != 0 {
            out.push((b, f2));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_follow_the_stdlib_rules() {
        // "t.f": the toad steps right (to "tf" at 2) — no jump (square 3 is a frog, not empty beyond); the
        // toad cannot step back (edge). The frog steps left; it cannot step back (edge).
        let g = graph("t.f", &mut || {}).expect("fits");
        assert_eq!(g.left(0).len(), 1);
        assert_eq!(g.right(0).len(), 1);
        // ".tf.": the toad steps back to square 1 and jumps the frog to square 4; the frog steps back to 4 and
        // jumps the toad to 1.
        let g = graph(".tf.", &mut || {}).expect("fits");
        assert_eq!(g.left(0).len(), 2);
        assert_eq!(g.right(0).len(), 2);
        // A full strip has no moves.
        let g = graph("tf", &mut || {}).expect("fits");
        assert_eq!((g.len(), g.edges(0).len()), (1, 0));
    }

    #[test]
    fn strips_outside_the_bitboard_fall_back() {
        assert!(graph(&".".repeat(65), &mut || {}).is_none());
        assert!(graph("t.x", &mut || {}).is_none());
        assert!(graph(&".".repeat(64), &mut || {}).is_some());
    }
}

//! The position graph of Fox and Geese (`GenFoxAndGeese(boardWidth, foxRange)` of `stdlib/loopy_games.cgs`),
//! generated natively for the loopy engine ([`crate::game::loopy::position_values`]).
//!
//! The rules are the stdlib's, move for move: Left moves one goose one square diagonally downwards onto an
//! empty square (not the fox's); Right moves the fox diagonally in any direction, up to `foxRange` squares in
//! a straight line over squares free of geese and on the board (row ≥ 1, 1 ≤ col ≤ `boardWidth`). A position
//! whose fox is level with the highest goose or above it, or one row below it with a free square diagonally
//! above, is worth `off` (the stdlib's `Components`): here one vertex whose only option is Right's, to itself.
//!
//! A state is the set of geese as a bitboard over rows 1..=`rows` (the highest goose's row at the start:
//! geese only move down) and the fox's square. Unlike the script path, nothing is kept per position but the
//! graph itself: an index from state to vertex and each vertex's edges. The graph's memory is charged to the
//! session's memory budget through the counting allocator; growth of its vectors and index is checked before
//! it happens, and `poll` is called every 1024 positions (Ctrl-C, the budget).

use crate::game::loopy::{Edge, Vertex};
use rustc_hash::FxHashMap;

/// A square: (row, col), both from 1.
pub type Square = (i64, i64);

/// A state: the geese's bitboard and the fox's (row, col).
type State = (u128, u8, u8);

/// The board of one exploration.
struct Board {
    width: i64,
    rows: i64,
    range: i64,
}

impl Board {
    fn bit(&self, (r, c): Square) -> u128 {
        1u128 << ((r - 1) * self.width + (c - 1))
    }

    fn on_board(&self, (r, c): Square) -> bool {
        r >= 1 && c >= 1 && c <= self.width
    }

    /// On the board and free of geese (squares above `rows` hold none).
    fn free(&self, geese: u128, s: Square) -> bool {
        self.on_board(s) && (s.0 > self.rows || geese & self.bit(s) == 0)
    }

    /// The highest goose's row (0 for none).
    fn top(&self, geese: u128) -> i64 {
        if geese == 0 {
            0
        } else {
            (127 - geese.leading_zeros() as i64) / self.width + 1
        }
    }

    /// Whether the fox can never be trapped: the stdlib's `Components` answer `off`.
    fn escaped(&self, geese: u128, (r, c): Square) -> bool {
        let top = self.top(geese);
        r >= top || r == top - 1 && (self.free(geese, (r + 1, c - 1)) || self.free(geese, (r + 1, c + 1)))
    }
}

/// The position graph from `geese` and `fox` on a board `width` wide with a fox of range `range`: vertex 0
/// is the start; the vertex worth `off` (if reached) has a single Right edge to itself. `None` when the
/// position is outside what the bitboard holds (then the caller uses the script rules): no geese, more than
/// 128 squares below the highest goose, a square off the board or not dark, a goose on the fox.
pub fn graph(width: i64, range: i64, geese: &[Square], fox: Square, poll: &mut dyn FnMut()) -> Option<Vec<Vertex>> {
    let rows = geese.iter().map(|g| g.0).max()?;
    if !(1..=128).contains(&width) || range < 1 || rows.checked_mul(width)? > 128 {
        return None;
    }
    let board = Board { width, rows, range };
    let dark = |s: Square| board.on_board(s) && (s.0 + s.1) % 2 == 0;
    if !geese.iter().all(|&g| dark(g)) || !dark(fox) || geese.contains(&fox) || fox.0 > 255 || width > 255 {
        return None;
    }
    let start: u128 = geese.iter().fold(0, |b, &g| b | board.bit(g));
    let mut verts: Vec<Vertex> = Vec::new();
    let mut index: FxHashMap<State, u32> = FxHashMap::default();
    let mut off: Option<u32> = None;
    let mut todo: Vec<u32> = Vec::new();
    let mut states: Vec<State> = Vec::new();
    // The vertex of a state, added (and queued) when new.
    let mut vertex = |verts: &mut Vec<Vertex>, states: &mut Vec<State>, todo: &mut Vec<u32>, s: State| -> u32 {
        if let Some(&v) = index.get(&s) {
            return v;
        }
        crate::game::budget::check_growth(&index);
        crate::game::budget::check_vec_growth(verts.len(), verts.capacity(), 1, std::mem::size_of::<Vertex>());
        crate::game::budget::check_vec_growth(states.len(), states.capacity(), 1, std::mem::size_of::<State>());
        let v = verts.len() as u32;
        verts.push(Vertex::default());
        states.push(s);
        todo.push(v);
        index.insert(s, v);
        v
    };
    vertex(&mut verts, &mut states, &mut todo, (start, fox.0 as u8, fox.1 as u8));
    let mut done = 0usize;
    while let Some(v) = todo.pop() {
        done += 1;
        if done.is_multiple_of(1024) {
            poll();
            crate::game::loopy::progress::explored(verts.len());
        }
        let (geese, fr, fc) = states[v as usize];
        let f = (i64::from(fr), i64::from(fc));
        if board.escaped(geese, f) {
            // The stdlib's `Components` value this position as `off`: one shared vertex.
            let o = *off.get_or_insert_with(|| {
                let o = verts.len() as u32;
                verts.push(Vertex { left: Vec::new(), right: vec![Edge::Loopy(o)] });
                // No state of the game: it is never looked up, and never queued.
                states.push((0, 0, 0));
                o
            });
            // A position worth `off` is that vertex's twin: Right's only move goes to it.
            verts[v as usize] = Vertex { left: Vec::new(), right: vec![Edge::Loopy(o)] };
            continue;
        }
        let mut left = Vec::new();
        let mut bits = geese;
        while bits != 0 {
            let i = bits.trailing_zeros() as i64;
            bits &= bits - 1;
            let g = (i / width + 1, i % width + 1);
            for dc in [-1, 1] {
                let t = (g.0 - 1, g.1 + dc);
                if board.free(geese, t) && t != f {
                    let moved = geese & !board.bit(g) | board.bit(t);
                    left.push(Edge::Loopy(vertex(&mut verts, &mut states, &mut todo, (moved, fr, fc))));
                }
            }
        }
        let mut right = Vec::new();
        for dir in [(1, -1), (1, 1), (-1, -1), (-1, 1)] {
            for d in 1..=board.range {
                let t = (f.0 + dir.0 * d, f.1 + dir.1 * d);
                if !board.free(geese, t) || t.0 > 255 {
                    break;
                }
                right.push(Edge::Loopy(vertex(&mut verts, &mut states, &mut todo, (geese, t.0 as u8, t.1 as u8))));
            }
        }
        verts[v as usize] = Vertex { left, right };
    }
    Some(verts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(width: i64, range: i64, geese: &[Square], fox: Square) -> usize {
        graph(width, range, geese, fox, &mut || {}).expect("fits").len()
    }

    #[test]
    fn an_escaped_fox_is_one_off_vertex_pair() {
        // Fox level with the only goose: the start is worth `off` (its one edge is Right's, to the `off` vertex).
        let g = graph(8, 1, &[(2, 2)], (2, 4), &mut || {}).expect("fits");
        assert_eq!(g.len(), 2);
        assert!(g[0].left.is_empty());
        assert_eq!(g[0].right, vec![Edge::Loopy(1)]);
        assert_eq!(g[1].right, vec![Edge::Loopy(1)]);
    }

    #[test]
    fn moves_follow_the_stdlib_rules() {
        // Geese on (3,3) and (3,5) over a fox on (1,3), width 6: Left moves (3,3)->(2,2),(2,4) and
        // (3,5)->(2,4),(2,6) (4 moves); the fox moves to (2,2) and (2,4) (rows below 1 are off the board).
        let g = graph(6, 1, &[(3, 3), (3, 5)], (1, 3), &mut || {}).expect("fits");
        assert_eq!(g[0].left.len(), 4);
        assert_eq!(g[0].right.len(), 2);
        // Range 2: along (1,-1) to (2,2) and (3,1); along (1,1) to (2,4) only ((3,5) is a goose).
        let g = graph(6, 2, &[(3, 3), (3, 5)], (1, 3), &mut || {}).expect("fits");
        assert_eq!(g[0].right.len(), 3);
    }

    #[test]
    fn positions_outside_the_bitboard_fall_back() {
        assert!(graph(8, 1, &[], (1, 1), &mut || {}).is_none());
        assert!(graph(8, 1, &[(17, 1)], (1, 1), &mut || {}).is_none());
        assert!(graph(8, 1, &[(2, 1)], (2, 1), &mut || {}).is_none());
        assert!(graph(8, 1, &[(2, 2)], (1, 2), &mut || {}).is_none());
        assert!(count(8, 1, &[(4, 2), (4, 4), (4, 6), (4, 8)], (1, 5)) > 10);
    }
}

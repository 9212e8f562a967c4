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
//! graph itself (a flat [`PosGraph`]: all edges in one vector) and, while it is built, each position's state
//! (24 bytes) with a hash table of vertex numbers (4 bytes a slot). The graph's memory is charged to the
//! session's memory budget through the counting allocator; growth of its vectors and index is checked before
//! it happens, and `poll` is called every 1024 positions (Ctrl-C, the budget).

use crate::game::loopy::{Edge, PosGraph};

/// A square: (row, col), both from 1.
pub type Square = (i64, i64);

/// A state: the geese's bitboard (as two words, so a state is 24 bytes, not 32) and the fox's (row, col).
type State = ([u64; 2], u8, u8);

fn split(geese: u128) -> [u64; 2] {
    [geese as u64, (geese >> 64) as u64]
}

fn join(w: [u64; 2]) -> u128 {
    u128::from(w[0]) | u128::from(w[1]) << 64
}
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
pub fn graph(width: i64, range: i64, geese: &[Square], fox: Square, poll: &mut dyn FnMut()) -> Option<PosGraph> {
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
    let mut states = States::default();
    let mut g = PosGraph::new();
    let mut off: Option<u32> = None;
    // Positions found and not yet expanded (with their states: the index keeps no state it need not).
    let mut todo: Vec<(u32, State)> = Vec::new();
    let mut vertex = |g: &mut PosGraph, todo: &mut Vec<(u32, State)>, s: State| -> u32 {
        let (v, new) = states.vertex(g, s);
        if new {
            crate::game::budget::check_vec_growth(todo.len(), todo.capacity(), 1, std::mem::size_of::<(u32, State)>());
            todo.push((v, s));
        }
        v
    };
    vertex(&mut g, &mut todo, (split(start), fox.0 as u8, fox.1 as u8));
    let mut done = 0usize;
    let (mut left, mut right) = (Vec::new(), Vec::new());
    while let Some((v, (geese, fr, fc))) = todo.pop() {
        done += 1;
        if done.is_multiple_of(1024) {
            poll();
            crate::game::loopy::progress::explored(g.len());
        }
        let geese = join(geese);
        let f = (i64::from(fr), i64::from(fc));
        if board.escaped(geese, f) {
            // The stdlib's `Components` value this position as `off`: one shared vertex (no state of the game,
            // never looked up, never queued).
            let o = *off.get_or_insert_with(|| {
                let o = g.add_vertex();
                g.set_edges(o, &[], &[Edge::Loopy(o)]);
                o
            });
            // A position worth `off` is that vertex's twin: Right's only move goes to it.
            g.set_edges(v, &[], &[Edge::Loopy(o)]);
            continue;
        }
        left.clear();
        let mut bits = geese;
        while bits != 0 {
            let i = bits.trailing_zeros() as i64;
            bits &= bits - 1;
            let goose = (i / width + 1, i % width + 1);
            for dc in [-1, 1] {
                let t = (goose.0 - 1, goose.1 + dc);
                if board.free(geese, t) && t != f {
                    let moved = geese & !board.bit(goose) | board.bit(t);
                    left.push(Edge::Loopy(vertex(&mut g, &mut todo, (split(moved), fr, fc))));
                }
            }
        }
        right.clear();
        for dir in [(1, -1), (1, 1), (-1, -1), (-1, 1)] {
            for d in 1..=board.range {
                let t = (f.0 + dir.0 * d, f.1 + dir.1 * d);
                if !board.free(geese, t) || t.0 > 255 {
                    break;
                }
                right.push(Edge::Loopy(vertex(&mut g, &mut todo, (split(geese), t.0 as u8, t.1 as u8))));
            }
        }
        g.set_edges(v, &left, &right);
    }
    g.shrink_to_fit();
    Some(g)
}

/// The vertex of each state found: a table of vertex numbers hashed by their states (4 bytes a slot; the
/// states themselves in one vector), instead of a map holding each state again beside its number.
#[derive(Default)]
struct States {
    table: hashbrown::HashTable<u32>,
    states: Vec<State>,
}

impl States {
    fn hash(s: &State) -> u64 {
        use std::hash::BuildHasher;
        rustc_hash::FxBuildHasher.hash_one(s)
    }

    /// The vertex of `s`, added to `g` when new (then `true`).
    fn vertex(&mut self, g: &mut PosGraph, s: State) -> (u32, bool) {
        let h = Self::hash(&s);
        let states = &self.states;
        if let Some(&v) = self.table.find(h, |&v| states[v as usize] == s) {
            return (v, false);
        }
        crate::game::budget::check_vec_growth(self.table.len(), self.table.capacity(), 1, 6);
        crate::game::budget::check_vec_growth(
            self.states.len(),
            self.states.capacity(),
            1,
            std::mem::size_of::<State>(),
        );
        let v = g.add_vertex();
        // The off vertex has no state: keep the state vector indexed by vertex with a filler.
        while self.states.len() < v as usize {
            self.states.push(([0, 0], 0, 0));
        }
        self.states.push(s);
        let states = &self.states;
        self.table.insert_unique(h, v, |&w| Self::hash(&states[w as usize]));
        (v, true)
    }
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
        assert!(g.left(0).is_empty());
        assert_eq!(g.right(0), [Edge::Loopy(1)]);
        assert_eq!(g.right(1), [Edge::Loopy(1)]);
    }

    #[test]
    fn moves_follow_the_stdlib_rules() {
        // Geese on (3,3) and (3,5) over a fox on (1,3), width 6: Left moves (3,3)->(2,2),(2,4) and
        // (3,5)->(2,4),(2,6) (4 moves); the fox moves to (2,2) and (2,4) (rows below 1 are off the board).
        let g = graph(6, 1, &[(3, 3), (3, 5)], (1, 3), &mut || {}).expect("fits");
        assert_eq!(g.left(0).len(), 4);
        assert_eq!(g.right(0).len(), 2);
        // Range 2: along (1,-1) to (2,2) and (3,1); along (1,1) to (2,4) only ((3,5) is a goose).
        let g = graph(6, 2, &[(3, 3), (3, 5)], (1, 3), &mut || {}).expect("fits");
        assert_eq!(g.right(0).len(), 3);
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

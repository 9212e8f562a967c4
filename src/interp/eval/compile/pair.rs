//! Coordinate pairs in compiled code: CGSuite's own class code indexes and updates grids by tuples,
//! `grid[(m, n)]`, `grid[(m, n) + d]`, `grid[coord + direction]`, `grid Updated {coord => 0, coord + direction
//! => us}`. A [`Pair`] is such an expression known at compile time (`build.rs`'s `pair`): `(r, c)` of two
//! coordinates, a local, or `p + q` / `p - q` of pairs. It reads only literals and locals, so a fast path
//! computes its two machine integers without making a tuple ([`Pair::value`]), and when that does not apply
//! (a local holds something else, a step leaves `i64`) the general path evaluates the same expression again
//! to no effect, with its values, errors and spans.
//!
//! Used by: the cell read `g[p]` ([`PairIndex`]), the cell test `g[p] == s` (`CellTest`'s keys: `g[(r, c)]`
//! is `g[r, c]`, any other pair is read out of line as `Coord::Of`), the comparison `g[p] == x` of any other right side
//! (`run.rs`'s `compare`), the keys of `g.Updated({p => v, …})` (`cell.rs`), and `p + q` as a value
//! ([`PairOf`]: the tuple built directly).

use super::super::machine::*;
use super::super::ops::{add_pairs, pair_value};
use super::cell::{board, cell_value, local};
use super::tree::{Coord, Pair, PairIndex, PairOf};
use crate::interp::value::Int;
use crate::solve::grid::BoardCells;

impl Pair {
    /// The pair's two machine integers: `None` when a local does not hold what it should (a machine integer
    /// for a coordinate, a tuple of two for a pair) or a step leaves `i64` (the general path then computes
    /// it, in big integers, or reports the error). Nothing is evaluated, so nothing is left to undo.
    #[inline(always)]
    pub(super) fn value(&self, m: &Machine<'_>) -> Option<(i64, i64)> {
        match self {
            Pair::Sum(p, q, neg) => add_pairs(p.leaf(m)?, q.leaf(m)?, *neg),
            _ => self.leaf(m),
        }
    }

    /// [`Pair::value`] of an operand of a sum: a tuple written out or a local in line, a nested sum out of
    /// line.
    #[inline(always)]
    fn leaf(&self, m: &Machine<'_>) -> Option<(i64, i64)> {
        match self {
            Pair::Tuple([r, c]) => Some((r.value(m)?, c.value(m)?)),
            Pair::Local(head) => small_pair(local(m, *head)?),
            Pair::Sum(..) => self.nested(m),
        }
    }

    /// [`Pair::value`] of a sum inside a sum (`(m, n) + d + e`).
    #[inline(never)]
    fn nested(&self, m: &Machine<'_>) -> Option<(i64, i64)> {
        self.value(m)
    }

    /// Whether the pair is `base + a local` (`(m, n) + d` after `(m, n)`): the local's slot chain, so that a
    /// cell test after one at `base` reads only the step (`CellPair`).
    pub(super) fn step_from(&self, base: &[Coord; 2]) -> Option<u32> {
        let Pair::Sum(p, q, false) = self else { return None };
        let Pair::Local(d) = **q else { return None };
        let same = match (&**p, base) {
            (p, [Coord::Of(b, false), Coord::Of(b2, true)]) => Rc::ptr_eq(b, b2) && p.same_as(b),
            (Pair::Tuple(a), b) => same_coords(a, b),
            _ => false,
        };
        same.then_some(d)
    }

    /// Whether two pairs are the same expression of the same locals (so that in one frame, read one after the
    /// other with nothing run between, they have the same value).
    fn same_as(&self, other: &Pair) -> bool {
        match (self, other) {
            (Pair::Tuple(a), Pair::Tuple(b)) => same_coords(a, b),
            (Pair::Local(a), Pair::Local(b)) => a == b,
            (Pair::Sum(p, q, n), Pair::Sum(p2, q2, n2)) => n == n2 && p.same_as(p2) && q.same_as(q2),
            _ => false,
        }
    }
}

/// Whether two coordinates are the same sums of the same locals (`Coord::step_to` of zero).
fn same_coords([r, c]: &[Coord; 2], [r2, c2]: &[Coord; 2]) -> bool {
    r.step_to(r2) == Some(0) && c.step_to(c2) == Some(0)
}

/// The two machine integers of a tuple of two (`None` for any other value).
#[inline(always)]
fn small_pair(v: &Value) -> Option<(i64, i64)> {
    let Value::Tuple(t) = v else { return None };
    match &t[..] {
        [Value::Integer(Int::Small(r)), Value::Integer(Int::Small(c))] => Some((*r, *c)),
        _ => None,
    }
}

impl PairOf {
    /// `p + q` as a value: the tuple of [`Pair::value`], else the general `+` (`eval_binary`).
    pub(super) fn run(&self, m: &mut Machine<'_>) -> Eval<Value> {
        match self.pair.value(m) {
            Some((r, c)) => Ok(pair_value(r, c)),
            None => self.general.run(m),
        }
    }
}

/// What `g[p]` reads in place: a cell of a grid of characters (`Ok`: its byte, `None` off the board), or a
/// cell of a grid of integers (`Err`: its value, `None` off the board).
pub(super) type Cell = Result<Option<u8>, Option<i8>>;

impl PairIndex {
    /// `g[p]` (`eval_index`): the cell read in place, else the general index.
    pub(super) fn run(&self, m: &mut Machine<'_>) -> Eval<Value> {
        match self.cell(m) {
            Some(Ok(b)) => Ok(b.map_or(Value::Nothing, cell_value)),
            Some(Err(k)) => Ok(k.map_or(Value::Nothing, |k| Value::small_int(i64::from(k)))),
            None => self.general.run(m),
        }
    }

    /// The cell `g[p]` when `g` holds a grid and `p` has a value (what the grid's own index answers for the
    /// key `(r, c)`: the cell, `Nothing` off the board); `None` otherwise.
    #[inline]
    pub(super) fn cell(&self, m: &Machine<'_>) -> Option<Cell> {
        let cells = board(self.grid.held(m)?)?;
        let (r, c) = self.pair.value(m)?;
        Some(match cells {
            BoardCells::Chars(g) => Ok(g.get_signed(r, c)),
            BoardCells::Nums(g) => Err(g.view().get_signed(r, c)),
        })
    }
}

#[cfg(test)]
#[path = "tests_pair.rs"]
mod tests_pair;

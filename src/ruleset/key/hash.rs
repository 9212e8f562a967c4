//! How the memo finds a key: its hash, and a grid's key compared with a grid in place (a leaf below
//! [`super`], which writes the keys, and the memo's index, which stores them).

use crate::interp::value::Value;
use crate::library::grid::GridValue;
use crate::solve::grid::{hash_cells, Grid};
use rustc_hash::FxHasher;
use std::hash::Hasher;

/// The tag [`super::encode`] writes before a grid: a key starting with it is one grid, `[13, rows, cols, cells…]`
/// (rows and columns as 4-byte little-endian counts).
pub(super) const GRID_TAG: u8 = 13;

/// The hash of a key: a grid's key hashes as the grid itself ([`Grid::hash`], kept in every grid), so a grid
/// state is looked up without encoding it; other keys by `FxHash` of their bytes.
pub fn key_hash(key: &[u8]) -> u64 {
    if let Some((rows, cols, cells)) = grid_key_parts(key) {
        return hash_cells(rows, cols, cells);
    }
    let mut h = FxHasher::default();
    h.write(key);
    h.finish()
}

/// The shape and cells of a grid's key.
pub(crate) fn grid_key_parts(key: &[u8]) -> Option<(usize, usize, &[u8])> {
    let (&GRID_TAG, rest) = key.split_first()? else { return None };
    let rows = u32::from_le_bytes(rest.get(..4)?.try_into().ok()?) as usize;
    let cols = u32::from_le_bytes(rest.get(4..8)?.try_into().ok()?) as usize;
    Some((rows, cols, rest.get(8..)?))
}

/// Whether `key` is the key of the grid `g`, compared in place (no encoding of `g`).
pub fn is_grid_key(key: &[u8], g: &Grid) -> bool {
    grid_key_parts(key).is_some_and(|(r, c, cells)| r == g.rows() && c == g.cols() && cells == g.cells())
}

/// The grid of a state that is a grid.
pub fn state_grid(state: &Value) -> Option<&Grid> {
    let Value::Object(o) = state else { return None };
    crate::interp::object::downcast_ref::<GridValue>(&**o).map(|g| &g.0)
}

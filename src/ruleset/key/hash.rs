//! How the memo finds a key: its hash, and a grid's key compared with a grid in place (a leaf below
//! [`super`], which writes the keys, and the memo's index, which stores them).

use crate::interp::value::Value;
use crate::library::grid::GridValue;
use crate::library::numgrid::NumGrid;
use crate::solve::grid::{hash_cells, Grid};
use rustc_hash::FxHasher;
use std::hash::Hasher;

/// The tag [`super::encode`] writes before a grid: a key starting with it is one grid, `[13, rows, cols, cells…]`
/// (rows and columns as 4-byte little-endian counts).
pub(super) const GRID_TAG: u8 = 13;

/// The tag [`super::encode`] writes before an integer grid (`crate::library::numgrid`): a key starting with it is
/// one integer grid, `[17, rows, cols, cells…]` (each cell's `i8` as a byte).
pub(super) const NUM_GRID_TAG: u8 = 17;

/// The hash of a key: a grid's key hashes as the grid itself ([`Grid::hash`], kept in every grid), so a grid
/// state is looked up without encoding it; other keys by `FxHash` of their bytes.
pub fn key_hash(key: &[u8]) -> u64 {
    if let Some((rows, cols, cells)) = grid_key_parts(key) {
        return hash_cells(rows, cols, cells);
    }
    if let Some((rows, cols, cells)) = num_grid_key_parts(key) {
        return num_grid_hash(rows, cols, cells);
    }
    let mut h = FxHasher::default();
    h.write(key);
    h.finish()
}

/// The shape and cells of a grid's key.
pub(crate) fn grid_key_parts(key: &[u8]) -> Option<(usize, usize, &[u8])> {
    tagged_parts(GRID_TAG, key)
}

/// The shape and cells of an integer grid's key.
pub(crate) fn num_grid_key_parts(key: &[u8]) -> Option<(usize, usize, &[u8])> {
    tagged_parts(NUM_GRID_TAG, key)
}

#[inline]
fn tagged_parts(tag: u8, key: &[u8]) -> Option<(usize, usize, &[u8])> {
    let (&first, rest) = key.split_first()?;
    if first != tag {
        return None;
    }
    let rows = u32::from_le_bytes(rest.get(..4)?.try_into().ok()?) as usize;
    let cols = u32::from_le_bytes(rest.get(4..8)?.try_into().ok()?) as usize;
    Some((rows, cols, rest.get(8..)?))
}

/// Whether `key` is the key of the grid `g`, compared in place (no encoding of `g`).
pub fn is_grid_key(key: &[u8], g: &Grid) -> bool {
    grid_key_parts(key).is_some_and(|(r, c, cells)| r == g.rows() && c == g.cols() && cells == g.cells())
}

/// The hash of an integer grid's key: its shape, then its cells eight to a word (so the memo hashes a board
/// of 20 cells in three steps, from the grid in place, without writing its key), each word multiplied in and the
/// whole mixed at the end (the memo's index takes a key's home slot from the hash's top bits, which a product
/// alone leaves depending on the low bits of the last word only).
#[inline]
pub fn num_grid_hash(rows: usize, cols: usize, cells: &[u8]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut h = ((rows as u64) << 32 | cols as u64).wrapping_mul(K);
    let mut words = cells.chunks_exact(8);
    for w in &mut words {
        h = (h.rotate_left(23) ^ u64::from_le_bytes(w.try_into().expect("8 bytes"))).wrapping_mul(K);
    }
    let rest = words.remainder();
    if !rest.is_empty() {
        // The last cells as a word (little-endian, as the others), built in registers (no copy of a slice).
        let w = rest.iter().rev().fold(0u64, |w, &b| w << 8 | u64::from(b));
        h = (h.rotate_left(23) ^ w).wrapping_mul(K);
    }
    // SplitMix64's finaliser: every bit of the result depends on every bit of `h`.
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

/// Whether `key` is the key of the integer grid of `rows`, `cols` and `cells` (as bytes), compared in place.
pub fn is_num_grid_key(key: &[u8], rows: usize, cols: usize, cells: &[u8]) -> bool {
    num_grid_key_parts(key).is_some_and(|(r, c, k)| r == rows && c == cols && k == cells)
}

/// The shape and cells (as bytes) of a state that is an integer grid.
#[inline]
pub fn state_num_grid(state: &Value) -> Option<(usize, usize, &[u8])> {
    let Value::Object(o) = state else { return None };
    let g = crate::interp::object::downcast_ref::<NumGrid>(&**o)?;
    let (rows, cols, _) = g.parts();
    Some((rows, cols, g.bytes()))
}

/// The grid of a state that is a grid.
pub fn state_grid(state: &Value) -> Option<&Grid> {
    let Value::Object(o) = state else { return None };
    crate::interp::object::downcast_ref::<GridValue>(&**o).map(|g| &g.0)
}

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

/// The hash of an integer grid's key: from its packed form ([`pack_num`]) when it packs (two words, mixed), else
/// from its shape and cells eight to a word (so the memo hashes a board from the grid in place, without writing
/// its key), each word multiplied in and the whole mixed at the end (the memo's index takes a key's home slot
/// from the hash's top bits, which a product alone leaves depending on the low bits of the last word only).
#[inline]
pub fn num_grid_hash(rows: usize, cols: usize, cells: &[u8]) -> u64 {
    num_grid_lookup(rows, cols, cells).0
}

/// [`num_grid_hash`] with the packed form it was found from, if the grid packs (the memo's index compares a
/// packed grid with its entry by it).
#[inline]
pub fn num_grid_lookup(rows: usize, cols: usize, cells: &[u8]) -> (u64, Option<[u8; 16]>) {
    match pack_num(rows, cols, cells) {
        Some(p) => (packed_hash(&p), Some(p)),
        None => (cells_hash(rows, cols, cells), None),
    }
}

/// The hash of a packed integer grid: its two words, the first multiplied in, then mixed.
#[inline]
fn packed_hash(p: &[u8; 16]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let lo = u64::from_le_bytes(p[..8].try_into().expect("8 bytes"));
    let hi = u64::from_le_bytes(p[8..].try_into().expect("8 bytes"));
    mix(lo.wrapping_mul(K).rotate_left(23) ^ hi)
}

/// SplitMix64's finaliser: every bit of the result depends on every bit of `h`.
#[inline]
fn mix(mut h: u64) -> u64 {
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

/// The hash of an integer grid that does not pack: its shape, then its cells eight to a word.
fn cells_hash(rows: usize, cols: usize, cells: &[u8]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut h = ((rows as u64) << 32 | cols as u64).wrapping_mul(K);
    let mut words = cells.chunks_exact(8);
    for w in &mut words {
        h = (h.rotate_left(23) ^ u64::from_le_bytes(w.try_into().expect("8 bytes"))).wrapping_mul(K);
    }
    let rest = words.remainder();
    if !rest.is_empty() {
        h = (h.rotate_left(23) ^ last_word(rest)).wrapping_mul(K);
    }
    mix(h)
}

/// The last (fewer than eight) cells as a word, little-endian as the others, built in registers (no copy of a
/// slice).
#[inline]
fn last_word(rest: &[u8]) -> u64 {
    rest.iter().rev().fold(0u64, |w, &b| w << 8 | u64::from(b))
}

/// The packed form of an integer grid (its cells as bytes) of at most 15 rows and columns and 30 cells, each
/// cell in 0…15 (`None` otherwise): one byte of shape, then a nibble per cell, its value. Eight cells at a time:
/// a word of eight cell bytes, each below 16, folds into four bytes of two nibbles each, stored in place (a
/// 20-byte buffer, so the fourth word's store needs no length of its own; its byte past the sixteenth is 0).
#[inline]
pub(crate) fn pack_num(rows: usize, cols: usize, cells: &[u8]) -> Option<[u8; 16]> {
    if rows > 15 || cols > 15 || cells.len() > 30 {
        return None;
    }
    let mut out = [0u8; 20];
    out[0] = (rows << 4 | cols) as u8;
    // The cells' high nibbles, or-ed: any set bit means a cell outside 0…15.
    let mut high = 0u64;
    let mut fold = |j: usize, w: u64| {
        high |= w;
        // Byte 2k gets cell 2k in its low nibble and cell 2k + 1 in its high one; then the even bytes close up.
        let x = (w | w >> 4) & 0x00ff_00ff_00ff_00ff;
        let x = (x | x >> 8) & 0x0000_ffff_0000_ffff;
        let x = (x | x >> 16) & 0xffff_ffff;
        out[1 + 4 * j..5 + 4 * j].copy_from_slice(&(x as u32).to_le_bytes());
    };
    let mut words = cells.chunks_exact(8);
    let mut j = 0;
    for w in &mut words {
        fold(j, u64::from_le_bytes(w.try_into().expect("8 bytes")));
        j += 1;
    }
    let rest = words.remainder();
    if !rest.is_empty() {
        fold(j, last_word(rest));
    }
    if high & 0xf0f0_f0f0_f0f0_f0f0 != 0 {
        return None;
    }
    Some(out[..16].try_into().expect("16 bytes"))
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

/// A state as the memo's index finds it: a grid, an integer grid (shape and cells as bytes), or another value.
#[derive(Clone, Copy)]
pub enum Board<'v> {
    /// A grid.
    Grid(&'v Grid),
    /// An integer grid: rows, columns and cells (as bytes).
    Num(usize, usize, &'v [u8]),
    /// Any other value.
    Other,
}

/// [`state_grid`] and [`state_num_grid`] in one: the object's type asked once.
#[inline]
pub fn state_board(state: &Value) -> Board<'_> {
    use std::any::{Any, TypeId};
    let Value::Object(o) = state else { return Board::Other };
    let any: &dyn Any = &**o;
    let id = Any::type_id(any);
    if id == TypeId::of::<NumGrid>() {
        // SAFETY: the object's type is `NumGrid` (its type id, just read), so the pointer is one to a `NumGrid`.
        let g = unsafe { &*(any as *const dyn Any).cast::<NumGrid>() };
        let (rows, cols, _) = g.parts();
        return Board::Num(rows, cols, g.bytes());
    }
    if id == TypeId::of::<GridValue>() {
        // SAFETY: as above, for `GridValue`.
        let g = unsafe { &*(any as *const dyn Any).cast::<GridValue>() };
        return Board::Grid(&g.0);
    }
    Board::Other
}

/// The grid of a state that is a grid.
pub fn state_grid(state: &Value) -> Option<&Grid> {
    let Value::Object(o) = state else { return None };
    crate::interp::object::downcast_ref::<GridValue>(&**o).map(|g| &g.0)
}

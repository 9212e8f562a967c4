//! `Grid`: an immutable rectangular board of one-byte cells, the state type of board rulesets.
//!
//! Coordinates are **1-indexed** `(row, column)` pairs, as in the language (`g[r, c]`); row 1 is the top row.
//! A grid is written as its rows separated by `|`, e.g. `"xo.|ox."` (2 rows, 3 columns). Grids compare and
//! hash structurally; `Ord` orders by shape first, then by the cells in row-major order.

use super::cells::Cells;
use std::fmt;

/// Which neighbouring cells count as adjacent (for [`Grid::decomposition`] and [`Grid::neighbours`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Adjacency {
    /// The four orthogonal neighbours (rook steps).
    Orthogonal,
    /// The four diagonal neighbours (bishop steps).
    Diagonal,
    /// All eight neighbours (king steps).
    King,
}

impl Adjacency {
    /// The `(row, column)` offsets of the neighbours.
    pub fn offsets(self) -> &'static [(i64, i64)] {
        const ORTH: [(i64, i64); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];
        const DIAG: [(i64, i64); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
        const KING: [(i64, i64); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];
        match self {
            Adjacency::Orthogonal => &ORTH,
            Adjacency::Diagonal => &DIAG,
            Adjacency::King => &KING,
        }
    }
}

/// Why a grid could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridError {
    /// Row `row` (1-indexed) has `found` cells where the first row has `expected`.
    Ragged {
        /// The offending row, 1-indexed.
        row: usize,
        /// The length of the first row.
        expected: usize,
        /// The length of the offending row.
        found: usize,
    },
    /// A cell is not a single ASCII character.
    NonAscii,
    /// `updated` named a cell off the board.
    OutOfRange {
        /// Row, 1-indexed.
        row: usize,
        /// Column, 1-indexed.
        col: usize,
    },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::Ragged { row, expected, found } => {
                write!(f, "Grid rows must have equal lengths: row {row} has {found} cells, row 1 has {expected}")
            }
            GridError::NonAscii => write!(f, "Grid cells must be ASCII characters"),
            GridError::OutOfRange { row, col } => {
                write!(f, "Grid cell ({row}, {col}) is off the board")
            }
        }
    }
}

/// An immutable rectangular board of cells.
///
/// Each grid carries its [`Grid::hash`], a Zobrist hash of its shape and cells computed when it is built (and
/// updated cell by cell by [`Grid::updated`]), so memo tables hash a board without reading it.
#[derive(Clone, Debug)]
pub struct Grid {
    rows: usize,
    cols: usize,
    cells: Cells<u8>,
    hash: u64,
}

/// SplitMix64's finaliser: a bijective mix of a 64-bit word.
const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The Zobrist key of cell `i` (row-major) holding `b`: read from [`ZOBRIST`] for the first 64 cells (every
/// board of a ruleset: `updated` asks for two keys a changed cell, `Grid::new` one a cell), mixed otherwise.
#[inline]
fn zobrist(i: usize, b: u8) -> u64 {
    match ZOBRIST.get(i) {
        Some(keys) => keys[b as usize],
        None => zobrist_mixed(i, b),
    }
}

/// The Zobrist key of cell `i` holding `b` (the definition [`ZOBRIST`] holds the values of).
const fn zobrist_mixed(i: usize, b: u8) -> u64 {
    mix(((i as u64) << 8) | b as u64)
}

/// [`zobrist_mixed`] of the first 64 cells and every byte, computed when the program is compiled (128 KiB).
static ZOBRIST: [[u64; 256]; 64] = {
    let mut t = [[0u64; 256]; 64];
    let mut i = 0;
    while i < 64 {
        let mut b = 0;
        while b < 256 {
            t[i][b] = zobrist_mixed(i, b as u8);
            b += 1;
        }
        i += 1;
    }
    t
};

/// The Zobrist hash of a board: its shape's key XOR the keys of its cells. [`Grid::hash`] is this value, and
/// memo tables hash an encoded grid key with it too, so a board and its encoding hash alike.
pub fn hash_cells(rows: usize, cols: usize, cells: &[u8]) -> u64 {
    let mut h = shape_key(rows, cols);
    for (i, &b) in cells.iter().enumerate() {
        h ^= zobrist(i, b);
    }
    h
}

/// The key of a board's shape in [`hash_cells`]: outside the cells' domain (bit 63 set; a cell's word is its
/// index · 256 + value).
#[inline]
fn shape_key(rows: usize, cols: usize) -> u64 {
    mix((1 << 63) ^ ((rows as u64) << 32) ^ cols as u64)
}

impl PartialEq for Grid {
    fn eq(&self, other: &Grid) -> bool {
        self.hash == other.hash && self.rows == other.rows && self.cols == other.cols && *self.cells == *other.cells
    }
}

impl Eq for Grid {}

impl std::hash::Hash for Grid {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

impl PartialOrd for Grid {
    fn partial_cmp(&self, other: &Grid) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Shape first, then the cells in row-major order.
impl Ord for Grid {
    fn cmp(&self, other: &Grid) -> std::cmp::Ordering {
        (self.rows, self.cols, &*self.cells).cmp(&(other.rows, other.cols, &*other.cells))
    }
}

/// The cells of a grid of integers (CGSuite's `Grid`, `library/board/numgrid.rs`) read in place: `rows × cols`
/// of them, row by row, for the compiled tree's cell tests (`g[r, c] == k`).
#[derive(Clone, Copy, Debug)]
pub struct NumCells<'a> {
    rows: usize,
    cols: usize,
    cells: &'a [i8],
}

impl<'a> NumCells<'a> {
    /// The view of `cells` as `rows × cols`, row by row (a grid of integers keeps `rows · cols` cells; a cell
    /// past the end of a shorter slice would read as off the board).
    #[inline]
    pub fn new(rows: usize, cols: usize, cells: &'a [i8]) -> NumCells<'a> {
        NumCells { rows, cols, cells }
    }

    /// The cell at 1-indexed `(r, c)`, `None` off the board (row or column 0 or negative included), as
    /// [`Grid::get_signed`].
    #[inline]
    pub fn get_signed(&self, r: i64, c: i64) -> Option<i8> {
        let (r, c) = (r.wrapping_sub(1) as u64, c.wrapping_sub(1) as u64);
        if r < self.rows as u64 && c < self.cols as u64 {
            self.cells.get(r as usize * self.cols + c as usize).copied()
        } else {
            None
        }
    }
}

/// The cells of a grid of integers (what the library's grid of integers, `library/board/numgrid.rs`, holds):
/// `rows × cols` of them, row by row.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct NumBoard {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// The cells, row by row (`rows · cols` of them).
    pub cells: Cells<i8>,
}

impl NumBoard {
    /// The cells read in place.
    #[inline]
    pub fn view(&self) -> NumCells<'_> {
        NumCells::new(self.rows, self.cols, &self.cells)
    }
}

/// The cells of a board value of either kind, read in place by the compiled tree's cell tests (`g[r, c] == s`):
/// a grid of characters, or the cells of a grid of integers. One call through the vtable tells which
/// (`Object::board_cells`), and the answer is two words (returned in registers).
#[derive(Clone, Copy, Debug)]
pub enum BoardCells<'a> {
    /// A grid of one-character cells.
    Chars(&'a Grid),
    /// The cells of a grid of integers.
    Nums(&'a NumBoard),
}

/// A symmetric image of a grid read in place: image cell `(r, c)` is `cells[base + r·down + c·right]`.
#[derive(Clone, Copy)]
struct View {
    rows: usize,
    cols: usize,
    base: isize,
    down: isize,
    right: isize,
}

impl View {
    /// Compares the images `self` and `other` of the same `cells` as grids (shape first, then row-major cells),
    /// stopping at the first differing cell.
    fn cmp(&self, other: &View, cells: &[u8]) -> std::cmp::Ordering {
        let shape = (self.rows, self.cols).cmp(&(other.rows, other.cols));
        if shape.is_ne() {
            return shape;
        }
        let (mut a, mut b) = (self.base, other.base);
        for _ in 0..self.rows {
            let (mut x, mut y) = (a, b);
            for _ in 0..self.cols {
                let o = cells[x as usize].cmp(&cells[y as usize]);
                if o.is_ne() {
                    return o;
                }
                x += self.right;
                y += other.right;
            }
            a += self.down;
            b += other.down;
        }
        std::cmp::Ordering::Equal
    }
}

impl Grid {
    /// A grid of `rows × cols` cells, all equal to `fill`.
    pub fn filled(rows: usize, cols: usize, fill: u8) -> Grid {
        Grid::new(rows, cols, Cells::filled(rows * cols, fill))
    }

    /// A grid of the given cells (`cells.len() == rows * cols`), hashed.
    fn new(rows: usize, cols: usize, cells: Cells<u8>) -> Grid {
        let hash = hash_cells(rows, cols, &cells);
        Grid { rows, cols, cells, hash }
    }

    /// The Zobrist hash of the grid ([`hash_cells`] of its shape and cells).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// A grid from its cells in row-major order. `None` when `cells.len() != rows * cols`.
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<u8>) -> Option<Grid> {
        (cells.len() == rows * cols).then(|| Grid::new(rows, cols, Cells::from(cells)))
    }

    /// Parses `"xo.|ox."`: rows separated by `|`, one ASCII character per cell. The empty string is the
    /// 0 × 0 grid.
    pub fn parse(s: &str) -> Result<Grid, GridError> {
        if !s.is_ascii() {
            return Err(GridError::NonAscii);
        }
        if s.is_empty() {
            return Ok(Grid::filled(0, 0, b'.'));
        }
        let lines: Vec<&[u8]> = s.split('|').map(str::as_bytes).collect();
        let cols = lines[0].len();
        let mut cells = Vec::with_capacity(lines.len() * cols);
        for (i, line) in lines.iter().enumerate() {
            if line.len() != cols {
                return Err(GridError::Ragged { row: i + 1, expected: cols, found: line.len() });
            }
            cells.extend_from_slice(line);
        }
        Ok(Grid::new(lines.len(), cols, Cells::from(cells)))
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cells in row-major order.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The cell at 1-indexed `(r, c)`, or `None` off the board (including row or column 0).
    #[inline]
    pub fn get(&self, r: usize, c: usize) -> Option<u8> {
        (r >= 1 && c >= 1 && r <= self.rows && c <= self.cols).then(|| self.cells[(r - 1) * self.cols + c - 1])
    }

    /// Like [`Grid::get`] with signed coordinates (negative ones are off the board). (Inline: a script's cell
    /// test `g[r, c] == "x"` comes here, hundreds of thousands of times a board.)
    #[inline(always)]
    pub fn get_signed(&self, r: i64, c: i64) -> Option<u8> {
        // Row and column 0 and negative ones wrap to huge values, so one comparison each tells off the board.
        let (r, c) = (r.wrapping_sub(1) as u64, c.wrapping_sub(1) as u64);
        if r < self.rows as u64 && c < self.cols as u64 {
            Some(self.cells[r as usize * self.cols + c as usize])
        } else {
            None
        }
    }

    /// A copy with the given cells replaced (later entries win). Errors if a cell is off the board.
    pub fn updated(&self, changes: &[((usize, usize), u8)]) -> Result<Grid, GridError> {
        let mut cells = self.cells.clone();
        let mut hash = self.hash;
        for &((r, c), v) in changes {
            if self.get(r, c).is_none() {
                return Err(GridError::OutOfRange { row: r, col: c });
            }
            let i = (r - 1) * self.cols + c - 1;
            // The hash follows the cell: out goes the old value's key, in the new one's.
            hash ^= zobrist(i, cells[i]) ^ zobrist(i, v);
            cells[i] = v;
        }
        Ok(Grid { rows: self.rows, cols: self.cols, cells, hash })
    }

    /// [`Grid::updated`] with signed coordinates, for the compiled tree's `g.Updated({(r, c) => s, …})`: the
    /// copy made once and written in place (a cell given its own value changes neither cells nor hash), `None`
    /// when a cell is off the board (row or column 0 or negative included).
    #[inline]
    pub fn updated_signed(&self, changes: &[(i64, i64, u8)]) -> Option<Grid> {
        let mut out = Grid { rows: self.rows, cols: self.cols, cells: self.cells.clone(), hash: self.hash };
        let cells = &mut out.cells[..];
        for &(r, c, v) in changes {
            // As in `get_signed`: row and column 0 and negative ones wrap to huge values.
            let (r, c) = (r.wrapping_sub(1) as u64, c.wrapping_sub(1) as u64);
            if r >= self.rows as u64 || c >= self.cols as u64 {
                return None;
            }
            let i = r as usize * self.cols + c as usize;
            let old = cells[i];
            if old != v {
                out.hash ^= zobrist(i, old) ^ zobrist(i, v);
                cells[i] = v;
            }
        }
        Some(out)
    }

    /// Every cell equal to `v`, as 1-indexed `(r, c)` in row-major order.
    pub fn find_all(&self, v: u8) -> Vec<(usize, usize)> {
        self.cells
            .iter()
            .enumerate()
            .filter(|&(_, &x)| x == v)
            .map(|(i, _)| (i / self.cols + 1, i % self.cols + 1))
            .collect()
    }

    /// The on-board neighbours of 1-indexed `(r, c)` under `adj`.
    pub fn neighbours(&self, r: usize, c: usize, adj: Adjacency) -> Vec<(usize, usize)> {
        adj.offsets()
            .iter()
            .filter_map(|&(dr, dc)| {
                let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                self.get_signed(nr, nc).map(|_| (nr as usize, nc as usize))
            })
            .collect()
    }

    /// Splits the grid into connected regions of cells different from `empty` (connected under `adj`).
    /// Each region is returned as its own minimal bounding grid, with every cell outside the region set to
    /// `empty`. Regions come in the row-major order of their first cell.
    pub fn decomposition(&self, empty: u8, adj: Adjacency) -> Vec<Grid> {
        self.decomposition_by(empty, adj.offsets())
    }

    /// [`Grid::decomposition`] with cells adjacent along any of the `(row, column)` steps or their negatives
    /// (CGSuite's `Grid.Decomposition(boundary, directions)`, which closes the directions under inversion).
    pub fn decomposition_by(&self, empty: u8, steps: &[(i64, i64)]) -> Vec<Grid> {
        self.decompose(empty, steps, false).unwrap_or_else(|| vec![self.clone()])
    }

    /// [`Grid::decomposition_by`], or `None` when it would be the grid itself alone (one region whose bounding
    /// grid is the whole board), found without building a copy.
    pub fn decomposition_or_whole(&self, empty: u8, steps: &[(i64, i64)]) -> Option<Vec<Grid>> {
        self.decompose(empty, steps, true)
    }

    fn decompose(&self, empty: u8, steps: &[(i64, i64)], whole_as_none: bool) -> Option<Vec<Grid>> {
        match self.decompose_bits(empty, steps, whole_as_none) {
            Some(parts) => parts,
            None => self.decompose_cells(empty, steps, whole_as_none),
        }
    }

    /// [`Grid::decompose`] on a board of at most 64 cells with at most 8 steps (a ruleset's boards: this runs
    /// once per position), by bit sets: the occupied cells a word, each step (and its negative) a shift of the
    /// word with the columns it may not leave masked off, a region grown from its first cell a whole frontier at
    /// a time. No allocation but the regions' own. `None` for another board (then [`Grid::decompose_cells`]).
    fn decompose_bits(&self, empty: u8, steps: &[(i64, i64)], whole_as_none: bool) -> Option<Option<Vec<Grid>>> {
        let (rows, cols, n) = (self.rows, self.cols, self.cells.len());
        if n > 64 || steps.len() > 8 {
            return None;
        }
        if n == 0 {
            return Some(Some(Vec::new()));
        }
        let occ = occupied_bits(&self.cells, empty);
        // Every cell occupied, and a unit step along rows and one along columns among the steps (or no other row
        // or column to reach): the board is one region spanning it, the grid itself (Konane's `Decomposition("#")`
        // of a board without `#`, every position), known without growing it.
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        if whole_as_none && occ == all {
            let along = |unit: fn(i64, i64) -> bool| steps.iter().any(|&(dr, dc)| unit(dr, dc));
            let across_cols = cols == 1 || along(|dr, dc| dr == 0 && dc.abs() == 1);
            let across_rows = rows == 1 || along(|dr, dc| dc == 0 && dr.abs() == 1);
            if across_cols && across_rows {
                return Some(None);
            }
        }
        // `cols` ≤ 64 here (there is a row); the cells of one row as bits 0…cols − 1.
        let row_bits = if cols == 64 { u64::MAX } else { (1u64 << cols) - 1 };
        // Bit 0 of every row: a set of columns in one row times this is that set in every row.
        let mut row_starts = 0u64;
        for r in 0..rows {
            row_starts |= 1 << (r * cols);
        }
        // Each move: the shift of a cell's bit to its neighbour's (|shift| < n ≤ 64: a step that leaves every
        // board is dropped; as a left and a right shift, one of them 0) and the cells that have that neighbour in
        // their row range; a neighbour off the top or bottom lands below bit 0 or at bit n or above, outside `occ`.
        let mut moves = [(0u32, 0u32, 0u64); 16];
        let mut k = 0;
        for &(dr, dc) in steps {
            for (a, b) in [(dr, dc), (-dr, -dc)] {
                if a.unsigned_abs() >= rows as u64 || b.unsigned_abs() >= cols as u64 {
                    continue;
                }
                let in_row = if b >= 0 { row_bits >> b } else { (row_bits << -b) & row_bits };
                let d = a * cols as i64 + b;
                let (left, right) = if d >= 0 { (d as u32, 0) } else { (0, d.unsigned_abs() as u32) };
                let mv = (left, right, in_row.wrapping_mul(row_starts));
                // A step given with its negative (the orthogonal four, the king's eight) is one move, not two:
                // the same shift and mask grow the same cells.
                if !moves[..k].contains(&mv) {
                    moves[k] = mv;
                    k += 1;
                }
            }
        }
        let moves = &moves[..k];
        let row_of = |set: u64, r: usize| (set >> (r * cols)) & row_bits;
        let mut out = Vec::new();
        let mut rest = occ;
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            let mut frontier = region;
            loop {
                let mut grown = 0u64;
                for &(left, right, mask) in moves {
                    grown |= (frontier & mask) << left >> right;
                }
                frontier = grown & occ & !region;
                if frontier == 0 {
                    break;
                }
                region |= frontier;
            }
            rest &= !region;
            let (r0, r1) = (region.trailing_zeros() as usize / cols, (63 - region.leading_zeros() as usize) / cols);
            let mut col_set = 0u64;
            for r in r0..=r1 {
                col_set |= row_of(region, r);
            }
            let (c0, c1) = (col_set.trailing_zeros() as usize, 63 - col_set.leading_zeros() as usize);
            let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
            // The only region, spanning the board: every other cell is already `empty`, so it is the grid.
            if whole_as_none && out.is_empty() && rest == 0 && (h, w) == (rows, cols) {
                return Some(None);
            }
            let mut cells = Cells::filled(h * w, empty);
            for r in r0..=r1 {
                let bits = row_of(region, r);
                for c in c0..=c1 {
                    if bits >> c & 1 != 0 {
                        cells[(r - r0) * w + (c - c0)] = self.cells[r * cols + c];
                    }
                }
            }
            out.push(Grid::new(h, w, cells));
        }
        Some(Some(out))
    }

    /// [`Grid::decompose`] cell by cell (any board, any steps).
    fn decompose_cells(&self, empty: u8, steps: &[(i64, i64)], whole_as_none: bool) -> Option<Vec<Grid>> {
        let mut offsets: Vec<(i64, i64)> = Vec::with_capacity(2 * steps.len());
        for &(dr, dc) in steps {
            for d in [(dr, dc), (-dr, -dc)] {
                if !offsets.contains(&d) {
                    offsets.push(d);
                }
            }
        }
        let n = self.cells.len();
        // The cells seen, the search stack and the region found, on the stack for a board of at most 64 cells
        // (a ruleset's boards: this runs once per position), else on the heap.
        let (mut seen_a, mut stack_a, mut region_a) = ([false; 64], [0usize; 64], [0usize; 64]);
        let (mut seen_v, mut stack_v, mut region_v);
        let (seen, stack, region): (&mut [bool], &mut [usize], &mut [usize]) = if n <= 64 {
            (&mut seen_a[..n], &mut stack_a[..n], &mut region_a[..n])
        } else {
            (seen_v, stack_v, region_v) = (vec![false; n], vec![0; n], vec![0; n]);
            (&mut seen_v[..], &mut stack_v[..], &mut region_v[..])
        };
        let mut out = Vec::new();
        let occupied = if whole_as_none { self.cells.iter().filter(|&&x| x != empty).count() } else { 0 };
        for start in 0..n {
            if seen[start] || self.cells[start] == empty {
                continue;
            }
            let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
            seen[start] = true;
            // Every cell is pushed at most once, so neither buffer outgrows the board.
            let (mut top, mut len) = (1, 0);
            stack[0] = start;
            while top > 0 {
                top -= 1;
                let i = stack[top];
                region[len] = i;
                len += 1;
                let (r, c) = (i / self.cols, i % self.cols);
                r0 = r0.min(r);
                r1 = r1.max(r);
                c0 = c0.min(c);
                c1 = c1.max(c);
                for &(dr, dc) in &offsets {
                    let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                    if nr < 0 || nc < 0 || nr >= self.rows as i64 || nc >= self.cols as i64 {
                        continue;
                    }
                    let j = nr as usize * self.cols + nc as usize;
                    if !seen[j] && self.cells[j] != empty {
                        seen[j] = true;
                        stack[top] = j;
                        top += 1;
                    }
                }
            }
            let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
            // The only region, spanning the board: every other cell is already `empty`, so it is the grid.
            if whole_as_none && out.is_empty() && (h, w) == (self.rows, self.cols) && len == occupied {
                return None;
            }
            let mut cells = Cells::filled(h * w, empty);
            for &i in &region[..len] {
                let (r, c) = (i / self.cols, i % self.cols);
                cells[(r - r0) * w + (c - c0)] = self.cells[i];
            }
            out.push(Grid::new(h, w, cells));
        }
        Some(out)
    }

    /// The grid reflected top to bottom.
    pub fn flip_rows(&self) -> Grid {
        let mut cells = Vec::with_capacity(self.cells.len());
        for r in (0..self.rows).rev() {
            cells.extend_from_slice(&self.cells[r * self.cols..(r + 1) * self.cols]);
        }
        Grid::new(self.rows, self.cols, Cells::from(cells))
    }

    /// The grid reflected left to right.
    pub fn flip_cols(&self) -> Grid {
        let mut cells = Vec::with_capacity(self.cells.len());
        for r in 0..self.rows {
            cells.extend(self.cells[r * self.cols..(r + 1) * self.cols].iter().rev());
        }
        Grid::new(self.rows, self.cols, Cells::from(cells))
    }

    /// The transpose (rows become columns).
    pub fn transpose(&self) -> Grid {
        let mut cells = Vec::with_capacity(self.cells.len());
        for c in 0..self.cols {
            for r in 0..self.rows {
                cells.push(self.cells[r * self.cols + c]);
            }
        }
        Grid::new(self.cols, self.rows, Cells::from(cells))
    }

    /// The images of the grid under its symmetry group: the 8 symmetries of the square when `rows == cols`,
    /// otherwise the 4 that keep the shape (identity, the two reflections, the half turn). Identity first.
    pub fn symmetries(&self) -> Vec<Grid> {
        let fr = self.flip_rows();
        let fc = self.flip_cols();
        let half = fr.flip_cols();
        let mut out = vec![self.clone(), fr, fc, half];
        if self.rows == self.cols {
            let t: Vec<Grid> = out.iter().map(Grid::transpose).collect();
            out.extend(t);
        }
        out
    }

    /// The image of the grid under a symmetry given as flags: rows reversed (`flip_rows`), columns reversed
    /// (`flip_cols`), then rows and columns exchanged (`transpose`). CGSuite's eight `Symmetry` values are the
    /// eight combinations (`Inversion` is both flips, `ClockwiseRotation` the column flip then the transpose).
    pub fn permuted(&self, flip_rows: bool, flip_cols: bool, transpose: bool) -> Grid {
        // The image read row by row through its view (no division per cell), hashed as it is written (the
        // hash `Grid::new` would compute from the cells, in the same pass).
        let v = self.view((flip_rows, flip_cols, transpose));
        let mut cells = Cells::filled(self.cells.len(), 0);
        let mut hash = shape_key(v.rows, v.cols);
        let (mut k, mut a) = (0, v.base);
        for _ in 0..v.rows {
            let mut x = a;
            for _ in 0..v.cols {
                let b = self.cells[x as usize];
                cells[k] = b;
                hash ^= zobrist(k, b);
                k += 1;
                x += v.right;
            }
            a += v.down;
        }
        Grid { rows: v.rows, cols: v.cols, cells, hash }
    }

    /// The image under `flags` ([`Grid::permuted`]) as a view of this grid's cells, not built.
    fn view(&self, (flip_rows, flip_cols, transpose): (bool, bool, bool)) -> View {
        let (rows, cols) = (self.rows as isize, self.cols as isize);
        // Image cell (r, c) reads source cell (r, c) — or (c, r) under the transpose — each coordinate reversed
        // if its flip is set: moving along an image row steps the source along a row or (transposed) a column.
        let (row0, row_step) = if flip_rows { ((rows - 1).max(0) * cols, -cols) } else { (0, cols) };
        let (col0, col_step) = if flip_cols { ((cols - 1).max(0), -1) } else { (0, 1) };
        let base = row0 + col0;
        if transpose {
            View { rows: self.cols, cols: self.rows, base, down: col_step, right: row_step }
        } else {
            View { rows: self.rows, cols: self.cols, base, down: row_step, right: col_step }
        }
    }

    /// The least (by `Ord`) of the grid and its images under the given symmetries (flag triples of
    /// [`Grid::permuted`]), or `None` when the grid itself is the least. The images are compared in place, cell
    /// by cell up to the first difference; only the least one is built.
    pub fn least_image(&self, symmetries: &[(bool, bool, bool)]) -> Option<Grid> {
        let identity = (false, false, false);
        let mut best = identity;
        let mut best_view = self.view(identity);
        for &f in symmetries {
            // An image of a larger shape than the best so far is never less (shapes compare first): a transposed
            // image of a board with more columns than rows is skipped before its view is made.
            if f == best || (f.2 && (self.cols, self.rows) > (best_view.rows, best_view.cols)) {
                continue;
            }
            let v = self.view(f);
            if v.cmp(&best_view, &self.cells).is_lt() {
                best = f;
                best_view = v;
            }
        }
        (best != identity).then(|| self.permuted(best.0, best.1, best.2))
    }

    /// The least image by building every image (the definition [`Grid::least_image`] must agree with).
    #[cfg(test)]
    fn least_image_built(&self, symmetries: &[(bool, bool, bool)]) -> Option<Grid> {
        let mut best: Option<Grid> = None;
        for &(fr, fc, t) in symmetries {
            if (fr, fc, t) == (false, false, false) {
                continue;
            }
            let h = self.permuted(fr, fc, t);
            if h < *best.as_ref().unwrap_or(self) {
                best = Some(h);
            }
        }
        best
    }

    /// The least (by `Ord`, i.e. row-major lexicographic) image of the grid under [`Grid::symmetries`].
    pub fn canonical(&self) -> Grid {
        let flags: &[(bool, bool, bool)] = if self.rows == self.cols { &ALL_FLAGS } else { &ALL_FLAGS[..4] };
        self.least_image(flags).unwrap_or_else(|| self.clone())
    }
}

/// The cells (at most 64) different from `empty`, as bits (cell `i` bit `i`): eight cells a word, a byte told
/// nonzero (after the XOR with `empty`) by its top bit after adding 0x7f to its low seven bits, the eight top
/// bits gathered by one multiplication.
#[inline]
fn occupied_bits(cells: &[u8], empty: u8) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let spread = u64::from(empty) * 0x0101_0101_0101_0101;
    let mut occ = 0u64;
    let mut words = cells.chunks_exact(8);
    for (j, w) in (&mut words).enumerate() {
        let x = u64::from_le_bytes(w.try_into().expect("8 bytes")) ^ spread;
        let top = (((x & LOW7) + LOW7) | x) & !LOW7;
        occ |= ((top >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * j);
    }
    let base = cells.len() - words.remainder().len();
    for (i, &x) in words.remainder().iter().enumerate() {
        occ |= u64::from(x != empty) << (base + i);
    }
    occ
}

/// The eight flag triples of [`Grid::permuted`], the four without a transpose first.
pub const ALL_FLAGS: [(bool, bool, bool); 8] = [
    (false, false, false),
    (true, false, false),
    (false, true, false),
    (true, true, false),
    (false, false, true),
    (true, false, true),
    (false, true, true),
    (true, true, true),
];

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows {
            if r > 0 {
                f.write_str("|")?;
            }
            for &b in &self.cells[r * self.cols..(r + 1) * self.cols] {
                fmt::Write::write_char(f, b as char)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod fast_tests;

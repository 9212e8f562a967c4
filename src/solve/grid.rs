//! `Grid`: an immutable rectangular board of one-byte cells, the state type of board rulesets.
//!
//! Coordinates are **1-indexed** `(row, column)` pairs, as in the language (`g[r, c]`); row 1 is the top row.
//! A grid is written as its rows separated by `|`, e.g. `"xo.|ox."` (2 rows, 3 columns). Grids compare and
//! hash structurally; `Ord` orders by shape first, then by the cells in row-major order.

use std::fmt;
use std::ops::{Deref, DerefMut};

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
    cells: Cells,
    hash: u64,
}

/// How many cells a grid holds in place (a larger board's cells are on the heap).
const INLINE: usize = 32;

/// A board's cells in row-major order: up to [`INLINE`] of them in place, so that a ruleset's board (a grid
/// value per option: 24 cells for the 4 × 6 Konane board) is one allocation, not two, and its cells lie beside
/// its shape and hash; more on the heap.
#[derive(Clone)]
enum Cells {
    Inline { len: u8, buf: [u8; INLINE] },
    Heap(Box<[u8]>),
}

impl Cells {
    /// `n` cells, all `b`.
    fn filled(n: usize, b: u8) -> Cells {
        if n <= INLINE {
            Cells::Inline { len: n as u8, buf: [b; INLINE] }
        } else {
            Cells::Heap(vec![b; n].into_boxed_slice())
        }
    }

    fn from_vec(v: Vec<u8>) -> Cells {
        if v.len() <= INLINE {
            let mut buf = [0; INLINE];
            buf[..v.len()].copy_from_slice(&v);
            Cells::Inline { len: v.len() as u8, buf }
        } else {
            Cells::Heap(v.into_boxed_slice())
        }
    }
}

impl Deref for Cells {
    type Target = [u8];
    #[inline]
    fn deref(&self) -> &[u8] {
        match self {
            Cells::Inline { len, buf } => &buf[..*len as usize],
            Cells::Heap(b) => b,
        }
    }
}

impl DerefMut for Cells {
    #[inline]
    fn deref_mut(&mut self) -> &mut [u8] {
        match self {
            Cells::Inline { len, buf } => &mut buf[..*len as usize],
            Cells::Heap(b) => b,
        }
    }
}

/// The cells as a list of bytes (as the boxed slice they were printed as).
impl fmt::Debug for Cells {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

/// SplitMix64's finaliser: a bijective mix of a 64-bit word.
const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The Zobrist key of cell `i` (row-major) holding `b`.
#[inline]
fn zobrist(i: usize, b: u8) -> u64 {
    mix(((i as u64) << 8) | u64::from(b))
}

/// The Zobrist hash of a board: its shape's key XOR the keys of its cells. [`Grid::hash`] is this value, and
/// memo tables hash an encoded grid key with it too, so a board and its encoding hash alike.
pub fn hash_cells(rows: usize, cols: usize, cells: &[u8]) -> u64 {
    // The shape's key lies outside the cells' domain (bit 63 set; a cell's word is its index · 256 + value).
    let mut h = mix((1 << 63) ^ ((rows as u64) << 32) ^ cols as u64);
    for (i, &b) in cells.iter().enumerate() {
        h ^= zobrist(i, b);
    }
    h
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
    fn new(rows: usize, cols: usize, cells: Cells) -> Grid {
        let hash = hash_cells(rows, cols, &cells);
        Grid { rows, cols, cells, hash }
    }

    /// The Zobrist hash of the grid ([`hash_cells`] of its shape and cells).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// A grid from its cells in row-major order. `None` when `cells.len() != rows * cols`.
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<u8>) -> Option<Grid> {
        (cells.len() == rows * cols).then(|| Grid::new(rows, cols, Cells::from_vec(cells)))
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
        Ok(Grid::new(lines.len(), cols, Cells::from_vec(cells)))
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
    pub fn get(&self, r: usize, c: usize) -> Option<u8> {
        (r >= 1 && c >= 1 && r <= self.rows && c <= self.cols).then(|| self.cells[(r - 1) * self.cols + c - 1])
    }

    /// Like [`Grid::get`] with signed coordinates (negative ones are off the board).
    pub fn get_signed(&self, r: i64, c: i64) -> Option<u8> {
        if r < 1 || c < 1 {
            return None;
        }
        self.get(usize::try_from(r).ok()?, usize::try_from(c).ok()?)
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
        // Unit steps, one along a row and one along a column: with their negatives, the orthogonal four.
        let unit = |(dr, dc): &(i64, i64)| dr.abs() + dc.abs() == 1;
        if steps.iter().all(unit) && steps.iter().any(|s| s.0 != 0) && steps.iter().any(|s| s.1 != 0) {
            if let Some(shape) = super::bits::Shape::new(self.rows as u32, self.cols as u32) {
                return self.orthogonal_parts(shape, empty, whole_as_none);
            }
        }
        let mut offsets: Vec<(i64, i64)> = Vec::with_capacity(2 * steps.len());
        for &(dr, dc) in steps {
            for d in [(dr, dc), (-dr, -dc)] {
                if !offsets.contains(&d) {
                    offsets.push(d);
                }
            }
        }
        self.searched_parts(empty, &offsets, whole_as_none)
    }

    /// [`Grid::decompose`] by a search cell by cell through `offsets` (each step and its negative, once).
    fn searched_parts(&self, empty: u8, offsets: &[(i64, i64)], whole_as_none: bool) -> Option<Vec<Grid>> {
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
                for &(dr, dc) in offsets {
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

    /// [`Grid::decompose`] through the orthogonal steps, each region flooded on a bitboard from its first cell.
    fn orthogonal_parts(&self, shape: super::bits::Shape, empty: u8, whole_as_none: bool) -> Option<Vec<Grid>> {
        let free = self.cells.iter().enumerate().filter(|&(_, &b)| b != empty).fold(0u128, |m, (i, _)| m | 1 << i);
        let (mut out, mut left) = (Vec::new(), free);
        while left != 0 {
            let region = shape.flood(left & left.wrapping_neg(), free);
            left &= !region;
            let [r0, h, c0, w] = <[u32; 4]>::from(shape.bounding_box(region)).map(|k| k as usize);
            if whole_as_none && out.is_empty() && left == 0 && (h, w) == (self.rows, self.cols) {
                return None;
            }
            let (mut cells, mut bits) = (Cells::filled(h * w, empty), region);
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                cells[(i / self.cols - r0) * w + (i % self.cols - c0)] = self.cells[i];
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
        Grid::new(self.rows, self.cols, Cells::from_vec(cells))
    }

    /// The grid reflected left to right.
    pub fn flip_cols(&self) -> Grid {
        let mut cells = Vec::with_capacity(self.cells.len());
        for r in 0..self.rows {
            cells.extend(self.cells[r * self.cols..(r + 1) * self.cols].iter().rev());
        }
        Grid::new(self.rows, self.cols, Cells::from_vec(cells))
    }

    /// The transpose (rows become columns).
    pub fn transpose(&self) -> Grid {
        let mut cells = Vec::with_capacity(self.cells.len());
        for c in 0..self.cols {
            for r in 0..self.rows {
                cells.push(self.cells[r * self.cols + c]);
            }
        }
        Grid::new(self.cols, self.rows, Cells::from_vec(cells))
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
        let (rows, cols) = if transpose { (self.cols, self.rows) } else { (self.rows, self.cols) };
        let mut cells = Cells::filled(self.cells.len(), 0);
        for (i, &x) in self.cells.iter().enumerate() {
            let (r, c) = (i / self.cols, i % self.cols);
            let r = if flip_rows { self.rows - 1 - r } else { r };
            let c = if flip_cols { self.cols - 1 - c } else { c };
            let (r, c) = if transpose { (c, r) } else { (r, c) };
            cells[r * cols + c] = x;
        }
        Grid::new(rows, cols, cells)
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
            if f == best {
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
mod tests {
    use super::*;

    #[test]
    fn parse_get_display() {
        let g = Grid::parse("xo.|ox.").unwrap();
        assert_eq!((g.rows(), g.cols()), (2, 3));
        assert_eq!(g.get(1, 1), Some(b'x'));
        assert_eq!(g.get(2, 3), Some(b'.'));
        assert_eq!(g.get(0, 1), None);
        assert_eq!(g.get(3, 1), None);
        assert_eq!(g.get(1, 4), None);
        assert_eq!(g.get_signed(-1, 1), None);
        assert_eq!(g.to_string(), "xo.|ox.");
        assert_eq!(Grid::parse("").unwrap().to_string(), "");
    }

    #[test]
    fn ragged_is_an_error() {
        assert_eq!(Grid::parse("xo|x"), Err(GridError::Ragged { row: 2, expected: 2, found: 1 }));
        assert_eq!(Grid::parse("é"), Err(GridError::NonAscii));
    }

    #[test]
    fn updated_and_find_all() {
        let g = Grid::parse("xo.|ox.").unwrap();
        let h = g.updated(&[((1, 3), b'x'), ((2, 1), b'.')]).unwrap();
        assert_eq!(h.to_string(), "xox|.x.");
        assert_eq!(g.to_string(), "xo.|ox.");
        assert_eq!(h.find_all(b'x'), vec![(1, 1), (1, 3), (2, 2)]);
        assert_eq!(g.updated(&[((3, 1), b'x')]), Err(GridError::OutOfRange { row: 3, col: 1 }));
    }

    #[test]
    fn decomposition_regions() {
        let g = Grid::parse("xx..o|....o|.x...").unwrap();
        let parts: Vec<String> = g.decomposition(b'.', Adjacency::Orthogonal).iter().map(|p| p.to_string()).collect();
        assert_eq!(parts, vec!["xx", "o|o", "x"]);
        let g = Grid::parse("x.|.x").unwrap();
        assert_eq!(g.decomposition(b'.', Adjacency::Orthogonal).len(), 2);
        let d = g.decomposition(b'.', Adjacency::Diagonal);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].to_string(), "x.|.x");
        assert_eq!(g.decomposition(b'.', Adjacency::King).len(), 1);
        let g = Grid::parse("x.x|xxx").unwrap();
        let d = g.decomposition(b'.', Adjacency::Orthogonal);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].to_string(), "x.x|xxx");
    }

    #[test]
    fn symmetries_and_canonical() {
        let g = Grid::parse("ab|cd").unwrap();
        let mut all: Vec<String> = g.symmetries().iter().map(|s| s.to_string()).collect();
        all.sort();
        assert_eq!(all, vec!["ab|cd", "ac|bd", "ba|dc", "bd|ac", "ca|db", "cd|ab", "db|ca", "dc|ba"]);
        assert_eq!(g.canonical().to_string(), "ab|cd");
        assert_eq!(Grid::parse("dc|ba").unwrap().canonical().to_string(), "ab|cd");
        let r = Grid::parse("cba|fed").unwrap();
        assert_eq!(r.symmetries().len(), 4);
        assert_eq!(r.canonical().to_string(), "abc|def");
        assert_eq!(r.transpose().to_string(), "cf|be|ad");
    }

    #[test]
    fn permuted_and_least_image() {
        // The eight images of "ab|cd|ef" by hand: flips reverse rows / columns, then the transpose.
        let g = Grid::parse("ab|cd|ef").unwrap();
        assert_eq!(g.permuted(true, false, false).to_string(), "ef|cd|ab");
        assert_eq!(g.permuted(false, true, false).to_string(), "ba|dc|fe");
        assert_eq!(g.permuted(true, true, false).to_string(), "fe|dc|ba");
        assert_eq!(g.permuted(false, false, true).to_string(), "ace|bdf");
        assert_eq!(g.permuted(false, true, true).to_string(), "bdf|ace");
        assert_eq!(g.permuted(true, false, true).to_string(), "eca|fdb");
        assert_eq!(g.permuted(true, true, true).to_string(), "fdb|eca");
        // Ord puts the shape first: a 2 × 3 image is below every 3 × 2 one.
        let all: Vec<(bool, bool, bool)> = (0..8).map(|i| (i & 1 != 0, i & 2 != 0, i & 4 != 0)).collect();
        assert_eq!(g.least_image(&all).unwrap().to_string(), "ace|bdf");
        assert_eq!(g.least_image(&all[..4]), None);
        let h = Grid::parse("fe|dc|ba").unwrap();
        assert_eq!(h.least_image(&all[..4]).unwrap().to_string(), "ab|cd|ef");
        // Agrees with `canonical` on a square grid.
        let sq = Grid::parse("dc|ba").unwrap();
        assert_eq!(sq.least_image(&all).unwrap(), sq.canonical());
    }

    /// A small deterministic generator (xorshift64) for the brute-force checks below.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// Random grids of every shape up to 5 × 5 over a three-letter alphabet (so images often tie).
    fn random_grids(seed: u64, per_shape: usize) -> Vec<Grid> {
        let mut st = seed;
        let mut out = Vec::new();
        for rows in 0..=5 {
            for cols in 0..=5 {
                for _ in 0..per_shape {
                    let cells: Vec<u8> = (0..rows * cols).map(|_| b".xo"[(next(&mut st) % 3) as usize]).collect();
                    out.push(Grid::from_cells(rows, cols, cells).unwrap());
                }
            }
        }
        out
    }

    #[test]
    fn hash_follows_updates() {
        // A grid reached by `updated` (incremental Zobrist) hashes as the same grid parsed fresh.
        let mut st = 0x1234_5678_9abc_def0;
        for g in random_grids(7, 4) {
            if g.cells().is_empty() {
                continue;
            }
            let mut h = g.clone();
            for _ in 0..6 {
                let k = 1 + (next(&mut st) % 3) as usize;
                let changes: Vec<((usize, usize), u8)> = (0..k)
                    .map(|_| {
                        let r = 1 + (next(&mut st) % g.rows() as u64) as usize;
                        let c = 1 + (next(&mut st) % g.cols() as u64) as usize;
                        ((r, c), b".xo#"[(next(&mut st) % 4) as usize])
                    })
                    .collect();
                h = h.updated(&changes).unwrap();
                let fresh = Grid::parse(&h.to_string()).unwrap();
                assert_eq!(h.hash(), fresh.hash(), "{h}");
                assert_eq!(h.hash(), hash_cells(h.rows(), h.cols(), h.cells()));
                assert_eq!(h, fresh);
            }
        }
        // Every way of building a grid agrees with the hash of its cells.
        let g = Grid::parse("xo.|ox.").unwrap();
        for h in [g.flip_rows(), g.flip_cols(), g.transpose(), g.permuted(true, false, true), g.canonical()] {
            assert_eq!(h.hash(), Grid::parse(&h.to_string()).unwrap().hash(), "{h}");
        }
        for part in Grid::parse("xx..o|....o|.x...").unwrap().decomposition(b'.', Adjacency::Orthogonal) {
            assert_eq!(part.hash(), Grid::parse(&part.to_string()).unwrap().hash());
        }
        assert_eq!(Grid::filled(2, 3, b'.').hash(), Grid::parse("...|...").unwrap().hash());
        // The shape is part of the hash: same cells, other shapes.
        let (a, b) = (Grid::parse("xo|ox").unwrap(), Grid::parse("xoox").unwrap());
        assert_ne!(a.hash(), b.hash());
    }

    #[test]
    fn lazy_least_image_agrees_with_built_images() {
        // Brute force vs fast path: every subset of the eight symmetries (in flag order and reversed), on random
        // grids of every shape up to 5 × 5.
        for g in random_grids(99, 6) {
            for mask in 0u32..256 {
                let mut syms: Vec<(bool, bool, bool)> =
                    ALL_FLAGS.iter().enumerate().filter(|&(i, _)| mask & (1 << i) != 0).map(|(_, &f)| f).collect();
                assert_eq!(g.least_image(&syms), g.least_image_built(&syms), "{g} {syms:?}");
                syms.reverse();
                assert_eq!(g.least_image(&syms), g.least_image_built(&syms), "{g} {syms:?}");
            }
            let built = g.symmetries().into_iter().min().unwrap();
            assert_eq!(g.canonical(), built, "{g}");
        }
    }

    /// The bitboard flood finds what the search cell by cell finds (both are CGSuite's `Decomposition`).
    #[test]
    fn orthogonal_parts_agree_with_the_search() {
        for (g, whole) in random_grids(7, 12).iter().flat_map(|g| [(g, false), (g, true)]) {
            let Some(shape) = super::super::bits::Shape::new(g.rows as u32, g.cols as u32) else { continue };
            let want = g.searched_parts(b'.', &[(-1, 0), (1, 0), (0, -1), (0, 1)], whole);
            assert_eq!(g.orthogonal_parts(shape, b'.', whole), want, "{g}");
        }
    }

    #[test]
    fn decomposition_or_whole_agrees() {
        // `None` exactly when the decomposition is the grid alone; otherwise the same regions.
        for g in random_grids(5, 6) {
            for steps in [Adjacency::Orthogonal.offsets(), Adjacency::King.offsets(), &[(1, 2)][..]] {
                let all = g.decomposition_by(b'.', steps);
                match g.decomposition_or_whole(b'.', steps) {
                    None => assert_eq!(all, vec![g.clone()], "{g}"),
                    Some(parts) => {
                        assert_eq!(parts, all, "{g}");
                        assert_ne!(all, vec![g.clone()], "{g}");
                    }
                }
            }
        }
        assert_eq!(Grid::parse("xx|x.").unwrap().decomposition_or_whole(b'.', Adjacency::Orthogonal.offsets()), None);
        assert!(Grid::parse("xx|..").unwrap().decomposition_or_whole(b'.', Adjacency::Orthogonal.offsets()).is_some());
    }
}

//! CGSuite's integer `Grid` (`cgsuite.util.Grid`): a board of small integers (−128…127), the state type of
//! CGSuite's grid rulesets, made by `Grid.Parse(s, charMap)` (the `n`th character of `charMap` stands for `n`;
//! rows are separated by `|`). It prints as CGSuite prints it, `Grid([[0,1],[2,2]])`, is indexed by coordinates
//! (`g[(r, c)]`, `Nothing` off the board), and compares structurally. cgs's character grids (`Grid("xo.")`,
//! `builtins/grid.rs`) stay as they were; both have the type `Grid`.

use super::{list, member, string, Member, Site};
use crate::game::Games;
use crate::interp::error::{Arity, ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::native::Param;
use crate::interp::object::downcast_ref;
use crate::interp::value::{Object, Value};
use crate::solve::cells::Cells;
use crate::solve::grid::{BoardCells, NumBoard, NumCells};
use crate::syntax::span::Span;
use imbl::Vector;
use num_traits::ToPrimitive;
use std::cmp::Ordering;
use std::rc::Rc;

/// An integer grid as a script value: rows × columns cells, row by row.
/// Its shape and cells are a [`NumBoard`] (read through `Deref`: `g.rows`, `g.cells`), which the compiled tree's
/// cell tests get in place (`Object::board_cells`).
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct NumGrid(NumBoard);

impl std::ops::Deref for NumGrid {
    type Target = NumBoard;
    #[inline]
    fn deref(&self) -> &NumBoard {
        &self.0
    }
}

/// How many cells a grid holds in place (a larger grid's cells are on the heap).
impl NumGrid {
    /// The grid of `rows` × `cols` cells, row by row, as a value.
    pub(crate) fn value(rows: usize, cols: usize, cells: Vec<i8>) -> Value {
        Value::Object(Rc::new(NumGrid(NumBoard { rows, cols, cells: cells.into() })))
    }

    /// Rows, columns and cells (row by row).
    pub fn parts(&self) -> (usize, usize, &[i8]) {
        (self.rows, self.cols, &self.cells[..])
    }

    /// The cells as bytes (each `i8` as the `u8` of the same bits): how a memo key holds them.
    pub fn bytes(&self) -> &[u8] {
        // SAFETY: `i8` and `u8` have the same size and alignment and every bit pattern is valid for both.
        unsafe { std::slice::from_raw_parts(self.cells.as_ptr().cast::<u8>(), self.cells.len()) }
    }

    /// The cells read in place.
    #[inline]
    pub fn view(&self) -> NumCells<'_> {
        NumCells::new(self.rows, self.cols, &self.cells)
    }

    fn get(&self, r: i64, c: i64) -> Option<i8> {
        if r < 1 || c < 1 || r as u64 > self.rows as u64 || c as u64 > self.cols as u64 {
            return None;
        }
        Some(self.cells[(r as usize - 1) * self.cols + c as usize - 1])
    }
}

impl Object for NumGrid {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "Grid"
    }
    #[inline]
    fn board_cells(&self) -> Option<BoardCells<'_>> {
        Some(BoardCells::Nums(&self.0))
    }
    fn display(&self, _: &mut Games) -> String {
        let rows: Vec<String> = (0..self.rows)
            .map(|r| {
                let cells: Vec<String> =
                    self.cells[r * self.cols..(r + 1) * self.cols].iter().map(|v| v.to_string()).collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        format!("Grid([{}])", rows.join(","))
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        downcast_ref::<NumGrid>(other).map(|o| self.cmp(o))
    }
    fn members(&self) -> &'static [Member] {
        NUM_GRID
    }
    fn fixed_members(&self) -> Option<&'static [Member]> {
        Some(NUM_GRID)
    }
    fn index(&self, _: &mut Machine, _: &Value, keys: &[Value], span: Span) -> Option<Result<Value, EvalError>> {
        let (r, c) = match keys {
            [Value::Tuple(t)] if t.len() == 2 => (&t[0], &t[1]),
            [r, c] => (r, c),
            _ => {
                let kind = ErrorKind::IndexOutOfBounds { index: format!("{} indices", keys.len()) };
                return Some(Err(EvalError::new(kind, span)));
            }
        };
        let (Value::Integer(r), Value::Integer(c)) = (r, c) else {
            let got = if matches!(r, Value::Integer(_)) { c.type_name() } else { r.type_name() };
            let kind = ErrorKind::ArgumentType { function: "Grid index".into(), position: 1, expected: "Integer", got };
            return Some(Err(EvalError::new(kind, span)));
        };
        let (r, c) = (r.to_i64().unwrap_or(0), c.to_i64().unwrap_or(0));
        Some(Ok(self.get(r, c).map_or(Value::Nothing, |v| Value::int(i64::from(v)))))
    }
}

/// `g[r, c]` of a grid of integers `g` (what its `index` answers for two integer keys): `None` when `g` is
/// not one.
pub fn cell(g: &Value, r: i64, c: i64) -> Option<Value> {
    let Value::Object(o) = g else { return None };
    let g = downcast_ref::<NumGrid>(&**o)?;
    Some(g.get(r, c).map_or(Value::Nothing, |v| Value::int(i64::from(v))))
}

/// The cells of a grid of integers `g` read in place (one type check; no value made): `None` when `g` is not
/// one.
pub fn cells(g: &Value) -> Option<NumCells<'_>> {
    let Value::Object(o) = g else { return None };
    Some(downcast_ref::<NumGrid>(&**o)?.view())
}

/// `g.Updated` of a grid of integers `g` with its entries given as (row, column, value), later ones winning as
/// in a map literal: `None` when `g` is not one, a cell is off the board or a value outside a byte (`updated`
/// then reports the error).
pub fn set_cells(g: &Value, cells: &[(i64, i64, i64)]) -> Option<Value> {
    let Value::Object(o) = g else { return None };
    let g = downcast_ref::<NumGrid>(&**o)?;
    // The copy is made in the new grid (in place for a small grid: one allocation, the grid's own), the cells
    // cloned as they are kept (no refill of a buffer).
    let mut copy = g.cells.clone();
    for &(r, c, k) in cells {
        // Row and column 0 and negative ones wrap to huge values, so one comparison each tells off the board.
        let (r, c) = (r.wrapping_sub(1) as u64, c.wrapping_sub(1) as u64);
        if r >= g.rows as u64 || c >= g.cols as u64 {
            return None;
        }
        copy[r as usize * g.cols + c as usize] = i8::try_from(k).ok()?;
    }
    Some(Value::Object(Rc::new(NumGrid(NumBoard { rows: g.rows, cols: g.cols, cells: copy }))))
}

/// `grid.ToString(map)` of a grid of integers: `None` when `v` is not one or a cell has no character in `map`.
pub fn text(v: &Value, map: &str) -> Option<String> {
    let Value::Object(o) = v else { return None };
    let g = downcast_ref::<NumGrid>(&**o)?;
    let map: Vec<char> = map.chars().collect();
    let mut out = String::with_capacity(g.cells.len() + g.rows);
    for (i, &c) in g.cells.iter().enumerate() {
        if i > 0 && i % g.cols == 0 {
            out.push('|');
        }
        out.push(*usize::try_from(c).ok().and_then(|i| map.get(i))?);
    }
    Some(out)
}

fn this_grid<'v>(s: &Site, this: &'v Value) -> Result<&'v NumGrid, EvalError> {
    match this {
        Value::Object(o) => downcast_ref::<NumGrid>(&**o).ok_or_else(|| s.bug()),
        _ => Err(s.bug()),
    }
}

fn script(s: &Site, message: String) -> EvalError {
    s.err(ErrorKind::Script { message })
}

fn int(s: &Site, v: &Value, i: usize) -> Result<i64, EvalError> {
    match v {
        Value::Integer(n) => Ok(n.to_i64().unwrap_or(i64::MAX)),
        v => Err(s.wrong_type(i, "Integer", v)),
    }
}

/// `Grid.Parse(text, charMap)`: rows separated by `|`, each character looked up (in lower case) in `charMap`.
pub fn parse(s: &Site, text: &str, map: &str) -> Result<Value, EvalError> {
    let map: Vec<char> = map.chars().collect();
    let rows: Vec<&str> = text.split('|').collect();
    let cols = rows[0].chars().count();
    let mut cells = Vec::with_capacity(rows.len() * cols);
    for row in &rows {
        if row.chars().count() != cols {
            return Err(script(s, "The rows of a grid must all have the same length.".to_string()));
        }
        for ch in row.chars() {
            let lower = ch.to_lowercase().next().unwrap_or(ch);
            match map.iter().position(|&m| m == lower) {
                Some(n) if n <= 127 => cells.push(n as i8),
                _ => {
                    let allowed: String = map.iter().collect();
                    let message = format!("The position may only contain the following characters: {allowed}");
                    return Err(script(s, message));
                }
            }
        }
    }
    if cols == 0 {
        return Ok(NumGrid::value(0, 0, Vec::new()));
    }
    Ok(NumGrid::value(rows.len(), cols, cells))
}

/// `Grid.Empty(rows, cols)`: CGSuite's integer grid with every cell 0 (no cells when either count is 0).
pub fn empty(s: &Site, args: &[Value]) -> Result<Value, EvalError> {
    let (rows, cols) = (int(s, &args[0], 0)?, int(s, &args[1], 1)?);
    if rows < 0 {
        return Err(script(s, format!("Invalid RowCount: {rows}")));
    }
    if cols < 0 {
        return Err(script(s, format!("Invalid ColCount: {cols}")));
    }
    if rows == 0 || cols == 0 {
        return Ok(NumGrid::value(0, 0, Vec::new()));
    }
    let n = (rows as usize).checked_mul(cols as usize).filter(|&n| n <= 1 << 28);
    let n = n.ok_or_else(|| script(s, format!("Grid too large: {rows} x {cols}")))?;
    Ok(NumGrid::value(rows as usize, cols as usize, vec![0; n]))
}

/// CGSuite's `Grid.Permuted`: the image of the grid under one symmetry given by its flags (rows reversed,
/// columns reversed, then rows and columns exchanged).
fn permuted(g: &NumGrid, flags: (bool, bool, bool)) -> NumGrid {
    let mut cells = Vec::new();
    let (rows, cols) = permute_into((g.rows, g.cols, &g.cells), flags, &mut cells);
    NumGrid(NumBoard { rows, cols, cells: cells.into() })
}

/// The cells of [`permuted`] of the grid of `rows` × `cols` `src` written into `cells` (cleared first; a buffer
/// reused by `SymmetryInvariant`, which makes a grid only of its answer), with the image's rows and columns.
fn permute_into(
    (g_rows, g_cols, src): (usize, usize, &[i8]),
    (hflip, vflip, transpose): (bool, bool, bool),
    cells: &mut Vec<i8>,
) -> (usize, usize) {
    let (rows, cols) = if transpose { (g_cols, g_rows) } else { (g_rows, g_cols) };
    cells.clear();
    if !transpose {
        // Whole rows: each source row is an image row, reversed by a vertical flip.
        for r in 0..g_rows {
            let rr = if hflip { g_rows - r - 1 } else { r };
            let row = &src[rr * g_cols..(rr + 1) * g_cols];
            if vflip {
                cells.extend(row.iter().rev());
            } else {
                cells.extend_from_slice(row);
            }
        }
        return (rows, cols);
    }
    cells.resize(src.len(), 0);
    // Row by row (no division per cell): the source cell (r, c) goes to the image's (r', c').
    for r in 0..g_rows {
        let rr = if hflip { g_rows - r - 1 } else { r };
        let row = &src[r * g_cols..(r + 1) * g_cols];
        for (c, &v) in row.iter().enumerate() {
            let cc = if vflip { g_cols - c - 1 } else { c };
            let (i, j) = if transpose { (cc, rr) } else { (rr, cc) };
            cells[i * cols + j] = v;
        }
    }
    (rows, cols)
}

/// `g.SymmetryInvariant(list)` for the flags of the list: CGSuite's order, each symmetry applied to the least
/// grid so far and its image kept when it is less (as `NumGrid`'s order: rows, columns, cells). The images are
/// written into two buffers reused from call to call; a grid is made only of an answer other than `g` itself
/// (then `this`, the same value).
fn symmetry_invariant(this: &Value, g: &NumGrid, flags: &[(bool, bool, bool)]) -> Value {
    thread_local! {
        static BUFFERS: std::cell::RefCell<(Vec<i8>, Vec<i8>)> = const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
    }
    BUFFERS.with(|b| {
        let (least, image) = &mut *b.borrow_mut();
        // `None`: the least so far is `g` itself; else its rows and columns, its cells in `least`.
        let mut dims: Option<(usize, usize)> = None;
        for &f in flags {
            if f == (false, false, false) {
                continue;
            }
            let src = match dims {
                None => (g.rows, g.cols, &g.cells[..]),
                Some((r, c)) => (r, c, &least[..]),
            };
            // The image is made only when it is less (most are not: they are read cell by cell against the
            // least so far, up to the first cell that differs).
            if image_less(src, f) {
                let (rows, cols) = permute_into(src, f, image);
                std::mem::swap(least, image);
                dims = Some((rows, cols));
            }
        }
        match dims {
            None => this.clone(),
            Some((rows, cols)) => {
                Value::Object(Rc::new(NumGrid(NumBoard { rows, cols, cells: Cells::from(&least[..]) })))
            }
        }
    })
}

/// Whether the image of the grid of `rows` × `cols` `src` under `flags` ([`permute_into`]'s) is less than
/// `src` in `NumGrid`'s order (rows, columns, then the cells in order), read without making the image.
fn image_less((rows, cols, src): (usize, usize, &[i8]), (hflip, vflip, transpose): (bool, bool, bool)) -> bool {
    if transpose && rows != cols {
        return (cols, rows) < (rows, cols);
    }
    if !transpose {
        // Row by row: the image's row `i` is the source's row `i` or (rows reversed) `rows - 1 - i`, its cells
        // reversed when the columns are.
        for i in 0..rows {
            let from = if hflip { rows - 1 - i } else { i };
            let (image, own) = (&src[from * cols..(from + 1) * cols], &src[i * cols..(i + 1) * cols]);
            let order = if vflip { image.iter().rev().cmp(own.iter()) } else { image.cmp(own) };
            if order != Ordering::Equal {
                return order == Ordering::Less;
            }
        }
        return false;
    }
    for i in 0..rows {
        for j in 0..cols {
            // The source cell the image holds at (i, j): (i, j), or (j, i) transposed, then flipped.
            let (r, c) = if transpose { (j, i) } else { (i, j) };
            let r = if hflip { rows - 1 - r } else { r };
            let c = if vflip { cols - 1 - c } else { c };
            let (a, b) = (src[r * cols + c], src[i * cols + j]);
            if a != b {
                return a < b;
            }
        }
    }
    false
}

/// `g.Updated({(r, c) => v, …})` or `g.Updated((r, c), v)`: the grid with those cells set (CGSuite's errors for
/// a cell off the board or a value outside a byte).
fn updated(s: &Site, this: &Value, args: &[Value]) -> Result<Value, EvalError> {
    let g = this_grid(s, this)?;
    let pairs: Vec<(&Value, &Value)> = match args {
        [Value::Map(map, _)] => map.iter().collect(),
        [coord, v] => vec![(coord, v)],
        [other] => return Err(s.wrong_type(0, "Map", other)),
        _ => return Err(s.bug()),
    };
    let mut cells = g.cells.to_vec();
    for (k, v) in pairs {
        let (r, c) = coordinates(k).ok_or_else(|| s.wrong_type(0, "Coordinates", k))?;
        if g.get(r, c).is_none() {
            return Err(script(s, format!("Coordinate is out of bounds: ({r},{c})")));
        }
        let v = int(s, v, args.len() - 1)?;
        let v = i8::try_from(v)
            .map_err(|_| script(s, format!("Value is out of range (must satisfy -128 <= x <= 127): {v}")))?;
        cells[(r as usize - 1) * g.cols + c as usize - 1] = v;
    }
    Ok(NumGrid::value(g.rows, g.cols, cells))
}

/// A coordinate pair `(r, c)` of integers.
fn coordinates(v: &Value) -> Option<(i64, i64)> {
    match v {
        Value::Tuple(t) if t.len() == 2 => match (&t[0], &t[1]) {
            (Value::Integer(a), Value::Integer(b)) => Some((a.to_i64()?, b.to_i64()?)),
            _ => None,
        },
        _ => None,
    }
}

fn pair(r: usize, c: usize) -> Value {
    Value::Tuple(vec![Value::int(r as i64), Value::int(c as i64)].into())
}

/// CGSuite's `Grid.Decomposition(boundary, directions)`: the regions of cells other than `boundary`, connected
/// through `directions` and their opposites, each as its bounding subgrid with the other cells set to
/// `boundary`; the grid itself when there is one region.
fn decomposition(this: &Value, g: &NumGrid, bv: i8, dirs: &[(i64, i64)]) -> Vec<Value> {
    // The cells' regions and the search's stack: on the processor's stack for a board of up to `SMALL` cells
    // (every board a search of a small game meets), else on the heap.
    const SMALL: usize = 64;
    const NONE: u32 = u32::MAX;
    let n = g.cells.len();
    // Each direction and its opposite, once (the orthogonal four are their own opposites): the same regions.
    let (mut steps_small, mut steps_heap) = ([(0i64, 0i64); 8], Vec::new());
    let mut count = 0;
    for &(dr, dc) in dirs {
        for step in [(dr, dc), (-dr, -dc)] {
            let known = if dirs.len() <= 4 { &steps_small[..count] } else { &steps_heap[..] };
            if !known.contains(&step) {
                if dirs.len() <= 4 {
                    steps_small[count] = step;
                    count += 1;
                } else {
                    steps_heap.push(step);
                }
            }
        }
    }
    let steps: &[(i64, i64)] = if dirs.len() <= 4 { &steps_small[..count] } else { &steps_heap };
    if n <= 64 && steps.len() == 4 && steps.iter().all(|&(dr, dc)| dr.abs() + dc.abs() == 1) {
        return orthogonal_regions(this, g, bv).into_iter().collect();
    }
    // The search's arrays, made only for it (the word search above needs none).
    let (mut region_small, mut stack_small) = ([NONE; SMALL], [0u32; SMALL]);
    let (mut region_heap, mut stack_heap) = (Vec::new(), Vec::new());
    let (region, stack): (&mut [u32], &mut [u32]) = if n <= SMALL {
        (&mut region_small[..n], &mut stack_small[..n])
    } else {
        region_heap.resize(n, NONE);
        stack_heap.resize(n, 0);
        (&mut region_heap, &mut stack_heap)
    };
    searched_regions(this, g, bv, steps, region, stack)
}

/// [`decomposition`] by a search cell by cell through `steps` (each direction and its opposite), with
/// `region` (every entry `u32::MAX`) and `stack` of one entry per cell.
fn searched_regions(
    this: &Value,
    g: &NumGrid,
    bv: i8,
    steps: &[(i64, i64)],
    region: &mut [u32],
    stack: &mut [u32],
) -> Vec<Value> {
    const NONE: u32 = u32::MAX;
    let n = g.cells.len();
    let mut boxes: Vec<(usize, usize, usize, usize)> = Vec::new();
    let (rows, cols) = (g.rows as i64, g.cols as i64);
    for start in 0..n {
        if region[start] != NONE || g.cells[start] == bv {
            continue;
        }
        let id = boxes.len() as u32;
        let mut bx = (start / g.cols, start / g.cols, start % g.cols, start % g.cols);
        // Each cell is pushed once (when its region is set), so the stack never holds more than `n`.
        let mut top = 1;
        stack[0] = start as u32;
        region[start] = id;
        while top > 0 {
            top -= 1;
            let i = stack[top] as usize;
            let (r, c) = ((i / g.cols) as i64, (i % g.cols) as i64);
            bx = (bx.0.min(r as usize), bx.1.max(r as usize), bx.2.min(c as usize), bx.3.max(c as usize));
            for &(dr, dc) in steps {
                let (nr, nc) = (r + dr, c + dc);
                if nr < 0 || nc < 0 || nr >= rows || nc >= cols {
                    continue;
                }
                let j = nr as usize * g.cols + nc as usize;
                if region[j] == NONE && g.cells[j] != bv {
                    region[j] = id;
                    stack[top] = j as u32;
                    top += 1;
                }
            }
        }
        boxes.push(bx);
    }
    if boxes.len() == 1 {
        // The grid itself (the same value: grids are immutable).
        return vec![this.clone()];
    }
    boxes
        .iter()
        .enumerate()
        .map(|(id, &(r0, r1, c0, c1))| {
            let mut cells = Vec::with_capacity((r1 - r0 + 1) * (c1 - c0 + 1));
            for r in r0..=r1 {
                for c in c0..=c1 {
                    let i = r * g.cols + c;
                    cells.push(if region[i] == id as u32 { g.cells[i] } else { bv });
                }
            }
            NumGrid::value(r1 - r0 + 1, c1 - c0 + 1, cells)
        })
        .collect()
}

/// [`decomposition`] through the four orthogonal directions of a grid of at most 64 cells, with the cells as
/// the bits of a word (bit `r * cols + c`): each region grows from its first cell by whole-word steps to its
/// neighbours until it stops changing. The regions come in the same order (of their first cells), each as the
/// same subgrid.
fn orthogonal_regions(this: &Value, g: &NumGrid, bv: i8) -> Vector<Value> {
    let (n, cols) = (g.cells.len(), g.cols);
    debug_assert!(n <= 64);
    if n == 0 {
        return Vector::new();
    }
    let free = free_bits(g.bytes(), bv as u8);
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    // No boundary cell: the whole board is one region (its rows and columns join it), the grid itself.
    if free == all {
        return Vector::unit(this.clone());
    }
    // The cells of the first column and of the last: a step right must not reach the next row's first cell,
    // a step left the previous row's last.
    let first_col = (0..g.rows).fold(0u64, |m, r| m | 1 << (r * cols));
    let last_col = first_col << (cols - 1);
    let grow = |s: u64| {
        let side = ((s << 1) & !first_col) | ((s >> 1) & !last_col);
        let (up, down) = (s.checked_shr(cols as u32).unwrap_or(0), s.checked_shl(cols as u32).unwrap_or(0));
        (s | side | up | down) & all
    };
    // The regions in the order of their first cells, each made into its subgrid as it is found; the grid
    // itself when the first region is all there is.
    let row_mask = if cols >= 64 { u64::MAX } else { (1u64 << cols) - 1 };
    let mut out = Vector::new();
    let mut left = free;
    while left != 0 {
        let mut region = left & left.wrapping_neg();
        loop {
            let next = grow(region) & free;
            if next == region {
                break;
            }
            region = next;
        }
        left &= !region;
        if out.is_empty() && left == 0 {
            return Vector::unit(this.clone());
        }
        out.push_back(subgrid(g, bv, region, row_mask));
    }
    out
}

/// The cells (at most 64, as bytes) different from `bv`, as bits (cell `i` bit `i`): eight cells a word, a byte told
/// nonzero (after the XOR with `bv`) by its top bit after adding 0x7f to its low seven bits, the eight top bits
/// gathered by one multiplication (as the character grid's decomposition reads its cells).
#[inline]
pub(super) fn free_bits(cells: &[u8], bv: u8) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let spread = u64::from(bv) * 0x0101_0101_0101_0101;
    let mut free = 0u64;
    let mut words = cells.chunks_exact(8);
    for (j, w) in (&mut words).enumerate() {
        let x = u64::from_le_bytes(w.try_into().expect("8 bytes")) ^ spread;
        let top = (((x & LOW7) + LOW7) | x) & !LOW7;
        free |= ((top >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * j);
    }
    let base = cells.len() - words.remainder().len();
    for (i, &x) in words.remainder().iter().enumerate() {
        free |= u64::from(x != bv) << (base + i);
    }
    free
}

/// The bounding subgrid of `region` (cells as bits, [`orthogonal_regions`]) of `g`, with the cells outside the
/// region set to `bv`: its rows from the region's lowest and highest bits, its columns from the union of its
/// rows' bits (`row_mask`: one row's bits).
fn subgrid(g: &NumGrid, bv: i8, region: u64, row_mask: u64) -> Value {
    let cols = g.cols;
    let (r0, r1) = (region.trailing_zeros() as usize / cols, (63 - region.leading_zeros()) as usize / cols);
    let span = (r0..=r1).fold(0u64, |m, r| m | (region >> (r * cols)) & row_mask);
    let (c0, c1) = (span.trailing_zeros() as usize, (63 - span.leading_zeros()) as usize);
    // The subgrid's cells written where the grid keeps them: all `bv`, then the region's own.
    let (rows, width) = (r1 - r0 + 1, c1 - c0 + 1);
    let mut cells = Cells::filled(rows * width, bv);
    let mut k = 0;
    for r in r0..=r1 {
        for c in c0..=c1 {
            let i = r * cols + c;
            if region >> i & 1 == 1 {
                cells[k] = g.cells[i];
            }
            k += 1;
        }
    }
    Value::Object(Rc::new(NumGrid(NumBoard { rows, cols: width, cells })))
}

/// Members of an integer `Grid`.
pub static NUM_GRID: &[Member] = crate::member_table![
    crate::member!(RowCount => "The number of rows of an integer grid.", "Grid.Parse(\"xo|.x\", \".xo\").RowCount", |_, s, this, _| Ok(Value::int(this_grid(s, this)?.rows as i64))),
    crate::member!(ColCount => "The number of columns of an integer grid.", "Grid.Parse(\"xo.\", \".xo\").ColCount", |_, s, this, _| Ok(Value::int(this_grid(s, this)?.cols as i64))),
    crate::member!(FindAll(value: Integer) => "The coordinates (row, column) of every cell holding the integer n.", "Grid.Parse(\"xo|.x\", \".xo\").FindAll(1)", |_, s, this, args| {
        let g = this_grid(s, this)?;
        let v = int(s, &args[0], 0)?;
        let hits = (0..g.cells.len()).filter(|&i| i64::from(g.cells[i]) == v);
        Ok(list(hits.map(|i| pair(i / g.cols + 1, i % g.cols + 1)).collect::<Vec<_>>()))
    }),
    crate::member!(IsInBounds(coord: Coordinates) => "Whether the coordinates (row, column) lie on the grid.", "Grid.Parse(\"xo|.x\", \".xo\").IsInBounds((2, 3))", |_, s, this, args| {
        let g = this_grid(s, this)?;
        let (r, c) = coordinates(&args[0]).ok_or_else(|| s.wrong_type(0, "Coordinates", &args[0]))?;
        Ok(Value::Boolean(g.get(r, c).is_some()))
    }),
    Member {
        name: "Updated",
        params: &[&[Param::required("coord", "Coordinates"), Param::required("newValue", "Integer")], &[Param::required("newValues", "Map")]],
        doc: super::Doc::NONE,
        arity: Arity::Range(1, 2),
        f: |_, s, this, args| updated(s, this, args),
    }
    .doc(
        "",
        "The integer grid with each cell (r, c) that is a key of the map set to its value (or the one cell at coords set to value).",
        "Grid.Parse(\"xo\", \".xo\").Updated({(1, 1) => 0})",
    ),
    crate::member!(Subgrid(northwest: Coordinates, southeast: Coordinates) => "The rectangle of the grid between two corners (row, column), inclusive.", "Grid.Parse(\"xo.|ox.\", \".xo\").Subgrid((1, 2), (2, 3))", |_, s, this, args| {
        let g = this_grid(s, this)?;
        let (r0, c0) = coordinates(&args[0]).ok_or_else(|| s.wrong_type(0, "Coordinates", &args[0]))?;
        let (r1, c1) = coordinates(&args[1]).ok_or_else(|| s.wrong_type(1, "Coordinates", &args[1]))?;
        if r1 < r0 || c1 < c0 {
            return Ok(NumGrid::value(0, 0, Vec::new()));
        }
        if g.get(r0, c0).is_none() || g.get(r1, c1).is_none() {
            let corner = if g.get(r0, c0).is_none() { (r0, c0) } else { (r1, c1) };
            return Err(script(s, format!("Coordinate is out of bounds: ({},{})", corner.0, corner.1)));
        }
        let (rows, cols) = ((r1 - r0 + 1) as usize, (c1 - c0 + 1) as usize);
        let mut cells = Vec::with_capacity(rows * cols);
        for r in r0..=r1 {
            let start = (r as usize - 1) * g.cols + c0 as usize - 1;
            cells.extend_from_slice(&g.cells[start..start + cols]);
        }
        Ok(NumGrid::value(rows, cols, cells))
    }),
    crate::member!(Permuted(symmetry: Symmetry) => "The image of the grid under a `Symmetry` (`Symmetry.Transpose` exchanges rows and columns).", "Grid.Parse(\"xo.\", \".xo\").Permuted(Symmetry.Transpose)", |_, s, this, args| {
        let g = this_grid(s, this)?;
        let flags = match super::symmetry::symmetry_flags(&args[0]).as_deref() {
            Some(&[f]) if !matches!(args[0], Value::List(_)) => f,
            _ => return Err(s.wrong_type(0, "Symmetry", &args[0])),
        };
        Ok(Value::Object(Rc::new(permuted(g, flags))))
    }),
    crate::member!(SymmetryInvariant(symmetries: List) => "The least of the grid's images under a list of symmetries (CGSuite's order: rows, columns, cells): equal for grids that are images of each other.", "Grid.Parse(\"x.\", \".xo\").SymmetryInvariant(Symmetry.Flip)", |_, s, this, args| {
        let g = this_grid(s, this)?;
        let list = match (&args[0], super::symmetry::symmetry_flags(&args[0])) {
            (Value::List(_), Some(list)) => list,
            _ => return Err(s.wrong_type(0, "List of Symmetry", &args[0])),
        };
        Ok(symmetry_invariant(this, g, &list))
    }),
    Member {
        name: "Decomposition",
        params: &[&[Param::required("boundaryValue", "Integer"), Param::optional("directions", "List")]],
        doc: super::Doc::NONE,
        arity: Arity::Range(1, 2),
        f: |_, s, this, args| {
            let g = this_grid(s, this)?;
            let bv = int(s, &args[0], 0)?;
            // CGSuite reads the directions only from a cell of a region: a grid of boundary cells alone has no
            // regions whatever the list holds (`Grid.Parse("..|..", ".x").Decomposition(0, [5])` is `[]`,
            // CGSuite 2.2).
            if matches!(args.get(1), Some(Value::List(_))) && g.cells.iter().all(|&c| i64::from(c) == bv) {
                return Ok(list([]));
            }
            const ORTHOGONAL: [(i64, i64); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];
            let dirs: Vec<(i64, i64)> = match args.get(1) {
                // The four orthogonal steps are their own opposites: a board of up to 64 cells goes straight
                // to the word search `decomposition` would choose for them (no steps to sort out first).
                None if g.cells.len() <= 64 => return Ok(Value::List(orthogonal_regions(this, g, bv as i8).into())),
                None => return Ok(list(decomposition(this, g, bv as i8, &ORTHOGONAL))),
                Some(Value::List(l)) => l
                    .iter()
                    .map(|d| coordinates(d).ok_or_else(|| s.wrong_type(1, "Coordinates", d)))
                    .collect::<Result<_, _>>()?,
                Some(v) => return Err(s.wrong_type(1, "List", v)),
            };
            Ok(list(decomposition(this, g, bv as i8, &dirs)))
        },
    }
    .doc(
        "",
        "The connected regions of cells other than `boundary`, each as its own grid (CGSuite's `Grid.Decomposition`).",
        "Grid.Parse(\"x.o\", \".xo\").Decomposition(0)",
    ),
    member("ToString", 1, |_, s, this, args| {
        let g = this_grid(s, this)?;
        let map: Vec<char> = string(s, args, 0)?.chars().collect();
        let mut out = String::with_capacity(g.cells.len() + g.rows);
        for (i, &c) in g.cells.iter().enumerate() {
            if i > 0 && i % g.cols == 0 {
                out.push('|');
            }
            match usize::try_from(c).ok().and_then(|i| map.get(i)) {
                Some(ch) => out.push(*ch),
                None => return Err(script(s, format!("String index out of range: {c}"))),
            }
        }
        Ok(Value::str(&out))
    }).params(&[&[Param::required("charMap", "String")]])
    .doc(
        "",
        "The grid written with the characters of the char map, rows separated by `|`.",
        "Grid.Parse(\"xo|.x\", \".xo\").ToString(\".xo\")",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// `permute_into` (whole rows when the symmetry keeps rows as rows) agrees with the definition cell by cell:
    /// the source cell (r, c) goes to (r', c'), r' = R − 1 − r under a horizontal flip, c' = C − 1 − c under a
    /// vertical one, and the two exchanged by a transposition (all eight symmetries, shapes up to 5 × 5).
    #[test]
    fn images_agree_with_the_cell_definition() {
        let mut buf = Vec::new();
        for rows in 0..=5usize {
            for cols in 0..=5usize {
                let src: Vec<i8> = (0..rows * cols).map(|i| (i * 7 % 11) as i8 - 3).collect();
                for f in 0..8 {
                    let (h, v, t) = (f & 1 == 1, f & 2 == 2, f & 4 == 4);
                    let (ir, ic) = if t { (cols, rows) } else { (rows, cols) };
                    let mut want = vec![0i8; rows * cols];
                    for r in 0..rows {
                        for c in 0..cols {
                            let (rr, cc) = (if h { rows - 1 - r } else { r }, if v { cols - 1 - c } else { c });
                            let (i, j) = if t { (cc, rr) } else { (rr, cc) };
                            want[i * ic + j] = src[r * cols + c];
                        }
                    }
                    assert_eq!(permute_into((rows, cols, &src), (h, v, t), &mut buf), (ir, ic));
                    assert_eq!(buf, want, "{rows} x {cols}, {:?}", (h, v, t));
                }
            }
        }
    }

    /// `image_less` answers what comparing the made image with the grid answers (`NumGrid`'s order), for every
    /// shape up to 5 × 5 and every symmetry, on grids with distinct-looking cells and on grids of few values
    /// (whose images often equal the grid, the case read to the last cell): a property of the two.
    #[test]
    fn image_less_agrees_with_the_made_image() {
        let mut buf = Vec::new();
        for rows in 0..=5usize {
            for cols in 0..=5usize {
                for k in [11, 2, 1] {
                    let src: Vec<i8> = (0..rows * cols).map(|i| (i * 7 % k) as i8 - 3).collect();
                    for f in 0..8 {
                        let flags = (f & 1 == 1, f & 2 == 2, f & 4 == 4);
                        let (ir, ic) = permute_into((rows, cols, &src), flags, &mut buf);
                        let want = (ir, ic, &buf[..]) < (rows, cols, &src[..]);
                        assert_eq!(image_less((rows, cols, &src), flags), want, "{rows} x {cols} mod {k}, {flags:?}");
                    }
                }
            }
        }
    }

    /// The word-wide search finds the regions the cell-by-cell search finds, in the same order and as the same
    /// subgrids, on boards of every shape up to 8 × 8 filled by a fixed pseudo-random sequence (a property of
    /// the two searches: both give CGSuite's `Decomposition`).
    #[test]
    fn word_regions_agree_with_the_cell_search() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let steps = [(-1, 0), (1, 0), (0, 1), (0, -1)];
        let mut multi = 0;
        for rows in 1..=8 {
            for cols in 1..=8 {
                for _ in 0..40 {
                    let density = next() % 4;
                    let cells: Vec<i8> = (0..rows * cols).map(|_| i8::from(next() % 4 <= density) * 2 - 1).collect();
                    let this = NumGrid::value(rows, cols, cells.clone());
                    let g = NumGrid(NumBoard { rows, cols, cells: cells.into() });
                    let fast: Vec<Value> = orthogonal_regions(&this, &g, 1).into_iter().collect();
                    let (mut region, mut stack) = (vec![u32::MAX; rows * cols], vec![0; rows * cols]);
                    let slow = searched_regions(&this, &g, 1, &steps, &mut region, &mut stack);
                    assert_eq!(fast, slow, "{rows} x {cols}: {:?}", g.cells);
                    multi += usize::from(fast.len() > 1);
                }
            }
        }
        assert!(multi > 100, "too few boards with several regions: {multi}");
    }
}

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
use crate::syntax::span::Span;
use num_traits::ToPrimitive;
use std::cmp::Ordering;
use std::rc::Rc;

/// An integer grid as a script value: rows × columns cells, row by row.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct NumGrid {
    rows: usize,
    cols: usize,
    cells: Rc<[i8]>,
}

impl NumGrid {
    fn value(rows: usize, cols: usize, cells: Vec<i8>) -> Value {
        Value::Object(Rc::new(NumGrid { rows, cols, cells: cells.into() }))
    }

    /// Rows, columns and cells (row by row).
    pub fn parts(&self) -> (usize, usize, &[i8]) {
        (self.rows, self.cols, &self.cells)
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

/// `g.Updated` of a grid of integers `g` with its entries given as (row, column, value), later ones winning as
/// in a map literal: `None` when `g` is not one, a cell is off the board or a value outside a byte (`updated`
/// then reports the error).
pub fn set_cells(g: &Value, cells: &[(i64, i64, i64)]) -> Option<Value> {
    let Value::Object(o) = g else { return None };
    let g = downcast_ref::<NumGrid>(&**o)?;
    let mut out = g.cells.to_vec();
    for &(r, c, k) in cells {
        g.get(r, c)?;
        out[(r as usize - 1) * g.cols + c as usize - 1] = i8::try_from(k).ok()?;
    }
    Some(NumGrid::value(g.rows, g.cols, out))
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
    let (rows, cols) = permute_into(g, flags, &mut cells);
    NumGrid { rows, cols, cells: cells.into() }
}

/// The cells of [`permuted`] written into `cells` (cleared first; a buffer reused by `SymmetryInvariant`, which
/// makes a grid only of an image that is less), with the image's rows and columns.
fn permute_into(g: &NumGrid, (hflip, vflip, transpose): (bool, bool, bool), cells: &mut Vec<i8>) -> (usize, usize) {
    let (rows, cols) = if transpose { (g.cols, g.rows) } else { (g.rows, g.cols) };
    cells.clear();
    cells.resize(g.cells.len(), 0);
    // Row by row (no division per cell): the source cell (r, c) goes to the image's (r', c').
    for r in 0..g.rows {
        let rr = if hflip { g.rows - r - 1 } else { r };
        let row = &g.cells[r * g.cols..(r + 1) * g.cols];
        for (c, &v) in row.iter().enumerate() {
            let cc = if vflip { g.cols - c - 1 } else { c };
            let (i, j) = if transpose { (cc, rr) } else { (rr, cc) };
            cells[i * cols + j] = v;
        }
    }
    (rows, cols)
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
    let (mut region_small, mut stack_small) = ([NONE; SMALL], [0u32; SMALL]);
    let (mut region_heap, mut stack_heap) = (Vec::new(), Vec::new());
    let (region, stack): (&mut [u32], &mut [u32]) = if n <= SMALL {
        (&mut region_small[..n], &mut stack_small[..n])
    } else {
        region_heap.resize(n, NONE);
        stack_heap.resize(n, 0);
        (&mut region_heap, &mut stack_heap)
    };
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
        params: &[&[Param::required("coord", "Coordinates"), Param::required("newValue", "Integer")], &[Param::required("index", "Integer"), Param::required("newValue", "Integer")], &[Param::required("index", "Integer"), Param::required("value", "Object")], &[Param::required("key", "Object"), Param::required("value", "Object")], &[Param::required("newValues", "Map")]],
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
        // CGSuite's order: each symmetry applied to the least grid so far, the image kept when it is less.
        // Each image is written into one buffer and compared there (as `NumGrid`'s order: rows, columns, cells);
        // a grid is made only of an image that is less.
        let mut least = NumGrid { rows: g.rows, cols: g.cols, cells: g.cells.clone() };
        let mut image = Vec::with_capacity(g.cells.len());
        for flags in list {
            if flags != (false, false, false) {
                let (rows, cols) = permute_into(&least, flags, &mut image);
                if (rows, cols, &image[..]) < (least.rows, least.cols, &least.cells[..]) {
                    least = NumGrid { rows, cols, cells: Rc::from(&image[..]) };
                }
            }
        }
        if Rc::ptr_eq(&least.cells, &g.cells) {
            // The grid is its own least image: the same value.
            return Ok(this.clone());
        }
        Ok(Value::Object(Rc::new(least)))
    }),
    Member {
        name: "Decomposition",
        params: &[&[Param::required("boundaryLabel", "Object")], &[Param::required("boundaryValue", "Integer")], &[Param::required("boundaryValue", "Integer"), Param::optional("directions", "List")]],
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
    }).params(&[&[Param::required("charMap", "String")], &[Param::optional("vertexLabels", "Function"), Param::optional("edgeLabels", "Function")]])
    .doc(
        "",
        "The grid written with the characters of the char map, rows separated by `|`.",
        "Grid.Parse(\"xo|.x\", \".xo\").ToString(\".xo\")",
    ),
];

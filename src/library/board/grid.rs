//! The `Grid` value (CGSuite's `Grid`): a board of one-character cells over [`Grid`] of `solve/`, the `Grid`
//! class value (`Grid.Parse`, `Grid(…)`) and the adjacency constants `Orthogonal`, `Diagonal`, `King`.
//!
//! Cells are one-character strings in scripts (`g[1, 2] == "x"`); a grid prints as `Grid("xo.|ox.")`, which is
//! also valid input. Grids compare structurally, so they can be set elements, map keys and ruleset states.

use super::{boolean, list, string, Member, Site};
use crate::game::Games;
use crate::interp::error::{Arity, ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::native::Param;
use crate::interp::value::{Object, Value};
use crate::solve::grid::{Adjacency, BoardCells, Grid};
use crate::syntax::span::Span;
use num_traits::ToPrimitive;
use std::cmp::Ordering;
use std::rc::Rc;

/// A grid as a script value.
#[derive(Debug)]
pub struct GridValue(pub Grid);

impl GridValue {
    /// Wraps a grid.
    pub fn value(g: Grid) -> Value {
        Value::Object(Rc::new(GridValue(g)))
    }
}

impl Object for GridValue {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "Grid"
    }
    fn display(&self, _: &mut Games) -> String {
        format!("Grid(\"{}\")", self.0)
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<GridValue>().map(|o| self.0.cmp(&o.0))
    }
    fn members(&self) -> &'static [Member] {
        GRID
    }
    fn fixed_members(&self) -> Option<&'static [Member]> {
        Some(GRID)
    }
    #[inline]
    fn board_cells(&self) -> Option<BoardCells<'_>> {
        Some(BoardCells::Chars(&self.0))
    }
    fn index(&self, m: &mut Machine, _: &Value, keys: &[Value], span: Span) -> Option<Result<Value, EvalError>> {
        Some(grid_index(m, &self.0, keys, span))
    }
}

/// The global `Grid`: `Grid.Parse(s)`, `Grid(s)`, `Grid(rows, cols)`.
#[derive(Debug)]
pub struct GridClass;

impl Object for GridClass {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "Class"
    }
    fn display(&self, _: &mut Games) -> String {
        "\u{27ea}cgsuite.util.Grid\u{27eb}".to_string()
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<GridClass>().map(|_| Ordering::Equal)
    }
    fn members(&self) -> &'static [Member] {
        GRID_CLASS
    }
    fn call(&self, m: &mut Machine, _: &Value, args: &[Value], site: &Site) -> Option<Result<Value, EvalError>> {
        Some(grid_new(m, site, args))
    }
}

/// An adjacency constant as a script value.
#[derive(Debug)]
pub struct AdjacencyValue(pub Adjacency);

impl Object for AdjacencyValue {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "Adjacency"
    }
    fn display(&self, _: &mut Games) -> String {
        adjacency_name(self.0).to_string()
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<AdjacencyValue>().map(|o| (self.0 as u8).cmp(&(o.0 as u8)))
    }
}

/// The global name of an adjacency.
pub fn adjacency_name(a: Adjacency) -> &'static str {
    match a {
        Adjacency::Orthogonal => "Orthogonal",
        Adjacency::Diagonal => "Diagonal",
        Adjacency::King => "King",
    }
}

/// The global constants this module defines.
pub fn constants() -> Vec<(&'static str, Value)> {
    let mut v: Vec<(&'static str, Value)> = [Adjacency::Orthogonal, Adjacency::Diagonal, Adjacency::King]
        .into_iter()
        .map(|a| (adjacency_name(a), Value::Object(Rc::new(AdjacencyValue(a)))))
        .collect();
    v.push(("Grid", Value::Object(Rc::new(GridClass))));
    v
}

fn this_grid<'v>(s: &Site, this: &'v Value) -> Result<&'v Grid, EvalError> {
    if let Value::Object(o) = this {
        let any: &dyn std::any::Any = &**o;
        if let Some(g) = any.downcast_ref::<GridValue>() {
            return Ok(&g.0);
        }
    }
    Err(s.bug())
}

fn grid_error(s: &Site, e: crate::solve::grid::GridError) -> EvalError {
    s.err(ErrorKind::InvalidGrid { message: e.to_string() })
}

/// A cell argument: a one-character ASCII string.
fn cell(s: &Site, args: &[Value], i: usize) -> Result<u8, EvalError> {
    let t = string(s, args, i)?;
    match t.as_bytes() {
        [b] if b.is_ascii() => Ok(*b),
        _ => Err(s.arg_err(i, ErrorKind::InvalidGrid { message: format!("a cell is one ASCII character, not {t:?}") })),
    }
}

/// The one-character string of a cell; ASCII cells share one string each instead of allocating per read.
fn cell_value(b: u8) -> Value {
    if b.is_ascii() {
        return Value::ascii_char(Some(b));
    }
    Value::String(Rc::from((b as char).to_string()))
}

fn adjacency(s: &Site, args: &[Value], i: usize) -> Result<Adjacency, EvalError> {
    let Some(v) = args.get(i) else { return Ok(Adjacency::Orthogonal) };
    if let Value::Object(o) = v {
        let any: &dyn std::any::Any = &**o;
        if let Some(a) = any.downcast_ref::<AdjacencyValue>() {
            return Ok(a.0);
        }
    }
    Err(s.wrong_type(i, "Adjacency", v))
}

/// A list of directions, CGSuite's `Coordinates` pairs (`Coordinates.KnightsMove`), as `(row, column)` steps.
fn steps(v: &Value) -> Option<Vec<(i64, i64)>> {
    let items: Vec<&Value> = match v {
        Value::List(l) => l.iter().collect(),
        Value::Set(s, _) => s.iter().collect(),
        _ => return None,
    };
    items
        .into_iter()
        .map(|d| match d {
            Value::Tuple(t) if t.len() == 2 => match (&t[0], &t[1]) {
                (Value::Integer(a), Value::Integer(b)) => Some((a.to_i64()?, b.to_i64()?)),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

fn coordinate(v: &Value) -> Option<usize> {
    match v {
        Value::Integer(n) => n.to_usize(),
        _ => None,
    }
}

fn pair(v: &(usize, usize)) -> Value {
    Value::Tuple(Rc::from([Value::int(v.0), Value::int(v.1)]))
}

/// `Grid(s)` (parse) or `Grid(rows, cols)` (all cells `.`).
fn grid_new(_: &mut Machine, s: &Site, args: &[Value]) -> Result<Value, EvalError> {
    match args {
        [Value::String(t)] => Grid::parse(t).map(GridValue::value).map_err(|e| grid_error(s, e)),
        [_] => Err(s.wrong_type(0, "String", &args[0])),
        [_, _] => {
            let r = super::count(s, args, 0)? as usize;
            let c = super::count(s, args, 1)? as usize;
            if r.saturating_mul(c) > 1 << 24 {
                return Err(s.err(ErrorKind::Overflow));
            }
            Ok(GridValue::value(Grid::filled(r, c, b'.')))
        }
        _ => Err(s.err(ErrorKind::ArgumentCount { expected: Arity::Range(1, 2), got: args.len() })),
    }
}

/// The cells of a value that is a grid of characters.
/// (Asked through [`Object::board_cells`]: one call through the vtable, where a downcast asks the type id through
/// it and compares it.)
pub fn as_grid(v: &Value) -> Option<&Grid> {
    let Value::Object(o) = v else { return None };
    match o.board_cells()? {
        BoardCells::Chars(g) => Some(g),
        BoardCells::Nums(_) => None,
    }
}

/// Whether a value is a grid of characters.
pub fn is_grid(v: &Value) -> bool {
    matches!(v, Value::Object(o) if (&**o as &dyn std::any::Any).is::<GridValue>())
}

/// `g.Updated` with its entries given as pairs (later ones win, as in a map literal): the new grid, or `None`
/// when `g` is no grid, a key is no cell `(row, column)` of the board or a value no one-character ASCII string
/// (the general `Updated` then reports the error).
pub fn updated_cells(g: &Value, pairs: &[(Value, Value)]) -> Option<Value> {
    let Value::Object(o) = g else { return None };
    let g = &(&**o as &dyn std::any::Any).downcast_ref::<GridValue>()?.0;
    let mut changes = Vec::with_capacity(pairs.len());
    for (k, v) in pairs {
        let Value::Tuple(t) = k else { return None };
        let [r, c] = &t[..] else { return None };
        let (Value::String(v), Some(r), Some(c)) = (v, coordinate(r), coordinate(c)) else { return None };
        let [b] = v.as_bytes() else { return None };
        if !b.is_ascii() {
            return None;
        }
        changes.push(((r, c), *b));
    }
    g.updated(&changes).ok().map(GridValue::value)
}

/// [`updated_cells`] with at most four cells given as (row, column, ASCII character), for the compiled tree
/// (no key or value made): `None` when `g` is no grid, a cell is off the board or there are more than four.
pub fn set_cells(g: &Value, cells: &[(i64, i64, u8)]) -> Option<Value> {
    if cells.len() > 4 {
        return None;
    }
    as_grid(g)?.updated_signed(cells).map(GridValue::value)
}

/// `g[r, c]` or `g[(r, c)]`: the cell as a one-character string, `Nothing` off the board.
fn grid_index(m: &mut Machine, g: &Grid, keys: &[Value], span: Span) -> Result<Value, EvalError> {
    let (r, c) = match keys {
        [Value::Tuple(t)] if t.len() == 2 => (&t[0], &t[1]),
        [r, c] => (r, c),
        _ => {
            let index = keys.iter().map(|k| k.display(m.games)).collect::<Vec<_>>().join(", ");
            return Err(EvalError::new(ErrorKind::IndexOutOfBounds { index }, span));
        }
    };
    for v in [r, c] {
        if !matches!(v, Value::Integer(_)) {
            let kind = ErrorKind::ArgumentType {
                function: "Grid index".into(),
                position: 1,
                expected: "Integer",
                got: v.type_name(),
            };
            return Err(EvalError::new(kind, span));
        }
    }
    Ok(match (coordinate(r), coordinate(c)) {
        (Some(r), Some(c)) => g.get(r, c).map_or(Value::Nothing, cell_value),
        _ => Value::Nothing,
    })
}

/// Members of `Grid`.
pub static GRID: &[Member] = crate::member_table![
    crate::member!(RowCount => "The number of rows.", "Grid(\"xo.|ox.\").RowCount", |_, s, this, _| Ok(Value::int(this_grid(s, this)?.rows()))),
    crate::member!(ColCount => "The number of columns.", "Grid(\"xo.|ox.\").ColCount", |_, s, this, _| Ok(Value::int(this_grid(s, this)?.cols()))),
    crate::member!(FindAll(value: Integer) => "The coordinates (row, column) of every cell holding c, in row-major order.", "Grid(\"xo.|ox.\").FindAll(\"x\")", |_, s, this, args| {
        let g = this_grid(s, this)?;
        let c = cell(s, args, 0)?;
        Ok(list(g.find_all(c).iter().map(pair)))
    }),
    crate::member!(Count(predicate: Function) => "The number of cells holding c.", "Grid(\"xo.|ox.\").Count(\".\")", |_, s, this, args| {
        let g = this_grid(s, this)?;
        let c = cell(s, args, 0)?;
        Ok(Value::int(g.cells().iter().filter(|&&x| x == c).count()))
    }),
    Member {
        name: "Decomposition",
        params: &[&[Param::required("boundaryLabel", "Object")], &[Param::required("boundaryValue", "Integer")], &[Param::required("boundaryValue", "Integer"), Param::optional("directions", "List")]],
        doc: crate::library::Doc::NONE,
        arity: Arity::Range(1, 2),
        f: |_, s, this, args| {
            let g = this_grid(s, this)?;
            let empty = cell(s, args, 0)?;
            let parts = match args.get(1).map(steps) {
                Some(Some(st)) => g.decomposition_or_whole(empty, &st),
                _ => g.decomposition_or_whole(empty, adjacency(s, args, 1)?.offsets()),
            };
            // A board that is one region spanning it is its own decomposition: the same value, not a copy (so
            // a ruleset's `Components` finds it in the memo by identity of state, no new board kept).
            Ok(match parts {
                Some(parts) => list(parts.into_iter().map(GridValue::value)),
                None => list([this.clone()]),
            })
        },
    }.doc("", "The connected regions of cells other than `empty`, each as its own bounding grid (orthogonal adjacency unless another is given).", "Grid(\"x.o|..o\").Decomposition(\".\")"),
    Member {
        name: "Neighbours",
        params: &[],
        doc: crate::library::Doc::NONE,
        arity: Arity::Range(2, 3),
        f: |_, s, this, args| {
            let g = this_grid(s, this)?;
            let r = super::count(s, args, 0)? as usize;
            let c = super::count(s, args, 1)? as usize;
            let adj = adjacency(s, args, 2)?;
            Ok(list(g.neighbours(r, c, adj).iter().map(pair)))
        },
    }.doc("(r, c, adjacency)", "The coordinates on the board next to cell (r, c) (orthogonally unless another adjacency is given).", "Grid(3, 3).Neighbours(1, 1)"),
    crate::member!(Updated(newValues: Map) => "The grid with each cell (r, c) that is a key of the map set to its value.", "Grid(\"x..\").Updated({(1, 3) => \"o\"})", |m, s, this, args| {
        let g = this_grid(s, this)?;
        let Value::Map(map, _) = &args[0] else { return Err(s.wrong_type(0, "Map", &args[0])) };
        let mut changes = Vec::with_capacity(map.len());
        for (k, v) in map.iter() {
            let (r, c) = match k {
                Value::Tuple(t) if t.len() == 2 => (coordinate(&t[0]), coordinate(&t[1])),
                _ => (None, None),
            };
            let (Some(r), Some(c)) = (r, c) else {
                let key = k.display(m.games);
                return Err(
                    s.arg_err(0, ErrorKind::InvalidGrid { message: format!("not a cell (row, column): {key}") })
                );
            };
            let b = cell(s, std::slice::from_ref(v), 0)?;
            changes.push(((r, c), b));
        }
        g.updated(&changes).map(GridValue::value).map_err(|e| grid_error(s, e))
    }),
    // `g.Canonical(symmetries)`: the least of `g` and its images under a list of `Symmetry` values (or one);
    // the grid itself (the same value) when it is the least. Rulesets use it as a memo representative.
    Member {
        name: "Canonical",
        params: &[],
        doc: crate::library::Doc::NONE,
        arity: Arity::Range(0, 1),
        f: |_, s, this, args| {
            let g = this_grid(s, this)?;
            let Some(v) = args.first() else { return Ok(GridValue::value(g.canonical())) };
            let syms = super::symmetry::symmetry_flags(v).ok_or_else(|| s.wrong_type(0, "List of Symmetry", v))?;
            Ok(g.least_image(&syms).map_or_else(|| this.clone(), GridValue::value))
        },
    }.doc("(symmetries)", "The least image of the grid under its shape-preserving symmetries (or under a list of `Symmetry` values): equal for symmetric positions.", "Grid(\"x.|..\").Canonical == Grid(\"..|.x\").Canonical"),
    crate::member!(Symmetries => "The grid's images under the symmetries that keep its shape, as a list.", "Grid(\"x.\").Symmetries", |_, s, this, _| {
        Ok(list(this_grid(s, this)?.symmetries().into_iter().map(GridValue::value)))
    }),
    crate::member!(Transpose => "The grid reflected in its main diagonal: rows become columns.", "Grid(\"xo.\").Transpose", |_, s, this, _| Ok(GridValue::value(this_grid(s, this)?.transpose()))),
    crate::member!(FlipRows => "The grid with its rows in reverse order.", "Grid(\"x.|.o\").FlipRows", |_, s, this, _| Ok(GridValue::value(this_grid(s, this)?.flip_rows()))),
    crate::member!(FlipCols => "The grid with its columns in reverse order.", "Grid(\"x.|.o\").FlipCols", |_, s, this, _| Ok(GridValue::value(this_grid(s, this)?.flip_cols()))),
    crate::member!(Rows => "The rows as strings.", "Grid(\"xo.|ox.\").Rows", |_, s, this, _| {
        let g = this_grid(s, this)?;
        let w = g.cols().max(1);
        let rows: Vec<Value> = if g.cols() == 0 {
            (0..g.rows()).map(|_| Value::str("")).collect()
        } else {
            g.cells().chunks(w).map(|r| Value::String(Rc::from(String::from_utf8_lossy(r).as_ref()))).collect()
        };
        Ok(list(rows))
    }),
    crate::member!(IsEmpty => "Whether the grid has no cells.", "Grid(\"x\").IsEmpty", |_, s, this, _| Ok(boolean(this_grid(s, this)?.cells().is_empty()))),
];

/// Members of the `Grid` class value.
pub static GRID_CLASS: &[Member] = crate::member_table![
    // `Grid.Parse(s)` is cgs's character grid; `Grid.Parse(s, charMap)` CGSuite's integer grid.
    Member {
        name: "Parse",
        params: &[&[Param::required("str", "String")], &[Param::required("str", "String"), Param::required("charMap", "String")], &[Param::required("str", "String"), Param::optional("vertexLabels", "Function"), Param::optional("edgeLabels", "Function")]],
        doc: crate::library::Doc::NONE,
        arity: Arity::Range(1, 2),
        f: |_, s, _, args| {
            let t = string(s, args, 0)?;
            if args.len() == 2 {
                return super::numgrid::parse(s, t, string(s, args, 1)?);
            }
            Grid::parse(t).map(GridValue::value).map_err(|e| grid_error(s, e))
        },
    }.doc("", "The grid written row by row with `|` between rows; with a char map (a string), CGSuite's integer grid, each cell the position of its character in the map (from 0).", "Grid.Parse(\"xo.|ox.\")"),
    // CGSuite's `Grid.Empty(rows, cols)`: its integer grid, every cell 0 (`Grid(r, c)` is cgs's character grid).
    crate::member!(Empty(rowCount: Integer, colCount: Integer) => "CGSuite's integer grid of r rows and c columns, every cell 0.", "Grid.Empty(2, 3)", |_, s, _, args| super::numgrid::empty(s, args)),
];

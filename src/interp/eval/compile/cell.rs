//! Cell tests and grid updates of the compiled tree: [`CellTest`] (`g[r, c] == s` read in place) and
//! `obj.Updated({k => v, …})` ([`updated_lit`]). Each does what the evaluator does for the same syntax, in the
//! same order and with the same errors.

use super::super::classes::{this_name, ThisName};
use super::super::machine::*;
use super::tree::{CellGrid, CellPair, CellRhs, CellTest, Coord, Node, Pair};
use crate::interp::value::Int;
use crate::solve::grid::{BoardCells, Grid, NumCells};

impl CellTest {
    /// The comparison's answer read in place, `None` when it is not of the fast form (see [`CellTest`]).
    #[inline]
    pub(super) fn test(&self, m: &Machine<'_>) -> Option<bool> {
        match board(self.grid.held(m)?)? {
            BoardCells::Chars(g) => self.char_at(m, g, self.at(m)?),
            BoardCells::Nums(g) => self.num_at(m, g.view(), self.at(m)?),
        }
    }

    /// [`CellTest::test`] out of line: the second test of a [`CellPair`] whose grid is not the first's (rare;
    /// kept out of the pair's fast path).
    #[cold]
    #[inline(never)]
    fn test_apart(&self, m: &Machine<'_>) -> Option<bool> {
        self.test(m)
    }

    /// The test as a condition (`eval_bool`) written at `span`: in place, else the general comparison.
    #[inline]
    pub(super) fn cond_at(&self, m: &mut Machine<'_>, span: Span) -> Eval<bool> {
        match self.test(m) {
            Some(b) => Ok(b),
            None => self.general.truth_at(m, span),
        }
    }

    /// The cell's row and column as machine integers (`None`: see [`Coord::value`]).
    #[inline(always)]
    fn at(&self, m: &Machine<'_>) -> Option<(i64, i64)> {
        Some((self.keys[0].value(m)?, self.keys[1].value(m)?))
    }

    /// [`CellTest::test`] of the cell `(r, c)` (its coordinates' values) of the grid of characters `g` (what
    /// the grid variable holds).
    #[inline(always)]
    fn char_at(&self, m: &Machine<'_>, g: &Grid, (r, c): (i64, i64)) -> Option<bool> {
        let s: &[u8] = match &self.rhs {
            CellRhs::Byte(b) => std::slice::from_ref(b),
            CellRhs::Str(s) => s.as_bytes(),
            CellRhs::Local(h) => match local(m, *h)? {
                Value::String(s) => s.as_bytes(),
                _ => return None,
            },
            CellRhs::Int(_) => return None,
        };
        match g.get_signed(r, c) {
            Some(b) if b.is_ascii() => Some(matches!(s, [x] if *x == b) == self.eq),
            Some(_) => None,
            // Off the board the cell reads `Nothing` (`grid_cell`), which no string equals (`binary_values`):
            // a jump looking past the edge, the common case near it, needs no value either.
            None => Some(!self.eq),
        }
    }

    /// [`CellTest::test`] of the cell `(r, c)` of the cells `g` of a grid of integers: a cell against a
    /// machine integer, as `quick_binary` compares two of them (the cell read in place, no value made; off the
    /// board `Nothing`, equal to no integer); `None` for anything else.
    #[inline(always)]
    fn num_at(&self, m: &Machine<'_>, g: NumCells<'_>, (r, c): (i64, i64)) -> Option<bool> {
        let k = match &self.rhs {
            CellRhs::Int(k) => *k,
            CellRhs::Local(h) => match local(m, *h)? {
                Value::Integer(Int::Small(k)) => *k,
                _ => return None,
            },
            CellRhs::Byte(_) | CellRhs::Str(_) => return None,
        };
        match g.get_signed(r, c) {
            Some(v) => Some((i64::from(v) == k) == self.eq),
            // Off the board the cell reads `Nothing` (`num_grid_cell`), which no integer equals (`binary`):
            // Clobber's look past the edge needs no value either.
            None => Some(!self.eq),
        }
    }
}

/// The cells of the grid `v` holds, read in place (`None`: `v` is no grid).
#[inline(always)]
pub(super) fn board(v: &Value) -> Option<BoardCells<'_>> {
    match v {
        Value::Object(o) => o.board_cells(),
        _ => None,
    }
}

impl CellPair {
    /// The pair `a and b`, `sa` and `sb` their spans: `shared` when both read the same grid variable
    /// ([`CellGrid::same_as`]), and `step` when `b`'s cell is `a`'s moved by a constant or by a local
    /// (`g[(m, n)] == 0 and g[(m, n) + d] == 0`; see [`CellPair`]).
    pub(super) fn new(a: CellTest, sa: Span, b: CellTest, sb: Span) -> CellPair {
        let shared = a.grid.same_as(&b.grid);
        let step = match (a.keys[0].step_to(&b.keys[0]), a.keys[1].step_to(&b.keys[1])) {
            (Some(dr), Some(dc)) if shared => Some((dr, dc)),
            _ => None,
        };
        let local_step = match &b.keys[0] {
            Coord::Of(p, _) if shared && step.is_none() => p.step_from(&a.keys),
            _ => None,
        };
        CellPair { a, sa, b, sb, shared, step, local_step }
    }

    /// `a and b` as a condition (`eval_bool`): in place when both tests are of the fast form, else each
    /// operand as `Node::And` runs it (a test in place, else its general comparison).
    #[inline(never)]
    pub(super) fn truth(&self, m: &mut Machine<'_>) -> Eval<bool> {
        match self.quick(m) {
            Some(b) => Ok(b),
            None => self.general(m),
        }
    }

    /// [`CellPair::truth`] the general way (`a` is read again, to no effect): out of line, so that the fast
    /// path stays small.
    #[cold]
    #[inline(never)]
    fn general(&self, m: &mut Machine<'_>) -> Eval<bool> {
        Ok(self.a.cond_at(m, self.sa)? && self.b.cond_at(m, self.sb)?)
    }

    /// [`CellPair::truth`] in place: `None` when a test is not of the fast form. The grid's kind is asked
    /// once ([`board`]), and `b` reads the same cells when it reads the same variable, at `a`'s cell plus
    /// `step` when it has one (the same exact value its coordinates have: `None` the same way too).
    #[inline(always)]
    fn quick(&self, m: &Machine<'_>) -> Option<bool> {
        let cells = board(self.a.grid.held(m)?)?;
        let at = self.a.at(m)?;
        match cells {
            BoardCells::Chars(g) => {
                if !self.a.char_at(m, g, at)? {
                    return Some(false);
                }
                if !(self.shared && self.b.grid.reads_as_found(m)) {
                    return self.b.test_apart(m);
                }
                self.b.char_at(m, g, self.b_at(m, at)?)
            }
            BoardCells::Nums(g) => {
                let g = g.view();
                if !self.a.num_at(m, g, at)? {
                    return Some(false);
                }
                if !(self.shared && self.b.grid.reads_as_found(m)) {
                    return self.b.test_apart(m);
                }
                self.b.num_at(m, g, self.b_at(m, at)?)
            }
        }
    }

    /// `b`'s cell, `a`'s being `(r, c)`: `step` added to it (or `local_step`'s pair), else `b`'s coordinates
    /// read.
    #[inline(always)]
    fn b_at(&self, m: &Machine<'_>, (r, c): (i64, i64)) -> Option<(i64, i64)> {
        match (self.step, self.local_step) {
            (Some((dr, dc)), _) => Some((r.checked_add(dr)?, c.checked_add(dc)?)),
            (None, None) => self.b.at(m),
            (None, Some(d)) => stepped(m, (r, c), d),
        }
    }
}

impl CellGrid {
    /// The value the grid variable holds, read as `Node::Local` or `Node::Var` reads it (`None`: not bound
    /// here, or not a variable of `this`; the general comparison then looks it up).
    #[inline(always)]
    pub(super) fn held<'m>(&self, m: &'m Machine<'_>) -> Option<&'m Value> {
        match self {
            CellGrid::Local(head) => local(m, *head),
            CellGrid::Var { name, slot, at } => match this_name(&m.locals, name, slot, at) {
                ThisName::Field(v) => Some(v),
                _ => None,
            },
        }
    }

    /// Whether `self` and `other` name the same variable, so that in one condition both find the same value:
    /// the same slot chain, or the same name with no slot.
    pub(super) fn same_as(&self, other: &CellGrid) -> bool {
        match (self, other) {
            (CellGrid::Local(a), CellGrid::Local(b)) => a == b,
            (CellGrid::Var { name: a, .. }, CellGrid::Var { name: b, .. }) => a == b,
            _ => false,
        }
    }

    /// Whether [`CellGrid::held`] would find, in this frame, the value found for a variable of the same name
    /// ([`CellGrid::same_as`]): a local always does; a name with no slot does when it has none in this
    /// frame's layout either (`this_name`'s first check).
    #[inline(always)]
    fn reads_as_found(&self, m: &Machine<'_>) -> bool {
        match self {
            CellGrid::Local(_) => true,
            CellGrid::Var { slot, .. } => slot.get(m.locals.layout_id()) == Some(NO_SLOT),
        }
    }
}

impl Coord {
    /// `k` such that `other`'s value is always this one's plus `k`: both `k + a·x` (or `k + a·x + b·y`) with
    /// the same locals and coefficients. Then `other`'s value, computed as [`Coord::value`] does, is `None`
    /// exactly when this one's is or the sum with `k` leaves `i64` (the products are the same, and the last
    /// step of each is the exact sum).
    pub(super) fn step_to(&self, other: &Coord) -> Option<i64> {
        match (self, other) {
            (Coord::One { x, a, k }, Coord::One { x: x2, a: a2, k: k2 }) if (x, a) == (x2, a2) => k2.checked_sub(*k),
            (Coord::Two { x, a, y, b, k }, Coord::Two { x: x2, a: a2, y: y2, b: b2, k: k2 })
                if (x, a, y, b) == (x2, a2, y2, b2) =>
            {
                k2.checked_sub(*k)
            }
            _ => None,
        }
    }

    /// The coordinate, when every local is a machine integer and the sum (and each step to it) is one; else
    /// `None` (as [`Sum::value`](super::tree::Sum)).
    #[inline(always)]
    pub(super) fn value(&self, m: &Machine<'_>) -> Option<i64> {
        match self {
            Coord::One { x, a, k } => small(m, *x)?.checked_mul(*a)?.checked_add(*k),
            Coord::Two { x, a, y, b, k } => {
                let u = small(m, *x)?.checked_mul(*a)?;
                let v = small(m, *y)?.checked_mul(*b)?;
                u.checked_add(v)?.checked_add(*k)
            }
            Coord::Sum(s) => s.value(m),
            Coord::Of(p, col) => of_pair(m, p, *col),
        }
    }
}

/// [`Coord::Of`]'s value: the pair's row (`col` false) or column, out of line.
#[inline(never)]
fn of_pair(m: &Machine<'_>, p: &Pair, col: bool) -> Option<i64> {
    let (r, c) = p.value(m)?;
    Some(if col { c } else { r })
}

/// `at` plus the pair the local `d` holds (`CellPair`'s `local_step`), out of line.
#[inline(never)]
fn stepped(m: &Machine<'_>, at: (i64, i64), d: u32) -> Option<(i64, i64)> {
    Pair::Local(d).value(m).and_then(|step| super::super::ops::add_pairs(at, step, false))
}

/// The machine integer a local holds (`None`: unbound here, or another value).
#[inline(always)]
fn small(m: &Machine<'_>, head: u32) -> Option<i64> {
    match local(m, head)? {
        Value::Integer(Int::Small(k)) => Some(*k),
        _ => None,
    }
}

/// The bound local of the slot chain at `head` ([`Locals::slot`]): the chain's first slot in line, the rest
/// of the walk out of line.
#[inline(always)]
pub(super) fn local<'m>(m: &'m Machine<'_>, head: u32) -> Option<&'m Value> {
    match m.locals.slots.get(head as usize) {
        Some(Some(v)) => Some(v),
        _ => chained(&m.locals, head),
    }
}

/// [`local`] past the chain's first slot.
#[cold]
#[inline(never)]
fn chained(locals: &Locals, head: u32) -> Option<&Value> {
    locals.slot(head)
}

/// `obj.Updated({k => v, …})` (`call_expr`'s `grid_updated_literal`, else the map literal, `eval_map`, and
/// the member call). Out of line: the map is a large value.
#[inline(never)]
pub(super) fn updated_lit(
    m: &mut Machine<'_>,
    obj: &Node,
    name: &Ident,
    entries: &[(Node, Node)],
    arg_span: Span,
    span: Span,
) -> Eval<Value> {
    match updated_in_place(m, obj, entries) {
        Some(g) => Ok(g),
        None => updated_general(m, obj, name, entries, arg_span, span),
    }
}

/// [`updated_lit`] when it is not of [`updated_in_place`]'s form. Out of line: the fast form keeps a small
/// frame.
#[inline(never)]
fn updated_general(
    m: &mut Machine<'_>,
    obj: &Node,
    name: &Ident,
    entries: &[(Node, Node)],
    arg_span: Span,
    span: Span,
) -> Eval<Value> {
    // `call_expr`'s `grid_updated_literal`, else the map literal (`eval_map`) and the member call.
    let o = obj.run(m)?;
    if (m.globals.library.is_grid)(&o) {
        // Entries `(r, c) => s` (the key written out or a coordinate pair, `cell_key`) of machine integers and
        // one ASCII character are kept as such (`grid_set`), up to four; from the first other entry on, every
        // entry is a value (`grid_updated`).
        let mut cells = [(0, 0, 0); 4];
        let mut n = 0;
        let mut pairs: Option<Vec<(Value, Value)>> = (entries.len() > cells.len()).then(Vec::new);
        for (k, v) in entries {
            if pairs.is_none() {
                if let Some((r, c)) = cell_key(m, k)? {
                    // A literal or local one-character string is read in place (no value copied).
                    if let (Ok(r), Ok(c), Some(b)) = (&r, &c, ascii_cell(m, v)) {
                        cells[n] = (*r, *c, b);
                        n += 1;
                        continue;
                    }
                    let v = v.run(m)?;
                    if let (Ok(r), Ok(c), Value::String(s)) = (&r, &c, &v) {
                        if let [b] = s.as_bytes() {
                            if b.is_ascii() {
                                cells[n] = (*r, *c, *b);
                                n += 1;
                                continue;
                            }
                        }
                    }
                    let mut p = cell_pairs(&cells[..n]);
                    p.push((Value::Tuple(vec![value_of(r), value_of(c)].into()), v));
                    pairs = Some(p);
                    continue;
                }
            }
            let p = pairs.get_or_insert_with(|| cell_pairs(&cells[..n]));
            let k = k.run(m)?;
            let v = v.run(m)?;
            p.push((k, v));
        }
        let pairs = match pairs {
            Some(p) => p,
            None => match (m.globals.library.grid_set)(&o, &cells[..n]) {
                Some(g) => return Ok(g),
                None => cell_pairs(&cells[..n]),
            },
        };
        if let Some(g) = (m.globals.library.grid_updated)(&o, &pairs) {
            return Ok(g);
        }
        let map: OrdMap<Value, Value> = pairs.into_iter().collect();
        return Ok(m.invoke_member(
            o,
            name,
            &[Value::Map(map, crate::interp::order::SmallOrder::HASHED)],
            &[arg_span],
            span,
        )?);
    }
    // Entries `(r, c) => k` (as above) of machine integers, up to four, are kept as such for a grid of integers
    // (`num_grid_set`); from the first other entry on, every entry is a value. The entries are evaluated in the
    // same order either way (key, then value), as the map literal evaluates them.
    let mut cells = [(0, 0, 0); 4];
    let mut n = 0;
    let mut pairs: Option<Vec<(Value, Value)>> = (entries.len() > cells.len()).then(Vec::new);
    for (k, v) in entries {
        if pairs.is_none() {
            if let Some((r, c)) = cell_key(m, k)? {
                let v = v.small(m)?;
                if let (Ok(r), Ok(c), Ok(v)) = (&r, &c, &v) {
                    cells[n] = (*r, *c, *v);
                    n += 1;
                    continue;
                }
                let mut p = num_pairs(&cells[..n]);
                p.push((Value::Tuple(vec![value_of(r), value_of(c)].into()), value_of(v)));
                pairs = Some(p);
                continue;
            }
        }
        let p = pairs.get_or_insert_with(|| num_pairs(&cells[..n]));
        let k = k.run(m)?;
        let v = v.run(m)?;
        p.push((k, v));
    }
    let pairs = match pairs {
        Some(p) => p,
        None => match (m.globals.library.num_grid_set)(&o, &cells[..n]) {
            Some(g) => return Ok(g),
            None => num_pairs(&cells[..n]),
        },
    };
    let map: OrdMap<Value, Value> = pairs.into_iter().collect();
    Ok(m.invoke_member(o, name, &[Value::Map(map, crate::interp::order::SmallOrder::HASHED)], &[arg_span], span)?)
}

/// [`updated_lit`]'s common forms, `h.Updated({(r, c) => ".", (r + dr, c + dc) => us})`, `grid Updated
/// {(r, c) => 1, …}` and `grid Updated {coord => 0, coord + direction => us}`: `obj` a local or a variable of
/// `this` holding a grid (of characters, or of integers) and one to four entries whose keys are read in place
/// as two machine integers ([`pair`]) and whose values are all
/// one-character ASCII strings read in place ([`ascii_cell`]), or all machine integers: the new grid, written
/// into one fresh copy (`grid_set`, `num_grid_set`), with neither the receiver nor an entry made a value.
/// `None` when it is not of this form or a cell is off the board: every read here is pure, so the general
/// way then runs from the start as if this had not (and reports the error).
#[inline]
fn updated_in_place(m: &Machine<'_>, obj: &Node, entries: &[(Node, Node)]) -> Option<Value> {
    if entries.is_empty() || entries.len() > 4 {
        return None;
    }
    // A local, or a variable of `this` (`grid Updated {…}` in a position's method), read as the node reads it.
    let held = match obj {
        Node::Local { head, .. } => local(m, *head)?,
        Node::Var { name, slot, at, .. } => match this_name(&m.locals, name, slot, at) {
            ThisName::Field(v) => v,
            _ => return None,
        },
        _ => return None,
    };
    if ascii_cell(m, &entries[0].1).is_some() {
        let mut cells = [(0, 0, 0); 4];
        for (cell, (k, v)) in cells.iter_mut().zip(entries) {
            let b = ascii_cell(m, v)?;
            let (r, c) = pair(m, k)?;
            *cell = (r, c, b);
        }
        return (m.globals.library.grid_set)(held, &cells[..entries.len()]);
    }
    let mut cells = [(0, 0, 0); 4];
    for (cell, (k, v)) in cells.iter_mut().zip(entries) {
        let x = coordinate(m, v)?;
        let (r, c) = pair(m, k)?;
        *cell = (r, c, x);
    }
    (m.globals.library.num_grid_set)(held, &cells[..entries.len()])
}

/// A key read in place as a cell: `(r, c)` written out, each read as a [`coordinate`], or a coordinate pair
/// (`coord`, `coord + direction`: a local holding a tuple of two machine integers, or a [`Pair`] sum); `None`
/// for anything else (nothing is run).
#[inline(always)]
fn pair(m: &Machine<'_>, k: &Node) -> Option<(i64, i64)> {
    match k {
        Node::Tuple(items) => {
            let [a, b] = &items[..] else { return None };
            Some((coordinate(m, a)?, coordinate(m, b)?))
        }
        _ => pair_key(m, k),
    }
}

/// [`pair`] of a local or a [`Node::PairOf`], out of line (`None` for any other node).
#[inline(never)]
fn pair_key(m: &Machine<'_>, k: &Node) -> Option<(i64, i64)> {
    match k {
        Node::Local { head, .. } => Pair::Local(*head).value(m),
        Node::PairOf(p) => p.pair.value(m),
        _ => None,
    }
}

/// Row and column of a key (`Ok`: a machine integer; `Err`: any other value).
type CellKey = (Result<i64, Value>, Result<i64, Value>);

/// A key of [`updated_general`]'s cell forms: `(r, c)` written out, each as [`Node::small`] gives it, or a
/// coordinate pair read in place ([`pair`]: both machine integers); `None` for any other key (run as a value,
/// as the map literal runs it).
fn cell_key(m: &mut Machine<'_>, k: &Node) -> Eval<Option<CellKey>> {
    Ok(match k {
        Node::Tuple(items) => match &items[..] {
            [a, b] => Some((a.small(m)?, b.small(m)?)),
            _ => None,
        },
        Node::Local { .. } | Node::PairOf(_) => pair(m, k).map(|(r, c)| (Ok(r), Ok(c))),
        _ => None,
    })
}

/// A coordinate (or a grid of integers' value) read in place as a machine integer: an integer literal, a bound local holding one, or a
/// [`Sum`](super::tree::Sum) of them (`r + dr`); `None` for anything else (nothing is run).
#[inline(always)]
fn coordinate(m: &Machine<'_>, n: &Node) -> Option<i64> {
    match n {
        Node::Const(Value::Integer(Int::Small(k))) => Some(*k),
        Node::Local { head, .. } => match local(m, *head)? {
            Value::Integer(Int::Small(k)) => Some(*k),
            _ => None,
        },
        Node::SumOf(x) => x.sum.value(m),
        _ => None,
    }
}

/// The one ASCII character of `v` when it is a string literal or a bound local holding such a string, read
/// without running the node (neither has an effect to run, and an unbound local is left to `run`).
#[inline(always)]
fn ascii_cell(m: &Machine<'_>, v: &Node) -> Option<u8> {
    let s = match v {
        Node::Const(Value::String(s)) => s,
        Node::Local { head, .. } => match local(m, *head) {
            Some(Value::String(s)) => s,
            _ => return None,
        },
        _ => return None,
    };
    match s.as_bytes() {
        [b] if b.is_ascii() => Some(*b),
        _ => None,
    }
}

/// The entries `(r, c) => k` of [`updated_lit`]'s integer form as values.
fn num_pairs(cells: &[(i64, i64, i64)]) -> Vec<(Value, Value)> {
    cells
        .iter()
        .map(|&(r, c, k)| (Value::Tuple(vec![Value::small_int(r), Value::small_int(c)].into()), Value::small_int(k)))
        .collect()
}

/// The entries `(r, c) => s` of [`updated_lit`]'s fast form as values.
fn cell_pairs(cells: &[(i64, i64, u8)]) -> Vec<(Value, Value)> {
    cells
        .iter()
        .map(|&(r, c, b)| (Value::Tuple(vec![Value::small_int(r), Value::small_int(c)].into()), cell_value(b)))
        .collect()
}

/// The value of [`Node::small`]'s answer.
#[inline]
pub(super) fn value_of(r: Result<i64, Value>) -> Value {
    match r {
        Ok(k) => Value::small_int(k),
        Err(v) => v,
    }
}

/// A cell's one-character string (the grid's `cell_value`).
pub(super) fn cell_value(b: u8) -> Value {
    if b.is_ascii() {
        return Value::ascii_char(Some(b));
    }
    Value::String(Rc::from((b as char).to_string()))
}

#[cfg(test)]
#[path = "tests_cell.rs"]
mod tests_cell;

//! The global functions of the basic classes: `Collection`'s (`Max`, `Min`, `Mex`, `Sum`) and `Table`'s.

use super::{elements, NativeFn, Site};
use crate::interp::error::{Arity, ErrorKind, EvalError};
use crate::interp::eval::{compare_for_display, Machine};
use crate::interp::native::{Declared, Param};
use crate::interp::value::Value;
use crate::syntax::ast::BinOp;
use num_traits::ToPrimitive;
use std::cmp::Ordering;

/// CGSuite 2.2's `Mex(elements as Collection)`, `Sum(…)`, `Max(…)` and `Min(…)` (cgsuite/lang/constants.cgs).
static CONSTANTS_ELEMENTS: [Declared; 4] = [
    Declared::function("cgsuite.lang.constants.Mex", ELEMENTS),
    Declared::function("cgsuite.lang.constants.Sum", ELEMENTS),
    Declared::function("cgsuite.lang.constants.Max", ELEMENTS),
    Declared::function("cgsuite.lang.constants.Min", ELEMENTS),
];
const ELEMENTS: &[Param] = &[Param::required("elements", "Collection")];

/// CGSuite 2.2's `system class Table(rows as List)` (cgsuite/util/Table.cgs).
static TABLE_DECLARED: Declared = Declared::constructor("cgsuite.util.Table", &[Param::required("rows", "List")]);

/// `cgsuite.lang`'s global functions, declared on `Collection` (CGSuite defines them in the package's constants
/// as `elements.Max` and so on).
pub static COLLECTION_GLOBALS: &[NativeFn] = &[
    NativeFn::new("Max", Arity::AtLeast(1), max).declared(&CONSTANTS_ELEMENTS[2]).doc("(a, b, ...) or (collection)", "The greatest of the arguments (or of the collection's elements) in the order of games; an error when two are incomparable.", "Max(1/2, 3, -1)"),
    NativeFn::new("Min", Arity::AtLeast(1), min).declared(&CONSTANTS_ELEMENTS[3]).doc("(a, b, ...) or (collection)", "The least of the arguments (or of the collection's elements).", "Min([4, 2, 7])"),
    NativeFn::new("Mex", Arity::Exact(1), mex).declared(&CONSTANTS_ELEMENTS[0]).doc("(collection)", "The minimum excludant: the least non-negative integer not in the collection.", "Mex({0, 1, 3})"),
    NativeFn::new("Sum", Arity::Exact(1), sum).declared(&CONSTANTS_ELEMENTS[1]).doc("(collection)", "The sum of the elements of a non-empty collection.", "Sum([^, ^, *])"),
];

/// `Table`'s constructor, declared on `Table`.
pub static TABLE_GLOBALS: &[NativeFn] =
    &[NativeFn::new("Table", Arity::AtLeast(1), table).declared(&TABLE_DECLARED).doc(
        "(row, row, ...)",
        "Shows rows (lists or tuples) as a table with aligned columns (an HTML table in Jupyter).",
        "Table([\"n\", \"*n + *\"], [1, *1 + *], [2, *2 + *])",
    )];

/// The values `Max`/`Min` range over: one collection argument (CGSuite's `elements as Collection`: another value
/// is CGSuite's argument error), or the arguments themselves (two or more, a cgs addition).
fn candidates(m: &mut Machine, site: &Site, args: &[Value]) -> Result<Vec<Value>, EvalError> {
    if args.len() == 1 {
        let items = elements(m, site, args, 0)?;
        if items.is_empty() {
            let message = "That `Collection` is empty.".to_string();
            return Err(site.arg_err(0, ErrorKind::InvalidArgument { message }));
        }
        return Ok(items);
    }
    Ok(args.to_vec())
}

/// The extreme value as CGSuite folds it: start with the first, replace it by each later value that is
/// strictly greater (`Max`) or less (`Min`) in the value order — the game order for games and numbers, so
/// `[*2,1/2,0,1].Max` is `1`. Values the order does not compare (a string and a number) are compared in
/// display order.
pub fn extreme(m: &mut Machine, items: Vec<Value>, want: Ordering) -> Value {
    let op = if want == Ordering::Greater { BinOp::Gt } else { BinOp::Lt };
    let mut best: Option<Value> = None;
    for v in items {
        best = Some(match best {
            None => v,
            Some(b) => {
                let better = match m.binary(op, &v, &b) {
                    Ok(Value::Boolean(x)) => x,
                    _ => compare_for_display(m.games, &v, &b) == want,
                };
                if better {
                    v
                } else {
                    b
                }
            }
        });
    }
    best.unwrap_or(Value::Nothing)
}

fn max(m: &mut Machine, site: &Site, args: &[Value]) -> Result<Value, EvalError> {
    let items = candidates(m, site, args)?;
    Ok(extreme(m, items, Ordering::Greater))
}

fn min(m: &mut Machine, site: &Site, args: &[Value]) -> Result<Value, EvalError> {
    let items = candidates(m, site, args)?;
    Ok(extreme(m, items, Ordering::Less))
}

pub fn mex(m: &mut Machine, site: &Site, args: &[Value]) -> Result<Value, EvalError> {
    let items = elements(m, site, args, 0)?;
    let mut seen = Vec::new();
    for v in &items {
        let n = match v {
            Value::Integer(n) if !n.is_negative() => n.to_u64(),
            Value::Game(g) => m.games.nimber_value(*g),
            _ => None,
        };
        match n {
            Some(n) => seen.push(n),
            None => return Err(site.wrong_type(0, "Collection of nimbers", v)),
        }
    }
    seen.sort_unstable();
    seen.dedup();
    let mut k = 0u64;
    for n in seen {
        if n == k {
            k += 1;
        } else if n > k {
            break;
        }
    }
    Ok(Value::int(k))
}

/// The sum of a sequence of values with `+`, starting from 0.
/// The sum of the values, left to right; an empty collection is CGSuite's error "That `Collection` is empty."
pub fn sum_values(m: &mut Machine, site: &Site, items: Vec<Value>) -> Result<Value, EvalError> {
    let mut items = items.into_iter();
    let Some(mut total) = items.next() else {
        return Err(site.err(ErrorKind::InvalidArgument { message: "That `Collection` is empty.".into() }));
    };
    for v in items {
        total = m.binary(BinOp::Add, &total, &v).map_err(|k| site.err(k))?;
    }
    Ok(total)
}

fn sum(m: &mut Machine, site: &Site, args: &[Value]) -> Result<Value, EvalError> {
    let items = elements(m, site, args, 0)?;
    sum_values(m, site, items)
}

/// `Table([row, row, …])` (CGSuite's `rows as List`, each row a list, or here a tuple) or `Table(row, row, …)`
/// (two or more rows, a cgs addition; a row that is not a collection is a one-cell row): rows shown as CGSuite 2.2
/// lays a table out: cells as printed (strings quoted), each right-aligned to its column's widest cell, joined
/// by ` | `, with a rule `--+---` between rows.
fn table(m: &mut Machine, site: &Site, args: &[Value]) -> Result<Value, EvalError> {
    let rows: Vec<Value> = match args {
        [Value::List(rows)] if rows.iter().all(|r| matches!(r, Value::List(_) | Value::Tuple(_))) => {
            rows.iter().cloned().collect()
        }
        // CGSuite 2.2's errors (the first from the declaration: "Argument `rows` (in call to `cgsuite.util.Table`
        // constructor) has type …").
        [Value::List(_)] => {
            let message = "The rows of a `Table` must all have type `cgsuite.lang.List`.".to_string();
            return Err(site.arg_err(0, ErrorKind::InvalidArgument { message }));
        }
        [v] => return Err(site.wrong_type(0, "List", v)),
        _ => args.to_vec(),
    };
    let mut cells: Vec<Vec<String>> = Vec::with_capacity(rows.len());
    let mut values: Vec<Vec<Value>> = Vec::with_capacity(rows.len());
    for row in &rows {
        let items = match m.elements(row) {
            Some(items) if !matches!(row, Value::String(_)) => items,
            _ => vec![row.clone()],
        };
        cells.push(items.iter().map(|v| v.display(m.games)).collect());
        values.push(items);
    }
    Ok(Value::Object(std::rc::Rc::new(super::plots::TableValue { cells, values })))
}

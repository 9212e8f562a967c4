//! CGSuite's `cgsuite.util.Strip`: a 1×n board of small integers (−128…127), the state type of CGSuite's strip
//! rulesets. `Strip.Parse(s, charMap)` reads a string through a character map (the `n`th character of `charMap`
//! stands for the value `n`; letters are read in lower case), `Strip.Empty(n)` is `n` zeros. A strip prints as
//! CGSuite prints it, `Strip([1,2,0])`, and compares structurally (set elements, map keys, ruleset states).

use super::{list, member, string, Member, Site};
use crate::game::Games;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::native::Param;
use crate::interp::object::downcast_ref;
use crate::interp::value::{Object, Value};
use crate::syntax::span::Span;
use num_traits::ToPrimitive;
use std::cmp::Ordering;
use std::rc::Rc;

/// A strip as a script value.
#[derive(Debug)]
pub struct StripValue(pub Rc<[i8]>);

impl StripValue {
    /// Wraps the cells of a strip.
    pub fn value(cells: Vec<i8>) -> Value {
        Value::Object(Rc::new(StripValue(cells.into())))
    }
}

impl Object for StripValue {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "Strip"
    }
    fn display(&self, _: &mut Games) -> String {
        let cells: Vec<String> = self.0.iter().map(|v| v.to_string()).collect();
        format!("Strip([{}])", cells.join(","))
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        downcast_ref::<StripValue>(other).map(|o| self.0.cmp(&o.0))
    }
    fn members(&self) -> &'static [Member] {
        STRIP
    }
    fn fixed_members(&self) -> Option<&'static [Member]> {
        Some(STRIP)
    }
    fn index(&self, _: &mut Machine, _: &Value, keys: &[Value], span: Span) -> Option<Result<Value, EvalError>> {
        Some(match keys {
            [Value::Integer(n)] => Ok(n
                .to_usize()
                .filter(|&i| i >= 1 && i <= self.0.len())
                .map_or(Value::Nothing, |i| Value::int(i64::from(self.0[i - 1])))),
            [v] => Err(EvalError::new(
                ErrorKind::ArgumentType {
                    function: "Strip index".into(),
                    position: 1,
                    expected: "Integer",
                    got: v.type_name(),
                },
                span,
            )),
            _ => Err(EvalError::new(ErrorKind::IndexOutOfBounds { index: format!("{} indices", keys.len()) }, span)),
        })
    }
}

/// The global `Strip` (its static members `Parse` and `Empty`).
#[derive(Debug)]
pub struct StripClass;

impl Object for StripClass {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "Class"
    }
    fn display(&self, _: &mut Games) -> String {
        "\u{27ea}cgsuite.util.Strip\u{27eb}".to_string()
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        downcast_ref::<StripClass>(other).map(|_| Ordering::Equal)
    }
    fn members(&self) -> &'static [Member] {
        STRIP_CLASS
    }
}

/// The global constants this module defines.
pub fn constants() -> Vec<(&'static str, Value)> {
    vec![("Strip", Value::Object(Rc::new(StripClass)))]
}

/// The cells of a strip value, if `v` is one.
pub fn cells_of(v: &Value) -> Option<&[i8]> {
    match v {
        Value::Object(o) => downcast_ref::<StripValue>(&**o).map(|s| &*s.0),
        _ => None,
    }
}

fn this_strip<'v>(s: &Site, this: &'v Value) -> Result<&'v [i8], EvalError> {
    cells_of(this).ok_or_else(|| s.bug())
}

fn script(s: &Site, message: String) -> EvalError {
    s.err(ErrorKind::Script { message })
}

/// Argument `i` as an integer, CGSuite's `Integer` (any size; strips check ranges themselves).
fn int(s: &Site, args: &[Value], i: usize) -> Result<i64, EvalError> {
    match &args[i] {
        Value::Integer(n) => {
            Ok(n.to_i64().unwrap_or(if n.sign() == num_bigint::Sign::Minus { i64::MIN } else { i64::MAX }))
        }
        v => Err(s.wrong_type(i, "Integer", v)),
    }
}

/// A cell value, checked as CGSuite checks it.
fn cell(s: &Site, v: i64) -> Result<i8, EvalError> {
    i8::try_from(v).map_err(|_| script(s, format!("Value is out of range (must satisfy -128 <= x <= 127): {v}")))
}

/// An index 1..=len, checked as CGSuite checks it.
fn checked_index(s: &Site, i: i64, len: usize) -> Result<usize, EvalError> {
    if i < 1 || i as u64 > len as u64 {
        return Err(script(s, format!("Index is out of bounds: {i}")));
    }
    Ok(i as usize)
}

/// `Strip.Parse(str, charMap)`.
fn parse(s: &Site, text: &str, map: &str) -> Result<Value, EvalError> {
    let map: Vec<char> = map.chars().collect();
    let mut cells = Vec::with_capacity(text.len());
    for ch in text.chars() {
        let lower = ch.to_lowercase().next().unwrap_or(ch);
        match map.iter().position(|&m| m == lower) {
            Some(n) if n <= 127 => cells.push(n as i8),
            _ => {
                let allowed: String = map.iter().collect();
                return Err(script(s, format!("The position may only contain the following characters: {allowed}")));
            }
        }
    }
    Ok(StripValue::value(cells))
}

/// Members of `Strip`.
pub static STRIP: &[Member] = crate::member_table![
    crate::member!(Length => "The number of cells.", "Strip.Parse(\"x.o\", \".xo\").Length", |_, s, this, _| Ok(Value::int(this_strip(s, this)?.len()))),
    crate::member!(FindAll(value: Integer) => "The positions (from 1) of every cell holding the integer n.", "Strip.Parse(\"x.x\", \".xo\").FindAll(1)", |_, s, this, args| {
        let cells = this_strip(s, this)?;
        let v = int(s, args, 0)?;
        Ok(list(cells.iter().enumerate().filter(|(_, &c)| i64::from(c) == v).map(|(i, _)| Value::int(i + 1))))
    }),
    // The maximal runs of cells different from the boundary value, left to right.
    member("Decomposition", 1, |_, s, this, args| {
        let cells = this_strip(s, this)?;
        let b = int(s, args, 0)?;
        let runs = cells.split(|&c| i64::from(c) == b).filter(|r| !r.is_empty());
        Ok(list(runs.map(|r| StripValue::value(r.to_vec()))))
    })
    .params(&[&[Param::required("boundaryValue", "Integer")]])
    .doc(
        "",
        "The maximal runs of cells other than `boundary`, left to right, each as a strip.",
        "Strip.Parse(\"xx.o\", \".xo\").Decomposition(0)",
    ),
    crate::member!(Substrip(first: Integer, last: Integer) => "The cells from position i to position j, as a strip.", "Strip.Parse(\"xo.x\", \".xo\").Substrip(2, 3)", |_, s, this, args| {
        let cells = this_strip(s, this)?;
        let (first, last) = (int(s, args, 0)?, int(s, args, 1)?);
        if first > last {
            return Ok(StripValue::value(Vec::new()));
        }
        let a = checked_index(s, first, cells.len())?;
        let b = checked_index(s, last, cells.len())?;
        Ok(StripValue::value(cells[a - 1..b].to_vec()))
    }),
    Member {
        name: "Updated",
        params: &[
            &[Param::required("index", "Integer"), Param::required("newValue", "Integer")],
            &[Param::required("newValues", "Map")]
        ],
        arity: crate::interp::error::Arity::Range(1, 2),
        doc: super::Doc::NONE,
        f: |m, s, this, args| {
            let mut cells = this_strip(s, this)?.to_vec();
            if args.len() == 2 {
                let i = checked_index(s, int(s, args, 0)?, cells.len())?;
                cells[i - 1] = cell(s, int(s, args, 1)?)?;
                return Ok(StripValue::value(cells));
            }
            let Value::Map(map, _) = &args[0] else { return Err(s.wrong_type(0, "Map", &args[0])) };
            for (k, v) in map.iter() {
                let pair = [k.clone(), v.clone()];
                let i = checked_index(s, int(s, &pair, 0)?, cells.len())?;
                cells[i - 1] = cell(s, int(s, &pair, 1)?)?;
            }
            let _ = m;
            Ok(StripValue::value(cells))
        },
    }
    .doc(
        "(map)",
        "The strip with each position that is a key of the map set to its value.",
        "Strip.Parse(\"x..\", \".xo\").Updated({2 => 2})",
    ),
    // Cells first..last (clipped to the strip) set to the value, as CGSuite's `UpdatedRange`.
    crate::member!(UpdatedRange(first: Integer, last: Integer, newValue: Integer) => "The strip with the cells first..last (clipped to the strip) set to n.", "Strip.Empty(4).UpdatedRange(2, 3, 1)", |_, s, this, args| {
        let mut cells = this_strip(s, this)?.to_vec();
        let (first, last) = (int(s, args, 0)?, int(s, args, 1)?);
        let v = int(s, args, 2)? as i8;
        let a = (first - 1).max(0) as usize;
        let b = last.clamp(0, cells.len() as i64) as usize;
        for c in cells.iter_mut().take(b).skip(a) {
            *c = v;
        }
        Ok(StripValue::value(cells))
    }),
    member("ToString", 1, |_, s, this, args| {
        let cells = this_strip(s, this)?;
        let map: Vec<char> = string(s, args, 0)?.chars().collect();
        let mut out = String::with_capacity(cells.len());
        for &c in cells {
            match usize::try_from(c).ok().and_then(|i| map.get(i)) {
                Some(ch) => out.push(*ch),
                None => {
                    return Err(script(
                        s,
                        format!("Error in call to `cgsuite.util.Strip.ToString`: String index out of range: {c}"),
                    ))
                }
            }
        }
        Ok(Value::str(&out))
    })
    .params(&[&[Param::required("charMap", "String")]])
    .doc(
        "",
        "The strip written with the characters of the char map.",
        "Strip.Parse(\"x.o\", \".xo\").ToString(\".xo\")",
    ),
];

/// Static members of the class `Strip`.
pub static STRIP_CLASS: &[Member] = crate::member_table![
    member("Parse", 2, |_, s, _, args| {
        let text = string(s, args, 0)?;
        let map = string(s, args, 1)?;
        parse(s, text, map)
    })
    .params(&[
        &[Param::required("str", "String"), Param::required("charMap", "String")],
        &[
            Param::required("str", "String"),
            Param::optional("vertexLabels", "Function"),
            Param::optional("edgeLabels", "Function"),
        ],
    ])
    .doc(
        "",
        "The strip whose cells are the positions (from 0) of the characters of s in the char map.",
        "Strip.Parse(\"x.o\", \".xo\")",
    ),
    crate::member!(Empty(length: Integer) => "The strip of n cells, all 0.", "Strip.Empty(3)", |_, s, _, args| {
        let n = super::count(s, args, 0)? as usize;
        if n > 1 << 24 {
            return Err(s.err(ErrorKind::Overflow));
        }
        Ok(StripValue::value(vec![0; n]))
    }),
];

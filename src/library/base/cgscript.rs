//! CGSuite library members that cgs had no table for (issue 15 item 5): `Object`'s members on every value
//! (`ToString`, `ToOutput`, `EnclosingObject`), `Coordinates` members of pairs, regular expressions on strings,
//! `List.PeriodicTable`/`SortedWith`/`MkOutput`, `Map.Reversed`/`Eval`, and the compound sums of Winning Ways
//! ch. 9 (`ConjunctiveSum`, `SelectiveSum`) as operations on short games.

use super::{boolean, integer, member, string, Member, Site};
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::native::Param;
use crate::interp::value::{Shown, Value};
use num_traits::Signed;
use std::rc::Rc;

/// CGSuite's `Object` members, which every value answers (after its own members).
pub static OBJECT: &[Member] = crate::member_table![
    member("ToString", 0, |m, _, this, _| Ok(Value::str(&this.display(m.games))))
        .params(&[&[Param::optional("vertexLabels", "Function"), Param::optional("edgeLabels", "Function")]])
        .doc("", "The value as it prints, as a string.", "(^ + *).ToString"),
    crate::member!(ToOutput => "The value's printed form as a text output (shown without quotes).", "\"xo\".ToOutput", |m, _, this, _| Ok(Shown::value("TextOutput", this.display(m.games)))),
    // CGSuite 2.2: `Nothing` for every value that is not a member of an enclosing object.
    crate::member!(EnclosingObject => "The object a value is a member of: always nil for native values, as in CGSuite.", "(3).EnclosingObject", |_, _, _, _| Ok(Value::Nothing)),
    // CGSuite names the Java class behind a value (`3.JavaClass` is "org.cgsuite.core.SmallIntegerImpl"); cgs
    // is not written in Java: a deliberate refusal (docs/CGSUITE-PARITY.md).
    crate::member!(JavaClass => "Not available: cgs is not written in Java, so this member is the error \"cgs has no Java classes\" (CGSuite 2.2 names the JVM class; docs/CGSUITE-PARITY.md).", "(^).JavaClass", |_, s, _, _| {
        let message = "cgs has no Java classes: `JavaClass` names the JVM class behind a value in CGSuite.".to_string();
        Err(s.err(ErrorKind::Script { message }))
    }),
];

/// `Coordinates` members of a pair `(row, col)`.
pub static COORDINATES: &[Member] = crate::member_table![
    crate::member!(Row => "The first coordinate of a pair (row, column).", "(2, 5).Row", |_, s, this, _| Ok(pair(s, this)?.0)),
    crate::member!(Col => "The second coordinate of a pair (row, column).", "(2, 5).Col", |_, s, this, _| Ok(pair(s, this)?.1)),
    crate::member!(Swap => "The pair with its coordinates exchanged.", "(2, 5).Swap", |_, s, this, _| {
        let (r, c) = pair(s, this)?;
        Ok(Value::Tuple(Rc::from(vec![c, r])))
    }),
    // CGSuite: both coordinates in {-1, 0, 1} ((0,0) included).
    crate::member!(IsUnit => "Whether both coordinates are -1, 0 or 1 (a step to a neighbouring square, or none).", "(1, -1).IsUnit", |_, s, this, _| {
        let (r, c) = pair(s, this)?;
        let unit = |v: &Value| matches!(v, Value::Integer(n) if matches!(n.as_i64(), Some(-1..=1)));
        Ok(boolean(unit(&r) && unit(&c)))
    }),
];

fn pair(s: &Site, this: &Value) -> Result<(Value, Value), EvalError> {
    match this {
        Value::Tuple(t) if t.len() == 2 => Ok((t[0].clone(), t[1].clone())),
        v => Err(s.err(ErrorKind::ArgumentType {
            function: s.name.to_string(),
            position: 0,
            expected: "Coordinates",
            got: v.type_name(),
        })),
    }
}

/// More members of `String`: regular expressions (Rust's `regex` syntax, which has no back-references or
/// look-around; CGSuite uses Java's) and `ToUnquotedOutput`.
pub static STRING: &[Member] = crate::member_table![
    crate::member!(Matches(regex: String) => "Whether the whole string matches the regular expression.", "\"xxo\".Matches(\"x*o\")", |_, s, this, args| {
        let re = regex(s, &format!("^(?:{})$", string(s, args, 0)?))?;
        Ok(boolean(re.is_match(the_str(s, this)?)))
    }),
    crate::member!(ReplaceRegex(regex: String, replacement: String) => "The string with each match of the regular expression replaced (`$1` names the first group).", "\"a1b22\".ReplaceRegex(\"[0-9]+\", \"#\")", |_, s, this, args| {
        let re = regex(s, string(s, args, 0)?)?;
        let with = java_replacement(string(s, args, 1)?);
        Ok(Value::str(&re.replace_all(the_str(s, this)?, with.as_str())))
    }),
    crate::member!(ToUnquotedOutput => "The string as a text output, shown without quotes.", "\"x.o\".ToUnquotedOutput", |_, s, this, _| Ok(Shown::value("TextOutput", the_str(s, this)?))),
];

fn the_str<'v>(s: &Site, this: &'v Value) -> Result<&'v str, EvalError> {
    match this {
        Value::String(x) => Ok(x),
        _ => Err(s.bug()),
    }
}

fn regex(s: &Site, pattern: &str) -> Result<regex::Regex, EvalError> {
    regex::Regex::new(pattern).map_err(|e| {
        let message = format!("Invalid regular expression: {}", e.to_string().lines().last().unwrap_or(""));
        s.arg_err(0, ErrorKind::Script { message })
    })
}

/// Java's replacement syntax (`$1`, `\$`) as the `regex` crate's (`${1}`, `$$`).
fn java_replacement(r: &str) -> String {
    let mut out = String::new();
    let mut chars = r.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('$') => out.push_str("$$"),
                Some(d) => out.push(d),
                None => {}
            },
            '$' => {
                let mut digits = String::new();
                while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                    digits.push(*d);
                    chars.next();
                }
                out.push_str(&format!("${{{digits}}}"));
            }
            c => out.push(c),
        }
    }
    out
}

/// More members of `List`.
pub static LIST: &[Member] = crate::member_table![
    crate::member!(PeriodicTable(period: Integer) => "The list laid out as a table with rows of n elements (for nim-value sequences).", "[0, 1, 2, 0, 1, 2].PeriodicTable(3)", |m, s, this, args| {
        let n = integer(s, args, 0)?;
        if !n.is_positive() {
            return Err(s.wrong_type(0, "positive Integer", &args[0]));
        }
        let grouped = m.invoke_member(this.clone(), &ident("Grouped", s), args, s.args, s.span)?;
        let table = m.globals.natives.get("Table").cloned().ok_or_else(|| s.bug())?;
        m.call_value(&table, &[grouped], s)
    }),
    // CGSuite's comparator answers an integer: negative when its first argument comes first. Stable, comparing as
    // CGSuite (the JVM's TimSort: base/mutable.rs `sort_with`).
    crate::member!(SortedWith(fn: Function) => "The elements sorted stably with the comparator f(a, b): an integer, negative when a goes before b.", "[3, 1, 2].SortedWith((a, b) -> b - a)", |m, s, this, args| {
        let f = super::collections::function_of_arity(s, args, 2)?;
        let Value::List(l) = this else { return Err(s.bug()) };
        let items = l.iter().cloned().collect();
        let out = super::mutable::sort_with(m, s, items, &f, "cgsuite.lang.List.SortedWith")?;
        Ok(Value::List(out.into_iter().collect()))
    }),
    super::plots::SCATTER_PLOT,
    crate::member!(MkOutput(sep: String) => "The printed elements joined by the separator, as a text output.", "[1, ^, *].MkOutput(\" ; \")", |m, s, this, args| {
        let sep = string(s, args, 0)?.to_string();
        let Value::List(l) = this else { return Err(s.bug()) };
        let parts: Vec<String> = l.iter().map(|v| v.display(m.games)).collect();
        Ok(Shown::value("TextOutput", parts.join(&sep)))
    }),
];

/// More members of `Map`.
pub static MAP: &[Member] = crate::member_table![
    crate::member!(Reversed => "The map from values to keys.", "{1 => ^, 2 => *}.Reversed", |m, s, this, _| {
        let Value::Map(map, o) = this else { return Err(s.bug()) };
        let entries = crate::interp::order::map_items(m.games, map, *o).into_iter().map(|(k, v)| (v, k));
        Ok(crate::interp::order::map_derived(*o, entries))
    }),
    member("Eval", 1, |m, s, this, args| m.index_value(this, &args[0], s.span)).doc(
        "(k)",
        "The value of key k (the same as `map[k]`).",
        "{1 => ^, 2 => *}.Eval(1)",
    ),
];

/// The identifier `name` at the site's span, for calling a member by name (`m.invoke_member`).
pub fn ident(name: &str, s: &Site) -> crate::syntax::ast::Ident {
    crate::syntax::ast::Ident { name: name.into(), span: s.span }
}

// ---- compound sums (Winning Ways ch. 9) ---------------------------------------------------------------

//! Members of strings: the board helpers of LANGUAGE.md §6. Strings are 1-indexed by character.

use super::collections::range;
use super::{boolean, index, list, member, string, Member, Site};
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::value::Value;
use std::rc::Rc;

/// Members of `String`.
pub static STRING: &[Member] = &[
    member("Length", 0, |_, s, this, _| Ok(Value::int(the_str(s, this)?.chars().count()))),
    member("Size", 0, |_, s, this, _| Ok(Value::int(the_str(s, this)?.chars().count()))),
    member("IsEmpty", 0, |_, s, this, _| Ok(boolean(the_str(s, this)?.is_empty()))),
    member("ToUpperCase", 0, |_, s, this, _| Ok(Value::str(&the_str(s, this)?.to_uppercase()))),
    member("ToLowerCase", 0, |_, s, this, _| Ok(Value::str(&the_str(s, this)?.to_lowercase()))),
    member("Concat", 1, |m, s, this, args| {
        Ok(Value::str(&(the_str(s, this)?.to_string() + &args[0].display_plain(m.games))))
    }),
    member("Contains", 1, |_, s, this, args| Ok(boolean(the_str(s, this)?.contains(string(s, args, 0)?)))),
    member("StartsWith", 1, |_, s, this, args| Ok(boolean(the_str(s, this)?.starts_with(string(s, args, 0)?)))),
    member("EndsWith", 1, |_, s, this, args| Ok(boolean(the_str(s, this)?.ends_with(string(s, args, 0)?)))),
    member("Updated", 2, |_, s, this, args| {
        let chars: Vec<char> = the_str(s, this)?.chars().collect();
        let i = index(s, args, 0, chars.len())?;
        let c = string(s, args, 1)?;
        let mut out: String = chars[..i].iter().collect();
        out.push_str(c);
        out.extend(&chars[i + 1..]);
        Ok(text(out))
    }),
    member("Substring", 2, |_, s, this, args| {
        let chars: Vec<char> = the_str(s, this)?.chars().collect();
        let (i, j) = range(s, args, chars.len())?;
        Ok(text(chars[i..j].iter().collect()))
    }),
    member("Split", 1, |_, s, this, args| {
        let sep = string(s, args, 0)?;
        if sep.is_empty() {
            return Err(s.arg_err(0, ErrorKind::ExpectedInteger { what: "separator", value: "\"\"".into() }));
        }
        Ok(list(the_str(s, this)?.split(sep).map(|p| text(p.to_string()))))
    }),
    member("FindAll", 1, |_, s, this, args| {
        let pat: Vec<char> = string(s, args, 0)?.chars().collect();
        let chars: Vec<char> = the_str(s, this)?.chars().collect();
        if pat.is_empty() || pat.len() > chars.len() {
            return Ok(list([]));
        }
        let hits = (0..=chars.len() - pat.len()).filter(|&i| chars[i..i + pat.len()] == pat[..]);
        Ok(list(hits.map(|i| Value::int(i + 1))))
    }),
    member("IndexOf", 1, |_, s, this, args| {
        let me = the_str(s, this)?;
        let pos = me.find(string(s, args, 0)?).map_or(0, |b| me[..b].chars().count() + 1);
        Ok(Value::int(pos))
    }),
    member("Replace", 2, |_, s, this, args| {
        Ok(text(the_str(s, this)?.replace(string(s, args, 0)?, string(s, args, 1)?)))
    }),
    member("Reversed", 0, |_, s, this, _| Ok(text(the_str(s, this)?.chars().rev().collect()))),
    member("ToUpper", 0, |_, s, this, _| Ok(text(the_str(s, this)?.to_uppercase()))),
    member("ToLower", 0, |_, s, this, _| Ok(text(the_str(s, this)?.to_lowercase()))),
    member("ToList", 0, |_, s, this, _| Ok(list(the_str(s, this)?.chars().map(|c| text(c.to_string()))))),
];

fn the_str<'v>(s: &Site, this: &'v Value) -> Result<&'v str, EvalError> {
    match this {
        Value::String(x) => Ok(x),
        _ => Err(s.bug()),
    }
}

fn text(s: String) -> Value {
    Value::String(Rc::from(s))
}

//! Members of strings: the board helpers of LANGUAGE.md §6. Strings are 1-indexed by character.

use super::collections::range;
use super::{boolean, index, list, member, string, Member, Site};
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::value::Value;
use std::rc::Rc;

/// Members of `String`.
pub static STRING: &[Member] = &[
    member("Length", 0, |_, s, this, _| Ok(Value::int(the_str(s, this)?.chars().count()))).doc(
        "",
        "The number of characters.",
        "\"Domineering\".Length",
    ),
    member("Size", 0, |_, s, this, _| Ok(Value::int(the_str(s, this)?.chars().count()))).doc(
        "",
        "The number of characters (the same as `Length`). Not in CGSuite.",
        "\"abc\".Size",
    ),
    member("IsEmpty", 0, |_, s, this, _| Ok(boolean(the_str(s, this)?.is_empty()))).doc(
        "",
        "Whether the string has no characters. Not in CGSuite.",
        "\"\".IsEmpty",
    ),
    member("ToUpperCase", 0, |_, s, this, _| Ok(Value::str(&the_str(s, this)?.to_uppercase()))).doc(
        "",
        "The string with its letters in upper case.",
        "\"Left\".ToUpperCase",
    ),
    member("ToLowerCase", 0, |_, s, this, _| Ok(Value::str(&the_str(s, this)?.to_lowercase()))).doc(
        "",
        "The string with its letters in lower case.",
        "\"Left\".ToLowerCase",
    ),
    member("Concat", 1, |m, s, this, args| {
        Ok(Value::str(&(the_str(s, this)?.to_string() + &args[0].display_plain(m.games))))
    })
    .doc("(x)", "The string followed by x (x printed when it is not a string).", "\"Domi\".Concat(\"neering\")"),
    member("Contains", 1, |_, s, this, args| Ok(boolean(the_str(s, this)?.contains(string(s, args, 0)?)))).doc(
        "(s)",
        "Whether s occurs in the string. Not in CGSuite.",
        "\"Clobber\".Contains(\"lob\")",
    ),
    member("StartsWith", 1, |_, s, this, args| Ok(boolean(the_str(s, this)?.starts_with(string(s, args, 0)?)))).doc(
        "(s)",
        "Whether the string begins with s. Not in CGSuite.",
        "\"Clobber\".StartsWith(\"Cl\")",
    ),
    member("EndsWith", 1, |_, s, this, args| Ok(boolean(the_str(s, this)?.ends_with(string(s, args, 0)?)))).doc(
        "(s)",
        "Whether the string ends with s. Not in CGSuite.",
        "\"Clobber\".EndsWith(\"ber\")",
    ),
    member("Updated", 2, |_, s, this, args| {
        let chars: Vec<char> = the_str(s, this)?.chars().collect();
        let i = index(s, args, 0, chars.len())?;
        let c = string(s, args, 1)?;
        let mut out: String = chars[..i].iter().collect();
        out.push_str(c);
        out.extend(&chars[i + 1..]);
        Ok(text(out))
    })
    .doc(
        "(i, c)",
        "The string with its i-th character (counting from 1) replaced by the string c.",
        "\"xox\".Updated(2, \"x\")",
    ),
    member("Substring", 2, |_, s, this, args| {
        let chars: Vec<char> = the_str(s, this)?.chars().collect();
        let (i, j) = range(s, args, chars.len())?;
        Ok(text(chars[i..j].iter().collect()))
    })
    .doc(
        "(i, j)",
        "The characters from position i (counting from 1) to position j.",
        "\"Hackenbush\".Substring(1, 6)",
    ),
    member("Split", 1, |_, s, this, args| {
        let sep = string(s, args, 0)?;
        if sep.is_empty() {
            return Err(s.arg_err(0, ErrorKind::ExpectedInteger { what: "separator", value: "\"\"".into() }));
        }
        Ok(list(the_str(s, this)?.split(sep).map(|p| text(p.to_string()))))
    })
    .doc(
        "(sep)",
        "The pieces of the string between occurrences of the non-empty separator, as a list. Not in CGSuite.",
        "\"a,b,,c\".Split(\",\")",
    ),
    member("FindAll", 1, |_, s, this, args| {
        let pat: Vec<char> = string(s, args, 0)?.chars().collect();
        let chars: Vec<char> = the_str(s, this)?.chars().collect();
        if pat.is_empty() || pat.len() > chars.len() {
            return Ok(list([]));
        }
        let hits = (0..=chars.len() - pat.len()).filter(|&i| chars[i..i + pat.len()] == pat[..]);
        Ok(list(hits.map(|i| Value::int(i + 1))))
    })
    .doc(
        "(s)",
        "The positions (from 1) at which s occurs in the string, overlaps included. Not in CGSuite.",
        "\"aaa\".FindAll(\"aa\")",
    ),
    member("IndexOf", 1, |_, s, this, args| {
        let me = the_str(s, this)?;
        let pos = me.find(string(s, args, 0)?).map_or(0, |b| me[..b].chars().count() + 1);
        Ok(Value::int(pos))
    })
    .doc(
        "(s)",
        "The position (from 1) of the first occurrence of s, or 0 when there is none. Not in CGSuite.",
        "\"Clobber\".IndexOf(\"b\")",
    ),
    member("Replace", 2, |_, s, this, args| {
        Ok(text(the_str(s, this)?.replace(string(s, args, 0)?, string(s, args, 1)?)))
    })
    .doc("(a, b)", "The string with every occurrence of a replaced by b.", "\"x.o.x\".Replace(\".\", \"\")"),
    member("Reversed", 0, |_, s, this, _| Ok(text(the_str(s, this)?.chars().rev().collect()))).doc(
        "",
        "The characters in reverse order. Not in CGSuite.",
        "\"Left\".Reversed",
    ),
    member("ToUpper", 0, |_, s, this, _| Ok(text(the_str(s, this)?.to_uppercase()))).doc(
        "",
        "The string in upper case (the same as `ToUpperCase`). Not in CGSuite.",
        "\"xo\".ToUpper",
    ),
    member("ToLower", 0, |_, s, this, _| Ok(text(the_str(s, this)?.to_lowercase()))).doc(
        "",
        "The string in lower case (the same as `ToLowerCase`). Not in CGSuite.",
        "\"XO\".ToLower",
    ),
    member("ToList", 0, |_, s, this, _| Ok(list(the_str(s, this)?.chars().map(|c| text(c.to_string()))))).doc(
        "",
        "The characters as a list of one-character strings. Not in CGSuite.",
        "\"xo.\".ToList",
    ),
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

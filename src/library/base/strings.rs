//! Members of strings: the board helpers of LANGUAGE.md §6. Strings are 1-indexed by character.

use super::collections::range;
use super::{boolean, index, list, member, string, Member, Site};
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::native::Param;
use crate::interp::value::Value;
use std::rc::Rc;

/// Members of `String`.
pub static STRING: &[Member] = crate::member_table![
    crate::member!(Length => "The number of characters.", "\"Domineering\".Length", |_, s, this, _| Ok(Value::int(the_str(s, this)?.chars().count()))),
    crate::member!(Size => "The number of characters (the same as `Length`). Not in CGSuite.", "\"abc\".Size", |_, s, this, _| Ok(Value::int(the_str(s, this)?.chars().count()))),
    crate::member!(IsEmpty => "Whether the string has no characters. Not in CGSuite.", "\"\".IsEmpty", |_, s, this, _| Ok(boolean(the_str(s, this)?.is_empty()))),
    crate::member!(ToUpperCase => "The string with its letters in upper case.", "\"Left\".ToUpperCase", |_, s, this, _| Ok(Value::str(&the_str(s, this)?.to_uppercase()))),
    crate::member!(ToLowerCase => "The string with its letters in lower case.", "\"Left\".ToLowerCase", |_, s, this, _| Ok(Value::str(&the_str(s, this)?.to_lowercase()))),
    // Another value than a string is CGSuite's error, from the row's parameter ("Argument `that` (in call to
    // `cgsuite.lang.String.Concat`) has type `game.Integer` …", cgsuite-eval).
    member("Concat", 1, |_, s, this, args| Ok(Value::str(&(the_str(s, this)?.to_string() + string(s, args, 0)?))))
        .params(&[&[Param::required("that", "String")]])
        .doc("", "The string followed by the string x.", "\"Domi\".Concat(\"neering\")"),
    crate::member!(Contains(element: Object) => "Whether s occurs in the string. Not in CGSuite.", "\"Clobber\".Contains(\"lob\")", |_, s, this, args| Ok(boolean(the_str(s, this)?.contains(string(s, args, 0)?)))),
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
        // The i-th character becomes the first character of c (CGSuite 2.2: `"a1b2".Updated(2, "abc")` is
        // `"aab2"`; an empty c is an error there too).
        let Some(c) = string(s, args, 1)?.chars().next() else {
            let message = "The new value of a character must not be the empty string.".to_string();
            return Err(s.arg_err(1, ErrorKind::InvalidArgument { message }));
        };
        let mut out: String = chars[..i].iter().collect();
        out.push(c);
        out.extend(&chars[i + 1..]);
        Ok(text(out))
    })
    .params(&[&[Param::required("index", "Integer"), Param::required("value", "String")]])
    .doc(
        "",
        "The string with its i-th character (counting from 1) replaced by the first character of the string c.",
        "\"xox\".Updated(2, \"x\")",
    ),
    crate::member!(Substring(startIndex: Integer, endIndex: Integer) => "The characters from position i (counting from 1) to position j.", "\"Hackenbush\".Substring(1, 6)", |_, s, this, args| {
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
    })
    .doc(
        "(sep)",
        "The pieces of the string between occurrences of the non-empty separator, as a list. Not in CGSuite.",
        "\"a,b,,c\".Split(\",\")",
    ),
    crate::member!(FindAll(value: Integer) => "The positions (from 1) at which s occurs in the string, overlaps included. Not in CGSuite.", "\"aaa\".FindAll(\"aa\")", |_, s, this, args| {
        let pat: Vec<char> = string(s, args, 0)?.chars().collect();
        let chars: Vec<char> = the_str(s, this)?.chars().collect();
        if pat.is_empty() || pat.len() > chars.len() {
            return Ok(list([]));
        }
        let hits = (0..=chars.len() - pat.len()).filter(|&i| chars[i..i + pat.len()] == pat[..]);
        Ok(list(hits.map(|i| Value::int(i + 1))))
    }),
    crate::member!(IndexOf(element: Object) => "The position (from 1) of the first occurrence of s, or 0 when there is none. Not in CGSuite.", "\"Clobber\".IndexOf(\"b\")", |_, s, this, args| {
        let me = the_str(s, this)?;
        let pos = me.find(string(s, args, 0)?).map_or(0, |b| me[..b].chars().count() + 1);
        Ok(Value::int(pos))
    }),
    crate::member!(Replace(target: String, replacement: String) => "The string with every occurrence of a replaced by b.", "\"x.o.x\".Replace(\".\", \"\")", |_, s, this, args| {
        Ok(text(the_str(s, this)?.replace(string(s, args, 0)?, string(s, args, 1)?)))
    }),
    crate::member!(Reversed => "The characters in reverse order. Not in CGSuite.", "\"Left\".Reversed", |_, s, this, _| Ok(text(the_str(s, this)?.chars().rev().collect()))),
    crate::member!(ToUpper => "The string in upper case (the same as `ToUpperCase`). Not in CGSuite.", "\"xo\".ToUpper", |_, s, this, _| Ok(text(the_str(s, this)?.to_uppercase()))),
    crate::member!(ToLower => "The string in lower case (the same as `ToLowerCase`). Not in CGSuite.", "\"XO\".ToLower", |_, s, this, _| Ok(text(the_str(s, this)?.to_lowercase()))),
    crate::member!(ToList => "The characters as a list of one-character strings. Not in CGSuite.", "\"xo.\".ToList", |_, s, this, _| Ok(list(the_str(s, this)?.chars().map(|c| text(c.to_string()))))),
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

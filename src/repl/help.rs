//! `?X` / `:doc X` and typed completion, read from the class declarations of the registry
//! ([`crate::interp::registry`]) — the same tables, in the same order, that member lookup reads.
//!
//! A native function's or member's entry carries its [`Doc`] (arguments, a sentence, an example that is
//! evaluated when shown); a ruleset or function of the standard library is described by the `//` comment
//! written above its definition in `stdlib/`. Completion after `expr.` lists the members of the type of
//! `expr` when `expr` is a variable or a literal — it never evaluates anything else.

use crate::interp::registry::Library;
use crate::interp::value::Function;
use crate::interp::{Interpreter, Value};
use crate::library::{tables_for, Doc, Member};
use crate::syntax::ast::{BinOp, ExprKind, UnaryOp};
use num_rational::BigRational;
use std::collections::HashMap;

/// The member names of a value's type (its tables, an object's own members), sorted.
pub fn members_of_value(v: &Value) -> Vec<String> {
    let mut names: Vec<String> = tables_for(v).iter().flat_map(|t| t.iter().map(|m| m.name.to_string())).collect();
    if let Value::Object(o) = v {
        names.extend(o.members().iter().map(|m| m.name.to_string()));
        names.extend(o.dynamic_member_names());
    }
    names.sort();
    names.dedup();
    names
}

/// The member entries of a value, in the order evaluation looks them up: an object's own table, then the
/// tables of its class (for a game-like object evaluation asks its game value's members in between).
fn member_entries(v: &Value) -> Vec<&'static Member> {
    let mut entries: Vec<&'static Member> = Vec::new();
    if let Value::Object(o) = v {
        entries.extend(o.members().iter());
    }
    entries.extend(tables_for(v).iter().flat_map(|t| t.iter()));
    entries
}

/// What completion knows about the session, taken before each prompt: the member names of every variable's and
/// global's type, and of each literal kind.
#[derive(Clone, Debug, Default)]
pub struct MemberIndex {
    by_name: HashMap<String, Vec<String>>,
    game: Vec<String>,
    all: Vec<String>,
}

impl MemberIndex {
    /// The index of `interp`'s variables and globals (the whole stdlib is loaded first, so its rulesets are
    /// indexed too).
    pub fn new(interp: &mut Interpreter) -> MemberIndex {
        interp.load_library();
        let mut by_name = HashMap::new();
        for name in interp.completion_names() {
            if let Some(v) = lookup(interp, &name) {
                by_name.insert(name, members_of_value(&v));
            }
        }
        let zero = interp.games().zero();
        let game = members_of_value(&Value::Game(zero));
        let all = interp.member_names().into_iter().map(str::to_string).collect();
        MemberIndex { by_name, game, all }
    }

    /// The members to offer after `receiver.`: those of its type when the receiver is a variable or a literal,
    /// otherwise every member name.
    pub fn members_for(&self, receiver: &str) -> &[String] {
        let receiver = receiver.trim();
        if is_identifier(receiver) {
            return self.by_name.get(receiver).unwrap_or(&self.all);
        }
        match literal_kind(receiver) {
            Some(Literal::Game) => &self.game,
            Some(Literal::Value(_)) => &self.all, // replaced below
            None => &self.all,
        }
    }

    /// As [`MemberIndex::members_for`], owned (literal values other than games computed here).
    pub fn members_after(&self, receiver: &str) -> Vec<String> {
        match literal_kind(receiver.trim()) {
            Some(Literal::Value(v)) if !is_identifier(receiver.trim()) => members_of_value(&v),
            _ => self.members_for(receiver).to_vec(),
        }
    }
}

/// The receiver of a member access that ends `line[..end]` (just before the `.`): the variable, literal or
/// parenthesised text, or `None` when it is a call, an index or a member chain (completion then offers every
/// member).
pub fn receiver_before(line: &str, end: usize) -> Option<&str> {
    let before = &line[..end];
    let trimmed = before.trim_end();
    let last = trimmed.chars().next_back()?;
    let start = if last.is_alphanumeric() || last == '_' {
        let start = trimmed
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_alphanumeric() || *c == '_')
            .last()
            .map_or(trimmed.len(), |(i, _)| i);
        if trimmed[..start].ends_with('.') {
            return None; // a member chain: `a.b.`
        }
        start
    } else if matches!(last, ')' | '>' | ']' | '}' | '"') {
        let start = matching_open(trimmed)?;
        let prev = trimmed[..start].chars().next_back();
        if prev.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ')' || c == ']' || c == '.') {
            return None; // a call `f(x).` or an index `a[1].`
        }
        start
    } else {
        return None;
    };
    let text = &trimmed[start..];
    Some(text.strip_prefix('(').and_then(|t| t.strip_suffix(')')).unwrap_or(text))
}

/// Where the bracket (or string) that closes `text` opens.
fn matching_open(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let close = *bytes.last()?;
    if close == b'"' {
        return text[..text.len() - 1].rfind('"');
    }
    let mut depth = 0i32;
    for (i, &b) in bytes.iter().enumerate().rev() {
        match b {
            b')' | b']' | b'}' => depth += 1,
            b'(' | b'[' | b'{' => depth -= 1,
            b'>' if close == b'>' => depth += 1,
            b'<' if close == b'>' => depth -= 1,
            _ => {}
        }
        if close != b'>' && matches!(b, b'<' | b'>') {
            continue;
        }
        if depth == 0 {
            return Some(i);
        }
    }
    None
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_') && chars.all(|c| c.is_alphanumeric() || c == '_')
}

enum Literal {
    Game,
    Value(Value),
}

/// The kind of a literal receiver, found by parsing it and reading the syntax tree only (nothing runs).
fn literal_kind(text: &str) -> Option<Literal> {
    if text.is_empty() || text.len() > 200 {
        return None;
    }
    let cell = crate::syntax::parse::parse_cell(text, 0);
    if !cell.errors.is_empty() || cell.block.stmts.len() != 1 {
        return None;
    }
    literal_of(&cell.block.stmts[0].kind)
}

fn literal_of(kind: &ExprKind) -> Option<Literal> {
    Some(match kind {
        ExprKind::Integer(n) => Literal::Value(Value::int_literal(n)),
        ExprKind::Str(_) => Literal::Value(Value::str("")),
        ExprKind::Bool(b) => Literal::Value(Value::Boolean(*b)),
        ExprKind::Nimber(_) | ExprKind::Up { .. } | ExprKind::GameLit { .. } => Literal::Game,
        ExprKind::List(_) => Literal::Value(Value::List(Default::default())),
        ExprKind::Set(_) => Literal::Value(Value::Set(Default::default(), crate::interp::order::SmallOrder::EMPTY)),
        ExprKind::Map(_) => Literal::Value(Value::Map(Default::default(), crate::interp::order::SmallOrder::EMPTY)),
        ExprKind::Tuple(_) => Literal::Value(Value::Tuple(std::rc::Rc::from(Vec::<Value>::new()))),
        ExprKind::Unary { op: UnaryOp::Neg | UnaryOp::Plus, expr } => literal_of(&expr.kind)?,
        ExprKind::Binary { op: BinOp::Div, lhs, rhs } => match (&lhs.kind, &rhs.kind) {
            (ExprKind::Integer(a), ExprKind::Integer(b)) if !num_traits::Zero::is_zero(b) => {
                Literal::Value(Value::Rational(std::rc::Rc::new(BigRational::new(a.clone(), b.clone()))))
            }
            _ => return None,
        },
        _ => return None,
    })
}

/// A variable's or global's value.
fn lookup(interp: &mut Interpreter, name: &str) -> Option<Value> {
    if let Some(v) = interp.variable(name) {
        return Some(v.clone());
    }
    interp.globals_mut().natives.get(name).cloned()
}

// ---- ?X ---------------------------------------------------------------------------------------------

/// The text `?query` shows, or an error message (with "did you mean" suggestions) when nothing is named so.
pub fn help(interp: &mut Interpreter, query: &str) -> Result<String, String> {
    interp.load_library();
    let query = query.trim().trim_end_matches(['(', ')']);
    if query.is_empty() {
        return Ok("Usage: `?X` or `:doc X`, where X is a built-in function (`?Max`), a member (`?Cool`, \
                   `?Game.Cool`, `?x.Cool` for a variable x) or a ruleset (`?Domineering`).\n"
            .into());
    }
    if let Some(dot) = query.rfind('.') {
        let (receiver, member) = (&query[..dot], &query[dot + 1..]);
        return help_member_of(interp, receiver, member);
    }
    let mut text = String::new();
    if let Some(v) = lookup(interp, query) {
        text.push_str(&describe_value(interp, query, &v));
    }
    let types = types_named(interp, query);
    if !types.is_empty() {
        text.push_str(&describe_type(query, &types));
    }
    let members = members_named(interp, query);
    if !members.is_empty() {
        if !text.is_empty() {
            text.push('\n');
        }
        for (ty, m) in members {
            text.push_str(&describe_member(interp, ty, m));
        }
    }
    if text.is_empty() {
        let mut candidates = interp.completion_names();
        candidates.extend(interp.member_names().into_iter().map(str::to_string));
        candidates.extend(library(interp).classes().map(|c| c.name.to_string()));
        return Err(unknown(query, &candidates));
    }
    Ok(text)
}

fn unknown(name: &str, candidates: &[String]) -> String {
    match super::script::closest(name, candidates) {
        Some(c) => format!("No built-in, member or variable is named `{name}`. Did you mean `{c}`?"),
        None => format!("No built-in, member or variable is named `{name}`."),
    }
}

fn help_member_of(interp: &mut Interpreter, receiver: &str, member: &str) -> Result<String, String> {
    let (ty, entry, names) = resolve(interp, receiver, member)?;
    match entry {
        Some(m) => Ok(describe_member(interp, &ty, m)),
        None if names.iter().any(|n| n == member) => Ok(format!("{ty}.{member}\n  A member defined by this value.\n")),
        None => Err(match super::script::closest(member, &names) {
            Some(c) => format!("`{ty}` has no member `{member}`. Did you mean `{c}`?"),
            None => format!("`{ty}` has no member `{member}`."),
        }),
    }
}

/// What `?receiver.member` names: the receiver's class name, the member row (the first in lookup order, the
/// one evaluation calls) and every member name of the receiver; an error when the receiver is neither a
/// variable, a literal nor a class.
fn resolve(
    interp: &mut Interpreter,
    receiver: &str,
    member: &str,
) -> Result<(String, Option<&'static Member>, Vec<String>), String> {
    let receiver = receiver.trim();
    let types = types_named(interp, receiver);
    let value = if types.is_empty() { receiver_value(interp, receiver) } else { None };
    let (ty, entries, names): (String, Vec<&'static Member>, Vec<String>) = if let Some(v) = value {
        (v.type_name().to_string(), member_entries(&v), members_of_value(&v))
    } else {
        if types.is_empty() {
            return Err(format!(
                "`?{receiver}.{member}`: `{receiver}` is not a variable, a literal or a type name (such as `Game`)."
            ));
        }
        let entries: Vec<&'static Member> = types.iter().flat_map(|t| t.iter()).collect();
        let names = entries.iter().map(|m| m.name.to_string()).collect();
        (receiver.to_string(), entries, names)
    };
    let entry = entries.iter().find(|m| m.name == member).copied();
    Ok((ty, entry, names))
}

/// The value a receiver in `?receiver.Member` stands for: a variable or global, or a literal (whose kind only
/// matters; nothing is evaluated).
fn receiver_value(interp: &mut Interpreter, receiver: &str) -> Option<Value> {
    if is_identifier(receiver) {
        return lookup(interp, receiver);
    }
    match literal_kind(receiver)? {
        Literal::Game => Some(Value::Game(interp.games().zero())),
        Literal::Value(v) => Some(v),
    }
}

/// The workspace's class library.
fn library(interp: &mut Interpreter) -> &'static Library {
    interp.globals_mut().library
}

/// The member tables of the class named `name`, in lookup order (its own, its parents', its
/// representations'), then its static members; none when no class is named so.
fn types_named(interp: &mut Interpreter, name: &str) -> Vec<&'static [Member]> {
    let library = library(interp);
    if library.class(name).is_none() {
        return Vec::new();
    }
    let mut tables = library.lookup_tables(name);
    tables.extend(library.declarations(name).flat_map(|c| c.statics));
    tables
}

/// Every table entry named `name`, with the name of its type, once per type.
fn members_named(interp: &mut Interpreter, name: &str) -> Vec<(&'static str, &'static Member)> {
    let mut found: Vec<(&'static str, &'static Member)> = Vec::new();
    for (class, table) in library(interp).tables() {
        found.extend(table.iter().filter(|m| m.name == name).map(|m| (class.name, m)));
    }
    // Documented entries first, then one entry per type (a type may have the name in several tables).
    found.sort_by_key(|(_, m)| m.doc == Doc::NONE);
    let mut seen: Vec<&str> = Vec::new();
    found.retain(|(ty, _)| {
        let new = !seen.contains(ty);
        seen.push(ty);
        new
    });
    found
}

fn describe_type(name: &str, tables: &[&'static [Member]]) -> String {
    let mut names: Vec<&str> = tables.iter().flat_map(|t| t.iter().map(|m| m.name)).collect();
    names.sort_unstable();
    names.dedup();
    let mut text = format!("{name}: a type with {} members (`?{name}.Member` for one of them):\n", names.len());
    text.push_str(&wrap(&names.join(" "), "  "));
    text
}

fn describe_member(interp: &mut Interpreter, ty: &str, m: &Member) -> String {
    let args = if m.doc == Doc::NONE && m.params.is_empty() { arity_args(m) } else { m.args_text() };
    let mut text = format!("{ty}.{}{args}\n", m.name);
    if m.doc.text.is_empty() {
        text.push_str(&format!("  A member of `{ty}` ({}). No description yet.\n", arity_words(m)));
    } else {
        text.push_str(&wrap(m.doc.text, "  "));
    }
    text.push_str(&example(interp, m.doc.example));
    text
}

fn arity_args(m: &Member) -> String {
    use crate::interp::error::Arity;
    match m.arity {
        Arity::Exact(0) => String::new(),
        Arity::Exact(n) => format!("({})", vec!["_"; n].join(", ")),
        _ => "(…)".to_string(),
    }
}

fn arity_words(m: &Member) -> String {
    use crate::interp::error::Arity;
    match m.arity {
        Arity::Exact(0) => "a property: no arguments, no parentheses".into(),
        Arity::Exact(1) => "1 argument".into(),
        Arity::Exact(n) => format!("{n} arguments"),
        Arity::Range(lo, hi) => format!("{lo} to {hi} arguments"),
        Arity::AtLeast(n) => format!("at least {n} arguments"),
    }
}

/// `Example:` with the example evaluated in the session (examples use literals and built-ins only).
fn example(interp: &mut Interpreter, example: &str) -> String {
    if example.is_empty() {
        return String::new();
    }
    let (mut out, mut err) = (Vec::new(), Vec::new());
    super::script::run_script_to(interp, "<doc example>", example, &mut out, &mut err, false);
    let mut result = String::from_utf8_lossy(&out).into_owned();
    if !err.is_empty() {
        result.push_str(&String::from_utf8_lossy(&err));
    }
    let mut text = format!("  Example:\n    cgs> {example}\n");
    for line in result.lines().take(12) {
        text.push_str(&format!("    {line}\n"));
    }
    text
}

fn describe_value(interp: &mut Interpreter, name: &str, v: &Value) -> String {
    match v {
        Value::Function(f) => match &**f {
            Function::Native(n) => {
                let mut text = format!("{name}{}\n", if n.doc.args.is_empty() { "(…)" } else { n.doc.args });
                if n.doc.text.is_empty() {
                    text.push_str("  A built-in function. No description yet.\n");
                } else {
                    text.push_str(&wrap(n.doc.text, "  "));
                }
                text.push_str(&example(interp, n.doc.example));
                text
            }
            Function::Closure(c) => {
                let params: Vec<String> = c
                    .def
                    .params
                    .iter()
                    .map(|p| format!("{}{}", p.name.name, if p.optional { "?" } else { "" }))
                    .collect();
                let mut text = format!("{name}({})\n", params.join(", "));
                match stdlib_comment(name) {
                    Some(doc) => text.push_str(&wrap(&doc, "  ")),
                    None => text.push_str("  A function defined in this session.\n"),
                }
                text
            }
            Function::Method { name: member, .. } => {
                format!("{name}\n  The member `{}` of a value, as a function.\n", member.name)
            }
        },
        _ => {
            let shown = interp.display(v);
            let shown = if shown.chars().count() > 80 {
                format!("{}…", shown.chars().take(80).collect::<String>())
            } else {
                shown
            };
            let mut text = format!("{name} = {shown}\n  A value of type `{}`.\n", v.type_name());
            if let Some(doc) = stdlib_comment(name) {
                text.push_str(&wrap(&doc, "  "));
            }
            let members = members_of_value(v);
            if !members.is_empty() {
                text.push_str(&wrap(&format!("Members: {}", members.join(" ")), "  "));
            }
            text
        }
    }
}

/// The `//` comment block written just above `ruleset NAME`, `def NAME` or `NAME :=` in the standard
/// library, joined into one paragraph.
pub fn stdlib_comment(name: &str) -> Option<String> {
    for (_, source) in crate::ruleset::stdlib::FILES {
        let lines: Vec<&str> = source.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let l = line.trim_start();
            let defines = [format!("ruleset {name}"), format!("def {name}("), format!("{name} :=")]
                .iter()
                .any(|p| l.starts_with(p.as_str()) && !l[p.len()..].starts_with(|c: char| c.is_alphanumeric()));
            if !defines {
                continue;
            }
            let mut comment: Vec<&str> = Vec::new();
            for prev in lines[..i].iter().rev() {
                match prev.trim_start().strip_prefix("//") {
                    Some(text) => comment.push(text.trim()),
                    None => break,
                }
            }
            if comment.is_empty() {
                continue;
            }
            comment.reverse();
            return Some(comment.join(" ").split_whitespace().collect::<Vec<_>>().join(" "));
        }
    }
    None
}

/// `text` wrapped at 100 columns, each line indented.
fn wrap(text: &str, indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && indent.len() + line.len() + 1 + word.len() > 100 {
            out.push_str(&format!("{indent}{line}\n"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push_str(&format!("{indent}{line}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_documented_example_runs() {
        let mut interp = crate::new_interpreter();
        let tables: Vec<&[Member]> = library(&mut interp).tables().map(|t| t.1).collect();
        let docs: Vec<Doc> = tables
            .iter()
            .flat_map(|t| t.iter().map(|m| m.doc))
            .chain(library(&mut interp).globals().map(|f| f.doc))
            .filter(|d| !d.example.is_empty())
            .collect();
        assert!(docs.len() >= 40, "{} examples", docs.len());
        for d in docs {
            let (mut out, mut err) = (Vec::new(), Vec::new());
            super::super::script::run_script_to(&mut interp, "<t>", d.example, &mut out, &mut err, false);
            let err = String::from_utf8_lossy(&err);
            if !err.is_empty() {
                // A member that can only fail shows the error its description quotes.
                assert!(super::super::reference::fails_as_documented(&d, &err), "example `{}` fails: {err}", d.example);
                continue;
            }
            assert!(!out.is_empty(), "example `{}` shows nothing", d.example);
        }
    }

    #[test]
    fn help_for_members_functions_rulesets_and_unknown_names() {
        let mut interp = crate::new_interpreter();
        let cool = help(&mut interp, "Cool").unwrap();
        // <3|-1> cooled by 1 is <2|0> = 1 ± 1 (hand derivation: each option moves 1 towards the other).
        assert!(cool.starts_with("Game.Cool(t)\n"), "{cool}");
        assert!(cool.contains("cgs> <3|-1>.Cool(1)\n    1±1") || cool.contains("<3|-1>.Cool(1)"), "{cool}");
        assert!(help(&mut interp, "Game.Cool").unwrap().starts_with("Game.Cool(t)"));
        let max = help(&mut interp, "Max").unwrap();
        assert!(max.contains("greatest") && max.contains("cgs> Max(1/2, 3, -1)\n    3\n"), "{max}");
        let dom = help(&mut interp, "Domineering").unwrap();
        assert!(dom.starts_with("Domineering = Domineering\n  A value of type `Ruleset`.\n  Left places"), "{dom}");
        assert_eq!(
            help(&mut interp, "Temprature").unwrap_err(),
            "No built-in, member or variable is named `Temprature`. Did you mean `Temperature`?"
        );
        assert_eq!(
            help(&mut interp, "Game.Temprature").unwrap_err(),
            "`Game` has no member `Temprature`. Did you mean `Temperature`?"
        );
        // A variable's members: a list has `Length`; a game does not.
        let (mut out, mut err) = (Vec::new(), Vec::new());
        super::super::script::run_script_to(&mut interp, "<t>", "l := [1, 2]; g := ^", &mut out, &mut err, false);
        assert!(help(&mut interp, "l.Length").unwrap().starts_with("List.Length"));
        assert!(help(&mut interp, "g.Length").unwrap_err().starts_with("`Game` has no member `Length`"));
        assert!(help(&mut interp, "(*3).Mean").unwrap().starts_with("Game.Mean"));
    }

    #[test]
    fn typed_completion_reads_variables_and_literals_only() {
        assert_eq!(receiver_before("x.", 1), Some("x"));
        assert_eq!(receiver_before("1 + (*3).", 8), Some("*3"));
        assert_eq!(receiver_before("<1|0>.", 5), Some("<1|0>"));
        assert_eq!(receiver_before("f(x).", 4), None);
        assert_eq!(receiver_before("a.b.", 3), None);
        assert_eq!(receiver_before("\"ab\".", 4), Some("\"ab\""));
        let mut interp = crate::new_interpreter();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        super::super::script::run_script_to(&mut interp, "<t>", "l := [1, 2]; g := ^", &mut out, &mut err, false);
        let index = MemberIndex::new(&mut interp);
        let l = index.members_after("l");
        assert!(l.contains(&"Length".to_string()) && !l.contains(&"Temperature".to_string()));
        let g = index.members_after("g");
        assert!(g.contains(&"Temperature".to_string()) && !g.contains(&"Length".to_string()));
        assert!(index.members_after("*3").contains(&"Thermograph".to_string()));
        assert!(
            index.members_after("\"s\"").contains(&"Length".to_string()) || !index.members_after("\"s\"").is_empty()
        );
        // Something that would have to be evaluated gets every member name.
        assert_eq!(index.members_after("f(3)").len(), interp.member_names().len());
    }

    /// The values whose member lookup reads a class's declared tables, with that class.
    fn values_of_classes() -> Vec<(&'static str, Value)> {
        use num_rational::BigRational;
        vec![
            ("Integer", Value::int(3)),
            ("DyadicRational", Value::Rational(std::rc::Rc::new(BigRational::new(1.into(), 2.into())))),
            ("Rational", Value::Rational(std::rc::Rc::new(BigRational::new(1.into(), 3.into())))),
            ("CanonicalShortGame", Value::Game(crate::game::GameId(0))),
            ("String", Value::str("a")),
            ("List", Value::List(imbl::Vector::new().into())),
            ("Set", Value::Set(Default::default(), crate::interp::order::SmallOrder::EMPTY)),
            ("Map", Value::Map(Default::default(), crate::interp::order::SmallOrder::EMPTY)),
            ("Tuple", Value::Tuple(Default::default())),
            ("Player", Value::Player(crate::interp::value::Player::Left)),
            ("OutcomeClass", Value::Outcome(crate::game::Outcome::L)),
        ]
    }

    /// Whether two member rows are one declaration's row: a row compares by its name, doc and parameters (the
    /// workspace's registry and the library's lookup may reach the same static table at two addresses, as
    /// `library::tests::lookup_order_of_each_kind_of_value` notes).
    fn same_row(a: &Member, b: &Member) -> bool {
        (a.name, a.doc, a.params, a.arity) == (b.name, b.doc, b.params, b.arity)
    }

    /// `?Class.Member` resolves to the very row evaluation calls on a value of that class, for every member of
    /// every class whose values are looked up by class (`?Integer.Cool` is the game member an integer answers).
    #[test]
    fn help_resolves_the_member_evaluation_calls() {
        let mut interp = crate::new_interpreter();
        let library = library(&mut interp);
        let mut checked = 0;
        for (class, v) in values_of_classes() {
            for table in library.lookup_tables(class) {
                for m in table {
                    let (_, entry, _) = resolve(&mut interp, class, m.name).unwrap();
                    let called = crate::library::find_member(&v, m.name).expect("a declared member is found");
                    assert!(same_row(entry.unwrap(), called), "?{class}.{} is not the member called", m.name);
                    checked += 1;
                }
            }
        }
        assert!(checked > 400, "{checked} members checked");
        assert!(help(&mut interp, "Integer.Cool").unwrap().starts_with("Integer.Cool(t)"));
        // An object's own table comes first, as in evaluation: a grid's `Length`… is the grid's.
        let (mut out, mut err) = (Vec::new(), Vec::new());
        super::super::script::run_script_to(&mut interp, "<t>", "s := (Up(1)).SumberForm", &mut out, &mut err, false);
        let s = interp.variable("s").unwrap().clone();
        let (_, entry, _) = resolve(&mut interp, "s", "Cuts").unwrap();
        assert!(same_row(entry.unwrap(), crate::library::find_member(&s, "Cuts").unwrap()));
    }

    /// `?X` prints a description and an example for every member of every class the registry declares (the
    /// members that can only fail, or only write a file, have no example: they are counted apart).
    #[test]
    fn help_describes_every_member_of_every_class() {
        let mut interp = crate::new_interpreter();
        let library = library(&mut interp);
        let (mut with_example, mut without) = (0, Vec::new());
        for class in library.classes() {
            for table in class.tables() {
                for m in table {
                    let text = help(&mut interp, &format!("{}.{}", class.name, m.name)).unwrap();
                    assert!(text.starts_with(&format!("{}.{}", class.name, m.name)), "{text}");
                    assert!(!text.contains("No description yet"), "{text}");
                    if text.contains("  Example:\n    cgs> ") {
                        with_example += 1;
                    } else {
                        without.push(format!("{}.{}", class.name, m.name));
                    }
                }
            }
        }
        // Counted on this commit: every row of every class has a description and an example (those of members that
        // can only fail show the error; `GameTree.Plot` alone shows the outline).
        eprintln!("described with an example: {with_example}; without: {} {without:?}", without.len());
        assert!(with_example >= 650, "{with_example}");
        assert!(without.is_empty(), "{without:?}");
    }

    /// Completion offers exactly the registry's members: every member of every declared class (the ruleset
    /// layer's too) and nothing else; after a literal, exactly its class's lookup tables.
    #[test]
    fn completion_lists_the_registry_members() {
        let mut interp = crate::new_interpreter();
        let library = library(&mut interp);
        let mut declared: Vec<&str> = library.tables().flat_map(|t| t.1.iter().map(|m| m.name)).collect();
        declared.sort_unstable();
        declared.dedup();
        assert_eq!(interp.member_names(), declared);
        let index = MemberIndex::new(&mut interp);
        for (literal, class) in [("3", "Integer"), ("1/3", "Rational"), ("\"ab\"", "String"), ("[1]", "List")] {
            let mut names: Vec<String> =
                library.lookup_tables(class).iter().flat_map(|t| t.iter().map(|m| m.name.to_string())).collect();
            names.sort();
            names.dedup();
            assert_eq!(index.members_after(literal), names, "after {literal}");
        }
    }
}

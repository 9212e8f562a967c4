//! Embedding cgs in another program: the front-end of the Python package (`python/`).
//!
//! An [`Embedded`] workspace evaluates source and hands values out as [`Plain`] data: integers, rationals,
//! strings and collections by value, everything else (games, thermographs, functions, positions …) as a
//! *handle*, a number naming a value kept inside the workspace (and traced by its collector) until
//! [`Embedded::release`]. Operators and members run as small cgs expressions over handles, so they mean
//! exactly what they mean in a script. A short canonical game also travels by value: [`Embedded::encode`]
//! writes it as a compact canonical byte string (the same bytes in every workspace and process) and
//! [`Embedded::decode`] reads it back.
//!
//! A workspace is single-threaded (its values are `Rc`s): the Python package runs each one on its own thread
//! with a big stack ([`crate::interp::with_big_stack`]).

mod encode;

use crate::diag::{render_to_string, Diagnostic};
use crate::interp::{value::Value, Interpreter};
use crate::syntax::parse::{parse_cells, Cell};
use num_bigint::BigInt;
use num_rational::BigRational;
use rustc_hash::FxHashMap;
use std::io::Write;
use std::panic::{self, AssertUnwindSafe};
use std::rc::Rc;

pub use encode::{decode_game, encode_game};

/// A value outside the workspace: data by value, anything else by handle.
#[derive(Clone, Debug, PartialEq)]
pub enum Plain {
    /// `Nothing`.
    Nothing,
    /// A boolean.
    Bool(bool),
    /// An integer.
    Int(BigInt),
    /// A rational that is not an integer (lowest terms, positive denominator).
    Rational(BigInt, BigInt),
    /// `inf` (+1) or `-inf` (-1).
    Infinity(i8),
    /// A string.
    Str(String),
    /// A list.
    List(Vec<Plain>),
    /// A set, in cgs's display order.
    Set(Vec<Plain>),
    /// A map, in cgs's display order.
    Map(Vec<(Plain, Plain)>),
    /// A tuple.
    Tuple(Vec<Plain>),
    /// A value kept in the workspace.
    Handle {
        /// Its number (see [`Embedded::release`]).
        id: u64,
        /// Its cgs type name (`Game`, `Thermograph`, `Function`, …).
        type_name: String,
        /// Whether it is a short canonical game that is not a number (it can be [`Embedded::encode`]d).
        game: bool,
    },
    /// A short game by its canonical encoding (see [`encode_game`]): how a game crosses workspaces.
    Encoded(Vec<u8>),
}

/// An error, as data: the one-line message, where it happened, and the rendered diagnostic.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// The one-line message.
    pub message: String,
    /// The diagnostic as the command line shows it (source excerpt, call stack, notes; no colour).
    pub rendered: String,
    /// The source's name (`<python:3>`, a file path).
    pub file: String,
    /// The 1-based line and column of the span's start (0 where there is no source).
    pub line: usize,
    /// The 1-based column (in characters).
    pub column: usize,
    /// The byte range of the span in its source.
    pub start: usize,
    /// The end of the byte range.
    pub end: usize,
    /// Whether the error is an interrupt (the workspace's interrupt flag was raised).
    pub interrupted: bool,
}

impl Failure {
    /// A failure with no source span.
    pub fn plain(message: impl Into<String>) -> Failure {
        let message = message.into();
        Failure {
            rendered: format!("Error: {message}"),
            message,
            file: String::new(),
            line: 0,
            column: 0,
            start: 0,
            end: 0,
            interrupted: false,
        }
    }
}

/// The handles a workspace holds for its host: roots of the game collector.
#[derive(Default)]
struct Handles {
    values: FxHashMap<u64, Value>,
    next: u64,
}

impl crate::interp::gc::Extension for Handles {
    fn trace(&mut self, t: &mut crate::interp::gc::Tracer) -> bool {
        t.values(self.values.values())
    }
}

/// The prefix of the variables that carry a host's values into an expression (never shown: they are
/// removed after the expression).
const ARG: &str = "__cgs_arg";

/// A workspace driven by a host program.
pub struct Embedded {
    interp: Interpreter,
    inputs: usize,
    /// Parsed expression templates (operators, member calls), by source.
    templates: FxHashMap<String, Rc<Cell>>,
}

impl Default for Embedded {
    fn default() -> Embedded {
        Embedded::new()
    }
}

impl Embedded {
    /// A workspace with every layer installed ([`crate::new_interpreter`]). Create it on the thread that will
    /// use it (the engine's interrupt flag and arenas are per thread).
    pub fn new() -> Embedded {
        crate::repl::script::install_panic_hook();
        Embedded { interp: crate::new_interpreter(), inputs: 0, templates: FxHashMap::default() }
    }

    /// The flag that interrupts a running evaluation (set it from another thread).
    pub fn interrupt_flag(&self) -> std::sync::Arc<std::sync::atomic::AtomicBool> {
        self.interp.interrupt_flag()
    }

    /// The interpreter (for what this module does not wrap).
    pub fn interpreter(&mut self) -> &mut Interpreter {
        &mut self.interp
    }

    /// Evaluates `src` (any number of cells); `Print` output goes to `out`. The value of the last cell.
    pub fn eval(&mut self, src: &str, out: &mut dyn Write) -> Result<Plain, Failure> {
        self.inputs += 1;
        let name = format!("<python:{}>", self.inputs);
        self.eval_named(&name, src, out)
    }

    /// Runs the script at `path`; the value of its last cell.
    pub fn run_file(&mut self, path: &str, out: &mut dyn Write) -> Result<Plain, Failure> {
        let text = std::fs::read_to_string(path).map_err(|e| Failure::plain(format!("cannot read {path}: {e}")))?;
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text).to_string();
        self.eval_named(path, &text, out)
    }

    fn eval_named(&mut self, name: &str, src: &str, out: &mut dyn Write) -> Result<Plain, Failure> {
        let file = self.interp.sources().add(name, src);
        let mut last = Value::Nothing;
        for cell in parse_cells(src, file) {
            last = self.eval_cell(&cell, out)?;
        }
        Ok(self.to_plain(&last))
    }

    /// Evaluates one parsed cell, catching an escaped panic as an internal error.
    fn eval_cell(&mut self, cell: &Cell, out: &mut dyn Write) -> Result<Value, Failure> {
        if let Some(e) = cell.errors.first() {
            return Err(self.failure(&Diagnostic::from(e), false));
        }
        let interp = &mut self.interp;
        match panic::catch_unwind(AssertUnwindSafe(|| interp.eval_value(&cell.block, out))) {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(e)) => Err(self.failure(&Diagnostic::from(&e), e.is_interrupt())),
            Err(p) => {
                let message = crate::repl::script::panic_message(&*p);
                Err(self.failure(&Diagnostic::internal_bug(message, cell.span), false))
            }
        }
    }

    fn failure(&mut self, d: &Diagnostic, interrupted: bool) -> Failure {
        let rendered = render_to_string(d, self.interp.sources());
        let sources = self.interp.sources();
        let text = sources.text(d.span.file);
        let start = (d.span.start as usize).min(text.len());
        let before = &text[..start];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        Failure {
            message: d.message.clone(),
            rendered,
            file: sources.name(d.span.file).to_string(),
            line,
            column,
            start: d.span.start as usize,
            end: d.span.end as usize,
            interrupted,
        }
    }

    /// Evaluates `template`, an expression over the variables `__cgs_arg0`, `__cgs_arg1`, … bound to `args`
    /// (parsed once per template and reused).
    pub fn apply(&mut self, template: &str, args: Vec<Plain>) -> Result<Plain, Failure> {
        let cell = match self.templates.get(template) {
            Some(c) => c.clone(),
            None => {
                let file = self.interp.sources().add("<python>", template);
                let cell = Rc::new(crate::syntax::parse::parse_cell(template, file));
                self.templates.insert(template.to_string(), cell.clone());
                cell
            }
        };
        let mut names = Vec::with_capacity(args.len());
        for (i, a) in args.into_iter().enumerate() {
            let v = self.from_plain(a)?;
            let name: Rc<str> = Rc::from(format!("{ARG}{i}"));
            self.interp.globals_mut().vars.insert(name.clone(), v);
            names.push(name);
        }
        let r = self.eval_cell(&cell, &mut std::io::sink());
        for n in &names {
            self.interp.globals_mut().vars.remove(n);
        }
        r.map(|v| self.to_plain(&v))
    }

    /// `a op b` for a binary operator of the language (`+`, `-`, `==`, `<=`, `|`, …).
    pub fn binary(&mut self, op: &str, a: Plain, b: Plain) -> Result<Plain, Failure> {
        self.apply(&format!("{ARG}0 {op} {ARG}1"), vec![a, b])
    }

    /// `recv.Member` (no arguments: the member's value, or the method as a function when it takes arguments)
    /// or `recv.Member(args…)`. `member` is a CGSuite member name or its snake_case spelling.
    pub fn member(&mut self, recv: Plain, member: &str, args: Option<Vec<Plain>>) -> Result<Plain, Failure> {
        let name = self.member_name(member).ok_or_else(|| Failure::plain(format!("no member named {member}")))?;
        let template = match &args {
            None => format!("{ARG}0.{name}"),
            Some(a) => {
                let list: Vec<String> = (1..=a.len()).map(|i| format!("{ARG}{i}")).collect();
                format!("{ARG}0.{name}({})", list.join(", "))
            }
        };
        let mut all = vec![recv];
        all.extend(args.unwrap_or_default());
        self.apply(&template, all)
    }

    /// Calls a function value with `args`.
    pub fn call(&mut self, f: Plain, args: Vec<Plain>) -> Result<Plain, Failure> {
        let list: Vec<String> = (1..=args.len()).map(|i| format!("{ARG}{i}")).collect();
        let mut all = vec![f];
        all.extend(args);
        self.apply(&format!("{ARG}0({})", list.join(", ")), all)
    }

    /// The CGSuite member name `name` stands for: itself, or the member whose name is `name` without
    /// underscores, compared ignoring case (`left_options` → `LeftOptions`, `temperature` → `Temperature`).
    pub fn member_name(&self, name: &str) -> Option<String> {
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return None;
        }
        let names = self.interp.member_names();
        if names.contains(&name) {
            return Some(name.to_string());
        }
        let folded: String = name.chars().filter(|&c| c != '_').flat_map(char::to_lowercase).collect();
        names.iter().find(|m| m.to_lowercase() == folded).map(|m| m.to_string())
    }

    /// Every member name of every type (for `dir()` and completion).
    pub fn member_names(&self) -> Vec<&'static str> {
        self.interp.member_names()
    }

    /// The printed form of a handle's value (or of any plain value), as the REPL shows it.
    pub fn display(&mut self, p: Plain) -> Result<String, Failure> {
        let v = self.from_plain(p)?;
        Ok(self.interp.display(&v))
    }

    /// The Jupyter MIME bundle of a value (JSON: `text/plain`, and `text/html`, `text/latex` or
    /// `image/svg+xml` where the kernel shows them).
    pub fn bundle(&mut self, p: Plain) -> Result<String, Failure> {
        let v = self.from_plain(p)?;
        Ok(crate::kernel::display::bundle(&mut self.interp, &v).to_string())
    }

    /// Forgets a handle (its value may then be collected).
    pub fn release(&mut self, id: u64) {
        self.interp.globals_mut().extensions.get::<Handles>().values.remove(&id);
    }

    /// The number of live handles.
    pub fn handle_count(&mut self) -> usize {
        self.interp.globals_mut().extensions.get::<Handles>().values.len()
    }

    /// Sets a top-level variable.
    pub fn set_var(&mut self, name: &str, p: Plain) -> Result<(), Failure> {
        let v = self.from_plain(p)?;
        self.interp.globals_mut().vars.insert(Rc::from(name), v);
        Ok(())
    }

    /// A top-level variable's value.
    pub fn var(&mut self, name: &str) -> Option<Plain> {
        let v = self.interp.variable(name).cloned()?;
        Some(self.to_plain(&v))
    }

    /// The canonical encoding of a short game handle (see [`encode_game`]).
    pub fn encode(&mut self, p: Plain) -> Result<Vec<u8>, Failure> {
        match self.from_plain(p)? {
            Value::Game(g) => Ok(encode_game(self.interp.games(), g)),
            v => Err(Failure::plain(format!("a {} has no game encoding", v.type_name()))),
        }
    }

    /// The game an encoding describes, in this workspace.
    pub fn decode(&mut self, bytes: &[u8]) -> Result<Plain, Failure> {
        let v = self.decode_value(bytes)?;
        Ok(self.to_plain(&v))
    }

    fn decode_value(&mut self, bytes: &[u8]) -> Result<Value, Failure> {
        let games = self.interp.games();
        let r = panic::catch_unwind(AssertUnwindSafe(|| decode_game(games, bytes)));
        match r {
            Ok(Ok(g)) => Ok(crate::interp::value::game_value(self.interp.games(), g)),
            Ok(Err(e)) => Err(Failure::plain(e)),
            Err(_) => Err(Failure::plain("the game is too large for the memory budget or was interrupted")),
        }
    }

    fn handle(&mut self, v: Value) -> Plain {
        let type_name = v.type_name().to_string();
        let game = matches!(v, Value::Game(_));
        let h = self.interp.globals_mut().extensions.get::<Handles>();
        let id = h.next;
        h.next += 1;
        h.values.insert(id, v);
        Plain::Handle { id, type_name, game }
    }

    /// A value as plain data (new handles for what is not data).
    pub fn to_plain(&mut self, v: &Value) -> Plain {
        match v {
            Value::Nothing => Plain::Nothing,
            Value::Boolean(b) => Plain::Bool(*b),
            Value::Integer(n) => Plain::Int(n.to_big().into_owned()),
            Value::Rational(r) => Plain::Rational(r.numer().clone(), r.denom().clone()),
            Value::Infinity(s) => Plain::Infinity(*s),
            Value::String(s) => Plain::Str(s.to_string()),
            Value::List(l) => Plain::List(l.iter().map(|x| self.to_plain(x)).collect()),
            Value::Tuple(t) => Plain::Tuple(t.iter().map(|x| self.to_plain(x)).collect()),
            Value::Set(s, _) => {
                let items = crate::interp::value::set_in_display_order(self.interp.games(), s);
                Plain::Set(items.iter().map(|x| self.to_plain(x)).collect())
            }
            Value::Map(m, _) => {
                let items = crate::interp::value::map_in_display_order(self.interp.games(), m);
                Plain::Map(items.iter().map(|(k, x)| (self.to_plain(k), self.to_plain(x))).collect())
            }
            other => self.handle(other.clone()),
        }
    }

    /// Plain data as a value.
    pub fn from_plain(&mut self, p: Plain) -> Result<Value, Failure> {
        Ok(match p {
            Plain::Nothing => Value::Nothing,
            Plain::Bool(b) => Value::Boolean(b),
            Plain::Int(n) => Value::int(n),
            Plain::Rational(n, d) => {
                if d == BigInt::from(0) {
                    return Err(Failure::plain("a rational with denominator 0"));
                }
                Value::rational(BigRational::new(n, d))
            }
            Plain::Infinity(s) => Value::Infinity(s.signum()),
            Plain::Str(s) => Value::str(&s),
            Plain::List(xs) => Value::List(xs.into_iter().map(|x| self.from_plain(x)).collect::<Result<_, _>>()?),
            Plain::Tuple(xs) => {
                Value::Tuple(xs.into_iter().map(|x| self.from_plain(x)).collect::<Result<Vec<_>, _>>()?.into())
            }
            Plain::Set(xs) => Value::Set(
                xs.into_iter().map(|x| self.from_plain(x)).collect::<Result<_, _>>()?,
                crate::interp::order::SmallOrder::HASHED,
            ),
            Plain::Map(kv) => Value::Map(
                kv.into_iter()
                    .map(|(k, x)| Ok((self.from_plain(k)?, self.from_plain(x)?)))
                    .collect::<Result<_, _>>()?,
                crate::interp::order::SmallOrder::HASHED,
            ),
            Plain::Encoded(bytes) => self.decode_value(&bytes)?,
            Plain::Handle { id, .. } => {
                let h = self.interp.globals_mut().extensions.get::<Handles>();
                h.values.get(&id).cloned().ok_or_else(|| Failure::plain(format!("no value with handle {id}")))?
            }
        })
    }
}

#[cfg(test)]
mod tests;

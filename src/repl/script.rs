//! Running source text: the one code path shared by `cgs FILE`, `cgs -e`, stdin, `:load`, REPL cells and
//! the snapshot tests.
//!
//! A script is split into cells ([`parse_cells`]) and evaluated cell by cell, exactly as if its lines were
//! typed into the REPL: every parse error of a cell is reported, and the first failing cell (parse or
//! evaluation error) stops the script with exit status 1. Values go to `out`, diagnostics to `err`.
//!
//! Front ends run all of this inside [`crate::interp::with_big_stack`], so deep game recursion hits the
//! interpreter's own depth limit ("Maximum recursion depth exceeded") rather than the end of the stack.
//!
//! A panic inside the interpreter is a bug in cgs; it is caught here and reported as an internal error with
//! a "please report" note, so it can neither crash the REPL nor print a Rust backtrace at a user.

use crate::diag::{render, Diagnostic};
use crate::interp::Interpreter;
use crate::syntax::parse::{parse_cell, parse_cells, Cell};
use std::cell::{Cell as StdCell, RefCell};
use std::io::{self, IsTerminal, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

/// Runs a whole script in `interp`, capturing what it prints. Returns `(stdout, stderr, exit code)`.
/// Diagnostics are rendered without colour; `name` is how the file is shown in them.
pub fn run_script(interp: &mut Interpreter, name: &str, text: &str) -> (String, String, i32) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = run_script_to(interp, name, text, &mut out, &mut err, false);
    (String::from_utf8_lossy(&out).into_owned(), String::from_utf8_lossy(&err).into_owned(), code)
}

/// Runs a whole script in `interp`, writing values to `out` and diagnostics to `err` as they happen.
/// Returns the exit status: 0, or 1 after the first failing cell.
pub fn run_script_to(
    interp: &mut Interpreter,
    name: &str,
    text: &str,
    out: &mut dyn Write,
    err: &mut dyn Write,
    color: bool,
) -> i32 {
    // A UTF-8 byte-order mark (as some editors save) is not part of the program.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let file = interp.sources().add(name, text);
    for cell in parse_cells(text, file) {
        if !run_cell(interp, &cell, out, err, color) {
            return 1;
        }
    }
    0
}

/// Evaluates `text` as a single cell (`cgs -e`, one REPL input). Returns the exit status.
pub fn run_single_cell(
    interp: &mut Interpreter,
    name: &str,
    text: &str,
    out: &mut dyn Write,
    err: &mut dyn Write,
    color: bool,
) -> i32 {
    let file = interp.sources().add(name, text);
    let cell = parse_cell(text, file);
    if run_cell(interp, &cell, out, err, color) {
        0
    } else {
        1
    }
}

/// Reports every parse error of `cell`, or evaluates it. Returns whether it succeeded.
pub fn run_cell(interp: &mut Interpreter, cell: &Cell, out: &mut dyn Write, err: &mut dyn Write, color: bool) -> bool {
    let diagnostics: Vec<Diagnostic> = if cell.errors.is_empty() {
        match eval_guarded(interp, cell, out) {
            Ok(()) => return true,
            Err(d) => vec![d],
        }
    } else {
        cell.errors.iter().map(Diagnostic::from).collect()
    };
    let _ = out.flush();
    for d in &diagnostics {
        render(d, interp.sources(), err, color);
    }
    let _ = err.flush();
    false
}

/// Evaluates a parsed cell, turning an escaped panic into an internal-error diagnostic.
fn eval_guarded(interp: &mut Interpreter, cell: &Cell, out: &mut dyn Write) -> Result<(), Diagnostic> {
    CATCHING.with(|c| c.set(true));
    let progress = super::progress::Progress::start();
    let result = panic::catch_unwind(AssertUnwindSafe(|| interp.eval_cell(&cell.block, out)));
    drop(progress);
    CATCHING.with(|c| c.set(false));
    let _ = out.flush();
    match result {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => {
            let mut d = Diagnostic::from(&e);
            if let Some(hint) = did_you_mean(interp, &e.kind) {
                d.notes.push(hint);
            }
            Err(d)
        }
        Err(payload) => {
            let mut d = Diagnostic::internal_bug(panic_message(&*payload), cell.span);
            if let (Some(location), Some(note)) = (PANIC_LOCATION.with(|l| l.borrow_mut().take()), d.notes.last_mut()) {
                note.push_str(&format!(" (the panic happened at {location})"));
            }
            Err(d)
        }
    }
}

/// The message of a caught panic (its `&str` or `String` payload), for an internal-error diagnostic.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "the interpreter panicked".to_string())
}

/// "Did you mean …?" for an unknown variable or member: the closest known name, when one is close.
fn did_you_mean(interp: &Interpreter, kind: &crate::interp::ErrorKind) -> Option<String> {
    use crate::interp::ErrorKind;
    let (name, candidates): (&str, Vec<String>) = match kind {
        ErrorKind::UndefinedVariable { name } => (name, interp.completion_names()),
        ErrorKind::NotAMember { name, .. } => (name, interp.member_names().into_iter().map(str::to_string).collect()),
        _ => return None,
    };
    closest(name, &candidates).map(|c| format!("Did you mean `{c}`?"))
}

/// The candidate nearest to `name` by edit distance (case differences cost nothing extra beyond one edit
/// each), if it is within a third of the name's length (at most 3; a name of one or two letters only matches up
/// to case).
pub fn closest<'c>(name: &str, candidates: &'c [String]) -> Option<&'c str> {
    let limit = (name.chars().count() / 3).min(3);
    let lower = name.to_lowercase();
    // The distance is at least the difference in length: candidates further off in length are not compared
    // (a 1 MB identifier is compared with nothing, issue 36 row 10).
    let len = lower.chars().count();
    candidates
        .iter()
        .filter(|c| c.as_str() != name)
        // The stdlib's internal names (`_Join`, `_GenClobberSchema`) are never offered unless asked for.
        .filter(|c| !c.starts_with('_') || name.starts_with('_'))
        .filter_map(|c| {
            let other = c.to_lowercase();
            if other.chars().count().abs_diff(len) > limit {
                return None;
            }
            let d = if other == lower { 0 } else { edit_distance(&lower, &other) };
            Some((d, c))
        })
        .filter(|(d, _)| *d <= limit)
        .min_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)))
        .map(|(_, c)| c.as_str())
}

/// Levenshtein distance between two strings (by characters).
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb)).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

thread_local! {
    /// Set while [`eval_guarded`] runs: panics are then reported as diagnostics, not by the default hook.
    static CATCHING: StdCell<bool> = const { StdCell::new(false) };
    /// Where the last caught panic happened, recorded by the hook for the diagnostic.
    static PANIC_LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs (once) a panic hook that stays silent for panics [`run_cell`] catches, recording their location
/// for the internal-error diagnostic instead; other panics go to the previous hook.
pub fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            // An engine operation stopped by Ctrl-C or by the memory budget unwinds on purpose: the
            // interpreter turns it into an ordinary error, so there is nothing to report here.
            let payload = info.payload();
            if payload.is::<crate::game::short::store::Interrupted>()
                || payload.is::<crate::game::budget::OutOfBudget>()
                || payload.is::<crate::game::budget::StackExhausted>()
                || payload.is::<crate::game::short::store::TooManyOptions>()
                || payload.is::<crate::game::short::store::TooManyFollowers>()
            {
                return;
            }
            if CATCHING.with(|c| c.get()) {
                let location = info.location().map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()));
                PANIC_LOCATION.with(|l| *l.borrow_mut() = location);
            } else {
                previous(info);
            }
        }));
    });
}

/// Whether diagnostics written to stderr should be coloured: stderr is a terminal, `NO_COLOR` is unset and
/// `TERM` is not `dumb`.
pub fn stderr_wants_color() -> bool {
    io::stderr().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        && std::env::var("TERM").map_or(true, |t| t != "dumb")
}

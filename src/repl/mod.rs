//! The interactive front end: a terminal-free [`Repl`] backend, and a thin rustyline front end
//! ([`terminal::run`]) on top of it.
//!
//! The backend owns the [`Interpreter`] and the lines of a cell still being typed. Input is decided complete
//! by the real parser ([`is_incomplete`]); complete input is split into cells and evaluated by
//! [`script::run_script_to`], the path scripts take (so pasting several lines works as typing them).
//!
//! No error ends the session or loses a variable: parse errors never reach the interpreter, evaluation
//! errors leave the variables as the cell's completed assignments made them, and a panic inside the
//! interpreter is caught and reported as an internal error.

pub mod command;
pub mod help;
pub mod progress;
pub mod reference;
pub mod safe;
pub mod script;
pub mod terminal;

pub use crate::interp::with_big_stack;
pub use command::{Command, CommandError};
pub use script::{run_script, run_script_to, run_single_cell};

use crate::interp::Interpreter;
use crate::syntax::parse::is_incomplete;
use std::io::Write;
use std::time::{Duration, Instant};

/// The prompt for a new cell.
pub const PROMPT: &str = "cgs> ";
/// The prompt while a cell is being continued.
pub const CONTINUATION_PROMPT: &str = "...> ";

/// What the REPL expects after an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplStatus {
    /// The input was handled; ready for a new cell.
    Ready,
    /// The cell is unfinished; more lines are needed.
    Continue,
    /// The user asked to leave.
    Quit,
}

/// What one input produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplOutput {
    /// Values and `Print` output.
    pub stdout: String,
    /// Diagnostics.
    pub stderr: String,
    /// What happens next.
    pub status: ReplStatus,
}

/// The REPL backend: an interpreter, the unfinished cell, and the session's settings.
pub struct Repl {
    interp: Interpreter,
    pending: String,
    timing: bool,
    cells: usize,
    color: bool,
}

impl Default for Repl {
    fn default() -> Self {
        Repl::new()
    }
}

impl Repl {
    /// A fresh session (the interpreter loads its stdlib here, before the first prompt). Colour is off.
    pub fn new() -> Repl {
        Repl::with_interpreter(crate::new_interpreter())
    }

    /// A session around an existing interpreter (e.g. one that has run the scripts given to `cgs -i`).
    pub fn with_interpreter(interp: Interpreter) -> Repl {
        Repl { interp, pending: String::new(), timing: false, cells: 0, color: false }
    }

    /// Switches coloured diagnostics on or off.
    pub fn set_color(&mut self, color: bool) {
        self.color = color;
    }

    /// The interpreter, e.g. for its interrupt flag.
    pub fn interpreter(&mut self) -> &mut Interpreter {
        &mut self.interp
    }

    /// The prompt to show next: [`PROMPT`], or [`CONTINUATION_PROMPT`] inside an unfinished cell.
    pub fn prompt(&self) -> &'static str {
        if self.pending.is_empty() {
            PROMPT
        } else {
            CONTINUATION_PROMPT
        }
    }

    /// Whether an unfinished cell is waiting for more lines.
    pub fn has_pending_input(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Drops the unfinished cell (Ctrl-C at a continuation prompt).
    pub fn cancel_pending(&mut self) {
        self.pending.clear();
    }

    /// Whether `text`, appended to the unfinished cell, still needs more lines. Commands are always complete.
    pub fn needs_more(&self, text: &str) -> bool {
        if self.pending.is_empty() && text.trim_start().starts_with([':', '?']) {
            return false;
        }
        is_incomplete(&format!("{}{}", self.pending, text))
    }

    /// Names for completion: variables, functions and globals.
    pub fn completion_names(&self) -> Vec<String> {
        self.interp.completion_names()
    }

    /// Handles one line (or several, as an editor with a validator returns them), capturing the output.
    pub fn input_line(&mut self, line: &str) -> ReplOutput {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let status = self.input(line, &mut out, &mut err);
        ReplOutput {
            stdout: String::from_utf8_lossy(&out).into_owned(),
            stderr: String::from_utf8_lossy(&err).into_owned(),
            status,
        }
    }

    /// Feeds `text` line by line, as if typed, and returns everything printed to `(stdout, stderr)`.
    /// Stops at `:quit`.
    pub fn eval_text(&mut self, text: &str) -> (String, String) {
        let (mut stdout, mut stderr) = (String::new(), String::new());
        for line in text.lines() {
            let o = self.input_line(line);
            stdout.push_str(&o.stdout);
            stderr.push_str(&o.stderr);
            if o.status == ReplStatus::Quit {
                break;
            }
        }
        (stdout, stderr)
    }

    /// Handles one input, writing values to `out` and diagnostics to `err` as they are produced.
    pub fn input(&mut self, text: &str, out: &mut dyn Write, err: &mut dyn Write) -> ReplStatus {
        if self.pending.is_empty() && text.trim_start().starts_with(':') {
            return self.command(text, out, err);
        }
        if self.pending.is_empty() && text.trim_start().starts_with('?') {
            self.doc(text.trim_start()[1..].trim(), out, err);
            return ReplStatus::Ready;
        }
        self.pending.push_str(text);
        if self.pending.trim().is_empty() {
            self.pending.clear();
            return ReplStatus::Ready;
        }
        if is_incomplete(&self.pending) {
            self.pending.push('\n');
            return ReplStatus::Continue;
        }
        let source = std::mem::take(&mut self.pending);
        self.cells += 1;
        let name = format!("<repl:{}>", self.cells);
        let start = Instant::now();
        // Pasted text may hold several cells: split it as a script is split (stopping at an error).
        script::run_script_to(&mut self.interp, &name, &source, out, err, self.color);
        self.report_time(start, out);
        ReplStatus::Ready
    }

    fn command(&mut self, line: &str, out: &mut dyn Write, err: &mut dyn Write) -> ReplStatus {
        let command = match Command::parse(line) {
            Ok(command) => command,
            Err(e) => {
                self.plain_error(&e.to_string(), err);
                return ReplStatus::Ready;
            }
        };
        match command {
            Command::Help => {
                let _ = write!(out, "{}", command::help_text());
            }
            Command::Quit => return ReplStatus::Quit,
            Command::Doc(what) => self.doc(&what, out, err),
            Command::Time => {
                self.timing = !self.timing;
                let _ = writeln!(out, "Timing is {}.", if self.timing { "on" } else { "off" });
            }
            Command::Clear => {
                // A fresh workspace: every variable, definition, game and memo table goes, and so does the
                // memory they held. Ctrl-C keeps reaching it (same interrupt flag).
                // The new workspace is built with the budget lifted: the old one, still held while it is
                // built, may fill the budget (`:clear` after a budget error, issue 36 row 5). It is small, and
                // the old one is dropped straight after.
                let flag = self.interp.interrupt_flag();
                let limit = crate::game::budget::limit();
                crate::game::budget::set_limit(usize::MAX);
                let fresh = crate::new_interpreter();
                drop(std::mem::replace(&mut self.interp, fresh));
                self.interp.use_interrupt_flag(flag);
                crate::game::budget::set_limit(limit);
                crate::game::budget::give_back();
                let _ = writeln!(out, "All variables cleared.");
            }
            Command::Set(arg) => {
                let mut words = arg.split_whitespace();
                match (words.next(), words.next(), words.next()) {
                    (None, _, _) => {
                        let limit = crate::game::budget::limit();
                        let shown = if limit == usize::MAX {
                            "none".to_string()
                        } else {
                            crate::game::budget::format_size(limit)
                        };
                        let used = crate::game::budget::format_size(crate::game::budget::used());
                        let _ = writeln!(out, "max-memory {shown} ({used} in use)");
                        let _ = writeln!(out, "print-limit {}", print_limit_shown());
                        let _ = writeln!(out, "print-sharing {}", print_sharing_shown());
                        let _ = writeln!(out, "output {}", crate::game::print_limit::output_shown());
                    }
                    (Some("output"), Some(v), None) => match crate::game::print_limit::parse_output(v) {
                        Ok(on) => {
                            crate::game::print_limit::set_cgsuite(on);
                            let _ = writeln!(out, "Output: {}.", crate::game::print_limit::output_shown());
                        }
                        Err(why) => {
                            let _ = writeln!(err, "Error: {why}.");
                        }
                    },
                    (Some("print-sharing"), Some(v), None) => match crate::game::print_limit::parse_sharing(v) {
                        Ok(on) => {
                            crate::game::print_limit::set_sharing(on);
                            let _ = writeln!(out, "Print sharing: {}.", print_sharing_shown());
                        }
                        Err(why) => {
                            let _ = writeln!(err, "Error: {why}.");
                        }
                    },
                    (Some("print-limit"), Some(n), None) => match crate::game::print_limit::parse(n) {
                        Ok(limit) => {
                            crate::game::print_limit::set_setting(limit);
                            let _ = writeln!(out, "Print limit: {}.", print_limit_shown());
                        }
                        Err(why) => {
                            let _ = writeln!(err, "Error: {why}.");
                        }
                    },
                    (Some("max-memory"), Some(size), None) => match crate::game::budget::parse_budget(size) {
                        Ok(bytes) => {
                            crate::game::budget::set_limit(bytes);
                            let _ = writeln!(out, "Memory budget: {}.", crate::game::budget::format_size(bytes));
                        }
                        Err(why) => {
                            let _ = writeln!(err, "Error: {why}.");
                        }
                    },
                    _ => {
                        let _ = writeln!(
                            err,
                            "Error: Usage: `:set max-memory SIZE` (e.g. 4G, 512M), `:set print-limit N` (characters, \
                             or `none`), `:set print-sharing on|off` or `:set output cgs|cgsuite`."
                        );
                    }
                }
            }
            Command::Load(path) => match std::fs::read_to_string(&path) {
                Ok(text) => {
                    let start = Instant::now();
                    self.interp.set_script_path(std::path::Path::new(&path));
                    script::run_script_to(&mut self.interp, &path, &text, out, err, self.color);
                    self.report_time(start, out);
                }
                Err(e) => self.plain_error(&format!("Could not read `{path}`: {}.", io_reason(&e)), err),
            },
        }
        ReplStatus::Ready
    }

    /// `?X` / `:doc X`.
    fn doc(&mut self, what: &str, out: &mut dyn Write, err: &mut dyn Write) {
        match help::help(&mut self.interp, what) {
            Ok(text) => {
                let _ = write!(out, "{text}");
            }
            Err(message) => self.plain_error(&message, err),
        }
    }

    /// What completion needs to know about the session's values (see [`help::MemberIndex`]).
    pub fn member_index(&mut self) -> help::MemberIndex {
        help::MemberIndex::new(&mut self.interp)
    }

    fn report_time(&self, start: Instant, out: &mut dyn Write) {
        if self.timing {
            let _ = writeln!(out, "Time: {}", format_duration(start.elapsed()));
        }
    }

    fn plain_error(&self, message: &str, err: &mut dyn Write) {
        let _ = if self.color {
            writeln!(err, "\x1b[31mError:\x1b[0m {message}")
        } else {
            writeln!(err, "Error: {message}")
        };
    }
}

/// An I/O error's reason without the `(os error 2)` suffix.
pub fn io_reason(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// `0.123 ms`, `45.6 ms`, `2.345 s`.
pub fn format_duration(d: Duration) -> String {
    let secs = d.as_secs_f64();
    if secs < 0.001 {
        format!("{:.3} ms", secs * 1e3)
    } else if secs < 1.0 {
        format!("{:.1} ms", secs * 1e3)
    } else {
        format!("{secs:.3} s")
    }
}

/// The print-sharing setting as `:set` shows it.
fn print_sharing_shown() -> &'static str {
    if crate::game::print_limit::sharing() {
        "on"
    } else {
        "off"
    }
}

/// The print limit as `:set` shows it.
fn print_limit_shown() -> String {
    match crate::game::print_limit::setting() {
        Some(n) => format!("{n} characters"),
        None => "none".to_string(),
    }
}

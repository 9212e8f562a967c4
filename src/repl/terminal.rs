//! The rustyline front end: line editing, persistent history, completion, multi-line input and Ctrl-C.
//!
//! - Multi-line input: a [`Validator`] asks the parser ([`Repl::needs_more`]); an unfinished cell such as
//!   `def f(x) begin` keeps the editor open on a new line, and the whole cell is one history entry.
//! - Ctrl-C at the prompt clears the input (and prints a hint on an empty line); Ctrl-D quits.
//! - Ctrl-C during an evaluation: the terminal is in cooked mode then, so the signal reaches a `ctrlc` handler
//!   (installed once per process) that sets the interpreter's interrupt flag; the evaluation stops with an
//!   "Interrupted." error and the prompt returns with every variable intact. Three Ctrl-Cs during one
//!   evaluation that does not stop exit the process.
//! - History lives in `$CGS_HISTORY` or `$HOME/.cgs_history`; failing to read or write it is not an error.

use super::{Repl, ReplStatus};
use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::{CmdKind, Highlighter, MatchingBracketHighlighter};
use rustyline::history::DefaultHistory;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{CompletionType, Config, Context, Editor, Helper, Hinter};
use std::borrow::Cow;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// Runs the interactive REPL on `repl` until `:quit` or Ctrl-D. Returns the process exit status.
pub fn run(mut repl: Repl) -> i32 {
    let mut editor = match make_editor() {
        Ok(editor) => editor,
        Err(e) => {
            eprintln!("Error: cannot start the line editor: {e}.");
            return 1;
        }
    };
    let history = history_path();
    if let Some(path) = &history {
        let _ = editor.load_history(path);
    }
    let interrupts = Interrupts::install(repl.interpreter().interrupt_flag());

    let mut invalid_lines = 0;
    println!("cgs {} — combinatorial game theory. Type :help for help, Ctrl-D to quit.", env!("CARGO_PKG_VERSION"));
    loop {
        if let Some(helper) = editor.helper_mut() {
            helper.names = repl.completion_names();
            helper.index = repl.member_index();
        }
        match editor.readline(repl.prompt()) {
            Ok(text) => {
                invalid_lines = 0;
                if !text.trim().is_empty() {
                    let _ = editor.add_history_entry(text.as_str());
                    if let Some(path) = &history {
                        let _ = editor.append_history(path);
                    }
                }
                if let Some(i) = &interrupts {
                    i.start_evaluation();
                }
                // Unlocked handles: the Ctrl-C handler may need stderr while this evaluation runs.
                let status = repl.input(&text, &mut super::safe::TerminalSafe::new(io::stdout()), &mut io::stderr());
                if let Some(i) = &interrupts {
                    i.end_evaluation();
                }
                if status == ReplStatus::Quit {
                    break;
                }
            }
            Err(ReadlineError::Interrupted) => {
                if repl.has_pending_input() {
                    repl.cancel_pending();
                } else {
                    eprintln!("(To leave cgs, press Ctrl-D or type :quit.)");
                }
            }
            Err(ReadlineError::Eof) => break,
            // A byte that is not UTF-8 (`caf\xe9`, a lone `\xff`): the editor drops the line (and what else it
            // had read); the session goes on (issue 36 row 4). Many in a row (a binary file on stdin) end it.
            Err(ReadlineError::Io(e)) if e.kind() == io::ErrorKind::InvalidData && invalid_lines < 100 => {
                invalid_lines += 1;
                eprintln!("Error: the line was not valid UTF-8 text (cgs reads UTF-8); it was dropped.");
            }
            Err(e) => {
                eprintln!("Error: {e}.");
                break;
            }
        }
    }
    0
}

fn make_editor() -> rustyline::Result<Editor<CgsHelper, DefaultHistory>> {
    let config = Config::builder()
        .auto_add_history(false)
        .history_ignore_space(true)
        .history_ignore_dups(true)?
        .max_history_size(5000)?
        .completion_type(CompletionType::List)
        .build();
    let mut editor = Editor::with_config(config)?;
    editor.set_helper(Some(CgsHelper {
        names: Vec::new(),
        index: Default::default(),
        brackets: MatchingBracketHighlighter::new(),
    }));
    Ok(editor)
}

/// `$CGS_HISTORY` (empty: no history), else `$HOME/.cgs_history`.
fn history_path() -> Option<PathBuf> {
    match std::env::var_os("CGS_HISTORY") {
        Some(p) if p.is_empty() => None,
        Some(p) => Some(PathBuf::from(p)),
        None => std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cgs_history")),
    }
}

/// Routes SIGINT to the interpreter while an evaluation runs.
struct Interrupts {
    evaluating: Arc<AtomicBool>,
    presses: Arc<AtomicUsize>,
    flag: Arc<AtomicBool>,
}

/// The interrupt flag, whether an evaluation is running, and the count of Ctrl-C presses during it.
type SharedFlags = (Arc<AtomicBool>, Arc<AtomicUsize>, Arc<AtomicBool>);

impl Interrupts {
    /// Installs the process's one `ctrlc` handler. `None` if signals are unavailable (then Ctrl-C during an
    /// evaluation ends the process, as it would without a handler).
    fn install(flag: Arc<AtomicBool>) -> Option<Interrupts> {
        static INSTALLED: OnceLock<Option<SharedFlags>> = OnceLock::new();
        let shared = INSTALLED.get_or_init(|| {
            let evaluating = Arc::new(AtomicBool::new(false));
            let presses = Arc::new(AtomicUsize::new(0));
            let (e, p, f) = (evaluating.clone(), presses.clone(), flag.clone());
            ctrlc::set_handler(move || {
                if !e.load(Ordering::SeqCst) {
                    return;
                }
                f.store(true, Ordering::SeqCst);
                if p.fetch_add(1, Ordering::SeqCst) + 1 >= 3 {
                    let _ = writeln!(io::stderr(), "\nInterrupted three times; exiting.");
                    std::process::exit(130);
                }
            })
            .ok()
            .map(|()| (evaluating, presses, flag))
        });
        shared.as_ref().map(|(evaluating, presses, flag)| Interrupts {
            evaluating: evaluating.clone(),
            presses: presses.clone(),
            flag: flag.clone(),
        })
    }

    fn start_evaluation(&self) {
        self.flag.store(false, Ordering::SeqCst);
        self.presses.store(0, Ordering::SeqCst);
        self.evaluating.store(true, Ordering::SeqCst);
    }

    fn end_evaluation(&self) {
        self.evaluating.store(false, Ordering::SeqCst);
        self.flag.store(false, Ordering::SeqCst);
    }
}

/// Completion, validation and bracket highlighting for the editor.
#[derive(Helper, Hinter)]
struct CgsHelper {
    /// Variables, functions and globals, refreshed before each prompt.
    names: Vec<String>,
    /// Member names of the session's values, offered after a `.`.
    index: super::help::MemberIndex,
    brackets: MatchingBracketHighlighter,
}

impl Validator for CgsHelper {
    /// Every line is handed to the backend as typed: an unfinished cell is kept there and continued at the
    /// `...>` prompt (the parser decides, in [`Repl::input`](super::Repl::input)), so lines that arrive
    /// together — a paste, lines typed during an evaluation — each run in order.
    fn validate(&self, _: &mut ValidationContext) -> rustyline::Result<ValidationResult> {
        Ok(ValidationResult::Valid(None))
    }
}

impl Highlighter for CgsHelper {
    fn highlight<'l>(&self, line: &'l str, pos: usize) -> Cow<'l, str> {
        self.brackets.highlight(line, pos)
    }

    fn highlight_char(&self, line: &str, pos: usize, kind: CmdKind) -> bool {
        self.brackets.highlight_char(line, pos, kind)
    }
}

impl Completer for CgsHelper {
    type Candidate = Pair;

    fn complete(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> rustyline::Result<(usize, Vec<Pair>)> {
        Ok(complete(line, pos, &self.names, &|receiver| match receiver {
            Some(r) => self.index.members_after(r),
            None => self.index.members_after(""),
        }))
    }
}

/// The word before `pos` and its candidates: REPL commands after a leading `:`, after a `.` the member names
/// `members` gives for the receiver (see [`super::help::receiver_before`]; `None` when it is not a variable or
/// literal), otherwise variables and globals.
pub fn complete(
    line: &str,
    pos: usize,
    names: &[String],
    members: &dyn Fn(Option<&str>) -> Vec<String>,
) -> (usize, Vec<Pair>) {
    let before = &line[..pos];
    let start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphanumeric() || *c == '_')
        .last()
        .map_or(pos, |(i, _)| i);
    let word = &before[start..];
    let pair = |s: &str| Pair { display: s.to_string(), replacement: s.to_string() };
    let prefix = &before[..start];
    let mut candidates: Vec<Pair> = if prefix.trim() == ":" {
        super::command::COMMANDS.iter().filter(|c| c.0.starts_with(word)).map(|c| pair(c.0)).collect()
    } else if prefix.trim_start().starts_with(':') {
        Vec::new()
    } else if prefix.ends_with('.') {
        let receiver = super::help::receiver_before(line, start - 1);
        members(receiver).iter().filter(|m| m.starts_with(word)).map(|m| pair(m)).collect()
    } else {
        names.iter().filter(|n| n.starts_with(word)).map(|n| pair(n)).collect()
    };
    candidates.sort_by(|a, b| a.display.cmp(&b.display));
    candidates.dedup_by(|a, b| a.display == b.display);
    (start, candidates)
}

#[cfg(test)]
mod tests {
    use super::complete;

    fn words(line: &str) -> Vec<String> {
        let names = vec!["Tiny".to_string(), "Temp".to_string(), "x".to_string()];
        let members = |_: Option<&str>| ["CanonicalForm", "Cool", "Temperature"].map(String::from).to_vec();
        let (_, c) = complete(line, line.len(), &names, &members);
        c.into_iter().map(|p| p.replacement).collect()
    }

    #[test]
    fn completes_names_members_and_commands() {
        assert_eq!(words("T"), ["Temp", "Tiny"]);
        assert_eq!(words("1 + Ti"), ["Tiny"]);
        assert_eq!(words("x.C"), ["CanonicalForm", "Cool"]);
        assert_eq!(words("(x + 1).Te"), ["Temperature"]);
        assert_eq!(words(":l"), ["load"]);
        assert_eq!(complete("x.Co", 4, &[], &|_| vec!["Cool".to_string()]).0, 2);
        // The receiver is handed to `members`.
        let typed = |r: Option<&str>| if r == Some("l") { vec!["Length".to_string()] } else { Vec::new() };
        assert_eq!(complete("l.Le", 4, &[], &typed).1[0].replacement, "Length");
        assert!(complete("f(l).Le", 7, &[], &typed).1.is_empty());
    }
}

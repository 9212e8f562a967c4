//! The kernel's evaluation thread: owns the [`Interpreter`] and answers jobs one at a time, so the async
//! sockets (heartbeat, control) never wait for an evaluation. `Print` output is streamed through a channel
//! as it is written; each cell's value comes back as a display bundle ([`super::display`]).

use super::display::bundle;
use crate::diag::{render_to_string, Diagnostic};
use crate::interp::Interpreter;
use crate::syntax::parse::{is_incomplete, parse_cells};
use serde_json::Value as Json;
use std::io::Write;
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc;
use tokio::sync::oneshot;

/// What an execution produced, besides the streamed text.
pub enum Outcome {
    /// Values to show: every cell's bundle but the last as `display_data`, the last as `execute_result`.
    Ok {
        /// Bundles of the cells before the last.
        displays: Vec<Json>,
        /// The last cell's bundle, if it shows a value.
        result: Option<Json>,
    },
    /// The rendered diagnostic (no colour codes) and its one-line message; displays shown before the error.
    Err {
        /// Bundles of the cells that ran before the error.
        displays: Vec<Json>,
        /// The diagnostic's one-line message.
        message: String,
        /// The rendered diagnostic, without colour codes.
        traceback: String,
    },
}

/// A request for the evaluation thread.
pub enum Job {
    /// Run a cell; `stream` receives `Print` output as it is written.
    Execute {
        /// The cell's source.
        code: String,
        /// Where `Print` output goes.
        stream: Box<dyn FnMut(&str) + Send>,
        /// Where the outcome goes.
        reply: oneshot::Sender<Outcome>,
    },
    /// The completion tables: (global names and variables, member names — of the receiver's type when the
    /// receiver is a variable or literal).
    Names {
        /// The text before the `.`, if completing a member of a variable or literal.
        receiver: Option<String>,
        /// Where the tables go.
        reply: oneshot::Sender<(Vec<String>, Vec<String>)>,
    },
    /// The `?X` text for a name or `receiver.Member` (`None`: nothing is named so).
    Inspect {
        /// The name under the cursor.
        name: String,
        /// Where the text goes.
        reply: oneshot::Sender<Option<String>>,
    },
}

/// Whether `code` is a finished cell (the parser decides, as in the REPL).
pub fn is_complete(code: &str) -> bool {
    !is_incomplete(code)
}

/// Runs jobs until the channel closes. Call on a thread with a big stack.
pub fn serve(mut interp: Interpreter, jobs: mpsc::Receiver<Job>) {
    let mut cells = 0usize;
    while let Ok(job) = jobs.recv() {
        match job {
            Job::Execute { code, stream, reply } => {
                cells += 1;
                let _ = reply.send(execute(&mut interp, cells, &code, stream));
            }
            Job::Names { receiver, reply } => {
                let index = crate::repl::help::MemberIndex::new(&mut interp);
                let members = index.members_after(receiver.as_deref().unwrap_or(""));
                let _ = reply.send((interp.completion_names(), members));
            }
            Job::Inspect { name, reply } => {
                let _ = reply.send(crate::repl::help::help(&mut interp, &name).ok());
            }
        }
    }
}

/// A writer that hands every write to the stream callback.
struct Streamer(Box<dyn FnMut(&str) + Send>);

impl Write for Streamer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if !buf.is_empty() {
            (self.0)(&String::from_utf8_lossy(buf));
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn execute(interp: &mut Interpreter, n: usize, code: &str, stream: Box<dyn FnMut(&str) + Send>) -> Outcome {
    let mut out = Streamer(stream);
    let file = interp.sources().add(format!("<cell:{n}>"), code);
    let cells = parse_cells(code, file);
    let mut shown: Vec<Json> = Vec::new();
    for cell in &cells {
        let failure: Option<Vec<Diagnostic>> = if !cell.errors.is_empty() {
            Some(cell.errors.iter().map(Diagnostic::from).collect())
        } else {
            let result = panic::catch_unwind(AssertUnwindSafe(|| interp.eval_value(&cell.block, &mut out)));
            match result {
                Ok(Ok(value)) => {
                    if crate::interp::shows_value(&cell.block, &value) {
                        shown.push(bundle(interp, &value));
                    }
                    None
                }
                Ok(Err(e)) => Some(vec![Diagnostic::from(&e)]),
                Err(payload) => {
                    Some(vec![Diagnostic::internal_bug(crate::repl::script::panic_message(&*payload), cell.span)])
                }
            }
        };
        if let Some(diagnostics) = failure {
            let message = diagnostics.first().map(|d| d.message.clone()).unwrap_or_default();
            let traceback: String = diagnostics.iter().map(|d| render_to_string(d, interp.sources())).collect();
            return Outcome::Err { displays: shown, message, traceback };
        }
    }
    let result = shown.pop();
    Outcome::Ok { displays: shown, result }
}

//! The structured form of an error every phase converts to (see the folder's documentation).

use crate::syntax::span::Span;

/// A renderable error: a one-line message, the primary span, secondary labels and notes.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    /// The one-line message in CGSuite's sentence style.
    pub message: String,
    /// Where the caret goes.
    pub span: Span,
    /// Further labelled spans (e.g. each frame of a call stack, innermost first).
    pub labels: Vec<(Span, String)>,
    /// Notes and hints printed after the source excerpt.
    pub notes: Vec<String>,
}

/// The note attached to every internal error: the message is cgs's fault, not the user's.
pub const BUG_NOTE: &str =
    "this is a bug in cgs, not in your script; please report it with the input that triggered it";

impl Diagnostic {
    /// An internal error (a violated invariant of cgs itself, such as a caught panic), with the
    /// "please report" note.
    pub fn internal_bug(message: impl std::fmt::Display, span: Span) -> Diagnostic {
        Diagnostic {
            message: format!("Internal error: {message}"),
            span,
            labels: Vec::new(),
            notes: vec![BUG_NOTE.to_string()],
        }
    }
}

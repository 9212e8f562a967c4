//! The one place where errors become text. Each phase converts its structured error into a [`Diagnostic`]
//! (`impl From<&ParseError>`, `impl From<&EvalError>`); only this module renders them, with ariadne.

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

//! The one place where errors become text. Each phase converts its structured error into a [`Diagnostic`]
//! (`impl From<&ParseError>`, `impl From<&EvalError>`); only this module renders them, with ariadne.

mod diagnostic;
mod render;

pub use diagnostic::{Diagnostic, BUG_NOTE};
pub use render::{render, render_to_string};

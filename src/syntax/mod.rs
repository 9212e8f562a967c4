//! Source text to spanned AST: the logos lexer, the LALRPOP parser and the cell splitter.

pub mod ast;
mod compat;
mod infix;
pub mod lexer;
pub mod misere;
pub mod parse;
pub mod printed;
pub mod resolve;
pub mod sexp;
mod slot;
pub mod span;
pub mod tokens;
pub mod unparse;

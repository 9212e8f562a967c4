//! Source text to spanned AST: the logos lexer, the LALRPOP parser and the cell splitter.

pub mod ast;
pub mod span;

//! cgs: a scripting language and computer-algebra system for combinatorial game theory.
//!
//! Stages (see ARCHITECTURE.md): [`syntax`] turns text into a spanned AST, [`interp`] evaluates it, [`game`]
//! is the engine of canonical games it calls, [`ruleset`] evaluates script-defined rulesets, [`diag`] renders
//! every error, and [`repl`] is the interactive front end.
#![warn(missing_docs)]

pub mod diag;
pub mod game;
pub mod interp;
pub mod kernel;
pub mod repl;
pub mod ruleset;
pub mod solve;
pub mod syntax;

/// A workspace with every layer installed: the core built-ins, script rulesets and the standard library.
/// This is what the REPL, scripts and tests start from.
pub fn new_interpreter() -> interp::Interpreter {
    let mut interp = interp::Interpreter::core();
    ruleset::install(&mut interp);
    interp
}

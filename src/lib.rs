//! cgs: a scripting language and computer-algebra system for combinatorial game theory.
//!
//! Layers, top to bottom; each imports only the layers below it (docs/ARCHITECTURE.md; the layering test in
//! `tests/integration/layering.rs` enforces it): the front-ends ([`repl`], `main.rs`, and
//! [`new_interpreter`] here) → [`ruleset`] (script rulesets and the stdlib) → [`interp`] (the evaluator, values,
//! the object protocol, core built-ins) → [`solve`] (native solvers) → [`game`] (the engine, by domain);
//! [`syntax`] (lexer, AST, parser) and [`diag`] (error rendering) stand beside them.
#![warn(missing_docs)]

pub mod diag;
pub mod embed;
pub mod game;
pub mod interp;
pub mod kernel;
pub mod library;
pub mod repl;
pub mod ruleset;
pub mod solve;
pub mod syntax;

/// The allocator: mimalloc for small blocks and the system's for large ones, counting live bytes for the memory
/// budget ([`game::budget`]).
#[global_allocator]
static ALLOCATOR: game::budget::CountingAlloc = game::budget::CountingAlloc;

/// A workspace with every layer installed: the core built-ins, script rulesets and the standard library.
/// This is what the REPL, scripts and tests start from.
pub fn new_interpreter() -> interp::Interpreter {
    let mut interp = core_interpreter();
    ruleset::install(&mut interp);
    interp
}

/// A workspace with the core language and the class library, without rulesets or the standard library (the
/// evaluator's unit tests start from it).
pub fn core_interpreter() -> interp::Interpreter {
    let mut interp = interp::Interpreter::bare();
    library::install(&mut interp);
    interp
}

//! The plain parts of the core's types: declarations that hold no value and no machine, so that the knot of
//! recursive types (`types.rs`) can take them from below. Only declarations live here; their code stays with
//! the code that uses them: `impl Player` in `value.rs`, `impl Doc`, `impl Param` and `impl Site` (its error
//! helpers) in `native.rs`, [`RustType`]'s constructor `rust_type` in `registry.rs`. Imports nothing of
//! `interp/`.

use crate::syntax::span::Span;
use std::any::TypeId;

/// `Left` or `Right`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Player {
    /// Left (positive, bLue, vertical).
    Left,
    /// Right.
    Right,
}

/// What `?X` / `:doc X` shows for a native function or member: its arguments as written in a call (`"(t)"`, or
/// `""` for a property), one or two sentences, and an example expression (evaluated when shown, and by a test).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Doc {
    /// The argument list, e.g. `"(t)"`; empty for a property.
    pub args: &'static str,
    /// What it does.
    pub text: &'static str,
    /// An expression using it (empty when none).
    pub example: &'static str,
}

/// One parameter of a native member, as CGSuite's class declares it (`def Overheat(s as Game, t as Game)`,
/// `def CakeProduct(that as Game, twisted? as Boolean)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Param {
    /// Its name, which a named argument gives (`t => 1`).
    pub name: &'static str,
    /// The class of value it takes (`"Game"`; `"Object"` for any value).
    pub kind: &'static str,
    /// Whether a call may leave it out.
    pub optional: bool,
}

/// Where a native was called: its name, the span of the call and of each argument.
pub struct Site<'s> {
    /// The function or member name.
    pub name: &'s str,
    /// The whole call.
    pub span: Span,
    /// Each argument.
    pub args: &'s [Span],
}

/// A Rust type that represents a class.
#[derive(Debug, Clone, Copy)]
pub struct RustType {
    /// Its `TypeId`.
    pub id: TypeId,
    /// Its path (`cgs::library::board::grid::GridValue`).
    pub name: &'static str,
}

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

/// What a user class's `extends` clause may do with a library class (`class Position(grid as Grid) extends
/// GridGame`): a row of the class's declaration (its `extensible`), which `interp/eval/classes/bases.rs` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extensible {
    /// Not a class cgs lets a user class extend (`extends` of it says cgs cannot do that yet).
    No,
    /// A class a user class may extend.
    Yes {
        /// The members CGSuite's class declares, which a subclass must mark `override` (CGSuite's `DeclTest`).
        overrides: &'static [&'static str],
        /// Whether a user class of the same name (CGSuite's file of the class, loaded as written) is extended
        /// instead when there is one: cgs's own base is used only without it.
        user_first: bool,
        /// The library classes it may be extended together with (`extends StripGame, ImpartialGame`, as CGSuite's
        /// Turning and GenArcKayles write); the class extending both has this class's chain of ancestors with
        /// the other's after this class.
        with: &'static [&'static str],
    },
    /// CGSuite's class, which cgs cannot extend: why.
    Refused(&'static str),
}

/// The order a set or map iterates in (its code: `order.rs`): CGSuite 2.2 keeps a set or map of at most four
/// elements in the order of insertion (Scala's `Set1`..`Set4`, `Map1`..`Map4`) and a larger one in its hash
/// order, which cgs replaces by the display order. Bit 7 says the set is small in that sense; bits 0-5 hold the
/// positions, in the set's sorted (`Ord`) order, of its first three elements in insertion order (the fourth is
/// the remaining one). One byte, kept beside the set in its `Value`, so values stay three words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SmallOrder(pub(in crate::interp) u8);

//! The evaluator's state and its result types: [`Machine`] (one cell's evaluation: the borrowed game store
//! and globals, the local scopes, the output), [`Exit`] and [`Eval`], the limits, and the state of a running
//! top-level loop. A leaf of `eval/`: the evaluator's files (`mod.rs` and its children, which add `impl Machine`
//! blocks) take these from here, and take the names every one of them uses (values, syntax, games, errors) from
//! here too (`use super::machine::*`), so that no child imports `mod.rs`, which calls them. The declarations of
//! `Machine`, `Exit`, `Eval` and `TopLoop` are in the core's leaf of types (`interp/model/types.rs`, as the
//! `Machine` and the values hold each other); their code is here and in `eval/`.

pub(super) use crate::game::{Cmp, Dyadic, GameError, GameId, Games};
pub(super) use crate::interp::env::{Globals, LocalScope, Locals};
pub(super) use crate::interp::error::{Arity, ErrorKind, EvalError, Frame};
pub(super) use crate::interp::model::types::TopLoop;
pub use crate::interp::model::types::{Eval, Exit, Machine};
pub(super) use crate::interp::native::Site;
pub(super) use crate::interp::object::Object;
pub(super) use crate::interp::value::{
    display_cmp, game_value, is_dyadic, to_dyadic, Closure, Function, Player, Value,
};
pub(super) use crate::syntax::ast::{
    BinOp, Block, CollectionKind, Expr, ExprKind, ForClause, ForMode, ForSource, Ident, Name, NamedArg, PlayerLit,
    Slot, UnaryOp, UpCount,
};
pub(super) use crate::syntax::resolve::NO_SLOT;
pub(super) use crate::syntax::span::Span;
pub(super) use imbl::{OrdMap, Vector};
pub(super) use num_bigint::BigInt;
pub(super) use num_integer::Integer as _;
pub(super) use num_rational::BigRational;
pub(super) use num_traits::{One, Signed, ToPrimitive, Zero};
pub(super) use std::io::Write;
pub(super) use std::rc::Rc;
pub(super) use std::sync::atomic::{AtomicBool, Ordering};

/// The most nested calls a script may make.
pub const MAX_CALL_DEPTH: usize = 50_000;

/// The most bits the result of `a ^ b` may have (numerator or denominator; 2^24 bits, about five million
/// decimal digits): a larger power is refused before it is computed, with this limit in the message.
pub const MAX_POWER_BITS: u64 = 1 << 24;

/// The class names a top-level assignment may not rebind (CGSuite's classes that cgs values have).
pub(super) const CLASS_NAMES: &[&str] = &[
    "Integer",
    "DyadicRational",
    "Rational",
    "Number",
    "Game",
    "Boolean",
    "String",
    "List",
    "Set",
    "Map",
    "Collection",
    "Tuple",
    "Function",
    "Player",
    "OutcomeClass",
    "Thermograph",
];

impl From<EvalError> for Exit {
    fn from(e: EvalError) -> Exit {
        Exit::Error(Box::new(e))
    }
}

pub(super) fn err<T>(kind: ErrorKind, span: Span) -> Eval<T> {
    Err(Exit::Error(Box::new(EvalError::new(kind, span))))
}

#[inline(never)]
pub(super) fn stack_position() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

pub(super) fn overflow(span: Span) -> Exit {
    EvalError::new(ErrorKind::Overflow, span).into()
}

impl TopLoop {
    pub(super) fn new<C>(clauses: &[C]) -> TopLoop {
        let n = clauses.len();
        let size = std::mem::size_of::<C>().max(1);
        TopLoop { base: clauses.as_ptr() as usize, count: n, size, sources: vec![None; n], opaque: vec![false; n] }
    }

    /// The index of `clause` among the loop's own clauses (not those of a loop nested in its body; a clause
    /// of the other kind, syntax or compiled, lies elsewhere in memory).
    pub(super) fn index<C>(&self, clause: &C) -> Option<usize> {
        let size = std::mem::size_of::<C>().max(1);
        let at = (clause as *const C as usize).checked_sub(self.base)?;
        (size == self.size && at % size == 0 && at / size < self.count).then_some(at / size)
    }
}

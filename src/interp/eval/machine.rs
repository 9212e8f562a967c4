//! The evaluator's state and its result types: [`Machine`] (one cell's evaluation: the borrowed game store
//! and globals, the local scopes, the output), [`Exit`] and [`Eval`], the limits, and the state of a running
//! top-level loop. A leaf of `eval/`: the evaluator's files (`mod.rs` and its children, which add `impl Machine`
//! blocks) take these from here, and take the names every one of them uses (values, syntax, games, errors) from
//! here too (`use super::machine::*`), so that no child imports `mod.rs`, which calls them.

pub(super) use crate::game::{Cmp, Dyadic, GameError, GameId, Games};
pub(super) use crate::interp::env::{Globals, LocalScope, Locals};
pub(super) use crate::interp::error::{Arity, ErrorKind, EvalError, Frame};
pub(super) use crate::interp::native::Site;
pub(super) use crate::interp::object::Object;
pub(super) use crate::interp::value::{
    display_cmp, game_value, is_dyadic, map_in_display_order, set_in_display_order, to_dyadic, Closure, Function,
    Player, Value,
};
pub(super) use crate::syntax::ast::{
    BinOp, Block, CollectionKind, Expr, ExprKind, ForClause, ForMode, ForSource, Ident, Name, NamedArg, PlayerLit,
    Slot, UnaryOp, UpCount,
};
pub(super) use crate::syntax::resolve::NO_SLOT;
pub(super) use crate::syntax::span::Span;
pub(super) use imbl::{OrdMap, OrdSet, Vector};
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

/// How evaluation left an expression other than by producing a value.
#[derive(Debug)]
pub enum Exit {
    /// An error.
    Error(Box<EvalError>),
    /// `break` at this span.
    Break(Span),
    /// `continue` at this span.
    Continue(Span),
    /// `return` with this value.
    Return(Value),
}

impl From<EvalError> for Exit {
    fn from(e: EvalError) -> Exit {
        Exit::Error(Box::new(e))
    }
}

/// The result of evaluating an expression.
pub type Eval<T> = Result<T, Exit>;

pub(super) fn err<T>(kind: ErrorKind, span: Span) -> Eval<T> {
    Err(Exit::Error(Box::new(EvalError::new(kind, span))))
}

/// The evaluator state for one cell.
pub struct Machine<'a> {
    /// The game store.
    pub games: &'a mut Games,
    /// Top-level variables and native globals.
    pub globals: &'a mut Globals,
    /// The local scopes of the running function.
    pub locals: Locals,
    /// Where `Print` writes.
    pub out: &'a mut dyn Write,
    pub(super) interrupt: &'a AtomicBool,
    pub(super) depth: usize,
    /// Slot vectors of finished calls, for reuse.
    pub(super) spare_slots: Vec<Vec<Option<Value>>>,
    /// Finished call frames, emptied, whose scope buffers the next calls reuse (`compile/call.rs`).
    pub(super) spare_frames: Vec<Locals>,
    pub(super) stack_base: usize,
    pub(super) stack_budget: usize,
    /// Set by [`Machine::eval_top`] when the statement is a loop, until that loop starts.
    pub(super) top_loop_next: bool,
    /// The running top-level loop, for its safe points (`safe_points.rs`).
    pub(super) top_loop: Option<TopLoop>,
}

#[inline(never)]
pub(super) fn stack_position() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

pub(super) fn overflow(span: Span) -> Exit {
    EvalError::new(ErrorKind::Overflow, span).into()
}

/// The state of the running top-level loop that its safe points need.
pub(super) struct TopLoop {
    /// The loop's clauses (syntax, or compiled: `compile/clauses.rs`): where they are, how many, and the size
    /// of one.
    pub(super) base: usize,
    pub(super) count: usize,
    pub(super) size: usize,
    /// The value of each clause's source (when it is a collection), the last time it was evaluated.
    pub(super) sources: Vec<Option<Value>>,
    /// Clauses whose current elements cannot be traced from their source.
    pub(super) opaque: Vec<bool>,
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

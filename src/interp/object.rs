//! The object protocol: how the evaluator treats every value that is not one of its primitives.
//!
//! Rulesets, positions, grids — and each later family of values (loopy games, graphs, misère games,
//! ordinals, quotients) — are [`Value::Object`]s whose type implements [`Object`]. The evaluator never
//! names those types: it asks the object, through this trait, for its members, for indexing, for a call,
//! for an operator, for its game value and for its printed form. A new kind of value is one new
//! implementation of the trait in the folder of its layer, never a new branch in `eval.rs`.
//!
//! # Resolution order
//! * `x.Name(args)`: [`Object::member`] (dynamic members, e.g. a script ruleset's own `def`s), then the
//!   table [`Object::members`] (arity checked by the evaluator), then — for objects whose
//!   [`Object::to_game`] answers and that name no [`Object::class_members`] — the members of their canonical
//!   game; then the tables of [`Object::class_members`]; otherwise "not a member".
//! * `a op b`: when either operand is an object, the left object's [`Object::binary`] is asked first, then
//!   the right one's; then the left's and the right's [`Object::binary_fallback`]; `None` from all falls back
//!   to the evaluator's own rules (which convert objects with [`Object::to_game`] where a game is expected).
//! * `-x`, `+-x`: [`Object::unary`] (whose default asks [`Object::negate`] for `-x`). `x[k…]`: [`Object::index`]. `x(args)`: [`Object::call`].
//!
//! Every method but [`Object::type_name`] and [`Object::display`] has a default that declines, so a value
//! implements only what it supports; declining yields the evaluator's usual error for that operation.

use super::error::{ErrorKind, EvalError};
use super::eval::Machine;
use super::native::{Member, Site};
use super::value::Value;
use crate::game::{GameId, Games};
use crate::syntax::ast::{BinOp, UnaryOp};
use crate::syntax::span::Span;
use num_bigint::BigInt;
use std::cmp::Ordering;
use std::fmt;
use std::rc::Rc;

/// A value defined outside the core interpreter (see the module documentation).
///
/// Objects compare by identity unless [`Object::cmp_object`] gives a structural order.
pub trait Object: std::any::Any + fmt::Debug {
    /// The type name shown in errors and tested by `is`.
    fn type_name(&self) -> &'static str;

    /// The printed form.
    fn display(&self, games: &mut Games) -> String;

    /// A structural order against another object, or `None` to compare by identity.
    fn cmp_object(&self, _other: &dyn Object) -> Option<Ordering> {
        None
    }

    /// The member table of this object's type: names, arities and implementations. It is also what
    /// completion, `?` help and the parity table read. `this` passed to an implementation is the object.
    fn members(&self) -> &'static [Member] {
        &[]
    }

    /// The member tables of the object's class that it answers after [`Object::members`] and, when it is
    /// game-like, after the members of its game value (a heap's take-and-break members, then the game
    /// members): each is a table of its class's declaration in the registry.
    fn class_members(&self) -> &'static [&'static [Member]] {
        &[]
    }

    /// A member that is not in [`Object::members`] (computed per object, such as a script ruleset's own
    /// definitions): `None` when there is no such member.
    fn member(
        &self,
        _m: &mut Machine,
        _this: &Value,
        _name: &str,
        _args: &[Value],
        _site: &Site,
    ) -> Option<Result<Value, EvalError>> {
        None
    }

    /// Names of the members [`Object::member`] answers, for completion.
    fn dynamic_member_names(&self) -> Vec<String> {
        Vec::new()
    }

    /// `this(args)`: `None` when the object cannot be called.
    fn call(&self, _m: &mut Machine, _this: &Value, _args: &[Value], _site: &Site) -> Option<Result<Value, EvalError>> {
        None
    }

    /// `this[keys…]`: `None` when the object cannot be indexed.
    fn index(&self, _m: &mut Machine, _this: &Value, _keys: &[Value], _span: Span) -> Option<Result<Value, EvalError>> {
        None
    }

    /// `lhs op rhs` where `this` is one of the operands (`lhs` or `rhs`, by identity): `None` to decline.
    fn binary(
        &self,
        _m: &mut Machine,
        _op: BinOp,
        _lhs: &Value,
        _rhs: &Value,
        _span: Span,
    ) -> Option<Result<Value, EvalError>> {
        None
    }

    /// `lhs op rhs` when neither operand's [`Object::binary`] answered (nor the evaluator's quick rules), asked
    /// of the left operand, then of the right one: a family's rules for its objects among the evaluator's
    /// values (a heap as its nimber, a sumber as its canonical game, the misère sum of misère games). `None` to
    /// decline, and the evaluator applies its own rules (converting objects with [`Object::to_game`]).
    fn binary_fallback(
        &self,
        _m: &mut Machine,
        _op: BinOp,
        _lhs: &Value,
        _rhs: &Value,
    ) -> Option<Result<Value, ErrorKind>> {
        None
    }

    /// `op this` for a unary operator (`-this`, `+-this`): `None` to decline, and the evaluator applies its
    /// own rule (`+-` of the object's game value; no `-`). The default answers `-` through [`Object::negate`];
    /// a loopy value answers `+-` itself (its onside and offside negated).
    fn unary(&self, m: &mut Machine, op: UnaryOp, this: &Value, span: Span) -> Option<Result<Value, EvalError>> {
        match op {
            UnaryOp::Neg => self.negate(m, this, span),
            _ => None,
        }
    }

    /// `-this`: `None` when negation is not defined.
    fn negate(&self, _m: &mut Machine, _this: &Value, _span: Span) -> Option<Result<Value, EvalError>> {
        None
    }

    /// The canonical short game this object stands for (a position's value, a sum of positions, a boxed
    /// game, a heap's nimber, a sumber's canonical form), or `None` when it is not game-like. Game-like objects
    /// that name no [`Object::class_members`] answer every game member through it (those that do list the game
    /// tables among their class's).
    fn to_game(&self, _m: &mut Machine, _span: Span) -> Option<Result<GameId, EvalError>> {
        None
    }

    /// The elements of a collection-like object (`for x in obj`, and wherever a collection is expected), or
    /// `None` when it is not one.
    fn elements(&self, _games: &mut Games) -> Option<Vec<Value>> {
        None
    }

    /// Reports every short game this object holds ([`GameId`]s, values, other objects) to `t`, so that a
    /// collection of the game store keeps them (see [`super::gc`]); an object holding a cache of games may
    /// empty it here instead. `false` when the object cannot say: then no collection runs. The default says
    /// it cannot, so a new kind of object is safe until it implements this.
    fn trace(&self, _t: &mut super::gc::Tracer) -> bool {
        false
    }

    /// The short name of this object's class as `x.Class` gives it, when it is more specific than
    /// [`Object::type_name`] (a sided value whose sides are stoppers is a `StopperSidedValue`).
    fn class_name(&self) -> &'static str {
        self.type_name()
    }

    /// This object as a list that is not stored (CGSuite's `Range`, which is a `List`), or `None`.
    fn as_list_view(&self) -> Option<&dyn ListView> {
        None
    }

    /// Whether this object is a loopy game value (a stopper or a sided value) with no short game value: a game
    /// literal may take it as an option, and is then built by the library's loopy family (see
    /// `eval/literal.rs`).
    fn is_loopy(&self) -> bool {
        false
    }

    /// Whether `x is Game` holds for this object (game-like objects that are not short games, such as
    /// loopy values, say so here).
    fn is_game(&self) -> bool {
        false
    }

    /// CGSuite's precedence of this object when it prints as an operand of a compound game
    /// (`CompoundType.precedence`: an operand of a higher precedence prints in parentheses), or `None` when it
    /// is no compound. The library's two representations of `CompoundGame` answer it, so each prints the
    /// other's compounds without naming its type.
    fn compound_precedence(&self) -> Option<u8> {
        None
    }
}

/// A list whose elements are an arithmetic progression of integers, not stored (CGSuite's `Range`): it is a
/// `List` for `is`, for comparison with lists, for `for` loops (walked, never built) and for assignment to an
/// element (which builds it).
pub trait ListView {
    /// The first element.
    fn start(&self) -> &BigInt;
    /// The difference between consecutive elements.
    fn step(&self) -> &BigInt;
    /// The number of elements; `None` for a zero step.
    fn count(&self) -> Option<BigInt>;
    /// The elements, built (an error when there are too many).
    fn materialise(&self) -> Result<imbl::Vector<Value>, ErrorKind>;
    /// The elements, one by one.
    fn values(&self) -> Box<dyn Iterator<Item = Value> + '_>;
    /// The order of this list against a stored one, element by element.
    fn cmp_with_list(&self, list: &imbl::Vector<Value>) -> Ordering;
}

/// The list view of a value (see [`ListView`]).
pub fn list_view(v: &Value) -> Option<&dyn ListView> {
    match v {
        Value::Object(o) => o.as_list_view(),
        _ => None,
    }
}

/// Downcasts an object to a concrete type, keeping the shared pointer.
pub fn downcast_rc<T: 'static>(o: &Rc<dyn Object>) -> Option<Rc<T>> {
    let any: &dyn std::any::Any = &**o;
    if !any.is::<T>() {
        return None;
    }
    let a: Rc<dyn std::any::Any> = o.clone();
    a.downcast::<T>().ok()
}

/// Downcasts an object reference to a concrete type.
pub fn downcast_ref<T: 'static>(o: &dyn Object) -> Option<&T> {
    let any: &dyn std::any::Any = o;
    any.downcast_ref::<T>()
}

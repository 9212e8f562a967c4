//! The object protocol: how the evaluator treats every value that is not one of its primitives.
//!
//! Rulesets, positions, grids — and each later family of values (loopy games, graphs, misère games,
//! ordinals, quotients) — are [`Value::Object`]s whose type implements [`Object`]. The evaluator never
//! names those types: it asks the object, through this trait, for its members, for indexing, for a call,
//! for an operator, for its game value and for its printed form. A new kind of value is one new
//! implementation of the trait in the folder of its layer, never a new branch in `eval/`.
//!
//! The traits [`Object`] and [`ListView`] are declared in the core's leaf of types (`model/types.rs`: objects
//! and the [`crate::interp::eval::Machine`] their methods take hold each other); this file re-exports them and
//! has the functions on objects (the downcasts, the list view of a value).
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

pub use super::model::types::{ListView, Object};
use super::value::Value;
use std::rc::Rc;

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

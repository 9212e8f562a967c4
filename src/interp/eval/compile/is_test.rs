//! `x is T` in compiled code (`eval_is`): the same questions in the same order, with the answer for a library
//! object or a core value remembered per node.
//!
//! `eval_is` asks first whether `T` names a user class here (`is_user_class`: it depends on the names in scope,
//! so it is asked every time), then `is_of_class`, which for a library object other than a ruleset and not of
//! class `Game` is `is_class_of(v, v's class name, T)`. That answer depends on the object only through its
//! class name and its representation's type name (both static), except for `T` = `Game`, where it asks
//! whether the object is a game: so the node keeps the last answer with the two names, and asks again only
//! for other names. A core value whose class is its type (a string, a list, a nonzero integer; zero is a `Zero`)
//! is remembered the same way, under its class and type names. The library's declarations behind it never
//! change in a process (`is_class`'s own memo relies on the same). A bound local (`s is String` on a hook's
//! state) whose names are the remembered ones, where the node knows `T` names no user class, is answered from
//! its slot without a copy: about 350 instructions become about 60.

use super::super::is_class::is_class_of;
use super::super::machine::*;
use super::tree::{IsAnswer, NoUserClass, Node};
use crate::interp::classes::short_type;
use std::cell::Cell;

/// `expr is ty` (`eval_is`).
pub(super) fn is(
    m: &mut Machine<'_>,
    expr: &Node,
    ty: &Ident,
    known: &Cell<Option<IsAnswer>>,
    local: &NoUserClass,
) -> Eval<Value> {
    // A bound local asked again about the names it was asked about last: read in place, nothing cloned. (No user
    // class is named `ty` here, and the value is neither a user object nor a user class, so `is_user_class`
    // has no answer; the remembered one is `is_of_class`'s.)
    if let (Node::Local { head, .. }, Some(k)) = (expr, known.get()) {
        if let (Some(v), Some(answer)) = (m.locals.slot(*head), k.answer) {
            if has_names(v, &k) && local.holds(m, &ty.name) {
                return Ok(Value::Boolean(answer));
            }
        }
    }
    let v = expr.run(m)?;
    let user = match local.holds(m, &ty.name) {
        // `is_user_class` when `ty` names no user class: only its first question.
        true => m.is_library_class_of_user(&v, &ty.name).then_some(true),
        false => m.is_user_class(&v, &ty.name),
    };
    if let Some(b) = user {
        return Ok(Value::Boolean(b));
    }
    library_answer(m, &v, ty, known)
}

/// `v is ty` when `is_user_class` has no answer: `is_of_class`, remembered in `known` for static names (also
/// `inline.rs`'s).
pub(super) fn library_answer(
    m: &mut Machine<'_>,
    v: &Value,
    ty: &Ident,
    known: &Cell<Option<IsAnswer>>,
) -> Eval<Value> {
    let answer = match static_names(v) {
        // `is_of_class` for a value whose class and representation names are static.
        Some((class, repr)) => match known.get() {
            Some(k) if same((class, repr), (k.class, k.repr)) => k.answer,
            _ => {
                let answer = is_class_of(m.games, v, class, &ty.name);
                if short_type(&ty.name) != "Game" {
                    known.set(Some(IsAnswer { class, repr, answer }));
                }
                answer
            }
        },
        None => m.is_of_class(v, &ty.name, ty.span),
    };
    match answer {
        Some(b) => Ok(Value::Boolean(b)),
        None => err(ErrorKind::UnknownType { name: ty.name.to_string() }, ty.span),
    }
}

/// The class name (`v.Class`) and representation name `is_of_class` decides `v is T` on, when both are static
/// and the answer depends on `v` only through them (and, for `T` = `Game`, on whether `v` is a game object:
/// never remembered): a library object other than a ruleset and not of class `Game` (its own names), a core
/// value whose class is its type (`String`, `Integer`, `List`, …; zero is a `Zero`). `None` for a user object
/// or class (`is_user_class` may answer for it), a ruleset, a game, a function and a tuple (their classes
/// are found otherwise).
#[inline]
fn static_names(v: &Value) -> Option<(&'static str, &'static str)> {
    match v {
        Value::Object(o) => {
            let repr = o.type_name();
            if matches!(repr, "Object" | "Class" | "Ruleset") {
                return None;
            }
            let class = o.class_name();
            (class != "Game").then_some((class, repr))
        }
        Value::Integer(n) if n.is_zero() => Some(("Zero", "Integer")),
        Value::Game(_) | Value::Tuple(_) | Value::Function(_) => None,
        other => {
            let t = other.type_name();
            Some((t, t))
        }
    }
}

/// Whether `v`'s [`static_names`] are those of `k` (which [`static_names`] gave): for an object, the same
/// pointers (a library object's names are one string each; another object of the same names asks
/// [`static_names`] again), asked without comparing texts.
#[inline]
pub(super) fn has_names(v: &Value, k: &IsAnswer) -> bool {
    match v {
        Value::Object(o) => std::ptr::eq(o.type_name(), k.repr) && std::ptr::eq(o.class_name(), k.class),
        _ => static_names(v).is_some_and(|names| same(names, (k.class, k.repr))),
    }
}

/// Whether two pairs of [`static_names`] are the same names: the same pointers (the common case, one string per
/// name), else the same texts (`is_class_of` reads only the texts).
#[inline]
fn same(a: (&str, &str), b: (&str, &str)) -> bool {
    (std::ptr::eq(a.0, b.0) || a.0 == b.0) && (std::ptr::eq(a.1, b.1) || a.1 == b.1)
}

impl NoUserClass {
    /// Whether the class name `ty` names no user class where `is_user_class` looks it up now (the locals, the
    /// captured variables, the globals): known without a look-up in a frame of the same layout and captured
    /// scope (`Locals::sees_captured_then_globals`) while the global tables keep the stamps under which the
    /// layout had no variable named `ty`, the scope none and the global `ty` was no user class
    /// (`Machine::global_names_no_user_class`). A class declared later, or a variable of that name, changes a
    /// stamp; a captured one is another scope.
    #[inline]
    fn holds(&self, m: &Machine<'_>, ty: &str) -> bool {
        if !m.locals.sees_captured_then_globals() {
            return false;
        }
        let (id, stamps) = (m.locals.layout_id(), m.globals.stamps());
        if let Some((at, st, scope)) = &*self.0.borrow() {
            let same_scope = match (scope, m.locals.captured_scope()) {
                (None, None) => true,
                (Some(a), Some(b)) => a.ptr_eq(b),
                _ => false,
            };
            if *at == id && *st == stamps && same_scope {
                return true;
            }
        }
        self.find(m, ty, id, stamps)
    }

    #[inline(never)]
    fn find(&self, m: &Machine<'_>, ty: &str, id: u32, stamps: (u64, u64)) -> bool {
        let short = short_type(ty);
        let scope = m.locals.captured_scope();
        let in_layout = m.locals.layout.as_ref().is_some_and(|l| l.names.iter().any(|n| **n == *short));
        if in_layout || scope.is_some_and(|c| c.contains_key(short)) || !m.global_names_no_user_class(ty) {
            return false;
        }
        *self.0.borrow_mut() = Some((id, stamps, scope.cloned()));
        true
    }
}

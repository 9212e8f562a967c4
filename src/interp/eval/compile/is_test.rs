//! `x is T` in compiled code (`eval_is`): the same questions in the same order, with the answer for a library
//! object remembered per node.
//!
//! `eval_is` asks first whether `T` names a user class here (`is_user_class`: it depends on the names in scope,
//! so it is asked every time), then `is_of_class`, which for a library object other than a ruleset and not of
//! class `Game` is `is_class_of(v, v's class name, T)`. That answer depends on the object only through its
//! class name and its representation's type name (both static), except for `T` = `Game`, where it asks
//! whether the object is a game: so the node keeps the last answer with the two names, and asks again only
//! for other names. The library's declarations behind it never change in a process (`is_class`'s own memo
//! relies on the same).

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
    let v = expr.run(m)?;
    let user = match local.holds(m, &ty.name) {
        // `is_user_class` when `ty` names no user class: only its first question.
        true => m.is_library_class_of_user(&v, &ty.name).then_some(true),
        false => m.is_user_class(&v, &ty.name),
    };
    if let Some(b) = user {
        return Ok(Value::Boolean(b));
    }
    let answer = match &v {
        // `is_of_class`'s first case.
        Value::Object(o) if o.type_name() != "Ruleset" && o.class_name() != "Game" => {
            let (class, repr) = (o.class_name(), o.type_name());
            match known.get() {
                Some(k) if std::ptr::eq(k.class, class) && std::ptr::eq(k.repr, repr) => k.answer,
                _ => {
                    let answer = is_class_of(m.games, &v, class, &ty.name);
                    if short_type(&ty.name) != "Game" {
                        known.set(Some(IsAnswer { class, repr, answer }));
                    }
                    answer
                }
            }
        }
        _ => m.is_of_class(&v, &ty.name, ty.span),
    };
    match answer {
        Some(b) => Ok(Value::Boolean(b)),
        None => err(ErrorKind::UnknownType { name: ty.name.to_string() }, ty.span),
    }
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

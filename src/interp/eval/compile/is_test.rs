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
use super::tree::{IsAnswer, Node};
use crate::interp::classes::short_type;
use std::cell::Cell;

/// `expr is ty` (`eval_is`).
pub(super) fn is(m: &mut Machine<'_>, expr: &Node, ty: &Ident, known: &Cell<Option<IsAnswer>>) -> Eval<Value> {
    let v = expr.run(m)?;
    if let Some(b) = m.is_user_class(&v, &ty.name) {
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

//! `x is C`, answered from the registry's class declarations and the object protocol: the value's class
//! (`x.Class`, [`class_of`]) and its declared ancestors ([`crate::interp::registry::Library::is_a`]), the class of
//! its representation (a heap sum's `Position`, a tuple's `Tuple`), and [`Object::is_game`] for game-like objects
//! whose class does not say so. CGSuite's library ruleset classes (`Nim is game.heap.HeapRuleset`) are read from
//! their printed family ([`ruleset_class`]).
//!
//! [`Object::is_game`]: crate::interp::object::Object::is_game

use crate::game::Games;
use crate::interp::classes::{class_of, ruleset_class, short_type};
use crate::interp::registry::installed;
use crate::interp::value::Value;

/// Whether `v` belongs to the class `ty` (`None` when `ty` is not a class cgs knows). The class `v.Class` names
/// is computed here without the machine; `Machine::class_name` refines a loopy stopper's first.
pub fn is_class(games: &mut Games, v: &Value, ty: &str) -> Option<bool> {
    let class = class_of(games, v);
    is_class_of(games, v, &class, ty)
}

/// [`is_class`] for a value whose class (`v.Class`'s short name) is `class`.
pub fn is_class_of(games: &mut Games, v: &Value, class: &str, ty: &str) -> Option<bool> {
    let ty = short_type(ty);
    // A nested class (`HeapRuleset.Position`) is declared for `x.Class` but is not a type after `is`, as in CGSuite.
    if ty.contains('.') {
        return None;
    }
    // A class object is a `Class` (and an `Object`), whatever cgs represents it by (a constructor function, a
    // stdlib ruleset declaration): CGSuite 2.2 says `game.heap.TakeAndBreak is Function` and
    // `game.heap.GenMem is Ruleset` are false.
    if class == "Class" {
        return declared_is_a("Class", ty).map(|b| b || ty == "Class");
    }
    // CGSuite's library ruleset classes, the declared classes below `Ruleset` (`Nim is HeapRuleset`,
    // `Clobber is game.grid.GridRuleset`): a ruleset value is one when the class its printed family is declared
    // with is `ty` or below it; no other value is.
    if is_ruleset_class(ty) {
        return Some(match v {
            Value::Object(o) if o.type_name() == "Ruleset" => {
                let printed = o.display(games);
                ruleset_class(&printed).is_some_and(|c| declared_is_a(c, ty) == Some(true))
            }
            _ => false,
        });
    }
    // The class of the value's representation: an object's type (`Position` for a heap sum, whose class is
    // `CompoundImpartialGame`) or the core value's (`Tuple` for coordinates).
    let repr = match v {
        Value::Object(o) => o.type_name(),
        other => other.type_name(),
    };
    if class == ty || repr == ty {
        return Some(true);
    }
    match declared_is_a(class, ty) {
        Some(true) => Some(true),
        Some(false) => Some(
            declared_is_a(repr, ty) == Some(true) || (ty == "Game" && matches!(v, Value::Object(o) if o.is_game())),
        ),
        // A class no declaration names (an object of that type answered above).
        None => None,
    }
}

/// Whether `ty` is one of CGSuite's library ruleset classes: a declared class below `Ruleset`
/// (`HeapRuleset`, `TakeAndBreak`, `GenClobber`), not `Ruleset` itself.
pub(in crate::interp::eval) fn is_ruleset_class(ty: &str) -> bool {
    ty != "Ruleset" && declared_is_a(ty, "Ruleset") == Some(true)
}

/// [`crate::interp::registry::Library::is_a`] of the installed library, remembered per pair of names: the
/// declarations never change in a process, and `is` and typed parameters ask the same pairs again and again.
fn declared_is_a(class: &str, ty: &str) -> Option<bool> {
    use std::cell::RefCell;
    // Keyed by the pair's names with FxHash: `x is C` in a ruleset's hooks (`_Grid(s)`'s `s is String`) asks at
    // every state, and SipHash of two strings was most of the question.
    type Memo = rustc_hash::FxHashMap<Box<str>, rustc_hash::FxHashMap<Box<str>, Option<bool>>>;
    thread_local! {
        static MEMO: RefCell<Memo> = RefCell::default();
    }
    let lib = installed();
    if lib.classes.is_empty() {
        // No library installed yet: nothing to remember.
        return lib.is_a(class, ty);
    }
    MEMO.with(|memo| {
        if let Some(known) = memo.borrow().get(class).and_then(|m| m.get(ty)) {
            return *known;
        }
        let answer = lib.is_a(class, ty);
        memo.borrow_mut().entry(class.into()).or_default().insert(ty.into(), answer);
        answer
    })
}

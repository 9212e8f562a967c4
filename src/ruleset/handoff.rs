//! The hand-off of the class front's `Canonical` hook to the memo (`super::classes`): the decomposition the hook
//! found for the representative it answered, taken by the memo right after the hook returns and kept in the node
//! it makes. A leaf of its own, so that the memo (which takes) and the class front (which hands, and calls the
//! memo) import no circle.

use super::instance::Split;
use crate::interp::value::Value;
use std::rc::Rc;

/// What the `Canonical` hook found about the representative it answered, for the memo's node of it.
pub(super) enum Found {
    /// The representative stands for its one component (of its own class): it is its own only component.
    Atomic,
    /// The representative's components, as `Decomposition` answered them (its state itself, when there are
    /// several or none, or they are not of its class).
    Parts(Value),
}

thread_local! {
    /// The `Canonical` hook's last answer, kept from its return to the memo's [`take_split`] right after it (no
    /// script runs in between; the representative kept here keeps its address its own).
    static HANDED: std::cell::RefCell<Option<(Value, Found)>> = const { std::cell::RefCell::new(None) };
}

/// The split the `Canonical` hook found for `rep`, its answer just returned (`None` if it gave none for it):
/// the memo keeps it in a new node of `rep`, so the `Components` hook need not run there.
pub fn take_split(rep: &Value) -> Option<Split> {
    let (kept, found) = HANDED.with(|h| h.borrow_mut().take())?;
    let same = matches!((&kept, rep), (Value::Object(a), Value::Object(b)) if Rc::ptr_eq(a, b));
    same.then(|| match found {
        Found::Atomic => Split::Atomic,
        Found::Parts(v) => Split::Decomposed(Box::new(v)),
    })
}

/// Keeps the `Canonical` hook's answer `rep` and what it found, for [`take_split`].
pub(super) fn hand(rep: Value, found: Found) {
    HANDED.with(|h| *h.borrow_mut() = Some((rep, found)));
}

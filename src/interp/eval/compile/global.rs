//! Global names in compiled bodies, found once. A `Node::Var` that the running frame cannot bind is the
//! global `Machine::lookup_global` finds: in a frame of a resolved call with no method receiver
//! (`Locals::sees_captured_then_globals`) when the closure captured neither the name nor `this`, and in a
//! method whose class says the name is no member (`ThisName::Global`). That global depends only on the two
//! global tables (the top-level variables, the natives), and every change of either takes a new stamp
//! (`NameTable`), unique in the process; so the value found under the stamps the node remembers, for the same
//! captured scope (the same map, held by the node so that its address is not reused), is the value found now:
//! two comparisons of numbers and one of pointers instead of the look-ups of `lookup_var`. A package (a folder
//! of class files may stand for it, `UserPackage::overlay`, which depends on the file system) and a name no
//! table holds (the error, or a folder of class files) are never remembered.

use super::super::classes::{this_name, ThisName};
use super::super::machine::*;
use super::tree::{GlobalCache, Remembered};
use crate::interp::env::Scope;
use std::cell::Cell;

impl GlobalCache {
    /// The value of the [`Node::Var`] holding this cache (`Machine::lookup_var`, in the order of `this_name`).
    ///
    /// [`Node::Var`]: super::tree::Node::Var
    #[inline]
    pub(super) fn var(&self, m: &mut Machine<'_>, name: &Name, slot: &Slot, span: Span, at: &Cell<u32>) -> Eval<Value> {
        // A name no local or member of `this` can answer here: a global unless captured.
        if unbound_here(m, slot) {
            if let Some(r) = self.read(m, name, span) {
                return r;
            }
        }
        match this_name(&m.locals, name, slot, at) {
            ThisName::Field(v) => Ok(v.clone()),
            ThisName::OwnClass(c) => Ok(Value::Object(c.clone())),
            ThisName::Global => self.lookup(m, name, span),
            ThisName::Other => m.lookup_var(name, slot, span),
        }
    }

    /// The remembered value while it is still the one [`GlobalCache::read`] answers: found under the global
    /// tables' present stamps and for this frame's captured scope.
    #[inline]
    pub(super) fn current(&self, m: &Machine<'_>) -> Option<std::cell::Ref<'_, Value>> {
        let stamps = m.globals.stamps();
        std::cell::Ref::filter_map(self.0.borrow(), |r| {
            let r = r.as_ref()?;
            let same_scope = match (&r.scope, m.locals.captured_scope()) {
                (None, None) => true,
                (Some(a), Some(b)) => a.ptr_eq(b),
                _ => false,
            };
            (r.stamps == stamps && same_scope).then_some(&r.value)
        })
        .ok()
    }

    /// `Machine::lookup_var(name)` in a frame where `Locals::sees_captured_then_globals` holds and the
    /// resolver gave the name no slot; `None` when the closure captured `name` or `this` (then
    /// `lookup_var` answers).
    #[inline]
    pub(super) fn read(&self, m: &mut Machine<'_>, name: &str, span: Span) -> Option<Eval<Value>> {
        if let Some(v) = self.current(m) {
            return Some(Ok(v.clone()));
        }
        let stamps = m.globals.stamps();
        let scope = m.locals.captured_scope();
        if scope.is_some_and(|c| c.contains_key(name) || c.contains_key("this")) {
            return None;
        }
        let scope = scope.cloned();
        Some(self.find(m, name, span, stamps, scope))
    }

    /// `Machine::lookup_global(name)` (a method's name that is no member of its class), from the remembered
    /// value while the global tables are unchanged.
    #[inline]
    pub(super) fn lookup(&self, m: &mut Machine<'_>, name: &str, span: Span) -> Eval<Value> {
        let stamps = m.globals.stamps();
        if let Some(r) = &*self.0.borrow() {
            if r.stamps == stamps {
                return Ok(r.value.clone());
            }
        }
        self.find(m, name, span, stamps, None)
    }

    #[inline(never)]
    fn find(
        &self,
        m: &mut Machine<'_>,
        name: &str,
        span: Span,
        stamps: (u64, u64),
        scope: Option<Scope>,
    ) -> Eval<Value> {
        let value = m.lookup_global(name, span)?;
        let package = matches!(&value, Value::Object(o) if o.type_name() == "Package");
        *self.0.borrow_mut() = (!package).then(|| Remembered { stamps, scope, value: value.clone() });
        Ok(value)
    }
}

/// Whether a [`Node::Var`] with `slot` names here what only a captured variable or a global can answer: the
/// frame gives it no slot and has no method receiver (`Locals::sees_captured_then_globals`).
///
/// [`Node::Var`]: super::tree::Node::Var
#[inline]
pub(super) fn unbound_here(m: &Machine<'_>, slot: &Slot) -> bool {
    slot.get(m.locals.layout_id()) == Some(NO_SLOT) && m.locals.sees_captured_then_globals()
}

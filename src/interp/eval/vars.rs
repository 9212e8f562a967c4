//! Variables: look-up, declaration and assignment, by frame slot where the resolver gave one
//! (`syntax/resolve.rs`), else by name (`env.rs` has the scoping rules).

use super::classes;
use super::machine::*;

impl<'a> Machine<'a> {
    // ---- variables -----------------------------------------------------------------------------------

    pub(super) fn lookup(&mut self, name: &str, span: Span) -> Eval<Value> {
        if let Some(v) = self.locals.lookup(name) {
            return Ok(v.clone());
        }
        self.lookup_outside_locals(name, span)
    }

    /// `name` past the running call's locals: inside a method of a user class the object's variables and
    /// members, then the globals.
    #[inline]
    fn lookup_outside_locals(&mut self, name: &str, span: Span) -> Eval<Value> {
        // Inside a method of a user class: the object's variables and members.
        if let Some(r) = self.this_member(name, span) {
            return r;
        }
        self.lookup_global(name, span)
    }

    /// `name` past the running call's locals and the members of `this` and its enclosing objects: a global,
    /// else a folder of class files.
    pub(super) fn lookup_global(&mut self, name: &str, span: Span) -> Eval<Value> {
        match self.globals.lookup(name).cloned() {
            // A folder of class files named as a library package (`game`), beside the script or in the working
            // directory, comes before it (classes/package.rs).
            Some(v) => Ok(classes::UserPackage::overlay(self.globals, name, &v).unwrap_or(v)),
            // A folder of class files beside the script or in the working directory (`examples.Nim`,
            // classes/package.rs).
            None => match classes::UserPackage::root(self.globals, name) {
                Some(p) => Ok(p),
                None => err(ErrorKind::UndefinedVariable { name: name.to_string() }, span),
            },
        }
    }

    /// The value of the variable `name` whose reference the resolver gave `slot`: in a frame of that
    /// resolution, its slot chain, then the captured variables, the members of `this` and the globals, with no
    /// name search among the frame's locals; anywhere else, [`Machine::lookup`].
    #[inline]
    pub(super) fn lookup_var(&mut self, name: &str, slot: &Slot, span: Span) -> Eval<Value> {
        let Some(s) = slot.get(self.locals.layout_id()) else {
            return self.lookup(name, span);
        };
        if s != NO_SLOT {
            if let Some(v) = self.locals.slot(s) {
                return Ok(v.clone());
            }
        }
        if let Some(v) = self.locals.captured(name) {
            return Ok(v.clone());
        }
        // A variable of `this` in a method (`grid` in a position's `Options`): what `this_member` finds first.
        if let Some(v) = classes::this_field(&self.locals, name) {
            return Ok(v.clone());
        }
        self.lookup_outside_locals(name, span)
    }

    /// The local (or captured variable) `name` whose reference has `slot`, if bound: what
    /// `self.locals.lookup(name)` finds.
    pub(super) fn local_at(&self, name: &str, slot: &Slot) -> Option<&Value> {
        match slot.get(self.locals.layout_id()) {
            Some(s) => {
                if s != NO_SLOT {
                    if let Some(v) = self.locals.slot(s) {
                        return Some(v);
                    }
                }
                self.locals.captured(name)
            }
            None => self.locals.lookup(name),
        }
    }

    /// [`Machine::local_at`], to change in place: what `self.locals.get_mut(name)` finds.
    pub(super) fn local_at_mut(&mut self, name: &str, slot: &Slot) -> Option<&mut Value> {
        match slot.get(self.locals.layout_id()) {
            Some(s) => self.locals.slot_or_captured_mut(s, name),
            None => self.locals.get_mut(name),
        }
    }

    /// Declares `name` (a declaration the resolver gave `slot`) in the innermost scope, as [`Machine::declare`].
    #[inline]
    pub(super) fn declare_at(&mut self, name: &Name, slot: &Slot, v: Value) {
        match slot.get(self.locals.layout_id()) {
            Some(s) if s != NO_SLOT => self.locals.declare_slot(s, v),
            _ => self.declare(name.clone(), v),
        }
    }

    /// `name := v` for a target the resolver gave `slot`, as [`Machine::assign`].
    pub(super) fn assign_at(&mut self, name: &Name, slot: &Slot, v: Value) {
        let s = match slot.get(self.locals.layout_id()) {
            Some(s) if s != NO_SLOT => s,
            _ => return self.assign(name, v),
        };
        if let Some(held) = self.locals.slot_or_captured_mut(s, name) {
            *held = v;
            return;
        }
        if let Some(held) = self.globals.vars.get_mut(name) {
            *held = v;
            return;
        }
        self.locals.declare_slot_in_function(s, v);
    }

    pub(super) fn declare(&mut self, name: Rc<str>, v: Value) {
        if let Err(v) = self.locals.declare(name.clone(), v) {
            self.globals.vars.insert(name, v);
        }
    }

    pub(super) fn assign(&mut self, name: &Rc<str>, v: Value) {
        let Err(v) = self.locals.assign(name, v) else {
            return;
        };
        if let Some(slot) = self.globals.vars.get_mut(name) {
            *slot = v;
            return;
        }
        if let Err(v) = self.locals.declare_in_function(name.clone(), v) {
            self.globals.vars.insert(name.clone(), v);
        }
    }
}

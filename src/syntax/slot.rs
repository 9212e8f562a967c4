//! The slots the resolver (`resolve.rs`) writes into the syntax tree: a leaf, so that the tree (`ast.rs`) can
//! hold them while the resolver walks the tree.

use std::cell::{Cell, OnceCell};
use std::rc::Rc;

/// No slot: the name is not a local of the function.
pub const NO_SLOT: u32 = u32::MAX;

/// Where the resolver put a variable: the id of the layout (high half) and the slot (low half).
#[derive(Clone)]
pub struct Slot(Cell<u64>);

impl Default for Slot {
    /// Not resolved (no layout has id `u32::MAX`).
    fn default() -> Slot {
        Slot(Cell::new(u64::MAX))
    }
}

impl Slot {
    /// The slot (or [`NO_SLOT`]) when the cell was resolved for the layout `id`.
    #[inline]
    pub fn get(&self, id: u32) -> Option<u32> {
        let v = self.0.get();
        ((v >> 32) as u32 == id).then_some(v as u32)
    }

    pub(super) fn set(&self, id: u32, slot: u32) {
        self.0.set((u64::from(id) << 32) | u64::from(slot));
    }
}

/// Resolution is not part of the tree's meaning: two trees that differ only in it are equal.
impl PartialEq for Slot {
    fn eq(&self, _: &Slot) -> bool {
        true
    }
}

impl std::fmt::Debug for Slot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("_")
    }
}

/// The call-frame layout of a function (see the module documentation).
#[derive(Debug)]
pub struct Layout {
    /// The id stored in the cells resolved for this layout (never 0 or `u32::MAX`).
    pub id: u32,
    /// Each slot's name.
    pub names: Vec<Rc<str>>,
    /// Each slot's scope depth (0: the function's own scope).
    pub depth: Vec<u32>,
    /// Each slot's next slot of the same name in an enclosing scope, or [`NO_SLOT`].
    pub outer: Vec<u32>,
    /// The slot of the function's own name (bound to the function on a call), or [`NO_SLOT`].
    pub self_slot: u32,
    /// Whether a reference, declaration or assignment in the body resolved to `self_slot` (a method call
    /// leaves the slot unbound when none did: its name is then found among the object's members, the same
    /// method).
    pub self_used: bool,
    /// Whether a call binds `self_slot` (when the function sees itself): the body names it, or defines a function
    /// or lambda, which captures the frame's bound names. Otherwise nothing can read the slot.
    pub binds_self: bool,
    /// Each parameter's slot.
    pub params: Vec<u32>,
    /// The slots by depth, outermost first (the order a closure captures them, inner names last).
    pub capture_order: Vec<u32>,
    /// Whether a slot is named `this` (else a frame of this layout finds `this` only by name or among its
    /// captured variables).
    pub names_this: bool,
}

/// A function's layout, computed once (`None` inside: not resolvable).
#[derive(Clone, Default)]
pub struct Resolved(pub(super) OnceCell<Option<Rc<Layout>>>);

impl PartialEq for Resolved {
    fn eq(&self, _: &Resolved) -> bool {
        true
    }
}

impl std::fmt::Debug for Resolved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("_")
    }
}

/// A function's compiled body (`interp::eval::compile`), kept with its definition once made, so that a call
/// finds it without a look-up; empty until then, and in a copy of the definition. The syntax layer does not
/// know its type (the interpreter's), hence `dyn Any`.
#[derive(Default)]
pub struct Compiled(OnceCell<Rc<dyn std::any::Any>>);

impl Compiled {
    /// The compiled body, if made.
    #[inline]
    pub fn get(&self) -> Option<&Rc<dyn std::any::Any>> {
        self.0.get()
    }

    /// Keeps `code` as the compiled body (a body already kept stays).
    pub fn set(&self, code: Rc<dyn std::any::Any>) {
        let _ = self.0.set(code);
    }
}

impl Clone for Compiled {
    /// Empty: a copy is compiled on its own first call.
    fn clone(&self) -> Compiled {
        Compiled::default()
    }
}

impl PartialEq for Compiled {
    fn eq(&self, _: &Compiled) -> bool {
        true
    }
}

impl std::fmt::Debug for Compiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("_")
    }
}

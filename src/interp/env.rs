//! Variables: the top-level (global) variables, the native globals, and the local scopes of a running
//! function.
//!
//! Name resolution, innermost first: the local scopes of the current call (innermost block first, ending with
//! the variables the closure captured), then the user's top-level variables, then the native globals
//! (`Max`, `Tiny`, `L`, …), which user variables may shadow.
//!
//! Scopes are opened by a function call (parameters), a `begin … end` block, a `for` loop and a comprehension
//! (their variables). `var x` declares in the innermost scope. `x := e` assigns to the innermost variable `x`
//! that exists (local, then top-level); if there is none it declares `x` in the current function's own scope,
//! or as a top-level variable outside functions. A closure captures every local visible where it is created,
//! by value (an imbl map: O(1) to copy); top-level variables are not captured but looked up at call time.
//!
//! [`Scope`], [`Locals`], [`MethodFrame`], [`Globals`], [`Extensions`] and the hook types are declared in the
//! core's leaf of types (`model/types.rs`: they hold values, which hold functions taking the machine, which
//! holds them); their code is here, and this file re-exports them.

pub use super::model::types::{
    ClassGameBinary, ClassGameHooks, Extensions, Globals, Locals, MethodFrame, NameKindList, NameTable,
    RulesetDeclarer, Scope,
};
use super::value::Value;
use crate::syntax::ast::{Layout, Name};
use crate::syntax::resolve::NO_SLOT;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// One scope of a running call (its parameters, or the variables of a block or loop): the few names it holds,
/// searched linearly, which is cheaper than a hash map for the handful of names a scope declares and costs no
/// allocation when empty. It becomes part of a [`Scope`] only when a closure captures it.
#[derive(Clone, Debug, Default)]
pub struct LocalScope(Vec<(Name, Value)>);

impl LocalScope {
    /// An empty scope.
    pub fn new() -> LocalScope {
        LocalScope(Vec::new())
    }

    /// Binds `name` (replacing its value if it is bound).
    pub fn insert(&mut self, name: Name, value: Value) {
        match self.0.iter_mut().find(|(k, _)| same_name(k, &name)) {
            Some(slot) => slot.1 = value,
            None => self.0.push((name, value)),
        }
    }

    /// An empty scope with room for `n` bindings (a call's parameters and the locals its body declares).
    pub fn with_capacity(n: usize) -> LocalScope {
        LocalScope(Vec::with_capacity(n))
    }
}

/// Whether a bound name is `name`: the same text (usually the very same string of the syntax tree, and
/// otherwise short), compared inline rather than by a library call per scope entry.
#[inline]
fn same_name(k: &str, name: &str) -> bool {
    let (a, b) = (k.as_bytes(), name.as_bytes());
    a.len() == b.len() && (std::ptr::eq(a.as_ptr(), b.as_ptr()) || a.iter().zip(b).all(|(x, y)| x == y))
}

impl MethodFrame {
    #[inline]
    fn get(&self, name: &str) -> Option<&Value> {
        if same_name(&self.this.0, name) {
            return Some(&self.this.1);
        }
        self.property.as_ref().filter(|(n, _)| same_name(n, name)).map(|(_, v)| v)
    }

    fn get_mut(&mut self, name: &str) -> Option<&mut Value> {
        if same_name(&self.this.0, name) {
            return Some(&mut self.this.1);
        }
        self.property.as_mut().filter(|(n, _)| same_name(n, name)).map(|(_, v)| v)
    }
}

/// Whether `v` holds nothing to free (a machine integer, a Boolean, `Nothing`): copied by its bits, dropped
/// without a call.
#[inline(always)]
fn plain(v: &Value) -> bool {
    matches!(v, Value::Integer(super::int::Int::Small(_)) | Value::Boolean(_) | Value::Nothing)
}

/// A copy of `v`: a machine integer (the common arguments and declared values: coordinates, steps) copied in
/// line, any other value cloned.
#[inline(always)]
pub fn copy_of(v: &Value) -> Value {
    match v {
        Value::Integer(super::int::Int::Small(k)) => Value::Integer(super::int::Int::Small(*k)),
        v => v.clone(),
    }
}

/// Empties a slot, with no call when it is empty or holds nothing to free.
#[inline(always)]
pub fn clear_slot(s: &mut Option<Value>) {
    if s.as_ref().is_none_or(plain) {
        std::mem::forget(s.take());
    } else {
        *s = None;
    }
}

/// Drops `v`, with no call for a value that holds nothing to free (a machine integer, a Boolean, `Nothing`:
/// the common values of statements and of the locals they overwrite).
#[inline(always)]
pub fn discard(v: Value) {
    if plain(&v) {
        std::mem::forget(v);
    } else {
        drop(v);
    }
}

impl Locals {
    /// The top level: no local scopes.
    pub fn top() -> Locals {
        Locals::default()
    }

    /// The locals of a call to a closure that captured `captured`; parameters go in the new function scope.
    pub fn for_call(captured: Scope, params: LocalScope) -> Locals {
        Locals { captured: Some(captured), bindings: params.0, in_function: true, ..Locals::default() }
    }

    /// The locals of a call to a resolved function: `slots` (one per slot of `layout`) hold its parameters.
    pub fn for_resolved_call(captured: Scope, layout: Rc<Layout>, slots: Vec<Option<Value>>) -> Locals {
        Locals {
            captured: Some(captured),
            in_function: true,
            id: layout.id,
            layout: Some(layout),
            slots,
            ..Locals::default()
        }
    }

    /// The locals of a method call on an object: as [`Locals::for_resolved_call`], with `this` (and a
    /// property's hidden name) held beside the captured variables rather than inserted into a copy of them.
    pub fn for_method_call(
        captured: Scope,
        layout: Rc<Layout>,
        slots: Vec<Option<Value>>,
        method: MethodFrame,
    ) -> Locals {
        let this_slot = layout.names_this;
        let mut l = Locals::for_resolved_call(captured, layout, slots);
        l.method = Some(method);
        l.this_slot = this_slot;
        l
    }

    /// What `lookup("this")` finds: in a method frame where no local can be named `this` (no slot of the layout
    /// is, nothing was bound by name), the receiver without a search.
    #[inline]
    pub fn this_object(&self) -> Option<&Value> {
        match &self.method {
            Some(m) if !self.this_slot && self.bindings.is_empty() => Some(&m.this.1),
            // Outside a method, in a resolved frame with nothing bound by name and no slot named `this`: only
            // a captured `this` (a function made in a method) can be found, and most frames capture nothing
            // (a global name read in a `def` asks here first, through `this_member`).
            None if self.bindings.is_empty() && self.layout.as_ref().is_some_and(|l| !l.names_this) => {
                self.captured("this")
            }
            _ => self.lookup("this"),
        }
    }

    /// What [`Locals::this_object`] finds when it finds it without a search (the receiver of a method frame in
    /// which no local can be named `this`), else `None`.
    #[inline]
    pub fn method_receiver(&self) -> Option<&Value> {
        match &self.method {
            Some(m) if !self.this_slot && self.bindings.is_empty() => Some(&m.this.1),
            _ => None,
        }
    }

    /// The receiver's variables in a method frame whose receiver's variables answer a name without a slot
    /// before the captured variables ([`MethodFrame::variables_first`]), where nothing was bound by name and no
    /// slot is named `this`: what [`Locals::this_object`] finds has them; else `None`.
    #[inline]
    pub fn receiver_variables(&self) -> Option<&[(Name, Value)]> {
        match &self.method {
            Some(MethodFrame { this: (_, Value::Object(o)), variables_first: true, .. })
                if !self.this_slot && self.bindings.is_empty() =>
            {
                o.variables()
            }
            _ => None,
        }
    }

    /// Whether a name the resolver gave no slot of this frame's layout (`NO_SLOT`) is, as `Machine::lookup_var`
    /// finds it, a captured variable ([`Locals::captured_scope`]) or else a global: a frame of a resolved call
    /// with no method receiver, nothing bound by name and no slot named `this` (so that no member of a `this`
    /// answers unless `this` is captured).
    #[inline]
    pub fn sees_captured_then_globals(&self) -> bool {
        self.method.is_none() && self.bindings.is_empty() && self.layout.as_ref().is_some_and(|l| !l.names_this)
    }

    /// The variables the running closure captured, if any.
    #[inline]
    pub fn captured_scope(&self) -> Option<&Scope> {
        self.captured.as_ref().filter(|c| !c.is_empty())
    }

    /// The object of a method call made by [`Locals::for_method_call`].
    #[inline]
    pub fn method_this(&self) -> Option<&Value> {
        self.method.as_ref().map(|m| &m.this.1)
    }

    /// Whether this is the top level, outside every function.
    pub fn in_function(&self) -> bool {
        self.in_function
    }

    /// The id of the frame's layout: a [`crate::syntax::ast::Slot`] resolved for it gives its slot.
    #[inline]
    pub fn layout_id(&self) -> u32 {
        self.id
    }

    /// The slot vector, given back when the call ends (for reuse).
    pub fn take_slots(&mut self) -> Vec<Option<Value>> {
        std::mem::take(&mut self.slots)
    }

    /// Makes this spare frame (emptied by [`Locals::empty_for_reuse`]) the frame of a call of a resolved
    /// function, in place: [`Locals::for_resolved_call`], or [`Locals::for_method_call`] with `method`, in
    /// this frame's buffers (its scopes then open without allocating).
    #[inline]
    pub fn enter_resolved_call(
        &mut self,
        captured: Scope,
        layout: Rc<Layout>,
        slots: Vec<Option<Value>>,
        method: Option<MethodFrame>,
    ) {
        self.captured = Some(captured);
        self.in_function = true;
        self.id = layout.id;
        if method.is_some() {
            self.this_slot = layout.names_this;
        }
        self.layout = Some(layout);
        self.slots = slots;
        self.method = method;
    }

    /// [`Locals::enter_resolved_call`] for a function call (no method) whose slots were filled in this frame
    /// already.
    #[inline]
    pub fn enter_call_in_place(&mut self, captured: Scope, layout: Rc<Layout>) {
        self.captured = Some(captured);
        self.in_function = true;
        self.id = layout.id;
        self.layout = Some(layout);
    }

    /// Empties this finished frame in place for reuse (no value, no layout, no captured scope held; the
    /// buffers kept): the state of `Locals::default()` with its buffers' capacity.
    #[inline]
    pub fn empty_for_reuse(&mut self) {
        self.captured = None;
        self.bindings.clear();
        self.marks.clear();
        self.in_function = false;
        self.id = 0;
        self.layout = None;
        self.slots.clear();
        self.trail.clear();
        if self.method.is_some() {
            self.method = None;
        }
        self.this_slot = false;
        // A copy of a receiver's variables comes with its class's answers (`Locals::copy_receiver`).
        if self.receiver_kinds.is_some() {
            self.receiver_fields.clear();
            self.receiver_class = 0;
            self.receiver_kinds = None;
        }
    }

    /// Empties a kept method frame after a call of the same method (a hook's, `HookFrame`): its slots, scopes
    /// and receiver (`this` becomes `Nothing`, the copy of its variables is dropped; the names of `this` and of
    /// the property and the class's answers for names stay, the same for every call); its layout, id and slot
    /// count stay, and so does its captured scope while it is still `scope`, the one every call of the method
    /// starts with (an assignment to a captured variable made a copy of the map, which the next call must not
    /// see).
    #[inline]
    pub fn vacate(&mut self, scope: &Scope) {
        if !self.captured.as_ref().is_some_and(|c| c.ptr_eq(scope)) {
            self.captured = None;
        }
        self.slots.iter_mut().for_each(clear_slot);
        self.bindings.clear();
        self.marks.clear();
        self.trail.clear();
        if let Some(m) = &mut self.method {
            m.this.1 = Value::Nothing;
        }
        // The class's answers stay (names only: the next call is on an object of the same class).
        self.receiver_fields.clear();
        self.receiver_class = 0;
    }

    /// Opens a scope.
    #[inline]
    pub fn push(&mut self) {
        self.marks.push((self.bindings.len(), self.trail.len()));
    }

    /// Closes the innermost scope.
    #[inline]
    pub fn pop(&mut self) {
        if let Some((m, t)) = self.marks.pop() {
            self.bindings.truncate(m);
            for s in self.trail.drain(t..) {
                self.slots[s as usize] = None;
            }
        }
    }

    /// The bound local of the slot chain starting at `head` (the innermost bound slot of its name).
    #[inline]
    pub fn slot(&self, head: u32) -> Option<&Value> {
        let mut s = head;
        while s != NO_SLOT {
            if let Some(v) = &self.slots[s as usize] {
                return Some(v);
            }
            s = self.layout.as_ref().expect("a resolved frame").outer[s as usize];
        }
        None
    }

    /// The bound slot of the chain starting at `head`, to change in place.
    #[inline]
    pub fn slot_mut(&mut self, head: u32) -> Option<&mut Value> {
        let mut s = head;
        while s != NO_SLOT {
            if self.slots[s as usize].is_some() {
                return self.slots[s as usize].as_mut();
            }
            s = self.layout.as_ref().expect("a resolved frame").outer[s as usize];
        }
        None
    }

    /// `this` or the property's name of the method frame, to change in place: the copy of the receiver's
    /// variables is dropped first (`this` may change).
    fn method_value_mut(&mut self, name: &str) -> Option<&mut Value> {
        self.receiver_fields.clear();
        self.receiver_class = 0;
        self.receiver_kinds = None;
        self.method.as_mut().and_then(|m| m.get_mut(name))
    }

    /// The copy of the method frame's receiver's variables ([`Locals::receiver_fields`]) while nothing is bound
    /// by name (a binding by name may shadow them), else none: what [`Locals::receiver_variables`] gives, when
    /// the copy was made.
    #[inline(always)]
    pub fn receiver_fields(&self) -> &[(Name, Value)] {
        if self.bindings.is_empty() {
            &self.receiver_fields
        } else {
            &[]
        }
    }

    /// [`Locals::receiver_fields`] with the address of the receiver's class (`Locals::receiver_class`), when
    /// the copy was made.
    #[inline(always)]
    pub fn receiver_copy(&self) -> Option<(usize, &[(Name, Value)])> {
        (self.receiver_class != 0 && self.bindings.is_empty()).then_some((self.receiver_class, &self.receiver_fields))
    }

    /// [`Locals::receiver_kinds`] while the copy of the receiver's variables is read ([`Locals::receiver_copy`]).
    #[inline(always)]
    pub fn receiver_kinds(&self) -> Option<&NameKindList> {
        self.receiver_kinds.as_ref().filter(|_| self.receiver_class != 0 && self.bindings.is_empty())
    }

    /// Makes `fields` the copy of the method frame's receiver's variables, `class` the address of its class and
    /// `kinds` its answers for other names: they must be what [`Locals::receiver_variables`] gives in this
    /// frame, with distinct names (see `Locals::receiver_fields`).
    #[inline]
    pub fn copy_receiver(&mut self, class: usize, fields: &[(Name, Value)], kinds: &NameKindList) {
        debug_assert!(class != 0 && self.receiver_variables().is_some_and(|v| v.len() == fields.len()));
        self.receiver_fields.clear();
        for (n, v) in fields {
            self.receiver_fields.push((n.clone(), v.clone()));
        }
        self.receiver_class = class;
        if !self.receiver_kinds.as_ref().is_some_and(|k| Rc::ptr_eq(k, kinds)) {
            self.receiver_kinds = Some(kinds.clone());
        }
    }

    /// A captured variable (the look-up after the frame's own slots).
    #[inline(always)]
    pub fn captured(&self, name: &str) -> Option<&Value> {
        if let Some(v) = self.method.as_ref().and_then(|m| m.get(name)) {
            return Some(v);
        }
        match &self.captured {
            Some(c) if !c.is_empty() => c.get(name),
            _ => None,
        }
    }

    /// A local of the slot chain at `head`, else a captured variable, to change in place.
    pub fn slot_or_captured_mut(&mut self, head: u32, name: &str) -> Option<&mut Value> {
        if self.slot(head).is_some() {
            return self.slot_mut(head);
        }
        if self.method.as_ref().is_some_and(|m| m.get(name).is_some()) {
            return self.method_value_mut(name);
        }
        match &mut self.captured {
            Some(c) if !c.is_empty() => c.get_mut(name),
            _ => None,
        }
    }

    /// Binds `slot` (a declaration in its scope, the innermost open one). In line: a loop body's `var`
    /// declarations (Konane's `var r := p[1]`) run it on every iteration, mostly over the last one's value.
    #[inline(always)]
    pub fn declare_slot(&mut self, slot: u32, value: Value) {
        let s = slot as usize;
        match &mut self.slots[s] {
            Some(held) => discard(std::mem::replace(held, value)),
            empty => {
                if self.layout.as_ref().expect("a resolved frame").depth[s] > 0 {
                    self.trail.push(slot);
                }
                *empty = Some(value);
            }
        }
    }

    /// Binds the function-scope slot at the end of the chain starting at `head` (an assignment to a name
    /// bound nowhere).
    pub fn declare_slot_in_function(&mut self, head: u32, value: Value) {
        let layout = self.layout.as_ref().expect("a resolved frame");
        let mut s = head;
        while layout.outer[s as usize] != NO_SLOT {
            s = layout.outer[s as usize];
        }
        self.slots[s as usize] = Some(value);
    }

    /// The innermost bound slot named `name` (a search by name in a resolved frame).
    fn slot_named(&self, name: &str) -> Option<usize> {
        let layout = self.layout.as_ref()?;
        layout
            .capture_order
            .iter()
            .rev()
            .map(|&s| s as usize)
            .find(|&s| self.slots[s].is_some() && same_name(&layout.names[s], name))
    }

    /// The innermost local named `name`.
    #[inline]
    pub fn lookup(&self, name: &str) -> Option<&Value> {
        if let Some((_, v)) = self.bindings.iter().rev().find(|(k, _)| same_name(k, name)) {
            return Some(v);
        }
        if let Some(s) = self.slot_named(name) {
            return self.slots[s].as_ref();
        }
        self.captured(name)
    }

    /// The innermost local named `name`, to change in place (the slot [`Locals::assign`] would write).
    pub fn get_mut(&mut self, name: &str) -> Option<&mut Value> {
        if let Some(i) = self.bindings.iter().rposition(|(k, _)| same_name(k, name)) {
            return Some(&mut self.bindings[i].1);
        }
        if let Some(s) = self.slot_named(name) {
            return self.slots[s].as_mut();
        }
        if self.method.as_ref().is_some_and(|m| m.get(name).is_some()) {
            return self.method_value_mut(name);
        }
        self.captured.as_mut()?.get_mut(name)
    }

    /// Declares `name` in the innermost scope; returns the value back if there is no local scope (top level).
    #[inline]
    pub fn declare(&mut self, name: Name, value: Value) -> Result<(), Value> {
        let start = match self.marks.last() {
            Some(&(m, _)) => m,
            None if self.in_function => 0,
            None => return Err(value),
        };
        match self.bindings[start..].iter_mut().find(|(k, _)| same_name(k, &name)) {
            Some(slot) => slot.1 = value,
            None => self.bindings.push((name, value)),
        }
        Ok(())
    }

    /// Updates the innermost existing local `name`; returns the value back if there is none.
    pub fn assign(&mut self, name: &Name, value: Value) -> Result<(), Value> {
        if let Some(slot) = self.get_mut(name) {
            *slot = value;
            return Ok(());
        }
        Err(value)
    }

    /// Declares `name` in the current function's own scope; returns the value back at top level.
    pub fn declare_in_function(&mut self, name: Name, value: Value) -> Result<(), Value> {
        if !self.in_function {
            return Err(value);
        }
        let end = self.marks.first().map_or(self.bindings.len(), |m| m.0);
        if let Some(slot) = self.bindings[..end].iter_mut().find(|(k, _)| same_name(k, &name)) {
            slot.1 = value;
            return Ok(());
        }
        self.bindings.insert(end, (name, value));
        for m in &mut self.marks {
            m.0 += 1;
        }
        Ok(())
    }

    /// Every visible local, flattened into one scope (inner names shadow outer ones), for a closure.
    pub fn capture(&self) -> Scope {
        let mut all = self.captured.clone().unwrap_or_default();
        if let Some(m) = &self.method {
            all.insert(m.this.0.clone(), m.this.1.clone());
            if let Some((n, v)) = &m.property {
                all.insert(n.clone(), v.clone());
            }
        }
        if let Some(layout) = &self.layout {
            for &s in &layout.capture_order {
                if let Some(v) = &self.slots[s as usize] {
                    all.insert(layout.names[s as usize].clone(), v.clone());
                }
            }
        }
        for (k, v) in &self.bindings {
            all.insert(k.clone(), v.clone());
        }
        all
    }

    /// Every bound value (the call's scopes and the captured variables), for a collection.
    pub fn values(&self) -> impl Iterator<Item = &Value> {
        let method = self.method.iter().flat_map(|m| std::iter::once(&m.this.1).chain(m.property.iter().map(|p| &p.1)));
        self.captured.iter().flat_map(|c| c.values()).chain(method).chain(self.bindings.iter().map(|(_, v)| v))
    }

    /// The names of all visible locals.
    pub fn names(&self) -> impl Iterator<Item = &Name> {
        let slots = self
            .layout
            .iter()
            .flat_map(|l| l.names.iter().enumerate().filter(|(s, _)| self.slots[*s].is_some()).map(|(_, n)| n));
        let method = self.method.iter().flat_map(|m| std::iter::once(&m.this.0).chain(m.property.iter().map(|p| &p.0)));
        self.captured
            .iter()
            .flat_map(|c| c.keys())
            .chain(method)
            .chain(slots)
            .chain(self.bindings.iter().map(|(k, _)| k))
    }
}

fn trace_as<T: super::gc::Extension>(a: &mut dyn std::any::Any, t: &mut super::gc::Tracer) -> bool {
    a.downcast_mut::<T>().is_some_and(|x| x.trace(t))
}

fn clear_as<T: super::gc::Extension>(a: &mut dyn std::any::Any) {
    if let Some(x) = a.downcast_mut::<T>() {
        x.on_clear();
    }
}

impl Extensions {
    /// The state of type `T`, created with `T::default()` the first time it is asked for.
    pub fn get<T: super::gc::Extension>(&mut self) -> &mut T {
        self.0
            .entry(std::any::TypeId::of::<T>())
            .or_insert_with(|| (Box::new(T::default()), trace_as::<T>, clear_as::<T>))
            .0
            .downcast_mut::<T>()
            .expect("an extension is stored under its own type id")
    }

    /// The state of type `T`, if it was created.
    pub fn find<T: super::gc::Extension>(&self) -> Option<&T> {
        self.0.get(&std::any::TypeId::of::<T>()).and_then(|e| e.0.downcast_ref::<T>())
    }

    /// Reports the games every extension holds (see [`super::gc`]).
    pub fn trace(&mut self, t: &mut super::gc::Tracer) -> bool {
        self.0.values_mut().all(|(state, trace, _)| trace(&mut **state, t))
    }

    /// `:clear` for every extension (see [`super::gc::Extension::on_clear`]).
    pub fn on_clear(&mut self) {
        for (state, _, clear) in self.0.values_mut() {
            clear(&mut **state);
        }
    }
}

impl std::fmt::Debug for Extensions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Extensions({})", self.0.len())
    }
}

impl Globals {
    /// The value of a global name.
    #[inline]
    pub fn lookup(&self, name: &str) -> Option<&Value> {
        self.vars.get(name).or_else(|| self.natives.get(name))
    }

    /// What [`Globals::lookup`] may be remembered under: the stamps of both tables, which change with every
    /// change of either (see [`NameTable`]).
    #[inline]
    pub fn stamps(&self) -> (u64, u64) {
        (self.vars.stamp, self.natives.stamp)
    }
}

/// A stamp no table had before (stamps start at 1, so 0 is never one).
fn new_stamp() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

impl<K> Default for NameTable<K> {
    fn default() -> Self {
        NameTable { map: FxHashMap::default(), stamp: new_stamp() }
    }
}

/// The map's reading methods, and its writing ones, each of which takes a new stamp (`get_mut` too: its caller
/// writes through it).
impl<K: std::hash::Hash + Eq + std::borrow::Borrow<str>> NameTable<K> {
    /// The value of `name`.
    #[inline]
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.map.get(name)
    }

    /// Whether `name` is in the table.
    pub fn contains_key(&self, name: &str) -> bool {
        self.map.contains_key(name)
    }

    /// The names.
    pub fn keys(&self) -> impl Iterator<Item = &K> {
        self.map.keys()
    }

    /// The values.
    pub fn values(&self) -> impl Iterator<Item = &Value> {
        self.map.values()
    }

    /// The names with their values.
    pub fn iter(&self) -> impl Iterator<Item = (&K, &Value)> {
        self.map.iter()
    }

    /// The number of names.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// The table's stamp now.
    #[inline]
    pub fn stamp(&self) -> u64 {
        self.stamp
    }

    /// The value of `name`, to change (a new stamp).
    pub fn get_mut(&mut self, name: &str) -> Option<&mut Value> {
        self.stamp = new_stamp();
        self.map.get_mut(name)
    }

    /// Binds `name` (a new stamp); the value it had.
    pub fn insert(&mut self, name: K, value: Value) -> Option<Value> {
        self.stamp = new_stamp();
        self.map.insert(name, value)
    }

    /// Removes `name` (a new stamp); the value it had.
    pub fn remove(&mut self, name: &str) -> Option<Value> {
        self.stamp = new_stamp();
        self.map.remove(name)
    }

    /// Removes every name (a new stamp).
    pub fn clear(&mut self) {
        self.stamp = new_stamp();
        self.map.clear()
    }
}

impl<K> IntoIterator for NameTable<K> {
    type Item = (K, Value);
    type IntoIter = std::collections::hash_map::IntoIter<K, Value>;
    fn into_iter(self) -> Self::IntoIter {
        self.map.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Name {
        Name::from(s)
    }

    #[test]
    fn scopes_shadow_and_assign() {
        let mut params = LocalScope::new();
        params.insert(n("x"), Value::int(1));
        let mut captured = Scope::new();
        captured.insert(n("y"), Value::int(2));
        let mut l = Locals::for_call(captured, params);
        l.push();
        l.declare(n("x"), Value::int(10)).unwrap();
        assert_eq!(l.lookup("x"), Some(&Value::int(10)));
        l.assign(&n("y"), Value::int(3)).unwrap();
        assert!(l.assign(&n("z"), Value::int(3)).is_err());
        l.declare_in_function(n("z"), Value::int(4)).unwrap();
        l.pop();
        assert_eq!(l.lookup("x"), Some(&Value::int(1)));
        assert_eq!(l.lookup("y"), Some(&Value::int(3)));
        assert_eq!(l.lookup("z"), Some(&Value::int(4)));
        let c = l.capture();
        assert_eq!(c.get("x"), Some(&Value::int(1)));
        assert_eq!(c.get("y"), Some(&Value::int(3)));
    }

    #[test]
    fn get_mut_finds_the_innermost_local() {
        let mut params = LocalScope::new();
        params.insert(n("x"), Value::int(1));
        let mut l = Locals::for_call(Scope::new(), params);
        l.push();
        l.declare(n("x"), Value::int(2)).unwrap();
        *l.get_mut("x").unwrap() = Value::int(3);
        assert!(l.get_mut("y").is_none());
        assert_eq!(l.lookup("x"), Some(&Value::int(3)));
        l.pop();
        assert_eq!(l.lookup("x"), Some(&Value::int(1)));
    }

    #[test]
    fn top_level_has_no_scope() {
        let mut l = Locals::top();
        assert!(l.declare(n("x"), Value::Nothing).is_err());
        assert!(!l.in_function());
    }
}

//! A name inside a method as the compiled tree reads it: [`this_name`] answers, for a reference the resolver
//! gave no slot, whether it is a variable of `this`, the class of `this` itself or a global, without the general
//! search of `Machine::lookup_var` (the compiled tree's `Node::Var`, cell tests and `Position(…)` calls ask).

use super::super::machine::*;
use super::types::{class_address, user_object, Resolution, UserClass, UserObject, PROPERTY};
use crate::interp::model::types::{MethodFrame, NameKindList};
use crate::interp::object::downcast_ref;
use std::cell::Cell;
use std::rc::Rc;

/// What a name the resolver gave no slot means in a method frame, as far as [`this_name`] can tell without
/// [`Machine::lookup_var`].
pub(in crate::interp::eval) enum ThisName<'l> {
    /// A variable of `this` (`grid` in a position's `Options`).
    Field(&'l Value),
    /// The class of `this` itself (`Position(…)` in a position's `Options`).
    OwnClass(&'l Rc<UserClass>),
    /// No member of `this` or of the objects enclosing its class (`Left`): a global ([`Machine::lookup_global`]).
    Global,
    /// Anything else: [`Machine::lookup_var`] answers.
    Other,
}

/// [`Machine::lookup_var`]'s answer for a reference the resolver gave no slot, in a method frame: a variable
/// of `this`, else what `this`'s class decided before for the name ([`Machine::this_member`]'s cache: the
/// class itself, or a global), else [`ThisName::Other`]. Fields are set when an object is built and never
/// change, so the object's last variable of that name is the one.
///
/// `at` is the compiled node's hint of where the answer was found last (updated here): below [`KIND_HINT`],
/// the index of the variable; with [`KIND_HINT`] set, the index of the class's answer in
/// `UserClass::name_kinds`. A hint is only where to look first: the answer is checked by the name there.
#[inline(always)]
pub(in crate::interp::eval) fn this_name<'l>(
    locals: &'l Locals,
    name: &Name,
    slot: &Slot,
    at: &Cell<u32>,
) -> ThisName<'l> {
    if slot.get(locals.layout_id()) != Some(NO_SLOT) {
        return ThisName::Other;
    }
    // The commonest case, in line: a hook's frame keeps a copy of its receiver's variables, of distinct names
    // (`Locals::receiver_fields`), read at the hint by the name's address.
    if let Some((n, v)) = locals.receiver_fields().get(at.get() as usize) {
        if Rc::ptr_eq(n, name) {
            return ThisName::Field(v);
        }
    }
    // In such a frame, a global (`Left`, `Symmetry`) is answered from the class's answers it shares.
    if let Some(kinds) = locals.receiver_kinds() {
        return this_name_copied(locals, kinds, name, at);
    }
    this_name_object(locals, name, at)
}

/// [`this_name`] past the copy of the receiver's variables: the common case, in line: the variable at the
/// hint, in a frame whose receiver's variables come before its captured ones (`Locals::receiver_variables`),
/// found by the name's address (both are interned). A hint with `KIND_HINT` set is past every object's
/// variables. The receiver is a user object (one downcast, kept for the class's answer), whose variables are
/// what `Object::variables` gives.
#[inline(always)]
fn this_name_object<'l>(locals: &'l Locals, name: &Name, at: &Cell<u32>) -> ThisName<'l> {
    if let Some(obj) = receiver_object(locals) {
        let fields: &[(Name, Value)] = &obj.fields;
        let i = at.get() as usize;
        if let Some((n, v)) = fields.get(i) {
            if Rc::ptr_eq(n, name) && (i + 1 == fields.len() || !has_name(&fields[i + 1..], name)) {
                return ThisName::Field(v);
            }
        }
        return this_name_past_field(locals, obj, name, at);
    }
    this_name_searched(locals, name, at)
}

/// [`this_name`] in a frame with a copy of its receiver's variables (`Locals::receiver_copy`), made only where
/// `receiver_object` finds the receiver, which then has no cells and no enum literal, and with its class's
/// answers (`kinds`, the list of `UserClass::name_kinds`): a global at the hint is what [`kind_at_hint`]
/// finds, asked of the copy and of the list (the same names); anything else as [`this_name_object`] answers.
#[inline(never)]
fn this_name_copied<'l>(locals: &'l Locals, kinds: &NameKindList, name: &Name, at: &Cell<u32>) -> ThisName<'l> {
    let hint = at.get();
    if hint & KIND_HINT != 0 {
        if let Some((n, false)) = kinds.get((hint & !KIND_HINT) as usize).and_then(std::cell::OnceCell::get) {
            if Rc::ptr_eq(n, name)
                && !has_name(&locals.receiver_fields, name)
                && !locals.captured_scope().is_some_and(|c| c.contains_key(&**name))
            {
                return ThisName::Global;
            }
        }
    }
    this_name_object(locals, name, at)
}

/// The receiver of a method frame whose variables answer a name without a slot before its captured ones, as
/// [`Locals::receiver_variables`] decides it, when it is a user object (`None` otherwise: the search answers).
#[inline(always)]
fn receiver_object(locals: &Locals) -> Option<&UserObject> {
    match &locals.method {
        Some(MethodFrame { this: (_, Value::Object(o)), variables_first: true, .. })
            if !locals.this_slot && locals.bindings.is_empty() =>
        {
            downcast_ref::<UserObject>(&**o)
        }
        _ => None,
    }
}

/// [`this_name`] past its variable at the hint: a name that is no variable of the receiver `obj` whose hint
/// names its entry of the class's `name_kinds` (`Position`, `Symmetry`: answered without the search), else
/// [`this_name_searched`].
#[inline(never)]
fn this_name_past_field<'l>(locals: &'l Locals, obj: &'l UserObject, name: &Name, at: &Cell<u32>) -> ThisName<'l> {
    let hint = at.get();
    if hint & KIND_HINT != 0 && !has_name(&obj.fields, name) {
        if let Some(kind) = kind_at_hint(locals, obj, name, hint) {
            return kind;
        }
    }
    this_name_searched(locals, name, at)
}

/// Whether a variable of `fields` has the name (a loop in line: most objects have one variable).
#[inline(always)]
fn has_name(fields: &[(Name, Value)], name: &Name) -> bool {
    for (n, _) in fields {
        if same_text(n, name) {
            return true;
        }
    }
    false
}

/// The class's answer at the hint for a name that is no variable of the receiver `obj`, as
/// [`this_name_searched`] and [`class_name_kind`] find it: `None` when the hint is not that name's entry or
/// another question comes first. Of `Locals::captured`, only the captured scope is asked: its other names
/// (`this`, the hidden property name) never get an entry, since `this_name_searched` makes none for a name it
/// answers.
#[inline(always)]
fn kind_at_hint<'l>(locals: &Locals, obj: &'l UserObject, name: &Name, hint: u32) -> Option<ThisName<'l>> {
    if obj.cells.is_some() || obj.literal.is_some() {
        return None;
    }
    if locals.captured_scope().is_some_and(|c| c.contains_key(&**name)) {
        return None;
    }
    let (n, own) = obj.class.name_kinds.get((hint & !KIND_HINT) as usize)?;
    Rc::ptr_eq(n, name).then_some(if *own { ThisName::OwnClass(&obj.class) } else { ThisName::Global })
}

/// Whether two names have the same text (the same address first).
#[inline(always)]
fn same_text(n: &Name, name: &Name) -> bool {
    n.len() == name.len() && (std::ptr::eq(n.as_ptr(), name.as_ptr()) || **n == **name)
}

/// [`this_name`] past its common case.
#[inline(never)]
fn this_name_searched<'l>(locals: &'l Locals, name: &Name, at: &Cell<u32>) -> ThisName<'l> {
    let Some(this) = locals.method_receiver() else { return ThisName::Other };
    if locals.captured(name).is_some() {
        return ThisName::Other;
    }
    let Some(obj) = user_object(this) else { return ThisName::Other };
    let fields: &[(Name, Value)] = &obj.fields;
    let same = |n: &Name| same_text(n, name);
    let hint = at.get();
    // The variable at the hint, when no later variable has its name (for one variable: at once).
    if let Some((n, v)) = fields.get(hint as usize) {
        if same(n) && !fields[hint as usize + 1..].iter().any(|(n, _)| same(n)) {
            return ThisName::Field(v);
        }
    }
    if let Some(i) = fields.iter().rposition(|(n, _)| same(n)) {
        at.set(i as u32);
        return ThisName::Field(&fields[i].1);
    }
    // No variable of `this`: `this_member` next looks at the object's cells and enum literal (none here, or
    // it answers), then at what the class decided for the name before.
    if obj.cells.is_some() || obj.literal.is_some() {
        return ThisName::Other;
    }
    class_name_kind(&obj.class, name, at)
}

/// See [`this_name`]'s `at`: a hint with this bit names an entry of `UserClass::name_kinds`.
const KIND_HINT: u32 = 1 << 31;

/// [`this_name`] for a name that is no variable of an object of `class`: the class's answer kept by the name's
/// address first (the compiled tree's names are interned, and the class holds the name it compares with, so an
/// equal address is the same name), then by its text. An entry of `names` never changes once made, nor do the
/// class's id and enclosing object.
#[inline]
fn class_name_kind<'l>(class: &'l Rc<UserClass>, name: &Name, at: &Cell<u32>) -> ThisName<'l> {
    let answer = |own: bool| if own { ThisName::OwnClass(class) } else { ThisName::Global };
    let hint = at.get();
    let kinds = &class.name_kinds;
    if hint & KIND_HINT != 0 {
        if let Some((n, own)) = kinds.get((hint & !KIND_HINT) as usize) {
            if Rc::ptr_eq(n, name) {
                return answer(*own);
            }
        }
    }
    if let Some((k, (_, own))) = kinds.iter().enumerate().find(|(_, (n, _))| Rc::ptr_eq(n, name)) {
        at.set(KIND_HINT | k as u32);
        return answer(*own);
    }
    let own = match class.names.borrow().get(&**name) {
        Some(Resolution::Nested { depth: 1, id, .. }) if *id == class.id && class.enclosing.is_some() => true,
        Some(Resolution::Elsewhere) => false,
        _ => return ThisName::Other,
    };
    if let Some(k) = kinds.push((name.clone(), own)) {
        at.set(KIND_HINT | k as u32);
    }
    answer(own)
}

/// The class a compiled `Name(args…)` in a method found `Name` to be: the receiver's own class (`Position(…)`
/// in a position's `Options`), with the captured scope of the frame it was found in. Set once, at the first
/// call that finds it (a call on a receiver of another class takes the general path). The second part is the
/// address of the class whose receiver found the name to be something else last (a global function called in
/// a method): its calls go to the general path at once. Only an address, never read through: a class dropped
/// and another built at its address would only take the general path, which answers right for any class.
pub(in crate::interp::eval) struct OwnClassCache(
    std::cell::OnceCell<(Rc<UserClass>, Option<crate::interp::env::Scope>)>,
    Cell<*const UserClass>,
);

impl Default for OwnClassCache {
    fn default() -> Self {
        OwnClassCache(Default::default(), Cell::new(std::ptr::null()))
    }
}

/// The class `name` names at a compiled call `name(args…)` when [`this_name`] answers
/// [`ThisName::OwnClass`] for it there and the class builds objects by its constructor (`ClassFacts::
/// constructs`): after the first such call, from `cache`, with only the questions whose answers can differ
/// between frames asked again: the receiver is a user object of the same class in a frame whose variables
/// answer first (`receiver_object`), the name has no slot, is no variable of the object, and is not in the
/// frame's captured scope (the same map as before, or one without the name). Everything else `this_name`
/// asks (the class's nested classes, its enclosing objects, `Resolution`) is fixed for the class, and a class
/// declared again is another class (another `Rc`), which the cache does not match. `None`: the general call.
#[inline(always)]
pub(in crate::interp::eval) fn own_class<'c>(
    locals: &Locals,
    name: &Name,
    slot: &Slot,
    at: &Cell<u32>,
    cache: &'c OwnClassCache,
) -> Option<&'c Rc<UserClass>> {
    // A hook's frame with a copy of its receiver's variables (`Locals::receiver_copy`), made only where
    // `receiver_object` finds the receiver, which then has no cells and no enum literal: the same questions
    // asked of the copy and of the class's address.
    if let Some((class_at, fields)) = locals.receiver_copy() {
        if class_at == cache.1.get() as *const () as usize {
            return None;
        }
        if let Some((class, scope)) = cache.0.get() {
            let fits = class_address(class) == class_at
                && slot.get(locals.layout_id()) == Some(NO_SLOT)
                && !has_name(fields, name)
                && match locals.captured_scope() {
                    None => true,
                    Some(c) => scope.as_ref().is_some_and(|s| s.ptr_eq(c)) || !c.contains_key(&**name),
                };
            return fits.then_some(class);
        }
    }
    // Outside a method (a function's call of a global, every call in the library's rulesets): at once.
    let obj = receiver_object(locals)?;
    if std::ptr::eq(Rc::as_ptr(&obj.class), cache.1.get()) {
        return None;
    }
    let Some((class, scope)) = cache.0.get() else { return own_class_first(locals, obj, name, slot, at, cache) };
    let fits = Rc::ptr_eq(&obj.class, class)
        && obj.cells.is_none()
        && obj.literal.is_none()
        && slot.get(locals.layout_id()) == Some(NO_SLOT)
        && !has_name(&obj.fields, name)
        && match locals.captured_scope() {
            None => true,
            Some(c) => scope.as_ref().is_some_and(|s| s.ptr_eq(c)) || !c.contains_key(&**name),
        };
    fits.then_some(class)
}

/// [`own_class`] before its cache is set, in a frame whose receiver `obj`'s variables answer first:
/// [`this_name`] answers, and an answer of the own class is kept (of a name the method frame itself binds,
/// `this`, never); a variable of the object or a global keeps the class's address.
#[inline(never)]
fn own_class_first<'c>(
    locals: &Locals,
    obj: &UserObject,
    name: &Name,
    slot: &Slot,
    at: &Cell<u32>,
    cache: &'c OwnClassCache,
) -> Option<&'c Rc<UserClass>> {
    let c = match this_name(locals, name, slot, at) {
        ThisName::OwnClass(c) if c.facts().constructs && &**name != "this" && &**name != PROPERTY => c,
        // Answers the class decided (a variable of its objects, a global): kept. `Other` may be a name the
        // class has not decided yet (the general call decides it): asked again next time.
        ThisName::Field(_) | ThisName::Global => {
            cache.1.set(Rc::as_ptr(&obj.class));
            return None;
        }
        _ => return None,
    };
    let _ = cache.0.set((c.clone(), locals.captured_scope().cloned()));
    cache.0.get().map(|(c, _)| c)
}

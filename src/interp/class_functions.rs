//! The functions that stand for a class of CGSuite's library: stdlib functions (`GenClobber`) recorded by the
//! stdlib loader, and native class constructors (`TakeAndBreak`). A leaf: it names no value type, so `value.rs`
//! prints them and `classes.rs` gives their class without a circle.

use crate::syntax::ast::FunctionDef;
use std::rc::Rc;

thread_local! {
    /// The stdlib's functions that stand for a class of CGSuite's library (`GenToadsAndFrogs`, `Turning`,
    /// `GenClobber`), by the address of their definition, with the class's qualified name.
    /// The weak handle tells a live definition from a later one at a reused address.
    #[allow(clippy::type_complexity)]
    static LIBRARY_FUNCTIONS: std::cell::RefCell<std::collections::HashMap<usize, (std::rc::Weak<FunctionDef>, Rc<str>)>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

/// Records that the function `def` (a stdlib function, kept alive by the native globals) stands for CGSuite's
/// class `qualified`: it prints as the class, as CGSuite prints it (`⟪game.strip.GenToadsAndFrogs⟫`), not as its
/// source with the stdlib's internal names.
pub fn register_library_function(def: &Rc<FunctionDef>, qualified: &str) {
    let entry = (Rc::downgrade(def), Rc::from(qualified));
    LIBRARY_FUNCTIONS.with(|m| m.borrow_mut().insert(Rc::as_ptr(def) as usize, entry));
}

/// The native functions that are CGSuite's class constructors (CGSuite 2.2: `game.heap.TakeAndBreak` and
/// `Table` typed alone are the classes, `⟪game.heap.TakeAndBreak⟫`, `⟪cgsuite.util.Table⟫`).
// With their qualified names: `TakeAndBreak`'s is in the class table of `classes.rs`, which this leaf may not
// name (it would join the core's import circle); `interp::classes`'s test checks both agree.
pub(crate) const LIBRARY_CLASS_NATIVES: &[(&str, &str)] =
    &[("TakeAndBreak", "game.heap.TakeAndBreak"), ("Table", "cgsuite.util.Table")];

/// The qualified name of a native that stands for a library class (`TakeAndBreak`), if it is one.
pub(crate) fn library_class_native(name: &str) -> Option<&'static str> {
    LIBRARY_CLASS_NATIVES.iter().find(|(short, _)| *short == name).map(|(_, q)| *q)
}

/// The qualified class name a stdlib function stands for, if it is one.
pub(crate) fn library_function(def: &Rc<FunctionDef>) -> Option<Rc<str>> {
    LIBRARY_FUNCTIONS.with(|m| {
        let map = m.borrow();
        let (weak, name) = map.get(&(Rc::as_ptr(def) as usize))?;
        weak.upgrade().filter(|d| Rc::ptr_eq(d, def)).map(|_| name.clone())
    })
}

//! The table of every global name: the library root registers the global functions every class declares
//! ([`crate::interp::registry::ClassDecl::globals`]) and each family's constants (it sits above the families, so a
//! family never names another family's globals).

use crate::game::Outcome;
use crate::interp::env::Globals;
use crate::interp::native::NativeFn;
use crate::interp::value::Value;
use std::rc::Rc;

/// The global constants: the outcome classes.
const CONSTANTS: [(&str, Outcome); 4] = [("L", Outcome::L), ("R", Outcome::R), ("N", Outcome::N), ("P", Outcome::P)];

/// Registers every native global (`natives`: the functions the classes declare, which the library root reads
/// from its registry) and constant.
pub fn register_globals(globals: &mut Globals, natives: Vec<&'static NativeFn>) {
    for f in natives {
        let v = Value::Function(Rc::new(crate::interp::value::Function::Native(f)));
        globals.natives.insert(f.name, v);
    }
    for (name, o) in CONSTANTS {
        globals.natives.insert(name, Value::Outcome(o));
    }
    // CGSuite's `inf` (1/0); `-inf` is its negative.
    globals.natives.insert("inf", Value::Infinity(1));
    // CGSuite's `omega`, the least infinite ordinal (a `GeneralizedOrdinal`).
    globals.natives.insert("omega", super::number::surreal::omega());
    globals.natives.insert("ω", super::number::surreal::omega());
    for (name, v) in super::graph::constants() {
        globals.natives.insert(name, v);
    }
    for (name, v) in super::board::strip::constants() {
        globals.natives.insert(name, v);
    }
    for (name, v) in super::board::grid::constants() {
        globals.natives.insert(name, v);
    }
    for (name, v) in super::cgsuite::namespaces::constants() {
        globals.natives.insert(name, v);
    }
    super::impartial::register(globals);
}

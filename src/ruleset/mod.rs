//! Rulesets written in cgs: the layer above the interpreter.
//!
//! A `ruleset … end` declaration becomes a [`script::Schema`] or [`script::Instance`]; applied to a state it
//! gives a [`position::Position`], whose values, options, outcome classes and nim values are computed on
//! demand and memoised per instance ([`memo`], [`outcome`], [`search`], [`key`]). [`objects`] makes these values objects of
//! the interpreter's protocol, [`members`] holds their member tables, [`shortcut`] the natives that hand a
//! position to a native solver of `crate::solve`, and [`stdlib`] the rulesets of `stdlib/*.cgs`.
//!
//! The interpreter never names this layer: [`install`] registers it (the `ruleset` declaration hook, the
//! globals, the member tables) and loads the standard library into a workspace.

pub mod cgsuite_print;
pub mod classes;
pub mod instance;
pub mod key;
pub mod loopy;
pub mod members;
pub mod memo;
pub mod objects;
pub mod outcome;
pub mod position;
pub mod registry;
pub mod script;
pub mod search;
pub mod shortcut;
pub mod solver;
pub mod stdlib;
pub mod sums;
pub mod terms;

use crate::interp::Interpreter;

/// Installs the ruleset layer into a workspace: the registry with its classes ([`registry::REGISTRY`]),
/// `ruleset` declarations, the globals `Value`, `NativeValue`, `ByRules`, then the standard library.
pub fn install(interp: &mut Interpreter) {
    interp.set_library(&registry::REGISTRY);
    let globals = interp.globals_mut();
    globals.ruleset_declarer = Some(script::declare);
    registry::register(globals);
    classes::install(globals);
    stdlib::load(interp);
}

#[cfg(test)]
mod tests {
    use super::stdlib;
    use crate::syntax::parse::parse_cells;

    // In this file, not in stdlib.rs: the test installs the whole ruleset layer, which loads the stdlib.
    /// Every stdlib cell parses and evaluates without error.
    #[test]
    fn stdlib_loads_cleanly() {
        let mut interp = crate::core_interpreter();
        super::install(&mut interp);
        let mut sink = std::io::sink();
        for (name, text) in stdlib::FILES {
            let file = interp.sources().add(*name, *text);
            for cell in parse_cells(text, file) {
                assert!(cell.errors.is_empty(), "{name}: {:?}", cell.errors);
                if let Err(e) = interp.eval_cell(&cell.block, &mut sink) {
                    panic!("{name}: {:?}", e);
                }
            }
        }
    }
}

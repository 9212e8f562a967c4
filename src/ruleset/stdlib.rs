//! The standard library of rulesets: `stdlib/*.cgs`, written in cgs, embedded in the binary and evaluated by
//! by [`super::install`] in every new workspace.
//!
//! Each file is registered in the interpreter's source registry under a pseudo-path such as
//! `<stdlib/clobber.cgs>`, so a diagnostic raised inside a stdlib function points into the stdlib's own text.
//! The files run in the order of [`FILES`] (the prelude of shared helpers first); then every top-level name they
//! defined moves from the user's variables to the native globals, so it survives `:clear` and a user's
//! assignment to the same name only shadows it. Names starting with `_` are helpers internal to the stdlib.
//!
//! Before the files run, [`super::shortcut::register`] adds the natives the stdlib builds on:
//! `NativeValue` (the native solvers) and `ByRules`.

use crate::diag::{render, Diagnostic};
use crate::interp::Interpreter;
use crate::syntax::parse::parse_cells;
use std::collections::HashSet;
use std::sync::{Mutex, OnceLock};

/// The stdlib files, in load order: pseudo-path and text.
pub const FILES: &[(&str, &str)] = &[
    ("<stdlib/prelude.cgs>", include_str!("../../stdlib/prelude.cgs")),
    ("<stdlib/domineering.cgs>", include_str!("../../stdlib/domineering.cgs")),
    ("<stdlib/clobber.cgs>", include_str!("../../stdlib/clobber.cgs")),
    ("<stdlib/toads.cgs>", include_str!("../../stdlib/toads.cgs")),
    ("<stdlib/toppling.cgs>", include_str!("../../stdlib/toppling.cgs")),
    ("<stdlib/hackenbush.cgs>", include_str!("../../stdlib/hackenbush.cgs")),
    ("<stdlib/cutcake.cgs>", include_str!("../../stdlib/cutcake.cgs")),
    ("<stdlib/skijumps.cgs>", include_str!("../../stdlib/skijumps.cgs")),
    ("<stdlib/subtraction.cgs>", include_str!("../../stdlib/subtraction.cgs")),
    ("<stdlib/bipass.cgs>", include_str!("../../stdlib/bipass.cgs")),
    ("<stdlib/coordinates.cgs>", include_str!("../../stdlib/coordinates.cgs")),
    ("<stdlib/heap.cgs>", include_str!("../../stdlib/heap.cgs")),
    ("<stdlib/grid_games.cgs>", include_str!("../../stdlib/grid_games.cgs")),
    ("<stdlib/graph_games.cgs>", include_str!("../../stdlib/graph_games.cgs")),
    ("<stdlib/loopy_games.cgs>", include_str!("../../stdlib/loopy_games.cgs")),
];

/// A global name as `&'static str`, leaked once per distinct name for the life of the process (the native
/// globals are keyed by static strings; the stdlib defines a fixed, small set of names).
fn intern(name: &str) -> &'static str {
    static NAMES: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut names = NAMES.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    if let Some(n) = names.get(name) {
        return n;
    }
    let n: &'static str = Box::leak(name.to_string().into_boxed_str());
    names.insert(n);
    n
}

/// Loads the stdlib into a fresh interpreter. The stdlib is part of cgs, so an error in it is a bug: it is
/// reported on stderr (and fails the unit test below), and loading carries on with the next cell.
pub fn load(interp: &mut Interpreter) {
    let interrupt = interp.interrupt_flag();
    super::shortcut::register(interp.globals_mut(), interrupt);
    let mut sink = std::io::sink();
    for (name, text) in FILES {
        let file = interp.sources().add(*name, *text);
        for cell in parse_cells(text, file) {
            let result = if cell.errors.is_empty() {
                interp.eval_cell(&cell.block, &mut sink).err().map(|e| vec![Diagnostic::from(&e)])
            } else {
                Some(cell.errors.iter().map(Diagnostic::from).collect())
            };
            for d in result.unwrap_or_default() {
                let mut err = std::io::stderr();
                render(&d, interp.sources(), &mut err, false);
            }
        }
    }
    let globals = interp.globals_mut();
    let vars = std::mem::take(&mut globals.vars);
    for (name, value) in vars {
        globals.natives.insert(intern(&name), value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse::parse_cells;

    /// Every stdlib cell parses and evaluates without error.
    #[test]
    fn stdlib_loads_cleanly() {
        let mut interp = crate::interp::Interpreter::core();
        crate::ruleset::install(&mut interp);
        let mut sink = std::io::sink();
        for (name, text) in FILES {
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

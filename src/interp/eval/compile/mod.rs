//! The compiled tree (issue 35): a resolved function's body, compiled once into a tree of [`Node`]s.
//!
//! The syntax tree is walked by [`Machine::eval`], which dispatches on the kind of every node, reads each
//! variable through its [`Slot`] cell (checked against the running frame's layout) and evaluates conditions
//! to boolean values. A function with a resolved frame layout (`syntax/resolve.rs`) is compiled on its first
//! call into a tree in which those decisions are made once: a local is its slot number, a literal its value,
//! a condition a boolean-valued node, `g[r, c]` of a local grid a read of the cell in place, `for p in
//! g.FindAll(c)` a walk over the board's cells, `xs := xs.Append(x)` a push onto the list held by `xs`.
//!
//! Design:
//! - **Compile what it can, fall back on the rest.** Every node kind the compiler does not know, and every
//!   form it only knows partly (named arguments, `x[i] := v`, definitions, games), becomes a [`Node::Eval`]
//!   holding that sub-tree, which the evaluator evaluates in the same frame. Each compiled node does what
//!   the evaluator does for its syntax, in the same order, with the same errors and spans (`run.rs` cites the
//!   evaluator function it mirrors); `tests.rs` and the script corpus run with and without the compiler and
//!   compare (the environment variable `CGS_NO_COMPILE` turns it off, [`set_enabled`] in tests).
//! - **Where the compiled code lives.** A cache per thread maps a function definition (by address) to its
//!   compiled body; it holds a weak reference to the definition, so that the address is not reused, and is
//!   pruned of dropped definitions as it grows. The body, once made, is also kept in the definition itself
//!   (`FunctionDef::compiled`), where the next calls find it without the cache's look-up (the cache then only
//!   counts calls before the first compilation and the bodies made). A function is compiled on its first
//!   call, for its layout: its slot numbers are read from the cells once. This is safe for memory because
//!   definitions are not made per value: every closure of a `def` or lambda shares the definition of the
//!   syntax tree (and a class builds one parameter binder per class), so there are as many compiled bodies as
//!   definitions parsed. (An earlier
//!   constructor made a definition per object, and compiling each doubled class-style rulesets' memory; a
//!   function was then compiled on its second call. `set_first_call(false)` restores that, for comparison.)
//! - **Limits.** Calls and loop iterations check the interrupt flag, the memory budget and the stack as the
//!   evaluator does (`check_limits`); the stack budget is also checked where a compiled node recurses into
//!   the evaluator (every fallback node goes through [`Machine::eval`]).

use super::machine::*;
use crate::syntax::ast::{FunctionDef, Layout};
use rustc_hash::FxHashMap;
use std::cell::{Cell, RefCell};
use std::rc::Weak;

mod build;
mod call;
mod cell;
mod clauses;
mod cond;
mod fields;
mod global;
mod inline;
mod is_test;
mod member;
mod pair;
mod run;
mod stmt;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_call;
#[cfg(test)]
mod tests_fields;
#[cfg(test)]
mod tests_inline;
#[cfg(test)]
mod tests_kcall;
mod top;
mod tree;

use tree::Node;

thread_local! {
    /// Whether function bodies are compiled (off with `CGS_NO_COMPILE` set in the environment).
    static ENABLED: Cell<bool> = Cell::new(std::env::var_os("CGS_NO_COMPILE").is_none());
    /// Whether a function is compiled on its first call (the default) rather than its second.
    static FIRST_CALL: Cell<bool> = const { Cell::new(true) };
    /// The functions called so far, by the address of their definition, with their compiled bodies.
    static CACHE: RefCell<Cache> = RefCell::new(Cache { entries: FxHashMap::default(), prune_at: 1024 });
}

/// The compiled bodies (see the module documentation), by address with FxHash (every call asks).
struct Cache {
    entries: FxHashMap<usize, Entry>,
    /// The size at which entries of dropped definitions are removed.
    prune_at: usize,
}

struct Entry {
    /// The definition: a weak reference keeps its allocation, so the address is not reused while the entry
    /// exists; a definition no longer alive makes the entry stale.
    def: Weak<FunctionDef>,
    /// The compiled body (`None`: called once, with `set_first_call(false)`).
    code: Option<Rc<Node>>,
}

/// Turns the compiler on or off for this thread (the differential tests run a script both ways).
pub fn set_enabled(on: bool) {
    ENABLED.with(|e| e.set(on));
}

/// Compiles functions on their first call (`true`, the default) or their second (`false`) in this thread.
#[cfg(test)]
pub fn set_first_call(on: bool) {
    FIRST_CALL.with(|f| f.set(on));
}

/// How many functions have a compiled body in this thread's cache (for the tests).
#[cfg(test)]
pub fn compiled_count() -> usize {
    CACHE.with(|c| c.borrow().entries.values().filter(|e| e.code.is_some()).count())
}

/// Whether the compiler is on for this thread.
pub fn enabled() -> bool {
    ENABLED.with(Cell::get)
}

/// Runs the top-level statement `e`, a `for` or `while` loop, compiled. Top-level names have no slots: the
/// statement's own locals are looked up by name, as the evaluator looks them up, and the other names go
/// straight to the top-level variables (`top.rs`; only when no local scope is open, as at top level). The
/// loop's safe points are the compiled loop's own (`clauses::for_loop`, [`Node::While`]). Compiled each time
/// it runs: a top-level statement runs once.
pub(super) fn run_top(m: &mut Machine<'_>, e: &Expr) -> Eval<Value> {
    let bare = !m.locals.in_function() && m.locals.layout_id() == 0 && m.locals.names().next().is_none();
    let locals = if bare { top::declared(e) } else { None };
    build::compile_top(e, locals.as_ref()).run(m)
}

impl<'a> Machine<'a> {
    /// Evaluates the body of the resolved function `def` (whose frame, of `layout`, is the running one):
    /// compiled, unless the compiler is off.
    pub(super) fn run_body(&mut self, def: &Rc<FunctionDef>, layout: &Layout) -> Eval<Value> {
        if !enabled() {
            return self.eval(&def.body);
        }
        // The body compiled before, kept with the definition (no look-up in the cache).
        if let Some(code) = def.compiled.get().and_then(|c| c.downcast_ref::<Node>()) {
            return code.run(self);
        }
        let key = Rc::as_ptr(def) as usize;
        let code = CACHE.with(|c| {
            let mut c = c.borrow_mut();
            if let Some(e) = c.entries.get_mut(&key) {
                if e.def.strong_count() > 0 {
                    return Some(
                        e.code.get_or_insert_with(|| Rc::new(build::compile_body(&def.body, layout.id))).clone(),
                    );
                }
            }
            let code = FIRST_CALL.with(Cell::get).then(|| Rc::new(build::compile_body(&def.body, layout.id)));
            c.entries.insert(key, Entry { def: Rc::downgrade(def), code: code.clone() });
            if c.entries.len() >= c.prune_at {
                c.entries.retain(|_, e| e.def.strong_count() > 0);
                c.prune_at = (2 * c.entries.len()).max(1024);
            }
            code
        });
        match code {
            Some(code) => {
                def.compiled.set(code.clone());
                code.run(self)
            }
            None => self.eval(&def.body),
        }
    }
}

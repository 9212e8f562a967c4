//! The interpreter: evaluates parsed cells against a persistent workspace of variables and games.
//!
//! [`Interpreter`] is the public face used by the REPL, the CLI and the test harness. It owns the source
//! registry, the game store ([`crate::game::Games`]) and the top-level variables; each call to
//! [`Interpreter::eval_cell`] runs a fresh [`eval::Machine`] over them. An error leaves every variable
//! assigned before it intact.
//!
//! Stack: evaluation is recursive. By default the interpreter allows itself [`DEFAULT_STACK_BUDGET`] bytes of
//! machine stack (safe on any thread, including the 2 MiB threads of `cargo test`) and reports deeper
//! recursion as "Maximum recursion depth exceeded". Front ends should create and use the interpreter inside
//! [`with_big_stack`], which runs a closure on a thread with a [`BIG_STACK_SIZE`] stack and raises the budget
//! of interpreters created there accordingly.

pub mod class_functions;
pub mod classes;
pub mod env;
pub mod error;
pub mod eval;
pub mod gc;
pub mod int;
mod model;
pub mod native;
pub mod object;
pub mod order;
pub mod output;
pub mod registry;
mod trace;
pub mod value;

#[cfg(test)]
pub(crate) mod tests;

pub use error::{Arity, ErrorKind, EvalError, Frame};
pub use value::{Player, Value};

use crate::game::Games;
use crate::syntax::ast::{Block, ExprKind};
use crate::syntax::span::{Sources, Span};
use env::Globals;
use eval::Machine;
use std::cell::Cell;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Stack bytes an interpreter may use when created outside [`with_big_stack`].
pub const DEFAULT_STACK_BUDGET: usize = 1 << 20;

/// The stack size of the thread [`with_big_stack`] spawns.
pub const BIG_STACK_SIZE: usize = 512 << 20;

thread_local! {
    static STACK_BUDGET: Cell<usize> = const { Cell::new(DEFAULT_STACK_BUDGET) };
}

/// Runs `f` on a new thread with a [`BIG_STACK_SIZE`] stack and waits for it. Interpreters created inside
/// `f` may recurse deeply (about 3/4 of that stack). A panic in `f` is re-raised on the calling thread.
pub fn with_big_stack<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> R {
    let handle = std::thread::Builder::new()
        .name("cgs-interpreter".into())
        .stack_size(BIG_STACK_SIZE)
        .spawn(move || {
            STACK_BUDGET.with(|b| b.set(BIG_STACK_SIZE / 4 * 3));
            crate::game::budget::set_stack_allowance(BIG_STACK_SIZE / 8 * 7);
            f()
        })
        .expect("cannot spawn the interpreter thread");
    match handle.join() {
        Ok(r) => r,
        Err(p) => std::panic::resume_unwind(p),
    }
}

/// Whether a cell whose last statement gave `last` shows that value (REPL, scripts and the Jupyter kernel):
/// not after a trailing `;`, and `Nothing` only where it is an expression's value. A `def` shows the function it
/// defines (`x -> x + 1`), as CGSuite does.
pub fn shows_value(block: &Block, last: &Value) -> bool {
    // CGSuite's output mode shows `Nothing` after a loop or a `Print` too, as CGSuite's worksheet does.
    let cgsuite = crate::game::print_limit::cgsuite();
    let quiet_nothing = matches!(last, Value::Nothing)
        && block
            .stmts
            .last()
            .is_none_or(|s| statement_without_value(&s.kind) && !(cgsuite && printing_or_loop(&s.kind)));
    !block.trailing_semicolon && !quiet_nothing
}

/// Loops and `Print` calls, whose `Nothing` CGSuite's worksheet shows.
fn printing_or_loop(kind: &ExprKind) -> bool {
    matches!(kind, ExprKind::For { .. } | ExprKind::While { .. } | ExprKind::Call { .. })
}

/// Statements whose `Nothing` is not shown at top level: loops, `Print(…)` (also `System.Print(…)`), declarations
/// and rulesets.
/// Any other expression that yields `Nothing` prints `Nothing`, as CGSuite shows it (`if false then 1 end`,
/// `[].Find(x -> x == 3)`).
fn statement_without_value(kind: &ExprKind) -> bool {
    match kind {
        ExprKind::For { .. }
        | ExprKind::While { .. }
        | ExprKind::Ruleset(_)
        | ExprKind::Class(_)
        | ExprKind::Import { .. }
        | ExprKind::VarDecl { .. } => true,
        ExprKind::Call { callee, .. } => match &callee.kind {
            ExprKind::Var(n, _) => &**n == "Print",
            // `System.Print(…)`
            ExprKind::Member { obj, name } => {
                &*name.name == "Print" && matches!(&obj.kind, ExprKind::Var(n, _) if &**n == "System")
            }
            _ => false,
        },
        _ => false,
    }
}

/// Runs `f`, turning an engine operation stopped by an interrupt or by the memory budget (an unwind with
/// the payload [`crate::game::short::store::Interrupted`] or [`crate::game::budget::OutOfBudget`]) into the
/// ordinary error at `span`; any other panic goes on unwinding.
fn guarded<T>(span: Span, f: impl FnOnce() -> Result<T, EvalError>) -> Result<T, EvalError> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(p) if p.is::<crate::game::short::store::Interrupted>() => Err(EvalError::new(ErrorKind::Interrupted, span)),
        Err(p) if p.is::<crate::game::budget::OutOfBudget>() => Err(out_of_memory(span)),
        Err(p) if p.is::<crate::game::budget::StackExhausted>() => Err(EvalError::new(ErrorKind::RecursionDepth, span)),
        Err(p) => match p.downcast::<crate::game::short::store::TooManyOptions>() {
            Ok(t) => Err(EvalError::new(ErrorKind::TooManyOptions { game: t.game, count: t.count }, span)),
            Err(p) => match p.downcast::<crate::game::short::store::TooManyFollowers>() {
                Ok(t) => Err(EvalError::new(ErrorKind::TooManyFollowers { number: t.0 }, span)),
                Err(p) => std::panic::resume_unwind(p),
            },
        },
    }
}

/// The error for an exceeded memory budget, at `span`.
pub fn out_of_memory(span: Span) -> EvalError {
    let (used, limit) = (crate::game::budget::reported_use(), crate::game::budget::limit());
    EvalError::new(ErrorKind::OutOfMemory { used, limit }, span)
}

/// `Err(OutOfMemory)` when allocating `bytes` more now would cross the memory budget: for operations whose
/// size is known before they allocate it (one huge string or list, a power).
pub fn room_for(bytes: usize) -> Result<(), ErrorKind> {
    if crate::game::budget::would_exceed(bytes) {
        let used = crate::game::budget::used().saturating_add(bytes);
        return Err(ErrorKind::OutOfMemory { used, limit: crate::game::budget::limit() });
    }
    Ok(())
}

/// A workspace: sources, games and variables, and the evaluator entry points.
pub struct Interpreter {
    sources: Sources,
    games: Games,
    globals: Globals,
    interrupt: Arc<AtomicBool>,
    stack_budget: usize,
    library: Option<LibraryLoader>,
}

/// Loads the parts of a library written in cgs (the stdlib) that a text may use: called with the span of a cell
/// before the cell runs, and with `None` to load everything. Installed by the ruleset layer
/// ([`Interpreter::set_library_loader`]), which parses each stdlib file only when a cell first names something
/// the file defines.
pub type LibraryLoader = fn(&mut Interpreter, Option<Span>);

impl Interpreter {
    /// A fresh workspace with the core language only: no class library (no native globals or members), no
    /// rulesets, no stdlib. The layers above add theirs (`crate::core_interpreter` adds the class library,
    /// `crate::new_interpreter` builds the full workspace).
    pub fn bare() -> Interpreter {
        let globals = Globals::default();
        let mut games = Games::new();
        let interrupt = Arc::new(AtomicBool::new(false));
        games.set_interrupt(Some(interrupt.clone()));
        crate::game::budget::set_interrupt_flag(Some(interrupt.clone()));
        Interpreter {
            sources: Sources::new(),
            games,
            globals,
            interrupt,
            stack_budget: STACK_BUDGET.with(|b| b.get()),
            library: None,
        }
    }

    /// Installs the class library (see [`registry`]): its hooks answer the evaluator from now on, and its
    /// engines poll this workspace's interrupt flag.
    pub fn set_library(&mut self, library: &'static registry::Library) {
        registry::set_installed(library);
        self.globals.library = library;
        (library.set_interrupt)(self.interrupt.clone());
    }

    /// The global environment and the game store together (for a library that registers values built in the
    /// store).
    pub fn workspace(&mut self) -> (&mut Globals, &mut Games) {
        (&mut self.globals, &mut self.games)
    }

    /// Installs the loader of a lazily loaded library (see [`LibraryLoader`]).
    pub fn set_library_loader(&mut self, loader: LibraryLoader) {
        self.library = Some(loader);
    }

    /// Loads every part of the library not loaded yet (before listing or describing globals).
    pub fn load_library(&mut self) {
        if let Some(load) = self.library {
            load(self, None);
        }
    }

    /// Loads the parts of the library that `block` may name.
    fn load_library_for(&mut self, block: &Block) {
        if let Some(load) = self.library {
            let span = block.stmts.iter().fold(block.span, |s, e| if e.span.file == s.file { s.to(e.span) } else { s });
            let text = self.sources.text(span.file);
            let text = text.get(span.range()).unwrap_or(text).to_string();
            if self.names_package_folder(&text) {
                // A package's class files are not cells: the whole library, as they may name any of it.
                load(self, None);
            } else {
                load(self, Some(span));
            }
        }
    }

    /// Makes this workspace poll `flag` for interrupts (a front-end that replaces its workspace keeps the
    /// flag its Ctrl-C handler raises).
    pub fn use_interrupt_flag(&mut self, flag: Arc<AtomicBool>) {
        self.games.set_interrupt(Some(flag.clone()));
        (self.globals.library.set_interrupt)(flag.clone());
        crate::game::budget::set_interrupt_flag(Some(flag.clone()));
        self.interrupt = flag;
    }

    /// The global environment, for the layers above that register globals and hooks.
    pub fn globals_mut(&mut self) -> &mut Globals {
        &mut self.globals
    }

    /// The source registry: add every text before parsing it so spans resolve.
    pub fn sources(&mut self) -> &mut Sources {
        &mut self.sources
    }

    /// The game store.
    pub fn games(&mut self) -> &mut Games {
        &mut self.games
    }

    /// Sets how many bytes of machine stack evaluation may use before reporting
    /// "Maximum recursion depth exceeded" (see [`with_big_stack`]).
    pub fn set_stack_budget(&mut self, bytes: usize) {
        self.stack_budget = bytes;
    }

    /// Evaluates one cell. `Print` output is written to `out` as it happens; then, unless the cell ends with
    /// `;` or its last statement's value is `Nothing`, that value's printed form on its own line.
    /// On error, variables assigned before the error keep their new values.
    pub fn eval_cell(&mut self, block: &Block, out: &mut dyn Write) -> Result<(), EvalError> {
        self.load_library_for(block);
        self.interrupt.store(false, std::sync::atomic::Ordering::Relaxed);
        let mut m = Machine::new(&mut self.games, &mut self.globals, out, &self.interrupt, self.stack_budget);
        let r = (|| {
            let mut last = value::Value::Nothing;
            for stmt in &block.stmts {
                // A safe point: the previous statement's value is no longer needed (see `gc.rs`).
                m.safe_point(&[]);
                last = guarded(stmt.span, || m.eval_top(stmt))?;
            }
            if shows_value(block, &last) {
                let text = guarded(block.span, || Ok(last.display_limited(m.games, true)))?;
                m.write_line(&text, block.span)?;
            }
            Ok(())
        })();
        self.after(r)
    }

    /// Evaluates one cell and returns the value of its last statement instead of printing it.
    pub fn eval_value(&mut self, block: &Block, out: &mut dyn Write) -> Result<Value, EvalError> {
        self.load_library_for(block);
        self.interrupt.store(false, std::sync::atomic::Ordering::Relaxed);
        let mut m = Machine::new(&mut self.games, &mut self.globals, out, &self.interrupt, self.stack_budget);
        let r = (|| {
            let mut last = value::Value::Nothing;
            for stmt in &block.stmts {
                // A safe point: the previous statement's value is no longer needed (see `gc.rs`).
                m.safe_point(&[]);
                last = guarded(stmt.span, || m.eval_top(stmt))?;
            }
            Ok(last)
        })();
        self.after(r)
    }

    /// After a cell: when the memory budget stopped it, the engine's caches are emptied to give memory back;
    /// an error is reported where the user's code is ([`user_error`]).
    fn after<T>(&mut self, r: Result<T, EvalError>) -> Result<T, EvalError> {
        if let Err(e) = &r {
            if matches!(e.kind, ErrorKind::OutOfMemory { .. }) {
                self.games.clear_caches();
                crate::game::budget::give_back();
            }
        }
        r.map_err(|e| user_error(&self.sources, e))
    }

    /// The printed form of a value, as the REPL shows it (cut at the print limit).
    pub fn display(&mut self, v: &Value) -> String {
        v.display_limited(&mut self.games, true)
    }

    /// The flag Ctrl-C sets; evaluation polls it on every call and loop iteration and then fails with
    /// [`ErrorKind::Interrupted`], leaving variables intact.
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.interrupt.clone()
    }

    /// The names completion offers: user variables and native globals, sorted.
    pub fn completion_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .globals
            .vars
            .keys()
            .map(|k| k.to_string())
            .chain(self.globals.natives.keys().map(|k| k.to_string()))
            .chain(self.globals.library_names.iter().map(|k| k.to_string()))
            .collect();
        names.sort();
        names.dedup();
        names
    }

    /// Every member name of every type (for completion after `.`).
    pub fn member_names(&self) -> Vec<&'static str> {
        self.globals.library.member_names()
    }

    /// The value of a top-level variable.
    pub fn variable(&self, name: &str) -> Option<&Value> {
        self.globals.vars.get(name)
    }

    /// Forgets every user variable (`:clear`) and what the workspace's extensions keep only for them (the
    /// native solvers' tables); native globals stay.
    pub fn clear(&mut self) {
        self.globals.vars.clear();
        self.globals.extensions.on_clear();
        crate::game::budget::give_back();
    }
}

/// An error as the user sees it (issue 33 item 5): the standard library's own code never shows. An error raised
/// inside a stdlib function (`<stdlib/…>` sources) is reported at the innermost call from the user's code, and
/// frames called from stdlib code or naming an internal function (`_GenClobberGrid`) are dropped.
fn user_error(sources: &Sources, mut e: EvalError) -> EvalError {
    let internal = |span: Span| sources.name(span.file).starts_with("<stdlib/");
    if internal(e.span) {
        if let Some(i) = e.frames.iter().position(|f| !internal(f.call_span)) {
            e.span = e.frames[i].call_span;
            e.frames.drain(..=i);
        }
    }
    e.frames.retain(|f| !internal(f.call_span) && !f.function.starts_with('_'));
    e
}

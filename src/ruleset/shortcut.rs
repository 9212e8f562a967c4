//! The `Shortcut` hook of rulesets, the native solvers behind the stdlib's shortcuts, and `ByRules`.
//!
//! - **`Shortcut(state)`** is an optional `def` of a ruleset: the canonical form of the state when the ruleset
//!   knows it without searching its options (a formula, a native solver), or `Nothing`. [`lookup`] runs it once
//!   for each memo node (on the representative state, after the `Canonical` hook) when the node's canonical form
//!   is first needed (`memo::ensure_shortcut`), so `CanonicalForm` and every game member skip the search, while
//!   an outcome search that meets a large position does not value it. `Options`
//!   stays the definition: `LeftOptions`, `MisereOutcomeClass` (which never reads canonical forms of positions)
//!   and every state the shortcut answers `Nothing` for use it. A hook that fails leaves no node behind, so
//!   asking again (after an interruption, say) runs it again.
//! - **`NativeValue(solver, state)`** runs one of the native solvers of [`crate::solve`] — `"Domineering"`,
//!   `"Clobber"`, `"Cram"` (board strings or grids), `"ToadsAndFrogs"` (strip strings), `"Col"`/`"Snort"` (Graphs
//!   labelled `Nothing`/`Left`/`Right`, at most 64 vertices) and `"Hackenbush"` (lists
//!   of edges `(u, w, colour)`, the stdlib's normal form) — and answers `Nothing` when the solver does not apply (a
//!   region larger than its 128-cell bitboards, more than 128 edges, a cell or an edge it does not know).
//!   The solvers belong to the interpreter ([`NativeState`], created by the stdlib loader), so their memos hold
//!   ids of the interpreter's own game arena; Ctrl-C interrupts them.
//! - **`ByRules(position)`** is the same position in a *twin* of its ruleset: an instance of the same declaration
//!   (and arguments) with its own memo table and its `Shortcut` hook switched off, so every value is computed
//!   from `Options`. One twin per instance, kept by the interpreter. The stdlib's native-backed rulesets define
//!   `CanonicalFormByRules` with it; the agreement tests compare the two paths.

use super::position::as_position;
use super::script::{self, Instance, Schema};
pub use super::solver::Solver;
use crate::game::GameId;
use crate::interp::error::{Arity, ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::value::{game_value, Object, Player, Value};
use crate::library::grid::GridValue;
use crate::library::{NativeFn, Site};
use crate::solve::clobber::ClobberSolver;
use crate::solve::colouring::{ColouringSolver, Rules};
use crate::solve::cram::CramSolver;
use crate::solve::domineering::DomineeringSolver;
use crate::solve::grid::Grid;
use crate::solve::hackenbush::{self, HackenbushSolver};
use crate::solve::toads::ToadsSolver;
use crate::solve::NativeError;
use crate::syntax::span::Span;
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The native solvers of a workspace, kept among its extensions (`Globals::extensions`): created by
/// [`register`], traced by the collector, and made fresh by `:clear`.
#[derive(Default)]
pub struct Solvers {
    state: Option<Rc<NativeState>>,
    interrupt: Option<Arc<AtomicBool>>,
}

impl Solvers {
    fn install(&mut self, interrupt: Arc<AtomicBool>) {
        self.state = Some(Rc::new(NativeState::new(interrupt.clone())));
        self.interrupt = Some(interrupt);
    }
}

impl crate::interp::gc::Extension for Solvers {
    fn trace(&mut self, t: &mut crate::interp::gc::Tracer) -> bool {
        self.state.as_ref().is_none_or(|s| s.trace(t))
    }
    fn on_clear(&mut self) {
        if let Some(i) = self.interrupt.clone() {
            self.install(i);
        }
    }
}

thread_local! {
    /// Instances whose `Shortcut` hook is off: the twins made by `ByRules`. Instance ids are unique for the life
    /// of the process, so one set serves every interpreter.
    static BY_RULES: RefCell<FxHashSet<u64>> = RefCell::default();
}

/// The most entries a native solver's table may hold and still be kept across a collection of the game store.
const SOLVER_TABLE_KEPT: usize = 1 << 26;

/// The native solvers of one interpreter, and the `ByRules` twins of its ruleset instances.
pub struct NativeState {
    domineering: RefCell<DomineeringSolver>,
    clobber: RefCell<ClobberSolver>,
    cram: RefCell<CramSolver>,
    toads: RefCell<ToadsSolver>,
    hackenbush: RefCell<HackenbushSolver>,
    colouring: RefCell<ColouringSolver>,
    twins: RefCell<FxHashMap<u64, Rc<Instance>>>,
}

impl std::fmt::Debug for NativeState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NativeState")
    }
}

impl NativeState {
    /// The solvers' tables are caches of games, reused by later positions: traced while they hold at most
    /// [`SOLVER_TABLE_KEPT`] entries, emptied beyond (Hackenbush's always; Cram's holds nim values only). The
    /// `ByRules` twins are traced.
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        let keep = SOLVER_TABLE_KEPT;
        let solvers = [
            self.domineering.try_borrow_mut().map(|mut s| s.trace_or_forget(keep, &mut |g| t.game(g))).is_ok(),
            self.clobber.try_borrow_mut().map(|mut s| s.trace_or_forget(keep, &mut |g| t.game(g))).is_ok(),
            self.toads.try_borrow_mut().map(|mut s| s.trace_or_forget(keep, &mut |g| t.game(g))).is_ok(),
            self.hackenbush.try_borrow_mut().map(|mut s| s.forget_games()).is_ok(),
            self.colouring.try_borrow_mut().map(|mut s| s.trace_or_forget(keep, &mut |g| t.game(g))).is_ok(),
        ];
        solvers.iter().all(|&ok| ok)
            && self.twins.try_borrow().is_ok_and(|tw| tw.values().all(|i| !t.first_visit(Rc::as_ptr(i)) || i.trace(t)))
    }
}

impl NativeState {
    /// Fresh solvers that stop when `interrupt` is raised.
    pub fn new(interrupt: Arc<AtomicBool>) -> NativeState {
        let mut domineering = DomineeringSolver::new();
        domineering.set_interrupt(interrupt.clone());
        let mut clobber = ClobberSolver::new();
        clobber.set_interrupt(interrupt.clone());
        let mut cram = CramSolver::new();
        cram.set_interrupt(interrupt.clone());
        let mut toads = ToadsSolver::new();
        toads.set_interrupt(interrupt.clone());
        let mut hackenbush = HackenbushSolver::new();
        hackenbush.set_interrupt(interrupt.clone());
        let mut colouring = ColouringSolver::new();
        colouring.set_interrupt(interrupt);
        NativeState {
            domineering: RefCell::new(domineering),
            clobber: RefCell::new(clobber),
            cram: RefCell::new(cram),
            toads: RefCell::new(toads),
            hackenbush: RefCell::new(hackenbush),
            colouring: RefCell::new(colouring),
            twins: RefCell::default(),
        }
    }
}

/// The globals of this module (declared on `Position` in `super::registry`).
pub static SHORTCUT_GLOBALS: &[NativeFn] =
    &[NativeFn::new("NativeValue", Arity::Exact(2), native_value).doc("(solver, state)", "The canonical form of a state by a native solver (\"Domineering\", \"Clobber\", \"Cram\", \"ToadsAndFrogs\", \"Col\", \"Snort\", \"Hackenbush\"), or nil when the state is too large for it.", "NativeValue(\"Domineering\", Grid(\"..|..\"))"), NativeFn::new("ByRules", Arity::Exact(1), by_rules).doc("(position)", "The position in a twin of its ruleset with the `Shortcut` hook off (its own memo), so it is valued by the rules.", "ByRules(Domineering(\"..|..\")).CanonicalForm")];

/// Registers a fresh [`NativeState`] (`NativeValue` and `ByRules` are the `Position` globals of
/// `super::registry`).
pub fn register(globals: &mut crate::interp::env::Globals, interrupt: Arc<AtomicBool>) {
    globals.extensions.get::<Solvers>().install(interrupt);
}

fn downcast<T: 'static>(o: &Rc<dyn Object>) -> Option<Rc<T>> {
    let any: &dyn std::any::Any = &**o;
    if !any.is::<T>() {
        return None;
    }
    let a: Rc<dyn std::any::Any> = o.clone();
    a.downcast::<T>().ok()
}

fn state(m: &Machine, span: Span) -> Result<Rc<NativeState>, EvalError> {
    m.globals
        .extensions
        .find::<Solvers>()
        .and_then(|s| s.state.clone())
        .ok_or_else(|| EvalError::new(ErrorKind::Internal { what: "the native solvers are missing".into() }, span))
}

/// Whether the instance is a `ByRules` twin (its native hooks, `Shortcut` and `LoopySolver`, are off).
pub fn is_by_rules(inst: &Instance) -> bool {
    BY_RULES.with(|s| s.borrow().contains(&inst.id))
}

/// Whether the instance has a `Shortcut` hook that is on.
pub fn has_shortcut(inst: &Instance) -> bool {
    inst.member("Shortcut").is_some() && !BY_RULES.with(|s| s.borrow().contains(&inst.id))
}

/// The `Shortcut` value of a new node's state, if the instance has the hook, it is on, and it knows the value.
pub fn lookup(m: &mut Machine, inst: &Rc<Instance>, state: &Value, span: Span) -> Result<Option<GameId>, EvalError> {
    let Some((_, f, _)) = inst.member("Shortcut") else { return Ok(None) };
    if BY_RULES.with(|s| s.borrow().contains(&inst.id)) {
        return Ok(None);
    }
    if let Some(solver) = inst.hooks.solver {
        let site = Site { name: "NativeValue", span, args: &[] };
        return solver.value(m, &site, &[Value::Nothing, state.clone()]);
    }
    let f = f.clone();
    let v = script::call(m, &f, std::slice::from_ref(state), span)?;
    if matches!(v, Value::Nothing) {
        return Ok(None);
    }
    match m.to_game(&v) {
        Some(Ok(g)) => Ok(Some(g)),
        Some(Err(k)) => Err(EvalError::new(k, span)),
        None => {
            let message = format!(
                "`Shortcut` of `{}` must return a game or `Nothing`, not a value of type `{}`.",
                inst.name(),
                v.type_name()
            );
            Err(EvalError::new(ErrorKind::Script { message }, span))
        }
    }
}

/// A board argument: a board string or a Grid.
fn board(s: &Site, args: &[Value], i: usize) -> Result<Grid, EvalError> {
    match &args[i] {
        Value::String(t) => Grid::parse(t).map_err(|e| s.arg_err(i, ErrorKind::InvalidGrid { message: e.to_string() })),
        Value::Object(o) => {
            let any: &dyn std::any::Any = &**o;
            match any.downcast_ref::<GridValue>() {
                Some(g) => Ok(g.0.clone()),
                None => Err(s.wrong_type(i, "Grid", &args[i])),
            }
        }
        v => Err(s.wrong_type(i, "Grid", v)),
    }
}

/// A Col/Snort state: a `Graph` of at most 64 vertices labelled `Nothing`, `Left` or `Right`, as adjacency
/// masks and the masks of the Left- and Right-labelled vertices. `None` for anything else.
fn colouring_graph(v: &Value) -> Option<(Vec<u64>, u64, u64)> {
    let g = crate::library::graph::as_graph(v)?;
    if g.vertex_count() > 64 {
        return None;
    }
    let (mut adj, mut left, mut right) = (vec![0u64; g.vertex_count()], 0u64, 0u64);
    for (i, vx) in g.vertices.iter().enumerate() {
        match vx.label {
            Value::Nothing => {}
            Value::Player(Player::Left) => left |= 1 << i,
            Value::Player(Player::Right) => right |= 1 << i,
            _ => return None,
        }
        for e in &vx.edges {
            adj[i] |= 1 << e.to;
            adj[e.to] |= 1 << i;
        }
    }
    Some((adj, left, right))
}

/// A Hackenbush state as edges: a list of triples `(u, w, colour)` (tuples or lists), `u` and `w` natural numbers
/// (0 the ground), `colour` one of "l", "r", "e", "g". `None` for anything else.
fn hackenbush_edges(v: &Value) -> Option<Vec<hackenbush::Edge>> {
    use num_traits::ToPrimitive;
    let Value::List(items) = v else { return None };
    let vertex = |v: &Value| match v {
        Value::Integer(n) => n.to_u64(),
        _ => None,
    };
    items
        .iter()
        .map(|e| {
            let parts: Vec<&Value> = match e {
                Value::Tuple(t) => t.iter().collect(),
                Value::List(l) => l.iter().collect(),
                _ => return None,
            };
            let [u, w, Value::String(c)] = parts[..] else { return None };
            Some((vertex(u)?, vertex(w)?, hackenbush::Colour::from_letter(c)?))
        })
        .collect()
}

impl Solver {
    /// The canonical form of `state` by this solver, or `None` when the solver does not apply (a region larger
    /// than its bitboards, a cell or an edge it does not know).
    /// `args` are `NativeValue`'s (the state second), for its messages.
    pub fn value(self, m: &mut Machine, s: &Site, args: &[Value]) -> Result<Option<GameId>, EvalError> {
        let st = self::state(m, s.span)?;
        let state = &args[1];
        let r = match self {
            Solver::Domineering => {
                let g = board(s, args, 1)?;
                let r = st.domineering.borrow_mut().value(m.games, &g);
                r
            }
            Solver::Clobber => {
                let g = board(s, args, 1)?;
                let r = st.clobber.borrow_mut().value(m.games, &g);
                r
            }
            Solver::Cram => {
                let g = board(s, args, 1)?;
                let r = st.cram.borrow_mut().value(m.games, &g);
                r
            }
            Solver::ToadsAndFrogs => {
                let Value::String(t) = state else { return Err(s.wrong_type(1, "String", state)) };
                let r = st.toads.borrow_mut().value(m.games, t);
                r
            }
            Solver::Hackenbush => {
                let Some(edges) = hackenbush_edges(state) else { return Ok(None) };
                let r = st.hackenbush.borrow_mut().value(m.games, &edges);
                r
            }
            Solver::Col | Solver::Snort => {
                let rules = if self == Solver::Col { Rules::Col } else { Rules::Snort };
                let Some((adj, left, right)) = colouring_graph(state) else { return Ok(None) };
                let r = st.colouring.borrow_mut().value(m.games, rules, &adj, left, right);
                r
            }
        };
        match r {
            Ok(g) => {
                m.engine_ok(s.span)?;
                Ok(Some(g))
            }
            Err(NativeError::TooLarge | NativeError::BadCell(_)) => Ok(None),
            Err(NativeError::Interrupted) => Err(s.err(ErrorKind::Interrupted)),
            Err(NativeError::OutOfBudget) => Err(crate::interp::out_of_memory(s.span)),
        }
    }
}

/// `NativeValue(solver, state)`: the solver named by its string.
fn native_value(m: &mut Machine, s: &Site, args: &[Value]) -> Result<Value, EvalError> {
    let Value::String(name) = &args[0] else { return Err(s.wrong_type(0, "String", &args[0])) };
    let Some(solver) = Solver::from_name(name) else {
        let message = format!(
            "`NativeValue`: no native solver named \"{name}\" (there are \"Domineering\", \"Clobber\", \"Cram\", \"ToadsAndFrogs\", \"Hackenbush\", \"Col\" and \"Snort\")."
        );
        return Err(s.arg_err(0, ErrorKind::Script { message }));
    };
    match solver.value(m, s, args) {
        Ok(Some(g)) => Ok(game_value(m.games, g)),
        Ok(None) => Ok(Value::Nothing),
        Err(e) => Err(e),
    }
}

/// The twin of `inst`: same declaration and arguments, own memo, `Shortcut` off.
fn twin(m: &Machine, inst: &Rc<Instance>, span: Span) -> Result<Rc<Instance>, EvalError> {
    if BY_RULES.with(|s| s.borrow().contains(&inst.id)) {
        return Ok(inst.clone());
    }
    let st = state(m, span)?;
    if let Some(t) = st.twins.borrow().get(&inst.id) {
        return Ok(t.clone());
    }
    let declared = script::declare(&inst.def)?;
    let Value::Object(o) = &declared else {
        return Err(EvalError::new(ErrorKind::Internal { what: "a ruleset declared to a non-object".into() }, span));
    };
    let t = match (downcast::<Instance>(o), downcast::<Schema>(o)) {
        (Some(i), _) => i,
        (None, Some(schema)) => script::apply_schema(&schema, inst.args.clone()),
        _ => {
            return Err(EvalError::new(
                ErrorKind::Internal { what: "a ruleset declared to a non-ruleset".into() },
                span,
            ))
        }
    };
    BY_RULES.with(|s| s.borrow_mut().insert(t.id));
    st.twins.borrow_mut().insert(inst.id, t.clone());
    Ok(t)
}

/// `ByRules(position)`.
fn by_rules(m: &mut Machine, s: &Site, args: &[Value]) -> Result<Value, EvalError> {
    let p = match &args[0] {
        Value::Object(o) => as_position(o),
        _ => None,
    };
    let Some(p) = p else { return Err(s.wrong_type(0, "Position", &args[0])) };
    let t = twin(m, &p.inst, s.span)?;
    script::position(m, &t, p.state.clone(), s.span)
}

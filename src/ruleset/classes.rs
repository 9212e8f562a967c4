//! The class front of the ruleset memo: user classes extending `Game`, `ImpartialGame`, `GridGame` or
//! `StripGame` (CGSuite's class style, `class Position(grid as Grid) extends GridGame … end`) are valued by the
//! same engine as a `ruleset` (docs/LANGUAGE.md §10, "Game and ruleset classes").
//!
//! Each user game class (a nested class: each class per enclosing object, `PartizanSubtraction([1],[2])`'s
//! `Position`) gets one [`Instance`] of the ruleset layer, kept among the workspace's extensions. Its states
//! are the class's objects themselves, keyed by their variables (`super::key`); its hooks are natives that
//! ask the object: `Options` calls the object's `Options(player)` (`Options` for an impartial game) and
//! `Components` its `Decomposition` (when the class declares one). So a class-style game has the ruleset
//! memo's table (one node per position, found by a structural key), its explicit-stack search (no Rust
//! recursion), its component splitting, and nimbers by mex for impartial games.
//!
//! An option that is an object of another game class becomes a position of that class's instance; any other
//! game (`*2`, a ruleset position, `-G`) is taken as it is.
//!
//! Symmetry: a class that declares `Decomposition` also gets a `Canonical` hook (the memo's representative of a
//! new state, as a ruleset's `Canonical`): when the state's `Decomposition` is one component of its own class,
//! that component stands for it. CGSuite's Domineering class decomposes into `component SymmetryInvariant
//! Symmetry.Flip`, so the mirror images of a board share one memo node, as they do for the stdlib's `ruleset
//! Domineering`, and a state that is one region costs one node, not two. The memo asks the front for it directly
//! ([`represent`]), which answers the representative with the split the decomposition found, kept in the node
//! the memo makes for it: a representative that stands for its one component is its own only component
//! (whatever it decomposes into again, its value from its options is the same), any other keeps its parts until
//! its split is asked. So each new state runs `Decomposition` once, and the `Components` hook runs only for a
//! state no representative reached.
//!
//! The memo calls the front's answers directly for an instance of the front ([`options_answer`],
//! [`components_answer`], [`represent`]): the hooks' natives are the same answers for any other caller.
//!
//! Fields: the memo's calls of `Options` and `Decomposition` go through `Machine::hook_fields`, so a hook whose
//! value is a comprehension `[Position(e) for …]` of the state's own class answers the `e`s (the variables the
//! memo keys the states by) rather than objects built only to be looked up and dropped; the answer says so
//! ([`Answer`]), and the memo builds a state's object ([`build`]) only for a new node (docs/ARCHITECTURE.md,
//! "Class hooks answer fields"). The natives, called by anyone else, answer objects.

use super::instance::{Answer, Front, Split};
use super::memo;
use super::position::{gamelike, GameOption, Position};
use super::script::{self, Instance};
use crate::game::GameId;
use crate::interp::env::{ClassGameHooks, Globals};
use crate::interp::error::{Arity, ErrorKind, EvalError};
use crate::interp::eval::{
    all_of_user_class, class_game, class_game_facts, class_game_single_field, negated_game, same_user_class, ClassGame,
    Machine,
};
use crate::interp::native::{NativeFn, Site};
use crate::interp::value::{Function, Player, Value};
use crate::syntax::ast::BinOp;
use crate::syntax::span::Span;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// The instances of one class declaration, by enclosing object.
type ByEnclosing = Vec<(Option<Value>, Rc<Instance>)>;

/// The instances of the workspace's game classes, by class identity.
#[derive(Default)]
struct ClassInstances {
    instances: FxHashMap<usize, ByEnclosing>,
}

impl crate::interp::gc::Extension for ClassInstances {
    fn trace(&mut self, t: &mut crate::interp::gc::Tracer) -> bool {
        self.instances.values().flatten().all(|(enclosing, inst)| {
            enclosing.as_ref().is_none_or(|e| t.value(e)) && (!t.first_visit(Rc::as_ptr(inst)) || inst.trace(t))
        })
    }
    fn on_clear(&mut self) {
        self.instances.clear();
    }
}

/// The front's answers to the evaluator.
static HOOKS: ClassGameHooks = ClassGameHooks { value: value_of, binary, position: as_position };

/// A user game object as a position of its class's instance (for the members the memo answers on positions).
fn as_position(m: &mut Machine, v: &Value, span: Span) -> Result<Value, EvalError> {
    match position_of(m, v) {
        Some(r) => r.map(|p| Value::Object(p)),
        None => Err(EvalError::new(ErrorKind::Internal { what: "not a game object".into() }, span)),
    }
}

/// Installs the front: user game objects are valued through [`value_of`], and summed by [`binary`].
pub fn install(globals: &mut Globals) {
    globals.class_games = Some(&HOOKS);
}

/// A user game object as a position of its class's instance (`None` for any other value).
pub fn position_of(m: &mut Machine, v: &Value) -> Option<Result<Rc<Position>, EvalError>> {
    class_game(v)?;
    Some(instance_for(m, v, Span::default()).map(|inst| Rc::new(Position::new(inst, v.clone()))))
}

/// `a + b` and `a - b` with a user game object: CGSuite's `CompoundGame`, a sum of positions (`G(2) + G(1)`,
/// `G(2) + -G(1)`, `G(2) + 1/2`), valued by the memo of each class. Other operators are not answered here.
fn binary(m: &mut Machine, op: BinOp, a: &Value, b: &Value, span: Span) -> Option<Result<Value, EvalError>> {
    if !matches!(op, BinOp::Add | BinOp::Sub) {
        return None;
    }
    // `-G` (CGSuite's `NegativeGame`) is the negated position, so that it prints as a term.
    let mut as_position = |v: &Value| match (position_of(m, v), negated_game(v)) {
        (Some(Ok(p)), _) => Ok(Value::Object(p)),
        (Some(Err(e)), _) => Err(e),
        (None, Some(inner)) => match position_of(m, inner) {
            Some(Ok(p)) => Ok(super::sums::negate(m, &Value::Object(p)).unwrap_or_else(|| v.clone())),
            Some(Err(e)) => Err(e),
            None => Ok(v.clone()),
        },
        (None, None) => Ok(v.clone()),
    };
    let (x, y) = match (as_position(a), as_position(b)) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(e), _) | (_, Err(e)) => return Some(Err(e)),
    };
    super::sums::binary(m, op, &x, &y, span)
}

/// The canonical form of a user game object.
fn value_of(m: &mut Machine, v: &Value, span: Span) -> Result<GameId, EvalError> {
    let inst = instance_for(m, v, span)?;
    let idx = memo::node_for(m, &inst, v, span)?;
    memo::canonical(m, &inst, idx, span)
}

fn same_enclosing(a: Option<&Value>, b: Option<&Value>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(Value::Object(x)), Some(Value::Object(y))) if Rc::ptr_eq(x, y) => true,
        (Some(x), Some(y)) => x == y,
        _ => false,
    }
}

fn same_class(a: &ClassGame, b: &ClassGame) -> bool {
    a.id == b.id && same_enclosing(a.enclosing, b.enclosing)
}

/// The instance of the class of the user game object `v`, made on first use.
fn instance_for(m: &mut Machine, v: &Value, span: Span) -> Result<Rc<Instance>, EvalError> {
    let internal = || EvalError::new(ErrorKind::Internal { what: "a game class without an instance".into() }, span);
    let cg = class_game(v).ok_or_else(internal)?;
    let all = m.globals.extensions.get::<ClassInstances>();
    if let Some(list) = all.instances.get(&cg.id) {
        if let Some((_, inst)) = list.iter().find(|(e, _)| same_enclosing(e.as_ref(), cg.enclosing)) {
            return Ok(inst.clone());
        }
    }
    let facts = class_game_facts(v).ok_or_else(internal)?;
    let options = Rc::new(Function::Native(&OPTIONS));
    let components = facts.decomposes.then(|| Rc::new(Function::Native(&COMPONENTS)));
    let canonical = facts.decomposes.then(|| Rc::new(Function::Native(&CANONICAL)));
    let inst = script::hooked_instance(&facts.name, facts.impartial, options, components, canonical, &FRONT);
    let (id, enclosing) = (cg.id, cg.enclosing.cloned());
    m.globals.extensions.get::<ClassInstances>().instances.entry(id).or_default().push((enclosing, inst.clone()));
    Ok(inst)
}

/// The front's answers to the memo.
static FRONT: Front = Front { represent, options: options_answer, components: components_answer, build };

/// The state of the class of `like` whose variable is `a` (`Front::build`): the object `Position(a)` in its
/// method builds.
fn build(m: &mut Machine, like: &Value, a: Value, span: Span) -> Result<Value, EvalError> {
    m.construct_like(like, a, span)
}

/// The `Options` hook: `state.Options(player)` (`state.Options` for an impartial class).
static OPTIONS: NativeFn = NativeFn::new("Options", Arity::Range(1, 2), options);

/// The `Components` hook: `state.Decomposition` (the state alone when the object cannot answer it, as the
/// impartial variant of a position cgs does not split).
static COMPONENTS: NativeFn = NativeFn::new("Decomposition", Arity::Exact(1), components);

thread_local! {
    /// The names the hooks ask for, made once (a name is a shared string): `Options`, `Decomposition`.
    static HOOK_NAMES: [Rc<str>; 2] = [Rc::from("Options"), Rc::from("Decomposition")];
}

/// The hook names' indices in [`HOOK_NAMES`].
const OPTIONS_NAME: usize = 0;
const DECOMPOSITION_NAME: usize = 1;

/// `this.name(args)` for the hook name `HOOK_NAMES[hook]`.
fn member(m: &mut Machine, this: &Value, hook: usize, args: &[Value], span: Span) -> Result<Value, EvalError> {
    HOOK_NAMES.with(|n| m.call_hook(this, &n[hook], args, span))
}

fn options(m: &mut Machine, s: &Site, args: &[Value]) -> Result<Value, EvalError> {
    let v = member(m, &args[0], OPTIONS_NAME, &args[1..], s.span)?;
    elements(m, &args[0], v, "Options", s.span)
}

/// The `Options` hook's answer for the memo, as the hook called by the memo gives it (the engine checked after
/// it): `state.Options(player)`, `state.Options` for an impartial class (`player` `None`), called in fields mode
/// (`Machine::hook_fields`: a comprehension of positions of the state's class as the method's value answers
/// their variables, which need no check).
fn options_answer(m: &mut Machine, state: &Value, player: Option<Player>, span: Span) -> Result<Answer, EvalError> {
    let (v, fields) = m.hook_fields(state, |m| match player {
        Some(p) => member(m, state, OPTIONS_NAME, &[Value::Player(p)], span),
        None => member(m, state, OPTIONS_NAME, &[], span),
    })?;
    let v = if fields { v } else { elements(m, state, v, "Options", span)? };
    m.engine_ok(span)?;
    Ok((v, fields))
}

/// The `Components` hook's answer for the memo, as the hook called by the memo gives it (in fields mode).
fn components_answer(m: &mut Machine, state: &Value, span: Span) -> Result<Answer, EvalError> {
    let v = decomposition(m, state, true, span)?;
    m.engine_ok(span)?;
    Ok(v)
}

/// The `Canonical` hook of a class that declares `Decomposition`: the state's one component of its own class,
/// or the state itself (see the module's documentation).
static CANONICAL: NativeFn = NativeFn::new("Canonical", Arity::Exact(1), canonical);

fn components(m: &mut Machine, s: &Site, args: &[Value]) -> Result<Value, EvalError> {
    decomposition(m, &args[0], false, s.span).map(|(v, _)| v)
}

/// The state's `Decomposition` as the memo reads it (the state alone when it has none); `engine`: for the
/// memo, in fields mode (see [`options_answer`]).
fn decomposition(m: &mut Machine, state: &Value, engine: bool, span: Span) -> Result<Answer, EvalError> {
    let r = if engine {
        m.hook_fields(state, |m| member(m, state, DECOMPOSITION_NAME, &[], span))
    } else {
        member(m, state, DECOMPOSITION_NAME, &[], span).map(|v| (v, false))
    };
    match r {
        // Only the state's own missing `Decomposition` (raised at the hook's call, before any frame of its body):
        // a missing member asked inside the body is the body's error.
        Err(e)
            if e.span == span
                && e.frames.is_empty()
                && matches!(&e.kind, ErrorKind::NotAMember { name, .. } if name == "Decomposition") =>
        {
            Ok((crate::interp::native::list(vec![state.clone()]), false))
        }
        Ok((v, true)) => Ok((v, true)),
        r => Ok((elements(m, state, r?.0, "Decomposition", span)?, false)),
    }
}

fn canonical(m: &mut Machine, s: &Site, args: &[Value]) -> Result<Value, EvalError> {
    represent(m, &args[0], s.span).map(|(rep, _)| rep)
}

/// The `Canonical` hook's answer for the memo, as the hook called by the memo gives it, with the split its
/// decomposition found for the representative (for the node the memo makes of it): the state's one component
/// of its own class, its own only component, or the state itself with its parts (see the module's
/// documentation).
fn represent(m: &mut Machine, state: &Value, span: Span) -> Result<(Value, Split), EvalError> {
    let (parts, fields) = decomposition(m, state, true, span)?;
    m.engine_ok(span)?;
    if fields {
        // Variables of states of the state's class: one stands for the state itself when it is the state's
        // (no object made; the memo compares boards in place), else for the object it builds.
        return Ok(match &parts {
            Value::List(items) if items.len() == 1 => {
                let x = &items[0];
                match class_game_single_field(state) {
                    Some(f) if memo::same_board(f, x) => (state.clone(), Split::Atomic),
                    _ => (build(m, state, x.clone(), span)?, Split::Atomic),
                }
            }
            _ => (state.clone(), Split::Decomposed(Box::new((parts, true)))),
        });
    }
    let single = match &parts {
        Value::List(items) if items.len() == 1 => {
            let x = &items[0];
            // The common answer, an object of the state's own class value, asked by the classes' addresses.
            let own = if same_user_class(state, x) {
                class_game(state).is_some()
            } else {
                matches!((class_game(state), class_game(x)), (Some(a), Some(b)) if same_class(&a, &b))
            };
            own.then(|| x.clone())
        }
        _ => None,
    };
    Ok(match single {
        Some(x) => (x, Split::Atomic),
        None => (state.clone(), Split::Decomposed(Box::new((parts, false)))),
    })
}

fn script_err(message: String, span: Span) -> EvalError {
    EvalError::new(ErrorKind::Script { message }, span)
}

/// The result of a hook of `state` as the memo reads it: objects of the state's class are states, objects of
/// other game classes positions of their instances, ruleset positions and loopy values as they are, any other
/// game `Value(g)`. A list whose elements are all of the state's class is returned as it is.
fn elements(m: &mut Machine, state: &Value, v: Value, hook: &str, span: Span) -> Result<Value, EvalError> {
    let own = class_game(state);
    // An object of the state's class itself is one at once.
    let ours = |x: &Value| {
        own.is_some()
            && (same_user_class(state, x) || matches!((&own, class_game(x)), (Some(a), Some(b)) if same_class(a, &b)))
    };
    if let Value::List(items) = &v {
        // The common answer: objects of the state's own class (its downcast made once; one component, a
        // `Decomposition`'s usual answer, without an iterator).
        let all_own = match items.len() {
            1 => items.front().is_some_and(|x| same_user_class(state, x)),
            _ => all_of_user_class(state, items.iter()),
        };
        if own.is_some() && all_own || items.iter().all(ours) {
            return Ok(v);
        }
    }
    let Some(items) = m.elements(&v) else {
        return Err(script_err(format!("`{hook}` must answer a collection of games"), span));
    };
    let mut out = Vec::with_capacity(items.len());
    for x in items {
        if ours(&x) {
            out.push(x);
            continue;
        }
        if class_game(&x).is_some() {
            let inst = instance_for(m, &x, span)?;
            out.push(Value::Object(Rc::new(Position::new(inst, x))));
            continue;
        }
        if let Value::Object(o) = &x {
            if gamelike(o).is_some() || crate::library::loopy::loopy_sides(&x).is_some() {
                out.push(x);
                continue;
            }
        }
        match m.to_game(&x) {
            Some(Ok(g)) => out.push(Value::Object(Rc::new(GameOption(g)))),
            Some(Err(k)) => return Err(EvalError::new(k, span)),
            None => {
                let shown = x.display(m.games);
                return Err(script_err(format!("An option must be a game, not {shown}"), span));
            }
        }
    }
    Ok(crate::interp::native::list(out))
}

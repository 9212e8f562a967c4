//! Script-defined rulesets: `ruleset Name(params) … end`.
//!
//! A declaration evaluates to a [`Schema`] when it has parameters (`ruleset S(L, R)`) and otherwise directly
//! to an [`Instance`] (`ruleset Kayles`). Calling a schema with arguments gives an instance (instances are
//! interned per schema and structural argument key, so `S({1},{2})` twice shares one memo table); calling an
//! instance with a state gives a [`Position`].
//!
//! The `def`s of the body become closures whose captured scope holds the ruleset's parameters, `Position`
//! (a [`PositionCtor`] of the instance) and the body's other `def`s, so `Options` may call helpers defined
//! beside it. Hooks: `Options(state, player)` (partizan) or `Options(state)` (impartial) is required;
//! `Components(state)`, `Show(state)` and `Canonical(state)` are optional; every other `def` taking the state
//! first is a member of the positions.

pub use super::instance::{Hooks, Instance, PositionCtor, Schema};
use super::memo::Memo;
use super::position::Position;
use crate::interp::env::Scope;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::value::{Closure, Function, Value};
use crate::syntax::ast::{FunctionDef, Name, RulesetDef};
use crate::syntax::span::Span;
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use std::sync::atomic::{AtomicU64, Ordering as AtomicOrdering};

static NEXT_INSTANCE: AtomicU64 = AtomicU64::new(1);

/// Evaluates a `ruleset` declaration: a schema if it has parameters, otherwise its one instance.
pub fn declare(def: &Rc<RulesetDef>) -> Result<Value, EvalError> {
    validate(def)?;
    match def.params {
        Some(_) => Ok(Value::Object(Rc::new(Schema { def: def.clone(), instances: RefCell::default() }))),
        None => Ok(Value::Object(instantiate(def, Vec::new()))),
    }
}

/// Checks the hooks of a declaration: `Options` exists with 1 or 2 parameters, the other hooks take one,
/// members take the state first.
fn validate(def: &RulesetDef) -> Result<(), EvalError> {
    let ruleset = def.name.name.to_string();
    for hook in ["Options", "Components", "Show", "Canonical"] {
        let mut defs = def.defs.iter().filter(|d| fname(d) == Some(hook));
        if let (Some(_), Some(second)) = (defs.next(), defs.next()) {
            let kind = ErrorKind::RulesetHookTwice { ruleset, hook: hook.into() };
            return Err(EvalError::new(kind, hook_span(second)));
        }
    }
    let options = def.defs.iter().rev().find(|d| fname(d) == Some("Options"));
    let Some(options) = options else {
        return Err(EvalError::new(ErrorKind::RulesetWithoutOptions { ruleset }, def.name.span));
    };
    if !(1..=2).contains(&options.params.len()) {
        let kind = ErrorKind::RulesetHookArity {
            ruleset,
            hook: "Options".into(),
            expected: "1 parameter (impartial) or 2 (partizan)",
            got: options.params.len(),
        };
        return Err(EvalError::new(kind, hook_span(options)));
    }
    for d in &def.defs {
        let Some(name) = fname(d) else { continue };
        let (ok, expected) = match name {
            "Options" => continue,
            "Components" | "Show" | "Canonical" => (d.params.len() == 1, "1 parameter (the state)"),
            _ => (!d.params.is_empty(), "the state as first parameter"),
        };
        if !ok {
            let kind = ErrorKind::RulesetHookArity {
                ruleset: ruleset.clone(),
                hook: name.to_string(),
                expected,
                got: d.params.len(),
            };
            return Err(EvalError::new(kind, hook_span(d)));
        }
    }
    Ok(())
}

fn fname(d: &FunctionDef) -> Option<&str> {
    d.name.as_ref().map(|n| &*n.name)
}

fn hook_span(d: &FunctionDef) -> Span {
    d.name.as_ref().map_or(d.span, |n| n.span)
}

/// The instance of `schema` for `args`, shared when the arguments are structurally equal.
pub fn apply_schema(schema: &Schema, args: Vec<Value>) -> Rc<Instance> {
    let key = super::key::key_of(&Value::Tuple(args.clone().into())).ok();
    if let Some(k) = &key {
        if let Some(i) = schema.instances.borrow().get(k) {
            return i.clone();
        }
    }
    let inst = instantiate(&schema.def, args);
    if let Some(k) = key {
        schema.instances.borrow_mut().insert(k, inst.clone());
    }
    inst
}

/// Builds an instance: binds the parameters and `Position`, and closes every `def` over them.
fn instantiate(def: &Rc<RulesetDef>, args: Vec<Value>) -> Rc<Instance> {
    Rc::new_cyclic(|weak: &Weak<Instance>| {
        let mut base = Scope::new();
        if let Some(params) = &def.params {
            for (p, a) in params.iter().zip(&args) {
                base.insert(p.name.clone(), a.clone());
            }
        }
        base.insert(Name::from("Position"), Value::Object(Rc::new(PositionCtor(weak.clone()))));
        // Each def sees the others; three rounds let helpers call helpers two levels deep (and every closure
        // sees itself through its own name, as any function does).
        let mut scope = base.clone();
        for _ in 0..3 {
            let mut next = base.clone();
            for d in &def.defs {
                if let Some(n) = &d.name {
                    let c = Closure { def: d.clone(), captured: scope.clone() };
                    next.insert(n.name.clone(), Value::Function(Rc::new(Function::Closure(c))));
                }
            }
            scope = next;
        }
        let closure =
            |d: &Rc<FunctionDef>| Rc::new(Function::Closure(Closure { def: d.clone(), captured: scope.clone() }));
        let find = |name: &str| def.defs.iter().rev().find(|d| fname(d) == Some(name)).map(closure);
        let options_def = def.defs.iter().rev().find(|d| fname(d) == Some("Options"));
        let impartial = options_def.is_some_and(|d| d.params.len() == 1);
        let options = match find("Options") {
            Some(f) => f,
            None => Rc::new(Function::Closure(Closure { def: def.defs[0].clone(), captured: scope.clone() })),
        };
        let mut members: Vec<(Name, Rc<Function>, usize)> = Vec::new();
        for d in def.defs.iter().rev() {
            let Some(n) = fname(d) else { continue };
            if matches!(n, "Options" | "Components" | "Show" | "Canonical") || members.iter().any(|m| &*m.0 == n) {
                continue;
            }
            members.push((Name::from(n), closure(d), d.params.len()));
        }
        let hooks = Hooks {
            options,
            components: find("Components"),
            show: find("Show"),
            canonical: find("Canonical"),
            members,
            solver: def
                .defs
                .iter()
                .rev()
                .find(|d| fname(d) == Some("Shortcut"))
                .and_then(|d| super::solver::Solver::declared(d)),
        };
        Instance {
            id: NEXT_INSTANCE.fetch_add(1, AtomicOrdering::Relaxed),
            def: def.clone(),
            args,
            impartial,
            hooks,
            memo: RefCell::new(Memo::default()),
            class_front: false,
            front: None,
        }
    })
}

/// A position of `inst`, printed through `Show` when the ruleset defines it.
pub fn position(m: &mut Machine, inst: &Rc<Instance>, state: Value, span: Span) -> Result<Value, EvalError> {
    let p = Position::new(inst.clone(), state);
    p.fill_show(m, span)?;
    Ok(Value::Object(Rc::new(p)))
}

/// Calls one of the ruleset's closures.
pub fn call(m: &mut Machine, f: &Rc<Function>, args: &[Value], span: Span) -> Result<Value, EvalError> {
    m.call_function(f, args, span)
}

/// Calls one of `inst`'s hooks: a closure, or a native hook of the class front (`super::classes`).
#[inline]
pub fn call_hook(
    m: &mut Machine,
    inst: &Instance,
    f: &Rc<Function>,
    args: &[Value],
    span: Span,
) -> Result<Value, EvalError> {
    if inst.class_front {
        if let Function::Native(n) = &**f {
            return call_native(m, f, n, args, span);
        }
    }
    m.call_function(f, args, span)
}

/// A native hook as `Machine::call_value` calls it (its arity checked, the engine's state after it), without a
/// function value made for the call: a native with no declared parameter classes reports its errors as they are.
#[inline(never)]
fn call_native(
    m: &mut Machine,
    f: &Rc<Function>,
    n: &crate::interp::native::NativeFn,
    args: &[Value],
    span: Span,
) -> Result<Value, EvalError> {
    let spans = [span; 2];
    if n.declared.is_some() || !n.arity.accepts(args.len()) || args.len() > spans.len() {
        return m.call_function(f, args, span);
    }
    let site = crate::interp::native::Site { name: n.name, span, args: &spans[..args.len()] };
    let v = (n.f)(m, &site, args)?;
    m.engine_ok(span)?;
    Ok(v)
}

/// An instance that is no `ruleset` declaration's: the class front (`super::classes`) gives each user class
/// extending `Game` one, named after the class, whose hooks are natives that ask the class's objects.
pub fn hooked_instance(
    name: &str,
    impartial: bool,
    options: Rc<Function>,
    components: Option<Rc<Function>>,
    canonical: Option<Rc<Function>>,
    front: &'static super::instance::Front,
) -> Rc<Instance> {
    let ident = crate::syntax::ast::Ident { name: Name::from(name), span: Span::default() };
    let def = Rc::new(RulesetDef { name: ident, params: None, defs: Vec::new(), span: Span::default() });
    let hooks = Hooks { options, components, show: None, canonical, members: Vec::new(), solver: None };
    Rc::new(Instance {
        id: NEXT_INSTANCE.fetch_add(1, AtomicOrdering::Relaxed),
        def,
        args: Vec::new(),
        impartial,
        hooks,
        memo: RefCell::new(Memo::default()),
        class_front: true,
        front: Some(front),
    })
}

//! Where the interpreter hands ruleset values over: declarations, calls, members, indexing, conversion to
//! games, operators. Each entry point returns `None` when the value is not one of ours, so `eval.rs` carries
//! on with its own rules.

use super::gridvalue::{GridClass, GridValue};
use super::memo::{canonical, node_for, position_value, sum_value, SumRef};
use super::position::{as_position, gamelike, GameOption, Gamelike, Position, PositionSum};
use super::script::{self, Instance, PositionCtor, Schema};
use crate::game::GameId;
use crate::interp::builtins::{self, ruleset as tables, Site};
use crate::interp::error::{Arity, ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::value::{game_value, Object, Value};
use crate::syntax::ast::{BinOp, Ident, RulesetDef};
use crate::syntax::span::Span;
use std::any::Any;
use std::rc::Rc;

/// Evaluates a `ruleset` declaration to the value its name is bound to.
pub fn declare(def: &Rc<RulesetDef>) -> Result<Value, EvalError> {
    script::declare(def)
}

fn as_rc<T: 'static>(o: &Rc<dyn Object>) -> Option<Rc<T>> {
    let any: &dyn Any = &**o;
    if !any.is::<T>() {
        return None;
    }
    let a: Rc<dyn Any> = o.clone();
    a.downcast::<T>().ok()
}

/// Calls an object: a ruleset schema (with arguments), a ruleset instance or `Position` (with a state), the
/// `Grid` class.
pub fn call_object(
    m: &mut Machine,
    o: &Rc<dyn Object>,
    args: &[Value],
    site: &Site,
) -> Option<Result<Value, EvalError>> {
    let any: &dyn Any = &**o;
    let one = |n: usize| -> Result<(), EvalError> { builtins::check_arity(site, Arity::Exact(n), args.len()) };
    if let Some(s) = any.downcast_ref::<Schema>() {
        let n = s.def.params.as_ref().map_or(0, Vec::len);
        return Some(one(n).map(|()| Value::Object(script::apply_schema(s, args.to_vec()))));
    }
    if let Some(inst) = as_rc::<Instance>(o) {
        return Some(one(1).and_then(|()| script::position(m, &inst, args[0].clone(), site.span)));
    }
    if let Some(c) = any.downcast_ref::<PositionCtor>() {
        return Some(one(1).and_then(|()| match c.0.upgrade() {
            Some(inst) => match &args[0] {
                Value::Object(x) if as_position(x).is_some() => Ok(args[0].clone()),
                s => Ok(Value::Object(Rc::new(Position::new(inst, s.clone())))),
            },
            None => Err(site.err(ErrorKind::Internal { what: "a ruleset outlived its positions".into() })),
        }));
    }
    if any.is::<GridClass>() {
        return Some(tables::grid_new(m, site, args));
    }
    None
}

/// `obj.name(args)` on an object.
pub fn invoke_member(
    m: &mut Machine,
    o: &Rc<dyn Object>,
    name: &Ident,
    args: &[Value],
    arg_spans: &[Span],
    span: Span,
) -> Option<Result<Value, EvalError>> {
    let this = Value::Object(o.clone());
    let site = Site { name: &name.name, span, args: arg_spans };
    let any: &dyn Any = &**o;
    let table: &[builtins::Member] = if let Some(p) = as_position(o) {
        if let Some((_, f, n)) = p.inst.member(&name.name) {
            let (f, n) = (f.clone(), *n);
            return Some(script_member(m, &p, &f, n, args, &site));
        }
        tables::POSITION
    } else if any.is::<PositionSum>() {
        tables::POSITION_SUM
    } else if any.is::<GridValue>() {
        tables::GRID
    } else if any.is::<GridClass>() {
        tables::GRID_CLASS
    } else if any.is::<GameOption>() {
        &[]
    } else {
        return None;
    };
    if let Some(mem) = table.iter().find(|x| *x.name == *name.name) {
        let site = Site { name: mem.name, span, args: arg_spans };
        return Some(
            builtins::check_arity(&site, mem.arity, args.len())
                .and_then(|()| (mem.f)(m, &site, &this, args))
                .and_then(|v| m.engine_ok(span).map(|()| v)),
        );
    }
    // Every other member is a game member of the canonical form.
    gamelike(o)?;
    let g = match game_of(m, o, span) {
        Some(Ok(g)) => g,
        Some(Err(e)) => return Some(Err(e)),
        None => return None,
    };
    let gv = game_value(m.games, g);
    let mem = builtins::find_member(&gv, &name.name)?;
    let site = Site { name: mem.name, span, args: arg_spans };
    Some(
        builtins::check_arity(&site, mem.arity, args.len())
            .and_then(|()| (mem.f)(m, &site, &gv, args))
            .and_then(|v| m.engine_ok(span).map(|()| v)),
    )
}

fn script_member(
    m: &mut Machine,
    p: &Position,
    f: &Rc<crate::interp::value::Function>,
    params: usize,
    args: &[Value],
    site: &Site,
) -> Result<Value, EvalError> {
    builtins::check_arity(site, Arity::Exact(params - 1), args.len())?;
    let mut all = Vec::with_capacity(args.len() + 1);
    all.push(p.state.clone());
    all.extend_from_slice(args);
    script::call(m, f, &all, site.span)
}

/// `obj[k1, k2, …]` on an object (a grid).
pub fn index_object(
    m: &mut Machine,
    o: &Rc<dyn Object>,
    keys: &[Value],
    span: Span,
) -> Option<Result<Value, EvalError>> {
    let any: &dyn Any = &**o;
    let g = any.downcast_ref::<GridValue>()?;
    Some(tables::grid_index(m, &g.0, keys, span))
}

/// The canonical form of a position, a sum or `Value(g)`, with the error of its computation.
pub fn game_of(m: &mut Machine, o: &Rc<dyn Object>, span: Span) -> Option<Result<GameId, EvalError>> {
    Some(match gamelike(o)? {
        Gamelike::Position(p) => position_value(m, &p, span),
        Gamelike::Option(g) => Ok(g),
        Gamelike::Sum(s) => sum_game(m, s, span),
    })
}

/// The value of a sum of positions.
pub fn sum_game(m: &mut Machine, s: &PositionSum, span: Span) -> Result<GameId, EvalError> {
    let r = sum_ref(m, s, span)?;
    for t in &r.terms {
        canonical(m, &t.inst, t.node, span)?;
    }
    sum_value(m, &r).ok_or_else(|| EvalError::new(ErrorKind::Internal { what: "sum not computed".into() }, span))
}

/// The memo form of a sum of positions.
pub fn sum_ref(m: &mut Machine, s: &PositionSum, span: Span) -> Result<SumRef, EvalError> {
    let mut r = SumRef { terms: Vec::with_capacity(s.terms.len()), constant: s.constant };
    for (p, neg) in &s.terms {
        let node = match p.node.get() {
            Some(i) => i,
            None => {
                let i = node_for(m, &p.inst, &p.state, span)?;
                p.node.set(Some(i));
                i
            }
        };
        r.terms.push(super::memo::Term { inst: p.inst.clone(), node, neg: *neg });
    }
    Ok(r)
}

/// `Value::Object` as a game for the interpreter's conversions (game literals, game arguments).
pub fn to_game(m: &mut Machine, o: &Rc<dyn Object>) -> Option<Result<GameId, ErrorKind>> {
    Some(game_of(m, o, Span::default())?.map_err(|e| e.kind))
}

type Terms = (Vec<(Rc<Position>, bool)>, Option<GameId>);

/// A value as terms of a sum: positions, sums, `Value(g)`, games and dyadic numbers.
fn terms_of(m: &mut Machine, v: &Value) -> Option<Result<Terms, ErrorKind>> {
    if let Value::Object(o) = v {
        return Some(Ok(match gamelike(o)? {
            Gamelike::Position(p) => (vec![(p, false)], None),
            Gamelike::Sum(s) => (s.terms.clone(), s.constant),
            Gamelike::Option(g) => (Vec::new(), Some(g)),
        }));
    }
    match m.to_game(v)? {
        Ok(g) => Some(Ok((Vec::new(), Some(g)))),
        Err(k) => Some(Err(k)),
    }
}

fn make_sum(m: &mut Machine, terms: Vec<(Rc<Position>, bool)>, constant: Option<GameId>) -> Value {
    let zero = m.games.zero();
    let constant = constant.filter(|&c| c != zero);
    if terms.is_empty() {
        return game_value(m.games, constant.unwrap_or(zero));
    }
    Value::Object(Rc::new(PositionSum { terms, constant }))
}

fn is_gamelike(v: &Value) -> bool {
    matches!(v, Value::Object(o) if gamelike(o).is_some())
}

/// A binary operator with a position, a sum or `Value(g)` as an operand.
pub fn binary(m: &mut Machine, op: BinOp, a: &Value, b: &Value, span: Span) -> Option<Result<Value, EvalError>> {
    if !is_gamelike(a) && !is_gamelike(b) {
        return None;
    }
    let err = |k: ErrorKind| EvalError::new(k, span);
    let no_op = || err(ErrorKind::NoOperation { op: op.symbol(), types: vec![a.type_name(), b.type_name()] });
    if matches!(op, BinOp::Add | BinOp::Sub) {
        if matches!(a, Value::String(_)) || matches!(b, Value::String(_)) {
            return None;
        }
        let (x, y) = match (terms_of(m, a), terms_of(m, b)) {
            (Some(Ok(x)), Some(Ok(y))) => (x, y),
            (Some(Err(k)), _) | (_, Some(Err(k))) => return Some(Err(err(k))),
            _ => return Some(Err(no_op())),
        };
        let (mut terms, c1) = x;
        let (t2, c2) = y;
        let sub = op == BinOp::Sub;
        terms.extend(t2.into_iter().map(|(p, n)| (p, n ^ sub)));
        let c2 = c2.map(|c| if sub { m.games.neg(c) } else { c });
        let constant = match (c1, c2) {
            (Some(x), Some(y)) => Some(m.games.add(x, y)),
            (x, y) => x.or(y),
        };
        return Some(Ok(make_sum(m, terms, constant)));
    }
    let mut conv = |v: &Value| -> Result<Option<Value>, EvalError> {
        match v {
            Value::Object(o) if gamelike(o).is_some() => match game_of(m, o, span) {
                Some(Ok(g)) => Ok(Some(game_value(m.games, g))),
                Some(Err(e)) => Err(e),
                None => Ok(None),
            },
            _ => Ok(Some(v.clone())),
        }
    };
    let x = match conv(a) {
        Ok(x) => x,
        Err(e) => return Some(Err(e)),
    };
    let y = match conv(b) {
        Ok(y) => y,
        Err(e) => return Some(Err(e)),
    };
    let (Some(x), Some(y)) = (x, y) else { return Some(Err(no_op())) };
    let game_ish = |v: &Value| m_is_game(v);
    if !game_ish(&x) || !game_ish(&y) {
        return Some(match op {
            BinOp::Eq => Ok(Value::Boolean(false)),
            BinOp::Ne => Ok(Value::Boolean(true)),
            _ => Err(no_op()),
        });
    }
    Some(m.binary(op, &x, &y).map_err(err))
}

fn m_is_game(v: &Value) -> bool {
    matches!(v, Value::Game(_) | Value::Integer(_)) || builtins::is_dyadic_value(v)
}

/// `-x` for a position, a sum or `Value(g)`.
pub fn negate(m: &mut Machine, v: &Value) -> Option<Value> {
    let Value::Object(o) = v else { return None };
    Some(match gamelike(o)? {
        Gamelike::Position(p) => make_sum(m, vec![(p, true)], None),
        Gamelike::Sum(s) => {
            let terms = s.terms.iter().map(|(p, n)| (p.clone(), !n)).collect();
            let c = s.constant.map(|c| m.games.neg(c));
            make_sum(m, terms, c)
        }
        Gamelike::Option(g) => Value::Object(Rc::new(GameOption(m.games.neg(g)))),
    })
}

/// The canonical form of a position as a value (for `CanonicalForm`).
pub fn canonical_value(m: &mut Machine, p: &Position, span: Span) -> Result<Value, EvalError> {
    let g = position_value(m, p, span)?;
    Ok(game_value(m.games, g))
}

/// Whether an instance is impartial.
pub fn is_impartial(inst: &Instance) -> bool {
    inst.impartial
}

//! Sums of ruleset values: `+`/`-` with a position, a sum of positions or `Value(g)` builds a [`PositionSum`];
//! other operators compare or combine their canonical forms. The objects of [`super::objects`] and the members
//! of [`super::members`] both come here, and a user game object (`super::classes`) enters a sum as its position
//! through the class front's hook (`Globals::class_games`), so this file names neither.

use super::memo::{canonical, node_for, position_value, sum_value, SumRef};
use super::position::{as_position, gamelike, pair_shape, GameOption, Gamelike, Item, Position, PositionSum, Shape};
use crate::game::GameId;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::{class_game, Machine};
use crate::interp::value::{game_value, Object, Value};
use crate::library;
use crate::syntax::ast::{BinOp, UnaryOp};
use crate::syntax::span::Span;
use std::rc::Rc;

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
    let mut r =
        SumRef { terms: super::memo::Terms::with_capacity(s.terms.len()), constant: s.constant, loopy: Box::default() };
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

/// A value as the parts of a sum: positions and sums as their parts, `Value(g)`, heaps, games, explicit forms and
/// dyadic numbers as one part each.
fn items_of(m: &mut Machine, v: &Value) -> Option<Result<Vec<Item>, ErrorKind>> {
    if let Some(r) = class_position(m, v) {
        return Some(r.map(|p| vec![Item::Term(p, false)]).map_err(|e| e.kind));
    }
    if let Value::Object(o) = v {
        if let Some(g) = gamelike(o) {
            return Some(Ok(match g {
                Gamelike::Position(p) => vec![Item::Term(p, false)],
                Gamelike::Sum(s) => s.items(),
                Gamelike::Option(g) => vec![Item::Other(game_value(m.games, g), g)],
            }));
        }
        // A heap of a take-and-break ruleset is no `is_game` object but has a game value (its nimber), so
        // `Domineering("..") + Nim(2)` is a sum, as in CGSuite 2.2.
        if !o.is_game() && !crate::interp::classes::is_heap_position(v) {
            return None;
        }
    }
    match m.to_game(v)? {
        Ok(g) => Some(Ok(vec![Item::Other(v.clone(), g)])),
        Err(k) => Some(Err(k)),
    }
}

/// How the parts of a sum are grouped (`None` for a sum folded from the left and for any other value).
fn shape(v: &Value) -> Shape {
    match v {
        Value::Object(o) => match gamelike(o) {
            Some(Gamelike::Sum(s)) => s.shape.clone(),
            _ => None,
        },
        _ => None,
    }
}

/// The terms of a position or of a sum of positions alone (no other part); `None` for any other value.
fn plain_terms(v: &Value) -> Option<Vec<(Rc<Position>, bool)>> {
    let Value::Object(o) = v else { return None };
    match gamelike(o)? {
        Gamelike::Position(p) => Some(vec![(p, false)]),
        Gamelike::Sum(s) if s.layout.is_empty() && s.constant.is_none() => Some(s.terms.clone()),
        _ => None,
    }
}

/// A user game object as a position of its class's instance, through the class front's hook (`None` for any
/// other value).
fn class_position(m: &mut Machine, v: &Value) -> Option<Result<Rc<Position>, EvalError>> {
    class_game(v)?;
    let hooks = m.globals.class_games?;
    Some((hooks.position)(m, v, Span::default()).and_then(|p| {
        match &p {
            Value::Object(o) => as_position(o)
                .ok_or_else(|| EvalError::new(ErrorKind::Internal { what: "not a position".into() }, Span::default())),
            _ => Err(EvalError::new(ErrorKind::Internal { what: "not a position".into() }, Span::default())),
        }
    }))
}

/// The sum of `items` in their order: a [`PositionSum`], or the game value when no part is a position.
pub fn make_sum(m: &mut Machine, items: Vec<Item>) -> Value {
    make_sum_shaped(m, items, None)
}

/// [`make_sum`] with the parts grouped as `shape`.
pub fn make_sum_shaped(m: &mut Machine, items: Vec<Item>, shape: Shape) -> Value {
    if !items.iter().any(|i| matches!(i, Item::Term(..))) {
        let mut total = m.games.zero();
        for i in &items {
            if let Item::Other(_, g) = i {
                total = m.games.add(total, *g);
            }
        }
        return game_value(m.games, total);
    }
    Value::Object(Rc::new(PositionSum::build_shaped(m.games, items, shape)))
}

/// The negative of a part: a position negated; a heap (impartial) itself and an explicit form its negative
/// form, as their own `-` makes them (CGSuite 2.2: `-(Domineering("..|..") + game.heap.Kayles(3))` prints
/// `-Domineering.Position("..|..") + TakeAndBreak.Position(3)`); a game its negative.
fn negate_item(m: &mut Machine, i: Item) -> Item {
    match i {
        Item::Term(p, n) => Item::Term(p, !n),
        Item::Other(v, g) => {
            let h = m.games.neg(g);
            if let Value::Object(o) = &v {
                if let Some(Ok(x)) = o.clone().unary(m, UnaryOp::Neg, &v, Span::default()) {
                    return Item::Other(x, h);
                }
            }
            Item::Other(game_value(m.games, h), h)
        }
    }
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
    let no_op =
        || err(ErrorKind::NoOperation { op: op.symbol(), types: vec![a.type_name().into(), b.type_name().into()] });
    if matches!(op, BinOp::Add | BinOp::Sub) {
        if matches!(a, Value::String(_)) || matches!(b, Value::String(_)) {
            return None;
        }
        // A position or a sum with a loopy value is the compound of the game trees, as in CGSuite 2.2:
        // `Domineering("..|..") - on` prints `Domineering.Position("..|..") + off`, its options are positions plus
        // `off`, and it has no canonical form.
        if library::loopy::is_loopy(a) || library::loopy::is_loopy(b) {
            return library::short::form_binary(m, op, a, b, span);
        }
        // The common case, positions and sums of positions alone (an `Options` hook's `Position(a) + Position(b)`):
        // the terms joined as they are.
        // CGSuite keeps `a + b` as the pair of the two (`(A + B) + (C + D)` is not `A + B + C + D`): a grouping
        // other than the fold from the left is kept beside the parts.
        if let (Some(mut x), Some(y)) = (plain_terms(a), plain_terms(b)) {
            let sub = op == BinOp::Sub;
            let shape = pair_shape(&shape(a), x.len(), &shape(b), y.len());
            x.extend(y.iter().map(|(p, n)| (p.clone(), n ^ sub)));
            return Some(Ok(Value::Object(Rc::new(PositionSum {
                terms: x,
                constant: None,
                layout: Vec::new(),
                shape,
            }))));
        }
        let (mut items, y) = match (items_of(m, a), items_of(m, b)) {
            (Some(Ok(x)), Some(Ok(y))) => (x, y),
            (Some(Err(k)), _) | (_, Some(Err(k))) => return Some(Err(err(k))),
            _ => return Some(Err(no_op())),
        };
        let grouping = pair_shape(&shape(a), items.len(), &shape(b), y.len());
        if op == BinOp::Sub {
            items.extend(y.into_iter().map(|i| negate_item(m, i)));
        } else {
            items.extend(y);
        }
        return Some(Ok(make_sum_shaped(m, items, grouping)));
    }
    // A sum with a user game object has no comparisons (CGSuite 2.2: `G(2) + G(1) > 0` is "No operation `>` for
    // arguments of types `game.CompoundGame`, `game.Zero`"; compare its `CanonicalForm`).
    let user_sum = |v: &Value| match v {
        Value::Object(o) => {
            let any: &dyn std::any::Any = &**o;
            any.downcast_ref::<PositionSum>().is_some_and(|s| s.terms.iter().any(|(p, _)| p.inst.class_front))
        }
        _ => false,
    };
    let comparison = op.compares();
    if comparison && (user_sum(a) || user_sum(b)) {
        let name = |v: &Value| if user_sum(v) { "CompoundGame" } else { v.type_name() };
        return Some(Err(err(ErrorKind::NoOperation { op: op.symbol(), types: vec![name(a).into(), name(b).into()] })));
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
    matches!(v, Value::Game(_) | Value::Integer(_)) || library::is_dyadic_value(v)
}

/// `-x` for a position, a sum or `Value(g)`.
pub fn negate(m: &mut Machine, v: &Value) -> Option<Value> {
    let Value::Object(o) = v else { return None };
    Some(match gamelike(o)? {
        Gamelike::Position(p) => make_sum(m, vec![Item::Term(p, true)]),
        Gamelike::Sum(s) => {
            let items = s.items().into_iter().map(|i| negate_item(m, i)).collect();
            make_sum_shaped(m, items, s.shape.clone())
        }
        Gamelike::Option(g) => Value::Object(Rc::new(GameOption(m.games.neg(g)))),
    })
}

/// The canonical form of a position as a value (for `CanonicalForm`).
pub fn canonical_value(m: &mut Machine, p: &Position, span: Span) -> Result<Value, EvalError> {
    let g = position_value(m, p, span)?;
    Ok(game_value(m.games, g))
}

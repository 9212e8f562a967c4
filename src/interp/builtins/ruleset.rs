//! Members of positions, sums of positions and grids; the globals `Value`, `Grid`, `Orthogonal`, `Diagonal`,
//! `King`. The values themselves live in `crate::ruleset`; `crate::ruleset::dispatch` routes members here.
//!
//! A position's member lookup: the ruleset's own `def`s, then [`POSITION`], then every game member of its
//! canonical form. A sum's: [`POSITION_SUM`], then the game members of its canonical form.

use super::{boolean, list, member, player, string, Member, NativeFn, Site};
use crate::game::Outcome;
use crate::interp::env::Globals;
use crate::interp::error::{Arity, ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::value::{game_value, Function, Player, Value};
use crate::ruleset::dispatch;
use crate::ruleset::gridvalue::{self, AdjacencyValue, GridValue};
use crate::ruleset::memo::{canonical, position_node, raw_options};
use crate::ruleset::position::{as_position, gamelike, GameOption, Gamelike, Position, PositionSum};
use crate::ruleset::search;
use crate::solve::grid::{Adjacency, Grid};
use num_traits::ToPrimitive;
use std::rc::Rc;

/// Global functions of the rulesets work.
pub static RULESET_GLOBALS: &[NativeFn] = &[NativeFn { name: "Value", arity: Arity::Exact(1), f: value_option }];

/// Registers the globals of this module.
pub fn register(globals: &mut Globals) {
    for f in RULESET_GLOBALS {
        globals.natives.insert(f.name, Value::Function(Rc::new(Function::Native(f))));
    }
    for (name, v) in gridvalue::constants() {
        globals.natives.insert(name, v);
    }
}

fn value_option(m: &mut Machine, site: &Site, args: &[Value]) -> Result<Value, EvalError> {
    let g = super::game(m, site, args, 0)?;
    Ok(Value::Object(Rc::new(GameOption(g))))
}

fn this_position(s: &Site, this: &Value) -> Result<Rc<Position>, EvalError> {
    match this {
        Value::Object(o) => as_position(o).ok_or_else(|| s.bug()),
        _ => Err(s.bug()),
    }
}

fn this_sum<'v>(s: &Site, this: &'v Value) -> Result<&'v PositionSum, EvalError> {
    if let Value::Object(o) = this {
        let any: &dyn std::any::Any = &**o;
        if let Some(x) = any.downcast_ref::<PositionSum>() {
            return Ok(x);
        }
    }
    Err(s.bug())
}

/// The options of a position for `player`, as positions (states wrapped, `Value(g)` as its game).
fn position_options(m: &mut Machine, s: &Site, p: &Position, who: Player) -> Result<Value, EvalError> {
    let items = raw_options(m, &p.inst, &p.state, who, s.span)?;
    let mut out = Vec::with_capacity(items.len());
    for v in items {
        out.push(wrap_option(m, s, &p.inst, v)?);
    }
    Ok(list(out))
}

fn wrap_option(
    m: &mut Machine,
    s: &Site,
    inst: &Rc<crate::ruleset::script::Instance>,
    v: Value,
) -> Result<Value, EvalError> {
    if let Value::Object(o) = &v {
        match gamelike(o) {
            Some(Gamelike::Position(q)) => {
                q.fill_show(m, s.span)?;
                return Ok(v);
            }
            Some(Gamelike::Sum(sum)) => {
                for (q, _) in &sum.terms {
                    q.fill_show(m, s.span)?;
                }
                return Ok(v);
            }
            Some(Gamelike::Option(g)) => return Ok(game_value(m.games, g)),
            None => {}
        }
    }
    crate::ruleset::script::position(m, inst, v, s.span)
}

fn options_arg(s: &Site, args: &[Value], impartial: bool) -> Result<Player, EvalError> {
    if args.is_empty() {
        if impartial {
            return Ok(Player::Left);
        }
        return Err(s.err(ErrorKind::ArgumentCount { expected: Arity::Exact(1), got: 0 }));
    }
    player(s, args, 0)
}

fn outcome_value(o: Outcome) -> Value {
    Value::Outcome(o)
}

/// Members of positions.
pub static POSITION: &[Member] = &[
    member("CanonicalForm", 0, |m, s, this, _| {
        let p = this_position(s, this)?;
        dispatch::canonical_value(m, &p, s.span)
    }),
    member("LeftOptions", 0, |m, s, this, _| {
        let p = this_position(s, this)?;
        position_options(m, s, &p, Player::Left)
    }),
    member("RightOptions", 0, |m, s, this, _| {
        let p = this_position(s, this)?;
        position_options(m, s, &p, Player::Right)
    }),
    Member {
        name: "Options",
        arity: Arity::Range(0, 1),
        f: |m, s, this, args| {
            let p = this_position(s, this)?;
            let who = options_arg(s, args, p.inst.impartial)?;
            position_options(m, s, &p, who)
        },
    },
    member("OutcomeClass", 0, |m, s, this, _| {
        let p = this_position(s, this)?;
        let idx = position_node(m, &p, s.span)?;
        let known = p.inst.memo.borrow().nodes[idx as usize].canonical;
        let g = match known {
            Some(g) => Some(g),
            None if p.inst.impartial => Some(canonical(m, &p.inst, idx, s.span)?),
            None => None,
        };
        match g {
            Some(g) => Ok(outcome_value(m.games.outcome(g))),
            None => {
                let sum = search::single(&p.inst, idx);
                Ok(outcome_value(search::outcome(m, &sum, false, s.span)?))
            }
        }
    }),
    member("MisereOutcomeClass", 0, |m, s, this, _| {
        let p = this_position(s, this)?;
        let idx = position_node(m, &p, s.span)?;
        let sum = search::single(&p.inst, idx);
        Ok(outcome_value(search::outcome(m, &sum, true, s.span)?))
    }),
    member("NimValue", 0, |m, s, this, _| {
        let p = this_position(s, this)?;
        let idx = position_node(m, &p, s.span)?;
        let g = canonical(m, &p.inst, idx, s.span)?;
        nim_value(m, s, g)
    }),
    member("State", 0, |_, s, this, _| Ok(this_position(s, this)?.state.clone())),
    member("Ruleset", 0, |_, s, this, _| Ok(Value::Object(this_position(s, this)?.inst.clone()))),
];

fn nim_value(m: &mut Machine, s: &Site, g: crate::game::GameId) -> Result<Value, EvalError> {
    match m.games.nimber_value(g) {
        Some(n) => Ok(Value::int(n)),
        None => {
            let game = game_value(m.games, g).display(m.games);
            Err(s.err(ErrorKind::NotANimber { game }))
        }
    }
}

/// The options of a sum for `who`: one term moved, or the constant.
fn sum_options(m: &mut Machine, s: &Site, sum: &PositionSum, who: Player) -> Result<Value, EvalError> {
    let mut out = Vec::new();
    for (i, (p, neg)) in sum.terms.iter().enumerate() {
        let rest = PositionSum {
            terms: sum.terms.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, t)| t.clone()).collect(),
            constant: sum.constant,
        };
        let rest = Value::Object(Rc::new(rest));
        let q = if *neg { who.opponent() } else { who };
        let Value::List(opts) = position_options(m, s, p, q)? else { return Err(s.bug()) };
        let op = if *neg { crate::syntax::ast::BinOp::Sub } else { crate::syntax::ast::BinOp::Add };
        for o in opts {
            match dispatch::binary(m, op, &rest, &o, s.span) {
                Some(r) => out.push(r?),
                None => return Err(s.bug()),
            }
        }
    }
    if let Some(c) = sum.constant {
        let ks = match who {
            Player::Left => m.games.left_options(c),
            Player::Right => m.games.right_options(c),
        };
        for k in ks {
            let terms = PositionSum { terms: sum.terms.clone(), constant: Some(k) };
            let zero = m.games.zero();
            let v = if k == zero {
                Value::Object(Rc::new(PositionSum { terms: sum.terms.clone(), constant: None }))
            } else {
                Value::Object(Rc::new(terms))
            };
            out.push(v);
        }
    }
    Ok(list(out))
}

/// Members of sums of positions.
pub static POSITION_SUM: &[Member] = &[
    member("CanonicalForm", 0, |m, s, this, _| {
        let g = dispatch::sum_game(m, this_sum(s, this)?, s.span)?;
        Ok(game_value(m.games, g))
    }),
    member("OutcomeClass", 0, |m, s, this, _| {
        let g = dispatch::sum_game(m, this_sum(s, this)?, s.span)?;
        Ok(outcome_value(m.games.outcome(g)))
    }),
    member("MisereOutcomeClass", 0, |m, s, this, _| {
        let r = dispatch::sum_ref(m, this_sum(s, this)?, s.span)?;
        Ok(outcome_value(search::outcome(m, &r, true, s.span)?))
    }),
    member("NimValue", 0, |m, s, this, _| {
        let g = dispatch::sum_game(m, this_sum(s, this)?, s.span)?;
        nim_value(m, s, g)
    }),
    member("Terms", 0, |m, s, this, _| {
        let sum = this_sum(s, this)?;
        let mut out = Vec::new();
        for (p, neg) in &sum.terms {
            let v = Value::Object(p.clone());
            out.push(if *neg { dispatch::negate(m, &v).unwrap_or(v) } else { v });
        }
        Ok(list(out))
    }),
    member("LeftOptions", 0, |m, s, this, _| sum_options(m, s, this_sum(s, this)?, Player::Left)),
    member("RightOptions", 0, |m, s, this, _| sum_options(m, s, this_sum(s, this)?, Player::Right)),
    member("Options", 1, |m, s, this, args| {
        let who = player(s, args, 0)?;
        sum_options(m, s, this_sum(s, this)?, who)
    }),
];

// ---- grids -------------------------------------------------------------------------------------------

fn this_grid<'v>(s: &Site, this: &'v Value) -> Result<&'v Grid, EvalError> {
    if let Value::Object(o) = this {
        let any: &dyn std::any::Any = &**o;
        if let Some(g) = any.downcast_ref::<GridValue>() {
            return Ok(&g.0);
        }
    }
    Err(s.bug())
}

fn grid_error(s: &Site, e: crate::solve::grid::GridError) -> EvalError {
    s.err(ErrorKind::InvalidGrid { message: e.to_string() })
}

/// A cell argument: a one-character ASCII string.
fn cell(s: &Site, args: &[Value], i: usize) -> Result<u8, EvalError> {
    let t = string(s, args, i)?;
    match t.as_bytes() {
        [b] if b.is_ascii() => Ok(*b),
        _ => Err(s.arg_err(i, ErrorKind::InvalidGrid { message: format!("a cell is one ASCII character, not {t:?}") })),
    }
}

/// The one-character string of a cell; ASCII cells share one string each instead of allocating per read.
fn cell_value(b: u8) -> Value {
    thread_local! {
        static ASCII: Vec<Rc<str>> = (0u8..128).map(|b| Rc::from((b as char).to_string())).collect();
    }
    if b.is_ascii() {
        return ASCII.with(|cells| Value::String(cells[b as usize].clone()));
    }
    Value::String(Rc::from((b as char).to_string()))
}

fn adjacency(s: &Site, args: &[Value], i: usize) -> Result<Adjacency, EvalError> {
    let Some(v) = args.get(i) else { return Ok(Adjacency::Orthogonal) };
    if let Value::Object(o) = v {
        let any: &dyn std::any::Any = &**o;
        if let Some(a) = any.downcast_ref::<AdjacencyValue>() {
            return Ok(a.0);
        }
    }
    Err(s.wrong_type(i, "Adjacency", v))
}

fn coordinate(v: &Value) -> Option<usize> {
    match v {
        Value::Integer(n) => n.to_usize(),
        _ => None,
    }
}

fn pair(v: &(usize, usize)) -> Value {
    Value::Tuple(vec![Value::int(v.0), Value::int(v.1)].into())
}

/// `Grid(s)` (parse) or `Grid(rows, cols)` (all cells `.`).
pub fn grid_new(_: &mut Machine, s: &Site, args: &[Value]) -> Result<Value, EvalError> {
    match args {
        [Value::String(t)] => Grid::parse(t).map(GridValue::value).map_err(|e| grid_error(s, e)),
        [_] => Err(s.wrong_type(0, "String", &args[0])),
        [_, _] => {
            let r = super::count(s, args, 0)? as usize;
            let c = super::count(s, args, 1)? as usize;
            if r.saturating_mul(c) > 1 << 24 {
                return Err(s.err(ErrorKind::Overflow));
            }
            Ok(GridValue::value(Grid::filled(r, c, b'.')))
        }
        _ => Err(s.err(ErrorKind::ArgumentCount { expected: Arity::Range(1, 2), got: args.len() })),
    }
}

/// `g[r, c]` or `g[(r, c)]`: the cell as a one-character string, `Nothing` off the board.
pub fn grid_index(
    m: &mut Machine,
    g: &Grid,
    keys: &[Value],
    span: crate::syntax::span::Span,
) -> Result<Value, EvalError> {
    let (r, c) = match keys {
        [Value::Tuple(t)] if t.len() == 2 => (&t[0], &t[1]),
        [r, c] => (r, c),
        _ => {
            let index = keys.iter().map(|k| k.display(m.games)).collect::<Vec<_>>().join(", ");
            return Err(EvalError::new(ErrorKind::IndexOutOfBounds { index }, span));
        }
    };
    for v in [r, c] {
        if !matches!(v, Value::Integer(_)) {
            let kind = ErrorKind::ArgumentType {
                function: "Grid index".into(),
                position: 1,
                expected: "Integer",
                got: v.type_name(),
            };
            return Err(EvalError::new(kind, span));
        }
    }
    Ok(match (coordinate(r), coordinate(c)) {
        (Some(r), Some(c)) => g.get(r, c).map_or(Value::Nothing, cell_value),
        _ => Value::Nothing,
    })
}

/// Members of `Grid`.
pub static GRID: &[Member] = &[
    member("RowCount", 0, |_, s, this, _| Ok(Value::int(this_grid(s, this)?.rows()))),
    member("ColCount", 0, |_, s, this, _| Ok(Value::int(this_grid(s, this)?.cols()))),
    member("FindAll", 1, |_, s, this, args| {
        let g = this_grid(s, this)?;
        let c = cell(s, args, 0)?;
        Ok(list(g.find_all(c).iter().map(pair)))
    }),
    member("Count", 1, |_, s, this, args| {
        let g = this_grid(s, this)?;
        let c = cell(s, args, 0)?;
        Ok(Value::int(g.cells().iter().filter(|&&x| x == c).count()))
    }),
    Member {
        name: "Decomposition",
        arity: Arity::Range(1, 2),
        f: |_, s, this, args| {
            let g = this_grid(s, this)?;
            let empty = cell(s, args, 0)?;
            let adj = adjacency(s, args, 1)?;
            Ok(list(g.decomposition(empty, adj).into_iter().map(GridValue::value)))
        },
    },
    Member {
        name: "Neighbours",
        arity: Arity::Range(2, 3),
        f: |_, s, this, args| {
            let g = this_grid(s, this)?;
            let r = super::count(s, args, 0)? as usize;
            let c = super::count(s, args, 1)? as usize;
            let adj = adjacency(s, args, 2)?;
            Ok(list(g.neighbours(r, c, adj).iter().map(pair)))
        },
    },
    member("Updated", 1, |m, s, this, args| {
        let g = this_grid(s, this)?;
        let Value::Map(map) = &args[0] else { return Err(s.wrong_type(0, "Map", &args[0])) };
        let mut changes = Vec::with_capacity(map.len());
        for (k, v) in map.iter() {
            let (r, c) = match k {
                Value::Tuple(t) if t.len() == 2 => (coordinate(&t[0]), coordinate(&t[1])),
                _ => (None, None),
            };
            let (Some(r), Some(c)) = (r, c) else {
                let key = k.display(m.games);
                return Err(
                    s.arg_err(0, ErrorKind::InvalidGrid { message: format!("not a cell (row, column): {key}") })
                );
            };
            let b = cell(s, std::slice::from_ref(v), 0)?;
            changes.push(((r, c), b));
        }
        g.updated(&changes).map(GridValue::value).map_err(|e| grid_error(s, e))
    }),
    member("Canonical", 0, |_, s, this, _| Ok(GridValue::value(this_grid(s, this)?.canonical()))),
    member("Symmetries", 0, |_, s, this, _| {
        Ok(list(this_grid(s, this)?.symmetries().into_iter().map(GridValue::value)))
    }),
    member("Transpose", 0, |_, s, this, _| Ok(GridValue::value(this_grid(s, this)?.transpose()))),
    member("FlipRows", 0, |_, s, this, _| Ok(GridValue::value(this_grid(s, this)?.flip_rows()))),
    member("FlipCols", 0, |_, s, this, _| Ok(GridValue::value(this_grid(s, this)?.flip_cols()))),
    member("Rows", 0, |_, s, this, _| {
        let g = this_grid(s, this)?;
        let w = g.cols().max(1);
        let rows: Vec<Value> = if g.cols() == 0 {
            (0..g.rows()).map(|_| Value::str("")).collect()
        } else {
            g.cells().chunks(w).map(|r| Value::String(Rc::from(String::from_utf8_lossy(r).as_ref()))).collect()
        };
        Ok(list(rows))
    }),
    member("IsEmpty", 0, |_, s, this, _| Ok(boolean(this_grid(s, this)?.cells().is_empty()))),
];

/// Members of the `Grid` class value.
pub static GRID_CLASS: &[Member] = &[member("Parse", 1, |m, s, this, args| {
    let _ = this;
    let t = string(s, args, 0)?;
    let _ = m;
    Grid::parse(t).map(GridValue::value).map_err(|e| grid_error(s, e))
})];

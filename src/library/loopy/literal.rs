//! Game literals (`<…|…>` with `pass`, labels or loopy options): the onside and offside graphs of a literal,
//! built node by node, and the value of the pair.

use super::general::make_general;
use super::value::*;
use crate::game::loopy::{Edge, Graph, LoopyArena, SideValue, Stopper, Vertex};
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::{Eval, Exit, Machine};
use crate::interp::value::Value;
use crate::syntax::ast::{Expr, ExprKind};
use crate::syntax::span::Span;
use std::rc::Rc;

// ---- literals -------------------------------------------------------------------------------------------

/// The two graphs under construction (vertex i is the same literal node in both).
#[derive(Default)]
struct Builder {
    on: Vec<Vertex>,
    off: Vec<Vertex>,
    labels: Vec<(Rc<str>, u32)>,
}

fn syntax_err(kind: ErrorKind, span: Span) -> Exit {
    Exit::from(EvalError::new(kind, span))
}

/// Evaluates a game literal (`GameLit`), a labelled literal or a misplaced `pass`.
pub fn eval_literal(m: &mut Machine, e: &Expr) -> Eval<Value> {
    if let ExprKind::Pass = e.kind {
        return Err(syntax_err(msg("Unexpected `pass`."), e.span));
    }
    let mut b = Builder::default();
    let (on, off) = node(m, &mut b, e)?;
    let r = finish(m, b, on, off).map_err(|k| syntax_err(k, e.span))?;
    m.games.check_overflow().map_err(|_| syntax_err(ErrorKind::Overflow, e.span))?;
    Ok(r)
}

fn finish(m: &mut Machine, b: Builder, on: Edge, off: Edge) -> Result<Value, ErrorKind> {
    let side = |m: &mut Machine, verts: Vec<Vertex>, e: Edge, onside: bool| -> Result<SideValue, ErrorKind> {
        match e {
            Edge::Short(x) => Ok(SideValue::Stopper(Stopper::Short(x))),
            Edge::Loopy(v) => {
                let (a, g) = parts(m);
                a.side_value(g, &Graph { verts, start: v }, onside).map_err(engine)
            }
        }
    };
    let (s, t) = match (side(m, b.on, on, true)?, side(m, b.off, off, false)?) {
        (SideValue::Stopper(s), SideValue::Stopper(t)) => (s, t),
        (s, t) => return make_general(m, s, t),
    };
    if s != t && !leq(m, t, s)? {
        return Err(msg("offside is not <= onside"));
    }
    make(m, s, t)
}

/// A plain literal (no `pass`, no label) one of whose evaluated options is a loopy value: the evaluator's
/// `Library::loopy_literal`.
pub fn loopy_literal(m: &mut Machine, options: [Vec<(Value, Span)>; 2]) -> Result<Value, ErrorKind> {
    let mut sides: [Vec<(Stopper, Stopper)>; 2] = Default::default();
    for (k, opts) in options.iter().enumerate() {
        for (v, _) in opts {
            let Some(st) = sides_of(m, v) else {
                let value = v.display(m.games);
                return Err(ErrorKind::NotAGame { ty: v.type_name(), value });
            };
            sides[k].push(st?);
        }
    }
    literal_of_values(m, &sides[0], &sides[1])
}

/// A literal `<L | R>` whose options are the given values' sides.
pub(super) fn literal_of_values(
    m: &mut Machine,
    left: &[(Stopper, Stopper)],
    right: &[(Stopper, Stopper)],
) -> Result<Value, ErrorKind> {
    let mut b = Builder { on: vec![Vertex::default()], off: vec![Vertex::default()], labels: Vec::new() };
    let a = m.globals.extensions.get::<LoopyArena>();
    for (k, opts) in [left, right].into_iter().enumerate() {
        for &(s, t) in opts {
            let es = a.embed(&mut b.on, s);
            let et = a.embed(&mut b.off, t);
            if k == 0 {
                b.on[0].left.push(es);
                b.off[0].left.push(et);
            } else {
                b.on[0].right.push(es);
                b.off[0].right.push(et);
            }
        }
    }
    finish(m, b, Edge::Loopy(0), Edge::Loopy(0))
}

/// One literal node: its edges in the onside and offside graphs.
fn node(m: &mut Machine, b: &mut Builder, e: &Expr) -> Eval<(Edge, Edge)> {
    let (label, lit) = match &e.kind {
        ExprKind::Labelled { label, lit } => (Some(label.name.clone()), &**lit),
        _ => (None, e),
    };
    let ExprKind::GameLit { left, right } = &lit.kind else {
        return Err(syntax_err(msg("A label must name a game literal."), e.span));
    };
    let me = b.on.len() as u32;
    b.on.push(Vertex::default());
    b.off.push(Vertex::default());
    if let Some(l) = label {
        b.labels.push((l, me));
    }
    let mut sides: [(Vec<Edge>, Vec<Edge>); 2] = Default::default();
    for (k, opts) in [left, right].into_iter().enumerate() {
        for o in opts {
            match &o.kind {
                ExprKind::Pass => {
                    sides[k].0.push(Edge::Loopy(me));
                    sides[k].1.push(Edge::Loopy(me));
                }
                ExprKind::Var(name, _) if b.labels.iter().any(|(l, _)| l == name) => {
                    let v = b.labels.iter().rev().find(|(l, _)| l == name).expect("present").1;
                    sides[k].0.push(Edge::Loopy(v));
                    sides[k].1.push(Edge::Loopy(v));
                }
                ExprKind::GameLit { .. } | ExprKind::Labelled { .. } => {
                    let (s, t) = node(m, b, o)?;
                    sides[k].0.push(s);
                    sides[k].1.push(t);
                }
                _ => {
                    let v = m.eval(o)?;
                    let items = match &v {
                        Value::List(_) | Value::Set(_, _) | Value::Tuple(_) => m.elements(&v).unwrap_or_default(),
                        _ => vec![v],
                    };
                    for item in items {
                        let Some(st) = sides_of(m, &item) else {
                            let value = item.display(m.games);
                            return Err(syntax_err(ErrorKind::NotAGame { ty: item.type_name(), value }, o.span));
                        };
                        let (s, t) = st.map_err(|k| syntax_err(k, o.span))?;
                        let a = m.globals.extensions.get::<LoopyArena>();
                        sides[k].0.push(a.embed(&mut b.on, s));
                        sides[k].1.push(a.embed(&mut b.off, t));
                    }
                }
            }
        }
    }
    if b.labels.last().is_some_and(|l| l.1 == me) {
        b.labels.pop();
    }
    let [(lon, loff), (ron, roff)] = sides;
    let all_short = |v: &[Edge]| v.iter().all(|e| matches!(e, Edge::Short(_)));
    if all_short(&lon) && all_short(&loff) && all_short(&ron) && all_short(&roff) && b.on.len() == me as usize + 1 {
        // A loopfree node: a short game at once (nothing refers back to it: a reference would be an edge).
        b.on.pop();
        b.off.pop();
        let ids =
            |v: &[Edge]| v.iter().map(|e| if let Edge::Short(x) = e { *x } else { unreachable!() }).collect::<Vec<_>>();
        let s = m.games.new_game(&ids(&lon), &ids(&ron));
        let t = m.games.new_game(&ids(&loff), &ids(&roff));
        return Ok((Edge::Short(s), Edge::Short(t)));
    }
    b.on[me as usize] = Vertex { left: lon, right: ron };
    b.off[me as usize] = Vertex { left: loff, right: roff };
    Ok((Edge::Loopy(me), Edge::Loopy(me)))
}

//! Loopy games as script values: canonical stoppers (`is Game`) and sided values `S & T` (LOOPY.md §1, §3).
//!
//! A [`LoopyValue`] holds an onside and an offside ([`Stopper`]s of the engine's [`LoopyArena`], kept in
//! `Globals::extensions`). Equal sides make a stopper; a loopfree stopper is never a `LoopyValue` but the
//! ordinary short game, so `==`, sets and printing agree with short games. The printed form is computed once,
//! when the value is made (`Object::display` has no access to the arena).
//!
//! Game literals are all built here ([`eval_literal`]): a node whose options are all short games becomes a
//! short game at once; `pass`, labels (`a<0|a>`) and loopy option values make graph vertices, and the
//! literal's value is the pair (onside of the graph of onsides, offside of the graph of offsides).

use super::{boolean, member, set, Member, Site};
use crate::game::loopy::{Edge, Graph, LoopyArena, LoopyError, Pseudo, Stopper, Vertex};
use crate::game::{GameId, Games, Outcome};
use crate::interp::env::Globals;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::{Eval, Exit, Machine};
use crate::interp::object::{downcast_ref, Object};
use crate::interp::value::{game_value, Value};
use crate::syntax::ast::{BinOp, Expr, ExprKind};
use crate::syntax::span::Span;
use num_traits::ToPrimitive;
use std::cmp::Ordering;
use std::rc::Rc;

/// A loopy value: a canonical stopper that is not loopfree (onside == offside), or a sided value.
#[derive(Debug)]
pub struct LoopyValue {
    /// The onside.
    pub on: Stopper,
    /// The offside.
    pub off: Stopper,
    text: String,
}

impl LoopyValue {
    /// Whether this value is a stopper.
    pub fn is_stopper(&self) -> bool {
        self.on == self.off
    }
}

impl Object for LoopyValue {
    fn type_name(&self) -> &'static str {
        if self.is_stopper() {
            "Game"
        } else {
            "SidedValue"
        }
    }
    fn display(&self, _: &mut Games) -> String {
        self.text.clone()
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        downcast_ref::<LoopyValue>(other).map(|o| (self.on, self.off).cmp(&(o.on, o.off)))
    }
    fn members(&self) -> &'static [Member] {
        LOOPY
    }
    fn is_game(&self) -> bool {
        self.is_stopper()
    }
    fn binary(
        &self,
        m: &mut Machine,
        op: BinOp,
        lhs: &Value,
        rhs: &Value,
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        binary(m, op, lhs, rhs).map(|r| r.map_err(|k| EvalError::new(k, span)))
    }
    fn negate(&self, m: &mut Machine, _this: &Value, span: Span) -> Option<Result<Value, EvalError>> {
        let (a, g) = parts(m);
        let on = a.neg(g, self.off);
        let off = a.neg(g, self.on);
        Some(make(m, on, off).map_err(|k| EvalError::new(k, span)))
    }
}

/// The outcome classes with draws (`D`, `PHat`, `PCheck`, `NHat`, `NCheck`), type `OutcomeClass`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct DrawOutcome(pub &'static str);

impl Object for DrawOutcome {
    fn type_name(&self) -> &'static str {
        "OutcomeClass"
    }
    fn display(&self, _: &mut Games) -> String {
        self.0.to_string()
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        downcast_ref::<DrawOutcome>(other).map(|o| self.0.cmp(o.0))
    }
}

/// The arena and the short games, borrowed together.
fn parts<'m>(m: &'m mut Machine) -> (&'m mut LoopyArena, &'m mut Games) {
    (m.globals.extensions.get::<LoopyArena>(), &mut *m.games)
}

fn engine(e: LoopyError) -> ErrorKind {
    let message = match e {
        LoopyError::TooLarge => "That loopy game is too large (its graph exceeds the engine's limit).".to_string(),
        LoopyError::NotStopper => "That game is not a stopper.".to_string(),
        LoopyError::NoSide => "cgs cannot compute the sides of that game yet (sidling did not settle).".to_string(),
    };
    ErrorKind::InvalidArgument { message }
}

fn msg(s: &str) -> ErrorKind {
    ErrorKind::InvalidArgument { message: s.to_string() }
}

/// The value with the given sides (a short game when both are the same short game). The caller guarantees
/// `off <= on`.
pub fn make(m: &mut Machine, on: Stopper, off: Stopper) -> Result<Value, ErrorKind> {
    if on == off {
        if let Stopper::Short(g) = on {
            return Ok(game_value(m.games, g));
        }
    }
    let (a, g) = parts(m);
    let text = if on == off {
        a.display(g, on).map_err(engine)?
    } else if on == a.on() && off == a.off() {
        "dud".to_string()
    } else {
        format!("{} & {}", a.display(g, on).map_err(engine)?, a.display(g, off).map_err(engine)?)
    };
    Ok(Value::Object(Rc::new(LoopyValue { on, off, text })))
}

/// The sides of a value that is a game (short, loopy or sided), or `None` for other values.
pub fn sides_of(m: &mut Machine, v: &Value) -> Option<Result<(Stopper, Stopper), ErrorKind>> {
    if let Value::Object(o) = v {
        if let Some(l) = downcast_ref::<LoopyValue>(&**o) {
            return Some(Ok((l.on, l.off)));
        }
    }
    m.to_game(v).map(|r| r.map(|g| (Stopper::Short(g), Stopper::Short(g))))
}

/// Whether a value is a loopy value (stopper or sided).
pub fn is_loopy(v: &Value) -> bool {
    loopy_of(v).is_some()
}

fn loopy_of(v: &Value) -> Option<&LoopyValue> {
    match v {
        Value::Object(o) => downcast_ref::<LoopyValue>(&**o),
        _ => None,
    }
}

fn leq(m: &mut Machine, a: Stopper, b: Stopper) -> Result<bool, ErrorKind> {
    let (ar, g) = parts(m);
    ar.leq(g, a, b).map_err(engine)
}

/// `S & T`: both must be stoppers with `T <= S` (CGSuite: "offside is not <= onside").
pub fn sidle(m: &mut Machine, a: &Value, b: &Value) -> Result<Value, ErrorKind> {
    let no_op = || ErrorKind::NoOperation { op: "&", types: vec![a.type_name(), b.type_name()] };
    let (Some(x), Some(y)) = (sides_of(m, a), sides_of(m, b)) else { return Err(no_op()) };
    let ((s, s2), (t, t2)) = (x?, y?);
    if s != s2 || t != t2 {
        return Err(msg("Sides of a sided value must be stoppers."));
    }
    if !leq(m, t, s)? {
        let (ar, g) = parts(m);
        let message = format!(
            "offside is not <= onside: {} |> {}",
            ar.display(g, t).map_err(engine)?,
            ar.display(g, s).map_err(engine)?
        );
        return Err(ErrorKind::InvalidArgument { message });
    }
    make(m, s, t)
}

fn add_sides(m: &mut Machine, x: (Stopper, Stopper), y: (Stopper, Stopper)) -> Result<Value, ErrorKind> {
    let (a, g) = parts(m);
    let on = a.sidesum(g, x.0, y.0, true).map_err(engine)?;
    let off = a.sidesum(g, x.1, y.1, false).map_err(engine)?;
    make(m, on, off)
}

fn neg_sides(m: &mut Machine, x: (Stopper, Stopper)) -> (Stopper, Stopper) {
    let (a, g) = parts(m);
    (a.neg(g, x.1), a.neg(g, x.0))
}

/// `a ≤ b` for sided values: side by side.
fn le_sides(m: &mut Machine, x: (Stopper, Stopper), y: (Stopper, Stopper)) -> Result<bool, ErrorKind> {
    Ok(leq(m, x.0, y.0)? && leq(m, x.1, y.1)?)
}

/// Operators with a loopy operand; `None` when neither operand is loopy or the other is not a game.
pub fn binary(m: &mut Machine, op: BinOp, a: &Value, b: &Value) -> Option<Result<Value, ErrorKind>> {
    if loopy_of(a).is_none() && loopy_of(b).is_none() {
        return None;
    }
    if op == BinOp::Sidle {
        return Some(sidle(m, a, b));
    }
    if op == BinOp::Mul {
        let (n, g) = match (a, b) {
            (Value::Integer(n), g) | (g, Value::Integer(n)) => (n.to_i64(), g),
            _ => return None,
        };
        let Some(n) = n else { return Some(Err(ErrorKind::Overflow)) };
        return Some(times(m, n, g));
    }
    let x = sides_of(m, a)?;
    let y = sides_of(m, b)?;
    let (x, y) = match (x, y) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(e), _) | (_, Err(e)) => return Some(Err(e)),
    };
    Some(binary_sides(m, op, a, b, x, y))
}

fn binary_sides(
    m: &mut Machine,
    op: BinOp,
    a: &Value,
    b: &Value,
    x: (Stopper, Stopper),
    y: (Stopper, Stopper),
) -> Result<Value, ErrorKind> {
    {
        let truth = match op {
            BinOp::Add => return add_sides(m, x, y),
            BinOp::Sub => {
                let ny = neg_sides(m, y);
                return add_sides(m, x, ny);
            }
            BinOp::PlusMinus => {
                let s = plus_minus(m, b)?;
                let s = sides_of(m, &s).expect("a game")?;
                return add_sides(m, x, s);
            }
            BinOp::Eq => x == y,
            BinOp::Ne => x != y,
            BinOp::Le => le_sides(m, x, y)?,
            BinOp::Ge => le_sides(m, y, x)?,
            BinOp::Lt => le_sides(m, x, y)? && x != y,
            BinOp::Gt => le_sides(m, y, x)? && x != y,
            BinOp::Confused => !le_sides(m, x, y)? && !le_sides(m, y, x)?,
            BinOp::LessOrConfused => !le_sides(m, y, x)?,
            BinOp::GreaterOrConfused => !le_sides(m, x, y)?,
            _ => {
                return Err(ErrorKind::NoOperation { op: op.symbol(), types: vec![a.type_name(), b.type_name()] });
            }
        };
        Ok(Value::Boolean(truth))
    }
}

/// `n * G` by doubling.
fn times(m: &mut Machine, n: i64, g: &Value) -> Result<Value, ErrorKind> {
    let Some(x) = sides_of(m, g) else {
        return Err(ErrorKind::NoOperation { op: "*", types: vec!["Integer", g.type_name()] });
    };
    let mut x = x?;
    if n.unsigned_abs() > 1 << 20 {
        return Err(ErrorKind::Overflow);
    }
    if n < 0 {
        x = neg_sides(m, x);
    }
    let mut k = n.unsigned_abs();
    let zero = Stopper::Short(GameId(0));
    let mut acc = (zero, zero);
    let (a, gm) = parts(m);
    while k > 0 {
        if k & 1 == 1 {
            acc = (a.sidesum(gm, acc.0, x.0, true).map_err(engine)?, a.sidesum(gm, acc.1, x.1, false).map_err(engine)?);
        }
        k >>= 1;
        if k > 0 {
            x = (a.sidesum(gm, x.0, x.0, true).map_err(engine)?, a.sidesum(gm, x.1, x.1, false).map_err(engine)?);
        }
    }
    make(m, acc.0, acc.1)
}

/// `+-G` = `<G | -G>` for a loopy G.
pub fn plus_minus(m: &mut Machine, g: &Value) -> Result<Value, ErrorKind> {
    let x = sides_of(m, g).ok_or_else(|| msg("+- needs a game"))??;
    let nx = neg_sides(m, x);
    literal_of_values(m, &[x], &[nx])
}

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
    let side = |m: &mut Machine, verts: Vec<Vertex>, e: Edge, onside: bool| -> Result<Stopper, ErrorKind> {
        match e {
            Edge::Short(x) => Ok(Stopper::Short(x)),
            Edge::Loopy(v) => {
                let (a, g) = parts(m);
                a.side(g, &Graph { verts, start: v }, onside).map_err(engine)
            }
        }
    };
    let s = side(m, b.on, on, true)?;
    let t = side(m, b.off, off, false)?;
    if s != t && !leq(m, t, s)? {
        return Err(msg("offside is not <= onside"));
    }
    make(m, s, t)
}

/// A literal `<L | R>` whose options are the given values' sides.
fn literal_of_values(
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
                ExprKind::Var(name) if b.labels.iter().any(|(l, _)| l == name) => {
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
                        Value::List(_) | Value::Set(_) | Value::Tuple(_) => m.elements(&v).unwrap_or_default(),
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

// ---- globals --------------------------------------------------------------------------------------------

/// Registers `on off over under upon dud` and the draw outcome classes.
pub fn register(globals: &mut Globals, games: &mut Games) {
    let a = globals.extensions.get::<LoopyArena>();
    let z = Edge::Short(games.zero());
    let star = Edge::Short(games.star());
    let one = |l: Vec<Edge>, r: Vec<Edge>| Graph { verts: vec![Vertex { left: l, right: r }], start: 0 };
    let p = Edge::Loopy(0);
    let mut consts = Vec::new();
    for (name, g) in [
        ("on", one(vec![p], vec![])),
        ("off", one(vec![], vec![p])),
        ("over", one(vec![z], vec![p])),
        ("under", one(vec![p], vec![z])),
        ("upon", one(vec![p], vec![star])),
    ] {
        let s = a.canonical(games, &g).expect("a stopper");
        let text = a.display(games, s).expect("printable");
        consts.push((name, LoopyValue { on: s, off: s, text }));
    }
    let (on, off) = (a.on(), a.off());
    consts.push(("dud", LoopyValue { on, off, text: "dud".into() }));
    for (name, v) in consts {
        globals.natives.insert(name, Value::Object(Rc::new(v)));
    }
    for name in ["D", "PHat", "PCheck", "NHat", "NCheck"] {
        globals.natives.insert(name, Value::Object(Rc::new(DrawOutcome(name))));
    }
}

// ---- members --------------------------------------------------------------------------------------------

fn this_sides(m: &mut Machine, s: &Site, v: &Value) -> Result<(Stopper, Stopper), EvalError> {
    match sides_of(m, v) {
        Some(r) => r.map_err(|k| s.err(k)),
        None => Err(s.bug()),
    }
}

/// The stopper a member was called on, or "That is not a stopper"-style error for sided values.
fn this_stopper(m: &mut Machine, s: &Site, v: &Value) -> Result<Stopper, EvalError> {
    let (a, b) = this_sides(m, s, v)?;
    if a != b {
        return Err(s.err(ErrorKind::NotAMember { name: s.name.to_string(), ty: "SidedValue" }));
    }
    Ok(a)
}

fn arg_stopper(m: &mut Machine, s: &Site, args: &[Value], i: usize) -> Result<Stopper, EvalError> {
    match sides_of(m, &args[i]) {
        Some(Ok((a, b))) if a == b => Ok(a),
        Some(Ok(_)) => Err(s.arg_err(i, msg("That game is not a stopper."))),
        Some(Err(k)) => Err(s.arg_err(i, k)),
        None => Err(s.wrong_type(i, "Game", &args[i])),
    }
}

fn stopper_value(m: &mut Machine, s: &Site, x: Stopper) -> Result<Value, EvalError> {
    make(m, x, x).map_err(|k| s.err(k))
}

fn outcome_of_stopper(m: &mut Machine, x: Stopper) -> Result<Outcome, ErrorKind> {
    let z = Stopper::Short(GameId(0));
    let ge = leq(m, z, x)?;
    let le = leq(m, x, z)?;
    Ok(match (ge, le) {
        (true, true) => Outcome::P,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::N,
    })
}

fn outcome_value(m: &mut Machine, on: Stopper, off: Stopper) -> Result<Value, ErrorKind> {
    use Outcome::*;
    let a = outcome_of_stopper(m, on)?;
    let b = outcome_of_stopper(m, off)?;
    let name = match (a, b) {
        _ if a == b => return Ok(Value::Outcome(a)),
        (L, R) => "D",
        (L, N) => "NHat",
        (L, P) => "PHat",
        (N, R) => "NCheck",
        (P, R) => "PCheck",
        _ => return Err(msg("inconsistent sides")),
    };
    Ok(Value::Object(Rc::new(DrawOutcome(name))))
}

fn sidesum(m: &mut Machine, s: &Site, x: Stopper, y: Stopper, onside: bool) -> Result<Stopper, EvalError> {
    let (a, g) = parts(m);
    a.sidesum(g, x, y, onside).map_err(|e| s.err(engine(e)))
}

fn neg(m: &mut Machine, x: Stopper) -> Stopper {
    let (a, g) = parts(m);
    a.neg(g, x)
}

fn degree(m: &mut Machine, s: &Site, x: Stopper) -> Result<Stopper, EvalError> {
    let nx = neg(m, x);
    sidesum(m, s, x, nx, true)
}

fn is_idempotent(m: &mut Machine, s: &Site, x: (Stopper, Stopper)) -> Result<bool, EvalError> {
    let on = sidesum(m, s, x.0, x.0, true)?;
    let off = sidesum(m, s, x.1, x.1, false)?;
    Ok((on, off) == x)
}

fn variety(m: &mut Machine, s: &Site, x: Stopper, d: Stopper, up: bool) -> Result<Stopper, EvalError> {
    if !is_idempotent(m, s, (d, d))? {
        return Err(s.err(msg("Variety degree must be an idempotent.")));
    }
    let nx = neg(m, x);
    if up {
        let nd = neg(m, d);
        let inner = sidesum(m, s, nx, nd, false)?;
        sidesum(m, s, x, inner, true)
    } else {
        let inner = sidesum(m, s, nx, d, true)?;
        sidesum(m, s, x, inner, false)
    }
}

fn pseudo(m: &mut Machine, x: Stopper) -> Option<Pseudo> {
    let (a, g) = parts(m);
    a.pseudonumber(g, x)
}

/// Pseudonumber stops: max over Left options of their right stops (and mirror).
fn stop(m: &mut Machine, s: &Site, x: Stopper, left: bool, depth: usize) -> Result<Stopper, EvalError> {
    if pseudo(m, x).is_some() {
        return Ok(x);
    }
    if depth > 10_000 {
        return Err(s.err(msg("Stops did not terminate.")));
    }
    let opts = {
        let (a, g) = parts(m);
        a.options(g, x, left).map_err(|e| s.err(engine(e)))?
    };
    let mut best: Option<Stopper> = None;
    for o in opts {
        let v = stop(m, s, o, !left, depth + 1)?;
        best = Some(match best {
            None => v,
            Some(b) => {
                let better = if left { leq(m, b, v) } else { leq(m, v, b) }.map_err(|k| s.err(k))?;
                if better {
                    v
                } else {
                    b
                }
            }
        });
    }
    best.ok_or_else(|| s.err(msg("That game has no options for the stop.")))
}

fn strong(m: &mut Machine, x: Stopper) -> Stopper {
    match pseudo(m, x) {
        Some(Pseudo::Over(n)) | Some(Pseudo::Under(n)) => Stopper::Short(n),
        _ => x,
    }
}

fn stopper_set(m: &mut Machine, s: &Site, v: Vec<Stopper>) -> Result<Value, EvalError> {
    let mut out = Vec::new();
    for x in v {
        out.push(stopper_value(m, s, x)?);
    }
    Ok(set(out))
}

fn options_of(m: &mut Machine, s: &Site, x: Stopper, left: bool) -> Result<Value, EvalError> {
    let o = {
        let (a, g) = parts(m);
        a.options(g, x, left).map_err(|e| s.err(engine(e)))?
    };
    stopper_set(m, s, o)
}

fn player_left(s: &Site, args: &[Value], i: usize) -> Result<bool, EvalError> {
    Ok(super::player(s, args, i)? == crate::interp::value::Player::Left)
}

fn tiny_of(m: &mut Machine, s: &Site, x: Stopper, tiny: bool) -> Result<Value, EvalError> {
    let z = (Stopper::Short(GameId(0)), Stopper::Short(GameId(0)));
    let nx = neg(m, x);
    let inner = if tiny { literal_of_values(m, &[z], &[(nx, nx)]) } else { literal_of_values(m, &[(x, x)], &[z]) }
        .map_err(|k| s.err(k))?;
    let inner = sides_of(m, &inner).expect("a game").map_err(|k| s.err(k))?;
    if tiny { literal_of_values(m, &[z], &[inner]) } else { literal_of_values(m, &[inner], &[z]) }.map_err(|k| s.err(k))
}

/// `Tiny(G)` / `Miny(G)` for a loopy G (the global functions call this first).
pub fn tiny_global(m: &mut Machine, s: &Site, g: &Value, tiny: bool) -> Option<Result<Value, EvalError>> {
    loopy_of(g)?;
    Some(this_stopper(m, s, g).and_then(|x| tiny_of(m, s, x, tiny)))
}

/// Members of loopy values (stoppers and sided values).
pub static LOOPY: &[Member] = &[
    member("Onside", 0, |m, s, this, _| {
        let (on, _) = this_sides(m, s, this)?;
        stopper_value(m, s, on)
    }),
    member("Offside", 0, |m, s, this, _| {
        let (_, off) = this_sides(m, s, this)?;
        stopper_value(m, s, off)
    }),
    member("IsLoopfree", 0, |_, _, _, _| Ok(boolean(false))),
    member("IsPlumtree", 0, |m, s, this, _| {
        let (on, off) = this_sides(m, s, this)?;
        let a = m.globals.extensions.get::<LoopyArena>();
        Ok(boolean(on == off && a.is_plumtree(on)))
    }),
    member("IsStopper", 0, |m, s, this, _| {
        let (on, off) = this_sides(m, s, this)?;
        Ok(boolean(on == off))
    }),
    member("IsStopperSided", 0, |_, _, _, _| Ok(boolean(true))),
    member("IsPseudonumber", 0, |m, s, this, _| {
        let x = this_sides(m, s, this)?;
        Ok(boolean(x.0 == x.1 && pseudo(m, x.0).is_some()))
    }),
    member("Upsum", 1, |m, s, this, args| {
        let x = this_stopper(m, s, this)?;
        let y = arg_stopper(m, s, args, 0)?;
        let r = sidesum(m, s, x, y, true)?;
        stopper_value(m, s, r)
    }),
    member("Downsum", 1, |m, s, this, args| {
        let x = this_stopper(m, s, this)?;
        let y = arg_stopper(m, s, args, 0)?;
        let r = sidesum(m, s, x, y, false)?;
        stopper_value(m, s, r)
    }),
    member("Degree", 0, |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        let d = degree(m, s, x)?;
        stopper_value(m, s, d)
    }),
    member("IsIdempotent", 0, |m, s, this, _| {
        let x = this_sides(m, s, this)?;
        Ok(boolean(is_idempotent(m, s, x)?))
    }),
    member("UpsumVariety", 1, |m, s, this, args| {
        let x = this_stopper(m, s, this)?;
        let d = arg_stopper(m, s, args, 0)?;
        let r = variety(m, s, x, d, true)?;
        stopper_value(m, s, r)
    }),
    member("DownsumVariety", 1, |m, s, this, args| {
        let x = this_stopper(m, s, this)?;
        let d = arg_stopper(m, s, args, 0)?;
        let r = variety(m, s, x, d, false)?;
        stopper_value(m, s, r)
    }),
    member("IsStable", 0, |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        let d = degree(m, s, x)?;
        Ok(boolean(variety(m, s, x, d, true)? == variety(m, s, x, d, false)?))
    }),
    member("Variety", 0, |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        let d = degree(m, s, x)?;
        let u = variety(m, s, x, d, true)?;
        if u != variety(m, s, x, d, false)? {
            return Err(s.err(msg("That game is not stable.")));
        }
        stopper_value(m, s, u)
    }),
    member("LeftStop", 0, |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        let r = stop(m, s, x, true, 0)?;
        stopper_value(m, s, r)
    }),
    member("RightStop", 0, |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        let r = stop(m, s, x, false, 0)?;
        stopper_value(m, s, r)
    }),
    member("Stop", 1, |m, s, this, args| {
        let x = this_stopper(m, s, this)?;
        let r = stop(m, s, x, player_left(s, args, 0)?, 0)?;
        stopper_value(m, s, r)
    }),
    member("StrongStop", 1, |m, s, this, args| {
        let x = this_stopper(m, s, this)?;
        let r = stop(m, s, x, player_left(s, args, 0)?, 0)?;
        let r = strong(m, r);
        stopper_value(m, s, r)
    }),
    member("IsInfinitesimal", 0, |m, s, this, _| {
        let (on, off) = this_sides(m, s, this)?;
        let z = Stopper::Short(GameId(0));
        for x in [on, off] {
            for left in [true, false] {
                let r = stop(m, s, x, left, 0)?;
                if strong(m, r) != z {
                    return Ok(boolean(false));
                }
            }
        }
        Ok(boolean(true))
    }),
    member("IsNumberish", 0, |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        let l = stop(m, s, x, true, 0)?;
        let r = stop(m, s, x, false, 0)?;
        let (l, r) = (strong(m, l), strong(m, r));
        Ok(boolean(l == r && matches!(l, Stopper::Short(_))))
    }),
    member("IsNumberTiny", 0, |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        let (a, g) = parts(m);
        Ok(boolean(a.tiny_parts(g, x).map_err(|e| s.err(engine(e)))?.is_some()))
    }),
    member("OutcomeClass", 0, |m, s, this, _| {
        let (on, off) = this_sides(m, s, this)?;
        outcome_value(m, on, off).map_err(|k| s.err(k))
    }),
    member("LeftOptions", 0, |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        options_of(m, s, x, true)
    }),
    member("RightOptions", 0, |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        options_of(m, s, x, false)
    }),
    member("Options", 1, |m, s, this, args| {
        let x = this_stopper(m, s, this)?;
        options_of(m, s, x, player_left(s, args, 0)?)
    }),
    member("Followers", 0, |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        let f = {
            let (a, g) = parts(m);
            a.followers(g, x).map_err(|e| s.err(engine(e)))?
        };
        stopper_set(m, s, f)
    }),
    member("FollowerCount", 0, |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        let (a, g) = parts(m);
        let n = a.followers(g, x).map_err(|e| s.err(engine(e)))?.len();
        Ok(Value::int(n as i64))
    }),
    member("Tiny", 0, |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        tiny_of(m, s, x, true)
    }),
    member("Miny", 0, |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        tiny_of(m, s, x, false)
    }),
    member("GameValue", 0, |_, _, this, _| Ok(this.clone())),
    member("Subordinate", 1, |m, s, this, args| {
        let x = this_stopper(m, s, this)?;
        let b = super::game(m, s, args, 0)?;
        let r = {
            let (a, g) = parts(m);
            a.subordinate(g, x, b).map_err(|e| s.err(engine(e)))?
        };
        match r {
            Some(h) => stopper_value(m, s, h),
            None => Err(s.err(msg("That game cannot be subordinated to the specified base."))),
        }
    }),
    member("CanonicalForm", 0, |_, s, _, _| Err(s.err(msg("That is a loopy game.")))),
];

/// Loopy members answered by short games (LOOPY.md §3: trivially).
pub static SHORT: &[Member] = &[
    member("Onside", 0, |_, _, this, _| Ok(this.clone())),
    member("Offside", 0, |_, _, this, _| Ok(this.clone())),
    member("IsLoopfree", 0, |_, _, _, _| Ok(boolean(true))),
    member("IsPlumtree", 0, |_, _, _, _| Ok(boolean(true))),
    member("IsStopper", 0, |_, _, _, _| Ok(boolean(true))),
    member("IsStopperSided", 0, |_, _, _, _| Ok(boolean(true))),
    member("IsPseudonumber", 0, |m, s, this, _| {
        let g = super::this_game(m, s, this)?;
        Ok(boolean(m.games.is_number(g)))
    }),
    member("Upsum", 1, |m, s, this, args| {
        let x = this_sides(m, s, this)?;
        let y = arg_stopper(m, s, args, 0)?;
        let r = sidesum(m, s, x.0, y, true)?;
        stopper_value(m, s, r)
    }),
    member("Downsum", 1, |m, s, this, args| {
        let x = this_sides(m, s, this)?;
        let y = arg_stopper(m, s, args, 0)?;
        let r = sidesum(m, s, x.0, y, false)?;
        stopper_value(m, s, r)
    }),
    member("Degree", 0, |_, _, _, _| Ok(Value::int(0))),
    member("IsIdempotent", 0, |m, s, this, _| {
        let g = super::this_game(m, s, this)?;
        Ok(boolean(g == m.games.zero()))
    }),
    member("GameValue", 0, |_, _, this, _| Ok(this.clone())),
];

/// `G.Pow(x)` / `G.PowTo(x)` with a loopy exponent x (a pseudonumber), as CGSuite: `G.PowTo(x)` is
/// `G : x.Subordinate(1)` and `G.Pow(x)` is `<0 | H - G.PowTo(x - 1)>` for `G = <0|H>`. `None` when x is not
/// loopy (the short members handle it).
pub fn pow_global(m: &mut Machine, s: &Site, this: &Value, x: &Value, pow: bool) -> Option<Result<Value, EvalError>> {
    loopy_of(x)?;
    Some(pow_loopy(m, s, this, x, pow))
}

fn pow_loopy(m: &mut Machine, s: &Site, this: &Value, x: &Value, pow: bool) -> Result<Value, EvalError> {
    {
        let g = super::this_game(m, s, this)?;
        let xs = match sides_of(m, x) {
            Some(Ok((a, b))) if a == b => a,
            _ => return Err(s.arg_err(0, msg("Invalid exponent."))),
        };
        if pseudo(m, xs).is_none() {
            return Err(s.arg_err(0, msg("Invalid exponent.")));
        }
        let one = m.games.integer(1);
        let pow_to = |m: &mut Machine, e: Stopper| -> Result<Stopper, EvalError> {
            let (a, gm) = parts(m);
            let sub = a.subordinate(gm, e, one).map_err(|k| s.err(engine(k)))?;
            let Some(sub) = sub else { return Err(s.arg_err(0, msg("Invalid exponent."))) };
            a.ordinal_sum(gm, g, sub).map_err(|k| s.err(engine(k)))
        };
        if !pow {
            let r = pow_to(m, xs)?;
            return stopper_value(m, s, r);
        }
        let (lo, ro) = (m.games.left_options(g), m.games.right_options(g));
        if lo.len() != 1 || ro.len() != 1 || lo[0] != m.games.zero() {
            return Err(s.err(msg("Invalid base for `Pow` operation (base must be of the form {0|H}).")));
        }
        let minus_one = Stopper::Short(m.games.integer(-1));
        let e = sidesum(m, s, xs, minus_one, true)?;
        if pseudo(m, e).is_none() {
            return Err(s.arg_err(0, msg("Invalid exponent.")));
        }
        let p = pow_to(m, e)?;
        let np = neg(m, p);
        let r = sidesum(m, s, np, Stopper::Short(ro[0]), true)?;
        let z = (Stopper::Short(GameId(0)), Stopper::Short(GameId(0)));
        literal_of_values(m, &[z], &[(r, r)]).map_err(|k| s.err(k))
    }
}

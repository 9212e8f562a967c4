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

use super::Member;
use crate::game::loopy::{Edge, Graph, LoopyArena, LoopyError, Pseudo, SideValue, Stopper, Vertex};
use crate::game::{GameId, Games, Outcome};
use crate::interp::env::Globals;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::{Eval, Exit, Machine};
use crate::interp::object::{downcast_ref, Object};
use crate::interp::registry::{rust_type, ClassDecl};
use crate::interp::value::{game_value, Value};
use crate::syntax::ast::{BinOp, Expr, ExprKind, UnaryOp};
use crate::syntax::span::Span;
use num_traits::ToPrimitive;
use std::cmp::Ordering;
use std::rc::Rc;

mod general;
mod members;
pub use general::{
    loopy_sides, make_general, neg as neg_side_values, outcome_of_sides, side_class, side_values, sum_side_values,
    GeneralSided, GENERAL,
};
pub use members::{outcome_of_classes, pow_global, tiny_global, LOOPY, SHORT};

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
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        trace_stopper(t, self.on);
        trace_stopper(t, self.off);
        true
    }
    fn type_name(&self) -> &'static str {
        if self.is_stopper() {
            "Game"
        } else {
            "SidedValue"
        }
    }
    fn class_name(&self) -> &'static str {
        if self.is_stopper() {
            "Game"
        } else {
            "StopperSidedValue"
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
    fn unary(&self, m: &mut Machine, op: UnaryOp, this: &Value, span: Span) -> Option<Result<Value, EvalError>> {
        match op {
            UnaryOp::PlusMinus => Some(plus_minus(m, this).map_err(|k| EvalError::new(k, span))),
            UnaryOp::Neg => self.negate(m, this, span),
            _ => None,
        }
    }

    fn is_game(&self) -> bool {
        self.is_stopper()
    }
    fn is_loopy(&self) -> bool {
        true
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
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
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

impl crate::interp::gc::Extension for LoopyArena {
    fn trace(&mut self, t: &mut crate::interp::gc::Tracer) -> bool {
        self.trace_short(&mut |g| t.game(g));
        true
    }
}

/// The short games a stopper holds.
fn trace_stopper(t: &mut crate::interp::gc::Tracer, s: Stopper) {
    if let Stopper::Short(g) = s {
        t.game(g);
    }
}

/// The short games a side holds.
pub(crate) fn trace_side(t: &mut crate::interp::gc::Tracer, s: &SideValue) {
    match s {
        SideValue::Stopper(s) => trace_stopper(t, *s),
        SideValue::General(g) => g.short_leaves().for_each(|g| t.game(g)),
    }
}

/// The arena and the short games, borrowed together.
pub fn parts<'m>(m: &'m mut Machine) -> (&'m mut LoopyArena, &'m mut Games) {
    (m.globals.extensions.get::<LoopyArena>(), &mut *m.games)
}

/// The script error of an engine error.
pub fn engine(e: LoopyError) -> ErrorKind {
    let message = match e {
        LoopyError::TooLarge => "That loopy game is too large (its graph exceeds the engine's limit).".to_string(),
        LoopyError::NotStopper => "That game is not a stopper.".to_string(),
        LoopyError::NoSide => "cgs cannot compute the sides of that game yet (its sides are not stoppers).".to_string(),
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
    let no_op = || ErrorKind::NoOperation { op: "&", types: vec![a.type_name().into(), b.type_name().into()] };
    let general = |v: &Value| matches!(v, Value::Object(o) if downcast_ref::<GeneralSided>(&**o).is_some());
    if general(a) || general(b) {
        // A printed general value `S & T` pastes back: the onside of S with the offside of T.
        let (Some(x), Some(y)) = (side_values(m, a), side_values(m, b)) else { return Err(no_op()) };
        return make_general(m, x?.0, y?.1);
    }
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

/// `s & t` of two different short games (the evaluator's `&` when no operand is loopy), as [`sidle`] does.
pub fn sided(m: &mut Machine, s: GameId, t: GameId) -> Result<Value, ErrorKind> {
    let (s, t) = (Stopper::Short(s), Stopper::Short(t));
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
    let on = a.side_sum(g, &SideValue::Stopper(x.0), &SideValue::Stopper(y.0), true).map_err(engine)?;
    let off = a.side_sum(g, &SideValue::Stopper(x.1), &SideValue::Stopper(y.1), false).map_err(engine)?;
    general::make_general(m, on, off)
}

/// The sides of the negative of a value given by its sides.
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
            BinOp::OrdinalSum if x.0 == x.1 && y.0 == y.1 => {
                let (ar, g) = parts(m);
                let r = ordinal_sum(ar, g, x.0, y.0).map_err(engine)?;
                return make(m, r, r);
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
                return Err(ErrorKind::NoOperation {
                    op: op.symbol(),
                    types: vec![a.type_name().into(), b.type_name().into()],
                });
            }
        };
        Ok(Value::Boolean(truth))
    }
}

/// `G : H` for canonical stoppers (CGSuite's `CanonicalStopper.OrdinalSum`): every follower of H gains the
/// options of G's start, so a move in G discards H. A short G is the engine's ordinal sum; a loopy G keeps
/// its graph, and the short followers of H become vertices with G's options added.
pub fn ordinal_sum(a: &mut LoopyArena, games: &mut Games, g: Stopper, h: Stopper) -> Result<Stopper, LoopyError> {
    let Stopper::Loopy(_) = g else {
        let Stopper::Short(gs) = g else { unreachable!() };
        return a.ordinal_sum(games, gs, h);
    };
    let gg = a.as_graph(games, g);
    let (jl, jr) = (gg.verts[gg.start as usize].left.clone(), gg.verts[gg.start as usize].right.clone());
    ordinal_sum_onto(a, games, gg.verts, (jl, jr), h)
}

/// `G : H` where G is given by its options only (an explicit form, CGSuite's `CompoundGame`): the options are
/// short games or canonical stoppers (`('<-1|1>' : on).GameValue` is `1under`, CGSuite 2.2). `None` when an
/// option or H is not a game or stopper, so the caller keeps its own error.
pub fn form_ordinal_sum(m: &mut Machine, sides: [&[Value]; 2], h: &Value) -> Option<Result<Value, ErrorKind>> {
    let mut stoppers: [Vec<Stopper>; 2] = Default::default();
    for (k, opts) in sides.into_iter().enumerate() {
        for x in opts {
            stoppers[k].push(stopper_of(m, x)?);
        }
    }
    let h = stopper_of(m, h)?;
    let (a, games) = parts(m);
    let mut verts = Vec::new();
    let [jl, jr] = stoppers.map(|side| side.into_iter().map(|x| embed(a, games, &mut verts, x)).collect::<Vec<_>>());
    let r = match ordinal_sum_onto(a, games, verts, (jl, jr), h) {
        Ok(r) => r,
        Err(e) => return Some(Err(engine(e))),
    };
    Some(make(m, r, r))
}

/// The stopper a value is: a short game or a loopy stopper; `None` for anything else.
fn stopper_of(m: &mut Machine, v: &Value) -> Option<Stopper> {
    match sides_of(m, v)? {
        Ok((on, off)) if on == off => Some(on),
        _ => None,
    }
}

/// The options of a loopy stopper as values (`None` for any other value).
pub fn stopper_options(m: &mut Machine, v: &Value, left: bool) -> Option<Result<Vec<Value>, ErrorKind>> {
    let l = loopy_of(v).filter(|l| l.is_stopper())?;
    let on = l.on;
    let (a, games) = parts(m);
    let opts = match a.options(games, on, left) {
        Ok(o) => o,
        Err(e) => return Some(Err(engine(e))),
    };
    Some(opts.into_iter().map(|x| make(m, x, x)).collect())
}

/// An edge to stopper `s`: a short game is a leaf, a loopy one has its graph copied into `verts`.
fn embed(a: &LoopyArena, games: &Games, verts: &mut Vec<Vertex>, s: Stopper) -> Edge {
    let Stopper::Loopy(_) = s else {
        let Stopper::Short(g) = s else { unreachable!() };
        return Edge::Short(g);
    };
    let g = a.as_graph(games, s);
    let off = verts.len() as u32;
    let shift = |e: &Edge| match *e {
        Edge::Loopy(w) => Edge::Loopy(w + off),
        Edge::Short(x) => Edge::Short(x),
    };
    verts.extend(
        g.verts
            .iter()
            .map(|v| Vertex { left: v.left.iter().map(shift).collect(), right: v.right.iter().map(shift).collect() }),
    );
    Edge::Loopy(g.start + off)
}

/// The ordinal sum of H onto a base whose start options are `j`, the base's own vertices being `verts` (the
/// edges in `j` point into them).
fn ordinal_sum_onto(
    a: &mut LoopyArena,
    games: &mut Games,
    mut verts: Vec<Vertex>,
    (jl, jr): (Vec<Edge>, Vec<Edge>),
    h: Stopper,
) -> Result<Stopper, LoopyError> {
    let hg = a.as_graph(games, h);
    let off = verts.len() as u32;
    verts.extend(hg.verts.iter().map(|_| Vertex::default()));
    // The short followers of H, each a new vertex `G : x` (memoised).
    let mut made: rustc_hash::FxHashMap<GameId, u32> = rustc_hash::FxHashMap::default();
    fn expand(
        games: &mut Games,
        verts: &mut Vec<Vertex>,
        made: &mut rustc_hash::FxHashMap<GameId, u32>,
        j: (&[Edge], &[Edge]),
        x: GameId,
    ) -> u32 {
        if let Some(&v) = made.get(&x) {
            return v;
        }
        games.poll_interrupt();
        let v = verts.len() as u32;
        verts.push(Vertex::default());
        made.insert(x, v);
        let mut side = |games: &mut Games, verts: &mut Vec<Vertex>, left: bool| -> Vec<Edge> {
            let mut out = if left { j.0.to_vec() } else { j.1.to_vec() };
            let opts = if left { games.left_options(x) } else { games.right_options(x) };
            for o in opts {
                out.push(Edge::Loopy(expand(games, verts, made, j, o)));
            }
            out
        };
        let l = side(games, verts, true);
        let r = side(games, verts, false);
        verts[v as usize] = Vertex { left: l, right: r };
        v
    }
    for (i, hv) in hg.verts.iter().enumerate() {
        let mut side = |edges: &[Edge], base: &[Edge], verts: &mut Vec<Vertex>| -> Vec<Edge> {
            let mut out = base.to_vec();
            for e in edges {
                out.push(match *e {
                    Edge::Loopy(w) => Edge::Loopy(w + off),
                    Edge::Short(x) => Edge::Loopy(expand(games, verts, &mut made, (&jl, &jr), x)),
                });
            }
            out
        };
        let l = side(&hv.left, &jl, &mut verts);
        let r = side(&hv.right, &jr, &mut verts);
        verts[off as usize + i] = Vertex { left: l, right: r };
    }
    a.canonical(games, &Graph { verts, start: hg.start + off })
}

/// `n * G` by doubling.
fn times(m: &mut Machine, n: i64, g: &Value) -> Result<Value, ErrorKind> {
    let Some(x) = sides_of(m, g) else {
        return Err(ErrorKind::NoOperation { op: "*", types: vec!["Integer".into(), g.type_name().into()] });
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
        (s, t) => return general::make_general(m, s, t),
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

/// The classes of this family (see `crate::interp::registry`).
pub static CLASSES: &[ClassDecl] = &[
    ClassDecl::new("LoopyGame", "LoopyGame").parents(&["Game"]).members(&[LOOPY]).types(&[rust_type::<LoopyValue>]),
    ClassDecl::new("SidedValue", "game.SidedValue")
        .parents(&["NormalValue"])
        .members(&[GENERAL])
        .types(&[rust_type::<general::GeneralSided>]),
    ClassDecl::new("StopperSidedValue", "game.StopperSidedValue").parents(&["SidedValue"]),
    ClassDecl::new("CanonicalStopper", "game.CanonicalStopper").parents(&["StopperSidedValue"]).also_is(&["Game"]),
    ClassDecl::new("Pseudonumber", "game.Pseudonumber").parents(&["CanonicalStopper"]),
    ClassDecl::new("Side", "game.Side").also_is(&["Enum"]),
];

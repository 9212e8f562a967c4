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

use crate::game::loopy::{Edge, Graph, LoopyArena, LoopyError, SideValue, Stopper, Vertex};
use crate::game::{GameId, Games};
use crate::interp::env::Globals;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::native::Member;
use crate::interp::object::{downcast_ref, Object};
use crate::interp::registry::{rust_type, ClassDecl};
use crate::interp::value::Value;
use crate::syntax::ast::{BinOp, UnaryOp};
use crate::syntax::span::Span;
use num_traits::ToPrimitive;
use std::cmp::Ordering;
use std::rc::Rc;

mod general;
mod literal;
mod members;
mod value;
pub use general::{
    loopy_sides, make_general, neg as neg_side_values, outcome_of_sides, side_class, side_values, sidle,
    sum_side_values, GeneralSided, GENERAL,
};
use literal::literal_of_values;
pub use literal::{eval_literal, loopy_literal};
pub use members::{pow_global, tiny_global, LOOPY, SHORT};
pub(crate) use value::trace_side;
pub use value::{engine, is_loopy, make, outcome_of_classes, parts, sides_of, DrawOutcome, LoopyValue};
use value::{leq, loopy_of, make_checked, msg, trace_stopper};

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
/// `s & t` of two different short games (the evaluator's `&` when no operand is loopy), as [`sidle`] does.
pub fn sided(m: &mut Machine, s: GameId, t: GameId) -> Result<Value, ErrorKind> {
    let (s, t) = (Stopper::Short(s), Stopper::Short(t));
    make_checked(m, s, t)
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
    // A heap position or a sum of heaps keeps its game tree in a compound, as in CGSuite 2.2 (`Kayles(3) + on`
    // prints `TakeAndBreak.Position(3) + on`): the impartial family builds it; so does a ruleset position or a
    // sum of positions (`on + Domineering("..|..")` prints `on + Domineering.Position("..|..")`), which the
    // rulesets build (a `Position` by its type name: they sit above this family).
    let tree = |v: &Value| {
        crate::interp::classes::is_heap_position(v) || matches!(v, Value::Object(o) if o.type_name() == "Position")
    };
    if matches!(op, BinOp::Add | BinOp::Sub) && (tree(a) || tree(b)) {
        return None;
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

// ---- globals --------------------------------------------------------------------------------------------

/// The named stoppers `on off over under upon`: name, graph (one vertex, `p` its pass edge) and printed form.
/// The printed form is written here rather than computed by the arena's printer at start-up, which cost every
/// run of `cgs` about 0.1 million instructions; the test `constant_texts_are_their_printed_forms` checks it.
fn named_stoppers(games: &mut Games) -> [(&'static str, Graph, &'static str); 5] {
    let z = Edge::Short(games.zero());
    let star = Edge::Short(games.star());
    let one = |l: Vec<Edge>, r: Vec<Edge>| Graph { verts: vec![Vertex { left: l, right: r }], start: 0 };
    let p = Edge::Loopy(0);
    [
        ("on", one(vec![p], vec![]), "on"),
        ("off", one(vec![], vec![p]), "off"),
        ("over", one(vec![z], vec![p]), "over"),
        ("under", one(vec![p], vec![z]), "under"),
        ("upon", one(vec![p], vec![star]), "^[on]"),
    ]
}

/// Registers `on off over under upon dud` and the draw outcome classes.
pub fn register(globals: &mut Globals, games: &mut Games) {
    let a = globals.extensions.get::<LoopyArena>();
    let mut consts = Vec::new();
    for (name, g, text) in named_stoppers(games) {
        let s = a.canonical(games, &g).expect("a stopper");
        consts.push((name, LoopyValue { on: s, off: s, text: text.into() }));
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
    ClassDecl::new("CanonicalStopper", "game.CanonicalStopper")
        .parents(&["StopperSidedValue"])
        .also_is(&["Game"])
        .declares(&["Downsum", "DownsumVariety", "Stop", "StrongStop", "Subordinate", "Upsum", "UpsumVariety"]),
    ClassDecl::new("Pseudonumber", "game.Pseudonumber").parents(&["CanonicalStopper"]),
    ClassDecl::new("Side", "game.Side").also_is(&["Enum"]),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The printed forms `register` gives `on off over under upon` are the arena printer's (as CGSuite 2.2
    /// prints them: `on`, `off`, `over`, `under`, `^[on]`).
    #[test]
    fn constant_texts_are_their_printed_forms() {
        let mut games = Games::new();
        let mut a = LoopyArena::default();
        for (name, g, text) in named_stoppers(&mut games) {
            let s = a.canonical(&mut games, &g).expect("a stopper");
            assert_eq!(a.display(&mut games, s).expect("printable"), text, "{name}");
        }
    }
}

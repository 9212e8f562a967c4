//! CGSuite's explicit game forms: `'<L|R>'` (CGSuite's `'{L|R}'`, class `game.ExplicitGame`) keeps its options
//! as written, and the sums and ordinal sums of such forms (`game.CompoundGame`) stay unsimplified until
//! `.CanonicalForm`. The form matters where the value does not determine the answer: `('<*|*>' : 1)` is `^`,
//! while `0 : 1` is `1`.
//!
//! As in CGSuite 2.2: options print sorted (`'<0,*|>'`); `-'<a|b>'` is `'<-b|-a>'`; `x + y`, `x - y` (as
//! `x + -y`) and `x : y` with an explicit or compound operand make a compound game printed as written
//! (`'<*|*>' + *`); a compound's options are compounds of its operands' options; comparisons are
//! "No operation" (CGSuite has none: compare `.CanonicalForm`s). Members CGSuite gives every `Game`
//! (`Options`, `LeftOptions`, `RightOptions`, `CanonicalForm`, `GameValue`, `OutcomeClass`,
//! `MisereOutcomeClass`, `Followers`, `FollowerCount`, `Decomposition`) read the form; any other member of
//! a canonical game answers on the canonical form (a cgs extension, as for ruleset positions).

use super::{list, set, Member, Site};
use crate::game::{GameId, Games, Outcome};
use crate::interp::error::{Arity, ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::native::Param;
use crate::interp::object::{downcast_ref, Object};
use crate::interp::value::{game_value, sort_for_display, Player, Value};
use crate::syntax::ast::BinOp;
use crate::syntax::span::Span;
use std::cmp::Ordering;
use std::rc::Rc;

/// `'<L|R>'`: a game given by its options, not simplified.
#[derive(Debug)]
pub struct ExplicitGame {
    /// Left options, as written.
    pub left: Vec<Value>,
    /// Right options, as written.
    pub right: Vec<Value>,
}

/// How a compound game combines its operands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Compound {
    /// The disjunctive sum `a + b`.
    Sum,
    /// The ordinal sum `a : b`.
    Ordinal,
    /// Conway's product of the forms, `3 * '{1|0}'` (CGSuite's `ConwayProduct` compound): a move to
    /// `a'·b + a·b' - a'·b'` for options `a'` of `a` and `b'` of `b` of the same side (Left's) or of opposite
    /// sides (Right's).
    Product,
}

/// `a + b` or `a : b` where an operand is an explicit form (or a compound of one).
#[derive(Debug)]
pub struct CompoundGame {
    /// The operation.
    pub kind: Compound,
    /// The first operand.
    pub a: Value,
    /// The second operand.
    pub b: Value,
}

fn explicit(v: &Value) -> Option<&ExplicitGame> {
    match v {
        Value::Object(o) => downcast_ref::<ExplicitGame>(&**o),
        _ => None,
    }
}

fn compound(v: &Value) -> Option<&CompoundGame> {
    match v {
        Value::Object(o) => downcast_ref::<CompoundGame>(&**o),
        _ => None,
    }
}

/// Whether a value is an explicit form or a compound game.
pub fn is_form(v: &Value) -> bool {
    explicit(v).is_some() || compound(v).is_some()
}

/// Whether a value can be an option of an explicit form or an operand of a compound: a number, a canonical
/// game, a form, or a game-like object.
fn is_gamelike(m: &mut Machine, v: &Value) -> bool {
    is_form(v) || crate::interp::eval::is_type(v, "Game") == Some(true) || m.to_game(v).is_some()
}

/// `'<L|R>'` from the evaluated options (collections among them are flattened, as in CGSuite's game specs).
pub fn make(m: &mut Machine, sides: [Vec<(Value, Span)>; 2]) -> Result<Value, EvalError> {
    let mut out: [Vec<Value>; 2] = Default::default();
    for (k, opts) in sides.into_iter().enumerate() {
        for (v, span) in opts {
            let items = match &v {
                Value::List(_) | Value::Set(_) => m.elements(&v).unwrap_or_default(),
                _ if super::range::as_range(&v).is_some() => m.elements(&v).unwrap_or_default(),
                _ => vec![v],
            };
            for item in items {
                if !is_gamelike(m, &item) {
                    let value = item.display(m.games);
                    return Err(EvalError::new(ErrorKind::NotAGame { ty: item.type_name(), value }, span));
                }
                out[k].push(item);
            }
        }
    }
    let [left, right] = out;
    Ok(Value::Object(Rc::new(ExplicitGame { left, right })))
}

/// `G ConwayProduct H` where an operand is a form: the compound of the forms (CGSuite 2.2:
/// `*6 ConwayProduct '{0,*|0,*}'` prints as such and its canonical form is *11).
pub fn form_product(a: &Value, b: &Value) -> Option<Value> {
    (is_form(a) || is_form(b)).then(|| compound_value(Compound::Product, a.clone(), b.clone()))
}

fn compound_value(kind: Compound, a: Value, b: Value) -> Value {
    Value::Object(Rc::new(CompoundGame { kind, a, b }))
}

/// The options of any game value for `p`, forms kept as forms.
fn options(m: &mut Machine, v: &Value, p: Player) -> Result<Vec<Value>, ErrorKind> {
    if let Some(e) = explicit(v) {
        return Ok(if p == Player::Left { e.left.clone() } else { e.right.clone() });
    }
    if let Some(c) = compound(v) {
        let (a, b) = (c.a.clone(), c.b.clone());
        let mut out = Vec::new();
        match c.kind {
            Compound::Sum => {
                for x in options(m, &a, p)? {
                    out.push(compound_value(Compound::Sum, x, b.clone()));
                }
                for y in options(m, &b, p)? {
                    out.push(compound_value(Compound::Sum, a.clone(), y));
                }
            }
            Compound::Ordinal => {
                out.extend(options(m, &a, p)?);
                for y in options(m, &b, p)? {
                    out.push(compound_value(Compound::Ordinal, a.clone(), y));
                }
            }
            Compound::Product => {
                for q in [Player::Left, Player::Right] {
                    let q2 = if p == Player::Left { q } else { q.opponent() };
                    let (xs, ys) = (options(m, &a, q)?, options(m, &b, q2)?);
                    for x in &xs {
                        for y in &ys {
                            let first = compound_value(Compound::Product, x.clone(), b.clone());
                            let second = compound_value(Compound::Product, a.clone(), y.clone());
                            let third = negate(m, &compound_value(Compound::Product, x.clone(), y.clone()))?;
                            out.push(compound_value(
                                Compound::Sum,
                                compound_value(Compound::Sum, first, second),
                                third,
                            ));
                        }
                    }
                }
            }
        }
        return Ok(out);
    }
    let g = canonical(m, v)?;
    let ids = if p == Player::Left { m.games.left_options(g) } else { m.games.right_options(g) };
    let mut out: Vec<Value> = ids.into_iter().map(|h| game_value(m.games, h)).collect();
    sort_for_display(m.games, &mut out);
    Ok(out)
}

/// The canonical form of any game value.
pub fn canonical(m: &mut Machine, v: &Value) -> Result<GameId, ErrorKind> {
    if let Some(e) = explicit(v) {
        let (left, right) = (e.left.clone(), e.right.clone());
        let l = left.iter().map(|x| canonical(m, x)).collect::<Result<Vec<_>, _>>()?;
        let r = right.iter().map(|x| canonical(m, x)).collect::<Result<Vec<_>, _>>()?;
        return Ok(m.games.new_game(&l, &r));
    }
    if let Some(c) = compound(v) {
        let (kind, a, b) = (c.kind, c.a.clone(), c.b.clone());
        return match kind {
            Compound::Sum => {
                let (x, y) = (canonical(m, &a)?, canonical(m, &b)?);
                Ok(m.games.add(x, y))
            }
            // The ordinal sum depends on the form of the base: Left's options are the base's and `a : b^L`.
            Compound::Ordinal => {
                let mut sides: [Vec<GameId>; 2] = Default::default();
                for (k, p) in [Player::Left, Player::Right].into_iter().enumerate() {
                    for x in options(m, &a, p)? {
                        sides[k].push(canonical(m, &x)?);
                    }
                    for y in options(m, &b, p)? {
                        let t = compound_value(Compound::Ordinal, a.clone(), y);
                        sides[k].push(canonical(m, &t)?);
                    }
                }
                Ok(m.games.new_game(&sides[0], &sides[1]))
            }
            Compound::Product => {
                m.games.poll_interrupt();
                let mut sides: [Vec<GameId>; 2] = Default::default();
                for (k, p) in [Player::Left, Player::Right].into_iter().enumerate() {
                    for x in options(m, v, p)? {
                        sides[k].push(canonical(m, &x)?);
                    }
                }
                Ok(m.games.new_game(&sides[0], &sides[1]))
            }
        };
    }
    match m.to_game(v) {
        Some(r) => r,
        None => Err(ErrorKind::NotAGame { ty: v.type_name(), value: v.display(m.games) }),
    }
}

/// `-v` for any game value, forms kept as forms.
fn negate(m: &mut Machine, v: &Value) -> Result<Value, ErrorKind> {
    if let Some(e) = explicit(v) {
        let (left, right) = (e.left.clone(), e.right.clone());
        let left2 = right.iter().map(|x| negate(m, x)).collect::<Result<Vec<_>, _>>()?;
        let right2 = left.iter().map(|x| negate(m, x)).collect::<Result<Vec<_>, _>>()?;
        return Ok(Value::Object(Rc::new(ExplicitGame { left: left2, right: right2 })));
    }
    if let Some(c) = compound(v) {
        let (kind, a, b) = (c.kind, c.a.clone(), c.b.clone());
        // -(a·b) is (-a)·b.
        if kind == Compound::Product {
            return Ok(compound_value(kind, negate(m, &a)?, b));
        }
        return Ok(compound_value(kind, negate(m, &a)?, negate(m, &b)?));
    }
    match v {
        Value::Integer(n) => Ok(Value::Integer(n.neg())),
        Value::Rational(r) => Ok(Value::rational(-(**r).clone())),
        Value::Object(o) => match o.clone().negate(m, v, Span::default()) {
            Some(r) => r.map_err(|e| e.kind),
            None => {
                let g = canonical(m, v)?;
                let h = m.games.neg(g);
                Ok(game_value(m.games, h))
            }
        },
        _ => {
            let g = canonical(m, v)?;
            let h = m.games.neg(g);
            Ok(game_value(m.games, h))
        }
    }
}

/// The misère outcome of the form (CGSuite's `MisereOutcomeClass`: a player with no move wins).
fn misere_outcome(m: &mut Machine, v: &Value) -> Result<Outcome, ErrorKind> {
    fn wins(m: &mut Machine, v: &Value, p: Player) -> Result<bool, ErrorKind> {
        m.games.poll_interrupt();
        let opts = options(m, v, p)?;
        if opts.is_empty() {
            return Ok(true);
        }
        for x in &opts {
            if !wins(m, x, p.opponent())? {
                return Ok(true);
            }
        }
        Ok(false)
    }
    Ok(match (wins(m, v, Player::Left)?, wins(m, v, Player::Right)?) {
        (true, true) => Outcome::N,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::P,
    })
}

fn display_value(games: &mut Games, v: &Value) -> String {
    v.display(games)
}

fn show_side(games: &mut Games, opts: &[Value]) -> String {
    let mut v = opts.to_vec();
    sort_for_display(games, &mut v);
    v.iter().map(|x| display_value(games, x)).collect::<Vec<_>>().join(",")
}

/// Structural order of forms (for sets and map keys): kind, then parts.
fn cmp_values(a: &[Value], b: &[Value]) -> Ordering {
    a.cmp(b)
}

impl Object for ExplicitGame {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        t.values(&self.left) && t.values(&self.right)
    }
    fn type_name(&self) -> &'static str {
        "ExplicitGame"
    }
    /// CGSuite's `ExplicitGame.ToOutput`, with cgs's game brackets: `'<0,*|*>'`.
    fn display(&self, games: &mut Games) -> String {
        let (open, close) = (crate::game::print_limit::open_game(), crate::game::print_limit::close_game());
        format!("'{open}{}|{}{close}'", show_side(games, &self.left), show_side(games, &self.right))
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let o = downcast_ref::<ExplicitGame>(other)?;
        Some(cmp_values(&self.left, &o.left).then_with(|| cmp_values(&self.right, &o.right)))
    }
    fn members(&self) -> &'static [Member] {
        FORM
    }
    fn binary(
        &self,
        m: &mut Machine,
        op: BinOp,
        lhs: &Value,
        rhs: &Value,
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        form_binary(m, op, lhs, rhs, span)
    }
    fn negate(&self, m: &mut Machine, this: &Value, span: Span) -> Option<Result<Value, EvalError>> {
        Some(negate(m, this).map_err(|k| EvalError::new(k, span)))
    }
    fn to_game(&self, m: &mut Machine, span: Span) -> Option<Result<GameId, EvalError>> {
        let this = Value::Object(Rc::new(ExplicitGame { left: self.left.clone(), right: self.right.clone() }));
        Some(canonical(m, &this).map_err(|k| EvalError::new(k, span)))
    }
    fn is_game(&self) -> bool {
        true
    }
}

impl Object for CompoundGame {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        t.value(&self.a) && t.value(&self.b)
    }
    fn type_name(&self) -> &'static str {
        "CompoundGame"
    }
    /// `a + b`, `a : b` as CGSuite prints them (a sum inside an ordinal sum in parentheses).
    fn display(&self, games: &mut Games) -> String {
        let part = |games: &mut Games, v: &Value| {
            let s = v.display(games);
            match compound(v) {
                Some(c) if self.kind == Compound::Ordinal && c.kind == Compound::Sum => format!("({s})"),
                Some(c)
                    if self.kind == Compound::Ordinal && std::ptr::eq(v, &self.b) && c.kind == Compound::Ordinal =>
                {
                    format!("({s})")
                }
                _ => s,
            }
        };
        let (a, b) = (part(games, &self.a), part(games, &self.b));
        match self.kind {
            Compound::Sum => format!("{a} + {b}"),
            Compound::Ordinal => format!("{a} : {b}"),
            // CGSuite prints `*` when an operand is an integer, the member's name otherwise.
            Compound::Product if matches!(self.a, Value::Integer(_)) || matches!(self.b, Value::Integer(_)) => {
                format!("{a} * {b}")
            }
            Compound::Product => format!("{a} ConwayProduct {b}"),
        }
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let o = downcast_ref::<CompoundGame>(other)?;
        Some(self.kind.cmp(&o.kind).then_with(|| self.a.cmp(&o.a)).then_with(|| self.b.cmp(&o.b)))
    }
    fn members(&self) -> &'static [Member] {
        FORM
    }
    fn binary(
        &self,
        m: &mut Machine,
        op: BinOp,
        lhs: &Value,
        rhs: &Value,
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        form_binary(m, op, lhs, rhs, span)
    }
    fn negate(&self, m: &mut Machine, this: &Value, span: Span) -> Option<Result<Value, EvalError>> {
        Some(negate(m, this).map_err(|k| EvalError::new(k, span)))
    }
    fn to_game(&self, m: &mut Machine, span: Span) -> Option<Result<GameId, EvalError>> {
        let this = compound_value(self.kind, self.a.clone(), self.b.clone());
        Some(canonical(m, &this).map_err(|k| EvalError::new(k, span)))
    }
    fn is_game(&self) -> bool {
        true
    }
}

/// `+`, `-`, `:` make compound games; comparisons are not defined on forms (CGSuite 2.2).
fn form_binary(m: &mut Machine, op: BinOp, a: &Value, b: &Value, span: Span) -> Option<Result<Value, EvalError>> {
    let both = is_gamelike(m, a) && is_gamelike(m, b);
    match op {
        BinOp::Add if both => Some(Ok(compound_value(Compound::Sum, a.clone(), b.clone()))),
        BinOp::Sub if both => Some(
            negate(m, b).map(|nb| compound_value(Compound::Sum, a.clone(), nb)).map_err(|k| EvalError::new(k, span)),
        ),
        BinOp::OrdinalSum if both => Some(Ok(compound_value(Compound::Ordinal, a.clone(), b.clone()))),
        // `n * G` of an integer and a form: Conway's product of the forms (CGSuite 2.2: `3 * '{1|0}'` is a
        // `CompoundGame` whose canonical form is {2|1}); `0 * G` is 0.
        BinOp::Mul if matches!(a, Value::Integer(n) if n.is_zero()) => Some(Ok(Value::int(0))),
        BinOp::Mul if both && (matches!(a, Value::Integer(_)) || matches!(b, Value::Integer(_))) => {
            Some(Ok(compound_value(Compound::Product, a.clone(), b.clone())))
        }
        BinOp::Eq
        | BinOp::Ne
        | BinOp::Lt
        | BinOp::Le
        | BinOp::Gt
        | BinOp::Ge
        | BinOp::Confused
        | BinOp::LessOrConfused
        | BinOp::GreaterOrConfused => {
            let types = vec![a.type_name(), b.type_name()];
            Some(Err(EvalError::new(ErrorKind::NoOperation { op: op.symbol(), types }, span)))
        }
        _ => None,
    }
}

fn player_options(m: &mut Machine, s: &Site, this: &Value, p: Player) -> Result<Value, EvalError> {
    options(m, this, p).map(list).map_err(|k| s.err(k))
}

fn followers(m: &mut Machine, v: &Value) -> Result<imbl::OrdSet<Value>, ErrorKind> {
    let mut seen = imbl::OrdSet::new();
    let mut todo = vec![v.clone()];
    while let Some(x) = todo.pop() {
        m.games.poll_interrupt();
        if seen.contains(&x) {
            continue;
        }
        seen.insert(x.clone());
        for p in [Player::Left, Player::Right] {
            todo.extend(options(m, &x, p)?);
        }
    }
    Ok(seen)
}

/// The members CGSuite's `Game` gives a form, read from the form itself.
pub(crate) static FORM: &[Member] = &[
    // CGSuite's conjunctive compound plays on the form as written (`'<*|*>' ConjunctiveSum 3` is 2).
    crate::member!(ConjunctiveSum(that: Game) => "The conjunctive sum with h played on this form as written, not on its canonical form (CGSuite's `ConjunctiveSum`).", "('<*|*>' ConjunctiveSum 3).CanonicalForm", |m, s, this, args| {
        crate::library::cgscript::form_conjunctive(m, s, this, &args[0])
    }),
    Member {
        name: "Options",
        params: &[&[Param::required("player", "Player")]],
        arity: Arity::Range(0, 1),
        f: |m, s, this, args| match args.first() {
            None => {
                let mut all = options(m, this, Player::Left).map_err(|k| s.err(k))?;
                all.extend(options(m, this, Player::Right).map_err(|k| s.err(k))?);
                Ok(list(all))
            }
            Some(_) => {
                let p = super::player(s, args, 0)?;
                player_options(m, s, this, p)
            }
        },
        doc: super::Doc::NONE,
    }
    .doc(
        "",
        "The options of the form for `player` (all options, Left's first, without one).",
        "'<*|*>'.Options(Left)",
    ),
    crate::member!(LeftOptions => "Left's options of the form, as written.", "'<*, 1|0>'.LeftOptions", |m, s, this, _| player_options(m, s, this, Player::Left)),
    crate::member!(RightOptions => "Right's options of the form, as written.", "'<*, 1|0>'.RightOptions", |m, s, this, _| player_options(m, s, this, Player::Right)),
    crate::member!(CanonicalForm => "The canonical form of the form.", "('<*|*>' : 1).CanonicalForm", |m, s, this, _| {
        let g = canonical(m, this).map_err(|k| s.err(k))?;
        Ok(game_value(m.games, g))
    }),
    crate::member!(GameValue => "The canonical game the form equals (the same as `CanonicalForm`).", "'<0, *|0, *>'.GameValue", |m, s, this, _| {
        let g = canonical(m, this).map_err(|k| s.err(k))?;
        Ok(game_value(m.games, g))
    }),
    crate::member!(OutcomeClass => "Who wins the form under normal play.", "'<0|0>'.OutcomeClass", |m, s, this, _| {
        let g = canonical(m, this).map_err(|k| s.err(k))?;
        Ok(Value::Outcome(m.games.outcome(g)))
    }),
    crate::member!(MisereOutcomeClass => "Who wins the form when the last player to move loses, read from the form itself.", "'<0|0>'.MisereOutcomeClass", |m, s, this, _| {
        misere_outcome(m, this).map(Value::Outcome).map_err(|k| s.err(k))
    }),
    crate::member!(Followers => "Every form reachable from the form (itself included), as a set.", "'<*|0>'.Followers", |m, s, this, _| followers(m, this).map(set).map_err(|k| s.err(k))),
    crate::member!(FollowerCount => "The number of distinct followers of the form (itself counted).", "'<*|0>'.FollowerCount", |m, s, this, _| {
        followers(m, this).map(|f| Value::int(f.len())).map_err(|k| s.err(k))
    }),
    crate::member!(Decomposition => "The form as a list of components (one).", "'<*|0>'.Decomposition", |_, _, this, _| Ok(list([this.clone()]))),
];

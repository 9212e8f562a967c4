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
use num_traits::ToPrimitive;
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
    /// The negative of a product, `-a` (CGSuite's `NegativeGame`, printed `-(a)`); `b` is unused.
    Negative,
}

impl Compound {
    /// CGSuite's precedence of the compound (`CompoundType.precedence`): an operand that is a compound of a
    /// higher one prints in parentheses.
    fn precedence(self) -> u8 {
        match self {
            Compound::Product => 1,
            Compound::Ordinal => 2,
            Compound::Sum => 3,
            Compound::Negative => 0,
        }
    }
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
    /// A sum of impartial game trees (a misère game plus a nimber): CGSuite's `CompoundImpartialGame`.
    pub impartial: bool,
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
    is_form(v)
        || is_misere(v)
        || crate::interp::eval::is_class(m.games, v, "Game") == Some(true)
        || m.to_game(v).is_some()
}

/// `'<L|R>'` from the evaluated options (collections among them are flattened, as in CGSuite's game specs).
pub fn make(m: &mut Machine, sides: [Vec<(Value, Span)>; 2]) -> Result<Value, EvalError> {
    let mut out: [Vec<Value>; 2] = Default::default();
    for (k, opts) in sides.into_iter().enumerate() {
        for (v, span) in opts {
            let items = match &v {
                Value::List(_) | Value::Set(_, _) => m.elements(&v).unwrap_or_default(),
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

/// `G ConwayProduct H` kept as the compound of the two game trees, where CGSuite 2.2 keeps it so: an operand is a
/// form, a misère game, a position or a loopy value (`'{*|*}' ConwayProduct 1`, `*[2] ConwayProduct *`,
/// `over ConwayProduct *`). `None` when an operand is not a game.
pub fn product(m: &mut Machine, a: &Value, b: &Value) -> Option<Value> {
    let gamelike = |m: &mut Machine, v: &Value| is_gamelike(m, v) || crate::library::loopy::is_loopy(v);
    if !gamelike(m, a) || !gamelike(m, b) {
        return None;
    }
    let impartial = [a, b].iter().all(|v| is_misere(v) || matches!(v, Value::Game(g) if m.games.is_nimber(*g)));
    Some(Value::Object(Rc::new(CompoundGame { kind: Compound::Product, a: a.clone(), b: b.clone(), impartial })))
}

/// `a : b` kept as the compound of the two game trees (a misère game and another game: CGSuite 2.2 prints
/// `*[2] : 1`, whose canonical form is `{0,*,*2|0,*}`).
pub fn ordinal(a: &Value, b: &Value) -> Value {
    compound_value(Compound::Ordinal, a.clone(), b.clone())
}

/// CGSuite's class constructors `CompoundGame(CompoundType.DisjunctiveSum | OrdinalSum | ConwayProduct, G, H)` and
/// `NegativeGame(G)` (`kind` "Negative"): the compound of the game trees as written. `None` for other kinds.
pub fn construct(kind: &str, a: Value, b: Value) -> Option<Value> {
    Some(match kind {
        "DisjunctiveSum" => compound_value(Compound::Sum, a, b),
        "OrdinalSum" => compound_value(Compound::Ordinal, a, b),
        "ConwayProduct" => compound_value(Compound::Product, a, b),
        "Negative" => compound_value(Compound::Negative, a, Value::Nothing),
        _ => return None,
    })
}

/// `a : b` of two impartial game trees (heap positions): CGSuite 2.2's `CompoundImpartialGame` of `OrdinalSum`.
pub fn impartial_ordinal(a: &Value, b: &Value) -> Value {
    Value::Object(Rc::new(CompoundGame { kind: Compound::Ordinal, a: a.clone(), b: b.clone(), impartial: true }))
}

fn compound_value(kind: Compound, a: Value, b: Value) -> Value {
    Value::Object(Rc::new(CompoundGame { kind, a, b, impartial: false }))
}

/// `a + b` kept as a compound of the two game trees: a misère canonical game plus a normal-play game (CGSuite
/// 2.2: `*[[[2]],[2],0] + *5` prints so, and its `CanonicalForm` is *7, the normal-play sum of the trees);
/// `b` is negated first when `neg` (`G - 1`); a `CompoundImpartialGame` when the normal-play game is a nimber,
/// else a `CompoundGame`.
pub fn tree_sum(m: &mut Machine, a: &Value, b: &Value, neg: bool) -> Result<Value, ErrorKind> {
    let b = if neg { negate(m, b)? } else { b.clone() };
    let nimber = |m: &mut Machine, v: &Value| match v {
        Value::Game(g) => m.games.is_nimber(*g),
        Value::Integer(n) => n.is_zero(),
        _ => false,
    };
    let impartial = nimber(m, a) || nimber(m, &b);
    Ok(Value::Object(Rc::new(CompoundGame { kind: Compound::Sum, a: a.clone(), b, impartial })))
}

/// Left's and Right's options of a form, as canonical games.
pub type FormOptions = (Vec<GameId>, Vec<GameId>);

/// The canonical forms of the options of an explicit form, Left's and Right's; `None` for other values.
pub fn form_option_games(m: &mut Machine, v: &Value) -> Option<Result<FormOptions, ErrorKind>> {
    let e = explicit(v)?;
    let (l, r) = (e.left.clone(), e.right.clone());
    let conv = |m: &mut Machine, xs: &[Value]| xs.iter().map(|x| canonical(m, x)).collect::<Result<Vec<_>, _>>();
    Some(conv(m, &l).and_then(|l| conv(m, &r).map(|r| (l, r))))
}

/// Whether a value is a misère canonical game (a game tree here: its options, and its normal-play value).
fn is_misere(v: &Value) -> bool {
    matches!(v, Value::Object(o) if o.type_name() == "MisereCanonicalGame")
}

/// A member of a value with no arguments (`NimValue`, `Options` of a misère game).
fn member0(m: &mut Machine, v: &Value, name: &str) -> Result<Value, ErrorKind> {
    let ident = crate::syntax::ast::Ident { name: name.into(), span: Span::default() };
    m.invoke_member(v.clone(), &ident, &[], &[], Span::default()).map_err(|e| e.kind)
}

/// The options of any game value for `p`, forms kept as forms (heap positions and misère games through their
/// `Options`, other games through their canonical forms).
pub fn form_options(m: &mut Machine, v: &Value, p: Player) -> Result<Vec<Value>, ErrorKind> {
    options(m, v, p)
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
                let sum =
                    |a, b| Value::Object(Rc::new(CompoundGame { kind: Compound::Sum, a, b, impartial: c.impartial }));
                for x in options(m, &a, p)? {
                    out.push(sum(x, b.clone()));
                }
                for y in options(m, &b, p)? {
                    out.push(sum(a.clone(), y));
                }
            }
            Compound::Ordinal => {
                out.extend(options(m, &a, p)?);
                for y in options(m, &b, p)? {
                    out.push(compound_value(Compound::Ordinal, a.clone(), y));
                }
            }
            Compound::Negative => {
                for x in options(m, &a, p.opponent())? {
                    out.push(negate(m, &x)?);
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
    if let Some(r) = crate::library::loopy::stopper_options(m, v, p == Player::Left) {
        return r;
    }
    // A heap's or a sum of heaps' options are positions, the same for both players.
    if is_misere(v) || crate::interp::classes::is_heap_position(v) {
        let opts = member0(m, v, "Options")?;
        return Ok(m.elements(&opts).unwrap_or_default());
    }
    // A ruleset position's or a sum of positions' options are positions (CGSuite 2.2:
    // `(Domineering("..|..") - on).LeftOptions` lists `Domineering.Position("#.|#.") + off`, …); the rulesets sit
    // above this family, so they are known by their type name.
    if matches!(v, Value::Object(o) if o.type_name() == "Position") {
        let opts = member0(m, v, if p == Player::Left { "LeftOptions" } else { "RightOptions" })?;
        return Ok(m.elements(&opts).unwrap_or_default());
    }
    let g = canonical(m, v)?;
    let ids = if p == Player::Left { m.games.left_options(g) } else { m.games.right_options(g) };
    let mut out: Vec<Value> = ids.into_iter().map(|h| game_value(m.games, h)).collect();
    sort_for_display(m.games, &mut out);
    Ok(out)
}

/// A loopy value among the operands and options of a form (or the value itself), if any: such a form has no
/// canonical form (its options lead back to it through the loopy value, so the recursion would not end).
fn loopy_leaf(v: &Value) -> Option<&Value> {
    if let Some(e) = explicit(v) {
        return e.left.iter().chain(e.right.iter()).find_map(loopy_leaf);
    }
    if let Some(c) = compound(v) {
        return loopy_leaf(&c.a).or_else(|| loopy_leaf(&c.b));
    }
    crate::library::loopy::is_loopy(v).then_some(v)
}

/// The canonical form of any game value.
pub fn canonical(m: &mut Machine, v: &Value) -> Result<GameId, ErrorKind> {
    if let Some(x) = loopy_leaf(v) {
        return Err(ErrorKind::NotAGame { ty: x.type_name(), value: x.display(m.games) });
    }
    canonical_form(m, v)
}

/// [`canonical`] of a value without loopy leaves.
fn canonical_form(m: &mut Machine, v: &Value) -> Result<GameId, ErrorKind> {
    if let Some(e) = explicit(v) {
        let (left, right) = (e.left.clone(), e.right.clone());
        let l = left.iter().map(|x| canonical_form(m, x)).collect::<Result<Vec<_>, _>>()?;
        let r = right.iter().map(|x| canonical_form(m, x)).collect::<Result<Vec<_>, _>>()?;
        return Ok(m.games.new_game(&l, &r));
    }
    if let Some(c) = compound(v) {
        let (kind, a, b) = (c.kind, c.a.clone(), c.b.clone());
        return match kind {
            Compound::Sum => {
                let (x, y) = (canonical_form(m, &a)?, canonical_form(m, &b)?);
                Ok(m.games.add(x, y))
            }
            // The ordinal sum depends on the form of the base: Left's options are the base's and `a : b^L`.
            Compound::Ordinal => {
                let mut sides: [Vec<GameId>; 2] = Default::default();
                for (k, p) in [Player::Left, Player::Right].into_iter().enumerate() {
                    for x in options(m, &a, p)? {
                        sides[k].push(canonical_form(m, &x)?);
                    }
                    for y in options(m, &b, p)? {
                        let t = compound_value(Compound::Ordinal, a.clone(), y);
                        sides[k].push(canonical_form(m, &t)?);
                    }
                }
                Ok(m.games.new_game(&sides[0], &sides[1]))
            }
            Compound::Negative => {
                let x = canonical_form(m, &a)?;
                Ok(m.games.neg(x))
            }
            Compound::Product => {
                m.games.poll_interrupt();
                let mut sides: [Vec<GameId>; 2] = Default::default();
                for (k, p) in [Player::Left, Player::Right].into_iter().enumerate() {
                    for x in options(m, v, p)? {
                        sides[k].push(canonical_form(m, &x)?);
                    }
                }
                Ok(m.games.new_game(&sides[0], &sides[1]))
            }
        };
    }
    match m.to_game(v) {
        Some(r) => r,
        // A misère game's tree has the nimber of its (normal-play) nim value.
        None if is_misere(v) => match member0(m, v, "NimValue")? {
            Value::Integer(n) => Ok(m.games.nimber(n.to_u64().ok_or(ErrorKind::Overflow)?)),
            _ => Err(ErrorKind::NotAGame { ty: v.type_name(), value: v.display(m.games) }),
        },
        None => Err(ErrorKind::NotAGame { ty: v.type_name(), value: v.display(m.games) }),
    }
}

/// The value of a form: its canonical form, or, where an operand is a loopy stopper, the canonical stopper
/// (CGSuite 2.2: `('<-1|1>' : on).GameValue` is `1under`).
fn form_value(m: &mut Machine, v: &Value) -> Result<Value, ErrorKind> {
    match canonical(m, v) {
        Ok(g) => Ok(game_value(m.games, g)),
        Err(e) => loopy_form_value(m, v).unwrap_or(Err(e)),
    }
}

/// The value of a form with a loopy operand or option, built on the loopy engine; `None` where the form is
/// not one (the caller keeps its error).
fn loopy_form_value(m: &mut Machine, v: &Value) -> Option<Result<Value, ErrorKind>> {
    // A position or a heap is its canonical form here (CGSuite 2.2: `(Domineering("..|..") - on).GameValue` is
    // `off`); a loopy operand stays itself.
    let value = |m: &mut Machine, x: &Value| {
        if is_form(x) {
            form_value(m, x)
        } else if matches!(x, Value::Object(o) if o.type_name() == "Position") {
            canonical(m, x).map(|g| game_value(m.games, g))
        } else {
            Ok(x.clone())
        }
    };
    let (base, h) = if let Some(c) = compound(v) {
        let (kind, a, b) = (c.kind, c.a.clone(), c.b.clone());
        match kind {
            Compound::Ordinal => (a, b),
            Compound::Sum => {
                let (x, y) = match (value(m, &a), value(m, &b)) {
                    (Ok(x), Ok(y)) => (x, y),
                    (Err(e), _) | (_, Err(e)) => return Some(Err(e)),
                };
                return crate::library::loopy::binary(m, BinOp::Add, &x, &y);
            }
            Compound::Product | Compound::Negative => return None,
        }
    } else if explicit(v).is_some() {
        // A form is its options on top of 0 (`G : 0` is G).
        (v.clone(), Value::int(0))
    } else {
        return None;
    };
    let mut sides: [Vec<Value>; 2] = Default::default();
    for (k, p) in [Player::Left, Player::Right].into_iter().enumerate() {
        let opts = match options(m, &base, p) {
            Ok(o) => o,
            Err(e) => return Some(Err(e)),
        };
        for x in opts {
            match value(m, &x) {
                Ok(x) => sides[k].push(x),
                Err(e) => return Some(Err(e)),
            }
        }
    }
    let h = match value(m, &h) {
        Ok(h) => h,
        Err(e) => return Some(Err(e)),
    };
    crate::library::loopy::form_ordinal_sum(m, [&sides[0], &sides[1]], &h)
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
        // CGSuite's `NegativeGame` of a product (printed `-(G ConwayProduct H)`); -(-G) is G.
        match kind {
            Compound::Product => return Ok(compound_value(Compound::Negative, v.clone(), Value::Nothing)),
            Compound::Negative => return Ok(a),
            _ => {}
        }
        return Ok(Value::Object(Rc::new(CompoundGame {
            kind,
            a: negate(m, &a)?,
            b: negate(m, &b)?,
            impartial: c.impartial,
        })));
    }
    // An impartial game tree is its own negative.
    if is_misere(v) {
        return Ok(v.clone());
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

/// The misère outcome of the form (CGSuite's `MisereOutcomeClass`: a player with no move wins), played on the
/// form's own options, memoised by position and player as CGSuite's `MisereOutcomeReducer`; a loopy operand is
/// played through its stopper's options (CGSuite 2.2: `(*[2] + on).MisereOutcomeClass` is R), and a line of
/// play that comes back to a position still being decided is "not a short game".
pub(crate) fn misere_outcome(m: &mut Machine, v: &Value) -> Result<Outcome, ErrorKind> {
    type Memo = std::collections::BTreeMap<(bool, Value), Option<bool>>;
    fn wins(m: &mut Machine, v: &Value, p: Player, memo: &mut Memo) -> Result<bool, ErrorKind> {
        let key = (p == Player::Left, v.clone());
        match memo.get(&key) {
            Some(Some(w)) => return Ok(*w),
            Some(None) => return Err(ErrorKind::NotShortGame { position: v.display(m.games) }),
            None => {}
        }
        m.games.poll_interrupt();
        memo.insert(key.clone(), None);
        let opts = options(m, v, p)?;
        let mut w = opts.is_empty();
        for x in &opts {
            if w {
                break;
            }
            w = !wins(m, x, p.opponent(), memo)?;
        }
        memo.insert(key, Some(w));
        Ok(w)
    }
    let mut memo = Memo::new();
    Ok(match (wins(m, v, Player::Left, &mut memo)?, wins(m, v, Player::Right, &mut memo)?) {
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
    fn compound_precedence(&self) -> Option<u8> {
        Some(self.kind.precedence())
    }
    /// A sum with a misère game played as a game tree is CGSuite's `CompoundImpartialGame`.
    fn class_name(&self) -> &'static str {
        if self.kind == Compound::Negative {
            return "NegativeGame";
        }
        if self.impartial {
            "CompoundImpartialGame"
        } else {
            "CompoundGame"
        }
    }
    /// `a + b`, `a : b` as CGSuite prints them (a sum inside an ordinal sum in parentheses).
    fn display(&self, games: &mut Games) -> String {
        // CGSuite's `NegativeGame`: `-{2|1}`, `--2`, a compound in parentheses (`-(2 + 1)`).
        if self.kind == Compound::Negative {
            let a = self.a.display(games);
            return match precedence(&self.a) {
                Some(p) if p > 0 => format!("-({a})"),
                _ => format!("-{a}"),
            };
        }
        let outer = self.kind.precedence();
        let part = |games: &mut Games, v: &Value| {
            let s = v.display(games);
            match precedence(v) {
                Some(p) if p > outer => format!("({s})"),
                _ => s,
            }
        };
        let (a, b) = (part(games, &self.a), part(games, &self.b));
        match self.kind {
            Compound::Sum => format!("{a} + {b}"),
            Compound::Ordinal => format!("{a} : {b}"),
            // CGSuite prints `*` when the first operand is an integer, the member's name otherwise.
            Compound::Product if matches!(self.a, Value::Integer(_)) => format!("{a} * {b}"),
            Compound::Product | Compound::Negative => format!("{a} ConwayProduct {b}"),
        }
    }
    /// Structural among compounds of forms; after every other object, so that a set may hold positions and
    /// the compounds among their followers together (a total order: `Followers` of a heap or a cake).
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let Some(o) = downcast_ref::<CompoundGame>(other) else { return Some(Ordering::Greater) };
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

/// CGSuite's precedence of a compound value (`None` for other values): a form's, or a member compound's
/// (`ConjunctiveSum`, `OrdinalProduct`, …, library/short/compound.rs), as each answers
/// [`Object::compound_precedence`].
pub fn precedence(v: &Value) -> Option<u8> {
    match v {
        Value::Object(o) => o.compound_precedence(),
        _ => None,
    }
}

/// `+`, `-`, `:` make compound games; comparisons are not defined on forms (CGSuite 2.2).
pub fn form_binary(m: &mut Machine, op: BinOp, a: &Value, b: &Value, span: Span) -> Option<Result<Value, EvalError>> {
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
        _ if op.compares() => {
            let types = vec![a.type_name().into(), b.type_name().into()];
            Some(Err(EvalError::new(ErrorKind::NoOperation { op: op.symbol(), types }, span)))
        }
        _ => None,
    }
}

fn player_options(m: &mut Machine, s: &Site, this: &Value, p: Player) -> Result<Value, EvalError> {
    let opts = options(m, this, p).map_err(|k| s.err(k))?;
    Ok(if options_are_set(this) { set(opts) } else { list(opts) })
}

/// Whether CGSuite gives the options of a compound as a set: a sum or ordinal sum takes the collection of its
/// first operand's options, a set for a canonical game (CGSuite 2.2: `(1 + '{*|*}').LeftOptions` is
/// `{1 + *,0 + '{*|*}'}`, `('{*|*}' + 1).LeftOptions` the list `[* + 1,'{*|*}' + 0]`).
fn options_are_set(v: &Value) -> bool {
    compound(v).is_some_and(|c| matches!(c.kind, Compound::Sum | Compound::Ordinal) && first_options_are_set(&c.a))
}

/// Whether `v` as a sum's first operand makes the sum's options a set: a canonical game, a loopy value, or a
/// compound whose first operand does (sums of positions ask too).
pub fn first_options_are_set(v: &Value) -> bool {
    let canonical = matches!(v, Value::Game(_) | Value::Integer(_) | Value::Rational(_));
    canonical || options_are_set(v) || crate::library::loopy::is_loopy(v)
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

/// `Game`'s own compound row `name` (the cgsuite family's compounds, which keep an explicit operand as its form),
/// found through the registry: that family sits above this one.
fn game_row(m: &mut Machine, s: &Site, this: &Value, args: &[Value], name: &str) -> Result<Value, EvalError> {
    let tables = m.globals.library.lookup_tables("Game");
    match tables.iter().flat_map(|t| t.iter()).find(|r| r.name == name) {
        Some(row) => (row.f)(m, s, this, args),
        None => Err(s.bug()),
    }
}

/// The members CGSuite's `Game` gives a form, read from the form itself.
pub(crate) static FORM: &[Member] = crate::member_table![
    // CGSuite's conjunctive compound plays on the form as written (`'<*|*>' ConjunctiveSum 3` is 2).
    crate::member!(ConjunctiveSum(that: Game) => "The conjunctive sum with h played on this form as written, not on its canonical form (CGSuite's `ConjunctiveSum`).", "('<*|*>' ConjunctiveSum 3).CanonicalForm", |m, s, this, args| {
        game_row(m, s, this, args, "ConjunctiveSum")
    }),
    crate::member!(SelectiveSum(that: Game) => "The selective compound with h, printed with this form as written (CGSuite's `SelectiveSum`).", "'<*|0>' SelectiveSum *", |m, s, this, args| {
        game_row(m, s, this, args, "SelectiveSum")
    }),
    crate::member!(OrdinalProduct(that: Game) => "CGSuite's ordinal product with h, printed with this form as written.", "('<*|0>'.OrdinalProduct(*)).CanonicalForm", |m, s, this, args| {
        game_row(m, s, this, args, "OrdinalProduct")
    }),
    crate::member!(ConwayProduct(that: Game) => "Conway's product with h, kept as the compound of the two forms (CGSuite's `ConwayProduct`).", "('<*|0>'.ConwayProduct(^)).CanonicalForm", |m, s, this, args| {
        product(m, this, &args[0]).ok_or_else(|| s.wrong_type(0, "Game", &args[0]))
    }),
    Member {
        name: "Options",
        params: &[&[Param::required("player", "Player")]],
        arity: Arity::Range(0, 1),
        f: |m, s, this, args| match args.first() {
            None => {
                let mut all = options(m, this, Player::Left).map_err(|k| s.err(k))?;
                // An impartial compound's options once (CGSuite 2.2: `(*[[2]] + *).Options`).
                if !matches!(this, Value::Object(o) if o.class_name() == "CompoundImpartialGame") {
                    all.extend(options(m, this, Player::Right).map_err(|k| s.err(k))?);
                }
                Ok(if options_are_set(this) { set(all) } else { list(all) })
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
    super::member("CanonicalForm", 0, |m, s, this, _| {
        // A loopy value is not short (CGSuite 2.2: `('{-1|1}' : on).CanonicalForm` names `GameValue`).
        // So is a compound with a loopy operand and a misère game or a heap (`(*[2] + on).CanonicalForm`).
        let g = canonical(m, this).map_err(|k| match loopy_form_value(m, this) {
            _ if loopy_leaf(this).is_some() => s.err(ErrorKind::NotShortGame { position: this.display(m.games) }),
            Some(Ok(_)) => s.err(ErrorKind::NotShortGame { position: this.display(m.games) }),
            _ => s.err(k),
        })?;
        Ok(game_value(m.games, g))
    })
    .doc("", "The canonical form of the form.", "('<*|*>' : 1).CanonicalForm"),
    super::member("GameValue", 0, |m, s, this, _| form_value(m, this).map_err(|k| s.err(k))).doc(
        "",
        "The canonical game the form equals (the same as `CanonicalForm`).",
        "'<0, *|0, *>'.GameValue",
    ),
    super::member("OutcomeClass", 0, |m, s, this, _| match canonical(m, this) {
        Ok(g) => Ok(Value::Outcome(m.games.outcome(g))),
        // A form with a loopy operand: the outcome of its stopper (CGSuite 2.2: `('{-1|1}' : on)` is L).
        Err(k) => match loopy_form_value(m, this) {
            Some(Ok(v)) => {
                let name = crate::syntax::ast::Ident { name: "OutcomeClass".into(), span: s.span };
                m.invoke_member(v, &name, &[], &[], s.span)
            }
            _ => Err(s.err(k)),
        },
    })
    .doc("", "Who wins the form under normal play.", "'<0|0>'.OutcomeClass"),
    crate::member!(MisereOutcomeClass => "Who wins the form when the last player to move loses, read from the form itself.", "'<0|0>'.MisereOutcomeClass", |m, s, this, _| {
        misere_outcome(m, this).map(Value::Outcome).map_err(|k| s.err(k))
    }),
    crate::member!(Followers => "Every form reachable from the form (itself included), as a set.", "'<*|0>'.Followers", |m, s, this, _| followers(m, this).map(set).map_err(|k| s.err(k))),
    crate::member!(FollowerCount => "The number of distinct followers of the form (itself counted).", "'<*|0>'.FollowerCount", |m, s, this, _| {
        followers(m, this).map(|f| Value::int(f.len())).map_err(|k| s.err(k))
    }),
    crate::member!(Decomposition => "The form as a list of components (one).", "'<*|0>'.Decomposition", |_, _, this, _| Ok(list([this.clone()]))),
];

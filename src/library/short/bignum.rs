//! Numbers of any size as games, and games `x + G` whose number part `x` is beyond the engine's arena
//! (LANGUAGE.md §2, "Numbers of any size").
//!
//! The arena holds numbers of modest size (integer part below 2^20, denominators up to 2^62). A dyadic
//! beyond that is still a game: its game members are answered from formulas ([`NUMBER_GAME`]), and its
//! sum with an arena game `G` is a [`BigGame`] `x + G`, kept in a normal form — `G` is not a number and
//! its Left stop is 0 — so that equal values have equal parts. A result that fits the arena goes back
//! to the arena (a `Value::Game` or a number), so a `BigGame` is never equal to a value of another kind.

use super::{boolean, player, set, Member, Site};
use crate::game::number::big::{big_birthday, big_options, big_temperature, dyadic_to_big, is_dyadic};
use crate::game::{Cmp, GameId, Games, Outcome};
use crate::interp::error::{Arity, ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::native::Param;
use crate::interp::object::{downcast_ref, Object};
use crate::interp::value::{game_value, Player, Value};
use crate::syntax::ast::BinOp;
use crate::syntax::span::Span;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::rc::Rc;

/// `x + g` with `x` a dyadic beyond the arena and `g` an arena game that is not a number, with Left stop 0.
#[derive(Debug)]
pub struct BigGame {
    x: BigRational,
    g: GameId,
}

impl Object for BigGame {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        t.game(self.g);
        true
    }
    fn type_name(&self) -> &'static str {
        "Game"
    }
    fn display(&self, games: &mut Games) -> String {
        games.display_shifted(self.g, &self.x)
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let o = downcast_ref::<BigGame>(other)?;
        Some(self.x.cmp(&o.x).then(self.g.cmp(&o.g)))
    }
    fn members(&self) -> &'static [Member] {
        BIG_GAME
    }
    /// A name that no game has is "not a member" (rather than the error of a member needing the arena).
    fn member(
        &self,
        m: &mut Machine,
        this: &Value,
        name: &str,
        _: &[Value],
        s: &Site,
    ) -> Option<Result<Value, EvalError>> {
        let zero = Value::Game(m.games.zero());
        if (m.globals.library.find_member)(&zero, name).is_some() || BIG_GAME.iter().any(|x| x.name == name) {
            return None;
        }
        let ty = crate::interp::classes::qualified_class_of(m.games, this);
        Some(Err(s.err(ErrorKind::NotAMember { ty, name: name.into() })))
    }
    fn binary(
        &self,
        m: &mut Machine,
        op: BinOp,
        lhs: &Value,
        rhs: &Value,
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        if matches!(op, BinOp::Eq | BinOp::Ne) {
            return None;
        }
        binary(m, op, lhs, rhs).map(|r| r.map_err(|k| EvalError::new(k, span)))
    }
    fn negate(&self, m: &mut Machine, _this: &Value, span: Span) -> Option<Result<Value, EvalError>> {
        let g = m.games.neg(self.g);
        Some(make(m, -self.x.clone(), g).map_err(|k| EvalError::new(k, span)))
    }
    fn to_game(&self, m: &mut Machine, span: Span) -> Option<Result<GameId, EvalError>> {
        let value = self.display(m.games);
        Some(Err(EvalError::new(ErrorKind::BeyondArena { value }, span)))
    }
    fn is_game(&self) -> bool {
        true
    }
}

/// The parts `(x, g)` of a value that is `x + g` (a dyadic number, a game, a [`BigGame`]).
pub fn parts(m: &Machine, v: &Value) -> Option<(BigRational, GameId)> {
    let zero = m.games.zero();
    match v {
        Value::Integer(n) => Some((BigRational::from_integer(n.to_big().into_owned()), zero)),
        Value::Rational(r) if is_dyadic(r) => Some(((**r).clone(), zero)),
        Value::Game(g) => Some((BigRational::zero(), *g)),
        Value::Object(o) => downcast_ref::<BigGame>(&**o).map(|b| (b.x.clone(), b.g)),
        _ => None,
    }
}

/// The value `x + g`: a number, an arena game, or a [`BigGame`] in normal form.
pub fn make(m: &mut Machine, x: BigRational, g: GameId) -> Result<Value, ErrorKind> {
    let games = &mut *m.games;
    if let Some(d) = games.number_value(g) {
        return Ok(Value::rational(x + dyadic_to_big(d)));
    }
    let c = games.left_stop(g);
    let cg = games.number(c);
    let g = games.try_sub(g, cg).map_err(|_| ErrorKind::Overflow)?;
    let x = x + dyadic_to_big(c);
    if let Some(xg) = games.arena_number(&x) {
        if let Ok(h) = games.try_add(xg, g) {
            return Ok(game_value(games, h));
        }
    }
    Ok(Value::Object(Rc::new(BigGame { x, g })))
}

/// `a op b` where one operand is a number or game beyond the arena: sums, differences, integer multiples
/// and comparisons; `None` if an operand is not a dyadic number or a game.
pub fn binary(m: &mut Machine, op: BinOp, a: &Value, b: &Value) -> Option<Result<Value, ErrorKind>> {
    let no_op = || ErrorKind::NoOperation { op: op.symbol(), types: vec![a.type_name().into(), b.type_name().into()] };
    if op == BinOp::Mul {
        let (n, (x, g)) = match (a, b) {
            (Value::Integer(n), v) | (v, Value::Integer(n)) => (n, parts(m, v)?),
            _ => return Some(Err(no_op())),
        };
        let Some(k) = n.to_i64() else { return Some(Err(ErrorKind::Overflow)) };
        return Some(match m.games.try_mul_int(k, g) {
            Ok(h) => make(m, x * BigRational::from_integer(n.to_big().into_owned()), h),
            Err(e) => Err(m.game_error(e)),
        });
    }
    let (xa, ga) = parts(m, a)?;
    let (xb, gb) = parts(m, b)?;
    Some(match op {
        BinOp::Add => match m.games.try_add(ga, gb) {
            Ok(g) => make(m, xa + xb, g),
            Err(e) => Err(m.game_error(e)),
        },
        BinOp::Sub => match m.games.try_sub(ga, gb) {
            Ok(g) => make(m, xa - xb, g),
            Err(e) => Err(m.game_error(e)),
        },
        BinOp::Lt
        | BinOp::Le
        | BinOp::Gt
        | BinOp::Ge
        | BinOp::Confused
        | BinOp::LessOrConfused
        | BinOp::GreaterOrConfused => {
            // a - b = (xa - xb) + (ga - gb), so a compares with b as ga - gb compares with xb - xa.
            let d = match m.games.try_sub(ga, gb) {
                Ok(d) => d,
                Err(_) => return Some(Err(ErrorKind::Overflow)),
            };
            let c = m.games.cmp_with_big(d, &(xb - xa));
            Ok(Value::Boolean(match op {
                BinOp::Lt => c == Cmp::Less,
                BinOp::Le => matches!(c, Cmp::Less | Cmp::Equal),
                BinOp::Gt => c == Cmp::Greater,
                BinOp::Ge => matches!(c, Cmp::Greater | Cmp::Equal),
                BinOp::Confused => c == Cmp::Confused,
                BinOp::LessOrConfused => matches!(c, Cmp::Less | Cmp::Confused),
                _ => matches!(c, Cmp::Greater | Cmp::Confused),
            }))
        }
        _ => Err(ErrorKind::BeyondArena { value: show_big(m, a, b) }),
    })
}

/// The operand that is beyond the arena, as printed (for the error).
fn show_big(m: &mut Machine, a: &Value, b: &Value) -> String {
    let big = [a, b].into_iter().find(|v| match v {
        Value::Object(_) => true,
        Value::Integer(_) | Value::Rational(_) => parts(m, v).is_some_and(|(x, _)| m.games.arena_number(&x).is_none()),
        _ => false,
    });
    big.unwrap_or(a).display(m.games)
}

fn outcome_of(m: &mut Machine, x: &BigRational, g: GameId) -> Outcome {
    match m.games.cmp_with_big(g, &-x.clone()) {
        Cmp::Equal => Outcome::P,
        Cmp::Greater => Outcome::L,
        Cmp::Less => Outcome::R,
        Cmp::Confused => Outcome::N,
    }
}

fn this_parts(m: &Machine, s: &Site, this: &Value) -> Result<(BigRational, GameId), EvalError> {
    parts(m, this).ok_or_else(|| s.bug())
}

fn this_number(s: &Site, this: &Value) -> Result<BigRational, EvalError> {
    this.as_rational().ok_or_else(|| s.bug())
}

/// The options of `x + g` for one player (`None`: both), as values.
fn options_of(m: &mut Machine, x: &BigRational, g: GameId, who: Option<Player>) -> Result<Value, ErrorKind> {
    let mut out = Vec::new();
    if m.games.number_value(g).is_some() {
        let total = x + dyadic_to_big(m.games.number_value(g).unwrap_or_default());
        let (l, r) = big_options(&total);
        for (p, side) in [(Player::Left, l), (Player::Right, r)] {
            if who.is_none_or(|w| w == p) {
                out.extend(side.into_iter().map(Value::rational));
            }
        }
        return Ok(set(out));
    }
    for p in [Player::Left, Player::Right] {
        if who.is_none_or(|w| w == p) {
            let os = if p == Player::Left { m.games.left_options(g) } else { m.games.right_options(g) };
            for o in os {
                out.push(make(m, x.clone(), o)?);
            }
        }
    }
    Ok(set(out))
}

fn options_member(m: &mut Machine, s: &Site, this: &Value, args: &[Value]) -> Result<Value, EvalError> {
    let (x, g) = this_parts(m, s, this)?;
    let who = match args.first() {
        None => None,
        Some(_) => Some(player(s, args, 0)?),
    };
    options_of(m, &x, g, who).map_err(|k| s.err(k))
}

fn stop(m: &mut Machine, s: &Site, this: &Value, p: Player) -> Result<Value, EvalError> {
    let (x, g) = this_parts(m, s, this)?;
    let d = if p == Player::Left { m.games.left_stop(g) } else { m.games.right_stop(g) };
    Ok(Value::rational(x + dyadic_to_big(d)))
}

/// The arena's implementation of a game member, for a number the arena holds.
fn arena_member(m: &mut Machine, s: &Site, this: &Value, args: &[Value], name: &str) -> Result<Value, EvalError> {
    let f = super::game::GAME.iter().find(|x| x.name == name).ok_or_else(|| s.bug())?;
    (f.f)(m, s, this, args)
}

/// Game members of `Integer` and `DyadicRational` computed from the number itself, so that numbers of any
/// size answer them (the rest of `Game`'s members go through the arena).
pub static NUMBER_GAME: &[Member] = crate::member_table![
    crate::member!(CanonicalForm => "A number is its own canonical form.", "(2^80).CanonicalForm", |_, _, this, _| Ok(this.clone())),
    crate::member!(LeftOptions => "Left's options of the number's canonical form (n - 1 for an integer n > 0, none for n <= 0).", "(5/4).LeftOptions", |m, s, this, _| options_member(m, s, this, &[Value::Player(Player::Left)])),
    crate::member!(RightOptions => "Right's options of the number's canonical form.", "(5/4).RightOptions", |m, s, this, _| options_member(m, s, this, &[Value::Player(Player::Right)])),
    Member {
        name: "Options",
        arity: Arity::Range(0, 1),
        f: options_member,
        doc: crate::library::Doc::NONE,
        params: &[&[Param::required("player", "Player")]],
    }
    .doc(
        "",
        "The options of `player` in the number's canonical form; without an argument, both players' options.",
        "(3/2).Options",
    ),
    crate::member!(Stop(player: Player) => "The number itself: both stops of a number are the number.", "(3/8).Stop(Left)", |_, s, this, args| {
        player(s, args, 0)?;
        Ok(this.clone())
    }),
    crate::member!(LeftStop => "The number itself.", "(2^100).LeftStop", |_, _, this, _| Ok(this.clone())),
    crate::member!(RightStop => "The number itself.", "(-7/2).RightStop", |_, _, this, _| Ok(this.clone())),
    crate::member!(Mean => "The number itself.", "(5/8).Mean", |_, _, this, _| Ok(this.clone())),
    crate::member!(Temperature => "The temperature of a number m/2^k in lowest terms: -1/2^k (-1 for an integer).", "(3/8).Temperature", |_, s, this, _| Ok(Value::rational(big_temperature(&this_number(s, this)?)))),
    crate::member!(Birthday => "The day on which the number is born (|n| for an integer n; 4 for 3/8 = <1/4|1/2>).", "(3/8).Birthday", |_, s, this, _| Ok(Value::int(big_birthday(&this_number(s, this)?)))),
    crate::member!(OutcomeClass => "`L` for a positive number, `R` for a negative one, `P` for 0.", "(2^100).OutcomeClass", |_, s, this, _| {
        let x = this_number(s, this)?;
        Ok(Value::Outcome(if x.is_positive() {
            Outcome::L
        } else if x.is_negative() {
            Outcome::R
        } else {
            Outcome::P
        }))
    }),
    // A number is its own frozen value; cooling leaves it unchanged from its temperature on.
    crate::member!(Freeze => "The number itself: a number is already frozen.", "(7/4).Freeze", |_, _, this, _| Ok(this.clone())),
    crate::member!(Cool(t: DyadicRational) => "The number cooled by t: unchanged from its temperature on.", "(1/2).Cool(1)", |m, s, this, args| {
        let x = this_number(s, this)?;
        if m.games.arena_number(&x).is_some() || super::dyadic(s, args, 0).is_err() {
            return arena_member(m, s, this, args, "Cool");
        }
        let t = super::number(s, args, 0)?;
        if t >= big_temperature(&x) {
            return Ok(this.clone());
        }
        Err(s.err(ErrorKind::BeyondArena { value: this.display(m.games) }))
    }),
    // A nonzero number is not atomic (CGSuite 2.2: "That game is not atomic: 5").
    crate::member!(AtomicWeight => "The atomic weight of 0 (0); a nonzero number has none: the error \"That game is not atomic\".", "0.AtomicWeight", |m, s, this, args| {
        let x = this_number(s, this)?;
        if x.is_zero() {
            return arena_member(m, s, this, args, "AtomicWeight");
        }
        Err(s.err(ErrorKind::NotAtomic { game: this.display(m.games) }))
    }),
    crate::member!(IsNumber => "True.", "(2^100).IsNumber", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsNumberish => "True: a number is numberish.", "(3/4).IsNumberish", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsUptimal => "True: a number is uptimal (with no ups).", "(3/4).IsUptimal", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsNimber => "Whether the number is 0 (the only number that is a nimber).", "0.IsNimber", |_, s, this, _| Ok(boolean(this_number(s, this)?.is_zero()))),
    crate::member!(IsInfinitesimal => "Whether the number is 0, as CGSuite answers.", "(1/64).IsInfinitesimal", |_, s, this, _| Ok(boolean(this_number(s, this)?.is_zero()))),
];

/// Members of a game `x + G` beyond the arena ([`BigGame`]).
pub static BIG_GAME: &[Member] = crate::member_table![
    crate::member!(CanonicalForm => "The game x + G itself (the number x is kept beside the canonical form G).", "(2^70 + ^).CanonicalForm", |_, _, this, _| Ok(this.clone())),
    crate::member!(LeftOptions => "Left's options of x + G: x + G^L, and x^L + G where x has options.", "(2^70 + *).LeftOptions", |m, s, this, _| options_member(m, s, this, &[Value::Player(Player::Left)])),
    crate::member!(RightOptions => "Right's options of x + G.", "(2^70 + *).RightOptions", |m, s, this, _| options_member(m, s, this, &[Value::Player(Player::Right)])),
    Member {
        name: "Options",
        arity: Arity::Range(0, 1),
        f: options_member,
        doc: crate::library::Doc::NONE,
        params: &[&[Param::required("player", "Player")]],
    }
    .doc(
        "",
        "The options of `player` of x + G; without an argument, both players' options.",
        "(2^70 + *).Options(Right)",
    ),
    crate::member!(Stop(player: Player) => "The Left or Right stop: x plus the stop of G.", "(2^70 + <1|0>).Stop(Left)", |m, s, this, args| {
        let p = player(s, args, 0)?;
        stop(m, s, this, p)
    }),
    crate::member!(LeftStop => "x plus G's Left stop.", "(2^70 + <1|0>).LeftStop", |m, s, this, _| stop(m, s, this, Player::Left)),
    crate::member!(RightStop => "x plus G's Right stop.", "(2^70 + <1|0>).RightStop", |m, s, this, _| stop(m, s, this, Player::Right)),
    crate::member!(Mean => "x plus G's mean.", "(2^70 + <1|0>).Mean", |m, s, this, _| {
        let (x, g) = this_parts(m, s, this)?;
        Ok(Value::rational(x + dyadic_to_big(m.games.mean(g))))
    }),
    crate::member!(Temperature => "G's temperature (adding a number leaves it unchanged).", "(2^70 + <1|0>).Temperature", |m, s, this, _| {
        let (_, g) = this_parts(m, s, this)?;
        Ok(Value::rational(dyadic_to_big(m.games.temperature(g))))
    }),
    crate::member!(Birthday => "The birthday of x + G.", "(2^70 + *).Birthday", |m, s, this, _| {
        let (x, g) = this_parts(m, s, this)?;
        Ok(Value::int(m.games.birthday_shifted(g, &x)))
    }),
    crate::member!(OutcomeClass => "The outcome class of x + G (that of x when x is far larger than G).", "(2^70 + *).OutcomeClass", |m, s, this, _| {
        let (x, g) = this_parts(m, s, this)?;
        Ok(Value::Outcome(outcome_of(m, &x, g)))
    }),
    // Freezing and cooling commute with adding the number x (cooling leaves x unchanged from x's
    // temperature on); x + G with x != 0 is not infinitesimal, so not atomic.
    crate::member!(Freeze => "x plus G frozen.", "(2^70 + <1|0>).Freeze", |m, s, this, _| {
        let (x, g) = this_parts(m, s, this)?;
        let f = m.games.freeze(g);
        make(m, x, f).map_err(|k| s.err(k))
    }),
    crate::member!(Cool(t: DyadicRational) => "x + G cooled by t: x plus G cooled by t.", "(2^70 + <1|0>).Cool(1/2)", |m, s, this, args| {
        let (x, g) = this_parts(m, s, this)?;
        let t = super::dyadic(s, args, 0)?;
        if dyadic_to_big(t) < big_temperature(&x) {
            return Err(s.err(ErrorKind::BeyondArena { value: this.display(m.games) }));
        }
        let r = m.games.cool(g, t);
        let cooled = m.game_result(r, s.span)?;
        let (y, h) = parts(m, &cooled).ok_or_else(|| s.bug())?;
        make(m, x + y, h).map_err(|k| s.err(k))
    }),
    crate::member!(AtomicWeight => "Not defined: x + G with x != 0 is not infinitesimal, the error \"That game is not atomic\" (CGSuite 2.2 gives it too).", "(2^100 + ^).AtomicWeight", |m, s, this, _| Err(s.err(ErrorKind::NotAtomic { game: this.display(m.games) }))),
    crate::member!(IsNumber => "False: x + G with G not a number.", "(2^70 + *).IsNumber", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsInteger => "False.", "(2^70 + *).IsInteger", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsNimber => "False.", "(2^70 + *).IsNimber", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsZero => "False.", "(2^70 + *).IsZero", |_, _, _, _| Ok(boolean(false))),
    // x != 0 in normal form, so the Left stop x is not 0.
    crate::member!(IsInfinitesimal => "False: x is not 0.", "(2^70 + ^).IsInfinitesimal", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsNumberish => "Whether G is a number plus an infinitesimal.", "(2^70 + ^).IsNumberish", |m, s, this, _| {
        let (_, g) = this_parts(m, s, this)?;
        Ok(boolean(m.games.is_numberish(g)))
    }),
    crate::member!(IsUptimal => "Whether G is uptimal.", "(2^70 + ^).IsUptimal", |m, s, this, _| {
        let (_, g) = this_parts(m, s, this)?;
        Ok(boolean(m.games.is_uptimal(g)))
    }),
];

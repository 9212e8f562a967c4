//! CGSuite's `game.TransfiniteNimber`: `*α` for an infinite ordinal `α` (`*omega`, `*(omega×2+3)`).
//!
//! As in CGSuite 2.2 such a nimber is only shown, compared for equality and multiplied (`ConwayProduct`, the
//! nim product of the ordinals: Conway, ONAG ch. 6); CGSuite 2.2 has no sum, negative or order for it, and
//! cgs gives the same "No operation" errors. Finite nimbers stay short games.

use super::surreal::to_surreal;
use super::{boolean, member, Member, Site};
use crate::game::number::ordinal::GenOrd;
use crate::game::number::ordinal_nim;
use crate::game::{Games, Outcome};
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::object::{downcast_ref, Object};
use crate::interp::value::{game_value, Value};
use num_traits::One;
use std::cmp::Ordering;
use std::rc::Rc;

/// `*α` for an infinite ordinal `α`.
#[derive(Debug)]
pub struct TransfiniteNimber(GenOrd);

/// `*v` when `v` is not an integer: a transfinite nimber for an infinite ordinal, CGSuite's error for a
/// generalized ordinal that is not an ordinal; `None` for other values (the caller's usual error).
pub fn star(v: &Value) -> Option<Result<Value, ErrorKind>> {
    let s = to_surreal(v)?;
    let g = s.as_gen()?;
    if g.as_integer().is_some() {
        return None;
    }
    if !g.is_ordinal() {
        let mut shown = String::new();
        g.write(&mut shown);
        return Some(Err(ErrorKind::InvalidArgument { message: format!("Nim value is not an ordinal: {shown}") }));
    }
    Some(Ok(Value::Object(Rc::new(TransfiniteNimber(g.clone())))))
}

/// The nimber `*α` as a value: a short nimber when `α` is finite.
fn nimber(games: &mut Games, a: GenOrd) -> Result<Value, ErrorKind> {
    match a.as_integer() {
        Some(n) => {
            let n = crate::game::number::Nim::from_big(&n.to_biguint().ok_or(ErrorKind::Overflow)?);
            let g = games.nimber_of(n);
            Ok(game_value(games, g))
        }
        None => Ok(Value::Object(Rc::new(TransfiniteNimber(a)))),
    }
}

/// The ordinal `α` of a nimber `*α` (finite or not).
fn ordinal_of(m: &mut Machine, v: &Value) -> Option<GenOrd> {
    if let Value::Object(o) = v {
        return downcast_ref::<TransfiniteNimber>(&**o).map(|t| t.0.clone());
    }
    if matches!(v, Value::Integer(n) if n.is_zero()) {
        return Some(GenOrd::zero());
    }
    let Value::Game(g) = v else { return None };
    m.games.nim_value(*g).map(|n| GenOrd::int(n.to_big().into()))
}

impl Object for TransfiniteNimber {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "TransfiniteNimber"
    }
    fn display(&self, _: &mut Games) -> String {
        let mut s = String::new();
        self.0.write(&mut s);
        // CGSuite 2.2: `*ω`, `*ω^(ω+1)`, but `*(ω×2)`, `*(ω+1)`: parentheses unless α is one power of ω.
        let single = self.0.terms().len() == 1 && self.0.terms()[0].coef.is_one();
        if single {
            format!("*{s}")
        } else {
            format!("*({s})")
        }
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        downcast_ref::<TransfiniteNimber>(other).map(|o| self.0.cmp(&o.0))
    }
    fn members(&self) -> &'static [Member] {
        TRANSFINITE_NIMBER
    }
}

fn this_ordinal(s: &Site, this: &Value) -> Result<GenOrd, EvalError> {
    match this {
        Value::Object(o) => downcast_ref::<TransfiniteNimber>(&**o).map(|t| t.0.clone()).ok_or_else(|| s.bug()),
        _ => Err(s.bug()),
    }
}

/// Members of a transfinite nimber.
pub static TRANSFINITE_NIMBER: &[Member] = crate::member_table![
    crate::member!(ConwayProduct(that: Game) => "The product of two nimbers in Conway's field On_2 (the nim product of their ordinals).", "(*omega).ConwayProduct(*2)", |m, s, this, args| {
        let a = this_ordinal(s, this)?;
        let b = ordinal_of(m, &args[0]).ok_or_else(|| s.wrong_type(0, "TransfiniteNimber", &args[0]))?;
        let poll = || m.games.poll_interrupt();
        let r = ordinal_nim::nim_product(&a, &b, &poll)
            .map_err(|_| s.err(ErrorKind::InvalidArgument { message: "NimProduct out of range.".to_string() }))?;
        nimber(m.games, r).map_err(|k| s.err(k))
    }),
    // CGSuite 2.2's `NormalValue` predicates on `*α` (α infinite), each checked with cgsuite-eval: a nimber,
    // infinitesimal, all-small, uptimal, numberish, a loopfree stopper; not finite (its birthday is α), not 0.
    member("IsAllSmall", 0, |_, _, _, _| Ok(boolean(true))).doc(
        "",
        "True: a nimber is all-small.",
        "(*omega).IsAllSmall",
    ),
    member("IsFinite", 0, |_, _, _, _| Ok(boolean(false))).doc(
        "",
        "False: its birthday is infinite.",
        "(*omega).IsFinite",
    ),
    member("IsIdempotent", 0, |_, _, _, _| Ok(boolean(false))).doc(
        "",
        "False: *α + *α is 0, not *α.",
        "(*omega).IsIdempotent",
    ),
    member("IsInfinitesimal", 0, |_, _, _, _| Ok(boolean(true))).doc(
        "",
        "True: a nonzero nimber is infinitesimal.",
        "(*omega).IsInfinitesimal",
    ),
    member("IsInteger", 0, |_, _, _, _| Ok(boolean(false))).doc("", "False.", "(*omega).IsInteger"),
    member("IsLoopfree", 0, |_, _, _, _| Ok(boolean(true))).doc("", "True.", "(*omega).IsLoopfree"),
    member("IsNimber", 0, |_, _, _, _| Ok(boolean(true))).doc("", "True.", "(*omega).IsNimber"),
    member("IsNumber", 0, |_, _, _, _| Ok(boolean(false))).doc("", "False.", "(*omega).IsNumber"),
    member("IsNumberish", 0, |_, _, _, _| Ok(boolean(true))).doc(
        "",
        "True: 0 plus an infinitesimal.",
        "(*omega).IsNumberish",
    ),
    member("IsNumberTiny", 0, |_, _, _, _| Ok(boolean(false))).doc("", "False.", "(*omega).IsNumberTiny"),
    member("IsOrdinal", 0, |_, _, _, _| Ok(boolean(false))).doc("", "False.", "(*omega).IsOrdinal"),
    member("IsPlumtree", 0, |_, _, _, _| Ok(boolean(true))).doc("", "True.", "(*omega).IsPlumtree"),
    member("IsPseudonumber", 0, |_, _, _, _| Ok(boolean(false))).doc("", "False.", "(*omega).IsPseudonumber"),
    member("IsStopper", 0, |_, _, _, _| Ok(boolean(true))).doc("", "True.", "(*omega).IsStopper"),
    member("IsStopperSided", 0, |_, _, _, _| Ok(boolean(true))).doc("", "True.", "(*omega).IsStopperSided"),
    member("IsUptimal", 0, |_, _, _, _| Ok(boolean(true))).doc("", "True (CGSuite 2.2).", "(*omega).IsUptimal"),
    member("IsZero", 0, |_, _, _, _| Ok(boolean(false))).doc("", "False.", "(*omega).IsZero"),
    // A nonzero nimber: the first player wins.
    crate::member!(OutcomeClass => "`N`: a nonzero nimber is a first-player win.", "(*omega).OutcomeClass", |_, _, _, _| Ok(Value::Outcome(Outcome::N))),
];

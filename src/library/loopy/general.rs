//! Sided values whose sides are not both stoppers (Bach's carousel, `shared/LOOPY.md` §2.5), type
//! `SidedValue`: sides kept as simplified graphs ([`SideValue`]), compared side by side with the side-aware
//! comparison, added as graph products simplified again, printed `S & T`.

use super::value::*;
use crate::game::loopy::{SideValue, Stopper};
use crate::game::{GameId, Games, Outcome};
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::object::{downcast_ref, Object};
use crate::interp::value::Value;
use crate::library::{boolean, Member, Site};
use crate::syntax::ast::BinOp;
use crate::syntax::span::Span;
use std::cmp::Ordering;
use std::rc::Rc;

/// A sided value with at least one side that is not a stopper.
#[derive(Debug)]
pub struct GeneralSided {
    /// The onside.
    pub on: SideValue,
    /// The offside.
    pub off: SideValue,
    text: String,
}

impl Object for GeneralSided {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        trace_side(t, &self.on);
        trace_side(t, &self.off);
        true
    }
    fn type_name(&self) -> &'static str {
        "SidedValue"
    }
    fn display(&self, _: &mut Games) -> String {
        self.text.clone()
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        downcast_ref::<GeneralSided>(other).map(|o| self.text.cmp(&o.text))
    }
    fn members(&self) -> &'static [Member] {
        GENERAL
    }
    fn binary(
        &self,
        m: &mut Machine,
        op: BinOp,
        lhs: &Value,
        rhs: &Value,
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        general_binary(m, op, lhs, rhs).map(|r| r.map_err(|k| EvalError::new(k, span)))
    }
    fn negate(&self, m: &mut Machine, _this: &Value, span: Span) -> Option<Result<Value, EvalError>> {
        let (a, g) = parts(m);
        let on = a.side_neg(g, &self.off);
        let off = a.side_neg(g, &self.on);
        Some(make_general(m, on, off).map_err(|k| EvalError::new(k, span)))
    }
}

/// The value with these sides: a stopper, a stopper-sided value or a [`GeneralSided`].
pub fn make_general(m: &mut Machine, on: SideValue, off: SideValue) -> Result<Value, ErrorKind> {
    if let (SideValue::Stopper(s), SideValue::Stopper(t)) = (&on, &off) {
        return make(m, *s, *t);
    }
    let (a, g) = parts(m);
    let text = format!("{} & {}", a.display_side(g, &on).map_err(engine)?, a.display_side(g, &off).map_err(engine)?);
    Ok(Value::Object(Rc::new(GeneralSided { on, off, text })))
}

/// The sides of a game, a loopy value or a general sided value.
pub fn side_values(m: &mut Machine, v: &Value) -> Option<Result<(SideValue, SideValue), ErrorKind>> {
    if let Some(x) = loopy_sides(v) {
        return Some(Ok(x));
    }
    sides_of(m, v).map(|r| r.map(|(s, t)| (SideValue::Stopper(s), SideValue::Stopper(t))))
}

/// The sides of a loopy value (a stopper with cycles, a sided value or a general sided value); `None` for every
/// other value, short games included.
pub fn loopy_sides(v: &Value) -> Option<(SideValue, SideValue)> {
    let Value::Object(o) = v else { return None };
    if let Some(x) = downcast_ref::<GeneralSided>(&**o) {
        return Some((x.on.clone(), x.off.clone()));
    }
    downcast_ref::<LoopyValue>(&**o).map(|l| (SideValue::Stopper(l.on), SideValue::Stopper(l.off)))
}

fn this_sides(m: &mut Machine, s: &Site, v: &Value) -> Result<(SideValue, SideValue), EvalError> {
    match side_values(m, v) {
        Some(r) => r.map_err(|k| s.err(k)),
        None => Err(s.bug()),
    }
}

fn sum(m: &mut Machine, x: &(SideValue, SideValue), y: &(SideValue, SideValue)) -> Result<Value, ErrorKind> {
    let (on, off) = sum_side_values(m, x, y)?;
    make_general(m, on, off)
}

/// The sides of the sum of two values given by their sides.
pub fn sum_side_values(
    m: &mut Machine,
    x: &(SideValue, SideValue),
    y: &(SideValue, SideValue),
) -> Result<(SideValue, SideValue), ErrorKind> {
    let (a, g) = parts(m);
    let on = a.side_sum(g, &x.0, &y.0, true).map_err(engine)?;
    let off = a.side_sum(g, &x.1, &y.1, false).map_err(engine)?;
    Ok((on, off))
}

fn le(m: &mut Machine, x: &(SideValue, SideValue), y: &(SideValue, SideValue)) -> Result<bool, ErrorKind> {
    let (a, g) = parts(m);
    Ok(a.side_le(g, &x.0, &y.0, true).map_err(engine)? && a.side_le(g, &x.1, &y.1, false).map_err(engine)?)
}

/// The sides of the negative of a value given by its sides.
pub fn neg(m: &mut Machine, x: &(SideValue, SideValue)) -> (SideValue, SideValue) {
    let (a, g) = parts(m);
    (a.side_neg(g, &x.1), a.side_neg(g, &x.0))
}

/// Operators with a general sided operand.
fn general_binary(m: &mut Machine, op: BinOp, a: &Value, b: &Value) -> Option<Result<Value, ErrorKind>> {
    if op == BinOp::Sidle {
        return Some(sidle(m, a, b));
    }
    let x = side_values(m, a)?;
    let y = side_values(m, b)?;
    let (x, y) = match (x, y) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(e), _) | (_, Err(e)) => return Some(Err(e)),
    };
    let r = (|| {
        let truth = match op {
            BinOp::Add => return sum(m, &x, &y),
            BinOp::Sub => {
                let ny = neg(m, &y);
                return sum(m, &x, &ny);
            }
            BinOp::Eq => le(m, &x, &y)? && le(m, &y, &x)?,
            BinOp::Ne => !(le(m, &x, &y)? && le(m, &y, &x)?),
            BinOp::Le => le(m, &x, &y)?,
            BinOp::Ge => le(m, &y, &x)?,
            BinOp::Lt => le(m, &x, &y)? && !le(m, &y, &x)?,
            BinOp::Gt => le(m, &y, &x)? && !le(m, &x, &y)?,
            BinOp::Confused => !le(m, &x, &y)? && !le(m, &y, &x)?,
            BinOp::LessOrConfused => !le(m, &y, &x)?,
            BinOp::GreaterOrConfused => !le(m, &x, &y)?,
            _ => {
                return Err(ErrorKind::NoOperation {
                    op: op.symbol(),
                    types: vec![a.type_name().into(), b.type_name().into()],
                })
            }
        };
        Ok(Value::Boolean(truth))
    })();
    Some(r)
}

/// The outcome class of one side (compared with 0 in that side's sense).
pub fn side_class(m: &mut Machine, x: &SideValue, onside: bool) -> Result<Outcome, ErrorKind> {
    let zero = SideValue::Stopper(Stopper::Short(GameId(0)));
    let (a, g) = parts(m);
    let ge = a.side_le(g, &zero, x, onside).map_err(engine)?;
    let le = a.side_le(g, x, &zero, onside).map_err(engine)?;
    Ok(match (ge, le) {
        (true, true) => Outcome::P,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::N,
    })
}

/// The outcome class of a value given by its sides (with draws where the sides disagree).
pub fn outcome_of_sides(m: &mut Machine, x: &(SideValue, SideValue)) -> Result<Value, ErrorKind> {
    let a = side_class(m, &x.0, true)?;
    let b = side_class(m, &x.1, false)?;
    outcome_of_classes(a, b)
}

/// Members of general sided values (CGSuite's `SidedValue`).
pub static GENERAL: &[Member] = crate::member_table![
    crate::member!(OutcomeClass => "Who wins from the two sides of the value, with draws (`D`, `PHat`, `NCheck`, ...).", "dud.OutcomeClass", |m, s, this, _| {
        let x = this_sides(m, s, this)?;
        outcome_of_sides(m, &x).map_err(|k| s.err(k))
    }),
    crate::member!(IsIdempotent => "Whether G + G = G.", "dud.IsIdempotent", |m, s, this, _| {
        let x = this_sides(m, s, this)?;
        let twice = sum(m, &x, &x).map_err(|k| s.err(k))?;
        let y = this_sides(m, s, &twice)?;
        Ok(boolean(le(m, &x, &y).map_err(|k| s.err(k))? && le(m, &y, &x).map_err(|k| s.err(k))?))
    }),
    crate::member!(IsStopperSided => "Whether both sides of the value are stoppers.", "dud.IsStopperSided", |m, s, this, _| {
        let (on, off) = this_sides(m, s, this)?;
        Ok(boolean(matches!((on, off), (SideValue::Stopper(_), SideValue::Stopper(_)))))
    }),
    crate::member!(IsStopper => "False: a sided value that is not a stopper.", "dud.IsStopper", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsLoopfree => "False: a sided value has cycles.", "dud.IsLoopfree", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsPlumtree => "False: a sided value is not a plumtree.", "dud.IsPlumtree", |_, _, _, _| Ok(boolean(false))),
];

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
    make_checked(m, s, t)
}

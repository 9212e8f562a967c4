//! The loopy family's values and the helpers its files share: [`LoopyValue`] (its `Object` impl, which names the
//! member tables, is in `mod.rs`), the draw outcome classes, the arena borrowed with the short games, the
//! engine's errors as script errors, and the sides of a value. A leaf: it names no other file of the folder.

use crate::game::loopy::{LoopyArena, LoopyError, SideValue, Stopper};
use crate::game::{Games, Outcome};
use crate::interp::error::ErrorKind;
use crate::interp::eval::Machine;
use crate::interp::object::{downcast_ref, Object};
use crate::interp::value::{game_value, Value};
use std::cmp::Ordering;
use std::rc::Rc;

/// A loopy value: a canonical stopper that is not loopfree (onside == offside), or a sided value.
#[derive(Debug)]
pub struct LoopyValue {
    /// The onside.
    pub on: Stopper,
    /// The offside.
    pub off: Stopper,
    pub(super) text: String,
}

impl LoopyValue {
    /// Whether this value is a stopper.
    pub fn is_stopper(&self) -> bool {
        self.on == self.off
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
pub(super) fn trace_stopper(t: &mut crate::interp::gc::Tracer, s: Stopper) {
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

pub(super) fn msg(s: &str) -> ErrorKind {
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

pub(super) fn loopy_of(v: &Value) -> Option<&LoopyValue> {
    match v {
        Value::Object(o) => downcast_ref::<LoopyValue>(&**o),
        _ => None,
    }
}

/// The sided value `s & t` after checking that the offside `t` is at most the onside `s` (the error names both).
pub(super) fn make_checked(m: &mut Machine, s: Stopper, t: Stopper) -> Result<Value, ErrorKind> {
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

pub(super) fn leq(m: &mut Machine, a: Stopper, b: Stopper) -> Result<bool, ErrorKind> {
    let (ar, g) = parts(m);
    ar.leq(g, a, b).map_err(engine)
}

/// The outcome class whose onside class is `a` and offside class `b`: one of L R N P, or a class with draws.
pub fn outcome_of_classes(a: Outcome, b: Outcome) -> Result<Value, ErrorKind> {
    use Outcome::*;
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

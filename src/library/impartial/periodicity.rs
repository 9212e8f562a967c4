//! The `Periodicity` object: an eventual periodicity of a nim-value sequence (`CheckPeriodicity`).

use super::value::*;
use crate::game::Games;
use crate::interp::value::Object;
use std::cmp::Ordering;

/// An eventual periodicity of a nim-value sequence.
#[derive(Debug)]
pub struct PeriodicityObj {
    pub(super) period: usize,
    pub(super) preperiod: usize,
    pub(super) saltus: i64,
}

impl Object for PeriodicityObj {
    fn class_members(&self) -> &'static [&'static [Member]] {
        static TABLES: [&[Member]; 1] = [PERIODICITY];
        &TABLES
    }

    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "Periodicity"
    }
    fn display(&self, _: &mut Games) -> String {
        format!("Periodicity(Period => {}, Preperiod => {}, Saltus => {})", self.period, self.preperiod, self.saltus)
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<PeriodicityObj>()
            .map(|o| (self.period, self.preperiod, self.saltus).cmp(&(o.period, o.preperiod, o.saltus)))
    }
}

pub(super) fn this_periodicity<'v>(s: &Site, this: &'v Value) -> Result<&'v PeriodicityObj, EvalError> {
    downcast::<PeriodicityObj>(this).ok_or_else(|| s.bug())
}

/// Members of a periodicity.
pub static PERIODICITY: &[Member] = crate::member_table![
    crate::member!(Period => "The period of the nim-value sequence.", "Kayles.CheckPeriodicity(300).Period", |_, s, this, _| Ok(Value::int(this_periodicity(s, this)?.period as u64))),
    crate::member!(Preperiod => "The number of heaps before the sequence becomes periodic.", "Kayles.CheckPeriodicity(300).Preperiod", |_, s, this, _| Ok(Value::int(this_periodicity(s, this)?.preperiod as u64))),
    crate::member!(Saltus => "The saltus: how much the nim values grow each period (0 for a purely periodic sequence).", "Kayles.CheckPeriodicity(300).Saltus", |_, s, this, _| Ok(Value::int(this_periodicity(s, this)?.saltus))),
];

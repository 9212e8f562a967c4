//! The `Periodicity` object: an eventual periodicity of a nim-value sequence (`CheckPeriodicity`).

use super::members::PERIODICITY;
use super::Member;
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

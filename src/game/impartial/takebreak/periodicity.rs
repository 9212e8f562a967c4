//! CGSuite's `CheckPeriodicity`: eventual arithmetic periodicity with a linear length criterion.

/// An eventual (arithmetic) periodicity: `values[n + period] = values[n] + saltus` for every
/// `n >= preperiod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Periodicity {
    /// The first index from which the sequence is periodic.
    pub preperiod: usize,
    /// The period.
    pub period: usize,
    /// The increase per period (0 for a periodic sequence).
    pub saltus: i64,
}

/// When [`check_periodicity`] accepts a periodicity: it needs
/// `preperiod_multiplier·preperiod + period_multiplier·period + offset <= length` and the bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodicityCriteria {
    /// Largest acceptable period (`None`: any).
    pub max_period: Option<usize>,
    /// Largest acceptable preperiod (`None`: any).
    pub max_preperiod: Option<usize>,
    /// Largest acceptable |saltus| (`None`: any; `Some(0)`: pure periodicity).
    pub max_saltus: Option<u64>,
    /// Multiplier of the preperiod in the length test.
    pub preperiod_multiplier: usize,
    /// Multiplier of the period in the length test.
    pub period_multiplier: usize,
    /// Constant of the length test.
    pub offset: usize,
}

impl Default for PeriodicityCriteria {
    /// Any periodicity with at least one full repetition of the period (CGSuite's default).
    fn default() -> Self {
        PeriodicityCriteria {
            max_period: None,
            max_preperiod: None,
            max_saltus: None,
            preperiod_multiplier: 1,
            period_multiplier: 1,
            offset: 0,
        }
    }
}

impl PeriodicityCriteria {
    fn accepts(&self, pre: usize, per: usize, saltus: i64, len: usize) -> bool {
        self.max_preperiod.is_none_or(|m| pre <= m)
            && self.max_period.is_none_or(|m| per <= m)
            && self.max_saltus.is_none_or(|m| saltus.unsigned_abs() <= m)
            && self.preperiod_multiplier * pre + self.period_multiplier * per + self.offset <= len
    }
}

/// CGSuite's periodicity test on a whole sequence: the eventual arithmetic periodicity with the
/// largest preperiod-from-the-end that the criteria accept, found from the end of the sequence by a
/// failure-function scan of the difference sequence (as CGSuite's `PeriodicityChecker`).
pub fn check_periodicity(values: &[i64], criteria: &PeriodicityCriteria) -> Option<Periodicity> {
    let len = values.len();
    if len < 2 {
        return None;
    }
    let top = len - 1;
    let diff = |i: usize| values[i] - values[i + 1];
    // link[i]: for the suffix of differences starting at i, one past the end of its shortest
    // repeating block (so link[i] - i is the suffix's least period).
    let mut link = vec![0usize; len];
    link[top] = top + 1;
    for i in (0..top).rev() {
        if i % 4096 == 0 {
            crate::game::budget::poll();
        }
        let mut p = link[i + 1];
        while p < len {
            if diff(i) == diff(p - 1) {
                break;
            }
            p = link[p];
        }
        link[i] = p - 1;
        if link[i] > link[i + 1] {
            let pre = i + 1;
            let per = link[pre] - pre;
            if per + link[pre] <= top + 1 {
                let saltus = values[top] - values[top - per];
                if criteria.accepts(pre, per, saltus, len) {
                    return Some(Periodicity { preperiod: pre, period: per, saltus });
                }
            }
        }
    }
    let per = link[0];
    if per < top {
        let saltus = values[top] - values[top - per];
        if criteria.accepts(0, per, saltus, len) {
            return Some(Periodicity { preperiod: 0, period: per, saltus });
        }
    }
    None
}

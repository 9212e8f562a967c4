//! An uptimal expansion `x.a1a2… + *m` (CGSuite's `UptimalExpansion`), a leaf: the value type, its
//! arithmetic on coefficients and its printing. The arena caches expansions, and `uptimal.rs` recognises
//! them.

use crate::game::number::Nim;
use crate::game::Dyadic;
use std::cmp::Ordering;

/// An uptimal expansion `number.a1 a2 … an + *nim` (coefficients of ↑¹, ↑², …).
///
/// The coefficients are kept as runs of equal values: the expansions of a chain such as `* : n` or `Up(n)`
/// (`*.11…1`) are one run each, so recognising and caching all the levels of a chain takes linear time and
/// memory (a vector per level took quadratic: gigabytes for `* : 40000`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UptimalExpansion {
    /// The number part.
    pub number: crate::game::Dyadic,
    /// (value, count) runs of the coefficients of ↑¹, ↑², …: counts positive, neighbours of different
    /// values, the last value nonzero.
    runs: Vec<(i64, usize)>,
    /// The number of coefficients (the sum of the counts).
    len: usize,
    /// The nimber part.
    pub nim: Nim,
}

impl UptimalExpansion {
    /// An expansion, trimming trailing zero coefficients.
    pub fn new(number: Dyadic, coefficients: Vec<i64>, nim: Nim) -> UptimalExpansion {
        UptimalExpansion::from_runs(number, coefficients.into_iter().map(|c| (c, 1)), nim)
    }
    /// An expansion from runs of coefficients (any counts and neighbours), normalised.
    fn from_runs(number: Dyadic, runs: impl IntoIterator<Item = (i64, usize)>, nim: Nim) -> UptimalExpansion {
        let mut out: Vec<(i64, usize)> = Vec::new();
        for (v, k) in runs {
            match out.last_mut() {
                _ if k == 0 => {}
                Some((w, n)) if *w == v => *n += k,
                _ => out.push((v, k)),
            }
        }
        if out.last().is_some_and(|&(v, _)| v == 0) {
            out.pop();
        }
        let len = out.iter().map(|r| r.1).sum();
        UptimalExpansion { number, runs: out, len, nim }
    }
    /// The coefficients of ↑¹, ↑², … (no trailing zeros).
    pub fn coefficients(&self) -> Vec<i64> {
        self.runs.iter().flat_map(|&(v, k)| std::iter::repeat_n(v, k)).collect()
    }
    /// The index of the last nonzero coefficient (0 if none).
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether there are no ups at all.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The coefficient of ↑ⁿ (1-based; 0 beyond the length).
    pub fn coef(&self, n: usize) -> i64 {
        if n == 0 || n > self.len {
            return 0;
        }
        if n == self.len {
            return self.runs.last().map_or(0, |r| r.0);
        }
        let mut start = 0;
        for &(v, k) in &self.runs {
            if n <= start + k {
                return v;
            }
            start += k;
        }
        0
    }
    /// Adds 1 to the first `to_length` coefficients (the missing ones counting as 0) and toggles `*` if asked.
    pub(super) fn increment(&self, with_star: bool, to_length: usize) -> UptimalExpansion {
        let mut runs = Vec::with_capacity(self.runs.len() + 2);
        let mut start = 0;
        for &(v, k) in &self.runs {
            let inside = to_length.saturating_sub(start).min(k);
            runs.push((v + 1, inside));
            runs.push((v, k - inside));
            start += k;
        }
        runs.push((1, to_length.saturating_sub(self.len)));
        UptimalExpansion::from_runs(self.number, runs, self.nim ^ u64::from(with_star))
    }
    /// The expansion of the negative.
    pub fn negate(&self) -> UptimalExpansion {
        UptimalExpansion::from_runs(-self.number, self.runs.iter().map(|&(v, k)| (-v, k)), self.nim)
    }
    pub(super) fn truncate_to(&self, n: usize) -> UptimalExpansion {
        let mut runs = Vec::new();
        let mut start = 0;
        for &(v, k) in &self.runs {
            if start >= n {
                break;
            }
            runs.push((v, k.min(n - start)));
            start += k;
        }
        UptimalExpansion::from_runs(self.number, runs, self.nim)
    }
    pub(super) fn sharply_truncate_to(&self, n: usize) -> UptimalExpansion {
        let t = self.truncate_to(n);
        if t.is_empty() {
            UptimalExpansion::new(self.number, Vec::new(), Nim::ZERO)
        } else {
            t
        }
    }
    pub(super) fn rightmost_coefficient_leq(&self, n: i64) -> usize {
        let mut end = self.len;
        for &(v, k) in self.runs.iter().rev() {
            if v <= n {
                return end;
            }
            end -= k;
        }
        0
    }
    pub(super) fn is_confused(&self) -> bool {
        if self.nim == 0 {
            return false;
        }
        if self.is_empty() || self.coef(1) == 0 {
            return true;
        }
        if self.nim >= 2 {
            return false;
        }
        let positive = self.coef(1) > 0;
        for &(c, _) in &self.runs {
            if (!positive && c < -1) || (positive && c > 1) {
                return false;
            }
            if (!positive && c > -1) || (positive && c < 1) {
                return true;
            }
        }
        true
    }
    /// Exactly one nonzero coefficient, and it is ±1 (CGSuite's `isUnit`; true for no coefficients).
    pub fn is_unit(&self) -> bool {
        let nonzero: usize = self.runs.iter().filter(|r| r.0 != 0).map(|r| r.1).sum();
        nonzero <= 1 && self.runs.iter().all(|r| r.0 == 0 || r.0.abs() == 1)
    }
    /// All coefficients equal to the same ±1 (CGSuite's `isUnitSum`; true for no coefficients).
    pub fn is_unit_sum(&self) -> bool {
        match self.runs.as_slice() {
            [] => true,
            [(c, _)] => c.abs() == 1,
            _ => false,
        }
    }
    /// CGSuite's ordering of uptimal expansions (number part, coefficients, length, nimber part).
    pub fn compare(&self, other: &UptimalExpansion) -> Ordering {
        self.number
            .cmp(&other.number)
            .then_with(|| {
                // The first difference within the common length, walking both lists of runs.
                let (mut i, mut j, mut left_i, mut left_j) = (0, 0, 0, 0);
                while i < self.runs.len() && j < other.runs.len() {
                    let (a, ka) = self.runs[i];
                    let (b, kb) = other.runs[j];
                    if a != b {
                        return a.cmp(&b);
                    }
                    let (ra, rb) = (ka - left_i, kb - left_j);
                    let step = ra.min(rb);
                    left_i += step;
                    left_j += step;
                    if left_i == ka {
                        i += 1;
                        left_i = 0;
                    }
                    if left_j == kb {
                        j += 1;
                        left_j = 0;
                    }
                }
                Ordering::Equal
            })
            .then_with(|| self.len().cmp(&other.len()))
            .then_with(|| self.nim.cmp(&other.nim))
    }
}

impl std::fmt::Display for UptimalExpansion {
    /// CGSuite's form: `x*m.d1d2…` with digits `0-9A-Z`, `(d)` beyond, and `-` after a negative digit.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.nim == 0 || !self.number.is_zero() {
            write!(f, "{}", self.number)?;
        }
        if self.nim != 0 {
            write!(f, "*")?;
            if self.nim >= 2 {
                write!(f, "{}", self.nim)?;
            }
        }
        write!(f, ".")?;
        if self.is_empty() {
            write!(f, "0")?;
        }
        for c in self.coefficients() {
            let d = c.unsigned_abs();
            if d < 10 {
                write!(f, "{d}")?;
            } else if d < 36 {
                write!(f, "{}", (b'A' + (d - 10) as u8) as char)?;
            } else {
                write!(f, "({d})")?;
            }
            if c < 0 {
                write!(f, "-")?;
            }
        }
        Ok(())
    }
}

//! Uptimal expansions (CGSuite's `Uptimal`): games of the form number + Σ aᵢ·↑ⁱ + *n.
//!
//! A game is *uptimal* if it equals `x + a₁·↑ + a₂·↑² + … + aₖ·↑ᵏ + *m` (↑ⁱ is `^.Pow(i)`). Recognition
//! follows CGSuite: a non-NUS candidate has exactly one Right option (or, for the negative case, one
//! Left option), all of its options are uptimal with the same number part, and the expansion is the
//! Right option's expansion "incremented"; the Left options are then checked against the four shapes
//! (a)–(d) the canonical form of an uptimal can take. Results are cached per id.

use crate::game::number::Nim;
use crate::game::{Dyadic, GameError, GameId, Games};
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
    fn increment(&self, with_star: bool, to_length: usize) -> UptimalExpansion {
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
    fn truncate_to(&self, n: usize) -> UptimalExpansion {
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
    fn sharply_truncate_to(&self, n: usize) -> UptimalExpansion {
        let t = self.truncate_to(n);
        if t.is_empty() {
            UptimalExpansion::new(self.number, Vec::new(), Nim::ZERO)
        } else {
            t
        }
    }
    fn rightmost_coefficient_leq(&self, n: i64) -> usize {
        let mut end = self.len;
        for &(v, k) in self.runs.iter().rev() {
            if v <= n {
                return end;
            }
            end -= k;
        }
        0
    }
    fn is_confused(&self) -> bool {
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

impl Games {
    /// `G.UptimalExpansion`, or an error if G is not uptimal.
    pub fn uptimal_expansion(&mut self, g: GameId) -> Result<UptimalExpansion, GameError> {
        self.uptimal_of(g).ok_or(GameError::NotUptimal(g))
    }
    /// `G.IsUptimal`.
    pub fn is_uptimal(&mut self, g: GameId) -> bool {
        self.uptimal_of(g).is_some()
    }

    /// The uptimal expansion of `g`, if it has one (cached).
    pub(crate) fn uptimal_of(&mut self, g: GameId) -> Option<UptimalExpansion> {
        if let Some(v) = self.nus(g) {
            return Some(UptimalExpansion::new(v.num, vec![v.ups], v.nim));
        }
        if let Some(u) = self.uptimal_cache.get(&g) {
            return u.clone();
        }
        self.poll_interrupt();
        let mut ue = self.uptimal_positive(g);
        if ue.is_none() {
            let ng = self.neg(g);
            ue = self.uptimal_positive(ng).map(|u| u.negate());
        }
        crate::game::budget::check_growth(&self.uptimal_cache);
        self.uptimal_cache.insert(g, ue.clone());
        // The expansions grow with the depth (`* : n` caches n expansions of up to n coefficients), and
        // they are allocated on the way back up: poll here too, so the budget stops a quadratic walk.
        self.poll_interrupt();
        ue
    }

    /// The expansion of `g` assuming its last coefficient is positive.
    fn uptimal_positive(&mut self, g: GameId) -> Option<UptimalExpansion> {
        if self.right_slice(g).len() != 1 {
            return None;
        }
        let gr = self.right_slice(g)[0];
        let r = self.uptimal_of(gr)?;
        let mut ls = Vec::new();
        for o in self.left_options(g) {
            let e = self.uptimal_of(o)?;
            if e.number != r.number {
                return None;
            }
            ls.push(e);
        }
        // CGSuite scans Left options with the nimbers first, in order.
        ls.sort_by(|a, b| a.len().cmp(&b.len()).then(a.nim.cmp(&b.nim)));
        let max_len = ls.iter().map(UptimalExpansion::len).max().unwrap_or(0);
        if !r.is_empty() && r.coef(r.len()) > 0 {
            let p = r.increment(true, r.len());
            if valid_expansion(&p, &ls, &r) {
                return Some(p);
            }
        }
        let p = r.increment(true, r.len().max(max_len) + 1);
        valid_expansion(&p, &ls, &r).then_some(p)
    }
}

/// Whether Left options `ls` (and Right option `r`) are those of the canonical form of `exp`.
fn valid_expansion(exp: &UptimalExpansion, ls: &[UptimalExpansion], r: &UptimalExpansion) -> bool {
    let mut matches_base = None;
    let mut first_non_nimber = ls.len();
    for (i, l) in ls.iter().enumerate() {
        if first_non_nimber == ls.len() && (!l.is_empty() || l.nim != i as u64) {
            first_non_nimber = i;
        }
        if l.nim == r.nim {
            if matches_base.is_some() {
                return false;
            }
            matches_base = Some(i);
        }
    }
    let last_consecutive_nimber = first_non_nimber as i64 - 1;
    let rightmost_negative = exp.rightmost_coefficient_leq(-1);
    let rightmost_nonpositive = exp.rightmost_coefficient_leq(0);
    let cut = if exp.coef(exp.len()) == 1 { exp.len() - 1 } else { rightmost_nonpositive };
    if rightmost_negative >= 1 {
        match (ls.len(), matches_base) {
            (2, Some(i)) => {
                let t = exp.truncate_to(rightmost_negative);
                let expected1 = t.increment(true, t.len());
                ls[i] == expected1 && ls[1 - i] == exp.truncate_to(cut)
            }
            _ => false,
        }
    } else if exp.coef(1) == 0 {
        exp.nim.to_u64().is_some_and(|n| ls.len() as u64 == n + 1 && last_consecutive_nimber >= n as i64 - 1)
            && ls[ls.len() - 1] == exp.truncate_to(cut)
    } else if exp.coef(1) == 1 && exp.is_confused() {
        ls.len() == 2 && ls[0].nim == 0 && ls[0].is_empty() && ls[1] == exp.truncate_to(cut)
    } else {
        ls.len() == 1 && ls[0] == exp.sharply_truncate_to(cut)
    }
}

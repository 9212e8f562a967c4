//! Sumbers: sums of Kao's ups ↑(d) of dyadic order d, their downs, and star.
//!
//! Reference: Kuo-Yuan Kao, *Sumbers – sums of ups and downs* (2005).
//!
//! * ↑(d) for a dyadic d is `{↑(dL), * | *, ↑(dR)}` where dL, dR are the canonical (simplest-form) options of
//!   the number d; ↑(0) = 0, ↑(1) = ↑, ↑(-d) = -↑(d) ([`Games::up_order`]).
//! * A [`Sumber`] is kept in the paper's standard form `s0·* + Σ s_k·↑(d_k)` with s0 ∈ {0,1}, s_k ≠ 0 and
//!   0 < d_1 < d_2 < … . All sumber arithmetic and comparison is symbolic: comparison is Theorem 1 (the outcome
//!   rule) applied to a difference, so no game is built.
//! * [`Games::sumber_form`] decides whether a canonical game is a sumber. Every follower of a canonical sumber
//!   is itself a sumber (canonical options arise from the options of a sum of ups by deletion and reversal),
//!   so the options are classified first, recursively (memoised per call). A game whose options are all
//!   sumbers is then classified by the simplification rule (Theorems 2 and 3): the answer is 0, `*`, or
//!   `C_m + * + ↑(p)` with C a Right option, m a cut of C and p the simplest number of the critical section.
//!
//! Two corrections to the paper, both found by the tests and checked by brute force on literal game trees:
//!
//! * Definition 1 prints S^m = Σ_{d_k ≥ m} s_k·↑(d_k) − Σ_{d_k < m} s_k·↑(m); its own Example 1 (and the
//!   requirement that the upper section have net weight 0) needs the coefficient Σ_{d_k ≥ m} s_k instead.
//! * The rule as printed is incomplete (it never gives a wrong value, but misses sumbers). Theorem 2's
//!   "without loss of generality" fails for `{↑* | 0} = ↑(1) − ↑(2)`; Theorem 3's case 2(a) misses
//!   `{4↑* | ⇑*, 3↑} = 4↑(1) − ↑(2)`; and `{−↑(3/4), * − 2↑(3/4) | −3↑(3/4)} = * − 3↑(3/4) + ↑(1)` has no
//!   Left option ≥ 0 in either orientation. All of these are `C_m + * + ↑(p)` for a cut m of C that is not
//!   the minimum cut.
//!
//! So the classification does not rest on the paper's case analysis. The candidates are: the paper's answer
//! ([`Sumber::simplify`]), then `C_m + * + ↑(p)` for both orientations (G and −G), every Right option C and
//! every cut m of C, then 0 and `*`. Each candidate S must satisfy G^L <| S <| G^R symbolically and is then
//! built in the arena and compared by id with G, so a reported form is always exact. Completeness is
//! established empirically: every game born by day 3, and the canonical forms (with all their followers) of
//! thousands of random sumbers, are recognised (see the tests).

use std::collections::HashMap;
use std::fmt;
use std::ops::{Add, Neg, Sub};

use crate::game::{Cmp, Dyadic, GameId, Games, Outcome};

// ---------------------------------------------------------------------------------------------------------
// Orders are the engine's dyadic rationals; two helpers the order arithmetic needs.
// ---------------------------------------------------------------------------------------------------------

/// The canonical options `(dL, dR)` of the number d in simplest form.
fn number_options(d: Dyadic) -> (Option<Dyadic>, Option<Dyadic>) {
    if d.is_zero() {
        (None, None)
    } else if d.is_integer() {
        if d.signum() > 0 {
            (Some(d - Dyadic::ONE), None)
        } else {
            (None, Some(d + Dyadic::ONE))
        }
    } else {
        let step = Dyadic::unit(d);
        (Some(d - step), Some(d + step))
    }
}

/// An interval of orders `lo ..= hi` (each end open or closed; `hi = None` is unbounded) with `lo ≥ 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Span {
    lo: Dyadic,
    lo_closed: bool,
    hi: Option<Dyadic>,
    hi_closed: bool,
}

impl Span {
    fn contains(&self, x: Dyadic) -> bool {
        let above = if self.lo_closed { x >= self.lo } else { x > self.lo };
        let below = match self.hi {
            None => true,
            Some(h) => {
                if self.hi_closed {
                    x <= h
                } else {
                    x < h
                }
            }
        };
        above && below
    }

    /// The simplest (earliest-born) number in the interval, which is non-empty and has `lo ≥ 0`.
    fn simplest(&self) -> Dyadic {
        debug_assert!(self.lo >= Dyadic::ZERO);
        // With lo ≥ 0 the simplest number is the least integer in the interval if there is one; otherwise the
        // interval lies inside (k, k+1) and the simplest number is its unique point of least denominator.
        let top = self.lo.exp_big().max(self.hi.map_or(0, Dyadic::exp_big)) + 1;
        for e in 0..=top as i64 {
            let scaled = self.lo * Dyadic::pow2(e);
            let mut c = scaled.ceil();
            if !self.lo_closed && c == scaled {
                c = c + Dyadic::ONE;
            }
            let x = c * Dyadic::pow2(-e);
            if self.contains(x) {
                return x;
            }
        }
        self.lo
    }
}

// ---------------------------------------------------------------------------------------------------------
// The symbolic sumber.
// ---------------------------------------------------------------------------------------------------------

/// A sumber in Kao's standard form `s0·* + Σ s_k·↑(d_k)`: s0 ∈ {0,1}, every s_k ≠ 0, orders 0 < d_1 < d_2 < ….
///
/// Arithmetic (`+`, `-`, negation, [`Sumber::times`]) and comparison ([`Sumber::outcome`],
/// [`Sumber::compare`]) are symbolic. [`Games::sumber_value`] builds the canonical game.
///
/// Printed (`Display`) as valid cgs input: `*` first, then the ups in increasing order, e.g.
/// `* + 4*Up(1) - 2*Up(2) + Up(3)`, `Up(1/2) + Up(1)`, `-Up(1)`, `* - 2*Up(3/2)`; zero prints `0`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Sumber {
    star: bool,
    /// (order, coefficient), orders positive and strictly increasing, coefficients non-zero.
    terms: Vec<(Dyadic, i64)>,
}

impl Sumber {
    /// The sumber 0.
    pub fn zero() -> Sumber {
        Sumber::default()
    }

    /// The sumber `*`.
    pub fn star() -> Sumber {
        Sumber { star: true, terms: Vec::new() }
    }

    /// ↑(d) for any dyadic d (↑(0) = 0, ↑(-d) = -↑(d)).
    pub fn up(d: Dyadic) -> Sumber {
        let mut s = Sumber::zero();
        s.add_term(d, 1);
        s
    }

    /// `star·* + Σ c·↑(d)` for arbitrary terms (orders may repeat, be zero or negative; coefficients may be 0).
    pub fn from_terms(star: bool, terms: &[(Dyadic, i64)]) -> Sumber {
        let mut s = Sumber { star, terms: Vec::new() };
        for &(d, c) in terms {
            s.add_term(d, c);
        }
        s
    }

    /// Adds `c·↑(d)`, keeping the standard form.
    fn add_term(&mut self, d: Dyadic, c: i64) {
        if d.is_zero() || c == 0 {
            return;
        }
        let (d, c) = if d.signum() < 0 { (-d, -c) } else { (d, c) };
        match self.terms.binary_search_by(|t| t.0.cmp(&d)) {
            Ok(i) => {
                self.terms[i].1 += c;
                if self.terms[i].1 == 0 {
                    self.terms.remove(i);
                }
            }
            Err(i) => self.terms.insert(i, (d, c)),
        }
    }

    /// s0: whether the standard form contains `*`.
    pub fn has_star(&self) -> bool {
        self.star
    }

    /// The terms `(d_k, s_k)` of the standard form, orders strictly increasing.
    pub fn terms(&self) -> Vec<(Dyadic, i64)> {
        self.terms.iter().map(|&(q, c)| (q, c)).collect()
    }

    /// The orders d_k, strictly increasing.
    pub fn orders(&self) -> Vec<Dyadic> {
        self.terms.iter().map(|t| t.0).collect()
    }

    /// The coefficient of ↑(d) in the standard form (0 if absent; d must be positive).
    pub fn coefficient(&self, d: Dyadic) -> i64 {
        self.terms.iter().find(|t| t.0 == d).map_or(0, |t| t.1)
    }

    /// Whether this is the sumber 0.
    pub fn is_zero(&self) -> bool {
        !self.star && self.terms.is_empty()
    }

    /// The net weight Σ s_k (which is also the atomic weight).
    pub fn net_weight(&self) -> i64 {
        self.terms.iter().map(|t| t.1).sum()
    }

    /// n copies of this sumber (negative n: copies of its negative).
    pub fn times(&self, n: i64) -> Sumber {
        Sumber {
            star: self.star && n % 2 != 0,
            terms: if n == 0 { Vec::new() } else { self.terms.iter().map(|&(d, c)| (d, c * n)).collect() },
        }
    }

    fn toggled_star(&self) -> Sumber {
        Sumber { star: !self.star, terms: self.terms.clone() }
    }

    // --- Theorem 1 ---

    /// S > 0 by Theorem 1: net weight > s0, or net weight = s0 and the least-order coefficient s_1 < 0.
    fn is_positive(&self) -> bool {
        let net = self.net_weight();
        let s0 = self.star as i64;
        net > s0 || (net == s0 && self.terms.first().is_some_and(|t| t.1 < 0))
    }

    /// The outcome class by Kao's sumber outcome rule (Theorem 1).
    pub fn outcome(&self) -> Outcome {
        if self.is_zero() {
            Outcome::P
        } else if self.is_positive() {
            Outcome::L
        } else if (-self).is_positive() {
            Outcome::R
        } else {
            Outcome::N
        }
    }

    fn geq_zero(&self) -> bool {
        matches!(self.outcome(), Outcome::L | Outcome::P)
    }

    fn leq_zero(&self) -> bool {
        matches!(self.outcome(), Outcome::R | Outcome::P)
    }

    /// `self ≥ other`.
    pub fn geq(&self, other: &Sumber) -> bool {
        (self - other).geq_zero()
    }

    /// `self ≤ other`.
    pub fn leq(&self, other: &Sumber) -> bool {
        (self - other).leq_zero()
    }

    /// Compares two sumbers in the game order (Theorem 1 applied to the difference).
    pub fn compare(&self, other: &Sumber) -> Cmp {
        match (self - other).outcome() {
            Outcome::P => Cmp::Equal,
            Outcome::L => Cmp::Greater,
            Outcome::R => Cmp::Less,
            Outcome::N => Cmp::Confused,
        }
    }

    // --- cuts (Definition 1) ---

    /// S^m = Σ_{d_k ≥ m} s_k·↑(d_k) − (Σ_{d_k ≥ m} s_k)·↑(m), which has no `*`, and net weight 0 when
    /// m > 0 (↑(0) = 0, so S^0 is S without its `*`).
    ///
    /// (The paper's displayed formula subtracts Σ_{d_k < m} s_k·↑(m); its Example 1 — and the requirement that
    /// S^m + S_m = S split S into a net-weight-0 upper part — show the intended coefficient is Σ_{d_k ≥ m} s_k.)
    pub fn section_at(&self, m: Dyadic) -> Sumber {
        let mut s = Sumber::zero();
        let mut w = 0;
        for &(d, c) in self.terms.iter().filter(|t| t.0 >= m) {
            s.add_term(d, c);
            w += c;
        }
        s.add_term(m, -w);
        s
    }

    /// Whether S has a cut at m, i.e. S^m ≤ 0.
    pub fn has_cut_at(&self, m: Dyadic) -> bool {
        self.section_at(m).leq_zero()
    }

    /// All cuts among the candidates {0, d_1, …, d_n}, increasing.
    pub fn cuts(&self) -> Vec<Dyadic> {
        self.cut_candidates().filter(|&m| self.section_at(m).leq_zero()).collect()
    }

    fn cut_candidates(&self) -> impl Iterator<Item = Dyadic> + '_ {
        std::iter::once(Dyadic::ZERO).chain(self.terms.iter().map(|t| t.0))
    }

    /// The minimum cut m: the least of {0, d_1, …, d_n} at which S has a cut.
    pub fn min_cut(&self) -> Dyadic {
        // S^{d_n} = 0, so there is always a cut.
        self.cut_candidates().find(|&m| self.section_at(m).leq_zero()).unwrap_or(Dyadic::ZERO)
    }

    /// The upper section S^m at the minimum cut m.
    pub fn upper_section(&self) -> Sumber {
        self.section_at(self.min_cut())
    }

    /// The lower section S_m = S − S^m at the minimum cut m (it carries the `*`).
    pub fn lower_section(&self) -> Sumber {
        self - &self.upper_section()
    }

    // --- critical section and the simplification rule ---

    /// The critical section X for `{lefts | rights}` built on the Right option `c` (one of `rights`): the
    /// numbers x ≥ m (m the minimum cut of C) with ↑(x) |> L − C_m + * for every Left option L and
    /// ↑(x) <| R − C_m + * for every Right option R (Definition 2 / section 4). `None` if empty.
    fn critical_span(lefts: &[Sumber], rights: &[Sumber], c: &Sumber) -> Option<Span> {
        Sumber::critical_span_at(lefts, rights, c, c.min_cut())
    }

    /// The same set built on an arbitrary cut m of C: x ≥ m, with C_m = C − C^m in place of the lower section.
    fn critical_span_at(lefts: &[Sumber], rights: &[Sumber], c: &Sumber, m: Dyadic) -> Option<Span> {
        let shift = (c - &c.section_at(m)).toggled_star(); // C_m + *, subtracted below (−* = *)
        let tl: Vec<Sumber> = lefts.iter().map(|l| l - &shift).collect();
        let tr: Vec<Sumber> = rights.iter().map(|r| r - &shift).collect();
        let holds = |x: Dyadic| {
            let u = Sumber::up(x);
            tl.iter().all(|t| !(t - &u).geq_zero()) && tr.iter().all(|t| !(&u - t).geq_zero())
        };
        // The truth of each condition is constant between consecutive orders occurring in the T's; it is
        // upward closed (Left conditions) or downward closed (Right conditions) in x since ↑(x) increases.
        let mut pts: Vec<Dyadic> = vec![m];
        for t in tl.iter().chain(tr.iter()) {
            pts.extend(t.terms.iter().map(|t| t.0).filter(|&d| d > m));
        }
        pts.sort();
        pts.dedup();
        // Segments: point p_i, then the open interval (p_i, p_{i+1}) or (p_last, ∞).
        let mut found: Option<Span> = None;
        let mut ended = false;
        for (i, &p) in pts.iter().enumerate() {
            let next = pts.get(i + 1).copied();
            let sample = match next {
                Some(n) => (p + n).checked_half().expect("sumber order out of range"),
                None => p + Dyadic::ONE,
            };
            for (lo, lo_closed, hi, hi_closed, x) in [(p, true, Some(p), true, p), (p, false, next, false, sample)] {
                if !holds(x) {
                    ended |= found.is_some();
                } else {
                    debug_assert!(!ended, "critical section is not an interval");
                    match &mut found {
                        None => found = Some(Span { lo, lo_closed, hi, hi_closed }),
                        Some(s) => {
                            s.hi = hi;
                            s.hi_closed = hi_closed;
                        }
                    }
                }
            }
        }
        found
    }

    /// The critical section X(A|B) of `{lefts | rights}` as in the paper: C is the Right option of least net
    /// weight (X is empty when two Right options share that least net weight). Returns `(lo, lo_closed, hi,
    /// hi_closed)` with `hi = None` for an unbounded interval, or `None` when X is empty.
    pub fn critical_section(lefts: &[Sumber], rights: &[Sumber]) -> Option<(Dyadic, bool, Option<Dyadic>, bool)> {
        let c = Sumber::least_net_right(rights)?;
        let s = Sumber::critical_span(lefts, rights, c)?;
        Some((s.lo, s.lo_closed, s.hi, s.hi_closed))
    }

    /// The simplest number of X(lefts | rights), if X is non-empty.
    pub fn critical_simplest(lefts: &[Sumber], rights: &[Sumber]) -> Option<Dyadic> {
        let c = Sumber::least_net_right(rights)?;
        Sumber::critical_span(lefts, rights, c).map(|s| s.simplest())
    }

    fn least_net_right(rights: &[Sumber]) -> Option<&Sumber> {
        let w = rights.iter().map(Sumber::net_weight).min()?;
        let mut it = rights.iter().filter(|r| r.net_weight() == w);
        let c = it.next()?;
        if it.next().is_some() {
            None
        } else {
            Some(c)
        }
    }

    /// `C_m + * + ↑(p)` for the Right option C, if the critical section on C is non-empty.
    fn candidate_on(lefts: &[Sumber], rights: &[Sumber], c: &Sumber) -> Option<Sumber> {
        Sumber::candidate_at(lefts, rights, c, c.min_cut())
    }

    /// `C_m + * + ↑(p)` for the Right option C and a cut m of C, p the simplest number of X on that cut.
    fn candidate_at(lefts: &[Sumber], rights: &[Sumber], c: &Sumber, m: Dyadic) -> Option<Sumber> {
        let x = Sumber::critical_span_at(lefts, rights, c, m)?;
        let mut s = (c - &c.section_at(m)).toggled_star();
        s.add_term(x.simplest(), 1);
        Some(s)
    }

    /// Kao's simplification rule (Theorems 2 and 3) for `{lefts | rights}` whose options are sumbers, applied
    /// literally, without verification: `Some(S)` when the rule says the game equals S, `None` when it says the
    /// game is not a sumber or its case analysis does not apply. The rule is incomplete (see the module notes):
    /// `None` does not prove that the game is not a sumber. [`Games::sumber_form`] is exact.
    pub fn simplify(lefts: &[Sumber], rights: &[Sumber]) -> Option<Sumber> {
        // 1. A <| 0 for all A and B |> 0 for all B: the game is 0.
        if lefts.iter().all(|a| !a.geq_zero()) && rights.iter().all(|b| !b.leq_zero()) {
            return Some(Sumber::zero());
        }
        if lefts.is_empty() || rights.is_empty() {
            return None;
        }
        let neg_l: Vec<Sumber> = rights.iter().map(|r| -r).collect();
        let neg_r: Vec<Sumber> = lefts.iter().map(|l| -l).collect();
        // 2. Orient so that some Left option is ≥ 0 and the net weight of some A + C is ≥ 0.
        let fits = |ls: &[Sumber], rs: &[Sumber]| {
            let Some(c) = rs.iter().map(Sumber::net_weight).min() else {
                return false;
            };
            ls.iter().any(Sumber::geq_zero) && ls.iter().any(|a| a.net_weight() + c >= 0)
        };
        let (ls, rs, flip) = if fits(lefts, rights) {
            (lefts, rights, false)
        } else if fits(&neg_l, &neg_r) {
            (&neg_l[..], &neg_r[..], true)
        } else {
            return None;
        };
        let orient = |s: Sumber| if flip { -s } else { s };
        let c = Sumber::least_net_right(rs)?;
        let w = c.net_weight();
        if w < -1 {
            return None;
        }
        if w >= 0 || !c.leq_zero() {
            // (a) and (b).
            return Sumber::candidate_on(ls, rs, c).map(orient);
        }
        // C has net weight -1 and C < 0.
        let st = Sumber::star();
        let confused_with_star = |s: &Sumber| s.compare(&st) == Cmp::Confused;
        if ls.iter().all(confused_with_star) && rs.iter().all(confused_with_star) {
            return Some(Sumber::star()); // (c)
        }
        // (d): some A > * (keep the orientation), otherwise some C < * (apply the rule to -G).
        if ls.iter().any(|a| a.compare(&st) == Cmp::Greater) {
            Sumber::candidate_on(ls, rs, c).map(orient)
        } else {
            let (nl, nr): (Vec<Sumber>, Vec<Sumber>) =
                (rs.iter().map(|r| -r).collect(), ls.iter().map(|l| -l).collect());
            let c2 = Sumber::least_net_right(&nr)?;
            Sumber::candidate_on(&nl, &nr, c2).map(|s| orient(-s))
        }
    }

    /// All candidate values for `{lefts | rights}`: the paper's answer first, then `C_m + * + ↑(p)` for both
    /// orientations and every Right option, then 0 and `*`; each must still be verified.
    fn candidates(lefts: &[Sumber], rights: &[Sumber]) -> Vec<Sumber> {
        let mut out: Vec<Sumber> = Vec::new();
        let mut push = |s: Sumber| {
            if !out.contains(&s) {
                out.push(s);
            }
        };
        if let Some(s) = Sumber::simplify(lefts, rights) {
            push(s);
        }
        let neg_l: Vec<Sumber> = rights.iter().map(|r| -r).collect();
        let neg_r: Vec<Sumber> = lefts.iter().map(|l| -l).collect();
        for (ls, rs, sign) in [(lefts, rights, 1), (&neg_l[..], &neg_r[..], -1)] {
            for c in rs {
                let cuts: Vec<Dyadic> = c.cut_candidates().filter(|&m| c.section_at(m).leq_zero()).collect();
                for m in cuts {
                    if let Some(s) = Sumber::candidate_at(ls, rs, c, m) {
                        push(s.times(sign));
                    }
                }
            }
        }
        push(Sumber::zero());
        push(Sumber::star());
        out
    }

    /// Necessary conditions for `{lefts | rights} = S`: every Left option L <| S and S <| every Right option R.
    fn fits_between(&self, lefts: &[Sumber], rights: &[Sumber]) -> bool {
        lefts.iter().all(|l| !l.geq(self)) && rights.iter().all(|r| !r.leq(self))
    }
}

impl Neg for &Sumber {
    type Output = Sumber;
    fn neg(self) -> Sumber {
        Sumber { star: self.star, terms: self.terms.iter().map(|&(d, c)| (d, -c)).collect() }
    }
}

impl Neg for Sumber {
    type Output = Sumber;
    fn neg(self) -> Sumber {
        -&self
    }
}

impl Add for &Sumber {
    type Output = Sumber;
    fn add(self, other: &Sumber) -> Sumber {
        let mut s = self.clone();
        s.star = self.star != other.star;
        for &(d, c) in &other.terms {
            s.add_term(d, c);
        }
        s
    }
}

impl Sub for &Sumber {
    type Output = Sumber;
    fn sub(self, other: &Sumber) -> Sumber {
        let mut s = self.clone();
        s.star = self.star != other.star;
        for &(d, c) in &other.terms {
            s.add_term(d, -c);
        }
        s
    }
}

impl Add for Sumber {
    type Output = Sumber;
    fn add(self, other: Sumber) -> Sumber {
        &self + &other
    }
}

impl Sub for Sumber {
    type Output = Sumber;
    fn sub(self, other: Sumber) -> Sumber {
        &self - &other
    }
}

impl fmt::Display for Sumber {
    /// `*` first, then the ups by increasing order: `* + 4*Up(1) - 2*Up(2) + Up(3)`; `0` for zero.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            return write!(f, "0");
        }
        let mut first = true;
        if self.star {
            write!(f, "*")?;
            first = false;
        }
        for &(d, c) in &self.terms {
            let sign = match (first, c < 0) {
                (true, false) => "",
                (true, true) => "-",
                (false, false) => " + ",
                (false, true) => " - ",
            };
            let a = c.unsigned_abs();
            if a == 1 {
                write!(f, "{sign}Up({d})")?;
            } else {
                write!(f, "{sign}{a}*Up({d})")?;
            }
            first = false;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------------------
// The engine side.
// ---------------------------------------------------------------------------------------------------------

impl Games {
    /// ↑(d) = `{↑(dL), * | *, ↑(dR)}` (Kao) for any dyadic d: ↑(0) = 0, ↑(1) = ↑, ↑(-d) = -↑(d).
    pub fn up_order(&mut self, d: Dyadic) -> GameId {
        self.up_order_memo(d, &mut HashMap::new())
    }

    /// ↑(d) through the memo. The simpler orders ↑(d) rests on are built first from an explicit stack, so a
    /// long chain such as ↑(n) → ↑(n−1) → … does not recurse.
    fn up_order_memo(&mut self, d: Dyadic, memo: &mut HashMap<Dyadic, GameId>) -> GameId {
        if let Some(&g) = memo.get(&d) {
            return g;
        }
        crate::game::budget::check_stack();
        if d.signum() < 0 {
            let p = self.up_order_memo(-d, memo);
            let g = self.neg(p);
            memo.insert(d, g);
            return g;
        }
        let mut stack = vec![d];
        while let Some(&t) = stack.last() {
            // The memo of `Up(10^7)` doubles to a 400 MB table, filled between two polling points: it checks
            // the budget before it grows (that table alone took the process 74 MiB over a 2 GiB budget).
            crate::game::budget::check_growth(memo);
            if memo.contains_key(&t) {
                stack.pop();
                continue;
            }
            if t.is_zero() {
                let z = self.zero();
                memo.insert(t, z);
                stack.pop();
                continue;
            }
            let (dl, dr) = number_options(t);
            let missing: Vec<Dyadic> = [dl, dr].into_iter().flatten().filter(|x| !memo.contains_key(x)).collect();
            if !missing.is_empty() {
                // The chain of `Up(10^9)` is a billion orders pushed here before any is built: the stack is
                // charged to the budget before it grows, and Ctrl-C is heard on the way down.
                crate::game::budget::check_vec_growth(stack.len(), stack.capacity(), 2, size_of::<Dyadic>());
                if stack.len() % 4096 == 0 {
                    self.poll_interrupt();
                }
                stack.extend(missing);
                continue;
            }
            let star = self.nimber(1);
            let mut left = vec![star];
            let mut right = vec![star];
            left.extend(dl.map(|x| memo[&x]));
            right.extend(dr.map(|x| memo[&x]));
            let g = self.new_game(&left, &right);
            memo.insert(t, g);
            stack.pop();
        }
        memo[&d]
    }

    /// The canonical game of a sumber: s0·* + Σ s_k·↑(d_k).
    pub fn sumber_value(&mut self, s: &Sumber) -> GameId {
        self.sumber_value_memo(s, &mut HashMap::new())
    }

    fn sumber_value_memo(&mut self, s: &Sumber, memo: &mut HashMap<Dyadic, GameId>) -> GameId {
        let mut acc = if s.star { self.nimber(1) } else { self.zero() };
        for &(d, c) in &s.terms {
            let u = self.up_order_memo(d, memo);
            let t = self.mul_int(c, u);
            acc = self.add(acc, t);
        }
        acc
    }

    /// Whether g is a sumber (`G.IsSumber`).
    pub fn is_sumber(&mut self, g: GameId) -> bool {
        self.sumber_form(g).is_some()
    }

    /// The sumber equal to g (`G.SumberForm`), or `None` if g is not a sumber.
    pub fn sumber_form(&mut self, g: GameId) -> Option<Sumber> {
        let mut cx = SumberCx::default();
        self.sumber_form_in(g, &mut cx)
    }

    fn sumber_form_in(&mut self, g: GameId, cx: &mut SumberCx) -> Option<Sumber> {
        if let Some(r) = cx.forms.get(&g) {
            return r.clone();
        }
        crate::game::budget::check_stack();
        let r = self.sumber_form_uncached(g, cx);
        cx.forms.insert(g, r.clone());
        r
    }

    fn sumber_form_uncached(&mut self, g: GameId, cx: &mut SumberCx) -> Option<Sumber> {
        if let Some(d) = self.number_value(g) {
            // Sumbers are infinitesimal: the only number among them is 0.
            return d.is_zero().then(Sumber::zero);
        }
        if let Some((n, ups, nim)) = self.number_up_star_nim(g) {
            // n + k·↑ + *j is a sumber iff n = 0 and j ≤ 1: if *j (j ≥ 2) were a sumber T, then 2T = 0 would
            // force T ∈ {0, *} by Theorem 1.
            if !n.is_zero() || nim > 1 {
                return None;
            }
            let mut s = if nim == 1 { Sumber::star() } else { Sumber::zero() };
            s.add_term(Dyadic::ONE, ups);
            return Some(s);
        }
        let (lo, ro) = (self.left_options(g), self.right_options(g));
        let mut lefts = Vec::with_capacity(lo.len());
        for o in lo {
            lefts.push(self.sumber_form_in(o, cx)?);
        }
        let mut rights = Vec::with_capacity(ro.len());
        for o in ro {
            rights.push(self.sumber_form_in(o, cx)?);
        }
        let mut found = None;
        for cand in Sumber::candidates(&lefts, &rights) {
            if cand.fits_between(&lefts, &rights) && self.sumber_value_memo(&cand, &mut cx.ups) == g {
                found = Some(cand);
                break;
            }
        }
        if cx.record_paper {
            let paper = Sumber::simplify(&lefts, &rights);
            if paper != found {
                cx.paper_disagreements.push((lefts, rights, paper, found.clone()));
            }
        }
        found
    }
}

/// Memo tables for one `sumber_form` call.
#[derive(Default)]
struct SumberCx {
    forms: HashMap<GameId, Option<Sumber>>,
    ups: HashMap<Dyadic, GameId>,
    /// Whether to compare every verified answer with the paper's rule alone (tests).
    record_paper: bool,
    /// (Left options, Right options, the paper's answer, the verified answer) wherever the two differ.
    paper_disagreements: Vec<Disagreement>,
}

type Disagreement = (Vec<Sumber>, Vec<Sumber>, Option<Sumber>, Option<Sumber>);

#[cfg(test)]
impl Games {
    /// `sumber_form` plus the followers on which the paper's rule alone disagrees with the verified answer.
    fn sumber_form_counting(&mut self, g: GameId) -> (Option<Sumber>, Vec<Disagreement>) {
        let mut cx = SumberCx { record_paper: true, ..SumberCx::default() };
        let r = self.sumber_form_in(g, &mut cx);
        (r, cx.paper_disagreements)
    }
}

#[cfg(test)]
mod tests;

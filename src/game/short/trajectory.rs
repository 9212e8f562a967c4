//! Piecewise-linear trajectories (the walls and scaffolds of thermographs) over exact rationals.
//!
//! A trajectory is a continuous function of the temperature `t` on `[-1, ∞)`, linear between its critical
//! points. As in CGSuite it is stored by its critical points (highest first), the slope of each piece
//! (`slopes[i]` is the slope just above `critical_points[i]`, so `slopes[0]` is the mast slope and the last
//! slope is the one just above `-1`) and the intercept of each piece's line at `t = 0`.

use std::cmp::Ordering;
use std::fmt;

use crate::game::number::bigtab;
use crate::game::Dyadic;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::ToPrimitive;

/// An exact rational in lowest terms. Thermography of short games only ever produces dyadic values, but
/// intersections are computed as general quotients before that is known. Like [`Dyadic`] it has a small
/// form (`i128` numerator and positive denominator) and a large form (an index into the table of large
/// rationals, marked by denominator 0), and arithmetic moves to the large form instead of overflowing;
/// every value has one form (the small one when it fits), so the derived `Eq`/`Hash` are value equality.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Q {
    n: i128,
    d: i128,
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        let r = a % b;
        a = b;
        b = r;
    }
    a
}

impl Q {
    /// `n/d` reduced; `d` must be nonzero.
    pub fn new(n: i128, d: i128) -> Q {
        assert!(d != 0, "zero denominator");
        if d < 0 {
            return match (n.checked_neg(), d.checked_neg()) {
                (Some(n), Some(d)) => Q::new(n, d),
                _ => Q::from_big(BigRational::new(BigInt::from(n), BigInt::from(d))),
            };
        }
        let g = gcd(n, d).max(1);
        Q { n: n / g, d: d / g }
    }
    /// The integer `n`.
    pub fn int(n: i128) -> Q {
        Q { n, d: 1 }
    }
    /// Zero.
    pub fn zero() -> Q {
        Q::int(0)
    }
    /// The exact value `r` (in lowest terms, as `BigRational` keeps it).
    pub fn from_big(r: BigRational) -> Q {
        match (r.numer().to_i128(), r.denom().to_i128()) {
            (Some(n), Some(d)) => Q { n, d },
            _ => Q { n: i128::from(bigtab::intern(r)), d: 0 },
        }
    }
    /// The exact value.
    pub fn to_big(self) -> BigRational {
        if self.d == 0 {
            bigtab::get(self.n as u32).clone()
        } else {
            BigRational::new_raw(BigInt::from(self.n), BigInt::from(self.d))
        }
    }
    /// True for integers.
    pub fn is_integer(self) -> bool {
        if self.d == 0 {
            self.to_big().is_integer()
        } else {
            self.d == 1
        }
    }
    /// The greatest integer `<= self`.
    pub fn floor(self) -> Q {
        if self.d == 0 {
            Q::from_big(self.to_big().floor())
        } else {
            Q::int(self.n.div_euclid(self.d))
        }
    }
    /// The least integer `>= self`.
    pub fn ceil(self) -> Q {
        -(-self).floor()
    }
    /// From an engine dyadic.
    pub fn from_dyadic(x: Dyadic) -> Q {
        match x.small_parts() {
            Some((n, e)) => Q::new(n as i128, 1i128 << e),
            None => Q::from_big(x.to_big()),
        }
    }
    /// Some(dyadic) when the denominator is a power of two.
    pub fn to_dyadic(self) -> Option<Dyadic> {
        if self.d > 0 && self.d & (self.d - 1) == 0 {
            if let Ok(num) = i64::try_from(self.n) {
                return Dyadic::checked_new(num, self.d.trailing_zeros());
            }
        }
        Dyadic::of(&self.to_big())
    }
    /// An approximation for drawing.
    pub fn to_f64(self) -> f64 {
        if self.d == 0 {
            self.to_big().to_f64().unwrap_or(f64::NAN)
        } else {
            self.n as f64 / self.d as f64
        }
    }
    /// The smaller of two values.
    pub fn min(self, o: Q) -> Q {
        if self <= o {
            self
        } else {
            o
        }
    }
    /// The larger of two values.
    pub fn max(self, o: Q) -> Q {
        if self >= o {
            self
        } else {
            o
        }
    }
    /// Whether both are in the small form.
    fn both_small(self, o: Q) -> bool {
        self.d != 0 && o.d != 0
    }
    fn small_add(self, o: Q) -> Option<Q> {
        // Over the least common denominator, so dyadic values never grow beyond their own size.
        let g = gcd(self.d, o.d);
        let n = self.n.checked_mul(o.d / g)?.checked_add(o.n.checked_mul(self.d / g)?)?;
        Some(Q::new(n, (self.d / g).checked_mul(o.d)?))
    }
    fn small_mul(self, o: Q) -> Option<Q> {
        let g1 = gcd(self.n, o.d).max(1);
        let g2 = gcd(o.n, self.d).max(1);
        Some(Q::new((self.n / g1).checked_mul(o.n / g2)?, (self.d / g2).checked_mul(o.d / g1)?))
    }
    fn small_cmp(self, o: Q) -> Option<Ordering> {
        let g = gcd(self.d, o.d);
        Some(self.n.checked_mul(o.d / g)?.cmp(&o.n.checked_mul(self.d / g)?))
    }
}

impl Ord for Q {
    fn cmp(&self, o: &Q) -> Ordering {
        if self.both_small(*o) {
            if let Some(c) = self.small_cmp(*o) {
                return c;
            }
        }
        self.to_big().cmp(&o.to_big())
    }
}
impl PartialOrd for Q {
    fn partial_cmp(&self, o: &Q) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl std::ops::Add for Q {
    type Output = Q;
    fn add(self, o: Q) -> Q {
        if self.both_small(o) {
            if let Some(q) = self.small_add(o) {
                return q;
            }
        }
        Q::from_big(self.to_big() + o.to_big())
    }
}
impl std::ops::Sub for Q {
    type Output = Q;
    fn sub(self, o: Q) -> Q {
        self + (-o)
    }
}
impl std::ops::Mul for Q {
    type Output = Q;
    fn mul(self, o: Q) -> Q {
        if self.both_small(o) {
            if let Some(q) = self.small_mul(o) {
                return q;
            }
        }
        Q::from_big(self.to_big() * o.to_big())
    }
}
impl std::ops::Div for Q {
    type Output = Q;
    fn div(self, o: Q) -> Q {
        assert!(o != Q::zero(), "division by zero");
        if o.d != 0 {
            if let Some(n) = o.n.checked_neg() {
                let inv = if o.n < 0 { Q { n: -o.d, d: n } } else { Q { n: o.d, d: o.n } };
                return self * inv;
            }
        }
        Q::from_big(self.to_big() / o.to_big())
    }
}
impl std::ops::Neg for Q {
    type Output = Q;
    fn neg(self) -> Q {
        match self.n.checked_neg() {
            Some(n) if self.d != 0 => Q { n, d: self.d },
            _ => Q::from_big(-self.to_big()),
        }
    }
}
impl fmt::Display for Q {
    /// CGSuite's form: `3`, `-1/2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.d == 0 {
            write!(f, "{}", self.to_big())
        } else if self.d == 1 {
            write!(f, "{}", self.n)
        } else {
            write!(f, "{}/{}", self.n, self.d)
        }
    }
}

/// A line `t ↦ slope·t + icept`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Line {
    pub slope: Q,
    pub icept: Q,
}

impl Line {
    pub fn at(self, t: Q) -> Q {
        self.slope * t + self.icept
    }
    pub fn constant(v: Q) -> Line {
        Line { slope: Q::zero(), icept: v }
    }
    /// Where two lines of different slopes meet.
    pub fn meet(self, o: Line) -> Option<Q> {
        if self.slope == o.slope {
            None
        } else {
            Some((o.icept - self.icept) / (self.slope - o.slope))
        }
    }
    /// Compare the lines at +∞ (slope first, then intercept).
    pub fn cmp_at_infinity(self, o: Line) -> Ordering {
        self.slope.cmp(&o.slope).then(self.icept.cmp(&o.icept))
    }
}

/// An elementary interval `[lo, hi)` of temperatures (`hi == None` is +∞).
#[derive(Clone, Copy, Debug)]
struct Interval {
    lo: Q,
    hi: Option<Q>,
}

impl Interval {
    fn contains_strictly(&self, t: Q) -> bool {
        t > self.lo && self.hi.is_none_or(|h| t < h)
    }
    /// Compare two lines on the interior of this interval, where they do not cross.
    fn compare(&self, a: Line, b: Line) -> Ordering {
        match self.hi {
            Some(h) => {
                let mid = (self.lo + h) / Q::int(2);
                a.at(mid).cmp(&b.at(mid))
            }
            None => a.cmp_at_infinity(b),
        }
    }
}

/// A continuous piecewise-linear function of the temperature on `[-1, ∞)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Trajectory {
    cps: Vec<Q>,
    slopes: Vec<Q>,
    icepts: Vec<Q>,
}

fn minus_one() -> Q {
    Q::int(-1)
}

impl Trajectory {
    /// The constant trajectory (a vertical mast) at `v`.
    pub fn constant(v: Q) -> Trajectory {
        Trajectory { cps: vec![], slopes: vec![Q::zero()], icepts: vec![v] }
    }

    /// Builds a trajectory from its mast value (the value at the highest critical point, or the constant),
    /// its critical points (strictly decreasing, all `> -1`) and slopes (`cps.len() + 1` of them).
    pub fn from_parts(mast: Q, cps: Vec<Q>, slopes: Vec<Q>) -> Trajectory {
        assert_eq!(slopes.len(), cps.len() + 1, "slopes must have one more entry than critical points");
        assert!(cps.windows(2).all(|w| w[0] > w[1]), "critical points must be strictly decreasing");
        assert!(cps.last().is_none_or(|&c| c > minus_one()), "critical points must exceed -1");
        let mut icepts = Vec::with_capacity(slopes.len());
        if cps.is_empty() {
            icepts.push(mast);
        } else {
            // Walk down from the top critical point.
            let mut value = mast;
            icepts.push(mast - slopes[0] * cps[0]);
            for i in 0..cps.len() {
                if i > 0 {
                    value = value - slopes[i] * (cps[i - 1] - cps[i]);
                }
                icepts.push(value - slopes[i + 1] * cps[i]);
            }
        }
        Trajectory { cps, slopes, icepts }
    }

    /// The critical points, highest first.
    pub fn critical_points(&self) -> &[Q] {
        &self.cps
    }
    /// The slopes, `slopes()[i]` being the slope just above `critical_points()[i]`; the last one is the
    /// slope just above `-1`.
    pub fn slopes(&self) -> &[Q] {
        &self.slopes
    }
    /// The value at the highest critical point (the constant for a vertical mast).
    pub fn mast_value(&self) -> Q {
        match self.cps.first() {
            None => self.icepts[0],
            Some(&c) => self.value_at(c),
        }
    }
    /// The highest critical point, or `-1` when there is none.
    pub fn top_critical_point(&self) -> Q {
        self.cps.first().copied().unwrap_or_else(minus_one)
    }

    fn line(&self, i: usize) -> Line {
        Line { slope: self.slopes[i], icept: self.icepts[i] }
    }
    /// The line of the piece just above `t` (at a critical point, the upper piece).
    pub(super) fn line_above(&self, t: Q) -> Line {
        let i = self.cps.iter().take_while(|&&c| t < c).count();
        self.line(i)
    }
    /// The slope just above `t` (at a critical point, of the upper piece).
    pub fn slope_above(&self, t: Q) -> Q {
        self.line_above(t).slope
    }
    /// The slope just below `t` (at a critical point, of the lower piece).
    pub fn slope_below(&self, t: Q) -> Q {
        let i = self.cps.iter().take_while(|&&c| t <= c).count();
        self.slopes[i]
    }
    /// The value at temperature `t >= -1`.
    pub fn value_at(&self, t: Q) -> Q {
        self.line_above(t).at(t)
    }
    /// The slope at +∞ (the mast slope).
    pub fn mast_slope(&self) -> Q {
        self.slopes[0]
    }

    /// Adds `r·t` to the trajectory.
    pub fn tilt(&self, r: Q) -> Trajectory {
        Trajectory {
            cps: self.cps.clone(),
            slopes: self.slopes.iter().map(|&s| s + r).collect(),
            icepts: self.icepts.clone(),
        }
    }
    /// Adds the constant `r`.
    pub fn translate(&self, r: Q) -> Trajectory {
        Trajectory {
            cps: self.cps.clone(),
            slopes: self.slopes.clone(),
            icepts: self.icepts.iter().map(|&b| b + r).collect(),
        }
    }
    /// The negated trajectory.
    pub fn negate(&self) -> Trajectory {
        Trajectory {
            cps: self.cps.clone(),
            slopes: self.slopes.iter().map(|&s| -s).collect(),
            icepts: self.icepts.iter().map(|&b| -b).collect(),
        }
    }

    /// Builds a normalised trajectory from pieces `(lower end, line)` listed from `-1` upwards, merging
    /// neighbouring pieces on the same line.
    pub(super) fn from_pieces(pieces: &[(Q, Line)]) -> Trajectory {
        let mut merged: Vec<(Q, Line)> = Vec::with_capacity(pieces.len());
        for &(lo, line) in pieces {
            match merged.last() {
                Some(&(_, last)) if last == line => {}
                Some(&(last_lo, _)) if last_lo == lo => {
                    // An empty piece: the newer one replaces it.
                    merged.pop();
                    if merged.last().is_none_or(|&(_, l)| l != line) {
                        merged.push((lo, line));
                    }
                }
                _ => merged.push((lo, line)),
            }
        }
        debug_assert!(merged.first().is_some_and(|p| p.0 == minus_one()));
        debug_assert!(merged.windows(2).all(|w| w[0].1.at(w[1].0) == w[1].1.at(w[1].0)), "discontinuous trajectory");
        let cps = merged.iter().skip(1).rev().map(|p| p.0).collect();
        let slopes = merged.iter().rev().map(|p| p.1.slope).collect();
        let icepts = merged.iter().rev().map(|p| p.1.icept).collect();
        Trajectory { cps, slopes, icepts }
    }

    /// The elementary intervals (from `-1` upwards) on which both `self` and `o` are linear and do not cross,
    /// with the lines of each.
    fn common_intervals(&self, o: &Trajectory) -> Vec<(Interval, Line, Line)> {
        let mut bounds: Vec<Q> = self.cps.iter().chain(o.cps.iter()).copied().filter(|&c| c > minus_one()).collect();
        bounds.sort();
        bounds.dedup();
        let mut out = Vec::new();
        let mut lo = minus_one();
        let mut idx = 0;
        loop {
            let hi = bounds.get(idx).copied();
            let iv = Interval { lo, hi };
            let (a, b) = (self.line_above(lo), o.line_above(lo));
            match a.meet(b) {
                Some(x) if iv.contains_strictly(x) => {
                    out.push((Interval { lo, hi: Some(x) }, a, b));
                    out.push((Interval { lo: x, hi }, a, b));
                }
                _ => out.push((iv, a, b)),
            }
            match hi {
                Some(h) => {
                    lo = h;
                    idx += 1;
                }
                None => break,
            }
        }
        out
    }

    fn min_max(&self, o: &Trajectory, max: bool) -> Trajectory {
        let mut pieces = Vec::new();
        for (iv, a, b) in self.common_intervals(o) {
            let ord = iv.compare(a, b);
            let pick_a = if max { ord != Ordering::Less } else { ord != Ordering::Greater };
            pieces.push((iv.lo, if pick_a { a } else { b }));
        }
        Trajectory::from_pieces(&pieces)
    }
    /// The pointwise maximum.
    pub fn max(&self, o: &Trajectory) -> Trajectory {
        self.min_max(o, true)
    }
    /// The pointwise minimum.
    pub fn min(&self, o: &Trajectory) -> Trajectory {
        self.min_max(o, false)
    }
    /// The pointwise sum.
    pub fn add(&self, o: &Trajectory) -> Trajectory {
        let pieces: Vec<(Q, Line)> = self
            .common_intervals(o)
            .into_iter()
            .map(|(iv, a, b)| (iv.lo, Line { slope: a.slope + b.slope, icept: a.icept + b.icept }))
            .collect();
        Trajectory::from_pieces(&pieces)
    }
    /// True if `self(t) <= o(t)` for every `t >= -1`.
    pub fn leq(&self, o: &Trajectory) -> bool {
        self.common_intervals(o)
            .into_iter()
            .all(|(iv, a, b)| a.at(iv.lo) <= b.at(iv.lo) && iv.compare(a, b) != Ordering::Greater)
    }

    /// The thermographic intersection of a (tilted) left scaffold `self` with a (tilted) right scaffold
    /// `rs`: returns the left and right walls. Where `ls >= rs` (a hill) the walls are the scaffolds;
    /// elsewhere (a cave) both walls are a mast that keeps
    /// its value until a scaffold pushes it. A cave at the base starts at the value nearest 0 between the
    /// scaffolds (CGSuite's subzero convention).
    pub fn thermographic_intersection(&self, rs: &Trajectory) -> (Trajectory, Trajectory) {
        let mut lw: Vec<(Q, Line)> = Vec::new();
        let mut rw: Vec<(Q, Line)> = Vec::new();
        // The mast value at the bottom of the current interval when the previous one was a cave.
        let mut carried: Option<Q> = None;
        for (iv, l, r) in self.common_intervals(rs) {
            let hill = iv.compare(l, r) != Ordering::Less;
            if hill {
                lw.push((iv.lo, l));
                rw.push((iv.lo, r));
                carried = None;
                continue;
            }
            let (lv, rv) = (l.at(iv.lo), r.at(iv.lo));
            let m = match carried {
                Some(m) => m,
                None if iv.lo == minus_one() => Q::zero().max(lv).min(rv),
                None => lv,
            };
            let zero = Q::zero();
            let mut push = |lo: Q, line: Line| {
                lw.push((lo, line));
                rw.push((lo, line));
            };
            let followed = if lv == m && l.slope > zero {
                push(iv.lo, l);
                Some(l)
            } else if rv == m && r.slope < zero {
                push(iv.lo, r);
                Some(r)
            } else {
                push(iv.lo, Line::constant(m));
                let within = |x: Q| {
                    if iv.contains_strictly(x) {
                        Some(x)
                    } else {
                        None
                    }
                };
                let tl = if l.slope > zero { within((m - l.icept) / l.slope) } else { None };
                let tr = if r.slope < zero { within((m - r.icept) / r.slope) } else { None };
                match (tl, tr) {
                    (Some(a), Some(b)) if b < a => {
                        push(b, r);
                        Some(r)
                    }
                    (Some(a), _) => {
                        push(a, l);
                        Some(l)
                    }
                    (None, Some(b)) => {
                        push(b, r);
                        Some(r)
                    }
                    (None, None) => None,
                }
            };
            carried = Some(match (followed, iv.hi) {
                (Some(line), Some(h)) => line.at(h),
                _ => m,
            });
        }
        (Trajectory::from_pieces(&lw), Trajectory::from_pieces(&rw))
    }

    /// The interior of CGSuite's printed form: `mast,[critical points],[slopes]`.
    pub fn fmt_parts(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},[", self.mast_value())?;
        for (i, c) in self.cps.iter().enumerate() {
            if i > 0 {
                write!(f, ",")?;
            }
            write!(f, "{c}")?;
        }
        write!(f, "],[")?;
        for (i, s) in self.slopes.iter().enumerate() {
            if i > 0 {
                write!(f, ",")?;
            }
            write!(f, "{s}")?;
        }
        write!(f, "]")
    }
}

impl fmt::Display for Trajectory {
    /// `Trajectory(mast,[critical points],[slopes])` as CGSuite prints a lone wall.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Trajectory(")?;
        self.fmt_parts(f)?;
        write!(f, ")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i128) -> Q {
        Q::int(n)
    }
    fn qq(n: i128, d: i128) -> Q {
        Q::new(n, d)
    }

    #[test]
    fn rationals() {
        assert_eq!(qq(2, 4), qq(1, 2));
        assert_eq!(qq(-3, 2).floor(), q(-2));
        assert_eq!(qq(-3, 2).ceil(), q(-1));
        assert_eq!(qq(3, 2).floor(), q(1));
        assert_eq!(qq(3, 2).ceil(), q(2));
        assert_eq!(q(4).ceil(), q(4));
        // Past the small form: values move to the large one and come back exactly.
        let big = q(i128::MAX) + q(1);
        assert_eq!(big.to_string(), "170141183460469231731687303715884105728");
        assert_eq!(big - q(1), q(i128::MAX));
        assert!(big > q(i128::MAX) && -big < q(i128::MIN + 1));
        assert_eq!((big * qq(1, 4)) / big, qq(1, 4));
        assert_eq!(qq(1, i128::MAX) * qq(1, 2) * q(2), qq(1, i128::MAX));
        assert_eq!(format!("{}", qq(-1, 2)), "-1/2");
        assert_eq!(format!("{}", qq(6, 3)), "2");
        assert!(qq(1, 3) < qq(1, 2));
    }

    #[test]
    fn parts_round_trip() {
        // The left wall of ±1: value 1 - t below t = 1, vertical at 0 above.
        let t = Trajectory::from_parts(q(0), vec![q(1)], vec![q(0), q(-1)]);
        assert_eq!(t.value_at(q(-1)), q(2));
        assert_eq!(t.value_at(q(0)), q(1));
        assert_eq!(t.value_at(q(5)), q(0));
        assert_eq!(t.to_string(), "Trajectory(0,[1],[0,-1])");
    }

    #[test]
    fn max_min_add() {
        let a = Trajectory::constant(q(0)).tilt(q(-1)); // -t
        let b = Trajectory::constant(q(0)); // 0
        let m = a.max(&b);
        assert_eq!(m.to_string(), "Trajectory(0,[0],[0,-1])");
        let n = a.min(&b);
        assert_eq!(n.to_string(), "Trajectory(0,[0],[-1,0])");
        let s = m.add(&n);
        assert_eq!(s.to_string(), "Trajectory(0,[],[-1])");
        assert!(n.leq(&m));
        assert!(!m.leq(&n));
    }

    #[test]
    fn switch_thermograph() {
        // ±1: left scaffold 1 - t, right scaffold -1 + t.
        let ls = Trajectory::constant(q(1)).tilt(q(-1));
        let rs = Trajectory::constant(q(-1)).tilt(q(1));
        let (l, r) = ls.thermographic_intersection(&rs);
        assert_eq!(l.to_string(), "Trajectory(0,[1],[0,-1])");
        assert_eq!(r.to_string(), "Trajectory(0,[1],[0,1])");
        // 1/2 = {0|1}: hill below -1/2, mast at 1/2 above.
        let ls = Trajectory::constant(q(0)).tilt(q(-1));
        let rs = Trajectory::constant(q(1)).tilt(q(1));
        let (l, r) = ls.thermographic_intersection(&rs);
        assert_eq!(l.to_string(), "Trajectory(1/2,[-1/2],[0,-1])");
        assert_eq!(r.to_string(), "Trajectory(1/2,[-1/2],[0,1])");
        assert_eq!(l.mast_value(), qq(1, 2));
    }

    #[test]
    fn cave_at_base() {
        // Scaffolds already apart at the base: mast at the value nearest 0 between them.
        let ls = Trajectory::constant(q(-3)).tilt(q(-1));
        let rs = Trajectory::constant(q(3)).tilt(q(1));
        let (l, r) = ls.thermographic_intersection(&rs);
        assert_eq!(l, Trajectory::constant(q(0)));
        assert_eq!(r, Trajectory::constant(q(0)));
        let ls = Trajectory::constant(q(1)).tilt(q(-1)); // 2 at the base
        let rs = Trajectory::constant(q(4)).tilt(q(1)); // 3 at the base
        let (l, _) = ls.thermographic_intersection(&rs);
        assert_eq!(l, Trajectory::constant(q(2)));
    }
}

//! Dyadic rationals `num / 2^exp` of any size, the numbers of short game theory.
//!
//! Two forms behind one `Copy` type: the small form (an `i64` numerator over `2^exp`, `exp <= 62`, in
//! lowest terms), on which arithmetic is a few machine instructions, and the large form, an index into
//! the interned table of [`bigtab`](super::bigtab) holding a [`BigRational`]. Every value has exactly
//! one form — the small one whenever it fits — so the derived `Eq`/`Hash` are value equality. Arithmetic
//! takes the small path and moves to the large form only when a result does not fit: it never overflows.
//! (The `checked_*` methods predate the large form; they always return `Some` and remain so that
//! callers written against a bounded type keep compiling.)

use super::bigtab;
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::fmt;

/// A dyadic rational in lowest terms (see the module notes for its two forms).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Dyadic {
    /// The numerator (small form), or the table index (large form).
    num: i64,
    /// The exponent of the denominator (small form), or [`BIG`] (large form).
    exp: u32,
}

/// The `exp` of a value in the large form.
const BIG: u32 = u32::MAX;

impl Dyadic {
    /// The largest exponent of the denominator held in the small form.
    pub const MAX_EXP: u32 = 62;
    /// 0.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };
    /// 1.
    pub const ONE: Dyadic = Dyadic { num: 1, exp: 0 };
    /// -1.
    pub const MINUS_ONE: Dyadic = Dyadic { num: -1, exp: 0 };

    /// `num / 2^exp`, reduced to lowest terms.
    pub fn new(num: i64, exp: u32) -> Dyadic {
        if num == 0 {
            return Dyadic::ZERO;
        }
        let tz = num.trailing_zeros().min(exp);
        let d = Dyadic { num: num >> tz, exp: exp - tz };
        if d.exp <= Dyadic::MAX_EXP {
            d
        } else {
            Dyadic::from_big(&BigRational::new(BigInt::from(d.num), BigInt::one() << d.exp))
        }
    }

    /// `num / 2^exp` in lowest terms (always `Some`).
    pub fn checked_new(num: i64, exp: u32) -> Option<Dyadic> {
        Some(Dyadic::new(num, exp))
    }

    /// `num / den` if `den` is a positive power of two, else `None`.
    pub fn checked_from_ratio(num: i64, den: i64) -> Option<Dyadic> {
        if den <= 0 || den & (den - 1) != 0 {
            return None;
        }
        Dyadic::checked_new(num, den.trailing_zeros())
    }
    /// The integer `n`.
    pub fn from_int(n: i64) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    /// The integer `n` (any size).
    pub fn from_bigint(n: &BigInt) -> Dyadic {
        match n.to_i64() {
            Some(k) => Dyadic::from_int(k),
            None => Dyadic { num: i64::from(bigtab::intern(BigRational::from_integer(n.clone()))), exp: BIG },
        }
    }

    /// The dyadic `r` (any size); panics if `r`'s denominator is not a power of two (see [`Dyadic::of`]).
    fn from_big(r: &BigRational) -> Dyadic {
        Dyadic::of(r).expect("a dyadic rational")
    }

    /// `r` as a dyadic, or `None` if its denominator is not a power of two.
    pub fn of(r: &BigRational) -> Option<Dyadic> {
        let d = r.denom();
        if !d.is_positive() || !(d & (d - BigInt::one())).is_zero() {
            return None;
        }
        let exp = d.bits() - 1;
        if exp <= u64::from(Dyadic::MAX_EXP) {
            if let Some(num) = r.numer().to_i64() {
                return Some(Dyadic { num, exp: exp as u32 });
            }
        }
        Some(Dyadic { num: i64::from(bigtab::intern(r.clone())), exp: BIG })
    }

    /// The exact value.
    pub fn to_big(self) -> BigRational {
        match self.large() {
            Some(r) => r.clone(),
            None => BigRational::new(BigInt::from(self.num), BigInt::one() << self.exp),
        }
    }

    /// The table entry of a value in the large form.
    fn large(self) -> Option<&'static BigRational> {
        (self.exp == BIG).then(|| bigtab::get(self.num as u32))
    }

    /// `(numerator, k)` with denominator `2^k`, if the value is in the small form.
    pub fn small_parts(self) -> Option<(i64, u32)> {
        (self.exp != BIG).then_some((self.num, self.exp))
    }
    /// Numerator in lowest terms.
    pub fn numerator_big(self) -> BigInt {
        match self.large() {
            Some(r) => r.numer().clone(),
            None => BigInt::from(self.num),
        }
    }
    /// `k` where the denominator is `2^k`.
    pub fn exp_big(self) -> u64 {
        match self.large() {
            Some(r) => r.denom().bits() - 1,
            None => u64::from(self.exp),
        }
    }
    /// Whether this is an integer.
    pub fn is_integer(self) -> bool {
        match self.large() {
            Some(r) => r.is_integer(),
            None => self.exp == 0,
        }
    }
    /// Whether this is zero.
    pub fn is_zero(self) -> bool {
        self.exp != BIG && self.num == 0
    }
    /// -1, 0 or 1.
    pub fn signum(self) -> i64 {
        match self.large() {
            Some(r) => {
                if r.is_negative() {
                    -1
                } else {
                    1
                }
            }
            None => self.num.signum(),
        }
    }
    /// Whether the numerator is odd (every non-integer is; for an integer, its parity).
    pub fn numerator_is_odd(self) -> bool {
        match self.large() {
            Some(r) => r.numer().is_odd(),
            None => self.num & 1 == 1,
        }
    }
    /// The integer value, if this is an integer that fits an `i64`.
    pub fn to_int(self) -> Option<i64> {
        (self.exp == 0).then_some(self.num)
    }
    /// The largest integer `<= self`.
    pub fn floor(self) -> Dyadic {
        match self.large() {
            Some(r) => Dyadic::from_big(&r.floor()),
            None => Dyadic::from_int(self.num >> self.exp),
        }
    }
    /// The smallest integer `>= self`.
    pub fn ceil(self) -> Dyadic {
        match self.large() {
            Some(r) => Dyadic::from_big(&r.ceil()),
            None if self.exp == 0 => self,
            None => Dyadic::from_int((self.num >> self.exp) + 1),
        }
    }
    /// An approximation as a float (for plotting only).
    pub fn to_f64(self) -> f64 {
        match self.large() {
            Some(r) => r.to_f64().unwrap_or(f64::NAN),
            None => self.num as f64 / (2f64).powi(self.exp as i32),
        }
    }

    /// Numerators of `self` and `other` (both small) over the common denominator `2^max(exp)`.
    fn aligned(self, other: Dyadic) -> (i128, i128, u32) {
        let e = self.exp.max(other.exp);
        ((self.num as i128) << (e - self.exp), (other.num as i128) << (e - other.exp), e)
    }

    /// Whether both are in the small form.
    fn both_small(self, other: Dyadic) -> bool {
        self.exp != BIG && other.exp != BIG
    }

    fn from_i128(num: i128, exp: u32) -> Dyadic {
        if num == 0 {
            return Dyadic::ZERO;
        }
        let tz = num.trailing_zeros().min(exp);
        let (n, e) = (num >> tz, exp - tz);
        match i64::try_from(n) {
            Ok(num) if e <= Dyadic::MAX_EXP => Dyadic { num, exp: e },
            _ => Dyadic::from_big(&BigRational::new(BigInt::from(n), BigInt::one() << e)),
        }
    }

    /// `self + other`.
    pub fn checked_add(self, other: Dyadic) -> Option<Dyadic> {
        Some(self + other)
    }
    /// `self - other`.
    pub fn checked_sub(self, other: Dyadic) -> Option<Dyadic> {
        Some(self - other)
    }
    /// `-self`.
    pub fn checked_neg(self) -> Option<Dyadic> {
        Some(-self)
    }
    /// `self * other`.
    pub fn checked_mul(self, other: Dyadic) -> Option<Dyadic> {
        Some(self * other)
    }
    /// `self * n` for an integer `n`.
    pub fn checked_mul_int(self, n: i64) -> Option<Dyadic> {
        Some(self * Dyadic::from_int(n))
    }
    /// `self / 2`.
    pub fn checked_half(self) -> Option<Dyadic> {
        Some(self.half())
    }
    /// `self / 2`.
    pub fn half(self) -> Dyadic {
        // (In the large form `num` is a table index, which may be 0: the first large value interned.)
        if self.exp != BIG && (self.exp < Dyadic::MAX_EXP || self.num == 0) {
            Dyadic::new(self.num, self.exp + u32::from(self.num != 0))
        } else {
            Dyadic::from_big(&(self.to_big() / BigRational::from_integer(BigInt::from(2))))
        }
    }
    /// `(self + other) / 2`.
    pub fn checked_mean(self, other: Dyadic) -> Option<Dyadic> {
        Some(self.mean(other))
    }
    /// `(self + other) / 2`.
    pub fn mean(self, other: Dyadic) -> Dyadic {
        if self.both_small(other) {
            let (a, b, e) = self.aligned(other);
            Dyadic::from_i128(a + b, e + 1)
        } else {
            (self + other).half()
        }
    }
    /// `|self|`.
    pub fn checked_abs(self) -> Option<Dyadic> {
        Some(self.abs())
    }
    /// `|self|`.
    pub fn abs(self) -> Dyadic {
        if self.signum() < 0 {
            -self
        } else {
            self
        }
    }

    /// The birthday of this number as a game: `|n|` for an integer, else `floor(|x|) + 1 + exp`
    /// (saturating at `u64::MAX`; [`Dyadic::birthday_big`] is exact).
    pub fn birthday(self) -> u64 {
        if self.exp == BIG {
            return self.birthday_big().to_u64().unwrap_or(u64::MAX);
        }
        let mag = self.num.unsigned_abs();
        if self.exp == 0 {
            mag
        } else {
            (mag >> self.exp) + 1 + self.exp as u64
        }
    }

    /// The birthday of this number as a game, exactly.
    pub fn birthday_big(self) -> BigInt {
        let a = self.abs();
        let whole = a.floor().numerator_big();
        if a.is_integer() {
            whole
        } else {
            whole + BigInt::one() + BigInt::from(a.exp_big())
        }
    }

    /// The simplest number strictly between `lo` and `hi` (`None` = unbounded), by the simplicity rule:
    /// the integer of least magnitude if there is one, else the dyadic with the smallest denominator.
    /// Returns `None` if the interval is empty.
    pub fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Option<Dyadic> {
        if let (Some(l), Some(h)) = (lo, hi) {
            if l >= h {
                return None;
            }
        }
        // Least integer > lo and greatest integer < hi.
        let first = lo.map(|l| l.floor() + Dyadic::ONE);
        let last = hi.map(|h| h.ceil() - Dyadic::ONE);
        let has_int = match (first, last) {
            (Some(f), Some(l)) => f <= l,
            _ => true,
        };
        if has_int {
            return Some(match (first, last) {
                (Some(f), _) if f > Dyadic::ZERO => f,
                (_, Some(l)) if l < Dyadic::ZERO => l,
                _ => Dyadic::ZERO,
            });
        }
        // No integer strictly between: both bounds exist and lie within one unit interval. The answer
        // has the least exponent e with a multiple of 2^-e strictly inside; e is at most the larger
        // exponent of the bounds plus one.
        let (l, h) = (lo?, hi?);
        if let (Some((ln, le)), Some(_)) = (l.small_parts(), h.small_parts()) {
            for e in 1..=Dyadic::MAX_EXP {
                let shift = e.max(le);
                let ln = (ln as i128) << (shift - le);
                // Least multiple k/2^e strictly greater than l = ln / 2^shift.
                let k = (ln >> (shift - e)) + 1;
                let cand = Dyadic::from_i128(k, e);
                if cand < h {
                    return Some(cand);
                }
            }
        }
        Some(Dyadic::simplest_in_unit_big(l, h))
    }

    /// [`Dyadic::simplest_between`] for `l < h` with no integer strictly between, either in the large form.
    /// With `E` the larger exponent, `A = l·2^E` and `B = h·2^E` are integers; a multiple of `2^-e` lies
    /// strictly between the bounds when `((A >> (E - e)) + 1) << (E - e) < B`, which holds from some `e` on
    /// (at `E + 1` always: the midpoint), so a binary search finds the least `e` in `O(log E)` big-integer
    /// steps, not `E` of them (`g : <0|g>` built 3000 times, issue 36 row 9).
    fn simplest_in_unit_big(l: Dyadic, h: Dyadic) -> Dyadic {
        let (le, he) = (l.exp_big(), h.exp_big());
        let top = le.max(he);
        let a: BigInt = l.numerator_big() << (top - le);
        let b: BigInt = h.numerator_big() << (top - he);
        let fits = |e: u64| {
            let s = top - e;
            (((&a >> s) + BigInt::one()) << s) < b
        };
        // The least e in 1..=top + 1 that fits (top + 1 always does).
        let (mut lo, mut hi) = (1u64, top + 1);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if mid <= top && !fits(mid) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        let e = lo;
        let k = if e <= top { (&a >> (top - e)) + BigInt::one() } else { (&a << 1u32) + BigInt::one() };
        Dyadic::from_big(&BigRational::new(k, BigInt::one() << e))
    }
}

/// The number a positive dyadic `x` stands for in the exponent of `G.PowTo(x)` (CGSuite's "blowup"):
/// `n - 1` for an integer `n`, else the number chosen, by [`cgsuite_section`], between the blowups of
/// the two neighbours `x - 2^-e` and `x + 2^-e` (only the upper one when the lower is 0).
/// `None` if `x <= 0` or a step leaves the representable range.
pub fn blowup(x: Dyadic) -> Option<Dyadic> {
    // Memoised: the neighbours of neighbours coincide, so this visits O(exp) numbers, not 2^exp.
    fn go(x: Dyadic, memo: &mut std::collections::HashMap<Dyadic, Option<Dyadic>>) -> Option<Dyadic> {
        if x <= Dyadic::ZERO {
            return None;
        }
        if x.is_integer() {
            return x.checked_sub(Dyadic::ONE);
        }
        if let Some(&r) = memo.get(&x) {
            return r;
        }
        let r = (|| {
            let step = Dyadic::unit(x);
            let below = x.checked_sub(step)?;
            let above = go(x.checked_add(step)?, memo)?;
            if below.is_zero() {
                cgsuite_section(None, Some(above))
            } else {
                cgsuite_section(Some(go(below, memo)?), Some(above))
            }
        })();
        memo.insert(x, r);
        r
    }
    go(x, &mut std::collections::HashMap::new())
}

/// The number CGSuite picks for a section `(lo, hi)` of the dyadics (its `fromSection`): 0 when 0 lies
/// strictly inside, else the nearest integer past `lo` or before `hi` if one is strictly inside, else
/// a walk by steps of each bound's own denominator, else the mean. Unlike [`Dyadic::simplest_between`]
/// it can prefer an integer of larger magnitude (section (-3, -1/2) gives -2), which is what makes
/// `PowTo` with a fractional exponent print as CGSuite prints it. `None` if the section is empty.
pub fn cgsuite_section(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Option<Dyadic> {
    let zero = Dyadic::ZERO;
    let below_floor = |l: Dyadic| Some(l.floor() + Dyadic::ONE);
    let above_ceil = |h: Dyadic| Some(h.ceil() - Dyadic::ONE);
    match (lo, hi) {
        (None, None) => Some(zero),
        (Some(l), None) if l < zero => Some(zero),
        (None, Some(h)) if h > zero => Some(zero),
        (Some(l), Some(h)) if l < zero && h > zero => Some(zero),
        (Some(l), None) => below_floor(l),
        (None, Some(h)) => above_ceil(h),
        (Some(l), Some(h)) => {
            if l >= h {
                return None;
            }
            let f = below_floor(l)?;
            if f < h {
                return Some(f);
            }
            let c = above_ceil(h)?;
            if c > l {
                return Some(c);
            }
            let up = |d: Dyadic| Some(d + Dyadic::unit(d));
            let down = |d: Dyadic| Some(d - Dyadic::unit(d));
            let mut ls = up(l)?;
            if ls < h {
                while up(ls)? < h {
                    ls = up(ls)?;
                }
                return Some(ls);
            }
            let mut rs = down(h)?;
            if rs > l {
                while down(rs)? > l {
                    rs = down(rs)?;
                }
                return Some(rs);
            }
            l.checked_mean(h)
        }
    }
}

impl Dyadic {
    /// `2^k` for `k` of either sign.
    pub fn pow2(k: i64) -> Dyadic {
        match k {
            0..=62 => Dyadic::from_int(1 << k),
            -62..=-1 => Dyadic::new(1, (-k) as u32),
            _ => {
                let p = BigInt::one() << k.unsigned_abs();
                let r = if k > 0 { BigRational::from_integer(p) } else { BigRational::new(BigInt::one(), p) };
                Dyadic::from_big(&r)
            }
        }
    }

    /// `2^-k` where `x`'s denominator is `2^k` (1 for an integer): the step to `x`'s canonical options.
    pub fn unit(x: Dyadic) -> Dyadic {
        match x.small_parts() {
            Some((_, e)) => Dyadic::new(1, e),
            None => Dyadic::from_big(&BigRational::new(BigInt::one(), x.to_big().denom().clone())),
        }
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        if self.both_small(*other) {
            let (a, b, _) = self.aligned(*other);
            a.cmp(&b)
        } else if self == other {
            Ordering::Equal
        } else {
            self.to_big().cmp(&other.to_big())
        }
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.large() {
            Some(r) => write!(f, "{r}"),
            None if self.exp == 0 => write!(f, "{}", self.num),
            None => write!(f, "{}/{}", self.num, 1u64 << self.exp),
        }
    }
}

impl fmt::Debug for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Dyadic({self})")
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Dyadic {
        Dyadic::from_int(n)
    }
}

impl std::ops::Add for Dyadic {
    type Output = Dyadic;
    fn add(self, other: Dyadic) -> Dyadic {
        if self.both_small(other) {
            let (a, b, e) = self.aligned(other);
            Dyadic::from_i128(a + b, e)
        } else {
            Dyadic::from_big(&(self.to_big() + other.to_big()))
        }
    }
}

impl std::ops::Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, other: Dyadic) -> Dyadic {
        if self.both_small(other) {
            let (a, b, e) = self.aligned(other);
            Dyadic::from_i128(a - b, e)
        } else {
            Dyadic::from_big(&(self.to_big() - other.to_big()))
        }
    }
}

impl std::ops::Mul for Dyadic {
    type Output = Dyadic;
    fn mul(self, other: Dyadic) -> Dyadic {
        if self.both_small(other) {
            Dyadic::from_i128((self.num as i128) * (other.num as i128), self.exp + other.exp)
        } else {
            Dyadic::from_big(&(self.to_big() * other.to_big()))
        }
    }
}

impl std::ops::Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        match self.num.checked_neg() {
            Some(num) if self.exp != BIG => Dyadic { num, exp: self.exp },
            _ => Dyadic::from_big(&-self.to_big()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{blowup, cgsuite_section, Dyadic};

    fn d(n: i64, e: u32) -> Dyadic {
        Dyadic::new(n, e)
    }

    #[test]
    fn lowest_terms_and_display() {
        assert_eq!(d(6, 2), d(3, 1));
        assert_eq!(d(6, 2).to_string(), "3/2");
        assert_eq!(d(-2, 2).to_string(), "-1/2");
        assert_eq!(d(0, 5).to_string(), "0");
        assert_eq!(d(0, 5).exp_big(), 0);
        assert_eq!(d(8, 2).to_string(), "2");
    }

    #[test]
    fn arithmetic() {
        assert_eq!(d(1, 1) + d(1, 2), d(3, 2));
        assert_eq!(d(1, 1) - d(1, 1), Dyadic::ZERO);
        assert_eq!(d(3, 1) * d(3, 1), d(9, 2));
        assert_eq!(d(1, 0).checked_half(), Some(d(1, 1)));
        assert_eq!(d(-3, 1).floor(), Dyadic::from_int(-2));
        assert_eq!(d(-3, 1).ceil(), Dyadic::from_int(-1));
        assert!(d(1, 2) < d(1, 1));
        assert!(d(-1, 2) > d(-1, 1));
    }

    /// Results beyond the small form move to the large one, exactly, and come back when they fit.
    #[test]
    fn large_form() {
        use num_bigint::BigInt;
        use num_rational::BigRational;
        let big = |n: BigInt, k: u32| Dyadic::of(&BigRational::new(n, BigInt::from(1) << k)).unwrap();
        let max = Dyadic::from_int(i64::MAX);
        let over = max + Dyadic::ONE;
        assert_eq!(over, big(BigInt::from(1) << 63, 0));
        assert_eq!(over.to_string(), "9223372036854775808");
        assert_eq!(over - Dyadic::ONE, max);
        assert!(over.small_parts().is_none() && (over - Dyadic::ONE).small_parts().is_some());
        assert_eq!(-Dyadic::from_int(i64::MIN), over);
        assert_eq!(d(1, 62).half(), big(BigInt::from(1), 63));
        assert_eq!(d(1, 62).half().to_string(), "1/9223372036854775808");
        assert_eq!(d(1, 62).half() + d(1, 62).half(), d(1, 62));
        // 2^80 and 2^-70: order, floor/ceil, birthday (|n| for an integer, floor + 1 + k otherwise).
        let two80 = big(BigInt::from(1) << 80, 0);
        let tiny = big(BigInt::from(1), 70);
        assert!(tiny > Dyadic::ZERO && tiny < d(1, 62) && two80 > max && -two80 < Dyadic::from_int(i64::MIN));
        assert_eq!((two80 + tiny).floor(), two80);
        assert_eq!((two80 + tiny).ceil(), two80 + Dyadic::ONE);
        assert_eq!(two80.birthday_big(), BigInt::from(1) << 80);
        assert_eq!((-tiny).birthday_big(), BigInt::from(71));
        assert_eq!(tiny.birthday(), 71);
        assert!(two80.is_integer() && !tiny.is_integer() && !two80.numerator_is_odd());
        assert_eq!(two80 * tiny, Dyadic::from_int(1 << 10));
        assert_eq!(two80.mean(-two80), Dyadic::ZERO);
        // The simplicity rule across the forms: between 2^80 and 2^80 + 1 is 2^80 + 1/2; between 0 and
        // 2^-70 is 2^-71; the integer of least magnitude above 2^80 - 1/2 is 2^80.
        let s = Dyadic::simplest_between;
        assert_eq!(s(Some(two80), Some(two80 + Dyadic::ONE)), Some(two80 + d(1, 1)));
        assert_eq!(s(Some(Dyadic::ZERO), Some(tiny)), Some(tiny.half()));
        assert_eq!(s(Some(two80 - d(1, 1)), None), Some(two80));
        assert_eq!(s(Some(tiny), Some(tiny + tiny)), Some(tiny + tiny.half()));
    }

    #[test]
    fn simplicity() {
        let s = |l: Option<Dyadic>, h: Option<Dyadic>| Dyadic::simplest_between(l, h).unwrap();
        assert_eq!(s(None, None), Dyadic::ZERO);
        assert_eq!(s(Some(d(1, 0)), None), d(2, 0));
        assert_eq!(s(None, Some(d(-1, 0))), d(-2, 0));
        assert_eq!(s(Some(d(0, 0)), Some(d(1, 0))), d(1, 1));
        assert_eq!(s(Some(d(1, 0)), Some(d(2, 0))), d(3, 1));
        assert_eq!(s(Some(d(0, 0)), Some(d(2, 0))), d(1, 0));
        assert_eq!(s(Some(d(-1, 0)), Some(d(1, 0))), Dyadic::ZERO);
        assert_eq!(s(Some(d(3, 1)), Some(d(7, 2))), d(13, 3));
        assert_eq!(s(Some(d(-7, 2)), Some(d(-3, 1))), d(-13, 3));
        assert_eq!(s(Some(d(1, 2)), Some(d(5, 1))), d(1, 0));
        assert_eq!(s(Some(d(-5, 2)), Some(d(-1, 2))), d(-1, 0));
        assert_eq!(Dyadic::simplest_between(Some(d(1, 0)), Some(d(1, 0))), None);
    }

    #[test]
    fn simplest_in_a_unit_interval_by_binary_search() {
        // The large-form search (binary, over the exponent) against the small form's linear one, on every
        // pair of bounds k/16 < m/16 in [-3, 3] with no integer strictly between them.
        for k in -48i64..48 {
            for m in k + 1..=48 {
                let (l, h) = (d(k, 4), d(m, 4));
                if (l.floor() + Dyadic::ONE) < h {
                    continue;
                }
                let small = Dyadic::simplest_between(Some(l), Some(h)).unwrap();
                assert_eq!(Dyadic::simplest_in_unit_big(l, h), small, "between {l} and {h}");
            }
        }
        // Deep bounds (exponent 3000, as `g : <0|g>` 3000 times builds): between 2 - 2^-3000 and 2 lies
        // 2 - 2^-3001; between 1 + 2^-3000 and 1 + 2^-2999 lies 1 + 3·2^-3001.
        let tiny = Dyadic::pow2(-3000);
        let two = Dyadic::from_int(2);
        let s = |l, h| Dyadic::simplest_between(Some(l), Some(h)).unwrap();
        // `tiny` is the first large value this test interns when it runs alone (table index 0), which `half`
        // once took for zero.
        assert_eq!(tiny.half() + tiny.half(), tiny);
        assert_eq!(s(two - tiny, two), two - tiny.half());
        assert_eq!(s(Dyadic::ONE + tiny, Dyadic::ONE + tiny + tiny), Dyadic::ONE + tiny + tiny.half());
        assert_eq!(s(-two, -two + tiny), -two + tiny.half());
    }

    #[test]
    fn blowup_and_cgsuite_sections() {
        let d = Dyadic::new;
        // Integers: n - 1. Fractions, by hand from the neighbour rule: 1/2 -> -1, 1/4 -> -2,
        // 3/4 -> -1/2, 3/2 -> 1/2, 7/4 -> 3/4 (which makes ^.PowTo(7/4) print as CGSuite's GameTest).
        assert_eq!(blowup(d(1, 0)), Some(d(0, 0)));
        assert_eq!(blowup(d(5, 0)), Some(d(4, 0)));
        assert_eq!(blowup(d(1, 1)), Some(d(-1, 0)));
        assert_eq!(blowup(d(1, 2)), Some(d(-2, 0)));
        assert_eq!(blowup(d(3, 2)), Some(d(-1, 1)));
        assert_eq!(blowup(d(3, 1)), Some(d(1, 1)));
        assert_eq!(blowup(d(7, 2)), Some(d(3, 2)));
        assert_eq!(blowup(d(0, 0)), None);
        assert_eq!(blowup(d(-1, 1)), None);
        // A deep exponent stays fast (memoised neighbours).
        assert!(blowup(d(12345, 40)).is_some());
        // Sections: 0 inside wins; an integer past a bound; the walk; the mean.
        assert_eq!(cgsuite_section(None, None), Some(d(0, 0)));
        assert_eq!(cgsuite_section(Some(d(-3, 0)), Some(d(-1, 1))), Some(d(-2, 0)));
        assert_eq!(cgsuite_section(Some(d(1, 3)), Some(d(3, 2))), Some(d(1, 1)));
        assert_eq!(cgsuite_section(Some(d(3, 3)), Some(d(7, 4))), Some(d(13, 5)));
        assert_eq!(cgsuite_section(Some(d(1, 0)), Some(d(1, 0))), None);
    }
}

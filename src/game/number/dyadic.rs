//! Dyadic rationals `num / 2^exp`, the numbers of short game theory.
//!
//! Invariant: every [`Dyadic`] is in lowest terms (`num` odd unless `exp == 0`, and `0` has `exp == 0`),
//! so the derived `Eq`/`Hash` are value equality. The numerator is an `i64` and the exponent is at most
//! [`Dyadic::MAX_EXP`]; arithmetic that leaves this range is reported, never wrapped: the `checked_*`
//! methods return `None`, and the operator impls (`+`, `-`, `*`, unary `-`) panic with a clear message.
//! The game engine only uses the checked forms and turns `None` into [`GameError::Overflow`](crate::game::GameError).

use std::cmp::Ordering;
use std::fmt;

/// A dyadic rational in lowest terms: `num / 2^exp`, with `num` odd unless `exp == 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

impl Dyadic {
    /// The largest supported exponent of the denominator.
    pub const MAX_EXP: u32 = 62;
    /// 0.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };
    /// 1.
    pub const ONE: Dyadic = Dyadic { num: 1, exp: 0 };
    /// -1.
    pub const MINUS_ONE: Dyadic = Dyadic { num: -1, exp: 0 };

    /// `num / 2^exp`, reduced to lowest terms.
    ///
    /// # Panics
    /// If the reduced exponent exceeds [`Dyadic::MAX_EXP`]; use [`Dyadic::checked_new`] to avoid that.
    pub fn new(num: i64, exp: u32) -> Dyadic {
        Dyadic::checked_new(num, exp).expect("dyadic rational out of range")
    }

    /// `num / 2^exp` in lowest terms, or `None` if the reduced exponent exceeds [`Dyadic::MAX_EXP`].
    pub fn checked_new(num: i64, exp: u32) -> Option<Dyadic> {
        if num == 0 {
            return Some(Dyadic::ZERO);
        }
        let tz = num.trailing_zeros().min(exp);
        let d = Dyadic { num: num >> tz, exp: exp - tz };
        (d.exp <= Dyadic::MAX_EXP).then_some(d)
    }

    /// `num / den` if `den` is a positive power of two and the result is in range, else `None`.
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
    /// Numerator in lowest terms.
    pub fn numerator(self) -> i64 {
        self.num
    }
    /// `k` where the denominator is `2^k`.
    pub fn exp(self) -> u32 {
        self.exp
    }
    /// Whether this is an integer.
    pub fn is_integer(self) -> bool {
        self.exp == 0
    }
    /// Whether this is zero.
    pub fn is_zero(self) -> bool {
        self.num == 0
    }
    /// -1, 0 or 1.
    pub fn signum(self) -> i64 {
        self.num.signum()
    }
    /// The integer value, if this is an integer.
    pub fn to_int(self) -> Option<i64> {
        self.is_integer().then_some(self.num)
    }
    /// The largest integer `<= self`.
    pub fn floor(self) -> i64 {
        self.num >> self.exp
    }
    /// The smallest integer `>= self`.
    pub fn ceil(self) -> i64 {
        if self.exp == 0 {
            self.num
        } else {
            (self.num >> self.exp) + 1
        }
    }
    /// An approximation as a float (for plotting only).
    pub fn to_f64(self) -> f64 {
        self.num as f64 / (2f64).powi(self.exp as i32)
    }

    /// Numerators of `self` and `other` over the common denominator `2^max(exp)`.
    fn aligned(self, other: Dyadic) -> (i128, i128, u32) {
        let e = self.exp.max(other.exp);
        ((self.num as i128) << (e - self.exp), (other.num as i128) << (e - other.exp), e)
    }

    fn from_i128(num: i128, exp: u32) -> Option<Dyadic> {
        if num == 0 {
            return Some(Dyadic::ZERO);
        }
        let tz = num.trailing_zeros().min(exp);
        let n = num >> tz;
        let e = exp - tz;
        if e > Dyadic::MAX_EXP {
            return None;
        }
        i64::try_from(n).ok().map(|num| Dyadic { num, exp: e })
    }

    /// `self + other`, or `None` on overflow.
    pub fn checked_add(self, other: Dyadic) -> Option<Dyadic> {
        let (a, b, e) = self.aligned(other);
        Dyadic::from_i128(a + b, e)
    }
    /// `self - other`, or `None` on overflow.
    pub fn checked_sub(self, other: Dyadic) -> Option<Dyadic> {
        let (a, b, e) = self.aligned(other);
        Dyadic::from_i128(a - b, e)
    }
    /// `-self`, or `None` on overflow.
    pub fn checked_neg(self) -> Option<Dyadic> {
        self.num.checked_neg().map(|num| Dyadic { num, exp: self.exp })
    }
    /// `self * other`, or `None` on overflow.
    pub fn checked_mul(self, other: Dyadic) -> Option<Dyadic> {
        let n = (self.num as i128) * (other.num as i128);
        Dyadic::from_i128(n, self.exp + other.exp)
    }
    /// `self * n` for an integer `n`, or `None` on overflow.
    pub fn checked_mul_int(self, n: i64) -> Option<Dyadic> {
        self.checked_mul(Dyadic::from_int(n))
    }
    /// `self / 2`, or `None` if the exponent would exceed [`Dyadic::MAX_EXP`].
    pub fn checked_half(self) -> Option<Dyadic> {
        if self.num == 0 {
            Some(self)
        } else if self.exp >= Dyadic::MAX_EXP {
            None
        } else {
            Some(Dyadic { num: self.num, exp: self.exp + 1 })
        }
    }
    /// `(self + other) / 2`, or `None` on overflow.
    pub fn checked_mean(self, other: Dyadic) -> Option<Dyadic> {
        let (a, b, e) = self.aligned(other);
        Dyadic::from_i128(a + b, e + 1)
    }
    /// `|self|`, or `None` on overflow.
    pub fn checked_abs(self) -> Option<Dyadic> {
        if self.num < 0 {
            self.checked_neg()
        } else {
            Some(self)
        }
    }

    /// The birthday of this number as a game: `|n|` for an integer, else `floor(|x|) + 1 + exp`.
    pub fn birthday(self) -> u64 {
        let mag = self.num.unsigned_abs();
        if self.exp == 0 {
            mag
        } else {
            (mag >> self.exp) + 1 + self.exp as u64
        }
    }

    /// The simplest number strictly between `lo` and `hi` (`None` = unbounded), by the simplicity rule:
    /// the integer of least magnitude if there is one, else the dyadic with the smallest denominator.
    /// Returns `None` if the interval is empty or the answer is outside the representable range.
    pub fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Option<Dyadic> {
        if let (Some(l), Some(h)) = (lo, hi) {
            if l >= h {
                return None;
            }
        }
        // Least integer > lo and greatest integer < hi.
        let first = match lo {
            None => None,
            Some(l) => Some(l.floor().checked_add(1)?),
        };
        let last = match hi {
            None => None,
            Some(h) => Some(h.ceil().checked_sub(1)?),
        };
        let has_int = match (first, last) {
            (Some(f), Some(l)) => f <= l,
            _ => true,
        };
        if has_int {
            let n = match (first, last) {
                (Some(f), _) if f > 0 => f,
                (_, Some(l)) if l < 0 => l,
                _ => 0,
            };
            return Some(Dyadic::from_int(n));
        }
        // No integer strictly between: both bounds exist and lie within one unit interval.
        let (l, h) = (lo?, hi?);
        for e in 1..=Dyadic::MAX_EXP {
            // Least multiple of 2^-e strictly greater than l.
            let (ln, _, _) = l.aligned(Dyadic { num: 0, exp: e });
            let shift = e.max(l.exp);
            // l = ln / 2^shift; we want k/2^e > l, k = floor(l * 2^e) + 1.
            let k = (ln >> (shift - e)) + 1;
            let cand = Dyadic::from_i128(k, e)?;
            if cand < h {
                return Some(cand);
            }
        }
        None
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
            let step = Dyadic::checked_new(1, x.exp)?;
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
    let below_floor = |l: Dyadic| Dyadic::from_int(l.floor()).checked_add(Dyadic::ONE);
    let above_ceil = |h: Dyadic| Dyadic::from_int(h.ceil()).checked_sub(Dyadic::ONE);
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
            let up = |d: Dyadic| d.checked_add(Dyadic::checked_new(1, d.exp)?);
            let down = |d: Dyadic| d.checked_sub(Dyadic::checked_new(1, d.exp)?);
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

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        let (a, b, _) = self.aligned(*other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Dyadic {
        Dyadic::from_int(n)
    }
}

impl std::ops::Add for Dyadic {
    type Output = Dyadic;
    /// # Panics
    /// On overflow (use [`Dyadic::checked_add`] to handle it).
    fn add(self, other: Dyadic) -> Dyadic {
        self.checked_add(other).expect("dyadic overflow in +")
    }
}

impl std::ops::Sub for Dyadic {
    type Output = Dyadic;
    /// # Panics
    /// On overflow (use [`Dyadic::checked_sub`] to handle it).
    fn sub(self, other: Dyadic) -> Dyadic {
        self.checked_sub(other).expect("dyadic overflow in -")
    }
}

impl std::ops::Mul for Dyadic {
    type Output = Dyadic;
    /// # Panics
    /// On overflow (use [`Dyadic::checked_mul`] to handle it).
    fn mul(self, other: Dyadic) -> Dyadic {
        self.checked_mul(other).expect("dyadic overflow in *")
    }
}

impl std::ops::Neg for Dyadic {
    type Output = Dyadic;
    /// # Panics
    /// On overflow (use [`Dyadic::checked_neg`] to handle it).
    fn neg(self) -> Dyadic {
        self.checked_neg().expect("dyadic overflow in unary -")
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
        assert_eq!(d(0, 5).exp(), 0);
        assert_eq!(d(8, 2).to_string(), "2");
    }

    #[test]
    fn arithmetic() {
        assert_eq!(d(1, 1) + d(1, 2), d(3, 2));
        assert_eq!(d(1, 1) - d(1, 1), Dyadic::ZERO);
        assert_eq!(d(3, 1) * d(3, 1), d(9, 2));
        assert_eq!(d(1, 0).checked_half(), Some(d(1, 1)));
        assert_eq!(d(-3, 1).floor(), -2);
        assert_eq!(d(-3, 1).ceil(), -1);
        assert!(d(1, 2) < d(1, 1));
        assert!(d(-1, 2) > d(-1, 1));
        assert_eq!(Dyadic::from_int(i64::MAX).checked_add(Dyadic::ONE), None);
        assert_eq!(Dyadic::from_int(i64::MIN).checked_neg(), None);
        assert_eq!(d(1, 62).checked_half(), None);
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

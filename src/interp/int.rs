//! The interpreter's integers: machine integers held in line, larger ones behind an `Rc`.
//!
//! Invariant: **one representation per integer**. An integer that fits in an `i64` is always [`Int::Small`];
//! [`Int::Big`] holds only integers outside `i64`. Every constructor demotes (a big result that fits is made
//! small), so equality, order and hashing compare representations directly: a `Small` and a `Big` are never
//! equal, and every `Big` lies below `i64::MIN` or above `i64::MAX`.
//!
//! The arithmetic here ([`Int::add`], [`Int::sub`], [`Int::mul`], [`Int::neg`], [`Int::div_rem_trunc`],
//! [`Int::div_mod_floor`]) uses checked machine arithmetic and promotes to `BigInt` only on overflow.

use num_bigint::{BigInt, Sign};
use num_integer::Integer as _;
use num_traits::{Signed, ToPrimitive};
use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// An integer of any size (see the module documentation for the invariant).
#[derive(Clone)]
pub enum Int {
    /// An integer that fits in an `i64`.
    Small(i64),
    /// An integer outside `i64` (never one that fits).
    Big(Rc<BigInt>),
}

impl Int {
    /// The integer `n`, small when it fits.
    pub fn big(n: BigInt) -> Int {
        match n.to_i64() {
            Some(k) => Int::Small(k),
            None => Int::Big(Rc::new(n)),
        }
    }

    /// The integer `n` (copied only when it does not fit in an `i64`).
    pub fn from_ref(n: &BigInt) -> Int {
        match n.to_i64() {
            Some(k) => Int::Small(k),
            None => Int::Big(Rc::new(n.clone())),
        }
    }

    /// The machine integer, if it is one.
    #[inline]
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Int::Small(k) => Some(*k),
            Int::Big(_) => None,
        }
    }

    /// The value as a `BigInt` (borrowed when it is big, built when it is small).
    pub fn to_big(&self) -> Cow<'_, BigInt> {
        match self {
            Int::Small(k) => Cow::Owned(BigInt::from(*k)),
            Int::Big(n) => Cow::Borrowed(n),
        }
    }

    /// The value as an owned `BigInt`.
    pub fn into_big(self) -> BigInt {
        match self {
            Int::Small(k) => BigInt::from(k),
            Int::Big(n) => Rc::try_unwrap(n).unwrap_or_else(|n| (*n).clone()),
        }
    }

    /// Whether it is below zero.
    #[inline]
    pub fn is_negative(&self) -> bool {
        match self {
            Int::Small(k) => *k < 0,
            Int::Big(n) => n.is_negative(),
        }
    }

    /// Whether it is above zero.
    #[inline]
    pub fn is_positive(&self) -> bool {
        match self {
            Int::Small(k) => *k > 0,
            Int::Big(n) => n.is_positive(),
        }
    }

    /// Whether it is zero.
    #[inline]
    pub fn is_zero(&self) -> bool {
        matches!(self, Int::Small(0))
    }

    /// Its sign, as num-bigint writes it.
    pub fn sign(&self) -> Sign {
        match self {
            Int::Small(k) => match k.cmp(&0) {
                Ordering::Less => Sign::Minus,
                Ordering::Equal => Sign::NoSign,
                Ordering::Greater => Sign::Plus,
            },
            Int::Big(n) => n.sign(),
        }
    }

    /// The number of bits of its magnitude (0 for zero), as `BigInt::bits`.
    pub fn bits(&self) -> u64 {
        match self {
            Int::Small(k) => u64::from(64 - k.unsigned_abs().leading_zeros()),
            Int::Big(n) => n.bits(),
        }
    }

    /// `self + other`.
    #[inline]
    pub fn add(&self, other: &Int) -> Int {
        if let (Int::Small(a), Int::Small(b)) = (self, other) {
            if let Some(c) = a.checked_add(*b) {
                return Int::Small(c);
            }
        }
        Int::big(&*self.to_big() + &*other.to_big())
    }

    /// `self - other`.
    #[inline]
    pub fn sub(&self, other: &Int) -> Int {
        if let (Int::Small(a), Int::Small(b)) = (self, other) {
            if let Some(c) = a.checked_sub(*b) {
                return Int::Small(c);
            }
        }
        Int::big(&*self.to_big() - &*other.to_big())
    }

    /// `self · other` when both are machine integers and so is the product; `None` otherwise (the caller
    /// multiplies big operands in polled steps).
    #[inline]
    pub fn mul_small(&self, other: &Int) -> Option<Int> {
        match (self, other) {
            (Int::Small(a), Int::Small(b)) => a.checked_mul(*b).map(Int::Small),
            _ => None,
        }
    }

    /// `self · other` (unpolled; for operands known to be modest).
    pub fn mul(&self, other: &Int) -> Int {
        self.mul_small(other).unwrap_or_else(|| Int::big(&*self.to_big() * &*other.to_big()))
    }

    /// `-self`.
    #[inline]
    pub fn neg(&self) -> Int {
        match self {
            Int::Small(k) => match k.checked_neg() {
                Some(n) => Int::Small(n),
                None => Int::big(-BigInt::from(*k)),
            },
            Int::Big(n) => Int::big(-(**n).clone()),
        }
    }

    /// `|self|`.
    pub fn abs(&self) -> Int {
        if self.is_negative() {
            self.neg()
        } else {
            self.clone()
        }
    }

    /// The truncated quotient and its remainder (the remainder has the sign of the dividend, as Java's `/` and
    /// `%`), when both are machine integers and the quotient fits (`i64::MIN / -1` does not); `None` otherwise,
    /// and for a zero divisor.
    #[inline]
    pub fn div_rem_trunc_small(&self, other: &Int) -> Option<(Int, Int)> {
        match (self, other) {
            (Int::Small(a), Int::Small(b)) => Some((Int::Small(a.checked_div(*b)?), Int::Small(a.checked_rem(*b)?))),
            _ => None,
        }
    }

    /// The floored quotient and the remainder with the sign of the divisor, when both are machine integers and
    /// the quotient fits; `None` otherwise, and for a zero divisor.
    #[inline]
    pub fn div_mod_floor_small(&self, other: &Int) -> Option<(Int, Int)> {
        match (self, other) {
            (Int::Small(a), Int::Small(b)) if *b != 0 && !(*a == i64::MIN && *b == -1) => {
                let (q, r) = a.div_mod_floor(b);
                Some((Int::Small(q), Int::Small(r)))
            }
            _ => None,
        }
    }
}

impl Default for Int {
    fn default() -> Int {
        Int::Small(0)
    }
}

impl PartialEq for Int {
    #[inline]
    fn eq(&self, other: &Int) -> bool {
        match (self, other) {
            (Int::Small(a), Int::Small(b)) => a == b,
            (Int::Big(a), Int::Big(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Int {}

impl PartialOrd for Int {
    #[inline]
    fn partial_cmp(&self, other: &Int) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Int {
    #[inline]
    fn cmp(&self, other: &Int) -> Ordering {
        match (self, other) {
            (Int::Small(a), Int::Small(b)) => a.cmp(b),
            (Int::Big(a), Int::Big(b)) => a.cmp(b),
            // A big integer lies outside `i64`: its sign places it against every small one.
            (Int::Small(_), Int::Big(b)) => {
                if b.is_positive() {
                    Ordering::Less
                } else {
                    Ordering::Greater
                }
            }
            (Int::Big(a), Int::Small(_)) => {
                if a.is_positive() {
                    Ordering::Greater
                } else {
                    Ordering::Less
                }
            }
        }
    }
}

impl Hash for Int {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self {
            Int::Small(k) => k.hash(state),
            Int::Big(n) => n.hash(state),
        }
    }
}

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Int::Small(k) => fmt::Display::fmt(k, f),
            Int::Big(n) => fmt::Display::fmt(&**n, f),
        }
    }
}

impl fmt::Debug for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl ToPrimitive for Int {
    #[inline]
    fn to_i64(&self) -> Option<i64> {
        self.as_i64()
    }
    #[inline]
    fn to_u64(&self) -> Option<u64> {
        match self {
            Int::Small(k) => u64::try_from(*k).ok(),
            Int::Big(n) => n.to_u64(),
        }
    }
    fn to_i128(&self) -> Option<i128> {
        match self {
            Int::Small(k) => Some(i128::from(*k)),
            Int::Big(n) => n.to_i128(),
        }
    }
    fn to_u128(&self) -> Option<u128> {
        match self {
            Int::Small(k) => u128::try_from(*k).ok(),
            Int::Big(n) => n.to_u128(),
        }
    }
    fn to_f64(&self) -> Option<f64> {
        match self {
            Int::Small(k) => k.to_f64(),
            Int::Big(n) => n.to_f64(),
        }
    }
}

/// What [`crate::interp::Value::int`] accepts: machine integers of every width (no `BigInt` built when they
/// fit) and big integers.
pub trait IntoInt {
    /// The integer.
    fn into_int(self) -> Int;
}

macro_rules! into_int_small {
    ($($t:ty),*) => {$(
        impl IntoInt for $t {
            #[inline]
            fn into_int(self) -> Int {
                Int::Small(i64::from(self))
            }
        }
    )*};
}
into_int_small!(i8, i16, i32, i64, u8, u16, u32);

macro_rules! into_int_wide {
    ($($t:ty),*) => {$(
        impl IntoInt for $t {
            #[inline]
            fn into_int(self) -> Int {
                match i64::try_from(self) {
                    Ok(k) => Int::Small(k),
                    Err(_) => Int::Big(Rc::new(BigInt::from(self))),
                }
            }
        }
    )*};
}
into_int_wide!(u64, usize, isize, i128, u128);

impl IntoInt for BigInt {
    fn into_int(self) -> Int {
        Int::big(self)
    }
}

impl IntoInt for &BigInt {
    fn into_int(self) -> Int {
        Int::from_ref(self)
    }
}

impl IntoInt for num_bigint::BigUint {
    fn into_int(self) -> Int {
        Int::big(BigInt::from(self))
    }
}

impl IntoInt for Int {
    fn into_int(self) -> Int {
        self
    }
}

#[cfg(test)]
#[path = "int_tests.rs"]
mod tests;

//! Nim values of any size: the `m` of a nimber `*m` (and of the star part of `x + n·↑ + *m`).
//!
//! Like [`Dyadic`](super::Dyadic), two forms behind one `Copy` type: a value below 2^63 is held inline,
//! a larger one is an index into the interned table of [`bigtab`](super::bigtab) (as an integer
//! `BigRational`). Every value has exactly one form, so the derived `Eq`/`Hash` are value equality.
//! Nim addition is `xor`, in O(bits).

use super::bigtab;
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::ToPrimitive;
use std::cmp::Ordering;
use std::fmt;
use std::ops::BitXor;

/// A natural number of any size used as a nim value (see the module notes).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Nim(u64);

/// The bit that marks the large form (the rest of the word is a table index).
const BIG: u64 = 1 << 63;

impl Nim {
    /// 0.
    pub const ZERO: Nim = Nim(0);
    /// 1.
    pub const ONE: Nim = Nim(1);

    /// The nim value `n` (any size).
    pub fn from_big(n: &BigUint) -> Nim {
        match n.to_u64() {
            Some(k) if k < BIG => Nim(k),
            _ => Nim(BIG | u64::from(bigtab::intern(BigRational::from_integer(BigInt::from(n.clone()))))),
        }
    }

    /// The value, if it fits a `u64`.
    pub fn to_u64(self) -> Option<u64> {
        if self.0 & BIG == 0 {
            Some(self.0)
        } else {
            self.to_big().to_u64()
        }
    }

    /// The exact value.
    pub fn to_big(self) -> BigUint {
        if self.0 & BIG == 0 {
            BigUint::from(self.0)
        } else {
            let r = bigtab::get((self.0 & !BIG) as u32);
            r.numer().to_biguint().expect("a nim value is a natural number")
        }
    }

    /// Whether this is 0.
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// The sum `self + k` as ordinary integers (the ordinal sum `*a : *b = *(a+b)`).
    pub fn plus(self, k: Nim) -> Nim {
        match (self.0 & BIG == 0 && k.0 & BIG == 0).then(|| self.0.checked_add(k.0)).flatten() {
            Some(s) if s < BIG => Nim(s),
            _ => Nim::from_big(&(self.to_big() + k.to_big())),
        }
    }

    /// The parity (`m mod 2`).
    pub fn is_odd(self) -> bool {
        if self.0 & BIG == 0 {
            self.0 & 1 == 1
        } else {
            self.to_big().bit(0)
        }
    }
}

impl From<u64> for Nim {
    fn from(n: u64) -> Nim {
        if n < BIG {
            Nim(n)
        } else {
            Nim::from_big(&BigUint::from(n))
        }
    }
}

impl BitXor for Nim {
    type Output = Nim;
    fn bitxor(self, o: Nim) -> Nim {
        if (self.0 | o.0) & BIG == 0 {
            Nim(self.0 ^ o.0)
        } else {
            Nim::from_big(&(self.to_big() ^ o.to_big()))
        }
    }
}

impl BitXor<u64> for Nim {
    type Output = Nim;
    fn bitxor(self, o: u64) -> Nim {
        self ^ Nim::from(o)
    }
}

impl PartialEq<u64> for Nim {
    fn eq(&self, o: &u64) -> bool {
        *self == Nim::from(*o)
    }
}

impl Ord for Nim {
    fn cmp(&self, o: &Nim) -> Ordering {
        if (self.0 | o.0) & BIG == 0 {
            self.0.cmp(&o.0)
        } else {
            self.to_big().cmp(&o.to_big())
        }
    }
}

impl PartialOrd for Nim {
    fn partial_cmp(&self, o: &Nim) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl PartialOrd<u64> for Nim {
    fn partial_cmp(&self, o: &u64) -> Option<Ordering> {
        Some(self.cmp(&Nim::from(*o)))
    }
}

impl fmt::Display for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 & BIG == 0 {
            write!(f, "{}", self.0)
        } else {
            write!(f, "{}", self.to_big())
        }
    }
}

impl fmt::Debug for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_and_xor() {
        let a = Nim::from_big(&(BigUint::from(1u8) << 80u32));
        let b = Nim::from(3);
        assert_eq!((a ^ b).to_big(), (BigUint::from(1u8) << 80u32) + 3u8);
        assert_eq!(a ^ a, Nim::ZERO);
        assert_eq!((a ^ b) ^ a, b);
        // One form per value: a large value that xors down to a small one is the inline form.
        assert_eq!(((a ^ b) ^ a).to_u64(), Some(3));
        assert!(a > b);
        assert!(a > 5u64);
        assert_eq!(Nim::from(u64::MAX).to_big(), BigUint::from(u64::MAX));
        assert_eq!(Nim::from(u64::MAX).to_u64(), Some(u64::MAX));
        assert_eq!(Nim::from(1u64 << 63) ^ Nim::from(1), Nim::from((1u64 << 63) + 1));
        assert_eq!(a.plus(a).to_big(), BigUint::from(1u8) << 81u32);
        assert_eq!(a.to_string(), "1208925819614629174706176");
        assert!(!a.is_odd() && (a ^ 1u64).is_odd());
    }
}

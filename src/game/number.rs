//! Dyadic rationals `num / 2^exp`, the numbers of short game theory.

/// A dyadic rational in lowest terms: `num / 2^exp`, with `num` odd unless `exp == 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

impl Dyadic {
    /// `num / 2^exp`, reduced to lowest terms.
    pub fn new(num: i64, exp: u32) -> Dyadic {
        let _ = (num, exp);
        unimplemented!("engine owner fills this in")
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
}

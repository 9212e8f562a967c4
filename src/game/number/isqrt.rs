//! Integer square roots of numbers of any size that can be interrupted.
//!
//! num-bigint's `sqrt` runs Newton's iteration at full precision from a 52-bit guess: some fifteen full-size
//! divisions in one call that cannot be stopped (513 ms for `(10^(10^6)).Isqrt`, Ctrl-C waited for all of it).
//! Here the root of the top half of the bits is found first (recursively), then one Newton step at full size
//! and a small correction: about the cost of two full-size divisions, with `poll` called between the steps.

use num_bigint::BigUint;
use num_traits::One;

/// Below this many bits num-bigint's own root is quick.
const DIRECT_BITS: u64 = 4096;

/// `⌊√n⌋`, calling `poll` between the big steps (it may unwind to stop the computation).
pub fn isqrt_polled(n: &BigUint, poll: &mut dyn FnMut()) -> BigUint {
    let bits = n.bits();
    if bits <= DIRECT_BITS {
        return n.sqrt();
    }
    // n = high·4^k + low: √n ≈ √high·2^k, accurate to about 2^(k+1), with k about a quarter of the bits.
    let k = bits / 4;
    let high = n >> (2 * k);
    let root_high = isqrt_polled(&high, poll);
    poll();
    let guess = (root_high << k) + BigUint::one();
    // One Newton step: the error e becomes about e²/(2√n) ≤ 2^(2k+2)/2^(2k) = a few units, never below ⌊√n⌋.
    let mut s = (&guess + n / &guess) >> 1u32;
    poll();
    while &s * &s > *n {
        s -= 1u32;
    }
    // The Newton iterate is never below ⌊√n⌋ (AM–GM), so s is now exactly ⌊√n⌋; check in debug builds.
    debug_assert!({
        let t = &s + 1u32;
        &t * &t > *n
    });
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::Zero;

    /// Cross-check against num-bigint's root (an independent algorithm) over sizes around the threshold, at
    /// perfect squares and their neighbours, where an off-by-one would show.
    #[test]
    fn agrees_with_num_bigint() {
        let mut poll = || {};
        let mut x = BigUint::from(0x9E37_79B9_7F4A_7C15u64);
        for bits in [4000u64, 4097, 5000, 9001, 20_000, 70_001] {
            while x.bits() < bits {
                x = &x * &x + 12345u32;
            }
            let n = &x >> (x.bits() - bits);
            for m in [n.clone(), &n + 1u32, &n * &n, &n * &n - 1u32, &n * &n + 1u32] {
                assert_eq!(isqrt_polled(&m, &mut poll), m.sqrt(), "bits {}", m.bits());
            }
        }
        assert!(isqrt_polled(&BigUint::zero(), &mut poll).is_zero());
    }

    #[test]
    fn polls_between_steps() {
        let mut calls = 0;
        let n = BigUint::from(7u32).pow(40_000);
        let r = isqrt_polled(&n, &mut || calls += 1);
        assert_eq!(r, n.sqrt());
        assert!(calls >= 4, "{calls} polls");
    }
}

//! Nim arithmetic on natural numbers of any size (Conway, *On Numbers and Games*, ch. 6).
//!
//! The naturals below each Fermat 2-power `F_k = 2^(2^k)` form a field under nim-sum (xor) and nim
//! product; [`nim_product`] splits its arguments at the Fermat 2-power `X = F_(k-1)` of their field,
//! where `X ⊗ X = X ⊕ X/2`, with three half-size products per level (Karatsuba), and hands numbers
//! below 2^64 to the `u64` path of [`crate::game::impartial::nim_product`]. [`nim_inverse`] is
//! Lenstra's recursion (Nim Multiplication, 1978, exercise 5): `a ⊗ ā` lies in the half-size
//! subfield, where `ā` is the conjugate of `a` over it. [`nim_exp`] is square-and-multiply
//! after reducing the exponent modulo the order of the multiplicative group.

use crate::game::impartial;
use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

/// The smallest `k` with `n < 2^(2^k)`.
fn field_level(n: &BigUint) -> u32 {
    let bits = n.bits();
    let mut k = 0u32;
    while (1u64 << k) < bits {
        k += 1;
    }
    k
}

/// The nim product `a ⊗ b` of two naturals of any size.
pub fn nim_product(a: &BigUint, b: &BigUint) -> BigUint {
    product_by_split(a, b, 6)
}

/// The nim product by splitting at Fermat 2-powers, handing operands below `2^(2^small_level)`
/// (`small_level ≤ 6`) to the `u64` path; `small_level < 6` exercises the split on small numbers.
pub(crate) fn product_by_split(a: &BigUint, b: &BigUint, small_level: u32) -> BigUint {
    let level = field_level(a).max(field_level(b));
    if level <= small_level {
        let (x, y) = (a.to_u64().unwrap_or(0), b.to_u64().unwrap_or(0));
        return BigUint::from(impartial::nim_product(x, y));
    }
    if a.is_zero() || b.is_zero() {
        return BigUint::zero();
    }
    if a.is_one() {
        return b.clone();
    }
    if b.is_one() {
        return a.clone();
    }
    let h = 1u64 << (level - 1);
    let mask = (BigUint::one() << h) - 1u32;
    let (a1, a0) = (a >> h, a & &mask);
    let (b1, b0) = (b >> h, b & &mask);
    let c = product_by_split(&a0, &b0, small_level);
    let d = product_by_split(&a1, &b1, small_level);
    let e = product_by_split(&(&a0 ^ &a1), &(&b0 ^ &b1), small_level);
    // (a1 X + a0)(b1 X + b0) = (a1b1 + a1b0 + a0b1) X + a0b0 + a1b1 (X/2)
    let half = BigUint::one() << (h - 1);
    ((e ^ &c) << h) | (c ^ product_by_split(&d, &half, small_level))
}

/// The nim inverse of a positive natural (`None` for zero): the `b` with `a ⊗ b = 1`.
pub fn nim_inverse(a: &BigUint) -> Option<BigUint> {
    if a.is_zero() {
        return None;
    }
    if a.is_one() {
        return Some(BigUint::one());
    }
    if let Some(x) = a.to_u64() {
        if x < 4 {
            return Some(BigUint::from([0, 1, 3, 2][x as usize] as u64));
        }
    }
    // F = 2^(2^k) is the largest Fermat 2-power ≤ a; a = a1 F + a0 with a1 ≠ 0.
    let lb = a.bits() - 1;
    let k = 63 - lb.leading_zeros() as u64;
    let f = 1u64 << k;
    // The conjugate a1 F + (a0 ⊕ a1); a ⊗ conjugate = a0² ⊕ a0a1 ⊕ a1²(F/2) lies below F.
    let conjugate = a ^ (a >> f);
    let norm = nim_product(a, &conjugate);
    Some(nim_product(&conjugate, &nim_inverse(&norm)?))
}

/// The nim power `a^⊗e` (`a^⊗0 = 1`). The exponent is first reduced modulo the order `2^(2^k) − 1`
/// of the multiplicative group of `a`'s field, so the work is bounded by the size of `a`, not of `e`.
pub fn nim_exp(a: &BigUint, e: &BigUint) -> BigUint {
    if e.is_zero() {
        return BigUint::one();
    }
    if a.is_zero() {
        return BigUint::zero();
    }
    let order = (BigUint::one() << (1u64 << field_level(a))) - 1u32;
    let e = e % order;
    let mut result = BigUint::one();
    let mut base = a.clone();
    for i in 0..e.bits() {
        if e.bit(i) {
            result = nim_product(&result, &base);
        }
        if i + 1 < e.bits() {
            base = nim_product(&base, &base);
        }
    }
    result
}

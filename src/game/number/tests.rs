//! Tests of the number engine: nim arithmetic on naturals of any size.

use super::nimfield::{nim_exp, nim_inverse, nim_product, product_by_split};
use crate::game::impartial;
use num_bigint::BigUint;
use num_traits::One;

fn big(n: u128) -> BigUint {
    BigUint::from(n)
}

/// A deterministic stream of 128-bit test values (xorshift), mixing in small and power-of-two values.
fn samples(count: usize) -> Vec<u128> {
    let mut x: u128 = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835;
    let mut out = vec![1, 2, 3, 1 << 64, (1 << 64) + 1, (1 << 127) | 5, u128::MAX];
    while out.len() < count {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let width = (x % 128) as u32 + 1;
        out.push(if width == 128 { x } else { x & ((1u128 << width) - 1) }.max(1));
    }
    out
}

// CGSuite 2.2: `(2^64).NimProduct(2^64)` = 27670116110564327424 = 2^64 ⊕ 2^63, as ONAG's rule
// X ⊗ X = X ⊕ X/2 for a Fermat 2-power X says.
#[test]
fn fermat_square_beyond_u64() {
    assert_eq!(nim_product(&big(1 << 64), &big(1 << 64)), big((1 << 64) | (1 << 63)));
    assert_eq!(nim_product(&big(1 << 64), &big(1 << 64)).to_string(), "27670116110564327424");
    let x = BigUint::one() << 128u32; // the next Fermat 2-power
    assert_eq!(nim_product(&x, &x), &x ^ (BigUint::one() << 127u32));
}

// CGSuite 2.2: `(2^64).NimInverse` = 230834536417900505184213649228045032789.
#[test]
fn inverse_beyond_u64_matches_cgsuite() {
    assert_eq!(nim_inverse(&big(1 << 64)).unwrap().to_string(), "230834536417900505184213649228045032789");
}

// The big-number split agrees with the u64 path on the u64 range: products recomputed by splitting
// down to 4-bit fields (2^(2^2)) against `impartial::nim_product`.
#[test]
fn split_agrees_with_u64_path() {
    for &a in &samples(60) {
        for &b in &samples(60) {
            let (a, b) = (a as u64, b as u64);
            let split = product_by_split(&big(a as u128), &big(b as u128), 2);
            assert_eq!(split, big(impartial::nim_product(a, b) as u128), "{a} ⊗ {b}");
        }
    }
}

// The naturals below 2^128 are a field (ONAG ch. 6): commutative, associative, distributive over
// xor, 1 is the unit, and every non-zero element has an inverse.
#[test]
fn field_laws_below_2_128() {
    let s = samples(40);
    for &a in &s {
        let a = big(a);
        let inv = nim_inverse(&a).unwrap();
        assert_eq!(nim_product(&a, &inv), BigUint::one(), "{a} ⊗ {a}⁻¹");
        for &b in &s {
            let b = big(b);
            assert_eq!(nim_product(&a, &b), nim_product(&b, &a));
            for &c in s.iter().take(8) {
                let c = big(c);
                assert_eq!(nim_product(&a, &nim_product(&b, &c)), nim_product(&nim_product(&a, &b), &c));
                assert_eq!(nim_product(&a, &(&b ^ &c)), nim_product(&a, &b) ^ nim_product(&a, &c));
            }
        }
    }
    assert_eq!(nim_inverse(&big(0)), None);
}

// The check `n ⊗ n.NimInverse == 1` for n in 1..3000; and 2 ⊗ 3 = 1 (ONAG: the field of
// order 4 is {0, 1, 2, 3} with 2² = 3).
#[test]
fn inverses_up_to_3000() {
    assert_eq!(nim_inverse(&big(2)), Some(big(3)));
    assert_eq!(nim_inverse(&big(3)), Some(big(2)));
    for n in 1..=3000u128 {
        let inv = nim_inverse(&big(n)).unwrap();
        assert_eq!(nim_product(&big(n), &inv), BigUint::one(), "{n}");
    }
}

// Frobenius: in the field of order 2^128 every element satisfies a^(2^128) = a; CGSuite 2.2
// `5.NimExp(3)` = 13 (by hand: 5⊗5 = 6⊕4⊕4⊕1 = 7, 7⊗5 = 13).
#[test]
fn nim_exp_values_and_frobenius() {
    assert_eq!(nim_exp(&big(5), &big(3)), big(13));
    assert_eq!(nim_exp(&big(5), &big(0)), big(1));
    let order = BigUint::one() << 128u32;
    for &a in &samples(12) {
        assert_eq!(nim_exp(&big(a), &order), big(a));
    }
    // The multiplicative group below 2^16 has order 2^16 − 1.
    for a in [2u128, 3, 100, 65535] {
        assert_eq!(nim_exp(&big(a), &big(65535)), big(1));
    }
}

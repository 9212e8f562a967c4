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

mod ordinals {
    use crate::game::number::ordinal::GenOrd;
    use crate::game::number::ordinal_nim::{nim_exp, nim_inverse, nim_product, nim_sum};
    use num_bigint::{BigInt, BigUint};

    fn w() -> GenOrd {
        GenOrd::omega()
    }
    fn n(k: i64) -> GenOrd {
        GenOrd::int(BigInt::from(k))
    }
    fn wp(e: GenOrd) -> GenOrd {
        GenOrd::omega_power(e)
    }
    fn prod(a: &GenOrd, b: &GenOrd) -> GenOrd {
        nim_product(a, b, &|| {}).unwrap()
    }

    // Printed forms as CGSuite 2.2 prints them: `omega^omega - 5*omega^19 + omega^2 + 1`.
    #[test]
    fn cantor_normal_form_prints() {
        let x = wp(w()).sub(&wp(n(19)).scale(&BigInt::from(5))).add(&wp(n(2))).add(&n(1));
        assert_eq!(x.to_string(), "ω^ω-ω^19×5+ω^2+1");
        assert_eq!(wp(w().scale(&BigInt::from(2))).to_string(), "ω^(ω×2)");
        assert_eq!(wp(wp(n(2))).to_string(), "ω^ω^2");
        assert_eq!(wp(w().add(&n(1))).to_string(), "ω^(ω+1)");
        assert!(w() > n(1000) && w().sub(&n(1)) < w() && wp(n(2)).neg() < w().neg());
    }

    // ONAG ch. 6: ω is a cube root of 2, so ω ⊗ ω ⊗ ω = 2 and ω^⊗3 = 2; ω^3 (ordinal) = κ_9 and
    // κ_9 ⊗ κ_9 = κ_9^2 = ω^6 (CGSuite 2.2: `omega^3 NimProduct omega^3` is ω^6).
    #[test]
    fn omega_is_a_cube_root_of_two() {
        assert_eq!(prod(&prod(&w(), &w()), &w()), n(2));
        assert_eq!(prod(&w(), &wp(n(2))), n(2));
        assert_eq!(nim_exp(&w(), &BigUint::from(3u32), &|| {}).unwrap(), n(2));
        assert_eq!(prod(&wp(n(3)), &wp(n(3))), wp(n(6)));
        // Below ω^3 the ordinal product of distinct κ-powers is the nim product: ω ⊗ ω = ω^2.
        assert_eq!(prod(&w(), &w()), wp(n(2)));
        // Finite coefficients: 7 ⊗ ω = ω×7 (CGSuite 2.2: `omega NimProduct 7`).
        assert_eq!(prod(&w(), &n(7)), w().scale(&BigInt::from(7)));
    }

    // Lenstra (1977): α_5 = 4, i.e. (ω^ω)^⊗5 = 4; α_7 = ω + 1, i.e. (ω^(ω^2))^⊗7 = ω + 1
    // (CGSuite 2.2 gives both).
    #[test]
    fn lenstra_alphas() {
        assert_eq!(nim_exp(&wp(w()), &BigUint::from(5u32), &|| {}).unwrap(), n(4));
        assert_eq!(nim_exp(&wp(wp(n(2))), &BigUint::from(7u32), &|| {}).unwrap(), w().add(&n(1)));
    }

    // Field axioms as a cross-check on a sample of ordinals: commutativity, associativity, distributivity
    // over nim-sum, and x ⊗ x^-1 = 1.
    #[test]
    fn field_laws() {
        let sample = [
            n(1),
            n(3),
            n(17),
            w(),
            w().add(&n(1)),
            wp(n(2)).add(&w().scale(&BigInt::from(3))),
            wp(w()),
            wp(w()).add(&n(5)),
            wp(wp(n(2))).add(&w()),
        ];
        let none = || {};
        for a in &sample {
            let inv = nim_inverse(a, &none).unwrap().unwrap();
            assert_eq!(prod(a, &inv), n(1), "{a} ⊗ {inv}");
            for b in &sample {
                assert_eq!(prod(a, b), prod(b, a));
                for c in &sample[..4] {
                    assert_eq!(prod(&prod(a, b), c), prod(a, &prod(b, c)));
                    let s = nim_sum(b, c).unwrap();
                    assert_eq!(prod(a, &s), nim_sum(&prod(a, b), &prod(a, c)).unwrap());
                }
            }
        }
    }
}

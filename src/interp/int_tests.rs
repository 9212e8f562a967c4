//! [`Int`] and the interpreter's integer fast paths against `BigInt` arithmetic, on random values and on the
//! edges of `i64` (overflow promotes, results that fit demote, signs of `%`, `Div` and `Mod` as CGSuite's).

use super::*;
use crate::interp::tests::outputs;
use crate::interp::value::Value;
use num_rational::BigRational;
use num_traits::Zero;
use proptest::prelude::*;
use std::collections::hash_map::DefaultHasher;

/// Integers near the edges of `i64` (and of `i32`, `u64`), small ones, and arbitrary ones of up to 128 bits.
fn interesting() -> impl Strategy<Value = BigInt> {
    let p63 = 1i128 << 63;
    let p64 = 1i128 << 64;
    let edges = prop::sample::select(vec![
        0i128,
        1,
        -1,
        2,
        -2,
        i128::from(i32::MAX),
        i128::from(i32::MIN),
        p63 - 1,
        p63 - 2,
        -p63,
        -p63 + 1,
        p63,
        p63 + 1,
        -p63 - 1,
        p64 - 1,
        p64,
        -p64,
        3037000499,  // ⌊√(2^63)⌋: its square fits in an i64
        3037000500,  // its square does not
        -3037000500, // nor that of its negative
    ]);
    prop_oneof![
        edges.prop_map(BigInt::from),
        (-20i64..20).prop_map(BigInt::from),
        any::<i64>().prop_map(BigInt::from),
        any::<i128>().prop_map(BigInt::from),
        // within a small distance of ±2^63
        (-3i128..3, any::<bool>()).prop_map(move |(d, neg)| BigInt::from(if neg { -p63 + d } else { p63 + d })),
    ]
}

fn fits(n: &BigInt) -> bool {
    i64::try_from(n).is_ok()
}

/// The representation invariant: small exactly when it fits, and the same value.
fn check_repr(i: &Int, n: &BigInt) {
    match i {
        Int::Small(k) => assert_eq!(BigInt::from(*k), *n),
        Int::Big(b) => {
            assert!(!fits(b), "{b} fits in an i64 but is held big");
            assert_eq!(**b, *n);
        }
    }
    assert_eq!(fits(n), matches!(i, Int::Small(_)));
}

fn hash_of(i: &Int) -> u64 {
    let mut h = DefaultHasher::new();
    i.hash(&mut h);
    h.finish()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arithmetic_matches_bigint(a in interesting(), b in interesting()) {
        let (x, y) = (Int::from_ref(&a), Int::big(b.clone()));
        check_repr(&x, &a);
        check_repr(&y, &b);
        check_repr(&x.add(&y), &(&a + &b));
        check_repr(&x.sub(&y), &(&a - &b));
        check_repr(&x.mul(&y), &(&a * &b));
        check_repr(&x.neg(), &-&a);
        check_repr(&x.abs(), &a.abs());
        if let Some(p) = x.mul_small(&y) {
            check_repr(&p, &(&a * &b));
            prop_assert!(fits(&a) && fits(&b));
        } else {
            prop_assert!(!(fits(&a) && fits(&b) && fits(&(&a * &b))));
        }
        if !b.is_zero() {
            // Java's truncated division (`%`, `Div`) and the floored one (`Mod`).
            let (q, r) = (&a / &b, &a % &b);
            match x.div_rem_trunc_small(&y) {
                Some((qq, rr)) => {
                    check_repr(&qq, &q);
                    check_repr(&rr, &r);
                }
                None => prop_assert!(!(fits(&a) && fits(&b) && fits(&q))),
            }
            let (fq, fr) = a.div_mod_floor(&b);
            match x.div_mod_floor_small(&y) {
                Some((qq, rr)) => {
                    check_repr(&qq, &fq);
                    check_repr(&rr, &fr);
                }
                None => prop_assert!(!(fits(&a) && fits(&b) && fits(&fq))),
            }
        }
    }

    #[test]
    fn order_equality_and_hash_match_bigint(a in interesting(), b in interesting()) {
        let (x, y) = (Int::from_ref(&a), Int::from_ref(&b));
        prop_assert_eq!(x.cmp(&y), a.cmp(&b));
        prop_assert_eq!(x == y, a == b);
        prop_assert_eq!(x.sign(), a.sign());
        prop_assert_eq!(x.bits(), a.bits());
        prop_assert_eq!(x.is_negative(), a.is_negative());
        prop_assert_eq!(x.to_string(), a.to_string());
        prop_assert_eq!(x.to_u64(), a.to_u64());
        prop_assert_eq!(x.to_usize(), a.to_usize());
        prop_assert_eq!(x.to_big().into_owned(), a.clone());
        // A value reached by arithmetic is the value written directly: equal, and hashed alike.
        let via = x.add(&y).sub(&y);
        prop_assert!(via == x);
        prop_assert_eq!(hash_of(&via), hash_of(&x));
        // Numbers as values: integers against rationals in the total order.
        let r = Value::rational(BigRational::new(a.clone() * 2 + 1, BigInt::from(2)));
        prop_assert_eq!(Value::int(b.clone()).cmp(&r), BigRational::from_integer(b.clone()).cmp(&(BigRational::new(a.clone() * 2 + 1, BigInt::from(2)))));
    }

    /// Whole expressions through the interpreter (the operator fast paths, the general path, the members),
    /// printed, against the same expressions computed with `BigInt`.
    #[test]
    fn interpreter_matches_bigint(pairs in prop::collection::vec((interesting(), interesting()), 8)) {
        let mut src = String::new();
        let mut expected = Vec::new();
        for (a, b) in &pairs {
            let (pa, pb) = (format!("({a})"), format!("({b})"));
            for (op, v) in [("+", a + b), ("-", a - b), ("*", a * b)] {
                src.push_str(&format!("{pa} {op} {pb}\n"));
                expected.push(v.to_string());
            }
            for (op, v) in [("<", a < b), ("<=", a <= b), (">", a > b), (">=", a >= b), ("==", a == b), ("!=", a != b)] {
                src.push_str(&format!("{pa} {op} {pb}\n"));
                expected.push(v.to_string());
            }
            src.push_str(&format!("-{pa}\n"));
            expected.push((-a).to_string());
            if !b.is_zero() {
                src.push_str(&format!("{pa} % {pb}\n{pa}.Div{pb}\n{pa}.Mod{pb}\n{pa} / {pb}\n"));
                expected.push((a % b).to_string());
                expected.push((a / b).to_string());
                expected.push(a.mod_floor(b).to_string());
                let q = BigRational::new(a.clone(), b.clone());
                expected.push(if q.is_integer() { q.numer().to_string() } else { format!("{}/{}", q.numer(), q.denom()) });
            }
        }
        prop_assert_eq!(outputs(&src), expected);
    }
}

#[test]
fn edges_of_i64() {
    let min = i64::MIN;
    let max = i64::MAX;
    let cases = [
        // -1 · i64::MIN is 2^63, one past i64::MAX: promoted.
        // CGSuite 2.2 (cgsuite-eval): `9223372036854775807 + 1` and `(-9223372036854775808).Div(-1)` are
        // 9223372036854775808, `(-9223372036854775808) % -1` is 0.
        (format!("-1 * ({min})"), "9223372036854775808"),
        (format!("({min}) * -1"), "9223372036854775808"),
        (format!("-({min})"), "9223372036854775808"),
        (format!("({min}) / -1"), "9223372036854775808"),
        (format!("({min}).Div(-1)"), "9223372036854775808"),
        // The remainders of that division are 0 (no overflow trap).
        (format!("({min}) % -1"), "0"),
        (format!("({min}).Mod(-1)"), "0"),
        (format!("{max} + 1"), "9223372036854775808"),
        (format!("({min}) - 1"), "-9223372036854775809"),
        // And back: results that fit are machine integers again (printed the same; equal to the literal).
        (format!("{max} + 1 - 1 == {max}"), "true"),
        (format!("-(-({min})) == {min}"), "true"),
        ("2^64 - 2^64 + 5 == 5".to_string(), "true"),
        ("{2^64 - 2^64 + 5} == {5}".to_string(), "true"),
        ("{2^64 - 2^64 + 5 => \"a\"}[5]".to_string(), "\"a\""),
        ("{5 => \"a\"}[2^64 - 2^64 + 5]".to_string(), "\"a\""),
        // CGSuite 2.2 (cgsuite-eval): `(2^64 - 2^64 + 5).Class` is ⟪game.Integer⟫.
        ("(2^64 - 2^64 + 5).Class".to_string(), "⟪game.Integer⟫"),
        (format!("({max} + 1).Class"), "⟪game.Integer⟫"),
        // Sorting mixes machine integers, big ones and rationals by value.
        (
            format!("[2^64, 1/2, {min}, -2^64, 0, {max} + 1/2].Sorted"),
            "[-18446744073709551616,-9223372036854775808,0,1/2,18446744073709551615/2,18446744073709551616]",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(outputs(&src), vec![want.to_string()], "{src}");
    }
}

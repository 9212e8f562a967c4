//! Nim arithmetic on ordinals below `ω^(ω^ω)` (Conway, *On Numbers and Games*, ch. 6; H. W. Lenstra,
//! "On the algebraic closure of two", 1977, and "Nim multiplication", 1978; C. DiMuro, "On On_p", 2012).
//!
//! Below `ω^(ω^ω)` the ordinals under nim-sum and nim-product are the algebraic closure of 𝔽₂. Lenstra
//! names, for each prime power `q`, the ordinal `κ_q`: for `q = 2^n` the finite Fermat 2-power
//! `2^(2^(n-1))`, and for `q = p^n` with `p` the `k`-th odd prime the ordinal `ω^(ω^(k-1)·p^(n-1))`. Then
//! `κ_(p^(n+1))^⊗p = κ_(p^n)` and `κ_p^⊗p = α_p`, an ordinal made of smaller `κ`s and a finite part
//! ([`ALPHA`]: Lenstra's values, extended by DiMuro). Every ordinal term `c·ω^e` with
//! `e = Σ d_k·ω^k` is the nim product of the finite `c` and of the `κ`s given by the base-`p_k`
//! digits of each `d_k` (`p_k` the `(k+1)`-th odd prime … written `ω^(ω^k·d)` =
//! `Π κ_(p^(i+1))^⊗digit_i`); a product of two terms multiplies the `κ`-powers, carrying an exponent
//! `p` to the next lower `κ` and finally into `α_p`.
//!
//! So `ω = κ_3` and `ω^⊗3 = α_3 = 2` (ONAG ch. 6).

use super::nimfield;
use super::ordinal::{GenOrd, Term};
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::collections::BTreeMap;

/// Why a nim operation has no answer (CGSuite's wording).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NimError {
    /// An operand is not an ordinal: "NimProduct applies only to ordinals."
    NotOrdinal,
    /// An exponent of an exponent beyond the table of `α_p`: "NimProduct out of range."
    OutOfRange,
}

/// `(p, q-set, excess)` for the odd primes `p` in order: `α_p = Σ_(q ∈ q-set) κ_q + excess` (ordinal
/// sum). The `k`-th entry (from 0) belongs to the exponents `ω^(ω^k·…)`. Values: Lenstra (1977) for
/// `p ≤ 43`, DiMuro, "On On_p" (2012), beyond; the same table CGSuite 2.2 uses.
const ALPHA: [(u32, &[u32], u32); 54] = [
    (3, &[2], 0),
    (5, &[4], 0),
    (7, &[3], 1),
    (11, &[5], 1),
    (13, &[4, 3], 0),
    (17, &[8], 0),
    (19, &[9], 4),
    (23, &[11], 1),
    (29, &[4, 7], 0),
    (31, &[5], 1),
    (37, &[4, 9], 0),
    (41, &[5], 1),
    (43, &[7], 1),
    (47, &[23], 1),
    (53, &[13], 1),
    (59, &[29], 1),
    (61, &[3, 5], 0),
    (67, &[3, 11], 0),
    (71, &[5, 7], 0),
    (73, &[9], 1),
    (79, &[13], 1),
    (83, &[41], 1),
    (89, &[11], 1),
    (97, &[16, 3], 0),
    (101, &[25], 1),
    (103, &[3, 17], 0),
    (107, &[53], 1),
    (109, &[4, 9], 0),
    (113, &[4, 7], 0),
    (127, &[7], 1),
    (131, &[5, 13], 0),
    (137, &[17], 1),
    (139, &[3, 23], 0),
    (149, &[37], 1),
    (151, &[3, 5], 0),
    (157, &[13], 1),
    (163, &[81], 4),
    (167, &[83], 1),
    (173, &[4, 43], 0),
    (179, &[89], 1),
    (181, &[9, 5], 0),
    (191, &[5, 19], 0),
    (193, &[32, 3], 0),
    (197, &[4, 49], 0),
    (199, &[9, 11], 0),
    (211, &[5, 7], 0),
    (223, &[37], 1),
    (227, &[113], 1),
    (229, &[19], 1),
    (233, &[29], 1),
    (239, &[7, 17], 0),
    (241, &[8, 3], 0),
    (251, &[25], 1),
    (257, &[16], 0),
];

/// The largest `k` with `ω^(ω^k)` in range: one level beyond [`ALPHA`], whose prime 263 has no known
/// `α` here, so a product there is computed until it would need `α_263` (as in CGSuite 2.2).
pub const MAX_LEVEL: usize = ALPHA.len();

/// The prime `p_k` of level `k ≤ MAX_LEVEL`.
fn prime(k: usize) -> u32 {
    ALPHA.get(k).map_or(263, |a| a.0)
}

/// `κ_q` for a prime power `q` (one in [`ALPHA`]'s q-sets).
pub fn kappa(q: u32) -> GenOrd {
    if q.is_power_of_two() {
        let n = q.trailing_zeros();
        return GenOrd::int(BigInt::one() << (1u64 << (n - 1)));
    }
    let (k, &(p, _, _)) = ALPHA.iter().enumerate().find(|(_, a)| q.is_multiple_of(a.0)).expect("an odd prime power");
    let mut n = 0;
    let mut r = q;
    while r > 1 {
        r /= p;
        n += 1;
    }
    let exp = GenOrd::term(BigInt::from(p).pow(n - 1), GenOrd::int(BigInt::from(k)));
    GenOrd::omega_power(exp)
}

/// `α_p` for the `k`-th odd prime (from 0).
pub fn alpha(k: usize) -> GenOrd {
    let (_, qs, excess) = ALPHA[k];
    qs.iter().fold(GenOrd::int(BigInt::from(excess)), |acc, &q| acc.add(&kappa(q)))
}

/// Exponents of `κ`s: `(k, i) ↦ e` stands for `κ_(p_k^(i+1))^⊗e`.
type Kappas = BTreeMap<(usize, u32), u64>;

/// The `κ`-powers whose nim product is the ordinal `ω^exp`.
fn kappas_of(exp: &GenOrd, into: &mut Kappas) -> Result<(), NimError> {
    for t in exp.terms() {
        let k =
            t.exp.as_integer().and_then(|k| k.to_usize()).filter(|&k| k <= MAX_LEVEL).ok_or(NimError::OutOfRange)?;
        let p = BigInt::from(prime(k));
        let mut d = t.coef.clone();
        let mut i = 0u32;
        while !d.is_zero() {
            let digit = (&d % &p).to_u64().unwrap_or(0);
            if digit != 0 {
                *into.entry((k, i)).or_insert(0) += digit;
            }
            d /= &p;
            i += 1;
        }
    }
    Ok(())
}

/// Nim-sum of ordinals: coefficients of equal exponents xor.
pub fn nim_sum(a: &GenOrd, b: &GenOrd) -> Result<GenOrd, NimError> {
    if !a.is_ordinal() || !b.is_ordinal() {
        return Err(NimError::NotOrdinal);
    }
    Ok(nim_sum_ordinals(a, b))
}

fn nim_sum_ordinals(a: &GenOrd, b: &GenOrd) -> GenOrd {
    let mut out: BTreeMap<GenOrd, BigUint> = BTreeMap::new();
    for t in a.terms().iter().chain(b.terms()) {
        let c = t.coef.magnitude().clone();
        let e = out.entry(t.exp.clone()).or_insert_with(BigUint::zero);
        *e ^= c;
    }
    GenOrd::from_terms(
        out.into_iter().filter(|(_, c)| !c.is_zero()).map(|(exp, c)| Term { coef: BigInt::from(c), exp }).collect(),
    )
}

/// The nim product `c ⊗ Π κ^e` as an ordinal, carrying exponents that reach `p`.
fn reduce(mut ks: Kappas, coef: BigUint, poll: &dyn Fn()) -> Result<GenOrd, NimError> {
    poll();
    if coef.is_zero() {
        return Ok(GenOrd::zero());
    }
    let full = ks.iter().find(|(&(k, _), &e)| e >= u64::from(prime(k))).map(|(&key, _)| key);
    let Some((k, i)) = full else {
        let exp = GenOrd::from_terms(
            ks.iter()
                .filter(|(_, &e)| e > 0)
                .map(|(&(k, i), &e)| Term {
                    coef: BigInt::from(prime(k)).pow(i) * BigInt::from(e),
                    exp: GenOrd::int(BigInt::from(k)),
                })
                .collect(),
        );
        return Ok(GenOrd::omega_power(exp).scale(&BigInt::from(coef)));
    };
    let p = u64::from(prime(k));
    let e = ks[&(k, i)] - p;
    ks.insert((k, i), e);
    if i > 0 {
        *ks.entry((k, i - 1)).or_insert(0) += 1;
        return reduce(ks, coef, poll);
    }
    if k >= ALPHA.len() {
        return Err(NimError::OutOfRange);
    }
    // κ_p^⊗p = α_p: distribute the rest over α_p's terms.
    let mut total = GenOrd::zero();
    for t in alpha(k).terms() {
        let mut more = ks.clone();
        // κ-terms of α_p have coefficient 1; the finite part is a coefficient.
        let _ = kappas_of(&t.exp, &mut more);
        let c = nimfield::nim_product(&coef, t.coef.magnitude());
        total = nim_sum_ordinals(&total, &reduce(more, c, poll)?);
    }
    Ok(total)
}

fn term_product(a: &Term, b: &Term, poll: &dyn Fn()) -> Result<GenOrd, NimError> {
    let mut ks = Kappas::new();
    kappas_of(&a.exp, &mut ks)?;
    kappas_of(&b.exp, &mut ks)?;
    reduce(ks, nimfield::nim_product(a.coef.magnitude(), b.coef.magnitude()), poll)
}

/// The nim product of two ordinals below `ω^(ω^(MAX_LEVEL+1))`.
pub fn nim_product(a: &GenOrd, b: &GenOrd, poll: &dyn Fn()) -> Result<GenOrd, NimError> {
    if !a.is_ordinal() || !b.is_ordinal() {
        return Err(NimError::NotOrdinal);
    }
    let mut total = GenOrd::zero();
    for s in a.terms() {
        for t in b.terms() {
            total = nim_sum_ordinals(&total, &term_product(s, t, poll)?);
        }
    }
    Ok(total)
}

/// `a ⊗ a`: in characteristic 2 the square of a nim-sum is the nim-sum of the squares of its terms.
pub fn nim_square(a: &GenOrd, poll: &dyn Fn()) -> Result<GenOrd, NimError> {
    if !a.is_ordinal() {
        return Err(NimError::NotOrdinal);
    }
    let mut total = GenOrd::zero();
    for t in a.terms() {
        total = nim_sum_ordinals(&total, &term_product(t, t, poll)?);
    }
    Ok(total)
}

/// `a^⊗n` by square-and-multiply.
pub fn nim_exp(a: &GenOrd, n: &BigUint, poll: &dyn Fn()) -> Result<GenOrd, NimError> {
    if !a.is_ordinal() {
        return Err(NimError::NotOrdinal);
    }
    if let Some(x) = a.as_integer() {
        return Ok(GenOrd::int(BigInt::from(nimfield::nim_exp(x.magnitude(), n))));
    }
    let mut result = GenOrd::one();
    let mut base = a.clone();
    for i in 0..n.bits() {
        if n.bit(i) {
            result = nim_product(&result, &base, poll)?;
        }
        if i + 1 < n.bits() {
            base = nim_square(&base, poll)?;
        }
    }
    Ok(result)
}

/// The nim inverse of a nonzero ordinal (`None` for 0). An ordinal `a` below `ω^(ω^ω)` lies in a finite
/// field 𝔽_(2^d), `d` the length of its Frobenius orbit `a, a², a⁴, …` (the first `d` with
/// `a^(2^d) = a`); then `a^-1 = a^(2^d − 2) = a² ⊗ a⁴ ⊗ … ⊗ a^(2^(d−1))`.
pub fn nim_inverse(a: &GenOrd, poll: &dyn Fn()) -> Result<Option<GenOrd>, NimError> {
    if !a.is_ordinal() {
        return Err(NimError::NotOrdinal);
    }
    if a.is_zero() {
        return Ok(None);
    }
    if let Some(x) = a.as_integer() {
        return Ok(nimfield::nim_inverse(x.magnitude()).map(|y| GenOrd::int(BigInt::from(y))));
    }
    let mut power = nim_square(a, poll)?;
    let mut product = GenOrd::one();
    while power != *a {
        poll();
        product = nim_product(&product, &power, poll)?;
        power = nim_square(&power, poll)?;
    }
    Ok(Some(product))
}

/// Whether `n` is a nonnegative integer exponent (for callers converting arguments).
pub fn natural_exponent(n: &GenOrd) -> Option<BigUint> {
    n.as_integer().filter(|n| !n.is_negative()).and_then(|n| n.to_biguint())
}

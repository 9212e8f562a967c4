//! Surreal numbers that are quotients of generalized ordinals, `(α − β)/(γ − δ)` (ONAG ch. 0–1), kept
//! in lowest terms.
//!
//! A generalized ordinal is a polynomial over ℤ in the variables `ω^(ω^e)` (its terms `c·ω^(Σ dᵢ·ω^eᵢ)`
//! are the monomials `c·Π (ω^(ω^eᵢ))^dᵢ`), and the Cantor-normal-form order of terms is the
//! lexicographic monomial order. So a quotient is reduced by a polynomial gcd ([`gcd`]: contents and
//! primitive pseudo-remainder sequences, recursively in the variables) and exact division
//! ([`div_exact`]); the denominator is made positive. Equal values then have equal parts.

use super::ordinal::{GenOrd, Term};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, Zero};
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// `num / den` in lowest terms, `den > 0`, `den ≠ 1` unless the value is a generalized ordinal.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Surreal {
    num: GenOrd,
    den: GenOrd,
}

impl Ord for Surreal {
    fn cmp(&self, other: &Surreal) -> Ordering {
        self.num.mul(&other.den).cmp(&self.den.mul(&other.num))
    }
}

impl PartialOrd for Surreal {
    fn partial_cmp(&self, other: &Surreal) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Surreal {
    /// The generalized ordinal `g`.
    pub fn from_gen(g: GenOrd) -> Surreal {
        Surreal { num: g, den: GenOrd::one() }
    }

    /// `num / den` in lowest terms; `None` when `den` is 0.
    pub fn new(num: GenOrd, den: GenOrd, poll: &dyn Fn()) -> Option<Surreal> {
        if den.is_zero() {
            return None;
        }
        let (num, den) = if den.sign() < 0 { (num.neg(), den.neg()) } else { (num, den) };
        if num.is_zero() {
            return Some(Surreal::from_gen(num));
        }
        let g = gcd(&num, &den, poll);
        let num = div_exact(&num, &g, poll).expect("the gcd divides");
        let den = div_exact(&den, &g, poll).expect("the gcd divides");
        Some(Surreal { num, den })
    }

    /// The numerator in lowest terms.
    pub fn numerator(&self) -> &GenOrd {
        &self.num
    }

    /// The (positive) denominator in lowest terms.
    pub fn denominator(&self) -> &GenOrd {
        &self.den
    }

    /// The generalized ordinal this is, if its denominator is 1.
    pub fn as_gen(&self) -> Option<&GenOrd> {
        self.den.is_one().then_some(&self.num)
    }

    /// `-1`, `0` or `1`.
    pub fn sign(&self) -> i32 {
        self.num.sign()
    }

    /// `-self`.
    pub fn neg(&self) -> Surreal {
        Surreal { num: self.num.neg(), den: self.den.clone() }
    }

    /// `self + o`.
    pub fn add(&self, o: &Surreal, poll: &dyn Fn()) -> Surreal {
        let num = self.num.mul(&o.den).add(&self.den.mul(&o.num));
        Surreal::new(num, self.den.mul(&o.den), poll).expect("a nonzero denominator")
    }

    /// `self - o`.
    pub fn sub(&self, o: &Surreal, poll: &dyn Fn()) -> Surreal {
        self.add(&o.neg(), poll)
    }

    /// `self · o`.
    pub fn mul(&self, o: &Surreal, poll: &dyn Fn()) -> Surreal {
        Surreal::new(self.num.mul(&o.num), self.den.mul(&o.den), poll).expect("a nonzero denominator")
    }

    /// `self / o`; `None` when `o` is 0.
    pub fn div(&self, o: &Surreal, poll: &dyn Fn()) -> Option<Surreal> {
        Surreal::new(self.num.mul(&o.den), self.den.mul(&o.num), poll)
    }

    /// `self^n` for an integer `n` (`None`: 0 to a negative power).
    pub fn pow(&self, n: &BigInt, poll: &dyn Fn()) -> Option<Surreal> {
        let mut num = GenOrd::one();
        let mut den = GenOrd::one();
        let mut k = n.abs();
        while k.is_positive() {
            poll();
            num = num.mul(&self.num);
            den = den.mul(&self.den);
            k -= 1;
        }
        if n.is_negative() {
            Surreal::new(den, num, poll)
        } else {
            Surreal::new(num, den, poll)
        }
    }

    /// The printed form, CGSuite's plain text: `1/ω`, `(ω×2+1)/2`.
    pub fn write(&self, out: &mut String) {
        if self.den.is_one() {
            self.num.write(out);
            return;
        }
        for (i, part) in [&self.num, &self.den].into_iter().enumerate() {
            if i == 1 {
                out.push('/');
            }
            if part.len() > 1 {
                out.push('(');
                part.write(out);
                out.push(')');
            } else {
                part.write(out);
            }
        }
    }
}

/// `x^d` for the variable `x = ω^(ω^v)`.
fn var_pow(v: &GenOrd, d: &BigInt) -> GenOrd {
    if d.is_zero() {
        return GenOrd::one();
    }
    GenOrd::omega_power(GenOrd::term(d.clone(), v.clone()))
}

/// The coefficients of `a` as a polynomial in the variable `ω^(ω^v)`, by degree.
fn split(a: &GenOrd, v: &GenOrd) -> BTreeMap<BigInt, GenOrd> {
    let mut out: BTreeMap<BigInt, Vec<Term>> = BTreeMap::new();
    for t in a.terms() {
        let (mut d, mut rest) = (BigInt::zero(), Vec::new());
        for u in t.exp.terms() {
            if u.exp == *v {
                d = u.coef.clone();
            } else {
                rest.push(u.clone());
            }
        }
        out.entry(d).or_default().push(Term { coef: t.coef.clone(), exp: GenOrd::from_terms(rest) });
    }
    out.into_iter().map(|(d, ts)| (d, GenOrd::from_terms(ts))).collect()
}

fn degree(a: &GenOrd, v: &GenOrd) -> BigInt {
    split(a, v).keys().next_back().cloned().unwrap_or_default()
}

/// `a / b` when `b` divides `a` exactly (division by leading terms in the lexicographic order).
pub fn div_exact(a: &GenOrd, b: &GenOrd, poll: &dyn Fn()) -> Option<GenOrd> {
    let lb = b.terms().first()?.clone();
    let mut r = a.clone();
    let mut q = Vec::new();
    while let Some(lr) = r.terms().first().cloned() {
        poll();
        let (c, rem) = lr.coef.div_rem(&lb.coef);
        let e = lr.exp.sub(&lb.exp);
        if !rem.is_zero() || !e.is_ordinal() {
            return None;
        }
        let t = GenOrd::term(c, e);
        r = r.sub(&t.mul(b));
        q.push(t.terms()[0].clone());
    }
    Some(GenOrd::from_terms(q))
}

/// The gcd of the coefficients of `a` in the variable `ω^(ω^v)`.
fn content(a: &GenOrd, v: &GenOrd, poll: &dyn Fn()) -> GenOrd {
    split(a, v).values().fold(GenOrd::zero(), |g, c| gcd(&g, c, poll))
}

/// The pseudo-remainder of `a` by `b` in the variable `ω^(ω^v)` (up to a factor, which the primitive
/// part removes).
fn prem(a: &GenOrd, b: &GenOrd, v: &GenOrd, poll: &dyn Fn()) -> GenOrd {
    let db = degree(b, v);
    let lb = split(b, v).into_iter().next_back().map(|(_, c)| c).unwrap_or_default();
    let mut r = a.clone();
    while !r.is_zero() {
        poll();
        let dr = degree(&r, v);
        if dr < db {
            break;
        }
        let lr = split(&r, v).into_iter().next_back().map(|(_, c)| c).unwrap_or_default();
        r = lb.mul(&r).sub(&lr.mul(&var_pow(v, &(dr - &db))).mul(b));
    }
    r
}

/// The greatest common divisor of two generalized ordinals as polynomials, with a positive leading
/// coefficient (`gcd(0, 0) = 0`).
pub fn gcd(a: &GenOrd, b: &GenOrd, poll: &dyn Fn()) -> GenOrd {
    poll();
    if a.is_zero() {
        return b.abs();
    }
    if b.is_zero() {
        return a.abs();
    }
    if let (Some(x), Some(y)) = (a.as_integer(), b.as_integer()) {
        return GenOrd::int(x.gcd(&y));
    }
    let mut vars = Vec::new();
    a.variables(&mut vars);
    b.variables(&mut vars);
    let v = vars.into_iter().max().expect("a variable");
    let (ca, cb) = (content(a, &v, poll), content(b, &v, poll));
    let c = gcd(&ca, &cb, poll);
    let mut p = div_exact(a, &ca, poll).expect("the content divides");
    let mut q = div_exact(b, &cb, poll).expect("the content divides");
    if degree(&p, &v) < degree(&q, &v) {
        std::mem::swap(&mut p, &mut q);
    }
    loop {
        if q.is_zero() {
            break;
        }
        if degree(&q, &v).is_zero() {
            p = GenOrd::one();
            break;
        }
        let r = prem(&p, &q, &v, poll);
        p = q;
        q = if r.is_zero() { r } else { div_exact(&r, &content(&r, &v, poll), poll).expect("the content divides") };
    }
    c.mul(&p).abs()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w() -> GenOrd {
        GenOrd::omega()
    }
    fn n(k: i64) -> GenOrd {
        GenOrd::int(BigInt::from(k))
    }
    fn show(s: &Surreal) -> String {
        let mut out = String::new();
        s.write(&mut out);
        out
    }

    // Hand derivation: ω² − 1 = (ω − 1)(ω + 1).
    #[test]
    fn quotients_reduce() {
        let none = || {};
        let a = w().mul(&w()).sub(&n(1));
        let b = w().sub(&n(1));
        assert_eq!(show(&Surreal::new(a, b.clone(), &none).unwrap()), "ω+1");
        let c = w().scale(&BigInt::from(2));
        assert_eq!(show(&Surreal::new(c, n(4), &none).unwrap()), "ω/2");
        assert_eq!(show(&Surreal::new(n(1), b.neg(), &none).unwrap()), "-1/(ω-1)");
        // (ω^(ω+2) − ω^ω)/(ω − 1) = ω^ω·(ω + 1) (CGSuite 2.2's documentation example).
        let big = GenOrd::omega_power(w().add(&n(2))).sub(&GenOrd::omega_power(w()));
        assert_eq!(show(&Surreal::new(big, b, &none).unwrap()), "ω^(ω+1)+ω^ω");
    }

    // Multivariate: (x² − y²)/(x − y) = x + y with x = ω^ω, y = ω.
    #[test]
    fn two_variables() {
        let none = || {};
        let x = GenOrd::omega_power(w());
        let y = w();
        let a = x.mul(&x).sub(&y.mul(&y));
        let s = Surreal::new(a, x.sub(&y), &none).unwrap();
        assert_eq!(show(&s), "ω^ω+ω");
    }
}

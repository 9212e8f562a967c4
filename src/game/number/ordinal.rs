//! Generalized ordinals: differences `α − β` of ordinals below ε₀, written in Cantor normal form with
//! integer coefficients, `ω^ω − ω^19·5 + ω^2 + 1` (Conway, *On Numbers and Games*, ch. 3 and 6).
//!
//! A [`GenOrd`] is a finite sum `Σ cᵢ·ω^eᵢ` with nonzero integer coefficients `cᵢ` and strictly
//! decreasing ordinal exponents `eᵢ` (themselves [`GenOrd`]s with positive coefficients). Sums and
//! products are the natural (Hessenberg) ones, so the generalized ordinals form a commutative ring: it is
//! the polynomial ring over ℤ in the variables `ω^(ω^e)`, which is how [`super::surreal`] reduces
//! quotients. Two generalized ordinals compare by their first differing term.

use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;
use std::fmt;

/// One term `coef · ω^exp` (`exp` an ordinal).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Term {
    /// The nonzero integer coefficient.
    pub coef: BigInt,
    /// The ordinal exponent.
    pub exp: GenOrd,
}

/// A generalized ordinal in Cantor normal form (see the module documentation).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct GenOrd {
    terms: Vec<Term>,
}

impl Term {
    /// The order of single terms as generalized ordinals.
    fn cmp_term(&self, other: &Term) -> Ordering {
        if self.coef.is_zero() || other.coef.is_zero() {
            return self.coef.cmp(&other.coef);
        }
        match self.exp.cmp(&other.exp) {
            Ordering::Greater => self.coef.sign().cmp(&num_bigint::Sign::NoSign),
            Ordering::Less => num_bigint::Sign::NoSign.cmp(&other.coef.sign()),
            Ordering::Equal => self.coef.cmp(&other.coef),
        }
    }
}

impl Ord for GenOrd {
    fn cmp(&self, other: &GenOrd) -> Ordering {
        let zero = Term { coef: BigInt::zero(), exp: GenOrd::zero() };
        let n = self.terms.len().max(other.terms.len());
        for i in 0..n {
            let a = self.terms.get(i).unwrap_or(&zero);
            let b = other.terms.get(i).unwrap_or(&zero);
            if a != b {
                return a.cmp_term(b);
            }
        }
        Ordering::Equal
    }
}

impl PartialOrd for GenOrd {
    fn partial_cmp(&self, other: &GenOrd) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl GenOrd {
    /// `0`.
    pub fn zero() -> GenOrd {
        GenOrd { terms: Vec::new() }
    }

    /// The integer `n`.
    pub fn int(n: BigInt) -> GenOrd {
        GenOrd::from_terms(vec![Term { coef: n, exp: GenOrd::zero() }])
    }

    /// `1`.
    pub fn one() -> GenOrd {
        GenOrd::int(BigInt::one())
    }

    /// `ω`.
    pub fn omega() -> GenOrd {
        GenOrd::omega_power(GenOrd::one())
    }

    /// `ω^e` for an ordinal `e`.
    pub fn omega_power(e: GenOrd) -> GenOrd {
        debug_assert!(e.is_ordinal());
        GenOrd { terms: vec![Term { coef: BigInt::one(), exp: e }] }
    }

    /// `coef · ω^exp` in normal form.
    pub fn term(coef: BigInt, exp: GenOrd) -> GenOrd {
        GenOrd::from_terms(vec![Term { coef, exp }])
    }

    /// The sum of `terms` in normal form: equal exponents merged, zero coefficients dropped, exponents
    /// decreasing.
    pub fn from_terms(mut terms: Vec<Term>) -> GenOrd {
        terms.sort_by(|a, b| b.exp.cmp(&a.exp));
        let mut out: Vec<Term> = Vec::with_capacity(terms.len());
        for t in terms {
            match out.last_mut() {
                Some(last) if last.exp == t.exp => last.coef += t.coef,
                _ => out.push(t),
            }
            if out.last().is_some_and(|l| l.coef.is_zero()) {
                out.pop();
            }
        }
        GenOrd { terms: out }
    }

    /// The terms, exponents decreasing.
    pub fn terms(&self) -> &[Term] {
        &self.terms
    }

    /// Whether this is 0.
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// The integer this is, if it is one.
    pub fn as_integer(&self) -> Option<BigInt> {
        match self.terms.as_slice() {
            [] => Some(BigInt::zero()),
            [t] if t.exp.is_zero() => Some(t.coef.clone()),
            _ => None,
        }
    }

    /// Whether every coefficient is positive (an ordinal; `0` included).
    pub fn is_ordinal(&self) -> bool {
        self.terms.iter().all(|t| t.coef.is_positive())
    }

    /// `-1`, `0` or `1`.
    pub fn sign(&self) -> i32 {
        match self.terms.first() {
            None => 0,
            Some(t) if t.coef.is_positive() => 1,
            Some(_) => -1,
        }
    }

    /// `-self`.
    pub fn neg(&self) -> GenOrd {
        GenOrd { terms: self.terms.iter().map(|t| Term { coef: -&t.coef, exp: t.exp.clone() }).collect() }
    }

    /// `|self|`.
    pub fn abs(&self) -> GenOrd {
        if self.sign() < 0 {
            self.neg()
        } else {
            self.clone()
        }
    }

    /// The natural sum.
    pub fn add(&self, other: &GenOrd) -> GenOrd {
        GenOrd::from_terms(self.terms.iter().chain(&other.terms).cloned().collect())
    }

    /// The difference.
    pub fn sub(&self, other: &GenOrd) -> GenOrd {
        self.add(&other.neg())
    }

    /// The natural product: terms multiply as `a·ω^x · b·ω^y = ab·ω^(x ⊕ y)`.
    pub fn mul(&self, other: &GenOrd) -> GenOrd {
        let mut terms = Vec::with_capacity(self.terms.len() * other.terms.len());
        for a in &self.terms {
            for b in &other.terms {
                terms.push(Term { coef: &a.coef * &b.coef, exp: a.exp.add(&b.exp) });
            }
        }
        GenOrd::from_terms(terms)
    }

    /// `self · n` for an integer `n`.
    pub fn scale(&self, n: &BigInt) -> GenOrd {
        GenOrd::from_terms(self.terms.iter().map(|t| Term { coef: &t.coef * n, exp: t.exp.clone() }).collect())
    }

    /// The birthday of this generalized ordinal as a surreal number: the ordinal with the absolute values
    /// of its coefficients.
    pub fn birthday(&self) -> GenOrd {
        GenOrd::from_terms(self.terms.iter().map(|t| Term { coef: t.coef.abs(), exp: t.exp.clone() }).collect())
    }

    /// The exponents `e` of the variables `ω^(ω^e)` this generalized ordinal uses as a polynomial.
    pub fn variables(&self, out: &mut Vec<GenOrd>) {
        for t in &self.terms {
            for u in &t.exp.terms {
                if !out.contains(&u.exp) {
                    out.push(u.exp.clone());
                }
            }
        }
    }

    /// The printed form, CGSuite's plain text (`ω^ω-ω^19×5+ω^2+1`).
    pub fn write(&self, out: &mut String) {
        if self.terms.is_empty() {
            out.push('0');
            return;
        }
        for (i, t) in self.terms.iter().enumerate() {
            if t.coef.is_negative() {
                out.push('-');
            } else if i > 0 {
                out.push('+');
            }
            let c = t.coef.abs();
            if t.exp.is_zero() {
                out.push_str(&c.to_string());
                continue;
            }
            out.push('ω');
            if !t.exp.is_one() {
                out.push('^');
                let parens = match t.exp.terms.as_slice() {
                    [u] => !u.coef.is_one() && !u.exp.is_zero(),
                    _ => true,
                };
                if parens {
                    out.push('(');
                }
                t.exp.write(out);
                if parens {
                    out.push(')');
                }
            }
            if !c.is_one() {
                out.push('×');
                out.push_str(&c.to_string());
            }
        }
    }

    /// Whether this is 1.
    pub fn is_one(&self) -> bool {
        matches!(self.terms.as_slice(), [t] if t.exp.is_zero() && t.coef.is_one())
    }

    /// The number of terms.
    pub fn len(&self) -> usize {
        self.terms.len()
    }

    /// Whether this is 0 (no terms).
    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }
}

impl fmt::Display for GenOrd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.write(&mut s);
        f.write_str(&s)
    }
}

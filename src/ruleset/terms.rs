//! [`Terms`]: the positions of a [`super::memo::SumRef`], with the common single position kept inline.
//!
//! Almost every option a ruleset's `Options` hook gives is one position, and a memo keeps one `SumRef` per
//! option of every state it meets (over a million for a 4 × 6 Konane board), so a sum of one term is stored in
//! place of the vector's words instead of in a heap block of its own.

use super::memo::Term;
use std::ops::Deref;

/// The terms of a sum: none, one kept inline, or several in a vector.
#[derive(Clone, Debug, Default)]
pub struct Terms(Repr);

#[derive(Clone, Debug, Default)]
enum Repr {
    #[default]
    Empty,
    One(Term),
    Many(Vec<Term>),
}

impl Terms {
    /// No terms, with room reserved for `n` (no allocation for `n <= 1`).
    pub fn with_capacity(n: usize) -> Terms {
        Terms(if n <= 1 { Repr::Empty } else { Repr::Many(Vec::with_capacity(n)) })
    }

    /// Appends a term.
    pub fn push(&mut self, t: Term) {
        self.0 = match std::mem::take(&mut self.0) {
            Repr::Empty => Repr::One(t),
            Repr::One(a) => Repr::Many(vec![a, t]),
            Repr::Many(mut v) => {
                v.push(t);
                Repr::Many(v)
            }
        };
    }
}

impl Deref for Terms {
    type Target = [Term];
    fn deref(&self) -> &[Term] {
        match &self.0 {
            Repr::Empty => &[],
            Repr::One(t) => std::slice::from_ref(t),
            Repr::Many(v) => v,
        }
    }
}

impl From<Vec<Term>> for Terms {
    fn from(v: Vec<Term>) -> Terms {
        Terms(Repr::Many(v))
    }
}

impl FromIterator<Term> for Terms {
    fn from_iter<I: IntoIterator<Item = Term>>(iter: I) -> Terms {
        let mut out = Terms::default();
        for t in iter {
            out.push(t);
        }
        out
    }
}

impl<'a> IntoIterator for &'a Terms {
    type Item = &'a Term;
    type IntoIter = std::slice::Iter<'a, Term>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_term_fits_in_the_vectors_words() {
        // The point of the type: a one-term sum costs no heap block and no more room than a Vec.
        assert!(std::mem::size_of::<Terms>() <= std::mem::size_of::<Vec<Term>>());
    }
}

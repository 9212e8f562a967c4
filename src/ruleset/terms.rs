//! [`Terms`]: the positions of a [`super::memo::SumRef`], with the common single position kept inline.
//!
//! Almost every option a ruleset's `Options` hook gives is one position, and a memo keeps one `SumRef` per
//! option of every state it meets (over a million for a 4 × 6 Konane board), so a sum of one term is stored in
//! place of the vector's words instead of in a heap block of its own.
//!
//! The type is generic over the term (`super::instance` fixes it as `Terms<Term>`), so that this file is a leaf
//! below the instance's types, which hold it.

use std::ops::Deref;

/// The terms of a sum: none, one kept inline, or several in a vector.
#[derive(Clone, Debug)]
pub struct Terms<Term>(Repr<Term>);

#[derive(Clone, Debug, Default)]
enum Repr<Term> {
    #[default]
    Empty,
    One(Term),
    Many(Vec<Term>),
}

impl<Term> Default for Terms<Term> {
    fn default() -> Self {
        Terms(Repr::Empty)
    }
}

impl<Term> Terms<Term> {
    /// No terms, with room reserved for `n` (no allocation for `n <= 1`).
    pub fn with_capacity(n: usize) -> Terms<Term> {
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

impl<Term> Deref for Terms<Term> {
    type Target = [Term];
    fn deref(&self) -> &[Term] {
        match &self.0 {
            Repr::Empty => &[],
            Repr::One(t) => std::slice::from_ref(t),
            Repr::Many(v) => v,
        }
    }
}

impl<Term> From<Vec<Term>> for Terms<Term> {
    fn from(v: Vec<Term>) -> Terms<Term> {
        Terms(Repr::Many(v))
    }
}

impl<Term> FromIterator<Term> for Terms<Term> {
    fn from_iter<I: IntoIterator<Item = Term>>(iter: I) -> Terms<Term> {
        let mut out = Terms::default();
        for t in iter {
            out.push(t);
        }
        out
    }
}

impl<'a, Term> IntoIterator for &'a Terms<Term> {
    type Item = &'a Term;
    type IntoIter = std::slice::Iter<'a, Term>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

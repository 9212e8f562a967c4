//! The quotient's plain types, a leaf: its error and the raw monoid the constructions (`boxed`,
//! `incremental`, `verify`) build and `quotient.rs` presents.

/// Why a quotient could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QuotientError {
    /// The search would need more than this many states (a candidate's bounded construction, or the exact
    /// check of a candidate, `MAX_CHECK_STATES`).
    TooLarge(usize),
    /// A heap has an option with a heap at least as large (not a finite heap game).
    NotDecreasing(usize),
}

/// A finite commutative monoid with its P-portion: `mul` is the product table, `one` the identity.
#[derive(Clone, Debug)]
pub(super) struct Raw {
    pub(super) mul: Vec<Vec<u32>>,
    pub(super) p: Vec<bool>,
    pub(super) one: u32,
}

//! The numbers the engine computes with: dyadic rationals ([`Dyadic`]).

mod dyadic;

pub use dyadic::{blowup, cgsuite_section, Dyadic};

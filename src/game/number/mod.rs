//! The numbers the engine computes with: dyadic rationals ([`Dyadic`]) and nim arithmetic on
//! naturals of any size ([`nimfield`]).

mod dyadic;
pub mod nimfield;

pub use dyadic::{blowup, cgsuite_section, Dyadic};

#[cfg(test)]
mod tests;

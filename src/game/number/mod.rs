//! The numbers the engine computes with: dyadic rationals ([`Dyadic`]), dyadic rationals of any size
//! ([`big`]) and nim arithmetic on naturals of any size ([`nimfield`]).

pub mod big;
mod dyadic;
pub mod nimfield;

pub use dyadic::{blowup, cgsuite_section, Dyadic};

#[cfg(test)]
mod tests;

//! The numbers the engine computes with: dyadic rationals ([`Dyadic`]), dyadic rationals of any size
//! ([`big`]), nim arithmetic on naturals of any size ([`nimfield`]), generalized ordinals ([`ordinal`]),
//! their nim arithmetic ([`ordinal_nim`]) and surreal quotients of them ([`surreal`]).

pub mod big;
mod dyadic;
pub mod isqrt;
pub mod nimfield;
pub mod ordinal;
pub mod ordinal_nim;
pub mod surreal;

pub use dyadic::{blowup, cgsuite_section, Dyadic};

#[cfg(test)]
mod tests;

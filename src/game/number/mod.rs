//! The numbers the engine computes with: dyadic rationals of any size ([`Dyadic`], small ones inline and
//! large ones in the table of [`bigtab`]), conversions to exact rationals ([`big`]), nim arithmetic on
//! naturals of any size ([`nimfield`]), nim values of any size ([`Nim`]), generalized ordinals ([`ordinal`]), their nim arithmetic
//! ([`ordinal_nim`]) and surreal quotients of them ([`surreal`]).

pub mod big;
pub mod bigpow;
pub(crate) mod bigtab;
pub mod decimal;
mod dyadic;
pub mod gcd;
pub mod isqrt;
mod nim;
pub mod nimfield;
pub mod ordinal;
pub mod ordinal_nim;
pub mod surreal;

pub use dyadic::{blowup, cgsuite_section, Dyadic};
pub use nim::Nim;

#[cfg(test)]
mod tests;

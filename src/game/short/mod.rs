//! Canonical short partizan games.
//!
//! [`store`] is the arena of canonical games (hash-consing, construction, comparison, arithmetic,
//! classification); the other files compute from it: [`print`] (CGSuite's printed forms), [`thermo`] and
//! [`trajectory`] (thermographs), [`atomic`] (atomic weights), [`uptimal`] (uptimal expansions),
//! [`subordinate`] (ordinal-sum subordinates).

pub mod atomic;
pub mod bignum;
pub mod print;
mod print_parts;
pub mod print_shared;
pub mod store;
pub mod subordinate;
pub mod thermo;
pub mod thermograph;
pub mod trajectory;
pub mod uptimal;
pub mod uptimal_expansion;

#[cfg(test)]
mod tests;

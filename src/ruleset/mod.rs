//! Rulesets: board helpers for script-defined rulesets and native fast paths for standard ones.
//!
//! [`grid`] is the `Grid` state type of board rulesets. [`native`] holds Rust solvers for stdlib rulesets whose
//! script definitions are too slow for the published benchmarks; each agrees with its `.cgs` definition.

pub mod grid;
pub mod native;

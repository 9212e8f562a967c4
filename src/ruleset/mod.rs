//! Rulesets: board helpers for script-defined rulesets and native fast paths for standard ones.
//!
//! [`grid`] is the `Grid` state type of board rulesets. [`native`] holds Rust solvers for stdlib rulesets whose
//! script definitions are too slow for the published benchmarks; each agrees with its `.cgs` definition.

pub mod dispatch;
pub mod grid;
pub mod gridvalue;
pub mod key;
pub mod memo;
pub mod native;
pub mod position;
pub mod script;
pub mod search;
pub mod shortcut;

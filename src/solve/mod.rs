//! Native solvers for standard rulesets, each agreeing with its `stdlib/*.cgs` definition, and the board type
//! they share ([`grid`]). Below the interpreter: `solve/` imports only `game/`.
//!
//! Every solver memoises the value of each *component* (an independent part of a position, normalised under
//! the ruleset's symmetries) in an `FxHashMap`, and builds values with the engine's canonical-form
//! constructor [`crate::game::Games::new_game`]. Boards are packed into `u128` bitboards ([`bits`]), so a
//! component must fit a bounding box of at most 128 cells; otherwise a solver reports
//! [`NativeError::TooLarge`] and the caller falls back to the script rules. A solver given an interrupt flag
//! (`set_interrupt`) checks it once per component it solves and stops with [`NativeError::Interrupted`]; its
//! memo stays valid, so asking again resumes the work.
//!
//! A solver's memo holds [`crate::game::GameId`]s, so one solver must always be used with the same
//! [`crate::game::Games`] arena.

pub mod backsliding;
pub mod bits;
pub(crate) mod cells;
pub mod clobber;
pub mod colouring;
pub mod cram;
pub mod domineering;
pub mod fox_geese;
pub mod grid;
pub mod hackenbush;
pub mod region;
pub mod toads;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Why a native solver gave no value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NativeError {
    /// A component does not fit the solver's 128-cell bitboards.
    TooLarge,
    /// The interrupt flag was raised.
    Interrupted,
    /// The memory budget was exceeded (see [`crate::game::budget`]).
    OutOfBudget,
    /// A cell the ruleset does not know (Toads and Frogs accepts `t`, `T`, `f`, `F`, `.`).
    BadCell(u8),
}

/// An optional shared interrupt flag.
#[derive(Clone, Default)]
pub(crate) struct Interrupt(Option<Arc<AtomicBool>>);

impl Interrupt {
    pub(crate) fn set(&mut self, flag: Arc<AtomicBool>) {
        self.0 = Some(flag);
    }

    #[inline]
    pub(crate) fn check(&self) -> Result<(), NativeError> {
        match &self.0 {
            Some(f) if f.load(Ordering::Relaxed) => Err(NativeError::Interrupted),
            _ if crate::game::budget::exceeded() => Err(NativeError::OutOfBudget),
            _ => Ok(()),
        }
    }
}

/// The xorshift64 generator the solvers' tests draw random positions from (fixed seeds, so reproducible).
#[cfg(test)]
pub(crate) struct XorShift(pub u64);

#[cfg(test)]
impl XorShift {
    /// The next 64 pseudo-random bits.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

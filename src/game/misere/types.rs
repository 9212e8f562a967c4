//! The small types the arena (`mod.rs`) and its printer and day lists share: a leaf, so that `mod.rs` names them
//! without naming the files that use the arena.

/// A misère canonical impartial game: an index into [`super::MisereGames`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MisereId(pub u32);

/// How a game prints (see [`super::MisereGames::display`]).
#[derive(Clone, Debug)]
pub(super) enum Shape {
    /// The nim heap of this size.
    Nim(u32),
    /// `X` plus the heap `*i`.
    Plus(MisereId, u32),
    /// `X` minus the heap `*i`.
    Minus(MisereId, u32),
    /// The even part plus `*`.
    Odd(MisereId),
    /// `{X}`.
    Single(MisereId),
    /// The options, in printing order (decreasing canonical order).
    Options(Vec<MisereId>),
}

/// The most games a day may hold while it is built as a list.
pub const MAX_DAY_GAMES: usize = 200_000;

/// Why a day could not be listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DayError {
    /// More than the given number of games.
    TooMany(usize),
}

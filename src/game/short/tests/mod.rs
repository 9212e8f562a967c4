//! Unit and property tests of the short-game engine.

use crate::game::{GameId, Games};

/// A game whose Left and Right options are the members of `pool` picked by the bits of `lm` and `rm` (the
/// random games of the property tests).
fn pick(gs: &mut Games, pool: &[GameId], lm: u32, rm: u32) -> GameId {
    let side = |m: u32| -> Vec<_> { (0..pool.len()).filter(|i| m >> i & 1 == 1).map(|i| pool[i]).collect() };
    let (l, r) = (side(lm), side(rm));
    gs.new_game(&l, &r)
}

mod bignum;
mod cgsuite_table;
mod collect;
mod compare;
mod core;
mod heated;
mod nimsum;
mod thermo;

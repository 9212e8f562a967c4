//! Games `x + G` whose number part `x` is beyond the arena's range (a dyadic of any size), for a
//! canonical arena game `G`.
//!
//! The arena stores every number as an explicit game, so it holds numbers of modest size only
//! (`MAX_INT`, and the range of [`Dyadic`]). A larger number `x` is kept apart, exactly, as a
//! [`BigRational`], and `x + G` is answered from `G` by number translation: the canonical form of
//! `x + G` for a non-number `G` is `<x + G^L | x + G^R>`, so its options, stops, birthday and printed
//! form follow from `G`'s, and comparisons reduce to comparing an arena game with a number
//! ([`Games::cmp_with_big`], by the number avoidance theorem).

use super::store::{Cmp, GameId, Games};
use crate::game::number::big::{big_birthday, big_to_dyadic, dyadic_to_big};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::One;
use rustc_hash::FxHashMap;

impl Games {
    /// The arena's id of the number `x`, if the arena can hold it (never sets the overflow flag).
    pub fn arena_number(&mut self, x: &BigRational) -> Option<GameId> {
        big_to_dyadic(x).map(|d| self.number(d))
    }

    /// Whether `g >= z` for a number `z` of any size.
    pub fn geq_big(&mut self, g: GameId, z: &BigRational) -> bool {
        self.cmp_big_side(g, z, true, true)
    }

    /// Whether `g <= z` for a number `z` of any size.
    pub fn leq_big(&mut self, g: GameId, z: &BigRational) -> bool {
        self.cmp_big_side(g, z, false, true)
    }

    /// The comparison of `g` with the number `z` (of any size).
    pub fn cmp_with_big(&mut self, g: GameId, z: &BigRational) -> Cmp {
        self.cmp_big(g, z, true)
    }

    /// [`Games::cmp_with_big`] without asking the arena for `z` (tests check the recursion against the
    /// arena's comparison with numbers it holds).
    #[cfg(test)]
    pub(crate) fn cmp_with_big_by_options(&mut self, g: GameId, z: &BigRational) -> Cmp {
        self.cmp_big(g, z, false)
    }

    fn cmp_big(&mut self, g: GameId, z: &BigRational, arena: bool) -> Cmp {
        match (self.cmp_big_side(g, z, false, arena), self.cmp_big_side(g, z, true, arena)) {
            (true, true) => Cmp::Equal,
            (true, false) => Cmp::Less,
            (false, true) => Cmp::Greater,
            (false, false) => Cmp::Confused,
        }
    }

    /// `g >= z` (`geq`) or `g <= z`; with `arena`, a `z` the arena holds is compared there.
    fn cmp_big_side(&mut self, g: GameId, z: &BigRational, geq: bool, arena: bool) -> bool {
        self.poll_interrupt();
        if arena {
            if let Some(n) = self.arena_number(z) {
                return if geq { self.leq(n, g) } else { self.leq(g, n) };
            }
        }
        if let Some(d) = self.number_value(g) {
            let d = dyadic_to_big(d);
            return if geq { d >= *z } else { d <= *z };
        }
        let (ls, rs) = (dyadic_to_big(self.left_stop(g)), dyadic_to_big(self.right_stop(g)));
        // A number below the Right stop is below g; one above the Left stop is above g.
        if rs > *z {
            return geq;
        }
        if ls < *z {
            return !geq;
        }
        // Number avoidance (g is not a number): g - z >= 0 unless Right wins moving first in g, and
        // g - z <= 0 unless Left does.
        if geq {
            self.right_options(g).into_iter().all(|r| !self.cmp_big_side(r, z, false, arena))
        } else {
            self.left_options(g).into_iter().all(|l| !self.cmp_big_side(l, z, true, arena))
        }
    }

    /// The birthday of `g`, exactly (beyond `u32` when a follower is a large number).
    pub fn birthday_exact(&mut self, g: GameId) -> BigInt {
        match self.birthday(g) {
            b if b < u32::MAX - 1 => BigInt::from(b),
            // x + n·↑ + *m by formula (a large nimber's options are not listed).
            _ => match self.nus(g) {
                Some(v) => big_birthday(&dyadic_to_big(v.num)) + Games::nus_star_birthday(v),
                None => self.birthday_shifted(g, &BigRational::from_integer(BigInt::from(0))),
            },
        }
    }

    /// The birthday of `x + g` for a number `x` of any size: `g`'s tree with `x` added to every number
    /// at its leaves (canonical by number translation).
    pub fn birthday_shifted(&mut self, g: GameId, x: &BigRational) -> BigInt {
        fn go(s: &mut Games, g: GameId, x: &BigRational, memo: &mut FxHashMap<GameId, BigInt>) -> BigInt {
            if let Some(b) = memo.get(&g) {
                return b.clone();
            }
            s.poll_interrupt();
            let b = match s.nus(g) {
                Some(v) => big_birthday(&(dyadic_to_big(v.num) + x)) + Games::nus_star_birthday(v),
                None => {
                    let mut b = BigInt::from(0);
                    for o in s.left_options(g).into_iter().chain(s.right_options(g)) {
                        b = b.max(go(s, o, x, memo) + BigInt::one());
                    }
                    b
                }
            };
            memo.insert(g, b.clone());
            b
        }
        go(self, g, x, &mut FxHashMap::default())
    }
}

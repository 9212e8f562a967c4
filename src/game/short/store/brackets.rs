//! Up brackets: where each game lies against the multiples of ↑ and of ↑*, stored beside every node.
//!
//! # Why
//! The stops settle most comparisons of games that are not infinitesimal (see [`Games::leq`]), but every
//! stop of an all-small game (Clobber, Cutcake-free Col-like games, …) is 0, so there they say nothing and
//! every comparison probed the cache (a random access into a table of 2^24 slots: one memory miss each).
//! Up brackets are the infinitesimal refinement of the stops: for the test games
//! `T(k, s) = k·↑ + s·*` (`k` in `-K..=K`, `s` in `{0, 1}`) each node records
//! - `ge[s]`: the largest `k` with `G ≥ T(k, s)` (or `-K - 1` if there is none in range), and
//! - `le[s]`: the smallest `k` with `G ≤ T(k, s)` (or `K + 1` if there is none in range).
//!
//! `T(k, s) < T(k + 1, s)` (the difference is ↑ > 0), so `{k : G ≥ T(k, s)}` is closed downwards and
//! `{k : G ≤ T(k, s)}` upwards within the range, and the two integers describe them exactly.
//!
//! # Use in comparisons (both facts only need transitivity of ≤)
//! - Sufficient: if `le[s](G) ≤ ge[s](H)` with both in range, some `T` has `G ≤ T ≤ H`, so `G ≤ H`.
//! - Necessary: if `G ≤ H` then every `T ≤ G` is `≤ H` and every `T ≥ H` is `≥ G`, so
//!   `ge[s](G) ≤ ge[s](H)` and `le[s](G) ≤ le[s](H)` (the sentinels `-K - 1`, `K + 1` keep both true).
//!
//! # Computing them from the options (O(options + K), no comparison, no cache)
//! By the definition of ≤ on forms (valid for any form of `T`, canonical or not):
//! `G ≥ T` iff no `G^R ≤ T` and no `T^L ≥ G`; `G ≤ T` iff no `G^L ≥ T` and no `T^R ≤ G`.
//! "Some `G^R ≤ T(k, s)`" is `k ≥ min over G^R of le[s](G^R)`, "some `G^L ≥ T(k, s)`" is
//! `k ≤ max over G^L of ge[s](G^L)` (the options' brackets are stored already). The options of each `T` are
//! test games nearer 0 — `0 = {|}`, `* = {0|0}`, `k·↑ = {0 | (k-1)·↑*}` and `↑* = {0,*|0}`,
//! `k·↑* = {0 | (k-1)·↑}` for `k ≥ 2`, negatives mirrored — so `T^L ≥ G` and `T^R ≤ G` are answers about
//! `G` itself computed earlier when the tests are taken in order of `|k|`. A number-ups-star node gets its
//! brackets from the number-ups-star comparison formula instead (large integers and nimbers have no
//! options listed). The unit test `up_brackets_agree_with_the_definition` checks every bracket of a pool
//! of games (all-small ones included) against the plain definition, and the comparison property tests check
//! `leq` with the brackets in front.

use super::types::Brackets;
use super::{Games, Node, Nus};
use crate::game::number::Nim;
use crate::game::Dyadic;

/// The range of multiples of ↑ tried: `-K..=K`.
pub(super) const K: i8 = 7;

/// The brackets of a game with no information: nothing in range is known to be below or above it.
pub(super) const UNKNOWN: Brackets = [-K - 1, K + 1, -K - 1, K + 1];

/// `a ≤ b` for two number-ups-stars (`a ≠ b` as values or equal: equal ones answer `true`).
pub(super) fn nus_leq(a: Nus, b: Nus) -> bool {
    match a.num.cmp(&b.num) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => {
            if a == b || a.ups < b.ups - 1 {
                true
            } else if a.ups < b.ups {
                (a.nim ^ b.nim) != 1
            } else {
                false
            }
        }
    }
}

fn test_game(k: i8, s: u8) -> Nus {
    Nus { num: Dyadic::ZERO, ups: i64::from(k), nim: Nim::from(u64::from(s)) }
}

/// The test games in the order they are computed (by `|k|`, then `s`; both signs).
fn order() -> impl Iterator<Item = (i8, u8)> {
    (0..=K).flat_map(|a| {
        let ks: &'static [i8] = if a == 0 { &[0] } else { &[1, -1] };
        ks.iter().flat_map(move |&sign| [(a * sign, 0u8), (a * sign, 1u8)])
    })
}

/// At most two test games `(k, s)`: the options of one test game for one player.
type TestOptions = [Option<(i8, u8)>; 2];

/// The options of `T(k, s)` (left, right).
fn test_options(k: i8, s: u8) -> (TestOptions, TestOptions) {
    let (z, star) = (Some((0i8, 0u8)), Some((0i8, 1u8)));
    match (k, s) {
        // 0 = {|}, * = {0|0}, ↑* = {0,*|0}, ↓* = {0|0,*}.
        (0, 0) => ([None, None], [None, None]),
        (0, 1) => ([z, None], [z, None]),
        (1, 1) => ([z, star], [z, None]),
        (-1, 1) => ([z, None], [z, star]),
        // k·↑ = {0 | (k-1)·↑*} for k ≥ 1 and k·↑* = {0 | (k-1)·↑} for k ≥ 2; negatives mirrored.
        _ => {
            let inner = Some((k - k.signum(), 1 - s));
            if k > 0 {
                ([z, None], [inner, None])
            } else {
                ([inner, None], [z, None])
            }
        }
    }
}

impl Games {
    /// The brackets of a number-ups-star by the comparison formula.
    pub(super) fn nus_brackets(v: Nus) -> Brackets {
        let mut b = UNKNOWN;
        for s in 0..2u8 {
            for k in -K..=K {
                let t = test_game(k, s);
                if nus_leq(t, v) {
                    b[2 * s as usize] = b[2 * s as usize].max(k);
                }
                if nus_leq(v, t) {
                    b[2 * s as usize + 1] = b[2 * s as usize + 1].min(k);
                }
            }
        }
        b
    }

    /// The brackets of a node that is not a number-ups-star, from its options' brackets.
    pub(super) fn option_brackets(&self, n: &Node) -> Brackets {
        let br = &self.brackets;
        let (l, r) = (n.lstart as usize, n.rstart as usize);
        // max ge[s] over the Left options, min le[s] over the Right options.
        let mut max_ge = [-K - 1; 2];
        for o in &self.opts[l..l + n.nl as usize] {
            let b = br[o.0 as usize];
            max_ge = [max_ge[0].max(b[0]), max_ge[1].max(b[2])];
        }
        let mut min_le = [K + 1; 2];
        for o in &self.opts[r..r + n.nr as usize] {
            let b = br[o.0 as usize];
            min_le = [min_le[0].min(b[1]), min_le[1].min(b[3])];
        }
        // ge[s][k + K], le[s][k + K] as booleans, filled in `order()`.
        let mut ge = [[false; (2 * K + 1) as usize]; 2];
        let mut le = [[false; (2 * K + 1) as usize]; 2];
        let at = |k: i8| (k + K) as usize;
        for (k, s) in order() {
            let si = s as usize;
            let (tl, tr) = test_options(k, s);
            // G >= T: no G^R <= T, and no T^L >= G (i.e. G <= T^L).
            let g_ge = k < min_le[si] && !tl.iter().flatten().any(|&(j, t)| le[t as usize][at(j)]);
            // G <= T: no G^L >= T, and no T^R <= G (i.e. G >= T^R).
            let g_le = k > max_ge[si] && !tr.iter().flatten().any(|&(j, t)| ge[t as usize][at(j)]);
            ge[si][at(k)] = g_ge;
            le[si][at(k)] = g_le;
        }
        let mut b = UNKNOWN;
        for s in 0..2 {
            for k in -K..=K {
                if ge[s][at(k)] {
                    b[2 * s] = b[2 * s].max(k);
                }
                if le[s][at(k)] {
                    b[2 * s + 1] = b[2 * s + 1].min(k);
                }
            }
        }
        b
    }

    /// Whether the brackets settle `g <= h`: `Some(answer)` or `None` (see the module notes).
    #[inline]
    pub(super) fn brackets_leq(bg: Brackets, bh: Brackets) -> Option<bool> {
        if bg[1] > bh[1] || bg[0] > bh[0] || bg[3] > bh[3] || bg[2] > bh[2] {
            return Some(false);
        }
        // (`le` is at most K or the sentinel K + 1 and `ge` at least -K or -K - 1, so `le(G) <= ge(H)` holds
        // only when both are in range.)
        if bg[1] <= bh[0] || bg[3] <= bh[2] {
            return Some(true);
        }
        None
    }
}

#[cfg(test)]
impl Games {
    /// The stored brackets of `g` (for tests).
    pub(crate) fn up_brackets(&self, g: super::GameId) -> Brackets {
        self.brackets[g.0 as usize]
    }
}

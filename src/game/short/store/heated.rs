//! Heated nimbers: `x + ∫^t *k` for a number `x`, a number `t > 0` and `k >= 2`, stored with their options
//! listed lazily.
//!
//! # The closed form
//! Write `G(k, x) = x + ∫^t *k`. Heating fixes numbers and `*k = {*j | *j}` (j < k), so
//! `∫^t *k = {∫^t *j + t | ∫^t *j - t}`, and by number translation `G(k, x) = {G(j, x+t) | G(j, x-t)}`
//! (j < k), with `G(0, y) = y` and `G(1, y) = {y+t | y-t}`. For `t > 0` this form is canonical. Translation
//! gives `G(i, y) ± t = G(i, y ± t)`, and then, for `i < j`, `D = G(j, y) - G(i, y)` is confused with 0:
//! Left moving first goes to `G(i, y+t) - G(i, y) = t > 0`, Right moving first to `G(i, y-t) - G(i, y) = -t`.
//! - No option dominates another: two non-number options `G(i, y)`, `G(j, y)` differ by such a `D`, and the
//!   number option `y` against `G(j, y)` is the case `i = 0`.
//! - No option reverses: a Right option of the Left option `G(j, x+t)` is `G(i, x)` (i < j < k), and
//!   `G(i, x) <= G(k, x)` fails as above; a Right option of the number `x + t` is a larger number, above the
//!   left stop `x + t` of `G(k, x)`. Symmetrically for Right.
//!
//! The unit tests check the form against the generic canonicalisation for small `k` and several `t` and `x`.
//! The form has `(k+1)^2` followers and about `k^3/3` option entries, so `(*1000).Heat(1)` cannot be built
//! eagerly; a node `G(k, x)` is created with its options *pending* (as large nimbers are, see
//! [`Games::ensure`]) and listed when a walk asks for them. What needs no options has a closed form: the
//! stops `x + t` and `x - t` (every Left option but the number `x + t` has right stop `x`), the up brackets
//! (below), the negative `G(k, -x)` and the sum with a number `y`, `G(k, x + y)`.
//!
//! # Hash-consing
//! Equal games must have equal ids. Every game of this family with `k >= 2` — listed lazily here or built
//! by the generic canonicalisation — carries its record `(k, t, x)` in `heated`, and `by_heated` finds it
//! from the record. [`Games::intern`] recognises the option lists of a family member
//! ([`Games::detect_heated`]) before it creates a node, so a game built generically finds the lazily
//! listed one and the other way round.

use super::types::{Brackets, Heated};
use super::{brackets, Games, Nus, TooManyOptions, MAX_LISTED_NIM, PENDING};
use crate::game::{Dyadic, GameId};

impl Games {
    /// `x + ∫^t *k` for `t > 0`: a number (`k = 0`), a switch (`k = 1`), or a family node (options pending
    /// until asked for). Overflows of `x ± t` set the overflow flag (see [`Games::check_overflow`]).
    pub(crate) fn heated_nimber(&mut self, k: u64, t: Dyadic, x: Dyadic) -> GameId {
        debug_assert!(t.signum() > 0);
        let (Some(hi), Some(lo)) = (x.checked_add(t), x.checked_sub(t)) else {
            return self.flag_overflow();
        };
        match k {
            0 => self.make_nus(Nus::number(x)),
            1 => {
                let (a, b) = (self.make_nus(Nus::number(hi)), self.make_nus(Nus::number(lo)));
                self.intern(vec![a], vec![b])
            }
            _ => {
                let h = Heated { k, t, x };
                if let Some(&id) = self.by_heated.get(&h) {
                    return id;
                }
                crate::game::budget::check_growth(&self.by_heated);
                let id = self.push_record(0, 0, 0, 0, None);
                let i = id.0 as usize;
                self.nodes[i].nl = PENDING;
                self.stops[i] = [hi, lo];
                self.brackets[i] = heated_brackets(hi, lo);
                self.register_heated(id, h);
                id
            }
        }
    }

    /// The record of `g` if it is a family node (`k >= 2`).
    pub(crate) fn heated_record(&self, g: GameId) -> Option<Heated> {
        self.heated.get(&g).copied()
    }

    pub(super) fn register_heated(&mut self, id: GameId, h: Heated) {
        crate::game::budget::check_growth(&self.heated);
        self.heated.insert(id, h);
        self.by_heated.insert(h, id);
    }

    /// Lists the options of the pending family node `g`: `G(j, x+t)` and `G(j, x-t)` for j < k.
    pub(super) fn list_heated(&mut self, g: GameId, h: Heated) {
        if h.k > MAX_LISTED_NIM {
            std::panic::panic_any(TooManyOptions {
                game: format!("{} + (*{}).Heat({})", h.x, h.k, h.t),
                count: h.k.to_string(),
            });
        }
        let (Some(hi), Some(lo)) = (h.x.checked_add(h.t), h.x.checked_sub(h.t)) else {
            self.flag_overflow();
            return;
        };
        let mut left = Vec::with_capacity(h.k as usize);
        let mut right = Vec::with_capacity(h.k as usize);
        for j in 0..h.k {
            left.push(self.heated_nimber(j, h.t, hi));
            right.push(self.heated_nimber(j, h.t, lo));
        }
        left.sort_unstable();
        right.sort_unstable();
        self.check_opts_growth(left.len() + right.len());
        let lstart = self.opts.len() as u32;
        self.opts.extend_from_slice(&left);
        let rstart = self.opts.len() as u32;
        self.opts.extend_from_slice(&right);
        let n = &mut self.nodes[g.0 as usize];
        (n.lstart, n.nl, n.rstart, n.nr) = (lstart, left.len() as u32, rstart, right.len() as u32);
    }

    /// The options of a family node in CGSuite's deterministic order (see `print.rs`), without sorting: the
    /// number `x ± t` first (numbers come before other games), then `G(1, x ± t)`, `G(2, x ± t)`, …. Those are
    /// general games, ordered by their sorted option lists, lexicographically with a proper prefix first;
    /// by induction the sorted Left options of `G(i, y)` are `y + t, G(1, y+t), …, G(i-1, y+t)`, a prefix of
    /// those of `G(j, y)` for i < j, so `G(i, y)` comes first.
    pub(crate) fn heated_sorted_options(&mut self, g: GameId) -> Option<(Vec<GameId>, Vec<GameId>)> {
        let h = self.heated_record(g)?;
        self.ensure(g);
        let (hi, lo) = (h.x.checked_add(h.t)?, h.x.checked_sub(h.t)?);
        let l = (0..h.k).map(|j| self.heated_nimber(j, h.t, hi)).collect();
        let r = (0..h.k).map(|j| self.heated_nimber(j, h.t, lo)).collect();
        Some((l, r))
    }

    /// If canonical option lists `l`, `r` are those of a family node `G(k, x)` (k >= 2), its record: one
    /// number `a = x + t` among the Left options and one `b = x - t` among the Right ones, `a > b`, and the
    /// others `G(j, a)` (resp. `G(j, b)`) for every j in `1..k`, each once.
    pub(super) fn detect_heated(&self, l: &[GameId], r: &[GameId]) -> Option<Heated> {
        let k = l.len();
        if k < 2 || r.len() != k {
            return None;
        }
        let sole_number = |opts: &[GameId]| -> Option<Dyadic> {
            let mut found = None;
            for &o in opts {
                if let Some(v) = self.number_value(o) {
                    if found.is_some() {
                        return None;
                    }
                    found = Some(v);
                }
            }
            found
        };
        let a = sole_number(l)?;
        let b = sole_number(r)?;
        if a <= b {
            return None;
        }
        let t = a.checked_sub(b)?.checked_half()?;
        let x = a.checked_mean(b)?;
        let covers = |opts: &[GameId], y: Dyadic| -> bool {
            let mut seen = vec![false; k];
            seen[0] = true;
            for &o in opts {
                if self.number_value(o).is_some() {
                    continue;
                }
                let Some(j) = self.family_index(o, t, y) else { return false };
                if j == 0 || j >= k || seen[j] {
                    return false;
                }
                seen[j] = true;
            }
            seen.iter().all(|&s| s)
        };
        (covers(l, a) && covers(r, b)).then_some(Heated { k: k as u64, t, x })
    }

    /// `j` if `o` is `G(j, y)` for this `t` with `j >= 1`.
    fn family_index(&self, o: GameId, t: Dyadic, y: Dyadic) -> Option<usize> {
        if let Some(h) = self.heated.get(&o) {
            return (h.t == t && h.x == y).then(|| usize::try_from(h.k).ok()).flatten();
        }
        // G(1, y) = {y+t | y-t}: a switch of two numbers.
        let (ol, or) = (self.left_slice_if_ready(o)?, self.right_slice_if_ready(o)?);
        let (&[p], &[q]) = (ol, or) else { return None };
        let (p, q) = (self.number_value(p)?, self.number_value(q)?);
        (Some(p) == y.checked_add(t) && Some(q) == y.checked_sub(t)).then_some(1)
    }
}

/// The up brackets of `G(k, x)` (see `brackets.rs`) from its stops `hi = x + t > lo = x - t`: a game whose right stop
/// is positive exceeds every `T = n·↑ + s·*`, one whose left stop is negative is below every one, one whose
/// stops straddle 0 is confused with every one. At `x = t` (right stop 0) the Right options are `0` and
/// `G(j, 0)` (left stop `t > 0`), and the left stop `2t` rules out `G <= T`, so `G >= T` iff not `0 <= T`,
/// i.e. iff `T <= ↓` or `T` is `*`, `↑*` or below: `ge = [-1, 1]`; `x = -t` is its mirror image.
fn heated_brackets(hi: Dyadic, lo: Dyadic) -> Brackets {
    use brackets::{K, UNKNOWN};
    if lo.signum() > 0 {
        [K, K + 1, K, K + 1]
    } else if hi.signum() < 0 {
        [-K - 1, -K, -K - 1, -K]
    } else if lo.is_zero() {
        [-1, K + 1, 1, K + 1]
    } else if hi.is_zero() {
        [-K - 1, 1, -K - 1, -1]
    } else {
        UNKNOWN
    }
}

#[cfg(test)]
impl Games {
    /// The up brackets stored for `g` (for the tests of this module).
    pub(crate) fn brackets_of(&self, g: GameId) -> Brackets {
        self.brackets[g.0 as usize]
    }
}

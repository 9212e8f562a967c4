//! Subtraction of misère canonical games (ONAG ch. 12; Siegel, CGT ch. V §3), and the two tests printing
//! asks for every subgame it writes: "is `G = X + *i` with `X` born earlier" and "is `G + *i` born earlier".
//!
//! # What the search rests on
//! `G - H` is the game `X` with `H + X = G`; by cancellation (misère impartial games cancel) there is at most
//! one. The canonical form of a game only *deletes* options of any form of it (the reversible ones, each of
//! which has the game itself as an option; or all of them, when the game is 0): so
//! 1. every option `G'` of `G = X + H` is `X' + H` (then `X' = G' - H`) or `X + H'` (then `X = G' - H'`);
//! 2. every option `X'` of `X` has `X' + H` an option of `G`, or `G` an option of `X' + H` — then
//!    `G = X' + H'`, i.e. `X' = G - H'` (`G = X'' + H` would make `X` an option of its own option), the
//!    literal option `X' + H'` of `X' + H` surviving because `X' + H` is not 0 (only 0 and * have inverses,
//!    and `H ∉ {0, *}` here: `G - *` is `G + *`).
//!
//! # The search ([`MisereGames::exact_difference`])
//! Let `Dk = Gk' - H` for the options `Gk'` of `G` (smaller problems, memoised). If some `Dk` does not exist,
//! (1) makes `X = Gk' - H'` for an option `H'`: the candidates are the games common to those lists, a
//! handful of games that already exist. If every `Dk` exists, either all of them are options of `X` — and by
//! (2) the other options of `X` are among the `G - H'`, so `X` is `{D1, …, Dn} ∪ S` for a subset `S` of those
//! (few: as many as `H` has options) — or some `Dk` is not, and `X` is again some `Gk' - H'`. Before a
//! candidate is checked by adding, a screen rejects it without forming any sum: `X+ ⊕ H+ = G+`, and (1) for
//! each option of `G` using only the memoised differences. So failing candidates cost no new games (the
//! earlier search added `H` to many made-up games, building their sums with every follower of `H`:
//! Kayles(30).MisereCanonicalForm took minutes to print).
//!
//! The subsets of the `G - H'` not among the `Dk` are searched only up to [`MAX_SUBSET_CANDIDATES`]; past
//! that the answer is "none" without proof, and from then on the arena uses the slower search of the
//! earlier engine ([`MisereGames::difference_by_subsets`]), whose steps do not lean on a "none".
//!
//! # Printing's tests
//! If `G = X + *i` with `X` born before `G`, `X` is an option of `G`: the literal `X + *i` has the option
//! `X + *0 = X`, which the canonical form could delete only if `X` had `G` as an option. If `Y = G + *i` is born
//! before `G`, the literal option `G` of `G + *i` was deleted: `Y` is an option of `G` (or 0). So both tests
//! look only at the options of `G`, and add heaps only to followers of `G` (memoised across the whole print).

use super::{hash_options, mex, MisereGames, MisereId};

/// The most subsets a subtraction tries (2^this at worst) before it gives up.
pub(super) const MAX_SUBSET_CANDIDATES: usize = 16;

impl MisereGames {
    /// `G - H` for `H ∉ {0, *}`, `G ≠ H` (see the module notes); memoised by [`MisereGames::difference`].
    pub(super) fn exact_difference(&mut self, g: MisereId, h: MisereId) -> Option<MisereId> {
        if self.diff_gave_up {
            return self.difference_by_subsets(g, h);
        }
        let g_opts = self.options(g).to_vec();
        let h_opts = self.options(h).to_vec();
        let xp = self.nim_value(g) ^ self.nim_value(h);
        let mut by_option = Vec::with_capacity(g_opts.len());
        for &o in &g_opts {
            by_option.push(self.difference(o, h));
        }
        let screen = Screen { g, h, xp, g_opts: &g_opts, by_option: &by_option };
        // An option G' with no G' - H is X + H' for an option H': X is on every such G's list of G' - H'.
        let mut common: Option<Vec<MisereId>> = None;
        for (k, &o) in g_opts.iter().enumerate() {
            if by_option[k].is_some() {
                continue;
            }
            let xs = self.option_differences(o, &h_opts, xp);
            let kept = match common {
                None => xs,
                Some(prev) => prev.into_iter().filter(|d| xs.contains(d)).collect(),
            };
            if kept.is_empty() {
                return self.no_difference(g, h);
            }
            common = Some(kept);
        }
        if let Some(cands) = common {
            for x in cands {
                if self.try_candidate(&screen, x) {
                    return Some(x);
                }
            }
            return self.no_difference(g, h);
        }
        // Every G' - H exists: X = {all of them} ∪ S, S among the G - H' …
        let mut first: Vec<MisereId> = by_option.iter().flatten().copied().collect();
        first.sort_unstable();
        first.dedup();
        let mut extra: Vec<MisereId> = Vec::new();
        for &o in &h_opts {
            if let Some(d) = self.difference(g, o) {
                if first.binary_search(&d).is_err() && !extra.contains(&d) {
                    extra.push(d);
                }
            }
        }
        if extra.len() > MAX_SUBSET_CANDIDATES {
            self.diff_gave_up = true;
            return None;
        }
        let n = extra.len();
        let mut masks: Vec<u32> = (0..(1u32 << n)).collect();
        masks.sort_by_key(|m| std::cmp::Reverse(m.count_ones()));
        for mask in masks {
            self.poll();
            let mut opts = first.clone();
            opts.extend((0..n).filter(|i| mask >> i & 1 == 1).map(|i| extra[i]));
            opts.sort_unstable();
            // Not a canonical option set: its game has a smaller set of options, tried on its own.
            if !self.is_canonical_option_set(&opts) {
                continue;
            }
            let id = self.indexed(hash_options(&opts), &opts);
            if !self.passes_screen(&screen, &opts, id) {
                continue;
            }
            let z = self.game(&opts);
            if self.add(z, h) == g {
                return Some(z);
            }
        }
        // … or X = G' - H' for some options G', H'.
        let mut tried = Vec::new();
        for &o in &g_opts {
            for x in self.option_differences(o, &h_opts, xp) {
                if !tried.contains(&x) {
                    tried.push(x);
                    if self.try_candidate(&screen, x) {
                        return Some(x);
                    }
                }
            }
        }
        self.no_difference(g, h)
    }

    /// "No difference" — or, once a search gave up meanwhile (a `None` then proves nothing), the answer of the
    /// earlier engine's search.
    fn no_difference(&mut self, g: MisereId, h: MisereId) -> Option<MisereId> {
        if self.diff_gave_up {
            self.difference_by_subsets(g, h)
        } else {
            None
        }
    }

    /// The differences `o - H'` for the options `H'` of `H` whose nim value fits `X+ = xp`.
    fn option_differences(&mut self, o: MisereId, h_opts: &[MisereId], xp: u32) -> Vec<MisereId> {
        let mut xs = Vec::new();
        for &ho in h_opts {
            if self.nim_value(ho) ^ xp != self.nim_value(o) {
                continue;
            }
            if let Some(d) = self.difference(o, ho) {
                if !xs.contains(&d) {
                    xs.push(d);
                }
            }
        }
        xs
    }

    /// Whether the existing game `x` passes the screen and `x + H = G`.
    fn try_candidate(&mut self, screen: &Screen<'_>, x: MisereId) -> bool {
        let x_opts = self.options(x).to_vec();
        self.passes_screen(screen, &x_opts, Some(x)) && self.add(x, screen.h) == screen.g
    }

    /// Whether a game with the canonical options `x_opts` (and id `x`, if it exists) can be `G - H`: its nim
    /// value is `G+ ⊕ H+`, and each option `G'` of `G` is `X' + H` (`G' - H` is an option of `X`) or `X + H'`
    /// (`G' - H' = X`). Only memoised differences of smaller games are asked; no sum is formed.
    fn passes_screen(&mut self, s: &Screen<'_>, x_opts: &[MisereId], x: Option<MisereId>) -> bool {
        if mex(x_opts.iter().map(|&o| self.nim_value(o))) != s.xp {
            return false;
        }
        let h_opts = self.options(s.h).to_vec();
        'options: for (k, &o) in s.g_opts.iter().enumerate() {
            if s.by_option[k].is_some_and(|d| x_opts.binary_search(&d).is_ok()) {
                continue;
            }
            let Some(x) = x else { return self.diff_gave_up };
            for &ho in &h_opts {
                if self.nim_value(ho) ^ s.xp == self.nim_value(o) && self.difference(o, ho) == Some(x) {
                    continue 'options;
                }
            }
            // A search that gave up meanwhile may have answered "none" wrongly.
            return self.diff_gave_up;
        }
        true
    }

    /// The earlier engine's search for `G - H`: the game of all `G' - H` and of all `G - H'`, then every subset
    /// of those candidates, each checked by adding `H` (up to [`MAX_SUBSET_CANDIDATES`] candidates). Used only
    /// after the search of [`MisereGames::exact_difference`] gave up once.
    pub(super) fn difference_by_subsets(&mut self, g: MisereId, h: MisereId) -> Option<MisereId> {
        let mut first: Vec<MisereId> = Vec::new();
        for o in self.options(g).to_vec() {
            if let Some(d) = self.difference(o, h) {
                first.push(d);
            }
        }
        first.sort_unstable();
        first.dedup();
        let x = self.game(&first);
        if self.add(x, h) == g {
            return Some(x);
        }
        let mut all = first;
        for o in self.options(h).to_vec() {
            if let Some(d) = self.difference(g, o) {
                all.push(d);
            }
        }
        all.sort_unstable();
        all.dedup();
        if all.len() > MAX_SUBSET_CANDIDATES {
            return None;
        }
        let n = all.len();
        let mut masks: Vec<u32> = (0..(1u32 << n)).collect();
        masks.sort_by_key(|m| std::cmp::Reverse(m.count_ones()));
        for mask in masks {
            self.poll();
            let opts: Vec<MisereId> = (0..n).filter(|i| mask >> i & 1 == 1).map(|i| all[i]).collect();
            let z = self.game(&opts);
            if self.add(z, h) == g {
                return Some(z);
            }
        }
        None
    }

    /// `g - *i` when it exists and is born before `g` (printing's `X` with subscript `i`), for `g ≠ 0`, `i ≥ 1`.
    /// Such an `X` is an option of `g` (module notes); it needs `X+ ⊕ i = g+` and `b(X) + i ≥ b(g)`.
    pub(super) fn earlier_heap_difference(&mut self, g: MisereId, i: u32) -> Option<MisereId> {
        let (gp, b) = (self.nim_value(g), self.birthday(g));
        let heap = self.nim(i as usize);
        self.options(g)
            .to_vec()
            .into_iter()
            .find(|&x| self.nim_value(x) ^ i == gp && self.birthday(x) + i >= b && self.add(x, heap) == g)
    }

    /// `g + *i` when it is born before `g` (printing's subscript `-i`), for `g ≠ 0`, `i ≥ 2`. It is then an
    /// option of `g` or 0 (module notes), of nim value `g+ ⊕ i`: without such an option the sum is not formed.
    pub(super) fn earlier_heap_sum(&mut self, g: MisereId, i: u32) -> Option<MisereId> {
        let (target, b) = (self.nim_value(g) ^ i, self.birthday(g));
        if target != 0 && !self.options(g).iter().any(|&o| self.nim_value(o) == target) {
            return None;
        }
        let heap = self.nim(i as usize);
        let s = self.add(g, heap);
        (self.birthday(s) < b).then_some(s)
    }
}

/// What [`MisereGames::passes_screen`] checks a candidate for `G - H` against.
struct Screen<'a> {
    g: MisereId,
    h: MisereId,
    /// `G+ ⊕ H+`, the nim value `X` must have.
    xp: u32,
    g_opts: &'a [MisereId],
    /// `G' - H` for each option `G'` (in `g_opts` order).
    by_option: &'a [Option<MisereId>],
}

//! The games born by day `n` (ONAG ch. 12: 1, 2, 3, 5, 22 and 4171780 games by days 0–5).
//!
//! [`MisereGames::day_n`] lists the even games born by day `n` whose followers all have at most
//! `max_options` options, as CGSuite's `DayN`, in canonical order: each day's games are the canonical games
//! of the subsets of the previous day's games (closed under adding `*`). [`MisereGames::day_n_count`]
//! counts all games born by day `n` (odd ones too) without building the last day: a subset of the games
//! born by day `n - 1` is the canonical option set of a new game exactly when [`MisereGames::game`] would
//! not reduce it, so day 5 is a count over 2^22 subsets and never a list.

use super::types::{DayError, MAX_DAY_GAMES};
use super::{MisereGames, MisereId};

impl MisereGames {
    /// All games (odd and even) born by day `n` whose followers have at most `max_options` options, or
    /// [`DayError::TooMany`] once more than `max_games` are found.
    fn born_by(&mut self, n: u32, max_options: usize, max_games: usize) -> Result<Vec<MisereId>, DayError> {
        let mut all = vec![self.zero()];
        for _ in 0..n {
            let k = all.len();
            if k >= 64 {
                return Err(DayError::TooMany(max_games));
            }
            // Each game has one canonical option set, so the canonical subsets are the games, each once.
            let mut next = Vec::new();
            let mut opts = Vec::with_capacity(k);
            for mask in 0u64..(1u64 << k) {
                if mask.count_ones() as usize > max_options {
                    continue;
                }
                if mask & 0xfff == 0 {
                    self.poll();
                }
                opts.clear();
                opts.extend((0..k).filter(|i| mask >> i & 1 == 1).map(|i| all[i]));
                opts.sort_unstable();
                if self.is_canonical_option_set(&opts) {
                    if next.len() >= max_games {
                        return Err(DayError::TooMany(max_games));
                    }
                    next.push(self.game(&opts));
                }
            }
            all = next;
        }
        Ok(all)
    }

    /// CGSuite's `DayN(n, maxGames, maxOptions)`: the even games born by day `n` with at most `max_options`
    /// options at every follower, in canonical order; an error when there are more than `max_games` (CGSuite
    /// then returns an arbitrary selection).
    pub fn day_n(&mut self, n: u32, max_games: usize, max_options: usize) -> Result<Vec<MisereId>, DayError> {
        let cap = max_games.min(MAX_DAY_GAMES);
        let all = self.born_by(n, max_options, cap.saturating_mul(2)).map_err(|_| DayError::TooMany(cap))?;
        let mut even: Vec<MisereId> = Vec::new();
        for g in all {
            if self.is_even(g) {
                even.push(g);
            }
        }
        if even.len() > cap {
            return Err(DayError::TooMany(cap));
        }
        even.sort_by(|&a, &b| self.compare(a, b));
        Ok(even)
    }

    /// The number of games born by day `n` (ONAG's count, odd and even games), for `n <= 5`.
    pub fn day_n_count(&mut self, n: u32) -> Option<u64> {
        match n {
            0..=4 => self.born_by(n, usize::MAX, usize::MAX).ok().map(|v| v.len() as u64),
            5 => {
                let day4 = self.born_by(4, usize::MAX, usize::MAX).ok()?;
                let mut count = 0u64;
                let mut opts = Vec::with_capacity(day4.len());
                for mask in 0u32..(1u32 << day4.len()) {
                    if mask & 0xffff == 0 {
                        self.poll();
                    }
                    opts.clear();
                    opts.extend((0..day4.len()).filter(|i| mask >> i & 1 == 1).map(|i| day4[i]));
                    opts.sort_unstable();
                    if self.is_canonical_option_set(&opts) {
                        count += 1;
                    }
                }
                Some(count)
            }
            _ => None,
        }
    }
}

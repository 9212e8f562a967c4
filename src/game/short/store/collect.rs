//! Collection: freeing the games no holder outside the arena refers to, so that later games reuse their slots.
//!
//! The arena only grows while it computes; a session that computes many unrelated values keeps every follower
//! of every one of them. [`Games::collect`] takes the *roots* — every [`GameId`] held outside the arena — and
//! frees every game that is not a root or a follower of one:
//! - **mark**: a walk from the roots over options (0 is always kept);
//! - **sweep**: a freed game leaves `by_opts`/`by_nus` (so it is never found by hash-consing again), its slot
//!   goes on the free list and its negative link is cut, as is every live game's link to a freed negative;
//! - **compaction of the option runs**: the runs of live games are copied into a fresh `opts`, runs that
//!   overlap (the shared run of the nimbers `x*1 … x*m`) staying shared;
//! - every cache of results keyed by ids (lossy sums and comparisons, products, printing, thermographs …) is
//!   emptied: a freed id is given to a new game, and an entry about the old one would be wrong for it.
//!
//! Ids are never renumbered: a live id keeps its node, so holders need not be rewritten. A new game takes
//! the least free slot **above all its options** (`place`), so options still have smaller ids than the game
//! (which the shared nimber runs need: a run sorted by id is sorted by nim value); when there is none it is
//! appended. Free slots at the end of the arena are dropped.
//!
//! When: the interpreter asks [`Games::wants_collection`] at its safe points (between top-level statements,
//! and after each iteration of a top-level loop), which holds once the live games have doubled since the
//! last collection and number at least [`Games::collection_threshold`] (or the memory budget is half used
//! and the arena has grown by a quarter), so small sessions never pay for a collection.

use super::types::Brackets;
use super::{Games, Node, NONE};
use crate::game::{Dyadic, GameId};

impl Games {
    /// Stores a new node (not registered in the hash-consing maps: the caller does that), in the least free
    /// slot above all its options, or at the end.
    pub(super) fn place(&mut self, node: Node, stops: [Dyadic; 2], br: Brackets) -> GameId {
        if !self.gc.free.is_empty() {
            let mut above = 0u32;
            if !node.pending() {
                let runs = [(node.lstart, node.nl), (node.rstart, node.nr)];
                for (s, n) in runs {
                    for o in &self.opts[s as usize..(s + n) as usize] {
                        above = above.max(o.0 + 1);
                    }
                }
            }
            if let Some(&i) = self.gc.free.range(above..).next() {
                self.gc.free.remove(&i);
                let k = i as usize;
                self.nodes[k] = node;
                self.stops[k] = stops;
                self.brackets[k] = br;
                self.neg_cache[k] = NONE;
                self.birthday_cache[k] = NONE;
                return GameId(i);
            }
        }
        let id = GameId(self.nodes.len() as u32);
        self.nodes.push(node);
        self.stops.push(stops);
        self.brackets.push(br);
        self.neg_cache.push(NONE);
        self.birthday_cache.push(NONE);
        id
    }

    /// Whether a collection is due (see the module documentation): cheap, for every safe point.
    pub fn wants_collection(&self) -> bool {
        let live = self.len();
        if self.gc.threshold == usize::MAX {
            return false;
        }
        if live >= self.gc.threshold && live >= 2 * self.gc.live_after {
            return true;
        }
        let limit = crate::game::budget::limit_for_heuristics();
        limit != usize::MAX
            && crate::game::budget::used() > limit / 2
            && live >= self.gc.threshold / 4
            && 4 * live >= 5 * self.gc.live_after
    }

    /// The number of live games below which no collection is due.
    pub fn collection_threshold(&self) -> usize {
        self.gc.threshold
    }

    /// Sets the number of live games below which no collection is due (tests and `--gc-threshold`).
    pub fn set_collection_threshold(&mut self, games: usize) {
        self.gc.threshold = games.max(1);
    }

    /// Puts the next collection off until the live games double again: for a safe point whose holders could
    /// not all be traced.
    pub fn postpone_collection(&mut self) {
        self.gc.live_after = self.len();
    }

    /// (collections run, games freed by them).
    pub fn collection_stats(&self) -> (u64, u64) {
        (self.gc.count, self.gc.freed)
    }

    /// The slots of the arena, live or free (the arena's size; at least [`Games::len`]).
    pub fn slots(&self) -> usize {
        self.nodes.len()
    }

    /// Frees every game that is neither in `roots` nor a follower of one (and is not 0), and empties the
    /// caches of results; returns how many games were freed. `roots` must hold **every** id kept outside
    /// the arena: an id left out may be given to another game.
    pub fn collect(&mut self, roots: &[GameId]) -> usize {
        const FREE: u8 = 2;
        const LIVE: u8 = 1;
        let n = self.nodes.len();
        let mut state = vec![0u8; n];
        for &i in &self.gc.free {
            state[i as usize] = FREE;
        }
        // Mark.
        let mut stack: Vec<GameId> = roots.to_vec();
        stack.push(GameId(0));
        while let Some(g) = stack.pop() {
            let i = g.0 as usize;
            if state[i] != 0 {
                debug_assert!(state[i] != FREE, "a root or a live game's option was freed: {g:?}");
                continue;
            }
            state[i] = LIVE;
            let node = self.nodes[i];
            if !node.pending() {
                for (s, len) in [(node.lstart, node.nl), (node.rstart, node.nr)] {
                    for &o in &self.opts[s as usize..(s + len) as usize] {
                        if state[o.0 as usize] == 0 {
                            stack.push(o);
                        }
                    }
                }
            }
        }
        // Sweep.
        let mut freed = 0usize;
        let empty = Node { lstart: 0, nl: 0, rstart: 0, nr: 0, nus: None };
        for (i, st) in state.iter_mut().enumerate() {
            if *st == 0 {
                *st = FREE;
                self.nodes[i] = empty;
                self.neg_cache[i] = NONE;
                self.birthday_cache[i] = NONE;
                freed += 1;
            }
        }
        self.by_opts.retain(|_, id| state[id.0 as usize] == LIVE);
        self.by_nus.retain(|_, id| state[id.0 as usize] == LIVE);
        self.by_heated.retain(|_, id| state[id.0 as usize] == LIVE);
        self.heated.retain(|id, _| state[id.0 as usize] == LIVE);
        for i in 0..n {
            let neg = self.neg_cache[i];
            if state[i] == LIVE && neg != NONE && state[neg as usize] != LIVE {
                self.neg_cache[i] = NONE;
            }
        }
        // Free slots at the end are dropped.
        let mut len = n;
        while len > 1 && state[len - 1] == FREE {
            len -= 1;
        }
        self.nodes.truncate(len);
        self.stops.truncate(len);
        self.brackets.truncate(len);
        self.neg_cache.truncate(len);
        self.birthday_cache.truncate(len);
        self.gc.free = (0..len as u32).filter(|&i| state[i as usize] == FREE).collect();
        self.compact_options();
        self.clear_caches();
        let live = self.len();
        self.gc.live_after = live;
        self.gc.count += 1;
        self.gc.freed += freed as u64;
        freed
    }

    /// Copies the option runs of the live games into a fresh `opts` (overlapping runs stay shared).
    fn compact_options(&mut self) {
        let mut runs: Vec<(u32, u32)> = Vec::new();
        for (i, node) in self.nodes.iter().enumerate() {
            if node.pending() || self.gc.free.contains(&(i as u32)) {
                continue;
            }
            for (s, len) in [(node.lstart, node.nl), (node.rstart, node.nr)] {
                if len > 0 {
                    runs.push((s, s + len));
                }
            }
        }
        runs.sort_unstable();
        // Maximal overlapping spans: (old start, old end, new start).
        let mut spans: Vec<(u32, u32, u32)> = Vec::new();
        let mut total = 0u32;
        for (s, e) in runs {
            match spans.last_mut() {
                Some(last) if s < last.1 => {
                    if e > last.1 {
                        total += e - last.1;
                        last.1 = e;
                    }
                }
                _ => {
                    spans.push((s, e, total));
                    total += e - s;
                }
            }
        }
        let mut opts = Vec::with_capacity(total as usize);
        for &(s, e, _) in &spans {
            opts.extend_from_slice(&self.opts[s as usize..e as usize]);
        }
        let moved = |s: u32| -> u32 {
            let k = spans.partition_point(|sp| sp.0 <= s) - 1;
            let (os, _, ns) = spans[k];
            ns + (s - os)
        };
        for i in 0..self.nodes.len() {
            let node = self.nodes[i];
            if node.pending() || self.gc.free.contains(&(i as u32)) {
                continue;
            }
            let node = &mut self.nodes[i];
            node.lstart = if node.nl > 0 { moved(node.lstart) } else { 0 };
            node.rstart = if node.nr > 0 { moved(node.rstart) } else { 0 };
        }
        self.opts = opts;
    }
}

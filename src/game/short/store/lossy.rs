//! Bounded, lossy caches of results on pairs of games (4-way set-associative, direct-mapped buckets).
//!
//! A result cache of the arena only has to be *sound* (an entry, when found, is the right answer), not
//! *complete*: a result that was overwritten is computed again. So the comparison and sum caches are flat
//! tables of fixed-size slots indexed by a hash of the pair, each bucket holding [`WAYS`] entries (the newest
//! first). A table doubles whenever it becomes half full (so small sessions stay small, and while it grows a
//! result is only lost when five land in one bucket) and stops growing at its maximum: from then on memory
//! stays flat and a new entry evicts the oldest entry of its bucket. Both tables are plain vectors: a look-up
//! reads one or two cache lines.

use super::GameId;
use crate::game::budget::huge_table;

/// Entries per bucket.
const WAYS: usize = 4;

/// The first slot of the bucket of a pair of ids in a table of `2^bits` slots (Fibonacci hashing of the
/// packed pair).
#[inline]
fn bucket(g: GameId, h: GameId, bits: u32) -> usize {
    let k = (u64::from(g.0) << 32 | u64::from(h.0)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    // `bits - 2` bits choose the bucket (`WAYS` = 4 slots).
    ((k >> (66 - bits)) as usize) * WAYS
}

/// The initial number of slots is `2^MIN_BITS` (at most the maximum; a table has at least `WAYS` slots).
const MIN_BITS: u32 = 12;

/// `g <= h` results: one `u64` per slot, `g` in bits 33–63, `h` in bits 1–32, the answer in bit 0.
/// Pairs with `g >= 2^31 - 1` are not cached (an arena of that size does not fit in memory anyway).
/// A bucket is aligned to its size (32 bytes), so a probe touches one cache line, never two.
#[derive(Clone)]
pub(super) struct LeqCache {
    buckets: Vec<LeqBucket>,
    bits: u32,
    max_bits: u32,
    used: usize,
}

#[derive(Clone, Copy)]
#[repr(C, align(32))]
struct LeqBucket([u64; WAYS]);

const EMPTY: u64 = u64::MAX;
const EMPTY_BUCKET: LeqBucket = LeqBucket([EMPTY; WAYS]);

impl LeqCache {
    /// An empty cache growing to at most `2^max_bits` slots (8 bytes each).
    pub(super) fn new(max_bits: u32) -> LeqCache {
        let bits = MIN_BITS.min(max_bits).max(2);
        LeqCache { buckets: huge_table(1 << (bits - 2), EMPTY_BUCKET), bits, max_bits, used: 0 }
    }

    #[inline]
    fn key(g: GameId, h: GameId) -> Option<u64> {
        (g.0 < (1 << 31) - 1).then(|| u64::from(g.0) << 33 | u64::from(h.0) << 1)
    }

    /// The cached `g <= h`, if present.
    #[inline]
    pub(super) fn get(&self, g: GameId, h: GameId) -> Option<bool> {
        let k = LeqCache::key(g, h)?;
        let b = &self.buckets[bucket(g, h, self.bits) / WAYS];
        for &s in &b.0 {
            if s != EMPTY && s & !1 == k {
                return Some(s & 1 == 1);
            }
        }
        None
    }

    /// Starts loading the bucket of `(g, h)` into the processor's cache (a hint; no effect on results).
    #[inline]
    pub(super) fn prefetch(&self, g: GameId, h: GameId) {
        #[cfg(target_arch = "x86_64")]
        {
            let b: *const LeqBucket = &self.buckets[bucket(g, h, self.bits) / WAYS];
            // SAFETY: `b` points into the table, and a prefetch never faults or changes memory.
            unsafe {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch::<_MM_HINT_T0>(b.cast::<i8>());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (g, h);
    }

    /// Records `g <= h` (evicting the older entry of a full bucket once the table is at its maximum).
    pub(super) fn insert(&mut self, g: GameId, h: GameId, v: bool) {
        let Some(k) = LeqCache::key(g, h) else { return };
        if self.used * 2 >= self.buckets.len() * WAYS && self.bits < self.max_bits {
            self.grow();
        }
        self.put(k | u64::from(v), g, h);
    }

    fn put(&mut self, entry: u64, g: GameId, h: GameId) {
        let b = &mut self.buckets[bucket(g, h, self.bits) / WAYS].0;
        if b[WAYS - 1] == EMPTY {
            self.used += 1;
        }
        // Newest first: the oldest entry (last slot) falls out of a full bucket.
        b.copy_within(0..WAYS - 1, 1);
        b[0] = entry;
    }

    fn grow(&mut self) {
        let old = std::mem::replace(&mut self.buckets, huge_table(1 << (self.bits - 1), EMPTY_BUCKET));
        self.bits += 1;
        self.used = 0;
        // Older entries first, so each bucket keeps its newest entry in front.
        for bucket in &old {
            for &s in bucket.0.iter().rev() {
                if s != EMPTY {
                    let (g, h) = (GameId((s >> 33) as u32), GameId((s >> 1) as u32));
                    self.put(s, g, h);
                }
            }
        }
    }

    /// Number of slots (for tests).
    #[cfg(test)]
    pub(super) fn capacity(&self) -> usize {
        self.buckets.len() * WAYS
    }
}

/// Sums `g + h` (keyed by the ordered pair): keys and values in two parallel vectors.
#[derive(Clone)]
pub(super) struct SumCache {
    keys: Vec<u64>,
    vals: Vec<u32>,
    bits: u32,
    max_bits: u32,
    used: usize,
}

impl SumCache {
    /// An empty cache growing to at most `2^max_bits` slots (12 bytes each).
    pub(super) fn new(max_bits: u32) -> SumCache {
        let bits = MIN_BITS.min(max_bits);
        SumCache { keys: vec![EMPTY; 1 << bits], vals: vec![0; 1 << bits], bits, max_bits, used: 0 }
    }

    #[inline]
    fn key(g: GameId, h: GameId) -> u64 {
        // (u32::MAX, u32::MAX) is never a key: ids index a vector of nodes.
        u64::from(g.0) << 32 | u64::from(h.0)
    }

    /// The cached sum, if present.
    #[inline]
    pub(super) fn get(&self, g: GameId, h: GameId) -> Option<GameId> {
        let k = SumCache::key(g, h);
        let b = bucket(g, h, self.bits);
        (b..b + WAYS).find(|&i| self.keys[i] == k).map(|i| GameId(self.vals[i]))
    }

    /// Records `g + h = s`.
    pub(super) fn insert(&mut self, g: GameId, h: GameId, s: GameId) {
        if self.used * 2 >= self.keys.len() && self.bits < self.max_bits {
            self.grow();
        }
        self.put(SumCache::key(g, h), s.0);
    }

    fn put(&mut self, k: u64, v: u32) {
        let b = bucket(GameId((k >> 32) as u32), GameId(k as u32), self.bits);
        if self.keys[b + WAYS - 1] == EMPTY {
            self.used += 1;
        }
        self.keys.copy_within(b..b + WAYS - 1, b + 1);
        self.vals.copy_within(b..b + WAYS - 1, b + 1);
        self.keys[b] = k;
        self.vals[b] = v;
    }

    fn grow(&mut self) {
        let n = 1 << (self.bits + 1);
        let keys = std::mem::replace(&mut self.keys, huge_table(n, EMPTY));
        let vals = std::mem::replace(&mut self.vals, huge_table(n, 0));
        self.bits += 1;
        self.used = 0;
        for i in (0..keys.len()).step_by(WAYS) {
            for j in (i..i + WAYS).rev() {
                if keys[j] != EMPTY {
                    self.put(keys[j], vals[j]);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leq_cache_keeps_what_fits_and_stays_bounded() {
        let mut c = LeqCache::new(14);
        for i in 0..3000u32 {
            c.insert(GameId(i), GameId(i * 7 + 1), i % 3 == 0);
        }
        // Below half of the maximum: nearly everything is kept, and what is found is right.
        let mut kept = 0;
        for i in 0..3000u32 {
            if let Some(v) = c.get(GameId(i), GameId(i * 7 + 1)) {
                assert_eq!(v, i % 3 == 0);
                kept += 1;
            }
            assert_eq!(c.get(GameId(i * 7 + 1), GameId(i)), None);
        }
        assert!(kept > 2970, "{kept}");
        for i in 0..100_000u32 {
            c.insert(GameId(i), GameId(i ^ 0x5555), i % 2 == 0);
        }
        assert_eq!(c.capacity(), 1 << 14);
        // Lossy but sound: whatever is found is right, and the newest entries are found.
        for i in 0..100_000u32 {
            if let Some(v) = c.get(GameId(i), GameId(i ^ 0x5555)) {
                assert_eq!(v, i % 2 == 0);
            }
        }
        assert_eq!(c.get(GameId(99_999), GameId(99_999 ^ 0x5555)), Some(false));
        // The largest ids are not cached rather than mis-packed.
        c.insert(GameId(u32::MAX), GameId(3), true);
        assert_eq!(c.get(GameId(u32::MAX), GameId(3)), None);
    }

    #[test]
    fn sum_cache_is_sound() {
        let mut c = SumCache::new(13);
        for i in 0..200_000u32 {
            c.insert(GameId(i), GameId(i / 3), GameId(i.wrapping_mul(31)));
        }
        let mut found = 0;
        for i in 0..200_000u32 {
            if let Some(s) = c.get(GameId(i), GameId(i / 3)) {
                assert_eq!(s, GameId(i.wrapping_mul(31)));
                found += 1;
            }
        }
        assert!(found > 1000 && found <= 1 << 13, "{found}");
        assert_eq!(c.get(GameId(199_999), GameId(199_999 / 3)), Some(GameId(199_999u32.wrapping_mul(31))));
    }
}

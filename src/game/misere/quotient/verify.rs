//! The exact check of a candidate quotient against the whole game (every position, not a bounded region).
//!
//! A candidate is a finite commutative monoid `Q` with a subset `P` and an element `φ(h)` for every heap,
//! extended to positions by `φ(X + Y) = φ(X)φ(Y)`. It is *correct* when every position `X` is a misère
//! P-position exactly when `φ(X) ∈ P`; by induction on `X` that holds as soon as every `X` satisfies the
//! misère rule in `Q`: `φ(X) ∈ P` iff `X` has a move and no option `X'` has `φ(X') ∈ P`.
//!
//! That rule at `X` depends only on the *state* `s(X) = (φ(X), D(X), has a move)`, where
//! `D(X) = {z ∈ Q : some option X' of X has φ(X')·z ∈ P}` (the rule reads `1 ∉ D(X)`). The options of
//! `X + h` are `X' + h` and `X + o` for the options `o` of heap `h`, so
//! `D(X + h) = {z : φ(h)·z ∈ D(X)} ∪ {z : φ(X)·z ∈ D_h}` with `D_h = {z : some option o of h has φ(o)·z ∈ P}`:
//! the state of `X + h` is a function of the state of `X` and of heap `h`'s triple `(φ(h), D_h, has options)`.
//! So the states of all positions are the finitely many states reachable from the empty position's
//! `(1, ∅, no)`, found by a breadth-first search over the distinct heap triples, and the candidate is correct
//! iff the rule holds at each of them. A failing state comes with a witness position (fewest heaps first).

use super::types::{QuotientError, Raw};
use std::collections::HashMap;

/// The most states a check may visit.
pub const MAX_CHECK_STATES: usize = 1 << 19;

type Bits = Vec<u64>;

fn has(b: &Bits, i: u32) -> bool {
    b[(i / 64) as usize] >> (i % 64) & 1 == 1
}

/// Checks the candidate `raw` with heap elements `phi[h]` and option elements `options[h]` (heaps `1..`,
/// index 0 unused). `Ok(None)` when it is correct, else a witness position (heap sizes) where the misère
/// rule fails.
pub(super) fn check(
    raw: &Raw,
    phi: &[u32],
    options: &[Vec<u32>],
    poll: &dyn Fn(),
) -> Result<Option<Vec<usize>>, QuotientError> {
    let q = raw.mul.len();
    let words = q.div_ceil(64);
    let d_of = |elems: &[u32]| -> Bits {
        let mut b = vec![0u64; words];
        for z in 0..q as u32 {
            if elems.iter().any(|&o| raw.p[raw.mul[o as usize][z as usize] as usize]) {
                b[(z / 64) as usize] |= 1 << (z % 64);
            }
        }
        b
    };
    // The distinct heap triples, each with one heap for witnesses.
    let mut triples: Vec<(u32, Bits, bool, usize)> = Vec::new();
    let mut seen: HashMap<(u32, Bits, bool), ()> = HashMap::new();
    for h in 1..phi.len() {
        let t = (phi[h], d_of(&options[h]), !options[h].is_empty());
        if seen.insert(t.clone(), ()).is_none() {
            triples.push((t.0, t.1, t.2, h));
        }
    }
    let start = (raw.one, vec![0u64; words], false);
    let mut ids: HashMap<(u32, Bits, bool), u32> = HashMap::new();
    let mut states: Vec<(u32, Bits, bool)> = vec![start.clone()];
    let mut parent: Vec<(u32, usize)> = vec![(u32::MAX, 0)];
    ids.insert(start, 0);
    let mut next = 0usize;
    while next < states.len() {
        if next.is_multiple_of(256) {
            poll();
        }
        let (x, d, moves) = states[next].clone();
        if raw.p[x as usize] != (moves && !has(&d, raw.one)) {
            let mut witness = Vec::new();
            let mut s = next as u32;
            while s != 0 {
                let (p, h) = parent[s as usize];
                witness.push(h);
                s = p;
            }
            witness.sort_unstable();
            return Ok(Some(witness));
        }
        for (ph, dh, hm, h) in &triples {
            let row_h = &raw.mul[*ph as usize];
            let row_x = &raw.mul[x as usize];
            let mut nd = vec![0u64; words];
            for z in 0..q {
                if has(&d, row_h[z]) || has(dh, row_x[z]) {
                    nd[z / 64] |= 1 << (z % 64);
                }
            }
            let key = (row_x[*ph as usize], nd, moves || *hm);
            if !ids.contains_key(&key) {
                if states.len() >= MAX_CHECK_STATES {
                    return Err(QuotientError::TooLarge(MAX_CHECK_STATES));
                }
                ids.insert(key.clone(), states.len() as u32);
                states.push(key);
                parent.push((next as u32, *h));
            }
        }
        next += 1;
    }
    Ok(None)
}

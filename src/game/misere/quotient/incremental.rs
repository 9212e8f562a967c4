//! The incremental construction of a misère quotient, heap by heap, in the manner of Siegel's MisereSolver
//! (Plambeck and Siegel, "Misère quotients for impartial games", JCTA 115 (2008)): a candidate quotient for
//! heaps `1..h-1` is extended to heap `h` and every candidate is proved by the exact check of `verify`.
//!
//! The solver keeps a set of *generator heaps* and, for every other heap, a word in generator heaps (a sum
//! of smaller generator heaps it is believed equivalent to). The candidate is the bounded construction
//! (`boxed`) of the game on the generator heaps alone, each option's other heaps replaced by their words; a
//! heap's element is its word's. For heap `h`:
//! 1. each element `q` of the current candidate is tried as heap `h`'s element (first against the misère rule
//!    on `h` alone and on `h` plus one smaller heap, then by the exact check of all heaps `1..=h`); the first
//!    that passes is kept and `h` gets the least word of `q`: the quotient did not grow;
//! 2. otherwise `h` becomes a generator heap and the candidate is rebuilt; while the exact check fails, the
//!    non-generator heaps of its witness position (whose words were wrong once the new heap was there) become
//!    generator heaps too, and the candidate is rebuilt again. This ends: at worst every heap is a generator
//!    and the construction is the bounded one of the whole game, correct by its own proof.
//!
//! A candidate that passes the exact check gives every position's outcome; it is the quotient itself because
//! its elements are already told apart by positions of generator heaps (the bounded construction takes the
//! coarsest congruence), which are positions of the game.

use super::boxed::{self, BoxQuotient};
use super::types::{QuotientError, Raw};
use super::verify;
use std::collections::HashMap;

/// A candidate: the monoid and one word (a heap list) per element.
struct Candidate {
    raw: Raw,
    words: Vec<Vec<usize>>,
}

/// The quotient of heaps `1..=n` (`opts[h]`: heap lists below `h` without empty heaps) and each heap's
/// element (index 0: the identity).
pub(super) fn solve(
    opts: &[Vec<Vec<usize>>],
    n: usize,
    budget: usize,
    poll: &dyn Fn(),
) -> Result<(Raw, Vec<u32>), QuotientError> {
    let mut cand = Candidate { raw: Raw { mul: vec![vec![0]], p: vec![false], one: 0 }, words: vec![Vec::new()] };
    let mut phi: Vec<u32> = vec![0];
    // Word of each heap in generator heaps (a generator heap's word is itself).
    let mut words: Vec<Vec<usize>> = vec![Vec::new()];
    let mut generators: Vec<usize> = Vec::new();
    let mut bounds: HashMap<usize, usize> = HashMap::new();
    for h in 1..=n {
        poll();
        phi.push(0);
        words.push(vec![h]);
        let elems = option_elements(&cand.raw, &phi, opts, h);
        let mut found = None;
        for q in 0..cand.raw.mul.len() as u32 {
            if !plausible(&cand.raw, &phi, &elems, h, q) {
                continue;
            }
            phi[h] = q;
            if verify::check(&cand.raw, &phi, &elems, poll)?.is_none() {
                found = Some(q);
                break;
            }
        }
        if let Some(q) = found {
            phi[h] = q;
            words[h] = cand.words[q as usize].clone();
            continue;
        }
        generators.push(h);
        loop {
            let bq = build(opts, &words, &generators, &mut bounds, budget, poll)?;
            phi[0] = bq.raw.one;
            for g in 1..=h {
                phi[g] = bq.element(&counts(&generators, &words[g]));
            }
            let raw = bq.raw.clone();
            let elems = option_elements(&raw, &phi, opts, h);
            match verify::check(&raw, &phi, &elems, poll)? {
                None => {
                    let words_of = (0..raw.mul.len() as u32)
                        .map(|e| {
                            let v = bq.representative(e);
                            generators.iter().zip(&v).flat_map(|(&g, &m)| std::iter::repeat_n(g, m)).collect()
                        })
                        .collect();
                    cand = Candidate { raw, words: words_of };
                    demote(&cand.raw, &phi, &mut generators, &mut words);
                    break;
                }
                Some(witness) => {
                    let mut wrong: Vec<usize> = witness.into_iter().filter(|g| !generators.contains(g)).collect();
                    if wrong.is_empty() {
                        // Not expected (see the module notes); fall back to the whole game.
                        wrong = (1..=h).filter(|g| !generators.contains(g)).collect();
                    }
                    for g in wrong {
                        if !generators.contains(&g) {
                            generators.push(g);
                            words[g] = vec![g];
                        }
                    }
                    generators.sort_unstable();
                }
            }
        }
    }
    Ok((cand.raw, phi))
}

/// The bounded construction on the generator heaps, other heaps in options replaced by their words.
fn build(
    opts: &[Vec<Vec<usize>>],
    words: &[Vec<usize>],
    generators: &[usize],
    bounds: &mut HashMap<usize, usize>,
    budget: usize,
    poll: &dyn Fn(),
) -> Result<BoxQuotient, QuotientError> {
    let index: HashMap<usize, usize> = generators.iter().enumerate().map(|(i, &g)| (g, i)).collect();
    let box_opts: Vec<Vec<Vec<usize>>> = generators
        .iter()
        .map(|&g| opts[g].iter().map(|o| o.iter().flat_map(|p| words[*p].iter().map(|w| index[w])).collect()).collect())
        .collect();
    let start: Vec<usize> = generators.iter().map(|g| bounds.get(g).copied().unwrap_or(2)).collect();
    let bq = boxed::solve(&box_opts, &start, budget, poll)?;
    for (g, &c) in generators.iter().zip(&bq.bounds) {
        bounds.insert(*g, c);
    }
    Ok(bq)
}

/// The multiplicities of a heap list over the generator heaps.
fn counts(generators: &[usize], word: &[usize]) -> Vec<usize> {
    generators.iter().map(|g| word.iter().filter(|w| *w == g).count()).collect()
}

/// The elements of the options of heaps `1..=upto` (index 0 empty).
fn option_elements(raw: &Raw, phi: &[u32], opts: &[Vec<Vec<usize>>], upto: usize) -> Vec<Vec<u32>> {
    let mut out = vec![Vec::new()];
    for heap_opts in &opts[1..=upto] {
        out.push(
            heap_opts.iter().map(|o| o.iter().fold(raw.one, |e, &p| raw.mul[e as usize][phi[p] as usize])).collect(),
        );
    }
    out
}

/// Heap `h` as `q`: the misère rule on `h` alone and on `h` plus each smaller heap (a cheap filter).
fn plausible(raw: &Raw, phi: &[u32], elems: &[Vec<u32>], h: usize, q: u32) -> bool {
    let p = |e: u32| raw.p[e as usize];
    let m = |a: u32, b: u32| raw.mul[a as usize][b as usize];
    if p(q) != (!elems[h].is_empty() && !elems[h].iter().any(|&o| p(o))) {
        return false;
    }
    (1..h).all(|g| {
        let moves = !elems[h].is_empty() || !elems[g].is_empty();
        let to_p = elems[h].iter().any(|&o| p(m(o, phi[g]))) || elems[g].iter().any(|&o| p(m(q, o)));
        p(m(q, phi[g])) == (moves && !to_p)
    })
}

/// Turns back into words the generator heaps whose element is a product of smaller generator heaps' (heaps
/// made generators by a witness, later told apart by a larger heap's arrival): the next candidate's bounded
/// construction then has fewer heaps. Each word is found by a breadth-first search of the monoid.
fn demote(raw: &Raw, phi: &[u32], generators: &mut Vec<usize>, words: &mut [Vec<usize>]) {
    let mut i = generators.len();
    while i > 1 {
        i -= 1;
        let g = generators[i];
        let smaller = &generators[..i];
        let mut word: Vec<Option<Vec<usize>>> = vec![None; raw.mul.len()];
        word[raw.one as usize] = Some(Vec::new());
        let mut queue = std::collections::VecDeque::from([raw.one]);
        while let Some(e) = queue.pop_front() {
            for &s in smaller {
                let f = raw.mul[e as usize][phi[s] as usize];
                if word[f as usize].is_none() {
                    let mut w = word[e as usize].clone().unwrap_or_default();
                    w.push(s);
                    word[f as usize] = Some(w);
                    queue.push_back(f);
                }
            }
        }
        if let Some(w) = word[phi[g] as usize].take() {
            words[g] = w;
            generators.remove(i);
        }
    }
}

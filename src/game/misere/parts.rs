//! Parts and partitions of misère canonical games (ONAG ch. 12; Siegel, CGT ch. V §3); subtraction, which
//! they rest on, is in `subtract.rs`.
//!
//! # Parts
//! A *part* of `G` is an even game `P ∉ {0, *}` with `G = P + X` for some `X` (CGSuite's `Parts` lists the
//! proper ones, each with its counterpart). For an option `G1` of the even part `E` of `G`, `E = P + X`
//! makes `G1 = P' + X` or `P + X'`: `X` or `P` is a part of `G1`. So the parts of `E` are among `E`, the parts
//! of `G1` and `E` minus those; each candidate is checked by subtraction. `E` is *prime* when its only
//! decomposition is `0 + E`; partitions split `E` into primes.

use super::{MisereGames, MisereId};

impl MisereGames {
    /// `g - h`: the game `x` with `h + x = g`, if there is one (CGSuite's `MisereMinus`).
    pub fn misere_minus(&mut self, g: MisereId, h: MisereId) -> Option<MisereId> {
        self.difference(g, h)
    }

    /// The pairs `(P, X)` of even games with `P + X` the even part of `g`, `(0, E)` first, then the others
    /// with `P` before `X` in canonical order, pairs by `P` (CGSuite's `get2Partitions`, up to its order).
    pub fn two_partitions(&mut self, g: MisereId) -> Vec<(MisereId, MisereId)> {
        let e = self.even_part(g);
        if let Some(p) = self.partitions_memo.get(&e) {
            return p.clone();
        }
        let parts = self.even_parts(e);
        let mut pairs: Vec<(MisereId, MisereId)> = Vec::new();
        for p in parts {
            if p == e {
                continue;
            }
            let Some(x) = self.difference(e, p) else { continue };
            let (a, b) = if self.compare(p, x) == std::cmp::Ordering::Greater { (x, p) } else { (p, x) };
            if !pairs.contains(&(a, b)) {
                pairs.push((a, b));
            }
        }
        pairs.sort_by(|x, y| self.compare(x.0, y.0).then_with(|| self.compare(x.1, y.1)));
        let zero = self.zero();
        pairs.insert(0, (zero, e));
        self.partitions_memo.insert(e, pairs.clone());
        pairs
    }

    /// Every even `P ∉ {0, *}` with `e - P` defined, for an even `e` (including `e` itself unless a unit).
    fn even_parts(&mut self, e: MisereId) -> Vec<MisereId> {
        if let Some(p) = self.parts_memo.get(&e) {
            return p.clone();
        }
        let star = self.nim(1);
        let zero = self.zero();
        if e == zero || e == star {
            return Vec::new();
        }
        let opts = self.options(e).to_vec();
        let mut result = vec![e];
        // an option 0 or * makes E prime
        if !opts.iter().any(|&o| o == zero || o == star) {
            // the option with the fewest parts gives the fewest candidates
            let mut best: Option<Vec<MisereId>> = None;
            for &o in &opts {
                let oe = self.even_part(o);
                let p = self.even_parts(oe);
                if best.as_ref().is_none_or(|b| p.len() < b.len()) {
                    best = Some(p);
                }
            }
            let option_parts = best.unwrap_or_default();
            let mut cands = Vec::new();
            for &q in &option_parts {
                cands.push(q);
                if let Some(d) = self.difference(e, q) {
                    cands.push(self.even_part(d));
                }
            }
            for c in cands {
                self.poll();
                if c == zero || c == star || result.contains(&c) || !self.is_even(c) {
                    continue;
                }
                if self.difference(e, c).is_some() {
                    result.push(c);
                }
            }
        }
        self.parts_memo.insert(e, result.clone());
        result
    }

    /// CGSuite's `Parts`: the proper parts of `g`'s even part, each pair `P, E - P` in turn (once if equal).
    pub fn parts(&mut self, g: MisereId) -> Vec<MisereId> {
        let mut out = Vec::new();
        for (a, b) in self.two_partitions(g).into_iter().skip(1) {
            out.push(a);
            if b != a {
                out.push(b);
            }
        }
        out
    }

    /// Whether `g` is prime: not 0 or *, and its even part has no proper parts.
    pub fn is_prime(&mut self, g: MisereId) -> bool {
        let star = self.nim(1);
        g != self.zero() && g != star && self.two_partitions(g).len() == 1
    }

    /// The prime parts of `g`'s even part (all parts, including the even part itself, that are prime).
    fn prime_parts(&mut self, g: MisereId) -> Vec<MisereId> {
        let mut out = Vec::new();
        for (a, b) in self.two_partitions(g) {
            for p in [a, b] {
                if !out.contains(&p) && self.is_prime(p) {
                    out.push(p);
                }
            }
        }
        out
    }

    /// CGSuite's `Partitions`: every way to write `g` as a sum of even primes in canonical order, with `*`
    /// added at the end of each when `g` is odd.
    pub fn partitions(&mut self, g: MisereId) -> Vec<Vec<MisereId>> {
        let mut out = Vec::new();
        let mut partial = Vec::new();
        self.build_partitions(g, &mut partial, &mut out);
        out
    }

    fn build_partitions(&mut self, g: MisereId, partial: &mut Vec<MisereId>, out: &mut Vec<Vec<MisereId>>) {
        let star = self.nim(1);
        if g == self.zero() || g == star {
            let mut p = partial.clone();
            if g == star {
                p.push(star);
            }
            out.push(p);
            return;
        }
        for prime in self.prime_parts(g) {
            let in_order = match partial.last() {
                Some(&last) => self.compare(last, prime) != std::cmp::Ordering::Greater,
                None => true,
            };
            if !in_order {
                continue;
            }
            let Some(rest) = self.difference(g, prime) else { continue };
            partial.push(prime);
            self.build_partitions(rest, partial, out);
            partial.pop();
        }
    }
}

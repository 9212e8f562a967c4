//! Misère quotients of heap games (Plambeck, "Taming the wild in impartial combinatorial games", INTEGERS
//! 2005; Plambeck and Siegel, "Misère quotients for impartial games", JCTA 2008).
//!
//! The game is given by the options of each heap `1..=n` (lists of heap sizes). A position is a multiset of
//! heaps: a vector `m` of multiplicities. Its misère quotient `Q` is the set of positions modulo
//! `G ≡ H ⇔ o⁻(G + X) = o⁻(H + X)` for every position `X`, a finite commutative monoid when the game is
//! "tame enough", with its P-portion (the classes of misère P-positions).
//!
//! # The constructions
//! `compute` builds the quotient heap by heap in the manner of Siegel's MisereSolver (`incremental`): a
//! candidate for heaps `1..h-1` is extended to heap `h` (heap `h` is an existing element, or a new generator
//! and a rebuilt candidate), and every candidate is proved against the whole game by an exact check over the
//! finitely many reachable "states" of positions (`verify`). `compute_bounded` is the plain bounded
//! construction on all heaps at once (`boxed`: exponent bounds per heap, a check box that proves the outcome
//! function, the coarsest congruence), exponential in the number of heaps and kept as an independent
//! cross-check.
//!
//! # Presentation
//! As Siegel's MisereSolver (CGSuite 2.2's `org.cgsuite.core.misere.solver`) prints it. Generators are the
//! heaps, in increasing size, whose element is not a product of earlier generators; they are named
//! `a, b, c, …` as in the papers. Every element has a normal form, its least word in *word order* (exponent
//! vectors compared from the last generator down, a monomial order); the relations are `m = nf(m)` for the
//! minimal words `m` that are not normal forms (a complete rewriting system, so it presents `Q`), listed in
//! word order, and the elements are numbered in word order of their normal forms.

/// The default budget of states of the check box.
pub const MAX_QUOTIENT_STATES: usize = 1 << 22;

/// A misère quotient: elements `0..size` (element 0 is the identity), their products, P-portion, the heap
/// elements and a presentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereQuotient {
    heaps: usize,
    mul: Vec<Vec<u32>>,
    p: Vec<bool>,
    heap_elem: Vec<u32>,
    generators: Vec<(String, usize)>,
    normal: Vec<Vec<u32>>,
    relations: Vec<(Vec<u32>, Vec<u32>)>,
}

mod boxed;
mod incremental;
mod types;
mod verify;

pub use types::QuotientError;
use types::Raw;
pub use verify::MAX_CHECK_STATES;

impl MisereQuotient {
    /// The misère quotient of the heaps `1..=n`, `options[h]` listing heap `h`'s options as heap lists
    /// (`options[0]` is ignored), built heap by heap. `poll` is called in long loops (it may unwind).
    pub fn compute(options: &[Vec<Vec<usize>>], n: usize, poll: &dyn Fn()) -> Result<MisereQuotient, QuotientError> {
        Self::compute_within(options, n, MAX_QUOTIENT_STATES, poll)
    }

    /// `compute` with `budget` states for each bounded construction of a candidate.
    pub fn compute_within(
        options: &[Vec<Vec<usize>>],
        n: usize,
        budget: usize,
        poll: &dyn Fn(),
    ) -> Result<MisereQuotient, QuotientError> {
        let opts = Self::heap_lists(options, n)?;
        let (raw, heap_elem) = incremental::solve(&opts, n, budget, poll)?;
        Ok(Self::from_raw(raw, heap_elem, n))
    }

    /// The same quotient by the bounded construction on all heaps at once (exponential in `n`: the
    /// independent cross-check of `compute`).
    pub fn compute_bounded(
        options: &[Vec<Vec<usize>>],
        n: usize,
        poll: &dyn Fn(),
    ) -> Result<MisereQuotient, QuotientError> {
        let opts = Self::heap_lists(options, n)?;
        // Abstract heap i is heap i + 1.
        let idx: Vec<Vec<Vec<usize>>> =
            opts[1..].iter().map(|os| os.iter().map(|o| o.iter().map(|&p| p - 1).collect()).collect()).collect();
        let bq = boxed::solve(&idx, &[], MAX_QUOTIENT_STATES, poll)?;
        let mut heap_elem = vec![bq.raw.one];
        heap_elem.extend((0..n).map(|h| bq.heap(h)));
        Ok(Self::from_raw(bq.raw, heap_elem, n))
    }

    /// Options without empty heaps (index 0 empty), after checking that every option is smaller.
    fn heap_lists(options: &[Vec<Vec<usize>>], n: usize) -> Result<Vec<Vec<Vec<usize>>>, QuotientError> {
        for (h, opts) in options.iter().enumerate().take(n + 1).skip(1) {
            if opts.iter().any(|o| o.iter().any(|&p| p >= h && p > 0) || o.iter().sum::<usize>() > h) {
                return Err(QuotientError::NotDecreasing(h));
            }
        }
        Ok((0..=n)
            .map(|h| {
                if h == 0 {
                    return Vec::new();
                }
                options[h].iter().map(|o| o.iter().copied().filter(|&p| p > 0).collect()).collect()
            })
            .collect())
    }

    fn from_raw(raw: Raw, heap_elem: Vec<u32>, n: usize) -> MisereQuotient {
        MisereQuotient {
            heaps: n,
            mul: raw.mul,
            p: raw.p,
            heap_elem,
            generators: Vec::new(),
            normal: Vec::new(),
            relations: Vec::new(),
        }
        .presented()
    }

    /// Finds generators, normal forms and relations, and renumbers the elements by normal form.
    fn presented(self) -> MisereQuotient {
        let count = self.mul.len();
        let one = self.heap_elem[0];
        // Generators: heaps whose element is outside the span of earlier generators.
        let mut gens: Vec<(usize, u32)> = Vec::new();
        let mut span = vec![false; count];
        span[one as usize] = true;
        for h in 1..=self.heaps {
            let e = self.heap_elem[h];
            if span[e as usize] {
                continue;
            }
            gens.push((h, e));
            // Close the span under multiplication by the generators.
            let mut stack: Vec<u32> = (0..count as u32).filter(|&x| span[x as usize]).collect();
            while let Some(x) = stack.pop() {
                for &(_, g) in &gens {
                    let y = self.mul[x as usize][g as usize];
                    if !span[y as usize] {
                        span[y as usize] = true;
                        stack.push(y);
                    }
                }
            }
        }
        let k = gens.len();
        // Normal forms: the least word of each element in word order (visited in that order, a branch
        // stopping at an element already reached: the least words are closed under division).
        let mut nf: Vec<Option<Vec<u32>>> = vec![None; count];
        let gen_elems: Vec<u32> = gens.iter().map(|&(_, e)| e).collect();
        least_words(&self.mul, &gen_elems, k, one, &mut vec![0; k], &mut nf);
        // Relations: the words outside the normal forms whose every one-generator divisor is a normal form.
        let normal_set: std::collections::HashSet<Vec<u32>> = nf.iter().flatten().cloned().collect();
        let mut relations: Vec<(Vec<u32>, u32)> = Vec::new();
        for (e, w) in nf.iter().enumerate() {
            let Some(w) = w else { continue };
            for (i, &(_, g)) in gens.iter().enumerate() {
                let mut x = w.clone();
                x[i] += 1;
                if normal_set.contains(&x) {
                    continue;
                }
                let minimal = (0..k).all(|j| {
                    if x[j] == 0 {
                        return true;
                    }
                    let mut d = x.clone();
                    d[j] -= 1;
                    normal_set.contains(&d)
                });
                if minimal {
                    relations.push((x, self.mul[e][g as usize]));
                }
            }
        }
        relations.sort_by(|(x, _), (y, _)| word_order(x, y));
        relations.dedup_by(|(x, _), (y, _)| x == y);
        // Renumber: elements in word order of their normal forms.
        let mut order: Vec<u32> = (0..count as u32).collect();
        order.sort_by(|x, y| {
            word_order(nf[*x as usize].as_deref().unwrap_or_default(), nf[*y as usize].as_deref().unwrap_or_default())
        });
        let mut new_id = vec![0u32; count];
        for (i, &e) in order.iter().enumerate() {
            new_id[e as usize] = i as u32;
        }
        let mut mul = vec![vec![0u32; count]; count];
        for a in 0..count {
            for b in 0..count {
                mul[new_id[a] as usize][new_id[b] as usize] = new_id[self.mul[a][b] as usize];
            }
        }
        let p = order.iter().map(|&e| self.p[e as usize]).collect();
        let normal: Vec<Vec<u32>> = order.iter().map(|&e| nf[e as usize].clone().unwrap_or_default()).collect();
        let heap_elem = self.heap_elem.iter().map(|&e| new_id[e as usize]).collect();
        let relations = relations.into_iter().map(|(m, e)| (m, nf[e as usize].clone().unwrap_or_default())).collect();
        let generators = gens.iter().enumerate().map(|(i, &(h, _))| (generator_name(i), h)).collect();
        MisereQuotient { heaps: self.heaps, mul, p, heap_elem, generators, normal, relations }
    }

    /// The number of elements.
    pub fn size(&self) -> usize {
        self.mul.len()
    }

    /// The largest heap the quotient covers.
    pub fn heaps(&self) -> usize {
        self.heaps
    }

    /// The element of heap `h` (`None` past the largest heap).
    pub fn heap_element(&self, h: usize) -> Option<u32> {
        self.heap_elem.get(h).copied()
    }

    /// The product of two elements.
    pub fn product(&self, a: u32, b: u32) -> u32 {
        self.mul[a as usize][b as usize]
    }

    /// Whether an element is in the P-portion.
    pub fn is_p(&self, e: u32) -> bool {
        self.p[e as usize]
    }

    /// The element of a position given as its heaps (`None` if a heap is past the largest).
    pub fn element(&self, heaps: &[usize]) -> Option<u32> {
        let mut e = 0;
        for &h in heaps {
            e = self.product(e, self.heap_element(h)?);
        }
        Some(e)
    }

    /// Whether the player to move wins the position `heaps` in misère play, from the quotient alone.
    pub fn next_wins(&self, heaps: &[usize]) -> Option<bool> {
        self.element(heaps).map(|e| !self.is_p(e))
    }

    /// The generators' names and heaps.
    pub fn generators(&self) -> &[(String, usize)] {
        &self.generators
    }

    /// An element's normal form, e.g. `ab^2`, `1`.
    pub fn name(&self, e: u32) -> String {
        self.monomial(&self.normal[e as usize])
    }

    fn monomial(&self, m: &[u32]) -> String {
        let mut s = String::new();
        for (i, &x) in m.iter().enumerate() {
            if x == 0 {
                continue;
            }
            s.push_str(&self.generators[i].0);
            if x > 1 {
                s.push_str(&x.to_string());
            }
        }
        if s.is_empty() {
            s.push('1');
        }
        s
    }

    /// The relations as text, `a^2=1`.
    pub fn relations(&self) -> Vec<String> {
        self.relations.iter().map(|(l, r)| format!("{}={}", self.monomial(l), self.monomial(r))).collect()
    }

    /// The presentation in the papers' style: `<a,b,c | a^2=1, b^3=b, …>`.
    pub fn presentation(&self) -> String {
        let gens: Vec<&str> = self.generators.iter().map(|(g, _)| g.as_str()).collect();
        let rels = self.relations();
        if rels.is_empty() {
            format!("<{}>", gens.join(","))
        } else {
            format!("<{} | {}>", gens.join(","), rels.join(","))
        }
    }

    /// The P-portion, in element order.
    pub fn p_portion(&self) -> Vec<u32> {
        (0..self.size() as u32).filter(|&e| self.is_p(e)).collect()
    }
}

/// Generator names as MisereSolver writes them: `a`…`z`, then `A`…`Z`, then `x53`, `x54`, ….
fn generator_name(i: usize) -> String {
    if i < 26 {
        char::from(b'a' + i as u8).to_string()
    } else if i < 52 {
        char::from(b'A' + (i - 26) as u8).to_string()
    } else {
        format!("x{}", i + 1)
    }
}

/// MisereSolver's word order: exponent vectors compared from the last generator down (a monomial order).
fn word_order(x: &[u32], y: &[u32]) -> std::cmp::Ordering {
    let n = x.len().max(y.len());
    for i in (0..n).rev() {
        let (a, b) = (x.get(i).copied().unwrap_or(0), y.get(i).copied().unwrap_or(0));
        if a != b {
            return a.cmp(&b);
        }
    }
    std::cmp::Ordering::Equal
}

/// Visits the words over generators `0..level` times `word` (element `e`) in increasing word order, giving
/// each element reached for the first time its word.
fn least_words(
    mul: &[Vec<u32>],
    gens: &[u32],
    level: usize,
    mut e: u32,
    word: &mut Vec<u32>,
    nf: &mut [Option<Vec<u32>>],
) {
    if level == 0 {
        nf[e as usize] = Some(word.clone());
        return;
    }
    let saved = word[level - 1];
    loop {
        least_words(mul, gens, level - 1, e, word, nf);
        e = mul[e as usize][gens[level - 1] as usize];
        if nf[e as usize].is_some() {
            break;
        }
        word[level - 1] += 1;
    }
    word[level - 1] = saved;
}

#[cfg(test)]
mod tests;

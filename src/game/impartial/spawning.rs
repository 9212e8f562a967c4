//! Turning codes and the heap games they describe (CGSuite's `game.heap.Spawning`, the heap form of the
//! coin-turning games `game.strip.Turning`; Winning Ways ch. 14, "Turn and turn about").
//!
//! A turning code is a comma-separated list of elements. Each element is a range of how many coins a move
//! turns — `3`, `1-3`, `2+` — followed by modifiers: `C` (the coins are consecutive), `E` (equally spaced),
//! `S` (symmetrically placed), `F` (the leftmost coin of the strip is among them), `C(m)` (all within a span of
//! `m` coins). A move turns coins at positions `a_1 < … < a_k = n`, the rightmost from heads to tails; in the heap
//! form a heap `n` moves to the heaps `a_1, …, a_(k-1)`. Letters are read case-insensitively.
//!
//! Options come in CGSuite's order: element by element, then by the number of coins turned, then the other
//! coins' positions in lexicographic order. Two details follow CGSuite 2.2 exactly: when an element admits no
//! move at its least coin count, the element contributes nothing for that heap (CGSuite's traversal moves on to
//! the next element); and an element with `E` that allows turning a single coin is an error ("/ by zero" in
//! CGSuite, which divides by the number of other coins).

/// How the coins of one move must be arranged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Spacing {
    Free,
    Consecutive,
    EquallySpaced,
    Symmetrical,
}

/// One element of a turning code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Element {
    /// The fewest coins a move turns.
    min: usize,
    /// The most coins a move turns (already capped by `span`).
    max: usize,
    /// All the coins lie within this many adjacent coins.
    span: usize,
    spacing: Spacing,
    /// The leftmost coin of the strip must be turned.
    first: bool,
}

/// Why a heap's options cannot be listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpawningError {
    /// The code cannot be read (CGSuite: "Malformed code: …").
    Malformed(String),
    /// An `E` element that allows a single coin (CGSuite: "/ by zero").
    DivisionByZero,
}

/// A parsed turning code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spawning {
    elements: Vec<Element>,
}

/// Reads a count, refusing empty text and overflow.
fn count(s: &str) -> Option<usize> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

impl Spawning {
    /// Parses a turning code.
    pub fn parse(code: &str) -> Result<Spawning, SpawningError> {
        let bad = || SpawningError::Malformed(code.to_string());
        let upper = code.to_ascii_uppercase();
        let mut elements = Vec::new();
        for text in upper.split(',') {
            let cut = text.find(|ch: char| !(ch.is_ascii_digit() || ch == '+' || ch == '-')).unwrap_or(text.len());
            let (range, mods) = text.split_at(cut);
            let (min, max) = if let Some(lo) = range.strip_suffix('+') {
                (count(lo).ok_or_else(bad)?, usize::MAX)
            } else if let Some((lo, hi)) = range.split_once('-') {
                (count(lo).ok_or_else(bad)?, count(hi).ok_or_else(bad)?)
            } else {
                let k = count(range).ok_or_else(bad)?;
                (k, k)
            };
            let mut span = usize::MAX;
            let mut first = false;
            let mut spacing = Spacing::Free;
            let mods = mods.as_bytes();
            let mut i = 0;
            while i < mods.len() {
                match mods[i] {
                    b'C' if mods.get(i + 1) == Some(&b'(') => {
                        let close = mods[i..].iter().position(|&b| b == b')').ok_or_else(bad)? + i;
                        let inner = std::str::from_utf8(&mods[i + 2..close]).map_err(|_| bad())?;
                        span = count(inner).ok_or_else(bad)?;
                        i = close + 1;
                    }
                    b'C' => {
                        spacing = Spacing::Consecutive;
                        i += 1;
                    }
                    b'S' => {
                        spacing = Spacing::Symmetrical;
                        i += 1;
                    }
                    b'E' => {
                        spacing = Spacing::EquallySpaced;
                        i += 1;
                    }
                    b'F' => {
                        first = true;
                        i += 1;
                    }
                    _ => return Err(bad()),
                }
            }
            // An element whose span cannot hold its least number of coins allows nothing (CGSuite drops it).
            if span >= min {
                elements.push(Element { min, max: max.min(span), span, spacing, first });
            }
        }
        if elements.is_empty() {
            // CGSuite's maximum over no elements fails; the code is reported as malformed.
            return Err(bad());
        }
        Ok(Spawning { elements })
    }

    /// The options of a heap of `n`: each the list of heaps it leaves, in CGSuite's order. `poll` is called
    /// now and then and may stop the listing with its error.
    pub fn heap_options<E>(
        &self,
        n: usize,
        poll: &mut dyn FnMut() -> Result<(), E>,
    ) -> Result<Result<Vec<Vec<usize>>, SpawningError>, E> {
        let mut out = Vec::new();
        for e in &self.elements {
            // Coin n itself is always turned, so a code's `0` counts as one coin; CGSuite 2.2 then lists the
            // option of turning coin n alone twice (`Spawning("0-2").HeapOptions(3)` is `[[],[],[1],[2]]`).
            if e.min == 0 && n > 0 && !e.first {
                out.push(Vec::new());
            }
            let lowest = e.min.max(1) - 1;
            // c is the number of other coins turned (heaps left).
            let highest = e.max.saturating_sub(1).min(n.saturating_sub(1));
            let mut c = lowest;
            while c <= highest {
                let before = out.len();
                match e.sets(n, c, &mut out, poll)? {
                    Ok(()) => {}
                    Err(err) => return Ok(Err(err)),
                }
                if c == lowest && out.len() == before {
                    break;
                }
                c += 1;
            }
        }
        Ok(Ok(out))
    }

    /// Extends `known`, the nim values of the heaps 0, 1, …, to the heaps up to `n` (Sprague–Grundy): a heap's
    /// nim value is the least one (mex) that is not the nim-sum of the values of the heaps an option leaves.
    /// `known` must start with heap 0's value, 0 (heap 0 has no options). `poll` is called at every heap.
    pub fn extend_nim_values<E>(
        &self,
        known: &mut Vec<usize>,
        n: usize,
        poll: &mut dyn FnMut() -> Result<(), E>,
    ) -> Result<Result<(), SpawningError>, E> {
        debug_assert_eq!(known.first(), Some(&0));
        let mut seen = Vec::new();
        while known.len() <= n {
            poll()?;
            let k = known.len();
            let opts = match self.heap_options(k, poll)? {
                Ok(opts) => opts,
                Err(e) => return Ok(Err(e)),
            };
            // The mex of m values is at most m, so values above m need not be marked.
            seen.clear();
            seen.resize(opts.len() + 1, false);
            for hs in &opts {
                // Every heap an option leaves is below k (the coins turned lie left of coin k).
                let v = hs.iter().fold(0, |acc, &h| acc ^ known[h]);
                if let Some(slot) = seen.get_mut(v) {
                    *slot = true;
                }
            }
            known.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()));
        }
        Ok(Ok(()))
    }
}

impl Element {
    /// The least position of a coin in a move on a heap of `n`.
    fn lowest(&self, n: usize) -> usize {
        if self.span == usize::MAX || n < self.span {
            1
        } else {
            n - self.span + 1
        }
    }

    /// Appends the sets of `c` other coins (below `n`) this element allows, in lexicographic order.
    fn sets<E>(
        &self,
        n: usize,
        c: usize,
        out: &mut Vec<Vec<usize>>,
        poll: &mut dyn FnMut() -> Result<(), E>,
    ) -> Result<Result<(), SpawningError>, E> {
        let lo = self.lowest(n);
        if c >= n {
            return Ok(Ok(()));
        }
        if c == 0 {
            // Turning coin n alone. With F, CGSuite asks that its first candidate start at coin 1.
            let allowed = !self.first
                || match self.spacing {
                    Spacing::Free => lo == 1,
                    Spacing::Consecutive => n == 1,
                    Spacing::Symmetrical => lo == 1 && (lo + n).is_multiple_of(2),
                    Spacing::EquallySpaced => false,
                };
            if self.spacing == Spacing::EquallySpaced {
                return Ok(Err(SpawningError::DivisionByZero));
            }
            if allowed {
                out.push(Vec::new());
            }
            return Ok(Ok(()));
        }
        match self.spacing {
            Spacing::Consecutive => {
                if n - c >= lo && (!self.first || n - c == 1) {
                    out.push((n - c..n).collect());
                }
            }
            Spacing::EquallySpaced => {
                let widest = (n - lo) / c;
                for d in (1..=widest).rev() {
                    let start = n - d * c;
                    if self.first && start != 1 {
                        break;
                    }
                    out.push((0..c).map(|i| start + d * i).collect());
                    if self.first {
                        break;
                    }
                }
            }
            Spacing::Free => {
                let starts: Vec<usize> = if self.first {
                    if lo == 1 {
                        vec![1]
                    } else {
                        vec![]
                    }
                } else {
                    (lo..n).collect()
                };
                for a in starts {
                    let mut tail = Vec::new();
                    combinations(a + 1, n - 1, c - 1, &mut tail, &mut |rest| {
                        let mut v = Vec::with_capacity(c);
                        v.push(a);
                        v.extend_from_slice(rest);
                        out.push(v);
                    });
                    poll()?;
                }
            }
            Spacing::Symmetrical => {
                // The coins p_0 = a < q_1 < … < q_h, (the centre when c is even), their mirror images
                // n - (q - a), and n.
                let h = c.div_ceil(2) - 1;
                for a in lo..n {
                    if self.first && a != 1 {
                        break;
                    }
                    if c.is_multiple_of(2) && !(a + n).is_multiple_of(2) {
                        continue;
                    }
                    // q < centre: 2q < a + n.
                    let top = (a + n - 1) / 2;
                    let mut tail = Vec::new();
                    combinations(a + 1, top, h, &mut tail, &mut |qs| {
                        let mut v = Vec::with_capacity(c);
                        v.push(a);
                        v.extend_from_slice(qs);
                        if c.is_multiple_of(2) {
                            v.push((a + n) / 2);
                        }
                        v.extend(qs.iter().rev().map(|&q| n - (q - a)));
                        out.push(v);
                    });
                    poll()?;
                }
            }
        }
        Ok(Ok(()))
    }
}

/// Calls `f` with every increasing sequence of `k` integers in `lo..=hi`, in lexicographic order.
fn combinations(lo: usize, hi: usize, k: usize, cur: &mut Vec<usize>, f: &mut dyn FnMut(&[usize])) {
    if k == 0 {
        f(cur);
        return;
    }
    if hi < lo || hi - lo + 1 < k {
        return;
    }
    for x in lo..=hi + 1 - k {
        cur.push(x);
        combinations(x + 1, hi, k - 1, cur, f);
        cur.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(code: &str, n: usize) -> Vec<Vec<usize>> {
        Spawning::parse(code).unwrap().heap_options::<()>(n, &mut || Ok(())).unwrap().unwrap()
    }

    #[test]
    fn mock_turtles_lists_every_set_of_up_to_two_other_coins() {
        // CGSuite 2.2 (cgsuite-eval): game.heap.Spawning("1-3").HeapOptions(5)
        let want: Vec<Vec<usize>> = vec![
            vec![],
            vec![1],
            vec![2],
            vec![3],
            vec![4],
            vec![1, 2],
            vec![1, 3],
            vec![1, 4],
            vec![2, 3],
            vec![2, 4],
            vec![3, 4],
        ];
        assert_eq!(opts("1-3", 5), want);
    }

    #[test]
    fn symmetric_sets_mirror_about_the_centre() {
        for n in 1..12 {
            for set in opts("1+S", n) {
                let mut all = set.clone();
                all.push(n);
                let k = all.len();
                for i in 0..k {
                    assert_eq!(all[i] + all[k - 1 - i], all[0] + n, "{set:?} for {n}");
                }
            }
        }
    }

    #[test]
    fn malformed_codes_are_refused() {
        assert!(Spawning::parse("1-3x").is_err());
        assert!(Spawning::parse("").is_err());
        assert!(Spawning::parse("C(").is_err());
    }
}

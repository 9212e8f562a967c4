//! Nim-value sequences of take-and-break codes: direct enumeration, and the sparse-space method.

use super::*;

impl TakeBreakCode {
    pub(super) fn naive_sequence(&self, n: usize) -> Result<Vec<u32>, TakeBreakError> {
        let mut values: Vec<Option<u32>> = vec![Some(0)];
        let mut pending: Vec<bool> = vec![false];
        for m in 1..=n {
            crate::game::budget::poll();
            self.naive_value(m, &mut values, &mut pending)?;
        }
        Ok((0..=n).map(|m| values[m].expect("heaps 0..=n are computed above")).collect())
    }

    pub(super) fn naive_value(
        &self,
        m: usize,
        values: &mut Vec<Option<u32>>,
        pending: &mut Vec<bool>,
    ) -> Result<u32, TakeBreakError> {
        let nim_sum = |heaps: Vec<u32>| heaps.into_iter().fold(0, |x, v| x ^ v);
        let mex = |options: Vec<u32>| {
            let mut seen: Vec<bool> = Vec::new();
            for x in options {
                if x as usize >= seen.len() {
                    seen.resize(x as usize + 1, false);
                }
                seen[x as usize] = true;
            }
            seen.iter().position(|s| !s).unwrap_or(seen.len()) as u32
        };
        self.memo_heap_value(m, values, pending, &nim_sum, &mex)
    }

    /// The value of heap `m` by recursion on its options, memoised in `values`: `combine` turns the values of
    /// an option's heaps into the option's value, `fold` the options' values into the heap's. A heap among its
    /// own followers (tracked in `pending`) is [`TakeBreakError::Loopy`].
    pub(crate) fn memo_heap_value<V: Copy, O>(
        &self,
        m: usize,
        values: &mut Vec<Option<V>>,
        pending: &mut Vec<bool>,
        combine: &impl Fn(Vec<V>) -> O,
        fold: &impl Fn(Vec<O>) -> V,
    ) -> Result<V, TakeBreakError> {
        // A code that adds tokens (`30.0`) recurses to ever larger heaps: stop at the stack's floor (the
        // interpreter reports the recursion-depth error, as CGSuite does) instead of overflowing it.
        // Each frame holds its heap's options (`70.0`: about m of them), so the climb can also outgrow the
        // memory budget before the stack floor: poll it too.
        crate::game::budget::check_stack();
        crate::game::budget::poll();
        if m >= values.len() {
            values.resize(m + 1, None);
            pending.resize(m + 1, false);
        }
        if let Some(v) = values[m] {
            return Ok(v);
        }
        if pending[m] {
            return Err(TakeBreakError::Loopy(m));
        }
        pending[m] = true;
        let mut options: Vec<Vec<usize>> = Vec::new();
        self.for_each_option(m, |parts| options.push(parts.to_vec()));
        let mut option_values = Vec::with_capacity(options.len());
        for parts in options {
            let mut heaps = Vec::with_capacity(parts.len());
            for p in parts {
                heaps.push(self.memo_heap_value(p, values, pending, combine, fold)?);
            }
            option_values.push(combine(heaps));
        }
        pending[m] = false;
        let v = fold(option_values);
        values[m] = Some(v);
        Ok(v)
    }

    /// The sparse-space computation (finite code, at most two heaps, nothing added).
    pub(super) fn sparse_sequence(&self, n: usize) -> Vec<u32> {
        let mut k0: Vec<usize> = Vec::new();
        let mut k1: Vec<(usize, bool)> = Vec::new();
        let mut k2: Vec<(usize, SplitConstraint)> = Vec::new();
        for (k, d) in self.digits.iter().enumerate() {
            if d.constraint(0).is_some() {
                k0.push(k);
            }
            if let Some(c) = d.constraint(1) {
                k1.push((k, c == SplitConstraint::SomeUnequal));
            }
            if let Some(c) = d.constraint(2) {
                k2.push((k, c));
            }
        }
        let mut g: Vec<u32> = Vec::with_capacity(n + 1);
        g.push(0);
        let mut marks: Vec<u32> = vec![u32::MAX; 64];
        let mut mask: u32 = 0;
        let mut rare: Vec<usize> = Vec::new();
        let mut next_review = 256usize;
        let mut ranges: Vec<(usize, usize, usize)> = Vec::new();
        let odd = |v: u32, mask: u32| (v & mask).count_ones() & 1 == 1;
        for m in 1..=n {
            if m % 256 == 0 {
                crate::game::budget::poll();
            }
            let stamp = m as u32;
            let mark = |marks: &mut Vec<u32>, v: u32| {
                let v = v as usize;
                if v >= marks.len() {
                    marks.resize((v + 1).max(marks.len() * 2), u32::MAX);
                }
                marks[v] = stamp;
            };
            for &k in &k0 {
                if m == k {
                    mark(&mut marks, 0);
                }
            }
            for &(k, quirk) in &k1 {
                if m > k && !(quirk && m - k < 2) {
                    mark(&mut marks, g[m - k]);
                }
            }
            for &(k, c) in &k2 {
                if m < k + 2 {
                    continue;
                }
                let left = m - k;
                for &r in &rare {
                    if r >= left {
                        break;
                    }
                    let b = left - r;
                    let ok = match c {
                        SplitConstraint::Unconstrained => true,
                        SplitConstraint::SomeUnequal | SplitConstraint::PairwiseUnequal => r != b,
                        SplitConstraint::AllEqual => r == b,
                    };
                    if ok {
                        mark(&mut marks, g[r] ^ g[b]);
                    }
                }
            }
            // The mex: odd candidates are settled; even ones are looked for lazily among all splits,
            // visiting the splits of every removal in step (a = 1, 2, …) so that a value any of them
            // reaches turns up quickly.
            ranges.clear();
            for &(k, c) in &k2 {
                if m < k + 2 {
                    continue;
                }
                let left = m - k;
                let (lo, hi) = match c {
                    SplitConstraint::Unconstrained => (1, left / 2),
                    SplitConstraint::SomeUnequal | SplitConstraint::PairwiseUnequal => (1, (left - 1) / 2),
                    SplitConstraint::AllEqual if left % 2 == 0 => (left / 2, left / 2),
                    SplitConstraint::AllEqual => continue,
                };
                if lo <= hi {
                    ranges.push((left, lo, hi));
                }
            }
            let max_hi = ranges.iter().map(|r| r.2).max().unwrap_or(0);
            let mut scan_a = 1usize;
            let mut scan_idx = 0usize;
            let mut v = 0u32;
            loop {
                if (v as usize) < marks.len() && marks[v as usize] == stamp {
                    v += 1;
                    continue;
                }
                if odd(v, mask) {
                    break;
                }
                let mut found = false;
                'scan: while scan_a <= max_hi {
                    while scan_idx < ranges.len() {
                        let (left, lo, hi) = ranges[scan_idx];
                        scan_idx += 1;
                        if scan_a < lo || scan_a > hi {
                            continue;
                        }
                        let x = g[scan_a] ^ g[left - scan_a];
                        mark(&mut marks, x);
                        if x == v {
                            found = true;
                            break 'scan;
                        }
                    }
                    scan_idx = 0;
                    scan_a += 1;
                }
                if !found {
                    break;
                }
                v += 1;
            }
            g.push(v);
            if !odd(v, mask) {
                rare.push(m);
            }
            if m == next_review {
                next_review *= 2;
                if let Some(better) = choose_mask(&g, mask) {
                    if std::env::var("TBDEBUG").is_ok() {
                        eprintln!("m={m} mask {better:b}");
                    }
                    mask = better;
                    rare = (1..=m).filter(|&r| !odd(g[r], mask)).collect();
                }
            }
        }
        g
    }
}

/// Picks the parity mask under which most of the later half of `g` is odd; `None` if it would not
/// beat `current`.
fn choose_mask(g: &[u32], current: u32) -> Option<u32> {
    let max = *g.iter().max().unwrap_or(&0);
    let bits = 32 - max.leading_zeros();
    if bits > 12 {
        return None;
    }
    let mut hist = vec![0usize; 1 << bits];
    for &v in &g[g.len() / 2..] {
        hist[v as usize] += 1;
    }
    let all: Vec<usize> = {
        let mut h = vec![0usize; 1 << bits];
        for &v in &g[1..] {
            h[v as usize] += 1;
        }
        h
    };
    let score = |mask: u32, h: &[usize]| -> usize {
        h.iter().enumerate().filter(|(v, _)| (*v as u32 & mask).count_ones() & 1 == 1).map(|(_, c)| c).sum()
    };
    let mut best = current;
    let mut best_score = score(current, &hist);
    for mask in 1u32..(1u32 << bits) {
        let s = score(mask, &hist);
        if s > best_score {
            best = mask;
            best_score = s;
        }
    }
    if best != current && score(best, &all) > score(current, &all) {
        Some(best)
    } else {
        None
    }
}

impl TakeBreakCode {
    /// Calls `f` with the heap sizes (nondecreasing) of every option of a heap of `n` tokens.
    pub fn for_each_option(&self, n: usize, mut f: impl FnMut(&[usize])) {
        let mut buf = Vec::new();
        let first = -(self.additive.len() as i64);
        let last = match self.max_removed() {
            Some(m) => m.min(n) as i64,
            None => n as i64,
        };
        for k in first..=last {
            let digit = self.digit(k);
            if digit.is_zero() {
                continue;
            }
            let left = (n as i64 - k) as usize;
            let max_h = match digit.max_heap_count() {
                Some(h) => h.min(left),
                None => left,
            };
            for h in 0..=max_h {
                let Some(con) = digit.constraint(h) else {
                    continue;
                };
                if h == 0 {
                    if left == 0 {
                        f(&[]);
                    }
                    continue;
                }
                // CGSuite quirk: a lone heap under "not all equal" needs at least two tokens.
                if h == 1 && con == SplitConstraint::SomeUnequal && left < 2 {
                    continue;
                }
                buf.clear();
                partitions(left, h, 1, con, &mut buf, &mut f);
            }
        }
    }

    /// The options of a heap of `n` tokens, each as its list of heap sizes (CGSuite's
    /// `HeapOptions(n)`).
    pub fn heap_options(&self, n: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        self.for_each_option(n, |parts| out.push(parts.to_vec()));
        out
    }
}

/// Enumerates the partitions of `total` into `parts` nondecreasing parts, each at least `min`, under
/// `con`; calls `f` with each.
pub(super) fn partitions(
    total: usize,
    parts: usize,
    min: usize,
    con: SplitConstraint,
    buf: &mut Vec<usize>,
    f: &mut impl FnMut(&[usize]),
) {
    if parts == 1 {
        if total < min {
            return;
        }
        let ok = match con {
            SplitConstraint::Unconstrained => true,
            SplitConstraint::PairwiseUnequal => buf.last().is_none_or(|&l| l < total),
            SplitConstraint::AllEqual => buf.iter().all(|&p| p == total),
            SplitConstraint::SomeUnequal => buf.is_empty() || buf.iter().any(|&p| p != total),
        };
        if ok {
            buf.push(total);
            f(buf);
            buf.pop();
        }
        return;
    }
    if con == SplitConstraint::AllEqual {
        if total.is_multiple_of(parts) && total / parts >= min && buf.iter().all(|&p| p == total / parts) {
            let size = total / parts;
            let start = buf.len();
            buf.extend(std::iter::repeat_n(size, parts));
            f(buf);
            buf.truncate(start);
        }
        return;
    }
    let step = if con == SplitConstraint::PairwiseUnequal { 1 } else { 0 };
    let mut p = min;
    loop {
        // the remaining parts-1 parts need at least (parts-1)·(p+step) + step·(parts-1)(parts-2)/2 tokens
        let rest = parts - 1;
        let need = rest * (p + step) + step * rest * (rest.saturating_sub(1)) / 2;
        if p + need > total {
            break;
        }
        buf.push(p);
        partitions(total - p, rest, p + step, con, buf, f);
        buf.pop();
        p += 1;
    }
}

//! TimSort, as the JVM's `java.util.Arrays.sort(Object[], Comparator)` runs it: CGSuite 2.2's `List.SortedWith`
//! and `MutableList.SortWith` sort with it (through Scala's `sorted` and `sortInPlace`), so a comparator that is
//! not a consistent order (`(x, y) -> x * y`) gives CGSuite's list only if the same comparisons are made in the
//! same order. Written from the algorithm's description (Tim Peters' `listsort.txt`, with the run-stack
//! invariant checked over the top three runs, as corrected by de Gouw et al. 2015): natural runs (a strictly
//! descending run reversed), a minimum run length from the list's length, short runs extended by binary
//! insertion, runs merged from a stack whose lengths shrink faster than the Fibonacci numbers, each merge trimmed
//! by galloping and switching between one-at-a-time and galloping mode with an adaptive threshold.
//!
//! The comparator answers the sign of `compare(a, b)`; every test is a sign test of one call, in the places the
//! description puts them (`compare(key, x) > 0` in a left gallop, `< 0` in a right one). A comparator that
//! breaks the order may leave a merge with an empty run where one element is due: the JVM then throws
//! "Comparison method violates its general contract!", here [`SortError::Contract`].

use std::cmp::Ordering;

/// Lists shorter than this are sorted by binary insertion after their leading run.
const MIN_MERGE: usize = 32;
/// The initial number of consecutive wins of one run that switches a merge to galloping.
const MIN_GALLOP: usize = 7;

/// Why a sort stopped.
#[derive(Debug, PartialEq)]
pub enum SortError<E> {
    /// The comparator failed.
    Compare(E),
    /// The comparator is not an order and a merge found no element where one was due.
    Contract,
}

impl<E> From<E> for SortError<E> {
    fn from(e: E) -> SortError<E> {
        SortError::Compare(e)
    }
}

type R<T, E> = Result<T, SortError<E>>;

/// Sorts `items` stably with `cmp`, making the comparisons the JVM's TimSort makes.
pub fn sort<T: Clone, E>(mut items: Vec<T>, cmp: impl FnMut(&T, &T) -> Result<Ordering, E>) -> R<Vec<T>, E> {
    let n = items.len();
    if n < 2 {
        return Ok(items);
    }
    let mut s = Sorter { cmp, min_gallop: MIN_GALLOP, runs: Vec::new() };
    if n < MIN_MERGE {
        let run = s.run_ascending(&mut items, 0, n)?;
        s.binary_insertion(&mut items, 0, n, run)?;
        return Ok(items);
    }
    let min_run = min_run_length(n);
    let (mut lo, mut remaining) = (0, n);
    while remaining > 0 {
        let mut run = s.run_ascending(&mut items, lo, n)?;
        if run < min_run {
            let force = remaining.min(min_run);
            s.binary_insertion(&mut items, lo, lo + force, lo + run)?;
            run = force;
        }
        s.runs.push((lo, run));
        s.collapse(&mut items)?;
        lo += run;
        remaining -= run;
    }
    s.force_collapse(&mut items)?;
    Ok(items)
}

/// The minimum run length for a list of `n` elements: `n` halved until below [`MIN_MERGE`], plus one if any bit
/// shifted out was set.
fn min_run_length(mut n: usize) -> usize {
    let mut r = 0;
    while n >= MIN_MERGE {
        r |= n & 1;
        n >>= 1;
    }
    n + r
}

struct Sorter<F> {
    cmp: F,
    min_gallop: usize,
    /// The pending runs: start and length.
    runs: Vec<(usize, usize)>,
}

impl<F> Sorter<F> {
    fn less<T, E>(&mut self, a: &T, b: &T) -> R<bool, E>
    where
        F: FnMut(&T, &T) -> Result<Ordering, E>,
    {
        Ok((self.cmp)(a, b)? == Ordering::Less)
    }

    fn greater<T, E>(&mut self, a: &T, b: &T) -> R<bool, E>
    where
        F: FnMut(&T, &T) -> Result<Ordering, E>,
    {
        Ok((self.cmp)(a, b)? == Ordering::Greater)
    }

    /// The length of the run starting at `lo` (below `hi`), made ascending: a run is non-descending
    /// (`compare(next, previous) >= 0`) or strictly descending (`< 0`), and a descending one is reversed.
    fn run_ascending<T: Clone, E>(&mut self, a: &mut [T], lo: usize, hi: usize) -> R<usize, E>
    where
        F: FnMut(&T, &T) -> Result<Ordering, E>,
    {
        let mut end = lo + 1;
        if end == hi {
            return Ok(1);
        }
        end += 1;
        if self.less(&a[lo + 1], &a[lo])? {
            while end < hi && self.less(&a[end], &a[end - 1])? {
                end += 1;
            }
            a[lo..end].reverse();
        } else {
            while end < hi && !self.less(&a[end], &a[end - 1])? {
                end += 1;
            }
        }
        Ok(end - lo)
    }

    /// Inserts `a[start..hi]` one by one into the sorted `a[lo..start]`, each after every element it does not
    /// precede (found by binary search).
    fn binary_insertion<T: Clone, E>(&mut self, a: &mut [T], lo: usize, hi: usize, start: usize) -> R<(), E>
    where
        F: FnMut(&T, &T) -> Result<Ordering, E>,
    {
        let start = if start == lo { start + 1 } else { start };
        for i in start..hi {
            let pivot = a[i].clone();
            let (mut left, mut right) = (lo, i);
            while left < right {
                let mid = (left + right) / 2;
                if self.less(&pivot, &a[mid])? {
                    right = mid;
                } else {
                    left = mid + 1;
                }
            }
            a[left..=i].rotate_right(1);
        }
        Ok(())
    }

    /// Merges runs until the stack's lengths satisfy `len[i-2] > len[i-1] + len[i]` and `len[i-1] > len[i]` for
    /// its top runs (checked one level deeper too).
    fn collapse<T: Clone, E>(&mut self, a: &mut [T]) -> R<(), E>
    where
        F: FnMut(&T, &T) -> Result<Ordering, E>,
    {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            let len = |i: usize| self.runs[i].1;
            if (n > 0 && len(n - 1) <= len(n) + len(n + 1)) || (n > 1 && len(n - 2) <= len(n) + len(n - 1)) {
                if len(n - 1) < len(n + 1) {
                    n -= 1;
                }
            } else if len(n) > len(n + 1) {
                break;
            }
            self.merge_at(a, n)?;
        }
        Ok(())
    }

    /// Merges every run left, the top pair first unless the one below is shorter than the top one.
    fn force_collapse<T: Clone, E>(&mut self, a: &mut [T]) -> R<(), E>
    where
        F: FnMut(&T, &T) -> Result<Ordering, E>,
    {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            if n > 0 && self.runs[n - 1].1 < self.runs[n + 1].1 {
                n -= 1;
            }
            self.merge_at(a, n)?;
        }
        Ok(())
    }

    /// Merges the runs `i` and `i + 1` of the stack: the head of the first run that precedes the second run's
    /// first element and the tail of the second that follows the first run's last element stay where they are;
    /// the rest is merged from the shorter side.
    fn merge_at<T: Clone, E>(&mut self, a: &mut [T], i: usize) -> R<(), E>
    where
        F: FnMut(&T, &T) -> Result<Ordering, E>,
    {
        let (base1, mut len1) = self.runs[i];
        let (base2, mut len2) = self.runs[i + 1];
        self.runs[i].1 = len1 + len2;
        self.runs.remove(i + 1);
        let key = a[base2].clone();
        let k = self.gallop_right(&key, &a[base1..base1 + len1], 0)?;
        let base1 = base1 + k;
        len1 -= k;
        if len1 == 0 {
            return Ok(());
        }
        let key = a[base1 + len1 - 1].clone();
        len2 = self.gallop_left(&key, &a[base2..base2 + len2], len2 - 1)?;
        if len2 == 0 {
            return Ok(());
        }
        if len1 <= len2 {
            self.merge_lo(a, base1, len1, base2, len2)
        } else {
            self.merge_hi(a, base1, len1, base2, len2)
        }
    }

    /// Where `key` goes in the sorted `run` before every element it does not follow: the `k` with
    /// `run[k-1] < key <= run[k]`, searched from `hint` outwards by doubling steps, then by halving.
    fn gallop_left<T, E>(&mut self, key: &T, run: &[T], hint: usize) -> R<usize, E>
    where
        F: FnMut(&T, &T) -> Result<Ordering, E>,
    {
        let len = run.len() as isize;
        let hint = hint as isize;
        let (mut last, mut ofs): (isize, isize) = (0, 1);
        if self.greater(key, &run[hint as usize])? {
            let max = len - hint;
            while ofs < max && self.greater(key, &run[(hint + ofs) as usize])? {
                last = ofs;
                ofs = ofs * 2 + 1;
            }
            ofs = ofs.min(max);
            last += hint;
            ofs += hint;
        } else {
            let max = hint + 1;
            while ofs < max && !self.greater(key, &run[(hint - ofs) as usize])? {
                last = ofs;
                ofs = ofs * 2 + 1;
            }
            ofs = ofs.min(max);
            (last, ofs) = (hint - ofs, hint - last);
        }
        last += 1;
        while last < ofs {
            let m = last + (ofs - last) / 2;
            if self.greater(key, &run[m as usize])? {
                last = m + 1;
            } else {
                ofs = m;
            }
        }
        Ok(ofs as usize)
    }

    /// Where `key` goes in the sorted `run` after every element it does not precede: the `k` with
    /// `run[k-1] <= key < run[k]`, searched from `hint` as [`Self::gallop_left`].
    fn gallop_right<T, E>(&mut self, key: &T, run: &[T], hint: usize) -> R<usize, E>
    where
        F: FnMut(&T, &T) -> Result<Ordering, E>,
    {
        let len = run.len() as isize;
        let hint = hint as isize;
        let (mut last, mut ofs): (isize, isize) = (0, 1);
        if self.less(key, &run[hint as usize])? {
            let max = hint + 1;
            while ofs < max && self.less(key, &run[(hint - ofs) as usize])? {
                last = ofs;
                ofs = ofs * 2 + 1;
            }
            ofs = ofs.min(max);
            (last, ofs) = (hint - ofs, hint - last);
        } else {
            let max = len - hint;
            while ofs < max && !self.less(key, &run[(hint + ofs) as usize])? {
                last = ofs;
                ofs = ofs * 2 + 1;
            }
            ofs = ofs.min(max);
            last += hint;
            ofs += hint;
        }
        last += 1;
        while last < ofs {
            let m = last + (ofs - last) / 2;
            if self.less(key, &run[m as usize])? {
                ofs = m;
            } else {
                last = m + 1;
            }
        }
        Ok(ofs as usize)
    }

    /// Merges the adjacent runs `a[base1..base1+len1]` and `a[base2..base2+len2]` (`len1 <= len2`) from the left,
    /// the first run copied aside. The first run's first element follows the second run's first element and its
    /// last element follows every element of the second run (`merge_at` trimmed them so).
    fn merge_lo<T: Clone, E>(&mut self, a: &mut [T], base1: usize, len1: usize, base2: usize, len2: usize) -> R<(), E>
    where
        F: FnMut(&T, &T) -> Result<Ordering, E>,
    {
        let tmp: Vec<T> = a[base1..base1 + len1].to_vec();
        let (mut len1, mut len2) = (len1, len2);
        let (mut c1, mut c2, mut dest) = (0usize, base2, base1);
        a[dest] = a[c2].clone();
        dest += 1;
        c2 += 1;
        len2 -= 1;
        if len2 == 0 {
            a[dest..dest + len1].clone_from_slice(&tmp[c1..c1 + len1]);
            return Ok(());
        }
        if len1 == 1 {
            for j in 0..len2 {
                a[dest + j] = a[c2 + j].clone();
            }
            a[dest + len2] = tmp[c1].clone();
            return Ok(());
        }
        let mut min_gallop = self.min_gallop;
        'outer: loop {
            let (mut count1, mut count2) = (0usize, 0usize);
            // One element at a time until one run wins `min_gallop` times in a row.
            loop {
                if self.less(&a[c2], &tmp[c1])? {
                    a[dest] = a[c2].clone();
                    dest += 1;
                    c2 += 1;
                    count2 += 1;
                    count1 = 0;
                    len2 -= 1;
                    if len2 == 0 {
                        break 'outer;
                    }
                } else {
                    a[dest] = tmp[c1].clone();
                    dest += 1;
                    c1 += 1;
                    count1 += 1;
                    count2 = 0;
                    len1 -= 1;
                    if len1 == 1 {
                        break 'outer;
                    }
                }
                if (count1 | count2) >= min_gallop {
                    break;
                }
            }
            // Galloping while either run wins a stretch of at least MIN_GALLOP.
            loop {
                let key = a[c2].clone();
                count1 = self.gallop_right(&key, &tmp[c1..c1 + len1], 0)?;
                if count1 != 0 {
                    a[dest..dest + count1].clone_from_slice(&tmp[c1..c1 + count1]);
                    dest += count1;
                    c1 += count1;
                    len1 -= count1;
                    if len1 <= 1 {
                        break 'outer;
                    }
                }
                a[dest] = a[c2].clone();
                dest += 1;
                c2 += 1;
                len2 -= 1;
                if len2 == 0 {
                    break 'outer;
                }
                let key = tmp[c1].clone();
                count2 = self.gallop_left(&key, &a[c2..c2 + len2], 0)?;
                if count2 != 0 {
                    for j in 0..count2 {
                        a[dest + j] = a[c2 + j].clone();
                    }
                    dest += count2;
                    c2 += count2;
                    len2 -= count2;
                    if len2 == 0 {
                        break 'outer;
                    }
                }
                a[dest] = tmp[c1].clone();
                dest += 1;
                c1 += 1;
                len1 -= 1;
                if len1 == 1 {
                    break 'outer;
                }
                min_gallop = min_gallop.saturating_sub(1);
                if count1 < MIN_GALLOP && count2 < MIN_GALLOP {
                    break;
                }
            }
            min_gallop += 2;
        }
        self.min_gallop = min_gallop.max(1);
        match len1 {
            1 => {
                for j in 0..len2 {
                    a[dest + j] = a[c2 + j].clone();
                }
                a[dest + len2] = tmp[c1].clone();
            }
            0 => return Err(SortError::Contract),
            _ => a[dest..dest + len1].clone_from_slice(&tmp[c1..c1 + len1]),
        }
        Ok(())
    }

    /// Merges the adjacent runs from the right (`len1 > len2`), the second run copied aside; the mirror image of
    /// [`Self::merge_lo`].
    fn merge_hi<T: Clone, E>(&mut self, a: &mut [T], base1: usize, len1: usize, base2: usize, len2: usize) -> R<(), E>
    where
        F: FnMut(&T, &T) -> Result<Ordering, E>,
    {
        let tmp: Vec<T> = a[base2..base2 + len2].to_vec();
        let (mut len1, mut len2) = (len1, len2);
        // Cursors one past the next element to take (the description's cursors plus one), so none goes below 0.
        let (mut c1, mut c2, mut dest) = (base1 + len1, len2, base2 + len2);
        dest -= 1;
        c1 -= 1;
        a[dest] = a[c1].clone();
        len1 -= 1;
        if len1 == 0 {
            a[dest - len2..dest].clone_from_slice(&tmp[..len2]);
            return Ok(());
        }
        if len2 == 1 {
            dest -= len1;
            c1 -= len1;
            for j in (0..len1).rev() {
                a[dest + j] = a[c1 + j].clone();
            }
            a[dest - 1] = tmp[c2 - 1].clone();
            return Ok(());
        }
        let mut min_gallop = self.min_gallop;
        'outer: loop {
            let (mut count1, mut count2) = (0usize, 0usize);
            loop {
                if self.less(&tmp[c2 - 1], &a[c1 - 1])? {
                    dest -= 1;
                    c1 -= 1;
                    a[dest] = a[c1].clone();
                    count1 += 1;
                    count2 = 0;
                    len1 -= 1;
                    if len1 == 0 {
                        break 'outer;
                    }
                } else {
                    dest -= 1;
                    c2 -= 1;
                    a[dest] = tmp[c2].clone();
                    count2 += 1;
                    count1 = 0;
                    len2 -= 1;
                    if len2 == 1 {
                        break 'outer;
                    }
                }
                if (count1 | count2) >= min_gallop {
                    break;
                }
            }
            loop {
                let key = tmp[c2 - 1].clone();
                count1 = len1 - self.gallop_right(&key, &a[base1..base1 + len1], len1 - 1)?;
                if count1 != 0 {
                    dest -= count1;
                    c1 -= count1;
                    len1 -= count1;
                    for j in (0..count1).rev() {
                        a[dest + j] = a[c1 + j].clone();
                    }
                    if len1 == 0 {
                        break 'outer;
                    }
                }
                dest -= 1;
                c2 -= 1;
                a[dest] = tmp[c2].clone();
                len2 -= 1;
                if len2 == 1 {
                    break 'outer;
                }
                let key = a[c1 - 1].clone();
                count2 = len2 - self.gallop_left(&key, &tmp[..len2], len2 - 1)?;
                if count2 != 0 {
                    dest -= count2;
                    c2 -= count2;
                    len2 -= count2;
                    a[dest..dest + count2].clone_from_slice(&tmp[c2..c2 + count2]);
                    if len2 <= 1 {
                        break 'outer;
                    }
                }
                dest -= 1;
                c1 -= 1;
                a[dest] = a[c1].clone();
                len1 -= 1;
                if len1 == 0 {
                    break 'outer;
                }
                min_gallop = min_gallop.saturating_sub(1);
                if count1 < MIN_GALLOP && count2 < MIN_GALLOP {
                    break;
                }
            }
            min_gallop += 2;
        }
        self.min_gallop = min_gallop.max(1);
        match len2 {
            1 => {
                dest -= len1;
                c1 -= len1;
                for j in (0..len1).rev() {
                    a[dest + j] = a[c1 + j].clone();
                }
                a[dest - 1] = tmp[c2 - 1].clone();
            }
            0 => return Err(SortError::Contract),
            _ => a[dest - len2..dest].clone_from_slice(&tmp[..len2]),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(v: Vec<i64>, f: impl Fn(i64, i64) -> i64) -> Result<Vec<i64>, SortError<()>> {
        sort(v, |a, b| Ok(f(*a, *b).cmp(&0)))
    }

    /// A small deterministic generator (xorshift) for the property tests.
    fn lists(seed: u64, count: usize) -> Vec<Vec<i64>> {
        let mut x = seed;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        (0..count).map(|_| (0..(next() % 400) as usize).map(|_| (next() % 100) as i64 - 50).collect()).collect()
    }

    #[test]
    fn a_consistent_order_sorts_stably() {
        // Property: equal to the standard library's stable sort for every consistent comparator, ties by a
        // second component kept in input order.
        for v in lists(7, 200) {
            let tagged: Vec<(i64, usize)> = v.iter().enumerate().map(|(i, &x)| (x / 4, i)).collect();
            let mut expected = tagged.clone();
            expected.sort_by_key(|p| p.0);
            let got = sort(tagged, |a: &(i64, usize), b| Ok::<_, ()>(a.0.cmp(&b.0))).unwrap();
            assert_eq!(got, expected);
            let mut rev = v.clone();
            rev.sort_by(|a, b| b.cmp(a));
            assert_eq!(sorted(v, |a, b| b - a).unwrap(), rev);
        }
    }

    #[test]
    fn min_run_lengths() {
        // With the JVM's MIN_MERGE of 32 (listsort.txt's 64 halved): between 16 and 32 for n >= 32, a power of two
        // for n a power of two (so the merges stay balanced), one more when a bit shifted out was set.
        assert_eq!(min_run_length(32), 16);
        assert_eq!(min_run_length(33), 17);
        assert_eq!(min_run_length(63), 32);
        assert_eq!(min_run_length(64), 16);
        assert_eq!(min_run_length(65), 17);
        assert_eq!(min_run_length(2048), 16);
        assert_eq!(min_run_length(2112), 17);
    }

    #[test]
    fn an_inconsistent_comparator_never_panics() {
        // Property: any comparator gives a permutation of the input or the contract error, never a panic.
        for (k, v) in lists(11, 300).into_iter().enumerate() {
            let f = move |a: i64, b: i64| match k % 4 {
                0 => a * b,
                1 => (a ^ b) % 3 - 1,
                2 => -1,
                _ => (a + 2 * b) % 5,
            };
            if let Ok(mut got) = sorted(v.clone(), f) {
                let mut want = v;
                got.sort();
                want.sort();
                assert_eq!(got, want);
            }
        }
    }
}

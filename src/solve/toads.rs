//! Native Toads and Frogs strips: `t` Left's toads move right, `f` Right's frogs move left, `.` is empty.
//!
//! A move is one step into the adjacent empty square, or a jump over exactly one opposing creature into the
//! empty square beyond it (stdlib `ToadsAndFrogs`; the upper-case letters `T`, `F` are accepted too).
//!
//! # Decomposition
//! Call a set S of creatures *frozen* if each of them is blocked by S and the board edges alone: a toad at `i`
//! whose square `i+1` is off the board, or holds a toad of S, or holds a frog of S with `i+2` off the board or
//! in S (frogs mirror this). No creature of a frozen set can ever move: a first mover would have been blocked
//! by squares that had not changed. The solver takes the greatest frozen set (start from every creature, drop
//! any that is not blocked, repeat) and uses its squares as walls. A creature outside S never steps into or
//! jumps over a wall square: a frozen frog's left neighbour is a wall or the edge, so no free toad stands next to
//! it (and mirror-wise for frozen toads). So the runs between walls are independent strips and the position is
//! their sum. Examples: `tt` at the right end, `ff` at the left end and any `ttff` block are frozen.
//!
//! A run in which no toad stands left of a frog never interacts: its value is the integer
//! Σ over empty squares (toads to the left − frogs to the right). Other runs are memoised; reversing a run and
//! swapping toads with frogs negates its value, so the lesser of the two encodings is the key.

use super::region::sum;
use super::{Interrupt, NativeError};
use crate::game::{GameId, Games};
use rustc_hash::FxHashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

const EMPTY: u8 = 0;
const TOAD: u8 = 1;
const FROG: u8 = 2;

/// A Toads-and-Frogs solver with a memo of run values.
#[derive(Default)]
pub struct ToadsSolver {
    small: FxHashMap<u128, GameId>,
    big: FxHashMap<Vec<u8>, GameId>,
    interrupt: Interrupt,
}

impl ToadsSolver {
    /// For a collection of the game store: while the tables hold at most `keep` entries their games are
    /// reported to `mark` (they are the values later positions reuse), otherwise the tables are forgotten.
    pub fn trace_or_forget(&mut self, keep: usize, mark: &mut dyn FnMut(GameId)) {
        if self.small.len() + self.big.len() > keep {
            self.forget_games();
            return;
        }
        self.small.values().chain(self.big.values()).for_each(|&g| mark(g));
    }

    /// Forgets every game the solver's tables hold (they are caches), keeping its interrupt flag: for a
    /// collection of the game store, after which those ids may name other games.
    pub fn forget_games(&mut self) {
        let interrupt = std::mem::take(&mut self.interrupt);
        *self = ToadsSolver::new();
        self.interrupt = interrupt;
    }

    /// An empty solver.
    pub fn new() -> Self {
        Self::default()
    }

    /// Makes the solver stop with [`NativeError::Interrupted`] once `flag` is raised.
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt.set(flag);
    }

    /// The number of runs memoised so far.
    pub fn memo_len(&self) -> usize {
        self.small.len() + self.big.len()
    }

    /// The canonical value of a strip such as `"tt.ff"` (`t`/`T` toads, `f`/`F` frogs, `.` empty).
    pub fn value(&mut self, games: &mut Games, strip: &str) -> Result<GameId, NativeError> {
        let cells = strip
            .bytes()
            .map(|b| match b {
                b'.' => Ok(EMPTY),
                b't' | b'T' => Ok(TOAD),
                b'f' | b'F' => Ok(FROG),
                _ => Err(NativeError::BadCell(b)),
            })
            .collect::<Result<Vec<u8>, NativeError>>()?;
        self.strip_value(games, &cells)
    }

    /// The value of a whole strip: the sum over the runs between frozen creatures.
    fn strip_value(&mut self, games: &mut Games, cells: &[u8]) -> Result<GameId, NativeError> {
        let frozen = frozen(cells);
        let mut ids = Vec::new();
        let mut ints = 0i64;
        let mut start = 0;
        for i in 0..=cells.len() {
            if i == cells.len() || frozen[i] {
                if i > start {
                    let run = &cells[start..i];
                    match separated_value(run) {
                        Some(n) => ints += n,
                        None => ids.push(self.run_value(games, run)?),
                    }
                }
                start = i + 1;
            }
        }
        if ints != 0 {
            let n = games.integer(ints);
            ids.push(n);
        }
        Ok(sum(games, &mut ids))
    }

    /// The value of a run with no frozen creature and some toad left of a frog, through the memo.
    fn run_value(&mut self, games: &mut Games, run: &[u8]) -> Result<GameId, NativeError> {
        let mirror = || run.iter().rev().map(|&c| swap(c));
        let (v, negate) = if run.len() <= MAX_PACKED {
            let (k1, k2) = (pack(run.iter().copied()), pack(mirror()));
            let (key, negate) = if k2 < k1 { (k2, true) } else { (k1, false) };
            match self.small.get(&key) {
                Some(&v) => (v, negate),
                None => {
                    let cells: Vec<u8> = if negate { mirror().collect() } else { run.to_vec() };
                    let v = self.solve(games, &cells)?;
                    self.small.insert(key, v);
                    (v, negate)
                }
            }
        } else {
            let mirrored: Vec<u8> = mirror().collect();
            let negate = mirrored.as_slice() < run;
            let key = if negate { mirrored } else { run.to_vec() };
            match self.big.get(&key) {
                Some(&v) => (v, negate),
                None => {
                    let v = self.solve(games, &key)?;
                    self.big.insert(key, v);
                    (v, negate)
                }
            }
        };
        Ok(if negate { games.neg(v) } else { v })
    }

    fn solve(&mut self, games: &mut Games, run: &[u8]) -> Result<GameId, NativeError> {
        self.interrupt.check()?;
        let n = run.len();
        let mut child = run.to_vec();
        let mut left = Vec::new();
        let mut right = Vec::new();
        for i in 0..n {
            let target = match run[i] {
                TOAD if i + 1 < n && run[i + 1] == EMPTY => Some(i + 1),
                TOAD if i + 2 < n && run[i + 1] == FROG && run[i + 2] == EMPTY => Some(i + 2),
                FROG if i >= 1 && run[i - 1] == EMPTY => Some(i - 1),
                FROG if i >= 2 && run[i - 1] == TOAD && run[i - 2] == EMPTY => Some(i - 2),
                _ => None,
            };
            if let Some(j) = target {
                child[j] = run[i];
                child[i] = EMPTY;
                let v = self.strip_value(games, &child)?;
                if run[i] == TOAD {
                    left.push(v);
                } else {
                    right.push(v);
                }
                child[i] = run[i];
                child[j] = EMPTY;
            }
        }
        // `new_game` sorts, dedupes and canonicalises.
        Ok(games.new_game(&left, &right))
    }
}

fn swap(c: u8) -> u8 {
    match c {
        TOAD => FROG,
        FROG => TOAD,
        _ => EMPTY,
    }
}

/// The longest run memoised under a packed `u128` key.
const MAX_PACKED: usize = 60;

/// Two bits a square, the length in the top byte (runs of at most [`MAX_PACKED`] squares).
fn pack(run: impl Iterator<Item = u8>) -> u128 {
    let mut k = 0u128;
    let mut n = 0;
    for (i, c) in run.enumerate() {
        k |= (c as u128) << (2 * i);
        n = i + 1;
    }
    k | (n as u128) << 120
}

/// The greatest frozen set (see the module notes), as a flag per square.
fn frozen(cells: &[u8]) -> Vec<bool> {
    let n = cells.len();
    let mut s: Vec<bool> = cells.iter().map(|&c| c != EMPTY).collect();
    let wall = |s: &[bool], j: isize| j < 0 || j >= n as isize || s[j as usize];
    loop {
        let mut changed = false;
        for i in 0..n {
            if !s[i] {
                continue;
            }
            let (dir, foe) = if cells[i] == TOAD { (1isize, FROG) } else { (-1isize, TOAD) };
            let one = i as isize + dir;
            let blocked = if one < 0 || one >= n as isize {
                true
            } else if !s[one as usize] {
                false
            } else if cells[one as usize] == foe {
                wall(&s, one + dir)
            } else {
                true
            };
            if !blocked {
                s[i] = false;
                changed = true;
            }
        }
        if !changed {
            return s;
        }
    }
}

/// The integer value of a run in which no toad stands left of a frog (no creature can ever meet an opponent);
/// `None` if some toad stands left of some frog.
fn separated_value(run: &[u8]) -> Option<i64> {
    let last_frog = run.iter().rposition(|&c| c == FROG);
    let first_toad = run.iter().position(|&c| c == TOAD);
    if let (Some(f), Some(t)) = (last_frog, first_toad) {
        if t < f {
            return None;
        }
    }
    let total_frogs = run.iter().filter(|&&c| c == FROG).count() as i64;
    let (mut toads, mut frogs_seen, mut v) = (0i64, 0i64, 0i64);
    for &c in run {
        match c {
            TOAD => toads += 1,
            FROG => frogs_seen += 1,
            _ => v += toads - (total_frogs - frogs_seen),
        }
    }
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(s: &str) -> Vec<u8> {
        s.bytes()
            .map(|b| match b {
                b't' => TOAD,
                b'f' => FROG,
                _ => EMPTY,
            })
            .collect()
    }

    fn show(s: &str) -> String {
        let mut games = Games::new();
        let v = ToadsSolver::new().value(&mut games, s).unwrap();
        games.display(v)
    }

    #[test]
    fn frozen_sets() {
        let f = |s: &str| -> String { frozen(&cells(s)).iter().map(|&b| if b { '#' } else { '-' }).collect() };
        assert_eq!(f("t.f"), "---");
        assert_eq!(f("ff.tt"), "##-##");
        assert_eq!(f(".ttff."), "-####-");
        assert_eq!(f("tff.t"), "###-#");
        assert_eq!(f("tf.tf"), "-----");
        assert_eq!(f("t.ttf"), "--###");
        assert_eq!(f("ttf"), "###");
    }

    #[test]
    fn separated_runs() {
        assert_eq!(separated_value(&cells("t..")), Some(2));
        assert_eq!(separated_value(&cells("t.t.")), Some(3));
        assert_eq!(separated_value(&cells("..f")), Some(-2));
        assert_eq!(separated_value(&cells(".f.t.")), Some(0));
        assert_eq!(separated_value(&cells("t.f")), None);
    }

    #[test]
    fn rejects_other_characters() {
        let mut games = Games::new();
        assert_eq!(ToadsSolver::new().value(&mut games, "tx.f"), Err(NativeError::BadCell(b'x')));
    }

    #[test]
    fn small_values() {
        assert_eq!(show(""), "0");
        assert_eq!(show("t."), "1");
        assert_eq!(show(".f"), "-1");
        assert_eq!(show("tf"), "0");
        // By hand: from t.f Left moves to .tf = <|ft.> = <|1> = 0, and Right to tf. = -(.tf) = 0.
        assert_eq!(show("t.f"), "*");
        assert_eq!(show(".tf"), "0");
        assert_eq!(show("ft."), "1");
        // tt.f: Left's t.tf = <0|tft.> = <0|1> = 1/2; Right's ttf. = <t.ft|> = <*|> = 0.
        assert_eq!(show("tt.f"), "<1/2|0>");
        assert_eq!(show("t.ff"), "<0|-1/2>");
        assert_eq!(show("tt.ff"), "*");
        // Frozen blocks split the strip: ttff walls off the two sides, ff at the left edge is dead.
        assert_eq!(show("t.fttfft.f"), "0");
        assert_eq!(show("t.fttfftt.f"), "<1/2*|*>");
        assert_eq!(show("fft.f"), "*");
        assert_eq!(show("T.F"), "*");
    }
    fn reference(games: &mut Games, memo: &mut FxHashMap<Vec<u8>, GameId>, s: &[u8]) -> GameId {
        if let Some(&v) = memo.get(s) {
            return v;
        }
        let n = s.len() as isize;
        let (mut left, mut right) = (Vec::new(), Vec::new());
        for i in 0..n {
            let me = s[i as usize];
            if me == b'.' {
                continue;
            }
            let (d, foe) = if me == b't' { (1, b'f') } else { (-1, b't') };
            let at = |j: isize| {
                if j >= 0 && j < n {
                    Some(s[j as usize])
                } else {
                    None
                }
            };
            let target = if at(i + d) == Some(b'.') {
                Some(i + d)
            } else if at(i + d) == Some(foe) && at(i + 2 * d) == Some(b'.') {
                Some(i + 2 * d)
            } else {
                None
            };
            if let Some(j) = target {
                let mut t = s.to_vec();
                t[i as usize] = b'.';
                t[j as usize] = me;
                let v = reference(games, memo, &t);
                if me == b't' {
                    left.push(v);
                } else {
                    right.push(v);
                }
            }
        }
        let v = games.new_game(&left, &right);
        memo.insert(s.to_vec(), v);
        v
    }

    #[test]
    fn agrees_with_reference_on_random_strips() {
        let mut games = Games::new();
        let mut memo = FxHashMap::default();
        let mut solver = ToadsSolver::new();
        let mut rng = crate::solve::XorShift(0x853c_49e6_748f_ea9b);
        for n in 10..=14 {
            for _ in 0..40 {
                let s: Vec<u8> = (0..n).map(|_| [b'.', b't', b'f'][(rng.next() % 3) as usize]).collect();
                let expected = reference(&mut games, &mut memo, &s);
                let text = String::from_utf8(s).unwrap();
                assert_eq!(solver.value(&mut games, &text), Ok(expected), "{text}");
            }
        }
    }

    #[test]
    fn long_runs_use_the_unpacked_memo() {
        let mut games = Games::new();
        let mut memo = FxHashMap::default();
        let mut solver = ToadsSolver::new();
        // Runs of 59 and 60 squares are packed, longer ones are not.
        for n in [57, 58, 59, 62, 63] {
            let s = format!("t{}f", ".".repeat(n));
            let expected = reference(&mut games, &mut memo, s.as_bytes());
            assert_eq!(solver.value(&mut games, &s), Ok(expected), "{s}");
        }
    }

    #[test]
    fn agrees_with_reference() {
        let mut games = Games::new();
        let mut memo = FxHashMap::default();
        let mut solver = ToadsSolver::new();
        for n in 0..=9u32 {
            for code in 0..3u32.pow(n) {
                let mut k = code;
                let s: Vec<u8> = (0..n)
                    .map(|_| {
                        let b = [b'.', b't', b'f'][(k % 3) as usize];
                        k /= 3;
                        b
                    })
                    .collect();
                let expected = reference(&mut games, &mut memo, &s);
                let text = String::from_utf8(s).unwrap();
                assert_eq!(solver.value(&mut games, &text), Ok(expected), "{text}");
            }
        }
    }
}

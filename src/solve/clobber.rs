//! Native Clobber on grids: `x` Left's stones, `o` Right's, anything else empty (stdlib `Clobber`).
//!
//! A move takes one of your stones onto an orthogonally adjacent opposing stone, which is removed. Stones
//! interact only through chains of adjacent stones, so a position is the sum of its orthogonally connected
//! groups of stones; a group of one colour has no moves and is 0. Groups are trimmed to their bounding box and
//! normalised under the 8 symmetries of the square (all keep the value) and under swapping colours (which
//! negates it); the least image of the sixteen is the memo key.

use super::bits::Shape;
use super::region::{for_each_region, sum};
use super::{Interrupt, NativeError};
use crate::game::{GameId, Games};
use crate::solve::grid::{Adjacency, Grid};
use rustc_hash::FxHashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A group of stones trimmed to its bounding box: Left's stones `x`, Right's `o`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Group {
    h: u32,
    w: u32,
    x: u128,
    o: u128,
}

impl Group {
    fn trimmed(s: &Shape, x: u128, o: u128) -> Group {
        let (r0, h, c0, w) = s.bounding_box(x | o);
        Group { h, w, x: s.extract(x, r0, h, c0, w), o: s.extract(o, r0, h, c0, w) }
    }

    /// The least of the 16 images and whether it swaps colours.
    fn normalise(self) -> (Group, bool) {
        let s = Shape::new(self.h, self.w).expect("group fits");
        let t = Shape::new(self.w, self.h).expect("group fits");
        let mut best = (self, false);
        let mut consider = |g: Group| {
            for (img, swapped) in [(g, false), (Group { x: g.o, o: g.x, ..g }, true)] {
                if img < best.0 {
                    best = (img, swapped);
                }
            }
        };
        let flips = |s: &Shape, g: Group| {
            let (xr, or) = (s.flip_rows(g.x), s.flip_rows(g.o));
            [
                g,
                Group { x: xr, o: or, ..g },
                Group { x: s.flip_cols(g.x), o: s.flip_cols(g.o), ..g },
                Group { x: s.flip_cols(xr), o: s.flip_cols(or), ..g },
            ]
        };
        for g in flips(&s, self) {
            consider(g);
        }
        let tr = Group { h: self.w, w: self.h, x: s.transpose(self.x), o: s.transpose(self.o) };
        for g in flips(&t, tr) {
            consider(g);
        }
        best
    }

    /// A compact key for groups of at most 60 cells with sides under 16.
    fn small_key(&self) -> Option<u128> {
        (self.h < 16 && self.w < 16 && self.h * self.w <= 60)
            .then_some(self.x | self.o << 60 | (self.h as u128) << 120 | (self.w as u128) << 124)
    }
}

/// A Clobber solver with a memo of group values.
#[derive(Default)]
pub struct ClobberSolver {
    small: FxHashMap<u128, GameId>,
    big: FxHashMap<Group, GameId>,
    interrupt: Interrupt,
}

impl ClobberSolver {
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
        *self = ClobberSolver::new();
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

    /// The number of groups memoised so far (as met and normalised).
    pub fn memo_len(&self) -> usize {
        self.small.len() + self.big.len()
    }

    /// The canonical value of a Clobber grid (`x` Left, `o` Right, anything else empty).
    pub fn value(&mut self, games: &mut Games, grid: &Grid) -> Result<GameId, NativeError> {
        let marked: Vec<u8> = grid.cells().iter().map(|&b| if b == b'x' || b == b'o' { b } else { b'.' }).collect();
        let marked = Grid::from_cells(grid.rows(), grid.cols(), marked).expect("same shape");
        let mut vals = Vec::new();
        for part in marked.decomposition(b'.', Adjacency::Orthogonal) {
            let s = Shape::new(part.rows() as u32, part.cols() as u32).ok_or(NativeError::TooLarge)?;
            let (mut x, mut o) = (0u128, 0u128);
            for (i, &b) in part.cells().iter().enumerate() {
                match b {
                    b'x' => x |= 1 << i,
                    b'o' => o |= 1 << i,
                    _ => {}
                }
            }
            if x != 0 && o != 0 {
                vals.push(self.group_value(games, Group { h: s.h, w: s.w, x, o })?);
            }
        }
        Ok(sum(games, &mut vals))
    }

    fn get(&self, g: &Group) -> Option<GameId> {
        match g.small_key() {
            Some(k) => self.small.get(&k).copied(),
            None => self.big.get(g).copied(),
        }
    }

    fn insert(&mut self, g: Group, v: GameId) {
        match g.small_key() {
            Some(k) => self.small.insert(k, v),
            None => self.big.insert(g, v),
        };
    }

    /// The value of a group through the memo, which holds groups as met as well as normalised ones.
    fn group_value(&mut self, games: &mut Games, g: Group) -> Result<GameId, NativeError> {
        if let Some(v) = self.get(&g) {
            return Ok(v);
        }
        let (key, swapped) = g.normalise();
        let base = match self.get(&key) {
            Some(v) => v,
            None => {
                let v = self.solve(games, key)?;
                self.insert(key, v);
                v
            }
        };
        let v = if swapped { games.neg(base) } else { base };
        if key != g {
            self.insert(g, v);
        }
        Ok(v)
    }

    /// The value of the stones `x`, `o` on a board of shape `s`: the sum over its two-coloured groups.
    fn board_value(&mut self, games: &mut Games, s: &Shape, x: u128, o: u128) -> Result<GameId, NativeError> {
        let mut groups = Vec::new();
        for_each_region(s, x | o, 2, |c| {
            if c & x != 0 && c & o != 0 {
                groups.push(Group::trimmed(s, x & c, o & c));
            }
        });
        let mut ids = Vec::with_capacity(groups.len());
        for g in groups {
            ids.push(self.group_value(games, g)?);
        }
        Ok(sum(games, &mut ids))
    }

    /// The positions after each move of the player owning `mine` against `theirs`, as (mine, theirs) masks.
    fn moves(s: &Shape, mine: u128, theirs: u128) -> Vec<(u128, u128)> {
        let mut out = Vec::new();
        let w = s.w;
        // (sources, offset of the target from the source, positive = higher bit)
        let dirs: [(u128, i32); 4] = [
            (mine & (theirs >> 1) & s.not_last_col, 1),
            (mine & (theirs << 1) & s.not_first_col, -1),
            (mine & super::bits::shr(theirs, w), w as i32),
            (mine & super::bits::shl(theirs, w), -(w as i32)),
        ];
        for (mut from, d) in dirs {
            while from != 0 {
                let i = from.trailing_zeros();
                from &= from - 1;
                let j = (i as i32 + d) as u32;
                out.push((mine & !(1u128 << i) | 1u128 << j, theirs & !(1u128 << j)));
            }
        }
        out
    }

    fn solve(&mut self, games: &mut Games, g: Group) -> Result<GameId, NativeError> {
        self.interrupt.check()?;
        let s = Shape::new(g.h, g.w).expect("group fits");
        let mut left = Vec::new();
        for (x, o) in Self::moves(&s, g.x, g.o) {
            left.push(self.board_value(games, &s, x, o)?);
        }
        let mut right = Vec::new();
        for (o, x) in Self::moves(&s, g.o, g.x) {
            right.push(self.board_value(games, &s, x, o)?);
        }
        // `new_game` sorts, dedupes and canonicalises.
        Ok(games.new_game(&left, &right))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Ctx {
        games: Games,
        solver: ClobberSolver,
    }

    impl Ctx {
        fn new() -> Ctx {
            Ctx { games: Games::new(), solver: ClobberSolver::new() }
        }
        fn id(&mut self, s: &str) -> GameId {
            self.solver.value(&mut self.games, &Grid::parse(s).unwrap()).unwrap()
        }
        fn show(&mut self, s: &str) -> String {
            let v = self.id(s);
            self.games.display(v)
        }
        /// The value of a sum of strips written `a+b+c`.
        fn sum(&mut self, s: &str) -> GameId {
            let parts: Vec<GameId> = s.split('+').map(|p| self.id(p)).collect();
            let mut parts = parts;
            super::super::region::sum(&mut self.games, &mut parts)
        }
    }

    #[test]
    fn small_values() {
        let mut c = Ctx::new();
        assert_eq!(c.show("xo"), "*");
        assert_eq!(c.show("ox"), "*");
        assert_eq!(c.show("x|o"), "*");
        assert_eq!(c.show("xxo"), "^");
        assert_eq!(c.show("oox"), "v");
        assert_eq!(c.show("oxoo"), "^*");
        assert_eq!(c.show("xxxx"), "0");
        assert_eq!(c.show(""), "0");
        assert_eq!(c.show("x.o"), "0");
        assert_eq!(c.show("xox|ox."), "<^^*|*,v>");
    }

    #[test]
    fn alternating_linear_clobber_rules() {
        // Chen et al., "A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on Alternating Linear
        // Clobber": the rules of Algorithm ASF are equalities of games.
        let mut c = Ctx::new();
        let zero = c.games.zero();
        for p in ["o", "oo", "ooo", "ooxx", "oxoxox", "x", "xx", "xxx", "xxoo", "xoxoxo"] {
            assert_eq!(c.id(p), zero, "rule alpha: {p}");
        }
        for p in ["oxo", "ooxox", "ooxoxoo", "xxoxoxx"] {
            assert_eq!(c.id(p), c.id("ox"), "rule gamma: {p}");
        }
        assert_eq!(c.id("oxoxoxoxo"), c.id("ooxo"), "rule delta");
        assert_eq!(c.id("ooxoxx"), c.sum("oxox+ox"), "rule epsilon");
        assert_eq!(c.id("oxoxoxoxoxox"), c.sum("oxox+ox"), "rule epsilon");
        assert_eq!(c.id("ooxoo"), c.id("oox"), "rule zeta");
        assert_eq!(c.id("ooxo"), c.sum("xxo+ox"), "rule eta");
        // oxoo = xxo + xo = <0,*|0> (the paper's exercise).
        assert_eq!(c.id("oxoo"), c.sum("xxo+xo"));
        // Standard forms of the sets A and O: a6 = 0, a12 = a4 + a2, o3 = a2.
        assert_eq!(c.id("oxoxoxoxoxox"), c.sum("oxox+ox"));
        assert_eq!(c.id("oxo"), c.id("ox"));
        // The conjecture: every alternating strip of even length except oxoxox is a first-player win.
        for n in 1..=9 {
            let a = "ox".repeat(n);
            let v = c.id(&a);
            let out = c.games.outcome(v);
            if n == 3 {
                assert_eq!(out, crate::game::Outcome::P, "{a}");
            } else {
                assert_eq!(out, crate::game::Outcome::N, "{a}");
            }
        }
    }

    #[test]
    fn symmetric_positions_agree() {
        let mut c = Ctx::new();
        let a = c.id("xox|ox.");
        assert_eq!(a, c.id(".xo|xox"));
        assert_eq!(a, c.id("xo|ox|x."));
        let neg = c.id("oxo|xo.");
        assert_eq!(c.games.neg(a), neg);
    }
    fn reference(games: &mut Games, memo: &mut FxHashMap<Grid, GameId>, g: &Grid) -> GameId {
        if let Some(&v) = memo.get(g) {
            return v;
        }
        let (mut left, mut right) = (Vec::new(), Vec::new());
        for r in 1..=g.rows() {
            for c in 1..=g.cols() {
                let me = g.get(r, c).unwrap();
                if me != b'x' && me != b'o' {
                    continue;
                }
                let foe = if me == b'x' { b'o' } else { b'x' };
                for (nr, nc) in g.neighbours(r, c, Adjacency::Orthogonal) {
                    if g.get(nr, nc) == Some(foe) {
                        let h = g.updated(&[((r, c), b'.'), ((nr, nc), me)]).unwrap();
                        let v = reference(games, memo, &h);
                        if me == b'x' {
                            left.push(v);
                        } else {
                            right.push(v);
                        }
                    }
                }
            }
        }
        let v = games.new_game(&left, &right);
        memo.insert(g.clone(), v);
        v
    }

    #[test]
    fn agrees_with_reference_on_random_boards() {
        let mut games = Games::new();
        let mut memo = FxHashMap::default();
        let mut solver = ClobberSolver::new();
        let mut rng = crate::solve::XorShift(0x2545_f491_4f6c_dd1d);
        for (rows, cols) in [(3, 4), (4, 4), (2, 6), (1, 12)] {
            for _ in 0..30 {
                let cells: Vec<u8> =
                    (0..rows * cols).map(|_| [b'.', b'x', b'o', b'x', b'o'][(rng.next() % 5) as usize]).collect();
                let g = Grid::from_cells(rows, cols, cells).unwrap();
                let expected = reference(&mut games, &mut memo, &g);
                assert_eq!(solver.value(&mut games, &g), Ok(expected), "{g}");
            }
        }
    }

    #[test]
    fn large_boards() {
        let mut c = Ctx::new();
        let mut g = Grid::filled(12, 12, b'.');
        g = g.updated(&[((3, 4), b'x'), ((3, 5), b'o'), ((9, 9), b'x'), ((10, 9), b'o')]).unwrap();
        let v = c.solver.value(&mut c.games, &g).unwrap();
        assert_eq!(v, c.games.zero()); // * + * = 0
        let checker: Vec<u8> = (0..144).map(|i| if (i / 12 + i % 12) % 2 == 0 { b'x' } else { b'o' }).collect();
        let g = Grid::from_cells(12, 12, checker).unwrap();
        assert_eq!(c.solver.value(&mut c.games, &g), Err(NativeError::TooLarge));
    }

    #[test]
    fn agrees_with_reference() {
        let mut games = Games::new();
        let mut memo = FxHashMap::default();
        let mut solver = ClobberSolver::new();
        for (rows, cols) in [(2, 3), (3, 2), (1, 7), (2, 4), (3, 3)] {
            let n = rows * cols;
            for code in 0..3u32.pow(n as u32) {
                let mut k = code;
                let cells: Vec<u8> = (0..n)
                    .map(|_| {
                        let b = [b'.', b'x', b'o'][(k % 3) as usize];
                        k /= 3;
                        b
                    })
                    .collect();
                let g = Grid::from_cells(rows, cols, cells).unwrap();
                let expected = reference(&mut games, &mut memo, &g);
                assert_eq!(solver.value(&mut games, &g), Ok(expected), "{g}");
            }
        }
    }
}

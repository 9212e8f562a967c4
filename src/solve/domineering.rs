//! Native Domineering: Left places vertical dominoes, Right horizontal ones (stdlib `Domineering`).
//!
//! A position is a bitboard of its empty cells. Its value is the sum of the values of its orthogonally
//! connected regions of empty cells (single cells are dead and worth 0). Each region is trimmed to its bounding
//! box and normalised under the board symmetries: the two reflections keep the value, transposition swaps the
//! players and so negates it; the least image of the eight is the memo key, with a flag saying whether the
//! stored value must be negated. A region's options are generated as bitmasks, split into regions again and
//! summed, so every distinct region is solved once per solver.

use super::bits::{shr, Shape};
use super::region::{for_each_region, grid_regions, sum, Region, RegionMemo};
use super::{Interrupt, NativeError};
use crate::game::{GameId, Games};
use crate::solve::grid::Grid;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A Domineering solver with a memo of region values; reuse one solver (and one [`Games`]) across queries.
pub struct DomineeringSolver {
    memo: RegionMemo<GameId>,
    /// The integers -64..=64 (values of strips), by `n + 64`, as met.
    integers: Vec<Option<GameId>>,
    interrupt: Interrupt,
}

impl Default for DomineeringSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl DomineeringSolver {
    /// For a collection of the game store: while the tables hold at most `keep` entries their games are
    /// reported to `mark` (they are the values later positions reuse), otherwise the tables are forgotten.
    pub fn trace_or_forget(&mut self, keep: usize, mark: &mut dyn FnMut(GameId)) {
        if self.memo.len() > keep {
            self.forget_games();
            return;
        }
        self.memo.values().for_each(|&g| mark(g));
        self.integers.iter().flatten().for_each(|&g| mark(g));
    }

    /// Forgets every game the solver's tables hold (they are caches), keeping its interrupt flag: for a
    /// collection of the game store, after which those ids may name other games.
    pub fn forget_games(&mut self) {
        let interrupt = std::mem::take(&mut self.interrupt);
        *self = DomineeringSolver::new();
        self.interrupt = interrupt;
    }

    /// An empty solver.
    pub fn new() -> Self {
        DomineeringSolver { memo: RegionMemo::new(), integers: Vec::new(), interrupt: Interrupt::default() }
    }

    /// Makes the solver stop with [`NativeError::Interrupted`] once `flag` is raised.
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt.set(flag);
    }

    /// The number of regions memoised so far (as met and normalised).
    pub fn memo_len(&self) -> usize {
        self.memo.len()
    }

    /// The canonical value of a Domineering board: `.` is an empty cell, any other character a filled one.
    pub fn value(&mut self, games: &mut Games, grid: &Grid) -> Result<GameId, NativeError> {
        let regions = grid_regions(grid, |b| b == b'.').ok_or(NativeError::TooLarge)?;
        let mut vals = Vec::with_capacity(regions.len());
        for r in regions {
            vals.push(self.region_value(games, r)?);
        }
        Ok(sum(games, &mut vals))
    }

    /// The value of an arbitrary (trimmed) region, through the memo.
    fn region_value(&mut self, games: &mut Games, r: Region) -> Result<GameId, NativeError> {
        // A connected region one cell wide is a strip: only one player can move, floor(length / 2) times.
        if r.h == 1 || r.w == 1 {
            return Ok(self.strip(games, r.h as i64 / 2 - r.w as i64 / 2));
        }
        // The memo holds every region met as it is met, as well as normalised ones, so that most lookups
        // skip the normalisation.
        if let Some(v) = self.memo.get(&r) {
            return Ok(v);
        }
        let (key, transposed) = r.normalise(true);
        let base = match self.memo.get(&key) {
            Some(v) => v,
            None => {
                let v = self.solve(games, key)?;
                self.memo.insert(key, v);
                v
            }
        };
        let v = if transposed { games.neg(base) } else { base };
        if key != r {
            self.memo.insert(r, v);
        }
        Ok(v)
    }

    /// The integer `n` (the value of a strip), cached.
    fn strip(&mut self, games: &mut Games, n: i64) -> GameId {
        let i = (n + 64) as usize;
        if i < self.integers.len() {
            if let Some(v) = self.integers[i] {
                return v;
            }
        } else if i < 129 {
            self.integers.resize(i + 1, None);
        } else {
            return games.integer(n);
        }
        let v = games.integer(n);
        self.integers[i] = Some(v);
        v
    }

    /// Solves a normalised region from its options. All options are split into regions first and looked up
    /// in one pass (independent lookups overlap their cache misses); only the misses recurse.
    fn solve(&mut self, games: &mut Games, r: Region) -> Result<GameId, NativeError> {
        self.interrupt.check()?;
        let s = Shape::new(r.h, r.w).expect("region fits");
        let m = r.bits;
        let vert = m & shr(m, s.w);
        let horiz = m & (m >> 1) & s.not_last_col;
        let left_moves = vert.count_ones() as usize;
        // regions[ends[k-1]..ends[k]] are the regions of option k (Left's options first).
        let mut regions = Vec::with_capacity(2 * (left_moves + horiz.count_ones() as usize));
        let mut ends = Vec::with_capacity(left_moves + horiz.count_ones() as usize);
        for (mut moves, domino) in [(vert, 1u128 | 1u128 << s.w), (horiz, 3u128)] {
            while moves != 0 {
                let i = moves.trailing_zeros();
                moves &= moves - 1;
                for_each_region(&s, m & !(domino << i), 2, |c| regions.push(Region::trimmed(&s, c)));
                ends.push(regions.len());
            }
        }
        let found: Vec<Option<GameId>> =
            regions.iter().map(|r| if r.h == 1 || r.w == 1 { None } else { self.memo.get(r) }).collect();
        let (mut left, mut right) = (Vec::with_capacity(left_moves), Vec::new());
        let mut start = 0;
        let mut ids = Vec::new();
        for (k, &end) in ends.iter().enumerate() {
            ids.clear();
            for j in start..end {
                ids.push(match found[j] {
                    Some(v) => v,
                    None => self.region_value(games, regions[j])?,
                });
            }
            start = end;
            let v = sum(games, &mut ids);
            if k < left_moves {
                left.push(v);
            } else {
                right.push(v);
            }
        }
        // `new_game` sorts, dedupes and canonicalises.
        Ok(games.new_game(&left, &right))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;

    fn show(rows: usize, cols: usize) -> String {
        let mut games = Games::new();
        let mut solver = DomineeringSolver::new();
        let g = Grid::filled(rows, cols, b'.');
        let v = solver.value(&mut games, &g).unwrap();
        games.display(v)
    }

    fn show_grid(s: &str) -> String {
        let mut games = Games::new();
        let mut solver = DomineeringSolver::new();
        let v = solver.value(&mut games, &Grid::parse(s).unwrap()).unwrap();
        games.display(v)
    }

    #[test]
    fn normalise_images() {
        let r = Region { h: 1, w: 3, bits: 0b011 };
        let (n, t) = r.normalise(false);
        assert_eq!((n, t), (Region { h: 1, w: 3, bits: 0b011 }, false));
        let (n, t) = Region { h: 1, w: 3, bits: 0b110 }.normalise(false);
        assert_eq!((n, t), (Region { h: 1, w: 3, bits: 0b011 }, false));
        let (n, t) = Region { h: 1, w: 2, bits: 0b11 }.normalise(true);
        assert_eq!((n, t), (Region { h: 1, w: 2, bits: 0b11 }, false));
        let (n, t) = Region { h: 2, w: 1, bits: 0b11 }.normalise(true);
        assert_eq!((n, t), (Region { h: 1, w: 2, bits: 0b11 }, true));
    }

    #[test]
    fn small_rectangles() {
        assert_eq!(show(1, 1), "0");
        assert_eq!(show(1, 2), "-1");
        assert_eq!(show(2, 1), "1");
        assert_eq!(show(2, 2), "+-1");
        assert_eq!(show(1, 3), "-1");
        assert_eq!(show(1, 4), "-2");
        assert_eq!(show(3, 1), "1");
        assert_eq!(show(0, 0), "0");
        // A 1 x n strip is -floor(n/2) (Right takes a domino from the end each turn).
        for n in 2..=9 {
            assert_eq!(show(1, n), (-(n as i64 / 2)).to_string());
            assert_eq!(show(n, 1), (n as i64 / 2).to_string());
        }
    }

    #[test]
    fn published_rectangles() {
        // 2 x 3 by hand: Left's middle column leaves 1 + 1, an outer column leaves the 2 x 2 square (+-1);
        // Right's moves leave a four-cell L worth <-1|0> = -1/2.
        assert_eq!(show(2, 3), "<2|-1/2>");
        assert_eq!(show(3, 2), "<1/2|-2>");
        assert_eq!(show(3, 3), "+-1");
        // CGSuite's published values.
        assert_eq!(show(4, 4), "+-{0,<<2|0>,2Tiny(2)|<2|0>,Miny(2)>}");
        assert_eq!(show(3, 8), "<-1/2|-3||-13/4|-11/2>");
    }

    #[test]
    fn winning_ways_shapes() {
        // An L-tromino: Left's vertical move leaves one dead cell, Right's horizontal one likewise: {0|0} = *.
        assert_eq!(show_grid("..|.#"), "*");
        // A 2x2 square with a tail on the right: Left takes a column, Right the bottom pair.
        assert_eq!(show_grid("...|..#"), show_grid("#..|..."));
        // Filled cells split the board into independent regions whose values add.
        assert_eq!(show_grid("..#..|..#.."), "0");
        assert_eq!(show_grid(".#.|.#."), "2");
        assert_eq!(show_grid("...."), "-2");
    }

    /// The value by the rules alone: no decomposition, no symmetry, a memo on whole boards.
    fn reference(games: &mut Games, memo: &mut FxHashMap<Grid, GameId>, g: &Grid) -> GameId {
        if let Some(&v) = memo.get(g) {
            return v;
        }
        let (mut left, mut right) = (Vec::new(), Vec::new());
        for r in 1..=g.rows() {
            for c in 1..=g.cols() {
                if g.get(r, c) != Some(b'.') {
                    continue;
                }
                if g.get(r + 1, c) == Some(b'.') {
                    let h = g.updated(&[((r, c), b'#'), ((r + 1, c), b'#')]).unwrap();
                    left.push(reference(games, memo, &h));
                }
                if g.get(r, c + 1) == Some(b'.') {
                    let h = g.updated(&[((r, c), b'#'), ((r, c + 1), b'#')]).unwrap();
                    right.push(reference(games, memo, &h));
                }
            }
        }
        let v = games.new_game(&left, &right);
        memo.insert(g.clone(), v);
        v
    }

    /// Every board of the given shape (each cell empty or filled) agrees with the reference.
    fn agree_on_all(rows: usize, cols: usize) {
        let mut games = Games::new();
        let mut solver = DomineeringSolver::new();
        let mut memo = FxHashMap::default();
        for mask in 0u32..1 << (rows * cols) {
            let cells: Vec<u8> = (0..rows * cols).map(|i| if mask >> i & 1 == 1 { b'.' } else { b'#' }).collect();
            let g = Grid::from_cells(rows, cols, cells).unwrap();
            let expected = reference(&mut games, &mut memo, &g);
            assert_eq!(solver.value(&mut games, &g), Ok(expected), "{g}");
        }
    }

    #[test]
    fn agrees_with_reference_on_random_boards() {
        let mut games = Games::new();
        let mut solver = DomineeringSolver::new();
        let mut memo = FxHashMap::default();
        let mut rng = crate::solve::XorShift(0x9e37_79b9_7f4a_7c15);
        for (rows, cols) in [(4, 4), (4, 5), (5, 4), (3, 6)] {
            for _ in 0..40 {
                let seed = rng.next();
                // About three cells in four empty.
                let cells: Vec<u8> =
                    (0..rows * cols).map(|i| if (seed >> (i % 64)) & 3 == 0 { b'#' } else { b'.' }).collect();
                let g = Grid::from_cells(rows, cols, cells).unwrap();
                let expected = reference(&mut games, &mut memo, &g);
                assert_eq!(solver.value(&mut games, &g), Ok(expected), "{g}");
            }
        }
    }

    #[test]
    fn agrees_with_reference() {
        agree_on_all(3, 3);
        agree_on_all(2, 5);
        agree_on_all(5, 2);
        agree_on_all(1, 7);
        agree_on_all(3, 4);
        agree_on_all(4, 3);
    }

    #[test]
    fn regions_of_large_boards() {
        let mut games = Games::new();
        let mut solver = DomineeringSolver::new();
        // 12 x 12 board whose only empty cells are a 2 x 2 square: fits after decomposition.
        let mut g = Grid::filled(12, 12, b'#');
        g = g.updated(&[((5, 5), b'.'), ((5, 6), b'.'), ((6, 5), b'.'), ((6, 6), b'.')]).unwrap();
        let v = solver.value(&mut games, &g).unwrap();
        assert_eq!(games.display(v), "+-1");
        assert_eq!(solver.value(&mut games, &Grid::filled(12, 12, b'.')), Err(NativeError::TooLarge));
    }

    #[test]
    fn interrupt_stops_and_memo_survives() {
        let mut games = Games::new();
        let mut solver = DomineeringSolver::new();
        let flag = Arc::new(AtomicBool::new(true));
        solver.set_interrupt(flag.clone());
        let g = Grid::filled(4, 4, b'.');
        assert_eq!(solver.value(&mut games, &g), Err(NativeError::Interrupted));
        flag.store(false, std::sync::atomic::Ordering::Relaxed);
        let v = solver.value(&mut games, &g).unwrap();
        assert_eq!(games.display(v), "+-{0,<<2|0>,2Tiny(2)|<2|0>,Miny(2)>}");
    }
}

//! Native Cram (impartial Domineering: either player places a domino in either orientation).
//!
//! Values are nim values: a region's is the mex of its options', a board's the nim sum of its regions'. Regions
//! are memoised under all 8 symmetries of the square (transposition keeps Cram values).

use super::bits::{shr, Shape};
use super::region::{for_each_region, grid_regions, Region, RegionMemo};
use super::{Interrupt, NativeError};
use crate::game::{GameId, Games};
use crate::solve::grid::Grid;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A Cram solver with a memo of region nim values.
pub struct CramSolver {
    memo: RegionMemo<u32>,
    interrupt: Interrupt,
}

impl Default for CramSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl CramSolver {
    /// An empty solver.
    pub fn new() -> Self {
        CramSolver { memo: RegionMemo::new(), interrupt: Interrupt::default() }
    }

    /// Makes the solver stop with [`NativeError::Interrupted`] once `flag` is raised.
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt.set(flag);
    }

    /// The number of regions memoised so far (as met and normalised).
    pub fn memo_len(&self) -> usize {
        self.memo.len()
    }

    /// The nim value of a Cram board (`.` empty, anything else filled).
    pub fn nim_value(&mut self, grid: &Grid) -> Result<u32, NativeError> {
        let regions = grid_regions(grid, |b| b == b'.').ok_or(NativeError::TooLarge)?;
        let mut acc = 0;
        for r in regions {
            acc ^= self.region_value(r)?;
        }
        Ok(acc)
    }

    /// The canonical value `*n` of a Cram board.
    pub fn value(&mut self, games: &mut Games, grid: &Grid) -> Result<GameId, NativeError> {
        let n = self.nim_value(grid)?;
        Ok(games.nimber(n as u64))
    }

    fn region_value(&mut self, r: Region) -> Result<u32, NativeError> {
        if let Some(v) = self.memo.get(&r) {
            return Ok(v);
        }
        let (key, _) = r.normalise(true);
        let v = match self.memo.get(&key) {
            Some(v) => v,
            None => {
                let v = self.solve(key)?;
                self.memo.insert(key, v);
                v
            }
        };
        self.memo.insert(r, v);
        Ok(v)
    }

    fn board_value(&mut self, s: &Shape, m: u128) -> Result<u32, NativeError> {
        let mut regions = Vec::new();
        for_each_region(s, m, 2, |c| regions.push(Region::trimmed(s, c)));
        let mut acc = 0;
        for r in regions {
            acc ^= self.region_value(r)?;
        }
        Ok(acc)
    }

    fn solve(&mut self, r: Region) -> Result<u32, NativeError> {
        self.interrupt.check()?;
        let s = Shape::new(r.h, r.w).expect("region fits");
        let m = r.bits;
        let mut options = Vec::new();
        let mut vert = m & shr(m, s.w);
        while vert != 0 {
            let i = vert.trailing_zeros();
            vert &= vert - 1;
            options.push(self.board_value(&s, m & !(1u128 << i | 1u128 << (i + s.w)))?);
        }
        let mut horiz = m & (m >> 1) & s.not_last_col;
        while horiz != 0 {
            let i = horiz.trailing_zeros();
            horiz &= horiz - 1;
            options.push(self.board_value(&s, m & !(3u128 << i))?);
        }
        Ok(mex(options))
    }
}

/// The least natural number not in `values`.
fn mex(mut values: Vec<u32>) -> u32 {
    values.sort_unstable();
    let mut m = 0;
    for v in values {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nim(rows: usize, cols: usize) -> u32 {
        CramSolver::new().nim_value(&Grid::filled(rows, cols, b'.')).unwrap()
    }

    #[test]
    fn strips() {
        // 1 x n Cram is Dawson's Kayles (octal 0.07): a move removes two adjacent cells.
        let expected = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3];
        for (n, &e) in expected.iter().enumerate() {
            assert_eq!(CramSolver::new().nim_value(&Grid::filled(1, n, b'.')).unwrap(), e, "1x{n}");
        }
    }

    #[test]
    fn rectangles() {
        // Even × even boards are P-positions (the symmetry strategy); even × odd are N (first player plays the
        // centre domino and mirrors).
        assert_eq!(nim(2, 2), 0);
        assert_eq!(nim(4, 4), 0);
        assert_eq!(nim(2, 4), 0);
        assert!(nim(2, 3) != 0);
        assert!(nim(4, 5) != 0);
        assert_eq!(nim(3, 5), nim(5, 3));
    }
    fn reference(memo: &mut rustc_hash::FxHashMap<Grid, u32>, g: &Grid) -> u32 {
        if let Some(&v) = memo.get(g) {
            return v;
        }
        let mut opts = Vec::new();
        for r in 1..=g.rows() {
            for c in 1..=g.cols() {
                if g.get(r, c) != Some(b'.') {
                    continue;
                }
                for (dr, dc) in [(1, 0), (0, 1)] {
                    if g.get(r + dr, c + dc) == Some(b'.') {
                        let h = g.updated(&[((r, c), b'#'), ((r + dr, c + dc), b'#')]).unwrap();
                        opts.push(reference(memo, &h));
                    }
                }
            }
        }
        let v = (0..).find(|n| !opts.contains(n)).unwrap();
        memo.insert(g.clone(), v);
        v
    }

    #[test]
    fn agrees_with_reference() {
        let mut memo = rustc_hash::FxHashMap::default();
        let mut solver = CramSolver::new();
        for (rows, cols) in [(3, 3), (2, 5), (4, 3), (1, 8)] {
            for mask in 0u32..1 << (rows * cols) {
                let cells: Vec<u8> = (0..rows * cols).map(|i| if mask >> i & 1 == 1 { b'.' } else { b'#' }).collect();
                let g = Grid::from_cells(rows, cols, cells).unwrap();
                assert_eq!(solver.nim_value(&g), Ok(reference(&mut memo, &g)), "{g}");
            }
        }
    }
}

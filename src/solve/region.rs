//! Regions: sets of cells trimmed to their bounding box, normalised under the symmetries of the board, and
//! the memo tables keyed by them (shared by the grid solvers).

use super::bits::Shape;
use crate::game::{GameId, Games};
use crate::solve::grid::{Adjacency, Grid};
use rustc_hash::FxHashMap;

/// A set of cells of a board, trimmed to its bounding box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Region {
    pub h: u32,
    pub w: u32,
    pub bits: u128,
}

impl Region {
    /// The least image of the region under the 8 symmetries of the square (comparing shape, then bits), and
    /// whether that image is transposed. With `transpose == false` only the 4 shape-preserving images count.
    pub(crate) fn normalise(self, transpose: bool) -> (Region, bool) {
        let s = Shape::new(self.h, self.w).expect("region fits");
        let mut best = (self, false);
        let fr = s.flip_rows(self.bits);
        for b in [fr, s.flip_cols(self.bits), s.flip_cols(fr)] {
            let r = Region { bits: b, ..self };
            if r < best.0 {
                best = (r, false);
            }
        }
        if transpose {
            let t = Region { h: self.w, w: self.h, bits: s.transpose(self.bits) };
            let ts = Shape::new(t.h, t.w).expect("region fits");
            let tfr = ts.flip_rows(t.bits);
            for b in [t.bits, tfr, ts.flip_cols(t.bits), ts.flip_cols(tfr)] {
                let r = Region { bits: b, ..t };
                if r < best.0 {
                    best = (r, true);
                }
            }
        }
        best
    }

    /// The region of cells `m` (nonzero) of a board of shape `s`, trimmed to its bounding box.
    pub(crate) fn trimmed(s: &Shape, m: u128) -> Region {
        let (r0, h, c0, w) = s.bounding_box(m);
        Region { h, w, bits: s.extract(m, r0, h, c0, w) }
    }
}

/// A memo keyed by normalised regions: small regions (under 16 × 16 and at most 56 cells) are packed into a
/// `u64` key.
pub(crate) struct RegionMemo<V> {
    small: FxHashMap<u64, V>,
    big: FxHashMap<Region, V>,
}

impl<V: Copy> RegionMemo<V> {
    pub(crate) fn new() -> Self {
        RegionMemo { small: FxHashMap::default(), big: FxHashMap::default() }
    }

    fn small_key(r: &Region) -> Option<u64> {
        (r.h < 16 && r.w < 16 && r.h * r.w <= 56).then_some(r.bits as u64 | (r.h as u64) << 56 | (r.w as u64) << 60)
    }

    pub(crate) fn get(&self, r: &Region) -> Option<V> {
        match Self::small_key(r) {
            Some(k) => self.small.get(&k).copied(),
            None => self.big.get(r).copied(),
        }
    }

    pub(crate) fn insert(&mut self, r: Region, v: V) {
        crate::game::budget::check_growth(&self.small);
        crate::game::budget::check_growth(&self.big);
        match Self::small_key(&r) {
            Some(k) => self.small.insert(k, v),
            None => self.big.insert(r, v),
        };
    }

    pub(crate) fn len(&self) -> usize {
        self.small.len() + self.big.len()
    }

    /// Every stored value.
    pub(crate) fn values(&self) -> impl Iterator<Item = &V> {
        self.small.values().chain(self.big.values())
    }
}

/// Splits the cells `m` of a board of shape `s` into orthogonally connected regions of at least `min_size`
/// cells, calling `f` on each region's mask.
#[inline]
pub(crate) fn for_each_region(s: &Shape, mut m: u128, min_size: u32, mut f: impl FnMut(u128)) {
    while m != 0 {
        let seed = m & m.wrapping_neg();
        let comp = s.flood(seed, m);
        m &= !comp;
        if comp.count_ones() >= min_size {
            f(comp);
        }
    }
}

/// The empty cells of `grid` (`.`) split into regions of at least two cells, or `None` if a region does not fit
/// a 128-cell bounding box.
pub(crate) fn grid_regions(grid: &Grid, playable: impl Fn(u8) -> bool) -> Option<Vec<Region>> {
    let (h, w) = (grid.rows() as u32, grid.cols() as u32);
    if h == 0 || w == 0 {
        return Some(Vec::new());
    }
    let mut out = Vec::new();
    if let Some(s) = Shape::new(h, w) {
        let mut m = 0u128;
        for (i, &b) in grid.cells().iter().enumerate() {
            if playable(b) {
                m |= 1u128 << i;
            }
        }
        for_each_region(&s, m, 2, |c| out.push(Region::trimmed(&s, c)));
        return Some(out);
    }
    let marked: Vec<u8> = grid.cells().iter().map(|&b| if playable(b) { b'e' } else { b'#' }).collect();
    let marked = Grid::from_cells(grid.rows(), grid.cols(), marked).expect("same shape");
    for part in marked.decomposition(b'#', Adjacency::Orthogonal) {
        let (ph, pw) = (part.rows() as u32, part.cols() as u32);
        Shape::new(ph, pw)?;
        let mut m = 0u128;
        for (i, &b) in part.cells().iter().enumerate() {
            if b == b'e' {
                m |= 1u128 << i;
            }
        }
        if m.count_ones() >= 2 {
            out.push(Region { h: ph, w: pw, bits: m });
        }
    }
    Some(out)
}

/// The sum of `vals` (sorted first, so that equal multisets hit the engine's sum cache the same way).
pub(crate) fn sum(games: &mut Games, vals: &mut [GameId]) -> GameId {
    let zero = games.zero();
    vals.sort_unstable();
    let mut acc = zero;
    for &v in vals.iter() {
        if v != zero {
            acc = if acc == zero { v } else { games.add(acc, v) };
        }
    }
    acc
}

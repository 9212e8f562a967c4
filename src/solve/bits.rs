//! `u128` bitboards for rectangular boards of at most 128 cells.
//!
//! A board of `h` rows and `w` columns stores cell `(r, c)` (0-indexed) at bit `r * w + c`. A [`Shape`] carries
//! the dimensions and the masks used by shifts; every operation keeps bits outside the board clear.

/// `m << k`, or 0 when `k >= 128`.
#[inline]
pub fn shl(m: u128, k: u32) -> u128 {
    if k >= 128 {
        0
    } else {
        m << k
    }
}

/// `m >> k`, or 0 when `k >= 128`.
#[inline]
pub fn shr(m: u128, k: u32) -> u128 {
    if k >= 128 {
        0
    } else {
        m >> k
    }
}

/// The low `n` bits set.
#[inline]
pub fn low_bits(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// The dimensions of a bitboard and its masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Rows.
    pub h: u32,
    /// Columns.
    pub w: u32,
    /// Every cell of the board.
    pub all: u128,
    /// Every cell not in the last column (cells that have a right neighbour).
    pub not_last_col: u128,
    /// Every cell not in the first column (cells that have a left neighbour).
    pub not_first_col: u128,
}

impl Shape {
    /// The shape of an `h × w` board; `None` unless `1 <= h * w <= 128`.
    pub fn new(h: u32, w: u32) -> Option<Shape> {
        if h == 0 || w == 0 || h.checked_mul(w)? > 128 {
            return None;
        }
        let all = low_bits(h * w);
        let mut first_col = 0u128;
        for r in 0..h {
            first_col |= 1u128 << (r * w);
        }
        let last_col = first_col << (w - 1);
        Some(Shape { h, w, all, not_last_col: all & !last_col, not_first_col: all & !first_col })
    }

    /// The cells orthogonally adjacent to some cell of `m` (may include cells of `m`).
    #[inline]
    pub fn neighbours(&self, m: u128) -> u128 {
        (((m & self.not_last_col) << 1) | ((m & self.not_first_col) >> 1) | shl(m, self.w) | shr(m, self.w)) & self.all
    }

    /// The connected component (orthogonal adjacency) of `within` that contains the cells of `seed`.
    #[inline]
    pub fn flood(&self, seed: u128, within: u128) -> u128 {
        let mut m = seed & within;
        loop {
            let next = (m | self.neighbours(m)) & within;
            if next == m {
                return m;
            }
            m = next;
        }
    }

    /// Row `r` of `m` as the low `w` bits.
    #[inline]
    pub fn row(&self, m: u128, r: u32) -> u128 {
        (m >> (r * self.w)) & low_bits(self.w)
    }

    /// `m` reflected top to bottom.
    pub fn flip_rows(&self, m: u128) -> u128 {
        let mut out = 0;
        for r in 0..self.h {
            out |= self.row(m, r) << ((self.h - 1 - r) * self.w);
        }
        out
    }

    /// `m` reflected left to right.
    pub fn flip_cols(&self, m: u128) -> u128 {
        let mut out = 0;
        for r in 0..self.h {
            out |= (self.row(m, r).reverse_bits() >> (128 - self.w)) << (r * self.w);
        }
        out
    }

    /// `m` transposed; the result lives on the `w × h` board.
    pub fn transpose(&self, m: u128) -> u128 {
        let mut out = 0;
        let mut rest = m;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            let (r, c) = (i / self.w, i % self.w);
            out |= 1u128 << (c * self.h + r);
        }
        out
    }

    /// The bounding box of the nonzero mask `m`: `(first row, rows, first column, columns)`.
    pub fn bounding_box(&self, m: u128) -> (u32, u32, u32, u32) {
        debug_assert!(m != 0);
        let first_row = m.trailing_zeros() / self.w;
        let last_row = (127 - m.leading_zeros()) / self.w;
        let mut cols = 0u128;
        for r in first_row..=last_row {
            cols |= self.row(m, r);
        }
        let first_col = cols.trailing_zeros();
        let last_col = 127 - cols.leading_zeros();
        (first_row, last_row - first_row + 1, first_col, last_col - first_col + 1)
    }

    /// The sub-rectangle of `m` with top-left `(r0, c0)` and size `h × w`, as a mask on that smaller board.
    pub fn extract(&self, m: u128, r0: u32, h: u32, c0: u32, w: u32) -> u128 {
        let mut out = 0;
        let mask = low_bits(w);
        for r in 0..h {
            out |= ((self.row(m, r0 + r) >> c0) & mask) << (r * w);
        }
        out
    }
}

/// Packs the cells of `cells` (row-major, `h × w`) equal to one of `on` into a mask. `None` if too large.
pub fn pack(cells: &[u8], h: u32, w: u32, on: impl Fn(u8) -> bool) -> Option<u128> {
    Shape::new(h, w)?;
    let mut m = 0u128;
    for (i, &b) in cells.iter().enumerate() {
        if on(b) {
            m |= 1u128 << i;
        }
    }
    Some(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shape_ops() {
        let s = Shape::new(2, 3).unwrap();
        // cells: (0,0)=bit0 (0,1)=bit1 (0,2)=bit2 (1,0)=bit3 ...
        assert_eq!(s.all, 0b111111);
        assert_eq!(s.neighbours(0b000001), 0b001010);
        assert_eq!(s.flip_rows(0b000011), 0b011000);
        assert_eq!(s.flip_cols(0b000011), 0b000110);
        // (0,1) -> transposed (1,0) on a 3x2 board = bit 2
        assert_eq!(s.transpose(0b000010), 0b000100);
        assert_eq!(s.flood(1, 0b100011), 0b000011);
        assert_eq!(s.bounding_box(0b010010), (0, 2, 1, 1));
        assert_eq!(s.extract(0b110110, 0, 2, 1, 2), 0b1111);
        let big = Shape::new(1, 128).unwrap();
        assert_eq!(big.all, u128::MAX);
        assert_eq!(big.neighbours(1), 2);
        assert_eq!(big.flip_cols(1), 1u128 << 127);
        assert!(Shape::new(12, 11).is_none());
        let tall = Shape::new(128, 1).unwrap();
        assert_eq!(tall.neighbours(1), 2);
        assert_eq!(tall.flip_cols(5), 5);
    }
}

//! A board's cells in row-major order, kept in place when there are few: up to [`INLINE`] of them inside the
//! value, so that a ruleset's board (a grid value per option: 24 cells for the 4 × 6 Konane board) is one
//! allocation, not two, and its cells lie beside its shape; more on the heap. Character grids
//! ([`super::grid::Grid`], bytes) and integer grids (`library/board/numgrid.rs`, `i8`s) both keep their cells
//! so.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Deref, DerefMut};

/// How many cells a board holds in place.
pub const INLINE: usize = 32;

/// Cells of type `T`, up to [`INLINE`] in place.
#[derive(Clone)]
pub enum Cells<T> {
    Inline { len: u8, buf: [T; INLINE] },
    Heap(Box<[T]>),
}

impl<T: Copy + Default> Cells<T> {
    /// `n` cells, all `b`.
    pub fn filled(n: usize, b: T) -> Cells<T> {
        if n <= INLINE {
            Cells::Inline { len: n as u8, buf: [b; INLINE] }
        } else {
            Cells::Heap(vec![b; n].into_boxed_slice())
        }
    }
}

impl<T: Copy + Default> From<&[T]> for Cells<T> {
    #[inline]
    fn from(cells: &[T]) -> Cells<T> {
        if cells.len() > INLINE {
            return Cells::Heap(cells.into());
        }
        let mut buf = [T::default(); INLINE];
        buf[..cells.len()].copy_from_slice(cells);
        Cells::Inline { len: cells.len() as u8, buf }
    }
}

impl<T: Copy + Default> From<Vec<T>> for Cells<T> {
    fn from(cells: Vec<T>) -> Cells<T> {
        if cells.len() > INLINE {
            return Cells::Heap(cells.into_boxed_slice());
        }
        Cells::from(&cells[..])
    }
}

impl<T> Deref for Cells<T> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        match self {
            Cells::Inline { len, buf } => &buf[..*len as usize],
            Cells::Heap(b) => b,
        }
    }
}

impl<T> DerefMut for Cells<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        match self {
            Cells::Inline { len, buf } => &mut buf[..*len as usize],
            Cells::Heap(b) => b,
        }
    }
}

/// Cells compare as the slices they hold, whichever way they are kept.
impl<T: PartialEq> PartialEq for Cells<T> {
    fn eq(&self, other: &Cells<T>) -> bool {
        **self == **other
    }
}

impl<T: Eq> Eq for Cells<T> {}

impl<T: Ord> PartialOrd for Cells<T> {
    fn partial_cmp(&self, other: &Cells<T>) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<T: Ord> Ord for Cells<T> {
    fn cmp(&self, other: &Cells<T>) -> Ordering {
        (**self).cmp(&**other)
    }
}

/// The cells as a list (as the boxed slice they were printed as).
impl<T: fmt::Debug> fmt::Debug for Cells<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

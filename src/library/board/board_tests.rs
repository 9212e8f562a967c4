//! The compiled tree's fast reads of boards against the general ones: the cells of a grid of integers read in
//! place (`numgrid::cells`, the library's `num_cells`) against the grid's indexing (`numgrid::cell`, which
//! answers `Nothing` off the board), and against the other kinds of value, `numgrid::set_cells` against a grid built with the cells changed, and the
//! word-wide free cells of the integer decomposition against a cell-by-cell count. Random boards of every shape
//! up to 5 × 6, every cell on and around the board (rows and columns 0, negative and past the end, and the
//! extremes of `i64`).

use super::grid::{self, GridValue};
use super::numgrid::{self, NumGrid};
use crate::interp::value::Value;
use crate::solve::grid::Grid;
use std::rc::Rc;

/// A small deterministic generator (xorshift64).
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Random boards of every shape up to 5 × 6, as (rows, cols, cells): integer cells from −2 to 2 (so both grid
/// kinds can be made from them: `.xo#%` for the characters).
fn shapes(seed: u64) -> Vec<(usize, usize, Vec<i8>)> {
    let mut st = seed;
    let mut out = Vec::new();
    for rows in 0..=5 {
        for cols in 0..=6 {
            for _ in 0..4 {
                out.push((rows, cols, (0..rows * cols).map(|_| (next(&mut st) % 5) as i8 - 2).collect()));
            }
        }
    }
    out
}

/// The coordinates tried on a `rows × cols` board: every one from −2 to two past the edge, and the extremes.
fn coordinates(rows: usize, cols: usize) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    for r in -2..=rows as i64 + 2 {
        for c in -2..=cols as i64 + 2 {
            out.push((r, c));
        }
    }
    out.extend([(i64::MIN, 1), (1, i64::MIN), (i64::MAX, 1), (1, i64::MAX), (i64::MIN, i64::MAX)]);
    out
}

fn chars(cells: &[i8]) -> Vec<u8> {
    cells.iter().map(|&v| b".xo#%"[(v + 2) as usize]).collect()
}

#[test]
fn integer_cells_read_in_place_as_indexed() {
    for (rows, cols, cells) in shapes(0x9e37_79b9) {
        // A grid of characters has no integer cells (its own reads are `as_grid`'s).
        let g = GridValue::value(Grid::from_cells(rows, cols, chars(&cells)).unwrap());
        assert!(numgrid::cells(&g).is_none());
        assert_eq!(grid::as_grid(&g).map(|g| g.cells().to_vec()), Some(chars(&cells)));
        let n = NumGrid::value(rows, cols, cells.clone());
        assert!(grid::as_grid(&n).is_none());
        let b = numgrid::cells(&n).expect("a grid of integers");
        // Every cell on and off the board: in place as the grid's indexing answers it (`Nothing` off it).
        for (r, c) in coordinates(rows, cols) {
            let general = numgrid::cell(&n, r, c).unwrap();
            let fast = b.get_signed(r, c).map_or(Value::Nothing, |v| Value::int(i64::from(v)));
            assert_eq!(fast, general, "{rows}×{cols} {cells:?} at ({r}, {c})");
        }
    }
    // Neither grid: no cells.
    let others = [
        Value::Nothing,
        Value::small_int(3),
        Value::str("x.o"),
        Value::Tuple(Rc::from([Value::small_int(1), Value::small_int(2)])),
        grid::constants()[0].1.clone(),
    ];
    for v in &others {
        assert!(numgrid::cells(v).is_none() && grid::as_grid(v).is_none(), "{v:?}");
    }
}

#[test]
fn integer_cells_set_in_place_as_built() {
    let mut st = 0x2545_f491_4f6c_dd1d;
    for (rows, cols, cells) in shapes(0x1234_5678) {
        let g = NumGrid::value(rows, cols, cells.clone());
        let coords = coordinates(rows, cols);
        for _ in 0..8 {
            // One to four cells, on or off the board, values inside a byte and (now and then) outside.
            let n = 1 + (next(&mut st) % 4) as usize;
            let changes: Vec<(i64, i64, i64)> = (0..n)
                .map(|_| {
                    let (r, c) = coords[(next(&mut st) % coords.len() as u64) as usize];
                    let k = match next(&mut st) % 8 {
                        0 => 300,
                        1 => -129,
                        x => x as i64 - 4,
                    };
                    (r, c, k)
                })
                .collect();
            let mut want = cells.clone();
            let mut ok = true;
            for &(r, c, k) in &changes {
                let on = (1..=rows as i64).contains(&r) && (1..=cols as i64).contains(&c);
                match (on, i8::try_from(k)) {
                    (true, Ok(k)) => want[(r as usize - 1) * cols + c as usize - 1] = k,
                    _ => ok = false,
                }
            }
            let got = numgrid::set_cells(&g, &changes);
            let want = ok.then(|| NumGrid::value(rows, cols, want));
            assert_eq!(got, want, "{rows}×{cols} {cells:?} {changes:?}");
        }
    }
    // Not a grid of integers: no answer.
    let g = GridValue::value(Grid::parse("x.").unwrap());
    assert_eq!(numgrid::set_cells(&g, &[(1, 1, 0)]), None);
}

#[test]
fn free_cells_by_words_agree_with_the_cells() {
    let mut st = 0x0bad_cafe;
    for n in 0..=64usize {
        for _ in 0..16 {
            let cells: Vec<u8> = (0..n).map(|_| [0u8, 1, 2, 0x80, 0xff, 0x7f][(next(&mut st) % 6) as usize]).collect();
            for bv in [0u8, 1, 0x80, 0xff, 0x7f] {
                let want = cells.iter().enumerate().filter(|&(_, &v)| v != bv).fold(0u64, |m, (i, _)| m | 1 << i);
                assert_eq!(numgrid::free_bits(&cells, bv), want, "{cells:?} {bv}");
            }
        }
    }
}

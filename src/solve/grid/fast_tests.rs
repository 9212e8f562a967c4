//! The fast paths of [`super::Grid`] against the general ones: the decomposition's answer for a board with every
//! cell occupied (the grid itself, found without growing a region) against the cell-by-cell search, for every
//! shape up to 8 × 8 and step sets that do and do not join a full board; the images of [`Grid::permuted`]
//! hashed as they are written against [`hash_cells`] of their cells, and [`Grid::least_image`] (which skips
//! images of a larger shape unseen) against the least image built; and [`NumCells::get_signed`] against the
//! definition, on and off the board.

use super::*;

/// The step sets tried: the rook's, the king's, one unit step each way, the bishop's, the knight's, and one
/// unit step alone (a full board of one row or column is joined by it, another is not).
const STEP_SETS: [&[(i64, i64)]; 7] = [
    &[(-1, 0), (0, -1), (0, 1), (1, 0)],
    &[(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)],
    &[(0, 1), (-1, 0)],
    &[(-1, -1), (-1, 1), (1, -1), (1, 1)],
    &[(1, 2), (2, 1), (-1, 2), (-2, 1)],
    &[(0, 1)],
    &[(1, 0)],
];

#[test]
fn full_boards_decompose_as_searched() {
    let mut whole = 0;
    for rows in 1..=8 {
        for cols in 1..=8 {
            // Every cell occupied (two letters, so regions keep their cells), and the same with one cell empty.
            let full: Vec<u8> = (0..rows * cols).map(|i| if i % 3 == 0 { b'x' } else { b'o' }).collect();
            let mut holed = full.clone();
            holed[(rows * cols) / 2] = b'.';
            for cells in [full, holed] {
                let g = Grid::from_cells(rows, cols, cells).unwrap();
                for steps in STEP_SETS {
                    for as_none in [false, true] {
                        let bits = g.decompose_bits(b'.', steps, as_none).expect("at most 64 cells");
                        assert_eq!(bits, g.decompose_cells(b'.', steps, as_none), "{g} {steps:?} {as_none}");
                        whole += usize::from(as_none && bits.is_none());
                    }
                }
            }
        }
    }
    // The shortcut was taken (full boards joined by their steps), and not only it.
    assert!(whole > 200, "{whole}");
}

#[test]
fn a_full_board_is_its_own_decomposition_by_hand() {
    let g = Grid::parse("xo|ox").unwrap();
    assert_eq!(g.decomposition_or_whole(b'#', Adjacency::Orthogonal.offsets()), None);
    // Diagonal steps split a full 2 × 2 board into its two diagonals.
    let parts = g.decomposition_or_whole(b'#', Adjacency::Diagonal.offsets()).unwrap();
    let parts: Vec<String> = parts.iter().map(Grid::to_string).collect();
    assert_eq!(parts, ["x#|#x", "#o|o#"]);
    // A row is joined by a step along it, not by a step across it.
    let row = Grid::parse("xox").unwrap();
    assert_eq!(row.decomposition_or_whole(b'#', &[(0, 1)]), None);
    assert_eq!(row.decomposition_or_whole(b'#', &[(1, 0)]).unwrap().len(), 3);
}

#[test]
fn integer_cells_read_as_defined() {
    let cells: Vec<i8> = (0..12).map(|i| i as i8 - 6).collect();
    let v = NumCells::new(3, 4, &cells);
    for r in -3..=6i64 {
        for c in -3..=7i64 {
            let want =
                ((1..=3).contains(&r) && (1..=4).contains(&c)).then(|| cells[(r as usize - 1) * 4 + c as usize - 1]);
            assert_eq!(v.get_signed(r, c), want, "({r}, {c})");
        }
    }
    for (r, c) in [(i64::MIN, 1), (1, i64::MIN), (i64::MAX, i64::MAX), (0, 0)] {
        assert_eq!(v.get_signed(r, c), None);
    }
    // A board of no cells has none to read.
    assert_eq!(NumCells::new(0, 5, &[]).get_signed(1, 1), None);
}

#[test]
fn images_hash_as_their_cells_and_the_least_is_found() {
    let mut st = 0x9e37_79b9_7f4a_7c15u64;
    for rows in 0..=6 {
        for cols in 0..=6 {
            for _ in 0..6 {
                st ^= st << 13;
                st ^= st >> 7;
                st ^= st << 17;
                let cells: Vec<u8> = (0..rows * cols).map(|i| b".xo"[((st >> (i % 60)) % 3) as usize]).collect();
                let g = Grid::from_cells(rows, cols, cells).unwrap();
                for f in ALL_FLAGS {
                    let p = g.permuted(f.0, f.1, f.2);
                    assert_eq!(p.hash(), hash_cells(p.rows(), p.cols(), p.cells()), "{g} {f:?}");
                    assert_eq!(p, Grid::from_cells(p.rows(), p.cols(), p.cells().to_vec()).unwrap());
                }
                for flags in [&ALL_FLAGS[..], &ALL_FLAGS[..4], &ALL_FLAGS[4..], &ALL_FLAGS[3..6]] {
                    assert_eq!(g.least_image(flags), g.least_image_built(flags), "{g} {flags:?}");
                }
            }
        }
    }
}

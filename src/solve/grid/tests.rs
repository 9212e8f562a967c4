//! Tests of [`super::Grid`].

use super::*;

#[test]
fn parse_get_display() {
    let g = Grid::parse("xo.|ox.").unwrap();
    assert_eq!((g.rows(), g.cols()), (2, 3));
    assert_eq!(g.get(1, 1), Some(b'x'));
    assert_eq!(g.get(2, 3), Some(b'.'));
    assert_eq!(g.get(0, 1), None);
    assert_eq!(g.get(3, 1), None);
    assert_eq!(g.get(1, 4), None);
    assert_eq!(g.get_signed(-1, 1), None);
    assert_eq!(g.to_string(), "xo.|ox.");
    assert_eq!(Grid::parse("").unwrap().to_string(), "");
}

#[test]
fn ragged_is_an_error() {
    assert_eq!(Grid::parse("xo|x"), Err(GridError::Ragged { row: 2, expected: 2, found: 1 }));
    assert_eq!(Grid::parse("é"), Err(GridError::NonAscii));
}

#[test]
fn updated_and_find_all() {
    let g = Grid::parse("xo.|ox.").unwrap();
    let h = g.updated(&[((1, 3), b'x'), ((2, 1), b'.')]).unwrap();
    assert_eq!(h.to_string(), "xox|.x.");
    assert_eq!(g.to_string(), "xo.|ox.");
    assert_eq!(h.find_all(b'x'), vec![(1, 1), (1, 3), (2, 2)]);
    assert_eq!(g.updated(&[((3, 1), b'x')]), Err(GridError::OutOfRange { row: 3, col: 1 }));
}

#[test]
fn decomposition_regions() {
    let g = Grid::parse("xx..o|....o|.x...").unwrap();
    let parts: Vec<String> = g.decomposition(b'.', Adjacency::Orthogonal).iter().map(|p| p.to_string()).collect();
    assert_eq!(parts, vec!["xx", "o|o", "x"]);
    let g = Grid::parse("x.|.x").unwrap();
    assert_eq!(g.decomposition(b'.', Adjacency::Orthogonal).len(), 2);
    let d = g.decomposition(b'.', Adjacency::Diagonal);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].to_string(), "x.|.x");
    assert_eq!(g.decomposition(b'.', Adjacency::King).len(), 1);
    let g = Grid::parse("x.x|xxx").unwrap();
    let d = g.decomposition(b'.', Adjacency::Orthogonal);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].to_string(), "x.x|xxx");
}

#[test]
fn symmetries_and_canonical() {
    let g = Grid::parse("ab|cd").unwrap();
    let mut all: Vec<String> = g.symmetries().iter().map(|s| s.to_string()).collect();
    all.sort();
    assert_eq!(all, vec!["ab|cd", "ac|bd", "ba|dc", "bd|ac", "ca|db", "cd|ab", "db|ca", "dc|ba"]);
    assert_eq!(g.canonical().to_string(), "ab|cd");
    assert_eq!(Grid::parse("dc|ba").unwrap().canonical().to_string(), "ab|cd");
    let r = Grid::parse("cba|fed").unwrap();
    assert_eq!(r.symmetries().len(), 4);
    assert_eq!(r.canonical().to_string(), "abc|def");
    assert_eq!(r.transpose().to_string(), "cf|be|ad");
}

#[test]
fn permuted_and_least_image() {
    // The eight images of "ab|cd|ef" by hand: flips reverse rows / columns, then the transpose.
    let g = Grid::parse("ab|cd|ef").unwrap();
    assert_eq!(g.permuted(true, false, false).to_string(), "ef|cd|ab");
    assert_eq!(g.permuted(false, true, false).to_string(), "ba|dc|fe");
    assert_eq!(g.permuted(true, true, false).to_string(), "fe|dc|ba");
    assert_eq!(g.permuted(false, false, true).to_string(), "ace|bdf");
    assert_eq!(g.permuted(false, true, true).to_string(), "bdf|ace");
    assert_eq!(g.permuted(true, false, true).to_string(), "eca|fdb");
    assert_eq!(g.permuted(true, true, true).to_string(), "fdb|eca");
    // Ord puts the shape first: a 2 × 3 image is below every 3 × 2 one.
    let all: Vec<(bool, bool, bool)> = (0..8).map(|i| (i & 1 != 0, i & 2 != 0, i & 4 != 0)).collect();
    assert_eq!(g.least_image(&all).unwrap().to_string(), "ace|bdf");
    assert_eq!(g.least_image(&all[..4]), None);
    let h = Grid::parse("fe|dc|ba").unwrap();
    assert_eq!(h.least_image(&all[..4]).unwrap().to_string(), "ab|cd|ef");
    // Agrees with `canonical` on a square grid.
    let sq = Grid::parse("dc|ba").unwrap();
    assert_eq!(sq.least_image(&all).unwrap(), sq.canonical());
}

/// A small deterministic generator (xorshift64) for the brute-force checks below.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Random grids of every shape up to 5 × 5 over a three-letter alphabet (so images often tie).
fn random_grids(seed: u64, per_shape: usize) -> Vec<Grid> {
    let mut st = seed;
    let mut out = Vec::new();
    for rows in 0..=5 {
        for cols in 0..=5 {
            for _ in 0..per_shape {
                let cells: Vec<u8> = (0..rows * cols).map(|_| b".xo"[(next(&mut st) % 3) as usize]).collect();
                out.push(Grid::from_cells(rows, cols, cells).unwrap());
            }
        }
    }
    out
}

#[test]
fn hash_follows_updates() {
    // A grid reached by `updated` (incremental Zobrist) hashes as the same grid parsed fresh.
    let mut st = 0x1234_5678_9abc_def0;
    for g in random_grids(7, 4) {
        if g.cells().is_empty() {
            continue;
        }
        let mut h = g.clone();
        for _ in 0..6 {
            let k = 1 + (next(&mut st) % 3) as usize;
            let changes: Vec<((usize, usize), u8)> = (0..k)
                .map(|_| {
                    let r = 1 + (next(&mut st) % g.rows() as u64) as usize;
                    let c = 1 + (next(&mut st) % g.cols() as u64) as usize;
                    ((r, c), b".xo#"[(next(&mut st) % 4) as usize])
                })
                .collect();
            h = h.updated(&changes).unwrap();
            let fresh = Grid::parse(&h.to_string()).unwrap();
            assert_eq!(h.hash(), fresh.hash(), "{h}");
            assert_eq!(h.hash(), hash_cells(h.rows(), h.cols(), h.cells()));
            assert_eq!(h, fresh);
        }
    }
    // Every way of building a grid agrees with the hash of its cells.
    let g = Grid::parse("xo.|ox.").unwrap();
    for h in [g.flip_rows(), g.flip_cols(), g.transpose(), g.permuted(true, false, true), g.canonical()] {
        assert_eq!(h.hash(), Grid::parse(&h.to_string()).unwrap().hash(), "{h}");
    }
    for part in Grid::parse("xx..o|....o|.x...").unwrap().decomposition(b'.', Adjacency::Orthogonal) {
        assert_eq!(part.hash(), Grid::parse(&part.to_string()).unwrap().hash());
    }
    assert_eq!(Grid::filled(2, 3, b'.').hash(), Grid::parse("...|...").unwrap().hash());
    // The shape is part of the hash: same cells, other shapes.
    let (a, b) = (Grid::parse("xo|ox").unwrap(), Grid::parse("xoox").unwrap());
    assert_ne!(a.hash(), b.hash());
}

#[test]
fn lazy_least_image_agrees_with_built_images() {
    // Brute force vs fast path: every subset of the eight symmetries (in flag order and reversed), on random
    // grids of every shape up to 5 × 5.
    for g in random_grids(99, 6) {
        for mask in 0u32..256 {
            let mut syms: Vec<(bool, bool, bool)> =
                ALL_FLAGS.iter().enumerate().filter(|&(i, _)| mask & (1 << i) != 0).map(|(_, &f)| f).collect();
            assert_eq!(g.least_image(&syms), g.least_image_built(&syms), "{g} {syms:?}");
            syms.reverse();
            assert_eq!(g.least_image(&syms), g.least_image_built(&syms), "{g} {syms:?}");
        }
        let built = g.symmetries().into_iter().min().unwrap();
        assert_eq!(g.canonical(), built, "{g}");
    }
}

#[test]
fn decomposition_or_whole_agrees() {
    // `None` exactly when the decomposition is the grid alone; otherwise the same regions.
    for g in random_grids(5, 6) {
        for steps in [Adjacency::Orthogonal.offsets(), Adjacency::King.offsets(), &[(1, 2)][..]] {
            let all = g.decomposition_by(b'.', steps);
            match g.decomposition_or_whole(b'.', steps) {
                None => assert_eq!(all, vec![g.clone()], "{g}"),
                Some(parts) => {
                    assert_eq!(parts, all, "{g}");
                    assert_ne!(all, vec![g.clone()], "{g}");
                }
            }
        }
    }
    assert_eq!(Grid::parse("xx|x.").unwrap().decomposition_or_whole(b'.', Adjacency::Orthogonal.offsets()), None);
    assert!(Grid::parse("xx|..").unwrap().decomposition_or_whole(b'.', Adjacency::Orthogonal.offsets()).is_some());
}

/// Random grids of the largest shapes the bit-set decomposition takes (64 cells and one row or column of them,
/// 63 cells), over `.` `x` `o` with many empty cells (so regions are many and small).
fn random_large_grids(seed: u64, per_shape: usize) -> Vec<Grid> {
    let mut st = seed;
    let mut out = Vec::new();
    for (rows, cols) in [(8, 8), (1, 64), (64, 1), (2, 32), (9, 7), (4, 16)] {
        for _ in 0..per_shape {
            let cells: Vec<u8> = (0..rows * cols).map(|_| b"..xo"[(next(&mut st) % 4) as usize]).collect();
            out.push(Grid::from_cells(rows, cols, cells).unwrap());
        }
    }
    out
}

#[test]
fn bit_set_decomposition_agrees_with_the_cell_walk() {
    // The two ways of finding regions give the same regions in the same order (and the same `None` for the
    // whole board), for the built-in adjacencies, knight-like, long, zero and off-board steps, on every shape up
    // to 5 × 5 and the largest shapes of 63 and 64 cells.
    let step_sets: [&[(i64, i64)]; 8] = [
        Adjacency::Orthogonal.offsets(),
        Adjacency::Diagonal.offsets(),
        Adjacency::King.offsets(),
        &[(1, 2)],
        &[(0, 3), (2, -1)],
        &[(0, 0)],
        &[(70, 0), (0, 70), (-5, 5)],
        &[],
    ];
    let mut grids = random_grids(11, 5);
    grids.extend(random_large_grids(12, 4));
    for g in &grids {
        for steps in step_sets {
            for whole in [false, true] {
                let bits = g.decompose_bits(b'.', steps, whole).expect("a board of at most 64 cells");
                assert_eq!(bits, g.decompose_cells(b'.', steps, whole), "{g} {steps:?} {whole}");
            }
        }
    }
    // A larger board, or more than eight steps, goes cell by cell.
    let big = Grid::filled(5, 13, b'x');
    assert!(big.decompose_bits(b'.', Adjacency::Orthogonal.offsets(), false).is_none());
    assert_eq!(big.decomposition(b'.', Adjacency::Orthogonal), vec![big.clone()]);
    let nine: Vec<(i64, i64)> = (1..=9).map(|i| (0, i)).collect();
    assert!(Grid::filled(2, 2, b'x').decompose_bits(b'.', &nine, false).is_none());
    // By hand: a 1 × 64 row of x.x.… has 32 regions of one cell; with the step (0, 2) it is one region.
    let row = Grid::from_cells(1, 64, (0..64).map(|i| if i % 2 == 0 { b'x' } else { b'.' }).collect()).unwrap();
    assert_eq!(row.decomposition(b'.', Adjacency::Orthogonal).len(), 32);
    assert_eq!(row.decomposition_by(b'.', &[(0, 2)]).len(), 1);
    assert_eq!(row.decomposition_by(b'.', &[(0, 2)])[0].to_string(), "x".to_string() + &".x".repeat(31));
}

#[test]
fn permuted_agrees_with_the_cell_definition() {
    // Image cell: source (r, c) goes to (r', c'), r' = rows − 1 − r under the row flip, c' likewise, then the
    // two exchanged under the transpose; every shape up to 5 × 5 and all eight symmetries.
    for g in random_grids(21, 3) {
        for &(fr, fc, t) in &ALL_FLAGS {
            let (rows, cols) = if t { (g.cols(), g.rows()) } else { (g.rows(), g.cols()) };
            let mut cells = vec![0u8; g.cells().len()];
            for (i, &x) in g.cells().iter().enumerate() {
                let (r, c) = (i / g.cols(), i % g.cols());
                let r = if fr { g.rows() - 1 - r } else { r };
                let c = if fc { g.cols() - 1 - c } else { c };
                let (r, c) = if t { (c, r) } else { (r, c) };
                cells[r * cols + c] = x;
            }
            let h = g.permuted(fr, fc, t);
            assert_eq!(h, Grid::from_cells(rows, cols, cells).unwrap(), "{g} {fr} {fc} {t}");
            assert_eq!(h.hash(), hash_cells(rows, cols, h.cells()));
        }
    }
}

#[test]
fn signed_cell_reads() {
    // On the board exactly for 1 ≤ r ≤ rows and 1 ≤ c ≤ cols, whatever the sign or size of the coordinates.
    let g = Grid::parse("xo.|ox#").unwrap();
    for r in [-3i64, -1, 0, 1, 2, 3, i64::MIN, i64::MAX] {
        for c in [-1i64, 0, 1, 3, 4, i64::MIN, i64::MAX] {
            let on = (1..=2).contains(&r) && (1..=3).contains(&c);
            let want = on.then(|| g.cells()[(r as usize - 1) * 3 + c as usize - 1]);
            assert_eq!(g.get_signed(r, c), want, "({r}, {c})");
        }
    }
    assert_eq!(g.get_signed(2, 3), Some(b'#'));
}

#[test]
fn occupied_bits_agree_with_the_cells() {
    // Property: eight cells a word give the bit of every cell different from `empty`, as one cell at a time
    // does, for every length up to 64 (whole words and a remainder), bytes of every value (0, 0x7f, 0x80 and
    // 0xff among them: the word trick must not carry from one byte into the next) and empties of every kind.
    let mut st = 7u64;
    for n in 0..=64 {
        for round in 0..40 {
            let empty = [b'.', b'#', 0, 0x7f, 0x80, 0xff][round % 6];
            let pool = [empty, b'x', b'o', 0, 0x7f, 0x80, 0xff, 1, 0xfe];
            let cells: Vec<u8> = (0..n).map(|_| pool[(next(&mut st) % pool.len() as u64) as usize]).collect();
            let want = cells.iter().enumerate().fold(0u64, |a, (i, &x)| a | u64::from(x != empty) << i);
            assert_eq!(super::occupied_bits(&cells, empty), want, "{cells:?} empty {empty}");
        }
    }
    assert_eq!(super::occupied_bits(&[b'.'; 64], b'.'), 0);
    assert_eq!(super::occupied_bits(&[b'x'; 64], b'.'), u64::MAX);
}

#[test]
fn zobrist_table_holds_the_mixed_keys() {
    // The compile-time table agrees with its definition on every cell it covers, and cells past it are mixed.
    for i in 0..70 {
        for b in 0..=255u8 {
            assert_eq!(super::zobrist(i, b), super::zobrist_mixed(i, b), "cell {i}, byte {b}");
        }
    }
    // By hand: a key is SplitMix64's finaliser of `i · 256 + b` (cell 0 holding 0: the finaliser of 0, whose
    // first step adds the golden-ratio constant).
    assert_eq!(super::zobrist(0, 0), 0xe220_a839_7b1d_cdaf);
}

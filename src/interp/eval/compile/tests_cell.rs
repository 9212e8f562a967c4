//! The compiled cell tests (`g[r, c] == s`, `… and …` of two, [`super::CellTest`], [`super::CellPair`]) and
//! `g.Updated({…})` ([`super::updated_lit`]) against the evaluator's general path, on random boards of both
//! grid kinds: every cell on and around the board (rows and columns 0, negative and past the edge), against a
//! literal and a local, `==` and `!=`, alone and in pairs. Each program must print the same compiled and
//! evaluated, and some answers are checked by hand (off the board a cell is `Nothing`, equal to no string and
//! no integer).

use super::super::tests::{run, same};

/// A small deterministic generator (xorshift64).
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// A random board of `rows × cols` over `alphabet`, as the text `Grid.Parse` reads.
fn board(st: &mut u64, rows: usize, cols: usize, alphabet: &[u8]) -> String {
    let row = |st: &mut u64| -> String {
        (0..cols).map(|_| alphabet[(next(st) % alphabet.len() as u64) as usize] as char).collect()
    };
    (0..rows).map(|_| row(st)).collect::<Vec<_>>().join("|")
}

/// The tests of one program over every cell from (−1, −1) to two past the corner: the cell alone against a
/// literal and a local, and pairs whose second cell is one step on (as Konane's and Domineering's tests read).
fn tests(grid: &str, values: &[&str]) -> String {
    let mut src = format!("g := {grid};\n");
    src.push_str(&format!(
        "def t(g, r, c, k, dr, dc) := [g[r, c] == k, g[r, c] != k, g[r, c] == {v}, g[r, c] != {v}, \
         g[r, c] == k and g[r + dr, c + dc] == {v}, g[r - 1, c] == k and g[r - 2, c] != k, \
         g[r, c + 1] != k and g[r + dr + dr, c + dc + dc] == k];\n",
        v = values[0]
    ));
    let ks = values.join(", ");
    src.push_str(&format!(
        "[t(g, r, c, k, d[1], d[2]) for r from -1 to g.RowCount + 2 for c from -1 to g.ColCount + 2 \
         for k in [{ks}] for d in [(1, 0), (0, 1), (-1, 0)]]"
    ));
    src
}

#[test]
fn cell_tests_of_characters_agree_with_the_general_path() {
    let mut st = 0x9e37_79b9_7f4a_7c15;
    for (rows, cols) in [(1, 1), (1, 4), (3, 1), (2, 3), (4, 5), (3, 3)] {
        let text = board(&mut st, rows, cols, b".xo");
        let out = same(&tests(&format!("Grid(\"{text}\")"), &["\"x\"", "\"o\"", "\".\"", "\"xo\""]), "]");
        assert!(!out.contains("error"), "{out}");
    }
}

#[test]
fn cell_tests_of_integers_agree_with_the_general_path() {
    let mut st = 0x2545_f491_4f6c_dd1d;
    for (rows, cols) in [(1, 1), (1, 4), (3, 1), (2, 3), (4, 5), (3, 3)] {
        let text = board(&mut st, rows, cols, b".#x");
        let out = same(&tests(&format!("Grid.Parse(\"{text}\", \".#x\")"), &["0", "1", "2", "-1"]), "]");
        assert!(!out.contains("error"), "{out}");
    }
}

#[test]
fn cell_tests_off_the_board_by_hand() {
    // Off the board the cell is `Nothing`: `==` false and `!=` true, against a string or an integer.
    let chars = "g := Grid(\"x.|.o\");\ndef t(g, r, c) := [g[r, c] == \"x\", g[r, c] != \"x\", g[r, c] == \".\" and g[r + 1, c] == \".\"];\n";
    same(&format!("{chars}[t(g, 0, 1), t(g, 1, 3), t(g, -5, -5), t(g, 1, 1), t(g, 1, 2)]"),
        "[[false, true, false], [false, true, false], [false, true, false], [true, false, false], [false, true, false]]");
    let nums = "g := Grid.Parse(\"#.|.#\", \".#\");\ndef t(g, r, c) := [g[r, c] == 1, g[r, c] != 1, g[r, c] == 0 and g[r + 1, c] == 1];\n";
    same(
        &format!("{nums}[t(g, 0, 1), t(g, 3, 1), t(g, 1, -1), t(g, 1, 1), t(g, 1, 2)]"),
        "[[false, true, false], [false, true, false], [false, true, false], [true, false, false], [false, true, true]]",
    );
}

#[test]
fn updates_of_one_or_two_cells_agree_with_the_general_path() {
    let mut st = 0x0123_4567_89ab_cdef;
    for (rows, cols) in [(1, 2), (2, 3), (4, 5), (3, 3)] {
        let text = board(&mut st, rows, cols, b".#x");
        let src = format!(
            "g := Grid.Parse(\"{text}\", \".#x\");\nh := Grid(\"{}\");\n\
             def one(g, r, c, k) := g.Updated({{(r, c) => k}});\n\
             def two(g, r, c, k, dr, dc) := g.Updated({{(r, c) => k, (r + dr, c + dc) => k}});\n\
             [[one(g, r, c, 2), two(g, r, c, 1, 0, 0), one(h, r, c, \"o\"), two(h, r, c, \".\", 0, 0)] \
             for r from 1 to g.RowCount for c from 1 to g.ColCount]",
            text.replace('#', "o")
        );
        let out = same(&src, "]");
        assert!(!out.contains("error"), "{out}");
    }
    // Off the board: the same error both ways, with its message.
    let on = run("g := Grid(\"x.\");\ndef one(g, r, c) := g.Updated({(r, c) => \"o\"});\none(g, 1, 3)", true);
    assert_eq!(on, run("g := Grid(\"x.\");\ndef one(g, r, c) := g.Updated({(r, c) => \"o\"});\none(g, 1, 3)", false));
    assert!(on.contains("error: "), "{on}");
}

/// Pairs whose second cell is the first's moved by a constant (`CellPair`'s `step`: `g[r - 1, c] == k and
/// g[r - 2, c] == "."`, also with two locals, `g[r + dr, c] … g[r + dr + 1, c]`) against the general path on
/// random boards of both kinds, every cell on and around the board.
#[test]
fn stepped_pairs_agree_with_the_general_path() {
    let pairs = |v: &str| {
        format!(
            "def t(g, r, c, k, dr) := [g[r - 1, c] == k and g[r - 2, c] == {v}, g[r, c + 1] != k and g[r, c - 1] == k, \
             g[r + dr, c] == k and g[r + dr + 1, c + 2] != {v}, g[r + dr, c - dr] == {v} and g[r + dr - 3, c - dr + 1] == k];\n"
        )
    };
    let mut st = 0x5851_f42d_4c95_7f2d;
    for (rows, cols) in [(1, 3), (3, 1), (4, 5), (3, 3)] {
        let text = board(&mut st, rows, cols, b".xo");
        for (grid, ks) in [
            (format!("Grid(\"{text}\")"), ["\".\"", "\"x\"", "\"o\""]),
            (format!("Grid.Parse(\"{text}\", \".xo\")"), ["0", "1", "2"]),
        ] {
            let src = format!(
                "g := {grid};\n{}[t(g, r, c, k, dr) for r from -1 to g.RowCount + 3 for c from -1 to g.ColCount + 3 \
                 for k in [{}] for dr in [-1, 0, 2]]",
                pairs(ks[0]),
                ks.join(", ")
            );
            let out = same(&src, "]");
            assert!(!out.contains("error"), "{out}");
        }
    }
    // Past `i64`: the first cell off the board (`!=` holds), the second's row one past `i64::MAX` (`Nothing`, so
    // `==` does not hold); and the step from the first cell's row back onto the board.
    let g = "g := Grid(\"x.|.o\");\ndef p(g, r, c) := [g[r, c] != \"o\" and g[r + 1, c] == \"x\", g[r, c] != \"o\" and g[r + 1, c] != \"x\"];\n";
    same(
        &format!("{g}[p(g, 9223372036854775807, 1), p(g, 0, 1), p(g, 1, 1), p(g, -1, 1)]"),
        "[[false, true], [true, false], [false, true], [false, true]]",
    );
}

/// `Coord::step_to`: a constant step only between coordinates of the same locals and coefficients.
#[test]
fn steps_between_coordinates() {
    use super::super::tree::Coord;
    let one = |x, a, k| Coord::One { x, a, k };
    let two = |k| Coord::Two { x: 1, a: 1, y: 2, b: 2, k };
    assert_eq!(one(3, 1, -1).step_to(&one(3, 1, -2)), Some(-1));
    assert_eq!(one(3, 1, 0).step_to(&one(3, 1, 0)), Some(0));
    assert_eq!(one(3, 1, 0).step_to(&one(4, 1, 0)), None);
    assert_eq!(one(3, 1, 0).step_to(&one(3, 2, 0)), None);
    assert_eq!(one(3, 1, i64::MIN).step_to(&one(3, 1, 1)), None);
    assert_eq!(two(5).step_to(&two(7)), Some(2));
    assert_eq!(two(5).step_to(&Coord::Two { x: 1, a: 1, y: 2, b: 1, k: 5 }), None);
    assert_eq!(one(1, 1, 0).step_to(&two(0)), None);
}

//! Coordinate pairs in compiled code (`pair.rs`): `g[(r, c)]`, `g[p + d]`, `g[p] == k`, `g.Updated({p => v,
//! p + d => v})` and `p + d` as a value, each against the evaluator's general path (every program must print
//! the same compiled and evaluated: output, error, span and frames), on random boards of both grid kinds with
//! every cell on and around the board, and against hand values and the two-key forms `g[r, c]`. The general
//! side of each fast path is reached with operands it does not take: a 3-tuple, a list, a big integer, a
//! string, a local that holds no tuple, a grid that is a list or a map.

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

/// `src` run compiled and evaluated: the same output both ways (returned).
fn both(src: &str) -> String {
    let on = run(src, true);
    assert_eq!(on, run(src, false), "compiled and evaluated differ for:\n{src}");
    on
}

/// The forms of one program over every cell from (−1, −1) to two past the corner and every step `d`: each
/// pair read, compared (`==`, `!=`, with a literal, a local and an element of a local on the right) and
/// paired (`… and …`, the second cell the first's plus `d`) next to the same with two keys; the list of
/// those that differ from their two-key form (which must be empty) and the list of the pair forms' values.
fn forms(grid: &str, values: &[&str]) -> String {
    let v = values[0];
    let ks = values.join(", ");
    format!(
        "g := {grid};\n\
         def t(g, r, c, k, d) begin\n\
           var p := (r, c);\n\
           var ks := [k];\n\
           [[g[(r, c)], g[r, c]], [g[(r, c) + d], g[r + d[1], c + d[2]]], [g[p - d], g[r - d[1], c - d[2]]],\n\
            [g[p], g[r, c]], [g[p + d + d], g[r + 2 * d[1], c + 2 * d[2]]], [g[(r + 1, c - 1) + d], g[r + 1 + d[1], c - 1 + d[2]]],\n\
            [g[(r, c)] == k, g[r, c] == k], [g[p + d] != k, g[r + d[1], c + d[2]] != k],\n\
            [g[(r, c)] == {v}, g[r, c] == {v}], [g[p] != {v}, g[r, c] != {v}], [g[p] == ks[1], g[r, c] == ks[1]],\n\
            [g[(r, c)] == k and g[(r, c) + d] == {v}, g[r, c] == k and g[r + d[1], c + d[2]] == {v}],\n\
            [g[p] != k and g[p + d] == k, g[r, c] != k and g[r + d[1], c + d[2]] == k],\n\
            [(r, c) + d, (r + d[1], c + d[2])], [p - d, (r - d[1], c - d[2])]]\n\
         end;\n\
         every := [t(g, r, c, k, d) for r from -1 to g.RowCount + 2 for c from -1 to g.ColCount + 2\n\
           for k in [{ks}] for d in [(1, 0), (-1, 1), (0, -2)]];\n\
         [x for ts in every for x in ts where x[1] != x[2]]\n\
         [x[1] for ts in every for x in ts]"
    )
}

#[test]
fn pair_reads_and_tests_of_characters_agree_with_two_keys_and_the_general_path() {
    let mut st = 0x9e37_79b9_7f4a_7c15;
    for (rows, cols) in [(1, 1), (1, 4), (3, 1), (2, 3), (4, 5)] {
        let text = board(&mut st, rows, cols, b".xo");
        let out = same(&forms(&format!("Grid(\"{text}\")"), &["\"x\"", "\".\"", "\"xo\""]), "]");
        assert!(out.starts_with("[]\n"), "{out}");
        assert!(!out.contains("rror") && !out.contains("cut at"), "{out}");
    }
}

#[test]
fn pair_reads_and_tests_of_integers_agree_with_two_keys_and_the_general_path() {
    let mut st = 0x2545_f491_4f6c_dd1d;
    for (rows, cols) in [(1, 1), (1, 4), (3, 1), (2, 3), (4, 5)] {
        let text = board(&mut st, rows, cols, b".#x");
        let out = same(&forms(&format!("Grid.Parse(\"{text}\", \".#x\")"), &["0", "2", "-1"]), "]");
        assert!(out.starts_with("[]\n"), "{out}");
        assert!(!out.contains("rror") && !out.contains("cut at"), "{out}");
    }
}

#[test]
fn pair_reads_by_hand() {
    // On the board the cell, off it `Nothing` (rows and columns 0, negative and past the edge), both kinds.
    let src = "def t(g, m, n, d) := [g[(m, n)], g[(m, n) + d], g[(m, n) - d], (m, n) + d, (m, n) - d, d + d];\n\
               g := Grid.Parse(\"x.o|.ox\", \".xo\");\nh := Grid(\"x.o|.ox\");\n\
               [t(g, 1, 1, (1, 1)), t(h, 1, 1, (1, 1)), t(g, 0, 0, (-1, 5)), t(h, 2, 3, (1, 0))]";
    same(
        src,
        "[[1, 2, Nothing, (2, 2), (0, 0), (2, 2)], [\"x\", \"o\", Nothing, (2, 2), (0, 0), (2, 2)], \
         [Nothing, Nothing, Nothing, (-1, 5), (1, -5), (-2, 10)], [\"x\", Nothing, \"o\", (3, 3), (1, 3), (2, 0)]]",
    );
    // Past `i64`: the general path's big integers (off the board: `Nothing`, a sum a big integer).
    let big = "def t(g, m, n, d) := [g[(m, n)], g[(m, n) + d], g[(m, n) + d] == 1, (m, n) + d];\n\
               g := Grid.Parse(\"x.o|.ox\", \".xo\");\n\
               [t(g, 1, 9223372036854775807, (0, 1)), t(g, 1, 1, (9223372036854775807, 0)), t(g, 2, 2, (-1, -1))]";
    same(
        big,
        "[[Nothing, Nothing, false, (1, 9223372036854775808)], [1, Nothing, false, (9223372036854775808, 1)], \
         [2, 1, true, (1, 1)]]",
    );
    // A grid that is not a board, a key that is not a pair: the general index.
    same(
        "def t(g, p, d) := [g[p], g[p + d]]; m := {(1, 2) => \"a\", (2, 4) => \"b\"}; t(m, (1, 2), (1, 2))",
        "[\"a\", \"b\"]",
    );
    same("def t(xs, i, j) := [xs[i], xs[i + j], xs[i] == 20, i + j]; t([10, 20, 30], 2, 1)", "[20, 30, true, 3]");
    same("def t(a, b) := [a + b, a - b]; t(1/2, 3)", "[7/2, -5/2]");
    same("def t(a, b) := [a + b, a - b]; t(\"a\", \"b\")", "");
}

#[test]
fn pair_updates_agree_with_the_general_path() {
    let mut st = 0x0123_4567_89ab_cdef;
    for (rows, cols) in [(1, 2), (2, 3), (4, 5)] {
        let text = board(&mut st, rows, cols, b".#x");
        let src = format!(
            "g := Grid.Parse(\"{text}\", \".#x\");\nh := Grid(\"{}\");\n\
             def one(g, p, k) := g.Updated({{p => k}});\n\
             def two(g, p, k, d) := g.Updated({{p => 0 * k, p + d => k}});\n\
             def lit(g, r, c, k, d) := g Updated {{(r, c) => k, (r, c) + d => k}};\n\
             def chars(g, p, k, d) := g.Updated({{p => \".\", p - d => k}});\n\
             [[one(g, (r, c), 2), two(g, (r, c), 1, (0, 0)), lit(g, r, c, 2, (0, 0)), one(h, (r, c), \"o\"), \
             chars(h, (r, c), \"x\", (0, 0))] for r from 1 to g.RowCount for c from 1 to g.ColCount]",
            text.replace('#', "o")
        );
        let out = same(&src, "]");
        assert!(!out.contains("rror"), "{out}");
    }
    // By hand, and a second cell off the board: the same error both ways.
    let g = "g := Grid.Parse(\"x.o.|.ox.|....\", \".xo\");\ndef f(g, c, d, us) := g Updated {c => 0, c + d => us};\n";
    same(&format!("{g}f(g, (1, 1), (0, 1), 2)"), "Grid([[0,2,2,0],[0,2,1,0],[0,0,0,0]])");
    let off = both(&format!("{g}f(g, (1, 1), (0, 4), 2)"));
    assert!(off.contains("error: Coordinate is out of bounds: (1,5)"), "{off}");
    // Keys that are not cells: a 3-tuple's sum (the error), a map's own keys (its `Updated`).
    let bad = both(&format!("{g}f(g, (1, 1), (0, 1, 2), 2)"));
    assert!(bad.contains("error: No operation `+`"), "{bad}");
    same(
        "def f(m, c, d) := m Updated {c => 0, c + d => 1}; f({(1, 1) => 5}, (1, 1), (1, 1))",
        "{(1,1) => 0, (2,2) => 1}",
    );
    // More than four entries, and a value that is no cell: the general update, the same grid.
    same(
        &format!("{g}def five(g, p, d) := g Updated {{p => 0, p + d => 0, p + d + d => 0, p - d => 0, (1, 3) => 0}};\nfive(g, (2, 2), (0, 1))"),
        "Grid([[1,0,0,0],[0,0,0,0],[0,0,0,0]])",
    );
    let big = both(&format!("{g}f(g, (1, 1), (0, 1), 300)"));
    assert!(big.contains("error: "), "{big}");
}

#[test]
fn pair_errors_keep_their_spans() {
    // `grid[(1, "a")]`: not a pair at compile time; a local holding one at run time; an integer key.
    for src in [
        "def f(g) := g[(1, \"a\")]; f(Grid.Parse(\"x.|.x\", \".x\"))",
        "def f(g, p) := g[p]; f(Grid.Parse(\"x.|.x\", \".x\"), (1, \"a\"))",
        "def f(g, p) := g[p] == 1; f(Grid(\"x.|.x\"), 2)",
        "def f(g, p, d) := g[p + d]; f(Grid(\"x.|.x\"), (1, 1), (1, 1, 1))",
        "def f(a) := (1, 2) + a; f((1, 2, 3))",
        "def f(a, b) := a - b; f((1, 2), (1, \"x\"))",
        "def f(g, p, d) := g[p + d] == 1 and g[p] == 1; f(Grid.Parse(\"x.|.x\", \".x\"), (1, 1), [0, 1])",
    ] {
        let out = both(src);
        assert!(out.contains("error: "), "{src}: {out}");
    }
    let out = both("def f(a) := (1, 2) + a; f((1, 2, 3))");
    assert!(out.contains("No operation `+` for arguments of types `cgsuite.lang.Coordinates`"), "{out}");
    assert!(out.contains("at Span"), "{out}");
}

/// `CellPair`'s step by a local pair (`g[(m, n)] == 0 and g[(m, n) + d] == 0`) is taken only when the second
/// key is the first plus a local.
#[test]
fn pair_steps() {
    use super::super::tree::{Coord, Pair};
    use std::rc::Rc;
    let one = |x| Coord::One { x, a: 1, k: 0 };
    let tuple = |x, y| Pair::Tuple([one(x), one(y)]);
    let sum = |p, q, neg| Pair::Sum(Box::new(p), Box::new(q), neg);
    let of = |p: Pair| {
        let p = Rc::new(p);
        [Coord::Of(p.clone(), false), Coord::Of(p, true)]
    };
    assert_eq!(sum(tuple(1, 2), Pair::Local(3), false).step_from(&[one(1), one(2)]), Some(3));
    assert_eq!(sum(tuple(1, 2), Pair::Local(3), true).step_from(&[one(1), one(2)]), None);
    assert_eq!(sum(tuple(2, 1), Pair::Local(3), false).step_from(&[one(1), one(2)]), None);
    assert_eq!(sum(Pair::Local(4), Pair::Local(3), false).step_from(&of(Pair::Local(4))), Some(3));
    assert_eq!(sum(Pair::Local(3), Pair::Local(4), false).step_from(&of(Pair::Local(4))), None);
    assert_eq!(sum(tuple(1, 2), Pair::Local(3), false).step_from(&of(tuple(1, 2))), Some(3));
    assert_eq!(Pair::Local(3).step_from(&of(Pair::Local(3))), None);
    // Two coordinates of different pairs are no pair's.
    let (p, q) = (Rc::new(Pair::Local(4)), Rc::new(Pair::Local(5)));
    assert_eq!(sum(Pair::Local(4), Pair::Local(3), false).step_from(&[Coord::Of(p, false), Coord::Of(q, true)]), None);
}

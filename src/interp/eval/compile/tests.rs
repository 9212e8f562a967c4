//! The compiled tree against the evaluator: each program runs with the compiler on (compiling every function on
//! its first call, so that the functions called once run compiled too) and off, and the printed
//! output, the error, its span and its call stack must be the same. The programs cover every node kind the
//! compiler builds, its fast paths and their edges (the general path each falls back on), and the errors each
//! can raise. The whole script corpus is compared through its snapshots: `tests/integration/scripts.rs`
//! passes both as it is and with `CGS_NO_COMPILE=1` (see docs/PERFORMANCE.md).

use super::set_enabled;
use crate::interp::with_big_stack;
use crate::syntax::parse::parse_cells;

/// The output of `src` run cell by cell, with the compiler on or off; an error ends it with its message, span
/// and frames.
pub(super) fn run(src: &str, compiled: bool) -> String {
    let src = src.to_string();
    with_big_stack(move || {
        set_enabled(compiled);
        super::set_first_call(compiled);
        let mut interp = crate::new_interpreter();
        let file = interp.sources().add("<test>", src.as_str());
        let mut out = Vec::new();
        for cell in parse_cells(&src, file) {
            assert!(cell.errors.is_empty(), "syntax error in {src}");
            if let Err(e) = interp.eval_cell(&cell.block, &mut out) {
                let frames: Vec<_> = e.frames.iter().map(|f| (f.function.clone(), f.call_span)).collect();
                out.extend_from_slice(format!("error: {} at {:?} in {frames:?}\n", e.message(), e.span).as_bytes());
                break;
            }
        }
        String::from_utf8(out).unwrap()
    })
}

/// `src` gives `expected` (its last line, or the whole output when `expected` spans lines) both ways.
pub(super) fn same(src: &str, expected: &str) -> String {
    let on = run(src, true);
    let off = run(src, false);
    assert_eq!(on, off, "compiled and evaluated differ for:\n{src}");
    // Compared without white space (lists print as `[1,2]`).
    let squeeze = |s: &str| s.split_whitespace().collect::<String>();
    assert!(squeeze(&on).ends_with(&squeeze(expected)), "for:\n{src}\ngot:\n{on}\nexpected (at the end): {expected}");
    on
}

/// `src` fails the same way compiled and evaluated (message, span, frames), with the whole `message`.
pub(super) fn fails(src: &str, message: &str) {
    let on = run(src, true);
    assert_eq!(on, run(src, false), "compiled and evaluated differ for:\n{src}");
    assert!(on.contains(&format!("error: {message} at")), "for:\n{src}\ngot:\n{on}");
}

#[test]
fn arithmetic_comparisons_and_conditions() {
    same(
        "def f(a, b) := [a + b, a - b, a * b, a % b, a < b, a <= b, a > b, a >= b, a == b, a != b]; f(7, 3)",
        "[10, 4, 21, 1, false, false, true, true, false, true]",
    );
    // Past i64: the general arithmetic.
    same("def f(a) := a * a * a; f(9223372036854775807)", "784637716923335095224261902710254454442933591094742482943");
    same("def f(a) := a + 1; f(9223372036854775807)", "9223372036854775808");
    same("def f(a, b) := a / b + 1/2; f(1, 3)", "5/6");
    same("def f(x) := not x or x and false; [f(true), f(false)]", "[false, true]");
    same("def f(x) := -1 + x; f(1)", "0");
    same("def f(x) := x + *; f(1)", "1*");
}

#[test]
fn errors_keep_spans_and_frames() {
    same("def f(x) := if x then 1 else 2 end; f(3)", "");
    same("def f(x) := x and true; f(3)", "");
    same("def f(x) := x + \"a\"; def g(y) := f(y); g(1)", "");
    same("def f(x) begin var y := x; y := z; y end; f(1)", "");
    same("def f(xs) := xs[4]; f([1, 2, 3])", "");
    same("def f(g) := g[1, \"a\"]; f(Grid.Parse(\"ab\"))", "");
    same("def f(n) := if n == 0 then 0 else 1 + f(n - 1) end; f(100)", "100");
    same("def f() := return 3; f()", "3");
    same("def f() begin while true do break end; return 1 end; f()", "1");
    same("def f(x) begin for i from 1 to x do if i == 3 then return i end end; 0 end; f(5)", "3");
    same("def f(x) := x.Foo; f(1)", "");
    same("def f(x) := x.Foo(1); f(1)", "");
    same("def f(x) := x(1); f(1)", "");
}

#[test]
fn scopes_loops_and_comprehensions() {
    same("def f(n) begin var s := 0; for i from 1 to n do var t := i * i; s := s + t end; s end; f(10)", "385");
    same("def f(n) := [i * j for i from 1 to n for j from i to n where (i + j) % 2 == 0]; f(4)", "[1, 3, 4, 8, 9, 16]");
    same("def f(n) := {i % 3 for i from 1 to n}; f(10)", "{0, 1, 2}");
    same("def f(n) := {i => i * i for i in 1..n}; f(3)", "{1 => 1, 2 => 4, 3 => 9}");
    same("def f(xs) := [x + 1 for x in xs while x < 4]; f([1, 2, 5, 3])", "[2, 3]");
    // A map is iterated by its entries (CGSuite's `MapEntry`), in display order.
    // A small map iterates in insertion order (CGSuite 2.2: `[e.Key for e in {"b" => 1, "a" => 2}]` is `["b","a"]`).
    same("def f(m) := [e.Key for e in m]; f({\"b\" => 1, \"a\" => 2})", "[\"b\", \"a\"]");
    same("def f(s) := [c for c in s]; f(\"xy\")", "[\"x\", \"y\"]");
    same("def f() := [x for x from 1/2 to 2 by 1/2]; f()", "[1/2, 1, 3/2, 2]");
    same("def f() := [x for x from 0 to ^ by ^]; f()", "");
    same("def f() := [x for x from 1 to 3 by 0]; f()", "");
    same("def f() := for i from 1 to 3 yield i * 2 end; f()", "[2, 4, 6]");
    same("def f() begin var k := 0; while k < 5 do k := k + 1; if k == 2 then continue end end; k end; f()", "5");
    same("def f(x) begin if x > 0 then var y := 1 end; y end; f(1)", "");
    same("def f() begin var a := 1; begin var a := 2 end; a end; f()", "1");
    same("def f(x) := for y := x * 2 yield y end; f(3)", "[6]");
}

#[test]
fn top_level_loops_and_top_level_names() {
    // A top-level loop reads and assigns top-level variables as `Global` nodes (`top.rs`); the statement's own
    // locals shadow them; each cell's loop is compiled when it runs, so a later definition is seen (hand values).
    same("s := 0; for i in 1..100 do s := s + i end; s", "5050");
    same("i := 100; g := 5; for i in 1..3 do var g := i; t := [i, g] end; [i, g, t]", "[100, 5, [3, 3]]");
    same("for k in 1..3 do def h(x) := x + k; r := h(10) end; r", "13");
    same("n := 0; while n < 4 do n := n + 1; m := n * n end; [n, m]", "[4, 16]");
    same("for k in 1..2 do later := k end\nlater", "2");
    same("def f(x) := x + 1\nr := []\nfor k in 1..2 do r := r.Append(f(k)) end\ndef f(x) := x * 10\nfor k in 1..2 do r := r.Append(f(k)) end\nr", "[2, 3, 10, 20]");
    same("for this in [1, 2] do z := this end; z", "2");
    // The errors: a class name assigned, an undefined name read (the evaluator's messages and spans).
    same("for i in 1..2 do Integer := i end", "");
    same("t := 0; for i in 1..2 do t := t + undefinedName end", "");
}

#[test]
fn grids_append_and_find_all() {
    let grid = "g := Grid.Parse(\"x.o|.xo\");";
    same(&format!("{grid} def f(g) := [g[r, c] for r from 0 to 3 for c from -1 to 4]; f(g)"), "");
    same(
        &format!("{grid} def f(g) := [g[1, 1] == \"x\", g[0, 1] == \"x\", g[0, 1] != \"x\", g[1, 2] == 1]; f(g)"),
        "[true, false, true, false]",
    );
    same(&format!("{grid} def f(g) := [p for p in g.FindAll(\"x\")]; f(g)"), "[(1, 1), (2, 2)]");
    same(&format!("{grid} def f(g) := [p for p in g.FindAll(\"xy\")]; f(g)"), "");
    same("def f(g) := [p for p in g.FindAll(\"x\")]; f([1])", "");
    same(&format!("{grid} def f(g) := g.Updated({{(1, 2) => \"#\", (2, 1) => \"#\"}}); f(g)"), "");
    same(&format!("{grid} def f(g) := g.Updated({{(1, 9) => \"#\"}}); f(g)"), "");
    same("def f(m) := m.Updated({1 => 2}); f({1 => 1})", "");
    same(
        "def f(n) begin var xs := []; var ys := xs; for i from 1 to n do xs := xs.Append(i) end; [xs, ys] end; f(4)",
        "[[1, 2, 3, 4], []]",
    );
    same("def f(n) begin var xs := 3; xs := xs.Append(1) end; f(1)", "");
    same("def f(t) := [t[1], t[2], t[3]]; f((1, 2))", "");
    same("def f(t) := [t[1], t[2]]; f([5, 6])", "[5, 6]");
    // Konane's and Domineering's rules (the stdlib rulesets), compiled: `*` as the `cgt` crate 0.9.0 computes
    // it (CGSuite 2.2 has no Konane), and -3/2 as CGSuite 2.2 and cgt both give for the 3 × 4 Domineering board.
    same("Konane(\"xoxox|ox.ox|xoxox|oxoxo\").CanonicalForm", "*");
    same("ByRules(Domineering(\"....|....|....\")).CanonicalForm", "-3/2");
}

#[test]
fn a_local_handed_over_to_a_call() {
    // `xs := add(xs, …)` moves `xs` into the call (`build.rs`'s `call_taking`): the callee extends the list in
    // place, and a copy taken before (`ys`) keeps its elements.
    let add = "def add(xs, x) begin xs := xs.Append(x); xs end;";
    same(
        &format!(
            "{add} def f() begin var xs := [1]; var ys := xs; xs := add(xs, 2); xs := add(xs, 3); [xs, ys] end; f()"
        ),
        "[[1, 2, 3], [1]]",
    );
    // Not moved: the name in another argument, or the callee named the same.
    same(&format!("{add} def f() begin var xs := [1]; xs := add(xs, xs.Length) end; f()"), "[1, 1]");
    same(&format!("{add} def f(xs) begin xs := xs(xs) end; f(add)"), "");
    // An inner declaration of the same name: the inner one is handed over and assigned, the outer one kept.
    same(
        &format!("{add} def f() begin var xs := [1]; for i from 1 to 2 do var xs := [i]; xs := add(xs, 9); Print(xs) end; xs end; f()"),
        "[1, 9]\n[2, 9]\n[1]",
    );
    // A call that fails (in the callee, or calling a value that is no function): the same error, span and frames.
    same("def bad(xs, k) := xs[k]; def f() begin var xs := [1]; xs := bad(xs, 5); xs end; f()", "");
    same("def f(g) begin var xs := [1]; xs := g(xs, 2); xs end; f(3)", "");
    same(&format!("{add} def f() begin var xs := [1]; xs := add(xs, 2, 3); xs end; f()"), "");
}

#[test]
fn the_compiled_tree_runs_in_these_tests() {
    // With the compiler on, a function called once is compiled (its entry holds code), so the programs above
    // exercise the compiled nodes, not the fallback.
    let src = "def f(a) := a + 1; f(1)".to_string();
    let compiled = with_big_stack(move || {
        set_enabled(true);
        super::set_first_call(true);
        let mut interp = crate::new_interpreter();
        let file = interp.sources().add("<test>", src.as_str());
        let mut out = Vec::new();
        for cell in parse_cells(&src, file) {
            interp.eval_cell(&cell.block, &mut out).unwrap();
        }
        assert_eq!(String::from_utf8(out).unwrap().trim(), "2");
        super::compiled_count()
    });
    assert!(compiled >= 1, "no function was compiled");
}

/// Grids of integers (`Grid.Parse(…, ".#")`: `.` is 0, `#` is 1): cells read and compared in place, `Updated` with
/// integer cells set without a map, and their general paths (more than four entries, an entry of another form, a
/// cell off the board, a value outside a byte); a variable of `this` read by a compiled method. Values by hand from
/// the board `..#|#..`.
#[test]
fn grids_of_integers_and_fields_of_this() {
    // An error: the same both ways (message, span, frames), with this message.
    let g = "g := Grid.Parse(\"..#|#..\", \".#\");\n";
    same(&format!("{g}def f(x) := x.Updated({{(1, 2) => 1, (2, 1) => -5}}); f(g)"), "Grid([[0,1,1],[-5,0,0]])");
    same(&format!("{g}def f(x) := x.Updated({{(1, 1) => 1, (1, 1) => 0}}); f(g)"), "Grid([[0,0,1],[1,0,0]])");
    same(
        &format!("{g}def f(x) := x.Updated({{(1, 1) => 1, (1, 2) => 1, (1, 3) => 0, (2, 1) => 0, (2, 2) => 1}}); f(g)"),
        "Grid([[1,1,0],[0,1,0]])",
    );
    same(&format!("{g}def f(x, k) := x.Updated({{k => 1, (2, 3) => 1}}); f(g, (1, 1))"), "Grid([[1,0,1],[1,0,1]])");
    fails(&format!("{g}def f(x) := x.Updated({{(0, 1) => 1}}); f(g)"), "Coordinate is out of bounds: (0,1)");
    fails(
        &format!("{g}def f(x) := x.Updated({{(1, 1) => 300}}); f(g)"),
        "Value is out of range (must satisfy -128 <= x <= 127): 300",
    );
    same(
        &format!("{g}def f(x) := [x[1, 1], x[1, 3], x[3, 3], x[1, 1] == 0, x[1, 3] == 1, x[2, 1] != 1]; f(g)"),
        "[0, 1, Nothing, true, true, false]",
    );
    let class = "class P(grid as Grid)\n  def Cell(r, c) := grid[r, c];\n  def Set(r, c) := P(grid Updated {(r, c) => 2, (r, c + 1) => -1});\n  def Both := [grid[1, 1] == 2, grid[1, 2] != -1, grid[9, 9]];\nend\n";
    same(&format!("{class}{g}P(g).Set(1, 1).Cell(1, 1)"), "2");
    same(&format!("{class}{g}P(g).Set(1, 1).Both"), "[true, false, Nothing]");
    fails(&format!("{class}{g}P(g).Set(2, 3)"), "Coordinate is out of bounds: (2,4)");
}

#[test]
fn is_tests_remember_library_answers_per_class() {
    // One `is` node asked about objects of several classes in turn (its remembered answer is per class and
    // representation, and never for `Game`), and about core values; CGSuite 2.2 has integers and `*` as games
    // and every value an `Object`.
    same(
        "def f(x) := [x is Grid, x is Game, x is String, x is Object]; \
         [f(Grid.Parse(\"x.|.o\")), f(\"s\"), f(3), f(*), f(Grid.Parse(\"x\")), f(Clobber(\"xo\")), f(Clobber)]",
        "[[true, false, false, true], [false, false, true, true], [false, true, false, true], \
         [false, true, false, true], [true, false, false, true], [false, true, false, true], \
         [false, false, false, true]]",
    );
    // A user class is asked for each time (the name is looked up where the test runs).
    same(
        "class P(a as Integer) end; def g(x) := x is P; [g(P(1)), g(Grid.Parse(\"x\")), g(P(2))]",
        "[true, false, true]",
    );
    // An unknown type: the evaluator's error, at the type's span, in the call's frame.
    same("def h(x) := x is Nonesuch; h(Grid.Parse(\"x\"))", "error: Unknown type: `Nonesuch`. at Span { file: 0, start: 17, end: 25 } in [(\"h\", Span { file: 0, start: 27, end: 45 })]");
}

#[test]
fn cell_tests_off_the_board() {
    // `g[r ± …, c ± …] == s` past the edge: the cell is `Nothing`, which no string equals (by hand: the board
    // has rows 1–2 and columns 1–3); against a local that is not a string, the general comparison
    // (`Nothing == Nothing` is true).
    let f = "g := Grid.Parse(\"x.o|.xo\"); def f(g, s) begin var r := 0; var c := 1; \
             [g[r + 0, c + 0] == \"x\", g[r - 1, c] != \"o\", g[r + 3, c + 0] != \"o\", g[r, c] == s, \
             g[r + 1, c] == s, g[r + 2, c + 1] == \"x\", g[r + 1, c - 5] != s] end;";
    same(&format!("{f} f(g, Nothing)"), "[false, true, true, true, false, true, false]");
    same(&format!("{f} f(g, \"x\")"), "[false, true, true, false, true, true, true]");
}

#[test]
fn sums_of_locals_and_literals() {
    // By hand; past `i64` on the way (the sum computed in `i64` steps gives up, the general way answers in big
    // integers), and sums of values that are not machine integers (strings join, fractions add, an error).
    same(
        "def f(a, b) begin var r := a; [r + b + 1, r - b - 2, -r + b, r + b + b, 3 - r] end; f(5, 2)",
        "[8, 1, -3, 9, -2]",
    );
    same("def f(a, b) := a + 9223372036854775807 - b; f(2, 3)", "9223372036854775806");
    same("def f(a, b) := a + b + 1; f(9223372036854775807, 0)", "9223372036854775808");
    same("def f(a, b) := a - b; f(-9223372036854775807, 2)", "-9223372036854775809");
    same("def f(a, b) := a + b; [f(\"x\", \"y\"), f(1, 1/2)]", "[\"xy\", 3/2]");
    same("def f(a, b) := a + b - 1; f(1, Nothing)", "");
}

#[test]
fn sums_with_elements_of_locals() {
    // `r + d[1]` of a local tuple or list (by hand), an element out of range or a literal index 0 (the general
    // index and its error), an element that is not a machine integer (the general sum), past `i64`.
    same(
        "def f(r, d) := [r + d[1], r - d[2] + 1, d[1] + d[2]]; [f(3, (1, 0)), f(3, [0, 5])]",
        "[[4, 4, 1], [3, -1, 5]]",
    );
    same("def f(r, d) := r + d[3]; f(1, (1, 2))", "");
    same("def f(r, d) := r + d[0]; f(1, (1, 2))", "");
    same("def f(r, d) := [r + d[1], d[2] + r]; f(1, (1/2, \"a\"))", "");
    same("def f(r, d) := [r + d[1]]; f(1, (1/2, 0))", "[3/2]");
    same("def f(r, d) := r + d[1]; f(9223372036854775807, (1, 0))", "9223372036854775808");
    same("def f(r, d) := r + d[1]; f(1, \"ab\")", "");
}

/// `g[r ± …, c ± d[k]] == k` on grids of integers (`.` is 0, `#` is 1), of a local and of a field of `this`:
/// cells on the board compared in place with an integer literal or local, and the general comparison for a
/// cell off the board (`Nothing`), a string, an integer past `i64`, a grid of characters, and the errors of a
/// coordinate that is not an integer. Values by hand from the board `..#|#..`.
#[test]
fn cell_tests_on_grids_of_integers() {
    let g = "g := Grid.Parse(\"..#|#..\", \".#\");\n";
    let f = "def f(g, d, k) := [g[r, c] == 0 and g[r + d[1], c + d[2]] != k for r from 0 to 3 for c from 1 to 3];\n";
    same(
        &format!("{g}{f}f(g, (1, 0), 1)"),
        "[false, false, false, false, true, false, false, true, true, false, false, false]",
    );
    same(
        &format!("{g}{f}f(g, (0, 1), 0)"),
        "[false, false, false, false, true, false, false, false, true, false, false, false]",
    );
    same(
        &format!("{g}{f}f(g, (0, 1), \"#\")"),
        "[false, false, false, true, true, false, false, true, true, false, false, false]",
    );
    same(
        &format!("{g}{f}f(Grid.Parse(\"x.|.x\"), (0, 1), 0)"),
        "[false, false, false, false, false, false, false, false, false, false, false, false]",
    );
    same(
        &format!("{g}def f(g) := [g[1, 3] == 1, g[1, 3] != 1, g[0, 1] == 0, g[1, 1] == 100000000000000000000]; f(g)"),
        "[true, false, false, false]",
    );
    same(&format!("{g}{f}f(g, (1/2, 0), 1)"), "");
    same(&format!("{g}{f}f(g, (), 1)"), "");
    let class = "class P(grid as Grid)\n  def T(d) := [grid[r, c] == 1 or grid[r, c + d[2]] == 1 for r from 1 to 2 for c from 1 to 3];\nend\n";
    same(&format!("{class}{g}P(g).T((0, 1))"), "[false, true, true, true, false, false]");
    same(&format!("{class}{g}P(g).T((0, \"a\"))"), "");
}

/// A global read in a compiled body is remembered with the stamps of the global tables (`compile/global.rs`):
/// every change of a top-level variable or a redefinition between calls must be seen, in functions and in
/// methods, and a name that stops being defined fails as before. Values by hand: `g` redefined from `x + 1` to
/// `x * 10` gives 2 then 10; `inc` adds one to the global `k` on each call; `Tiny` shadowed by a top-level
/// variable is that variable in the same function afterwards.
#[test]
fn globals_read_again_after_every_change() {
    same("def g(x) := x + 1; def f(x) := g(x); a := f(1); def g(x) := x * 10; [a, f(1)]", "[2, 10]");
    same("k := 0; def inc() begin k := k + 1; k end; [inc(), inc(), inc(), k]", "[1, 2, 3, 3]");
    same("def h() := Tiny; b := h(); Tiny := 3; [b == h(), h()]", "[false, 3]");
    same("k := 3; class C()\n def Get() := k;\nend; c := C(); u := c.Get(); k := 7; [u, c.Get()]", "[3, 7]");
    same(
        "def p(n) begin var s := 0; for i from 1 to n do s := s + w; w := w + 1 end; s end; w := 1; [p(3), w]",
        "[6, 4]",
    );
    // A global that a later assignment makes another kind of function (a `def`, then a lambda), then a list.
    same("def t() := z(2); def z(x) := x; a := t(); z := x -> x * 3; [a, t()]", "[2, 6]");
    same("def t() := z(2); def z(x) := x; a := t(); z := [5, 6]; [a, t()]", "");
    // Undefined at the first call, then defined: the error, then the value (no miss is remembered).
    same("def vy() := y; vy()", "");
    same("def vy() := [1, 2].Length + y; y := 1; [vy(), vy()]", "[3, 3]");
}

/// `x is T` remembers that `T` names no user class in a frame (`compile/is_test.rs`) only while the global
/// tables and the frame's names are the same: a user class declared later under a library class's name
/// (`String`) answers from then on, as does a parameter naming a user class. Values by hand: `"x"` is a
/// library `String` until the user's class `String` shadows the name, after which only that class's objects
/// are; `h`'s parameter `D` is the class `D` itself.
#[test]
fn is_sees_user_classes_declared_later() {
    same(
        "def f(s) := s is String; a := f(\"x\"); class String()\nend; [a, f(\"x\"), f(String())]",
        "[true, false, true]",
    );
    same("class D()\nend; def h(x, D) := x is D; [h(D(), D), h(1, D), h(\"a\", 3)]", "");
    same("def f(s) := s is Strin; [f(1) == 1]", "");
}

/// Conditions answered in the caller's frame (`compile/cond.rs`): cell tests as operands of `and`, `or`, `not`
/// and as `if` / `while` conditions, each falling back on the general comparison where the fast form does not
/// hold (a grid of integers, an integer compared with, a string indexed), with the errors of the general path.
/// Values by hand on the board `x.o` over `.xo` ((1, 1) is `x`, (1, 2) `.`, (2, 2) `x`, (1, 3) `o`) and the
/// grid of integers `#.` (1 then 0, one row; off the board a cell is `Nothing`, equal to no string).
#[test]
fn conditions_answer_cell_tests_in_place() {
    let g = "g := Grid.Parse(\"x.o|.xo\"); n := Grid.Parse(\"#.\", \".#\");\n";
    let f = "def f(g, r, c, s) := [if g[r, c] == s and g[r, c + 1] == \".\" then 1 else 0 end, \
             if g[r, c] != s or g[r + 1, c] == \".\" then 1 else 0 end, not g[r, c] == s]; ";
    same(
        &format!("{g}{f}[f(g, 1, 1, \"x\"), f(g, 2, 2, \"x\"), f(g, 0, 1, \"x\")]"),
        "[[1, 1, false], [0, 0, false], [0, 1, true]]",
    );
    same(
        &format!("{g}{f}[f(n, 1, 1, \"x\"), f(n, 1, 2, 0), f(g, 1, 1, 3)]"),
        "[[0, 1, true], [0, 0, false], [0, 1, true]]",
    );
    same(&format!("{g}{f}f(\"abc\", 1, 1, \"x\")"), "");
    same(&format!("{g}{f}f(g, 1, [1], \"x\")"), "");
    // A `while` whose condition is a cell test: walks right along row 1 while the cell is not `o`.
    same(
        &format!("{g}def h(g) begin var c := 1; while g[1, c] != \"o\" and c < 9 do c := c + 1 end; c end; [h(g), h(Grid.Parse(\"..x\"))]"),
        "[3, 9]",
    );
    // A condition that is no Boolean, as an operand of `and` and as an `if`'s condition.
    same("def k(x) := if x == 1 and x then 1 else 0 end; k(1)", "");
    same("def k(x) := if x then 1 end; k(\"a\")", "");
}

/// Statements whose value is not used (`compile/stmt.rs`): declarations, assignments, `if`s and blocks before
/// a block's last statement, in `do` loops and `while` bodies; the last statement still gives the value (an
/// `if`, a declaration, an assignment), and errors in such statements keep their spans and frames. Values by
/// hand.
#[test]
fn statements_for_their_effect() {
    same("def f(n) begin var s := 0; var t := 1; if n > 2 then s := 5 end; begin var u := 2; s := s + u end; s end; [f(1), f(3)]", "[2, 7]");
    same("def f(n) begin var s := 0; if n > 2 then s := 5 else s := 6 end end; [f(1), f(3)]", "[6, 5]");
    same("def f(n) begin var s := n * 2 end; f(4)", "8");
    same("def f(n) begin var s := 0; s := n + 1 end; f(4)", "5");
    same("def f(n) begin var s := 0; for i from 1 to n do var t := i; if t % 2 == 0 then s := s + t else s := s - 1 end end; s end; f(5)", "3");
    same("def f(n) begin var s := []; var i := 0; while i < n do i := i + 1; if i == 2 then continue end; s := s.Append(i); if i == 4 then break end end; s end; f(9)", "[1, 3, 4]");
    same("def f(n) begin for i from 1 to n do if i == 2 then return i * 10 end end; 0 end; f(3)", "20");
    // Errors in statements before the last: an unknown name, a class name assigned, a bad index.
    same("def f(n) begin var s := q; s end; f(1)", "");
    same("def f(n) begin Integer := 3; n end; f(1)", "");
    same("def g(xs) begin var s := 0; for x in xs do s := s + x[2] end; s end; def f(n) := g([[1], n]); f(1)", "");
    // A field of `this` is not assignable in a method, also before its last statement.
    same("class C(a)\n def Set() begin a := 2; a end\nend; C(1).Set()", "");
}

/// `g.Updated({(r, c) => s, …})` with the receiver and every entry read in place (a local or a variable of
/// `this`; coordinates literals, locals or sums; values one-character literals or locals), and each way out of
/// that form to the general one: a cell off the board, an entry of another form, a value that is not an ASCII
/// character, more than four entries, a grid of the other kind. Boards by hand from `x.o|.xo`.
#[test]
fn updated_read_in_place() {
    let g = "g := Grid.Parse(\"x.o|.xo\");\n";
    let f = "def f(g, s) begin var r := 1; var dr := 1; [g.Updated({(r, r + 1) => s, (r + dr, 1) => \"#\"}), \
             g.Updated({(2, 3) => s}), g.Updated({(r, 1) => \"x\"}) == g, g.Updated({(1, 1) => \".\", (1, 1) => s})] \
             end;";
    same(&format!("{g}{f} f(g, \"o\")"), "[Grid(\"xoo|#xo\"), Grid(\"x.o|.xo\"), true, Grid(\"o.o|.xo\")]");
    // A cell given its own value (or changed and changed back) leaves a board equal to the first, hashed alike.
    same(
        &format!("{g}def f(g) := {{g.Updated({{(1, 1) => \"x\"}}), g.Updated({{(1, 1) => \".\", (1, 1) => \"x\"}}), g}}; f(g).Size"),
        "1",
    );
    // Off the board (row 0, a negative column, past the last row and column): the general way's error.
    for (r, c, message) in [
        ("0", "1", "Grid cell (0, 1) is off the board."),
        ("1", "-1", "not a cell (row, column): (1,-1)."),
        ("3", "1", "Grid cell (3, 1) is off the board."),
        ("1", "4", "Grid cell (1, 4) is off the board."),
    ] {
        let src =
            format!("{g}def f(g) begin var r := {r}; g.Updated({{(1, 1) => \".\", (r, {c}) => \"#\"}}) end; f(g)");
        fails(&src, &format!("Invalid grid: {message}"));
    }
    // Values that are not one ASCII character, or keys that are no pair of integers: the general way.
    let h = format!("{g}def f(g, s) := g.Updated({{(1, 1) => \"x\", (1, 2) => s}});");
    fails(&format!("{h} f(g, \"é\")"), "Invalid grid: a cell is one ASCII character, not \"é\".");
    fails(&format!("{h} f(g, 3)"), "Argument 1 of `Updated` must be of type `String`, not `Integer`.");
    fails(&format!("{h} f(g, \"ab\")"), "Invalid grid: a cell is one ASCII character, not \"ab\".");
    fails(
        &format!("{g}def f(g, r) := g.Updated({{(1, 1) => \"x\", (r, 2) => \"o\"}}); f(g, \"a\")"),
        "Invalid grid: not a cell (row, column): (\"a\",2).",
    );
    same(&format!("{g}def f(g, r) := g.Updated({{(1, 1) => \"o\", (r, 2) => \"o\"}}); f(g, 2/1)"), "Grid(\"o.o|.oo\")");
    same(
        &format!("{g}def f(g) := g.Updated({{(1, 1) => \"a\", (1, 2) => \"b\", (1, 3) => \"c\", (2, 1) => \"d\", (2, 2) => \"e\"}}); f(g)"),
        "Grid(\"abc|deo\")",
    );
    // A grid of integers given characters, and a grid of characters given integers.
    fails(
        "def f(g) := g.Updated({(1, 1) => \"x\"}); f(Grid.Parse(\"..#\", \".#\"))",
        "Argument 1 of `Updated` must be of type `Integer`, not `String`.",
    );
    fails(
        &format!("{g}def f(g) := g.Updated({{(1, 1) => 1}}); f(g)"),
        "Argument 1 of `Updated` must be of type `String`, not `Integer`.",
    );
    // A variable of `this`.
    let class = "class P(grid as Grid)\n  def Set(r, c, s) := P(grid Updated {(r, c) => s, (r, c + 1) => \"#\"});\n  def G := grid;\nend\n";
    same(&format!("{class}{g}P(g).Set(2, 1, \"o\").G"), "Grid(\"x.o|o#o\")");
    fails(&format!("{class}{g}P(g).Set(2, 3, \"o\")"), "Invalid grid: Grid cell (2, 4) is off the board.");
}

/// `for p in g.FindAll(c)` writes each cell into the pair the loop variable still holds when nothing else holds
/// it; a pair the body keeps (in a list, a closure, another variable) or rebinds is left as it was, and a loop
/// variable shadowing an outer one never writes into the outer's pair. Cells by hand from `x.o|.xo|x.x`.
#[test]
fn find_all_pairs_kept_or_reused() {
    let g = "g := Grid.Parse(\"x.o|.xo|x.x\");\n";
    same(
        &format!(
            "{g}def f(g) begin var s := 0; for p in g.FindAll(\"x\") do s := s + 10 * p[1] + p[2] end; s end; f(g)"
        ),
        "97",
    );
    same(
        &format!("{g}def f(g) begin var ps := []; for p in g.FindAll(\"x\") do ps := ps.Append(p) end; ps end; f(g)"),
        "[(1, 1), (2, 2), (3, 1), (3, 3)]",
    );
    same(
        &format!("{g}def f(g) begin var fs := []; for p in g.FindAll(\"x\") do fs := fs.Append(() -> p) end; [h() for h in fs] end; f(g)"),
        "[(1, 1), (2, 2), (3, 1), (3, 3)]",
    );
    same(
        &format!("{g}def f(g) begin var q := 0; var out := []; for p in g.FindAll(\"x\") do out := out.Append(q); q := p; p := 0 end; [out, q] end; f(g)"),
        "[[0, (1, 1), (2, 2), (3, 1)], (3, 3)]",
    );
    same(
        &format!("{g}def f(g) begin var p := (7, 7); var n := 0; for p in g.FindAll(\"o\") do n := n + p[2] end; [p, n] end; f(g)"),
        "[(7, 7), 6]",
    );
    // Nested walks of the same board, and a `where` filter on the pair.
    same(
        &format!("{g}def f(g) := [(p, q) for p in g.FindAll(\"o\") for q in g.FindAll(\"o\") where p[1] < q[1]]; f(g)"),
        "[((1, 3), (2, 3))]",
    );
    same(&format!("{g}def f(g) := [p[2] for p in g.FindAll(\"x\") where p[1] == 3]; f(g)"), "[1, 3]");
}

/// Direct calls of script functions (`compile/call.rs`: arguments evaluated into a kept frame's slots) and the
/// statements run without a result value (`compile/stmt.rs`: a bound local assigned in place, `while` and
/// `x := x.Append(v)` as statements, `var x := t[k]`): every argument form (local, literal, negative literal,
/// moved local, sum, call), the general call for any other callee, and the errors of each path with their
/// spans and frames. Values by hand.
#[test]
fn direct_calls_and_frames() {
    // j(1, [], 0, 1, -1) appends 1 - 1 + r for r = 2, 4, 6; j(2, …) appends 3, 5, 7 to the list moved in.
    let j = "def j(g, out, r, dr, s) begin var h := g; while r < 5 do r := r + dr + dr; out := out.Append(h + s + r) end; out end; ";
    same(
        &format!("{j}def f(n) begin var out := []; for i from 1 to n do out := j(i, out, 0, 1, -1) end; out end; f(2)"),
        "[2, 4, 6, 3, 5, 7]",
    );
    // j(0, [], 4, 1, 0) = [6], so r starts at 0 and steps by 4: 2 + 0 + 4, 2 + 0 + 8.
    same(&format!("{j}def f(n) := j(n + 1, [n], j(0, [], 4, 1, 0)[1] - 6, 2, 0); f(1)"), "[1, 6, 10]");
    // A function that names itself, a lambda and a function value called (the general call).
    same("def fact(n) := if n == 0 then 1 else n * fact(n - 1) end; fact(20)", "2432902008176640000");
    same("def ap(f, x) := f(x); def mk(k) := y -> y * k; [ap(y -> y * 3, 4), ap(mk(5), 2), mk(2)(7)]", "[12, 10, 14]");
    // The general call's errors: a count of arguments that is not the parameters', a value not callable.
    same("def g(a, b) := a; def f() := g(1); f()", "");
    same("def g(a, b) := a; def f() := g(1, 2, 3); f()", "");
    same("def f(x) begin var g := 3; g(x) end; f(1)", "");
    // An argument that fails: nothing is called, the frame of the caller is listed.
    same("def g(a, b) := a + b; def f(x) := g(x, y); f(1)", "");
    same("def g(a, b) := a + b; def f(x) := g(x, [1][3]); f(1)", "");
    // The moved local when the call fails; an error three calls deep lists the three frames.
    same("def bad(xs, k) := xs[k]; def f() begin var out := [1]; out := bad(out, 5); out end; f()", "");
    let deep = "def h(x) := [x][5]; def g(x) := h(x) + 1; def f(x) := g(x) * 2; f(1)";
    same(deep, "");
    let on = run(deep, true);
    assert!(on.contains("(\"h\"") && on.contains("(\"g\"") && on.contains("(\"f\""), "three frames: {on}");
    // A function called without end stops with the recursion-depth error, as the evaluator's does.
    let on = run("def f(n) := f(n + 1); f(0)", true);
    assert!(on.starts_with("error: Maximum recursion depth exceeded."), "{on}");
    // In a method: a function of the top level called with the method's field.
    same("class C(a)\n def D() begin twice(a) + twice(1) end\nend; def twice(x) := 2 * x; C(4).D()", "10");
}

/// [`direct_calls_and_frames`]'s statements: a local assigned in place (a sum, past `i64`, a list, an error in
/// the value), `x := x.Append(v)` on a value that is no list (the general member call and its error), `while`
/// before the last statement, and `var x := t[k]` of a tuple, a list and past the end. Values by hand.
#[test]
fn statements_without_values() {
    same("def f(x) begin var s := 9223372036854775807; s := s + x; s end; f(1)", "9223372036854775808");
    same("def f(x) begin var s := [1]; s := [x]; s := s.Append(2); s end; f(5)", "[5, 2]");
    same("def f(x) begin var s := 1; s := s + y; s end; f(1)", "");
    same("def f() begin var out := 3; out := out.Append(1); out end; f()", "");
    same("def f(n) begin var i := 0; while true do i := i + 1; if i >= n then break end end; i * 2 end; f(4)", "8");
    same("def f(p) begin var r := p[1]; var c := p[2]; r * 10 + c end; [f((1, 2)), f([3, 4])]", "[12, 34]");
    same("def f(p) begin var r := p[3]; r end; f((1, 2))", "");
}

/// `a and b` of two cell tests (`CellPair`): the grid read once when both read the same variable (a local, a
/// field of `this`), or each its own; coordinates with a local repeated (`r + dr + dr`, `r - r`); literals of
/// one character and other strings; and every way back to the general comparison — a right side that is no
/// string, a cell off the board against `Nothing`, a value that is no grid, a coordinate past `i64` or no
/// integer (the errors keep `b`'s span). Values by hand on `x.o|.xo` ((1, 1) `x`, (1, 2) `.`, (1, 3) `o`,
/// (2, 1) `.`, (2, 2) `x`, (2, 3) `o`) and the grid of integers `#.` (1 then 0).
#[test]
fn pairs_of_cell_tests() {
    let g = "g := Grid.Parse(\"x.o|.xo\"); n := Grid.Parse(\"#.\", \".#\");\n";
    let f = "def f(g, r, c, dr, dc, us, them) := [\
             g[r + dr, c + dc] == them and g[r + dr + dr, c + dc + dc] == \".\", \
             g[r, c] == us and g[r + dr, c + dc] != us, g[r - dr, c - dc] == \".\" and g[r, c] == us];\n";
    same(
        &format!(
            "{g}{f}[f(g, 2, 3, 0, -1, \"o\", \"x\"), f(g, 1, 1, 1, 1, \"x\", \"x\"), \
             f(g, 1, 1, 0, 1, \"x\", \".\"), f(g, 2, 2, 0, 1, \"x\", \"o\")]"
        ),
        "[[true, true, false], [false, false, false], [false, true, false], [false, true, true]]",
    );
    // The same as conditions of `if` and `while` (Konane's jump: count the jumps right from (1, 1) over `.`).
    let h = "def h(g, r, c, dr, dc, them) begin var k := 0; \
             while g[r + dr, c + dc] == them and g[r + dr + dr, c + dc + dc] != \"#\" do \
             k := k + 1; r := r + dr + dr; c := c + dc + dc end; \
             if g[r, c] == \"x\" and g[r, c + 1] == them then [k, 1] else [k, 0] end end;\n";
    same(&format!("{g}{h}[h(g, 1, 1, 0, 1, \".\"), h(Grid.Parse(\"x.x.x.\"), 1, 1, 0, 1, \".\")]"), "[[1, 0], [3, 0]]");
    // Two grids, one of integers: each read on its own.
    same(
        &format!(
            "{g}def u(g, h, r, c) := g[r, c] == \"x\" and h[r, c] == 1; [u(g, n, 1, 1), u(g, n, 1, 2), u(g, n, 2, 2)]"
        ),
        "[true, false, false]",
    );
    // Right sides that are no string, other strings, `Nothing` off the board (`Nothing == Nothing`).
    let s = "def s(g, k) := [g[1, 1] == k and g[1, 2] == k, g[0, 1] == k and g[9, 9] == k, \
             g[1, 1] == \"xo\" and g[1, 1] == \"\", g[1, 1] != \"é\" and g[1, 2] == \".\"];\n";
    same(
        &format!("{g}{s}[s(g, 1), s(g, Nothing), s(g, \"x\"), s(n, 1)]"),
        "[[false, false, false, true], [false, true, false, true], [false, false, false, true], \
         [false, false, false, false]]",
    );
    // Coordinates: a local twice, past `i64` on the way, fractions that add to an integer, a local minus itself.
    let o = "def o(g, r, d) := g[r + d + d, 1] == \"x\" and g[1, 1] == \"x\";\n\
             def o2(g, r, d) := g[r + d + d, 1] == \"x\" and g[r, 1] == \"x\";\n";
    same(
        &format!("{g}{o}[o(g, 9223372036854775807, -4611686018427387903), o(g, 9223372036854775807, 1), o(g, 1, 1/2)]"),
        "[true, false, false]",
    );
    same(&format!("{g}def z(g, r) := g[r - r + 1, 1] == \"x\" and g[1, 1 + r - r] == \"x\"; z(g, 5)"), "true");
    fails(
        &format!("{g}{o}o2(g, 1/2, 1/4)"),
        "Argument 1 of `Grid index` must be of type `Integer`, not `DyadicRational`.",
    );
    fails(
        &format!("{g}def z(g, r) := g[1, 1] == \"x\" and g[r - r + 1, 1] == \"x\"; z(g, \"a\")"),
        "No operation `-` for arguments of types `cgsuite.lang.String`, `cgsuite.lang.String`.",
    );
    fails(
        &format!("{g}def e(g, d) := g[1, 1] == \"x\" and g[1, d] == \".\"; e(g, [2])"),
        "Argument 1 of `Grid index` must be of type `Integer`, not `List`.",
    );
    // A string is no grid: its general index (here `false`).
    same(&format!("{g}def e(g, d) := g[1, 1] == \"x\" and g[1, d] == \".\"; e(\"abc\", 2)"), "false");
    // Fields of `this`: both tests read `grid` once; one a field, the other a local.
    let q = "class Q(grid as Grid)\n  def T(s) := [grid[r, c] == s and grid[r, c + 1] == \".\" for r from 1 to 2 for c from 1 to 3];\n  \
             def U(h) := [grid[1, 1] == \"x\" and h[1, 1] == \"x\", grid[1, 1] == \"x\" and h[1, 1] == \".\"];\nend\n";
    same(
        &format!("{g}{q}[Q(g).T(\"x\"), Q(Grid.Parse(\"..x|x..\")).T(\".\"), Q(g).U(Grid.Parse(\"x\"))]"),
        "[[true, false, false, false, false, false], [true, false, false, false, true, false], [true, false]]",
    );
    let p = "class P(grid as Grid)\n  def T(k) := [grid[1, c] == k and grid[1, c + 1] == 0 for c from 0 to 2];\nend\n";
    same(
        &format!("{g}{p}[P(n).T(1), P(n).T(0), P(n).T(\"#\")]"),
        "[[false, true, false], [false, false, false], [false, false, false]]",
    );
}

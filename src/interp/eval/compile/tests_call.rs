//! The fast paths of `is_test.rs`, `call.rs`, `frames.rs` and `clauses.rs`'s `FindAll` loop against the
//! general paths: each program runs with the compiler on (the fast paths) and off (the evaluator), and the
//! printed output, the error, its span and its call stack must be the same; values are also checked by hand.

// The runner and the comparison of compiled against evaluated are tests.rs's.
use super::tests::same;

/// Values of every kind: core values (zero apart, a big integer, dyadic and other rationals, games, strings,
/// collections, a tuple, a function, a player), library objects (a grid, a Clobber position, the Clobber
/// ruleset), a user object, a position of a user class extending `GridGame`, a user class and a singleton.
const VALUES: &str = "class P(a) end; \
     singleton class D extends game.grid.GridRuleset class Position(grid as Grid) extends GridGame \
     override def Options(player as Player) := []; end; override def CharMap := \".#\"; end; \
     singleton class S end; \
     vs := [Nothing, true, 0, 5, 2^70, 1/2, 1/3, *, ^, \"s\", [1], {1}, {1 => 2}, (1, 2), x -> x, Left, \
     Grid.Parse(\"x.\"), Clobber(\"xo\"), Clobber, P(1), D(\"..\"), P, S];";

/// The classes asked about: core, library and user ones.
const CLASSES: [&str; 17] = [
    "String",
    "Integer",
    "Zero",
    "Rational",
    "DyadicRational",
    "Game",
    "CanonicalShortGame",
    "Object",
    "List",
    "Collection",
    "Set",
    "Map",
    "Coordinates",
    "Function",
    "Grid",
    "Ruleset",
    "P",
];

/// `v is C` for every value of [`VALUES`] and class of [`CLASSES`], each `is` node asked about the values in
/// turn, forwards and backwards (each node's last answer is of another kind of value, so answers remembered
/// for one kind are asked by the next), through a parameter (a bound local: the in-place path) and through the
/// loop variable of a comprehension at the top level (the general path).
#[test]
fn is_on_every_kind_of_value_and_class() {
    let tests = |x: &str| CLASSES.iter().map(|c| format!("{x} is {c}")).collect::<Vec<_>>().join(", ");
    let f = format!("def t(x) := [{}];", tests("x"));
    let src = format!("{VALUES} {f} [t(y) for y in vs] == [[{}] for y in vs]", tests("y"));
    same(&src, "true");
    let src = format!("{VALUES} {f} [[t(y) for y in vs], [t(y) for y in vs.Reversed]]");
    let out = same(&src, "");
    assert!(!out.contains("error"), "{out}");
    // By hand: the string, zero, a grid, the user object, the position of the class extending `GridGame` (a
    // game), the class `P` and the singleton `S` (which stands for its instance): every value is an `Object`.
    let src = format!("{VALUES} {f} [t(\"s\"), t(0), t(Grid.Parse(\"x\")), t(P(2)), t(D(\".\")), t(P), t(S)]");
    let row = |trues: &[&str]| {
        let cells: Vec<&str> = CLASSES.iter().map(|c| if trues.contains(c) { "true" } else { "false" }).collect();
        format!("[{}]", cells.join(", "))
    };
    let expected = [
        row(&["String", "Object"]),
        row(&["Integer", "Zero", "Rational", "DyadicRational", "Game", "CanonicalShortGame", "Object"]),
        row(&["Object", "Grid"]),
        row(&["Object", "P"]),
        row(&["Game", "Object"]),
        row(&["Object"]),
        row(&["Object"]),
    ];
    same(&src, &format!("[{}]", expected.join(", ")));
    // The same node asked about a string many times, then a grid, then a string again.
    same(
        "def k(x) := x is String; def f(n) begin var out := []; for i from 1 to n do out := out.Append(k(\"a\")) end; \
         out := out.Append(k(Grid.Parse(\"x\"))); out.Append(k(\"b\")) end; f(3)",
        "[true, true, true, false, true]",
    );
    // Zero is a `Zero`, other integers are not, whichever came first.
    same("def k(x) := x is Zero; [k(0), k(3), k(0), k(-2)]", "[true, false, true, false]");
    // An unknown class: the error at the class's span, in the call's frame, whichever value asks.
    same("def k(x) := x is Nonesuch; [k(1), k(\"a\")]", "");
    same("def k(x) := x is Nonesuch; k(Grid.Parse(\"x\"))", "");
}

/// `is` where the class name is no user class at first, then names one: a local or parameter of that name
/// (the name is looked up in the frame), a class declared later, a captured variable.
#[test]
fn is_with_the_class_name_bound_otherwise() {
    // A parameter named `String` holding a user class: `x is String` asks that class.
    same(
        "class P(a) end; def k(x, String) := x is String; [k(P(1), P), k(\"a\", P), k(P(1), Grid)]",
        "[true, false, false]",
    );
    // The same node before and after a user class `Grid` is declared (the string asks again).
    same(
        "def k(x) := [x is Grid, x is String]; a := [k(Grid.Parse(\"x\")), k(\"s\")]\n\
         class Grid(q) end\n\
         [a, [k(Grid(1)), k(\"s\")]]",
        "[[[true, false], [false, true]], [[true, false], [false, true]]]",
    );
    // A closure that captured a variable named as the class.
    same(
        "class P(a) end; def mk(String) := x -> x is String; f := mk(P); [f(P(1)), f(\"s\"), mk(P)(\"t\")]",
        "[true, false, false]",
    );
}

/// Calls from natives and the memo (`frames.rs`'s plain resolved calls in a kept frame) and compiled direct
/// calls (`call.rs`) in turn, with frames of different sizes taken from and given back to the same stack:
/// values by hand, recursion, a function that names itself, and errors (a count of arguments that is not the
/// parameters', an error three calls deep) with their spans and frames.
#[test]
fn calls_in_kept_frames() {
    // One slot, ten slots and three alternate; each frame's slots are empty when it starts (`h` is unbound
    // until declared: a global `h` is not seen through a slot left by a call before).
    let defs = "h := 100; \
        def one(x) := x + 1; \
        def ten(a, b, c, d, e, f, g, i, j, k) begin var s := a + b + c + d + e + f + g + i + j + k; s + one(s) end; \
        def three(x, y, z) begin var w := [x, y, z]; w.Append(h) end; ";
    same(
        &format!(
            "{defs} [ten(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), three(1, 2, 3), one(1), ten(0, 0, 0, 0, 0, 0, 0, 0, 0, 1)]"
        ),
        "[111, [1, 2, 3, 100], 2, 3]",
    );
    same(
        &format!("{defs} [[1, 2].Map(one), ten(1, 1, 1, 1, 1, 1, 1, 1, 1, 1), [3].Map(x -> three(x, x, x))]"),
        "[[2, 3], 21, [[3, 3, 3, 100]]]",
    );
    // Recursion through a native (`Map`), self-naming, and mutual recursion.
    same(
        "def fact(n) := if n == 0 then 1 else n * fact(n - 1) end; \
         def ev(n) := if n == 0 then true else od(n - 1) end; def od(n) := if n == 0 then false else ev(n - 1) end; \
         [[3, 5].Map(fact), ev(10), od(7), ev(3)]",
        "[[6, 120], true, true, false]",
    );
    // Too many and too few arguments from a native and from compiled code.
    same("def two(a, b) := a; [1].Map(two)", "");
    same("def one(a) := a; def f() := one(1, 2); f()", "");
    // An error three calls deep, from a native: the three frames, innermost first, with the call spans.
    let deep = "def bad(x) := [x][3]; def mid(x) := bad(x) + 1; def top(x) := mid(x) * 2; [1].Map(top)";
    let on = same(deep, "");
    assert!(on.contains("(\"bad\"") && on.contains("(\"mid\"") && on.contains("(\"top\""), "three frames: {on}");
    // An argument that fails after others were bound: the frame is given back and the next call sees empty
    // slots (`h` the global again).
    same(
        "h := 7; def three(x, y, z) begin var w := [x, y, z]; w.Append(h) end; \
         def f() := three(1, [2][5], 3); def g() begin var r := 0; r := three(4, 5, 6); r end; g()\n\
         f()",
        "",
    );
    same(
        "h := 7; def three(x, y, z) := [x, y, z, h]; \
         def g(n) := if n == 0 then three(4, 5, 6) else g(n - 1) end; [g(3), [1].Map(x -> g(x))]",
        "[[4, 5, 6, 7], [[4, 5, 6, 7]]]",
    );
}

/// `for p in g.FindAll(c)` scanning the cells: every position in row-major order (by hand), on grids of one
/// row, one column and none matching, with `break` and a body that keeps the pair.
#[test]
fn find_all_scans_in_row_major_order() {
    same(
        "def f(g) begin var out := []; for p in g.FindAll(\"x\") do out := out.Append(p) end; out end; \
         [f(Grid.Parse(\"x.x|.x.|xx.\")), f(Grid.Parse(\"xxx\")), f(Grid.Parse(\"x|.|x\")), f(Grid.Parse(\"o.\"))]",
        "[[(1, 1), (1, 3), (2, 2), (3, 1), (3, 2)], [(1, 1), (1, 2), (1, 3)], [(1, 1), (3, 1)], []]",
    );
    same(
        "def f(g) begin var n := 0; for p in g.FindAll(\"o\") do n := n + 10 * p[1] + p[2]; if n > 20 then break end end; n end; \
         f(Grid.Parse(\"oo|oo\"))",
        "23",
    );
}

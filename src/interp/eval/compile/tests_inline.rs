//! Inlined calls (`inline.rs`) against the evaluator, which inlines nothing: each program runs with the
//! compiler on and off, and the output, the error, its span and its call stack must be the same; values are
//! also checked by hand, and whether a body was inlined is counted.

use super::inline::inlined_count;
use super::tests::{run, same};
use crate::interp::with_big_stack;

/// How many inlined calls running `src` compiled (compiler on) runs, with its output (as `tests::run` runs it, in
/// the thread that counts).
fn inlines(src: &str) -> (usize, String) {
    let src = src.to_string();
    with_big_stack(move || {
        super::set_enabled(true);
        let before = inlined_count();
        let out = crate::interp::tests::run_on(&mut crate::new_interpreter(), &src);
        (inlined_count() - before, out)
    })
}

/// The prelude's `_Grid` and a caller of it, as Konane's ruleset members call it.
const GRID: &str = "def G(s) := if s is String then Grid.Parse(s) else s end; \
                    def Rows(s) := G(s).RowCount; def Twice(s) := [G(s), G(s)];";

#[test]
fn small_global_functions_are_inlined() {
    let (n, out) = inlines(&format!("{GRID} [Rows(\"x.|o.|..\"), Rows(Grid.Parse(\"xx\"))]"));
    assert!(out.ends_with("[3,1]\n"), "{out}");
    assert_eq!(n, 2, "both calls of `G` inlined");
    same(
        &format!("{GRID} [Rows(\"x.|o.|..\"), Rows(Grid.Parse(\"xx\")), Twice(\"x\")]"),
        "[3, 1, [Grid(\"x\"), Grid(\"x\")]]",
    );
    // Not inlined: a loop, a block, recursion, a default, a closure captured, a user class named by `is`.
    for f in [
        "def h(x) begin var y := x; y end",
        "def h(x) := [y for y in [x]]",
        "def h(x) := if x == 0 then 0 else h(x - 1) end",
        "def h(x, y ? 1) := x + y",
        "def h(x) := (y -> y + x)(1)",
        "class C end; def h(x) := x is C",
    ] {
        let (n, out) = inlines(&format!("{f}; def f(x) := h(x); f(0)"));
        assert_eq!(n, 0, "{f}: {out}");
    }
    let (n, _) = inlines("def h(x, y) := x + y * 2; def f(x) := h(x, 3); f(1)");
    assert_eq!(n, 1);
}

#[test]
fn errors_read_as_from_the_call() {
    // An error of the body (`Grid.Parse` of ragged rows, a number where a string is wanted), one, two and three
    // calls deep: the same message, span and frames ("in call to `G`" at the call's span).
    same(&format!("{GRID} Rows(\"x.|o\")"), "");
    same(&format!("{GRID} def A(x) := Rows(x); def B(x) := [A(x)]; B(\"x|oo\")"), "");
    same("def P(s) := Grid.Parse(s); def A(x) := P(x); def B(x) := A(x); def C(x) := B(x); C(3)", "");
    let out = run("def P(s) := Grid.Parse(s); def A(x) := P(x); def B(x) := A(x); def C(x) := B(x); C(3)", true);
    assert!(out.contains("error:") && out.matches("(\"").count() == 4, "four frames: {out}");
    // An error in an argument: no frame of the callee.
    same("def h(x) := x + 1; def f(x) := h(x.Foo); f(1)", "");
    // Not a Boolean in the body's condition; an unknown class.
    same("def h(x) := if x then 1 else 2 end; def f(x) := h(x); f(3)", "");
    same("def h(x) := x is Nonesuch; def f(x) := h(x); f(1)", "");
}

#[test]
fn recursion_depth_through_inlined_calls() {
    // Every inlined call counts as a call: the recursion ends at the same depth, with the same frames.
    same("def R(n) := Q(n + 1); def Q(n) := R(n); R(0)", "");
    let out = run("def R(n) := Q(n + 1); def Q(n) := R(n); R(0)", true);
    assert!(out.contains("error:"), "{out}");
    same("def R(n) := if n == 0 then 0 else Q(n - 1) + 1 end; def Q(n) := R(n); R(2000)", "2000");
}

#[test]
fn reassigned_globals_take_the_new_function() {
    same(
        "def h(x) := x + 1; def f(x) := h(x); a := f(1); def h(x) := x * 10; b := f(1); \
         h := y -> y - 1; c := f(1); [a, b, c]",
        "[2, 10, 0]",
    );
    // Another arity: the ordinary call's error; a value that is no function: its error.
    same("def h(x) := x + 1; def f(x) := h(x); a := f(1); def h(x, y) := x + y; f(1)", "");
    same("def h(x) := x + 1; def f(x) := h(x); a := f(1); h := 3; f(1)", "");
    // A native function under the name, then a script one again.
    same("def h(x) := x + 1; def f(x) := h(x); a := f(1); h := Max; b := f([4, 2]); [a, b]", "[2, 4]");
}

#[test]
fn inlined_bodies_see_globals_and_their_own_arguments() {
    // The caller's local named as the callee's global: the global.
    same("def g(x) := Grid.Parse(x); def f(Grid) := g(Grid).RowCount; f(\"x.|..\")", "2");
    same("N := 7; def g(x) := x + N; def f(N) := [g(1), N]; f(5)", "[8, 5]");
    // A call re-entering the same call site while the body runs: each call reads its own argument.
    same("def H(x) := if x > 0 then [x, G(x - 1), x] else [x] end; def G(n) := H(n); G(2)", "[2, [1, [0], 1], 2]");
    // Arguments evaluated once, in order.
    same(
        "def h(a, b) := [b, a, b]; def f() begin var n := 0; h(begin n := n + 1; n end, begin n := n * 10; n end) end; f()",
        "[10, 1, 10]",
    );
}

#[test]
fn is_in_inlined_bodies_sees_user_classes_declared_later() {
    same("def k(x) := x is Foo; def f(x) := k(x); a := f(1); class Foo end; b := f(Foo()); c := f(2); [a, b, c]", "");
    same(
        "def k(x) := x is Integer; def f(x) := k(x); [f(1), f(\"a\"), f(2), f(Grid.Parse(\"x\"))]",
        "[true, false, true, false]",
    );
}

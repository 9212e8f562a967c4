//! Stop 15's call paths against the evaluator: the `if p is T then … else p end` node of inlined bodies
//! (`inline.rs`'s `Pick`), the own-name slot bound only where something can read it (`Layout::binds_self`), a
//! body's last local moved out of its frame (`build.rs`'s `compile_body`), a global callee read from its
//! cache (`call.rs`'s `known_function`) and `x := x.Append(v)` on a local's slot (`stmt.rs`). Each program runs
//! compiled and evaluated (same output, error, span and call stack) and is checked by hand.

use super::tests::{run, same};
use crate::interp::with_big_stack;

/// How many inlined calls running `src` compiled makes, with its output.
fn inlines(src: &str) -> (usize, String) {
    let src = src.to_string();
    with_big_stack(move || {
        super::set_enabled(true);
        let before = super::inline::inlined_count();
        let out = crate::interp::tests::run_on(&mut crate::new_interpreter(), &src);
        (super::inline::inlined_count() - before, out)
    })
}

#[test]
fn pick_answers_as_the_if_it_stands_for() {
    // `_Grid`'s shape (the parameter itself when the test fails), `_Text`'s (when it holds), and neither: each
    // called with values of changing kinds, so that the remembered answer is asked by the next kind.
    let defs = "def G(s) := if s is String then Grid.Parse(s) else s end; \
                def T(s) := if s is String then s else s.RowCount end; \
                def N(s) := if s is Integer then s + 1 else 0 end; \
                def F(s) := [G(s), T(s), N(s)];";
    let src = format!("{defs} g := Grid.Parse(\"x.|.o\"); [F(g), F(\"xx\"), F(g), F(g), F(\"o\"), F(g)]");
    let hand = "[[Grid(\"x.|.o\"), 2, 0], [Grid(\"xx\"), \"xx\", 0], [Grid(\"x.|.o\"), 2, 0], \
                [Grid(\"x.|.o\"), 2, 0], [Grid(\"o\"), \"o\", 0], [Grid(\"x.|.o\"), 2, 0]]";
    same(&src, hand);
    // An integer after grids: `N` answers, `T`'s `RowCount` fails (the same error and frames).
    same(&format!("{defs} g := Grid.Parse(\"x\"); [N(g), N(4), G(4), N(g), G(g)]"), "[0, 5, 4, 0, Grid(\"x\")]");
    let out = same(&format!("{defs} g := Grid.Parse(\"x.|.o\"); [F(g), F(3)]"), "");
    assert!(out.contains("error:") && out.contains("RowCount"), "{out}");
    // Every call is inlined and counted, the fast path's too (`G`, `T` and `N` per `F`, four `F` calls).
    let (n, out) = inlines(&format!("{defs} g := Grid.Parse(\"x\"); [F(g), F(g), F(g), F(\"x\")]"));
    assert!(out.ends_with("[[Grid(\"x\"),1,0],[Grid(\"x\"),1,0],[Grid(\"x\"),1,0],[Grid(\"x\"),\"x\",0]]\n"), "{out}");
    assert_eq!(n, 12, "{out}");
    // The test's type declared as a user class later: the ordinary call, as the evaluator answers.
    same(&format!("{defs} a := F(Grid.Parse(\"x\")); class Grid end; b := G(3); [a, b]"), "");
}

#[test]
fn pick_errors_and_depth() {
    // An error of a branch: "in call to `G`" at the call, as before.
    let g = "def G(s) := if s is String then Grid.Parse(s) else s end;";
    same(&format!("{g} def A(x) := G(x); A(\"x|oo\")"), "");
    let out = run(&format!("{g} def A(x) := G(x); A(\"x|oo\")"), true);
    assert!(out.contains("error:") && out.contains("\"G\"") && out.contains("\"A\""), "{out}");
    // The fast path counts as a call: a recursion through it ends at the same depth, with the same error and
    // frames, and a deep one that stays under the limit returns.
    same(&format!("{g} g := Grid.Parse(\"x\"); def R(n) := [G(g), R(n + 1)]; R(0)"), "");
    let out = run(&format!("{g} g := Grid.Parse(\"x\"); def R(n) := [G(g), R(n + 1)]; R(0)"), true);
    assert!(out.contains("error:"), "{out}");
    same(
        &format!("{g} g := Grid.Parse(\"x\"); def R(n) := if n == 0 then G(g).RowCount else R(n - 1) end; R(3000)"),
        "1",
    );
}

#[test]
fn own_name_slot_where_it_can_be_read() {
    // Recursion through the own-name slot: the function called is the one running, not the global of that
    // name now (a function redefined), also from a lambda in its body, which captures the slot.
    same("def f(n) := if n == 0 then 0 else f(n - 1) + 1 end; g := f; def f(n) := 100; g(3)", "3");
    same("def f(n) := if n == 0 then 0 else (x -> f(x))(n - 1) + 1 end; g := f; def f(n) := 100; g(3)", "3");
    same(
        "def f(n) begin def k(x) := f(x); if n == 0 then 0 else k(n - 1) + 1 end end; g := f; def f(n) := 100; g(3)",
        "3",
    );
    // A body that does not name itself reads the global of that name (no slot bound).
    same("def f(n) := if n == 0 then 0 else g(n - 1) + 1 end; g := f; def f(n) := 100; g(3)", "3");
    // The name shadowed: by a parameter, by a local, by a loop variable.
    same("def f(f) := f + 1; f(2)", "3");
    same("def f(n) begin var f := 5; f + n end; f(2)", "7");
    same("def f(n) := [f * 2 for f in [n]]; f(4)", "[8]");
    // A local function that names itself; a ruleset member does not see its own name.
    same("def o(n) begin def f(k) := if k == 0 then 0 else f(k - 1) + 2 end; f(n) end; o(4)", "8");
}

#[test]
fn last_local_moves_out_of_the_frame() {
    // The callee's slot is moved, never the caller's variable.
    same("def f(x) := x; a := [1, 2]; b := f(a); b := b.Append(3); [a, b]", "[[1, 2], [1, 2, 3]]");
    same("def f(x) begin var out := x; out end; a := [1]; b := f(a); [a, b, f(a)]", "[[1], [1], [1]]");
    same("def f(x, y) := if x then y else [y] end; a := [5]; [f(true, a), f(false, a), a]", "[[5], [[5]], [5]]");
    // A lambda made before the last read keeps its own copy.
    same("def f() begin var l := [1]; var k := () -> l; [k, l] end; p := f(); [p[1](), p[2]]", "[[1], [1]]");
    same("def f() begin var l := [1]; var k := () -> l; l := l.Append(k); l end; f()[2]()", "[1]");
    // An unbound local as the last read: the error, as before.
    same("def f(x) begin if x then var y := 1 end; y end; f(false)", "");
}

#[test]
fn global_callee_read_from_its_cache() {
    // Five arguments (no inlining): the ordinary call of the global found, redefined between calls.
    let h = "def h(a, b, c, d, e) := a + e;";
    same(&format!("{h} def f(x) := h(x, 1, 2, 3, 4); a := f(1); def h(a, b, c, d, e) := a * e; [a, f(1)]"), "[5, 4]");
    // The global replaced by a value that is no function, by a native, then by a lambda.
    same(&format!("{h} def f(x) := h(x, 1, 2, 3, 4); a := f(1); h := 3; f(1)"), "");
    same(&format!("{h} def f(x) := h(x, 1, 2, 3, 4); a := f(1); h := (a, b, c, d, e) -> e; [a, f(1)]"), "[5, 4]");
    // A captured variable of that name answers first.
    same(
        &format!(
            "{h} def o() begin var h := (a, b, c, d, e) -> 0; def f(x) := h(x, 1, 2, 3, 4); f(1) end; \
             def f(x) := h(x, 1, 2, 3, 4); [f(1), o(), f(1)]"
        ),
        "[5, 0, 5]",
    );
    // A function that cannot be inlined, called from a site that may inline, then one that can.
    let (n, out) = inlines(
        "def h(x) := [y for y in [x]]; def f(x) := h(x); a := [f(1), f(2)]; def h(x) := x + 1; b := f(1); [a, b]",
    );
    assert!(out.ends_with("[[[1],[2]],2]\n"), "{out}");
    assert_eq!(n, 1, "{out}");
    // Errors with their frames, through the cached callee.
    same(&format!("{h} def f(x) := h(x, 1, 2, 3, \"a\"); def g(x) := f(x); g(1)"), "");
}

#[test]
fn append_to_a_local_slot() {
    // The element changes the list: the list read before it is extended and assigned.
    same("def f() begin var out := [1]; out := out.Append(begin out := [7]; 2 end); out end; f()", "[1, 2]");
    // The value used; a list shared with another variable is copied, not changed.
    same("def f() begin var out := []; var r := (out := out.Append(1)); [r, out] end; f()", "[[1], [1]]");
    same("def f() begin var a := [1]; var out := a; out := out.Append(2); [a, out] end; f()", "[[1], [1, 2]]");
    // Not a list: the general path's error.
    same("def f() begin var out := 3; out := out.Append(1); out end; f()", "");
    // In a loop, with the jump function's shape.
    same(
        "def J(out, n) begin while n > 0 do out := out.Append(n); n := n - 1 end; out end; \
         def f() begin var out := []; out := J(out, 3); out := J(out, 2); out end; f()",
        "[3, 2, 1, 2, 1]",
    );
}

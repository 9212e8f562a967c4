//! Locals in frame slots (`syntax/resolve.rs`): the scoping rules of `env.rs` checked by hand-derived values,
//! and every case run twice — in a resolved function and in the same function made unresolvable (a `class`
//! declaration the body never reaches makes the resolver decline it, so its calls search names as before).

use crate::interp::tests::outputs;

/// Runs `src` (whose functions start with `begin` and are marked `DECLINE` where the unresolvable variant puts
/// its dead `class`), checks the output against `expected`, then the same with every function unresolved.
fn check(src: &str, expected: &[&str]) {
    let resolved = src.replace("DECLINE", "");
    assert_eq!(outputs(&resolved), expected, "resolved: {resolved}");
    let unresolved = src.replace("DECLINE", "if false then class Unused end end;");
    assert!(unresolved != resolved, "no DECLINE marker in {src}");
    assert_eq!(outputs(&unresolved), expected, "searched by name: {unresolved}");
}

#[test]
fn shadowing_in_nested_blocks() {
    // x is 1 (parameter); the block's `var x` shadows it with 10 until `end`; y := x + 1 inside the block reads
    // the block's x (11) and, y being bound nowhere, declares y in the function's scope, so it survives the block.
    check("def f(x) begin DECLINE begin var x := 10; y := x + 1 end; [x, y] end;\nf(1)", &["[1,11]"]);
    // Nested three deep: each level reads the innermost x; after the inner block the middle one is back.
    check(
        "def f() begin DECLINE var x := 1; var r := []; begin var x := 2; begin var x := 3; r := r.Append(x) end; \
         r := r.Append(x) end; r.Append(x) end;\nf()",
        &["[3,2,1]"],
    );
}

#[test]
fn a_block_forgets_its_variables_when_left() {
    // A global x = 100. In each iteration the block first reads x — the global, since the block's own `var x`
    // of the previous iteration was unbound when the block was left — then declares x := i. So [100, 100, 100].
    check(
        "x := 100;\ndef f() begin DECLINE var r := []; for i from 1 to 3 do begin r := r.Append(x); var x := i end \
         end; r end;\nf()",
        &["[100,100,100]"],
    );
    // Without the inner block, `var x` declares in the loop's scope, which stays open across iterations: the
    // first read is the global 100, the next two the previous iteration's i (1, then 2).
    check(
        "x := 100;\ndef f() begin DECLINE var r := []; for i from 1 to 3 do r := r.Append(x); var x := i end; r \
         end;\nf()",
        &["[100,1,2]"],
    );
}

#[test]
fn a_var_that_may_not_have_run_falls_back_to_the_global() {
    // `var g` inside `if` declares in the function's scope only when the branch runs: f(true) sees the local 1,
    // f(false) the global 5.
    check("g := 5;\ndef f(b) begin DECLINE if b then var g := 1 end; g end;\n[f(true), f(false)]", &["[1,5]"]);
}

#[test]
fn assignment_updates_the_innermost_existing_variable_else_declares_in_the_function() {
    // s is the function's; the loop body's s := s + i updates it: 1 + 2 + 3 + 4 = 10. t is bound nowhere, so
    // t := … declares it in the function's scope (visible after the loop): the last i, 4.
    check(
        "def f() begin DECLINE var s := 0; for i from 1 to 4 do s := s + i; t := i end; [s, t] end;\nf()",
        &["[10,4]"],
    );
    // A top-level variable of that name exists: the assignment updates it instead (z becomes 7 globally), and
    // the function reads it back.
    check("z := 1;\ndef f() begin DECLINE z := 7; z end;\nf()\nz", &["7", "7"]);
    // Assigning to a name that a later inner block declares: the outer assignment does not see the block's slot.
    check("def f() begin DECLINE q := 1; begin var q := 2; q := q + 10 end; q end;\nf()", &["1"]);
}

#[test]
fn closures_capture_by_value() {
    // Each closure captures i as it was when created (1, 2, 3); changing the variable later does not reach it.
    check(
        "def f() begin DECLINE var fs := []; for i from 1 to 3 do fs := fs.Append(() -> i) end; \
         [g() for g in fs] end;\nf()",
        &["[1,2,3]"],
    );
    // c captures a = 1; then a := 2 changes the function's a, not the captured copy: [1, 2].
    check("def f() begin DECLINE var a := 1; var c := () -> a; a := 2; [c(), a] end;\nf()", &["[1,2]"]);
    // An inner variable shadowing an outer one is the one captured (c is the function's, assigned in the
    // block): 20, not 10.
    check("def f() begin DECLINE var w := 10; var c := 0; begin var w := 20; c := () -> w end; c() end;\nf()", &["20"]);
}

#[test]
fn a_closure_assigns_its_own_copy_of_a_captured_variable() {
    // Inside the closure, n := n + 1 updates the closure's copy (n was captured as 5): each call starts again
    // from 5, so both calls give 6 and the outer n stays 5.
    check(
        "def f() begin DECLINE var n := 5; var inc := () -> begin n := n + 1; n end; [inc(), inc(), n] end;\nf()",
        &["[6,6,5]"],
    );
}

#[test]
fn recursion_has_a_frame_per_call() {
    // fib(15) = 610 (F(0) = 0, F(1) = 1); each call's n and t are its own, so the caller's t is intact after
    // the recursive calls.
    check(
        "def fib(n) begin DECLINE if n < 2 then n else var t := fib(n - 1); t + fib(n - 2) end end;\nfib(15)",
        &["610"],
    );
    // The function sees itself under its name inside its body, and a parameter of that name shadows it:
    // g(3) returns its argument.
    check("def g(g) begin DECLINE g end;\ng(3)", &["3"]);
}

#[test]
fn loop_and_comprehension_variables() {
    // A comprehension's variable is its own: x stays 9 after [x * x for x in 1..3] = [1, 4, 9].
    check("def f() begin DECLINE var x := 9; var l := [x * x for x in 1..3]; [l, x] end;\nf()", &["[[1,4,9],9]"]);
    // Two clauses: the second's source sees the first's variable: pairs (i, j) with 1 <= j <= i <= 2.
    check("def f() begin DECLINE [(i, j) for i in 1..2 for j in 1..i] end;\nf()", &["[(1,1),(2,1),(2,2)]"]);
    // A loop's source is evaluated inside the loop's scope before the variable is bound: `for x in x` iterates
    // the outer x.
    check("def f() begin DECLINE var x := [4, 5]; var s := 0; for x in x do s := s + x end; s end;\nf()", &["9"]);
}

#[test]
fn defaults_see_the_parameters_before_them() {
    // b defaults to a + 1: f(1) = [1, 2]; f(1, 5) = [1, 5].
    check("def f(a, b ? a + 1) begin DECLINE [a, b] end;\n[f(1), f(1, 5)]", &["[[1,2],[1,5]]"]);
}

#[test]
fn element_assignment_and_append_in_place() {
    // l[2] := 7 replaces the local's element; l := l.Append(3) appends: [1, 7, 3].
    check("def f() begin DECLINE var l := [1, 2]; l[2] := 7; l := l.Append(3); l end;\nf()", &["[1,7,3]"]);
}

#[test]
fn errors_are_unchanged() {
    check("def f() begin DECLINE undefinedName end;\nf()", &["error: That variable is not defined: `undefinedName`."]);
}

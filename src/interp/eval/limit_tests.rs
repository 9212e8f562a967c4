//! The limits of `Machine::check_limits` (interrupt, memory budget, stack and call depth) on the paths of
//! compiled code: a loop with no call in it, recursion from inside a loop, inside a method. The memory budget
//! is process-wide, so its loop case is a CLI test (`tests/integration/limits.rs`).

use crate::interp::tests::{outputs, run_on};

/// [`run_on`], the workspace's interrupt flag set after `delay_ms`.
fn run_interrupted(interp: &mut crate::interp::Interpreter, src: &str, delay_ms: u64) -> String {
    let flag = interp.interrupt_flag();
    let setter = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(delay_ms));
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let out = run_on(interp, src);
    setter.join().unwrap();
    out
}

#[test]
fn an_interrupt_stops_compiled_loops_without_calls() {
    // The body of each loop calls nothing: only the loop's own check sees the flag.
    let loops = [
        "def spin() begin var n := 0; while true do n := n + 1 end; n end;\nspin()",
        "def count() begin var n := 0; for i from 1 to 10^15 do n := n + i end; n end;\ncount()",
        "def walk() begin var n := 0; for k from 1 to 10^9 do for x in [1, 2, 3] do n := n + x end end; n end;\nwalk()",
        "class Spinner(k) def Spin begin var n := k; while n >= 0 do n := n + 1 end; n end end;\nSpinner(1).Spin",
    ];
    for src in loops {
        assert_eq!(run_interrupted(&mut crate::core_interpreter(), src, 50), "error: Interrupted.\n", "{src}");
    }
}

#[test]
fn an_interrupt_leaves_a_workspace_that_runs_on() {
    // The flag is cleared when the error is made: the next cells of the same workspace run to their end.
    let mut interp = crate::core_interpreter();
    let src = "def spin() begin var n := 0; while true do n := n + 1 end; n end;\nspin()";
    assert_eq!(run_interrupted(&mut interp, src, 30), "error: Interrupted.\n");
    let src = "def f(n) begin var s := 0; for i from 1 to n do s := s + i end; s end;\nf(100)";
    assert_eq!(run_on(&mut interp, src), "5050\n");
}

#[test]
fn recursion_inside_a_loop_inside_a_method_is_an_error() {
    // A method whose loop calls the method again, with no end: the depth error, from the call in the loop (on
    // the small stack of a test thread and on the interpreter's big one, where the call count may end it first).
    let src =
        "class C(k) def Deep(n) begin var s := 0; for i from 1 to 2 do s := s + this.Deep(n + 1) end; s end end;\n\
               C(1).Deep(0)";
    let small = run_on(&mut crate::core_interpreter(), src);
    assert_eq!(small, "error: Maximum recursion depth exceeded.\n");
    assert_eq!(outputs(src).last().map(String::as_str), Some("error: Maximum recursion depth exceeded."));
    // The same from a `while` loop in a plain function, and a recursion that ends (depth 2000) still runs.
    let f = "def f(n) begin var i := 0; var s := 0; while i < 2 do i := i + 1; s := s + f(n + 1) end; s end;\nf(0)";
    assert_eq!(outputs(f).last().map(String::as_str), Some("error: Maximum recursion depth exceeded."));
    let g = "def g(n) begin var s := 0; for i from 1 to 1 do s := if n == 0 then 0 else 1 + g(n - 1) end end; s end;\n\
             g(2000)";
    assert_eq!(outputs(g), ["2000"]);
}

#[test]
fn a_deep_recursion_then_a_shallow_one() {
    // The stack floor moves down with a deep recursion; a later call at a shallow depth is still checked
    // against the budget (the same error again), and a call within it runs.
    let src = "def f(n) := f(n + 1) + 1;\ndef h(n) := if n == 0 then 0 else 1 + h(n - 1) end;\nh(100)\nf(0)";
    assert_eq!(outputs(src), ["100", "error: Maximum recursion depth exceeded."]);
    let src = "def f(n) := f(n + 1) + 1;\nf(0)";
    let mut interp = crate::core_interpreter();
    for _ in 0..2 {
        assert_eq!(run_on(&mut interp, src), "error: Maximum recursion depth exceeded.\n");
    }
}

//! The evaluator's fast paths (machine-integer and string operators, literals, `g.Updated({…})` written out,
//! `xs := xs.Append(x)` in place) against the general paths they bypass: the same values and the same errors.

use crate::interp::tests::outputs;

fn same(fast: &str, general: &str) {
    let (a, b) = (outputs(fast), outputs(general));
    assert!(!a.is_empty(), "no output for {fast}");
    assert_eq!(a, b, "fast path `{fast}` against general path `{general}`");
}

#[test]
fn grid_updated_with_a_written_out_map_is_updated_with_the_map() {
    // The general path: the map built first (a variable), then `Updated`.
    same(
        r##"Grid("..|..").Updated({(1, 2) => "#", (2, 1) => "x"})"##,
        r##"m := {(1, 2) => "#", (2, 1) => "x"}; Grid("..|..").Updated(m)"##,
    );
    // A key written twice: the later entry wins in both.
    same(
        r##"Grid("..").Updated({(1, 1) => "a", (1, 1) => "b"})"##,
        r##"m := {(1, 1) => "a", (1, 1) => "b"}; Grid("..").Updated(m)"##,
    );
    // Errors: off the board, not a cell, not one character, not a coordinate pair.
    same(r##"Grid("..").Updated({(1, 5) => "#"})"##, r##"m := {(1, 5) => "#"}; Grid("..").Updated(m)"##);
    same(r##"Grid("..").Updated({(1, 1) => "xy"})"##, r##"m := {(1, 1) => "xy"}; Grid("..").Updated(m)"##);
    same(r##"Grid("..").Updated({(1, 1) => 3})"##, r##"m := {(1, 1) => 3}; Grid("..").Updated(m)"##);
    same(r##"Grid("..").Updated({1 => "x"})"##, r##"m := {1 => "x"}; Grid("..").Updated(m)"##);
    same(r##"Grid("..").Updated({(0, 1) => "x"})"##, r##"m := {(0, 1) => "x"}; Grid("..").Updated(m)"##);
    // The entries are evaluated in order, key then value, as the map literal evaluates them.
    let out =
        outputs(r##"n := 0; g := Grid("...").Updated({(1, n := n + 1) => "a", (1, n := n + 1) => "b"}); [g, n]"##);
    assert_eq!(out.last().map(String::as_str), Some(r##"[Grid("ab."),2]"##));
}

#[test]
fn append_in_place_keeps_value_semantics() {
    // Another variable holding the same list does not see the append (hand: b keeps [1, 2]).
    let out = outputs("def f() begin var a := [1, 2]; var b := a; a := a.Append(3); [a, b] end; f()");
    assert_eq!(out.last().map(String::as_str), Some("[[1,2,3],[1,2]]"));
    // The receiver is the list before the argument ran, even when the argument reassigns the variable.
    let out = outputs("def f() begin var a := [1]; a := a.Append(a := [9]); a end; f()");
    assert_eq!(out.last().map(String::as_str), Some("[1,[9]]"));
    // A loop collecting 200 elements (past one chunk of the persistent vector) against a comprehension.
    same(
        "def f() begin var a := []; for i from 1 to 200 do a := a.Append(i * i) end; a end; f()",
        "[i * i for i from 1 to 200]",
    );
    // Not a list: the general path's error.
    same("def f() begin var a := 3; a := a.Append(1) end; f()", "3.Append(1)");
}

#[test]
fn machine_integer_and_string_operators_agree_with_the_general_ones() {
    // Past i64 the general path takes over (hand: 2^62 + 2^62 = 2^63 = 9223372036854775808).
    assert_eq!(outputs("2^62 + 2^62").last().map(String::as_str), Some("9223372036854775808"));
    assert_eq!(outputs("-2^62 - 2^62 - 1").last().map(String::as_str), Some("-9223372036854775809"));
    assert_eq!(outputs("2^32 * 2^32").last().map(String::as_str), Some("18446744073709551616"));
    // Comparisons of integers against the same comparisons of the numbers as rationals (the general path).
    for (a, b) in [(3, 5), (5, 3), (4, 4), (-7, 2)] {
        for op in ["<", "<=", ">", ">=", "==", "!=", "===", "!=="] {
            same(&format!("{a} {op} {b}"), &format!("{a} + 1/2 {op} {b} + 1/2"));
        }
        // The same sums and products through rational operands (a + 1/2 is no integer).
        same(
            &format!("[{a} + {b}, {a} - {b}, {a} * {b}]"),
            &format!("[({a} + 1/2) + {b} - 1/2, ({a} + 1/2) - {b} - 1/2, ({a} + 1/2) * {b} - {b} / 2]"),
        );
    }
    // Strings: shared one-character literals compare by content.
    let out =
        outputs(r##"["a" == "a", "a" != "a", "ab" == "a" + "b", "" == "", "x" === "x", "." == Grid(".")[1, 1]]"##);
    assert_eq!(out.last().map(String::as_str), Some("[true,false,true,true,true,true]"));
}

#[test]
fn a_literal_index_of_a_local_is_the_general_index() {
    // The fast path: `x[k]` with `x` a local list or tuple and `k` an integer literal; the general path: the
    // same index computed (`k + 0`), or the collection held in a top-level variable (not a local).
    let body = |i: &str| {
        format!(
            "f := n -> begin var d := (3, 4); var l := [5, [6]]; var s := \"ab\"; var m := {{1 => 7, 2 => 8}}; \
             [d[{i}], l[{i}], s[{i}], m[{i}]] end; f(0)"
        )
    };
    for (fast, general) in [("1", "1 + 0"), ("2", "2 + 0")] {
        same(&body(fast), &body(general));
    }
    // Out of bounds, zero and a negative index: the general path's errors.
    for k in ["3", "0", "-1"] {
        same(&format!("f := n -> begin var d := (3, 4); d[{k}] end; f(0)"), &format!("d := (3, 4); d[{k} + 0]"));
        same(&format!("f := n -> begin var l := [3, 4]; l[{k}] end; f(0)"), &format!("l := [3, 4]; l[{k} + 0]"));
    }
    // A local that is not a list or tuple, and a global list.
    same("f := n -> begin var g := Grid(\"ab\"); g[1, 2] end; f(0)", "g := Grid(\"ab\"); g[1, 2]");
    same("l := [8, 9]; l[2]", "l := [8, 9]; l[1 + 1]");
    // A closure's captured list.
    same("f := n -> begin var l := [1, 2]; (() -> l[2])() end; f(0)", "l := [1, 2]; l[1 + 1]");
}

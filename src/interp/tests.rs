//! End-to-end tests of the interpreter: parse cells, evaluate them, compare the output.

use super::{with_big_stack, Interpreter};
use crate::syntax::parse::parse_cells;

/// The printed value of each cell of `src`, or `error: …` for the first failing cell (which ends the run): the
/// shared helper of the evaluator's unit tests (fast paths, slots, machine integers).
pub(crate) fn outputs(src: &str) -> Vec<String> {
    let src = src.to_string();
    with_big_stack(move || run_on(&mut crate::core_interpreter(), &src).lines().map(str::to_string).collect())
}

/// Runs `src` on `interp`, on the calling thread's stack: the printed value of each cell, then `error: …` for the
/// first failing cell (which ends the run). A syntax error fails the test.
pub(crate) fn run_on(interp: &mut Interpreter, src: &str) -> String {
    let file = interp.sources().add("<test>", src);
    let mut out = Vec::new();
    for cell in parse_cells(src, file) {
        assert!(cell.errors.is_empty(), "syntax error in {src}");
        if let Err(e) = interp.eval_cell(&cell.block, &mut out) {
            out.extend_from_slice(format!("error: {}\n", e.message()).as_bytes());
            break;
        }
    }
    String::from_utf8(out).unwrap()
}

/// Runs `src` cell by cell as a script does; an error is appended as `error: <message>` and stops the run.
fn run_in(interp: &mut Interpreter, src: &str) -> String {
    let file = interp.sources().add("<test>", src);
    let mut out = Vec::new();
    for cell in parse_cells(src, file) {
        if let Some(e) = cell.errors.first() {
            out.extend_from_slice(format!("syntax error: {}\n", e.message()).as_bytes());
            break;
        }
        if let Err(e) = interp.eval_cell(&cell.block, &mut out) {
            out.extend_from_slice(format!("error: {}\n", e.message()).as_bytes());
            break;
        }
    }
    String::from_utf8(out).unwrap()
}

fn run(src: &str) -> String {
    run_in(&mut crate::core_interpreter(), src)
}

/// The output lines of `src`, trimmed.
fn lines(src: &str) -> Vec<String> {
    run(src).lines().map(str::to_string).collect()
}

fn check(src: &str, expected: &[&str]) {
    assert_eq!(lines(src), expected, "for input:\n{src}");
}

fn error_of(src: &str) -> String {
    let out = run(src);
    out.lines().last().unwrap_or("").strip_prefix("error: ").unwrap_or("<no error>").to_string()
}

#[test]
fn integer_arithmetic_is_exact() {
    check("2^100", &["1267650600228229401496703205376"]);
    check("-17 + 5 * 3", &["-2"]);
    check("7 / 2\n6 / 3\n1/3 + 1/6", &["7/2", "2", "1/2"]);
    // CGSuite 2.2: `%` is the remainder with the sign of the dividend (`(-7) % 2` is -1).
    check("7 % 3\n-7 % 3", &["1", "-1"]);
    check("(2/3)^2\n2^-3\n(-1)^101", &["4/9", "1/8", "-1"]);
    check("10.Div(3)\n(-10).Mod(3)\n12.Gcd(18)", &["3", "2", "6"]);
    check("5.NimSum(3)\n2.NimProduct(2)\n1024.Lb\n64.IsTwoPower\n50.Isqrt", &["6", "3", "10", "true", "7"]);
}

#[test]
fn comparisons_of_numbers() {
    check("3 < 7/2\n1/2 <= 1/2\n1/3 == 2/6\n2 != 2", &["true", "true", "true", "false"]);
    check("\"a\" < \"b\"", &["true"]);
}

#[test]
fn games_and_numbers() {
    check("*3 + *5", &["*6"]);
    check("^ + ^", &["^^"]);
    check("<0,*|0>", &["^*"]);
    check("<|>\n<0|>\n<|0>", &["0", "1", "-1"]);
    check("1/2 + *", &["1/2*"]);
    check("3 * ^", &["^3"]);
    check("+-1\n3 +- 1", &["+-1", "<4|2>"]);
    check("* + *", &["0"]);
    check("* + * == 0", &["true"]);
    check("opts := [0, *];\n<opts | 0>", &["^*"]);
    check("* < ^\n^ > 0\n* <> 0\n* <| 0\n* |> 0", &["false", "true", "true", "true", "true"]);
    check("^3\nv + *\n^*3\nv3*2", &["^3", "v*", "^*3", "v3*2"]);
}

#[test]
fn game_members() {
    check("g := <2|-1>;\ng.Mean\ng.Temperature\ng.LeftOptions", &["1/2", "3/2", "{2}"]);
    check("^.OutcomeClass\n*.OutcomeClass\n0.OutcomeClass", &["L", "N", "P"]);
    check("(1/2).LeftStop\n(1/2).Birthday\n*8.NimValue", &["1/2", "2", "8"]);
    check("Tiny(2)\n^.AtomicWeight", &["Tiny(2)", "1"]);
    check("<2|-1>.Cool(1)\n<2|-1>.Cool(3/2)", &["<1|0>", "1/2*"]);
}

#[test]
fn collections() {
    check("L := [3, 1, 2];\nL[1]\nL.Length\nL.Sorted\nL.Reversed", &["3", "3", "[1,2,3]", "[2,1,3]"]);
    check("[3,1,2].Updated(2, 10)\n[1,2].Append(3)\n[1,2,3].Tail", &["[3,10,2]", "[1,2,3]", "[2,3]"]);
    check("[1,2,3].Map(x -> x * x)\n[1,2,3].Filter(x -> x > 1)", &["[1,4,9]", "[2,3]"]);
    check("[1,3,2].Sort((a, b) -> a > b)\n[1,3,2].Sort(x -> -x)", &["[3,2,1]", "[3,2,1]"]);
    check("{3, 1, 2, 1}\n{^, *, 0}", &["{1,2,3}", "{0,*,^}"]);
    check("{1,2,3}.Union({3,4})\n{1,2,3}.Intersection({2,3,4})", &["{1,2,3,4}", "{2,3}"]);
    check("{\"a\" => 1, 2 => *}\n{=>}", &["{2 => *, \"a\" => 1}", "{=>}"]);
    check("M := {\"a\" => 1};\nM[\"a\"]\nM.Keys\nM.Updated(\"b\", 2)", &["1", "{\"a\"}", "{\"a\" => 1, \"b\" => 2}"]);
    check("Max([3, 9, 2])\nMin(4, 1, 7)\nMex([0, 1, 3])\nSum([1/2, 1/4, *])", &["9", "1", "2", "3/4*"]);
    check("(1, 2)[2]\n[[1, 2], [3]][1][2]\n[]", &["2", "2", "[]"]);
}

#[test]
fn strings() {
    check("s := \"xo.ox\";\ns[1]\ns.Length\ns.Updated(3, \"x\")", &["\"x\"", "5", "\"xoxox\""]);
    check("\"xo.ox\".Substring(2, 4)\n\"xo.ox\".Split(\".\")", &["\"o.o\"", "[\"xo\",\"ox\"]"]);
    check("\"xo.ox\".FindAll(\"o\")\n\"ab\" + \"cd\"\n\"n = \" + 3", &["[2,4]", "\"abcd\"", "\"n = 3\""]);
    check("Print(\"hi\", 2)", &["hi 2"]);
}

#[test]
fn closures_capture_by_value() {
    check("def makeAdder(n) := x -> x + n;\ninc := makeAdder(1);\ninc(41)", &["42"]);
    check("adders := [x -> x + k for k from 1 to 3];\n[f(10) for f in adders]", &["[11,12,13]"]);
    check("def f() begin var a := 1; var g := () -> a; a := 2; g() end;\nf()", &["1"]);
}

#[test]
fn top_level_names_are_dynamic() {
    check("k := 1;\ndef addK(x) := x + k;\nk := 2;\naddK(1)", &["3"]);
    check(
        "def isEven(n) := if n == 0 then true else isOdd(n - 1) end;\n\
         def isOdd(n) := if n == 0 then false else isEven(n - 1) end;\nisEven(10)",
        &["true"],
    );
}

#[test]
fn recursion() {
    check("def fact(n) := if n <= 1 then 1 else n * fact(n - 1) end;\nfact(25)", &["15511210043330985984000000"]);
}

#[test]
fn control_flow() {
    check("total := 0;\nfor i from 1 to 10 do total := total + i end\ntotal", &["55"]);
    check("for i from 10 to 1 by -3 yield i end", &["[10,7,4,1]"]);
    check("for x in [1,2,3,4] where x % 2 == 0 yield x * x end", &["[4,16]"]);
    check("n := 0;\nwhile true do n := n + 1; if n >= 7 then break end end\nn", &["7"]);
    check("e := [];\nfor i from 1 to 6 do if i % 2 == 1 then continue end; e := e.Append(i) end\ne", &["[2,4,6]"]);
    check("def first(L) begin for x in L do if x > 2 then return x end end; 0 end;\nfirst([1,5,9])", &["5"]);
    check("[[i, j] for i from 1 to 3 for j from i to 3 where i + j == 4]", &["[[1,3],[2,2]]"]);
    check("{x % 3 for x from 1 to 10}\n{x => x^2 for x from 1 to 3}", &["{0,1,2}", "{1 => 1, 2 => 4, 3 => 9}"]);
    check("if 1 > 2 then 1 elseif 2 > 1 then 2 else 3 end", &["2"]);
    check("for i from 1 to 3 for j from 1 to 3 do if j == 2 then break end; Print(i, j) end", &["1 1"]);
}

#[test]
fn printing_rules() {
    // A top-level `Nothing` prints `Nothing`, as CGSuite 2.2 shows it.
    // A `def` shows the function it defines, as CGSuite's worksheet does.
    check("x := 3\nx := 4;\ndef f(y) := y\nNothing\n[Nothing, true]", &["3", "y -> y", "Nothing", "[Nothing,true]"]);
    check("Left\nLeft.Opponent\nRight.Sign", &["Left", "Right", "-1"]);
    check("1 is Game\n1/3 is Game\n^ is Game\n3 is Rational", &["true", "false", "true", "true"]);
}

#[test]
fn errors_read_like_cgsuite() {
    assert_eq!(error_of("foo"), "That variable is not defined: `foo`.");
    // Operands named by their classes' qualified names, as CGSuite 2.2 names them (`cgsuite-eval`).
    assert_eq!(error_of("[1, 2] + 3"), "No operation `+` for arguments of types `cgsuite.lang.List`, `game.Integer`.");
    // 1/0 is inf, as in CGSuite; 0/0 is CGSuite's "/ by zero".
    assert_eq!(error_of("0 / 0"), "Division by zero.");
    // CGSuite 2.2 (`cgsuite-eval`): "Missing required parameter (in function call): `b`"
    assert_eq!(error_of("def f(a, b) := a\nf(1)"), "Missing required parameter (in function call): `b`");
    assert_eq!(error_of("5.Foo"), "Not a method or member variable: `Foo` (in object of class `game.Integer`)");
    assert_eq!(error_of("[1,2][5]"), "Index out of bounds: 5.");
    assert_eq!(error_of("1/3 + *"), "No operation `+` for arguments of types `game.Rational`, `game.Nimber`.");
    assert_eq!(error_of("5.AtomicWeight"), "That game is not atomic: 5");
    assert_eq!(error_of("<2|-1>.Cool(-1)"), "Invalid cooling temperature (must be > -1): -1");
    assert_eq!(error_of("error(\"boom\")"), "boom");
    assert_eq!(error_of("*2 * *3"), "No operation `*` for arguments of types `game.Nimber`, `game.Nimber`.");
    assert_eq!(
        error_of("2^(10^12)"),
        "Overflow: the power would have about 1000000000001 bits; the limit on a power's size is 16777216 bits \
         (about 5050445 decimal digits)."
    );
}

#[test]
fn recursion_limit_is_an_error() {
    assert_eq!(error_of("def f(n) := f(n + 1) + 1\nf(0)"), "Maximum recursion depth exceeded.");
}

#[test]
fn deep_recursion_on_a_big_stack() {
    let out = with_big_stack(|| {
        run("def sum(n) := if n == 0 then 0 else n + sum(n - 1) end;\nsum(5000)\ndef f(n) := f(n + 1);\nf(0)")
    });
    assert_eq!(out, "12502500\nerror: Maximum recursion depth exceeded.\n");
}

#[test]
fn errors_carry_the_call_stack() {
    let mut interp = crate::core_interpreter();
    let src = "def inner(x) := x / 0\ndef outer(x) := inner(x) + 1\nouter(0)";
    let file = interp.sources().add("<test>", src);
    let mut out = Vec::new();
    let mut err = None;
    for cell in parse_cells(src, file) {
        if let Err(e) = interp.eval_cell(&cell.block, &mut out) {
            err = Some(e);
        }
    }
    let e = err.expect("an error");
    let names: Vec<&str> = e.frames.iter().map(|f| f.function.as_str()).collect();
    assert_eq!(names, ["inner", "outer"]);
    assert_eq!(&src[e.span.range()], "x / 0");
}

#[test]
fn variables_survive_errors() {
    let mut interp = crate::core_interpreter();
    let out = run_in(&mut interp, "a := 1; b := (a - 1) / 0");
    assert_eq!(out, "error: Division by zero.\n");
    assert_eq!(run_in(&mut interp, "a"), "1\n");
    interp.clear();
    assert_eq!(run_in(&mut interp, "a"), "error: That variable is not defined: `a`.\n");
}

#[test]
fn interrupt_stops_a_loop_and_keeps_variables() {
    let mut interp = crate::core_interpreter();
    let flag = interp.interrupt_flag();
    let setter = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(100));
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let out = run_in(&mut interp, "n := 0;\nwhile true do n := n + 1 end");
    setter.join().unwrap();
    assert_eq!(out, "error: Interrupted.\n");
    assert_eq!(run_in(&mut interp, "n > 0"), "true\n");
}

#[test]
#[ignore = "prints every script of tests/scripts for eyeballing"]
fn show_scripts() {
    let mut paths: Vec<_> = ["tests/scripts/eval", "tests/scripts/errors"]
        .iter()
        .flat_map(|d| std::fs::read_dir(d).unwrap().map(|e| e.unwrap().path()))
        .collect();
    paths.sort();
    for p in paths {
        let src = std::fs::read_to_string(&p).unwrap();
        println!("=== {}\n{}", p.display(), run(&src));
    }
}

#[test]
fn completion_lists() {
    let mut interp = crate::core_interpreter();
    run_in(&mut interp, "myVar := 1");
    let names = interp.completion_names();
    assert!(names.contains(&"myVar".to_string()));
    assert!(names.contains(&"Max".to_string()));
    assert!(interp.member_names().contains(&"CanonicalForm"));
}

#[test]
fn index_assignment_has_value_semantics() {
    check("a := [1, 2, 3];\nb := a;\na[1] := 9\na\nb", &["9", "[9,2,3]", "[1,2,3]"]);
    check("m := {\"x\" => 1};\nm[\"y\"] := 2;\nm[\"x\"] := 5;\nm", &["{\"x\" => 5, \"y\" => 2}"]);
    check("t := [[1, 2], [3, 4]];\nu := t;\nt[2][1] := 7;\nt[1, 2] := 8;\nt\nu", &["[[1,8],[7,4]]", "[[1,2],[3,4]]"]);
    check("mm := {1 => [0, 0]};\nmm[1][2] := *;\nmm", &["{1 => [0,*]}"]);
    check("a := [0, 0];\nx := a[2] := 5;\n[x, a]", &["[5,[0,5]]"]);
    // Locals, globals from inside a function, captured variables (a closure's copy).
    check("def f() begin var l := [0, 0, 0]; for i from 1 to 3 do l[i] := i * i end; l end;\nf()", &["[1,4,9]"]);
    check("g := [0];\ndef set(x) begin g[1] := x end;\nset(4);\ng", &["[4]"]);
    check("def f() begin var l := [1]; var h := () -> begin l[1] := 2; l end; [h(), l] end;\nf()", &["[[2],[1]]"]);
    // The value is evaluated before the variable is read, so its own changes to the variable are kept.
    check("a := [1, 2];\na[1] := begin a := [7, 8]; 0 end;\na", &["[0,8]"]);
}

#[test]
fn index_assignment_builds_tables() {
    let src = "g := [0 for n from 0 to 19];\n\
               for n from 1 to 19 do\n\
                 g[n + 1] := Mex({g[a + 1].NimSum(g[n - k - a + 1]) for k from 1 to 2 where k <= n for a from 0 to n - k})\n\
               end\n\
               g == [0].Concat(Kayles.NimValueSequence(19))\ng";
    check(src, &["true", "[0,1,2,3,1,4,3,2,1,4,2,6,4,1,2,7,1,4,3,2]"]);
}

#[test]
fn index_assignment_errors() {
    assert_eq!(error_of("a := [1];\na[2] := 0"), "Index out of bounds: 2.");
    assert_eq!(error_of("a := [1];\na[0] := 0"), "Index out of bounds: 0.");
    assert_eq!(error_of("a := [1];\na[\"x\"] := 0"), "Index out of bounds: \"x\".");
    assert_eq!(error_of("m := {=>};\nm[1][2] := 0"), "Key not found: 1"); // CGSuite 2.2's wording
    assert_eq!(error_of("q[1] := 2"), "That variable is not defined: `q`.");
    let not = |ty: &str| {
        format!("Cannot assign to an element of a value of type `{ty}`: only list and map elements can be assigned.")
    };
    assert_eq!(error_of("s := \"abc\";\ns[1] := \"x\""), not("String"));
    assert_eq!(error_of("s := {1, 2};\ns[1] := 3"), not("Set"));
    assert_eq!(error_of("t := (1, 2);\nt[1] := 3"), not("Tuple"));
    assert_eq!(error_of("g := ^;\ng[1] := 3"), not("Game"));
    assert_eq!(error_of("a := [1];\na[1][1] := 3"), not("Integer"));
    assert_eq!(run("f()[1] := 2").lines().next(), Some(
        "syntax error: Syntax error: only a variable or an element of one can be assigned, as in `x := e` or `x[i] := e`."
    ));
}

#[test]
fn failed_index_assignment_keeps_the_old_value() {
    let mut interp = crate::core_interpreter();
    run_in(&mut interp, "a := [1, 2];\nm := {1 => [1]}");
    assert_eq!(run_in(&mut interp, "a[3] := 0"), "error: Index out of bounds: 3.\n");
    assert_eq!(run_in(&mut interp, "a[1] := 0 / 0"), "error: Division by zero.\n");
    assert_eq!(run_in(&mut interp, "a[1][1] := 0"), "error: Cannot assign to an element of a value of type `Integer`: only list and map elements can be assigned.\n");
    assert_eq!(run_in(&mut interp, "m[1][2] := 0"), "error: Index out of bounds: 2.\n");
    assert_eq!(run_in(&mut interp, "a\nm"), "[1,2]\n{1 => [1]}\n");
}

#[test]
fn integer_arithmetic_leaves_machine_range_exactly() {
    check(
        "9223372036854775807 + 1\n-9223372036854775808 - 1\n4294967296 * 4294967296\n3037000500 * 3037000500",
        &["9223372036854775808", "-9223372036854775809", "18446744073709551616", "9223372037000250000"],
    );
}

#[test]
fn index_expressions_are_evaluated_once() {
    // A sumber is an object no index path accepts: the index must still run only once before the error.
    let mut interp = crate::core_interpreter();
    let src = "n := 0;\ndef f() begin n := n + 1; 1 end;\nS := Up(1).SumberForm;\nS[f()]";
    let out = run_in(&mut interp, src);
    assert!(out.starts_with("error: "), "{out}");
    assert_eq!(run_in(&mut interp, "n"), "1\n");
}

/// `G.MisereMinus(H)` without an answer names both games, each in at most 10,000 characters: Kayles(30)'s
/// misère canonical form is some 75 GB of text (the message once tried to build it). Small games are written
/// in full, as CGSuite 2.2 writes them (`game.heap.Kayles(5).MisereCanonicalForm.MisereMinus(
/// game.heap.Kayles(3).MisereCanonicalForm)` in cgsuite-eval: "Those misere games are not subtractable:
/// *[2[2]321], *[3]").
#[test]
fn misere_minus_error_names_games_within_a_bound() {
    let small = error_of("Kayles(5).MisereCanonicalForm.MisereMinus(Kayles(3).MisereCanonicalForm)");
    assert_eq!(small, "Those misere games are not subtractable: *[2[2]321], *[3]");
    let big = error_of("Kayles(30).MisereCanonicalForm.MisereMinus(Kayles(28).MisereCanonicalForm)");
    assert!(big.starts_with("Those misere games are not subtractable: *[((((("), "{}", &big[..80.min(big.len())]);
    assert!(big.contains("(cut at 10,000 characters"), "no cut note");
    assert!(big.len() < 21_000, "message of {} bytes", big.len());
}

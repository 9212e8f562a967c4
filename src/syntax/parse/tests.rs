//! Tests of the parser: cells, printed ASTs, error messages and recovery.

use super::*;
use crate::syntax::sexp;

/// The S-expression of a cell that must parse without errors; statements separated by ` ; `.
fn sx(src: &str) -> String {
    let cell = parse_cell(src, 0);
    assert!(cell.errors.is_empty(), "{src:?}: {:?}", cell.errors);
    let mut out: Vec<String> = cell.block.stmts.iter().map(sexp::expr).collect::<Vec<_>>();
    if cell.block.trailing_semicolon {
        out.push(String::new());
    }
    out.join(" ; ")
}

/// The errors of a cell as `message@start..end`.
fn errs(src: &str) -> Vec<String> {
    parse_cell(src, 0).errors.iter().map(|e| format!("{}@{}..{}", e.message(), e.span.start, e.span.end)).collect()
}

#[test]
fn literals() {
    assert_eq!(sx("3"), "3");
    assert_eq!(sx("123456789012345678901234567890"), "123456789012345678901234567890");
    assert_eq!(sx("\"a\\nb\""), "\"a\\nb\"");
    assert_eq!(sx("true"), "true");
    assert_eq!(sx("Nothing"), "Nothing");
    assert_eq!(sx("Left"), "Left");
    assert_eq!(sx("[1, 2]"), "(list 1 2)");
    assert_eq!(sx("[]"), "(list)");
    assert_eq!(sx("[1,\n2,]"), "(list 1 2)");
    assert_eq!(sx("{1, 2}"), "(set 1 2)");
    assert_eq!(sx("{}"), "(set)");
    assert_eq!(sx("{=>}"), "(map)");
    assert_eq!(sx("{\"a\" => 1, 2 => *}"), "(map (\"a\" => 1) (2 => (nim)))");
    assert_eq!(sx("(r, c)"), "(tuple r c)");
    assert_eq!(sx("()"), "(tuple)");
    assert_eq!(sx("(1)"), "1");
}

#[test]
fn game_literals() {
    assert_eq!(sx("<|>"), "(game [] [])");
    assert_eq!(sx("<0|>"), "(game [0] [])");
    assert_eq!(sx("<|0>"), "(game [] [0])");
    assert_eq!(sx("<0|0>"), "(game [0] [0])");
    assert_eq!(sx("<0,*|0>"), "(game [0 (nim)] [0])");
    assert_eq!(sx("<<0|>|>"), "(game [(game [0] [])] [])");
    assert_eq!(sx("<3||2|1>"), "(game [3] [(game [2] [1])])");
    assert_eq!(sx("<3|||2||1|0>"), "(game [3] [(game [2] [(game [1] [0])])])");
    assert_eq!(sx("<a|b||c|d>"), "(game [(game [a] [b])] [(game [c] [d])])");
    assert_eq!(sx("<||0|-1>"), "(game [] [(game [0] [(neg 1)])])");
    assert_eq!(sx("<1+1, x.Foo | -2*3>"), "(game [(+ 1 1) (. x Foo)] [(* (neg 2) 3)])");
    assert_eq!(sx("<opts, *8 | opts>"), "(game [opts (nim 8)] [opts])");
    assert_eq!(sx("<|>==0"), "(== (game [] []) 0)");
    assert_eq!(sx("<0|> + <|0>"), "(+ (game [0] []) (game [] [0]))");
}

#[test]
fn game_literal_spans() {
    let cell = parse_cell("<3||2|1>", 0);
    let ExprKind::GameLit { right, .. } = &cell.block.stmts[0].kind else { panic!() };
    assert_eq!(right[0].span.range(), 4..7);
    assert_eq!(cell.block.stmts[0].span.range(), 0..8);
}

#[test]
fn comparisons() {
    assert_eq!(sx("G <| H"), "(<| G H)");
    assert_eq!(sx("G |> H"), "(|> G H)");
    assert_eq!(sx("G<|H"), "(<| G H)");
    assert_eq!(sx("G <> H"), "(<> G H)");
    assert_eq!(sx("G < <0|>"), "(< G (game [0] []))");
    assert_eq!(sx("a <= b"), "(<= a b)");
    assert_eq!(sx("a >= b"), "(>= a b)");
    assert_eq!(sx("a != b"), "(!= a b)");
    assert_eq!(sx("a + 1 == b"), "(== (+ a 1) b)");
    assert_eq!(sx("<0|> |> <|0>"), "(|> (game [0] []) (game [] [0]))");
}

#[test]
fn nimbers_and_ups() {
    assert_eq!(sx("*"), "(nim)");
    assert_eq!(sx("*3"), "(nim 3)");
    assert_eq!(sx("*n"), "(nim n)");
    assert_eq!(sx("*(n+1)"), "(nim (+ n 1))");
    assert_eq!(sx("2 * *3"), "(* 2 (nim 3))");
    assert_eq!(sx("3*^"), "(* 3 (up + #1))");
    assert_eq!(sx("*3 + ^"), "(+ (nim 3) (up + #1))");
    assert_eq!(sx("* * 2"), "(* (nim) 2)");
    assert_eq!(sx("^"), "(up + #1)");
    assert_eq!(sx("^^"), "(up + #2)");
    assert_eq!(sx("^^^"), "(up + #3)");
    assert_eq!(sx("^3"), "(up + 3)");
    assert_eq!(sx("^n"), "(up + n)");
    assert_eq!(sx("^(n+1)"), "(up + (+ n 1))");
    assert_eq!(sx("^*"), "(up + #1 *)");
    assert_eq!(sx("^*3"), "(up + #1 (* 3))");
    assert_eq!(sx("^^*2"), "(up + #2 (* 2))");
    assert_eq!(sx("^3*2"), "(up + 3 (* 2))");
    assert_eq!(sx("v"), "(up - #1)");
    assert_eq!(sx("vv"), "(up - #2)");
    assert_eq!(sx("vvv*"), "(up - #3 *)");
    assert_eq!(sx("v3"), "(up - 3)");
    assert_eq!(sx("v3*2"), "(up - 3 (* 2))");
    assert_eq!(sx("v(n)"), "(up - n)");
    assert_eq!(sx("vx + value"), "(+ vx value)");
    assert_eq!(sx("^ / 2"), "(/ (up + #1) 2)");
    assert_eq!(sx("^* * 2"), "(* (up + #1 *) 2)");
    assert_eq!(sx("2 * ^*"), "(* 2 (up + #1 *))");
    assert_eq!(sx("-^*"), "(neg (up + #1 *))");
    assert_eq!(sx("^.Pow(2)"), "(call (. (up + #1) Pow) 2)");
    assert_eq!(sx("^.PowTo(n)"), "(call (. (up + #1) PowTo) n)");
    assert_eq!(sx("*2.Birthday"), "(. (nim 2) Birthday)");
    assert_eq!(sx("[^, v, *]"), "(list (up + #1) (up - #1) (nim))");
    assert_eq!(sx("<^|v>"), "(game [(up + #1)] [(up - #1)])");
    assert_eq!(sx("<^*|*>"), "(game [(up + #1 *)] [(nim)])");
    let cell = parse_cell("v3", 0);
    let ExprKind::Up { count: UpCount::Expr(c), .. } = &cell.block.stmts[0].kind else { panic!() };
    assert_eq!(c.span.range(), 1..2);
}

#[test]
fn plus_minus() {
    assert_eq!(sx("+-1"), "(+- 1)");
    assert_eq!(sx("+-<2|1>"), "(+- (game [2] [1]))");
    assert_eq!(sx("3 +- 1"), "(+- 3 1)");
    assert_eq!(sx("x +- y"), "(+- x y)");
    assert_eq!(sx("+-+-1"), "(+- (+- 1))");
}

#[test]
fn precedence() {
    assert_eq!(sx("1 + 2 * 3"), "(+ 1 (* 2 3))");
    assert_eq!(sx("1 - 2 - 3"), "(- (- 1 2) 3)");
    assert_eq!(sx("-2^2"), "(neg (^ 2 2))");
    assert_eq!(sx("2^3^2"), "(^ 2 (^ 3 2))");
    assert_eq!(sx("2^-1"), "(^ 2 (neg 1))");
    assert_eq!(sx("2^100"), "(^ 2 100)");
    assert_eq!(sx("a := b := 3"), "(:= a (:= b 3))");
    assert_eq!(sx("a : b + c : d"), "(+ (: a b) (: c d))");
    assert_eq!(sx("a : b * c"), "(: a (* b c))");
    assert_eq!(sx("-a * b"), "(* (neg a) b)");
    assert_eq!(sx("a % b / c"), "(/ (% a b) c)");
    assert_eq!(sx("not a and b or c"), "(or (and (not a) b) c)");
    assert_eq!(sx("a or b and c"), "(or a (and b c))");
    assert_eq!(sx("not x is Game"), "(not (is x Game))");
    assert_eq!(sx("x + 1 is Integer"), "(is (+ x 1) Integer)");
    assert_eq!(sx("x is Nothing"), "(is x Nothing)");
    assert_eq!(sx("a < b and c > d"), "(and (< a b) (> c d))");
    assert_eq!(sx("f(x).y[1, 2](3)"), "(call (index (. (call f x) y) 1 2) 3)");
    assert_eq!(sx("g.Updated({(r,c) => \"x\"})"), "(call (. g Updated) (map ((tuple r c) => \"x\")))");
    assert_eq!(sx("x.Method(1)"), "(call (. x Method) 1)");
    assert_eq!(sx("(1 + 2) * 3"), "(* (+ 1 2) 3)");
    assert_eq!(sx("-x.Foo"), "(neg (. x Foo))");
}

#[test]
fn ranges() {
    // CGSuite's `rangeExpr`: looser than `+`, tighter than comparisons; `x.y` stays a member.
    assert_eq!(sx("1..5"), "(.. 1 5)");
    assert_eq!(sx("1..10..3"), "(.. 1 10 3)");
    assert_eq!(sx("1 + 1..2 + 2"), "(.. (+ 1 1) (+ 2 2))");
    assert_eq!(sx("1..3 == L"), "(== (.. 1 3) L)");
    assert_eq!(sx("x.y..z"), "(.. (. x y) z)");
}

#[test]
fn functions() {
    assert_eq!(sx("x -> x + 1"), "(fn (x) (+ x 1))");
    assert_eq!(sx("(x, y) -> x * y"), "(fn (x y) (* x y))");
    assert_eq!(sx("() -> 1"), "(fn () 1)");
    assert_eq!(sx("(x) -> x"), "(fn (x) x)");
    assert_eq!(sx("f := x -> y -> x"), "(:= f (fn (x) (fn (y) x)))");
    assert_eq!(sx("def f(x, y) := x + y"), "(def f (x y) (+ x y))");
    assert_eq!(sx("def f() := 1"), "(def f () 1)");
    assert_eq!(sx("def f(x) begin var y := x; return y * 2 end"), "(def f (x) (begin (var y x) (return (* y 2))))");
    assert_eq!(sx("var z"), "(var z)");
    assert_eq!(sx("return"), "(return)");
    assert_eq!(sx("error(\"msg\")"), "(call error \"msg\")");
    assert_eq!(sx("map(x -> x^2, L)"), "(call map (fn (x) (^ x 2)) L)");
}

#[test]
fn control_flow() {
    assert_eq!(sx("begin 1; 2 end"), "(begin 1 2)");
    assert_eq!(sx("begin 1; 2; end"), "(begin 1 2 ;)");
    assert_eq!(sx("begin end"), "(begin)");
    assert_eq!(sx("if x then 1 end"), "(if (x (then 1)))");
    assert_eq!(
        sx("if x then 1 elseif y then 2 elseif z then 3 else 4 end"),
        "(if (x (then 1)) (y (then 2)) (z (then 3)) (else 4))"
    );
    assert_eq!(sx("for x in L do print(x) end"), "(for-loop (for x in L) (do (call print x)))");
    assert_eq!(
        sx("for x in L where x > 0 do s := s + x end"),
        "(for-loop (for x in L where (> x 0)) (do (:= s (+ s x))))"
    );
    assert_eq!(
        sx("for i from 1 to n by 2 where odd(i) do break end"),
        "(for-loop (for i from 1 to n by 2 where (call odd i)) (do break))"
    );
    assert_eq!(sx("for i from 1 do continue end"), "(for-loop (for i from 1) (do continue))");
    assert_eq!(sx("for x in A for y in B yield x + y end"), "(for-loop (for x in A) (for y in B) (yield (+ x y)))");
    assert_eq!(sx("while x < 3 do x := x + 1 end"), "(while (< x 3) (do (:= x (+ x 1))))");
    assert_eq!(sx("(if c then 1 else 2 end) + 1"), "(+ (if (c (then 1)) (else 2)) 1)");
    assert_eq!(sx("if c then 1 else 2 end + 1"), "(+ (if (c (then 1)) (else 2)) 1)");
    assert_eq!(
        sx("for k in (if p == Left then L else R end) do end"),
        "(for-loop (for k in (if ((== p Left) (then L)) (else R))) (do))"
    );
}

#[test]
fn comprehensions() {
    assert_eq!(sx("[e for x in coll where p]"), "(list-for e (for x in coll where p))");
    assert_eq!(sx("{x for x in L}"), "(set-for x (for x in L))");
    assert_eq!(sx("{k => w for k in K}"), "(map-for k => w (for k in K))");
    assert_eq!(sx("Sum(x for x in L)"), "(call Sum (list-for x (for x in L)))");
    assert_eq!(
        sx("[a + b for k from 1 to 2 where k <= n for a from 0 to (n - k).Div(2)]"),
        "(list-for (+ a b) (for k from 1 to 2 where (<= k n)) (for a from 0 to (call (. (- n k) Div) 2)))"
    );
    assert_eq!(sx("[for x in L yield x end]"), "(list (for-loop (for x in L) (yield x)))");
}

#[test]
fn statements_and_semicolons() {
    assert_eq!(sx("x := 3; y := 4"), "(:= x 3) ; (:= y 4)");
    assert_eq!(sx("x := 3;"), "(:= x 3) ; ");
    assert_eq!(sx("1;; 2"), "1 ; 2");
    let cell = parse_cell("", 0);
    assert!(cell.block.stmts.is_empty() && cell.errors.is_empty());
}

#[test]
fn rulesets() {
    let src = "ruleset PartizanSubtraction(L, R)
  def Options(n, player) :=
[n - k for k in (if player == Left then L else R end) where k <= n]
end";
    assert_eq!(
        sx(src),
        "(ruleset PartizanSubtraction (L R) (def Options (n player) (list-for (- n k) (for k in (if ((== player Left) (then L)) (else R)) where (<= k n)))))"
    );
    assert_eq!(
        sx("ruleset Kayles def Options(n) := [] def Show(s) := s; end"),
        "(ruleset Kayles (def Options (n) (list)) (def Show (s) s))"
    );
    assert_eq!(sx("ruleset K() def Options(n) := [] end"), "(ruleset K () (def Options (n) (list)))");
    let cells = parse_cells(src, 0);
    assert_eq!(cells.len(), 1);
}

#[test]
fn index_assignment() {
    assert_eq!(sx("a[1] := 2"), "(:= (index a 1) 2)");
    assert_eq!(sx("m[\"k\"] := [1]"), "(:= (index m \"k\") (list 1))");
    assert_eq!(sx("x[i][j, k] := w"), "(:= (index (index x i) j k) w)");
    assert_eq!(sx("a[1] := b[2] := 3"), "(:= (index a 1) (:= (index b 2) 3))");
    assert_eq!(sx("a := b[1] := 3"), "(:= a (:= (index b 1) 3))");
    assert_eq!(sx("a[f(1)] := a[2] + 1"), "(:= (index a (call f 1)) (+ (index a 2) 1))");
    assert_eq!(
        sx("for n from 0 to 3 do g[n + 1] := n end"),
        "(for-loop (for n from 0 to 3) (do (:= (index g (+ n 1)) n)))"
    );
    assert_eq!(sx("a[1]; a[1] := 2;"), "(index a 1) ; (:= (index a 1) 2) ; ");
    let src = "xs[i][j] := 0";
    let cell = parse_cell(src, 0);
    let ExprKind::IndexAssign { target, path, value, .. } = &cell.block.stmts[0].kind else { panic!() };
    assert_eq!(&src[target.span.range()], "xs");
    let spans: Vec<&str> = path.iter().map(|s| &src[s.span.range()]).collect();
    assert_eq!(spans, ["xs[i]", "xs[i][j]"]);
    assert_eq!(&src[value.span.range()], "0");
    assert_eq!(&src[cell.block.stmts[0].span.range()], src);
}

#[test]
fn invalid_assignment_targets() {
    let target = "Syntax error: only a variable or an element of one can be assigned, as in `x := e` or `x[i] := e`.";
    let member = "Syntax error: a member cannot be assigned; values have no assignable members.";
    assert_eq!(errs("f()[1] := 2"), [format!("{target}@0..3")]);
    assert_eq!(errs("f(1) := 2"), [format!("{target}@0..4")]);
    // `* [1]` with a space: a nimber indexed (`*[1]` without one is a misère literal).
    assert_eq!(errs("* [1] := 2"), [format!("{target}@0..1")]);
    assert_eq!(errs("a.b := 3"), [format!("{member}@0..3")]);
    assert_eq!(errs("a[1].b := 3"), [format!("{member}@0..6")]);
    assert_eq!(errs("a.b[1] := 3"), [format!("{member}@0..3")]);
    assert_eq!(errs("1 := 2"), ["Syntax error: unexpected `:=`.@2..4"]);
    assert_eq!(errs("[a] := 2"), ["Syntax error: unexpected `:=`.@4..6"]);
    assert_eq!(
        errs("a[1] = 2"),
        ["Syntax error: unexpected `=`; use `:=` for assignment and `==` for comparison.@5..6"]
    );
    // A recovered error in the target is reported once.
    assert_eq!(errs("a[1 +] := 2"), ["Syntax error: unexpected `]`.@5..6"]);
    assert_eq!(errs("f()[1] := 2; a.b := 3").len(), 2);
}

#[test]
fn spans() {
    let cell = parse_cell("  x := 1 + 23", 7);
    assert_eq!(cell.span, Span::new(7, 2, 13));
    let ExprKind::Assign { target, value, .. } = &cell.block.stmts[0].kind else { panic!() };
    assert_eq!(target.span.range(), 2..3);
    assert_eq!(value.span.range(), 7..13);
    assert_eq!(cell.block.stmts[0].span.range(), 2..13);
}

#[test]
fn definition_spans() {
    let src = "f := x -> x + 1; def g(y) := y; ruleset K def Options(n) := [] end";
    let cell = parse_cell(src, 0);
    assert!(cell.errors.is_empty());
    let text = |s: Span| &src[s.range()];
    let ExprKind::Assign { value, .. } = &cell.block.stmts[0].kind else { panic!() };
    let ExprKind::Lambda(f) = &value.kind else { panic!() };
    assert_eq!((text(value.span), text(f.span)), ("x -> x + 1", "x -> x + 1"));
    let ExprKind::Def(g) = &cell.block.stmts[1].kind else { panic!() };
    assert_eq!(text(g.span), "def g(y) := y");
    let ExprKind::Ruleset(k) = &cell.block.stmts[2].kind else { panic!() };
    assert_eq!(text(k.span), "ruleset K def Options(n) := [] end");
    assert_eq!(text(k.defs[0].span), "def Options(n) := []");
}

#[test]
fn errors() {
    assert_eq!(
        errs("<1|2|3>"),
        ["Syntax error: ambiguous game literal; use more bars for the outer game, as in `<3||2|1>`.@4..5"]
    );
    assert_eq!(
        errs("<1||2||3>"),
        ["Syntax error: ambiguous game literal; use more bars for the outer game, as in `<3||2|1>`.@5..7"]
    );
    assert_eq!(errs("x = 3"), ["Syntax error: use `:=` for assignment.@2..3"]);
    assert_eq!(errs("var x = 3"), ["Syntax error: use `:=` for assignment.@6..7"]);
    assert_eq!(errs("(1 + 2"), ["Syntax error: unexpected end of input.@6..6"]);
    assert_eq!(errs("\"abc"), ["Syntax error: unterminated string.@0..4"]);
    assert_eq!(errs("\"\\q\""), ["Syntax error: invalid escape sequence `\\q` in string.@1..3"]);
    assert_eq!(errs("1 + / ;"), ["Syntax error: unexpected `/`.@4..5"]);
    assert_eq!(errs("1 +* ;"), Vec::<String>::new(), "`1 + *` is one plus star");
    assert_eq!(errs("1 2"), ["Syntax error: unexpected `2`.@2..3"]);
    assert_eq!(errs("a < b < c"), ["Syntax error: unexpected `<`.@6..7"]);
    assert_eq!(errs("1 @ 2"), ["Syntax error: unexpected character `@`.@2..3"]);
    assert_eq!(errs("<1|2"), ["Syntax error: unexpected end of input.@4..4"]);
    assert_eq!(errs("if x = 1 then 2 end"), ["Syntax error: use `:=` for assignment.@5..6"]);
    assert_eq!(
        errs("f(1) = 2"),
        ["Syntax error: unexpected `=`; use `:=` for assignment and `==` for comparison.@5..6"]
    );
    assert_eq!(
        errs("(a + 1) -> a"),
        ["Syntax error: the parameters of a function must be names, as in `(x, y) -> x + y`.@1..6"]
    );
    assert_eq!(
        errs("a or b -> c"),
        ["Syntax error: the parameters of a function must be names, as in `(x, y) -> x + y`.@0..6"]
    );
    assert_eq!(errs("^^3"), ["Syntax error: unexpected `3`.@2..3"]);
}

#[test]
fn several_errors_in_one_cell() {
    let e = errs("x = 1; y := 1 + / 2; <1|2|3>; \"\\q\"; z := (1 2)");
    assert_eq!(e.len(), 5, "{e:#?}");
    let cell = parse_cell("1 + / 2; 3 +", 0);
    assert_eq!(cell.errors.len(), 2, "{:?}", cell.errors);
    assert_eq!(sexp::block(&cell.block), "(block (+ 1 (/ ERROR 2)) (+ 3 ERROR))");
}

#[test]
fn diagnostics() {
    let e = &parse_cell("(1 + 2", 3).errors[0];
    let d = crate::diag::Diagnostic::from(e);
    assert_eq!(d.message, "Syntax error: unexpected end of input.");
    assert_eq!(d.span, Span::new(3, 6, 6));
    assert_eq!(d.notes, vec!["expected one of `,`, `)`".to_string()], "{d:?}");
}

fn cell_texts(src: &str) -> Vec<String> {
    parse_cells(src, 0).iter().map(|c| src[c.span.range()].to_string()).collect()
}

#[test]
fn cells() {
    assert_eq!(cell_texts("1\n2"), ["1", "2"]);
    assert_eq!(cell_texts("[1,\n2]"), ["[1,\n2]"]);
    assert_eq!(
        cell_texts("def f(x) begin\n  var y := x;\n  y\nend\nf(2)"),
        ["def f(x) begin\n  var y := x;\n  y\nend", "f(2)"]
    );
    assert_eq!(cell_texts("1 +\n2\n3"), ["1 +\n2", "3"]);
    assert_eq!(cell_texts("if x then\n1\nelse\n2\nend"), ["if x then\n1\nelse\n2\nend"]);
    assert_eq!(cell_texts("\n\n// c\n  /* a\n b */ \n1 // x\n\n"), ["1"]);
    assert_eq!(cell_texts("1 /* a\nb */ + 2\n3"), ["1 /* a\nb */ + 2", "3"]);
    assert_eq!(cell_texts("x := 1; y := 2;\nz"), ["x := 1; y := 2;", "z"]);
    assert_eq!(cell_texts("for x in L\ndo\nend\n"), ["for x in L\ndo\nend"]);
    assert_eq!(
        cell_texts("ruleset K\n def Options(n) :=\n  []\nend\nK(3)"),
        ["ruleset K\n def Options(n) :=\n  []\nend", "K(3)"]
    );
    assert!(parse_cells("", 0).is_empty());
    assert!(parse_cells("  // only a comment\n", 0).is_empty());
}

#[test]
fn cells_with_errors() {
    // A real error ends its cell at the next newline where nothing is left open.
    assert_eq!(cell_texts("x = 1 2\ny := 3\n"), ["x = 1 2", "y := 3"]);
    // An error inside an open block does not split it.
    let src = "def f(x) begin\n  y := x + / 2;\n  y\nend\nf(1)";
    assert_eq!(cell_texts(src), ["def f(x) begin\n  y := x + / 2;\n  y\nend", "f(1)"]);
    let cells = parse_cells(src, 0);
    assert_eq!(cells[0].errors.len(), 1);
    assert!(cells[1].errors.is_empty());
    // An error that recovery cannot tie to the open bracket ends the cell at once.
    assert_eq!(cell_texts("[1 2\n, 3]\n4"), ["[1 2", ", 3]", "4"]);
    // Several errors inside a block: the block stays one cell.
    let src = "begin\n  a := (1 + );\n  b := [1, 2;\n  c = 3\nend\nx";
    let cells = parse_cells(src, 0);
    assert_eq!(cells.len(), 2);
    assert_eq!(cells[0].errors.len(), 3, "{:?}", cells[0].errors);
    // An unfinished last cell reports the unexpected end.
    let cells = parse_cells("1\n(2 +", 0);
    assert_eq!(cells.len(), 2);
    assert_eq!(cells[1].errors[0].message(), "Syntax error: unexpected end of input.");
    // Unterminated string: an error, not an unfinished cell.
    assert_eq!(cell_texts("\"abc\n1"), ["\"abc", "1"]);
    // Unterminated comment: unfinished to the end.
    let cells = parse_cells("1 /* abc\n2", 0);
    assert_eq!(cells.len(), 1);
    assert!(cells[0].errors[0].is_unexpected_end());
}

#[test]
fn incomplete() {
    for src in [
        "def f(x) begin",
        "[1,",
        "1 +",
        "if x then",
        "x :=",
        "a[1] :=",
        "a[1][",
        "for x in L",
        "ruleset K",
        "def f(x)",
        "(1 + 2",
        "<1|",
        "f(",
        "begin 1; 2",
        "begin 1 2;",
        "x /* comment",
        "while x do\n y",
        "{1 =>",
        "a.",
        "3 <",
    ] {
        assert!(is_incomplete(src), "{src:?}");
    }
    for src in [
        "",
        "1",
        "1 + 2",
        "def f(x) := x",
        "x = 3",
        "1 2",
        "<1|2|3>",
        "\"abc",
        "end",
        "1 +* ;",
        "x;",
        "def f(x) begin end",
        "begin 1 2",
        "[1 2",
        "if x then 1 2",
        "x<y|z>",
        "1\n2",
        "if x then 1 end",
    ] {
        assert!(!is_incomplete(src), "{src:?}");
    }
}

#[test]
fn sumber_form_is_input() {
    assert_eq!(
        sx("* + 4*Up(1) - 2*Up(2) + Up(3)"),
        "(+ (- (+ (nim) (* 4 (call Up 1))) (* 2 (call Up 2))) (call Up 3))"
    );
}

/// Random token soup never panics, and cells come out in order and in bounds.
#[test]
fn random_input_is_handled() {
    let vocab = [
        "1", "x", "\"s\"", "*", "^", "^^", "v", "v3", "+-", "+", "-", "/", "%", ":", ":=", "=", "=>", "==", "<", ">",
        ">=", "<>", "->", ".", ",", ";", "(", ")", "[", "]", "{", "}", "|", "||", "begin", "end", "if", "then", "else",
        "for", "in", "from", "to", "do", "yield", "where", "while", "def", "var", "return", "ruleset", "is", "not",
        "and", "\n", "\n", "/*", "*/", "//", "@", "\"\\q",
    ];
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..1000 {
        let mut src = String::new();
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let len = (seed >> 58) as usize;
        for _ in 0..len {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            src.push_str(vocab[(seed >> 33) as usize % vocab.len()]);
            src.push(' ');
        }
        let cells = parse_cells(&src, 0);
        let mut end = 0;
        for c in &cells {
            assert!(c.span.start as usize >= end && c.span.end as usize <= src.len(), "{src:?}");
            end = c.span.end as usize;
        }
        let _ = is_incomplete(&src);
        let _ = parse_cell(&src, 0).errors.iter().map(ParseError::message).count();
    }
}

// CGSuite's `methodParameter` forms and named arguments (Cgsuite.g `functionArgument`).
#[test]
fn parameters_and_named_arguments() {
    assert_eq!(sx("def f(x, y ? 2) := x"), "(def f (x (y ? 2)) x)");
    assert_eq!(sx("def f(x as Integer, y ?, zs...) := x"), "(def f ((x as Integer) (y ?) (zs ...)) x)");
    assert_eq!(sx("(x, y ? 2) -> x"), "(fn (x (y ? 2)) x)");
    assert_eq!(sx("(xs...) -> xs"), "(fn ((xs ...)) xs)");
    assert_eq!(sx("(x as Game) -> x"), "(fn ((x as Game)) x)");
    assert_eq!(sx("f(1, y => 2)"), "(call f 1 (=> y 2))");
    // A map argument is still a map: `=>` names a parameter only right after a name.
    assert_eq!(sx("f({1 => 2})"), "(call f (map (1 => 2)))");
    // A tuple is still a tuple.
    assert_eq!(sx("(x, y)"), "(tuple x y)");
}

#[test]
fn parameter_errors() {
    assert_eq!(errs("f(x => 1, x => 2)"), ["Duplicate named parameter: `x`@10..11"]);
    assert_eq!(
        errs("f(y => 3, 4)"),
        ["Named parameter `y` appears in earlier position than an ordinary argument@10..11"]
    );
    assert_eq!(errs("def f(xs..., y) := y"), ["Invalid expansion for parameter `xs`: must be in last position@6..8"]);
    assert_eq!(
        errs("(a, y ? 2)"),
        ["Syntax error: `x ? default`, `x as Type` and `xs...` are allowed only in a parameter list.@4..9"]
    );
    // Not a lambda head: the error stays even though a lambda follows later in the cell.
    assert_eq!(errs("(y ?); x -> x").len(), 1);
}

// CGSuite's `whileClause` in `for` antecedents and `multiYield`.
#[test]
fn loop_while_clauses_and_several_yields() {
    assert_eq!(sx("for x from 1 while x < 5 yield x end"), "(for-loop (for x from 1 while (< x 5)) (yield x))");
    assert_eq!(sx("[x for x in l while x < 4 where x != 2]"), "(list-for x (for x in l while (< x 4) where (!= x 2)))");
    assert_eq!(sx("for x in l yield x yield -x end"), "(for-loop (for x in l) (yield x) (yield (neg x)))");
}

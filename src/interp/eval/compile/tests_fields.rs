//! `Name(args…)` in a method (`fields.rs`, `Node::ClassCall`) against the evaluator: the class of `this` named in
//! its own method builds its object at once; a local, a parameter or a variable of the object with the class's
//! name, a receiver of another class (a subclass, the class of another enclosing object, a class declared
//! again) and the class used as a value all keep their meaning; a constructor's errors keep their message
//! (with the class's name), span and frames. Values by hand.

use super::tests::{run, same};

/// A nested class naming itself in its methods (its own class, as `Position` in a ruleset's `Options`), with
/// the class's name also bound by a local, a parameter and another class's variable. `Base.Again` runs on
/// objects of three classes: `P` (`P` is its own class there), `Q` (a variable more; `P` is a sibling class)
/// and `R` (whose variable `P` answers first).
const OUTER: &str = "class Base
  def Again := P(N + 1);
end
class Outer(k)
  class P(n) extends Base
    def Next := P(n + k);
    def N := n;
    def Local begin var P := x -> x * 10; P(n) end
    def Param(P) := P(n);
    def Maker := P;
    def Two := [P(n), P(n + 1)];
  end
  class Q(n, m) extends Base
    def N := n + m;
    def M := m;
  end
  class R(P) extends Base
    def N := 4;
  end
end
o := Outer(10);
";

#[test]
fn own_class_builds_its_object() {
    same(&format!("{OUTER}o.P(1).Next.Next.N"), "21");
    same(&format!("{OUTER}[p.N for p in o.P(4).Two]"), "[4, 5]");
    // Many objects from one node (the comprehension's element), each of its own argument.
    same(&format!("{OUTER}[p.Next.N for p in [o.P(i) for i from 1 to 5]]"), "[11, 12, 13, 14, 15]");
}

#[test]
fn locals_and_parameters_shadow_the_class() {
    same(&format!("{OUTER}o.P(1).Local"), "10");
    same(&format!("{OUTER}o.P(2).Param(x -> x + 1)"), "3");
    // After the class was built by the same method's node (the node's answer is per frame).
    same(&format!("{OUTER}a := o.P(1).Next.N; [a, o.P(2).Local, o.P(3).Param(x -> -x)]"), "[11, 20, -3]");
}

#[test]
fn other_classes_take_the_general_call() {
    // One method body on objects of the class, of a class with another variable, of a class whose variable
    // has the class's name, and of the class of another enclosing object.
    same(
        &format!("{OUTER}[o.P(1).Again.N, o.Q(1, 5).Again.N, o.P(2).Again.Again.N, o.R(x -> x * 100).Again]"),
        "[2, 7, 4, 500]",
    );
    same(&format!("{OUTER}[o.P(1).Next.N, Outer(20).P(1).Next.N, o.P(1).Next.N]"), "[11, 21, 11]");
    // The other class's own object keeps its variables.
    same(&format!("{OUTER}q := o.Q(1, 5); [q.M, q.N, q.Again.N]"), "[5, 6, 7]");
}

#[test]
fn class_declared_again_after_its_method_ran() {
    let src = "class Outer(k)\n  class P(n)\n    def Next := P(n + k);\n    def N := n;\n  end\nend\n\
        a := Outer(1).P(1).Next.N;\n\
        class Outer(k)\n  class P(n)\n    def Next := P(n * k);\n    def N := n;\n  end\nend\n\
        [a, Outer(3).P(2).Next.N]";
    same(src, "[2, 6]");
}

#[test]
fn class_name_as_a_value() {
    same(&format!("{OUTER}m := o.P(2).Maker; [m(8).N, m(9).Next.N]"), "[8, 19]");
}

#[test]
fn constructor_errors_from_a_method() {
    // A typed parameter: the class's name in the message, the call's span, the method's frame.
    let src = "class Outer(k)\n  class P(g as Grid)\n    def Bad := P(3);\n    def Ok := P(g).Good;\n    \
        def Good := 1;\n  end\nend\nOuter(1).P(Grid(1, 1)).Ok\nOuter(1).P(Grid(1, 1)).Bad";
    let on = same(src, "");
    assert!(on.starts_with("1\n"), "{on}");
    assert!(on.contains("error: Argument `g` (in call to `Outer.P` constructor) has type `game.Integer`"), "{on}");
    assert!(on.contains("\"Bad\""), "{on}");
    // Too many arguments: the general path's error.
    let src = "class Outer(k)\n  class P(n)\n    def Bad := P(n, n);\n  end\nend\nOuter(1).P(1).Bad";
    let on = run(src, true);
    assert_eq!(on, run(src, false));
    assert!(on.starts_with("error: Too many arguments (in call to `Outer.P` constructor): 2"), "{on}");
}

//! The resolver's layouts: scopes, slots and the cells it fills, on small functions checked by hand.

use super::*;
use crate::syntax::parse::parse_cells_trusted;

/// The first statement of `src`, a `def`.
fn def_of(src: &str) -> Rc<FunctionDef> {
    let cells = parse_cells_trusted(src, 0);
    match &cells[0].block.stmts[0].kind {
        ExprKind::Def(d) => d.clone(),
        other => panic!("not a def: {other:?}"),
    }
}

/// Every variable reference in `e` (not inside nested functions), in source order, with its cell.
fn references<'a>(e: &'a Expr, out: &mut Vec<(&'a str, &'a Slot)>) {
    match &e.kind {
        ExprKind::Var(n, s) => out.push((n, s)),
        ExprKind::Block(b) => b.stmts.iter().for_each(|s| references(s, out)),
        ExprKind::Binary { lhs, rhs, .. } => {
            references(lhs, out);
            references(rhs, out);
        }
        ExprKind::VarDecl { value: Some(v), .. } | ExprKind::Assign { value: v, .. } => references(v, out),
        ExprKind::List(xs) => xs.iter().for_each(|x| references(x, out)),
        _ => {}
    }
}

#[test]
fn shadowing_gives_inner_slots_with_an_outer_link() {
    // def f(x) begin var y := x; begin var x := 2; x + y + z end end
    // Slots: f (the function's name) and x in the function's scope (depth 0); y in the body's block (depth 1);
    // x again in the inner block (depth 2), linked to the parameter x. The references: x (in y's initialiser) → the parameter, x → the block's x,
    // y → y, z → none (a global).
    let d = def_of("def f(x) begin var y := x; begin var x := 2; x + y + z end end");
    let l = d.layout().expect("resolvable").clone();
    let names: Vec<&str> = l.names.iter().map(|n| &**n).collect();
    assert_eq!(names, ["f", "x", "y", "x"]);
    assert_eq!(l.depth, [0, 0, 1, 2]);
    assert_eq!(l.outer, [NO_SLOT, NO_SLOT, NO_SLOT, 1]);
    assert_eq!((l.self_slot, l.params.clone()), (0, vec![1]));
    let mut refs = Vec::new();
    references(&d.body, &mut refs);
    let got: Vec<(&str, Option<u32>)> = refs.iter().map(|(n, s)| (*n, s.get(l.id))).collect();
    assert_eq!(got, [("x", Some(1)), ("x", Some(3)), ("y", Some(2)), ("z", Some(NO_SLOT))]);
}

#[test]
fn assignment_targets_declare_in_the_function_scope() {
    // def f() begin begin t := 1 end; t end: t is bound nowhere, so its slot is in the function's scope (depth
    // 0), and the later reference finds it.
    let d = def_of("def f() begin begin t := 1 end; t end");
    let l = d.layout().expect("resolvable").clone();
    let names: Vec<&str> = l.names.iter().map(|n| &**n).collect();
    assert_eq!(names, ["f", "t"]);
    assert_eq!(l.depth, [0, 0]);
    let mut refs = Vec::new();
    references(&d.body, &mut refs);
    assert_eq!(refs.iter().map(|(_, s)| s.get(l.id)).collect::<Vec<_>>(), [Some(1)]);
}

#[test]
fn loop_variables_live_in_the_loops_scope() {
    // for i in [i] do … end inside the body's block: the loop's scope holds i (depth 2) linked to the
    // parameter i.
    let d = def_of("def f(i) begin for i in [i] do i end end");
    let l = d.layout().expect("resolvable").clone();
    assert_eq!(l.names.iter().map(|n| &**n).collect::<Vec<_>>(), ["f", "i", "i"]);
    assert_eq!((l.depth.clone(), l.outer.clone()), (vec![0, 0, 2], vec![NO_SLOT, NO_SLOT, 1]));
    assert_eq!(l.capture_order, [0, 1, 2]);
}

#[test]
fn functions_declaring_classes_or_rulesets_are_not_resolved() {
    assert!(def_of("def f() begin class C end; 1 end").layout().is_none());
    assert!(def_of("def f() begin ruleset R def Options(s, p) := [] end; 1 end").layout().is_none());
    assert!(def_of("def f() := 1").layout().is_some());
}

#[test]
fn cells_resolved_for_another_layout_are_ignored() {
    let d = def_of("def f(x) := x");
    let l = d.layout().expect("resolvable").clone();
    let ExprKind::Var(_, s) = &d.body.kind else { panic!("the body is a reference") };
    assert_eq!(s.get(l.id), Some(1));
    assert_eq!(s.get(0), None);
    assert_eq!(Slot::default().get(0), None);
}

#[test]
fn whether_a_body_names_its_own_function_is_recorded() {
    // A method call leaves the own-name slot unbound unless the body names it (resolve.rs `self_used`).
    let used = |src: &str| def_of(src).layout().expect("resolvable").self_used;
    assert!(!used("def f(x) := x + 1"));
    assert!(used("def f(x) := if x == 0 then 1 else f(x - 1) end"));
    assert!(used("def f(x) begin f := 2; x end"));
    // A lambda's body is not walked: its names are found when it runs.
    assert!(!used("def f(x) := (y -> f(y))"));
    // A parameter of the function's name is that slot, named by the body.
    assert!(used("def f(f) := f"));
}

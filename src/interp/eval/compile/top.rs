//! Top-level names in a compiled top-level loop (`compile::run_top`).
//!
//! At top level, outside every function, a name is a local only while a scope the statement itself opened
//! binds it: a loop or comprehension variable, a `var`, a named `def`, a class or ruleset declared inside the
//! statement. Every other name the statement reads or assigns is a top-level variable (or a native global, a
//! package, or undefined): the evaluator's search of the local scopes and of `this`'s members finds nothing
//! for it, and an assignment to it sets the top-level variable (`Machine::assign`). [`declared`] lists, from
//! the syntax, every name the statement may bind in a local scope; the compiler makes the other names
//! [`super::tree::Node::Global`] reads and [`super::tree::Node::GlobalAssign`] assignments, which go straight to the
//! top-level variables by name. The decision is made each time a top-level statement is compiled (each time
//! it runs), so a variable defined later, `:clear` and redefinition are seen as the evaluator sees them.

use super::super::machine::*;
use rustc_hash::FxHashSet;

/// The names `e` may bind in a local scope while it runs at top level (see the module documentation);
/// `None` when it may bind `this`, whose members the evaluator searches before the top-level variables.
pub(super) fn declared(e: &Expr) -> Option<FxHashSet<Name>> {
    let mut names = FxHashSet::default();
    walk(e, &mut names);
    (!names.contains("this")).then_some(names)
}

fn walk(e: &Expr, out: &mut FxHashSet<Name>) {
    let all = |es: &[Expr], out: &mut FxHashSet<Name>| es.iter().for_each(|x| walk(x, out));
    match &e.kind {
        ExprKind::Integer(_)
        | ExprKind::Str(_)
        | ExprKind::Bool(_)
        | ExprKind::Nothing
        | ExprKind::Player(_)
        | ExprKind::Var(..)
        | ExprKind::Pass
        | ExprKind::Break
        | ExprKind::Continue
        | ExprKind::Import { .. }
        | ExprKind::Param(_)
        | ExprKind::Error
        // A lambda's body runs in a frame of its own.
        | ExprKind::Lambda(_) => {}
        ExprKind::Nimber(x) => x.iter().for_each(|x| walk(x, out)),
        ExprKind::Up { count, star, .. } => {
            if let UpCount::Expr(x) = count {
                walk(x, out);
            }
            if let Some(Some(x)) = star {
                walk(x, out);
            }
        }
        ExprKind::GameLit { left, right } => {
            all(left, out);
            all(right, out);
        }
        ExprKind::Explicit(x) => walk(x, out),
        ExprKind::Labelled { label, lit } => {
            out.insert(label.name.clone());
            walk(lit, out);
        }
        ExprKind::List(xs) | ExprKind::Set(xs) | ExprKind::Tuple(xs) => all(xs, out),
        ExprKind::Map(entries) => entries.iter().for_each(|(k, v)| {
            walk(k, out);
            walk(v, out);
        }),
        ExprKind::Comprehension { elem, value, clauses, .. } => {
            clauses_of(clauses, out);
            walk(elem, out);
            value.iter().for_each(|v| walk(v, out));
        }
        ExprKind::Unary { expr, .. } | ExprKind::Is { expr, .. } => walk(expr, out),
        ExprKind::Binary { lhs, rhs, .. } => {
            walk(lhs, out);
            walk(rhs, out);
        }
        ExprKind::Range { from, to, by } => {
            walk(from, out);
            walk(to, out);
            by.iter().for_each(|b| walk(b, out));
        }
        ExprKind::Member { obj, .. } => walk(obj, out),
        ExprKind::Call { callee, args, named } => {
            walk(callee, out);
            all(args, out);
            named.iter().for_each(|a| walk(&a.value, out));
        }
        ExprKind::Index { obj, indices } => {
            walk(obj, out);
            all(indices, out);
        }
        // A definition binds its name; its body runs in a frame of its own.
        ExprKind::Def(def) => {
            if let Some(n) = &def.name {
                out.insert(n.name.clone());
            }
        }
        ExprKind::Assign { value, .. } => walk(value, out),
        ExprKind::IndexAssign { path, value, .. } => {
            path.iter().for_each(|p| all(&p.indices, out));
            walk(value, out);
        }
        ExprKind::VarDecl { target, value, .. } => {
            out.insert(target.name.clone());
            value.iter().for_each(|v| walk(v, out));
        }
        ExprKind::Block(b) => all(&b.stmts, out),
        ExprKind::If { branches, otherwise } => {
            for (c, b) in branches {
                walk(c, out);
                all(&b.stmts, out);
            }
            otherwise.iter().for_each(|b| all(&b.stmts, out));
        }
        ExprKind::For { clauses, body, more, .. } => {
            clauses_of(clauses, out);
            all(&body.stmts, out);
            more.iter().for_each(|b| all(&b.stmts, out));
        }
        ExprKind::While { cond, body } => {
            walk(cond, out);
            all(&body.stmts, out);
        }
        ExprKind::Return(x) => x.iter().for_each(|x| walk(x, out)),
        ExprKind::Ruleset(def) => {
            out.insert(def.name.name.clone());
        }
        ExprKind::Class(def) => {
            out.insert(def.name.name.clone());
        }
    }
}

fn clauses_of(clauses: &[ForClause], out: &mut FxHashSet<Name>) {
    for c in clauses {
        out.insert(c.var.name.clone());
        match &c.source {
            ForSource::In(x) => walk(x, out),
            ForSource::Assign(x) => walk(x, out),
            ForSource::Forever => {}
            ForSource::Range { from, to, by } => {
                walk(from, out);
                to.iter().for_each(|t| walk(t, out));
                by.iter().for_each(|b| walk(b, out));
            }
        }
        c.cond.iter().chain(&c.filter).for_each(|x| walk(x, out));
    }
}

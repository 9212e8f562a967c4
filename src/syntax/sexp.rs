//! A compact S-expression printer of the AST, for tests and snapshots. Spans are not shown.
//!
//! Literals print as written (`3`, `"s"`, `true`, `Nothing`, `Left`, names); game literals as
//! `(game [left…] [right…])`; nimbers `(nim)`, `(nim 3)`; up literals `(up + #2)` (`#n` is a repeat count,
//! otherwise the count expression) with an optional star part `*` or `(* e)`; operators by their symbol,
//! `(neg x)` for unary minus; `ERROR` for a recovered syntax error.

use super::ast::*;

/// The S-expression of an expression.
pub fn expr(e: &Expr) -> String {
    let mut out = String::new();
    write_expr(&mut out, e);
    out
}

/// The S-expression of a block: `(block s1 s2)`, with a final `;` when the last statement had one.
pub fn block(b: &Block) -> String {
    let mut out = String::new();
    write_block(&mut out, "block", b);
    out
}

fn write_block(out: &mut String, head: &str, b: &Block) {
    out.push('(');
    out.push_str(head);
    for s in &b.stmts {
        out.push(' ');
        write_expr(out, s);
    }
    if b.trailing_semicolon {
        out.push_str(" ;");
    }
    out.push(')');
}

/// `open` then the items separated by spaces, then `close`; a space follows `open` if it starts with `(`.
fn list(out: &mut String, open: &str, items: &[Expr], close: &str) {
    out.push_str(open);
    for (i, e) in items.iter().enumerate() {
        if i > 0 || open.starts_with('(') {
            out.push(' ');
        }
        write_expr(out, e);
    }
    out.push_str(close);
}

fn params(out: &mut String, ps: &[Ident]) {
    out.push('(');
    let names: Vec<&str> = ps.iter().map(|p| &*p.name).collect();
    out.push_str(&names.join(" "));
    out.push(')');
}

fn clauses(out: &mut String, cs: &[ForClause]) {
    for c in cs {
        out.push_str(" (for ");
        out.push_str(&c.var.name);
        match &c.source {
            ForSource::In(e) => {
                out.push_str(" in ");
                write_expr(out, e);
            }
            ForSource::Assign(e) => {
                out.push_str(" := ");
                write_expr(out, e);
            }
            ForSource::Forever => out.push_str(" forever"),
            ForSource::Range { from, to, by } => {
                out.push_str(" from ");
                write_expr(out, from);
                if let Some(t) = to {
                    out.push_str(" to ");
                    write_expr(out, t);
                }
                if let Some(b) = by {
                    out.push_str(" by ");
                    write_expr(out, b);
                }
            }
        }
        if let Some(w) = &c.cond {
            out.push_str(" while ");
            write_expr(out, w);
        }
        if let Some(f) = &c.filter {
            out.push_str(" where ");
            write_expr(out, f);
        }
        out.push(')');
    }
}

/// A parameter list: plain names, then `(x as T)`, `(x ? d)`, `(x ?)`, `(xs ...)` for the other forms.
fn function_params(out: &mut String, ps: &[Param]) {
    out.push('(');
    for (i, p) in ps.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        if p.is_plain() {
            out.push_str(&p.name.name);
            continue;
        }
        out.push('(');
        out.push_str(&p.name.name);
        if let Some(t) = &p.ty {
            out.push_str(" as ");
            out.push_str(&t.name);
        }
        if p.optional {
            out.push_str(" ?");
            if let Some(d) = &p.default {
                out.push(' ');
                write_expr(out, d);
            }
        }
        if p.varargs {
            out.push_str(" ...");
        }
        out.push(')');
    }
    out.push(')');
}

fn function(out: &mut String, head: &str, f: &FunctionDef) {
    out.push('(');
    out.push_str(head);
    if let Some(n) = &f.name {
        out.push(' ');
        out.push_str(&n.name);
    }
    out.push(' ');
    function_params(out, &f.params);
    out.push(' ');
    write_expr(out, &f.body);
    out.push(')');
}

fn write_expr(out: &mut String, e: &Expr) {
    use std::fmt::Write;
    match &e.kind {
        ExprKind::Integer(n) => {
            let _ = write!(out, "{n}");
        }
        ExprKind::Str(s) => {
            let _ = write!(out, "{s:?}");
        }
        ExprKind::Bool(b) => {
            let _ = write!(out, "{b}");
        }
        ExprKind::Nothing => out.push_str("Nothing"),
        ExprKind::Player(PlayerLit::Left) => out.push_str("Left"),
        ExprKind::Player(PlayerLit::Right) => out.push_str("Right"),
        ExprKind::Var(n, _) => out.push_str(n),
        ExprKind::Nimber(None) => out.push_str("(nim)"),
        ExprKind::Nimber(Some(n)) => {
            out.push_str("(nim ");
            write_expr(out, n);
            out.push(')');
        }
        ExprKind::Up { sign, count, star } => {
            out.push_str(if *sign > 0 { "(up + " } else { "(up - " });
            match count {
                UpCount::Repeat(n) => {
                    let _ = write!(out, "#{n}");
                }
                UpCount::Expr(c) => write_expr(out, c),
            }
            match star {
                None => {}
                Some(None) => out.push_str(" *"),
                Some(Some(s)) => {
                    out.push_str(" (* ");
                    write_expr(out, s);
                    out.push(')');
                }
            }
            out.push(')');
        }
        ExprKind::GameLit { left, right } => {
            out.push_str("(game ");
            list(out, "[", left, "]");
            out.push(' ');
            list(out, "[", right, "]");
            out.push(')');
        }
        ExprKind::Pass => out.push_str("pass"),
        ExprKind::Explicit(lit) => {
            out.push_str("(explicit ");
            write_expr(out, lit);
            out.push(')');
        }
        ExprKind::Labelled { label, lit } => {
            out.push_str("(label ");
            out.push_str(&label.name);
            out.push(' ');
            write_expr(out, lit);
            out.push(')');
        }
        ExprKind::List(items) => list(out, "(list", items, ")"),
        ExprKind::Set(items) => list(out, "(set", items, ")"),
        ExprKind::Tuple(items) => list(out, "(tuple", items, ")"),
        ExprKind::Map(entries) => {
            out.push_str("(map");
            for (k, v) in entries {
                out.push_str(" (");
                write_expr(out, k);
                out.push_str(" => ");
                write_expr(out, v);
                out.push(')');
            }
            out.push(')');
        }
        ExprKind::Comprehension { kind, elem, value, clauses: cs } => {
            out.push_str(match kind {
                CollectionKind::List => "(list-for ",
                CollectionKind::Set => "(set-for ",
                CollectionKind::Map => "(map-for ",
            });
            write_expr(out, elem);
            if let Some(v) = value {
                out.push_str(" => ");
                write_expr(out, v);
            }
            clauses(out, cs);
            out.push(')');
        }
        ExprKind::Unary { op, expr } => {
            out.push_str(match op {
                UnaryOp::Neg => "(neg ",
                UnaryOp::Plus => "(pos ",
                UnaryOp::PlusMinus => "(+- ",
                UnaryOp::Not => "(not ",
            });
            write_expr(out, expr);
            out.push(')');
        }
        ExprKind::Binary { op, lhs, rhs } => {
            out.push('(');
            out.push_str(op.symbol());
            out.push(' ');
            write_expr(out, lhs);
            out.push(' ');
            write_expr(out, rhs);
            out.push(')');
        }
        ExprKind::Range { from, to, by } => {
            out.push_str("(.. ");
            write_expr(out, from);
            out.push(' ');
            write_expr(out, to);
            if let Some(by) = by {
                out.push(' ');
                write_expr(out, by);
            }
            out.push(')');
        }
        ExprKind::Is { expr, ty } => {
            out.push_str("(is ");
            write_expr(out, expr);
            out.push(' ');
            out.push_str(&ty.name);
            out.push(')');
        }
        ExprKind::Member { obj, name } => {
            out.push_str("(. ");
            write_expr(out, obj);
            out.push(' ');
            out.push_str(&name.name);
            out.push(')');
        }
        ExprKind::Call { callee, args, named } => {
            out.push_str("(call ");
            write_expr(out, callee);
            for a in args {
                out.push(' ');
                write_expr(out, a);
            }
            for a in named {
                out.push_str(" (=> ");
                out.push_str(&a.name.name);
                out.push(' ');
                write_expr(out, &a.value);
                out.push(')');
            }
            out.push(')');
        }
        ExprKind::Index { obj, indices } => {
            out.push_str("(index ");
            write_expr(out, obj);
            for a in indices {
                out.push(' ');
                write_expr(out, a);
            }
            out.push(')');
        }
        ExprKind::Lambda(f) => function(out, "fn", f),
        ExprKind::Def(f) => function(out, "def", f),
        ExprKind::Assign { target, value, .. } => {
            out.push_str("(:= ");
            out.push_str(&target.name);
            out.push(' ');
            write_expr(out, value);
            out.push(')');
        }
        ExprKind::IndexAssign { target, path, value, .. } => {
            // As the target reads: `x[i][j, k] := v` is `(:= (index (index x i) j k) v)`.
            out.push_str("(:= ");
            for _ in path {
                out.push_str("(index ");
            }
            out.push_str(&target.name);
            for step in path {
                for i in &step.indices {
                    out.push(' ');
                    write_expr(out, i);
                }
                out.push(')');
            }
            out.push(' ');
            write_expr(out, value);
            out.push(')');
        }
        ExprKind::VarDecl { target, value, .. } => {
            out.push_str("(var ");
            out.push_str(&target.name);
            if let Some(v) = value {
                out.push(' ');
                write_expr(out, v);
            }
            out.push(')');
        }
        ExprKind::Block(b) => write_block(out, "begin", b),
        ExprKind::If { branches, otherwise } => {
            out.push_str("(if");
            for (c, b) in branches {
                out.push_str(" (");
                write_expr(out, c);
                out.push(' ');
                write_block(out, "then", b);
                out.push(')');
            }
            if let Some(b) = otherwise {
                out.push(' ');
                write_block(out, "else", b);
            }
            out.push(')');
        }
        ExprKind::For { clauses: cs, body, mode, more } => {
            out.push_str("(for-loop");
            clauses(out, cs);
            out.push(' ');
            write_block(
                out,
                match mode {
                    ForMode::Do => "do",
                    ForMode::Yield => "yield",
                },
                body,
            );
            for b in more {
                out.push(' ');
                write_block(out, "yield", b);
            }
            out.push(')');
        }
        ExprKind::While { cond, body } => {
            out.push_str("(while ");
            write_expr(out, cond);
            out.push(' ');
            write_block(out, "do", body);
            out.push(')');
        }
        ExprKind::Break => out.push_str("break"),
        ExprKind::Continue => out.push_str("continue"),
        ExprKind::Return(None) => out.push_str("(return)"),
        ExprKind::Return(Some(e)) => {
            out.push_str("(return ");
            write_expr(out, e);
            out.push(')');
        }
        ExprKind::Ruleset(r) => {
            out.push_str("(ruleset ");
            out.push_str(&r.name.name);
            if let Some(ps) = &r.params {
                out.push(' ');
                params(out, ps);
            }
            for d in &r.defs {
                out.push(' ');
                function(out, "def", d);
            }
            out.push(')');
        }
        ExprKind::Class(c) => {
            out.push_str(if c.is_enum { "(enum " } else { "(class " });
            out.push_str(&c.name.name);
            for e in &c.elements {
                out.push(' ');
                out.push_str(&e.name);
            }
            for m in &c.members {
                if let crate::syntax::ast::ClassMember::Def { def, .. } = m {
                    out.push(' ');
                    function(out, "def", def);
                }
            }
            out.push(')');
        }
        ExprKind::Import { path, all } => {
            out.push_str("(import ");
            let names: Vec<&str> = path.iter().map(|i| &*i.name).collect();
            out.push_str(&names.join("."));
            if *all {
                out.push_str(".*");
            }
            out.push(')');
        }
        ExprKind::Param(p) => function_params(out, std::slice::from_ref(&**p)),
        ExprKind::Error => out.push_str("ERROR"),
    }
}

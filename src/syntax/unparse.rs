//! Source text of a function, as CGSuite prints a function value: `x -> x + 3`, `(x, y) -> x`,
//! `x -> begin var y := x; y end`. The tree is printed back with single spaces around binary operators and
//! after commas, parentheses only where an operand binds more loosely than its operator (CGSuite's
//! precedence levels), and `begin … end` around a statement sequence that is not a whole branch or loop body.
//! Games are written with cgs's angle brackets (`<1 | x>`; CGSuite writes `{1 | x}`), and an `elseif` chain as
//! CGSuite writes it, `if a then 1 else if b then 2 else 3 end end`.

use super::ast::{
    BinOp, Block, CollectionKind, Expr, ExprKind, ForClause, ForMode, ForSource, FunctionDef, PlayerLit, UnaryOp,
    UpCount,
};

// CGSuite's precedence levels (a smaller number binds more tightly).
const PRIMARY: u8 = 1;
const NIM: u8 = 2;
const POSTFIX: u8 = 3;
const EXP: u8 = 4;
const NEG: u8 = 5;
const MULT: u8 = 6;
const ORDINAL_SUM: u8 = 7;
const SIDLE: u8 = 8;
const PLUS: u8 = 9;
const RANGE: u8 = 10;
const RELATIONAL: u8 = 12;
const IS: u8 = 13;
const NOT: u8 = 14;
const AND: u8 = 15;
const OR: u8 = 16;
const FUNCTION_DEF: u8 = 17;
const ASSIGN: u8 = 18;
const STATEMENT_SEQ: u8 = 19;
const TOP: u8 = u8::MAX;

/// The source text of a function value.
pub fn function_source(def: &FunctionDef) -> String {
    let mut out = String::new();
    function(&mut out, def, TOP);
    out
}

thread_local! {
    /// Whether comprehensions of several clauses are written as CGSuite prints them (see [`function_source_cgsuite`]).
    static NESTED_LOOPS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The source text of a function value as CGSuite prints it: the same, but a comprehension of several clauses
/// is written as the nested loops CGSuite reads it as, each with its own `yield … end`
/// (`for b from 0 yield for a from 0 to b yield [a, b] end end`).
pub fn function_source_cgsuite(def: &FunctionDef) -> String {
    let before = NESTED_LOOPS.with(|n| n.replace(true));
    let out = function_source(def);
    NESTED_LOOPS.with(|n| n.set(before));
    out
}

fn function(out: &mut String, def: &FunctionDef, enclosing: u8) {
    let wrap = FUNCTION_DEF > enclosing;
    if wrap {
        out.push('(');
    }
    if def.params.len() == 1 {
        out.push_str(&def.params[0].name.name);
    } else {
        out.push('(');
        for (i, p) in def.params.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(&p.name.name);
        }
        out.push(')');
    }
    out.push_str(" -> ");
    expr(out, &def.body, FUNCTION_DEF);
    if wrap {
        out.push(')');
    }
}

fn binop_prec(op: BinOp) -> u8 {
    match op {
        BinOp::Add | BinOp::Sub | BinOp::PlusMinus => PLUS,
        BinOp::Mul | BinOp::Div | BinOp::Mod => MULT,
        BinOp::Pow => EXP,
        BinOp::OrdinalSum => ORDINAL_SUM,
        BinOp::Sidle => SIDLE,
        BinOp::And => AND,
        BinOp::Or => OR,
        _ => RELATIONAL,
    }
}

fn joined(out: &mut String, items: &[Expr], sep: &str) {
    for (i, e) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        expr(out, e, TOP);
    }
}

fn wrapped(out: &mut String, prec: u8, enclosing: u8, f: impl FnOnce(&mut String)) {
    if prec > enclosing {
        out.push('(');
        f(out);
        out.push(')');
    } else {
        f(out);
    }
}

fn block(out: &mut String, b: &Block, enclosing: u8) {
    let wrap = STATEMENT_SEQ > enclosing;
    if wrap {
        out.push_str("begin ");
    }
    for (i, s) in b.stmts.iter().enumerate() {
        if i > 0 {
            out.push_str("; ");
        }
        expr(out, s, STATEMENT_SEQ);
    }
    if wrap {
        out.push_str(" end");
    }
}

fn clauses(out: &mut String, cs: &[ForClause]) {
    for (i, c) in cs.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        if !matches!(c.source, ForSource::Forever) {
            out.push_str("for ");
            out.push_str(&c.var.name);
        }
        match &c.source {
            ForSource::In(e) => {
                out.push_str(" in ");
                expr(out, e, TOP);
            }
            ForSource::Assign(e) => {
                out.push_str(" := ");
                expr(out, e, TOP);
            }
            ForSource::Forever => {}
            ForSource::Range { from, to, by } => {
                out.push_str(" from ");
                expr(out, from, TOP);
                if let Some(t) = to {
                    out.push_str(" to ");
                    expr(out, t, TOP);
                }
                if let Some(b) = by {
                    out.push_str(" by ");
                    expr(out, b, TOP);
                }
            }
        }
        if let Some(w) = &c.cond {
            out.push_str(if matches!(c.source, ForSource::Forever) { "while " } else { " while " });
            expr(out, w, TOP);
        }
        if let Some(w) = &c.filter {
            out.push_str(" where ");
            expr(out, w, TOP);
        }
    }
}

/// A string literal as written in source: quotes, with `"`, `\\`, newline and tab escaped (also how a quoted
/// string value prints).
pub fn quoted(out: &mut String, s: &str) {
    quoted_with(out, s, true);
}

/// A string value as CGSuite 2.2 prints it (`--output cgsuite`): as [`quoted`], but a `"` stays as it is.
/// CGSuite reads a literal's text with only `\"` turned into `"` (its other escapes stay two characters) and
/// prints the text between quotes, so `"a\"b"` prints `"a"b"` and `"a\\b"` prints `"a\\b"` there as here.
pub fn quoted_cgsuite(out: &mut String, s: &str) {
    quoted_with(out, s, false);
}

fn quoted_with(out: &mut String, s: &str, escape_quote: bool) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' if escape_quote => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
}

fn expr(out: &mut String, e: &Expr, enclosing: u8) {
    match &e.kind {
        ExprKind::Integer(n) => out.push_str(&n.to_string()),
        ExprKind::Str(s) => quoted(out, s),
        ExprKind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        ExprKind::Nothing => out.push_str("nil"),
        ExprKind::Player(PlayerLit::Left) => out.push_str("Left"),
        ExprKind::Player(PlayerLit::Right) => out.push_str("Right"),
        ExprKind::Var(n, _) => out.push_str(n),
        ExprKind::Nimber(n) => wrapped(out, NIM, enclosing, |out| {
            out.push('*');
            if let Some(n) = n {
                expr(out, n, PRIMARY);
            }
        }),
        ExprKind::Up { sign, count, star } => wrapped(out, NIM, enclosing, |out| {
            let arrow = if *sign > 0 { "^" } else { "v" };
            match count {
                UpCount::Repeat(k) => out.push_str(&arrow.repeat(*k as usize)),
                UpCount::Expr(c) => {
                    out.push_str(arrow);
                    expr(out, c, PRIMARY);
                }
            }
            if let Some(s) = star {
                out.push('*');
                if let Some(s) = s {
                    expr(out, s, PRIMARY);
                }
            }
        }),
        ExprKind::GameLit { left, right } => {
            out.push('<');
            joined(out, left, ",");
            out.push_str(" | ");
            joined(out, right, ",");
            out.push('>');
        }
        ExprKind::Pass => out.push_str("pass"),
        ExprKind::Explicit(lit) => {
            out.push('\'');
            expr(out, lit, PRIMARY);
            out.push('\'');
        }
        ExprKind::Labelled { label, lit } => {
            out.push_str(&label.name);
            out.push(':');
            expr(out, lit, PRIMARY);
        }
        ExprKind::List(items) => {
            out.push('[');
            joined(out, items, ", ");
            out.push(']');
        }
        ExprKind::Set(items) => {
            out.push('{');
            joined(out, items, ", ");
            out.push('}');
        }
        ExprKind::Map(entries) if entries.is_empty() => out.push_str("{=>}"),
        ExprKind::Map(entries) => {
            out.push('{');
            for (i, (k, v)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                expr(out, k, TOP);
                out.push_str(" => ");
                expr(out, v, TOP);
            }
            out.push('}');
        }
        ExprKind::Tuple(items) => {
            out.push('(');
            joined(out, items, ", ");
            out.push(')');
        }
        ExprKind::Comprehension { kind, elem, value, clauses: cs } => match kind {
            // CGSuite writes a list comprehension as the loop it is
            CollectionKind::List if cs.len() > 1 && NESTED_LOOPS.with(std::cell::Cell::get) => {
                for c in cs {
                    clauses(out, std::slice::from_ref(c));
                    out.push_str(" yield ");
                }
                expr(out, elem, TOP);
                out.push_str(&" end".repeat(cs.len()));
            }
            CollectionKind::List => {
                clauses(out, cs);
                out.push_str(" yield ");
                expr(out, elem, TOP);
                out.push_str(" end");
            }
            CollectionKind::Set | CollectionKind::Map => {
                out.push('{');
                expr(out, elem, TOP);
                if let Some(v) = value {
                    out.push_str(" => ");
                    expr(out, v, TOP);
                }
                out.push(' ');
                clauses(out, cs);
                out.push('}');
            }
        },
        ExprKind::Unary { op, expr: x } => {
            let (prec, sym) = match op {
                UnaryOp::Neg => (NEG, "-"),
                UnaryOp::Plus => (NEG, "+"),
                UnaryOp::PlusMinus => (NEG, "+-"),
                UnaryOp::Not => (NOT, "not "),
            };
            wrapped(out, prec, enclosing, |out| {
                out.push_str(sym);
                expr(out, x, prec);
            });
        }
        ExprKind::Binary { op, lhs, rhs } => {
            let prec = binop_prec(*op);
            // operators group to the left (`^` to the right): the other side is parenthesised at the same
            // level, so the source keeps its meaning (CGSuite 2.2 drops those: `1 - (2 - x)` prints `1 - 2 - x`)
            let (l, r) = if *op == BinOp::Pow { (prec - 1, prec) } else { (prec, prec - 1) };
            wrapped(out, prec, enclosing, |out| {
                expr(out, lhs, l);
                out.push(' ');
                out.push_str(op.symbol());
                out.push(' ');
                expr(out, rhs, r);
            });
        }
        ExprKind::Range { from, to, by } => wrapped(out, RANGE, enclosing, |out| {
            expr(out, from, RANGE);
            out.push_str(" .. ");
            expr(out, to, RANGE);
            if let Some(b) = by {
                out.push_str(" by ");
                expr(out, b, RANGE);
            }
        }),
        ExprKind::Is { expr: x, ty } => wrapped(out, IS, enclosing, |out| {
            expr(out, x, IS);
            out.push_str(" is ");
            out.push_str(&ty.name);
        }),
        ExprKind::Member { obj, name } => wrapped(out, POSTFIX, enclosing, |out| {
            expr(out, obj, POSTFIX);
            out.push('.');
            out.push_str(&name.name);
        }),
        ExprKind::Call { callee, args, named } => wrapped(out, POSTFIX, enclosing, |out| {
            expr(out, callee, POSTFIX);
            out.push('(');
            joined(out, args, ", ");
            for (i, a) in named.iter().enumerate() {
                if i > 0 || !args.is_empty() {
                    out.push_str(", ");
                }
                out.push_str(&a.name.name);
                out.push_str(" => ");
                expr(out, &a.value, TOP);
            }
            out.push(')');
        }),
        ExprKind::Index { obj, indices } => wrapped(out, POSTFIX, enclosing, |out| {
            expr(out, obj, POSTFIX);
            out.push('[');
            joined(out, indices, ", ");
            out.push(']');
        }),
        ExprKind::Lambda(def) => function(out, def, enclosing),
        ExprKind::Def(def) => wrapped(out, ASSIGN, enclosing, |out| {
            if let Some(n) = &def.name {
                out.push_str(&n.name);
                out.push_str(" := ");
            }
            function(out, def, ASSIGN);
        }),
        ExprKind::Assign { target, value, .. } => wrapped(out, ASSIGN, enclosing, |out| {
            out.push_str(&target.name);
            out.push_str(" := ");
            expr(out, value, ASSIGN);
        }),
        ExprKind::IndexAssign { target, path, value, .. } => wrapped(out, ASSIGN, enclosing, |out| {
            out.push_str(&target.name);
            for step in path {
                out.push('[');
                joined(out, &step.indices, ", ");
                out.push(']');
            }
            out.push_str(" := ");
            expr(out, value, ASSIGN);
        }),
        ExprKind::VarDecl { target, value, .. } => wrapped(out, ASSIGN, enclosing, |out| {
            out.push_str("var ");
            out.push_str(&target.name);
            if let Some(v) = value {
                out.push_str(" := ");
                expr(out, v, ASSIGN);
            }
        }),
        ExprKind::Block(b) => block(out, b, enclosing),
        ExprKind::If { branches, otherwise } => if_chain(out, branches, otherwise.as_ref()),
        // As CGSuite prints it (`function_source_cgsuite`): nested loops, each with its own `yield … end`.
        ExprKind::For { clauses: cs, body, mode: ForMode::Yield, more }
            if cs.len() > 1 && NESTED_LOOPS.with(std::cell::Cell::get) =>
        {
            for c in cs {
                clauses(out, std::slice::from_ref(c));
                out.push_str(" yield ");
            }
            block(out, body, TOP);
            for b in more {
                out.push_str(" yield ");
                block(out, b, TOP);
            }
            out.push_str(&" end".repeat(cs.len()));
        }
        ExprKind::For { clauses: cs, body, mode, more } => {
            clauses(out, cs);
            out.push_str(match mode {
                ForMode::Do => " do ",
                ForMode::Yield => " yield ",
            });
            block(out, body, TOP);
            for b in more {
                out.push_str(" yield ");
                block(out, b, TOP);
            }
            out.push_str(" end");
        }
        ExprKind::While { cond, body } => {
            out.push_str("while ");
            expr(out, cond, TOP);
            out.push_str(" do ");
            block(out, body, TOP);
            out.push_str(" end");
        }
        ExprKind::Break => out.push_str("break"),
        ExprKind::Continue => out.push_str("continue"),
        ExprKind::Return(x) => {
            out.push_str("return");
            if let Some(x) = x {
                out.push(' ');
                expr(out, x, TOP);
            }
        }
        ExprKind::Ruleset(r) => {
            out.push_str("ruleset ");
            out.push_str(&r.name.name);
            out.push_str(" … end");
        }
        ExprKind::Class(c) => {
            out.push_str(if c.is_enum { "enum " } else { "class " });
            out.push_str(&c.name.name);
            out.push_str(" … end");
        }
        ExprKind::Import { path, all } => {
            out.push_str("import ");
            let names: Vec<&str> = path.iter().map(|i| &*i.name).collect();
            out.push_str(&names.join("."));
            if *all {
                out.push_str(".*");
            }
        }
        ExprKind::Param(p) => out.push_str(&p.name.name),
        ExprKind::Error => out.push('…'),
    }
}

fn if_chain(out: &mut String, branches: &[(Expr, Block)], otherwise: Option<&Block>) {
    let Some(((cond, then), rest)) = branches.split_first() else {
        if let Some(b) = otherwise {
            block(out, b, TOP);
        }
        return;
    };
    out.push_str("if ");
    expr(out, cond, TOP);
    out.push_str(" then ");
    block(out, then, TOP);
    if !rest.is_empty() {
        out.push_str(" else ");
        if_chain(out, rest, otherwise);
    } else if let Some(b) = otherwise {
        out.push_str(" else ");
        block(out, b, TOP);
    }
    out.push_str(" end");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse::parse_cell;

    /// The printed form of the function the single expression `src` evaluates to.
    fn printed(src: &str) -> String {
        let cell = parse_cell(src, 0);
        assert!(cell.errors.is_empty(), "{src}: {:?}", cell.errors.first().map(|e| e.message()));
        match &cell.block.stmts[0].kind {
            ExprKind::Lambda(def) | ExprKind::Def(def) => function_source(def),
            other => panic!("not a function: {other:?}"),
        }
    }

    /// Each pair: the input and what CGSuite 2.2 prints for it (`cgsuite-eval`), games in cgs's brackets.
    #[test]
    fn functions_print_as_cgsuite_prints_them() {
        for (src, cgsuite) in [
            ("x -> x + 3", "x -> x + 3"),
            ("x->x+3", "x -> x + 3"),
            ("def f(x) := x + 1", "x -> x + 1"),
            ("(x,y) -> x + y", "(x, y) -> x + y"),
            ("() -> 0", "() -> 0"),
            ("x -> (x + 1) * 2", "x -> (x + 1) * 2"),
            ("x -> 2 * (3 + x)", "x -> 2 * (3 + x)"),
            ("x -> x.Foo(1, 2)", "x -> x.Foo(1, 2)"),
            ("x -> [x, 1, {2}]", "x -> [x, 1, {2}]"),
            ("x -> {x => 1}", "x -> {x => 1}"),
            ("x -> if x then 1 else 2 end", "x -> if x then 1 else 2 end"),
            ("x -> if x then 1 elseif y then 3 else 2 end", "x -> if x then 1 else if y then 3 else 2 end end"),
            ("x -> for y in x do y end", "x -> for y in x do y end"),
            ("x -> [y for y in x where y > 1]", "x -> for y in x where y > 1 yield y end"),
            (
                "x -> for y from 1 to 10 by 2 where y > 1 yield y end",
                "x -> for y from 1 to 10 by 2 where y > 1 yield y end",
            ),
            ("x -> <1|x>", "x -> <1 | x>"),
            ("x -> -x", "x -> -x"),
            ("x -> +-x", "x -> +-x"),
            ("x -> not x", "x -> not x"),
            ("x -> x and y or z", "x -> x and y or z"),
            ("x -> x[1]", "x -> x[1]"),
            ("x -> x == 1", "x -> x == 1"),
            ("x -> \"s\"", "x -> \"s\""),
            ("x -> begin var y := 2; y := x; y end", "x -> begin var y := 2; y := x; y end"),
            ("x -> begin x + 1 end", "x -> begin x + 1 end"),
            ("def h(x) begin x end", "x -> begin x end"),
            ("x -> (x, 1)", "x -> (x, 1)"),
            ("x -> x ^ 2", "x -> x ^ 2"),
            ("x -> x % 3", "x -> x % 3"),
            ("x -> x : 1", "x -> x : 1"),
            ("x -> x is Integer", "x -> x is Integer"),
            ("x -> Left", "x -> Left"),
            ("x -> x.Size", "x -> x.Size"),
            ("x -> while x do x end", "x -> while x do x end"),
            ("x -> x < 1 and x >= 2", "x -> x < 1 and x >= 2"),
            ("x -> <x|pass>", "x -> <x | pass>"),
            ("x -> *2 + *", "x -> *2 + *"),
        ] {
            assert_eq!(printed(src), cgsuite, "{src}");
        }
    }

    /// Where CGSuite 2.2 drops needed parentheses (`x -> 1 - (2 - 3)` prints `x -> 1 - 2 - 3`, another function),
    /// cgs keeps them, so the printed source means the same function.
    #[test]
    fn parentheses_keep_the_meaning() {
        assert_eq!(printed("x -> 1 - (2 - x)"), "x -> 1 - (2 - x)");
        assert_eq!(printed("x -> (1 - 2) - x"), "x -> 1 - 2 - x");
        assert_eq!(printed("x -> (2 ^ 3) ^ x"), "x -> (2 ^ 3) ^ x");
    }
}

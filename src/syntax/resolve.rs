//! The resolver: maps the local variables of a function to slots of its call frame.
//!
//! On a function's first call, [`FunctionDef::layout`] walks its parameters' defaults and its body (not the
//! bodies of functions, classes or rulesets defined inside it) and gives every scope the body opens — the
//! function's own scope, each `begin … end`, each `for` loop and each comprehension, exactly the scopes the
//! evaluator opens (`interp/env.rs`) — one slot per name declared in it: parameters and the function's own
//! name, `var`, `def` and loop variables in the innermost scope, and every `x := e` / `x[i] := e` target in the
//! function's own scope (where such an assignment declares when `x` is nowhere else). Each slot records the
//! slot of the same name in the nearest enclosing scope (`outer`), and each reference, declaration and
//! assignment target records, in its [`Slot`] cell, the slot of the innermost enclosing scope declaring its
//! name, or [`NO_SLOT`] when no enclosing scope does (then it is a captured, member or top-level name).
//!
//! At run time a slot is either bound or not (a `var` inside `if` may not have run; a block's slots are
//! unbound when it is left), so a look-up walks the `outer` chain to the first bound slot, exactly the binding
//! the name search found: no name comparison. A cell holds the id of the layout it belongs to; evaluated in a
//! frame of another layout (or at top level) it is ignored and the name is searched as before. A function
//! whose body declares a class or ruleset is not resolved (`None`: its calls search names).

use super::ast::*;
pub use super::slot::{Layout, Resolved, Slot, NO_SLOT};
use std::rc::Rc;
use std::sync::atomic::{AtomicU32, Ordering};

impl FunctionDef {
    /// The layout of this function's frame, resolving it on first use (`None`: its calls search names).
    #[inline]
    pub fn layout(&self) -> Option<&Rc<Layout>> {
        self.resolved.0.get_or_init(|| resolve(self).map(Rc::new)).as_ref()
    }
}

/// Layout ids: 0 is a frame without layout, `u32::MAX` an unresolved cell.
static NEXT_ID: AtomicU32 = AtomicU32::new(1);

fn resolve(def: &FunctionDef) -> Option<Layout> {
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    if id == u32::MAX {
        return None;
    }
    // Pass 1 collects each scope's names; pass 2, walking the same scopes in the same order, allocates the
    // slots and fills the cells.
    let mut r = Resolver { id, ..Resolver::default() };
    r.function(def);
    if !r.ok {
        return None;
    }
    r.pass2 = true;
    r.next_scope = 0;
    r.function(def);
    let own = |name: &str| r.function_scope.iter().find(|(n, _)| &**n == name).map_or(NO_SLOT, |s| s.1);
    let self_slot = def.name.as_ref().map_or(NO_SLOT, |n| own(&n.name));
    let params = def.params.iter().map(|p| own(&p.name.name)).collect();
    let mut capture_order: Vec<u32> = (0..r.names.len() as u32).collect();
    capture_order.sort_by_key(|&s| r.depth[s as usize]);
    let self_used = self_slot != NO_SLOT && r.used.get(self_slot as usize).copied().unwrap_or(false);
    let names_this = r.names.iter().any(|n| &**n == "this");
    Some(Layout {
        id,
        names: r.names,
        depth: r.depth,
        outer: r.outer,
        self_slot,
        self_used,
        binds_self: self_slot != NO_SLOT && (self_used || r.nested),
        params,
        capture_order,
        names_this,
    })
}

#[derive(Default)]
struct Resolver {
    id: u32,
    /// Whether the function can be resolved.
    ok: bool,
    pass2: bool,
    /// Pass 1: the names declared in each scope, by the order scopes are entered.
    collected: Vec<Vec<Name>>,
    next_scope: usize,
    /// The scopes entered and not left: their index in `collected` and (pass 2) their slots.
    stack: Vec<(usize, Vec<(Name, u32)>)>,
    /// The slots of the function's own scope, kept when it is left (pass 2).
    function_scope: Vec<(Name, u32)>,
    names: Vec<Name>,
    depth: Vec<u32>,
    outer: Vec<u32>,
    /// Pass 2: the slots some cell resolved to.
    used: Vec<bool>,
    /// Whether the body defines a function or lambda (which captures the frame's bound names, its own name
    /// among them).
    nested: bool,
}

impl Resolver {
    fn function(&mut self, def: &FunctionDef) {
        self.ok = true;
        self.enter();
        if let Some(n) = &def.name {
            self.declare_here(&n.name, None);
        }
        for p in &def.params {
            self.declare_here(&p.name.name, None);
        }
        // Pass 2 has the function scope's slots already; a default sees the parameters bound before it.
        for p in &def.params {
            if let Some(d) = &p.default {
                self.expr(d);
            }
        }
        self.expr(&def.body);
        self.leave();
    }

    fn enter(&mut self) {
        let k = self.next_scope;
        self.next_scope += 1;
        if !self.pass2 {
            self.collected.push(Vec::new());
            self.stack.push((k, Vec::new()));
            return;
        }
        let depth = self.stack.len() as u32;
        let mut slots: Vec<(Name, u32)> = Vec::new();
        for name in std::mem::take(&mut self.collected[k]) {
            if slots.iter().any(|(n, _)| *n == name) {
                continue;
            }
            let s = self.names.len() as u32;
            let outer = self.find(&name);
            self.names.push(name.clone());
            self.depth.push(depth);
            self.outer.push(outer);
            slots.push((name, s));
        }
        self.stack.push((k, slots));
    }

    fn leave(&mut self) {
        if let Some((_, slots)) = self.stack.pop() {
            if self.stack.is_empty() {
                self.function_scope = slots;
            }
        }
    }

    /// The innermost slot of `name` among the scopes entered (pass 2).
    fn find(&self, name: &str) -> u32 {
        for (_, slots) in self.stack.iter().rev() {
            if let Some((_, s)) = slots.iter().find(|(n, _)| &**n == name) {
                return *s;
            }
        }
        NO_SLOT
    }

    /// A declaration in the innermost scope (`var`, `def`, a loop variable, a parameter).
    fn declare_here(&mut self, name: &Name, cell: Option<&Slot>) {
        if self.pass2 {
            if let Some(c) = cell {
                let s = self.find(name);
                self.mark(s);
                c.set(self.id, s);
            }
        } else {
            let k = self.stack.last().expect("inside the function").0;
            self.collected[k].push(name.clone());
        }
    }

    /// An assignment target: declared in the function's own scope when nothing else has the name.
    fn assign_target(&mut self, name: &Name, cell: &Slot) {
        if self.pass2 {
            let s = self.find(name);
            self.mark(s);
            cell.set(self.id, s);
        } else {
            self.collected[0].push(name.clone());
        }
    }

    fn reference(&mut self, name: &str, cell: &Slot) {
        if self.pass2 {
            let s = self.find(name);
            self.mark(s);
            cell.set(self.id, s);
        }
    }

    /// Records that a cell resolved to slot `s` (pass 2).
    fn mark(&mut self, s: u32) {
        if s != NO_SLOT {
            let s = s as usize;
            if self.used.len() <= s {
                self.used.resize(s + 1, false);
            }
            self.used[s] = true;
        }
    }

    fn block(&mut self, b: &Block) {
        for s in &b.stmts {
            self.expr(s);
        }
    }

    fn clauses(&mut self, clauses: &[ForClause]) {
        for c in clauses {
            match &c.source {
                ForSource::In(e) => self.expr(e),
                ForSource::Assign(e) => self.expr(e),
                ForSource::Forever => {}
                ForSource::Range { from, to, by } => {
                    self.expr(from);
                    if let Some(t) = to {
                        self.expr(t);
                    }
                    if let Some(b) = by {
                        self.expr(b);
                    }
                }
            }
            if !matches!(c.source, ForSource::Forever) {
                self.declare_here(&c.var.name, Some(&c.slot));
            }
            if let Some(x) = &c.cond {
                self.expr(x);
            }
            if let Some(x) = &c.filter {
                self.expr(x);
            }
        }
    }

    fn exprs(&mut self, es: &[Expr]) {
        for e in es {
            self.expr(e);
        }
    }

    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Integer(_)
            | ExprKind::Str(_)
            | ExprKind::Bool(_)
            | ExprKind::Nothing
            | ExprKind::Player(_)
            | ExprKind::Pass
            | ExprKind::Break
            | ExprKind::Continue
            | ExprKind::Import { .. }
            | ExprKind::Param(_)
            | ExprKind::Error => {}
            ExprKind::Lambda(_) => self.nested = true,
            ExprKind::Var(name, cell) => self.reference(name, cell),
            ExprKind::Nimber(x) => {
                if let Some(x) = x {
                    self.expr(x);
                }
            }
            ExprKind::Up { count, star, .. } => {
                if let UpCount::Expr(x) = count {
                    self.expr(x);
                }
                if let Some(Some(x)) = star {
                    self.expr(x);
                }
            }
            ExprKind::GameLit { left, right } => {
                self.exprs(left);
                self.exprs(right);
            }
            ExprKind::Explicit(x) => self.expr(x),
            ExprKind::Labelled { lit, .. } => self.expr(lit),
            ExprKind::List(xs) | ExprKind::Set(xs) | ExprKind::Tuple(xs) => self.exprs(xs),
            ExprKind::Map(entries) => {
                for (k, v) in entries {
                    self.expr(k);
                    self.expr(v);
                }
            }
            ExprKind::Comprehension { elem, value, clauses, .. } => {
                self.enter();
                self.clauses(clauses);
                self.expr(elem);
                if let Some(v) = value {
                    self.expr(v);
                }
                self.leave();
            }
            ExprKind::Unary { expr, .. } => self.expr(expr),
            ExprKind::Binary { lhs, rhs, .. } => {
                self.expr(lhs);
                self.expr(rhs);
            }
            ExprKind::Range { from, to, by } => {
                self.expr(from);
                self.expr(to);
                if let Some(b) = by {
                    self.expr(b);
                }
            }
            ExprKind::Is { expr, .. } => self.expr(expr),
            ExprKind::Member { obj, .. } => self.expr(obj),
            ExprKind::Call { callee, args, named } => {
                self.expr(callee);
                self.exprs(args);
                for n in named {
                    self.expr(&n.value);
                }
            }
            ExprKind::Index { obj, indices } => {
                self.expr(obj);
                self.exprs(indices);
            }
            ExprKind::Def(def) => {
                self.nested = true;
                if let Some(n) = &def.name {
                    self.declare_here(&n.name, Some(&def.slot));
                }
            }
            ExprKind::Assign { target, value, slot } => {
                self.expr(value);
                self.assign_target(&target.name, slot);
            }
            ExprKind::IndexAssign { target, path, value, slot } => {
                for step in path {
                    self.exprs(&step.indices);
                }
                self.expr(value);
                self.assign_target(&target.name, slot);
            }
            ExprKind::VarDecl { target, value, slot } => {
                if let Some(v) = value {
                    self.expr(v);
                }
                self.declare_here(&target.name, Some(slot));
            }
            ExprKind::Block(b) => {
                self.enter();
                self.block(b);
                self.leave();
            }
            ExprKind::If { branches, otherwise } => {
                for (c, b) in branches {
                    self.expr(c);
                    self.block(b);
                }
                if let Some(b) = otherwise {
                    self.block(b);
                }
            }
            ExprKind::For { clauses, body, more, .. } => {
                self.enter();
                self.clauses(clauses);
                self.block(body);
                for b in more {
                    self.block(b);
                }
                self.leave();
            }
            ExprKind::While { cond, body } => {
                self.expr(cond);
                self.block(body);
            }
            ExprKind::Return(x) => {
                if let Some(x) = x {
                    self.expr(x);
                }
            }
            // They bind their names by name search: the function is not resolved.
            ExprKind::Ruleset(_) | ExprKind::Class(_) => self.ok = false,
        }
    }
}

#[cfg(test)]
#[path = "resolve_tests.rs"]
mod tests;

//! Calls of small global functions compiled into the caller's tree (issue 35): `_Grid(s)` in a ruleset's
//! `Canonical`, `Options` and `Components` runs `if s is String then Grid.Parse(s) else s end` where it is
//! called, with no frame set up for it.
//!
//! The rule. A call `f(a1, …, an)` with positional arguments only, of a name the caller's layout gives no slot
//! (`build.rs` wraps such a call in a [`Node::Inline`]), is inlined when the function `f` names when the call
//! runs is a script closure that
//! - captured nothing (a top-level `def`: its free names are globals) and has a resolved frame layout;
//! - has `n` plain parameters (no type, default or `...`), at most [`MAX_PARAMS`];
//! - has for body one expression of at most [`MAX_NODES`] syntax nodes, built only of literals, its
//!   parameters, free names other than `this` and `super` (globals), `not`/`and`/`or` and binary operators,
//!   `x is T` (`T` no name of its own layout), calls, member calls and members, indexing, tuples, lists and
//!   `if … then e elseif … else e end` whose branches are one expression each. No loop, block, declaration,
//!   assignment, `return`, function or game literal: nothing that opens a scope, binds a name, captures the
//!   frame or needs a safe point of its own. A call inside the body stays an ordinary call (no nesting, so no
//!   recursion is inlined).
//!
//! The body is compiled on the call's first run for that function (the node keeps the function, so that its
//! address is not reused) against cells of the node's own, one per parameter ([`Node::InlineParam`]); its
//! free names read the globals as the function's own frame reads them ([`Node::InlineGlobal`], the global
//! tables' stamps remembered), and `x is T` asks what it asks in that frame ([`Node::InlineIs`]).
//!
//! Semantics. Each run evaluates the callee as the ordinary call does; a value other than the function the
//! body was compiled from (a global reassigned, `def _Grid` again) compiles again, or takes the ordinary call
//! when it cannot be inlined (an arity mismatch: its error). The arguments are evaluated in order into the
//! cells (the values they held are put back afterwards, so that a call re-entering the same node while the
//! body runs finds its own), then the call is entered as `run_kept_frame` enters it (the depth and the limits:
//! Ctrl-C, the memory budget, the stack), the body runs, and its error gets the call's frame
//! (`call_result`): "in call to `_Grid`" with the call's span, as before. `T` naming a user class (a global
//! class declared as `String`) takes the ordinary call.

use super::super::classes::{this_name, ThisName};
use super::super::machine::*;
use super::call::{call_node, direct, direct_fn, known_function};
use super::is_test::{has_names, library_answer};
use super::member::with_args;
use super::tree::{Body, Inline, Inlined, IsAnswer, Node, Pick};
use crate::interp::value::Int;
use crate::syntax::ast::{FunctionDef, Layout};
use std::cell::{Cell, RefCell};

#[cfg(test)]
thread_local! {
    /// How many inlined calls ran in this thread (for the tests).
    static INLINED: Cell<usize> = const { Cell::new(0) };
}

/// How many inlined calls ran in this thread so far (for the tests).
#[cfg(test)]
pub(super) fn inlined_count() -> usize {
    INLINED.with(Cell::get)
}

/// The most parameters an inlined function has.
pub(super) const MAX_PARAMS: usize = 4;
/// The most syntax nodes an inlined body has.
pub(super) const MAX_NODES: usize = 40;

/// The node for a compiled call `call`: a [`Node::Inline`] when its callee is a name with no slot (a global
/// when it runs) and it has at most [`MAX_PARAMS`] arguments, else `call` itself.
pub(super) fn site(call: Node) -> Node {
    match &call {
        Node::Call { callee, args, .. }
            if matches!(**callee, Node::Var { .. } | Node::Global { .. }) && args.len() <= MAX_PARAMS =>
        {
            Node::Inline(Box::new(Inline { call, state: RefCell::new(None) }))
        }
        // A name with no slot in a function's body (`_Grid(s)` in a ruleset's member): `fields.rs`'s class
        // call, whose callee is the class of `this` or, as here, a global.
        Node::ClassCall(c) if c.parts().2.len() <= MAX_PARAMS => {
            Node::Inline(Box::new(Inline { call, state: RefCell::new(None) }))
        }
        _ => call,
    }
}

/// Runs the nodes of this file.
#[inline(never)]
pub(super) fn run(m: &mut Machine<'_>, node: &Node) -> Eval<Value> {
    match node {
        Node::Inline(x) => call(m, x),
        Node::InlineParam(cells, k) => Ok(cells[*k].borrow().clone()),
        Node::InlineGlobal { name, span, global } => global.lookup(m, name, *span),
        Node::InlineIs { expr, ty, known } => is(m, expr, ty, known),
        Node::InlinePick(p) => p.run(m),
        _ => unreachable!("not a node of inline.rs"),
    }
}

/// `f(args…)` of a [`Node::Inline`] (see the module documentation).
#[inline(never)]
fn call(m: &mut Machine<'_>, x: &Inline) -> Eval<Value> {
    let (callee, name, args, spans, span) = match &x.call {
        Node::Call { callee, name, args, spans, span } => (&**callee, name, &args[..], &spans[..], *span),
        Node::ClassCall(c) => {
            // The class of `this` named in its own method: its object, as `fields.rs` builds it.
            if let Some(r) = c.own(m) {
                return r;
            }
            c.parts()
        }
        _ => unreachable!("site wraps a call"),
    };
    // The callee, as `call_node` finds it: the class of `this` named in its own method constructs.
    if let Node::Var { name: n, slot, at, .. } = callee {
        if m.locals.method_this().is_some() {
            if let ThisName::OwnClass(c) = this_name(&m.locals, n, slot, at) {
                if c.facts().constructs {
                    return call_node(m, callee, name, args, spans, span);
                }
            }
        }
    }
    // The function found last, when the callee reads it now as `GlobalCache::var` would (no copy of it made).
    let last = x.state.borrow().clone();
    if let Some(s) = last.filter(|s| known_function(m, callee).is_some_and(|f| Rc::ptr_eq(&f, &s.func))) {
        return match &s.body {
            Some(body) if body.holds(m) => body.run(m, &s.func, args, span),
            _ => ordinary_fn(m, &s.func, name, args, spans, span),
        };
    }
    let f = callee.run(m)?;
    let Value::Function(func) = &f else { return ordinary(m, &f, name, args, spans, span) };
    let found = match x.state.borrow().as_ref() {
        // The function found last, which cannot be inlined (`_KonaneOptions`): the ordinary call, with no
        // counted pointer taken.
        Some(s) if Rc::ptr_eq(&s.func, func) && s.body.is_none() => None,
        Some(s) if Rc::ptr_eq(&s.func, func) => Some(Some(s.clone())),
        _ => Some(None),
    };
    let inlined = match found {
        None => return ordinary(m, &f, name, args, spans, span),
        Some(Some(s)) => s,
        Some(None) => {
            let s = Rc::new(Inlined { func: func.clone(), body: body_of(func, args.len()) });
            *x.state.borrow_mut() = Some(s.clone());
            s
        }
    };
    match &inlined.body {
        Some(body) if body.holds(m) => body.run(m, func, args, span),
        _ => ordinary(m, &f, name, args, spans, span),
    }
}

/// The ordinary call of the function `func` (`call_node` after the callee).
fn ordinary_fn(
    m: &mut Machine<'_>,
    func: &Rc<Function>,
    name: &str,
    args: &[Node],
    spans: &[Span],
    span: Span,
) -> Eval<Value> {
    if let Some(r) = direct_fn(m, func, args, span) {
        return r;
    }
    ordinary(m, &Value::Function(func.clone()), name, args, spans, span)
}

/// The ordinary call of `f` (`call_node` after the callee).
fn ordinary(m: &mut Machine<'_>, f: &Value, name: &str, args: &[Node], spans: &[Span], span: Span) -> Eval<Value> {
    if let Some(r) = direct(m, f, args, span) {
        return r;
    }
    let site = Site { name, span, args: spans };
    with_args(m, args, |m, vals| Ok(m.call_value(f, vals, &site)?))
}

impl Body {
    /// Whether no `is` test's type names a user class now (its answer is then the one the function's frame
    /// gives, see [`is`]).
    #[inline]
    fn holds(&self, m: &Machine<'_>) -> bool {
        if self.names.is_empty() {
            return true;
        }
        let stamps = m.globals.stamps();
        if self.stamps.get() == Some(stamps) {
            return true;
        }
        let ok = self.names.iter().all(|t| m.global_names_no_user_class(t));
        if ok {
            self.stamps.set(Some(stamps));
        }
        ok
    }

    /// The call: the arguments into the cells, the call entered (depth, limits), the body run, the cells put
    /// back, the body's error with the call's frame.
    #[inline]
    fn run(&self, m: &mut Machine<'_>, func: &Rc<Function>, args: &[Node], span: Span) -> Eval<Value> {
        let r = match args {
            // One argument (`_Grid(s)`): its cell's value kept on the stack.
            [a] => {
                let v = a.fetch(m)?;
                // `if s is T then … else s end` (`_Grid(s)`) whose test is answered from what it answered last
                // and takes the branch that is `s`: the argument is the value, after the call is entered and
                // left (its body has no other effect).
                if let Node::InlinePick(p) = &self.node {
                    if p.identity.is_some() && p.quick(&v) == p.identity {
                        #[cfg(test)]
                        INLINED.with(|c| c.set(c.get() + 1));
                        m.depth += 1;
                        let limits = m.check_limits(span);
                        m.depth -= 1;
                        limits?;
                        return Ok(v);
                    }
                }
                let saved = self.params[0].replace(v);
                let r = self.enter(m, span);
                drop(self.params[0].replace(saved));
                r
            }
            _ => {
                let mut saved: [Value; MAX_PARAMS] = std::array::from_fn(|_| Value::Nothing);
                for (k, a) in args.iter().enumerate() {
                    match a.fetch(m) {
                        Ok(v) => saved[k] = self.params[k].replace(v),
                        Err(e) => {
                            self.restore(saved, k);
                            return Err(e);
                        }
                    }
                }
                let r = self.enter(m, span);
                self.restore(saved, args.len());
                r
            }
        };
        Ok(m.call_result(r?, func, span)?)
    }

    /// The call entered as `run_kept_frame` enters it (depth and limits, else the error), the body run.
    #[inline]
    fn enter(&self, m: &mut Machine<'_>, span: Span) -> Result<Eval<Value>, EvalError> {
        #[cfg(test)]
        INLINED.with(|c| c.set(c.get() + 1));
        m.depth += 1;
        if let Err(e) = m.check_limits(span) {
            m.depth -= 1;
            return Err(e);
        }
        let r = self.node.run(m);
        m.depth -= 1;
        Ok(r)
    }

    /// Puts back the first `n` cells' values (dropping the arguments).
    fn restore(&self, saved: [Value; MAX_PARAMS], n: usize) {
        for (cell, v) in self.params.iter().zip(saved).take(n) {
            drop(cell.replace(v));
        }
    }
}

impl Pick {
    /// The test's answer for the parameter's value `v` when [`is`] would give the one remembered without
    /// asking (`None`: unknown).
    #[inline]
    fn quick(&self, v: &Value) -> Option<bool> {
        let kn = self.known.get()?;
        kn.answer.filter(|_| has_names(v, &kn))
    }

    /// The node: the test (as [`is`] asks it), then the branch.
    fn run(&self, m: &mut Machine<'_>) -> Eval<Value> {
        let answer = match self.quick(&self.cells[self.k].borrow()) {
            Some(b) => b,
            None => {
                let v = self.cells[self.k].borrow().clone();
                match asked(m, v, &self.ty, &self.known)? {
                    Value::Boolean(b) => b,
                    _ => unreachable!("`is` answers a Boolean"),
                }
            }
        };
        if answer {
            self.then.run(m)
        } else {
            self.otherwise.run(m)
        }
    }
}

/// [`is`] as a condition (`Node::truth_at`).
#[inline]
pub(super) fn is_flag(m: &mut Machine<'_>, expr: &Node, ty: &Ident, known: &Cell<Option<IsAnswer>>) -> Eval<bool> {
    match is(m, expr, ty, known)? {
        Value::Boolean(b) => Ok(b),
        _ => unreachable!("`is` answers a Boolean"),
    }
}

/// `expr is ty` in an inlined body, as the function's own frame asks it (`eval_is`): that frame has no
/// variable named `ty` (its layout has none, [`compile_is`]; it captured nothing), and the global `ty` is no
/// user class ([`Body::holds`]), so `is_user_class` answers only for a user object of a library class, and
/// `is_of_class` decides (remembered as `is_test.rs` remembers it).
fn is(m: &mut Machine<'_>, expr: &Node, ty: &Ident, known: &Cell<Option<IsAnswer>>) -> Eval<Value> {
    if let (Node::InlineParam(cells, k), Some(kn)) = (expr, known.get()) {
        if let Some(answer) = kn.answer {
            if has_names(&cells[*k].borrow(), &kn) {
                return Ok(Value::Boolean(answer));
            }
        }
    }
    let v = expr.run(m)?;
    asked(m, v, ty, known)
}

/// [`is`] for the value `v`, not answered from `known`.
fn asked(m: &mut Machine<'_>, v: Value, ty: &Ident, known: &Cell<Option<IsAnswer>>) -> Eval<Value> {
    if m.is_library_class_of_user(&v, &ty.name) {
        return Ok(Value::Boolean(true));
    }
    library_answer(m, &v, ty, known)
}

/// The body of `func` compiled for a call with `n` arguments, when it may be inlined (the rule of the module
/// documentation).
fn body_of(func: &Rc<Function>, n: usize) -> Option<Body> {
    let Function::Closure(c) = &**func else { return None };
    let def: &FunctionDef = &c.def;
    let layout = def.layout()?;
    if !c.captured.is_empty() || def.params.len() != n || n > MAX_PARAMS {
        return None;
    }
    if !def.params.iter().all(crate::syntax::ast::Param::is_plain) {
        return None;
    }
    let params: Rc<[RefCell<Value>]> = (0..n).map(|_| RefCell::new(Value::Nothing)).collect();
    let mut b = Builder { layout, params: params.clone(), names: Vec::new(), budget: MAX_NODES };
    let node = b.expr(&def.body)?;
    Some(Body { node, params, names: b.names, stamps: Cell::new(None) })
}

/// Compiles an inlined body (`None`: not of the rule's form).
struct Builder<'l> {
    layout: &'l Layout,
    params: Rc<[RefCell<Value>]>,
    names: Vec<Name>,
    budget: usize,
}

impl Builder<'_> {
    fn boxed(&mut self, e: &Expr) -> Option<Box<Node>> {
        self.expr(e).map(Box::new)
    }

    fn all(&mut self, es: &[Expr]) -> Option<Vec<Node>> {
        es.iter().map(|e| self.expr(e)).collect()
    }

    /// A branch of an `if`: one expression.
    fn branch(&mut self, b: &Block) -> Option<Vec<Node>> {
        match &b.stmts[..] {
            [e] => Some(vec![self.expr(e)?]),
            _ => None,
        }
    }

    /// `e` as `build.rs` compiles it, without the forms that read slots of the running frame.
    fn expr(&mut self, e: &Expr) -> Option<Node> {
        self.budget = self.budget.checked_sub(1)?;
        if let Some(c) = super::tree::literal(e) {
            return Some(c);
        }
        Some(match &e.kind {
            ExprKind::Var(name, slot) => match slot.get(self.layout.id)? {
                NO_SLOT if !matches!(&**name, "this" | "super") => {
                    Node::InlineGlobal { name: name.clone(), span: e.span, global: Default::default() }
                }
                NO_SLOT => return None,
                s => Node::InlineParam(self.params.clone(), self.layout.params.iter().position(|&p| p == s)?),
            },
            ExprKind::Unary { op: UnaryOp::Neg, expr } if matches!(expr.kind, ExprKind::Integer(_)) => {
                let ExprKind::Integer(n) = &expr.kind else { unreachable!("matched") };
                Node::Const(Value::Integer(Int::from_ref(n).neg()))
            }
            ExprKind::Unary { op: UnaryOp::Not, expr } => Node::Not(self.boxed(expr)?, expr.span),
            ExprKind::Binary { op: BinOp::And, lhs, rhs } => {
                Node::And(self.boxed(lhs)?, lhs.span, self.boxed(rhs)?, rhs.span)
            }
            ExprKind::Binary { op: BinOp::Or, lhs, rhs } => {
                Node::Or(self.boxed(lhs)?, lhs.span, self.boxed(rhs)?, rhs.span)
            }
            ExprKind::Binary { op, lhs, rhs } => {
                Node::Binary { op: *op, lhs: self.boxed(lhs)?, rhs: self.boxed(rhs)?, span: e.span }
            }
            ExprKind::Index { obj, indices } => Node::Index {
                obj: self.boxed(obj)?,
                local: None,
                keys: self.all(indices)?,
                key_spans: indices.iter().map(|i| i.span).collect(),
                span: e.span,
            },
            ExprKind::Call { callee, args, named } if named.is_empty() => {
                let spans = args.iter().map(|a| a.span).collect();
                match &callee.kind {
                    ExprKind::Member { obj, name } => Node::Method {
                        obj: self.boxed(obj)?,
                        name: name.clone(),
                        args: self.all(args)?,
                        spans,
                        span: e.span,
                        cache: Default::default(),
                    },
                    _ => {
                        let name = match &callee.kind {
                            ExprKind::Var(n, _) => n.clone(),
                            _ => Name::from(""),
                        };
                        Node::Call { callee: self.boxed(callee)?, name, args: self.all(args)?, spans, span: e.span }
                    }
                }
            }
            ExprKind::Is { expr, ty } => {
                let short = crate::interp::classes::short_type(&ty.name);
                if self.layout.names.iter().any(|n| **n == *short) {
                    return None;
                }
                self.names.push(ty.name.clone());
                Node::InlineIs { expr: self.boxed(expr)?, ty: ty.clone(), known: Cell::new(None) }
            }
            ExprKind::Member { obj, name } => {
                Node::Member { obj: self.boxed(obj)?, name: name.clone(), span: e.span, cache: Default::default() }
            }
            ExprKind::Tuple(items) => Node::Tuple(self.all(items)?),
            ExprKind::List(items) => Node::List(self.all(items)?),
            ExprKind::If { branches, otherwise } => {
                let mut bs = Vec::with_capacity(branches.len());
                for (c, b) in branches {
                    bs.push((self.expr(c)?, c.span, self.branch(b)?));
                }
                let otherwise = match otherwise {
                    Some(b) => Some(self.branch(b)?),
                    None => None,
                };
                pick(bs, otherwise)
            }
            _ => return None,
        })
    }
}

/// `if p is T then a else b end` (a parameter `p`, one expression per branch) as a [`Node::InlinePick`], any
/// other `if` as [`Node::If`].
fn pick(mut bs: Vec<(Node, Span, Vec<Node>)>, otherwise: Option<Vec<Node>>) -> Node {
    let shape = match (&bs[..], &otherwise) {
        ([(Node::InlineIs { expr, .. }, _, then)], Some(o)) => {
            matches!(**expr, Node::InlineParam(..)) && then.len() == 1 && o.len() == 1
        }
        _ => false,
    };
    if !shape {
        return Node::If { branches: bs, otherwise };
    }
    let (Some((Node::InlineIs { expr, ty, known }, _, mut then)), Some(mut o)) = (bs.pop(), otherwise) else {
        unreachable!("the shape matched")
    };
    let Node::InlineParam(cells, k) = *expr else { unreachable!("the shape matched") };
    let (then, otherwise) = (then.pop().expect("one"), o.pop().expect("one"));
    let is_p = |n: &Node| matches!(n, Node::InlineParam(c, j) if Rc::ptr_eq(c, &cells) && *j == k);
    let identity = if is_p(&otherwise) {
        Some(false)
    } else if is_p(&then) {
        Some(true)
    } else {
        None
    };
    Node::InlinePick(Box::new(Pick { cells, k, ty, known, then, otherwise, identity }))
}

//! From syntax to [`Node`]s, for the frame layout `id` (see the module documentation of `compile`).

use super::super::classes::interned;
use super::super::machine::*;
use super::tree::{
    CellGrid, CellPair, CellRhs, CellTest, Clause, Coord, Node, Pair, PairIndex, PairOf, ResultMark, Source, Sum,
    SumOf, SumTerm,
};
use crate::interp::value::Int;
use rustc_hash::FxHashSet;

/// The compiled form of `e`, evaluated in a frame of layout `id`.
pub(super) fn compile(e: &Expr, id: u32) -> Node {
    Builder { id, top: None }.expr(e)
}

/// The compiled body of a function whose layout has id `id`: [`compile`], with a local read as the body's
/// value (`out` ending `_KonaneJumps`) a [`Node::Take`]: the frame is dropped once the body is done, so the
/// value moves out of its slot rather than being copied (nothing runs between the read and the frame's end).
pub(super) fn compile_body(e: &Expr, id: u32) -> Node {
    let mut node = compile(e, id);
    at_result(&mut node, &mut |n| {
        take_tail(n);
        mark_result(n);
    });
    node
}

/// Calls `f` on each node that gives `node`'s value (its result position): the node itself, or the last
/// statement of a block, of each branch of an `if`, found again in them.
fn at_result(node: &mut Node, f: &mut dyn FnMut(&mut Node)) {
    match node {
        Node::Block(stmts) => stmts.last_mut().into_iter().for_each(|n| at_result(n, f)),
        Node::If { branches, otherwise } => {
            for (_, _, body) in branches {
                body.last_mut().into_iter().for_each(|n| at_result(n, f));
            }
            otherwise.iter_mut().filter_map(|b| b.last_mut()).for_each(|n| at_result(n, f));
        }
        _ => f(node),
    }
}

/// Marks a comprehension in result position ([`at_result`]) that is a list of one-argument class calls
/// `[C(e) for …]` (or `for … yield C(e) end`, made that comprehension), for the class front's fields mode
/// (`fields.rs`): [`ResultMark::Identity`] when it is `[C(g) for g in E]`.
fn mark_result(node: &mut Node) {
    // `for … yield C(e) end` (CGSuite's own class files write their hooks so) is the comprehension `[C(e) for …]`:
    // the same clauses and element, the same scope, checks and list. Made one, so that it is marked as one.
    if let Node::For { body, mode: ForMode::Yield, more, .. } = node {
        if more.is_empty() && matches!(&body[..], [e] if super::fields::fields_element(e).is_some()) {
            let Node::For { clauses, mut body, .. } = std::mem::replace(node, Node::Const(Value::Nothing)) else {
                unreachable!("matched")
            };
            let elem = Box::new(body.pop().expect("one element"));
            *node =
                Node::Comprehension { kind: CollectionKind::List, elem, value: None, clauses, result: ResultMark::No };
        }
    }
    if let Node::Comprehension { kind: CollectionKind::List, elem, value: None, clauses, result } = node {
        let Some(call) = super::fields::fields_element(elem) else { return };
        let [arg] = call.args() else { return };
        let identity = match (&clauses[..], arg) {
            ([c], Node::Local { head, .. }) => {
                matches!(c.source, Source::In(..)) && c.cond.is_none() && c.filter.is_none() && c.slot == Some(*head)
            }
            _ => false,
        };
        *result = if identity { ResultMark::Identity } else { ResultMark::Fields };
    }
}

/// Makes a local read in result position ([`at_result`]) a [`Node::Take`].
fn take_tail(node: &mut Node) {
    if let Node::Local { .. } = node {
        let Node::Local { head, name, slot, span } = std::mem::replace(node, Node::Const(Value::Nothing)) else {
            unreachable!("matched")
        };
        *node = Node::Take { head, name, slot, span };
    }
}

/// The compiled form of the top-level statement `e`; `locals`: the names it may bind in a local scope, when
/// every other name is a top-level one (`top.rs`).
pub(super) fn compile_top(e: &Expr, locals: Option<&FxHashSet<Name>>) -> Node {
    Builder { id: 0, top: locals }.expr(e)
}

struct Builder<'t> {
    id: u32,
    /// In a top-level statement with no local scope open: the names it may bind locally (`top.rs`).
    top: Option<&'t FxHashSet<Name>>,
}

impl Builder<'_> {
    /// Whether `name` is a top-level name here (see `top.rs`).
    fn global(&self, name: &str) -> bool {
        self.top.is_some_and(|locals| !locals.contains(name))
    }

    /// The slot a cell was resolved to for this layout (`None`: not resolved for it, or no slot).
    fn slot(&self, slot: &Slot) -> Option<u32> {
        slot.get(self.id).filter(|&s| s != NO_SLOT)
    }

    fn boxed(&self, e: &Expr) -> Box<Node> {
        Box::new(self.expr(e))
    }

    fn stmts(&self, b: &Block) -> Vec<Node> {
        b.stmts.iter().map(|s| self.expr(s)).collect()
    }

    fn fallback(e: &Expr) -> Node {
        Node::Eval(Box::new(e.clone()))
    }

    fn expr(&self, e: &Expr) -> Node {
        if let Some(c) = super::tree::literal(e) {
            return c;
        }
        match &e.kind {
            ExprKind::Var(name, slot) => match slot.get(self.id) {
                Some(head) if head != NO_SLOT => {
                    Node::Local { head, name: name.clone(), slot: slot.clone(), span: e.span }
                }
                _ if self.global(name) => Node::Global { name: name.clone(), span: e.span },
                _ => Node::Var {
                    name: interned(name),
                    slot: slot.clone(),
                    span: e.span,
                    at: Default::default(),
                    global: Default::default(),
                },
            },
            // `-1`: an integer literal negated is a constant (`unary` negates an `Integer` exactly so).
            ExprKind::Unary { op: UnaryOp::Neg, expr } if matches!(expr.kind, ExprKind::Integer(_)) => {
                let ExprKind::Integer(n) = &expr.kind else { unreachable!("matched") };
                Node::Const(Value::Integer(Int::from_ref(n).neg()))
            }
            ExprKind::Unary { op: UnaryOp::Not, expr } => Node::Not(self.boxed(expr), expr.span),
            ExprKind::Binary { op: BinOp::And, lhs, rhs } => match (self.expr(lhs), self.expr(rhs)) {
                (Node::CellTest(a), Node::CellTest(b)) => {
                    Node::CellAnd(Box::new(CellPair::new(*a, lhs.span, *b, rhs.span)))
                }
                (a, b) => Node::And(Box::new(a), lhs.span, Box::new(b), rhs.span),
            },
            ExprKind::Binary { op: BinOp::Or, lhs, rhs } => {
                Node::Or(self.boxed(lhs), lhs.span, self.boxed(rhs), rhs.span)
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let general = Node::Binary { op: *op, lhs: self.boxed(lhs), rhs: self.boxed(rhs), span: e.span };
                match *op {
                    BinOp::Eq | BinOp::Ne => self.cell_test(*op == BinOp::Eq, lhs, rhs, general),
                    // A sum of integers, else of coordinate pairs (`r + dr`, `coord + direction`: both are
                    // sums of locals), else the general `+`.
                    BinOp::Add | BinOp::Sub => {
                        let general = self.pair_of(e, general);
                        self.sum_of(e, general)
                    }
                    _ => general,
                }
            }
            ExprKind::Index { obj, indices } => self.index(e, obj, indices),
            ExprKind::Call { callee, args, named } if named.is_empty() => {
                super::inline::site(self.call(e, callee, args))
            }
            ExprKind::Is { expr, ty } => Node::Is {
                expr: self.boxed(expr),
                ty: ty.clone(),
                known: std::cell::Cell::new(None),
                local: Default::default(),
            },
            ExprKind::Member { obj, name } => {
                Node::Member { obj: self.boxed(obj), name: name.clone(), span: e.span, cache: Default::default() }
            }
            ExprKind::Tuple(items) => Node::Tuple(items.iter().map(|x| self.expr(x)).collect()),
            ExprKind::List(items) => Node::List(items.iter().map(|x| self.expr(x)).collect()),
            ExprKind::Assign { target, value, slot } => self.assign(target, value, slot),
            ExprKind::VarDecl { target, value, slot } => Node::VarDecl {
                target: target.clone(),
                slot: slot.clone(),
                value: value.as_ref().map(|v| self.boxed(v)),
            },
            ExprKind::Block(b) => Node::Block(self.stmts(b)),
            ExprKind::If { branches, otherwise } => Node::If {
                branches: branches.iter().map(|(c, b)| (self.expr(c), c.span, self.stmts(b))).collect(),
                otherwise: otherwise.as_ref().map(|b| self.stmts(b)),
            },
            ExprKind::While { cond, body } => {
                Node::While { cond: self.boxed(cond), cond_span: cond.span, body: self.stmts(body), span: e.span }
            }
            ExprKind::For { clauses, body, mode, more } => match self.clauses(clauses) {
                Some(clauses) => Node::For {
                    clauses,
                    body: self.stmts(body),
                    mode: *mode,
                    more: more.iter().map(|b| self.stmts(b)).collect(),
                },
                None => Self::fallback(e),
            },
            ExprKind::Comprehension { kind, elem, value, clauses } => match self.clauses(clauses) {
                Some(clauses) => Node::Comprehension {
                    kind: *kind,
                    elem: self.boxed(elem),
                    value: value.as_ref().map(|v| self.boxed(v)),
                    clauses,
                    result: ResultMark::No,
                },
                None => Self::fallback(e),
            },
            ExprKind::Return(x) => Node::Return(x.as_ref().map(|x| self.boxed(x)), e.span),
            _ => Self::fallback(e),
        }
    }

    fn index(&self, e: &Expr, obj: &Expr, indices: &[Expr]) -> Node {
        let general = self.general_index(e, obj, indices);
        // `g[(m, n)]`, `g[coord + direction]`: a grid variable's cell at a coordinate pair, read in place.
        if let ([key], Some(grid)) = (indices, self.cell_grid(obj)) {
            if let Some(pair) = self.pair(key) {
                return Node::PairIndex(Box::new(PairIndex { grid, pair, general }));
            }
        }
        general
    }

    /// `obj[indices…]` as [`Node::Index`], or `d[1]` of a local as [`Node::LocalElement`].
    fn general_index(&self, e: &Expr, obj: &Expr, indices: &[Expr]) -> Node {
        let keys: Vec<Node> = indices.iter().map(|i| self.expr(i)).collect();
        // The keys of `g[r + 1, c]` cannot assign `g`: then `g` may be read after them, in place.
        let local = match &obj.kind {
            ExprKind::Var(_, slot) if indices.iter().all(pure) => self.slot(slot),
            _ => None,
        };
        let general = Node::Index {
            obj: self.boxed(obj),
            local,
            keys,
            key_spans: indices.iter().map(|i| i.span).collect(),
            span: e.span,
        };
        // `d[1]` (`literal_index`): a local list or tuple's element in place.
        if let (ExprKind::Var(_, slot), [Expr { kind: ExprKind::Integer(k), .. }]) = (&obj.kind, indices) {
            if let (Some(head), Some(k)) = (self.slot(slot), k.to_usize().and_then(|k| k.checked_sub(1))) {
                return Node::LocalElement { head, k, general: Box::new(general) };
            }
        }
        general
    }

    /// The grid variable of a cell read `g[…]`: a local, or a name `expr` compiles to a [`Node::Var`]
    /// (`None`: any other expression, or a top-level name).
    fn cell_grid(&self, obj: &Expr) -> Option<CellGrid> {
        let ExprKind::Var(name, slot) = &obj.kind else { return None };
        match self.slot(slot) {
            Some(head) => Some(CellGrid::Local(head)),
            None if !self.global(name) => {
                Some(CellGrid::Var { name: interned(name), slot: slot.clone(), at: Default::default() })
            }
            None => None,
        }
    }

    /// `g[r, c] == s` (or `g[p] == s` of a coordinate pair `p`) as a [`CellTest`] when it has that form, else
    /// `general`.
    fn cell_test(&self, eq: bool, lhs: &Expr, rhs: &Expr, general: Node) -> Node {
        let ExprKind::Index { obj, indices } = &lhs.kind else { return general };
        let Some(grid) = self.cell_grid(obj) else { return general };
        let rhs = match &rhs.kind {
            ExprKind::Str(s) => match Value::short_str(s) {
                Value::String(s) => match s.as_bytes() {
                    [b] if b.is_ascii() => CellRhs::Byte(*b),
                    _ => CellRhs::Str(s),
                },
                _ => return general,
            },
            ExprKind::Var(_, slot) => match self.slot(slot) {
                Some(h) => CellRhs::Local(h),
                None => return general,
            },
            ExprKind::Integer(n) => match n.to_i64() {
                Some(k) => CellRhs::Int(k),
                None => return general,
            },
            _ => return general,
        };
        // `g[(r, c)]` reads the cell `g[r, c]` reads (a grid's index takes the pair as the two keys).
        let keys = match &indices[..] {
            [r, c] => self.coords(r, c),
            [p] => self.pair(p),
            _ => None,
        };
        let keys = match keys {
            Some(Pair::Tuple(two)) => two,
            Some(p) => {
                let p = Rc::new(p);
                [Coord::Of(p.clone(), false), Coord::Of(p, true)]
            }
            None => return general,
        };
        Node::CellTest(Box::new(CellTest { grid, keys, rhs, eq, general }))
    }

    /// `(r, c)` of two sums ([`Builder::sum`]) as a [`Pair::Tuple`].
    fn coords(&self, r: &Expr, c: &Expr) -> Option<Pair> {
        let (mut row, mut col) = (Sum { terms: Vec::new(), constant: 0 }, Sum { terms: Vec::new(), constant: 0 });
        (self.sum(r, false, &mut row) && self.sum(c, false, &mut col)).then(|| Pair::Tuple([coord(row), coord(col)]))
    }

    /// `e` as a coordinate pair (`pair.rs`): `(r, c)` of two sums, a local, or `p + q` / `p - q` of pairs.
    fn pair(&self, e: &Expr) -> Option<Pair> {
        match &e.kind {
            ExprKind::Tuple(items) => match &items[..] {
                [r, c] => self.coords(r, c),
                _ => None,
            },
            ExprKind::Var(_, slot) => self.slot(slot).map(Pair::Local),
            ExprKind::Binary { op: op @ (BinOp::Add | BinOp::Sub), lhs, rhs } => {
                Some(Pair::Sum(Box::new(self.pair(lhs)?), Box::new(self.pair(rhs)?), *op == BinOp::Sub))
            }
            _ => None,
        }
    }

    /// The sum `e` (`p + q`, `p - q`) as a [`PairOf`] when it is one of coordinate pairs, else `general`.
    fn pair_of(&self, e: &Expr, general: Node) -> Node {
        match self.pair(e) {
            Some(pair) => Node::PairOf(Box::new(PairOf { pair, general })),
            None => general,
        }
    }

    /// A key of `g.Updated({k => v, …})`: a sum of coordinate pairs as a [`PairOf`] (read in place as a cell,
    /// `cell.rs`), without the integer [`SumOf`] that `expr` puts first (`coord + direction` is a sum of
    /// locals both ways); any other key as `expr` compiles it.
    fn key(&self, k: &Expr) -> Node {
        match self.expr(k) {
            Node::SumOf(s) if matches!(s.general, Node::PairOf(_)) => s.general,
            n => n,
        }
    }

    /// The sum `e` (`a + b`, `a - b`) as a [`SumOf`] when it is one of locals, elements of locals and integer
    /// literals, else `general`.
    fn sum_of(&self, e: &Expr, general: Node) -> Node {
        let mut sum = Sum { terms: Vec::new(), constant: 0 };
        if !self.sum(e, false, &mut sum) || sum.terms.is_empty() {
            return general;
        }
        Node::SumOf(Box::new(SumOf { sum, general }))
    }

    /// Adds `e` (negated: `neg`) to `out` when it is a sum of locals, elements `x[k]` of locals (`k` an
    /// integer literal from 1) and integer literals.
    fn sum(&self, e: &Expr, neg: bool, out: &mut Sum) -> bool {
        match &e.kind {
            ExprKind::Integer(n) => match n.to_i64() {
                Some(k) if out.constant.abs() < 1 << 100 => {
                    out.constant += if neg { -i128::from(k) } else { i128::from(k) };
                    true
                }
                _ => false,
            },
            ExprKind::Var(_, slot) => match self.slot(slot) {
                Some(head) if out.terms.len() < 8 => {
                    out.terms.push(SumTerm { head, elem: None, neg });
                    true
                }
                _ => false,
            },
            ExprKind::Index { obj, indices } => {
                let (ExprKind::Var(_, slot), [Expr { kind: ExprKind::Integer(k), .. }]) = (&obj.kind, &indices[..])
                else {
                    return false;
                };
                let elem = k.to_u32().and_then(|k| k.checked_sub(1));
                match (self.slot(slot), elem) {
                    (Some(head), Some(k)) if out.terms.len() < 8 => {
                        out.terms.push(SumTerm { head, elem: Some(k), neg });
                        true
                    }
                    _ => false,
                }
            }
            ExprKind::Binary { op: BinOp::Add, lhs, rhs } => self.sum(lhs, neg, out) && self.sum(rhs, neg, out),
            ExprKind::Binary { op: BinOp::Sub, lhs, rhs } => self.sum(lhs, neg, out) && self.sum(rhs, !neg, out),
            ExprKind::Unary { op: UnaryOp::Neg, expr } => self.sum(expr, !neg, out),
            _ => false,
        }
    }

    fn call(&self, e: &Expr, callee: &Expr, args: &[Expr]) -> Node {
        let spans: Vec<Span> = args.iter().map(|a| a.span).collect();
        if let ExprKind::Member { obj, name } = &callee.kind {
            if let [arg] = args {
                if let ExprKind::Map(entries) = &arg.kind {
                    if &*name.name == "Updated" {
                        return Node::UpdatedLit {
                            obj: self.boxed(obj),
                            name: name.clone(),
                            entries: entries.iter().map(|(k, v)| (self.key(k), self.expr(v))).collect(),
                            arg_span: arg.span,
                            span: e.span,
                        };
                    }
                }
            }
            let args = args.iter().map(|a| self.expr(a)).collect();
            let (obj, name, cache) = (self.boxed(obj), name.clone(), Default::default());
            return Node::Method { obj, name, args, spans, span: e.span, cache };
        }
        let name = match &callee.kind {
            ExprKind::Var(n, _) => n.clone(),
            _ => Name::from(""),
        };
        let args = args.iter().map(|a| self.expr(a)).collect();
        // A name the resolver gave no slot: perhaps the class of `this` (`fields.rs`).
        if let ExprKind::Var(n, slot) = &callee.kind {
            if slot.get(self.id) == Some(NO_SLOT) && !self.global(n) {
                return super::fields::class_call(self.expr(callee), args, spans, e.span);
            }
        }
        Node::Call { callee: self.boxed(callee), name, args, spans, span: e.span }
    }

    fn assign(&self, target: &Ident, value: &Expr, slot: &Slot) -> Node {
        // A top-level name that is not a class name: `eval_assign`'s checks pass (no local, no `this`), and
        // `append_in_place` declines (it takes only locals).
        if self.global(&target.name) && !CLASS_NAMES.contains(&&*target.name) {
            return Node::GlobalAssign { target: target.clone(), value: self.boxed(value) };
        }
        // `xs := xs.Append(x)` (`append_in_place`).
        if let ExprKind::Call { callee, args, named } = &value.kind {
            if let (ExprKind::Member { obj, name }, [arg], []) = (&callee.kind, &args[..], &named[..]) {
                if &*name.name == "Append" && matches!(&obj.kind, ExprKind::Var(x, _) if **x == *target.name) {
                    return Node::AppendAssign {
                        target: target.clone(),
                        slot: slot.clone(),
                        arg: self.boxed(arg),
                        general: self.boxed(value),
                    };
                }
            }
        }
        if let Some(value) = self.call_taking(target, slot, value) {
            return Node::Assign { target: target.clone(), slot: slot.clone(), value: Box::new(value) };
        }
        Node::Assign { target: target.clone(), slot: slot.clone(), value: self.boxed(value) }
    }

    /// `x := f(…, x, …)` for a local `x` of this frame passed once to a plain function `f` (a name other than
    /// `x`) whose other arguments are names other than `x` and literals: the call, with that argument a
    /// [`Node::Take`], which moves `x`'s value into the call rather than copying it (a list the callee extends,
    /// `out := Jumps(g, out, …)`, is then not shared, and is extended in place). Nothing reads `x` between the
    /// move and the assignment: the callee cannot see the caller's slots (a closure captures values), the other
    /// arguments do not name it, and if the call fails the frame is left with the error.
    fn call_taking(&self, target: &Ident, slot: &Slot, value: &Expr) -> Option<Node> {
        let ExprKind::Call { callee, args, named } = &value.kind else { return None };
        let (ExprKind::Var(f, _), []) = (&callee.kind, &named[..]) else { return None };
        let head = self.slot(slot)?;
        if **f == *target.name {
            return None;
        }
        let mut taken = None;
        for (i, a) in args.iter().enumerate() {
            match &a.kind {
                ExprKind::Var(x, at) if **x == *target.name => {
                    if taken.is_some() || self.slot(at) != Some(head) {
                        return None;
                    }
                    taken = Some(i);
                }
                ExprKind::Var(..) | ExprKind::Integer(_) | ExprKind::Str(_) | ExprKind::Bool(_) | ExprKind::Nothing => {
                }
                ExprKind::Unary { op: UnaryOp::Neg, expr } if matches!(expr.kind, ExprKind::Integer(_)) => {}
                _ => return None,
            }
        }
        let taken = taken?;
        // The plain call (a call whose argument is taken is not inlined: `inline::site` is not asked).
        let ExprKind::Call { callee: f, args: a, .. } = &value.kind else { return None };
        let mut call = self.call(value, f, a);
        let args = match &mut call {
            Node::Call { args, .. } => args,
            Node::ClassCall(c) => c.args_mut(),
            _ => return None,
        };
        let Node::Local { head, name: x, slot, span: at } =
            std::mem::replace(&mut args[taken], Node::Const(Value::Nothing))
        else {
            return None;
        };
        args[taken] = Node::Take { head, name: x, slot, span: at };
        Some(call)
    }

    /// The clauses of a loop or comprehension; `None` when one cannot be compiled.
    fn clauses(&self, clauses: &[ForClause]) -> Option<Vec<Clause>> {
        clauses
            .iter()
            .map(|c| {
                let source = match &c.source {
                    ForSource::In(src) => Source::In(self.expr(src), src.span),
                    ForSource::Assign(v) => Source::Assign(self.expr(v)),
                    ForSource::Forever => Source::Forever,
                    ForSource::Range { from, to, by } => Source::Range {
                        from: self.expr(from),
                        from_span: from.span,
                        to: to.as_ref().map(|t| (self.expr(t), t.span)),
                        by: by.as_ref().map(|b| (self.expr(b), b.span)),
                    },
                };
                Some(Clause {
                    var: c.var.name.clone(),
                    slot: self.slot(&c.slot),
                    source,
                    cond: c.cond.as_ref().map(|x| (self.expr(x), x.span)),
                    filter: c.filter.as_ref().map(|x| (self.expr(x), x.span)),
                    span: c.span,
                })
            })
            .collect()
    }
}

/// Whether evaluating `e` cannot assign a variable (a literal, a variable, arithmetic of such).
fn pure(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Integer(_) | ExprKind::Str(_) | ExprKind::Bool(_) | ExprKind::Var(..) => true,
        ExprKind::Binary { lhs, rhs, .. } => pure(lhs) && pure(rhs),
        ExprKind::Unary { expr, .. } => pure(expr),
        ExprKind::Tuple(items) => items.iter().all(pure),
        _ => false,
    }
}

/// The [`Coord`] of `sum`: its locals merged into one term each (with the sum of their signs as coefficient)
/// when there are one or two and no element of a local, the constant an `i64`; else the sum itself.
fn coord(sum: Sum) -> Coord {
    let Ok(k) = i64::try_from(sum.constant) else { return Coord::Sum(sum) };
    let mut merged: Vec<(u32, i64)> = Vec::new();
    for t in &sum.terms {
        if t.elem.is_some() {
            return Coord::Sum(sum);
        }
        let step = if t.neg { -1 } else { 1 };
        match merged.iter_mut().find(|(h, _)| *h == t.head) {
            Some((_, a)) => *a += step,
            None => merged.push((t.head, step)),
        }
    }
    match merged[..] {
        [(x, a)] => Coord::One { x, a, k },
        [(x, a), (y, b)] => Coord::Two { x, a, y, b, k },
        _ => Coord::Sum(sum),
    }
}

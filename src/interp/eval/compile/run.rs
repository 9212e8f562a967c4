//! Running compiled [`Node`]s. Each arm does what the evaluator function named beside it does for the same
//! syntax, in the same order and with the same errors.

use super::super::classes::{this_name, ThisName};
use super::super::machine::*;
use super::super::ops;
use super::cell::{cell_value, updated_lit, value_of};
use super::clauses;
use super::stmt::{append_assign, check_assign, run_stmts, while_loop};
use super::tree::{Node, Sum};
use crate::interp::env::copy_of;
use crate::interp::value::Int;

impl Node {
    /// The value of the node (`Machine::eval`). Only the leaves that need few registers are answered here
    /// (locals, literals, tuple elements); every other node goes to [`Node::run_other`] in a
    /// tail call, so that the common path saves and restores few registers and keeps a small stack frame.
    pub(super) fn run(&self, m: &mut Machine<'_>) -> Eval<Value> {
        match self {
            Node::Const(v) => Ok(v.clone()),
            Node::Local { head, name, slot, span } => match m.locals.slot(*head) {
                Some(v) => Ok(v.clone()),
                None => m.lookup_var(name, slot, *span),
            },
            Node::LocalElement { head, k, .. } => {
                // `literal_index` of a tuple here; of a list (a tree to walk), else the general index, out of
                // line.
                match m.locals.slot(*head) {
                    Some(Value::Tuple(t)) if *k < t.len() => Ok(t[*k].clone()),
                    _ => self.run_other(m),
                }
            }
            Node::Take { head, name, slot, span } => match m.locals.slot_mut(*head) {
                Some(v) => Ok(std::mem::replace(v, Value::Nothing)),
                None => m.lookup_var(name, slot, *span),
            },
            _ => self.run_other(m),
        }
    }

    /// [`Node::run`] for an argument, a declared or an assigned value: a bound local, a moved local or a
    /// literal read here (no call; a machine integer copied in line, `copy_of`), anything else run. (`run`
    /// itself clones: there most values read are not integers, and the test costs more than it saves.)
    #[inline(always)]
    pub(super) fn fetch(&self, m: &mut Machine<'_>) -> Eval<Value> {
        match self {
            Node::Const(v) => Ok(copy_of(v)),
            Node::Local { head, .. } => match m.locals.slot(*head) {
                Some(v) => Ok(copy_of(v)),
                None => self.run(m),
            },
            Node::Take { head, .. } => match m.locals.slot_mut(*head) {
                Some(v) => Ok(std::mem::replace(v, Value::Nothing)),
                None => self.run(m),
            },
            _ => self.run(m),
        }
    }

    /// The nodes other than [`Node::run`]'s leaves, out of line so that `run` keeps a small stack frame and
    /// few saved registers (collections built in line are large).
    #[inline(never)]
    fn run_other(&self, m: &mut Machine<'_>) -> Eval<Value> {
        match self {
            Node::Var { name, slot, span, at, global } => global.var(m, name, slot, *span, at),
            Node::CellTest(t) => match t.test(m) {
                Some(b) => Ok(Value::Boolean(b)),
                None => t.general.run(m),
            },
            Node::Global { name, span } => match m.globals.lookup(name) {
                Some(Value::Object(o)) if o.type_name() == "Package" => m.lookup(name, *span),
                Some(v) => Ok(v.clone()),
                None => m.lookup(name, *span),
            },
            Node::Binary { op, lhs, rhs, span } => {
                // `eval_binary`: a board's cell compared with a string, machine integers, else the values.
                if is_comparison(*op) {
                    return Ok(match compare(m, *op, lhs, rhs, *span)? {
                        Ok(b) => Value::Boolean(b),
                        Err(v) => v,
                    });
                }
                let a = lhs.small(m)?;
                let b = rhs.small(m)?;
                if let (Ok(i), Ok(j)) = (&a, &b) {
                    if let Some(v) = ops::quick_binary(*op, &Value::small_int(*i), &Value::small_int(*j)) {
                        return Ok(v);
                    }
                }
                binary_values(m, *op, &value_of(a), &value_of(b), *span)
            }
            Node::And(..) | Node::Or(..) | Node::Not(..) | Node::CellAnd(..) => Ok(Value::Boolean(self.truth(m)?)),
            Node::Index { obj, local, keys, key_spans, span } => index(m, obj, *local, keys, key_spans, *span),
            Node::Eval(e) => m.eval(e),
            Node::Inline(..)
            | Node::InlineParam(..)
            | Node::InlineGlobal { .. }
            | Node::InlineIs { .. }
            | Node::InlinePick(..) => super::inline::run(m, self),
            Node::SumOf(x) => match x.sum.value(m) {
                Some(k) => Ok(Value::small_int(k)),
                None => x.general.run(m),
            },
            Node::PairOf(p) => p.run(m),
            Node::PairIndex(p) => p.run(m),
            Node::LocalElement { head, k, general } => match m.locals.slot(*head) {
                Some(Value::Tuple(t)) if *k < t.len() => Ok(t[*k].clone()),
                Some(Value::List(l)) if *k < l.len() => Ok(l[*k].clone()),
                _ => general.run(m),
            },
            Node::Call { callee, name, args, spans, span } => {
                super::call::call_node(m, callee, name, args, spans, *span)
            }
            Node::ClassCall(c) => c.run(m),
            Node::Method { obj, name, args, spans, span, cache } => {
                super::member::method(m, obj, name, args, spans, *span, cache)
            }
            Node::UpdatedLit { obj, name, entries, arg_span, span } => {
                updated_lit(m, obj, name, entries, *arg_span, *span)
            }
            Node::Is { expr, ty, known, local } => super::is_test::is(m, expr, ty, known, local),
            Node::Member { obj, name, span, cache } => super::member::property(m, obj, name, *span, cache),
            // A pair (`(m, n)`) is made at once, with no vector in between.
            Node::Tuple(items) => match &items[..] {
                [a, b] => {
                    let a = a.run(m)?;
                    Ok(Value::Tuple(Rc::from([a, b.run(m)?])))
                }
                _ => Ok(Value::Tuple(run_all(m, items)?.into())),
            },
            Node::List(items) => list(m, items),
            Node::Assign { target, slot, value } => {
                if let Some(cells) = check_assign(m, target, slot)? {
                    let v = value.run(m)?;
                    m.set_cell(&cells, target, &v)?;
                    return Ok(v);
                }
                let v = value.run(m)?;
                m.assign_at(&target.name, slot, v.clone());
                Ok(v)
            }
            Node::GlobalAssign { target, value } => {
                // `eval_assign`, then `assign` for a name bound in no local scope.
                let v = value.run(m)?;
                match m.globals.vars.get_mut(&target.name) {
                    Some(held) => *held = v.clone(),
                    None => {
                        m.globals.vars.insert(target.name.clone(), v.clone());
                    }
                }
                Ok(v)
            }
            Node::AppendAssign { target, slot, arg, general } => append_assign(m, target, slot, arg, general, true),
            Node::VarDecl { target, slot, value } => {
                let v = match value {
                    Some(x) => x.run(m)?,
                    None => Value::Nothing,
                };
                m.declare_at(&target.name, slot, v.clone());
                Ok(v)
            }
            Node::Block(stmts) => {
                m.locals.push();
                let r = run_stmts(m, stmts);
                m.locals.pop();
                r
            }
            Node::If { branches, otherwise } => {
                for (cond, span, body) in branches {
                    if cond.cond(m, *span)? {
                        return run_stmts(m, body);
                    }
                }
                match otherwise {
                    Some(b) => run_stmts(m, b),
                    None => Ok(Value::Nothing),
                }
            }
            Node::While { cond, cond_span, body, span } => {
                while_loop(m, cond, *cond_span, body, *span)?;
                Ok(Value::Nothing)
            }
            Node::For { clauses, body, mode, more } => clauses::for_loop(m, clauses, body, *mode, more),
            Node::Comprehension { kind, elem, value, clauses, result } => {
                clauses::comprehension(m, *kind, elem, value.as_deref(), clauses, *result)
            }
            Node::Return(x, span) => {
                let v = match x {
                    Some(x) => x.run(m)?,
                    None => Value::Nothing,
                };
                if !m.locals.in_function() {
                    return err(ErrorKind::ReturnOutsideFunction, *span);
                }
                Err(Exit::Return(v))
            }
            _ => unreachable!("run handles it"),
        }
    }

    /// The node's value, as a machine integer when it is one (`Ok`), else as the value (`Err`): locals,
    /// literals and `+ - *` of machine integers without a `Value` in between.
    #[inline]
    pub(super) fn small(&self, m: &mut Machine<'_>) -> Eval<Result<i64, Value>> {
        match self {
            Node::Const(Value::Integer(Int::Small(k))) => return Ok(Ok(*k)),
            Node::Local { head, .. } => {
                if let Some(Value::Integer(Int::Small(k))) = m.locals.slot(*head) {
                    return Ok(Ok(*k));
                }
            }
            Node::Global { name, .. } => {
                if let Some(Value::Integer(Int::Small(k))) = m.globals.lookup(name) {
                    return Ok(Ok(*k));
                }
            }
            Node::SumOf(x) => {
                return match x.sum.value(m) {
                    Some(k) => Ok(Ok(k)),
                    None => x.general.small(m),
                };
            }
            Node::Binary { op: op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), lhs, rhs, span } => {
                // `quick_binary`'s machine-integer arm; past `i64` the general way.
                let a = lhs.small(m)?;
                let b = rhs.small(m)?;
                if let (Ok(i), Ok(j)) = (&a, &b) {
                    let k = match op {
                        BinOp::Add => i.checked_add(*j),
                        BinOp::Sub => i.checked_sub(*j),
                        _ => i.checked_mul(*j),
                    };
                    if let Some(k) = k {
                        return Ok(Ok(k));
                    }
                }
                let (a, b) = (value_of(a), value_of(b));
                return Ok(small_or_value(binary_values(m, *op, &a, &b, *span)?));
            }
            _ => {}
        }
        Ok(small_or_value(self.run(m)?))
    }
}

impl Sum {
    /// The coordinate, when every term is a machine integer and the sum is one. In `i64` steps: a sum that
    /// leaves `i64` on the way is `None` too, and the general comparison (which computes it in big integers)
    /// answers it.
    #[inline(always)]
    pub(super) fn value(&self, m: &Machine<'_>) -> Option<i64> {
        let mut acc = i64::try_from(self.constant).ok()?;
        for t in &self.terms {
            let v = super::cell::local(m, t.head)?;
            let v = match (t.elem, v) {
                (None, v) => v,
                (Some(k), Value::Tuple(items)) => items.get(k as usize)?,
                (Some(k), Value::List(items)) => items.get(k as usize)?,
                _ => return None,
            };
            let Value::Integer(Int::Small(k)) = v else { return None };
            acc = if t.neg { acc.checked_sub(*k)? } else { acc.checked_add(*k)? };
        }
        Some(acc)
    }
}

/// `[a, b, …]` (`eval_list`). Out of line: an `imbl` vector is large.
#[inline(never)]
fn list(m: &mut Machine<'_>, items: &[Node]) -> Eval<Value> {
    let mut v = Vector::new();
    for x in items {
        v.push_back(x.run(m)?);
    }
    Ok(Value::List(v.into()))
}

fn run_all(m: &mut Machine<'_>, nodes: &[Node]) -> Eval<Vec<Value>> {
    let mut vals = Vec::with_capacity(nodes.len());
    for n in nodes {
        vals.push(n.run(m)?);
    }
    Ok(vals)
}

/// `a op b` of two values (the tail of `eval_binary`).
#[inline]
fn binary_values(m: &mut Machine<'_>, op: BinOp, a: &Value, b: &Value, span: Span) -> Eval<Value> {
    if let Some(v) = ops::quick_binary(op, a, b) {
        return Ok(v);
    }
    let v = match m.object_binary(op, a, b, span) {
        Some(r) => r?,
        None => m.binary(op, a, b).map_err(|k| Exit::from(EvalError::new(k, span)))?,
    };
    m.engine_ok(span)?;
    Ok(v)
}

/// `obj[keys…]` (`eval_index` after `literal_index`): a local grid's cell `g[r, c]` is read in place.
fn index(
    m: &mut Machine<'_>,
    obj: &Node,
    local: Option<u32>,
    keys: &[Node],
    spans: &[Span],
    span: Span,
) -> Eval<Value> {
    if let Some(cell) = grid_cell(m, obj, local, keys, spans, span)? {
        return Ok(match cell {
            Ok(b) => b.map_or(Value::Nothing, cell_value),
            Err(v) => v,
        });
    }
    let v = obj.run(m)?;
    // One or two keys (`d[1]`, `grid[r, c]` of a field) stay on the stack, as in `eval_index`.
    match keys {
        [i] => {
            let i = i.run(m)?;
            index_keys(m, v, std::slice::from_ref(&i), spans, span)
        }
        [i, j] => {
            // A cell of a grid of integers by machine integers (`grid[r, c]` of a position's field) is read
            // in place, as its `index` reads it.
            let i = i.small(m)?;
            let j = j.small(m)?;
            if let (Ok(r), Ok(c)) = (&i, &j) {
                if let Some(cell) = (m.globals.library.num_grid_cell)(&v, *r, *c) {
                    return Ok(cell);
                }
            }
            index_keys(m, v, &[value_of(i), value_of(j)], spans, span)
        }
        _ => {
            let keys = run_all(m, keys)?;
            index_keys(m, v, &keys, spans, span)
        }
    }
}

/// `g[r, c]` for a bound local `g` (`None`: not this form, nothing evaluated): the cell (`Ok`; `None` off
/// the board, as `grid_index` answers) when `g` is a grid and `r`, `c` machine integers, else the value of
/// the general index (`Err`). A bound local cannot fail to evaluate, and the keys (pure: `build.rs`) cannot
/// rebind it, so it may be read after them. A variable of `this` (`grid[r, c]` of a position's method) is
/// answered the same way, read before the keys.
#[inline]
fn grid_cell(
    m: &mut Machine<'_>,
    obj: &Node,
    local: Option<u32>,
    keys: &[Node],
    spans: &[Span],
    span: Span,
) -> Eval<Option<Result<Option<u8>, Value>>> {
    let [i, j] = keys else { return Ok(None) };
    // A variable of `this` (`grid[r, c]` in a position's method) is read as the node reads it, first (objects'
    // variables never change, so the keys cannot change it), and kept.
    let field = match (local, obj) {
        (Some(head), _) if m.locals.slot(head).is_some() => None,
        (None, Node::Var { name, slot, at, .. }) => match this_name(&m.locals, name, slot, at) {
            ThisName::Field(v) => Some(v.clone()),
            _ => return Ok(None),
        },
        _ => return Ok(None),
    };
    let i = i.small(m)?;
    let j = j.small(m)?;
    if let (Ok(r), Ok(c)) = (&i, &j) {
        let v = match (&field, local) {
            (Some(v), _) => Some(v),
            (None, Some(head)) => m.locals.slot(head),
            (None, None) => None,
        };
        if let Some(v) = v {
            if let Some(g) = (m.globals.library.as_grid)(v) {
                return Ok(Some(Ok(g.get_signed(*r, *c))));
            }
            if let Some(cell) = (m.globals.library.num_grid_cell)(v, *r, *c) {
                return Ok(Some(Err(cell)));
            }
        }
    }
    let v = match field {
        Some(v) => v,
        None => obj.run(m)?,
    };
    let keys = [value_of(i), value_of(j)];
    Ok(Some(Err(index_keys(m, v, &keys, spans, span)?)))
}

/// Whether `op` compares (`==`, `!=`, `<`, `<=`, `>`, `>=`): [`compare`] answers it.
#[inline]
pub(super) fn is_comparison(op: BinOp) -> bool {
    matches!(op, BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge)
}

/// `a op b` for a comparison `op` ([`is_comparison`]; `eval_binary`): the flag (`Ok`) for a board's cell
/// against a string ([`cell_compare`]) or two machine integers (as `quick_binary` compares them), else the
/// value of the general comparison (`Err`). The operands are evaluated in order, each once.
#[inline]
pub(super) fn compare(m: &mut Machine<'_>, op: BinOp, lhs: &Node, rhs: &Node, span: Span) -> Eval<Result<bool, Value>> {
    match (op, lhs) {
        (BinOp::Eq | BinOp::Ne, Node::Index { local, obj, keys, .. })
            if keys.len() == 2 && (local.is_some() || matches!(**obj, Node::Var { .. })) =>
        {
            return cell_compare(m, op, lhs, rhs, span);
        }
        (BinOp::Eq | BinOp::Ne, Node::PairIndex(_)) => return cell_compare(m, op, lhs, rhs, span),
        _ => {}
    }
    let a = lhs.small(m)?;
    let b = rhs.small(m)?;
    if let (Ok(i), Ok(j)) = (&a, &b) {
        return Ok(Ok(match op {
            BinOp::Eq => i == j,
            BinOp::Ne => i != j,
            BinOp::Lt => i < j,
            BinOp::Le => i <= j,
            BinOp::Gt => i > j,
            _ => i >= j,
        }));
    }
    Ok(Err(binary_values(m, op, &value_of(a), &value_of(b), span)?))
}

/// `g[r, c] == s` or `!=` (`lhs` an [`Node::Index`] of a local and two keys, or a [`Node::PairIndex`],
/// `g[p]`): an ASCII cell against a string compared as bytes (as `quick_binary` compares strings; the flag,
/// `Ok`), reading a literal or local string in place; anything else as values (`Err`).
fn cell_compare(m: &mut Machine<'_>, op: BinOp, lhs: &Node, rhs: &Node, span: Span) -> Eval<Result<bool, Value>> {
    let cell = match lhs {
        Node::Index { obj, local, keys, key_spans, span: at } => grid_cell(m, obj, *local, keys, key_spans, *at)?,
        Node::PairIndex(p) => match p.cell(m) {
            Some(Ok(b)) => Some(Ok(b)),
            Some(Err(k)) => Some(Err(k.map_or(Value::Nothing, |k| Value::small_int(i64::from(k))))),
            None => None,
        },
        _ => unreachable!("checked by compare"),
    };
    let a = match cell {
        Some(Ok(Some(b))) if b.is_ascii() => {
            let eq = op == BinOp::Eq;
            match rhs {
                Node::Const(Value::String(s)) => return Ok(Ok((s.as_bytes() == [b]) == eq)),
                Node::Local { head, .. } => {
                    if let Some(Value::String(s)) = m.locals.slot(*head) {
                        return Ok(Ok((s.as_bytes() == [b]) == eq));
                    }
                }
                _ => {}
            }
            let r = rhs.run(m)?;
            if let Value::String(s) = &r {
                return Ok(Ok((s.as_bytes() == [b]) == eq));
            }
            let a = cell_value(b);
            return Ok(Err(binary_values(m, op, &a, &r, span)?));
        }
        Some(Ok(b)) => b.map_or(Value::Nothing, cell_value),
        // A grid of integers' cell against a machine integer (`grid[r, c] == 0`), as `quick_binary` compares them.
        Some(Err(Value::Integer(Int::Small(k)))) if matches!(op, BinOp::Eq | BinOp::Ne) => {
            return Ok(match rhs.small(m)? {
                Ok(j) => Ok((k == j) == (op == BinOp::Eq)),
                Err(b) => Err(binary_values(m, op, &Value::small_int(k), &b, span)?),
            });
        }
        Some(Err(v)) => v,
        None => lhs.run(m)?,
    };
    let b = rhs.run(m)?;
    Ok(Err(binary_values(m, op, &a, &b, span)?))
}

/// A value as a machine integer when it is one.
#[inline]
fn small_or_value(v: Value) -> Result<i64, Value> {
    match v {
        Value::Integer(Int::Small(k)) => Ok(k),
        v => Err(v),
    }
}

/// `index_keys`: an object's own indexing, else one key after the other.
fn index_keys(m: &mut Machine<'_>, mut v: Value, keys: &[Value], spans: &[Span], span: Span) -> Eval<Value> {
    if let Value::Object(o) = &v {
        if let Some(r) = o.index(m, &v, keys, span) {
            return Ok(r?);
        }
    }
    for (s, k) in spans.iter().zip(keys) {
        v = m.index_value(&v, k, *s)?;
    }
    Ok(v)
}

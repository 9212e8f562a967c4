//! Statements whose value is not used (every statement of a block but the last, a `do` loop's body, a
//! `while` body, the branches of such an `if`): run for their effects, without the value each would give
//! (`x := v` and `var x := v` then hand `v` to the variable without a copy, an `if` gives no `Nothing`), and
//! dispatched here rather than through [`Node::run`]'s levels.

use super::super::machine::*;
use super::tree::Node;
use crate::interp::env::{copy_of, discard};

/// The statements of a block in the current scope; the value of the last (`eval_block`).
pub(super) fn run_stmts(m: &mut Machine<'_>, stmts: &[Node]) -> Eval<Value> {
    let Some((last, init)) = stmts.split_last() else { return Ok(Value::Nothing) };
    exec_stmts(m, init)?;
    last.run(m)
}

/// The statements of a block in the current scope, for their effects ([`run_stmts`] without the value).
pub(super) fn exec_stmts(m: &mut Machine<'_>, stmts: &[Node]) -> Eval<()> {
    for s in stmts {
        // An `if` (the common statement of a loop body: Konane's four jump tests) runs here, without a call for
        // the statement.
        match s {
            Node::If { branches, otherwise } => exec_if(m, branches, otherwise.as_deref())?,
            // So does a declaration (Konane's `var r := p[1]`), its slot bound in line.
            Node::VarDecl { target, slot, value } => exec_var(m, target, slot, value.as_deref())?,
            _ => s.exec(m)?,
        }
    }
    Ok(())
}

/// `var x := v` as a statement: `v` handed to the variable without a copy; a tuple's element (`var r := p[1]`)
/// read here.
#[inline(always)]
fn exec_var(m: &mut Machine<'_>, target: &Ident, slot: &Slot, value: Option<&Node>) -> Eval<()> {
    let v = match value {
        Some(x @ Node::LocalElement { head, k, .. }) => match m.locals.slot(*head) {
            Some(Value::Tuple(t)) if *k < t.len() => copy_of(&t[*k]),
            _ => x.run(m)?,
        },
        Some(x) => x.fetch(m)?,
        None => Value::Nothing,
    };
    match slot.get(m.locals.layout_id()) {
        Some(s) if s != NO_SLOT => m.locals.declare_slot(s, v),
        _ => m.declare_at(&target.name, slot, v),
    }
    Ok(())
}

/// `if c then … elseif … else … end` as a statement: the first branch whose condition holds, else `otherwise`.
#[inline(always)]
fn exec_if(m: &mut Machine<'_>, branches: &[(Node, Span, Vec<Node>)], otherwise: Option<&[Node]>) -> Eval<()> {
    for (cond, span, body) in branches {
        if cond.cond(m, *span)? {
            return exec_stmts(m, body);
        }
    }
    match otherwise {
        Some(b) => exec_stmts(m, b),
        None => Ok(()),
    }
}

impl Node {
    /// The node as a statement whose value is not used: what [`Node::run`] does, the value dropped.
    pub(super) fn exec(&self, m: &mut Machine<'_>) -> Eval<()> {
        match self {
            Node::If { branches, otherwise } => exec_if(m, branches, otherwise.as_deref()),
            Node::VarDecl { target, slot, value } => exec_var(m, target, slot, value.as_deref()),
            Node::Assign { target, slot, value } => {
                // A bound local of this frame (what `check_assign` and `assign_at` find first): the value is
                // written to its slot in place, the old one dropped without a call when it holds nothing to free.
                if let Some(s) = slot.get(m.locals.layout_id()) {
                    if s != NO_SLOT && m.locals.slot(s).is_some() {
                        let v = match &**value {
                            Node::SumOf(x) => match x.sum.value(m) {
                                Some(k) => Value::small_int(k),
                                None => x.general.run(m)?,
                            },
                            value => value.fetch(m)?,
                        };
                        match m.locals.slot_mut(s) {
                            Some(held) => discard(std::mem::replace(held, v)),
                            None => m.assign_at(&target.name, slot, v),
                        }
                        return Ok(());
                    }
                }
                if let Some(cells) = check_assign(m, target, slot)? {
                    let v = value.run(m)?;
                    m.set_cell(&cells, target, &v)?;
                    return Ok(());
                }
                let v = value.run(m)?;
                m.assign_at(&target.name, slot, v);
                Ok(())
            }
            Node::While { cond, cond_span, body, span } => while_loop(m, cond, *cond_span, body, *span),
            Node::AppendAssign { target, slot, arg, general } => {
                append_assign(m, target, slot, arg, general, false).map(discard)
            }
            Node::Block(stmts) => {
                m.locals.push();
                let r = exec_stmts(m, stmts);
                m.locals.pop();
                r
            }
            _ => self.run(m).map(discard),
        }
    }
}

/// The checks of `eval_assign` before the value: a class name or a field of `this` cannot be assigned; the
/// object's cells when `target` is a `mutable var` of `this` (the assignment writes there).
#[inline]
pub(super) fn check_assign(
    m: &mut Machine<'_>,
    target: &Ident,
    slot: &Slot,
) -> Eval<Option<crate::interp::eval::Cells>> {
    if m.local_at(&target.name, slot).is_none() {
        if CLASS_NAMES.contains(&&*target.name) {
            return err(ErrorKind::AssignToClassName { name: target.name.to_string() }, target.span);
        }
        return m.check_not_field(target);
    }
    Ok(None)
}

/// `while c do … end` (`eval_while`), with its safe points when it is the top-level statement
/// (`compile::run_top`).
pub(super) fn while_loop(m: &mut Machine<'_>, cond: &Node, cond_span: Span, body: &[Node], span: Span) -> Eval<()> {
    let top = m.take_top_loop();
    loop {
        m.check_limits(span)?;
        if top {
            m.top_loop = Some(super::super::machine::TopLoop::new::<super::tree::Clause>(&[]));
            m.loop_safe_point(&Vector::new());
            m.top_loop = None;
        }
        if !cond.cond(m, cond_span)? {
            break;
        }
        match exec_stmts(m, body) {
            Ok(()) | Err(Exit::Continue(_)) => {}
            Err(Exit::Break(_)) => break,
            Err(x) => return Err(x),
        }
    }
    Ok(())
}

/// `x := x.Append(v)` ([`Node::AppendAssign`]): `general` is the compiled `x.Append(v)`, `arg` the compiled
/// `v`. `keep`: the value is used (else, a statement, the list appended in place is not copied for it, and
/// `Nothing` stands for it).
pub(super) fn append_assign(
    m: &mut Machine<'_>,
    target: &Ident,
    slot: &Slot,
    arg: &Node,
    general: &Node,
    keep: bool,
) -> Eval<Value> {
    if let Some(v) = append_to_slot(m, target, slot, arg, keep)? {
        return Ok(v);
    }
    if let Some(cells) = check_assign(m, target, slot)? {
        let v = general.run(m)?;
        m.set_cell(&cells, target, &v)?;
        return Ok(v);
    }
    if let Some(v) = append_in_place(m, target, slot, arg, keep)? {
        return Ok(v);
    }
    let v = general.run(m)?;
    m.assign_at(&target.name, slot, v.clone());
    Ok(v)
}

/// [`append_assign`] when `x` is a bound local of this frame holding a list (`out` in `_KonaneJumps`): what
/// `check_assign` (it passes: `x` is bound) and [`append_in_place`] do, the slot read in place rather than
/// looked up three times (`None`: another case).
#[inline]
fn append_to_slot(m: &mut Machine<'_>, target: &Ident, slot: &Slot, arg: &Node, keep: bool) -> Eval<Option<Value>> {
    let Some(s) = slot.get(m.locals.layout_id()).filter(|&s| s != NO_SLOT) else { return Ok(None) };
    let Some(Value::List(held)) = m.locals.slot(s) else { return Ok(None) };
    let receiver = held.clone();
    let x = arg.run(m)?;
    if let Some(Value::List(held)) = m.locals.slot_mut(s) {
        if held.ptr_eq(&receiver) {
            drop(receiver);
            held.push_back(x);
            return Ok(Some(if keep { Value::List(held.clone()) } else { Value::Nothing }));
        }
    }
    // `v` changed `x`: the list it held, extended, is assigned (as `append_in_place` does).
    let mut l = receiver;
    l.push_back(x);
    m.assign_at(&target.name, slot, Value::List(l.clone()));
    Ok(Some(Value::List(l)))
}

/// `append_in_place` with the element compiled (`keep`: as [`append_assign`]'s).
fn append_in_place(m: &mut Machine<'_>, target: &Ident, slot: &Slot, arg: &Node, keep: bool) -> Eval<Option<Value>> {
    let Some(Value::List(receiver)) = m.local_at(&target.name, slot).cloned() else { return Ok(None) };
    let x = arg.run(m)?;
    let list = match m.local_at_mut(&target.name, slot) {
        Some(Value::List(held)) if held.ptr_eq(&receiver) => {
            drop(receiver);
            held.push_back(x);
            if !keep {
                return Ok(Some(Value::Nothing));
            }
            held.clone()
        }
        _ => {
            let mut l = receiver;
            l.push_back(x);
            let v = Value::List(l.clone());
            m.assign_at(&target.name, slot, v);
            l
        }
    };
    Ok(Some(Value::List(list)))
}

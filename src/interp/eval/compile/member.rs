//! Member calls from compiled code (`obj.name(args…)`, [`Node::Method`], and `obj.name`, [`Node::Member`])
//! with an inline cache: the first call finds the member as `invoke_member` finds it; when the row that
//! answered is one of a table every receiver of the same kind answers from in the same way (a grid's own
//! table, `Object::fixed_members`, or the tables of a list, a string, …, `find_member`), the node keeps that
//! row with the receiver's kind ([`MemberCache`]). A later call on a receiver of the same kind calls the row's
//! function at once: no name is compared, no argument vector is made, and the general path's other questions
//! (a package? `Class`? a tree member? the object's own dynamic members?) are not asked, since their
//! answers were the same for the first receiver and depend on nothing else. The call itself is the one the
//! general path makes (`object_member`'s, `invoke_member`'s): the same `Site`, argument-class error
//! (`member_argument_error`) and engine check. A receiver of another kind takes the general path (and the row
//! it finds, if it may be kept, replaces the one kept).
//!
//! An `obj.name` whose object declares the member constant (`Object::constant_member`: `Symmetry.Flip`)
//! keeps the object and the value read, and answers that value when the same object is read again.
//!
//! [`Node::Method`]: super::tree::Node::Method
//! [`Node::Member`]: super::tree::Node::Member

use super::super::classes::method_value;
use super::super::machine::*;
use super::tree::{Kept, Kind, MemberCache, Node};
use crate::interp::model::types::Member;

/// The kind of `v`, `None` for a receiver whose rows are not kept.
#[inline]
fn kind_of(v: &Value) -> Option<Kind> {
    Some(match v {
        Value::Object(o) => Kind::Table(o.fixed_members()?.as_ptr()),
        Value::Integer(_) => Kind::Variant(0),
        Value::Game(_) => Kind::Variant(1),
        Value::String(_) => Kind::Variant(2),
        Value::List(_) => Kind::Variant(3),
        Value::Set(..) => Kind::Variant(4),
        Value::Map(..) => Kind::Variant(5),
        Value::Tuple(_) => Kind::Variant(6),
        // `player.Ordinal`, `player.Opponent` in a ruleset's `Options`.
        Value::Player(_) => Kind::Variant(7),
        Value::Outcome(_) => Kind::Variant(8),
        _ => return None,
    })
}

impl MemberCache {
    /// The row kept for a receiver of `obj`'s kind, if any.
    #[inline]
    fn hit(&self, m: &Machine<'_>, obj: &Value) -> Option<&'static Member> {
        let kept = self.0.get()?;
        (kind_of(obj)? == kept.kind && std::ptr::eq(m.globals.library, kept.library)).then_some(kept.member)
    }

    /// `member_call` for a receiver without a kept row; the row that answered is kept when its kind is one
    /// that may be kept.
    fn general(
        &self,
        m: &mut Machine<'_>,
        obj: Value,
        name: &Ident,
        args: &[Value],
        spans: &[Span],
        span: Span,
    ) -> Result<Value, EvalError> {
        let kind = kind_of(&obj);
        let mut found = None;
        let v = m.member_call(obj, name, args, spans, span, &mut found)?;
        if let (Some(kind), Some(member)) = (kind, found) {
            self.0.set(Some(Kept { kind, library: m.globals.library, member }));
        }
        Ok(v)
    }
}

/// Runs `f` on the values of `nodes`, in order: up to two are kept on the stack (a call's argument vector was
/// an allocation per call of `Position(g)`, `g.Decomposition(1)`, `o.Append(h)`).
#[inline]
pub(super) fn with_args<R>(
    m: &mut Machine<'_>,
    nodes: &[Node],
    f: impl FnOnce(&mut Machine<'_>, &[Value]) -> Eval<R>,
) -> Eval<R> {
    match nodes {
        [] => f(m, &[]),
        [a] => {
            let a = a.run(m)?;
            f(m, std::slice::from_ref(&a))
        }
        [a, b] => {
            let a = a.run(m)?;
            let b = b.run(m)?;
            f(m, &[a, b])
        }
        _ => {
            let mut vals = Vec::with_capacity(nodes.len());
            for n in nodes {
                vals.push(n.run(m)?);
            }
            f(m, &vals)
        }
    }
}

/// A kept row called as the general path calls it (`object_member`, `invoke_member`): its arity was checked
/// when it was found, for as many arguments as the node passes.
#[inline]
fn call_row(
    m: &mut Machine<'_>,
    member: &'static Member,
    obj: &Value,
    args: &[Value],
    spans: &[Span],
    span: Span,
) -> Result<Value, EvalError> {
    let site = Site { name: member.name, span, args: spans };
    let v = match (member.f)(m, &site, obj, args) {
        Ok(v) => v,
        Err(e) => return Err(crate::interp::native::member_argument_error(m, e, member, obj, args)),
    };
    m.engine_ok(span)?;
    Ok(v)
}

/// `obj.name(args…)`: the receiver, then the arguments, then the call (`call_expr`'s member call).
#[inline]
pub(super) fn method(
    m: &mut Machine<'_>,
    obj: &Node,
    name: &Ident,
    args: &[Node],
    spans: &[Span],
    span: Span,
    cache: &MemberCache,
) -> Eval<Value> {
    let o = obj.run(m)?;
    match cache.hit(m, &o) {
        Some(member) => with_args(m, args, |m, vals| Ok(call_row(m, member, &o, vals, spans, span)?)),
        None => with_args(m, args, |m, vals| Ok(cache.general(m, o, name, vals, spans, span)?)),
    }
}

/// `obj.name` (`eval_member`): a method's function value (`method_value`), else the member called without
/// arguments. A kept row is one `method_value` declines (it was called without arguments, which it accepts).
/// Out of line: inlined, it made `Node::run_other`'s frame larger for every node.
#[inline(never)]
pub(super) fn property(m: &mut Machine<'_>, obj: &Node, name: &Ident, span: Span, cache: &MemberCache) -> Eval<Value> {
    let o = obj.run(m)?;
    if let Some(member) = cache.hit(m, &o) {
        return Ok(call_row(m, member, &o, &[], &[], span)?);
    }
    // A constant read from this same object before: the value it read (the object is kept, so its address
    // names no other object while it is).
    let constant = match &o {
        Value::Object(x) => match &*cache.1.borrow() {
            Some((held, v)) if std::ptr::addr_eq(Rc::as_ptr(held), Rc::as_ptr(x)) => return Ok(v.clone()),
            _ => x.constant_member(&name.name).then(|| x.clone()),
        },
        _ => None,
    };
    if let Some(f) = method_value(&o, name) {
        return Ok(f);
    }
    let v = cache.general(m, o, name, &[], &[], span)?;
    if let Some(x) = constant {
        *cache.1.borrow_mut() = Some((x, v.clone()));
    }
    Ok(v)
}

//! `Name(args…)` where `Name` is no local and no top-level name the compiler knows ([`Node::ClassCall`]): in a
//! method, the class of `this` named in its own method (`Position(grid Updated {…})` in a position's
//! `Options`, `Position(g)` in its `Decomposition`) builds its object at once. The question `this_name` asks
//! at every such call (is the name a variable of `this`, a captured variable, the class itself?) is answered
//! once per node and class ([`own_class`]: only what can change from frame to frame is checked again), and a
//! single argument is moved into the object (`Machine::construct_one`: the lean construction, its type check
//! a comparison of the argument's type name). Every other frame, name or class takes the general call
//! (`call.rs`'s `call_node`), which decides as before.
//!
//! [`Node::ClassCall`]: super::tree::Node::ClassCall

use super::super::classes::{own_class, OwnClassCache};
use super::super::machine::*;
use super::member::with_args;
use super::tree::{ClassCall, Node};
use std::cell::Cell;

/// The node of `name(args…)` for a callee `callee` compiled to a [`Node::Var`] (a name the resolver gave no
/// slot); any other callee keeps the general [`Node::Call`].
pub(super) fn class_call(callee: Node, args: Vec<Node>, spans: Vec<Span>, span: Span) -> Node {
    let (name, slot) = match &callee {
        Node::Var { name, slot, .. } => (name.clone(), slot.clone()),
        _ => return Node::Call { callee: Box::new(callee), name: Name::from(""), args, spans, span },
    };
    Node::ClassCall(Box::new(ClassCall {
        callee,
        name,
        slot,
        at: Cell::new(0),
        args,
        spans,
        span,
        cache: OwnClassCache::default(),
    }))
}

impl ClassCall {
    /// The argument nodes (`build.rs`'s `call_taking` moves a local out of its slot into one).
    pub(super) fn args_mut(&mut self) -> &mut Vec<Node> {
        &mut self.args
    }

    /// `call_expr`'s value: the object when the name is the class of `this` (as `call_node` builds it), else
    /// the general call.
    #[inline]
    pub(super) fn run(&self, m: &mut Machine<'_>) -> Eval<Value> {
        if let Some(r) = self.own(m) {
            return r;
        }
        super::call::call_node(m, &self.callee, &self.name, &self.args, &self.spans, self.span)
    }

    /// The object, when the name is the class of `this` as [`own_class`] finds it; `None`: the general call
    /// decides (`run`'s, or an inlined call's: `inline.rs` wraps a `ClassCall` whose callee may be a function).
    #[inline]
    pub(super) fn own(&self, m: &mut Machine<'_>) -> Option<Eval<Value>> {
        let class = own_class(&m.locals, &self.name, &self.slot, &self.at, &self.cache)?;
        Some(match &self.args[..] {
            [a] => a.run(m).and_then(|a| Ok(m.construct_one(class, a, self.span)?)),
            args => with_args(m, args, |m, vals| Ok(m.construct(class, vals, self.span)?)),
        })
    }

    /// The call's parts as the general call takes them: the callee, its name, the arguments, their spans, the
    /// call's span.
    pub(super) fn parts(&self) -> (&Node, &Name, &[Node], &[Span], Span) {
        (&self.callee, &self.name, &self.args, &self.spans, self.span)
    }
}

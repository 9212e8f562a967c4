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

use super::super::classes::{own_class, OwnClassCache, UserClass};
use super::super::machine::*;
use super::member::with_args;
use super::tree::{ClassCall, Node};
use crate::interp::model::types::FieldsHook;
use std::cell::Cell;

/// The class call `[C(e) for …]` builds its elements with, when the element `elem` is one (a
/// [`Node::ClassCall`], or one `inline.rs` wraps).
pub(super) fn fields_element(elem: &Node) -> Option<&ClassCall> {
    match elem {
        Node::ClassCall(c) => Some(c),
        Node::Inline(i) => match &i.call {
            Node::ClassCall(c) => Some(c),
            _ => None,
        },
        _ => None,
    }
}

impl Machine<'_> {
    /// Calls the hook `call` of the class front's state `state` (a user object) for the memo in fields mode:
    /// the comprehension that is the hook's value (see `build.rs`'s `mark_result`), when it builds objects of
    /// the state's class by the lean construction, answers their variables, not the objects. `Ok((v, true))`:
    /// `v` is a list of such variables. Only the hook's own frame (the next frame entered) is in fields mode,
    /// and only once; the mode of an enclosing call is restored after it.
    pub fn hook_fields(
        &mut self,
        state: &Value,
        call: impl FnOnce(&mut Self) -> Result<Value, EvalError>,
    ) -> Result<(Value, bool), EvalError> {
        let Some(obj) = super::super::classes::user_object(state) else { return call(self).map(|v| (v, false)) };
        let class = Rc::as_ptr(&obj.class) as *const () as usize;
        let outer =
            std::mem::replace(&mut self.fields_hook, FieldsHook { depth: self.depth + 1, class, answered: false });
        let r = call(self);
        let answered = std::mem::replace(&mut self.fields_hook, outer).answered;
        r.map(|v| (v, answered))
    }

    /// Whether the running frame is a hook's frame in fields mode (see [`Machine::hook_fields`]).
    #[inline]
    pub(super) fn in_fields_mode(&self) -> bool {
        self.fields_hook.depth == self.depth
    }

    /// Ends fields mode with a list of variables as the hook's answer (`identity`: the list the identity map
    /// ranged over).
    pub(super) fn fields_answered(&mut self, identity: bool) {
        self.fields_hook = FieldsHook { depth: usize::MAX, class: self.fields_hook.class, answered: true };
        #[cfg(test)]
        ANSWERS.with(|a| {
            let (n, i) = a.get();
            a.set((n + 1, i + usize::from(identity)));
        });
        let _ = identity;
    }

    /// How many hooks answered in fields in this thread so far, and how many of them by the identity map (for
    /// the tests).
    #[cfg(test)]
    pub fn fields_answers() -> (usize, usize) {
        ANSWERS.with(Cell::get)
    }
}

#[cfg(test)]
thread_local! {
    /// See [`Machine::fields_answers`].
    static ANSWERS: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
}

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

    /// The argument nodes.
    pub(super) fn args(&self) -> &[Node] {
        &self.args
    }

    /// The class of `this` the call builds an object of ([`own_class`], as [`ClassCall::own`] asks it), when
    /// that is the class of the state of the front's call in fields mode (`m.fields_hook.class`).
    #[inline]
    pub(super) fn fields_class(&self, m: &Machine<'_>) -> Option<&Rc<UserClass>> {
        let class = own_class(&m.locals, &self.name, &self.slot, &self.at, &self.cache)?;
        (Rc::as_ptr(class) as *const () as usize == m.fields_hook.class).then_some(class)
    }

    /// The call's parts as the general call takes them: the callee, its name, the arguments, their spans, the
    /// call's span.
    pub(super) fn parts(&self) -> (&Node, &Name, &[Node], &[Span], Span) {
        (&self.callee, &self.name, &self.args, &self.spans, self.span)
    }
}

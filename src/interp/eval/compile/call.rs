//! Calls from compiled code (`call_expr` without named arguments, then `call_closure_named` and
//! `call_resolved`): a script function with a resolved frame and plain parameters gets each argument evaluated
//! straight into its parameter's slot, with no argument vector between and no copy of a value; and call frames
//! are reused from call to call.

use super::super::classes::{this_name, ThisName};
use super::super::machine::*;
use super::global::unbound_here;
use super::member::with_args;
use super::tree::Node;
use crate::interp::env::clear_slot;
use crate::interp::model::types::MethodFrame;
use crate::syntax::ast::{self, Layout};

impl<'a> Machine<'a> {
    /// The frame of a call of `c`, a resolved function of `layout` (`Locals::for_resolved_call`, or
    /// `Locals::for_method_call` with `method`), set up in place in a finished frame's box when there is one:
    /// the running frame and this one are then swapped as pointers, no frame is moved, and the body's scopes
    /// open in that frame's buffers without allocating.
    #[inline]
    pub(in crate::interp::eval) fn resolved_frame(
        &mut self,
        c: &Closure,
        layout: &Rc<Layout>,
        slots: Vec<Option<Value>>,
        method: Option<MethodFrame>,
    ) -> Box<Locals> {
        match self.spare_frames.pop() {
            Some(mut spare) => {
                // A frame kept by [`call`] keeps its slot vector: kept too, for the next call.
                let own = spare.take_slots();
                if own.capacity() > 0 {
                    self.recycle_slots(own);
                } else {
                    // Nothing allocated: nothing to free.
                    std::mem::forget(own);
                }
                spare.enter_resolved_call(c.captured.clone(), layout.clone(), slots, method);
                spare
            }
            None => Box::new(match method {
                Some(m) => Locals::for_method_call(c.captured.clone(), layout.clone(), slots, m),
                None => Locals::for_resolved_call(c.captured.clone(), layout.clone(), slots),
            }),
        }
    }

    /// Runs a call of `c` (a resolved function of `layout`) in `frame`, a kept frame (`spare_frames`) whose
    /// slots are open and bound (`frames::open_slots`, then the parameters): entered (`enter_frame`: depth and
    /// limits, else the frame is kept and the error returned), the body run in the frame and the frame kept.
    /// The running frame and this one are swapped as pointers; nothing is allocated.
    #[inline]
    pub(in crate::interp::eval) fn run_kept_frame(
        &mut self,
        mut frame: Box<Locals>,
        c: &Closure,
        layout: &Rc<Layout>,
        span: Span,
    ) -> Result<Eval<Value>, EvalError> {
        self.depth += 1;
        if let Err(e) = self.check_limits(span) {
            self.depth -= 1;
            self.keep_frame(frame);
            return Err(e);
        }
        frame.enter_call_in_place(c.captured.clone(), layout.clone());
        std::mem::swap(&mut self.locals, &mut frame);
        let r = self.run_body(&c.def, layout);
        std::mem::swap(&mut self.locals, &mut frame);
        self.keep_frame(frame);
        self.depth -= 1;
        Ok(r)
    }

    /// Keeps a finished frame of [`call`] (emptied in place, its slot vector with it) for the next calls. The
    /// slots are emptied but kept, as many as the call had: a next call of a function with as many slots opens
    /// them without writing them (`frames::open_slots`).
    #[inline]
    pub(in crate::interp::eval) fn keep_frame(&mut self, mut frame: Box<Locals>) {
        if self.spare_frames.len() < 64 {
            let mut slots = frame.take_slots();
            // A machine integer, a Boolean or `Nothing` (most of a frame's slots) is dropped without a call.
            slots.iter_mut().for_each(clear_slot);
            frame.empty_for_reuse();
            frame.slots = slots;
            self.spare_frames.push(frame);
        }
    }

    /// Keeps a finished call's frame (emptied in place) and its slot vector for the next calls.
    #[inline]
    pub(in crate::interp::eval) fn finish_frame(&mut self, mut frame: Box<Locals>) {
        self.recycle_slots(frame.take_slots());
        self.keep_frame(frame);
    }
}

/// `f(args…)`, positional arguments only, `f` not a member (`call_expr` without named arguments; the
/// [`Node::Call`] node). The class of `this` named in its own method (`Position(…)` in a position's `Options`)
/// builds its object as calling the class would; that needs a method frame, so elsewhere the callee is only
/// run. Out of line: [`Node::run_other`] stays small.
#[inline(never)]
pub(super) fn call_node(
    m: &mut Machine<'_>,
    callee: &Node,
    name: &str,
    args: &[Node],
    spans: &[Span],
    span: Span,
) -> Eval<Value> {
    let f = match callee {
        Node::Var { name, slot, at, .. } if m.locals.method_this().is_some() => {
            match this_name(&m.locals, name, slot, at) {
                ThisName::OwnClass(c) if c.facts().constructs => {
                    let c = c.clone();
                    return with_args(m, args, |m, vals| Ok(m.construct(&c, vals, span)?));
                }
                _ => callee.run(m)?,
            }
        }
        _ => match known_function(m, callee) {
            // The global function the callee's cache holds (`_KonaneJumps`): called without reading the callee
            // through `Node::run` or copying its value.
            Some(func) => match direct_fn(m, &func, args, span) {
                Some(r) => return r,
                None => Value::Function(func),
            },
            None => callee.run(m)?,
        },
    };
    if let Some(r) = direct(m, &f, args, span) {
        return r;
    }
    let site = Site { name, span, args: spans };
    with_args(m, args, |m, vals| Ok(m.call_value(&f, vals, &site)?))
}

/// The function a callee [`Node::Var`] reads now from its cache, when it is one: a name the frame cannot bind
/// (`Locals::sees_captured_then_globals`, no slot), and the cache's value found under the global tables'
/// present stamps and this frame's captured scope, which is what `GlobalCache::var` then answers (`None`: any
/// other case, the callee is then run).
#[inline]
pub(super) fn known_function(m: &Machine<'_>, callee: &Node) -> Option<Rc<Function>> {
    let Node::Var { slot, global, .. } = callee else { return None };
    if !unbound_here(m, slot) {
        return None;
    }
    match &*global.current(m)? {
        Value::Function(f) => Some(f.clone()),
        _ => None,
    }
}

/// `f(args…)` when `f` is a script function with a resolved frame whose parameters are as many as the
/// arguments, none optional, typed or `...`: the call, its arguments evaluated in order into their slots
/// (`None`, nothing evaluated, for any other callee; the general call then runs).
#[inline]
pub(super) fn direct(m: &mut Machine<'_>, f: &Value, args: &[Node], span: Span) -> Option<Eval<Value>> {
    let Value::Function(func) = f else { return None };
    direct_fn(m, func, args, span)
}

/// [`direct`] for the function `func`.
#[inline]
pub(super) fn direct_fn(m: &mut Machine<'_>, func: &Rc<Function>, args: &[Node], span: Span) -> Option<Eval<Value>> {
    let Function::Closure(c) = &**func else { return None };
    let params = &c.def.params;
    if params.len() != args.len() || !params.iter().all(ast::Param::is_plain) {
        return None;
    }
    let layout = c.def.layout()?;
    Some(call(m, func, c, layout, args, span))
}

/// [`direct`]'s call (`call_closure_named`, `call_resolved` and `enter_frame` for plain parameters, with the
/// same errors, frames and limits), in a preallocated frame: a finished call's frame, kept with its slot
/// vector, into whose slots the arguments are evaluated straight (no vector between, no frame or vector
/// allocated). A local, a moved local or a literal argument is read without a call ([`Node::fetch`]).
fn call(
    m: &mut Machine<'_>,
    func: &Rc<Function>,
    c: &Closure,
    layout: &Rc<Layout>,
    args: &[Node],
    span: Span,
) -> Eval<Value> {
    let mut frame = m.spare_frames.pop().unwrap_or_default();
    super::super::frames::open_slots(&mut frame.slots, func, c, layout);
    for (&s, a) in layout.params.iter().zip(args) {
        match a.fetch(m) {
            Ok(v) => frame.slots[s as usize] = Some(v),
            Err(e) => {
                m.keep_frame(frame);
                return Err(e);
            }
        }
    }
    let r = m.run_kept_frame(frame, c, layout, span)?;
    Ok(m.call_result(r, func, span)?)
}

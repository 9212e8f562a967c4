//! Calls from compiled code (`call_expr` without named arguments, then `call_closure_named` and
//! `call_resolved`): a script function with a resolved frame and plain parameters gets each argument evaluated
//! straight into its parameter's slot, with no argument vector between and no copy of a value; and call frames
//! are reused from call to call.

use super::super::machine::*;
use super::tree::Node;
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
                spare.enter_resolved_call(c.captured.clone(), layout.clone(), slots, method);
                spare
            }
            None => Box::new(match method {
                Some(m) => Locals::for_method_call(c.captured.clone(), layout.clone(), slots, m),
                None => Locals::for_resolved_call(c.captured.clone(), layout.clone(), slots),
            }),
        }
    }

    /// Keeps a finished call's frame (emptied in place) and its slot vector for the next calls.
    #[inline]
    pub(in crate::interp::eval) fn finish_frame(&mut self, mut frame: Box<Locals>) {
        self.recycle_slots(frame.take_slots());
        if self.spare_frames.len() < 64 {
            frame.empty_for_reuse();
            self.spare_frames.push(frame);
        }
    }
}

/// `f(args…)` when `f` is a script function with a resolved frame whose parameters are as many as the
/// arguments, none optional, typed or `...`: the call, its arguments evaluated in order into their slots
/// (`None`, nothing evaluated, for any other callee; the general call then runs).
#[inline]
pub(super) fn direct(m: &mut Machine<'_>, f: &Value, args: &[Node], span: Span) -> Option<Eval<Value>> {
    let Value::Function(func) = f else { return None };
    let Function::Closure(c) = &**func else { return None };
    let params = &c.def.params;
    if params.len() != args.len() || !params.iter().all(ast::Param::is_plain) {
        return None;
    }
    let layout = c.def.layout()?;
    Some(call(m, func, c, layout, args, span))
}

/// [`direct`]'s call (`call_closure_named` and `call_resolved` for plain parameters, with the same errors,
/// frames and limits).
fn call(
    m: &mut Machine<'_>,
    func: &Rc<Function>,
    c: &Closure,
    layout: &Rc<Layout>,
    args: &[Node],
    span: Span,
) -> Eval<Value> {
    let sees_itself = super::super::calls::sees_itself(c);
    let mut slots = m.spare_slots.pop().unwrap_or_default();
    slots.resize_with(layout.names.len(), || None);
    if sees_itself && layout.self_slot != NO_SLOT {
        slots[layout.self_slot as usize] = Some(Value::Function(func.clone()));
    }
    for (&s, a) in layout.params.iter().zip(args) {
        match a.run(m) {
            Ok(v) => slots[s as usize] = Some(v),
            Err(e) => {
                m.recycle_slots(slots);
                return Err(e);
            }
        }
    }
    let r = m.enter_frame(c, layout, slots, None, span)?;
    Ok(m.call_result(r, func, span)?)
}

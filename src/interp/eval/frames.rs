//! Calls of script functions (`call_closure_named`): the parameters bound, the frame entered (depth and
//! limits), the body run and the frame kept for the next call. Split from `calls.rs`, which keeps the call
//! expressions, members and indexing.

use super::calls::check_plain_count;
use super::classes;
use super::machine::*;
use crate::interp::env::MethodFrame;
use crate::syntax::ast::{self, Layout};

impl<'a> Machine<'a> {
    pub(super) fn call_closure(
        &mut self,
        func: &Rc<Function>,
        c: &Closure,
        args: &[Value],
        span: Span,
    ) -> Result<Value, EvalError> {
        self.call_closure_named(func, c, args, &[], span)
    }

    /// Calls a script function with positional and named arguments (CGSuite's rules): positional arguments
    /// fill the parameters in order (a `xs...` parameter takes the rest as a list), each named argument one
    /// parameter not filled yet; an omitted optional parameter gets its default, evaluated at the call with
    /// the captured variables and the parameters before it in scope.
    pub(super) fn call_closure_named(
        &mut self,
        func: &Rc<Function>,
        c: &Closure,
        args: &[Value],
        named: &[(Ident, Value)],
        span: Span,
    ) -> Result<Value, EvalError> {
        let params = &c.def.params;
        let plain = named.is_empty() && params.iter().all(ast::Param::is_plain);
        if plain {
            check_plain_count(params, args.len(), span)?;
        }
        if let Some(layout) = c.def.layout() {
            return self.call_resolved(func, c, layout, plain, args, named, span);
        }
        let sees_itself = sees_itself(c);
        let mut scope = LocalScope::with_capacity(params.len() + 8);
        if let (Some(name), true) = (&c.def.name, sees_itself) {
            scope.insert(name.name.clone(), Value::Function(func.clone()));
        }
        // The arguments are bound (and defaults evaluated) before the call counts as entered: a binding error is
        // reported at the call, without a frame of the function.
        if plain {
            for (p, a) in params.iter().zip(args) {
                scope.insert(p.name.name.clone(), a.clone());
            }
        } else {
            let saved = std::mem::replace(&mut *self.locals, Locals::for_call(c.captured.clone(), scope.clone()));
            let bound = self.bind_params(c, args, named, span);
            *self.locals = saved;
            for (k, v) in bound? {
                scope.insert(k, v);
            }
        }
        self.depth += 1;
        if let Err(e) = self.check_limits(span) {
            self.depth -= 1;
            return Err(e);
        }
        let saved = std::mem::replace(&mut *self.locals, Locals::for_call(c.captured.clone(), scope));
        let r = self.eval(&c.def.body);
        *self.locals = saved;
        self.depth -= 1;
        self.call_result(r, func, span)
    }

    /// A call's value, or its error with the call's frame.
    #[inline]
    pub(super) fn call_result(&self, r: Eval<Value>, func: &Rc<Function>, span: Span) -> Result<Value, EvalError> {
        match r {
            Ok(v) | Err(Exit::Return(v)) => Ok(v),
            Err(exit) => Err(self.call_failed(exit, func, span)),
        }
    }

    /// [`Machine::call_result`]'s error: the body's exit with the call's frame.
    #[cold]
    #[inline(never)]
    fn call_failed(&self, exit: Exit, func: &Rc<Function>, span: Span) -> EvalError {
        let mut e = self.escaped(exit);
        e.frames.push(Frame { function: func.name(), call_span: span });
        e
    }

    /// [`Machine::call_closure_named`] for a function with a resolved frame layout: the parameters go straight
    /// to their slots, and the slot vector is reused from call to call. Plain parameters are bound in a kept
    /// frame's own slots (`Machine::run_kept_frame`, as compiled calls do).
    #[allow(clippy::too_many_arguments)]
    fn call_resolved(
        &mut self,
        func: &Rc<Function>,
        c: &Closure,
        layout: &Rc<Layout>,
        plain: bool,
        args: &[Value],
        named: &[(Ident, Value)],
        span: Span,
    ) -> Result<Value, EvalError> {
        if plain {
            let mut frame = self.spare_frames.pop().unwrap_or_default();
            open_slots(&mut frame.slots, func, c, layout);
            for (&s, a) in layout.params.iter().zip(args) {
                frame.slots[s as usize] = Some(a.clone());
            }
            let r = self.run_kept_frame(frame, c, layout, span)?;
            return self.call_result(r, func, span);
        }
        let mut slots = self.spare_slots.pop().unwrap_or_default();
        slots.resize_with(layout.names.len(), || None);
        if layout.binds_self && sees_itself(c) {
            slots[layout.self_slot as usize] = Some(Value::Function(func.clone()));
        }
        match self.run_in_frame(c, layout, slots, None, plain, args, named, span) {
            Ok(r) => self.call_result(r, func, span),
            Err(e) => Err(e),
        }
    }

    /// Runs `c`'s body in a frame of `layout` (`slots` holds what the caller put there already): binds the
    /// arguments (straight into their slots when `plain`, else by [`Machine::bind_params`]), enters the call
    /// (depth and limits), runs the body and keeps the frame for the next call. `method` is a method call's
    /// receiver (`classes/call.rs`). An error before the call is entered is the outer `Err`; the body's exit is
    /// the inner result.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn run_in_frame(
        &mut self,
        c: &Closure,
        layout: &Rc<Layout>,
        mut slots: Vec<Option<Value>>,
        method: Option<MethodFrame>,
        plain: bool,
        args: &[Value],
        named: &[(Ident, Value)],
        span: Span,
    ) -> Result<Eval<Value>, EvalError> {
        if plain {
            for (&s, a) in layout.params.iter().zip(args) {
                slots[s as usize] = Some(a.clone());
            }
        } else {
            let frame = match &method {
                Some(m) => Locals::for_method_call(c.captured.clone(), layout.clone(), slots, m.clone()),
                None => Locals::for_resolved_call(c.captured.clone(), layout.clone(), slots),
            };
            let saved = std::mem::replace(&mut *self.locals, frame);
            let bound = self.bind_params(c, args, named, span);
            let mut frame = std::mem::replace(&mut *self.locals, saved);
            slots = frame.take_slots();
            if let Err(e) = bound {
                self.recycle_slots(slots);
                return Err(e);
            }
        }
        self.enter_frame(c, layout, slots, method, span)
    }

    /// Enters a call whose `slots` are bound (depth and limits, else the slots are kept and the error returned),
    /// runs `c`'s body in a frame of `layout` (a method frame when `method` is given) and keeps the frame for
    /// the next call.
    #[inline]
    pub(super) fn enter_frame(
        &mut self,
        c: &Closure,
        layout: &Rc<Layout>,
        slots: Vec<Option<Value>>,
        method: Option<MethodFrame>,
        span: Span,
    ) -> Result<Eval<Value>, EvalError> {
        self.depth += 1;
        if let Err(e) = self.check_limits(span) {
            self.depth -= 1;
            self.recycle_slots(slots);
            return Err(e);
        }
        let mut frame = self.resolved_frame(c, layout, slots, method);
        std::mem::swap(&mut self.locals, &mut frame);
        let r = self.run_body(&c.def, layout);
        std::mem::swap(&mut self.locals, &mut frame);
        self.finish_frame(frame);
        self.depth -= 1;
        Ok(r)
    }

    /// Keeps a call's slot vector, emptied, for the next call.
    pub(super) fn recycle_slots(&mut self, mut slots: Vec<Option<Value>>) {
        slots.clear();
        if self.spare_slots.len() < 64 {
            self.spare_slots.push(slots);
        }
    }

    /// The parameters' values for one call (see [`Machine::call_closure_named`]); `self.locals` is the
    /// function's captured scope plus a parameter scope that this fills as it goes, for the defaults.
    pub(super) fn bind_params(
        &mut self,
        c: &Closure,
        args: &[Value],
        named: &[(Ident, Value)],
        span: Span,
    ) -> Result<Vec<(crate::syntax::ast::Name, Value)>, EvalError> {
        let params = &c.def.params;
        let fixed = params.iter().take_while(|p| !p.varargs).count();
        if fixed == params.len() && args.len() > params.len() {
            return Err(EvalError::new(ErrorKind::TooManyArguments { got: args.len(), most: params.len() }, span));
        }
        let mut values: Vec<Option<Value>> = vec![None; params.len()];
        for (i, a) in args.iter().take(fixed).enumerate() {
            values[i] = Some(a.clone());
        }
        if fixed < params.len() {
            let rest: imbl::Vector<Value> = args.iter().skip(fixed).cloned().collect();
            values[fixed] = Some(Value::List(rest.into()));
        }
        for (name, v) in named {
            let Some(i) = params.iter().position(|p| p.name.name == name.name) else {
                let kind = ErrorKind::InvalidParameterName { function: None, name: name.name.to_string() };
                return Err(EvalError::new(kind, name.span));
            };
            if i < args.len().min(fixed) {
                let kind = ErrorKind::NamedShadowsPositional { name: name.name.to_string() };
                return Err(EvalError::new(kind, name.span));
            }
            values[i] = Some(v.clone());
        }
        let mut bound = Vec::with_capacity(params.len());
        for (p, v) in params.iter().zip(values) {
            let v = match v {
                Some(v) => v,
                None if p.optional => match &p.default {
                    Some(d) => match self.eval(d) {
                        Ok(v) => v,
                        Err(exit) => return Err(self.escaped(exit)),
                    },
                    None => Value::Nothing,
                },
                None if p.varargs => Value::List(imbl::Vector::new().into()),
                None => {
                    let kind = ErrorKind::MissingParameter { name: p.name.name.to_string() };
                    return Err(EvalError::new(kind, span));
                }
            };
            if let Some(ty) = &p.ty {
                let ok = match self.is_user_class(&v, &ty.name) {
                    Some(b) => b,
                    None => super::is_class::is_class(self.games, &v, &ty.name) == Some(true),
                };
                if !ok {
                    // A method of a user class (its receiver in the frame): CGSuite 2.2 names it, "(in call to
                    // `examples.C.M`)"; any other function as `closure_argument_class` does.
                    let place = self.locals.method_this().and_then(|t| classes::method_location(t, &c.def));
                    let method = place.as_ref().map(|(class, method)| (class.as_str(), method.as_str()));
                    let kind =
                        crate::interp::native::closure_argument_class(self, &c.def, method, &p.name.name, &v, &ty.name);
                    return Err(EvalError::new(kind, span));
                }
            }
            // A resolved frame binds the parameter's slot (`bound` is then unused).
            match c.def.layout() {
                Some(layout) => self.locals.declare_slot(layout.params[bound.len()], v.clone()),
                None => {
                    let _ = self.locals.declare(p.name.name.clone(), v.clone());
                }
            }
            bound.push((p.name.name.clone(), v));
        }
        Ok(bound)
    }
}

/// Whether a call of `c` binds the function under its own name: a named function sees itself, except a property
/// of a user class, whose name inside its body is the property's value (see `classes::PROPERTY`; a function
/// that captured nothing, as every top-level `def`, has no such name).
#[inline]
pub(super) fn sees_itself(c: &Closure) -> bool {
    c.def.name.as_ref().is_some_and(|name| {
        c.captured.is_empty()
            || !matches!(c.captured.get(classes::PROPERTY), Some(Value::String(p)) if **p == *name.name)
    })
}

/// Opens the slots of a call's frame in `slots`, a kept frame's slot vector (every slot empty; as many as
/// its last call had, `Machine::keep_frame`): every slot of `layout` empty, but the function's own slot bound
/// where it sees itself ([`sees_itself`], asked only then) and something can read it (`Layout::binds_self`: the
/// body names the function or defines a function or lambda; else the slot stays empty, as no name in the body
/// reaches it). The self slot is bound before the arguments are evaluated, which cannot see it (they run in
/// the caller's frame).
#[inline(always)]
pub(super) fn open_slots(slots: &mut Vec<Option<Value>>, func: &Rc<Function>, c: &Closure, layout: &Layout) {
    let n = layout.names.len();
    if slots.len() != n {
        slots.resize_with(n, || None);
    }
    if layout.binds_self && sees_itself(c) {
        slots[layout.self_slot as usize] = Some(Value::Function(func.clone()));
    }
}

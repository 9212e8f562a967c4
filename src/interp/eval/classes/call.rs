//! Calling a method of a user object: a method whose layout resolves runs in a frame that holds `this`, without
//! a closure of its own (see [`Machine::call_method_on`]).

use super::types::{class_address, HookBinding, HookPlan};
use super::*;
use crate::syntax::ast;

thread_local! {
    /// The names a method frame binds (shared, so that a call allocates no name).
    static METHOD_NAMES: (Name, Name) = (Rc::from("this"), Rc::from(PROPERTY));
}

impl<'a> Machine<'a> {
    /// A method's answer: its value, or its exit as an error with the method's frame (`name`, or an anonymous
    /// function) at `span`.
    fn method_answer(&mut self, r: Result<Value, Exit>, name: Option<&str>, span: Span) -> Result<Value, EvalError> {
        match r {
            Ok(v) | Err(Exit::Return(v)) => Ok(v),
            Err(exit) => {
                let mut e = self.escaped(exit);
                let function = name.unwrap_or("anonymous function").to_string();
                e.frames.push(crate::interp::error::Frame { function, call_span: span });
                Err(e)
            }
        }
    }

    /// Calls method `def` of `obj` (whose value is `this`): a property is evaluated, a method called with
    /// `args`. A method the resolver gave a frame layout runs in a frame that holds `this` beside the class's
    /// scope (no closure, no copy of the scope with `this` inserted, per call); its own name is left to the
    /// object's members (the same method) unless its body names it. Anything else runs as a closure
    /// ([`method_closure`]).
    pub(super) fn call_method_on(
        &mut self,
        obj: &UserObject,
        this: &Value,
        def: Rc<FunctionDef>,
        property: bool,
        args: &[Value],
        span: Span,
    ) -> Result<Value, EvalError> {
        self.call_method_known(obj, this, def, property, None, args, span)
    }

    /// [`Machine::call_method_on`], told whether the method's name is overloaded in the class when the caller
    /// knows it (`None`: asked here).
    #[allow(clippy::too_many_arguments)]
    fn call_method_known(
        &mut self,
        obj: &UserObject,
        this: &Value,
        def: Rc<FunctionDef>,
        property: bool,
        overloaded: Option<bool>,
        args: &[Value],
        span: Span,
    ) -> Result<Value, EvalError> {
        let layout = match def.layout() {
            Some(l) if !l.self_used && super::super::compile::enabled() => l.clone(),
            _ => return self.call_method(method_closure(obj, this, def, property), property, args, span),
        };
        if property && !args.is_empty() {
            let kind = ErrorKind::ArgumentCount { expected: Arity::Exact(0), got: args.len() };
            return Err(EvalError::new(kind, span));
        }
        let this_name = METHOD_NAMES.with(|n| n.0.clone());
        let hidden = def
            .name
            .as_ref()
            .filter(|n| property || overloaded.unwrap_or_else(|| obj.class.is_overloaded(&n.name, false)))
            .map(|n| (METHOD_NAMES.with(|p| p.1.clone()), Value::String(n.name.clone())));
        let captured = obj.class.scope();
        // The object's variables answer its names before the captured variables when none has the name of
        // `this`, of the property or of a captured variable (`this_name`'s common case).
        let variables_first = variables_first(obj, &this_name, &captured);
        let method =
            crate::interp::env::MethodFrame { this: (this_name, this.clone()), property: hidden, variables_first };
        let params = &def.params;
        let plain = params.iter().all(ast::Param::is_plain) || self.params_pass(obj, &def, &layout, args);
        // As `call_closure_named` checks and binds (the same errors, before the call counts as entered).
        if plain {
            super::super::calls::check_plain_count(params, args.len(), span)?;
        }
        let c = Closure { def, captured };
        let mut slots = self.spare_slots.pop().unwrap_or_default();
        slots.resize_with(layout.names.len(), || None);
        let r = self.run_in_frame(&c, &layout, slots, Some(method), plain, args, &[], span)?;
        let def = c.def;
        self.method_answer(r, def.name.as_ref().map(|n| &*n.name), span)
    }

    /// `this.name(args)` as [`Machine::invoke_member`] answers it, for the ruleset layer's class front, which
    /// asks every position of a class the same members (`Options(player)`, `Decomposition`): the method such
    /// a call picks on an object of the class is decided once per class, name and argument count, and then
    /// called at once, for an object without a variable of that name (no other member of an object comes
    /// before its methods: `Class` and the library's tree members are other names). `name` is the member's
    /// name, interned by the caller (compared by address first); `span` the call's.
    pub fn call_hook(&mut self, this: &Value, name: &Name, args: &[Value], span: Span) -> Result<Value, EvalError> {
        if let Some(obj) = user_object(this) {
            let own = obj.literal.is_some() || obj.cells.is_some() || obj.fields.iter().any(|(n, _)| **n == **name);
            if !own {
                if let Some(plan) = self.hook_def(&obj.class, name, args) {
                    let v = self.call_planned(obj, this, plan, args, span)?;
                    self.engine_ok(span)?;
                    return Ok(v);
                }
            }
        }
        let ident = Ident { name: name.clone(), span };
        self.invoke_member(this.clone(), &ident, args, &[], span)
    }

    /// See [`Machine::call_hook`]: the method `UserObject::member` calls for `name(args)` on an object of
    /// `class` with no variable `name`, when that is the same for every such call with as many arguments (not
    /// `Class`, no nested class of the name, one method of it taking arguments, not `Options` asked without its
    /// player). Kept in the class (`UserClass::hooks`), read there without a borrow.
    #[inline]
    fn hook_def<'c>(&mut self, class: &'c UserClass, name: &Name, args: &[Value]) -> Option<&'c HookPlan> {
        let known = class.hooks.iter().find(|(n, k, _)| *k == args.len() && (Rc::ptr_eq(n, name) || **n == **name));
        match known {
            Some((_, _, plan)) => plan.as_ref(),
            None => self.decide_hook(class, name, args),
        }
    }

    /// [`Machine::hook_def`] the first time a class is asked `name` with as many arguments: decided and kept
    /// (not when the class keeps no more hooks: the general member call then answers).
    #[inline(never)]
    fn decide_hook<'c>(&mut self, class: &'c UserClass, name: &Name, args: &[Value]) -> Option<&'c HookPlan> {
        if class.hooks.is_full() {
            return None;
        }
        let decided = if &**name == "Class" || class.nested(name).is_some() || class.is_overloaded(name, false) {
            None
        } else {
            match self.pick_def(class, name, false, args, Span::default()) {
                Some(Ok((def, property)))
                    if !(args.is_empty() && !property && def.params.iter().any(|p| !p.optional && !p.varargs)) =>
                {
                    let this_name = METHOD_NAMES.with(|n| n.0.clone());
                    let hidden = match (&def.name, property) {
                        (Some(n), true) => Some((METHOD_NAMES.with(|p| p.1.clone()), Value::String(n.name.clone()))),
                        _ => None,
                    };
                    Some(HookPlan {
                        def,
                        property,
                        this_name,
                        hidden,
                        variables_first: Default::default(),
                        binding: Default::default(),
                        closure: Default::default(),
                        frame: Default::default(),
                    })
                }
                _ => None,
            }
        };
        let i = class.hooks.push((name.clone(), args.len(), decided))?;
        class.hooks.get(i)?.2.as_ref()
    }

    /// A hook's method (`plan`) on `obj`, as [`Machine::call_method_known`] calls it (the same frame, binding,
    /// errors and limits), with what that works out per call taken from the plan: whether the object's
    /// variables answer first, and how the arguments bind. A hook's method is no overloaded one (`hook_def`).
    #[inline]
    fn call_planned(
        &mut self,
        obj: &UserObject,
        this: &Value,
        plan: &HookPlan,
        args: &[Value],
        span: Span,
    ) -> Result<Value, EvalError> {
        let def = &plan.def;
        let layout = match def.layout() {
            Some(l) if !l.self_used && super::super::compile::enabled() => l,
            _ => return self.call_method_known(obj, this, def.clone(), plan.property, Some(false), args, span),
        };
        if plan.property && !args.is_empty() {
            let kind = ErrorKind::ArgumentCount { expected: Arity::Exact(0), got: args.len() };
            return Err(EvalError::new(kind, span));
        }
        let c = plan.closure.get_or_init(|| Closure { def: def.clone(), captured: obj.class.scope() });
        let (variables_first, copy_fields) = match plan.variables_first.get() {
            Some(b) => b,
            None => {
                let first = variables_first(obj, &plan.this_name, &c.captured);
                let copy = first && !layout.names_this && obj.cells.is_none() && obj.literal.is_none();
                let b = (first, copy && distinct_names(&obj.fields));
                plan.variables_first.set(Some(b));
                b
            }
        };
        let params = &def.params;
        let binding = plan.binding.get_or_init(|| self.hook_binding(obj, def, layout, args.len()));
        let plain = match binding {
            HookBinding::Plain { counted: true } => true,
            HookBinding::Plain { counted: false } => {
                super::super::calls::check_plain_count(params, args.len(), span)?;
                true
            }
            // One typed parameter (`Options(player as Player)`): its check at once.
            HookBinding::Typed(typed, seen) => match (&params[..], args, &typed[..], &seen[..]) {
                ([p], [a], [Some(short)], [seen]) if p.ty.is_some() => {
                    arg_type_name(a).is_some_and(|name| super::construct::type_is(seen, name, short))
                }
                _ => args.len() == params.len() && typed_pass(params, typed, seen, args),
            },
            HookBinding::General => false,
        };
        let method = || crate::interp::env::MethodFrame {
            this: (plan.this_name.clone(), this.clone()),
            property: plan.hidden.clone(),
            variables_first,
        };
        // The receiver's variables copied into the frame (see `Locals::receiver_fields`): an object a hook is
        // called on has no cells and no enum literal (`call_hook`).
        let copy = copy_fields.then_some(obj);
        if plain {
            if let Some(frame) = plan.frame.0.take() {
                let r = self.run_hook_frame(frame, plan, c, layout, this, method, copy, args, span)?;
                return self.method_answer_of(r, def, span);
            }
        }
        let n = layout.names.len();
        let r = match self.spare_frames.pop() {
            // The arguments bound straight into a kept frame's own slots, and the frame entered in place (as
            // `run_in_frame`'s plain binding and `enter_frame` do, without a slot vector of its own).
            Some(mut frame) if plain => {
                if frame.slots.len() != n {
                    frame.slots.resize_with(n, || None);
                }
                for (&s, a) in layout.params.iter().zip(args) {
                    frame.slots[s as usize] = Some(a.clone());
                }
                self.enter_method_in_place(frame, plan, c, layout, method(), copy, span)?
            }
            spare => {
                if let Some(frame) = spare {
                    self.spare_frames.push(frame);
                }
                let mut slots = self.spare_slots.pop().unwrap_or_default();
                slots.reserve(n);
                for _ in 0..n {
                    slots.push(None);
                }
                self.run_in_frame(c, layout, slots, Some(method()), plain, args, &[], span)?
            }
        };
        self.method_answer_of(r, def, span)
    }

    /// [`Machine::method_answer`] for method `def`: its value at once.
    #[inline(always)]
    fn method_answer_of(&mut self, r: Result<Value, Exit>, def: &FunctionDef, span: Span) -> Result<Value, EvalError> {
        match r {
            Ok(v) | Err(Exit::Return(v)) => Ok(v),
            r => self.method_answer(r, def.name.as_ref().map(|n| &*n.name), span),
        }
    }

    /// A plainly bound call of a hook's method in its kept frame (`plan.frame`, see [`HookFrame`], taken out
    /// by the caller): the arguments bound into their slots, the receiver set with the copy of its variables
    /// when `copy` is it (see `Locals::receiver_fields`), the captured scope at the first call,
    /// the call entered (depth and limits, as [`Machine::enter_frame`]), the body run and the frame emptied
    /// and kept.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn run_hook_frame(
        &mut self,
        mut frame: Box<crate::interp::env::Locals>,
        plan: &HookPlan,
        c: &Closure,
        layout: &Rc<ast::Layout>,
        this: &Value,
        method: impl FnOnce() -> crate::interp::env::MethodFrame,
        copy: Option<&UserObject>,
        args: &[Value],
        span: Span,
    ) -> Result<Result<Value, Exit>, EvalError> {
        for (&s, a) in layout.params.iter().zip(args) {
            frame.slots[s as usize] = Some(a.clone());
        }
        self.depth += 1;
        if let Err(e) = self.check_limits(span) {
            self.depth -= 1;
            frame.vacate(&c.captured);
            plan.frame.0.set(Some(frame));
            return Err(e);
        }
        // The kept frame's receiver part, of this plan: only `this` changes from call to call (`vacate` left
        // `Nothing`), and the captured scope stays (the plan's closure's, unless a call changed it).
        if frame.captured.is_none() {
            frame.captured = Some(c.captured.clone());
        }
        match &mut frame.method {
            Some(m) => crate::interp::env::discard(std::mem::replace(&mut m.this.1, this.clone())),
            None => frame.method = Some(method()),
        }
        if let Some(obj) = copy {
            frame.copy_receiver(class_address(&obj.class), &obj.fields, obj.class.name_kinds.shared());
        }
        std::mem::swap(&mut self.locals, &mut frame);
        let r = self.run_body(&c.def, layout);
        std::mem::swap(&mut self.locals, &mut frame);
        frame.vacate(&c.captured);
        plan.frame.0.set(Some(frame));
        self.depth -= 1;
        Ok(r)
    }

    /// [`Machine::enter_frame`] for a method frame whose slots are open and bound in `frame`, a kept frame
    /// (`spare_frames`): entered (depth and limits, else the frame is kept and the error returned), made the
    /// method's frame in place (`Locals::enter_resolved_call`, with the copy of the receiver's variables when
    /// `copy` is it), the body run in it and the frame kept (its slots emptied, as `finish_frame` empties them).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn enter_method_in_place(
        &mut self,
        mut frame: Box<crate::interp::env::Locals>,
        plan: &HookPlan,
        c: &Closure,
        layout: &Rc<ast::Layout>,
        method: crate::interp::env::MethodFrame,
        copy: Option<&UserObject>,
        span: Span,
    ) -> Result<Result<Value, Exit>, EvalError> {
        self.depth += 1;
        if let Err(e) = self.check_limits(span) {
            self.depth -= 1;
            self.keep_frame(frame);
            return Err(e);
        }
        let slots = frame.take_slots();
        frame.enter_resolved_call(c.captured.clone(), layout.clone(), slots, Some(method));
        if let Some(obj) = copy {
            frame.copy_receiver(class_address(&obj.class), &obj.fields, obj.class.name_kinds.shared());
        }
        std::mem::swap(&mut self.locals, &mut frame);
        let r = self.run_body(&c.def, layout);
        std::mem::swap(&mut self.locals, &mut frame);
        // The hook's own frame from now on, when it has none (a call inside a call of the same hook).
        frame.vacate(&c.captured);
        match plan.frame.0.take() {
            None => plan.frame.0.set(Some(frame)),
            kept => {
                plan.frame.0.set(kept);
                self.keep_frame(frame);
            }
        }
        self.depth -= 1;
        Ok(r)
    }

    /// [`HookPlan::binding`] of method `def` called with `count` arguments (the typed parameters' library
    /// types as [`Machine::params_pass`] decides and keeps them).
    fn hook_binding(
        &mut self,
        obj: &UserObject,
        def: &Rc<FunctionDef>,
        layout: &Rc<ast::Layout>,
        count: usize,
    ) -> HookBinding {
        let params = &def.params;
        if params.iter().all(ast::Param::is_plain) {
            let counted = super::super::calls::check_plain_count(params, count, Span::default()).is_ok();
            return HookBinding::Plain { counted };
        }
        if count != params.len() || params.iter().any(|p| p.optional || p.varargs) {
            return HookBinding::General;
        }
        let typed = self.typed_params(obj, def, layout);
        let seen = typed.iter().map(|_| std::cell::Cell::new(None)).collect();
        HookBinding::Typed(typed, seen)
    }

    /// Whether the arguments of a call of method `def` bind as plain parameters would: one per parameter, none
    /// optional or `...`, and each argument of a typed parameter a value of the library type its `as` class
    /// names (`Left` for `player as Player`), which passes the binding's check at once (`is_class` answers yes
    /// from the value's representation). Whether each `as` class names a user class is decided once per method
    /// of the class, at its first call, where the binding would look the name up (the class's scope, then the
    /// globals), as a constructor's parameters are (docs/LANGUAGE.md §10). Anything else (an argument of
    /// another type included) is bound by `bind_params`, with its errors.
    fn params_pass(
        &mut self,
        obj: &UserObject,
        def: &Rc<FunctionDef>,
        layout: &Rc<ast::Layout>,
        args: &[Value],
    ) -> bool {
        let params = &def.params;
        if args.len() != params.len() || params.iter().any(|p| p.optional || p.varargs) {
            return false;
        }
        let typed = self.typed_params(obj, def, layout);
        typed_pass(params, &typed, &[], args)
    }

    /// [`Machine::method_typed`] of `def`, kept per method of the class.
    fn typed_params(
        &mut self,
        obj: &UserObject,
        def: &Rc<FunctionDef>,
        layout: &Rc<ast::Layout>,
    ) -> super::types::MethodTyped {
        let known = obj.class.method_typed.borrow().iter().find(|(d, _)| Rc::ptr_eq(d, def)).map(|(_, t)| t.clone());
        match known {
            Some(t) => t,
            None => {
                let t = self.method_typed(&obj.class, def, layout);
                obj.class.method_typed.borrow_mut().push((def.clone(), t.clone()));
                t
            }
        }
    }

    /// See [`Machine::params_pass`]: per parameter of `def`, the library type name of its `as` class when the
    /// name is no user class in a frame of the method (`None` for an untyped parameter, a user class, a name a
    /// parameter of the method also has, or a class whose check is not by representation).
    fn method_typed(
        &mut self,
        class: &UserClass,
        def: &FunctionDef,
        layout: &Rc<ast::Layout>,
    ) -> super::types::MethodTyped {
        let slots = vec![None; layout.names.len()];
        let frame = crate::interp::env::Locals::for_resolved_call(class.scope(), layout.clone(), slots);
        let saved = std::mem::replace(&mut self.locals, Box::new(frame));
        let typed = def
            .params
            .iter()
            .map(|p| {
                let ty = p.ty.as_ref()?;
                let short = crate::interp::classes::short_type(&ty.name);
                let shadowed = def.params.iter().any(|q| &*q.name.name == short);
                if shadowed || self.names_user_class(None, &ty.name) {
                    return None;
                }
                super::construct::object_type_name(&ty.name)
            })
            .collect();
        self.locals = saved;
        typed
    }
}

/// The type name a typed parameter's check compares for argument `a` (`None`: a function, which no library
/// type of a typed parameter here takes; see [`typed_pass`]).
#[inline]
fn arg_type_name(a: &Value) -> Option<&'static str> {
    match a {
        Value::Object(o) => Some(o.type_name()),
        Value::Function(_) => None,
        v => Some(v.type_name()),
    }
}

/// `MethodFrame::variables_first` for a method frame of `obj` (`this_name`: the name `this`) whose captured
/// scope is `captured`: the object's variables answer its names before the captured variables when none has
/// the name of `this`, of the property or of a captured variable.
fn variables_first(obj: &UserObject, this_name: &Name, captured: &crate::interp::env::Scope) -> bool {
    obj.fields.iter().all(|(n, _)| **n != **this_name && &**n != PROPERTY)
        && (captured.is_empty() || obj.fields.iter().all(|(n, _)| !captured.contains_key(&**n)))
}

/// Whether no two of an object's variables have the same name (most objects have one).
fn distinct_names(fields: &[(Name, Value)]) -> bool {
    fields.iter().enumerate().all(|(i, (n, _))| fields[i + 1..].iter().all(|(m, _)| **m != **n))
}

/// Whether each argument of a typed parameter is a value of the library type `typed` names for it (see
/// [`Machine::params_pass`]): one argument per parameter. `seen` (one per parameter, or none) keeps the type
/// name text last found equal, compared by address first.
fn typed_pass(
    params: &[ast::Param],
    typed: &[Option<Box<str>>],
    seen: &[std::cell::Cell<Option<&'static str>>],
    args: &[Value],
) -> bool {
    params.iter().zip(args).zip(typed.iter()).enumerate().all(|(i, ((p, a), t))| match (&p.ty, t) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some(_), Some(short)) => {
            let Some(name) = arg_type_name(a) else { return false };
            match seen.get(i) {
                Some(seen) => super::construct::type_is(seen, name, short),
                None => name == &**short,
            }
        }
    })
}

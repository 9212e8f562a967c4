//! Calling a method of a user object: a method whose layout resolves runs in a frame that holds `this`, without
//! a closure of its own (see [`Machine::call_method_on`]).

use super::*;
use crate::syntax::ast;

thread_local! {
    /// The names a method frame binds (shared, so that a call allocates no name).
    static METHOD_NAMES: (Name, Name) = (Rc::from("this"), Rc::from(PROPERTY));
}

impl<'a> Machine<'a> {
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
        let layout = match def.layout() {
            Some(l) if !l.self_used && super::super::compile::enabled() => l.clone(),
            _ => return self.call_method(method_closure(obj, this, def, property), property, args, span),
        };
        if property && !args.is_empty() {
            let kind = ErrorKind::ArgumentCount { expected: Arity::Exact(0), got: args.len() };
            return Err(EvalError::new(kind, span));
        }
        let (this_name, property_name) = METHOD_NAMES.with(|n| n.clone());
        let hidden = def
            .name
            .as_ref()
            .filter(|n| property || obj.class.is_overloaded(&n.name, false))
            .map(|n| (property_name, Value::String(n.name.clone())));
        let method = crate::interp::env::MethodFrame { this: (this_name, this.clone()), property: hidden };
        let params = &def.params;
        let plain = params.iter().all(ast::Param::is_plain);
        // As `call_closure_named` checks and binds (the same errors, before the call counts as entered).
        if plain {
            super::super::calls::check_plain_count(params, args.len(), span)?;
        }
        let c = Closure { def, captured: obj.class.scope() };
        let mut slots = self.spare_slots.pop().unwrap_or_default();
        slots.resize(layout.names.len(), None);
        let r = self.run_in_frame(&c, &layout, slots, Some(method), plain, args, &[], span)?;
        let def = c.def;
        match r {
            Ok(v) | Err(Exit::Return(v)) => Ok(v),
            Err(exit) => {
                let mut e = self.escaped(exit);
                let function = def.name.as_ref().map_or("anonymous function".to_string(), |n| n.name.to_string());
                e.frames.push(crate::interp::error::Frame { function, call_span: span });
                Err(e)
            }
        }
    }
}

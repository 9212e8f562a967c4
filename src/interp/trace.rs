//! The tracer's walk of values ([`Tracer::value`], [`Tracer::values`], [`Tracer::scope`],
//! [`Tracer::function`]): every list, set, map, tuple, closure's captured scope and object a value holds (see
//! `gc.rs`). Apart from `gc.rs` so that the tracer, which objects and extensions take, names no value type.

use super::env::Scope;
use super::gc::Tracer;
use super::value::{Function, Value};
use std::rc::Rc;

impl Tracer {
    /// Reports every game `v` holds; `false` if some object in it cannot say.
    pub fn value(&mut self, v: &Value) -> bool {
        match v {
            Value::Nothing
            | Value::Boolean(_)
            | Value::Integer(_)
            | Value::Rational(_)
            | Value::Infinity(_)
            | Value::String(_)
            | Value::Player(_)
            | Value::Outcome(_)
            | Value::Thermograph(_) => true,
            Value::Game(g) => {
                self.game(*g);
                true
            }
            Value::List(l) => !self.first_visit(&**l as *const _) || l.iter().all(|x| self.value(x)),
            Value::Set(s, _) => s.iter().all(|x| self.value(x)),
            Value::Map(m, _) => m.iter().all(|(k, x)| self.value(k) && self.value(x)),
            Value::Tuple(t) => t.iter().all(|x| self.value(x)),
            Value::Function(f) => self.function(f),
            Value::Object(o) => !self.first_visit(Rc::as_ptr(o)) || o.trace(self),
        }
    }

    /// Reports every game in `values`.
    pub fn values<'v>(&mut self, values: impl IntoIterator<Item = &'v Value>) -> bool {
        values.into_iter().all(|v| self.value(v))
    }

    /// Reports every game a captured scope holds.
    pub fn scope(&mut self, s: &Scope) -> bool {
        s.values().all(|v| self.value(v))
    }

    /// Reports every game a function holds (a closure's captured scope, a method's object).
    pub fn function(&mut self, f: &Rc<Function>) -> bool {
        if !self.first_visit(Rc::as_ptr(f)) {
            return true;
        }
        match &**f {
            Function::Closure(c) => self.scope(&c.captured),
            Function::Native(_) => true,
            Function::Method { obj, .. } => self.value(obj),
        }
    }
}

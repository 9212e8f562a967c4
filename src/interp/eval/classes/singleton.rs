//! The class of a singleton (CGSuite's `singleton class`). The name of a singleton class stands for its one
//! instance and prints as it (`examples.Nim` is `Nim`), so `x.Class` of it is this separate value: the class
//! itself, printed `⟪examples.Nim⟫` and answering `Name` and `QualifiedName` (CGSuite 2.2).

use super::super::machine::*;
use super::types::UserClass;
use crate::interp::object::downcast_ref;
use std::cmp::Ordering;

/// A singleton class as `x.Class` gives it.
#[derive(Debug)]
pub(super) struct SingletonClass(pub(super) Rc<UserClass>);

impl Object for SingletonClass {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        !t.first_visit(Rc::as_ptr(&self.0)) || Object::trace(&*self.0, t)
    }
    fn type_name(&self) -> &'static str {
        "Class"
    }
    fn display(&self, _: &mut Games) -> String {
        format!("\u{27ea}{}\u{27eb}", self.0.qualified_name())
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        downcast_ref::<SingletonClass>(other).map(|o| self.0.id.cmp(&o.0.id))
    }
    fn member(
        &self,
        _: &mut Machine,
        _: &Value,
        name: &str,
        args: &[Value],
        _: &Site,
    ) -> Option<Result<Value, EvalError>> {
        match (name, args) {
            ("Name", []) => Some(Ok(Value::str(&self.0.display_name()))),
            ("QualifiedName", []) => Some(Ok(Value::str(&self.0.qualified_name()))),
            _ => None,
        }
    }
}

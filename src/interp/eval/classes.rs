//! User classes and enums (CGSuite's `classDeclaration` and `enumDeclaration`), `import`, and method values
//! (docs/LANGUAGE.md §10, "User classes").
//!
//! A class declaration makes a [`UserClass`] value bound to the class name. Calling it (`Point(1, 2)`) binds
//! the constructor parameters as CGSuite binds a method's, then evaluates the `var` initializers of the class
//! and its ancestors (root first) in order, each seeing the variables before it: the result is a
//! [`UserObject`], immutable like every cgs value. A method runs as a closure over the scope where the class
//! was declared plus `this`; inside it, a name that is no local is looked up among the object's variables and
//! members before the globals (so `def Norm := x * x + y * y` reads the variables). Enum elements are
//! objects of the enum class with a literal and an ordinal.

use super::machine::*;
use crate::interp::env::Scope;
use crate::interp::object::downcast_ref;
use crate::syntax::ast::{ClassDef, ClassMember, FunctionDef, Name};
use std::cell::{Cell, RefCell};
use std::cmp::Ordering;

pub(super) mod bases;
mod call;
mod construct;
mod decl;
mod names;
mod overload;
mod package;
mod singleton;
pub(super) mod types;

use bases::{library_base, library_chain, library_combine, library_overrides};
pub(in crate::interp::eval) use names::{own_class, this_name, OwnClassCache, ThisName};
pub(super) use package::UserPackage;
pub(super) use types::Cells;
pub(super) use types::{user_object, Shown};
use types::{Fields, Resolution};
pub use types::{UserClass, UserObject};

thread_local! {
    /// The identity of each class declaration (a class declared again is a new class).
    static NEXT_CLASS: Cell<usize> = const { Cell::new(0) };
    /// The names given to [`interned`].
    static NAMES: RefCell<rustc_hash::FxHashSet<Name>> = RefCell::default();
}

/// One shared copy of the name `n`: the names of objects' variables (the constructor's parameters) and of the
/// compiled tree's references that may read them (`grid` in a method) are taken from here, so that a read of a
/// variable of `this` finds it by the names' addresses ([`this_name`]) before comparing their text.
pub(in crate::interp::eval) fn interned(n: &Name) -> Name {
    NAMES.with(|names| {
        let mut names = names.borrow_mut();
        if let Some(x) = names.get(&**n) {
            return x.clone();
        }
        names.insert(n.clone());
        n.clone()
    })
}

/// The members CGSuite's `Object` declares (`Object.cgs`): a class member of that name must be `override`.
const OBJECT_MEMBERS: &[&str] = &["Class", "EnclosingObject", "JavaClass", "ToOutput", "ToString"];

fn script_err(message: String, span: Span) -> EvalError {
    EvalError::new(ErrorKind::Script { message }, span)
}

impl Object for UserClass {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        if let Some(p) = &self.parent {
            if t.first_visit(Rc::as_ptr(p)) && !Object::trace(&**p, t) {
                return false;
            }
        }
        let instance = self.instance.try_borrow().map(|i| i.clone());
        t.scope(&self.captured)
            && t.values(self.statics.iter().map(|(_, v)| v))
            && t.values(&self.enclosing)
            && instance.is_ok_and(|i| t.values(&i))
    }
    fn type_name(&self) -> &'static str {
        "Class"
    }
    /// A class prints `⟪qualified name⟫`; a singleton class stands for its instance and prints as it (CGSuite
    /// 2.2: `examples.Nim` is `Nim`), by its name until the instance is made.
    fn display(&self, games: &mut Games) -> String {
        if self.is_singleton() {
            let instance = self.instance.try_borrow().ok().and_then(|i| i.clone());
            return match instance {
                Some(i) => i.display(games),
                None => self.display_name(),
            };
        }
        format!("\u{27ea}{}\u{27eb}", self.qualified_name())
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        downcast_ref::<UserClass>(other).map(|o| self.id.cmp(&o.id).then_with(|| self.enclosing.cmp(&o.enclosing)))
    }
    fn member(
        &self,
        m: &mut Machine,
        this: &Value,
        name: &str,
        args: &[Value],
        site: &Site,
    ) -> Option<Result<Value, EvalError>> {
        let Value::Object(o) = this else { return None };
        let class = crate::interp::object::downcast_rc::<UserClass>(o)?;
        // A singleton's name stands for its instance, which has no `Name` of its own (CGSuite 2.2).
        if args.is_empty() {
            match name {
                "Name" if !self.is_singleton() => return Some(Ok(Value::str(&self.display_name()))),
                "QualifiedName" if !self.is_singleton() => return Some(Ok(Value::str(&self.qualified_name()))),
                _ => {}
            }
            if let Some(i) = self.def.elements.iter().position(|e| &*e.name == name) {
                return Some(m.enum_element(&class, i, site.span));
            }
            if let Some((_, v)) = self.statics.iter().find(|(n, _)| &**n == name) {
                return Some(Ok(v.clone()));
            }
        }
        if let Some(picked) = m.pick_def(self, name, true, args, site.span) {
            let (def, property) = match picked {
                Ok(d) => d,
                Err(e) => return Some(Err(e)),
            };
            let closure = Closure { def, captured: self.scope() };
            return Some(m.call_method(closure, property, args, site.span));
        }
        // A singleton class answers its instance's members (its own, its nested classes, its library's).
        let answers = self.find_def(name, false).is_some()
            || self.nested(name).is_some()
            || self.declares_var(name)
            || super::game_classes::library_answers(self.library, name);
        if self.is_singleton() && answers {
            let instance = match class.singleton_instance(m, site.span) {
                Ok(v) => v,
                Err(e) => return Some(Err(e)),
            };
            let ident = Ident { name: name.into(), span: site.span };
            return Some(m.invoke_member(instance, &ident, args, site.args, site.span));
        }
        None
    }
    fn dynamic_member_names(&self) -> Vec<String> {
        let mut v: Vec<String> = self.def.elements.iter().map(|e| e.name.to_string()).collect();
        v.extend(self.statics.iter().map(|(n, _)| n.to_string()));
        v
    }
    fn call(&self, m: &mut Machine, this: &Value, args: &[Value], site: &Site) -> Option<Result<Value, EvalError>> {
        let Value::Object(o) = this else { return None };
        let class = crate::interp::object::downcast_rc::<UserClass>(o)?;
        if self.facts().constructs {
            return Some(m.construct(&class, args, site.span));
        }
        if self.is_singleton() && (self.defines("Eval") || self.library.is_some()) {
            // A singleton ruleset is called through its instance (`Clobber("xo")` is its `Eval`).
            return Some(class.singleton_instance(m, site.span).and_then(|i| m.call_value(&i, args, site)));
        }
        // A `static def Eval` that takes the arguments (CGSuite's `Turning(code as String)` beside the
        // constructor `Turning(heapRules as HeapRuleset)`; `CoordinateRuleset(fn)`), else the constructor. The
        // class's own: a subclass is built by its constructor (`FunctionalCoordinateRuleset(fn)`).
        let own_eval = self.def.members.iter().any(|d| {
            matches!(d, ClassMember::Def { modifiers, def, .. }
                if modifiers.iter().any(|m| m.name == "static") && def.name.as_ref().is_some_and(|n| &*n.name == "Eval"))
        });
        if own_eval {
            match m.pick_def(self, "Eval", true, args, site.span) {
                Some(Ok((def, property))) if self.def.params.is_none() || fits_all(m, &def, args) => {
                    let closure = Closure { def, captured: self.scope() };
                    return Some(m.call_method(closure, property, args, site.span));
                }
                Some(Err(e)) if self.def.params.is_none() => return Some(Err(e)),
                _ => {}
            }
        }
        if self.def.params.is_none() {
            // CGSuite 2.2's message for a class without constructor (DeclTest).
            let message = format!("No method `Eval` for class: `{}`", self.name());
            return Some(Err(script_err(message, site.span)));
        }
        Some(m.construct(&class, args, site.span))
    }
}

impl Object for UserObject {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        (!t.first_visit(Rc::as_ptr(&self.class)) || Object::trace(&*self.class, t))
            && t.values(self.fields.iter().map(|(_, v)| v))
            && self.cells.as_ref().is_none_or(|c| t.values(c.borrow().iter().map(|(_, v)| v)))
            && !matches!(&self.shown, Shown::Graph(w) if !t.values(w.iter()))
    }
    fn type_name(&self) -> &'static str {
        "Object"
    }
    fn variables(&self) -> Option<&[(Name, Value)]> {
        Some(&self.fields)
    }
    fn display(&self, games: &mut Games) -> String {
        match &self.shown {
            Shown::Text(s) => return s.clone(),
            Shown::Mutable(s) => return s.borrow().clone(),
            Shown::Grid(map) => {
                if let Some(text) = self.grid_text(map) {
                    return text;
                }
            }
            Shown::EnclosingGrid => {
                if let Some(Value::String(map)) = self.class.enclosing_char_map.get() {
                    if let Some(text) = self.grid_text(map) {
                        return text;
                    }
                }
            }
            Shown::Graph(writers) => {
                if let Some(text) = self.graph_text(games, writers) {
                    return text;
                }
            }
            Shown::Default => {}
        }
        if let Some(literal) = &self.literal {
            return literal.0.to_string();
        }
        // An object of a `mutable class` prints as `C.instance` (CGSuite 2.2), whatever its arguments.
        if self.cells.is_some() {
            return format!("{}.instance", self.class.display_name());
        }
        // CGSuite's default output: the class name and the constructor arguments, optional ones named.
        let mut out = self.class.display_name();
        if let Some(params) = &self.class.def.params {
            out.push('(');
            for (i, (p, (_, a))) in params.iter().zip(&self.fields).enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                if p.optional {
                    out.push_str(&p.name.name);
                    out.push_str(" => ");
                }
                out.push_str(&a.display(games));
            }
            out.push(')');
        }
        out
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let o = downcast_ref::<UserObject>(other)?;
        Some(
            self.class
                .id
                .cmp(&o.class.id)
                .then_with(|| self.class.enclosing.cmp(&o.class.enclosing))
                .then_with(|| self.literal.as_ref().map(|l| l.1).cmp(&o.literal.as_ref().map(|l| l.1)))
                .then_with(|| self.fields.iter().map(|f| &f.1).cmp(o.fields.iter().map(|f| &f.1)))
                // Objects of a mutable class are ordered by identity (a set holding one stays in order when it
                // changes); `==` compares their values now (`binary`).
                .then_with(|| match (&self.cells, &o.cells) {
                    (Some(a), Some(b)) => Rc::as_ptr(a).cmp(&Rc::as_ptr(b)),
                    _ => Ordering::Equal,
                }),
        )
    }
    fn member(
        &self,
        m: &mut Machine,
        this: &Value,
        name: &str,
        args: &[Value],
        site: &Site,
    ) -> Option<Result<Value, EvalError>> {
        if args.is_empty() {
            if let Some(v) = self.own_value(name) {
                return Some(Ok(v));
            }
        }
        if let Some((def, id)) = self.class.nested(name) {
            let class = m.nested_class(this, &def, id, site.span);
            if args.is_empty() {
                return Some(class);
            }
            return Some(class.and_then(|c| m.call_value(&c, args, site)));
        }
        let (def, property) = match m.pick_def(&self.class, name, false, args, site.span) {
            Some(Ok(d)) => d,
            Some(Err(e)) => return Some(Err(e)),
            None => return super::game_classes::library_member(m, self, this, name, args, site),
        };
        if args.is_empty() && !property && def.params.iter().any(|p| !p.optional && !p.varargs) {
            // CGSuite's `Game.Options`: `Options(Left) Concat Options(Right)` for a game declaring `Options(player)`
            // (CGSuite 2.2: `(^).TwistedVariant.Options`).
            if name == "Options" && def.params.len() == 1 && super::game_classes::is_game_class(&self.class) {
                let ident = Ident { name: name.into(), span: site.span };
                let mut all = Vec::new();
                for p in [crate::interp::value::Player::Left, crate::interp::value::Player::Right] {
                    let opts = match m.invoke_member(this.clone(), &ident, &[Value::Player(p)], &[], site.span) {
                        Ok(o) => o,
                        Err(e) => return Some(Err(e)),
                    };
                    all.extend(m.elements(&opts).unwrap_or_default());
                }
                return Some(Ok(crate::interp::native::list(all)));
            }
            if self.class.is_overloaded(name, false) {
                // `obj.Method` of an overloaded method: calling it resolves the overload.
                let name = Ident { name: name.into(), span: site.span };
                return Some(Ok(Value::Function(Rc::new(Function::Method { obj: this.clone(), name }))));
            }
            // `obj.Method` without arguments: the method as a function.
            return Some(Ok(Value::Function(Rc::new(Function::Closure(method_closure(self, this, def, false))))));
        }
        Some(m.call_method_on(self, this, def, property, args, site.span))
    }
    fn dynamic_member_names(&self) -> Vec<String> {
        let mut v: Vec<String> = self.fields.iter().map(|(n, _)| n.to_string()).collect();
        for c in self.class.chain() {
            for mem in &c.def.members {
                if let ClassMember::Def { def, .. } = mem {
                    v.extend(def.name.as_ref().map(|n| n.name.to_string()));
                }
            }
        }
        v
    }
    fn call(&self, m: &mut Machine, this: &Value, args: &[Value], site: &Site) -> Option<Result<Value, EvalError>> {
        if self.class.defines("Eval") {
            let ident = Ident { name: "Eval".into(), span: site.span };
            return Some(m.invoke_member(this.clone(), &ident, args, site.args, site.span));
        }
        super::game_classes::library_eval(m, self, this, args, site)
    }
    fn binary(&self, m: &mut Machine, op: BinOp, a: &Value, b: &Value, span: Span) -> Option<Result<Value, EvalError>> {
        if self.cells.is_some() && matches!(op, BinOp::Eq | BinOp::Ne) {
            // CGSuite 2.2: two objects of a mutable class are `==` when their variables are equal now.
            let same = match (user_object(a), user_object(b)) {
                (Some(x), Some(y)) => x.same_values(y),
                _ => false,
            };
            return Some(Ok(Value::Boolean(same == (op == BinOp::Eq))));
        }
        if !super::game_classes::is_game_class(&self.class) {
            return None;
        }
        m.globals.class_games.and_then(|h| (h.binary)(m, op, a, b, span))
    }
    fn negate(&self, _: &mut Machine, this: &Value, _: Span) -> Option<Result<Value, EvalError>> {
        super::game_classes::is_game_class(&self.class).then(|| Ok(super::game_classes::NegatedGame::value(this)))
    }
    fn to_game(&self, m: &mut Machine, span: Span) -> Option<Result<GameId, EvalError>> {
        if !super::game_classes::is_game_class(&self.class) {
            return None;
        }
        let this = Value::Object(Rc::new(self.clone()));
        Some(m.user_game(&this, span))
    }
    fn is_game(&self) -> bool {
        super::game_classes::is_game_class(&self.class)
    }
}

/// Whether `args` fit the parameters of `def` by count and `as` class.
fn fits_all(m: &mut Machine, def: &FunctionDef, args: &[Value]) -> bool {
    let required = def.params.iter().filter(|p| !p.optional && !p.varargs).count();
    let varargs = def.params.last().is_some_and(|p| p.varargs);
    (required..=if varargs { usize::MAX } else { def.params.len() }).contains(&args.len())
        && def.params.iter().zip(args).all(|(p, a)| {
            p.ty.as_ref().is_none_or(|t| match m.is_user_class(a, &t.name) {
                Some(b) => b,
                None => crate::interp::eval::is_class(m.games, a, &t.name) == Some(true),
            })
        })
}

pub(super) use types::PROPERTY;

/// The closure of method `def` of `obj` (whose value is `this`).
fn method_closure(obj: &UserObject, this: &Value, def: Rc<FunctionDef>, property: bool) -> Closure {
    let mut captured = obj.class.scope();
    captured.insert("this".into(), this.clone());
    // A property's name in its body is its value; an overloaded method's name is the method group, which
    // resolves each call again (`Size(Grid.Parse(s))` inside `Size(s as String)`).
    if let Some(n) = def.name.as_ref().filter(|n| property || obj.class.is_overloaded(&n.name, false)) {
        captured.insert(PROPERTY.into(), Value::String(Rc::from(&*n.name)));
    }
    Closure { def, captured }
}

/// `x.Class` of a user object: its class; of a singleton class (which stands for its instance): the class.
pub(super) fn class_of_user(v: &Value) -> Option<Value> {
    let Value::Object(o) = v else { return None };
    if let Some(class) = crate::interp::object::downcast_rc::<UserClass>(o).filter(|c| c.is_singleton()) {
        return Some(Value::Object(Rc::new(singleton::SingletonClass(class))));
    }
    downcast_ref::<UserObject>(&**o).map(|u| Value::Object(u.class.clone()))
}

/// The qualified name of a user object's class (`examples.Nim.Position`, a script class by its name).
pub(super) fn user_class_name(v: &Value) -> Option<String> {
    let Value::Object(o) = v else { return None };
    if let Some(c) = downcast_ref::<UserClass>(&**o).filter(|c| c.is_singleton()) {
        return Some(c.qualified_name());
    }
    downcast_ref::<UserObject>(&**o).map(|u| u.class.qualified_name())
}

/// `obj.Name` without a call, where `Name` is a native member that needs arguments: the member as a function
/// (`g.Heat`, then `f(1)` is `g.Heat(1)`).
pub(super) fn method_value(obj: &Value, name: &Ident) -> Option<Value> {
    let member = match obj {
        // An object's own table, then the tables of its kind (impartial values, sumbers), then — for a range —
        // the List members it answers on its elements, and for a game-like object (a position, an explicit
        // form) the members of canonical games it answers through its value. A dynamic member (a script
        // ruleset's `def`) is left to the call.
        // The dynamic names are asked last, only when a table has the name: building them allocates (a class's
        // static names, `Symmetry.Flip`, at every evaluation).
        Value::Object(o) => o.members().iter().find(|m| m.name == &*name.name).or_else(|| {
            let find = crate::interp::registry::installed().find_member;
            find(obj, &name.name)
                .or_else(|| {
                    let list = Value::List(imbl::Vector::new().into());
                    crate::interp::object::list_view(obj).and_then(|_| find(&list, &name.name))
                })
                .or_else(|| {
                    let game = Value::Game(crate::game::GameId(0));
                    o.is_game().then(|| find(&game, &name.name)).flatten()
                })
                .filter(|_| !o.dynamic_member_names().iter().any(|n| **n == *name.name))
        }),
        _ => (crate::interp::registry::installed().find_member)(obj, &name.name),
    }?;
    if member.arity.accepts(0) {
        return None;
    }
    Some(Value::Function(Rc::new(Function::Method { obj: obj.clone(), name: name.clone() })))
}

/// The variable `name` of `this` in a method frame (the first thing [`Machine::this_member`] looks for); `None`
/// at once in any other frame, where finding `this` is a search by name that `this_member` makes.
#[inline]
pub(super) fn this_field<'l>(locals: &'l crate::interp::env::Locals, name: &str) -> Option<&'l Value> {
    locals.method_this()?;
    user_object(locals.this_object()?)?.field(name)
}

/// The class declaring the method `def` called on `this` and the method's name, as CGSuite 2.2's errors name
/// a method ("(in call to `examples.Foo.Position.Options`)"): the nearest class from the object's own up its
/// parents whose body declares `def`; `None` when `this` is no user object or no such class declares it.
pub(in crate::interp::eval) fn method_location(this: &Value, def: &Rc<FunctionDef>) -> Option<(String, String)> {
    let mut class = &types::user_object(this)?.class;
    loop {
        let declares =
            class.def.members.iter().any(|m| matches!(m, ClassMember::Def { def: d, .. } if Rc::ptr_eq(d, def)));
        if declares {
            return Some((class.qualified_name(), def.name.as_ref()?.name.to_string()));
        }
        class = class.parent.as_ref()?;
    }
}

impl<'a> Machine<'a> {
    /// Runs a method closure: a property is evaluated, a method called with `args`.
    fn call_method(&mut self, c: Closure, property: bool, args: &[Value], span: Span) -> Result<Value, EvalError> {
        if property && !args.is_empty() {
            let kind = ErrorKind::ArgumentCount { expected: Arity::Exact(0), got: args.len() };
            return Err(EvalError::new(kind, span));
        }
        let func = Rc::new(Function::Closure(c));
        let Function::Closure(c) = &*func else { unreachable!("just built") };
        self.call_closure(&func, c, args, span)
    }

    /// Evaluates `e` with `scope` as the only locals.
    fn eval_in(&mut self, scope: Scope, e: &Expr) -> Result<Value, EvalError> {
        let saved = std::mem::replace(&mut *self.locals, Locals::for_call(scope, LocalScope::new()));
        let r = self.eval(e);
        *self.locals = saved;
        r.map_err(|x| self.escaped(x))
    }

    /// A name inside a method: a variable or member of `this`, else of the objects enclosing its class, nearest
    /// first (`None` outside methods or when none has it).
    pub(super) fn this_member(&mut self, name: &str, span: Span) -> Option<Eval<Value>> {
        // A variable of `this` (the common case), read without taking the object; then what the class's chain
        // and its enclosing objects gave this name before (the same for every object of the class: its variables'
        // names, its declarations and its enclosing object are the class's).
        let start = user_object(self.locals.this_object()?)?;
        if let Some(v) = start.own_value(name) {
            return Some(Ok(v));
        }
        let cacheable = start.literal.is_none();
        let known = start.class.names.borrow().get(name).cloned();
        match known {
            Some(Resolution::Elsewhere) => return None,
            Some(Resolution::Nested { depth, def, id }) => {
                // The class of `this` itself, named inside its own methods (`Position(…)` in a position's
                // `Options`): no walk and no look-up of the enclosing object's nested classes.
                // The class `id` of the object enclosing `this`'s class is that class (the same declaration of
                // the same enclosing object).
                if depth == 1 && id == start.class.id && start.class.enclosing.is_some() {
                    return Some(Ok(Value::Object(start.class.clone())));
                }
                let mut at = self.locals.this_object()?.clone();
                for _ in 0..depth {
                    at = user_object(&at)?.class.enclosing.clone()?;
                }
                return Some(self.nested_class(&at, &def, id, span).map_err(Exit::from));
            }
            None => {}
        }
        let class = start.class.clone();
        let remember = |r: Resolution| {
            if cacheable {
                class.names.borrow_mut().insert(name.into(), r);
            }
        };
        let mut this = self.locals.this_object()?.clone();
        let mut depth: u32 = 0;
        loop {
            let obj = user_object(&this)?;
            if let Some(v) = obj.own_value(name) {
                return Some(Ok(v));
            }
            // A nested class declared nearer than a `def` of the same name wins (a subclass's `class Position`
            // over its base's `def Position`, as CGSuite's graph rulesets have it).
            if obj.class.nested_first(name) {
                if let Some((def, id)) = obj.class.nested(name) {
                    remember(Resolution::Nested { depth, def: def.clone(), id });
                    return Some(self.nested_class(&this, &def, id, span).map_err(Exit::from));
                }
            }
            if obj.class.is_overloaded(name, false) {
                let name = Ident { name: name.into(), span };
                return Some(Ok(Value::Function(Rc::new(Function::Method { obj: this.clone(), name }))));
            }
            if let Some((def, property)) = obj.class.find_def(name, false) {
                if property {
                    return Some(self.call_method_on(obj, &this, def, true, &[], span).map_err(Exit::from));
                }
                let c = method_closure(obj, &this, def, property);
                return Some(Ok(Value::Function(Rc::new(Function::Closure(c)))));
            }
            if let Some((def, id)) = obj.class.nested(name) {
                remember(Resolution::Nested { depth, def: def.clone(), id });
                return Some(self.nested_class(&this, &def, id, span).map_err(Exit::from));
            }
            if super::game_classes::library_answers(obj.class.library, name) {
                let ident = Ident { name: name.into(), span };
                return Some(self.invoke_member(this.clone(), &ident, &[], &[], span).map_err(Exit::from));
            }
            let Some(next) = obj.class.enclosing.clone() else {
                remember(Resolution::Elsewhere);
                return None;
            };
            if user_object(&next).is_none() {
                remember(Resolution::Elsewhere);
                return None;
            }
            this = next;
            depth += 1;
        }
    }

    /// The nested class `def` (identity `id`) of the object `outer`.
    pub(super) fn nested_class(
        &mut self,
        outer: &Value,
        def: &Rc<ClassDef>,
        id: usize,
        span: Span,
    ) -> Result<Value, EvalError> {
        // Built once per enclosing object (positions name their class at every move).
        if let Some(c) = self.globals.extensions.get::<super::game_classes::ClassCaches>().nested(outer, id) {
            return Ok(c);
        }
        let obj = user_object(outer).expect("nested classes belong to user objects");
        let captured = obj.class.scope();
        let class =
            self.build_class(def, captured, Some(outer.clone()), Some(id), span).map_err(|e| self.escaped(e))?;
        let class = Value::Object(Rc::new(class));
        self.globals.extensions.get::<super::game_classes::ClassCaches>().keep_nested(outer, id, &class);
        Ok(class)
    }

    /// `x := e` inside a method where `x` is a variable of `this`: CGSuite's immutable-variable error; the
    /// object's shared cells when `x` is a `mutable var` of a `mutable class` (the assignment writes there).
    pub(super) fn check_not_field(&mut self, target: &Ident) -> Eval<Option<types::Cells>> {
        if self.locals.lookup(&target.name).is_some() {
            return Ok(None);
        }
        let Some(Value::Object(o)) = self.locals.lookup("this") else { return Ok(None) };
        let Some(obj) = downcast_ref::<UserObject>(&**o) else { return Ok(None) };
        if let Some(cells) = obj.cells_of(&target.name) {
            return Ok(Some(cells.clone()));
        }
        if obj.field(&target.name).is_some() {
            let message = format!("Cannot reassign to immutable var: `{}`", target.name);
            return Err(script_err(message, target.span).into());
        }
        Ok(None)
    }

    /// `x := v` in a method, for the `mutable var` `x` of `this` (whose cells are `cells`): every reference to
    /// the object sees `v`, and a printed form its class gives (`ToOutput`) is made again.
    pub(super) fn set_cell(&mut self, cells: &Cells, target: &Ident, v: &Value) -> Eval<()> {
        if let Some(held) = cells.borrow_mut().iter_mut().find(|(n, _)| **n == *target.name) {
            held.1 = v.clone();
        }
        let Some(this) = self.locals.lookup("this").cloned() else { return Ok(()) };
        let Some(obj) = user_object(&this) else { return Ok(()) };
        let (Shown::Mutable(text), Some(printer)) = (&obj.shown, obj.class.facts().printer) else { return Ok(()) };
        let text = text.clone();
        let ident = Ident { name: printer.into(), span: target.span };
        let shown = self.invoke_member(this, &ident, &[], &[], target.span)?;
        *text.borrow_mut() = shown.display_plain(self.games);
        Ok(())
    }

    /// `x is C` for a user class `C` (`None` when `C` is not one).
    pub(super) fn is_user_class(&mut self, v: &Value, ty: &str) -> Option<bool> {
        self.is_user_class_in(None, v, ty)
    }

    /// Whether the global `ty` (a class name after `is`) is no user class and no sibling class file, so that
    /// where no local or captured variable is named `ty`, [`Machine::is_user_class`] asks only
    /// [`Machine::is_library_class_of_user`] (`compile/is_test.rs` remembers this with the global tables'
    /// stamps).
    pub(super) fn global_names_no_user_class(&self, ty: &str) -> bool {
        match self.globals.lookup(crate::interp::classes::short_type(ty)) {
            Some(c @ Value::Object(o)) => downcast_ref::<UserClass>(&**o).is_none() && !package::is_sibling_class(c),
            _ => true,
        }
    }

    /// [`Machine::is_user_class`] with the class names of `scope` (a class's declaring scope) first.
    pub(super) fn is_user_class_in(&mut self, scope: Option<&Scope>, v: &Value, ty: &str) -> Option<bool> {
        if self.is_library_class_of_user(v, ty) {
            return Some(true);
        }
        let c = self.class_named_in(scope, ty)?;
        let Value::Object(c) = c else { return None };
        let class = downcast_ref::<UserClass>(&*c)?;
        Some(match v {
            Value::Object(o) => downcast_ref::<UserObject>(&**o).is_some_and(|u| u.class.is_or_extends(class)),
            _ => false,
        })
    }

    /// Whether `v` is a user object (or a singleton class, which stands for its instance) whose class extends
    /// the library class `ty` (`x as Game`, `TakeOneOrTwo is HeapRuleset`): the first question of
    /// [`Machine::is_user_class`], which needs no name looked up.
    pub(super) fn is_library_class_of_user(&self, v: &Value, ty: &str) -> bool {
        let Value::Object(o) = v else { return false };
        let ty = crate::interp::classes::short_type(ty);
        if let Some(obj) = downcast_ref::<UserObject>(&**o) {
            return library_chain(obj.class.library).contains(&ty);
        }
        downcast_ref::<UserClass>(&**o).is_some_and(|c| c.is_singleton() && library_chain(c.library).contains(&ty))
    }

    /// Whether the class name `ty` names a user class where it is looked up now (the locals, then the globals).
    pub(super) fn names_user_class(&mut self, scope: Option<&Scope>, ty: &str) -> bool {
        matches!(self.class_named_in(scope, ty), Some(Value::Object(c)) if downcast_ref::<UserClass>(&*c).is_some())
    }

    /// What the class name `ty` names where it is looked up now (the locals, then the globals), a sibling class
    /// file of a package read now (`leftRuleset as CoordinateRuleset` in CGSuite's class files).
    pub(super) fn class_named(&mut self, ty: &str) -> Option<Value> {
        self.class_named_in(None, ty)
    }

    /// [`Machine::class_named`] with the names of `scope` first.
    pub(super) fn class_named_in(&mut self, scope: Option<&Scope>, ty: &str) -> Option<Value> {
        let ty = crate::interp::classes::short_type(ty);
        let c = scope
            .and_then(|s| s.get(ty))
            .or_else(|| self.locals.lookup(ty))
            .or_else(|| self.globals.lookup(ty))?
            .clone();
        match package::sibling_class(self, &c, Span::default()) {
            Some(r) => r.ok(),
            None => Some(c),
        }
    }

    /// `import a.b.c` / `import a.b.*`: the name must exist (a package for `.*`); every name of CGSuite's
    /// library is already global in cgs, so nothing is bound.
    pub(super) fn eval_import(&mut self, path: &[Ident], all: bool) -> Eval<Value> {
        let (first, rest) = path.split_first().expect("the grammar gives at least one segment");
        let mut v = self.lookup(&first.name, first.span)?;
        for seg in rest {
            v = self.invoke_member(v, seg, &[], &[], seg.span)?;
        }
        if all && !matches!(&v, Value::Object(o) if o.type_name() == "Package") {
            let last = path.last().expect("nonempty");
            let name: Vec<&str> = path.iter().map(|i| &*i.name).collect();
            let message = format!("Not a package: `{}`", name.join("."));
            return Err(script_err(message, first.span.to(last.span)).into());
        }
        Ok(Value::Nothing)
    }
}

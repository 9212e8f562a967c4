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

use super::*;
use crate::interp::env::Scope;
use crate::interp::object::downcast_ref;
use crate::syntax::ast::{ClassDef, ClassMember, FunctionDef, Name};
use std::cell::Cell;
use std::cmp::Ordering;

thread_local! {
    /// The identity of each class declaration (a class declared again is a new class).
    static NEXT_CLASS: Cell<usize> = const { Cell::new(0) };
}

/// The members CGSuite's `Object` declares (`Object.cgs`): a class member of that name must be `override`.
const OBJECT_MEMBERS: &[&str] = &["Class", "EnclosingObject", "JavaClass", "ToOutput", "ToString"];

/// CGSuite's library classes a user class extends to define a game or a ruleset (its `game` packages).
const LIBRARY_BASES: &[&str] = &[
    "Game",
    "ImpartialGame",
    "NormalPlayGame",
    "Ruleset",
    "ImpartialRuleset",
    "PartizanRuleset",
    "GridRuleset",
    "GridGame",
    "StripRuleset",
    "StripGame",
    "HeapRuleset",
    "CoordinateRuleset",
    "GraphRuleset",
    "GraphGame",
];

/// A class declared by the script.
#[derive(Debug)]
pub struct UserClass {
    def: Rc<ClassDef>,
    parent: Option<Rc<UserClass>>,
    /// The locals visible where the class was declared.
    captured: Scope,
    /// The `static var`s, evaluated when the class was declared.
    statics: Vec<(Name, Value)>,
    id: usize,
}

/// An instance of a [`UserClass`] (or an enum element).
#[derive(Debug)]
pub struct UserObject {
    class: Rc<UserClass>,
    /// The constructor arguments, for the printed form.
    args: Vec<Value>,
    /// The constructor parameters and `var`s of the class and its ancestors, in order.
    fields: Vec<(Name, Value)>,
    /// An enum element's literal and 1-based ordinal.
    literal: Option<(Name, usize)>,
    /// The printed form given by the class's `ToOutput`/`ToString`, if it declares one.
    shown: Option<String>,
}

fn script_err(message: String, span: Span) -> EvalError {
    EvalError::new(ErrorKind::Script { message }, span)
}

impl UserClass {
    fn name(&self) -> &str {
        &self.def.name.name
    }

    /// The `def` named `name` (static or not) of this class or its nearest ancestor declaring it, with whether
    /// it is a property.
    fn find_def(&self, name: &str, statics: bool) -> Option<(Rc<FunctionDef>, bool)> {
        for m in &self.def.members {
            if let ClassMember::Def { modifiers, def, property } = m {
                let is_static = modifiers.iter().any(|m| m.name == "static");
                if is_static == statics && def.name.as_ref().is_some_and(|n| &*n.name == name) {
                    return Some((def.clone(), *property));
                }
            }
        }
        self.parent.as_ref().and_then(|p| p.find_def(name, statics))
    }

    /// The class that declares member `name` (a `def` or a `var`), this one or an ancestor.
    fn declarer(self: &Rc<Self>, name: &str) -> Option<Rc<UserClass>> {
        let own = self.def.members.iter().any(|m| match m {
            ClassMember::Def { def, .. } => def.name.as_ref().is_some_and(|n| &*n.name == name),
            ClassMember::Var { vars, .. } => vars.iter().any(|(n, _)| &*n.name == name),
            ClassMember::Nested(_) => false,
        });
        if own {
            return Some(self.clone());
        }
        self.parent.as_ref().and_then(|p| p.declarer(name))
    }

    /// This class and its ancestors, root first.
    fn chain(self: &Rc<Self>) -> Vec<Rc<UserClass>> {
        let mut v = vec![self.clone()];
        while let Some(p) = v.last().and_then(|c| c.parent.clone()) {
            v.push(p);
        }
        v.reverse();
        v
    }

    fn is_or_extends(&self, other: &UserClass) -> bool {
        self.id == other.id || self.parent.as_ref().is_some_and(|p| p.is_or_extends(other))
    }

    /// The scope a method or initializer of this class runs in: the declaration's locals and the statics.
    fn scope(&self) -> Scope {
        let mut s = self.captured.clone();
        if let Some(p) = &self.parent {
            for (n, v) in &p.statics {
                s.insert(n.clone(), v.clone());
            }
        }
        for (n, v) in &self.statics {
            s.insert(n.clone(), v.clone());
        }
        s
    }
}

impl Object for UserClass {
    fn type_name(&self) -> &'static str {
        "Class"
    }
    fn display(&self, _: &mut Games) -> String {
        format!("\u{27ea}{}\u{27eb}", self.name())
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        downcast_ref::<UserClass>(other).map(|o| self.id.cmp(&o.id))
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
        if args.is_empty() {
            match name {
                "Name" | "QualifiedName" => return Some(Ok(Value::str(self.name()))),
                _ => {}
            }
            if let Some(i) = self.def.elements.iter().position(|e| &*e.name == name) {
                return Some(m.enum_element(&class, i, site.span));
            }
            if let Some((_, v)) = self.statics.iter().find(|(n, _)| &**n == name) {
                return Some(Ok(v.clone()));
            }
        }
        if let Some((def, property)) = self.find_def(name, true) {
            let closure = Closure { def, captured: self.scope() };
            return Some(m.call_method(closure, property, args, site.span));
        }
        // A singleton class answers its instance's members.
        if self.def.modifiers.iter().any(|m| m.name == "singleton") && self.find_def(name, false).is_some() {
            let instance = match m.construct(&class, &[], site.span) {
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
        if self.def.params.is_none() {
            // CGSuite 2.2's message for a class without constructor (DeclTest).
            let message = format!("No method `Eval` for class: `{}`", self.name());
            return Some(Err(script_err(message, site.span)));
        }
        Some(m.construct(&class, args, site.span))
    }
}

impl UserObject {
    fn field(&self, name: &str) -> Option<&Value> {
        self.fields.iter().rev().find(|(n, _)| &**n == name).map(|(_, v)| v)
    }

    /// A variable of the object, or an enum element's `Literal`/`Ordinal`: what `name` is without a method.
    fn own_value(&self, name: &str) -> Option<Value> {
        if let Some(v) = self.field(name) {
            return Some(v.clone());
        }
        let (literal, ordinal) = self.literal.as_ref()?;
        match name {
            "Literal" => Some(Value::str(literal)),
            "Ordinal" => Some(Value::int(*ordinal as i64)),
            _ => None,
        }
    }
}

impl Object for UserObject {
    fn type_name(&self) -> &'static str {
        "Object"
    }
    fn display(&self, games: &mut Games) -> String {
        if let Some(s) = &self.shown {
            return s.clone();
        }
        if let Some((literal, _)) = &self.literal {
            return literal.to_string();
        }
        // CGSuite's default output: the class name and the constructor arguments, optional ones named.
        let mut out = self.class.name().to_string();
        if let Some(params) = &self.class.def.params {
            out.push('(');
            for (i, (p, a)) in params.iter().zip(&self.args).enumerate() {
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
                .then_with(|| self.literal.as_ref().map(|l| l.1).cmp(&o.literal.as_ref().map(|l| l.1)))
                .then_with(|| self.fields.iter().map(|f| &f.1).cmp(o.fields.iter().map(|f| &f.1))),
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
        let (def, property) = self.class.find_def(name, false)?;
        if args.is_empty() && !property && def.params.iter().any(|p| !p.optional && !p.varargs) {
            // `obj.Method` without arguments: the method as a function.
            return Some(Ok(Value::Function(Rc::new(Function::Closure(method_closure(self, this, def, false))))));
        }
        Some(m.call_method(method_closure(self, this, def, property), property, args, site.span))
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
}

/// The name of a hidden local holding the name of the property a closure evaluates: inside a property's body
/// its own name is the property (CGSuite: `def P := P` recurses), not the function.
pub(super) const PROPERTY: &str = "\u{0}property";

/// The closure of method `def` of `obj` (whose value is `this`).
fn method_closure(obj: &UserObject, this: &Value, def: Rc<FunctionDef>, property: bool) -> Closure {
    let mut captured = obj.class.scope();
    captured.insert("this".into(), this.clone());
    if property {
        if let Some(n) = &def.name {
            captured.insert(PROPERTY.into(), Value::String(Rc::from(&*n.name)));
        }
    }
    Closure { def, captured }
}

/// `x.Class` of a user object: its class.
pub(super) fn class_of_user(v: &Value) -> Option<Value> {
    let Value::Object(o) = v else { return None };
    downcast_ref::<UserObject>(&**o).map(|u| Value::Object(u.class.clone()))
}

/// `obj.Name` without a call, where `Name` is a native member that needs arguments: the member as a function
/// (`g.Heat`, then `f(1)` is `g.Heat(1)`).
pub(super) fn method_value(obj: &Value, name: &Ident) -> Option<Value> {
    let member = match obj {
        // An object's own table, then the tables of its kind (impartial values, sumbers), then — for a range —
        // the List members it answers on its elements, and for a game-like object (a position, an explicit
        // form) the members of canonical games it answers through its value. A dynamic member (a script
        // ruleset's `def`) is left to the call.
        Value::Object(o) => o.members().iter().find(|m| m.name == &*name.name).or_else(|| {
            if o.dynamic_member_names().iter().any(|n| **n == *name.name) {
                return None;
            }
            builtins::find_member(obj, &name.name)
                .or_else(|| {
                    let list = Value::List(imbl::Vector::new());
                    builtins::range::as_range(obj).and_then(|_| builtins::find_member(&list, &name.name))
                })
                .or_else(|| {
                    let game = Value::Game(crate::game::GameId(0));
                    o.is_game().then(|| builtins::find_member(&game, &name.name)).flatten()
                })
        }),
        _ => builtins::find_member(obj, &name.name),
    }?;
    if member.arity.accepts(0) {
        return None;
    }
    Some(Value::Function(Rc::new(Function::Method { obj: obj.clone(), name: name.clone() })))
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
        let saved = std::mem::replace(&mut self.locals, Locals::for_call(scope, LocalScope::new()));
        let r = self.eval(e);
        self.locals = saved;
        r.map_err(|x| self.escaped(x))
    }

    /// `Class(args, name => value)` for a user class `f` (`None` when `f` is not one).
    pub(super) fn construct_named(
        &mut self,
        f: &Value,
        args: &[Value],
        named: &[(Ident, Value)],
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        let Value::Object(o) = f else { return None };
        let class = crate::interp::object::downcast_rc::<UserClass>(o)?;
        if class.def.params.is_none() {
            return class.call(self, f, args, &Site { name: "", span, args: &[] });
        }
        Some(self.construct_with(&class, args, named, span))
    }

    /// `Class(args)`: binds the constructor parameters, then evaluates the variables of every class of the
    /// chain, root first.
    fn construct(&mut self, class: &Rc<UserClass>, args: &[Value], span: Span) -> Result<Value, EvalError> {
        self.construct_with(class, args, &[], span)
    }

    fn construct_with(
        &mut self,
        class: &Rc<UserClass>,
        args: &[Value],
        named: &[(Ident, Value)],
        span: Span,
    ) -> Result<Value, EvalError> {
        let params = class.def.params.clone().unwrap_or_default();
        let mut fields: Vec<(Name, Value)> = Vec::new();
        if !params.is_empty() || !args.is_empty() || !named.is_empty() {
            // The parameters are bound by a function whose body is the tuple of their values.
            let items = params.iter().map(|p| Expr { kind: ExprKind::Var(p.name.name.clone()), span }).collect();
            let body = Expr { kind: ExprKind::Tuple(items), span };
            let def = Rc::new(FunctionDef { name: None, params: params.clone(), body, span: class.def.span });
            let c = Closure { def, captured: class.scope() };
            let func = Rc::new(Function::Closure(c));
            let Function::Closure(c) = &*func else { unreachable!("just built") };
            let Value::Tuple(values) = self.call_closure_named(&func, c, args, named, span)? else {
                unreachable!("the body is a tuple")
            };
            fields.extend(params.iter().map(|p| p.name.name.clone()).zip(values.iter().cloned()));
        }
        let args: Vec<Value> = fields.iter().map(|(_, v)| v.clone()).collect();
        self.init_vars(class, &mut fields)?;
        self.finish(class, args, fields, None, span)
    }

    /// Evaluates the instance variables of `class` and its ancestors into `fields`.
    fn init_vars(&mut self, class: &Rc<UserClass>, fields: &mut Vec<(Name, Value)>) -> Result<(), EvalError> {
        for c in class.chain() {
            for m in &c.def.members {
                let ClassMember::Var { modifiers, vars } = m else { continue };
                if modifiers.iter().any(|m| m.name == "static") {
                    continue;
                }
                for (name, init) in vars {
                    let v = match init {
                        Some(e) => {
                            let mut scope = c.scope();
                            for (n, v) in fields.iter() {
                                scope.insert(n.clone(), v.clone());
                            }
                            self.eval_in(scope, e)?
                        }
                        None => Value::Nothing,
                    };
                    fields.push((name.name.clone(), v));
                }
            }
        }
        Ok(())
    }

    /// The object, with its printed form when the class declares `ToOutput` or `ToString`.
    fn finish(
        &mut self,
        class: &Rc<UserClass>,
        args: Vec<Value>,
        fields: Vec<(Name, Value)>,
        literal: Option<(Name, usize)>,
        span: Span,
    ) -> Result<Value, EvalError> {
        let obj = UserObject { class: class.clone(), args, fields, literal, shown: None };
        let printer = ["ToOutput", "ToString"].into_iter().find(|n| class.find_def(n, false).is_some());
        let Some(printer) = printer else {
            return Ok(Value::Object(Rc::new(obj)));
        };
        let this = Value::Object(Rc::new(UserObject {
            class: obj.class.clone(),
            args: obj.args.clone(),
            fields: obj.fields.clone(),
            literal: obj.literal.clone(),
            shown: None,
        }));
        let ident = Ident { name: printer.into(), span };
        let shown = self.invoke_member(this, &ident, &[], &[], span)?;
        let shown = shown.display_plain(self.games);
        Ok(Value::Object(Rc::new(UserObject { shown: Some(shown), ..obj })))
    }

    /// Element `i` of an enum.
    fn enum_element(&mut self, class: &Rc<UserClass>, i: usize, span: Span) -> Result<Value, EvalError> {
        let mut fields = Vec::new();
        self.init_vars(class, &mut fields)?;
        let literal = Some((class.def.elements[i].name.clone(), i + 1));
        self.finish(class, Vec::new(), fields, literal, span)
    }

    /// A name inside a method: a variable or member of `this` (`None` outside methods or when it has none).
    pub(super) fn this_member(&mut self, name: &str, span: Span) -> Option<Eval<Value>> {
        let this = self.locals.lookup("this")?.clone();
        let Value::Object(o) = &this else { return None };
        let obj = downcast_ref::<UserObject>(&**o)?;
        if let Some(v) = obj.own_value(name) {
            return Some(Ok(v));
        }
        let (def, property) = obj.class.find_def(name, false)?;
        let c = method_closure(obj, &this, def, property);
        if property {
            return Some(self.call_method(c, true, &[], span).map_err(Exit::from));
        }
        Some(Ok(Value::Function(Rc::new(Function::Closure(c)))))
    }

    /// `x := e` inside a method where `x` is a variable of `this`: CGSuite's immutable-variable error.
    pub(super) fn check_not_field(&mut self, target: &Ident) -> Eval<()> {
        if self.locals.lookup(&target.name).is_some() {
            return Ok(());
        }
        let Some(Value::Object(o)) = self.locals.lookup("this") else { return Ok(()) };
        let Some(obj) = downcast_ref::<UserObject>(&**o) else { return Ok(()) };
        if obj.field(&target.name).is_some() {
            let message = format!("Cannot reassign to immutable var: `{}`", target.name);
            return Err(script_err(message, target.span).into());
        }
        Ok(())
    }

    /// `x is C` for a user class `C` (`None` when `C` is not one).
    pub(super) fn is_user_class(&mut self, v: &Value, ty: &str) -> Option<bool> {
        let c = self.locals.lookup(ty).or_else(|| self.globals.lookup(ty))?;
        let Value::Object(c) = c else { return None };
        let class = downcast_ref::<UserClass>(&**c)?;
        Some(match v {
            Value::Object(o) => downcast_ref::<UserObject>(&**o).is_some_and(|u| u.class.is_or_extends(class)),
            _ => false,
        })
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

    /// `class … end` / `enum … end`: checks the declaration as CGSuite does, then binds the class name.
    pub(super) fn eval_class(&mut self, def: &Rc<ClassDef>, span: Span) -> Eval<Value> {
        let name = &def.name.name;
        let fail = |message: String, at: Span| -> Eval<Value> { Err(script_err(message, at).into()) };
        if let Some(m) = def.modifiers.iter().find(|m| m.name == "mutable") {
            return fail(
                format!("cgs does not support `mutable` classes (its values are immutable): `{name}`"),
                m.span,
            );
        }
        let singleton = def.modifiers.iter().any(|m| m.name == "singleton");
        if singleton && def.params.is_some() {
            return fail(format!("Class `{name}` must not have a constructor if declared `singleton`"), def.name.span);
        }
        if let Some(ps) = &def.params {
            check_params(
                self,
                &FunctionDef { name: None, params: ps.clone(), body: Expr { kind: ExprKind::Nothing, span }, span },
            )?;
        }
        // The `extends` clause: `Object`, or one user class without constructor parameters.
        let mut parent: Option<Rc<UserClass>> = None;
        for path in &def.extends {
            let text: Vec<&str> = path.iter().map(|i| &*i.name).collect();
            let text = text.join(".");
            let at = path[0].span.to(path[path.len() - 1].span);
            if LIBRARY_BASES.contains(&&*path[path.len() - 1].name) {
                let message = format!(
                    "cgs does not support classes that extend CGSuite's `{text}` yet (write a `ruleset` for a game, \
                     docs/LANGUAGE.md §6)"
                );
                return fail(message, at);
            }
            let mut v = self.lookup(&path[0].name, path[0].span);
            for seg in &path[1..] {
                v = v.and_then(|v| self.invoke_member(v, seg, &[], &[], seg.span).map_err(Exit::from));
            }
            let Ok(Value::Object(o)) = v else {
                return fail(format!("Unknown class in extends clause: `{text}`"), at);
            };
            if let Some(p) = crate::interp::object::downcast_rc::<UserClass>(&o) {
                if p.def.modifiers.iter().any(|m| m.name == "singleton") {
                    return fail(format!("Class `{name}` may not extend singleton class `{}`", p.name()), at);
                }
                if p.def.is_enum {
                    return fail(format!("Class `{name}` may not extend enum `{}`", p.name()), at);
                }
                if p.def.params.as_ref().is_some_and(|ps| !ps.is_empty()) {
                    let message = format!(
                        "cgs does not support extending a class with constructor parameters yet: `{}`",
                        p.name()
                    );
                    return fail(message, at);
                }
                if parent.is_some() {
                    return fail("cgs supports one user class in an `extends` clause".to_string(), at);
                }
                parent = Some(p);
            } else if o.type_name() == "Class" && o.display(self.games) == "\u{27ea}cgsuite.lang.Object\u{27eb}" {
                // `extends Object` is what every class does.
                continue;
            } else if o.type_name() == "Class" || o.type_name() == "Ruleset" {
                let message = format!(
                    "cgs does not support classes that extend CGSuite's `{text}` yet (write a `ruleset` for a game, \
                     docs/LANGUAGE.md §6)"
                );
                return fail(message, at);
            } else {
                return fail(format!("Unknown class in extends clause: `{text}`"), at);
            }
        }
        // Declarations: duplicates, `override`, immutable variables (CGSuite's messages).
        let mut seen_defs: Vec<(&str, bool)> = Vec::new();
        let mut seen_vars: Vec<&str> = Vec::new();
        for m in &def.members {
            match m {
                ClassMember::Def { modifiers, def: f, .. } => {
                    let Some(n) = &f.name else { continue };
                    let is_static = modifiers.iter().any(|m| m.name == "static");
                    if seen_defs.contains(&(&*n.name, is_static)) {
                        return fail(format!("Method `{name}.{}` is declared twice", n.name), n.span);
                    }
                    if seen_vars.contains(&&*n.name) || def.elements.iter().any(|e| e.name == n.name) {
                        return fail(format!("Duplicate symbol `{}` in class `{name}`", n.name), n.span);
                    }
                    seen_defs.push((&n.name, is_static));
                    let over = modifiers.iter().any(|m| m.name == "override");
                    let inherited = match parent.as_ref().and_then(|p| p.declarer(&n.name)) {
                        Some(p) => Some(format!("{}.{}", p.name(), n.name)),
                        None if OBJECT_MEMBERS.contains(&&*n.name) => Some(format!("cgsuite.lang.Object.{}", n.name)),
                        None if def.is_enum && matches!(&*n.name, "Literal" | "Ordinal") => {
                            Some(format!("cgsuite.lang.Enum.{}", n.name))
                        }
                        None => None,
                    };
                    match (over, inherited) {
                        (false, Some(p)) => {
                            let message = format!(
                                "Method `{name}.{}` must be declared with `override`, since it overrides `{p}`",
                                n.name
                            );
                            return fail(message, n.span);
                        }
                        (true, None) => return fail(format!("Method `{name}.{}` overrides nothing", n.name), n.span),
                        _ => {}
                    }
                    check_params(self, f)?;
                }
                ClassMember::Var { modifiers, vars } => {
                    let is_static = modifiers.iter().any(|m| m.name == "static");
                    for (n, init) in vars {
                        if let Some(m) = modifiers.iter().find(|m| m.name == "mutable") {
                            let message =
                                format!("Class `{name}` is immutable, but variable `{}` is declared `mutable`", n.name);
                            return fail(message, m.span);
                        }
                        if init.is_none() && !is_static {
                            let message = format!(
                                "Immutable variable `{}` must be assigned a value (or else declared `mutable`)",
                                n.name
                            );
                            return fail(message, n.span);
                        }
                        if seen_vars.contains(&&*n.name) {
                            let message = format!("Variable `{}` is declared twice in class `{name}`", n.name);
                            return fail(message, n.span);
                        }
                        if seen_defs.iter().any(|(d, _)| *d == &*n.name)
                            || def.params.iter().flatten().any(|p| p.name.name == n.name)
                        {
                            return fail(format!("Duplicate symbol `{}` in class `{name}`", n.name), n.span);
                        }
                        seen_vars.push(&n.name);
                    }
                }
                ClassMember::Nested(at) => return fail("cgs does not support nested classes yet".to_string(), *at),
            }
        }
        let id = NEXT_CLASS.with(|c| {
            c.set(c.get() + 1);
            c.get()
        });
        let mut class =
            UserClass { def: def.clone(), parent, captured: self.locals.capture(), statics: Vec::new(), id };
        // Static variables, in order, each seeing those before it.
        for m in &def.members {
            let ClassMember::Var { modifiers, vars } = m else { continue };
            if !modifiers.iter().any(|m| m.name == "static") {
                continue;
            }
            for (n, init) in vars {
                let v = match init {
                    Some(e) => self.eval_in(class.scope(), e)?,
                    None => Value::Nothing,
                };
                class.statics.push((n.name.clone(), v));
            }
        }
        self.declare(name.clone(), Value::Object(Rc::new(class)));
        Ok(Value::Nothing)
    }
}

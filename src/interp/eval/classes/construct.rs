//! Constructing user objects: `Class(args)` and `Class(args, name => value)` bind the constructor's parameters,
//! evaluate the variables of every class of the chain (root first) and make the printed form; enum elements.

use super::types::Lean;
use super::*;

impl<'a> Machine<'a> {
    /// `Class(args, name => value)` for a user class `f` (`None` when `f` is not one).
    pub(in crate::interp::eval) fn construct_named(
        &mut self,
        f: &Value,
        args: &[Value],
        named: &[(Ident, Value)],
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        // A class of a sibling class file, read now (`GenHackenbush(childishEdges => …)` in CGSuite's
        // `game/graph/constants.cgs`).
        if let Some(c) = super::package::sibling_class(self, f, span) {
            return match c {
                Ok(c) => self.construct_named(&c, args, named, span),
                Err(e) => Some(Err(e)),
            };
        }
        let Value::Object(o) = f else { return None };
        let class = crate::interp::object::downcast_rc::<UserClass>(o)?;
        if class.def.params.is_none() {
            return class.call(self, f, args, &Site { name: "", span, args: &[] });
        }
        Some(self.construct_with(&class, args, named, span))
    }

    /// `Class(args)`: binds the constructor parameters, then evaluates the variables of every class of the
    /// chain, root first.
    pub(in crate::interp::eval) fn construct(
        &mut self,
        class: &Rc<UserClass>,
        args: &[Value],
        span: Span,
    ) -> Result<Value, EvalError> {
        // The lean construction in line (a position of a game class, built at every option), the general
        // path out of line.
        if let Some(r) = self.construct_lean(class, args) {
            return r;
        }
        self.construct_general(class, args, &[], span)
    }

    pub(super) fn construct_with(
        &mut self,
        class: &Rc<UserClass>,
        args: &[Value],
        named: &[(Ident, Value)],
        span: Span,
    ) -> Result<Value, EvalError> {
        if named.is_empty() {
            if let Some(r) = self.construct_lean(class, args) {
                return r;
            }
        }
        self.construct_general(class, args, named, span)
    }

    /// [`Machine::construct_with`] past the lean construction.
    #[inline(never)]
    fn construct_general(
        &mut self,
        class: &Rc<UserClass>,
        args: &[Value],
        named: &[(Ident, Value)],
        span: Span,
    ) -> Result<Value, EvalError> {
        let params: &[crate::syntax::ast::Param] = class.def.params.as_deref().unwrap_or_default();
        let facts = class.facts();
        let mut fields = Fields::new();
        let direct = named.is_empty() && args.len() == params.len() && params.iter().all(|p| !p.optional && !p.varargs);
        if direct && !params.is_empty() {
            // One argument per parameter, none named: bound here, each checked against its `as` class as the
            // binder would (the same error, at the call), with the binder's check of Ctrl-C and memory.
            // Whether each `as` class names a user class is decided once per class, at its first construction
            // (docs/LANGUAGE.md §10): a parameter typed by a library class (`grid as Grid`) is then checked
            // without looking its class's name up at every position built.
            self.check_limits(span)?;
            // The class names of the class's declaring scope come first (a sibling class file of a package).
            let scope = class.package.get().is_some().then(|| class.captured.clone());
            if class.library_typed.get().is_none() {
                let typed = params
                    .iter()
                    .map(|p| match &p.ty {
                        Some(ty) if !self.names_user_class(scope.as_ref(), &ty.name) => {
                            (true, object_type_name(&ty.name))
                        }
                        _ => (false, None),
                    })
                    .collect();
                let _ = class.library_typed.set(typed);
            }
            let library_typed = class.library_typed.get().map_or(&[][..], |t| &t[..]);
            let names =
                class.param_names.get_or_init(|| params.iter().map(|p| super::interned(&p.name.name)).collect());
            for (i, ((p, a), name)) in params.iter().zip(args).zip(names.iter()).enumerate() {
                if let Some(ty) = &p.ty {
                    let typed = library_typed.get(i);
                    // An object of the library type itself (a `Grid` for `grid as Grid`): `is_class` answers yes
                    // from its representation, and no user object or class has a library type's name.
                    if let (Some((true, Some(short))), Value::Object(o)) = (typed, a) {
                        if o.type_name() == &**short {
                            fields.push((name.clone(), a.clone()));
                            continue;
                        }
                    }
                    let user = if typed.is_some_and(|t| t.0) {
                        self.is_library_class_of_user(a, &ty.name).then_some(true)
                    } else {
                        self.is_user_class_in(scope.as_ref(), a, &ty.name)
                    };
                    let ok = match user {
                        Some(b) => b,
                        None => crate::interp::eval::is_class(self.games, a, &ty.name) == Some(true),
                    };
                    if !ok {
                        // CGSuite 2.2 names the class: "(in call to `examples.C` constructor)".
                        let kind = crate::interp::native::typed_argument_class(
                            self,
                            &p.name.name,
                            a,
                            &ty.name,
                            crate::interp::error::Callee::Constructor(&class.qualified_name()),
                        );
                        return Err(EvalError::new(kind, span));
                    }
                }
                fields.push((name.clone(), a.clone()));
            }
        } else if !params.is_empty() || !args.is_empty() || !named.is_empty() {
            // The parameters are bound by a function whose body is the tuple of their values (one per class).
            let func = class
                .binder
                .get_or_init(|| {
                    let items = params
                        .iter()
                        .map(|p| Expr { kind: ExprKind::Var(p.name.name.clone(), Default::default()), span })
                        .collect();
                    let body = Expr { kind: ExprKind::Tuple(items), span };
                    let def = Rc::new(FunctionDef::new(None, params.to_vec(), body, class.def.span));
                    Rc::new(Function::Closure(Closure { def, captured: class.scope() }))
                })
                .clone();
            let Function::Closure(c) = &*func else { unreachable!("a closure") };
            let bound = self.call_closure_named(&func, c, args, named, span);
            // CGSuite names the class: "(in call to `C` constructor)".
            let bound = bound
                .map_err(|e| crate::interp::native::constructor_binding_error(e, &class.qualified_name(), named, span));
            let Value::Tuple(values) = bound? else { unreachable!("the body is a tuple") };
            fields.extend(params.iter().map(|p| p.name.name.clone()).zip(values.iter().cloned()));
        }
        if facts.has_vars {
            self.init_vars(class, &mut fields)?;
        }
        self.finish(class, fields, None, span)
    }

    /// `Class(args)` for a class whose objects are their constructor's arguments ([`Lean`]): the object as
    /// [`Machine::construct_with`] and [`Machine::finish`] make it, from the decisions the general path took
    /// at the class's first construction; `None` (nothing done) when the class or an argument is not of that
    /// form, for the general path (which gives the errors).
    #[inline]
    fn construct_lean(&mut self, class: &Rc<UserClass>, args: &[Value]) -> Option<Result<Value, EvalError>> {
        let shown = self.lean_shown(class, args)?;
        // No check of Ctrl-C and memory here (the general path's binder checks): building runs none of the
        // script's code and calls nothing, and whatever builds objects again and again (a loop, a
        // comprehension's clause, a call) checks at each step.
        let names = class.param_names.get()?;
        let fields = match (args, &names[..]) {
            ([a], [n]) => Fields::One([(n.clone(), a.clone())]),
            _ => Fields::Many(names.iter().cloned().zip(args.iter().cloned()).collect()),
        };
        let obj = UserObject { class: class.clone(), fields, literal: None, shown, cells: None };
        Some(Ok(Value::Object(Rc::new(obj))))
    }

    /// `Class(a)` of one argument, moved into the object when the lean construction builds it (a compiled
    /// `Position(grid Updated {…})` in a position's method, `compile/fields.rs`); otherwise
    /// [`Machine::construct`] (with its errors).
    #[inline]
    pub(in crate::interp::eval) fn construct_one(
        &mut self,
        class: &Rc<UserClass>,
        a: Value,
        span: Span,
    ) -> Result<Value, EvalError> {
        let args = std::slice::from_ref(&a);
        let Some(shown) = self.lean_shown(class, args) else { return self.construct(class, args, span) };
        let fields = match class.param_names.get().map(|n| &n[..]) {
            Some([n]) => Fields::One([(n.clone(), a)]),
            _ => return self.construct(class, args, span),
        };
        let obj = UserObject { class: class.clone(), fields, literal: None, shown, cells: None };
        Ok(Value::Object(Rc::new(obj)))
    }

    /// Whether [`Machine::construct_one`] builds its object of `a` by the lean construction (one parameter, the
    /// lean check passes): then the object is `a` with its class, and the class front's fields mode may keep
    /// `a` alone (`compile/fields.rs`).
    #[inline]
    pub(in crate::interp::eval) fn lean_takes(&mut self, class: &Rc<UserClass>, a: &Value) -> bool {
        matches!(class.param_names.get().map(|n| n.len()), Some(1))
            && self.lean_shown(class, std::slice::from_ref(a)).is_some()
    }

    /// Whether `a` is of the type whose values [`Machine::lean_takes`] takes at once for `class` (a grid of
    /// integers of the type that passed before: `lean_shown`'s first check), for a class whose one parameter
    /// `lean_takes` has seen pass. `false` says nothing: ask `lean_takes`.
    #[inline]
    pub(in crate::interp::eval) fn lean_passes_at_once(class: &UserClass, a: &Value) -> bool {
        let Value::Object(o) = a else { return false };
        let Some(Some(lean)) = class.lean.get() else { return false };
        let any: &dyn std::any::Any = &**o;
        lean.passed.get() == Some(any.type_id())
    }

    /// The object of the class of the user object `like` built of `a`, as the class call `C(a)` in its method
    /// builds it ([`Machine::construct_one`]): the class front's state of a variable its hook answered in fields
    /// mode.
    pub fn construct_like(&mut self, like: &Value, a: Value, span: Span) -> Result<Value, EvalError> {
        match user_object(like) {
            Some(obj) => {
                let class = obj.class.clone();
                self.construct_one(&class, a, span)
            }
            None => Err(EvalError::new(ErrorKind::Internal { what: "a state that is no object".into() }, span)),
        }
    }

    /// The printed form of the object the lean construction builds of `args` (see [`Machine::construct_lean`]),
    /// `None` when it does not build one.
    #[inline]
    fn lean_shown(&mut self, class: &Rc<UserClass>, args: &[Value]) -> Option<Shown> {
        let lean = class.lean.get().or_else(|| {
            // Decided once the general path has decided the parameters' `as` classes.
            let typed = class.library_typed.get()?;
            Some(class.lean.get_or_init(|| lean_plan(class, typed)))
        })?;
        let lean = lean.as_ref()?;
        // A grid of integers of the type that passed before (see `Lean::passed`).
        if let ([Value::Object(o)], Some(t)) = (args, lean.passed.get()) {
            let any: &dyn std::any::Any = &**o;
            if any.type_id() == t {
                return Some(Shown::EnclosingGrid);
            }
        }
        if args.len() != lean.types.len() {
            return None;
        }
        for ((ty, seen), a) in lean.types.iter().zip(&lean.seen).zip(args) {
            match (ty, a) {
                (None, _) => {}
                (Some(short), Value::Object(o)) if type_is(seen, o.type_name(), short) => {}
                _ => return None,
            }
        }
        let shown = match lean.grid {
            None => Shown::Default,
            Some(i) => {
                // `library_output`'s common case: a position on a grid of integers printed through the
                // `CharMap` of the ruleset enclosing the class.
                let board = &args[i];
                match class.enclosing_char_map.get() {
                    Some(Value::String(_))
                        if (lean.grid_typed || matches!(board, Value::Object(o) if o.type_name() == "Grid"))
                            && !(self.globals.library.is_grid)(board) =>
                    {
                        // Kept for a grid of integers alone: its type's name is always `Grid` (a type whose
                        // name depends on the value is never kept).
                        if let (true, [Value::Object(o)]) = (lean.grid_typed, args) {
                            if (self.globals.library.num_grid_cell)(board, 1, 1).is_some() {
                                let any: &dyn std::any::Any = &**o;
                                lean.passed.set(Some(any.type_id()));
                            }
                        }
                        Shown::EnclosingGrid
                    }
                    _ => return None,
                }
            }
        };
        Some(shown)
    }

    /// Evaluates the instance variables of `class` and its ancestors into `fields`.
    pub(super) fn init_vars(&mut self, class: &Rc<UserClass>, fields: &mut Fields) -> Result<(), EvalError> {
        // Outside game classes, the initializers see the object built so far as `this`, so its `def`s
        // (CGSuite's `constants`: `var FibonacciNim := TakeAway(2)` beside `def TakeAway(…)`); a position of a
        // game class is built too often to make that object for each initializer.
        let sees_defs = !class.facts().game;
        for c in class.chain() {
            for m in &c.def.members {
                if let ClassMember::Init(e) = m {
                    let mut scope = c.scope();
                    for (n, v) in fields.iter() {
                        scope.insert(n.clone(), v.clone());
                    }
                    if sees_defs {
                        scope.insert("this".into(), provisional(class, fields));
                    }
                    self.eval_in(scope, e)?;
                    continue;
                }
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
                            if sees_defs {
                                scope.insert("this".into(), provisional(class, fields));
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
    pub(super) fn finish(
        &mut self,
        class: &Rc<UserClass>,
        fields: Fields,
        literal: Option<(Name, usize)>,
        span: Span,
    ) -> Result<Value, EvalError> {
        // A `mutable class` keeps its `mutable var`s in cells that every reference to the object shares.
        let (fields, cells) = if class.is_mutable() { split_cells(class, fields) } else { (fields, None) };
        let literal = literal.map(Rc::new);
        let obj = UserObject { class: class.clone(), fields, literal, shown: Shown::Default, cells };
        let Some(printer) = class.facts().printer else {
            // A grid or strip game prints as CGSuite's `GridGame.ToOutput`: `Clobber.Position("xo")`.
            let shown = self.library_output(&obj, span)?;
            return Ok(Value::Object(Rc::new(UserObject { shown, ..obj })));
        };
        let this = Value::Object(Rc::new(UserObject {
            class: obj.class.clone(),
            fields: obj.fields.clone(),
            literal: obj.literal.clone(),
            shown: Shown::Default,
            cells: obj.cells.clone(),
        }));
        let ident = Ident { name: printer.into(), span };
        let shown = self.invoke_member(this, &ident, &[], &[], span)?;
        let shown = shown.display_plain(self.games);
        let shown = match obj.cells {
            Some(_) => Shown::Mutable(Rc::new(RefCell::new(shown))),
            None => Shown::Text(shown),
        };
        Ok(Value::Object(Rc::new(UserObject { shown, ..obj })))
    }

    /// Element `i` of an enum.
    pub(super) fn enum_element(&mut self, class: &Rc<UserClass>, i: usize, span: Span) -> Result<Value, EvalError> {
        let mut fields = Fields::new();
        self.init_vars(class, &mut fields)?;
        let literal = Some((class.def.elements[i].name.clone(), i + 1));
        self.finish(class, fields, literal, span)
    }
}

/// [`UserClass::lean`] of `class`, whose parameters' `as` classes were decided as `typed`: `None` unless the
/// general path makes an object of exactly the arguments, with the default printed form or a grid game's.
fn lean_plan(class: &UserClass, typed: &super::types::LibraryTyped) -> Option<Lean> {
    let params = class.def.params.as_deref()?;
    let facts = class.facts();
    if params.is_empty()
        || params.len() != typed.len()
        || facts.has_vars
        || facts.printer.is_some()
        || facts.graph
        || class.is_mutable()
        || params.iter().any(|p| p.optional || p.varargs)
    {
        return None;
    }
    let types = params
        .iter()
        .zip(typed.iter())
        .map(|(p, t)| match (&p.ty, t) {
            (None, _) => Some(None),
            (Some(_), (true, Some(short))) => Some(Some(short.clone())),
            _ => None,
        })
        .collect::<Option<Box<[_]>>>()?;
    let grid = match facts.board {
        false => None,
        // `library_output` reads the first variable named `grid`; without one, or with the class's own
        // `CharMap`, the general path decides.
        true if facts.own_char_map => return None,
        true => Some(params.iter().position(|p| &*p.name.name == "grid")?),
    };
    let grid_typed = grid.is_some_and(|i| matches!(types.get(i), Some(Some(t)) if &**t == "Grid"));
    let seen = types.iter().map(|_| Cell::new(None)).collect();
    Some(Lean { types, seen, grid, grid_typed, passed: Cell::new(None) })
}

/// Whether `name`, an argument's `Object::type_name`, is `short` (a [`Lean`] type): the name last found equal
/// to it (`seen`) is compared by address first, since a library type's name is one static text.
#[inline(always)]
pub(super) fn type_is(seen: &Cell<Option<&'static str>>, name: &'static str, short: &str) -> bool {
    if seen.get().is_some_and(|s| std::ptr::eq(s, name)) {
        return true;
    }
    let same = name == short;
    if same {
        seen.set(Some(name));
    }
    same
}

/// The object of `class` with the variables set so far, as `this` of a variable's initializer.
fn provisional(class: &Rc<UserClass>, fields: &Fields) -> Value {
    let fields = fields.clone();
    Value::Object(Rc::new(UserObject {
        class: class.clone(),
        fields,
        literal: None,
        shown: Shown::Default,
        cells: None,
    }))
}

/// The variables of an object of a `mutable class`: its `mutable var`s moved out of `fields` into shared cells.
fn split_cells(class: &Rc<UserClass>, fields: Fields) -> (Fields, Option<super::types::Cells>) {
    let names = class.mutable_vars();
    let mut kept = Fields::new();
    let mut cells = Vec::new();
    for (n, v) in fields.iter() {
        if names.contains(n) {
            cells.push((n.clone(), v.clone()));
        } else {
            kept.push((n.clone(), v.clone()));
        }
    }
    (kept, Some(Rc::new(RefCell::new(cells))))
}

/// The type name (`Object::type_name`) of a library object that is of the class `ty` as `is_class` decides it
/// (its representation's name is the class's short name): `None` for a name `is_class` answers otherwise (a
/// nested name, a library ruleset class, the names of user objects and classes).
pub(super) fn object_type_name(ty: &str) -> Option<Box<str>> {
    let short = crate::interp::classes::short_type(ty);
    let special = short.contains('.')
        || matches!(short, "Object" | "Class" | "Package")
        || crate::interp::eval::is_class::is_ruleset_class(short);
    (!special).then(|| short.into())
}

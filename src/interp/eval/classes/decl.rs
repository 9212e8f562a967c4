//! Class declarations: CGSuite's checks of a `class … end` / `enum … end` (its `DeclTest` messages) and the
//! building of the class, top-level or nested.

use super::super::calls::check_params;
use super::*;

impl<'a> Machine<'a> {
    /// `class … end` / `enum … end`: checks the declaration as CGSuite does, then binds the class name.
    pub(in crate::interp::eval) fn eval_class(&mut self, def: &Rc<ClassDef>, span: Span) -> Eval<Value> {
        let captured = self.locals.capture();
        let class = self.build_class(def, captured, None, None, span)?;
        self.declare(def.name.name.clone(), Value::Object(Rc::new(class)));
        Ok(Value::Nothing)
    }

    /// Checks a class declaration as CGSuite does and builds the class: `captured` is the scope its methods see,
    /// `enclosing` the object whose nested class it is, `id` its identity (fresh when `None`).
    pub(in crate::interp::eval) fn build_class(
        &mut self,
        def: &Rc<ClassDef>,
        captured: Scope,
        enclosing: Option<Value>,
        id: Option<usize>,
        span: Span,
    ) -> Eval<UserClass> {
        let name = &def.name.name;
        let fail = |message: String, at: Span| -> Eval<UserClass> { Err(script_err(message, at).into()) };
        let mutable_class = def.modifiers.iter().any(|m| m.name == "mutable");
        let singleton = def.modifiers.iter().any(|m| m.name == "singleton");
        if singleton && def.params.is_some() {
            return fail(format!("Class `{name}` must not have a constructor if declared `singleton`"), def.name.span);
        }
        if let Some(ps) = &def.params {
            check_params(self, &FunctionDef::new(None, ps.clone(), Expr { kind: ExprKind::Nothing, span }, span))?;
        }
        // The `extends` clause: `Object`, CGSuite's game and ruleset classes, or one user class without
        // constructor parameters.
        let mut parent: Option<Rc<UserClass>> = None;
        let mut library: Option<&'static str> = None;
        for path in &def.extends {
            let text: Vec<&str> = path.iter().map(|i| &*i.name).collect();
            let text = text.join(".");
            let at = path[0].span.to(path[path.len() - 1].span);
            // A library class cgs cannot extend, but whose CGSuite class file the user has loaded (a user class
            // of that name, `class CoordinateRuleset extends Ruleset … end` as written): the user class.
            // A sibling class file of a package (`extends CoordinateRuleset` in CGSuite's `GenMem.cgs`) is read
            // first, so its class is the one extended.
            let sibling = match self.locals.lookup(&path[0].name).cloned() {
                Some(v) if path.len() == 1 => super::package::sibling_class(self, &v, at).transpose()?,
                _ => None,
            };
            let user_class = path.len() == 1
                && matches!(
                    sibling.as_ref().or_else(|| self.locals.lookup(&path[0].name)).or_else(|| self.globals.lookup(&path[0].name)),
                    Some(Value::Object(o)) if crate::interp::object::downcast_ref::<UserClass>(&**o).is_some()
                );
            // A user class of a library class's name declared `user_first` (CGSuite's `GraphRuleset.cgs` loaded as
            // written) wins over cgs's own base of that name.
            let last = &*path[path.len() - 1].name;
            let base = library_base(last)
                .filter(|b| b.is_ok() || !user_class)
                .filter(|_| !(user_class && super::bases::user_first(last)));
            if let Some(base) = base {
                match base {
                    Ok(base) if library.is_none() => library = Some(base),
                    // Two library parents cgs knows together (`extends StripGame, ImpartialGame`).
                    Ok(base) if library.and_then(|l| library_combine(l, base)).is_some() => {
                        library = library.and_then(|l| library_combine(l, base));
                    }
                    Ok(_) => return fail("cgs supports one library class in an `extends` clause".to_string(), at),
                    Err(why) => {
                        return fail(format!("cgs does not support classes that extend CGSuite's `{text}` ({why})"), at)
                    }
                }
                continue;
            }
            let mut v = match sibling {
                Some(c) => Ok(c),
                None => self.lookup(&path[0].name, path[0].span),
            };
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
                if p.library.is_some() {
                    library = p.library;
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
        let mut seen_sigs: Vec<(&str, bool, &FunctionDef, bool)> = Vec::new();
        let mut seen_vars: Vec<&str> = Vec::new();
        for m in &def.members {
            match m {
                ClassMember::Def { modifiers, def: f, property } => {
                    let Some(n) = &f.name else { continue };
                    let is_static = modifiers.iter().any(|m| m.name == "static");
                    // Overloads (CGSuite's method groups) differ in their parameter types or count.
                    let twice = seen_sigs.iter().any(|(d, s, g, p)| {
                        *d == &*n.name && *s == is_static && overload::same_signature((g, *p), (f, *property))
                    });
                    if twice {
                        let sig = overload::parameters_signature(f, *property);
                        return fail(format!("Method `{name}.{}{sig}` is declared twice", n.name), n.span);
                    }
                    seen_sigs.push((&n.name, is_static, f, *property));
                    if seen_vars.contains(&&*n.name) || def.elements.iter().any(|e| e.name == n.name) {
                        return fail(format!("Duplicate symbol `{}` in class `{name}`", n.name), n.span);
                    }
                    if !seen_defs.contains(&(&*n.name, is_static)) {
                        seen_defs.push((&n.name, is_static));
                    }
                    let over = modifiers.iter().any(|m| m.name == "override");
                    // A static def overrides nothing (CGSuite's `Turning` declares `static def Eval(code)` beside
                    // the inherited `Eval`).
                    let inherited = match parent.as_ref().and_then(|p| p.declarer(&n.name)) {
                        _ if is_static => None,
                        Some(p) => Some(format!("{}.{}", p.name(), n.name)),
                        None if library_overrides(library, &n.name).is_some() => library_overrides(library, &n.name),
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
                        // CGSuite's library classes declare more members than cgs lists: an `override` there is
                        // taken on trust.
                        (true, None) if library.is_none() => {
                            return fail(format!("Method `{name}.{}` overrides nothing", n.name), n.span)
                        }
                        _ => {}
                    }
                    check_params(self, f)?;
                }
                ClassMember::Var { modifiers, vars } => {
                    let is_static = modifiers.iter().any(|m| m.name == "static");
                    let mutable_var = modifiers.iter().any(|m| m.name == "mutable");
                    for (n, init) in vars {
                        if let Some(m) = modifiers.iter().find(|m| m.name == "mutable").filter(|_| !mutable_class) {
                            let message =
                                format!("Class `{name}` is immutable, but variable `{}` is declared `mutable`", n.name);
                            return fail(message, m.span);
                        }
                        if init.is_none() && !is_static && !mutable_var {
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
                ClassMember::Init(_) => {}
                ClassMember::Nested(c) => {
                    if seen_vars.contains(&&*c.name.name) || seen_defs.iter().any(|(d, _)| *d == &*c.name.name) {
                        return fail(format!("Duplicate symbol `{}` in class `{name}`", c.name.name), c.name.span);
                    }
                    seen_vars.push(&c.name.name);
                }
            }
        }
        let fresh = || {
            NEXT_CLASS.with(|c| {
                c.set(c.get() + 1);
                c.get()
            })
        };
        let id = id.unwrap_or_else(fresh);
        let nested_ids = def.members.iter().filter(|m| matches!(m, ClassMember::Nested(_))).map(|_| fresh()).collect();
        let mut class = UserClass {
            def: def.clone(),
            parent,
            captured,
            statics: Vec::new(),
            id,
            library,
            enclosing,
            instance: RefCell::new(None),
            nested_ids,
            binder: std::cell::OnceCell::new(),
            param_names: std::cell::OnceCell::new(),
            library_typed: std::cell::OnceCell::new(),
            lean: std::cell::OnceCell::new(),
            name_kinds: Default::default(),
            method_typed: RefCell::new(Vec::new()),
            hooks: Default::default(),
            defs_cache: RefCell::default(),
            package: std::cell::OnceCell::new(),
            scope_cache: std::cell::OnceCell::new(),
            facts: std::cell::OnceCell::new(),
            names: RefCell::default(),
            enclosing_char_map: std::cell::OnceCell::new(),
        };
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
        let _ = class.scope_cache.set(class.scope());
        Ok(class)
    }
}

//! Overloaded methods (CGSuite's method groups): a class may declare several `def`s of one name that differ in
//! their parameter types or count (`def Eval(grid as Grid)` and `def Eval(str as String)`). A call picks the one
//! whose parameters take the arguments' runtime classes; among several that fit, one whose every parameter type
//! is a subclass of another's wins; none or several left is CGSuite's error.

use super::*;

/// A method's signature as CGSuite groups methods: whether it is a property (no parentheses) and its
/// parameter types (`None` for an untyped parameter, an `Object`).
fn signature(def: &FunctionDef, property: bool) -> (bool, Vec<Option<&str>>) {
    (property, def.params.iter().map(|p| p.ty.as_ref().map(|t| &*t.name)).collect())
}

/// The parameter types as CGSuite prints them in "declared twice" (`(game.Integer, cgsuite.lang.Object)`).
pub(super) fn parameters_signature(def: &FunctionDef, property: bool) -> String {
    if property {
        return String::new();
    }
    let types: Vec<String> = def
        .params
        .iter()
        .map(|p| {
            p.ty.as_ref()
                .map_or_else(|| "cgsuite.lang.Object".to_string(), |t| crate::interp::classes::qualified(&t.name))
        })
        .collect();
    format!("({})", types.join(", "))
}

/// Whether two declarations of one name in one class have the same signature (CGSuite: declared twice).
pub(super) fn same_signature(a: (&FunctionDef, bool), b: (&FunctionDef, bool)) -> bool {
    signature(a.0, a.1) == signature(b.0, b.1)
}

/// CGSuite's subclass relation among the classes cgs names in `as` clauses: `sub` is `sup` or below it
/// (`None` is `Object`, above every class).
fn subclass(m: &mut Machine, sub: Option<&str>, sup: Option<&str>) -> bool {
    let Some(sup) = sup else { return true };
    let Some(sub) = sub else { return false };
    if sub == sup {
        return true;
    }
    // CGSuite 2.2's hierarchy (game/*.cgs, cgsuite/lang/*.cgs), as far as cgs has the classes.
    const PARENTS: &[(&str, &[&str])] = &[
        ("Zero", &["Integer", "Nimber"]),
        ("Integer", &["DyadicRational"]),
        ("DyadicRational", &["Rational", "Uptimal"]),
        ("Rational", &["SurrealNumber"]),
        ("SurrealNumber", &["Game"]),
        ("Nimber", &["Uptimal"]),
        ("Uptimal", &["CanonicalShortGame"]),
        ("CanonicalShortGame", &["Game"]),
        ("List", &["Collection"]),
        ("Set", &["Collection"]),
        ("Map", &["Collection"]),
    ];
    if let Some((_, ps)) = PARENTS.iter().find(|(c, _)| *c == sub) {
        if ps.iter().any(|p| subclass(m, Some(p), Some(sup))) {
            return true;
        }
    }
    // User classes: along their `extends` chain, then the library classes it ends in.
    let find = |m: &mut Machine, n: &str| match m.class_named(n) {
        Some(Value::Object(o)) => crate::interp::object::downcast_rc::<UserClass>(&o),
        _ => None,
    };
    match (find(m, sub), find(m, sup)) {
        (Some(a), Some(b)) => a.is_or_extends(&b),
        (Some(a), None) => library_chain(a.library).contains(&sup),
        _ => false,
    }
}

/// Whether `v` may be passed to a parameter declared `as ty` (as the binding of a call checks it).
pub(in crate::interp::eval) fn fits(m: &mut Machine, v: &Value, ty: &str) -> bool {
    match m.is_user_class(v, ty) {
        Some(b) => b,
        None => crate::interp::eval::is_class(m.games, v, ty) == Some(true),
    }
}

impl UserClass {
    /// Every `def` named `name` (static or not) that objects of this class have: the class's own, then each
    /// ancestor's whose signature no nearer class declares again, with whether each is a property.
    /// Kept per class (its declarations do not change), as every member call and every name in a method asks.
    pub(super) fn defs_named(&self, name: &str, statics: bool) -> Rc<[(Rc<FunctionDef>, bool)]> {
        if let Some(d) = self.defs_cache.borrow()[statics as usize].get(name) {
            return d.clone();
        }
        let d: Rc<[(Rc<FunctionDef>, bool)]> = self.find_defs_named(name, statics).into();
        self.defs_cache.borrow_mut()[statics as usize].insert(name.into(), d.clone());
        d
    }

    fn find_defs_named(&self, name: &str, statics: bool) -> Vec<(Rc<FunctionDef>, bool)> {
        let mut out: Vec<(Rc<FunctionDef>, bool)> = Vec::new();
        let mut class = Some(self);
        while let Some(c) = class {
            let before = out.len();
            for m in &c.def.members {
                if let ClassMember::Def { modifiers, def, property } = m {
                    let is_static = modifiers.iter().any(|m| m.name == "static");
                    let named = def.name.as_ref().is_some_and(|n| &*n.name == name);
                    if is_static == statics
                        && named
                        && !out[..before].iter().any(|(d, p)| same_signature((d, *p), (def, *property)))
                    {
                        out.push((def.clone(), *property));
                    }
                }
            }
            class = c.parent.as_deref();
        }
        out
    }

    /// Whether `name` names more than one method taking arguments (a call must then be resolved).
    pub(super) fn is_overloaded(&self, name: &str, statics: bool) -> bool {
        self.defs_named(name, statics).iter().filter(|(_, p)| !p).count() > 1
    }
}

impl<'a> Machine<'a> {
    /// The `def` a call `name(args)` on an object of `class` runs: `None` when the class has no such method;
    /// for a name with one method taking arguments, that one (the binding checks the arguments); otherwise the
    /// one overload that fits best, or CGSuite's error.
    pub(super) fn pick_def(
        &mut self,
        class: &UserClass,
        name: &str,
        statics: bool,
        args: &[Value],
        span: Span,
    ) -> Option<Result<(Rc<FunctionDef>, bool), EvalError>> {
        let defs = class.defs_named(name, statics);
        let first = defs.first()?.clone();
        if args.is_empty() {
            if let Some(p) = defs.iter().find(|(_, p)| *p) {
                return Some(Ok(p.clone()));
            }
        }
        let with_args: Vec<&(Rc<FunctionDef>, bool)> = defs.iter().filter(|(_, p)| !p).collect();
        if with_args.len() <= 1 {
            return Some(Ok(with_args.first().map_or(first, |d| (*d).clone())));
        }
        let mut fitting: Vec<Rc<FunctionDef>> = Vec::new();
        for (def, _) in &with_args {
            let params = &def.params;
            let varargs = params.last().is_some_and(|p| p.varargs);
            let fixed = if varargs { params.len() - 1 } else { params.len() };
            let required = params.iter().filter(|p| !p.optional && !p.varargs).count();
            if args.len() < required || (!varargs && args.len() > fixed) {
                continue;
            }
            let ok =
                params.iter().take(fixed).zip(args).all(|(p, a)| p.ty.as_ref().is_none_or(|t| fits(self, a, &t.name)));
            if ok {
                fitting.push(def.clone());
            }
        }
        // A fitting method is dropped when another of as many parameters has every parameter type a subclass of
        // its own.
        let mut best: Vec<Rc<FunctionDef>> = Vec::new();
        for (i, f) in fitting.iter().enumerate() {
            let dominated = fitting.iter().enumerate().any(|(j, g)| {
                j != i
                    && g.params.len() == f.params.len()
                    && g.params.iter().zip(&f.params).all(|(gp, fp)| {
                        subclass(self, gp.ty.as_ref().map(|t| &*t.name), fp.ty.as_ref().map(|t| &*t.name))
                    })
                    && !f.params.iter().zip(&g.params).all(|(fp, gp)| {
                        subclass(self, fp.ty.as_ref().map(|t| &*t.name), gp.ty.as_ref().map(|t| &*t.name))
                    })
            });
            if !dominated {
                best.push(f.clone());
            }
        }
        if args.is_empty() && best.is_empty() {
            // `obj.Method` without arguments: the method as a function (see `UserObject::member`).
            return Some(Ok((with_args[0].0.clone(), false)));
        }
        if best.len() == 1 {
            return Some(Ok((best.remove(0), false)));
        }
        let types = if args.is_empty() {
            "()".to_string()
        } else {
            let names: Vec<String> = args
                .iter()
                .map(|a| match user_object(a) {
                    Some(o) => format!("`{}`", o.class.display_name()),
                    None => format!("`{}`", crate::interp::classes::qualified_class_of(self.games, a)),
                })
                .collect();
            names.join(", ")
        };
        let class_name = class.display_name();
        let message = if best.is_empty() {
            format!("Method `{name}` in class `{class_name}` cannot be applied to argument types: {types}")
        } else {
            format!("Method `{name}` in class `{class_name}` is ambiguous when applied to argument types: {types}")
        };
        Some(Err(script_err(message, span)))
    }
}

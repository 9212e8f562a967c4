//! Calls, members, indexing, conversions to games, and the object protocol as the evaluator asks it.

use super::classes;
use super::machine::*;
use crate::interp::native::{check_arity, Member};
use crate::syntax::ast;

impl<'a> Machine<'a> {
    // ---- calls and members ---------------------------------------------------------------------------

    pub(super) fn call_expr(&mut self, callee: &Expr, args: &[Expr], named: &[NamedArg], span: Span) -> Eval<Value> {
        let mut qualified = None;
        if let ExprKind::Member { obj, name } = &callee.kind {
            let o = self.eval(obj)?;
            // A qualified name with named arguments (`game.grid.GenClobber(directions => …)`) is called as the
            // function it names, as the unqualified name is; so is one with no arguments (`game.grid.GenClobber()`
            // calls the function, where `game.grid.GenClobber` is the function itself).
            if (!named.is_empty() || args.is_empty()) && matches!(&o, Value::Object(x) if x.type_name() == "Package") {
                qualified = Some((self.invoke_member(o, name, &[], &[], callee.span)?, &*name.name));
            } else {
                return self.call_member_expr(o, name, args, named, span);
            }
        }
        let (f, name): (Value, &str) = match qualified {
            Some(q) => q,
            None => (
                self.eval(callee)?,
                match &callee.kind {
                    ExprKind::Var(n, _) => n,
                    _ => "",
                },
            ),
        };
        let (vals, spans) = self.eval_args(args)?;
        if !named.is_empty() {
            let mut given = Vec::with_capacity(named.len());
            for n in named {
                given.push((n.name.clone(), self.eval(&n.value)?));
            }
            // A user class's constructor takes named arguments as a function does.
            if let Some(r) = self.construct_named(&f, &vals, &given, span) {
                return Ok(r?);
            }
            // A native function, or a class whose constructor CGSuite declares, takes CGSuite's names of its
            // parameters (`Max(elements => [1, 2])`, `Random(seed => 3)`).
            if let Some(r) = crate::interp::native::call_named(self, &f, name, &vals, &spans, named, &given, span) {
                return Ok(r?);
            }
            return match &f {
                Value::Function(func) => match &**func {
                    Function::Closure(c) => Ok(self.call_closure_named(func, c, &vals, &given, span)?),
                    Function::Native(_) | Function::Method { .. } => {
                        let kind = ErrorKind::InvalidParameterName {
                            function: Some(func.name()),
                            name: named[0].name.name.to_string(),
                        };
                        Err(EvalError::new(kind, named[0].name.span).into())
                    }
                },
                _ => {
                    let function = if name.is_empty() { f.type_name() } else { name }.to_string();
                    let kind = ErrorKind::InvalidParameterName {
                        function: Some(function),
                        name: named[0].name.name.to_string(),
                    };
                    Err(EvalError::new(kind, named[0].name.span).into())
                }
            };
        }
        let site = Site { name, span, args: &spans };
        Ok(self.call_value(&f, &vals, &site)?)
    }

    /// `o.name(args)`: a member call (named arguments by CGSuite's parameter names for native members).
    fn call_member_expr(
        &mut self,
        o: Value,
        name: &Ident,
        args: &[Expr],
        named: &[NamedArg],
        span: Span,
    ) -> Eval<Value> {
        if let ([arg], true) = (args, named.is_empty()) {
            if let ExprKind::Map(entries) = &arg.kind {
                if &*name.name == "Updated" && (self.globals.library.is_grid)(&o) {
                    return self.grid_updated_literal(o, name, entries, arg.span, span);
                }
            }
        }
        let (mut vals, mut spans) = self.eval_args(args)?;
        // A native member takes CGSuite's parameter names (`g.Heat(t => 1)`); a user object's method and a
        // script ruleset's `def` do not yet.
        let dynamic = matches!(&o, Value::Object(x) if x.dynamic_member_names().iter().any(|d| **d == *name.name));
        if !named.is_empty() && classes::class_of_user(&o).is_none() && !dynamic {
            let mut given = Vec::with_capacity(named.len());
            for n in named {
                given.push((n.name.clone(), self.eval(&n.value)?, n.value.span));
            }
            let row = self.member_row(&o, &name.name, span);
            let signatures = row.map_or(&[][..], |r| r.params);
            (vals, spans) = match crate::interp::native::place_named(&name.name, signatures, vals, spans, &given) {
                Ok(placed) => placed,
                Err(e) => {
                    let e = match row {
                        Some(r) => crate::interp::native::member_named_error(self, e, r, &o),
                        None => e,
                    };
                    return Err(e.into());
                }
            };
            return Ok(self.invoke_member(o, name, &vals, &spans, span)?);
        }
        if let Some(n) = named.first() {
            let kind = ErrorKind::InvalidParameterName {
                function: Some(name.name.to_string()),
                name: n.name.name.to_string(),
            };
            return Err(EvalError::new(kind, n.name.span).into());
        }
        Ok(self.invoke_member(o, name, &vals, &spans, span)?)
    }

    /// The native member row `o.name(…)` resolves to, as [`Self::invoke_member`] finds it (the object's own
    /// table, then the tables of the value's class); for an object that answers the member through its own
    /// dispatch or its game value, the first row of that name in its class's tables
    /// ([`crate::interp::registry::Library::lookup_tables`]). Its [`Member::params`] place named arguments.
    fn member_row(&mut self, o: &Value, name: &str, span: Span) -> Option<&'static Member> {
        let library = self.globals.library;
        if let Value::Object(x) = o {
            if let Some(m) = x.members().iter().find(|m| m.name == name) {
                return Some(m);
            }
        }
        if let Some(m) = (library.find_member)(o, name).or_else(|| (library.generic_member)(o, name)) {
            return Some(m);
        }
        let class = self.class_name(o, span);
        library.lookup_tables(&class).into_iter().flat_map(|t| t.iter()).find(|m| m.name == name)
    }

    /// `g.Updated({k => v, …})` on a grid with the map written out: the entries are evaluated as the map
    /// literal evaluates them (in order, key then value) but the cells are changed without building the
    /// ordered map, which costs a tree node per literal (the options of board rulesets are written this way).
    /// Anything but cells with one-character values goes the general way, with its errors.
    fn grid_updated_literal(
        &mut self,
        grid: Value,
        name: &Ident,
        entries: &[(Expr, Expr)],
        arg_span: Span,
        span: Span,
    ) -> Eval<Value> {
        let mut pairs = Vec::with_capacity(entries.len());
        for (k, v) in entries {
            let k = self.eval(k)?;
            let v = self.eval(v)?;
            pairs.push((k, v));
        }
        if let Some(g) = (self.globals.library.grid_updated)(&grid, &pairs) {
            return Ok(g);
        }
        let map: OrdMap<Value, Value> = pairs.into_iter().collect();
        Ok(self.invoke_member(
            grid,
            name,
            &[Value::Map(map, crate::interp::order::SmallOrder::HASHED)],
            &[arg_span],
            span,
        )?)
    }

    pub(super) fn eval_args(&mut self, args: &[Expr]) -> Eval<(Vec<Value>, Vec<Span>)> {
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            vals.push(self.eval(a)?);
        }
        Ok((vals, args.iter().map(|a| a.span).collect()))
    }

    /// Calls a function value with evaluated arguments.
    pub fn call_value(&mut self, f: &Value, args: &[Value], site: &Site) -> Result<Value, EvalError> {
        let Value::Function(func) = f else {
            if let Value::Object(o) = f {
                if let Some(r) = o.clone().call(self, f, args, site) {
                    return r;
                }
                if let Some(r) = (self.globals.library.call_object)(self, o, args, site) {
                    return r;
                }
            }
            return Err(site.err(ErrorKind::NotCallable { ty: f.type_name() }));
        };
        match &**func {
            Function::Native(n) => {
                let site = Site { name: n.name, span: site.span, args: site.args };
                n.check_arity(&site, args.len())?;
                let v = match (n.f)(self, &site, args) {
                    Ok(v) => v,
                    Err(e) => return Err(crate::interp::native::function_argument_error(self, e, n, args)),
                };
                self.engine_ok(site.span)?;
                Ok(v)
            }
            Function::Closure(c) => self.call_closure(func, c, args, site.span),
            Function::Method { obj, name } => self.invoke_member(obj.clone(), name, args, site.args, site.span),
        }
    }

    /// Calls a function value from a native (e.g. the function given to `Map`).
    pub fn call_function(&mut self, f: &Rc<Function>, args: &[Value], span: Span) -> Result<Value, EvalError> {
        // A hook's few arguments take their spans from the stack (this runs for every ruleset hook call).
        let few = [span; 4];
        let many;
        let spans = if args.len() <= few.len() {
            &few[..args.len()]
        } else {
            many = vec![span; args.len()];
            &many[..]
        };
        let site = Site { name: "", span, args: spans };
        self.call_value(&Value::Function(f.clone()), args, &site)
    }

    /// The short name of `obj`'s class as CGSuite's `Class` gives it (`Zero`, `Uptimal`, `Pseudonumber`, …).
    pub(super) fn class_name(&mut self, obj: &Value, span: Span) -> String {
        let class = super::super::classes::class_of(self.games, obj);
        // A loopy stopper: CGSuite's class is `Pseudonumber` or `CanonicalStopper`.
        if class == "Game" && matches!(obj, Value::Object(_)) {
            let ident = Ident { name: "IsPseudonumber".into(), span };
            let pseudo = matches!(self.invoke_member(obj.clone(), &ident, &[], &[], span), Ok(Value::Boolean(true)));
            return if pseudo { "Pseudonumber" } else { "CanonicalStopper" }.to_string();
        }
        class
    }

    /// `v is C` from the registry (see `is_class.rs`), decided on the class `v.Class` names (a loopy stopper's
    /// class found by asking it whether it is a pseudonumber); `None` when no class is named `C`.
    pub(super) fn is_of_class(&mut self, v: &Value, ty: &str, span: Span) -> Option<bool> {
        // A library object names its class itself (`class_of`'s last case for objects): no string made.
        if let Value::Object(o) = v {
            let class = o.class_name();
            if !matches!(o.type_name(), "Ruleset") && class != "Game" {
                return super::is_class::is_class_of(self.games, v, class, ty);
            }
        }
        let class = self.class_name(v, span);
        super::is_class::is_class_of(self.games, v, &class, ty)
    }

    /// `obj.name(args)`: also used by natives that ask a value for its members.
    pub fn invoke_member(
        &mut self,
        obj: Value,
        name: &Ident,
        args: &[Value],
        arg_spans: &[Span],
        span: Span,
    ) -> Result<Value, EvalError> {
        self.member_call(obj, name, args, arg_spans, span, &mut None)
    }

    /// [`Machine::invoke_member`], noting in `found` the row that answered when it was the row of an object's
    /// own table (`Object::members`) or of the value's tables (`find_member`): `compile/member.rs` keeps it.
    pub(super) fn member_call(
        &mut self,
        obj: Value,
        name: &Ident,
        args: &[Value],
        arg_spans: &[Span],
        span: Span,
        found: &mut Option<&'static crate::interp::model::types::Member>,
    ) -> Result<Value, EvalError> {
        // Every value has a class (CGSuite's `Object.Class`), but a package's `Class` is its member
        // (`cgsuite.lang.Class` is ⟪cgsuite.lang.Class⟫).
        let package = matches!(&obj, Value::Object(o) if o.type_name() == "Package");
        if &*name.name == "Class" && args.is_empty() && !package {
            if let Some(c) = classes::class_of_user(&obj) {
                return Ok(c);
            }
            let class = self.class_name(&obj, span);
            return Ok((self.globals.library.class_value)(&class));
        }
        if let Value::Object(o) = &obj {
            if let Some(r) = (self.globals.library.tree_member)(self, &obj, name, args, arg_spans, span) {
                return r;
            }
            if let Some(r) = self.object_member(o, &obj, name, args, arg_spans, span, found) {
                return r;
            }
        }
        let library = self.globals.library;
        let own = (library.find_member)(&obj, &name.name);
        *found = own.filter(|_| !matches!(obj, Value::Object(_)));
        let Some(member) = own.or_else(|| (library.generic_member)(&obj, &name.name)) else {
            // CGSuite's `C.Eval(args)` is the class called (`Kayles.Eval(5)` is `Kayles(5)`, `Turning.Eval(code)`
            // is `Turning(code)`), and a ruleset's `R.Position(state)` is its position `R(state)`.
            let callable = matches!(obj, Value::Function(_)) || obj.type_name() == "Ruleset";
            let via_call = match &*name.name {
                "Eval" if callable => Some("Eval"),
                "Position" if obj.type_name() == "Ruleset" => Some("Position"),
                _ => None,
            };
            if let Some(member) = via_call {
                let site = Site { name: member, span, args: arg_spans };
                return self.call_value(&obj, args, &site);
            }
            if let Some(r) = super::game_classes::variant(self, &obj, &name.name, args, span) {
                return r;
            }
            let site = Site { name: &name.name, span, args: arg_spans };
            if let Some(r) = super::game_classes::library_static(self, &obj, &name.name, args, &site) {
                return r;
            }
            let ty = self.qualified_class_text(&obj);
            let kind = ErrorKind::NotAMember { ty, name: name.name.to_string() };
            return Err(EvalError::new(kind, name.span));
        };
        let site = Site { name: member.name, span, args: arg_spans };
        if let Err(e) = check_arity(&site, member.arity, args.len()) {
            return Err(crate::interp::native::member_count_error(self, e, member, &obj));
        }
        let v = match (member.f)(self, &site, &obj, args) {
            Ok(v) => v,
            Err(e) => return Err(crate::interp::native::member_argument_error(self, e, member, &obj, args)),
        };
        self.engine_ok(span)?;
        Ok(v)
    }

    // ---- indexing ------------------------------------------------------------------------------------

    /// `x[k]` with `x` a local list or tuple and `k` an integer literal (`d[1]`, `p[2]` in a ruleset's loops):
    /// the element read in place, without copying the collection or building the key. `None`, with nothing
    /// evaluated, for anything else (an index out of bounds included: the general path reports it).
    pub(super) fn literal_index(&self, obj: &Expr, indices: &[Expr]) -> Option<Value> {
        let (ExprKind::Var(name, slot), [Expr { kind: ExprKind::Integer(k), .. }]) = (&obj.kind, indices) else {
            return None;
        };
        let i = k.to_usize()?.checked_sub(1)?;
        match self.local_at(name, slot)? {
            Value::Tuple(t) => t.get(i).cloned(),
            Value::List(l) => l.get(i).cloned(),
            _ => None,
        }
    }

    /// `v[k]` for a list, tuple, string or map (1-based positions).
    pub fn index_value(&mut self, v: &Value, k: &Value, span: Span) -> Result<Value, EvalError> {
        let out_of_bounds =
            |m: &mut Machine| EvalError::new(ErrorKind::IndexOutOfBounds { index: k.display(m.games) }, span);
        let position = |len: usize| match k {
            Value::Integer(n) => n.to_usize().filter(|i| (1..=len).contains(i)).map(|i| i - 1),
            _ => None,
        };
        match v {
            Value::List(l) => match position(l.len()) {
                Some(i) => Ok(l[i].clone()),
                None => Err(out_of_bounds(self)),
            },
            Value::Tuple(t) => match position(t.len()) {
                Some(i) => Ok(t[i].clone()),
                None => Err(out_of_bounds(self)),
            },
            Value::String(s) => match position(s.chars().count()) {
                Some(i) => Ok(Value::short_str(s.chars().nth(i).unwrap_or(' ').encode_utf8(&mut [0; 4]))),
                None => Err(out_of_bounds(self)),
            },
            Value::Map(m, _) => match m.get(k) {
                Some(x) => Ok(x.clone()),
                None => Err(EvalError::new(ErrorKind::KeyNotFound { key: k.display_plain(self.games) }, span)),
            },
            _ => Err(EvalError::new(ErrorKind::NotIndexable { ty: v.type_name() }, span)),
        }
    }

    // ---- conversions ---------------------------------------------------------------------------------

    /// The game a value denotes: `None` if it is not game-like at all, an error if it is a number the engine
    /// cannot represent (not dyadic, or too large).
    pub fn to_game(&mut self, v: &Value) -> Option<Result<GameId, ErrorKind>> {
        match v {
            Value::Game(g) => Some(Ok(*g)),
            Value::Integer(n) => Some(Ok(match n.to_i64() {
                Some(k) => self.games.integer(k),
                None => self.games.number(crate::game::Dyadic::from_bigint(&n.to_big())),
            })),
            Value::Rational(r) => Some(to_dyadic(r).map(|d| self.games.number(d))),
            Value::Object(o) => o.clone().to_game(self, Span::default()).map(|r| r.map_err(|e| e.kind)),
            _ => None,
        }
    }

    // ---- the object protocol -------------------------------------------------------------------------

    /// `a op b` with an object operand: the left object's answer, else the right one's.
    pub(super) fn object_binary(
        &mut self,
        op: BinOp,
        a: &Value,
        b: &Value,
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        if let Some(r) = self.zero_sum(op, a, b) {
            return Some(r.map_err(|k| EvalError::new(k, span)));
        }
        for v in [a, b] {
            if let Value::Object(o) = v {
                if let Some(r) = o.clone().binary(self, op, a, b, span) {
                    // "No operation" names the operands' classes as CGSuite does (`game.ExplicitGame`).
                    let r = r.map_err(|mut e| {
                        e.kind = self.name_operands(std::mem::replace(&mut e.kind, ErrorKind::DivisionByZero), &[a, b]);
                        e
                    });
                    return Some(r.and_then(|v| self.engine_ok(span).map(|()| v)));
                }
            }
        }
        None
    }

    /// `obj.name(args)` through the object protocol (see [`super::object`] for the order; `found`: as above).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn object_member(
        &mut self,
        o: &Rc<dyn Object>,
        this: &Value,
        name: &Ident,
        args: &[Value],
        arg_spans: &[Span],
        span: Span,
        found: &mut Option<&'static crate::interp::model::types::Member>,
    ) -> Option<Result<Value, EvalError>> {
        let o = o.clone();
        let site = Site { name: &name.name, span, args: arg_spans };
        if let Some(r) = o.member(self, this, &name.name, args, &site) {
            return Some(r.and_then(|v| self.engine_ok(span).map(|()| v)));
        }
        if let Some(mem) = o.members().iter().find(|x| *x.name == *name.name) {
            *found = Some(mem);
            let site = Site { name: mem.name, span, args: arg_spans };
            return Some(
                check_arity(&site, mem.arity, args.len())
                    .map_err(|e| crate::interp::native::member_count_error(self, e, mem, this))
                    .and_then(|()| {
                        (mem.f)(self, &site, this, args)
                            .map_err(|e| crate::interp::native::member_argument_error(self, e, mem, this, args))
                    })
                    .and_then(|v| self.engine_ok(span).map(|()| v)),
            );
        }
        // An object that names its class's tables answers game members from them (they list the game tables).
        if !o.class_members().is_empty() {
            return None;
        }
        let g = match o.to_game(self, span)? {
            Ok(g) => g,
            Err(e) => return Some(Err(e)),
        };
        let gv = game_value(self.games, g);
        let mem = (self.globals.library.find_member)(&gv, &name.name)?;
        let site = Site { name: mem.name, span, args: arg_spans };
        Some(
            check_arity(&site, mem.arity, args.len())
                .map_err(|e| crate::interp::native::member_count_error(self, e, mem, &gv))
                .and_then(|()| {
                    (mem.f)(self, &site, &gv, args)
                        .map_err(|e| crate::interp::native::member_argument_error(self, e, mem, &gv, args))
                })
                .and_then(|v| self.engine_ok(span).map(|()| v)),
        )
    }

    /// The elements of a List, Set (in its iteration order: LANGUAGE.md §10, "Sets and maps: iteration order")
    /// or Tuple.
    pub fn elements(&mut self, v: &Value) -> Option<Vec<Value>> {
        match v {
            Value::List(l) => Some(l.iter().cloned().collect()),
            Value::Set(s, o) => Some(crate::interp::order::set_items(self.games, s, *o)),
            Value::Tuple(t) => Some(t.to_vec()),
            Value::Object(o) => o.elements(self.games),
            _ => None,
        }
    }

    /// The value of a game, with an engine error worded for users.
    pub fn game_result(&mut self, r: Result<GameId, GameError>, span: Span) -> Result<Value, EvalError> {
        match r {
            Ok(g) => Ok(game_value(self.games, g)),
            Err(e) => Err(EvalError::new(self.game_error(e), span)),
        }
    }

    /// Reports an overflow the engine flagged during the last operations.
    pub fn engine_ok(&mut self, span: Span) -> Result<(), EvalError> {
        match self.games.check_overflow() {
            Ok(()) => Ok(()),
            Err(e) => Err(EvalError::new(self.game_error(e), span)),
        }
    }

    /// An engine error as an error kind.
    pub fn game_error(&mut self, e: GameError) -> ErrorKind {
        match e {
            GameError::NotAtomic(g) => ErrorKind::NotAtomic { game: self.show_game(g) },
            GameError::InvalidCoolingTemperature(t) => ErrorKind::InvalidCoolingTemperature {
                temperature: super::super::value::dyadic_value(t).display(self.games),
            },
            GameError::NotANimber(g) => ErrorKind::NotANimber { game: self.show_game(g) },
            GameError::NotUptimal(g) => ErrorKind::NotUptimal { game: self.show_game(g) },
            GameError::InvalidPowBase(_) => ErrorKind::InvalidPowBase,
            GameError::InvalidExponent(x, least) => {
                ErrorKind::InvalidExponent { exponent: x.to_string(), least: least.to_string() }
            }
            GameError::NotPositive(g) => ErrorKind::NotPositive { game: self.show_game(g) },
            GameError::Overflow => ErrorKind::Overflow,
            GameError::UpsTooLarge => ErrorKind::UpsTooLarge,
            GameError::Limit(message) => ErrorKind::EngineLimit { message: message.to_string() },
        }
    }

    pub(super) fn show_game(&mut self, g: GameId) -> String {
        game_value(self.games, g).display(self.games)
    }

    /// Writes a line of output.
    pub fn write_line(&mut self, text: &str, span: Span) -> Result<(), EvalError> {
        writeln!(self.out, "{text}").map_err(|e| EvalError::new(ErrorKind::Output { message: e.to_string() }, span))
    }
}

/// CGSuite's "Duplicate var" check on a function's parameters, and that each `as` names a class.
pub(super) fn check_params(m: &mut Machine, def: &crate::syntax::ast::FunctionDef) -> Eval<()> {
    for (i, p) in def.params.iter().enumerate() {
        if def.params[..i].iter().any(|q| q.name.name == p.name.name) {
            return err(ErrorKind::DuplicateVar { name: p.name.name.to_string() }, p.name.span);
        }
        if let Some(ty) = &p.ty {
            let user = m.is_user_class(&Value::Nothing, &ty.name).is_some();
            if !user && super::is_class::is_class(m.games, &Value::Nothing, &ty.name).is_none() {
                return err(ErrorKind::UnknownParameterClass { name: ty.name.to_string() }, ty.span);
            }
        }
    }
    Ok(())
}

/// The count of arguments for plain parameters, with CGSuite's messages (its `Parameter` binding): too many
/// arguments, or the first missing parameter.
pub(super) fn check_plain_count(params: &[ast::Param], got: usize, span: Span) -> Result<(), EvalError> {
    if got > params.len() {
        return Err(EvalError::new(ErrorKind::TooManyArguments { got, most: params.len() }, span));
    }
    if got < params.len() {
        let kind = ErrorKind::MissingParameter { name: params[got].name.name.to_string() };
        return Err(EvalError::new(kind, span));
    }
    Ok(())
}

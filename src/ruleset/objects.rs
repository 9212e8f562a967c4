//! The ruleset values as objects of the interpreter's protocol ([`crate::interp::object`]): rulesets
//! (schemas and instances), `Position` inside a ruleset body, positions, sums of positions and `Value(g)`.
//! Calls build instances and positions; members are the ruleset's own `def`s, then the tables of
//! [`super::members`], then every game member of the canonical form; `+`/`-` build sums of positions.

use super::members as tables;
use super::memo::{canonical, node_for, position_value, sum_value, SumRef};
use super::position::{as_position, gamelike, GameOption, Gamelike, Position, PositionSum};
use super::script::{self, Instance, PositionCtor, Schema};
use crate::game::GameId;
use crate::game::Games;
use crate::interp::error::{Arity, ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::object::downcast_rc;
use crate::interp::value::{game_value, Object, Value};
use crate::library::{self, Member, Site};
use crate::syntax::ast::BinOp;
use crate::syntax::span::Span;
use std::cmp::Ordering;
use std::rc::Rc;

/// The protocol methods every game-like ruleset value shares: `+`/`-` build sums of positions, `-x` negates,
/// the canonical game is [`GameOf::game`], and `x is Game` holds.
macro_rules! gamelike_methods {
    () => {
        fn binary(
            &self,
            m: &mut Machine,
            op: BinOp,
            lhs: &Value,
            rhs: &Value,
            span: Span,
        ) -> Option<Result<Value, EvalError>> {
            binary(m, op, lhs, rhs, span)
        }
        fn negate(&self, m: &mut Machine, this: &Value, _: Span) -> Option<Result<Value, EvalError>> {
            negate(m, this).map(Ok)
        }
        fn to_game(&self, m: &mut Machine, span: Span) -> Option<Result<GameId, EvalError>> {
            Some(self.game(m, span))
        }
        fn is_game(&self) -> bool {
            true
        }
    };
}

/// The canonical game of a ruleset value that stands for one.
trait GameOf {
    fn game(&self, m: &mut Machine, span: Span) -> Result<GameId, EvalError>;
}

impl GameOf for Position {
    fn game(&self, m: &mut Machine, span: Span) -> Result<GameId, EvalError> {
        position_value(m, self, span)
    }
}

impl GameOf for PositionSum {
    fn game(&self, m: &mut Machine, span: Span) -> Result<GameId, EvalError> {
        sum_game(m, self, span)
    }
}

impl GameOf for GameOption {
    fn game(&self, _: &mut Machine, _: Span) -> Result<GameId, EvalError> {
        Ok(self.0)
    }
}

impl Object for Instance {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        self.trace(t)
    }
    fn type_name(&self) -> &'static str {
        "Ruleset"
    }
    fn display(&self, games: &mut Games) -> String {
        if let Some((obj, _)) = super::cgsuite_print::front(self) {
            return obj.display(games);
        }
        if crate::game::print_limit::cgsuite() {
            if let Some(text) = super::cgsuite_print::ruleset(self, games) {
                return text;
            }
        }
        if self.def.params.is_none() {
            return self.name().to_string();
        }
        let args: Vec<String> = self.args.iter().map(|a| a.display(games)).collect();
        if crate::game::print_limit::cgsuite() {
            return format!("{}({})", self.name(), cgsuite_args(self.name(), self.def.params.as_deref(), args));
        }
        format!("{}({})", self.name(), args.join(","))
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<Instance>().map(|o| self.id.cmp(&o.id))
    }
    fn members(&self) -> &'static [Member] {
        tables::INSTANCE
    }
    /// `R.F(args)` for a `def F` of the ruleset's body: the def called with exactly the arguments given (the
    /// state too, when `F` takes one), so a ruleset answers members of its own such as CGSuite's
    /// `R.HeapOptions(n)` and `R.NimValueSequence(n)` (LANGUAGE.md §10, script rulesets). A def of one parameter
    /// asked for without arguments gets `Nothing`: CGSuite's ruleset properties such as `R.CharMap` are written
    /// `def CharMap(s) := ".xo"`, answered by the ruleset and by each position alike.
    fn member(
        &self,
        m: &mut Machine,
        _: &Value,
        name: &str,
        args: &[Value],
        site: &Site,
    ) -> Option<Result<Value, EvalError>> {
        let (_, f, n) = Instance::member(self, name)?;
        let (f, n) = (f.clone(), *n);
        if n == 1 && args.is_empty() {
            return Some(script::call(m, &f, &[Value::Nothing], site.span));
        }
        Some(
            library::check_arity(site, Arity::Exact(n), args.len()).and_then(|()| script::call(m, &f, args, site.span)),
        )
    }
    fn dynamic_member_names(&self) -> Vec<String> {
        self.member_names()
    }
    fn call(&self, m: &mut Machine, this: &Value, args: &[Value], site: &Site) -> Option<Result<Value, EvalError>> {
        let Value::Object(o) = this else { return None };
        let inst = downcast_rc::<Instance>(o)?;
        // Several arguments make one tuple state: `FoxAndGeese(geese, fox)` is `FoxAndGeese((geese, fox))`.
        Some(library::check_arity(site, Arity::AtLeast(1), args.len()).and_then(|()| {
            let state = if args.len() == 1 { args[0].clone() } else { Value::Tuple(args.to_vec().into()) };
            script::position(m, &inst, state, site.span)
        }))
    }
}

/// A ruleset's arguments as CGSuite prints an instance of its class: required parameters in order, optional
/// ones as `name => value`, separated by `, ` (`GenCutcake(TakeAndBreak("0.77"), TakeAndBreak("0.[3]"),
/// twisted => false)`). Which parameters CGSuite declares optional is its classes' fact, listed here for the
/// stdlib rulesets that stand for them: every parameter of `GenClobber`, `GenToadsAndFrogs` and
/// `GenFoxAndGeese`, the third of `GenCutcake`.
fn cgsuite_args(name: &str, params: Option<&[crate::syntax::ast::Ident]>, args: Vec<String>) -> String {
    let required = match name {
        "GenClobber" | "GenToadsAndFrogs" | "GenFoxAndGeese" => 0,
        "GenCutcake" => 2,
        _ => usize::MAX,
    };
    let params = params.unwrap_or(&[]);
    args.into_iter()
        .enumerate()
        .map(|(i, a)| match params.get(i) {
            Some(p) if i >= required => format!("{} => {a}", p.name),
            _ => a,
        })
        .collect::<Vec<_>>()
        .join(", ")
}

impl Object for Schema {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        self.trace(t)
    }
    fn type_name(&self) -> &'static str {
        "Ruleset"
    }
    fn display(&self, _: &mut Games) -> String {
        self.def.name.name.to_string()
    }
    fn call(&self, _: &mut Machine, _: &Value, args: &[Value], site: &Site) -> Option<Result<Value, EvalError>> {
        let n = self.def.params.as_ref().map_or(0, Vec::len);
        Some(
            library::check_arity(site, Arity::Exact(n), args.len())
                .map(|()| Value::Object(script::apply_schema(self, args.to_vec()))),
        )
    }
}

impl Object for PositionCtor {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        self.0.upgrade().is_none_or(|i| !t.first_visit(Rc::as_ptr(&i)) || i.trace(t))
    }
    fn type_name(&self) -> &'static str {
        "Function"
    }
    fn display(&self, _: &mut Games) -> String {
        match self.0.upgrade() {
            Some(i) => format!("<function Position of {}>", i.name()),
            None => "<function Position>".to_string(),
        }
    }
    /// `Position(s)` in a ruleset's body; the position prints through the ruleset's `Show` when it has one.
    fn call(&self, m: &mut Machine, _: &Value, args: &[Value], site: &Site) -> Option<Result<Value, EvalError>> {
        Some(library::check_arity(site, Arity::AtLeast(1), args.len()).and_then(|()| match self.0.upgrade() {
            Some(inst) => match &args[0] {
                Value::Object(x) if args.len() == 1 && as_position(x).is_some() => Ok(args[0].clone()),
                s if args.len() == 1 => script::position(m, &inst, s.clone(), site.span),
                _ => script::position(m, &inst, Value::Tuple(args.to_vec().into()), site.span),
            },
            None => Err(site.err(ErrorKind::Internal { what: "a ruleset outlived its positions".into() })),
        }))
    }
}

impl Object for Position {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        (!t.first_visit(Rc::as_ptr(&self.inst)) || self.inst.trace(t)) && t.value(&self.state)
    }
    fn type_name(&self) -> &'static str {
        "Position"
    }
    fn class_name(&self) -> &'static str {
        super::cgsuite_print::position_class_name(self.inst.name())
    }
    fn display(&self, games: &mut Games) -> String {
        if crate::game::print_limit::cgsuite() {
            if let Some(text) = Position::cgsuite(&self.inst, &self.state, self.shown.get(), games) {
                return text;
            }
        }
        match self.shown.get() {
            Some(s) => s.clone(),
            None => Position::plain(&self.inst, &self.state, games),
        }
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        if any.is::<PositionSum>() {
            // Positions before sums, so that sets may hold both (a total order).
            return Some(Ordering::Less);
        }
        let o = any.downcast_ref::<Position>()?;
        Some(self.inst.id.cmp(&o.inst.id).then_with(|| self.state.cmp(&o.state)))
    }
    fn members(&self) -> &'static [Member] {
        tables::POSITION
    }
    fn member(
        &self,
        m: &mut Machine,
        _: &Value,
        name: &str,
        args: &[Value],
        site: &Site,
    ) -> Option<Result<Value, EvalError>> {
        let (_, f, n) = self.inst.member(name)?;
        let (f, n) = (f.clone(), *n);
        Some(script_member(m, self, &f, n, args, site))
    }
    fn dynamic_member_names(&self) -> Vec<String> {
        self.inst.member_names()
    }
    gamelike_methods!();
}

impl Object for PositionSum {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        if let Some(g) = self.constant {
            t.game(g);
        }
        self.terms.iter().all(|(p, _)| !t.first_visit(Rc::as_ptr(p)) || Object::trace(&**p, t))
    }
    fn type_name(&self) -> &'static str {
        "Position"
    }
    /// CGSuite 2.2's class of a sum of positions is `CompoundGame` (`(G(2) + G(1)).Class`,
    /// `(Domineering("..") + 1).Class`); the negative of one position alone is a `NegativeGame`.
    fn class_name(&self) -> &'static str {
        match (&self.terms[..], self.constant) {
            ([(_, true)], None) => "NegativeGame",
            _ => "CompoundGame",
        }
    }
    fn display(&self, games: &mut Games) -> String {
        let mut s = String::new();
        for (i, (p, neg)) in self.terms.iter().enumerate() {
            // CGSuite's `CompoundGame` of user games prints `G(2) + -G(1)`.
            match (i, neg) {
                (0, true) => s.push('-'),
                (0, false) => {}
                (_, true) if p.inst.class_front => s.push_str(" + -"),
                (_, true) => s.push_str(" - "),
                (_, false) => s.push_str(" + "),
            }
            s.push_str(&p.display(games));
        }
        if let Some(c) = self.constant {
            let v = game_value(games, c);
            if self.terms.is_empty() {
                return v.display(games);
            }
            s.push_str(" + ");
            s.push_str(&v.display(games));
        }
        s
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        if any.is::<Position>() {
            return Some(Ordering::Greater);
        }
        let o = any.downcast_ref::<PositionSum>()?;
        let a: Vec<_> = self.terms.iter().map(|(p, n)| (p.inst.id, p.state.clone(), *n)).collect();
        let b: Vec<_> = o.terms.iter().map(|(p, n)| (p.inst.id, p.state.clone(), *n)).collect();
        Some(a.cmp(&b).then_with(|| self.constant.cmp(&o.constant)))
    }
    fn members(&self) -> &'static [Member] {
        tables::POSITION_SUM
    }
    gamelike_methods!();
}

impl Object for GameOption {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        t.game(self.0);
        true
    }
    fn type_name(&self) -> &'static str {
        "GameOption"
    }
    fn display(&self, games: &mut Games) -> String {
        format!("Value({})", game_value(games, self.0).display(games))
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<GameOption>().map(|o| self.0.cmp(&o.0))
    }
    gamelike_methods!();
}

fn script_member(
    m: &mut Machine,
    p: &Position,
    f: &Rc<crate::interp::value::Function>,
    params: usize,
    args: &[Value],
    site: &Site,
) -> Result<Value, EvalError> {
    library::check_arity(site, Arity::Exact(params - 1), args.len())?;
    let mut all = Vec::with_capacity(args.len() + 1);
    all.push(p.state.clone());
    all.extend_from_slice(args);
    script::call(m, f, &all, site.span)
}

/// The canonical form of a position, a sum or `Value(g)`, with the error of its computation.
pub fn game_of(m: &mut Machine, o: &Rc<dyn Object>, span: Span) -> Option<Result<GameId, EvalError>> {
    Some(match gamelike(o)? {
        Gamelike::Position(p) => position_value(m, &p, span),
        Gamelike::Option(g) => Ok(g),
        Gamelike::Sum(s) => sum_game(m, s, span),
    })
}

/// The value of a sum of positions.
pub fn sum_game(m: &mut Machine, s: &PositionSum, span: Span) -> Result<GameId, EvalError> {
    let r = sum_ref(m, s, span)?;
    for t in &r.terms {
        canonical(m, &t.inst, t.node, span)?;
    }
    sum_value(m, &r).ok_or_else(|| EvalError::new(ErrorKind::Internal { what: "sum not computed".into() }, span))
}

/// The memo form of a sum of positions.
pub fn sum_ref(m: &mut Machine, s: &PositionSum, span: Span) -> Result<SumRef, EvalError> {
    let mut r =
        SumRef { terms: super::memo::Terms::with_capacity(s.terms.len()), constant: s.constant, loopy: Box::default() };
    for (p, neg) in &s.terms {
        let node = match p.node.get() {
            Some(i) => i,
            None => {
                let i = node_for(m, &p.inst, &p.state, span)?;
                p.node.set(Some(i));
                i
            }
        };
        r.terms.push(super::memo::Term { inst: p.inst.clone(), node, neg: *neg });
    }
    Ok(r)
}

type Terms = (Vec<(Rc<Position>, bool)>, Option<GameId>);

/// A value as terms of a sum: positions, sums, `Value(g)`, games and dyadic numbers.
fn terms_of(m: &mut Machine, v: &Value) -> Option<Result<Terms, ErrorKind>> {
    if let Some(r) = super::classes::position_of(m, v) {
        return Some(r.map(|p| (vec![(p, false)], None)).map_err(|e| e.kind));
    }
    if let Value::Object(o) = v {
        if let Some(g) = gamelike(o) {
            return Some(Ok(match g {
                Gamelike::Position(p) => (vec![(p, false)], None),
                Gamelike::Sum(s) => (s.terms.clone(), s.constant),
                Gamelike::Option(g) => (Vec::new(), Some(g)),
            }));
        }
        // A heap of a take-and-break ruleset is no `is_game` object but has a game value (its nimber), so
        // `Domineering("..") + Nim(2)` is a sum, as in CGSuite 2.2.
        if !o.is_game() && !library::impartial::is_heap_position(v) {
            return None;
        }
    }
    match m.to_game(v)? {
        Ok(g) => Some(Ok((Vec::new(), Some(g)))),
        Err(k) => Some(Err(k)),
    }
}

fn make_sum(m: &mut Machine, terms: Vec<(Rc<Position>, bool)>, constant: Option<GameId>) -> Value {
    let zero = m.games.zero();
    let constant = constant.filter(|&c| c != zero);
    if terms.is_empty() {
        return game_value(m.games, constant.unwrap_or(zero));
    }
    Value::Object(Rc::new(PositionSum { terms, constant }))
}

fn is_gamelike(v: &Value) -> bool {
    matches!(v, Value::Object(o) if gamelike(o).is_some())
}

/// A binary operator with a position, a sum or `Value(g)` as an operand.
pub fn binary(m: &mut Machine, op: BinOp, a: &Value, b: &Value, span: Span) -> Option<Result<Value, EvalError>> {
    if !is_gamelike(a) && !is_gamelike(b) {
        return None;
    }
    let err = |k: ErrorKind| EvalError::new(k, span);
    let no_op =
        || err(ErrorKind::NoOperation { op: op.symbol(), types: vec![a.type_name().into(), b.type_name().into()] });
    if matches!(op, BinOp::Add | BinOp::Sub) {
        if matches!(a, Value::String(_)) || matches!(b, Value::String(_)) {
            return None;
        }
        let (x, y) = match (terms_of(m, a), terms_of(m, b)) {
            (Some(Ok(x)), Some(Ok(y))) => (x, y),
            (Some(Err(k)), _) | (_, Some(Err(k))) => return Some(Err(err(k))),
            _ => return Some(Err(no_op())),
        };
        let (mut terms, c1) = x;
        let (t2, c2) = y;
        let sub = op == BinOp::Sub;
        terms.extend(t2.into_iter().map(|(p, n)| (p, n ^ sub)));
        let c2 = c2.map(|c| if sub { m.games.neg(c) } else { c });
        let constant = match (c1, c2) {
            (Some(x), Some(y)) => Some(m.games.add(x, y)),
            (x, y) => x.or(y),
        };
        return Some(Ok(make_sum(m, terms, constant)));
    }
    // A sum with a user game object has no comparisons (CGSuite 2.2: `G(2) + G(1) > 0` is "No operation `>` for
    // arguments of types `game.CompoundGame`, `game.Zero`"; compare its `CanonicalForm`).
    let user_sum = |v: &Value| match v {
        Value::Object(o) => {
            let any: &dyn std::any::Any = &**o;
            any.downcast_ref::<PositionSum>().is_some_and(|s| s.terms.iter().any(|(p, _)| p.inst.class_front))
        }
        _ => false,
    };
    let comparison = matches!(
        op,
        BinOp::Eq
            | BinOp::Ne
            | BinOp::Lt
            | BinOp::Le
            | BinOp::Gt
            | BinOp::Ge
            | BinOp::Confused
            | BinOp::LessOrConfused
            | BinOp::GreaterOrConfused
    );
    if comparison && (user_sum(a) || user_sum(b)) {
        let name = |v: &Value| if user_sum(v) { "CompoundGame" } else { v.type_name() };
        return Some(Err(err(ErrorKind::NoOperation { op: op.symbol(), types: vec![name(a).into(), name(b).into()] })));
    }
    let mut conv = |v: &Value| -> Result<Option<Value>, EvalError> {
        match v {
            Value::Object(o) if gamelike(o).is_some() => match game_of(m, o, span) {
                Some(Ok(g)) => Ok(Some(game_value(m.games, g))),
                Some(Err(e)) => Err(e),
                None => Ok(None),
            },
            _ => Ok(Some(v.clone())),
        }
    };
    let x = match conv(a) {
        Ok(x) => x,
        Err(e) => return Some(Err(e)),
    };
    let y = match conv(b) {
        Ok(y) => y,
        Err(e) => return Some(Err(e)),
    };
    let (Some(x), Some(y)) = (x, y) else { return Some(Err(no_op())) };
    let game_ish = |v: &Value| m_is_game(v);
    if !game_ish(&x) || !game_ish(&y) {
        return Some(match op {
            BinOp::Eq => Ok(Value::Boolean(false)),
            BinOp::Ne => Ok(Value::Boolean(true)),
            _ => Err(no_op()),
        });
    }
    Some(m.binary(op, &x, &y).map_err(err))
}

fn m_is_game(v: &Value) -> bool {
    matches!(v, Value::Game(_) | Value::Integer(_)) || library::is_dyadic_value(v)
}

/// `-x` for a position, a sum or `Value(g)`.
pub fn negate(m: &mut Machine, v: &Value) -> Option<Value> {
    let Value::Object(o) = v else { return None };
    Some(match gamelike(o)? {
        Gamelike::Position(p) => make_sum(m, vec![(p, true)], None),
        Gamelike::Sum(s) => {
            let terms = s.terms.iter().map(|(p, n)| (p.clone(), !n)).collect();
            let c = s.constant.map(|c| m.games.neg(c));
            make_sum(m, terms, c)
        }
        Gamelike::Option(g) => Value::Object(Rc::new(GameOption(m.games.neg(g)))),
    })
}

/// The canonical form of a position as a value (for `CanonicalForm`).
pub fn canonical_value(m: &mut Machine, p: &Position, span: Span) -> Result<Value, EvalError> {
    let g = position_value(m, p, span)?;
    Ok(game_value(m.games, g))
}

/// Whether an instance is impartial.
pub fn is_impartial(inst: &Instance) -> bool {
    inst.impartial
}

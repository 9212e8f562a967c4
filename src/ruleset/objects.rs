//! The ruleset values as objects of the interpreter's protocol ([`crate::interp::object`]): rulesets
//! (schemas and instances), `Position` inside a ruleset body, positions, sums of positions and `Value(g)`.
//! Calls build instances and positions; members are the ruleset's own `def`s, then the tables of
//! [`super::members`], then every game member of the canonical form; `+`/`-` build sums of positions.

use super::members as tables;
use super::memo::position_value;
use super::position::{as_position, GameOption, Position, PositionSum, Slot};
use super::script::{self, Instance, PositionCtor, Schema};
use super::sums::{binary, negate, sum_game};
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
        if let Some(class) = grid_class(inst.name()) {
            if !matches!(args, [a] if matches!(a, Value::String(_)) || is_board(a)) {
                return Some(Err(grid_args_error(m, class, args, site)));
            }
        }
        // Several arguments make one tuple state: `FoxAndGeese(geese, fox)` is `FoxAndGeese((geese, fox))`.
        Some(library::check_arity(site, Arity::AtLeast(1), args.len()).and_then(|()| {
            let state = match args {
                [one] => integer_board(m, this, inst.name(), one, site).unwrap_or_else(|| read_case(inst.name(), one)),
                _ => Value::Tuple(args.to_vec().into()),
            };
            script::position(m, &inst, state, site.span)
        }))
    }
}

/// CGSuite's `GridRuleset` classes, by the cgs ruleset standing for each (`Clobber` is a `GenClobber`, Cram
/// reads Domineering's `Eval`): their `Eval` takes a board string or a `Grid`, nothing else.
fn grid_class(name: &str) -> Option<&'static str> {
    match super::cgsuite_print::position_class(name)? {
        "Cram" => Some("Domineering"),
        c @ ("Domineering" | "Amazons" | "Fission" | "GenClobber") => Some(c),
        _ => None,
    }
}

/// A board string as CGSuite stores it for the rulesets whose `Eval` reads it through a character map of lower-case
/// letters (`Grid.Parse` and `Strip.Parse` look each character up in lower case): `Clobber("XO")` is the position
/// `"xo"` (CGSuite 2.2: `game.grid.Clobber("XO")` prints `GenClobber.Position("xo")` and its canonical form is `*`;
/// `game.strip.ToadsAndFrogs("T.F")` is `GenToadsAndFrogs.Position("t.f")`). Other states as given.
fn read_case(name: &str, v: &Value) -> Value {
    let lower = matches!(
        super::cgsuite_print::position_class(name),
        Some(
            "Domineering"
                | "Cram"
                | "Amazons"
                | "Fission"
                | "GenClobber"
                | "GenToadsAndFrogs"
                | "TopplingDominoes"
                | "Turning"
        )
    );
    match v {
        Value::String(t) if lower && t.chars().any(char::is_uppercase) => Value::str(&t.to_lowercase()),
        _ => v.clone(),
    }
}

fn is_board(v: &Value) -> bool {
    matches!(v, Value::Object(o) if o.type_name() == "Grid") || library::board::strip::cells_of(v).is_some()
}

/// CGSuite 2.2's answer to a grid ruleset given other arguments: `game.grid.Domineering(3)` is "Method `Eval` in
/// class `game.grid.Domineering` cannot be applied to argument types: `game.Integer`" (`()` for none).
fn grid_args_error(m: &mut Machine, class: &str, args: &[Value], site: &Site) -> EvalError {
    let types = if args.is_empty() {
        "()".to_string()
    } else {
        let names: Vec<String> =
            args.iter().map(|a| format!("`{}`", crate::interp::classes::qualified_class_of(m.games, a))).collect();
        names.join(", ")
    };
    let message = format!("Method `Eval` in class `game.grid.{class}` cannot be applied to argument types: {types}");
    EvalError::new(ErrorKind::Script { message }, site.span)
}

/// An integer `Grid` or `Strip` (`Grid.Empty(2, 3)`, `Strip.Parse("t..f", ".tf")`) given to a ruleset with a
/// `CharMap`: the board string it stands for, cell `k` the map's character `k` (CGSuite 2.2's
/// `GridRuleset.Eval(grid as Grid)`: `Domineering(Grid.Empty(2, 3))` is `Domineering.Position("...|...")`).
/// `None` for other values, or a cell the map has no character for.
fn integer_board(m: &mut Machine, ruleset: &Value, name: &str, v: &Value, site: &Site) -> Option<Value> {
    let strip = library::board::strip::cells_of(v);
    if strip.is_none() && !matches!(v, Value::Object(o) if o.type_name() == "Grid") {
        return None;
    }
    let member = crate::syntax::ast::Ident { name: "CharMap".into(), span: site.span };
    let map: std::rc::Rc<str> = match m.invoke_member(ruleset.clone(), &member, &[], &[], site.span) {
        Ok(Value::String(map)) => map,
        // CGSuite's Cram is the impartial variant of Domineering, whose character map it reads.
        _ if name == "Cram" => ".#".into(),
        _ => return None,
    };
    let text = match strip {
        Some(cells) => {
            let map: Vec<char> = map.chars().collect();
            cells
                .iter()
                .map(|&k| usize::try_from(k).ok().and_then(|k| map.get(k).copied()))
                .collect::<Option<String>>()?
        }
        None => library::board::numgrid::text(v, &map)?,
    };
    Some(Value::str(&text))
}

/// A ruleset's arguments as CGSuite prints an instance of its class: required parameters in order, optional
/// ones as `name => value`, separated by `, ` (`GenCutcake(TakeAndBreak("0.77"), TakeAndBreak("0.[3]"),
/// twisted => false)`). Which parameters CGSuite declares optional is its classes' fact, listed here for the
/// stdlib rulesets that stand for them: every parameter of `GenClobber`, `GenToadsAndFrogs`, `GenFoxAndGeese`
/// and `GenHackenbush`, the third of `GenCutcake`.
fn cgsuite_args(name: &str, params: Option<&[crate::syntax::ast::Ident]>, args: Vec<String>) -> String {
    let required = match name {
        "GenClobber" | "GenToadsAndFrogs" | "GenFoxAndGeese" | "GenHackenbush" => 0,
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

thread_local! {
    /// The stdlib's parameterised rulesets that stand for a class of CGSuite's library (`GenMem`,
    /// `PartizanHeapRuleset`), by the address of their declaration, with the class's qualified name; the weak
    /// handle tells a live declaration from a later one at a reused address.
    #[allow(clippy::type_complexity)]
    static LIBRARY_SCHEMAS: std::cell::RefCell<
        std::collections::HashMap<usize, (std::rc::Weak<crate::syntax::ast::RulesetDef>, Rc<str>)>,
    > = std::cell::RefCell::new(std::collections::HashMap::new());
}

/// Records that `v`, when a stdlib ruleset declaration with parameters, stands for CGSuite's class `qualified`:
/// it prints as that class (CGSuite 2.2: `game.heap.GenMem` is `⟪game.heap.GenMem⟫`) and is a class value.
pub fn register_library_schema(v: &Value, qualified: &str) {
    let Value::Object(o) = v else { return };
    let Some(schema) = downcast_rc::<Schema>(o) else { return };
    let def = &schema.def;
    let entry = (Rc::downgrade(def), Rc::from(qualified));
    LIBRARY_SCHEMAS.with(|m| m.borrow_mut().insert(Rc::as_ptr(def) as usize, entry));
}

/// The qualified class name a stdlib ruleset declaration stands for, if it is one.
fn library_schema(def: &Rc<crate::syntax::ast::RulesetDef>) -> Option<Rc<str>> {
    LIBRARY_SCHEMAS.with(|m| {
        let map = m.borrow();
        let (weak, name) = map.get(&(Rc::as_ptr(def) as usize))?;
        weak.upgrade().filter(|d| Rc::ptr_eq(d, def)).map(|_| name.clone())
    })
}

impl Object for Schema {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        self.trace(t)
    }
    fn type_name(&self) -> &'static str {
        "Ruleset"
    }
    /// A library class's declaration is a class value (CGSuite 2.2: `game.heap.GenMem.Class` is
    /// `⟪cgsuite.lang.Class⟫`).
    fn class_name(&self) -> &'static str {
        if library_schema(&self.def).is_some() {
            "Class"
        } else {
            "Ruleset"
        }
    }
    fn display(&self, _: &mut Games) -> String {
        match library_schema(&self.def) {
            Some(q) => format!("\u{27ea}{q}\u{27eb}"),
            None => self.def.name.name.to_string(),
        }
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
        // Positions and sums before every other object (heaps, forms), so that a set or a followers walk holding
        // them together has one order (CGSuite 2.2's followers of `Domineering("..|..") + game.heap.Kayles(3)`).
        let Some(o) = any.downcast_ref::<Position>() else { return Some(Ordering::Less) };
        Some(self.inst.id.cmp(&o.inst.id).then_with(|| self.state.cmp(&o.state)))
    }
    /// CGSuite's `UniversalOrdering` of two positions of one grid ruleset class (`GenClobber.Position` for every
    /// `GenClobber` instance): their grids compare by hash code (see [`super::cgsuite_print::grid_hash`]).
    fn universal_cmp(&self, other: &dyn Object) -> Option<Ordering> {
        let o = (other as &dyn std::any::Any).downcast_ref::<Position>()?;
        let class = super::cgsuite_print::position_class_name(self.inst.name());
        if class != super::cgsuite_print::position_class_name(o.inst.name()) {
            return None;
        }
        let (a, b) =
            (super::cgsuite_print::grid_hash(class, &self.state)?, super::cgsuite_print::grid_hash(class, &o.state)?);
        Some(a.wrapping_sub(b).cmp(&0))
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
        for x in &self.layout {
            if let Slot::Other(v, g) = x {
                t.game(*g);
                if !t.value(v) {
                    return false;
                }
            }
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
        if !self.layout.is_empty() {
            for (i, x) in self.layout.iter().enumerate() {
                match x {
                    Slot::Term(k) => {
                        let (p, neg) = &self.terms[*k];
                        s.push_str(term_joint(i, *neg, p));
                        s.push_str(&p.display(games));
                    }
                    Slot::Other(v, _) => {
                        if i > 0 {
                            s.push_str(" + ");
                        }
                        s.push_str(&v.display(games));
                    }
                }
            }
            return s;
        }
        for (i, (p, neg)) in self.terms.iter().enumerate() {
            s.push_str(term_joint(i, *neg, p));
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
        let Some(o) = any.downcast_ref::<PositionSum>() else { return Some(Ordering::Less) };
        let a: Vec<_> = self.terms.iter().map(|(p, n)| (p.inst.id, p.state.clone(), *n)).collect();
        let b: Vec<_> = o.terms.iter().map(|(p, n)| (p.inst.id, p.state.clone(), *n)).collect();
        // Sums typed differently are different sums, as CGSuite's compounds are (`x + 1 + *` is not `x + 1*`).
        let layout = |s: &PositionSum| -> Vec<(Option<usize>, Option<Value>)> {
            s.layout
                .iter()
                .map(|x| match x {
                    Slot::Term(k) => (Some(*k), None),
                    Slot::Other(v, _) => (None, Some(v.clone())),
                })
                .collect()
        };
        Some(
            a.cmp(&b)
                .then_with(|| self.constant.cmp(&o.constant))
                .then_with(|| layout(self).cmp(&layout(o)))
                .then_with(|| self.shape.cmp(&o.shape)),
        )
    }
    fn members(&self) -> &'static [Member] {
        tables::POSITION_SUM
    }
    gamelike_methods!();
}

/// What stands before the `i`-th part of a sum when it is a position: nothing or `-` first, then ` + ` or
/// ` - `; CGSuite 2.2 writes a subtracted position ` + -` (`Domineering.Position("..|..") +
/// -Domineering.Position("..|..")`), as cgs does for a user game object and in CGSuite's output mode.
fn term_joint(i: usize, neg: bool, p: &Position) -> &'static str {
    match (i, neg) {
        (0, true) => "-",
        (0, false) => "",
        (_, true) if p.inst.class_front || crate::game::print_limit::cgsuite() => " + -",
        (_, true) => " - ",
        (_, false) => " + ",
    }
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

/// Whether an instance is impartial.
pub fn is_impartial(inst: &Instance) -> bool {
    inst.impartial
}

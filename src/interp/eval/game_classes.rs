//! User classes that extend CGSuite's game and ruleset classes (docs/LANGUAGE.md §10, "Game and ruleset
//! classes"): `class Position(grid as Grid) extends GridGame … override def Options(player) … end` inside
//! `singleton class Clobber extends GridRuleset … end`, as CGSuite's library and tutorials define games.
//!
//! An object of a class extending `Game` (or `ImpartialGame`, `GridGame`, `StripGame`) is a game: its options
//! are its `Options(player)` (`Options` for an impartial game), its canonical form is built from theirs (or from
//! its `Decomposition`'s components when it declares one) and memoised per workspace by the object's value, and
//! it answers every game member through that canonical form. `-G` is CGSuite's `NegativeGame`. A class
//! extending `GridRuleset` or `StripRuleset` is called with a string (read through its `CharMap`), a grid or a
//! strip, and builds its nested `Position`; positions of grid and strip games print as CGSuite's `GridGame`
//! (`Clobber.Position("xo")`). Every game and ruleset answers `DicoticVariant`, `ImpartialVariant` and
//! `TwistedVariant` through the classes of stdlib/variants.cgs, written as CGSuite writes them.

use super::classes::bases::library_chain;
use super::classes::types::{user_object, Shown, UserClass, UserObject};
use super::machine::*;
use crate::interp::object::downcast_ref;

/// CGSuite's heap and coordinate ruleset bases: a user subclass plays on a ruleset of stdlib/heap.cgs made from the
/// object (its `HeapOptions`, its `CoordinateOptions`, its `leftRuleset` and `rightRuleset`), which answers the
/// base's members listed here and makes the positions (`R(5)`, `R((2, 3))`, `R(2, 3)`).
const RULESET_BASES: &[(&str, &str, &[&str])] = &[
    (
        "HeapRuleset",
        "_HeapRulesetOf",
        &[
            "AcrosticProduct",
            "CakeProduct",
            "CheckPeriodicity",
            "DirectProduct",
            "HeapNimValue",
            "Join",
            "NimValueSequence",
            "PartizanJoin",
        ],
    ),
    ("CoordinateRuleset", "_CoordinateRulesetOf", &["Adjoin", "NimValueTable"]),
    ("PartizanHeapRuleset", "_PartizanHeapRulesetOf", &["GameValueSequence"]),
    ("PartizanCoordinateRuleset", "_PartizanCoordinateRulesetOf", &["GameValueTable"]),
];

/// The entry of [`RULESET_BASES`] a class extending `lib` plays on, if any.
fn ruleset_base(lib: Option<&str>) -> Option<&'static (&'static str, &'static str, &'static [&'static str])> {
    let chain = library_chain(lib);
    RULESET_BASES.iter().find(|(base, _, _)| chain.contains(base))
}

/// Whether the library answers member `name` of an object of a class extending `lib` (see [`library_member`]).
pub(super) fn library_answers(lib: Option<&str>, name: &str) -> bool {
    let chain = library_chain(lib);
    chain.contains(&"Game") && matches!(name, "Options" | "LeftOptions" | "RightOptions" | "GameValue")
        || chain.contains(&"GridGame") && name == "GridString"
        || matches!(name, "DicoticVariant" | "ImpartialVariant" | "TwistedVariant") && !chain.is_empty()
        || ruleset_base(lib).is_some_and(|(_, _, members)| members.contains(&name))
        || chain.contains(&"GraphRuleset") && matches!(name, "VertexLabels" | "EdgeLabels")
}

/// Whether objects of `class` are games.
pub(super) fn is_game_class(class: &UserClass) -> bool {
    class.facts().game
}

fn is_impartial_class(class: &UserClass) -> bool {
    library_chain(class.library).contains(&"ImpartialGame")
}

fn script_err(message: String, span: Span) -> EvalError {
    EvalError::new(ErrorKind::Script { message }, span)
}

fn call_member(m: &mut Machine, this: &Value, name: &str, args: &[Value], span: Span) -> Result<Value, EvalError> {
    let ident = Ident { name: name.into(), span };
    m.invoke_member(this.clone(), &ident, args, &[], span)
}

/// The members the library classes give a user game: `LeftOptions`, `RightOptions`, `Options(player)` of an
/// impartial game (its `Options`), and `GridString` of a grid game.
pub(super) fn library_member(
    m: &mut Machine,
    obj: &UserObject,
    this: &Value,
    name: &str,
    args: &[Value],
    site: &Site,
) -> Option<Result<Value, EvalError>> {
    let class = &obj.class;
    if !library_answers(class.library, name) {
        return None;
    }
    let impartial = is_impartial_class(class);
    Some(match (name, args) {
        ("LeftOptions" | "RightOptions", []) if impartial => call_member(m, this, "Options", &[], site.span),
        ("LeftOptions", []) => call_member(m, this, "Options", &[Value::Player(Player::Left)], site.span),
        ("RightOptions", []) => call_member(m, this, "Options", &[Value::Player(Player::Right)], site.span),
        ("Options", [Value::Player(_)]) if impartial => call_member(m, this, "Options", &[], site.span),
        ("GridString", []) => m.grid_string(obj, this, site.span).map(|s| Value::str(&s)),
        // `GameValue`, loopy or not: the memo's position of the object answers it.
        ("GameValue", []) => match m.globals.class_games {
            Some(hooks) => {
                (hooks.position)(m, this, site.span).and_then(|p| call_member(m, &p, "GameValue", &[], site.span))
            }
            None => return None,
        },
        // CGSuite's `GraphRuleset` labels: a vertex or edge without a label is written as nothing.
        ("VertexLabels" | "EdgeLabels", []) => Ok(crate::interp::order::map_value([(Value::str(""), Value::Nothing)])),
        (_, _) if ruleset_base(class.library).is_some() => m.base_ruleset(this, site).and_then(|r| {
            let ident = Ident { name: name.into(), span: site.span };
            m.invoke_member(r, &ident, args, site.args, site.span)
        }),
        _ => return None,
    })
}

/// `R(x)` for a grid or strip ruleset without an `Eval` of its own (CGSuite's `GridRuleset.Eval`): a string is
/// read through `CharMap`, a grid or strip is used as it is, and the ruleset's `Position` class is called.
pub(super) fn library_eval(
    m: &mut Machine,
    obj: &UserObject,
    this: &Value,
    args: &[Value],
    site: &Site,
) -> Option<Result<Value, EvalError>> {
    let chain = library_chain(obj.class.library);
    if ruleset_base(obj.class.library).is_some() {
        // `R(n)`, `R((a, b))`, `R(a, b)`: the position of the ruleset the object plays on.
        return Some(m.base_ruleset(this, site).and_then(|r| m.call_value(&r, args, site)));
    }
    if chain.contains(&"GraphRuleset") {
        return Some(graph_eval(m, this, args, site));
    }
    let grid = chain.contains(&"GridRuleset");
    if !grid && !chain.contains(&"StripRuleset") {
        return None;
    }
    Some((|| {
        let [arg] = args else {
            return Err(site.err(ErrorKind::ArgumentCount { expected: Arity::Exact(1), got: args.len() }));
        };
        let state = match arg {
            Value::String(s) => {
                let map = call_member(m, this, "CharMap", &[], site.span)?;
                let Value::String(map) = map else { return Err(site.wrong_type(0, "String", &map)) };
                if grid {
                    (m.globals.library.parse_grid)(site, s, &map)?
                } else {
                    let class = m.globals.lookup("Strip").cloned().ok_or_else(|| site.bug())?;
                    let ident = Ident { name: "Parse".into(), span: site.span };
                    m.invoke_member(class, &ident, &[arg.clone(), Value::String(map)], &[], site.span)?
                }
            }
            other => other.clone(),
        };
        let position = call_member(m, this, "Position", &[], site.span)?;
        m.call_value(&position, &[state], site)
    })())
}

/// `R(x)` for a graph ruleset (CGSuite's `GraphRuleset.Eval`): a string is read by `Graph.Parse` through the
/// ruleset's `VertexLabels` and `EdgeLabels`, a graph is used as it is; then the ruleset's `Position` is called.
fn graph_eval(m: &mut Machine, this: &Value, args: &[Value], site: &Site) -> Result<Value, EvalError> {
    let [arg] = args else {
        return Err(site.err(ErrorKind::ArgumentCount { expected: Arity::Exact(1), got: args.len() }));
    };
    let graph = match arg {
        Value::String(_) => {
            let vertex = call_member(m, this, "VertexLabels", &[], site.span)?;
            let edge = call_member(m, this, "EdgeLabels", &[], site.span)?;
            let class = m.globals.lookup("Graph").cloned().ok_or_else(|| site.bug())?;
            let ident = Ident { name: "Parse".into(), span: site.span };
            m.invoke_member(class, &ident, &[arg.clone(), vertex, edge], &[], site.span)?
        }
        other => other.clone(),
    };
    let position = call_member(m, this, "Position", &[], site.span)?;
    m.call_value(&position, &[graph], site)
}

/// A user game object as the ruleset layer's class front sees it (`ruleset::classes`): the identity of its
/// class. A nested class is one class per enclosing object (`PartizanSubtraction([1],[2]).Position`), so the
/// identity is the declaration's and the enclosing object's.
pub struct ClassGame<'v> {
    /// The class declaration's identity.
    pub id: usize,
    /// The object enclosing the class, for a nested class.
    pub enclosing: Option<&'v Value>,
}

/// What is needed once per class: its printed name, whether it is impartial (`Options` without a player) and
/// whether it declares a `Decomposition`.
pub struct ClassGameFacts {
    /// CGSuite's name of the class (`Clobber.Position`).
    pub name: String,
    /// The class extends `ImpartialGame`.
    pub impartial: bool,
    /// The class declares `Decomposition`.
    pub decomposes: bool,
}

/// `v` as a user game object (an object of a class extending `Game`), if it is one.
pub fn class_game(v: &Value) -> Option<ClassGame<'_>> {
    let obj = user_object(v)?;
    is_game_class(&obj.class).then(|| ClassGame { id: obj.class.class_id(), enclosing: obj.class.enclosing.as_ref() })
}

/// Whether `a` and `b` are user objects of one class (the same class value: one declaration, one enclosing
/// object).
#[inline]
pub fn same_user_class(a: &Value, b: &Value) -> bool {
    matches!((user_object(a), user_object(b)), (Some(x), Some(y)) if Rc::ptr_eq(&x.class, &y.class))
}

/// Whether `v` is an object of a user class.
#[inline]
pub fn is_user_object(v: &Value) -> bool {
    user_object(v).is_some()
}

/// Whether every value of `items` is a user object of the class of the user object `state` (as
/// [`same_user_class`] with `state`, asked once of `state`).
pub fn all_of_user_class<'v>(state: &Value, mut items: impl Iterator<Item = &'v Value>) -> bool {
    let Some(s) = user_object(state) else { return false };
    items.all(|x| matches!(user_object(x), Some(o) if Rc::ptr_eq(&o.class, &s.class)))
}

/// The facts of the class of a user game object.
pub fn class_game_facts(v: &Value) -> Option<ClassGameFacts> {
    let obj = user_object(v)?;
    let class = &obj.class;
    is_game_class(class).then(|| ClassGameFacts {
        name: class.display_name(),
        impartial: is_impartial_class(class),
        decomposes: class.defines("Decomposition"),
    })
}

/// A user game object as a memo key: its class's identity, the address of the object enclosing its class (0
/// for none) and its variables (constructor parameters and `var`s, in order). `None` for any other object.
pub fn class_game_fields(o: &dyn Object) -> Option<(usize, usize, impl Iterator<Item = &Value>)> {
    let obj = downcast_ref::<UserObject>(o)?;
    let enclosing = match &obj.class.enclosing {
        Some(Value::Object(e)) => Rc::as_ptr(e) as *const () as usize,
        _ => 0,
    };
    is_game_class(&obj.class).then(|| (obj.class.class_id(), enclosing, obj.fields.iter().map(|(_, v)| v)))
}

/// The one variable of an object of a user game class that has exactly one (`Position(grid)`) and no shared
/// cells: the ruleset memo keys such a class's positions by it (`ruleset::memo::node_for`).
pub fn class_game_single_field(v: &Value) -> Option<&Value> {
    let Value::Object(o) = v else { return None };
    let obj = downcast_ref::<UserObject>(&**o)?;
    match (&obj.fields[..], &obj.cells) {
        ([(_, f)], None) if is_game_class(&obj.class) => Some(f),
        _ => None,
    }
}

/// What the objects of the workspace's game and ruleset classes ask again and again, kept so that building a
/// position is cheap: the nested classes of each enclosing object (a class per enclosing object, built once)
/// and the `CharMap` of each ruleset object. Keyed by the object's address, which the kept value holds alive;
/// emptied when it grows past [`ClassCaches::MAX`] entries and on `:clear`.
#[derive(Default)]
pub(super) struct ClassCaches {
    nested: rustc_hash::FxHashMap<(usize, usize), (Value, Value)>,
    char_maps: rustc_hash::FxHashMap<usize, (Value, Value)>,
    /// The `VertexToString` and `EdgeToString` of each graph ruleset object (see `graph_writers`).
    graph_writers: rustc_hash::FxHashMap<usize, (Value, Rc<[Value; 2]>)>,
    /// The ruleset of each object of a class extending a heap or coordinate ruleset base ([`RULESET_BASES`]).
    heaps: rustc_hash::FxHashMap<usize, (Value, Value)>,
}

impl ClassCaches {
    const MAX: usize = 4096;

    fn address(v: &Value) -> Option<usize> {
        match v {
            Value::Object(o) => Some(Rc::as_ptr(o) as *const () as usize),
            _ => None,
        }
    }

    /// The nested class `id` of `outer`, if built before.
    pub(super) fn nested(&self, outer: &Value, id: usize) -> Option<Value> {
        self.nested.get(&(Self::address(outer)?, id)).map(|(_, c)| c.clone())
    }

    /// Keeps the nested class `id` of `outer`.
    pub(super) fn keep_nested(&mut self, outer: &Value, id: usize, class: &Value) {
        let Some(a) = Self::address(outer) else { return };
        if self.nested.len() >= Self::MAX {
            self.nested.clear();
        }
        self.nested.insert((a, id), (outer.clone(), class.clone()));
    }
}

impl crate::interp::gc::Extension for ClassCaches {
    fn trace(&mut self, t: &mut crate::interp::gc::Tracer) -> bool {
        self.nested
            .values()
            .chain(self.char_maps.values())
            .chain(self.heaps.values())
            .all(|(a, b)| t.value(a) && t.value(b))
            && self.graph_writers.values().all(|(a, w)| t.value(a) && t.values(w.iter()))
    }
    fn on_clear(&mut self) {
        self.nested.clear();
        self.char_maps.clear();
        self.graph_writers.clear();
        self.heaps.clear();
    }
}

impl<'a> Machine<'a> {
    /// The ruleset an object `this` of a class extending a heap or coordinate ruleset base plays on (stdlib/heap.cgs's
    /// `_HeapRulesetOf(this)`, …, see [`RULESET_BASES`]), built once per object (its memo is the ruleset's).
    fn base_ruleset(&mut self, this: &Value, site: &Site) -> Result<Value, EvalError> {
        let key = ClassCaches::address(this).ok_or_else(|| site.bug())?;
        if let Some((_, r)) = self.globals.extensions.get::<ClassCaches>().heaps.get(&key) {
            return Ok(r.clone());
        }
        let class = user_object(this).and_then(|o| ruleset_base(o.class.library)).ok_or_else(|| site.bug())?;
        let make = self.globals.lookup(class.1).cloned().ok_or_else(|| site.bug())?;
        let r = self.call_value(&make, std::slice::from_ref(this), site)?;
        let caches = self.globals.extensions.get::<ClassCaches>();
        if caches.heaps.len() >= ClassCaches::MAX {
            caches.heaps.clear();
        }
        caches.heaps.insert(key, (this.clone(), r.clone()));
        Ok(r)
    }

    /// `grid.ToString(CharMap)` of a grid or strip game (its `grid` or `strip` variable).
    fn grid_string(&mut self, obj: &UserObject, this: &Value, span: Span) -> Result<String, EvalError> {
        let (board, map) = self.board_and_map(obj, Some(this), span)?;
        let s = call_member(self, &board, "ToString", &[map], span)?;
        Ok(s.display_plain(self.games))
    }

    /// The board (`grid` or `strip` variable) of a grid or strip game and its ruleset's `CharMap` (`this` is the
    /// object as a value, made from `obj` when not given and the class declares its own `CharMap`).
    fn board_and_map(
        &mut self,
        obj: &UserObject,
        this: Option<&Value>,
        span: Span,
    ) -> Result<(Value, Value), EvalError> {
        let board = ["grid", "strip"].iter().find_map(|n| obj.fields.iter().find(|(f, _)| &**f == *n));
        let Some((_, board)) = board else {
            let message = "A grid or strip game needs a variable `grid` or `strip`".to_string();
            return Err(script_err(message, span));
        };
        let board = board.clone();
        let map = match self.char_map(obj, this, span) {
            Some(r) => r?,
            None => return Err(script_err("The ruleset of this game has no `CharMap`".to_string(), span)),
        };
        Ok((board, map))
    }

    /// `CharMap` of a grid or strip game: its own, or that of the first object enclosing its class that has
    /// one (the ruleset's, kept per ruleset object).
    fn char_map(&mut self, obj: &UserObject, this: Option<&Value>, span: Span) -> Option<Result<Value, EvalError>> {
        if obj.class.facts().own_char_map {
            let this = this.cloned().unwrap_or_else(|| Value::Object(Rc::new(obj.clone())));
            return Some(call_member(self, &this, "CharMap", &[], span));
        }
        if let Some(map) = obj.class.enclosing_char_map.get() {
            return Some(Ok(map.clone()));
        }
        let outer = obj.class.enclosing.clone()?;
        let key = ClassCaches::address(&outer)?;
        if let Some((_, map)) = self.globals.extensions.get::<ClassCaches>().char_maps.get(&key) {
            return Some(Ok(map.clone()));
        }
        let map = self.find_in_enclosing(&outer, "CharMap", span)?;
        if let Ok(map) = &map {
            // The enclosing object is the class's own: its map is kept with the class too.
            let _ = obj.class.enclosing_char_map.set(map.clone());
            let caches = self.globals.extensions.get::<ClassCaches>();
            if caches.char_maps.len() >= ClassCaches::MAX {
                caches.char_maps.clear();
            }
            caches.char_maps.insert(key, (outer, map.clone()));
        }
        Some(map)
    }

    /// `name` of the object `this` or of the first object enclosing its class that has it.
    fn find_in_enclosing(&mut self, this: &Value, name: &str, span: Span) -> Option<Result<Value, EvalError>> {
        let mut at = this.clone();
        loop {
            let obj = user_object(&at)?;
            if obj.class.defines(name) {
                return Some(call_member(self, &at, name, &[], span));
            }
            at = obj.class.enclosing.clone()?;
        }
    }

    /// The printed form CGSuite's `GridGame`/`StripGame` give a position, `Clobber.Position("xo")`, for an object
    /// of such a class ([`Shown::Default`] for other classes). On a grid of integers it is made when printed.
    pub(super) fn library_output(&mut self, obj: &UserObject, span: Span) -> Result<Shown, EvalError> {
        let facts = obj.class.facts();
        if facts.graph {
            // CGSuite's `GraphGame.ToOutput`; a graph cgs cannot write so prints as any object.
            return Ok(self.graph_shown(obj, span));
        }
        if !facts.board {
            return Ok(Shown::Default);
        }
        // The common case, a position of a grid game whose ruleset's `CharMap` is known: what the lines below
        // decide, without copying the board and the map first.
        if !facts.own_char_map {
            let board = obj.fields.iter().find(|(f, _)| &**f == "grid").map(|(_, g)| g);
            if let (Some(Value::String(map)), Some(board)) = (obj.class.enclosing_char_map.get(), board) {
                if matches!(board, Value::Object(o) if o.type_name() == "Grid")
                    && !(self.globals.library.is_grid)(board)
                {
                    return Ok(Shown::Grid(map.clone()));
                }
            }
        }
        let (board, map) = self.board_and_map(obj, None, span)?;
        let lazy = obj.fields.iter().any(|(f, _)| &**f == "grid")
            && matches!(&board, Value::Object(o) if o.type_name() == "Grid")
            && !(self.globals.library.is_grid)(&board);
        if let (true, Value::String(map)) = (lazy, &map) {
            return Ok(Shown::Grid(map.clone()));
        }
        let s = call_member(self, &board, "ToString", &[map], span)?;
        let s = s.display_plain(self.games);
        Ok(Shown::Text(format!("{}(\"{}\")", obj.class.display_name(), s)))
    }

    /// The printed form of a graph game, `Name("graph")`: its `graph` written with the ruleset's `VertexToString`
    /// and `EdgeToString` (by default the reversed `VertexLabels` and `EdgeLabels`), made when printed when
    /// both are maps ([`Shown::Graph`]); [`Shown::Default`] when it cannot be made.
    fn graph_shown(&mut self, obj: &UserObject, span: Span) -> Shown {
        let graph = obj.fields.iter().find(|(f, _)| &**f == "graph").map(|(_, g)| g.clone());
        let (Some(graph), Some(outer)) = (graph, obj.class.enclosing.clone()) else { return Shown::Default };
        let Ok(writers) = self.graph_writers(&outer, span) else { return Shown::Default };
        if matches!(&*writers, [Value::Map(_, _), Value::Map(_, _)])
            && matches!(&graph, Value::Object(o) if matches!(o.type_name(), "Graph" | "DirectedGraph"))
        {
            return Shown::Graph(writers);
        }
        match call_member(self, &graph, "ToString", &*writers, span) {
            Ok(s) => Shown::Text(format!("{}(\"{}\")", obj.class.display_name(), s.display_plain(self.games))),
            Err(_) => Shown::Default,
        }
    }

    /// The `VertexToString` and `EdgeToString` of the ruleset `outer` (kept per ruleset object, as its
    /// `CharMap`).
    fn graph_writers(&mut self, outer: &Value, span: Span) -> Result<Rc<[Value; 2]>, EvalError> {
        let key = ClassCaches::address(outer);
        if let Some(key) = key {
            if let Some((_, w)) = self.globals.extensions.get::<ClassCaches>().graph_writers.get(&key) {
                return Ok(w.clone());
            }
        }
        let mut writers = [Value::Nothing, Value::Nothing];
        for (w, kind) in writers.iter_mut().zip(["Vertex", "Edge"]) {
            *w = match self.find_in_enclosing(outer, &format!("{kind}ToString"), span) {
                Some(w) => w?,
                None => {
                    let labels = call_member(self, outer, &format!("{kind}Labels"), &[], span)?;
                    call_member(self, &labels, "Reversed", &[], span)?
                }
            };
        }
        let writers = Rc::new(writers);
        if let Some(key) = key {
            let caches = self.globals.extensions.get::<ClassCaches>();
            if caches.graph_writers.len() >= ClassCaches::MAX {
                caches.graph_writers.clear();
            }
            caches.graph_writers.insert(key, (outer.clone(), writers.clone()));
        }
        Ok(writers)
    }

    /// The canonical form of a user game, by the ruleset layer's memo (`ruleset::classes`): from its
    /// `Decomposition`'s components when its class declares one that splits it, else from the canonical forms
    /// of its options.
    pub(super) fn user_game(&mut self, this: &Value, span: Span) -> Result<GameId, EvalError> {
        match self.globals.class_games {
            Some(hooks) => (hooks.value)(self, this, span),
            None => Err(script_err("Game classes need the ruleset layer, which is not installed".to_string(), span)),
        }
    }

    fn option_game(&mut self, v: &Value, span: Span) -> Result<GameId, EvalError> {
        match self.to_game(v) {
            Some(r) => r.map_err(|k| EvalError::new(k, span)),
            None => {
                let shown = v.display(self.games);
                Err(script_err(format!("An option must be a game, not {shown}"), span))
            }
        }
    }
}

/// CGSuite's `NegativeGame`: `-G` for a user game `G`, whose options are the negatives of `G`'s options for
/// the other player.
#[derive(Debug)]
pub struct NegatedGame {
    inner: Value,
}

impl NegatedGame {
    /// `-inner`.
    pub(super) fn value(inner: &Value) -> Value {
        Value::Object(Rc::new(NegatedGame { inner: inner.clone() }))
    }
}

impl Object for NegatedGame {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        t.value(&self.inner)
    }
    fn type_name(&self) -> &'static str {
        "NegativeGame"
    }
    fn display(&self, games: &mut Games) -> String {
        format!("-{}", self.inner.display(games))
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<std::cmp::Ordering> {
        downcast_ref::<NegatedGame>(other).map(|o| self.inner.cmp(&o.inner))
    }
    fn member(
        &self,
        m: &mut Machine,
        _: &Value,
        name: &str,
        args: &[Value],
        site: &Site,
    ) -> Option<Result<Value, EvalError>> {
        let (inner_name, inner_args) = match (name, args) {
            ("LeftOptions", []) => ("RightOptions", Vec::new()),
            ("RightOptions", []) => ("LeftOptions", Vec::new()),
            ("Options", [Value::Player(p)]) => ("Options", vec![Value::Player(p.opponent())]),
            _ => return None,
        };
        Some((|| {
            let opts = call_member(m, &self.inner, inner_name, &inner_args, site.span)?;
            let opts = m.elements(&opts).unwrap_or_default();
            let mut out = Vec::with_capacity(opts.len());
            for o in opts {
                out.push(negate(m, &o, site.span)?);
            }
            Ok(crate::interp::native::list(out))
        })())
    }
    fn negate(&self, _: &mut Machine, _: &Value, _: Span) -> Option<Result<Value, EvalError>> {
        Some(Ok(self.inner.clone()))
    }
    fn to_game(&self, m: &mut Machine, span: Span) -> Option<Result<GameId, EvalError>> {
        Some(m.option_game(&self.inner, span).map(|g| m.games.neg(g)))
    }
    fn is_game(&self) -> bool {
        true
    }
}

/// The game `v` negates, if `v` is CGSuite's `NegativeGame` of a user game.
pub fn negated_game(v: &Value) -> Option<&Value> {
    match v {
        Value::Object(o) => downcast_ref::<NegatedGame>(&**o).map(|n| &n.inner),
        _ => None,
    }
}

/// `-v` as the evaluator computes it.
fn negate(m: &mut Machine, v: &Value, span: Span) -> Result<Value, EvalError> {
    match v {
        Value::Object(o) => match o.clone().negate(m, v, span) {
            Some(r) => r,
            None => m.binary(BinOp::Sub, &Value::int(0), v).map_err(|k| EvalError::new(k, span)),
        },
        _ => m.binary(BinOp::Sub, &Value::int(0), v).map_err(|k| EvalError::new(k, span)),
    }
}

/// `G.DicoticVariant`, `R.ImpartialVariant`, … for every game and ruleset: CGSuite's `game.variant` classes
/// (stdlib/variants.cgs) applied to it. `None` when `name` is not a variant or `obj` neither a game nor a
/// ruleset.
pub(super) fn variant(
    m: &mut Machine,
    obj: &Value,
    name: &str,
    args: &[Value],
    span: Span,
) -> Option<Result<Value, EvalError>> {
    if !matches!(name, "DicoticVariant" | "ImpartialVariant" | "TwistedVariant") {
        return None;
    }
    let ruleset = match obj {
        Value::Object(o) => {
            o.type_name() == "Ruleset"
                || user_object(obj).is_some_and(|u| library_chain(u.class.library).contains(&"Ruleset"))
        }
        _ => false,
    };
    let game = match obj {
        Value::Game(_) | Value::Integer(_) => true,
        Value::Rational(r) => is_dyadic(r),
        // Heap positions are `Position`s of the impartial tables, games without `is_game`; a misère game is a
        // game tree too (CGSuite 2.2: `(*[2]).TwistedVariant` is `TwistedVariantGame(*[2])`).
        Value::Object(o) => o.is_game() || matches!(o.type_name(), "Position" | "MisereCanonicalGame"),
        _ => false,
    };
    let class = match (ruleset, game) {
        (true, _) => format!("{name}Ruleset"),
        (false, true) => format!("{name}Game"),
        _ => return None,
    };
    let class = m.globals.lookup(&class).cloned()?;
    let site = Site { name, span, args: &[] };
    let v = m.call_value(&class, std::slice::from_ref(obj), &site);
    if args.is_empty() {
        return Some(v);
    }
    // `R.ImpartialVariant(state)`: the variant ruleset called.
    Some(v.and_then(|r| m.call_value(&r, args, &site)))
}

/// Members of CGSuite's library classes that cgs's rulesets have no `def` for: the static
/// `TakeAndBreak.FromSubtractionSet(subtset, codeDigit ? "3", allbut ? false)` (stdlib/subtraction.cgs), and
/// `GeeseMoves` of a Fox and Geese ruleset (CGSuite's GenFoxAndGeese.cgs reads `FoxAndGeese.GeeseMoves`).
pub(super) fn library_static(
    m: &mut Machine,
    obj: &Value,
    name: &str,
    args: &[Value],
    site: &Site,
) -> Option<Result<Value, EvalError>> {
    if name == "GeeseMoves" && args.is_empty() && obj.type_name() == "Ruleset" {
        let shown = obj.display_plain(m.games);
        if shown.contains("FoxAndGeese") {
            let pair = |r: i64, c: i64| Value::Tuple(Rc::from(vec![Value::int(r), Value::int(c)]));
            return Some(Ok(crate::interp::native::list(vec![pair(-1, -1), pair(-1, 1)])));
        }
    }
    if matches!(name, "Name" | "QualifiedName") && args.is_empty() {
        if let Some(r) = library_class_name_member(m, obj, name) {
            return Some(Ok(r));
        }
    }
    let Value::Function(f) = obj else { return None };
    if !matches!(&**f, Function::Native(n) if n.name == "TakeAndBreak") || name != "FromSubtractionSet" {
        return None;
    }
    let f = m.globals.lookup("_TakeAndBreakFromSubtractionSet").cloned()?;
    Some(m.call_value(&f, args, site))
}

/// `C.Name` and `C.QualifiedName` of a value that stands for one of CGSuite's library classes without being a
/// class value in cgs: a function of the class's name (`HeapRuleset`, `Turning`: cgs makes their rulesets with a
/// function), or a class-like object (`Graph`, `System`). CGSuite 2.2: `game.heap.HeapRuleset.Name` is
/// `"HeapRuleset"`, `.QualifiedName` `"game.heap.HeapRuleset"`.
fn library_class_name_member(m: &mut Machine, obj: &Value, name: &str) -> Option<Value> {
    let short = match obj {
        Value::Function(f) => f.name(),
        Value::Object(o) if matches!(o.type_name(), "Class" | "System") || o.class_name() == "Class" => {
            let shown = o.display(m.games);
            let shown = shown.trim_start_matches('\u{27ea}').trim_end_matches('\u{27eb}');
            let short = shown.rsplit('.').next().unwrap_or(shown);
            // A class value printing its qualified name (`⟪game.heap.GenMem⟫`) answers from it.
            if short != shown {
                return Some(Value::str(if name == "Name" { short } else { shown }));
            }
            short.to_string()
        }
        _ => return None,
    };
    let qualified = crate::interp::classes::qualified(&short);
    if qualified == short {
        return None;
    }
    Some(Value::str(if name == "Name" { &short } else { &qualified }))
}

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

use super::classes::{user_object, UserClass, UserObject};
use super::*;
use crate::interp::object::downcast_ref;
use std::collections::{BTreeMap, BTreeSet};

/// The library classes a user class may extend, each with its ancestors (nearest first) and CGSuite's
/// qualified name.
const LIBRARY: &[(&str, &[&str], &str)] = &[
    ("Game", &["Game"], "game.Game"),
    ("ImpartialGame", &["ImpartialGame", "Game"], "game.ImpartialGame"),
    ("GridGame", &["GridGame", "Game"], "game.grid.GridRuleset.GridGame"),
    ("StripGame", &["StripGame", "Game"], "game.strip.StripRuleset.StripGame"),
    ("Ruleset", &["Ruleset"], "game.Ruleset"),
    ("GridRuleset", &["GridRuleset", "Ruleset"], "game.grid.GridRuleset"),
    ("StripRuleset", &["StripRuleset", "Ruleset"], "game.strip.StripRuleset"),
];

/// CGSuite's library classes cgs cannot extend, with what to write instead.
const UNSUPPORTED: &[(&str, &str)] = &[
    ("HeapRuleset", "use `HeapRuleset(n -> options)` or a `ruleset`"),
    ("CoordinateRuleset", "write a `ruleset` on pairs"),
    ("PartizanHeapRuleset", "use `PartizanHeapRuleset(L, R)`"),
    ("PartizanCoordinateRuleset", "write a `ruleset` on pairs"),
    ("GraphRuleset", "write a `ruleset` on graphs"),
    ("GraphGame", "write a `ruleset` on graphs"),
    ("CanonicalShortGame", "it is not extensible"),
    ("CompoundGame", "it is not extensible"),
    ("ExplicitGame", "it is not extensible"),
];

/// The members each library class declares that a subclass must mark `override` (CGSuite's `DeclTest`).
const DECLARED: &[(&str, &[&str])] = &[
    ("Game", &["Options", "LeftOptions", "RightOptions", "Decomposition", "DepthHint", "CanonicalForm", "GameValue"]),
    ("ImpartialGame", &["NimValue"]),
    ("GridGame", &["GridString"]),
    ("Ruleset", &["DicoticVariant", "ImpartialVariant", "TwistedVariant"]),
    ("GridRuleset", &["Eval", "CharMap", "Icons"]),
    ("StripRuleset", &["Eval", "CharMap", "Icons"]),
];

/// `extends Name`: `Some(Ok(base))` for a library class cgs supports, `Some(Err(why))` for one it does not,
/// `None` for any other name.
pub(super) fn library_base(name: &str) -> Option<Result<&'static str, &'static str>> {
    if let Some((n, _, _)) = LIBRARY.iter().find(|(n, _, _)| *n == name) {
        return Some(Ok(n));
    }
    UNSUPPORTED.iter().find(|(n, _)| *n == name).map(|(_, why)| Err(*why))
}

/// The library class `lib` and its ancestors, nearest first.
pub(super) fn library_chain(lib: Option<&str>) -> &'static [&'static str] {
    lib.and_then(|l| LIBRARY.iter().find(|(n, _, _)| *n == l)).map_or(&[], |(_, chain, _)| chain)
}

/// The library member a declaration `name` overrides (`game.Game.Options`), if any.
pub(super) fn library_overrides(lib: Option<&str>, name: &str) -> Option<String> {
    library_chain(lib).iter().find_map(|c| {
        let (_, members) = DECLARED.iter().find(|(n, _)| n == c)?;
        members.contains(&name).then(|| {
            let q = LIBRARY.iter().find(|(n, _, _)| n == c).map_or(*c, |(_, _, q)| *q);
            format!("{q}.{name}")
        })
    })
}

/// Whether the library answers member `name` of an object of a class extending `lib` (see [`library_member`]).
pub(super) fn library_answers(lib: Option<&str>, name: &str) -> bool {
    let chain = library_chain(lib);
    chain.contains(&"Game") && matches!(name, "Options" | "LeftOptions" | "RightOptions")
        || chain.contains(&"GridGame") && name == "GridString"
        || matches!(name, "DicoticVariant" | "ImpartialVariant" | "TwistedVariant") && !chain.is_empty()
}

/// The qualified name CGSuite prints for a class of the standard library written in cgs (the variant classes of
/// stdlib/variants.cgs live in CGSuite's `game.variant`); other classes print their own name.
pub(super) fn library_class_name(name: &str) -> String {
    const VARIANTS: &[&str] = &[
        "DicoticVariantGame",
        "DicoticVariantRuleset",
        "ImpartialVariantGame",
        "ImpartialVariantRuleset",
        "TwistedVariantGame",
        "TwistedVariantRuleset",
    ];
    if VARIANTS.contains(&name) {
        format!("game.variant.{name}")
    } else {
        name.to_string()
    }
}

/// Whether objects of `class` are games.
pub(super) fn is_game_class(class: &UserClass) -> bool {
    library_chain(class.library).contains(&"Game")
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

/// The per-workspace memo of user games' canonical forms, by object value.
#[derive(Default)]
struct GameMemo {
    values: BTreeMap<Value, GameId>,
    pending: BTreeSet<Value>,
}

impl crate::interp::gc::Extension for GameMemo {
    fn trace(&mut self, t: &mut crate::interp::gc::Tracer) -> bool {
        for (k, &g) in &self.values {
            t.game(g);
            if !t.value(k) {
                return false;
            }
        }
        t.values(&self.pending)
    }
}

impl<'a> Machine<'a> {
    /// `grid.ToString(CharMap)` of a grid or strip game (its `grid` or `strip` variable).
    fn grid_string(&mut self, obj: &UserObject, this: &Value, span: Span) -> Result<String, EvalError> {
        let board = ["grid", "strip"].iter().find_map(|n| obj.fields.iter().find(|(f, _)| &**f == *n));
        let Some((_, board)) = board else {
            let message = "A grid or strip game needs a variable `grid` or `strip`".to_string();
            return Err(script_err(message, span));
        };
        let board = board.clone();
        let map = match self.find_in_enclosing(this, "CharMap", span) {
            Some(r) => r?,
            None => return Err(script_err("The ruleset of this game has no `CharMap`".to_string(), span)),
        };
        let s = call_member(self, &board, "ToString", &[map], span)?;
        Ok(s.display_plain(self.games))
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
    /// of such a class (`None` for other classes).
    pub(super) fn library_output(&mut self, obj: &UserObject, span: Span) -> Result<Option<String>, EvalError> {
        let chain = library_chain(obj.class.library);
        if !chain.contains(&"GridGame") && !chain.contains(&"StripGame") {
            return Ok(None);
        }
        let this = Value::Object(Rc::new(obj.clone()));
        let s = self.grid_string(obj, &this, span)?;
        Ok(Some(format!("{}(\"{}\")", obj.class.display_name(), s)))
    }

    /// The canonical form of a user game: from its `Decomposition`'s components when its class declares one
    /// that splits it, else from the canonical forms of its options; memoised by the object's value.
    pub(super) fn user_game(&mut self, this: &Value, span: Span) -> Result<GameId, EvalError> {
        if let Some(g) = self.globals.extensions.get::<GameMemo>().values.get(this) {
            return Ok(*g);
        }
        if !self.globals.extensions.get::<GameMemo>().pending.insert(this.clone()) {
            let message =
                "That is not a short game. If that is intentional, try `GameValue` in place of `CanonicalForm`.";
            return Err(script_err(message.to_string(), span));
        }
        let r = self.user_game_uncached(this, span);
        let memo = self.globals.extensions.get::<GameMemo>();
        memo.pending.remove(this);
        let g = r?;
        memo.values.insert(this.clone(), g);
        Ok(g)
    }

    fn user_game_uncached(&mut self, this: &Value, span: Span) -> Result<GameId, EvalError> {
        self.poll(span)?;
        let obj = user_object(this).expect("user games are user objects");
        let impartial = is_impartial_class(&obj.class);
        // A `Decomposition` that cannot be answered (the impartial variant of a ruleset position cgs does not
        // split) leaves the options to value the game.
        let parts = match obj.class.defines("Decomposition") {
            true => match call_member(self, this, "Decomposition", &[], span) {
                Err(e) if matches!(e.kind, ErrorKind::NotAMember { .. }) => None,
                r => Some(r?),
            },
            false => None,
        };
        if let Some(parts) = parts {
            let parts = self
                .elements(&parts)
                .ok_or_else(|| script_err("`Decomposition` must answer a collection of games".to_string(), span))?;
            if !(parts.len() == 1 && parts[0] == *this) {
                let mut sum = self.games.zero();
                for p in &parts {
                    let g = self.option_game(p, span)?;
                    sum = self.games.add(sum, g);
                }
                return Ok(sum);
            }
        }
        let mut sides: [Vec<GameId>; 2] = [Vec::new(), Vec::new()];
        for (i, p) in [Player::Left, Player::Right].into_iter().enumerate() {
            if impartial && i == 1 {
                sides[1] = sides[0].clone();
                break;
            }
            let args = if impartial { Vec::new() } else { vec![Value::Player(p)] };
            let opts = call_member(self, this, "Options", &args, span)?;
            let opts = self
                .elements(&opts)
                .ok_or_else(|| script_err("`Options` must answer a collection of games".to_string(), span))?;
            for o in &opts {
                let g = self.option_game(o, span)?;
                sides[i].push(g);
            }
        }
        Ok(self.games.new_game(&sides[0], &sides[1]))
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
        // Heap positions are `Position`s of the impartial tables, games without `is_game`.
        Value::Object(o) => o.is_game() || o.type_name() == "Position",
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

/// CGSuite's static `TakeAndBreak.FromSubtractionSet(subtset, codeDigit ? "3", allbut ? false)` (stdlib/subtraction.cgs).
pub(super) fn take_and_break_static(
    m: &mut Machine,
    obj: &Value,
    name: &str,
    args: &[Value],
    site: &Site,
) -> Option<Result<Value, EvalError>> {
    let Value::Function(f) = obj else { return None };
    if !matches!(&**f, Function::Native(n) if n.name == "TakeAndBreak") || name != "FromSubtractionSet" {
        return None;
    }
    let f = m.globals.lookup("_TakeAndBreakFromSubtractionSet").cloned()?;
    Some(m.call_value(&f, args, site))
}

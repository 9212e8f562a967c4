//! CGSuite library members that cgs had no table for (issue 15 item 5): `Object`'s members on every value
//! (`ToString`, `ToOutput`, `EnclosingObject`), `Coordinates` members of pairs, regular expressions on strings,
//! `List.PeriodicTable`/`SortedWith`/`MkOutput`, `Map.Reversed`/`Eval`, and the compound sums of Winning Ways
//! ch. 9 (`ConjunctiveSum`, `SelectiveSum`) as operations on short games.

use super::{boolean, function, integer, member, string, Member, Site};
use crate::game::short::store::GameId;
use crate::game::Games;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::native::Param;
use crate::interp::object::{downcast_ref, Object};
use crate::interp::value::{Shown, Value};
use num_traits::Signed;
use std::cmp::Ordering;
use std::collections::HashMap;
use std::rc::Rc;

/// CGSuite's `Object` members, which every value answers (after its own members).
pub static OBJECT: &[Member] = &[
    member("ToString", 0, |m, _, this, _| Ok(Value::str(&this.display(m.games))))
        .params(&[&[Param::optional("vertexLabels", "Function"), Param::optional("edgeLabels", "Function")]])
        .doc("", "The value as it prints, as a string.", "(^ + *).ToString"),
    crate::member!(ToOutput => "The value's printed form as a text output (shown without quotes).", "\"xo\".ToOutput", |m, _, this, _| Ok(Shown::value("TextOutput", this.display(m.games)))),
    // CGSuite 2.2: `Nothing` for every value that is not a member of an enclosing object.
    crate::member!(EnclosingObject => "The object a value is a member of: always nil for native values, as in CGSuite.", "(3).EnclosingObject", |_, _, _, _| Ok(Value::Nothing)),
    // CGSuite names the Java class behind a value (`3.JavaClass` is "org.cgsuite.core.SmallIntegerImpl"); cgs
    // is not written in Java: a deliberate refusal (docs/CGSUITE-PARITY.md).
    crate::member!(JavaClass => "Not available: cgs is not written in Java, so this member is the error \"cgs has no Java classes\" (CGSuite 2.2 names the JVM class; docs/CGSUITE-PARITY.md).", "(^).JavaClass", |_, s, _, _| {
        let message = "cgs has no Java classes: `JavaClass` names the JVM class behind a value in CGSuite.".to_string();
        Err(s.err(ErrorKind::Script { message }))
    }),
];

/// `Coordinates` members of a pair `(row, col)`.
pub static COORDINATES: &[Member] = &[
    crate::member!(Row => "The first coordinate of a pair (row, column).", "(2, 5).Row", |_, s, this, _| Ok(pair(s, this)?.0)),
    crate::member!(Col => "The second coordinate of a pair (row, column).", "(2, 5).Col", |_, s, this, _| Ok(pair(s, this)?.1)),
    crate::member!(Swap => "The pair with its coordinates exchanged.", "(2, 5).Swap", |_, s, this, _| {
        let (r, c) = pair(s, this)?;
        Ok(Value::Tuple(Rc::from(vec![c, r])))
    }),
    // CGSuite: both coordinates in {-1, 0, 1} ((0,0) included).
    crate::member!(IsUnit => "Whether both coordinates are -1, 0 or 1 (a step to a neighbouring square, or none).", "(1, -1).IsUnit", |_, s, this, _| {
        let (r, c) = pair(s, this)?;
        let unit = |v: &Value| matches!(v, Value::Integer(n) if matches!(n.as_i64(), Some(-1..=1)));
        Ok(boolean(unit(&r) && unit(&c)))
    }),
];

fn pair(s: &Site, this: &Value) -> Result<(Value, Value), EvalError> {
    match this {
        Value::Tuple(t) if t.len() == 2 => Ok((t[0].clone(), t[1].clone())),
        v => Err(s.err(ErrorKind::ArgumentType {
            function: s.name.to_string(),
            position: 0,
            expected: "Coordinates",
            got: v.type_name(),
        })),
    }
}

/// More members of `String`: regular expressions (Rust's `regex` syntax, which has no back-references or
/// look-around; CGSuite uses Java's) and `ToUnquotedOutput`.
pub static STRING: &[Member] = &[
    crate::member!(Matches(regex: String) => "Whether the whole string matches the regular expression.", "\"xxo\".Matches(\"x*o\")", |_, s, this, args| {
        let re = regex(s, &format!("^(?:{})$", string(s, args, 0)?))?;
        Ok(boolean(re.is_match(the_str(s, this)?)))
    }),
    crate::member!(ReplaceRegex(regex: String, replacement: String) => "The string with each match of the regular expression replaced (`$1` names the first group).", "\"a1b22\".ReplaceRegex(\"[0-9]+\", \"#\")", |_, s, this, args| {
        let re = regex(s, string(s, args, 0)?)?;
        let with = java_replacement(string(s, args, 1)?);
        Ok(Value::str(&re.replace_all(the_str(s, this)?, with.as_str())))
    }),
    crate::member!(ToUnquotedOutput => "The string as a text output, shown without quotes.", "\"x.o\".ToUnquotedOutput", |_, s, this, _| Ok(Shown::value("TextOutput", the_str(s, this)?))),
];

fn the_str<'v>(s: &Site, this: &'v Value) -> Result<&'v str, EvalError> {
    match this {
        Value::String(x) => Ok(x),
        _ => Err(s.bug()),
    }
}

fn regex(s: &Site, pattern: &str) -> Result<regex::Regex, EvalError> {
    regex::Regex::new(pattern).map_err(|e| {
        let message = format!("Invalid regular expression: {}", e.to_string().lines().last().unwrap_or(""));
        s.arg_err(0, ErrorKind::Script { message })
    })
}

/// Java's replacement syntax (`$1`, `\$`) as the `regex` crate's (`${1}`, `$$`).
fn java_replacement(r: &str) -> String {
    let mut out = String::new();
    let mut chars = r.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('$') => out.push_str("$$"),
                Some(d) => out.push(d),
                None => {}
            },
            '$' => {
                let mut digits = String::new();
                while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                    digits.push(*d);
                    chars.next();
                }
                out.push_str(&format!("${{{digits}}}"));
            }
            c => out.push(c),
        }
    }
    out
}

/// More members of `List`.
pub static LIST: &[Member] = &[
    crate::member!(PeriodicTable(period: Integer) => "The list laid out as a table with rows of n elements (for nim-value sequences).", "[0, 1, 2, 0, 1, 2].PeriodicTable(3)", |m, s, this, args| {
        let n = integer(s, args, 0)?;
        if !n.is_positive() {
            return Err(s.wrong_type(0, "positive Integer", &args[0]));
        }
        let grouped = m.invoke_member(this.clone(), &ident("Grouped", s), args, s.args, s.span)?;
        let table = m.globals.natives.get("Table").cloned().ok_or_else(|| s.bug())?;
        m.call_value(&table, &[grouped], s)
    }),
    // CGSuite's comparator answers an integer: negative when its first argument comes first. Stable.
    crate::member!(SortedWith(fn: Function) => "The elements sorted stably with the comparator f(a, b): an integer, negative when a goes before b.", "[3, 1, 2].SortedWith((a, b) -> b - a)", |m, s, this, args| {
        let f = function(s, args, 0)?;
        let Value::List(l) = this else { return Err(s.bug()) };
        let mut out: Vec<Value> = Vec::with_capacity(l.len());
        for v in l.iter() {
            // Insertion by binary search keeps equal elements in order; comparisons are O(n log n).
            let (mut lo, mut hi) = (0, out.len());
            while lo < hi {
                let mid = (lo + hi) / 2;
                let c = m.call_function(&f, &[v.clone(), out[mid].clone()], s.span)?;
                let before = match &c {
                    Value::Integer(n) => n.is_negative(),
                    other => return Err(s.wrong_type(0, "Function returning Integer", other)),
                };
                if before {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            out.insert(lo, v.clone());
        }
        Ok(Value::List(out.into_iter().collect()))
    }),
    super::plots::SCATTER_PLOT,
    crate::member!(MkOutput(sep: String) => "The printed elements joined by the separator, as a text output.", "[1, ^, *].MkOutput(\" ; \")", |m, s, this, args| {
        let sep = string(s, args, 0)?.to_string();
        let Value::List(l) = this else { return Err(s.bug()) };
        let parts: Vec<String> = l.iter().map(|v| v.display(m.games)).collect();
        Ok(Shown::value("TextOutput", parts.join(&sep)))
    }),
];

/// More members of `Map`.
pub static MAP: &[Member] = &[
    crate::member!(Reversed => "The map from values to keys.", "{1 => ^, 2 => *}.Reversed", |_, s, this, _| {
        let Value::Map(map) = this else { return Err(s.bug()) };
        Ok(Value::Map(map.iter().map(|(k, v)| (v.clone(), k.clone())).collect()))
    }),
    member("Eval", 1, |m, s, this, args| m.index_value(this, &args[0], s.span)).doc(
        "(k)",
        "The value of key k (the same as `map[k]`).",
        "{1 => ^, 2 => *}.Eval(1)",
    ),
];

fn ident(name: &str, s: &Site) -> crate::syntax::ast::Ident {
    crate::syntax::ast::Ident { name: name.into(), span: s.span }
}

// ---- compound sums (Winning Ways ch. 9) ---------------------------------------------------------------

/// The compound games CGSuite offers on `Game` as members: CGSuite's `CompoundType`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Compound {
    /// Both components move together; play ends when either ends ([WW] ch. 9, "conjunctive compound").
    Conjunctive,
    /// A move in any non-empty set of components ([WW] ch. 9, "selective compound").
    Selective,
    /// `G : H` on forms (only inside ordinal products here; the values' `:` is the engine's).
    OrdinalSum,
    /// CGSuite's ordinal product `G OrdinalProduct H`: a move to `(G OrdinalProduct H') : G'` for every option
    /// `H'` of H and option `G'` of G (of -G when `H'` is a Right option).
    OrdinalProduct,
}

impl Compound {
    fn name(self) -> &'static str {
        match self {
            Compound::Conjunctive => "ConjunctiveSum",
            Compound::Selective => "SelectiveSum",
            Compound::OrdinalSum => "OrdinalSum",
            Compound::OrdinalProduct => "OrdinalProduct",
        }
    }

    /// The operator CGSuite prints between the components.
    fn symbol(self) -> &'static str {
        match self {
            Compound::OrdinalSum => ":",
            k => k.name(),
        }
    }
}

/// Members of short games for compounds.
pub static GAME: &[Member] = &[
    crate::member!(ConjunctiveSum(that: Game) => "The conjunctive compound of two games: a move is a move in both, and play ends when either ends.", "(*2).ConjunctiveSum(*3)", |m, s, this, args| compound(m, s, this, &args[0], Compound::Conjunctive)),
    crate::member!(SelectiveSum(that: Game) => "The selective compound of two games: a move is a move in any non-empty set of the components.", "(*).SelectiveSum(*)", |m, s, this, args| compound(m, s, this, &args[0], Compound::Selective)),
    crate::member!(OrdinalProduct(that: Game) => "CGSuite's ordinal product of two games.", "(*).OrdinalProduct(2)", |m, s, this, args| compound(m, s, this, &args[0], Compound::OrdinalProduct)),
];

/// A component of a compound: a short game, or a compound itself (whose options are compounds).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Tree {
    Game(GameId),
    /// The negative of a compound (its options are the negatives of the other side's).
    Neg(Rc<Tree>),
    Compound(Compound, Rc<Tree>, Rc<Tree>),
    /// An explicit game (`'<*|*>'`): its options as written, not its canonical form (CGSuite's compounds of an
    /// `ExplicitGame` play on the form: `'{*|*}' ConjunctiveSum 3` is 2, `{*|*} ConjunctiveSum 3` is 0).
    Form(Rc<[Tree]>, Rc<[Tree]>),
}

/// Reports the games of a compound's tree.
fn trace_tree(t: &mut crate::interp::gc::Tracer, tree: &Tree) {
    match tree {
        Tree::Game(g) => t.game(*g),
        Tree::Neg(a) => trace_tree(t, a),
        Tree::Compound(_, a, b) => {
            trace_tree(t, a);
            trace_tree(t, b);
        }
        Tree::Form(l, r) => l.iter().chain(r.iter()).for_each(|x| trace_tree(t, x)),
    }
}

/// With `forms`, an explicit game is its form (conjunctive compounds); otherwise its canonical form.
fn tree(m: &mut Machine, s: &Site, v: &Value, forms: bool) -> Result<Tree, EvalError> {
    if let Value::Object(o) = v {
        if let Some(c) = downcast_ref::<CompoundGame>(&**o) {
            return Ok(c.tree.clone());
        }
        if let Some(e) = downcast_ref::<crate::library::explicit::ExplicitGame>(&**o).filter(|_| forms) {
            let side = |m: &mut Machine, vs: &[Value]| -> Result<Rc<[Tree]>, EvalError> {
                vs.iter().map(|x| tree(m, s, x, true)).collect::<Result<Vec<_>, _>>().map(Rc::from)
            };
            return Ok(Tree::Form(side(m, &e.left)?, side(m, &e.right)?));
        }
    }
    if forms && is_position(v) {
        return position_form(m, s, v, &mut HashMap::new());
    }
    Ok(Tree::Game(super::game(m, s, std::slice::from_ref(v), 0)?))
}

/// Whether a value is a game-like object played on its own options (a ruleset position, a heap or a sum of
/// them, a misère canonical game as a normal-play game tree), not a compound, explicit or loopy value.
fn is_position(v: &Value) -> bool {
    let Value::Object(o) = v else { return false };
    if downcast_ref::<CompoundGame>(&**o).is_some()
        || downcast_ref::<crate::library::explicit::ExplicitGame>(&**o).is_some()
        || crate::library::loopy::is_loopy(v)
    {
        return false;
    }
    o.is_game() || matches!(o.type_name(), "Position" | "MisereCanonicalGame")
}

/// A position as the form of its game tree: its `LeftOptions` and `RightOptions`, followed down to values
/// that are not positions (memoised by the printed position, which names it).
fn position_form(m: &mut Machine, s: &Site, v: &Value, memo: &mut HashMap<String, Tree>) -> Result<Tree, EvalError> {
    let key = v.display(m.games);
    if let Some(t) = memo.get(&key) {
        return Ok(t.clone());
    }
    m.games.poll_interrupt();
    let mut sides: [Vec<Tree>; 2] = [Vec::new(), Vec::new()];
    for (side, name) in ["LeftOptions", "RightOptions"].into_iter().enumerate() {
        let opts = m.invoke_member(v.clone(), &ident(name, s), &[], &[], s.span)?;
        for o in m.elements(&opts).unwrap_or_default() {
            let t = if is_position(&o) { position_form(m, s, &o, memo)? } else { tree(m, s, &o, true)? };
            sides[side].push(t);
        }
    }
    let [l, r] = sides;
    let t = Tree::Form(Rc::from(l), Rc::from(r));
    memo.insert(key, t.clone());
    Ok(t)
}

/// `P ConjunctiveSum H`, `P SelectiveSum H`, `P OrdinalProduct H` for a position P (a ruleset position, a heap,
/// a misère game): the compound printed with P as it prints, played on P's own options where the compound
/// depends on the form (CGSuite 2.2: `Nim(4) ConjunctiveSum Nim(3)`). `None` for other values and names.
pub(crate) fn position_compound(
    m: &mut Machine,
    s: &Site,
    this: &Value,
    name: &str,
    args: &[Value],
) -> Option<Result<Value, EvalError>> {
    let kind = match name {
        "ConjunctiveSum" => Compound::Conjunctive,
        "SelectiveSum" => Compound::Selective,
        "OrdinalProduct" => Compound::OrdinalProduct,
        _ => return None,
    };
    if !is_position(this) {
        return None;
    }
    if args.len() != 1 {
        return Some(super::check_arity(s, super::Arity::Exact(1), args.len()).map(|()| Value::Nothing));
    }
    Some(compound(m, s, this, &args[0], kind))
}

/// `a ConjunctiveSum b` where `a` is an explicit game.
pub(crate) fn form_conjunctive(m: &mut Machine, s: &Site, a: &Value, b: &Value) -> Result<Value, EvalError> {
    compound(m, s, a, b, Compound::Conjunctive)
}

fn compound(m: &mut Machine, s: &Site, a: &Value, b: &Value, kind: Compound) -> Result<Value, EvalError> {
    let forms = kind == Compound::Conjunctive;
    let (g, h) = (tree(m, s, a, forms)?, tree(m, s, b, forms)?);
    let shown = format!("{} {} {}", a.display(m.games), kind.name(), b.display(m.games));
    Ok(Value::Object(Rc::new(CompoundGame { tree: Tree::Compound(kind, Rc::new(g), Rc::new(h)), shown })))
}

/// `G ConjunctiveSum H`, `G SelectiveSum H`: printed as CGSuite prints the compound (both kinds have one
/// precedence there, so nesting prints without parentheses); its value is computed on the components as game
/// trees (a short game's tree is its canonical form), the compound kept at every move as in [WW] ch. 9.
#[derive(Debug)]
pub struct CompoundGame {
    tree: Tree,
    shown: String,
}

impl Object for CompoundGame {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        trace_tree(t, &self.tree);
        true
    }
    fn type_name(&self) -> &'static str {
        "CompoundGame"
    }
    fn display(&self, _: &mut Games) -> String {
        self.shown.clone()
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        downcast_ref::<CompoundGame>(other).map(|o| self.tree.cmp(&o.tree))
    }
    fn member(
        &self,
        m: &mut Machine,
        this: &Value,
        name: &str,
        args: &[Value],
        site: &Site,
    ) -> Option<Result<Value, EvalError>> {
        if let Some(r) = compound_member(m, self, name, args, site) {
            return Some(r);
        }
        let kind = match name {
            "ConjunctiveSum" => Compound::Conjunctive,
            "SelectiveSum" => Compound::Selective,
            "OrdinalProduct" => Compound::OrdinalProduct,
            _ => return None,
        };
        if args.len() != 1 {
            return Some(super::check_arity(site, super::Arity::Exact(1), args.len()).map(|()| Value::Nothing));
        }
        Some(compound(m, site, this, &args[0], kind))
    }
    fn to_game(&self, m: &mut Machine, span: crate::syntax::span::Span) -> Option<Result<GameId, EvalError>> {
        let mut memo = HashMap::new();
        let g = value_of(m.games, &self.tree, &mut memo);
        Some(m.engine_ok(span).map(|()| g))
    }
    fn is_game(&self) -> bool {
        true
    }
    /// `-(G ConjunctiveSum H)` is `-G ConjunctiveSum -H` (and so for the selective compound and `:`), as in
    /// CGSuite; the negative of an ordinal product stays a negated compound.
    fn negate(
        &self,
        m: &mut Machine,
        _this: &Value,
        _span: crate::syntax::span::Span,
    ) -> Option<Result<Value, EvalError>> {
        let tree = match &self.tree {
            Tree::Compound(kind @ (Compound::Conjunctive | Compound::Selective | Compound::OrdinalSum), g, h) => {
                Tree::Compound(*kind, Rc::new(negative(m.games, g)), Rc::new(negative(m.games, h)))
            }
            t => negative(m.games, t),
        };
        let shown = show(m.games, &tree);
        Some(Ok(Value::Object(Rc::new(CompoundGame { tree, shown }))))
    }
}

/// `CompoundType` (CGSuite's enum value) and `Options(player)` (the compounds one move away) of a compound.
fn compound_member(
    m: &mut Machine,
    c: &CompoundGame,
    name: &str,
    args: &[Value],
    site: &Site,
) -> Option<Result<Value, EvalError>> {
    let Tree::Compound(kind, _, _) = &c.tree else { return None };
    let kind = *kind;
    match (name, args) {
        ("CompoundType", []) => super::enums::static_member("CompoundType", kind.name()).map(Ok),
        ("Options", [_]) => Some((|| {
            let side = match super::player(site, args, 0) {
                Ok(crate::interp::value::Player::Left) => 0,
                Ok(_) => 1,
                Err(e) => return Err(e),
            };
            let opts: Vec<Value> = options(m.games, &c.tree, side)
                .into_iter()
                .map(|t| match t {
                    Tree::Game(g) => crate::interp::value::game_value(m.games, g),
                    t => {
                        let shown = show(m.games, &t);
                        Value::Object(Rc::new(CompoundGame { tree: t, shown }))
                    }
                })
                .collect();
            Ok(super::set(opts))
        })()),
        _ => None,
    }
}

/// How CGSuite prints a compound: `G ConjunctiveSum H`.
fn show(games: &mut Games, t: &Tree) -> String {
    match t {
        Tree::Game(g) => {
            let v = crate::interp::value::game_value(games, *g);
            v.display(games)
        }
        Tree::Compound(kind, g, h) => format!("{} {} {}", show(games, g), kind.symbol(), show(games, h)),
        Tree::Neg(g) => format!("-({})", show(games, g)),
        Tree::Form(l, r) => {
            let side = |games: &mut Games, ts: &[Tree]| ts.iter().map(|t| show(games, t)).collect::<Vec<_>>().join(",");
            let (open, close) = (crate::game::print_limit::open_game(), crate::game::print_limit::close_game());
            format!("'{open}{}|{}{close}'", side(games, l), side(games, r))
        }
    }
}

/// The options of a tree for one side (0 Left, 1 Right).
fn options(games: &mut Games, t: &Tree, side: usize) -> Vec<Tree> {
    let mk = |k: Compound, a: &Tree, b: &Tree| Tree::Compound(k, Rc::new(a.clone()), Rc::new(b.clone()));
    match t {
        Tree::Game(g) => {
            let o = if side == 0 { games.left_options(*g) } else { games.right_options(*g) };
            o.into_iter().map(Tree::Game).collect()
        }
        Tree::Neg(g) => options(games, g, 1 - side).iter().map(|o| negative(games, o)).collect(),
        Tree::Form(l, r) => (if side == 0 { l } else { r }).to_vec(),
        Tree::Compound(Compound::OrdinalSum, g, h) => {
            let mut out = options(games, g, side);
            let ho = options(games, h, side);
            out.extend(ho.iter().map(|b| mk(Compound::OrdinalSum, g, b)));
            out
        }
        Tree::Compound(Compound::OrdinalProduct, g, h) => {
            let neg_g = negative(games, g);
            let mut out = Vec::new();
            for p in 0..2 {
                let base = if p == 0 { &**g } else { &neg_g };
                let go = options(games, base, side);
                for b in options(games, h, p) {
                    let product = mk(Compound::OrdinalProduct, g, &b);
                    out.extend(go.iter().map(|a| mk(Compound::OrdinalSum, &product, a)));
                }
            }
            out
        }
        Tree::Compound(kind, g, h) => {
            let (go, ho) = (options(games, g, side), options(games, h, side));
            let mut out = Vec::new();
            let mk = |a: &Tree, b: &Tree| mk(*kind, a, b);
            if *kind == Compound::Selective {
                out.extend(go.iter().map(|a| mk(a, h)));
                out.extend(ho.iter().map(|b| mk(g, b)));
            }
            for a in &go {
                for b in &ho {
                    out.push(mk(a, b));
                }
            }
            out
        }
    }
}

/// `-t`.
fn negative(games: &mut Games, t: &Tree) -> Tree {
    match t {
        Tree::Game(g) => Tree::Game(games.neg(*g)),
        Tree::Neg(g) => (**g).clone(),
        Tree::Form(l, r) => {
            let neg =
                |games: &mut Games, ts: &[Tree]| -> Rc<[Tree]> { ts.iter().map(|t| negative(games, t)).collect() };
            Tree::Form(neg(games, r), neg(games, l))
        }
        t => Tree::Neg(Rc::new(t.clone())),
    }
}

/// The canonical value of a tree.
fn value_of(games: &mut Games, t: &Tree, memo: &mut HashMap<Tree, GameId>) -> GameId {
    if let Tree::Game(g) = t {
        return *g;
    }
    games.poll_interrupt();
    if let Some(&v) = memo.get(t) {
        return v;
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (side, out) in sides.iter_mut().enumerate() {
        for o in options(games, t, side) {
            out.push(value_of(games, &o, memo));
        }
    }
    let v = games.new_game(&sides[0], &sides[1]);
    memo.insert(t.clone(), v);
    v
}

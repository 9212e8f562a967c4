//! The compound games of Winning Ways ch. 9 and CGSuite's `CompoundType` as members of every game
//! (`ConjunctiveSum`, `SelectiveSum`, `OrdinalProduct`): kept as the compound, printed as CGSuite prints it,
//! its game tree built from the operands only when a value, an option or a follower is asked for (CGSuite 2.2
//! prints `Cutcake((6,5)).ConjunctiveSum(0)` at once).

use super::{Member, Site};
use crate::game::short::store::GameId;
use crate::game::Games;
use crate::interp::error::EvalError;
use crate::interp::eval::Machine;
use crate::interp::object::{downcast_ref, Object};
use crate::interp::value::Value;
use crate::library::base::ident;
use std::cmp::Ordering;
use std::collections::HashMap;
use std::rc::Rc;

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

    /// CGSuite's precedence of the compound (`CompoundType.precedence`): an operand that is a compound of a
    /// higher one prints in parentheses (`(* OrdinalProduct 2) : 1`).
    fn precedence(self) -> u8 {
        match self {
            Compound::OrdinalSum => 2,
            Compound::Conjunctive | Compound::Selective => 3,
            Compound::OrdinalProduct => 4,
        }
    }
}

/// Members of short games for compounds.
pub static GAME: &[Member] = crate::member_table![
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
            return c.tree(m, s).cloned();
        }
        if let Some(e) = downcast_ref::<crate::library::short::ExplicitGame>(&**o).filter(|_| forms) {
            let side = |m: &mut Machine, vs: &[Value]| -> Result<Rc<[Tree]>, EvalError> {
                vs.iter().map(|x| tree(m, s, x, true)).collect::<Result<Vec<_>, _>>().map(Rc::from)
            };
            return Ok(Tree::Form(side(m, &e.left)?, side(m, &e.right)?));
        }
    }
    if forms && is_position(v) {
        return position_form(m, s, v, &mut HashMap::new());
    }
    // A misère game's tree (not a form here) has the nimber of its nim value.
    if matches!(v, Value::Object(o) if o.type_name() == "MisereCanonicalGame") {
        return crate::library::short::canonical(m, v).map(Tree::Game).map_err(|k| s.err(k));
    }
    Ok(Tree::Game(super::game(m, s, std::slice::from_ref(v), 0)?))
}

/// Whether a value can be an operand of a compound (checked when the compound is made; its tree is built
/// later): a number, a short game, a position, a form, a compound or a loopy value.
fn is_operand(v: &Value) -> bool {
    match v {
        Value::Game(_) | Value::Integer(_) => true,
        Value::Rational(r) => crate::interp::value::is_dyadic(r),
        Value::Object(o) => {
            o.is_game()
                || matches!(o.type_name(), "Position" | "MisereCanonicalGame")
                || crate::library::loopy::is_loopy(v)
        }
        _ => false,
    }
}

/// Whether a value is a game-like object played on its own options (a ruleset position, a heap or a sum of
/// them, a misère canonical game as a normal-play game tree), not a compound, explicit or loopy value.
fn is_position(v: &Value) -> bool {
    let Value::Object(o) = v else { return false };
    if downcast_ref::<CompoundGame>(&**o).is_some()
        || downcast_ref::<crate::library::short::ExplicitGame>(&**o).is_some()
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
    // A loopy value (`over ConjunctiveSum *`, CGSuite 2.2) is kept as the compound too: printed, though it has
    // no short value.
    if !is_position(this) && !crate::library::loopy::is_loopy(this) {
        return None;
    }
    member_compound(m, s, this, name, args)
}

/// `G.ConjunctiveSum(H)`, `SelectiveSum`, `OrdinalProduct` and `ConwayProduct` (CGSuite's compound members) of
/// a position, a loopy value or a compound. `None` for other names.
fn member_compound(
    m: &mut Machine,
    s: &Site,
    this: &Value,
    name: &str,
    args: &[Value],
) -> Option<Result<Value, EvalError>> {
    let kind = match name {
        "ConjunctiveSum" => Some(Compound::Conjunctive),
        "SelectiveSum" => Some(Compound::Selective),
        "OrdinalProduct" => Some(Compound::OrdinalProduct),
        "ConwayProduct" => None,
        _ => return None,
    };
    if args.len() != 1 {
        return Some(super::check_arity(s, super::Arity::Exact(1), args.len()).map(|()| Value::Nothing));
    }
    Some(match kind {
        Some(kind) => compound(m, s, this, &args[0], kind),
        // Conway's product of two game trees (CGSuite 2.2: `(^ ConjunctiveSum ^*) ConwayProduct 1/2`).
        None => crate::library::short::product(m, this, &args[0]).ok_or_else(|| s.wrong_type(0, "Game", &args[0])),
    })
}

/// An operand as it prints inside a compound of precedence `outer`.
fn operand_text(games: &mut Games, v: &Value, outer: u8) -> String {
    let text = v.display(games);
    match crate::library::short::precedence(v) {
        Some(p) if p > outer => format!("({text})"),
        _ => text,
    }
}

/// CGSuite's compound classes called as constructors: `CompoundGame(CompoundType.K, G, H)` (CGSuite 2.2:
/// `CompoundGame(CompoundType.DisjunctiveSum, 2, 1)` prints `2 + 1`, `OrdinalSum` `* : 1`) and `NegativeGame(G)`
/// (`-{2|1}`, `-(2 + 1)`, `--2`). The conjunctive and selective kinds, which CGSuite 2.2's constructor refuses
/// with an internal error, make the member compounds. `None` for other classes.
pub fn construct(m: &mut Machine, class: &str, args: &[Value], site: &Site) -> Option<Result<Value, EvalError>> {
    let n = match class {
        "CompoundGame" => 3,
        "NegativeGame" => 1,
        _ => return None,
    };
    Some((|| {
        super::check_arity(site, super::Arity::Exact(n), args.len())?;
        for (i, v) in args.iter().enumerate().skip(n - 1 - usize::from(n == 3)) {
            if !is_operand(v) {
                return Err(site.wrong_type(i, "Game", v));
            }
        }
        if n == 1 {
            return Ok(
                super::explicit::construct("Negative", args[0].clone(), Value::Nothing).unwrap_or(Value::Nothing)
            );
        }
        let kind = match &args[0] {
            Value::Object(o) => {
                downcast_ref::<crate::library::base::EnumValue>(&**o).filter(|e| e.class == "CompoundType")
            }
            _ => None,
        };
        let Some(kind) = kind.map(|e| e.name) else { return Err(site.wrong_type(0, "CompoundType", &args[0])) };
        let (a, b) = (&args[1], &args[2]);
        match kind {
            "ConjunctiveSum" => compound(m, site, a, b, Compound::Conjunctive),
            "SelectiveSum" => compound(m, site, a, b, Compound::Selective),
            "OrdinalProduct" => compound(m, site, a, b, Compound::OrdinalProduct),
            _ => Ok(super::explicit::construct(kind, a.clone(), b.clone()).unwrap_or(Value::Nothing)),
        }
    })())
}

/// The compound of two operands, kept unevaluated: the operands are checked now, the tree built when first
/// asked for.
fn compound(m: &mut Machine, s: &Site, a: &Value, b: &Value, kind: Compound) -> Result<Value, EvalError> {
    for v in [a, b] {
        if !is_operand(v) {
            // The usual "must be of type `Game`" error, for a value that is no game.
            super::game(m, s, std::slice::from_ref(v), 0)?;
        }
    }
    let outer = kind.precedence();
    let shown = format!("{} {} {}", operand_text(m.games, a, outer), kind.symbol(), operand_text(m.games, b, outer));
    Ok(Value::Object(Rc::new(CompoundGame {
        built: std::cell::OnceCell::new(),
        operands: Some((kind, a.clone(), b.clone())),
        shown,
    })))
}

/// `G ConjunctiveSum H`, `G SelectiveSum H`, `G OrdinalProduct H`: printed as CGSuite prints the compound; its
/// value is computed on the components as game trees (a short game's tree is its canonical form), the compound
/// kept at every move as in [WW] ch. 9.
#[derive(Debug)]
pub struct CompoundGame {
    /// The game tree, once built.
    built: std::cell::OnceCell<Tree>,
    /// The kind and the operands of a compound made by a member call, its tree built from them when first
    /// needed; `None` for a compound made from a tree (an option or a follower).
    operands: Option<(Compound, Value, Value)>,
    shown: String,
}

impl CompoundGame {
    /// The compound of a tree (an option or follower of a compound): a short game when the tree is one.
    fn of_tree(games: &mut Games, t: Tree) -> Value {
        match t {
            Tree::Game(g) => crate::interp::value::game_value(games, g),
            t => {
                let shown = show(games, &t);
                let built = std::cell::OnceCell::new();
                let _ = built.set(t);
                Value::Object(Rc::new(CompoundGame { built, operands: None, shown }))
            }
        }
    }

    /// The game tree, built from the operands the first time.
    fn tree(&self, m: &mut Machine, s: &Site) -> Result<&Tree, EvalError> {
        if let Some(t) = self.built.get() {
            return Ok(t);
        }
        let Some((kind, a, b)) = &self.operands else { return Err(s.bug()) };
        let forms = *kind == Compound::Conjunctive;
        let (g, h) = (tree(m, s, a, forms)?, tree(m, s, b, forms)?);
        Ok(self.built.get_or_init(|| Tree::Compound(*kind, Rc::new(g), Rc::new(h))))
    }
}

impl Object for CompoundGame {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        if let Some(tree) = self.built.get() {
            trace_tree(t, tree);
        }
        match &self.operands {
            Some((_, a, b)) => t.value(a) && t.value(b),
            None => true,
        }
    }
    fn type_name(&self) -> &'static str {
        "CompoundGame"
    }
    fn compound_precedence(&self) -> Option<u8> {
        match (&self.operands, self.built.get()) {
            (Some((kind, _, _)), _) | (None, Some(Tree::Compound(kind, _, _))) => Some(kind.precedence()),
            _ => None,
        }
    }
    fn display(&self, _: &mut Games) -> String {
        self.shown.clone()
    }
    /// Ordered by the printed compound, which names it (its operands print as themselves).
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        downcast_ref::<CompoundGame>(other).map(|o| self.shown.cmp(&o.shown))
    }
    fn binary(
        &self,
        m: &mut Machine,
        op: crate::syntax::ast::BinOp,
        lhs: &Value,
        rhs: &Value,
        span: crate::syntax::span::Span,
    ) -> Option<Result<Value, EvalError>> {
        // `+`, `-`, `:` with another game keep both as the compound of the trees (CGSuite 2.2:
        // `(* OrdinalProduct 2) + 1`).
        use crate::syntax::ast::BinOp;
        if !matches!(op, BinOp::Add | BinOp::Sub | BinOp::OrdinalSum) {
            return None;
        }
        crate::library::short::form_binary(m, op, lhs, rhs, span)
    }
    fn member(
        &self,
        m: &mut Machine,
        this: &Value,
        name: &str,
        args: &[Value],
        site: &Site,
    ) -> Option<Result<Value, EvalError>> {
        if let Some(r) = compound_member(m, self, this, name, args, site) {
            return Some(r);
        }
        member_compound(m, site, this, name, args)
    }
    fn to_game(&self, m: &mut Machine, span: crate::syntax::span::Span) -> Option<Result<GameId, EvalError>> {
        let site = Site { name: "CanonicalForm", span, args: &[] };
        let t = match self.tree(m, &site) {
            Ok(t) => t.clone(),
            Err(e) => return Some(Err(e)),
        };
        let mut memo = HashMap::new();
        let g = value_of(m.games, &t, &mut memo);
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
        let site = Site { name: "-", span: _span, args: &[] };
        let tree = match self.tree(m, &site) {
            Ok(t) => t.clone(),
            Err(e) => return Some(Err(e)),
        };
        let tree = match &tree {
            Tree::Compound(kind @ (Compound::Conjunctive | Compound::Selective | Compound::OrdinalSum), g, h) => {
                Tree::Compound(*kind, Rc::new(negative(m.games, g)), Rc::new(negative(m.games, h)))
            }
            t => negative(m.games, t),
        };
        Some(Ok(CompoundGame::of_tree(m.games, tree)))
    }
}

/// `CompoundType` (CGSuite's enum value), `Options(player)`, `Options`, `LeftOptions`, `RightOptions` (the compounds one
/// move away), `Followers`, `FollowerCount` (compounds, CGSuite 2.2: `({1||4}).ConjunctiveSum(0).Followers` is
/// `{2 ConjunctiveSum 0}`) and `MisereOutcomeClass` (played on the compound's tree, not on its normal-play
/// value: `(3/4).ConjunctiveSum(*2).MisereOutcomeClass` is N) of a compound.
fn compound_member(
    m: &mut Machine,
    c: &CompoundGame,
    this: &Value,
    name: &str,
    args: &[Value],
    site: &Site,
) -> Option<Result<Value, EvalError>> {
    let side = match (name, args) {
        ("CompoundType", []) => {
            let kind = match (&c.operands, c.built.get()) {
                (Some((kind, _, _)), _) | (None, Some(Tree::Compound(kind, _, _))) => *kind,
                _ => return None,
            };
            return crate::library::base::static_member("CompoundType", kind.name()).map(Ok);
        }
        ("Options", [_]) => match super::player(site, args, 0) {
            Ok(crate::interp::value::Player::Left) => 0,
            Ok(_) => 1,
            Err(e) => return Some(Err(e)),
        },
        ("LeftOptions", []) => 0,
        ("RightOptions", []) => 1,
        ("Followers" | "FollowerCount" | "MisereOutcomeClass", []) => 2,
        ("Options", []) => 3,
        _ => return None,
    };
    let t = match c.tree(m, site) {
        Ok(t) => t.clone(),
        Err(e) => return Some(Err(e)),
    };
    Some(Ok(match name {
        "Followers" | "FollowerCount" => {
            let all = followers(m.games, &t);
            if name == "FollowerCount" {
                return Some(Ok(Value::int(all.len())));
            }
            let mut out = vec![this.clone()];
            out.extend(all.into_iter().filter(|f| *f != t).map(|f| CompoundGame::of_tree(m.games, f)));
            super::set(out)
        }
        "MisereOutcomeClass" => {
            let mut memo = HashMap::new();
            let left = misere_wins(m.games, &t, 0, &mut memo);
            let right = misere_wins(m.games, &t, 1, &mut memo);
            use crate::game::Outcome;
            Value::Outcome(match (left, right) {
                (true, true) => Outcome::N,
                (true, false) => Outcome::L,
                (false, true) => Outcome::R,
                (false, false) => Outcome::P,
            })
        }
        _ => {
            // `Options` without a player is both players' options in one set, as in CGSuite 2.2
            // (`(^).ConjunctiveSum(*).Options` is `{* ConjunctiveSum 0,0 ConjunctiveSum 0}`).
            let trees = if side == 3 {
                let mut both = options(m.games, &t, 0);
                both.extend(options(m.games, &t, 1));
                both
            } else {
                options(m.games, &t, side)
            };
            let opts: Vec<Value> = trees.into_iter().map(|o| CompoundGame::of_tree(m.games, o)).collect();
            // A set, as CGSuite's compound of canonical games gives (`{2 ConjunctiveSum 1}`).
            super::set(opts)
        }
    }))
}

/// Every follower of a tree, itself included.
fn followers(games: &mut Games, t: &Tree) -> Vec<Tree> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    let mut todo = vec![t.clone()];
    while let Some(x) = todo.pop() {
        games.poll_interrupt();
        if !seen.insert(x.clone()) {
            continue;
        }
        for side in 0..2 {
            todo.extend(options(games, &x, side));
        }
        out.push(x);
    }
    out
}

/// Whether the player `side` (0 Left, 1 Right) wins moving first in misère play (a player with no move wins),
/// memoised by position and player as CGSuite's `MisereOutcomeReducer`.
fn misere_wins(games: &mut Games, t: &Tree, side: usize, memo: &mut HashMap<(usize, Tree), bool>) -> bool {
    if let Some(&w) = memo.get(&(side, t.clone())) {
        return w;
    }
    games.poll_interrupt();
    let opts = options(games, t, side);
    let wins = opts.is_empty() || opts.iter().any(|o| !misere_wins(games, o, 1 - side, memo));
    memo.insert((side, t.clone()), wins);
    wins
}

/// How CGSuite prints a compound: `G ConjunctiveSum H`.
fn show(games: &mut Games, t: &Tree) -> String {
    match t {
        Tree::Game(g) => {
            let v = crate::interp::value::game_value(games, *g);
            v.display(games)
        }
        Tree::Compound(kind, g, h) => {
            let part = |games: &mut Games, x: &Tree| match x {
                Tree::Compound(k, _, _) if k.precedence() > kind.precedence() => format!("({})", show(games, x)),
                _ => show(games, x),
            };
            format!("{} {} {}", part(games, g), kind.symbol(), part(games, h))
        }
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

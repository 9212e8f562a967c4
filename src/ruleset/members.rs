//! Members of positions and sums of positions; the global `Value`.
//!
//! A position's member lookup: the ruleset's own `def`s, then [`POSITION`], then every game member of its
//! canonical form. A sum's: [`POSITION_SUM`], then the game members of its canonical form.

use super::loopy as cycling;
use super::memo::{canonical, position_node, raw_options};
use super::position::{as_position, gamelike, GameOption, Gamelike, Item, Position, PositionSum, Slot};
use super::search;
use super::sums as dispatch;
use crate::game::Outcome;
use crate::interp::error::{Arity, ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::native::Param;
use crate::interp::value::{game_value, Player, Value};
use crate::library::impartial::followers::Leaves as Followers;
use crate::library::{list, player, Member, NativeFn, Site};
use std::rc::Rc;

/// Global functions of the rulesets work (declared on `Ruleset`: `super::registry`).
pub static RULESET_GLOBALS: &[NativeFn] = &[NativeFn::new("Value", Arity::Exact(1), value_option).doc(
    "(g)",
    "A game g meant as an option in a ruleset's `Options` hook (rather than a state): the move leads to g.",
    "Value(^)",
)];

fn value_option(m: &mut Machine, site: &Site, args: &[Value]) -> Result<Value, EvalError> {
    let g = crate::library::game(m, site, args, 0)?;
    Ok(Value::Object(Rc::new(GameOption(g))))
}

fn this_position(s: &Site, this: &Value) -> Result<Rc<Position>, EvalError> {
    match this {
        Value::Object(o) => as_position(o).ok_or_else(|| s.bug()),
        _ => Err(s.bug()),
    }
}

fn this_sum<'v>(s: &Site, this: &'v Value) -> Result<&'v PositionSum, EvalError> {
    if let Value::Object(o) = this {
        let any: &dyn std::any::Any = &**o;
        if let Some(x) = any.downcast_ref::<PositionSum>() {
            return Ok(x);
        }
    }
    Err(s.bug())
}

/// The options of a position for `player`, as positions (states wrapped, `Value(g)` as its game).
fn position_options(m: &mut Machine, s: &Site, p: &Position, who: Player) -> Result<Value, EvalError> {
    let items = raw_options(m, &p.inst, &p.state, who, s.span)?;
    let mut out = Vec::with_capacity(items.len());
    for v in items {
        out.push(wrap_option(m, s, &p.inst, v)?);
    }
    Ok(list(out))
}

fn wrap_option(m: &mut Machine, s: &Site, inst: &Rc<super::script::Instance>, v: Value) -> Result<Value, EvalError> {
    if let Value::Object(o) = &v {
        match gamelike(o) {
            Some(Gamelike::Position(q)) => {
                q.fill_show(m, s.span)?;
                return Ok(v);
            }
            Some(Gamelike::Sum(sum)) => {
                for (q, _) in &sum.terms {
                    q.fill_show(m, s.span)?;
                }
                return Ok(v);
            }
            Some(Gamelike::Option(g)) => return Ok(game_value(m.games, g)),
            None => {}
        }
    }
    super::script::position(m, inst, v, s.span)
}

fn options_arg(s: &Site, args: &[Value], impartial: bool) -> Result<Player, EvalError> {
    if args.is_empty() {
        if impartial {
            return Ok(Player::Left);
        }
        return Err(s.err(ErrorKind::ArgumentCount { expected: Arity::Exact(1), got: 0 }));
    }
    player(s, args, 0)
}

fn outcome_value(o: Outcome) -> Value {
    Value::Outcome(o)
}

/// Members of a ruleset instance (cgs additions).
pub static INSTANCE: &[Member] = crate::member_table![
    // How many distinct states the instance's memo table holds (after the `Canonical` hook: states with one
    // representative share an entry).
    crate::member!(MemoCount => "How many distinct states the ruleset instance's memo table holds (states with one canonical representative share an entry). Not in CGSuite.", "begin Domineering(\"...|...\").CanonicalForm; Domineering.MemoCount > 0 end", |_, s, this, _| {
        let Value::Object(o) = this else { return Err(s.bug()) };
        let any: &dyn std::any::Any = &**o;
        let inst = any.downcast_ref::<super::script::Instance>().ok_or_else(|| s.bug())?;
        Ok(Value::int(inst.memo.borrow().len()))
    }),
];

/// Members of positions.
pub static POSITION: &[Member] = crate::member_table![
    // CGSuite's `Game.Decomposition` default, the game itself, for a ruleset that defines no `Decomposition`
    // (CGSuite 2.2: `game.grid.Amazons("x.o").Decomposition` is `[Amazons.Position("x.o")]`); the arc Kayles
    // rulesets define theirs (components, stdlib/graph_games.cgs).
    crate::member!(Decomposition => "The position as a list of its components: the position itself (CGSuite's default for a game).", "Amazons(\"x.o\").Decomposition", |_, s, this, _| {
        this_position(s, this)?;
        Ok(list([this.clone()]))
    }),
    crate::member!(CanonicalForm => "The canonical form of the position, found by the ruleset's rules (and its shortcut, if any).", "Domineering(\"..|..\").CanonicalForm", |m, s, this, _| {
        let p = this_position(s, this)?;
        dispatch::canonical_value(m, &p, s.span)
    }),
    crate::member!(LeftOptions => "The positions Left can move to, as a list.", "Domineering(\"..|..\").LeftOptions", |m, s, this, _| {
        let p = this_position(s, this)?;
        position_options(m, s, &p, Player::Left)
    }),
    crate::member!(RightOptions => "The positions Right can move to, as a list.", "Domineering(\"..|..\").RightOptions", |m, s, this, _| {
        let p = this_position(s, this)?;
        position_options(m, s, &p, Player::Right)
    }),
    Member {
        name: "Options",
        params: &[&[Param::required("player", "Player")]],
        doc: crate::library::Doc::NONE,
        arity: Arity::Range(0, 1),
        f: |m, s, this, args| {
            let p = this_position(s, this)?;
            // CGSuite's `Game.Options` without a player: Left's options, then Right's.
            if args.is_empty() && !p.inst.impartial {
                let (Value::List(mut l), Value::List(r)) =
                    (position_options(m, s, &p, Player::Left)?, position_options(m, s, &p, Player::Right)?)
                else {
                    return Err(s.bug());
                };
                l.append(r.into_vector());
                return Ok(Value::List(l));
            }
            let who = options_arg(s, args, p.inst.impartial)?;
            position_options(m, s, &p, who)
        },
    }
    .doc(
        "",
        "The positions `player` can move to; without an argument, Left's options then Right's.",
        "Domineering(\"..|..\").Options(Left)",
    ),
    crate::member!(OutcomeClass => "Who wins the position under normal play.", "Domineering(\"..|..\").OutcomeClass", |m, s, this, _| {
        let p = this_position(s, this)?;
        let idx = position_node(m, &p, s.span)?;
        let (known, loopy) = {
            let memo = p.inst.memo.borrow();
            let n = &memo.nodes[idx as usize];
            (n.canonical, n.loopy.is_some())
        };
        if loopy && known.is_none() {
            return cycling::outcome_class(m, &p.inst, idx, s.span);
        }
        let r = match known {
            Some(g) => Ok(m.games.outcome(g)),
            None if p.inst.impartial => canonical(m, &p.inst, idx, s.span).map(|g| m.games.outcome(g)),
            None => super::outcome::outcome(m, &search::single(&p.inst, idx), s.span),
        };
        match r {
            Ok(o) => Ok(outcome_value(o)),
            Err(e) if matches!(e.kind, ErrorKind::NotShortGame { .. }) => {
                cycling::outcome_class(m, &p.inst, idx, s.span)
            }
            Err(e) => Err(e),
        }
    }),
    crate::member!(GameValue => "The value of the position: its canonical form, or for a loopy ruleset its loopy value.", "Domineering(\"..|..\").GameValue", |m, s, this, _| {
        let p = this_position(s, this)?;
        let idx = position_node(m, &p, s.span)?;
        cycling::game_value(m, &p.inst, idx, s.span)
    }),
    crate::member!(MisereOutcomeClass => "Who wins the position when the last player to move loses, played out by the rules.", "Domineering(\"..|..\").MisereOutcomeClass", |m, s, this, _| {
        let p = this_position(s, this)?;
        let idx = position_node(m, &p, s.span)?;
        let sum = search::single(&p.inst, idx);
        Ok(outcome_value(search::outcome(m, &sum, true, s.span)?))
    }),
    crate::member!(NimValue => "The nim value of a position of an impartial ruleset.", "Kayles(4).NimValue", |m, s, this, _| {
        let p = this_position(s, this)?;
        let idx = position_node(m, &p, s.span)?;
        let g = canonical(m, &p.inst, idx, s.span)?;
        nim_value(m, s, g)
    }),
    crate::member!(Followers => "Every position reachable from the position (itself included), as a set.", "Domineering(\"..\").Followers", |m, s, this, _| Ok(Value::Set(followers(m, s, this)?, crate::interp::order::SmallOrder::HASHED))),
    crate::member!(FollowerCount => "The number of distinct followers (the position counted).", "Domineering(\"..|..\").FollowerCount", |m, s, this, _| Ok(Value::int(follower_count(m, s, this)?))),
    crate::member!(State => "The state the position was made from.", "Domineering(\"..|..\").State", |_, s, this, _| Ok(this_position(s, this)?.state.clone())),
    crate::member!(Ruleset => "The ruleset instance the position belongs to.", "Domineering(\"..|..\").Ruleset", |_, s, this, _| Ok(Value::Object(this_position(s, this)?.inst.clone()))),
];

fn nim_value(m: &mut Machine, s: &Site, g: crate::game::GameId) -> Result<Value, EvalError> {
    match m.games.nimber_value(g) {
        Some(n) => Ok(Value::int(n)),
        None => {
            let game = game_value(m.games, g).display(m.games);
            Err(s.err(ErrorKind::NotANimber { game }))
        }
    }
}

/// The options of a sum for `who`: one part moved, in the part's place; a set when the sum's first part gives
/// its options as a set (CGSuite 2.2: `(1 + Domineering("..|..")).LeftOptions` is a set, a compound's options
/// being its first operand's collection mapped; `(Domineering("..|..") + 1).LeftOptions` a list).
fn sum_options(m: &mut Machine, s: &Site, sum: &PositionSum, who: Player) -> Result<Value, EvalError> {
    let out = sum_option_values(m, s, sum, who)?;
    Ok(if options_are_set(sum) { crate::interp::order::set_value(out) } else { list(out) })
}

/// Whether the sum's first part gives its options as a set: a canonical game, a loopy value, a compound or a
/// heap sum whose first operand is one (see [`sum_options`]).
fn options_are_set(sum: &PositionSum) -> bool {
    match sum.layout.first() {
        Some(Slot::Other(v, _)) => {
            crate::library::short::first_options_are_set(v) || crate::library::impartial::heap_sum_options_are_set(v)
        }
        _ => false,
    }
}

/// The options of a sum for `who` in CGSuite's order (see [`sum_options`]).
fn sum_option_values(m: &mut Machine, s: &Site, sum: &PositionSum, who: Player) -> Result<Vec<Value>, EvalError> {
    let items = sum.items();
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        match item {
            Item::Term(p, neg) => {
                let q = if *neg { who.opponent() } else { who };
                let Value::List(opts) = position_options(m, s, p, q)? else { return Err(s.bug()) };
                let mut rest: Option<Value> = None;
                let op = if *neg { crate::syntax::ast::BinOp::Sub } else { crate::syntax::ast::BinOp::Add };
                for o in opts {
                    // A position moved to stays in its term's place (CGSuite 2.2: `(Domineering("..|..") +
                    // Domineering("..")).Options` lists `Domineering.Position("#.|#.") + Domineering.Position("..")`).
                    if let Some(q) = match &o {
                        Value::Object(x) => as_position(x),
                        _ => None,
                    } {
                        let mut next = items.clone();
                        next[i] = Item::Term(q, *neg);
                        out.push(Value::Object(Rc::new(PositionSum::build_shaped(m.games, next, sum.shape.clone()))));
                        continue;
                    }
                    let rest = match &rest {
                        Some(r) => r.clone(),
                        None => {
                            let others = items.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, t)| t.clone());
                            let r = dispatch::make_sum(m, others.collect());
                            rest.insert(r).clone()
                        }
                    };
                    match dispatch::binary(m, op, &rest, &o, s.span) {
                        Some(r) => out.push(r?),
                        None => return Err(s.bug()),
                    }
                }
            }
            // A heap, a game or a form moves as itself, to its options in its place (CGSuite 2.2:
            // `(Domineering("..|..") + 1).LeftOptions` ends with `Domineering.Position("..|..") + 0`,
            // `(Domineering("..|..") + game.heap.Kayles(3)).LeftOptions` lists
            // `Domineering.Position("..|..") + TakeAndBreak.Position(1) + TakeAndBreak.Position(1)`).
            Item::Other(v, _) => {
                let opts = crate::library::short::form_options(m, v, who).map_err(|k| s.err(k))?;
                for o in opts {
                    let g = match m.to_game(&o) {
                        Some(r) => r.map_err(|k| s.err(k))?,
                        None => return Err(s.bug()),
                    };
                    let mut next = items.clone();
                    next[i] = Item::Other(o, g);
                    out.push(Value::Object(Rc::new(PositionSum::build_shaped(m.games, next, sum.shape.clone()))));
                }
            }
        }
    }
    Ok(out)
}

/// The followers of a position or sum (CGSuite's `Followers`): every position, sum and game reachable by
/// literal moves of either player, itself included, walked as CGSuite walks them (library/impartial/followers.rs):
/// a sum is the pair of its components folded from the left, its `0` components kept, so `A + B` and `B + A`,
/// `(A + B) + C` and `A + (B + C)` are distinct followers (CGSuite 2.2: `Cutcake((2,3)).FollowerCount` is 26).
struct RulesetLeaves;

impl Followers for RulesetLeaves {
    fn split(&mut self, m: &mut Machine, v: &Value) -> Option<Vec<Value>> {
        let Value::Object(o) = v else { return None };
        let Some(Gamelike::Sum(x)) = gamelike(o) else { return None };
        if x.part_count() < 2 {
            return None;
        }
        if x.shape.is_none() {
            return Some(signed_terms(m, x));
        }
        // A sum grouped otherwise than from the left: its outer pair (CGSuite's `G + H`).
        Some(
            x.halves()?
                .into_iter()
                .map(|(items, shape)| match <[Item; 1]>::try_from(items) {
                    Ok([one]) => signed_term(m, one),
                    Err(items) => Value::Object(Rc::new(PositionSum::build_shaped(m.games, items, shape))),
                })
                .collect(),
        )
    }

    fn options(&mut self, m: &mut Machine, s: &Site, v: &Value, who: Player) -> Option<Result<Vec<Value>, EvalError>> {
        let Value::Object(o) = v else { return None };
        let opts = match gamelike(o)? {
            Gamelike::Position(p) => position_options(m, s, &p, who),
            Gamelike::Sum(x) => return Some(sum_option_values(m, s, x, who)),
            Gamelike::Option(g) => {
                let g = game_value(m.games, g);
                return self.options(m, s, &g, who);
            }
        };
        Some(opts.and_then(|l| match l {
            Value::List(l) => Ok(l.into_iter().collect()),
            _ => Err(s.bug()),
        }))
    }

    fn impartial(&self, v: &Value) -> Option<bool> {
        let Value::Object(o) = v else { return None };
        match gamelike(o)? {
            Gamelike::Position(p) => Some(p.inst.impartial),
            Gamelike::Sum(x) => Some(x.terms.iter().all(|(p, _)| p.inst.impartial) && x.constant.is_none()),
            Gamelike::Option(_) => None,
        }
    }
}

/// A sum's parts as values, a subtracted position as its negative (`Terms`, and the parts of a sum whose
/// followers are walked).
fn signed_terms(m: &mut Machine, sum: &PositionSum) -> Vec<Value> {
    sum.items().into_iter().map(|i| signed_term(m, i)).collect()
}

/// One part of a sum as a value (see [`signed_terms`]).
fn signed_term(m: &mut Machine, i: Item) -> Value {
    match i {
        Item::Term(p, neg) => {
            let v = Value::Object(p);
            if neg {
                dispatch::negate(m, &v).unwrap_or(v)
            } else {
                v
            }
        }
        Item::Other(Value::Game(g), _) => game_value(m.games, g),
        Item::Other(v, _) => v,
    }
}

fn followers(m: &mut Machine, s: &Site, start: &Value) -> Result<imbl::OrdSet<Value>, EvalError> {
    crate::library::impartial::followers::followers(m, s, start, &mut RulesetLeaves)
}

fn follower_count(m: &mut Machine, s: &Site, start: &Value) -> Result<usize, EvalError> {
    crate::library::impartial::followers::follower_count(m, s, start, &mut RulesetLeaves)
}

/// Members of sums of positions.
pub static POSITION_SUM: &[Member] = crate::member_table![
    crate::member!(CanonicalForm => "The canonical form of the sum: the sum of its terms' canonical forms.", "(Domineering(\"..|..\") + Domineering(\"...\")).CanonicalForm", |m, s, this, _| {
        let g = dispatch::sum_game(m, this_sum(s, this)?, s.span)?;
        Ok(game_value(m.games, g))
    }),
    crate::member!(OutcomeClass => "Who wins the sum under normal play.", "(Domineering(\"..|..\") + Domineering(\"...\")).OutcomeClass", |m, s, this, _| {
        let r = dispatch::sum_ref(m, this_sum(s, this)?, s.span)?;
        match super::outcome::outcome(m, &r, s.span) {
            Ok(o) => Ok(outcome_value(o)),
            Err(e) if matches!(e.kind, ErrorKind::NotShortGame { .. }) => cycling::sum_outcome(m, &r, s.span),
            Err(e) => Err(e),
        }
    }),
    crate::member!(GameValue => "The value of the sum of positions.", "(Domineering(\"..|..\") + Domineering(\"...\")).GameValue", |m, s, this, _| {
        let r = dispatch::sum_ref(m, this_sum(s, this)?, s.span)?;
        cycling::sum_game_value(m, &r, s.span)
    }),
    crate::member!(MisereOutcomeClass => "Who wins the sum when the last player to move loses, played out by the rules.", "(Domineering(\"..|..\") + Domineering(\"...\")).MisereOutcomeClass", |m, s, this, _| {
        let sum = this_sum(s, this)?;
        // Misère play reads the game trees: a heap, a form or two games are played as typed (CGSuite 2.2:
        // `(Domineering("..") + * + *).MisereOutcomeClass` is P, `(Domineering("..") + 0)`'s L), where the search
        // reads the constant's canonical form, the tree of a single game part.
        let others = sum.layout.iter().filter(|x| matches!(x, Slot::Other(..))).count();
        let trees = sum.layout.iter().any(|x| matches!(x, Slot::Other(Value::Object(_), _)));
        if others > 1 || trees {
            let o = crate::library::short::explicit::misere_outcome(m, this).map_err(|k| s.err(k))?;
            return Ok(outcome_value(o));
        }
        let r = dispatch::sum_ref(m, sum, s.span)?;
        Ok(outcome_value(search::outcome(m, &r, true, s.span)?))
    }),
    crate::member!(NimValue => "The nim value of a sum of impartial positions.", "(Kayles(4) + Kayles(3)).NimValue", |m, s, this, _| {
        let g = dispatch::sum_game(m, this_sum(s, this)?, s.span)?;
        nim_value(m, s, g)
    }),
    // CGSuite's `Game.Decomposition` default for a compound, the sum itself (CGSuite 2.2:
    // `(game.grid.Domineering("..") + game.heap.Kayles(3)).Decomposition` is that sum in a list).
    crate::member!(Decomposition => "The sum as a list of its components: the sum itself (CGSuite's default for a game).", "(Domineering(\"..\") + 1).Decomposition", |_, s, this, _| {
        this_sum(s, this)?;
        Ok(list([this.clone()]))
    }),
    crate::member!(Terms => "The parts summed (positions, heaps, games), in the order typed, as a list.", "(Domineering(\"..|..\") + Domineering(\"...\")).Terms", |m, s, this, _| {
        let sum = this_sum(s, this)?;
        Ok(list(signed_terms(m, sum)))
    }),
    crate::member!(Followers => "Every sum reachable from the sum (itself included), as a set.", "(Domineering(\"..\") + Domineering(\"..\")).Followers", |m, s, this, _| Ok(Value::Set(followers(m, s, this)?, crate::interp::order::SmallOrder::HASHED))),
    crate::member!(FollowerCount => "The number of distinct followers of the sum.", "(Domineering(\"..|..\") + Domineering(\"...\")).FollowerCount", |m, s, this, _| Ok(Value::int(follower_count(m, s, this)?))),
    crate::member!(LeftOptions => "The sums Left can move to: one term moved.", "(Domineering(\"..|..\") + Domineering(\"...\")).LeftOptions", |m, s, this, _| sum_options(m, s, this_sum(s, this)?, Player::Left)),
    crate::member!(RightOptions => "The sums Right can move to: one term moved.", "(Domineering(\"..|..\") + Domineering(\"...\")).RightOptions", |m, s, this, _| sum_options(m, s, this_sum(s, this)?, Player::Right)),
    Member {
        name: "Options",
        params: &[&[Param::required("player", "Player")]],
        doc: crate::library::Doc::NONE,
        arity: Arity::Range(0, 1),
        f: |m, s, this, args| {
            let sum = this_sum(s, this)?;
            if !args.is_empty() {
                let who = player(s, args, 0)?;
                return sum_options(m, s, sum, who);
            }
            // CGSuite's `Game.Options` without a player: Left's options, then Right's (CGSuite 2.2:
            // `(Domineering("..|..") + 1).Options`); an impartial sum's once.
            let impartial = sum.terms.iter().all(|(p, _)| p.inst.impartial)
                && sum.constant.is_none_or(|c| m.games.is_nimber(c))
                && sum.layout.iter().all(|x| match x {
                    Slot::Term(_) => true,
                    Slot::Other(v @ Value::Object(_), _) => crate::interp::classes::is_heap_position(v),
                    Slot::Other(_, g) => m.games.is_nimber(*g),
                });
            if impartial {
                return sum_options(m, s, sum, Player::Left);
            }
            // `Options(Left) Concat Options(Right)`: a set's union when the options are a set.
            let mut all = sum_option_values(m, s, sum, Player::Left)?;
            all.extend(sum_option_values(m, s, sum, Player::Right)?);
            Ok(if options_are_set(sum) { crate::interp::order::set_value(all) } else { list(all) })
        },
    }
    .doc(
        "",
        "The sums `player` can move to; without an argument, Left's options then Right's.",
        "(Domineering(\"..|..\") + Domineering(\"...\")).Options(Right)",
    ),
];

//! Members CGSuite's `Game` class gives every game, answered for any game-like value through its own `Options`
//! (so a position answers with positions): `SensibleLeftOptions`, `SensibleRightOptions`,
//! `SensibleOptions(player)`, `SensibleLines(player)` (CGSuite's `Game.scala`), `DepthHint` and
//! `Decomposition`.
//!
//! A sensible option for Left is, for each Left option `k` of the canonical form, the first option of the game
//! whose canonical form is `≥ k` (for Right `≤ k`): the moves that reach the canonical form's options, skipping
//! the dominated and those that only reverse. A sensible line follows one such move and, while it has not
//! reached `k`, the opponent's reversing reply (an option `≤` the game for Left's lines, `≥` for Right's).

use super::{player, Member, Site};
use crate::game::GameId;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::value::{Player, Value};
use crate::syntax::ast::Ident;

/// The generic member `name` for a game-like value (after its own members declined).
pub fn generic_member(v: &Value, name: &str) -> Option<&'static Member> {
    let gamelike = match v {
        Value::Game(_) | Value::Integer(_) => true,
        Value::Rational(r) => crate::interp::value::is_dyadic(r),
        // Heap positions (`Kayles(4)`) are games valued through the impartial tables; a misère game is also a
        // normal-play game tree (CGSuite's `MisereCanonicalGame` extends `ImpartialGame`).
        Value::Object(o) => o.is_game() || matches!(o.type_name(), "Position" | "MisereCanonicalGame"),
        _ => false,
    };
    if !gamelike {
        return None;
    }
    // A ruleset's position splits into components by its own rules (Domineering's regions); cgs answers
    // `Decomposition` only where it is the whole game.
    // (Heap positions name their class's tables; a ruleset's do not.)
    let ruleset_position = |o: &std::rc::Rc<dyn crate::interp::object::Object>| o.class_members().is_empty();
    if name == "Decomposition" && matches!(v, Value::Object(o) if o.type_name() == "Position" && ruleset_position(o)) {
        return None;
    }
    GENERIC_GAME.iter().find(|m| m.name == name)
}

fn options(m: &mut Machine, s: &Site, this: &Value, p: Player) -> Result<Vec<Value>, EvalError> {
    let ident = Ident { name: "Options".into(), span: s.span };
    let opts = m.invoke_member(this.clone(), &ident, &[Value::Player(p)], &[], s.span)?;
    m.elements(&opts).ok_or_else(|| s.err(ErrorKind::Internal { what: "options that are not a collection".into() }))
}

fn canonical(m: &mut Machine, s: &Site, v: &Value) -> Result<GameId, EvalError> {
    match m.to_game(v) {
        Some(r) => r.map_err(|k| s.err(k)),
        // A misère game's normal-play tree: its own `CanonicalForm` (the nimber of its nim value).
        None if matches!(v, Value::Object(o) if o.type_name() == "MisereCanonicalGame") => {
            let ident = Ident { name: "CanonicalForm".into(), span: s.span };
            let c = m.invoke_member(v.clone(), &ident, &[], &[], s.span)?;
            canonical(m, s, &c)
        }
        None => Err(s.wrong_type(0, "Game", v)),
    }
}

/// Whether `x` is at least `k` for player `p` (`x ≥ k` for Left, `x ≤ k` for Right).
fn at_least(m: &mut Machine, p: Player, x: GameId, k: GameId) -> bool {
    match p {
        Player::Left => m.games.leq(k, x),
        Player::Right => m.games.leq(x, k),
    }
}

fn canonical_options(m: &mut Machine, g: GameId, p: Player) -> Vec<GameId> {
    match p {
        Player::Left => m.games.left_options(g),
        Player::Right => m.games.right_options(g),
    }
}

/// The first option of `this` for `p` that reaches `k`, with its canonical form.
fn reaching(
    m: &mut Machine,
    s: &Site,
    this: &Value,
    p: Player,
    k: GameId,
    geq: bool,
) -> Result<Option<Value>, EvalError> {
    for x in options(m, s, this, p)? {
        let c = canonical(m, s, &x)?;
        let ok = if geq { at_least(m, p, c, k) } else { at_least(m, p.opponent(), c, k) };
        if ok {
            return Ok(Some(x));
        }
    }
    Ok(None)
}

fn sensible_options(m: &mut Machine, s: &Site, this: &Value, p: Player) -> Result<Value, EvalError> {
    let g = canonical(m, s, this)?;
    let mut out = Vec::new();
    for k in canonical_options(m, g, p) {
        if let Some(x) = reaching(m, s, this, p, k, true)? {
            out.push(x);
        }
    }
    Ok(super::set(out))
}

fn sensible_lines(m: &mut Machine, s: &Site, this: &Value, p: Player) -> Result<Value, EvalError> {
    let g = canonical(m, s, this)?;
    let mut lines = Vec::new();
    let unable = |what: &str| s.err(ErrorKind::Script { message: format!("unable to find {what} continuation") });
    for k in canonical_options(m, g, p) {
        let mut line = Vec::new();
        let mut current = this.clone();
        loop {
            m.games.poll_interrupt();
            let x = reaching(m, s, &current, p, k, true)?.ok_or_else(|| unable("sensible"))?;
            line.push(x.clone());
            let c = canonical(m, s, &x)?;
            if c == k {
                break;
            }
            // The opponent's reply that reverses through the game: `≤ G` for Left's lines, `≥ G` for Right's.
            let r = reaching(m, s, &x, p.opponent(), g, true)?.ok_or_else(|| unable("reverting"))?;
            line.push(r.clone());
            current = r;
        }
        lines.push(super::list(line));
    }
    Ok(super::set(lines))
}

/// The members.
pub static GENERIC_GAME: &[Member] = crate::member_table![
    crate::member!(SensibleLeftOptions => "Left's sensible options: those that reverse through to a Left option of the canonical form, each with where it leads.", "<<1|*>, 0|-1>.SensibleLeftOptions", |m, s, this, _| sensible_options(m, s, this, Player::Left)),
    crate::member!(SensibleRightOptions => "Right's sensible options: those that reverse through to a Right option of the canonical form.", "<1|<*|-1>, 0>.SensibleRightOptions", |m, s, this, _| sensible_options(m, s, this, Player::Right)),
    crate::member!(SensibleOptions(player: Player) => "The sensible options of `player` (see `SensibleLeftOptions`).", "<<1|*>, 0|-1>.SensibleOptions(Left)", |m, s, this, args| sensible_options(m, s, this, player(s, args, 0)?)),
    crate::member!(SensibleLines(player: Player) => "The sensible lines of play for `player`: reversible sequences of moves ending at an option of the canonical form.", "<<1|*>, 0|-1>.SensibleLines(Left)", |m, s, this, args| sensible_lines(m, s, this, player(s, args, 0)?)),
    // CGSuite's default for games that are not loopy.
    crate::member!(DepthHint => "CGSuite's bound for ordering loopy play: 0 for a game that is not loopy.", "(^).DepthHint", |_, _, _, _| Ok(Value::int(0))),
    crate::member!(Decomposition => "The game as a list of components (a plain game is one).", "(^*).Decomposition", |_, _, this, _| Ok(super::list([this.clone()]))),
];

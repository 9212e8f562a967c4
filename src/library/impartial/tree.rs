//! A misère canonical game as a normal-play game tree. CGSuite's `MisereCanonicalGame` extends `ImpartialGame`,
//! so the members `Game` gives every game read the game's own options: `CanonicalForm` and `GameValue` are the
//! nimber of its (normal-play) nim value, `Followers` are misère games, `G ConwayProduct H` and `G : H` are
//! compounds of the two trees (CGSuite 2.2: `(*[[3],2]).CanonicalForm` is `*`, `(*[[2,2]]).FollowerCount` is 4,
//! `(*[2]).ConwayProduct(*)` prints `*[2] ConwayProduct *`). `Decomposition`, `DepthHint` and the sensible
//! options come from the generic game members (library/short/sensible.rs), the variants from
//! stdlib/variants.cgs.

use super::members::*;
use super::value::*;

/// The nimber of the misère game's nim value, as a value.
fn nimber(m: &mut Machine, s: &Site, this: &Value) -> Result<Value, EvalError> {
    let (g, ar) = this_misere(s, this)?;
    let n = ar.with(|a| a.nim_value(g));
    let h = m.games.nimber(u64::from(n));
    Ok(game_value(m.games, h))
}

/// The member `name` (no arguments) of the misère game's nimber.
fn of_nimber(m: &mut Machine, s: &Site, this: &Value, name: &str) -> Result<Value, EvalError> {
    let v = nimber(m, s, this)?;
    let ident = Ident { name: name.into(), span: s.span };
    m.invoke_member(v, &ident, &[], &[], s.span)
}

/// Every follower of the game, itself included.
fn followers(s: &Site, this: &Value) -> Result<Vec<Value>, EvalError> {
    let (g, ar) = this_misere(s, this)?;
    let ids = ar.with(|a| {
        let mut seen = std::collections::BTreeSet::new();
        let mut todo = vec![g];
        while let Some(x) = todo.pop() {
            if seen.insert(x) {
                todo.extend(a.options(x).iter().copied());
            }
        }
        seen
    });
    Ok(ids.into_iter().map(|x| MisereGame::value(&ar, x)).collect())
}

/// The normal-play members of a misère canonical game.
pub static MISERE_TREE: &[Member] = crate::member_table![
    crate::member!(CanonicalForm => "The normal-play canonical form of the game tree: the nimber of its nim value.", "(*[[3],2]).CanonicalForm", |m, s, this, _| nimber(m, s, this)),
    crate::member!(GameValue => "The normal-play value of the game tree (the same as `CanonicalForm`).", "(*[2]).GameValue", |m, s, this, _| nimber(m, s, this)),
    crate::member!(AtomicWeight => "The atomic weight of the game tree's normal-play value (0: it is a nimber).", "(*[1]).AtomicWeight", |m, s, this, _| of_nimber(m, s, this, "AtomicWeight")),
    crate::member!(ReducedCanonicalForm => "The reduced canonical form of the game tree's normal-play value.", "(*[2]).ReducedCanonicalForm", |m, s, this, _| of_nimber(m, s, this, "ReducedCanonicalForm")),
    crate::member!(Followers => "Every misère game reachable from the game, itself included, as a set.", "(*[[2,2]]).Followers", |_, s, this, _| Ok(crate::interp::native::set(followers(s, this)?))),
    crate::member!(FollowerCount => "The number of misère games reachable from the game, itself included.", "(*[[2,2]]).FollowerCount", |_, s, this, _| Ok(Value::int(followers(s, this)?.len()))),
    crate::member!(ConwayProduct(that: Game) => "Conway's product of the game tree with h, kept as the compound (CGSuite 2.2 prints `*[2] ConwayProduct *`).", "(*[2]).ConwayProduct(*).CanonicalForm", |m, s, this, args| {
        match crate::library::short::product(m, this, &args[0]) {
            Some(v) => Ok(v),
            None => Err(s.wrong_type(0, "Game", &args[0])),
        }
    }),
];

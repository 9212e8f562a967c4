//! Members of games (LANGUAGE.md §7), mapped to the engine. Numbers answer them too, converted to games.

use super::{boolean, dyadic, game, member, player, set, this_game, Member, Site};
use crate::game::Dyadic;
use crate::interp::error::{Arity, ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::value::{dyadic_value, game_value, Player, Shown, Value};
use std::rc::Rc;

macro_rules! game_bool {
    ($name:literal, $method:ident) => {
        member($name, 0, |m, s, this, _| {
            let g = this_game(m, s, this)?;
            Ok(boolean(m.games.$method(g)))
        })
    };
}

macro_rules! game_game {
    ($name:literal, $method:ident) => {
        member($name, 0, |m, s, this, _| {
            let g = this_game(m, s, this)?;
            let h = m.games.$method(g);
            Ok(game_value(m.games, h))
        })
    };
}

macro_rules! game_number {
    ($name:literal, $method:ident) => {
        member($name, 0, |m, s, this, _| {
            let g = this_game(m, s, this)?;
            Ok(dyadic_value(m.games.$method(g)))
        })
    };
}

/// A member returning a collection of games as a `Set` (CGSuite's options, incentives and followers are
/// sets: printed in CGSuite's deterministic order).
macro_rules! game_set {
    ($name:literal, $method:ident) => {
        member($name, 0, |m, s, this, _| {
            let g = this_game(m, s, this)?;
            let hs = m.games.$method(g);
            Ok(set(hs.into_iter().map(|h| game_value(m.games, h))))
        })
    };
}

/// Members of `Game` (and of `Integer` and `DyadicRational`).
pub static GAME: &[Member] = &[
    member("CanonicalForm", 0, |m, s, this, _| {
        let g = this_game(m, s, this)?;
        Ok(game_value(m.games, g))
    }),
    game_set!("LeftOptions", left_options),
    game_set!("RightOptions", right_options),
    // `Options(player)`; `Options` alone is every option of either player, as CGSuite's Game.cgs
    // (`Options(Left).ToSet Union Options(Right)`).
    Member {
        name: "Options",
        arity: Arity::Range(0, 1),
        f: |m, s, this, args| {
            let g = this_game(m, s, this)?;
            let hs = match args.first() {
                None => {
                    let mut hs = m.games.left_options(g);
                    hs.extend(m.games.right_options(g));
                    hs
                }
                Some(_) => match player(s, args, 0)? {
                    Player::Left => m.games.left_options(g),
                    Player::Right => m.games.right_options(g),
                },
            };
            Ok(set(hs.into_iter().map(|h| game_value(m.games, h))))
        },
    },
    // `Stop(player)`: `LeftStop` or `RightStop` (CGSuite's CanonicalStopper.cgs).
    member("Stop", 1, |m, s, this, args| {
        let g = this_game(m, s, this)?;
        let d = match player(s, args, 0)? {
            Player::Left => m.games.left_stop(g),
            Player::Right => m.games.right_stop(g),
        };
        Ok(dyadic_value(d))
    }),
    member("Birthday", 0, |m, s, this, _| {
        let g = this_game(m, s, this)?;
        Ok(Value::int(m.games.birthday(g)))
    }),
    member("OutcomeClass", 0, |m, s, this, _| {
        let g = this_game(m, s, this)?;
        Ok(Value::Outcome(m.games.outcome(g)))
    }),
    member("MisereOutcomeClass", 0, |m, s, this, _| {
        let g = this_game(m, s, this)?;
        Ok(Value::Outcome(m.games.misere_outcome(g)))
    }),
    game_number!("LeftStop", left_stop),
    game_number!("RightStop", right_stop),
    game_number!("Mean", mean),
    game_number!("Temperature", temperature),
    member("Thermograph", 0, |m, s, this, _| {
        let g = this_game(m, s, this)?;
        Ok(Value::Thermograph(Rc::new(m.games.thermograph(g))))
    }),
    member("Cool", 1, |m, s, this, args| {
        let g = this_game(m, s, this)?;
        let t = dyadic(s, args, 0)?;
        let r = m.games.cool(g, t);
        m.game_result(r, s.span)
    }),
    member("Heat", 1, |m, s, this, args| {
        let g = this_game(m, s, this)?;
        let t = game(m, s, args, 0)?;
        let h = m.games.heat(g, t);
        Ok(game_value(m.games, h))
    }),
    member("Overheat", 2, |m, s, this, args| {
        let g = this_game(m, s, this)?;
        let a = game(m, s, args, 0)?;
        let b = game(m, s, args, 1)?;
        let h = m.games.overheat(g, a, b);
        Ok(game_value(m.games, h))
    }),
    game_game!("Freeze", freeze),
    member("AtomicWeight", 0, |m, s, this, _| {
        let g = this_game(m, s, this)?;
        let r = m.games.atomic_weight(g);
        m.game_result(r, s.span)
    }),
    game_bool!("IsAtomic", is_atomic),
    game_bool!("IsAllSmall", is_all_small),
    game_bool!("IsInfinitesimal", is_infinitesimal),
    game_bool!("IsNumber", is_number),
    game_bool!("IsInteger", is_integer),
    game_bool!("IsNimber", is_nimber),
    game_bool!("IsUptimal", is_uptimal),
    game_bool!("IsNumberish", is_numberish),
    game_bool!("IsNumberTiny", is_number_tiny),
    game_bool!("IsEven", is_even),
    game_bool!("IsOdd", is_odd),
    game_bool!("IsEvenTempered", is_even_tempered),
    game_bool!("IsOddTempered", is_odd_tempered),
    game_set!("Incentives", incentives),
    game_set!("LeftIncentives", left_incentives),
    game_set!("RightIncentives", right_incentives),
    game_game!("Companion", companion),
    game_game!("ReducedCanonicalForm", reduced_canonical_form),
    game_set!("Followers", followers),
    member("FollowerCount", 0, |m, s, this, _| {
        let g = this_game(m, s, this)?;
        Ok(Value::int(m.games.follower_count(g)))
    }),
    member("StopCount", 0, |m, s, this, _| {
        let g = this_game(m, s, this)?;
        Ok(Value::int(m.games.stop_count(g)))
    }),
    member("UptimalExpansion", 0, |m, s, this, _| {
        let g = this_game(m, s, this)?;
        match m.games.uptimal_expansion(g) {
            Ok(u) => Ok(Shown::value("Uptimal", u)),
            Err(e) => Err(s.err(m.game_error(e))),
        }
    }),
    member("NortonProduct", 1, norton_product),
    // CGSuite's `NortonMultiply` (CanonicalShortGame.cgs) is the same operation under its other name.
    member("NortonMultiply", 1, norton_product),
    member("ConwayProduct", 1, conway_product),
    member("ConwayMultiply", 1, conway_product),
    member("Pow", 1, |m, s, this, args| {
        if let Some(r) = super::loopy::pow_global(m, s, this, &args[0], true) {
            return r;
        }
        let g = this_game(m, s, this)?;
        let x = dyadic(s, args, 0)?;
        let r = m.games.pow(g, x);
        m.game_result(r, s.span)
    }),
    member("PowTo", 1, |m, s, this, args| {
        if let Some(r) = super::loopy::pow_global(m, s, this, &args[0], false) {
            return r;
        }
        let g = this_game(m, s, this)?;
        let x = dyadic(s, args, 0)?;
        let r = m.games.pow_to(g, x);
        m.game_result(r, s.span)
    }),
    game_game!("Tiny", tiny),
    game_game!("Miny", miny),
    member("SumberForm", 0, |m, s, this, _| {
        let g = this_game(m, s, this)?;
        match m.games.sumber_form(g) {
            Some(x) => Ok(super::sumber::SumberValue::value(x)),
            None => {
                let game = this.display(m.games);
                Err(s.err(ErrorKind::NotASumber { game }))
            }
        }
    }),
    game_bool!("IsSumber", is_sumber),
    // `G == -G` (CGSuite's `isSwitch`): `+-1`, `*`, `0`.
    member("IsSwitch", 0, |m, s, this, _| {
        let g = this_game(m, s, this)?;
        let n = m.games.neg(g);
        Ok(boolean(n == g))
    }),
    member("IsZero", 0, |m, s, this, _| {
        let g = this_game(m, s, this)?;
        Ok(boolean(g == m.games.zero()))
    }),
    // A non-negative integer (CGSuite's `IsOrdinal` on short games).
    member("IsOrdinal", 0, |m, s, this, _| {
        let g = this_game(m, s, this)?;
        let ordinal = m.games.is_integer(g) && m.games.number_value(g).is_some_and(|d| d >= Dyadic::ZERO);
        Ok(boolean(ordinal))
    }),
    // `G.Subordinate(B)`: the H with `B : H == G` (see `game/subordinate.rs`).
    member("Subordinate", 1, |m, s, this, args| {
        let g = this_game(m, s, this)?;
        let base = game(m, s, args, 0)?;
        match m.games.checked(|gs| gs.subordinate(g, base)) {
            Ok(Some(h)) => Ok(game_value(m.games, h)),
            Ok(None) => {
                let message = "That game cannot be subordinated to the specified base.".to_string();
                Err(s.err(ErrorKind::InvalidArgument { message }))
            }
            Err(e) => Err(s.err(m.game_error(e))),
        }
    }),
    member("NimValue", 0, |m, s, this, _| {
        let g = this_game(m, s, this)?;
        match m.games.nimber_value(g) {
            Some(n) => Ok(Value::int(n)),
            None => {
                let game = this.display(m.games);
                Err(s.err(ErrorKind::NotANimber { game }))
            }
        }
    }),
    member("MisereCanonicalForm", 0, super::impartial::misere_canonical_form),
    member("MisereNimValue", 0, super::impartial::misere_nim_value),
    member("Genus", 0, super::impartial::genus),
    member("ObligatedValue", 0, super::impartial::obligated_value),
];

fn norton_product(m: &mut Machine, s: &Site, this: &Value, args: &[Value]) -> Result<Value, EvalError> {
    let g = this_game(m, s, this)?;
    let u = game(m, s, args, 0)?;
    let r = m.games.norton_product(g, u);
    m.game_result(r, s.span)
}

fn conway_product(m: &mut Machine, s: &Site, this: &Value, args: &[Value]) -> Result<Value, EvalError> {
    let g = this_game(m, s, this)?;
    let h = game(m, s, args, 0)?;
    let r = m.games.conway_product(g, h);
    Ok(game_value(m.games, r))
}

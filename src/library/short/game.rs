//! Members of games (LANGUAGE.md §7), mapped to the engine. Numbers answer them too, converted to games.

use super::{boolean, dyadic, game, member, player, set, this_game, Member, NativeFn, Site};
use crate::game::Dyadic;
use crate::interp::error::{Arity, ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::native::Declared;
use crate::interp::native::Param;
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
pub static GAME: &[Member] = crate::member_table![
    crate::member!(CanonicalForm => "The canonical (simplest) form of the game: dominated options removed and reversible ones bypassed.", "<<1|0>,0|-1>.CanonicalForm", |m, s, this, _| {
        let g = this_game(m, s, this)?;
        Ok(game_value(m.games, g))
    }),
    game_set!("LeftOptions", left_options).doc(
        "",
        "The set of Left's options of the canonical form.",
        "<1,*|-1>.LeftOptions",
    ),
    game_set!("RightOptions", right_options).doc(
        "",
        "The set of Right's options of the canonical form.",
        "<1|-1,*>.RightOptions",
    ),
    // `Options(player)`; `Options` alone is every option of either player, as CGSuite's Game.cgs
    // (`Options(Left).ToSet Union Options(Right)`).
    Member {
        name: "Options",
        params: &[&[Param::required("player", "Player")]],
        doc: super::Doc {
            args: "",
            text: "The options of `player` (`Left` or `Right`) as a set; without an argument, the options of both.",
            example: "<1|*>.Options(Left)",
        },
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
    crate::member!(Stop(player: Player) => "The Left stop (`Stop(Left)`) or Right stop (`Stop(Right)`): the number reached when both players play to the end of the hot part, `player` moving first.", "<3|-1>.Stop(Left)", |m, s, this, args| {
        let g = this_game(m, s, this)?;
        let d = match player(s, args, 0)? {
            Player::Left => m.games.left_stop(g),
            Player::Right => m.games.right_stop(g),
        };
        Ok(dyadic_value(d))
    }),
    crate::member!(Birthday => "The day on which the game is born: the height of its canonical game tree.", "(^*).Birthday", |m, s, this, _| {
        let g = this_game(m, s, this)?;
        Ok(Value::int(m.games.birthday_exact(g)))
    }),
    crate::member!(OutcomeClass => "Who wins under normal play: `L`, `R`, `N` (the player to move) or `P` (the other player).", "<1|-1>.OutcomeClass", |m, s, this, _| {
        let g = this_game(m, s, this)?;
        Ok(Value::Outcome(m.games.outcome(g)))
    }),
    crate::member!(MisereOutcomeClass => "The outcome class when the last player to move loses.", "(*2).MisereOutcomeClass", |m, s, this, _| {
        let g = this_game(m, s, this)?;
        Ok(Value::Outcome(m.games.misere_outcome(g)))
    }),
    game_number!("LeftStop", left_stop).doc(
        "",
        "The number reached when Left moves first and both play optimally in the hot part.",
        "<3|-1>.LeftStop",
    ),
    game_number!("RightStop", right_stop).doc("", "The number reached when Right moves first.", "<3|-1>.RightStop"),
    game_number!("Mean", mean).doc(
        "",
        "The mean value: the number the game's thermograph's mast stands on.",
        "<3|-1>.Mean",
    ),
    game_number!("Temperature", temperature).doc(
        "",
        "How hot the game is: the temperature at which its thermograph becomes a mast (-1/2^k for a number m/2^k).",
        "<3|-1>.Temperature",
    ),
    crate::member!(Thermograph => "The thermograph: the game's left and right walls as the game is cooled (shown as a picture in Jupyter; `.Plot` sketches it).", "<2|-1>.Thermograph", |m, s, this, _| {
        let g = this_game(m, s, this)?;
        Ok(Value::Thermograph(Rc::new(m.games.thermograph(g))))
    }),
    crate::member!(Cool(t: DyadicRational) => "The game cooled by t: each move costs the mover t, until the game becomes a number.", "<3|-1>.Cool(1)", |m, s, this, args| {
        let g = this_game(m, s, this)?;
        let t = dyadic(s, args, 0)?;
        let r = m.games.cool(g, t);
        m.game_result(r, s.span)
    }),
    crate::member!(Heat(t: CanonicalShortGame) => "The game heated by t (the inverse of cooling on a game's integer-free parts): each move earns the mover t.", "(*).Heat(1)", |m, s, this, args| {
        let g = this_game(m, s, this)?;
        let t = game(m, s, args, 0)?;
        let h = m.games.heat(g, t);
        Ok(game_value(m.games, h))
    }),
    crate::member!(Overheat(s: CanonicalShortGame, t: CanonicalShortGame) => "Overheating from s to t (the integral of the game from s to t, as in Berlekamp's blockbusting).", "(*).Overheat(1, 2)", |m, s, this, args| {
        let g = this_game(m, s, this)?;
        let a = game(m, s, args, 0)?;
        let b = game(m, s, args, 1)?;
        let h = m.games.overheat(g, a, b);
        Ok(game_value(m.games, h))
    }),
    game_game!("Freeze", freeze).doc(
        "",
        "The game cooled by its own temperature: a number plus an infinitesimal.",
        "<3|-1>.Freeze",
    ),
    crate::member!(AtomicWeight => "The atomic weight of an all-small game: how many ups it is worth in the long run.", "(^^*).AtomicWeight", |m, s, this, _| {
        let g = this_game(m, s, this)?;
        let r = m.games.atomic_weight(g);
        m.game_result(r, s.span)
    }),
    game_bool!("IsAtomic", is_atomic).doc(
        "",
        "Whether the game has an atomic weight (see `AtomicWeight`).",
        "(^*).IsAtomic",
    ),
    game_bool!("IsAllSmall", is_all_small).doc(
        "",
        "Whether every follower with options for one player has options for both: an all-small (dicotic) game.",
        "(^*).IsAllSmall",
    ),
    game_bool!("IsInfinitesimal", is_infinitesimal).doc(
        "",
        "Whether the game lies strictly between every positive and every negative number (and is not 0).",
        "(^).IsInfinitesimal",
    ),
    game_bool!("IsNumber", is_number).doc("", "Whether the game equals a (dyadic) number.", "<0|1>.IsNumber"),
    game_bool!("IsInteger", is_integer).doc("", "Whether the game equals an integer.", "<1|3>.IsInteger"),
    game_bool!("IsNimber", is_nimber).doc("", "Whether the game equals a nimber *n.", "<0,*|0,*>.IsNimber"),
    game_bool!("IsUptimal", is_uptimal).doc(
        "",
        "Whether the game is uptimal: a number plus a sum of ups' ordinal powers ^n and possibly *.",
        "(^ + ^.Pow(2) + *).IsUptimal",
    ),
    game_bool!("IsNumberish", is_numberish).doc(
        "",
        "Whether the game is a number plus an infinitesimal (its stops are equal).",
        "(1/2 + ^*).IsNumberish",
    ),
    game_bool!("IsNumberTiny", is_number_tiny).doc(
        "",
        "Whether the game is a number plus a tiny or a miny (x + Tiny(y) or x + Miny(y)).",
        "(1 + Tiny(2)).IsNumberTiny",
    ),
    game_bool!("IsEven", is_even).doc(
        "",
        "Whether the canonical form is even: it has no options, or every option is odd.",
        "(*2).IsEven",
    ),
    game_bool!("IsOdd", is_odd).doc(
        "",
        "Whether the canonical form is odd: it has an option and every option is even.",
        "(*).IsOdd",
    ),
    game_bool!("IsEvenTempered", is_even_tempered).doc(
        "",
        "Whether the game is even-tempered: a number, or every option is odd-tempered.",
        "(*).IsEvenTempered",
    ),
    game_bool!("IsOddTempered", is_odd_tempered).doc(
        "",
        "Whether the game is odd-tempered: not a number, and every option is even-tempered.",
        "(*).IsOddTempered",
    ),
    game_set!("Incentives", incentives).doc(
        "",
        "The incentives: Left's options minus the game, and the game minus Right's options.",
        "<2|-1>.Incentives",
    ),
    game_set!("LeftIncentives", left_incentives).doc(
        "",
        "The Left incentives: each Left option minus the game.",
        "<2|-1>.LeftIncentives",
    ),
    game_set!("RightIncentives", right_incentives).doc(
        "",
        "The Right incentives: the game minus each Right option.",
        "<2|-1>.RightIncentives",
    ),
    game_game!("Companion", companion).doc("", "The companion of an all-small game.", "(^).Companion"),
    game_game!("ReducedCanonicalForm", reduced_canonical_form).doc(
        "",
        "The simplest game that differs from this one by an infinitesimal.",
        "(1/2 + ^).ReducedCanonicalForm",
    ),
    game_set!("Followers", followers).doc(
        "",
        "Every position reachable from the game (itself included), as a set.",
        "(^).Followers",
    ),
    crate::member!(FollowerCount => "The number of distinct followers (the game counted).", "(^).FollowerCount", |m, s, this, _| {
        let g = this_game(m, s, this)?;
        Ok(Value::int(m.games.follower_count(g)))
    }),
    crate::member!(StopCount => "The number of stops the hot parts lead to: 1 for a number, otherwise the sum over all options.", "<<2|1>|<0|-1>>.StopCount", |m, s, this, _| {
        let g = this_game(m, s, this)?;
        Ok(Value::int(m.games.stop_count(g)))
    }),
    crate::member!(UptimalExpansion => "The uptimal expansion of an uptimal game: its ^-, ^2-, ... coefficients and star part.", "(^ + ^^).UptimalExpansion", |m, s, this, _| {
        let g = this_game(m, s, this)?;
        match m.games.uptimal_expansion(g) {
            Ok(u) => Ok(Shown::value("UptimalExpansion", u)),
            Err(e) => Err(s.err(m.game_error(e))),
        }
    }),
    crate::member!(NortonProduct(that: CanonicalShortGame) => "The Norton product G.u: the game G with every integer n in it replaced by n copies of u (computed by the definition for any u, as CGSuite).", "(2).NortonProduct(^)", norton_product),
    // CGSuite's `NortonMultiply` (CanonicalShortGame.cgs) is the same operation under its other name.
    crate::member!(NortonMultiply(that: CanonicalShortGame) => "The same as `NortonProduct`: G.u, with each integer n in G replaced by n copies of u. Not in CGSuite.", "(3).NortonMultiply(^)", norton_product),
    crate::member!(ConwayProduct(that: Game) => "Conway's product of two games (on numbers, ordinary multiplication).", "(*2).ConwayProduct(*3)", conway_product),
    crate::member!(ConwayMultiply(that: Game) => "The same as `ConwayProduct`. Not in CGSuite.", "(*2).ConwayMultiply(*2)", conway_product),
    crate::member!(Pow(x: Pseudonumber) => "G^n: the n-th power in the sense of ordinal sums of G with itself.", "(^).Pow(2)", |m, s, this, args| {
        if let Some(r) = super::loopy::pow_global(m, s, this, &args[0], true) {
            return r;
        }
        let g = this_game(m, s, this)?;
        let x = dyadic(s, args, 0)?;
        let r = m.games.pow(g, x);
        m.game_result(r, s.span)
    }),
    crate::member!(PowTo(x: Pseudonumber) => "G^->x: the ordinal sum of G and the blow-up of x (so ^.PowTo(2) = ^->2).", "(^).PowTo(2)", |m, s, this, args| {
        if let Some(r) = super::loopy::pow_global(m, s, this, &args[0], false) {
            return r;
        }
        let g = this_game(m, s, this)?;
        let x = dyadic(s, args, 0)?;
        let r = m.games.pow_to(g, x);
        m.game_result(r, s.span)
    }),
    game_game!("Tiny", tiny).doc(
        "",
        "Tiny-G, <0 || 0 | -G>: for G a positive number, a positive infinitesimal.",
        "(2).Tiny",
    ),
    game_game!("Miny", miny).doc("", "Miny-G, <G | 0 || 0>: the negative of Tiny-G.", "(2).Miny"),
    crate::member!(SumberForm => "The sumber (sum of atomic numbers) the game equals; an error when it is not a sumber. Not in CGSuite.", "(^).SumberForm", |m, s, this, _| {
        let g = this_game(m, s, this)?;
        match m.games.sumber_form(g) {
            Some(x) => Ok((m.globals.library.sumber_value)(x)),
            None => {
                let game = this.display(m.games);
                Err(s.err(ErrorKind::NotASumber { game }))
            }
        }
    }),
    game_bool!("IsSumber", is_sumber).doc(
        "",
        "Whether the game equals a sumber (see `SumberForm`). Not in CGSuite.",
        "(^).IsSumber",
    ),
    // `G == -G` (CGSuite's `isSwitch`): `+-1`, `*`, `0`.
    crate::member!(IsSwitch => "Whether the game equals its own negative, as a pure switch ±x does (and every impartial game). Not in CGSuite.", "<3|-3>.IsSwitch", |m, s, this, _| {
        let g = this_game(m, s, this)?;
        let n = m.games.neg(g);
        Ok(boolean(n == g))
    }),
    crate::member!(IsZero => "Whether the game equals 0.", "(* + *).IsZero", |m, s, this, _| {
        let g = this_game(m, s, this)?;
        Ok(boolean(g == m.games.zero()))
    }),
    member("IsFinite", 0, |_, _, _, _| Ok(boolean(true))).doc(
        "",
        "True: a short game has a finite birthday (CGSuite 2.2's `IsFinite`).",
        "(^).IsFinite",
    ),
    // A non-negative integer (CGSuite's `IsOrdinal` on short games).
    crate::member!(IsOrdinal => "Whether the game equals a non-negative integer.", "(3).IsOrdinal", |m, s, this, _| {
        let g = this_game(m, s, this)?;
        let ordinal = m.games.is_integer(g) && m.games.number_value(g).is_some_and(|d| d >= Dyadic::ZERO);
        Ok(boolean(ordinal))
    }),
    // `G.Subordinate(B)`: the H with `B : H == G` (see `game/subordinate.rs`).
    crate::member!(Subordinate(base: Game) => "The game H with G = base:H (the ordinal sum of `base` and H); an error when G has no such form.", "(3/8).Subordinate(1)", |m, s, this, args| {
        let g = this_game(m, s, this)?;
        // An explicit base is read by its options (CGSuite 2.2: `^.Subordinate('{*|*}')` is 1).
        let form = match super::explicit::form_option_games(m, &args[0]) {
            Some(r) => Some(r.map_err(|k| s.arg_err(0, k))?),
            None => None,
        };
        let result = match form {
            Some((bl, br)) => m.games.checked(|gs| gs.subordinate_form(g, &bl, &br)),
            None => {
                let base = game(m, s, args, 0)?;
                m.games.checked(|gs| gs.subordinate(g, base))
            }
        };
        match result {
            Ok(Some(h)) => Ok(game_value(m.games, h)),
            Ok(None) => {
                let message = "That game cannot be subordinated to the specified base.".to_string();
                Err(s.err(ErrorKind::InvalidArgument { message }))
            }
            Err(e) => Err(s.err(m.game_error(e))),
        }
    }),
    crate::member!(NimValue => "The nim value of an impartial game: the n with G = *n.", "<0,*,*2|0,*,*2>.NimValue", |m, s, this, _| {
        let g = this_game(m, s, this)?;
        match m.games.nim_value(g) {
            Some(n) => Ok(Value::int(n.to_big())),
            None => {
                let game = this.display(m.games);
                Err(s.err(ErrorKind::NotANimber { game }))
            }
        }
    }),
    crate::member!(MisereCanonicalForm => "The misère canonical form of an impartial game (a `MisereCanonicalGame`).", "(*2 + *2).MisereCanonicalForm", |m, s, this, args| {
        let f = m.globals.library.misere_member;
        f("MisereCanonicalForm", m, s, this, args)
    }),
    crate::member!(MisereNimValue => "The misère nim value of an impartial game that is equal in misère play to a nim heap.", "(*2 + *3).MisereNimValue", |m, s, this, args| {
        let f = m.globals.library.misere_member;
        f("MisereNimValue", m, s, this, args)
    }),
    crate::member!(Genus => "The genus of an impartial game: its normal-play nim value with its misère values g^0 g^1 g^2 ... as superscripts.", "(*2 + *2).Genus", |m, s, this, args| {
        let f = m.globals.library.misere_member;
        f("Genus", m, s, this, args)
    }),
    crate::member!(ObligatedValue => "Ferguson's value of an impartial game for obligated sums: its normal-play and misère-play outcomes, each 0 (previous player wins) or 1. Not in CGSuite.", "(*3).ObligatedValue", |m, s, this, args| {
        let f = m.globals.library.misere_member;
        f("ObligatedValue", m, s, this, args)
    }),
    crate::member!(GameTree => "The complete game tree of the canonical form: an outline in the terminal, a picture in Jupyter \
         (Left's options to the left in blue, Right's to the right in red); `.Plot(\"file.svg\")` saves it.", "<1|*>.GameTree", |m, s, this, _| {
        let g = this_game(m, s, this)?;
        match super::tree::game_tree(m.games, g) {
            Some(t) => Ok(Value::Object(Rc::new(t))),
            None => Err(s.err(ErrorKind::Output {
                message: format!("the game tree has more than {} nodes, too many to draw", super::tree::MAX_NODES),
            })),
        }
    }),
];

fn norton_product(m: &mut Machine, s: &Site, this: &Value, args: &[Value]) -> Result<Value, EvalError> {
    let g = this_game(m, s, this)?;
    let u = game(m, s, args, 0)?;
    // CGSuite 2.2 takes any unit (a unit that is not positive gives what the definition gives).
    let r = m.games.norton_product_any(g, u);
    m.engine_ok(s.span)?;
    Ok(game_value(m.games, r))
}

fn conway_product(m: &mut Machine, s: &Site, this: &Value, args: &[Value]) -> Result<Value, EvalError> {
    if let Some(v) = super::explicit::form_product(this, &args[0]) {
        return Ok(v);
    }
    let g = this_game(m, s, this)?;
    // A nimber times a transfinite nimber is their product in On_2, as CGSuite 2.2 answers it
    // (`(*4).ConwayProduct(*(omega^2))` is `*(ω^2×4)`): the transfinite nimber's product, which commutes.
    if matches!(&args[0], Value::Object(o) if o.type_name() == "TransfiniteNimber") && m.games.nim_value(g).is_some() {
        let ident = crate::syntax::ast::Ident { name: "ConwayProduct".into(), span: s.span };
        return m.invoke_member(args[0].clone(), &ident, std::slice::from_ref(this), &[], s.span);
    }
    let h = game(m, s, args, 0)?;
    let r = m.games.conway_product(g, h);
    Ok(game_value(m.games, r))
}

/// CGSuite 2.2's `Tiny(G as CanonicalStopper)` and `Miny(G as CanonicalStopper)` (game/constants.cgs).
static CONSTANTS_G: [Declared; 2] = [
    Declared::function("game.constants.Tiny", &[Param::required("G", "CanonicalStopper")]),
    Declared::function("game.constants.Miny", &[Param::required("G", "CanonicalStopper")]),
];

/// The global functions declared on `CanonicalShortGame` (CGSuite defines `Tiny` and `Miny` in the `game`
/// package's constants; `Up` is cgs's own).
pub static CANONICAL_GLOBALS: &[NativeFn] = &[
    NativeFn::new("Tiny", Arity::Exact(1), tiny).declared(&CONSTANTS_G[0]).doc(
        "(x)",
        "Tiny-x, <0 || 0 | -x>: a positive infinitesimal smaller than every ^-power for large x.",
        "Tiny(2)",
    ),
    NativeFn::new("Miny", Arity::Exact(1), miny).declared(&CONSTANTS_G[1]).doc(
        "(x)",
        "Miny-x, the negative of Tiny(x).",
        "Miny(2)",
    ),
    NativeFn::new("Up", Arity::Exact(1), up).doc(
        "(d)",
        "Kao's ↑(d) for a dyadic order d (sumbers): Up(1) = ^, Up(n) = ^.PowTo(n) for integers n >= 1.",
        "Up(3)",
    ),
];

fn tiny(m: &mut Machine, site: &Site, args: &[Value]) -> Result<Value, EvalError> {
    if let Some(r) = super::loopy::tiny_global(m, site, &args[0], true) {
        return r;
    }
    let g = game(m, site, args, 0)?;
    let t = m.games.tiny(g);
    Ok(game_value(m.games, t))
}

fn miny(m: &mut Machine, site: &Site, args: &[Value]) -> Result<Value, EvalError> {
    if let Some(r) = super::loopy::tiny_global(m, site, &args[0], false) {
        return r;
    }
    let g = game(m, site, args, 0)?;
    let t = m.games.miny(g);
    Ok(game_value(m.games, t))
}

fn up(m: &mut Machine, site: &Site, args: &[Value]) -> Result<Value, EvalError> {
    let d = dyadic(site, args, 0)?;
    let g = m.games.up_order(d);
    Ok(game_value(m.games, g))
}

//! Members of loopy values ([`LOOPY`]), the loopy members short games answer ([`SHORT`]), and the loopy cases of
//! `Tiny`, `Miny`, `Pow` and `PowTo`.

use super::general::*;
use super::literal::literal_of_values;
use super::value::*;
use crate::game::loopy::{LoopyArena, Pseudo, SideValue, Stopper};
use crate::game::GameId;
use crate::interp::error::{Arity, ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::native::Param;
use crate::interp::value::Value;
use crate::library::{boolean, set, Member, Site};

// ---- members --------------------------------------------------------------------------------------------

fn this_sides(m: &mut Machine, s: &Site, v: &Value) -> Result<(Stopper, Stopper), EvalError> {
    match sides_of(m, v) {
        Some(r) => r.map_err(|k| s.err(k)),
        None => Err(s.bug()),
    }
}

/// The stopper a member was called on, or "That is not a stopper"-style error for sided values.
fn this_stopper(m: &mut Machine, s: &Site, v: &Value) -> Result<Stopper, EvalError> {
    let (a, b) = this_sides(m, s, v)?;
    if a != b {
        let ty = crate::interp::classes::qualified_class_of(m.games, v);
        return Err(s.err(ErrorKind::NotAMember { name: s.name.to_string(), ty }));
    }
    Ok(a)
}

fn arg_stopper(m: &mut Machine, s: &Site, args: &[Value], i: usize) -> Result<Stopper, EvalError> {
    match sides_of(m, &args[i]) {
        Some(Ok((a, b))) if a == b => Ok(a),
        Some(Ok(_)) => Err(s.arg_err(i, msg("That game is not a stopper."))),
        Some(Err(k)) => Err(s.arg_err(i, k)),
        None => Err(s.wrong_type(i, "Game", &args[i])),
    }
}

fn stopper_value(m: &mut Machine, s: &Site, x: Stopper) -> Result<Value, EvalError> {
    make(m, x, x).map_err(|k| s.err(k))
}

fn sidesum(m: &mut Machine, s: &Site, x: Stopper, y: Stopper, onside: bool) -> Result<Stopper, EvalError> {
    let (a, g) = parts(m);
    a.sidesum(g, x, y, onside).map_err(|e| s.err(engine(e)))
}

fn neg(m: &mut Machine, x: Stopper) -> Stopper {
    let (a, g) = parts(m);
    a.neg(g, x)
}

fn degree(m: &mut Machine, s: &Site, x: Stopper) -> Result<Stopper, EvalError> {
    let nx = neg(m, x);
    sidesum(m, s, x, nx, true)
}

fn is_idempotent(m: &mut Machine, s: &Site, x: (Stopper, Stopper)) -> Result<bool, EvalError> {
    let on = sidesum(m, s, x.0, x.0, true)?;
    let off = sidesum(m, s, x.1, x.1, false)?;
    Ok((on, off) == x)
}

fn variety(m: &mut Machine, s: &Site, x: Stopper, d: Stopper, up: bool) -> Result<Stopper, EvalError> {
    if !is_idempotent(m, s, (d, d))? {
        return Err(s.err(msg("Variety degree must be an idempotent.")));
    }
    let nx = neg(m, x);
    if up {
        let nd = neg(m, d);
        let inner = sidesum(m, s, nx, nd, false)?;
        sidesum(m, s, x, inner, true)
    } else {
        let inner = sidesum(m, s, nx, d, true)?;
        sidesum(m, s, x, inner, false)
    }
}

fn pseudo(m: &mut Machine, x: Stopper) -> Option<Pseudo> {
    let (a, g) = parts(m);
    a.pseudonumber(g, x)
}

/// Pseudonumber stops: max over Left options of their right stops (and mirror).
fn stop(m: &mut Machine, s: &Site, x: Stopper, left: bool, depth: usize) -> Result<Stopper, EvalError> {
    if pseudo(m, x).is_some() {
        return Ok(x);
    }
    if depth > 10_000 {
        return Err(s.err(msg("Stops did not terminate.")));
    }
    let opts = {
        let (a, g) = parts(m);
        a.options(g, x, left).map_err(|e| s.err(engine(e)))?
    };
    let mut best: Option<Stopper> = None;
    for o in opts {
        let v = stop(m, s, o, !left, depth + 1)?;
        best = Some(match best {
            None => v,
            Some(b) => {
                let better = if left { leq(m, b, v) } else { leq(m, v, b) }.map_err(|k| s.err(k))?;
                if better {
                    v
                } else {
                    b
                }
            }
        });
    }
    best.ok_or_else(|| s.err(msg("That game has no options for the stop.")))
}

fn strong(m: &mut Machine, x: Stopper) -> Stopper {
    match pseudo(m, x) {
        Some(Pseudo::Over(n)) | Some(Pseudo::Under(n)) => Stopper::Short(n),
        _ => x,
    }
}

fn stopper_set(m: &mut Machine, s: &Site, v: Vec<Stopper>) -> Result<Value, EvalError> {
    let mut out = Vec::new();
    for x in v {
        out.push(stopper_value(m, s, x)?);
    }
    Ok(set(out))
}

fn options_of(m: &mut Machine, s: &Site, x: Stopper, left: bool) -> Result<Value, EvalError> {
    let o = {
        let (a, g) = parts(m);
        a.options(g, x, left).map_err(|e| s.err(engine(e)))?
    };
    stopper_set(m, s, o)
}

fn player_left(s: &Site, args: &[Value], i: usize) -> Result<bool, EvalError> {
    Ok(crate::library::player(s, args, i)? == crate::interp::value::Player::Left)
}

fn tiny_of(m: &mut Machine, s: &Site, x: Stopper, tiny: bool) -> Result<Value, EvalError> {
    let z = (Stopper::Short(GameId(0)), Stopper::Short(GameId(0)));
    let nx = neg(m, x);
    let inner = if tiny { literal_of_values(m, &[z], &[(nx, nx)]) } else { literal_of_values(m, &[(x, x)], &[z]) }
        .map_err(|k| s.err(k))?;
    let inner = sides_of(m, &inner).expect("a game").map_err(|k| s.err(k))?;
    if tiny { literal_of_values(m, &[z], &[inner]) } else { literal_of_values(m, &[inner], &[z]) }.map_err(|k| s.err(k))
}

/// `Tiny(G)` / `Miny(G)` for a loopy G (the global functions call this first).
pub fn tiny_global(m: &mut Machine, s: &Site, g: &Value, tiny: bool) -> Option<Result<Value, EvalError>> {
    loopy_of(g)?;
    Some(this_stopper(m, s, g).and_then(|x| tiny_of(m, s, x, tiny)))
}

/// Members of loopy values (stoppers and sided values).
pub static LOOPY: &[Member] = crate::member_table![
    crate::member!(Onside => "The onside of the value: the stopper that Left's view of the game settles on (the value itself for a stopper).", "upon.Onside", |m, s, this, _| {
        let (on, _) = this_sides(m, s, this)?;
        stopper_value(m, s, on)
    }),
    crate::member!(Offside => "The offside of the value: the stopper Right's view of the game settles on.", "(on & off).Offside", |m, s, this, _| {
        let (_, off) = this_sides(m, s, this)?;
        stopper_value(m, s, off)
    }),
    crate::member!(IsLoopfree => "Whether the game has no cycles (false for a loopy value: loopfree values are ordinary short games).", "on.IsLoopfree", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsPlumtree => "Whether the game is a plumtree: a stopper whose only cycles are passes of one node to itself.", "over.IsPlumtree", |m, s, this, _| {
        let (on, off) = this_sides(m, s, this)?;
        let a = m.globals.extensions.get::<LoopyArena>();
        Ok(boolean(on == off && a.is_plumtree(on)))
    }),
    crate::member!(IsStopper => "Whether the game is a stopper: no alternating cycle of play (Left, Right, Left, ...) returns to a position.", "upon.IsStopper", |m, s, this, _| {
        let (on, off) = this_sides(m, s, this)?;
        Ok(boolean(on == off))
    }),
    crate::member!(IsStopperSided => "Whether the value is stopper-sided: its onside and offside are both stoppers.", "over.IsStopperSided", |_, _, _, _| Ok(boolean(true))),
    crate::member!(MisereOutcomeClass => "Who wins the stopper when the last player to move loses (a player with no move wins), played on its options as CGSuite's `Game.MisereOutcomeClass`; a stopper has no alternating cycle, so every line of play ends.", "on.MisereOutcomeClass", |m, s, this, _| {
        this_stopper(m, s, this)?;
        let f = m.globals.library.misere_outcome;
        f(m, this).map(Value::Outcome).map_err(|k| s.err(k))
    }),
    crate::member!(IsPseudonumber => "Whether the value is a pseudonumber: a stopper each of whose followers has every Left option less than every Right option (numbers, on, off, over).", "over.IsPseudonumber", |m, s, this, _| {
        let x = this_sides(m, s, this)?;
        Ok(boolean(x.0 == x.1 && pseudo(m, x.0).is_some()))
    }),
    crate::member!(Upsum(that: CanonicalStopper) => "The upsum G upsum H: the onside of G + H (the sum of two stoppers taken from Left's side).", "over.Upsum(over)", |m, s, this, args| {
        let x = this_stopper(m, s, this)?;
        let y = arg_stopper(m, s, args, 0)?;
        let r = sidesum(m, s, x, y, true)?;
        stopper_value(m, s, r)
    }),
    crate::member!(Downsum(that: CanonicalStopper) => "The downsum G downsum H: the offside of G + H.", "over.Downsum(under)", |m, s, this, args| {
        let x = this_stopper(m, s, this)?;
        let y = arg_stopper(m, s, args, 0)?;
        let r = sidesum(m, s, x, y, false)?;
        stopper_value(m, s, r)
    }),
    crate::member!(Degree => "The degree of loopiness of a stopper: G upsum -G (0 for a short game).", "upon.Degree", |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        let d = degree(m, s, x)?;
        stopper_value(m, s, d)
    }),
    crate::member!(IsIdempotent => "Whether G upsum G equals G (as every degree is).", "over.IsIdempotent", |m, s, this, _| {
        let x = this_sides(m, s, this)?;
        Ok(boolean(is_idempotent(m, s, x)?))
    }),
    crate::member!(UpsumVariety(deg: CanonicalStopper) => "The upsum variety of the stopper relative to the idempotent degree d: G upsum (-G downsum -d).", "upon.UpsumVariety(upon.Degree)", |m, s, this, args| {
        let x = this_stopper(m, s, this)?;
        let d = arg_stopper(m, s, args, 0)?;
        let r = variety(m, s, x, d, true)?;
        stopper_value(m, s, r)
    }),
    crate::member!(DownsumVariety(deg: CanonicalStopper) => "The downsum variety relative to the idempotent degree d: G downsum (-G upsum -d).", "upon.DownsumVariety(upon.Degree)", |m, s, this, args| {
        let x = this_stopper(m, s, this)?;
        let d = arg_stopper(m, s, args, 0)?;
        let r = variety(m, s, x, d, false)?;
        stopper_value(m, s, r)
    }),
    crate::member!(IsStable => "Whether the stopper is stable: its upsum and downsum varieties relative to its degree agree.", "upon.IsStable", |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        let d = degree(m, s, x)?;
        Ok(boolean(variety(m, s, x, d, true)? == variety(m, s, x, d, false)?))
    }),
    crate::member!(Variety => "The variety of a stable stopper: the common value of its upsum and downsum varieties for its degree.", "upon.Variety", |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        let d = degree(m, s, x)?;
        let u = variety(m, s, x, d, true)?;
        if u != variety(m, s, x, d, false)? {
            return Err(s.err(msg("That game is not stable.")));
        }
        stopper_value(m, s, u)
    }),
    crate::member!(LeftStop => "Left's stop: where play ends (a number, possibly + over or + under, or on/off) when Left moves first.", "<2|pass>.LeftStop", |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        let r = stop(m, s, x, true, 0)?;
        stopper_value(m, s, r)
    }),
    crate::member!(RightStop => "Right's stop: where play ends when Right moves first.", "<2|pass>.RightStop", |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        let r = stop(m, s, x, false, 0)?;
        stopper_value(m, s, r)
    }),
    crate::member!(Stop(player: Player) => "The stop of `player` (`Stop(Left)` is `LeftStop`).", "over.Stop(Right)", |m, s, this, args| {
        let x = this_stopper(m, s, this)?;
        let r = stop(m, s, x, player_left(s, args, 0)?, 0)?;
        stopper_value(m, s, r)
    }),
    crate::member!(StrongStop(player: Player) => "The stop of `player` with x + over and x + under counted as x.", "(1 + over).StrongStop(Left)", |m, s, this, args| {
        let x = this_stopper(m, s, this)?;
        let r = stop(m, s, x, player_left(s, args, 0)?, 0)?;
        let r = strong(m, r);
        stopper_value(m, s, r)
    }),
    crate::member!(IsInfinitesimal => "Whether the value lies strictly between every positive and every negative number (over does).", "over.IsInfinitesimal", |m, s, this, _| {
        let (on, off) = this_sides(m, s, this)?;
        let z = Stopper::Short(GameId(0));
        for x in [on, off] {
            for left in [true, false] {
                let r = stop(m, s, x, left, 0)?;
                if strong(m, r) != z {
                    return Ok(boolean(false));
                }
            }
        }
        Ok(boolean(true))
    }),
    // A sided value that is not a stopper is numberish when its onside's Left stop is its offside's Right stop, as
    // CGSuite's `StopperSidedValue` says (CGSuite 2.2: `(over & 0).IsNumberish` and `(over & under)` are true,
    // `(on & off)` and `(1 & 0)` false).
    crate::member!(IsNumberish => "Whether the value is a number plus an infinitesimal (its stops are equal).", "(1 + over).IsNumberish", |m, s, this, _| {
        let (x, off) = this_sides(m, s, this)?;
        if x != off {
            let l = stop(m, s, x, true, 0)?;
            let r = stop(m, s, off, false, 0)?;
            return Ok(boolean(strong(m, l) == strong(m, r)));
        }
        let l = stop(m, s, x, true, 0)?;
        let r = stop(m, s, x, false, 0)?;
        let (l, r) = (strong(m, l), strong(m, r));
        Ok(boolean(l == r && matches!(l, Stopper::Short(_))))
    }),
    crate::member!(IsNumberTiny => "Whether the value is a number plus a tiny or miny (x + Tiny(y) or x + Miny(y)).", "Tiny(over).IsNumberTiny", |m, s, this, _| {
        let (x, off) = this_sides(m, s, this)?;
        if x != off {
            return Ok(boolean(false));
        }
        let (a, g) = parts(m);
        Ok(boolean(a.tiny_parts(g, x).map_err(|e| s.err(engine(e)))?.is_some()))
    }),
    crate::member!(OutcomeClass => "Who wins, with draws: `L`, `R`, `N`, `P`, or for loopy play `D` (draw), `PHat`, `PCheck`, `NHat`, `NCheck`.", "upon.OutcomeClass", |m, s, this, _| {
        let (on, off) = this_sides(m, s, this)?;
        outcome_of_sides(m, &(SideValue::Stopper(on), SideValue::Stopper(off))).map_err(|k| s.err(k))
    }),
    crate::member!(LeftOptions => "Left's options of the value, as a set.", "upon.LeftOptions", |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        options_of(m, s, x, true)
    }),
    crate::member!(RightOptions => "Right's options of the value, as a set.", "upon.RightOptions", |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        options_of(m, s, x, false)
    }),
    // `Options(player)`; `Options` alone is both players' options, as CGSuite's `Game.Options`.
    Member {
        name: "Options",
        params: &[&[Param::required("player", "Player")]],
        arity: Arity::Range(0, 1),
        f: |m, s, this, args| {
            let x = this_stopper(m, s, this)?;
            if args.is_empty() {
                let mut o = {
                    let (a, g) = parts(m);
                    a.options(g, x, true).map_err(|e| s.err(engine(e)))?
                };
                let (a, g) = parts(m);
                o.extend(a.options(g, x, false).map_err(|e| s.err(engine(e)))?);
                return stopper_set(m, s, o);
            }
            options_of(m, s, x, player_left(s, args, 0)?)
        },
        doc: crate::library::Doc::NONE,
    }
    .doc(
        "",
        "The options of `player` as a set; without an argument, both players' options.",
        "upon.Options(Right)",
    ),
    crate::member!(Decomposition => "The value as a list of components (a single value is one component).", "over.Decomposition", |m, s, this, _| {
        this_stopper(m, s, this)?;
        Ok(crate::library::list(vec![this.clone()]))
    }),
    crate::member!(Followers => "Every position reachable from the value (itself included), as a set.", "over.Followers", |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        let f = {
            let (a, g) = parts(m);
            a.followers(g, x).map_err(|e| s.err(engine(e)))?
        };
        stopper_set(m, s, f)
    }),
    crate::member!(FollowerCount => "The number of distinct followers (the value counted).", "upon.FollowerCount", |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        let (a, g) = parts(m);
        let n = a.followers(g, x).map_err(|e| s.err(engine(e)))?.len();
        Ok(Value::int(n as i64))
    }),
    crate::member!(Tiny => "Tiny-G, <0 || 0 | -G>, for a loopy G.", "over.Tiny", |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        tiny_of(m, s, x, true)
    }),
    crate::member!(Miny => "Miny-G, <G | 0 || 0>, the negative of Tiny-G, for a loopy G.", "over.Miny", |m, s, this, _| {
        let x = this_stopper(m, s, this)?;
        tiny_of(m, s, x, false)
    }),
    crate::member!(GameValue => "The value itself (a position answers its value; a value is its own).", "over.GameValue", |_, _, this, _| Ok(this.clone())),
    crate::member!(Subordinate(base: Game) => "The game H with G = base:H for a loopy stopper G (CGSuite's construction).", "over.Subordinate(1)", |m, s, this, args| {
        let x = this_stopper(m, s, this)?;
        let b = crate::interp::native::game(m, s, args, 0)?;
        let r = {
            let (a, g) = parts(m);
            a.subordinate(g, x, b).map_err(|e| s.err(engine(e)))?
        };
        match r {
            Some(h) => stopper_value(m, s, h),
            None => Err(s.err(msg("That game cannot be subordinated to the specified base."))),
        }
    }),
    // CGSuite's `Game` members that go through `CanonicalForm` refuse a stopper that is not loopfree; a sided
    // value that is not a stopper is no `Game` and has none of them.
    crate::member!(CanonicalForm => "Not defined for a loopy value: the error \"That is a loopy game.\" (loopy values are already canonical).", "on.CanonicalForm", loopy_game_error),
    crate::member!(AtomicWeight => "Not defined for a loopy value: the error \"That is a loopy game.\".", "on.AtomicWeight", loopy_game_error),
    crate::member!(ReducedCanonicalForm => "Not defined for a loopy value: the error \"That is a loopy game.\".", "on.ReducedCanonicalForm", loopy_game_error),
    crate::member!(SensibleLeftOptions => "Not defined for a loopy value: the error \"That is a loopy game.\".", "on.SensibleLeftOptions", loopy_game_error),
    crate::member!(SensibleRightOptions => "Not defined for a loopy value: the error \"That is a loopy game.\".", "off.SensibleRightOptions", loopy_game_error),
    crate::member!(SensibleOptions(player: Player) => "Not defined for a loopy value: the error \"That is a loopy game.\".", "on.SensibleOptions(Left)", loopy_game_error),
    crate::member!(SensibleLines(player: Player) => "Not defined for a loopy value: the error \"That is a loopy game.\".", "upon.SensibleLines(Right)", loopy_game_error),
    // CGSuite's `NormalValue` predicates: a value that is not loopfree is none of these, and is finite.
    crate::member!(IsAllSmall => "False: a loopy value is not an all-small short game.", "over.IsAllSmall", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsFinite => "True: a loopy value is a finite (not transfinite) game.", "over.IsFinite", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsInteger => "False: a loopy value is not an integer.", "on.IsInteger", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsNimber => "False: a loopy value is not a nimber.", "upon.IsNimber", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsNumber => "False: a loopy value is not a number.", "on.IsNumber", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsOrdinal => "False: a loopy value is not an ordinal.", "on.IsOrdinal", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsUptimal => "False: a loopy value is not uptimal.", "upon.IsUptimal", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsZero => "False: a loopy value is not 0.", "dud.IsZero", |_, _, _, _| Ok(boolean(false))),
];

fn loopy_game_error(m: &mut Machine, s: &Site, this: &Value, _: &[Value]) -> Result<Value, EvalError> {
    this_stopper(m, s, this)?;
    Err(s.err(msg("That is a loopy game.")))
}

/// Loopy members answered by short games (LOOPY.md §3: trivially).
pub static SHORT: &[Member] = crate::member_table![
    // CGSuite 2.2: a short game is a canonical stopper; its strong stops are its stops (`{3|1}.StrongStop(Right)`
    // is 1, `(^^*).StrongStop(Left)` is 0).
    crate::member!(StrongStop(player: Player) => "The stop of `player`: for a short game, its stop.", "<3|1>.StrongStop(Right)", |m, s, this, args| {
        let stop = crate::syntax::ast::Ident { name: "Stop".into(), span: s.span };
        m.invoke_member(this.clone(), &stop, args, s.args, s.span)
    }),
    crate::member!(Onside => "The onside of a short game: the game itself.", "(^).Onside", |_, _, this, _| Ok(this.clone())),
    crate::member!(Offside => "The offside of a short game: the game itself.", "(^).Offside", |_, _, this, _| Ok(this.clone())),
    crate::member!(IsLoopfree => "True: a short game has no cycles.", "(^).IsLoopfree", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsPlumtree => "True: a short game is a plumtree.", "(*).IsPlumtree", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsStopper => "True: a short game is a stopper.", "(*).IsStopper", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsStopperSided => "True: a short game is stopper-sided.", "(*).IsStopperSided", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsPseudonumber => "Whether the game is a pseudonumber; for a short game, whether it is a number.", "(1/2).IsPseudonumber", |m, s, this, _| {
        let g = crate::library::this_game(m, s, this)?;
        Ok(boolean(m.games.is_number(g)))
    }),
    crate::member!(Upsum(that: CanonicalStopper) => "The upsum of the game and `h` (for two short games, their sum).", "(^).Upsum(over)", |m, s, this, args| {
        let x = this_sides(m, s, this)?;
        let y = arg_stopper(m, s, args, 0)?;
        let r = sidesum(m, s, x.0, y, true)?;
        stopper_value(m, s, r)
    }),
    crate::member!(Downsum(that: CanonicalStopper) => "The downsum of the game and `h` (for two short games, their sum).", "(^).Downsum(over)", |m, s, this, args| {
        let x = this_sides(m, s, this)?;
        let y = arg_stopper(m, s, args, 0)?;
        let r = sidesum(m, s, x.0, y, false)?;
        stopper_value(m, s, r)
    }),
    crate::member!(Degree => "The degree of loopiness: 0 for a short game.", "(^*).Degree", |_, _, _, _| Ok(Value::int(0))),
    crate::member!(IsIdempotent => "Whether G + G = G; for a short game, whether it is 0.", "(0).IsIdempotent", |m, s, this, _| {
        let g = crate::library::this_game(m, s, this)?;
        Ok(boolean(g == m.games.zero()))
    }),
    crate::member!(GameValue => "The game itself (a position answers its value; a value is its own).", "(^).GameValue", |_, _, this, _| Ok(this.clone())),
    // CGSuite 2.2: a short game's variety is 0, and the varieties relative to a degree are those of stoppers.
    crate::member!(Variety => "The variety of a short game: 0 (a short game is stable, of degree 0).", "(^).Variety", |_, _, _, _| Ok(Value::int(0))),
    crate::member!(IsStable => "True: a short game is stable.", "(^).IsStable", |_, _, _, _| Ok(boolean(true))),
    crate::member!(UpsumVariety(deg: CanonicalStopper) => "The upsum variety relative to the idempotent degree d: G upsum (-G downsum -d).", "(^).UpsumVariety(upon.Degree)", |m, s, this, args| {
        let x = this_sides(m, s, this)?.0;
        let d = arg_stopper(m, s, args, 0)?;
        let r = variety(m, s, x, d, true)?;
        stopper_value(m, s, r)
    }),
    crate::member!(DownsumVariety(deg: CanonicalStopper) => "The downsum variety relative to the idempotent degree d: G downsum (-G upsum d).", "(^).DownsumVariety(upon.Degree)", |m, s, this, args| {
        let x = this_sides(m, s, this)?.0;
        let d = arg_stopper(m, s, args, 0)?;
        let r = variety(m, s, x, d, false)?;
        stopper_value(m, s, r)
    }),
];

/// `G.Pow(x)` / `G.PowTo(x)` with a loopy exponent x (a pseudonumber), as CGSuite: `G.PowTo(x)` is
/// `G : x.Subordinate(1)` and `G.Pow(x)` is `<0 | H - G.PowTo(x - 1)>` for `G = <0|H>`. `None` when x is not
/// loopy (the short members handle it).
pub fn pow_global(m: &mut Machine, s: &Site, this: &Value, x: &Value, pow: bool) -> Option<Result<Value, EvalError>> {
    loopy_of(x)?;
    Some(pow_loopy(m, s, this, x, pow))
}

fn pow_loopy(m: &mut Machine, s: &Site, this: &Value, x: &Value, pow: bool) -> Result<Value, EvalError> {
    {
        let g = crate::library::this_game(m, s, this)?;
        let xs = match sides_of(m, x) {
            Some(Ok((a, b))) if a == b => a,
            _ => return Err(s.arg_err(0, msg("Invalid exponent."))),
        };
        if pseudo(m, xs).is_none() {
            return Err(s.arg_err(0, msg("Invalid exponent.")));
        }
        let one = m.games.integer(1);
        let pow_to = |m: &mut Machine, e: Stopper| -> Result<Stopper, EvalError> {
            let (a, gm) = parts(m);
            let sub = a.subordinate(gm, e, one).map_err(|k| s.err(engine(k)))?;
            let Some(sub) = sub else { return Err(s.arg_err(0, msg("Invalid exponent."))) };
            a.ordinal_sum(gm, g, sub).map_err(|k| s.err(engine(k)))
        };
        if !pow {
            let r = pow_to(m, xs)?;
            return stopper_value(m, s, r);
        }
        let (lo, ro) = (m.games.left_options(g), m.games.right_options(g));
        if lo.len() != 1 || ro.len() != 1 || lo[0] != m.games.zero() {
            return Err(s.err(msg("Invalid base for `Pow` operation (base must be of the form {0|H}).")));
        }
        let minus_one = Stopper::Short(m.games.integer(-1));
        let e = sidesum(m, s, xs, minus_one, true)?;
        if pseudo(m, e).is_none() {
            return Err(s.arg_err(0, msg("Invalid exponent.")));
        }
        let p = pow_to(m, e)?;
        let np = neg(m, p);
        let r = sidesum(m, s, np, Stopper::Short(ro[0]), true)?;
        let z = (Stopper::Short(GameId(0)), Stopper::Short(GameId(0)));
        literal_of_values(m, &[z], &[(r, r)]).map_err(|k| s.err(k))
    }
}

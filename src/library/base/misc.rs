//! Members of players, outcome classes and thermographs.

use super::{player, Member};
use crate::game::Outcome;
use crate::interp::error::Arity;
use crate::interp::value::{dyadic_value, Player, Shown, Value};

/// Members of `Player`.
pub static PLAYER: &[Member] = crate::member_table![
    crate::member!(Opponent => "The other player.", "Left.Opponent", |_, s, this, _| match this {
        Value::Player(p) => Ok(Value::Player(p.opponent())),
        _ => Err(s.bug()),
    }),
    crate::member!(Sign => "1 for Left, -1 for Right.", "Right.Sign", |_, s, this, _| match this {
        Value::Player(p) => Ok(Value::int(p.sign())),
        _ => Err(s.bug()),
    }),
    // CGSuite enums: `Ordinal` is the 1-based position in the declaration (`Left`, `Right`), `Literal` the name.
    crate::member!(Ordinal => "The player's place in CGSuite's declaration: 1 for Left, 2 for Right.", "Right.Ordinal", |_, s, this, _| match this {
        Value::Player(Player::Left) => Ok(Value::int(1)),
        Value::Player(Player::Right) => Ok(Value::int(2)),
        _ => Err(s.bug()),
    }),
    crate::member!(Literal => "The player's name as a string.", "Left.Literal", |_, s, this, _| match this {
        Value::Player(Player::Left) => Ok(Value::str("Left")),
        Value::Player(Player::Right) => Ok(Value::str("Right")),
        _ => Err(s.bug()),
    }),
];

/// Members of `OutcomeClass`.
pub static OUTCOME: &[Member] = crate::member_table![
    // 1-based position in CGSuite's declaration `P, N, L, R, …` (OutcomeClass.cgs).
    crate::member!(Ordinal => "The outcome class's place in CGSuite's declaration P, N, L, R, D, ... (counting from 1).", "L.Ordinal", |_, s, this, _| match this {
        Value::Outcome(o) => Ok(Value::int(match o {
            Outcome::P => 1,
            Outcome::N => 2,
            Outcome::L => 3,
            Outcome::R => 4,
        })),
        _ => Err(s.bug()),
    }),
    crate::member!(Literal => "The outcome class's name as a string.", "(*).OutcomeClass.Literal", |_, s, this, _| match this {
        Value::Outcome(o) => Ok(Value::str(match o {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::L => "L",
            Outcome::R => "R",
        })),
        _ => Err(s.bug()),
    }),
];

/// Members of `Thermograph`.
pub static THERMOGRAPH: &[Member] = crate::member_table![
    crate::member!(Wall(player: Player) => "The Left or Right wall of the thermograph, as a trajectory (piecewise-linear function of the temperature).", "<2|-1>.Thermograph.Wall(Left)", |_, s, this, args| {
        let Value::Thermograph(t) = this else {
            return Err(s.bug());
        };
        let left = player(s, args, 0)? == Player::Left;
        Ok(Shown::value("Trajectory", t.wall(left)))
    }),
    crate::member!(LeftWall => "The left wall of the thermograph, as a trajectory. Not in CGSuite.", "<2|-1>.Thermograph.LeftWall", |_, s, this, _| {
        let Value::Thermograph(t) = this else {
            return Err(s.bug());
        };
        Ok(Shown::value("Trajectory", t.wall(true)))
    }),
    crate::member!(RightWall => "The right wall of the thermograph, as a trajectory. Not in CGSuite.", "<2|-1>.Thermograph.RightWall", |_, s, this, _| {
        let Value::Thermograph(t) = this else {
            return Err(s.bug());
        };
        Ok(Shown::value("Trajectory", t.wall(false)))
    }),
    crate::member!(Mast => "The number the mast stands on: the game's mean. Not in CGSuite.", "<2|-1>.Thermograph.Mast", |_, s, this, _| {
        let Value::Thermograph(t) = this else {
            return Err(s.bug());
        };
        Ok(dyadic_value(t.mast()))
    }),
    crate::member!(Temperature => "The temperature at which the walls meet the mast. Not in CGSuite.", "<2|-1>.Thermograph.Temperature", |_, s, this, _| {
        let Value::Thermograph(t) = this else {
            return Err(s.bug());
        };
        Ok(dyadic_value(t.temperature()))
    }),
    // `Plot("file.svg")` writes an SVG (through the output policy); `Plot` alone returns an ASCII sketch.
    Member {
        name: "Plot",
        params: &[],
        doc: super::Doc {
            args: "(file)",
            text: "Without an argument, an ASCII sketch of the thermograph. With a file name, writes the \
                   thermograph as SVG there (below the current directory, or a directory given with \
                   `--allow-write`; never over a file cgs did not write) and prints the file's name.",
            example: "<2|-1>.Thermograph.Plot",
        },
        arity: Arity::Range(0, 1),
        f: |m, s, this, args| {
            let Value::Thermograph(t) = this else {
                return Err(s.bug());
            };
            if args.is_empty() {
                return Ok(Shown::value("Plot", t.to_ascii()));
            }
            let svg = t.to_svg();
            super::plots::plot_to_file(m, s, args, &svg)
        },
    },
];

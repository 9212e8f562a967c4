//! The pieces of a printed short game that the plain form (`print.rs`) and the shared form (`print_shared.rs`)
//! both write: the compact text of an uptimal, the shape a game prints in, and the charged `push`.

use crate::game::number::big::dyadic_to_big;
use crate::game::print_limit;
use crate::game::short::uptimal_expansion::UptimalExpansion;
use crate::game::GameId;
use num_rational::BigRational;
use num_traits::Zero;
use std::fmt::Write;

/// The most bars a game prints with before it is bracketed `<…>`.
pub(super) const MAX_SLASHES: usize = 4;

/// How a game prints (see `Games::append`).
pub(super) enum PrintShape {
    Uptimal(UptimalExpansion),
    Switch,
    Tiny(bool, GameId, GameId),
    General,
}

/// Appends a piece of text, charging it to the print limit.
pub(super) fn push(out: &mut String, text: &str) {
    out.push_str(text);
    print_limit::charge(text.len());
}

/// The compact form of an uptimal: number, ups, star run together.
pub(super) fn append_uptimal(ue: &UptimalExpansion, out: &mut String, force_parens: bool, shift: Option<&BigRational>) {
    let number = shift.map(|s| dyadic_to_big(ue.number) + s);
    let number_is_zero = number.as_ref().map_or(ue.number.is_zero(), |n| n.is_zero());
    let len = ue.len();
    let is_number = len == 0 && ue.nim == 0;
    let is_nimber = len == 0 && number_is_zero;
    let compact =
        is_number || is_nimber || (number_is_zero && ue.nim == 0 && (len == 1 || ue.is_unit() || ue.is_unit_sum()));
    let parens = force_parens && !compact;
    if parens {
        out.push('(');
    }
    if !number_is_zero || (ue.nim == 0 && len == 0) {
        match number {
            None => {
                let _ = write!(out, "{}", ue.number);
            }
            Some(n) if n.is_integer() => {
                let _ = write!(out, "{}", n.numer());
            }
            Some(n) => {
                let _ = write!(out, "{}/{}", n.numer(), n.denom());
            }
        }
    }
    if len == 1 {
        let c = ue.coef(1);
        out.push_str(match c {
            2 => "^^",
            -2 => "vv",
            c if c > 0 => "^",
            _ => "v",
        });
        if c.abs() > 2 {
            let _ = write!(out, "{}", c.abs());
        }
    } else if len > 1 {
        out.push(if ue.coef(len) > 0 { '^' } else { 'v' });
        if ue.is_unit() {
            let _ = write!(out, "<{len}>");
        } else {
            let _ = write!(out, "[{len}]");
        }
    }
    if ue.nim != 0 {
        out.push('*');
        if ue.nim > 1 {
            let _ = write!(out, "{}", ue.nim);
        }
    }
    if parens {
        out.push(')');
    }
}

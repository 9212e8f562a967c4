//! CGSuite's enum `cgsuite.util.Icon`: the pictures its grid and strip rulesets draw their cells with
//! (`Icon.BlackStone`, `Icon.PennyHeads`, …). cgs draws no pictures; the values exist so that rulesets'
//! `Icons` lists and scripts that name icons answer as in CGSuite. An icon prints as its name, has `Literal`
//! (the name as a string) and compares by identity.

use super::{Member, Site};
use crate::game::Games;
use crate::interp::error::EvalError;
use crate::interp::object::downcast_ref;
use crate::interp::value::{Object, Value};
use std::cmp::Ordering;
use std::rc::Rc;

/// Every icon of CGSuite 2.2, in its declaration order.
pub const ICONS: &[&str] = &[
    "Blank",
    "BlackStone",
    "GrayStone",
    "WhiteStone",
    "BlackBishop",
    "BlackKing",
    "BlackKnight",
    "BlackPawn",
    "BlackQueen",
    "BlackRook",
    "WhiteBishop",
    "WhiteKing",
    "WhiteKnight",
    "WhitePawn",
    "WhiteQueen",
    "WhiteRook",
    "BlackDomino",
    "GrayDomino",
    "WhiteDomino",
    "BlackSquare",
    "BlueSquare",
    "GraySquare",
    "GreenSquare",
    "RedSquare",
    "Frog",
    "Toad",
    "PennyHeads",
    "PennyTails",
    "DownArrow",
    "LeftArrow",
    "RightArrow",
    "UpArrow",
];

/// One icon.
#[derive(Debug)]
pub struct IconValue(pub usize);

impl IconValue {
    /// The icon named `name`, if CGSuite has one.
    pub fn named(name: &str) -> Option<Value> {
        ICONS.iter().position(|n| *n == name).map(|i| Value::Object(Rc::new(IconValue(i))))
    }
}

impl Object for IconValue {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "Icon"
    }
    fn display(&self, _: &mut Games) -> String {
        ICONS[self.0].to_string()
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        downcast_ref::<IconValue>(other).map(|o| self.0.cmp(&o.0))
    }
    fn members(&self) -> &'static [Member] {
        ICON
    }
}

fn this_icon(s: &Site, this: &Value) -> Result<usize, EvalError> {
    match this {
        Value::Object(o) => downcast_ref::<IconValue>(&**o).map(|i| i.0).ok_or_else(|| s.bug()),
        _ => Err(s.bug()),
    }
}

/// Members of an icon.
pub static ICON: &[Member] = crate::member_table![
    crate::member!(Literal => "The icon's name as a string.", "Icon.BlackStone.Literal", |_, s, this, _| Ok(Value::str(ICONS[this_icon(s, this)?]))),
];

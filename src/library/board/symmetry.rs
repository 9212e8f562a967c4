//! The `Symmetry` values both representations of a `Grid` take (the character grid of `grid.rs` and the integer
//! grid of `numgrid.rs`), a leaf.

use crate::interp::value::{Value, ValueList};
use std::cell::RefCell;
use std::rc::Rc;

/// The flag triples ([`Grid::permuted`](crate::solve::grid::Grid::permuted)) of a `Symmetry` value or a list of them (CGSuite's flags: `HorizontalFlip`
/// reverses the rows, `VerticalFlip` the columns, and the transposing four exchange rows and columns last).
pub(super) fn symmetry_flags(v: &Value) -> Option<Rc<[(bool, bool, bool)]>> {
    fn one(v: &Value) -> Option<(bool, bool, bool)> {
        let Value::Object(o) = v else { return None };
        let e = crate::interp::object::downcast_ref::<super::enums::EnumValue>(&**o)?;
        if e.class != "Symmetry" {
            return None;
        }
        Some(match e.name {
            "Identity" => (false, false, false),
            "Inversion" => (true, true, false),
            "HorizontalFlip" => (true, false, false),
            "VerticalFlip" => (false, true, false),
            "Transpose" => (false, false, true),
            "AntiTranspose" => (true, true, true),
            "ClockwiseRotation" => (false, true, true),
            "AnticlockwiseRotation" => (true, false, true),
            _ => return None,
        })
    }
    // The last list read, with its flags: a ruleset's `Canonical` passes the same list (`Symmetry.EightWay`
    // bound once, or `Symmetry.Flip`, a list made once) at every state. The entry holds the list, so its vector
    // is not reused or changed in place (a shared list is copied before a change) while it is remembered; the
    // flags are shared with the caller, not copied.
    type Flags = Rc<[(bool, bool, bool)]>;
    thread_local! {
        static LAST: RefCell<Option<(ValueList, Flags)>> = const { RefCell::new(None) };
    }
    match v {
        Value::List(items) => {
            let known = LAST.with(|l| l.borrow().as_ref().filter(|(k, _)| k.ptr_eq(items)).map(|(_, f)| f.clone()));
            if known.is_some() {
                return known;
            }
            let flags: Option<Flags> = items.iter().map(one).collect();
            if let Some(f) = &flags {
                LAST.with(|l| *l.borrow_mut() = Some((items.clone(), f.clone())));
            }
            flags
        }
        _ => one(v).map(|f| Rc::from([f])),
    }
}

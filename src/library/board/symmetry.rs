//! The `Symmetry` values both representations of a `Grid` take (the character grid of `grid.rs` and the integer
//! grid of `numgrid.rs`), a leaf.

use crate::interp::value::Value;

/// The flag triples ([`Grid::permuted`](crate::solve::grid::Grid::permuted)) of a `Symmetry` value or a list of them (CGSuite's flags: `HorizontalFlip`
/// reverses the rows, `VerticalFlip` the columns, and the transposing four exchange rows and columns last).
pub(super) fn symmetry_flags(v: &Value) -> Option<Vec<(bool, bool, bool)>> {
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
    match v {
        Value::List(items) => items.iter().map(one).collect(),
        _ => one(v).map(|f| vec![f]),
    }
}

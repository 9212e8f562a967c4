//! Boards: grids (of characters and of integers) and strips.

// What the files of this family name as `super::name` from outside it (the move from `interp/builtins/` kept
// their paths): the core's natives and the other families they use.
use crate::interp::native::{boolean, count, list, member, string, Doc, Member, Site};
use crate::interp::registry::{rust_type, ClassDecl};
// The base family through its face, under the name this family's files use (`super::enums::EnumValue`).
use crate::library::base as enums;

pub mod grid;
pub mod numgrid;
pub mod strip;
mod symmetry;

// The face other families use (`crate::library::board::X`): the class values of `Grid` and `Strip`.
pub use grid::GridClass;
pub use strip::StripClass;

/// The classes of this family (see `crate::interp::registry`). A `Grid` has two representations: cells of
/// characters and cells of integers.
pub static CLASSES: &[ClassDecl] = &[
    ClassDecl::new("Grid", "cgsuite.util.Grid")
        .members(&[grid::GRID])
        .representation(&[numgrid::NUM_GRID])
        .statics(&[grid::GRID_CLASS])
        .types(&[rust_type::<grid::GridValue>, rust_type::<numgrid::NumGrid>]),
    ClassDecl::new("Adjacency", "Adjacency").types(&[rust_type::<grid::AdjacencyValue>]),
    ClassDecl::new("Strip", "cgsuite.util.Strip")
        .members(&[strip::STRIP])
        .statics(&[strip::STRIP_CLASS])
        .types(&[rust_type::<strip::StripValue>]),
    ClassDecl::new("Symmetry", "cgsuite.util.Symmetry").also_is(&["Enum"]),
    ClassDecl::new("GridOutput", "cgsuite.util.output.GridOutput").parents(&["Output"]),
    ClassDecl::new("StripOutput", "cgsuite.util.output.StripOutput").parents(&["Output"]),
];

#[cfg(test)]
mod board_tests;

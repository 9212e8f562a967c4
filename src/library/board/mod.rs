//! Boards: grids (of characters and of integers), strips and plots.

// The files of this family name the rest of the library as `super::name` (the move from `interp/builtins/`
// kept their paths): every name of `library/mod.rs` is in scope here.
#[allow(unused_imports)]
use super::*;
use crate::interp::registry::{rust_type, ClassDecl};

pub mod grid;
pub mod numgrid;
pub(super) mod plots;
pub mod strip;

/// The classes of this family (see `crate::interp::registry`). A `Grid` has two representations: cells of
/// characters and cells of integers.
pub static CLASSES: &[ClassDecl] = &[
    ClassDecl::new("Grid", "Grid")
        .members(&[grid::GRID, grid::GRID_CLASS])
        .types(&[rust_type::<grid::GridValue>, rust_type::<numgrid::NumGrid>]),
    ClassDecl::new("Adjacency", "Adjacency").types(&[rust_type::<grid::AdjacencyValue>]),
    ClassDecl::new("Strip", "cgsuite.util.Strip").types(&[rust_type::<strip::StripValue>]),
    ClassDecl::new("Symmetry", "cgsuite.util.Symmetry"),
    ClassDecl::new("GridRuleset", "game.grid.GridRuleset"),
    ClassDecl::new("StripRuleset", "game.strip.StripRuleset"),
    ClassDecl::new("GridOutput", "cgsuite.util.output.GridOutput"),
    ClassDecl::new("StripOutput", "cgsuite.util.output.StripOutput"),
];

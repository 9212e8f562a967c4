//! The script face of [`Grid`]: the `Grid` value, the `Grid` class value (`Grid.Parse`, `Grid(…)`) and the
//! adjacency constants `Orthogonal`, `Diagonal`, `King`.
//!
//! Cells are one-character strings in scripts (`g[1, 2] == "x"`); a grid prints as `Grid("xo.|ox.")`, which is
//! also valid input. Grids compare structurally, so they can be set elements, map keys and ruleset states.

use crate::game::Games;
use crate::interp::value::{Object, Value};
use crate::solve::grid::{Adjacency, Grid};
use std::cmp::Ordering;
use std::rc::Rc;

/// A grid as a script value.
#[derive(Debug)]
pub struct GridValue(pub Grid);

impl GridValue {
    /// Wraps a grid.
    pub fn value(g: Grid) -> Value {
        Value::Object(Rc::new(GridValue(g)))
    }
}

impl Object for GridValue {
    fn type_name(&self) -> &'static str {
        "Grid"
    }
    fn display(&self, _: &mut Games) -> String {
        format!("Grid(\"{}\")", self.0)
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<GridValue>().map(|o| self.0.cmp(&o.0))
    }
}

/// The global `Grid`: `Grid.Parse(s)`, `Grid(s)`, `Grid(rows, cols)`.
#[derive(Debug)]
pub struct GridClass;

impl Object for GridClass {
    fn type_name(&self) -> &'static str {
        "Class"
    }
    fn display(&self, _: &mut Games) -> String {
        "Grid".to_string()
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<GridClass>().map(|_| Ordering::Equal)
    }
}

/// An adjacency constant as a script value.
#[derive(Debug)]
pub struct AdjacencyValue(pub Adjacency);

impl Object for AdjacencyValue {
    fn type_name(&self) -> &'static str {
        "Adjacency"
    }
    fn display(&self, _: &mut Games) -> String {
        adjacency_name(self.0).to_string()
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<AdjacencyValue>().map(|o| (self.0 as u8).cmp(&(o.0 as u8)))
    }
}

/// The global name of an adjacency.
pub fn adjacency_name(a: Adjacency) -> &'static str {
    match a {
        Adjacency::Orthogonal => "Orthogonal",
        Adjacency::Diagonal => "Diagonal",
        Adjacency::King => "King",
    }
}

/// The global constants this module defines.
pub fn constants() -> Vec<(&'static str, Value)> {
    let mut v: Vec<(&'static str, Value)> = [Adjacency::Orthogonal, Adjacency::Diagonal, Adjacency::King]
        .into_iter()
        .map(|a| (adjacency_name(a), Value::Object(Rc::new(AdjacencyValue(a)))))
        .collect();
    v.push(("Grid", Value::Object(Rc::new(GridClass))));
    v
}

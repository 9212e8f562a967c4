//! The `Graph` value (CGSuite's `cgsuite.util.Graph`) over the engine's [`Graph`](crate::game::graph::Graph),
//! with any script values as vertex and edge labels (CGSuite's default label is `Nothing`): the class value
//! `Graph` (`Graph("-")`, `Graph.Parse`, `Graph.Path(n)`, …), the members (`members.rs`), and the `Vertex`
//! (`g[i]`) and `Edge` (`g.Edges[k]`, `g[i][k]`) values. Graphs compare structurally (vertex order, labels and
//! edge lists), so they are set elements, map keys and ruleset states. Indices are 1-based as in CGSuite.
//! CGSuite's `DirectedGraph` is the same value with its `directed` flag set (`directed.rs`): the same
//! storage, but each stored edge is one directed edge, and the notation may use `>` and `<`.

mod directed;
pub use directed::DirectedGraphClass;
mod members;
mod value;

pub use directed::{DIRECTED, DIRECTED_CLASS};
pub use members::{text_with_maps, EDGE, GRAPH, GRAPH_CLASS, VERTEX};

pub use value::{as_graph, label_string, notation, notation_with, EdgeValue, GraphValue, Labelled, VertexValue};

use super::{Member, Site};
use crate::game::Games;
use crate::interp::error::EvalError;
use crate::interp::eval::Machine;
use crate::interp::registry::{rust_type, ClassDecl};
use crate::interp::value::{Object, Value};
use crate::syntax::span::Span;
use std::cmp::Ordering;
use std::rc::Rc;
use value::one_based;

impl Object for GraphValue {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        self.0.vertices.iter().all(|v| t.value(&v.label) && v.edges.iter().all(|e| t.value(&e.label)))
    }
    fn type_name(&self) -> &'static str {
        if self.1 {
            "DirectedGraph"
        } else {
            "Graph"
        }
    }
    fn display(&self, games: &mut Games) -> String {
        format!("{}(\"{}\")", self.type_name(), notation(games, &self.0))
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<GraphValue>().map(|o| (self.1, &self.0).cmp(&(o.1, &o.0)))
    }
    fn members(&self) -> &'static [Member] {
        if self.1 {
            DIRECTED
        } else {
            GRAPH
        }
    }
    fn index(&self, m: &mut Machine, _: &Value, keys: &[Value], span: Span) -> Option<Result<Value, EvalError>> {
        Some(one_based(m, keys, span, self.0.vertex_count(), "Vertex").map(|i| VertexValue::value(&self.0, i)))
    }
}

impl Object for VertexValue {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        t.value(&self.label) && self.edges.iter().all(|e| t.value(&e.label))
    }
    fn type_name(&self) -> &'static str {
        "Vertex"
    }
    fn display(&self, games: &mut Games) -> String {
        let mut out: Vec<usize> = self.edges.iter().map(|e| e.to + 1).collect();
        out.sort_unstable();
        let out: Vec<String> = out.iter().map(|t| t.to_string()).collect();
        format!("Vertex({}, [{}])", self.label.display(games), out.join(","))
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<VertexValue>()
            .map(|o| (self.index, &self.label, &self.edges).cmp(&(o.index, &o.label, &o.edges)))
    }
    fn members(&self) -> &'static [Member] {
        members::VERTEX
    }
    fn index(&self, m: &mut Machine, _: &Value, keys: &[Value], span: Span) -> Option<Result<Value, EvalError>> {
        Some(one_based(m, keys, span, self.edges.len(), "Edge").map(|k| {
            let e = &self.edges[k];
            EdgeValue::value(self.index, e.to, e.label.clone())
        }))
    }
}

impl Object for EdgeValue {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        t.value(&self.label)
    }
    fn type_name(&self) -> &'static str {
        "Edge"
    }
    fn display(&self, games: &mut Games) -> String {
        format!("Edge({}, {}, {})", self.label.display(games), self.from + 1, self.to + 1)
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<EdgeValue>().map(|o| self.cmp(o))
    }
    fn members(&self) -> &'static [Member] {
        members::EDGE
    }
}

/// The global `Graph`: `Graph(s)` is `Graph.Parse(s)` (CGSuite's `Graph.Eval`).
#[derive(Debug)]
pub struct GraphClass;

impl Object for GraphClass {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "Class"
    }
    fn display(&self, _: &mut Games) -> String {
        "\u{27ea}cgsuite.util.Graph\u{27eb}".to_string()
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<GraphClass>().map(|_| Ordering::Equal)
    }
    fn members(&self) -> &'static [Member] {
        GRAPH_CLASS
    }
    fn call(&self, m: &mut Machine, _: &Value, args: &[Value], site: &Site) -> Option<Result<Value, EvalError>> {
        Some(
            super::check_arity(site, crate::interp::error::Arity::Range(1, 3), args.len())
                .and_then(|()| members::parse_member(m, site, args)),
        )
    }
}

/// The global constants this module defines.
pub fn constants() -> Vec<(&'static str, Value)> {
    vec![("Graph", Value::Object(Rc::new(GraphClass))), ("DirectedGraph", directed::class_value())]
}

/// The classes of this family (see `crate::interp::registry`). One type represents both graph classes (its
/// flag says which).
pub static CLASSES: &[ClassDecl] = &[
    ClassDecl::new("Graph", "cgsuite.util.Graph")
        .members(&[GRAPH])
        .statics(&[GRAPH_CLASS])
        .types(&[rust_type::<GraphValue>]),
    ClassDecl::new("DirectedGraph", "cgsuite.util.DirectedGraph").members(&[DIRECTED]).statics(&[DIRECTED_CLASS]),
    ClassDecl::new("Vertex", "cgsuite.util.Vertex").members(&[VERTEX]).types(&[rust_type::<VertexValue>]),
    ClassDecl::new("Edge", "cgsuite.util.Edge").members(&[EDGE]).types(&[rust_type::<EdgeValue>]),
];

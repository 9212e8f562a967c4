//! The `Graph` value (CGSuite's `Graph`) over the engine's [`Graph`](crate::game::graph::Graph): the class
//! value `Graph` (`Graph("-")`, `Graph.Parse`, `Graph.Path(n)`, …) and the first members. Vertices and edges
//! are unlabelled for now (CGSuite's default label `Nothing`); graphs compare structurally.

use super::{boolean, member, string, Member, Site};
use crate::game::graph::{self as engine, GraphError};
use crate::game::Games;
use crate::interp::error::{Arity, ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::value::{Object, Value};
use std::cmp::Ordering;
use std::rc::Rc;

/// The engine graph with unlabelled vertices and edges.
pub type Plain = engine::Graph<(), ()>;

/// A graph as a script value.
#[derive(Debug)]
pub struct GraphValue(pub Plain);

impl GraphValue {
    /// Wraps a graph.
    pub fn value(g: Plain) -> Value {
        Value::Object(Rc::new(GraphValue(g)))
    }
}

fn notation(g: &Plain) -> String {
    engine::to_notation(g, &|_| String::new(), &|_| String::new())
}

fn parse(t: &str) -> Result<Plain, GraphError> {
    engine::parse(t, &|x: &str| x.is_empty().then_some(()), &|x: &str| x.is_empty().then_some(()), false)
}

impl Object for GraphValue {
    fn type_name(&self) -> &'static str {
        "Graph"
    }
    fn display(&self, _: &mut Games) -> String {
        format!("Graph(\"{}\")", notation(&self.0))
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<GraphValue>().map(|o| self.0.cmp(&o.0))
    }
    fn members(&self) -> &'static [Member] {
        GRAPH
    }
}

/// The global `Graph`.
#[derive(Debug)]
pub struct GraphClass;

impl Object for GraphClass {
    fn type_name(&self) -> &'static str {
        "Class"
    }
    fn display(&self, _: &mut Games) -> String {
        "Graph".to_string()
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<GraphClass>().map(|_| Ordering::Equal)
    }
    fn members(&self) -> &'static [Member] {
        GRAPH_CLASS
    }
    fn call(&self, _: &mut Machine, _: &Value, args: &[Value], site: &Site) -> Option<Result<Value, EvalError>> {
        Some(match args {
            [_] => string(site, args, 0).and_then(|t| parse(t).map(GraphValue::value).map_err(|e| err(site, e))),
            _ => Err(site.err(ErrorKind::ArgumentCount { expected: Arity::Range(1, 1), got: args.len() })),
        })
    }
}

/// The global constants this module defines.
pub fn constants() -> Vec<(&'static str, Value)> {
    vec![("Graph", Value::Object(Rc::new(GraphClass)))]
}

fn err(s: &Site, e: GraphError) -> EvalError {
    s.err(ErrorKind::InvalidArgument { message: e.to_string() })
}

fn this_graph<'v>(s: &Site, this: &'v Value) -> Result<&'v Plain, EvalError> {
    if let Value::Object(o) = this {
        let any: &dyn std::any::Any = &**o;
        if let Some(g) = any.downcast_ref::<GraphValue>() {
            return Ok(&g.0);
        }
    }
    Err(s.bug())
}

/// A 1-based vertex argument, as a 0-based index (out of range reported by the engine).
fn vertex(s: &Site, args: &[Value], i: usize) -> Result<usize, EvalError> {
    let n = super::count(s, args, i)?;
    if n < 1 {
        return Err(s.err(ErrorKind::InvalidArgument { message: format!("Vertex is out of bounds: {n}") }));
    }
    Ok(n as usize - 1)
}

/// Members of `Graph`.
pub static GRAPH: &[Member] = &[
    member("VertexCount", 0, |_, s, this, _| Ok(Value::int(this_graph(s, this)?.vertex_count()))),
    member("EdgeCount", 0, |_, s, this, _| Ok(Value::int(this_graph(s, this)?.edge_count()))),
    member("IsEmpty", 0, |_, s, this, _| Ok(boolean(this_graph(s, this)?.is_empty()))),
    member("IsConnected", 0, |_, s, this, _| Ok(boolean(this_graph(s, this)?.is_connected()))),
    member("IsSimple", 0, |_, s, this, _| Ok(boolean(this_graph(s, this)?.is_simple()))),
    member("DeleteVertex", 1, |_, s, this, args| {
        let v = vertex(s, args, 0)?;
        this_graph(s, this)?.delete_vertex(v).map(GraphValue::value).map_err(|e| err(s, e))
    }),
    member("ConnectedComponent", 1, |_, s, this, args| {
        let v = vertex(s, args, 0)?;
        this_graph(s, this)?.connected_component(v).map(GraphValue::value).map_err(|e| err(s, e))
    }),
    member("ConnectedComponents", 0, |_, s, this, _| {
        Ok(super::list(this_graph(s, this)?.connected_components().into_iter().map(GraphValue::value)))
    }),
];

fn sized(s: &Site, args: &[Value], f: fn(usize, (), ()) -> Result<Plain, GraphError>) -> Result<Value, EvalError> {
    let n = super::count(s, args, 0)?;
    f(n as usize, (), ()).map(GraphValue::value).map_err(|e| err(s, e))
}

/// Members of the `Graph` class value.
pub static GRAPH_CLASS: &[Member] = &[
    member("Parse", 1, |_, s, _, args| parse(string(s, args, 0)?).map(GraphValue::value).map_err(|e| err(s, e))),
    member("Empty", 0, |_, _, _, _| Ok(GraphValue::value(Plain::empty()))),
    member("Path", 1, |_, s, _, args| sized(s, args, Plain::path)),
    member("Cycle", 1, |_, s, _, args| sized(s, args, Plain::cycle)),
    member("Star", 1, |_, s, _, args| sized(s, args, Plain::star)),
    member("Clique", 1, |_, s, _, args| sized(s, args, Plain::clique)),
];

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

pub use directed::{DIRECTED, DIRECTED_CLASS};
pub use members::{EDGE, GRAPH, GRAPH_CLASS, VERTEX};

use super::{list, Member, Site};
use crate::game::graph::{self as engine, GraphError};
use crate::game::Games;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::registry::{rust_type, ClassDecl};
use crate::interp::value::{Object, Value};
use crate::syntax::span::Span;
use num_traits::ToPrimitive;
use std::cmp::Ordering;
use std::rc::Rc;

/// The engine graph with script values as labels.
pub type Labelled = engine::Graph<Value, Value>;

/// A graph as a script value: an undirected `Graph`, or a `DirectedGraph` when the flag is set.
#[derive(Debug)]
pub struct GraphValue(pub Labelled, pub bool);

impl GraphValue {
    /// Wraps an undirected graph.
    pub fn value(g: Labelled) -> Value {
        Value::Object(Rc::new(GraphValue(g, false)))
    }

    /// Wraps a directed graph.
    pub fn directed(g: Labelled) -> Value {
        Value::Object(Rc::new(GraphValue(g, true)))
    }

    /// Whether this is a `DirectedGraph`.
    pub fn is_directed(&self) -> bool {
        self.1
    }
}

/// The string CGSuite writes for a label inside graph notation: `Nothing` is empty, a string is itself,
/// anything else its printed form (CGSuite uses the object's `toString`).
pub fn label_string(games: &mut Games, v: &Value) -> String {
    match v {
        Value::Nothing => String::new(),
        Value::String(s) => s.to_string(),
        v => v.display_plain(games),
    }
}

/// The notation of `g` with labels written by `vstr`/`estr` (computed before printing, once per vertex/edge).
pub fn notation_with(
    g: &Labelled,
    vstr: &mut dyn FnMut(&Value) -> Result<String, EvalError>,
    estr: &mut dyn FnMut(&Value) -> Result<String, EvalError>,
) -> Result<String, EvalError> {
    // Number the distinct labels, so that the printer compares labels (to pair the two halves of an
    // undirected edge) exactly as values, and print each label once.
    let mut vnames: Vec<String> = Vec::with_capacity(g.vertices.len());
    let mut enames: Vec<(Value, String)> = Vec::new();
    let mut numbered: engine::Graph<usize, usize> = engine::Graph { vertices: Vec::with_capacity(g.vertices.len()) };
    for v in &g.vertices {
        vnames.push(vstr(&v.label)?);
        let mut edges = Vec::with_capacity(v.edges.len());
        for e in &v.edges {
            let k = match enames.iter().position(|(l, _)| l == &e.label) {
                Some(k) => k,
                None => {
                    enames.push((e.label.clone(), estr(&e.label)?));
                    enames.len() - 1
                }
            };
            edges.push(engine::Edge { to: e.to, label: k });
        }
        numbered.vertices.push(engine::Vertex { label: numbered.vertices.len(), edges });
    }
    Ok(engine::notation::to_notation(&numbered, &|&i| vnames[i].clone(), &|&k| enames[k].1.clone()))
}

/// The notation of `g` with CGSuite's default label strings.
pub fn notation(games: &mut Games, g: &Labelled) -> String {
    let cell = std::cell::RefCell::new(games);
    notation_with(g, &mut |v| Ok(label_string(&mut cell.borrow_mut(), v)), &mut |e| {
        Ok(label_string(&mut cell.borrow_mut(), e))
    })
    .unwrap_or_default()
}

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

/// A single 1-based integer index below `len`, as 0-based; CGSuite's "Vertex/Edge is out of bounds: n".
fn one_based(m: &mut Machine, keys: &[Value], span: Span, len: usize, what: &str) -> Result<usize, EvalError> {
    let out = |m: &mut Machine| {
        let index = keys.iter().map(|k| k.display(m.games)).collect::<Vec<_>>().join(", ");
        EvalError::new(ErrorKind::InvalidArgument { message: format!("{what} is out of bounds: {index}") }, span)
    };
    match keys {
        [Value::Integer(n)] => match n.to_usize() {
            Some(k) if (1..=len).contains(&k) => Ok(k - 1),
            _ => Err(out(m)),
        },
        [v] => Err(EvalError::new(
            ErrorKind::ArgumentType {
                function: format!("{what} index"),
                position: 1,
                expected: "Integer",
                got: v.type_name(),
            },
            span,
        )),
        _ => Err(out(m)),
    }
}

/// A vertex of a graph (CGSuite's `Vertex`): its number, label and outgoing edges.
#[derive(Debug)]
pub struct VertexValue {
    /// Its 0-based number in its graph.
    pub index: usize,
    /// Its label.
    pub label: Value,
    /// Its outgoing edges (0-based targets), in order.
    pub edges: Vec<engine::Edge<Value>>,
}

impl VertexValue {
    /// Vertex `i` (0-based) of `g`.
    pub fn value(g: &Labelled, i: usize) -> Value {
        let v = &g.vertices[i];
        Value::Object(Rc::new(VertexValue { index: i, label: v.label.clone(), edges: v.edges.clone() }))
    }

    /// Its edges as `Edge` values.
    fn edge_values(&self) -> Vec<Value> {
        self.edges.iter().map(|e| EdgeValue::value(self.index, e.to, e.label.clone())).collect()
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

/// An edge (CGSuite's `Edge`): its endpoints (0-based here) and label.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct EdgeValue {
    /// The vertex it leaves.
    pub from: usize,
    /// The vertex it reaches.
    pub to: usize,
    /// Its label.
    pub label: Value,
}

impl EdgeValue {
    /// An edge value.
    pub fn value(from: usize, to: usize, label: Value) -> Value {
        Value::Object(Rc::new(EdgeValue { from, to, label }))
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

/// A graph error at the call.
fn err(s: &Site, e: GraphError) -> EvalError {
    s.err(ErrorKind::InvalidArgument { message: e.to_string() })
}

/// The undirected graph of a value, if it is one.
pub fn as_graph(v: &Value) -> Option<&Labelled> {
    graph_value(v).filter(|g| !g.1).map(|g| &g.0)
}

fn graph_value(v: &Value) -> Option<&GraphValue> {
    if let Value::Object(o) = v {
        let any: &dyn std::any::Any = &**o;
        return any.downcast_ref::<GraphValue>();
    }
    None
}

/// The graph a member was called on (directed or not).
fn this_graph<'v>(s: &Site, this: &'v Value) -> Result<&'v Labelled, EvalError> {
    graph_value(this).map(|g| &g.0).ok_or_else(|| s.bug())
}

/// Whether the graph a member was called on is directed.
fn is_directed(this: &Value) -> bool {
    graph_value(this).is_some_and(|g| g.1)
}

/// Vertex numbers (1-based) as a list value.
fn vertex_list(vs: impl IntoIterator<Item = usize>) -> Value {
    list(vs.into_iter().map(|v| Value::int(v + 1)))
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

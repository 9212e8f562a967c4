//! The graph family's values and the helpers its members share: the labelled graph, the `Graph`, `Vertex` and
//! `Edge` values (their `Object` impls, which name the member tables, are in `mod.rs`), graph notation with
//! script labels, and the argument helpers of `members.rs` and `directed.rs`. A leaf: it names no other file
//! of the folder.

use crate::game::graph::{self as engine, GraphError};
use crate::game::Games;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::native::{list, Site};
use crate::interp::value::Value;
use crate::syntax::span::Span;
use num_traits::ToPrimitive;
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
/// anything else its printed form (CGSuite uses the object's `toString`). In CGSuite's output mode a collection
/// or a function label is written as CGSuite 2.2 writes it, by the JVM's `toString` (`Vector(1, 2)`,
/// `Set(1, 2)`, `Map(1 -> 2)`, `ArrayBuffer(1, 2)`, `<function1>`; checked with cgsuite-eval on
/// `Graph.Singleton(…)`), since that is the graph's printed text there.
pub fn label_string(games: &mut Games, v: &Value) -> String {
    match v {
        Value::Nothing => String::new(),
        Value::String(s) => s.to_string(),
        v if crate::game::print_limit::cgsuite() => jvm_string(games, v),
        v => v.display_plain(games),
    }
}

/// CGSuite's `toString` of a label inside a collection label (`Vector(null, a, *)`): see [`label_string`].
fn jvm_string(games: &mut Games, v: &Value) -> String {
    let join = |name: &str, items: Vec<&Value>, games: &mut Games| {
        let parts: Vec<String> = items.into_iter().map(|x| jvm_string(games, x)).collect();
        format!("{name}({})", parts.join(", "))
    };
    match v {
        Value::Nothing => "null".into(),
        Value::String(s) => s.to_string(),
        Value::List(l) => join("Vector", l.iter().collect(), games),
        Value::Set(set, _) => join("Set", set.iter().collect(), games),
        Value::Map(map, _) => {
            let parts: Vec<String> =
                map.iter().map(|(k, x)| format!("{} -> {}", jvm_string(games, k), jvm_string(games, x))).collect();
            format!("Map({})", parts.join(", "))
        }
        Value::Function(_) => "<function1>".into(),
        Value::Object(o) if o.type_name() == "MutableList" => match o.elements(games) {
            Some(items) => join("ArrayBuffer", items.iter().collect(), games),
            None => v.display_plain(games),
        },
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

/// A single 1-based integer index below `len`, as 0-based; CGSuite's "Vertex/Edge is out of bounds: n".
pub(super) fn one_based(
    m: &mut Machine,
    keys: &[Value],
    span: Span,
    len: usize,
    what: &str,
) -> Result<usize, EvalError> {
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
    pub(super) fn edge_values(&self) -> Vec<Value> {
        self.edges.iter().map(|e| EdgeValue::value(self.index, e.to, e.label.clone())).collect()
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

/// A graph error at the call.
pub(super) fn err(s: &Site, e: GraphError) -> EvalError {
    s.err(ErrorKind::InvalidArgument { message: e.to_string() })
}

/// The undirected graph of a value, if it is one.
pub fn as_graph(v: &Value) -> Option<&Labelled> {
    graph_value(v).filter(|g| !g.1).map(|g| &g.0)
}

pub(super) fn graph_value(v: &Value) -> Option<&GraphValue> {
    if let Value::Object(o) = v {
        let any: &dyn std::any::Any = &**o;
        return any.downcast_ref::<GraphValue>();
    }
    None
}

/// The graph a member was called on (directed or not).
pub(super) fn this_graph<'v>(s: &Site, this: &'v Value) -> Result<&'v Labelled, EvalError> {
    graph_value(this).map(|g| &g.0).ok_or_else(|| s.bug())
}

/// Whether the graph a member was called on is directed.
pub(super) fn is_directed(this: &Value) -> bool {
    graph_value(this).is_some_and(|g| g.1)
}

/// Vertex numbers (1-based) as a list value.
pub(super) fn vertex_list(vs: impl IntoIterator<Item = usize>) -> Value {
    list(vs.into_iter().map(|v| Value::int(v + 1)))
}

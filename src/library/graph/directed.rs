//! CGSuite's `cgsuite.util.DirectedGraph`: a [`GraphValue`] with its directed flag set. Its members are the
//! subset CGSuite's `DirectedGraph` class has; each stored edge counts once and is deleted alone (an undirected
//! `Graph` stores an edge at both ends and deletes both copies). `Graph.ToDirectedGraph` keeps the storage, so
//! each undirected edge becomes a pair of opposite directed edges, as in CGSuite.

use super::members::{
    from_adjacency_list, parse_as, ranged, rewrap, to_string, update_labels, vertex, DELETE_VERTEX, DELETE_VERTICES,
    IS_EMPTY, RETAIN_VERTICES, VERTEX_COUNT, VERTICES,
};
use super::value::{err, this_graph, vertex_list, EdgeValue, GraphValue, Labelled};
use crate::game::Games;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::native::Param;
use crate::interp::value::{Object, Value};
use crate::library::{integer, list, Member, Site};
use num_traits::ToPrimitive;
use std::cmp::Ordering;
use std::rc::Rc;

/// The edge argument of `DeleteEdge`.
fn edge_arg<'v>(s: &Site, args: &'v [Value]) -> Result<&'v EdgeValue, EvalError> {
    if let Value::Object(o) = &args[0] {
        let any: &dyn std::any::Any = &**o;
        if let Some(e) = any.downcast_ref::<EdgeValue>() {
            return Ok(e);
        }
    }
    Err(s.wrong_type(0, "Edge", &args[0]))
}

/// Members of `DirectedGraph`.
pub static DIRECTED: &[Member] = crate::member_table![
    VERTEX_COUNT,
    crate::member!(EdgeCount => "The number of directed edges.", "DirectedGraph.Parse(\">-\").EdgeCount", |_, s, this, _| Ok(Value::int(this_graph(s, this)?.arcs().len()))),
    IS_EMPTY,
    VERTICES,
    crate::member!(Edges => "The directed edges, as a list of `Edge` values.", "DirectedGraph.Parse(\">\").Edges", |_, s, this, _| {
        Ok(list(this_graph(s, this)?.arcs().into_iter().map(|(a, b, l)| EdgeValue::value(a, b, l))))
    }),
    // Out-neighbours in edge order (CGSuite's `DirectedGraph.AdjacencyList` does not sort them).
    crate::member!(AdjacencyList => "For each vertex, the list of vertices its edges lead to (1-based, in edge order).", "DirectedGraph.DirectedPath(3).AdjacencyList", |_, s, this, _| {
        let g = this_graph(s, this)?;
        Ok(list(g.vertices.iter().map(|v| vertex_list(v.edges.iter().map(|e| e.to)))))
    }),
    DELETE_VERTEX,
    DELETE_VERTICES,
    RETAIN_VERTICES,
    // Deletes the first edge with the argument's endpoints and label, in its direction only; nothing changes
    // when there is none (CGSuite).
    crate::member!(DeleteEdge(edge: Edge) => "The graph without the given directed edge (one direction only).", "DirectedGraph.Parse(\"-\").DeleteEdge(DirectedGraph.Parse(\"-\").Edges[1])", |_, s, this, args| {
        let g = this_graph(s, this)?;
        let e = edge_arg(s, args)?;
        if e.from >= g.vertex_count() || e.to >= g.vertex_count() {
            return Ok(this.clone());
        }
        rewrap(s, this, g.delete_arc(e.from, e.to, &e.label))
    }),
    crate::member!(DeleteEdgeByIndex(vertex: Integer, edge: Integer) => "The graph without the k-th edge out of vertex v (both 1-based).", "DirectedGraph.DirectedPath(3).DeleteEdgeByIndex(1, 1)", |_, s, this, args| {
        let g = this_graph(s, this)?;
        let v = vertex(s, g, args, 0)?;
        let k = integer(s, args, 1)?;
        match k.to_usize() {
            Some(k) if (1..=g.vertices[v].edges.len()).contains(&k) => rewrap(s, this, g.delete_arc_by_index(v, k - 1)),
            _ => Err(s.err(ErrorKind::InvalidArgument { message: format!("Edge is out of bounds: {k}") })),
        }
    }),
    crate::member!(UpdatedVertexLabels(updates: Map) => "The graph with the vertices that are keys of the map relabelled by their values.", "DirectedGraph.DirectedPath(2).UpdatedVertexLabels({2 => \"x\"})", update_labels),
    ranged("ToString", 0, 2, to_string)
        .params(&[
            &[Param::required("charMap", "String")],
            &[Param::optional("vertexLabels", "Function"), Param::optional("edgeLabels", "Function")],
        ])
        .doc("", "The directed graph in CGSuite's graph notation.", "DirectedGraph.DirectedPath(3).ToString"),
];

/// The global `DirectedGraph` (a class with static members; CGSuite has no `DirectedGraph(s)` call).
#[derive(Debug)]
pub struct DirectedGraphClass;

impl Object for DirectedGraphClass {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "Class"
    }
    fn display(&self, _: &mut Games) -> String {
        "\u{27ea}cgsuite.util.DirectedGraph\u{27eb}".to_string()
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<DirectedGraphClass>().map(|_| Ordering::Equal)
    }
    fn members(&self) -> &'static [Member] {
        DIRECTED_CLASS
    }
}

/// The class value bound to `DirectedGraph`.
pub fn class_value() -> Value {
    Value::Object(Rc::new(DirectedGraphClass))
}

/// Members of the `DirectedGraph` class value.
pub static DIRECTED_CLASS: &[Member] = crate::member_table![
    ranged("Parse", 1, 3, |m, s, _, args| parse_as(m, s, args, true)).params(&[&[Param::required("str", "String")], &[Param::required("str", "String"), Param::required("charMap", "String")], &[Param::required("str", "String"), Param::optional("vertexLabels", "Function"), Param::optional("edgeLabels", "Function")]]).doc("", "The directed graph written in CGSuite's notation: `>` and `<` are edges one way, `-` a pair of opposite edges.", "DirectedGraph.Parse(\">-\")"),
    crate::member!(Empty => "The directed graph with no vertices.", "DirectedGraph.Empty", |_, _, _, _| Ok(GraphValue::directed(Labelled::empty()))),
    ranged("DirectedPath", 1, 3, |_, s, _, args| {
        let n = integer(s, args, 0)?;
        let n = n
            .to_usize()
            .ok_or_else(|| s.arg_err(0, ErrorKind::InvalidArgument { message: format!("Invalid graph size: {n}") }))?;
        let v = args.get(1).cloned().unwrap_or(Value::Nothing);
        let e = args.get(2).cloned().unwrap_or(Value::Nothing);
        Labelled::directed_path(n, v, e).map(GraphValue::directed).map_err(|e| err(s, e))
    }).params(&[&[Param::required("n", "Integer"), Param::optional("vertexLabel", "Object"), Param::optional("edgeLabel", "Object")]]).doc("", "The directed path on n vertices, each edge from a vertex to the next.", "DirectedGraph.DirectedPath(3)"),
    ranged("Singleton", 0, 1, |_, _, _, args| {
        Ok(GraphValue::directed(Labelled::singleton(args.first().cloned().unwrap_or(Value::Nothing))))
    }).params(&[&[Param::optional("vertexLabel", "Object")]]).doc("", "The directed graph of one vertex (with the label, if given).", "DirectedGraph.Singleton(\"x\")"),
    ranged("FromAdjacencyList", 1, 3, |m, s, _, args| from_adjacency_list(m, s, args, true)).params(&[&[Param::required("adjacencyList", "List"), Param::optional("vertexLabel", "Object"), Param::optional("edgeLabel", "Object")]]).doc("", "The directed graph whose vertex i has edges to the vertices in the i-th list (1-based).", "DirectedGraph.FromAdjacencyList([[2], [3], []])"),
];

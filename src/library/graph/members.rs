//! Members of `Graph`, `Vertex`, `Edge` and of the class value `Graph`, with CGSuite's names, 1-based vertex
//! and edge numbers and CGSuite's error wording.

use super::value::{
    err, is_directed, label_string, notation_with, this_graph, vertex_list, EdgeValue, GraphValue, Labelled,
    VertexValue,
};
use crate::game::graph::{self as engine, GraphError};
use crate::interp::error::{Arity, ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::native::Param;
use crate::interp::value::Value;
use crate::library::{boolean, elements, integer, list, member, string, Member, Site};
use num_traits::ToPrimitive;

pub(super) const fn ranged(name: &'static str, lo: usize, hi: usize, f: crate::library::MemberImpl) -> Member {
    Member { name, arity: Arity::Range(lo, hi), f, doc: crate::library::Doc::NONE, params: &[] }
}

/// "Vertex is out of bounds: n" for a number outside `1..=len`.
fn out_of_bounds(s: &Site, n: impl std::fmt::Display) -> EvalError {
    s.err(ErrorKind::InvalidArgument { message: format!("Vertex is out of bounds: {n}") })
}

/// A 1-based vertex number (any integer value), as 0-based, checked against `len`.
pub(super) fn vertex_number(s: &Site, v: &Value, i: usize, len: usize) -> Result<usize, EvalError> {
    match v {
        Value::Integer(n) => match n.to_usize() {
            Some(k) if (1..=len).contains(&k) => Ok(k - 1),
            _ => Err(out_of_bounds(s, n)),
        },
        v => Err(s.wrong_type(i, "Integer", v)),
    }
}

/// Argument `i` as a vertex of `g`.
pub(super) fn vertex(s: &Site, g: &Labelled, args: &[Value], i: usize) -> Result<usize, EvalError> {
    vertex_number(s, &args[i], i, g.vertex_count())
}

/// Argument `i` as a collection of vertices of `g`.
pub(super) fn vertices(
    m: &mut Machine,
    s: &Site,
    g: &Labelled,
    args: &[Value],
    i: usize,
) -> Result<Vec<usize>, EvalError> {
    elements(m, s, args, i)?.iter().map(|v| vertex_number(s, v, i, g.vertex_count())).collect()
}

fn wrap(s: &Site, r: Result<Labelled, GraphError>) -> Result<Value, EvalError> {
    r.map(GraphValue::value).map_err(|e| err(s, e))
}

/// A result of the same kind (directed or not) as the graph `this`.
pub(super) fn rewrap(s: &Site, this: &Value, r: Result<Labelled, GraphError>) -> Result<Value, EvalError> {
    let kind = if is_directed(this) { GraphValue::directed } else { GraphValue::value };
    r.map(kind).map_err(|e| err(s, e))
}

/// `Graph.Parse(str, vertexLabels ? {"" => Nothing}, edgeLabels ? {"" => Nothing})`: each label table is a map
/// from label strings to labels (a partial function: a string it lacks is not a label), or a function, which
/// CGSuite treats as defined on every string.
pub(super) fn parse_member(m: &mut Machine, s: &Site, args: &[Value]) -> Result<Value, EvalError> {
    parse_as(m, s, args, false)
}

/// `Parse` of `Graph` or (`directed`) of `DirectedGraph`, which allows `>` and `<` edges.
pub(super) fn parse_as(m: &mut Machine, s: &Site, args: &[Value], directed: bool) -> Result<Value, EvalError> {
    let text = string(s, args, 0)?;
    let default = crate::interp::order::map_value([(Value::str(""), Value::Nothing)]);
    for (i, a) in args.iter().enumerate().skip(1) {
        if !matches!(a, Value::Map(_, _) | Value::Function(_) | Value::Nothing) {
            return Err(s.wrong_type(i, "Function", a));
        }
    }
    // `Nothing` stands for a table not given (a skipped parameter before a named one).
    let given = |i: usize| args.get(i).filter(|a| !matches!(a, Value::Nothing));
    let vtable = given(1).unwrap_or(&default);
    let etable = given(2).unwrap_or(&default);
    // A script function may fail: the first error is kept and returned once parsing ends.
    let cell = std::cell::RefCell::new((m, None::<EvalError>));
    let lookup = |table: &Value, t: &str| -> Option<Value> {
        match table {
            Value::Map(map, _) => map.get(&Value::str(t)).cloned(),
            f => {
                let mut state = cell.borrow_mut();
                if state.1.is_some() {
                    return Some(Value::Nothing);
                }
                match state.0.call_value(f, &[Value::str(t)], s) {
                    Ok(v) => Some(v),
                    Err(e) => {
                        state.1 = Some(e);
                        Some(Value::Nothing)
                    }
                }
            }
        }
    };
    let kind = if directed { GraphValue::directed } else { GraphValue::value };
    let parsed = engine::notation::parse(text, &|t| lookup(vtable, t), &|t| lookup(etable, t), directed);
    if let Some(e) = cell.into_inner().1 {
        return Err(e);
    }
    parsed.map(kind).map_err(|e| err(s, e))
}

/// A label printed by a `ToString` argument: a map (labels it lacks print as usual) or a function.
fn print_label(m: &mut Machine, s: &Site, arg: Option<&Value>, label: &Value) -> Result<String, EvalError> {
    let out = match arg {
        Some(Value::Map(table, _)) => table.get(label).cloned(),
        Some(f @ Value::Function(_)) => Some(m.call_value(f, std::slice::from_ref(label), s)?),
        _ => None,
    };
    // A string prints as itself (`label_string`); a label the printer does not answer prints as usual.
    Ok(label_string(m.games, out.as_ref().unwrap_or(label)))
}

/// `graph.ToString(vertexLabels, edgeLabels)` with both label printers maps, which needs no machine: for a printed
/// form made when asked (`None` when `graph` is no graph, a printer no map, or the notation fails).
pub fn text_with_maps(games: &mut crate::game::Games, graph: &Value, vertex: &Value, edge: &Value) -> Option<String> {
    let g = super::value::graph_value(graph).map(|g| &g.0)?;
    let (Value::Map(vertex, _), Value::Map(edge, _)) = (vertex, edge) else { return None };
    // As `print_label` writes a label through a map.
    let write = |games: &mut crate::game::Games, table: &imbl::OrdMap<Value, Value>, label: &Value| {
        Ok(label_string(games, table.get(label).unwrap_or(label)))
    };
    let cell = std::cell::RefCell::new(games);
    notation_with(g, &mut |v| write(&mut cell.borrow_mut(), vertex, v), &mut |e| write(&mut cell.borrow_mut(), edge, e))
        .ok()
}

pub(super) fn to_string(m: &mut Machine, s: &Site, this: &Value, args: &[Value]) -> Result<Value, EvalError> {
    let g = this_graph(s, this)?;
    if args.is_empty() {
        return Ok(Value::str(&this.display(m.games)));
    }
    for (i, a) in args.iter().enumerate() {
        if !matches!(a, Value::Map(_, _) | Value::Function(_)) {
            return Err(s.wrong_type(i, "Function", a));
        }
    }
    let cell = std::cell::RefCell::new(m);
    notation_with(g, &mut |v| print_label(&mut cell.borrow_mut(), s, args.first(), v), &mut |e| {
        print_label(&mut cell.borrow_mut(), s, args.get(1), e)
    })
    .map(|t| Value::str(&t))
}

pub(super) fn update_labels(m: &mut Machine, s: &Site, this: &Value, args: &[Value]) -> Result<Value, EvalError> {
    let g = this_graph(s, this)?;
    let Value::Map(updates, _) = &args[0] else { return Err(s.wrong_type(0, "Map", &args[0])) };
    let mut pairs = Vec::with_capacity(updates.len());
    for (k, v) in updates {
        pairs.push((vertex_number(s, k, 0, g.vertex_count())?, v.clone()));
    }
    let _ = m;
    rewrap(s, this, g.updated_vertex_labels(&pairs))
}

fn delete_edge(_: &mut Machine, s: &Site, this: &Value, args: &[Value]) -> Result<Value, EvalError> {
    let g = this_graph(s, this)?;
    let Some(e) = (match &args[0] {
        Value::Object(o) => {
            let any: &dyn std::any::Any = &**o;
            any.downcast_ref::<EdgeValue>()
        }
        _ => None,
    }) else {
        return Err(s.wrong_type(0, "Edge", &args[0]));
    };
    // CGSuite deletes the first matching edge at each end, and changes nothing when there is none.
    if e.from >= g.vertex_count() || e.to >= g.vertex_count() {
        return Ok(this.clone());
    }
    wrap(s, g.delete_edge(e.from, e.to, &e.label))
}

pub(super) fn sized(
    m: &mut Machine,
    s: &Site,
    args: &[Value],
    f: fn(usize, Value, Value) -> Result<Labelled, GraphError>,
) -> Result<Value, EvalError> {
    let _ = m;
    let n = integer(s, args, 0)?;
    let n = n
        .to_usize()
        .ok_or_else(|| s.arg_err(0, ErrorKind::InvalidArgument { message: format!("Invalid graph size: {n}") }))?;
    let v = args.get(1).cloned().unwrap_or(Value::Nothing);
    let e = args.get(2).cloned().unwrap_or(Value::Nothing);
    wrap(s, f(n, v, e))
}

/// `FromAdjacencyList` of `Graph` or (`directed`) of `DirectedGraph`.
pub(super) fn from_adjacency_list(
    m: &mut Machine,
    s: &Site,
    args: &[Value],
    directed: bool,
) -> Result<Value, EvalError> {
    let rows = elements(m, s, args, 0)?;
    let mut adj = Vec::with_capacity(rows.len());
    for row in &rows {
        let targets = m.elements(row).ok_or_else(|| s.wrong_type(0, "List of Lists", &args[0]))?;
        let mut out = Vec::with_capacity(targets.len());
        for t in &targets {
            out.push(vertex_number(s, t, 0, rows.len())?);
        }
        adj.push(out);
    }
    let v = args.get(1).cloned().unwrap_or(Value::Nothing);
    let e = args.get(2).cloned().unwrap_or(Value::Nothing);
    let kind = if directed { GraphValue::directed } else { GraphValue::value };
    Labelled::from_adjacency_list(&adj, v, e).map(kind).map_err(|e| err(s, e))
}

// Members `Graph` and `DirectedGraph` share (each keeps the kind of graph it was called on).
pub(super) const VERTEX_COUNT: Member = crate::member!(VertexCount => "The number of vertices.", "Graph.Cycle(5).VertexCount", |_, s, this, _| Ok(Value::int(this_graph(s, this)?.vertex_count())));
pub(super) const IS_EMPTY: Member = crate::member!(IsEmpty => "Whether the graph has no vertices.", "Graph.Empty.IsEmpty", |_, s, this, _| Ok(boolean(this_graph(s, this)?.is_empty())));
pub(super) const VERTICES: Member = crate::member!(Vertices => "The vertices, as a list of `Vertex` values.", "Graph.Path(2).Vertices", |_, s, this, _| {
    let g = this_graph(s, this)?;
    Ok(list((0..g.vertex_count()).map(|i| VertexValue::value(g, i))))
});
pub(super) const DELETE_VERTEX: Member = crate::member!(DeleteVertex(vertex: Integer) => "The graph without vertex v (1-based) and its edges.", "Graph.Path(3).DeleteVertex(2)", |_, s, this, args| {
    let g = this_graph(s, this)?;
    rewrap(s, this, g.delete_vertex(vertex(s, g, args, 0)?))
});
pub(super) const DELETE_VERTICES: Member = crate::member!(DeleteVertices(vertices: List) => "The graph without the vertices in the collection vs and their edges.", "Graph.Path(4).DeleteVertices([1, 4])", |m, s, this, args| {
    let g = this_graph(s, this)?;
    let vs = vertices(m, s, g, args, 0)?;
    rewrap(s, this, g.delete_vertices(&vs))
});
pub(super) const RETAIN_VERTICES: Member = crate::member!(RetainVertices(vertices: List) => "The graph keeping only the vertices in the collection vs and the edges between them.", "Graph.Cycle(4).RetainVertices([1, 2])", |m, s, this, args| {
    let g = this_graph(s, this)?;
    let vs = vertices(m, s, g, args, 0)?;
    rewrap(s, this, g.retain_vertices(&vs))
});

/// Members of `Graph`.
pub static GRAPH: &[Member] = crate::member_table![
    VERTEX_COUNT,
    crate::member!(EdgeCount => "The number of edges.", "Graph.Cycle(5).EdgeCount", |_, s, this, _| Ok(Value::int(this_graph(s, this)?.edge_count()))),
    IS_EMPTY,
    crate::member!(IsConnected => "Whether every vertex can be reached from every other.", "Graph(\"-;.\").IsConnected", |_, s, this, _| Ok(boolean(this_graph(s, this)?.is_connected()))),
    crate::member!(IsSimple => "Whether the graph has no loops and no repeated edges.", "Graph.Clique(3).IsSimple", |_, s, this, _| Ok(boolean(this_graph(s, this)?.is_simple()))),
    VERTICES,
    crate::member!(Edges => "The edges, as a list of `Edge` values.", "Graph.Path(3).Edges", |_, s, this, _| {
        Ok(list(this_graph(s, this)?.edges().into_iter().map(|(a, b, l)| EdgeValue::value(a, b, l))))
    }),
    crate::member!(AdjacencyList => "For each vertex in turn, the list of its neighbours (1-based).", "Graph.Star(3).AdjacencyList", |_, s, this, _| {
        Ok(list(this_graph(s, this)?.adjacency_list().into_iter().map(vertex_list)))
    }),
    DELETE_VERTEX,
    DELETE_VERTICES,
    RETAIN_VERTICES,
    crate::member!(DeleteEdge(edge: Edge) => "The graph without the given edge (an `Edge` of it).", "Graph.Cycle(4).DeleteEdge(Graph.Cycle(4).Edges[1])", delete_edge),
    crate::member!(DeleteEdgeByIndex(vertex: Integer, edge: Integer) => "The graph without the k-th edge of vertex v (both 1-based).", "Graph.Path(3).DeleteEdgeByIndex(2, 1)", |_, s, this, args| {
        let g = this_graph(s, this)?;
        let v = vertex(s, g, args, 0)?;
        let k = integer(s, args, 1)?;
        let count = g.vertices[v].edges.len();
        match k.to_usize() {
            Some(k) if (1..=count).contains(&k) => wrap(s, g.delete_edge_by_index(v, k - 1)),
            _ => Err(s.err(ErrorKind::InvalidArgument { message: format!("Edge is out of bounds: {k}") })),
        }
    }),
    crate::member!(UpdatedVertexLabels(updates: Map) => "The graph with the vertices that are keys of the map relabelled by their values.", "Graph.Path(3).UpdatedVertexLabels({1 => \"x\"})", update_labels),
    crate::member!(ConnectedComponent(vertex: Integer) => "The connected component of vertex v, as a graph.", "Graph(\"-;.\").ConnectedComponent(3)", |_, s, this, args| {
        let g = this_graph(s, this)?;
        wrap(s, g.connected_component(vertex(s, g, args, 0)?))
    }),
    crate::member!(ConnectedComponents => "The connected components, as a list of graphs.", "Graph(\"-;.\").ConnectedComponents", |_, s, this, _| {
        Ok(list(this_graph(s, this)?.connected_components().into_iter().map(GraphValue::value)))
    }),
    member("Decomposition", 1, |_, s, this, args| {
        Ok(list(this_graph(s, this)?.decomposition(&args[0]).into_iter().map(GraphValue::value)))
    }).params(&[&[Param::required("boundaryLabel", "Object")], &[Param::required("boundaryValue", "Integer")], &[Param::required("boundaryValue", "Integer"), Param::optional("directions", "List")]]).doc("", "The components left when the vertices labelled `label` are split apart (CGSuite's graph decomposition), as a list of graphs.", "Graph.Path(3).Decomposition(\"x\")"),
    ranged("ToString", 0, 2, to_string).params(&[&[Param::required("charMap", "String")], &[Param::optional("vertexLabels", "Function"), Param::optional("edgeLabels", "Function")]]).doc("", "The graph in CGSuite's graph notation; maps or functions may say how labels are written.", "Graph.Cycle(3).ToString"),
    crate::member!(ToDirectedGraph => "The graph as a directed graph: each edge becomes a pair of opposite edges.", "Graph.Path(2).ToDirectedGraph", |_, s, this, _| Ok(GraphValue::directed(this_graph(s, this)?.clone()))),
    // cgs: the canonical labelling (isomorphic graphs give equal results), optionally keeping a root vertex
    // first (vertex 1 of the result).
    ranged("Canonical", 0, 1, |_, s, this, args| {
        let g = this_graph(s, this)?;
        let root = match args.first() {
            Some(_) => Some(vertex(s, g, args, 0)?),
            None => None,
        };
        Ok(GraphValue::value(engine::canon::canonical_key_rooted(g, root)))
    }).doc("(root)", "A canonical relabelling: isomorphic graphs (labels included) give equal results; with a vertex, that vertex is kept first.", "Graph(\"-;.\").Canonical == Graph(\".;-\").Canonical"),
];

fn this_vertex<'v>(s: &Site, this: &'v Value) -> Result<&'v VertexValue, EvalError> {
    if let Value::Object(o) = this {
        let any: &dyn std::any::Any = &**o;
        if let Some(v) = any.downcast_ref::<VertexValue>() {
            return Ok(v);
        }
    }
    Err(s.bug())
}

fn this_edge<'v>(s: &Site, this: &'v Value) -> Result<&'v EdgeValue, EvalError> {
    if let Value::Object(o) = this {
        let any: &dyn std::any::Any = &**o;
        if let Some(e) = any.downcast_ref::<EdgeValue>() {
            return Ok(e);
        }
    }
    Err(s.bug())
}

/// Members of `Vertex`.
pub static VERTEX: &[Member] = crate::member_table![
    crate::member!(Label => "The vertex's label (nil when it has none).", "Graph.Parse(\"a-b\", {\"a\" => 1, \"b\" => 2})[2].Label", |_, s, this, _| Ok(this_vertex(s, this)?.label.clone())),
    crate::member!(Edges => "The edges at the vertex, as a list of `Edge` values.", "Graph.Star(3)[1].Edges", |_, s, this, _| Ok(list(this_vertex(s, this)?.edge_values()))),
    crate::member!(EdgeCount => "The number of edges at the vertex.", "Graph.Star(3)[1].EdgeCount", |_, s, this, _| Ok(Value::int(this_vertex(s, this)?.edges.len()))),
    crate::member!(OutVertices => "The vertices the vertex's edges lead to, as a list (1-based).", "Graph.Star(3)[1].OutVertices", |_, s, this, _| Ok(vertex_list(this_vertex(s, this)?.edges.iter().map(|e| e.to)))),
];

/// Members of `Edge`.
pub static EDGE: &[Member] = crate::member_table![
    crate::member!(FromVertex => "The vertex the edge starts from (1-based).", "Graph.Path(2)[1][1].FromVertex", |_, s, this, _| Ok(Value::int(this_edge(s, this)?.from + 1))),
    crate::member!(ToVertex => "The vertex the edge leads to (1-based).", "Graph.Path(2)[1][1].ToVertex", |_, s, this, _| Ok(Value::int(this_edge(s, this)?.to + 1))),
    crate::member!(Label => "The edge's label (nil when it has none).", "Graph.Path(2, Nothing, \"e\")[1][1].Label", |_, s, this, _| Ok(this_edge(s, this)?.label.clone())),
];

/// Members of the `Graph` class value.
pub static GRAPH_CLASS: &[Member] = crate::member_table![
    ranged("Parse", 1, 3, |m, s, _, args| parse_member(m, s, args)).params(&[&[Param::required("str", "String")], &[Param::required("str", "String"), Param::required("charMap", "String")], &[Param::required("str", "String"), Param::optional("vertexLabels", "Function"), Param::optional("edgeLabels", "Function")]]).doc("", "The graph written in CGSuite's graph notation (`a-b-c`, `:A` to name a vertex, ...); maps or functions turn label strings into labels.", "Graph.Parse(\"a-b\", {\"a\" => 1, \"b\" => 2})"),
    member("Eval", 1, |m, s, _, args| parse_member(m, s, args)).doc("(s)", "The graph written in CGSuite's graph notation (the same as `Parse` and `Graph(s)`).", "Graph.Eval(\"--\")"),
    crate::member!(Empty => "The graph with no vertices.", "Graph.Empty", |_, _, _, _| Ok(GraphValue::value(Labelled::empty()))),
    ranged("Path", 1, 3, |m, s, _, args| sized(m, s, args, Labelled::path)).params(&[&[Param::required("n", "Integer"), Param::optional("vertexLabel", "Object"), Param::optional("edgeLabel", "Object")]]).doc("", "The path on n vertices.", "Graph.Path(4)"),
    ranged("Cycle", 1, 3, |m, s, _, args| sized(m, s, args, Labelled::cycle)).params(&[&[Param::required("n", "Integer"), Param::optional("vertexLabel", "Object"), Param::optional("edgeLabel", "Object")]]).doc("", "The cycle on n vertices.", "Graph.Cycle(5)"),
    ranged("Star", 1, 3, |m, s, _, args| sized(m, s, args, Labelled::star)).params(&[&[Param::required("n", "Integer"), Param::optional("vertexLabel", "Object"), Param::optional("edgeLabel", "Object")]]).doc("", "The star: a centre joined to n other vertices.", "Graph.Star(3)"),
    ranged("Clique", 1, 3, |m, s, _, args| sized(m, s, args, Labelled::clique)).params(&[&[Param::required("n", "Integer"), Param::optional("vertexLabel", "Object"), Param::optional("edgeLabel", "Object")]]).doc("", "The complete graph on n vertices.", "Graph.Clique(4).EdgeCount"),
    ranged("Singleton", 0, 1, |_, _, _, args| {
        Ok(GraphValue::value(Labelled::singleton(args.first().cloned().unwrap_or(Value::Nothing))))
    }).params(&[&[Param::optional("vertexLabel", "Object")]]).doc("", "The graph of one vertex (with the label, if given).", "Graph.Singleton(\"x\")"),
    ranged("FromAdjacencyList", 1, 3, |m, s, _, args| from_adjacency_list(m, s, args, false)).params(&[&[Param::required("adjacencyList", "List"), Param::optional("vertexLabel", "Object"), Param::optional("edgeLabel", "Object")]]).doc("", "The graph whose vertex i has edges to the vertices in the i-th list (1-based).", "Graph.FromAdjacencyList([[2], [1, 3], [2]])"),
];

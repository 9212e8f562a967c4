//! Named arguments of native members (CGSuite's `functionArgument` for its own methods, issue 15): the parameter
//! names of CGSuite 2.2's library methods, read from its class files (`lib/core/src/main/resources/…/*.cgs`,
//! every `def Name(params)`; a name with `?` is optional), so that `g.Heat(t => 1)` and
//! `g.Overheat(t => 2, s => 1)` call the native member as CGSuite calls its method. A member name with several
//! signatures in CGSuite's classes lists each; the first that has every given name is used.

use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::value::Value;
use crate::syntax::ast::Ident;
use crate::syntax::span::Span;

/// Member name → its parameter lists in CGSuite 2.2's classes.
static PARAMS: &[(&str, &[&[&str]])] = &[
    ("AcrosticProduct", &[&["that"]]),
    ("Add", &[&["element"]]),
    ("AddAll", &[&["elements"]]),
    ("Adjoin", &[&["element"], &["that"]]),
    ("Append", &[&["output"]]),
    ("Apply", &[&["fn"]]),
    ("CakeProduct", &[&["that", "twisted?"]]),
    ("CheckPeriodicity", &[&["toHeapSize"]]),
    ("Clique", &[&["n", "vertexLabel?", "edgeLabel?"]]),
    ("ClobberablePoints", &[&["c", "d", "clob"]]),
    ("Concat", &[&["elements"], &["that"]]),
    ("ConjunctiveSum", &[&["that"]]),
    ("ConnectedComponent", &[&["vertex"]]),
    ("Contains", &[&["element"]]),
    ("ContainsKey", &[&["key"]]),
    ("ConwayProduct", &[&["that"]]),
    ("Cool", &[&["t"]]),
    ("CoordinateOptions", &[&["coord"]]),
    ("Count", &[&["predicate"]]),
    ("Cycle", &[&["n", "vertexLabel?", "edgeLabel?"]]),
    ("DayN", &[&["maxBirthday", "maxGames?", "maxOptions?"]]),
    ("Decomposition", &[&["boundaryLabel"], &["boundaryValue"], &["boundaryValue", "directions?"]]),
    ("DeleteEdge", &[&["edge"]]),
    ("DeleteEdgeByIndex", &[&["vertex", "edge"]]),
    ("DeleteVertex", &[&["vertex"]]),
    ("DeleteVertices", &[&["vertices"]]),
    ("DirectProduct", &[&["that"]]),
    ("DirectedPath", &[&["n", "vertexLabel?", "edgeLabel?"]]),
    ("Distinguisher", &[&["h"]]),
    ("Div", &[&["that"]]),
    ("Downsum", &[&["that"]]),
    ("DownsumVariety", &[&["deg"]]),
    ("Empty", &[&["length"], &["rowCount", "colCount"]]),
    ("Error", &[&["msg"]]),
    ("Exists", &[&["predicate"]]),
    ("Filter", &[&["predicate"]]),
    ("Find", &[&["predicate"]]),
    ("FindAll", &[&["value"]]),
    ("ForAll", &[&["predicate"]]),
    ("ForEach", &[&["fn"]]),
    ("FromAdjacencyList", &[&["adjacencyList", "vertexLabel?", "edgeLabel?"]]),
    ("FromSubtractionSet", &[&["subtset", "codeDigit?", "allbut?"]]),
    ("GameValueSequence", &[&["toHeapSize"]]),
    ("GameValueTable", &[&["maxRow", "maxCol"]]),
    ("Gcd", &[&["that"]]),
    ("Grouped", &[&["n"]]),
    ("HeapNimValue", &[&["heapSize"]]),
    ("HeapOptions", &[&["heapSize"], &["n"]]),
    ("Heat", &[&["t"]]),
    ("IndexOf", &[&["element"]]),
    ("IntensityPlot", &[&["pixelScale?"]]),
    ("Intersection", &[&["that"]]),
    ("IsInBounds", &[&["coord"]]),
    ("IsLinkedTo", &[&["h"]]),
    ("IsValidCoordinate", &[&["c"]]),
    ("Join", &[&["that"]]),
    ("Link", &[&["h"]]),
    ("Matches", &[&["regex"]]),
    ("Max", &[&["elements"], &["that"]]),
    ("Mex", &[&["elements"]]),
    ("Min", &[&["elements"], &["that"]]),
    ("Miny", &[&["G"]]),
    ("MisereMinus", &[&["h"]]),
    ("MkOutput", &[&["sep"]]),
    ("NewExplorer", &[&["g"]]),
    ("NextInteger", &[&["upperBound"]]),
    ("NimDiv", &[&["that"]]),
    ("NimExp", &[&["that"]]),
    ("NimProduct", &[&["that"]]),
    ("NimSum", &[&["that"]]),
    ("NimValueSequence", &[&["toHeapSize"]]),
    ("NimValueTable", &[&["maxRow", "maxCol"]]),
    ("NortonProduct", &[&["that"]]),
    ("Options", &[&["player"]]),
    ("OrdinalProduct", &[&["that"]]),
    ("Overheat", &[&["s", "t"]]),
    ("Parse", &[&["str"], &["str", "charMap"], &["str", "vertexLabels?", "edgeLabels?"]]),
    ("PartizanJoin", &[&["that"]]),
    ("PartizanSplittles", &[&["leftSet", "rightSet", "allbut?"]]),
    ("PartizanSubtraction", &[&["leftSet", "rightSet", "allbut?"]]),
    ("PartizanTakeAndBreak", &[&["leftCode", "rightCode"]]),
    ("Path", &[&["n", "vertexLabel?", "edgeLabel?"]]),
    ("PeriodicTable", &[&["period"]]),
    ("Permuted", &[&["symmetry"]]),
    ("Position", &[&["graph"], &["grid"]]),
    ("Pow", &[&["x"]]),
    ("PowTo", &[&["x"]]),
    ("Print", &[&["obj"]]),
    ("Put", &[&["key", "value"]]),
    ("PutAll", &[&["entries"]]),
    ("Remove", &[&["element"], &["key"]]),
    ("RemoveAll", &[&["elements"], &["keys"]]),
    ("RemoveAt", &[&["index"]]),
    ("Replace", &[&["target", "replacement"]]),
    ("ReplaceRegex", &[&["regex", "replacement"]]),
    ("Replaced", &[&["replacements"]]),
    ("RetainVertices", &[&["vertices"]]),
    ("SelectiveSum", &[&["that"]]),
    ("SensibleLines", &[&["player"]]),
    ("SensibleOptions", &[&["player"]]),
    ("Singleton", &[&["vertexLabel?"]]),
    ("SortWith", &[&["fn"]]),
    ("SortedWith", &[&["fn"]]),
    ("Splittles", &[&["subtset", "allbut?"]]),
    ("Star", &[&["n", "vertexLabel?", "edgeLabel?"]]),
    ("Stop", &[&["player"]]),
    ("StrongStop", &[&["player"]]),
    ("Subgrid", &[&["northwest", "southeast"]]),
    ("Sublist", &[&["first", "last"]]),
    ("Subordinate", &[&["base"]]),
    ("Substring", &[&["startIndex", "endIndex"]]),
    ("Substrip", &[&["first", "last"]]),
    ("Subtraction", &[&["subtset", "allbut?"]]),
    ("Sum", &[&["elements"]]),
    ("SymmetryInvariant", &[&["symmetries"]]),
    ("Take", &[&["n"]]),
    ("TakeAway", &[&["limit"]]),
    ("Tiny", &[&["G"]]),
    ("ToString", &[&["charMap"], &["vertexLabels?", "edgeLabels?"]]),
    ("UglyProduct", &[&["that"]]),
    ("Union", &[&["that"]]),
    ("Update", &[&["index", "element"]]),
    (
        "Updated",
        &[&["coord", "newValue"], &["index", "newValue"], &["index", "value"], &["key", "value"], &["newValues"]],
    ),
    ("UpdatedRange", &[&["first", "last", "newValue"]]),
    ("UpdatedVertexLabels", &[&["updates"]]),
    ("Upsum", &[&["that"]]),
    ("UpsumVariety", &[&["deg"]]),
    ("ValidateGeese", &[&["geese"]]),
    ("ValuesTable", &[&["geese"]]),
    ("Wall", &[&["player"]]),
];

/// The positional arguments of a member call `name(args…, named…)`: named arguments placed at their
/// parameters' positions (CGSuite's rules: a name used by a positional argument, an unknown name or a missing
/// required parameter is an error). `function` names the member in errors.
pub fn place_named(
    function: &str,
    args: Vec<Value>,
    spans: Vec<Span>,
    named: &[(Ident, Value, Span)],
) -> Result<(Vec<Value>, Vec<Span>), EvalError> {
    let invalid = |n: &Ident| {
        let kind = ErrorKind::InvalidParameterName { function: Some(function.to_string()), name: n.name.to_string() };
        EvalError::new(kind, n.span)
    };
    let alts = PARAMS.iter().find(|(m, _)| *m == function).map_or(&[][..], |(_, a)| *a);
    let bare = |p: &str| p.trim_end_matches('?').to_string();
    let Some(params) = alts.iter().find(|ps| named.iter().all(|(n, _, _)| ps.iter().any(|p| bare(p) == *n.name)))
    else {
        let first_bad = named
            .iter()
            .find(|(n, _, _)| !alts.iter().any(|ps| ps.iter().any(|p| bare(p) == *n.name)))
            .unwrap_or(&named[0]);
        return Err(invalid(&first_bad.0));
    };
    if args.len() + named.len() > params.len() {
        let kind = ErrorKind::TooManyArguments { got: args.len() + named.len(), most: params.len() };
        return Err(EvalError::new(kind, named[0].0.span));
    }
    let mut slots: Vec<Option<(Value, Span)>> = args.into_iter().zip(spans).map(Some).collect();
    slots.resize(params.len(), None);
    for (n, v, span) in named {
        let i = params.iter().position(|p| bare(p) == *n.name).unwrap_or_else(|| unreachable!("checked above"));
        if slots[i].is_some() {
            let kind = ErrorKind::NamedShadowsPositional { name: n.name.to_string() };
            return Err(EvalError::new(kind, n.span));
        }
        slots[i] = Some((v.clone(), *span));
    }
    let last = slots.iter().rposition(Option::is_some).map_or(0, |i| i + 1);
    let mut vals = Vec::with_capacity(last);
    let mut out_spans = Vec::with_capacity(last);
    for (p, s) in params.iter().zip(slots).take(last) {
        match s {
            Some((v, span)) => {
                vals.push(v);
                out_spans.push(span);
            }
            // A skipped optional parameter before a named one is `Nothing`, which the member reads as absent
            // (`Graph.Parse("lr", edgeLabels => m)`, as in CGSuite).
            None if p.ends_with('?') => {
                vals.push(Value::Nothing);
                out_spans.push(named[0].0.span);
            }
            None => {
                let kind = ErrorKind::MissingParameter { name: bare(p) };
                return Err(EvalError::new(kind, named[0].0.span));
            }
        }
    }
    // A required parameter after the last given one is left to the member's arity check.
    Ok((vals, out_spans))
}

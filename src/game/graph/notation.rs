//! CGSuite's graph notation. Grammar (as CGSuite's `GraphParser`): a graph is trees separated by `;`; a
//! tree is a vertex followed by a chain: an edge (`-`, or an edge-label token, optionally followed by `>`
//! or `<` for a directed edge) then the next vertex, or `(` chains separated by `;` `)` for branches. A
//! vertex is an optional label token (or `.`), then optionally `:` and a name; a name seen before is the
//! same vertex. Tokens are single characters, or `{...}` for longer strings; spaces are ignored. cgs also
//! reads a vertex token right after a vertex (no edge between) as the start of a new tree, where CGSuite
//! fails ("key not found"), so `.-. .` is an edge and a lone vertex.
//!
//! The printer is CGSuite's: a depth-first spanning forest from each vertex not yet reached, vertices
//! reached twice named `A`, `B`, … (then `v26`, …), branches in parentheses, labels longer than one
//! character in braces, and a lone unlabelled vertex printed as `.`.

use super::{Edge, Graph, GraphError, Vertex};

fn invalid(detail: &str) -> GraphError {
    GraphError::Invalid(format!("Invalid graph specification{detail}"))
}

fn tokenize(s: &str) -> Result<Vec<String>, GraphError> {
    let chars: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            ' ' => i += 1,
            '{' => {
                let end = chars[i + 1..].iter().position(|&c| c == '}').ok_or_else(|| invalid("."))? + i + 1;
                out.push(chars[i + 1..end].iter().collect());
                i = end + 1;
            }
            c => {
                out.push(c.to_string());
                i += 1;
            }
        }
    }
    Ok(out)
}

struct Parser<'a, V, E> {
    toks: Vec<String>,
    pos: usize,
    vlabel: &'a dyn Fn(&str) -> Option<V>,
    elabel: &'a dyn Fn(&str) -> Option<E>,
    allow_directed: bool,
    labels: Vec<V>,
    edges: Vec<Vec<Edge<E>>>,
    names: Vec<(String, usize)>,
    depth: usize,
}

impl<V: Clone + Eq, E: Clone> Parser<'_, V, E> {
    fn head(&self) -> Option<&str> {
        self.toks.get(self.pos).map(|s| s.as_str())
    }

    fn edge_label(&self, s: &str) -> Result<E, GraphError> {
        (self.elabel)(s).ok_or_else(|| GraphError::Invalid(format!("key not found: {s}")))
    }

    fn chain(&mut self, prec: Option<usize>) -> Result<(), GraphError> {
        self.depth += 1;
        if self.depth > 10_000 {
            return Err(invalid(": too deeply nested"));
        }
        let r = self.chain_inner(prec);
        self.depth -= 1;
        r
    }

    fn chain_inner(&mut self, prec: Option<usize>) -> Result<(), GraphError> {
        let mut prec = prec;
        loop {
            let Some(head) = self.head().map(str::to_string) else { return Ok(()) };
            let (mut inedge, mut outedge) = (true, true);
            let mut label = None;
            if let Some(p) = prec {
                if head == "(" {
                    loop {
                        self.pos += 1;
                        self.chain(Some(p))?;
                        if self.head() != Some(";") {
                            break;
                        }
                    }
                    if self.head() != Some(")") {
                        return Err(invalid(": Unmatched `(`"));
                    }
                    self.pos += 1;
                    return Ok(());
                }
                match head.as_str() {
                    "-" => label = Some(self.edge_label("")?),
                    ">" => {
                        inedge = false;
                        label = Some(self.edge_label("")?)
                    }
                    "<" => {
                        outedge = false;
                        label = Some(self.edge_label("")?)
                    }
                    ";" | ")" => return Ok(()),
                    // cgs extension: a vertex right after a vertex (`.-. .`, spaces being ignored) starts a new
                    // tree, where CGSuite reports the token as an unknown edge label.
                    x if (self.elabel)(x).is_none() && (x == "." || (self.vlabel)(x).is_some()) => return Ok(()),
                    x => {
                        label = Some(self.edge_label(x)?);
                        match self.toks.get(self.pos + 1).map(|s| s.as_str()) {
                            Some(">") => {
                                inedge = false;
                                self.pos += 1
                            }
                            Some("<") => {
                                outedge = false;
                                self.pos += 1
                            }
                            _ => {}
                        }
                    }
                }
                self.pos += 1;
                if !self.allow_directed && inedge != outedge {
                    return Err(invalid(": Directed graph edges are not allowed here"));
                }
            }
            let vl = match self.head().and_then(|h| (self.vlabel)(h)) {
                Some(l) => {
                    self.pos += 1;
                    l
                }
                None => {
                    if self.head() == Some(".") {
                        self.pos += 1;
                    }
                    (self.vlabel)("").ok_or_else(|| GraphError::Invalid("key not found: ".to_string()))?
                }
            };
            let mut name = None;
            if self.head() == Some(":") {
                name = Some(self.toks.get(self.pos + 1).cloned().ok_or_else(|| invalid("."))?);
                self.pos += 2;
            }
            let existing = name.as_ref().and_then(|n| self.names.iter().find(|(m, _)| m == n).map(|&(_, v)| v));
            let vertex = match existing {
                Some(v) => {
                    if self.labels[v] != vl {
                        return Err(invalid(": The same named vertex has multiple distinct labels"));
                    }
                    v
                }
                None => {
                    let v = self.labels.len();
                    if v >= super::MAX_VERTICES {
                        return Err(GraphError::TooLarge(v + 1));
                    }
                    self.labels.push(vl);
                    self.edges.push(Vec::new());
                    if let Some(n) = name {
                        self.names.push((n, v));
                    }
                    v
                }
            };
            if let (Some(p), Some(l)) = (prec, label) {
                if outedge {
                    self.edges[p].push(Edge { to: vertex, label: l.clone() });
                }
                if inedge && (!outedge || p != vertex) {
                    self.edges[vertex].push(Edge { to: p, label: l });
                }
            }
            prec = Some(vertex);
        }
    }
}

/// Parses CGSuite's notation. `vlabel`/`elabel` map a label token to a label (`""` is the default label;
/// a token they do not map is not a vertex label, and for edges an error, as CGSuite).
pub fn parse<V: Clone + Eq, E: Clone>(
    s: &str,
    vlabel: &dyn Fn(&str) -> Option<V>,
    elabel: &dyn Fn(&str) -> Option<E>,
    allow_directed: bool,
) -> Result<Graph<V, E>, GraphError> {
    let mut p = Parser {
        toks: tokenize(s)?,
        pos: 0,
        vlabel,
        elabel,
        allow_directed,
        labels: Vec::new(),
        edges: Vec::new(),
        names: Vec::new(),
        depth: 0,
    };
    p.chain(None)?;
    while p.pos < p.toks.len() {
        match p.head() {
            Some(";") => p.pos += 1,
            // The extension above: a new tree starts at this vertex.
            Some(x) if x == "." || (p.vlabel)(x).is_some() => {}
            _ => return Err(invalid(".")),
        }
        p.chain(None)?;
    }
    Ok(Graph { vertices: p.labels.into_iter().zip(p.edges).map(|(label, edges)| Vertex { label, edges }).collect() })
}

struct Tree<E> {
    vertex: usize,
    children: Vec<(Tree<E>, E, bool)>,
}

fn append(out: &mut String, s: &str) {
    if s.chars().count() > 1 {
        out.push('{');
        out.push_str(s);
        out.push('}');
    } else {
        out.push_str(s);
    }
}

/// Prints a graph in CGSuite's notation (without the `Graph("...")` wrapper).
pub fn to_notation<V, E: Clone + PartialEq>(
    g: &Graph<V, E>,
    vstr: &dyn Fn(&V) -> String,
    estr: &dyn Fn(&E) -> String,
) -> String {
    let n = g.vertices.len();
    let mut remaining: Vec<std::collections::VecDeque<Edge<E>>> =
        g.vertices.iter().map(|v| v.edges.iter().cloned().collect()).collect();
    let mut refs = vec![0usize; n];
    // Iterative treeify would be safer for huge paths; graphs are capped at MAX_VERTICES.
    fn treeify<E: Clone + PartialEq>(
        v: usize,
        rem: &mut [std::collections::VecDeque<Edge<E>>],
        refs: &mut [usize],
    ) -> Tree<E> {
        refs[v] += 1;
        let mut children = Vec::new();
        if refs[v] == 1 {
            while let Some(e) = rem[v].pop_front() {
                let mut directed = false;
                if e.to != v {
                    if let Some(j) = rem[e.to].iter().position(|b| b.to == v && b.label == e.label) {
                        rem[e.to].remove(j);
                    } else {
                        directed = true;
                    }
                }
                children.push((treeify(e.to, rem, refs), e.label, directed));
            }
        }
        Tree { vertex: v, children }
    }
    let mut trees = Vec::new();
    for v in 0..n {
        if refs[v] == 0 {
            trees.push(treeify(v, &mut remaining, &mut refs));
        }
    }
    let mut names: Vec<(usize, String)> = Vec::new();
    let mut parts = Vec::new();
    for t in &trees {
        let mut out = String::new();
        stringify(g, t, &refs, vstr, estr, &mut names, &mut out);
        parts.push(if out.is_empty() { ".".to_string() } else { out });
    }
    parts.join(";")
}

fn stringify<V, E>(
    g: &Graph<V, E>,
    t: &Tree<E>,
    refs: &[usize],
    vstr: &dyn Fn(&V) -> String,
    estr: &dyn Fn(&E) -> String,
    names: &mut Vec<(usize, String)>,
    out: &mut String,
) {
    append(out, &vstr(&g.vertices[t.vertex].label));
    if refs[t.vertex] > 1 {
        out.push(':');
        let name = match names.iter().find(|(v, _)| *v == t.vertex) {
            Some((_, s)) => s.clone(),
            None => {
                let k = names.len();
                let s = if k < 26 { ((b'A' + k as u8) as char).to_string() } else { format!("v{k}") };
                names.push((t.vertex, s.clone()));
                s
            }
        };
        append(out, &name);
    }
    if t.children.len() > 1 {
        out.push('(');
    }
    for (i, (sub, label, directed)) in t.children.iter().enumerate() {
        let ls = estr(label);
        if !directed && ls.is_empty() {
            out.push('-');
        }
        append(out, &ls);
        if *directed {
            out.push('>');
        }
        stringify(g, sub, refs, vstr, estr, names, out);
        if i + 1 < t.children.len() {
            out.push(';');
        }
    }
    if t.children.len() > 1 {
        out.push(')');
    }
}

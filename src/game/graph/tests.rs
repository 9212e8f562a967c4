//! Unit tests of the graph engine. Printed forms are CGSuite 2.2's (`cgsuite-eval`, cited per test).

use super::canon::{canonical_key, canonical_key_rooted};
use super::notation::{parse, to_notation};
use super::*;

type G = Graph<(), ()>;

fn p(s: &str) -> Result<G, GraphError> {
    parse(s, &|t: &str| t.is_empty().then_some(()), &|t: &str| t.is_empty().then_some(()), false)
}

fn show(g: &G) -> String {
    to_notation(g, &|_| String::new(), &|_| String::new())
}

/// Coloured graphs: vertex labels are letters, edge labels `L`, `R` or unlabelled.
fn pc(s: &str) -> Graph<String, String> {
    parse(
        s,
        &|t: &str| (t.is_empty() || t.chars().all(|c| c.is_ascii_lowercase())).then(|| t.to_string()),
        &|t: &str| ["", "L", "R"].contains(&t).then(|| t.to_string()),
        true,
    )
    .unwrap()
}

fn showc(g: &Graph<String, String>) -> String {
    to_notation(g, &|v: &String| v.clone(), &|e: &String| e.clone())
}

#[test]
fn constructors_print_as_cgsuite() {
    // cgsuite-eval: Graph.Cycle(5), Graph.Path(4), Graph.Star(4), Graph.Clique(4), Graph.Cycle(1), Graph.Empty
    assert_eq!(show(&G::cycle(5, (), ()).unwrap()), ":A-----:A");
    assert_eq!(show(&G::path(4, (), ()).unwrap()), "---");
    assert_eq!(show(&G::star(4, (), ()).unwrap()), "(-;-;-)");
    assert_eq!(show(&G::clique(4, (), ()).unwrap()), ":A-:B-(-:A;-(-:A;-:B))");
    assert_eq!(show(&G::cycle(1, (), ()).unwrap()), ":A-:A");
    assert_eq!(show(&G::empty()), "");
    // cgsuite-eval: Graph.FromAdjacencyList([[2,3],[1],[1]]) == Graph("(-;-)")
    assert_eq!(show(&G::from_adjacency_list(&[vec![1, 2], vec![0], vec![0]], (), ()).unwrap()), "(-;-)");
    assert!(G::clique(MAX_VERTICES + 1, (), ()).is_err());
}

#[test]
fn parse_and_print_as_cgsuite() {
    // cgsuite-eval outputs for Graph("...") of each input.
    for (input, printed) in [
        ("-(-;-;-)", "-(-;-;-)"),
        (".;.", ".;."),
        ("-;-", "-;-"),
        (":A-:B-:A-:B", ":A-(-:A;-:A)"),
        ("-", "-"),
        (".", "."),
    ] {
        assert_eq!(show(&p(input).unwrap()), printed, "{input}");
    }
    // cgsuite-eval: Graph("-x") -> key not found: x (an unknown token after a vertex). CGSuite also refuses
    // Graph("..") so ("key not found: ."), which cgs reads as two vertices (see the test below).
    assert_eq!(p("-x").unwrap_err().to_string(), "key not found: x");
    assert!(p("-(-").is_err());
    assert!(p("{ab").is_err());
    assert!(p(">").is_err(), "directed edges are refused in an undirected graph");
}

#[test]
fn members() {
    let c5 = G::cycle(5, (), ()).unwrap();
    // cgsuite-eval: Graph.Cycle(5).EdgeCount == 5
    assert_eq!(c5.edge_count(), 5);
    assert!(c5.is_connected() && c5.is_simple());
    // cgsuite-eval: Graph("-(-;-)").DeleteVertex(1) == Graph("(-;-)") (vertex 1 of a path of 4 is an end)
    assert_eq!(show(&p("-(-;-)").unwrap().delete_vertex(0).unwrap()), "(-;-)");
    // cgsuite-eval: Graph("-").AdjacencyList == [[2],[1]]
    assert_eq!(p("-").unwrap().adjacency_list(), vec![vec![1], vec![0]]);
    let two = p("-;--").unwrap();
    assert!(!two.is_connected());
    let comps = two.connected_components();
    assert_eq!(comps.len(), 2);
    assert_eq!((comps[0].vertex_count(), comps[1].vertex_count()), (2, 3));
    assert_eq!(two.connected_component(3).unwrap().vertex_count(), 3);
    // Deleting the middle of a path splits it; deleting an edge of a cycle gives a path.
    assert_eq!(G::path(5, (), ()).unwrap().delete_vertex(2).unwrap().connected_components().len(), 2);
    let c5e = c5.delete_edge_by_index(0, 0).unwrap();
    assert_eq!(c5e.edge_count(), 4);
    assert!(c5e.is_connected());
    assert_eq!(c5.delete_vertex(7).unwrap_err().to_string(), "Vertex is out of bounds: 8");
    assert_eq!(c5.delete_edge_by_index(0, 2).unwrap_err().to_string(), "Edge is out of bounds: 3");
    // Cycle(5) restricted to vertices 1..3 is Path(3), with the same edge order (vertex 2 lists 1 then 3).
    assert_eq!(c5.retain_vertices(&[0, 1, 2]).unwrap(), G::path(3, (), ()).unwrap());
}

#[test]
fn decomposition_cuts_at_boundary_labels() {
    let g = pc("a-b-a-a;b");
    let parts = g.decomposition(&"b".to_string());
    assert_eq!(parts.iter().map(|h| h.vertex_count()).collect::<Vec<_>>(), vec![1, 2]);
}

#[test]
fn labelled_and_directed_round_trip() {
    for s in ["aLb", "a(R-b;L>c)", "{xy}-b", ":A-b-:A", "a>b>c", ".;a;b-c"] {
        let g = pc(s);
        let printed = showc(&g);
        assert_eq!(pc(&printed), g, "{s} printed as {printed}");
    }
    // A directed edge prints with `>`.
    assert_eq!(showc(&pc("a>b")), "a>b");
}

/// Property test: print → parse gives the same graph, for pseudo-random multigraphs with loops and labels.
#[test]
fn notation_round_trip_property() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    };
    for _ in 0..500 {
        let n = next(7) as usize;
        let mut g: Graph<String, String> = Graph {
            vertices: (0..n)
                .map(|_| Vertex { label: ["", "a", "b"][next(3) as usize].to_string(), edges: Vec::new() })
                .collect(),
        };
        if n > 0 {
            for _ in 0..next(10) {
                let (a, b) = (next(n as u64) as usize, next(n as u64) as usize);
                let l = ["", "L", "R"][next(3) as usize].to_string();
                g.vertices[a].edges.push(Edge { to: b, label: l.clone() });
                if a != b {
                    g.vertices[b].edges.push(Edge { to: a, label: l });
                }
            }
        }
        let printed = showc(&g);
        let back = pc(&printed);
        // Parsing renumbers vertices in order of appearance; compare canonical keys and sizes.
        assert_eq!(canonical_key(&back), canonical_key(&g), "{printed}");
        // And printing is stable: parse(print(g)) prints the same.
        assert_eq!(showc(&back), printed);
    }
}

#[test]
fn canonical_key_is_isomorphism_invariant() {
    // Two numberings of the path on 4 vertices.
    let a = p("---").unwrap();
    let b = G::from_adjacency_list(&[vec![2], vec![3], vec![0, 3], vec![2, 1]], (), ()).unwrap();
    assert_ne!(a, b);
    assert_eq!(canonical_key(&a), canonical_key(&b));
    // Star(4) and Path(4) both have 3 edges but are not isomorphic.
    assert_ne!(canonical_key(&a), canonical_key(&G::star(4, (), ()).unwrap()));
    // Labels count: a path coloured L-R differs from R-R, and L-R equals R-L reversed.
    assert_eq!(canonical_key(&pc("aL.R.")), canonical_key(&pc(".R.La")));
    assert_ne!(canonical_key(&pc("aL.R.")), canonical_key(&pc("aR.L.")));
    // Symmetric graphs finish quickly: a 16-clique, 16 isolated vertices, a 16-cycle, the Petersen graph.
    let k16 = G::clique(16, (), ()).unwrap();
    assert_eq!(canonical_key(&k16).edge_count(), 120);
    let e16 = G::from_adjacency_list(&vec![Vec::new(); 16], (), ()).unwrap();
    assert_eq!(canonical_key(&e16), e16);
    let c16 = G::cycle(16, (), ()).unwrap();
    let rot: Vec<Vec<usize>> = (0..16).map(|i| vec![(i + 5) % 16, (i + 11) % 16]).collect();
    // i ~ i±5 (mod 16) is again a 16-cycle, since gcd(5, 16) = 1.
    assert_eq!(canonical_key(&c16), canonical_key(&G::from_adjacency_list(&rot, (), ()).unwrap()));
    let mut pet = vec![Vec::new(); 10];
    let mut join = |a: usize, b: usize| {
        pet[a].push(b);
        pet[b].push(a);
    };
    for i in 0..5 {
        join(i, (i + 1) % 5);
        join(i, i + 5);
        join(i + 5, (i + 2) % 5 + 5);
    }
    let pg = G::from_adjacency_list(&pet, (), ()).unwrap();
    let perm = [3usize, 7, 1, 9, 0, 5, 2, 8, 6, 4];
    let relabelled: Vec<Vec<usize>> =
        (0..10).map(|i| pet[perm.iter().position(|&x| x == i).unwrap()].iter().map(|&t| perm[t]).collect()).collect();
    assert_eq!(canonical_key(&pg), canonical_key(&G::from_adjacency_list(&relabelled, (), ()).unwrap()));
}

#[test]
fn rooted_canonical_key_fixes_the_root() {
    // Path a-b-c rooted at an end and rooted at the middle are different rooted graphs (hand: an automorphism
    // must map the root to the root, and an end vertex has degree 1, the middle 2).
    let path = p("--").unwrap();
    let end = canonical_key_rooted(&path, Some(0));
    let mid = canonical_key_rooted(&path, Some(1));
    assert_ne!(end, mid);
    // The root becomes vertex 0 and keeps its degree.
    assert_eq!(end.vertices[0].edges.len(), 1);
    assert_eq!(mid.vertices[0].edges.len(), 2);
    // Rooted at either end, the path gives one key (the reversal maps one end to the other).
    assert_eq!(end, canonical_key_rooted(&path, Some(2)));
    // A star rooted at a leaf: every leaf gives the same key.
    let star = G::star(5, (), ()).unwrap();
    let k = canonical_key_rooted(&star, Some(1));
    for leaf in 2..5 {
        assert_eq!(canonical_key_rooted(&star, Some(leaf)), k);
    }
    assert_ne!(canonical_key_rooted(&star, Some(0)), k);
}

#[test]
fn a_vertex_after_a_vertex_starts_a_new_tree() {
    // cgs extension (CGSuite: "key not found: ."): `.-. .-.` reads as `.-.;.-.` (spaces are ignored).
    assert_eq!(p(".-. .-.").unwrap(), p(".-.;.-.").unwrap());
    assert_eq!(show(&p(".-...").unwrap()), "-;.;.");
    // Labelled vertices too: `aL.R.b.` has an edge a-L-. then a lone b... (edge labels L, R take precedence).
    assert_eq!(showc(&pc("a-b c")), "a-b;c");
    // Inside brackets it is still an error (CGSuite's message).
    assert!(p(".(-. .)").is_err());
}

#[test]
fn constructors_are_capped() {
    // A clique of 4096 vertices would hold 8,386,560 edges (n(n-1)/2): refused, not gigabytes.
    assert_eq!(G::clique(4096, (), ()).unwrap_err(), GraphError::TooManyEdges(8_386_560));
    assert_eq!(G::clique(1024, (), ()).unwrap().edge_count(), 523_776);
    assert!(G::path(MAX_VERTICES + 1, (), ()).is_err());
}

#[test]
fn canonical_labelling_polls_the_interrupt() {
    // Ctrl-C sets the workspace's flag; the labelling of a 200-cycle must unwind with `Interrupted` at its
    // next polling point instead of running to the end (issue 36 row 12). On its own thread: the flag is
    // per thread.
    std::thread::spawn(|| {
        let g = G::cycle(200, (), ()).unwrap();
        let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        crate::game::budget::set_interrupt_flag(Some(flag.clone()));
        let plain = canonical_key(&g);
        flag.store(true, std::sync::atomic::Ordering::SeqCst);
        let stopped = std::panic::catch_unwind(|| canonical_key(&g));
        assert!(stopped.err().is_some_and(|p| p.is::<crate::game::short::store::Interrupted>()));
        flag.store(false, std::sync::atomic::Ordering::SeqCst);
        assert_eq!(canonical_key(&g), plain);
    })
    .join()
    .unwrap();
}

//! Graph games (issue 18, item 4): Col, Snort and Hackenbush on 16-vertex graphs through their native solvers
//! (the stdlib's `Shortcut` hooks), and the same rulesets played by their script rules alone
//! (`CanonicalFormByRules`) on a 12-vertex graph, the size the script version still does in seconds.
//! `cargo bench --bench graphs`.

mod support;

use criterion::{criterion_group, criterion_main, Criterion};

/// The r x c grid graph as `Graph.FromAdjacencyList`.
macro_rules! grid {
    ($r:literal, $c:literal) => {
        concat!(
            "Graph.FromAdjacencyList([[q + d for d in [-",
            $c,
            ", ",
            $c,
            ", -1, 1] where q + d >= 1 and q + d <= ",
            $r,
            " * ",
            $c,
            " and not (d == 1 and q % ",
            $c,
            " == 0) and not (d == -1 and q % ",
            $c,
            " == 1)] for q from 1 to ",
            $r,
            " * ",
            $c,
            "])"
        )
    };
}

macro_rules! hackenbush16 {
    () => {
        "lr:A(rl:B;lrl:C(lr:A;rr:B;e));lrl(r:B;l:C;r)"
    };
}

const CASES: &[(&str, &str)] = &[
    ("col_grid4x4_native", concat!("Col(", grid!(4, 4), ").CanonicalForm")),
    ("snort_grid4x4_native", concat!("Snort(", grid!(4, 4), ").CanonicalForm")),
    ("snort_cycle16_native", "Snort(Graph.Cycle(16)).CanonicalForm"),
    // 16 vertices (the ground among them), 18 edges of all three colours; 19/64* (CGSuite 2.2).
    ("hackenbush_16v_native", concat!("Hackenbush(\"", hackenbush16!(), "\").CanonicalForm")),
    ("hackenbush_16v_script", concat!("Hackenbush(\"", hackenbush16!(), "\").CanonicalFormByRules")),
    ("col_grid3x4_native", concat!("Col(", grid!(3, 4), ").CanonicalForm")),
    ("col_grid3x4_script", concat!("Col(", grid!(3, 4), ").CanonicalFormByRules")),
    ("snort_grid3x4_native", concat!("Snort(", grid!(3, 4), ").CanonicalForm")),
    ("snort_grid3x4_script", concat!("Snort(", grid!(3, 4), ").CanonicalFormByRules")),
];

fn graphs(c: &mut Criterion) {
    support::bench_cases(c, "graphs", CASES);
}

criterion_group!(benches, graphs);
criterion_main!(benches);

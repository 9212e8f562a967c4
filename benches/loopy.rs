//! Benchmarks of loopy games (issue 14, item 7), run as a user runs them: the text typed, evaluated by a fresh
//! interpreter (stdlib loaded, empty arena and memo tables) through the script runner of `cgs FILE`.
//!
//! `10*upon` (sums of stoppers by doubling), Bach's carousel plus 1 (sides that are not stoppers: the
//! side-aware comparison and CGSuite's simplification), and Fox and Geese from CGSuite's test position
//! (a cycling script ruleset valued by strongly connected components). `cargo bench --bench loopy`.

mod support;

use criterion::{criterion_group, criterion_main, Criterion};

const CASES: &[(&str, &str)] = &[
    ("ten_upon", "10*upon"),
    ("bach_plus_one", "a<0,<1|1,<*,<1+*|1+*,a>|*>>|0> + 1"),
    ("fox_and_geese_row4", "FoxAndGeese({(4,2),(4,4),(4,6),(4,8)}, (1,1)).GameValue"),
];

fn loopy(c: &mut Criterion) {
    support::bench_cases(c, "loopy", CASES);
}

criterion_group!(benches, loopy);
criterion_main!(benches);

//! Benchmarks of loopy games (issue 14, item 7), run as a user runs them: the text typed, evaluated by a fresh
//! interpreter (stdlib loaded, empty arena and memo tables) through the script runner of `cgs FILE`.
//!
//! `10*upon` (sums of stoppers by doubling), Bach's carousel plus 1 (sides that are not stoppers: the
//! side-aware comparison and CGSuite's simplification), and Fox and Geese from CGSuite's test position
//! (a cycling script ruleset valued by strongly connected components). `cargo bench --bench loopy`.

use cgs::interp::with_big_stack;
use cgs::repl::script::run_script;
use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;

/// Evaluates `text` in a fresh interpreter on a big-stack thread and returns what it printed.
fn run(text: &'static str) -> String {
    with_big_stack(move || {
        let mut interp = cgs::new_interpreter();
        let (out, err, code) = run_script(&mut interp, "bench.cgs", text);
        assert_eq!(code, 0, "{err}");
        out
    })
}

const CASES: &[(&str, &str)] = &[
    ("ten_upon", "10*upon"),
    ("bach_plus_one", "a<0,<1|1,<*,<1+*|1+*,a>|*>>|0> + 1"),
    ("fox_and_geese_row4", "FoxAndGeese({(4,2),(4,4),(4,6),(4,8)}, (1,1)).GameValue"),
];

fn loopy(c: &mut Criterion) {
    let mut group = c.benchmark_group("loopy");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(1));
    group.measurement_time(Duration::from_secs(1));
    for (name, text) in CASES {
        group.bench_function(*name, |b| b.iter(|| run(text)));
    }
    group.finish();
}

criterion_group!(benches, loopy);
criterion_main!(benches);

//! Benchmarks of the stdlib rulesets (issue 4, item 6), run as a user runs them: the text a user types,
//! evaluated by a fresh interpreter (stdlib loaded, empty memo tables) through the script runner of `cgs FILE`.
//!
//! Targets: empty Domineering 5×5 under 1.6 s, 4×7 under 10.2 s, 3×8 with its temperature under 0.55 s;
//! `ToadsAndFrogs("ttttttt...fffffff")` under 2.4 s. Sample counts are the minimum criterion allows, so
//! `cargo bench --bench rulesets` takes a few minutes.

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
    ("domineering_5x5", "Domineering(\".....|.....|.....|.....|.....\").CanonicalForm"),
    ("domineering_3x8_temperature", "Domineering(\"........|........|........\").Temperature"),
    ("toads_ttttttt...fffffff", "ToadsAndFrogs(\"ttttttt...fffffff\").CanonicalForm"),
    ("domineering_4x7", "Domineering(\".......|.......|.......|.......\").CanonicalForm"),
];

fn rulesets(c: &mut Criterion) {
    let mut group = c.benchmark_group("rulesets");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(1));
    group.measurement_time(Duration::from_secs(1));
    for (name, text) in CASES {
        group.bench_function(*name, |b| b.iter(|| run(text)));
    }
    group.finish();
}

criterion_group!(benches, rulesets);
criterion_main!(benches);

//! Benchmarks of the stdlib rulesets (issue 4, item 6), run as a user runs them: the text a user types,
//! evaluated by a fresh interpreter (stdlib loaded, empty memo tables) through the script runner of `cgs FILE`.
//!
//! Targets: empty Domineering 5×5 under 1.6 s, 4×7 under 10.2 s, 3×8 with its temperature under 0.55 s;
//! `ToadsAndFrogs("ttttttt...fffffff")` under 2.4 s. Sample counts are the minimum criterion allows, so
//! `cargo bench --bench rulesets` takes a few minutes.

mod support;

use criterion::{criterion_group, criterion_main, Criterion};

const CASES: &[(&str, &str)] = &[
    ("domineering_5x5", "Domineering(\".....|.....|.....|.....|.....\").CanonicalForm"),
    ("domineering_3x8_temperature", "Domineering(\"........|........|........\").Temperature"),
    ("toads_ttttttt...fffffff", "ToadsAndFrogs(\"ttttttt...fffffff\").CanonicalForm"),
    ("domineering_4x7", "Domineering(\".......|.......|.......|.......\").CanonicalForm"),
];

fn rulesets(c: &mut Criterion) {
    support::bench_cases(c, "rulesets", CASES);
}

criterion_group!(benches, rulesets);
criterion_main!(benches);

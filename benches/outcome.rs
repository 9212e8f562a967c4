//! Benchmarks of issue 20, run as a user runs them: the text typed, evaluated by a fresh interpreter (stdlib
//! loaded, empty arena and memo tables) through the script runner of `cgs FILE`.
//!
//! - Clobber `(xo)^n` outcome classes (the outcome solver of `src/ruleset/outcome.rs`), n = 16, 18, 20, 22, 24;
//! - the three-strip sum `(xo)^8 + (xo)^9 + (xo)^10`, as an outcome class;
//! - Domineering 4×6 by its script rules (`ByRules`: the stdlib's `Options`, the native `Shortcut` off);
//! - start-up: a fresh interpreter evaluating `0` (what `cgs -e 0` does besides process creation).
//!
//! Figures and the machine: `docs/PERFORMANCE.md`. `cargo bench --bench outcome`.

mod support;

use criterion::{criterion_group, criterion_main, Criterion};

const CASES: &[(&str, &str)] = &[
    ("startup_eval_0", "0"),
    ("clobber_xo16_outcome", "Clobber(\"xoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxo\").OutcomeClass"),
    ("clobber_xo18_outcome", "Clobber(\"xoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxo\").OutcomeClass"),
    ("clobber_xo20_outcome", "Clobber(\"xoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxo\").OutcomeClass"),
    ("clobber_xo22_outcome", "Clobber(\"xoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxo\").OutcomeClass"),
    ("clobber_xo24_outcome", "Clobber(\"xoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxo\").OutcomeClass"),
    (
        "clobber_three_strips_outcome",
        "(Clobber(\"xoxoxoxoxoxoxoxo\") + Clobber(\"xoxoxoxoxoxoxoxoxo\") + Clobber(\"xoxoxoxoxoxoxoxoxoxo\")).OutcomeClass",
    ),
    ("script_domineering_4x6", "ByRules(Domineering(\"......|......|......|......\")).CanonicalForm"),
];

fn outcome(c: &mut Criterion) {
    support::bench_cases(c, "outcome", CASES);
}

criterion_group!(benches, outcome);
criterion_main!(benches);

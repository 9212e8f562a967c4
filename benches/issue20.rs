//! The benchmarks of issue 20 (speed where cgs lagged), beside `outcome.rs` (Clobber sums, the three-strip
//! sum):
//! - script rulesets: Domineering 4×6 and 5×5 by the stdlib's script rules (`ByRules`: the native `Shortcut`
//!   off, every value from `Options`), and the stdlib's Konane (script only) on a 4×6 board;
//! - the native Domineering solver on the empty 6×6 board (minutes: run it with `-- domineering_6x6`);
//! - the comparison core (`Games::leq`, `Games::new_game`): the canonical forms of Domineering 4×7 (answer
//!   `1`) and of the Clobber strip (xo)^16, both dominated by comparisons, that form printed (cut at the
//!   print limit), and the sum of the canonical forms of (xo)^8, (xo)^9 and (xo)^10 (all-small: about 30 s);
//! - start-up: the `cgs` binary evaluating `0` in a fresh process (`cgs -e 0`).
//!
//! Each case runs as `cgs FILE` runs it, in a fresh interpreter; criterion prints the change against the
//! previous run's figures (`cargo bench --bench issue20`, then again after a change). Figures and the machine:
//! `docs/PERFORMANCE.md`; `benches/side_by_side.sh` runs the same inputs through cgt and MCGS where installed.

mod support;

use criterion::{criterion_group, criterion_main, Criterion};
use std::process::Command;

const SCRIPT_CASES: &[(&str, &str)] = &[
    ("script_domineering_4x6", "ByRules(Domineering(\"......|......|......|......\")).CanonicalForm"),
    ("script_domineering_5x5", "ByRules(Domineering(\".....|.....|.....|.....|.....\")).CanonicalForm"),
    ("script_konane_4x6", "Konane(\"xoxoxo|ox..ox|xoxoxo|oxoxox\").CanonicalForm"),
    ("domineering_6x6", "Domineering(\"......|......|......|......|......|......\").CanonicalForm"),
    ("domineering_4x7_canonical", "Domineering(\".......|.......|.......|.......\").CanonicalForm"),
    ("clobber_xo16_canonical", "Clobber(\"xoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxo\").CanonicalForm.Birthday"),
    // The same value printed: 233 MB of text in full, cut at the print limit (200,000 characters).
    ("clobber_xo16_printed", "Clobber(\"xoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxo\").CanonicalForm"),
    // All-small sums: three canonical forms added (every comparison between infinitesimals).
    (
        "clobber_three_strip_sum_of_forms",
        "(Clobber(\"xoxoxoxoxoxoxoxo\").CanonicalForm + Clobber(\"xoxoxoxoxoxoxoxoxo\").CanonicalForm + Clobber(\"xoxoxoxoxoxoxoxoxoxo\").CanonicalForm).Birthday",
    ),
];

fn scripts(c: &mut Criterion) {
    support::bench_cases(c, "issue20", SCRIPT_CASES);
}

/// A whole `cgs -e 0` process: loading, start-up of the workspace, evaluation, exit.
fn startup(c: &mut Criterion) {
    c.bench_function("issue20/startup_process_e0", |b| {
        b.iter(|| {
            let out = Command::new(env!("CARGO_BIN_EXE_cgs")).args(["-e", "0"]).output().expect("cgs runs");
            assert_eq!(out.stdout, b"0\n");
        })
    });
}

criterion_group!(benches, startup, scripts);
criterion_main!(benches);

//! Benchmarks of loopy games (issue 14, item 7), run as a user runs them: the text typed, evaluated by a fresh
//! interpreter (stdlib loaded, empty arena and memo tables) through the script runner of `cgs FILE`.
//!
//! `10*upon` (sums of stoppers by doubling), Bach's carousel plus 1 (sides that are not stoppers: the
//! side-aware comparison and CGSuite's simplification), and Fox and Geese from CGSuite's test position
//! (a cycling script ruleset valued by strongly connected components), and the Backsliding Toads and Frogs
//! rows of issue 34's table (components that are not stoppers: sides by edge deletion over the whole
//! component), and its Fox and Geese rows (geese on row 6, and the standard start on row 8: the native position
//! graph of the stdlib's `LoopySolver` hook; about 1 s and 7 s a run, so these two take a minute and more of
//! samples). `tests/perf/loopy-vs-cgsuite.sh` times the same inputs against CGSuite. `cargo bench --bench loopy`.

mod support;

use criterion::{criterion_group, criterion_main, Criterion};

const CASES: &[(&str, &str)] = &[
    ("ten_upon", "10*upon"),
    ("bach_plus_one", "a<0,<1|1,<*,<1+*|1+*,a>|*>>|0> + 1"),
    ("fox_and_geese_row4", "FoxAndGeese({(4,2),(4,4),(4,6),(4,8)}, (1,1)).GameValue"),
    ("backsliding_tf_ff", "BackslidingToadsAndFrogs(\".tf.ff..\").GameValue"),
    ("backsliding_f_t_tf", "BackslidingToadsAndFrogs(\"f.t..tf.\").GameValue"),
    ("backsliding_f_t_t", "BackslidingToadsAndFrogs(\".f.t.t..\").GameValue"),
    ("backsliding_ttt_fff", "BackslidingToadsAndFrogs(\"ttt..fff\").GameValue"),
    ("fox_and_geese_row6", "FoxAndGeese({(6,2),(6,4),(6,6),(6,8)}, (1,5)).GameValue"),
    ("fox_and_geese_standard_start", "FoxAndGeese({(8,2),(8,4),(8,6),(8,8)}, (1,5)).GameValue"),
];

fn loopy(c: &mut Criterion) {
    support::bench_cases(c, "loopy", CASES);
}

criterion_group!(benches, loopy);
criterion_main!(benches);

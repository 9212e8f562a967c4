//! What the script benchmarks share: running a text as `cgs FILE` runs it, in a fresh interpreter.

use cgs::interp::with_big_stack;
use cgs::repl::script::run_script;
use criterion::Criterion;
use std::time::Duration;

/// Evaluates `text` in a fresh interpreter on a big-stack thread and returns what it printed.
pub fn run(text: &'static str) -> String {
    with_big_stack(move || {
        let mut interp = cgs::new_interpreter();
        let (out, err, code) = run_script(&mut interp, "bench.cgs", text);
        assert_eq!(code, 0, "{err}");
        out
    })
}

/// Benchmarks every case of `cases` in the group `group`, with the fewest samples criterion allows.
pub fn bench_cases(c: &mut Criterion, group: &str, cases: &[(&str, &'static str)]) {
    let mut group = c.benchmark_group(group);
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(1));
    group.measurement_time(Duration::from_secs(1));
    for (name, text) in cases {
        group.bench_function(*name, |b| b.iter(|| run(text)));
    }
    group.finish();
}

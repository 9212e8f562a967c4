//! Issue 19, item 8: the inputs that used to abort or exhaust the machine end in a clear error under a
//! small memory budget (`--max-memory`), well within the test's time. Each runs in its own `cgs` process,
//! since the budget is process-wide and the script tests share one process.

use std::process::Command;
use std::time::{Duration, Instant};

/// Runs `cgs --max-memory BUDGET -e SOURCE`; returns (exit code, stderr, elapsed).
fn run(budget: &str, source: &str) -> (Option<i32>, String, Duration) {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_cgs"))
        .args(["--max-memory", budget, "-e", source])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .env("CGS_HISTORY", "")
        .output()
        .expect("run the cgs binary");
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned(), start.elapsed())
}

/// `source` must stop with the budget error (exit 1, a span, no panic) within `secs` seconds.
fn stops_with_budget_error(budget: &str, source: &str, secs: u64) {
    let (code, err, elapsed) = run(budget, source);
    assert_eq!(code, Some(1), "`{source}` exited with {code:?}\n{err}");
    assert!(err.starts_with("Error: Out of memory budget ("), "`{source}`:\n{err}");
    assert!(err.contains("<-e>:"), "`{source}`: the error has no span\n{err}");
    assert!(!err.contains("panicked"), "`{source}` panicked\n{err}");
    assert!(elapsed < Duration::from_secs(secs), "`{source}` took {elapsed:?}");
}

#[test]
fn printing_a_deep_uptimal_stops_at_the_budget() {
    // The uptimal expansions cached while printing `^[40000]*` take quadratic memory (8 GB before).
    stops_with_budget_error("200M", "* : 40000", 60);
    stops_with_budget_error("200M", "Up(10^5)", 60);
}

#[test]
fn big_constructions_stop_at_the_budget() {
    stops_with_budget_error("200M", "Up(10^7)", 60);
    stops_with_budget_error("200M", "Misere(10^5)", 60);
    stops_with_budget_error("200M", "<1|0> : *19", 90);
}

#[test]
fn a_components_hook_that_never_shrinks_stops_at_the_budget() {
    let source = "ruleset T\n  def Options(n, player) := if n > 0 then [n - 1] else [] end\n  \
                  def Components(n) := [n + 1]\nend;\nT(3).CanonicalForm";
    stops_with_budget_error("300M", source, 90);
}

#[test]
fn heating_and_overheating_stop_at_the_budget() {
    stops_with_budget_error("200M", "(*20).Overheat(1,2)", 90);
    stops_with_budget_error("100M", "(*100).Heat(1)", 90);
}

#[test]
fn a_doubled_string_or_list_stops_at_the_budget() {
    stops_with_budget_error("200M", "s := \"ab\"; for i from 1 to 31 do s := s + s end; s.Length", 60);
    stops_with_budget_error("200M", "l := [1]; for i from 1 to 31 do l := l.Concat(l) end; l.Length", 60);
}

/// `source` must stop with the recursion-depth error (exit 1, a span, no stack overflow) within `secs`.
fn stops_with_depth_error(source: &str, secs: u64) {
    let (code, err, elapsed) = run("2G", source);
    assert_eq!(code, Some(1), "`{source}` exited with {code:?}\n{err}");
    assert!(err.starts_with("Error: Maximum recursion depth exceeded."), "`{source}`:\n{err}");
    assert!(err.contains("<-e>:1:"), "`{source}`: the error has no span\n{err}");
    assert!(elapsed < Duration::from_secs(secs), "`{source}` took {elapsed:?}");
}

#[test]
fn walks_over_a_million_levels_stop_before_the_stack_overflows() {
    // These overflowed the interpreter's 512 MiB stack and aborted the process.
    stops_with_depth_error("(*:10^6).Mean", 90);
    stops_with_depth_error("(*:10^6).Thermograph", 90);
    stops_with_depth_error("(*:10^6).SumberForm", 90);
    stops_with_depth_error("Up(2^20)", 90);
}

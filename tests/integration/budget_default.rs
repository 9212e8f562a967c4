//! Issue 36 row 3: with no `--max-memory`, the budget is three quarters of the smallest of physical memory,
//! the address space `ulimit -v` leaves and the cgroup's limit. Under a real `ulimit -v` (a child started
//! through `bash -c 'ulimit -v N; exec cgs …'`), inputs that outgrow it end in the budget error instead of
//! an abort (`memory allocation of … failed`), as they do with `--max-memory`.

use std::process::Command;
use std::time::{Duration, Instant};

/// Runs `cgs -e SOURCE` under `ulimit -v KIB` with no budget flag; returns (exit code, stderr, elapsed).
fn under_ulimit(kib: u64, source: &str) -> (Option<i32>, String, Duration) {
    let start = Instant::now();
    let out = Command::new("bash")
        .arg("-c")
        .arg(format!("ulimit -v {kib}; exec \"$0\" -e \"$1\""))
        .arg(env!("CARGO_BIN_EXE_cgs"))
        .arg(source)
        .env("NO_COLOR", "1")
        .env("CGS_HISTORY", "")
        .output()
        .expect("run bash");
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned(), start.elapsed())
}

fn stops_with_budget_error(kib: u64, source: &str) {
    let (code, err, elapsed) = under_ulimit(kib, source);
    assert_eq!(code, Some(1), "`{source}` under ulimit -v {kib} exited with {code:?} (a signal is None)\n{err}");
    assert!(err.starts_with("Error: Out of memory budget ("), "`{source}`:\n{err}");
    assert!(!err.contains("panicked") && !err.contains("memory allocation"), "`{source}`:\n{err}");
    assert!(elapsed < Duration::from_secs(240), "`{source}` took {elapsed:?}");
}

#[test]
fn string_and_list_doubling_under_ulimit_v_give_the_budget_error() {
    // 2^32 characters do not fit in ~3.8 GiB of address space; before, the default budget (3/4 of the
    // machine's memory) let the doubling run into the address-space limit and abort.
    stops_with_budget_error(4_000_000, r#"s := "ab"; for i from 1 to 31 do s := s + s end; s.Length"#);
    stops_with_budget_error(4_000_000, "l := [1]; for i from 1 to 31 do l := l.Concat(l) end; l.Length");
}

#[test]
fn engine_work_under_ulimit_v_gives_the_budget_error() {
    // Issue 36 row 3's input: aborted under `ulimit -v 4000000` before; now the budget error (about 30 s).
    stops_with_budget_error(4_000_000, "Misere(10^5)");

    // A ruleset whose components split forever (issue 19's input), under 2 GB of address space.
    let ruleset = "ruleset T\n def Options(n, player) := if n > 0 then [n - 1] else [] end\n \
                   def Components(n) := [n + 1]\nend;\nT(3).CanonicalForm";
    stops_with_budget_error(2_000_000, ruleset);
}

#[test]
fn small_inputs_still_run_under_ulimit_v() {
    let out = Command::new("bash")
        .arg("-c")
        .arg("ulimit -v 2000000; exec \"$0\" -e '(*2 + *3).CanonicalForm'")
        .arg(env!("CARGO_BIN_EXE_cgs"))
        .output()
        .expect("run bash");
    // *2 + *3 = *1 (nim sum 2 xor 3).
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "*");
    assert!(out.status.success());
}

//! Issue 19, item 8: the inputs that used to abort or exhaust the machine end in a clear error under a
//! small memory budget (`--max-memory`), well within the test's time. Each runs in its own `cgs` process,
//! since the budget is process-wide and the script tests share one process.

use std::process::Command;
use std::time::{Duration, Instant};

/// Runs `cgs --max-memory BUDGET -e SOURCE`; returns (exit code, stderr, elapsed, peak resident KiB).
#[allow(clippy::zombie_processes)] // reaped by wait4 below, which std's wait would not let us read
fn run(budget: &str, source: &str) -> (Option<i32>, String, Duration, u64) {
    use std::io::Read;
    use std::os::unix::process::ExitStatusExt;
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_cgs"))
        .args(["--max-memory", budget, "-e", source])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .env("CGS_HISTORY", "")
        .env("CGS_REPORT_PEAK", "1")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run the cgs binary");
    let mut err = String::new();
    child.stderr.take().expect("stderr").read_to_string(&mut err).expect("read stderr");
    // Reaped with wait4 (std's wait would do; kept as the reliability tests reap theirs).
    let (mut status, mut usage) = (0, unsafe { std::mem::zeroed::<libc::rusage>() });
    // SAFETY: waits for our own child, writing into the two locals.
    let pid = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as libc::pid_t, "wait4");
    let code = std::process::ExitStatus::from_raw(status).code();
    let peak = crate::take_peak_kib(&mut err).unwrap_or(u64::MAX);
    (code, err, start.elapsed(), peak)
}

/// `source` must stop with the budget error (exit 1, a span, no panic) within `secs` seconds, its peak resident
/// memory under the budget.
fn stops_with_budget_error(budget: &str, source: &str, secs: u64) {
    let (code, err, elapsed, peak_kib) = run(budget, source);
    assert_eq!(code, Some(1), "`{source}` exited with {code:?}\n{err}");
    assert!(err.starts_with("Error: Out of memory budget ("), "`{source}`:\n{err}");
    assert!(err.contains("<-e>:"), "`{source}`: the error has no span\n{err}");
    assert!(!err.contains("panicked"), "`{source}` panicked\n{err}");
    assert!(elapsed < Duration::from_secs(secs), "`{source}` took {elapsed:?}");
    let limit = cgs::game::budget::parse_size(budget).expect("a budget") as u64;
    assert!(peak_kib * 1024 < limit, "`{source}`: peak resident {peak_kib} KiB over the budget {budget}");
}

#[test]
fn a_deep_uptimal_prints_in_linear_memory() {
    // CGSuite 2.2 (cgsuite-eval): `* : 40` is `^[40]*`, `* : 400` is `^[400]*`; the same rule for 40000.
    let (code, out, elapsed) = run_out(&["--max-memory", "200M"], "* : 40000");
    assert_eq!((code, out.trim()), (Some(0), "^[40000]*"));
    assert!(elapsed < Duration::from_secs(60), "took {elapsed:?}");
    // cgs's `Up(n)` is `^[n]` (`Up(5)` prints `^[5]`, as before this change).
    let (code, out, elapsed) = run_out(&["--max-memory", "200M"], "Up(10^5)");
    assert_eq!((code, out.trim()), (Some(0), "^[100000]"));
    assert!(elapsed < Duration::from_secs(60), "took {elapsed:?}");
}

#[test]
fn big_constructions_stop_at_the_budget() {
    stops_with_budget_error("200M", "Up(10^7)", 60);
    stops_with_budget_error("200M", "Misere(10^5)", 60);
}

/// `source` must end with its value printed and cut at the print limit (exit 0, the note, in `secs`) under the
/// memory budget `budget`.
///
/// The full (CGSuite) text is what is cut here (`--print-sharing off`): with sharing these values print their
/// shared forms, well under the limit.
fn prints_cut_within(budget: &str, source: &str, secs: u64) {
    let (code, out, elapsed) = run_out(&["--max-memory", budget, "--print-sharing", "off"], source);
    assert_eq!(code, Some(0), "`{source}` failed");
    assert!(
        out.trim_end()
            .ends_with("(cut at 200,000 characters; `:set print-limit none` or `--print-limit none` prints all)"),
        "`{source}`: no cut note"
    );
    assert!(elapsed < Duration::from_secs(secs), "`{source}` took {elapsed:?}");
}

/// These used to stop at the memory budget (200M, 100M) while building their printed forms, whose text is far
/// larger than the values; now the value prints up to the print limit.
#[test]
fn values_with_huge_printed_forms_print_up_to_the_limit() {
    prints_cut_within("200M", "<1|0> : *19", 60);
    prints_cut_within("200M", "(*20).Overheat(1,2)", 60);
    // Heating *100 itself takes about 40 s of CPU (it was its printing that exhausted 100M).
    prints_cut_within("100M", "(*100).Heat(1)", 240);
}

#[test]
fn a_components_hook_that_never_shrinks_stops_at_the_budget() {
    let source = "ruleset T\n  def Options(n, player) := if n > 0 then [n - 1] else [] end\n  \
                  def Components(n) := [n + 1]\nend;\nT(3).CanonicalForm";
    stops_with_budget_error("300M", source, 90);
}

/// Fox and Geese from the standard start (issue 34): the native position graph and the loopy engine's tables
/// are charged to the budget (the value needs about 90 MiB since the graph is flat; a vector's growth is
/// refused when the doubled buffer would cross the budget, so 100M is still too small), so under a small one it
/// stops with the error.
#[test]
fn the_loopy_position_graph_stops_at_the_budget() {
    let fox = "game.grid.FoxAndGeese({(8,2),(8,4),(8,6),(8,8)}, (1,5)).GameValue";
    stops_with_budget_error("40M", fox, 60);
    stops_with_budget_error("80M", fox, 120);
}

/// Domineering on the empty 6×6 board gave neither a value nor an error in 600 s under a 2 GiB budget (its
/// memo tables grow for minutes); under a small budget it stops with the error, its memory under the budget.
#[test]
fn domineering_six_by_six_stops_at_the_budget() {
    let board = ["......"; 6].join("|");
    stops_with_budget_error("100M", &format!("Domineering(\"{board}\").CanonicalForm"), 240);
}

#[test]
fn a_doubled_string_or_list_stops_at_the_budget() {
    stops_with_budget_error("200M", "s := \"ab\"; for i from 1 to 31 do s := s + s end; s.Length", 60);
    stops_with_budget_error("200M", "l := [1]; for i from 1 to 31 do l := l.Concat(l) end; l.Length", 60);
}

/// `source` must stop with the recursion-depth error (exit 1, a span, no stack overflow) within `secs`.
fn stops_with_depth_error(source: &str, secs: u64) {
    let (code, err, elapsed, peak_kib) = run("2G", source);
    assert!(peak_kib < 2 << 20, "`{source}`: peak resident {peak_kib} KiB over the budget 2G");
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

/// Each builds the million-level game, then walks it until the depth limit; the bound allows for a loaded
/// machine (78–130 s each with seven builds sharing two cores).
#[test]
fn the_other_walks_named_in_the_issue_stop_too() {
    stops_with_depth_error("(*:10^6).Temperature", 300);
    stops_with_depth_error("(*:10^6).Cool(1)", 300);
    stops_with_depth_error("(*:10^6).Freeze", 300);
    stops_with_depth_error("(*:10^6).IsSumber", 300);
}

/// Runs `cgs ARGS -e SOURCE`; returns (exit code, stdout, elapsed).
fn run_out(args: &[&str], source: &str) -> (Option<i32>, String, Duration) {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_cgs"))
        .args(args)
        .args(["-e", source])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .env("CGS_HISTORY", "")
        .output()
        .expect("run the cgs binary");
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned(), start.elapsed())
}

/// Issue 19, item 3: a printed value longer than the print limit is cut there with a note, and what is shown
/// is exactly the start of the full text (cross-check: the same value printed with no limit). Checked on the
/// full (CGSuite) text, `--print-sharing off`, and on what prints by default (the shared form of a large
/// canonical form) where that is still longer than the limit.
fn cut_is_a_prefix_of_the_full_text(source: &str, limit: usize) {
    cut_is_a_prefix_with(source, limit, "off");
    let (_, shared, _) = run_out(&["--print-limit", "none"], source);
    if shared.trim_end_matches('\n').chars().count() > limit {
        cut_is_a_prefix_with(source, limit, "on");
    }
}

fn cut_is_a_prefix_with(source: &str, limit: usize, sharing: &str) {
    let (code, full, _) = run_out(&["--print-limit", "none", "--print-sharing", sharing], source);
    assert_eq!(code, Some(0), "`{source}` failed");
    let full = full.trim_end_matches('\n');
    assert!(full.chars().count() > limit, "`{source}` prints only {} characters", full.len());
    let (code, cut, _) = run_out(&["--print-limit", &limit.to_string(), "--print-sharing", sharing], source);
    assert_eq!(code, Some(0), "`{source}` failed with a print limit");
    let grouped = if limit >= 1000 { format!("{},{:03}", limit / 1000, limit % 1000) } else { limit.to_string() };
    let note = format!(" … (cut at {grouped} characters; `:set print-limit none` or `--print-limit none` prints all)");
    let shown = cut.trim_end_matches('\n').strip_suffix(&note).unwrap_or_else(|| panic!("no note:\n{cut}"));
    let expected: String = full.chars().take(limit).collect();
    assert_eq!(shown, expected, "`{source}`: the cut text is not the start of the full text");
}

#[test]
fn a_print_limit_cuts_games_misere_games_and_collections_exactly() {
    // A Clobber canonical form (a DAG whose text repeats shared subgames: 0.9 MB for (xo)^13).
    cut_is_a_prefix_of_the_full_text("Clobber(\"xoxoxoxoxoxoxoxoxoxo\").CanonicalForm", 1000);
    // The misère printer's streamed path against its exact (length-counted) path.
    cut_is_a_prefix_of_the_full_text("Kayles(12).MisereCanonicalForm", 300);
    // Collections of games, strings and numbers, cut inside a game and inside the collection.
    cut_is_a_prefix_of_the_full_text(
        "[\"a\\tb\", 1/3, {^, *2}, Clobber(\"xoxoxoxoxoxoxoxoxoxo\").CanonicalForm, 7]",
        120,
    );
    cut_is_a_prefix_of_the_full_text("l := [1]; for i from 1 to 12 do l := [l, {l => i}] end; l", 5000);
    cut_is_a_prefix_of_the_full_text("Print(Clobber(\"xoxoxoxoxoxoxoxoxoxo\").CanonicalForm)", 200);
}

#[test]
fn huge_printed_forms_print_promptly_with_the_default_limit() {
    // Clobber (xo)^16: its canonical form's full text (233 MB) ran into the memory budget after minutes before
    // the print limit; now the first 200,000 characters print.
    let xo16 = "Clobber(\"xoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxo\").CanonicalForm";
    let (code, out, elapsed) = run_out(&["--max-memory", "2G", "--print-sharing", "off"], xo16);
    assert_eq!(code, Some(0));
    assert!(out
        .trim_end()
        .ends_with("(cut at 200,000 characters; `:set print-limit none` or `--print-limit none` prints all)"));
    assert!(elapsed < Duration::from_secs(90), "took {elapsed:?}");
    // Its shared form (issue 20, item 4) is some 280,000 characters in all (4,476 named sub-forms).
    let (code, out, elapsed) = run_out(&["--max-memory", "2G", "--print-limit", "none"], xo16);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("begin\n  var g1 := ") && out.trim_end().ends_with("\nend"), "{}", &out[..100]);
    assert!(out.len() < 400_000, "the shared form has {} characters", out.len());
    assert!(elapsed < Duration::from_secs(90), "took {elapsed:?}");
    // A list holding itself twice per level: 2^40 numbers in full; the print stops at the limit.
    let (code, out, elapsed) = run_out(&[], "x := [1]; for i from 1 to 40 do x := [x, x] end; x");
    assert_eq!(code, Some(0));
    assert!(out.starts_with("[[[[[[[[") && out.contains("(cut at 200,000 characters;"), "{}", &out[..100]);
    assert!(elapsed < Duration::from_secs(30), "took {elapsed:?}");
}

#[test]
fn print_limit_option_is_checked() {
    let out = Command::new(env!("CARGO_BIN_EXE_cgs"))
        .args(["--print-limit", "5", "-e", "1"])
        .output()
        .expect("run the cgs binary");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("too small: the smallest is 100 characters"));
}

/// A compiled loop with no call in its body (the loop's own `check_limits` is the only poll) stops at the
/// budget: in a function, and in a method.
#[test]
fn a_loop_without_calls_stops_at_the_budget() {
    let source =
        "def grow() begin var l := []; while true do l := l.Append([1, 2, 3, 4, 5, 6, 7, 8]) end; l end\ngrow()";
    stops_with_budget_error("100M", source, 60);
    let source =
        "class G(k) def Grow begin var l := []; for i from 1 to 10^12 do l := l.Append([k, i]) end; l end end\n\
                  G(1).Grow";
    stops_with_budget_error("100M", source, 60);
}

//! Issue 36 (reliability round 3), the rows of helper `reliab`: each input that used to fail, in its own `cgs`
//! process. The budget rows run under a real `ulimit -v 4000000` (as the issue measured them) as well as a
//! `--max-memory` budget, so an allocation the budget does not see aborts the child instead of passing; the REPL
//! rows go through a pseudo-terminal.

use rexpect::session::{spawn_command, PtySession};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// What a child did: exit code, stdout, stderr, CPU seconds (user + system) and peak resident KiB.
struct Run {
    code: Option<i32>,
    out: String,
    err: String,
    cpu: f64,
    peak_kib: u64,
}

/// Runs `cgs ARGS` under `ulimit -v 4000000` (through bash) in `dir`, reaping it with wait4 for its CPU time;
/// its peak resident size is the one it writes at exit (`CGS_REPORT_PEAK`).
#[allow(clippy::zombie_processes)] // reaped by wait4 below, which std's wait would not let us read
fn run_in(dir: &Path, args: &[&str]) -> Run {
    use std::io::Read;
    use std::os::unix::process::ExitStatusExt;
    let mut child = Command::new("bash")
        .arg("-c")
        .arg(r#"ulimit -v 4000000; exec "$0" "$@""#)
        .arg(env!("CARGO_BIN_EXE_cgs"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("CGS_HISTORY", "")
        .env("CGS_REPORT_PEAK", "1")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run the cgs binary");
    let mut stdout = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        let mut out = String::new();
        let _ = stdout.read_to_string(&mut out);
        out
    });
    let mut err = String::new();
    child.stderr.take().expect("stderr").read_to_string(&mut err).expect("read stderr");
    let peak_kib = crate::take_peak_kib(&mut err).unwrap_or(u64::MAX);
    let out = reader.join().expect("stdout reader");
    let (mut status, mut usage) = (0, unsafe { std::mem::zeroed::<libc::rusage>() });
    // SAFETY: waits for our own child, writing into the two locals.
    let pid = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as libc::pid_t, "wait4");
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    Run {
        code: std::process::ExitStatus::from_raw(status).code(),
        out,
        err,
        cpu: secs(usage.ru_utime) + secs(usage.ru_stime),
        peak_kib,
    }
}

fn run(args: &[&str]) -> Run {
    run_in(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

/// A fresh scratch directory under `target/`.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target").join(format!("reliability-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// `source` stops with the budget error under `--max-memory 1G` and `ulimit -v 4000000`, its peak resident
/// size under the budget.
fn stops_with_budget_error(source: &str) {
    let r = run(&["--max-memory", "1G", "-e", source]);
    assert_eq!(r.code, Some(1), "`{source}` exited with {:?}\n{}", r.code, r.err);
    assert!(r.err.starts_with("Error: Out of memory budget ("), "`{source}`:\n{}", r.err);
    assert!(r.peak_kib < 1 << 20, "`{source}`: peak resident {} KiB over the 1 GiB budget", r.peak_kib);
}

#[test]
fn row2_uncharged_buffers_are_charged_before_they_grow() {
    // `Up(10^9)`: the explicit stack of a billion orders (16 GB) grew unseen; `(*(2^20)).Followers.Size`: the
    // arena's option list doubled to 2 GiB in one step (under `ulimit -v` both aborted).
    stops_with_budget_error("Up(10^9)");
    stops_with_budget_error("(*(2^20)).Followers.Size");
}

#[test]
fn row8_a_huge_file_of_ours_is_replaced_without_being_read() {
    // A 3 GB (sparse) file that starts with cgs's marker: only the marker is read, and the new plot replaces
    // it through a rename. Before: the whole file was read (3.15 GB resident, a budget error, and the file
    // was replaced anyway).
    let dir = scratch("big");
    let big = dir.join("big3.svg");
    let mut f = std::fs::File::create(&big).expect("big file");
    f.write_all(cgs::interp::output::MARKER.as_bytes()).expect("marker");
    f.set_len(3 << 30).expect("sparse 3 GB");
    drop(f);
    let r = run_in(&dir, &["--max-memory", "1G", "-e", r#"<1|-1>.Thermograph.Plot("big3.svg")"#]);
    assert_eq!(r.code, Some(0), "{}", r.err);
    assert!(r.peak_kib < 200 << 10, "peak resident {} KiB: the file was read", r.peak_kib);
    let text = std::fs::read_to_string(&big).expect("the new plot");
    assert!(text.starts_with(cgs::interp::output::MARKER) && text.contains("<svg"), "{text}");
    // No temporary file is left beside it.
    assert_eq!(std::fs::read_dir(&dir).expect("dir").count(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn row13_a_hard_link_to_a_file_of_ours_is_refused() {
    // A cgs-written file outside the current directory, and a hard link to it inside: writing through the
    // link would change the outside file, so it is refused like a symbolic link.
    let dir = scratch("hard");
    std::fs::create_dir_all(dir.join("cwd")).expect("cwd");
    let outside = dir.join("outside.svg");
    let original = format!("{}\n<svg/>", cgs::interp::output::MARKER);
    std::fs::write(&outside, &original).expect("outside file");
    std::fs::hard_link(&outside, dir.join("cwd/hard.svg")).expect("hard link");
    let r = run_in(&dir.join("cwd"), &["-e", r#"<1|-1>.Thermograph.Plot("hard.svg")"#]);
    assert_eq!(r.code, Some(1), "{}", r.out);
    assert!(r.err.contains("has other names (hard links)"), "{}", r.err);
    assert_eq!(std::fs::read_to_string(&outside).expect("outside"), original);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn row9_a_long_chain_of_ordinal_sums_is_linear() {
    // Hand derivation by sign expansions (x : y appends y's expansion to x's): <0|1> = 1/2, so g_1 = 1 : 1/2
    // = 3/2 (++-); then <0|g> = 1 for g > 1 and g_i = g_(i-1) : 1 = 2 - 2^-i (++-+…+), of birthday i + 2.
    // g_3000.Birthday is 3002. It took over 20 s at N = 1200.
    let r = run(&["-e", "g := 1; for i from 1 to 3000 do g := g : <0|g> end; g.Birthday"]);
    assert_eq!((r.code, r.out.trim()), (Some(0), "3002"), "{}", r.err);
    assert!(r.cpu < 1.0, "{} s of CPU", r.cpu);
}

#[test]
fn row11_a_nimbers_heat_has_a_closed_form() {
    // (*k).Heat(t) = {(*j).Heat(t) + t | (*j).Heat(t) - t} (j < k) is canonical for t > 0 (store/heated.rs),
    // so its stops are t and -t (Left's best is the number t), and Overheat(s, t) of *k is Heat(t): 0 is its
    // only number follower and overheats to 0·s = 0. (*1000).Heat(1) has (k+1)^2 followers and about k^3/3
    // option entries: it is listed only as far as it is used. It took over 12 s.
    let r =
        run(&["-e", "g := (*1000).Heat(1); h := (*1000).Overheat(1/2, 1); [g.LeftStop, g.RightStop, g == h, g > 0]"]);
    assert_eq!((r.code, r.out.trim()), (Some(0), "[1,-1,true,false]"), "{}", r.err);
    assert!(r.cpu < 2.0, "{} s of CPU", r.cpu);
}

#[test]
fn row11_a_sum_with_a_large_nimber_is_quadratic() {
    // Up(1/2) = {0 | *, ^}; G + *m = {0 | *(m xor 1), ^*m} for every m >= 2 (the generic sum gives it for small
    // m, checked in game::short::tests::nimsum), and the stops of G + *m are those of G. The generic sum took
    // about 45 s at m = 1000 (cubic); the annotated sum of store/nimsum.rs is quadratic.
    let r = run(&["-e", "g := Up(1/2) + *1000; [g, g.LeftStop, g.RightStop]"]);
    assert_eq!((r.code, r.out.trim()), (Some(0), "[<0|*1001,^*1000>,0,0]"), "{}", r.err);
    assert!(r.cpu < 5.0, "{} s of CPU", r.cpu);
}

#[test]
fn row10_a_one_megabyte_identifier_is_reported_promptly() {
    let dir = scratch("ident");
    let file = dir.join("long.cgs");
    std::fs::write(&file, "a".repeat(1 << 20)).expect("script");
    let r = run_in(&dir, &["long.cgs"]);
    assert_eq!(r.code, Some(1));
    assert!(r.err.starts_with("Error: That variable is not defined: `aaa"), "{}", &r.err[..100]);
    assert!(r.err.contains("at long.cgs:1:1 (a line of 1048576 bytes, too long to show)"));
    // 4.6 s before (23 s at load 14); the did-you-mean search compares no name of another length.
    assert!(r.cpu < 0.2, "{} s of CPU", r.cpu);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn row15_the_limit_on_powers_is_on_the_result() {
    // 2^(10^7) has 10^7 + 1 bits, fewer than 3^(8*10^6) (about 1.27*10^7), which was computed while this
    // one overflowed; 2 * 2^(10^7 - 1) is the same number.
    let r = run(&["-e", "2^(10^7) == 2 * 2^(10^7 - 1)"]);
    assert_eq!((r.code, r.out.trim()), (Some(0), "true"), "{}", r.err);
    // Past the limit (2^24 bits), the message gives it: 2^(2^24) has 2^24 + 1 bits.
    let r = run(&["-e", "2^(2^24)"]);
    assert_eq!(r.code, Some(1));
    assert!(
        r.err.starts_with(
            "Error: Overflow: the power would have about 16777217 bits; the limit on a power's size is 16777216 bits"
        ),
        "{}",
        r.err
    );
}

// ---- The REPL through a pseudo-terminal ----

fn repl(args: &[&str]) -> PtySession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cgs"));
    cmd.args(args).env("CGS_HISTORY", "").env("TERM", "xterm");
    let mut p = spawn_command(cmd, Some(120_000)).expect("cgs starts in a pseudo-terminal");
    p.exp_string("cgs> ").expect("the first prompt");
    p
}

#[test]
fn row4_invalid_utf8_is_an_error_for_that_line_only() {
    let mut p = repl(&[]);
    p.send_line("keep := 41").expect("line");
    p.exp_string("41").expect("assignment");
    for bytes in [&b"caf\xe9 := 1\r"[..], b"\xff\r", b"\x80\r", b"\xed\xa0\x80\r"] {
        p.writer.write_all(bytes).expect("raw bytes");
        p.writer.flush().expect("sent");
        p.exp_string("not valid UTF-8").expect("an error for the line");
    }
    p.send_line("keep + 1").expect("line");
    p.exp_string("42").expect("the session and its variables survive");
    p.send_line(":quit").expect("quit");
    p.exp_eof().expect("the REPL exits");
}

#[test]
fn row5_clear_after_a_budget_error_works() {
    let mut p = repl(&["--max-memory", "300M"]);
    p.send_line("(*:10^6).Mean").expect("line");
    p.exp_string("Out of memory budget").expect("the budget error");
    p.send_line(":clear").expect("line");
    p.exp_string("All variables cleared.").expect("`:clear` works");
    p.send_line("1 + 1").expect("line");
    p.exp_string("2").expect("the session goes on");
    p.send_line(":quit").expect("quit");
    p.exp_eof().expect("the REPL exits");
}

#[test]
fn row7_fifty_pasted_lines_run_at_once() {
    // One write of 50 lines. The progress thread used to miss the wake-up of a cell that ended before it
    // started waiting, and each line then waited out its 2 s delay (92 s for the 50).
    let mut p = repl(&[]);
    let paste: String = (1..=50).map(|i| format!("p{i} := {}\r", 100_000 + i)).collect();
    let start = Instant::now();
    p.send(&paste).expect("paste");
    p.flush().expect("sent");
    p.exp_string("100050").expect("the fiftieth line ran");
    let took = start.elapsed();
    assert!(took < Duration::from_secs(5), "50 pasted lines took {took:?}");
    p.send_line("p1 + p50").expect("line");
    p.exp_string("200051").expect("all were kept");
    p.send_line(":quit").expect("quit");
    p.exp_eof().expect("the REPL exits");
}

//! Snapshot tests of scripts: `tests/scripts/**/*.cgs` and `examples/*.cgs`.
//!
//! Each script runs in a fresh interpreter on a big-stack thread, exactly as `cgs FILE` runs it, with colour
//! off and the file named by its path relative to the crate root. The scripts run in parallel first; the
//! `insta::glob!` pass then compares each result with its snapshot.
//!
//! A script may start with header comments that state expectations:
//! ```text
//! //~ exit-code = 1      the script must fail (default 0)
//! //~ timeout = 300      seconds before the harness interrupts it (default 120)
//! ```

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

const DEFAULT_TIMEOUT_SECS: u64 = 120;

/// What a script is expected to do, from its `//~ key = value` header.
#[derive(Debug)]
struct Header {
    exit_code: i32,
    timeout: Duration,
}

fn parse_header(name: &str, text: &str) -> Header {
    let mut header = Header { exit_code: 0, timeout: Duration::from_secs(DEFAULT_TIMEOUT_SECS) };
    for line in text.lines().map(str::trim).take_while(|l| l.starts_with("//")) {
        let Some(setting) = line.strip_prefix("//~") else {
            continue;
        };
        let (key, value) =
            setting.split_once('=').unwrap_or_else(|| panic!("{name}: header line `{line}` is not `//~ key = value`"));
        let value = value.trim();
        match key.trim() {
            "exit-code" => header.exit_code = value.parse().expect("exit-code is an integer"),
            "timeout" => header.timeout = Duration::from_secs(value.parse().expect("timeout is seconds")),
            other => panic!("{name}: unknown header key `{other}` (known: exit-code, timeout)"),
        }
    }
    header
}

/// The outcome of one script.
struct Outcome {
    stdout: String,
    stderr: String,
    exit_code: i32,
    timed_out: bool,
    elapsed: Duration,
}

impl Outcome {
    /// The snapshot text: exit code, then stdout and stderr.
    fn snapshot(&self) -> String {
        let mut s = format!("exit-code: {}\n", self.exit_code);
        s.push_str("--- stdout ---\n");
        s.push_str(&self.stdout);
        s.push_str("--- stderr ---\n");
        s.push_str(&self.stderr);
        s
    }
}

fn crate_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `path` relative to the crate root, with `/` separators: how scripts are named in diagnostics.
fn relative_name(path: &Path) -> String {
    let root = crate_root().canonicalize().unwrap_or_else(|_| crate_root());
    let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let rel = path.strip_prefix(&root).unwrap_or(&path);
    rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
}

/// Every `.cgs` file under `dir` (recursively when `recursive`), sorted.
fn cgs_files(dir: &Path, recursive: bool) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return found;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if recursive {
                found.extend(cgs_files(&path, true));
            }
        } else if path.extension().is_some_and(|e| e == "cgs") {
            found.push(path);
        }
    }
    found.sort();
    found
}

/// Runs one script the way `cgs FILE` does, interrupting it after its timeout.
fn run_one(name: &str, text: &str) -> Outcome {
    let header = parse_header(name, text);
    let mut interp = cgs::new_interpreter();
    // As `cgs FILE`: the packages beside the script are found (tests/scripts/cgsuite_compat/packages.cgs).
    interp.set_script_path(Path::new(name));
    let flag = interp.interrupt_flag();
    let (done_tx, done_rx) = mpsc::channel::<()>();
    let timeout = header.timeout;
    let watchdog = std::thread::spawn(move || {
        if done_rx.recv_timeout(timeout) != Err(mpsc::RecvTimeoutError::Timeout) {
            return false;
        }
        // Each cell clears the flag when it starts, so keep setting it until the script gives up.
        while done_rx.recv_timeout(Duration::from_millis(50)) == Err(mpsc::RecvTimeoutError::Timeout) {
            flag.store(true, Ordering::SeqCst);
        }
        true
    });
    let start = Instant::now();
    let (stdout, stderr, exit_code) = cgs::repl::run_script(&mut interp, name, text);
    let elapsed = start.elapsed();
    let _ = done_tx.send(());
    let timed_out = watchdog.join().unwrap_or(false);
    Outcome { stdout, stderr, exit_code, timed_out, elapsed }
}

/// [`run_one`] on a big-stack thread, as the `cgs` binary runs scripts.
fn run_big(name: String, text: String) -> Outcome {
    cgs::interp::with_big_stack(move || run_one(&name, &text))
}

/// Runs all `files` on parallel big-stack threads; returns outcomes keyed by relative name.
fn run_all(files: &[PathBuf]) -> HashMap<String, Outcome> {
    let queue = Mutex::new(files.iter().collect::<Vec<_>>());
    let results = Mutex::new(HashMap::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).min(files.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let Some(path) = queue.lock().unwrap().pop() else {
                    break;
                };
                let name = relative_name(path);
                let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{name}: {e}"));
                let outcome = run_big(name.clone(), text);
                results.lock().unwrap().insert(name, outcome);
            });
        }
    });
    results.into_inner().unwrap()
}

/// Snapshots every matched script; asserts its header's exit code and that it finished in time.
fn check(kind: &str, outcomes: &HashMap<String, Outcome>, path: &Path, slow: &Mutex<Vec<String>>) {
    let name = relative_name(path);
    let text = std::fs::read_to_string(path).unwrap();
    let header = parse_header(&name, &text);
    let fresh;
    let outcome = match outcomes.get(&name) {
        Some(o) => o,
        None => {
            fresh = run_big(name.clone(), text.clone());
            &fresh
        }
    };
    if outcome.elapsed > Duration::from_secs(10) {
        slow.lock().unwrap().push(format!("{name}: {:.1} s", outcome.elapsed.as_secs_f64()));
    }
    insta::assert_snapshot!(kind, outcome.snapshot());
    assert!(!outcome.timed_out, "{name} was interrupted after its timeout of {:?}", header.timeout);
    assert_eq!(
        outcome.exit_code, header.exit_code,
        "{name} exited with {} but its header expects {} (add `//~ exit-code = N` for scripts that must fail)\n{}",
        outcome.exit_code, header.exit_code, outcome.stderr
    );
    assert!(
        !outcome.stderr.contains("panicked at") && !outcome.stderr.contains("RUST_BACKTRACE"),
        "{name}: panic text in the output"
    );
}

fn snapshot_settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.set_snapshot_path(crate_root().join("tests/integration/snapshots"));
    settings
}

fn report_slow(slow: Mutex<Vec<String>>) {
    for line in slow.into_inner().unwrap() {
        eprintln!("slow script: {line}");
    }
}

#[test]
fn scripts() {
    cgs::repl::script::install_panic_hook();
    let outcomes = run_all(&cgs_files(&crate_root().join("tests/scripts"), true));
    let slow = Mutex::new(Vec::new());
    snapshot_settings().bind(|| {
        insta::glob!("../scripts", "**/*.cgs", |path| { check("scripts", &outcomes, path, &slow) });
    });
    report_slow(slow);
}

#[test]
fn examples() {
    cgs::repl::script::install_panic_hook();
    let outcomes = run_all(&cgs_files(&crate_root().join("examples"), false));
    let slow = Mutex::new(Vec::new());
    let mut settings = snapshot_settings();
    settings.set_allow_empty_glob(true);
    settings.bind(|| {
        insta::glob!("../../examples", "*.cgs", |path| { check("examples", &outcomes, path, &slow) });
    });
    report_slow(slow);
}

#[test]
fn headers_are_parsed() {
    let h = parse_header("t", "//~ exit-code = 1\n// a comment\n//~ timeout = 5\n1 + 1\n//~ exit-code = 7\n");
    assert_eq!(h.exit_code, 1);
    assert_eq!(h.timeout, Duration::from_secs(5));
    assert_eq!(parse_header("t", "1\n").exit_code, 0);
}

//! The one integration-test binary.
//!
//! - [`scripts`]: every `tests/scripts/**/*.cgs` and every `examples/*.cgs` is run through
//!   [`cgs::repl::run_script`] (the code path of `cgs FILE`) and its stdout, stderr and exit code are
//!   snapshotted with insta. Adding a test is adding a file.
//! - [`repl`]: REPL transcripts through the terminal-free backend, from `tests/integration/repl/*.repl`.
//! - [`cli`]: the built `cgs` binary: `-e`, script files, stdin, exit codes, `--help`.
//! - [`docs`]: the REPL transcripts in `README.md` are replayed and must match.
//! - [`limits`]: inputs that used to abort end in the memory-budget error (`--max-memory`).
//! - [`reliability`]: issue 36's rows (budget under `ulimit -v`, file output, REPL through a pty).
//! - [`kernel`]: the Jupyter kernel through `jupyter_client` and `nbclient` (a Python venv under `target/`).
//! - [`kernel_wire`]: the kernel against a hostile raw-TCP peer; the ZMTP fuzz corpus replayed.
//! - [`budget_default`]: the default budget under a real `ulimit -v`.
//! - [`python`]: the Python package (`python/`) built into a venv under `target/` and tested with pytest.
//!
//! Snapshots live in `tests/integration/snapshots/`. To accept changed snapshots without `cargo insta`:
//! `INSTA_UPDATE=always cargo test --profile suite --test integration`, then read every changed `.snap` file.

/// The peak resident size (KiB) a `cgs` run with `CGS_REPORT_PEAK` set wrote at exit, taken out of its stderr;
/// `wait4`'s `ru_maxrss` would include the memory of this (large) test process, carried over the child's `exec`.
pub fn take_peak_kib(err: &mut String) -> Option<u64> {
    let at = err.rfind("cgs-peak: ")?;
    let kib = err[at + 10..].trim().trim_end_matches("kB").trim().parse().ok()?;
    err.truncate(at);
    Some(kib)
}

mod budget_default;
mod cgsuite;
mod cli;
mod collect;
mod docs;
mod import_graph;
mod kernel;
mod kernel_wire;
mod layering;
mod limits;
mod loopy_roundtrip;
mod native_agreement;
mod outcome_solver;
mod print_shared;
mod pty;
mod python;
mod reliability;
mod repl;
mod scripts;

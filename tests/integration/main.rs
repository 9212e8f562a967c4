//! The one integration-test binary.
//!
//! - [`scripts`]: every `tests/scripts/**/*.cgs` and every `examples/*.cgs` is run through
//!   [`cgs::repl::run_script`] (the code path of `cgs FILE`) and its stdout, stderr and exit code are
//!   snapshotted with insta. Adding a test is adding a file.
//! - [`repl`]: REPL transcripts through the terminal-free backend, from `tests/integration/repl/*.repl`.
//! - [`cli`]: the built `cgs` binary: `-e`, script files, stdin, exit codes, `--help`.
//! - [`docs`]: the REPL transcripts in `README.md` are replayed and must match.
//! - [`limits`]: inputs that used to abort end in the memory-budget error (`--max-memory`).
//! - [`kernel`]: the Jupyter kernel through `jupyter_client` and `nbclient` (a Python venv under `target/`).
//! - [`python`]: the Python package (`python/`) built into a venv under `target/` and tested with pytest.
//!
//! Snapshots live in `tests/integration/snapshots/`. To accept changed snapshots without `cargo insta`:
//! `INSTA_UPDATE=always cargo test --release --test integration`, then read every changed `.snap` file.

mod cgsuite;
mod cli;
mod collect;
mod docs;
mod kernel;
mod layering;
mod limits;
mod loopy_roundtrip;
mod native_agreement;
mod outcome_solver;
mod print_shared;
mod pty;
mod python;
mod repl;
mod scripts;

//! The Python package (`python/`) through pytest: a virtual environment under `target/python-venv` with the
//! pinned packages of `tests/python/requirements.txt` (maturin, dask[distributed], pandas, pyarrow, pytest,
//! tqdm; created on first run and reused while the requirements file is unchanged) gets the extension built
//! into it once per run by `maturin develop --profile suite` (the test suite's profile, as `cargo test
//! --profile suite` uses), in this target directory (the package is a member of this workspace, so it reuses
//! the compiled `cgs` library), and runs `tests/python/`: value conversion, operators against cgs's own
//! answers, pickling across processes, errors, Ctrl-C, and `cgs.table` locally, on a two-worker Dask
//! `LocalCluster`, with a killed worker and resumed from Parquet. If Python or PyPI is unreachable the test
//! fails, saying so.

use super::kernel::{run, target_dir, venv};
use std::path::Path;
use std::process::Command;

#[test]
fn python_package_through_pytest() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let venv = venv("python-venv", "tests/python/requirements.txt");
    let path = format!("{}:{}", venv.join("bin").display(), std::env::var("PATH").unwrap_or_default());
    run(
        Command::new(venv.join("bin/maturin"))
            .args(["develop", "--profile", "suite", "--quiet", "-m"])
            .arg(root.join("python/Cargo.toml"))
            .env("VIRTUAL_ENV", &venv)
            .env("PATH", &path)
            .env("CARGO_TARGET_DIR", target_dir(root)),
        "maturin develop --profile suite (building the cgs extension)",
    );
    run(
        Command::new(venv.join("bin/python"))
            .args(["-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:logging"])
            .arg(root.join("tests/python"))
            .current_dir(root)
            .env("PATH", &path),
        "pytest tests/python",
    );
}

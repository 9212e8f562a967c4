//! The Python package (`python/`) through pytest: a virtual environment under `target/python-venv` with the
//! pinned packages of `tests/python/requirements.txt` (maturin, dask[distributed], pandas, pyarrow, pytest,
//! tqdm; created on first run and reused while the requirements file is unchanged) gets the extension built
//! into it once per run by `maturin develop --release`, in this target directory (the package is a member of
//! this workspace, so it reuses the compiled `cgs` library), and runs `tests/python/`: value conversion,
//! operators against cgs's own answers, pickling across processes, errors, Ctrl-C, and `cgs.table` locally,
//! on a two-worker Dask `LocalCluster`, with a killed worker and resumed from Parquet. If Python or PyPI is
//! unreachable the test fails, saying so.

use std::path::{Path, PathBuf};
use std::process::Command;

fn run(cmd: &mut Command, what: &str) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    assert!(
        out.status.success(),
        "{what} failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root.join("target"))
}

fn venv(root: &Path) -> PathBuf {
    let venv = target_dir(root).join("python-venv");
    let requirements = root.join("tests/python/requirements.txt");
    let wanted = std::fs::read_to_string(&requirements).expect("tests/python/requirements.txt");
    let stamp = venv.join("cgs-requirements.txt");
    if std::fs::read_to_string(&stamp).ok().as_deref() == Some(wanted.as_str()) {
        return venv;
    }
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
    run(Command::new(&python).args(["-m", "venv"]).arg(&venv), "creating the Python virtual environment");
    run(
        Command::new(venv.join("bin/pip"))
            .args(["install", "--disable-pip-version-check", "-q", "-r"])
            .arg(&requirements),
        "pip install -r tests/python/requirements.txt (is PyPI reachable?)",
    );
    std::fs::write(&stamp, wanted).expect("writing the requirements stamp");
    venv
}

#[test]
fn python_package_through_pytest() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let venv = venv(root);
    let path = format!("{}:{}", venv.join("bin").display(), std::env::var("PATH").unwrap_or_default());
    run(
        Command::new(venv.join("bin/maturin"))
            .args(["develop", "--release", "--quiet", "-m"])
            .arg(root.join("python/Cargo.toml"))
            .env("VIRTUAL_ENV", &venv)
            .env("PATH", &path)
            .env("CARGO_TARGET_DIR", target_dir(root)),
        "maturin develop --release (building the cgs extension)",
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

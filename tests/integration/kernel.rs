//! The Jupyter kernel through a real client: a Python virtual environment under `target/kernel-venv` with the
//! pinned packages of `tests/kernel/requirements.txt` (created on first run; reused while the requirements
//! file is unchanged) runs `tests/kernel/check_kernel.py`, which starts `cgs kernel` with `jupyter_client`,
//! checks execution, rich output, errors, completion, inspection, `is_complete` and interrupts, and runs
//! `examples/notebooks/tour.ipynb` with `nbclient`. If Python or PyPI is unreachable the test fails, saying so.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `cmd`, failing the test with its output when it fails.
pub(crate) fn run(cmd: &mut Command, what: &str) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    assert!(
        out.status.success(),
        "{what} failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The target directory (`CARGO_TARGET_DIR` or `target/` of the project).
pub(crate) fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root.join("target"))
}

/// A Python virtual environment `target/NAME` with the pinned packages of `requirements` (a path under the
/// project) installed; made again only when the requirements file changes.
pub(crate) fn venv(name: &str, requirements: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let venv = target_dir(root).join(name);
    let wanted = std::fs::read_to_string(root.join(requirements)).expect(requirements);
    let stamp = venv.join("cgs-requirements.txt");
    if std::fs::read_to_string(&stamp).ok().as_deref() == Some(wanted.as_str()) {
        return venv;
    }
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
    run(Command::new(&python).args(["-m", "venv"]).arg(&venv), "creating the Python virtual environment");
    run(
        Command::new(venv.join("bin/pip"))
            .args(["install", "--disable-pip-version-check", "-q", "-r"])
            .arg(root.join(requirements)),
        &format!("pip install -r {requirements} (is PyPI reachable?)"),
    );
    std::fs::write(&stamp, wanted).expect("writing the requirements stamp");
    venv
}

#[test]
fn kernel_through_jupyter_client_and_nbclient() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let venv = venv("kernel-venv", "tests/kernel/requirements.txt");
    // Run a copy of the notebook, so the test never rewrites the committed one.
    let copy = std::env::temp_dir().join(format!("cgs-tour-{}.ipynb", std::process::id()));
    std::fs::copy(root.join("examples/notebooks/tour.ipynb"), &copy).expect("copying the tour notebook");
    run(
        Command::new(venv.join("bin/python"))
            .arg(root.join("tests/kernel/check_kernel.py"))
            .arg(env!("CARGO_BIN_EXE_cgs"))
            .arg(&copy),
        "tests/kernel/check_kernel.py",
    );
    let _ = std::fs::remove_file(&copy);
}

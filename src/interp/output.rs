//! Safe file output: the one path every file-writing built-in (`Thermograph.Plot("t.svg")`,
//! `GameTree.Plot("t.svg")`) takes.
//!
//! The policy (issue 19, "output is safe"): a file is written only below the current directory or below a
//! directory named with `--allow-write DIR`; an existing file is replaced only when cgs wrote it (its text starts
//! with [`MARKER`]); the caller reports the path written. A script therefore cannot overwrite `~/.bashrc` or a
//! file of its user's.

use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;

/// The first line of every file cgs writes (an XML comment, valid at the start of an SVG file).
pub const MARKER: &str = "<!-- written by cgs -->";

static ALLOWED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Allows writing below `dir` as well as below the current directory (`--allow-write DIR`).
pub fn allow_write(dir: &Path) -> Result<(), String> {
    let dir = dir.canonicalize().map_err(|e| format!("cannot use `{}` for --allow-write: {e}", dir.display()))?;
    ALLOWED.lock().unwrap_or_else(|e| e.into_inner()).push(dir);
    Ok(())
}

/// The directories a file may be written below: the current directory and the `--allow-write` ones.
fn roots() -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> =
        std::env::current_dir().ok().and_then(|d| d.canonicalize().ok()).into_iter().collect();
    roots.extend(ALLOWED.lock().unwrap_or_else(|e| e.into_inner()).iter().cloned());
    roots
}

/// Writes `body` (after [`MARKER`] and a newline) to `path`, following the policy above. Returns the path as
/// given, for the caller's "Wrote …" line, or the reason it refused.
pub fn write_file(path: &str, body: &str) -> Result<String, String> {
    if path.is_empty() {
        return Err("the file name is empty".into());
    }
    let given = Path::new(path);
    let file_name = match given.components().next_back() {
        Some(Component::Normal(name)) => name.to_owned(),
        _ => return Err(format!("`{path}` does not name a file")),
    };
    let parent = match given.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let dir = parent.canonicalize().map_err(|_| format!("the directory `{}` does not exist", parent.display()))?;
    let target = dir.join(&file_name);
    if !roots().iter().any(|root| dir.starts_with(root)) {
        return Err(format!(
            "`{path}` is outside the current directory; run cgs with `--allow-write DIR` to write elsewhere"
        ));
    }
    match std::fs::symlink_metadata(&target) {
        Ok(meta) => {
            let ours = meta.is_file()
                && std::fs::read(&target).map(|bytes| bytes.starts_with(MARKER.as_bytes())).unwrap_or(false);
            if !ours {
                return Err(format!("`{path}` exists and was not written by cgs; it is left as it is"));
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(format!("cannot check `{path}`: {}", reason(&e))),
    }
    let text = format!("{MARKER}\n{body}");
    std::fs::write(&target, text).map_err(|e| format!("cannot write `{path}`: {}", reason(&e)))?;
    Ok(path.to_string())
}

fn reason(e: &std::io::Error) -> String {
    let text = e.to_string();
    text.find(" (os error").map_or(text.clone(), |i| text[..i].to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_below_the_current_directory_only_and_never_over_foreign_files() {
        // The test runs in the crate directory; use a scratch folder inside `target/`.
        let dir = Path::new("target/output-policy-test");
        let _ = std::fs::remove_dir_all(dir);
        std::fs::create_dir_all(dir).unwrap();
        let file = "target/output-policy-test/t.svg";
        assert_eq!(write_file(file, "<svg/>"), Ok(file.to_string()));
        assert!(std::fs::read_to_string(file).unwrap().starts_with(MARKER));
        // cgs's own file may be replaced.
        assert_eq!(write_file(file, "<svg></svg>"), Ok(file.to_string()));
        assert!(std::fs::read_to_string(file).unwrap().ends_with("<svg></svg>"));
        // A file cgs did not write is refused and left unchanged.
        std::fs::write("target/output-policy-test/mine.txt", "precious").unwrap();
        let e = write_file("target/output-policy-test/mine.txt", "x").unwrap_err();
        assert!(e.contains("was not written by cgs"), "{e}");
        assert_eq!(std::fs::read_to_string("target/output-policy-test/mine.txt").unwrap(), "precious");
        // Outside the current directory (absolute or through `..`) is refused.
        let e = write_file("/tmp/cgs-policy-test.svg", "x").unwrap_err();
        assert!(e.contains("outside the current directory"), "{e}");
        let e = write_file("../cgs-policy-test.svg", "x").unwrap_err();
        assert!(e.contains("outside the current directory"), "{e}");
        assert!(write_file("target/no-such-dir/t.svg", "x").unwrap_err().contains("does not exist"));
        assert!(write_file("target/..", "x").is_err());
        let _ = std::fs::remove_dir_all(dir);
    }
}

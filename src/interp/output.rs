//! Safe file output: the one path every file-writing built-in (`Thermograph.Plot("t.svg")`,
//! `GameTree.Plot("t.svg")`) takes.
//!
//! The policy (issue 19, "output is safe"): a file is written only below the current directory or below a
//! directory named with `--allow-write DIR`; an existing file is replaced only when cgs wrote it (its text starts
//! with [`MARKER`]); the caller reports the path written. A script therefore cannot overwrite `~/.bashrc` or a
//! file of its user's.
//!
//! Issue 36 (rows 8 and 13): only the marker's bytes of an existing file are read (a 3 GB file that starts with
//! it is not read into memory); a file with other names (hard links, link count above 1) is refused as a
//! symbolic link is, since replacing it would change what those names show; and the text goes to a new
//! temporary file in the same directory that is renamed into place, so a failed write leaves no half file and
//! the old file stays as it was.

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
            if !(meta.is_file() && starts_with_marker(&target)) {
                return Err(format!("`{path}` exists and was not written by cgs; it is left as it is"));
            }
            if link_count(&meta) > 1 {
                return Err(format!(
                    "`{path}` has other names (hard links), which replacing it would change; it is left as it is"
                ));
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(format!("cannot check `{path}`: {}", reason(&e))),
    }
    let text = format!("{MARKER}\n{body}");
    replace_with(&dir, &file_name, &target, text.as_bytes())
        .map_err(|e| format!("cannot write `{path}`: {}", reason(&e)))?;
    Ok(path.to_string())
}

/// Whether the file at `path` begins with [`MARKER`]: its first bytes only are read.
fn starts_with_marker(path: &Path) -> bool {
    use std::io::Read;
    let mut head = Vec::with_capacity(MARKER.len());
    std::fs::File::open(path)
        .and_then(|f| f.take(MARKER.len() as u64).read_to_end(&mut head))
        .is_ok_and(|_| head == MARKER.as_bytes())
}

#[cfg(unix)]
fn link_count(meta: &std::fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::nlink(meta)
}

#[cfg(not(unix))]
fn link_count(_: &std::fs::Metadata) -> u64 {
    1
}

/// Writes `bytes` to a new temporary file in `dir` (created exclusively, so never through a link someone
/// placed there) and renames it to `target`; on any failure the temporary file is removed and `target` is as
/// it was.
fn replace_with(dir: &Path, file_name: &std::ffi::OsStr, target: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::sync::atomic::{AtomicUsize, Ordering};
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let mut name = std::ffi::OsString::from(".");
    name.push(file_name);
    name.push(format!(".cgs-{}-{}.tmp", std::process::id(), COUNT.fetch_add(1, Ordering::Relaxed)));
    let temp = dir.join(name);
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)
        .and_then(|mut f| f.write_all(bytes).and_then(|()| f.sync_all()))
        .and_then(|()| std::fs::rename(&temp, target));
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
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

    #[test]
    fn hard_links_are_refused_and_only_the_marker_is_read() {
        let dir = Path::new("target/output-policy-links");
        let _ = std::fs::remove_dir_all(dir);
        std::fs::create_dir_all(dir.join("inner")).unwrap();
        // A cgs-written file with a second name: replacing it through either name is refused (issue 36 row 13).
        let outside = "target/output-policy-links/outside.svg";
        assert_eq!(write_file(outside, "<svg/>"), Ok(outside.to_string()));
        std::fs::hard_link(outside, dir.join("inner/hard.svg")).unwrap();
        let e = write_file("target/output-policy-links/inner/hard.svg", "<svg>new</svg>").unwrap_err();
        assert!(e.contains("hard links"), "{e}");
        assert_eq!(std::fs::read_to_string(outside).unwrap(), format!("{MARKER}\n<svg/>"));
        // A large sparse file that starts with the marker: only its first bytes are read, and it is replaced
        // by a rename (no temporary file is left behind).
        let big = dir.join("big.svg");
        let mut f = std::fs::File::create(&big).unwrap();
        std::io::Write::write_all(&mut f, MARKER.as_bytes()).unwrap();
        f.set_len(3 << 30).unwrap();
        drop(f);
        assert!(starts_with_marker(&big));
        assert_eq!(
            write_file("target/output-policy-links/big.svg", "<svg/>"),
            Ok("target/output-policy-links/big.svg".into())
        );
        assert_eq!(std::fs::metadata(&big).unwrap().len(), (MARKER.len() + 7) as u64);
        let names: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 3, "{names:?}");
        let _ = std::fs::remove_dir_all(dir);
    }
}

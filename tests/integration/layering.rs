//! The layering test: imports in `src/` point only downward (ARCHITECTURE.md, docs/ARCHITECTURE.md).
//!
//! Each file's layer is its top-level folder under `src/`; every path it names that starts at the crate root
//! (`crate::x`, `crate::{x, y}`, or a `super::` chain that climbs out of its folder) must name a module its
//! layer may use:
//!
//! | layer | folder | may import |
//! |---|---|---|
//! | front-ends | `main.rs`, `lib.rs`, `repl/`, `kernel/`, `embed/` | everything |
//! | rulesets | `ruleset/` | `library/`, `interp/`, `solve/`, `game/`, `syntax/`, `diag/` |
//! | class library | `library/` | `interp/`, `solve/`, `game/`, `syntax/`, `diag/` |
//! | interpreter | `interp/` | `solve/`, `game/`, `syntax/`, `diag/` |
//! | solvers | `solve/` | `game/` |
//! | engine | `game/` | — |
//! | beside | `syntax/`, `diag/` | each other |

use std::path::{Path, PathBuf};

/// The layer of a top-level module, and the top-level modules it may import.
fn allowed(layer: &str) -> Option<&'static [&'static str]> {
    Some(match layer {
        "front" => &["repl", "kernel", "ruleset", "library", "interp", "solve", "game", "syntax", "diag"],
        "ruleset" => &["library", "interp", "solve", "game", "syntax", "diag"],
        "library" => &["interp", "solve", "game", "syntax", "diag"],
        "interp" => &["solve", "game", "syntax", "diag"],
        "solve" => &["game"],
        "game" => &[],
        "syntax" | "diag" => &["syntax", "diag"],
        _ => return None,
    })
}

/// The top-level module of a file (its path relative to `src/`): `main.rs`, `lib.rs` and the front-end
/// folders are the layer `front`.
fn layer_of(rel: &Path) -> String {
    let first = rel.components().next().map(|c| c.as_os_str().to_string_lossy().into_owned()).unwrap_or_default();
    match first.as_str() {
        "main.rs" | "lib.rs" | "repl" | "kernel" | "embed" => "front".into(),
        other => other.trim_end_matches(".rs").to_string(),
    }
}

/// The module path of a file relative to `src/` (`game/short/store/arith.rs` → `[game, short, store, arith]`).
fn module_path(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel.iter().map(|c| c.to_string_lossy().into_owned()).collect();
    if let Some(last) = parts.pop() {
        let stem = last.trim_end_matches(".rs").to_string();
        if stem != "mod" && stem != "lib" && stem != "main" {
            parts.push(stem);
        }
    }
    parts
}

/// Strips `//` comments (not inside strings, which is good enough for `use` lines and paths).
fn code_of(line: &str) -> &str {
    match line.find("//") {
        Some(i) if !line[..i].contains('"') => &line[..i],
        _ => line,
    }
}

/// Top-level modules named by crate-rooted paths on one line of `file` (`crate::a::…`, `crate::{a, b}`,
/// `super::super::a` climbing to the root).
fn imports_on_line(module: &[String], line: &str) -> Vec<String> {
    let mut found = Vec::new();
    let code = code_of(line);
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        let preceded_by_ident = rest[..i].chars().last().is_some_and(|c| c.is_alphanumeric() || c == '_');
        let after = &rest[i + "crate::".len()..];
        if !preceded_by_ident {
            if let Some(group) = after.strip_prefix('{') {
                let mut depth = 0;
                let mut item = String::new();
                for c in group.chars() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => break,
                        '}' => depth -= 1,
                        ',' if depth == 0 => {
                            found.push(first_ident(&item));
                            item.clear();
                            continue;
                        }
                        _ => {}
                    }
                    if depth == 0 || c != '{' {
                        item.push(c);
                    }
                }
                found.push(first_ident(&item));
            } else {
                found.push(first_ident(after));
            }
        }
        rest = after;
    }
    // `super::` chains: climbing above the top-level module names a sibling top-level module.
    let mut rest = code;
    while let Some(i) = rest.find("super::") {
        let preceded_by_ident = rest[..i].chars().last().is_some_and(|c| c.is_alphanumeric() || c == '_');
        let mut tail = &rest[i..];
        let mut ups = 0;
        while let Some(t) = tail.strip_prefix("super::") {
            ups += 1;
            tail = t;
        }
        if !preceded_by_ident && ups >= module.len() {
            found.push(first_ident(tail));
        }
        rest = &rest[i + "super::".len() * ups..];
    }
    found.retain(|m| !m.is_empty() && m != "self" && m != "*");
    found
}

fn first_ident(s: &str) -> String {
    s.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect()
}

/// Every upward (or sideways, forbidden) import in the files, as `file:line: layer imports module`.
fn violations(files: &[(PathBuf, String)]) -> Vec<String> {
    let mut out = Vec::new();
    for (rel, text) in files {
        let layer = layer_of(rel);
        let Some(ok) = allowed(&layer) else {
            out.push(format!("{}: top-level module `{layer}` has no layer: add it to the table", rel.display()));
            continue;
        };
        let module = module_path(rel);
        let own = module.first().cloned().unwrap_or_default();
        for (n, line) in text.lines().enumerate() {
            for m in imports_on_line(&module, line) {
                let same = m == own || (layer == "front" && (m == "repl" || m == "kernel"));
                if !same && !ok.contains(&m.as_str()) && allowed(&layer_of(Path::new(&m))).is_some() {
                    out.push(format!("{}:{}: `{layer}` must not import `{m}`: {}", rel.display(), n + 1, line.trim()));
                }
            }
        }
    }
    out
}

fn rust_files(dir: &Path, root: &Path, out: &mut Vec<(PathBuf, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, root, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&p).expect("a source file is readable");
            out.push((p.strip_prefix(root).expect("below src/").to_path_buf(), text));
        }
    }
}

#[test]
fn imports_point_only_downward() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &root, &mut files);
    assert!(files.len() > 50, "the source tree was not found at {}", root.display());
    let v = violations(&files);
    assert!(v.is_empty(), "upward imports:\n{}", v.join("\n"));
}

/// The checker itself finds what it must: an engine file importing the interpreter, a grouped import, a
/// `super` chain out of its folder, and a solver importing a ruleset — and accepts downward imports.
#[test]
fn the_checker_catches_upward_imports() {
    let f = |path: &str, text: &str| (PathBuf::from(path), text.to_string());
    let files = vec![
        f("game/short/x.rs", "use crate::interp::value::Value;\nuse crate::game::Dyadic;"),
        f("game/y.rs", "use crate::{game::GameId, ruleset::memo};"),
        f("solve/z.rs", "fn f() { crate::ruleset::install(x) } // crate::interp in a comment is fine"),
        f("interp/w.rs", "use super::super::ruleset::script;\nuse super::value::Value;\nuse crate::solve::grid::Grid;"),
        f(
            "ruleset/v.rs",
            "use crate::interp::Interpreter;\nuse crate::game::Games;\nuse crate::library::grid::GridValue;",
        ),
        f("main.rs", "use cgs::ruleset; use crate::repl;"),
        f("interp/eval/u.rs", "use crate::interp::value::Value;\n    (crate::library::find_member)(v, name)"),
        f("library/board/t.rs", "use crate::interp::native::Site;\nuse crate::ruleset::memo::Memo;"),
    ];
    let v = violations(&files);
    assert_eq!(v.len(), 6, "{v:#?}");
    assert!(v[0].starts_with("game/short/x.rs:1: `game` must not import `interp`"), "{}", v[0]);
    assert!(v[1].starts_with("game/y.rs:1: `game` must not import `ruleset`"), "{}", v[1]);
    assert!(v[2].starts_with("solve/z.rs:1: `solve` must not import `ruleset`"), "{}", v[2]);
    assert!(v[3].starts_with("interp/w.rs:1: `interp` must not import `ruleset`"), "{}", v[3]);
    assert!(v[4].starts_with("interp/eval/u.rs:2: `interp` must not import `library`"), "{}", v[4]);
    assert!(v[5].starts_with("library/board/t.rs:2: `library` must not import `ruleset`"), "{}", v[5]);
}

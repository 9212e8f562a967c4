//! The file-level import graph of `src/` and the rules on it (docs/ARCHITECTURE.md, "Import rules"):
//! - **no import circle between files**: the strongly connected components of the graph of file → file
//!   references are single files (a `mod.rs` and its children are separate files);
//! - **the library's families form a tree**: a file of `library/<a>/` names another family `<b>` only through
//!   `library/<b>/mod.rs` (its face), and the graph of families has no cycle.
//!
//! A reference is every path that starts at `crate::`, `super::`, `self::` or at a child module the file declares
//! (`mod x;` then `x::f()` or `use x::Y`), in `use` items and in code alike. It is resolved to the file that
//! defines the item: the longest module prefix that is a file (or an inline module of one), then through that
//! file's `use` aliases (a `pub use b::X` in `a/mod.rs` makes `crate::a::X` a reference to `a/b.rs`) and its glob
//! re-exports. A glob import (`use super::*`) is a reference to the file it names. A visibility `pub(in path)`
//! is not a reference (it names an enclosing module and imports nothing). Comments and string literals are
//! skipped; `#[cfg(test)]` code counts like any other.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One source file, parsed just enough: its module path, the child modules it declares, its `use` aliases, the
/// globs it imports, the items it defines, and the paths it names.
#[derive(Debug, Default)]
pub struct FileInfo {
    /// Relative to `src/` (`game/short/store/arith.rs`).
    pub rel: PathBuf,
    /// Absolute module path (`[game, short, store, arith]`; `[]` for `lib.rs`).
    pub module: Vec<String>,
    /// Names bound by `use` items at file level (not inside inline modules): local name → absolute path.
    aliases: BTreeMap<String, Vec<String>>,
    /// Absolute paths of the modules glob-imported at file level (`use x::*`).
    globs: Vec<Vec<String>>,
    /// Item names defined at file level (`fn`, `struct`, `enum`, `trait`, `type`, `const`, `static`, `mod`,
    /// `macro_rules!`, `union`).
    defined: BTreeSet<String>,
    /// Inline modules (`mod tests { … }`), as absolute module paths.
    inline: Vec<Vec<String>>,
    /// Every absolute path named, with its line.
    refs: Vec<(usize, Vec<String>)>,
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
    if rel == Path::new("main.rs") {
        // The binary is its own crate; its `crate::` is not the library's.
        parts = vec!["<main>".into()];
    }
    parts
}

/// The text with comments and the insides of string and character literals replaced by spaces (line breaks
/// kept, so line numbers stay).
fn strip(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied().unwrap_or('\0');
        if c == '/' && next == '/' {
            while i < b.len() && b[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == '*' {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
        } else if c == 'r'
            && (next == '"' || next == '#')
            && !b.get(i.wrapping_sub(1)).is_some_and(|p| p.is_alphanumeric() || *p == '_')
        {
            // A raw string r"…" or r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            out.push('"');
            for _ in i + 1..=j {
                out.push(' ');
            }
            i = j + 1;
            while i < b.len() {
                if b[i] == '"' && (0..hashes).all(|k| b.get(i + 1 + k) == Some(&'#')) {
                    out.push('"');
                    for _ in 0..hashes {
                        out.push(' ');
                    }
                    i += 1 + hashes;
                    break;
                }
                out.push(blank(b[i]));
                i += 1;
            }
        } else if c == '"' {
            out.push('"');
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < b.len() {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
            out.push('"');
            i += 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{..}'), else a lifetime.
            if next == '\\' {
                let mut j = i + 2;
                while j < b.len() && b[j] != '\'' {
                    j += 1;
                }
                for _ in i..=j.min(b.len() - 1) {
                    out.push(' ');
                }
                i = j + 1;
            } else if b.get(i + 2) == Some(&'\'') {
                out.push_str("   ");
                i += 3;
            } else {
                out.push(c);
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Colons,
    Open,
    Close,
    Comma,
    Semi,
    Star,
    Bang,
    Paren,
    Other,
}

/// Tokens with their line numbers (1-based).
fn tokens(code: &str) -> Vec<(usize, Tok)> {
    let b: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c.is_alphabetic() || c == '_' {
            let s = i;
            while i < b.len() && (b[i].is_alphanumeric() || b[i] == '_') {
                i += 1;
            }
            let word: String = b[s..i].iter().collect();
            let word = word.strip_prefix("r#").map(str::to_string).unwrap_or(word);
            out.push((line, Tok::Ident(word)));
        } else if c == '\'' {
            // A lifetime (character literals were blanked by `strip`): `'static` is not the keyword.
            i += 1;
            while i < b.len() && (b[i].is_alphanumeric() || b[i] == '_') {
                i += 1;
            }
            out.push((line, Tok::Other));
        } else if c == ':' && b.get(i + 1) == Some(&':') {
            out.push((line, Tok::Colons));
            i += 2;
        } else {
            out.push((
                line,
                match c {
                    '{' => Tok::Open,
                    '}' => Tok::Close,
                    ',' => Tok::Comma,
                    ';' => Tok::Semi,
                    '*' => Tok::Star,
                    '!' => Tok::Bang,
                    '(' => Tok::Paren,
                    _ => Tok::Other,
                },
            ));
            i += 1;
        }
    }
    out
}

const ITEM_KEYWORDS: &[&str] = &["fn", "struct", "enum", "trait", "type", "const", "static", "mod", "union"];

/// Resolves the leading segments of a written path against the module `at` (the module the path is written
/// in): `crate` → root, `self` → `at`, `super` → parent, a declared child `x` → `at::x`. `None` for paths that
/// start elsewhere (an extern crate, a local name, a type).
fn absolute(at: &[String], children: &BTreeSet<String>, path: &[String]) -> Option<Vec<String>> {
    let first = path.first()?;
    let mut base: Vec<String>;
    let mut rest = path;
    match first.as_str() {
        "crate" => {
            base = if at.first().is_some_and(|m| m == "<main>") { vec!["<main>".into()] } else { vec![] };
            rest = &path[1..];
        }
        "self" => {
            base = at.to_vec();
            rest = &path[1..];
        }
        "super" => {
            base = at.to_vec();
            while rest.first().is_some_and(|s| s == "super") {
                base.pop();
                rest = &rest[1..];
            }
        }
        name if children.contains(name) && path.len() > 1 => base = at.to_vec(),
        _ => return None,
    }
    base.extend(rest.iter().filter(|s| *s != "self").cloned());
    Some(base)
}

/// Parses one file.
pub fn parse(rel: &Path, text: &str) -> FileInfo {
    let module = module_path(rel);
    let code = strip(text);
    let toks = tokens(&code);
    let mut info = FileInfo { rel: rel.to_path_buf(), module: module.clone(), ..FileInfo::default() };
    // Pass 1: child modules declared (file-level `mod x;` and inline `mod x {`), per enclosing module.
    let mut children: BTreeMap<Vec<String>, BTreeSet<String>> = BTreeMap::new();
    {
        let mut stack: Vec<(usize, Vec<String>)> = Vec::new();
        let mut depth = 0usize;
        let mut at = module.clone();
        for (k, (_, t)) in toks.iter().enumerate() {
            match t {
                Tok::Open => depth += 1,
                Tok::Close => {
                    depth = depth.saturating_sub(1);
                    if stack.last().is_some_and(|(d, _)| *d == depth) {
                        at = stack.pop().map(|(_, m)| m).unwrap_or_default();
                    }
                }
                Tok::Ident(w) if w == "mod" => {
                    if let Some((_, Tok::Ident(name))) = toks.get(k + 1) {
                        children.entry(at.clone()).or_default().insert(name.clone());
                        if toks.get(k + 2).map(|x| &x.1) == Some(&Tok::Open) {
                            let mut inner = at.clone();
                            inner.push(name.clone());
                            info.inline.push(inner.clone());
                            stack.push((depth, at.clone()));
                            at = inner;
                        }
                    }
                }
                _ => {}
            }
        }
    }
    // Pass 2: `use` trees, item definitions, and paths in code.
    let mut stack: Vec<(usize, Vec<String>)> = Vec::new();
    let mut depth = 0usize;
    let mut at = module.clone();
    let mut k = 0;
    let empty = BTreeSet::new();
    while k < toks.len() {
        let (line, t) = &toks[k];
        match t {
            Tok::Open => depth += 1,
            Tok::Close => {
                depth = depth.saturating_sub(1);
                if stack.last().is_some_and(|(d, _)| *d == depth) {
                    at = stack.pop().map(|(_, m)| m).unwrap_or_default();
                }
            }
            Tok::Ident(w) if w == "mod" => {
                if let (Some((_, Tok::Ident(name))), Some((_, Tok::Open))) = (toks.get(k + 1), toks.get(k + 2)) {
                    if at == module {
                        info.defined.insert(name.clone());
                    }
                    let mut inner = at.clone();
                    inner.push(name.clone());
                    stack.push((depth, at.clone()));
                    at = inner;
                    depth += 1;
                    k += 3;
                    continue;
                } else if let Some((_, Tok::Ident(name))) = toks.get(k + 1) {
                    if at == module {
                        info.defined.insert(name.clone());
                    }
                }
            }
            Tok::Ident(w) if ITEM_KEYWORDS.contains(&w.as_str()) || w == "macro_rules" => {
                let skip = if w == "macro_rules" { 2 } else { 1 };
                if let Some((_, Tok::Ident(name))) = toks.get(k + skip) {
                    if at == module && (w != "const" || name != "fn") {
                        info.defined.insert(name.clone());
                    }
                }
            }
            Tok::Ident(w) if w == "pub" && toks.get(k + 1).map(|x| &x.1) == Some(&Tok::Paren) => {
                // A visibility `pub(in path)` names an enclosing module; it imports nothing: skip the path.
                if matches!(toks.get(k + 2), Some((_, Tok::Ident(i))) if i == "in") {
                    k += 3;
                    while matches!(toks.get(k).map(|x| &x.1), Some(Tok::Ident(_) | Tok::Colons)) {
                        k += 1;
                    }
                    continue;
                }
            }
            Tok::Ident(w) if w == "use" => {
                let kids = children.get(&at).unwrap_or(&empty);
                let mut leaves = Vec::new();
                k = use_tree(&toks, k + 1, &mut Vec::new(), &mut leaves);
                for (path, alias, glob) in leaves {
                    let Some(abs) = absolute(&at, kids, &path) else { continue };
                    info.refs.push((*line, abs.clone()));
                    if at == module {
                        if glob {
                            info.globs.push(abs);
                        } else if let Some(a) = alias {
                            info.aliases.insert(a, abs);
                        }
                    }
                }
                continue;
            }
            Tok::Ident(_) => {
                // A path in code: ident (:: ident)*, not preceded by `::`.
                let preceded = k > 0 && toks[k - 1].1 == Tok::Colons;
                if !preceded {
                    let mut path = Vec::new();
                    let mut j = k;
                    while let Some((_, Tok::Ident(s))) = toks.get(j) {
                        path.push(s.clone());
                        if toks.get(j + 1).map(|x| &x.1) == Some(&Tok::Colons) {
                            j += 2;
                        } else {
                            break;
                        }
                    }
                    if path.len() > 1 {
                        let kids = children.get(&at).unwrap_or(&empty);
                        if let Some(abs) = absolute(&at, kids, &path) {
                            info.refs.push((*line, abs));
                        }
                        k = j + 1;
                        continue;
                    }
                }
            }
            _ => {}
        }
        k += 1;
    }
    info
}

/// Parses a `use` tree starting at token `k` (after `use`), pushing every leaf as (path, bound name, glob);
/// returns the index after the tree's end (after `;`, or at the `,`/`}` that closes a group member).
fn use_tree(
    toks: &[(usize, Tok)],
    mut k: usize,
    prefix: &mut Vec<String>,
    leaves: &mut Vec<(Vec<String>, Option<String>, bool)>,
) -> usize {
    let base = prefix.len();
    // Leading `::` (2015-style absolute) is ignored.
    if toks.get(k).map(|x| &x.1) == Some(&Tok::Colons) {
        k += 1;
    }
    loop {
        match toks.get(k).map(|x| &x.1) {
            Some(Tok::Ident(s)) => {
                let s = s.clone();
                k += 1;
                if toks.get(k).map(|x| &x.1) == Some(&Tok::Colons) {
                    prefix.push(s);
                    k += 1;
                    continue;
                }
                // A leaf: `name` or `name as alias`.
                let mut bound = if s == "self" { prefix.last().cloned() } else { Some(s.clone()) };
                if let (Some((_, Tok::Ident(a))), Some((_, Tok::Ident(b)))) = (toks.get(k), toks.get(k + 1)) {
                    if a == "as" {
                        bound = if b == "_" { None } else { Some(b.clone()) };
                        k += 2;
                    }
                }
                let mut path = prefix.clone();
                if s != "self" {
                    path.push(s);
                }
                leaves.push((path, bound, false));
                break;
            }
            Some(Tok::Star) => {
                leaves.push((prefix.clone(), None, true));
                k += 1;
                break;
            }
            Some(Tok::Open) => {
                k += 1;
                loop {
                    match toks.get(k).map(|x| &x.1) {
                        Some(Tok::Close) => {
                            k += 1;
                            break;
                        }
                        Some(Tok::Comma) => k += 1,
                        None => break,
                        _ => {
                            let mut inner = prefix.clone();
                            k = use_tree(toks, k, &mut inner, leaves);
                        }
                    }
                }
                break;
            }
            _ => break,
        }
    }
    prefix.truncate(base);
    if toks.get(k).map(|x| &x.1) == Some(&Tok::Semi) {
        k += 1;
    }
    k
}

/// The files of `src/`, parsed, with an index from module path to file.
pub struct Graph {
    pub files: Vec<FileInfo>,
    by_module: BTreeMap<Vec<String>, usize>,
}

impl Graph {
    pub fn new(files: &[(PathBuf, String)]) -> Graph {
        let files: Vec<FileInfo> = files.iter().map(|(rel, text)| parse(rel, text)).collect();
        let mut by_module = BTreeMap::new();
        for (i, f) in files.iter().enumerate() {
            by_module.insert(f.module.clone(), i);
            for m in &f.inline {
                by_module.entry(m.clone()).or_insert(i);
            }
        }
        Graph { files, by_module }
    }

    /// The file that defines the item an absolute path names (following `use` aliases and globs), if any.
    pub fn resolve(&self, path: &[String]) -> Option<usize> {
        self.resolve_until(path, &|_| false)
    }

    /// [`Graph::resolve`], stopping at the first file for which `stop` holds.
    pub fn resolve_until(&self, path: &[String], stop: &dyn Fn(usize) -> bool) -> Option<usize> {
        let mut path = path.to_vec();
        for _ in 0..16 {
            let (n, &file) = (1..=path.len()).rev().find_map(|n| self.by_module.get(&path[..n]).map(|f| (n, f)))?;
            if stop(file) {
                return Some(file);
            }
            let f = &self.files[file];
            let Some(next) = path.get(n) else { return Some(file) };
            // Only file-level names are followed (not those of an inline module).
            if f.module != path[..n] || f.defined.contains(next) {
                return Some(file);
            }
            if let Some(target) = f.aliases.get(next) {
                let mut p = target.clone();
                p.extend(path[n + 1..].iter().cloned());
                path = p;
                continue;
            }
            // A glob re-export that brings the name.
            let via = f.globs.iter().find_map(|g| {
                let mut p = g.clone();
                p.push(next.clone());
                let target = self.resolve_shallow(&p)?;
                (target != file).then_some(p)
            });
            match via {
                Some(mut p) => {
                    p.extend(path[n + 1..].iter().cloned());
                    path = p;
                }
                None => return Some(file),
            }
        }
        None
    }

    /// Whether a file-level module exists for `path` minus its last segment and defines or aliases that name.
    fn resolve_shallow(&self, path: &[String]) -> Option<usize> {
        let (last, module) = path.split_last()?;
        let &file = self.by_module.get(module)?;
        let f = &self.files[file];
        (f.module == module && (f.defined.contains(last) || f.aliases.contains_key(last))).then_some(file)
    }

    /// file → files it references, each with the first line that does.
    pub fn edges(&self) -> Vec<BTreeMap<usize, usize>> {
        self.files
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let mut out = BTreeMap::new();
                for (line, p) in &f.refs {
                    if let Some(j) = self.resolve(p) {
                        if j != i {
                            out.entry(j).or_insert(*line);
                        }
                    }
                }
                out
            })
            .collect()
    }
}

/// Strongly connected components of more than one node (Tarjan), each sorted, in order of their first node.
pub fn cycles(n: usize, edges: &dyn Fn(usize) -> Vec<usize>) -> Vec<Vec<usize>> {
    struct St<'a> {
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        out: Vec<Vec<usize>>,
        edges: &'a dyn Fn(usize) -> Vec<usize>,
    }
    fn visit(s: &mut St, v: usize) {
        s.index[v] = Some(s.next);
        s.low[v] = s.next;
        s.next += 1;
        s.stack.push(v);
        s.on[v] = true;
        for w in (s.edges)(v) {
            match s.index[w] {
                None => {
                    visit(s, w);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(iw) if s.on[w] => s.low[v] = s.low[v].min(iw),
                _ => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on[w] = false;
                comp.push(w);
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s =
        St { index: vec![None; n], low: vec![0; n], on: vec![false; n], stack: vec![], next: 0, out: vec![], edges };
    for v in 0..n {
        if s.index[v].is_none() {
            visit(&mut s, v);
        }
    }
    s.out.sort();
    s.out
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

fn source() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &root, &mut files);
    assert!(files.len() > 50, "the source tree was not found at {}", root.display());
    files
}

/// Each file-level import circle, as its files and, for each file, one reference to the next file of the circle
/// it reaches (so the report says which line to change).
pub fn file_cycles(files: &[(PathBuf, String)]) -> Vec<(Vec<String>, Vec<String>)> {
    let g = Graph::new(files);
    let edges = g.edges();
    let comps = cycles(g.files.len(), &|v| edges[v].keys().copied().collect());
    comps
        .into_iter()
        .map(|c| {
            let mut names: Vec<String> = c.iter().map(|&i| g.files[i].rel.display().to_string()).collect();
            names.sort();
            let mut why = Vec::new();
            for &i in &c {
                for (&j, &line) in &edges[i] {
                    if c.contains(&j) {
                        why.push(format!("{}:{line} → {}", g.files[i].rel.display(), g.files[j].rel.display()));
                    }
                }
            }
            (names, why)
        })
        .collect()
}

#[test]
#[ignore = "prints the measured graph"]
fn print_file_cycles() {
    for (names, why) in file_cycles(&source()) {
        println!("== {} files: {}", names.len(), names.join(" "));
        for w in why {
            println!("   {w}");
        }
    }
}

/// The import circles that remain, each the exact set of its files and why it is not broken yet
/// (docs/ARCHITECTURE.md, "Import rules"). None is left: the last, the interpreter core's recursive types one
/// piece per file, went when their declarations moved to the leaf `interp/model/types.rs` (helper `cycle7`), so the
/// test fails on any circle.
const KNOWN_CYCLES: &[(&[&str], &str)] = &[];

/// A component's files against the allow-list: an error per new, changed or vanished circle.
fn unexpected_cycles(found: &[(Vec<String>, Vec<String>)], known: &[(&[&str], &str)]) -> Vec<String> {
    let mut out = Vec::new();
    for (names, why) in found {
        if !known.iter().any(|(k, _)| k.len() == names.len() && k.iter().zip(names).all(|(a, b)| a == b)) {
            out.push(format!(
                "an import circle of {} files:\n  {}\n  {}",
                names.len(),
                names.join("\n  "),
                why.join("\n  ")
            ));
        }
    }
    for (k, reason) in known {
        if !found.iter().any(|(names, _)| k.len() == names.len() && k.iter().zip(names).all(|(a, b)| a == b)) {
            out.push(format!("the listed circle {k:?} ({reason}) is gone or changed: update KNOWN_CYCLES"));
        }
    }
    out
}

#[test]
fn no_file_level_import_circle() {
    let found = file_cycles(&source());
    let v = unexpected_cycles(&found, KNOWN_CYCLES);
    assert!(v.is_empty(), "{}", v.join("\n"));
}

/// The checker finds what it must: a circle through a `use` alias of a `mod.rs` (`pub use b::X` makes
/// `crate::a::X` name `a/b.rs`), one through `super::` and a child module named bare, one through a path in code;
/// and none for a parent that only declares its children, nor for `use super::*` in an inline test module.
#[test]
fn the_cycle_checker_finds_circles() {
    let f = |path: &str, text: &str| (PathBuf::from(path), text.to_string());
    let files = vec![
        // a/mod.rs re-exports b's type; c uses it through a; b uses c in code: b → c → (a →) b.
        f("a/mod.rs", "mod b;\nmod c;\npub use b::Thing;\n"),
        f("a/b.rs", "pub struct Thing;\nfn g() { crate::a::c::helper() }\n"),
        f("a/c.rs", "use crate::a::Thing; // crate::z::Nothing in a comment\npub fn helper() {}\n"),
        // d/mod.rs calls its child by its bare name; the child uses the parent's own type through super.
        f("d/mod.rs", "mod e;\npub struct Root;\nfn h() { e::run() }\n"),
        f("d/e.rs", "use super::Root;\npub fn run() {}\n"),
        // f/mod.rs only declares its child; the child and the tests use the parent: no circle.
        f("f/mod.rs", "mod g;\npub struct Base;\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n"),
        f("f/g.rs", "use super::Base;\nconst S: &str = \"crate::f::g::x\";\nfn k() -> &'static Base { todo!() }\n"),
        // h/mod.rs calls its child, which names h only in a visibility (`pub(in crate::h)`): no circle.
        f("h/mod.rs", "mod i;\nfn h() { i::run() }\n"),
        f("h/i.rs", "pub(in crate::h) fn run() {}\npub(crate) fn other() {}\n"),
    ];
    let found = file_cycles(&files);
    let names: Vec<Vec<String>> = found.iter().map(|(n, _)| n.clone()).collect();
    assert_eq!(names, vec![vec!["a/b.rs".to_string(), "a/c.rs".into()], vec!["d/e.rs".into(), "d/mod.rs".into()]]);
    assert!(found[0].1.contains(&"a/c.rs:1 → a/b.rs".to_string()), "{:?}", found[0].1);
    // The allow-list is exact: a listed circle passes, an unlisted one and a stale row fail.
    let known: &[(&[&str], &str)] = &[(&["a/b.rs", "a/c.rs"], "test"), (&["x.rs", "y.rs"], "stale")];
    let v = unexpected_cycles(&found, known);
    assert_eq!(v.len(), 2, "{v:#?}");
    assert!(v[0].starts_with("an import circle of 2 files:\n  d/e.rs\n  d/mod.rs"), "{}", v[0]);
    assert!(v[1].contains("[\"x.rs\", \"y.rs\"]"), "{}", v[1]);
}

mod families;

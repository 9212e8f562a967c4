//! The standard library of rulesets: `stdlib/*.cgs`, written in cgs, embedded in the binary and loaded lazily
//! in every new workspace ([`super::install`]): a file is parsed and evaluated when a cell first names
//! something it defines (see [`load`]).
//!
//! Each file is registered in the interpreter's source registry under a pseudo-path such as
//! `<stdlib/clobber.cgs>`, so a diagnostic raised inside a stdlib function points into the stdlib's own text.
//! Before each cell of a file runs, the files its text names are loaded; then every top-level name the file
//! defined moves from the user's variables to the native globals, so it survives `:clear` and a user's
//! assignment to the same name only shadows it. Names starting with `_` are helpers internal to the stdlib.
//!
//! Before the files run, [`super::shortcut::register`] adds the natives the stdlib builds on:
//! `NativeValue` (the native solvers) and `ByRules`.

use crate::diag::{render, Diagnostic};
use crate::interp::Interpreter;
use crate::syntax::parse::parse_cells_trusted;
use crate::syntax::span::Span;
use rustc_hash::FxHashMap;
use std::collections::HashSet;
use std::sync::{Mutex, OnceLock};

/// The stdlib files, in load order: pseudo-path and text.
pub const FILES: &[(&str, &str)] = &[
    ("<stdlib/prelude.cgs>", include_str!("../../stdlib/prelude.cgs")),
    ("<stdlib/domineering.cgs>", include_str!("../../stdlib/domineering.cgs")),
    ("<stdlib/clobber.cgs>", include_str!("../../stdlib/clobber.cgs")),
    ("<stdlib/toads.cgs>", include_str!("../../stdlib/toads.cgs")),
    ("<stdlib/toppling.cgs>", include_str!("../../stdlib/toppling.cgs")),
    ("<stdlib/hackenbush.cgs>", include_str!("../../stdlib/hackenbush.cgs")),
    ("<stdlib/cutcake.cgs>", include_str!("../../stdlib/cutcake.cgs")),
    ("<stdlib/skijumps.cgs>", include_str!("../../stdlib/skijumps.cgs")),
    ("<stdlib/subtraction.cgs>", include_str!("../../stdlib/subtraction.cgs")),
    ("<stdlib/bipass.cgs>", include_str!("../../stdlib/bipass.cgs")),
    ("<stdlib/coordinates.cgs>", include_str!("../../stdlib/coordinates.cgs")),
    ("<stdlib/heap.cgs>", include_str!("../../stdlib/heap.cgs")),
    ("<stdlib/grid_games.cgs>", include_str!("../../stdlib/grid_games.cgs")),
    ("<stdlib/graph_games.cgs>", include_str!("../../stdlib/graph_games.cgs")),
    ("<stdlib/loopy_games.cgs>", include_str!("../../stdlib/loopy_games.cgs")),
    ("<stdlib/variants.cgs>", include_str!("../../stdlib/variants.cgs")),
];

/// Member names whose implementation lives in a stdlib file (a cell naming one loads the file): the variants of
/// every game and ruleset are classes of variants.cgs, `TakeAndBreak.FromSubtractionSet` a function of
/// subtraction.cgs.
const MEMBER_TRIGGERS: &[(&str, &str)] = &[
    ("DicoticVariant", "<stdlib/variants.cgs>"),
    ("ImpartialVariant", "<stdlib/variants.cgs>"),
    ("TwistedVariant", "<stdlib/variants.cgs>"),
    ("FromSubtractionSet", "<stdlib/subtraction.cgs>"),
    // The native heap rulesets' members that call heap.cgs (`Nim PartizanJoin Kayles`).
    ("Join", "<stdlib/heap.cgs>"),
    ("PartizanJoin", "<stdlib/heap.cgs>"),
    ("CakeProduct", "<stdlib/heap.cgs>"),
    ("AcrosticProduct", "<stdlib/heap.cgs>"),
    ("DirectProduct", "<stdlib/heap.cgs>"),
];

/// A global name as `&'static str`, leaked once per distinct name for the life of the process (the native
/// globals are keyed by static strings; the stdlib defines a fixed, small set of names).
fn intern(name: &str) -> &'static str {
    static NAMES: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut names = NAMES.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    if let Some(n) = names.get(name) {
        return n;
    }
    let n: &'static str = Box::leak(name.to_string().into_boxed_str());
    names.insert(n);
    n
}

include!(concat!(env!("OUT_DIR"), "/stdlib_names.rs"));

/// The top-level names each stdlib file defines (`ruleset N`, `def N`, `N :=` at the start of a line), by file
/// index, found by scanning the text when cgs is built (build.rs, `scanned_names`; the test below checks them
/// against what evaluating each file defines).
fn defined_names() -> &'static [Vec<&'static str>] {
    static NAMES: OnceLock<Vec<Vec<&'static str>>> = OnceLock::new();
    NAMES.get_or_init(|| FILES.iter().map(|(path, _)| scanned_names(path).split_ascii_whitespace().collect()).collect())
}

/// The stdlib file defining each name.
fn index() -> &'static FxHashMap<&'static str, usize> {
    static INDEX: OnceLock<FxHashMap<&'static str, usize>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index = FxHashMap::default();
        for (i, names) in defined_names().iter().enumerate() {
            for name in names {
                index.insert(*name, i);
            }
        }
        for (name, file) in MEMBER_TRIGGERS {
            if let Some(i) = FILES.iter().position(|(f, _)| f == file) {
                index.entry(*name).or_insert(i);
            }
        }
        index
    })
}

include!("identifier_len.rs");

/// The text after the string literal or comment that `s` starts with (`"…"` with its escapes, up to the end
/// of its line if unterminated; `// …` to the end of the line; `/* … */`), `None` if it starts with neither.
fn skip_string_or_comment(s: &str) -> Option<&str> {
    if let Some(body) = s.strip_prefix("//") {
        return Some(body.find('\n').map_or("", |i| &body[i..]));
    }
    if let Some(body) = s.strip_prefix("/*") {
        return Some(body.find("*/").map_or("", |i| &body[i + 2..]));
    }
    let body = s.strip_prefix('"')?;
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some(&body[i + 1..]),
            '\n' => return Some(&body[i..]),
            '\\' => {
                chars.next();
            }
            _ => {}
        }
    }
    Some("")
}

/// Which stdlib files a workspace has loaded (per workspace state).
#[derive(Default)]
struct Loaded(Vec<bool>);

impl crate::interp::gc::Extension for Loaded {
    fn trace(&mut self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
}

/// Prepares a fresh interpreter for the stdlib: registers the natives it builds on and installs the lazy loader.
/// No file is parsed here: a file is parsed and evaluated the first time a cell (of the user's or of another
/// stdlib file) mentions a name it defines, so `cgs -e 0` parses none. Its names are listed for completion
/// from the start, and `?X` help loads everything first.
pub fn load(interp: &mut Interpreter) {
    let interrupt = interp.interrupt_flag();
    super::shortcut::register(interp.globals_mut(), interrupt);
    let globals = interp.globals_mut();
    globals.library_names = defined_names().iter().flatten().copied().collect();
    interp.set_library_loader(load_for);
}

/// The [`crate::interp::LibraryLoader`] of the stdlib: loads, in load order, every file not loaded yet that
/// defines an identifier written in `span` (every file for `None`). In a user's cell an identifier inside a
/// string or comment loads its file too, which only costs time; in a stdlib file's own cells strings and
/// comments are skipped ([`skip_string_or_comment`]), as the stdlib names what it needs in its code (toads.cgs's
/// `"BackslidingToadsAndFrogs"` solver name, resolved natively, no longer loads loopy_games.cgs; cutcake.cgs's
/// comments naming `GenCutcake` no longer load heap.cgs).
fn load_for(interp: &mut Interpreter, span: Option<Span>) {
    let loaded = &interp.globals_mut().extensions.get::<Loaded>().0;
    if loaded.len() == FILES.len() && loaded.iter().all(|l| *l) {
        return;
    }
    let mut wanted = vec![false; FILES.len()];
    match span {
        None => wanted.fill(true),
        Some(span) => {
            let code_only = interp.sources().name(span.file).starts_with("<stdlib/");
            let text = interp.sources().text(span.file);
            let text = text.get(span.range()).unwrap_or(text);
            let index = index();
            let mut rest = text;
            while !rest.is_empty() {
                if let Some(after) = skip_string_or_comment(rest).filter(|_| code_only) {
                    rest = after;
                    continue;
                }
                let len = identifier_len(rest);
                if len == 0 {
                    let stop = |c: char| c.is_ascii_alphabetic() || c == '_' || (code_only && (c == '"' || c == '/'));
                    let skip = rest.find(stop).unwrap_or(rest.len());
                    rest = &rest[skip.max(1).min(rest.len())..];
                    continue;
                }
                if let Some(&i) = index.get(&rest[..len]) {
                    wanted[i] = true;
                }
                rest = &rest[len..];
            }
        }
    }
    for (i, want) in wanted.into_iter().enumerate() {
        if want {
            load_file(interp, i);
        }
    }
}

/// Parses and evaluates stdlib file `i` unless it is loaded, with the user's variables set aside (so the file
/// neither sees nor overwrites them), then moves the names it defined to the native globals, so they survive
/// `:clear` and a user's assignment to the same name only shadows them. Returns the names it defined. The
/// stdlib is part of cgs, so an error in it is a bug: it is reported on stderr (and fails the unit test
/// below), and loading carries on with the next cell.
fn load_file(interp: &mut Interpreter, i: usize) -> Vec<std::rc::Rc<str>> {
    let loaded = &mut interp.globals_mut().extensions.get::<Loaded>().0;
    loaded.resize(FILES.len(), false);
    if std::mem::replace(&mut loaded[i], true) {
        return Vec::new();
    }
    let user = std::mem::take(&mut interp.globals_mut().vars);
    let mut sink = std::io::sink();
    let (name, text) = FILES[i];
    let file = interp.sources().add(name, text);
    for cell in parse_cells_trusted(text, file) {
        let result = if cell.errors.is_empty() {
            interp.eval_cell(&cell.block, &mut sink).err().map(|e| vec![Diagnostic::from(&e)])
        } else {
            Some(cell.errors.iter().map(Diagnostic::from).collect())
        };
        for d in result.unwrap_or_default() {
            let mut err = std::io::stderr();
            render(&d, interp.sources(), &mut err, false);
        }
    }
    let globals = interp.globals_mut();
    let defined = std::mem::replace(&mut globals.vars, user);
    let mut names = Vec::new();
    for (name, value) in defined {
        // A function standing for a class of CGSuite's library prints as that class.
        if let crate::interp::value::Value::Function(f) = &value {
            if let crate::interp::value::Function::Closure(c) = &**f {
                let q = Some(crate::interp::classes::qualified(&name))
                    .filter(|q| q.contains('.'))
                    .or_else(|| crate::library::namespaces::qualified_in_package(&name));
                if let Some(q) = q.filter(|_| !name.starts_with('_')) {
                    crate::interp::class_functions::register_library_function(&c.def, &q);
                }
            }
        }
        // So does a ruleset declaration with parameters (`GenMem`, `PartizanHeapRuleset`).
        if let crate::interp::value::Value::Object(_) = &value {
            if let Some(q) = crate::library::namespaces::qualified_in_package(&name).filter(|_| !name.starts_with('_'))
            {
                super::objects::register_library_schema(&value, &q);
            }
        }
        globals.natives.insert(intern(&name), value);
        names.push(name);
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse::parse_cells;

    /// The stdlib is split into cells by the trusted splitter (which skips visibly open prefixes); it must find
    /// exactly the cells of the exact one.
    #[test]
    fn trusted_split_agrees_with_exact_split() {
        for (name, text) in FILES {
            let exact: Vec<_> = parse_cells(text, 0).into_iter().map(|c| c.span).collect();
            let trusted: Vec<_> = parse_cells_trusted(text, 0).into_iter().map(|c| c.span).collect();
            assert_eq!(exact, trusted, "{name}");
        }
    }

    /// The names found by scanning each file are exactly the names evaluating it defines, and no name is
    /// defined by two files (lazy loading could otherwise let the earlier file's definition win).
    #[test]
    fn scanned_names_are_the_defined_names() {
        let mut seen = HashSet::new();
        for (i, scanned) in defined_names().iter().enumerate() {
            let mut interp = crate::new_interpreter();
            let mut defined: Vec<String> = load_file(&mut interp, i).iter().map(|n| n.to_string()).collect();
            let mut scanned: Vec<String> = scanned.iter().map(|n| n.to_string()).collect();
            defined.sort();
            scanned.sort();
            assert_eq!(defined, scanned, "{}", FILES[i].0);
            for name in scanned {
                assert!(seen.insert(name.clone()), "{name} is defined twice");
            }
        }
    }

    fn run(interp: &mut Interpreter, src: &str) -> String {
        let file = interp.sources().add("<test>", src);
        let mut out = Vec::new();
        for cell in crate::syntax::parse::parse_cells(src, file) {
            interp.eval_cell(&cell.block, &mut out).unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    /// A cell that names no stdlib name loads no file; one that does loads its file and the files that file
    /// needs, without touching the user's variables of the same names; everything loads before help.
    #[test]
    fn files_load_when_named() {
        let mut interp = crate::new_interpreter();
        let loaded = |interp: &mut Interpreter| interp.globals_mut().extensions.get::<Loaded>().0.clone();
        assert_eq!(run(&mut interp, "1 + 1"), "2\n");
        assert!(!loaded(&mut interp).contains(&true));
        assert!(interp.completion_names().contains(&"Domineering".to_string()));
        run(&mut interp, "Cram := 5; _Unused := 6");
        // The cell naming `Cram` loaded domineering.cgs (and the prelude it uses) before it ran: `Cram` is also a
        // native, which the user's variable shadows.
        assert_eq!(run(&mut interp, "Domineering(\"..\").CanonicalForm"), "-1\n");
        assert_eq!(run(&mut interp, "[Cram, _Unused]"), "[5,6]\n");
        let files = loaded(&mut interp);
        assert!(files[0] && files[1] && !files[2], "{files:?}");
        // A stdlib file's strings and comments load nothing: toads.cgs names its native loopy solver
        // `"BackslidingToadsAndFrogs"` (a loopy_games.cgs ruleset), cutcake.cgs's comments name heap.cgs's
        // `GenCutcake`.
        let at = |f: &str| FILES.iter().position(|(n, _)| *n == f).unwrap();
        assert_eq!(
            run(&mut interp, "[ToadsAndFrogs(\"t.tff\").CanonicalForm, Cutcake((2, 3)).CanonicalForm]"),
            "[^,0]\n"
        );
        let files = loaded(&mut interp);
        assert!(files[at("<stdlib/toads.cgs>")] && files[at("<stdlib/cutcake.cgs>")], "{files:?}");
        assert!(!files[at("<stdlib/loopy_games.cgs>")] && !files[at("<stdlib/heap.cgs>")], "{files:?}");
        assert_eq!(skip_string_or_comment("\"a\\\"b\" x"), Some(" x"));
        assert_eq!(skip_string_or_comment("// Cram\nx"), Some("\nx"));
        assert_eq!(skip_string_or_comment("/* Cram */x"), Some("x"));
        assert_eq!(skip_string_or_comment("/ 2"), None);
        interp.load_library();
        assert!(!loaded(&mut interp).contains(&false));
        for name in defined_names().iter().flatten() {
            assert!(interp.globals_mut().natives.contains_key(name), "{name}");
        }
    }
}

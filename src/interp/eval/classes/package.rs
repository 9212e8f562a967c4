//! User packages (CGSuite's class path for a folder of class files): `examples.Nim(10)` reads
//! `examples/Nim.cgs` of the running script's folder or of the working directory once, without binding `Nim`
//! globally, and gives its class (docs/LANGUAGE.md §10, "Packages of class files").
//!
//! A name that is no variable and names a folder beside the script or in the working directory (in that order) is
//! a package; its members are its
//! subfolders (packages) and the classes of its `.cgs` files, each file evaluated the first time it is named
//! with its sibling files' classes visible by their short names (as CGSuite resolves names in a package). The
//! class prints with its package (`⟪examples.Nim.Position⟫`), its objects as before (`Nim.Position(3)`).

use super::super::machine::*;
use super::types::UserClass;
use crate::interp::env::Scope;
use crate::interp::object::downcast_ref;
use std::path::{Path, PathBuf};

/// A folder of class files as a value.
#[derive(Debug)]
pub struct UserPackage {
    /// The folder.
    dir: PathBuf,
    /// The package's qualified name (`examples`, `examples.sub`).
    qualified: Rc<str>,
    /// For a folder named as a library package (`game/grid` beside the script): that package, which answers
    /// the names the folder has no file for (CGSuite's class path: the user's class files beside the system's).
    library: Option<Value>,
}

/// The classes read from package folders, by file, each read once per workspace; and the folder of the script
/// being run or last run, whose packages come before the working directory's.
#[derive(Default)]
pub(in crate::interp::eval) struct PackageClasses {
    loaded: std::collections::HashMap<PathBuf, Value>,
    script_folder: Option<PathBuf>,
    /// Per library package name (`game`), the folder of that name found beside the script or in the working
    /// directory, if any, asked once per script folder.
    overlays: std::collections::HashMap<String, Option<PathBuf>>,
    /// The files being read (a class naming itself, or a sibling naming it back, before it is declared).
    reading: std::collections::HashSet<PathBuf>,
}

impl crate::interp::gc::Extension for PackageClasses {
    fn trace(&mut self, t: &mut crate::interp::gc::Tracer) -> bool {
        self.loaded.values().all(|v| t.value(v))
    }
    // `:clear` forgets the classes read, not where the session's script is.
    fn on_clear(&mut self) {
        self.loaded.clear();
    }
}

impl crate::interp::Interpreter {
    /// Runs what follows as the script at `path`: a package is looked for in the script's folder first, then in
    /// the working directory (docs/LANGUAGE.md §10, "Packages of class files"). The folder stays the session's
    /// until another script runs (a REPL after `cgs -i script.cgs` or `:load` still finds the script's packages).
    pub fn set_script_path(&mut self, path: &Path) {
        let folder = path.parent().filter(|d| !d.as_os_str().is_empty()).map(Path::to_path_buf);
        let classes = self.globals.extensions.get::<PackageClasses>();
        if classes.script_folder != folder {
            classes.overlays.clear();
        }
        classes.script_folder = folder;
    }
}

impl crate::interp::Interpreter {
    /// See [`names_package_folder`].
    pub(crate) fn names_package_folder(&mut self, text: &str) -> bool {
        names_package_folder(&mut self.globals, text)
    }
}

/// Whether `text` (a cell) names a package folder (`game.grid.Domineering` with a `game` folder beside the
/// script, `examples.Nim`): its class files are evaluated without their text passing the library's lazy
/// loader, so the cell loads the whole library first (a file may name `ImpartialVariant`, `FromSubtractionSet`).
fn names_package_folder(globals: &mut Globals, text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        if !(bytes[i].is_ascii_alphabetic() || bytes[i] == b'_') {
            i += 1;
            continue;
        }
        while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            i += 1;
        }
        let word = &text[start..i];
        let after_dot = start > 0 && bytes[start - 1] == b'.';
        if !after_dot && bytes.get(i) == Some(&b'.') && word.starts_with(|c: char| c.is_ascii_lowercase()) {
            let dir = UserPackage::cached_folder(globals, word);
            if dir.is_some() {
                return true;
            }
        }
    }
    false
}

/// A reference to the class of a sibling file, seen by the classes of a package by its short name: the class,
/// read when first used (a file may name itself and its siblings before they are read).
#[derive(Debug)]
struct SiblingClass {
    package: Rc<UserPackage>,
    name: Rc<str>,
}

impl UserPackage {
    /// The package of the folder `name` of the running script's folder or, failing that, of the working
    /// directory, if there is one.
    pub(in crate::interp::eval) fn root(globals: &mut Globals, name: &str) -> Option<Value> {
        if !name.starts_with(|c: char| c.is_ascii_lowercase()) || !name.chars().all(|c| c.is_alphanumeric() || c == '_')
        {
            return None;
        }
        let dir = Self::folder(globals, name)?;
        Some(Value::Object(Rc::new(UserPackage { dir, qualified: name.into(), library: None })))
    }

    /// [`UserPackage::folder`], asked once per name per script folder (the answer kept in the workspace).
    fn cached_folder(globals: &mut Globals, name: &str) -> Option<PathBuf> {
        if let Some(d) = globals.extensions.get::<PackageClasses>().overlays.get(name) {
            return d.clone();
        }
        let d = Self::folder(globals, name);
        globals.extensions.get::<PackageClasses>().overlays.insert(name.to_string(), d.clone());
        d
    }

    /// The folder `name` beside the script, else in the working directory.
    fn folder(globals: &mut Globals, name: &str) -> Option<PathBuf> {
        let beside_script = globals.extensions.get::<PackageClasses>().script_folder.as_ref().map(|f| f.join(name));
        beside_script.into_iter().chain([PathBuf::from(name)]).find(|d| d.is_dir())
    }

    /// The library package `value` named `name` (`game`), or, when a folder of that name is beside the script or
    /// in the working directory, that folder as a package whose files come first and whose other names are the
    /// library package's (CGSuite's class files loaded as written: `game.grid.Domineering` reads
    /// `game/grid/Domineering.cgs`, `game.grid.Clobber` the folder's `constants.cgs` or the library's).
    pub(in crate::interp::eval) fn overlay(globals: &mut Globals, name: &str, value: &Value) -> Option<Value> {
        let Value::Object(o) = value else { return None };
        if o.type_name() != "Package" || downcast_ref::<UserPackage>(&**o).is_some() {
            return None;
        }
        let dir = Self::cached_folder(globals, name)?;
        Some(Value::Object(Rc::new(UserPackage { dir, qualified: name.into(), library: Some(value.clone()) })))
    }

    fn file(&self, name: &str) -> PathBuf {
        self.dir.join(format!("{name}.cgs"))
    }
}

fn script_err(message: String, span: Span) -> EvalError {
    EvalError::new(ErrorKind::Script { message }, span)
}

impl Object for UserPackage {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "Package"
    }
    fn display(&self, games: &mut Games) -> String {
        match &self.library {
            // As the library package it stands over prints (`game.grid`).
            Some(Value::Object(l)) => l.display(games),
            _ => format!("\u{27ea}{}\u{27eb}", self.qualified),
        }
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<std::cmp::Ordering> {
        downcast_ref::<UserPackage>(other).map(|o| self.dir.cmp(&o.dir))
    }
    fn member(
        &self,
        m: &mut Machine,
        this: &Value,
        name: &str,
        args: &[Value],
        site: &Site,
    ) -> Option<Result<Value, EvalError>> {
        let Value::Object(o) = this else { return None };
        let package = crate::interp::object::downcast_rc::<UserPackage>(o)?;
        let sub = self.dir.join(name);
        let ident = Ident { name: name.into(), span: site.span };
        if args.is_empty() && sub.is_dir() {
            let qualified: Rc<str> = format!("{}.{name}", self.qualified).into();
            let library = self.library.clone().and_then(|l| m.invoke_member(l, &ident, &[], &[], site.span).ok());
            return Some(Ok(Value::Object(Rc::new(UserPackage { dir: sub, qualified, library }))));
        }
        if !self.file(name).is_file() {
            // A folder over a library package: a member of its `constants.cgs` (CGSuite's package constants),
            // else the library package's.
            if self.library.is_some() && self.file("constants").is_file() {
                let constants = m.package_class(&package, "constants", site.span);
                let declared = constants.as_ref().map_or(Some(false), |c| declares(c, name));
                match (constants, declared) {
                    (Err(e), _) => return Some(Err(e)),
                    // A variable holding a ruleset, called with the arguments (`game.strip.ToadsAndFrogs("t.f")`).
                    (Ok(c), Some(true)) => {
                        let v = m.invoke_member(c, &ident, &[], &[], site.span);
                        return Some(if args.is_empty() { v } else { v.and_then(|v| m.call_value(&v, args, site)) });
                    }
                    (Ok(c), Some(false)) => return Some(m.invoke_member(c, &ident, args, site.args, site.span)),
                    (Ok(_), None) => {}
                }
            }
            if let Some(l) = &self.library {
                return Some(m.invoke_member(l.clone(), &ident, args, site.args, site.span));
            }
            // CGSuite 2.2 says the package's root is not defined.
            let root = self.qualified.split('.').next().unwrap_or_default().to_string();
            return Some(Err(EvalError::new(ErrorKind::UndefinedVariable { name: root }, site.span)));
        }
        let class = m.package_class(&package, name, site.span);
        if args.is_empty() {
            return Some(class);
        }
        Some(class.and_then(|c| m.call_value(&c, args, site)))
    }
}

/// Whether the class value `class` (a singleton such as CGSuite's `constants`) declares the member `name`: as a
/// variable (`Some(true)`), as a `def` (`Some(false)`), or not (`None`).
fn declares(class: &Value, name: &str) -> Option<bool> {
    let Value::Object(o) = class else { return None };
    let c = downcast_ref::<UserClass>(&**o)?;
    if c.declares_var(name) {
        Some(true)
    } else {
        c.find_def(name, false).map(|_| false)
    }
}

/// Whether `v` is a reference to a sibling class file (what [`sibling_class`] reads when it is named).
pub(super) fn is_sibling_class(v: &Value) -> bool {
    matches!(v, Value::Object(o) if downcast_ref::<SiblingClass>(&**o).is_some())
}

/// The class a sibling class file declares, read now, when `v` is such a reference (`None` for any other value).
pub(in crate::interp::eval) fn sibling_class(
    m: &mut Machine,
    v: &Value,
    span: Span,
) -> Option<Result<Value, EvalError>> {
    let Value::Object(o) = v else { return None };
    let s = downcast_ref::<SiblingClass>(&**o)?;
    if m.globals.extensions.get::<PackageClasses>().reading.contains(&s.package.file(&s.name)) {
        return None;
    }
    Some(m.package_class(&s.package, &s.name, span))
}

impl Object for SiblingClass {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "Class"
    }
    fn display(&self, _: &mut Games) -> String {
        format!("\u{27ea}{}.{}\u{27eb}", self.package.qualified, self.name)
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<std::cmp::Ordering> {
        downcast_ref::<SiblingClass>(other).map(|o| (&self.package.dir, &self.name).cmp(&(&o.package.dir, &o.name)))
    }
    fn member(
        &self,
        m: &mut Machine,
        _: &Value,
        name: &str,
        args: &[Value],
        site: &Site,
    ) -> Option<Result<Value, EvalError>> {
        Some(m.package_class(&self.package, &self.name, site.span).and_then(|c| {
            let ident = Ident { name: name.into(), span: site.span };
            m.invoke_member(c, &ident, args, site.args, site.span)
        }))
    }
    fn call(&self, m: &mut Machine, _: &Value, args: &[Value], site: &Site) -> Option<Result<Value, EvalError>> {
        Some(m.package_class(&self.package, &self.name, site.span).and_then(|c| m.call_value(&c, args, site)))
    }
}

impl<'a> Machine<'a> {
    /// The class of file `name` of `package`, read and evaluated the first time.
    fn package_class(&mut self, package: &Rc<UserPackage>, name: &str, span: Span) -> Result<Value, EvalError> {
        let path = package.file(name);
        if let Some(v) = self.globals.extensions.get::<PackageClasses>().loaded.get(&path) {
            return Ok(v.clone());
        }
        let shown = format!("{}/{name}.cgs", package.dir.display());
        let text = std::fs::read_to_string(&path).map_err(|e| script_err(format!("Cannot read {shown}: {e}"), span))?;
        // The sibling files' classes by their short names, then the file's statements in that scope.
        let mut scope = Scope::default();
        if let Ok(entries) = std::fs::read_dir(&package.dir) {
            for e in entries.flatten() {
                let p = e.path();
                let Some(stem) = p.file_stem().and_then(|s| s.to_str()) else { continue };
                if p.extension().is_some_and(|x| x == "cgs") {
                    let r = SiblingClass { package: package.clone(), name: stem.into() };
                    scope.insert(stem.into(), Value::Object(Rc::new(r)));
                }
            }
        }
        // The file's spans name no registered source: its errors are reported at the use, naming the file.
        let cells = crate::syntax::parse::parse_cells(&text, crate::syntax::span::FileId::MAX);
        let saved = std::mem::replace(&mut *self.locals, Locals::for_call(scope, LocalScope::new()));
        self.globals.extensions.get::<PackageClasses>().reading.insert(path.clone());
        let r = (|| {
            for cell in &cells {
                if let Some(e) = cell.errors.first() {
                    let line = text[..(e.span.start as usize).min(text.len())].lines().count().max(1);
                    return Err(script_err(format!("Syntax error in {shown} (line {line})"), span));
                }
                for stmt in &cell.block.stmts {
                    self.eval(stmt).map_err(|x| self.escaped(x))?;
                }
            }
            let class = self.locals.lookup(name).cloned();
            class.ok_or_else(|| script_err(format!("{shown} declares no class `{name}`"), span))
        })();
        self.globals.extensions.get::<PackageClasses>().reading.remove(&path);
        *self.locals = saved;
        let class = r.map_err(|e| {
            if e.span.file == crate::syntax::span::FileId::MAX {
                script_err(format!("In {shown}: {}", e.message()), span)
            } else {
                e
            }
        })?;
        if let Value::Object(o) = &class {
            if let Some(c) = downcast_ref::<UserClass>(&**o) {
                let _ = c.package.set(package.qualified.clone());
            }
        }
        self.globals.extensions.get::<PackageClasses>().loaded.insert(path, class.clone());
        Ok(class)
    }
}

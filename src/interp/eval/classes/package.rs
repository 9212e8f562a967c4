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
}

/// The classes read from package folders, by file, each read once per workspace; and the folder of the script
/// being run or last run, whose packages come before the working directory's.
#[derive(Default)]
pub(in crate::interp::eval) struct PackageClasses {
    loaded: std::collections::HashMap<PathBuf, Value>,
    script_folder: Option<PathBuf>,
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
        self.globals.extensions.get::<PackageClasses>().script_folder = folder;
    }
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
        let beside_script = globals.extensions.get::<PackageClasses>().script_folder.as_ref().map(|f| f.join(name));
        let dir = beside_script.into_iter().chain([PathBuf::from(name)]).find(|d| d.is_dir())?;
        Some(Value::Object(Rc::new(UserPackage { dir, qualified: name.into() })))
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
    fn display(&self, _: &mut Games) -> String {
        format!("\u{27ea}{}\u{27eb}", self.qualified)
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
        if args.is_empty() && sub.is_dir() {
            let qualified: Rc<str> = format!("{}.{name}", self.qualified).into();
            return Some(Ok(Value::Object(Rc::new(UserPackage { dir: sub, qualified }))));
        }
        if !self.file(name).is_file() {
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
        let saved = std::mem::replace(&mut self.locals, Locals::for_call(scope, LocalScope::new()));
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
        self.locals = saved;
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

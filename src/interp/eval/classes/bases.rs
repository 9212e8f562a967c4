//! The library classes a user class may extend (`extends Game`, `GridRuleset`, …): their chains of ancestors,
//! CGSuite's qualified names, the members a subclass must mark `override`, and the classes cgs cannot extend.
//! The facts are the registry's: each class's declaration says whether and how a user class may extend it
//! ([`ClassDecl::extensible`]), its parents and its qualified name (`crate::interp::registry`); this file reads
//! them, once, from the installed library. A leaf of the user-class files: the class types (`types.rs`), the
//! declarations (`decl.rs`) and the game and ruleset classes' behaviour (`game_classes.rs`) read it.

use crate::interp::registry::{installed, ClassDecl, Extensible};
use std::sync::OnceLock;

/// The library classes a user class may extend, and the pairs it may extend together, each with its chain of
/// ancestors (nearest first), as [`crate::interp::registry::Library::user_bases`] gives them: what
/// `UserClass::library` names and [`library_chain`] reads. Empty until a library is installed.
fn bases() -> &'static [(&'static str, &'static [&'static str])] {
    static BASES: OnceLock<Vec<(&'static str, &'static [&'static str])>> = OnceLock::new();
    let lib = installed();
    if lib.classes.is_empty() {
        // No library installed yet: nothing to remember.
        return &[];
    }
    BASES.get_or_init(|| {
        // Built once per process, for its lifetime (the declarations are static).
        lib.user_bases()
            .into_iter()
            .map(|(name, chain)| (&*Box::leak(name.into_boxed_str()), &*Box::leak(chain.into_boxed_slice())))
            .collect()
    })
}

/// The declaration of the library class `name` (as `extends` names it) when it says what a user class may do
/// with it.
fn declared(name: &str) -> Option<&'static ClassDecl> {
    installed().user_base(name)
}

/// Whether a user class of the name `name` wins over the library class of that name in an `extends` clause (the
/// user has loaded CGSuite's file of it, as written): cgs's own base is used only without one.
pub(in crate::interp::eval) fn user_first(name: &str) -> bool {
    declared(name).is_some_and(|c| matches!(c.extensible, Extensible::Yes { user_first: true, .. }))
}

/// The entry of [`bases`] for a class extending the library classes `a` and `b` together (`StripGame` and
/// `ImpartialGame`), if cgs has one.
pub(in crate::interp::eval) fn library_combine(a: &str, b: &str) -> Option<&'static str> {
    [format!("{a}+{b}"), format!("{b}+{a}")].iter().find_map(|n| bases().iter().find(|(l, _)| l == n).map(|(l, _)| *l))
}

/// `extends Name`: `Some(Ok(base))` for a library class cgs supports, `Some(Err(why))` for one it does not,
/// `None` for any other name.
pub(in crate::interp::eval) fn library_base(name: &str) -> Option<Result<&'static str, &'static str>> {
    match declared(name)?.extensible {
        Extensible::Yes { .. } => bases().iter().find(|(n, _)| *n == name).map(|(n, _)| Ok(*n)),
        Extensible::Refused(why) => Some(Err(why)),
        Extensible::No => None,
    }
}

/// The library class `lib` and its ancestors, nearest first.
pub(in crate::interp::eval) fn library_chain(lib: Option<&str>) -> &'static [&'static str] {
    lib.and_then(|l| bases().iter().find(|(n, _)| *n == l)).map_or(&[], |(_, chain)| chain)
}

/// The library member a declaration `name` overrides (`game.Game.Options`), if any.
pub(in crate::interp::eval) fn library_overrides(lib: Option<&str>, name: &str) -> Option<String> {
    library_chain(lib).iter().find_map(|c| {
        let decl = declared(c)?;
        let Extensible::Yes { overrides, .. } = decl.extensible else { return None };
        overrides.contains(&name).then(|| format!("{}.{name}", decl.qualified))
    })
}

/// The qualified name CGSuite prints for a class of the standard library written in cgs (the variant classes of
/// stdlib/variants.cgs live in CGSuite's `game.variant`: the registry's hook says so); other classes print their
/// own name.
pub(in crate::interp::eval) fn library_class_name(name: &str) -> String {
    (installed().script_class_qualified)(name).unwrap_or_else(|| name.to_string())
}

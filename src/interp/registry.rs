//! The registry: what the core knows of the class library without naming any of its families.
//!
//! The class library layer declares every CGSuite class once, as a [`ClassDecl`] (its name, its
//! qualified name, its parents, its member tables and the Rust types that represent it), and fills one
//! [`Library`]: the class declarations and the few typed hooks through which the evaluator asks the library
//! what only the library knows (the members of a value, the operators of values that are not short games, the
//! literals of loopy games, ranges, …). `library::install` puts it in the workspace; an interpreter without a
//! library ([`Library::NONE`]) evaluates the core language and has no native members.
//!
//! # Lookup order of `x.Name(args)`
//! 1. `x.Class`: the user class of a user object, else the class the registry gives the value.
//! 2. For an object: [`Library::tree_member`] (members a position answers from its game tree), then the
//!    object protocol ([`super::object::Object::member`], then [`super::object::Object::members`], then the
//!    members of its canonical game when it is game-like and names no class tables).
//! 3. [`Library::find_member`]: for a value that is not an object, the tables [`Library::lookup_tables`]
//!    gives for its class (its class's declared tables, then its parents'); for an object, the tables it
//!    names through [`super::object::Object::class_members`] (declared in its class's [`ClassDecl`]).
//! 4. [`Library::generic_member`]: members every game or every value answers (`Object`'s members).
//! 5. The evaluator's own fallbacks (`C.Eval`, class variants), else "not a member".
//!
//! [`ClassDecl`], [`Library`] and [`RustType`] are declared in the core's leaf of types (`model/types.rs`,
//! `model/parts.rs`: the hooks take the machine, which holds the library); their code is here, and this file
//! re-exports them.

use super::error::{ErrorKind, EvalError};
use super::eval::{Eval, Machine};
pub use super::model::parts::{Extensible, RustType};
pub use super::model::types::{ClassDecl, Library};
use super::native::{Member, NativeFn, Site};
use super::value::Value;
use crate::game::GameId;
use crate::syntax::ast::Expr;
use crate::syntax::span::Span;
use std::any::TypeId;
use std::sync::OnceLock;

impl ClassDecl {
    /// A class with a name and a qualified name, and nothing else yet.
    pub const fn new(name: &'static str, qualified: &'static str) -> ClassDecl {
        ClassDecl {
            name,
            qualified,
            parents: &[],
            also_is: &[],
            members: &[],
            representation: &[],
            statics: &[],
            globals: &[],
            types: &[],
            printed_as: &[],
            extensible: Extensible::No,
            declares: &[],
        }
    }

    /// The class with the members CGSuite's class declares whose rows are in an ancestor's table (see
    /// [`ClassDecl::declares`]).
    pub const fn declares(mut self, names: &'static [&'static str]) -> ClassDecl {
        self.declares = names;
        self
    }

    /// The class with its parents.
    pub const fn parents(mut self, parents: &'static [&'static str]) -> ClassDecl {
        self.parents = parents;
        self
    }

    /// The class with the classes it also belongs to for `is` (see [`ClassDecl::also_is`]).
    pub const fn also_is(mut self, classes: &'static [&'static str]) -> ClassDecl {
        self.also_is = classes;
        self
    }

    /// The class with its member tables.
    pub const fn members(mut self, members: &'static [&'static [Member]]) -> ClassDecl {
        self.members = members;
        self
    }

    /// The class with the member tables of one of its representations (see [`ClassDecl::representation`]).
    pub const fn representation(mut self, tables: &'static [&'static [Member]]) -> ClassDecl {
        self.representation = tables;
        self
    }

    /// The class with the members of the class itself.
    pub const fn statics(mut self, tables: &'static [&'static [Member]]) -> ClassDecl {
        self.statics = tables;
        self
    }

    /// Every member table the class declares: its members, its representations', its static members'.
    pub fn tables(&self) -> impl Iterator<Item = &'static [Member]> {
        self.members.iter().chain(self.representation).chain(self.statics).copied()
    }

    /// The class with its global functions.
    pub const fn globals(mut self, globals: &'static [NativeFn]) -> ClassDecl {
        self.globals = globals;
        self
    }

    /// The class with the Rust types that represent it.
    pub const fn types(mut self, types: &'static [fn() -> RustType]) -> ClassDecl {
        self.types = types;
        self
    }

    /// The class with the names cgs prints its rulesets with (see [`ClassDecl::printed_as`]).
    pub const fn printed_as(mut self, names: &'static [&'static str]) -> ClassDecl {
        self.printed_as = names;
        self
    }

    /// The class, which a user class may extend (see [`Extensible`]), with the members CGSuite's class declares
    /// that a subclass must mark `override`.
    pub const fn extensible(mut self, overrides: &'static [&'static str]) -> ClassDecl {
        self.extensible = Extensible::Yes { overrides, user_first: false, with: &[] };
        self
    }

    /// The class, extensible, with the library classes a user class may extend together with it (see
    /// [`Extensible::Yes`]'s `with`).
    pub const fn extensible_with(
        mut self,
        overrides: &'static [&'static str],
        with: &'static [&'static str],
    ) -> ClassDecl {
        self.extensible = Extensible::Yes { overrides, user_first: false, with };
        self
    }

    /// The class, extensible, but a user class of the same name is extended instead when there is one (see
    /// [`Extensible::Yes`]'s `user_first`).
    pub const fn extensible_user_first(mut self, overrides: &'static [&'static str]) -> ClassDecl {
        self.extensible = Extensible::Yes { overrides, user_first: true, with: &[] };
        self
    }

    /// The class, which cgs cannot let a user class extend, with why.
    pub const fn not_extensible(mut self, why: &'static str) -> ClassDecl {
        self.extensible = Extensible::Refused(why);
        self
    }
}

/// The [`RustType`] of `T` (a row of [`ClassDecl::types`]).
pub fn rust_type<T: 'static>() -> RustType {
    RustType { id: TypeId::of::<T>(), name: std::any::type_name::<T>() }
}

impl std::fmt::Debug for Library {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Library({} families)", self.classes.len())
    }
}

fn no_range(a: &Value, b: &Value) -> Result<Value, ErrorKind> {
    Err(ErrorKind::NoOperation { op: "..", types: vec![a.type_name().into(), b.type_name().into()] })
}

fn no_sided(_: &mut Machine, _: GameId, _: GameId) -> Result<Value, ErrorKind> {
    Err(ErrorKind::Script { message: "sided values need the class library".to_string() })
}

fn no_loopy_literal(_: &mut Machine, _: [Vec<(Value, Span)>; 2]) -> Result<Value, ErrorKind> {
    Err(ErrorKind::Script { message: "loopy game literals need the class library".to_string() })
}

fn no_literal(_: &mut Machine, e: &Expr) -> Eval<Value> {
    let message = "loopy game literals need the class library".to_string();
    Err(EvalError::new(ErrorKind::Script { message }, e.span).into())
}

fn no_explicit(_: &mut Machine, _: [Vec<(Value, Span)>; 2]) -> Result<Value, EvalError> {
    let message = "explicit game forms need the class library".to_string();
    Err(EvalError::new(ErrorKind::Script { message }, Span::default()))
}

fn no_grid(s: &Site, _: &str, _: &str) -> Result<Value, EvalError> {
    Err(s.bug())
}

impl Library {
    /// No library: the core language only.
    pub const NONE: Library = Library {
        classes: &[],
        upper: &[],
        find_member: |_, _| None,
        generic_member: |_, _| None,
        tree_member: |_, _, _, _, _, _| None,
        call_object: |_, _, _, _| None,
        infinite_binary: |_, _, _| None,
        divide_by_zero: |_| Err(ErrorKind::DivisionByZero),
        big_binary: |_, _, _, _| None,
        sided: no_sided,
        game_literal: no_literal,
        loopy_literal: no_loopy_literal,
        explicit: no_explicit,
        star: |_| None,
        range: no_range,
        class_value: |name| Value::str(name),
        grid_updated: |_, _| None,
        grid_set: |_, _| None,
        is_grid: |_| false,
        surreal_cmp: |_, _| None,
        cgsuite_set_order: |_, _, _| None,
        cgsuite_map_order: |_, _, _, _| None,
        as_grid: |_| None,
        num_cells: |_| None,
        num_grid_cell: |_, _, _| None,
        num_grid_set: |_, _| None,
        parse_grid: no_grid,
        grid_text: |_, _| None,
        graph_text: |_, _, _, _| None,
        set_interrupt: |_| {},
        sumber_value: |_| Value::Nothing,
        map_entry: |k, _| k,
        misere_member: |_, _, s, _, _| Err(s.bug()),
        misere_outcome: |_, _| Err(ErrorKind::Internal { what: "no short games to play the outcome".into() }),
        script_class_qualified: |_| None,
    };

    /// Every class declaration, family by family, then the upper layer's ([`Library::upper`]; a class may
    /// appear twice, once per layer).
    pub fn classes(&self) -> impl Iterator<Item = &'static ClassDecl> {
        self.classes.iter().flat_map(|f| f.iter()).chain(self.upper)
    }

    /// The declarations of the class named `name`: the one that declares it (its parents, its qualified name),
    /// then the upper layer's that adds its representations to it.
    pub fn declarations<'a>(&self, name: &'a str) -> impl Iterator<Item = &'static ClassDecl> + 'a {
        self.classes.iter().flat_map(|f| f.iter()).chain(self.upper).filter(move |c| c.name == name)
    }

    /// Every global function of every class, in declaration order.
    pub fn globals(&self) -> impl Iterator<Item = &'static NativeFn> {
        self.classes().flat_map(|c| c.globals.iter())
    }

    /// The declaration of the class named `name`.
    pub fn class(&self, name: &str) -> Option<&'static ClassDecl> {
        self.classes().find(|c| c.name == name)
    }

    /// The member tables a value whose class is `name` answers, most specific first: the class's
    /// [`ClassDecl::members`], then those of its parents, depth first, each table once, then the class's own
    /// [`ClassDecl::representation`] (of each of its [`Library::declarations`]). Member lookup of values that are not objects reads this (see
    /// the module documentation), and so do `?Class.Member` and completion.
    pub fn lookup_tables(&self, name: &str) -> Vec<&'static [Member]> {
        fn walk(lib: &Library, name: &str, seen: &mut Vec<&'static str>, out: &mut Vec<&'static [Member]>) {
            let Some(c) = lib.class(name) else { return };
            if seen.contains(&c.name) {
                return;
            }
            seen.push(c.name);
            for t in lib.declarations(name).flat_map(|d| d.members) {
                if !out.iter().any(|o| std::ptr::eq(*o, *t)) {
                    out.push(t);
                }
            }
            for p in c.parents {
                walk(lib, p, seen, out);
            }
        }
        let mut out = Vec::new();
        walk(self, name, &mut Vec::new(), &mut out);
        for t in self.declarations(name).flat_map(|c| c.representation) {
            if !out.iter().any(|o| std::ptr::eq(*o, *t)) {
                out.push(t);
            }
        }
        out
    }

    /// The class CGSuite's error about a call's arguments names the member `row` by, for a value of class `class`:
    /// the nearest class from `class` up its ancestors (depth first, [`ClassDecl::also_is`] before
    /// [`ClassDecl::parents`]) that [`ClassDecl::declares`] the member, else the nearest that holds the row in its
    /// tables, else any class that holds it.
    pub fn declaring_class(&self, class: &str, row: &'static Member) -> Option<&'static ClassDecl> {
        fn chain(lib: &Library, name: &str, out: &mut Vec<&'static ClassDecl>) {
            let Some(c) = lib.class(name) else { return };
            if out.iter().any(|o| o.name == c.name) {
                return;
            }
            out.push(c);
            for p in c.also_is.iter().chain(c.parents) {
                chain(lib, p, out);
            }
        }
        let holds = |c: &ClassDecl| {
            self.declarations(c.name).any(|d| d.tables().any(|t| t.as_ptr_range().contains(&(row as *const Member))))
        };
        let mut classes = Vec::new();
        chain(self, class, &mut classes);
        let declares = |c: &ClassDecl| self.declarations(c.name).any(|d| d.declares.contains(&row.name));
        classes
            .iter()
            .find(|c| declares(c))
            .or_else(|| classes.iter().find(|c| holds(c)))
            .copied()
            .or_else(|| self.tables().find(|(c, _)| holds(c)).map(|(c, _)| c))
    }

    /// Every member table of every class, with its class, in declaration order.
    pub fn tables(&self) -> impl Iterator<Item = (&'static ClassDecl, &'static [Member])> {
        self.classes().flat_map(|c| c.tables().map(move |t| (c, t)))
    }

    /// Every member name of every class (the upper layer's too), sorted and deduplicated: what completion offers
    /// when it cannot tell the receiver's class.
    pub fn member_names(&self) -> Vec<&'static str> {
        let mut names: Vec<&'static str> = self.tables().flat_map(|(_, t)| t.iter().map(|m| m.name)).collect();
        names.sort_unstable();
        names.dedup();
        names
    }

    /// Whether a value whose class is `class` is a `ty` (`v is ty`): `ty` is the class or one of its ancestors
    /// through [`ClassDecl::parents`] and [`ClassDecl::also_is`]; `None` when no class declares `ty`.
    pub fn is_a(&self, class: &str, ty: &str) -> Option<bool> {
        fn walk(lib: &Library, name: &str, ty: &str, seen: &mut Vec<&'static str>) -> bool {
            let Some(c) = lib.class(name) else { return false };
            if c.name == ty {
                return true;
            }
            if seen.contains(&c.name) {
                return false;
            }
            seen.push(c.name);
            c.parents.iter().chain(c.also_is).any(|p| walk(lib, p, ty, seen))
        }
        self.class(ty)?;
        Some(ty == "Object" || walk(self, class, ty, &mut Vec::new()))
    }

    /// The library ruleset class of a ruleset value cgs prints as `printed` (`TakeAndBreak("0.[3]")` →
    /// `TakeAndBreak`, `Clobber` → `GenClobber`): the class whose [`ClassDecl::printed_as`] names its family
    /// (the name before `(`).
    pub fn ruleset_class(&self, printed: &str) -> Option<&'static ClassDecl> {
        let family = printed.split_once('(').map_or(printed, |(f, _)| f);
        self.classes().find(|c| c.printed_as.contains(&family))
    }

    /// The declaration of the class an object of Rust type `id` belongs to.
    pub fn class_of_type(&self, id: TypeId) -> Option<&'static ClassDecl> {
        self.classes().find(|c| c.types.iter().any(|t| t().id == id))
    }

    /// The declaration of the library class an `extends` clause names by `name` (its short name; a nested class
    /// by the name after its enclosing class's: `GridGame` is `GridRuleset.GridGame`), when it says what a user
    /// class may do with it ([`ClassDecl::extensible`] is not [`Extensible::No`]).
    pub fn user_base(&self, name: &str) -> Option<&'static ClassDecl> {
        self.classes().find(|c| c.extensible != Extensible::No && short_name(c.name) == name)
    }

    /// The library classes a user class may extend ([`Extensible::Yes`]), each by the name an `extends` clause
    /// gives it (see [`Library::user_base`]) with its chain: the class and its ancestors through
    /// [`ClassDecl::parents`], nearest first, depth first, by the same names. Then each pair a user class may
    /// extend together (`extends StripGame, ImpartialGame`), named `StripGame+ImpartialGame`, whose chain is the
    /// first class, the second's chain, then the rest of the first's (`StripGame`, `ImpartialGame`, `Game`).
    pub fn user_bases(&self) -> Vec<(String, Vec<&'static str>)> {
        fn chain(lib: &Library, c: &'static ClassDecl, out: &mut Vec<&'static str>) {
            if out.contains(&short_name(c.name)) {
                return;
            }
            out.push(short_name(c.name));
            for p in c.parents {
                if let Some(pc) = lib.class(p) {
                    chain(lib, pc, out);
                }
            }
        }
        let mut out = Vec::new();
        for c in self.classes() {
            let Extensible::Yes { with, .. } = c.extensible else { continue };
            let mut own = Vec::new();
            chain(self, c, &mut own);
            for w in with {
                let Some(other) = self.user_base(w) else { continue };
                let mut both = vec![own[0]];
                chain(self, other, &mut both);
                for x in &own[1..] {
                    if !both.contains(x) {
                        both.push(x);
                    }
                }
                out.push((format!("{}+{w}", own[0]), both));
            }
            out.push((own[0].to_string(), own));
        }
        // The single classes first, in declaration order, then the pairs.
        out.sort_by_key(|(name, _)| name.contains('+'));
        out
    }
}

impl Default for &'static Library {
    fn default() -> Self {
        static NONE: Library = Library::NONE;
        &NONE
    }
}

/// The name of a class as an `extends` clause or a chain of ancestors gives it: a nested class's own name
/// (`GridRuleset.GridGame` → `GridGame`).
fn short_name(name: &'static str) -> &'static str {
    name.rsplit('.').next().unwrap_or(name)
}

/// The library of this process, once one is installed: the class declarations are the same for every
/// workspace, and some readers (the qualified name of a class in an error message) have no workspace at hand.
static INSTALLED: OnceLock<&'static Library> = OnceLock::new();

/// Records the library (the first one installed wins; there is one per program).
pub fn set_installed(library: &'static Library) {
    let _ = INSTALLED.set(library);
}

/// The installed library, or [`Library::NONE`].
pub fn installed() -> &'static Library {
    INSTALLED.get().copied().unwrap_or_default()
}

/// The qualified name CGSuite prints for a class (`Integer` → `game.Integer`); a name no class declares is
/// returned as it is.
pub fn qualified(short: &str) -> String {
    installed().class(short).map_or_else(|| short.to_string(), |c| c.qualified.to_string())
}

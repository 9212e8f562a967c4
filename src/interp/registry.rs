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

use super::error::{ErrorKind, EvalError};
use super::eval::{Eval, Machine};
use super::native::{Member, NativeFn, Site};
use super::object::Object;
use super::value::Value;
use crate::game::GameId;
use crate::syntax::ast::{BinOp, Expr, Ident};
use crate::syntax::span::Span;
use num_rational::BigRational;
use std::any::TypeId;
use std::rc::Rc;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

/// One CGSuite class: declared once, in the family that implements it.
#[derive(Debug)]
pub struct ClassDecl {
    /// The short name (`"CompoundGame"`), as `x.Class`, `is` and `?` name it.
    pub name: &'static str,
    /// The qualified name CGSuite prints (`"game.CompoundGame"`).
    pub qualified: &'static str,
    /// The classes it extends, nearest first (`&["Game"]`).
    pub parents: &'static [&'static str],
    /// CGSuite classes it also belongs to for `is` without inheriting their member tables (`Rational` is a
    /// `SurrealNumber` in CGSuite, but a rational's members are its own tables): see [`Library::is_a`].
    pub also_is: &'static [&'static str],
    /// The member tables every value of the class answers and its subclasses inherit, in lookup order
    /// (several when a class's members live in several files).
    pub members: &'static [&'static [Member]],
    /// The member tables of one representation only (a non-dyadic rational's `OutcomeClass`, the `x + G`
    /// members of a big game, which its objects answer through [`Object::members`]): values of exactly this
    /// class answer them after the inherited tables; subclasses do not.
    pub representation: &'static [&'static [Member]],
    /// The members of the class itself (`Grid.Empty(2, 3)`), answered by its class object.
    pub statics: &'static [&'static [Member]],
    /// The global functions it brings (its constructors and helpers).
    pub globals: &'static [NativeFn],
    /// The Rust types that represent it (a class may have several representations; a type belongs to one
    /// class): [`rust_type`]`::<T>` of each.
    pub types: &'static [fn() -> RustType],
    /// For a class of CGSuite's library rulesets: the names cgs prints its rulesets with (a name alone, or the
    /// family before `(`): `Nim` prints `TakeAndBreak("0.[3]")`, so `TakeAndBreak` is printed as `TakeAndBreak`
    /// and `Nim.Class` is ⟪game.heap.TakeAndBreak⟫ (see [`Library::ruleset_class`]).
    pub printed_as: &'static [&'static str],
}

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
        }
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
}

/// A Rust type that represents a class.
#[derive(Debug, Clone, Copy)]
pub struct RustType {
    /// Its `TypeId`.
    pub id: TypeId,
    /// Its path (`cgs::library::board::grid::GridValue`).
    pub name: &'static str,
}

/// The [`RustType`] of `T` (a row of [`ClassDecl::types`]).
pub fn rust_type<T: 'static>() -> RustType {
    RustType { id: TypeId::of::<T>(), name: std::any::type_name::<T>() }
}

/// What the core asks the class library (see the module documentation). Every hook declines (`None`, or the
/// evaluator's usual error) in [`Library::NONE`]. Each field is one hook's signature, documented on the field.
#[allow(clippy::type_complexity)]
pub struct Library {
    /// Every class, family by family.
    pub classes: &'static [&'static [ClassDecl]],
    /// The classes of the layer above the library (the rulesets written in cgs): a declaration whose name a
    /// family declares adds that layer's representations (member tables, Rust types, globals) to the class; a
    /// new name is a class of its own. See [`Library::declarations`].
    pub upper: &'static [ClassDecl],
    /// The native member `name` of a value, from the tables of its classes.
    pub find_member: fn(&Value, &str) -> Option<&'static Member>,
    /// A member every value of a kind answers when its tables do not (sensible options of a game, `Object`'s).
    pub generic_member: fn(&Value, &str) -> Option<&'static Member>,
    /// A member an object answers from its game tree rather than from its tables (misère and obligated
    /// members of a ruleset position), asked before the object protocol.
    pub tree_member: fn(&mut Machine, &Value, &Ident, &[Value], &[Span], Span) -> Option<Result<Value, EvalError>>,
    /// `obj(args)` for an object whose protocol declines the call.
    pub call_object: fn(&mut Machine, &Rc<dyn Object>, &[Value], &Site) -> Option<Result<Value, EvalError>>,
    /// `a op b` with an infinite operand.
    pub infinite_binary: fn(BinOp, &Value, &Value) -> Option<Result<Value, ErrorKind>>,
    /// `x / 0` for a rational `x`.
    pub divide_by_zero: fn(&BigRational) -> Result<Value, ErrorKind>,
    /// `a op b` on numbers and games beyond the engine's arena.
    pub big_binary: fn(&mut Machine, BinOp, &Value, &Value) -> Option<Result<Value, ErrorKind>>,
    /// `s & t` of two short games `s != t` (operands no object answered `&` for): the sided value with onside
    /// `s` and offside `t` (an error unless `t <= s`).
    pub sided: fn(&mut Machine, GameId, GameId) -> Result<Value, ErrorKind>,
    /// A game literal `{…|…}` with `pass` or labels (a graph read from the syntax tree), a labelled literal,
    /// and `pass` itself. Plain literals are the evaluator's (`eval/literal.rs`).
    pub game_literal: fn(&mut Machine, &Expr) -> Eval<Value>,
    /// A plain literal one of whose evaluated options is a loopy value ([`Object::is_loopy`]): the options,
    /// left and right, each with the span of the option it came from.
    pub loopy_literal: fn(&mut Machine, [Vec<(Value, Span)>; 2]) -> Result<Value, ErrorKind>,
    /// `'{L|R}'`: an explicit (not canonicalised) form.
    pub explicit: fn(&mut Machine, [Vec<(Value, Span)>; 2]) -> Result<Value, EvalError>,
    /// `*x` for an `x` that is not an integer nimber size (`*omega`): `None` when it means nothing special.
    pub star: fn(&Value) -> Option<Result<Value, ErrorKind>>,
    /// `a..b`, and `r..step` for a range `r`.
    pub range: fn(&Value, &Value) -> Result<Value, ErrorKind>,
    /// The value `x.Class` gives for the class named `name`.
    pub class_value: fn(&str) -> Value,
    /// `g.Updated({k => v, …})` on a grid with one-character cells: the new grid, or `None` to go the general
    /// way. `is_grid` says whether a value is a grid at all.
    pub grid_updated: fn(&Value, &[(Value, Value)]) -> Option<Value>,
    /// `grid_updated` with the cells given as (row, column, ASCII character), at most four: the compiled tree's
    /// `g.Updated({(r, c) => "x", …})` (`None`: not a grid, a cell off the board, more than four).
    pub grid_set: fn(&Value, &[(i64, i64, u8)]) -> Option<Value>,
    /// Whether a value is a grid (see `grid_updated`).
    pub is_grid: fn(&Value) -> bool,
    /// The numeric order of two values when both are surreal numbers (or numbers), as CGSuite sorts them.
    pub surreal_cmp: fn(&Value, &Value) -> Option<std::cmp::Ordering>,
    /// The cells of a value that is a grid of characters (the compiled tree reads and compares them in place).
    pub as_grid: fn(&Value) -> Option<&crate::solve::grid::Grid>,
    /// `g[r, c]` of a grid of integers, as its indexing answers it (the cell's integer, `Nothing` off the board):
    /// `None` when `g` is not a grid of integers (the compiled tree's cell reads).
    pub num_grid_cell: fn(&Value, i64, i64) -> Option<Value>,
    /// `g.Updated({(r, c) => k, …})` on a grid of integers with the cells given as (row, column, value), at most
    /// four (later ones win): the new grid, or `None` (not a grid of integers, a cell off the board, a value
    /// outside a byte) to go the general way, which reports the error.
    pub num_grid_set: fn(&Value, &[(i64, i64, i64)]) -> Option<Value>,
    /// A grid of integers parsed from its text with a character map.
    pub parse_grid: fn(&Site, &str, &str) -> Result<Value, EvalError>,
    /// `grid.ToString(map)` of a grid of integers, for a printed form made when asked (`None` when the value is
    /// not a grid of integers or a cell has no character in the map).
    pub grid_text: fn(&Value, &str) -> Option<String>,
    /// Makes the library's own engines poll an interrupt flag.
    pub set_interrupt: fn(Arc<AtomicBool>),
    /// The script value of a sumber: `Game`'s `SumberForm` makes one, and the family above the short games
    /// represents it.
    pub sumber_value: fn(crate::game::sumber::Sumber) -> Value,
    /// `Game`'s misère and obligated rows, by name (`MisereCanonicalForm`, `MisereNimValue`, `Genus`,
    /// `ObligatedValue`): the impartial family, above the short games, answers them from the game tree.
    pub misere_member: fn(&str, &mut Machine, &Site, &Value, &[Value]) -> Result<Value, EvalError>,
    /// The misère outcome of a game played on its own options (a form's or a stopper's `MisereOutcomeClass`):
    /// the short games answer it, and the loopy family, below them, calls it here.
    pub misere_outcome: fn(&mut Machine, &Value) -> Result<crate::game::Outcome, ErrorKind>,
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
        as_grid: |_| None,
        num_grid_cell: |_, _, _| None,
        num_grid_set: |_, _| None,
        parse_grid: no_grid,
        grid_text: |_, _| None,
        set_interrupt: |_| {},
        sumber_value: |_| Value::Nothing,
        misere_member: |_, _, s, _, _| Err(s.bug()),
        misere_outcome: |_, _| Err(ErrorKind::Internal { what: "no short games to play the outcome".into() }),
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
}

impl Default for &'static Library {
    fn default() -> Self {
        static NONE: Library = Library::NONE;
        &NONE
    }
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

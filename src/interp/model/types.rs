//! The core's recursive types, declared in one file: a [`Value`] holds [`Function`]s whose natives
//! ([`NativeFn`], [`Member`]) are fns taking the [`Machine`], and objects ([`Object`]) whose methods take the
//! `Machine`; the `Machine` holds the [`Locals`] (of values) and borrows the [`Globals`] (values, the
//! [`ClassGameHooks`] taking the `Machine`, and the [`Library`], whose [`ClassDecl`]s hold members and whose hooks
//! take the `Machine` again). These types hold each other, so any split of their declarations over files is an
//! import circle; here they are one leaf, below every file that has their code.
//!
//! Only declarations live here (structs, enums, traits with their default methods, type aliases), no code: each
//! type's `impl` blocks and the functions on it stay in the file its original module path names, which
//! re-exports the type, so `crate::interp::value::Value`, `crate::interp::eval::Machine`,
//! `crate::interp::registry::Library` … are still the paths every other file writes:
//! - `value.rs`: `Value`, `ValueList`, `Function`, `Closure` (and `Player`, from `parts.rs`);
//! - `native.rs`: `NativeFn`, `NativeImpl`, `MemberImpl`, `Member` (and `Doc`, `Param`, `Site`);
//! - `object.rs`: `Object`, `ListView`;
//! - `env.rs`: `Scope`, `Locals`, `MethodFrame`, `Globals`, `RulesetDeclarer`, `ClassGameBinary`,
//!   `ClassGameHooks`, `Extensions`;
//! - `registry.rs`: `ClassDecl`, `Library` (and `RustType`);
//! - `eval/machine.rs`: `Machine`, `TopLoop`, `Exit`, `Eval`.
//!
//! Fields that were private to their file (the frame of [`Locals`], [`ValueList`]'s vector, the [`Extensions`]
//! table) or to the evaluator (the [`Machine`]'s counters, [`TopLoop`]) are `pub(in crate::interp)`: the narrowest
//! visibility that reaches both this file and the one with their code. Imports nothing of `interp/` above it:
//! `error.rs`, `int.rs` and `gc.rs` (leaves) and `parts.rs` (the plain parts) only.

use super::parts::{Doc, Extensible, Param, Player, RustType, Site, SmallOrder};
use crate::game::{GameId, Games, Outcome, Thermograph};
use crate::interp::error::{Arity, ErrorKind, EvalError};
use crate::interp::gc::Tracer;
use crate::interp::int::Int;
use crate::syntax::ast::{BinOp, Expr, FunctionDef, Ident, Layout, Name, RulesetDef, UnaryOp};
use crate::syntax::span::Span;
use imbl::{OrdMap, OrdSet, Vector};
use num_bigint::BigInt;
use num_rational::BigRational;
use rustc_hash::FxHashMap;
use std::cmp::Ordering;
use std::fmt;
use std::io::Write;
use std::rc::Rc;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

// ---- Values (their code: `value.rs`) ---------------------------------------------------------------------

/// A run-time value.
#[derive(Clone, Debug)]
pub enum Value {
    /// `Nothing`.
    Nothing,
    /// `true` / `false`.
    Boolean(bool),
    /// An integer of any size: in line when it fits in an `i64` (see [`Int`]).
    Integer(Int),
    /// A rational that is not an integer (denominator > 1, lowest terms).
    Rational(Rc<BigRational>),
    /// `inf` (+1) or `-inf` (-1): CGSuite's rationals with denominator 0 (`x/0`), of type `Rational`.
    Infinity(i8),
    /// A canonical game that is not a number.
    Game(GameId),
    /// A string.
    String(Rc<str>),
    /// `[a, b]`, 1-indexed (behind an `Rc`, so that a `Value` is three words rather than eight).
    List(ValueList),
    /// `{a, b}`, with the order it iterates in (see [`SmallOrder`]).
    Set(OrdSet<Value>, SmallOrder),
    /// `{k => v}`, with the order it iterates in (see [`SmallOrder`]).
    Map(OrdMap<Value, Value>, SmallOrder),
    /// `(a, b)`.
    Tuple(Rc<[Value]>),
    /// A function or closure.
    Function(Rc<Function>),
    /// `Left` / `Right`.
    Player(Player),
    /// `L`, `R`, `N`, `P`.
    Outcome(Outcome),
    /// A thermograph.
    Thermograph(Rc<Thermograph>),
    /// A value defined outside the core interpreter (see [`Object`]).
    Object(Rc<dyn Object>),
}

/// The elements of a [`Value::List`]: a persistent vector behind an `Rc`. An `imbl::Vector` is seven words
/// (it keeps short vectors inline); boxing it keeps every `Value` small, and every move of one cheap. It reads
/// as the vector it holds (`Deref`) and writes copy-on-write (`DerefMut` clones the vector only when shared,
/// which for imbl is itself a cheap structural copy).
#[derive(Clone, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct ValueList(pub(in crate::interp) Rc<Vector<Value>>);

/// Something that can be called.
#[derive(Clone, Debug)]
pub enum Function {
    /// Defined in the script.
    Closure(Closure),
    /// Defined in Rust (a row of the class library: [`NativeFn`]).
    Native(&'static NativeFn),
    /// A member taken without its arguments (`g.Heat`): calling it calls the member of `obj`.
    Method {
        /// The object.
        obj: Value,
        /// The member.
        name: Ident,
    },
}

/// A user-defined function together with the local variables it captured.
#[derive(Clone, Debug)]
pub struct Closure {
    /// The definition (shared with the AST).
    pub def: Rc<FunctionDef>,
    /// The local variables visible where it was defined, captured by value. Top-level variables are not
    /// captured: they are looked up when the function runs (so top-level functions can call each other).
    pub captured: Scope,
}

// ---- Native functions and members (their code and the argument helpers: `native.rs`) ---------------------

/// A native global function.
#[derive(Debug)]
pub struct NativeFn {
    /// Its name.
    pub name: &'static str,
    /// How many arguments it takes (checked before `f` runs).
    pub arity: Arity,
    /// The implementation.
    pub f: NativeImpl,
    /// What `?name` shows.
    pub doc: Doc,
    /// What CGSuite declares it as, when it names its parameters' classes: the call its argument-type errors
    /// name and the parameters (see [`Declared`]).
    pub declared: Option<&'static Declared>,
}

/// A native global function as CGSuite declares it: a class's constructor (`game.NegativeGame`, `G as Game`) or a
/// function of a package's constants (`cgsuite.lang.constants.Mex`, `elements as Collection`).
#[derive(Debug)]
pub struct Declared {
    /// The class (a constructor) or the function, qualified.
    pub qualified: &'static str,
    /// Whether it is a class's constructor.
    pub constructor: bool,
    /// Its parameters, with their declared classes.
    pub params: &'static [super::parts::Param],
}

/// The implementation of a native function: the machine, the call site and the arguments.
pub type NativeImpl = fn(&mut Machine, &Site, &[Value]) -> Result<Value, EvalError>;

/// The implementation of a member: the machine, the call site, the object and the arguments.
pub type MemberImpl = fn(&mut Machine, &Site, &Value, &[Value]) -> Result<Value, EvalError>;

/// A native member of a type: a property (arity 0, no parentheses needed) or a method.
#[derive(Debug)]
pub struct Member {
    /// Its name.
    pub name: &'static str,
    /// How many arguments it takes.
    pub arity: Arity,
    /// The implementation.
    pub f: MemberImpl,
    /// What `?Type.name` shows.
    pub doc: Doc,
    /// Its parameters as CGSuite declares them, one list per signature (most members have one; none for a
    /// property or a member no CGSuite class declares parameters for). Named arguments
    /// (`g.Overheat(s => 1, t => 2)`) are placed by the parameters of the row the call resolved, and `?` shows
    /// them.
    pub params: &'static [&'static [Param]],
}

// ---- The object protocol (`object.rs`: the downcasts and the list view of a value) -----------------------

/// A value defined outside the core interpreter (see [`crate::interp::object`]).
///
/// Objects compare by identity unless [`Object::cmp_object`] gives a structural order.
pub trait Object: std::any::Any + fmt::Debug {
    /// The type name shown in errors and tested by `is`.
    fn type_name(&self) -> &'static str;

    /// The printed form.
    fn display(&self, games: &mut Games) -> String;

    /// A structural order against another object, or `None` to compare by identity.
    fn cmp_object(&self, _other: &dyn Object) -> Option<Ordering> {
        None
    }

    /// CGSuite's `UniversalOrdering` against another object, by which sets and maps print with `--output
    /// cgsuite` (`library/base/universal.rs`), where it differs from [`Object::cmp_object`]: `None` to use cgs's
    /// display order.
    fn universal_cmp(&self, _other: &dyn Object) -> Option<Ordering> {
        None
    }

    /// CGSuite's declaration of this value's call, when it is a class whose constructor CGSuite declares
    /// (`Random`: `cgsuite.util.Random(seed as Integer)`): a call takes its parameters' names.
    fn declared(&self) -> Option<&'static Declared> {
        None
    }

    /// The member table of this object's type: names, arities and implementations. It is also what
    /// completion, `?` help and the parity table read. `this` passed to an implementation is the object.
    fn members(&self) -> &'static [Member] {
        &[]
    }

    /// [`Object::members`] when a member call answers the same way for every object with that table: the
    /// object answers no [`Object::member`], is no package, and its type alone decides the tree members
    /// (`Library::tree_member`). A compiled member call keeps the row it found in such a table and calls it
    /// directly for the next object with the same table (`eval/compile/member.rs`). `None`: not so.
    fn fixed_members(&self) -> Option<&'static [Member]> {
        None
    }

    /// The cells of a grid (of characters or of integers) read in place, for the compiled tree's cell tests and
    /// grid updates: one call through the vtable tells the kind of board (`None`: not a grid).
    fn board_cells(&self) -> Option<crate::solve::grid::BoardCells<'_>> {
        None
    }

    /// Whether `this.name`, read without arguments, is always the same value, holding no game (a class's
    /// constant made once, `Symmetry.Flip`): a compiled `obj.name` then keeps the value it read for this
    /// object and answers it for the same object again (`eval/compile/member.rs`).
    fn constant_member(&self, _name: &str) -> bool {
        false
    }

    /// The member tables of the object's class that it answers after [`Object::members`] and, when it is
    /// game-like, after the members of its game value (a heap's take-and-break members, then the game
    /// members): each is a table of its class's declaration in the registry.
    fn class_members(&self) -> &'static [&'static [Member]] {
        &[]
    }

    /// A member that is not in [`Object::members`] (computed per object, such as a script ruleset's own
    /// definitions): `None` when there is no such member.
    fn member(
        &self,
        _m: &mut Machine,
        _this: &Value,
        _name: &str,
        _args: &[Value],
        _site: &Site,
    ) -> Option<Result<Value, EvalError>> {
        None
    }

    /// Names of the members [`Object::member`] answers, for completion.
    fn dynamic_member_names(&self) -> Vec<String> {
        Vec::new()
    }

    /// `this(args)`: `None` when the object cannot be called.
    fn call(&self, _m: &mut Machine, _this: &Value, _args: &[Value], _site: &Site) -> Option<Result<Value, EvalError>> {
        None
    }

    /// `this[keys…]`: `None` when the object cannot be indexed.
    fn index(&self, _m: &mut Machine, _this: &Value, _keys: &[Value], _span: Span) -> Option<Result<Value, EvalError>> {
        None
    }

    /// `lhs op rhs` where `this` is one of the operands (`lhs` or `rhs`, by identity): `None` to decline.
    fn binary(
        &self,
        _m: &mut Machine,
        _op: BinOp,
        _lhs: &Value,
        _rhs: &Value,
        _span: Span,
    ) -> Option<Result<Value, EvalError>> {
        None
    }

    /// `lhs op rhs` when neither operand's [`Object::binary`] answered (nor the evaluator's quick rules), asked
    /// of the left operand, then of the right one: a family's rules for its objects among the evaluator's
    /// values (a heap as its nimber, a sumber as its canonical game, the misère sum of misère games). `None` to
    /// decline, and the evaluator applies its own rules (converting objects with [`Object::to_game`]).
    fn binary_fallback(
        &self,
        _m: &mut Machine,
        _op: BinOp,
        _lhs: &Value,
        _rhs: &Value,
    ) -> Option<Result<Value, ErrorKind>> {
        None
    }

    /// `op this` for a unary operator (`-this`, `+-this`): `None` to decline, and the evaluator applies its
    /// own rule (`+-` of the object's game value; no `-`). The default answers `-` through [`Object::negate`];
    /// a loopy value answers `+-` itself (its onside and offside negated).
    fn unary(&self, m: &mut Machine, op: UnaryOp, this: &Value, span: Span) -> Option<Result<Value, EvalError>> {
        match op {
            UnaryOp::Neg => self.negate(m, this, span),
            _ => None,
        }
    }

    /// `-this`: `None` when negation is not defined.
    fn negate(&self, _m: &mut Machine, _this: &Value, _span: Span) -> Option<Result<Value, EvalError>> {
        None
    }

    /// The canonical short game this object stands for (a position's value, a sum of positions, a boxed
    /// game, a heap's nimber, a sumber's canonical form), or `None` when it is not game-like. Game-like objects
    /// that name no [`Object::class_members`] answer every game member through it (those that do list the game
    /// tables among their class's).
    fn to_game(&self, _m: &mut Machine, _span: Span) -> Option<Result<GameId, EvalError>> {
        None
    }

    /// The elements of a collection-like object (`for x in obj`, and wherever a collection is expected), or
    /// `None` when it is not one.
    fn elements(&self, _games: &mut Games) -> Option<Vec<Value>> {
        None
    }

    /// Reports every short game this object holds ([`GameId`]s, values, other objects) to `t`, so that a
    /// collection of the game store keeps them (see [`crate::interp::gc`]); an object holding a cache of games may
    /// empty it here instead. `false` when the object cannot say: then no collection runs. The default says
    /// it cannot, so a new kind of object is safe until it implements this.
    fn trace(&self, _t: &mut Tracer) -> bool {
        false
    }

    /// The short name of this object's class as `x.Class` gives it, when it is more specific than
    /// [`Object::type_name`] (a sided value whose sides are stoppers is a `StopperSidedValue`).
    fn class_name(&self) -> &'static str {
        self.type_name()
    }

    /// This object as a list that is not stored (CGSuite's `Range`, which is a `List`), or `None`.
    fn as_list_view(&self) -> Option<&dyn ListView> {
        None
    }

    /// Whether this object is a loopy game value (a stopper or a sided value) with no short game value: a game
    /// literal may take it as an option, and is then built by the library's loopy family (see
    /// `eval/literal.rs`).
    fn is_loopy(&self) -> bool {
        false
    }

    /// Whether `x is Game` holds for this object (game-like objects that are not short games, such as
    /// loopy values, say so here).
    fn is_game(&self) -> bool {
        false
    }

    /// CGSuite's precedence of this object when it prints as an operand of a compound game
    /// (`CompoundType.precedence`: an operand of a higher precedence prints in parentheses), or `None` when it
    /// is no compound. The library's two representations of `CompoundGame` answer it, so each prints the
    /// other's compounds without naming its type.
    fn compound_precedence(&self) -> Option<u8> {
        None
    }

    /// The object's variables by name, in order (the last of a name is the one), which a method called on it
    /// reads by name (a user object's constructor parameters and `var`s); `None` for an object without them.
    fn variables(&self) -> Option<&[(Name, Value)]> {
        None
    }
}

/// A list whose elements are an arithmetic progression of integers, not stored (CGSuite's `Range`): it is a
/// `List` for `is`, for comparison with lists, for `for` loops (walked, never built) and for assignment to an
/// element (which builds it).
pub trait ListView {
    /// The first element.
    fn start(&self) -> &BigInt;
    /// The difference between consecutive elements.
    fn step(&self) -> &BigInt;
    /// The number of elements; `None` for a zero step.
    fn count(&self) -> Option<BigInt>;
    /// The elements, built (an error when there are too many).
    fn materialise(&self) -> Result<imbl::Vector<Value>, ErrorKind>;
    /// The elements, one by one.
    fn values(&self) -> Box<dyn Iterator<Item = Value> + '_>;
    /// The order of this list against a stored one, element by element.
    fn cmp_with_list(&self, list: &imbl::Vector<Value>) -> Ordering;
}

// ---- Scopes and globals (their code: `env.rs`) -----------------------------------------------------------

/// One scope: names to values, persistent so that capturing it is cheap.
pub type Scope = imbl::GenericHashMap<
    Name,
    Value,
    std::hash::BuildHasherDefault<rustc_hash::FxHasher>,
    imbl::shared_ptr::DefaultSharedPtr,
>;

/// The local scopes of one running function (or of the top level, where there may be none).
///
/// A call of a resolved function (`syntax/resolve.rs`) keeps its locals in `slots`, one per name and scope
/// of its layout (`None`: not bound now), found through the slot its syntax tree records; `trail` lists the
/// slots of inner scopes bound since they were opened, so closing a scope unbinds them. Otherwise (the top
/// level, a function the resolver declined) the scopes live in one flat stack of bindings, outermost first;
/// `marks` holds where each scope opened by [`Locals::push`] starts. The function's own scope (its parameters
/// and undeclared assignments) is the part before the first mark. A name is declared once per scope, so
/// searching the stack from the top finds the innermost binding; opening and closing a scope costs no
/// allocation.
#[derive(Clone, Debug, Default)]
pub struct Locals {
    /// The variables the running closure captured (searched after every scope of the call).
    pub(in crate::interp) captured: Option<Scope>,
    /// Every binding of the call's scopes, outermost scope first.
    pub(in crate::interp) bindings: Vec<(Name, Value)>,
    /// Where each scope opened by `push` starts in `bindings`, and the length of `trail` then.
    pub(in crate::interp) marks: Vec<(usize, usize)>,
    /// Whether this is a function call (whose own scope starts the stack) rather than the top level.
    pub(in crate::interp) in_function: bool,
    /// The id of the frame's layout (0: none).
    pub(in crate::interp) id: u32,
    /// The layout of a resolved function's frame.
    pub(in crate::interp) layout: Option<Rc<Layout>>,
    /// The slots of a resolved function's frame.
    pub(in crate::interp) slots: Vec<Option<Value>>,
    /// The inner-scope slots bound since their scope opened, in order.
    pub(in crate::interp) trail: Vec<u32>,
    /// In a method called on an object without a closure of its own (`eval/classes.rs`): `this` and, for a
    /// property or an overloaded method, the hidden name of its property (`classes::PROPERTY`), each with its
    /// name. They are found as the closure's captured `this` was: after every scope of the call, before the
    /// captured variables.
    pub(in crate::interp) method: Option<MethodFrame>,
    /// A slot of the layout is named `this` (a method frame then finds `this` by name, as any local).
    pub(in crate::interp) this_slot: bool,
    /// A copy of the receiver's variables, when a method frame's receiver is a user object whose variables
    /// answer a name without a slot first (`Locals::receiver_variables`) and have distinct names: read without
    /// asking the receiver (`eval/classes/names.rs`); empty otherwise, and emptied when `this` may change.
    pub(in crate::interp) receiver_fields: Vec<(Name, Value)>,
    /// With that copy, the address of the receiver's class (compared, never read through: the receiver holds
    /// the class while the copy is kept); 0 without a copy.
    pub(in crate::interp) receiver_class: usize,
    /// With that copy, the receiver's class's answers for names that are no variable of its objects (see
    /// [`NameKindList`]); `None` without a copy.
    pub(in crate::interp) receiver_kinds: Option<NameKindList>,
}

/// What a user class found names its methods read to be, when they are no variable of its objects (each entry
/// set once and never changed: the name, and `true` for the class itself, `false` for a global): kept by the
/// class (`eval/classes/types.rs`, `NameKinds`) and shared with the method frames that copy its objects'
/// variables (`Locals::receiver_kinds`).
pub type NameKindList = Rc<[std::cell::OnceCell<(Name, bool)>]>;

/// The receiver of a method call (see [`Locals::for_method_call`]).
#[derive(Clone, Debug)]
pub struct MethodFrame {
    /// `this` and the object.
    pub this: (Name, Value),
    /// The hidden property name and the property, if any.
    pub property: Option<(Name, Value)>,
    /// The receiver's variables ([`Object::variables`]) may answer a name of the frame's layout without a slot
    /// before the captured variables are asked: none of them is named `this`, the hidden property name or a
    /// captured variable (checked by the caller that made the frame; see `Locals::receiver_variables`).
    pub variables_first: bool,
}

/// The top-level variables and the native globals.
#[derive(Debug, Default)]
pub struct Globals {
    /// Variables assigned at top level.
    pub vars: NameTable<Name>,
    /// Native functions and constants (`Max`, `Tiny`, `L`, …), shadowed by `vars`.
    pub natives: NameTable<&'static str>,
    /// Per-workspace state of the value families (an arena of loopy games, of misère games, a memo table …).
    pub extensions: Extensions,
    /// Evaluates a `ruleset … end` declaration: installed by the ruleset layer (its `install`).
    pub ruleset_declarer: Option<RulesetDeclarer>,
    /// Values user classes extending `Game` (CGSuite's class style) on the ruleset memo: installed by the
    /// ruleset layer (its class front, `ruleset::classes`).
    pub class_games: Option<&'static ClassGameHooks>,
    /// The names a lazily loaded library defines, loaded or not (for completion).
    pub library_names: Vec<&'static str>,
    /// The class library: its classes and the hooks through which the evaluator asks it what only it knows
    /// (see [`crate::interp::registry`]); [`Library::NONE`] until `library::install` runs.
    pub library: &'static Library,
}

/// A table of global names (the top-level variables, the natives) whose every change takes a new stamp, unique
/// in the process (code in `env.rs`): a compiled name that found a global under a stamp may use that value again
/// while the table's stamp is the same (`compile/`'s global cache), whatever table it is and whatever the table
/// was swapped with (`std::mem::take` gives a table with a stamp of its own).
#[derive(Debug)]
pub struct NameTable<K> {
    pub(in crate::interp) map: FxHashMap<K, Value>,
    pub(in crate::interp) stamp: u64,
}

/// The function that turns a `ruleset` declaration into the value its name is bound to.
pub type RulesetDeclarer = fn(&Rc<RulesetDef>) -> Result<Value, EvalError>;

/// `a op b` with an object of a user game class (see [`ClassGameHooks::binary`]).
pub type ClassGameBinary = fn(&mut Machine, BinOp, &Value, &Value, Span) -> Option<Result<Value, EvalError>>;

/// What the ruleset layer answers about objects of user classes extending `Game` (its class front).
#[derive(Debug)]
pub struct ClassGameHooks {
    /// The canonical form of such an object.
    pub value: fn(&mut Machine, &Value, Span) -> Result<GameId, EvalError>,
    /// `a op b` where `a` or `b` is such an object: `+` and `-` make CGSuite's `CompoundGame` (`None` for
    /// the other operators).
    pub binary: ClassGameBinary,
    /// Such an object as a position of the ruleset layer (its class's instance), whose members answer what
    /// the canonical form cannot: `GameValue` of a loopy class game (CGSuite's GenFoxAndGeese.cgs).
    pub position: fn(&mut Machine, &Value, Span) -> Result<Value, EvalError>,
}

/// Per-workspace state, one value per type, created on first use: the place a family of values keeps an
/// arena or cache that lives as long as the workspace (like [`crate::game::Games`] for short games).
#[derive(Default)]
pub struct Extensions(pub(in crate::interp) FxHashMap<std::any::TypeId, (Box<dyn std::any::Any>, TraceFn, ClearFn)>);

/// The [`crate::interp::gc::Extension::trace`] of one extension type, on the boxed state.
type TraceFn = fn(&mut dyn std::any::Any, &mut Tracer) -> bool;

/// The [`crate::interp::gc::Extension::on_clear`] of one extension type, on the boxed state.
type ClearFn = fn(&mut dyn std::any::Any);

// ---- The registry (its code: `registry.rs`) --------------------------------------------------------------

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
    /// class): [`crate::interp::registry::rust_type`]`::<T>` of each.
    pub types: &'static [fn() -> RustType],
    /// For a class of CGSuite's library rulesets: the names cgs prints its rulesets with (a name alone, or the
    /// family before `(`): `Nim` prints `TakeAndBreak("0.[3]")`, so `TakeAndBreak` is printed as `TakeAndBreak`
    /// and `Nim.Class` is ⟪game.heap.TakeAndBreak⟫ (see [`Library::ruleset_class`]).
    pub printed_as: &'static [&'static str],
    /// Whether a user class may extend it, and how (see [`Extensible`]; [`Library::user_base`]).
    pub extensible: Extensible,
    /// Members CGSuite's class declares itself whose rows cgs keeps in an ancestor's table (`Heat` is
    /// `CanonicalShortGame`'s in CGSuite, a row of `Game`'s table in cgs): an error about a call's arguments names
    /// the member by the nearest class, from the value's class up, that declares it here or holds its row
    /// (`game.CanonicalShortGame.Heat`), as CGSuite does.
    pub declares: &'static [&'static str],
}

/// What the core asks the class library (see [`crate::interp::registry`]). Every hook declines (`None`, or the
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
    /// A set's elements in the order CGSuite 2.2 prints them (`--output cgsuite`: its `UniversalOrdering` over
    /// the iteration order, `library/base/universal.rs`); `None` to print in display order.
    pub cgsuite_set_order: fn(&mut Games, &imbl::OrdSet<Value>, SmallOrder) -> Option<Vec<Value>>,
    /// A map's entries in the order CGSuite 2.2 prints them, sorted by key and (with `by_value`) then by value;
    /// `None` to print in display order.
    #[allow(clippy::type_complexity)]
    pub cgsuite_map_order: fn(&mut Games, &imbl::OrdMap<Value, Value>, SmallOrder, bool) -> Option<Vec<(Value, Value)>>,
    /// The cells of a value that is a grid of characters (the compiled tree reads and compares them in place).
    pub as_grid: fn(&Value) -> Option<&crate::solve::grid::Grid>,
    /// The cells of a value that is a grid of integers, read in place (the compiled tree's cell tests).
    pub num_cells: fn(&Value) -> Option<crate::solve::grid::NumCells<'_>>,
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
    /// `graph.ToString(vertexLabels, edgeLabels)` with both printers maps, for a printed form made when asked
    /// (`None` when the value is no graph, a printer no map, or the notation fails).
    pub graph_text: fn(&mut Games, &Value, &Value, &Value) -> Option<String>,
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
    /// The entry `k => v` of a map (CGSuite's `MapEntry`): what `for e in map` binds, as in CGSuite.
    pub map_entry: fn(Value, Value) -> Value,
    /// The qualified name CGSuite prints for a class the standard library writes in cgs (`DicoticVariantGame` →
    /// `game.variant.DicoticVariantGame`), which has no package of its own; `None` for any other name (a user
    /// class without a package prints its own name).
    pub script_class_qualified: fn(&str) -> Option<String>,
}

// ---- The machine (its code: `eval/`; the limits and helpers: `eval/machine.rs`) --------------------------

/// The evaluator state for one cell.
pub struct Machine<'a> {
    /// The game store.
    pub games: &'a mut Games,
    /// Top-level variables and native globals.
    pub globals: &'a mut Globals,
    /// The local scopes of the running function, boxed so that a call swaps a pointer rather than moving the
    /// frame (`compile/call.rs`).
    pub locals: Box<Locals>,
    /// Where `Print` writes.
    pub out: &'a mut dyn Write,
    pub(in crate::interp) interrupt: &'a AtomicBool,
    pub(in crate::interp) depth: usize,
    /// Slot vectors of finished calls, for reuse.
    pub(in crate::interp) spare_slots: Vec<Vec<Option<Value>>>,
    /// Finished call frames, emptied, whose scope buffers the next calls reuse (`compile/call.rs`). Boxed: a
    /// call swaps one of these boxes with `locals`, a pointer each way, rather than moving a frame.
    #[allow(clippy::vec_box)]
    pub(in crate::interp) spare_frames: Vec<Box<Locals>>,
    pub(in crate::interp) stack_base: usize,
    pub(in crate::interp) stack_budget: usize,
    /// Below this stack address `check_limits` looks closer (the stack budget's end, or the memory budget's
    /// stack mark: `eval/mod.rs`).
    pub(in crate::interp) stack_floor: std::cell::Cell<usize>,
    /// Set by [`Machine::eval_top`] when the statement is a loop, until that loop starts.
    pub(in crate::interp) top_loop_next: bool,
    /// The running top-level loop, for its safe points (`safe_points.rs`).
    pub(in crate::interp) top_loop: Option<TopLoop>,
    /// The class front's call of a hook whose result comprehension may answer its positions' variables, not
    /// the positions (`eval/compile/fields.rs`): the hook's frame depth, the address of its state's class and
    /// whether it did.
    pub(in crate::interp) fields_hook: FieldsHook,
}

/// See [`Machine::fields_hook`]: `depth` `usize::MAX` when no call is in fields mode.
#[derive(Clone, Copy)]
pub(in crate::interp) struct FieldsHook {
    pub(in crate::interp) depth: usize,
    pub(in crate::interp) class: usize,
    pub(in crate::interp) answered: bool,
}

impl Default for FieldsHook {
    fn default() -> FieldsHook {
        FieldsHook { depth: usize::MAX, class: 0, answered: false }
    }
}

/// The state of the running top-level loop that its safe points need.
pub(in crate::interp) struct TopLoop {
    /// The loop's clauses (syntax, or compiled: `compile/clauses.rs`): where they are, how many, and the size
    /// of one.
    pub(in crate::interp) base: usize,
    pub(in crate::interp) count: usize,
    pub(in crate::interp) size: usize,
    /// The value of each clause's source (when it is a collection), the last time it was evaluated.
    pub(in crate::interp) sources: Vec<Option<Value>>,
    /// Clauses whose current elements cannot be traced from their source.
    pub(in crate::interp) opaque: Vec<bool>,
}

/// How evaluation left an expression other than by producing a value.
#[derive(Debug)]
pub enum Exit {
    /// An error.
    Error(Box<EvalError>),
    /// `break` at this span.
    Break(Span),
    /// `continue` at this span.
    Continue(Span),
    /// `return` with this value.
    Return(Value),
}

/// The result of evaluating an expression.
pub type Eval<T> = Result<T, Exit>;

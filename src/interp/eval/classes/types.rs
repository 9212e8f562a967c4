//! The types of user classes and their objects ([`UserClass`], [`UserObject`] and what they keep), with the
//! questions a class answers about its own declaration (its chain, its `def`s, its nested classes, its facts):
//! a leaf of the user-class files. `classes.rs` (their object protocol, method values, names inside methods),
//! its children and `game_classes.rs` (the library's game and ruleset classes) take the types from here, so
//! neither names the other's file to reach them.

use super::super::machine::*;
use super::bases::{library_chain, library_class_name};
use crate::interp::env::Scope;
use crate::interp::object::downcast_ref;
use crate::syntax::ast::{ClassDef, ClassMember, FunctionDef, Name};
use std::cell::RefCell;

/// The name of a hidden local holding the name of the property a closure evaluates: inside a property's body
/// its own name is the property (CGSuite: `def P := P` recurses), not the function.
pub(in crate::interp::eval) const PROPERTY: &str = "\u{0}property";

/// A class declared by the script.
#[derive(Debug)]
pub struct UserClass {
    pub(super) def: Rc<ClassDef>,
    pub(super) parent: Option<Rc<UserClass>>,
    /// The locals visible where the class was declared.
    pub(super) captured: Scope,
    /// The `static var`s, evaluated when the class was declared.
    pub(super) statics: Vec<(Name, Value)>,
    pub(super) id: usize,
    /// The library class at the root of the chain (`Game`, `GridGame`, `GridRuleset`, …), if any.
    pub(in crate::interp::eval) library: Option<&'static str>,
    /// For a nested class: the object of the enclosing class whose class it is.
    pub(in crate::interp::eval) enclosing: Option<Value>,
    /// A singleton's instance, once built.
    pub(super) instance: RefCell<Option<Value>>,
    /// The identity of each nested class declaration, in order (the same for every enclosing object).
    pub(super) nested_ids: Vec<usize>,
    /// The constructor's parameter names, [`interned`](super::interned) (the names of its objects' variables).
    pub(super) param_names: std::cell::OnceCell<Box<[Name]>>,
    /// The function that binds the constructor's parameters, built on the first construction.
    pub(super) binder: std::cell::OnceCell<Rc<Function>>,
    /// Per constructor parameter: its `as` class names no user class (decided at the first construction;
    /// see `Machine::construct_with`), with the library type name an argument object may carry to pass the
    /// check at once (`Grid` for `grid as Grid`; `None` when the class name cannot be decided so).
    pub(super) library_typed: std::cell::OnceCell<LibraryTyped>,
    /// How `Class(args)` builds an object without the general path, when the class allows it (see
    /// [`Lean`]); decided after the first construction by the general path.
    pub(super) lean: std::cell::OnceCell<Option<Lean>>,
    /// The names [`this_name`](super::this_name) found to be the class itself (`true`: `Position`) or a global
    /// (`false`: `Left`), each kept with the name, so that the name's address identifies it (see `this_name`).
    pub(super) name_kinds: NameKinds,
    /// Per method of the class whose parameters may be checked at once (see `Machine::call_method_on`): per
    /// parameter, the library type name an argument passes its `as` check with (`Player` for `player as
    /// Player`), decided at the method's first call; `None` for a parameter whose class this cannot decide so.
    pub(super) method_typed: RefCell<Vec<(Rc<FunctionDef>, MethodTyped)>>,
    /// Per hook name and argument count asked by `Machine::call_hook`: the method such a call runs on every
    /// object of the class without a variable of that name, when the class decides it (`None`: the general
    /// member call decides).
    pub(super) hooks: Hooks,
    /// [`UserClass::defs_named`] of each name asked, for instance (0) and static (1) members.
    pub(super) defs_cache: RefCell<[DefsByName; 2]>,
    /// The user package whose file declared the class (`examples`), set when the file is read.
    pub(super) package: std::cell::OnceCell<Rc<str>>,
    /// [`UserClass::scope`], kept once the class is built (its statics are then final).
    pub(super) scope_cache: std::cell::OnceCell<Scope>,
    /// What every construction and every game question asks of the class, worked out once.
    pub(super) facts: std::cell::OnceCell<ClassFacts>,
    /// What a name no local binds means in a method of the class, where [`Machine::this_member`] found it
    /// among nested classes or nowhere (see [`Resolution`]).
    pub(super) names: RefCell<rustc_hash::FxHashMap<Box<str>, Resolution>>,
    /// The `CharMap` of the first object enclosing the class that has one (for a class without its own).
    pub(in crate::interp::eval) enclosing_char_map: std::cell::OnceCell<Value>,
}

/// What a name means inside a method of a class when it is no variable of the object, as far as the class
/// decides it: the class chain's declarations and its enclosing objects are fixed for the class.
#[derive(Debug, Clone)]
pub(super) enum Resolution {
    /// The nested class `def` (identity `id`) of the object `depth` enclosing steps out from `this`.
    Nested { depth: u32, def: Rc<ClassDef>, id: usize },
    /// No member of the object or of the objects enclosing its class: a global.
    Elsewhere,
}

/// See [`UserClass::library_typed`]: per parameter, whether its `as` class is a library class, and the type
/// name of an object that passes the check at once.
pub(super) type LibraryTyped = Box<[(bool, Option<Box<str>>)]>;

/// See [`UserClass::lean`]: a class whose objects are exactly their constructor's arguments (no `var`, no
/// printer, not mutable, every parameter plain and untyped or typed by a library class), built at once from
/// one argument per parameter.
#[derive(Debug)]
pub(super) struct Lean {
    /// Per parameter: the type name (`Object::type_name`) an argument passes its `as` check with at once, or
    /// `None` for an untyped parameter.
    pub(super) types: Box<[Option<Box<str>>]>,
    /// Per parameter: the `Object::type_name` text last found equal to its type (compared by address first).
    pub(super) seen: Box<[std::cell::Cell<Option<&'static str>>]>,
    /// For a grid game: the parameter `grid` whose value decides the printed form (see `library_output`).
    pub(super) grid: Option<usize>,
    /// That parameter is typed `as Grid`.
    pub(super) grid_typed: bool,
    /// For a class of one parameter, the `grid` typed `as Grid`: the Rust type of an argument found to be a
    /// grid of integers that passed every check (its type name is `Grid`, it is no grid of characters), so that
    /// an argument of the same type passes them at once (`Machine::lean_shown`).
    pub(super) passed: std::cell::Cell<Option<std::any::TypeId>>,
}

/// At most `N` entries, each set once and never changed, so that a reader holds no borrow and counts no
/// reference (a hook asked of every position is read without a `RefCell`).
#[derive(Debug)]
pub(super) struct OnceList<T, const N: usize> {
    entries: [std::cell::OnceCell<T>; N],
    len: std::cell::Cell<usize>,
}

impl<T, const N: usize> Default for OnceList<T, N> {
    fn default() -> Self {
        OnceList { entries: std::array::from_fn(|_| std::cell::OnceCell::new()), len: std::cell::Cell::new(0) }
    }
}

impl<T, const N: usize> OnceList<T, N> {
    /// Entry `i`, if made.
    #[inline(always)]
    pub(super) fn get(&self, i: usize) -> Option<&T> {
        self.entries.get(i)?.get()
    }

    /// The entries made, in order.
    #[inline]
    pub(super) fn iter(&self) -> impl Iterator<Item = &T> {
        self.entries[..self.len.get()].iter().filter_map(std::cell::OnceCell::get)
    }

    /// Whether no more entries can be made.
    pub(super) fn is_full(&self) -> bool {
        self.len.get() == N
    }

    /// Adds an entry: its index, or `None` when the list is full.
    pub(super) fn push(&self, entry: T) -> Option<usize> {
        let i = self.len.get();
        self.entries.get(i)?.set(entry).ok()?;
        self.len.set(i + 1);
        Some(i)
    }
}

/// See [`UserClass::name_kinds`]: at most [`NameKinds::MAX`] names a class keeps, each set once and never
/// changed (a reader holds no borrow), in a list shared with the method frames that copy the variables of the
/// class's objects (`Locals::receiver_kinds`).
#[derive(Debug)]
pub(super) struct NameKinds {
    list: crate::interp::env::NameKindList,
    len: std::cell::Cell<usize>,
}

impl Default for NameKinds {
    fn default() -> Self {
        NameKinds { list: (0..NameKinds::MAX).map(|_| std::cell::OnceCell::new()).collect(), len: Default::default() }
    }
}

impl NameKinds {
    /// How many names a class keeps.
    const MAX: usize = 16;

    /// Entry `i`, if made.
    #[inline(always)]
    pub(super) fn get(&self, i: usize) -> Option<&(Name, bool)> {
        self.list.get(i)?.get()
    }

    /// The entries made, in order.
    pub(super) fn iter(&self) -> impl Iterator<Item = &(Name, bool)> {
        self.list[..self.len.get()].iter().filter_map(std::cell::OnceCell::get)
    }

    /// Adds an entry: its index, or `None` when the class keeps no more.
    pub(super) fn push(&self, entry: (Name, bool)) -> Option<usize> {
        let i = self.len.get();
        self.list.get(i)?.set(entry).ok()?;
        self.len.set(i + 1);
        Some(i)
    }

    /// The list itself, to share.
    pub(super) fn shared(&self) -> &crate::interp::env::NameKindList {
        &self.list
    }
}

/// See [`UserClass::hooks`]: at most 8 hook names and argument counts a class keeps (a hook asked past them
/// takes the general member call: the class front asks two names).
pub(super) type Hooks = OnceList<HookDef, 8>;

/// See [`UserClass::hooks`]: a hook name, an argument count and the method decided for them.
pub(super) type HookDef = (Name, usize, Option<HookPlan>);

/// The method a hook call (`Machine::call_hook`) runs on every object of a class without a variable of the
/// hook's name, with what each such call would work out again, decided at the first call: the same for every
/// object of the class, whose variables' names are its constructor's parameters and `var`s.
#[derive(Debug)]
pub(super) struct HookPlan {
    pub(super) def: Rc<FunctionDef>,
    /// The method is a property.
    pub(super) property: bool,
    /// The name `this` and, for a property, the hidden property name with the property's name
    /// (`MethodFrame::this` and `MethodFrame::property`).
    pub(super) this_name: Name,
    pub(super) hidden: Option<(Name, Value)>,
    /// `MethodFrame::variables_first` for the objects of the class (it depends on their variables' names and
    /// on the class's scope), and whether a call copies the receiver's variables into its frame
    /// (`Locals::receiver_fields`: they answer first, have distinct names and no slot is named `this`).
    pub(super) variables_first: std::cell::Cell<Option<(bool, bool)>>,
    /// How the arguments bind, decided at the first call that runs in a method frame.
    pub(super) binding: std::cell::OnceCell<HookBinding>,
    /// The method with the scope it runs in ([`UserClass::scope`], fixed once the class is built), as the
    /// frame is entered with it.
    pub(super) closure: std::cell::OnceCell<Closure>,
    /// The method's own frame between its calls (see [`HookFrame`]).
    pub(super) frame: HookFrame,
}

/// A hook method's frame kept between its calls (`Machine::call_hook`): its layout, id and slot count stay
/// set, as do the names of its receiver part (`MethodFrame`: `this`, the hidden property name) and its captured
/// scope (the class's, which the plan's closure holds too), and a call fills only its arguments, `this` and the
/// copy of the receiver's variables, each emptied again when the call ends (so the kept frame holds no object
/// between calls, only names and the class's scope). Taken out while a call runs: a call of the same
/// hook inside it (a position's `Options` valuing another position) uses a spare frame.
#[derive(Default)]
pub(super) struct HookFrame(pub(super) std::cell::Cell<Option<Box<Locals>>>);

impl std::fmt::Debug for HookFrame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("HookFrame")
    }
}

/// See [`HookPlan::binding`].
#[derive(Debug)]
pub(super) enum HookBinding {
    /// Every parameter plain: the arguments bind as they are, once their count is checked (`counted`: the
    /// count passed the check, made once, since the plan is of one count).
    Plain { counted: bool },
    /// One argument per parameter, none optional or `...`, some typed: the arguments bind as they are when each
    /// typed one is of the library type named here (`Machine::params_pass`), else by `bind_params`; with, per
    /// parameter, the type name text last found equal (compared by address first).
    Typed(MethodTyped, Box<[std::cell::Cell<Option<&'static str>>]>),
    /// Anything else: `bind_params` binds.
    General,
}

/// See [`UserClass::method_typed`].
pub(super) type MethodTyped = Rc<[Option<Box<str>>]>;

/// See [`UserClass::facts`].
#[derive(Debug, Clone, Copy)]
pub(in crate::interp::eval) struct ClassFacts {
    /// A class of the chain has a `var` (not static) or an initializer block.
    pub(in crate::interp::eval) has_vars: bool,
    /// The printer the class declares (`ToOutput`, else `ToString`), if any.
    pub(in crate::interp::eval) printer: Option<&'static str>,
    /// Objects of the class are games (it extends `Game`).
    pub(in crate::interp::eval) game: bool,
    /// It extends `GridGame` or `StripGame` (printed as CGSuite's `GridGame` prints).
    pub(in crate::interp::eval) board: bool,
    /// It extends `GraphGame`.
    pub(in crate::interp::eval) graph: bool,
    /// The class or an ancestor declares `CharMap`.
    pub(in crate::interp::eval) own_char_map: bool,
    /// Calling the class builds an object by its constructor (`Position(…)`): it has one, and is neither a
    /// singleton called through its instance nor a class with its own `static def Eval` (see `UserClass::call`).
    pub(in crate::interp::eval) constructs: bool,
}

/// The `def`s of a class by name, with whether each is a property.
type DefsByName = rustc_hash::FxHashMap<Box<str>, Rc<[(Rc<FunctionDef>, bool)]>>;

/// An instance of a [`UserClass`] (or an enum element).
#[derive(Debug, Clone)]
pub struct UserObject {
    pub(in crate::interp::eval) class: Rc<UserClass>,
    /// The constructor parameters (the constructor's arguments, which the default printed form shows) and
    /// `var`s of the class and its ancestors, in order.
    pub(in crate::interp::eval) fields: Fields,
    /// An enum element's literal and 1-based ordinal (behind a pointer, so that every other object is smaller).
    pub(super) literal: Option<Rc<(Name, usize)>>,
    /// The printed form given by the class rather than by the constructor arguments, if any.
    pub(super) shown: Shown,
    /// The `mutable var`s of an object of a `mutable class`, shared by every reference to the object (a method
    /// reassigns them in place); `None` for every other object, whose variables are all in `fields`.
    pub(in crate::interp::eval) cells: Option<Cells>,
}

// A search builds and drops an object per position: with its reference counts it takes at most 120 bytes (the
// enum literal behind a pointer), a size glibc's allocator may keep in its fast bins.
#[cfg(target_pointer_width = "64")]
const _: () = assert!(std::mem::size_of::<UserObject>() <= 104);

/// The mutable variables of a [`UserObject`], by name.
pub(in crate::interp::eval) type Cells = Rc<RefCell<Vec<(Name, Value)>>>;

/// The variables of a [`UserObject`]: one is kept in the object itself (a game position's `grid`), so that
/// building such an object is one allocation; more are a vector.
#[derive(Debug, Clone)]
pub(in crate::interp::eval) enum Fields {
    One([(Name, Value); 1]),
    Many(Vec<(Name, Value)>),
}

impl Fields {
    pub(in crate::interp::eval) fn new() -> Fields {
        Fields::Many(Vec::new())
    }

    pub(in crate::interp::eval) fn push(&mut self, field: (Name, Value)) {
        match self {
            Fields::Many(v) if v.is_empty() => *self = Fields::One([field]),
            Fields::Many(v) => v.push(field),
            Fields::One(_) => {
                let Fields::One([first]) = std::mem::replace(self, Fields::new()) else { unreachable!("just matched") };
                *self = Fields::Many(vec![first, field]);
            }
        }
    }
}

impl std::ops::Deref for Fields {
    type Target = [(Name, Value)];
    fn deref(&self) -> &Self::Target {
        match self {
            Fields::One(a) => a,
            Fields::Many(v) => v,
        }
    }
}

impl Extend<(Name, Value)> for Fields {
    fn extend<I: IntoIterator<Item = (Name, Value)>>(&mut self, items: I) {
        for x in items {
            self.push(x);
        }
    }
}

impl<'f> IntoIterator for &'f Fields {
    type Item = &'f (Name, Value);
    type IntoIter = std::slice::Iter<'f, (Name, Value)>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// The printed form of a [`UserObject`] whose class gives one.
#[derive(Debug, Clone)]
pub(in crate::interp::eval) enum Shown {
    /// The default: the class name and the constructor arguments.
    Default,
    /// Made at construction: the class's `ToOutput`/`ToString`, or a strip game's `StripGame` form.
    Text(String),
    /// A game on a grid of integers (CGSuite's `GridGame.ToOutput`, `Clobber.Position("xo")`): its `grid`
    /// written through this character map, made only when the object is printed (as CGSuite does), so that
    /// the positions a search builds cost no text.
    Grid(Rc<str>),
    /// [`Shown::Grid`] through the `CharMap` of the ruleset enclosing the class (`UserClass::enclosing_char_map`,
    /// set once), kept there rather than in each position the lean construction builds.
    EnclosingGrid,
    /// A graph game (CGSuite's `GraphGame.ToOutput`, `Col.Position("L-R")`): its `graph` written with these
    /// vertex and edge label maps (its ruleset's `VertexToString`/`EdgeToString`), made only when the object is
    /// printed; printed as [`Shown::Default`] when that fails.
    Graph(Rc<[Value; 2]>),
    /// An object of a `mutable class` with `ToOutput`/`ToString`: the text made at construction and again after
    /// each assignment to one of its variables, shared by every reference to the object.
    Mutable(Rc<RefCell<String>>),
}

impl UserClass {
    /// The identity of the class declaration.
    pub(in crate::interp::eval) fn class_id(&self) -> usize {
        self.id
    }

    pub(super) fn name(&self) -> &str {
        &self.def.name.name
    }

    /// The name CGSuite's `Class.Name` gives: a nested class is named after its enclosing class
    /// (`Clobber.Position`).
    pub(in crate::interp::eval) fn display_name(&self) -> String {
        match self.enclosing.as_ref().and_then(user_object) {
            Some(outer) => format!("{}.{}", outer.class.display_name(), self.name()),
            None => self.name().to_string(),
        }
    }

    /// The name the class prints with: its package (its own, or its outermost enclosing class's) and
    /// [`UserClass::display_name`] (`examples.Nim.Position`).
    pub(super) fn qualified_name(&self) -> String {
        let mut root = self;
        while let Some(outer) = root.enclosing.as_ref().and_then(user_object) {
            root = &outer.class;
        }
        match root.package.get() {
            Some(p) => format!("{p}.{}", self.display_name()),
            None => library_class_name(&self.display_name()),
        }
    }

    /// The nested class declaration named `name`, with its identity.
    pub(in crate::interp::eval) fn nested(&self, name: &str) -> Option<(Rc<ClassDef>, usize)> {
        let mut i = 0;
        for m in &self.def.members {
            if let ClassMember::Nested(c) = m {
                if &*c.name.name == name {
                    return Some((c.clone(), self.nested_ids[i]));
                }
                i += 1;
            }
        }
        self.parent.as_ref().and_then(|p| p.nested(name))
    }

    /// Whether the nearest class of the chain declaring `name` declares it as a nested class (not a `def`).
    pub(super) fn nested_first(&self, name: &str) -> bool {
        for m in &self.def.members {
            match m {
                ClassMember::Nested(c) if &*c.name.name == name => return true,
                ClassMember::Def { def, .. } if def.name.as_ref().is_some_and(|n| &*n.name == name) => return false,
                _ => {}
            }
        }
        self.parent.as_ref().is_some_and(|p| p.nested_first(name))
    }

    /// Whether the class or an ancestor declares a `def` named `name` (static or not).
    pub(in crate::interp::eval) fn defines(&self, name: &str) -> bool {
        self.find_def(name, false).is_some()
    }

    /// The `def` named `name` (static or not) of this class or its nearest ancestor declaring it, with whether
    /// it is a property.
    pub(super) fn find_def(&self, name: &str, statics: bool) -> Option<(Rc<FunctionDef>, bool)> {
        for m in &self.def.members {
            if let ClassMember::Def { modifiers, def, property } = m {
                let is_static = modifiers.iter().any(|m| m.name == "static");
                if is_static == statics && def.name.as_ref().is_some_and(|n| &*n.name == name) {
                    return Some((def.clone(), *property));
                }
            }
        }
        self.parent.as_ref().and_then(|p| p.find_def(name, statics))
    }

    /// The class that declares member `name` (a `def` or a `var`), this one or an ancestor.
    pub(super) fn declarer(self: &Rc<Self>, name: &str) -> Option<Rc<UserClass>> {
        let own = self.def.members.iter().any(|m| match m {
            ClassMember::Def { def, .. } => def.name.as_ref().is_some_and(|n| &*n.name == name),
            ClassMember::Var { vars, .. } => vars.iter().any(|(n, _)| &*n.name == name),
            ClassMember::Nested(c) => &*c.name.name == name,
            ClassMember::Init(_) => false,
        });
        if own {
            return Some(self.clone());
        }
        self.parent.as_ref().and_then(|p| p.declarer(name))
    }

    /// This class and its ancestors, root first.
    pub(super) fn chain(self: &Rc<Self>) -> Vec<Rc<UserClass>> {
        let mut v = vec![self.clone()];
        while let Some(p) = v.last().and_then(|c| c.parent.clone()) {
            v.push(p);
        }
        v.reverse();
        v
    }

    pub(super) fn is_or_extends(&self, other: &UserClass) -> bool {
        self.id == other.id || self.parent.as_ref().is_some_and(|p| p.is_or_extends(other))
    }

    /// A singleton's instance (built once).
    /// Whether the class declares the (instance) variable `name` (`var Kayles := …` of CGSuite's `constants`).
    pub(in crate::interp::eval) fn declares_var(&self, name: &str) -> bool {
        self.def.members.iter().any(|m| match m {
            ClassMember::Var { vars, .. } => vars.iter().any(|(v, _)| &*v.name == name),
            _ => false,
        })
    }

    pub(super) fn singleton_instance(self: &Rc<Self>, m: &mut Machine, span: Span) -> Result<Value, EvalError> {
        if let Some(v) = self.instance.borrow().clone() {
            return Ok(v);
        }
        let v = m.construct(self, &[], span)?;
        *self.instance.borrow_mut() = Some(v.clone());
        Ok(v)
    }

    /// The class's [`ClassFacts`].
    pub(in crate::interp::eval) fn facts(&self) -> ClassFacts {
        *self.facts.get_or_init(|| {
            let mut has_vars = false;
            let mut c = Some(self);
            while let Some(x) = c {
                has_vars |= x.def.members.iter().any(|m| match m {
                    ClassMember::Init(_) => true,
                    ClassMember::Var { modifiers, .. } => !modifiers.iter().any(|m| m.name == "static"),
                    _ => false,
                });
                c = x.parent.as_deref();
            }
            let printer = ["ToOutput", "ToString"].into_iter().find(|n| self.find_def(n, false).is_some());
            let chain = library_chain(self.library);
            let game = chain.contains(&"Game");
            let board = chain.contains(&"GridGame") || chain.contains(&"StripGame");
            let graph = chain.contains(&"GraphGame");
            let own_char_map = self.defines("CharMap");
            let own_eval = self.def.members.iter().any(|d| {
                matches!(d, ClassMember::Def { modifiers, def, .. }
                    if modifiers.iter().any(|m| m.name == "static") && def.name.as_ref().is_some_and(|n| &*n.name == "Eval"))
            });
            let through_instance = self.is_singleton() && (self.defines("Eval") || self.library.is_some());
            let constructs = self.def.params.is_some() && !own_eval && !through_instance;
            ClassFacts { has_vars, printer, game, board, graph, own_char_map, constructs }
        })
    }

    pub(super) fn is_singleton(&self) -> bool {
        self.def.modifiers.iter().any(|m| m.name == "singleton")
    }

    /// Whether the class is declared `mutable` (its `mutable var`s can be reassigned by its methods).
    pub(in crate::interp::eval) fn is_mutable(&self) -> bool {
        self.def.modifiers.iter().any(|m| m.name == "mutable")
    }

    /// The names of the `mutable var`s of the class and its ancestors.
    pub(super) fn mutable_vars(self: &Rc<Self>) -> Vec<Name> {
        let mut out = Vec::new();
        for c in self.chain() {
            for m in &c.def.members {
                let ClassMember::Var { modifiers, vars } = m else { continue };
                if modifiers.iter().any(|m| m.name == "mutable") && !modifiers.iter().any(|m| m.name == "static") {
                    out.extend(vars.iter().map(|(n, _)| n.name.clone()));
                }
            }
        }
        out
    }

    /// The scope a method or initializer of this class runs in: the declaration's locals and the statics.
    pub(super) fn scope(&self) -> Scope {
        if let Some(s) = self.scope_cache.get() {
            return s.clone();
        }
        let mut s = self.captured.clone();
        if let Some(p) = &self.parent {
            for (n, v) in &p.statics {
                s.insert(n.clone(), v.clone());
            }
        }
        for (n, v) in &self.statics {
            s.insert(n.clone(), v.clone());
        }
        s
    }
}

impl UserObject {
    /// The printed form of a position of a grid game whose `grid` is written through the character map `map`
    /// ([`Shown::Grid`]), when its `grid` is a grid of integers.
    /// The printed form [`Shown::Graph`] stands for (`None` when it cannot be made).
    pub(super) fn graph_text(&self, games: &mut Games, writers: &[Value; 2]) -> Option<String> {
        let graph = self.fields.iter().find(|(f, _)| &**f == "graph").map(|(_, g)| g)?;
        let text = (crate::interp::registry::installed().graph_text)(games, graph, &writers[0], &writers[1])?;
        Some(format!("{}(\"{}\")", self.class.display_name(), text))
    }

    pub(super) fn grid_text(&self, map: &str) -> Option<String> {
        let grid = self.fields.iter().find(|(f, _)| &**f == "grid").map(|(_, g)| g)?;
        let text = (crate::interp::registry::installed().grid_text)(grid, map)?;
        Some(format!("{}(\"{}\")", self.class.display_name(), text))
    }

    /// The value of the mutable variable `name` now (`None` when the object has no such variable).
    pub(in crate::interp::eval) fn cell(&self, name: &str) -> Option<Value> {
        let cells = self.cells.as_ref()?.borrow();
        cells.iter().find(|(n, _)| &**n == name).map(|(_, v)| v.clone())
    }

    /// Whether two objects are of one class with equal variables now (`==` of objects of a mutable class).
    pub(in crate::interp::eval) fn same_values(&self, other: &UserObject) -> bool {
        let cells = match (&self.cells, &other.cells) {
            (Some(a), Some(b)) => Rc::ptr_eq(a, b) || *a.borrow() == *b.borrow(),
            (None, None) => true,
            _ => false,
        };
        self.class.id == other.class.id
            && self.class.enclosing == other.class.enclosing
            && self.literal.as_ref().map(|l| l.1) == other.literal.as_ref().map(|l| l.1)
            && *self.fields == *other.fields
            && cells
    }

    /// The shared cells of the object when `name` is one of its mutable variables.
    pub(in crate::interp::eval) fn cells_of(&self, name: &str) -> Option<&Cells> {
        self.cells.as_ref().filter(|c| c.borrow().iter().any(|(n, _)| &**n == name))
    }

    pub(in crate::interp::eval) fn field(&self, name: &str) -> Option<&Value> {
        self.fields.iter().rev().find(|(n, _)| &**n == name).map(|(_, v)| v)
    }

    /// A variable of the object, or an enum element's `Literal`/`Ordinal`: what `name` is without a method.
    pub(super) fn own_value(&self, name: &str) -> Option<Value> {
        if let Some(v) = self.field(name) {
            return Some(v.clone());
        }
        if let Some(v) = self.cell(name) {
            return Some(v);
        }
        let (literal, ordinal) = &**self.literal.as_ref()?;
        match name {
            "Literal" => Some(Value::str(literal)),
            "Ordinal" => Some(Value::int(*ordinal as i64)),
            _ => None,
        }
    }
}

/// The address of a class, as `Locals::receiver_class` keeps it (compared, never read through).
#[inline(always)]
pub(super) fn class_address(class: &Rc<UserClass>) -> usize {
    Rc::as_ptr(class) as *const () as usize
}

/// The user object `v` is, if it is one.
#[inline]
pub(in crate::interp::eval) fn user_object(v: &Value) -> Option<&UserObject> {
    match v {
        Value::Object(o) => downcast_ref::<UserObject>(&**o),
        _ => None,
    }
}

//! The data of a ruleset instance: the [`Instance`] (a ruleset with its parameters bound, the owner of a memo
//! table), its [`Schema`] and the `Position` constructor of its body, and the records of its memo (a [`Node`]
//! per state, its [`Split`] into components and its options as [`SumRef`]s of [`Term`]s).
//!
//! These types are one recursive whole: an instance owns its [`Memo`], whose nodes hold sums of terms, each
//! naming its instance. They live in this one file, below the code that builds and searches them
//! (`super::script` declares instances, `super::memo` computes the nodes), so that code is no circle; the
//! memo's index (`super::memo::index`) is generic over its nodes and names none of these types.

use super::solver::Solver;
use crate::game::loopy::SideValue;
use crate::game::GameId;
use crate::interp::error::EvalError;
use crate::interp::eval::Machine;
use crate::interp::value::{Function, Player, Value};
use crate::syntax::ast::{Name, RulesetDef};
use crate::syntax::span::Span;
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::rc::{Rc, Weak};

/// The memo table of an instance: the index of its states' keys (`super::memo::index`, generic over the nodes it
/// holds) over [`Node`]s.
pub type Memo = super::memo::index::Memo<Node>;

/// The terms of a sum of positions (see [`super::terms`]).
pub type Terms = super::terms::Terms<Term>;

/// The functions of a ruleset instance, as closures over its parameters.
#[derive(Debug)]
pub struct Hooks {
    /// `Options`.
    pub options: Rc<Function>,
    /// `Components`, if defined.
    pub components: Option<Rc<Function>>,
    /// `Show`, if defined.
    pub show: Option<Rc<Function>>,
    /// `Canonical`, if defined.
    pub canonical: Option<Rc<Function>>,
    /// Every other `def`: name, closure and parameter count (the state included).
    pub members: Vec<(Name, Rc<Function>, usize)>,
    /// The native solver the `Shortcut` hook names (`NativeValue("Domineering", s)`), called directly.
    pub solver: Option<Solver>,
}

/// A ruleset with its parameters bound: the thing positions belong to, and the owner of their memo table.
#[derive(Debug)]
pub struct Instance {
    /// Unique for the life of the process; orders terms of sums.
    pub id: u64,
    /// The declaration.
    pub def: Rc<RulesetDef>,
    /// The schema arguments (empty for a parameterless ruleset).
    pub args: Vec<Value>,
    /// `Options` takes only the state.
    pub impartial: bool,
    /// The closures.
    pub hooks: Hooks,
    /// Everything computed about its states.
    pub memo: RefCell<Memo>,
    /// The instance of a user game class (`super::classes`): its states are the class's objects, and a
    /// position prints as its object.
    pub class_front: bool,
    /// The class front's answers, which the memo asks directly (`None` for a `ruleset` declaration's).
    pub front: Option<&'static Front>,
}

/// [`Front::represent`]'s type.
pub type Represent = fn(&mut Machine, &Value, Span) -> Result<(Value, Split), EvalError>;

/// A class front's hook answer to the memo: the hook's result, and whether it is in fields (`true`: a list of
/// the variables of states of the class, each standing for the object `Front::build` makes of it, as the
/// hook's comprehension would have built it; `eval/compile/fields.rs`).
pub type Answer = (Value, bool);

/// The class front's answers to the memo (`super::classes` fills them in; through them the memo names no file
/// that names it): the representative of a state with the split its `Decomposition` found, the state's options
/// (`None`: an impartial class's), its components, and the state a variable stands for.
#[derive(Debug)]
pub struct Front {
    /// The state's representative, with the split its `Decomposition` found.
    pub represent: Represent,
    /// The state's options for the player (`None`: an impartial class's `Options`).
    pub options: fn(&mut Machine, &Value, Option<Player>, Span) -> Result<Answer, EvalError>,
    /// The state's components (its `Decomposition`).
    pub components: fn(&mut Machine, &Value, Span) -> Result<Answer, EvalError>,
    /// The state of the class of the state `like` whose variable is the given value (of an answer in fields).
    pub build: fn(&mut Machine, &Value, Value, Span) -> Result<Value, EvalError>,
}

impl Instance {
    /// The ruleset's name.
    pub fn name(&self) -> &str {
        &self.def.name.name
    }

    /// The script member `name`, if the body defines one.
    pub fn member(&self, name: &str) -> Option<&(Name, Rc<Function>, usize)> {
        self.hooks.members.iter().find(|(n, _, _)| &**n == name)
    }

    /// The names of the script members (for completion).
    pub fn member_names(&self) -> Vec<String> {
        self.hooks.members.iter().map(|(n, _, _)| n.to_string()).collect()
    }

    /// Reports every game the instance holds (arguments, hooks' captured scopes, memo) for a collection.
    pub fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        let h = &self.hooks;
        let hooks = [Some(&h.options), h.components.as_ref(), h.show.as_ref(), h.canonical.as_ref()];
        t.values(&self.args)
            && hooks.into_iter().flatten().all(|f| t.function(f))
            && h.members.iter().all(|(_, f, _)| t.function(f))
            && self.memo.try_borrow_mut().is_ok_and(|mut m| m.trace(t))
    }
}

impl Schema {
    /// Reports every game its instances hold, for a collection.
    pub fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        self.instances.try_borrow().is_ok_and(|all| all.values().all(|i| !t.first_visit(Rc::as_ptr(i)) || i.trace(t)))
    }
}

/// A ruleset with parameters, not yet applied to arguments.
#[derive(Debug)]
pub struct Schema {
    /// The declaration.
    pub def: Rc<RulesetDef>,
    pub(super) instances: RefCell<FxHashMap<Box<[u8]>, Rc<Instance>>>,
}

/// `Position` inside a ruleset body: builds positions of the instance being defined.
#[derive(Debug)]
pub struct PositionCtor(pub Weak<Instance>);

/// A position of some instance inside a sum, possibly negated.
#[derive(Clone, Debug)]
pub struct Term {
    /// The instance.
    pub inst: Rc<Instance>,
    /// The node in its memo.
    pub node: u32,
    /// Whether the term is negated.
    pub neg: bool,
}

/// A sum of terms and a constant game: an option or the components of a position.
#[derive(Clone, Debug, Default)]
pub struct SumRef {
    /// The positions.
    pub terms: Terms,
    /// The constant part (`None` for 0).
    pub constant: Option<GameId>,
    /// Loopy values among the parts (`on`, `off`, …), by their sides: such a sum is no short game. (Boxed: a
    /// memo keeps one sum per option, almost never with a loopy part.)
    pub loopy: Box<[(SideValue, SideValue)]>,
}

/// How a node splits into components.
#[derive(Clone, Debug)]
pub enum Split {
    /// Not computed yet.
    Unknown,
    /// The position is its own only component.
    Atomic,
    /// The position is the sum of these.
    Parts(Rc<SumRef>),
    /// Not computed yet, but the `Components` hook's answer is known: the decomposition a class's `Canonical`
    /// hook computed (`super::classes::represent`), read as the hook's answer when the split is asked (in
    /// fields or not, as [`Answer`] says). (Boxed, so that a split stays two words.)
    Decomposed(Box<Answer>),
}

/// Everything known about one state.
#[derive(Debug)]
pub struct Node {
    /// The state (the representative, if the ruleset has a `Canonical` hook).
    pub state: Value,
    /// The canonical form.
    pub canonical: Option<GameId>,
    /// The ruleset's `Shortcut` hook has not run on this node yet (it runs when a canonical form is first
    /// needed, [`ensure_shortcut`], so an outcome search can meet large positions without valuing them).
    pub shortcut_pending: bool,
    /// On the stack of a running canonical-form search.
    pub busy: bool,
    /// Components.
    pub split: Split,
    /// Left options (for an impartial ruleset: the options), once computed; dropped again when the canonical
    /// form is (see the module documentation).
    pub left: Option<Rc<[SumRef]>>,
    /// Right options (for an impartial ruleset: the same as `left`).
    pub right: Option<Rc<[SumRef]>>,
    /// Outcome-search results: `[normal, misère][Left first, Right first]` = whether the mover wins.
    pub wins: [[Option<bool>; 2]; 2],
    /// The loopy value (onside, offside), once computed by `GameValue` (`super::loopy`). Boxed: almost no node
    /// has one, and inline it was 32 of a node's 120 bytes.
    pub loopy: Option<Box<(SideValue, SideValue)>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_term_fits_in_the_vectors_words() {
        // The point of `Terms`: a one-term sum costs no heap block and no more room than a Vec.
        assert!(std::mem::size_of::<Terms>() <= std::mem::size_of::<Vec<Term>>());
    }
}

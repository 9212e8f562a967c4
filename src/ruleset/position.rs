//! Positions and sums of positions as script values.
//!
//! - [`Position`]: a ruleset instance applied to a state. It prints as `Name(state)` (state as a value, so
//!   strings are quoted; schema arguments are not shown) or through the ruleset's `Show`. It finds its memo
//!   node lazily and caches the index.
//! - [`PositionSum`]: a sum (or difference) of positions plus a constant game, e.g. `Kayles(3) + *2`. It is a
//!   value in its own right: game members go through the sum of canonical forms, `MisereOutcomeClass` searches
//!   the sum's own game tree.
//! - [`GameOption`]: `Value(g)`, a game value used as an option of a ruleset as it is.

use super::instance::Instance;
use crate::game::{GameId, Games};
use crate::interp::error::EvalError;
use crate::interp::eval::Machine;
use crate::interp::value::{Object, Value};
use crate::syntax::span::Span;
use std::cell::{Cell, OnceCell};
use std::rc::Rc;

/// A position: a ruleset instance and a state.
#[derive(Debug)]
pub struct Position {
    /// The ruleset instance.
    pub inst: Rc<Instance>,
    /// The state.
    pub state: Value,
    /// The memo node of the state, once looked up.
    pub node: Cell<Option<u32>>,
    /// The printed form from `Show`, once computed.
    pub shown: OnceCell<String>,
}

impl Position {
    /// A position whose node is not yet looked up.
    pub fn new(inst: Rc<Instance>, state: Value) -> Position {
        Position { inst, state, node: Cell::new(None), shown: OnceCell::new() }
    }

    /// Computes the `Show` form if the ruleset has a `Show` hook and it is not computed yet.
    pub fn fill_show(&self, m: &mut Machine, span: Span) -> Result<(), EvalError> {
        if self.shown.get().is_some() {
            return Ok(());
        }
        if let Some(show) = &self.inst.hooks.show {
            let v = m.call_function(show, std::slice::from_ref(&self.state), span)?;
            let _ = self.shown.set(v.display_plain(m.games));
        }
        Ok(())
    }

    /// The printed form in CGSuite's output mode (`game::print_limit::cgsuite`): `Class.Position(state)` with
    /// the class CGSuite's ruleset belongs to (`GenClobber.Position("xo|ox")`), for the rulesets CGSuite has;
    /// `None` for the others.
    pub fn cgsuite(
        inst: &Instance,
        state: &Value,
        shown_by_rules: Option<&String>,
        games: &mut Games,
    ) -> Option<String> {
        super::cgsuite_print::position(inst, state, shown_by_rules, games)
    }

    /// The default printed form `Name(state)`, or `Name(args)(state)` for an instance of a schema, so that it
    /// pastes back (`Subtraction({1,2})(5)`).
    pub fn plain(inst: &Instance, state: &Value, games: &mut Games) -> String {
        if inst.class_front {
            return state.display(games);
        }
        let name = if let Some((obj, _)) = super::cgsuite_print::front(inst) {
            obj.display(games)
        } else if inst.def.params.is_some() {
            let args: Vec<String> = inst.args.iter().map(|a| a.display(games)).collect();
            format!("{}({})", inst.name(), args.join(","))
        } else {
            inst.name().to_string()
        };
        match state {
            // A tuple state prints as the arguments that make it (`R(a, b)` is `R((a, b))`).
            Value::Tuple(items) if items.len() > 1 => {
                let parts: Vec<String> = items.iter().map(|x| x.display(games)).collect();
                format!("{}({})", name, parts.join(","))
            }
            _ => format!("{}({})", name, state.display(games)),
        }
    }
}

/// A sum of positions (each possibly negated) and a constant game.
///
/// `terms` and `constant` are the sum's value as the memo, the outcome search and the canonical form read it.
/// `layout` is the sum as typed when it has parts other than positions: CGSuite 2.2 keeps a heap, a game or an
/// explicit form where it stands (`Domineering.Position("..|..") + 1 + TakeAndBreak.Position(3)`), and its
/// printed form, options and followers read them so; `constant` is then the sum of those parts' values. A sum
/// of positions alone has an empty `layout` and no `constant`. Built by [`PositionSum::build`] only.
#[derive(Debug, Clone)]
pub struct PositionSum {
    /// The positions, with `true` for a negated one.
    pub terms: Vec<(Rc<Position>, bool)>,
    /// The constant part (`None` for 0).
    pub constant: Option<GameId>,
    /// The parts in the order typed (empty for positions alone).
    pub layout: Vec<Slot>,
    /// How the parts are grouped, as CGSuite pairs them (see [`Shape`]); `None` for the sum folded from the left
    /// (`a + b + c`), the grouping of every sum typed without parentheses.
    pub shape: Shape,
}

/// The grouping of a sum's parts, as CGSuite 2.2 keeps `G + H` as the pair of its two operands: `(A + 1) + (B + *)`
/// is not `A + 1 + B + *` (a set holds both), though both print alike and move alike. A binary tree over the parts
/// in order, written as the number of parts in the left operand of each pair, pairs in preorder (`(A + 1) + (B +
/// *)` is `[2, 1, 1]`); `None` for the fold from the left (`[n - 1, n - 2, …, 1]`).
pub type Shape = Option<Rc<[u32]>>;

/// An operand of a sum's pair: its parts and their grouping.
pub type Operand = (Vec<Item>, Shape);

/// The grouping of `n` parts written out (see [`Shape`]).
pub fn shape_of(shape: &Shape, n: usize) -> Vec<u32> {
    match shape {
        Some(s) => s.to_vec(),
        None => (1..n as u32).rev().collect(),
    }
}

/// The grouping of `a + b`, where `a` has `na` parts grouped as `sa` and `b` has `nb` grouped as `sb`.
pub fn pair_shape(sa: &Shape, na: usize, sb: &Shape, nb: usize) -> Shape {
    if nb <= 1 && sa.is_none() {
        return None;
    }
    let mut out = Vec::with_capacity(na + nb - 1);
    out.push(na as u32);
    out.extend(shape_of(sa, na));
    out.extend(shape_of(sb, nb));
    let n = na + nb;
    if out.iter().enumerate().all(|(i, &k)| k as usize == n - 1 - i) {
        return None;
    }
    Some(out.into())
}

/// A place in a sum's [`PositionSum::layout`].
#[derive(Debug, Clone)]
pub enum Slot {
    /// The `i`-th of the sum's `terms`.
    Term(usize),
    /// Another part (a heap, a game, an explicit form) as it stands in the sum (a subtracted one negated:
    /// `x - 1` holds `-1`), with its value.
    Other(Value, GameId),
}

/// A part of a sum, in its order: what sums are built from.
#[derive(Debug, Clone)]
pub enum Item {
    /// A position, with `true` when negated.
    Term(Rc<Position>, bool),
    /// Another part with its value (see [`Slot::Other`]).
    Other(Value, GameId),
}

impl PositionSum {
    /// The sum of `items` in their order (at least one a position); the constant is the sum of the other
    /// parts' values, computed in `games`.
    pub fn build(games: &mut Games, items: Vec<Item>) -> PositionSum {
        let others = items.iter().any(|i| matches!(i, Item::Other(..)));
        let mut terms = Vec::with_capacity(items.len());
        if !others {
            terms.extend(items.into_iter().filter_map(|i| match i {
                Item::Term(p, n) => Some((p, n)),
                Item::Other(..) => None,
            }));
            return PositionSum { terms, constant: None, layout: Vec::new(), shape: None };
        }
        let mut layout = Vec::with_capacity(items.len());
        let mut constant: Option<GameId> = None;
        for i in items {
            match i {
                Item::Term(p, n) => {
                    layout.push(Slot::Term(terms.len()));
                    terms.push((p, n));
                }
                Item::Other(v, g) => {
                    constant = Some(match constant {
                        Some(c) => games.add(c, g),
                        None => g,
                    });
                    layout.push(Slot::Other(v, g));
                }
            }
        }
        let constant = constant.filter(|&c| c != games.zero());
        PositionSum { terms, constant, layout, shape: None }
    }

    /// [`PositionSum::build`] with the parts grouped as `shape` (see [`Shape`]).
    pub fn build_shaped(games: &mut Games, items: Vec<Item>, shape: Shape) -> PositionSum {
        let mut s = PositionSum::build(games, items);
        s.shape = shape;
        s
    }

    /// The two operands of the sum's outer pair, as their parts and groupings, when it has two parts or more.
    pub fn halves(&self) -> Option<[Operand; 2]> {
        let mut items = self.items();
        let n = items.len();
        if n < 2 {
            return None;
        }
        let shape = shape_of(&self.shape, n);
        let k = shape[0] as usize;
        let right = items.split_off(k);
        let fold = |s: &[u32]| -> Shape {
            let m = s.len() + 1;
            if s.iter().enumerate().all(|(i, &x)| x as usize == m - 1 - i) {
                None
            } else {
                Some(s.into())
            }
        };
        Some([(items, fold(&shape[1..k])), (right, fold(&shape[k..]))])
    }

    /// The parts of the sum in their order.
    pub fn items(&self) -> Vec<Item> {
        if self.layout.is_empty() {
            let mut out: Vec<Item> = self.terms.iter().map(|(p, n)| Item::Term(p.clone(), *n)).collect();
            if let Some(c) = self.constant {
                out.push(Item::Other(Value::Game(c), c));
            }
            return out;
        }
        self.layout
            .iter()
            .map(|s| match s {
                Slot::Term(i) => Item::Term(self.terms[*i].0.clone(), self.terms[*i].1),
                Slot::Other(v, g) => Item::Other(v.clone(), *g),
            })
            .collect()
    }

    /// How many parts the sum has.
    pub fn part_count(&self) -> usize {
        if self.layout.is_empty() {
            self.terms.len() + usize::from(self.constant.is_some())
        } else {
            self.layout.len()
        }
    }
}

/// `Value(g)`: a game value meant as an option of a ruleset.
#[derive(Debug)]
pub struct GameOption(pub GameId);

/// What a value is, as far as rulesets are concerned.
pub enum Gamelike<'v> {
    /// A single position.
    Position(Rc<Position>),
    /// A sum involving positions.
    Sum(&'v PositionSum),
    /// `Value(g)`.
    Option(GameId),
}

/// Classifies an object as a position, a sum or `Value(g)`.
pub fn gamelike(o: &Rc<dyn Object>) -> Option<Gamelike<'_>> {
    let any: &dyn std::any::Any = &**o;
    if let Some(s) = any.downcast_ref::<PositionSum>() {
        return Some(Gamelike::Sum(s));
    }
    if let Some(g) = any.downcast_ref::<GameOption>() {
        return Some(Gamelike::Option(g.0));
    }
    as_position(o).map(Gamelike::Position)
}

/// The object as an `Rc<Position>` if it is one.
pub fn as_position(o: &Rc<dyn Object>) -> Option<Rc<Position>> {
    let any: &dyn std::any::Any = &**o;
    if !any.is::<Position>() {
        return None;
    }
    let a: Rc<dyn std::any::Any> = o.clone();
    a.downcast::<Position>().ok()
}

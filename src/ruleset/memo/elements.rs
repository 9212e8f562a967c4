//! The memo's look-ups of states: the node of a state (found by its key, or made after the `Canonical` hook),
//! and the elements of a hook's result as sums of terms.

use super::super::instance::{Split, SumRef, Term};
use super::super::key::{encode, is_grid_key, is_num_grid_key, num_grid_hash, state_board, state_grid, Board};
use super::super::position::{gamelike, Gamelike, Position};
use super::super::script::{self, Instance};
use crate::game::GameId;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::{class_game_single_field, is_user_object, Machine};
use crate::interp::value::Value;
use crate::solve::grid::Grid;
use crate::syntax::span::Span;
use std::rc::Rc;

fn unhashable(ty: &'static str, span: Span) -> EvalError {
    EvalError::new(ErrorKind::UnhashableState { ty }, span)
}

/// The node of a position (cached in the position).
pub fn position_node(m: &mut Machine, p: &Position, span: Span) -> Result<u32, EvalError> {
    if let Some(i) = p.node.get() {
        return Ok(i);
    }
    let i = node_for(m, &p.inst, &p.state, span)?;
    p.node.set(Some(i));
    Ok(i)
}

/// A state to look up: its object (`&Value`), or a [`Field`], whose object is made only when a new node needs
/// it. (A trait, so that the look-up of an object is compiled as it was before fields.)
trait Looked: Copy {
    /// The state's object: the one looked up, or the one its variable stands for (as the hook's comprehension
    /// would have built it).
    fn object(self, m: &mut Machine, inst: &Instance, span: Span) -> Result<Value, EvalError>;
}

impl Looked for &Value {
    #[inline(always)]
    fn object(self, _: &mut Machine, _: &Instance, _: Span) -> Result<Value, EvalError> {
        Ok(self.clone())
    }
}

/// The variable `field` of a state of the class of the state `like` (a class front's hook answered in fields:
/// `Front::build` makes its object).
#[derive(Clone, Copy)]
struct Field<'v> {
    field: &'v Value,
    like: &'v Value,
}

impl Looked for Field<'_> {
    fn object(self, m: &mut Machine, inst: &Instance, span: Span) -> Result<Value, EvalError> {
        match inst.front {
            Some(front) => (front.build)(m, self.like, self.field.clone(), span),
            None => {
                Err(EvalError::new(ErrorKind::Internal { what: "a variable of a state without a class".into() }, span))
            }
        }
    }
}

/// Whether two keyed states are the same board (the same object, or equal grids or integer grids: equal keys).
pub fn same_board(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) if Rc::ptr_eq(x, y) => true,
        _ => same_grid(state_board(a), state_board(b)),
    }
}

/// What a state of `inst` is keyed by: a state of a class front (all of them objects of one class of one
/// enclosing object, `classes.rs`) that has one variable is keyed by that variable (`Position(grid)` by its
/// grid: the class and enclosing object are the instance's, the same for every state), any other by itself.
#[inline]
fn key_part<'v>(inst: &Instance, state: &'v Value) -> &'v Value {
    if inst.class_front {
        if let Some(f) = class_game_single_field(state) {
            return f;
        }
    }
    state
}

/// The representative of the new state `state` by the `Canonical` hook `canon` of `inst`, with the split a
/// class front found for it (its `Front::represent`, asked directly), for a new node of it.
#[inline]
fn represent(
    m: &mut Machine,
    inst: &Instance,
    canon: &Rc<crate::interp::value::Function>,
    state: &Value,
    span: Span,
) -> Result<(Value, Option<Split>), EvalError> {
    if let Some(front) = inst.front {
        return (front.represent)(m, state, span).map(|(rep, split)| (rep, Some(split)));
    }
    Ok((script::call_hook(m, inst, canon, std::slice::from_ref(state), span)?, None))
}

/// The node of `state` in `inst`'s memo, created if new (after the `Canonical` hook, if any).
///
/// A grid state is found by its own hash and compared in place ([`Memo::get_grid`]), an integer grid by a hash
/// of its cells ([`Memo::get_num_grid`]); other states are encoded
/// into a reused buffer first. A key is built to keep only when the state is new. States are keyed by
/// [`key_part`].
pub fn node_for(m: &mut Machine, inst: &Rc<Instance>, state: &Value, span: Span) -> Result<u32, EvalError> {
    node_keyed(m, inst, state, key_part(inst, state), span)
}

/// [`node_for`] of `state` keyed by `kstate` (its [`key_part`], which the caller has).
fn node_keyed(
    m: &mut Machine,
    inst: &Rc<Instance>,
    state: impl Looked,
    kstate: &Value,
    span: Span,
) -> Result<u32, EvalError> {
    thread_local! {
        /// The key of the state being looked up: most look-ups find a node, and then need no key of their own.
        static KEY: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    // A grid's key hashes as the grid (a character grid keeps its hash, an integer grid's is found by the look-up):
    // a new one is indexed without hashing its key again.
    let khash;
    let key = match state_board(kstate) {
        Board::Grid(g) => {
            let found = inst.memo.borrow().find_grid(g);
            let packed = match found {
                Ok(i) => return Ok(i),
                Err(p) => p,
            };
            khash = Some(g.hash());
            if let Some(i) = add_packed(m, inst, kstate, (packed, g.hash()), state, span) {
                return i;
            }
            let mut key = Vec::with_capacity(9 + g.cells().len());
            encode(kstate, &mut key).map_err(|ty| unhashable(ty, span))?;
            key
        }
        Board::Num(rows, cols, cells) => {
            // An integer grid likewise, hashed from its cells in place.
            let found = inst.memo.borrow().find_num_grid(rows, cols, cells);
            let (hash, packed) = match found {
                Ok(i) => return Ok(i),
                Err(miss) => miss,
            };
            khash = Some(hash);
            if let Some(i) = add_packed(m, inst, kstate, (packed, hash), state, span) {
                return i;
            }
            let mut key = Vec::with_capacity(9 + cells.len());
            encode(kstate, &mut key).map_err(|ty| unhashable(ty, span))?;
            key
        }
        Board::Other => {
            khash = None;
            let key = KEY.with(|buf| {
                let mut buf = buf.borrow_mut();
                buf.clear();
                encode(kstate, &mut buf).map_err(|ty| unhashable(ty, span))?;
                Ok::<_, EvalError>(match inst.memo.borrow().get(&buf) {
                    Some(i) => Err(i),
                    None => Ok(buf.clone()),
                })
            })?;
            match key {
                Ok(key) => key,
                Err(i) => return Ok(i),
            }
        }
    };
    let pending = super::super::shortcut::has_shortcut(inst);
    let Some(canon) = &inst.hooks.canonical else {
        // No hook ran since the look-up (the object is made by no hook): the key is still new.
        let state = state.object(m, inst, span)?;
        return Ok(inst.memo.borrow_mut().add_new(&key, khash, state, pending));
    };
    let state = &state.object(m, inst, span)?;
    let keys_before = inst.memo.borrow().key_count();
    let (rep, split) = represent(m, inst, canon, state, span)?;
    // Whether the representative has the state's key: a hook that answers the state itself (the same object)
    // does, a grid is compared with the key in place, anything else is encoded (and its key kept if different).
    let itself = matches!((&rep, state), (Value::Object(a), Value::Object(b)) if Rc::ptr_eq(a, b));
    let mut rkey = None;
    let krep = key_part(inst, &rep);
    let same = match (itself, state_board(krep)) {
        (true, _) => true,
        (false, Board::Grid(g)) => is_grid_key(&key, g),
        (false, Board::Num(rows, cols, cells)) => is_num_grid_key(&key, rows, cols, cells),
        (false, Board::Other) => {
            let mut r = Vec::with_capacity(key.len());
            encode(krep, &mut r).map_err(|ty| unhashable(ty, span))?;
            let same = r == key;
            rkey = Some(r).filter(|_| !same);
            same
        }
    };
    // The hook may have indexed keys itself (by asking about positions); only then can `key` be known now.
    let hook_added = inst.memo.borrow().key_count() != keys_before;
    let found = {
        let memo = inst.memo.borrow();
        match (same, hook_added) {
            (true, false) => None,
            (true, true) => memo.get_state(kstate, &key),
            (false, _) => memo.get_state(krep, rkey.as_deref().unwrap_or_default()),
        }
    };
    let i = match found {
        Some(i) => i,
        None if same => {
            let mut memo = inst.memo.borrow_mut();
            let i = memo.add_new(&key, khash, rep, pending);
            memo.set_split(i, split)
        }
        None => {
            let rkey = match rkey {
                Some(r) => r,
                None => {
                    let mut r = Vec::with_capacity(key.len());
                    encode(krep, &mut r).map_err(|ty| unhashable(ty, span))?;
                    r
                }
            };
            let rhash = state_grid(krep).map(Grid::hash);
            let mut memo = inst.memo.borrow_mut();
            let i = memo.add_new(&rkey, rhash, rep, pending);
            memo.set_split(i, split)
        }
    };
    // A state that is its own representative is indexed once.
    let mut memo = inst.memo.borrow_mut();
    if !same && (!hook_added || memo.get(&key).is_none()) {
        match khash {
            Some(h) => memo.insert_hashed(&key, h, i, false),
            None => memo.insert(&key, i, false),
        }
    }
    Ok(i)
}

/// A node for the new grid or integer grid state `state` (keyed by `kstate`, whose key hashes to `hash`) when
/// the grid packs into its index entry: indexed without writing its key (nor its representative's, when a
/// `Canonical` hook gives one that packs too). The entries are those `node_for`'s keyed path makes. `packed`:
/// the entry data if the look-up has it (else the grid is packed here, its new characters learned). `None`
/// (nothing done) when the grid does not pack.
fn add_packed(
    m: &mut Machine,
    inst: &Rc<Instance>,
    kstate: &Value,
    (packed, hash): (Option<([u8; 16], u32)>, u64),
    state: impl Looked,
    span: Span,
) -> Option<Result<u32, EvalError>> {
    let pending = super::super::shortcut::has_shortcut(inst);
    let packed = match packed {
        Some(p) => p,
        None => inst.memo.borrow_mut().pack_state(kstate)?,
    };
    let Some(canon) = &inst.hooks.canonical else {
        let state = match state.object(m, inst, span) {
            Ok(s) => s,
            Err(e) => return Some(Err(e)),
        };
        let mut memo = inst.memo.borrow_mut();
        let i = memo.push_node(state, pending);
        memo.insert_packed(packed, hash, i, true);
        return Some(Ok(i));
    };
    Some(add_represented(m, inst, canon, kstate, (packed, hash), state, pending, span))
}

/// [`add_packed`] of a state of an instance with a `Canonical` hook: as the keyed path of `node_for`, the
/// representative, then its node (found, or made and indexed without a key when it packs), then the state's own
/// packed entry. (Apart, so that the path without a hook stays small.)
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn add_represented(
    m: &mut Machine,
    inst: &Rc<Instance>,
    canon: &Rc<crate::interp::value::Function>,
    kstate: &Value,
    (packed, hash): (([u8; 16], u32), u64),
    state: impl Looked,
    pending: bool,
    span: Span,
) -> Result<u32, EvalError> {
    let state = &state.object(m, inst, span)?;
    let keys_before = inst.memo.borrow().key_count();
    let (rep, split) = represent(m, inst, canon, state, span)?;
    let itself = matches!((&rep, state), (Value::Object(a), Value::Object(b)) if Rc::ptr_eq(a, b));
    let krep = key_part(inst, &rep);
    let rboard = state_board(krep);
    let same = itself || same_grid(state_board(kstate), rboard);
    let hook_added = inst.memo.borrow().key_count() != keys_before;
    // Grids are found without a key; only a representative of another kind is encoded.
    let rkey = if same || !matches!(rboard, Board::Other) {
        Vec::new()
    } else {
        let mut r = Vec::new();
        encode(krep, &mut r).map_err(|ty| unhashable(ty, span))?;
        r
    };
    let mut memo = inst.memo.borrow_mut();
    let found = match (same, hook_added) {
        (true, false) => None,
        (true, true) => memo.get_state(kstate, &[]),
        (false, _) => memo.get_state(krep, &rkey),
    };
    let i = match found {
        Some(i) => i,
        None if same => {
            let i = memo.push_node(rep, pending);
            memo.insert_packed(packed, hash, i, true);
            memo.set_split(i, split)
        }
        None => match memo.pack_state(krep) {
            Some(rpacked) => {
                let rhash = match rboard {
                    Board::Grid(g) => g.hash(),
                    Board::Num(rows, cols, cells) => num_grid_hash(rows, cols, cells),
                    Board::Other => unreachable!("only grids pack"),
                };
                let i = memo.push_node(rep, pending);
                memo.insert_packed(rpacked, rhash, i, true);
                memo.set_split(i, split)
            }
            None => {
                let rkey = if rkey.is_empty() {
                    let mut r = Vec::new();
                    encode(krep, &mut r).map_err(|ty| unhashable(ty, span))?;
                    r
                } else {
                    rkey
                };
                let rhash = state_grid(krep).map(Grid::hash);
                let i = memo.add_new(&rkey, rhash, rep, pending);
                memo.set_split(i, split)
            }
        },
    };
    // A state that is its own representative is indexed once.
    if !same && (!hook_added || memo.get_state(kstate, &[]).is_none()) {
        memo.insert_packed(packed, hash, i, false);
    }
    Ok(i)
}

/// Whether two keyed states are the same grid, or the same integer grid (their keys are equal).
fn same_grid(a: Board<'_>, b: Board<'_>) -> bool {
    match (a, b) {
        (Board::Grid(x), Board::Grid(y)) => x == y,
        (Board::Num(r, c, x), Board::Num(s, d, y)) => (r, c, x) == (s, d, y),
        _ => false,
    }
}

/// Adds one element of a class front's `Options` or `Components` answer in fields (`Front`'s answers) to `sum`:
/// `v` the variable of a state of the class of `like`, keyed by it (its object made only for a new node).
pub(super) fn add_field(
    m: &mut Machine,
    inst: &Rc<Instance>,
    v: &Value,
    like: &Value,
    sum: &mut SumRef,
    span: Span,
) -> Result<(), EvalError> {
    let node = node_keyed(m, inst, Field { field: v, like }, v, span)?;
    sum.terms.push(Term { inst: inst.clone(), node, neg: false });
    Ok(())
}

/// Adds one element of an `Options` or `Components` result to `sum`: a position or sum as it is, `Value(g)` as
/// a constant, anything else as a state of `inst`.
pub(super) fn add_element(
    m: &mut Machine,
    inst: &Rc<Instance>,
    v: &Value,
    sum: &mut SumRef,
    span: Span,
) -> Result<(), EvalError> {
    // A board (the common element) is a state: no need to ask whether it is a position, a sum or a loopy value;
    // nor is a user object (the class front's state), asked first there: one with one variable (the common one)
    // is keyed by it at once.
    if inst.class_front {
        if let Some(f) = class_game_single_field(v) {
            let node = node_keyed(m, inst, v, f, span)?;
            sum.terms.push(Term { inst: inst.clone(), node, neg: false });
            return Ok(());
        }
    }
    let board = (inst.class_front && is_user_object(v)) || !matches!(state_board(v), Board::Other);
    if let (Value::Object(o), false) = (v, board) {
        match gamelike(o) {
            Some(Gamelike::Position(p)) => {
                let node = position_node(m, &p, span)?;
                sum.terms.push(Term { inst: p.inst.clone(), node, neg: false });
                return Ok(());
            }
            Some(Gamelike::Sum(s)) => {
                for (p, neg) in &s.terms {
                    let node = position_node(m, p, span)?;
                    sum.terms.push(Term { inst: p.inst.clone(), node, neg: *neg });
                }
                if let Some(c) = s.constant {
                    add_constant(m, sum, c);
                }
                return Ok(());
            }
            Some(Gamelike::Option(g)) => {
                add_constant(m, sum, g);
                return Ok(());
            }
            None => {}
        }
        if let Some(sides) = crate::library::loopy::loopy_sides(v) {
            let mut loopy = std::mem::take(&mut sum.loopy).into_vec();
            loopy.push(sides);
            sum.loopy = loopy.into_boxed_slice();
            return Ok(());
        }
    }
    let node = node_for(m, inst, v, span)?;
    sum.terms.push(Term { inst: inst.clone(), node, neg: false });
    Ok(())
}

fn add_constant(m: &mut Machine, sum: &mut SumRef, g: GameId) {
    let c = match sum.constant {
        Some(c) => m.games.add(c, g),
        None => g,
    };
    sum.constant = (c != m.games.zero()).then_some(c);
}

/// The elements of a hook's result, which must be a collection.
pub(super) fn hook_elements(
    m: &mut Machine,
    hook: &'static str,
    v: &Value,
    span: Span,
) -> Result<Vec<Value>, EvalError> {
    match m.elements(&v.clone()) {
        Some(items) => Ok(items),
        None => Err(EvalError::new(ErrorKind::HookResult { hook, ty: v.type_name() }, span)),
    }
}

/// Adds every element of a hook's result to sums made by `each` (a list is read in place, other
/// collections through their elements).
pub(super) fn for_each_element(
    m: &mut Machine,
    hook: &'static str,
    v: &Value,
    span: Span,
    mut each: impl FnMut(&mut Machine, &Value) -> Result<(), EvalError>,
) -> Result<(), EvalError> {
    if let Value::List(items) = v {
        return items.iter().try_for_each(|x| each(m, x));
    }
    hook_elements(m, hook, v, span)?.iter().try_for_each(|x| each(m, x))
}

/// Starts loading the memo index's slots of the boards in a hook's result list, so that their look-ups, one
/// after the other, do not each wait for memory (a hint: no effect on any result).
pub(super) fn prefetch_boards(inst: &Instance, v: &Value) {
    // A class front's states are objects, none a board (their grids are integer grids, whose hashes the
    // look-up computes).
    if inst.class_front {
        return;
    }
    if let Value::List(items) = v {
        let memo = inst.memo.borrow();
        // Character grids only: they carry their hash. An integer grid's hash is computed (its look-up would
        // compute it twice), which costs more than the wait it saves on the small tables of class-style games.
        // A list whose first element is no character grid is passed over without asking the others (a hook's
        // result holds one kind of state; asking each element costs a type test, for nothing on other lists).
        if items.front().and_then(state_grid).is_none() {
            return;
        }
        for g in items.iter().filter_map(state_grid) {
            memo.prefetch_grid(g);
        }
    }
}

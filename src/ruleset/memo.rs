//! The memo table of a ruleset instance, and canonical forms of positions by an explicit-stack search.
//!
//! Every state a computation meets gets a [`Node`] in its instance's [`Memo`], found by the state's structural
//! key ([`super::key`]; a `Canonical` hook maps a state to a representative first, and both keys lead to the
//! node). A node records, once computed: its split into components (the `Components` hook), its options (each
//! a [`SumRef`]: positions of any ruleset plus a constant game), its canonical form and the results of outcome
//! searches. Results live as long as the instance, except a node's options: they are dropped when its canonical
//! form is computed (the search that needed them is done with them; [`ensure_options`] computes them again if
//! asked, by the same hook on the same state).
//!
//! [`canonical`] walks the option graph depth first with an explicit stack (no Rust recursion, so deep games
//! cannot overflow the stack). A node is marked busy while it is on a stack; meeting a busy node means a
//! position is among its own followers: the error "That is not a short game". Script hooks run while no memo
//! table is borrowed, so a hook may itself ask about other positions.
//!
//! Impartial rulesets get their canonical forms as nimbers by mex over the options' nim values (options that
//! are not nimbers fall back to the general constructor).

pub use super::instance::{Node, Split, SumRef, Term, Terms};
use super::key::{encode, is_grid_key, is_num_grid_key, num_grid_hash, state_grid, state_num_grid};
use super::position::{gamelike, Gamelike, Position};
use super::script::{self, Instance};
use crate::game::GameId;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::{class_game_single_field, is_user_object, Machine};
use crate::interp::value::{Player, Value};
use crate::solve::grid::Grid;
use crate::syntax::span::Span;
use std::rc::Rc;

pub(super) mod index;
mod nodes;
mod trace;
pub use super::instance::Memo;

fn unhashable(ty: &'static str, span: Span) -> EvalError {
    EvalError::new(ErrorKind::UnhashableState { ty }, span)
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
    thread_local! {
        /// The key of the state being looked up: most look-ups find a node, and then need no key of their own.
        static KEY: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    let kstate = key_part(inst, state);
    // A grid's key hashes as the grid (a character grid keeps its hash, an integer grid's is found by the look-up):
    // a new one is indexed without hashing its key again.
    let khash;
    let key = if let Some(g) = state_grid(kstate) {
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
    } else if let Some((rows, cols, cells)) = state_num_grid(kstate) {
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
    } else {
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
    };
    let pending = super::shortcut::has_shortcut(inst);
    let Some(canon) = &inst.hooks.canonical else {
        // No hook ran since the look-up: the key is still new.
        return Ok(inst.memo.borrow_mut().add_new(&key, khash, state.clone(), pending));
    };
    let keys_before = inst.memo.borrow().key_count();
    let (rep, split) = represent(m, inst, canon, state, span)?;
    // Whether the representative has the state's key: a hook that answers the state itself (the same object)
    // does, a grid is compared with the key in place, anything else is encoded (and its key kept if different).
    let itself = matches!((&rep, state), (Value::Object(a), Value::Object(b)) if Rc::ptr_eq(a, b));
    let mut rkey = None;
    let krep = key_part(inst, &rep);
    let same = if itself {
        true
    } else if let Some(g) = state_grid(krep) {
        is_grid_key(&key, g)
    } else if let Some((rows, cols, cells)) = state_num_grid(krep) {
        is_num_grid_key(&key, rows, cols, cells)
    } else {
        let mut r = Vec::with_capacity(key.len());
        encode(krep, &mut r).map_err(|ty| unhashable(ty, span))?;
        let same = r == key;
        rkey = Some(r).filter(|_| !same);
        same
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
    state: &Value,
    span: Span,
) -> Option<Result<u32, EvalError>> {
    let pending = super::shortcut::has_shortcut(inst);
    let packed = match packed {
        Some(p) => p,
        None => inst.memo.borrow_mut().pack_state(kstate)?,
    };
    let Some(canon) = &inst.hooks.canonical else {
        let mut memo = inst.memo.borrow_mut();
        let i = memo.push_node(state.clone(), pending);
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
    state: &Value,
    pending: bool,
    span: Span,
) -> Result<u32, EvalError> {
    let keys_before = inst.memo.borrow().key_count();
    let (rep, split) = represent(m, inst, canon, state, span)?;
    let itself = matches!((&rep, state), (Value::Object(a), Value::Object(b)) if Rc::ptr_eq(a, b));
    let krep = key_part(inst, &rep);
    let same = itself || same_grid(kstate, krep);
    let hook_added = inst.memo.borrow().key_count() != keys_before;
    // Grids are found without a key; only a representative of another kind is encoded.
    let rkey = if same || state_grid(krep).is_some() || state_num_grid(krep).is_some() {
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
                let rhash = match (state_grid(krep), state_num_grid(krep)) {
                    (Some(g), _) => g.hash(),
                    (None, Some((rows, cols, cells))) => num_grid_hash(rows, cols, cells),
                    (None, None) => unreachable!("only grids pack"),
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
fn same_grid(a: &Value, b: &Value) -> bool {
    match (state_grid(a), state_grid(b)) {
        (Some(x), Some(y)) => x == y,
        (None, None) => matches!((state_num_grid(a), state_num_grid(b)), (Some(x), Some(y)) if x == y),
        _ => false,
    }
}

/// Runs the ruleset's `Shortcut` hook on a node if it has not run yet, and returns the node's canonical form
/// if known. A hook that fails stays pending, so asking again (after an interruption, say) runs it again.
pub fn ensure_shortcut(
    m: &mut Machine,
    inst: &Rc<Instance>,
    idx: u32,
    span: Span,
) -> Result<Option<GameId>, EvalError> {
    let (pending, state, known) = {
        let memo = inst.memo.borrow();
        let n = &memo.nodes[idx as usize];
        (n.shortcut_pending, n.state.clone(), n.canonical)
    };
    if !pending || known.is_some() {
        return Ok(known);
    }
    let g = super::shortcut::lookup(m, inst, &state, span)?;
    let mut memo = inst.memo.borrow_mut();
    let n = &mut memo.nodes[idx as usize];
    n.shortcut_pending = false;
    if n.canonical.is_none() {
        n.canonical = g;
    }
    Ok(n.canonical)
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

/// Adds one element of an `Options` or `Components` result to `sum`: a position or sum as it is, `Value(g)` as
/// a constant, anything else as a state of `inst`.
fn add_element(m: &mut Machine, inst: &Rc<Instance>, v: &Value, sum: &mut SumRef, span: Span) -> Result<(), EvalError> {
    // A board (the common element) is a state: no need to ask whether it is a position, a sum or a loopy value;
    // nor is a user object (the class front's state), asked first there.
    let board = (inst.class_front && is_user_object(v)) || state_grid(v).is_some() || state_num_grid(v).is_some();
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
fn hook_elements(m: &mut Machine, hook: &'static str, v: &Value, span: Span) -> Result<Vec<Value>, EvalError> {
    match m.elements(&v.clone()) {
        Some(items) => Ok(items),
        None => Err(EvalError::new(ErrorKind::HookResult { hook, ty: v.type_name() }, span)),
    }
}

/// Calls `Options` of `state` for `player` (ignored by impartial rulesets): the hook's result as it is.
fn options_result(
    m: &mut Machine,
    inst: &Rc<Instance>,
    state: &Value,
    player: Player,
    span: Span,
) -> Result<Value, EvalError> {
    if let Some(front) = inst.front {
        return (front.options)(m, state, (!inst.impartial).then_some(player), span);
    }
    if inst.impartial {
        script::call_hook(m, inst, &inst.hooks.options, std::slice::from_ref(state), span)
    } else {
        script::call_hook(m, inst, &inst.hooks.options, &[state.clone(), Value::Player(player)], span)
    }
}

/// Calls `Options` of `state` for `player` (ignored by impartial rulesets) and returns the raw elements.
pub fn raw_options(
    m: &mut Machine,
    inst: &Rc<Instance>,
    state: &Value,
    player: Player,
    span: Span,
) -> Result<Vec<Value>, EvalError> {
    let v = options_result(m, inst, state, player, span)?;
    hook_elements(m, "Options", &v, span)
}

/// Adds every element of a hook's result to sums made by `each` (a list is read in place, other
/// collections through their elements).
fn for_each_element(
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

fn options_of(
    m: &mut Machine,
    inst: &Rc<Instance>,
    state: &Value,
    player: Player,
    span: Span,
) -> Result<Rc<[SumRef]>, EvalError> {
    thread_local! {
        /// The sums being made, in a vector kept from one call to the next (a hook that asks about other
        /// positions meanwhile finds it taken, and makes its own).
        static SUMS: std::cell::Cell<Vec<SumRef>> = const { std::cell::Cell::new(Vec::new()) };
    }
    let v = options_result(m, inst, state, player, span)?;
    prefetch_boards(inst, &v);
    let mut out = SUMS.take();
    out.clear();
    for_each_element(m, "Options", &v, span, |m, x| {
        let mut sum = SumRef::default();
        add_element(m, inst, x, &mut sum, span)?;
        out.push(sum);
        Ok(())
    })?;
    // The result list (and with it every option board that no node keeps) goes before the sums are moved.
    drop(v);
    // Moved into one allocation of the exact size (a drain knows its length).
    let opts: Rc<[SumRef]> = out.drain(..).collect();
    SUMS.set(out);
    Ok(opts)
}

/// Starts loading the memo index's slots of the boards in a hook's result list, so that their look-ups, one
/// after the other, do not each wait for memory (a hint: no effect on any result).
fn prefetch_boards(inst: &Instance, v: &Value) {
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

/// Computes the split of a node (calling `Components`), if not known yet.
pub fn ensure_split(m: &mut Machine, inst: &Rc<Instance>, idx: u32, span: Span) -> Result<Split, EvalError> {
    // The state for the hook, or none when a class's `Canonical` hook has given its answer already.
    let state = {
        let memo = inst.memo.borrow();
        let n = &memo.nodes[idx as usize];
        match &n.split {
            Split::Unknown => Some(n.state.clone()),
            Split::Decomposed(_) => None,
            split => return Ok(split.clone()),
        }
    };
    let split = match &inst.hooks.components {
        None => Split::Atomic,
        Some(f) => {
            let v = match state {
                Some(state) => match inst.front {
                    Some(front) => (front.components)(m, &state, span)?,
                    None => script::call_hook(m, inst, f, std::slice::from_ref(&state), span)?,
                },
                // Taken: a failure below asks the hook again.
                None => {
                    match std::mem::replace(&mut inst.memo.borrow_mut().nodes[idx as usize].split, Split::Unknown) {
                        Split::Decomposed(v) => *v,
                        _ => unreachable!("the split was just read"),
                    }
                }
            };
            prefetch_boards(inst, &v);
            let mut sum = SumRef::default();
            for_each_element(m, "Components", &v, span, |m, x| add_element(m, inst, x, &mut sum, span))?;
            let itself = sum.constant.is_none()
                && sum.terms.len() == 1
                && Rc::ptr_eq(&sum.terms[0].inst, inst)
                && sum.terms[0].node == idx
                && !sum.terms[0].neg;
            if itself {
                Split::Atomic
            } else {
                Split::Parts(Rc::new(sum))
            }
        }
    };
    inst.memo.borrow_mut().nodes[idx as usize].split = split.clone();
    Ok(split)
}

/// The options of a node for `player` (computed and stored if not known yet).
pub fn ensure_options(
    m: &mut Machine,
    inst: &Rc<Instance>,
    idx: u32,
    player: Player,
    span: Span,
) -> Result<Rc<[SumRef]>, EvalError> {
    let (known, state) = {
        let memo = inst.memo.borrow();
        let n = &memo.nodes[idx as usize];
        let known = match player {
            Player::Left => n.left.clone(),
            Player::Right => n.right.clone(),
        };
        (known, n.state.clone())
    };
    if let Some(o) = known {
        return Ok(o);
    }
    let opts = options_of(m, inst, &state, player, span)?;
    let mut memo = inst.memo.borrow_mut();
    let n = &mut memo.nodes[idx as usize];
    if inst.impartial {
        n.left = Some(opts.clone());
        n.right = Some(opts.clone());
    } else if player == Player::Left {
        n.left = Some(opts.clone());
    } else {
        n.right = Some(opts.clone());
    }
    Ok(opts)
}

/// The terms whose values the canonical form of a node needs, read in place from the node's own lists (no copy,
/// no reference count touched per term): its components (one sum), or its options (Left's, then Right's unless
/// the ruleset is impartial).
enum Deps {
    Parts(Rc<SumRef>),
    Options(Rc<[SumRef]>, Option<Rc<[SumRef]>>),
}

impl Deps {
    /// The term at `at` (term `at.1` of sum `at.0`, the sums counted across both option lists), moved on past
    /// sums that have no more terms; `None` after the last.
    fn term(&self, at: &mut (usize, usize)) -> Option<&Term> {
        loop {
            let sum: &SumRef = match self {
                Deps::Parts(p) if at.0 == 0 => p,
                Deps::Parts(_) => return None,
                Deps::Options(l, r) => match l.get(at.0) {
                    Some(s) => s,
                    None => r.as_deref()?.get(at.0 - l.len())?,
                },
            };
            if let Some(t) = sum.terms.get(at.1) {
                return Some(t);
            }
            *at = (at.0 + 1, 0);
        }
    }
}

/// The terms whose values the canonical form of a node needs: its components, or all its options' terms. A
/// loopy part (`on` as a component or an option) means the position is not short.
fn dependencies(m: &mut Machine, inst: &Rc<Instance>, idx: u32, span: Span) -> Result<Deps, EvalError> {
    let not_short = |m: &mut Machine| {
        let position = describe(m, inst, idx);
        EvalError::new(ErrorKind::NotShortGame { position }, span)
    };
    match ensure_split(m, inst, idx, span)? {
        Split::Parts(sum) if !sum.loopy.is_empty() => Err(not_short(m)),
        Split::Parts(sum) => Ok(Deps::Parts(sum)),
        _ => {
            let left = ensure_options(m, inst, idx, Player::Left, span)?;
            let right = if inst.impartial { None } else { Some(ensure_options(m, inst, idx, Player::Right, span)?) };
            if left.iter().chain(right.iter().flat_map(|r| r.iter())).any(|s| !s.loopy.is_empty()) {
                return Err(not_short(m));
            }
            Ok(Deps::Options(left, right))
        }
    }
}

/// The canonical form of a term whose node is known to be computed.
fn term_value(m: &mut Machine, t: &Term) -> Option<GameId> {
    let g = t.inst.memo.borrow().nodes[t.node as usize].canonical?;
    Some(if t.neg { m.games.neg(g) } else { g })
}

/// The value of a sum whose terms are all computed.
pub fn sum_value(m: &mut Machine, s: &SumRef) -> Option<GameId> {
    let mut total = s.constant;
    for t in &s.terms {
        let g = term_value(m, t)?;
        total = Some(match total {
            None => g,
            Some(h) => m.games.add(h, g),
        });
    }
    Some(total.unwrap_or_else(|| m.games.zero()))
}

/// The nim value of a sum whose terms are all computed, if every part is a nimber.
fn sum_nim(m: &mut Machine, s: &SumRef) -> Option<u64> {
    let mut x = match s.constant {
        Some(c) => m.games.nimber_value(c)?,
        None => 0,
    };
    for t in &s.terms {
        let g = t.inst.memo.borrow().nodes[t.node as usize].canonical?;
        x ^= m.games.nimber_value(g)?;
    }
    Some(x)
}

/// The canonical form of a node whose dependencies are all computed.
fn compute(m: &mut Machine, inst: &Rc<Instance>, idx: u32) -> Option<GameId> {
    let (split, left, right) = {
        let memo = inst.memo.borrow();
        let n = &memo.nodes[idx as usize];
        (n.split.clone(), n.left.clone(), n.right.clone())
    };
    if let Split::Parts(sum) = split {
        return sum_value(m, &sum);
    }
    let left = left?;
    if inst.impartial {
        let nims: Option<Vec<u64>> = left.iter().map(|s| sum_nim(m, s)).collect();
        if let Some(mut nims) = nims {
            nims.sort_unstable();
            nims.dedup();
            let mex =
                nims.iter().enumerate().find(|&(i, &v)| i as u64 != v).map_or(nims.len() as u64, |(i, _)| i as u64);
            return Some(m.games.nimber(mex));
        }
        let vals: Option<Vec<GameId>> = left.iter().map(|s| sum_value(m, s)).collect();
        let vals = vals?;
        return Some(m.games.new_game(&vals, &vals));
    }
    let right = right?;
    let l: Option<Vec<GameId>> = left.iter().map(|s| sum_value(m, s)).collect();
    let r: Option<Vec<GameId>> = right.iter().map(|s| sum_value(m, s)).collect();
    Some(m.games.new_game_owned(l?, r?))
}

/// The printed form of a node's position, for messages.
pub fn describe(m: &mut Machine, inst: &Instance, idx: u32) -> String {
    let state = inst.memo.borrow().nodes[idx as usize].state.clone();
    Position::plain(inst, &state, m.games)
}

struct Frame {
    inst: Rc<Instance>,
    idx: u32,
    deps: Option<Deps>,
    /// The next dependency to look at ([`Deps::term`]).
    cursor: (usize, usize),
}

fn set_busy(inst: &Instance, idx: u32, busy: bool) {
    inst.memo.borrow_mut().nodes[idx as usize].busy = busy;
}

/// The canonical form of the position at node `idx` of `inst`.
pub fn canonical(m: &mut Machine, inst: &Rc<Instance>, idx: u32, span: Span) -> Result<GameId, EvalError> {
    if !inst.memo.borrow().nodes[idx as usize].busy {
        ensure_shortcut(m, inst, idx, span)?;
    }
    {
        let memo = inst.memo.borrow();
        let n = &memo.nodes[idx as usize];
        if let Some(g) = n.canonical {
            return Ok(g);
        }
        if n.busy {
            drop(memo);
            let position = describe(m, inst, idx);
            return Err(EvalError::new(ErrorKind::NotShortGame { position }, span));
        }
    }
    set_busy(inst, idx, true);
    let mut stack = vec![Frame { inst: inst.clone(), idx, deps: None, cursor: (0, 0) }];
    let r = run(m, &mut stack, span);
    for f in &stack {
        set_busy(&f.inst, f.idx, false);
    }
    r?;
    let g = inst.memo.borrow().nodes[idx as usize].canonical;
    g.ok_or_else(|| EvalError::new(ErrorKind::Internal { what: "canonical form not computed".into() }, span))
}

fn run(m: &mut Machine, stack: &mut Vec<Frame>, span: Span) -> Result<(), EvalError> {
    while let Some(top) = stack.len().checked_sub(1) {
        if stack[top].deps.is_none() {
            let (inst, idx) = (stack[top].inst.clone(), stack[top].idx);
            let deps = dependencies(m, &inst, idx, span)?;
            stack[top].deps = Some(deps);
        }
        let mut next = None;
        {
            let f = &mut stack[top];
            let deps = f.deps.as_ref().expect("the dependencies were just found");
            while let Some(t) = deps.term(&mut f.cursor) {
                let (known, busy, pending) = {
                    let memo = t.inst.memo.borrow();
                    let n = &memo.nodes[t.node as usize];
                    (n.canonical.is_some(), n.busy, n.shortcut_pending)
                };
                if pending && !known && !busy {
                    let t = t.clone();
                    if ensure_shortcut(m, &t.inst, t.node, span)?.is_some() {
                        f.cursor.1 += 1;
                        continue;
                    }
                }
                if known {
                    f.cursor.1 += 1;
                    continue;
                }
                if busy {
                    let (inst, node) = (t.inst.clone(), t.node);
                    let position = describe(m, &inst, node);
                    return Err(EvalError::new(ErrorKind::NotShortGame { position }, span));
                }
                next = Some(t.clone());
                break;
            }
        }
        if let Some(t) = next {
            set_busy(&t.inst, t.node, true);
            stack.push(Frame { inst: t.inst, idx: t.node, deps: None, cursor: (0, 0) });
            continue;
        }
        let Some(f) = stack.pop() else { break };
        let g = compute(m, &f.inst, f.idx)
            .ok_or_else(|| EvalError::new(ErrorKind::Internal { what: "an option's value is missing".into() }, span))?;
        let mut memo = f.inst.memo.borrow_mut();
        let n = &mut memo.nodes[f.idx as usize];
        n.canonical = Some(g);
        n.busy = false;
        // The options served only this computation: a node with its canonical form needs them no more (a
        // later `ensure_options` asks the hook again). They are most of a memo's memory (a sum per option of
        // every state met: over 140 MB of the 315 MB of a 4 × 6 Konane board); its canonical form is 4 bytes.
        n.left = None;
        n.right = None;
    }
    Ok(())
}

/// The canonical form of a position.
pub fn position_value(m: &mut Machine, p: &Position, span: Span) -> Result<GameId, EvalError> {
    let idx = position_node(m, p, span)?;
    canonical(m, &p.inst, idx, span)
}

#[cfg(test)]
mod tests;

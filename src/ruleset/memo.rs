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
use super::position::Position;
use super::script::Instance;
use crate::game::GameId;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::value::Player;
use crate::syntax::span::Span;
use std::rc::Rc;

mod elements;
pub(super) mod index;
mod nodes;
mod split;
mod trace;
pub use super::instance::Memo;
pub use elements::{node_for, position_node, same_board};
pub use split::{ensure_options, ensure_split, raw_options};

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

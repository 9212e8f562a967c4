//! The hooks' answers of a node kept in it: its split (`Components`) and its options (`Options`), each made
//! into sums of terms.

use super::super::instance::{Answer, Split, SumRef};
use super::super::script::{self, Instance};
use super::elements::{add_element, add_field, for_each_element, hook_elements, prefetch_boards};
use crate::interp::error::EvalError;
use crate::interp::eval::Machine;
use crate::interp::value::{Player, Value};
use crate::syntax::span::Span;
use std::rc::Rc;

/// Calls `Options` of `state` for `player` (ignored by impartial rulesets): the hook's result as it is, and
/// whether it is in fields (a class front's: see [`Answer`]).
fn options_result(
    m: &mut Machine,
    inst: &Rc<Instance>,
    state: &Value,
    player: Player,
    span: Span,
) -> Result<Answer, EvalError> {
    if let Some(front) = inst.front {
        return (front.options)(m, state, (!inst.impartial).then_some(player), span);
    }
    let v = if inst.impartial {
        script::call_hook(m, inst, &inst.hooks.options, std::slice::from_ref(state), span)?
    } else {
        script::call_hook(m, inst, &inst.hooks.options, &[state.clone(), Value::Player(player)], span)?
    };
    Ok((v, false))
}

/// Calls `Options` of `state` for `player` (ignored by impartial rulesets) and returns the raw elements.
pub fn raw_options(
    m: &mut Machine,
    inst: &Rc<Instance>,
    state: &Value,
    player: Player,
    span: Span,
) -> Result<Vec<Value>, EvalError> {
    let (v, fields) = options_result(m, inst, state, player, span)?;
    let items = hook_elements(m, "Options", &v, span)?;
    match (fields, inst.front) {
        // The objects the variables stand for.
        (true, Some(front)) => items.into_iter().map(|x| (front.build)(m, state, x, span)).collect(),
        _ => Ok(items),
    }
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
    let (v, fields) = options_result(m, inst, state, player, span)?;
    prefetch_boards(inst, &v);
    let mut out = SUMS.take();
    out.clear();
    // Fields (a class front's answer) or games, each loop apart (the loop of games compiled as it was).
    if fields {
        for_each_element(m, "Options", &v, span, |m, x| {
            let mut sum = SumRef::default();
            add_field(m, inst, x, state, &mut sum, span)?;
            out.push(sum);
            Ok(())
        })?;
    } else {
        for_each_element(m, "Options", &v, span, |m, x| {
            let mut sum = SumRef::default();
            add_element(m, inst, x, &mut sum, span)?;
            out.push(sum);
            Ok(())
        })?;
    }
    // The result list (and with it every option board that no node keeps) goes before the sums are moved.
    drop(v);
    // Moved into one allocation of the exact size (a drain knows its length).
    let opts: Rc<[SumRef]> = out.drain(..).collect();
    SUMS.set(out);
    Ok(opts)
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
            let (v, fields) = match &state {
                Some(state) => match inst.front {
                    Some(front) => (front.components)(m, state, span)?,
                    None => (script::call_hook(m, inst, f, std::slice::from_ref(state), span)?, false),
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
            // A split in fields: the node's state stands for its class.
            let like = match (fields, &state) {
                (false, _) => None,
                (true, Some(s)) => Some(s.clone()),
                (true, None) => Some(inst.memo.borrow().nodes[idx as usize].state.clone()),
            };
            let mut sum = SumRef::default();
            match &like {
                Some(like) => {
                    for_each_element(m, "Components", &v, span, |m, x| add_field(m, inst, x, like, &mut sum, span))?
                }
                None => for_each_element(m, "Components", &v, span, |m, x| add_element(m, inst, x, &mut sum, span))?,
            }
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

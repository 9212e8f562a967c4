//! Collections of the game store (`crate::interp::gc`): a memo is traced, not emptied — its nodes are found by
//! keys that may hold game ids, and positions keep node numbers.

use crate::ruleset::instance::{Memo, Split, SumRef};
use std::rc::Rc;

impl Memo {
    /// Reports every game the memo holds: states, canonical forms, the constants and loopy parts of
    /// components and options, and the instances their terms belong to. The key of a node's own state holds
    /// only games of that (traced) state; the other keys leading to a node (states a `Canonical` hook mapped to
    /// it) may hold games nothing else holds, which may be freed and their ids given to other games: those keys
    /// are dropped (a later look-up of such a state runs the hook again and indexes it anew).
    pub fn trace(&mut self, t: &mut crate::interp::gc::Tracer) -> bool {
        self.retain_own_keys();
        fn sum(t: &mut crate::interp::gc::Tracer, s: &SumRef) -> bool {
            if let Some(g) = s.constant {
                t.game(g);
            }
            for (on, off) in s.loopy.iter() {
                crate::library::loopy::trace_side(t, on);
                crate::library::loopy::trace_side(t, off);
            }
            s.terms.iter().all(|term| {
                !t.first_visit(Rc::as_ptr(&term.inst)) || crate::interp::object::Object::trace(&*term.inst, t)
            })
        }
        for node in &self.nodes {
            if let Some(g) = node.canonical {
                t.game(g);
            }
            if let Some((on, off)) = node.loopy.as_deref() {
                crate::library::loopy::trace_side(t, on);
                crate::library::loopy::trace_side(t, off);
            }
            let parts = match &node.split {
                Split::Parts(p) => sum(t, p),
                Split::Decomposed(v) => t.value(&v.0),
                Split::Unknown | Split::Atomic => true,
            };
            let options = [&node.left, &node.right].into_iter().flatten().all(|o| o.iter().all(|s| sum(t, s)));
            if !(parts && options && t.value(&node.state)) {
                return false;
            }
        }
        true
    }
}

//! New nodes of a memo (the memo's collection by the game store is in `trace.rs`).

use super::{Memo, Node, Split};
use crate::interp::value::Value;

impl Memo {
    /// Adds a node under a key known not to be indexed. `pending`: the ruleset's `Shortcut` hook
    /// ([`crate::ruleset::shortcut`]) is yet to run on it.
    /// `hash`: the key's hash if the caller has it (a grid's own).
    pub(super) fn add_new(&mut self, key: &[u8], hash: Option<u64>, state: Value, pending: bool) -> u32 {
        let i = self.push_node(state, pending);
        match hash {
            Some(h) => self.insert_hashed(key, h, i, true),
            None => self.insert(key, i, true),
        }
        i
    }

    /// A new node of `state`, not yet indexed.
    pub(super) fn push_node(&mut self, state: Value, pending: bool) -> u32 {
        let i = self.nodes.len() as u32;
        crate::game::budget::check_vec_growth(self.nodes.len(), self.nodes.capacity(), 1, std::mem::size_of::<Node>());
        self.nodes.push(Node {
            state,
            canonical: None,
            shortcut_pending: pending,
            busy: false,
            split: Split::Unknown,
            left: None,
            right: None,
            wins: [[None; 2]; 2],
            loopy: None,
        });
        i
    }

    /// Gives the new node `i` the split the class front found for its state (`super::represent`), if any;
    /// returns `i`.
    pub(super) fn set_split(&mut self, i: u32, split: Option<Split>) -> u32 {
        if let Some(s) = split {
            self.nodes[i as usize].split = s;
        }
        i
    }
}

//! Safe points: where the evaluator lets the game store collect the games no value holds (see
//! [`crate::interp::gc`]). Before each top-level statement ([`Machine::safe_point`], called by the
//! interpreter), and at the start of each iteration of a loop that is itself a top-level statement: there
//! no native frame holds a game id of its own, and the values the loop keeps in its Rust frame (the sources of
//! its clauses, the values yielded so far) are traced with the rest. A clause whose source is an object
//! listing fresh elements, or a range of games, makes the loop's safe points pass (its current elements are
//! not traced).

use super::machine::*;
use crate::interp::gc::Tracer;

impl<'a> Machine<'a> {
    /// A safe point: when the store wants a collection, traces every root (the variables, the native globals,
    /// the workspace's extensions, the running top-level loop's locals, and `extra`) and collects; when some
    /// holder cannot be traced, puts the collection off instead.
    pub fn safe_point(&mut self, extra: &[Value]) {
        if !self.games.wants_collection() {
            return;
        }
        let mut t = Tracer::new();
        let ok = t.values(extra)
            && t.values(self.locals.values())
            && t.values(self.globals.vars.values())
            && self.globals.extensions.trace(&mut t)
            && t.values(self.globals.natives.values());
        if ok {
            let before = self.games.len();
            let freed = self.games.collect(t.roots());
            crate::game::budget::give_back();
            if std::env::var_os("CGS_GC_LOG").is_some() {
                let (live, slots) = (self.games.len(), self.games.slots());
                eprintln!("cgs: collected {freed} of {before} games ({live} live, {slots} slots)");
            }
        } else {
            self.games.postpone_collection();
        }
    }

    /// Marks the next `for` or `while` loop to start as the top-level statement itself.
    pub(super) fn expect_top_loop(&mut self, e: &Expr) {
        self.top_loop_next = matches!(e.kind, ExprKind::For { .. } | ExprKind::While { .. });
    }

    /// Whether the loop starting now is the top-level statement (consumes the mark).
    pub(super) fn take_top_loop(&mut self) -> bool {
        std::mem::take(&mut self.top_loop_next)
    }

    /// Notes the value of a top-level loop's clause source (`opaque`: its elements are not traced through it).
    pub(super) fn note_loop_source<C>(&mut self, clause: &C, source: Option<&Value>, opaque: bool) {
        if let Some(tl) = &mut self.top_loop {
            if let Some(i) = tl.index(clause) {
                tl.sources[i] = source.cloned();
                tl.opaque[i] = opaque;
            }
        }
    }

    /// The safe point at the start of an iteration of the top-level loop; `yielded`: its values so far.
    pub(super) fn loop_safe_point(&mut self, yielded: &Vector<Value>) {
        if !self.games.wants_collection() {
            return;
        }
        let Some(tl) = &self.top_loop else { return };
        if tl.opaque.iter().any(|&o| o) {
            self.games.postpone_collection();
            return;
        }
        let extra: Vec<Value> = tl.sources.iter().flatten().cloned().chain(yielded.iter().cloned()).collect();
        self.safe_point(&extra);
    }
}

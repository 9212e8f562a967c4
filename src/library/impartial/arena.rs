//! The workspace's misère arena: the [`MisereGames`] every [`super::MisereGame`] of a session points into, held
//! in the workspace's extensions so that `:clear` frees it.

use crate::game::misere::{MisereGames, MisereId};
use crate::interp::eval::Machine;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// A handle on a workspace's misère arena. Every [`MisereGame`] holds the handle of the arena its id points
/// into, so a value stays readable after `:clear` gives the workspace a fresh arena (the old one is freed with
/// the last value that holds it).
#[derive(Clone)]
pub struct Arena(Rc<RefCell<MisereGames>>);

impl Arena {
    fn fresh() -> Arena {
        let mut games = MisereGames::new();
        // The workspace's Ctrl-C flag (installed on this thread by `Interpreter`, as for the engine's loops).
        games.set_interrupt(crate::game::budget::interrupt_flag());
        Arena(Rc::new(RefCell::new(games)))
    }

    /// The arena of the running workspace (created on first use).
    pub fn of(m: &mut Machine) -> Arena {
        m.globals.extensions.get::<MisereArena>().0.clone()
    }

    /// Runs `f` on the arena. `f` must not evaluate script code.
    pub fn with<R>(&self, f: impl FnOnce(&mut MisereGames) -> R) -> R {
        f(&mut self.0.borrow_mut())
    }

    /// Whether the two handles name one arena.
    pub fn same(&self, other: &Arena) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }

    /// `g` of the arena `from`, as a game of this arena (a copy, option by option, when they differ).
    pub fn adopt(&self, from: &Arena, g: MisereId) -> MisereId {
        if self.same(from) {
            return g;
        }
        fn copy(
            to: &mut MisereGames,
            from: &MisereGames,
            g: MisereId,
            memo: &mut BTreeMap<MisereId, MisereId>,
        ) -> MisereId {
            if let Some(&x) = memo.get(&g) {
                return x;
            }
            let opts: Vec<MisereId> = from.options(g).to_vec();
            let opts: Vec<MisereId> = opts.into_iter().map(|o| copy(to, from, o, memo)).collect();
            let x = to.game(&opts);
            memo.insert(g, x);
            x
        }
        let from = from.0.borrow();
        copy(&mut self.0.borrow_mut(), &from, g, &mut BTreeMap::new())
    }

    /// The number of games the arena holds.
    pub fn size(&self) -> usize {
        self.0.borrow().len()
    }

    /// A handle that does not keep the arena alive (to see that `:clear` freed it).
    pub fn downgrade(&self) -> std::rc::Weak<RefCell<MisereGames>> {
        Rc::downgrade(&self.0)
    }
}

impl std::fmt::Debug for Arena {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Arena({} games)", self.size())
    }
}

/// The workspace's misère arena, in [`Globals::extensions`]: `:clear` replaces it by a fresh one (values still
/// held keep theirs alive; nothing else does).
#[derive(Debug)]
pub struct MisereArena(pub Arena);

impl Default for MisereArena {
    fn default() -> Self {
        MisereArena(Arena::fresh())
    }
}

impl crate::interp::gc::Extension for MisereArena {
    fn trace(&mut self, _: &mut crate::interp::gc::Tracer) -> bool {
        // Misère games are not short games: the arena holds nothing of the game store.
        true
    }
    fn on_clear(&mut self) {
        *self = MisereArena::default();
    }
}

/// The library hook for a new interrupt flag: nothing to do, a misère arena takes the workspace's flag when
/// it is created (see [`Arena::fresh`]) and `Interpreter::use_interrupt_flag` installs it for the engine too.
pub fn set_interrupt(_flag: std::sync::Arc<std::sync::atomic::AtomicBool>) {}

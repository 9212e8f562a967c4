//! What a long loopy computation is doing, for the REPL's progress line (`repl/progress.rs`): the positions
//! of the graph explored so far, then the strongly connected components valued out of how many. Process-wide
//! atomics, as the progress line runs on its own thread; a [`Phase`] guard clears them when the outermost
//! computation ends or unwinds (a nested one, e.g. a sum met while exploring, shares the counters).

use std::sync::atomic::{AtomicUsize, Ordering};

static ACTIVE: AtomicUsize = AtomicUsize::new(0);
static EXPLORED: AtomicUsize = AtomicUsize::new(0);
static VALUED: AtomicUsize = AtomicUsize::new(0);
static COMPONENTS: AtomicUsize = AtomicUsize::new(0);

/// Marks a loopy computation as running while it lives.
pub struct Phase;

impl Phase {
    /// Starts (or joins) the running loopy computation.
    pub fn start() -> Phase {
        if ACTIVE.fetch_add(1, Ordering::Relaxed) == 0 {
            reset();
        }
        Phase
    }
}

impl Drop for Phase {
    fn drop(&mut self) {
        if ACTIVE.fetch_sub(1, Ordering::Relaxed) == 1 {
            reset();
        }
    }
}

fn reset() {
    EXPLORED.store(0, Ordering::Relaxed);
    VALUED.store(0, Ordering::Relaxed);
    COMPONENTS.store(0, Ordering::Relaxed);
}

/// `n` positions of the graph explored so far.
pub fn explored(n: usize) {
    EXPLORED.store(n, Ordering::Relaxed);
}

/// Valuing the graph: `done` of `total` components.
pub fn valued(done: usize, total: usize) {
    VALUED.store(done, Ordering::Relaxed);
    COMPONENTS.store(total, Ordering::Relaxed);
}

/// The progress line's note, while a loopy computation runs.
pub fn describe() -> Option<String> {
    if ACTIVE.load(Ordering::Relaxed) == 0 {
        return None;
    }
    let explored = EXPLORED.load(Ordering::Relaxed);
    let total = COMPONENTS.load(Ordering::Relaxed);
    Some(if total > 0 {
        format!("loopy: {explored} positions, {} of {total} components valued", VALUED.load(Ordering::Relaxed))
    } else {
        format!("loopy: {explored} positions explored")
    })
}

//! A progress line for long computations: after two seconds, stderr shows the elapsed time and the memory in
//! use, refreshed every second and erased when the computation ends. Only when stderr is a terminal.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Shows the progress line while it lives (see the module documentation).
pub struct Progress {
    done: Arc<(Mutex<bool>, Condvar)>,
    shown: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

/// How long a computation runs before the progress line appears.
pub const DELAY: Duration = Duration::from_secs(2);

impl Progress {
    /// Starts watching a computation; `None` when stderr is not a terminal.
    pub fn start() -> Option<Progress> {
        if !std::io::stderr().is_terminal() {
            return None;
        }
        let done = Arc::new((Mutex::new(false), Condvar::new()));
        let shown = Arc::new(AtomicBool::new(false));
        let (d, s) = (done.clone(), shown.clone());
        let start = Instant::now();
        let thread = std::thread::Builder::new()
            .name("cgs-progress".into())
            .spawn(move || {
                let (lock, cv) = &*d;
                // The flag is looked at before every wait, under the lock: a computation that ends before this
                // thread first waits has already set it, and a wake-up sent then is not lost (issue 36 row 7).
                // Waits run to a deadline, so a spurious wake-up does not show the line early.
                let mut deadline = start + DELAY;
                let mut guard = lock.lock().unwrap_or_else(|e| e.into_inner());
                loop {
                    if *guard {
                        return;
                    }
                    let now = Instant::now();
                    if now < deadline {
                        guard = cv.wait_timeout(guard, deadline - now).unwrap_or_else(|e| e.into_inner()).0;
                        continue;
                    }
                    drop(guard);
                    let used = crate::game::budget::format_size(crate::game::budget::used());
                    // A long loopy valuation says how far it has got (`game::loopy::progress`).
                    let doing = crate::game::loopy::progress::describe().map(|d| format!("; {d}")).unwrap_or_default();
                    let line = format!(
                        "\r\x1b[K[{:.0} s, {used} in use{doing}; Ctrl-C interrupts]",
                        start.elapsed().as_secs_f64()
                    );
                    let mut err = std::io::stderr();
                    let _ = err.write_all(line.as_bytes());
                    let _ = err.flush();
                    s.store(true, Ordering::Relaxed);
                    deadline = Instant::now() + Duration::from_secs(1);
                    guard = lock.lock().unwrap_or_else(|e| e.into_inner());
                }
            })
            .ok()?;
        Some(Progress { done, shown, thread: Some(thread) })
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        let (lock, cv) = &*self.done;
        *lock.lock().unwrap_or_else(|e| e.into_inner()) = true;
        cv.notify_all();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        if self.shown.load(Ordering::Relaxed) {
            let mut err = std::io::stderr();
            let _ = err.write_all(b"\r\x1b[K");
            let _ = err.flush();
        }
    }
}

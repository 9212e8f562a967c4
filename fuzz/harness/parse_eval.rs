//! The parse-and-evaluate harness, shared by the fuzz target `parse_eval` (`fuzz/fuzz_targets/parse_eval.rs`)
//! and the replay of its saved corpus in the regular test run (`tests/integration/fuzz_corpus.rs`).
//!
//! Each input is a cgs script (bytes that are not UTF-8 are skipped: the REPL refuses them before the parser
//! sees them). It runs in a fresh workspace through `run_script_to`, the path of `cgs FILE` and of the REPL,
//! on one long-lived interpreter thread with the interpreter's big stack, under a memory budget 256 MiB above
//! what the process held at the start and a time limit of 300 ms per input (a watchdog raises the interrupt
//! flag, as Ctrl-C). Whatever the input does, it must end in values or ordinary errors: a panic that escapes,
//! or an "Internal error" diagnostic (a panic the evaluator caught), is a failure.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The longest input run (longer inputs are cut): big literals are the evaluator's, not the parser's, concern.
pub const MAX_INPUT: usize = 4096;
/// How long one input may run before it is interrupted.
pub const TIME_LIMIT: Duration = Duration::from_millis(300);

struct Worker {
    send: Sender<String>,
    done: Receiver<Result<(), String>>,
}

fn worker() -> &'static Mutex<Worker> {
    static WORKER: OnceLock<Mutex<Worker>> = OnceLock::new();
    WORKER.get_or_init(|| {
        cgs::repl::script::install_panic_hook();
        cgs::game::budget::set_limit(cgs::game::budget::used() + (256 << 20));
        let (send, inputs) = channel::<String>();
        let (report, done) = channel();
        let flag = Arc::new(AtomicBool::new(false));
        let started: Arc<Mutex<Option<Instant>>> = Arc::new(Mutex::new(None));
        {
            let (flag, started) = (flag.clone(), started.clone());
            std::thread::spawn(move || loop {
                std::thread::sleep(Duration::from_millis(10));
                let over = started.lock().unwrap_or_else(|e| e.into_inner()).is_some_and(|s| s.elapsed() > TIME_LIMIT);
                if over {
                    flag.store(true, Ordering::SeqCst);
                }
            });
        }
        std::thread::spawn(move || {
            cgs::repl::with_big_stack(move || {
                for program in inputs {
                    let mut interp = cgs::new_interpreter();
                    interp.use_interrupt_flag(flag.clone());
                    let (mut out, mut err) = (Vec::new(), Vec::new());
                    *started.lock().unwrap_or_else(|e| e.into_inner()) = Some(Instant::now());
                    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        cgs::repl::run_script_to(&mut interp, "<fuzz>", &program, &mut out, &mut err, false)
                    }));
                    *started.lock().unwrap_or_else(|e| e.into_inner()) = None;
                    flag.store(false, Ordering::SeqCst);
                    drop(interp);
                    let err = String::from_utf8_lossy(&err);
                    let verdict = if run.is_err() {
                        Err(format!("the evaluator panicked on {program:?}"))
                    } else if err.contains("Internal error") {
                        Err(format!("internal error on {program:?}: {err}"))
                    } else {
                        Ok(())
                    };
                    if report.send(verdict).is_err() {
                        return;
                    }
                }
            })
        });
        Mutex::new(Worker { send, done })
    })
}

/// Runs one input (see the module documentation): `Err` with a description when it panicked or hit an
/// internal error.
pub fn check(data: &[u8]) -> Result<(), String> {
    let Ok(text) = std::str::from_utf8(&data[..data.len().min(MAX_INPUT)]) else { return Ok(()) };
    let w = worker().lock().unwrap_or_else(|e| e.into_inner());
    w.send.send(text.to_string()).map_err(|_| "the interpreter thread is gone".to_string())?;
    w.done.recv().map_err(|_| "the interpreter thread is gone".to_string())?
}

//! A bounded fuzz run (issue 19 item 8): generated programs — random token soups and grammar-generated
//! expressions — go through the library evaluator (`run_script_to`, the path of `cgs FILE` and the REPL) under
//! a small memory budget and a per-program time limit (the interrupt flag, as Ctrl-C). Whatever a program
//! does, it must end in a value or an ordinary error: never a panic, never an internal error.
//!
//! Its own test binary, because the memory budget is process-wide. About 15 s in `cargo test --profile suite`.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const TOKENS: &[&str] = &[
    "<",
    ">",
    "|",
    "||",
    "*",
    "^",
    "v",
    "+",
    "-",
    "+-",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    ":=",
    ";",
    ".",
    "0",
    "1",
    "3",
    "1/2",
    "10",
    "x",
    "f",
    "def",
    "if",
    "then",
    "else",
    "end",
    "for",
    "in",
    "do",
    "while",
    "true",
    "\"s\"",
    "=>",
    "->",
    "..",
    "Temperature",
    "CanonicalForm",
    "Thermograph",
    "Cool",
    "Options",
    "Left",
    "Right",
    "Max",
    "Domineering",
    "pass",
    "&",
    "==",
    "<=",
    ">=",
    "not",
    "and",
    "or",
    "%",
    "^^",
    "*3",
    "ruleset",
    "begin",
    "Nim",
    "Heat",
    "Up",
    "Sum",
    "Print",
    "\n",
    "?",
    "%",
    "/",
    "Length",
    "Table",
];

fn token_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(TOKENS), 1..30).prop_map(|t| t.join(" "))
}

const MEMBERS: &[&str] = &[
    "CanonicalForm",
    "Temperature",
    "Mean",
    "LeftStop",
    "RightStop",
    "Thermograph",
    "Freeze",
    "Birthday",
    "OutcomeClass",
    "LeftOptions",
    "Incentives",
    "AtomicWeight",
    "Followers",
    "NimValue",
    "IsNumber",
    "ReducedCanonicalForm",
    "UptimalExpansion",
    "GameTree",
    "Length",
    "Size",
];

fn expression() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        (-3i32..6).prop_map(|n| n.to_string()),
        (0u32..7).prop_map(|n| format!("*{n}")),
        Just("^".to_string()),
        Just("v".to_string()),
        Just("1/2".to_string()),
        Just("-3/4".to_string()),
        Just("x".to_string()),
        Just("Domineering(\"..|..\")".to_string()),
    ];
    leaf.prop_recursive(5, 40, 3, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("<{a}|{b}>")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}) + ({b})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}) - ({b})")),
            inner.clone().prop_map(|a| format!("-({a})")),
            inner.clone().prop_map(|a| format!("+-({a})")),
            (inner.clone(), prop::sample::select(MEMBERS)).prop_map(|(a, m)| format!("({a}).{m}")),
            (inner.clone(), 0u32..3).prop_map(|(a, t)| format!("({a}).Cool({t})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("[{a}, {b}]")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{{{a}, {b}}}")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("Max({a}, {b})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}) : ({b})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("if ({a}) > ({b}) then {a} else {b} end")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("x := {a}; ({b}) * x")),
        ]
    })
}

/// Runs each generated program, interrupting any that runs longer than `limit`.
fn run_all(cases: u32, strategy: impl Strategy<Value = String>, limit: Duration) {
    let interp = std::cell::RefCell::new(cgs::new_interpreter());
    let flag: Arc<AtomicBool> = interp.borrow().interrupt_flag();
    // The watchdog raises the interrupt flag when the current program (numbered by `current`) has run too long.
    let current = Arc::new(AtomicU64::new(0));
    let started = Arc::new(std::sync::Mutex::new(Instant::now()));
    let done = Arc::new(AtomicBool::new(false));
    let watchdog = {
        let (flag, current, started, done) = (flag.clone(), current.clone(), started.clone(), done.clone());
        std::thread::spawn(move || {
            let mut seen = (0, false);
            while !done.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(10));
                let n = current.load(Ordering::Relaxed);
                let elapsed = started.lock().unwrap().elapsed();
                if n != seen.0 {
                    seen = (n, false);
                }
                if !seen.1 && elapsed > limit {
                    flag.store(true, Ordering::Relaxed);
                    seen.1 = true;
                }
            }
        })
    };
    let mut runner = TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() });
    let count = std::cell::Cell::new(0u64);
    let result = runner.run(&strategy, |program| {
        count.set(count.get() + 1);
        *started.lock().unwrap() = Instant::now();
        current.store(count.get(), Ordering::Relaxed);
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            cgs::repl::run_script_to(&mut interp.borrow_mut(), "<fuzz>", &program, &mut out, &mut err, false)
        }));
        flag.store(false, Ordering::Relaxed);
        prop_assert!(run.is_ok(), "the evaluator panicked on {program:?}");
        let err = String::from_utf8_lossy(&err);
        prop_assert!(!err.contains("Internal error"), "internal error on {program:?}: {err}");
        Ok(())
    });
    done.store(true, Ordering::Relaxed);
    let _ = watchdog.join();
    if let Err(e) = result {
        panic!("{e}");
    }
}

#[test]
fn generated_programs_never_panic() {
    cgs::repl::script::install_panic_hook();
    // A small budget on top of what the process already holds.
    cgs::game::budget::set_limit(cgs::game::budget::used() + 256 * 1024 * 1024);
    let start = Instant::now();
    cgs::repl::with_big_stack(move || {
        run_all(1500, token_soup(), Duration::from_millis(300));
        run_all(400, expression(), Duration::from_millis(300));
    });
    eprintln!("fuzz: 1900 programs in {:.1} s", start.elapsed().as_secs_f64());
}

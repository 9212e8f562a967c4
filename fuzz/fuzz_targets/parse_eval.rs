//! Fuzz target for the parser and the evaluator (issue 36): any bytes, run as a cgs script; see
//! `fuzz/harness/parse_eval.rs`. `cargo fuzz run parse_eval` (docs/LIMITS.md, "Fuzzing", says how it is run
//! without cargo-fuzz).
#![no_main]

#[path = "../harness/parse_eval.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(why) = harness::check(data) {
        panic!("{why}");
    }
});

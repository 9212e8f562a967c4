//! Fuzz target for the kernel's ZMTP frame reader (`src/kernel/zmtp/codec.rs`, included as a module so the
//! target builds without the rest of cgs). Each input goes through `check_invariants`: no panic, no message
//! over the limit, no buffering past one frame of the largest allowed size, and every decoded message
//! round-trips. The regular test run replays `fuzz/corpus/zmtp_reader/` through the same function
//! (`tests/integration/kernel_wire.rs`). How to run it: docs/LIMITS.md, "Jupyter kernel".
#![no_main]

#[allow(dead_code)]
#[path = "../../src/kernel/zmtp/codec.rs"]
mod codec;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    codec::check_invariants(data);
});

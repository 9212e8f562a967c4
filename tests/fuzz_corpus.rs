//! The saved corpus of the fuzz target `parse_eval` (`fuzz/corpus/parse_eval/`, seeds and what a fuzzing run
//! kept) replayed through the target's own harness: every input must end in values or ordinary errors.
//!
//! Its own test binary, because the harness sets the process-wide memory budget.

#[path = "../fuzz/harness/parse_eval.rs"]
mod harness;

#[test]
fn the_saved_parse_eval_corpus_replays_cleanly() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/parse_eval");
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("the corpus").map(|e| e.expect("entry").path()).collect();
    files.sort();
    for file in &files {
        let data = std::fs::read(file).expect("an input");
        if let Err(why) = harness::check(&data) {
            panic!("{}: {why}", file.display());
        }
    }
    assert!(files.len() >= 20, "only {} inputs in {}", files.len(), dir.display());
}

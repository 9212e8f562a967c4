//! The README's REPL transcripts are executed: every fenced block whose first line starts with the prompt
//! `cgs> ` is typed into a fresh [`Repl`] and must print exactly what the block shows.

use cgs::repl::{Repl, CONTINUATION_PROMPT, PROMPT};

/// The fenced code blocks of a Markdown text that begin with a prompt.
fn transcript_blocks(markdown: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            match current.take() {
                Some(block) => blocks.push(block),
                None => current = Some(String::new()),
            }
        } else if let Some(block) = current.as_mut() {
            block.push_str(line);
            block.push('\n');
        }
    }
    blocks.into_iter().filter(|b| b.starts_with(PROMPT)).collect()
}

/// Replays the prompt lines of `block` and rebuilds the transcript from what the REPL prints.
fn replay(block: &str) -> String {
    let mut repl = Repl::new();
    let mut t = String::new();
    for line in block.lines() {
        let input = line.strip_prefix(PROMPT).or_else(|| line.strip_prefix(CONTINUATION_PROMPT));
        let Some(input) = input else { continue };
        t.push_str(repl.prompt());
        t.push_str(input);
        t.push('\n');
        let out = repl.input_line(input);
        t.push_str(&out.stdout);
        t.push_str(&out.stderr);
    }
    t
}

#[test]
fn readme_transcripts_are_real() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let blocks = transcript_blocks(&readme);
    assert!(!blocks.is_empty(), "README.md has no `cgs> ` transcript");
    for block in blocks {
        let b = block.clone();
        let actual = cgs::interp::with_big_stack(move || replay(&b));
        assert_eq!(actual, block, "README transcript differs from what cgs prints");
    }
}

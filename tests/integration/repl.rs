//! REPL transcripts through the terminal-free backend ([`cgs::repl::Repl`]).
//!
//! Each `tests/integration/repl/*.repl` file is a sequence of lines typed at the prompt. The transcript
//! (prompt and line, then what the line printed: stdout, then stderr) is snapshotted. The tests below check
//! the promises that matter regardless of wording: errors never lose variables, `:clear` forgets them,
//! `:load` keeps a script's definitions, unfinished input continues.

use cgs::repl::{Repl, ReplStatus, CONTINUATION_PROMPT, PROMPT};

/// Types `input` line by line into `repl`, recording a transcript.
fn transcript(repl: &mut Repl, input: &str) -> String {
    let mut t = String::new();
    for line in input.lines() {
        t.push_str(repl.prompt());
        t.push_str(line);
        t.push('\n');
        let out = repl.input_line(line);
        t.push_str(&out.stdout);
        t.push_str(&out.stderr);
        if out.status == ReplStatus::Quit {
            t.push_str("[quit]\n");
            break;
        }
    }
    t
}

fn session(input: &str) -> String {
    let input = input.to_string();
    cgs::repl::with_big_stack(move || transcript(&mut Repl::new(), &input))
}

#[test]
fn transcripts() {
    cgs::repl::script::install_panic_hook();
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| {
        insta::glob!("repl", "*.repl", |path| {
            let input = std::fs::read_to_string(path).unwrap();
            insta::assert_snapshot!(session(&input));
        });
    });
}

#[test]
fn an_error_keeps_the_variables() {
    let t = session("x := 5\nx + [1]\ny := [x)\nx + 1\nx = 2\nx + 2\n");
    assert!(t.contains("Error:"), "{t}");
    assert!(t.ends_with(&format!("{PROMPT}x + 2\n7\n")), "{t}");
    assert!(t.contains(&format!("{PROMPT}x + 1\n6\n")), "{t}");
}

#[test]
fn unfinished_input_continues_on_the_next_line() {
    let t = session("def f(x) begin\n  x + 1\nend\nf(41)\n");
    assert!(t.contains(&format!("{CONTINUATION_PROMPT}  x + 1\n")), "{t}");
    assert!(t.contains(&format!("{CONTINUATION_PROMPT}end\n")), "{t}");
    assert!(t.ends_with(&format!("{PROMPT}f(41)\n42\n")), "{t}");
}

#[test]
fn clear_forgets_variables() {
    let t = session("x := 1\n:clear\nx\n");
    assert!(t.contains("That variable is not defined"), "{t}");
}

#[test]
fn load_keeps_the_scripts_definitions() {
    let dir = std::env::temp_dir().join(format!("cgs-load-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("defs.cgs");
    std::fs::write(&file, "def double(n) := 2 * n\nz := double(21)\n").unwrap();
    let t = session(&format!(":load {}\nz + 1\n:load {}/missing.cgs\nz\n", file.display(), dir.display()));
    std::fs::remove_dir_all(&dir).ok();
    assert!(t.contains(&format!("{PROMPT}z + 1\n43\n")), "{t}");
    assert!(t.contains("Could not read"), "{t}");
    assert!(t.ends_with(&format!("{PROMPT}z\n42\n")), "{t}");
}

#[test]
fn commands() {
    let t = session(":help\n:time\n1 + 1\n:time\n:frobnicate\n:quit\n1\n");
    assert!(t.contains(":load FILE"), "{t}");
    assert!(t.contains("Timing is on."), "{t}");
    assert!(t.contains("Time: "), "{t}");
    assert!(t.contains("Unknown command `:frobnicate`"), "{t}");
    assert!(t.ends_with("[quit]\n"), "{t}");
}

#[test]
fn a_pending_cell_can_be_cancelled() {
    let out = cgs::interp::with_big_stack(|| {
        let mut repl = Repl::new();
        assert_eq!(repl.input_line("x := (1 +").status, ReplStatus::Continue);
        assert!(repl.has_pending_input());
        repl.cancel_pending();
        assert_eq!(repl.prompt(), PROMPT);
        repl.input_line("3")
    });
    assert_eq!(out.stdout, "3\n");
}

//! The REPL through a real pseudo-terminal (rexpect): what a person at a terminal sees.
//!
//! - Lines that arrive together (a paste without bracketed-paste support) are all evaluated, in order.
//! - An unfinished cell shows the `...>` continuation prompt.
//! - A string printed to the terminal cannot send an escape sequence: control bytes are shown escaped.
//! - An error keeps the session and its variables.

use rexpect::session::{spawn_command, PtySession};
use std::process::Command;

fn start() -> PtySession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cgs"));
    // A fresh, empty history file so the test does not touch the user's.
    let home = std::env::temp_dir().join(format!("cgs-pty-test-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&home);
    cmd.env("HOME", &home).env("TERM", "xterm");
    let mut p = spawn_command(cmd, Some(30_000)).expect("cgs starts in a pseudo-terminal");
    p.exp_string("cgs> ").expect("the first prompt");
    p
}

#[test]
fn pasted_lines_all_run() {
    let mut p = start();
    // One write: three cells, as a paste delivers them.
    p.send("a := 20\rb := 22\ra + b\r").expect("paste");
    p.flush().expect("paste sent");
    p.exp_string("42").expect("the third pasted line ran, with the first two's variables");
    p.send_line("[a, b]").expect("line");
    p.exp_string("[20,22]").expect("variables of pasted lines are kept");
    p.send_line(":quit").expect("quit");
    p.exp_eof().expect("the REPL exits");
}

#[test]
fn continuation_prompt_and_errors_keep_the_session() {
    let mut p = start();
    p.send_line("x := [1,").expect("line");
    p.exp_string("...> ").expect("an open bracket continues the cell");
    p.send_line("2]").expect("line");
    p.exp_string("[1,2]").expect("the continued cell ran");
    p.send_line("1 + [2]").expect("line");
    p.exp_string("No operation").expect("an error is reported");
    p.send_line("x[2]").expect("line");
    p.exp_string("2").expect("the variable survived the error");
    p.send_line(":quit").expect("quit");
    p.exp_eof().expect("the REPL exits");
}

#[test]
fn control_bytes_are_escaped_on_a_terminal() {
    // A script whose string holds a raw ESC byte: on a terminal it prints as `\x1b`, never as an escape.
    let dir = std::env::temp_dir().join(format!("cgs-pty-esc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("esc.cgs");
    std::fs::write(&file, "Print(\"red:\u{1b}[31m:bell\u{7}:end\")\n").expect("script");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cgs"));
    cmd.arg(&file).env("TERM", "dumb");
    let mut p = spawn_command(cmd, Some(30_000)).expect("cgs runs in a pseudo-terminal");
    p.exp_string("red:\\x1b[31m:bell\\x07:end").expect("control bytes are shown escaped");
    p.exp_eof().expect("the script ends");
}

//! The built `cgs` binary: `-e`, script files, stdin, exit codes and `--help`. The binary must print exactly
//! what the library's script runner prints (the snapshots of `tests/scripts/cli/` pin that down).

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn cgs(args: &[&str], stdin: Option<&str>) -> Output {
    cgs_in(std::path::Path::new(env!("CARGO_MANIFEST_DIR")), args, stdin)
}

/// [`cgs`] run in the folder `dir`.
fn cgs_in(dir: &std::path::Path, args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cgs"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("CGS_HISTORY", "")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the cgs binary");
    let mut pipe = child.stdin.take().unwrap();
    if let Some(text) = stdin {
        pipe.write_all(text.as_bytes()).unwrap();
    }
    drop(pipe);
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn eval_prints_the_value_of_one_cell() {
    let out = cgs(&["-e", "*2 + *3"], None);
    assert_eq!(text(&out.stdout), "*\n");
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));

    let out = cgs(&["-e", "x := 3; x + 4"], None);
    assert_eq!(text(&out.stdout), "7\n");
    let out = cgs(&["-e", "x := 3; x + 4;"], None);
    assert_eq!(text(&out.stdout), "", "a trailing `;` suppresses the value");
}

#[test]
fn eval_accepts_a_source_starting_with_a_minus() {
    // Issue 15 item 9: `-1/2` and `-^` are expressions, not options. By hand: -(1/2) and -^ = v.
    let out = cgs(&["-e", "-1/2"], None);
    assert_eq!(text(&out.stdout), "-1/2\n");
    assert_eq!(out.status.code(), Some(0));
    let out = cgs(&["-e", "-^"], None);
    assert_eq!(text(&out.stdout), "v\n");
}

#[test]
fn eval_errors_exit_with_status_1() {
    let out = cgs(&["-e", "0 / 0"], None);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("<-e>:1:1"), "{err}");
    assert!(err.contains("0 / 0"), "{err}");
    assert!(!err.contains('\x1b'), "no colour when stderr is not a terminal: {err}");

    let out = cgs(&["-e", "(1 + "], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("Error"), "{}", text(&out.stderr));
}

#[test]
fn script_files_match_the_library_runner() {
    for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scripts/cli")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "cgs") {
            continue;
        }
        let name = format!("tests/scripts/cli/{}", path.file_name().unwrap().to_string_lossy());
        let source = std::fs::read_to_string(&path).unwrap();
        let script = name.clone();
        let expected =
            cgs::interp::with_big_stack(move || cgs::repl::run_script(&mut cgs::new_interpreter(), &script, &source));
        let out = cgs(&[&name], None);
        assert_eq!(text(&out.stdout), expected.0, "{name}: stdout");
        assert_eq!(text(&out.stderr), expected.1, "{name}: stderr");
        assert_eq!(out.status.code(), Some(expected.2), "{name}: exit code");
    }
}

#[test]
fn a_script_stops_at_the_first_error() {
    let out = cgs(&["tests/scripts/cli/stops_at_first_error.cgs"], None);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("before"), "{stdout}");
    assert!(!stdout.contains("after"), "{stdout}");
}

#[test]
fn several_files_share_one_session() {
    let out = cgs(&["tests/integration/repl/defs.cgs", "-"], Some("twice(*3)\n"));
    assert_eq!(text(&out.stderr), "");
    assert_eq!(text(&out.stdout).lines().last(), Some("0"));
}

#[test]
fn stdin_is_read_as_a_script() {
    let out = cgs(&[], Some("a := ^\na + a\n\ndef f(n) begin\n  n + 1\nend\nf(1)\n"));
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("^^\n"), "{stdout}");
    assert!(stdout.ends_with("2\n"), "{stdout}");

    let out = cgs(&[], Some("1 +\n"));
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("<stdin>"), "{}", text(&out.stderr));
}

/// `--print-sharing off` prints large canonical forms in full, as CGSuite does; on (the default) they print in
/// the shared form (`tests/scripts/games/shared_forms.cgs`).
#[test]
fn print_sharing_off_gives_the_full_text() {
    // CGSuite 2.2 (cgsuite-eval): `({1|0}:*9).ToString.Length` is 118097.
    let out = cgs(&["--print-sharing", "off", "-e", "(<1|0> : *9).ToString.Length"], None);
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(0), "118097\n".to_string()));
    let out = cgs(&["--print-sharing", "off", "--print-limit", "none", "-e", "<1|0> : *9"], None);
    let full = text(&out.stdout);
    assert_eq!(full.trim_end().len(), 118097);
    assert!(full.starts_with("<1,<1|0>,<1,<1|0>|0,<1|0>>,"), "{}", &full[..100]);
    let out = cgs(&["--print-sharing", "on", "-e", "<1|0> : *9"], None);
    let shared = text(&out.stdout);
    assert!(shared.starts_with("begin\n  var g1 := <1,<1|0>|0,<1|0>>;\n") && shared.len() < 600, "{shared}");
    let out = cgs(&["--print-sharing", "maybe", "-e", "1"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("`maybe` is not a print-sharing setting (on or off)"));
}

#[test]
fn missing_files_and_bad_arguments_fail_cleanly() {
    let out = cgs(&["no/such/file.cgs"], None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), "Error: Could not read `no/such/file.cgs`: No such file or directory.\n");

    let out = cgs(&["--no-such-flag"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = cgs(&["-e", "1", "file.cgs"], None);
    assert_eq!(out.status.code(), Some(2), "-e and files are exclusive");
    // A budget too small to start with is refused with a message (it used to abort with no output).
    let out = cgs(&["--max-memory", "512", "-e", "1"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("too small: the smallest is 32 MiB"), "{}", text(&out.stderr));
}

#[test]
fn help_describes_the_usage() {
    let out = cgs(&["--help"], None);
    assert_eq!(out.status.code(), Some(0));
    let help = text(&out.stdout);
    for needle in ["Usage: cgs", "--eval", "[FILE]...", "combinatorial game"] {
        assert!(help.contains(needle), "{needle} missing from:\n{help}");
    }
    let out = cgs(&["--version"], None);
    assert!(text(&out.stdout).starts_with("cgs "), "{}", text(&out.stdout));
}

#[test]
fn runaway_recursion_is_an_error_not_a_crash() {
    let out = cgs(&["-e", "def f(n) := f(n + 1); f(0)"], None);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("Maximum recursion depth exceeded"), "{err}");
}

/// `--output cgsuite` prints every value of `tests/scripts/cgsuite_compat/output_mode.cgs` (and `diff_run.cgs`)
/// exactly as CGSuite 2.2 does (`output_mode.cgsuite.txt` is cgsuite-eval's output for the same lines); the
/// default is unchanged.
#[test]
fn output_cgsuite_prints_cgsuite_text() {
    for name in [
        "output_mode",
        "output_mode_rulesets",
        "diff_run",
        "diff_run2",
        "diff_run4",
        "diff_run6",
        "ruleset_output",
        "bare_infix",
        "bare_infix_operands",
        "domineering_decomposition",
        "range_members",
        "packages",
        "audit_forms",
        "loopy_ordinal_forms",
        "positions_print",
        "misere_tree_sum",
        "misere_game_tree",
        "compounds_kept",
        "library_functions_print",
        "class_ruleset_bases",
        "names5",
        "tutorial_map_iteration",
        "gaps7_heap",
        "gaps7_classes",
        "genfam7",
        "tutorial_mutable_class",
        "set_order",
        "followers",
        "fix8_graph_labels",
        "fix8_sorted_with",
        "fix8_position_loopy",
        "print9_star_operand",
        "print9_map_order",
        "print9_grid_set_order",
        "position_sums",
        "string_quotes",
        "sum_option_sets",
        "typed_case",
        "sum_grouping",
    ] {
        let script = format!("tests/scripts/cgsuite_compat/{name}.cgs");
        let expected = std::fs::read_to_string(format!("tests/scripts/cgsuite_compat/{name}.cgsuite.txt")).unwrap();
        let out = cgs(&["--output", "cgsuite", &script], None);
        assert_eq!((out.status.code(), text(&out.stderr)), (Some(0), String::new()));
        let got = text(&out.stdout);
        for (i, (g, e)) in got.lines().zip(expected.lines()).enumerate() {
            assert_eq!(g, e, "line {} of the output of {script}", i + 1);
        }
        assert_eq!(got.lines().count(), expected.lines().count(), "{script}");
    }
    // No print limit in CGSuite's mode, whatever `--print-limit` says; the default mode keeps angles.
    let out = cgs(&["--output", "cgsuite", "--print-limit", "100", "-e", "(<1|0> : *9).ToString.Length"], None);
    assert_eq!(text(&out.stdout), "118097\n");
    let out = cgs(&["-e", "{2||1|0}"], None);
    assert_eq!(text(&out.stdout), "<2||1|0>\n");
    let out = cgs(&["--output", "cgs", "-e", "{2||1|0}"], None);
    assert_eq!(text(&out.stdout), "<2||1|0>\n");
    // `:set output` switches the mode in a REPL session.
    let out = cgs(&["-i"], Some(":set output cgsuite\n{2||1|0}\n:set output cgs\n{2||1|0}\n"));
    assert!(
        text(&out.stdout).ends_with("Output: cgsuite.\n{2||1|0}\nOutput: cgs.\n<2||1|0>\n"),
        "{}",
        text(&out.stdout)
    );
    let out = cgs(&["--output", "braces", "-e", "1"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("`braces` is not an output mode (cgs or cgsuite)"), "{}", text(&out.stderr));
}

/// A folder of class files in the working directory is a package (CGSuite's class path): `pk.Countdown(3)` reads
/// `pk/Countdown.cgs` once, sibling classes see each other by their short names, nothing is bound globally, and
/// the classes print with their package. Expected output: CGSuite 2.2 (cgsuite-eval, 2026-12-06) on the same two
/// files put in a devbuild package `pk`; the last line is cgs's message for an unbound name.
/// A script finds the packages beside it before the working directory's (docs/LANGUAGE.md §10, "Packages of
/// class files"): `cgs proj/run.cgs` started in a folder with its own `examples/` reads `proj/examples/`; a
/// package only the working directory has is still found; `-i` after the script keeps the script's folder.
#[test]
fn a_script_finds_the_packages_beside_it() {
    let dir = std::env::temp_dir().join(format!("cgs-script-package-{}", std::process::id()));
    for sub in ["proj/examples", "proj/lone", "cwd/examples", "cwd/other"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    let class = |k: u32| format!("class Times(n as Integer)\n  def Value := {k} * n;\nend\n");
    std::fs::write(dir.join("proj/examples/Times.cgs"), class(2)).unwrap();
    std::fs::write(dir.join("proj/lone/Times.cgs"), class(5)).unwrap();
    std::fs::write(dir.join("cwd/examples/Times.cgs"), class(3)).unwrap();
    std::fs::write(dir.join("cwd/other/Times.cgs"), class(7)).unwrap();
    std::fs::write(dir.join("proj/run.cgs"), "examples.Times(10).Value\nlone.Times(1).Value\nother.Times(1).Value\n")
        .unwrap();
    let run = |args: &[&str], stdin: &str| cgs_in(&dir.join("cwd"), args, Some(stdin));
    let script = run(&["../proj/run.cgs"], "");
    let repl = run(&["-i", "../proj/run.cgs"], "examples.Times(1).Value\n");
    let plain = run(&["-e", "examples.Times(1).Value"], "");
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!((text(&script.stdout), text(&script.stderr)), ("20\n5\n7\n".to_string(), String::new()));
    let repl = text(&repl.stdout);
    assert!(repl.starts_with("20\n5\n7\n") && repl.ends_with("\n2\n"), "{repl}");
    assert_eq!(text(&plain.stdout), "3\n");
}

#[test]
fn a_folder_of_class_files_is_a_package() {
    let dir = std::env::temp_dir().join(format!("cgs-package-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("pk")).unwrap();
    std::fs::write(
        dir.join("pk/Countdown.cgs"),
        "singleton class Countdown extends Ruleset\n  class Position(n as Integer) extends ImpartialGame\n    \
         override def Options := [Position(k) for k from 0 to n - 1];\n  end\n  def Eval(n as Integer) := \
         Position(n);\nend\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("pk/Twice.cgs"),
        "class Twice(n as Integer) extends ImpartialGame\n  override def Options := [Countdown(2 * n)];\nend\n",
    )
    .unwrap();
    let script = "pk.Countdown(3).NimValue\npk.Countdown(3)\npk.Countdown(3).Class\npk.Twice(2).CanonicalForm\n\
                  pk.Twice(2)\npk.Twice(2).Class\nNim(3).NimValue\nCountdown\n";
    let out = cgs_in(&dir, &["-"], Some(script));
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(
        text(&out.stdout),
        "3\nCountdown.Position(3)\n\u{27ea}pk.Countdown.Position\u{27eb}\n0\nTwice(2)\n\u{27ea}pk.Twice\u{27eb}\n3\n"
    );
    assert!(text(&out.stderr).contains("That variable is not defined: `Countdown`"), "{}", text(&out.stderr));
}

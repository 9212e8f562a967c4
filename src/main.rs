//! The `cgs` command: the REPL, script files, `-e SRC` and stdin.
//!
//! All evaluation happens on one thread with a large stack (see [`cgs::interp::with_big_stack`]); the main
//! thread only parses arguments and waits for the exit status.

use cgs::interp::Interpreter;
use cgs::repl::{self, script};
use clap::{Parser, ValueEnum};
use std::io::{self, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// cgs: a scripting language and computer-algebra system for combinatorial game theory.
///
/// With no arguments, starts the interactive REPL (or, when stdin is not a terminal, runs stdin as a script).
/// Scripts run cell by cell, exactly as if typed into the REPL; the first error stops them with exit status 1.
#[derive(Parser, Debug)]
#[command(name = "cgs", version, about, long_about = None, after_help = EXAMPLES)]
struct Args {
    /// Script files to run in order, sharing one session (`-` reads stdin).
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,

    /// Evaluate SRC as one cell and print its value.
    #[arg(short = 'e', long = "eval", value_name = "SRC", conflicts_with = "files", allow_hyphen_values = true)]
    eval: Option<String>,

    /// Start the REPL after running the files or `-e` (their definitions stay available).
    #[arg(short, long)]
    interactive: bool,

    /// The memory budget (e.g. 4G, 512M): a computation that needs more stops with an error. Default: three
    /// quarters of the smallest of the machine's memory, what `ulimit -v` leaves and the cgroup's limit.
    #[arg(long = "max-memory", value_name = "SIZE", value_parser = parse_max_memory)]
    max_memory: Option<usize>,

    /// Print at most N characters of a value, then a note (`none`: everything; default 200000).
    #[arg(long = "print-limit", value_name = "N", value_parser = parse_print_limit)]
    print_limit: Option<PrintLimit>,

    /// Print a large canonical form (full text over 10,000 characters) with its repeated sub-forms named, in
    /// a `begin … end` block that reads back as the same game (`on`, the default), or always in full as CGSuite
    /// does (`off`).
    #[arg(long = "print-sharing", value_name = "on|off", value_parser = cgs::game::print_limit::parse_sharing)]
    print_sharing: Option<bool>,

    /// How values print: `cgs` (the default) or `cgsuite`, exactly CGSuite's text (games in braces, positions as
    /// `Ruleset.Position(…)`, no shared form, no print limit), so that output can be compared with CGSuite's.
    #[arg(long = "output", value_name = "cgs|cgsuite", value_parser = cgs::game::print_limit::parse_output)]
    output: Option<bool>,

    /// Collect unreachable games once at least N are stored and their number has doubled since the last
    /// collection (`none`: never collect; default 1048576).
    #[arg(long = "gc-threshold", value_name = "N", value_parser = parse_gc_threshold)]
    gc_threshold: Option<usize>,

    /// Let `Plot("file.svg")` and other file output write below DIR too (by default only below the current
    /// directory). May be given several times.
    #[arg(long = "allow-write", value_name = "DIR")]
    allow_write: Vec<PathBuf>,

    /// When to colour error messages.
    #[arg(long, value_enum, default_value_t = Color::Auto, value_name = "WHEN")]
    color: Color,
}

const EXAMPLES: &str = "Examples:
  cgs                         start the REPL
  cgs examples/clobber.cgs    run a script
  cgs -e '<1|*> + ^'          evaluate one cell
  echo '*2 + *3' | cgs        run stdin as a script
  cgs kernel install --user   install the Jupyter kernel (then pick \"cgs\" in Jupyter)";

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Color {
    /// Colour when stderr is a terminal and NO_COLOR is unset.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

/// A parsed `--print-limit` (`None` inside: no limit).
#[derive(Clone, Copy, Debug)]
struct PrintLimit(Option<usize>);

fn parse_print_limit(s: &str) -> Result<PrintLimit, String> {
    cgs::game::print_limit::parse(s).map(PrintLimit)
}

fn parse_gc_threshold(s: &str) -> Result<usize, String> {
    match s {
        "none" => Ok(usize::MAX),
        _ => s.parse::<usize>().map_err(|_| format!("`{s}` is not a number of games or `none`")),
    }
}

fn parse_max_memory(s: &str) -> Result<usize, String> {
    cgs::game::budget::parse_budget(s)
}

/// With `CGS_REPORT_PEAK` set, the peak resident size of this process image (`VmHWM`) is written to stderr at
/// exit as `cgs-peak: N kB`, for the tests that check a memory budget. The `ru_maxrss` a parent reads with
/// `wait4` cannot serve: Linux carries the high-water mark of the memory a child had before `exec` over into it,
/// and a child spawned by a large test harness (vfork-style) had the harness's.
fn report_peak_at_exit() {
    extern "C" fn report() {
        if let Ok(status) = std::fs::read_to_string("/proc/self/status") {
            if let Some(line) = status.lines().find_map(|l| l.strip_prefix("VmHWM:")) {
                eprintln!("cgs-peak: {}", line.trim());
            }
        }
    }
    if std::env::var_os("CGS_REPORT_PEAK").is_some() {
        // SAFETY: registers a plain function with no captured state; it only reads a file and writes stderr.
        unsafe {
            libc::atexit(report);
        }
    }
}

fn main() -> ExitCode {
    report_peak_at_exit();
    let argv: Vec<String> = std::env::args().collect();
    if argv.get(1).map(String::as_str) == Some("kernel") {
        return ExitCode::from(kernel_command(&argv[2..]));
    }
    let args = Args::parse();
    match args.max_memory {
        Some(limit) => cgs::game::budget::set_limit(limit),
        // Computed when first needed: a short run never reads the files it comes from.
        None => cgs::game::budget::set_default_limit(),
    }
    if let Some(PrintLimit(limit)) = args.print_limit {
        cgs::game::print_limit::set_setting(limit);
    }
    if let Some(on) = args.print_sharing {
        cgs::game::print_limit::set_sharing(on);
    }
    if let Some(cgsuite) = args.output {
        cgs::game::print_limit::set_cgsuite(cgsuite);
    }
    if let Some(n) = args.gc_threshold {
        cgs::game::short::store::set_default_collection_threshold(n);
    }
    for dir in &args.allow_write {
        if let Err(e) = cgs::interp::output::allow_write(dir) {
            eprintln!("Error: {e}.");
            return ExitCode::from(2);
        }
    }
    let color = match args.color {
        Color::Auto => script::stderr_wants_color(),
        Color::Always => true,
        Color::Never => false,
    };
    script::install_panic_hook();
    let code = repl::with_big_stack(move || run(args, color));
    ExitCode::from(code)
}

fn run(args: Args, color: bool) -> u8 {
    let stdin_is_terminal = io::stdin().is_terminal();
    if args.eval.is_none() && args.files.is_empty() {
        if stdin_is_terminal || args.interactive {
            return start_repl(cgs::new_interpreter(), color);
        }
        let mut interp = cgs::new_interpreter();
        let code = run_stdin(&mut interp, color);
        exit_without_drop(interp);
        return code;
    }

    let mut interp = cgs::new_interpreter();
    let (stdout, stderr) = (io::stdout(), io::stderr());
    let code = if let Some(src) = &args.eval {
        repl::run_single_cell(&mut interp, "<-e>", src, &mut terminal_safe(&stdout), &mut stderr.lock(), color)
    } else {
        let mut code = 0;
        for path in &args.files {
            code = if path.as_os_str() == "-" {
                i32::from(run_stdin(&mut interp, color))
            } else {
                match std::fs::read_to_string(path) {
                    Ok(text) => {
                        let name = path.display().to_string();
                        interp.set_script_path(path);
                        repl::run_script_to(
                            &mut interp,
                            &name,
                            &text,
                            &mut terminal_safe(&stdout),
                            &mut stderr.lock(),
                            color,
                        )
                    }
                    Err(e) => {
                        let _ = writeln!(
                            stderr.lock(),
                            "Error: Could not read `{}`: {}.",
                            path.display(),
                            repl::io_reason(&e)
                        );
                        1
                    }
                }
            };
            if code != 0 {
                break;
            }
        }
        code
    };
    if code == 0 && args.interactive {
        return start_repl(interp, color);
    }
    exit_without_drop(interp);
    code as u8
}

/// Leaves the workspace of a finished run to the operating system: the process ends right after, and
/// freeing its values, games and tables one by one cost up to 2 million instructions (examples/winning-ways.cgs;
/// docs/PERFORMANCE.md, "Start-up"). Nothing in a workspace acts when dropped (output files are written as
/// they are made).
fn exit_without_drop(interp: Interpreter) {
    std::mem::forget(interp);
}

const KERNEL_USAGE: &str = "Usage: cgs kernel [OPTIONS] CONNECTION_FILE          run as a Jupyter kernel
       cgs kernel install [OPTIONS] [--user|--prefix P]  install the kernelspec (default: --user);
                                                         its argv carries the OPTIONS
Options:
  --max-memory SIZE   the memory budget of the kernel's computations (e.g. 4G; default: three quarters of
                      the smallest of physical memory, `ulimit -v` and the cgroup's memory limit)
  --max-message SIZE  the largest ZeroMQ message a client may send (default 256M); a larger one ends
                      that connection
  --output MODE       how values print: cgs (the default) or cgsuite (CGSuite's text, as `cgs --output
                      cgsuite`)";

/// `cgs kernel [OPTIONS] CONNECTION_FILE` and `cgs kernel install [OPTIONS] [--user|--prefix P]`.
fn kernel_command(args: &[String]) -> u8 {
    use cgs::kernel::install::{install, Target};
    let mut options = cgs::kernel::zmtp::Options::default();
    let mut max_memory = None;
    // The options as given, for the kernelspec's argv.
    let mut passed: Vec<String> = Vec::new();
    let mut words: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v)),
            _ => (arg, None),
        };
        if name == "--max-memory" || name == "--max-message" || name == "--output" {
            let value = match inline {
                Some(v) => v,
                None => {
                    i += 1;
                    match args.get(i) {
                        Some(v) => v.as_str(),
                        None => {
                            eprintln!("Error: {name} needs a value.\n{KERNEL_USAGE}");
                            return 2;
                        }
                    }
                }
            };
            let parsed = if name == "--max-memory" {
                cgs::game::budget::parse_budget(value).map(|b| max_memory = Some(b))
            } else if name == "--output" {
                cgs::game::print_limit::parse_output(value).map(cgs::game::print_limit::set_cgsuite)
            } else {
                cgs::kernel::zmtp::parse_max_message(value).map(|m| options.max_message = m)
            };
            if let Err(e) = parsed {
                eprintln!("Error: {name}: {e}.\n{KERNEL_USAGE}");
                return 2;
            }
            passed.extend([name.to_string(), value.to_string()]);
        } else {
            words.push(arg);
        }
        i += 1;
    }
    let target = match words.as_slice() {
        ["install"] | ["install", "--user"] => Target::User,
        ["install", "--prefix", p] => Target::Prefix(PathBuf::from(p)),
        ["install", "--prefix"] => {
            eprintln!("Error: --prefix needs a directory.\n{KERNEL_USAGE}");
            return 2;
        }
        ["-h"] | ["--help"] | [] => {
            println!("{KERNEL_USAGE}");
            return if words.is_empty() { 2 } else { 0 };
        }
        [file] if !file.starts_with('-') && *file != "install" => {
            if let Some(limit) = max_memory.or_else(cgs::game::budget::default_limit) {
                cgs::game::budget::set_limit(limit);
            }
            script::install_panic_hook();
            return cgs::kernel::run(file, options) as u8;
        }
        _ => {
            eprintln!("Error: unexpected arguments to `cgs kernel`.\n{KERNEL_USAGE}");
            return 2;
        }
    };
    match install(&target, &passed) {
        Ok(dir) => {
            println!("Installed the cgs kernelspec in {}", dir.display());
            0
        }
        Err(e) => {
            eprintln!("Error: {e}");
            1
        }
    }
}

fn start_repl(interp: Interpreter, color: bool) -> u8 {
    let mut session = repl::Repl::with_interpreter(interp);
    session.set_color(color);
    repl::terminal::run(session) as u8
}

fn run_stdin(interp: &mut Interpreter, color: bool) -> u8 {
    let mut text = String::new();
    if let Err(e) = io::stdin().read_to_string(&mut text) {
        eprintln!("Error: Could not read standard input: {}.", repl::io_reason(&e));
        return 1;
    }
    let (stdout, stderr) = (io::stdout(), io::stderr());
    let code = repl::run_script_to(interp, "<stdin>", &text, &mut terminal_safe(&stdout), &mut stderr.lock(), color);
    code as u8
}

/// Standard output, with control bytes escaped when it is a terminal (a script cannot send escape sequences).
fn terminal_safe(stdout: &io::Stdout) -> Box<dyn Write + '_> {
    if stdout.is_terminal() {
        Box::new(repl::safe::TerminalSafe::new(stdout.lock()))
    } else {
        Box::new(stdout.lock())
    }
}

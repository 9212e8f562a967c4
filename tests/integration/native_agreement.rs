//! The native fast paths agree with the stdlib's rules.
//!
//! Domineering, Clobber, Cram, Toads and Frogs and Hackenbush each have a native solver behind their ruleset's `Shortcut`
//! hook (`stdlib/*.cgs`, `src/ruleset/shortcut.rs`). For every board up to a size, the value through the
//! shortcut (`CanonicalForm`) must equal the value computed from `Options` alone (`CanonicalFormByRules`, a twin
//! of the ruleset with the hook off): all Domineering and Cram boards up to 3×3 and 2×4, all Clobber strips up to
//! length 6 and grids 2×3, all Toads-and-Frogs strips up to length 6, and pseudo-random Hackenbush graphs of up
//! to 7 edges (trees, cycles, loops and parallel edges, all three colours).

use cgs::interp::with_big_stack;
use cgs::repl::script::run_script;

/// Every string of length `n` over `alphabet`.
fn words(alphabet: &[char], n: usize) -> Vec<String> {
    let mut out = vec![String::new()];
    for _ in 0..n {
        out = out.iter().flat_map(|w| alphabet.iter().map(move |c| format!("{w}{c}"))).collect();
    }
    out
}

/// Every board with `rows` rows of `cols` cells over `alphabet`, as board strings `"..|.."`.
fn boards(alphabet: &[char], rows: usize, cols: usize) -> Vec<String> {
    words(alphabet, rows * cols)
        .into_iter()
        .map(|w| {
            let chars: Vec<char> = w.chars().collect();
            chars.chunks(cols).map(|r| r.iter().collect::<String>()).collect::<Vec<_>>().join("|")
        })
        .collect()
}

/// Runs a script that prints the states whose two values differ, and checks it prints `[]`.
fn agree(ruleset: &str, member: &str, states: Vec<String>) {
    agree_exprs(ruleset, member, states.iter().map(|s| format!("\"{s}\"")).collect());
}

/// As [`agree`], the states written as cgs expressions.
fn agree_exprs(ruleset: &str, member: &str, states: Vec<String>) {
    let list = states.join(", ");
    let script = format!(
        "states := [{list}];\n\
         [s for s in states where {ruleset}(s).{member} != {ruleset}(s).CanonicalFormByRules{suffix}]\n\
         states.Length\n",
        suffix = if member == "NimValue" { ".NimValue" } else { "" },
    );
    let count = states.len();
    let (out, err, code) = with_big_stack(move || {
        let mut interp = cgs::new_interpreter();
        run_script(&mut interp, "native_agreement.cgs", &script)
    });
    assert_eq!(code, 0, "{ruleset}: the script failed:\n{err}");
    assert_eq!(out, format!("[]\n{count}\n"), "{ruleset}: native and rules disagree on these states");
}

fn all_boards(alphabet: &[char], shapes: &[(usize, usize)]) -> Vec<String> {
    shapes.iter().flat_map(|&(r, c)| boards(alphabet, r, c)).collect()
}

const SMALL_SHAPES: &[(usize, usize)] =
    &[(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3), (2, 4), (1, 4), (4, 1), (4, 2)];

#[test]
fn domineering_native_agrees_with_rules() {
    agree("Domineering", "CanonicalForm", all_boards(&['.', '#'], SMALL_SHAPES));
}

#[test]
fn cram_native_agrees_with_rules() {
    agree("Cram", "NimValue", all_boards(&['.', '#'], SMALL_SHAPES));
}

#[test]
fn clobber_native_agrees_with_rules() {
    let mut states: Vec<String> = (1..=6).flat_map(|n| words(&['x', 'o', '.'], n)).collect();
    states.extend(all_boards(&['x', 'o', '.'], &[(2, 2), (2, 3), (3, 2)]));
    agree("Clobber", "CanonicalForm", states);
}

#[test]
fn toads_native_agrees_with_rules() {
    let states: Vec<String> = (1..=6).flat_map(|n| words(&['t', 'f', '.'], n)).collect();
    agree("ToadsAndFrogs", "CanonicalForm", states);
}

/// `count` pseudo-random Hackenbush edge lists of 1 to 7 edges (xorshift, fixed seed): each edge leaves a vertex
/// already reached (0 the ground) for a new vertex or, one time in three, for a vertex already reached, which
/// closes a cycle, makes a loop or doubles an edge.
fn hackenbush_graphs(count: usize) -> Vec<String> {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |k: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % k
    };
    (0..count)
        .map(|i| {
            let mut vertices = 1;
            let edges: Vec<String> = (0..1 + i % 7)
                .map(|_| {
                    let u = next(vertices);
                    let w = if next(3) == 0 { next(vertices) } else { vertices };
                    vertices = vertices.max(w + 1);
                    format!("({u}, {w}, \"{}\")", ["l", "r", "e"][next(3) as usize])
                })
                .collect();
            format!("[{}]", edges.join(", "))
        })
        .collect()
}

#[test]
fn hackenbush_native_agrees_with_rules() {
    agree_exprs("Hackenbush", "CanonicalForm", hackenbush_graphs(420));
}

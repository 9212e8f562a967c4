//! Misère literals through the whole front end: printing then reading gives the same game.

use crate::game::misere::{MisereGames, MisereId};
use crate::syntax::parse::parse_cells;
use proptest::prelude::*;

fn run(src: &str) -> String {
    run_in(crate::core_interpreter(), src)
}

/// `src` with the standard library loaded (`Spawning` is a stdlib ruleset).
fn run_std(src: &str) -> String {
    run_in(crate::new_interpreter(), src)
}

fn run_in(mut interp: crate::interp::Interpreter, src: &str) -> String {
    let file = interp.sources().add("<test>", src);
    let mut out = Vec::new();
    for cell in parse_cells(src, file) {
        if let Some(e) = cell.errors.first() {
            return format!("syntax error: {}", e.message());
        }
        if let Err(e) = interp.eval_cell(&cell.block, &mut out) {
            return format!("error: {}", e.message());
        }
    }
    String::from_utf8(out).unwrap().trim().to_string()
}

thread_local! {
    /// The games the properties build, printed, then read back by a workspace (which has its own arena).
    static GAMES: std::cell::RefCell<MisereGames> = std::cell::RefCell::new(MisereGames::new());
}

fn arena<R>(f: impl FnOnce(&mut MisereGames) -> R) -> R {
    GAMES.with(|a| f(&mut a.borrow_mut()))
}

/// CGSuite's list input for `g` (unambiguous): a heap size, or the list of the options' inputs.
fn spec(g: MisereId) -> String {
    let (heap, opts) = arena(|a| {
        let b = a.birthday(g) as usize;
        (if a.nim(b) == g { Some(b) } else { None }, a.sorted_options(g))
    });
    match heap {
        Some(n) => n.to_string(),
        None => format!("[{}]", opts.into_iter().map(spec).collect::<Vec<_>>().join(",")),
    }
}

/// Steps that build a game from a pool that starts with 0, *, *2, *3: each step adds to the pool either the
/// game whose options are some pool members, or the sum of two of them; the last pool member is the game.
fn steps() -> impl Strategy<Value = Vec<(bool, Vec<usize>)>> {
    prop::collection::vec((any::<bool>(), prop::collection::vec(0usize..64, 1..5)), 1..10)
}

fn build(steps: &[(bool, Vec<usize>)]) -> MisereId {
    arena(|a| {
        let mut pool: Vec<MisereId> = (0..4).map(|n| a.nim(n)).collect();
        for (sum, picks) in steps {
            let chosen: Vec<MisereId> = picks.iter().map(|i| pool[i % pool.len()]).collect();
            let g = if *sum && chosen.len() >= 2 { a.add(chosen[0], chosen[1]) } else { a.game(&chosen) };
            pool.push(g);
        }
        pool[pool.len() - 1]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// print → parse → equal, for random games built from options and sums (which print with subscripts).
    #[test]
    fn printed_forms_read_back(st in steps()) {
        let g = build(&st);
        let printed = arena(|ar| ar.display(g));
        let content = &printed[2..printed.len() - 1];
        let input = format!("[{}]", spec(g));
        // `Misere("…")` always reads the notation
        prop_assert_eq!(run(&format!("Misere(\"{content}\") == *{input}")), "true", "{}", printed);
        // the literal itself, unless CGSuite reads its content as an integer (`*[42]` is *42)
        if !content.bytes().all(|c| c.is_ascii_digit()) || content.len() == 1 {
            prop_assert_eq!(run(&format!("{printed} == *{input}")), "true", "{}", printed);
            prop_assert_eq!(run(&printed), printed.clone());
        }
    }
}

#[test]
fn digit_runs_are_cgsuite_integers() {
    // CGSuite 2.2: `*[42]` is *[&42;] (the heap *42), `*[4,2]` is *[42] (the game {*4, *2}).
    assert_eq!(run("*[42]"), "*[&42;]");
    assert_eq!(run("*[4,2]"), "*[42]");
    assert_eq!(run("Misere(\"42\") == *[4,2]"), "true");
}

/// `:clear` frees the workspace's misère arena (issue 32 item 4): after it, nothing holds the old arena, not
/// even the `Kayles` ruleset of the native globals that cached its heaps' misère forms there; the games asked
/// again are built in the fresh arena and print as before.
#[test]
fn clear_frees_the_misere_arena() {
    use super::MisereArena;
    let mut interp = crate::core_interpreter();
    let src = "g := Kayles(12).MisereCanonicalForm; h := Misere(\"2#0\") + *[2]; [g, h, (Kayles(2) + Kayles(3)).Genus]";
    let eval = |interp: &mut crate::interp::Interpreter| {
        let file = interp.sources().add("<test>", src);
        let mut out = Vec::new();
        for cell in parse_cells(src, file) {
            interp.eval_cell(&cell.block, &mut out).expect("the cell runs");
        }
        String::from_utf8(out).unwrap()
    };
    let before = eval(&mut interp);
    let arena = interp.globals_mut().extensions.find::<MisereArena>().expect("the arena was created").0.clone();
    let size = arena.size();
    // Kayles(12) in misère play: its heaps' forms and their sums fill the arena well past the 1 game it starts with.
    assert!(size > 20, "{size}");
    let old = arena.downgrade();
    drop(arena);
    interp.clear();
    assert!(old.upgrade().is_none(), "the old arena is still held after :clear");
    let fresh = interp.globals_mut().extensions.find::<MisereArena>().expect("a fresh arena").0.size();
    assert_eq!(fresh, 1, "a fresh arena holds only 0");
    // The same input gives the same output from the fresh arena.
    assert_eq!(eval(&mut interp), before);
}

/// `Spawning(code).NimValueSequence(n)` (the native `_SpawningNimValues`) and `HeapNimValue` against the general
/// path: each heap a ruleset position whose nim value comes through the memo of its options, sums of heaps.
#[test]
fn spawning_nim_values_match_the_positions() {
    let cases = [
        ("1-3", 60),
        ("1-2", 60),
        ("2", 60),
        ("3", 60),
        ("0-2", 40),
        ("1+C", 60),
        ("1-3C(5)", 60),
        ("3C(5)", 60),
        ("2-3E", 60),
        ("1,3S", 40),
        ("2-4S", 40),
        ("1-3F", 40),
        ("1-4", 30),
        ("1+S", 20),
    ];
    for (code, n) in cases {
        let general = run_std(&format!("R := Spawning(\"{code}\");\n[R(k).NimValue for k from 1 to {n}]"));
        assert!(general.starts_with("[") && general.matches(',').count() == n - 1, "{code}: {general}");
        // A shorter sequence first, so that the longer one extends the remembered values.
        let native = run_std(&format!(
            "R := Spawning(\"{code}\");\nshort := R.NimValueSequence({});\nall := R.NimValueSequence({n});\n\
             if all.Take({}) != short then error(\"prefix\") end;\nall",
            n / 2,
            n / 2
        ));
        assert_eq!(native, general, "{code}");
        let one_by_one = run_std(&format!("R := Spawning(\"{code}\");\n[R.HeapNimValue(k) for k from 1 to {n}]"));
        assert_eq!(one_by_one, general, "{code}");
    }
}

/// Mock Turtles ("1-3"): the nim value of heap n is the n-th odious number (an odd count of 1 bits; Winning Ways
/// ch. 14, OEIS A000069: 1, 2, 4, 7, 8, 11, 13, 14, …); Ruler ("1+C"): the largest power of 2 dividing n.
#[test]
fn spawning_nim_values_are_winning_ways_sequences() {
    let odious: Vec<String> = (1u32..).filter(|k| k.count_ones() % 2 == 1).take(60).map(|k| k.to_string()).collect();
    assert_eq!(run_std("Spawning(\"1-3\").NimValueSequence(60)"), format!("[{}]", odious.join(",")));
    let ruler: Vec<String> = (1u32..=60).map(|k| (1u32 << k.trailing_zeros()).to_string()).collect();
    assert_eq!(run_std("Spawning(\"1+C\").NimValueSequence(60)"), format!("[{}]", ruler.join(",")));
    // Heap 0 and the sequence up to nothing, as the general path answers.
    assert_eq!(run_std("[Spawning(\"1-3\").HeapNimValue(0), Spawning(\"1-3\").NimValueSequence(0)]"), "[0,[]]");
}

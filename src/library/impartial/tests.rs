//! Misère literals through the whole front end: printing then reading gives the same game.

use super::arena;
use crate::game::misere::MisereId;
use crate::syntax::parse::parse_cells;
use proptest::prelude::*;

fn run(src: &str) -> String {
    let mut interp = crate::core_interpreter();
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

//! The shared printed form of large canonical games (issue 20, item 4; `src/game/short/print_shared.rs`): it
//! reads back as the same game, and its length is proportional to the number of distinct sub-forms.
//!
//! Independent cross-checks: the printed block is evaluated by the interpreter and the resulting canonical form
//! must be the very game printed (the same hash-consed id); sizes are compared with the DAG's node count.

use cgs::game::{GameId, Games};
use cgs::interp::{with_big_stack, Interpreter, Value};
use cgs::repl::script::run_script;

/// Runs `text` in `interp`; panics with its errors if it fails.
fn run(interp: &mut Interpreter, text: &str) {
    let (_, err, code) = run_script(interp, "print_shared.cgs", text);
    assert_eq!(code, 0, "`{}` failed:\n{err}", &text[..text.len().min(2000)]);
}

/// The canonical game the variable `name` holds (numbers converted).
fn game_of(interp: &mut Interpreter, name: &str) -> GameId {
    match interp.variable(name).cloned() {
        Some(Value::Game(g)) => g,
        Some(Value::Integer(n)) => {
            let k = n.as_i64().expect("a small integer");
            interp.games().integer(k)
        }
        other => panic!("`{name}` is not a game: {other:?}"),
    }
}

/// Evaluates `text` as `y := (text)` and checks that it is `g`.
fn reads_back(interp: &mut Interpreter, g: GameId, text: &str) {
    run(interp, &format!("y := {text}\n;"));
    let h = game_of(interp, "y");
    if g != h {
        let (a, b) = (interp.games().display(g), interp.games().display(h));
        panic!("the shared form\n{text}\nreads back as {b}, not {a}");
    }
}

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Random canonical games: options drawn from a growing pool (numbers, nimbers, ups, `1+*2`, earlier games),
/// and sums of recent games with small ones, so that sub-forms repeat.
fn random_games(games: &mut Games, seed: u64, count: usize) -> Vec<GameId> {
    let mut rng = Rng(seed);
    let mut pool: Vec<GameId> = vec![games.zero(), games.star(), games.integer(1), games.integer(-1), games.up()];
    let half = games.number(cgs::game::Dyadic::new(1, 1));
    let star2 = games.nimber(2);
    let one_star2 = games.add(pool[2], star2);
    pool.extend([half, star2, one_star2]);
    let mut out = Vec::new();
    while out.len() < count {
        let g = if rng.below(3) == 0 && pool.len() > 10 {
            // (a sum with one of the first eight games: sums of two random games grow too fast)
            let (a, b) = (pool[pool.len() - 1 - rng.below(8)], pool[rng.below(8)]);
            games.add(a, b)
        } else {
            let side = |rng: &mut Rng| -> Vec<GameId> {
                (0..1 + rng.below(3)).map(|_| pool[pool.len() - 1 - rng.below(pool.len().min(12))]).collect()
            };
            let (l, r) = (side(&mut rng), side(&mut rng));
            games.new_game(&l, &r)
        };
        pool.push(g);
        out.push(g);
    }
    out
}

#[test]
fn shared_forms_of_random_games_read_back() {
    with_big_stack(|| {
        let mut interp = cgs::new_interpreter();
        let mut shared = 0;
        for seed in [1u64, 7, 2026] {
            let mut gs = random_games(interp.games(), seed, 150);
            // Each game also in ordinal sums with nimbers, whose sub-forms repeat (G : *3 holds G : *1 and
            // G : *2 on both sides, and G : *2 holds G : *1 on both sides), and as an option of a game made of
            // it: <g, <g|0> | g, <0|g>>.
            let games = interp.games();
            let zero = games.zero();
            let mut rng = Rng(seed);
            for i in 0..gs.len() {
                let g = gs[i];
                let n = games.nimber(2 + rng.below(3) as u64);
                gs.push(games.ordinal_sum(g, n));
                let (gl, gr) = (games.new_game(&[g], &[zero]), games.new_game(&[zero], &[g]));
                gs.push(games.new_game(&[g, gl], &[g, gr]));
            }
            for g in gs {
                // The shared form whatever the size (named sub-forms even in small games).
                if let Some(text) = interp.games().display_shared(g) {
                    assert!(text.starts_with("begin\n") && text.ends_with("\nend"), "{text}");
                    reads_back(&mut interp, g, &text);
                    shared += 1;
                }
            }
        }
        eprintln!("{shared} random games had a shared form");
        assert!(shared > 250, "only {shared} random games had a shared form");
    });
}

#[test]
fn large_forms_print_shared_in_size_proportional_to_the_dag() {
    with_big_stack(|| {
        let mut interp = cgs::new_interpreter();
        let cases = [
            "Clobber(\"xoxoxoxoxoxoxoxoxoxoxo\").CanonicalForm",
            "Clobber(\"xoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxo\").CanonicalForm",
            "(*9).Overheat(1,2)",
            "<1|0> : *12",
        ];
        for source in cases {
            run(&mut interp, &format!("x := {source};"));
            let g = game_of(&mut interp, "x");
            let games = interp.games();
            let full = games.full_text_len(g);
            let nodes = games.print_dag_size(g) as u64;
            // What values print (the print limit plays no part here: `display_value` is unlimited).
            let text = games.display_value(g);
            assert!(full > cgs::game::short::print_shared::SHARE_ABOVE, "{source}: full text only {full}");
            assert!(text.starts_with("begin\n"), "{source} does not print shared: {}", &text[..200.min(text.len())]);
            // At most a small multiple of the distinct sub-forms: each is written once, its options as names.
            let len = text.len() as u64;
            assert!(len <= 64 * nodes, "{source}: {len} characters for {nodes} sub-forms");
            assert!(len * 2 <= full, "{source}: {len} characters, full text {full}");
            eprintln!("{source}: full {full}, shared {len}, {nodes} sub-forms");
            reads_back(&mut interp, g, &text);
        }
    });
}

#[test]
fn small_forms_print_as_cgsuite_does() {
    with_big_stack(|| {
        let mut interp = cgs::new_interpreter();
        // Domineering 3×3's form is small: the value prints in full, exactly as `display` (CGSuite's text).
        for source in ["Domineering(\"...|...|...\").CanonicalForm", "Clobber(\"xoxoxoxo\").CanonicalForm", "<2||1|0>"]
        {
            run(&mut interp, &format!("x := {source};"));
            let g = game_of(&mut interp, "x");
            let games = interp.games();
            assert!(games.full_text_len(g) <= cgs::game::short::print_shared::SHARE_ABOVE);
            assert_eq!(games.display_value(g), games.display(g), "{source}");
        }
    });
}

//! The outcome solver for sums (`src/ruleset/outcome.rs`) agrees with the outcome class of the canonical form.
//!
//! Pseudo-random sums (xorshift, fixed seeds) of two to five small Clobber, Domineering and Toads-and-Frogs
//! positions, some negated, some with a game constant, some in the rules-only twin (`ByRules`): the outcome class
//! of each sum, asked first, must equal `CanonicalForm.OutcomeClass`, which adds the parts' canonical forms and
//! never searches. Every sum is checked with the bound of cheap components at 0 (every component searched by its
//! rules), 6 (a mix) and the default (small components replaced by canonical forms at once).

use cgs::interp::with_big_stack;
use cgs::repl::script::run_script;
use cgs::ruleset::outcome::{set_cheap_options, CHEAP_OPTIONS};

struct Rng(u64);

impl Rng {
    fn below(&mut self, k: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % k
    }

    fn word(&mut self, alphabet: &[char], len: usize) -> String {
        (0..len).map(|_| alphabet[self.below(alphabet.len() as u64) as usize]).collect()
    }

    fn board(&mut self, alphabet: &[char], rows: usize, cols: usize) -> String {
        (0..rows).map(|_| self.word(alphabet, cols)).collect::<Vec<_>>().join("|")
    }

    /// One small position, as a cgs expression.
    fn part(&mut self) -> String {
        let kind = self.below(6);
        let k = self.below(6) as usize;
        let p = match kind {
            0 => format!("Clobber(\"{}\")", self.word(&['x', 'o', 'x', 'o', '.'], 2 + k)),
            1 => format!("Clobber(\"{}\")", self.board(&['x', 'o', '.'], 2, 2 + k % 2)),
            2 => {
                let (r, c) = [(2, 3), (3, 3), (2, 4), (1, 5), (3, 2)][k % 5];
                format!("Domineering(\"{}\")", self.board(&['.', '.', '.', '#'], r, c))
            }
            3 => format!("ToadsAndFrogs(\"{}\")", self.word(&['t', 'f', '.', '.'], 3 + k % 4)),
            4 => format!("ByRules(Clobber(\"{}\"))", self.word(&['x', 'o', '.'], 3 + k % 3)),
            _ => format!("ByRules(Domineering(\"{}\"))", self.board(&['.', '.', '#'], 2, 2 + k % 2)),
        };
        if self.below(4) == 0 {
            format!("(-{p})")
        } else {
            p
        }
    }

    /// A sum of two to five parts, sometimes with a game constant.
    fn sum(&mut self) -> String {
        let n = 2 + self.below(4) as usize;
        let mut parts: Vec<String> = (0..n).map(|_| self.part()).collect();
        if self.below(4) == 0 {
            let k = self.below(9) as usize;
            parts.push(["<1|*>", "1/2", "^", "*2", "-1", "<0|-1>", "<1|-1>", "<2|<1|0>>", "^*"][k].to_string());
        }
        parts.join(" + ")
    }
}

fn check(seed: u64, count: usize, cheap: usize) {
    let mut rng = Rng(seed);
    let sums: Vec<String> = (0..count).map(|_| rng.sum()).collect();
    let script = format!(
        "sums := [{}];\n\
         outs := [s.OutcomeClass for s in sums];\n\
         [sums[i] for i from 1 to sums.Length where outs[i] != sums[i].CanonicalForm.OutcomeClass]\n\
         [[o for o in outs where o == P].Length, [o for o in outs where o == N].Length,\n\
         [o for o in outs where o == L].Length, [o for o in outs where o == R].Length]\n",
        sums.join(",\n")
    );
    let (out, err, code) = with_big_stack(move || {
        set_cheap_options(cheap);
        let mut interp = cgs::new_interpreter();
        let r = run_script(&mut interp, "outcome_solver.cgs", &script);
        set_cheap_options(CHEAP_OPTIONS);
        r
    });
    assert_eq!(code, 0, "the script failed:\n{err}");
    let (mismatches, counts) = out.split_once('\n').unwrap_or_default();
    assert_eq!(mismatches, "[]", "the solver and the canonical forms disagree (bound {cheap})");
    // Every outcome class occurs, so the check cannot pass by one class alone.
    let counts: Vec<usize> =
        counts.trim().trim_matches(['[', ']']).split(',').map(|n| n.parse().unwrap_or(0)).collect();
    assert!(counts.len() == 4 && counts.iter().all(|&n| n > 0), "outcome classes {counts:?} (bound {cheap})");
}

#[test]
fn outcome_solver_agrees_with_canonical_forms() {
    for (i, cheap) in [0, 6, CHEAP_OPTIONS].into_iter().enumerate() {
        check(0x9e37_79b9_7f4a_7c15 ^ i as u64, 150, cheap);
    }
}

//! Printed loopy values parse back to equal values (issue 14, item 3; LOOPY.md §1.2): every value built from
//! a list of stoppers, sided values and short games by sums, differences, negation, `+-` and two-option
//! literals is printed, the printed text is evaluated again in the same session, and `==` must hold.

use cgs::interp::with_big_stack;
use cgs::repl::script::run_script;

const BASES: &[&str] = &[
    "on",
    "off",
    "over",
    "under",
    "upon",
    "dud",
    "<pass|3/2>",
    "<5|pass>",
    "<-1/4 + *|pass>",
    "^.Pow(on)",
    "<0||0|0,pass>",
    "<0|<dud|>,*>",
    "a<<|a>|>",
    "<on|0||0>",
    "<0||0|under>",
    "x<0||||0|||x|*||*>",
    "a<0|<0||||0,*2|||a|0||0>||0>",
    "a<0,<1|1,<*,<1+*|1+*,a>|*>>|0>",
    "1",
    "*",
    "^",
    "-1/2",
    "<1|*>",
];

/// Whether a printed form has a number written straight before a nimber (`1*2`, cgs's and CGSuite's `1 + *2`):
/// that text is a product as input (docs/LANGUAGE.md §8), so such values cannot round-trip.
fn has_number_star_n(s: &str) -> bool {
    let b = s.as_bytes();
    (1..b.len().saturating_sub(1)).any(|i| {
        if b[i] != b'*' || !b[i + 1].is_ascii_digit() || !b[i - 1].is_ascii_digit() {
            return false;
        }
        let mut k = i - 1;
        while k > 0 && (b[k - 1].is_ascii_digit() || b[k - 1] == b'/') {
            k -= 1;
        }
        k == 0 || !matches!(b[k - 1], b'v' | b'^')
    })
}

/// Evaluates `text` and returns the last printed line, or `None` if it failed.
fn eval(interp: &mut cgs::interp::Interpreter, text: &str) -> Option<String> {
    let (out, err, code) = run_script(interp, "roundtrip.cgs", text);
    if std::env::var("ROUNDTRIP_DEBUG").is_ok() {
        eprintln!("{text} -> {code} {out:?} {err}");
    }
    (code == 0).then(|| out.lines().last().unwrap_or_default().to_string())
}

#[test]
fn printed_loopy_values_parse_back() {
    with_big_stack(|| {
        let mut interp = cgs::new_interpreter();
        let mut exprs: Vec<String> = Vec::new();
        for (i, a) in BASES.iter().enumerate() {
            exprs.push(a.to_string());
            exprs.push(format!("-({a})"));
            exprs.push(format!("+-({a})"));
            for (j, b) in BASES.iter().enumerate() {
                // Sums of two carousels are large; one of each kind is enough.
                let heavy = |s: &str| s.starts_with("a<0,<1");
                if heavy(a) && heavy(b) {
                    continue;
                }
                if (i + j) % 2 == 0 {
                    exprs.push(format!("({a}) + ({b})"));
                } else {
                    exprs.push(format!("({a}) - ({b})"));
                }
                if (i * 7 + j) % 5 == 0 {
                    exprs.push(format!("<{a}|{b}>"));
                }
            }
        }
        let (mut checked, mut loopy, mut skipped) = (0, 0, 0);
        for e in &exprs {
            let Some(printed) = eval(&mut interp, &format!("x := {e};")).and_then(|_| eval(&mut interp, "x")) else {
                continue;
            };
            if has_number_star_n(&printed) {
                skipped += 1;
                continue;
            }
            let same = eval(&mut interp, &format!("x == ({printed})"));
            assert_eq!(same.as_deref(), Some("true"), "{e} printed as {printed} does not parse back to an equal value");
            checked += 1;
            if eval(&mut interp, "x is Game and not x.IsLoopfree or x is SidedValue").as_deref() == Some("true") {
                loopy += 1;
            }
        }
        assert!(checked > 500 && loopy > 300, "only {checked} values checked, {loopy} loopy");
        assert!(skipped * 20 < checked, "{skipped} of {checked} printed forms have `n*m`");
    });
}

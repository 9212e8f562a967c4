//! Tests of sumbers: Kao's Examples 1–8, the up-star equality, printing, and cross-checks against the engine
//! (random sumbers, every game born by day 3, the outcome rule).

use super::*;
use std::collections::HashMap;

/// `star·* + Σ c·↑(num/2^exp)`.
fn sm(star: bool, terms: &[(i64, u32, i64)]) -> Sumber {
    let mut s = if star { Sumber::star() } else { Sumber::zero() };
    for &(n, e, c) in terms {
        s.add_term(Dyadic::new(n, e), c);
    }
    s
}

fn q(n: i64, e: u32) -> Dyadic {
    Dyadic::new(n, e)
}

/// S = 4·↑(1) − 2·↑(2) + ↑(3) + ↑(5) − ↑(6) of Examples 1–3.
fn example_s() -> Sumber {
    sm(false, &[(1, 0, 4), (2, 0, -2), (3, 0, 1), (5, 0, 1), (6, 0, -1)])
}

fn span(lefts: &[Sumber], rights: &[Sumber]) -> Option<Span> {
    let c = Sumber::least_net_right(rights)?;
    Sumber::critical_span(lefts, rights, c)
}

// ---------------------------------------------------------------------------------------------------------
// Symbolic: dyadics, Theorem 1, cuts, critical sections, the simplification rule, printing.
// ---------------------------------------------------------------------------------------------------------

#[test]
fn dyadic_helpers() {
    assert_eq!(q(4, 3), q(1, 1));
    assert_eq!(q(1, 1) + q(1, 1), Dyadic::ONE);
    assert_eq!(number_options(q(3, 1)), (Some(Dyadic::from_int(1)), Some(Dyadic::from_int(2))));
    assert_eq!(number_options(Dyadic::from_int(3)), (Some(Dyadic::from_int(2)), None));
    assert_eq!(number_options(Dyadic::from_int(-2)), (None, Some(Dyadic::from_int(-1))));
    assert_eq!(q(1, 1).birthday(), 2);
    assert_eq!(q(3, 2).birthday(), 3);
    assert_eq!(q(3, 1).birthday(), 3);
    let s = |lo, lc, hi, hc| Span { lo, lo_closed: lc, hi, hi_closed: hc };
    assert_eq!(s(Dyadic::ZERO, true, None, false).simplest(), Dyadic::ZERO);
    assert_eq!(s(Dyadic::ZERO, false, None, false).simplest(), Dyadic::from_int(1));
    assert_eq!(s(Dyadic::from_int(1), false, Some(Dyadic::from_int(2)), false).simplest(), q(3, 1));
    assert_eq!(s(q(1, 1), true, None, false).simplest(), Dyadic::from_int(1));
    assert_eq!(s(q(1, 1), true, Some(Dyadic::from_int(1)), false).simplest(), q(1, 1));
    assert_eq!(s(q(1, 2), false, Some(q(1, 1)), false).simplest(), q(3, 3));
    assert_eq!(s(q(5, 3), true, Some(q(5, 3)), true).simplest(), q(5, 3));
    assert_eq!(s(Dyadic::from_int(2), false, Some(Dyadic::from_int(3)), true).simplest(), Dyadic::from_int(3));
}

#[test]
fn theorem_1_outcomes() {
    use Outcome::*;
    let cases: &[(Sumber, Outcome)] = &[
        (Sumber::zero(), P),
        (Sumber::star(), N),
        (sm(false, &[(1, 0, 1)]), L),                        // ↑
        (sm(true, &[(1, 0, 1)]), N),                         // ↑*
        (sm(true, &[(1, 0, 2)]), L),                         // ⇑*
        (sm(true, &[(1, 0, -2)]), R),                        // ⇓*
        (sm(false, &[(1, 0, -1), (2, 0, 1)]), L),            // ↑(2) − ↑(1)
        (sm(false, &[(1, 0, 1), (2, 0, -1)]), R),            // ↑(1) − ↑(2)
        (sm(true, &[(1, 0, 1), (2, 0, -1)]), N),             // * + ↑(1) − ↑(2)
        (sm(true, &[(1, 0, -1), (2, 0, 2)]), L),             // * − ↑(1) + 2↑(2)
        (sm(false, &[(1, 1, 1)]), L),                        // ↑(1/2)
        (sm(true, &[(1, 0, 2), (2, 0, -1), (3, 0, -1)]), N), // Proposition 3-like
    ];
    for (s, o) in cases {
        assert_eq!(s.outcome(), *o, "{s}");
        assert_eq!(
            (-s).outcome(),
            match o {
                L => R,
                R => L,
                x => *x,
            }
        );
    }
    // Proposition 1: ↑(d2) > ↑(d1) for d2 > d1; Proposition 2: 2↑(d2) − ↑(d1) + * > 0.
    let ds = [q(1, 2), q(1, 1), Dyadic::from_int(1), q(3, 1), Dyadic::from_int(2), Dyadic::from_int(5)];
    for &a in &ds {
        for &b in &ds {
            if a < b {
                assert_eq!(Sumber::up(b).compare(&Sumber::up(a)), Cmp::Greater);
                let p2 = &(&Sumber::up(b).times(2) - &Sumber::up(a)) + &Sumber::star();
                assert_eq!(p2.outcome(), L);
            }
        }
    }
}

#[test]
fn example_1_cuts() {
    let s = example_s();
    assert_eq!(s.net_weight(), 3);
    let sec = |m: i64| s.section_at(Dyadic::from_int(m));
    assert_eq!(sec(0), s);
    assert_eq!(sec(0).outcome(), Outcome::L);
    assert_eq!(sec(1), sm(false, &[(1, 0, 1), (2, 0, -2), (3, 0, 1), (5, 0, 1), (6, 0, -1)]));
    assert_eq!(sec(1).outcome(), Outcome::R);
    assert_eq!(sec(2), sm(false, &[(2, 0, -1), (3, 0, 1), (5, 0, 1), (6, 0, -1)]));
    assert_eq!(sec(2).outcome(), Outcome::L);
    assert_eq!(sec(3), sm(false, &[(5, 0, 1), (6, 0, -1)]));
    assert_eq!(sec(3).outcome(), Outcome::R);
    assert_eq!(sec(5), sm(false, &[(5, 0, 1), (6, 0, -1)]));
    assert_eq!(sec(5).outcome(), Outcome::R);
    assert_eq!(sec(6), Sumber::zero());
    let cuts: Vec<Dyadic> = s.cut_candidates().filter(|&m| s.section_at(m).leq_zero()).collect();
    assert_eq!(cuts, vec![Dyadic::from_int(1), Dyadic::from_int(3), Dyadic::from_int(5), Dyadic::from_int(6)]);
}

#[test]
fn example_2_sections() {
    let s = example_s();
    assert_eq!(s.min_cut(), Dyadic::from_int(1));
    assert_eq!(s.upper_section(), sm(false, &[(1, 0, 1), (2, 0, -2), (3, 0, 1), (5, 0, 1), (6, 0, -1)]));
    assert_eq!(s.lower_section(), sm(false, &[(1, 0, 3)]));
    // The star goes to the lower section (Example 6), and m = 0 when the star-free part is ≤ 0.
    let b = sm(true, &[(2, 0, 2), (3, 0, -2)]);
    assert_eq!(b.min_cut(), Dyadic::ZERO);
    assert_eq!(b.lower_section(), Sumber::star());
    assert_eq!(b.upper_section(), sm(false, &[(2, 0, 2), (3, 0, -2)]));
}

#[test]
fn example_3_critical_section_is_1() {
    let x = span(&[Sumber::zero()], &[example_s()]).unwrap();
    assert_eq!(x, Span { lo: Dyadic::from_int(1), lo_closed: true, hi: Some(Dyadic::from_int(1)), hi_closed: true });
}

#[test]
fn example_4_up_star() {
    let (a, b) = (Sumber::zero(), sm(false, &[(1, 0, 1)]));
    let x = span(std::slice::from_ref(&a), std::slice::from_ref(&b)).unwrap();
    assert_eq!(x, Span { lo: Dyadic::from_int(1), lo_closed: true, hi: None, hi_closed: false });
    assert_eq!(x.simplest(), Dyadic::from_int(1));
    assert_eq!(Sumber::simplify(&[a], &[b]), Some(sm(true, &[(1, 0, 2)])));
    for n in 1..=6 {
        let s = Sumber::simplify(&[Sumber::zero()], &[sm(false, &[(n, 0, 1)])]);
        assert_eq!(s, Some(sm(true, &[(n, 0, 2)])), "{{0|↑({n})}}");
    }
}

#[test]
fn example_5_half() {
    let (a, b) = (Sumber::zero(), sm(false, &[(1, 1, 1)]));
    let x = span(std::slice::from_ref(&a), std::slice::from_ref(&b)).unwrap();
    assert_eq!(x, Span { lo: q(1, 1), lo_closed: true, hi: None, hi_closed: false });
    assert_eq!(x.simplest(), Dyadic::from_int(1));
    assert_eq!(Sumber::simplify(&[a], &[b]), Some(sm(true, &[(1, 1, 1), (1, 0, 1)])));
}

#[test]
fn example_6_three_halves() {
    let (a, b) = (sm(false, &[(1, 0, 1)]), sm(true, &[(2, 0, 2), (3, 0, -2)]));
    let x = span(std::slice::from_ref(&a), std::slice::from_ref(&b)).unwrap();
    assert_eq!(x, Span { lo: Dyadic::from_int(1), lo_closed: false, hi: Some(Dyadic::from_int(2)), hi_closed: false });
    assert_eq!(x.simplest(), q(3, 1));
    assert_eq!(Sumber::simplify(&[a], &[b]), Some(sm(false, &[(3, 1, 1)])));
}

#[test]
fn examples_7_and_8_not_sumbers() {
    let (up, star) = (sm(false, &[(1, 0, 1)]), Sumber::star());
    // Example 7: {↑(1) + ↑(1) | *}.
    assert_eq!(span(&[up.times(2)], std::slice::from_ref(&star)), None);
    assert_eq!(Sumber::simplify(&[up.times(2)], std::slice::from_ref(&star)), None);
    // Example 8: {↑(1) | *, ↑(1)}.
    assert_eq!(span(std::slice::from_ref(&up), &[star.clone(), up.clone()]), None);
    assert_eq!(Sumber::simplify(std::slice::from_ref(&up), &[star, up.clone()]), None);
}

#[test]
fn display() {
    assert_eq!(Sumber::zero().to_string(), "0");
    assert_eq!(Sumber::star().to_string(), "*");
    assert_eq!(sm(true, &[(1, 0, 4), (2, 0, -2), (3, 0, 1)]).to_string(), "* + 4*Up(1) - 2*Up(2) + Up(3)");
    assert_eq!(sm(false, &[(1, 0, 1)]).to_string(), "Up(1)");
    assert_eq!(sm(false, &[(1, 0, -1)]).to_string(), "-Up(1)");
    assert_eq!(sm(false, &[(1, 0, -2), (2, 0, 1)]).to_string(), "-2*Up(1) + Up(2)");
    assert_eq!(sm(true, &[(3, 1, -1)]).to_string(), "* - Up(3/2)");
    assert_eq!(sm(true, &[(1, 0, 1), (1, 1, 1)]).to_string(), "* + Up(1/2) + Up(1)");
    assert_eq!(sm(false, &[(3, 2, 3)]).to_string(), "3*Up(3/4)");
}

#[test]
fn arithmetic_and_standard_form() {
    let a = sm(true, &[(1, 0, 1), (2, 0, -1)]);
    let b = sm(true, &[(1, 0, -1), (1, 1, 2)]);
    assert_eq!(&a + &b, sm(false, &[(1, 1, 2), (2, 0, -1)]));
    assert_eq!(&a - &a, Sumber::zero());
    assert_eq!(a.times(3), sm(true, &[(1, 0, 3), (2, 0, -3)]));
    assert_eq!(a.times(-2), sm(false, &[(1, 0, -2), (2, 0, 2)]));
    // ↑(0) = 0 and ↑(-d) = -↑(d).
    assert_eq!(Sumber::up(Dyadic::ZERO), Sumber::zero());
    assert_eq!(Sumber::up(q(-3, 1)), -Sumber::up(q(3, 1)));
}

// ---------------------------------------------------------------------------------------------------------
// Engine: Up(d), the examples as games, cross-checks.
// ---------------------------------------------------------------------------------------------------------

fn up(g: &mut Games, n: i64, e: u32) -> GameId {
    g.up_order(Dyadic::new(n, e))
}

#[test]
fn up_order_basics() {
    let mut g = Games::new();
    let zero = g.zero();
    let star = g.nimber(1);
    let upg = g.uptimal(Dyadic::from_int(0), 1, 0);
    assert_eq!(up(&mut g, 0, 0), zero);
    assert_eq!(up(&mut g, 1, 0), upg);
    let u2 = g.new_game(&[upg, star], &[star]);
    assert_eq!(up(&mut g, 2, 0), u2);
    let half = g.new_game(&[zero, star], &[star, upg]);
    assert_eq!(up(&mut g, 1, 1), half);
    for (n, e) in [(1, 0), (1, 1), (3, 1), (5, 2), (3, 0), (7, 3)] {
        let p = up(&mut g, n, e);
        let m = up(&mut g, -n, e);
        let np = g.neg(p);
        assert_eq!(m, np);
        assert_eq!(g.outcome(p), Outcome::L);
    }
    // Proposition 1: ↑(d) increases with d.
    let ds = [(1, 2), (1, 1), (3, 2), (1, 0), (3, 1), (2, 0), (3, 0)];
    for w in ds.windows(2) {
        let a = up(&mut g, w[0].0, w[0].1);
        let b = up(&mut g, w[1].0, w[1].1);
        assert_eq!(g.cmp(a, b), Cmp::Less);
    }
    // Up(1)..Up(3) are what sumber_value builds.
    let s = Sumber::up(Dyadic::new(3, 1));
    let v = g.sumber_value(&s);
    let u32_ = up(&mut g, 3, 1);
    assert_eq!(v, u32_);
}

#[test]
fn up_star_equality() {
    let mut g = Games::new();
    let zero = g.zero();
    for n in 1..=4 {
        let u = up(&mut g, n, 0);
        let game = g.new_game(&[zero], &[u]);
        let expect = sm(true, &[(n, 0, 2)]);
        let v = g.sumber_value(&expect);
        assert_eq!(game, v, "{{0|↑({n})}} = 2↑({n}) + *");
        assert_eq!(g.sumber_form(game), Some(expect));
    }
}

#[test]
fn examples_4_to_8_as_games() {
    let mut g = Games::new();
    let zero = g.zero();
    let star = g.nimber(1);
    // Example 4.
    let u1 = up(&mut g, 1, 0);
    let e4 = g.new_game(&[zero], &[u1]);
    let f4 = g.sumber_form(e4).unwrap();
    assert_eq!(f4, sm(true, &[(1, 0, 2)]));
    assert_eq!(f4.to_string(), "* + 2*Up(1)");
    // Example 5.
    let uh = up(&mut g, 1, 1);
    let e5 = g.new_game(&[zero], &[uh]);
    let f5 = g.sumber_form(e5).unwrap();
    assert_eq!(f5, sm(true, &[(1, 1, 1), (1, 0, 1)]));
    assert_eq!(f5.to_string(), "* + Up(1/2) + Up(1)");
    // Example 6.
    let b = sm(true, &[(2, 0, 2), (3, 0, -2)]);
    let bg = g.sumber_value(&b);
    let e6 = g.new_game(&[u1], &[bg]);
    let f6 = g.sumber_form(e6).unwrap();
    assert_eq!(f6, sm(false, &[(3, 1, 1)]));
    let u32_ = up(&mut g, 3, 1);
    assert_eq!(e6, u32_);
    // Example 7.
    let uu = g.add(u1, u1);
    let e7 = g.new_game(&[uu], &[star]);
    assert!(!g.is_sumber(e7));
    // Example 8.
    let e8 = g.new_game(&[u1], &[star, u1]);
    assert!(!g.is_sumber(e8));
    // Examples 1–3 as games: S, {0|S}.
    let s = example_s();
    let sg = g.sumber_value(&s);
    assert_eq!(g.sumber_form(sg), Some(s.clone()));
    assert_eq!(g.outcome(sg), s.outcome());
    let e3 = g.new_game(&[zero], &[sg]);
    let f3 = g.sumber_form(e3).unwrap();
    // {0|S} = S_1 + * + ↑(1) = 4↑(1) + *.
    assert_eq!(f3, sm(true, &[(1, 0, 4)]));
}

/// A small deterministic PRNG (xorshift64*).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn random_sumber(rng: &mut Rng, max_terms: u64) -> Sumber {
    const ORDERS: [(i64, u32); 7] = [(1, 2), (1, 1), (3, 2), (1, 0), (3, 1), (2, 0), (3, 0)];
    let mut s = if rng.below(2) == 1 { Sumber::star() } else { Sumber::zero() };
    for _ in 0..rng.below(max_terms + 1) {
        let (n, e) = ORDERS[rng.below(7) as usize];
        let c = rng.below(7) as i64 - 3;
        s.add_term(Dyadic::new(n, e), c);
    }
    s
}

#[test]
fn random_sumbers_round_trip() {
    let mut g = Games::new();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut misses = Vec::new();
    for _ in 0..150 {
        let s = random_sumber(&mut rng, 3);
        let v = g.sumber_value(&s);
        let (form, m) = g.sumber_form_counting(v);
        misses.extend(m);
        assert_eq!(form.as_ref(), Some(&s), "sumber_form of {s}");
        assert_eq!(g.outcome(v), s.outcome(), "outcome of {s}");
        // Comparison is Theorem 1 on differences.
        let t = random_sumber(&mut rng, 2);
        let w = g.sumber_value(&t);
        assert_eq!(g.cmp(v, w), s.compare(&t), "{s} vs {t}");
    }
    report_disagreements("random sumbers", &misses);
}

/// Prints where Kao's rule alone disagrees with the verified answer, and checks that it never claims a wrong
/// value or a sumber where there is none: its only failures are sumbers it does not recognise.
fn report_disagreements(what: &str, d: &[Disagreement]) {
    let show = |v: &[Sumber]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ");
    let mut seen = std::collections::HashSet::new();
    for (l, r, paper, found) in d {
        if seen.insert((l.clone(), r.clone())) {
            eprintln!(
                "{what}: {{{} | {}}}: paper {:?}, verified {:?}",
                show(l),
                show(r),
                paper.as_ref().map(|s| s.to_string()),
                found.as_ref().map(|s| s.to_string())
            );
        }
        assert!(paper.is_none(), "the paper's rule gave a wrong value");
        assert!(found.is_some());
    }
}

/// Every canonical game born by day `n`.
fn born_by(g: &mut Games, n: u32) -> Vec<GameId> {
    let mut day = vec![g.zero()];
    for _ in 0..n {
        // Canonical options form antichains of the previous day's games.
        let k = day.len();
        let mut comparable = vec![vec![false; k]; k];
        for i in 0..k {
            for j in 0..k {
                comparable[i][j] = i == j || g.cmp(day[i], day[j]) != Cmp::Confused;
            }
        }
        let mut antichains: Vec<Vec<GameId>> = Vec::new();
        fn grow(
            start: usize,
            cur: &mut Vec<usize>,
            comparable: &[Vec<bool>],
            day: &[GameId],
            out: &mut Vec<Vec<GameId>>,
        ) {
            out.push(cur.iter().map(|&i| day[i]).collect());
            for i in start..day.len() {
                if cur.iter().all(|&j| !comparable[i][j]) {
                    cur.push(i);
                    grow(i + 1, cur, comparable, day, out);
                    cur.pop();
                }
            }
        }
        grow(0, &mut Vec::new(), &comparable, &day, &mut antichains);
        let mut next: Vec<GameId> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for l in &antichains {
            for r in &antichains {
                let x = g.new_game(l, r);
                if seen.insert(x) {
                    next.push(x);
                }
            }
        }
        day = next;
    }
    day
}

#[test]
fn day_3_cross_check() {
    let mut g = Games::new();
    let all = born_by(&mut g, 3);
    assert_eq!(all.len(), 1474);
    let mut found = Vec::new();
    let mut misses = Vec::new();
    for &x in &all {
        let (form, m) = g.sumber_form_counting(x);
        misses.extend(m);
        if let Some(s) = form {
            assert_eq!(g.sumber_value(&s), x, "{s}");
            assert_eq!(g.outcome(x), s.outcome(), "{s}");
            found.push(s);
        }
    }
    report_disagreements("day 3", &misses);
    // Completeness on this range: every sumber with small orders whose value is born by day 3 is found.
    let found_set: std::collections::HashSet<Sumber> = found.iter().cloned().collect();
    let all_set: std::collections::HashSet<GameId> = all.iter().copied().collect();
    let orders = [(1, 2), (1, 1), (3, 2), (1, 0), (3, 1), (2, 0), (3, 0)];
    let mut rng = Rng(12345);
    for _ in 0..400 {
        let mut s = if rng.below(2) == 1 { Sumber::star() } else { Sumber::zero() };
        for _ in 0..rng.below(3) {
            let (n, e) = orders[rng.below(7) as usize];
            s.add_term(Dyadic::new(n, e), rng.below(5) as i64 - 2);
        }
        let v = g.sumber_value(&s);
        if all_set.contains(&v) {
            assert!(found_set.contains(&s), "{s} is born by day 3 but was not recognised");
        }
    }
    found.sort_by_key(|s| (s.terms.len(), s.to_string()));
    let names: Vec<String> = found.iter().map(|s| s.to_string()).collect();
    eprintln!("day 3 sumbers: {}", names.join("; "));
    eprintln!("day 3: {} of {} canonical games are sumbers", found.len(), all.len());
}

/// The Left and the Right options of a literal component.
type Sides = (Vec<Vec<usize>>, Vec<Vec<usize>>);

/// A brute-force evaluator of literal (non-canonical) game sums, independent of the engine: components are
/// literal games whose options are sums (multisets) of components.
#[derive(Default)]
struct Literal {
    /// Per component: its Left and its Right options, each a sum of components.
    opts: Vec<Sides>,
    memo: HashMap<(Vec<usize>, bool), bool>,
}

impl Literal {
    fn game(&mut self, l: Vec<Vec<usize>>, r: Vec<Vec<usize>>) -> usize {
        self.opts.push((l, r));
        self.opts.len() - 1
    }
    /// Whether `left_moves` (Left if true) wins moving first on the sum `pos`.
    fn wins_first(&mut self, pos: &[usize], left_moves: bool) -> bool {
        let mut key = pos.to_vec();
        key.sort();
        if let Some(&w) = self.memo.get(&(key.clone(), left_moves)) {
            return w;
        }
        let mut win = false;
        'outer: for i in 0..key.len() {
            let side = if left_moves { self.opts[key[i]].0.clone() } else { self.opts[key[i]].1.clone() };
            for o in side {
                let mut next: Vec<usize> = key.clone();
                next.remove(i);
                next.extend(o);
                if !self.wins_first(&next, !left_moves) {
                    win = true;
                    break 'outer;
                }
            }
        }
        self.memo.insert((key, left_moves), win);
        win
    }
    fn is_zero(&mut self, pos: &[usize]) -> bool {
        !self.wins_first(pos, true) && !self.wins_first(pos, false)
    }
}

/// Sumbers the paper's rule (Theorems 2 and 3 as printed) does not recognise, each checked by brute force on
/// literal forms, independently of the engine, and then recognised by `sumber_form`:
/// * `{↑* | 0} = ↑(1) − ↑(2)`: single options; the "without loss of generality" of Theorem 2 fails, since
///   B = 0 ≤ 0 but in `-G = {0 | ↓*}` the net weight of A + B is −1.
/// * `{4↑* | ⇑*, 3↑} = 4↑(1) − ↑(2)` and `{2↑(1/4) + * | *, ↑(1/4)} = 2↑(1/4) − ↑(1)`: case 2(a) of
///   Theorem 3 applies and X(G) is empty, yet G is a sumber.
/// * `{−↑(3/4), * − 2↑(3/4) | −3↑(3/4)} = * − 3↑(3/4) + ↑(1)`: no Left option is ≥ 0.
///
/// Each is `C_m + * + ↑(p)` for a cut m of a Right option C that is not the minimum cut.
#[test]
fn paper_rule_gaps_brute_force() {
    let mut lit = Literal::default();
    let zero = lit.game(vec![], vec![]);
    let star = lit.game(vec![vec![zero]], vec![vec![zero]]);
    // ↑(d), ↓(d) literally: ↑(1) = {0,* | *}, ↑(2) = {↑(1),* | *}, ↑(1/2) = {0,* | *,↑(1)},
    // ↑(1/4) = {0,* | *,↑(1/2)}, ↑(3/4) = {↑(1/2),* | *,↑(1)}.
    let mut ud = |l: Option<usize>, r: Option<usize>| {
        let mut ls = vec![vec![star]];
        let mut rs = vec![vec![star]];
        ls.push(l.map_or(vec![], |x| vec![x]));
        if let Some(x) = r {
            rs.push(vec![x]);
        }
        lit.game(ls, rs)
    };
    let up1 = ud(None, None);
    let up2 = ud(Some(up1), None);
    let uph = ud(None, Some(up1));
    let upq = ud(None, Some(uph));
    let up34 = ud(Some(uph), Some(up1));
    // ↓(d) = {↓(dR), * | *, ↓(dL)}.
    let dn1 = lit.game(vec![vec![star]], vec![vec![], vec![star]]);
    let dnh = lit.game(vec![vec![star], vec![dn1]], vec![vec![], vec![star]]);
    let dnq = lit.game(vec![vec![star], vec![dnh]], vec![vec![], vec![star]]);
    let dn34 = lit.game(vec![vec![star], vec![dn1]], vec![vec![dnh], vec![star]]);
    // {↑* | 0} − (↑(1) − ↑(2)) = 0.
    let g0 = lit.game(vec![vec![up1, star]], vec![vec![]]);
    assert!(lit.is_zero(&[g0, dn1, up2]));
    // {4↑* | ⇑*, 3↑} − (4↑(1) − ↑(2)) = 0.
    let g1 = lit.game(vec![vec![up1, up1, up1, up1, star]], vec![vec![up1, up1, star], vec![up1, up1, up1]]);
    assert!(lit.is_zero(&[g1, dn1, dn1, dn1, dn1, up2]));
    // {2↑(1/4) + * | *, ↑(1/4)} − (2↑(1/4) − ↑(1)) = 0.
    let g2 = lit.game(vec![vec![upq, upq, star]], vec![vec![star], vec![upq]]);
    assert!(lit.is_zero(&[g2, dnq, dnq, up1]));
    // {−↑(3/4), * − 2↑(3/4) | −3↑(3/4)} − (* − 3↑(3/4) + ↑(1)) = 0.
    let g3 = lit.game(vec![vec![dn34], vec![star, dn34, dn34]], vec![vec![dn34, dn34, dn34]]);
    assert!(lit.is_zero(&[g3, star, up34, up34, up34, dn1]));

    // The engine agrees, the paper's rule alone says "not a sumber", and sumber_form finds each.
    let mut e = Games::new();
    let cases: Vec<(Vec<Sumber>, Vec<Sumber>, Sumber)> = vec![
        (vec![sm(true, &[(1, 0, 1)])], vec![Sumber::zero()], sm(false, &[(1, 0, 1), (2, 0, -1)])),
        (
            vec![sm(true, &[(1, 0, 4)])],
            vec![sm(true, &[(1, 0, 2)]), sm(false, &[(1, 0, 3)])],
            sm(false, &[(1, 0, 4), (2, 0, -1)]),
        ),
        (
            vec![sm(true, &[(1, 2, 2)])],
            vec![Sumber::star(), sm(false, &[(1, 2, 1)])],
            sm(false, &[(1, 2, 2), (1, 0, -1)]),
        ),
        (
            vec![sm(false, &[(3, 2, -1)]), sm(true, &[(3, 2, -2)])],
            vec![sm(false, &[(3, 2, -3)])],
            sm(true, &[(3, 2, -3), (1, 0, 1)]),
        ),
    ];
    for (ls, rs, s) in cases {
        assert_eq!(Sumber::simplify(&ls, &rs), None);
        let lo: Vec<GameId> = ls.iter().map(|x| e.sumber_value(x)).collect();
        let ro: Vec<GameId> = rs.iter().map(|x| e.sumber_value(x)).collect();
        let g = e.new_game(&lo, &ro);
        let v = e.sumber_value(&s);
        assert_eq!(g, v, "{s}");
        assert_eq!(e.sumber_form(g), Some(s));
    }
}

/// A longer run of the random round trip (`cargo test -- --ignored sumber_stress`).
#[test]
#[ignore]
fn sumber_stress() {
    let mut g = Games::new();
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    let mut misses = Vec::new();
    for i in 0..2000 {
        let s = random_sumber(&mut rng, 2 + i % 5);
        let v = g.sumber_value(&s);
        let (form, m) = g.sumber_form_counting(v);
        misses.extend(m);
        assert_eq!(form.as_ref(), Some(&s), "sumber_form of {s}");
        assert_eq!(g.outcome(v), s.outcome(), "outcome of {s}");
    }
    // Wider orders and coefficients.
    const WIDE: [(i64, u32); 12] =
        [(1, 3), (1, 2), (3, 3), (1, 1), (5, 3), (3, 2), (1, 0), (5, 4), (3, 1), (2, 0), (5, 1), (4, 0)];
    for i in 0..1000 {
        let mut s = if rng.below(2) == 1 { Sumber::star() } else { Sumber::zero() };
        for _ in 0..1 + i % 5 {
            let (n, e) = WIDE[rng.below(12) as usize];
            s.add_term(Dyadic::new(n, e), rng.below(13) as i64 - 6);
        }
        let v = g.sumber_value(&s);
        let (form, m) = g.sumber_form_counting(v);
        misses.extend(m);
        assert_eq!(form.as_ref(), Some(&s), "sumber_form of {s}");
        assert_eq!(g.outcome(v), s.outcome(), "outcome of {s}");
    }
    eprintln!("{} disagreements with the paper's rule", misses.len());
    for (l, r, p, f) in &misses {
        assert!(p.is_none(), "{l:?} {r:?} {p:?} {f:?}");
    }
}

#[test]
fn non_sumbers_and_uptimal_shortcut() {
    let mut g = Games::new();
    let one = g.integer(1);
    let half = g.number(Dyadic::new(1, 1));
    let star2 = g.nimber(2);
    let up_star2 = g.uptimal(Dyadic::from_int(0), 1, 2);
    let pm1 = g.plus_minus(one);
    for x in [one, half, star2, up_star2, pm1] {
        assert!(!g.is_sumber(x));
        assert_eq!(g.sumber_form(x), None);
    }
    let five_up_star = g.uptimal(Dyadic::from_int(0), 5, 1);
    let f = g.sumber_form(five_up_star).unwrap();
    assert_eq!(f.to_string(), "* + 5*Up(1)");
    assert_eq!(g.sumber_value(&f), five_up_star);
    let zero = g.zero();
    assert_eq!(g.sumber_form(zero), Some(Sumber::zero()));
    let star = g.nimber(1);
    assert_eq!(g.sumber_form(star).map(|s| s.to_string()), Some("*".to_string()));
}

#[test]
fn long_orders() {
    let mut g = Games::new();
    // ↑(300) rests on a chain of 300 simpler ups; ↑(-3/2) = -↑(3/2).
    let u = g.up_order(Dyadic::from_int(300));
    assert_eq!(g.outcome(u), Outcome::L);
    let f = g.sumber_form(u).unwrap();
    assert_eq!(f, sm(false, &[(300, 0, 1)]));
    assert_eq!(f.to_string(), "Up(300)");
    let a = g.up_order(Dyadic::new(-3, 1));
    let b = g.up_order(Dyadic::new(3, 1));
    let nb = g.neg(b);
    assert_eq!(a, nb);
    assert_eq!(g.sumber_form(a).map(|s| s.to_string()), Some("-Up(3/2)".to_string()));
    let c = g.up_order(Dyadic::new(37, 6));
    assert_eq!(g.sumber_form(c), Some(sm(false, &[(37, 6, 1)])));
}

/// Timing of larger cases (`cargo test -- --ignored sumber_timing --nocapture`).
#[test]
#[ignore]
fn sumber_timing() {
    let mut g = Games::new();
    let cases = [
        sm(true, &[(1, 3, 3), (3, 3, -3), (5, 3, 3), (1, 0, -3), (5, 1, 3)]),
        sm(false, &[(1, 4, 6), (1, 1, -6), (3, 0, 6), (7, 0, -6)]),
        sm(true, &[(1, 0, 12), (2, 0, -12), (3, 0, 12)]),
    ];
    for s in cases {
        let t = std::time::Instant::now();
        let v = g.sumber_value(&s);
        let t1 = t.elapsed();
        let n = g.follower_count(v);
        let t = std::time::Instant::now();
        let f = g.sumber_form(v);
        let t2 = t.elapsed();
        assert_eq!(f.as_ref(), Some(&s));
        eprintln!("{s}: build {t1:?}, {n} followers, sumber_form {t2:?}");
    }
}

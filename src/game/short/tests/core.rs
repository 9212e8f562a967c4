//! Tests of the core engine: construction, canonical forms, arithmetic, comparison, printing.
//!
//! `parse` is a small test-only reader for game literals in the printed syntax (`<3||2|1>`, `^^*4`,
//! `1/2`, `+-1`, `Tiny(2)`, juxtaposition adds: `1*` = 1 + *).

use crate::game::short::{store, uptimal_expansion};
use crate::game::{number, Cmp, Dyadic, GameId, Games, Outcome};
use proptest::prelude::*;

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn int(&mut self) -> Option<i64> {
        let start = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.i += 1;
        }
        (self.i > start).then(|| std::str::from_utf8(&self.s[start..self.i]).unwrap().parse().unwrap())
    }
    fn expr(&mut self, g: &mut Games) -> GameId {
        let mut acc = self.juxt(g);
        loop {
            if self.s[self.i..].starts_with(b"+-") {
                self.i += 2;
                let t = self.juxt(g);
                let pm = g.plus_minus(t);
                acc = g.add(acc, pm);
            } else if self.eat(b'+') {
                let t = self.juxt(g);
                acc = g.add(acc, t);
            } else if self.eat(b'-') {
                let t = self.juxt(g);
                acc = g.sub(acc, t);
            } else {
                return acc;
            }
        }
    }
    fn juxt(&mut self, g: &mut Games) -> GameId {
        let mut acc = self.atom(g);
        while matches!(self.peek(), Some(b'*' | b'^' | b'v' | b'T' | b'M')) {
            let t = self.atom(g);
            acc = g.add(acc, t);
        }
        acc
    }
    fn atom(&mut self, g: &mut Games) -> GameId {
        match self.peek() {
            Some(b'-') => {
                self.i += 1;
                let a = self.juxt(g);
                g.neg(a)
            }
            Some(b'+') if self.s[self.i..].starts_with(b"+-") => {
                self.i += 2;
                let a = self.juxt(g);
                g.plus_minus(a)
            }
            Some(b'(') => {
                self.i += 1;
                let e = self.expr(g);
                assert!(self.eat(b')'));
                e
            }
            Some(b'*') => {
                self.i += 1;
                let n = self.int().unwrap_or(1);
                g.nimber(n as u64)
            }
            Some(c @ (b'^' | b'v')) => {
                self.i += 1;
                let sign = if c == b'^' { 1 } else { -1 };
                let n = if self.eat(c) { 2 } else { self.int().unwrap_or(1) };
                g.uptimal(Dyadic::ZERO, sign * n, 0)
            }
            Some(b'T') | Some(b'M') => {
                let tiny = self.s[self.i..].starts_with(b"Tiny(");
                self.i += 5;
                let e = self.expr(g);
                assert!(self.eat(b')'));
                if tiny {
                    g.tiny(e)
                } else {
                    g.miny(e)
                }
            }
            Some(b'<') | Some(b'{') => {
                self.i += 1;
                // Sequence of option lists separated by runs of bars.
                let mut lists = vec![self.options(g)];
                let mut bars = Vec::new();
                loop {
                    let mut n = 0;
                    while self.eat(b'|') {
                        n += 1;
                    }
                    if n == 0 {
                        break;
                    }
                    bars.push(n);
                    lists.push(self.options(g));
                }
                assert!(self.eat(b'>') || self.eat(b'}'));
                build(g, &lists, &bars)
            }
            _ => {
                let n = self.int().expect("number");
                if self.eat(b'/') {
                    let d = self.int().unwrap();
                    g.number(Dyadic::new(n, d.trailing_zeros()))
                } else {
                    g.integer(n)
                }
            }
        }
    }
    fn options(&mut self, g: &mut Games) -> Vec<GameId> {
        let mut v = Vec::new();
        if matches!(self.peek(), Some(b'|' | b'>' | b'}')) {
            return v;
        }
        loop {
            v.push(self.expr(g));
            if !self.eat(b',') {
                return v;
            }
        }
    }
}

fn build(g: &mut Games, lists: &[Vec<GameId>], bars: &[usize]) -> GameId {
    if bars.is_empty() {
        assert_eq!(lists.len(), 1);
        panic!("a game literal needs a bar");
    }
    let max = *bars.iter().max().unwrap();
    let k = bars.iter().position(|&b| b == max).unwrap();
    let side = |g: &mut Games, ls: &[Vec<GameId>], bs: &[usize]| -> Vec<GameId> {
        if bs.is_empty() {
            ls[0].clone()
        } else {
            vec![build(g, ls, bs)]
        }
    };
    let l = side(g, &lists[..=k], &bars[..k]);
    let r = side(g, &lists[k + 1..], &bars[k + 1..]);
    g.new_game(&l, &r)
}

pub(super) fn parse(g: &mut Games, s: &str) -> GameId {
    let mut p = Parser { s: s.as_bytes(), i: 0 };
    let e = p.expr(g);
    assert_eq!(p.i, s.len(), "trailing input in {s}");
    e
}

fn show(g: &mut Games, s: &str) -> String {
    let x = parse(g, s);
    g.display(x)
}

#[test]
fn canonical_values() {
    let mut g = Games::new();
    let cases = [
        ("<|>", "0"),
        ("<0|>", "1"),
        ("<|0>", "-1"),
        ("<1|>", "2"),
        ("<0|1>", "1/2"),
        ("<-1|1>", "0"),
        ("<1|2>", "3/2"),
        ("<0|2>", "1"),
        ("<0|0>", "*"),
        ("<0,*|0,*>", "*2"),
        ("<0,*|0>", "^*"),
        ("<0|*>", "^"),
        ("<*|0>", "v"),
        ("<0|0,*>", "v*"),
        ("<1|0>", "<1|0>"),
        ("<1|-1>", "+-1"),
        ("<1/2|-1/2>", "+-1/2"),
        ("<3||2|1>", "<3||2|1>"),
        ("<2||1|0>", "<2||1|0>"),
        ("<0||0|-1>", "Tiny(1)"),
        ("<0|<0|-1>>", "Tiny(1)"),
        ("<1|1>", "1*"),
        ("<-1/2|-3||-13/4|-11/2>", "<-1/2|-3||-13/4|-11/2>"),
        ("^+^", "^^"),
        ("^+*", "^*"),
        ("<1|-1>+<1|-1>", "0"),
        ("9/8+*", "9/8*"),
        ("^^+*4", "^^*4"),
        ("^3", "^3"),
        ("v3+*2", "v3*2"),
        ("6+^+*", "6^*"),
        ("73/16+v9+*8", "73/16v9*8"),
        ("*8", "*8"),
        ("-3", "-3"),
        ("+-(1*)", "+-(1*)"),
        ("+-<3|2>", "+-<3|2>"),
        ("Tiny(2)", "Tiny(2)"),
        ("Tiny(<2|1>)", "Tiny(<2|1>)"),
        ("9+Tiny(<2|1>)", "9Tiny(<2|1>)"),
        ("Miny(1/32)", "Miny(1/32)"),
        ("<0|*||*|||*||||*>", "^[4]"),
        ("<0||0|v*>", "<0|^<2>>"),
        ("<^^*|*,v>", "<^^*|*,v>"),
        ("<3|2||2>", "2Miny(1)"),
        ("<2||2|1>", "2Tiny(1)"),
        ("<-1||-1|-3/2>", "-1Tiny(1/2)"),
        ("<1/2|0>", "<1/2|0>"),
        ("+-1+<5|-5>", "+-<6|4>"),
        ("<<4|3>|<2|1>>", "<4|3||2|1>"),
        ("<<<<5|4>|3>|2>|1>", "<5|4||3|||2||||1>"),
        ("<<<<<6|5>|4>|3>|2>|1>", "<<6|5||4|||3||||2>|1>"),
        ("<0,*|0,*>+^", "^*2"),
        ("^+^+^+*", "^3*"),
        ("v+v+*3", "vv*3"),
    ];
    for (input, want) in cases {
        assert_eq!(show(&mut g, input), want, "input {input}");
    }
}

#[test]
fn switch_with_several_options() {
    let mut g = Games::new();
    // +-{1,1*} = <1,1*|-1,-1*>
    assert_eq!(show(&mut g, "<1,1*|-1,-1*>"), "+-{1,1*}");
}

#[test]
fn domineering_4x4_value() {
    let mut g = Games::new();
    let inner = parse(&mut g, "<<2|0>,2+Tiny(2)|<2|0>,Miny(2)>");
    let z = g.zero();
    let ni = g.neg(inner);
    let x = g.new_game(&[z, inner], &[z, ni]);
    assert_eq!(g.display(x), "+-{0,<<2|0>,2Tiny(2)|<2|0>,Miny(2)>}");
}

#[test]
fn up_powers() {
    let mut g = Games::new();
    let u2 = g.up_pow(2);
    assert_eq!(g.display(u2), "^<2>");
    let u3 = g.up_pow_to(3);
    assert_eq!(g.display(u3), "^[3]");
    let d2 = g.neg(u2);
    assert_eq!(g.display(d2), "v<2>");
    let up = g.up();
    assert_eq!(g.up_pow(1), up);
    assert_eq!(g.up_pow_to(1), up);
    let s = g.star();
    let u2s = g.add(u2, s);
    assert_eq!(g.display(u2s), "^<2>*");
    let e = g.uptimal_expansion(u3).unwrap();
    assert_eq!(e.to_string(), "0.111");
    let e = g.uptimal_expansion(u2s).unwrap();
    assert_eq!(e.to_string(), "*.01");
    // ^ + ^<2> = ^[2]
    let s2 = g.add(up, u2);
    assert_eq!(g.display(s2), "^[2]");
}

#[test]
fn uptimal_expansions_from_cgsuite_tests() {
    let mut g = Games::new();
    let cases = [
        ("0", "0.0"),
        ("5", "5.0"),
        ("-1/2", "-1/2.0"),
        ("*8", "*8.0"),
        ("^", "0.1"),
        ("v*", "*.1-"),
        ("6+^+*", "6*.1"),
        ("^+*6", "*6.1"),
        ("73/16+v9+*8", "73/16*8.9-"),
        ("<0|*||*|||*||||*>", "0.1111"),
        ("<0||0|v*>", "*.12"),
    ];
    for (input, want) in cases {
        let x = parse(&mut g, input);
        assert_eq!(g.uptimal_expansion(x).unwrap().to_string(), want, "{input}");
    }
    let x = parse(&mut g, "<1|0>");
    assert!(!g.is_uptimal(x));
}

#[test]
fn options_of_nus_records() {
    let mut g = Games::new();
    let t = |g: &mut Games, s: &str| {
        let x = parse(g, s);
        let mut l = g.left_options(x);
        let mut r = g.right_options(x);
        g.sort_deterministic(&mut l);
        g.sort_deterministic(&mut r);
        let l: Vec<String> = l.iter().map(|&o| g.display(o)).collect();
        let r: Vec<String> = r.iter().map(|&o| g.display(o)).collect();
        format!("{{{}}} {{{}}}", l.join(","), r.join(","))
    };
    assert_eq!(t(&mut g, "5"), "{4} {}");
    assert_eq!(t(&mut g, "25/16"), "{3/2} {13/8}");
    assert_eq!(t(&mut g, "*8"), "{0,*,*2,*3,*4,*5,*6,*7} {0,*,*2,*3,*4,*5,*6,*7}");
    assert_eq!(t(&mut g, "6+^+*"), "{6,6*} {6}");
    assert_eq!(t(&mut g, "^+*6"), "{0} {*7}");
    assert_eq!(t(&mut g, "73/16+v9+*8"), "{73/16v8*9} {73/16}");
    assert_eq!(t(&mut g, "<0|*||*|||*||||*>"), "{^[3]} {*}");
}

#[test]
fn properties_from_cgsuite_tests() {
    let mut g = Games::new();
    // (input, birthday, stop count)
    let cases = [
        ("0", 0, 1),
        ("5", 5, 1),
        ("-1/2", 2, 1),
        ("25/16", 6, 1),
        ("*8", 8, 4374),
        ("^", 2, 3),
        ("v*", 2, 4),
        ("6+^+*", 8, 4),
        ("^+*6", 8, 1459),
        ("73/16+v9+*8", 27, 13131),
        ("<0|*||*|||*||||*>", 5, 9),
        ("<0||0|v*>", 4, 6),
    ];
    for (input, b, sc) in cases {
        let x = parse(&mut g, input);
        assert_eq!(g.birthday(x), b, "birthday {input}");
        assert_eq!(g.stop_count(x), sc, "stop count {input}");
    }
    let x = parse(&mut g, "<3||2|1>");
    assert_eq!(g.birthday(x), 4);
    let x = parse(&mut g, "*2");
    assert_eq!(g.birthday(x), 2);
}

#[test]
fn comparisons_and_outcomes() {
    let mut g = Games::new();
    let z = g.zero();
    let up = parse(&mut g, "^");
    let star = parse(&mut g, "*");
    let ups = parse(&mut g, "^*");
    let sw = parse(&mut g, "<1|-1>");
    assert_eq!(g.cmp(up, z), Cmp::Greater);
    assert_eq!(g.cmp(star, z), Cmp::Confused);
    assert_eq!(g.cmp(ups, z), Cmp::Confused);
    assert_eq!(g.cmp(sw, z), Cmp::Confused);
    assert_eq!(g.outcome(up), Outcome::L);
    assert_eq!(g.outcome(star), Outcome::N);
    assert_eq!(g.outcome(z), Outcome::P);
    let m1 = g.integer(-1);
    assert_eq!(g.outcome(m1), Outcome::R);
    let t = parse(&mut g, "Tiny(1)");
    let half = parse(&mut g, "1/2");
    assert_eq!(g.cmp(t, up), Cmp::Less);
    assert_eq!(g.cmp(t, z), Cmp::Greater);
    assert_eq!(g.cmp(half, up), Cmp::Greater);
    let a = parse(&mut g, "<2|<1|0>>");
    assert_eq!(g.cmp(a, half), Cmp::Greater);
}

#[test]
fn classification() {
    let mut g = Games::new();
    let x = parse(&mut g, "Tiny(2)");
    assert!(g.is_number_tiny(x));
    assert!(g.is_infinitesimal(x));
    assert!(!g.is_all_small(x));
    let y = parse(&mut g, "^");
    assert!(!g.is_number_tiny(y));
    assert!(g.is_all_small(y));
    let s = parse(&mut g, "<1|-1>");
    assert!(!g.is_numberish(s));
    let n = parse(&mut g, "3/2+^");
    assert!(g.is_numberish(n));
    let (l, r) = (g.left_stop(s), g.right_stop(s));
    assert_eq!((l, r), (Dyadic::ONE, Dyadic::MINUS_ONE));
    let two = g.integer(2);
    assert!(g.is_even(two));
    let st = g.star();
    assert!(g.is_odd(st));
    assert!(g.is_odd_tempered(st));
    assert!(g.is_even_tempered(two));
    let a = parse(&mut g, "<1|0>");
    assert!(g.is_odd_tempered(a));
    let three = g.integer(3);
    assert_eq!(g.misere_outcome(z(&g)), Outcome::N);
    assert_eq!(g.misere_outcome(st), Outcome::P);
    assert_eq!(g.misere_outcome(three), Outcome::R);
}

fn z(g: &Games) -> GameId {
    g.zero()
}

#[test]
fn products() {
    let mut g = Games::new();
    let s2 = g.nimber(2);
    let p = g.conway_product(s2, s2);
    assert_eq!(g.display(p), "*3");
    assert_eq!(store::arith::nim_product(4, 4), 6);
    assert_eq!(store::arith::nim_product(16, 16), 24);
    assert_eq!(store::arith::nim_product(3, 7), 14);
    let up = g.up();
    // Beyond nimbers (CGSuite's GameTest): 15 . ^^*2 = ^30*2, and the product is commutative.
    let fifteen = g.integer(15);
    let uu2 = g.uptimal(Dyadic::ZERO, 2, 2);
    let p = g.conway_product(fifteen, uu2);
    assert_eq!(g.display(p), "^30*2");
    assert_eq!(g.conway_product(uu2, fifteen), p);
    let p = g.conway_product(up, s2);
    let q = g.conway_product(s2, up);
    assert_eq!(p, q);
    // Norton: 3.^ = ^3, (1/2).^ = ^*? (CGSuite: 1/2 . ^ = {0|^*}? checked as ^ + {0 | ...}).
    let three = g.integer(3);
    let p = g.norton_product(three, up).unwrap();
    assert_eq!(g.display(p), "^3");
    let z = g.zero();
    assert!(g.norton_product(three, z).is_err());
    let half = g.number(Dyadic::new(1, 1));
    let p = g.norton_product(half, up).unwrap();
    let twice = g.add(p, p);
    assert_eq!(twice, up, "(1/2).^ + (1/2).^ = ^");
    let two = g.integer(2);
    let t = parse(&mut g, "<2|<1|0>>");
    let p = g.norton_product(two, t).unwrap();
    let q = g.add(t, t);
    assert_eq!(p, q);
}

#[test]
fn ordinal_sums() {
    let mut g = Games::new();
    let one = g.integer(1);
    let st = g.star();
    let s = g.ordinal_sum(one, st);
    assert_eq!(g.display(s), "1*");
    let s = g.ordinal_sum(one, one);
    assert_eq!(g.display(s), "2");
    let m = g.integer(-1);
    let s = g.ordinal_sum(one, m);
    assert_eq!(g.display(s), "1/2");
    let s = g.ordinal_sum(st, one);
    assert_eq!(g.display(s), "^*");
}

#[test]
fn overflow_is_reported() {
    // Numbers of any size are games (issue 16): i64::MAX / 2 + 1 and 1/2^62 build, and <0 | 1/2^62> is the
    // simplest number between, 1/2^63 (beyond the small form of Dyadic).
    let mut g = Games::new();
    let big = Dyadic::from_int(i64::MAX / 2 + 1);
    let b = g.try_number(big).unwrap();
    assert_eq!(g.number_value(b), Some(big));
    let x = g.number(Dyadic::new(1, 62));
    assert!(g.check_overflow().is_ok());
    let h = g.number(Dyadic::new(1, 62));
    assert_eq!(x, h);
    let r = g.try_new_game(&[g.zero()], &[x]).unwrap();
    assert_eq!(g.number_value(r), Some(Dyadic::new(1, 62).half()));
    // Up multiples stay bounded and report it; nimbers of any size are games.
    assert_eq!(g.try_uptimal(Dyadic::ZERO, store::MAX_UPS + 1, 0), Err(crate::game::GameError::UpsTooLarge));
    let big = g.try_uptimal(Dyadic::ZERO, 0, store::MAX_NIM + 1).unwrap();
    assert_eq!(g.nimber_value(big), Some(store::MAX_NIM + 1));
}

// ------------------------------------------------------------------------------------------------
// Property tests on random games born by day 3 (built from random option lists of day-2 games).

pub(super) fn day2(g: &mut Games) -> Vec<GameId> {
    let mut day = vec![g.zero()];
    for _ in 0..2 {
        let n = day.len();
        let mut next = Vec::new();
        for lm in 0..(1u32 << n) {
            for rm in 0..(1u32 << n) {
                let l: Vec<GameId> = (0..n).filter(|i| lm >> i & 1 == 1).map(|i| day[i]).collect();
                let r: Vec<GameId> = (0..n).filter(|i| rm >> i & 1 == 1).map(|i| day[i]).collect();
                next.push(g.new_game(&l, &r));
            }
        }
        next.sort_unstable();
        next.dedup();
        day = next;
    }
    day
}

#[test]
fn day_counts() {
    let mut g = Games::new();
    let d2 = day2(&mut g);
    assert_eq!(d2.len(), 22);
}

pub(super) fn random_game(g: &mut Games, d2: &[GameId], lm: u32, rm: u32) -> GameId {
    let l: Vec<GameId> = (0..d2.len()).filter(|i| lm >> i & 1 == 1).map(|i| d2[i]).collect();
    let r: Vec<GameId> = (0..d2.len()).filter(|i| rm >> i & 1 == 1).map(|i| d2[i]).collect();
    g.new_game(&l, &r)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn algebra(a in (0u32..1 << 22, 0u32..1 << 22), b in (0u32..1 << 22, 0u32..1 << 22), c in (0u32..1 << 22, 0u32..1 << 22)) {
        let mut g = Games::new();
        let d2 = day2(&mut g);
        let x = random_game(&mut g, &d2, a.0 & a.1.rotate_left(7), a.1 & 0x2aaaaa);
        let y = random_game(&mut g, &d2, b.0 & 0x155555, b.1);
        let w = random_game(&mut g, &d2, c.0 & c.1, c.1 & !c.0);
        let z = g.zero();
        // g - g == 0
        prop_assert_eq!(g.sub(x, x), z);
        // neg involutive
        let nx = g.neg(x);
        prop_assert_eq!(g.neg(nx), x);
        // new_game idempotent on a game's own options
        let (l, r) = (g.left_options(x), g.right_options(x));
        prop_assert_eq!(g.new_game(&l, &r), x);
        // commutative, associative
        let xy = g.add(x, y);
        prop_assert_eq!(xy, g.add(y, x));
        let xy_w = g.add(xy, w);
        let yw = g.add(y, w);
        prop_assert_eq!(xy_w, g.add(x, yw));
        // leq(a, b) iff Left wins b - a moving second (outcome P or L)
        let d = g.sub(y, x);
        let o = g.outcome(d);
        prop_assert_eq!(g.leq(x, y), matches!(o, Outcome::P | Outcome::L));
        // comparison with the sum
        prop_assert_eq!(g.leq(x, y), g.leq(z, d));
        // printing never panics and NUS values print compactly
        let _ = g.display(xy_w);
    }
}

fn build_uptimal(g: &mut Games, e: &uptimal_expansion::UptimalExpansion) -> GameId {
    let mut acc = g.uptimal_nim(e.number, 0, e.nim);
    for (i, c) in e.coefficients().into_iter().enumerate() {
        let p = g.up_pow(i as u32 + 1);
        let t = g.mul_int(c, p);
        acc = g.add(acc, t);
    }
    acc
}

#[test]
fn uptimal_round_trip() {
    let mut g = Games::new();
    for len in 0..=3usize {
        let n = 5i64.pow(len as u32);
        for code in 0..n {
            let coefs: Vec<i64> = (0..len).map(|i| (code / 5i64.pow(i as u32)) % 5 - 2).collect();
            for nim in 0..3u64 {
                for num in [Dyadic::ZERO, Dyadic::new(3, 1)] {
                    let e = uptimal_expansion::UptimalExpansion::new(num, coefs.clone(), nim.into());
                    let x = build_uptimal(&mut g, &e);
                    let got = g.uptimal_expansion(x).expect("uptimal");
                    assert_eq!(got, e, "expansion of {}", g.display(x));
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn uptimal_detection_is_sound(a in 0u32..1 << 22, b in 0u32..1 << 22) {
        let mut g = Games::new();
        let d2 = day2(&mut g);
        let x = random_game(&mut g, &d2, a & 0x3f03f, b & 0x0fc0fc);
        if let Ok(e) = g.uptimal_expansion(x) {
            prop_assert_eq!(build_uptimal(&mut g, &e), x);
        }
    }
}

/// Checks that `x` is in canonical form: no dominated and no reversible options, recursively.
pub(super) fn assert_canonical(g: &mut Games, x: GameId) {
    for f in g.followers(x) {
        let (l, r) = (g.left_options(f), g.right_options(f));
        for &a in &l {
            for &b in &l {
                assert!(a == b || !g.leq(a, b), "dominated left option in {}", g.display(f));
            }
            for ar in g.right_options(a) {
                assert!(!g.leq(ar, f), "reversible left option in {}", g.display(f));
            }
        }
        for &a in &r {
            for &b in &r {
                assert!(a == b || !g.leq(b, a), "dominated right option in {}", g.display(f));
            }
            for al in g.left_options(a) {
                assert!(!g.leq(f, al), "reversible right option in {}", g.display(f));
            }
        }
        // NUS values are stored with their record.
        if let Some((n, u, m)) = g.number_up_star(f) {
            assert_eq!(g.uptimal(n, u, m), f);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]
    #[test]
    fn sums_are_canonical(a in (0u32..1 << 22, 0u32..1 << 22), b in (0u32..1 << 22, 0u32..1 << 22)) {
        let mut g = Games::new();
        let d2 = day2(&mut g);
        let x = random_game(&mut g, &d2, a.0 & a.1, a.1 & !a.0);
        let y = random_game(&mut g, &d2, b.0 & 0x2aaaaa, b.1 & 0x155555);
        let s = g.add(x, y);
        assert_canonical(&mut g, s);
        let o = g.ordinal_sum(x, y);
        assert_canonical(&mut g, o);
        let t = g.tiny(y);
        assert_canonical(&mut g, t);
        // equal values have equal ids
        let e = g.sub(s, y);
        prop_assert_eq!(e, x);
        prop_assert_eq!(g.cmp(s, y) == Cmp::Equal, s == y);
    }
}

#[test]
fn interrupt_unwinds_and_leaves_a_usable_arena() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let mut g = Games::new();
    let flag = Arc::new(AtomicBool::new(false));
    g.set_interrupt(Some(flag.clone()));
    let a = parse(&mut g, "<2|<1|0>>");
    // Raised after the operands exist: every construction polls the flag.
    flag.store(true, Ordering::Relaxed);
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| g.add(a, a)));
    let err = r.unwrap_err();
    assert!(err.downcast_ref::<store::Interrupted>().is_some());
    flag.store(false, Ordering::Relaxed);
    let s = g.add(a, a);
    let two = g.integer(2);
    assert_eq!(s, g.norton_product(two, a).unwrap());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]
    /// Conway's product on day-2 games: commutative, 1 is the unit and 0 absorbs (on canonical forms),
    /// negation pulls out, and the product is canonical; on numbers it is the ordinary product.
    #[test]
    fn conway_product_laws(a in 0usize..22, b in 0usize..22, p in -12i64..12, q in -12i64..12, e in 0u32..3) {
        let mut g = Games::new();
        let d2 = day2(&mut g);
        let (x, y) = (d2[a], d2[b]);
        let xy = g.conway_product(x, y);
        prop_assert_eq!(xy, g.conway_product(y, x));
        let (one, z) = (g.integer(1), g.zero());
        prop_assert_eq!(g.conway_product(one, x), x);
        prop_assert_eq!(g.conway_product(z, x), z);
        let nx = g.neg(x);
        let nxy = g.conway_product(nx, y);
        prop_assert_eq!(nxy, g.neg(xy));
        assert_canonical(&mut g, xy);
        let (u, v) = (Dyadic::new(p, e), Dyadic::new(q, 2 - e.min(2)));
        let (gu, gv) = (g.number(u), g.number(v));
        let uv = g.conway_product(gu, gv);
        prop_assert_eq!(Some(uv), u.checked_mul(v).map(|w| g.number(w)));
    }

    /// `G.PowTo(x)` is the ordinal sum with the blowup of x, so `Subordinate` recovers the blowup; PowTo(1)
    /// is G itself; and for G = <0|H> the two are linked by `Pow(n) = <0 | H - PowTo(n - 1)>`.
    #[test]
    fn pow_to_and_subordinate(a in 0usize..22, n in 1i64..5, k in 1i64..8) {
        let mut g = Games::new();
        let d2 = day2(&mut g);
        let x = d2[a];
        let one = Dyadic::ONE;
        prop_assert_eq!(g.pow_to(x, one), Ok(x));
        let xk = Dyadic::new(k, 2);
        let p = g.pow_to(x, xk).unwrap();
        let b = number::blowup(xk).unwrap();
        let bg = g.number(b);
        prop_assert_eq!(g.subordinate(p, x), Some(bg));
        let up = g.up();
        let pn = g.pow(up, Dyadic::from_int(n)).unwrap();
        let star = g.nimber(1);
        let below = g.pow_to(up, Dyadic::from_int(n - 1)).unwrap();
        let right = g.sub(star, below);
        let z = g.zero();
        prop_assert_eq!(pn, g.new_game(&[z], &[right]));
    }
}

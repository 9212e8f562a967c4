//! Games `x + G` with a number part of any size (`short/bignum.rs`), checked against the arena where it
//! can hold the numbers, and against hand derivations where it cannot.

use super::core::parse;
use super::pick;
use crate::game::number::big::{big_birthday, big_options, big_to_dyadic, dyadic_to_big, two_power};
use crate::game::{Cmp, Dyadic, Games};
use num_bigint::BigInt;
use num_rational::BigRational;

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

const GAMES: &[&str] = &[
    "^",
    "*",
    "^*",
    "v*",
    "*2",
    "+-1",
    "<3||2|1>",
    "<2||1|0>",
    "Tiny(1)",
    "<1|0>",
    "<2|<1|-1>>",
    "<0,*|0>",
    "<1|-3>",
    "<1/2|-1/4>",
    "^^*3",
    "<0||0|-1>",
    "<<1|0>|-1>",
    "<1,<1|0>|<0|-1>>",
];

#[test]
fn shifted_printing_agrees_with_the_arena() {
    // x + G printed by translation equals the arena's canonical form of x + G, for shifts the arena holds
    // (including 1 + <1|-3> = +-2, a switch only after the shift).
    let mut gs = Games::new();
    for s in GAMES {
        for x in [q(3, 1), q(-5, 2), q(1, 8), q(-1, 1), q(1, 1)] {
            let g = parse(&mut gs, s);
            let xd = big_to_dyadic(&x).unwrap();
            let xg = gs.number(xd);
            let sum = gs.add(xg, g);
            assert_eq!(gs.display_shifted(g, &x), gs.display(sum), "{x} + {s}");
        }
    }
}

#[test]
fn comparison_with_numbers_by_options_agrees_with_the_arena() {
    // The recursion used for numbers the arena cannot hold, run on numbers it can, against `cmp`.
    let mut gs = Games::new();
    let zs = [q(0, 1), q(1, 1), q(-1, 1), q(1, 2), q(-1, 4), q(3, 8), q(1, 64), q(-1, 64), q(2, 1), q(-3, 1), q(5, 4)];
    for s in GAMES {
        let g = parse(&mut gs, s);
        for z in &zs {
            let zg = gs.number(big_to_dyadic(z).unwrap());
            let want = gs.cmp(g, zg);
            assert_eq!(gs.cmp_with_big_by_options(g, z), want, "{s} vs {z}");
        }
    }
}

#[test]
fn comparison_with_numbers_beyond_the_arena() {
    let mut gs = Games::new();
    let eps = two_power(-70);
    let big = two_power(100);
    // Hand derivations: a positive number exceeds every infinitesimal; a number strictly between the
    // stops of a hot game is confused with it; a number beyond the stops decides.
    let up = parse(&mut gs, "^");
    assert_eq!(gs.cmp_with_big(up, &eps), Cmp::Less);
    assert_eq!(gs.cmp_with_big(up, &-eps.clone()), Cmp::Greater);
    let pm1 = parse(&mut gs, "+-1");
    assert_eq!(gs.cmp_with_big(pm1, &eps), Cmp::Confused);
    assert_eq!(gs.cmp_with_big(pm1, &big), Cmp::Less);
    assert_eq!(gs.cmp_with_big(pm1, &-big.clone()), Cmp::Greater);
    // <1|0> has stops 1 and 0: 1/2^70 is between them, -1/2^70 below both.
    let h = parse(&mut gs, "<1|0>");
    assert_eq!(gs.cmp_with_big(h, &eps), Cmp::Confused);
    assert_eq!(gs.cmp_with_big(h, &-eps.clone()), Cmp::Greater);
    // 1/2 + 1/2^70 lies between the stops of <1|0>, and above 1/2.
    let z = q(1, 2) + &eps;
    assert_eq!(gs.cmp_with_big(h, &z), Cmp::Confused);
    let half = parse(&mut gs, "1/2");
    assert_eq!(gs.cmp_with_big(half, &z), Cmp::Less);
}

#[test]
fn birthdays_and_options_of_big_numbers() {
    let mut gs = Games::new();
    // CGSuite 2.2: (2^70).Birthday = 2^70, (3^22/2^72).Birthday = 73, (1/2^100).Birthday = 101.
    assert_eq!(big_birthday(&two_power(70)), BigInt::from(1u128 << 70));
    assert_eq!(big_birthday(&(BigRational::from_integer(BigInt::from(3).pow(22)) * two_power(-72))), 73.into());
    assert_eq!(big_birthday(&two_power(-100)), 101.into());
    // The formula agrees with the arena on numbers it holds.
    for (n, e) in [(0, 0), (5, 0), (-7, 0), (3, 1), (-13, 3), (1, 10), (1025, 9)] {
        let d = Dyadic::new(n, e);
        let g = gs.number(d);
        assert_eq!(big_birthday(&dyadic_to_big(d)), BigInt::from(gs.birthday(g)), "{d}");
        let (l, r) = big_options(&dyadic_to_big(d));
        let al: Vec<BigRational> =
            gs.left_options(g).iter().map(|&o| dyadic_to_big(gs.number_value(o).unwrap())).collect();
        let ar: Vec<BigRational> =
            gs.right_options(g).iter().map(|&o| dyadic_to_big(gs.number_value(o).unwrap())).collect();
        assert_eq!((l, r), (al, ar), "{d}");
    }
    // Birthday of x + G by translation: 2^100 + <3|<1|-1>> has options of birthdays 2^100 + 3 and
    // 1 + (2^100 + 1), so its birthday is 2^100 + 4; the arena agrees for x = 10 (10 + 4 = 14).
    let g = parse(&mut gs, "<3|<1|-1>>");
    assert_eq!(gs.birthday_shifted(g, &two_power(100)), BigInt::from(1u128 << 100) + 4);
    assert_eq!(gs.birthday_shifted(g, &q(10, 1)), 14.into());
    let ten = gs.integer(10);
    let s = gs.add(ten, g);
    assert_eq!(gs.birthday(s), 14);
}

/// Leaves of the random games below: numbers far beyond `MAX_INT` and the small form of [`Dyadic`]
/// (2^80, 2^100 - 1, 1/2^70) next to small ones and infinitesimals.
fn big_leaves(gs: &mut Games) -> Vec<crate::game::GameId> {
    let big = |r: BigRational| big_to_dyadic(&r).unwrap();
    let nums = [
        Dyadic::ZERO,
        Dyadic::ONE,
        Dyadic::new(-1, 1),
        big(two_power(80)),
        big(-two_power(80)),
        big(two_power(80) + q(1, 2)),
        big(two_power(-70)),
        big(q(-3, 1) * two_power(-70)),
        big(two_power(100) - q(1, 1)),
    ];
    let mut leaves: Vec<_> = nums.iter().map(|&d| gs.number(d)).collect();
    leaves.push(gs.star());
    leaves.push(gs.up());
    leaves
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(120))]
    /// Random games of depth two over big-number leaves: the group laws, comparison against the outcome of
    /// the difference (computed by a different path: sums by translation, then `leq` against 0), and
    /// translation by 2^90 leaving temperatures unchanged and moving means and stops by 2^90.
    #[test]
    fn big_number_games_obey_the_group_and_order_laws(
        a in proptest::prelude::any::<[u32; 6]>(),
    ) {
        use crate::game::Outcome;
        let mut gs = Games::new();
        let leaves = big_leaves(&mut gs);
        let m = (1u32 << leaves.len()) - 1;
        let mut pool = leaves.clone();
        for &bits in &a[..3] {
            let g = pick(&mut gs, &leaves, bits & m, (bits >> 11) & m);
            pool.push(g);
        }
        let pm = (1u32 << pool.len()) - 1;
        let g = pick(&mut gs, &pool, a[3] & pm, a[4] & pm);
        let h = pick(&mut gs, &pool, a[5] & pm, (a[5] >> 7) & pm);
        let z = gs.zero();
        proptest::prop_assert_eq!(gs.sub(g, g), z);
        let gh = gs.add(g, h);
        proptest::prop_assert_eq!(gs.sub(gh, h), g);
        let d = gs.sub(g, h);
        let o = gs.outcome(d);
        let want = match o {
            Outcome::P => Cmp::Equal,
            Outcome::L => Cmp::Greater,
            Outcome::R => Cmp::Less,
            Outcome::N => Cmp::Confused,
        };
        proptest::prop_assert_eq!(gs.cmp(g, h), want);
        let shift = big_to_dyadic(&two_power(90)).unwrap();
        let n = gs.number(shift);
        let gn = gs.add(g, n);
        let hn = gs.add(h, n);
        proptest::prop_assert_eq!(gs.cmp(gn, hn), want);
        proptest::prop_assert_eq!(gs.sub(gn, n), g);
        proptest::prop_assert_eq!(gs.temperature(gn), gs.temperature(g));
        proptest::prop_assert_eq!(gs.mean(gn), gs.mean(g) + shift);
        proptest::prop_assert_eq!(gs.left_stop(gn), gs.left_stop(g) + shift);
        proptest::prop_assert_eq!(gs.right_stop(gn), gs.right_stop(g) + shift);
    }
}

#[test]
fn big_number_games_match_their_small_analogues() {
    // <2^k|0> has temperature 2^(k-1) and mean 2^(k-1) for every k (CGSuite 2.2 answers k <= 30:
    // <8|0>.Temperature = 4); birthday 2^k + 1; Cool(1) = <2^k - 1|1> (CGSuite 2.2: <8|0>.Cool(1) = <7|1>).
    let mut gs = Games::new();
    for k in [3i64, 20, 21, 62, 63, 64, 80, 200] {
        let x = big_to_dyadic(&two_power(k)).unwrap();
        let half = big_to_dyadic(&two_power(k - 1)).unwrap();
        let (a, z) = (gs.number(x), gs.zero());
        let g = gs.new_game(&[a], &[z]);
        assert_eq!(gs.temperature(g), half, "k = {k}");
        assert_eq!(gs.mean(g), half, "k = {k}");
        assert_eq!(gs.birthday_exact(g), x.numerator_big() + 1, "k = {k}");
        let one = gs.integer(1);
        let a1 = gs.number(x - Dyadic::ONE);
        let want = gs.new_game(&[a1], &[one]);
        assert_eq!(gs.cool(g, Dyadic::ONE), Ok(want), "k = {k}");
    }
}

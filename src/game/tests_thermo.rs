//! Tests of thermography and atomic weights: worked values (by hand, Winning Ways, CGSuite's conventions)
//! and properties over random games born by day 3.

use super::super::{Dyadic, GameError, GameId, Games};
use super::Thermograph;
use proptest::prelude::*;

fn d(n: i64, e: u32) -> Dyadic {
    Dyadic::new(n, e)
}
fn int(n: i64) -> Dyadic {
    Dyadic::from_int(n)
}
fn g(gs: &mut Games, l: &[GameId], r: &[GameId]) -> GameId {
    gs.new_game(l, r)
}
fn n(gs: &mut Games, k: i64) -> GameId {
    gs.integer(k)
}
fn th(gs: &mut Games, x: GameId) -> String {
    gs.thermograph(x).to_string()
}

// ---------------------------------------------------------------------------------------------------------
// Thermographs, means and temperatures
// ---------------------------------------------------------------------------------------------------------

#[test]
fn simple_switches() {
    let mut gs = Games::new();
    // <3|-1>: the walls 3 - t and -1 + t meet at t = 2, value 1.
    let (a, b) = (n(&mut gs, 3), n(&mut gs, -1));
    let s = g(&mut gs, &[a], &[b]);
    assert_eq!(gs.mean(s), int(1));
    assert_eq!(gs.temperature(s), int(2));
    assert_eq!(th(&mut gs, s), "Thermograph(1,[2],[0,-1],1,[2],[0,1])");
    // ±1.
    let (a, b) = (n(&mut gs, 1), n(&mut gs, -1));
    let pm1 = g(&mut gs, &[a], &[b]);
    assert_eq!(gs.mean(pm1), int(0));
    assert_eq!(gs.temperature(pm1), int(1));
    assert_eq!(th(&mut gs, pm1), "Thermograph(0,[1],[0,-1],0,[1],[0,1])");
    // <2|1>: mean 3/2, temperature 1/2.
    let (a, b) = (n(&mut gs, 2), n(&mut gs, 1));
    let s = g(&mut gs, &[a], &[b]);
    assert_eq!(gs.mean(s), d(3, 1));
    assert_eq!(gs.temperature(s), d(1, 1));
    assert_eq!(th(&mut gs, s), "Thermograph(3/2,[1/2],[0,-1],3/2,[1/2],[0,1])");
}

#[test]
fn two_stage_switch() {
    // <2||1|0>: the right scaffold is 1 up to t = 1/2 (the left wall of <1|0>, tilted), then 1/2 + t; the
    // left scaffold 2 - t meets it at t = 3/4, value 5/4.
    let mut gs = Games::new();
    let (two, one, zero) = (n(&mut gs, 2), n(&mut gs, 1), gs.zero());
    let inner = g(&mut gs, &[one], &[zero]);
    let x = g(&mut gs, &[two], &[inner]);
    assert_eq!(gs.mean(x), d(5, 2));
    assert_eq!(gs.temperature(x), d(3, 2));
    assert_eq!(th(&mut gs, x), "Thermograph(5/4,[3/4],[0,-1],5/4,[3/4,1/2],[0,1,0])");
    let t = gs.thermograph(x);
    assert_eq!(t.mast(), d(5, 2));
    assert_eq!(t.temperature(), d(3, 2));
    assert_eq!(t.value_at(true, int(0)), int(2));
    assert_eq!(t.value_at(false, int(0)), int(1));
    assert_eq!(t.value_at(false, d(5, 3)), d(9, 3));
    assert_eq!(t.wall(false).to_string(), "Trajectory(5/4,[3/4,1/2],[0,1,0])");
}

#[test]
fn numbers_and_infinitesimals() {
    let mut gs = Games::new();
    let three = n(&mut gs, 3);
    assert_eq!(th(&mut gs, three), "Thermograph(3,[],[0],3,[],[0])");
    assert_eq!(gs.temperature(three), int(-1));
    let half = gs.number(d(1, 1));
    assert_eq!(th(&mut gs, half), "Thermograph(1/2,[-1/2],[0,-1],1/2,[-1/2],[0,1])");
    assert_eq!(gs.temperature(half), d(-1, 1));
    let x = gs.number(d(-5, 3));
    assert_eq!(gs.temperature(x), d(-1, 3));
    assert_eq!(gs.thermograph(x).temperature(), d(-1, 3));
    assert_eq!(gs.mean(x), d(-5, 3));
    let star = gs.nimber(1);
    assert_eq!(th(&mut gs, star), "Thermograph(0,[0],[0,-1],0,[0],[0,1])");
    assert_eq!(gs.temperature(star), int(0));
    let up = gs.up();
    assert_eq!(th(&mut gs, up), "Thermograph(0,[0],[0,-1],0,[],[0])");
    assert_eq!(gs.temperature(up), int(0));
    let x = gs.uptimal(d(7, 2), 3, 2);
    assert_eq!(gs.mean(x), d(7, 2));
    assert_eq!(gs.temperature(x), int(0));
}

#[test]
fn display_and_drawings() {
    let mut gs = Games::new();
    let (a, b) = (n(&mut gs, 3), n(&mut gs, -1));
    let s = g(&mut gs, &[a], &[b]);
    let t: Thermograph = gs.thermograph(s);
    let svg = t.to_svg();
    assert!(svg.starts_with("<svg"));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("left-wall") && svg.contains("right-wall") && svg.contains("mast"));
    assert!(svg.contains("temperature 2"));
    let ascii = t.to_ascii();
    assert!(ascii.lines().count() >= 8);
    assert!(ascii.contains('|') && ascii.contains('/') && ascii.contains('\\'));
}

// ---------------------------------------------------------------------------------------------------------
// Cooling, heating, overheating, freezing, incentives
// ---------------------------------------------------------------------------------------------------------

#[test]
fn cooling() {
    let mut gs = Games::new();
    let (one, m1) = (n(&mut gs, 1), n(&mut gs, -1));
    let pm1 = g(&mut gs, &[one], &[m1]);
    let star = gs.nimber(1);
    assert_eq!(gs.cool(pm1, int(1)), Ok(star));
    assert_eq!(gs.freeze(pm1), star);
    let (h, mh) = (gs.number(d(1, 1)), gs.number(d(-1, 1)));
    let pm_half = g(&mut gs, &[h], &[mh]);
    assert_eq!(gs.cool(pm1, d(1, 1)), Ok(pm_half));
    assert_eq!(gs.cool(pm1, int(2)), Ok(gs.zero()));
    assert_eq!(gs.cool(pm1, int(0)), Ok(pm1));
    // <3|-1> cooled by its temperature 2 is 1*; cooled further it is 1.
    let (a, b) = (n(&mut gs, 3), n(&mut gs, -1));
    let s = g(&mut gs, &[a], &[b]);
    let one_star = gs.uptimal(int(1), 0, 1);
    assert_eq!(gs.cool(s, int(2)), Ok(one_star));
    assert_eq!(gs.cool(s, int(3)), Ok(one));
    // Numbers are fixed above their temperature (3/4 has temperature -1/4), integers always; below it
    // a number cools like any game (CGSuite): 3/4 = <1/2|1> by -1/4 is 3/4*, and by -3/4 (hand, from
    // 1/2 cooled by -3/4 = <3/4|1/4>) it is <<3/2|1>|1/4>. The temperature must exceed -1.
    let x = gs.number(d(3, 2));
    assert_eq!(gs.cool(x, int(5)), Ok(x));
    assert_eq!(gs.cool(x, d(-1, 3)), Ok(x));
    let x_star = gs.uptimal(d(3, 2), 0, 1);
    assert_eq!(gs.cool(x, d(-1, 2)), Ok(x_star));
    let cooled = gs.cool(x, d(-3, 2)).unwrap();
    assert_eq!(gs.display(cooled), "<3/2|1||1/4>");
    let seven = gs.integer(7);
    assert_eq!(gs.cool(seven, d(-1, 1)), Ok(seven));
    assert_eq!(gs.cool(x, int(-1)), Err(GameError::InvalidCoolingTemperature(int(-1))));
    assert_eq!(gs.cool(pm1, int(-2)), Err(GameError::InvalidCoolingTemperature(int(-2))));
    // Subzero cooling of a switch: ±1 cooled by -1/2 is ±(3/2).
    let (a, b) = (gs.number(d(3, 1)), gs.number(d(-3, 1)));
    let pm32 = g(&mut gs, &[a], &[b]);
    assert_eq!(gs.cool(pm1, d(-1, 1)), Ok(pm32));
    // <2||1|0> cooled by 1/2 is <3/2 | 1*>: the inner switch <1|0> cools to 1/2*, then + 1/2.
    let (two, zero) = (n(&mut gs, 2), gs.zero());
    let inner = g(&mut gs, &[one], &[zero]);
    let x = g(&mut gs, &[two], &[inner]);
    let a = gs.number(d(3, 1));
    let b = gs.uptimal(int(1), 0, 1);
    let want = g(&mut gs, &[a], &[b]);
    assert_eq!(gs.cool(x, d(1, 1)), Ok(want));
}

#[test]
fn heating_and_overheating() {
    let mut gs = Games::new();
    let (one, m1, zero) = (n(&mut gs, 1), n(&mut gs, -1), gs.zero());
    let star = gs.nimber(1);
    let pm1 = g(&mut gs, &[one], &[m1]);
    assert_eq!(gs.heat(star, one), pm1);
    // ↑ heated by 1: <1 | ±1 - 1> = <1 | <0|-2>>.
    let up = gs.up();
    let m2 = n(&mut gs, -2);
    let inner = g(&mut gs, &[zero], &[m2]);
    let want = g(&mut gs, &[one], &[inner]);
    assert_eq!(gs.heat(up, one), want);
    // Numbers are fixed by heating.
    let x = gs.number(d(3, 2));
    assert_eq!(gs.heat(x, one), x);
    // Overheating: integers become copies of s.
    let two = n(&mut gs, 2);
    let three = n(&mut gs, 3);
    let s6 = gs.mul_int(3, two);
    assert_eq!(gs.overheat(three, two, one), s6);
    assert_eq!(gs.overheat(star, one, one), pm1);
    // Heating then cooling a hot game by the same amount gets it back here.
    let (a, b) = (n(&mut gs, 3), n(&mut gs, -1));
    let s = g(&mut gs, &[a], &[b]);
    let c = gs.cool(s, int(1)).unwrap();
    assert_eq!(gs.heat(c, one), s);
}

#[test]
fn incentives() {
    let mut gs = Games::new();
    // <3|-1>: both incentives are <4|0>.
    let (a, b) = (n(&mut gs, 3), n(&mut gs, -1));
    let s = g(&mut gs, &[a], &[b]);
    let (four, zero) = (n(&mut gs, 4), gs.zero());
    let want = g(&mut gs, &[four], &[zero]);
    assert_eq!(gs.incentives(s), vec![want]);
    assert_eq!(gs.left_incentives(s), vec![want]);
    assert_eq!(gs.right_incentives(s), vec![want]);
    // A number's incentives are negative: 1/2 = <0|1> has -1/2 on both sides.
    let half = gs.number(d(1, 1));
    let mhalf = gs.number(d(-1, 1));
    assert_eq!(gs.incentives(half), vec![mhalf]);
    // ↑ = <0|*>: left incentive ↓, right incentive ↑*, and ↓ < ↑* so only ↑* is undominated.
    let up = gs.up();
    let down = gs.neg(up);
    let up_star = gs.uptimal(int(0), 1, 1);
    assert_eq!(gs.left_incentives(up), vec![down]);
    assert_eq!(gs.right_incentives(up), vec![up_star]);
    assert_eq!(gs.incentives(up), vec![up_star]);
    // Integers have none.
    assert_eq!(gs.incentives(zero), vec![]);
}

// ---------------------------------------------------------------------------------------------------------
// Atomic weights, companions, reduced canonical forms
// ---------------------------------------------------------------------------------------------------------

#[test]
fn atomic_weights_of_uptimals() {
    let mut gs = Games::new();
    let (zero, one, two, m1) = (gs.zero(), n(&mut gs, 1), n(&mut gs, 2), n(&mut gs, -1));
    let up = gs.up();
    assert_eq!(gs.atomic_weight(up), Ok(one));
    let upup = gs.add(up, up);
    assert_eq!(gs.atomic_weight(upup), Ok(two));
    let star = gs.nimber(1);
    assert_eq!(gs.atomic_weight(star), Ok(zero));
    let star5 = gs.nimber(5);
    assert_eq!(gs.atomic_weight(star5), Ok(zero));
    let down_star = gs.uptimal(int(0), -1, 1);
    assert_eq!(gs.atomic_weight(down_star), Ok(m1));
    assert_eq!(gs.atomic_weight(zero), Ok(zero));
    // <0|↑> = ⇑*, weight 2.
    let x = g(&mut gs, &[zero], &[up]);
    assert_eq!(gs.atomic_weight(x), Ok(two));
    assert!(gs.is_atomic(x));
}

#[test]
fn atomic_weights_of_general_games() {
    let mut gs = Games::new();
    let (zero, m1) = (gs.zero(), n(&mut gs, -1));
    // ↑² = <0|↑*> lies strictly between ⇓ and ⇑: weight 0.
    let up2 = gs.up_pow(2);
    assert_eq!(gs.atomic_weight(up2), Ok(zero));
    // ±⇑* = <⇑*|⇓*>: the naive weight <2-2 | -2+2> = * is not an integer, so it stands.
    let uus = gs.uptimal(int(0), 2, 1);
    let dds = gs.neg(uus);
    let x = g(&mut gs, &[uus], &[dds]);
    let star = gs.nimber(1);
    assert_eq!(gs.atomic_weight(x), Ok(star));
    // Tiny(1) = <0||0|-1> is infinitesimal but not all-small; it is atomic with weight 0.
    let inner = g(&mut gs, &[zero], &[m1]);
    let tiny = g(&mut gs, &[zero], &[inner]);
    assert_eq!(gs.atomic_weight(tiny), Ok(zero));
    // Not infinitesimal: not atomic.
    let one = n(&mut gs, 1);
    assert_eq!(gs.atomic_weight(one), Err(GameError::NotAtomic(one)));
    assert!(!gs.is_atomic(inner));
    assert_eq!(gs.atomic_weight(inner), Err(GameError::NotAtomic(inner)));
}

#[test]
fn two_ahead_rule_examples() {
    // A game of atomic weight ≥ 2 is positive; weight 1 can go either way (↑ > 0 but ↑ + *... ↑* || 0).
    let mut gs = Games::new();
    let up = gs.up();
    let x = gs.mul_int(2, up);
    let s = gs.nimber(3);
    let x = gs.add(x, s);
    let w = gs.atomic_weight(x).unwrap();
    let two = n(&mut gs, 2);
    assert_eq!(w, two);
    let zero = gs.zero();
    assert!(gs.leq(zero, x) && !gs.leq(x, zero));
}

#[test]
fn companions() {
    let mut gs = Games::new();
    let (zero, one) = (gs.zero(), n(&mut gs, 1));
    let star = gs.nimber(1);
    let star2 = gs.nimber(2);
    assert_eq!(gs.companion(zero), star);
    assert_eq!(gs.companion(star), zero);
    assert_eq!(gs.companion(star2), star2);
    let up = gs.up();
    let up_star = gs.uptimal(int(0), 1, 1);
    assert_eq!(gs.companion(up), up_star);
    assert_eq!(gs.companion(up_star), up);
    // 1 = <0|>: <companion(0), 0 |> = <*, 0|> = 1.
    assert_eq!(gs.companion(one), one);
}

#[test]
fn reduced_canonical_forms() {
    let mut gs = Games::new();
    let (zero, one, two) = (gs.zero(), n(&mut gs, 1), n(&mut gs, 2));
    let up = gs.up();
    assert_eq!(gs.reduced_canonical_form(up), zero);
    let x = gs.uptimal(int(1), 3, 1);
    assert_eq!(gs.reduced_canonical_form(x), one);
    let inner = g(&mut gs, &[one], &[zero]);
    let x = g(&mut gs, &[two], &[inner]);
    assert_eq!(gs.reduced_canonical_form(x), x);
    // <1|0> + ↑ reduces to <1|0>.
    let y = gs.add(inner, up);
    assert_eq!(gs.reduced_canonical_form(y), inner);
    // Tiny(1) reduces to 0.
    let m1 = n(&mut gs, -1);
    let i2 = g(&mut gs, &[zero], &[m1]);
    let tiny = g(&mut gs, &[zero], &[i2]);
    assert_eq!(gs.reduced_canonical_form(tiny), zero);
}

// ---------------------------------------------------------------------------------------------------------
// Properties over games born by day 3
// ---------------------------------------------------------------------------------------------------------

/// The 22 games born by day 2.
fn day2(gs: &mut Games) -> Vec<GameId> {
    let zero = gs.zero();
    let day1 = [zero, gs.nimber(1), gs.integer(1), gs.integer(-1)];
    let mut out = Vec::new();
    for lm in 0u32..16 {
        for rm in 0u32..16 {
            let l: Vec<GameId> = (0..4).filter(|i| lm >> i & 1 == 1).map(|i| day1[i]).collect();
            let r: Vec<GameId> = (0..4).filter(|i| rm >> i & 1 == 1).map(|i| day1[i]).collect();
            out.push(gs.new_game(&l, &r));
        }
    }
    out.sort();
    out.dedup();
    out
}

/// A game born by day 3 from masks over the day-2 games.
fn day3(gs: &mut Games, lm: u32, rm: u32) -> GameId {
    let d2 = day2(gs);
    assert_eq!(d2.len(), 22);
    let l: Vec<GameId> = (0..22).filter(|i| lm >> i & 1 == 1).map(|i| d2[i]).collect();
    let r: Vec<GameId> = (0..22).filter(|i| rm >> i & 1 == 1).map(|i| d2[i]).collect();
    gs.new_game(&l, &r)
}

fn mask() -> impl Strategy<Value = u32> {
    // Sparse masks keep games small and varied.
    (any::<u32>(), any::<u32>()).prop_map(|(a, b)| a & b & ((1 << 22) - 1))
}

fn q_of(x: Dyadic) -> super::super::trajectory::Q {
    super::super::trajectory::Q::from_dyadic(x)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn mast_is_mean_and_means_add(a in mask(), b in mask(), c in mask(), e in mask()) {
        let mut gs = Games::new();
        let x = day3(&mut gs, a, b);
        let y = day3(&mut gs, c, e);
        let t = gs.thermograph(x);
        prop_assert_eq!(t.mast(), gs.mean(x));
        prop_assert!(t.right_wall().leq(t.left_wall()));
        if gs.is_number(x) {
            prop_assert_eq!(t.temperature(), gs.temperature(x));
        }
        let s = gs.add(x, y);
        let (mx, my, ms) = (gs.mean(x), gs.mean(y), gs.mean(s));
        prop_assert_eq!(q_of(ms), q_of(mx) + q_of(my));
        // The mean lies between the stops.
        let (ls, rs) = (gs.left_stop(x), gs.right_stop(x));
        prop_assert!(q_of(rs) <= q_of(mx) && q_of(mx) <= q_of(ls));
        // The thermograph's walls at temperature 0 are the stops (for non-numbers).
        if !gs.is_number(x) {
            prop_assert_eq!(t.value_at(true, Dyadic::from_int(0)), ls);
            prop_assert_eq!(t.value_at(false, Dyadic::from_int(0)), rs);
        }
        // Negation mirrors the thermograph.
        let nx = gs.neg(x);
        prop_assert_eq!(q_of(gs.mean(nx)), -q_of(mx));
        prop_assert_eq!(gs.temperature(nx), gs.temperature(x));
    }

    #[test]
    fn cooling_properties(a in mask(), b in mask(), k in 0i64..12) {
        let mut gs = Games::new();
        let x = day3(&mut gs, a, b);
        prop_assert_eq!(gs.cool(x, Dyadic::from_int(0)), Ok(x));
        let t = Dyadic::new(k - 3, 2); // -3/4 ..= 2
        let c = gs.cool(x, t).unwrap();
        // Cooling keeps the mean.
        prop_assert_eq!(gs.mean(c), gs.mean(x));
        let temp = gs.temperature(x);
        if q_of(t) > q_of(temp) {
            let m = gs.mean(x);
            let mg = gs.number(m);
            prop_assert_eq!(c, mg);
        }
        // Cooled by its temperature a game is infinitesimally close to its mean.
        let f = gs.freeze(x);
        let m = gs.mean(x);
        prop_assert_eq!(gs.left_stop(f), m);
        prop_assert_eq!(gs.right_stop(f), m);
        // Cooling by t ≥ 0 lowers the temperature by t (down to the number's own).
        if !gs.is_number(x) && q_of(t) >= q_of(Dyadic::from_int(0)) && q_of(t) < q_of(temp) {
            let tc = gs.temperature(c);
            prop_assert_eq!(q_of(tc), q_of(temp) - q_of(t));
        }
    }

    #[test]
    fn atomic_weight_properties(a in mask(), b in mask(), c in mask(), e in mask()) {
        let mut gs = Games::new();
        let x = day3(&mut gs, a, b);
        let y = day3(&mut gs, c, e);
        if gs.is_all_small(x) && gs.is_all_small(y) {
            let wx = gs.atomic_weight(x).unwrap();
            let wy = gs.atomic_weight(y).unwrap();
            let s = gs.add(x, y);
            let ws = gs.atomic_weight(s).unwrap();
            let sum = gs.add(wx, wy);
            prop_assert_eq!(ws, sum);
            // The two-ahead rule.
            let two = gs.integer(2);
            let zero = gs.zero();
            if gs.leq(two, wx) {
                prop_assert!(gs.leq(zero, x) && !gs.leq(x, zero));
            }
            let mtwo = gs.integer(-2);
            if gs.leq(wx, mtwo) {
                prop_assert!(gs.leq(x, zero) && !gs.leq(zero, x));
            }
            // Negation.
            let nx = gs.neg(x);
            let wnx = gs.atomic_weight(nx).unwrap();
            let nwx = gs.neg(wx);
            prop_assert_eq!(wnx, nwx);
        }
        if !gs.is_infinitesimal(x) {
            prop_assert_eq!(gs.atomic_weight(x), Err(GameError::NotAtomic(x)));
        }
    }

    #[test]
    fn companion_and_rcf_properties(a in mask(), b in mask()) {
        let mut gs = Games::new();
        let x = day3(&mut gs, a, b);
        let c = gs.companion(x);
        prop_assert_eq!(gs.companion(c), x);
        prop_assert!(gs.birthday(c) <= 3.max(gs.birthday(x)));
        let r = gs.reduced_canonical_form(x);
        prop_assert_eq!(gs.reduced_canonical_form(r), r);
        let diff = gs.sub(x, r);
        prop_assert!(gs.is_infinitesimal(diff));
        prop_assert_eq!(gs.mean(r), gs.mean(x));
    }

    #[test]
    fn incentives_properties(a in mask(), b in mask()) {
        let mut gs = Games::new();
        let x = day3(&mut gs, a, b);
        let all = gs.incentives(x);
        let left = gs.left_incentives(x);
        let right = gs.right_incentives(x);
        for &i in &all {
            prop_assert!(left.contains(&i) || right.contains(&i));
        }
        for &i in &all {
            for &j in &all {
                if i != j {
                    prop_assert!(!gs.leq(i, j));
                }
            }
        }
        // A number's incentives are all negative.
        if gs.is_number(x) {
            let zero = gs.zero();
            for &i in &all {
                prop_assert!(gs.leq(i, zero) && i != zero);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// CGSuite's own expectations (its CanonicalShortGameTestCase table): thermographs, freezes, incentives,
// companions, atomic weights and reduced canonical forms of a range of games.
// ---------------------------------------------------------------------------------------------------------

struct Case {
    game: GameId,
    thermograph: &'static str,
    mean: Dyadic,
    temperature: Dyadic,
    atomic_weight: Option<GameId>,
    companion: GameId,
    freeze: GameId,
    incentives: Vec<GameId>,
    left_incentives: Vec<GameId>,
    right_incentives: Vec<GameId>,
    rcf: GameId,
}

fn sorted(mut v: Vec<GameId>) -> Vec<GameId> {
    v.sort();
    v
}

fn check(gs: &mut Games, c: &Case) {
    let x = c.game;
    assert_eq!(gs.thermograph(x).to_string(), c.thermograph, "thermograph of {x:?}");
    assert_eq!(gs.mean(x), c.mean, "mean of {x:?}");
    assert_eq!(gs.temperature(x), c.temperature, "temperature of {x:?}");
    match c.atomic_weight {
        Some(w) => {
            assert_eq!(gs.atomic_weight(x), Ok(w), "atomic weight of {x:?}");
            assert!(gs.is_atomic(x));
        }
        None => {
            assert_eq!(gs.atomic_weight(x), Err(GameError::NotAtomic(x)), "atomic weight of {x:?}");
            assert!(!gs.is_atomic(x));
        }
    }
    assert_eq!(gs.companion(x), c.companion, "companion of {x:?}");
    assert_eq!(gs.freeze(x), c.freeze, "freeze of {x:?}");
    assert_eq!(sorted(gs.incentives(x)), sorted(c.incentives.clone()), "incentives of {x:?}");
    assert_eq!(sorted(gs.left_incentives(x)), sorted(c.left_incentives.clone()), "left incentives of {x:?}");
    assert_eq!(sorted(gs.right_incentives(x)), sorted(c.right_incentives.clone()), "right incentives of {x:?}");
    assert_eq!(gs.reduced_canonical_form(x), c.rcf, "reduced canonical form of {x:?}");
}

#[test]
fn cgsuite_numbers_and_uptimals() {
    let mut gs = Games::new();
    let gs = &mut gs;
    let zero = gs.zero();
    let star = gs.nimber(1);
    let five = n(gs, 5);
    let m1 = n(gs, -1);
    let one = n(gs, 1);
    check(
        gs,
        &Case {
            game: zero,
            thermograph: "Thermograph(0,[],[0],0,[],[0])",
            mean: int(0),
            temperature: int(-1),
            atomic_weight: Some(zero),
            companion: star,
            freeze: zero,
            incentives: vec![],
            left_incentives: vec![],
            right_incentives: vec![],
            rcf: zero,
        },
    );
    check(
        gs,
        &Case {
            game: five,
            thermograph: "Thermograph(5,[],[0],5,[],[0])",
            mean: int(5),
            temperature: int(-1),
            atomic_weight: None,
            companion: five,
            freeze: five,
            incentives: vec![m1],
            left_incentives: vec![m1],
            right_incentives: vec![],
            rcf: five,
        },
    );
    let mh = gs.number(d(-1, 1));
    check(
        gs,
        &Case {
            game: mh,
            thermograph: "Thermograph(-1/2,[-1/2],[0,-1],-1/2,[-1/2],[0,1])",
            mean: d(-1, 1),
            temperature: d(-1, 1),
            atomic_weight: None,
            companion: mh,
            freeze: mh,
            incentives: vec![mh],
            left_incentives: vec![mh],
            right_incentives: vec![mh],
            rcf: mh,
        },
    );
    let x = gs.number(d(25, 4));
    let inc = gs.number(d(-1, 4));
    check(
        gs,
        &Case {
            game: x,
            thermograph: "Thermograph(25/16,[-1/16,-1/2],[0,-1,0],25/16,[-1/16,-1/8,-1/2],[0,1,0,1])",
            mean: d(25, 4),
            temperature: d(-1, 4),
            atomic_weight: None,
            companion: x,
            freeze: x,
            incentives: vec![inc],
            left_incentives: vec![inc],
            right_incentives: vec![inc],
            rcf: x,
        },
    );
    let s8 = gs.nimber(8);
    let s8_15: Vec<GameId> = (8..16).map(|k| gs.nimber(k)).collect();
    check(
        gs,
        &Case {
            game: s8,
            thermograph: "Thermograph(0,[0],[0,-1],0,[0],[0,1])",
            mean: int(0),
            temperature: int(0),
            atomic_weight: Some(zero),
            companion: s8,
            freeze: s8,
            incentives: s8_15.clone(),
            left_incentives: s8_15.clone(),
            right_incentives: s8_15,
            rcf: zero,
        },
    );
    let x = gs.uptimal(d(9, 3), 0, 1);
    let n98 = gs.number(d(9, 3));
    check(
        gs,
        &Case {
            game: x,
            thermograph: "Thermograph(9/8,[0,-1/8,-1/4],[0,-1,0,-1],9/8,[0,-1/8],[0,1,0])",
            mean: d(9, 3),
            temperature: int(0),
            atomic_weight: None,
            companion: x,
            freeze: x,
            incentives: vec![star],
            left_incentives: vec![star],
            right_incentives: vec![star],
            rcf: n98,
        },
    );
    let up = gs.up();
    let up_star = gs.uptimal(int(0), 1, 1);
    let down = gs.uptimal(int(0), -1, 0);
    let down_star = gs.uptimal(int(0), -1, 1);
    check(
        gs,
        &Case {
            game: up,
            thermograph: "Thermograph(0,[0],[0,-1],0,[],[0])",
            mean: int(0),
            temperature: int(0),
            atomic_weight: Some(one),
            companion: up_star,
            freeze: up,
            incentives: vec![up_star],
            left_incentives: vec![down],
            right_incentives: vec![up_star],
            rcf: zero,
        },
    );
    check(
        gs,
        &Case {
            game: down_star,
            thermograph: "Thermograph(0,[0],[0,-1],0,[0],[0,1])",
            mean: int(0),
            temperature: int(0),
            atomic_weight: Some(m1),
            companion: down,
            freeze: down_star,
            incentives: vec![up_star],
            left_incentives: vec![up_star],
            right_incentives: vec![down, down_star],
            rcf: zero,
        },
    );
    let x = gs.uptimal(int(6), 1, 1);
    let six = n(gs, 6);
    check(
        gs,
        &Case {
            game: x,
            thermograph: "Thermograph(6,[0],[0,-1],6,[0],[0,1])",
            mean: int(6),
            temperature: int(0),
            atomic_weight: None,
            companion: x,
            freeze: x,
            incentives: vec![up_star],
            left_incentives: vec![down, down_star],
            right_incentives: vec![up_star],
            rcf: six,
        },
    );
    let x = gs.uptimal(int(0), 1, 6);
    let ds6 = gs.uptimal(int(0), -1, 6);
    check(
        gs,
        &Case {
            game: x,
            thermograph: "Thermograph(0,[0],[0,-1],0,[],[0])",
            mean: int(0),
            temperature: int(0),
            atomic_weight: Some(one),
            companion: x,
            freeze: x,
            incentives: vec![up_star],
            left_incentives: vec![ds6],
            right_incentives: vec![up_star],
            rcf: zero,
        },
    );
    let x = gs.uptimal(d(73, 4), -9, 8);
    let rinc = gs.uptimal(int(0), -9, 8);
    let n7316 = gs.number(d(73, 4));
    check(
        gs,
        &Case {
            game: x,
            thermograph: "Thermograph(73/16,[-1/16,-1/2],[0,-1,0],73/16,[0,-1/16,-1/2],[0,1,0,1])",
            mean: d(73, 4),
            temperature: int(0),
            atomic_weight: None,
            companion: x,
            freeze: x,
            incentives: vec![up_star],
            left_incentives: vec![up_star],
            right_incentives: vec![rinc],
            rcf: n7316,
        },
    );
}

#[test]
fn cgsuite_general_uptimals() {
    let mut gs = Games::new();
    let gs = &mut gs;
    let zero = gs.zero();
    let star = gs.nimber(1);
    let one = n(gs, 1);
    // ^[4] = {0|*||*|||*||||*}.
    let x = gs.up_pow_to(4);
    let x_star = gs.add(x, star);
    let u4 = gs.up_pow(4);
    let d4 = gs.neg(u4);
    check(
        gs,
        &Case {
            game: x,
            thermograph: "Thermograph(0,[0],[0,-1],0,[],[0])",
            mean: int(0),
            temperature: int(0),
            atomic_weight: Some(one),
            companion: x_star,
            freeze: x,
            incentives: vec![x_star],
            left_incentives: vec![d4],
            right_incentives: vec![x_star],
            rcf: zero,
        },
    );
    // {0|^<2>}.
    let u2 = gs.up_pow(2);
    let x = g(gs, &[zero], &[u2]);
    let u2s = gs.add(u2, star);
    let comp = g(gs, &[zero], &[u2s]);
    let p2 = gs.up_pow_to(2);
    let p2s = gs.add(p2, star);
    let d2 = gs.neg(u2);
    let linc = g(gs, &[d2], &[zero]);
    check(
        gs,
        &Case {
            game: x,
            thermograph: "Thermograph(0,[0],[0,-1],0,[],[0])",
            mean: int(0),
            temperature: int(0),
            atomic_weight: Some(one),
            companion: comp,
            freeze: x,
            incentives: vec![p2s],
            left_incentives: vec![linc],
            right_incentives: vec![p2s],
            rcf: zero,
        },
    );
}

#[test]
fn cgsuite_infinitesimals_and_tinies() {
    let mut gs = Games::new();
    let gs = &mut gs;
    let zero = gs.zero();
    let star = gs.nimber(1);
    let two = n(gs, 2);
    // {0||0|v3}: atomic weight 0.
    let v3 = gs.uptimal(int(0), -3, 0);
    let v3s = gs.uptimal(int(0), -3, 1);
    let u3 = gs.uptimal(int(0), 3, 0);
    let inner = g(gs, &[zero], &[v3]);
    let x = g(gs, &[zero], &[inner]);
    let ci = g(gs, &[star], &[v3s]);
    let comp = g(gs, &[zero, star], &[ci]);
    let a = g(gs, &[u3], &[zero]);
    let inc = g(gs, &[u3, a], &[zero]);
    let linc = g(gs, &[a], &[zero]);
    check(
        gs,
        &Case {
            game: x,
            thermograph: "Thermograph(0,[0],[0,-1],0,[],[0])",
            mean: int(0),
            temperature: int(0),
            atomic_weight: Some(zero),
            companion: comp,
            freeze: x,
            incentives: vec![inc],
            left_incentives: vec![linc],
            right_incentives: vec![inc],
            rcf: zero,
        },
    );
    // {^3|vv}: atomic weight {1|0}.
    let vv = gs.uptimal(int(0), -2, 0);
    let x = g(gs, &[u3], &[vv]);
    let one = n(gs, 1);
    let w = g(gs, &[one], &[zero]);
    let u3s = gs.uptimal(int(0), 3, 1);
    let vvs = gs.uptimal(int(0), -2, 1);
    let comp = g(gs, &[u3s], &[vvs]);
    let u5 = gs.uptimal(int(0), 5, 0);
    let inc = g(gs, &[u5], &[zero]);
    check(
        gs,
        &Case {
            game: x,
            thermograph: "Thermograph(0,[0],[0,-1],0,[0],[0,1])",
            mean: int(0),
            temperature: int(0),
            atomic_weight: Some(w),
            companion: comp,
            freeze: x,
            incentives: vec![inc],
            left_incentives: vec![inc],
            right_incentives: vec![inc],
            rcf: zero,
        },
    );
    // Tiny(3/2) = {0||0|-3/2}.
    let h3 = gs.number(d(3, 1));
    let mh3 = gs.number(d(-3, 1));
    let x = gs.tiny(h3);
    let ci = g(gs, &[star], &[mh3]);
    let comp = g(gs, &[zero, star], &[ci]);
    let b = g(gs, &[h3], &[zero]);
    let inc = g(gs, &[h3, b], &[zero]);
    let miny = gs.miny(h3);
    check(
        gs,
        &Case {
            game: x,
            thermograph: "Thermograph(0,[0],[0,-1],0,[],[0])",
            mean: int(0),
            temperature: int(0),
            atomic_weight: Some(zero),
            companion: comp,
            freeze: x,
            incentives: vec![inc],
            left_incentives: vec![miny],
            right_incentives: vec![inc],
            rcf: zero,
        },
    );
    // Tiny({3|1}) = {0|||0||-1|-3}.
    let (three, m1, m3) = (n(gs, 3), n(gs, -1), n(gs, -3));
    let s31 = g(gs, &[three], &[one]);
    let x = gs.tiny(s31);
    let c1 = g(gs, &[m1], &[m3]);
    let c2 = g(gs, &[star], &[c1]);
    let comp = g(gs, &[zero, star], &[c2]);
    assert_eq!(gs.atomic_weight(x), Ok(zero));
    assert_eq!(gs.companion(x), comp);
    assert_eq!(gs.freeze(x), x);
    assert_eq!(gs.thermograph(x).to_string(), "Thermograph(0,[0],[0,-1],0,[],[0])");
    let miny = gs.miny(s31);
    assert_eq!(gs.left_incentives(x), vec![miny]);
    // Miny({5||3|1}) = {5||3|1|||0||||0}.
    let five = n(gs, 5);
    let s31b = g(gs, &[three], &[one]);
    let h = g(gs, &[five], &[s31b]);
    let x = gs.miny(h);
    let c1 = g(gs, &[h], &[star]);
    let comp = g(gs, &[c1], &[zero, star]);
    assert_eq!(gs.atomic_weight(x), Ok(zero));
    assert_eq!(gs.companion(x), comp);
    assert_eq!(gs.freeze(x), x);
    assert_eq!(gs.reduced_canonical_form(x), zero);
    assert_eq!(gs.thermograph(x).to_string(), "Thermograph(0,[],[0],0,[0],[0,1])");
    assert_eq!(gs.right_incentives(x), vec![x]);
    // {1|^^||^}: atomic weight 2 although not all-small; {1|^3||^} is not atomic.
    let uu = gs.uptimal(int(0), 2, 0);
    let up = gs.up();
    let l = g(gs, &[one], &[uu]);
    let x = g(gs, &[l], &[up]);
    assert_eq!(gs.atomic_weight(x), Ok(two));
    let uus = gs.uptimal(int(0), 2, 1);
    let ups = gs.uptimal(int(0), 1, 1);
    let cl = g(gs, &[one], &[uus]);
    let comp = g(gs, &[cl], &[ups]);
    assert_eq!(gs.companion(x), comp);
    assert_eq!(gs.thermograph(x).to_string(), "Thermograph(0,[0],[0,-1],0,[],[0])");
    assert_eq!(gs.incentives(x).len(), 2);
    let l = g(gs, &[one], &[u3]);
    let x = g(gs, &[l], &[up]);
    assert_eq!(gs.atomic_weight(x), Err(GameError::NotAtomic(x)));
    assert!(!gs.is_atomic(x));
    assert!(gs.is_infinitesimal(x));
}

#[test]
fn cgsuite_hot_games() {
    let mut gs = Games::new();
    let gs = &mut gs;
    let zero = gs.zero();
    // {3||2*|1*}: mean 9/4, temperature 3/4, freezes to 9/4*.
    let three = n(gs, 3);
    let (two, one) = (n(gs, 2), n(gs, 1));
    let s2 = gs.uptimal(int(2), 0, 1);
    let s1 = gs.uptimal(int(1), 0, 1);
    let r = g(gs, &[s2], &[s1]);
    let x = g(gs, &[three], &[r]);
    let frozen = gs.uptimal(d(9, 2), 0, 1);
    let inc = g(gs, &[r], &[zero]);
    let r21 = g(gs, &[two], &[one]);
    let rcf = g(gs, &[three], &[r21]);
    check(
        gs,
        &Case {
            game: x,
            thermograph: "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])",
            mean: d(9, 2),
            temperature: d(3, 2),
            atomic_weight: None,
            companion: x,
            freeze: frozen,
            incentives: vec![inc],
            left_incentives: vec![inc],
            right_incentives: vec![inc],
            rcf,
        },
    );
    // {3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}: mean -5/16, temperature 21/16.
    let h3s = gs.uptimal(d(3, 1), 0, 1);
    let h1 = gs.number(d(1, 1));
    let l = g(gs, &[h3s], &[h1]);
    let m3 = n(gs, -3);
    let r1 = g(gs, &[zero], &[m3]);
    let m1s = gs.uptimal(int(-1), 0, 1);
    let mh = gs.number(d(-1, 1));
    let a = g(gs, &[mh], &[m1s]);
    let m52 = gs.number(d(-5, 1));
    let r2 = g(gs, &[m1s, a], &[m52]);
    let x = g(gs, &[l], &[r1, r2]);
    assert_eq!(
        gs.thermograph(x).to_string(),
        "Thermograph(-5/16,[21/16,1/2,-1/2],[0,-1,0,-1],-5/16,[21/16,7/8,1/4,0],[0,1,0,1,0])"
    );
    assert_eq!(gs.mean(x), d(-5, 4));
    assert_eq!(gs.temperature(x), d(21, 4));
    let frozen = gs.uptimal(d(-5, 4), 0, 1);
    assert_eq!(gs.freeze(x), frozen);
    assert_eq!(gs.atomic_weight(x), Err(GameError::NotAtomic(x)));
    // Its reduced canonical form {3/2|1/2||{0|-3},{-1/2|-1||-5/2}}.
    let h32 = gs.number(d(3, 1));
    let rl = g(gs, &[h32], &[h1]);
    let m1 = n(gs, -1);
    let q = g(gs, &[mh], &[m1]);
    let rr = g(gs, &[q], &[m52]);
    let want = g(gs, &[rl], &[r1, rr]);
    assert_eq!(gs.reduced_canonical_form(x), want);
    // Its companion {3/2*|1/2||{*|-3},{-1*,{-1/2|-1*}|-5/2}}.
    let star = gs.nimber(1);
    let cr1 = g(gs, &[star], &[m3]);
    let want = g(gs, &[l], &[cr1, r2]);
    assert_eq!(gs.companion(x), want);
    assert_eq!(gs.incentives(x).len(), 2);
}

/// An all-small game born by day 3 from a mask over the all-small games born by day 2.
fn all_small_day3(gs: &mut Games, lm: u32, rm: u32) -> GameId {
    let d2: Vec<GameId> = day2(gs).into_iter().filter(|&x| gs.is_all_small(x)).collect();
    let l: Vec<GameId> = (0..d2.len()).filter(|i| lm >> i & 1 == 1).map(|i| d2[i]).collect();
    let r: Vec<GameId> = (0..d2.len()).filter(|i| rm >> i & 1 == 1).map(|i| d2[i]).collect();
    // All-small: both sides empty or both nonempty.
    if l.is_empty() != r.is_empty() {
        return gs.zero();
    }
    gs.new_game(&l, &r)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn atomic_weight_is_additive_on_all_small(a in any::<u32>(), b in any::<u32>(), c in any::<u32>(), e in any::<u32>()) {
        let mut gs = Games::new();
        let x = all_small_day3(&mut gs, a, b);
        let y = all_small_day3(&mut gs, c, e);
        prop_assert!(gs.is_all_small(x) && gs.is_all_small(y));
        let wx = gs.atomic_weight(x).unwrap();
        let wy = gs.atomic_weight(y).unwrap();
        let s = gs.add(x, y);
        let ws = gs.atomic_weight(s).unwrap();
        let sum = gs.add(wx, wy);
        prop_assert_eq!(ws, sum);
        // x - x has weight 0, and the weight of x + ↑ is one more.
        let up = gs.up();
        let xu = gs.add(x, up);
        let wxu = gs.atomic_weight(xu).unwrap();
        let one = gs.integer(1);
        let wx1 = gs.add(wx, one);
        prop_assert_eq!(wxu, wx1);
        // The two-ahead rule: weight ≥ 2 wins for Left, ≤ -2 for Right; weight > 0 ... ≥ 1 means x |> 0
        // whenever x is also confused with or above every far star (not tested here).
        let two = gs.integer(2);
        let zero = gs.zero();
        if gs.leq(two, ws) {
            prop_assert!(gs.leq(zero, s) && !gs.leq(s, zero));
        }
        let mtwo = gs.integer(-2);
        if gs.leq(ws, mtwo) {
            prop_assert!(gs.leq(s, zero) && !gs.leq(zero, s));
        }
        // All-small games are infinitesimal with temperature at most 0 and mean 0.
        prop_assert_eq!(gs.mean(s), Dyadic::from_int(0));
        prop_assert!(q_of(gs.temperature(s)) <= q_of(Dyadic::from_int(0)));
    }
}

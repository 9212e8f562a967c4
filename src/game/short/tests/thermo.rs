//! Tests of thermography and atomic weights: worked values (by hand, Winning Ways, CGSuite's conventions)
//! and properties over random games born by day 3.

use crate::game::{Dyadic, GameError, GameId, Games, Thermograph};
use proptest::prelude::*;

pub(super) fn d(n: i64, e: u32) -> Dyadic {
    Dyadic::new(n, e)
}
pub(super) fn int(n: i64) -> Dyadic {
    Dyadic::from_int(n)
}
pub(super) fn g(gs: &mut Games, l: &[GameId], r: &[GameId]) -> GameId {
    gs.new_game(l, r)
}
pub(super) fn n(gs: &mut Games, k: i64) -> GameId {
    gs.integer(k)
}
pub(super) fn th(gs: &mut Games, x: GameId) -> String {
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
pub(super) fn day2(gs: &mut Games) -> Vec<GameId> {
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

pub(super) fn q_of(x: Dyadic) -> super::super::trajectory::Q {
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

//! CGSuite's own expectations for thermography and atomic weights (its CanonicalShortGameTestCase table),
//! and atomic-weight additivity on all-small games.

use super::thermo::{d, day2, g, int, n, q_of};
use crate::game::{Dyadic, GameError, GameId, Games};
use proptest::prelude::*;

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

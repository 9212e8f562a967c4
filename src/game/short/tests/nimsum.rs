//! `G + *m` by the annotated canonicalisation (store/nimsum.rs) against the generic sum, and the nimber
//! comparison sets `LE(D)`, `GE(D)` against `leq` itself.

use crate::game::short::store::nimsum::nat_sets;
use crate::game::{GameId, Games};
use rustc_hash::FxHashMap;

use super::pick;

/// Leaves of the random games: small numbers, nimbers, ups and a switch.
fn leaves(gs: &mut Games) -> Vec<GameId> {
    let one = gs.integer(1);
    let m1 = gs.integer(-1);
    let half = gs.number(crate::game::Dyadic::new(1, 1));
    let z = gs.zero();
    let s = gs.star();
    let s2 = gs.nimber(2);
    let up = gs.up();
    let sw = gs.new_game(&[one], &[m1]);
    vec![z, s, one, m1, up, s2, half, sw]
}

/// A random game of depth two from five words: three games over the leaves, then one over those and the leaves.
fn depth_two(gs: &mut Games, a: &[u32]) -> GameId {
    let base = leaves(gs);
    let mask = (1u32 << base.len()) - 1;
    let mut pool = base.clone();
    for &bits in &a[..3] {
        let g = pick(gs, &base, bits & mask, (bits >> 8) & mask);
        pool.push(g);
    }
    let pm = (1u32 << pool.len()) - 1;
    pick(gs, &pool, a[3] & pm, a[4] & pm)
}

/// `g + *m` by the generic canonicalisation (the fast sum switched off, the sum cache emptied).
fn generic_sum(gs: &mut Games, g: GameId, m: u64) -> GameId {
    let saved = gs.fast_nim_sum_from;
    gs.fast_nim_sum_from = u64::MAX;
    gs.clear_caches();
    let h = gs.nimber(m);
    let s = gs.add(g, h);
    gs.fast_nim_sum_from = saved;
    gs.clear_caches();
    s
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(60))]
    /// `LE(D) = {y : D <= *y}` and `GE(D) = {y : *y <= D}` agree with `leq` for `y < 48` on random games of
    /// depth two and their followers.
    #[test]
    fn nimber_comparison_sets_agree_with_leq(a in proptest::prelude::any::<[u32; 6]>()) {
        let mut gs = Games::new();
        let d = depth_two(&mut gs, &a);
        let mut sets = FxHashMap::default();
        for f in gs.followers(d) {
            let (le, ge) = nat_sets(&mut gs, &mut sets, f);
            for y in 0..48u64 {
                let star = gs.nimber(y);
                proptest::prop_assert_eq!(le.contains(y), gs.leq(f, star), "D <= *{}", y);
                proptest::prop_assert_eq!(ge.contains(y), gs.leq(star, f), "*{} <= D", y);
            }
        }
    }

    /// `G + *m` by the fast sum equals the generic sum, for random games of depth two and `m` from 64 to 79
    /// (the fast sum starts at 64); and `(G + *m) + *m = G` (a property of the group).
    #[test]
    fn fast_nimber_sum_agrees_with_the_generic_sum(a in proptest::prelude::any::<[u32; 6]>(), m in 64u64..80) {
        let mut gs = Games::new();
        let g = depth_two(&mut gs, &a);
        let star = gs.nimber(m);
        let fast = gs.add(g, star);
        let back = gs.add(fast, star);
        proptest::prop_assert_eq!(back, g);
        let slow = generic_sum(&mut gs, g, m);
        proptest::prop_assert_eq!(fast, slow);
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(16))]
    /// The same on games of depth three (more followers, so more differences and replies that are not nimbers).
    #[test]
    fn fast_nimber_sum_agrees_on_deeper_games(a in proptest::prelude::any::<[u32; 9]>(), m in 64u64..72) {
        let mut gs = Games::new();
        let base = leaves(&mut gs);
        let mask = (1u32 << base.len()) - 1;
        let mut one = base.clone();
        for &bits in &a[..3] {
            let g = pick(&mut gs, &base, bits & mask, (bits >> 8) & mask);
            one.push(g);
        }
        let om = (1u32 << one.len()) - 1;
        let mut two = Vec::new();
        for &bits in &a[3..7] {
            let g = pick(&mut gs, &one, bits & om, (bits >> 11) & om);
            two.push(g);
        }
        let g = pick(&mut gs, &two, a[7] & 15, (a[7] >> 4) & 15);
        let star = gs.nimber(m);
        let fast = gs.add(g, star);
        let slow = generic_sum(&mut gs, g, m);
        proptest::prop_assert_eq!(fast, slow);
    }
}

/// The input: `Up(1/2) = {0 | *, ↑}` plus `*1000` is `{0 | *1001, ↑*1000}` (the pattern
/// `{0 | *(m xor 1), ↑*m}` of every `m >= 2`, which the generic sum gives for m = 2..40: checked here for
/// m = 70 and 71 against it), with Left stop 0 (the stops of `G + *m` are those of `G`).
#[test]
fn up_half_plus_a_large_nimber() {
    let mut gs = Games::new();
    let z = gs.zero();
    let s = gs.star();
    let up = gs.up();
    let g = gs.new_game(&[z], &[s, up]);
    for m in [70u64, 71, 1000] {
        let star = gs.nimber(m);
        let sum = gs.add(g, star);
        let r1 = gs.nimber(m ^ 1);
        let r2 = gs.add(up, star);
        let want = gs.new_game(&[z], &[r1, r2]);
        assert_eq!(sum, want, "m = {m}");
        assert_eq!(gs.left_stop(sum), crate::game::Dyadic::ZERO);
        if m < 100 {
            assert_eq!(generic_sum(&mut gs, g, m), want, "m = {m}");
        }
    }
}

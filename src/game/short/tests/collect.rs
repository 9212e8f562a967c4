//! Collection of unreachable games (`store/collect.rs`): freed slots are reused, survivors keep their options,
//! printed forms and comparisons (checked against a fresh arena that never collected), and hash-consing
//! still gives equal games equal ids.

use super::core::{day2, random_game};
use crate::game::{GameId, Games};
use proptest::prelude::*;
use std::collections::HashMap;

/// A small deterministic generator (xorshift64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn mask(&mut self) -> u32 {
        (self.next() & 0x3f_ffff) as u32
    }
}

/// `g` of arena `a` rebuilt in arena `b` from its options.
fn copy(a: &mut Games, b: &mut Games, g: GameId, memo: &mut HashMap<GameId, GameId>) -> GameId {
    if let Some(&c) = memo.get(&g) {
        return c;
    }
    let l: Vec<GameId> = a.left_options(g).into_iter().map(|o| copy(a, b, o, memo)).collect();
    let r: Vec<GameId> = a.right_options(g).into_iter().map(|o| copy(a, b, o, memo)).collect();
    let c = b.new_game(&l, &r);
    memo.insert(g, c);
    c
}

/// A game built from day-2 games by sums, negatives and a switch (many intermediate games).
fn busy_game(gs: &mut Games, d2: &[GameId], rng: &mut Rng) -> GameId {
    let (m1, m2, m3, m4) = (rng.mask(), rng.mask(), rng.mask(), rng.mask());
    let x = random_game(gs, d2, m1 & m2, m2 & !m1);
    let y = random_game(gs, d2, m3 & 0x155555, m4);
    let w = random_game(gs, d2, m3 & m4, m1 & 0x2aaaaa);
    let s = gs.add(x, y);
    let s = gs.add(s, w);
    let n = gs.neg(y);
    let t = gs.new_game(&[s, x], &[n]);
    gs.add(t, w)
}

#[test]
fn freed_slots_are_reused_and_survivors_are_intact() {
    let mut gs = Games::new();
    let d2 = day2(&mut gs);
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut kept: Vec<GameId> = Vec::new();
    let mut slots_after = Vec::new();
    for round in 0..40 {
        let mut last = gs.zero();
        for _ in 0..40 {
            last = busy_game(&mut gs, &d2, &mut rng);
        }
        if round % 8 == 0 {
            kept.push(last);
        }
        let roots: Vec<GameId> = d2.iter().chain(&kept).copied().collect();
        let freed = gs.collect(&roots);
        assert!(freed > 0, "round {round}: every round leaves garbage");
        slots_after.push(gs.slots());
    }
    // The arena stays bounded: later rounds reuse the slots the first ones freed.
    let first = slots_after[2];
    let most = *slots_after.iter().max().unwrap();
    assert!(most <= 2 * first, "arena grew from {first} to {most} slots: {slots_after:?}");
    assert_eq!(gs.collection_stats().0, 40);

    // Survivors against a fresh arena that never collected.
    let mut fresh = Games::new();
    let mut memo = HashMap::new();
    let copies: Vec<GameId> = kept.iter().map(|&g| copy(&mut gs, &mut fresh, g, &mut memo)).collect();
    for (&g, &c) in kept.iter().zip(&copies) {
        assert_eq!(gs.display(g), fresh.display(c));
        assert_eq!(gs.left_options(g).len(), fresh.left_options(c).len());
        // Hash-consing: the survivor rebuilt from its own options is itself.
        let (l, r) = (gs.left_options(g), gs.right_options(g));
        assert_eq!(gs.new_game(&l, &r), g);
        let z = gs.zero();
        assert_eq!(gs.sub(g, g), z);
    }
    for (i, &g) in kept.iter().enumerate() {
        for (j, &h) in kept.iter().enumerate() {
            assert_eq!(gs.cmp(g, h), fresh.cmp(copies[i], copies[j]), "compare kept {i} and {j}");
            let s = gs.add(g, h);
            let t = fresh.add(copies[i], copies[j]);
            assert_eq!(gs.display(s), fresh.display(t));
        }
    }
}

#[test]
fn collecting_everything_keeps_zero_and_rebuilds_equal_games() {
    let mut gs = Games::new();
    let d2 = day2(&mut gs);
    let before: Vec<String> = d2.iter().map(|&g| gs.display(g)).collect();
    gs.collect(&[]);
    assert_eq!(gs.len(), 1, "only 0 survives a collection without roots");
    let z = gs.zero();
    assert_eq!(gs.display(z), "0");
    // Rebuilt after everything was freed: the same printed forms, and equal games get equal ids.
    let again = day2(&mut gs);
    let after: Vec<String> = again.iter().map(|&g| gs.display(g)).collect();
    assert_eq!(before, after);
    let twice = day2(&mut gs);
    assert_eq!(again, twice);
    // Nimbers share one option run; after a collection that keeps *3 only, *5 is rebuilt around it.
    let s3 = gs.uptimal(crate::game::Dyadic::ZERO, 0, 3);
    let s7 = gs.uptimal(crate::game::Dyadic::ZERO, 0, 7);
    gs.collect(&[s3]);
    let s5 = gs.uptimal(crate::game::Dyadic::ZERO, 0, 5);
    assert_eq!(gs.display(s3), "*3");
    assert_eq!(gs.display(s5), "*5");
    assert_eq!(gs.left_options(s5).len(), 5);
    let s2 = gs.uptimal(crate::game::Dyadic::ZERO, 0, 2);
    let s7b = gs.add(s5, s2);
    assert_eq!(gs.display(s7b), "*7");
    let _ = s7;
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    /// Arithmetic interleaved with collections answers exactly as an arena that never collects.
    #[test]
    fn collections_do_not_change_answers(seed in any::<u64>(), every in 1usize..6) {
        let mut gs = Games::new();
        let mut plain = Games::new();
        let d2 = day2(&mut gs);
        let p2 = day2(&mut plain);
        let mut rng = Rng(seed | 1);
        let mut held: Vec<(GameId, GameId)> = d2.iter().copied().zip(p2.iter().copied()).collect();
        for step in 0..30 {
            let i = (rng.next() % held.len() as u64) as usize;
            let j = (rng.next() % held.len() as u64) as usize;
            let ((x, px), (y, py)) = (held[i], held[j]);
            let (s, ps) = (gs.add(x, y), plain.add(px, py));
            let z = gs.zero();
            prop_assert_eq!(gs.sub(s, s), z);
            let yx = gs.add(y, x);
            prop_assert_eq!(s, yx);
            let (l, r) = (gs.left_options(s), gs.right_options(s));
            prop_assert_eq!(gs.new_game(&l, &r), s);
            prop_assert_eq!(gs.display(s), plain.display(ps));
            prop_assert_eq!(gs.cmp(s, x), plain.cmp(ps, px));
            let (n, pn) = (gs.neg(s), plain.neg(ps));
            let (t, pt) = (gs.new_game(&[s], &[n, x]), plain.new_game(&[ps], &[pn, px]));
            prop_assert_eq!(gs.display(t), plain.display(pt));
            if held.len() < 40 {
                held.push((t, pt));
            } else {
                held[i] = (t, pt);
            }
            if step % every == 0 {
                let roots: Vec<GameId> = held.iter().map(|h| h.0).collect();
                gs.collect(&roots);
            }
        }
        for &(g, p) in &held {
            prop_assert_eq!(gs.display(g), plain.display(p));
            prop_assert_eq!(gs.birthday(g), plain.birthday(p));
        }
    }
}

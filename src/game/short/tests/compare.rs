//! Cross-checks of the comparison core against the plain definitions: `leq` (stop shortcuts, the
//! number-ups-stars formula, number avoidance, the lossy cache) against G ≤ H iff no G^L ≥ H and no
//! H^R ≤ G; `new_game` (dominated options removed before reversible ones are bypassed) against "the
//! result is canonical and equal to the form it was given"; and arenas with tiny caches (entries evicted
//! all the time) against arenas with the usual ones.

use super::core::{assert_canonical, day2, random_game};
use crate::game::{Dyadic, GameId, Games};
use proptest::prelude::*;
use std::collections::HashMap;

type Memo = HashMap<(GameId, GameId), bool>;

/// `g <= h` by the definition alone (memoised, no shortcut of any kind).
fn def_leq(gs: &mut Games, memo: &mut Memo, g: GameId, h: GameId) -> bool {
    if let Some(&b) = memo.get(&(g, h)) {
        return b;
    }
    let mut r = true;
    for gl in gs.left_options(g) {
        if def_leq(gs, memo, h, gl) {
            r = false;
            break;
        }
    }
    if r {
        for hr in gs.right_options(h) {
            if def_leq(gs, memo, hr, g) {
                r = false;
                break;
            }
        }
    }
    memo.insert((g, h), r);
    r
}

/// `y <= {l | r}` (`below`) or `y >= {l | r}` (`!below`) by the definition, for the form `{l | r}`.
fn def_cmp_form(
    gs: &mut Games,
    memo: &mut Memo,
    fmemo: &mut Memo,
    y: GameId,
    below: bool,
    l: &[GameId],
    r: &[GameId],
) -> bool {
    // (fmemo's second component is the direction, encoded as the id 0 or 1.)
    let key = (y, GameId(u32::from(below)));
    if let Some(&b) = fmemo.get(&key) {
        return b;
    }
    let res = if below {
        // No {l|r}^R <= y, and no y^L >= {l|r}.
        !r.iter().any(|&rj| def_leq(gs, memo, rj, y))
            && !gs.left_options(y).into_iter().any(|yl| def_cmp_form(gs, memo, fmemo, yl, false, l, r))
    } else {
        // No {l|r}^L >= y, and no y^R <= {l|r}.
        !l.iter().any(|&li| def_leq(gs, memo, y, li))
            && !gs.right_options(y).into_iter().any(|yr| def_cmp_form(gs, memo, fmemo, yr, true, l, r))
    };
    fmemo.insert(key, res);
    res
}

/// A pool of games: random day-3 games, their sums, negatives and translates by numbers and ups, and
/// all their followers (at most `cap`, sorted by id).
fn pool(gs: &mut Games, seeds: &[(u32, u32)], cap: usize) -> Vec<GameId> {
    let d2 = day2(gs);
    let xs: Vec<GameId> = seeds.iter().map(|&(a, b)| random_game(gs, &d2, a & b.rotate_left(5), b & !a)).collect();
    let half = gs.number(Dyadic::new(1, 1));
    let up = gs.up();
    let mut tops = xs.clone();
    for w in xs.windows(2) {
        let s = gs.add(w[0], w[1]);
        let n = gs.neg(w[1]);
        let d = gs.add(w[0], n);
        tops.extend([s, d]);
    }
    let t = gs.add(xs[0], half);
    let u = gs.add(xs[xs.len() - 1], up);
    tops.extend([t, u, half, up]);
    let mut all = Vec::new();
    for &x in &tops {
        all.extend(gs.followers(x));
    }
    all.sort_unstable();
    all.dedup();
    // Keep the tops and an even spread of the rest.
    let step = all.len().div_ceil(cap).max(1);
    let mut out: Vec<GameId> = all.iter().copied().step_by(step).collect();
    out.extend(tops);
    out.sort_unstable();
    out.dedup();
    out
}

fn seeds() -> impl Strategy<Value = Vec<(u32, u32)>> {
    proptest::collection::vec((0u32..1 << 22, 0u32..1 << 22), 3..5)
}

/// `leq` (with every shortcut and the cache) equals [`def_leq`] on every ordered pair of `pool`.
fn leq_agrees_on_every_pair(gs: &mut Games, pool: &[GameId]) -> Result<(), TestCaseError> {
    let mut memo = Memo::new();
    for &a in pool {
        for &b in pool {
            let want = def_leq(gs, &mut memo, a, b);
            prop_assert_eq!(gs.leq(a, b), want, "{} <= {}", gs.display(a), gs.display(b));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// `leq` with all its shortcuts and its cache equals the definition on every pair of a pool; in an
    /// arena whose caches hold 16 entries as well (evicting constantly).
    #[test]
    fn leq_shortcuts_agree_with_the_definition(s in seeds(), tiny in any::<bool>()) {
        let mut gs = if tiny { Games::with_cache_bits(4) } else { Games::new() };
        let p = pool(&mut gs, &s, 70);
        leq_agrees_on_every_pair(&mut gs, &p)?;
    }

    /// `new_game` of arbitrary option lists (with dominated and reversible options) is in canonical form
    /// and equal to the form it was given, so it is *the* canonical form: the order in which dominated
    /// and reversible options are removed does not show.
    #[test]
    fn new_game_gives_the_canonical_form(s in seeds(), masks in proptest::collection::vec(any::<(u64, u64)>(), 6)) {
        let mut gs = Games::new();
        let p = pool(&mut gs, &s, 40);
        let mut memo = Memo::new();
        for (lm, rm) in masks {
            let pick = |m: u64| -> Vec<GameId> {
                p.iter().enumerate().filter(|(i, _)| m >> (i % 64) & 1 == 1 && (m >> ((i * 7) % 64)) & 1 == 1)
                    .map(|(_, &g)| g).take(9).collect()
            };
            let (l, r) = (pick(lm), pick(rm));
            let x = gs.new_game(&l, &r);
            assert_canonical(&mut gs, x);
            let mut fmemo = Memo::new();
            prop_assert!(def_cmp_form(&mut gs, &mut memo, &mut fmemo, x, true, &l, &r));
            prop_assert!(def_cmp_form(&mut gs, &mut memo, &mut fmemo, x, false, &l, &r));
        }
    }

    /// A sum (whose dominated options are searched only between options of different kinds) equals
    /// `new_game` of its options computed one by one (compared all against all).
    #[test]
    fn sums_equal_the_plain_canonical_form(s in seeds()) {
        let mut gs = Games::new();
        let p = pool(&mut gs, &s, 16);
        for &g in &p {
            for &h in &p {
                let sum = gs.add(g, h);
                let (gl, gr, hl, hr) = (gs.left_options(g), gs.right_options(g), gs.left_options(h), gs.right_options(h));
                let mut l: Vec<GameId> = gl.iter().map(|&o| gs.add(o, h)).collect();
                l.extend(hl.iter().map(|&o| gs.add(g, o)));
                let mut r: Vec<GameId> = gr.iter().map(|&o| gs.add(o, h)).collect();
                r.extend(hr.iter().map(|&o| gs.add(g, o)));
                if gs.is_number(g) || gs.is_number(h) {
                    continue;
                }
                prop_assert_eq!(gs.new_game(&l, &r), sum, "{} + {}", gs.display(g), gs.display(h));
            }
        }
    }

    /// Sums and comparisons in an arena with 16-entry caches print the same as in a usual arena.
    #[test]
    fn tiny_caches_give_the_same_values(s in seeds()) {
        let mut big = Games::new();
        let mut small = Games::with_cache_bits(4);
        let pb = pool(&mut big, &s, 12);
        let ps = pool(&mut small, &s, 12);
        prop_assert_eq!(pb.len(), ps.len());
        for i in 0..pb.len() {
            prop_assert_eq!(big.display(pb[i]), small.display(ps[i]));
            for j in 0..pb.len() {
                let (sb, ss) = (big.add(pb[i], pb[j]), small.add(ps[i], ps[j]));
                prop_assert_eq!(big.display(sb), small.display(ss));
                prop_assert_eq!(big.cmp(pb[i], pb[j]), small.cmp(ps[i], ps[j]));
            }
        }
    }
}

#[test]
fn stops_are_stored_with_each_game() {
    let mut gs = Games::new();
    let p = pool(&mut gs, &[(0x2f_0f0f, 0x13_5555), (0x3c_3c3c, 0x0a_aaaa), (0x15_1234, 0x2a_4321)], 200);
    for &g in &p {
        // Stops by their definition: a number is its own stop; LS = max RS(G^L), RS = min LS(G^R).
        let want = match gs.number_value(g) {
            Some(x) => (x, x),
            None => {
                let l = gs.left_options(g).into_iter().map(|o| gs.right_stop(o)).max().unwrap();
                let r = gs.right_options(g).into_iter().map(|o| gs.left_stop(o)).min().unwrap();
                (l, r)
            }
        };
        assert_eq!(gs.stops(g), want, "{}", gs.display(g));
    }
}

/// Random all-small games (every follower has options for both players or for neither): each is
/// `new_game` of two non-empty random subsets of those before it, starting from 0.
fn all_small_pool(gs: &mut Games, seed: u64, n: usize) -> Vec<GameId> {
    let mut v = vec![gs.zero()];
    let mut x = seed | 1;
    let mut next = move || {
        // xorshift64
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for _ in 0..n {
        let mut pick = || -> Vec<GameId> {
            let bits = next();
            let mut s: Vec<GameId> =
                v.iter().enumerate().filter(|(i, _)| bits >> (i % 61) & 3 == 0).map(|(_, &g)| g).collect();
            s.truncate(5);
            if s.is_empty() {
                s.push(v[(bits >> 61) as usize % v.len()]);
            }
            s
        };
        let (l, r) = (pick(), pick());
        let g = gs.new_game(&l, &r);
        assert!(gs.is_all_small(g));
        v.push(g);
    }
    v.sort_unstable();
    v.dedup();
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// On all-small games (all stops 0, so only the up brackets and the cache can shortcut) `leq` equals
    /// the definition on every pair.
    #[test]
    fn leq_on_all_small_games_agrees_with_the_definition(seed in any::<u64>(), tiny in any::<bool>()) {
        let mut gs = if tiny { Games::with_cache_bits(4) } else { Games::new() };
        let p = all_small_pool(&mut gs, seed, 60);
        leq_agrees_on_every_pair(&mut gs, &p)?;
    }

    /// The up brackets stored with every node (`brackets.rs`) are exactly where the game lies against
    /// `k·↑ + s·*` for `|k| <= 7`, by the definition; on general and all-small games.
    #[test]
    fn up_brackets_agree_with_the_definition(s in seeds(), seed in any::<u64>()) {
        let mut gs = Games::new();
        let mut p = pool(&mut gs, &s, 60);
        p.extend(all_small_pool(&mut gs, seed, 40));
        let mut memo = Memo::new();
        let tests: Vec<(i8, u8, GameId)> = (-7i8..=7)
            .flat_map(|k| [(k, 0u8), (k, 1u8)])
            .map(|(k, st)| (k, st, gs.uptimal(Dyadic::ZERO, i64::from(k), u64::from(st))))
            .collect();
        for &g in &p {
            let mut want = [-8i8, 8, -8, 8];
            for &(k, st, t) in &tests {
                let i = 2 * st as usize;
                if def_leq(&mut gs, &mut memo, t, g) {
                    want[i] = want[i].max(k);
                }
                if def_leq(&mut gs, &mut memo, g, t) {
                    want[i + 1] = want[i + 1].min(k);
                }
            }
            prop_assert_eq!(gs.up_brackets(g), want, "{}", gs.display(g));
        }
    }
}

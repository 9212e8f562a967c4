//! Engine tests: literal graphs of [WW]/[CGT] examples and property tests on random small stoppers.

use super::*;
use crate::game::Games;

fn g1(left: Vec<Edge>, right: Vec<Edge>) -> Graph {
    Graph { verts: vec![Vertex { left, right }], start: 0 }
}

fn canon(a: &mut LoopyArena, games: &mut Games, g: &Graph) -> Stopper {
    a.canonical(games, g).expect("a stopper")
}

fn show(a: &mut LoopyArena, games: &mut Games, s: Stopper) -> String {
    a.display(games, s).unwrap()
}

const P: Edge = Edge::Loopy(0);

#[test]
fn constants_print() {
    let mut games = Games::new();
    let mut a = LoopyArena::default();
    let z = Edge::Short(games.zero());
    let star = Edge::Short(games.star());
    let on = canon(&mut a, &mut games, &g1(vec![P], vec![]));
    let off = canon(&mut a, &mut games, &g1(vec![], vec![P]));
    let over = canon(&mut a, &mut games, &g1(vec![z], vec![P]));
    let upon = canon(&mut a, &mut games, &g1(vec![P], vec![star]));
    // LOOPY.md §1.3 #1–#3 (CGSuite EvalTest).
    assert_eq!(show(&mut a, &mut games, on), "on");
    assert_eq!(show(&mut a, &mut games, off), "off");
    assert_eq!(show(&mut a, &mut games, over), "over");
    assert_eq!(show(&mut a, &mut games, upon), "^[on]");
    let nu = a.neg(&mut games, upon);
    assert_eq!(show(&mut a, &mut games, nu), "v[on]");
    // [WW]: 0 < over < 1/1024 < on; upon < over.
    let zero = Stopper::Short(games.zero());
    assert!(a.leq(&mut games, zero, over).unwrap());
    assert!(!a.leq(&mut games, over, zero).unwrap());
    let tiny = Stopper::Short(games.number(crate::game::Dyadic::new(1, 10)));
    assert!(a.leq(&mut games, over, tiny).unwrap() && !a.leq(&mut games, tiny, over).unwrap());
    assert!(a.leq(&mut games, over, on).unwrap() && !a.leq(&mut games, on, over).unwrap());
    assert!(a.leq(&mut games, upon, over).unwrap() && !a.leq(&mut games, over, upon).unwrap());
    // over + over == over ([CGS-T]); on + 5 == on ([WW]).
    assert_eq!(a.add(&mut games, over, over).unwrap(), Sum::Stopper(over));
    let five = Stopper::Short(games.integer(5));
    assert_eq!(a.add(&mut games, on, five).unwrap(), Sum::Stopper(on));
    let fo = a.add(&mut games, over, five).unwrap();
    let Sum::Stopper(fo) = fo else { panic!() };
    assert_eq!(show(&mut a, &mut games, fo), "5over");
    // over + under is not a stopper.
    let under = a.neg(&mut games, over);
    assert_eq!(a.add(&mut games, over, under).unwrap(), Sum::NotStopper);
}

#[test]
fn fused_cycle_is_on() {
    // A Left-only 3-cycle is `on` (LOOPY.md §2.6, Cyc).
    let mut games = Games::new();
    let mut a = LoopyArena::default();
    let g = Graph {
        verts: vec![
            Vertex { left: vec![Edge::Loopy(1)], right: vec![] },
            Vertex { left: vec![Edge::Loopy(2)], right: vec![] },
            Vertex { left: vec![Edge::Loopy(0)], right: vec![] },
        ],
        start: 0,
    };
    let on = canon(&mut a, &mut games, &g1(vec![P], vec![]));
    assert_eq!(canon(&mut a, &mut games, &g), on);
}

#[test]
fn sides_by_sidling() {
    let mut games = Games::new();
    let mut a = LoopyArena::default();
    // tis = a<<|a>|> (vertex 0 = a, 1 = <|a>): 1 & 0 ([WW] ch. 11; CGSuite SidedValueTestCase).
    let tis = Graph {
        verts: vec![
            Vertex { left: vec![Edge::Loopy(1)], right: vec![] },
            Vertex { left: vec![], right: vec![Edge::Loopy(0)] },
        ],
        start: 0,
    };
    assert!(!LoopyArena::is_stopper(&tis));
    let on = a.side(&mut games, &tis, true).unwrap();
    let off = a.side(&mut games, &tis, false).unwrap();
    assert_eq!(on, Stopper::Short(games.integer(1)));
    assert_eq!(off, Stopper::Short(games.zero()));
    // over + under = over & under ([CGS-T], LOOPY.md §4 #39).
    let z = Edge::Short(games.zero());
    let over = canon(&mut a, &mut games, &g1(vec![z], vec![P]));
    let under = a.neg(&mut games, over);
    assert_eq!(a.sidesum(&mut games, over, under, true).unwrap(), over);
    assert_eq!(a.sidesum(&mut games, over, under, false).unwrap(), under);
}

/// A deterministic stream of small random stopper graphs (1–3 loopy vertices, leaves among 0, 1, -1, *).
fn random_stoppers(games: &mut Games, count: usize) -> Vec<Graph> {
    let leaves = [games.zero(), games.integer(1), games.integer(-1), games.star()];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move |n: u64| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    let mut out = Vec::new();
    while out.len() < count {
        let k = 1 + next(3) as u32;
        let mut verts = Vec::new();
        for _ in 0..k {
            let mut v = Vertex::default();
            for side in 0..2 {
                for _ in 0..next(3) {
                    let e = if next(2) == 0 {
                        Edge::Loopy(next(k as u64) as u32)
                    } else {
                        Edge::Short(leaves[next(4) as usize])
                    };
                    if side == 0 {
                        v.left.push(e);
                    } else {
                        v.right.push(e);
                    }
                }
            }
            verts.push(v);
        }
        let g = Graph { verts, start: 0 };
        if LoopyArena::is_stopper(&g) {
            out.push(g);
        }
    }
    out
}

/// `G <= H` for two arbitrary stopper graphs, straight from the survival test (no canonical forms).
fn raw_leq(games: &mut Games, g: &Graph, h: &Graph) -> bool {
    let fa = Flat::new(games, g);
    let fb = Flat::new(games, h);
    compare::Survival::new(games, &fa, &fb).unwrap().le(g.start, h.start)
}

#[test]
fn canonical_forms_are_idempotent_and_equal() {
    let mut games = Games::new();
    let mut a = LoopyArena::default();
    for g in random_stoppers(&mut games, 300) {
        let c = canon(&mut a, &mut games, &g);
        let cg = a.as_graph(&games, c);
        // canon(canon(G)) == canon(G).
        assert_eq!(canon(&mut a, &mut games, &cg), c, "{g:?}");
        // G == canon(G), by the survival test on the literal graph.
        let g = compare::restrict(&g);
        assert!(raw_leq(&mut games, &g, &cg) && raw_leq(&mut games, &cg, &g), "{g:?}");
    }
}

#[test]
fn differences_are_zero_or_draws_and_sums_associate() {
    let mut games = Games::new();
    let mut a = LoopyArena::default();
    let zero = Stopper::Short(games.zero());
    let gs: Vec<Stopper> = random_stoppers(&mut games, 40).iter().map(|g| canon(&mut a, &mut games, g)).collect();
    let mut sided = 0;
    for &g in &gs {
        let ng = a.neg(&mut games, g);
        match a.add(&mut games, g, ng).unwrap() {
            // G - G is a stopper only when it is 0 (outcome P).
            Sum::Stopper(s) => assert_eq!(s, zero),
            Sum::NotStopper => {
                sided += 1;
                // Outcome P or D: onside >= 0 and offside <= 0 (when sidling settles).
                if let (Ok(on), Ok(off)) = (a.sidesum(&mut games, g, ng, true), a.sidesum(&mut games, g, ng, false)) {
                    assert!(a.leq(&mut games, zero, on).unwrap() && a.leq(&mut games, off, zero).unwrap());
                }
            }
        }
    }
    assert!(sided > 0, "the sample has loopy differences");
    // (G + H) + K == G + (H + K) whenever every partial sum is a stopper.
    let mut checked = 0;
    for w in gs.windows(3) {
        let (g, h, k) = (w[0], w[1], w[2]);
        let (Sum::Stopper(gh), Sum::Stopper(hk)) = (a.add(&mut games, g, h).unwrap(), a.add(&mut games, h, k).unwrap())
        else {
            continue;
        };
        let (Sum::Stopper(l), Sum::Stopper(r)) = (a.add(&mut games, gh, k).unwrap(), a.add(&mut games, g, hk).unwrap())
        else {
            continue;
        };
        assert_eq!(l, r);
        checked += 1;
    }
    assert!(checked > 5, "only {checked} associativity checks");
}

#[test]
fn cycling_positions_by_components() {
    // LOOPY.md §2.6: Cyc (a Left-only 3-cycle) is `on` at every position; Spin (n -> 1 - n for both players)
    // is `dud` = on & off ([WW] definitions of on and dud); a position with an exit to 0 below the cycle.
    let mut games = Games::new();
    let mut a = LoopyArena::default();
    let on = a.on();
    let off = a.off();
    let l = |v: u32| Vertex { left: vec![Edge::Loopy(v)], right: vec![] };
    let cyc =
        positions::position_values(&mut a, &mut games, &PosGraph::from_vertices(&[l(1), l(2), l(0)]), &[]).unwrap();
    assert!(cyc.iter().all(|v| *v == (SideValue::Stopper(on), SideValue::Stopper(on))));
    let both = |v: u32| Vertex { left: vec![Edge::Loopy(v)], right: vec![Edge::Loopy(v)] };
    let spin =
        positions::position_values(&mut a, &mut games, &PosGraph::from_vertices(&[both(1), both(0)]), &[]).unwrap();
    assert!(spin.iter().all(|v| *v == (SideValue::Stopper(on), SideValue::Stopper(off))));
    // Position 0 = <1 | pass-like cycle through 1>, position 1 = <0 | 2>, position 2 = 0 (a finished leaf).
    let z = games.zero();
    let over = Vertex { left: vec![Edge::Short(z)], right: vec![Edge::Loopy(0)] };
    let vals =
        positions::position_values(&mut a, &mut games, &PosGraph::from_vertices(&[over, Vertex::default()]), &[])
            .unwrap();
    let zero = Stopper::Short(z);
    assert_eq!(vals[1], (SideValue::Stopper(zero), SideValue::Stopper(zero)));
    assert_eq!(a.display_side(&mut games, &vals[0].0).unwrap(), "over");
}

#[test]
fn side_table_agrees_with_the_survival_test_on_stoppers() {
    // For stoppers both sides are the stopper itself, so the side-aware comparison (sided.rs) must agree with
    // the survival test (compare.rs) in both senses: two independent routes.
    let mut games = Games::new();
    let gs = random_stoppers(&mut games, 40);
    for w in gs.windows(2) {
        let (g, h) = (compare::restrict(&w[0]), compare::restrict(&w[1]));
        let expect = raw_leq(&mut games, &g, &h);
        let (fa, fb) = (Flat::new(&games, &g), Flat::new(&games, &h));
        for onside in [true, false] {
            let t = sided::SideTable::new(&mut games, &fa, &fb, onside).unwrap();
            assert_eq!(t.le(g.start, h.start), expect, "{g:?} {h:?} onside={onside}");
        }
    }
}

#[test]
fn sides_by_deletion_agree_with_sidling() {
    // Sums of random stoppers that are not stoppers: where sidling settles, edge deletion (another route, by
    // the side-aware comparison) finds the same side.
    let mut games = Games::new();
    let mut a = LoopyArena::default();
    let gs: Vec<Stopper> = random_stoppers(&mut games, 40).iter().map(|g| canon(&mut a, &mut games, g)).collect();
    let mut checked = 0;
    let pairs: Vec<(Stopper, Stopper)> =
        gs.iter().enumerate().flat_map(|(i, &g)| gs[i..].iter().map(move |&h| (g, h))).collect();
    for (g, h) in pairs {
        let h = a.neg(&mut games, h);
        if a.add(&mut games, g, h).unwrap() != Sum::NotStopper {
            continue;
        }
        let (ga, hb) = (a.as_graph(&games, g), a.as_graph(&games, h));
        let prod = product(&mut games, &ga, &hb).unwrap();
        for onside in [true, false] {
            if let Ok(s) = a.side_by_sidling(&mut games, &prod, onside) {
                let d = a.side_by_deletion(&mut games, &prod, onside).expect("deletion finds the side");
                assert_eq!(s, d, "{prod:?} onside={onside}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 10, "only {checked} sides compared");
}

/// A deterministic stream of small random graphs that are not stoppers (1–4 loopy vertices, 0–2 edges per
/// player and vertex, leaves among 0, 1, -1, *), seeded by `seed`.
fn random_non_stoppers(games: &mut Games, count: usize, seed: u64) -> Vec<Graph> {
    let leaves = [games.zero(), games.integer(1), games.integer(-1), games.star()];
    let mut state: u64 = seed;
    let mut next = move |n: u64| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    let mut out = Vec::new();
    while out.len() < count {
        let k = 1 + next(4) as u32;
        let mut verts = Vec::new();
        for _ in 0..k {
            let mut v = Vertex::default();
            for side in 0..2 {
                for _ in 0..next(3) {
                    let e = if next(3) > 0 {
                        Edge::Loopy(next(k as u64) as u32)
                    } else {
                        Edge::Short(leaves[next(4) as usize])
                    };
                    if side == 0 {
                        v.left.push(e);
                    } else {
                        v.right.push(e);
                    }
                }
            }
            verts.push(v);
        }
        let g = Graph { verts, start: 0 };
        if !LoopyArena::is_stopper(&g) {
            out.push(g);
        }
    }
    out
}

#[test]
fn deleting_an_edge_moves_sides_one_way_only() {
    // The monotonicity `sided::delete_all` tests one direction by: without one of Left's edges every vertex's
    // side (onside and offside) is at most what it was; without one of Right's, at least. Checked on every
    // single-edge deletion of random graphs, against the side-aware comparison of the two graphs.
    let mut games = Games::new();
    let mut checked = 0;
    for g in random_non_stoppers(&mut games, 60, 0x2545_F491_4F6C_DD1D) {
        let fg = Flat::new(&games, &g);
        for v in 0..g.verts.len() {
            for left in [true, false] {
                let n = if left { g.verts[v].left.len() } else { g.verts[v].right.len() };
                for i in 0..n {
                    let mut cand = g.clone();
                    if left {
                        cand.verts[v].left.remove(i);
                    } else {
                        cand.verts[v].right.remove(i);
                    }
                    let fc = Flat::new(&games, &cand);
                    for onside in [true, false] {
                        let t = if left {
                            sided::SideTable::new(&mut games, &fc, &fg, onside).unwrap()
                        } else {
                            sided::SideTable::new(&mut games, &fg, &fc, onside).unwrap()
                        };
                        for w in 0..g.verts.len() as u32 {
                            assert!(t.le(w, w), "{g:?} without {v}/{left}/{i}, vertex {w}, onside={onside}");
                        }
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked >= 200, "only {checked} deletions checked");
}

#[test]
fn whole_graph_deletion_agrees_with_the_per_position_route() {
    // `sided::delete_all` (groups of one player's edges, one comparison per trial, every vertex at once) against
    // the unoptimised route, `side_by_deletion` (one edge at a time, both directions compared, one start
    // vertex at a time), and against sidling where it settles: equal sides wherever both give one.
    let mut games = Games::new();
    let mut a = LoopyArena::default();
    let (mut checked, mut sidled) = (0, 0);
    for g in random_non_stoppers(&mut games, 80, 0x9E37_79B9_7F4A_7C15) {
        for onside in [true, false] {
            let Some(h) = sided::delete_all(&mut games, &g, onside).unwrap() else { continue };
            let all = a.canonical_all(&mut games, &h, g.verts.len()).unwrap();
            for (i, &s) in all.iter().enumerate() {
                let at = Graph { verts: g.verts.clone(), start: i as u32 };
                if let Ok(d) = a.side_by_deletion(&mut games, &at, onside) {
                    assert_eq!(s, d, "{g:?} vertex {i} onside={onside}");
                    checked += 1;
                }
                if let Ok(d) = a.side_by_sidling(&mut games, &at, onside) {
                    assert_eq!(s, d, "{g:?} vertex {i} onside={onside} (sidling)");
                    sidled += 1;
                }
            }
        }
    }
    assert!(checked >= 100 && sidled >= 20, "only {checked} sides compared by deletion, {sidled} by sidling");
}

//! Heated nimbers `x + ∫^t *k` listed lazily (store/heated.rs) against the generic canonicalisation.

use crate::game::Dyadic;
use crate::game::{GameId, Games};

fn d(num: i64, exp: u32) -> Dyadic {
    Dyadic::new(num, exp)
}

/// `x + ∫^t *k` built by the generic canonicalisation, option lists first (`G(j, y)` for j < k).
fn generic(gs: &mut Games, k: u64, t: Dyadic, x: Dyadic) -> GameId {
    if k == 0 {
        return gs.number(x);
    }
    let l: Vec<GameId> = (0..k).map(|j| generic(gs, j, t, x + t)).collect();
    let r: Vec<GameId> = (0..k).map(|j| generic(gs, j, t, x - t)).collect();
    gs.new_game(&l, &r)
}

const TS: [(i64, u32); 5] = [(1, 0), (1, 1), (1, 3), (3, 1), (5, 0)];
const XS: [(i64, u32); 4] = [(0, 0), (1, 0), (-3, 1), (7, 2)];

#[test]
fn the_closed_form_is_the_canonical_form() {
    for (tn, te) in TS {
        for (xn, xe) in XS {
            let (t, x) = (d(tn, te), d(xn, xe));
            for k in 2..=6 {
                let mut a = Games::new();
                let want = generic(&mut a, k, t, x);
                let mut b = Games::new();
                let got = b.heated_nimber(k, t, x);
                // Stops and brackets are known before the options are listed.
                assert_eq!((b.left_stop(got), b.right_stop(got)), (a.left_stop(want), a.right_stop(want)));
                assert_eq!(b.brackets_of(got), a.brackets_of(want), "brackets of k={k} t={t} x={x}");
                assert_eq!(b.display(got), a.display(want), "k={k} t={t} x={x}");
                // The generic form built afterwards is the same id (hash-consing), and the other way round.
                assert_eq!(generic(&mut b, k, t, x), got);
                assert_eq!(a.heated_nimber(k, t, x), want);
            }
        }
    }
}

#[test]
fn the_brackets_at_the_boundary_stops() {
    // x = ±t puts a stop at 0, where the brackets are not fixed by the stops alone.
    for (tn, te) in TS {
        let t = d(tn, te);
        for x in [t, -t] {
            for k in 2..=5 {
                let mut a = Games::new();
                let want = generic(&mut a, k, t, x);
                let mut b = Games::new();
                let got = b.heated_nimber(k, t, x);
                assert_eq!(b.brackets_of(got), a.brackets_of(want), "k={k} t={t} x={x}");
            }
        }
    }
}

#[test]
fn heat_and_overheat_of_nimbers_use_it() {
    let mut gs = Games::new();
    let one = gs.integer(1);
    let half = gs.number(d(1, 1));
    for k in [2u64, 5, 9] {
        let star = gs.nimber(k);
        let want = generic(&mut gs, k, Dyadic::ONE, Dyadic::ZERO);
        assert_eq!(gs.heat(star, one), want);
        // *k's only number follower is 0, which overheats to 0·s = 0: Overheat(s, t) = Heat(t).
        assert_eq!(gs.overheat(star, half, one), want);
        // x + *k heats to x + ∫*k.
        let x = gs.number(d(3, 2));
        let xs = gs.add(x, star);
        let want_x = generic(&mut gs, k, Dyadic::ONE, d(3, 2));
        assert_eq!(gs.heat(xs, one), want_x);
    }
    // A large nimber heats without listing anything: the stops are ±t.
    let big = gs.nimber(1000);
    let h = gs.heat(big, one);
    assert_eq!((gs.left_stop(h), gs.right_stop(h)), (Dyadic::ONE, Dyadic::MINUS_ONE));
    assert!(gs.len() < 5000, "{} games", gs.len());
}

#[test]
fn arithmetic_on_heated_nimbers() {
    let mut gs = Games::new();
    let t = d(1, 1);
    for k in 2..=5u64 {
        let g = gs.heated_nimber(k, t, Dyadic::ZERO);
        // G - G = 0 through the generic sum (which lists the options).
        let z = gs.sub(g, g);
        assert_eq!(z, gs.zero());
        // -G(k, x) = G(k, -x) and G(k, x) + y = G(k, x + y), checked against the generic forms.
        let x = d(5, 2);
        let gx = gs.heated_nimber(k, t, x);
        let neg = gs.neg(gx);
        let mut fresh = Games::new();
        let want = generic(&mut fresh, k, t, -x);
        assert_eq!(gs.display(neg), fresh.display(want));
        let y = gs.number(d(-3, 0));
        let sum = gs.add(gx, y);
        let want = generic(&mut fresh, k, t, x + d(-3, 0));
        assert_eq!(gs.display(sum), fresh.display(want));
        // A sum with another game: G + * compared with the generic sum of the generic form.
        let star = gs.nimber(1);
        let s = gs.add(g, star);
        let mut fresh = Games::new();
        let gf = generic(&mut fresh, k, t, Dyadic::ZERO);
        let sf = fresh.nimber(1);
        let want = fresh.add(gf, sf);
        assert_eq!(gs.display(s), fresh.display(want));
    }
}

/// CGSuite's deterministic order (print.rs) computed independently of the store's sorted-options cache, for
/// games whose followers are numbers and general games: numbers first by value, general games by their
/// sorted option lists, lexicographically, a proper prefix first.
fn det_cmp(gs: &mut Games, x: GameId, y: GameId) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    if x == y {
        return Ordering::Equal;
    }
    match (gs.number_value(x), gs.number_value(y)) {
        (Some(a), Some(b)) => return a.cmp(&b),
        (Some(_), None) => return Ordering::Less,
        (None, Some(_)) => return Ordering::Greater,
        _ => {}
    }
    let (xl, xr) = det_sorted(gs, x);
    let (yl, yr) = det_sorted(gs, y);
    for (a, b) in [(xl, yl), (xr, yr)] {
        for (&p, &q) in a.iter().zip(&b) {
            let c = det_cmp(gs, p, q);
            if c != Ordering::Equal {
                return c;
            }
        }
        if a.len() != b.len() {
            return a.len().cmp(&b.len());
        }
    }
    Ordering::Equal
}

fn det_sorted(gs: &mut Games, g: GameId) -> (Vec<GameId>, Vec<GameId>) {
    let mut l = gs.left_options(g);
    let mut r = gs.right_options(g);
    for v in [&mut l, &mut r] {
        // Insertion sort: the comparison needs `&mut Games`.
        for i in 1..v.len() {
            let mut j = i;
            while j > 0 && det_cmp(gs, v[j - 1], v[j]) == std::cmp::Ordering::Greater {
                v.swap(j - 1, j);
                j -= 1;
            }
        }
    }
    (l, r)
}

#[test]
fn the_printing_order_needs_no_sort() {
    // The closed-form order of the options (heated.rs) against the deterministic order computed by sorting.
    for (tn, te) in TS {
        for (xn, xe) in XS {
            let (t, x) = (d(tn, te), d(xn, xe));
            let mut gs = Games::new();
            let g = gs.heated_nimber(6, t, x);
            let (l, r) = gs.sorted_options(g);
            assert_eq!((l.to_vec(), r.to_vec()), det_sorted(&mut gs, g), "t={t} x={x}");
        }
    }
}

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

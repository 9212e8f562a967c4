//! Native Hackenbush on graphs: blue edges are Left's, red edges Right's, green edges either player's; vertex 0
//! is the ground, and every edge no longer connected to it falls (stdlib `Hackenbush`).
//!
//! A graph of at most 128 edges is read once into a *topology*: a bit per edge, the colour masks, the edges on
//! the ground, and for each edge the edges sharing a vertex with it *other than the ground*. A position is a
//! mask of the edges still standing. Flooding from the ground edges through that adjacency gives the
//! *ground-components* of a mask — the parts that meet only at the ground, whose sum the position is — and
//! drops every edge they do not reach, so cutting an edge and letting the rest fall is one flood.
//!
//! Each topology keeps its own memo from component masks to values, so different graphs never share entries;
//! graphs are told apart by their edge lists. Per component:
//! - one colour: worth its edge count (Left, say, can always cut an edge that leaves every other edge standing:
//!   a non-bridge, or the top edge of a leaf); a lone green edge is `*`;
//! - the bridges are found first (Tarjan, with each ground edge given a ground vertex of its own); cutting a
//!   non-bridge leaves one component, which is looked up without a flood;
//! - a tree on one ground edge, blue-red or green, is valued by the colon principle (an edge carrying a
//!   position of value `x` is worth `1:x`, `-1:x` or `*(n+1)`, and branches at a vertex add up);
//! - anything else is searched, and built with [`Games::new_game`] (blue-red positions are numbers, its fast
//!   path).

use super::{Interrupt, NativeError};
use crate::game::{Dyadic, GameId, Games};
use rustc_hash::FxHashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The colour of an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Colour {
    /// Blue (`l`): only Left may cut it.
    Blue,
    /// Red (`r`): only Right may cut it.
    Red,
    /// Green (`e`, or `g`): either player may cut it.
    Green,
}

impl Colour {
    /// The colour written `l`, `r`, `e` or `g` (the stdlib's letters).
    pub fn from_letter(s: &str) -> Option<Colour> {
        match s {
            "l" => Some(Colour::Blue),
            "r" => Some(Colour::Red),
            "e" | "g" => Some(Colour::Green),
            _ => None,
        }
    }
}

/// An edge `(u, w, colour)` between two vertices; vertex 0 is the ground. `u == w` is a loop.
pub type Edge = (u64, u64, Colour);

/// The fixed structure of one graph, edges numbered by their place in its edge list.
///
/// For bridges the ground is split: each edge on the ground gets a ground vertex of its own (a loop on the ground
/// keeps both ends on it), so the ground-components of a mask are exactly its connected components.
struct Topology {
    blue: u128,
    red: u128,
    green: u128,
    /// The edges with an end on the ground.
    ground: u128,
    /// For each edge, itself and the edges sharing one of its vertices other than the ground.
    adj: Vec<u128>,
    /// The ends of each edge, the ground split; a ground end comes first.
    ends: Vec<(u16, u16)>,
    /// The edges at each vertex, the ground split.
    incident: Vec<u128>,
}

impl Topology {
    fn new(edges: &[Edge]) -> Topology {
        let mut number: FxHashMap<u64, u16> = FxHashMap::default();
        let mut incident: Vec<u128> = Vec::new();
        let (mut blue, mut red, mut green, mut ground) = (0u128, 0u128, 0u128, 0u128);
        let mut ends = Vec::with_capacity(edges.len());
        for (i, &(u, w, c)) in edges.iter().enumerate() {
            // A ground end comes first.
            let (u, w) = if w == 0 { (w, u) } else { (u, w) };
            let bit = 1u128 << i;
            match c {
                Colour::Blue => blue |= bit,
                Colour::Red => red |= bit,
                Colour::Green => green |= bit,
            }
            let mut own_ground = None;
            let mut end = |v: u64| {
                let k = if v == 0 {
                    ground |= bit;
                    *own_ground.get_or_insert_with(|| {
                        incident.push(0);
                        incident.len() as u16 - 1
                    })
                } else {
                    *number.entry(v).or_insert_with(|| {
                        incident.push(0);
                        incident.len() as u16 - 1
                    })
                };
                incident[k as usize] |= bit;
                k
            };
            ends.push((end(u), end(w)));
        }
        // A ground end of an edge meets no other edge.
        let adj = ends.iter().map(|&(a, b)| incident[a as usize] | incident[b as usize]).collect();
        Topology { blue, red, green, ground, adj, ends, incident }
    }

    /// The value of a tree component `c` (every edge a bridge, one edge on the ground) by the colon principle,
    /// if it is blue-red (a number) or green (a nimber); `None` otherwise or on overflow.
    fn tree_value(&self, c: u128, games: &mut Games) -> Option<GameId> {
        let root = (c & self.ground).trailing_zeros() as usize;
        if c & (self.blue | self.red) == 0 {
            return Some(games.nimber(self.green_branch(c, root, self.ends[root].1)));
        }
        if c & self.green == 0 {
            return self.number_branch(c, root, self.ends[root].1).map(|d| games.number(d));
        }
        None
    }

    /// The nim value of the green edge `e` of the tree `c` carrying what is above its end `top`.
    fn green_branch(&self, c: u128, e: usize, top: u16) -> u64 {
        let mut above = 0;
        let mut rest = c & self.incident[top as usize] & !(1u128 << e);
        while rest != 0 {
            let f = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (a, b) = self.ends[f];
            above ^= self.green_branch(c, f, if a == top { b } else { a });
        }
        above + 1
    }

    /// The value of the blue or red edge `e` of the tree `c` carrying what is above its end `top`.
    fn number_branch(&self, c: u128, e: usize, top: u16) -> Option<Dyadic> {
        let mut above = Dyadic::ZERO;
        let mut rest = c & self.incident[top as usize] & !(1u128 << e);
        while rest != 0 {
            let f = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (a, b) = self.ends[f];
            above = above.checked_add(self.number_branch(c, f, if a == top { b } else { a })?)?;
        }
        if self.blue >> e & 1 == 1 {
            blue_under(above)
        } else {
            blue_under(above.checked_neg()?)?.checked_neg()
        }
    }

    /// The edges of `within` connected to the edges of `seed` without passing through the ground.
    #[inline]
    fn flood(&self, seed: u128, within: u128) -> u128 {
        let mut comp = seed & within;
        let mut frontier = comp;
        while frontier != 0 {
            let mut next = 0u128;
            while frontier != 0 {
                next |= self.adj[frontier.trailing_zeros() as usize];
                frontier &= frontier - 1;
            }
            frontier = next & within & !comp;
            comp |= frontier;
        }
        comp
    }

    /// The bridges of the ground-component `c` (the ground split): the edges whose cut splits it or leaves a
    /// part without ground edges. Tarjan's lowpoints, by an explicit stack; `scratch` holds them between calls.
    fn bridges(&self, c: u128, scratch: &mut Scratch) -> u128 {
        let Scratch { disc, low, stack, seen } = scratch;
        let start = self.ends[c.trailing_zeros() as usize].0;
        let mut time = 1u16;
        disc[start as usize] = time;
        low[start as usize] = time;
        seen.push(start);
        stack.push((start, u8::MAX, c & self.incident[start as usize]));
        let mut out = 0u128;
        while let Some(top) = stack.last_mut() {
            let (v, parent, rest) = *top;
            if rest != 0 {
                top.2 &= rest - 1;
                let e = rest.trailing_zeros() as u8;
                if e == parent {
                    continue;
                }
                let (a, b) = self.ends[e as usize];
                let w = if a == v { b } else { a };
                if disc[w as usize] == 0 {
                    time += 1;
                    disc[w as usize] = time;
                    low[w as usize] = time;
                    seen.push(w);
                    stack.push((w, e, c & self.incident[w as usize]));
                } else {
                    low[v as usize] = low[v as usize].min(disc[w as usize]);
                }
            } else {
                stack.pop();
                if let Some(&(p, _, _)) = stack.last() {
                    low[p as usize] = low[p as usize].min(low[v as usize]);
                    if low[v as usize] > disc[p as usize] {
                        out |= 1u128 << parent;
                    }
                }
            }
        }
        for &v in seen.iter() {
            disc[v as usize] = 0;
        }
        seen.clear();
        out
    }
}

/// `1:x`, a blue edge carrying a position of value `x`: its sign expansion is `+` then that of `x`. So `x + 1`
/// for `x >= 0`; else, with `k = -floor(x)` leading `-` signs, `(x + k + 1) / 2^k`.
fn blue_under(x: Dyadic) -> Option<Dyadic> {
    if x.signum() >= 0 {
        return x.checked_add(Dyadic::ONE);
    }
    let k = -x.floor();
    Some((x + k + Dyadic::ONE) * Dyadic::pow2(-k.to_int()?))
}

/// Work space for [`Topology::bridges`], one slot per vertex (the ground split).
struct Scratch {
    disc: Vec<u16>,
    low: Vec<u16>,
    stack: Vec<(u16, u8, u128)>,
    seen: Vec<u16>,
}

/// Component values by mask. Masks within the first 32 (64) edges are kept under `u32` (`u64`) keys: smaller
/// entries make the probes, the bulk of the work, cheaper.
#[derive(Default)]
struct Memo {
    small: FxHashMap<u32, GameId>,
    medium: FxHashMap<u64, GameId>,
    big: FxHashMap<u128, GameId>,
}

impl Memo {
    #[inline]
    fn get(&self, c: u128) -> Option<GameId> {
        if let Ok(k) = u32::try_from(c) {
            self.small.get(&k).copied()
        } else if let Ok(k) = u64::try_from(c) {
            self.medium.get(&k).copied()
        } else {
            self.big.get(&c).copied()
        }
    }

    fn insert(&mut self, c: u128, v: GameId) {
        if let Ok(k) = u32::try_from(c) {
            self.small.insert(k, v);
        } else if let Ok(k) = u64::try_from(c) {
            self.medium.insert(k, v);
        } else {
            self.big.insert(c, v);
        }
    }

    fn len(&self) -> usize {
        self.small.len() + self.medium.len() + self.big.len()
    }
}

/// One graph: its topology and the values of its ground-components met so far.
struct Graph {
    topology: Topology,
    memo: Memo,
    scratch: Scratch,
}

/// A Hackenbush solver: a memo of component values for each graph it has been asked about.
#[derive(Default)]
pub struct HackenbushSolver {
    index: FxHashMap<Vec<Edge>, usize>,
    graphs: Vec<Graph>,
    interrupt: Interrupt,
}

impl HackenbushSolver {
    /// Forgets every game the solver's tables hold (they are caches), keeping its interrupt flag: for a
    /// collection of the game store, after which those ids may name other games.
    pub fn forget_games(&mut self) {
        let interrupt = std::mem::take(&mut self.interrupt);
        *self = HackenbushSolver::new();
        self.interrupt = interrupt;
    }

    /// An empty solver.
    pub fn new() -> Self {
        Self::default()
    }

    /// Makes the solver stop with [`NativeError::Interrupted`] once `flag` is raised.
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt.set(flag);
    }

    /// The number of components memoised so far, over all graphs.
    pub fn memo_len(&self) -> usize {
        self.graphs.iter().map(|g| g.memo.len()).sum()
    }

    /// The canonical value of the graph `edges` (ground 0; edges not connected to the ground are ignored).
    /// [`NativeError::TooLarge`] above 128 edges.
    pub fn value(&mut self, games: &mut Games, edges: &[Edge]) -> Result<GameId, NativeError> {
        if edges.len() > 128 {
            return Err(NativeError::TooLarge);
        }
        let id = match self.index.get(edges) {
            Some(&id) => id,
            None => {
                let topology = Topology::new(edges);
                let n = topology.incident.len();
                let scratch = Scratch { disc: vec![0; n], low: vec![0; n], stack: Vec::new(), seen: Vec::new() };
                self.graphs.push(Graph { topology, memo: Memo::default(), scratch });
                self.index.insert(edges.to_vec(), self.graphs.len() - 1);
                self.graphs.len() - 1
            }
        };
        let all = if edges.len() == 128 { u128::MAX } else { (1u128 << edges.len()) - 1 };
        let Graph { topology, memo, scratch } = &mut self.graphs[id];
        Search { topology, memo, scratch, interrupt: &self.interrupt, games }.position_value(all)
    }
}

/// A search over the positions of one graph.
struct Search<'a> {
    topology: &'a Topology,
    memo: &'a mut Memo,
    scratch: &'a mut Scratch,
    interrupt: &'a Interrupt,
    games: &'a mut Games,
}

impl Search<'_> {
    /// The value of the edges `m`: the sum over its ground-components.
    fn position_value(&mut self, m: u128) -> Result<GameId, NativeError> {
        let t = self.topology;
        let mut acc = self.games.zero();
        let mut seeds = m & t.ground;
        while seeds != 0 {
            let c = t.flood(seeds & seeds.wrapping_neg(), m);
            seeds &= !c;
            let v = self.component_value(c)?;
            acc = self.games.add(acc, v);
        }
        Ok(acc)
    }

    /// The value of one ground-component, through the memo.
    fn component_value(&mut self, c: u128) -> Result<GameId, NativeError> {
        let t = self.topology;
        let n = c.count_ones() as i64;
        if c & (t.red | t.green) == 0 {
            return Ok(self.games.integer(n));
        }
        if c & (t.blue | t.green) == 0 {
            return Ok(self.games.integer(-n));
        }
        if n == 1 {
            return Ok(self.games.star());
        }
        if let Some(v) = self.memo.get(c) {
            return Ok(v);
        }
        self.interrupt.check()?;
        let bridges = t.bridges(c, self.scratch);
        if bridges == c && (c & t.ground).count_ones() == 1 {
            if let Some(v) = t.tree_value(c, self.games) {
                self.memo.insert(c, v);
                return Ok(v);
            }
        }
        // Cutting an edge that is no bridge leaves one ground-component, so no flood is needed. The memo is probed
        // for all of those first: the probes are independent, so their cache misses overlap.
        let mut known = [None; 128];
        let mut cuts = c & !bridges;
        while cuts != 0 {
            let i = cuts.trailing_zeros();
            cuts &= cuts - 1;
            known[i as usize] = self.memo.get(c & !(1u128 << i));
        }
        let option = |s: &mut Self, e: u128| match known[e.trailing_zeros() as usize] {
            Some(v) => Ok(v),
            None if e & bridges == 0 => s.component_value(c & !e),
            None => s.position_value(c & !e),
        };
        let mut left = Vec::new();
        let mut cut = c & (t.blue | t.green);
        while cut != 0 {
            let e = cut & cut.wrapping_neg();
            cut &= !e;
            left.push(option(self, e)?);
        }
        let mut right = Vec::new();
        let mut cut = c & (t.red | t.green);
        while cut != 0 {
            let e = cut & cut.wrapping_neg();
            cut &= !e;
            right.push(option(self, e)?);
        }
        // `new_game` sorts, dedupes and canonicalises.
        let v = self.games.new_game(&left, &right);
        self.memo.insert(c, v);
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Blue, Green, Red};

    fn colour(c: char) -> Colour {
        match c {
            'l' => Blue,
            'r' => Red,
            _ => Green,
        }
    }

    /// A stalk from the ground, its colours bottom to top.
    fn stalk(s: &str) -> Vec<Edge> {
        s.chars().enumerate().map(|(i, c)| (i as u64, i as u64 + 1, colour(c))).collect()
    }

    struct Ctx {
        games: Games,
        solver: HackenbushSolver,
    }

    impl Ctx {
        fn new() -> Ctx {
            Ctx { games: Games::new(), solver: HackenbushSolver::new() }
        }
        fn show(&mut self, edges: &[Edge]) -> String {
            let v = self.solver.value(&mut self.games, edges).unwrap();
            self.games.display(v)
        }
    }

    #[test]
    fn stalks() {
        let mut c = Ctx::new();
        for (s, want) in [
            ("", "0"),
            ("l", "1"),
            ("r", "-1"),
            ("e", "*"),
            ("lr", "1/2"),
            ("llr", "3/2"),
            ("lrr", "1/4"),
            ("rl", "-1/2"),
            ("lrlrrllr", "77/128"),
            ("eeeeeee", "*7"),
            ("lrlerrr", "3/4v[3]*"),
        ] {
            assert_eq!(c.show(&stalk(s)), want, "{s}");
        }
    }

    #[test]
    fn green_trees_follow_the_colon_principle() {
        let mut c = Ctx::new();
        // e(ee;eee): branches of 2 and 3 on one edge: 1 + (2 nimsum 3) = 2.
        let tree = [(0, 1, Green), (1, 2, Green), (2, 3, Green), (1, 4, Green), (4, 5, Green), (5, 6, Green)];
        assert_eq!(c.show(&tree), "*2");
        // CGSuite's green tree e(ee(e;e);e(eee;ee);e(ee;e)) = *5.
        let big = [
            (0, 1, Green),
            (1, 2, Green),
            (2, 3, Green),
            (3, 4, Green),
            (3, 5, Green),
            (1, 6, Green),
            (6, 7, Green),
            (7, 8, Green),
            (8, 9, Green),
            (6, 10, Green),
            (10, 11, Green),
            (1, 12, Green),
            (12, 13, Green),
            (13, 14, Green),
            (12, 15, Green),
        ];
        assert_eq!(c.show(&big), "*5");
    }

    #[test]
    fn cycles_follow_the_fusion_principle() {
        let mut c = Ctx::new();
        let triangle = [(0, 1, Green), (1, 2, Green), (2, 0, Green)];
        assert_eq!(c.show(&triangle), "*");
        let square = [(0, 1, Green), (1, 2, Green), (2, 3, Green), (3, 0, Green)];
        assert_eq!(c.show(&square), "0");
        // A triangle on a stalk fuses to a vertex with three loops on one edge: 1 + 1 = 2 edges.
        let on_stalk = [(0, 1, Green), (1, 2, Green), (2, 3, Green), (3, 1, Green)];
        assert_eq!(c.show(&on_stalk), "*2");
        let loop_on_stalk = [(0, 1, Green), (1, 1, Green)];
        assert_eq!(c.show(&loop_on_stalk), "*2");
        // A blue-red-red triangle on the ground: Left's cut leaves the red stalk rr = -2; Right's leave l + r = 0
        // or the stalk lr = 1/2. {-2 | 0, 1/2} = -1.
        let mixed = [(0, 1, Blue), (1, 2, Red), (2, 0, Red)];
        assert_eq!(c.show(&mixed), "-1");
    }

    #[test]
    fn blue_red_trees() {
        let mut c = Ctx::new();
        // l(l;rl) = 3/2 (CGSuite's test): a blue trunk carrying 1 and rl = -1/2, so 1:(1/2).
        assert_eq!(c.show(&[(0, 1, Blue), (1, 2, Blue), (1, 3, Red), (3, 4, Blue)]), "3/2");
        // Winning Ways ch. 1, Figs. 3-4: Tweedledum l(rl;lr(l;r)) and Tweedledee, its colour swap, add up to 0.
        let dum = [(0, 1, Blue), (1, 2, Red), (2, 3, Blue), (1, 4, Blue), (4, 5, Red), (5, 6, Blue), (5, 7, Red)];
        let dee: Vec<Edge> = dum
            .iter()
            .map(|&(u, w, k)| (if u == 0 { 0 } else { u + 10 }, w + 10, if k == Blue { Red } else { Blue }))
            .collect();
        let both: Vec<Edge> = dum.iter().copied().chain(dee).collect();
        assert_eq!(c.show(&both), "0");
        // A tree too big to search: a blue trunk with 40 stalks lr (each 1/2 on the trunk's top) is 1:20 = 21.
        let mut big = vec![(0, 1, Blue)];
        for i in 0..40 {
            big.extend([(1, 2 + 2 * i, Blue), (2 + 2 * i, 3 + 2 * i, Red)]);
        }
        assert_eq!(c.show(&big), "21");
    }

    #[test]
    fn falling_edges_and_sizes() {
        let mut c = Ctx::new();
        // Edges away from the ground count for nothing; parts meeting at the ground add up.
        assert_eq!(c.show(&[(1, 2, Blue), (2, 3, Red)]), "0");
        assert_eq!(c.show(&[(0, 1, Blue), (1, 2, Red), (0, 3, Green), (5, 6, Blue)]), "1/2*");
        assert_eq!(c.show(&[(0, 0, Blue), (0, 0, Red), (0, 0, Green)]), "*");
        let long: Vec<Edge> = (0..128).map(|i| (i, i + 1, Blue)).collect();
        assert_eq!(c.show(&long), "128");
        let too_long: Vec<Edge> = (0..129).map(|i| (i, i + 1, Blue)).collect();
        assert_eq!(c.solver.value(&mut c.games, &too_long), Err(NativeError::TooLarge));
    }

    /// The plain rules: options cut one edge and keep what the ground still reaches, memoised by that set.
    fn reference(games: &mut Games, memo: &mut FxHashMap<Vec<Edge>, GameId>, edges: &[Edge]) -> GameId {
        let mut reached = vec![0u64];
        let mut kept = vec![false; edges.len()];
        let mut changed = true;
        while changed {
            changed = false;
            for (i, &(u, w, _)) in edges.iter().enumerate() {
                if !kept[i] && (reached.contains(&u) || reached.contains(&w)) {
                    kept[i] = true;
                    changed = true;
                    reached.extend([u, w]);
                }
            }
        }
        let edges: Vec<Edge> = edges.iter().zip(&kept).filter(|(_, &k)| k).map(|(&e, _)| e).collect();
        if let Some(&v) = memo.get(&edges) {
            return v;
        }
        let (mut left, mut right) = (Vec::new(), Vec::new());
        for (i, e) in edges.iter().enumerate() {
            let rest: Vec<Edge> = edges.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &f)| f).collect();
            if e.2 != Red {
                left.push(reference(games, memo, &rest));
            }
            if e.2 != Blue {
                right.push(reference(games, memo, &rest));
            }
        }
        let v = games.new_game(&left, &right);
        memo.insert(edges, v);
        v
    }

    #[test]
    fn agrees_with_reference_on_random_graphs() {
        let mut games = Games::new();
        let mut memo = FxHashMap::default();
        let mut solver = HackenbushSolver::new();
        let mut rng = crate::solve::XorShift(0x9e37_79b9_7f4a_7c15);
        let mut next = |k: u64| rng.next() % k;
        for round in 0..300 {
            let n = 1 + round % 8;
            let mut vertices = 1;
            let edges: Vec<Edge> = (0..n)
                .map(|_| {
                    let u = next(vertices);
                    // A new vertex, or (closing a cycle, a loop or a parallel edge) an old one.
                    let w = if next(3) == 0 { next(vertices) } else { vertices };
                    vertices = vertices.max(w + 1);
                    (u, w, [Blue, Red, Green][next(3) as usize])
                })
                .collect();
            let expected = reference(&mut games, &mut memo, &edges);
            assert_eq!(solver.value(&mut games, &edges), Ok(expected), "{edges:?}");
        }
    }
}

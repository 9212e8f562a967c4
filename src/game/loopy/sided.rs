//! Comparison of sides of arbitrary game graphs, and sides by edge deletion (`shared/LOOPY.md` §2.5).
//!
//! [`SideTable`] decides `G ≤ H` in the onside or offside sense for graphs that need not be stoppers, for all
//! pairs of vertices at once, over the states (g, h, player to move) of H − G. First both players' forced wins
//! (running the opponent out of moves) are found by retrograde analysis; then, repeatedly, the states from
//! which Left can keep infinite play going in the way the side rewards are marked *good* (a least fixpoint:
//! in the onside Left must keep the play in H's moves or in good states, Right's escapes are his moves in G;
//! the offside mirrors this), every undecided state that is not good is decided against Left, and the
//! decisions are propagated, until nothing changes. Left survives from (g, h, Right to move) iff G ≤ H.
//!
//! [`LoopyArena::side_by_deletion`] uses it to simplify a graph that is not a stopper: an edge on an
//! alternating cycle is deleted whenever the graph keeps its side; once no alternating cycle is left the
//! graph is a stopper, and its simplest form is the side.

use super::compare::{is_stopper, restrict, Flat};
use super::types::{Edge, Graph, LoopyArena, LoopyError, Stopper, MAX_STATES};
use crate::game::{GameId, Games};

/// What is known of a state: open, or the player to move wins, or loses.
const OPEN: u8 = 0;
const MOVER_WINS: u8 = 1;
const MOVER_LOSES: u8 = 2;

/// Adjacency lists in one flat array (compressed rows).
#[derive(Clone)]
struct Csr {
    start: Vec<u32>,
    to: Vec<u32>,
}

impl Csr {
    fn new(lists: &[Vec<u32>]) -> Csr {
        let mut start = Vec::with_capacity(lists.len() + 1);
        let mut to = Vec::with_capacity(lists.iter().map(Vec::len).sum());
        start.push(0);
        for l in lists {
            to.extend_from_slice(l);
            start.push(to.len() as u32);
        }
        Csr { start, to }
    }

    /// The reverse adjacency (one entry per edge, so parallel edges stay parallel).
    fn reverse(lists: &[Vec<u32>]) -> Csr {
        let n = lists.len();
        let mut deg = vec![0u32; n + 1];
        for l in lists {
            for &w in l {
                deg[w as usize + 1] += 1;
            }
        }
        for i in 0..n {
            deg[i + 1] += deg[i];
        }
        let mut fill = deg.clone();
        let mut to = vec![0u32; deg[n] as usize];
        for (v, l) in lists.iter().enumerate() {
            for &w in l {
                to[fill[w as usize] as usize] = v as u32;
                fill[w as usize] += 1;
            }
        }
        Csr { start: deg, to }
    }

    fn get(&self, v: usize) -> &[u32] {
        &self.to[self.start[v] as usize..self.start[v + 1] as usize]
    }
}

/// One graph's moves for the tables: forward and reverse adjacency per player, and its short vertices.
#[derive(Clone)]
struct Sided {
    left: Csr,
    right: Csr,
    rev_left: Csr,
    rev_right: Csr,
    short: Vec<Option<GameId>>,
}

impl Sided {
    fn new(f: &Flat) -> Sided {
        Sided {
            left: Csr::new(&f.left),
            right: Csr::new(&f.right),
            rev_left: Csr::reverse(&f.left),
            rev_right: Csr::reverse(&f.right),
            short: f.short.clone(),
        }
    }

    fn len(&self) -> usize {
        self.short.len()
    }

    /// Per vertex, who wins playing this graph alone with infinite play counted for Left (`onside`) or for
    /// Right: bit 0 when Left wins moving first, bit 1 when Right wins moving first. Equal sides have equal
    /// outcomes, so this is a quick test that two graphs' sides differ.
    fn outcomes(&self, onside: bool) -> Vec<u8> {
        let n = self.len();
        // State 2v + 1: Left to move at v; 2v: Right to move.
        let mut win = vec![OPEN; 2 * n];
        let mut count = vec![0u32; 2 * n];
        let mut queue = Vec::new();
        for v in 0..n {
            for (s, c) in [(2 * v + 1, self.left.get(v).len()), (2 * v, self.right.get(v).len())] {
                count[s] = c as u32;
                if c == 0 {
                    win[s] = MOVER_LOSES;
                    queue.push(s);
                }
            }
        }
        while let Some(t) = queue.pop() {
            let (w, left_moved_in) = (t / 2, t & 1 == 0);
            // The mover before t is the player not to move at t.
            let preds = if left_moved_in { self.rev_left.get(w) } else { self.rev_right.get(w) };
            for &p in preds {
                let p = 2 * p as usize + usize::from(left_moved_in);
                if win[p] != OPEN {
                    continue;
                }
                if win[t] == MOVER_LOSES {
                    win[p] = MOVER_WINS;
                    queue.push(p);
                } else {
                    count[p] -= 1;
                    if count[p] == 0 {
                        win[p] = MOVER_LOSES;
                        queue.push(p);
                    }
                }
            }
        }
        (0..n)
            .map(|v| {
                let (l, r) = (win[2 * v + 1], win[2 * v]);
                u8::from(l == MOVER_WINS || l == OPEN && onside)
                    | u8::from(r == MOVER_WINS || r == OPEN && !onside) << 1
            })
            .collect()
    }
}

/// The moves of H − G: G's graph `a`, H's graph `b`.
struct Moves<'a> {
    nb: usize,
    a: &'a Sided,
    b: &'a Sided,
    /// The states (v, v, Right to move) for v < `watch` are watched: a table that decides one of them against
    /// Left stops at once (0: none).
    watch: usize,
}

impl Moves<'_> {
    /// Whether state `s` is watched (a Right-to-move state on the diagonal, below `watch`).
    fn watched(&self, s: usize) -> bool {
        let c = s >> 1;
        s & 1 == 0 && c.is_multiple_of(self.nb + 1) && c / (self.nb + 1) < self.watch
    }

    /// State index: ((g * nb + h) << 1) | 1 when Left is to move.
    fn idx(&self, g: usize, h: usize, left: usize) -> usize {
        ((g * self.nb + h) << 1) | left
    }

    /// Calls `f(t, in_g)` for every move from state `s` (Left moves h -> h^L or g -> g^R; Right moves
    /// h -> h^R or g -> g^L); `in_g` tells a move in G from one in H.
    fn succ(&self, s: usize, mut f: impl FnMut(usize, bool)) {
        let (g, h, left) = ((s >> 1) / self.nb, (s >> 1) % self.nb, s & 1);
        let (ge, he) = if left == 1 { (&self.a.right, &self.b.left) } else { (&self.a.left, &self.b.right) };
        for &g2 in ge.get(g) {
            f(self.idx(g2 as usize, h, 1 - left), true);
        }
        for &h2 in he.get(h) {
            f(self.idx(g, h2 as usize, 1 - left), false);
        }
    }

    /// Calls `f(p, in_g)` for every state `p` with a move to `t`, once per such move.
    fn pred(&self, t: usize, mut f: impl FnMut(usize, bool)) {
        let (g, h, left) = ((t >> 1) / self.nb, (t >> 1) % self.nb, t & 1);
        // The mover at p is the other player: Left (1) when Right is to move at t.
        let (ge, he) =
            if left == 0 { (&self.a.rev_right, &self.b.rev_left) } else { (&self.a.rev_left, &self.b.rev_right) };
        for &g2 in ge.get(g) {
            f(self.idx(g2 as usize, h, 1 - left), true);
        }
        for &h2 in he.get(h) {
            f(self.idx(g, h2 as usize, 1 - left), false);
        }
    }
}

/// The side-aware comparison of every vertex of one flat graph with every vertex of another.
pub struct SideTable {
    nb: usize,
    known: Vec<u8>,
}

/// Decides states by retrograde analysis from the queue: a state with a move to a state its mover loses is
/// won; a state all of whose moves go to states their movers win is lost (`count` holds the moves left).
/// Returns `false` as soon as a watched state ([`Moves::watched`]) is decided against Left.
fn propagate(m: &Moves, known: &mut [u8], count: &mut [u32], queue: &mut Vec<usize>, games: &Games) -> bool {
    let mut steps = 0usize;
    let mut failed = false;
    while let Some(t) = queue.pop() {
        steps += 1;
        if steps.is_multiple_of(4096) {
            games.poll_interrupt();
        }
        let lost = known[t] == MOVER_LOSES;
        m.pred(t, |p, _| {
            if known[p] != OPEN {
                return;
            }
            if lost {
                known[p] = MOVER_WINS;
                failed |= m.watched(p);
                queue.push(p);
            } else {
                count[p] -= 1;
                if count[p] == 0 {
                    known[p] = MOVER_LOSES;
                    queue.push(p);
                }
            }
        });
        if failed {
            return false;
        }
    }
    true
}

impl SideTable {
    /// Computes the table for G's vertices from `a`, H's from `b`, in the onside (`onside`) or offside sense.
    pub fn new(games: &mut Games, a: &Flat, b: &Flat, onside: bool) -> Result<SideTable, LoopyError> {
        let (sa, sb) = (Sided::new(a), Sided::new(b));
        Ok(SideTable::of(games, &sa, &sb, onside, None, 0)?.expect("nothing is watched"))
    }

    /// [`Self::new`] over prepared graphs; `short_le`, when given, answers `x ≤ y` for short vertices of both
    /// (the two graphs then share their short vertices). With `watch` > 0 the two graphs number their first
    /// `watch` vertices alike, and the table is `None` as soon as some v < `watch` is found not ≤ itself
    /// (the caller wants only whether every such v is).
    fn of(
        games: &mut Games,
        a: &Sided,
        b: &Sided,
        onside: bool,
        short_le: Option<&ShortLe>,
        watch: usize,
    ) -> Result<Option<SideTable>, LoopyError> {
        let (na, nb) = (a.len(), b.len());
        let n = na.checked_mul(nb).and_then(|x| x.checked_mul(2)).ok_or(LoopyError::TooLarge)?;
        if n > MAX_STATES {
            return Err(LoopyError::TooLarge);
        }
        let m = Moves { nb, a, b, watch };
        let mut count = vec![0u32; n];
        let mut known = vec![OPEN; n];
        let mut queue = Vec::new();
        for g in 0..na {
            if g.is_multiple_of(64) {
                games.poll_interrupt();
            }
            for h in 0..nb {
                for left in [0, 1] {
                    let s = m.idx(g, h, left);
                    if let (Some(x), Some(y)) = (a.short[g], b.short[h]) {
                        // H − G between short games: Left first wins iff not H <= G; Right first iff not G <= H.
                        let le = |games: &mut Games, p: usize, x, q: usize, y| match short_le {
                            Some(t) => t.le(p, q),
                            None => games.leq(x, y),
                        };
                        let wins = if left == 1 { !le(games, h, y, g, x) } else { !le(games, g, x, h, y) };
                        known[s] = if wins { MOVER_WINS } else { MOVER_LOSES };
                        queue.push(s);
                        continue;
                    }
                    let c = if left == 1 {
                        a.right.get(g).len() + b.left.get(h).len()
                    } else {
                        a.left.get(g).len() + b.right.get(h).len()
                    };
                    count[s] = c as u32;
                    if c == 0 {
                        known[s] = MOVER_LOSES;
                        queue.push(s);
                    }
                }
            }
        }
        if !propagate(&m, &mut known, &mut count, &mut queue, games) {
            return Ok(None);
        }
        // Good states (a least fixpoint): a Left-to-move state with an open move in the component the side
        // rewards (H in the onside, G in the offside) or a move to a good state; a Right-to-move state whose
        // escapes (his moves in G in the onside, in H in the offside) all lead to decided or good states.
        // Only the states still open are scanned (their list shrinks as states are decided).
        let mut good = vec![false; n];
        let mut escapes = vec![0u32; n];
        let mut work = Vec::new();
        let mut open: Vec<u32> = (0..n as u32).filter(|&s| known[s as usize] == OPEN).collect();
        loop {
            games.poll_interrupt();
            open.retain(|&s| known[s as usize] == OPEN);
            for &s in &open {
                good[s as usize] = false;
            }
            for &s in &open {
                let s = s as usize;
                if s & 1 == 1 {
                    let mut ok = false;
                    m.succ(s, |t, in_g| ok = ok || (in_g != onside && known[t] == OPEN));
                    if ok {
                        good[s] = true;
                        work.push(s);
                    }
                } else {
                    let mut c = 0;
                    m.succ(s, |t, in_g| c += u32::from(in_g == onside && known[t] == OPEN));
                    escapes[s] = c;
                    if c == 0 {
                        good[s] = true;
                        work.push(s);
                    }
                }
            }
            while let Some(t) = work.pop() {
                m.pred(t, |p, in_g| {
                    if known[p] != OPEN || good[p] {
                        return;
                    }
                    if p & 1 == 1 {
                        good[p] = true;
                        work.push(p);
                    } else if in_g == onside {
                        escapes[p] -= 1;
                        if escapes[p] == 0 {
                            good[p] = true;
                            work.push(p);
                        }
                    }
                });
            }
            let mut changed = false;
            for &s in &open {
                let s = s as usize;
                if known[s] == OPEN && !good[s] {
                    // A bad state is lost for Left: Left to move loses, Right to move wins.
                    known[s] = if s & 1 == 1 { MOVER_LOSES } else { MOVER_WINS };
                    if m.watched(s) {
                        return Ok(None);
                    }
                    queue.push(s);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
            if !propagate(&m, &mut known, &mut count, &mut queue, games) {
                return Ok(None);
            }
        }
        Ok(Some(SideTable { nb, known }))
    }

    /// Whether G's vertex `g` ≤ H's vertex `h` in this table's side.
    pub fn le(&self, g: u32, h: u32) -> bool {
        self.known[(g as usize * self.nb + h as usize) << 1] != MOVER_WINS
    }
}

/// Whether two graphs have the same onside (`onside`) or offside.
pub fn same_side(games: &mut Games, x: &Graph, y: &Graph, onside: bool) -> Result<bool, LoopyError> {
    let fx = Flat::new(games, x);
    let fy = Flat::new(games, y);
    let t = SideTable::new(games, &fx, &fy, onside)?;
    if !t.le(x.start, y.start) {
        return Ok(false);
    }
    let u = SideTable::new(games, &fy, &fx, onside)?;
    Ok(u.le(y.start, x.start))
}

/// The edges between loopy vertices that lie on an alternating cycle: (vertex, Left edge?, index).
fn alternating_cycle_edges(g: &Graph) -> Vec<(usize, bool, usize)> {
    let n = g.verts.len();
    // Doubled graph: state 2v = (v, Left to move), 2v + 1 = (v, Right to move).
    let succ = |s: usize| -> Vec<usize> {
        let v = &g.verts[s / 2];
        let (edges, next) = if s.is_multiple_of(2) { (&v.left, 1) } else { (&v.right, 0) };
        edges.iter().filter_map(|e| if let Edge::Loopy(w) = *e { Some(2 * w as usize + next) } else { None }).collect()
    };
    let comp = scc(2 * n, &succ);
    let mut out = Vec::new();
    for v in 0..n {
        for (left, edges) in [(true, &g.verts[v].left), (false, &g.verts[v].right)] {
            let s = 2 * v + usize::from(!left);
            for (i, e) in edges.iter().enumerate() {
                if let Edge::Loopy(w) = *e {
                    let t = 2 * w as usize + usize::from(left);
                    if comp[s] == comp[t] {
                        out.push((v, left, i));
                    }
                }
            }
        }
    }
    out
}

/// Strongly connected component ids (Kosaraju, iterative).
fn scc(n: usize, succ: &dyn Fn(usize) -> Vec<usize>) -> Vec<usize> {
    let mut order = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    for root in 0..n {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        let mut stack = vec![(root, succ(root), 0usize)];
        while let Some((v, next, i)) = stack.last_mut() {
            if *i < next.len() {
                let w = next[*i];
                *i += 1;
                if !seen[w] {
                    seen[w] = true;
                    let nw = succ(w);
                    stack.push((w, nw, 0));
                }
            } else {
                order.push(*v);
                stack.pop();
            }
        }
    }
    let mut rev = vec![Vec::new(); n];
    for v in 0..n {
        for w in succ(v) {
            rev[w].push(v);
        }
    }
    let mut comp = vec![usize::MAX; n];
    let mut c = 0;
    for &root in order.iter().rev() {
        if comp[root] != usize::MAX {
            continue;
        }
        let mut stack = vec![root];
        comp[root] = c;
        while let Some(v) = stack.pop() {
            for &w in &rev[v] {
                if comp[w] == usize::MAX {
                    comp[w] = c;
                    stack.push(w);
                }
            }
        }
        c += 1;
    }
    comp
}

impl LoopyArena {
    /// The onside (`onside`) or offside of a graph that is not a stopper, by deleting edges on alternating
    /// cycles that do not change the side; `Err(NoSide)` if alternating cycles remain.
    pub fn side_by_deletion(&mut self, games: &mut Games, g: &Graph, onside: bool) -> Result<Stopper, LoopyError> {
        let mut cur = restrict(g);
        'outer: while !is_stopper(&cur) {
            for (v, left, i) in alternating_cycle_edges(&cur) {
                let mut cand = cur.clone();
                let edges = if left { &mut cand.verts[v].left } else { &mut cand.verts[v].right };
                edges.remove(i);
                if same_side(games, &cur, &cand, onside)? {
                    cur = restrict(&cand);
                    continue 'outer;
                }
            }
            return Err(LoopyError::NoSide);
        }
        self.canonical(games, &cur)
    }
}

/// `x ≤ y` for every pair of short vertices of one flat graph, computed once.
struct ShortLe {
    /// Position of a vertex among the short ones (`u32::MAX` for a loopy vertex).
    pos: Vec<u32>,
    count: usize,
    le: Vec<bool>,
}

impl ShortLe {
    fn new(games: &mut Games, s: &Sided) -> ShortLe {
        let shorts: Vec<_> = s.short.iter().flatten().copied().collect();
        let mut pos = vec![u32::MAX; s.len()];
        let mut c = 0;
        for (v, x) in s.short.iter().enumerate() {
            if x.is_some() {
                pos[v] = c;
                c += 1;
            }
        }
        let count = shorts.len();
        let mut le = vec![false; count * count];
        for (i, &x) in shorts.iter().enumerate() {
            for (j, &y) in shorts.iter().enumerate() {
                le[i * count + j] = games.leq(x, y);
            }
        }
        ShortLe { pos, count, le }
    }

    fn le(&self, x: usize, y: usize) -> bool {
        self.le[self.pos[x] as usize * self.count + self.pos[y] as usize]
    }
}

/// Deletes edges on alternating cycles from a whole graph (no start) while every vertex keeps its side, until
/// the graph is a stopper: that graph, or `None` if some alternating cycle cannot be broken this way.
///
/// Without a Left edge a vertex's side can only fall, without a Right edge only rise (a player with fewer
/// moves does no better under the same rule for infinite play), so a trial that deletes edges of one player
/// needs one table: the direction that may fail. Each pass tries the alternating-cycle edges one player's at
/// a time (first the player the side does not favour, whose cycling edges are the likely ones to go): the
/// edges that keep every vertex's outcome are picked one by one, and one table checks the pick
/// ([`Pass::try_delete_greedy`]); a pick that does not keep every side is split in halves. Which edges go
/// does not change the result: any stopper with the same side has the same simplest form.
pub fn delete_all(games: &mut Games, g: &Graph, onside: bool) -> Result<Option<Graph>, LoopyError> {
    let k = g.verts.len();
    let mut cur = g.clone();
    loop {
        if is_stopper(&cur) {
            return Ok(Some(cur));
        }
        let edges = alternating_cycle_edges(&cur);
        let mut pass = Pass::new(games, &cur, k, onside);
        let before = pass.removed.len();
        for left in [!onside, onside] {
            let group: Vec<(usize, bool, usize)> = edges.iter().copied().filter(|e| e.1 == left).collect();
            pass.try_delete_greedy(games, &group)?;
        }
        if pass.removed.len() == before {
            return Ok(None);
        }
        for v in 0..cur.verts.len() {
            for left in [true, false] {
                let list = if left { &mut cur.verts[v].left } else { &mut cur.verts[v].right };
                let mut i = 0;
                list.retain(|_| {
                    i += 1;
                    !pass.removed.contains(&(v, left, i - 1))
                });
            }
        }
    }
}

/// One pass of [`delete_all`]: the flat graph at its start and the edges deleted so far (by their indices at
/// the start).
struct Pass {
    flat: Flat,
    short_le: ShortLe,
    removed: rustc_hash::FxHashSet<(usize, bool, usize)>,
    cur: Sided,
    /// `cur`'s outcomes ([`Sided::outcomes`]).
    out: Vec<u8>,
    k: usize,
    onside: bool,
}

impl Pass {
    fn new(games: &mut Games, g: &Graph, k: usize, onside: bool) -> Pass {
        let flat = Flat::new(games, g);
        let cur = Sided::new(&flat);
        let short_le = ShortLe::new(games, &cur);
        let out = cur.outcomes(onside);
        Pass { flat, short_le, removed: Default::default(), cur, out, k, onside }
    }

    /// The pass's start graph without the deleted edges and `more`.
    fn without(&self, more: &[(usize, bool, usize)]) -> Sided {
        let mut f = Flat {
            left: self.flat.left.clone(),
            right: self.flat.right.clone(),
            short: self.flat.short.clone(),
            short_index: Default::default(),
        };
        let mut gone: Vec<(usize, bool, usize)> = self.removed.iter().chain(more).copied().collect();
        // Highest index first, so each removal leaves the indices still to remove in place.
        gone.sort_unstable_by(|a, b| b.cmp(a));
        for (v, left, i) in gone {
            if left {
                f.left[v].remove(i);
            } else {
                f.right[v].remove(i);
            }
        }
        Sided::new(&f)
    }

    /// Deletes the edges of `group` (all of one player) that can go. The quick outcome test picks them first,
    /// one by one, each added to those picked before when the outcomes stay the same; one table then checks
    /// the whole pick. On the components of `.tf.ff..` the quick test was never wrong (every table it let
    /// through kept the sides), so this is one table per group where halving took one per deletable edge (56
    /// tables per side). If the table refuses the pick, the pick is tried by halves ([`Self::try_delete`]);
    /// edges left out of a pick stay for the next pass of [`delete_all`], which starts from the new graph.
    fn try_delete_greedy(&mut self, games: &mut Games, group: &[(usize, bool, usize)]) -> Result<(), LoopyError> {
        let Some(&(_, left, _)) = group.first() else { return Ok(()) };
        let mut pick: Vec<(usize, bool, usize)> = Vec::new();
        for &e in group {
            games.poll_interrupt();
            pick.push(e);
            let out = self.without(&pick).outcomes(self.onside);
            if out[..self.k] != self.out[..self.k] {
                pick.pop();
            }
        }
        if pick.is_empty() {
            return Ok(());
        }
        let cand = self.without(&pick);
        let (a, b) = if left { (&self.cur, &cand) } else { (&cand, &self.cur) };
        let keeps = match SideTable::of(games, a, b, self.onside, Some(&self.short_le), self.k)? {
            Some(t) => (0..self.k as u32).all(|v| t.le(v, v)),
            None => false,
        };
        if keeps {
            self.removed.extend(pick.iter().copied());
            self.out = cand.outcomes(self.onside);
            self.cur = cand;
            return Ok(());
        }
        // The pick by halves; only if none of it can go, the rest by halves too (an edge left out of the pick
        // beside edges that could not go may go on its own).
        let before = self.removed.len();
        self.try_delete(games, &pick)?;
        if self.removed.len() == before {
            let rest: Vec<(usize, bool, usize)> = group.iter().copied().filter(|e| !pick.contains(e)).collect();
            self.try_delete(games, &rest)?;
        }
        Ok(())
    }

    /// Deletes the edges of `group` (all of one player) that can go, as a whole or by halves.
    fn try_delete(&mut self, games: &mut Games, group: &[(usize, bool, usize)]) -> Result<(), LoopyError> {
        let Some(&(_, left, _)) = group.first() else { return Ok(()) };
        games.poll_interrupt();
        let cand = self.without(group);
        let out = cand.outcomes(self.onside);
        // The flat graph numbers a vertex's edges as the graph does, and keeps its short vertices.
        let keeps = out[..self.k] == self.out[..self.k] && {
            let (a, b) = if left { (&self.cur, &cand) } else { (&cand, &self.cur) };
            // The table stops as soon as some vertex is not ≤ itself (it then keeps no side).
            match SideTable::of(games, a, b, self.onside, Some(&self.short_le), self.k)? {
                Some(t) => (0..self.k as u32).all(|v| t.le(v, v)),
                None => false,
            }
        };
        if keeps {
            self.removed.extend(group.iter().copied());
            self.cur = cand;
            self.out = out;
        } else if group.len() > 1 {
            let (a, b) = group.split_at(group.len() / 2);
            self.try_delete(games, a)?;
            self.try_delete(games, b)?;
        }
        Ok(())
    }
}

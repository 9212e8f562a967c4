//! Onsides and offsides of graphs that are not stoppers, by sidling ([WW] ch. 11 "Sidling"; `shared/LOOPY.md`
//! §2.5).
//!
//! To find the onside, every vertex is first approximated by `on`; then, repeatedly and for all vertices at
//! once, a vertex's next approximation is the canonical stopper whose options are its options' current
//! approximations (short leaves stay themselves). The approximations only decrease; when a round changes
//! nothing, the common value of the start vertex is the onside. The offside is the mirror image, from `off`
//! upwards. A graph whose approximations have not settled after [`MAX_ROUNDS`] rounds is simplified by edge
//! deletion instead (`sided.rs`); if alternating cycles remain, [`LoopyError::NoSide`].
//!
//! `on` and `off` absorb: `on` plus anything has onside `on`, `off` plus anything has offside `off`.

use super::compare::{is_stopper, restrict};
use super::types::{Edge, Graph, LoopyArena, LoopyError, Stopper, Sum, Vertex};
use crate::game::{GameId, Games};
use rustc_hash::FxHashMap;

/// The most sidling rounds tried.
pub const MAX_ROUNDS: usize = 40;

impl LoopyArena {
    /// `on` as a stopper.
    pub fn on(&mut self) -> Stopper {
        let g = Graph { verts: vec![Vertex { left: vec![Edge::Loopy(0)], right: vec![] }], start: 0 };
        Stopper::Loopy(self.intern(g))
    }

    /// `off` as a stopper.
    pub fn off(&mut self) -> Stopper {
        let g = Graph { verts: vec![Vertex { left: vec![], right: vec![Edge::Loopy(0)] }], start: 0 };
        Stopper::Loopy(self.intern(g))
    }

    /// The onside (`onside`) or offside of any graph: its simplest form if it is a stopper, else by sidling.
    pub fn side(&mut self, games: &mut Games, g: &Graph, onside: bool) -> Result<Stopper, LoopyError> {
        self.side_with(games, g, onside, true)
    }

    /// [`Self::side`], trying sidling only when `sidle` (a caller that already saw sidling fail on a graph
    /// with the same cycles skips it).
    pub fn side_with(
        &mut self,
        games: &mut Games,
        g: &Graph,
        onside: bool,
        sidle: bool,
    ) -> Result<Stopper, LoopyError> {
        let g = restrict(g);
        if is_stopper(&g) {
            return self.canonical(games, &g);
        }
        match if sidle { self.side_by_sidling(games, &g, onside) } else { Err(LoopyError::NoSide) } {
            Err(LoopyError::NoSide) => self.side_by_deletion(games, &g, onside),
            r => r,
        }
    }

    /// The side of a graph that is not a stopper by sidling alone: `Err(NoSide)` if the approximations have
    /// not settled after [`MAX_ROUNDS`] rounds.
    pub fn side_by_sidling(&mut self, games: &mut Games, g: &Graph, onside: bool) -> Result<Stopper, LoopyError> {
        let g = restrict(g);
        Ok(self.sidle_all(games, &g, onside)?[g.start as usize])
    }

    /// The side of every vertex of a graph by sidling (one simultaneous fixpoint; the start is ignored):
    /// `Err(NoSide)` if the approximations have not settled after [`MAX_ROUNDS`] rounds.
    pub fn sidle_all(&mut self, games: &mut Games, g: &Graph, onside: bool) -> Result<Vec<Stopper>, LoopyError> {
        let n = g.verts.len();
        let init = if onside { self.on() } else { self.off() };
        // Vertices below which there is no alternating cycle have their exact value; only the others sidle.
        let mut fixed = vec![None; n];
        for (v, f) in fixed.iter_mut().enumerate() {
            let sub = restrict(&Graph { verts: g.verts.clone(), start: v as u32 });
            if is_stopper(&sub) {
                *f = Some(self.canonical(games, &sub)?);
            }
        }
        let mut x: Vec<Stopper> = fixed.iter().map(|f| f.unwrap_or(init)).collect();
        for _ in 0..MAX_ROUNDS {
            games.poll_interrupt();
            let mut next = Vec::with_capacity(n);
            for (f, vert) in fixed.iter().zip(&g.verts) {
                next.push(match f {
                    Some(f) => *f,
                    None => self.node_of(games, vert, &x)?,
                });
            }
            if next == x {
                return Ok(x);
            }
            x = next;
        }
        Err(LoopyError::NoSide)
    }

    /// The canonical stopper `<x(L) | x(R)>` of a vertex whose loopy successors stand for the given stoppers.
    fn node_of(&mut self, games: &mut Games, v: &Vertex, x: &[Stopper]) -> Result<Stopper, LoopyError> {
        let mut verts = vec![Vertex::default()];
        let mut placed: FxHashMap<Stopper, Edge> = FxHashMap::default();
        let mut side = |edges: &[Edge], verts: &mut Vec<Vertex>| -> Vec<Edge> {
            edges
                .iter()
                .map(|e| match *e {
                    Edge::Short(s) => Edge::Short(s),
                    Edge::Loopy(w) => {
                        let s = x[w as usize];
                        *placed.entry(s).or_insert_with(|| self.embed(verts, s))
                    }
                })
                .collect()
        };
        let l = side(&v.left, &mut verts);
        let r = side(&v.right, &mut verts);
        verts[0] = Vertex { left: l, right: r };
        self.canonical(games, &Graph { verts, start: 0 })
    }

    /// Copies a stopper's graph into `verts`, returning the edge to its start.
    pub fn embed(&self, verts: &mut Vec<Vertex>, s: Stopper) -> Edge {
        match s {
            Stopper::Short(x) => Edge::Short(x),
            Stopper::Loopy(id) => embed_graph(verts, self.graph(id)),
        }
    }

    /// `g.Upsum(h)` (`onside`) or `g.Downsum(h)`: the onside or offside of `g + h`, for stoppers.
    pub fn sidesum(&mut self, games: &mut Games, g: Stopper, h: Stopper, onside: bool) -> Result<Stopper, LoopyError> {
        let absorbing = if onside { self.on() } else { self.off() };
        if g == absorbing || h == absorbing {
            return Ok(absorbing);
        }
        match self.add(games, g, h)? {
            Sum::Stopper(s) => Ok(s),
            Sum::NotStopper => {
                let ga = self.as_graph(games, g);
                let hb = self.as_graph(games, h);
                let prod = super::compare::product(games, &ga, &hb)?;
                self.side(games, &prod, onside)
            }
        }
    }
}

impl LoopyArena {
    /// `G.Subordinate(B)`: the stopper H with `B : H == G`, built from G's followers as CGSuite builds it
    /// (options of B are kept out; a follower that cannot be reduced makes the whole `None`).
    pub fn subordinate(&mut self, games: &mut Games, s: Stopper, base: GameId) -> Result<Option<Stopper>, LoopyError> {
        let lo_base: Vec<Stopper> = games.left_options(base).into_iter().map(Stopper::Short).collect();
        let ro_base: Vec<Stopper> = games.right_options(base).into_iter().map(Stopper::Short).collect();
        let mut visited: FxHashMap<Stopper, u32> = FxHashMap::default();
        let mut verts: Vec<Vertex> = Vec::new();
        let mut todo = vec![s];
        visited.insert(s, 0);
        verts.push(Vertex::default());
        while let Some(x) = todo.pop() {
            games.poll_interrupt();
            let me = visited[&x] as usize;
            let lo = self.options(games, x, true)?;
            let ro = self.options(games, x, false)?;
            for &bl in &lo_base {
                let mut ok = false;
                for &gl in &lo {
                    ok = ok || self.leq(games, bl, gl)?;
                }
                for blr in self.options(games, bl, false)? {
                    ok = ok || self.leq(games, blr, x)?;
                }
                if !ok {
                    return Ok(None);
                }
            }
            for &br in &ro_base {
                let mut ok = false;
                for &gr in &ro {
                    ok = ok || self.leq(games, gr, br)?;
                }
                for brl in self.options(games, br, true)? {
                    ok = ok || self.leq(games, x, brl)?;
                }
                if !ok {
                    return Ok(None);
                }
            }
            for (k, (opts, base)) in [(&lo, &lo_base), (&ro, &ro_base)].into_iter().enumerate() {
                for o in opts.iter().filter(|o| !base.contains(o)) {
                    let i = match visited.get(o) {
                        Some(&i) => i,
                        None => {
                            let i = verts.len() as u32;
                            visited.insert(*o, i);
                            verts.push(Vertex::default());
                            todo.push(*o);
                            i
                        }
                    };
                    if k == 0 {
                        verts[me].left.push(Edge::Loopy(i));
                    } else {
                        verts[me].right.push(Edge::Loopy(i));
                    }
                }
            }
        }
        self.canonical(games, &Graph { verts, start: 0 }).map(Some)
    }
}

impl LoopyArena {
    /// The ordinal sum `g : h` of a short game and a stopper: g's options, then `g : h'` for h's options.
    pub fn ordinal_sum(&mut self, games: &mut Games, g: GameId, h: Stopper) -> Result<Stopper, LoopyError> {
        let hg = self.as_graph(games, h);
        let gl: Vec<Edge> = games.left_options(g).into_iter().map(Edge::Short).collect();
        let gr: Vec<Edge> = games.right_options(g).into_iter().map(Edge::Short).collect();
        let mut verts = Vec::with_capacity(hg.verts.len());
        for v in &hg.verts {
            let mut side = |edges: &[Edge], base: &[Edge]| -> Vec<Edge> {
                let mut out = base.to_vec();
                for e in edges {
                    out.push(match *e {
                        Edge::Loopy(w) => Edge::Loopy(w),
                        Edge::Short(x) => Edge::Short(games.ordinal_sum(g, x)),
                    });
                }
                out
            };
            let l = side(&v.left, &gl);
            let r = side(&v.right, &gr);
            verts.push(Vertex { left: l, right: r });
        }
        self.canonical(games, &Graph { verts, start: hg.start })
    }
}

/// Copies a graph into `verts` (its vertices renumbered after the ones already there), returning the edge to
/// its start.
pub(super) fn embed_graph(verts: &mut Vec<Vertex>, g: &Graph) -> Edge {
    let off = verts.len() as u32;
    let re = |e: &Edge| match *e {
        Edge::Loopy(w) => Edge::Loopy(w + off),
        s => s,
    };
    for v in &g.verts {
        verts.push(Vertex { left: v.left.iter().map(re).collect(), right: v.right.iter().map(re).collect() });
    }
    Edge::Loopy(g.start + off)
}

//! Native Col and Snort (Winning Ways ch. 2 and 6; CGSuite's `GenCol`) on graphs of at most 64 vertices.
//!
//! A position is a set of live vertices and two tint masks: a vertex tinted Left is next to a blue (Left)
//! vertex, one tinted Right next to a red one. Colouring a vertex removes it; its untinted neighbours take the
//! mover's tint, and those tinted by the opponent (next to both colours) are removed too. In Col a player may not
//! colour a vertex of their own tint, in Snort one of the opponent's. A position is the sum of its connected
//! components, each memoised by its (vertices, tints) masks within its graph.

use super::{Interrupt, NativeError};
use crate::game::{GameId, Games};
use rustc_hash::FxHashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Which game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// Col: no two adjacent vertices of the same colour.
    Col,
    /// Snort: no two adjacent vertices of different colours.
    Snort,
}

/// A component: live vertices, Left-tinted, Right-tinted.
type Key = (u64, u64, u64);

/// A Col/Snort solver: a memo of component values per (rules, graph).
#[derive(Default)]
pub struct ColouringSolver {
    index: FxHashMap<(Rules, Vec<u64>), usize>,
    memos: Vec<FxHashMap<Key, GameId>>,
    interrupt: Interrupt,
}

impl ColouringSolver {
    /// For a collection of the game store: while the tables hold at most `keep` entries their games are
    /// reported to `mark` (they are the values later positions reuse), otherwise the tables are forgotten.
    pub fn trace_or_forget(&mut self, keep: usize, mark: &mut dyn FnMut(GameId)) {
        if self.memos.iter().map(|m| m.len()).sum::<usize>() > keep {
            self.forget_games();
            return;
        }
        self.memos.iter().flat_map(|m| m.values()).for_each(|&g| mark(g));
    }

    /// Forgets every game the solver's tables hold (they are caches), keeping its interrupt flag: for a
    /// collection of the game store, after which those ids may name other games.
    pub fn forget_games(&mut self) {
        let interrupt = std::mem::take(&mut self.interrupt);
        *self = ColouringSolver::new();
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

    /// The value of the graph with adjacency masks `adj` (vertex `i`'s neighbours; loops ignored), tinted by
    /// the masks `left` and `right`. [`NativeError::TooLarge`] above 64 vertices.
    pub fn value(
        &mut self,
        games: &mut Games,
        rules: Rules,
        adj: &[u64],
        left: u64,
        right: u64,
    ) -> Result<GameId, NativeError> {
        if adj.len() > 64 {
            return Err(NativeError::TooLarge);
        }
        let adj: Vec<u64> = adj.iter().enumerate().map(|(i, &a)| a & !(1u64 << i)).collect();
        let key = (rules, adj.clone());
        let id = match self.index.get(&key) {
            Some(&id) => id,
            None => {
                self.memos.push(FxHashMap::default());
                self.index.insert(key, self.memos.len() - 1);
                self.memos.len() - 1
            }
        };
        let all = if adj.len() == 64 { u64::MAX } else { (1u64 << adj.len()) - 1 };
        let mut s = Search { rules, adj: &adj, memo: &mut self.memos[id], interrupt: &self.interrupt, games };
        s.sum((all, left & all, right & all))
    }
}

struct Search<'a> {
    rules: Rules,
    adj: &'a [u64],
    memo: &'a mut FxHashMap<Key, GameId>,
    interrupt: &'a Interrupt,
    games: &'a mut Games,
}

impl Search<'_> {
    /// The vertices of `live` connected to the lowest vertex of `seed`.
    fn flood(&self, seed: u64, live: u64) -> u64 {
        let mut c = seed & seed.wrapping_neg();
        loop {
            let mut next = c;
            let mut m = c;
            while m != 0 {
                next |= self.adj[m.trailing_zeros() as usize];
                m &= m - 1;
            }
            next &= live;
            if next == c {
                return c;
            }
            c = next;
        }
    }

    /// The sum over the components of a position.
    fn sum(&mut self, (live, l, r): Key) -> Result<GameId, NativeError> {
        let mut acc = self.games.zero();
        let mut rest = live;
        while rest != 0 {
            let c = self.flood(rest, live);
            rest &= !c;
            let v = self.component((c, l & c, r & c))?;
            acc = self.games.add(acc, v);
        }
        Ok(acc)
    }

    fn component(&mut self, key: Key) -> Result<GameId, NativeError> {
        if let Some(&v) = self.memo.get(&key) {
            return Ok(v);
        }
        self.interrupt.check()?;
        let left = self.options(key, true)?;
        let right = self.options(key, false)?;
        let v = self.games.new_game(&left, &right);
        self.memo.insert(key, v);
        Ok(v)
    }

    /// The values of the options of one player (`left`) in a component.
    fn options(&mut self, (live, l, r): Key, left: bool) -> Result<Vec<GameId>, NativeError> {
        let (mine, theirs) = if left { (l, r) } else { (r, l) };
        // Col forbids one's own tint, Snort the opponent's.
        let forbidden = match self.rules {
            Rules::Col => mine,
            Rules::Snort => theirs,
        };
        let mut out = Vec::new();
        let mut m = live & !forbidden;
        while m != 0 {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            let nb = self.adj[v] & live;
            let removed = (1u64 << v) | (nb & theirs);
            let tinted = nb & !l & !r;
            let live2 = live & !removed;
            let (l2, r2) = if left { (l | tinted, r) } else { (l, r | tinted) };
            out.push(self.sum((live2, l2 & live2, r2 & live2))?);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(n: usize) -> Vec<u64> {
        (0..n)
            .map(|i| {
                let mut a = 0u64;
                if i > 0 {
                    a |= 1 << (i - 1);
                }
                if i + 1 < n {
                    a |= 1 << (i + 1);
                }
                a
            })
            .collect()
    }

    #[test]
    fn small_values() {
        let mut games = Games::new();
        let mut s = ColouringSolver::new();
        // CGSuite 2.2: game.graph.Col(Graph.Path(n)).CanonicalForm for n = 1..7 is [*,0,0,0,0,0,0].
        let star = games.star();
        let zero = games.zero();
        assert_eq!(s.value(&mut games, Rules::Col, &path(1), 0, 0).unwrap(), star);
        for n in 2..=7 {
            assert_eq!(s.value(&mut games, Rules::Col, &path(n), 0, 0).unwrap(), zero, "Col P{n}");
        }
        // CGSuite 2.2: game.graph.Col("R-.-R").CanonicalForm = 1 (vertices 0 and 2 tinted Right).
        let one = games.integer(1);
        assert_eq!(s.value(&mut games, Rules::Col, &path(3), 0, 0b101).unwrap(), one);
        // Snort on two joined vertices: +-1 (hand: each move leaves a vertex only the mover may colour).
        let pm1 = {
            let m1 = games.integer(-1);
            games.new_game(&[one], &[m1])
        };
        assert_eq!(s.value(&mut games, Rules::Snort, &path(2), 0, 0).unwrap(), pm1);
        // CGSuite 2.2: game.graph.Snort("L-.-.-.-L").CanonicalForm = {4|0,+-1}: printed as cgs prints it.
        let v = s.value(&mut games, Rules::Snort, &path(5), 0b10001, 0).unwrap();
        assert_eq!(games.display(v), "<4|0,+-1>");
    }

    #[test]
    fn too_large() {
        let mut games = Games::new();
        let mut s = ColouringSolver::new();
        assert_eq!(s.value(&mut games, Rules::Col, &vec![0; 65], 0, 0), Err(NativeError::TooLarge));
    }
}

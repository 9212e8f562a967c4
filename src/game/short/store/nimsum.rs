//! `G + *m` for a nimber `*m` with many options, in about `|followers(G)| · m²` cheap steps instead of the
//! generic sum's `m³` comparisons of games (issue 36 row 11: `(Up(1/2) + *1000).LeftStop`).
//!
//! # Why it works
//! Every follower of `G + *m` equals `H + *y` for a follower `H` of `G` and some `y <= m`, so every game the
//! canonicalisation meets is *annotated* with such a pair `(H, y)`. Two annotated games compare through a
//! difference of two followers of `G` and one nimber, since nimbers are their own negatives:
//!
//! `H1 + *y1 <= H2 + *y2`  iff  `H1 - H2 <= *(y1 xor y2)`.
//!
//! For a canonical game `D` let `LE(D) = {y : D <= *y}` and `GE(D) = {y : *y <= D}`. From the definition of
//! `<=` (`D <= *y` iff no `D^L >= *y` and no `*z <= D` for `z < y`; symmetrically for `*y <= D`):
//!
//! `LE(D) = {y ∉ UL : y <= min GE(D)}`, `GE(D) = {y ∉ UR : y <= min LE(D)}`,
//!
//! where `UL` is the union of `GE(D^L)` and `UR` the union of `LE(D^R)`. With `p = mex UL`, `q = mex UR`
//! (infinite when the union is every natural number) the two minima are `min LE = p` and `min GE = q` if
//! `p == q`; `min LE = p`, `min GE = ∞` if `p < q`; and `min LE = ∞`, `min GE = q` if `q < p`. Each set is
//! finite or all but finitely many naturals ([`NatSet`]), computed once per follower of each difference, so
//! every comparison the canonicalisation asks is a set membership.
//!
//! The canonical form of `H + *y` is then built from its raw options (`H^L + *y`, `H + *j` for `j < y`, and
//! the same for Right) as the generic canonicalisation would: an option that reverses (a right option of it
//! `<= H + *y`, a membership test because the game being built is itself annotated) is replaced by the left
//! options of that reply, repeatedly; of the options left, the dominated ones are dropped. Reversibility
//! depends only on the value of the game being built, which neither step changes, so the result has neither
//! dominated nor reversible options: it is canonical (and unique). A nimber `*w` met as an option is not
//! walked option by option: its reversing reply `*v` is found from the difference's set, and its replacement
//! `{*u : u < v}` is pushed as one growing prefix.

use super::*;
use rustc_hash::FxHashSet;

/// Largest number of followers of `G` for which the fast sum is used: it computes differences of pairs of
/// followers, each a generic sum, which for a large `G` can cost more than the generic `G + *m`.
const FAST_NIM_SUM_FOLLOWERS: usize = 64;

/// A set of natural numbers: finitely many (sorted), or all but finitely many (the sorted exceptions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum NatSet {
    /// Exactly these.
    Finite(Vec<u64>),
    /// Every natural number but these.
    Cofinite(Vec<u64>),
}

impl NatSet {
    /// Whether `y` is in the set.
    pub(crate) fn contains(&self, y: u64) -> bool {
        match self {
            NatSet::Finite(v) => v.binary_search(&y).is_ok(),
            NatSet::Cofinite(e) => e.binary_search(&y).is_err(),
        }
    }
    /// The union of two sets.
    fn union(&self, o: &NatSet) -> NatSet {
        use NatSet::*;
        match (self, o) {
            (Finite(a), Finite(b)) => {
                let mut v: Vec<u64> = a.iter().chain(b).copied().collect();
                v.sort_unstable();
                v.dedup();
                Finite(v)
            }
            (Cofinite(e), Finite(b)) | (Finite(b), Cofinite(e)) => {
                Cofinite(e.iter().copied().filter(|x| b.binary_search(x).is_err()).collect())
            }
            (Cofinite(a), Cofinite(b)) => Cofinite(a.iter().copied().filter(|x| b.binary_search(x).is_ok()).collect()),
        }
    }
    /// The least natural number not in the set (`None`: every natural number is in it).
    fn mex(&self) -> Option<u64> {
        match self {
            NatSet::Finite(v) => {
                Some(v.iter().enumerate().find(|&(i, &x)| x != i as u64).map_or(v.len() as u64, |p| p.0 as u64))
            }
            NatSet::Cofinite(e) => e.first().copied(),
        }
    }
    /// `{y ∉ excluded : y <= bound}` (`bound` `None`: no bound).
    fn outside_upto(excluded: &NatSet, bound: Option<u64>) -> NatSet {
        match (bound, excluded) {
            (Some(b), _) => NatSet::Finite((0..=b).filter(|&y| !excluded.contains(y)).collect()),
            (None, NatSet::Finite(v)) => NatSet::Cofinite(v.clone()),
            (None, NatSet::Cofinite(e)) => NatSet::Finite(e.clone()),
        }
    }
    /// Whether some `y` with `y xor x` in the set is below `w`; the least such `y`.
    fn least_xor_below(&self, x: u64, w: u64) -> Option<u64> {
        match self {
            NatSet::Finite(v) => v.iter().map(|&s| s ^ x).filter(|&y| y < w).min(),
            NatSet::Cofinite(e) => (0..w).find(|&y| e.binary_search(&(y ^ x)).is_err()),
        }
    }
}

/// `a <= b` for bounds where `None` is infinity.
fn bound_le(a: Option<u64>, b: Option<u64>) -> bool {
    match (a, b) {
        (_, None) => true,
        (None, Some(_)) => false,
        (Some(x), Some(y)) => x <= y,
    }
}

/// The working state of one fast sum `G + *m`.
struct NimSum {
    /// The followers of `G` (birthday order); `index` inverts it.
    followers: Vec<GameId>,
    index: FxHashMap<GameId, usize>,
    /// The position of `0` in `followers`.
    zero: usize,
    /// `built[h][y]`: the canonical `followers[h] + *y`, for the `y` built so far.
    built: Vec<Vec<GameId>>,
    /// A pair `(h, y)` for each canonical game met: the game equals `followers[h] + *y`.
    annotation: FxHashMap<GameId, (usize, u64)>,
    /// `followers[h1] - followers[h2]` by pair.
    differences: FxHashMap<(usize, usize), GameId>,
    /// `(LE(D), GE(D))` by canonical `D`.
    sets: FxHashMap<GameId, (NatSet, NatSet)>,
}

impl Games {
    /// `g + *m` by the annotated canonicalisation (module docs), or `None` where it does not apply: `g` a
    /// NUS value, `m` small or beyond [`MAX_NIM`], `g` with too many followers, or a game met without its
    /// annotation (never expected; the generic sum then answers).
    pub(super) fn add_nimber_fast(&mut self, g: GameId, h: GameId) -> Option<GameId> {
        let m = self.nimber_value(h)?;
        if !(self.fast_nim_sum_from..=MAX_NIM).contains(&m) || self.nus(g).is_some() {
            return None;
        }
        let mut followers = self.few_followers(g, FAST_NIM_SUM_FOLLOWERS)?;
        followers.sort_by_cached_key(|&f| self.birthday(f));
        let index: FxHashMap<GameId, usize> = followers.iter().enumerate().map(|(i, &f)| (f, i)).collect();
        let zero = *index.get(&self.zero())?;
        let mut s = NimSum {
            built: followers.iter().map(|&f| vec![f]).collect(),
            annotation: followers.iter().enumerate().map(|(i, &f)| (f, (i, 0))).collect(),
            followers,
            index,
            zero,
            differences: FxHashMap::default(),
            sets: FxHashMap::default(),
        };
        for y in 1..=m {
            self.poll_interrupt();
            let star = self.nimber(y);
            for hi in 0..s.followers.len() {
                let f = s.followers[hi];
                let nus = self.nus(f).is_some();
                let id = if nus { self.add(f, star) } else { self.nim_sum_node(&mut s, hi, y)? };
                s.built[hi].push(id);
                s.annotation.entry(id).or_insert((hi, y));
                if !nus {
                    let key = if f <= star { (f, star) } else { (star, f) };
                    self.add_cache.insert(key.0, key.1, id);
                }
            }
        }
        Some(s.built[s.index[&g]][m as usize])
    }

    /// All followers of `g` (with `g`), or `None` once there are more than `limit`.
    fn few_followers(&mut self, g: GameId, limit: usize) -> Option<Vec<GameId>> {
        let mut seen = FxHashSet::default();
        let mut stack = vec![g];
        let mut out = Vec::new();
        while let Some(x) = stack.pop() {
            if seen.insert(x) {
                out.push(x);
                if out.len() > limit {
                    return None;
                }
                if self.nimber_value(x).is_some_and(|w| w > limit as u64) {
                    return None;
                }
                stack.extend_from_slice(self.left_slice(x));
                stack.extend_from_slice(self.right_slice(x));
            }
        }
        Some(out)
    }

    /// The canonical `followers[hi] + *y` from the built games with smaller `y` or earlier followers.
    fn nim_sum_node(&mut self, s: &mut NimSum, hi: usize, y: u64) -> Option<GameId> {
        let f = s.followers[hi];
        let mut sides: [Vec<GameId>; 2] = [Vec::new(), Vec::new()];
        for (side, left) in [(0, true), (1, false)] {
            let opts = if left { self.left_slice(f).to_vec() } else { self.right_slice(f).to_vec() };
            let mut stack: Vec<GameId> = Vec::with_capacity(opts.len() + y as usize);
            for o in opts {
                stack.push(s.built[*s.index.get(&o)?][y as usize]);
            }
            stack.extend_from_slice(&s.built[hi][..y as usize]);
            sides[side] = self.nim_sum_side(s, (hi, y), stack, left)?;
        }
        let [l, r] = sides;
        Some(self.intern(l, r))
    }

    /// One side of the canonical `G = followers[g.0] + *g.1` from its raw options: reversible options bypassed
    /// (repeatedly), then dominated ones dropped.
    fn nim_sum_side(
        &mut self,
        s: &mut NimSum,
        g: (usize, u64),
        mut stack: Vec<GameId>,
        left: bool,
    ) -> Option<Vec<GameId>> {
        let mut seen = FxHashSet::default();
        let mut kept = Vec::new();
        // Nimbers *u for u < prefix have been pushed as replacements.
        let mut prefix = 0u64;
        while let Some(x) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            if let Some(w) = self.nimber_value(x) {
                // A nimber *w reverses through some *v (v < w) with *v <= G (left) or G <= *v (right), and is
                // replaced by the options *u, u < v, of that reply: the least such v brings the fewest.
                let d = if left { self.nim_difference(s, s.zero, g.0) } else { self.nim_difference(s, g.0, s.zero) };
                match self.nim_le_set(s, d).least_xor_below(g.1, w) {
                    Some(v) => {
                        for u in prefix..v {
                            stack.push(self.nimber(u));
                        }
                        prefix = prefix.max(v);
                    }
                    None => kept.push(x),
                }
                continue;
            }
            let replies = if left { self.right_slice(x).to_vec() } else { self.left_slice(x).to_vec() };
            let mut reversed = false;
            for reply in replies {
                let ar = *s.annotation.get(&reply)?;
                let through = if left { self.nim_le(s, ar, g) } else { self.nim_le(s, g, ar) };
                if through {
                    let back = if left { self.left_slice(reply).to_vec() } else { self.right_slice(reply).to_vec() };
                    stack.extend(back);
                    reversed = true;
                    break;
                }
            }
            if !reversed {
                kept.push(x);
            }
        }
        self.nim_undominated(s, kept, left)
    }

    /// The options of `kept` that no other one dominates (Left: none is `<=` another; Right: none `>=`).
    fn nim_undominated(&mut self, s: &mut NimSum, kept: Vec<GameId>, left: bool) -> Option<Vec<GameId>> {
        let mut groups: FxHashMap<usize, FxHashSet<u64>> = FxHashMap::default();
        let mut annotated = Vec::with_capacity(kept.len());
        for &x in &kept {
            let a = *s.annotation.get(&x)?;
            groups.entry(a.0).or_default().insert(a.1);
            annotated.push(a);
        }
        let keys: Vec<usize> = groups.keys().copied().collect();
        let mut out = Vec::with_capacity(kept.len());
        for (i, &x) in kept.iter().enumerate() {
            let (hx, yx) = annotated[i];
            let mut dominated = false;
            for &h in &keys {
                // Two options with one annotation's follower differ by a nimber: never comparable.
                if h == hx {
                    continue;
                }
                let d = if left { self.nim_difference(s, hx, h) } else { self.nim_difference(s, h, hx) };
                let ys = &groups[&h];
                dominated = match self.nim_le_set(s, d) {
                    NatSet::Finite(v) => v.iter().any(|&t| ys.contains(&(t ^ yx))),
                    NatSet::Cofinite(e) => {
                        ys.len() > e.len() || ys.iter().any(|&y| e.binary_search(&(y ^ yx)).is_err())
                    }
                };
                if dominated {
                    break;
                }
            }
            if !dominated {
                out.push(x);
            }
        }
        Some(out)
    }

    /// `a <= b` for annotated games: `H1 - H2 <= *(y1 xor y2)`.
    fn nim_le(&mut self, s: &mut NimSum, a: (usize, u64), b: (usize, u64)) -> bool {
        let d = self.nim_difference(s, a.0, b.0);
        self.nim_le_set(s, d).contains(a.1 ^ b.1)
    }

    /// `followers[a] - followers[b]`, canonical (cached).
    fn nim_difference(&mut self, s: &mut NimSum, a: usize, b: usize) -> GameId {
        if let Some(&d) = s.differences.get(&(a, b)) {
            return d;
        }
        let nb = self.neg(s.followers[b]);
        let d = self.add(s.followers[a], nb);
        s.differences.insert((a, b), d);
        d
    }

    /// `LE(d)` (module docs), cached per game.
    fn nim_le_set<'a>(&mut self, s: &'a mut NimSum, d: GameId) -> &'a NatSet {
        if !s.sets.contains_key(&d) {
            nat_sets(self, &mut s.sets, d);
        }
        &s.sets[&d].0
    }
}

/// `(LE(d), GE(d))` from the sets of `d`'s options (recursively, cached in `sets`).
pub(crate) fn nat_sets(
    games: &mut Games,
    sets: &mut FxHashMap<GameId, (NatSet, NatSet)>,
    d: GameId,
) -> (NatSet, NatSet) {
    if let Some(v) = sets.get(&d) {
        return v.clone();
    }
    let mut ul = NatSet::Finite(Vec::new());
    for o in games.left_slice(d).to_vec() {
        ul = ul.union(&nat_sets(games, sets, o).1);
    }
    let mut ur = NatSet::Finite(Vec::new());
    for o in games.right_slice(d).to_vec() {
        ur = ur.union(&nat_sets(games, sets, o).0);
    }
    let (p, q) = (ul.mex(), ur.mex());
    let (min_le, min_ge) = if bound_le(p, q) { (p, if p == q { q } else { None }) } else { (None, q) };
    let v = (NatSet::outside_upto(&ul, min_ge), NatSet::outside_upto(&ur, min_le));
    sets.insert(d, v.clone());
    v
}

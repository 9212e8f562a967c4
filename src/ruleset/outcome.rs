//! Outcome classes of positions and sums under normal play, by a solver of MCGS's kind (Folkersen, Du and
//! Müller, "A Minimax-based Combinatorial Game Solver", ACG 2025) that leans on what cgs has and MCGS lacks:
//! the exact canonical form of every small component.
//!
//! A search state is a *compound*: the large positions (terms, each one component, possibly negated) and the
//! canonical forms of the small ones, plus one number-up-star part. Normalising a compound
//! - splits every term into its components (the `Components` hook) and drops those with no options;
//! - replaces a component by its canonical form when that is cheap: already known, or the component has at most
//!   [`CHEAP_OPTIONS`] options in all by default, or its ruleset is impartial (nim values by mex are cheap); the
//!   ruleset's `Shortcut` hook or the canonical-form search values it;
//! - folds every number, nimber and multiple of ↑ into the one number-up-star part, and cancels each canonical
//!   form against its negative, so parts that sum to zero vanish;
//! - sorts the rest, so equal sums meet in the transposition table.
//!
//! A compound made of canonical forms only is settled without search when it has at most one form besides the
//! number-up-star part (its outcome class), or when the stops of its parts decide it: with `RS` and `LS` the
//! right and left stops, `RS(G) + RS(H) ≤ RS(G + H)` and `RS(G) + LS(H) ≤ LS(G + H)` ([CGT] II.1), so
//! `Σ RS > 0` means Left wins whoever starts, `Σ LS < 0` that Right does, and `LS(Gⱼ) + Σ_{i≠j} RS(Gᵢ) > 0` that
//! Left wins moving first (and symmetrically for Right). Sums of large canonical forms are searched, never
//! added: adding them is what makes `(xo)^8 + (xo)^9 + (xo)^10` expensive as a canonical form.
//!
//! The search is a depth-first minimax with an explicit stack (deep games cannot overflow the Rust stack) and a
//! transposition table per query. At each state it first looks every option up (a known losing option for the
//! opponent wins at once) and then tries the unknown ones, fewest large terms first. Results for single
//! positions are also kept in their memo nodes for the rest of the program. Misère play is [`super::search`]'s.

use super::memo::{canonical, ensure_options, ensure_split, Split, SumRef, Term};
use crate::game::number::Dyadic;
use crate::game::{GameId, Outcome};
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::value::Player;
use crate::syntax::span::Span;
use rustc_hash::FxHashMap;
use std::sync::atomic::{AtomicUsize, Ordering};

/// By default, a component with at most this many options (Left's and Right's together) is replaced by its
/// canonical form. Clobber's `(xo)^10` has 38, an empty 5×5 Domineering board 40.
pub const CHEAP_OPTIONS: usize = 40;

static CHEAP: AtomicUsize = AtomicUsize::new(CHEAP_OPTIONS);

/// Sets the bound of [`CHEAP_OPTIONS`] for the process (the property tests search with several bounds; results
/// never depend on it, only the time they take).
pub fn set_cheap_options(n: usize) {
    CHEAP.store(n, Ordering::Relaxed);
}

/// A normalised sum: large positions, canonical forms of the rest, and a number-up-star part.
#[derive(Clone, Debug)]
struct Compound {
    terms: Vec<Term>,
    games: Vec<GameId>,
    base: Option<GameId>,
}

impl Compound {
    fn key(&self, left: bool) -> Box<[u64]> {
        let mut k = Vec::with_capacity(self.terms.len() + self.games.len() + 2);
        k.extend(self.terms.iter().map(|t| (t.inst.id << 33) | (u64::from(t.node) << 1) | u64::from(t.neg)));
        k.push(u64::MAX);
        k.extend(self.games.iter().map(|g| u64::from(g.0)));
        k.push(self.base.map_or(u64::MAX - 1, |g| u64::from(g.0)));
        k.push(u64::from(left));
        k.into_boxed_slice()
    }
}

const fn side(p: Player) -> usize {
    match p {
        Player::Left => 0,
        Player::Right => 1,
    }
}

/// The outcome class of a sum under normal play.
pub fn outcome(m: &mut Machine, sum: &SumRef, span: Span) -> Result<Outcome, EvalError> {
    if !sum.loopy.is_empty() {
        return Err(EvalError::new(ErrorKind::NotShortGame { position: "a loopy value".into() }, span));
    }
    let mut s = Solver { memo: FxHashMap::default(), span };
    let games: Vec<GameId> = sum.constant.into_iter().collect();
    let c = s.normalise(m, sum.terms.to_vec(), games)?;
    let left = s.wins(m, &c, Player::Left)?;
    let right = s.wins(m, &c, Player::Right)?;
    Ok(Outcome::from_first_wins(left, right))
}

struct Solver {
    /// Whether the mover wins; `None` while the state is on the stack.
    memo: FxHashMap<Box<[u64]>, Option<bool>>,
    span: Span,
}

struct Frame {
    comp: Compound,
    player: Player,
    /// Options not settled by a look-up, in the order they are tried.
    todo: Vec<Compound>,
    cursor: usize,
}

/// Outcome of the parts sorted into numbers and ↑s and stars, and the rest.
struct Parts {
    num: Dyadic,
    ups: i64,
    nim: u64,
    rest: Vec<GameId>,
}

impl Solver {
    fn not_short(&self, m: &mut Machine, t: &Term) -> EvalError {
        let position = super::memo::describe(m, &t.inst, t.node);
        EvalError::new(ErrorKind::NotShortGame { position }, self.span)
    }

    /// The normal form of the sum of `terms` and `games`.
    fn normalise(&mut self, m: &mut Machine, terms: Vec<Term>, games: Vec<GameId>) -> Result<Compound, EvalError> {
        let span = self.span;
        let mut out = Vec::with_capacity(terms.len());
        let mut parts = Parts { num: Dyadic::ZERO, ups: 0, nim: 0, rest: Vec::with_capacity(games.len() + 2) };
        for g in games {
            absorb(m, &mut parts, g);
        }
        let mut todo = terms;
        while let Some(t) = todo.pop() {
            match ensure_split(m, &t.inst, t.node, span)? {
                Split::Parts(sum) if !sum.loopy.is_empty() => return Err(self.not_short(m, &t)),
                Split::Parts(sum) => {
                    todo.extend(sum.terms.iter().map(|u| Term { neg: u.neg ^ t.neg, ..u.clone() }));
                    if let Some(c) = sum.constant {
                        let c = if t.neg { m.games.neg(c) } else { c };
                        absorb(m, &mut parts, c);
                    }
                }
                _ => {
                    let known = t.inst.memo.borrow().nodes[t.node as usize].canonical;
                    let g = match known {
                        Some(g) => Some(g),
                        None => {
                            let l = ensure_options(m, &t.inst, t.node, Player::Left, span)?;
                            let r = ensure_options(m, &t.inst, t.node, Player::Right, span)?;
                            if l.iter().chain(r.iter()).any(|o| !o.loopy.is_empty()) {
                                return Err(self.not_short(m, &t));
                            }
                            if l.is_empty() && r.is_empty() {
                                continue;
                            }
                            if t.inst.impartial || l.len() + r.len() <= CHEAP.load(Ordering::Relaxed) {
                                Some(canonical(m, &t.inst, t.node, span)?)
                            } else {
                                None
                            }
                        }
                    };
                    match g {
                        Some(g) => {
                            let g = if t.neg { m.games.neg(g) } else { g };
                            absorb(m, &mut parts, g);
                        }
                        None => out.push(t),
                    }
                }
            }
        }
        out.sort_by_key(|t| (t.inst.id, t.node, t.neg));
        let mut games = parts.rest;
        games.sort_unstable();
        cancel(m, &mut games);
        let base = if parts.num == Dyadic::ZERO && parts.ups == 0 && parts.nim == 0 {
            None
        } else {
            match m.games.try_uptimal(parts.num, parts.ups, parts.nim) {
                Ok(b) => Some(b),
                Err(_) => {
                    return Err(EvalError::new(ErrorKind::Internal { what: "number-up-star overflow".into() }, span))
                }
            }
        };
        Ok(Compound { terms: out, games, base })
    }

    /// A result known without searching: memoised, stored in a node, or settled by the parts' values.
    fn known(&mut self, m: &mut Machine, c: &Compound, p: Player) -> Result<Option<bool>, EvalError> {
        if let Some(r) = self.memo.get(&c.key(p == Player::Left)) {
            return match r {
                Some(b) => Ok(Some(*b)),
                None => match c.terms.first() {
                    Some(t) => Err(self.not_short(m, t)),
                    None => Err(EvalError::new(ErrorKind::Internal { what: "a cycle among games".into() }, self.span)),
                },
            };
        }
        if c.terms.len() == 1 && c.games.is_empty() && c.base.is_none() {
            let t = &c.terms[0];
            let q = if t.neg { p.opponent() } else { p };
            if let Some(b) = t.inst.memo.borrow().nodes[t.node as usize].wins[0][side(q)] {
                return Ok(Some(b));
            }
        }
        if !c.terms.is_empty() {
            return Ok(None);
        }
        let zero = m.games.zero();
        if c.games.len() <= 1 {
            let g = match (c.games.first(), c.base) {
                (Some(&g), Some(b)) => m.games.add(g, b),
                (Some(&g), None) => g,
                (None, b) => b.unwrap_or(zero),
            };
            return Ok(Some(mover_wins(m.games.outcome(g), p)));
        }
        // Stops: Σ RS ≤ RS(sum), and LS(Gⱼ) + Σ_{i≠j} RS(Gᵢ) ≤ LS(sum) (and the mirror images).
        let (mut sum_l, mut sum_r) = (Dyadic::ZERO, Dyadic::ZERO);
        let (mut best_l, mut best_r) = (None::<Dyadic>, None::<Dyadic>);
        for &g in c.games.iter().chain(c.base.iter()) {
            let (l, r) = m.games.stops(g);
            sum_l = sum_l + l;
            sum_r = sum_r + r;
            let dl = l - r;
            let dr = r - l;
            best_l = Some(best_l.map_or(dl, |b| b.max(dl)));
            best_r = Some(best_r.map_or(dr, |b| b.min(dr)));
        }
        let zero_d = Dyadic::ZERO;
        match p {
            Player::Left => {
                if sum_r > zero_d || best_l.is_some_and(|b| sum_r + b > zero_d) {
                    return Ok(Some(true));
                }
                if sum_l < zero_d {
                    return Ok(Some(false));
                }
            }
            Player::Right => {
                if sum_l < zero_d || best_r.is_some_and(|b| sum_l + b < zero_d) {
                    return Ok(Some(true));
                }
                if sum_r > zero_d {
                    return Ok(Some(false));
                }
            }
        }
        Ok(None)
    }

    fn record(&mut self, c: &Compound, p: Player, b: bool) {
        self.memo.insert(c.key(p == Player::Left), Some(b));
        if c.terms.len() == 1 && c.games.is_empty() && c.base.is_none() {
            let t = &c.terms[0];
            let q = if t.neg { p.opponent() } else { p };
            t.inst.memo.borrow_mut().nodes[t.node as usize].wins[0][side(q)] = Some(b);
        }
    }

    /// The options of a compound for `p`, normalised.
    fn options(&mut self, m: &mut Machine, c: &Compound, p: Player) -> Result<Vec<Compound>, EvalError> {
        let span = self.span;
        let mut out = Vec::new();
        for (i, t) in c.terms.iter().enumerate() {
            let q = if t.neg { p.opponent() } else { p };
            let opts = ensure_options(m, &t.inst, t.node, q, span)?;
            for o in opts.iter() {
                let mut terms: Vec<Term> = Vec::with_capacity(c.terms.len() + o.terms.len());
                terms.extend(c.terms.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, u)| u.clone()));
                terms.extend(o.terms.iter().map(|u| Term { neg: u.neg ^ t.neg, ..u.clone() }));
                let mut games = c.games.clone();
                games.extend(c.base);
                if let Some(k) = o.constant {
                    games.push(if t.neg { m.games.neg(k) } else { k });
                }
                out.push(self.normalise(m, terms, games)?);
            }
        }
        let all: Vec<GameId> = c.games.iter().copied().chain(c.base).collect();
        for (i, &g) in all.iter().enumerate() {
            let ks = match p {
                Player::Left => m.games.left_options(g),
                Player::Right => m.games.right_options(g),
            };
            for k in ks {
                let mut games = all.clone();
                games[i] = k;
                out.push(self.normalise(m, c.terms.clone(), games)?);
            }
        }
        Ok(out)
    }

    /// A frame for `c` with `p` to move, or the result when a look-up of its options settles it.
    fn expand(&mut self, m: &mut Machine, c: Compound, p: Player) -> Result<Result<Frame, bool>, EvalError> {
        m.games.poll_interrupt();
        let options = self.options(m, &c, p)?;
        let q = p.opponent();
        let mut todo = Vec::with_capacity(options.len());
        for o in options {
            match self.known(m, &o, q)? {
                Some(true) => {}
                Some(false) => return Ok(Err(true)),
                None => todo.push(o),
            }
        }
        todo.sort_by_key(|o| (o.terms.len(), o.games.len()));
        Ok(Ok(Frame { comp: c, player: p, todo, cursor: 0 }))
    }

    /// Whether the player to move wins `c`.
    fn wins(&mut self, m: &mut Machine, c: &Compound, p: Player) -> Result<bool, EvalError> {
        if let Some(b) = self.known(m, c, p)? {
            return Ok(b);
        }
        let mut stack: Vec<Frame> = Vec::new();
        self.memo.insert(c.key(p == Player::Left), None);
        match self.expand(m, c.clone(), p)? {
            Ok(f) => stack.push(f),
            Err(b) => {
                self.record(c, p, b);
                return Ok(b);
            }
        }
        // The result of the frame popped last, for its parent.
        let mut returned: Option<bool> = None;
        let mut result = false;
        while let Some(top) = stack.len().checked_sub(1) {
            let mut outcome = None;
            let mut push = None;
            {
                let f = &mut stack[top];
                if let Some(child_wins) = returned.take() {
                    if child_wins {
                        f.cursor += 1;
                    } else {
                        outcome = Some(true);
                    }
                }
                while outcome.is_none() && f.cursor < f.todo.len() {
                    let q = f.player.opponent();
                    match self.known(m, &f.todo[f.cursor], q)? {
                        Some(true) => f.cursor += 1,
                        Some(false) => outcome = Some(true),
                        None => {
                            push = Some((f.todo[f.cursor].clone(), q));
                            break;
                        }
                    }
                }
                if outcome.is_none() && push.is_none() {
                    outcome = Some(false);
                }
            }
            if let Some((o, q)) = push {
                self.memo.insert(o.key(q == Player::Left), None);
                match self.expand(m, o.clone(), q)? {
                    Ok(f) => stack.push(f),
                    Err(b) => {
                        self.record(&o, q, b);
                        returned = Some(b);
                    }
                }
                continue;
            }
            let Some(f) = stack.pop() else { break };
            let b = outcome.unwrap_or(false);
            self.record(&f.comp, f.player, b);
            returned = Some(b);
            result = b;
        }
        Ok(result)
    }
}

/// Adds `g` to the parts: into the number-up-star part if it is of that form, else among the rest.
fn absorb(m: &mut Machine, parts: &mut Parts, g: GameId) {
    match m.games.number_up_star(g) {
        Some((x, u, n)) => {
            parts.num = parts.num + x;
            parts.ups += u;
            parts.nim ^= n;
        }
        None => parts.rest.push(g),
    }
}

/// Removes every pair `g`, `-g` from a sorted list.
fn cancel(m: &mut Machine, games: &mut Vec<GameId>) {
    if games.len() < 2 {
        return;
    }
    let mut keep = vec![true; games.len()];
    for i in 0..games.len() {
        if !keep[i] {
            continue;
        }
        let n = m.games.neg(games[i]);
        if let Some(j) = (0..games.len()).find(|&j| j != i && keep[j] && games[j] == n) {
            keep[i] = false;
            keep[j] = false;
        }
    }
    let mut it = keep.iter();
    games.retain(|_| *it.next().unwrap_or(&true));
}

/// Whether the player to move first wins, given the outcome class.
fn mover_wins(o: Outcome, p: Player) -> bool {
    matches!((o, p), (Outcome::N, _) | (Outcome::L, Player::Left) | (Outcome::R, Player::Right))
}

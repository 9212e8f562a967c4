//! Outcome classes of positions and sums by search on their own game trees (normal and misère play).
//!
//! A search state is a *compound*: a multiset of terms (positions of any instance, possibly negated) plus a
//! constant game. A compound is normalised before use: terms split into their components, terms with no
//! options for either player are dropped (they are the empty game in any sum), and the rest sorted, so equal
//! sums meet in the memo. "The mover wins" is decided by a depth-first search with an explicit stack that
//! stops at the first winning move; results are memoised per query, and for single positions also in the
//! instance's memo table, for the rest of the program.
//!
//! `OutcomeClass` under normal play goes through [`super::outcome`], the solver for sums; this search serves
//! misère play. Normal play (`misere == false`) takes a shortcut whenever every term's canonical form is
//! already known (the outcome of their sum). Misère play never uses canonical forms of positions: only the constant part of a compound, a game
//! value given by `Value(g)`, is read through its canonical form's tree.

use super::memo::{ensure_options, ensure_split, Split, SumRef, Term};
use super::script::Instance;
use crate::game::{GameId, Outcome};
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::value::Player;
use crate::syntax::span::Span;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// A sum of terms and a constant, normalised.
#[derive(Clone, Debug)]
struct Compound {
    terms: Vec<Term>,
    constant: Option<GameId>,
}

type Key = (Vec<(u64, u32, bool)>, Option<GameId>, bool);

impl Compound {
    fn key(&self, left: bool) -> Key {
        (self.terms.iter().map(|t| (t.inst.id, t.node, t.neg)).collect(), self.constant, left)
    }
}

const fn side(p: Player) -> usize {
    match p {
        Player::Left => 0,
        Player::Right => 1,
    }
}

struct Search<'s> {
    misere: bool,
    memo: FxHashMap<Key, Option<bool>>,
    span: &'s Span,
}

/// The outcome class of a sum under normal (`misere == false`) or misère play.
pub fn outcome(m: &mut Machine, sum: &SumRef, misere: bool, span: Span) -> Result<Outcome, EvalError> {
    let mut s = Search { misere, memo: FxHashMap::default(), span: &span };
    let c = s.normalise(m, sum.terms.to_vec(), sum.constant)?;
    let left = s.wins(m, &c, Player::Left)?;
    let right = s.wins(m, &c, Player::Right)?;
    Ok(Outcome::from_first_wins(left, right))
}

struct Frame {
    comp: Compound,
    player: Player,
    options: Vec<Compound>,
    cursor: usize,
}

impl Search<'_> {
    fn normalise(
        &mut self,
        m: &mut Machine,
        terms: Vec<Term>,
        constant: Option<GameId>,
    ) -> Result<Compound, EvalError> {
        let span = *self.span;
        let mut out = Vec::with_capacity(terms.len());
        let mut constant = constant;
        let mut todo = terms;
        while let Some(t) = todo.pop() {
            let loopy_part = |m: &mut Machine, t: &Term| {
                let position = super::memo::describe(m, &t.inst, t.node);
                Err(EvalError::new(ErrorKind::NotShortGame { position }, span))
            };
            match ensure_split(m, &t.inst, t.node, span)? {
                Split::Parts(sum) if !sum.loopy.is_empty() => return loopy_part(m, &t),
                Split::Parts(sum) => {
                    todo.extend(sum.terms.iter().map(|u| Term { neg: u.neg ^ t.neg, ..u.clone() }));
                    if let Some(c) = sum.constant {
                        let c = if t.neg { m.games.neg(c) } else { c };
                        constant = Some(match constant {
                            Some(d) => m.games.add(d, c),
                            None => c,
                        });
                    }
                }
                _ => {
                    let l = ensure_options(m, &t.inst, t.node, Player::Left, span)?;
                    let r = ensure_options(m, &t.inst, t.node, Player::Right, span)?;
                    if l.iter().chain(r.iter()).any(|o| !o.loopy.is_empty()) {
                        return loopy_part(m, &t);
                    }
                    if !(l.is_empty() && r.is_empty()) {
                        out.push(t);
                    }
                }
            }
        }
        out.sort_by_key(|t| (t.inst.id, t.node, t.neg));
        let zero = m.games.zero();
        Ok(Compound { terms: out, constant: constant.filter(|&c| c != zero) })
    }

    /// A result known without searching: memoised, stored in a node, or (normal play) from canonical forms.
    fn known(&mut self, m: &mut Machine, c: &Compound, p: Player) -> Result<Option<bool>, EvalError> {
        if let Some(r) = self.memo.get(&c.key(p == Player::Left)) {
            return match r {
                Some(b) => Ok(Some(*b)),
                None => {
                    let position = describe_compound(m, c);
                    Err(EvalError::new(ErrorKind::NotShortGame { position }, *self.span))
                }
            };
        }
        let mode = usize::from(self.misere);
        if c.constant.is_none() && c.terms.len() == 1 {
            let t = &c.terms[0];
            let q = if t.neg { p.opponent() } else { p };
            if let Some(b) = t.inst.memo.borrow().nodes[t.node as usize].wins[mode][side(q)] {
                return Ok(Some(b));
            }
        }
        if c.terms.is_empty() {
            let g = c.constant.unwrap_or_else(|| m.games.zero());
            let o = if self.misere { m.games.misere_outcome(g) } else { m.games.outcome(g) };
            return Ok(Some(mover_wins(o, p)));
        }
        if !self.misere {
            let all: Option<Vec<GameId>> = c
                .terms
                .iter()
                .map(|t| {
                    let g = t.inst.memo.borrow().nodes[t.node as usize].canonical?;
                    Some(if t.neg { m.games.neg(g) } else { g })
                })
                .collect();
            if let Some(gs) = all {
                let mut total = c.constant.unwrap_or_else(|| m.games.zero());
                for g in gs {
                    total = m.games.add(total, g);
                }
                return Ok(Some(mover_wins(m.games.outcome(total), p)));
            }
        }
        Ok(None)
    }

    fn record(&mut self, c: &Compound, p: Player, b: bool) {
        self.memo.insert(c.key(p == Player::Left), Some(b));
        if c.constant.is_none() && c.terms.len() == 1 {
            let t = &c.terms[0];
            let q = if t.neg { p.opponent() } else { p };
            t.inst.memo.borrow_mut().nodes[t.node as usize].wins[usize::from(self.misere)][side(q)] = Some(b);
        }
    }

    /// The options of a compound for `p`, normalised.
    fn options(&mut self, m: &mut Machine, c: &Compound, p: Player) -> Result<Vec<Compound>, EvalError> {
        let span = *self.span;
        let mut out = Vec::new();
        for (i, t) in c.terms.iter().enumerate() {
            let q = if t.neg { p.opponent() } else { p };
            let opts = ensure_options(m, &t.inst, t.node, q, span)?;
            for o in opts.iter() {
                let mut terms: Vec<Term> = Vec::with_capacity(c.terms.len() + o.terms.len());
                terms.extend(c.terms.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, u)| u.clone()));
                terms.extend(o.terms.iter().map(|u| Term { neg: u.neg ^ t.neg, ..u.clone() }));
                let mut constant = c.constant;
                if let Some(k) = o.constant {
                    let k = if t.neg { m.games.neg(k) } else { k };
                    constant = Some(match constant {
                        Some(d) => m.games.add(d, k),
                        None => k,
                    });
                }
                out.push(self.normalise(m, terms, constant)?);
            }
        }
        if let Some(k) = c.constant {
            let ks = match p {
                Player::Left => m.games.left_options(k),
                Player::Right => m.games.right_options(k),
            };
            for k in ks {
                out.push(self.normalise(m, c.terms.clone(), Some(k))?);
            }
        }
        Ok(out)
    }

    /// Whether the player to move wins `c` (normal or misère play, as set for the search).
    fn wins(&mut self, m: &mut Machine, c: &Compound, p: Player) -> Result<bool, EvalError> {
        if let Some(b) = self.known(m, c, p)? {
            return Ok(b);
        }
        self.memo.insert(c.key(p == Player::Left), None);
        let options = self.options(m, c, p)?;
        let mut stack = vec![Frame { comp: c.clone(), player: p, options, cursor: 0 }];
        let mut result = false;
        while let Some(top) = stack.len().checked_sub(1) {
            let mut outcome = None;
            let mut push = None;
            {
                let f = &mut stack[top];
                if f.options.is_empty() {
                    outcome = Some(self.misere);
                }
                while outcome.is_none() && f.cursor < f.options.len() {
                    let o = f.options[f.cursor].clone();
                    let q = f.player.opponent();
                    match self.known(m, &o, q)? {
                        Some(true) => f.cursor += 1,
                        Some(false) => outcome = Some(true),
                        None => {
                            push = Some((o, q));
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
                let options = self.options(m, &o, q)?;
                stack.push(Frame { comp: o, player: q, options, cursor: 0 });
                continue;
            }
            let Some(f) = stack.pop() else { break };
            let b = outcome.unwrap_or(false);
            self.record(&f.comp, f.player, b);
            result = b;
        }
        Ok(result)
    }
}

/// Whether the player to move first wins, given the outcome class.
fn mover_wins(o: Outcome, p: Player) -> bool {
    matches!((o, p), (Outcome::N, _) | (Outcome::L, Player::Left) | (Outcome::R, Player::Right))
}

fn describe_compound(m: &mut Machine, c: &Compound) -> String {
    let parts: Vec<String> = c
        .terms
        .iter()
        .map(|t| {
            let s = super::memo::describe(m, &t.inst, t.node);
            if t.neg {
                format!("-{s}")
            } else {
                s
            }
        })
        .collect();
    parts.join(" + ")
}

/// The single-position sum of a node.
pub fn single(inst: &Rc<Instance>, node: u32) -> SumRef {
    let mut terms = super::memo::Terms::default();
    terms.push(Term { inst: inst.clone(), node, neg: false });
    SumRef { terms, constant: None, loopy: Box::default() }
}

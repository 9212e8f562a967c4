//! The values of the impartial family and the helpers its files share: take-and-break rulesets' data, heaps,
//! misère games, obligated values and sums (their `Object` impls, which name the member tables, are in mod.rs).
//! A leaf of the family: it names none of its siblings but the arena.

pub(super) use super::arena::Arena;
pub(super) use crate::game::impartial::obligated::{
    obligated_outcome_search, obligated_sum_value, obligated_value_sequence, ObligatedValue,
};
pub(super) use crate::game::impartial::takebreak::{TakeBreakCode, TakeBreakError};
pub(super) use crate::game::impartial::ImpartialTree;
pub(super) use crate::game::misere::{MisereGames, MisereId};
pub(super) use crate::game::{GameId, Games, Outcome};
pub(super) use crate::interp::error::{Arity, ErrorKind, EvalError};
pub(super) use crate::interp::eval::Machine;
pub(super) use crate::interp::value::{game_value, Object, Shown, Value};
pub(super) use crate::library::{count, list, member, Member, Site};
pub(super) use crate::syntax::ast::Ident;
pub(super) use crate::syntax::span::Span;
pub(super) use num_traits::ToPrimitive;
pub(super) use std::cell::RefCell;
pub(super) use std::cmp::Ordering;
pub(super) use std::collections::BTreeMap;
pub(super) use std::rc::Rc;

/// The largest heap whose nim value, misère form or options may be asked for.
pub(super) const MAX_HEAP: u32 = 10_000_000;

/// The most tree nodes a brute-force obligated-sum search may build.
pub(super) const SEARCH_BUDGET: usize = 200_000;

/// The largest nimber `*n` the search writes out as a literal tree (2^n nodes).
pub(super) const MAX_SEARCH_NIMBER: u64 = 16;

/// A ruleset's misère forms of heaps and the (weakly held) arena they are in.
pub(super) type MisereCache = (std::rc::Weak<RefCell<MisereGames>>, Vec<Option<MisereId>>);

// ---- take-and-break rulesets ----------------------------------------------------------------------------

/// What a take-and-break ruleset knows: its code and the values computed so far.
#[derive(Debug)]
pub struct TbData {
    pub(super) code: TakeBreakCode,
    /// The code as it was written: CGSuite prints and answers `code` with the text it was given
    /// (`TakeAndBreak("04.30")` prints `TakeAndBreak("04.30")`), and two spellings of one code are two rulesets.
    pub(super) text: String,
    /// G(0), G(1), … as far as computed.
    pub(super) nim: RefCell<Vec<u32>>,
    /// Misère canonical forms of heaps, as far as computed, and the arena they are in (a new arena after
    /// `:clear` starts the table again). Weak: a ruleset held by a native global (`Kayles`) must not keep a
    /// cleared arena alive.
    pub(super) misere: RefCell<MisereCache>,
    /// Obligated (Ferguson §3) values of heaps, as far as computed.
    pub(super) obligated: RefCell<Vec<ObligatedValue>>,
}

impl TbData {
    pub(super) fn loopy(&self, e: TakeBreakError) -> ErrorKind {
        match e {
            TakeBreakError::Loopy(heap) => ErrorKind::LoopyTakeBreak { code: self.text.clone(), heap },
        }
    }

    /// G(0..=n).
    pub(super) fn nim_values(&self, n: usize) -> Result<Vec<u32>, ErrorKind> {
        if self.nim.borrow().len() <= n {
            let target = n.max(2 * self.nim.borrow().len()).min(MAX_HEAP as usize).max(n);
            let seq = self.code.nim_value_sequence(target).map_err(|e| self.loopy(e))?;
            *self.nim.borrow_mut() = seq;
        }
        Ok(self.nim.borrow()[..=n].to_vec())
    }

    pub(super) fn nim_value(&self, n: usize) -> Result<u32, ErrorKind> {
        if let Some(&v) = self.nim.borrow().get(n) {
            return Ok(v);
        }
        Ok(self.nim_values(n)?[n])
    }

    /// The obligated values of heaps 0..=n.
    pub(super) fn obligated_values(&self, n: usize) -> Result<Vec<ObligatedValue>, ErrorKind> {
        if self.obligated.borrow().len() <= n {
            let seq = obligated_value_sequence(&self.code, n).map_err(|e| self.loopy(e))?;
            *self.obligated.borrow_mut() = seq;
        }
        Ok(self.obligated.borrow()[..=n].to_vec())
    }

    /// The misère canonical form of heap `n`, in the arena `ar`.
    pub(super) fn misere(&self, ar: &Arena, n: usize) -> Result<MisereId, ErrorKind> {
        {
            let mut memo = self.misere.borrow_mut();
            if !memo.0.ptr_eq(&ar.downgrade()) {
                *memo = (ar.downgrade(), Vec::new());
            }
            if let Some(Some(g)) = memo.1.get(n) {
                return Ok(*g);
            }
        }
        let mut pending = Vec::new();
        for k in 0..=n {
            self.misere_rec(ar, k, &mut pending)?;
        }
        self.misere_rec(ar, n, &mut pending)
    }

    pub(super) fn misere_rec(&self, ar: &Arena, n: usize, pending: &mut Vec<bool>) -> Result<MisereId, ErrorKind> {
        if let Some(Some(g)) = self.misere.borrow().1.get(n) {
            return Ok(*g);
        }
        if pending.len() <= n {
            pending.resize(n + 1, false);
        }
        if pending[n] {
            return Err(ErrorKind::LoopyTakeBreak { code: self.text.clone(), heap: n });
        }
        pending[n] = true;
        let mut opts = Vec::new();
        for parts in self.code.heap_options(n) {
            let mut sum = ar.with(|a| a.zero());
            for p in parts {
                let x = self.misere_rec(ar, p, pending)?;
                sum = ar.with(|a| a.add(sum, x));
            }
            opts.push(sum);
        }
        pending[n] = false;
        let g = ar.with(|a| a.game(&opts));
        let memo = &mut self.misere.borrow_mut().1;
        if memo.len() <= n {
            memo.resize(n + 1, None);
        }
        memo[n] = Some(g);
        Ok(g)
    }

    /// Heap `n` as a literal tree, within `budget` nodes.
    pub(super) fn tree(
        &self,
        n: usize,
        budget: &mut usize,
        memo: &mut BTreeMap<usize, ImpartialTree>,
    ) -> Option<ImpartialTree> {
        if let Some(t) = memo.get(&n) {
            spend(budget, tree_size(t))?;
            return Some(t.clone());
        }
        let mut opts = Vec::new();
        for parts in self.code.heap_options(n) {
            let mut sum = ImpartialTree::default();
            for p in parts {
                if p >= n && self.code.max_removed().is_some() {
                    return None;
                }
                let t = self.tree(p, budget, memo)?;
                sum = tree_sum(&sum, &t, budget)?;
            }
            opts.push(sum);
        }
        spend(budget, 1)?;
        let t = ImpartialTree::new(opts);
        memo.insert(n, t.clone());
        Some(t)
    }
}

/// A take-and-break ruleset.
#[derive(Debug)]
pub struct TakeAndBreak(pub Rc<TbData>);

impl TakeAndBreak {
    /// The ruleset of a code, or why the code is malformed.
    pub fn parse(code: &str) -> Result<TakeAndBreak, ErrorKind> {
        let parsed = TakeBreakCode::parse(code)
            .map_err(|e| ErrorKind::InvalidTakeBreakCode { code: code.to_string(), reason: e.to_string() })?;
        let text = code.to_string();
        Ok(TakeAndBreak(Rc::new(TbData {
            code: parsed,
            text,
            nim: RefCell::new(Vec::new()),
            misere: RefCell::new((std::rc::Weak::new(), Vec::new())),
            obligated: RefCell::new(Vec::new()),
        })))
    }
}

/// The obligated variant of a take-and-break ruleset (Ferguson §3: a split leaves an obligated sum).
#[derive(Debug)]
pub struct ObligatedTakeAndBreak(pub Rc<TbData>);

/// The global that names a take-and-break code, so that a heap prints as the call that builds it
/// (`Kayles(3)`; CGSuite prints `TakeAndBreak.Position(3)`).
pub(super) fn heap_ruleset_name(code: &str) -> Option<&'static str> {
    Some(match code {
        "0.77" => "Kayles",
        "0.07" => "DawsonsKayles",
        "4!.0" => "GrundysGame",
        "0.[3]" => "Nim",
        _ => return None,
    })
}

/// A heap of a take-and-break ruleset.
#[derive(Debug)]
pub struct Heap {
    pub(super) rules: Rc<TbData>,
    pub(super) size: usize,
}

impl Heap {
    /// The heap's nim value as a nimber.
    pub(super) fn nimber(&self, m: &mut Machine) -> Result<GameId, ErrorKind> {
        self.rules.nim_value(self.size).map(|v| m.games.nimber(u64::from(v)))
    }
}

// ---- misère games, obligated values, periodicity --------------------------------------------------------

/// A misère canonical impartial game.
#[derive(Debug)]
pub struct MisereGame(pub MisereId, pub Arena);

impl MisereGame {
    /// The value: `g` of the arena `ar`.
    pub fn value(ar: &Arena, g: MisereId) -> Value {
        Value::Object(Rc::new(MisereGame(g, ar.clone())))
    }
}

/// Ferguson's value of a game: normal and misère outcome, printed `01`.
#[derive(Debug)]
pub struct ObligatedValueObj(pub ObligatedValue);

impl ObligatedValueObj {
    /// The value.
    pub fn value(v: ObligatedValue) -> Value {
        Value::Object(Rc::new(ObligatedValueObj(v)))
    }
}

/// An obligated sum of impartial games, with the values of its components.
#[derive(Debug)]
pub struct ObligatedSum {
    pub(super) components: Vec<Value>,
    pub(super) values: Vec<ObligatedValue>,
}

pub(super) fn downcast<T: 'static>(v: &Value) -> Option<&T> {
    match v {
        Value::Object(o) => {
            let any: &dyn std::any::Any = &**o;
            any.downcast_ref::<T>()
        }
        _ => None,
    }
}

pub(super) fn spend(budget: &mut usize, n: usize) -> Option<()> {
    *budget = budget.checked_sub(n)?;
    Some(())
}

pub(super) fn tree_size(t: &ImpartialTree) -> usize {
    1 + t.options().iter().map(tree_size).sum::<usize>()
}

/// The literal sum of two trees, within the budget.
pub(super) fn tree_sum(a: &ImpartialTree, b: &ImpartialTree, budget: &mut usize) -> Option<ImpartialTree> {
    if a.options().is_empty() {
        spend(budget, tree_size(b))?;
        return Some(b.clone());
    }
    if b.options().is_empty() {
        spend(budget, tree_size(a))?;
        return Some(a.clone());
    }
    let mut opts = Vec::with_capacity(a.options().len() + b.options().len());
    for x in a.options() {
        opts.push(tree_sum(x, b, budget)?);
    }
    for y in b.options() {
        opts.push(tree_sum(a, y, budget)?);
    }
    spend(budget, 1)?;
    Some(ImpartialTree::new(opts))
}

pub(super) fn heap_size(site: &Site, args: &[Value], i: usize) -> Result<usize, EvalError> {
    let n = count(site, args, i)?;
    if n > MAX_HEAP {
        return Err(site.arg_err(i, ErrorKind::ExpectedInteger { what: "heap size", value: n.to_string() }));
    }
    Ok(n as usize)
}

pub(super) fn this_tb<'v>(s: &Site, this: &'v Value) -> Result<&'v Rc<TbData>, EvalError> {
    if let Some(r) = downcast::<TakeAndBreak>(this) {
        return Ok(&r.0);
    }
    if let Some(r) = downcast::<ObligatedTakeAndBreak>(this) {
        return Ok(&r.0);
    }
    Err(s.bug())
}

/// `N` if the player to move wins, else `P`.
pub(super) fn outcome(next_wins: bool) -> Value {
    Value::Outcome(if next_wins { Outcome::N } else { Outcome::P })
}

/// A sum of heaps (and nimbers, and the `0` a heap leaves when it is taken whole), in the order written.
#[derive(Debug)]
pub struct HeapSum {
    pub(super) terms: Vec<Value>,
}

/// The options of a heap as positions, in CGSuite's order: a move leaving one heap is that heap, one leaving
/// several is their sum, one leaving none is `0`.
pub(super) fn heap_positions(h: &Heap) -> Vec<Value> {
    h.rules
        .code
        .heap_options(h.size)
        .into_iter()
        .map(|parts| match parts.len() {
            0 => Value::int(0),
            1 => Value::Object(Rc::new(Heap { rules: h.rules.clone(), size: parts[0] })),
            _ => Value::Object(Rc::new(HeapSum {
                terms: parts
                    .into_iter()
                    .map(|n| Value::Object(Rc::new(Heap { rules: h.rules.clone(), size: n })) as Value)
                    .collect(),
            })),
        })
        .collect()
}

//! Conversions: heap sizes, misère forms, game trees and obligated values of impartial values.

use super::value::*;

// ---- conversions -----------------------------------------------------------------------------------------

pub(super) fn show(m: &mut Machine, v: &Value) -> String {
    v.display(m.games)
}

/// The misère canonical form of an impartial value: a misère game, a heap, an impartial canonical game (a
/// nimber), or any value whose `LeftOptions` equal its `RightOptions` hereditarily (ruleset positions).
pub fn misere_of(m: &mut Machine, v: &Value, span: Span) -> Result<MisereId, EvalError> {
    let mut memo = BTreeMap::new();
    misere_rec(m, v, span, &mut memo)
}

pub(super) fn misere_rec(
    m: &mut Machine,
    v: &Value,
    span: Span,
    memo: &mut BTreeMap<Value, MisereId>,
) -> Result<MisereId, EvalError> {
    if let Some(g) = downcast::<MisereGame>(v) {
        return Ok(Arena::of(m).adopt(&g.1, g.0));
    }
    if let Some(h) = downcast::<Heap>(v) {
        return h.rules.misere(&Arena::of(m), h.size).map_err(|k| EvalError::new(k, span));
    }
    if let Some(s) = downcast::<HeapSum>(v) {
        return misere_of_sum(m, s, span, memo);
    }
    if let Some(k) = nimber_of(m, v) {
        let k = usize::try_from(k).map_err(|_| EvalError::new(ErrorKind::Overflow, span))?;
        return Ok(Arena::of(m).with(|a| a.nim(k)));
    }
    if matches!(v, Value::Game(_) | Value::Integer(_) | Value::Rational(_)) {
        let game = show(m, v);
        return Err(EvalError::new(ErrorKind::NotImpartial { game }, span));
    }
    if let Some(g) = memo.get(v) {
        return Ok(*g);
    }
    let opts = impartial_options(m, v, span)?;
    let mut ids = Vec::with_capacity(opts.len());
    for o in &opts {
        ids.push(misere_rec(m, o, span, memo)?);
    }
    let g = Arena::of(m).with(|a| a.game(&ids));
    memo.insert(v.clone(), g);
    Ok(g)
}

/// The nim value of a value that is a nimber (or the number 0).
pub(super) fn nimber_of(m: &mut Machine, v: &Value) -> Option<u64> {
    match v {
        Value::Game(g) => m.games.nimber_value(*g),
        Value::Integer(n) if n.to_i64() == Some(0) => Some(0),
        _ => None,
    }
}

/// The options of a value that is impartial at its root (Left's options equal Right's), through its
/// `LeftOptions` and `RightOptions` members.
pub(super) fn impartial_options(m: &mut Machine, v: &Value, span: Span) -> Result<Vec<Value>, EvalError> {
    let left = call_member(m, v, "LeftOptions", span)?;
    let right = call_member(m, v, "RightOptions", span)?;
    let (Some(mut l), Some(mut r)) = (m.elements(&left), m.elements(&right)) else {
        let game = show(m, v);
        return Err(EvalError::new(ErrorKind::NotImpartial { game }, span));
    };
    l.sort();
    r.sort();
    if l != r {
        let game = show(m, v);
        return Err(EvalError::new(ErrorKind::NotImpartial { game }, span));
    }
    l.dedup();
    Ok(l)
}

pub(super) fn call_member(m: &mut Machine, v: &Value, name: &str, span: Span) -> Result<Value, EvalError> {
    let ident = Ident { name: Rc::from(name), span };
    m.invoke_member(v.clone(), &ident, &[], &[], span)
}

/// Ferguson's value (normal outcome, misère outcome) of an impartial value.
pub fn obligated_value_of(m: &mut Machine, v: &Value, span: Span) -> Result<ObligatedValue, EvalError> {
    if let Some(h) = downcast::<Heap>(v) {
        let normal = h.rules.nim_value(h.size).map_err(|k| EvalError::new(k, span))? != 0;
        let ar = Arena::of(m);
        let g = h.rules.misere(&ar, h.size).map_err(|k| EvalError::new(k, span))?;
        return Ok(ObligatedValue { normal_next_wins: normal, misere_next_wins: ar.with(|a| a.misere_next_wins(g)) });
    }
    if let Some(g) = downcast::<MisereGame>(v) {
        let (plus, next) = g.1.with(|a| (a.nim_value(g.0), a.misere_next_wins(g.0)));
        return Ok(ObligatedValue { normal_next_wins: plus != 0, misere_next_wins: next });
    }
    if let Some(k) = nimber_of(m, v) {
        return Ok(ObligatedValue { normal_next_wins: k != 0, misere_next_wins: k != 1 });
    }
    if matches!(v, Value::Object(_)) && downcast::<ObligatedSum>(v).is_none() {
        let normal = call_member(m, v, "OutcomeClass", span)?;
        let misere = call_member(m, v, "MisereOutcomeClass", span)?;
        let next_wins = |o: &Value| match o {
            Value::Outcome(Outcome::N) => Some(true),
            Value::Outcome(Outcome::P) => Some(false),
            _ => None,
        };
        if let (Some(a), Some(b)) = (next_wins(&normal), next_wins(&misere)) {
            return Ok(ObligatedValue { normal_next_wins: a, misere_next_wins: b });
        }
    }
    let game = show(m, v);
    Err(EvalError::new(ErrorKind::NotImpartial { game }, span))
}

/// A component of an obligated sum as a literal tree for the brute-force search.
pub(super) fn search_tree(
    m: &mut Machine,
    v: &Value,
    span: Span,
    budget: &mut usize,
) -> Result<ImpartialTree, EvalError> {
    let too_large = || EvalError::new(ErrorKind::SearchTooLarge { limit: SEARCH_BUDGET }, span);
    if let Some(h) = downcast::<Heap>(v) {
        h.rules.nim_value(h.size).map_err(|k| EvalError::new(k, span))?;
        let mut memo = BTreeMap::new();
        return h.rules.tree(h.size, budget, &mut memo).ok_or_else(too_large);
    }
    if let Some(g) = downcast::<MisereGame>(v) {
        let mut memo = BTreeMap::new();
        return g.1.with(|a| misere_tree(a, g.0, budget, &mut memo)).ok_or_else(too_large);
    }
    if let Some(k) = nimber_of(m, v) {
        if k > MAX_SEARCH_NIMBER {
            return Err(too_large());
        }
        spend(budget, 1usize << k).ok_or_else(too_large)?;
        return Ok(ImpartialTree::nim(k as usize));
    }
    let mut memo = BTreeMap::new();
    value_tree(m, v, span, budget, &mut memo)
}

pub(super) fn value_tree(
    m: &mut Machine,
    v: &Value,
    span: Span,
    budget: &mut usize,
    memo: &mut BTreeMap<Value, ImpartialTree>,
) -> Result<ImpartialTree, EvalError> {
    let too_large = || EvalError::new(ErrorKind::SearchTooLarge { limit: SEARCH_BUDGET }, span);
    if let Some(t) = memo.get(v) {
        spend(budget, tree_size(t)).ok_or_else(too_large)?;
        return Ok(t.clone());
    }
    if downcast::<Heap>(v).is_some() || downcast::<MisereGame>(v).is_some() || nimber_of(m, v).is_some() {
        return search_tree(m, v, span, budget);
    }
    if matches!(v, Value::Game(_) | Value::Integer(_) | Value::Rational(_)) || downcast::<ObligatedSum>(v).is_some() {
        let game = show(m, v);
        return Err(EvalError::new(ErrorKind::NotImpartial { game }, span));
    }
    let opts = impartial_options(m, v, span)?;
    let mut trees = Vec::with_capacity(opts.len());
    for o in &opts {
        trees.push(value_tree(m, o, span, budget, memo)?);
    }
    spend(budget, 1).ok_or_else(too_large)?;
    let t = ImpartialTree::new(trees);
    memo.insert(v.clone(), t.clone());
    Ok(t)
}

pub(super) fn misere_tree(
    a: &MisereGames,
    g: MisereId,
    budget: &mut usize,
    memo: &mut BTreeMap<MisereId, ImpartialTree>,
) -> Option<ImpartialTree> {
    if let Some(t) = memo.get(&g) {
        spend(budget, tree_size(t))?;
        return Some(t.clone());
    }
    let mut opts = Vec::new();
    for &o in a.options(g) {
        opts.push(misere_tree(a, o, budget, memo)?);
    }
    spend(budget, 1)?;
    let t = ImpartialTree::new(opts);
    memo.insert(g, t.clone());
    Some(t)
}

/// `G.MisereCanonicalForm` (games, heaps, positions).
pub fn misere_canonical_form(m: &mut Machine, s: &Site, this: &Value, _: &[Value]) -> Result<Value, EvalError> {
    let g = misere_of(m, this, s.span)?;
    Ok(MisereGame::value(&Arena::of(m), g))
}

/// `G.MisereNimValue`.
pub fn misere_nim_value(m: &mut Machine, s: &Site, this: &Value, _: &[Value]) -> Result<Value, EvalError> {
    let g = misere_of(m, this, s.span)?;
    Ok(Value::int(Arena::of(m).with(|a| a.misere_nim_value(g))))
}

/// `G.Genus`.
pub fn genus(m: &mut Machine, s: &Site, this: &Value, _: &[Value]) -> Result<Value, EvalError> {
    let g = misere_of(m, this, s.span)?;
    Ok(Shown::value("Genus", Arena::of(m).with(|a| a.genus(g))))
}

/// `G.ObligatedValue`.
pub fn obligated_value(m: &mut Machine, s: &Site, this: &Value, _: &[Value]) -> Result<Value, EvalError> {
    Ok(ObligatedValueObj::value(obligated_value_of(m, this, s.span)?))
}

/// The misère canonical form of a sum: the misère sum of its terms' forms.
pub(super) fn misere_of_sum(
    m: &mut Machine,
    s: &HeapSum,
    span: crate::syntax::span::Span,
    memo: &mut BTreeMap<Value, crate::game::misere::MisereId>,
) -> Result<crate::game::misere::MisereId, EvalError> {
    let ar = Arena::of(m);
    let mut acc = ar.with(|a| a.nim(0));
    for t in &s.terms {
        let g = misere_rec(m, t, span, memo)?;
        acc = ar.with(|a| a.add(acc, g));
    }
    Ok(acc)
}

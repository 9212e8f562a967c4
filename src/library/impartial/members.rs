//! Member tables of take-and-break rulesets, heaps, misère games, obligated values and periodicities.

use super::*;

// ---- members ---------------------------------------------------------------------------------------------

pub(super) fn this_tb<'v>(s: &Site, this: &'v Value) -> Result<&'v Rc<TbData>, EvalError> {
    if let Some(r) = downcast::<TakeAndBreak>(this) {
        return Ok(&r.0);
    }
    if let Some(r) = downcast::<ObligatedTakeAndBreak>(this) {
        return Ok(&r.0);
    }
    Err(s.bug())
}

pub(super) fn this_heap<'v>(s: &Site, this: &'v Value) -> Result<&'v Heap, EvalError> {
    downcast::<Heap>(this).ok_or_else(|| s.bug())
}

pub(super) fn this_misere(s: &Site, this: &Value) -> Result<MisereId, EvalError> {
    downcast::<MisereGame>(this).map(|g| g.0).ok_or_else(|| s.bug())
}

pub(super) fn misere_bool(
    s: &Site,
    this: &Value,
    f: fn(&mut MisereGames, MisereId) -> bool,
) -> Result<Value, EvalError> {
    let g = this_misere(s, this)?;
    Ok(Value::Boolean(arena(|a| f(a, g))))
}

pub(super) fn outcome(next_wins: bool) -> Value {
    Value::Outcome(if next_wins { Outcome::N } else { Outcome::P })
}

pub(super) fn obligated_sequence(s: &Site, this: &Value, args: &[Value]) -> Result<Value, EvalError> {
    let r = this_tb(s, this)?;
    let n = heap_size(s, args, 0)?;
    let seq = r.obligated_values(n).map_err(|k| s.err(k))?;
    Ok(list(seq.into_iter().map(ObligatedValueObj::value)))
}

/// Members of a take-and-break ruleset.
pub static TAKE_AND_BREAK: &[Member] = &[
    member("Code", 0, |_, s, this, _| Ok(Value::str(&this_tb(s, this)?.text))),
    // CGSuite's own spelling of the member.
    member("code", 0, |_, s, this, _| Ok(Value::str(&this_tb(s, this)?.text))),
    // The nim values of the heaps 1..n, as CGSuite lists them (its tests: `NimValueSequence(20) ==
    // [R(n).NimValue for n from 1 to 20]`).
    member("NimValueSequence", 1, |_, s, this, args| {
        let r = this_tb(s, this)?;
        let n = heap_size(s, args, 0)?;
        let seq = r.nim_values(n).map_err(|k| s.err(k))?;
        Ok(list(seq.into_iter().skip(1).map(Value::int)))
    }),
    member("CheckPeriodicity", 1, |_, s, this, args| {
        let r = this_tb(s, this)?;
        let n = heap_size(s, args, 0)?;
        r.nim_values(n).map_err(|k| s.err(k))?;
        match r.code.check_periodicity(n).map_err(|e| s.err(r.loopy(e)))? {
            Some(p) => Ok(Value::Object(Rc::new(PeriodicityObj {
                period: p.period,
                preperiod: p.preperiod,
                saltus: p.saltus,
            }))),
            None => Ok(Value::Nothing),
        }
    }),
    member("HeapOptions", 1, |_, s, this, args| {
        let r = this_tb(s, this)?;
        let n = heap_size(s, args, 0)?;
        let opts = r.code.heap_options(n);
        Ok(list(opts.into_iter().map(|parts| list(parts.into_iter().map(Value::int)))))
    }),
    member("ObligatedValueSequence", 1, |_, s, this, args| obligated_sequence(s, this, args)),
    // CGSuite's `HeapRuleset` members, shared with the stdlib's heap rulesets (stdlib/heap.cgs).
    member("HeapNimValue", 1, |_, s, this, args| {
        let r = this_tb(s, this)?;
        let n = heap_size(s, args, 0)?;
        Ok(Value::int(r.nim_value(n).map_err(|k| s.err(k))?))
    }),
    member("Join", 1, |m, s, this, args| via_stdlib(m, s, "_HeapJoin", this, args)),
    member("PartizanJoin", 1, |m, s, this, args| via_stdlib(m, s, "_HeapPartizanJoin", this, args)),
    Member {
        name: "CakeProduct",
        arity: Arity::Range(1, 2),
        f: |m, s, this, args| via_stdlib(m, s, "_HeapCakeProduct", this, args),
        doc: crate::library::Doc::NONE,
    },
    member("AcrosticProduct", 1, |m, s, this, args| via_stdlib(m, s, "_HeapAcrosticProduct", this, args)),
    member("DirectProduct", 1, |m, s, this, args| via_stdlib(m, s, "_HeapDirectProduct", this, args)),
    // Misère quotients (beyond CGSuite; LANGUAGE.md §10).
    member("MisereQuotient", 1, super::quotient::misere_quotient),
    member("Obligated", 0, |_, s, this, _| {
        Ok(Value::Object(Rc::new(ObligatedTakeAndBreak(this_tb(s, this)?.clone()))))
    }),
];

/// Calls the stdlib function `name` with the ruleset and the arguments (`R.Join(S)` is `_HeapJoin(R, S)`).
fn via_stdlib(m: &mut Machine, s: &Site, name: &str, this: &Value, args: &[Value]) -> Result<Value, EvalError> {
    let f = m.globals.lookup(name).cloned().ok_or_else(|| s.bug())?;
    let mut all = Vec::with_capacity(args.len() + 1);
    all.push(this.clone());
    all.extend_from_slice(args);
    m.call_value(&f, &all, s)
}

/// Members of the obligated variant of a take-and-break ruleset.
pub static OBLIGATED_TAKE_AND_BREAK: &[Member] = &[
    member("Code", 0, |_, s, this, _| Ok(Value::str(&this_tb(s, this)?.text))),
    member("ObligatedValueSequence", 1, |_, s, this, args| obligated_sequence(s, this, args)),
];

/// Members of a heap of a take-and-break ruleset (then every game member of its nimber).
pub static HEAP: &[Member] = &[
    member("HeapSize", 0, |_, s, this, _| Ok(Value::int(this_heap(s, this)?.size as u64))),
    member("Ruleset", 0, |_, s, this, _| Ok(Value::Object(Rc::new(TakeAndBreak(this_heap(s, this)?.rules.clone()))))),
    member("NimValue", 0, |_, s, this, _| {
        let h = this_heap(s, this)?;
        Ok(Value::int(h.rules.nim_value(h.size).map_err(|k| s.err(k))?))
    }),
    // CGSuite's `ImpartialGame.GameValue` is `*NimValue`, the canonical form.
    member("GameValue", 0, |m, s, this, _| {
        let h = this_heap(s, this)?;
        let v = h.rules.nim_value(h.size).map_err(|k| s.err(k))?;
        let g = m.games.nimber(u64::from(v));
        Ok(game_value(m.games, g))
    }),
    member("CanonicalForm", 0, |m, s, this, _| {
        let h = this_heap(s, this)?;
        let v = h.rules.nim_value(h.size).map_err(|k| s.err(k))?;
        let g = m.games.nimber(u64::from(v));
        Ok(game_value(m.games, g))
    }),
    member("OutcomeClass", 0, |_, s, this, _| {
        let h = this_heap(s, this)?;
        Ok(outcome(h.rules.nim_value(h.size).map_err(|k| s.err(k))? != 0))
    }),
    member("MisereOutcomeClass", 0, |_, s, this, _| {
        let h = this_heap(s, this)?;
        let g = h.rules.misere(h.size).map_err(|k| s.err(k))?;
        Ok(outcome(arena(|a| a.misere_next_wins(g))))
    }),
    // Options are positions, as in CGSuite (`Kayles(3).Options` is `[Kayles(2),Kayles(1) + Kayles(1),Kayles(1)]`);
    // an impartial position takes the player or not.
    member("LeftOptions", 0, |_, s, this, _| Ok(list(super::sum::heap_positions(this_heap(s, this)?)))),
    member("RightOptions", 0, |_, s, this, _| Ok(list(super::sum::heap_positions(this_heap(s, this)?)))),
    Member {
        name: "Options",
        arity: Arity::Range(0, 1),
        f: |_, s, this, args| {
            if !args.is_empty() {
                super::super::player(s, args, 0)?;
            }
            Ok(list(super::sum::heap_positions(this_heap(s, this)?)))
        },
        doc: crate::library::Doc::NONE,
    },
    member("MisereCanonicalForm", 0, misere_canonical_form),
    member("MisereNimValue", 0, misere_nim_value),
    member("Genus", 0, genus),
    member("ObligatedValue", 0, obligated_value),
];

/// `G.MisereCanonicalForm` (games, heaps, positions).
pub fn misere_canonical_form(m: &mut Machine, s: &Site, this: &Value, _: &[Value]) -> Result<Value, EvalError> {
    Ok(MisereGame::value(misere_of(m, this, s.span)?))
}

/// `G.MisereNimValue`.
pub fn misere_nim_value(m: &mut Machine, s: &Site, this: &Value, _: &[Value]) -> Result<Value, EvalError> {
    let g = misere_of(m, this, s.span)?;
    Ok(Value::int(arena(|a| a.misere_nim_value(g))))
}

/// `G.Genus`.
pub fn genus(m: &mut Machine, s: &Site, this: &Value, _: &[Value]) -> Result<Value, EvalError> {
    let g = misere_of(m, this, s.span)?;
    Ok(Shown::value("Genus", arena(|a| a.genus(g))))
}

/// `G.ObligatedValue`.
pub fn obligated_value(m: &mut Machine, s: &Site, this: &Value, _: &[Value]) -> Result<Value, EvalError> {
    Ok(ObligatedValueObj::value(obligated_value_of(m, this, s.span)?))
}

pub(super) fn misere_options(s: &Site, this: &Value) -> Result<Value, EvalError> {
    let g = this_misere(s, this)?;
    let opts = arena(|a| a.cgsuite_options(g));
    Ok(list(opts.into_iter().map(MisereGame::value)))
}

pub(super) fn this_value(s: &Site, this: &Value) -> Result<ObligatedValue, EvalError> {
    downcast::<ObligatedValueObj>(this).map(|v| v.0).ok_or_else(|| s.bug())
}

/// Members of an obligated value.
pub static OBLIGATED_VALUE: &[Member] = &[
    member("OutcomeClass", 0, |_, s, this, _| Ok(outcome(this_value(s, this)?.normal_next_wins))),
    member("MisereOutcomeClass", 0, |_, s, this, _| Ok(outcome(this_value(s, this)?.misere_next_wins))),
];

pub(super) fn this_sum<'v>(s: &Site, this: &'v Value) -> Result<&'v ObligatedSum, EvalError> {
    downcast::<ObligatedSum>(this).ok_or_else(|| s.bug())
}

pub(super) fn sum_value(s: &Site, this: &Value) -> Result<ObligatedValue, EvalError> {
    Ok(obligated_sum_value(this_sum(s, this)?.values.iter().copied()))
}

/// Members of an obligated sum.
pub static OBLIGATED_SUM: &[Member] = &[
    member("Components", 0, |_, s, this, _| Ok(list(this_sum(s, this)?.components.iter().cloned()))),
    member("ObligatedValue", 0, |_, s, this, _| Ok(ObligatedValueObj::value(sum_value(s, this)?))),
    member("OutcomeClass", 0, |_, s, this, _| Ok(outcome(sum_value(s, this)?.normal_next_wins))),
    member("MisereOutcomeClass", 0, |_, s, this, _| Ok(outcome(sum_value(s, this)?.misere_next_wins))),
    member("ObligatedValueBySearch", 0, |m, s, this, _| {
        let sum = this_sum(s, this)?;
        let mut budget = SEARCH_BUDGET;
        let mut trees = Vec::with_capacity(sum.components.len());
        for c in &sum.components {
            trees.push(search_tree(m, c, s.span, &mut budget)?);
        }
        Ok(ObligatedValueObj::value(obligated_outcome_search(&trees)))
    }),
];

pub(super) fn this_periodicity<'v>(s: &Site, this: &'v Value) -> Result<&'v PeriodicityObj, EvalError> {
    downcast::<PeriodicityObj>(this).ok_or_else(|| s.bug())
}

/// Members of a periodicity.
pub static PERIODICITY: &[Member] = &[
    member("Period", 0, |_, s, this, _| Ok(Value::int(this_periodicity(s, this)?.period as u64))),
    member("Preperiod", 0, |_, s, this, _| Ok(Value::int(this_periodicity(s, this)?.preperiod as u64))),
    member("Saltus", 0, |_, s, this, _| Ok(Value::int(this_periodicity(s, this)?.saltus))),
];

//! Member tables of take-and-break rulesets, heaps, misère games, obligated values and periodicities.

use super::convert::*;
use super::periodicity::PeriodicityObj;
use super::value::*;
use crate::interp::native::Param;

// ---- members ---------------------------------------------------------------------------------------------

pub(super) fn this_heap<'v>(s: &Site, this: &'v Value) -> Result<&'v Heap, EvalError> {
    downcast::<Heap>(this).ok_or_else(|| s.bug())
}

/// The misère game `this` and the arena it is in.
pub(super) fn this_misere(s: &Site, this: &Value) -> Result<(MisereId, Arena), EvalError> {
    downcast::<MisereGame>(this).map(|g| (g.0, g.1.clone())).ok_or_else(|| s.bug())
}

pub(super) fn misere_bool(
    s: &Site,
    this: &Value,
    f: fn(&mut MisereGames, MisereId) -> bool,
) -> Result<Value, EvalError> {
    let (g, ar) = this_misere(s, this)?;
    Ok(Value::Boolean(ar.with(|a| f(a, g))))
}

pub(super) fn obligated_sequence(s: &Site, this: &Value, args: &[Value]) -> Result<Value, EvalError> {
    let r = this_tb(s, this)?;
    let n = heap_size(s, args, 0)?;
    let seq = r.obligated_values(n).map_err(|k| s.err(k))?;
    Ok(list(seq.into_iter().map(ObligatedValueObj::value)))
}

/// Members of a take-and-break ruleset.
pub static TAKE_AND_BREAK: &[Member] = crate::member_table![
    crate::member!(Code => "The ruleset's code as written (octal or hexadecimal).", "Kayles.Code", |_, s, this, _| Ok(Value::str(&this_tb(s, this)?.text))),
    // CGSuite's own spelling of the member.
    crate::member!(code => "The ruleset's code (CGSuite's spelling of `Code`).", "DawsonsKayles.code", |_, s, this, _| Ok(Value::str(&this_tb(s, this)?.text))),
    // The nim values of the heaps 1..n, as CGSuite lists them (its tests: `NimValueSequence(20) ==
    // [R(n).NimValue for n from 1 to 20]`).
    crate::member!(NimValueSequence(toHeapSize: Integer) => "The nim values of the heaps 1 to n, as a list.", "Kayles.NimValueSequence(12)", |_, s, this, args| {
        let r = this_tb(s, this)?;
        let n = heap_size(s, args, 0)?;
        let seq = r.nim_values(n).map_err(|k| s.err(k))?;
        Ok(list(seq.into_iter().skip(1).map(Value::int)))
    }),
    crate::member!(CheckPeriodicity(toHeapSize: Integer) => "The periodicity the nim values of heaps up to n prove (a `Periodicity`, with saltus for arithmetic-periodic codes), or nil when none is proved yet.", "Kayles.CheckPeriodicity(300)", |_, s, this, args| {
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
    }).params(&[&[Param::required("heapSize", "Integer")], &[Param::required("n", "Integer")]]).doc("", "The moves from a heap of n, each as the list of the heap sizes it leaves.", "Kayles.HeapOptions(4)"),
    member("ObligatedValueSequence", 1, |_, s, this, args| obligated_sequence(s, this, args)).doc("(n)", "The obligated values (Ferguson's normal and misère outcome digits) of the ruleset's obligated play on heaps 0 to n.", "Kayles.ObligatedValueSequence(5)"),
    // CGSuite's `HeapRuleset` members, shared with the stdlib's heap rulesets (stdlib/heap.cgs).
    crate::member!(HeapNimValue(heapSize: Integer) => "The nim value of a heap of n.", "Kayles.HeapNimValue(70)", |_, s, this, args| {
        let r = this_tb(s, this)?;
        let n = heap_size(s, args, 0)?;
        Ok(Value::int(r.nim_value(n).map_err(|k| s.err(k))?))
    }),
    crate::member!(Join(that: HeapRuleset) => "The heap ruleset whose moves on a heap are this ruleset's and r's together.", "Kayles.Join(HeapRuleset(n -> [[k] for k in 0..n - 1]))(3).NimValue", |m, s, this, args| via_stdlib(m, s, "_HeapJoin", this, args)),
    crate::member!(PartizanJoin(that: HeapRuleset) => "The partizan heap ruleset in which Left moves as this ruleset and Right as r.", "Kayles.PartizanJoin(HeapRuleset(n -> [[k] for k in 0..n - 1]))(2).CanonicalForm", |m, s, this, args| via_stdlib(m, s, "_HeapPartizanJoin", this, args)),
    Member {
        name: "CakeProduct",
        params: &[&[Param::required("that", "HeapRuleset"), Param::optional("twisted", "Boolean")]],
        arity: Arity::Range(1, 2),
        f: |m, s, this, args| via_stdlib(m, s, "_HeapCakeProduct", this, args),
        doc: crate::library::Doc::NONE,
    }.doc("", "CGSuite's cake product with the heap ruleset r: a coordinate game on pairs of heaps, cut like Cutcake (optionally twisted).", "Kayles.CakeProduct(HeapRuleset(n -> [[k] for k in 0..n - 1]))(2, 2).CanonicalForm"),
    crate::member!(AcrosticProduct(that: HeapRuleset) => "The acrostic product with the heap ruleset r: on a pair of heaps, move in the first by this ruleset or in the second by r.", "Kayles.AcrosticProduct(HeapRuleset(n -> [[k] for k in 0..n - 1]))(2, 2).NimValue", |m, s, this, args| via_stdlib(m, s, "_HeapAcrosticProduct", this, args)),
    crate::member!(DirectProduct(that: HeapRuleset) => "The direct product with the heap ruleset r: on a pair of heaps, move in either or both.", "Kayles.DirectProduct(HeapRuleset(n -> [[k] for k in 0..n - 1]))(2, 2).NimValue", |m, s, this, args| via_stdlib(m, s, "_HeapDirectProduct", this, args)),
    // Misère quotients (beyond CGSuite; LANGUAGE.md §10).
    member("MisereQuotient", 1, super::quotient::misere_quotient).doc("(n)", "The misère quotient of the ruleset restricted to heaps 1 to n (Plambeck–Siegel), as a `MisereQuotient`.", "Kayles.MisereQuotient(6)"),
    crate::member!(Obligated => "The obligated variant of the ruleset (Ferguson §3), whose member is `ObligatedValueSequence`.", "Kayles.Obligated.Code", |_, s, this, _| {
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
pub static OBLIGATED_TAKE_AND_BREAK: &[Member] = crate::member_table![
    crate::member!(Code => "The code of the underlying take-and-break ruleset.", "Kayles.Obligated.Code", |_, s, this, _| Ok(Value::str(&this_tb(s, this)?.text))),
    member("ObligatedValueSequence", 1, |_, s, this, args| obligated_sequence(s, this, args)).doc(
        "(n)",
        "The obligated values of heaps 0 to n (the same as the ruleset's own).",
        "Kayles.Obligated.ObligatedValueSequence(5)",
    ),
];

/// Members of a heap of a take-and-break ruleset (then every game member of its nimber).
pub static HEAP: &[Member] = crate::member_table![
    crate::member!(HeapSize => "The size of the heap.", "Kayles(7).HeapSize", |_, s, this, _| Ok(Value::int(this_heap(s, this)?.size as u64))),
    crate::member!(Ruleset => "The take-and-break ruleset the heap is played by.", "Kayles(7).Ruleset", |_, s, this, _| Ok(Value::Object(Rc::new(TakeAndBreak(this_heap(s, this)?.rules.clone()))))),
    crate::member!(NimValue => "The nim value of the heap.", "Kayles(7).NimValue", |_, s, this, _| {
        let h = this_heap(s, this)?;
        Ok(Value::int(h.rules.nim_value(h.size).map_err(|k| s.err(k))?))
    }),
    // CGSuite's `ImpartialGame.GameValue` is `*NimValue`, the canonical form.
    crate::member!(GameValue => "The value of the heap: the nimber *n of its nim value.", "Kayles(7).GameValue", |m, s, this, _| {
        let h = this_heap(s, this)?;
        let v = h.rules.nim_value(h.size).map_err(|k| s.err(k))?;
        let g = m.games.nimber(u64::from(v));
        Ok(game_value(m.games, g))
    }),
    crate::member!(CanonicalForm => "The canonical form of the heap: the nimber of its nim value.", "Kayles(5).CanonicalForm", |m, s, this, _| {
        let h = this_heap(s, this)?;
        let v = h.rules.nim_value(h.size).map_err(|k| s.err(k))?;
        let g = m.games.nimber(u64::from(v));
        Ok(game_value(m.games, g))
    }),
    crate::member!(OutcomeClass => "`N` when the heap's nim value is nonzero, else `P`.", "Kayles(5).OutcomeClass", |_, s, this, _| {
        let h = this_heap(s, this)?;
        Ok(outcome(h.rules.nim_value(h.size).map_err(|k| s.err(k))? != 0))
    }),
    crate::member!(MisereOutcomeClass => "Who wins the heap when the last player to move loses.", "Kayles(4).MisereOutcomeClass", |m, s, this, _| {
        let h = this_heap(s, this)?;
        let ar = Arena::of(m);
        let g = h.rules.misere(&ar, h.size).map_err(|k| s.err(k))?;
        Ok(outcome(ar.with(|a| a.misere_next_wins(g))))
    }),
    // Options are positions, as in CGSuite (`Kayles(3).Options` is `[Kayles(2),Kayles(1) + Kayles(1),Kayles(1)]`);
    // an impartial position takes the player or not.
    crate::member!(LeftOptions => "The positions one move away, as a list of heaps and sums of heaps.", "Kayles(3).LeftOptions", |_, s, this, _| Ok(list(super::value::heap_positions(this_heap(s, this)?)))),
    crate::member!(Followers => "Every position reachable from the heap, itself included, as a set of heaps, 0 and sums kept as CGSuite keeps them \
         (ordered pairs, `0` terms kept: `0 + Kayles(1)` and `Kayles(1) + 0` are two followers).", "Kayles(3).Followers", |m, s, this, _| {
        Ok(Value::Set(super::followers::followers(m, s, this, &mut super::followers::NoHooks)?, crate::interp::order::SmallOrder::HASHED))
    }),
    crate::member!(FollowerCount => "The number of distinct followers of the heap, counted as CGSuite counts them (sums as ordered pairs).", "Kayles(3).FollowerCount", |m, s, this, _| {
        Ok(Value::int(super::followers::follower_count(m, s, this, &mut super::followers::NoHooks)?))
    }),
    crate::member!(RightOptions => "The positions one move away (the same as `LeftOptions`: the game is impartial).", "Kayles(3).RightOptions", |_, s, this, _| Ok(list(super::value::heap_positions(this_heap(s, this)?)))),
    Member {
        name: "Options",
        params: &[&[Param::required("player", "Player")]],
        arity: Arity::Range(0, 1),
        f: |_, s, this, args| {
            if !args.is_empty() {
                super::super::player(s, args, 0)?;
            }
            Ok(list(super::value::heap_positions(this_heap(s, this)?)))
        },
        doc: crate::library::Doc::NONE,
    }
    .doc("", "The positions one move away; the player may be given or not.", "Kayles(4).Options"),
    crate::member!(MisereCanonicalForm => "The misère canonical form of the heap.", "Kayles(4).MisereCanonicalForm", misere_canonical_form),
    crate::member!(MisereNimValue => "The misère nim value of a heap that is equal in misère play to a nim heap.", "Kayles(3).MisereNimValue", misere_nim_value),
    crate::member!(Genus => "The genus of the heap: its nim value with its misère values as superscripts.", "Kayles(5).Genus", genus),
    crate::member!(ObligatedValue => "Ferguson's obligated value of the heap: its normal and misère outcome digits.", "Kayles(5).ObligatedValue", obligated_value),
];

pub(super) fn misere_options(s: &Site, this: &Value) -> Result<Value, EvalError> {
    let (g, ar) = this_misere(s, this)?;
    let opts = ar.with(|a| a.cgsuite_options(g));
    Ok(list(opts.into_iter().map(|o| MisereGame::value(&ar, o))))
}

pub(super) fn this_value(s: &Site, this: &Value) -> Result<ObligatedValue, EvalError> {
    downcast::<ObligatedValueObj>(this).map(|v| v.0).ok_or_else(|| s.bug())
}

/// Members of an obligated value.
pub static OBLIGATED_VALUE: &[Member] = crate::member_table![
    crate::member!(OutcomeClass => "The normal-play outcome class the value records (`N` or `P`). Not in CGSuite.", "(*3).ObligatedValue.OutcomeClass", |_, s, this, _| Ok(outcome(this_value(s, this)?.normal_next_wins))),
    crate::member!(MisereOutcomeClass => "The misère-play outcome class the value records. Not in CGSuite.", "(*3).ObligatedValue.MisereOutcomeClass", |_, s, this, _| Ok(outcome(this_value(s, this)?.misere_next_wins))),
];

pub(super) fn this_sum<'v>(s: &Site, this: &'v Value) -> Result<&'v ObligatedSum, EvalError> {
    downcast::<ObligatedSum>(this).ok_or_else(|| s.bug())
}

pub(super) fn sum_value(s: &Site, this: &Value) -> Result<ObligatedValue, EvalError> {
    Ok(obligated_sum_value(this_sum(s, this)?.values.iter().copied()))
}

/// Members of an obligated sum.
pub static OBLIGATED_SUM: &[Member] = crate::member_table![
    crate::member!(Components => "The components of the obligated sum, as a list.", "ObligatedSum(*2, Kayles(3)).Components", |_, s, this, _| Ok(list(this_sum(s, this)?.components.iter().cloned()))),
    crate::member!(ObligatedValue => "The obligated value of the sum from its components' values (Ferguson's Theorem 1).", "ObligatedSum(*2, Kayles(3)).ObligatedValue", |_, s, this, _| Ok(ObligatedValueObj::value(sum_value(s, this)?))),
    crate::member!(OutcomeClass => "Who wins the obligated sum in normal play (from Ferguson's Theorem 1).", "ObligatedSum(*2, *3).OutcomeClass", |_, s, this, _| Ok(outcome(sum_value(s, this)?.normal_next_wins))),
    crate::member!(MisereOutcomeClass => "Who wins the obligated sum in misère play.", "ObligatedSum(*2, *3).MisereOutcomeClass", |_, s, this, _| Ok(outcome(sum_value(s, this)?.misere_next_wins))),
    crate::member!(ObligatedValueBySearch => "The obligated value found by playing the sum out on game trees (a check of `ObligatedValue`; at most 200000 positions).", "ObligatedSum(*2, *3).ObligatedValueBySearch", |m, s, this, _| {
        let sum = this_sum(s, this)?;
        let mut budget = SEARCH_BUDGET;
        let mut trees = Vec::with_capacity(sum.components.len());
        for c in &sum.components {
            trees.push(search_tree(m, c, s.span, &mut budget)?);
        }
        Ok(ObligatedValueObj::value(obligated_outcome_search(&trees)))
    }),
];

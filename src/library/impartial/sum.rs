//! Sums of heaps as positions, as CGSuite keeps them (`game.CompoundImpartialGame`): `Kayles(3) + Kayles(6)`
//! is the sum of the two heaps, not the nimber of their nim values, so that its options are positions
//! (`(Kayles(2) + Kayles(1)).Options` lists `Kayles(1) + Kayles(1)`, `0 + Kayles(1)`, `Kayles(2) + 0`, as in
//! CGSuite 2.2) and its misère members see the game itself (`(Kayles(1) + Kayles(7)).MisereCanonicalForm` is
//! not the misère form of the nimber `*3`). Every normal-play game member answers through the nimber.

use super::convert::{genus, misere_canonical_form, misere_nim_value, misere_of, nimber_of};
use super::value::{downcast, game_value, heap_positions, list, outcome, Arena, Heap, HeapSum, Member, MisereGame};
use crate::game::{GameId, Games};
use crate::interp::error::{Arity, ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::native::Param;
use crate::interp::value::{Object, Value};
use crate::library::{Doc, Site};
use crate::syntax::ast::BinOp;
use crate::syntax::span::Span;
use std::cmp::Ordering;
use std::rc::Rc;

impl Object for HeapSum {
    fn class_members(&self) -> &'static [&'static [Member]] {
        static TABLES: [&[Member]; 2] = [HEAP_SUM, crate::library::short::GAME];
        &TABLES
    }

    fn to_game(&self, m: &mut Machine, span: crate::syntax::span::Span) -> Option<Result<GameId, EvalError>> {
        Some(to_game(m, self).map_err(|k| EvalError::new(k, span)))
    }

    fn binary_fallback(
        &self,
        m: &mut Machine,
        op: crate::syntax::ast::BinOp,
        a: &Value,
        b: &Value,
    ) -> Option<Result<Value, ErrorKind>> {
        binary(m, op, a, b)
    }
    /// A sum of impartial games is its own negative (CGSuite 2.2: `-(Kayles(3) + *2)` is the sum).
    fn negate(&self, _: &mut Machine, this: &Value, _: crate::syntax::span::Span) -> Option<Result<Value, EvalError>> {
        Some(Ok(this.clone()))
    }

    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        t.values(&self.terms)
    }
    fn type_name(&self) -> &'static str {
        "Position"
    }
    fn class_name(&self) -> &'static str {
        // CGSuite 2.2: `(Kayles(3) + Kayles(2)).Class` and `(Kayles(3) + *2).Class` are `game.CompoundImpartialGame`.
        "CompoundImpartialGame"
    }
    fn display(&self, games: &mut Games) -> String {
        let parts: Vec<String> = self.terms.iter().map(|t| t.display(games)).collect();
        parts.join(" + ")
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        if any.is::<Heap>() {
            return Some(Ordering::Greater); // after every heap (`Heap::cmp_object`)
        }
        any.downcast_ref::<HeapSum>().map(|o| self.terms.cmp(&o.terms))
    }
}

/// Whether `v` may be a term of a heap sum: a heap, a heap sum, a nimber or `0`.
fn is_term(m: &mut Machine, v: &Value) -> bool {
    downcast::<Heap>(v).is_some() || downcast::<HeapSum>(v).is_some() || nimber_of(m, v).is_some()
}

/// `a + b` where one side is a heap or a heap sum and the other may be a term: the sum, flattened. `None`
/// when the sum is not one of ours.
pub(super) fn add(m: &mut Machine, a: &Value, b: &Value) -> Option<Value> {
    let ours = |v: &Value| downcast::<Heap>(v).is_some() || downcast::<HeapSum>(v).is_some();
    if !(ours(a) || ours(b)) || !is_term(m, a) || !is_term(m, b) {
        return None;
    }
    let mut terms = Vec::new();
    splice(&mut terms, a);
    splice(&mut terms, b);
    Some(Value::Object(Rc::new(HeapSum { terms })))
}

fn splice(terms: &mut Vec<Value>, v: &Value) {
    match downcast::<HeapSum>(v) {
        Some(s) => terms.extend(s.terms.iter().cloned()),
        None => terms.push(v.clone()),
    }
}

/// The options of one term: a heap's positions, a nimber's smaller nimbers.
fn term_options(m: &mut Machine, t: &Value) -> Vec<Value> {
    if let Some(h) = downcast::<Heap>(t) {
        return heap_positions(h);
    }
    let k = nimber_of(m, t).unwrap_or(0);
    (0..k)
        .map(|j| {
            let g = m.games.nimber(j);
            game_value(m.games, g)
        })
        .collect()
}

/// The options of a sum: each term's options in turn, the other terms kept in place.
fn sum_options(m: &mut Machine, s: &HeapSum) -> Vec<Value> {
    let mut out = Vec::new();
    for (i, t) in s.terms.iter().enumerate() {
        for o in term_options(m, t) {
            let mut terms = s.terms[..i].to_vec();
            splice(&mut terms, &o);
            terms.extend(s.terms[i + 1..].iter().cloned());
            out.push(Value::Object(Rc::new(HeapSum { terms })));
        }
    }
    out
}

fn this_sum<'v>(s: &Site, this: &'v Value) -> Result<&'v HeapSum, EvalError> {
    downcast::<HeapSum>(this).ok_or_else(|| s.bug())
}

/// The sum's normal-play value: the nimber of the nim-sum of its terms' nim values.
pub(super) fn to_game(m: &mut Machine, s: &HeapSum) -> Result<GameId, ErrorKind> {
    let mut x = 0u64;
    for t in &s.terms {
        x ^= match downcast::<Heap>(t) {
            Some(h) => u64::from(h.rules.nim_value(h.size)?),
            None => nimber_of(m, t).unwrap_or(0),
        };
    }
    Ok(m.games.nimber(x))
}

fn options(m: &mut Machine, s: &Site, this: &Value, args: &[Value]) -> Result<Value, EvalError> {
    if !args.is_empty() {
        super::super::player(s, args, 0)?;
    }
    let sum = this_sum(s, this)?;
    let opts = sum_options(m, sum);
    Ok(if options_are_set(this) { crate::interp::order::set_value(opts) } else { list(opts) })
}

/// Whether a heap sum gives its options as a set, as CGSuite 2.2 does when its first term is a nimber (its
/// compound's options are the first operand's collection, a set for a canonical game: `(*2 +
/// game.heap.Kayles(3)).Options` is a set, `(game.heap.Kayles(3) + *2).Options` a list).
pub fn options_are_set(v: &Value) -> bool {
    downcast::<HeapSum>(v).and_then(|s| s.terms.first()).is_some_and(|t| downcast::<Heap>(t).is_none())
}

/// Members of a heap sum (then every game member of its nimber).
pub static HEAP_SUM: &[Member] = crate::member_table![
    Member {
        name: "Options",
        arity: Arity::Range(0, 1),
        f: options,
        doc: Doc::NONE,
        params: &[&[Param::required("player", "Player")]],
    }
    .doc(
        "",
        "The positions one move away from the sum of heaps; the player may be given or not.",
        "(Kayles(2) + Kayles(1)).Options",
    ),
    Member { name: "LeftOptions", arity: Arity::Exact(0), f: options, doc: Doc::NONE, params: &[] }.doc(
        "",
        "The positions one move away from the sum of heaps.",
        "(Kayles(2) + Kayles(1)).LeftOptions",
    ),
    Member { name: "RightOptions", arity: Arity::Exact(0), f: options, doc: Doc::NONE, params: &[] }.doc(
        "",
        "The positions one move away (the same as `LeftOptions`).",
        "(Kayles(2) + Kayles(1)).RightOptions",
    ),
    Member {
        name: "Followers",
        params: &[],
        arity: Arity::Exact(0),
        f: |m, s, this, _| Ok(Value::Set(super::followers::followers(m, s, this, &mut super::followers::NoHooks)?, crate::interp::order::SmallOrder::HASHED)),
        doc: Doc::NONE,
    }
    .doc(
        "",
        "Every position reachable from the sum of heaps, itself included, sums kept as CGSuite keeps them (ordered pairs, `0` terms kept).",
        "(Kayles(2) + Kayles(1)).Followers",
    ),
    Member {
        name: "FollowerCount",
        params: &[],
        arity: Arity::Exact(0),
        f: |m, s, this, _| {
            Ok(Value::int(super::followers::follower_count(m, s, this, &mut super::followers::NoHooks)?))
        },
        doc: Doc::NONE,
    }
    .doc("", "The number of distinct followers of the sum of heaps, counted as CGSuite counts them.", "(Kayles(2) + Kayles(1)).FollowerCount"),
    Member {
        name: "MisereCanonicalForm",
        arity: Arity::Exact(0),
        f: misere_canonical_form,
        doc: Doc::NONE,
        params: &[],
    }
    .doc("", "The misère canonical form of the sum of heaps.", "(Kayles(2) + Kayles(3)).MisereCanonicalForm"),
    Member { name: "MisereNimValue", arity: Arity::Exact(0), f: misere_nim_value, doc: Doc::NONE, params: &[] }.doc(
        "",
        "The misère nim value of a sum that is equal in misère play to a nim heap.",
        "(Kayles(1) + Kayles(1)).MisereNimValue",
    ),
    Member { name: "Genus", arity: Arity::Exact(0), f: genus, doc: Doc::NONE, params: &[] }.doc(
        "",
        "The genus of the sum of heaps.",
        "(Kayles(2) + Kayles(3)).Genus",
    ),
    Member {
        name: "MisereOutcomeClass",
        params: &[],
        arity: Arity::Exact(0),
        f: |m, s, this, _| {
            let g = misere_of(m, this, s.span)?;
            Ok(outcome(Arena::of(m).with(|a| a.misere_next_wins(g))))
        },
        doc: Doc::NONE,
    }
    .doc(
        "",
        "Who wins the sum of heaps when the last player to move loses.",
        "(Kayles(1) + Kayles(1)).MisereOutcomeClass",
    ),
];

/// A heap as its normal-play game (a nimber), for arithmetic, game literals and game members.
fn heap_game(m: &mut Machine, o: &Rc<dyn Object>) -> Option<Result<GameId, ErrorKind>> {
    let any: &dyn std::any::Any = &**o;
    if let Some(s) = any.downcast_ref::<HeapSum>() {
        return Some(to_game(m, s));
    }
    any.downcast_ref::<Heap>().map(|h| h.nimber(m))
}

/// Operators on our objects: misère sums and comparisons of heaps through their nimbers. `None` if
/// neither operand is ours.
pub(super) fn binary(m: &mut Machine, op: BinOp, a: &Value, b: &Value) -> Option<Result<Value, ErrorKind>> {
    let no_op = || ErrorKind::NoOperation { op: op.symbol(), types: vec![a.type_name().into(), b.type_name().into()] };
    if downcast::<MisereGame>(a).is_some() || downcast::<MisereGame>(b).is_some() {
        if matches!(op, BinOp::Eq | BinOp::Ne) {
            return None;
        }
        // A normal-play game: a short game, a dyadic number, a loopy value (CGSuite 2.2: `*[2] + 1/2`,
        // `*[2] + on`, `*[2] - on` is `*[2] + off`).
        let normal = |v: &Value| {
            matches!(v, Value::Game(_) | Value::Integer(_))
                || matches!(v, Value::Rational(r) if crate::interp::value::is_dyadic(r))
                || crate::library::loopy::is_loopy(v)
        };
        let misere = |v: &Value| downcast::<MisereGame>(v).is_some();
        // `G : H` of two game trees, one a misère game (CGSuite 2.2: `*[2] : 1` is `{0,*,*2|0,*}`).
        if op == BinOp::OrdinalSum && (normal(a) || misere(a)) && (normal(b) || misere(b)) {
            return Some(Ok(crate::library::short::ordinal(a, b)));
        }
        if !matches!(op, BinOp::Add | BinOp::Sub) {
            return Some(Err(no_op()));
        }
        // A misère game plus a normal-play game: CGSuite 2.2 keeps the two game trees as a normal-play
        // compound (`*[[[2]],[2],0] + *5`, `CanonicalForm` *7), a misère sum being of misère games only.
        if (misere(a) && normal(b)) || (normal(a) && misere(b)) {
            // Impartial games are their own negatives: only a partizan `b` changes under `-`.
            return Some(crate::library::short::tree_sum(m, a, b, op == BinOp::Sub && normal(b)));
        }
        // `G - H` of two misère games: CGSuite 2.2's `Game.-`, the normal-play compound of G and -H = H (a
        // `game.CompoundGame` printed `*[1] + *[2]`, `CanonicalForm` the normal-play value); only `+` is the
        // misère sum.
        if op == BinOp::Sub && misere(a) && misere(b) {
            return Some(crate::library::short::tree_sum(m, a, b, false));
        }
        let span = Span::default();
        let (x, y) = match (misere_of(m, a, span), misere_of(m, b, span)) {
            (Ok(x), Ok(y)) => (x, y),
            _ => return Some(Err(no_op())),
        };
        let ar = Arena::of(m);
        return Some(Ok(MisereGame::value(&ar, ar.with(|a| a.add(x, y)))));
    }
    if op == BinOp::Add {
        if let Some(v) = add(m, a, b) {
            return Some(Ok(v));
        }
    }
    let is_heap = |v: &Value| downcast::<Heap>(v).is_some() || downcast::<HeapSum>(v).is_some();
    if !is_heap(a) && !is_heap(b) {
        return None;
    }
    let sumber = |v: &Value| matches!(v, Value::Object(o) if o.type_name() == "Sumber");
    // `G : H` of two heap positions: CGSuite 2.2's `CompoundImpartialGame` (`Kayles(3) : Kayles(2)`).
    if op == BinOp::OrdinalSum && is_term(m, a) && is_term(m, b) {
        return Some(Ok(crate::library::short::impartial_ordinal(a, b)));
    }
    // A heap with a game that is not a nimber: CGSuite 2.2's compound of the game trees (`Game.+`, `Game.-`,
    // `:` and `*` by an integer), a `game.CompoundGame` whose options are positions: `Kayles(3) + 1` prints
    // `TakeAndBreak.Position(3) + 1`, `Kayles(3) - on` `TakeAndBreak.Position(3) + off`, `Kayles(3) * 2`
    // `TakeAndBreak.Position(3) ConwayProduct 2`; `G - H` is `G + -H` even of two heaps (`Kayles(3) -
    // Kayles(2)` prints `TakeAndBreak.Position(3) + TakeAndBreak.Position(2)`). Comparisons stay by value
    // (docs/CGSUITE-PARITY.md). A sumber, cgs's own, stays its canonical form (`Kayles(2) - s` a canonical
    // game, as before; loopy/literal_forms.cgs).
    if matches!(op, BinOp::Add | BinOp::Sub | BinOp::OrdinalSum | BinOp::Mul) && !sumber(a) && !sumber(b) {
        if let Some(r) = crate::library::short::form_binary(m, op, a, b, Span::default()) {
            return Some(r.map_err(|e| e.kind));
        }
    }
    if matches!(op, BinOp::Eq | BinOp::Ne) && is_heap(a) && is_heap(b) {
        return None;
    }
    let mut conv = |v: &Value| -> Result<Value, ErrorKind> {
        match v {
            Value::Object(o) => match heap_game(m, o) {
                Some(r) => r.map(|g| game_value(m.games, g)),
                None => Ok(v.clone()),
            },
            _ => Ok(v.clone()),
        }
    };
    let x = match conv(a) {
        Ok(x) => x,
        Err(k) => return Some(Err(k)),
    };
    let y = match conv(b) {
        Ok(y) => y,
        Err(k) => return Some(Err(k)),
    };
    Some(m.binary(op, &x, &y))
}

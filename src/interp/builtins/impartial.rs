//! Impartial games in the language: take-and-break rulesets and their heaps, misère canonical forms and
//! genus, obligated sums (LANGUAGE.md §7 and the decisions in §10).
//!
//! The values, all [`Object`]s compared structurally:
//! - [`TakeAndBreak`] (type `Ruleset`): `TakeAndBreak("0.77")`, the globals `Nim`, `Kayles`, `DawsonsKayles`,
//!   `GrundysGame`. Calling it with a heap size gives a [`Heap`]. It caches its nim-value sequence and the
//!   misère canonical forms of its heaps, so asking for `R(n)` heap after heap costs one computation.
//! - [`Heap`] (type `Position`): a heap of a take-and-break ruleset, printed `TakeAndBreak("0.77")(5)`. Its
//!   normal-play value is the nimber of its nim value; arithmetic and every game member it does not define
//!   itself go through that nimber ([`to_game`]).
//! - [`MisereGame`]: a misère canonical impartial game, an id into a per-thread [`MisereGames`] arena (one
//!   interpreter runs on one thread). It prints as CGSuite does (`*[2#0]`); `+` and `==` are misère sum and
//!   misère equality.
//! - [`ObligatedValueObj`] (type `ObligatedValue`), printed `01`; [`ObligatedSum`]; [`PeriodicityObj`]
//!   (type `Periodicity`); `Genus` is a shown value.
//!
//! Misère and obligated members also apply to values defined elsewhere (ruleset positions): those are
//! answered from the value's literal game tree, walked through its `LeftOptions`/`RightOptions` members
//! ([`invoke_member`] intercepts them before the rulesets' own dispatch, which would answer through the
//! normal-play canonical form and lose the misère information).

use super::{count, elements, list, member, string, Member, NativeFn, Site};
use crate::game::impartial::obligated::{
    obligated_outcome_search, obligated_sum_value, obligated_value_sequence, ObligatedValue,
};
use crate::game::impartial::takebreak::{TakeBreakCode, TakeBreakError};
use crate::game::impartial::ImpartialTree;
use crate::game::misere::{MisereGames, MisereId, MisereSpec};
use crate::game::{GameId, Games, Outcome};
use crate::interp::env::Globals;
use crate::interp::error::{Arity, ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::value::{game_value, Function, Object, Shown, Value};
use crate::syntax::ast::{BinOp, Ident};
use crate::syntax::span::Span;
use num_traits::ToPrimitive;
use std::cell::RefCell;
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::rc::Rc;

/// The largest heap whose nim value, misère form or options may be asked for.
const MAX_HEAP: u32 = 10_000_000;

/// The most tree nodes a brute-force obligated-sum search may build.
const SEARCH_BUDGET: usize = 200_000;

/// The largest nimber `*n` the search writes out as a literal tree (2^n nodes).
const MAX_SEARCH_NIMBER: u64 = 16;

thread_local! {
    static MISERE: RefCell<MisereGames> = RefCell::new(MisereGames::new());
}

/// Runs `f` on this thread's misère arena. `f` must not evaluate script code.
fn arena<R>(f: impl FnOnce(&mut MisereGames) -> R) -> R {
    MISERE.with(|a| f(&mut a.borrow_mut()))
}

// ---- take-and-break rulesets ----------------------------------------------------------------------------

/// What a take-and-break ruleset knows: its code and the values computed so far.
#[derive(Debug)]
pub struct TbData {
    code: TakeBreakCode,
    /// The code in CGSuite's normal form.
    text: String,
    /// G(0), G(1), … as far as computed.
    nim: RefCell<Vec<u32>>,
    /// Misère canonical forms of heaps, as far as computed.
    misere: RefCell<Vec<Option<MisereId>>>,
    /// Obligated (Ferguson §3) values of heaps, as far as computed.
    obligated: RefCell<Vec<ObligatedValue>>,
}

impl TbData {
    fn loopy(&self, e: TakeBreakError) -> ErrorKind {
        match e {
            TakeBreakError::Loopy(heap) => ErrorKind::LoopyTakeBreak { code: self.text.clone(), heap },
        }
    }

    /// G(0..=n).
    fn nim_values(&self, n: usize) -> Result<Vec<u32>, ErrorKind> {
        if self.nim.borrow().len() <= n {
            let target = n.max(2 * self.nim.borrow().len()).min(MAX_HEAP as usize).max(n);
            let seq = self.code.nim_value_sequence(target).map_err(|e| self.loopy(e))?;
            *self.nim.borrow_mut() = seq;
        }
        Ok(self.nim.borrow()[..=n].to_vec())
    }

    fn nim_value(&self, n: usize) -> Result<u32, ErrorKind> {
        if let Some(&v) = self.nim.borrow().get(n) {
            return Ok(v);
        }
        Ok(self.nim_values(n)?[n])
    }

    /// The obligated values of heaps 0..=n.
    fn obligated_values(&self, n: usize) -> Result<Vec<ObligatedValue>, ErrorKind> {
        if self.obligated.borrow().len() <= n {
            let seq = obligated_value_sequence(&self.code, n).map_err(|e| self.loopy(e))?;
            *self.obligated.borrow_mut() = seq;
        }
        Ok(self.obligated.borrow()[..=n].to_vec())
    }

    /// The misère canonical form of heap `n`.
    fn misere(&self, n: usize) -> Result<MisereId, ErrorKind> {
        if let Some(Some(g)) = self.misere.borrow().get(n) {
            return Ok(*g);
        }
        let mut pending = Vec::new();
        for k in 0..=n {
            self.misere_rec(k, &mut pending)?;
        }
        self.misere_rec(n, &mut pending)
    }

    fn misere_rec(&self, n: usize, pending: &mut Vec<bool>) -> Result<MisereId, ErrorKind> {
        if let Some(Some(g)) = self.misere.borrow().get(n) {
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
            let mut sum = arena(|a| a.zero());
            for p in parts {
                let x = self.misere_rec(p, pending)?;
                sum = arena(|a| a.add(sum, x));
            }
            opts.push(sum);
        }
        pending[n] = false;
        let g = arena(|a| a.game(&opts));
        let mut memo = self.misere.borrow_mut();
        if memo.len() <= n {
            memo.resize(n + 1, None);
        }
        memo[n] = Some(g);
        Ok(g)
    }

    /// Heap `n` as a literal tree, within `budget` nodes.
    fn tree(&self, n: usize, budget: &mut usize, memo: &mut BTreeMap<usize, ImpartialTree>) -> Option<ImpartialTree> {
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
        let text = parsed.to_string();
        Ok(TakeAndBreak(Rc::new(TbData {
            code: parsed,
            text,
            nim: RefCell::new(Vec::new()),
            misere: RefCell::new(Vec::new()),
            obligated: RefCell::new(Vec::new()),
        })))
    }
}

impl Object for TakeAndBreak {
    fn type_name(&self) -> &'static str {
        "Ruleset"
    }
    fn display(&self, _: &mut Games) -> String {
        format!("TakeAndBreak(\"{}\")", self.0.text)
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<TakeAndBreak>().map(|o| self.0.text.cmp(&o.0.text))
    }
}

/// The obligated variant of a take-and-break ruleset (Ferguson §3: a split leaves an obligated sum).
#[derive(Debug)]
pub struct ObligatedTakeAndBreak(pub Rc<TbData>);

impl Object for ObligatedTakeAndBreak {
    fn type_name(&self) -> &'static str {
        "Ruleset"
    }
    fn display(&self, _: &mut Games) -> String {
        format!("TakeAndBreak(\"{}\").Obligated", self.0.text)
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<ObligatedTakeAndBreak>().map(|o| self.0.text.cmp(&o.0.text))
    }
}

/// A heap of a take-and-break ruleset.
#[derive(Debug)]
pub struct Heap {
    rules: Rc<TbData>,
    size: usize,
}

impl Object for Heap {
    fn type_name(&self) -> &'static str {
        "Position"
    }
    fn display(&self, _: &mut Games) -> String {
        format!("TakeAndBreak(\"{}\")({})", self.rules.text, self.size)
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<Heap>().map(|o| self.rules.text.cmp(&o.rules.text).then(self.size.cmp(&o.size)))
    }
}

// ---- misère games, obligated values, periodicity --------------------------------------------------------

/// A misère canonical impartial game.
#[derive(Debug)]
pub struct MisereGame(pub MisereId);

impl MisereGame {
    /// The value.
    pub fn value(g: MisereId) -> Value {
        Value::Object(Rc::new(MisereGame(g)))
    }
}

impl Object for MisereGame {
    fn type_name(&self) -> &'static str {
        "MisereCanonicalGame"
    }
    fn display(&self, _: &mut Games) -> String {
        arena(|a| a.display(self.0))
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        let o = any.downcast_ref::<MisereGame>()?;
        if self.0 == o.0 {
            return Some(Ordering::Equal);
        }
        Some(arena(|a| a.compare(self.0, o.0)).then(self.0.cmp(&o.0)))
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

impl Object for ObligatedValueObj {
    fn type_name(&self) -> &'static str {
        "ObligatedValue"
    }
    fn display(&self, _: &mut Games) -> String {
        self.0.to_string()
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<ObligatedValueObj>().map(|o| self.0.code().cmp(&o.0.code()))
    }
}

/// An obligated sum of impartial games, with the values of its components.
#[derive(Debug)]
pub struct ObligatedSum {
    components: Vec<Value>,
    values: Vec<ObligatedValue>,
}

impl Object for ObligatedSum {
    fn type_name(&self) -> &'static str {
        "ObligatedSum"
    }
    fn display(&self, games: &mut Games) -> String {
        let parts: Vec<String> = self.components.iter().map(|c| c.display(games)).collect();
        format!("ObligatedSum({})", parts.join(","))
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<ObligatedSum>().map(|o| self.components.cmp(&o.components))
    }
}

/// An eventual periodicity of a nim-value sequence.
#[derive(Debug)]
pub struct PeriodicityObj {
    period: usize,
    preperiod: usize,
    saltus: i64,
}

impl Object for PeriodicityObj {
    fn type_name(&self) -> &'static str {
        "Periodicity"
    }
    fn display(&self, _: &mut Games) -> String {
        format!("Periodicity(Period => {}, Preperiod => {}, Saltus => {})", self.period, self.preperiod, self.saltus)
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<PeriodicityObj>()
            .map(|o| (self.period, self.preperiod, self.saltus).cmp(&(o.period, o.preperiod, o.saltus)))
    }
}

fn downcast<T: 'static>(v: &Value) -> Option<&T> {
    match v {
        Value::Object(o) => {
            let any: &dyn std::any::Any = &**o;
            any.downcast_ref::<T>()
        }
        _ => None,
    }
}

// ---- globals ---------------------------------------------------------------------------------------------

/// Global functions of this module.
pub static IMPARTIAL_GLOBALS: &[NativeFn] = &[
    NativeFn { name: "TakeAndBreak", arity: Arity::Exact(1), f: take_and_break },
    NativeFn { name: "ObligatedSum", arity: Arity::AtLeast(0), f: obligated_sum },
    NativeFn { name: "Misere", arity: Arity::Exact(1), f: misere_spec },
];

/// The take-and-break rulesets bound to global names (CGSuite's `game.heap` constants).
const RULESETS: [(&str, &str); 4] =
    [("Nim", "0.[3]"), ("Kayles", "0.77"), ("DawsonsKayles", "0.07"), ("GrundysGame", "4!.0")];

/// Registers the globals of this module.
pub fn register(globals: &mut Globals) {
    for f in IMPARTIAL_GLOBALS {
        globals.natives.insert(f.name, Value::Function(Rc::new(Function::Native(f))));
    }
    for (name, code) in RULESETS {
        if let Ok(r) = TakeAndBreak::parse(code) {
            globals.natives.insert(name, Value::Object(Rc::new(r)));
        }
    }
}

fn take_and_break(_: &mut Machine, site: &Site, args: &[Value]) -> Result<Value, EvalError> {
    let code = string(site, args, 0)?;
    let r = TakeAndBreak::parse(code).map_err(|k| site.arg_err(0, k))?;
    Ok(Value::Object(Rc::new(r)))
}

fn obligated_sum(m: &mut Machine, site: &Site, args: &[Value]) -> Result<Value, EvalError> {
    let components = match args {
        [Value::List(_) | Value::Set(_) | Value::Tuple(_)] => elements(m, site, args, 0)?,
        _ => args.to_vec(),
    };
    let mut values = Vec::with_capacity(components.len());
    for (i, c) in components.iter().enumerate() {
        let at = if args.len() == 1 { 0 } else { i };
        values.push(obligated_value_of(m, c, site.args.get(at).copied().unwrap_or(site.span))?);
    }
    Ok(Value::Object(Rc::new(ObligatedSum { components, values })))
}

fn misere_spec(m: &mut Machine, site: &Site, args: &[Value]) -> Result<Value, EvalError> {
    let spec = match &args[0] {
        Value::List(items) => {
            let mut out = Vec::with_capacity(items.len());
            for v in items {
                out.push(spec_of(m, site, v)?);
            }
            out
        }
        v => vec![spec_of(m, site, v)?],
    };
    Ok(MisereGame::value(arena(|a| a.from_spec(&spec))))
}

/// One element of `Misere([…])`: a heap size, a list of options, a misère game or an impartial game.
fn spec_of(m: &mut Machine, site: &Site, v: &Value) -> Result<MisereSpec, EvalError> {
    match v {
        Value::Integer(n) => match n.to_u32() {
            Some(k) if k <= MAX_HEAP => Ok(MisereSpec::Heap(k as usize)),
            _ => Err(site.arg_err(0, ErrorKind::ExpectedInteger { what: "heap size", value: n.to_string() })),
        },
        Value::List(items) => {
            let mut out = Vec::with_capacity(items.len());
            for x in items {
                out.push(spec_of(m, site, x)?);
            }
            Ok(MisereSpec::List(out))
        }
        _ => match misere_of(m, v, site.args.first().copied().unwrap_or(site.span)) {
            Ok(g) => Ok(MisereSpec::Game(g)),
            Err(_) => Err(site.wrong_type(0, "List of heap sizes and impartial games", v)),
        },
    }
}

// ---- interpreter hooks -----------------------------------------------------------------------------------

/// `R(n)`: a heap of a take-and-break ruleset. `None` for objects that are not ours.
pub fn call_object(
    _: &mut Machine,
    o: &Rc<dyn Object>,
    args: &[Value],
    site: &Site,
) -> Option<Result<Value, EvalError>> {
    let any: &dyn std::any::Any = &**o;
    let r = any.downcast_ref::<TakeAndBreak>()?;
    let site = Site { name: "TakeAndBreak", span: site.span, args: site.args };
    Some(super::check_arity(&site, Arity::Exact(1), args.len()).and_then(|()| {
        let n = heap_size(&site, args, 0)?;
        Ok(Value::Object(Rc::new(Heap { rules: r.0.clone(), size: n })))
    }))
}

/// The member tables of our objects (most specific first); `None` for objects that are not ours.
pub fn tables_for_object(o: &Rc<dyn Object>) -> Option<&'static [&'static [Member]]> {
    static TB: [&[Member]; 1] = [TAKE_AND_BREAK];
    static OTB: [&[Member]; 1] = [OBLIGATED_TAKE_AND_BREAK];
    static HEAP_TABLES: [&[Member]; 2] = [HEAP, super::game::GAME];
    static MG: [&[Member]; 1] = [MISERE_GAME];
    static OV: [&[Member]; 1] = [OBLIGATED_VALUE];
    static OS: [&[Member]; 1] = [OBLIGATED_SUM];
    static PER: [&[Member]; 1] = [PERIODICITY];
    let any: &dyn std::any::Any = &**o;
    Some(if any.is::<TakeAndBreak>() {
        &TB
    } else if any.is::<ObligatedTakeAndBreak>() {
        &OTB
    } else if any.is::<Heap>() {
        &HEAP_TABLES
    } else if any.is::<MisereGame>() {
        &MG
    } else if any.is::<ObligatedValueObj>() {
        &OV
    } else if any.is::<ObligatedSum>() {
        &OS
    } else if any.is::<PeriodicityObj>() {
        &PER
    } else {
        return None;
    })
}

/// Every member table of this module (for completion and the uniqueness test).
pub fn all_tables() -> [&'static [Member]; 7] {
    [TAKE_AND_BREAK, OBLIGATED_TAKE_AND_BREAK, HEAP, MISERE_GAME, OBLIGATED_VALUE, OBLIGATED_SUM, PERIODICITY]
}

/// The members that must see a position's literal game tree rather than its canonical form.
const TREE_MEMBERS: [&str; 4] = ["MisereCanonicalForm", "MisereNimValue", "Genus", "ObligatedValue"];

/// Misère and obligated members of objects defined elsewhere (ruleset positions), answered from their game
/// tree. `None` for everything else.
pub fn invoke_member(
    m: &mut Machine,
    obj: &Value,
    name: &Ident,
    args: &[Value],
    arg_spans: &[Span],
    span: Span,
) -> Option<Result<Value, EvalError>> {
    let Value::Object(o) = obj else { return None };
    if tables_for_object(o).is_some() || !TREE_MEMBERS.contains(&&*name.name) {
        return None;
    }
    let f = match &*name.name {
        "MisereCanonicalForm" => misere_canonical_form,
        "MisereNimValue" => misere_nim_value,
        "Genus" => genus,
        _ => obligated_value,
    };
    let site =
        Site { name: TREE_MEMBERS.iter().find(|n| **n == &*name.name).copied().unwrap_or(""), span, args: arg_spans };
    Some(super::check_arity(&site, Arity::Exact(0), args.len()).and_then(|()| f(m, &site, obj, args)))
}

/// A heap as its normal-play game (a nimber), for arithmetic, game literals and game members.
pub fn to_game(m: &mut Machine, o: &Rc<dyn Object>) -> Option<Result<GameId, ErrorKind>> {
    let any: &dyn std::any::Any = &**o;
    let h = any.downcast_ref::<Heap>()?;
    Some(h.rules.nim_value(h.size).map(|v| m.games.nimber(u64::from(v))))
}

/// Operators on our objects: misère sums and comparisons of heaps through their nimbers. `None` if
/// neither operand is ours.
pub fn binary(m: &mut Machine, op: BinOp, a: &Value, b: &Value) -> Option<Result<Value, ErrorKind>> {
    let no_op = || ErrorKind::NoOperation { op: op.symbol(), types: vec![a.type_name(), b.type_name()] };
    if downcast::<MisereGame>(a).is_some() || downcast::<MisereGame>(b).is_some() {
        if matches!(op, BinOp::Eq | BinOp::Ne) {
            return None;
        }
        if !matches!(op, BinOp::Add | BinOp::Sub) {
            return Some(Err(no_op()));
        }
        let span = Span::default();
        let (x, y) = match (misere_of(m, a, span), misere_of(m, b, span)) {
            (Ok(x), Ok(y)) => (x, y),
            _ => return Some(Err(no_op())),
        };
        // Impartial games are their own negatives: G - H = G + H.
        return Some(Ok(MisereGame::value(arena(|ar| ar.add(x, y)))));
    }
    let is_heap = |v: &Value| downcast::<Heap>(v).is_some();
    if !is_heap(a) && !is_heap(b) {
        return None;
    }
    if matches!(op, BinOp::Eq | BinOp::Ne) && is_heap(a) && is_heap(b) {
        return None;
    }
    let mut conv = |v: &Value| -> Result<Value, ErrorKind> {
        match v {
            Value::Object(o) => match to_game(m, o) {
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

// ---- conversions -----------------------------------------------------------------------------------------

fn heap_size(site: &Site, args: &[Value], i: usize) -> Result<usize, EvalError> {
    let n = count(site, args, i)?;
    if n > MAX_HEAP {
        return Err(site.arg_err(i, ErrorKind::ExpectedInteger { what: "heap size", value: n.to_string() }));
    }
    Ok(n as usize)
}

fn show(m: &mut Machine, v: &Value) -> String {
    v.display(m.games)
}

/// The misère canonical form of an impartial value: a misère game, a heap, an impartial canonical game (a
/// nimber), or any value whose `LeftOptions` equal its `RightOptions` hereditarily (ruleset positions).
pub fn misere_of(m: &mut Machine, v: &Value, span: Span) -> Result<MisereId, EvalError> {
    let mut memo = BTreeMap::new();
    misere_rec(m, v, span, &mut memo)
}

fn misere_rec(
    m: &mut Machine,
    v: &Value,
    span: Span,
    memo: &mut BTreeMap<Value, MisereId>,
) -> Result<MisereId, EvalError> {
    if let Some(g) = downcast::<MisereGame>(v) {
        return Ok(g.0);
    }
    if let Some(h) = downcast::<Heap>(v) {
        return h.rules.misere(h.size).map_err(|k| EvalError::new(k, span));
    }
    if let Some(k) = nimber_of(m, v) {
        let k = usize::try_from(k).map_err(|_| EvalError::new(ErrorKind::Overflow, span))?;
        return Ok(arena(|a| a.nim(k)));
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
    let g = arena(|a| a.game(&ids));
    memo.insert(v.clone(), g);
    Ok(g)
}

/// The nim value of a value that is a nimber (or the number 0).
fn nimber_of(m: &mut Machine, v: &Value) -> Option<u64> {
    match v {
        Value::Game(g) => m.games.nimber_value(*g),
        Value::Integer(n) if n.to_i64() == Some(0) => Some(0),
        _ => None,
    }
}

/// The options of a value that is impartial at its root (Left's options equal Right's), through its
/// `LeftOptions` and `RightOptions` members.
fn impartial_options(m: &mut Machine, v: &Value, span: Span) -> Result<Vec<Value>, EvalError> {
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

fn call_member(m: &mut Machine, v: &Value, name: &str, span: Span) -> Result<Value, EvalError> {
    let ident = Ident { name: Rc::from(name), span };
    m.invoke_member(v.clone(), &ident, &[], &[], span)
}

/// Ferguson's value (normal outcome, misère outcome) of an impartial value.
pub fn obligated_value_of(m: &mut Machine, v: &Value, span: Span) -> Result<ObligatedValue, EvalError> {
    if let Some(h) = downcast::<Heap>(v) {
        let normal = h.rules.nim_value(h.size).map_err(|k| EvalError::new(k, span))? != 0;
        let g = h.rules.misere(h.size).map_err(|k| EvalError::new(k, span))?;
        return Ok(ObligatedValue { normal_next_wins: normal, misere_next_wins: arena(|a| a.misere_next_wins(g)) });
    }
    if let Some(g) = downcast::<MisereGame>(v) {
        let (plus, next) = arena(|a| (a.nim_value(g.0), a.misere_next_wins(g.0)));
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
fn search_tree(m: &mut Machine, v: &Value, span: Span, budget: &mut usize) -> Result<ImpartialTree, EvalError> {
    let too_large = || EvalError::new(ErrorKind::SearchTooLarge { limit: SEARCH_BUDGET }, span);
    if let Some(h) = downcast::<Heap>(v) {
        h.rules.nim_value(h.size).map_err(|k| EvalError::new(k, span))?;
        let mut memo = BTreeMap::new();
        return h.rules.tree(h.size, budget, &mut memo).ok_or_else(too_large);
    }
    if let Some(g) = downcast::<MisereGame>(v) {
        let mut memo = BTreeMap::new();
        return arena(|a| misere_tree(a, g.0, budget, &mut memo)).ok_or_else(too_large);
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

fn value_tree(
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

fn misere_tree(
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

fn spend(budget: &mut usize, n: usize) -> Option<()> {
    *budget = budget.checked_sub(n)?;
    Some(())
}

fn tree_size(t: &ImpartialTree) -> usize {
    1 + t.options().iter().map(tree_size).sum::<usize>()
}

/// The literal sum of two trees, within the budget.
fn tree_sum(a: &ImpartialTree, b: &ImpartialTree, budget: &mut usize) -> Option<ImpartialTree> {
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

// ---- members ---------------------------------------------------------------------------------------------

fn this_tb<'v>(s: &Site, this: &'v Value) -> Result<&'v Rc<TbData>, EvalError> {
    if let Some(r) = downcast::<TakeAndBreak>(this) {
        return Ok(&r.0);
    }
    if let Some(r) = downcast::<ObligatedTakeAndBreak>(this) {
        return Ok(&r.0);
    }
    Err(s.bug())
}

fn this_heap<'v>(s: &Site, this: &'v Value) -> Result<&'v Heap, EvalError> {
    downcast::<Heap>(this).ok_or_else(|| s.bug())
}

fn this_misere(s: &Site, this: &Value) -> Result<MisereId, EvalError> {
    downcast::<MisereGame>(this).map(|g| g.0).ok_or_else(|| s.bug())
}

fn misere_bool(s: &Site, this: &Value, f: fn(&mut MisereGames, MisereId) -> bool) -> Result<Value, EvalError> {
    let g = this_misere(s, this)?;
    Ok(Value::Boolean(arena(|a| f(a, g))))
}

fn outcome(next_wins: bool) -> Value {
    Value::Outcome(if next_wins { Outcome::N } else { Outcome::P })
}

fn obligated_sequence(s: &Site, this: &Value, args: &[Value]) -> Result<Value, EvalError> {
    let r = this_tb(s, this)?;
    let n = heap_size(s, args, 0)?;
    let seq = r.obligated_values(n).map_err(|k| s.err(k))?;
    Ok(list(seq.into_iter().map(ObligatedValueObj::value)))
}

/// Members of a take-and-break ruleset.
pub static TAKE_AND_BREAK: &[Member] = &[
    member("Code", 0, |_, s, this, _| Ok(Value::str(&this_tb(s, this)?.text))),
    member("NimValueSequence", 1, |_, s, this, args| {
        let r = this_tb(s, this)?;
        let n = heap_size(s, args, 0)?;
        let seq = r.nim_values(n).map_err(|k| s.err(k))?;
        Ok(list(seq.into_iter().map(Value::int)))
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
    member("Obligated", 0, |_, s, this, _| {
        Ok(Value::Object(Rc::new(ObligatedTakeAndBreak(this_tb(s, this)?.clone()))))
    }),
];

/// Members of the obligated variant of a take-and-break ruleset.
pub static OBLIGATED_TAKE_AND_BREAK: &[Member] = &[
    member("Code", 0, |_, s, this, _| Ok(Value::str(&this_tb(s, this)?.text))),
    member("ObligatedValueSequence", 1, |_, s, this, args| obligated_sequence(s, this, args)),
];

fn heap_options(m: &mut Machine, s: &Site, h: &Heap) -> Result<Value, EvalError> {
    let opts = h.rules.code.heap_options(h.size);
    let mut out = Vec::with_capacity(opts.len());
    for parts in opts {
        let mut x = 0u32;
        for p in parts {
            x ^= h.rules.nim_value(p).map_err(|k| s.err(k))?;
        }
        let g = m.games.nimber(u64::from(x));
        out.push(game_value(m.games, g));
    }
    Ok(list(out))
}

/// Members of a heap of a take-and-break ruleset (then every game member of its nimber).
pub static HEAP: &[Member] = &[
    member("HeapSize", 0, |_, s, this, _| Ok(Value::int(this_heap(s, this)?.size as u64))),
    member("Ruleset", 0, |_, s, this, _| Ok(Value::Object(Rc::new(TakeAndBreak(this_heap(s, this)?.rules.clone()))))),
    member("NimValue", 0, |_, s, this, _| {
        let h = this_heap(s, this)?;
        Ok(Value::int(h.rules.nim_value(h.size).map_err(|k| s.err(k))?))
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
    member("LeftOptions", 0, |m, s, this, _| heap_options(m, s, this_heap(s, this)?)),
    member("RightOptions", 0, |m, s, this, _| heap_options(m, s, this_heap(s, this)?)),
    member("Options", 1, |m, s, this, args| {
        super::player(s, args, 0)?;
        heap_options(m, s, this_heap(s, this)?)
    }),
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

/// Members of a misère canonical game.
pub static MISERE_GAME: &[Member] = &[
    member("NimValue", 0, |_, s, this, _| {
        let g = this_misere(s, this)?;
        Ok(Value::int(arena(|a| a.nim_value(g))))
    }),
    member("MisereNimValue", 0, misere_nim_value),
    member("Genus", 0, genus),
    member("MisereCanonicalForm", 0, |_, _, this, _| Ok(this.clone())),
    member("IsEven", 0, |_, s, this, _| misere_bool(s, this, MisereGames::is_even)),
    member("IsIntroverted", 0, |_, s, this, _| misere_bool(s, this, MisereGames::is_introverted)),
    member("IsExtraverted", 0, |_, s, this, _| misere_bool(s, this, MisereGames::is_extraverted)),
    member("IsGenerallyTame", 0, |_, s, this, _| misere_bool(s, this, MisereGames::is_generally_tame)),
    member("IsTameable", 0, |_, s, this, _| misere_bool(s, this, MisereGames::is_tameable)),
    member("IsGenerallyRestive", 0, |_, s, this, _| misere_bool(s, this, MisereGames::is_generally_restive)),
    member("Mate", 0, |_, s, this, _| {
        let g = this_misere(s, this)?;
        Ok(MisereGame::value(arena(|a| a.mate(g))))
    }),
    member("Options", 1, |_, s, this, args| {
        super::player(s, args, 0)?;
        misere_options(s, this)
    }),
    member("LeftOptions", 0, |_, s, this, _| misere_options(s, this)),
    member("RightOptions", 0, |_, s, this, _| misere_options(s, this)),
    member("Birthday", 0, |_, s, this, _| {
        let g = this_misere(s, this)?;
        Ok(Value::int(arena(|a| a.birthday(g))))
    }),
    member("OutcomeClass", 0, |_, s, this, _| {
        let g = this_misere(s, this)?;
        Ok(outcome(arena(|a| a.nim_value(g)) != 0))
    }),
    member("MisereOutcomeClass", 0, |_, s, this, _| {
        let g = this_misere(s, this)?;
        Ok(outcome(arena(|a| a.misere_next_wins(g))))
    }),
    member("IsNimHeap", 0, |_, s, this, _| {
        let g = this_misere(s, this)?;
        Ok(Value::Boolean(arena(|a| a.is_nim_heap(g))))
    }),
    member("ObligatedValue", 0, obligated_value),
];

fn misere_options(s: &Site, this: &Value) -> Result<Value, EvalError> {
    let g = this_misere(s, this)?;
    let opts = arena(|a| a.sorted_options(g));
    Ok(list(opts.into_iter().map(MisereGame::value)))
}

fn this_value(s: &Site, this: &Value) -> Result<ObligatedValue, EvalError> {
    downcast::<ObligatedValueObj>(this).map(|v| v.0).ok_or_else(|| s.bug())
}

/// Members of an obligated value.
pub static OBLIGATED_VALUE: &[Member] = &[
    member("OutcomeClass", 0, |_, s, this, _| Ok(outcome(this_value(s, this)?.normal_next_wins))),
    member("MisereOutcomeClass", 0, |_, s, this, _| Ok(outcome(this_value(s, this)?.misere_next_wins))),
];

fn this_sum<'v>(s: &Site, this: &'v Value) -> Result<&'v ObligatedSum, EvalError> {
    downcast::<ObligatedSum>(this).ok_or_else(|| s.bug())
}

fn sum_value(s: &Site, this: &Value) -> Result<ObligatedValue, EvalError> {
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

fn this_periodicity<'v>(s: &Site, this: &'v Value) -> Result<&'v PeriodicityObj, EvalError> {
    downcast::<PeriodicityObj>(this).ok_or_else(|| s.bug())
}

/// Members of a periodicity.
pub static PERIODICITY: &[Member] = &[
    member("Period", 0, |_, s, this, _| Ok(Value::int(this_periodicity(s, this)?.period as u64))),
    member("Preperiod", 0, |_, s, this, _| Ok(Value::int(this_periodicity(s, this)?.preperiod as u64))),
    member("Saltus", 0, |_, s, this, _| Ok(Value::int(this_periodicity(s, this)?.saltus))),
];

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
//! - [`MisereGame`]: a misère canonical impartial game, an id into the workspace's [`MisereGames`] arena
//!   ([`MisereArena`] in the workspace's extensions, freed by `:clear`), with a handle on that arena. It prints as CGSuite does (`*[2#0]`); `+` and `==` are misère sum and
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
use crate::interp::registry::{rust_type, ClassDecl};
use crate::interp::value::{game_value, Object, Shown, Value};
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

/// A ruleset's misère forms of heaps and the (weakly held) arena they are in.
type MisereCache = (std::rc::Weak<RefCell<MisereGames>>, Vec<Option<MisereId>>);

// ---- take-and-break rulesets ----------------------------------------------------------------------------

/// What a take-and-break ruleset knows: its code and the values computed so far.
#[derive(Debug)]
pub struct TbData {
    code: TakeBreakCode,
    /// The code as it was written: CGSuite prints and answers `code` with the text it was given
    /// (`TakeAndBreak("04.30")` prints `TakeAndBreak("04.30")`), and two spellings of one code are two rulesets.
    text: String,
    /// G(0), G(1), … as far as computed.
    nim: RefCell<Vec<u32>>,
    /// Misère canonical forms of heaps, as far as computed, and the arena they are in (a new arena after
    /// `:clear` starts the table again). Weak: a ruleset held by a native global (`Kayles`) must not keep a
    /// cleared arena alive.
    misere: RefCell<MisereCache>,
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

    /// The misère canonical form of heap `n`, in the arena `ar`.
    fn misere(&self, ar: &Arena, n: usize) -> Result<MisereId, ErrorKind> {
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

    fn misere_rec(&self, ar: &Arena, n: usize, pending: &mut Vec<bool>) -> Result<MisereId, ErrorKind> {
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

impl Object for TakeAndBreak {
    fn class_members(&self) -> &'static [&'static [Member]] {
        static TABLES: [&[Member]; 1] = [TAKE_AND_BREAK];
        &TABLES
    }

    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
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
    fn class_members(&self) -> &'static [&'static [Member]] {
        static TABLES: [&[Member]; 1] = [OBLIGATED_TAKE_AND_BREAK];
        &TABLES
    }

    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
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

/// The global that names a take-and-break code, so that a heap prints as the call that builds it
/// (`Kayles(3)`; CGSuite prints `TakeAndBreak.Position(3)`).
fn heap_ruleset_name(code: &str) -> Option<&'static str> {
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
    rules: Rc<TbData>,
    size: usize,
}

impl Heap {
    /// The heap's nim value as a nimber.
    fn nimber(&self, m: &mut Machine) -> Result<GameId, ErrorKind> {
        self.rules.nim_value(self.size).map(|v| m.games.nimber(u64::from(v)))
    }
}

impl Object for Heap {
    fn class_members(&self) -> &'static [&'static [Member]] {
        static TABLES: [&[Member]; 2] = [HEAP, crate::library::short::GAME];
        &TABLES
    }

    fn to_game(&self, m: &mut Machine, span: Span) -> Option<Result<GameId, EvalError>> {
        Some(self.nimber(m).map_err(|k| EvalError::new(k, span)))
    }

    fn binary_fallback(&self, m: &mut Machine, op: BinOp, a: &Value, b: &Value) -> Option<Result<Value, ErrorKind>> {
        binary(m, op, a, b)
    }

    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "Position"
    }
    fn class_name(&self) -> &'static str {
        // CGSuite declares the position class of every heap ruleset in `HeapRuleset`.
        "HeapRuleset.Position"
    }
    fn display(&self, _: &mut Games) -> String {
        if crate::game::print_limit::cgsuite() {
            return format!("TakeAndBreak.Position({})", self.size);
        }
        match heap_ruleset_name(&self.rules.text) {
            Some(name) => format!("{name}({})", self.size),
            None => format!("TakeAndBreak(\"{}\")({})", self.rules.text, self.size),
        }
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        if any.is::<sum::HeapSum>() {
            return Some(Ordering::Less); // a heap before every sum of heaps, so sets of positions keep one order
        }
        any.downcast_ref::<Heap>().map(|o| self.rules.text.cmp(&o.rules.text).then(self.size.cmp(&o.size)))
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

impl Object for MisereGame {
    fn class_members(&self) -> &'static [&'static [Member]] {
        static TABLES: [&[Member]; 2] = [MISERE_GAME, tree::MISERE_TREE];
        &TABLES
    }

    fn binary_fallback(&self, m: &mut Machine, op: BinOp, a: &Value, b: &Value) -> Option<Result<Value, ErrorKind>> {
        binary(m, op, a, b)
    }

    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "MisereCanonicalGame"
    }
    fn display(&self, _: &mut Games) -> String {
        self.1.with(|a| a.display(self.0))
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        let o = any.downcast_ref::<MisereGame>()?;
        if !self.1.same(&o.1) {
            // Games of two arenas (one from before a `:clear`): compared in this one.
            let x = self.1.adopt(&o.1, o.0);
            return Some(self.1.with(|a| a.compare(self.0, x)));
        }
        if self.0 == o.0 {
            return Some(Ordering::Equal);
        }
        Some(self.1.with(|a| a.compare(self.0, o.0)).then(self.0.cmp(&o.0)))
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
    fn class_members(&self) -> &'static [&'static [Member]] {
        static TABLES: [&[Member]; 1] = [OBLIGATED_VALUE];
        &TABLES
    }

    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
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
    fn class_members(&self) -> &'static [&'static [Member]] {
        static TABLES: [&[Member]; 1] = [OBLIGATED_SUM];
        &TABLES
    }

    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        t.values(&self.components)
    }
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

/// Whether `v` is a heap position or a sum of heap positions (a game with a nimber value, though no `is_game`
/// object).
pub fn is_heap_position(v: &Value) -> bool {
    downcast::<Heap>(v).is_some() || downcast::<HeapSum>(v).is_some()
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

/// The global functions declared on `Ruleset`: the take-and-break rulesets (CGSuite's `game.heap.TakeAndBreak`
/// constructor) and the heap options the stdlib's `Spawning` reads.
pub static HEAP_RULESET_GLOBALS: &[NativeFn] = &[
    NativeFn::new("TakeAndBreak", Arity::Exact(1), take_and_break).doc("(code)", "The take-and-break ruleset with octal (or hexadecimal) code `code`, e.g. \"0.77\" for Kayles; call it on a heap size.", "TakeAndBreak(\"0.77\")(5).NimValue"),
    NativeFn::new("_SpawningHeapOptions", Arity::Exact(2), spawning_heap_options).doc("(code, n)", "The heap options of a heap of n in CGSuite's Spawning(code) (used by the stdlib's `Spawning` and `Turning`).", "_SpawningHeapOptions(\"1-3\", 4)"),
];

/// `ObligatedSum`'s constructor, declared on `ObligatedSum`.
pub static OBLIGATED_GLOBALS: &[NativeFn] = &[
    NativeFn::new("ObligatedSum", Arity::AtLeast(0), obligated_sum).doc("(g, h, ...) or (list)", "The obligated sum of impartial games (canonical games, heaps, misère games, positions): once a component is started, play continues in it until it is finished (Ferguson).", "ObligatedSum(*2, Kayles(3)).OutcomeClass"),
];

/// `Misere`, declared on `MisereCanonicalGame` (the misère canonical form it gives).
pub static MISERE_GLOBALS: &[NativeFn] = &[NativeFn::new("Misere", Arity::Exact(1), misere_spec).doc(
    "(game)",
    "The misère canonical form of an impartial game.",
    "Misere(*2 + *2)",
)];

/// The take-and-break rulesets bound to global names (CGSuite's `game.heap` constants).
const RULESETS: [(&str, &str); 4] =
    [("Nim", "0.[3]"), ("Kayles", "0.77"), ("DawsonsKayles", "0.07"), ("GrundysGame", "4!.0")];

/// Registers the global values of this module (its global functions are its classes' `globals`).
pub fn register(globals: &mut Globals) {
    globals.natives.insert("MisereCanonicalGame", Value::Object(Rc::new(MisereClass)));
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

/// `_SpawningHeapOptions(code, n)`: CGSuite's `Spawning(code).HeapOptions(n)` (`n` 0 checks the code only).
fn spawning_heap_options(m: &mut Machine, site: &Site, args: &[Value]) -> Result<Value, EvalError> {
    use crate::game::impartial::spawning::{Spawning, SpawningError};
    let code = string(site, args, 0)?;
    let n = heap_size(site, args, 1)?;
    let fail = |e: SpawningError| match e {
        SpawningError::Malformed(c) => site.arg_err(0, ErrorKind::Script { message: format!("Malformed code: {c}") }),
        SpawningError::DivisionByZero => site.err(ErrorKind::Script {
            message: format!("Error in call to `game.heap.Spawning.HeapOptions`: / by zero (code \"{code}\")"),
        }),
    };
    let rules = Spawning::parse(code).map_err(fail)?;
    let span = site.span;
    let opts = rules.heap_options(n, &mut || m.poll(span))?.map_err(fail)?;
    Ok(list(opts.into_iter().map(|hs| list(hs.into_iter().map(Value::int)))))
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
        Value::String(text) => {
            let ar = Arena::of(m);
            return Ok(MisereGame::value(&ar, misere::from_notation(&ar, site, text)?));
        }
        Value::List(items) => {
            let mut out = Vec::with_capacity(items.len());
            for v in items {
                out.push(spec_of(m, site, v)?);
            }
            out
        }
        v => vec![spec_of(m, site, v)?],
    };
    let ar = Arena::of(m);
    Ok(MisereGame::value(&ar, ar.with(|a| a.from_spec(&spec))))
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

/// Whether an object is one of this family's (a take-and-break ruleset, a heap, a misère game, …).
fn is_ours(o: &Rc<dyn Object>) -> bool {
    let any: &dyn std::any::Any = &**o;
    any.is::<TakeAndBreak>()
        || any.is::<ObligatedTakeAndBreak>()
        || any.is::<Heap>()
        || any.is::<HeapSum>()
        || any.is::<MisereGame>()
        || any.is::<ObligatedValueObj>()
        || any.is::<ObligatedSum>()
        || any.is::<PeriodicityObj>()
        || any.is::<MisereQuotientObj>()
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
    if matches!(&*name.name, "ConjunctiveSum" | "SelectiveSum" | "OrdinalProduct" | "ConwayProduct") {
        let site = Site { name: &name.name, span, args: arg_spans };
        return crate::library::cgsuite::compound::position_compound(m, &site, obj, &name.name, args);
    }
    // The name first: it rules out almost every call without asking the object its type ten times.
    if !TREE_MEMBERS.contains(&&*name.name) || is_ours(o) {
        return None;
    }
    let site =
        Site { name: TREE_MEMBERS.iter().find(|n| **n == &*name.name).copied().unwrap_or(""), span, args: arg_spans };
    Some(
        super::check_arity(&site, Arity::Exact(0), args.len())
            .and_then(|()| misere_member(&name.name, m, &site, obj, args)),
    )
}

/// One of [`TREE_MEMBERS`] by name, on any impartial game (`Game`'s rows call it through the registry's
/// `misere_member` hook, so the short games name no impartial module).
pub fn misere_member(name: &str, m: &mut Machine, s: &Site, this: &Value, args: &[Value]) -> Result<Value, EvalError> {
    let f = match name {
        "MisereCanonicalForm" => misere_canonical_form,
        "MisereNimValue" => misere_nim_value,
        "Genus" => genus,
        _ => obligated_value,
    };
    f(m, s, this, args)
}

/// A heap as its normal-play game (a nimber), for arithmetic, game literals and game members.
fn to_game(m: &mut Machine, o: &Rc<dyn Object>) -> Option<Result<GameId, ErrorKind>> {
    let any: &dyn std::any::Any = &**o;
    if let Some(s) = any.downcast_ref::<HeapSum>() {
        return Some(sum::to_game(m, s));
    }
    any.downcast_ref::<Heap>().map(|h| h.nimber(m))
}

/// Operators on our objects: misère sums and comparisons of heaps through their nimbers. `None` if
/// neither operand is ours.
fn binary(m: &mut Machine, op: BinOp, a: &Value, b: &Value) -> Option<Result<Value, ErrorKind>> {
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
            return Some(Ok(crate::library::explicit::ordinal(a, b)));
        }
        if !matches!(op, BinOp::Add | BinOp::Sub) {
            return Some(Err(no_op()));
        }
        // A misère game plus a normal-play game: CGSuite 2.2 keeps the two game trees as a normal-play
        // compound (`*[[[2]],[2],0] + *5`, `CanonicalForm` *7), a misère sum being of misère games only.
        if (misere(a) && normal(b)) || (normal(a) && misere(b)) {
            // Impartial games are their own negatives: only a partizan `b` changes under `-`.
            return Some(crate::library::explicit::tree_sum(m, a, b, op == BinOp::Sub && normal(b)));
        }
        // `G - H` of two misère games: CGSuite 2.2's `Game.-`, the normal-play compound of G and -H = H (a
        // `game.CompoundGame` printed `*[1] + *[2]`, `CanonicalForm` the normal-play value); only `+` is the
        // misère sum.
        if op == BinOp::Sub && misere(a) && misere(b) {
            return Some(crate::library::explicit::tree_sum(m, a, b, false));
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
        if let Some(v) = sum::add(m, a, b) {
            return Some(Ok(v));
        }
    }
    let is_heap = |v: &Value| downcast::<Heap>(v).is_some() || downcast::<HeapSum>(v).is_some();
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

mod arena;
pub use arena::{set_interrupt, Arena, MisereArena};
mod convert;
mod members;
mod misere;
mod periodicity;
pub use periodicity::PeriodicityObj;
mod quotient;
mod sum;
mod tree;
pub use quotient::MisereQuotientObj;
pub use quotient::MISERE_QUOTIENT;

use convert::*;
pub use convert::{misere_of, obligated_value_of};
pub use members::*;
pub use misere::{MisereClass, MISERE_CLASS, MISERE_GAME};
pub use sum::{HeapSum, HEAP_SUM};

/// The classes of this family (see `crate::interp::registry`).
pub static CLASSES: &[ClassDecl] = &[
    ClassDecl::new("Ruleset", "game.Ruleset")
        .globals(HEAP_RULESET_GLOBALS)
        .representation(&[TAKE_AND_BREAK, OBLIGATED_TAKE_AND_BREAK])
        .types(&[rust_type::<TakeAndBreak>, rust_type::<ObligatedTakeAndBreak>]),
    ClassDecl::new("ImpartialGame", "game.ImpartialGame").parents(&["Game"]),
    // CGSuite's class of a sum of heaps (`Kayles(3) + Kayles(2)`, `Kayles(3) + *2`).
    ClassDecl::new("CompoundImpartialGame", "game.CompoundImpartialGame").parents(&["CompoundGame", "ImpartialGame"]),
    ClassDecl::new("CompoundType", "game.CompoundType").also_is(&["Enum"]),
    // CGSuite's class of a heap (`Kayles(3).Class`), which its objects name (`Object::class_name`).
    ClassDecl::new("HeapRuleset.Position", "game.heap.HeapRuleset.Position").parents(&["ImpartialGame"]),
    // A heap of a take-and-break game and a sum of heaps.
    ClassDecl::new("Position", "Position")
        .representation(&[HEAP, HEAP_SUM])
        .types(&[rust_type::<Heap>, rust_type::<sum::HeapSum>]),
    // CGSuite's `MisereCanonicalGame extends ImpartialGame`: a game tree as well (`*[2] is Game` is true).
    ClassDecl::new("MisereCanonicalGame", "game.misere.MisereCanonicalGame")
        .parents(&["ImpartialGame"])
        .members(&[MISERE_GAME, tree::MISERE_TREE])
        .statics(&[MISERE_CLASS])
        .globals(MISERE_GLOBALS)
        .types(&[rust_type::<MisereGame>]),
    ClassDecl::new("Genus", "game.misere.Genus"),
    ClassDecl::new("MisereQuotient", "MisereQuotient")
        .members(&[MISERE_QUOTIENT])
        .types(&[rust_type::<quotient::MisereQuotientObj>]),
    ClassDecl::new("NormalValue", "game.NormalValue"),
    ClassDecl::new("ObligatedValue", "ObligatedValue")
        .members(&[OBLIGATED_VALUE])
        .types(&[rust_type::<ObligatedValueObj>]),
    ClassDecl::new("ObligatedSum", "ObligatedSum")
        .members(&[OBLIGATED_SUM])
        .globals(OBLIGATED_GLOBALS)
        .types(&[rust_type::<ObligatedSum>]),
    ClassDecl::new("Periodicity", "game.heap.Periodicity")
        .members(&[PERIODICITY])
        .types(&[rust_type::<PeriodicityObj>]),
];

#[cfg(test)]
mod tests;

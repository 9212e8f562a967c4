//! Impartial games in the language: take-and-break rulesets and their heaps, misère canonical forms and
//! genus, obligated sums (LANGUAGE.md §7 and the decisions in §10).
//!
//! The values, all [`Object`]s compared structurally:
//! - [`TakeAndBreak`] (type `Ruleset`): `TakeAndBreak("0.77")`, the globals `Nim`, `Kayles`, `DawsonsKayles`,
//!   `GrundysGame`. Calling it with a heap size gives a [`Heap`]. It caches its nim-value sequence and the
//!   misère canonical forms of its heaps, so asking for `R(n)` heap after heap costs one computation.
//! - [`Heap`] (type `Position`): a heap of a take-and-break ruleset, printed `TakeAndBreak("0.77")(5)`. Its
//!   normal-play value is the nimber of its nim value; arithmetic and every game member it does not define
//!   itself go through that nimber (`sum::binary`).
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

use super::{elements, list, string, Member, NativeFn, Site};
use crate::game::impartial::spawning::{Spawning, SpawningError};
use crate::game::misere::MisereSpec;
use crate::game::{GameId, Games};
use crate::interp::env::Globals;
use crate::interp::error::{Arity, ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::native::{Declared, Param};
use crate::interp::registry::{rust_type, ClassDecl};
use crate::interp::value::{Object, Value};
use crate::syntax::ast::{BinOp, Ident};
use crate::syntax::span::Span;
use num_traits::ToPrimitive;
use std::cmp::Ordering;
use std::rc::Rc;

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

impl Object for Heap {
    fn class_members(&self) -> &'static [&'static [Member]] {
        static TABLES: [&[Member]; 2] = [HEAP, crate::library::short::GAME];
        &TABLES
    }

    fn to_game(&self, m: &mut Machine, span: Span) -> Option<Result<GameId, EvalError>> {
        Some(self.nimber(m).map_err(|k| EvalError::new(k, span)))
    }

    fn binary_fallback(&self, m: &mut Machine, op: BinOp, a: &Value, b: &Value) -> Option<Result<Value, ErrorKind>> {
        sum::binary(m, op, a, b)
    }
    /// An impartial game is its own negative (CGSuite 2.2: `-Kayles(3)` is the heap).
    fn negate(&self, _: &mut Machine, this: &Value, _: Span) -> Option<Result<Value, EvalError>> {
        Some(Ok(this.clone()))
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
        if any.is::<HeapSum>() {
            return Some(Ordering::Less); // a heap before every sum of heaps, so sets of positions keep one order
        }
        any.downcast_ref::<Heap>().map(|o| self.rules.text.cmp(&o.rules.text).then(self.size.cmp(&o.size)))
    }
}

impl Object for MisereGame {
    fn class_members(&self) -> &'static [&'static [Member]] {
        static TABLES: [&[Member]; 2] = [MISERE_GAME, tree::MISERE_TREE];
        &TABLES
    }

    fn binary_fallback(&self, m: &mut Machine, op: BinOp, a: &Value, b: &Value) -> Option<Result<Value, ErrorKind>> {
        sum::binary(m, op, a, b)
    }
    /// An impartial game is its own negative (CGSuite 2.2: `-*[2]` is `*[2]`).
    fn negate(&self, _: &mut Machine, this: &Value, _: Span) -> Option<Result<Value, EvalError>> {
        Some(Ok(this.clone()))
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

// ---- globals ---------------------------------------------------------------------------------------------

/// CGSuite 2.2's `system class TakeAndBreak(code as String)` (game/heap/TakeAndBreak.cgs).
static TAKE_AND_BREAK_DECLARED: Declared =
    Declared::constructor("game.heap.TakeAndBreak", &[Param::required("code", "String")]);

/// The global functions declared on `Ruleset`: the take-and-break rulesets (CGSuite's `game.heap.TakeAndBreak`
/// constructor) and the heap options the stdlib's `Spawning` reads.
pub static HEAP_RULESET_GLOBALS: &[NativeFn] = &[
    NativeFn::new("TakeAndBreak", Arity::Exact(1), take_and_break).declared(&TAKE_AND_BREAK_DECLARED).doc("(code)", "The take-and-break ruleset with octal (or hexadecimal) code `code`, e.g. \"0.77\" for Kayles; call it on a heap size.", "TakeAndBreak(\"0.77\")(5).NimValue"),
    NativeFn::new("_SpawningNimValues", Arity::Exact(2), spawning_nim_values).doc("(code, n)", "The nim values of the heaps 1..n in CGSuite's Spawning(code), worked out from the heap options (used by the stdlib's `Spawning` and `Turning`).", "_SpawningNimValues(\"1-3\", 10)"),
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

fn take_and_break(_m: &mut Machine, site: &Site, args: &[Value]) -> Result<Value, EvalError> {
    // Another class is CGSuite's error, from the declaration: "Argument `code` (in call to
    // `game.heap.TakeAndBreak` constructor) has type `game.Integer`, which does not match expected type
    // `cgsuite.lang.String`".
    let code = string(site, args, 0)?;
    let r = TakeAndBreak::parse(code).map_err(|k| site.arg_err(0, k))?;
    Ok(Value::Object(Rc::new(r)))
}

/// The error of a turning code `code` that cannot be read or listed, as CGSuite words it.
fn spawning_error(site: &Site, code: &str, e: SpawningError) -> EvalError {
    match e {
        SpawningError::Malformed(c) => site.arg_err(0, ErrorKind::Script { message: format!("Malformed code: {c}") }),
        SpawningError::DivisionByZero => site.err(ErrorKind::Script {
            message: format!("Error in call to `game.heap.Spawning.HeapOptions`: / by zero (code \"{code}\")"),
        }),
    }
}

/// `_SpawningHeapOptions(code, n)`: CGSuite's `Spawning(code).HeapOptions(n)` (`n` 0 checks the code only).
fn spawning_heap_options(m: &mut Machine, site: &Site, args: &[Value]) -> Result<Value, EvalError> {
    let code = string(site, args, 0)?;
    let n = heap_size(site, args, 1)?;
    let fail = |e| spawning_error(site, code, e);
    let rules = Spawning::parse(code).map_err(fail)?;
    let span = site.span;
    let opts = rules.heap_options(n, &mut || m.poll(span))?.map_err(fail)?;
    Ok(list(opts.into_iter().map(|hs| list(hs.into_iter().map(Value::int)))))
}

thread_local! {
    /// The nim values of heaps 0, 1, … worked out so far for the last few turning codes asked, newest last: a
    /// `Turning` position's nim value asks for the sequence of its strip's length every time.
    static SPAWNING_NIM: RefCell<Vec<(String, Vec<usize>)>> = const { RefCell::new(Vec::new()) };
}

/// How many turning codes `SPAWNING_NIM` remembers.
const SPAWNING_CODES_KEPT: usize = 8;

/// `_SpawningNimValues(code, n)`: the nim values of the heaps 1..n of CGSuite's `Spawning(code)` (`[]` for
/// `n` < 1), worked out directly from the heap options (the Sprague–Grundy mex of the options' nim-sums) instead
/// of through the ruleset's positions, which are sums of heaps.
fn spawning_nim_values(m: &mut Machine, site: &Site, args: &[Value]) -> Result<Value, EvalError> {
    let code = string(site, args, 0)?;
    if matches!(&args[1], Value::Integer(n) if n.is_negative()) {
        return Ok(list(std::iter::empty()));
    }
    let n = heap_size(site, args, 1)?;
    let fail = |e| spawning_error(site, code, e);
    let rules = Spawning::parse(code).map_err(fail)?;
    // The values known for this code, taken out of the cache while they are extended (a poll may fail).
    let mut known = SPAWNING_NIM.with(|c| {
        let mut c = c.borrow_mut();
        c.iter().position(|(k, _)| k == code).map(|i| c.remove(i).1)
    });
    let values = known.get_or_insert_with(|| vec![0]);
    let span = site.span;
    let done = rules.extend_nim_values(values, n, &mut || m.poll(span));
    let out = values.get(1..=n).map(|vs| list(vs.iter().map(|&v| Value::int(v))));
    SPAWNING_NIM.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= SPAWNING_CODES_KEPT {
            c.remove(0);
        }
        c.push((code.to_string(), known.unwrap_or_default()));
    });
    done?.map_err(fail)?;
    out.ok_or_else(|| site.bug())
}

fn obligated_sum(m: &mut Machine, site: &Site, args: &[Value]) -> Result<Value, EvalError> {
    let components = match args {
        [Value::List(_) | Value::Set(_, _) | Value::Tuple(_)] => elements(m, site, args, 0)?,
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
    // The name first: it rules out almost every call without asking the object its type ten times.
    if !TREE_MEMBERS.contains(&&*name.name) || is_ours(o) {
        return None;
    }
    // A package's member of that name is its class (`game.misere.Genus`, CGSuite 2.2's ⟪game.misere.Genus⟫).
    if o.type_name() == "Package" {
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

mod arena;
mod value;
pub use arena::{set_interrupt, Arena, MisereArena};
use value::*;
pub use value::{
    Heap, HeapSum, MisereGame, ObligatedSum, ObligatedTakeAndBreak, ObligatedValueObj, TakeAndBreak, TbData,
};
mod convert;
pub mod followers;
mod members;
mod misere;
mod periodicity;
pub use periodicity::{PeriodicityObj, PERIODICITY};
mod quotient;
mod sum;
mod tree;
pub use quotient::MisereQuotientObj;
pub use quotient::MISERE_QUOTIENT;

pub use convert::{genus, misere_canonical_form, misere_nim_value, misere_of, obligated_value, obligated_value_of};
pub use members::*;
pub use misere::{MisereClass, MISERE_CLASS, MISERE_GAME};
pub use sum::{options_are_set as heap_sum_options_are_set, HEAP_SUM};

/// The classes of this family (see `crate::interp::registry`).
pub static CLASSES: &[ClassDecl] = &[
    ClassDecl::new("Ruleset", "game.Ruleset")
        .globals(HEAP_RULESET_GLOBALS)
        .representation(&[TAKE_AND_BREAK, OBLIGATED_TAKE_AND_BREAK])
        .types(&[rust_type::<TakeAndBreak>, rust_type::<ObligatedTakeAndBreak>])
        .extensible(&["DicoticVariant", "ImpartialVariant", "TwistedVariant"]),
    ClassDecl::new("ImpartialGame", "game.ImpartialGame")
        .parents(&["Game"])
        .declares(&["Options"])
        .extensible(&["NimValue"]),
    // CGSuite's class of a sum of heaps (`Kayles(3) + Kayles(2)`, `Kayles(3) + *2`).
    ClassDecl::new("CompoundImpartialGame", "game.CompoundImpartialGame").parents(&["CompoundGame", "ImpartialGame"]),
    ClassDecl::new("CompoundType", "game.CompoundType").also_is(&["Enum"]),
    // CGSuite's class of a heap (`Kayles(3).Class`), which its objects name (`Object::class_name`).
    ClassDecl::new("HeapRuleset.Position", "game.heap.HeapRuleset.Position").parents(&["ImpartialGame"]),
    // A heap of a take-and-break game and a sum of heaps.
    ClassDecl::new("Position", "Position")
        .representation(&[HEAP, HEAP_SUM])
        .types(&[rust_type::<Heap>, rust_type::<HeapSum>]),
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

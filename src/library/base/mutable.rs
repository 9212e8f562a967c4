//! CGSuite's mutable collections (`cgsuite.util.MutableList`, `MutableSet`, `MutableMap`) and `TextOutput`
//! (`cgsuite.util.Random`, also mutable, is the cgsuite family's `random.rs`).
//!
//! Every other cgs value is immutable; these are the exceptions, as in CGSuite. A mutable collection is a
//! shared cell: the value is a pointer to one `RefCell`, so `k := l; k.Add(3)` changes what `l` shows too,
//! and a function that receives one can change it for its caller (docs/LANGUAGE.md §10, "Mutable
//! collections"). Members that change the collection (`Add`, `Remove`, `Sort`, `Put`, …) answer `Nothing`
//! (`Sort`, `SortWith` answer the list itself), as in CGSuite 2.2; the members every `Collection` has
//! (`Head`, `Filter`, `Adjoin`, …) work on a snapshot and answer a new mutable collection where CGSuite does.
//!
//! `==` compares contents (a `MutableList` equals a `List` with the same elements, as in CGSuite 2.2). In sets
//! and as map keys they are ordered by identity, so changing one never disorders a set that holds it.

use super::{check_arity, elements, integer, member, Arity, Member, Site};
use crate::game::Games;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::native::Param;
use crate::interp::object::{downcast_ref, Object};
use crate::interp::value::{set_in_display_order, sort_for_display, Function, Value};
use crate::syntax::ast::{BinOp, Ident};
use crate::syntax::span::Span;
use imbl::{OrdMap, OrdSet, Vector};
use num_traits::ToPrimitive;
use std::cell::{Cell, RefCell};
use std::cmp::Ordering;
use std::rc::Rc;

/// The members of CGSuite's `Collection` that a mutable list or set answers through a snapshot.
const COLLECTION: &[&str] = &[
    "Adjoin",
    "Concat",
    "Count",
    "Exists",
    "Filter",
    "Find",
    "Flattened",
    "ForAll",
    "ForEach",
    "Head",
    "IsEmpty",
    "Max",
    "Mex",
    "Min",
    "Size",
    "Sum",
    "Tail",
    "ToList",
    "ToSet",
];

/// The `Collection` members whose answer is a collection of the same kind (a new mutable one).
const SAME_KIND: &[&str] = &["Adjoin", "Concat", "Filter", "Flattened", "Tail"];

/// Printing guard: a collection that contains itself prints `…` where it recurs instead of looping.
#[derive(Debug, Default)]
struct Guard(Cell<bool>);

impl Guard {
    fn show(&self, f: impl FnOnce() -> String) -> String {
        if self.0.replace(true) {
            return "\u{2026}".to_string();
        }
        let s = f();
        self.0.set(false);
        s
    }
}

/// `cgsuite.util.MutableList`.
#[derive(Debug, Default)]
pub struct MutableList {
    items: RefCell<Vector<Value>>,
    guard: Guard,
}

/// `cgsuite.util.MutableSet`.
#[derive(Debug, Default)]
pub struct MutableSet {
    items: RefCell<OrdSet<Value>>,
    guard: Guard,
}

/// `cgsuite.util.MutableMap`.
#[derive(Debug, Default)]
pub struct MutableMap {
    items: RefCell<OrdMap<Value, Value>>,
    guard: Guard,
}

fn by_identity(a: &dyn Object, b: &dyn Object) -> Ordering {
    (a as *const dyn Object as *const u8).cmp(&(b as *const dyn Object as *const u8))
}

/// The contents of a mutable collection as the immutable value CGSuite compares it with (`==`).
pub fn snapshot(v: &Value) -> Option<Value> {
    let Value::Object(o) = v else { return None };
    if let Some(l) = downcast_ref::<MutableList>(&**o) {
        return Some(Value::List(l.items.borrow().clone().into()));
    }
    if let Some(s) = downcast_ref::<MutableSet>(&**o) {
        return Some(Value::Set(s.items.borrow().clone(), crate::interp::order::SmallOrder::HASHED));
    }
    downcast_ref::<MutableMap>(&**o)
        .map(|m| Value::Map(m.items.borrow().clone(), crate::interp::order::SmallOrder::HASHED))
}

/// `==` and `!=` between a mutable collection and another value: by contents.
fn equality(op: BinOp, lhs: &Value, rhs: &Value) -> Option<Result<Value, EvalError>> {
    if !matches!(op, BinOp::Eq | BinOp::Ne) {
        return None;
    }
    let a = snapshot(lhs).unwrap_or_else(|| lhs.clone());
    let b = snapshot(rhs).unwrap_or_else(|| rhs.clone());
    Some(Ok(Value::Boolean((a == b) == (op == BinOp::Eq))))
}

/// Answers a `Collection` member through a snapshot, wrapping collection answers as `wrap` says.
fn through_snapshot(
    m: &mut Machine,
    snap: Value,
    name: &str,
    args: &[Value],
    site: &Site,
    wrap: fn(Value) -> Value,
) -> Option<Result<Value, EvalError>> {
    if !COLLECTION.contains(&name) {
        return None;
    }
    let ident = Ident { name: name.into(), span: site.span };
    let r = m.invoke_member(snap, &ident, args, site.args, site.span);
    Some(r.map(|v| if SAME_KIND.contains(&name) { wrap(v) } else { v }))
}

fn new_list(items: Vector<Value>) -> Value {
    Value::Object(Rc::new(MutableList { items: RefCell::new(items), guard: Guard::default() }))
}

fn new_set(items: OrdSet<Value>) -> Value {
    Value::Object(Rc::new(MutableSet { items: RefCell::new(items), guard: Guard::default() }))
}

fn new_map(items: OrdMap<Value, Value>) -> Value {
    Value::Object(Rc::new(MutableMap { items: RefCell::new(items), guard: Guard::default() }))
}

fn wrap_list(v: Value) -> Value {
    match v {
        Value::List(l) => new_list(l.into_vector()),
        v => v,
    }
}

fn wrap_set(v: Value) -> Value {
    match v {
        Value::Set(s, _) => new_set(s),
        v => v,
    }
}

/// The elements of a collection argument (a mutable one included).
fn collection(m: &mut Machine, site: &Site, args: &[Value], i: usize) -> Result<Vec<Value>, EvalError> {
    match snapshot(&args[i]) {
        Some(Value::Map(_, _)) => Err(site.wrong_type(i, "Collection", &args[i])),
        Some(v) => elements(m, site, &[v], 0),
        None => elements(m, site, args, i),
    }
}

/// The constructors: `MutableList()`, `MutableList(collection)` (CGSuite's `MutableList.Eval`), and so on.
pub fn construct(m: &mut Machine, class: &str, args: &[Value], site: &Site) -> Option<Result<Value, EvalError>> {
    let arity = match class {
        "MutableList" | "MutableSet" | "MutableMap" => Arity::Range(0, 1),
        "TextOutput" => Arity::Range(0, 1),
        // `GridOutput(grid, icons, text)` / `StripOutput(strip, icons, text)`: CGSuite draws the board with the
        // icons; cgs, a text worksheet, shows the text (as CGSuite's headless output does).
        "GridOutput" | "StripOutput" => Arity::Exact(3),
        _ => return None,
    };
    Some((|| {
        check_arity(site, arity, args.len())?;
        match class {
            "MutableList" => {
                let items = if args.is_empty() { Vec::new() } else { collection(m, site, args, 0)? };
                Ok(new_list(items.into_iter().collect()))
            }
            "MutableSet" => {
                let items = if args.is_empty() { Vec::new() } else { collection(m, site, args, 0)? };
                Ok(new_set(items.into_iter().collect()))
            }
            "MutableMap" => match args.first().map(|a| snapshot(a).unwrap_or_else(|| a.clone())) {
                None => Ok(new_map(OrdMap::new())),
                Some(Value::Map(map, _)) => Ok(new_map(map)),
                Some(_) => Err(site.wrong_type(0, "Map", &args[0])),
            },
            "TextOutput" => {
                let text = if args.is_empty() { "" } else { super::string(site, args, 0)? };
                Ok(Value::Object(Rc::new(TextOutputValue { text: RefCell::new(text.to_string()) })))
            }
            "GridOutput" => Ok(crate::interp::value::Shown::value("GridOutput", super::string(site, args, 2)?)),
            _ => Ok(crate::interp::value::Shown::value("StripOutput", super::string(site, args, 2)?)),
        }
    })())
}

fn the_list<'a>(s: &Site, this: &'a Value) -> Result<&'a MutableList, EvalError> {
    match this {
        Value::Object(o) => downcast_ref::<MutableList>(&**o).ok_or_else(|| s.bug()),
        _ => Err(s.bug()),
    }
}

fn the_set<'a>(s: &Site, this: &'a Value) -> Result<&'a MutableSet, EvalError> {
    match this {
        Value::Object(o) => downcast_ref::<MutableSet>(&**o).ok_or_else(|| s.bug()),
        _ => Err(s.bug()),
    }
}

fn the_map<'a>(s: &Site, this: &'a Value) -> Result<&'a MutableMap, EvalError> {
    match this {
        Value::Object(o) => downcast_ref::<MutableMap>(&**o).ok_or_else(|| s.bug()),
        _ => Err(s.bug()),
    }
}

/// A 1-based position in a list of `len` elements, as CGSuite checks it.
fn position(m: &mut Machine, s: &Site, args: &[Value], len: usize) -> Result<usize, EvalError> {
    let n = integer(s, args, 0)?;
    match n.to_usize() {
        Some(k) if (1..=len).contains(&k) => Ok(k - 1),
        _ => Err(s.arg_err(0, ErrorKind::IndexOutOfBounds { index: args[0].display(m.games) })),
    }
}

/// Sorts with CGSuite's comparator `f(a, b)`: an integer, negative when `a` goes before `b`. CGSuite 2.2's
/// `SortedWith` and `SortWith` hand it to the JVM's `Arrays.sort` (Scala's `sorted` and `sortInPlace`), which runs
/// TimSort ([`super::timsort`]); the same comparisons in the same order give CGSuite's list also for a
/// comparator that is not a consistent order (`(-2..2).SortedWith((x, y) -> x * y)` is `[-2,-1,0,1,2]` in
/// CGSuite 2.2). The comparator's integer is a Java `int` there: CGSuite 2.2 answers "Overflow." beyond it.
/// `member` is CGSuite's qualified name of the member, for the error of a comparator TimSort finds inconsistent.
pub(crate) fn sort_with(
    m: &mut Machine,
    s: &Site,
    items: Vec<Value>,
    f: &Rc<Function>,
    member: &str,
) -> Result<Vec<Value>, EvalError> {
    let out = super::timsort::sort(items, |a, b| match m.call_function(f, &[a.clone(), b.clone()], s.span)? {
        Value::Integer(n) => match n.as_i64() {
            Some(k) if i32::try_from(k).is_ok() => Ok(k.cmp(&0)),
            _ => Err(s.err(ErrorKind::Overflow)),
        },
        // CGSuite 2.2: "Expected `game.Integer`; found `cgsuite.lang.Boolean`."
        other => {
            let found = crate::interp::classes::qualified_class_of(m.games, &other);
            Err(s.err(ErrorKind::ExpectedClass(Box::new(["game.Integer".into(), found]))))
        }
    });
    out.map_err(|e| match e {
        super::timsort::SortError::Compare(e) => e,
        // The JVM throws "Comparison method violates its general contract!"; CGSuite 2.2 reports it as
        // "An unexpected error occured in a call to `cgsuite.lang.List.SortedWith`." (its spelling).
        super::timsort::SortError::Contract => {
            s.err(ErrorKind::Script { message: format!("An unexpected error occured in a call to `{member}`.") })
        }
    })
}

/// Members of `MutableList`.
pub static MUTABLE_LIST: &[Member] = crate::member_table![
    crate::member!(Add(element: Object) => "Adds x at the end of the list, in place.", "begin l := MutableList([3, 1]); l.Add(2); l end", |_, s, this, args| {
        the_list(s, this)?.items.borrow_mut().push_back(args[0].clone());
        Ok(Value::Nothing)
    }),
    crate::member!(AddAll(elements: Collection) => "Adds the elements of the collection c at the end, in place.", "begin l := MutableList([1]); l.AddAll([2, 3]); l end", |m, s, this, args| {
        let items = collection(m, s, args, 0)?;
        the_list(s, this)?.items.borrow_mut().extend(items);
        Ok(Value::Nothing)
    }),
    crate::member!(Clear => "Removes every element, in place.", "begin l := MutableList([1, 2]); l.Clear(); l end", |_, s, this, _| {
        the_list(s, this)?.items.borrow_mut().clear();
        Ok(Value::Nothing)
    }),
    crate::member!(Contains(element: Object) => "Whether x is an element of the list.", "MutableList([1, 2]).Contains(2)", |_, s, this, args| Ok(Value::Boolean(the_list(s, this)?.items.borrow().contains(&args[0])))),
    // The first occurrence only (CGSuite 2.2: `MutableList([1,1,1])` keeps two 1s after `Remove(1)`).
    member("Remove", 1, |_, s, this, args| {
        let l = the_list(s, this)?;
        let at = l.items.borrow().index_of(&args[0]);
        if let Some(i) = at {
            l.items.borrow_mut().remove(i);
        }
        Ok(Value::Nothing)
    })
    .params(&[&[Param::required("element", "Object")], &[Param::required("key", "Object")]])
    .doc(
        "",
        "Removes the first occurrence of x, in place.",
        "begin l := MutableList([1, 2, 1]); l.Remove(1); l end",
    ),
    // One occurrence of each element given (CGSuite 2.2: `MutableList([5,4,4]).RemoveAll([4])` leaves
    // `MutableList(5, 4)`).
    member("RemoveAll", 1, |m, s, this, args| {
        let items = collection(m, s, args, 0)?;
        let l = the_list(s, this)?;
        for x in items {
            let at = l.items.borrow().index_of(&x);
            if let Some(i) = at {
                l.items.borrow_mut().remove(i);
            }
        }
        Ok(Value::Nothing)
    })
    .params(&[&[Param::required("elements", "Collection")], &[Param::required("keys", "Collection")]])
    .doc(
        "",
        "Removes one occurrence of each element of the collection c, in place.",
        "begin l := MutableList([5, 4, 4]); l.RemoveAll([4]); l end",
    ),
    // Answers the element removed (CGSuite 2.2).
    crate::member!(RemoveAt(index: Integer) => "Removes the element at position i (counting from 1), in place, and answers it.", "MutableList([5, 6, 7]).RemoveAt(2)", |m, s, this, args| {
        let l = the_list(s, this)?;
        let len = l.items.borrow().len();
        let i = position(m, s, args, len)?;
        Ok(l.items.borrow_mut().remove(i))
    }),
    crate::member!(Sort => "Sorts the list in place, in the order of games and numbers.", "begin l := MutableList([3, 1, 2]); l.Sort(); l end", |m, s, this, _| {
        let l = the_list(s, this)?;
        let mut v: Vec<Value> = l.items.borrow().iter().cloned().collect();
        sort_for_display(m.games, &mut v);
        *l.items.borrow_mut() = v.into_iter().collect();
        Ok(this.clone())
    }),
    // Sorted as `List.SortedWith` (CGSuite's `sortInPlace`, Java's sort).
    crate::member!(SortWith(fn: Function) => "Sorts the list in place with the comparator f(a, b): an integer, negative when a goes before b.", "begin l := MutableList([1, 3, 2]); l.SortWith((a, b) -> b - a); l end", |m, s, this, args| {
        let f = super::collections::function_of_arity(s, args, 2)?;
        let l = the_list(s, this)?;
        let items: Vec<Value> = l.items.borrow().iter().cloned().collect();
        let out = sort_with(m, s, items, &f, "cgsuite.util.MutableList.SortWith")?;
        *l.items.borrow_mut() = out.into_iter().collect();
        Ok(this.clone())
    }),
    crate::member!(Update(index: Integer, element: Object) => "Replaces the element at position i (counting from 1) by x, in place.", "begin l := MutableList([1, 2]); l.Update(1, *); l end", |m, s, this, args| {
        let l = the_list(s, this)?;
        let len = l.items.borrow().len();
        let i = position(m, s, args, len)?;
        l.items.borrow_mut().set(i, args[1].clone());
        Ok(Value::Nothing)
    }),
];

/// Members of `MutableSet`.
pub static MUTABLE_SET: &[Member] = crate::member_table![
    crate::member!(Add(element: Object) => "Adds x to the set, in place.", "begin s := MutableSet([1]); s.Add(^); s end", |_, s, this, args| {
        the_set(s, this)?.items.borrow_mut().insert(args[0].clone());
        Ok(Value::Nothing)
    }),
    crate::member!(AddAll(elements: Collection) => "Adds the elements of the collection c, in place.", "begin s := MutableSet([1]); s.AddAll([2, 1]); s end", |m, s, this, args| {
        let items = collection(m, s, args, 0)?;
        the_set(s, this)?.items.borrow_mut().extend(items);
        Ok(Value::Nothing)
    }),
    crate::member!(Clear => "Removes every element, in place.", "begin s := MutableSet([1]); s.Clear(); s end", |_, s, this, _| {
        the_set(s, this)?.items.borrow_mut().clear();
        Ok(Value::Nothing)
    }),
    crate::member!(Contains(element: Object) => "Whether x is an element of the set.", "MutableSet([1, 2]).Contains(3)", |_, s, this, args| Ok(Value::Boolean(the_set(s, this)?.items.borrow().contains(&args[0])))),
    member("Remove", 1, |_, s, this, args| {
        the_set(s, this)?.items.borrow_mut().remove(&args[0]);
        Ok(Value::Nothing)
    })
    .params(&[&[Param::required("element", "Object")], &[Param::required("key", "Object")]])
    .doc("", "Removes x, in place.", "begin s := MutableSet([1, 2]); s.Remove(1); s end"),
    member("RemoveAll", 1, |m, s, this, args| {
        let items = collection(m, s, args, 0)?;
        let set = the_set(s, this)?;
        for x in items {
            set.items.borrow_mut().remove(&x);
        }
        Ok(Value::Nothing)
    })
    .params(&[&[Param::required("elements", "Collection")], &[Param::required("keys", "Collection")]])
    .doc(
        "",
        "Removes the elements of the collection c, in place.",
        "begin s := MutableSet([1, 2, 3]); s.RemoveAll([1, 3]); s end",
    ),
];

/// Members of `MutableMap`.
pub static MUTABLE_MAP: &[Member] = crate::member_table![
    crate::member!(Clear => "Removes every entry, in place.", "begin m := MutableMap({1 => 2}); m.Clear(); m end", |_, s, this, _| {
        the_map(s, this)?.items.borrow_mut().clear();
        Ok(Value::Nothing)
    }),
    crate::member!(ContainsKey(key: Object) => "Whether k is a key of the map.", "MutableMap({1 => 2}).ContainsKey(1)", |_, s, this, args| {
        Ok(Value::Boolean(the_map(s, this)?.items.borrow().contains_key(&args[0])))
    }),
    crate::member!(Entries => "The set of entries `k => v`.", "MutableMap({1 => ^, 2 => *}).Entries", |_, s, this, _| {
        let map = the_map(s, this)?.items.borrow().clone();
        Ok(Value::Set(map.into_iter().map(|(k, v)| super::collections::MapEntry::value(k, v)).collect(), crate::interp::order::SmallOrder::HASHED))
    }),
    crate::member!(Put(key: Object, value: Object) => "Sets the value of key k to v, in place.", "begin m := MutableMap({1 => 2}); m.Put(3, *); m end", |_, s, this, args| {
        the_map(s, this)?.items.borrow_mut().insert(args[0].clone(), args[1].clone());
        Ok(Value::Nothing)
    }),
    crate::member!(PutAll(entries: Map) => "Sets every entry of `map`, in place.", "begin m := MutableMap({1 => 2}); m.PutAll({1 => 0, 3 => 4}); m end", |_, s, this, args| {
        let entries = match snapshot(&args[0]).unwrap_or_else(|| args[0].clone()) {
            Value::Map(map, _) => map,
            _ => return Err(s.wrong_type(0, "Map", &args[0])),
        };
        the_map(s, this)?.items.borrow_mut().extend(entries);
        Ok(Value::Nothing)
    }),
    member("Remove", 1, |_, s, this, args| {
        the_map(s, this)?.items.borrow_mut().remove(&args[0]);
        Ok(Value::Nothing)
    })
    .params(&[&[Param::required("element", "Object")], &[Param::required("key", "Object")]])
    .doc(
        "",
        "Removes the entry of key k, in place.",
        "begin m := MutableMap({1 => 2, 3 => 4}); m.Remove(1); m end",
    ),
    member("RemoveAll", 1, |m, s, this, args| {
        let keys = collection(m, s, args, 0)?;
        let map = the_map(s, this)?;
        for k in keys {
            map.items.borrow_mut().remove(&k);
        }
        Ok(Value::Nothing)
    })
    .params(&[&[Param::required("elements", "Collection")], &[Param::required("keys", "Collection")]])
    .doc(
        "",
        "Removes the entries of each key in the collection, in place.",
        "begin m := MutableMap({1 => 2, 3 => 4}); m.RemoveAll([1, 3]); m end",
    ),
    crate::member!(Size => "The number of entries.", "MutableMap({1 => 2}).Size", |_, s, this, _| Ok(Value::int(the_map(s, this)?.items.borrow().len()))),
    crate::member!(IsEmpty => "Whether the map has no entries.", "MutableMap({=>}).IsEmpty", |_, s, this, _| Ok(Value::Boolean(the_map(s, this)?.items.borrow().is_empty()))),
];

fn joined(games: &mut Games, items: impl IntoIterator<Item = Value>) -> String {
    items.into_iter().map(|v| v.display(games)).collect::<Vec<_>>().join(", ")
}

impl Object for MutableList {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        self.items.try_borrow().is_ok_and(|items| t.values(items.iter()))
    }
    fn type_name(&self) -> &'static str {
        "MutableList"
    }
    fn display(&self, games: &mut Games) -> String {
        self.guard.show(|| {
            let items: Vec<Value> = self.items.borrow().iter().cloned().collect();
            format!("MutableList({})", joined(games, items))
        })
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        Some(by_identity(self, other))
    }
    fn members(&self) -> &'static [Member] {
        MUTABLE_LIST
    }
    fn member(
        &self,
        m: &mut Machine,
        _: &Value,
        name: &str,
        args: &[Value],
        site: &Site,
    ) -> Option<Result<Value, EvalError>> {
        let snap = Value::List(self.items.borrow().clone().into());
        through_snapshot(m, snap, name, args, site, wrap_list)
    }
    fn dynamic_member_names(&self) -> Vec<String> {
        COLLECTION.iter().map(|s| s.to_string()).collect()
    }
    fn index(&self, m: &mut Machine, _: &Value, keys: &[Value], span: Span) -> Option<Result<Value, EvalError>> {
        let [k] = keys else { return None };
        let snap = Value::List(self.items.borrow().clone().into());
        Some(m.index_value(&snap, k, span))
    }
    fn binary(&self, _: &mut Machine, op: BinOp, l: &Value, r: &Value, _: Span) -> Option<Result<Value, EvalError>> {
        equality(op, l, r)
    }
    fn elements(&self, _: &mut Games) -> Option<Vec<Value>> {
        Some(self.items.borrow().iter().cloned().collect())
    }
}

impl Object for MutableSet {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        self.items.try_borrow().is_ok_and(|items| t.values(items.iter()))
    }
    fn type_name(&self) -> &'static str {
        "MutableSet"
    }
    fn display(&self, games: &mut Games) -> String {
        self.guard.show(|| {
            let set = self.items.borrow().clone();
            let items = set_in_display_order(games, &set);
            format!("MutableSet({})", joined(games, items))
        })
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        Some(by_identity(self, other))
    }
    fn members(&self) -> &'static [Member] {
        MUTABLE_SET
    }
    fn member(
        &self,
        m: &mut Machine,
        _: &Value,
        name: &str,
        args: &[Value],
        site: &Site,
    ) -> Option<Result<Value, EvalError>> {
        let snap = Value::Set(self.items.borrow().clone(), crate::interp::order::SmallOrder::HASHED);
        through_snapshot(m, snap, name, args, site, wrap_set)
    }
    fn dynamic_member_names(&self) -> Vec<String> {
        COLLECTION.iter().map(|s| s.to_string()).collect()
    }
    fn binary(&self, _: &mut Machine, op: BinOp, l: &Value, r: &Value, _: Span) -> Option<Result<Value, EvalError>> {
        equality(op, l, r)
    }
    fn elements(&self, games: &mut Games) -> Option<Vec<Value>> {
        let set = self.items.borrow().clone();
        Some(set_in_display_order(games, &set))
    }
}

impl Object for MutableMap {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        self.items.try_borrow().is_ok_and(|items| items.iter().all(|(k, v)| t.value(k) && t.value(v)))
    }
    fn type_name(&self) -> &'static str {
        "MutableMap"
    }
    fn display(&self, games: &mut Games) -> String {
        self.guard.show(|| {
            let map = self.items.borrow().clone();
            let mut keys: Vec<Value> = map.keys().cloned().collect();
            sort_for_display(games, &mut keys);
            let parts: Vec<String> =
                keys.iter().map(|k| format!("{} => {}", k.display(games), map[k].display(games))).collect();
            format!("MutableMap({})", parts.join(", "))
        })
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        Some(by_identity(self, other))
    }
    fn members(&self) -> &'static [Member] {
        MUTABLE_MAP
    }
    fn member(
        &self,
        m: &mut Machine,
        _: &Value,
        name: &str,
        args: &[Value],
        site: &Site,
    ) -> Option<Result<Value, EvalError>> {
        let snap = self.items.borrow().clone();
        let r = super::map_collection::member_of_map(
            m,
            &snap,
            crate::interp::order::SmallOrder::HASHED,
            name,
            args,
            site,
            true,
        )?;
        Some(r.map(|v| match (name, v) {
            ("Filter" | "Tail", Value::Map(x, _)) => new_map(x),
            ("Adjoin" | "Concat" | "Flattened", v) => wrap_list(v),
            (_, v) => v,
        }))
    }
    fn dynamic_member_names(&self) -> Vec<String> {
        let names = super::map_collection::MAP_COLLECTION.iter().chain(super::map_collection::MUTABLE_ONLY);
        names.map(|s| s.to_string()).collect()
    }
    fn index(&self, m: &mut Machine, _: &Value, keys: &[Value], span: Span) -> Option<Result<Value, EvalError>> {
        let [k] = keys else { return None };
        let snap = Value::Map(self.items.borrow().clone(), crate::interp::order::SmallOrder::HASHED);
        Some(m.index_value(&snap, k, span))
    }
    fn binary(&self, _: &mut Machine, op: BinOp, l: &Value, r: &Value, _: Span) -> Option<Result<Value, EvalError>> {
        equality(op, l, r)
    }
    /// `for e in m` binds the entries `k => v`, as for an immutable map (CGSuite's `MapEntry`s).
    fn elements(&self, games: &mut Games) -> Option<Vec<Value>> {
        let map = self.items.borrow().clone();
        let entries = crate::interp::value::map_in_display_order(games, &map);
        Some(entries.into_iter().map(|(k, v)| super::collections::MapEntry::value(k, v)).collect())
    }
}

// ---- TextOutput ------------------------------------------------------------------------------------------

/// `cgsuite.util.output.TextOutput(text)`: text shown as it is, which `Append` extends in place.
#[derive(Debug)]
pub struct TextOutputValue {
    text: RefCell<String>,
}

/// Members of a `TextOutput` made by its constructor.
pub static TEXT_OUTPUT: &[Member] = crate::member_table![
    crate::member!(Append(output: Output) => "Appends another text output (a `TextOutput` or the result of `ToOutput`), in place.", "begin t := cgsuite.util.output.TextOutput(\"ab\"); t.Append(cgsuite.util.output.TextOutput(\"cd\")); t end", |m, s, this, args| {
        let Value::Object(o) = this else { return Err(s.bug()) };
        let out = downcast_ref::<TextOutputValue>(&**o).ok_or_else(|| s.bug())?;
        // Any output: a `TextOutput` or what `ToOutput` gives.
        let text = match &args[0] {
            Value::Object(a) if matches!(a.type_name(), "TextOutput") => a.display(m.games),
            v => return Err(s.wrong_type(0, "Output", v)),
        };
        out.text.borrow_mut().push_str(&text);
        Ok(Value::Nothing)
    }),
];

impl Object for TextOutputValue {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "TextOutput"
    }
    fn display(&self, _: &mut Games) -> String {
        self.text.borrow().clone()
    }
    fn members(&self) -> &'static [Member] {
        TEXT_OUTPUT
    }
}

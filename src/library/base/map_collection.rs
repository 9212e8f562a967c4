//! A map as CGSuite's `Collection` of its entries (`cgsuite.lang.Map` and `cgsuite.util.MutableMap` extend
//! `Collection` in CGSuite 2.2): `{1 => 2, 3 => 4}.Head` is the entry `1 => 2`, `.ToSet` the set of entries,
//! `.Filter(e -> e.Key == 1)` the map `{1 => 2}`, `MutableMap(…).Concat([5])` a `MutableList` of the entries and
//! 5. The entries are taken in display order (keys as a map prints them); CGSuite 2.2 takes a `MutableMap`'s in
//! hash order (docs/CGSUITE-PARITY.md).

use super::collections::MapEntry;
use super::{list, member, Member, Site};
use crate::interp::error::EvalError;
use crate::interp::eval::Machine;
use crate::interp::order::{map_derived, map_items, SmallOrder};
use crate::interp::value::Value;
use crate::syntax::ast::Ident;
use imbl::OrdMap;

/// The `Collection` members a map answers on its entries (the ones whose CGSuite 2.2 answer is not an
/// internal object: `Concat`, `Adjoin` and `Flattened` of an immutable map print `Collection.instance` there).
pub(crate) const MAP_COLLECTION: &[&str] = &[
    "Count", "Exists", "Filter", "Find", "ForAll", "ForEach", "Head", "Max", "Mex", "Min", "Sum", "Tail", "ToList",
    "ToSet",
];

/// A mutable map answers these too, with a `MutableList` (CGSuite 2.2).
pub(crate) const MUTABLE_ONLY: &[&str] = &["Adjoin", "Concat", "Flattened"];

/// The entries `k => v` of `map` in its iteration order (LANGUAGE.md §10, "Sets and maps: iteration order"), as
/// a list.
fn entries(m: &mut Machine, map: &OrdMap<Value, Value>, order: SmallOrder) -> Value {
    list(map_items(m.games, map, order).into_iter().map(|(k, v)| MapEntry::value(k, v)))
}

/// The map of a list of entries (the answer of `Filter` and `Tail`), derived from a map whose order is `order`.
fn rebuild(v: Value, order: SmallOrder) -> Value {
    let Value::List(items) = &v else { return v };
    let mut out = Vec::with_capacity(items.len());
    for e in items.iter() {
        let Value::Object(o) = e else { return v };
        let Some(MapEntry(k, x)) = crate::interp::object::downcast_ref::<MapEntry>(&**o) else { return v };
        out.push((k.clone(), x.clone()));
    }
    map_derived(order, out)
}

/// Answers the `Collection` member `name` of `map` on its entries; `None` when `name` is not one. A `Filter` or
/// `Tail` answer is a map again (`mutable` then wraps it as a `MutableMap`, other collection answers as a
/// `MutableList`).
pub(crate) fn member_of_map(
    m: &mut Machine,
    map: &OrdMap<Value, Value>,
    order: SmallOrder,
    name: &str,
    args: &[Value],
    site: &Site,
    mutable: bool,
) -> Option<Result<Value, EvalError>> {
    if !(MAP_COLLECTION.contains(&name) || mutable && MUTABLE_ONLY.contains(&name)) {
        return None;
    }
    let snap = entries(m, map, order);
    let ident = Ident { name: name.into(), span: site.span };
    let r = m.invoke_member(snap, &ident, args, site.args, site.span);
    Some(r.map(|v| if matches!(name, "Filter" | "Tail") { rebuild(v, order) } else { v }))
}

fn via_entries(m: &mut Machine, s: &Site, this: &Value, args: &[Value], name: &str) -> Result<Value, EvalError> {
    let Value::Map(map, order) = this else { return Err(s.bug()) };
    let (map, order) = (map.clone(), *order);
    member_of_map(m, &map, order, name, args, s, false).unwrap_or_else(|| Err(s.bug()))
}

/// `Map`'s `Collection` members (CGSuite 2.2: a map is a collection of its entries).
pub static MAP_AS_COLLECTION: &[Member] = crate::member_table![
    member("Count", 1, |m, s, this, args| via_entries(m, s, this, args, "Count")).doc(
        "(f)",
        "The number of entries e for which f(e) is true.",
        "{1 => 2, 3 => 4}.Count(e -> e.Value > 2)",
    ),
    member("Exists", 1, |m, s, this, args| via_entries(m, s, this, args, "Exists")).doc(
        "(f)",
        "Whether f(e) is true for some entry e.",
        "{1 => 2}.Exists(e -> e.Key == 1)",
    ),
    member("Filter", 1, |m, s, this, args| via_entries(m, s, this, args, "Filter")).doc(
        "(f)",
        "The map of the entries e for which f(e) is true.",
        "{1 => 2, 3 => 4}.Filter(e -> e.Key == 1)",
    ),
    member("Find", 1, |m, s, this, args| via_entries(m, s, this, args, "Find")).doc(
        "(f)",
        "The first entry e for which f(e) is true, or nil.",
        "{1 => 2, 3 => 4}.Find(e -> e.Value > 2)",
    ),
    member("ForAll", 1, |m, s, this, args| via_entries(m, s, this, args, "ForAll")).doc(
        "(f)",
        "Whether f(e) is true for every entry e.",
        "{1 => 2}.ForAll(e -> e.Value == 2)",
    ),
    member("ForEach", 1, |m, s, this, args| via_entries(m, s, this, args, "ForEach")).doc(
        "(f)",
        "Calls f(e) on each entry in turn, for its effect.",
        "{1 => 2}.ForEach(e -> Print(e.Key))",
    ),
    member("Head", 0, |m, s, this, args| via_entries(m, s, this, args, "Head")).doc(
        "",
        "The first entry `k => v` (keys in display order).",
        "{1 => 2, 3 => 4}.Head",
    ),
    member("Max", 0, |m, s, this, args| via_entries(m, s, this, args, "Max")).doc(
        "",
        "The greatest entry (the entry itself for a map of one entry).",
        "{1 => 2}.Max",
    ),
    member("Mex", 0, |m, s, this, args| via_entries(m, s, this, args, "Mex")).doc(
        "",
        "The least non-negative integer that is not an entry: 0.",
        "{1 => 2}.Mex",
    ),
    member("Min", 0, |m, s, this, args| via_entries(m, s, this, args, "Min")).doc(
        "",
        "The least entry (the entry itself for a map of one entry).",
        "{1 => 2}.Min",
    ),
    member("Sum", 0, |m, s, this, args| via_entries(m, s, this, args, "Sum")).doc(
        "",
        "The sum of the entries (the entry itself for a map of one entry).",
        "{1 => 2}.Sum",
    ),
    member("Tail", 0, |m, s, this, args| via_entries(m, s, this, args, "Tail")).doc(
        "",
        "The map without its first entry.",
        "{1 => 2, 3 => 4}.Tail",
    ),
    member("ToList", 0, |m, s, this, args| via_entries(m, s, this, args, "ToList")).doc(
        "",
        "The list of the entries `k => v`.",
        "{1 => 2, 3 => 4}.ToList",
    ),
    member("ToSet", 0, |m, s, this, args| via_entries(m, s, this, args, "ToSet")).doc(
        "",
        "The set of the entries `k => v`.",
        "{1 => 2, 3 => 4}.ToSet",
    ),
];

//! The order sets and maps print in with `--output cgsuite` (docs/LANGUAGE.md §10, "Sets and maps: printed
//! order"): CGSuite 2.2's `UniversalOrdering`. CGSuite prints a set as its elements in iteration order, sorted
//! (a stable sort) by that ordering, and a map as its entries `(key, value)` in iteration order, sorted by key,
//! then value; inside a map's entry a nested map is sorted by key only and a `Nothing` at any depth shows as
//! nothing (`{"a" => [Nothing]}` prints `{"a" => []}`), since CGSuite writes entries with its plain output
//! builder. The ordering puts `Nothing` first, then numbers and games (cgs's display order, which is CGSuite's
//! there), then other values by CGSuite's class number (`Boolean`, `String`, `Coordinates`, `List`, `Set`,
//! `Map`, `Function`, `Thermograph`, `Player`, `OutcomeClass`, then objects); two values of one class without a
//! structural order compare by hash code, as CGSuite does (`true` before `false`: 1231 against 1237), and two
//! values of one enum compare equal, so they keep their iteration order (`{Red => 1, Blue => 1}`). Objects
//! compare by [`Object::universal_cmp`](crate::interp::value::Object::universal_cmp) where they give one, else by
//! cgs's display order.

use crate::game::Games;
use crate::interp::order::{map_items, set_items, SmallOrder};
use crate::interp::value::{display_cmp, lexicographic, Value};
use imbl::{OrdMap, OrdSet};
use std::cmp::Ordering;

/// CGSuite's class number of a value's kind, in the order its classes are registered; numbers and games (1)
/// compare among themselves by cgs's display order.
fn class_rank(v: &Value) -> u8 {
    match v {
        Value::Nothing => 0,
        Value::Integer(_) | Value::Rational(_) | Value::Infinity(_) | Value::Game(_) => 1,
        Value::Boolean(_) => 3,
        Value::String(_) => 4,
        Value::Tuple(_) => 5,
        Value::List(_) => 6,
        Value::Object(o) if o.as_list_view().is_some() => 6,
        Value::Set(_, _) => 7,
        Value::Map(_, _) => 8,
        Value::Function(_) => 9,
        Value::Thermograph(_) => 10,
        Value::Player(_) => 11,
        Value::Outcome(_) => 12,
        Value::Object(_) => 13,
    }
}

/// CGSuite's `UniversalOrdering` on two values (see the module documentation).
pub fn universal_cmp(games: &mut Games, a: &Value, b: &Value) -> Ordering {
    // A surreal number or another number-like object against a number: numeric order (display order).
    if matches!(a, Value::Object(_)) || matches!(b, Value::Object(_)) {
        if let Some(c) = (crate::interp::registry::installed().surreal_cmp)(a, b) {
            return c;
        }
    }
    let (ra, rb) = (class_rank(a), class_rank(b));
    if ra != rb {
        return ra.cmp(&rb);
    }
    match (a, b) {
        // `java.lang.Boolean.hashCode`: 1231 for true, 1237 for false.
        (Value::Boolean(x), Value::Boolean(y)) => y.cmp(x),
        (Value::Tuple(x), Value::Tuple(y)) => lexicographic(games, x.iter(), y.iter(), universal_cmp),
        (Value::List(x), Value::List(y)) => lexicographic(games, x.iter(), y.iter(), universal_cmp),
        (Value::Set(x, ox), Value::Set(y, oy)) => {
            let (x, y) = (sorted_set(games, x, *ox), sorted_set(games, y, *oy));
            lexicographic(games, x.iter(), y.iter(), universal_cmp)
        }
        (Value::Object(x), Value::Object(y)) => {
            match x.universal_cmp(&**y).or_else(|| y.universal_cmp(&**x).map(Ordering::reverse)) {
                Some(c) => c,
                None => display_cmp(games, a, b),
            }
        }
        _ => display_cmp(games, a, b),
    }
}

/// Sorts stably as the JVM's TimSort does (the same comparisons, so a comparator that is not an order gives
/// CGSuite's result too); where such a comparator breaks a merge (the JVM's "Comparison method violates its
/// general contract!"), the stable sort's result.
fn jvm_sort(items: Vec<Value>, mut cmp: impl FnMut(&Value, &Value) -> Ordering) -> Vec<Value> {
    match super::timsort::sort(items.clone(), |a, b| Ok::<_, ()>(cmp(a, b))) {
        Ok(sorted) => sorted,
        Err(_) => {
            let mut items = items;
            items.sort_by(cmp);
            items
        }
    }
}

/// A set's elements as CGSuite prints them: in iteration order, stably sorted by [`universal_cmp`].
pub fn sorted_set(games: &mut Games, set: &OrdSet<Value>, order: SmallOrder) -> Vec<Value> {
    let items = set_items(games, set, order);
    jvm_sort(items, |a, b| universal_cmp(games, a, b))
}

/// A map's entries as CGSuite prints them: in iteration order, stably sorted by key and then (outside a map's
/// entry, where CGSuite sorts the entries as pairs) by value.
pub fn sorted_map(
    games: &mut Games,
    map: &OrdMap<Value, Value>,
    order: SmallOrder,
    by_value: bool,
) -> Vec<(Value, Value)> {
    let entries = map_items(games, map, order);
    // Sorted as pairs (a tuple value of two elements stands for an entry here).
    let pairs: Vec<Value> = entries.into_iter().map(|(k, v)| Value::Tuple(vec![k, v].into())).collect();
    let sorted = jvm_sort(pairs, |a, b| match (a, b) {
        (Value::Tuple(a), Value::Tuple(b)) => universal_cmp(games, &a[0], &b[0]).then_with(|| {
            if by_value {
                universal_cmp(games, &a[1], &b[1])
            } else {
                Ordering::Equal
            }
        }),
        _ => Ordering::Equal,
    });
    sorted
        .into_iter()
        .filter_map(|e| match e {
            Value::Tuple(t) if t.len() == 2 => Some((t[0].clone(), t[1].clone())),
            _ => None,
        })
        .collect()
}

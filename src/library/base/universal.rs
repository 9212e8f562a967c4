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
/// general contract!"), the stable sort's result. TimSort moves indices, so the items are not copied for the
/// fallback.
fn jvm_sort<T>(items: Vec<T>, mut cmp: impl FnMut(&T, &T) -> Ordering) -> Vec<T> {
    let order: Vec<u32> = (0..items.len() as u32).collect();
    match super::timsort::sort(order, |&i, &j| Ok::<_, ()>(cmp(&items[i as usize], &items[j as usize]))) {
        Ok(order) => {
            let mut slots: Vec<Option<T>> = items.into_iter().map(Some).collect();
            order.into_iter().filter_map(|i| slots[i as usize].take()).collect()
        }
        Err(_) => {
            let mut items = items;
            items.sort_by(cmp);
            items
        }
    }
}

/// A value prepared for the comparisons of one sort: each set inside it (at any depth of lists, tuples and sets)
/// sorted once, where [`universal_cmp`] sorts both sets at every comparison of two of them. Made only when the
/// values sorted hold a set.
struct Prep {
    value: Value,
    /// The elements of a list or tuple, the sorted elements of a set.
    parts: Option<Vec<Prep>>,
}

fn holds_set(v: &Value) -> bool {
    match v {
        Value::Set(..) => true,
        Value::List(x) => x.iter().any(holds_set),
        Value::Tuple(x) => x.iter().any(holds_set),
        _ => false,
    }
}

fn prep(games: &mut Games, v: Value) -> Prep {
    let parts = match &v {
        Value::Set(x, o) => {
            let items: Vec<Prep> = set_items(games, x, *o).into_iter().map(|e| prep(games, e)).collect();
            Some(jvm_sort(items, |a, b| prep_cmp(games, a, b)))
        }
        Value::List(x) => Some(x.iter().map(|e| prep(games, e.clone())).collect()),
        Value::Tuple(x) => Some(x.iter().map(|e| prep(games, e.clone())).collect()),
        _ => None,
    };
    Prep { value: v, parts }
}

/// [`universal_cmp`] on prepared values.
fn prep_cmp(games: &mut Games, a: &Prep, b: &Prep) -> Ordering {
    let same_kind = matches!(
        (&a.value, &b.value),
        (Value::Set(..), Value::Set(..)) | (Value::List(_), Value::List(_)) | (Value::Tuple(_), Value::Tuple(_))
    );
    match (&a.parts, &b.parts) {
        (Some(x), Some(y)) if same_kind => {
            for (p, q) in x.iter().zip(y) {
                let c = prep_cmp(games, p, q);
                if c != Ordering::Equal {
                    return c;
                }
            }
            x.len().cmp(&y.len())
        }
        _ => universal_cmp(games, &a.value, &b.value),
    }
}

/// `items` stably sorted by [`universal_cmp`] as the JVM sorts them, a set among them sorted once.
fn sort_values(games: &mut Games, items: Vec<Value>) -> Vec<Value> {
    if !items.iter().any(holds_set) {
        return jvm_sort(items, |a, b| universal_cmp(games, a, b));
    }
    let items: Vec<Prep> = items.into_iter().map(|v| prep(games, v)).collect();
    jvm_sort(items, |a, b| prep_cmp(games, a, b)).into_iter().map(|p| p.value).collect()
}

/// A set's elements as CGSuite prints them: in iteration order, stably sorted by [`universal_cmp`].
pub fn sorted_set(games: &mut Games, set: &OrdSet<Value>, order: SmallOrder) -> Vec<Value> {
    let items = set_items(games, set, order);
    sort_values(games, items)
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
    if !entries.iter().any(|(k, v)| holds_set(k) || (by_value && holds_set(v))) {
        return jvm_sort(entries, |a, b| {
            universal_cmp(games, &a.0, &b.0).then_with(|| {
                if by_value {
                    universal_cmp(games, &a.1, &b.1)
                } else {
                    Ordering::Equal
                }
            })
        });
    }
    let pairs: Vec<(Prep, Prep)> = entries.into_iter().map(|(k, v)| (prep(games, k), prep(games, v))).collect();
    let sorted = jvm_sort(pairs, |a, b| {
        prep_cmp(games, &a.0, &b.0).then_with(|| if by_value { prep_cmp(games, &a.1, &b.1) } else { Ordering::Equal })
    });
    sorted.into_iter().map(|(k, v)| (k.value, v.value)).collect()
}

//! Members of lists, sets, maps and tuples. Lists are 1-indexed; sets iterate in display order.

use super::globals::{extreme, sum_values};
use super::{boolean, elements, function, index, integer, list, member, Member, Site};
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::{compare_for_display, Machine};
use crate::interp::native::Param;
use crate::interp::order::{map_items, map_update, set_derived, set_insert, set_items, set_value, SmallOrder};
use crate::interp::value::{set_in_display_order, sort_for_display, Function, Value};
use imbl::{OrdMap, OrdSet, Vector};
use std::cmp::Ordering;
use std::rc::Rc;

/// Members of `List`.
pub static LIST: &[Member] = crate::member_table![
    crate::member!(Length => "The number of elements.", "[1, 2, 3].Length", |_, s, this, _| Ok(Value::int(the_list(s, this)?.len()))),
    crate::member!(Size => "The number of elements (the same as `Length`).", "[1, 2, 3].Size", |_, s, this, _| Ok(Value::int(the_list(s, this)?.len()))),
    crate::member!(IsEmpty => "Whether the list has no elements.", "[].IsEmpty", |_, s, this, _| Ok(boolean(the_list(s, this)?.is_empty()))),
    crate::member!(Contains(element: Object) => "Whether x is an element of the list.", "[1, ^, *].Contains(^)", |_, s, this, args| Ok(boolean(the_list(s, this)?.contains(&args[0])))),
    crate::member!(Head => "The first element (an error for an empty list).", "[3, 1, 2].Head", |_, s, this, _| match the_list(s, this)?.front() {
        Some(v) => Ok(v.clone()),
        None => Err(empty(s)),
    }),
    crate::member!(Tail => "The list without its first element (an error for an empty list).", "[3, 1, 2].Tail", |_, s, this, _| {
        let l = the_list(s, this)?;
        if l.is_empty() {
            return Err(empty(s));
        }
        Ok(Value::List(l.clone().split_off(1).into()))
    }),
    crate::member!(Last => "The last element (an error for an empty list). Not in CGSuite.", "[3, 1, 2].Last", |_, s, this, _| match the_list(s, this)?.back() {
        Some(v) => Ok(v.clone()),
        None => Err(s.err(ErrorKind::IndexOutOfBounds { index: "0".into() })),
    }),
    crate::member!(Reversed => "The elements in reverse order. Not in CGSuite.", "[1, 2, 3].Reversed", |_, s, this, _| Ok(list(the_list(s, this)?.iter().rev().cloned()))),
    crate::member!(Sorted => "The elements in increasing order.", "[3, 1, 2].Sorted", |m, s, this, _| {
        let mut v: Vec<Value> = the_list(s, this)?.iter().cloned().collect();
        sort_for_display(m.games, &mut v);
        Ok(list(v))
    }),
    member("Sort", 1, |m, s, this, args| {
        let v: Vec<Value> = the_list(s, this)?.iter().cloned().collect();
        Ok(list(sort_with(m, s, v, args)?))
    }).doc("(f)", "The elements sorted stably: by the key f(x) when f takes one argument, or with f(a, b) true when a goes before b. Not in CGSuite.", "[3, -1, 2].Sort(x -> x * x)"),
    member("Map", 1, |m, s, this, args| {
        let v: Vec<Value> = the_list(s, this)?.iter().cloned().collect();
        Ok(list(map_with(m, s, v, args)?))
    }).doc("(f)", "The list of f(x) for each element x (the same as `Apply`). Not in CGSuite.", "[1, 2, 3].Map(n -> n * n)"),
    // CGSuite's name for `Map`.
    crate::member!(Apply(fn: Function) => "The collection of f(x) for each element x.", "[1, 2, 3].Apply(n -> *n)", |m, s, this, args| {
        let v: Vec<Value> = the_list(s, this)?.iter().cloned().collect();
        Ok(list(map_with(m, s, v, args)?))
    }),
    crate::member!(Filter(predicate: Function) => "The elements x for which f(x) is true.", "[1, 2, 3, 4].Filter(n -> n % 2 == 0)", |m, s, this, args| {
        let v: Vec<Value> = the_list(s, this)?.iter().cloned().collect();
        Ok(list(filter_with(m, s, v, args)?))
    }),
    crate::member!(Count(predicate: Function) => "The number of elements x for which f(x) is true.", "[1, 2, 3, 4].Count(n -> n > 1)", |m, s, this, args| {
        let v: Vec<Value> = the_list(s, this)?.iter().cloned().collect();
        Ok(Value::int(filter_with(m, s, v, args)?.len()))
    }),
    member("Updated", 2, |_, s, this, args| {
        let l = the_list(s, this)?;
        let i = index(s, args, 0, l.len())?;
        Ok(Value::List(l.update(i, args[1].clone()).into()))
    }).params(&[&[Param::required("index", "Integer"), Param::required("value", "Object")]]).doc("", "A copy of the list with its i-th element (counting from 1) replaced by x.", "[1, 2, 3].Updated(2, *)"),
    crate::member!(Append(output: Output) => "The list with x added at the end. Not in CGSuite.", "[1, 2].Append(3)", |_, s, this, args| {
        let mut l = the_list(s, this)?.clone();
        l.push_back(args[0].clone());
        Ok(Value::List(l.into()))
    }),
    member("Adjoin", 1, |_, s, this, args| {
        let mut l = the_list(s, this)?.clone();
        l.push_back(args[0].clone());
        Ok(Value::List(l.into()))
    }).params(&[&[Param::required("element", "Object")], &[Param::required("that", "CoordinateRuleset")]]).doc("", "The list with x added at the end (the same as `Append`).", "[1, 2].Adjoin(^)"),
    member("Concat", 1, |m, s, this, args| {
        let mut l = the_list(s, this)?.clone();
        if let Value::List(other) = &args[0] {
            // The copied elements and the longer list: refuse what the memory budget cannot hold up front.
            crate::interp::room_for(3 * other.len() * std::mem::size_of::<Value>()).map_err(|k| s.err(k))?;
        }
        l.extend(elements(m, s, args, 0)?);
        Ok(Value::List(l.into()))
    }).params(&[&[Param::required("elements", "Collection")]]).doc("", "The list followed by the elements of the collection l.", "[1, 2].Concat([3, 4])"),
    crate::member!(IndexOf(element: Object) => "The position (from 1) of the first element equal to x, or 0 when there is none.", "[*, ^, *].IndexOf(^)", |_, s, this, args| {
        let pos = the_list(s, this)?.index_of(&args[0]);
        Ok(Value::int(pos.map_or(0, |p| p + 1)))
    }),
    // CGSuite's `Sublist(i, j)` stops at the end of the list (`[1].Sublist(1,2)` is `[1]`, CGSuite 2.2).
    crate::member!(Sublist(first: Integer, last: Integer) => "The elements from position i to position j inclusive, clamped to the list.", "[1, 2, 3, 4, 5].Sublist(2, 4)", |_, s, this, args| {
        // CGSuite's slice: positions `from..=to` clamped to the list, empty when they do not meet
        // (CGSuite 2.2: `[1,2,3].Sublist(0,2)` is `[1,2]`, `[1].Sublist(2,3)` and `[1,2,3].Sublist(3,2)` are `[]`).
        let l = the_list(s, this)?;
        let bound = |i: usize| -> Result<i64, EvalError> {
            let n = integer(s, args, i)?;
            Ok(num_traits::ToPrimitive::to_i64(&*n).unwrap_or(if num_traits::Signed::is_negative(&*n) {
                i64::MIN
            } else {
                i64::MAX
            }))
        };
        let len = i64::try_from(l.len()).unwrap_or(i64::MAX);
        let (from, to) = (bound(0)?.saturating_sub(1).clamp(0, len), bound(1)?.clamp(0, len));
        let (from, to) = (from as usize, to as usize);
        Ok(Value::List(if from < to { l.clone().slice(from..to).into() } else { imbl::Vector::new().into() }))
    }),
    // The elements without repeats, first occurrences in order (CGSuite 2.2: `[2,2,-1,5].Distinct` is
    // `[2,-1,5]`).
    crate::member!(Distinct => "The elements without repeats, each at its first occurrence.", "[2, 2, -1, 5, -1].Distinct", |_, s, this, _| {
        let l = the_list(s, this)?;
        let mut seen = std::collections::BTreeSet::new();
        Ok(Value::List(l.iter().filter(|v| seen.insert((*v).clone())).cloned().collect()))
    }),
    crate::member!(Sum => "The sum of the elements (an error for an empty list).", "[1, ^, *].Sum", |m, s, this, _| sum_values(m, s, the_list(s, this)?.iter().cloned().collect())),
    crate::member!(Max => "The greatest element (an error for an empty list or incomparable elements).", "[1/2, 3, -1].Max", |m, s, this, _| nonempty_extreme(m, s, this, Ordering::Greater)),
    crate::member!(Min => "The least element.", "[1/2, 3, -1].Min", |m, s, this, _| nonempty_extreme(m, s, this, Ordering::Less)),
    crate::member!(ToList => "The list itself.", "[1, 2].ToList", |_, _, this, _| Ok(this.clone())),
    crate::member!(ToSet => "The set of the elements (repeats merged).", "[2, 1, 2].ToSet", |_, s, this, _| Ok(set_value(the_list(s, this)?.iter().cloned()))),
    crate::member!(Exists(predicate: Function) => "Whether f(x) is true for some element x.", "[1, 2, 3].Exists(n -> n > 2)", exists),
    crate::member!(ForAll(predicate: Function) => "Whether f(x) is true for every element x.", "[1, 2, 3].ForAll(n -> n > 2)", for_all),
    crate::member!(Find(predicate: Function) => "The first element x for which f(x) is true, or nil when there is none.", "[1, 2, 3].Find(n -> n > 1)", find),
    crate::member!(ForEach(fn: Function) => "Calls f(x) on each element in turn, for its effect (the result is nil).", "[1, 2].ForEach(n -> Print(n * n))", for_each),
    crate::member!(Mex => "The least non-negative integer that is not an element.", "[0, 1, 3].Mex", mex),
    crate::member!(Take(n: Integer) => "The first n elements (all of them when there are fewer).", "[5, 6, 7, 8].Take(2)", |m, s, this, args| Ok(list(take(m, s, this, args)?))),
    crate::member!(Flattened => "The elements with each list or set element replaced by its elements (one level).", "[1, [2, 3], [[4]]].Flattened", |m, s, this, _| Ok(list(flattened(m, s, this)?))),
    // `Grouped(n)`: consecutive runs of `n` elements, the last one shorter if need be.
    crate::member!(Grouped(n: Integer) => "The elements in consecutive runs of n, the last run shorter if need be.", "[1, 2, 3, 4, 5].Grouped(2)", |_, s, this, args| {
        let n = super::count(s, args, 0)? as usize;
        if n == 0 {
            return Err(s.wrong_type(0, "positive Integer", &args[0]));
        }
        let v: Vec<Value> = the_list(s, this)?.iter().cloned().collect();
        Ok(list(v.chunks(n).map(|c| list(c.iter().cloned()))))
    }),
];

/// Members of `Set`.
pub static SET: &[Member] = crate::member_table![
    crate::member!(Size => "The number of elements.", "{1, 2, 2}.Size", |_, s, this, _| Ok(Value::int(the_set(s, this)?.len()))),
    crate::member!(Length => "The number of elements (the same as `Size`). Not in CGSuite.", "{*, ^}.Length", |_, s, this, _| Ok(Value::int(the_set(s, this)?.len()))),
    crate::member!(IsEmpty => "Whether the set has no elements.", "{}.IsEmpty", |_, s, this, _| Ok(boolean(the_set(s, this)?.is_empty()))),
    crate::member!(Contains(element: Object) => "Whether x is an element of the set.", "{1, ^}.Contains(^)", |_, s, this, args| Ok(boolean(the_set(s, this)?.contains(&args[0])))),
    crate::member!(Union(that: Collection) => "The elements in either set.", "{1, 2}.Union({2, 3})", |m, s, this, args| {
        // Scala's `++`: the elements of `that` inserted in turn (CGSuite 2.2: `({3,2} Union {0,-5,3}).ToList` is
        // `[3,2,0,-5]`).
        let (set, order) = the_set_order(s, this)?;
        let (set, order) = set_insert(set.clone(), order, elements(m, s, args, 0)?);
        Ok(Value::Set(set, order))
    }),
    crate::member!(Intersection(that: Set) => "The elements in both sets.", "{1, 2}.Intersection({2, 3})", |m, s, this, args| {
        // Scala's `filter(that.contains)` on this set (CGSuite 2.2: `({9,2,1,3} Intersection {1,2,3}).ToList` is
        // `[2,1,3]`).
        let other: OrdSet<Value> = elements(m, s, args, 0)?.into_iter().collect();
        let (set, order) = the_set_order(s, this)?;
        let kept = set_items(m.games, set, order).into_iter().filter(|x| other.contains(x));
        Ok(set_derived(order, kept))
    }),
    member("Difference", 1, |m, s, this, args| {
        let other: OrdSet<Value> = elements(m, s, args, 0)?.into_iter().collect();
        let (set, order) = the_set_order(s, this)?;
        let kept = set_items(m.games, set, order).into_iter().filter(|x| !other.contains(x));
        Ok(set_derived(order, kept))
    })
    .doc("(s)", "The elements of the set that are not in s. Not in CGSuite.", "{1, 2, 3}.Difference({2})"),
    member("Adjoin", 1, |_, s, this, args| {
        let (set, order) = the_set_order(s, this)?;
        let (set, order) = set_insert(set.clone(), order, [args[0].clone()]);
        Ok(Value::Set(set, order))
    })
    .params(&[&[Param::required("element", "Object")], &[Param::required("that", "CoordinateRuleset")]])
    .doc("", "The set with x added.", "{1, 2}.Adjoin(*)"),
    member("Remove", 1, |m, s, this, args| {
        let (set, order) = the_set_order(s, this)?;
        if !order.is_small() {
            return Ok(Value::Set(set.without(&args[0]), SmallOrder::HASHED));
        }
        Ok(set_derived(order, set_items(m.games, set, order).into_iter().filter(|x| *x != args[0])))
    })
    .params(&[&[Param::required("element", "Object")], &[Param::required("key", "Object")]])
    .doc("", "The set without x. Not in CGSuite.", "{1, 2, 3}.Remove(2)"),
    member("Map", 1, |m, s, this, args| {
        let (set, order) = the_set_order(s, this)?;
        let v = set_items(m.games, set, order);
        Ok(set_derived(order, map_with(m, s, v, args)?))
    })
    .doc("(f)", "The set of f(x) for each element x. Not in CGSuite.", "{1, 2, -1}.Map(n -> n * n)"),
    crate::member!(Filter(predicate: Function) => "The set of elements x for which f(x) is true.", "{1, 2, 3, 4}.Filter(n -> n % 2 == 0)", |m, s, this, args| {
        let (set, order) = the_set_order(s, this)?;
        let v = set_items(m.games, set, order);
        Ok(set_derived(order, filter_with(m, s, v, args)?))
    }),
    crate::member!(Sum => "The sum of the elements (an error for an empty set).", "{1, ^, *}.Sum", |m, s, this, _| {
        let v = items(m, s, this)?;
        sum_values(m, s, v)
    }),
    crate::member!(Max => "The greatest element (an error for an empty set or incomparable elements).", "{1/2, 3, -1}.Max", |m, s, this, _| nonempty_extreme(m, s, this, Ordering::Greater)),
    crate::member!(Min => "The least element.", "{1/2, 3, -1}.Min", |m, s, this, _| nonempty_extreme(m, s, this, Ordering::Less)),
    crate::member!(Sorted => "The elements as a list, in the order the set prints them. Not in CGSuite.", "{3, 1, 2}.Sorted", |m, s, this, _| Ok(list(set_in_display_order(m.games, the_set(s, this)?)))),
    crate::member!(ToList => "The elements as a list, in the order the set iterates in (the order of insertion for at most four elements, else the printed order).", "{^, 0, *}.ToList", |m, s, this, _| Ok(list(items(m, s, this)?))),
    crate::member!(ToSet => "The set itself.", "{1, 2}.ToSet", |_, _, this, _| Ok(this.clone())),
    // `Head` is the first element the set iterates over (LANGUAGE.md §10, "Sets and maps: iteration order").
    crate::member!(Head => "The first element in iteration order (an error for an empty set).", "{3, 1, 2}.Head", |m, s, this, _| {
        items(m, s, this)?.into_iter().next().ok_or_else(|| empty(s))
    }),
    crate::member!(Tail => "The set without its first element in iteration order.", "{3, 1, 2}.Tail", |m, s, this, _| {
        let (set, order) = the_set_order(s, this)?;
        let v = set_items(m.games, set, order);
        if v.is_empty() {
            return Err(empty(s));
        }
        Ok(set_derived(order, v.into_iter().skip(1)))
    }),
    crate::member!(Apply(fn: Function) => "The set of f(x) for each element x (the same as `Map`).", "{1, 2}.Apply(n -> *n)", |m, s, this, args| {
        let (set, order) = the_set_order(s, this)?;
        let v = set_items(m.games, set, order);
        Ok(set_derived(order, map_with(m, s, v, args)?))
    }),
    crate::member!(Count(predicate: Function) => "The number of elements x for which f(x) is true.", "{1, 2, 3}.Count(n -> n > 1)", |m, s, this, args| {
        let v = items(m, s, this)?;
        Ok(Value::int(filter_with(m, s, v, args)?.len()))
    }),
    member("Concat", 1, |m, s, this, args| {
        let (set, order) = the_set_order(s, this)?;
        let (set, order) = set_insert(set.clone(), order, elements(m, s, args, 0)?);
        Ok(Value::Set(set, order))
    })
    .params(&[&[Param::required("elements", "Collection")]])
    .doc("", "The union of the set and the elements of the collection s.", "{1, 2}.Concat([2, 3])"),
    // `Replaced(map)`: the keys of `map` removed, its values added.
    crate::member!(Replaced(replacements: Map) => "The set with each key of `map` that is an element replaced by its value.", "{1, 2, 3}.Replaced({2 => *})", |m, s, this, args| {
        let Value::Map(map, map_order) = &args[0] else {
            return Err(s.wrong_type(0, "Map", &args[0]));
        };
        // The keys removed, then the values inserted in the map's order.
        let (set, order) = the_set_order(s, this)?;
        let kept = set_items(m.games, set, order).into_iter().filter(|x| !map.contains_key(x));
        let Value::Set(kept, kept_order) = set_derived(order, kept) else { return Err(s.bug()) };
        let values = map_items(m.games, map, *map_order).into_iter().map(|(_, v)| v);
        let (set, order) = set_insert(kept, kept_order, values);
        Ok(Value::Set(set, order))
    }),
    crate::member!(Exists(predicate: Function) => "Whether f(x) is true for some element x.", "{1, 2, 3}.Exists(n -> n > 2)", exists),
    crate::member!(ForAll(predicate: Function) => "Whether f(x) is true for every element x.", "{1, 2, 3}.ForAll(n -> n > 0)", for_all),
    crate::member!(Find(predicate: Function) => "The first element in printed order for which f(x) is true, or nil.", "{1, 2, 3}.Find(n -> n > 1)", find),
    crate::member!(ForEach(fn: Function) => "Calls f(x) on each element in printed order, for its effect (the result is nil).", "{1, 2}.ForEach(n -> Print(*n))", for_each),
    crate::member!(Mex => "The least non-negative integer that is not an element.", "{0, 1, 2, 4}.Mex", mex),
    crate::member!(Take(n: Integer) => "The first n elements in iteration order, as a set. Not in CGSuite.", "{5, 6, 7, 8}.Take(2)", |m, s, this, args| Ok(set_derived(the_set_order(s, this)?.1, take(m, s, this, args)?))),
    crate::member!(Flattened => "The elements with each list or set element replaced by its elements (one level).", "{1, {2, 3}, [4]}.Flattened", |m, s, this, _| Ok(set_derived(the_set_order(s, this)?.1, flattened(m, s, this)?))),
];

/// Members of `Map`.
pub static MAP: &[Member] = crate::member_table![
    crate::member!(Size => "The number of entries.", "{1 => ^, 2 => *}.Size", |_, s, this, _| Ok(Value::int(the_map(s, this)?.len()))),
    crate::member!(IsEmpty => "Whether the map has no entries.", "{=>}.IsEmpty", |_, s, this, _| Ok(boolean(the_map(s, this)?.is_empty()))),
    crate::member!(Keys => "The set of keys.", "{1 => ^, 2 => *}.Keys", |m, s, this, _| {
        let (map, order) = the_map_order(s, this)?;
        Ok(set_derived(order, map_items(m.games, map, order).into_iter().map(|(k, _)| k)))
    }),
    // `Values` and `Entries` are sets, as in CGSuite (`map.values.toSet`, `map.toSet`); an entry is a
    // `MapEntry`, printed `k => v`, with members `Key` and `Value`.
    crate::member!(Values => "The set of values.", "{1 => ^, 2 => *}.Values", |m, s, this, _| {
        let (map, order) = the_map_order(s, this)?;
        Ok(set_derived(order, map_items(m.games, map, order).into_iter().map(|(_, v)| v)))
    }),
    crate::member!(Entries => "The set of entries `k => v` (each a `MapEntry`).", "{1 => ^, 2 => *}.Entries", |m, s, this, _| {
        let (map, order) = the_map_order(s, this)?;
        let entries = map_items(m.games, map, order).into_iter().map(|(k, v)| MapEntry::value(k, v));
        Ok(set_derived(order, entries))
    }),
    crate::member!(Contains(element: Object) => "Whether k is a key of the map. Not in CGSuite.", "{1 => ^}.Contains(1)", |_, s, this, args| Ok(boolean(the_map(s, this)?.contains_key(&args[0])))),
    crate::member!(ContainsKey(key: Object) => "Whether k is a key of the map (the same as `Contains`).", "{1 => ^}.ContainsKey(2)", |_, s, this, args| Ok(boolean(the_map(s, this)?.contains_key(&args[0])))),
    member("Get", 1, |_, s, this, args| Ok(the_map(s, this)?.get(&args[0]).cloned().unwrap_or(Value::Nothing))).doc(
        "(k)",
        "The value of key k, or nil when k is not a key. Not in CGSuite.",
        "{1 => ^, 2 => *}.Get(2)",
    ),
    // `Updated(k, v)`, or `Updated(map)` with every entry of `map` (CGSuite 2.2: `{1 => 2}.Updated({3 => 4, 1 => 5})`
    // is `{1 => 5, 3 => 4}`).
    Member {
        name: "Updated",
        params: &[
            &[Param::required("key", "Object"), Param::required("value", "Object")],
            &[Param::required("newValues", "Map")]
        ],
        arity: crate::interp::error::Arity::Range(1, 2),
        f: |m, s, this, args| {
            // Scala's `updated` / `++`: an updated key keeps its place (CGSuite 2.2:
            // `{3 => 2, 1 => 4}.Updated({0 => 4, 3 => 5}).ToList` is `[3 => 5,1 => 4,0 => 4]`).
            let (map, order) = the_map_order(s, this)?;
            match args {
                [k, v] => {
                    let (map, order) = map_update(map.clone(), order, [(k.clone(), v.clone())]);
                    Ok(Value::Map(map, order))
                }
                [Value::Map(new, new_order)] => {
                    let entries = map_items(m.games, new, *new_order);
                    let (map, order) = map_update(map.clone(), order, entries);
                    Ok(Value::Map(map, order))
                }
                _ => Err(s.wrong_type(0, "Map", &args[0])),
            }
        },
        doc: super::Doc::NONE,
    }
    .doc(
        "(k, v) or (map)",
        "A copy of the map with key k set to v, or with every entry of `map` set.",
        "{1 => ^}.Updated(2, *)",
    ),
    member("Remove", 1, |m, s, this, args| {
        let (map, order) = the_map_order(s, this)?;
        if !order.is_small() {
            return Ok(Value::Map(map.without(&args[0]), SmallOrder::HASHED));
        }
        let kept = map_items(m.games, map, order).into_iter().filter(|(k, _)| *k != args[0]);
        Ok(crate::interp::order::map_derived(order, kept))
    })
    .params(&[&[Param::required("element", "Object")], &[Param::required("key", "Object")]])
    .doc("", "A copy of the map without key k. Not in CGSuite.", "{1 => ^, 2 => *}.Remove(1)"),
];

/// An entry of a map, as `Map.Entries` lists them (CGSuite's `cgsuite.lang.MapEntry`).
#[derive(Debug)]
pub struct MapEntry(pub Value, pub Value);

impl MapEntry {
    /// The entry `k => v`.
    pub fn value(k: Value, v: Value) -> Value {
        Value::Object(Rc::new(MapEntry(k, v)))
    }
}

impl crate::interp::object::Object for MapEntry {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        t.value(&self.0) && t.value(&self.1)
    }
    fn type_name(&self) -> &'static str {
        "MapEntry"
    }
    fn display(&self, games: &mut crate::game::Games) -> String {
        format!("{} => {}", self.0.display(games), self.1.display(games))
    }
    fn cmp_object(&self, other: &dyn crate::interp::object::Object) -> Option<std::cmp::Ordering> {
        let o = crate::interp::object::downcast_ref::<MapEntry>(other)?;
        Some(self.0.cmp(&o.0).then_with(|| self.1.cmp(&o.1)))
    }
    fn members(&self) -> &'static [Member] {
        MAP_ENTRY
    }
}

fn the_entry<'v>(s: &Site, this: &'v Value) -> Result<&'v MapEntry, EvalError> {
    match this {
        Value::Object(o) => crate::interp::object::downcast_ref::<MapEntry>(&**o).ok_or_else(|| s.bug()),
        _ => Err(s.bug()),
    }
}

/// Members of `MapEntry`.
pub static MAP_ENTRY: &[Member] = crate::member_table![
    crate::member!(Key => "The key of the entry.", "{1 => ^}.Entries.Head.Key", |_, s, this, _| Ok(the_entry(s, this)?.0.clone())),
    crate::member!(Value => "The value of the entry.", "{1 => ^}.Entries.Head.Value", |_, s, this, _| Ok(the_entry(s, this)?.1.clone())),
];

/// Members of `Tuple`.
pub static TUPLE: &[Member] = crate::member_table![
    crate::member!(Length => "The number of components. Not in CGSuite.", "(1, 2, 3).Length", |_, s, this, _| Ok(Value::int(the_tuple(s, this)?.len()))),
    crate::member!(Size => "The number of components (the same as `Length`). Not in CGSuite.", "(1, 2).Size", |_, s, this, _| Ok(Value::int(the_tuple(s, this)?.len()))),
    crate::member!(ToList => "The components as a list. Not in CGSuite.", "(1, ^, 3).ToList", |_, s, this, _| Ok(list(the_tuple(s, this)?.iter().cloned()))),
];

fn the_list<'v>(s: &Site, this: &'v Value) -> Result<&'v Vector<Value>, EvalError> {
    match this {
        Value::List(l) => Ok(l),
        _ => Err(s.bug()),
    }
}

fn the_set<'v>(s: &Site, this: &'v Value) -> Result<&'v OrdSet<Value>, EvalError> {
    match this {
        Value::Set(x, _) => Ok(x),
        _ => Err(s.bug()),
    }
}

fn the_map<'v>(s: &Site, this: &'v Value) -> Result<&'v OrdMap<Value, Value>, EvalError> {
    match this {
        Value::Map(x, _) => Ok(x),
        _ => Err(s.bug()),
    }
}

fn the_set_order<'v>(s: &Site, this: &'v Value) -> Result<(&'v OrdSet<Value>, SmallOrder), EvalError> {
    match this {
        Value::Set(x, o) => Ok((x, *o)),
        _ => Err(s.bug()),
    }
}

fn the_map_order<'v>(s: &Site, this: &'v Value) -> Result<(&'v OrdMap<Value, Value>, SmallOrder), EvalError> {
    match this {
        Value::Map(x, o) => Ok((x, *o)),
        _ => Err(s.bug()),
    }
}

fn the_tuple<'v>(s: &Site, this: &'v Value) -> Result<&'v [Value], EvalError> {
    match this {
        Value::Tuple(x) => Ok(x),
        _ => Err(s.bug()),
    }
}

/// `Sublist(i, j)` / `Substring(i, j)`: 1-based, inclusive, as a 0-based half-open range.
pub fn range(s: &Site, args: &[Value], len: usize) -> Result<(usize, usize), EvalError> {
    let i = super::integer(s, args, 0)?;
    let j = super::integer(s, args, 1)?;
    let out = |k: usize, v: &num_bigint::BigInt| s.arg_err(k, ErrorKind::IndexOutOfBounds { index: v.to_string() });
    use num_traits::ToPrimitive;
    let a = i.to_usize().filter(|&a| a >= 1 && a <= len + 1).ok_or_else(|| out(0, &i))?;
    let b = j.to_usize().filter(|&b| b + 1 >= a && b <= len).ok_or_else(|| out(1, &j))?;
    Ok((a - 1, b))
}

fn nonempty_extreme(m: &mut Machine, s: &Site, this: &Value, want: Ordering) -> Result<Value, EvalError> {
    let items = m.elements(this).unwrap_or_default();
    if items.is_empty() {
        return Err(empty(s));
    }
    Ok(extreme(m, items, want))
}

/// CGSuite's error for `Head`, `Tail`, `Max`, `Min` of an empty collection.
fn empty(s: &Site) -> EvalError {
    s.err(ErrorKind::InvalidArgument { message: "That `Collection` is empty.".into() })
}

/// The elements of the list or set `this` (sets in display order).
fn items(m: &mut Machine, s: &Site, this: &Value) -> Result<Vec<Value>, EvalError> {
    m.elements(this).ok_or_else(|| s.bug())
}

/// Whether `f(v)` holds (`f` must return a Boolean).
fn holds(m: &mut Machine, s: &Site, f: &Rc<Function>, v: Value) -> Result<bool, EvalError> {
    match call1(m, s, f, v)? {
        Value::Boolean(b) => Ok(b),
        other => Err(s.err(ErrorKind::NotBoolean { ty: crate::interp::classes::qualified_class_of(m.games, &other) })),
    }
}

/// `Exists(p)`: some element satisfies `p` (stops at the first).
fn exists(m: &mut Machine, s: &Site, this: &Value, args: &[Value]) -> Result<Value, EvalError> {
    let f = function_of_arity(s, args, 1)?;
    for v in items(m, s, this)? {
        if holds(m, s, &f, v)? {
            return Ok(boolean(true));
        }
    }
    Ok(boolean(false))
}

/// `ForAll(p)`: every element satisfies `p` (stops at the first that does not).
fn for_all(m: &mut Machine, s: &Site, this: &Value, args: &[Value]) -> Result<Value, EvalError> {
    let f = function_of_arity(s, args, 1)?;
    for v in items(m, s, this)? {
        if !holds(m, s, &f, v)? {
            return Ok(boolean(false));
        }
    }
    Ok(boolean(true))
}

/// `Find(p)`: the first element satisfying `p`, or `Nothing`.
fn find(m: &mut Machine, s: &Site, this: &Value, args: &[Value]) -> Result<Value, EvalError> {
    let f = function_of_arity(s, args, 1)?;
    for v in items(m, s, this)? {
        if holds(m, s, &f, v.clone())? {
            return Ok(v);
        }
    }
    Ok(Value::Nothing)
}

/// `ForEach(f)`: calls `f` on each element for its effect; `Nothing`.
fn for_each(m: &mut Machine, s: &Site, this: &Value, args: &[Value]) -> Result<Value, EvalError> {
    let f = function_of_arity(s, args, 1)?;
    for v in items(m, s, this)? {
        call1(m, s, &f, v)?;
    }
    Ok(Value::Nothing)
}

/// `Mex`: the least non-negative integer not among the elements (as the global `Mex`).
/// `l.Mex`: the least non-negative integer that is not an element, as CGSuite computes it — elements that
/// are not integers (`*`, `1/2`) are simply not integers (`[*,0,2,5].Mex` is 1, `[1/2].Mex` is 0).
fn mex(m: &mut Machine, s: &Site, this: &Value, _: &[Value]) -> Result<Value, EvalError> {
    let mut seen: Vec<u64> = items(m, s, this)?
        .iter()
        .filter_map(|v| match v {
            Value::Integer(n) => num_traits::ToPrimitive::to_u64(n),
            _ => None,
        })
        .collect();
    seen.sort_unstable();
    seen.dedup();
    let k = seen.iter().enumerate().find(|&(i, &n)| n != i as u64).map_or(seen.len(), |(i, _)| i);
    Ok(Value::int(k))
}

/// `Take(n)`: the first `n` elements (all of them if there are fewer).
fn take(m: &mut Machine, s: &Site, this: &Value, args: &[Value]) -> Result<Vec<Value>, EvalError> {
    let n = super::count(s, args, 0)? as usize;
    Ok(items(m, s, this)?.into_iter().take(n).collect())
}

/// `Flattened`: the elements, with each list or set element replaced by its elements (one level).
fn flattened(m: &mut Machine, s: &Site, this: &Value) -> Result<Vec<Value>, EvalError> {
    let mut out = Vec::new();
    for v in items(m, s, this)? {
        match &v {
            Value::List(_) | Value::Set(_, _) => out.extend(items(m, s, &v)?),
            _ if super::range::as_range(&v).is_some() => out.extend(items(m, s, &v)?),
            _ => out.push(v),
        }
    }
    Ok(out)
}

/// `f` of a predicate or comparator member: a script function must take `arity` parameters, as CGSuite 2.2
/// checks before the first call (`[].Exists((x, y) -> true)` is an error, not `false`).
pub(crate) fn function_of_arity(s: &Site, args: &[Value], arity: usize) -> Result<Rc<Function>, EvalError> {
    let f = function(s, args, 0)?;
    if let Function::Closure(c) = &*f {
        if c.def.params.len() != arity {
            return Err(s.err(ErrorKind::FunctionArity { expecting: arity, has: c.def.params.len() }));
        }
    }
    Ok(f)
}

fn call1(m: &mut Machine, s: &Site, f: &Rc<Function>, v: Value) -> Result<Value, EvalError> {
    m.call_function(f, &[v], s.span)
}

/// `Map(f)`: `f` applied to each element.
pub fn map_with(m: &mut Machine, s: &Site, items: Vec<Value>, args: &[Value]) -> Result<Vec<Value>, EvalError> {
    let f = function(s, args, 0)?;
    items.into_iter().map(|v| call1(m, s, &f, v)).collect()
}

/// `Filter(f)`: the elements for which `f` is true.
pub fn filter_with(m: &mut Machine, s: &Site, items: Vec<Value>, args: &[Value]) -> Result<Vec<Value>, EvalError> {
    let f = function_of_arity(s, args, 1)?;
    let mut out = Vec::new();
    for v in items {
        match call1(m, s, &f, v.clone())? {
            Value::Boolean(true) => out.push(v),
            Value::Boolean(false) => {}
            other => {
                return Err(
                    s.err(ErrorKind::NotBoolean { ty: crate::interp::classes::qualified_class_of(m.games, &other) })
                )
            }
        }
    }
    Ok(out)
}

/// `Sort(f)`: with a one-parameter `f`, by the key `f(x)`; with two parameters, `f(a, b)` is true when `a`
/// goes before `b`. The sort is stable.
fn sort_with(m: &mut Machine, s: &Site, items: Vec<Value>, args: &[Value]) -> Result<Vec<Value>, EvalError> {
    let f = function(s, args, 0)?;
    let two = match &*f {
        Function::Closure(c) => c.def.params.len() == 2,
        Function::Native(n) => !n.arity.accepts(1),
        Function::Method { .. } => false,
    };
    if !two {
        let mut keyed = Vec::with_capacity(items.len());
        for v in items {
            keyed.push((call1(m, s, &f, v.clone())?, v));
        }
        keyed.sort_by(|a, b| compare_for_display(m.games, &a.0, &b.0));
        return Ok(keyed.into_iter().map(|(_, v)| v).collect());
    }
    merge_sort(m, s, &f, items)
}

fn merge_sort(m: &mut Machine, s: &Site, f: &Rc<Function>, mut v: Vec<Value>) -> Result<Vec<Value>, EvalError> {
    if v.len() <= 1 {
        return Ok(v);
    }
    let right = v.split_off(v.len() / 2);
    let left = merge_sort(m, s, f, v)?;
    let right = merge_sort(m, s, f, right)?;
    let mut out = Vec::with_capacity(left.len() + right.len());
    let (mut i, mut j) = (0, 0);
    while i < left.len() && j < right.len() {
        // take from the right only when it goes strictly before the left (stability)
        let before = match m.call_function(f, &[right[j].clone(), left[i].clone()], s.span)? {
            Value::Boolean(b) => b,
            other => {
                return Err(
                    s.err(ErrorKind::NotBoolean { ty: crate::interp::classes::qualified_class_of(m.games, &other) })
                )
            }
        };
        if before {
            out.push(right[j].clone());
            j += 1;
        } else {
            out.push(left[i].clone());
            i += 1;
        }
    }
    out.extend_from_slice(&left[i..]);
    out.extend_from_slice(&right[j..]);
    Ok(out)
}

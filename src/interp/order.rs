//! The order sets and maps iterate in (docs/LANGUAGE.md §10, "Sets and maps: iteration order"). CGSuite 2.2
//! prints a set sorted but iterates it in Scala's order: a set or map of at most four elements that was built
//! by insertion keeps the order of insertion (Scala's `Set1`..`Set4`, `Map1`..`Map4`; a repeated element keeps
//! its place, a map's updated key too); a larger one, and anything derived from a larger one without
//! insertion (a filter, a removal, a map of it), is a hash set in CGSuite, and cgs iterates those in display
//! order. The order is a [`SmallOrder`] byte beside the set in its `Value`: every function here builds or reads
//! one; printing ignores it (sets print sorted in both systems), and so do equality and comparison.

pub use super::model::parts::SmallOrder;
use super::value::{map_in_display_order, set_in_display_order, Value};
use crate::game::Games;
use imbl::{OrdMap, OrdSet};

/// The most elements a set or map keeps its insertion order for.
pub const SMALL: usize = 4;

impl SmallOrder {
    /// Not small: iterates in display order (CGSuite: hash order).
    pub const HASHED: SmallOrder = SmallOrder(0);
    /// Small with no element yet (`{}`, `{=>}`).
    pub const EMPTY: SmallOrder = SmallOrder(0x80);

    /// Whether the set keeps its insertion order.
    pub fn is_small(self) -> bool {
        self.0 & 0x80 != 0
    }

    /// The positions in sorted order of the elements of an `n`-element small set, in insertion order; `None`
    /// when the byte does not describe `n` elements (it never happens: every change of a set sets its order).
    fn ranks(self, n: usize) -> Option<[usize; SMALL]> {
        if n > SMALL {
            return None;
        }
        let b = self.0 as usize;
        let (r0, r1, r2) = (b & 3, (b >> 2) & 3, (b >> 4) & 3);
        // The fourth is the one position of 0..4 not taken: 0 + 1 + 2 + 3 = 6.
        let r3 = if n == SMALL { 6usize.checked_sub(r0 + r1 + r2)? } else { 0 };
        let ranks = [r0, r1, r2, r3];
        let mut seen = 0u8;
        for &r in &ranks[..n.min(SMALL)] {
            if r >= n || seen & (1 << r) != 0 {
                return None;
            }
            seen |= 1 << r;
        }
        Some(ranks)
    }

    /// The order of `seq` (every element once, at most four) among the sorted elements `sorted`.
    fn of<'a, T: Ord + 'a>(sorted: impl Iterator<Item = &'a T>, seq: &[&T]) -> SmallOrder {
        let sorted: Vec<&T> = sorted.collect();
        let mut b = 0x80u8;
        for (i, x) in seq.iter().take(3).enumerate() {
            let r = sorted.iter().position(|y| y == x).unwrap_or(0);
            b |= (r as u8) << (2 * i);
        }
        SmallOrder(b)
    }
}

/// The elements of a set in the order it iterates in.
pub fn set_items(games: &mut Games, set: &OrdSet<Value>, order: SmallOrder) -> Vec<Value> {
    let ranks = match order.ranks(set.len()) {
        Some(r) if order.is_small() && set.len() >= 2 => r,
        _ => return set_in_display_order(games, set),
    };
    let sorted: Vec<&Value> = set.iter().collect();
    (0..set.len()).map(|i| sorted[ranks[i]].clone()).collect()
}

/// The entries of a map in the order it iterates in.
pub fn map_items(games: &mut Games, map: &OrdMap<Value, Value>, order: SmallOrder) -> Vec<(Value, Value)> {
    let ranks = match order.ranks(map.len()) {
        Some(r) if order.is_small() && map.len() >= 2 => r,
        _ => return map_in_display_order(games, map),
    };
    let sorted: Vec<(&Value, &Value)> = map.iter().collect();
    (0..map.len()).map(|i| (sorted[ranks[i]].0.clone(), sorted[ranks[i]].1.clone())).collect()
}

/// Four `Nothing`s: the empty insertion order.
fn blank() -> [Value; SMALL] {
    [Value::Nothing, Value::Nothing, Value::Nothing, Value::Nothing]
}

/// A set under construction by insertion, as Scala's `+` builds one: an element already there keeps its
/// place, a new one goes last while the set has at most four elements; a fifth makes it a hash set for good.
pub struct SetBuilder {
    set: OrdSet<Value>,
    /// The first elements in insertion order (while `small`).
    seq: [Value; SMALL],
    len: usize,
    small: bool,
}

impl Default for SetBuilder {
    fn default() -> Self {
        SetBuilder::new()
    }
}

impl SetBuilder {
    /// `{}`.
    pub fn new() -> SetBuilder {
        SetBuilder { set: OrdSet::new(), seq: blank(), len: 0, small: true }
    }

    /// The set `set`, whose order is `order`, to insert into.
    pub fn from(set: OrdSet<Value>, order: SmallOrder) -> SetBuilder {
        let ranks = order.ranks(set.len()).filter(|_| order.is_small() && set.len() <= SMALL);
        let mut b = SetBuilder { set: OrdSet::new(), seq: blank(), len: 0, small: ranks.is_some() };
        if let Some(ranks) = ranks {
            let sorted: Vec<&Value> = set.iter().collect();
            for (i, &r) in ranks.iter().enumerate().take(set.len()) {
                b.seq[i] = sorted[r].clone();
            }
            b.len = set.len();
        }
        b.set = set;
        b
    }

    /// Inserts `x`.
    pub fn push(&mut self, x: Value) {
        if !self.small {
            self.set.insert(x);
        } else if self.set.insert(x.clone()).is_none() {
            if self.len < SMALL {
                self.seq[self.len] = x;
                self.len += 1;
            } else {
                self.small = false;
            }
        }
    }

    /// The set and its order.
    pub fn finish(self) -> (OrdSet<Value>, SmallOrder) {
        let order = if self.small {
            SmallOrder::of(self.set.iter(), &self.seq[..self.len].iter().collect::<Vec<_>>())
        } else {
            SmallOrder::HASHED
        };
        (self.set, order)
    }

    /// The set as a value.
    pub fn value(self) -> Value {
        let (set, order) = self.finish();
        Value::Set(set, order)
    }
}

/// The set `set` (whose order is `order`) with `items` inserted in turn (see [`SetBuilder`]).
pub fn set_insert(
    set: OrdSet<Value>,
    order: SmallOrder,
    items: impl IntoIterator<Item = Value>,
) -> (OrdSet<Value>, SmallOrder) {
    if !order.is_small() {
        let mut set = set;
        set.extend(items);
        return (set, SmallOrder::HASHED);
    }
    let mut b = SetBuilder::from(set, order);
    items.into_iter().for_each(|x| b.push(x));
    b.finish()
}

/// The set built by inserting `items` in turn into `{}` (a literal, a comprehension, `ToSet`, …).
pub fn set_from(items: impl IntoIterator<Item = Value>) -> (OrdSet<Value>, SmallOrder) {
    let mut b = SetBuilder::new();
    items.into_iter().for_each(|x| b.push(x));
    b.finish()
}

/// [`set_from`] as a value.
pub fn set_value(items: impl IntoIterator<Item = Value>) -> Value {
    let (set, order) = set_from(items);
    Value::Set(set, order)
}

/// A set derived from one whose order is `order` (a filter, a removal, the image under a function, the tail):
/// `items` in the order they were met. Scala builds a new small set from them when the source is small; from
/// a hash set it keeps a hash set (or builds from the hash order, which cgs does not know): display order.
pub fn set_derived(order: SmallOrder, items: impl IntoIterator<Item = Value>) -> Value {
    if order.is_small() {
        set_value(items)
    } else {
        Value::Set(items.into_iter().collect(), SmallOrder::HASHED)
    }
}

/// A map under construction, as Scala's `updated` builds one: a key already there keeps its place (with the
/// new value), a new key goes last while there are at most four.
pub struct MapBuilder {
    map: OrdMap<Value, Value>,
    seq: [Value; SMALL],
    len: usize,
    small: bool,
}

impl Default for MapBuilder {
    fn default() -> Self {
        MapBuilder::new()
    }
}

impl MapBuilder {
    /// `{=>}`.
    pub fn new() -> MapBuilder {
        MapBuilder { map: OrdMap::new(), seq: blank(), len: 0, small: true }
    }

    /// The map `map`, whose order is `order`, to update.
    pub fn from(map: OrdMap<Value, Value>, order: SmallOrder) -> MapBuilder {
        let ranks = order.ranks(map.len()).filter(|_| order.is_small() && map.len() <= SMALL);
        let mut b = MapBuilder { map: OrdMap::new(), seq: blank(), len: 0, small: ranks.is_some() };
        if let Some(ranks) = ranks {
            let sorted: Vec<&Value> = map.keys().collect();
            for (i, &r) in ranks.iter().enumerate().take(map.len()) {
                b.seq[i] = sorted[r].clone();
            }
            b.len = map.len();
        }
        b.map = map;
        b
    }

    /// Sets key `k` to `v`.
    pub fn push(&mut self, k: Value, v: Value) {
        if !self.small {
            self.map.insert(k, v);
        } else if self.map.insert(k.clone(), v).is_none() {
            if self.len < SMALL {
                self.seq[self.len] = k;
                self.len += 1;
            } else {
                self.small = false;
            }
        }
    }

    /// The map and its order.
    pub fn finish(self) -> (OrdMap<Value, Value>, SmallOrder) {
        let order = if self.small {
            SmallOrder::of(self.map.keys(), &self.seq[..self.len].iter().collect::<Vec<_>>())
        } else {
            SmallOrder::HASHED
        };
        (self.map, order)
    }

    /// The map as a value.
    pub fn value(self) -> Value {
        let (map, order) = self.finish();
        Value::Map(map, order)
    }
}

/// The map `map` (whose order is `order`) with `entries` set in turn (see [`MapBuilder`]).
pub fn map_update(
    map: OrdMap<Value, Value>,
    order: SmallOrder,
    entries: impl IntoIterator<Item = (Value, Value)>,
) -> (OrdMap<Value, Value>, SmallOrder) {
    if !order.is_small() {
        let mut map = map;
        map.extend(entries);
        return (map, SmallOrder::HASHED);
    }
    let mut b = MapBuilder::from(map, order);
    entries.into_iter().for_each(|(k, v)| b.push(k, v));
    b.finish()
}

/// The map built by setting `entries` in turn in `{=>}`.
pub fn map_value(entries: impl IntoIterator<Item = (Value, Value)>) -> Value {
    let mut b = MapBuilder::new();
    entries.into_iter().for_each(|(k, v)| b.push(k, v));
    b.value()
}

/// A map derived from one whose order is `order` (a filter, a removal, the tail): `entries` in the order they
/// were met (see [`set_derived`]).
pub fn map_derived(order: SmallOrder, entries: impl IntoIterator<Item = (Value, Value)>) -> Value {
    if order.is_small() {
        map_value(entries)
    } else {
        Value::Map(entries.into_iter().collect(), SmallOrder::HASHED)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(v: &[i64]) -> Vec<Value> {
        v.iter().map(|&i| Value::int(i)).collect()
    }

    fn order_of(set: &OrdSet<Value>, order: SmallOrder) -> Vec<Value> {
        set_items(&mut Games::new(), set, order)
    }

    // CGSuite 2.2: `{3,-1,-1,0}.ToList` is `[3,-1,0]`; `({3,2,1,4} Adjoin 3).ToList` `[3,2,1,4]`;
    // `({3,2,1,4} Adjoin 0).ToList` `[4,1,3,2,0]` (a hash set: cgs shows display order).
    #[test]
    fn insertion_order_up_to_four() {
        let (s, o) = set_from(ints(&[3, -1, -1, 0]));
        assert_eq!(order_of(&s, o), ints(&[3, -1, 0]));
        let (s, o) = set_from(ints(&[3, 2, 1, 4]));
        assert_eq!(order_of(&s, o), ints(&[3, 2, 1, 4]));
        let (s2, o2) = set_insert(s.clone(), o, ints(&[3]));
        assert_eq!(order_of(&s2, o2), ints(&[3, 2, 1, 4]));
        let (s3, o3) = set_insert(s, o, ints(&[0]));
        assert!(!o3.is_small());
        assert_eq!(order_of(&s3, o3), ints(&[0, 1, 2, 3, 4]));
    }

    // CGSuite 2.2: `{3 => 2, 1 => 4}.Updated(3, 9).ToList` is `[3 => 9,1 => 4]`, `.Updated(0, 9)`
    // `[3 => 2,1 => 4,0 => 9]`.
    #[test]
    fn map_keeps_updated_key_in_place() {
        let (m, o) = map_update(
            OrdMap::new(),
            SmallOrder::EMPTY,
            [(Value::int(3), Value::int(2)), (Value::int(1), Value::int(4))],
        );
        let (m1, o1) = map_update(m.clone(), o, [(Value::int(3), Value::int(9))]);
        let keys: Vec<Value> = map_items(&mut Games::new(), &m1, o1).into_iter().map(|e| e.0).collect();
        assert_eq!(keys, ints(&[3, 1]));
        let (m2, o2) = map_update(m, o, [(Value::int(0), Value::int(9))]);
        let keys: Vec<Value> = map_items(&mut Games::new(), &m2, o2).into_iter().map(|e| e.0).collect();
        assert_eq!(keys, ints(&[3, 1, 0]));
    }
}

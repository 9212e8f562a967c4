//! The interned table of large dyadic values behind [`Dyadic`](super::Dyadic)'s large form.
//!
//! A dyadic rational too large for the small form (an `i64` numerator over `2^k`, `k <= 62`) is stored
//! here once, as a [`BigRational`], and the `Dyadic` holds its index: the value stays `Copy`, equal values
//! have equal indices (so derived `Eq`/`Hash` remain value equality) and the small form never meets a
//! lock. Entries are never freed: a session keeps every large number it has computed with (each one is
//! a few machine words per 64 bits of magnitude), which is the price of a `Copy` number type.

use num_rational::BigRational;
use rustc_hash::FxHashMap;
use std::sync::{Mutex, OnceLock};

#[derive(Default)]
struct Table {
    values: Vec<&'static BigRational>,
    index: FxHashMap<&'static BigRational, u32>,
}

fn table() -> &'static Mutex<Table> {
    static TABLE: OnceLock<Mutex<Table>> = OnceLock::new();
    TABLE.get_or_init(|| Mutex::new(Table::default()))
}

/// The index of `r`, interning it on first sight.
pub(crate) fn intern(r: BigRational) -> u32 {
    let mut t = table().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&i) = t.index.get(&r) {
        return i;
    }
    let i = u32::try_from(t.values.len()).expect("more than 2^32 distinct large numbers");
    let v: &'static BigRational = Box::leak(Box::new(r));
    t.values.push(v);
    t.index.insert(v, i);
    i
}

/// The value at index `i` (an index handed out by [`intern`]).
pub(crate) fn get(i: u32) -> &'static BigRational {
    table().lock().unwrap_or_else(|e| e.into_inner()).values[i as usize]
}

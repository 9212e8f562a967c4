//! [`Drain`] against imbl's own walk, and loops over fresh lists (drained) against the same loops over lists
//! held in a variable (listed), which walk a copy.

use super::*;
use crate::interp::tests::outputs;
use std::rc::Rc;

/// `n` distinct values (integers and strings, so that some hold an `Rc`).
fn values(n: usize) -> Vec<Value> {
    (0..n).map(|i| if i % 3 == 0 { Value::str(&format!("s{i}")) } else { Value::int(i as i64) }).collect()
}

#[test]
fn drain_gives_the_elements_in_order() {
    for n in [0, 1, 2, 3, 4, 63, 64, 65, 129, 1000] {
        let v: Vector<Value> = values(n).into_iter().collect();
        let old: Vec<Value> = v.iter().cloned().collect();
        let mut d = Drain::new(v);
        assert_eq!(d.len(), n);
        let mut got = Vec::new();
        while let Some(x) = d.next() {
            got.push(x);
            assert_eq!(d.len(), n - got.len());
        }
        assert!(got.iter().eq(old.iter()), "{n} elements");
        assert!(d.next().is_none());
    }
}

#[test]
fn a_walk_left_early_drops_the_rest() {
    let s: Rc<str> = Rc::from("held");
    let v: Vector<Value> = (0..10).map(|_| Value::String(s.clone())).collect();
    assert_eq!(Rc::strong_count(&s), 11);
    let mut d = Items::Drained(Drain::new(v));
    let first = d.next();
    assert!(matches!(&first, Some(Value::String(x)) if Rc::ptr_eq(x, &s)));
    drop(first);
    assert_eq!(Rc::strong_count(&s), 10);
    drop(d);
    assert_eq!(Rc::strong_count(&s), 1);
}

#[test]
fn draining_a_shared_chunk_leaves_the_other_owner_alone() {
    let v: Vector<Value> = values(70).into_iter().collect();
    let kept = v.clone();
    assert_eq!(Drain::new(v).count(), 70);
    assert!(kept.iter().eq(values(70).iter()));
    let listed = Items::Listed(values(5).into_iter());
    assert_eq!(listed.size_hint(), (5, Some(5)));
    assert!(listed.eq(values(5)));
}

/// The printed list `[f(1),…,f(n)]`.
fn printed(n: i64, f: impl Fn(i64) -> String) -> String {
    format!("[{}]", (1..=n).map(f).collect::<Vec<_>>().join(","))
}

#[test]
fn loops_over_fresh_lists_equal_loops_over_held_ones() {
    for n in [0, 1, 2, 3, 63, 64, 65, 1000] {
        let src = format!(
            "def Fresh(n) := [k for k from 1 to n];\n\
             [x * 2 for x in Fresh({n})]\n\
             L := Fresh({n}); [x * 2 for x in L]\n\
             L\n\
             s := 0; for x in Fresh({n}) do s := s + x end; s\n\
             [y for y in [x for x in Fresh({n})] where y % 2 == 1]"
        );
        let out = outputs(&src);
        let doubled = printed(n, |k| (2 * k).to_string());
        let odd = format!("[{}]", (1..=n).filter(|k| k % 2 == 1).map(|k| k.to_string()).collect::<Vec<_>>().join(","));
        let sum = (n * (n + 1) / 2).to_string();
        assert_eq!(out, [doubled.clone(), doubled, printed(n, |k| k.to_string()), sum, odd], "{n} elements");
    }
}

#[test]
fn break_and_while_leave_a_fresh_list() {
    let out = outputs(
        "def Fresh(n) := [k for k from 1 to n];\n\
         s := 0; for x in Fresh(100) do if x == 4 then break end; s := s + x end; s\n\
         [x for x in Fresh(100) while x < 4]\n\
         [x * y for x in Fresh(3) for y in Fresh(x)]\n\
         t := 0; for x in Fresh(70) do for y in Fresh(x) do if y > 2 then break end; t := t + y end end; t",
    );
    // 1 + 2 + 3; the products x * y for y <= x <= 3; for x = 1 one term, for every other x 1 + 2 (139 + 1 = 208).
    assert_eq!(out, ["6", "[1,2,3]", "[1,2,4,3,6,9]", "208"]);
}

#[test]
fn sets_and_maps_from_fresh_lists() {
    let out = outputs(
        "def Fresh(n) := [k for k from 1 to n];\n\
         {x % 3 for x in Fresh(10)}\n\
         {x => x * x for x in Fresh(4)}\n\
         {x for x in Fresh(0)}\n\
         [x for x in {3, 1, 2}]",
    );
    // A set is walked in its iteration order (as the start binary walks it).
    assert_eq!(out, ["{0,1,2}", "{1 => 1, 2 => 4, 3 => 9, 4 => 16}", "{}", "[3,1,2]"]);
}

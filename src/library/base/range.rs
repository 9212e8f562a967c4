//! CGSuite's `Range` (`cgsuite.lang.Range`, a `List`): the integers `a, a + step, …` of `a..b..step`, kept as
//! its three numbers and never materialised unless a list member needs the elements.
//!
//! Semantics follow CGSuite 2.2, whose `Range` is Scala's `NumericRange`: `a..b` is inclusive; `r..s` with a
//! range `r` replaces its step (`1..10..3` is `(1..10)..3`); `Take`, `Tail`, `Distinct`, `ToList` answer
//! ranges (`Take(0)` is the empty range `a..a` that CGSuite calls exclusive, printed as `a..a`), and so does
//! `Sublist` when its positions cover the whole range (Scala's `slice`); every other
//! list member answers on the materialised list. A range equals the list of its elements (in `==`, in sets and
//! as map keys). A zero step can be written and printed; using its elements is an error, as in CGSuite.

use super::{boolean, integer, Member, Site};
use crate::game::Games;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::object::{downcast_ref, ListView, Object};
use crate::interp::value::Value;
use crate::syntax::ast::Ident;
use imbl::Vector;
use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::rc::Rc;

/// The longest range whose elements are materialised (the bound lists have always had).
pub const MAX_LEN: u64 = 10_000_000;

/// `start..end..step`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RangeValue {
    /// The first integer.
    pub start: BigInt,
    /// The bound.
    pub end: BigInt,
    /// The step (may be 0: such a range prints but has no usable elements).
    pub step: BigInt,
    /// Whether `end` itself belongs to the range (false only for the empty ranges `Take(0)` makes).
    pub inclusive: bool,
}

impl RangeValue {
    /// `a..b` (step 1).
    pub fn new(start: BigInt, end: BigInt, step: BigInt) -> RangeValue {
        RangeValue { start, end, step, inclusive: true }
    }

    /// The value.
    pub fn value(self) -> Value {
        Value::Object(Rc::new(self))
    }

    /// The number of elements; `None` for a zero step.
    pub fn count(&self) -> Option<BigInt> {
        if self.step.is_zero() {
            return None;
        }
        let d = &self.end - &self.start;
        if d.is_zero() {
            return Some(if self.inclusive { BigInt::one() } else { BigInt::zero() });
        }
        if d.is_positive() != self.step.is_positive() {
            return Some(BigInt::zero());
        }
        let d = if self.inclusive { d } else { d - self.step.signum() };
        Some(d / &self.step + 1)
    }

    /// The `i`-th element (0-based), whether or not it is in range.
    fn nth(&self, i: &BigInt) -> BigInt {
        &self.start + i * &self.step
    }

    /// The number of elements as a machine size, with CGSuite's errors: a zero step, or more elements than a
    /// JVM collection holds ("Overflow.").
    pub fn checked_len(&self) -> Result<usize, ErrorKind> {
        let n = self.count().ok_or_else(zero_step)?;
        match n.to_i32() {
            Some(k) => Ok(k as usize),
            None => Err(ErrorKind::Overflow),
        }
    }

    /// The elements as a list, when there are at most [`MAX_LEN`] of them.
    pub fn materialise(&self) -> Result<Vector<Value>, ErrorKind> {
        let n = self.checked_len()?;
        if n as u64 > MAX_LEN {
            let message = format!("Range too long (more than {MAX_LEN} elements).");
            return Err(ErrorKind::InvalidArgument { message });
        }
        Ok(self.iter().take(n).collect())
    }

    /// The elements, lazily (endless for a zero step).
    pub fn iter(&self) -> impl Iterator<Item = Value> + '_ {
        let n = self.count();
        let mut cur = self.start.clone();
        let mut k = BigInt::zero();
        std::iter::from_fn(move || {
            if let Some(n) = &n {
                if &k >= n {
                    return None;
                }
            }
            let v = Value::int(cur.clone());
            cur += &self.step;
            k += 1;
            Some(v)
        })
    }

    /// Whether the integer `x` is an element.
    fn contains(&self, x: &BigInt) -> bool {
        let Some(n) = self.count() else { return *x == self.start };
        if n.is_zero() {
            return false;
        }
        let d = x - &self.start;
        if !(&d % &self.step).is_zero() {
            return false;
        }
        let k = d / &self.step;
        !k.is_negative() && k < n
    }

    /// The empty range CGSuite's `Take` makes: `start..start`, exclusive.
    fn empty_at_start(&self) -> RangeValue {
        RangeValue { start: self.start.clone(), end: self.start.clone(), step: self.step.clone(), inclusive: false }
    }
}

fn zero_step() -> ErrorKind {
    ErrorKind::InvalidArgument { message: "step cannot be 0.".into() }
}

/// The range a value is, if it is one.
pub fn as_range(v: &Value) -> Option<&RangeValue> {
    match v {
        Value::Object(o) => downcast_ref::<RangeValue>(&**o),
        _ => None,
    }
}

/// Whether an object is a range.
pub fn is_range_object(o: &dyn Object) -> bool {
    downcast_ref::<RangeValue>(o).is_some()
}

/// `a..b` as CGSuite's operator: two integers make an inclusive range, a range and an integer the range with
/// that step; anything else is "No operation `..`".
pub fn range_op(a: &Value, b: &Value) -> Result<Value, ErrorKind> {
    match (a, b) {
        (Value::Integer(x), Value::Integer(y)) => {
            Ok(RangeValue::new(x.to_big().into_owned(), y.to_big().into_owned(), BigInt::one()).value())
        }
        (_, Value::Integer(y)) => match as_range(a) {
            Some(r) => Ok(RangeValue { step: y.to_big().into_owned(), ..r.clone() }.value()),
            None => Err(ErrorKind::NoOperation { op: "..", types: vec![a.type_name().into(), b.type_name().into()] }),
        },
        _ => Err(ErrorKind::NoOperation { op: "..", types: vec![a.type_name().into(), b.type_name().into()] }),
    }
}

/// The order of a range among lists: lexicographic on the elements, as the equal list would compare.
pub fn cmp_with_list(r: &RangeValue, l: &Vector<Value>) -> Ordering {
    let mut it = r.iter();
    for x in l.iter() {
        match it.next() {
            None => return Ordering::Less,
            Some(y) => match y.cmp(x) {
                Ordering::Equal => {}
                c => return c,
            },
        }
    }
    if it.next().is_some() {
        Ordering::Greater
    } else {
        Ordering::Equal
    }
}

/// Two ranges in list order, without walking them: two arithmetic progressions that agree on their first two
/// elements agree on every element both have.
pub fn cmp_ranges(a: &RangeValue, b: &RangeValue) -> Ordering {
    // `None` (a zero step) is endless: longer than any finite range.
    let len_cmp = |x: &Option<BigInt>, y: &Option<BigInt>| match (x, y) {
        (Some(x), Some(y)) => x.cmp(y),
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Greater,
        (Some(_), None) => Ordering::Less,
    };
    let (la, lb) = (a.count(), b.count());
    let at_least = |l: &Option<BigInt>, k: u32| l.as_ref().is_none_or(|n| *n >= BigInt::from(k));
    for k in 0..2u32 {
        if !at_least(&la, k + 1) || !at_least(&lb, k + 1) {
            return len_cmp(&la, &lb);
        }
        let i = BigInt::from(k);
        match a.nth(&i).cmp(&b.nth(&i)) {
            Ordering::Equal => {}
            c => return c,
        }
    }
    len_cmp(&la, &lb)
}

/// A range is the core's list that is not stored.
impl ListView for RangeValue {
    fn start(&self) -> &BigInt {
        &self.start
    }
    fn step(&self) -> &BigInt {
        &self.step
    }
    fn count(&self) -> Option<BigInt> {
        RangeValue::count(self)
    }
    fn materialise(&self) -> Result<Vector<Value>, ErrorKind> {
        RangeValue::materialise(self)
    }
    fn values(&self) -> Box<dyn Iterator<Item = Value> + '_> {
        Box::new(self.iter())
    }
    fn cmp_with_list(&self, list: &Vector<Value>) -> Ordering {
        cmp_with_list(self, list)
    }
}

impl Object for RangeValue {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "Range"
    }
    fn as_list_view(&self) -> Option<&dyn ListView> {
        Some(self)
    }

    /// CGSuite's `Range.ToOutput`: `start..end`, with `..step` unless the step is 1.
    fn display(&self, _: &mut Games) -> String {
        if self.step.is_one() {
            format!("{}..{}", self.start, self.end)
        } else {
            format!("{}..{}..{}", self.start, self.end, self.step)
        }
    }

    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        downcast_ref::<RangeValue>(other).map(|o| cmp_ranges(self, o))
    }

    fn members(&self) -> &'static [Member] {
        RANGE
    }

    /// Every list member but the range's own: answered on the materialised list.
    fn member(
        &self,
        m: &mut Machine,
        _this: &Value,
        name: &str,
        args: &[Value],
        site: &Site,
    ) -> Option<Result<Value, EvalError>> {
        if RANGE.iter().any(|x| x.name == name) {
            return None;
        }
        let probe = Value::List(Vector::new().into());
        (m.globals.library.find_member)(&probe, name)?;
        let list = match self.materialise() {
            Ok(l) => Value::List(l.into()),
            Err(k) => return Some(Err(site.err(k))),
        };
        let ident = Ident { name: Rc::from(name), span: site.span };
        Some(m.invoke_member(list, &ident, args, site.args, site.span))
    }

    fn index(
        &self,
        m: &mut Machine,
        _this: &Value,
        keys: &[Value],
        span: crate::syntax::span::Span,
    ) -> Option<Result<Value, EvalError>> {
        let (first, rest) = keys.split_first()?;
        let r = (|| {
            let v = match first {
                Value::Integer(i) => {
                    let n = self.checked_len().map_err(|k| EvalError::new(k, span))?;
                    match i.to_usize() {
                        Some(k) if (1..=n).contains(&k) => Value::int(self.nth(&BigInt::from(k - 1))),
                        _ => {
                            let index = i.to_string();
                            return Err(EvalError::new(ErrorKind::IndexOutOfBounds { index }, span));
                        }
                    }
                }
                k => {
                    let l = Value::List((self.materialise().map_err(|e| EvalError::new(e, span))?).into());
                    m.index_value(&l, k, span)?
                }
            };
            rest.iter().try_fold(v, |v, k| m.index_value(&v, k, span))
        })();
        Some(r)
    }

    fn elements(&self, _: &mut Games) -> Option<Vec<Value>> {
        self.materialise().ok().map(|l| l.into_iter().collect())
    }
}

fn this_range<'v>(s: &Site, this: &'v Value) -> Result<&'v RangeValue, EvalError> {
    as_range(this).ok_or_else(|| s.bug())
}

/// The members a range answers itself, without its elements (CGSuite's `Range.cgs` and the `List` members
/// whose Scala implementations keep a `NumericRange`).
pub(crate) static RANGE: &[Member] = crate::member_table![
    crate::member!(Start => "The first integer of the range.", "(1..10..3).Start", |_, s, this, _| Ok(Value::int(this_range(s, this)?.start.clone()))),
    crate::member!(End => "The bound of the range (its last integer when the step reaches it).", "(1..10..3).End", |_, s, this, _| Ok(Value::int(this_range(s, this)?.end.clone()))),
    crate::member!(Step => "The step between consecutive integers.", "(1..10..3).Step", |_, s, this, _| Ok(Value::int(this_range(s, this)?.step.clone()))),
    crate::member!(Length => "The number of elements.", "(1..10..3).Length", |_, s, this, _| {
        Ok(Value::int(this_range(s, this)?.checked_len().map_err(|k| s.err(k))?))
    }),
    crate::member!(Size => "The number of elements (the same as `Length`).", "(1..10).Size", |_, s, this, _| Ok(Value::int(this_range(s, this)?.checked_len().map_err(|k| s.err(k))?))),
    crate::member!(IsEmpty => "Whether the range has no elements.", "(5..1).IsEmpty", |_, s, this, _| Ok(boolean(this_range(s, this)?.count().is_some_and(|n| n.is_zero())))),
    crate::member!(Contains(element: Object) => "Whether x is one of the range's elements.", "(1..10..3).Contains(7)", |_, s, this, args| {
        let r = this_range(s, this)?;
        Ok(boolean(matches!(&args[0], Value::Integer(x) if r.contains(&x.to_big()))))
    }),
    crate::member!(Head => "The first element (an error for an empty range).", "(4..9).Head", |_, s, this, _| {
        let r = this_range(s, this)?;
        if r.count().is_some_and(|n| n.is_zero()) {
            return Err(empty(s));
        }
        Ok(Value::int(r.start.clone()))
    }),
    // Scala's `NumericRange.tail`: the same bound and step from the second element (`(1..1).Tail` is `2..1`).
    crate::member!(Tail => "The elements after the first, as a range (`(1..1).Tail` is `2..1`, as in CGSuite).", "(1..4).Tail", |_, s, this, _| {
        let r = this_range(s, this)?;
        if r.count().is_some_and(|n| n.is_zero()) {
            return Err(empty(s));
        }
        Ok(RangeValue { start: &r.start + &r.step, ..r.clone() }.value())
    }),
    crate::member!(Take(n: Integer) => "The first n elements, as a range.", "(1..100..2).Take(3)", |_, s, this, args| {
        let r = this_range(s, this)?;
        let n = integer(s, args, 0)?;
        let len = r.count().ok_or_else(|| s.err(zero_step()))?;
        if !n.is_positive() || len.is_zero() {
            return Ok(r.empty_at_start().value());
        }
        if *n >= len {
            return Ok(this.clone());
        }
        Ok(RangeValue::new(r.start.clone(), r.nth(&(&*n - 1)), r.step.clone()).value())
    }),
    // Scala's immutable `IndexedSeq.slice`, which CGSuite's `Sublist` is: the range itself when the positions
    // cover all of it (CGSuite 2.2: `(3..3).Sublist(1, 2)` and `(5..1).Sublist(0, 5)` are the ranges themselves),
    // otherwise the list of the elements they select, clamped to the range, as for a list.
    crate::member!(Sublist(first: Integer, last: Integer) => "The elements from position i to position j inclusive, clamped to the range: the range itself when they cover it, a list otherwise.", "(1..10).Sublist(3, 5)", |_, s, this, args| {
        let r = this_range(s, this)?;
        let (first, last) = (integer(s, args, 0)?, integer(s, args, 1)?);
        let len = BigInt::from(r.checked_len().map_err(|k| s.err(k))?);
        if *first <= BigInt::one() && *last >= len {
            return Ok(this.clone());
        }
        let from = (&*first - BigInt::one()).max(BigInt::zero());
        let to: BigInt = (*last).clone().min(len);
        if from >= to {
            return Ok(Value::List(Vector::new().into()));
        }
        // At most `len` elements, which `checked_len` bounds by a JVM collection's size.
        let n = (&to - &from).to_usize().ok_or_else(|| s.err(ErrorKind::Overflow))?;
        if n as u64 > MAX_LEN {
            let message = format!("Range too long (more than {MAX_LEN} elements).");
            return Err(s.err(ErrorKind::InvalidArgument { message }));
        }
        Ok(Value::List(RangeValue { start: r.nth(&from), ..r.clone() }.iter().take(n).collect::<Vector<_>>().into()))
    }),
    crate::member!(Distinct => "The range itself (a range has no repeats).", "(1..3).Distinct", |_, s, this, _| this_range(s, this).map(|_| this.clone())),
    crate::member!(ToList => "The range itself, which is a list of its elements.", "(0..6..2).ToList", |_, s, this, _| this_range(s, this).map(|_| this.clone())),
];

fn empty(s: &Site) -> EvalError {
    s.err(ErrorKind::InvalidArgument { message: "That `Collection` is empty.".into() })
}

//! `R.MisereQuotient(n)`: the misère quotient of a take-and-break ruleset restricted to heaps up to `n`
//! (engine: `game::misere::quotient`), a value of type `MisereQuotient` printed as its presentation.

use super::value::{downcast, heap_size, outcome, this_tb, Site, TbData};
use crate::game::misere::quotient::{MisereQuotient, QuotientError, MAX_QUOTIENT_STATES};
use crate::game::Games;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::value::{Object, Value};
use crate::library::{elements, list, member, Member};
use std::cmp::Ordering;
use std::rc::Rc;

/// A misère quotient value.
#[derive(Debug)]
pub struct MisereQuotientObj {
    code: String,
    q: MisereQuotient,
}

impl Object for MisereQuotientObj {
    fn class_members(&self) -> &'static [&'static [Member]] {
        static TABLES: [&[Member]; 1] = [MISERE_QUOTIENT];
        &TABLES
    }

    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "MisereQuotient"
    }
    fn display(&self, _: &mut Games) -> String {
        self.q.presentation()
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<MisereQuotientObj>().map(|o| (&self.code, self.q.heaps()).cmp(&(&o.code, o.q.heaps())))
    }
}

/// `R.MisereQuotient(n)`.
pub(super) fn misere_quotient(m: &mut Machine, s: &Site, this: &Value, args: &[Value]) -> Result<Value, EvalError> {
    let r: &Rc<TbData> = this_tb(s, this)?;
    let n = heap_size(s, args, 0)?;
    if n > 256 {
        return Err(s.arg_err(0, ErrorKind::SearchTooLarge { limit: MAX_QUOTIENT_STATES }));
    }
    let options: Vec<Vec<Vec<usize>>> = (0..=n).map(|h| r.code.heap_options(h)).collect();
    let ar = super::value::Arena::of(m);
    let poll = || ar.with(|a| a.poll());
    let q = MisereQuotient::compute(&options, n, &poll).map_err(|e| match e {
        QuotientError::TooLarge(_) => s.err(ErrorKind::SearchTooLarge { limit: MAX_QUOTIENT_STATES }),
        QuotientError::NotDecreasing(heap) => s.err(ErrorKind::LoopyTakeBreak { code: r.text.clone(), heap }),
    })?;
    Ok(Value::Object(Rc::new(MisereQuotientObj { code: r.text.clone(), q })))
}

fn this_q<'v>(s: &Site, this: &'v Value) -> Result<&'v MisereQuotient, EvalError> {
    downcast::<MisereQuotientObj>(this).map(|o| &o.q).ok_or_else(|| s.bug())
}

fn names(q: &MisereQuotient, elems: impl IntoIterator<Item = u32>) -> Value {
    list(elems.into_iter().map(|e| Value::str(&q.name(e))))
}

/// The heaps of a position: a list of heap sizes, each at most the quotient's largest heap.
fn heaps(m: &mut Machine, s: &Site, q: &MisereQuotient, args: &[Value]) -> Result<Vec<usize>, EvalError> {
    let mut out = Vec::new();
    for v in elements(m, s, args, 0)? {
        let h = heap_size(s, std::slice::from_ref(&v), 0)
            .map_err(|_| s.arg_err(0, ErrorKind::ExpectedInteger { what: "heap size", value: v.display(m.games) }))?;
        if h > q.heaps() {
            return Err(s.arg_err(
                0,
                ErrorKind::ExpectedInteger {
                    what: "heap size (past the quotient's largest heap)",
                    value: h.to_string(),
                },
            ));
        }
        out.push(h);
    }
    Ok(out)
}

/// Members of a misère quotient.
pub static MISERE_QUOTIENT: &[Member] = crate::member_table![
    crate::member!(Size => "The number of elements of the quotient monoid.", "Kayles.MisereQuotient(6).Size", |_, s, this, _| Ok(Value::int(this_q(s, this)?.size() as u64))),
    crate::member!(Order => "The number of elements (the same as `Size`).", "Kayles.MisereQuotient(6).Order", |_, s, this, _| Ok(Value::int(this_q(s, this)?.size() as u64))),
    crate::member!(MaxHeap => "The largest heap the quotient covers.", "Kayles.MisereQuotient(6).MaxHeap", |_, s, this, _| Ok(Value::int(this_q(s, this)?.heaps() as u64))),
    crate::member!(Presentation => "The presentation of the quotient (generators and relations) as a string.", "Kayles.MisereQuotient(6).Presentation", |_, s, this, _| Ok(Value::str(&this_q(s, this)?.presentation()))),
    crate::member!(Generators => "The generators' names, as a list of strings.", "Kayles.MisereQuotient(6).Generators", |_, s, this, _| {
        let q = this_q(s, this)?;
        Ok(list(q.generators().iter().map(|(g, _)| Value::str(g))))
    }),
    crate::member!(GeneratorHeaps => "The heap each generator stands for.", "Kayles.MisereQuotient(6).GeneratorHeaps", |_, s, this, _| {
        let q = this_q(s, this)?;
        Ok(list(q.generators().iter().map(|&(_, h)| Value::int(h as u64))))
    }),
    crate::member!(Relations => "The relations of the presentation, as strings.", "Kayles.MisereQuotient(6).Relations", |_, s, this, _| Ok(list(this_q(s, this)?.relations().iter().map(|r| Value::str(r))))),
    crate::member!(Elements => "The elements as words in the generators, in normal-form order.", "Kayles.MisereQuotient(6).Elements", |_, s, this, _| {
        let q = this_q(s, this)?;
        Ok(names(q, 0..q.size() as u32))
    }),
    crate::member!(PPortion => "The elements whose positions are misère P-positions.", "Kayles.MisereQuotient(6).PPortion", |_, s, this, _| {
        let q = this_q(s, this)?;
        Ok(names(q, q.p_portion()))
    }),
    member("Element", 1, |_, s, this, args| {
        let q = this_q(s, this)?;
        let h = heap_size(s, args, 0)?;
        match q.heap_element(h) {
            Some(e) => Ok(Value::str(&q.name(e))),
            None => Err(s.arg_err(
                0,
                ErrorKind::ExpectedInteger {
                    what: "heap size (past the quotient's largest heap)",
                    value: h.to_string(),
                },
            )),
        }
    })
    .doc("(h)", "The element of the heap of size h.", "Kayles.MisereQuotient(6).Element(4)"),
    crate::member!(HeapElements => "The elements of the heaps 0 to MaxHeap, in order.", "Kayles.MisereQuotient(6).HeapElements", |_, s, this, _| {
        let q = this_q(s, this)?;
        Ok(names(q, (0..=q.heaps()).filter_map(|h| q.heap_element(h))))
    }),
    member("PositionElement", 1, |m, s, this, args| {
        let q = this_q(s, this)?;
        let hs = heaps(m, s, q, args)?;
        Ok(Value::str(&q.name(q.element(&hs).unwrap_or(0))))
    })
    .doc(
        "(heaps)",
        "The element of the sum of the heaps listed.",
        "Kayles.MisereQuotient(6).PositionElement([1, 2, 4])",
    ),
    member("Outcome", 1, |m, s, this, args| {
        let q = this_q(s, this)?;
        let hs = heaps(m, s, q, args)?;
        Ok(outcome(q.next_wins(&hs).unwrap_or(true)))
    })
    .doc(
        "(heaps)",
        "The misère outcome class of the sum of the heaps listed, read from the quotient.",
        "Kayles.MisereQuotient(6).Outcome([1, 1])",
    ),
];

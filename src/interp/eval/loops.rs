//! Loops and comprehensions: `for` clauses, their sources and modes.

use super::machine::*;
use crate::interp::native::{Drain, Items};
use crate::interp::order::{map_items, MapBuilder, SetBuilder};

impl<'a> Machine<'a> {
    // ---- loops and comprehensions --------------------------------------------------------------------

    /// Runs `body` once for every binding of the clauses (nested, outermost first) that passes the filters.
    /// A `continue` from the body moves on to the next binding; a `break` leaves every clause.
    pub(super) fn run_clauses(
        &mut self,
        clauses: &[ForClause],
        body: &mut dyn FnMut(&mut Machine<'a>) -> Eval<()>,
    ) -> Eval<()> {
        let Some((clause, rest)) = clauses.split_first() else {
            return match body(self) {
                Ok(()) | Err(Exit::Continue(_)) => Ok(()),
                Err(x) => Err(x),
            };
        };
        // Binds the variable; `Ok(false)` when the `while` condition ends this clause's loop.
        let mut each = |m: &mut Machine<'a>, v: Value| -> Eval<bool> {
            m.check_limits(clause.span)?;
            if !matches!(clause.source, ForSource::Forever) {
                m.declare_loop_var(clause, v);
            }
            if let Some(c) = &clause.cond {
                if !m.eval_bool(c)? {
                    return Ok(false);
                }
            }
            if let Some(f) = &clause.filter {
                if !m.eval_bool(f)? {
                    return Ok(true);
                }
            }
            m.run_clauses(rest, body).map(|()| true)
        };
        match &clause.source {
            // `for x := v`: one binding (CGSuite's `forAssignLoopAntecedent`).
            ForSource::Assign(v) => {
                let v = self.eval(v)?;
                each(self, v)?;
            }
            // `while c [where p] yield …`: until the condition fails.
            ForSource::Forever => while each(self, Value::Nothing)? {},
            ForSource::In(src) => {
                let coll = self.eval(src)?;
                if self.top_loop.is_some() {
                    let opaque = matches!(coll, Value::Object(_)) && crate::interp::object::list_view(&coll).is_none();
                    self.note_loop_source(clause, Some(&coll), opaque);
                }
                if let Some(r) = crate::interp::object::list_view(&coll) {
                    // A range is walked, never materialised: machine integers when they fit.
                    let n = r.count().ok_or_else(|| {
                        let message = "step cannot be 0.".to_string();
                        EvalError::new(ErrorKind::InvalidArgument { message }, src.span)
                    })?;
                    // Machine integers when every element fits (the last one decides: a range is monotone).
                    let small = match (r.start().to_i64(), r.step().to_i64(), n.to_u64()) {
                        (Some(cur), Some(step), Some(n))
                            if n == 0
                                || i64::try_from(i128::from(cur) + i128::from(step) * (i128::from(n) - 1)).is_ok() =>
                        {
                            Some((cur, step, n))
                        }
                        _ => None,
                    };
                    if let Some((mut cur, step, n)) = small {
                        for k in 0..n {
                            if !each(self, Value::small_int(cur))? {
                                break;
                            }
                            if k + 1 < n {
                                cur += step;
                            }
                        }
                    } else {
                        for v in r.values() {
                            if !each(self, v)? {
                                break;
                            }
                        }
                    }
                    return Ok(());
                }
                let items = self.iteration_items_owned(coll, src.span)?;
                for v in items {
                    if !each(self, v)? {
                        break;
                    }
                }
            }
            ForSource::Range { from, to, by } => {
                let start = self.eval(from)?;
                let end = match to {
                    Some(t) => Some(self.eval(t)?),
                    None => None,
                };
                let step = match by {
                    Some(b) => self.eval(b)?,
                    None => Value::int(1),
                };
                // Machine-integer bounds and step (the common `for r from 1 to g.RowCount`): count in `i64`
                // and bind shared small integers, with no rational arithmetic per step. A step past `i64` is
                // past the bound, so an overflow ends the loop, as the exact loop below would.
                let small = |v: &Value| match v {
                    Value::Integer(n) => n.to_i64(),
                    _ => None,
                };
                if let (Some(mut cur), Some(step), Some(end)) =
                    (small(&start), small(&step), end.as_ref().and_then(small))
                {
                    if step != 0 {
                        while (step > 0 && cur <= end) || (step < 0 && cur >= end) {
                            if !each(self, Value::small_int(cur))? {
                                break;
                            }
                            match cur.checked_add(step) {
                                Some(next) => cur = next,
                                None => break,
                            }
                        }
                        return Ok(());
                    }
                }
                let numeric = |v: &Value| v.as_rational();
                if let (Some(start), Some(step), true) =
                    (numeric(&start), numeric(&step), end.as_ref().is_none_or(|e| e.as_rational().is_some()))
                {
                    let end = end.and_then(|e| e.as_rational());
                    if step.is_zero() {
                        let span = by.as_ref().map_or(clause.span, |b| b.span);
                        return err(ErrorKind::ExpectedInteger { what: "step", value: "0".into() }, span);
                    }
                    let mut cur = start;
                    loop {
                        if let Some(end) = &end {
                            if (step.is_positive() && &cur > end) || (step.is_negative() && &cur < end) {
                                break;
                            }
                        }
                        if !each(self, Value::rational(cur.clone()))? {
                            break;
                        }
                        cur += &step;
                    }
                } else {
                    // Game bounds or step (`for x from 0 to ^5 by ^`), as CGSuite: continue while `x <= to`
                    // (while `to <= x` for a negative integer step), adding the step with `+`.
                    let spans = (from.span, to.as_ref().map_or(clause.span, |t| t.span));
                    for (v, span) in [(&start, spans.0), (&step, by.as_ref().map_or(clause.span, |b| b.span))] {
                        if self.to_game(v).is_none() {
                            let value = v.display(self.games);
                            return err(ErrorKind::ExpectedInteger { what: "loop bound", value }, span);
                        }
                    }
                    let up = !matches!(&step, Value::Integer(n) if n.is_negative());
                    self.note_loop_source(clause, None, true);
                    let mut cur = start;
                    loop {
                        if let Some(end) = &end {
                            let (a, b) = if up { (&cur, end) } else { (end, &cur) };
                            let go = self.binary(BinOp::Le, a, b).map_err(|k| EvalError::new(k, spans.1))?;
                            if !matches!(go, Value::Boolean(true)) {
                                break;
                            }
                        }
                        if !each(self, cur.clone())? {
                            break;
                        }
                        cur = self.binary(BinOp::Add, &cur, &step).map_err(|k| EvalError::new(k, clause.span))?;
                    }
                }
            }
        }
        Ok(())
    }

    /// [`Machine::iteration_items`] of a collection the loop owns: a list held nowhere else (the fresh answer of
    /// a call, `for g in grid.Decomposition(1)`) gives up its elements one by one, none copied and no listing
    /// of them made first ([`Drain`]).
    pub(in crate::interp::eval) fn iteration_items_owned(&mut self, coll: Value, span: Span) -> Eval<Items> {
        match coll {
            Value::List(l) => Ok(match Rc::try_unwrap(l.0) {
                Ok(v) => Items::Drained(Drain::new(v)),
                Err(shared) => Items::Listed(shared.iter().cloned().collect::<Vec<Value>>().into_iter()),
            }),
            coll => Ok(Items::Listed(self.iteration_items(&coll, span)?.into_iter())),
        }
    }

    pub(super) fn iteration_items(&mut self, coll: &Value, span: Span) -> Eval<Vec<Value>> {
        match coll {
            // A map is iterated by its entries `k => v`, as CGSuite's `for e in map` (in its iteration order).
            Value::Map(m, o) => {
                let entry = self.globals.library.map_entry;
                Ok(map_items(self.games, m, *o).into_iter().map(|(k, v)| entry(k, v)).collect())
            }
            Value::String(s) => Ok(s.chars().map(|c| Value::short_str(c.encode_utf8(&mut [0; 4]))).collect()),
            v => match self.elements(v) {
                Some(items) => Ok(items),
                None => err(ErrorKind::NotIterable { ty: v.type_name() }, span),
            },
        }
    }

    pub(super) fn for_loop(
        &mut self,
        clauses: &[ForClause],
        body: &Block,
        mode: ForMode,
        more: &[Block],
    ) -> Eval<Value> {
        let mut yielded = Vector::new();
        let top = self.take_top_loop();
        if top {
            self.top_loop = Some(TopLoop::new(clauses));
        }
        self.locals.push();
        let r = self.run_clauses(clauses, &mut |m| {
            if top {
                m.loop_safe_point(&yielded);
            }
            let v = m.eval_block(body)?;
            if mode == ForMode::Yield {
                yielded.push_back(v);
                for b in more {
                    let v = m.eval_block(b)?;
                    yielded.push_back(v);
                }
            }
            Ok(())
        });
        if top {
            self.top_loop = None;
        }
        self.locals.pop();
        match r {
            Ok(()) | Err(Exit::Break(_)) => {}
            Err(x) => return Err(x),
        }
        Ok(match mode {
            ForMode::Do => Value::Nothing,
            ForMode::Yield => Value::List(yielded.into()),
        })
    }

    pub(super) fn comprehension(
        &mut self,
        kind: CollectionKind,
        elem: &Expr,
        value: Option<&Expr>,
        clauses: &[ForClause],
    ) -> Eval<Value> {
        let mut out = Collected::new(kind);
        self.locals.push();
        let r = self.run_clauses(clauses, &mut |m| {
            let x = m.eval(elem)?;
            let v = match value {
                Some(v) if out.wants_value() => m.eval(v)?,
                _ => Value::Nothing,
            };
            out.add(x, v);
            Ok(())
        });
        self.locals.pop();
        match r {
            Ok(()) | Err(Exit::Break(_)) => {}
            Err(x) => return Err(x),
        }
        Ok(out.finish())
    }

    /// Binds a loop variable in the loop's scope (never the top level: the loop opened a scope).
    #[inline]
    fn declare_loop_var(&mut self, clause: &ForClause, v: Value) {
        match clause.slot.get(self.locals.layout_id()) {
            Some(s) if s != NO_SLOT => self.locals.declare_slot(s, v),
            _ => {
                self.locals.declare(clause.var.name.clone(), v).ok();
            }
        }
    }
}

/// The collection a comprehension builds (the evaluator's and the compiled tree's): only the collection of its
/// kind is made, since an empty ordered set or map allocates its root node.
pub(in crate::interp::eval) struct Collected {
    kind: CollectionKind,
    list: Vector<Value>,
    set: Option<SetBuilder>,
    map: Option<MapBuilder>,
}

impl Collected {
    pub(in crate::interp::eval) fn new(kind: CollectionKind) -> Collected {
        Collected { kind, list: Vector::new(), set: None, map: None }
    }

    /// Whether an element's value (`k => v`) is kept: only a map's is.
    pub(in crate::interp::eval) fn wants_value(&self) -> bool {
        matches!(self.kind, CollectionKind::Map)
    }

    /// Adds the element `x` (with its value `v` in a map). In line: the comprehension's body is its one caller.
    #[inline]
    pub(in crate::interp::eval) fn add(&mut self, x: Value, v: Value) {
        match self.kind {
            CollectionKind::List => self.list.push_back(x),
            CollectionKind::Set => {
                self.set.get_or_insert_with(SetBuilder::new).push(x);
            }
            CollectionKind::Map => {
                self.map.get_or_insert_with(MapBuilder::new).push(x, v);
            }
        }
    }

    /// The collection built.
    pub(in crate::interp::eval) fn finish(self) -> Value {
        match self.kind {
            CollectionKind::List => Value::List(self.list.into()),
            CollectionKind::Set => self.set.unwrap_or_default().value(),
            CollectionKind::Map => self.map.unwrap_or_default().value(),
        }
    }
}

//! Loops and comprehensions: `for` clauses, their sources and modes.

use super::*;

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
        let mut each = |m: &mut Machine<'a>, v: Value| -> Eval<()> {
            m.check_limits(clause.span)?;
            m.locals.declare(clause.var.name.clone(), v).ok();
            if let Some(f) = &clause.filter {
                if !m.eval_bool(f)? {
                    return Ok(());
                }
            }
            m.run_clauses(rest, body)
        };
        match &clause.source {
            ForSource::In(src) => {
                let coll = self.eval(src)?;
                let items = self.iteration_items(&coll, src.span)?;
                for v in items {
                    each(self, v)?;
                }
            }
            ForSource::Range { from, to, by } => {
                let start = self.eval_number(from)?;
                let end = match to {
                    Some(t) => Some(self.eval_number(t)?),
                    None => None,
                };
                let step = match by {
                    Some(b) => self.eval_number(b)?,
                    None => BigRational::one(),
                };
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
                    each(self, Value::rational(cur.clone()))?;
                    cur += &step;
                }
            }
        }
        Ok(())
    }

    pub(super) fn eval_number(&mut self, e: &Expr) -> Eval<BigRational> {
        let v = self.eval(e)?;
        match v.as_rational() {
            Some(r) => Ok(r),
            None => err(ErrorKind::ExpectedInteger { what: "loop bound", value: v.display(self.games) }, e.span),
        }
    }

    pub(super) fn iteration_items(&mut self, coll: &Value, span: Span) -> Eval<Vec<Value>> {
        match coll {
            Value::Map(m) => Ok(map_in_display_order(self.games, m).into_iter().map(|(k, _)| k).collect()),
            Value::String(s) => Ok(s.chars().map(|c| Value::String(Rc::from(c.to_string()))).collect()),
            v => match self.elements(v) {
                Some(items) => Ok(items),
                None => err(ErrorKind::NotIterable { ty: v.type_name() }, span),
            },
        }
    }

    pub(super) fn for_loop(&mut self, clauses: &[ForClause], body: &Block, mode: ForMode) -> Eval<Value> {
        let mut yielded = Vector::new();
        self.locals.push();
        let r = self.run_clauses(clauses, &mut |m| {
            let v = m.eval_block(body)?;
            if mode == ForMode::Yield {
                yielded.push_back(v);
            }
            Ok(())
        });
        self.locals.pop();
        match r {
            Ok(()) | Err(Exit::Break(_)) => {}
            Err(x) => return Err(x),
        }
        Ok(match mode {
            ForMode::Do => Value::Nothing,
            ForMode::Yield => Value::List(yielded),
        })
    }

    pub(super) fn comprehension(
        &mut self,
        kind: CollectionKind,
        elem: &Expr,
        value: Option<&Expr>,
        clauses: &[ForClause],
    ) -> Eval<Value> {
        let mut list = Vector::new();
        let mut set = OrdSet::new();
        let mut map = OrdMap::new();
        self.locals.push();
        let r = self.run_clauses(clauses, &mut |m| {
            let x = m.eval(elem)?;
            match kind {
                CollectionKind::List => list.push_back(x),
                CollectionKind::Set => {
                    set.insert(x);
                }
                CollectionKind::Map => {
                    let v = match value {
                        Some(v) => m.eval(v)?,
                        None => Value::Nothing,
                    };
                    map.insert(x, v);
                }
            }
            Ok(())
        });
        self.locals.pop();
        match r {
            Ok(()) | Err(Exit::Break(_)) => {}
            Err(x) => return Err(x),
        }
        Ok(match kind {
            CollectionKind::List => Value::List(list),
            CollectionKind::Set => Value::Set(set),
            CollectionKind::Map => Value::Map(map),
        })
    }
}

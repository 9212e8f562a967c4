//! Compiled loops and comprehensions: what `loops.rs` does for `for` clauses, with the sources, conditions,
//! filters and bodies compiled, and `for p in g.FindAll(c)` walking the board instead of building the list;
//! (the statements of a block: `stmt.rs`).

use super::super::classes::UserClass;
use super::super::machine::*;
use super::stmt::{exec_stmts, run_stmts};
use super::tree::{ClassCall, Clause, Node, ResultMark, Source};

type Body<'b, 'a> = &'b mut dyn FnMut(&mut Machine<'a>) -> Eval<()>;

/// `for_loop`.
pub(super) fn for_loop(
    m: &mut Machine<'_>,
    clauses: &[Clause],
    body: &[Node],
    mode: ForMode,
    more: &[Vec<Node>],
) -> Eval<Value> {
    let mut yielded = Vector::new();
    // The top-level statement itself (`compile::run_top`): its safe points, as `for_loop` has them.
    let top = m.take_top_loop();
    if top {
        m.top_loop = Some(super::super::machine::TopLoop::new(clauses));
    }
    m.locals.push();
    let r = run_clauses(m, clauses, &mut |m| {
        if top {
            m.loop_safe_point(&yielded);
        }
        if mode == ForMode::Do {
            return exec_stmts(m, body);
        }
        let v = run_stmts(m, body)?;
        yielded.push_back(v);
        for b in more {
            let v = run_stmts(m, b)?;
            yielded.push_back(v);
        }
        Ok(())
    });
    if top {
        m.top_loop = None;
    }
    m.locals.pop();
    match r {
        Ok(()) | Err(Exit::Break(_)) => {}
        Err(x) => return Err(x),
    }
    Ok(match mode {
        ForMode::Do => Value::Nothing,
        ForMode::Yield => Value::List(yielded.into()),
    })
}

/// `comprehension`.
pub(super) fn comprehension(
    m: &mut Machine<'_>,
    kind: CollectionKind,
    elem: &Node,
    value: Option<&Node>,
    clauses: &[Clause],
    result: ResultMark,
) -> Eval<Value> {
    if result != ResultMark::No && m.in_fields_mode() {
        if let Some(call) = super::fields::fields_element(elem) {
            return fields_comprehension(m, elem, call, clauses, result);
        }
    }
    let mut out = super::super::loops::Collected::new(kind);
    m.locals.push();
    let r = run_clauses(m, clauses, &mut |m| {
        let x = elem.run(m)?;
        let v = match value {
            Some(v) if out.wants_value() => v.run(m)?,
            _ => Value::Nothing,
        };
        out.add(x, v);
        Ok(())
    });
    m.locals.pop();
    match r {
        Ok(()) | Err(Exit::Break(_)) => {}
        Err(x) => return Err(x),
    }
    Ok(out.finish())
}

/// A comprehension `[C(e) for …]` marked by the compiler ([`ResultMark`]) in a hook's frame in fields mode
/// (`fields.rs`): the list of the `e`s while `C` is the class of the hook's state and the lean construction would
/// take each `e`. At the first element for which either fails, the elements so far are built as the objects
/// they stand for (by the lean construction, which cannot fail) and the comprehension goes on as any other (the
/// element `elem` run as it is, or the failing `e` built as `ClassCall::own` builds it). The identity map
/// `[C(g) for g in E]` answers the list `E` itself when every element of it passes.
fn fields_comprehension(
    m: &mut Machine<'_>,
    elem: &Node,
    call: &ClassCall,
    clauses: &[Clause],
    result: ResultMark,
) -> Eval<Value> {
    let arg = &call.args[0];
    let mut fields = Vector::new();
    // The class of the fields so far, as the first element's `own_class` answered it: its answer cannot change
    // while the comprehension runs in this frame (it asks about the frame's receiver, layout and captured scope,
    // which the loop does not change, and its cache, which is only ever set).
    let mut class_of: Option<&Rc<UserClass>> = None;
    // The objects, once an element left fields mode.
    let mut objects: Option<Vector<Value>> = None;
    m.locals.push();
    let mut body = |m: &mut Machine<'_>| -> Eval<()> {
        if let Some(out) = &mut objects {
            out.push_back(elem.run(m)?);
            return Ok(());
        }
        let class = match class_of {
            Some(c) => c,
            None => match call.fields_class(m) {
                Some(c) => c,
                None => {
                    let x = elem.run(m)?;
                    let mut out = built(m, None, std::mem::take(&mut fields), call.span)?;
                    out.push_back(x);
                    objects = Some(out);
                    return Ok(());
                }
            },
        };
        let a = arg.run(m)?;
        // After the first field (its class has one parameter), the common element is of the type that passed.
        if (class_of.is_some() && Machine::lean_passes_at_once(class, &a)) || m.lean_takes(class, &a) {
            class_of = Some(class);
            fields.push_back(a);
            return Ok(());
        }
        let mut out = built(m, class_of, std::mem::take(&mut fields), call.span)?;
        out.push_back(m.construct_one(class, a, call.span)?);
        objects = Some(out);
        Ok(())
    };
    let r = match (result, clauses) {
        (ResultMark::Identity, [clause]) if m.top_loop.is_none() => match &clause.source {
            Source::In(src, span) => identity(m, clause, call, src, *span, &mut body),
            _ => run_clauses(m, clauses, &mut body).map(|()| None),
        },
        _ => run_clauses(m, clauses, &mut body).map(|()| None),
    };
    m.locals.pop();
    let same = match r {
        Ok(same) => same,
        Err(Exit::Break(_)) => None,
        Err(x) => return Err(x),
    };
    if let Some(v) = same {
        m.fields_answered(true);
        return Ok(v);
    }
    let list = match objects {
        Some(out) => out,
        None => {
            m.fields_answered(false);
            fields
        }
    };
    Ok(Value::List(list.into()))
}

/// The objects of `class` the variables `fields` stand for (lean constructions: no error).
fn built(m: &mut Machine<'_>, class: Option<&Rc<UserClass>>, fields: Vector<Value>, span: Span) -> Eval<Vector<Value>> {
    let mut out = Vector::new();
    if let Some(class) = class {
        for f in fields {
            out.push_back(m.construct_one(class, f, span)?);
        }
    }
    Ok(out)
}

/// The identity map `[C(g) for g in E]` in fields mode: `E`'s value itself (`Some`) when it is a list whose
/// elements the lean construction of the class of the hook's state takes (the limits checked once, as the loop
/// would check them), else the loop over it with `body`.
fn identity<'a>(
    m: &mut Machine<'a>,
    clause: &Clause,
    call: &ClassCall,
    src: &Node,
    span: Span,
    body: Body<'_, 'a>,
) -> Eval<Option<Value>> {
    let coll = src.run(m)?;
    if let (Value::List(items), Some(class)) = (&coll, call.fields_class(m)) {
        m.check_limits(clause.span)?;
        if items.iter().all(|x| m.lean_takes(class, x)) {
            return Ok(Some(coll));
        }
    }
    walk(m, clause, &[], body, coll, span).map(|()| None)
}

/// One binding of `clause` (`run_clauses`'s `each`): `Ok(false)` when its `while` condition ends the loop.
fn each<'a>(m: &mut Machine<'a>, clause: &Clause, rest: &[Clause], body: Body<'_, 'a>, v: Value) -> Eval<bool> {
    m.check_limits(clause.span)?;
    if !matches!(clause.source, Source::Forever) {
        bind(m, clause, v);
    }
    bound(m, clause, rest, body)
}

/// Binds the clause's variable to `v`.
#[inline(always)]
fn bind(m: &mut Machine<'_>, clause: &Clause, v: Value) {
    match clause.slot {
        Some(s) => m.locals.declare_slot(s, v),
        None => {
            m.locals.declare(clause.var.clone(), v).ok();
        }
    }
}

/// The rest of [`each`] once the clause's variable is bound (also [`find_all`]'s, which may bind it in place).
#[inline(always)]
fn bound<'a>(m: &mut Machine<'a>, clause: &Clause, rest: &[Clause], body: Body<'_, 'a>) -> Eval<bool> {
    if let Some((c, span)) = &clause.cond {
        if !c.cond(m, *span)? {
            return Ok(false);
        }
    }
    if let Some((f, span)) = &clause.filter {
        if !f.cond(m, *span)? {
            return Ok(true);
        }
    }
    run_clauses(m, rest, body).map(|()| true)
}

/// `run_clauses`: `body` once for every binding of the clauses that passes the filters.
fn run_clauses<'a>(m: &mut Machine<'a>, clauses: &[Clause], body: Body<'_, 'a>) -> Eval<()> {
    let Some((clause, rest)) = clauses.split_first() else {
        return match body(m) {
            Ok(()) | Err(Exit::Continue(_)) => Ok(()),
            Err(x) => Err(x),
        };
    };
    match &clause.source {
        Source::Assign(v) => {
            let v = v.run(m)?;
            each(m, clause, rest, body, v)?;
        }
        Source::Forever => while each(m, clause, rest, body, Value::Nothing)? {},
        Source::In(src, span) => {
            // Within a top-level loop the source is noted for its safe points (`loops.rs`), and the board
            // walk, which holds no collection to note, is not taken.
            if let (Node::Method { obj, name, args, spans, span: call, .. }, None) = (src, &m.top_loop) {
                if let ([arg], "FindAll") = (&args[..], &*name.name) {
                    let o = obj.run(m)?;
                    let a = arg.run(m)?;
                    return find_all(m, clause, rest, body, o, a, name, spans, *call);
                }
            }
            let coll = src.run(m)?;
            if m.top_loop.is_some() {
                let opaque = matches!(coll, Value::Object(_)) && crate::interp::object::list_view(&coll).is_none();
                m.note_loop_source(clause, Some(&coll), opaque);
            }
            return walk(m, clause, rest, body, coll, *span);
        }
        Source::Range { from, from_span, to, by } => {
            let start = from.run(m)?;
            let end = match to {
                Some((t, _)) => Some(t.run(m)?),
                None => None,
            };
            let step = match by {
                Some((b, _)) => b.run(m)?,
                None => Value::int(1),
            };
            let small = |v: &Value| match v {
                Value::Integer(n) => n.to_i64(),
                _ => None,
            };
            if let (Some(mut cur), Some(step), Some(end)) = (small(&start), small(&step), end.as_ref().and_then(small))
            {
                if step != 0 {
                    while (step > 0 && cur <= end) || (step < 0 && cur >= end) {
                        if !each(m, clause, rest, body, Value::small_int(cur))? {
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
            let spans = RangeSpans {
                from: *from_span,
                to: to.as_ref().map_or(clause.span, |t| t.1),
                by: by.as_ref().map_or(clause.span, |b| b.1),
                by_given: by.is_some(),
            };
            return range_general(m, clause, rest, body, start, end, step, spans);
        }
    }
    Ok(())
}

/// `for p in g.FindAll(c)`: the cells of the grid `g` holding `c`, in row-major order, as `(row, column)`,
/// without the list; anything but a grid and a one-character ASCII string calls the member.
#[allow(clippy::too_many_arguments)]
fn find_all<'a>(
    m: &mut Machine<'a>,
    clause: &Clause,
    rest: &[Clause],
    body: Body<'_, 'a>,
    o: Value,
    a: Value,
    name: &Ident,
    spans: &[Span],
    call: Span,
) -> Eval<()> {
    let target = match &a {
        Value::String(s) => match s.as_bytes() {
            [b] if b.is_ascii() => Some(*b),
            _ => None,
        },
        _ => None,
    };
    let (Some(b), Some(g)) = (target, (m.globals.library.as_grid)(&o)) else {
        let coll = m.invoke_member(o, name, &[a], spans, call)?;
        return walk(m, clause, rest, body, coll, call);
    };
    m.engine_ok(call)?;
    // The grid is immutable and `o` holds it: its cells are read as the loop goes (through `g`, which borrows
    // `o`, not the machine).
    // The cells in row-major order, scanned for `b` (`Grid::find_all`'s order); a cell's index gives its
    // 1-indexed row and column.
    let (cells, cols) = (g.cells(), g.cols());
    // Whether the loop variable's slot is bound (by an earlier cell): only then does `slot_mut` read that slot
    // and not a shadowed outer one.
    let mut held = false;
    let mut from = 0;
    while let Some(k) = cells[from..].iter().position(|&x| x == b) {
        let i = from + k;
        from = i + 1;
        let (r, c) = (i / cols + 1, i % cols + 1);
        m.check_limits(clause.span)?;
        if !(held && refill(m, clause, r, c)) {
            bind(m, clause, Value::Tuple(Rc::from([Value::int(r), Value::int(c)])));
        }
        if !bound(m, clause, rest, body)? {
            return Ok(());
        }
        held = true;
    }
    Ok(())
}

/// The cell `(r, c)` written into the pair the loop variable (bound, by slot) still holds from the last cell,
/// when nothing else holds that pair (the body neither kept nor rebound it): no new pair is made, and no one
/// can see the change. `false` when the pair is shared or gone (a new one is bound).
#[inline]
fn refill(m: &mut Machine<'_>, clause: &Clause, r: usize, c: usize) -> bool {
    let Some(s) = clause.slot else { return false };
    let Some(Value::Tuple(t)) = m.locals.slot_mut(s) else { return false };
    let Some([a, b]) = Rc::get_mut(t) else { return false };
    *a = Value::int(r);
    *b = Value::int(c);
    true
}

/// The elements of a collection `coll` (`for x in coll`): a range walked, anything else listed.
fn walk<'a>(
    m: &mut Machine<'a>,
    clause: &Clause,
    rest: &[Clause],
    body: Body<'_, 'a>,
    coll: Value,
    span: Span,
) -> Eval<()> {
    if let Some(r) = crate::interp::object::list_view(&coll) {
        let n = r.count().ok_or_else(|| {
            let message = "step cannot be 0.".to_string();
            EvalError::new(ErrorKind::InvalidArgument { message }, span)
        })?;
        let small = match (r.start().to_i64(), r.step().to_i64(), n.to_u64()) {
            (Some(cur), Some(step), Some(n))
                if n == 0 || i64::try_from(i128::from(cur) + i128::from(step) * (i128::from(n) - 1)).is_ok() =>
            {
                Some((cur, step, n))
            }
            _ => None,
        };
        if let Some((mut cur, step, n)) = small {
            for k in 0..n {
                if !each(m, clause, rest, body, Value::small_int(cur))? {
                    break;
                }
                if k + 1 < n {
                    cur += step;
                }
            }
        } else {
            for v in r.values() {
                if !each(m, clause, rest, body, v)? {
                    break;
                }
            }
        }
        return Ok(());
    }
    // A list something else holds too (a local, a constant such as `Coordinates.Orthogonal`): walked in place,
    // each element cloned as the loop comes to it, not listed first. The list is immutable and held here, so
    // the body (rebinding the variable that held it, say) cannot change what is walked.
    // A list only this loop holds is drained (`Drain`).
    if let Value::List(l) = coll {
        match Rc::try_unwrap(l.0) {
            Ok(v) => {
                for x in crate::interp::native::Drain::new(v) {
                    if !each(m, clause, rest, body, x)? {
                        break;
                    }
                }
            }
            Err(shared) => {
                for x in shared.iter() {
                    if !each(m, clause, rest, body, x.clone())? {
                        break;
                    }
                }
            }
        }
        return Ok(());
    }
    let items = m.iteration_items_owned(coll, span)?;
    for v in items {
        if !each(m, clause, rest, body, v)? {
            break;
        }
    }
    Ok(())
}

/// Where the parts of `from a to b by s` were written.
struct RangeSpans {
    from: Span,
    to: Span,
    by: Span,
    by_given: bool,
}

/// `from a to b by s` past machine integers: rationals, else games (`run_clauses`).
#[allow(clippy::too_many_arguments)]
fn range_general<'a>(
    m: &mut Machine<'a>,
    clause: &Clause,
    rest: &[Clause],
    body: Body<'_, 'a>,
    start: Value,
    end: Option<Value>,
    step: Value,
    spans: RangeSpans,
) -> Eval<()> {
    let numeric = |v: &Value| v.as_rational();
    if let (Some(start), Some(step), true) =
        (numeric(&start), numeric(&step), end.as_ref().is_none_or(|e| e.as_rational().is_some()))
    {
        let end = end.and_then(|e| e.as_rational());
        if step.is_zero() {
            let span = if spans.by_given { spans.by } else { clause.span };
            return err(ErrorKind::ExpectedInteger { what: "step", value: "0".into() }, span);
        }
        let mut cur = start;
        loop {
            if let Some(end) = &end {
                if (step.is_positive() && &cur > end) || (step.is_negative() && &cur < end) {
                    break;
                }
            }
            if !each(m, clause, rest, body, Value::rational(cur.clone()))? {
                break;
            }
            cur += &step;
        }
        return Ok(());
    }
    for (v, span) in [(&start, spans.from), (&step, spans.by)] {
        if m.to_game(v).is_none() {
            let value = v.display(m.games);
            return err(ErrorKind::ExpectedInteger { what: "loop bound", value }, span);
        }
    }
    let up = !matches!(&step, Value::Integer(n) if n.is_negative());
    m.note_loop_source(clause, None, true);
    let mut cur = start;
    loop {
        if let Some(end) = &end {
            let (a, b) = if up { (&cur, end) } else { (end, &cur) };
            let go = m.binary(BinOp::Le, a, b).map_err(|k| EvalError::new(k, spans.to))?;
            if !matches!(go, Value::Boolean(true)) {
                break;
            }
        }
        if !each(m, clause, rest, body, cur.clone())? {
            break;
        }
        cur = m.binary(BinOp::Add, &cur, &step).map_err(|k| EvalError::new(k, clause.span))?;
    }
    Ok(())
}

#[cfg(test)]
#[path = "tests_const.rs"]
mod tests_const;

//! Index assignment: `x[i][j] := v`.

use super::machine::*;

impl<'a> Machine<'a> {
    /// `x[i][j] := v`: the variable must exist; then the indices are evaluated left to right, then `v`; then `x`
    /// is read again (so changes `v` made to it are kept) and rebound to a copy with the element replaced. Nothing
    /// is rebound if any step fails, and the expression's value is `v`, as for `x := v`.
    #[inline(never)]
    pub(super) fn eval_index_assign(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::IndexAssign { target, path, value, slot: var } => {
                self.lookup_var(&target.name, var, target.span)?;
                let mut keys = Vec::new();
                let mut container = target.span;
                for step in path {
                    for (n, i) in step.indices.iter().enumerate() {
                        let container = if n == 0 { container } else { step.span };
                        keys.push(ElementKey { key: self.eval(i)?, span: i.span, container });
                    }
                    container = step.span;
                }
                let v = self.eval(value)?;
                // Edit the variable's own value in place when it is a local or a user variable (the slot `assign`
                // would write): taking it out leaves the collection unshared, so the edit does not copy it. On
                // an error the value is unchanged and goes back as it was.
                let local = self.local_at(&target.name, var).is_some();
                let slot = match local {
                    true => self.local_at_mut(&target.name, var),
                    false => self.globals.vars.get_mut(&target.name),
                };
                if let Some(slot) = slot {
                    let mut coll = std::mem::replace(slot, Value::Nothing);
                    let r = self.replace_in_place(&mut coll, &keys, v.clone());
                    let slot = match self.local_at_mut(&target.name, var) {
                        Some(slot) => slot,
                        None => self.globals.vars.get_mut(&target.name).expect("slot found above"),
                    };
                    *slot = coll;
                    r?;
                    return Ok(v);
                }
                let mut coll = self.lookup_var(&target.name, var, target.span)?;
                self.replace_in_place(&mut coll, &keys, v.clone())?;
                self.assign_at(&target.name, var, coll);
                Ok(v)
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    /// Replaces, in `coll`, the element at `keys` (one per level, outermost first) by `v`: a list element within
    /// bounds, or a map entry (inserted at the last level; inner levels must exist). `coll` is edited in place
    /// (unshared persistent collections are not copied); every error is found before anything changes, so on an
    /// error `coll` is as it was.
    fn replace_in_place(&mut self, coll: &mut Value, keys: &[ElementKey], v: Value) -> Result<(), EvalError> {
        let Some((k, rest)) = keys.split_first() else {
            *coll = v;
            return Ok(());
        };
        // A range becomes the list of its elements to have one replaced (it is a List).
        if let Some(r) = crate::interp::object::list_view(coll) {
            let l = r.materialise().map_err(|e| EvalError::new(e, k.container))?;
            let mut list = Value::List(l.into());
            self.replace_in_place(&mut list, keys, v)?;
            *coll = list;
            return Ok(());
        }
        match coll {
            Value::List(l) => {
                let i = match &k.key {
                    Value::Integer(n) => n.to_usize().filter(|i| (1..=l.len()).contains(i)),
                    _ => None,
                };
                let Some(i) = i else {
                    let index = k.key.display(self.games);
                    return Err(EvalError::new(ErrorKind::IndexOutOfBounds { index }, k.span));
                };
                if rest.is_empty() {
                    l.set(i - 1, v);
                    Ok(())
                } else {
                    let mut inner = std::mem::replace(&mut l[i - 1], Value::Nothing);
                    let r = self.replace_in_place(&mut inner, rest, v);
                    l[i - 1] = inner;
                    r
                }
            }
            Value::Map(m, order) => {
                if rest.is_empty() {
                    if order.is_small() && !m.contains_key(&k.key) {
                        // A new key of a small map goes last (LANGUAGE.md §10, "Sets and maps: iteration order").
                        let (map, o) =
                            crate::interp::order::map_update(std::mem::take(m), *order, [(k.key.clone(), v)]);
                        (*m, *order) = (map, o);
                    } else {
                        m.insert(k.key.clone(), v);
                    }
                    return Ok(());
                }
                let Some(slot) = m.get_mut(&k.key) else {
                    let key = k.key.display_plain(self.games);
                    return Err(EvalError::new(ErrorKind::KeyNotFound { key }, k.span));
                };
                let mut inner = std::mem::replace(slot, Value::Nothing);
                let r = self.replace_in_place(&mut inner, rest, v);
                if let Some(slot) = m.get_mut(&k.key) {
                    *slot = inner;
                }
                r
            }
            other => Err(EvalError::new(ErrorKind::NotAssignable { ty: other.type_name() }, k.container)),
        }
    }
}

impl<'a> Machine<'a> {
    /// `xs := xs.Append(e)` for a local list `xs`: the value is the one `Append` gives, but when the variable
    /// still holds the very list the receiver evaluated to (so nothing else can see it change), the element is
    /// pushed onto that list in place instead of onto a copy, which would copy its last chunk on every step of
    /// a loop that collects options. `None`: not this form (the caller evaluates the assignment as usual).
    pub(super) fn append_in_place(&mut self, target: &Name, slot: &Slot, value: &Expr) -> Eval<Option<Value>> {
        let ExprKind::Call { callee, args, named } = &value.kind else { return Ok(None) };
        let (ExprKind::Member { obj, name }, [arg], []) = (&callee.kind, &args[..], &named[..]) else {
            return Ok(None);
        };
        if &*name.name != "Append" || !matches!(&obj.kind, ExprKind::Var(x, _) if **x == **target) {
            return Ok(None);
        }
        // The receiver, as `obj` evaluates to it: only a local list (a local's look-up has no side effects).
        let Some(Value::List(receiver)) = self.local_at(target, slot).cloned() else { return Ok(None) };
        let x = self.eval(arg)?;
        let list = match self.local_at_mut(target, slot) {
            Some(Value::List(held)) if held.ptr_eq(&receiver) => {
                drop(receiver);
                held.push_back(x);
                held.clone()
            }
            _ => {
                let mut l = receiver;
                l.push_back(x);
                let v = Value::List(l.clone());
                self.assign_at(target, slot, v);
                l
            }
        };
        Ok(Some(Value::List(list)))
    }
}

/// One index of an element assignment, evaluated.
struct ElementKey {
    /// The index or key.
    key: Value,
    /// Where the index was written.
    span: Span,
    /// The collection it indexes: `x[i]` for `j` in `x[i][j] := v` (for a later index of one bracket group,
    /// `x[i, j]`, the whole group).
    container: Span,
}

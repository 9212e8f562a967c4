//! The tree-walking evaluator.
//!
//! A [`Machine`] evaluates one cell: it borrows the interpreter's game store and globals, owns the local
//! scopes of the running function, and writes `Print` output to the cell's writer.
//!
//! Design notes:
//! - **Evaluation order** is left to right everywhere: operands, arguments, collection elements, option lists;
//!   `and`/`or` short-circuit; a `for` clause evaluates its source once, before the first iteration.
//! - **Non-local exits** (`break`, `continue`, `return`) travel as [`Exit`] values next to errors and are
//!   caught by the nearest loop or call; one that escapes its construct becomes an error.
//! - **Numbers stay numeric**; an operation that needs games converts its operands with [`Machine::to_game`]
//!   and converts the result back with [`game_value`] (see `value.rs`).
//! - **Depth**: every call counts towards [`MAX_CALL_DEPTH`], and every evaluation step checks the machine
//!   stack against a byte budget measured from where the cell started, so deep recursion in a script is the
//!   error "Maximum recursion depth exceeded", never a stack overflow. The budget is small by default; run the
//!   interpreter inside [`super::with_big_stack`] to allow deep recursion.
//! - **Interrupts**: the Ctrl-C flag is polled on every call and loop iteration.

use machine::*;

impl<'a> Machine<'a> {
    /// A machine at top level.
    pub fn new(
        games: &'a mut Games,
        globals: &'a mut Globals,
        out: &'a mut dyn Write,
        interrupt: &'a AtomicBool,
        stack_budget: usize,
    ) -> Machine<'a> {
        Machine {
            games,
            globals,
            locals: Box::new(Locals::top()),
            out,
            interrupt,
            depth: 0,
            spare_slots: Vec::new(),
            spare_frames: Vec::new(),
            stack_base: stack_position(),
            stack_budget,
            // The first check works it out (`limits_slow`).
            stack_floor: std::cell::Cell::new(usize::MAX),
            top_loop_next: false,
            top_loop: None,
            fields_hook: Default::default(),
        }
    }

    /// Stops a long native loop on an interrupt, an exhausted memory budget or stack: call it now and then.
    pub fn poll(&self, span: Span) -> Result<(), EvalError> {
        self.check_limits(span)
    }

    /// In line at every call and loop iteration: a few loads and compares, everything else out of line
    /// ([`Machine::limits_slow`]). The stack is compared with one precomputed address (`stack_floor`): the
    /// higher of the stack budget's end and the address at which the memory budget wants to hear of the stack
    /// again (`budget::note_stack`), so neither is worked out per call.
    #[inline(always)]
    fn check_limits(&self, span: Span) -> Result<(), EvalError> {
        let here = stack_here();
        let interrupted = self.interrupt.load(Ordering::Relaxed);
        let over = crate::game::budget::exceeded();
        if interrupted | over | (here < self.stack_floor.get()) | (self.depth > MAX_CALL_DEPTH) {
            return self.limits_slow(interrupted, over, here, span);
        }
        Ok(())
    }

    /// [`Machine::check_limits`] when one of its checks asks for a closer look: an interrupt, the memory
    /// budget exceeded, the stack below `stack_floor` (noted to the memory budget, checked against the stack
    /// budget and the floor moved down), or the call depth over [`MAX_CALL_DEPTH`]. Interrupts come first, then
    /// memory, then depth, as they always did.
    #[cold]
    #[inline(never)]
    fn limits_slow(&self, interrupted: bool, over: bool, here: usize, span: Span) -> Result<(), EvalError> {
        // A plain load first (in line): the swap is a locked instruction.
        if interrupted && self.interrupt.swap(false, Ordering::Relaxed) {
            return Err(limit_error(ErrorKind::Interrupted, span));
        }
        if over {
            return Err(memory_error(span));
        }
        if here < self.stack_floor.get() {
            crate::game::budget::note_stack(here);
            if self.stack_base.abs_diff(here) > self.stack_budget {
                return Err(limit_error(ErrorKind::RecursionDepth, span));
            }
            // Both are at most `here` now: the budget's end (within the budget) and the mark (just noted).
            let end = self.stack_base.saturating_sub(self.stack_budget);
            self.stack_floor.set(end.max(crate::game::budget::stack_mark()));
        }
        if self.depth > MAX_CALL_DEPTH {
            return Err(limit_error(ErrorKind::RecursionDepth, span));
        }
        Ok(())
    }

    // ---- statements at top level ---------------------------------------------------------------------

    /// Evaluates a top-level statement; a `break`, `continue` or `return` that escapes it is an error.
    pub fn eval_top(&mut self, e: &Expr) -> Result<Value, EvalError> {
        self.expect_top_loop(e);
        // A loop is compiled (its safe points go with it); another statement runs once, as it is.
        let r = if self.top_loop_next && compile::enabled() { compile::run_top(self, e) } else { self.eval(e) };
        self.top_loop_next = false;
        match r {
            Ok(v) => Ok(v),
            Err(exit) => Err(self.escaped(exit)),
        }
    }

    fn escaped(&self, exit: Exit) -> EvalError {
        match exit {
            Exit::Error(e) => *e,
            Exit::Break(s) => EvalError::new(ErrorKind::LoopControlOutsideLoop { keyword: "break" }, s),
            Exit::Continue(s) => EvalError::new(ErrorKind::LoopControlOutsideLoop { keyword: "continue" }, s),
            Exit::Return(_) => EvalError::new(ErrorKind::ReturnOutsideFunction, Span::default()),
        }
    }

    // ---- expressions ---------------------------------------------------------------------------------

    /// Evaluates an expression.
    pub fn eval(&mut self, e: &Expr) -> Eval<Value> {
        // Leaves first: they do not recurse, so they need no stack check.
        match &e.kind {
            ExprKind::Var(name, slot) => return self.lookup_var(name, slot, e.span),
            ExprKind::Integer(n) => return Ok(Value::int_literal(n)),
            ExprKind::Str(s) => return Ok(Value::short_str(s)),
            _ => {}
        }
        let stack_used = self.stack_base.abs_diff(stack_position());
        if stack_used > self.stack_budget {
            return err(ErrorKind::RecursionDepth, e.span);
        }
        match &e.kind {
            ExprKind::Integer(n) => Ok(Value::int_literal(n)),
            ExprKind::Str(s) => Ok(Value::short_str(s)),
            ExprKind::Bool(b) => Ok(Value::Boolean(*b)),
            ExprKind::Nothing => Ok(Value::Nothing),
            ExprKind::Player(PlayerLit::Left) => Ok(Value::Player(Player::Left)),
            ExprKind::Player(PlayerLit::Right) => Ok(Value::Player(Player::Right)),
            ExprKind::Var(name, slot) => self.lookup_var(name, slot, e.span),
            ExprKind::Nimber { .. } => self.eval_nimber(e),
            ExprKind::Up { .. } => self.eval_up(e),
            ExprKind::GameLit { .. } => self.eval_game_lit(e),
            ExprKind::Pass | ExprKind::Labelled { .. } => (self.globals.library.game_literal)(self, e),
            ExprKind::Explicit(lit) => self.eval_explicit(lit),
            ExprKind::List { .. } => self.eval_list(e),
            ExprKind::Set { .. } => self.eval_set(e),
            ExprKind::Map { .. } => self.eval_map(e),
            ExprKind::Tuple { .. } => self.eval_tuple(e),
            ExprKind::Comprehension { .. } => self.eval_comprehension(e),
            ExprKind::Unary { .. } => self.eval_unary(e),
            ExprKind::Binary { .. } => self.eval_binary(e),
            ExprKind::Range { from, to, by } => self.eval_range(from, to, by.as_deref(), e.span),
            ExprKind::Is { .. } => self.eval_is(e),
            ExprKind::Member { .. } => self.eval_member(e),
            ExprKind::Call { callee, args, named } => self.call_expr(callee, args, named, e.span),
            ExprKind::Index { .. } => self.eval_index(e),
            ExprKind::Lambda { .. } => self.eval_lambda(e),
            ExprKind::Def { .. } => self.eval_def(e),
            ExprKind::Assign { .. } => self.eval_assign(e),
            ExprKind::IndexAssign { .. } => self.eval_index_assign(e),
            ExprKind::VarDecl { .. } => self.eval_var_decl(e),
            ExprKind::Block { .. } => self.eval_block_expr(e),
            ExprKind::If { .. } => self.eval_if(e),
            ExprKind::For { .. } => self.eval_for(e),
            ExprKind::While { .. } => self.eval_while(e),
            ExprKind::Break => Err(Exit::Break(e.span)),
            ExprKind::Continue => Err(Exit::Continue(e.span)),
            ExprKind::Return { .. } => self.eval_return(e),
            ExprKind::Ruleset { .. } => self.eval_ruleset(e),
            ExprKind::Class(def) => self.eval_class(def, e.span),
            ExprKind::Import { path, all } => self.eval_import(path, *all),
            ExprKind::Error | ExprKind::Param(_) => self.eval_error(e),
        }
    }

    #[inline(never)]
    fn eval_nimber(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Nimber(size) => {
                let n = match size {
                    None => crate::game::number::Nim::ONE,
                    Some(x) => {
                        let v = self.eval(x)?;
                        // `*omega`: CGSuite's transfinite nimbers.
                        if let Some(r) = (self.globals.library.star)(&v) {
                            return match r {
                                Ok(v) => Ok(v),
                                Err(k) => err(k, x.span),
                            };
                        }
                        self.nim_value(v, x)?
                    }
                };
                let g = self.games.nimber_of(n);
                self.engine_ok(e.span)?;
                Ok(game_value(self.games, g))
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_up(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Up { sign, count, star } => {
                let ups = match count {
                    UpCount::Repeat(k) => i64::from(*k),
                    UpCount::Expr(x) => self.eval_i64(x, "up count")?,
                };
                let nim = match star {
                    None => crate::game::number::Nim::ZERO,
                    Some(None) => crate::game::number::Nim::ONE,
                    Some(Some(x)) => self.eval_nim_value(x)?,
                };
                let ups = ups.checked_mul(i64::from(*sign)).ok_or_else(|| overflow(e.span))?;
                let g = self.games.uptimal_nim(Dyadic::from_int(0), ups, nim);
                self.engine_ok(e.span)?;
                Ok(game_value(self.games, g))
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_game_lit(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            // A plain literal is the evaluator's (`literal.rs`); one with `pass` or labels is a graph the loopy
            // family reads.
            ExprKind::GameLit { .. } if literal::is_plain(e) => self.plain_literal(e),
            ExprKind::GameLit { .. } => (self.globals.library.game_literal)(self, e),
            _ => unreachable!("dispatched by kind"),
        }
    }

    /// `'<L|R>'`: the options evaluated as written, kept as an explicit form (`library::short::explicit`).
    #[inline(never)]
    fn eval_explicit(&mut self, lit: &Expr) -> Eval<Value> {
        let ExprKind::GameLit { left, right } = &lit.kind else { unreachable!("the grammar quotes game literals") };
        let mut sides: [Vec<(Value, Span)>; 2] = Default::default();
        for (k, opts) in [left, right].into_iter().enumerate() {
            for o in opts {
                let v = self.eval(o)?;
                sides[k].push((v, o.span));
            }
        }
        Ok((self.globals.library.explicit)(self, sides)?)
    }

    #[inline(never)]
    fn eval_list(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::List(items) => {
                let mut v = Vector::new();
                for x in items {
                    v.push_back(self.eval(x)?);
                }
                Ok(Value::List(v.into()))
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_set(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Set(items) => {
                // Inserted in turn: a small set iterates in the order written (LANGUAGE.md §10, "Sets and maps:
                // iteration order").
                let mut s = crate::interp::order::SetBuilder::new();
                for x in items {
                    s.push(self.eval(x)?);
                }
                Ok(s.value())
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_map(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Map(entries) => {
                let mut m = crate::interp::order::MapBuilder::new();
                for (k, v) in entries {
                    let k = self.eval(k)?;
                    let v = self.eval(v)?;
                    m.push(k, v);
                }
                Ok(m.value())
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_tuple(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Tuple(items) => {
                let mut v = Vec::with_capacity(items.len());
                for x in items {
                    v.push(self.eval(x)?);
                }
                Ok(Value::Tuple(v.into()))
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_comprehension(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Comprehension { kind, elem, value, clauses } => {
                self.comprehension(*kind, elem, value.as_deref(), clauses)
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_unary(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Unary { op, expr } => {
                let v = self.unary(*op, expr, e.span)?;
                self.engine_ok(e.span)?;
                Ok(v)
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_binary(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Binary { op: BinOp::And, lhs, rhs } => {
                Ok(Value::Boolean(self.eval_bool(lhs)? && self.eval_bool(rhs)?))
            }
            ExprKind::Binary { op: BinOp::Or, lhs, rhs } => {
                Ok(Value::Boolean(self.eval_bool(lhs)? || self.eval_bool(rhs)?))
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let a = self.eval(lhs)?;
                let b = self.eval(rhs)?;
                if let Some(v) = ops::quick_binary(*op, &a, &b) {
                    return Ok(v);
                }
                let v = match self.object_binary(*op, &a, &b, e.span) {
                    Some(r) => r?,
                    None => self.binary(*op, &a, &b).map_err(|k| Exit::from(EvalError::new(k, e.span)))?,
                };
                self.engine_ok(e.span)?;
                Ok(v)
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    /// `a..b..step`: CGSuite's `Range` (see `library::base::range`), `(a..b)..step` as CGSuite parses it.
    fn eval_range(&mut self, from: &Expr, to: &Expr, by: Option<&Expr>, span: Span) -> Eval<Value> {
        let a = self.eval(from)?;
        let b = self.eval(to)?;
        let mut r = (self.globals.library.range)(&a, &b).map_err(|k| Exit::from(EvalError::new(k, span)))?;
        if let Some(by) = by {
            let step = self.eval(by)?;
            r = (self.globals.library.range)(&r, &step).map_err(|k| Exit::from(EvalError::new(k, span)))?;
        }
        Ok(r)
    }

    #[inline(never)]
    fn eval_is(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Is { expr, ty } => {
                let v = self.eval(expr)?;
                if let Some(b) = self.is_user_class(&v, &ty.name) {
                    return Ok(Value::Boolean(b));
                }
                match self.is_of_class(&v, &ty.name, ty.span) {
                    Some(b) => Ok(Value::Boolean(b)),
                    None => err(ErrorKind::UnknownType { name: ty.name.to_string() }, ty.span),
                }
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_member(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Member { obj, name } => {
                let o = self.eval(obj)?;
                if let Some(f) = method_value(&o, name) {
                    return Ok(f);
                }
                Ok(self.invoke_member(o, name, &[], &[], e.span)?)
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_index(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Index { obj, indices } => {
                if let Some(v) = self.literal_index(obj, indices) {
                    return Ok(v);
                }
                let mut v = self.eval(obj)?;
                // One or two indices (`d[1]`, `g[r, c]`): the keys stay on the stack.
                match &indices[..] {
                    [i] => {
                        let k = self.eval(i)?;
                        return self.index_keys(v, std::slice::from_ref(&k), indices, e.span);
                    }
                    [i, j] => {
                        let keys = [self.eval(i)?, self.eval(j)?];
                        return self.index_keys(v, &keys, indices, e.span);
                    }
                    _ => {}
                }
                // Each index expression is evaluated once, left to right, whichever path uses the keys.
                let mut keys = Vec::with_capacity(indices.len());
                for i in indices {
                    keys.push(self.eval(i)?);
                }
                if let Value::Object(o) = &v {
                    if let Some(r) = o.index(self, &v, &keys, e.span) {
                        return Ok(r?);
                    }
                }
                for (i, k) in indices.iter().zip(&keys) {
                    v = self.index_value(&v, k, i.span)?;
                }
                Ok(v)
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    /// `v[keys…]` with the keys evaluated (from the index expressions `indices`): an object's own indexing,
    /// else one key after the other.
    fn index_keys(&mut self, mut v: Value, keys: &[Value], indices: &[Expr], span: Span) -> Eval<Value> {
        if let Value::Object(o) = &v {
            if let Some(r) = o.index(self, &v, keys, span) {
                return Ok(r?);
            }
        }
        for (i, k) in indices.iter().zip(keys) {
            v = self.index_value(&v, k, i.span)?;
        }
        Ok(v)
    }

    #[inline(never)]
    fn eval_lambda(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Lambda(def) => {
                check_params(self, def)?;
                let c = Closure { def: def.clone(), captured: self.locals.capture() };
                Ok(Value::Function(Rc::new(Function::Closure(c))))
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_def(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Def(def) => {
                check_params(self, def)?;
                let c = Closure { def: def.clone(), captured: self.locals.capture() };
                let f = Value::Function(Rc::new(Function::Closure(c)));
                if let Some(name) = &def.name {
                    self.declare_at(&name.name, &def.slot, f.clone());
                }
                // a definition is an expression whose value is the function, as in CGSuite
                Ok(f)
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_assign(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Assign { target, value, slot } => {
                // A bound local passes both checks (each looks for a local first).
                if self.local_at(&target.name, slot).is_none() {
                    if CLASS_NAMES.contains(&&*target.name) {
                        return err(ErrorKind::AssignToClassName { name: target.name.to_string() }, target.span);
                    }
                    if let Some(cells) = self.check_not_field(target)? {
                        let v = self.eval(value)?;
                        self.set_cell(&cells, target, &v)?;
                        return Ok(v);
                    }
                }
                if let Some(v) = self.append_in_place(&target.name, slot, value)? {
                    return Ok(v);
                }
                let v = self.eval(value)?;
                self.assign_at(&target.name, slot, v.clone());
                Ok(v)
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_var_decl(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::VarDecl { target, value, slot } => {
                let v = match value {
                    Some(x) => self.eval(x)?,
                    None => Value::Nothing,
                };
                self.declare_at(&target.name, slot, v.clone());
                Ok(v)
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_block_expr(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Block(b) => {
                self.locals.push();
                let r = self.eval_block(b);
                self.locals.pop();
                r
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_if(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::If { branches, otherwise } => {
                for (cond, body) in branches {
                    if self.eval_bool(cond)? {
                        return self.eval_block(body);
                    }
                }
                match otherwise {
                    Some(b) => self.eval_block(b),
                    None => Ok(Value::Nothing),
                }
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_for(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::For { clauses, body, mode, more } => self.for_loop(clauses, body, *mode, more),
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_while(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::While { cond, body } => {
                let top = self.take_top_loop();
                loop {
                    self.check_limits(e.span)?;
                    if top {
                        self.top_loop = Some(TopLoop::new::<ForClause>(&[]));
                        self.loop_safe_point(&Vector::new());
                        self.top_loop = None;
                    }
                    if !self.eval_bool(cond)? {
                        break;
                    }
                    match self.eval_block(body) {
                        Ok(_) | Err(Exit::Continue(_)) => {}
                        Err(Exit::Break(_)) => break,
                        Err(x) => return Err(x),
                    }
                }
                Ok(Value::Nothing)
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_return(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Return(x) => {
                let v = match x {
                    Some(x) => self.eval(x)?,
                    None => Value::Nothing,
                };
                if !self.locals.in_function() {
                    return err(ErrorKind::ReturnOutsideFunction, e.span);
                }
                Err(Exit::Return(v))
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_ruleset(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Ruleset(def) => {
                let declare = self.globals.ruleset_declarer.ok_or_else(|| {
                    EvalError::new(ErrorKind::Internal { what: "no ruleset layer is installed".into() }, e.span)
                })?;
                let v = declare(def)?;
                self.declare(def.name.name.clone(), v);
                Ok(Value::Nothing)
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_error(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Error | ExprKind::Param(_) => {
                err(ErrorKind::Internal { what: "evaluated a syntax error".to_string() }, e.span)
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    /// Evaluates the statements of a block in the current scope; its value is that of the last one.
    pub fn eval_block(&mut self, b: &Block) -> Eval<Value> {
        let mut last = Value::Nothing;
        for s in &b.stmts {
            last = self.eval(s)?;
        }
        Ok(last)
    }

    fn eval_bool(&mut self, e: &Expr) -> Eval<bool> {
        match self.eval(e)? {
            Value::Boolean(b) => Ok(b),
            v => err(ErrorKind::NotBoolean { ty: crate::interp::classes::qualified_class_of(self.games, &v) }, e.span),
        }
    }

    fn eval_integer(&mut self, e: &Expr, what: &'static str) -> Eval<BigInt> {
        match self.eval(e)? {
            Value::Integer(n) => Ok(n.into_big()),
            v => {
                let value = v.display(self.games);
                err(ErrorKind::ExpectedInteger { what, value }, e.span)
            }
        }
    }

    /// The `n` of `*n`: a non-negative integer (CGSuite: "Nim value is negative: -8").
    fn eval_nim_value(&mut self, e: &Expr) -> Eval<crate::game::number::Nim> {
        let v = self.eval(e)?;
        self.nim_value(v, e)
    }

    /// The `n` of `*n` given the value of `e`.
    fn nim_value(&mut self, v: Value, e: &Expr) -> Eval<crate::game::number::Nim> {
        let n = match v {
            Value::Integer(n) => n.into_big(),
            v => {
                let value = v.display(self.games);
                return err(ErrorKind::ExpectedInteger { what: "nimber size", value }, e.span);
            }
        };
        if n.sign() == num_bigint::Sign::Minus {
            let message = format!("Nim value is negative: {n}");
            return err(ErrorKind::InvalidArgument { message }, e.span);
        }
        Ok(crate::game::number::Nim::from_big(n.magnitude()))
    }

    fn eval_i64(&mut self, e: &Expr, what: &'static str) -> Eval<i64> {
        let n = self.eval_integer(e, what)?;
        n.to_i64().ok_or_else(|| overflow(e.span))
    }
}

mod assign;
mod calls;
mod classes;
mod compile;
#[cfg(test)]
mod fast_tests;
mod frames;
mod game_classes;
mod is_class;
#[cfg(test)]
mod limit_tests;
mod literal;
mod loops;
mod machine;
mod ops;
mod safe_points;
#[cfg(test)]
mod slot_tests;
mod vars;

use calls::check_params;

/// The stack address of the caller's frame, in line ([`stack_position`] is a call; any address in the
/// frame serves the checks, which leave a wide margin).
#[inline(always)]
fn stack_here() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

/// The error of an interrupt or a call too deep (out of line: `Machine::check_limits` runs in line).
#[cold]
#[inline(never)]
fn limit_error(kind: ErrorKind, span: Span) -> EvalError {
    EvalError::new(kind, span)
}

/// The error of an exceeded memory budget (out of line, as [`limit_error`]).
#[cold]
#[inline(never)]
fn memory_error(span: Span) -> EvalError {
    super::out_of_memory(span)
}
use classes::{method_value, Cells};
pub use classes::{UserClass, UserObject};
pub use compile::{enabled as compiler_enabled, set_enabled as set_compiler_enabled};
pub use game_classes::{
    all_of_user_class, class_game, class_game_facts, class_game_fields, class_game_single_field, is_user_object,
    negated_game, same_user_class, ClassGame, ClassGameFacts,
};
pub use is_class::is_class;
pub use machine::{Eval, Exit, Machine, MAX_CALL_DEPTH, MAX_POWER_BITS};
pub use ops::compare_for_display;
pub(crate) use ops::{big_gcd, big_quotient};

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

use super::builtins::{self, Site};
use super::env::{Globals, Locals, Scope};
use super::error::{Arity, ErrorKind, EvalError, Frame};
use super::object::Object;
use super::value::{
    display_cmp, game_value, is_dyadic, map_in_display_order, set_in_display_order, to_dyadic, Closure, Function,
    Player, Value,
};
use crate::game::{Cmp, Dyadic, GameError, GameId, Games};
use crate::syntax::ast::{
    BinOp, Block, CollectionKind, Expr, ExprKind, ForClause, ForMode, ForSource, Ident, PlayerLit, UnaryOp, UpCount,
};
use crate::syntax::span::Span;
use imbl::{OrdMap, OrdSet, Vector};
use num_bigint::BigInt;
use num_integer::Integer as _;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::io::Write;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The most nested calls a script may make.
pub const MAX_CALL_DEPTH: usize = 50_000;

/// The largest exponent bit-size `a ^ b` may produce before it is reported as an overflow.
const MAX_POWER_BITS: u64 = 1 << 24;

/// How evaluation left an expression other than by producing a value.
#[derive(Debug)]
pub enum Exit {
    /// An error.
    Error(Box<EvalError>),
    /// `break` at this span.
    Break(Span),
    /// `continue` at this span.
    Continue(Span),
    /// `return` with this value.
    Return(Value),
}

impl From<EvalError> for Exit {
    fn from(e: EvalError) -> Exit {
        Exit::Error(Box::new(e))
    }
}

/// The result of evaluating an expression.
pub type Eval<T> = Result<T, Exit>;

fn err<T>(kind: ErrorKind, span: Span) -> Eval<T> {
    Err(Exit::Error(Box::new(EvalError::new(kind, span))))
}

/// The evaluator state for one cell.
pub struct Machine<'a> {
    /// The game store.
    pub games: &'a mut Games,
    /// Top-level variables and native globals.
    pub globals: &'a mut Globals,
    /// The local scopes of the running function.
    pub locals: Locals,
    /// Where `Print` writes.
    pub out: &'a mut dyn Write,
    interrupt: &'a AtomicBool,
    depth: usize,
    stack_base: usize,
    stack_budget: usize,
}

#[inline(never)]
fn stack_position() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

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
            locals: Locals::top(),
            out,
            interrupt,
            depth: 0,
            stack_base: stack_position(),
            stack_budget,
        }
    }

    fn check_limits(&self, span: Span) -> Result<(), EvalError> {
        if self.interrupt.swap(false, Ordering::Relaxed) {
            return Err(EvalError::new(ErrorKind::Interrupted, span));
        }
        let used = self.stack_base.abs_diff(stack_position());
        if used > self.stack_budget || self.depth > MAX_CALL_DEPTH {
            return Err(EvalError::new(ErrorKind::RecursionDepth, span));
        }
        Ok(())
    }

    // ---- statements at top level ---------------------------------------------------------------------

    /// Evaluates a top-level statement; a `break`, `continue` or `return` that escapes it is an error.
    pub fn eval_top(&mut self, e: &Expr) -> Result<Value, EvalError> {
        match self.eval(e) {
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
        let stack_used = self.stack_base.abs_diff(stack_position());
        if stack_used > self.stack_budget {
            return err(ErrorKind::RecursionDepth, e.span);
        }
        match &e.kind {
            ExprKind::Integer(n) => Ok(Value::Integer(Rc::new(n.clone()))),
            ExprKind::Str(s) => Ok(Value::String(Rc::from(s.as_str()))),
            ExprKind::Bool(b) => Ok(Value::Boolean(*b)),
            ExprKind::Nothing => Ok(Value::Nothing),
            ExprKind::Player(PlayerLit::Left) => Ok(Value::Player(Player::Left)),
            ExprKind::Player(PlayerLit::Right) => Ok(Value::Player(Player::Right)),
            ExprKind::Var(name) => self.lookup(name, e.span),
            ExprKind::Nimber { .. } => self.eval_nimber(e),
            ExprKind::Up { .. } => self.eval_up(e),
            ExprKind::GameLit { .. } => self.eval_game_lit(e),
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
            ExprKind::Call { callee, args } => self.call_expr(callee, args, e.span),
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
            ExprKind::Error => self.eval_error(e),
        }
    }

    #[inline(never)]
    fn eval_nimber(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Nimber(size) => {
                let n = match size {
                    None => 1,
                    Some(x) => self.eval_nim_value(x)?,
                };
                let g = self.games.nimber(n);
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
                    None => 0,
                    Some(None) => 1,
                    Some(Some(x)) => self.eval_nim_value(x)?,
                };
                let ups = ups.checked_mul(i64::from(*sign)).ok_or_else(|| overflow(e.span))?;
                let g = self.games.uptimal(Dyadic::from_int(0), ups, nim);
                self.engine_ok(e.span)?;
                Ok(game_value(self.games, g))
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_game_lit(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::GameLit { left, right } => {
                let l = self.eval_options(left)?;
                let r = self.eval_options(right)?;
                let g = self.games.new_game(&l, &r);
                self.engine_ok(e.span)?;
                Ok(game_value(self.games, g))
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_list(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::List(items) => {
                let mut v = Vector::new();
                for x in items {
                    v.push_back(self.eval(x)?);
                }
                Ok(Value::List(v))
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_set(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Set(items) => {
                let mut s = OrdSet::new();
                for x in items {
                    s.insert(self.eval(x)?);
                }
                Ok(Value::Set(s))
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_map(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Map(entries) => {
                let mut m = OrdMap::new();
                for (k, v) in entries {
                    let k = self.eval(k)?;
                    let v = self.eval(v)?;
                    m.insert(k, v);
                }
                Ok(Value::Map(m))
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

    /// `a..b..step`: the list of integers (see `builtins::collections::integer_range`).
    #[inline(never)]
    fn eval_range(&mut self, from: &Expr, to: &Expr, by: Option<&Expr>, span: Span) -> Eval<Value> {
        let a = self.eval_integer(from, "range bound")?;
        let b = self.eval_integer(to, "range bound")?;
        let step = match by {
            Some(s) => self.eval_integer(s, "range step")?,
            None => BigInt::one(),
        };
        crate::interp::builtins::integer_range(&a, &b, &step).map_err(|k| Exit::from(EvalError::new(k, span)))
    }

    #[inline(never)]
    fn eval_is(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Is { expr, ty } => {
                let v = self.eval(expr)?;
                match is_type(&v, &ty.name) {
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
                Ok(self.invoke_member(o, name, &[], &[], e.span)?)
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_index(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Index { obj, indices } => {
                let mut v = self.eval(obj)?;
                // Each index expression is evaluated once, left to right, whichever path uses the keys.
                let mut keys = Vec::with_capacity(indices.len());
                for i in indices {
                    keys.push(self.eval(i)?);
                }
                if let Value::Object(o) = &v {
                    if let Some(r) = o.clone().index(self, &v, &keys, e.span) {
                        return Ok(r?);
                    }
                }
                for (i, k) in indices.iter().zip(&keys) {
                    v = self.index(&v, k, i.span)?;
                }
                Ok(v)
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_lambda(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Lambda(def) => {
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
                let c = Closure { def: def.clone(), captured: self.locals.capture() };
                let f = Value::Function(Rc::new(Function::Closure(c)));
                if let Some(name) = &def.name {
                    self.declare(name.name.clone(), f);
                }
                Ok(Value::Nothing)
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_assign(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::Assign { target, value } => {
                let v = self.eval(value)?;
                self.assign(&target.name, v.clone());
                Ok(v)
            }
            _ => unreachable!("dispatched by kind"),
        }
    }

    /// `x[i][j] := v`: the variable must exist; then the indices are evaluated left to right, then `v`; then `x`
    /// is read again (so changes `v` made to it are kept) and rebound to a copy with the element replaced. Nothing
    /// is rebound if any step fails, and the expression's value is `v`, as for `x := v`.
    #[inline(never)]
    fn eval_index_assign(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::IndexAssign { target, path, value } => {
                self.lookup(&target.name, target.span)?;
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
                let slot = match self.locals.get_mut(&target.name) {
                    Some(slot) => Some(slot),
                    None => self.globals.vars.get_mut(&target.name),
                };
                if let Some(slot) = slot {
                    let mut coll = std::mem::replace(slot, Value::Nothing);
                    let r = self.replace_in_place(&mut coll, &keys, v.clone());
                    let slot = match self.locals.get_mut(&target.name) {
                        Some(slot) => slot,
                        None => self.globals.vars.get_mut(&target.name).expect("slot found above"),
                    };
                    *slot = coll;
                    r?;
                    return Ok(v);
                }
                let mut coll = self.lookup(&target.name, target.span)?;
                self.replace_in_place(&mut coll, &keys, v.clone())?;
                self.assign(&target.name, coll);
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
            Value::Map(m) => {
                if rest.is_empty() {
                    m.insert(k.key.clone(), v);
                    return Ok(());
                }
                let Some(slot) = m.get_mut(&k.key) else {
                    let key = k.key.display(self.games);
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

    #[inline(never)]
    fn eval_var_decl(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::VarDecl { target, value } => {
                let v = match value {
                    Some(x) => self.eval(x)?,
                    None => Value::Nothing,
                };
                self.declare(target.name.clone(), v.clone());
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
            ExprKind::For { clauses, body, mode } => self.for_loop(clauses, body, *mode),
            _ => unreachable!("dispatched by kind"),
        }
    }

    #[inline(never)]
    fn eval_while(&mut self, e: &Expr) -> Eval<Value> {
        match &e.kind {
            ExprKind::While { cond, body } => {
                loop {
                    self.check_limits(e.span)?;
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
            ExprKind::Error => err(ErrorKind::Internal { what: "evaluated a syntax error".to_string() }, e.span),
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
            v => err(ErrorKind::NotBoolean { ty: v.type_name() }, e.span),
        }
    }

    fn eval_integer(&mut self, e: &Expr, what: &'static str) -> Eval<BigInt> {
        match self.eval(e)? {
            Value::Integer(n) => Ok((*n).clone()),
            v => {
                let value = v.display(self.games);
                err(ErrorKind::ExpectedInteger { what, value }, e.span)
            }
        }
    }

    /// The `n` of `*n`: a non-negative integer (CGSuite: "Nim value is negative: -8").
    fn eval_nim_value(&mut self, e: &Expr) -> Eval<u64> {
        let n = self.eval_integer(e, "nimber size")?;
        if n.sign() == num_bigint::Sign::Minus {
            let message = format!("Nim value is negative: {n}");
            return err(ErrorKind::InvalidArgument { message }, e.span);
        }
        n.to_u64().ok_or_else(|| overflow(e.span))
    }

    fn eval_i64(&mut self, e: &Expr, what: &'static str) -> Eval<i64> {
        let n = self.eval_integer(e, what)?;
        n.to_i64().ok_or_else(|| overflow(e.span))
    }

    fn eval_options(&mut self, opts: &[Expr]) -> Eval<Vec<GameId>> {
        let mut out = Vec::with_capacity(opts.len());
        for o in opts {
            let v = self.eval(o)?;
            let items = match &v {
                Value::List(_) | Value::Set(_) | Value::Tuple(_) => self.elements(&v).unwrap_or_default(),
                _ => vec![v],
            };
            for item in items {
                out.push(self.game_operand(&item, o.span)?);
            }
        }
        Ok(out)
    }

    fn game_operand(&mut self, v: &Value, span: Span) -> Result<GameId, EvalError> {
        match self.to_game(v) {
            Some(r) => r.map_err(|k| EvalError::new(k, span)),
            None => {
                let value = v.display(self.games);
                Err(EvalError::new(ErrorKind::NotAGame { ty: v.type_name(), value }, span))
            }
        }
    }

    // ---- variables -----------------------------------------------------------------------------------

    fn lookup(&self, name: &str, span: Span) -> Eval<Value> {
        if let Some(v) = self.locals.lookup(name) {
            return Ok(v.clone());
        }
        match self.globals.lookup(name) {
            Some(v) => Ok(v.clone()),
            None => err(ErrorKind::UndefinedVariable { name: name.to_string() }, span),
        }
    }

    fn declare(&mut self, name: Rc<str>, v: Value) {
        if let Err(v) = self.locals.declare(name.clone(), v) {
            self.globals.vars.insert(name, v);
        }
    }

    fn assign(&mut self, name: &Rc<str>, v: Value) {
        let Err(v) = self.locals.assign(name, v) else {
            return;
        };
        if let Some(slot) = self.globals.vars.get_mut(name) {
            *slot = v;
            return;
        }
        if let Err(v) = self.locals.declare_in_function(name.clone(), v) {
            self.globals.vars.insert(name.clone(), v);
        }
    }

    // ---- loops and comprehensions --------------------------------------------------------------------

    /// Runs `body` once for every binding of the clauses (nested, outermost first) that passes the filters.
    /// A `continue` from the body moves on to the next binding; a `break` leaves every clause.
    fn run_clauses(&mut self, clauses: &[ForClause], body: &mut dyn FnMut(&mut Machine<'a>) -> Eval<()>) -> Eval<()> {
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

    fn eval_number(&mut self, e: &Expr) -> Eval<BigRational> {
        let v = self.eval(e)?;
        match v.as_rational() {
            Some(r) => Ok(r),
            None => err(ErrorKind::ExpectedInteger { what: "loop bound", value: v.display(self.games) }, e.span),
        }
    }

    fn iteration_items(&mut self, coll: &Value, span: Span) -> Eval<Vec<Value>> {
        match coll {
            Value::Map(m) => Ok(map_in_display_order(self.games, m).into_iter().map(|(k, _)| k).collect()),
            Value::String(s) => Ok(s.chars().map(|c| Value::String(Rc::from(c.to_string()))).collect()),
            v => match self.elements(v) {
                Some(items) => Ok(items),
                None => err(ErrorKind::NotIterable { ty: v.type_name() }, span),
            },
        }
    }

    fn for_loop(&mut self, clauses: &[ForClause], body: &Block, mode: ForMode) -> Eval<Value> {
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

    fn comprehension(
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

    // ---- calls and members ---------------------------------------------------------------------------

    fn call_expr(&mut self, callee: &Expr, args: &[Expr], span: Span) -> Eval<Value> {
        if let ExprKind::Member { obj, name } = &callee.kind {
            let o = self.eval(obj)?;
            let (vals, spans) = self.eval_args(args)?;
            return Ok(self.invoke_member(o, name, &vals, &spans, span)?);
        }
        let f = self.eval(callee)?;
        let (vals, spans) = self.eval_args(args)?;
        let name = match &callee.kind {
            ExprKind::Var(n) => n.to_string(),
            _ => String::new(),
        };
        let site = Site { name: &name, span, args: &spans };
        Ok(self.call_value(&f, &vals, &site)?)
    }

    fn eval_args(&mut self, args: &[Expr]) -> Eval<(Vec<Value>, Vec<Span>)> {
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            vals.push(self.eval(a)?);
        }
        Ok((vals, args.iter().map(|a| a.span).collect()))
    }

    /// Calls a function value with evaluated arguments.
    pub fn call_value(&mut self, f: &Value, args: &[Value], site: &Site) -> Result<Value, EvalError> {
        let Value::Function(func) = f else {
            if let Value::Object(o) = f {
                if let Some(r) = o.clone().call(self, f, args, site) {
                    return r;
                }
                if let Some(r) = builtins::impartial::call_object(self, o, args, site) {
                    return r;
                }
            }
            return Err(site.err(ErrorKind::NotCallable { ty: f.type_name() }));
        };
        match &**func {
            Function::Native(n) => {
                let site = Site { name: n.name, span: site.span, args: site.args };
                builtins::check_arity(&site, n.arity, args.len())?;
                let v = (n.f)(self, &site, args)?;
                self.engine_ok(site.span)?;
                Ok(v)
            }
            Function::Closure(c) => self.call_closure(func, c, args, site.span),
        }
    }

    fn call_closure(
        &mut self,
        func: &Rc<Function>,
        c: &Closure,
        args: &[Value],
        span: Span,
    ) -> Result<Value, EvalError> {
        let params = &c.def.params;
        if params.len() != args.len() {
            let kind = ErrorKind::ArgumentCount { expected: Arity::Exact(params.len()), got: args.len() };
            return Err(EvalError::new(kind, span));
        }
        self.depth += 1;
        if let Err(e) = self.check_limits(span) {
            self.depth -= 1;
            return Err(e);
        }
        let mut scope = Scope::new();
        if let Some(name) = &c.def.name {
            scope.insert(name.name.clone(), Value::Function(func.clone()));
        }
        for (p, a) in params.iter().zip(args) {
            scope.insert(p.name.clone(), a.clone());
        }
        let saved = std::mem::replace(&mut self.locals, Locals::for_call(c.captured.clone(), scope));
        let r = self.eval(&c.def.body);
        self.locals = saved;
        self.depth -= 1;
        match r {
            Ok(v) | Err(Exit::Return(v)) => Ok(v),
            Err(exit) => {
                let mut e = self.escaped(exit);
                e.frames.push(Frame { function: func.name(), call_span: span });
                Err(e)
            }
        }
    }

    /// Calls a function value from a native (e.g. the function given to `Map`).
    pub fn call_function(&mut self, f: &Rc<Function>, args: &[Value], span: Span) -> Result<Value, EvalError> {
        let spans = vec![span; args.len()];
        let site = Site { name: "", span, args: &spans };
        self.call_value(&Value::Function(f.clone()), args, &site)
    }

    /// `obj.name(args)`: also used by natives that ask a value for its members.
    pub fn invoke_member(
        &mut self,
        obj: Value,
        name: &Ident,
        args: &[Value],
        arg_spans: &[Span],
        span: Span,
    ) -> Result<Value, EvalError> {
        if let Value::Object(o) = &obj {
            if let Some(r) = builtins::impartial::invoke_member(self, &obj, name, args, arg_spans, span) {
                return r;
            }
            if let Some(r) = self.object_member(o, &obj, name, args, arg_spans, span) {
                return r;
            }
        }
        let Some(member) = builtins::find_member(&obj, &name.name) else {
            let kind = ErrorKind::NotAMember { ty: obj.type_name(), name: name.name.to_string() };
            return Err(EvalError::new(kind, name.span));
        };
        let site = Site { name: member.name, span, args: arg_spans };
        builtins::check_arity(&site, member.arity, args.len())?;
        let v = (member.f)(self, &site, &obj, args)?;
        self.engine_ok(span)?;
        Ok(v)
    }

    // ---- indexing ------------------------------------------------------------------------------------

    fn index(&mut self, v: &Value, k: &Value, span: Span) -> Result<Value, EvalError> {
        let out_of_bounds =
            |m: &mut Machine| EvalError::new(ErrorKind::IndexOutOfBounds { index: k.display(m.games) }, span);
        let position = |len: usize| match k {
            Value::Integer(n) => n.to_usize().filter(|i| (1..=len).contains(i)).map(|i| i - 1),
            _ => None,
        };
        match v {
            Value::List(l) => match position(l.len()) {
                Some(i) => Ok(l[i].clone()),
                None => Err(out_of_bounds(self)),
            },
            Value::Tuple(t) => match position(t.len()) {
                Some(i) => Ok(t[i].clone()),
                None => Err(out_of_bounds(self)),
            },
            Value::String(s) => match position(s.chars().count()) {
                Some(i) => Ok(Value::String(Rc::from(s.chars().nth(i).unwrap_or(' ').to_string()))),
                None => Err(out_of_bounds(self)),
            },
            Value::Map(m) => match m.get(k) {
                Some(x) => Ok(x.clone()),
                None => Err(EvalError::new(ErrorKind::KeyNotFound { key: k.display(self.games) }, span)),
            },
            _ => Err(EvalError::new(ErrorKind::NotIndexable { ty: v.type_name() }, span)),
        }
    }

    // ---- conversions ---------------------------------------------------------------------------------

    /// The game a value denotes: `None` if it is not game-like at all, an error if it is a number the engine
    /// cannot represent (not dyadic, or too large).
    pub fn to_game(&mut self, v: &Value) -> Option<Result<GameId, ErrorKind>> {
        match v {
            Value::Game(g) => Some(Ok(*g)),
            Value::Integer(n) => Some(match n.to_i64() {
                Some(k) => Ok(self.games.integer(k)),
                None => Err(ErrorKind::Overflow),
            }),
            Value::Rational(r) => Some(to_dyadic(r).map(|d| self.games.number(d))),
            Value::Object(o) => match o.clone().to_game(self, Span::default()) {
                Some(r) => Some(r.map_err(|e| e.kind)),
                None => self.legacy_to_game(o),
            },
            _ => None,
        }
    }

    fn legacy_to_game(&mut self, o: &Rc<dyn Object>) -> Option<Result<GameId, ErrorKind>> {
        builtins::impartial::to_game(self, o).or_else(|| builtins::sumber::to_game(self, o))
    }

    // ---- the object protocol -------------------------------------------------------------------------

    /// `a op b` with an object operand: the left object's answer, else the right one's.
    fn object_binary(&mut self, op: BinOp, a: &Value, b: &Value, span: Span) -> Option<Result<Value, EvalError>> {
        for v in [a, b] {
            if let Value::Object(o) = v {
                if let Some(r) = o.clone().binary(self, op, a, b, span) {
                    return Some(r.and_then(|v| self.engine_ok(span).map(|()| v)));
                }
            }
        }
        None
    }

    /// `obj.name(args)` through the object protocol (see [`super::object`] for the order).
    fn object_member(
        &mut self,
        o: &Rc<dyn Object>,
        this: &Value,
        name: &Ident,
        args: &[Value],
        arg_spans: &[Span],
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        let o = o.clone();
        let site = Site { name: &name.name, span, args: arg_spans };
        if let Some(r) = o.member(self, this, &name.name, args, &site) {
            return Some(r.and_then(|v| self.engine_ok(span).map(|()| v)));
        }
        if let Some(mem) = o.members().iter().find(|x| *x.name == *name.name) {
            let site = Site { name: mem.name, span, args: arg_spans };
            return Some(
                builtins::check_arity(&site, mem.arity, args.len())
                    .and_then(|()| (mem.f)(self, &site, this, args))
                    .and_then(|v| self.engine_ok(span).map(|()| v)),
            );
        }
        let g = match o.to_game(self, span)? {
            Ok(g) => g,
            Err(e) => return Some(Err(e)),
        };
        let gv = game_value(self.games, g);
        let mem = builtins::find_member(&gv, &name.name)?;
        let site = Site { name: mem.name, span, args: arg_spans };
        Some(
            builtins::check_arity(&site, mem.arity, args.len())
                .and_then(|()| (mem.f)(self, &site, &gv, args))
                .and_then(|v| self.engine_ok(span).map(|()| v)),
        )
    }

    /// The elements of a List, Set (display order) or Tuple.
    pub fn elements(&mut self, v: &Value) -> Option<Vec<Value>> {
        match v {
            Value::List(l) => Some(l.iter().cloned().collect()),
            Value::Set(s) => Some(set_in_display_order(self.games, s)),
            Value::Tuple(t) => Some(t.to_vec()),
            _ => None,
        }
    }

    /// The value of a game, with an engine error worded for users.
    pub fn game_result(&mut self, r: Result<GameId, GameError>, span: Span) -> Result<Value, EvalError> {
        match r {
            Ok(g) => Ok(game_value(self.games, g)),
            Err(e) => Err(EvalError::new(self.game_error(e), span)),
        }
    }

    /// Reports an overflow the engine flagged during the last operations.
    pub fn engine_ok(&mut self, span: Span) -> Result<(), EvalError> {
        match self.games.check_overflow() {
            Ok(()) => Ok(()),
            Err(e) => Err(EvalError::new(self.game_error(e), span)),
        }
    }

    /// An engine error as an error kind.
    pub fn game_error(&mut self, e: GameError) -> ErrorKind {
        match e {
            GameError::NotAtomic(g) => ErrorKind::NotAtomic { game: self.show_game(g) },
            GameError::InvalidCoolingTemperature(t) => {
                ErrorKind::InvalidCoolingTemperature { temperature: super::value::dyadic_value(t).display(self.games) }
            }
            GameError::NotANimber(g) => ErrorKind::NotANimber { game: self.show_game(g) },
            GameError::NotUptimal(g) => ErrorKind::NotUptimal { game: self.show_game(g) },
            GameError::InvalidPowBase(_) => ErrorKind::InvalidPowBase,
            GameError::InvalidExponent(x, least) => {
                ErrorKind::InvalidExponent { exponent: x.to_string(), least: least.to_string() }
            }
            GameError::NotPositive(g) => ErrorKind::NotPositive { game: self.show_game(g) },
            GameError::Overflow => ErrorKind::Overflow,
        }
    }

    fn show_game(&mut self, g: GameId) -> String {
        game_value(self.games, g).display(self.games)
    }

    /// Writes a line of output.
    pub fn write_line(&mut self, text: &str, span: Span) -> Result<(), EvalError> {
        writeln!(self.out, "{text}").map_err(|e| EvalError::new(ErrorKind::Output { message: e.to_string() }, span))
    }

    // ---- operators -----------------------------------------------------------------------------------

    fn unary(&mut self, op: UnaryOp, e: &Expr, span: Span) -> Eval<Value> {
        if op == UnaryOp::Not {
            return Ok(Value::Boolean(!self.eval_bool(e)?));
        }
        let v = self.eval(e)?;
        let no_op = |name: &'static str| {
            Exit::from(EvalError::new(ErrorKind::NoOperation { op: name, types: vec![v.type_name()] }, span))
        };
        match (op, &v) {
            (UnaryOp::Plus, Value::Integer(_) | Value::Rational(_) | Value::Game(_)) => Ok(v.clone()),
            (UnaryOp::Plus, _) => Err(no_op("+")),
            (UnaryOp::Neg, Value::Integer(n)) => Ok(Value::int(-(**n).clone())),
            (UnaryOp::Neg, Value::Rational(r)) => Ok(Value::rational(-(**r).clone())),
            (UnaryOp::Neg, Value::Game(g)) => {
                let h = self.games.neg(*g);
                Ok(game_value(self.games, h))
            }
            (UnaryOp::Neg, Value::Object(o)) if o.clone().negate(self, &v, span).is_some() => {
                o.clone().negate(self, &v, span).unwrap_or_else(|| unreachable!()).map_err(Exit::from)
            }
            (UnaryOp::Neg, _) => match builtins::sumber::negate(&v) {
                Some(x) => Ok(x),
                None => Err(no_op("-")),
            },
            (UnaryOp::PlusMinus, _) => match self.to_game(&v) {
                Some(Ok(g)) => {
                    let h = self.games.plus_minus(g);
                    Ok(game_value(self.games, h))
                }
                Some(Err(k)) => err(k, span),
                None => Err(no_op("+-")),
            },
            (UnaryOp::Not, _) => unreachable!("handled above"),
        }
    }

    /// Applies a binary operator other than `and`/`or` to two values.
    pub fn binary(&mut self, op: BinOp, a: &Value, b: &Value) -> Result<Value, ErrorKind> {
        use Value::{Game, Integer};
        let no_op = || ErrorKind::NoOperation { op: op.symbol(), types: vec![a.type_name(), b.type_name()] };
        if matches!(a, Value::Object(_)) || matches!(b, Value::Object(_)) {
            if let Some(r) = self.object_binary(op, a, b, Span::default()) {
                return r.map_err(|e| e.kind);
            }
            if let Some(r) = builtins::impartial::binary(self, op, a, b) {
                return r;
            }
            if let Some(r) = builtins::sumber::binary(self, op, a, b) {
                return r;
            }
        }
        match op {
            BinOp::Eq => return Ok(Value::Boolean(a == b)),
            BinOp::Ne => return Ok(Value::Boolean(a != b)),
            BinOp::And | BinOp::Or => return Err(no_op()),
            _ => {}
        }
        // numbers with numbers
        match (op, a, b) {
            (BinOp::Add | BinOp::Sub | BinOp::Mul, Integer(x), Integer(y)) => {
                // Machine integers first: no big-number arithmetic and, for small results, no allocation.
                if let (Some(i), Some(j)) = (x.to_i64(), y.to_i64()) {
                    let r = match op {
                        BinOp::Add => i.checked_add(j),
                        BinOp::Sub => i.checked_sub(j),
                        _ => i.checked_mul(j),
                    };
                    if let Some(r) = r {
                        return Ok(Value::small_int(r));
                    }
                }
                return Ok(Value::int(match op {
                    BinOp::Add => &**x + &**y,
                    BinOp::Sub => &**x - &**y,
                    _ => &**x * &**y,
                }));
            }
            (BinOp::Mod, Integer(x), Integer(y)) => {
                if y.is_zero() {
                    return Err(ErrorKind::DivisionByZero);
                }
                return Ok(Value::int(super::value::div_mod_floor(x, y).1));
            }
            (BinOp::Pow, _, Integer(e)) if a.is_number() => return power(a, e),
            // integer comparisons without going through rationals (same answers as the rational case below)
            (BinOp::Lt | BinOp::LessOrConfused, Integer(x), Integer(y)) => return Ok(Value::Boolean(x < y)),
            (BinOp::Le, Integer(x), Integer(y)) => return Ok(Value::Boolean(x <= y)),
            (BinOp::Gt | BinOp::GreaterOrConfused, Integer(x), Integer(y)) => return Ok(Value::Boolean(x > y)),
            (BinOp::Ge, Integer(x), Integer(y)) => return Ok(Value::Boolean(x >= y)),
            (BinOp::Confused, Integer(_), Integer(_)) => return Ok(Value::Boolean(false)),
            _ => {}
        }
        if let (Some(x), Some(y)) = (a.as_rational(), b.as_rational()) {
            return match op {
                BinOp::Add => Ok(Value::rational(x + y)),
                BinOp::Sub => Ok(Value::rational(x - y)),
                BinOp::Mul => Ok(Value::rational(x * y)),
                BinOp::Div if y.is_zero() => Err(ErrorKind::DivisionByZero),
                BinOp::Div => Ok(Value::rational(x / y)),
                BinOp::Lt | BinOp::LessOrConfused => Ok(Value::Boolean(x < y)),
                BinOp::Le => Ok(Value::Boolean(x <= y)),
                BinOp::Gt | BinOp::GreaterOrConfused => Ok(Value::Boolean(x > y)),
                BinOp::Ge => Ok(Value::Boolean(x >= y)),
                BinOp::Confused => Ok(Value::Boolean(false)),
                BinOp::OrdinalSum | BinOp::PlusMinus => self.game_binary(op, a, b).unwrap_or_else(|| Err(no_op())),
                _ => Err(no_op()),
            };
        }
        // strings
        match (op, a, b) {
            (BinOp::Add, Value::String(_), _) | (BinOp::Add, _, Value::String(_)) => {
                let s = a.display_plain(self.games) + &b.display_plain(self.games);
                return Ok(Value::String(Rc::from(s)));
            }
            (BinOp::Lt, Value::String(x), Value::String(y)) => return Ok(Value::Boolean(x < y)),
            (BinOp::Le, Value::String(x), Value::String(y)) => return Ok(Value::Boolean(x <= y)),
            (BinOp::Gt, Value::String(x), Value::String(y)) => return Ok(Value::Boolean(x > y)),
            (BinOp::Ge, Value::String(x), Value::String(y)) => return Ok(Value::Boolean(x >= y)),
            _ => {}
        }
        // games (at least one operand is a non-number game)
        if matches!(a, Game(_)) || matches!(b, Game(_)) {
            if let Some(r) = self.game_binary(op, a, b) {
                return r;
            }
        }
        Err(no_op())
    }

    /// Game arithmetic and comparison; `None` if the operator or operands have no game meaning.
    fn game_binary(&mut self, op: BinOp, a: &Value, b: &Value) -> Option<Result<Value, ErrorKind>> {
        let no_op = || ErrorKind::NoOperation { op: op.symbol(), types: vec![a.type_name(), b.type_name()] };
        if op == BinOp::Mul {
            let (n, g) = match (a, b) {
                (Value::Integer(n), Value::Game(g)) | (Value::Game(g), Value::Integer(n)) => (n, *g),
                _ => return Some(Err(no_op())),
            };
            let Some(n) = n.to_i64() else {
                return Some(Err(ErrorKind::Overflow));
            };
            let h = self.games.mul_int(n, g);
            return Some(Ok(game_value(self.games, h)));
        }
        let g = match self.to_game(a)? {
            Ok(g) => g,
            Err(ErrorKind::NotDyadic { .. }) => return Some(Err(no_op())),
            Err(k) => return Some(Err(k)),
        };
        let h = match self.to_game(b)? {
            Ok(h) => h,
            Err(ErrorKind::NotDyadic { .. }) => return Some(Err(no_op())),
            Err(k) => return Some(Err(k)),
        };
        let games = &mut *self.games;
        let result = match op {
            BinOp::Add => games.add(g, h),
            BinOp::Sub => games.sub(g, h),
            BinOp::OrdinalSum => games.ordinal_sum(g, h),
            BinOp::PlusMinus => {
                let pm = games.plus_minus(h);
                games.add(g, pm)
            }
            BinOp::Lt
            | BinOp::Le
            | BinOp::Gt
            | BinOp::Ge
            | BinOp::Confused
            | BinOp::LessOrConfused
            | BinOp::GreaterOrConfused => {
                let c = games.cmp(g, h);
                let b = match op {
                    BinOp::Lt => c == Cmp::Less,
                    BinOp::Le => matches!(c, Cmp::Less | Cmp::Equal),
                    BinOp::Gt => c == Cmp::Greater,
                    BinOp::Ge => matches!(c, Cmp::Greater | Cmp::Equal),
                    BinOp::Confused => c == Cmp::Confused,
                    BinOp::LessOrConfused => matches!(c, Cmp::Less | Cmp::Confused),
                    _ => matches!(c, Cmp::Greater | Cmp::Confused),
                };
                return Some(Ok(Value::Boolean(b)));
            }
            _ => return Some(Err(no_op())),
        };
        Some(Ok(game_value(self.games, result)))
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

fn overflow(span: Span) -> Exit {
    EvalError::new(ErrorKind::Overflow, span).into()
}

/// `a ^ e` for a number `a` and an integer `e`.
fn power(a: &Value, e: &BigInt) -> Result<Value, ErrorKind> {
    let base = a.as_rational().unwrap_or_else(BigRational::zero);
    if base.is_zero() && e.is_negative() {
        return Err(ErrorKind::DivisionByZero);
    }
    let trivial = base.is_zero() || base.abs().is_one();
    let Some(k) = e.abs().to_u64() else {
        return if trivial { Ok(Value::rational(trivial_power(&base, e))) } else { Err(ErrorKind::Overflow) };
    };
    if trivial {
        return Ok(Value::rational(trivial_power(&base, e)));
    }
    let bits = base.numer().bits().max(base.denom().bits());
    if bits.saturating_mul(k) > MAX_POWER_BITS {
        return Err(ErrorKind::Overflow);
    }
    let k = k as u32;
    let num = base.numer().pow(k);
    let den = base.denom().pow(k);
    let r = if e.is_negative() { BigRational::new(den, num) } else { BigRational::new(num, den) };
    Ok(Value::rational(r))
}

fn trivial_power(base: &BigRational, e: &BigInt) -> BigRational {
    if base.is_zero() {
        if e.is_zero() {
            BigRational::one()
        } else {
            BigRational::zero()
        }
    } else if base.is_negative() && e.is_odd() {
        -BigRational::one()
    } else {
        BigRational::one()
    }
}

/// `v is ty`: `None` for an unknown type name. Integers are dyadic rationals are rationals; integers and
/// dyadic rationals are games.
pub fn is_type(v: &Value, ty: &str) -> Option<bool> {
    let dyadic = match v {
        Value::Integer(_) => true,
        Value::Rational(r) => is_dyadic(r),
        _ => false,
    };
    Some(match ty {
        "Integer" => matches!(v, Value::Integer(_)),
        "DyadicRational" => dyadic,
        "Rational" | "Number" => v.is_number(),
        "Game" => dyadic || matches!(v, Value::Game(_)) || matches!(v, Value::Object(o) if o.is_game()),
        "Boolean" => matches!(v, Value::Boolean(_)),
        "String" => matches!(v, Value::String(_)),
        "Nothing" => matches!(v, Value::Nothing),
        "List" => matches!(v, Value::List(_)),
        "Set" => matches!(v, Value::Set(_)),
        "Map" => matches!(v, Value::Map(_)),
        "Collection" => matches!(v, Value::List(_) | Value::Set(_)),
        "Tuple" => matches!(v, Value::Tuple(_)),
        "Function" => matches!(v, Value::Function(_)),
        "Player" => matches!(v, Value::Player(_)),
        "OutcomeClass" => matches!(v, Value::Outcome(_)),
        "Thermograph" => matches!(v, Value::Thermograph(_)),
        other => match v {
            Value::Object(o) if o.type_name() == other => true,
            _ => return None,
        },
    })
}

/// The display order of two values (re-exported for builtins that sort).
pub fn compare_for_display(games: &mut Games, a: &Value, b: &Value) -> std::cmp::Ordering {
    display_cmp(games, a, b)
}

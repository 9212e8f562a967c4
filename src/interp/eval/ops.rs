//! Operators: unary and binary, on numbers, games, collections and strings; powers.

use super::machine::*;
use crate::game::number::bigpow::pow_polled;
use crate::interp::int::Int;
use crate::interp::room_for;
use num_bigint::BigUint;

impl<'a> Machine<'a> {
    // ---- operators -----------------------------------------------------------------------------------

    pub(super) fn unary(&mut self, op: UnaryOp, e: &Expr, span: Span) -> Eval<Value> {
        if op == UnaryOp::Not {
            return Ok(Value::Boolean(!self.eval_bool(e)?));
        }
        let v = self.eval(e)?;
        // An object's own unary operators (`-x`; `+-x` of a loopy value: its onside and offside negated).
        if let Value::Object(o) = &v {
            if let Some(r) = o.clone().unary(self, op, &v, span) {
                return r.map_err(Exit::from);
            }
        }
        // CGSuite names unary `-` and `+` `neg` and `pos` in its message.
        let no_op = |m: &mut Self, name: &'static str| {
            let types = vec![v.type_name().into()];
            let k = m.name_operands(ErrorKind::NoOperation { op: name, types }, &[&v]);
            Exit::from(EvalError::new(k, span))
        };
        match (op, &v) {
            (UnaryOp::Plus, Value::Integer(_) | Value::Rational(_) | Value::Infinity(_) | Value::Game(_)) => {
                Ok(v.clone())
            }
            (UnaryOp::Plus, _) => Err(no_op(self, "pos")),
            (UnaryOp::Neg, Value::Integer(n)) => Ok(Value::Integer(n.neg())),
            (UnaryOp::Neg, Value::Rational(r)) => Ok(Value::rational(-(**r).clone())),
            (UnaryOp::Neg, Value::Infinity(s)) => Ok(Value::Infinity(-s)),
            (UnaryOp::Neg, Value::Game(g)) => {
                let h = self.games.neg(*g);
                Ok(game_value(self.games, h))
            }
            (UnaryOp::Neg, _) => Err(no_op(self, "neg")),
            // CGSuite's `+-{a,b}` (as printed for a switch with several options): `<a,b|-a,-b>`.
            (UnaryOp::PlusMinus, Value::Set(items, _)) => {
                let mut left = Vec::with_capacity(items.len());
                for x in items.iter() {
                    match self.to_game(x) {
                        Some(Ok(g)) => left.push(g),
                        Some(Err(k)) => return err(k, span),
                        None => return Err(no_op(self, "+-")),
                    }
                }
                let right: Vec<GameId> = left.iter().map(|&g| self.games.neg(g)).collect();
                let h = self.games.new_game(&left, &right);
                Ok(game_value(self.games, h))
            }
            (UnaryOp::PlusMinus, _) => match self.to_game(&v) {
                Some(Ok(g)) => {
                    let h = self.games.plus_minus(g);
                    Ok(game_value(self.games, h))
                }
                Some(Err(k)) => err(k, span),
                None => Err(no_op(self, "+-")),
            },
            (UnaryOp::Not, _) => unreachable!("handled above"),
        }
    }

    /// Applies a binary operator other than `and`/`or` to two values. A "No operation" error about the two
    /// operands names their classes as CGSuite does (see [`Machine::name_operands`]).
    pub fn binary(&mut self, op: BinOp, a: &Value, b: &Value) -> Result<Value, ErrorKind> {
        self.binary_values(op, a, b).map_err(|k| self.name_operands(k, &[a, b]))
    }

    /// A "No operation" error about exactly `operands` (its types are theirs, as cgs's library names them)
    /// with each operand named by its class's qualified name, as CGSuite 2.2 writes it: "No operation `+`
    /// for arguments of types `game.Integer`, `cgsuite.lang.String`", `game.Zero` for `0`, `game.Nimber` for
    /// `*2`, a user class by its own (qualified) name. Any other error is returned as it is: an error about
    /// other values (the parts of a coordinate pair) already names those.
    pub(super) fn name_operands(&mut self, k: ErrorKind, operands: &[&Value]) -> ErrorKind {
        let ErrorKind::NoOperation { op, types } = k else { return k };
        let names = |m: &mut Self, v: &Value| {
            (v.type_name(), crate::interp::classes::class_of(m.games, v), m.qualified_class_text(v))
        };
        let mut qualified = Vec::with_capacity(operands.len());
        for (t, v) in types.iter().zip(operands) {
            let (ty, class, q) = names(self, v);
            if *t != ty && *t != class && *t != q {
                return ErrorKind::NoOperation { op, types };
            }
            qualified.push(q);
        }
        if qualified.len() != types.len() {
            return ErrorKind::NoOperation { op, types };
        }
        ErrorKind::NoOperation { op, types: qualified }
    }

    /// The qualified name of `v`'s class, as `v.Class` prints it without its brackets.
    pub(super) fn qualified_class_text(&mut self, v: &Value) -> String {
        if let Some(name) = super::classes::user_class_name(v) {
            return name;
        }
        let class = self.class_name(v, Span::default());
        crate::interp::classes::qualified(&class)
    }

    /// `G + 0`, `0 + G` and `G - 0` of a game object are `G` itself, and `0 - G` is `-G`: CGSuite 2.2 takes
    /// `game.Zero` first in `+` and `-`, so no compound with `0` is built (`game.heap.Kayles(3) + 0` prints
    /// `TakeAndBreak.Position(3)`, `'{1|0}' - 0` `'{1|0}'`, `*[2] + 0` `*[2]`). `None` for other operands.
    pub(super) fn zero_sum(&mut self, op: BinOp, a: &Value, b: &Value) -> Option<Result<Value, ErrorKind>> {
        if !matches!(op, BinOp::Add | BinOp::Sub) {
            return None;
        }
        let zero = |m: &mut Self, v: &Value| match v {
            Value::Integer(n) => n.is_zero(),
            Value::Game(g) => *g == m.games.zero(),
            _ => false,
        };
        let game_object = |m: &mut Self, v: &Value| {
            matches!(v, Value::Object(_)) && super::is_class::is_class(m.games, v, "Game") == Some(true)
        };
        if zero(self, b) && game_object(self, a) {
            return Some(Ok(a.clone()));
        }
        if !(zero(self, a) && game_object(self, b)) {
            return None;
        }
        if op == BinOp::Add {
            return Some(Ok(b.clone()));
        }
        let Value::Object(o) = b else { return None };
        o.clone().unary(self, UnaryOp::Neg, b, Span::default()).map(|r| r.map_err(|e| e.kind))
    }

    fn binary_values(&mut self, op: BinOp, a: &Value, b: &Value) -> Result<Value, ErrorKind> {
        use Value::{Game, Integer};
        let no_op =
            || ErrorKind::NoOperation { op: op.symbol(), types: vec![a.type_name().into(), b.type_name().into()] };
        match op {
            BinOp::Same => return Ok(Value::Boolean(a == b)),
            BinOp::NotSame => return Ok(Value::Boolean(a != b)),
            _ => {}
        }
        if matches!(a, Value::Object(_)) || matches!(b, Value::Object(_)) {
            if let Some(r) = self.object_binary(op, a, b, Span::default()) {
                return r.map_err(|e| e.kind);
            }
            for v in [a, b] {
                if let Value::Object(o) = v {
                    if let Some(r) = o.clone().binary_fallback(self, op, a, b) {
                        return r;
                    }
                }
            }
        }
        // `s & t` of values no object answered for: both must be short games (loopy values answer `&`
        // themselves); a sided value of two different ones is the loopy family's.
        if op == BinOp::Sidle {
            let (Some(x), Some(y)) = (self.to_game(a), self.to_game(b)) else { return Err(no_op()) };
            let (x, y) = (x?, y?);
            if x == y {
                return Ok(game_value(self.games, x));
            }
            return (self.globals.library.sided)(self, x, y);
        }
        match op {
            BinOp::Eq => return Ok(Value::Boolean(a == b)),
            BinOp::Ne => return Ok(Value::Boolean(a != b)),
            BinOp::And | BinOp::Or => return Err(no_op()),
            _ => {}
        }
        if let Some(r) = (self.globals.library.infinite_binary)(op, a, b) {
            return r;
        }
        // CGSuite's `Coordinates`: `(r, c) + (dr, dc)`, `(r, c) - (dr, dc)`, componentwise (the first error
        // is the answer; the pair made at once, with no vector in between).
        if let (Value::Tuple(x), Value::Tuple(y), BinOp::Add | BinOp::Sub) = (a, b, op) {
            if let ([p, q], [dp, dq]) = (&x[..], &y[..]) {
                let r = self.binary(op, p, dp)?;
                let c = self.binary(op, q, dq)?;
                return Ok(Value::Tuple(Rc::from([r, c])));
            }
        }
        // `(r, c) * k` and `k * (r, c)`: a coordinate pair of integers scaled by an integer, componentwise.
        if op == BinOp::Mul {
            let pair =
                |v: &Value| matches!(v, Value::Tuple(x) if x.len() == 2 && x.iter().all(|p| matches!(p, Integer(_))));
            let scaled = match (a, b) {
                (Value::Tuple(x), k @ Integer(_)) if pair(a) => Some((x, k)),
                (k @ Integer(_), Value::Tuple(x)) if pair(b) => Some((x, k)),
                _ => None,
            };
            if let Some((x, k)) = scaled {
                let parts: Result<Vec<Value>, ErrorKind> = x.iter().map(|p| self.binary(op, p, k)).collect();
                return Ok(Value::Tuple(std::rc::Rc::from(parts?)));
            }
        }
        // CGSuite's `Coordinates` are ordered componentwise (a partial order): `(2, 3) >= (1, 1)`, and neither of
        // `(1, 2)`, `(2, 1)` is below the other.
        if let (Value::Tuple(x), Value::Tuple(y), BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge) = (a, b, op) {
            if let ([Integer(r1), Integer(c1)], [Integer(r2), Integer(c2)]) = (&x[..], &y[..]) {
                let (r, c) = (r1.cmp(r2), c1.cmp(c2));
                let le = r.is_le() && c.is_le();
                let ge = r.is_ge() && c.is_ge();
                let eq = r.is_eq() && c.is_eq();
                return Ok(Value::Boolean(match op {
                    BinOp::Lt => le && !eq,
                    BinOp::Le => le,
                    BinOp::Gt => ge && !eq,
                    _ => ge,
                }));
            }
        }
        // numbers with numbers
        match (op, a, b) {
            // Machine integers first (checked, promoting to `BigInt` on overflow); big products polled.
            (BinOp::Add, Integer(x), Integer(y)) => return Ok(Integer(x.add(y))),
            (BinOp::Sub, Integer(x), Integer(y)) => return Ok(Integer(x.sub(y))),
            (BinOp::Mul, Integer(x), Integer(y)) => {
                return Ok(Integer(match x.mul_small(y) {
                    Some(r) => r,
                    None => Int::big(big_product(&x.to_big(), &y.to_big())?),
                }));
            }
            (BinOp::Mod, Integer(x), Integer(y)) => {
                if y.is_zero() {
                    return Err(ErrorKind::DivisionByZero);
                }
                // CGSuite's remainder: the sign of the dividend, so that a == b * a.Div(b) + a % b.
                if let Some((_, r)) = x.div_rem_trunc_small(y) {
                    return Ok(Integer(r));
                }
                return Ok(Value::int(big_quotient(&x.to_big(), &y.to_big())?.1));
            }
            // An exact quotient of machine integers stays an integer without a rational.
            (BinOp::Div, Integer(x), Integer(y)) if !y.is_zero() => {
                if let Some((q, r)) = x.div_rem_trunc_small(y) {
                    if r.is_zero() {
                        return Ok(Integer(q));
                    }
                }
            }
            (BinOp::Pow, _, Integer(e)) if a.is_number() => return power(a, &e.to_big()),
            // integer comparisons without going through rationals (same answers as the rational case below)
            (BinOp::Lt | BinOp::LessOrConfused, Integer(x), Integer(y)) => return Ok(Value::Boolean(x < y)),
            (BinOp::Le, Integer(x), Integer(y)) => return Ok(Value::Boolean(x <= y)),
            (BinOp::Gt | BinOp::GreaterOrConfused, Integer(x), Integer(y)) => return Ok(Value::Boolean(x > y)),
            (BinOp::Ge, Integer(x), Integer(y)) => return Ok(Value::Boolean(x >= y)),
            (BinOp::Confused, Integer(_), Integer(_)) => return Ok(Value::Boolean(false)),
            _ => {}
        }
        if let (Some(x), Some(y)) = (a.as_rational(), b.as_rational()) {
            if let Some(r) = big_rational(op, &x, &y) {
                return r.map(Value::rational);
            }
            if let Some(ord) = big_rational_cmp(op, &x, &y) {
                return ord.map(|o| Value::Boolean(comparison_holds(op, o)));
            }
            return match op {
                BinOp::Add => Ok(Value::rational(x + y)),
                BinOp::Sub => Ok(Value::rational(x - y)),
                BinOp::Mul => Ok(Value::rational(x * y)),
                BinOp::Div if y.is_zero() => (self.globals.library.divide_by_zero)(&x),
                BinOp::Div => Ok(Value::rational(x / y)),
                BinOp::Mod if y.is_zero() => Err(ErrorKind::DivisionByZero),
                // The remainder of the truncated quotient, with the sign of the dividend (CGSuite).
                BinOp::Mod => Ok(Value::rational(&x - &y * (&x / &y).trunc())),
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
                if let (Value::String(x), Value::String(y)) = (a, b) {
                    // The copies and the result: refuse what the memory budget cannot hold before copying.
                    room_for(3 * (x.len() + y.len()))?;
                }
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
    pub(super) fn game_binary(&mut self, op: BinOp, a: &Value, b: &Value) -> Option<Result<Value, ErrorKind>> {
        let no_op =
            || ErrorKind::NoOperation { op: op.symbol(), types: vec![a.type_name().into(), b.type_name().into()] };
        if op == BinOp::Mul {
            let (n, g) = match (a, b) {
                (Value::Integer(n), Value::Game(g)) | (Value::Game(g), Value::Integer(n)) => (n, *g),
                _ => return Some(Err(no_op())),
            };
            let n = crate::game::Dyadic::from_bigint(&n.to_big());
            return Some(match self.games.checked(|s| s.mul_integer(n, g)) {
                Ok(h) => Ok(game_value(self.games, h)),
                Err(e) => Err(self.game_error(e)),
            });
        }
        // A number beyond the engine's arena (or a sum that leaves it) goes to `bignum`.
        let g = match self.to_game(a)? {
            Ok(g) => g,
            Err(ErrorKind::NotDyadic { .. }) => return Some(Err(no_op())),
            Err(ErrorKind::Overflow) => return (self.globals.library.big_binary)(self, op, a, b),
            Err(k) => return Some(Err(k)),
        };
        let h = match self.to_game(b)? {
            Ok(h) => h,
            Err(ErrorKind::NotDyadic { .. }) => return Some(Err(no_op())),
            Err(ErrorKind::Overflow) => return (self.globals.library.big_binary)(self, op, a, b),
            Err(k) => return Some(Err(k)),
        };
        if matches!(op, BinOp::Add | BinOp::Sub) {
            let r = if op == BinOp::Add { self.games.try_add(g, h) } else { self.games.try_sub(g, h) };
            return match r {
                Ok(r) => Some(Ok(game_value(self.games, r))),
                Err(_) => (self.globals.library.big_binary)(self, op, a, b),
            };
        }
        let games = &mut *self.games;
        let result = match op {
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
        if let Err(e) = self.games.check_overflow() {
            return Some(Err(self.game_error(e)));
        }
        Some(Ok(game_value(self.games, result)))
    }
}

/// Integers of more bits than this are multiplied and divided in polled steps, after a look at the budget.
const BIG_BITS: u64 = 1 << 16;

/// `x·y`: large products in steps that poll for Ctrl-C, refused before they start when the result and the
/// temporaries (about three times its size) would cross the memory budget.
fn big_product(x: &BigInt, y: &BigInt) -> Result<BigInt, ErrorKind> {
    if x.bits().min(y.bits()) <= BIG_BITS {
        return Ok(x * y);
    }
    room_for(usize::try_from((x.bits() + y.bits()) / 8 * 3).unwrap_or(usize::MAX))?;
    Ok(crate::game::number::bigpow::mul_int_polled(x, y, &mut crate::game::budget::poll))
}

/// `(x / y, x % y)` truncated (Java's division), in polled steps for large numbers; `y` is not zero.
pub(crate) fn big_quotient(x: &BigInt, y: &BigInt) -> Result<(BigInt, BigInt), ErrorKind> {
    if y.bits() <= BIG_BITS || x.bits() <= y.bits() {
        return Ok((x / y, x % y));
    }
    room_for(usize::try_from(x.bits() / 8 * 3).unwrap_or(usize::MAX))?;
    Ok(crate::game::number::bigpow::div_rem_int_polled(x, y, &mut crate::game::budget::poll))
}

/// `x` against `y` for `<`, `<=`, `>`, `>=` (and the confused forms) when a numerator or denominator has over
/// [`BIG_BITS`] bits: `a/b` vs `c/d` (denominators positive) is `a·d` vs `c·b`, two polled products
/// (num-rational compares by a continued-fraction walk of big divisions that cannot be interrupted). `None`
/// for other operators and smaller operands.
fn big_rational_cmp(op: BinOp, x: &BigRational, y: &BigRational) -> Option<Result<std::cmp::Ordering, ErrorKind>> {
    use crate::game::number::bigpow::mul_int_polled;
    let comparison =
        matches!(op, BinOp::Lt | BinOp::LessOrConfused | BinOp::Le | BinOp::Gt | BinOp::GreaterOrConfused | BinOp::Ge);
    let (a, b, c, d) = (x.numer(), x.denom(), y.numer(), y.denom());
    if !comparison || [a, b, c, d].iter().all(|n| n.bits() <= BIG_BITS) {
        return None;
    }
    // Different signs (or a zero) decide without products.
    if a.sign() != c.sign() {
        return Some(Ok(a.sign().cmp(&c.sign())));
    }
    let total: u64 = [a, b, c, d].iter().map(|n| n.bits()).sum();
    if let Err(e) = room_for(usize::try_from(total / 8 * 2).unwrap_or(usize::MAX)) {
        return Some(Err(e));
    }
    let ad = mul_int_polled(a, d, &mut crate::game::budget::poll);
    let cb = mul_int_polled(c, b, &mut crate::game::budget::poll);
    Some(Ok(ad.cmp(&cb)))
}

/// Whether the comparison `op` holds between numbers ordered `o` (numbers are never confused).
fn comparison_holds(op: BinOp, o: std::cmp::Ordering) -> bool {
    use std::cmp::Ordering::*;
    match op {
        BinOp::Lt | BinOp::LessOrConfused => o == Less,
        BinOp::Le => o != Greater,
        BinOp::Gt | BinOp::GreaterOrConfused => o == Greater,
        _ => o != Less,
    }
}

/// `x + y`, `x - y`, `x * y`, `x / y` and `x % y` of rationals with a numerator or denominator over
/// [`BIG_BITS`] bits: products and quotients in polled steps and the reduction by a polled gcd (num-rational
/// reduces with one gcd call that cannot be interrupted: 43 s for `3^(10^6) / 7^(10^6)`), refused before they
/// start when the temporaries would cross the memory budget. `None` for other operators, smaller operands
/// and division by zero (left to the caller).
fn big_rational(op: BinOp, x: &BigRational, y: &BigRational) -> Option<Result<BigRational, ErrorKind>> {
    use crate::game::number::bigpow::{div_rem_int_polled, mul_int_polled};
    use crate::game::number::gcd::ratio_polled;
    if !matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Mod) || y.is_zero() {
        return None;
    }
    let (a, b, c, d) = (x.numer(), x.denom(), y.numer(), y.denom());
    let bits = [a, b, c, d].map(|n| n.bits());
    if bits.iter().all(|&n| n <= BIG_BITS) {
        return None;
    }
    let total: u64 = bits.iter().sum();
    if let Err(e) = room_for(usize::try_from(total / 8 * 4).unwrap_or(usize::MAX)) {
        return Some(Err(e));
    }
    let mut poll = crate::game::budget::poll;
    let mul = |p: &BigInt, q: &BigInt| mul_int_polled(p, q, &mut crate::game::budget::poll);
    let (n, den) = match op {
        BinOp::Add => (mul(a, d) + mul(c, b), mul(b, d)),
        BinOp::Sub => (mul(a, d) - mul(c, b), mul(b, d)),
        BinOp::Mul => (mul(a, c), mul(b, d)),
        BinOp::Div => (mul(a, d), mul(b, c)),
        // x − y·trunc(x / y) = (a·d − c·b·q) / (b·d) with q = trunc(a·d / (b·c)) (CGSuite's remainder).
        _ => {
            let (ad, bc) = (mul(a, d), mul(b, c));
            let q = div_rem_int_polled(&ad, &bc, &mut poll).0;
            let cb = mul(c, b);
            (ad - mul_int_polled(&cb, &q, &mut poll), mul(b, d))
        }
    };
    Some(Ok(ratio_polled(n, den, &mut poll)))
}

/// `gcd(x, y)` (or `lcm(x, y)` when `lcm`), never negative; polled for large operands.
pub(crate) fn big_gcd(x: &BigInt, y: &BigInt, lcm: bool) -> Result<BigInt, ErrorKind> {
    use crate::game::number::gcd::{gcd_int_polled, lcm_int_polled};
    if x.bits().max(y.bits()) <= BIG_BITS {
        return Ok(if lcm { x.lcm(y) } else { x.gcd(y) });
    }
    room_for(usize::try_from((x.bits() + y.bits()) / 8 * 3).unwrap_or(usize::MAX))?;
    let mut poll = crate::game::budget::poll;
    Ok(if lcm { lcm_int_polled(x, y, &mut poll) } else { gcd_int_polled(x, y, &mut poll) })
}

/// `a ^ e` for a number `a` and an integer `e`.
fn power(a: &Value, e: &BigInt) -> Result<Value, ErrorKind> {
    let base = a.as_rational().unwrap_or_else(BigRational::zero);
    if base.is_zero() && e.is_negative() {
        // 0^-n = 1/0^n: `inf`, as `x/0` (CGSuite 2.2: `0 ^ -1` is `inf`)
        return Ok(Value::Infinity(1));
    }
    let trivial = base.is_zero() || base.abs().is_one();
    if trivial {
        return Ok(Value::rational(trivial_power(&base, e)));
    }
    // The limit is on the result's size: `k·log2|x|` bits for the larger of numerator and denominator, so
    // `2^(10^7)` (10^7 + 1 bits) is computed like `3^(8·10^6)` (1.27·10^7 bits), and a refusal says the limit.
    let top = log2(base.numer().magnitude()).max(log2(base.denom().magnitude()));
    let size = e.abs().to_f64().unwrap_or(f64::INFINITY) * top;
    let limit = MAX_POWER_BITS;
    let Some(k) = e.abs().to_u64().filter(|_| size.floor() < limit as f64) else {
        return Err(ErrorKind::PowerTooLarge { bits: (size.floor() + 1.0) as u64, limit });
    };
    let bits = base.numer().bits().max(base.denom().bits());
    // The result and the squarings' temporaries take about four times its size: refuse what the memory
    // budget cannot hold before starting. The powers are computed in steps that poll for Ctrl-C.
    room_for(usize::try_from(bits.saturating_mul(k) / 8 * 4).unwrap_or(usize::MAX))?;
    let mut poll = crate::game::budget::poll;
    let signed = |m: BigUint, negative: bool| {
        if negative && k % 2 == 1 {
            -BigInt::from(m)
        } else {
            BigInt::from(m)
        }
    };
    let num = signed(pow_polled(base.numer().magnitude(), k, &mut poll), base.numer().is_negative());
    let den = BigInt::from(pow_polled(base.denom().magnitude(), k, &mut poll));
    // Powers of a fraction in lowest terms are in lowest terms: no gcd (num-bigint's binary gcd of a huge
    // power and a small denominator took seconds, e.g. 5.8 s of CPU for `10^(10^6)`, and could not be
    // interrupted). The denominator of a negative power carries the sign of the base.
    let r = match (e.is_negative(), num.is_negative()) {
        (false, _) => BigRational::new_raw(num, den),
        (true, false) => BigRational::new_raw(den, num),
        (true, true) => BigRational::new_raw(-den, -num),
    };
    Ok(Value::rational(r))
}

/// `log2 x` for `x >= 1`, from its top 64 bits (exact enough to compare a power's size with its limit).
fn log2(x: &BigUint) -> f64 {
    let b = x.bits();
    if b <= 64 {
        return x.to_f64().unwrap_or(1.0).log2();
    }
    let top: BigUint = x >> (b - 64);
    top.to_f64().unwrap_or(1.0).log2() + (b - 64) as f64
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

/// The display order of two values (re-exported for builtins that sort).
pub fn compare_for_display(games: &mut Games, a: &Value, b: &Value) -> std::cmp::Ordering {
    display_cmp(games, a, b)
}

/// `a op b` for the operands of a ruleset's inner loops, machine integers (in line) and strings, answered as
/// [`Machine::binary`] answers them but without its chain of cases; `None` for everything else.
#[inline]
pub(super) fn quick_binary(op: BinOp, a: &Value, b: &Value) -> Option<Value> {
    match (a, b) {
        (Value::Integer(Int::Small(i)), Value::Integer(Int::Small(j))) => {
            let (i, j) = (*i, *j);
            Some(match op {
                BinOp::Add => Value::small_int(i.checked_add(j)?),
                BinOp::Sub => Value::small_int(i.checked_sub(j)?),
                BinOp::Mul => Value::small_int(i.checked_mul(j)?),
                // CGSuite's remainder (the sign of the dividend); a zero divisor and `i64::MIN % -1` go the long way.
                BinOp::Mod => Value::small_int(i.checked_rem(j)?),
                BinOp::Eq | BinOp::Same => Value::Boolean(i == j),
                BinOp::Ne | BinOp::NotSame => Value::Boolean(i != j),
                BinOp::Lt | BinOp::LessOrConfused => Value::Boolean(i < j),
                BinOp::Le => Value::Boolean(i <= j),
                BinOp::Gt | BinOp::GreaterOrConfused => Value::Boolean(i > j),
                BinOp::Ge => Value::Boolean(i >= j),
                _ => return None,
            })
        }
        (Value::String(x), Value::String(y)) => match op {
            BinOp::Eq | BinOp::Same => Some(Value::Boolean(same_str(x, y))),
            BinOp::Ne | BinOp::NotSame => Some(Value::Boolean(!same_str(x, y))),
            _ => None,
        },
        (Value::Tuple(x), Value::Tuple(y)) => pair_sum(op, x, y),
        _ => None,
    }
}

/// `(r, c) + (dr, dc)` and `(r, c) - (dr, dc)` of machine integers ([`quick_binary`]): the pair made at once,
/// as [`Machine::binary`] makes it (componentwise, each as two machine integers add); `None` for anything else
/// (past `i64` included).
#[inline(never)]
fn pair_sum(op: BinOp, x: &[Value], y: &[Value]) -> Option<Value> {
    let (
        [Value::Integer(Int::Small(r)), Value::Integer(Int::Small(c))],
        [Value::Integer(Int::Small(dr)), Value::Integer(Int::Small(dc))],
    ) = (x, y)
    else {
        return None;
    };
    let neg = match op {
        BinOp::Add => false,
        BinOp::Sub => true,
        _ => return None,
    };
    let (r, c) = add_pairs((*r, *c), (*dr, *dc), neg)?;
    Some(pair_value(r, c))
}

/// `a + b` (`neg`: `a - b`) of two pairs of machine integers, componentwise; `None` past `i64` (`binary` then
/// makes big integers). Shared by [`pair_sum`] and the compiled tree's pairs (`compile/pair.rs`).
#[inline(always)]
pub(super) fn add_pairs((r, c): (i64, i64), (dr, dc): (i64, i64), neg: bool) -> Option<(i64, i64)> {
    if neg {
        Some((r.checked_sub(dr)?, c.checked_sub(dc)?))
    } else {
        Some((r.checked_add(dr)?, c.checked_add(dc)?))
    }
}

/// The tuple `(r, c)` of two machine integers, made at once (one allocation, no vector in between).
#[inline]
pub(super) fn pair_value(r: i64, c: i64) -> Value {
    Value::Tuple(Rc::from([Value::small_int(r), Value::small_int(c)]))
}

/// Whether two strings are equal: the same string, or short ones (the cells of a board, `"x"` against `"o"`)
/// compared in line rather than by a library call.
#[inline]
fn same_str(x: &Rc<str>, y: &Rc<str>) -> bool {
    let (a, b) = (x.as_bytes(), y.as_bytes());
    a.len() == b.len() && (Rc::ptr_eq(x, y) || if a.len() <= 8 { a.iter().zip(b).all(|(p, q)| p == q) } else { a == b })
}

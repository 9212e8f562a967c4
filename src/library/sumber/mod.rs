//! Sumbers as script values (type `Sumber`): what `G.SumberForm` returns.
//!
//! A [`SumberValue`] wraps the engine's symbolic [`Sumber`] (Kao's standard form `s0·* + Σ s_k·↑(d_k)`,
//! `src/game/sumber.rs`). It prints as the engine does — valid input such as `* + 4*Up(1) - 2*Up(2) + Up(3)` —
//! and two sumbers are equal (`==`, sets, map keys) exactly when their standard forms are, which is equality of
//! values because the standard form is unique.
//!
//! The members ([`SUMBER`]) follow Kao's vocabulary: `NetWeight`, `Cuts`, `MinimumCut`, `UpperSection`,
//! `LowerSection`, `Section(m)`, `Coefficient(d)`, `Terms`, `HasStar`, `OutcomeClass` (Theorem 1, no game is
//! built), `CanonicalForm` (the game, built from ↑(d) by the engine) and `IsZero`.
//!
//! A sumber answers the object protocol's operators ([`binary`] through `Object::binary_fallback`, unary minus,
//! `Object::to_game`): sums, differences, `n * S` and comparisons of two sumbers stay symbolic; with any other
//! game operand the sumber becomes its canonical form.

use super::{boolean, dyadic, list, member, Member, Site};
use crate::game::sumber::Sumber;
use crate::game::{Cmp, Dyadic, GameId};
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::registry::{rust_type, ClassDecl};
use crate::interp::value::{dyadic_value, game_value, Object, Value};
use crate::syntax::ast::BinOp;
use crate::syntax::span::Span;
use num_traits::ToPrimitive;
use std::cmp::Ordering;
use std::rc::Rc;

/// A sumber as a script value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumberValue(pub Sumber);

impl SumberValue {
    /// Wraps a sumber as a `Value`.
    pub fn value(s: Sumber) -> Value {
        Value::Object(Rc::new(SumberValue(s)))
    }

    /// The structural key of the standard form: `*` part, then the terms by increasing order.
    fn key(&self) -> (bool, Vec<(Dyadic, i64)>) {
        (self.0.has_star(), self.0.terms())
    }
}

impl Object for SumberValue {
    fn class_members(&self) -> &'static [&'static [Member]] {
        static TABLES: [&[Member]; 2] = [SUMBER, crate::library::short::GAME];
        &TABLES
    }

    fn to_game(&self, m: &mut Machine, _: Span) -> Option<Result<GameId, EvalError>> {
        Some(Ok(m.games.sumber_value(&self.0)))
    }

    fn binary_fallback(&self, m: &mut Machine, op: BinOp, a: &Value, b: &Value) -> Option<Result<Value, ErrorKind>> {
        // Another family's object among the operands converts first (a heap becomes its nimber, and the sumber
        // meets the nimber), whichever side it is on.
        for v in [a, b] {
            if let (Value::Object(o), None) = (v, as_sumber(v)) {
                if let Some(r) = o.clone().binary_fallback(m, op, a, b) {
                    return Some(r);
                }
            }
        }
        binary(m, op, a, b)
    }

    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "Sumber"
    }
    fn display(&self, _: &mut crate::game::Games) -> String {
        self.0.to_string()
    }
    fn negate(&self, _: &mut Machine, _: &Value, _: Span) -> Option<Result<Value, EvalError>> {
        Some(Ok(SumberValue::value(-&self.0)))
    }

    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<SumberValue>().map(|o| self.key().cmp(&o.key()))
    }
}

/// The sumber inside a value, if it is one.
pub fn as_sumber(v: &Value) -> Option<&Sumber> {
    match v {
        Value::Object(o) => {
            let any: &dyn std::any::Any = &**o;
            any.downcast_ref::<SumberValue>().map(|s| &s.0)
        }
        _ => None,
    }
}

/// The sumber a member was called on.
fn this<'v>(site: &Site, v: &'v Value) -> Result<&'v Sumber, EvalError> {
    as_sumber(v).ok_or_else(|| site.bug())
}

/// Members of `Sumber`. Orders and cuts are numbers (`Integer` or `DyadicRational`), coefficients `Integer`s.
pub static SUMBER: &[Member] = crate::member_table![
    // Σ s_k (which is also the atomic weight).
    crate::member!(NetWeight => "The sum of the coefficients s_k of the ups Up(d_k) (also the atomic weight).", "(Up(1) + Up(2) - Up(3)).SumberForm.NetWeight", |_, s, this_v, _| Ok(Value::int(this(s, this_v)?.net_weight()))),
    // Every m in {0, d_1, …, d_n} with S^m ≤ 0, increasing (Definition 1).
    crate::member!(Cuts => "The cuts of the sumber (Kao): every m among 0 and its orders d_k whose upper section S^m is at most 0, increasing.", "(Up(1) + Up(2) - Up(3)).SumberForm.Cuts", |_, s, this_v, _| Ok(list(this(s, this_v)?.cuts().into_iter().map(dyadic_value)))),
    // The least cut.
    crate::member!(MinimumCut => "The least cut.", "(Up(1) + Up(2) - Up(3)).SumberForm.MinimumCut", |_, s, this_v, _| Ok(dyadic_value(this(s, this_v)?.min_cut()))),
    // S^m at the minimum cut m.
    crate::member!(UpperSection => "The upper section S^m at the minimum cut m.", "(Up(1) + Up(2) - Up(3)).SumberForm.UpperSection", |_, s, this_v, _| Ok(SumberValue::value(this(s, this_v)?.upper_section()))),
    // S_m = S − S^m at the minimum cut m.
    crate::member!(LowerSection => "The lower section S - S^m at the minimum cut m.", "(Up(1) + Up(2) - Up(3)).SumberForm.LowerSection", |_, s, this_v, _| Ok(SumberValue::value(this(s, this_v)?.lower_section()))),
    // S^m = Σ_{d_k ≥ m} s_k·↑(d_k) − (Σ_{d_k ≥ m} s_k)·↑(m) for any dyadic m ≥ 0.
    member("Section", 1, |_, s, this_v, args| {
        let sm = this(s, this_v)?;
        let m = dyadic(s, args, 0)?;
        if m < Dyadic::from(0) {
            let message = format!("Section order is negative: {m}");
            return Err(s.arg_err(0, ErrorKind::InvalidArgument { message }));
        }
        Ok(SumberValue::value(sm.section_at(m)))
    })
    .doc(
        "(m)",
        "The upper section S^m for a dyadic m >= 0: the terms of order at least m, rebased at Up(m).",
        "(Up(1) + Up(2) - Up(3)).SumberForm.Section(2)",
    ),
    // s_k for d = d_k, 0 for an order that is not in the standard form; d must be positive.
    member("Coefficient", 1, |_, s, this_v, args| {
        let sm = this(s, this_v)?;
        let d = dyadic(s, args, 0)?;
        if d <= Dyadic::from(0) {
            let message = format!("Coefficient order is not strictly positive: {d}");
            return Err(s.arg_err(0, ErrorKind::InvalidArgument { message }));
        }
        Ok(Value::int(sm.coefficient(d)))
    })
    .doc(
        "(d)",
        "The coefficient of Up(d) in the standard form (0 when there is no such term; d positive).",
        "(Up(1) + Up(2) - Up(3)).SumberForm.Coefficient(3)",
    ),
    // [(d_1, s_1), …, (d_n, s_n)] by increasing order; the `*` part is `HasStar`.
    crate::member!(Terms => "The terms (d_k, s_k) of the standard form by increasing order (the star part is `HasStar`).", "(Up(1) + Up(2) - Up(3)).SumberForm.Terms", |_, s, this_v, _| {
        let terms = this(s, this_v)?.terms();
        Ok(list(terms.into_iter().map(|(d, c)| Value::Tuple(Rc::from([dyadic_value(d), Value::int(c)])))))
    }),
    // s0 = 1.
    crate::member!(HasStar => "Whether the standard form has a * term.", "(^*).SumberForm.HasStar", |_, s, this_v, _| Ok(boolean(this(s, this_v)?.has_star()))),
    // Theorem 1 (the sumber outcome rule).
    crate::member!(OutcomeClass => "Who wins, by Kao's sumber outcome rule.", "(Up(1) + Up(2) - Up(3)).SumberForm.OutcomeClass", |_, s, this_v, _| Ok(Value::Outcome(this(s, this_v)?.outcome()))),
    // The canonical game s0·* + Σ s_k·↑(d_k).
    crate::member!(CanonicalForm => "The canonical game the sumber equals.", "(^ + *).SumberForm.CanonicalForm", |m, s, this_v, _| {
        let g = m.games.sumber_value(this(s, this_v)?);
        Ok(game_value(m.games, g))
    }),
    crate::member!(IsZero => "Whether the sumber is 0.", "(^ - ^).SumberForm.IsZero", |_, s, this_v, _| Ok(boolean(this(s, this_v)?.is_zero()))),
];

// ---- operator hooks ---------------------------------------------------------------------------------------

/// The largest coefficient the hooks produce: far beyond any game the engine can build (up counts stay below
/// 2^20), and small enough that a sum or difference of two such coefficients cannot overflow an `i64`.
const MAX_COEFFICIENT: i64 = 1 << 40;

fn in_range(s: Sumber) -> Result<Sumber, ErrorKind> {
    if s.terms().iter().all(|t| t.1.abs() <= MAX_COEFFICIENT) {
        Ok(s)
    } else {
        Err(ErrorKind::Overflow)
    }
}

/// n copies of s, or `Overflow`.
fn times(s: &Sumber, n: i64) -> Result<Sumber, ErrorKind> {
    let mut terms = Vec::new();
    for (d, c) in s.terms() {
        terms.push((d, c.checked_mul(n).ok_or(ErrorKind::Overflow)?));
    }
    in_range(Sumber::from_terms(s.has_star() && n % 2 != 0, &terms))
}

/// An operator on two sumbers, symbolically: `+`, `-` and the comparisons. `None` for other operators.
fn sumber_binary(op: BinOp, a: &Sumber, b: &Sumber) -> Option<Result<Value, ErrorKind>> {
    let sum = |s: Sumber| Some(in_range(s).map(SumberValue::value));
    let c = || a.compare(b);
    let truth = match op {
        BinOp::Add => return sum(a + b),
        BinOp::Sub => return sum(a - b),
        BinOp::Eq => a == b,
        BinOp::Ne => a != b,
        BinOp::Lt => c() == Cmp::Less,
        BinOp::Le => matches!(c(), Cmp::Less | Cmp::Equal),
        BinOp::Gt => c() == Cmp::Greater,
        BinOp::Ge => matches!(c(), Cmp::Greater | Cmp::Equal),
        BinOp::Confused => c() == Cmp::Confused,
        BinOp::LessOrConfused => matches!(c(), Cmp::Less | Cmp::Confused),
        BinOp::GreaterOrConfused => matches!(c(), Cmp::Greater | Cmp::Confused),
        _ => return None,
    };
    Some(Ok(Value::Boolean(truth)))
}

/// Operators with a sumber operand; `None` if neither operand is a sumber, or if the other operand is not a
/// game (a string, a list: the interpreter's own rules apply, so `"" + S` concatenates).
///
/// Two sumbers: `+`, `-` and the comparisons `== != < <= > >= <> <| |>` are symbolic (Theorem 1 on the
/// difference). `n * S` and `S * n` are n copies. Otherwise a sumber operand becomes its canonical game and the
/// operator is the game operator (`S + ^`, `S : 1`, `S == S.CanonicalForm` is `true`).
fn binary(m: &mut Machine, op: BinOp, a: &Value, b: &Value) -> Option<Result<Value, ErrorKind>> {
    let (sa, sb) = (as_sumber(a), as_sumber(b));
    if sa.is_none() && sb.is_none() {
        return None;
    }
    let no_op = || ErrorKind::NoOperation { op: op.symbol(), types: vec![a.type_name().into(), b.type_name().into()] };
    if let (Some(x), Some(y)) = (sa, sb) {
        if let Some(r) = sumber_binary(op, x, y) {
            return Some(r);
        }
    }
    if op == BinOp::Mul {
        let (s, n) = match (sa, sb, a, b) {
            (Some(s), None, _, Value::Integer(n)) | (None, Some(s), Value::Integer(n), _) => (s, n),
            _ => return Some(Err(no_op())),
        };
        let Some(n) = n.to_i64() else { return Some(Err(ErrorKind::Overflow)) };
        return Some(times(s, n).map(SumberValue::value));
    }
    // Mixed: the sumber as its canonical game, the other operand as it is (if it is a game at all).
    let mut conv = |v: &Value| -> Option<Value> {
        match as_sumber(v) {
            Some(s) => {
                let g = m.games.sumber_value(s);
                Some(game_value(m.games, g))
            }
            None => m.to_game(v).map(|_| v.clone()),
        }
    };
    let (x, y) = (conv(a)?, conv(b)?);
    Some(m.binary(op, &x, &y).map_err(|k| if matches!(k, ErrorKind::NoOperation { .. }) { no_op() } else { k }))
}

/// `-S` for a sumber; `None` for any other value.
pub fn negate(v: &Value) -> Option<Value> {
    as_sumber(v).map(|s| SumberValue::value(-s))
}

/// The classes of this family (see `crate::interp::registry`).
pub static CLASSES: &[ClassDecl] =
    &[ClassDecl::new("Sumber", "Sumber").members(&[SUMBER]).types(&[rust_type::<SumberValue>])];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Games;
    use crate::interp::env::Globals;
    use std::sync::atomic::AtomicBool;

    fn d(n: i64, exp: u32) -> Dyadic {
        Dyadic::new(n, exp)
    }

    /// `star·* + Σ c·↑(d)` with integer orders.
    fn sb(star: bool, terms: &[(i64, i64)]) -> Sumber {
        let t: Vec<(Dyadic, i64)> = terms.iter().map(|&(o, c)| (Dyadic::from(o), c)).collect();
        Sumber::from_terms(star, &t)
    }

    /// Kao's Examples 1–3: S = 4.↑(1) − 2.↑(2) + ↑(3) + ↑(5) − ↑(6).
    fn kao() -> Sumber {
        sb(false, &[(1, 4), (2, -2), (3, 1), (5, 1), (6, -1)])
    }

    /// Runs `src` (one cell per line) and returns the printed value of each line.
    fn eval(src: &str) -> Vec<String> {
        crate::interp::tests::run_on(&mut crate::core_interpreter(), src).lines().map(str::to_string).collect()
    }

    /// Runs `f` with a fresh machine.
    fn with_machine<R>(f: impl FnOnce(&mut Machine) -> R) -> R {
        let mut games = Games::new();
        let mut globals = Globals::default();
        let mut out: Vec<u8> = Vec::new();
        let stop = AtomicBool::new(false);
        let mut m = Machine::new(&mut games, &mut globals, &mut out, &stop, 1 << 24);
        f(&mut m)
    }

    fn shown(m: &mut Machine, r: Option<Result<Value, ErrorKind>>) -> String {
        match r {
            Some(Ok(v)) => v.display(m.games),
            Some(Err(k)) => format!("error: {}", k.message()),
            None => "None".to_string(),
        }
    }

    #[test]
    fn equality_and_order_are_by_value() {
        let a = SumberValue::value(kao());
        let b = SumberValue::value(sb(false, &[(6, -1), (5, 1), (3, 1), (2, -2), (1, 4)]));
        assert_eq!(a, b, "two objects holding the same standard form are equal");
        let c = SumberValue::value(sb(true, &[(1, 1)]));
        assert_ne!(a, c);
        // A total order: antisymmetric on a few values.
        let vals = [a.clone(), c.clone(), SumberValue::value(Sumber::zero()), SumberValue::value(Sumber::star())];
        for x in &vals {
            for y in &vals {
                assert_eq!(x.cmp(y), y.cmp(x).reverse());
            }
        }
        // Not equal to other objects or to the game it denotes (structural equality of values).
        assert!(SumberValue(kao()).cmp_object(&SumberValue(kao())) == Some(Ordering::Equal));
        assert_ne!(a, Value::int(0));
    }

    #[test]
    fn members_on_kaos_examples() {
        let s = "S := (4*Up(1) - 2*Up(2) + Up(3) + Up(5) - Up(6)).SumberForm;";
        let lines = eval(&format!(
            "{s}\nS\nS.NetWeight\nS.Cuts\nS.MinimumCut\nS.UpperSection\nS.LowerSection\nS.Section(2)\n\
             S.Section(3/2)\nS.Coefficient(2)\nS.Coefficient(4)\nS.Terms\nS.HasStar\nS.OutcomeClass\nS.IsZero\n\
             S is Sumber\nS == S.CanonicalForm.SumberForm"
        ));
        assert_eq!(
            lines,
            [
                "4*Up(1) - 2*Up(2) + Up(3) + Up(5) - Up(6)",
                "3",
                "[1,3,5,6]",
                "1",
                "Up(1) - 2*Up(2) + Up(3) + Up(5) - Up(6)",
                "3*Up(1)",
                "-Up(2) + Up(3) + Up(5) - Up(6)",
                "Up(3/2) - 2*Up(2) + Up(3) + Up(5) - Up(6)",
                "-2",
                "0",
                "[(1,4),(2,-2),(3,1),(5,1),(6,-1)]",
                "false",
                "L",
                "false",
                "true",
                "true",
            ]
        );
        // Example 6's Right option: minimum cut 0, B_0 = *, B^0 = 2.↑(2) − 2.↑(3).
        let lines = eval(
            "B := (* + 2*Up(2) - 2*Up(3)).SumberForm;\nB.Cuts\nB.MinimumCut\nB.LowerSection\nB.UpperSection\n\
             B.OutcomeClass\nB.CanonicalForm == * + 2*Up(2) - 2*Up(3)\n0.SumberForm.IsZero\n*.SumberForm.Cuts",
        );
        assert_eq!(lines, ["[0,2,3]", "0", "*", "2*Up(2) - 2*Up(3)", "N", "true", "true", "[0]"]);
    }

    #[test]
    fn member_errors() {
        let s = "S := Up(1).SumberForm;";
        assert_eq!(eval(&format!("{s}\nS.Section(-1)")), ["error: Section order is negative: -1"]);
        assert_eq!(eval(&format!("{s}\nS.Section(1/3)")), ["error: Not a dyadic rational: 1/3"]);
        assert_eq!(eval(&format!("{s}\nS.Coefficient(0)")), ["error: Coefficient order is not strictly positive: 0"]);
        assert_eq!(
            eval(&format!("{s}\nS.Coefficient(*)")),
            ["error: Argument 1 of `Coefficient` must be of type `DyadicRational`, not `Game`."]
        );
    }

    #[test]
    fn symbolic_operators() {
        let (a, b) = (kao(), sb(true, &[(1, 1)]));
        let show = |r: Option<Result<Value, ErrorKind>>| with_machine(|m| shown(m, r));
        assert_eq!(show(sumber_binary(BinOp::Add, &a, &b)), "* + 5*Up(1) - 2*Up(2) + Up(3) + Up(5) - Up(6)");
        assert_eq!(show(sumber_binary(BinOp::Sub, &a, &a)), "0");
        assert_eq!(show(sumber_binary(BinOp::Gt, &a, &Sumber::zero())), "true");
        // ↑(1) < ↑(2) (Proposition 1); ↑* is confused with 0.
        let (u1, u2) = (sb(false, &[(1, 1)]), sb(false, &[(2, 1)]));
        assert_eq!(show(sumber_binary(BinOp::Lt, &u1, &u2)), "true");
        assert_eq!(show(sumber_binary(BinOp::Le, &u2, &u1)), "false");
        assert_eq!(show(sumber_binary(BinOp::Confused, &b, &Sumber::zero())), "true");
        assert_eq!(show(sumber_binary(BinOp::LessOrConfused, &b, &Sumber::zero())), "true");
        assert_eq!(show(sumber_binary(BinOp::GreaterOrConfused, &u1, &u2)), "false");
        assert_eq!(show(sumber_binary(BinOp::Mul, &a, &b)), "None");
        // n copies, and the coefficient bound.
        assert_eq!(times(&b, 3).unwrap().to_string(), "* + 3*Up(1)");
        assert_eq!(times(&b, -2).unwrap().to_string(), "-2*Up(1)");
        assert_eq!(times(&b, 0).unwrap().to_string(), "0");
        assert_eq!(times(&b, i64::MAX), Err(ErrorKind::Overflow));
        assert_eq!(times(&a, 1 << 40), Err(ErrorKind::Overflow));
        let half = Sumber::from_terms(false, &[(d(1, 1), 1)]);
        assert_eq!(
            negate(&SumberValue::value(half.clone())).map(|v| with_machine(|m| v.display(m.games))),
            Some("-Up(1/2)".into())
        );
        assert_eq!(negate(&Value::int(1)), None);
    }

    #[test]
    fn operator_hooks_with_games() {
        with_machine(|m| {
            let s = SumberValue::value(sb(true, &[(1, 2)]));
            let up = m.games.up_order(Dyadic::from(1));
            let up = Value::Game(up);
            let r = binary(m, BinOp::Add, &s, &s);
            assert_eq!(shown(m, r), "4*Up(1)");
            let r = binary(m, BinOp::Sub, &s, &s);
            assert_eq!(shown(m, r), "0");
            let r = binary(m, BinOp::Mul, &Value::int(3), &s);
            assert_eq!(shown(m, r), "* + 6*Up(1)");
            let r = binary(m, BinOp::Add, &s, &up);
            assert_eq!(shown(m, r), "^3*");
            let r = binary(m, BinOp::Eq, &up, &SumberValue::value(sb(false, &[(1, 1)])));
            assert_eq!(shown(m, r), "true");
            let r = binary(m, BinOp::Gt, &s, &Value::int(0));
            assert_eq!(shown(m, r), "true");
            let r = binary(m, BinOp::Mul, &s, &s);
            assert_eq!(shown(m, r), "error: No operation `*` for arguments of types `Sumber`, `Sumber`.");
            let r = binary(m, BinOp::Mul, &s, &up);
            assert_eq!(shown(m, r), "error: No operation `*` for arguments of types `Sumber`, `Game`.");
            let r = binary(m, BinOp::Add, &Value::str("x"), &s);
            assert_eq!(shown(m, r), "None");
            let r = binary(m, BinOp::Add, &Value::int(1), &Value::int(2));
            assert_eq!(shown(m, r), "None");
            let Value::Object(o) = &s else { unreachable!() };
            let g = o.to_game(m, Span::default()).unwrap().unwrap();
            assert_eq!(game_value(m.games, g).display(m.games), "^^*");
        });
    }

    #[test]
    fn tables_are_found() {
        let v = SumberValue::value(Sumber::star());
        let Value::Object(o) = &v else { unreachable!() };
        assert!(!o.class_members().is_empty());
        let _installs = crate::core_interpreter();
        let library = crate::interp::registry::installed();
        assert!((library.find_member)(&v, "MinimumCut").is_some());
        assert!(library.member_names().contains(&"UpperSection"));
    }
}

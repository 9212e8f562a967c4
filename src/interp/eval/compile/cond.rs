//! Conditions in compiled code (`eval_bool`): `and`, `or`, `not`, comparisons and cell tests answered as
//! flags, with no `Boolean` value built. A cell test operand of `and` / `or` / `not`, and the condition of an
//! `if` or `while` that is one, is answered in the caller's frame ([`Node::cond`]): the common
//! `if g[r - 1, c] == them and g[r - 2, c] == "." then …` runs its two reads without a call level each.

use super::super::machine::*;
use super::run::{compare, is_comparison};
use super::tree::Node;

impl Node {
    /// The node as a condition (`eval_bool`), `span` where it was written: a cell test read in place here,
    /// anything else by [`Node::truth_at`].
    #[inline(always)]
    pub(super) fn cond(&self, m: &mut Machine<'_>, span: Span) -> Eval<bool> {
        match self {
            Node::CellTest(t) => {
                if let Some(b) = t.test(m) {
                    return Ok(b);
                }
            }
            Node::CellAnd(p) => return p.truth(m),
            _ => {}
        }
        self.truth_at(m, span)
    }

    /// The node as a condition (`eval_bool`), `span` where it was written.
    #[inline]
    pub(super) fn truth_at(&self, m: &mut Machine<'_>, span: Span) -> Eval<bool> {
        match self {
            Node::And(a, sa, b, sb) => Ok(a.cond(m, *sa)? && b.cond(m, *sb)?),
            Node::Or(a, sa, b, sb) => Ok(a.cond(m, *sa)? || b.cond(m, *sb)?),
            Node::Not(a, sa) => Ok(!a.cond(m, *sa)?),
            Node::CellTest(t) => t.cond_at(m, span),
            Node::CellAnd(p) => p.truth(m),
            Node::InlineIs { expr, ty, known } => super::inline::is_flag(m, expr, ty, known),
            // A comparison of cells or machine integers answers the flag itself, without a `Value`.
            Node::Binary { op, lhs, rhs, span: at } if is_comparison(*op) => match compare(m, *op, lhs, rhs, *at)? {
                Ok(b) => Ok(b),
                Err(Value::Boolean(b)) => Ok(b),
                Err(v) => {
                    err(ErrorKind::NotBoolean { ty: crate::interp::classes::qualified_class_of(m.games, &v) }, span)
                }
            },
            _ => match self.run(m)? {
                Value::Boolean(b) => Ok(b),
                v => err(ErrorKind::NotBoolean { ty: crate::interp::classes::qualified_class_of(m.games, &v) }, span),
            },
        }
    }

    /// `and`, `or`, `not` as a flag (their value in [`Node::run`]): their operands as conditions,
    /// short-circuit.
    pub(super) fn truth(&self, m: &mut Machine<'_>) -> Eval<bool> {
        match self {
            Node::And(a, sa, b, sb) => Ok(a.cond(m, *sa)? && b.cond(m, *sb)?),
            Node::Or(a, sa, b, sb) => Ok(a.cond(m, *sa)? || b.cond(m, *sb)?),
            Node::Not(a, sa) => Ok(!a.cond(m, *sa)?),
            Node::CellAnd(p) => p.truth(m),
            _ => unreachable!("only for and, or, not"),
        }
    }
}

//! Game literals `{L | R}` the evaluator builds itself.
//!
//! A literal with no `pass` and no label anywhere in it (nested literals included) is *plain*: its options are
//! evaluated left to right (a list, set or tuple among them stands for its elements), each must be a game, and
//! when every one has a short game value the literal is `games.new_game` of them. An option that is a loopy
//! value ([`Object::is_loopy`]) makes the literal a loopy one: the evaluated options then go to the library's
//! [`Library::loopy_literal`](crate::interp::registry::Library::loopy_literal), which builds it from the
//! values (nothing is evaluated twice). Literals with `pass` or labels are graphs the loopy family reads from
//! the syntax tree ([`Library::game_literal`](crate::interp::registry::Library::game_literal)).
//!
//! Errors read as the loopy family's: an option that is not a game is reported at that option, a store
//! overflow at the whole literal.

use super::machine::{Eval, Exit, Machine};
use crate::game::GameId;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::value::{game_value, Value};
use crate::syntax::ast::{Expr, ExprKind};
use crate::syntax::span::Span;

/// Whether a literal has neither `pass` nor a label, nested literals included.
pub(super) fn is_plain(e: &Expr) -> bool {
    let ExprKind::GameLit { left, right } = &e.kind else { return false };
    left.iter().chain(right.iter()).all(|o| match &o.kind {
        ExprKind::Pass | ExprKind::Labelled { .. } => false,
        ExprKind::GameLit { .. } => is_plain(o),
        _ => true,
    })
}

/// The options of one side: their short games while every option has one, and every option as a value.
#[derive(Default)]
struct Side {
    games: Vec<GameId>,
    values: Vec<(Value, Span)>,
}

impl Machine<'_> {
    /// A plain game literal (see the module documentation).
    pub(super) fn plain_literal(&mut self, e: &Expr) -> Eval<Value> {
        let v = self.literal_node(e)?;
        if self.games.check_overflow().is_err() {
            return Err(EvalError::new(ErrorKind::Overflow, e.span).into());
        }
        Ok(v)
    }

    /// One plain literal, nested ones evaluated in place.
    fn literal_node(&mut self, e: &Expr) -> Eval<Value> {
        let ExprKind::GameLit { left, right } = &e.kind else { unreachable!("a plain literal") };
        let mut sides: [Side; 2] = Default::default();
        let mut loopy = false;
        for (k, opts) in [left, right].into_iter().enumerate() {
            for o in opts {
                let v = match &o.kind {
                    ExprKind::GameLit { .. } => self.literal_node(o)?,
                    _ => self.eval(o)?,
                };
                let items = match &v {
                    Value::List(_) | Value::Set(_, _) | Value::Tuple(_) => self.elements(&v).unwrap_or_default(),
                    _ => vec![v],
                };
                for item in items {
                    match self.to_game(&item) {
                        Some(Ok(g)) => sides[k].games.push(g),
                        Some(Err(kind)) => return Err(EvalError::new(kind, o.span).into()),
                        None if matches!(&item, Value::Object(x) if x.is_loopy()) => loopy = true,
                        None => {
                            let value = item.display(self.games);
                            let kind = ErrorKind::NotAGame { ty: item.type_name(), value };
                            return Err(EvalError::new(kind, o.span).into());
                        }
                    }
                    sides[k].values.push((item, o.span));
                }
            }
        }
        let [l, r] = sides;
        if loopy {
            return (self.globals.library.loopy_literal)(self, [l.values, r.values])
                .map_err(|kind| Exit::from(EvalError::new(kind, e.span)));
        }
        let g = self.games.new_game(&l.games, &r.games);
        Ok(game_value(self.games, g))
    }
}

//! Infix members (CGSuite's `infixExpr`, docs/LANGUAGE.md §4): a token rewrite, run after the printed-form
//! rewrite, that marks an identifier written between two operands as an infix member name, so `3 Max 5` parses
//! as `3.Max(5)` without making the grammar ambiguous.
//!
//! An identifier is an infix name when the token before it ends an operand (a number, string, name, closing
//! bracket, `true`, `false`, `Nothing`, `Left`, `Right`) and the token after it starts one. After a bare `*`,
//! `^` or `v` the identifier stays the nimber's or up's argument (`*n`), and after the `>` of a game literal it is
//! not an infix name either: write `(*) Heat 2`, `(<1|0>) Heat 2` (CGSuite reads `* Heat 2` as `*.Heat(2)`).

use super::lexer::{Spanned, Token};
use super::printed::starts_operand;

/// Whether a token ends an operand after which an identifier can only be an infix member name.
fn ends_operand(t: &Token<'_>) -> bool {
    matches!(
        t,
        Token::Int(_)
            | Token::Str(_)
            | Token::Ident(_)
            | Token::RParen
            | Token::RBracket
            | Token::RBrace
            | Token::True
            | Token::False
            | Token::Nothing
            | Token::Left
            | Token::Right
    )
}

/// Marks infix member names (see the module documentation).
pub fn infix_rewrite(v: &mut [Spanned<'_>]) {
    for i in 1..v.len().saturating_sub(1) {
        let Token::Ident(name) = v[i].1 else { continue };
        let next_starts = starts_operand(&v[i + 1].1) && !matches!(v[i + 1].1, Token::If | Token::Begin | Token::For | Token::Not);
        if ends_operand(&v[i - 1].1) && next_starts {
            v[i].1 = Token::InfixName(name);
        }
    }
}

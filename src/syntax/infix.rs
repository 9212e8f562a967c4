//! Infix members (CGSuite's `infixExpr`, docs/LANGUAGE.md §4): a token rewrite, run after the printed-form
//! rewrite, that marks an identifier written between two operands as an infix member name, so `3 Max 5` parses
//! as `3.Max(5)` without making the grammar ambiguous.
//!
//! An identifier is an infix name when the token before it ends an operand (a number, string, name, closing
//! bracket, `true`, `false`, `Nothing`, `Left`, `Right`) and the token after it starts one. After a bare `*`,
//! `^` or `v` the identifier stays the nimber's or up's argument (`*n`): write `(*) Heat 2` (CGSuite reads
//! `* Heat 2` as `*.Heat(2)`). After a `>`, the identifier is an infix name when the `>` closes a game literal
//! (`<1|0> Heat 2`).

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

/// Whether the `>` at `i` closes a game literal: scanning back to its matching `<` (skipping bracketed
/// groups), a bar run occurs at depth 1.
fn closes_literal(v: &[Spanned<'_>], i: usize) -> bool {
    let (mut depth, mut groups, mut bar) = (0i32, 0i32, false);
    for j in (0..=i).rev() {
        match v[j].1 {
            Token::RParen | Token::RBracket | Token::RBrace => groups += 1,
            Token::LParen | Token::LBracket | Token::LBrace | Token::GameBrace => {
                groups -= 1;
                if groups < 0 {
                    return false;
                }
            }
            _ if groups > 0 => {}
            Token::Gt => depth += 1,
            Token::Lt => {
                depth -= 1;
                if depth == 0 {
                    return bar;
                }
            }
            Token::Bar | Token::Bars(_) if depth == 1 => bar = true,
            Token::Semi => return false,
            _ => {}
        }
    }
    false
}

/// Marks infix member names (see the module documentation) in the tokens of `src`, whose first byte is at
/// `offset`. The name must be on the line of its left operand: a line that ends in an operand followed by a line
/// that starts with a name is two statements (`x := 3` then `Print(x)`), never `3 Print (x)`. The right operand
/// may continue on the next line (`a Concat` then `b` on the next line), as in CGSuite's class files.
pub fn infix_rewrite(v: &mut [Spanned<'_>], src: &str, offset: usize) {
    let newline_between = |a: usize, b: usize| {
        src.get(a.saturating_sub(offset)..b.saturating_sub(offset)).is_none_or(|gap| gap.contains('\n'))
    };
    for i in 1..v.len().saturating_sub(1) {
        let Token::Ident(name) = v[i].1 else { continue };
        if newline_between(v[i - 1].2, v[i].0) {
            continue;
        }
        let next = &v[i + 1].1;
        let next_starts = (starts_operand(next) || *next == Token::Quote)
            && !matches!(next, Token::If | Token::Begin | Token::For | Token::Not);
        // `'<*|*>' ConjunctiveSum 3`: the closing quote of an explicit literal ends an operand too.
        let closes_explicit = v[i - 1].1 == Token::Quote && i >= 2 && matches!(v[i - 2].1, Token::Gt | Token::RBrace);
        let prev_ends =
            ends_operand(&v[i - 1].1) || closes_explicit || (v[i - 1].1 == Token::Gt && closes_literal(v, i - 1));
        if prev_ends && next_starts {
            v[i].1 = Token::InfixName(name);
        }
    }
}

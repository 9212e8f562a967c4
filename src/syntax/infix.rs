//! Infix members (CGSuite's `infixExpr`, docs/LANGUAGE.md §4): a token rewrite, run after the printed-form
//! rewrite, that marks an identifier written between two operands as an infix member name, so `3 Max 5` parses
//! as `3.Max(5)` without making the grammar ambiguous.
//!
//! An identifier is an infix name when the token before it ends an operand (a number, string, name, closing
//! bracket, `true`, `false`, `Nothing`, `Left`, `Right`) and the token after it starts one. After a bare `*`,
//! `^` or `v` the identifier is the nimber's or up's argument (`*n`), unless the literal starts an operand and
//! the identifier is followed on its line by an operand that cannot continue `*n` (see [`after_bare_literal`]):
//! then, as in CGSuite's `infixExpr`, `* Heat 2` is `*.Heat(2)` and `^* Heat 1` is `(^*).Heat(1)`. After a `>`,
//! the identifier is an infix name when the `>` closes a game literal (`<1|0> Heat 2`).

use super::lexer::{Spanned, Token};
use super::printed::starts_operand;

/// Whether a token ends an operand after which an identifier can only be an infix member name.
pub(super) fn ends_operand(t: &Token<'_>) -> bool {
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
            | Token::Carets(_)
            | Token::Downs(_)
            | Token::DownCount(_)
    )
}

/// Whether an operand may start at token `i`: it is the first token, or the token before it neither ends an
/// operand nor is an operator binding tighter than an infix member (so `x := * Heat 2`, `[* Heat 2]`,
/// `a == ^ Heat 2`, but not `1 + ^ Heat 2`, `-^ Heat 2` or `3 Max * Heat 2`, which CGSuite refuses too).
fn operand_starts_at(v: &[Spanned<'_>], i: usize) -> bool {
    if i == 0 {
        return true;
    }
    let prev = &v[i - 1].1;
    let tighter = matches!(
        prev,
        Token::Plus
            | Token::Minus
            | Token::PlusMinus
            | Token::Star
            | Token::Slash
            | Token::Percent
            | Token::Colon
            | Token::Amp
            | Token::DotDot
            | Token::Caret
            | Token::Carets(_)
            | Token::Down
            | Token::Downs(_)
            | Token::DownCount(_)
            | Token::Dot
            | Token::Quote
            | Token::Label(_)
            | Token::InfixName(_)
    );
    !(tighter || ends_operand(prev) || (*prev == Token::Gt && closes_literal(v, i - 1)))
}

/// CGSuite's `nonterminalUpstarExpr` before the identifier at `i`: an up or nimber literal that would take the
/// identifier as its argument (`*`, `^`, `v`, `^*`, `^^*`, `v*`, `^3*`, `^n*`, `v3*`), standing at an
/// operand's start. The identifier is an infix member when the token after it, on its line, starts an operand
/// that could not continue `*n` or `^n` as cgs reads them: not `+`, `-`, `+-` (`*n + 1` is a sum; CGSuite reads
/// `*.n(+1)`), not `*`, `<` (`*n * 2`, `^n*2`, `*n < 1`), not a bracket (`*n (2)`); a capitalised name (a
/// member's) is infix before `+`, `-`, `+-` and `*` too (`* SelectiveSum *2`). A `^` after the name starts
/// the right operand (`^ ConjunctiveSum ^`, `v* NortonProduct ^`): no up or nimber literal can be raised to a
/// power, so `*n ^ 2` has no other meaning (CGSuite reads it the same way).
fn after_bare_literal(v: &[Spanned<'_>], i: usize, same_line: bool, line_start: impl Fn(usize) -> bool) -> bool {
    let next = &v[i + 1].1;
    // A capitalised name is a member's (CGSuite's spelling; variables are lower case): a sign or a star after it
    // starts the right operand (`* SelectiveSum *2`, `v3* ConjunctiveSum -2`, `* Heat +1`, as CGSuite reads them).
    let member = matches!(v[i].1, Token::Ident(n) if n.starts_with(|c: char| c.is_ascii_uppercase()))
        && matches!(next, Token::Plus | Token::Minus | Token::PlusMinus | Token::Star);
    if !same_line
        || !(starts_operand(next) || *next == Token::Quote)
        || (!member && matches!(next, Token::Plus | Token::Minus | Token::PlusMinus | Token::Star))
        || matches!(
            next,
            Token::Lt | Token::LParen | Token::LBracket | Token::If | Token::Begin | Token::For | Token::Not
        )
    {
        return false;
    }
    // `*a SelectiveSum *b`: a name followed by a name and an operand is the literal's argument, the second name
    // being the infix member (CGSuite reads `*.a(SelectiveSum)` and stops at `*b`).
    if matches!(next, Token::Ident(_)) && v.get(i + 2).is_some_and(|t| starts_operand(&t.1) || t.1 == Token::Quote) {
        return false;
    }
    bare_literal_before(v, i, line_start)
}

/// Whether the tokens just before `i` are a bare up or nimber literal that could take a name at `i` as its
/// argument (`*`, `^`, `v`, `^*`, `^^*`, `v*`, `^3*`, `^n*`, `v3*`: CGSuite's `nonterminalUpstarExpr`) and that
/// stands at an operand's start, so that a name at `i` followed by an operand is an infix member. A literal at the
/// start of a line (`line_start`) starts a statement (`^^ Heat *` then `* Cool 2` on the next line).
pub(super) fn bare_literal_before(v: &[Spanned<'_>], i: usize, line_start: impl Fn(usize) -> bool) -> bool {
    let tok = |k: usize| i.checked_sub(k).map(|j| &v[j].1);
    let up = |t: Option<&Token<'_>>| matches!(t, Some(Token::Caret | Token::Down));
    let ups =
        |t: Option<&Token<'_>>| matches!(t, Some(Token::Caret | Token::Carets(_) | Token::Down | Token::Downs(_)));
    let start = match tok(1) {
        Some(Token::Caret | Token::Down) => Some(i - 1),
        Some(Token::Star) => match tok(2) {
            t if ups(t) => Some(i - 2),
            Some(Token::DownCount(_)) => Some(i - 2),
            Some(Token::Int(_) | Token::Ident(_)) if up(tok(3)) => Some(i - 3),
            _ => Some(i - 1),
        },
        _ => None,
    };
    // A literal does not run across lines: after `^` at a line's end, `* Cool 2` on the next line starts at `*`.
    let start = match start {
        Some(s) if (s + 1..i).any(&line_start) => (line_start(i - 1) && tok(1) == Some(&Token::Star)).then_some(i - 1),
        s => s,
    };
    start.is_some_and(|s| operand_starts_at(v, s) || line_start(s))
}

/// Whether the `>` at `i` closes a game literal: scanning back to its matching `<` (skipping bracketed
/// groups), a bar run occurs at depth 1.
pub(super) fn closes_literal(v: &[Spanned<'_>], i: usize) -> bool {
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
        if (prev_ends && next_starts)
            || after_bare_literal(v, i, !newline_between(v[i].2, v[i + 1].0), |s| {
                s > 0 && newline_between(v[s - 1].2, v[s].0)
            })
        {
            v[i].1 = Token::InfixName(name);
        }
    }
}

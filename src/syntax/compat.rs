//! Token rewrites that let CGSuite's text parse as written (docs/LANGUAGE.md §3, "CGSuite's braces", and §5),
//! run before the label rule:
//! - **brace games**: a `{` whose group has a bar run at its top level (outside nested brackets and angle
//!   literals) opens a game, `{3|-1}`, `{2||1|0}`, `{pass|}`, `{|}` — it becomes [`Token::GameBrace`]. A `|`
//!   written against a following `>` is the operator `|>` (`{G |> H}` is a set), and a `<` written against a
//!   following bar is `<|`. A name before such a brace on the same line is its label (`a{0|a}`, `a {|a}`) unless it
//!   follows an operand, where it is an infix member (`g OrdinalSum {0|}`), as CGSuite reads it;
//! - **`ruleset` as a name**: the keyword only begins a definition when a name follows it (`ruleset R …`);
//!   elsewhere (`ruleset := …`, `f(ruleset)`) it is an identifier;
//! - **no `;` after `end`**: a statement that ends with `end` may be followed by the next statement without a
//!   `;` (CGSuite's `topStatementChain`): a zero-width `;` is inserted before a token that starts a statement
//!   and cannot continue an expression (a name, a literal, a keyword such as `if`, `for`, `var`, `def`).

use super::lexer::{Spanned, Token};

/// Whether the token at `i` ends an operand, so that a name after it is an infix member, not a label: a `>` only
/// when it closes a game literal (`<1|0> OrdinalSum {0|}`, not `x > a{0|a}`), a quote only when it closes an
/// explicit literal.
fn ends_operand(v: &[Spanned<'_>], i: usize) -> bool {
    match v[i].1 {
        Token::Gt => super::infix::closes_literal(v, i),
        Token::Quote => i > 0 && matches!(v[i - 1].1, Token::Gt | Token::RBrace),
        _ => super::infix::ends_operand(&v[i].1),
    }
}

fn opens(t: &Token<'_>) -> bool {
    matches!(t, Token::LParen | Token::LBracket | Token::LBrace | Token::GameBrace | Token::StarBracket)
}

fn closes(t: &Token<'_>) -> bool {
    matches!(t, Token::RParen | Token::RBracket | Token::RBrace)
}

fn is_bar(t: &Token<'_>) -> bool {
    matches!(t, Token::Bar | Token::Bars(_))
}

/// Whether the `{` at `i` has a bar run at its top level before its matching `}`.
fn has_top_level_bar(v: &[Spanned<'_>], i: usize) -> bool {
    let (mut groups, mut angles) = (0i32, 0i32);
    let mut j = i + 1;
    while j < v.len() {
        let t = &v[j].1;
        let next = v.get(j + 1).map(|n| &n.1);
        let touching_next = v.get(j + 1).is_some_and(|n| n.0 == v[j].2);
        if opens(t) {
            groups += 1;
        } else if closes(t) {
            groups -= 1;
            if groups < 0 {
                return false;
            }
        } else if groups == 0 {
            match t {
                // `<|` is an operator, not the start of a literal.
                Token::Lt if next.is_some_and(is_bar) && touching_next => j += 1,
                Token::Lt => angles += 1,
                Token::Gt if angles > 0 => angles -= 1,
                // `|>` is an operator.
                Token::Bar if angles == 0 && next == Some(&Token::Gt) && touching_next => j += 1,
                Token::Bar | Token::Bars(_) if angles == 0 => return true,
                _ => {}
            }
        }
        j += 1;
    }
    false
}

/// Marks brace games and their labels (see the module documentation). `src` is the text whose first byte is at
/// `offset`.
pub fn brace_rewrite(v: &mut [Spanned<'_>], src: &str, offset: usize) {
    let same_line = |a: usize, b: usize| {
        src.get(a.saturating_sub(offset)..b.saturating_sub(offset)).is_some_and(|gap| !gap.contains('\n'))
    };
    for i in 0..v.len() {
        if v[i].1 != Token::LBrace || !has_top_level_bar(v, i) {
            continue;
        }
        v[i].1 = Token::GameBrace;
        if i == 0 || !matches!(v[i - 1].1, Token::Ident(_)) || !same_line(v[i - 1].2, v[i].0) {
            continue;
        }
        // Names on one line before the brace alternate operand, member, operand, …: the last is the label when it
        // stands where an operand goes (`a{0|a}`, `g OrdinalSum a{0|a}`), an infix member otherwise
        // (`g OrdinalSum {0|}`, `^ ConjunctiveSum {0|*}`).
        let mut run = i - 1;
        while run > 0 && matches!(v[run - 1].1, Token::Ident(_)) && same_line(v[run - 1].2, v[run].0) {
            run -= 1;
        }
        let operand_before = run > 0
            && same_line(v[run - 1].2, v[run].0)
            && (ends_operand(v, run - 1)
                || super::infix::bare_literal_before(v, run, |s| s == 0 || !same_line(v[s - 1].2, v[s].0)));
        if (i - run + usize::from(operand_before)) % 2 == 1 {
            let Token::Ident(name) = v[i - 1].1 else { continue };
            v[i - 1].1 = Token::Label(name);
        }
    }
}

/// `ruleset` not followed by a name is an identifier; so is `ruleset` followed by a name and then a token a
/// declaration cannot have there (a declaration's name is followed by `(`, `def` or `end`): CGSuite's
/// `ruleset HeapOptions heapSize Apply (…)` is an infix chain on a variable named `ruleset`.
pub fn keyword_rewrite(v: &mut [Spanned<'_>]) {
    for i in 0..v.len() {
        if v[i].1 != Token::Ruleset {
            continue;
        }
        let named = matches!(v.get(i + 1), Some((_, Token::Ident(_), _)));
        let declares = matches!(v.get(i + 2), None | Some((_, Token::LParen | Token::Def | Token::End, _)));
        if !named || !declares {
            v[i].1 = Token::Ident("ruleset");
        }
    }
}

/// Whether a statement can start with this token while no expression can continue with it.
fn starts_statement(t: &Token<'_>) -> bool {
    matches!(
        t,
        Token::Ident(_)
            | Token::Label(_)
            | Token::Int(_)
            | Token::Str(_)
            | Token::True
            | Token::False
            | Token::Nothing
            | Token::Left
            | Token::Right
            | Token::Pass
            | Token::Not
            | Token::If
            | Token::For
            | Token::While
            | Token::Begin
            | Token::Var
            | Token::Def
            | Token::Return
            | Token::Break
            | Token::Continue
            | Token::Ruleset
            | Token::Class
            | Token::Enum
            | Token::Import
            | Token::Mutable
            | Token::Singleton
            | Token::Override
            | Token::Static
            | Token::Private
    )
}

/// Inserts a zero-width `;` between an `end` and a following token that starts a statement (see the module
/// documentation), when that `end` closes a block that stands directly in a block or at the top level (not
/// inside a bracket: `[if c then x else y end for c in L]` is a comprehension). The `;` is placed at the start of
/// the next token, so a newline between them still ends a cell after the `end`.
pub fn separator_rewrite(v: &mut Vec<Spanned<'_>>) {
    // The open brackets (`true`) and blocks (`false`) around each token.
    let mut open: Vec<bool> = Vec::new();
    let mut needs = Vec::new();
    for i in 0..v.len() {
        let t = &v[i].1;
        if opens(t) {
            open.push(true);
        } else if closes(t) {
            if open.last() == Some(&true) {
                open.pop();
            }
        } else if t.block_delta() > 0 {
            open.push(false);
        } else if *t == Token::End {
            if open.last() == Some(&false) {
                open.pop();
            }
            if open.last() != Some(&true) && v.get(i + 1).is_some_and(|n| starts_statement(&n.1)) {
                needs.push(i + 1);
            }
        }
    }
    if needs.is_empty() {
        return;
    }
    let mut out = Vec::with_capacity(v.len() + needs.len());
    let mut k = 0;
    for (i, t) in v.drain(..).enumerate() {
        if needs.get(k) == Some(&i) {
            out.push((t.0, Token::Semi, t.0));
            k += 1;
        }
        out.push(t);
    }
    *v = out;
}

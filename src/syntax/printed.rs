//! Printed forms as input: a token rewrite (after [`super::lexer::label_rewrite`], before the parser) that
//! makes the run-together forms cgs prints readable again, so that a printed game pastes back as the same
//! value (docs/LANGUAGE.md §8):
//! - a number written against a suffix is a sum: `5over`, `3/2under`, `1^`, `1^*`, `1v3`, `2Tiny(on)`, and `1*`,
//!   `9/8*` when the `*` is not followed by an operand (`1*2` stays a product);
//! - `^[x]`, `^<x>`, `v[x]`, `v<x>` (x an integer or `on`) are `^.PowTo(x)`, `^.Pow(x)` and their negatives,
//!   and a star written after them is added (`^[on]*`, `v<2>*3`);
//! - `+-p/q` is the switch `+-(p/q)`.
//!
//! Every rewrite needs the tokens to touch (no space between them), so `5 over` and `x < 2 > y` keep their
//! old meanings.

use super::lexer::{Spanned, Token};

/// Whether a token can start an operand.
pub(super) fn starts_operand(t: &Token<'_>) -> bool {
    matches!(
        t,
        Token::Int(_)
            | Token::Str(_)
            | Token::Ident(_)
            | Token::Label(_)
            | Token::LParen
            | Token::LBracket
            | Token::LBrace
            | Token::GameBrace
            | Token::Lt
            | Token::Star
            | Token::StarBracket
            | Token::Caret
            | Token::Carets(_)
            | Token::Down
            | Token::Downs(_)
            | Token::DownCount(_)
            | Token::Minus
            | Token::Plus
            | Token::PlusMinus
            | Token::True
            | Token::False
            | Token::Nothing
            | Token::Left
            | Token::Right
            | Token::Not
            | Token::Pass
            | Token::If
            | Token::Begin
            | Token::For
    )
}

fn touching(a: &Spanned<'_>, b: &Spanned<'_>) -> bool {
    a.2 == b.0
}

/// Whether a token can end an operand (so a `-` after it is binary).
fn ends_operand(t: &Token<'_>) -> bool {
    matches!(
        t,
        Token::Int(_)
            | Token::Str(_)
            | Token::Ident(_)
            | Token::RParen
            | Token::RBracket
            | Token::RBrace
            | Token::Gt
            | Token::True
            | Token::False
            | Token::Nothing
            | Token::Star
            | Token::Caret
            | Token::Carets(_)
            | Token::Down
            | Token::Downs(_)
            | Token::DownCount(_)
            | Token::Left
            | Token::Right
    )
}

/// The index just past the group opened by the bracket at `i` (its matching closer), or `None`.
fn close_of(v: &[Spanned<'_>], i: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (k, t) in v.iter().enumerate().skip(i) {
        depth += t.1.bracket_delta();
        if depth == 0 {
            return Some(k + 1);
        }
    }
    None
}

/// The end (exclusive) of the suffix starting at `j` that joins the number ending at `j - 1`, if it is one.
fn suffix_end(v: &[Spanned<'_>], j: usize) -> Option<usize> {
    let b = &v[j];
    let touching_next = |k: usize| v.get(k).filter(|c| touching(&v[k - 1], c));
    // An optional star part `*` or `*n` right after an uptimal.
    let star_part = |k: usize| -> usize {
        match touching_next(k) {
            Some((_, Token::Star, _)) => match touching_next(k + 1) {
                Some((_, Token::Int(_), _)) => k + 2,
                _ => k + 1,
            },
            _ => k,
        }
    };
    match &b.1 {
        Token::Ident("over" | "under") => Some(j + 1),
        Token::Ident("Tiny" | "Miny") if matches!(touching_next(j + 1), Some((_, Token::LParen, _))) => {
            close_of(v, j + 1)
        }
        Token::Down | Token::Downs(_) | Token::DownCount(_) | Token::Carets(_) => Some(star_part(j + 1)),
        // `1^` and `1^*` are sums; `2^3` and `2^(n)` stay powers.
        Token::Caret => match touching_next(j + 1) {
            Some(c) if starts_operand(&c.1) && !matches!(c.1, Token::Star) => None,
            _ => Some(star_part(j + 1)),
        },
        // `1*` is a sum; `1*2` stays a product.
        Token::Star => (!v.get(j + 1).is_some_and(|c| starts_operand(&c.1))).then_some(j + 1),
        Token::LParen if is_power_group(v, j) => {
            let end = close_of(v, j)?;
            // A star added by `uptimal_powers`: `+ *` or `+ *n`.
            match (v.get(end).map(|t| &t.1), v.get(end + 1).map(|t| &t.1)) {
                (Some(Token::Plus), Some(Token::Star)) if v[end].0 == v[end].2 => Some(star_part(end + 1).max(end + 2)),
                _ => Some(end),
            }
        }
        _ => None,
    }
}

/// `+-p/q` (all touching, no `^` after) → `+-(p/q)`: the switch on a fraction, as cgs prints it (unary `+-`
/// binds tighter than `/`, so `+-1/2` was `(+-1)/2`, an error).
fn switch_fractions(v: &mut Vec<Spanned<'_>>) {
    let mut i = 0;
    while i + 3 < v.len() {
        let shape = matches!(
            (&v[i].1, &v[i + 1].1, &v[i + 2].1, &v[i + 3].1),
            (Token::PlusMinus, Token::Int(_), Token::Slash, Token::Int(_))
        );
        let all_touch = (i..i + 3).all(|k| touching(&v[k], &v[k + 1]));
        let power_follows = v.get(i + 4).is_some_and(|t| matches!(t.1, Token::Caret));
        if shape && all_touch && !power_follows {
            let (s, e) = (v[i + 1].0, v[i + 3].2);
            v.insert(i + 4, (e, Token::RParen, e));
            v.insert(i + 1, (s, Token::LParen, s));
            i += 6;
        } else {
            i += 1;
        }
    }
}

/// Rewrites the printed forms described in the module documentation.
pub fn printed_rewrite(v: &mut Vec<Spanned<'_>>) {
    switch_fractions(v);
    uptimal_powers(v);
    let mut i = 0;
    while i + 1 < v.len() {
        if !(matches!(v[i].1, Token::Int(_)) && touching(&v[i], &v[i + 1])) || is_up_count(v, i) {
            i += 1;
            continue;
        }
        let Some(end) = suffix_end(v, i + 1) else {
            i += 1;
            continue;
        };
        // The number: `n`, `p/q`, with a unary minus in front.
        let mut first = i;
        if first >= 2
            && matches!(v[first - 1].1, Token::Slash)
            && matches!(v[first - 2].1, Token::Int(_))
            && touching(&v[first - 2], &v[first - 1])
            && touching(&v[first - 1], &v[first])
        {
            first -= 2;
        }
        if first >= 1
            && matches!(v[first - 1].1, Token::Minus)
            && touching(&v[first - 1], &v[first])
            && !(first >= 2 && ends_operand(&v[first - 2].1))
        {
            first -= 1;
        }
        let (s, e) = (v[first].0, v[end - 1].2);
        let at = v[i].2;
        v.insert(end, (e, Token::RParen, e));
        v.insert(i + 1, (at, Token::Plus, at));
        v.insert(first, (s, Token::LParen, s));
        // On into the suffix (after the `(`, the number's last token and the `+`): `2Tiny(…)` holds printed
        // forms too (`1/2Tiny(<1/2vv*|0,*>)`).
        i += 3;
    }
}

/// Whether the integer at `i` is the count of an up literal that starts an operand (`^3*`, `<0|v3*>`: its star
/// part follows, so `3*` is not the sum `3 + *`).
fn is_up_count(v: &[Spanned<'_>], i: usize) -> bool {
    i >= 1
        && matches!(v[i - 1].1, Token::Caret | Token::Down)
        && touching(&v[i - 1], &v[i])
        && !(i >= 2 && ends_operand(&v[i - 2].1) && touching(&v[i - 2], &v[i - 1]))
}

/// Whether the tokens at `i` are a group produced by [`uptimal_powers`] (`(^.Pow…` or `(-^.Pow…`).
fn is_power_group(v: &[Spanned<'_>], i: usize) -> bool {
    let mut j = i + 1;
    if matches!(v.get(j).map(|t| &t.1), Some(Token::Minus)) {
        j += 1;
    }
    matches!(
        (v.get(j).map(|t| &t.1), v.get(j + 2).map(|t| &t.1)),
        (Some(Token::Caret), Some(Token::Ident("Pow" | "PowTo")))
    ) && v[i].0 == v[i].2
}

/// `^[x]` → `(^.PowTo(x))`, `^<x>` → `(^.Pow(x))`, `v…` → `(-^…)`, each followed by `+` when a star touches it.
fn uptimal_powers(v: &mut Vec<Spanned<'_>>) {
    let mut i = 0;
    while i + 3 < v.len() {
        let down = match v[i].1 {
            Token::Caret => false,
            Token::Down => true,
            _ => {
                i += 1;
                continue;
            }
        };
        let (open, arg, close) = (&v[i + 1].1, &v[i + 2].1, &v[i + 3].1);
        let method = match (open, close) {
            (Token::LBracket, Token::RBracket) => "PowTo",
            (Token::Lt, Token::Gt) => "Pow",
            _ => {
                i += 1;
                continue;
            }
        };
        let arg_ok = matches!(arg, Token::Int(_) | Token::Ident("on"));
        let all_touch = (i..i + 3).all(|k| touching(&v[k], &v[k + 1]));
        if !arg_ok || !all_touch {
            i += 1;
            continue;
        }
        let (s, e) = (v[i].0, v[i + 3].2);
        let arg = v[i + 2].clone();
        let mut group: Vec<Spanned<'_>> = vec![(s, Token::LParen, s)];
        if down {
            group.push((s, Token::Minus, s));
        }
        group.extend([
            (s, Token::Caret, s + 1),
            (s + 1, Token::Dot, s + 1),
            (s + 1, Token::Ident(method), s + 1),
            (s + 1, Token::LParen, s + 1),
            arg,
            (e, Token::RParen, e),
            (e, Token::RParen, e),
        ]);
        let star_follows = v.get(i + 4).is_some_and(|t| t.0 == e && matches!(t.1, Token::Star));
        if star_follows {
            group.push((e, Token::Plus, e));
        }
        let n = group.len();
        v.splice(i..i + 4, group);
        i += n;
    }
}

//! The token stream the parser's tests and tools read: the lexer's tokens (`lexer/`) through the rewrites that
//! run between the lexer and the parser (`compat.rs`, the label rule, `printed.rs`, `infix.rs`). A file of its
//! own so that the lexer does not call the rewrites that read its tokens.

use super::lexer::{label_rewrite, raw_tokens, LexError, Spanned, Token};

/// Lexes `src`, whose first byte is at `offset` in its file, into LALRPOP triples with file-absolute offsets.
/// `>==` comes out as `>` followed by `==`.
pub fn tokens(src: &str, offset: usize) -> impl Iterator<Item = Result<Spanned<'_>, LexError>> + '_ {
    let v: Vec<Result<Spanned<'_>, LexError>> =
        raw_tokens(src, offset).map(|(res, s, e)| res.map(|t| (s, t, e))).collect();
    match v.iter().cloned().collect::<Result<Vec<Spanned<'_>>, LexError>>() {
        Ok(mut ok) => {
            super::compat::keyword_rewrite(&mut ok);
            super::compat::brace_rewrite(&mut ok, src, offset);
            label_rewrite(&mut ok);
            super::compat::separator_rewrite(&mut ok);
            super::printed::printed_rewrite(&mut ok);
            super::infix::infix_rewrite(&mut ok, src, offset);
            ok.into_iter().map(Ok).collect::<Vec<_>>().into_iter()
        }
        Err(_) => v.into_iter(),
    }
}

/// A compact listing of the tokens of `src`, for tests and snapshots: tokens as written separated by spaces,
/// identifiers as `id:name`, strings as `str:"…"`, lexing errors as `!Kind@start..end`.
pub fn listing(src: &str) -> String {
    tokens(src, 0)
        .map(|t| match t {
            Ok((_, Token::Ident(s), _)) => format!("id:{s}"),
            Ok((_, Token::InfixName(s), _)) => format!("infix:{s}"),
            Ok((_, Token::Str(s), _)) => format!("str:{s:?}"),
            Ok((_, t, _)) => t.to_string(),
            Err(e) => format!("!{:?}@{}..{}", e.kind, e.start, e.end),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::listing;

    // The rewrites of `compat.rs` as the token stream shows them.
    #[test]
    fn braces_with_a_top_level_bar_are_games() {
        // `{` of a game lists as `{` too; the label and the infix member show the difference.
        assert_eq!(listing("a{0|a}"), "a { 0 | id:a }");
        assert_eq!(listing("a {|a}"), "a { | id:a }");
        assert_eq!(listing("g OrdinalSum {0|}"), "id:g infix:OrdinalSum { 0 | }");
        assert_eq!(listing("a\n{1|2}"), "id:a { 1 | 2 }");
        // Names before the braces alternate operand and member: the last is a label only in an operand's place.
        assert_eq!(listing("g OrdinalSum a{0|a}"), "id:g infix:OrdinalSum a { 0 | id:a }");
        assert_eq!(listing("x > a{0|a}"), "id:x > a { 0 | id:a }");
        assert_eq!(listing("^ ConjunctiveSum {0|*}"), "^ infix:ConjunctiveSum { 0 | * }");
        assert_eq!(listing("^ ConjunctiveSum a{0|a}"), "^ infix:ConjunctiveSum a { 0 | id:a }");
        assert_eq!(listing("2 * a{0|*}"), "2 * a { 0 | * }");
        // After a bare literal a `^` starts the member's right operand; a literal does not run across lines.
        assert_eq!(listing("v* NortonProduct ^"), "v * infix:NortonProduct ^");
        assert_eq!(listing("^\n* Cool {1|0}"), "^ * infix:Cool { 1 | 0 }");
        assert_eq!(listing("^ n * 2"), "^ id:n * 2");
        assert_eq!(listing("ruleset := 3"), "id:ruleset := 3");
        assert_eq!(listing("ruleset HeapOptions n Apply f"), "id:ruleset infix:HeapOptions id:n infix:Apply id:f");
        assert_eq!(listing("if x then 1 end y"), "if id:x then 1 end ; id:y");
        assert_eq!(listing("[if x then 1 end for x in L]"), "[ if id:x then 1 end for id:x in id:L ]");
        assert_eq!(
            listing("begin for x in L do end for y in L do end end"),
            "begin for id:x in id:L do end ; for id:y in id:L do end end"
        );
    }
}

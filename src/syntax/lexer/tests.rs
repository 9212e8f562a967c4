//! Unit tests of the lexer: token listings of small inputs.

use crate::syntax::tokens::{listing, tokens};

fn lex(src: &str) -> String {
    listing(src)
}

#[test]
fn basics() {
    assert_eq!(lex("x := 3 + foo_1"), "id:x := 3 + id:foo_1");
    assert_eq!(lex("12345678901234567890123"), "12345678901234567890123");
    assert_eq!(lex("a // comment\n b /* c \n d */ e"), "id:a id:b id:e");
    // A name or literal after `end` starts the next statement: the `;` before it is implied (syntax/compat.rs).
    assert_eq!(lex("if then elseif end Nothing Left"), "if then elseif end ; Nothing Left");
    assert_eq!(lex("iff ends"), "id:iff id:ends");
}

#[test]
fn game_tokens() {
    assert_eq!(lex("<|>"), "< | >");
    assert_eq!(lex("<0|>"), "< 0 | >");
    assert_eq!(lex("<|0>"), "< | 0 >");
    assert_eq!(lex("<<0|>|>"), "< < 0 | > | >");
    assert_eq!(lex("<3|||2||1|0>"), "< 3 ||| 2 || 1 | 0 >");
    assert_eq!(lex("G <| H |> K <> L"), "id:G < | id:H | > id:K <> id:L");
    assert_eq!(lex("^ ^^ ^^^*3"), "^ ^^ ^^^ * 3");
    assert_eq!(lex("v vv vvv v3*2 vx value v3x vv3"), "v vv vvv v3 * 2 infix:vx id:value infix:v3x id:vv3");
    assert_eq!(lex("+-1 3+-1 x->y"), "+- 1 3 +- 1 id:x -> id:y");
    assert_eq!(lex("<|>==0 a>=b a>b"), "< | > == 0 id:a >= id:b id:a > id:b");
    assert_eq!(lex("= == => := : <= !="), "= == => := : <= !=");
}

#[test]
fn spans_are_offset() {
    let v: Vec<_> = tokens("<|>==0", 10).map(|t| t.map(|(s, _, e)| (s, e))).collect();
    assert_eq!(v, vec![Ok((10, 11)), Ok((11, 12)), Ok((12, 13)), Ok((13, 15)), Ok((15, 16))]);
}

#[test]
fn strings() {
    assert_eq!(lex(r#""a\\b\"c\nd\te""#), r#"str:"a\\b\"c\nd\te""#);
    assert_eq!(lex(r#""abc"#), "!UnterminatedString@0..4");
    assert_eq!(lex("\"abc\nx"), "!UnterminatedString@0..4 id:x");
    assert_eq!(lex(r#"x "a\qb" y"#), "id:x !BadEscape('q')@4..6 id:y");
}

#[test]
fn errors() {
    assert_eq!(lex("1 @ 2"), "1 !UnexpectedChar('@')@2..3 2");
    assert_eq!(lex("1 /* abc"), "1 !UnterminatedComment@2..4");
    assert_eq!(lex("a ! b"), "id:a !UnexpectedChar('!')@2..3 id:b");
}

/// The printed form of every fixed token lexes back to that token (guards the `Display` table against drift).
#[test]
fn display_round_trips() {
    let src = "and as begin break by continue def do else elseif end error false for from if in is not or \
               return ruleset then to true var where while yield Nothing Left Right * ^ ^^^ v vvv v7 +- + - / \
               % : := = => == != < <= > >= <> -> . , ; ( ) [ ] { } | ||| 42 \"q\\\"\" name";
    for t in tokens(src, 0) {
        let (_, t, _) = t.expect("lexes");
        let printed = t.to_string();
        let again: Vec<_> = tokens(&printed, 0).map(|r| r.expect("lexes").1).collect();
        assert_eq!(again, vec![t.clone()], "{printed}");
    }
}

//! The lexer: the [`Token`] enum is the single vocabulary of the language; the grammar's `extern` block maps each
//! of its terminals to one variant. Literal payloads (integers, strings with escapes resolved, identifiers) are
//! parsed here, so the grammar never re-reads text.
//!
//! Game-literal brackets are lexed as plain `<`, `>` and bar runs (`|` is [`Token::Bar`], `||`, `|||`, … are
//! [`Token::Bars`]); the grammar recognises the comparison operators `<|` and `|>` as two adjacent tokens, so
//! `<|0>`, `<0|>` and `<<0|>|>` need no special cases. The only token split done after logos is `>==`, which is
//! always `>` followed by `==` (as in `<|>==0`); see [`tokens`](crate::syntax::tokens::tokens).

use logos::{FilterResult, Lexer, Logos};
use num_bigint::BigInt;
use std::fmt;

/// What went wrong while lexing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LexErrorKind {
    /// A character that starts no token.
    UnexpectedChar(char),
    /// A string literal without its closing `"` on the same line.
    UnterminatedString,
    /// A backslash escape other than `\\ \" \n \t`; holds the escaped character.
    BadEscape(char),
    /// A `/*` comment without its `*/`.
    UnterminatedComment,
}

/// A lexing error with its byte range (file-absolute once it leaves [`tokens`](crate::syntax::tokens::tokens)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexError {
    /// What went wrong.
    pub kind: LexErrorKind,
    /// First byte of the offending text.
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
}

/// Required by logos; never used (every error is built by a callback).
impl Default for LexError {
    fn default() -> LexError {
        LexError { kind: LexErrorKind::UnexpectedChar('\u{fffd}'), start: 0, end: 0 }
    }
}

impl LexError {
    fn unexpected_char<'a>(lex: &mut Lexer<'a, Token<'a>>) -> LexError {
        let span = lex.span();
        let c = lex.slice().chars().next().unwrap_or('\u{fffd}');
        LexError { kind: LexErrorKind::UnexpectedChar(c), start: span.start, end: span.end }
    }

    /// The one-line message, in CGSuite's sentence style.
    pub fn message(&self) -> String {
        match &self.kind {
            LexErrorKind::UnexpectedChar(c) => format!("Syntax error: unexpected character `{}`.", c.escape_debug()),
            LexErrorKind::UnterminatedString => "Syntax error: unterminated string.".to_string(),
            LexErrorKind::BadEscape(c) => {
                format!("Syntax error: invalid escape sequence `\\{}` in string.", c.escape_debug())
            }
            LexErrorKind::UnterminatedComment => "Syntax error: unterminated comment.".to_string(),
        }
    }
}

/// The tokens of cgs.
#[derive(Logos, Clone, Debug, PartialEq)]
#[logos(error(LexError, LexError::unexpected_char))]
#[logos(skip r"[ \t\r\n\f]+")]
#[logos(skip r"//[^\n]*")]
pub enum Token<'input> {
    /// An integer literal of any size.
    #[regex(r"[0-9]+", |lex| lex.slice().parse::<BigInt>().ok())]
    Int(BigInt),
    /// A string literal, escapes resolved.
    #[token("\"", lex_string)]
    Str(String),
    /// An identifier; `ω` is one (CGSuite prints `omega` as `ω`, a global of that name too).
    #[regex(r"[A-Za-z_][A-Za-z0-9_]*|ω")]
    Ident(&'input str),

    /// `and`
    #[token("and")]
    And,
    /// `as`
    #[token("as")]
    As,
    /// `begin`
    #[token("begin")]
    Begin,
    /// `break`
    #[token("break")]
    Break,
    /// `by`
    #[token("by")]
    By,
    /// `continue`
    #[token("continue")]
    Continue,
    /// `def`
    #[token("def")]
    Def,
    /// `do`
    #[token("do")]
    Do,
    /// `else`
    #[token("else")]
    Else,
    /// `elseif`
    #[token("elseif")]
    Elseif,
    /// `end`
    #[token("end")]
    End,
    /// `error`
    #[token("error")]
    Error,
    /// `false`
    #[token("false")]
    False,
    /// `for`
    #[token("for")]
    For,
    /// `from`
    #[token("from")]
    From,
    /// `if`
    #[token("if")]
    If,
    /// `in`
    #[token("in")]
    In,
    /// `is`
    #[token("is")]
    Is,
    /// `not`
    #[token("not")]
    Not,
    /// `or`
    #[token("or")]
    Or,
    /// `return`
    #[token("return")]
    Return,
    /// `ruleset`
    #[token("ruleset")]
    Ruleset,
    /// `class` (a user class declaration)
    #[token("class")]
    Class,
    /// `enum`
    #[token("enum")]
    Enum,
    /// `extends`
    #[token("extends")]
    Extends,
    /// `import`
    #[token("import")]
    Import,
    /// `override`
    #[token("override")]
    Override,
    /// `static`
    #[token("static")]
    Static,
    /// `mutable`
    #[token("mutable")]
    Mutable,
    /// `singleton`
    #[token("singleton")]
    Singleton,
    /// `private` (a member modifier, as in CGSuite)
    #[token("private")]
    Private,
    /// `pass` (a loopy game's move back to the literal node it stands in)
    #[token("pass")]
    Pass,
    /// `&` (sidling: `S & T`)
    #[token("&")]
    Amp,
    /// A label: an identifier written immediately before the `<` of a game literal (`a<0|a>`). Never produced
    /// by logos: [`tokens`](crate::syntax::tokens::tokens) rewrites an [`Token::Ident`] into it (see [`label_rewrite`]).
    Label(&'input str),
    /// A member name written between its operands (`3 Max 5`). Never produced by logos: the rewrite in
    /// `syntax/infix.rs` turns an [`Token::Ident`] into it.
    InfixName(&'input str),
    /// `then`
    #[token("then")]
    Then,
    /// `to`
    #[token("to")]
    To,
    /// `true`
    #[token("true")]
    True,
    /// `var`
    #[token("var")]
    Var,
    /// `where`
    #[token("where")]
    Where,
    /// `while`
    #[token("while")]
    While,
    /// `yield`
    #[token("yield")]
    Yield,
    /// `Nothing`
    #[token("Nothing")]
    Nothing,
    /// `Left`
    #[token("Left")]
    Left,
    /// `Right`
    #[token("Right")]
    Right,

    /// `*`: a nimber in operand position, multiplication between operands; `×` (as CGSuite prints
    /// `ω×2`) is the same token.
    #[token("*")]
    #[token("×")]
    Star,
    /// `*[`: opens a misère canonical game literal `*[…]` (CGSuite's `*` applied to a list). Written without a
    /// space; `a * [..]` with a space is still a product. When the bracket holds CGSuite's printed notation
    /// (`*[2#0]`) instead of a list, the lexer gives [`Token::MisereNotation`].
    #[token("*[", star_bracket)]
    StarBracket,
    /// `*[2#0]`: a whole misère literal in CGSuite's printed notation; holds the text between the brackets
    /// (see `syntax::misere`). Never produced by logos directly: the `*[` callback decides.
    MisereNotation(&'input str),
    /// `^`: up in operand position, power between operands.
    #[token("^")]
    Caret,
    /// `^^`, `^^^`, …: a run of two or more ups; holds the count.
    #[regex(r"\^\^+", |lex| run_length(lex.slice()))]
    Carets(u32),
    /// `v`: down.
    #[token("v", priority = 10)]
    Down,
    /// `vv`, `vvv`, …: a run of two or more downs; holds the count.
    #[regex(r"vv+", |lex| run_length(lex.slice()), priority = 10)]
    Downs(u32),
    /// `v3`: down times an integer; holds the integer.
    #[regex(r"v[0-9]+", |lex| lex.slice()[1..].parse::<BigInt>().ok(), priority = 10)]
    DownCount(BigInt),
    /// `+-`
    #[token("+-")]
    PlusMinus,
    /// `+`
    #[token("+")]
    Plus,
    /// `-`
    #[token("-")]
    Minus,
    /// `/`
    #[token("/")]
    Slash,
    /// `%`
    #[token("%")]
    Percent,
    /// `:`
    #[token(":")]
    Colon,
    /// `:=`
    #[token(":=")]
    ColonEq,
    /// `=`: never valid; lexed so that the parser can say "use `:=`".
    #[token("=")]
    Eq,
    /// `=>`
    #[token("=>")]
    FatArrow,
    /// `==`
    #[token("==")]
    EqEq,
    /// `!=`
    #[token("!=")]
    NotEq,
    /// `===` (the same object: CGSuite's reference equality).
    #[token("===")]
    EqEqEq,
    /// `!==`
    #[token("!==")]
    NotEqEq,
    /// `<`
    #[token("<")]
    Lt,
    /// `<=`
    #[token("<=")]
    Le,
    /// `>`
    #[token(">")]
    Gt,
    /// `>=`
    #[token(">=")]
    Ge,
    /// `>==`: split by [`tokens`](crate::syntax::tokens::tokens) into `>` and `==`; never reaches the parser.
    #[token(">==")]
    GtEqEq,
    /// `>===`: split by [`tokens`](crate::syntax::tokens::tokens) into `>` and `===`; never reaches the parser.
    #[token(">===")]
    GtEqEqEq,
    /// `<>` (confused with).
    #[token("<>")]
    LtGt,
    /// `->`
    #[token("->")]
    Arrow,
    /// `.`
    #[token(".")]
    Dot,
    /// `..` (an integer range, `a..b` or `a..b..step`).
    #[token("..")]
    DotDot,
    /// `...` (a variable-arity parameter, `def f(xs...)`).
    #[token("...")]
    Ellipsis,
    /// `?` (an optional parameter, `def f(x ? 2)`).
    #[token("?")]
    Question,
    /// `'` (around an explicit game form, `'<*|*>'`).
    #[token("'")]
    Quote,
    /// `,`
    #[token(",")]
    Comma,
    /// `;`
    #[token(";")]
    Semi,
    /// `(`
    #[token("(")]
    LParen,
    /// `)`
    #[token(")")]
    RParen,
    /// `[`
    #[token("[")]
    LBracket,
    /// `]`
    #[token("]")]
    RBracket,
    /// `{`
    #[token("{")]
    LBrace,
    /// The `{` of a game written in CGSuite's braces (`{3|-1}`): a `{` whose group has a top-level bar. Never
    /// produced by logos: `syntax/compat.rs` rewrites an [`Token::LBrace`] into it.
    GameBrace,
    /// `}`
    #[token("}")]
    RBrace,
    /// `|`
    #[token("|")]
    Bar,
    /// `||`, `|||`, …: a run of two or more bars; holds the count.
    #[regex(r"\|\|+", |lex| run_length(lex.slice()))]
    Bars(u32),

    /// A `/* … */` comment: skipped by its callback, never produced.
    #[token("/*", block_comment)]
    BlockComment,
    /// Stands in for text that failed to lex (the error is reported separately); the grammar accepts it as an
    /// operand so that parsing continues. Never produced by logos.
    Invalid,
}

/// `*[` followed by printed misère notation and its `]` is one [`Token::MisereNotation`]; otherwise the `*[`
/// opens CGSuite's list form.
fn star_bracket<'a>(lex: &mut Lexer<'a, Token<'a>>) -> Token<'a> {
    let rest = lex.remainder();
    match super::misere::notation_length(rest) {
        Some(n) => {
            lex.bump(n + 1);
            Token::MisereNotation(&rest[..n])
        }
        None => Token::StarBracket,
    }
}

fn run_length(s: &str) -> u32 {
    u32::try_from(s.len()).unwrap_or(u32::MAX)
}

fn block_comment<'a>(lex: &mut Lexer<'a, Token<'a>>) -> FilterResult<(), LexError> {
    match lex.remainder().find("*/") {
        Some(i) => {
            lex.bump(i + 2);
            FilterResult::Skip
        }
        None => {
            let start = lex.span().start;
            lex.bump(lex.remainder().len());
            FilterResult::Error(LexError { kind: LexErrorKind::UnterminatedComment, start, end: start + 2 })
        }
    }
}

/// Lexes the rest of a string after its opening `"`. A string ends at the closing `"` on the same line; the
/// first bad escape is reported (with its own span) after the whole string has been consumed.
fn lex_string<'a>(lex: &mut Lexer<'a, Token<'a>>) -> Result<String, LexError> {
    let start = lex.span().start;
    let rest = lex.remainder();
    let mut out = String::new();
    let mut bad: Option<LexError> = None;
    let mut chars = rest.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => {
                lex.bump(i + 1);
                return match bad {
                    Some(e) => Err(e),
                    None => Ok(out),
                };
            }
            '\n' => break,
            '\\' => match chars.next() {
                Some((_, '\\')) => out.push('\\'),
                Some((_, '"')) => out.push('"'),
                Some((_, 'n')) => out.push('\n'),
                Some((_, 't')) => out.push('\t'),
                Some((j, '\n')) | Some((j, '\r')) => {
                    lex.bump(j);
                    return Err(LexError { kind: LexErrorKind::UnterminatedString, start, end: start + 1 + j });
                }
                Some((j, e)) => {
                    if bad.is_none() {
                        let s = start + 1 + i;
                        bad = Some(LexError {
                            kind: LexErrorKind::BadEscape(e),
                            start: s,
                            end: start + 1 + j + e.len_utf8(),
                        });
                    }
                }
                None => break,
            },
            _ => out.push(c),
        }
    }
    // No closing quote on this line: the string runs to the end of the line.
    let len = rest.find('\n').unwrap_or(rest.len());
    let len = if rest[..len].ends_with('\r') { len - 1 } else { len };
    lex.bump(len);
    Err(LexError { kind: LexErrorKind::UnterminatedString, start, end: start + 1 + len })
}

/// A token with its byte range.
pub type Spanned<'input> = (usize, Token<'input>, usize);

/// The label rule (loopy literals, LOOPY.md §1.1): an identifier **immediately** followed by `<` becomes a
/// [`Token::Label`] iff, scanning on from that `<` and counting `<`/`>` depth (skipping `( )`, `[ ]`, `{ }`
/// groups), a bar run occurs at depth 1 before the matching `>` — unless the bar directly follows the `<`.
/// So `a<0|a>` is a labelled literal, while `k<3`, `G<|H` and `a < <0|a>` stay comparisons.
pub fn label_rewrite(v: &mut [Spanned<'_>]) {
    for i in 0..v.len().saturating_sub(1) {
        let ((_, Token::Ident(name), e1), (s2, Token::Lt, _)) = (&v[i], &v[i + 1]) else { continue };
        if e1 != s2 || matches!(v.get(i + 2), Some((_, Token::Bar | Token::Bars(_), _))) {
            // `G<|H` stays a comparison: a label's literal never starts with a bar.
            continue;
        }
        let name = *name;
        let mut depth = 0i32;
        let mut groups = 0i32;
        let mut found = false;
        for (_, t, _) in &v[i + 1..] {
            match t {
                Token::LParen | Token::LBracket | Token::LBrace | Token::GameBrace => groups += 1,
                Token::RParen | Token::RBracket | Token::RBrace => {
                    groups -= 1;
                    if groups < 0 {
                        break;
                    }
                }
                _ if groups > 0 => {}
                Token::Lt => depth += 1,
                Token::Gt => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                Token::Bar | Token::Bars(_) if depth == 1 => {
                    found = true;
                    break;
                }
                Token::Semi => break,
                _ => {}
            }
        }
        if found {
            v[i].1 = Token::Label(name);
        }
    }
}

/// Like [`tokens`](crate::syntax::tokens::tokens), but every item carries the byte range the lexer consumed, also for errors (whose own span
/// may be narrower, e.g. just the bad escape inside a string).
pub(crate) fn raw_tokens(
    src: &str,
    offset: usize,
) -> impl Iterator<Item = (Result<Token<'_>, LexError>, usize, usize)> + '_ {
    Token::lexer(src).spanned().flat_map(move |(res, range)| {
        let (s, e) = (range.start + offset, range.end + offset);
        match res {
            Ok(Token::GtEqEq) => [Some((Ok(Token::Gt), s, s + 1)), Some((Ok(Token::EqEq), s + 1, e))],
            Ok(Token::GtEqEqEq) => [Some((Ok(Token::Gt), s, s + 1)), Some((Ok(Token::EqEqEq), s + 1, e))],
            Ok(tok) => [Some((Ok(tok), s, e)), None],
            Err(mut err) => {
                if err.end <= err.start {
                    err.start = range.start;
                    err.end = range.end;
                }
                err.start += offset;
                err.end += offset;
                [Some((Err(err), s, e)), None]
            }
        }
        .into_iter()
        .flatten()
    })
}

impl Token<'_> {
    /// Opening-bracket depth contributed by this token: +1 for `(`, `[`, `{`, -1 for their closers. Used by the
    /// cell splitter to see that a text is unfinished without parsing it.
    pub fn bracket_delta(&self) -> i32 {
        match self {
            Token::LParen | Token::LBracket | Token::StarBracket | Token::LBrace | Token::GameBrace => 1,
            Token::RParen | Token::RBracket | Token::RBrace => -1,
            _ => 0,
        }
    }

    /// Keyword-block depth contributed by this token: +1 for `begin`, `if`, `do`, `yield` (a `for`/`while` body;
    /// comprehensions use neither) and `ruleset`, -1 for `end`.
    pub fn block_delta(&self) -> i32 {
        match self {
            Token::Begin | Token::If | Token::Do | Token::Yield | Token::Ruleset | Token::Class | Token::Enum => 1,
            Token::End => -1,
            _ => 0,
        }
    }
}

impl Token<'_> {
    /// Whether a text ending with this token is certainly unfinished: a binary operator, a separator or a keyword
    /// that needs something after it. (`*`, `^` and `>` can end an operand; `return` can stand alone.)
    pub fn expects_more(&self) -> bool {
        matches!(
            self,
            Token::PlusMinus
                | Token::Plus
                | Token::Minus
                | Token::Slash
                | Token::Percent
                | Token::Colon
                | Token::ColonEq
                | Token::Eq
                | Token::FatArrow
                | Token::EqEq
                | Token::NotEq
                | Token::EqEqEq
                | Token::NotEqEq
                | Token::Question
                | Token::Lt
                | Token::Le
                | Token::Ge
                | Token::LtGt
                | Token::Arrow
                | Token::Dot
                | Token::DotDot
                | Token::Comma
                | Token::Bar
                | Token::Bars(_)
                | Token::And
                | Token::Or
                | Token::Not
                | Token::Is
                | Token::In
                | Token::From
                | Token::To
                | Token::By
                | Token::Where
                | Token::Then
                | Token::Else
                | Token::Elseif
                | Token::For
                | Token::While
                | Token::Def
                | Token::Var
                | Token::Extends
                | Token::Import
                | Token::Override
                | Token::Static
        )
    }
}

impl fmt::Display for Token<'_> {
    /// The token as it would be written (used in "unexpected `…`" messages).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            Token::Int(n) => return write!(f, "{n}"),
            Token::MisereNotation(t) => return write!(f, "*[{t}]"),
            Token::Str(s) => {
                f.write_str("\"")?;
                for c in s.chars() {
                    match c {
                        '\\' => f.write_str("\\\\")?,
                        '"' => f.write_str("\\\"")?,
                        '\n' => f.write_str("\\n")?,
                        '\t' => f.write_str("\\t")?,
                        c => write!(f, "{c}")?,
                    }
                }
                return f.write_str("\"");
            }
            Token::Ident(s) => s,
            Token::Carets(n) => return f.write_str(&"^".repeat(*n as usize)),
            Token::Downs(n) => return f.write_str(&"v".repeat(*n as usize)),
            Token::DownCount(n) => return write!(f, "v{n}"),
            Token::Bars(n) => return f.write_str(&"|".repeat(*n as usize)),
            Token::And => "and",
            Token::As => "as",
            Token::Begin => "begin",
            Token::Break => "break",
            Token::By => "by",
            Token::Continue => "continue",
            Token::Def => "def",
            Token::Do => "do",
            Token::Else => "else",
            Token::Elseif => "elseif",
            Token::End => "end",
            Token::Error => "error",
            Token::False => "false",
            Token::For => "for",
            Token::From => "from",
            Token::If => "if",
            Token::In => "in",
            Token::Is => "is",
            Token::Not => "not",
            Token::Or => "or",
            Token::Return => "return",
            Token::Ruleset => "ruleset",
            Token::Class => "class",
            Token::Enum => "enum",
            Token::Extends => "extends",
            Token::Import => "import",
            Token::Override => "override",
            Token::Static => "static",
            Token::Mutable => "mutable",
            Token::Singleton => "singleton",
            Token::Private => "private",
            Token::Pass => "pass",
            Token::Amp => "&",
            Token::Label(s) | Token::InfixName(s) => s,
            Token::Then => "then",
            Token::To => "to",
            Token::True => "true",
            Token::Var => "var",
            Token::Where => "where",
            Token::While => "while",
            Token::Yield => "yield",
            Token::Nothing => "Nothing",
            Token::Left => "Left",
            Token::Right => "Right",
            Token::Star => "*",
            Token::StarBracket => "*[",
            Token::Caret => "^",
            Token::Down => "v",
            Token::PlusMinus => "+-",
            Token::Plus => "+",
            Token::Minus => "-",
            Token::Slash => "/",
            Token::Percent => "%",
            Token::Colon => ":",
            Token::ColonEq => ":=",
            Token::Eq => "=",
            Token::FatArrow => "=>",
            Token::EqEq => "==",
            Token::NotEq => "!=",
            Token::Lt => "<",
            Token::Le => "<=",
            Token::Gt => ">",
            Token::Ge => ">=",
            Token::GtEqEq => ">==",
            Token::GtEqEqEq => ">===",
            Token::EqEqEq => "===",
            Token::NotEqEq => "!==",
            Token::Ellipsis => "...",
            Token::Question => "?",
            Token::Quote => "'",
            Token::LtGt => "<>",
            Token::Arrow => "->",
            Token::Dot => ".",
            Token::DotDot => "..",
            Token::Comma => ",",
            Token::Semi => ";",
            Token::LParen => "(",
            Token::RParen => ")",
            Token::LBracket => "[",
            Token::RBracket => "]",
            Token::LBrace | Token::GameBrace => "{",
            Token::RBrace => "}",
            Token::Bar => "|",
            Token::BlockComment => "/*",
            Token::Invalid => "invalid token",
        };
        f.write_str(s)
    }
}

impl fmt::Display for LexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for LexError {}

#[cfg(test)]
mod tests;

//! The parser driver and the cell splitter.
//!
//! Input is read as **cells** (LANGUAGE.md §5): a cell ends at the first newline where the text so far is
//! complete. The whole text is lexed once; each newline outside comments is a candidate cell end, where the text
//! of the current cell is parsed. It is *incomplete* when the parser meets the end of input too early (an open
//! bracket, an unfinished `begin`/`if`/`for`/`def`/`ruleset`, a trailing operator) or inside an unterminated
//! `/*` comment; an incomplete cell continues on the next line. Otherwise the cell ends there, whether it parsed
//! cleanly or not. Once a cell has a real syntax error, the end of input only counts if the tokens also show
//! something open (an unclosed bracket or `begin`/`if`/`do`/`yield`/`ruleset`, or a trailing operator), since
//! error recovery can leave the parser waiting for input a correct text would not need. So a real error ends
//! its cell at the first newline where nothing is left open, and does not swallow the rest of a file. The REPL
//! asks the same question through [`is_incomplete`].
//!
//! Parsing at every newline would be quadratic for very long cells (a 5000-line list), so a cell longer than
//! `LONG_CELL` (512) tokens whose tokens show it is still open (an unclosed bracket or `begin`/`if`/`do`/`yield`/
//! `ruleset`, or a trailing operator) is re-parsed only each time it has grown by a quarter; only there can a
//! real error end a cell a few lines late.
//!
//! Lexing errors do not stop the parser: the bad text becomes a [`Token::Invalid`] operand and the error is
//! reported once. Syntax errors are recovered with LALRPOP's `!` at operand positions, leaving
//! [`ExprKind::Error`] sentinels in the tree, so one cell reports every error it contains.

use super::ast::*;
use super::lexer::{LexError, LexErrorKind, Token};
use super::span::{FileId, Span};
use std::rc::Rc;

lalrpop_util::lalrpop_mod!(
    #[allow(clippy::all, missing_docs, unused_parens, unused_imports, dead_code)]
    grammar,
    "/cgs.rs"
);

/// A syntax error with where it happened.
#[derive(Clone, Debug, PartialEq)]
pub struct ParseError {
    /// What went wrong.
    pub kind: ParseErrorKind,
    /// The offending token (a zero-width span at the end for an unexpected end of input).
    pub span: Span,
}

/// The kinds of syntax error.
#[derive(Clone, Debug, PartialEq)]
pub enum ParseErrorKind {
    /// A token that cannot continue the text: `found` as written, `expected` the acceptable tokens (quoted
    /// tokens in backticks, or a description such as `identifier`).
    UnexpectedToken {
        /// The token as written.
        found: String,
        /// What would have been accepted.
        expected: Vec<String>,
    },
    /// The text ended too early: an open bracket or block, or a trailing operator.
    UnexpectedEnd {
        /// What would have been accepted.
        expected: Vec<String>,
    },
    /// A lexing error.
    Lex(LexErrorKind),
    /// A game literal with two top-level bar runs of the same length, such as `<3|2|1>`.
    AmbiguousGameLiteral,
    /// `x = e`: assignment is written `:=`.
    AssignWithEquals,
    /// `e -> body` where `e` is not a name or a parenthesised list of names.
    InvalidLambdaParams,
    /// `e := v` where `e` is neither a variable nor an element of one (`f(x) := 1`, `f(x)[1] := 1`).
    InvalidAssignTarget,
    /// `x.Member := v` (or `x.Member[i] := v`): values have no assignable members.
    MemberAssignment,
    /// `x ? 2`, `xs...` or `x as T` in parentheses that are not a lambda's head.
    ParamOutsideParameterList,
    /// `f(y => 1, 2)`: a positional argument after the named argument `name`.
    PositionalAfterNamed {
        /// The named argument before it.
        name: String,
    },
    /// `f(x => 1, x => 2)`.
    DuplicateNamedArgument {
        /// The name given twice.
        name: String,
    },
    /// `static … end` inside a class: CGSuite's static initialiser block, which cgs does not support.
    StaticBlock,
    /// `def f(xs..., y)`: only the last parameter can collect the remaining arguments.
    VarargsNotLast {
        /// The parameter.
        name: String,
    },
}

impl ParseError {
    /// A syntax error of `kind` at `span`.
    pub fn new(kind: ParseErrorKind, span: Span) -> ParseError {
        ParseError { kind, span }
    }

    fn from_lex(e: &LexError, file: FileId) -> ParseError {
        ParseError::new(ParseErrorKind::Lex(e.kind.clone()), Span::new(file, e.start, e.end))
    }

    /// The one-line message, in CGSuite's sentence style.
    pub fn message(&self) -> String {
        match &self.kind {
            ParseErrorKind::UnexpectedToken { found, .. } if found == "=" => {
                "Syntax error: unexpected `=`; use `:=` for assignment and `==` for comparison.".to_string()
            }
            ParseErrorKind::UnexpectedToken { found, .. } => format!("Syntax error: unexpected `{found}`."),
            ParseErrorKind::UnexpectedEnd { .. } => "Syntax error: unexpected end of input.".to_string(),
            ParseErrorKind::Lex(kind) => LexError { kind: kind.clone(), start: 0, end: 0 }.message(),
            ParseErrorKind::AmbiguousGameLiteral => {
                "Syntax error: ambiguous game literal; use more bars for the outer game, as in `<3||2|1>`.".to_string()
            }
            ParseErrorKind::AssignWithEquals => "Syntax error: use `:=` for assignment.".to_string(),
            ParseErrorKind::InvalidLambdaParams => {
                "Syntax error: the parameters of a function must be names, as in `(x, y) -> x + y`.".to_string()
            }
            ParseErrorKind::InvalidAssignTarget => {
                "Syntax error: only a variable or an element of one can be assigned, as in `x := e` or `x[i] := e`."
                    .to_string()
            }
            ParseErrorKind::MemberAssignment => {
                "Syntax error: a member cannot be assigned; values have no assignable members.".to_string()
            }
            ParseErrorKind::ParamOutsideParameterList => {
                "Syntax error: `x ? default`, `x as Type` and `xs...` are allowed only in a parameter list.".to_string()
            }
            ParseErrorKind::PositionalAfterNamed { name } => {
                format!("Named parameter `{name}` appears in earlier position than an ordinary argument")
            }
            ParseErrorKind::DuplicateNamedArgument { name } => format!("Duplicate named parameter: `{name}`"),
            ParseErrorKind::StaticBlock => {
                "cgs does not support `static … end` blocks in classes; declare each static member \
                 on its own (`static var x := …;`, `static def f(…) := …;`)."
                    .to_string()
            }
            ParseErrorKind::VarargsNotLast { name } => {
                format!("Invalid expansion for parameter `{name}`: must be in last position")
            }
        }
    }

    /// Whether this error only says that the text ended too early (more input may complete it).
    pub fn is_unexpected_end(&self) -> bool {
        matches!(
            self.kind,
            ParseErrorKind::UnexpectedEnd { .. } | ParseErrorKind::Lex(LexErrorKind::UnterminatedComment)
        )
    }

    /// A short note listing the expected tokens, when there are few enough to be helpful.
    fn expected_note(&self) -> Option<String> {
        let expected = match &self.kind {
            ParseErrorKind::UnexpectedToken { expected, .. } | ParseErrorKind::UnexpectedEnd { expected } => expected,
            _ => return None,
        };
        match expected.len() {
            0 => None,
            1 => Some(format!("expected {}", expected[0])),
            2..=6 => Some(format!("expected one of {}", expected.join(", "))),
            _ => None,
        }
    }
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for ParseError {}

impl From<&ParseError> for crate::diag::Diagnostic {
    fn from(e: &ParseError) -> crate::diag::Diagnostic {
        crate::diag::Diagnostic {
            message: e.message(),
            span: e.span,
            labels: Vec::new(),
            notes: e.expected_note().into_iter().collect(),
        }
    }
}

/// One cell of input: its byte range in the file and its parse.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// From the first token of the cell to the end of its last token.
    pub span: Span,
    /// The statements (with [`ExprKind::Error`] where a syntax error was recovered).
    pub block: Block,
    /// Every error in the cell, in source order. A cell with errors must not be evaluated.
    pub errors: Vec<ParseError>,
}

/// Splits a whole text (script file, stdin, REPL line buffer) into cells per LANGUAGE.md §5 and parses each.
/// Blank and comment-only stretches produce no cell.
pub fn parse_cells(src: &str, file: FileId) -> Vec<Cell> {
    split(src, file, false).into_iter().map(|(cell, _)| cell).collect()
}

/// [`parse_cells`] for a text known to be free of syntax errors (the stdlib): a newline where the tokens so far
/// show something open (an unclosed bracket or block, a trailing operator) is not tried as a cell end. In an
/// error-free text such a prefix is always incomplete, so the cells are the same, but each cell is parsed about
/// once instead of once per line (`split` is quadratic in the lines of a cell). The stdlib's test checks that
/// both splits agree on every stdlib file; with an error-free text they can differ only after a `yield` that
/// continues a `for` body (counted as a second open block).
pub fn parse_cells_trusted(src: &str, file: FileId) -> Vec<Cell> {
    split(src, file, true).into_iter().map(|(cell, _)| cell).collect()
}

/// Parses `src` as exactly one cell (the `-e` flag); spans are file-absolute.
pub fn parse_cell(src: &str, file: FileId) -> Cell {
    let lexed = Lexed::new(src);
    lexed.parse(0, lexed.tokens.len(), file).0
}

/// For the REPL: true iff `src` is an unfinished cell (unexpected end of input: open bracket, unfinished
/// `begin`/`if`/`for`/`def`/`ruleset`, trailing binary operator, unterminated comment). Decided exactly as the
/// cell splitter decides it for the last cell of `src`.
pub fn is_incomplete(src: &str) -> bool {
    split(src, 0, false).last().is_some_and(|(_, incomplete)| *incomplete)
}

/// The tokens of a whole text, with lexing errors replaced by [`Token::Invalid`].
struct Lexed<'a> {
    src: &'a str,
    tokens: Vec<(usize, Token<'a>, usize)>,
    /// Lexing errors with the index of their `Invalid` token.
    lex_errors: Vec<(usize, LexError)>,
    /// Where an unterminated `/*` starts: no cell can end after it.
    open_comment: Option<usize>,
}

impl<'a> Lexed<'a> {
    fn new(src: &'a str) -> Lexed<'a> {
        let mut lexed = Lexed { src, tokens: Vec::new(), lex_errors: Vec::new(), open_comment: None };
        for (res, start, end) in super::lexer::raw_tokens(src, 0) {
            match res {
                Ok(tok) => lexed.tokens.push((start, tok, end)),
                Err(e) => {
                    if e.kind == LexErrorKind::UnterminatedComment {
                        lexed.open_comment = Some(e.start);
                    }
                    lexed.lex_errors.push((lexed.tokens.len(), e));
                    lexed.tokens.push((start, Token::Invalid, end));
                }
            }
        }
        super::compat::keyword_rewrite(&mut lexed.tokens);
        super::compat::brace_rewrite(&mut lexed.tokens, src, 0);
        super::lexer::label_rewrite(&mut lexed.tokens);
        // Lex errors are kept by token index, which the rewrites would shift: with errors the text fails anyway.
        if lexed.lex_errors.is_empty() {
            super::compat::separator_rewrite(&mut lexed.tokens);
            super::printed::printed_rewrite(&mut lexed.tokens);
            super::infix::infix_rewrite(&mut lexed.tokens, src, 0);
        }
        lexed
    }

    /// Newlines outside comments (and before any unterminated comment): the candidate cell ends.
    fn candidate_newlines(&self) -> Vec<usize> {
        let limit = self.open_comment.unwrap_or(self.src.len());
        let mut gaps = Vec::with_capacity(self.tokens.len() + 1);
        let mut prev = 0;
        for t in &self.tokens {
            gaps.push(prev..t.0);
            prev = t.2;
        }
        gaps.push(prev..self.src.len());
        let mut out = Vec::new();
        for gap in gaps {
            let text = &self.src[gap.clone()];
            let mut i = 0;
            while i < text.len() {
                let rest = &text[i..];
                if rest.starts_with('\n') {
                    out.push(gap.start + i);
                    i += 1;
                } else if rest.starts_with("//") {
                    i += rest.find('\n').unwrap_or(rest.len());
                } else if rest.starts_with("/*") {
                    i += rest.find("*/").map_or(rest.len(), |j| j + 2);
                } else {
                    i += rest.chars().next().map_or(1, char::len_utf8);
                }
            }
        }
        out.retain(|&p| p < limit);
        out
    }

    /// Parses tokens `from..to` as one cell. Returns the cell and whether it is incomplete.
    fn parse(&self, from: usize, to: usize, file: FileId) -> (Cell, bool) {
        let toks = &self.tokens[from..to];
        let span = match (toks.first(), toks.last()) {
            (Some(f), Some(l)) => Span::new(file, f.0, l.2),
            _ => Span::new(file, 0, 0),
        };
        let mut errors = Vec::new();
        let result = grammar::CellParser::new().parse(file, &mut errors, toks.iter().cloned().map(Ok));
        let block = match result {
            Ok(block) => block,
            Err(e) => {
                errors.extend(convert(e, file));
                Block { stmts: vec![Expr { kind: ExprKind::Error, span }], trailing_semicolon: false, span }
            }
        };
        errors.extend(
            self.lex_errors.iter().filter(|(i, _)| (from..to).contains(i)).map(|(_, e)| ParseError::from_lex(e, file)),
        );
        if !errors.is_empty() {
            static_block(&mut errors, toks, self.src, file);
        }
        errors.sort_by_key(|e| (e.span.start, e.span.end));
        errors.dedup();
        drop_cascades(&mut errors, toks);
        // After a real error, recovery can leave the parser waiting for input that a correct text would not
        // need (`x<y|z>` recovers as `ERROR |> …`), so then the tokens must show that something is still open.
        let at_end = errors.iter().any(ParseError::is_unexpected_end);
        let real_error = errors.iter().any(|e| !e.is_unexpected_end());
        let incomplete = at_end && (!real_error || visibly_open(toks));
        (Cell { span, block, errors }, incomplete)
    }
}

/// A text that fails to parse and has a `static` that does not begin a declaration (`static var`, `static def`,
/// …), or stands alone on its line, holds CGSuite's `static … end` block: that one error replaces the parser's, which would point at the
/// block's `end` instead.
fn static_block(errors: &mut Vec<ParseError>, toks: &[(usize, Token<'_>, usize)], src: &str, file: FileId) {
    let declaration = |t: &Token<'_>| {
        matches!(
            t,
            Token::Def
                | Token::Var
                | Token::Class
                | Token::Enum
                | Token::Override
                | Token::Static
                | Token::Mutable
                | Token::Singleton
        )
    };
    // `static` alone on its line opens a block even when a declaration follows on the next line.
    let alone = |w: &[(usize, Token<'_>, usize)]| src.get(w[0].2..w[1].0).is_some_and(|gap| gap.contains('\n'));
    let block = toks.windows(2).find(|w| w[0].1 == Token::Static && (!declaration(&w[1].1) || alone(w)));
    if let Some(w) = block {
        errors.clear();
        errors.push(ParseError::new(ParseErrorKind::StaticBlock, Span::new(file, w[0].0, w[0].2)));
    }
}

/// Whether the tokens show an unfinished text: an unclosed bracket or `begin`/`if`/`do`/`yield`/`ruleset`, or
/// a trailing operator.
fn visibly_open(toks: &[(usize, Token<'_>, usize)]) -> bool {
    let (brackets, blocks) = toks.iter().fold((0, 0), |(b, k), t| (b + t.1.bracket_delta(), k + t.1.block_delta()));
    brackets > 0 || blocks > 0 || toks.last().is_some_and(|t| t.1.expects_more())
}

/// Drops an unexpected-token error at the token right after the previous one: recovery treats the first bad
/// token as following a missing operand, so `1 + / ;` would otherwise also complain about the `;`.
fn drop_cascades(errors: &mut Vec<ParseError>, toks: &[(usize, Token<'_>, usize)]) {
    let index = |e: &ParseError| match e.kind {
        ParseErrorKind::UnexpectedToken { .. } => toks.binary_search_by_key(&(e.span.start as usize), |t| t.0).ok(),
        _ => None,
    };
    let mut previous: Option<usize> = None;
    errors.retain(|e| {
        let this = index(e);
        let cascade = matches!((previous, this), (Some(p), Some(t)) if t == p + 1);
        previous = this;
        !cascade
    });
}

/// Cells longer than this many tokens are not re-parsed at every newline while they are visibly open.
const LONG_CELL: usize = 512;

/// The cell splitter: every cell of `src` with whether it is incomplete (only the last one can be). With
/// `trusted`, visibly open prefixes are never parsed (see [`parse_cells_trusted`]).
fn split(src: &str, file: FileId, trusted: bool) -> Vec<(Cell, bool)> {
    let lexed = Lexed::new(src);
    let mut cells = Vec::new();
    let (mut start, mut i, mut parsed_at) = (0, 0, 0);
    let (mut brackets, mut blocks) = (0, 0);
    for p in lexed.candidate_newlines() {
        while i < lexed.tokens.len() && lexed.tokens[i].2 <= p {
            brackets += lexed.tokens[i].1.bracket_delta();
            blocks += lexed.tokens[i].1.block_delta();
            i += 1;
        }
        if i == start {
            continue;
        }
        // A long cell with an open bracket or block or a trailing operator is re-parsed only after it has grown
        // by a quarter, to find real errors without quadratic work.
        let visibly_open = brackets > 0 || blocks > 0 || lexed.tokens[i - 1].1.expects_more();
        let len = i - start;
        if visibly_open && (trusted || (len > LONG_CELL && (i - parsed_at) * 4 < len)) {
            continue;
        }
        parsed_at = i;
        let (cell, incomplete) = lexed.parse(start, i, file);
        if !incomplete {
            cells.push((cell, false));
            start = i;
            (brackets, blocks) = (0, 0);
        }
    }
    if start < lexed.tokens.len() {
        cells.push(lexed.parse(start, lexed.tokens.len(), file));
    }
    cells
}

type LalrpopError<'a> = lalrpop_util::ParseError<usize, Token<'a>, LexError>;

/// Turns a LALRPOP error into ours; `None` for an error at an [`Token::Invalid`] (its lexing error is reported
/// instead).
fn convert(e: LalrpopError<'_>, file: FileId) -> Option<ParseError> {
    use lalrpop_util::ParseError as E;
    Some(match e {
        E::UnrecognizedToken { token: (_, Token::Invalid, _), .. }
        | E::ExtraToken { token: (_, Token::Invalid, _) } => return None,
        E::UnrecognizedToken { token: (l, tok, r), expected } => ParseError::new(
            ParseErrorKind::UnexpectedToken { found: tok.to_string(), expected: describe_expected(expected) },
            Span::new(file, l, r),
        ),
        E::ExtraToken { token: (l, tok, r) } => ParseError::new(
            ParseErrorKind::UnexpectedToken { found: tok.to_string(), expected: Vec::new() },
            Span::new(file, l, r),
        ),
        E::UnrecognizedEof { location, expected } => ParseError::new(
            ParseErrorKind::UnexpectedEnd { expected: describe_expected(expected) },
            Span::new(file, location, location),
        ),
        E::InvalidToken { location } => ParseError::new(
            ParseErrorKind::UnexpectedToken { found: String::new(), expected: Vec::new() },
            Span::new(file, location, location),
        ),
        E::User { error } => ParseError::from_lex(&error, file),
    })
}

/// LALRPOP names terminals by their quoted grammar names (`"\")\""`); show fixed tokens in backticks and
/// payload tokens by their description.
fn describe_expected(expected: Vec<String>) -> Vec<String> {
    expected
        .into_iter()
        .map(|name| {
            let bare = name.trim_matches('"').replace("\\\"", "\"");
            match bare.as_str() {
                "integer" | "string" | "identifier" => bare,
                "vN" => "`v3`".to_string(),
                "game {" => "`{`".to_string(),
                "invalid token" => bare,
                _ => format!("`{bare}`"),
            }
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers called by the grammar's actions.

/// One side of a game literal between bars: its options and its extent.
pub(crate) struct OptionList {
    /// The options.
    pub options: Vec<Expr>,
    /// Where they were written (zero-width if there are none).
    pub span: Span,
}

pub(crate) fn recovered(
    e: lalrpop_util::ErrorRecovery<usize, Token<'_>, LexError>,
    file: FileId,
) -> Option<ParseError> {
    convert(e.error, file)
}

pub(crate) fn block(init: Vec<Option<Expr>>, last: Option<Expr>, span: Span) -> Block {
    let trailing_semicolon = last.is_none() && !init.is_empty();
    let stmts = init.into_iter().chain(std::iter::once(last)).flatten().collect();
    Block { stmts, trailing_semicolon, span }
}

/// `head -> body`: `head` must be a name, `()` or a parenthesised list of parameters. The function's span is set
/// by [`own_span`]. The provisional errors [`provisional_params`] reported for the head's parameters are
/// withdrawn.
pub(crate) fn lambda(head: Expr, body: Expr, errors: &mut Vec<ParseError>) -> ExprKind {
    fn param(e: &Expr) -> Option<Param> {
        match &e.kind {
            ExprKind::Var(name, _) => Some(Param::plain(Ident { name: name.clone(), span: e.span })),
            ExprKind::Param(p) => Some((**p).clone()),
            _ => None,
        }
    }
    let params: Option<Vec<Param>> = match &head.kind {
        ExprKind::Tuple(items) => items.iter().map(param).collect(),
        _ => param(&head).map(|p| vec![p]),
    };
    match params {
        Some(params) => {
            errors.retain(|e| !(e.kind == ParseErrorKind::ParamOutsideParameterList && head.span.contains(e.span)));
            check_varargs_last(&params, errors);
            ExprKind::Lambda(Rc::new(FunctionDef::new(None, params, body, Span::default())))
        }
        None => {
            errors.push(ParseError::new(ParseErrorKind::InvalidLambdaParams, head.span));
            ExprKind::Error
        }
    }
}

/// The elements of a parenthesised list: each parameter form among them (`x ? 2`, `xs...`) is reported, unless
/// the list turns out to be a lambda's head ([`lambda`] withdraws the report).
pub(crate) fn provisional_params(items: Vec<Expr>, errors: &mut Vec<ParseError>) -> Vec<Expr> {
    for e in &items {
        if matches!(e.kind, ExprKind::Param(_)) {
            errors.push(ParseError::new(ParseErrorKind::ParamOutsideParameterList, e.span));
        }
    }
    items
}

fn check_varargs_last(params: &[Param], errors: &mut Vec<ParseError>) {
    let n = params.len();
    for p in params.iter().take(n.saturating_sub(1)).filter(|p| p.varargs) {
        let kind = ParseErrorKind::VarargsNotLast { name: p.name.name.to_string() };
        errors.push(ParseError::new(kind, p.name.span));
    }
}

/// One argument of a call as written.
pub(crate) enum Arg {
    /// `e`.
    Positional(Expr),
    /// `name => e`.
    Named(NamedArg),
}

/// `callee(args)`: positional arguments must come first, and no name may be given twice.
pub(crate) fn call(callee: Expr, args: Vec<Arg>, errors: &mut Vec<ParseError>) -> ExprKind {
    let mut positional = Vec::new();
    let mut named: Vec<NamedArg> = Vec::new();
    for a in args {
        match a {
            Arg::Positional(e) => {
                if let Some(last) = named.last() {
                    let kind = ParseErrorKind::PositionalAfterNamed { name: last.name.name.to_string() };
                    errors.push(ParseError::new(kind, e.span));
                }
                positional.push(e);
            }
            Arg::Named(n) => {
                if named.iter().any(|m| m.name.name == n.name.name) {
                    let kind = ParseErrorKind::DuplicateNamedArgument { name: n.name.name.to_string() };
                    errors.push(ParseError::new(kind, n.name.span));
                }
                named.push(n);
            }
        }
    }
    ExprKind::Call { callee: Box::new(callee), args: positional, named }
}

/// `target := value` for a postfix target: an element of a variable (`x[i]`, `x[i][j, k]`) becomes
/// [`ExprKind::IndexAssign`]; a member or a call, or an element of one, is a syntax error at that base.
pub(crate) fn assign_to(target: Expr, value: Expr, errors: &mut Vec<ParseError>) -> ExprKind {
    let mut path = Vec::new();
    let mut base = target;
    while let ExprKind::Index { obj, indices } = base.kind {
        path.push(IndexStep { indices, span: base.span });
        base = *obj;
    }
    path.reverse();
    let kind = match base.kind {
        ExprKind::Var(name, _) if !path.is_empty() => {
            let target = Ident { name, span: base.span };
            return ExprKind::IndexAssign { target, path, value: Box::new(value), slot: Slot::default() };
        }
        // Already reported where it was recovered.
        ExprKind::Error => return ExprKind::Error,
        ExprKind::Member { .. } => ParseErrorKind::MemberAssignment,
        _ => ParseErrorKind::InvalidAssignTarget,
    };
    errors.push(ParseError::new(kind, base.span));
    ExprKind::Error
}

/// `def name(params) …`; the span is set by [`own_span`].
pub(crate) fn def(name: Ident, params: Vec<Param>, body: Expr, errors: &mut Vec<ParseError>) -> ExprKind {
    check_varargs_last(&params, errors);
    ExprKind::Def(Rc::new(FunctionDef::new(Some(name), params, body, Span::default())))
}

/// Gives the definition inside a `Def`, `Lambda` or `Ruleset` node the node's span.
pub(crate) fn own_span(mut e: Expr) -> Expr {
    let span = e.span;
    match &mut e.kind {
        ExprKind::Def(f) | ExprKind::Lambda(f) => {
            if let Some(f) = Rc::get_mut(f) {
                f.span = span;
            }
        }
        ExprKind::Ruleset(r) => {
            if let Some(r) = Rc::get_mut(r) {
                r.span = span;
            }
        }
        ExprKind::Class(c) => {
            if let Some(c) = Rc::get_mut(c) {
                c.span = span;
            }
        }
        _ => {}
    }
    e
}

/// `class …` / `enum …` (its span is set by [`own_span`]).
#[allow(clippy::too_many_arguments)]
pub(crate) fn class(
    name: Ident,
    is_enum: bool,
    modifiers: Vec<Modifier>,
    params: Option<Vec<Param>>,
    extends: Vec<Vec<Ident>>,
    elements: Vec<Ident>,
    members: Vec<ClassMember>,
    errors: &mut Vec<ParseError>,
) -> ExprKind {
    if let Some(ps) = &params {
        check_varargs_last(ps, errors);
    }
    let def = ClassDef { name, is_enum, modifiers, params, extends, elements, members, span: Span::default() };
    ExprKind::Class(Rc::new(def))
}

/// A class declared inside a class body.
pub(crate) fn nested_class(
    name: Ident,
    singleton: bool,
    params: Option<Vec<Param>>,
    extends: Vec<Vec<Ident>>,
    members: Vec<ClassMember>,
    span: Span,
    errors: &mut Vec<ParseError>,
) -> ClassMember {
    if let Some(ps) = &params {
        check_varargs_last(ps, errors);
    }
    let modifiers = if singleton { vec![Modifier { name: "singleton", span }] } else { Vec::new() };
    let def = ClassDef { name, is_enum: false, modifiers, params, extends, elements: Vec::new(), members, span };
    ClassMember::Nested(Rc::new(def))
}

/// A `def` of a class body: a method (`params` given) or a property.
pub(crate) fn class_def(
    modifiers: Vec<Modifier>,
    name: Ident,
    params: Option<Vec<Param>>,
    body: Expr,
    span: Span,
    errors: &mut Vec<ParseError>,
) -> ClassMember {
    let property = params.is_none();
    let params = params.unwrap_or_default();
    check_varargs_last(&params, errors);
    let def = Rc::new(FunctionDef::new(Some(name), params, body, span));
    ClassMember::Def { modifiers, def, property }
}

/// The clause of `while c [where p]` used as a loop antecedent (no variable).
pub(crate) fn while_clause(cond: Expr, filter: Option<Expr>, span: Span) -> ForClause {
    let var = Ident { name: "".into(), span };
    ForClause { var, source: ForSource::Forever, cond: Some(cond), filter, span, slot: Slot::default() }
}

/// The function of a spanned `Def` node (a ruleset member).
pub(crate) fn function_of(e: Expr) -> Rc<FunctionDef> {
    match own_span(e).kind {
        ExprKind::Def(f) => f,
        _ => unreachable!("the grammar's `Def` rule only builds `ExprKind::Def`"),
    }
}

/// Resolves slash stacking: the longest bar run splits the literal into Left and Right; each side that still
/// contains bars is itself one game. Two longest runs of the same length are ambiguous.
pub(crate) fn game(first: OptionList, rest: Vec<((u32, Span), OptionList)>, errors: &mut Vec<ParseError>) -> ExprKind {
    let mut sides = vec![first];
    let mut bars = Vec::new();
    for (bar, side) in rest {
        bars.push(bar);
        sides.push(side);
    }
    match stack(sides, bars, errors) {
        Some((left, right)) => ExprKind::GameLit { left, right },
        None => ExprKind::Error,
    }
}

/// `sides.len() == bars.len() + 1 >= 2`.
fn stack(
    mut sides: Vec<OptionList>,
    mut bars: Vec<(u32, Span)>,
    errors: &mut Vec<ParseError>,
) -> Option<(Vec<Expr>, Vec<Expr>)> {
    let longest = bars.iter().map(|b| b.0).max()?;
    let at = bars.iter().position(|b| b.0 == longest)?;
    if let Some(dup) = bars[at + 1..].iter().find(|b| b.0 == longest) {
        errors.push(ParseError::new(ParseErrorKind::AmbiguousGameLiteral, dup.1));
        return None;
    }
    let right_sides = sides.split_off(at + 1);
    let right_bars = bars.split_off(at + 1);
    bars.pop();
    Some((side(sides, bars, errors)?, side(right_sides, right_bars, errors)?))
}

/// One side of a literal: a plain option list, or (if it has bars) a single game option.
fn side(mut sides: Vec<OptionList>, bars: Vec<(u32, Span)>, errors: &mut Vec<ParseError>) -> Option<Vec<Expr>> {
    if bars.is_empty() {
        return Some(sides.pop().map(|s| s.options).unwrap_or_default());
    }
    let span = sides[0].span.to(sides[sides.len() - 1].span);
    let (left, right) = stack(sides, bars, errors)?;
    Some(vec![Expr { kind: ExprKind::GameLit { left, right }, span }])
}

#[cfg(test)]
mod tests;

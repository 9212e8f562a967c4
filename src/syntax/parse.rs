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
    split(src, file).into_iter().map(|(cell, _)| cell).collect()
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
    split(src, 0).last().is_some_and(|(_, incomplete)| *incomplete)
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

/// The cell splitter: every cell of `src` with whether it is incomplete (only the last one can be).
fn split(src: &str, file: FileId) -> Vec<(Cell, bool)> {
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
        if visibly_open && len > LONG_CELL && (i - parsed_at) * 4 < len {
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

/// `head -> body`: `head` must be a name, `()` or a parenthesised list of names. The function's span is set by
/// [`own_span`].
pub(crate) fn lambda(head: Expr, body: Expr, errors: &mut Vec<ParseError>) -> ExprKind {
    fn param(e: &Expr) -> Option<Ident> {
        match &e.kind {
            ExprKind::Var(name) => Some(Ident { name: name.clone(), span: e.span }),
            _ => None,
        }
    }
    let params = match &head.kind {
        ExprKind::Tuple(items) => items.iter().map(param).collect(),
        _ => param(&head).map(|p| vec![p]),
    };
    match params {
        Some(params) => ExprKind::Lambda(Rc::new(FunctionDef { name: None, params, body, span: Span::default() })),
        None => {
            errors.push(ParseError::new(ParseErrorKind::InvalidLambdaParams, head.span));
            ExprKind::Error
        }
    }
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
        ExprKind::Var(name) if !path.is_empty() => {
            return ExprKind::IndexAssign { target: Ident { name, span: base.span }, path, value: Box::new(value) };
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
pub(crate) fn def(name: Ident, params: Vec<Ident>, body: Expr) -> ExprKind {
    ExprKind::Def(Rc::new(FunctionDef { name: Some(name), params, body, span: Span::default() }))
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
        _ => {}
    }
    e
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
mod tests {
    use super::*;
    use crate::syntax::sexp;

    /// The S-expression of a cell that must parse without errors; statements separated by ` ; `.
    fn sx(src: &str) -> String {
        let cell = parse_cell(src, 0);
        assert!(cell.errors.is_empty(), "{src:?}: {:?}", cell.errors);
        let mut out: Vec<String> = cell.block.stmts.iter().map(sexp::expr).collect::<Vec<_>>();
        if cell.block.trailing_semicolon {
            out.push(String::new());
        }
        out.join(" ; ")
    }

    /// The errors of a cell as `message@start..end`.
    fn errs(src: &str) -> Vec<String> {
        parse_cell(src, 0).errors.iter().map(|e| format!("{}@{}..{}", e.message(), e.span.start, e.span.end)).collect()
    }

    #[test]
    fn literals() {
        assert_eq!(sx("3"), "3");
        assert_eq!(sx("123456789012345678901234567890"), "123456789012345678901234567890");
        assert_eq!(sx("\"a\\nb\""), "\"a\\nb\"");
        assert_eq!(sx("true"), "true");
        assert_eq!(sx("Nothing"), "Nothing");
        assert_eq!(sx("Left"), "Left");
        assert_eq!(sx("[1, 2]"), "(list 1 2)");
        assert_eq!(sx("[]"), "(list)");
        assert_eq!(sx("[1,\n2,]"), "(list 1 2)");
        assert_eq!(sx("{1, 2}"), "(set 1 2)");
        assert_eq!(sx("{}"), "(set)");
        assert_eq!(sx("{=>}"), "(map)");
        assert_eq!(sx("{\"a\" => 1, 2 => *}"), "(map (\"a\" => 1) (2 => (nim)))");
        assert_eq!(sx("(r, c)"), "(tuple r c)");
        assert_eq!(sx("()"), "(tuple)");
        assert_eq!(sx("(1)"), "1");
    }

    #[test]
    fn game_literals() {
        assert_eq!(sx("<|>"), "(game [] [])");
        assert_eq!(sx("<0|>"), "(game [0] [])");
        assert_eq!(sx("<|0>"), "(game [] [0])");
        assert_eq!(sx("<0|0>"), "(game [0] [0])");
        assert_eq!(sx("<0,*|0>"), "(game [0 (nim)] [0])");
        assert_eq!(sx("<<0|>|>"), "(game [(game [0] [])] [])");
        assert_eq!(sx("<3||2|1>"), "(game [3] [(game [2] [1])])");
        assert_eq!(sx("<3|||2||1|0>"), "(game [3] [(game [2] [(game [1] [0])])])");
        assert_eq!(sx("<a|b||c|d>"), "(game [(game [a] [b])] [(game [c] [d])])");
        assert_eq!(sx("<||0|-1>"), "(game [] [(game [0] [(neg 1)])])");
        assert_eq!(sx("<1+1, x.Foo | -2*3>"), "(game [(+ 1 1) (. x Foo)] [(* (neg 2) 3)])");
        assert_eq!(sx("<opts, *8 | opts>"), "(game [opts (nim 8)] [opts])");
        assert_eq!(sx("<|>==0"), "(== (game [] []) 0)");
        assert_eq!(sx("<0|> + <|0>"), "(+ (game [0] []) (game [] [0]))");
    }

    #[test]
    fn game_literal_spans() {
        let cell = parse_cell("<3||2|1>", 0);
        let ExprKind::GameLit { right, .. } = &cell.block.stmts[0].kind else { panic!() };
        assert_eq!(right[0].span.range(), 4..7);
        assert_eq!(cell.block.stmts[0].span.range(), 0..8);
    }

    #[test]
    fn comparisons() {
        assert_eq!(sx("G <| H"), "(<| G H)");
        assert_eq!(sx("G |> H"), "(|> G H)");
        assert_eq!(sx("G<|H"), "(<| G H)");
        assert_eq!(sx("G <> H"), "(<> G H)");
        assert_eq!(sx("G < <0|>"), "(< G (game [0] []))");
        assert_eq!(sx("a <= b"), "(<= a b)");
        assert_eq!(sx("a >= b"), "(>= a b)");
        assert_eq!(sx("a != b"), "(!= a b)");
        assert_eq!(sx("a + 1 == b"), "(== (+ a 1) b)");
        assert_eq!(sx("<0|> |> <|0>"), "(|> (game [0] []) (game [] [0]))");
    }

    #[test]
    fn nimbers_and_ups() {
        assert_eq!(sx("*"), "(nim)");
        assert_eq!(sx("*3"), "(nim 3)");
        assert_eq!(sx("*n"), "(nim n)");
        assert_eq!(sx("*(n+1)"), "(nim (+ n 1))");
        assert_eq!(sx("2 * *3"), "(* 2 (nim 3))");
        assert_eq!(sx("3*^"), "(* 3 (up + #1))");
        assert_eq!(sx("*3 + ^"), "(+ (nim 3) (up + #1))");
        assert_eq!(sx("* * 2"), "(* (nim) 2)");
        assert_eq!(sx("^"), "(up + #1)");
        assert_eq!(sx("^^"), "(up + #2)");
        assert_eq!(sx("^^^"), "(up + #3)");
        assert_eq!(sx("^3"), "(up + 3)");
        assert_eq!(sx("^n"), "(up + n)");
        assert_eq!(sx("^(n+1)"), "(up + (+ n 1))");
        assert_eq!(sx("^*"), "(up + #1 *)");
        assert_eq!(sx("^*3"), "(up + #1 (* 3))");
        assert_eq!(sx("^^*2"), "(up + #2 (* 2))");
        assert_eq!(sx("^3*2"), "(up + 3 (* 2))");
        assert_eq!(sx("v"), "(up - #1)");
        assert_eq!(sx("vv"), "(up - #2)");
        assert_eq!(sx("vvv*"), "(up - #3 *)");
        assert_eq!(sx("v3"), "(up - 3)");
        assert_eq!(sx("v3*2"), "(up - 3 (* 2))");
        assert_eq!(sx("v(n)"), "(up - n)");
        assert_eq!(sx("vx + value"), "(+ vx value)");
        assert_eq!(sx("^ / 2"), "(/ (up + #1) 2)");
        assert_eq!(sx("^* * 2"), "(* (up + #1 *) 2)");
        assert_eq!(sx("2 * ^*"), "(* 2 (up + #1 *))");
        assert_eq!(sx("-^*"), "(neg (up + #1 *))");
        assert_eq!(sx("^.Pow(2)"), "(call (. (up + #1) Pow) 2)");
        assert_eq!(sx("^.PowTo(n)"), "(call (. (up + #1) PowTo) n)");
        assert_eq!(sx("*2.Birthday"), "(. (nim 2) Birthday)");
        assert_eq!(sx("[^, v, *]"), "(list (up + #1) (up - #1) (nim))");
        assert_eq!(sx("<^|v>"), "(game [(up + #1)] [(up - #1)])");
        assert_eq!(sx("<^*|*>"), "(game [(up + #1 *)] [(nim)])");
        let cell = parse_cell("v3", 0);
        let ExprKind::Up { count: UpCount::Expr(c), .. } = &cell.block.stmts[0].kind else { panic!() };
        assert_eq!(c.span.range(), 1..2);
    }

    #[test]
    fn plus_minus() {
        assert_eq!(sx("+-1"), "(+- 1)");
        assert_eq!(sx("+-<2|1>"), "(+- (game [2] [1]))");
        assert_eq!(sx("3 +- 1"), "(+- 3 1)");
        assert_eq!(sx("x +- y"), "(+- x y)");
        assert_eq!(sx("+-+-1"), "(+- (+- 1))");
    }

    #[test]
    fn precedence() {
        assert_eq!(sx("1 + 2 * 3"), "(+ 1 (* 2 3))");
        assert_eq!(sx("1 - 2 - 3"), "(- (- 1 2) 3)");
        assert_eq!(sx("-2^2"), "(neg (^ 2 2))");
        assert_eq!(sx("2^3^2"), "(^ 2 (^ 3 2))");
        assert_eq!(sx("2^-1"), "(^ 2 (neg 1))");
        assert_eq!(sx("2^100"), "(^ 2 100)");
        assert_eq!(sx("a := b := 3"), "(:= a (:= b 3))");
        assert_eq!(sx("a : b + c : d"), "(+ (: a b) (: c d))");
        assert_eq!(sx("a : b * c"), "(: a (* b c))");
        assert_eq!(sx("-a * b"), "(* (neg a) b)");
        assert_eq!(sx("a % b / c"), "(/ (% a b) c)");
        assert_eq!(sx("not a and b or c"), "(or (and (not a) b) c)");
        assert_eq!(sx("a or b and c"), "(or a (and b c))");
        assert_eq!(sx("not x is Game"), "(not (is x Game))");
        assert_eq!(sx("x + 1 is Integer"), "(is (+ x 1) Integer)");
        assert_eq!(sx("x is Nothing"), "(is x Nothing)");
        assert_eq!(sx("a < b and c > d"), "(and (< a b) (> c d))");
        assert_eq!(sx("f(x).y[1, 2](3)"), "(call (index (. (call f x) y) 1 2) 3)");
        assert_eq!(sx("g.Updated({(r,c) => \"x\"})"), "(call (. g Updated) (map ((tuple r c) => \"x\")))");
        assert_eq!(sx("x.Method(1)"), "(call (. x Method) 1)");
        assert_eq!(sx("(1 + 2) * 3"), "(* (+ 1 2) 3)");
        assert_eq!(sx("-x.Foo"), "(neg (. x Foo))");
    }

    #[test]
    fn ranges() {
        // CGSuite's `rangeExpr`: looser than `+`, tighter than comparisons; `x.y` stays a member.
        assert_eq!(sx("1..5"), "(.. 1 5)");
        assert_eq!(sx("1..10..3"), "(.. 1 10 3)");
        assert_eq!(sx("1 + 1..2 + 2"), "(.. (+ 1 1) (+ 2 2))");
        assert_eq!(sx("1..3 == L"), "(== (.. 1 3) L)");
        assert_eq!(sx("x.y..z"), "(.. (. x y) z)");
    }

    #[test]
    fn functions() {
        assert_eq!(sx("x -> x + 1"), "(fn (x) (+ x 1))");
        assert_eq!(sx("(x, y) -> x * y"), "(fn (x y) (* x y))");
        assert_eq!(sx("() -> 1"), "(fn () 1)");
        assert_eq!(sx("(x) -> x"), "(fn (x) x)");
        assert_eq!(sx("f := x -> y -> x"), "(:= f (fn (x) (fn (y) x)))");
        assert_eq!(sx("def f(x, y) := x + y"), "(def f (x y) (+ x y))");
        assert_eq!(sx("def f() := 1"), "(def f () 1)");
        assert_eq!(sx("def f(x) begin var y := x; return y * 2 end"), "(def f (x) (begin (var y x) (return (* y 2))))");
        assert_eq!(sx("var z"), "(var z)");
        assert_eq!(sx("return"), "(return)");
        assert_eq!(sx("error(\"msg\")"), "(call error \"msg\")");
        assert_eq!(sx("map(x -> x^2, L)"), "(call map (fn (x) (^ x 2)) L)");
    }

    #[test]
    fn control_flow() {
        assert_eq!(sx("begin 1; 2 end"), "(begin 1 2)");
        assert_eq!(sx("begin 1; 2; end"), "(begin 1 2 ;)");
        assert_eq!(sx("begin end"), "(begin)");
        assert_eq!(sx("if x then 1 end"), "(if (x (then 1)))");
        assert_eq!(
            sx("if x then 1 elseif y then 2 elseif z then 3 else 4 end"),
            "(if (x (then 1)) (y (then 2)) (z (then 3)) (else 4))"
        );
        assert_eq!(sx("for x in L do print(x) end"), "(for-loop (for x in L) (do (call print x)))");
        assert_eq!(
            sx("for x in L where x > 0 do s := s + x end"),
            "(for-loop (for x in L where (> x 0)) (do (:= s (+ s x))))"
        );
        assert_eq!(
            sx("for i from 1 to n by 2 where odd(i) do break end"),
            "(for-loop (for i from 1 to n by 2 where (call odd i)) (do break))"
        );
        assert_eq!(sx("for i from 1 do continue end"), "(for-loop (for i from 1) (do continue))");
        assert_eq!(sx("for x in A for y in B yield x + y end"), "(for-loop (for x in A) (for y in B) (yield (+ x y)))");
        assert_eq!(sx("while x < 3 do x := x + 1 end"), "(while (< x 3) (do (:= x (+ x 1))))");
        assert_eq!(sx("(if c then 1 else 2 end) + 1"), "(+ (if (c (then 1)) (else 2)) 1)");
        assert_eq!(sx("if c then 1 else 2 end + 1"), "(+ (if (c (then 1)) (else 2)) 1)");
        assert_eq!(
            sx("for k in (if p == Left then L else R end) do end"),
            "(for-loop (for k in (if ((== p Left) (then L)) (else R))) (do))"
        );
    }

    #[test]
    fn comprehensions() {
        assert_eq!(sx("[e for x in coll where p]"), "(list-for e (for x in coll where p))");
        assert_eq!(sx("{x for x in L}"), "(set-for x (for x in L))");
        assert_eq!(sx("{k => w for k in K}"), "(map-for k => w (for k in K))");
        assert_eq!(sx("Sum(x for x in L)"), "(call Sum (list-for x (for x in L)))");
        assert_eq!(
            sx("[a + b for k from 1 to 2 where k <= n for a from 0 to (n - k).Div(2)]"),
            "(list-for (+ a b) (for k from 1 to 2 where (<= k n)) (for a from 0 to (call (. (- n k) Div) 2)))"
        );
        assert_eq!(sx("[for x in L yield x end]"), "(list (for-loop (for x in L) (yield x)))");
    }

    #[test]
    fn statements_and_semicolons() {
        assert_eq!(sx("x := 3; y := 4"), "(:= x 3) ; (:= y 4)");
        assert_eq!(sx("x := 3;"), "(:= x 3) ; ");
        assert_eq!(sx("1;; 2"), "1 ; 2");
        let cell = parse_cell("", 0);
        assert!(cell.block.stmts.is_empty() && cell.errors.is_empty());
    }

    #[test]
    fn rulesets() {
        let src = "ruleset PartizanSubtraction(L, R)
  def Options(n, player) :=
    [n - k for k in (if player == Left then L else R end) where k <= n]
end";
        assert_eq!(
            sx(src),
            "(ruleset PartizanSubtraction (L R) (def Options (n player) (list-for (- n k) (for k in (if ((== player Left) (then L)) (else R)) where (<= k n)))))"
        );
        assert_eq!(
            sx("ruleset Kayles def Options(n) := [] def Show(s) := s; end"),
            "(ruleset Kayles (def Options (n) (list)) (def Show (s) s))"
        );
        assert_eq!(sx("ruleset K() def Options(n) := [] end"), "(ruleset K () (def Options (n) (list)))");
        let cells = parse_cells(src, 0);
        assert_eq!(cells.len(), 1);
    }

    #[test]
    fn index_assignment() {
        assert_eq!(sx("a[1] := 2"), "(:= (index a 1) 2)");
        assert_eq!(sx("m[\"k\"] := [1]"), "(:= (index m \"k\") (list 1))");
        assert_eq!(sx("x[i][j, k] := w"), "(:= (index (index x i) j k) w)");
        assert_eq!(sx("a[1] := b[2] := 3"), "(:= (index a 1) (:= (index b 2) 3))");
        assert_eq!(sx("a := b[1] := 3"), "(:= a (:= (index b 1) 3))");
        assert_eq!(sx("a[f(1)] := a[2] + 1"), "(:= (index a (call f 1)) (+ (index a 2) 1))");
        assert_eq!(
            sx("for n from 0 to 3 do g[n + 1] := n end"),
            "(for-loop (for n from 0 to 3) (do (:= (index g (+ n 1)) n)))"
        );
        assert_eq!(sx("a[1]; a[1] := 2;"), "(index a 1) ; (:= (index a 1) 2) ; ");
        let src = "xs[i][j] := 0";
        let cell = parse_cell(src, 0);
        let ExprKind::IndexAssign { target, path, value } = &cell.block.stmts[0].kind else { panic!() };
        assert_eq!(&src[target.span.range()], "xs");
        let spans: Vec<&str> = path.iter().map(|s| &src[s.span.range()]).collect();
        assert_eq!(spans, ["xs[i]", "xs[i][j]"]);
        assert_eq!(&src[value.span.range()], "0");
        assert_eq!(&src[cell.block.stmts[0].span.range()], src);
    }

    #[test]
    fn invalid_assignment_targets() {
        let target =
            "Syntax error: only a variable or an element of one can be assigned, as in `x := e` or `x[i] := e`.";
        let member = "Syntax error: a member cannot be assigned; values have no assignable members.";
        assert_eq!(errs("f()[1] := 2"), [format!("{target}@0..3")]);
        assert_eq!(errs("f(1) := 2"), [format!("{target}@0..4")]);
        assert_eq!(errs("*[1] := 2"), [format!("{target}@0..1")]);
        assert_eq!(errs("a.b := 3"), [format!("{member}@0..3")]);
        assert_eq!(errs("a[1].b := 3"), [format!("{member}@0..6")]);
        assert_eq!(errs("a.b[1] := 3"), [format!("{member}@0..3")]);
        assert_eq!(errs("1 := 2"), ["Syntax error: unexpected `:=`.@2..4"]);
        assert_eq!(errs("[a] := 2"), ["Syntax error: unexpected `:=`.@4..6"]);
        assert_eq!(
            errs("a[1] = 2"),
            ["Syntax error: unexpected `=`; use `:=` for assignment and `==` for comparison.@5..6"]
        );
        // A recovered error in the target is reported once.
        assert_eq!(errs("a[1 +] := 2"), ["Syntax error: unexpected `]`.@5..6"]);
        assert_eq!(errs("f()[1] := 2; a.b := 3").len(), 2);
    }

    #[test]
    fn spans() {
        let cell = parse_cell("  x := 1 + 23", 7);
        assert_eq!(cell.span, Span::new(7, 2, 13));
        let ExprKind::Assign { target, value } = &cell.block.stmts[0].kind else { panic!() };
        assert_eq!(target.span.range(), 2..3);
        assert_eq!(value.span.range(), 7..13);
        assert_eq!(cell.block.stmts[0].span.range(), 2..13);
    }

    #[test]
    fn definition_spans() {
        let src = "f := x -> x + 1; def g(y) := y; ruleset K def Options(n) := [] end";
        let cell = parse_cell(src, 0);
        assert!(cell.errors.is_empty());
        let text = |s: Span| &src[s.range()];
        let ExprKind::Assign { value, .. } = &cell.block.stmts[0].kind else { panic!() };
        let ExprKind::Lambda(f) = &value.kind else { panic!() };
        assert_eq!((text(value.span), text(f.span)), ("x -> x + 1", "x -> x + 1"));
        let ExprKind::Def(g) = &cell.block.stmts[1].kind else { panic!() };
        assert_eq!(text(g.span), "def g(y) := y");
        let ExprKind::Ruleset(k) = &cell.block.stmts[2].kind else { panic!() };
        assert_eq!(text(k.span), "ruleset K def Options(n) := [] end");
        assert_eq!(text(k.defs[0].span), "def Options(n) := []");
    }

    #[test]
    fn errors() {
        assert_eq!(
            errs("<1|2|3>"),
            ["Syntax error: ambiguous game literal; use more bars for the outer game, as in `<3||2|1>`.@4..5"]
        );
        assert_eq!(
            errs("<1||2||3>"),
            ["Syntax error: ambiguous game literal; use more bars for the outer game, as in `<3||2|1>`.@5..7"]
        );
        assert_eq!(errs("x = 3"), ["Syntax error: use `:=` for assignment.@2..3"]);
        assert_eq!(errs("var x = 3"), ["Syntax error: use `:=` for assignment.@6..7"]);
        assert_eq!(errs("(1 + 2"), ["Syntax error: unexpected end of input.@6..6"]);
        assert_eq!(errs("\"abc"), ["Syntax error: unterminated string.@0..4"]);
        assert_eq!(errs("\"\\q\""), ["Syntax error: invalid escape sequence `\\q` in string.@1..3"]);
        assert_eq!(errs("1 + / ;"), ["Syntax error: unexpected `/`.@4..5"]);
        assert_eq!(errs("1 +* ;"), Vec::<String>::new(), "`1 + *` is one plus star");
        assert_eq!(errs("1 2"), ["Syntax error: unexpected `2`.@2..3"]);
        assert_eq!(errs("a < b < c"), ["Syntax error: unexpected `<`.@6..7"]);
        assert_eq!(errs("1 @ 2"), ["Syntax error: unexpected character `@`.@2..3"]);
        assert_eq!(errs("<1|2"), ["Syntax error: unexpected end of input.@4..4"]);
        assert_eq!(errs("if x = 1 then 2 end"), ["Syntax error: use `:=` for assignment.@5..6"]);
        assert_eq!(
            errs("f(1) = 2"),
            ["Syntax error: unexpected `=`; use `:=` for assignment and `==` for comparison.@5..6"]
        );
        assert_eq!(
            errs("(a + 1) -> a"),
            ["Syntax error: the parameters of a function must be names, as in `(x, y) -> x + y`.@1..6"]
        );
        assert_eq!(
            errs("a or b -> c"),
            ["Syntax error: the parameters of a function must be names, as in `(x, y) -> x + y`.@0..6"]
        );
        assert_eq!(errs("^^3"), ["Syntax error: unexpected `3`.@2..3"]);
    }

    #[test]
    fn several_errors_in_one_cell() {
        let e = errs("x = 1; y := 1 + / 2; <1|2|3>; \"\\q\"; z := (1 2)");
        assert_eq!(e.len(), 5, "{e:#?}");
        let cell = parse_cell("1 + / 2; 3 +", 0);
        assert_eq!(cell.errors.len(), 2, "{:?}", cell.errors);
        assert_eq!(sexp::block(&cell.block), "(block (+ 1 (/ ERROR 2)) (+ 3 ERROR))");
    }

    #[test]
    fn diagnostics() {
        let e = &parse_cell("(1 + 2", 3).errors[0];
        let d = crate::diag::Diagnostic::from(e);
        assert_eq!(d.message, "Syntax error: unexpected end of input.");
        assert_eq!(d.span, Span::new(3, 6, 6));
        assert_eq!(d.notes, vec!["expected one of `,`, `)`".to_string()], "{d:?}");
    }

    fn cell_texts(src: &str) -> Vec<String> {
        parse_cells(src, 0).iter().map(|c| src[c.span.range()].to_string()).collect()
    }

    #[test]
    fn cells() {
        assert_eq!(cell_texts("1\n2"), ["1", "2"]);
        assert_eq!(cell_texts("[1,\n2]"), ["[1,\n2]"]);
        assert_eq!(
            cell_texts("def f(x) begin\n  var y := x;\n  y\nend\nf(2)"),
            ["def f(x) begin\n  var y := x;\n  y\nend", "f(2)"]
        );
        assert_eq!(cell_texts("1 +\n2\n3"), ["1 +\n2", "3"]);
        assert_eq!(cell_texts("if x then\n1\nelse\n2\nend"), ["if x then\n1\nelse\n2\nend"]);
        assert_eq!(cell_texts("\n\n// c\n  /* a\n b */ \n1 // x\n\n"), ["1"]);
        assert_eq!(cell_texts("1 /* a\nb */ + 2\n3"), ["1 /* a\nb */ + 2", "3"]);
        assert_eq!(cell_texts("x := 1; y := 2;\nz"), ["x := 1; y := 2;", "z"]);
        assert_eq!(cell_texts("for x in L\ndo\nend\n"), ["for x in L\ndo\nend"]);
        assert_eq!(
            cell_texts("ruleset K\n def Options(n) :=\n  []\nend\nK(3)"),
            ["ruleset K\n def Options(n) :=\n  []\nend", "K(3)"]
        );
        assert!(parse_cells("", 0).is_empty());
        assert!(parse_cells("  // only a comment\n", 0).is_empty());
    }

    #[test]
    fn cells_with_errors() {
        // A real error ends its cell at the next newline where nothing is left open.
        assert_eq!(cell_texts("x = 1 2\ny := 3\n"), ["x = 1 2", "y := 3"]);
        // An error inside an open block does not split it.
        let src = "def f(x) begin\n  y := x + / 2;\n  y\nend\nf(1)";
        assert_eq!(cell_texts(src), ["def f(x) begin\n  y := x + / 2;\n  y\nend", "f(1)"]);
        let cells = parse_cells(src, 0);
        assert_eq!(cells[0].errors.len(), 1);
        assert!(cells[1].errors.is_empty());
        // An error that recovery cannot tie to the open bracket ends the cell at once.
        assert_eq!(cell_texts("[1 2\n, 3]\n4"), ["[1 2", ", 3]", "4"]);
        // Several errors inside a block: the block stays one cell.
        let src = "begin\n  a := (1 + );\n  b := [1, 2;\n  c = 3\nend\nx";
        let cells = parse_cells(src, 0);
        assert_eq!(cells.len(), 2);
        assert_eq!(cells[0].errors.len(), 3, "{:?}", cells[0].errors);
        // An unfinished last cell reports the unexpected end.
        let cells = parse_cells("1\n(2 +", 0);
        assert_eq!(cells.len(), 2);
        assert_eq!(cells[1].errors[0].message(), "Syntax error: unexpected end of input.");
        // Unterminated string: an error, not an unfinished cell.
        assert_eq!(cell_texts("\"abc\n1"), ["\"abc", "1"]);
        // Unterminated comment: unfinished to the end.
        let cells = parse_cells("1 /* abc\n2", 0);
        assert_eq!(cells.len(), 1);
        assert!(cells[0].errors[0].is_unexpected_end());
    }

    #[test]
    fn incomplete() {
        for src in [
            "def f(x) begin",
            "[1,",
            "1 +",
            "if x then",
            "x :=",
            "a[1] :=",
            "a[1][",
            "for x in L",
            "ruleset K",
            "def f(x)",
            "(1 + 2",
            "<1|",
            "f(",
            "begin 1; 2",
            "begin 1 2;",
            "x /* comment",
            "while x do\n y",
            "{1 =>",
            "a.",
            "3 <",
        ] {
            assert!(is_incomplete(src), "{src:?}");
        }
        for src in [
            "",
            "1",
            "1 + 2",
            "def f(x) := x",
            "x = 3",
            "1 2",
            "<1|2|3>",
            "\"abc",
            "end",
            "1 +* ;",
            "x;",
            "def f(x) begin end",
            "begin 1 2",
            "[1 2",
            "if x then 1 2",
            "x<y|z>",
            "1\n2",
            "if x then 1 end",
        ] {
            assert!(!is_incomplete(src), "{src:?}");
        }
    }

    #[test]
    fn sumber_form_is_input() {
        assert_eq!(
            sx("* + 4*Up(1) - 2*Up(2) + Up(3)"),
            "(+ (- (+ (nim) (* 4 (call Up 1))) (* 2 (call Up 2))) (call Up 3))"
        );
    }

    /// Random token soup never panics, and cells come out in order and in bounds.
    #[test]
    fn random_input_is_handled() {
        let vocab = [
            "1", "x", "\"s\"", "*", "^", "^^", "v", "v3", "+-", "+", "-", "/", "%", ":", ":=", "=", "=>", "==", "<",
            ">", ">=", "<>", "->", ".", ",", ";", "(", ")", "[", "]", "{", "}", "|", "||", "begin", "end", "if",
            "then", "else", "for", "in", "from", "to", "do", "yield", "where", "while", "def", "var", "return",
            "ruleset", "is", "not", "and", "\n", "\n", "/*", "*/", "//", "@", "\"\\q",
        ];
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..1000 {
            let mut src = String::new();
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let len = (seed >> 58) as usize;
            for _ in 0..len {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                src.push_str(vocab[(seed >> 33) as usize % vocab.len()]);
                src.push(' ');
            }
            let cells = parse_cells(&src, 0);
            let mut end = 0;
            for c in &cells {
                assert!(c.span.start as usize >= end && c.span.end as usize <= src.len(), "{src:?}");
                end = c.span.end as usize;
            }
            let _ = is_incomplete(&src);
            let _ = parse_cell(&src, 0).errors.iter().map(ParseError::message).count();
        }
    }
}

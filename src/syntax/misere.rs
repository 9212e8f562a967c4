//! CGSuite's printed notation for misère canonical games, read back: the text between `*[` and `]` in
//! `*[2#0]`, `*[2[2]321]`, `*[(42)431]`, `*[4[2#-2]]`, `*[&12;]` (see `game::misere` for how it is written).
//!
//! The grammar (no spaces):
//! ```text
//! seq  := item+                      one item is that game; several are the options of a game
//! item := base suffix*
//! base := DIGIT | '&' NUMBER ';' | '(' seq ')'
//! suffix := '#' | '[' sub* ']'       a bare '#', or a bracketed run of subscripts
//! sub  := '#' | DIGIT | '&' NUMBER ';' | '-' (DIGIT | '&' NUMBER ';')
//! ```
//! Subscripts apply left to right: `X#` is `{X}`, `X` sub `i` is `X + *i`, `X` sub `-i` is the game `Y`
//! with `Y + *i = X`. A digit is a nim heap.
//!
//! [`notation_length`] is the lexer's test for a `*[…]` whose content is this notation rather than CGSuite's
//! list input (see LANGUAGE.md §10): a content that CGSuite reads as an integer (`*[42]` is `*42`) is left to
//! the list reading.

/// A subscript of the notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationSub {
    /// `#`: the game whose only option is the game so far.
    Sharp,
    /// `i`: add the nim heap `*i`.
    Plus(u64),
    /// `-i`: the game that gives the game so far when `*i` is added.
    Minus(u64),
}

/// An item of the notation: a base and its subscripts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationItem {
    /// The base.
    pub base: NotationBase,
    /// The subscripts, in the order they apply.
    pub subs: Vec<NotationSub>,
}

/// The base of an item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationBase {
    /// A nim heap.
    Heap(u64),
    /// A parenthesised sequence (the options of a game, or one game).
    Group(Vec<NotationItem>),
}

/// Why a text is not the notation: the message and the byte offset where reading stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// What was expected.
    pub message: String,
    /// Byte offset in the text.
    pub at: usize,
}

/// The most nested groups the reader follows (deeper input is refused, not a stack overflow).
const MAX_DEPTH: usize = 200;

/// Reads the notation (the content of `*[…]`, without the brackets).
pub fn parse_notation(text: &str) -> Result<Vec<NotationItem>, NotationError> {
    let mut r = Reader { s: text.as_bytes(), pos: 0 };
    let seq = r.seq(0)?;
    if r.pos < r.s.len() {
        return Err(r.error("a digit, `&`, `(`, `#` or `[`"));
    }
    Ok(seq)
}

/// If `rest` (the text just after a `*[`) starts with notation content closed by its `]`, and that content is
/// not something CGSuite reads as a list (an integer, possibly parenthesised), the content's length in bytes.
pub fn notation_length(rest: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut end = None;
    for (i, c) in rest.bytes().enumerate() {
        match c {
            b'[' => depth += 1,
            b']' if depth == 0 => {
                end = Some(i);
                break;
            }
            b']' => depth -= 1,
            b'0'..=b'9' | b'#' | b'(' | b')' | b'-' | b'&' | b';' => {}
            _ => return None,
        }
    }
    let content = &rest[..end?];
    let stripped = content.trim_start_matches('(').trim_end_matches(')');
    if stripped.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    parse_notation(content).ok().map(|_| content.len())
}

struct Reader<'a> {
    s: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn error(&self, expected: &str) -> NotationError {
        let found = match self.s.get(self.pos) {
            Some(&c) => format!("`{}`", c as char),
            None => "the end".to_string(),
        };
        NotationError { message: format!("expected {expected}, found {found}"), at: self.pos }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn seq(&mut self, depth: usize) -> Result<Vec<NotationItem>, NotationError> {
        let mut items = Vec::new();
        while matches!(self.peek(), Some(b'0'..=b'9' | b'&' | b'(')) {
            items.push(self.item(depth)?);
        }
        if items.is_empty() {
            return Err(self.error("a digit, `&` or `(`"));
        }
        Ok(items)
    }

    fn item(&mut self, depth: usize) -> Result<NotationItem, NotationError> {
        let base = if self.peek() == Some(b'(') {
            if depth >= MAX_DEPTH {
                return Err(NotationError { message: "groups nested too deeply".to_string(), at: self.pos });
            }
            self.pos += 1;
            let seq = self.seq(depth + 1)?;
            if self.peek() != Some(b')') {
                return Err(self.error("`)`"));
            }
            self.pos += 1;
            NotationBase::Group(seq)
        } else {
            NotationBase::Heap(self.digit()?)
        };
        let mut subs = Vec::new();
        loop {
            match self.peek() {
                Some(b'#') => {
                    self.pos += 1;
                    subs.push(NotationSub::Sharp);
                }
                Some(b'[') => {
                    self.pos += 1;
                    loop {
                        match self.peek() {
                            Some(b']') => {
                                self.pos += 1;
                                break;
                            }
                            Some(b'#') => {
                                self.pos += 1;
                                subs.push(NotationSub::Sharp);
                            }
                            Some(b'-') => {
                                self.pos += 1;
                                subs.push(NotationSub::Minus(self.digit()?));
                            }
                            Some(b'0'..=b'9' | b'&') => subs.push(NotationSub::Plus(self.digit()?)),
                            _ => return Err(self.error("a subscript (`#`, a digit, `-`) or `]`")),
                        }
                    }
                }
                _ => break,
            }
        }
        Ok(NotationItem { base, subs })
    }

    /// A digit `0`–`9`, or `&n;` for any `n`.
    fn digit(&mut self) -> Result<u64, NotationError> {
        match self.peek() {
            Some(c @ b'0'..=b'9') => {
                self.pos += 1;
                Ok(u64::from(c - b'0'))
            }
            Some(b'&') => {
                let start = self.pos + 1;
                let mut end = start;
                while matches!(self.s.get(end), Some(b'0'..=b'9')) {
                    end += 1;
                }
                if end == start || self.s.get(end) != Some(&b';') {
                    self.pos = end;
                    return Err(self.error("a number and `;` after `&`"));
                }
                let n = std::str::from_utf8(&self.s[start..end]).ok().and_then(|t| t.parse::<u64>().ok());
                let Some(n) = n else {
                    return Err(NotationError { message: "heap size too large".to_string(), at: start });
                };
                self.pos = end + 1;
                Ok(n)
            }
            _ => Err(self.error("a digit or `&`")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heap(n: u64, subs: Vec<NotationSub>) -> NotationItem {
        NotationItem { base: NotationBase::Heap(n), subs }
    }

    #[test]
    fn reads_printed_forms() {
        use NotationSub::*;
        // `2#0`: the options {*2} and 0
        assert_eq!(parse_notation("2#0"), Ok(vec![heap(2, vec![Sharp]), heap(0, vec![])]));
        // `2[2]321`: *2 + *2, then *3, *2, *
        let p = parse_notation("2[2]321").unwrap();
        assert_eq!(p.len(), 4);
        assert_eq!(p[0], heap(2, vec![Plus(2)]));
        // `4[2#-2]`: ((*4 + *2)#) - *2
        assert_eq!(parse_notation("4[2#-2]"), Ok(vec![heap(4, vec![Plus(2), Sharp, Minus(2)])]));
        assert_eq!(parse_notation("&12;&11;"), Ok(vec![heap(12, vec![]), heap(11, vec![])]));
        let g = parse_notation("(2[2]321)[1]").unwrap();
        assert!(matches!(&g[0].base, NotationBase::Group(s) if s.len() == 4));
        assert_eq!(g[0].subs, vec![Plus(1)]);
        assert_eq!(parse_notation("2##"), Ok(vec![heap(2, vec![Sharp, Sharp])]));
    }

    #[test]
    fn refuses_malformed_text() {
        for bad in ["", "#", "2[", "(2", "2)", "&;", "&12", "[2]", "2-1", "2[x]", "()"] {
            assert!(parse_notation(bad).is_err(), "{bad}");
        }
        let deep = "(".repeat(1000) + "2" + &")".repeat(1000);
        assert!(parse_notation(&deep).is_err());
    }

    #[test]
    fn lexer_test_leaves_cgsuite_lists_alone() {
        // CGSuite reads these as lists: `*[42]` is *42, `*[[2],0]` is {*2, 0}
        for list in ["42]", "(42)]", "[2],0]", "2,2]", "]", "x]", "2 # 0]", "[2]]"] {
            assert_eq!(notation_length(list), None, "{list}");
        }
        assert_eq!(notation_length("2#0] + 1"), Some(3));
        assert_eq!(notation_length("2[2]321]"), Some(7));
        assert_eq!(notation_length("&12;]"), Some(4));
    }
}

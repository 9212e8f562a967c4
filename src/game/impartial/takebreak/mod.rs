//! Take-and-break codes (CGSuite's `TakeAndBreak("0.77")`), nim-value sequences and periodicity.
//!
//! # Code language (as CGSuite's `TBCode`)
//! A code is `a_m … a_1 d_0 . d_1 d_2 … d_n [d_{n+1} … d_{n+p}]`. Digit `d_k` says what may be done
//! after removing `k` tokens from a heap; digits left of the point before `d_0` (read right to left)
//! describe *adding* 1, 2, … tokens. Bit `h` of a digit allows leaving the remainder as exactly `h`
//! nonempty heaps (bit 0: the heap must vanish, bit 1: one heap, bit 2: two heaps, bit 3: three, …).
//! * digits `0-9`, `A-V` (case-insensitive, base 32: `F` = 15 allows 0–3 heaps), or `&N;` with `N`
//!   decimal (any 63-bit mask);
//! * a digit may be followed by a constraint on its splits into two or more heaps: `!` pairwise
//!   unequal, `?` not all equal, `=` all equal (Grundy's game is `4!.0`: remove nothing, split into two
//!   unequal heaps);
//! * `*` (optionally constrained, `*!`) allows any number of heaps, including 0;
//! * `{1,3,5+}` lists allowed heap counts explicitly, `+` meaning "and every larger count"; a constraint
//!   may follow each count (`{2!,3}`) or the brace (`{2,3}!`), not both;
//! * a trailing `[…]` repeats forever (`0.[3]` is Nim: remove any positive number of tokens);
//! * normalisation as CGSuite: trailing zero digits are dropped, a code with nothing after the point
//!   prints with `.0` (`4!.0`), a single-type constraint is shared by every heap count of its digit.
//!
//! Parse errors are a [`TakeBreakParseError`] (CGSuite reports them all as "malformed code").
//!
//! # Nim values
//! [`TakeBreakCode::nim_value_sequence`] returns G(0..=n). Codes whose moves leave at most two heaps
//! and remove a bounded number of tokens (octal games, Grundy's game, their hexadecimal/constrained
//! cousins with ≤ 2 heaps) use the **sparse-space** method of Winning Ways ch. 4: a parity mask `M` is
//! chosen (and re-chosen as the sequence grows) so that most nim values `v` have odd `popcount(v & M)`
//! (the *common coset*); the positions of the other, *rare* values are listed. The xor of two common
//! values is even, so every odd option value of a split comes from a pair containing a rare heap: those
//! are found by scanning the rare list only. Even candidates for the mex are looked for lazily among
//! all splits, stopping as soon as the candidate turns up, which it does almost at once. The mask only
//! affects speed, never results. Other codes are evaluated by enumerating every option.
//!
//! # Periodicity
//! [`check_periodicity`] is CGSuite's `CheckPeriodicity` test (Albert's arithmetic-periodicity
//! checker): it looks for the eventual (arithmetic) period of a sequence and accepts it only when the
//! sequence is long enough by the linear criterion `a·preperiod + b·period + c ≤ length`. For a
//! take-and-break code CGSuite uses `a = b = H`, `c = L + H` and saltus 0, where `H` is one more than the
//! largest number of heaps a move may leave (3 for octal games) and `L` the largest number of tokens a
//! move may remove; [`TakeBreakCode::check_periodicity`] does the same on G(0..n-1), like CGSuite's
//! `CheckPeriodicity(n)`. (This is at least as strict as the octal periodicity theorem's
//! `2·preperiod + 2·period + L`, so a reported period is proven for finite octal codes.)

use std::fmt;

/// A restriction on the sizes of the heaps a split leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SplitConstraint {
    /// Any sizes.
    Unconstrained,
    /// Not all equal (`?`).
    SomeUnequal,
    /// Pairwise unequal (`!`).
    PairwiseUnequal,
    /// All equal (`=`).
    AllEqual,
}

impl SplitConstraint {
    fn suffix(self) -> &'static str {
        match self {
            SplitConstraint::Unconstrained => "",
            SplitConstraint::SomeUnequal => "?",
            SplitConstraint::PairwiseUnequal => "!",
            SplitConstraint::AllEqual => "=",
        }
    }
}

/// One code digit: for each number of resulting heaps, whether it is allowed and under which
/// constraint.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CodeDigit {
    /// `constraints[h]`: leaving exactly `h` heaps (`None`: not allowed). The last entry is `Some`.
    constraints: Vec<Option<SplitConstraint>>,
    /// Every count `>= constraints.len()` is allowed too, with the last entry's constraint.
    allow_more: bool,
}

const BASE32: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUV";

impl CodeDigit {
    /// The digit allowing nothing.
    pub fn zero() -> CodeDigit {
        CodeDigit { constraints: Vec::new(), allow_more: false }
    }

    /// The digit with bit mask `mask` (bit h: leave h heaps), every split under `constraint`.
    pub fn from_mask(mask: u64, constraint: SplitConstraint) -> CodeDigit {
        let bits = 64 - mask.leading_zeros() as usize;
        let constraints = (0..bits).map(|h| if mask >> h & 1 == 1 { Some(constraint) } else { None }).collect();
        CodeDigit::normalized(constraints, false)
    }

    /// Builds a digit and normalises it as CGSuite does, so that equal digits compare equal.
    pub fn normalized(mut constraints: Vec<Option<SplitConstraint>>, allow_more: bool) -> CodeDigit {
        while constraints.last() == Some(&None) {
            constraints.pop();
        }
        let allow_more = allow_more && !constraints.is_empty();
        if allow_more {
            let last = *constraints.last().expect("allow_more is kept only for a nonempty digit");
            while constraints.len() < 4 {
                constraints.push(last);
            }
        }
        let mut effective: Vec<SplitConstraint> = Vec::new();
        for c in constraints.iter().skip(2).flatten() {
            if !effective.contains(c) {
                effective.push(*c);
            }
        }
        for (h, entry) in constraints.iter_mut().enumerate() {
            if let Some(c) = entry {
                if effective.len() == 1 {
                    *c = effective[0];
                } else if h < 2 {
                    *c = SplitConstraint::Unconstrained;
                }
            }
        }
        if allow_more {
            let last = *constraints.last().expect("padded to four entries above");
            let keep = match constraints.iter().rposition(|c| *c != last) {
                Some(i) => i + 2,
                None => 1,
            };
            constraints.truncate(keep);
        }
        CodeDigit { constraints, allow_more }
    }

    /// Whether the digit allows nothing.
    pub fn is_zero(&self) -> bool {
        self.constraints.is_empty()
    }

    /// The rule for leaving exactly `heaps` heaps, `None` if not allowed.
    pub fn constraint(&self, heaps: usize) -> Option<SplitConstraint> {
        if heaps < self.constraints.len() {
            self.constraints[heaps]
        } else if self.allow_more {
            *self.constraints.last().expect("normalized keeps allow_more only for a nonempty digit")
        } else {
            None
        }
    }

    /// The largest number of heaps a move may leave; `None` if unbounded.
    pub fn max_heap_count(&self) -> Option<usize> {
        if self.allow_more {
            None
        } else {
            Some(self.constraints.len().saturating_sub(1))
        }
    }

    fn is_fully_unconstrained(&self) -> bool {
        self.constraints.iter().flatten().all(|c| *c == SplitConstraint::Unconstrained)
    }
}

impl fmt::Display for CodeDigit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(&Some(last)) = self.constraints.last() else {
            return write!(f, "0");
        };
        let consistent = self.constraints.iter().flatten().all(|c| *c == last);
        if consistent && !self.allow_more {
            let base: u64 =
                self.constraints.iter().enumerate().filter(|(_, c)| c.is_some()).map(|(h, _)| 1u64 << h).sum();
            if base < 32 {
                write!(f, "{}", BASE32[base as usize] as char)?;
            } else {
                write!(f, "&{base};")?;
            }
            write!(f, "{}", last.suffix())
        } else if consistent {
            if self.constraints.len() == 1 {
                write!(f, "*{}", last.suffix())
            } else {
                let list: Vec<String> = self
                    .constraints
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.is_some())
                    .map(|(h, _)| h.to_string())
                    .collect();
                write!(f, "{{{}+}}{}", list.join(","), last.suffix())
            }
        } else {
            let list: Vec<String> = self
                .constraints
                .iter()
                .enumerate()
                .filter_map(|(h, c)| c.map(|c| format!("{h}{}", c.suffix())))
                .collect();
            write!(f, "{{{}{}}}", list.join(","), if self.allow_more { "+" } else { "" })
        }
    }
}

/// Why a take-and-break code did not parse. Positions are byte offsets into the code string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TakeBreakParseError {
    /// The code is empty or has no digit before the point.
    NoDigitBeforePoint,
    /// The code has no `.`.
    MissingPoint,
    /// A second `.`, or a `.` inside the repeating part.
    UnexpectedPoint(usize),
    /// A character that is not a digit, constraint, bracket or point.
    UnexpectedChar(usize, char),
    /// `[` before the point or a second `[`.
    UnexpectedOpenBracket(usize),
    /// `]` without `[`, or not at the end of the code.
    UnexpectedCloseBracket(usize),
    /// `[` never closed.
    UnclosedBracket,
    /// `&…` without `;` or `{…` without `}`.
    Unterminated(usize),
    /// A number inside `&…;` or `{…}` that is not a valid count or mask.
    BadNumber(usize),
    /// A heap count above 63 in a `{…}` list.
    TooManyHeaps(usize),
    /// Both a per-count and a whole-brace constraint in one `{…}` digit.
    ConflictingConstraints(usize),
}

impl fmt::Display for TakeBreakParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TakeBreakParseError::NoDigitBeforePoint => {
                write!(f, "a code needs a digit before the point")
            }
            TakeBreakParseError::MissingPoint => write!(f, "a code needs a point `.`"),
            TakeBreakParseError::UnexpectedPoint(p) => write!(f, "unexpected `.` at position {p}"),
            TakeBreakParseError::UnexpectedChar(p, c) => {
                write!(f, "unexpected character `{c}` at position {p}")
            }
            TakeBreakParseError::UnexpectedOpenBracket(p) => {
                write!(f, "unexpected `[` at position {p}")
            }
            TakeBreakParseError::UnexpectedCloseBracket(p) => {
                write!(f, "unexpected `]` at position {p}")
            }
            TakeBreakParseError::UnclosedBracket => write!(f, "unclosed `[`"),
            TakeBreakParseError::Unterminated(p) => write!(f, "unterminated digit at position {p}"),
            TakeBreakParseError::BadNumber(p) => write!(f, "invalid number at position {p}"),
            TakeBreakParseError::TooManyHeaps(p) => write!(f, "more than 63 heaps at position {p}"),
            TakeBreakParseError::ConflictingConstraints(p) => {
                write!(f, "conflicting constraints at position {p}")
            }
        }
    }
}

impl std::error::Error for TakeBreakParseError {}

/// Errors of nim-value computation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TakeBreakError {
    /// The code lets a heap grow back to a size already being evaluated (CGSuite: "Those HeapRules
    /// specify a loopy game.").
    Loopy(usize),
}

impl fmt::Display for TakeBreakError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TakeBreakError::Loopy(n) => write!(f, "that code specifies a loopy game (heap {n})"),
        }
    }
}

/// A parsed take-and-break code. `Display` prints CGSuite's normal form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeBreakCode {
    /// `digits[k]`: removing `k` tokens (`digits[0]`: removing none). Never empty.
    digits: Vec<CodeDigit>,
    /// `additive[j]`: adding `j + 1` tokens.
    additive: Vec<CodeDigit>,
    /// The number of trailing digits that repeat forever (0: finite code).
    period: usize,
}

fn parse_constraint(bytes: &[u8], i: usize) -> (SplitConstraint, usize) {
    match bytes.get(i) {
        Some(b'!') => (SplitConstraint::PairwiseUnequal, 1),
        Some(b'?') => (SplitConstraint::SomeUnequal, 1),
        Some(b'=') => (SplitConstraint::AllEqual, 1),
        _ => (SplitConstraint::Unconstrained, 0),
    }
}

impl TakeBreakCode {
    /// Parses a code such as `0.77`, `4!.0`, `0.[3]`, `0.{2,3}!`, `&72;.0`.
    pub fn parse(s: &str) -> Result<TakeBreakCode, TakeBreakParseError> {
        let bytes = s.as_bytes();
        let mut i = 0;
        let mut in_additive = true;
        let mut in_period = false;
        let mut period_closed = false;
        let mut digits: Vec<CodeDigit> = Vec::new();
        let mut additive: Vec<CodeDigit> = Vec::new();
        let mut preperiod: Option<usize> = None;
        while i < bytes.len() {
            let c = bytes[i];
            let mut digit = None;
            match c {
                b'.' => {
                    if !in_additive {
                        return Err(TakeBreakParseError::UnexpectedPoint(i));
                    }
                    in_additive = false;
                }
                b'[' => {
                    if in_period || in_additive || preperiod.is_some() {
                        return Err(TakeBreakParseError::UnexpectedOpenBracket(i));
                    }
                    in_period = true;
                    preperiod = Some(digits.len());
                }
                b']' => {
                    if !in_period || i != bytes.len() - 1 {
                        return Err(TakeBreakParseError::UnexpectedCloseBracket(i));
                    }
                    in_period = false;
                    period_closed = true;
                }
                b'*' => {
                    let (con, inc) = parse_constraint(bytes, i + 1);
                    digit = Some(CodeDigit::normalized(vec![Some(con)], true));
                    i += inc;
                }
                b'{' => {
                    let end = s[i..].find('}').map(|e| e + i).ok_or(TakeBreakParseError::Unterminated(i))?;
                    let (global, inc) = parse_constraint(bytes, end + 1);
                    digit = Some(parse_list(&s[i + 1..end], i + 1, global)?);
                    i = end + inc;
                }
                b'&' => {
                    let end = s[i..].find(';').map(|e| e + i).ok_or(TakeBreakParseError::Unterminated(i))?;
                    let text = &s[i + 1..end];
                    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
                        return Err(TakeBreakParseError::BadNumber(i + 1));
                    }
                    let mask: u64 = text.parse().map_err(|_| TakeBreakParseError::BadNumber(i + 1))?;
                    if mask >> 63 != 0 {
                        return Err(TakeBreakParseError::BadNumber(i + 1));
                    }
                    let (con, inc) = parse_constraint(bytes, end + 1);
                    digit = Some(CodeDigit::from_mask(mask, con));
                    i = end + inc;
                }
                _ => {
                    let upper = c.to_ascii_uppercase();
                    let Some(value) = BASE32.iter().position(|&b| b == upper) else {
                        let ch = s[i..].chars().next().unwrap_or('?');
                        return Err(TakeBreakParseError::UnexpectedChar(i, ch));
                    };
                    let (con, inc) = parse_constraint(bytes, i + 1);
                    digit = Some(CodeDigit::from_mask(value as u64, con));
                    i += inc;
                }
            }
            if let Some(d) = digit {
                if period_closed {
                    return Err(TakeBreakParseError::UnexpectedCloseBracket(i));
                }
                if in_additive {
                    additive.push(d);
                } else {
                    digits.push(d);
                }
            }
            i += 1;
        }
        if in_period {
            return Err(TakeBreakParseError::UnclosedBracket);
        }
        if additive.is_empty() {
            return Err(if in_additive && !s.contains('.') && !s.is_empty() {
                TakeBreakParseError::MissingPoint
            } else {
                TakeBreakParseError::NoDigitBeforePoint
            });
        }
        if in_additive {
            return Err(TakeBreakParseError::MissingPoint);
        }
        let period = preperiod.map_or(0, |p| digits.len() - p);
        let d0 = additive.pop().expect("an empty list is an error above");
        additive.reverse();
        let mut all = vec![d0];
        all.extend(digits);
        Ok(TakeBreakCode::from_digits(all, additive, period))
    }

    /// Builds a code from its digits (`digits[k]` for removing k tokens, `additive[j]` for adding
    /// j+1), the last `period` digits repeating; normalised as CGSuite does.
    pub fn from_digits(mut digits: Vec<CodeDigit>, mut additive: Vec<CodeDigit>, mut period: usize) -> TakeBreakCode {
        while additive.last().is_some_and(|d| d.is_zero()) {
            additive.pop();
        }
        period = period.min(digits.len().saturating_sub(1));
        if digits[digits.len() - period..].iter().all(|d| d.is_zero()) {
            digits.truncate(digits.len() - period);
            period = 0;
        }
        if period == 0 {
            while digits.last().is_some_and(|d| d.is_zero()) {
                digits.pop();
            }
        }
        if digits.is_empty() {
            digits.push(CodeDigit::zero());
        }
        TakeBreakCode { digits, additive, period }
    }

    /// The digit for removing `k` tokens (negative `k`: adding `-k`).
    pub fn digit(&self, k: i64) -> &CodeDigit {
        static ZERO: CodeDigit = CodeDigit { constraints: Vec::new(), allow_more: false };
        if k < 0 {
            self.additive.get((-k - 1) as usize).unwrap_or(&ZERO)
        } else {
            let k = k as usize;
            if k < self.digits.len() {
                &self.digits[k]
            } else if self.period > 0 {
                let pre = self.digits.len() - self.period;
                &self.digits[(k - pre) % self.period + pre]
            } else {
                &ZERO
            }
        }
    }

    /// The largest number of tokens a move may remove (`None` for a code with a repeating part).
    pub fn max_removed(&self) -> Option<usize> {
        if self.period > 0 {
            None
        } else {
            Some(self.digits.len() - 1)
        }
    }

    /// The largest number of heaps a move may leave (`None` if unbounded, as with `*`).
    pub fn max_heap_count(&self) -> Option<usize> {
        let mut m = 0;
        for d in self.digits.iter().chain(self.additive.iter()) {
            m = m.max(d.max_heap_count()?);
        }
        Some(m)
    }

    /// Whether this is an (unconstrained) octal code: every digit < 8, nothing added.
    pub fn is_octal(&self) -> bool {
        self.additive.is_empty()
            && self.digits.iter().all(|d| !d.allow_more && d.constraints.len() <= 3 && d.is_fully_unconstrained())
    }

    /// The number of trailing digits that repeat forever (0 for a finite code).
    pub fn period(&self) -> usize {
        self.period
    }

    /// The nim value of a heap of `n` tokens.
    pub fn nim_value(&self, n: usize) -> Result<u32, TakeBreakError> {
        Ok(self.nim_value_sequence(n)?[n])
    }

    /// Nim values G(0), …, G(n). Heap 0 has value 0.
    ///
    /// Errors only for codes that add tokens in a way that makes the game loopy.
    pub fn nim_value_sequence(&self, n: usize) -> Result<Vec<u32>, TakeBreakError> {
        if self.additive.is_empty()
            && self.period == 0
            && self.digits[0].constraint(1).is_none()
            && self.max_heap_count().is_some_and(|h| h <= 2)
        {
            Ok(self.sparse_sequence(n))
        } else {
            self.naive_sequence(n)
        }
    }

    /// CGSuite's periodicity criteria for this code (see the module documentation); `None` if a move
    /// may leave unboundedly many heaps.
    pub fn periodicity_criteria(&self) -> Option<PeriodicityCriteria> {
        let mut h = 0usize;
        for d in self.digits.iter().chain(self.additive.iter()) {
            if d.allow_more {
                return None;
            }
            h = h.max(d.constraints.len());
        }
        Some(PeriodicityCriteria {
            preperiod_multiplier: h,
            period_multiplier: h,
            offset: self.digits.len() - 1 + h,
            max_saltus: Some(0),
            ..PeriodicityCriteria::default()
        })
    }

    /// CGSuite's `CheckPeriodicity(n)`: the periodicity of G(0), …, G(n-1) if it is long enough to
    /// prove it by the criteria of [`TakeBreakCode::periodicity_criteria`].
    pub fn check_periodicity(&self, n: usize) -> Result<Option<Periodicity>, TakeBreakError> {
        let Some(criteria) = self.periodicity_criteria() else {
            return Ok(None);
        };
        let values = self.nim_value_sequence(n)?;
        let values: Vec<i64> = values[..n].iter().map(|&v| v as i64).collect();
        Ok(check_periodicity(&values, &criteria))
    }
}

impl fmt::Display for TakeBreakCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.additive.iter().rev() {
            write!(f, "{d}")?;
        }
        write!(f, "{}.", self.digits[0])?;
        let pre = self.digits.len() - self.period;
        let middle = &self.digits[1..pre.max(1)];
        if middle.is_empty() && self.period == 0 {
            return write!(f, "0");
        }
        for d in middle {
            write!(f, "{d}")?;
        }
        if self.period > 0 {
            write!(f, "[")?;
            for d in &self.digits[pre..] {
                write!(f, "{d}")?;
            }
            write!(f, "]")?;
        }
        Ok(())
    }
}

impl std::str::FromStr for TakeBreakCode {
    type Err = TakeBreakParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        TakeBreakCode::parse(s)
    }
}

fn parse_list(text: &str, offset: usize, global: SplitConstraint) -> Result<CodeDigit, TakeBreakParseError> {
    let (allow_more, body) = match text.strip_suffix('+') {
        Some(b) => (true, b),
        None => (false, text),
    };
    let mut entries: Vec<(usize, SplitConstraint)> = Vec::new();
    let mut pos = offset;
    for token in body.split(',') {
        let (con, inc) = parse_constraint(token.as_bytes(), token.len().saturating_sub(1));
        let number = &token[..token.len() - inc];
        let con = if inc == 0 {
            global
        } else if global != SplitConstraint::Unconstrained {
            return Err(TakeBreakParseError::ConflictingConstraints(pos));
        } else {
            con
        };
        if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
            return Err(TakeBreakParseError::BadNumber(pos));
        }
        let h: usize = number.parse().map_err(|_| TakeBreakParseError::BadNumber(pos))?;
        if h > 63 {
            return Err(TakeBreakParseError::TooManyHeaps(pos));
        }
        entries.push((h, con));
        pos += token.len() + 1;
    }
    let max = entries.iter().map(|e| e.0).max().unwrap_or(0);
    let mut constraints = vec![None; max + 1];
    for (h, c) in entries {
        constraints[h] = Some(c);
    }
    Ok(CodeDigit::normalized(constraints, allow_more))
}

mod periodicity;
mod values;

pub use periodicity::{check_periodicity, Periodicity, PeriodicityCriteria};

#[cfg(test)]
mod tests;

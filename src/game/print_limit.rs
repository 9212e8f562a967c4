//! The print limit: how many characters of one printed value are written before the rest is elided.
//!
//! A printed form can be far longer than the value's size in memory (a canonical form is a DAG; its text
//! writes every shared subgame again: Kayles(30)'s misère canonical form would be about 75 GB of text). The
//! front end prints a value inside [`limited`]; every printer charges the characters it writes with
//! [`charge`] and asks [`exhausted`] before writing a part, so a print stops once the limit is reached, in
//! time proportional to what was printed — the full text is never built.
//!
//! Printers write in order (a part's text before the next part's), and charge at most what they write (a
//! printer that charges less, or nothing, only prints more), so when the room runs out at least `limit`
//! characters have been written and the first `limit` characters are exactly the start of the full text.
//! The caller keeps those and adds a note ([`elide`]).

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The print limit of a new session: 200,000 characters (about 200 KB; a screenful is some 10,000).
pub const DEFAULT: usize = 200_000;

/// The smallest limit `:set print-limit` accepts (a limit below a line's length would hide every value).
pub const MIN: usize = 100;

/// The process's setting (`--print-limit`, `:set print-limit`); `usize::MAX` for none.
static SETTING: AtomicUsize = AtomicUsize::new(DEFAULT);

/// The print limit values are shown with (`None`: print everything, as always in CGSuite's output mode).
pub fn setting() -> Option<usize> {
    let n = SETTING.load(Ordering::Relaxed);
    (n != usize::MAX && !cgsuite()).then_some(n)
}

/// Whether values print exactly as CGSuite prints them (`--output cgsuite`, `:set output cgsuite`): games in
/// braces, positions as `Ruleset.Position(…)`, no shared form and no print limit (docs/LANGUAGE.md §8).
static CGSUITE: AtomicBool = AtomicBool::new(false);

/// Whether CGSuite's output mode is on.
pub fn cgsuite() -> bool {
    CGSUITE.load(Ordering::Relaxed)
}

/// Turns CGSuite's output mode on or off.
pub fn set_cgsuite(on: bool) {
    CGSUITE.store(on, Ordering::Relaxed);
}

/// Parses an output mode: `cgs` (the default) or `cgsuite`; `true` for `cgsuite`.
pub fn parse_output(s: &str) -> Result<bool, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "cgs" => Ok(false),
        "cgsuite" => Ok(true),
        _ => Err(format!("`{s}` is not an output mode (cgs or cgsuite)")),
    }
}

/// The output mode's name, as `:set` shows it.
pub fn output_shown() -> &'static str {
    if cgsuite() {
        "cgsuite"
    } else {
        "cgs"
    }
}

/// The bracket that opens a game written with its options: `<` (cgs) or `{` (CGSuite's output mode).
pub fn open_game() -> &'static str {
    if cgsuite() {
        "{"
    } else {
        "<"
    }
}

/// The bracket that closes a game written with its options: `>` or `}`.
pub fn close_game() -> &'static str {
    if cgsuite() {
        "}"
    } else {
        ">"
    }
}

/// Sets the print limit (`None`: print everything).
pub fn set_setting(limit: Option<usize>) {
    SETTING.store(limit.unwrap_or(usize::MAX), Ordering::Relaxed);
}

/// Parses a print limit: a number of characters (`50000`, `1M`, `200K`) or `none`.
pub fn parse(s: &str) -> Result<Option<usize>, String> {
    let t = s.trim().to_ascii_lowercase();
    if t == "none" || t == "off" {
        return Ok(None);
    }
    let (digits, mult) = match t.strip_suffix('k').or_else(|| t.strip_suffix('m')) {
        Some(d) if t.ends_with('k') => (d, 1_000),
        Some(d) => (d, 1_000_000),
        None => (t.as_str(), 1),
    };
    let n = digits.replace(['_', ','], "").parse::<usize>().ok().and_then(|n| n.checked_mul(mult));
    match n {
        Some(n) if n >= MIN => Ok(Some(n)),
        Some(_) => Err(format!("a print limit of `{s}` is too small: the smallest is {MIN} characters")),
        None => Err(format!("`{s}` is not a print limit (examples: 50000, 200K, 1M, none)")),
    }
}

/// Whether large canonical forms print in the shared form (`--print-sharing`, `:set print-sharing`; on by
/// default): see `game::short::print_shared`.
static SHARING: AtomicBool = AtomicBool::new(true);

/// Whether large canonical forms print in the shared form (never in CGSuite's output mode).
pub fn sharing() -> bool {
    SHARING.load(Ordering::Relaxed) && !cgsuite()
}

/// Turns the shared form of large canonical forms on or off (off: always CGSuite's full text).
pub fn set_sharing(on: bool) {
    SHARING.store(on, Ordering::Relaxed);
}

/// Parses a print-sharing setting: `on` or `off`.
pub fn parse_sharing(s: &str) -> Result<bool, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("`{s}` is not a print-sharing setting (on or off)")),
    }
}

thread_local! {
    /// Characters the current print may still write (`usize::MAX`: no limit).
    static ROOM: Cell<usize> = const { Cell::new(usize::MAX) };
    /// Whether a printer skipped a part because the room had run out.
    static CUT: Cell<bool> = const { Cell::new(false) };
}

/// Whether the current print has used its room: a printer about to write a part skips it (and the print is
/// then marked as cut).
#[inline]
pub fn exhausted() -> bool {
    let out = ROOM.with(Cell::get) == 0;
    if out {
        CUT.with(|c| c.set(true));
    }
    out
}

/// Counts `n` characters written.
#[inline]
pub fn charge(n: usize) {
    ROOM.with(|r| {
        let room = r.get();
        if room != usize::MAX {
            r.set(room.saturating_sub(n));
        }
    });
}

/// The characters the current print may still write (`None`: no limit).
#[inline]
pub fn room() -> Option<usize> {
    let room = ROOM.with(Cell::get);
    (room != usize::MAX).then_some(room)
}

/// Whether a print limit is in force (printers without a limit may take their exact, memoised paths).
#[inline]
pub fn active() -> bool {
    ROOM.with(Cell::get) != usize::MAX
}

/// Restores the previous state when a limited print ends, also by unwinding (an interrupt while printing).
struct Restore(usize, bool);

impl Drop for Restore {
    fn drop(&mut self) {
        ROOM.with(|r| r.set(self.0));
        CUT.with(|c| c.set(self.1));
    }
}

/// Runs the printer `f` with room for `cap` characters, apart from the current print (nothing it writes is
/// charged to it), and says whether `f` used all the room (its text is at least `cap` characters, perhaps cut).
/// The caller charges what it keeps.
pub fn probe<R>(cap: usize, f: impl FnOnce() -> R) -> (R, bool) {
    let restore = Restore(ROOM.with(|r| r.replace(cap)), CUT.with(|c| c.replace(false)));
    let r = f();
    let full = ROOM.with(Cell::get) == 0;
    drop(restore);
    (r, full)
}

/// Runs the printer `f` with at most `limit` characters (`None`: no limit) and returns its text, cut to
/// `limit` characters with the note of [`elide`] when it was longer.
pub fn limited(limit: Option<usize>, f: impl FnOnce() -> String) -> String {
    let Some(limit) = limit else {
        let _restore = Restore(ROOM.with(|r| r.replace(usize::MAX)), CUT.with(|c| c.replace(false)));
        return f();
    };
    let restore = Restore(ROOM.with(|r| r.replace(limit)), CUT.with(|c| c.replace(false)));
    let mut text = f();
    let cut = CUT.with(Cell::get);
    drop(restore);
    match text.char_indices().nth(limit) {
        Some((end, _)) => {
            text.truncate(end);
            text.push_str(&elide(limit));
        }
        None if cut => text.push_str(&elide(limit)),
        None => {}
    }
    text
}

/// The note after a cut text.
pub fn elide(limit: usize) -> String {
    format!(" … (cut at {} characters; `:set print-limit none` or `--print-limit none` prints all)", grouped(limit))
}

/// `1234567` as `1,234,567`.
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A printer that writes `n` parts of "ab" in order, charging what it writes and skipping when exhausted.
    fn parts(n: usize) -> String {
        let mut s = String::new();
        for _ in 0..n {
            if exhausted() {
                break;
            }
            s.push_str("ab");
            charge(2);
        }
        s
    }

    #[test]
    fn cuts_at_the_limit_and_restores() {
        assert_eq!(limited(Some(10), || parts(3)), "ababab");
        assert_eq!(limited(Some(6), || parts(3)), "ababab", "exactly the limit, nothing skipped: no note");
        let cut = limited(Some(5), || parts(100));
        assert_eq!(cut, format!("ababa{}", elide(5)));
        assert!(!active(), "the limit ends with the print");
        assert_eq!(limited(None, || parts(1000)).len(), 2000);
        assert_eq!(grouped(1234567), "1,234,567");
        assert_eq!(grouped(200), "200");
        assert_eq!(parse("none"), Ok(None));
        assert_eq!(parse("200K"), Ok(Some(200_000)));
        assert_eq!(parse("1m"), Ok(Some(1_000_000)));
        assert_eq!(parse("5000"), Ok(Some(5000)));
        assert!(parse("10").unwrap_err().contains("too small"));
        assert!(parse("lots").unwrap_err().contains("not a print limit"));
    }
}

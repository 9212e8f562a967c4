// Included by `build.rs` (which scans the stdlib's defined names when cgs is built) and by `stdlib.rs` (which
// scans a cell for the names it uses), so both read an identifier the same way.

/// The length of the ASCII identifier at the start of `s` (0 if none).
fn identifier_len(s: &str) -> usize {
    let b = s.as_bytes();
    if b.first().is_none_or(|c| !(c.is_ascii_alphabetic() || *c == b'_')) {
        return 0;
    }
    b.iter().position(|c| !(c.is_ascii_alphanumeric() || *c == b'_')).unwrap_or(b.len())
}

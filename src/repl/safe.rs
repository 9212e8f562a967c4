//! Output that is safe to show on a terminal: a script cannot send escape sequences through `Print` or a
//! printed string. [`TerminalSafe`] writes control bytes (C0 controls other than newline and tab, and DEL)
//! as visible escapes — `\x1b` for ESC, `\r` for a carriage return, `\x07` for BEL — and everything else
//! as it is. Front-ends wrap their standard output in it when that output is a terminal; pipes and files get
//! the bytes unchanged.

use std::io::{self, Write};

/// A writer that escapes control bytes (see the module documentation).
pub struct TerminalSafe<W: Write> {
    inner: W,
}

impl<W: Write> TerminalSafe<W> {
    /// Wraps a writer.
    pub fn new(inner: W) -> TerminalSafe<W> {
        TerminalSafe { inner }
    }
}

/// The visible form of a control byte, or `None` for a byte that passes through.
pub fn escape(b: u8) -> Option<String> {
    match b {
        b'\n' | b'\t' => None,
        b'\r' => Some("\\r".to_string()),
        0x00..=0x1f | 0x7f => Some(format!("\\x{b:02x}")),
        _ => None,
    }
}

impl<W: Write> Write for TerminalSafe<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut start = 0;
        for (i, &b) in buf.iter().enumerate() {
            if let Some(e) = escape(b) {
                self.inner.write_all(&buf[start..i])?;
                self.inner.write_all(e.as_bytes())?;
                start = i + 1;
            }
        }
        self.inner.write_all(&buf[start..])?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_bytes_are_shown_not_sent() {
        let mut out = TerminalSafe::new(Vec::new());
        out.write_all(b"a\x1b[31mred\x07\r\n\tok\x7f").unwrap();
        assert_eq!(String::from_utf8(out.inner).unwrap(), "a\\x1b[31mred\\x07\\r\n\tok\\x7f");
    }

    #[test]
    fn utf8_passes_through() {
        let mut out = TerminalSafe::new(Vec::new());
        out.write_all("↑* ±1 ½".as_bytes()).unwrap();
        assert_eq!(String::from_utf8(out.inner).unwrap(), "↑* ±1 ½");
    }
}

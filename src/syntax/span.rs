//! Source positions. Every AST node and every error carries a [`Span`]; the [`Sources`] registry maps a
//! span's file id back to a name and text for diagnostics.

/// Index of a source in [`Sources`].
pub type FileId = u32;

/// A byte range `start..end` in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// The file the range belongs to.
    pub file: FileId,
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// A span in `file` from `start` to `end` (byte offsets).
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        Span { file, start: start as u32, end: end as u32 }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span { file: self.file, start: self.start.min(other.start), end: self.end.max(other.end) }
    }

    /// Whether `other` lies within this span (same file).
    pub fn contains(self, other: Span) -> bool {
        self.file == other.file && self.start <= other.start && other.end <= self.end
    }

    /// The byte range, for slicing the source text.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// Every source text the process has read: script files, REPL cells, `-e` strings and the stdlib.
#[derive(Clone, Debug, Default)]
pub struct Sources {
    files: Vec<(String, std::rc::Rc<str>)>,
}

impl Sources {
    /// An empty registry.
    pub fn new() -> Sources {
        Sources::default()
    }

    /// Registers a source and returns its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<std::rc::Rc<str>>) -> FileId {
        self.files.push((name.into(), text.into()));
        (self.files.len() - 1) as FileId
    }

    /// The display name of a file (a path, `<repl:3>`, `<stdlib/clobber.cgs>`).
    pub fn name(&self, id: FileId) -> &str {
        self.files.get(id as usize).map_or("<unknown>", |f| f.0.as_str())
    }

    /// The text of a file.
    pub fn text(&self, id: FileId) -> &str {
        self.files.get(id as usize).map_or("", |f| &f.1)
    }
}

//! Rendering a [`Diagnostic`] with ariadne: the only `Report::build` in the crate.
//!
//! Layout: `Error: <message>`, the source excerpt with the primary span underlined, one secondary label per
//! call-stack frame (innermost first, long runs of identical frames collapsed) and the notes. Spans are byte
//! ranges; they are clamped to the text and to character boundaries, so a zero-width span at the very end of
//! the input (an "unexpected end of input" error) still gets a caret.

use super::diagnostic::Diagnostic;
use crate::syntax::span::{FileId, Sources, Span};
use ariadne::{CharSet, Color, Config, IndexType, Label, Report, ReportKind, Source};
use std::collections::HashMap;
use std::fmt;
use std::io::{self, Write};

/// At most this many distinct call-stack labels are drawn; the rest are summarised in a note.
const MAX_FRAME_LABELS: usize = 6;

/// A source line longer than this (in bytes) is not drawn: the report gives its place instead (drawing a
/// 1 MB line took most of a second, issue 36 row 10).
const MAX_SHOWN_LINE: usize = 4096;

/// Writes `d` to `out` as an ariadne report: source line, underline at the span, the one-line message,
/// call-stack labels and notes. `color` switches ANSI colours on (callers pass `false` when the stream is not a
/// terminal, and always in tests).
pub fn render(d: &Diagnostic, sources: &Sources, out: &mut dyn Write, color: bool) {
    // A diagnostic that cannot be written (closed stream) has nowhere else to go; ignore the failure.
    let _ = try_render(d, sources, out, color);
}

/// [`render`] into a `String` (colour off), for tests and for embedding.
pub fn render_to_string(d: &Diagnostic, sources: &Sources) -> String {
    let mut buf = Vec::new();
    render(d, sources, &mut buf, false);
    String::from_utf8_lossy(&buf).into_owned()
}

fn try_render(d: &Diagnostic, sources: &Sources, out: &mut dyn Write, color: bool) -> io::Result<()> {
    if sources.text(d.span.file).is_empty() {
        return render_without_source(d, out, color);
    }
    let primary = clamp(d.span, sources);
    let text = sources.text(primary.0);
    let line_start = text[..primary.1.start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[primary.1.start..].find('\n').map_or(text.len(), |i| primary.1.start + i);
    if line_end - line_start > MAX_SHOWN_LINE {
        let line = text.as_bytes()[..line_start].iter().filter(|&&b| b == b'\n').count() + 1;
        let column = text[line_start..primary.1.start].chars().count() + 1;
        let place = format!(
            "at {}:{line}:{column} (a line of {} bytes, too long to show)",
            sources.name(primary.0),
            line_end - line_start
        );
        return render_without_source(&Diagnostic { labels: vec![(d.span, place)], ..d.clone() }, out, color);
    }
    let config = Config::default()
        .with_color(color)
        .with_index_type(IndexType::Byte)
        .with_char_set(CharSet::Unicode)
        .with_compact(false);
    let mut builder = Report::build(ReportKind::Error, primary.clone()).with_config(config).with_message(&d.message);
    // ariadne draws only labels that carry a message.
    let mut here = if primary.1.is_empty() && primary.1.start == sources.text(d.span.file).trim_end().len() {
        "end of input".to_string()
    } else {
        "here".to_string()
    };
    let (mut frames, mut extra_notes) = collapse_frames(&d.labels);
    // A frame on the very span of the error (a recursive call failing) joins the primary label.
    if let Some(i) = frames.iter().position(|(span, _)| clamp(*span, sources) == primary) {
        let (_, msg) = frames.remove(i);
        here = format!("{here}; {msg}");
    }
    let mut primary_label = Label::new(primary).with_message(here).with_order(0).with_priority(10);
    if color {
        primary_label = primary_label.with_color(Color::Red);
    }
    builder.add_label(primary_label);

    for (i, (span, msg)) in frames.into_iter().enumerate() {
        if sources.text(span.file).is_empty() {
            extra_notes.push(msg);
            continue;
        }
        let mut label = Label::new(clamp(span, sources)).with_message(msg).with_order(i as i32 + 1);
        if color {
            label = label.with_color(Color::Blue);
        }
        builder.add_label(label);
    }
    for note in d.notes.iter().chain(extra_notes.iter()) {
        builder.add_note(note);
    }
    let mut cache = SourceCache { sources, loaded: HashMap::new() };
    let mut text = Vec::new();
    builder.finish().write(&mut cache, &mut text)?;
    // ariadne pads some lines with spaces; trailing whitespace only gets in the way of snapshots and docs.
    for line in String::from_utf8_lossy(&text).lines() {
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

/// A diagnostic whose span points at no known text (e.g. an internal error raised outside any source).
fn render_without_source(d: &Diagnostic, out: &mut dyn Write, color: bool) -> io::Result<()> {
    if color {
        writeln!(out, "\x1b[31mError:\x1b[0m {}", d.message)?;
    } else {
        writeln!(out, "Error: {}", d.message)?;
    }
    for (_, msg) in &d.labels {
        writeln!(out, "  {msg}")?;
    }
    for note in &d.notes {
        writeln!(out, "  Note: {note}")?;
    }
    Ok(())
}

/// Merges runs of identical consecutive frames (a runaway recursion produces thousands) and keeps at most
/// [`MAX_FRAME_LABELS`] labels; what is left out becomes a note.
fn collapse_frames(labels: &[(Span, String)]) -> (Vec<(Span, String)>, Vec<String>) {
    let mut runs: Vec<(Span, &str, usize)> = Vec::new();
    for (span, msg) in labels {
        match runs.last_mut() {
            Some((s, m, n)) if s == span && *m == msg.as_str() => *n += 1,
            _ => runs.push((*span, msg, 1)),
        }
    }
    let mut kept = Vec::new();
    let mut notes = Vec::new();
    for (span, msg, n) in runs.iter().take(MAX_FRAME_LABELS) {
        let msg = if *n > 1 { format!("{msg} ({n} times)") } else { msg.to_string() };
        kept.push((*span, msg));
    }
    let omitted: usize = runs.iter().skip(MAX_FRAME_LABELS).map(|r| r.2).sum();
    if omitted > 0 {
        let s = if omitted == 1 { "" } else { "s" };
        notes.push(format!("… and {omitted} more call{s} further out"));
    }
    (kept, notes)
}

/// The span as an ariadne span: clamped to the text and moved onto character boundaries.
fn clamp(span: Span, sources: &Sources) -> (FileId, std::ops::Range<usize>) {
    let text = sources.text(span.file);
    let mut start = (span.start as usize).min(text.len());
    let mut end = (span.end as usize).clamp(start, text.len());
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    while !text.is_char_boundary(end) {
        end += 1;
    }
    if start == end && text[start..].trim().is_empty() {
        // At the end of the input: point just after the last token, on a line that exists.
        start = text.trim_end().len();
        end = start;
    }
    (span.file, start..end)
}

/// Serves the texts of a [`Sources`] registry to ariadne, building each line index once per report.
struct SourceCache<'a> {
    sources: &'a Sources,
    loaded: HashMap<FileId, Source<String>>,
}

impl ariadne::Cache<FileId> for SourceCache<'_> {
    type Storage = String;

    fn fetch(&mut self, id: &FileId) -> Result<&Source<String>, impl fmt::Debug> {
        let sources = self.sources;
        Ok::<_, ()>(self.loaded.entry(*id).or_insert_with(|| Source::from(sources.text(*id).to_string())))
    }

    fn display<'b>(&self, id: &'b FileId) -> Option<impl fmt::Display + 'b> {
        Some(self.sources.name(*id).to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diag(span: Span) -> Diagnostic {
        Diagnostic { message: "Unexpected end of input.".into(), span, labels: vec![], notes: vec![] }
    }

    #[test]
    fn a_line_too_long_to_draw_is_given_by_its_place() {
        let mut sources = Sources::new();
        let text = format!("1\n2 + {}\n", "a".repeat(100_000));
        let file = sources.add("long.cgs", text);
        let d = Diagnostic {
            message: "That variable is not defined.".into(),
            span: Span::new(file, 6, 100_006),
            labels: vec![],
            notes: vec!["A note.".into()],
        };
        assert_eq!(
            render_to_string(&d, &sources),
            "Error: That variable is not defined.\n  at long.cgs:2:5 (a line of 100004 bytes, too long to show)\n  \
             Note: A note.\n"
        );
    }

    #[test]
    fn zero_width_span_at_end_of_input_renders() {
        let mut sources = Sources::new();
        let f = sources.add("<repl:1>", "def f(x) begin");
        let out = render_to_string(&diag(Span::new(f, 14, 14)), &sources);
        assert!(out.contains("def f(x) begin"), "{out}");
        assert!(out.contains("Unexpected end of input."), "{out}");
        let g = sources.add("t.cgs", "x := (1 +\n");
        let out = render_to_string(&diag(Span::new(g, 10, 10)), &sources);
        assert!(out.contains("t.cgs"), "{out}");
        println!("{out}");
    }

    #[test]
    fn call_stack_frames_become_labels_and_runs_collapse() {
        let mut sources = Sources::new();
        let f = sources.add("rec.cgs", "def f(n) := f(n + 1);\nf(0)\n");
        let mut d = diag(Span::new(f, 12, 20));
        d.message = "Maximum recursion depth exceeded.".into();
        d.labels = (0..1000).map(|_| (Span::new(f, 12, 20), "in call to `f`".to_string())).collect();
        d.labels.push((Span::new(f, 22, 26), "in call to `f`".to_string()));
        let out = render_to_string(&d, &sources);
        println!("{out}");
        assert!(out.contains("(1000 times)"), "{out}");
    }

    #[test]
    fn internal_errors_say_please_report() {
        let mut sources = Sources::new();
        let f = sources.add("<-e>", "1 + 2");
        let out = render_to_string(&Diagnostic::internal_bug("boom", Span::new(f, 0, 5)), &sources);
        println!("{out}");
        assert!(out.contains("please report"));
        let out = render_to_string(&Diagnostic::internal_bug("boom", Span::default()), &Sources::new());
        println!("{out}");
        assert!(out.contains("please report"));
    }
}

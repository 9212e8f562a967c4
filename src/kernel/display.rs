//! Display bundles: `text/plain` always (the REPL's printed form), `image/svg+xml` for thermographs and game
//! trees (the same SVG as their `.Plot("file.svg")`), `text/html` for `Table(...)` values, and `text/html` plus
//! `text/latex` for game values and numbers (`^*` as ↑∗, `1/2` as ½, `+-1` as ±1; LaTeX writes game literals
//! with braces, `\{1 \mid \ast\}`, as the literature does).

use crate::interp::{Interpreter, Value};
use crate::library::TableValue;
use serde_json::{json, Map, Value as Json};

/// The MIME bundle of a value.
pub fn bundle(interp: &mut Interpreter, value: &Value) -> Json {
    let text = interp.display(value);
    let mut data = Map::new();
    data.insert("text/plain".into(), json!(text));
    match value {
        Value::Thermograph(t) => {
            data.insert("image/svg+xml".into(), json!(t.to_svg()));
        }
        Value::Object(o) => {
            if let Some(t) = crate::interp::object::downcast_ref::<TableValue>(&**o) {
                data.insert("text/html".into(), json!(table_html(&t.cells)));
            } else if let Some(t) = crate::interp::object::downcast_ref::<crate::library::tree::GameTree>(&**o) {
                data.insert("image/svg+xml".into(), json!(t.svg));
            }
        }
        Value::Game(_) | Value::Integer(_) | Value::Rational(_) if text.len() <= 2000 => {
            data.insert("text/html".into(), json!(game_html(&text)));
            data.insert("text/latex".into(), json!(game_latex(&text)));
        }
        _ => {}
    }
    Json::Object(data)
}

/// A token of a printed game value.
#[derive(Debug, PartialEq)]
enum Tok<'a> {
    /// `^`, `^^`, `v`, `vv` runs: (up?, how many).
    Arrows(bool, usize),
    /// `*`.
    Star,
    /// `+-` or `±`.
    PlusMinus,
    /// `a/b`.
    Fraction(&'a str, &'a str),
    /// `<`, `>`.
    Open,
    Close,
    /// A run of `|`.
    Bars(usize),
    /// A name such as `Tiny`, `over`.
    Word(&'a str),
    /// Anything else, as is (digits, `,`, `(`, `-`, `[`, …).
    Other(&'a str),
}

fn tokens(text: &str) -> Vec<Tok<'_>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let run = |i: usize, c: u8| b[i..].iter().take_while(|&&x| x == c).count();
    while i < b.len() {
        let c = b[i];
        let (tok, len) = match c {
            b'^' => (Tok::Arrows(true, run(i, b'^')), run(i, b'^')),
            b'v' if !b.get(i + 1).is_some_and(|x| x.is_ascii_alphabetic() && *x != b'v') => {
                (Tok::Arrows(false, run(i, b'v')), run(i, b'v'))
            }
            b'*' => (Tok::Star, 1),
            b'+' if b.get(i + 1) == Some(&b'-') => (Tok::PlusMinus, 2),
            b'<' => (Tok::Open, 1),
            b'>' => (Tok::Close, 1),
            b'|' => (Tok::Bars(run(i, b'|')), run(i, b'|')),
            b'0'..=b'9' => {
                let n = b[i..].iter().take_while(|x| x.is_ascii_digit()).count();
                let rest = &b[i + n..];
                if rest.first() == Some(&b'/') && rest.get(1).is_some_and(u8::is_ascii_digit) {
                    let d = rest[1..].iter().take_while(|x| x.is_ascii_digit()).count();
                    (Tok::Fraction(&text[i..i + n], &text[i + n + 1..i + n + 1 + d]), n + 1 + d)
                } else {
                    (Tok::Other(&text[i..i + n]), n)
                }
            }
            c if c.is_ascii_alphabetic() => {
                let n = b[i..].iter().take_while(|x| x.is_ascii_alphanumeric()).count();
                (Tok::Word(&text[i..i + n]), n)
            }
            _ => {
                let n = text[i..].chars().next().map_or(1, char::len_utf8);
                let s = &text[i..i + n];
                if s == "±" {
                    (Tok::PlusMinus, n)
                } else {
                    (Tok::Other(s), n)
                }
            }
        };
        out.push(tok);
        i += len.max(1);
    }
    out
}

/// A game value's printed form as HTML: arrows, ½-style fractions, ±, ∗ (cgs's `<…|…>` brackets kept).
pub fn game_html(text: &str) -> String {
    let mut html = String::from("<span class=\"cgs-value\" style=\"font-family: serif; font-size: 1.15em\">");
    for tok in tokens(text) {
        match tok {
            Tok::Arrows(up, 2) => html.push(if up { '⇑' } else { '⇓' }),
            Tok::Arrows(up, n) => {
                for _ in 0..n {
                    html.push(if up { '↑' } else { '↓' });
                }
            }
            Tok::Star => html.push('∗'),
            Tok::PlusMinus => html.push('±'),
            Tok::Fraction("1", "2") => html.push('½'),
            Tok::Fraction("1", "4") => html.push('¼'),
            Tok::Fraction("3", "4") => html.push('¾'),
            Tok::Fraction(a, b) => html.push_str(&format!("<sup>{a}</sup>&frasl;<sub>{b}</sub>")),
            Tok::Open => html.push_str("&lt;"),
            Tok::Close => html.push_str("&gt;"),
            Tok::Bars(n) => html.push_str(&"|".repeat(n)),
            Tok::Word(w) => html.push_str(&escape(w)),
            Tok::Other(s) => html.push_str(&escape(s)),
        }
    }
    html.push_str("</span>");
    html
}

/// A game value's printed form as LaTeX math (`$…$`).
pub fn game_latex(text: &str) -> String {
    let mut tex = String::from("$");
    for tok in tokens(text) {
        match tok {
            Tok::Arrows(up, 2) => tex.push_str(if up { "\\Uparrow " } else { "\\Downarrow " }),
            Tok::Arrows(up, n) => {
                for _ in 0..n {
                    tex.push_str(if up { "\\uparrow " } else { "\\downarrow " });
                }
            }
            Tok::Star => tex.push_str("\\ast "),
            Tok::PlusMinus => tex.push_str("\\pm "),
            Tok::Fraction(a, b) => tex.push_str(&format!("\\tfrac{{{a}}}{{{b}}}")),
            Tok::Open => tex.push_str("\\{"),
            Tok::Close => tex.push_str("\\}"),
            Tok::Bars(1) => tex.push_str("\\mid "),
            Tok::Bars(2) => tex.push_str("\\parallel "),
            Tok::Bars(n) => tex.push_str(&vec!["\\mid"; n].join("\\!")),
            Tok::Word(w) => tex.push_str(&format!("\\mathrm{{{w}}}")),
            Tok::Other("[") => tex.push_str("^{"),
            Tok::Other("]") => tex.push('}'),
            Tok::Other(s) => tex.push_str(s),
        }
    }
    tex.push('$');
    tex
}

/// An HTML table from a `Table` value's cells, one `<tr>` per row.
pub fn table_html(cells: &[Vec<String>]) -> String {
    let mut html = String::from("<table class=\"cgs-table\">\n");
    for row in cells {
        html.push_str("<tr>");
        for cell in row {
            html.push_str("<td>");
            html.push_str(&escape(cell));
            html.push_str("</td>");
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</table>");
    html
}

/// Escapes `&`, `<`, `>` and `"` for HTML text.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_values_typeset() {
        // The printed forms are cgs's (`^*`, `1/2`, `+-1`); the HTML and LaTeX spellings are the usual ones.
        assert_eq!(
            game_html("^*"),
            "<span class=\"cgs-value\" style=\"font-family: serif; font-size: 1.15em\">↑∗</span>"
        );
        assert!(game_html("1/2").contains(">½<"));
        assert!(game_html("+-1").contains(">±1<"));
        assert!(game_html("<1|*>").contains("&lt;1|∗&gt;"));
        assert!(game_html("3/8v").contains("<sup>3</sup>&frasl;<sub>8</sub>↓"));
        assert_eq!(game_latex("^*"), "$\\uparrow \\ast $");
        assert_eq!(game_latex("1/2"), "$\\tfrac{1}{2}$");
        assert_eq!(game_latex("+-1"), "$\\pm 1$");
        assert_eq!(game_latex("<2||1|0>"), "$\\{2\\parallel 1\\mid 0\\}$");
        assert_eq!(game_latex("vv*3"), "$\\Downarrow \\ast 3$");
        assert_eq!(game_latex("Tiny(2)"), "$\\mathrm{Tiny}(2)$");
    }

    #[test]
    fn table_html_splits_padded_columns_and_escapes() {
        // Hand derivation: one row per line, one cell per column, `<`, `>` escaped.
        let cells = |r: &[&str]| r.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        let html = table_html(&[cells(&["n", "value"]), cells(&["1", "<1|*>"]), cells(&["10", "^*"])]);
        assert_eq!(
            html,
            "<table class=\"cgs-table\">\n<tr><td>n</td><td>value</td></tr>\n\
             <tr><td>1</td><td>&lt;1|*&gt;</td></tr>\n<tr><td>10</td><td>^*</td></tr>\n</table>"
        );
    }
}

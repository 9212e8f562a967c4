//! Display bundles: `text/plain` always (the REPL's printed form), `image/svg+xml` for thermographs
//! (the same SVG as `Thermograph.Plot("file.svg")`), `text/html` for `Table(...)` values.

use crate::interp::{Interpreter, Value};
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
        Value::Object(o) if o.type_name() == "Table" => {
            data.insert("text/html".into(), json!(table_html(&text)));
        }
        _ => {}
    }
    Json::Object(data)
}

/// An HTML table from a `Table` value's printed form: one row per line, cells separated by the two or more
/// spaces `Table` pads columns with. (A cell whose own text holds two spaces in a row would be split.)
pub fn table_html(text: &str) -> String {
    let mut html = String::from("<table class=\"cgs-table\">\n");
    for line in text.lines() {
        html.push_str("<tr>");
        for cell in split_columns(line) {
            html.push_str("<td>");
            html.push_str(&escape(cell));
            html.push_str("</td>");
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</table>");
    html
}

fn split_columns(line: &str) -> Vec<&str> {
    let mut cells = Vec::new();
    let mut rest = line;
    while let Some(i) = rest.find("  ") {
        cells.push(&rest[..i]);
        rest = rest[i..].trim_start_matches(' ');
    }
    if !rest.is_empty() || cells.is_empty() {
        cells.push(rest);
    }
    cells
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
    fn table_html_splits_padded_columns_and_escapes() {
        // Hand derivation: `Table` pads columns with at least two spaces.
        let html = table_html("n    value\n1    <1|*>\n10   ^*");
        assert_eq!(
            html,
            "<table class=\"cgs-table\">\n<tr><td>n</td><td>value</td></tr>\n\
             <tr><td>1</td><td>&lt;1|*&gt;</td></tr>\n<tr><td>10</td><td>^*</td></tr>\n</table>"
        );
    }
}

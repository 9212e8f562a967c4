//! Display bundles: `text/plain` always (the REPL's printed form), `image/svg+xml` for thermographs
//! (the same SVG as `Thermograph.Plot("file.svg")`), `text/html` for `Table(...)` values.

use crate::interp::builtins::TableValue;
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
        Value::Object(o) => {
            if let Some(t) = crate::interp::object::downcast_ref::<TableValue>(&**o) {
                data.insert("text/html".into(), json!(table_html(&t.cells)));
            }
        }
        _ => {}
    }
    Json::Object(data)
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

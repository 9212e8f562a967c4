//! CGSuite's plots: `List.ScatterPlot` and `Table.IntensityPlot`. In the terminal a plot is CGSuite's own
//! text form (`<4 x 4 ScatterPlot>`, `<2 x 2 IntensityPlot>`: its size in rows and columns); given a file name
//! it is written as SVG under the file-output policy (LANGUAGE.md §10, "Help and file output").

use super::{integer, string, Member, Site};
use crate::interp::error::{Arity, ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::native::Param;
use crate::interp::object::downcast_ref;
use crate::interp::value::{Shown, Value};
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};

/// `Plot("file.svg")` for pictures (thermographs, game trees): writes `svg` through the output policy
/// ([`crate::interp::output`]) and prints the file written.
pub fn plot_to_file(
    m: &mut crate::interp::eval::Machine,
    s: &Site,
    args: &[Value],
    svg: &str,
) -> Result<Value, EvalError> {
    let path = string(s, args, 0)?;
    match crate::interp::output::write_file(path, svg) {
        Ok(written) => {
            m.write_line(&format!("Wrote {written}."), s.span)?;
            Ok(Value::Nothing)
        }
        Err(message) => Err(s.arg_err(0, ErrorKind::Output { message })),
    }
}

/// `list.ScatterPlot()`, `list.ScatterPlot("file.svg")`: the points (value, position) of a list of integers,
/// as CGSuite plots them (rows are values, columns positions, both ranges stretched to include 0 and a ninth
/// below it).
pub const SCATTER_PLOT: Member = Member {
    name: "ScatterPlot",
    params: &[],
    arity: Arity::Range(0, 1),
    f: |m, s, this, args| {
        let Value::List(l) = this else { return Err(s.bug()) };
        let mut points = Vec::with_capacity(l.len());
        for (i, v) in l.iter().enumerate() {
            let n = match v {
                Value::Integer(n) => n.to_i64().ok_or_else(|| s.err(ErrorKind::Overflow))?,
                _ => {
                    let message =
                        "Invalid `ScatterPlot`: That list contains an element that is not an `Integer`.".to_string();
                    return Err(s.err(ErrorKind::InvalidArgument { message }));
                }
            };
            points.push((n, i as i64 + 1));
        }
        let range = |xs: &mut dyn Iterator<Item = i64>| {
            let xs: Vec<i64> = xs.collect();
            let max = xs.iter().copied().max().unwrap_or(0).max(0);
            let min = xs.iter().copied().min().unwrap_or(0).min(0).min(-max / 9);
            (min, max)
        };
        let (min_row, max_row) = range(&mut points.iter().map(|p| p.0));
        let (min_col, max_col) = range(&mut points.iter().map(|p| p.1));
        let (rows, cols) = (max_row - min_row + 1, max_col - min_col + 1);
        if args.is_empty() {
            return Ok(Shown::value("ScatterPlot", format!("<{rows} x {cols} ScatterPlot>")));
        }
        let (w, h) = (1024.0, 640.0);
        let (xs, ys) = (w / cols as f64, h / rows as f64);
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n\
             <rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n"
        );
        let (x0, y0) = ((-min_col) as f64 * xs, (max_row as f64 + 0.5) * ys);
        svg.push_str(&format!(
            "<line x1=\"0\" y1=\"{y0:.1}\" x2=\"{w}\" y2=\"{y0:.1}\" stroke=\"gray\"/>\n\
             <line x1=\"{x0:.1}\" y1=\"0\" x2=\"{x0:.1}\" y2=\"{h}\" stroke=\"gray\"/>\n"
        ));
        for (r, c) in &points {
            let (x, y) = (((c - min_col) as f64 + 0.5) * xs, ((max_row - r) as f64 + 0.5) * ys);
            svg.push_str(&format!("<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"3\" fill=\"black\"/>\n"));
        }
        svg.push_str("</svg>\n");
        plot_to_file(m, s, args, &svg)
    },
    doc: super::Doc {
        args: "(file)",
        text: "CGSuite's scatter plot of a list of integers (value against position): its size as text, or with a \
               file name an SVG written there.",
        example: "[1, 2, 3].ScatterPlot",
    },
};

fn intensity(m: &mut Machine, s: &Site, this: &Value, args: &[Value]) -> Result<Value, EvalError> {
    let Value::Object(o) = this else { return Err(s.bug()) };
    let t = downcast_ref::<TableValue>(&**o).ok_or_else(|| s.bug())?;
    // Arguments: CGSuite's pixel scale (an integer, default 8), then optionally a file name.
    let (scale, file) = match args {
        [] => (8, None),
        [Value::String(_)] => (8, Some(0)),
        [_] => (integer(s, args, 0)?.to_i64().unwrap_or(8), None),
        [_, _] => (integer(s, args, 0)?.to_i64().unwrap_or(8), Some(1)),
        _ => return Err(s.bug()),
    };
    if !(1..=64).contains(&scale) {
        return Err(
            s.arg_err(0, ErrorKind::InvalidArgument { message: "The pixel scale must be from 1 to 64.".into() })
        );
    }
    let mut grid: Vec<Vec<BigRational>> = Vec::new();
    for row in &t.values {
        let mut r = Vec::new();
        for v in row {
            match v.as_rational() {
                Some(q) => r.push(q),
                None => {
                    let message = format!("Invalid `IntensityPlot`: `{}` is not a `Rational`.", v.display(m.games));
                    return Err(s.err(ErrorKind::InvalidArgument { message }));
                }
            }
        }
        grid.push(r);
    }
    let rows = grid.len();
    let cols = grid.iter().map(Vec::len).max().unwrap_or(0);
    let Some(file) = file else {
        return Ok(Shown::value("IntensityPlot", format!("<{rows} x {cols} IntensityPlot>")));
    };
    let all: Vec<&BigRational> = grid.iter().flatten().collect();
    let min = all.iter().min().map(|q| (*q).clone()).unwrap_or_else(BigRational::zero);
    let max = all.iter().max().map(|q| (*q).clone()).unwrap_or_else(BigRational::zero);
    let span = (&max - &min).to_f64().unwrap_or(0.0);
    let (w, h) = (cols as i64 * scale, rows as i64 * scale);
    let mut svg = format!("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\">\n");
    for (i, row) in grid.iter().enumerate() {
        for (j, q) in row.iter().enumerate() {
            // As CGSuite: grey level (value - min) / (max - min), black for the least value.
            let level = if span > 0.0 { ((q - &min).to_f64().unwrap_or(0.0) / span).clamp(0.0, 1.0) } else { 0.0 };
            let g = (level * 255.0).round() as u8;
            svg.push_str(&format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{scale}\" height=\"{scale}\" fill=\"rgb({g},{g},{g})\"/>\n",
                j as i64 * scale,
                i as i64 * scale
            ));
        }
    }
    svg.push_str("</svg>\n");
    plot_to_file(m, s, &args[file..], &svg)
}

/// Members of `Table`.
pub static TABLE: &[Member] = crate::member_table![Member {
    name: "IntensityPlot",
    params: &[&[Param::optional("pixelScale", "Integer")]],
    arity: Arity::Range(0, 2),
    f: intensity,
    doc: super::Doc {
        args: "",
        text: "CGSuite's intensity plot of a table of numbers (grey levels from the least value, black, to the \
               greatest, white): its size as text, or with a file name an SVG written there (`scale` pixels a cell).",
        example: "Table([1, 2], [3, 4]).IntensityPlot",
    },
}];

/// A `Table` value: its cells as printed, row by row (the Jupyter kernel shows them as an HTML table).
#[derive(Debug)]
pub struct TableValue {
    /// The printed cells of each row.
    pub cells: Vec<Vec<String>>,
    /// The values of the cells (for `IntensityPlot`).
    pub values: Vec<Vec<Value>>,
}

impl crate::interp::object::Object for TableValue {
    fn trace(&self, t: &mut crate::interp::gc::Tracer) -> bool {
        self.values.iter().all(|row| t.values(row))
    }
    fn type_name(&self) -> &'static str {
        "Table"
    }
    fn members(&self) -> &'static [Member] {
        TABLE
    }
    fn display(&self, _: &mut crate::game::Games) -> String {
        let columns = self.cells.iter().map(Vec::len).max().unwrap_or(0);
        let widths: Vec<usize> = (0..columns)
            .map(|c| self.cells.iter().filter_map(|r| r.get(c)).map(|s| s.chars().count()).max().unwrap_or(0))
            .collect();
        let rule = widths.iter().map(|w| "-".repeat(*w)).collect::<Vec<_>>().join("-+-");
        let lines: Vec<String> = self
            .cells
            .iter()
            .map(|row| {
                let padded: Vec<String> =
                    row.iter().enumerate().map(|(c, s)| format!("{s:>width$}", width = widths[c])).collect();
                padded.join(" | ")
            })
            .collect();
        lines.join(&format!("\n{rule}\n"))
    }
}

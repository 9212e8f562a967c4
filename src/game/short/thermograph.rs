//! A thermograph (its two walls, what they tell, and how it is drawn) and the memo tables of thermography, a
//! leaf: the arena keeps a [`ThermoCache`] and `thermo.rs` computes thermographs with it.

use std::collections::HashMap;
use std::fmt;

use crate::game::short::trajectory::{Trajectory, Q};
use crate::game::{Dyadic, GameId};

/// A thermograph: a left and a right wall, piecewise linear in the temperature.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Thermograph {
    pub(super) left: Trajectory,
    pub(super) right: Trajectory,
}

/// Memo tables for thermography and atomic weights, keyed by game id.
///
#[derive(Default, Debug, Clone)]
pub struct ThermoCache {
    pub(super) thermographs: HashMap<GameId, Thermograph>,
    pub(super) naive_atomic_weights: HashMap<GameId, GameId>,
    pub(super) far_stars: HashMap<GameId, u64>,
}

impl ThermoCache {
    /// An empty cache.
    pub fn new() -> ThermoCache {
        ThermoCache::default()
    }
    /// Forgets everything.
    pub fn clear(&mut self) {
        *self = ThermoCache::default();
    }
}

pub(super) fn dy(x: Q) -> Dyadic {
    x.to_dyadic().unwrap_or_else(|| panic!("thermography produced a non-dyadic or out-of-range value {x}"))
}

impl Thermograph {
    /// A thermograph from its walls.
    pub fn new(left: Trajectory, right: Trajectory) -> Thermograph {
        Thermograph { left, right }
    }
    /// The vertical mast at `v`.
    pub fn mast_at(v: Q) -> Thermograph {
        let t = Trajectory::constant(v);
        Thermograph { left: t.clone(), right: t }
    }
    /// `T.Wall(player)`: the left wall for `left == true`, else the right wall.
    pub fn wall(&self, left: bool) -> &Trajectory {
        if left {
            &self.left
        } else {
            &self.right
        }
    }
    /// The left wall.
    pub fn left_wall(&self) -> &Trajectory {
        &self.left
    }
    /// The right wall.
    pub fn right_wall(&self) -> &Trajectory {
        &self.right
    }
    /// The largest critical temperature of either wall, or -1 for a plain vertical mast.
    pub fn temperature_q(&self) -> Q {
        self.left.top_critical_point().max(self.right.top_critical_point())
    }
    /// The value of the mast (the left wall at the temperature).
    pub fn mast_q(&self) -> Q {
        self.left.value_at(self.temperature_q())
    }
    /// The temperature, as a dyadic.
    pub fn temperature(&self) -> Dyadic {
        dy(self.temperature_q())
    }
    /// The mast value, as a dyadic.
    pub fn mast(&self) -> Dyadic {
        dy(self.mast_q())
    }
    /// The value of the left (`left == true`) or right wall at temperature `t >= -1`.
    pub fn value_at(&self, left: bool, t: Dyadic) -> Dyadic {
        dy(self.wall(left).value_at(Q::from_dyadic(t)))
    }

    /// The temperatures and values that frame a drawing: (t_top, v_min, v_max).
    fn frame(&self) -> (Q, Q, Q) {
        let temp = self.temperature_q();
        let t_top = temp.max(Q::zero()) + Q::int(1);
        let mut ts: Vec<Q> = vec![Q::int(-1), t_top];
        ts.extend(self.left.critical_points().iter().copied());
        ts.extend(self.right.critical_points().iter().copied());
        let mut vmin = self.left.value_at(Q::int(-1));
        let mut vmax = vmin;
        for &t in &ts {
            for w in [&self.left, &self.right] {
                let v = w.value_at(t);
                vmin = vmin.min(v);
                vmax = vmax.max(v);
            }
        }
        (t_top, vmin, vmax)
    }

    /// The points `(value, temperature)` of a wall from -1 up to `t_top`.
    fn wall_points(w: &Trajectory, t_top: Q) -> Vec<(f64, f64)> {
        let mut ts: Vec<Q> = vec![Q::int(-1)];
        ts.extend(w.critical_points().iter().rev().copied().filter(|&c| c < t_top));
        ts.push(t_top);
        ts.into_iter().map(|t| (w.value_at(t).to_f64(), t.to_f64())).collect()
    }

    /// An SVG drawing: both walls, the mast, and labelled temperature (vertical) and value (horizontal)
    /// axes. As is conventional in CGT the value axis increases to the left.
    pub fn to_svg(&self) -> String {
        use std::fmt::Write;
        let (t_top, vmin, vmax) = self.frame();
        let pad = Q::new(1, 2);
        let (mut vlo, mut vhi) = (vmin - pad, vmax + pad);
        if (vhi - vlo) < Q::int(2) {
            let mid = (vhi + vlo) / Q::int(2);
            vlo = mid - Q::int(1);
            vhi = mid + Q::int(1);
        }
        let (vlo, vhi, tlo, thi) = (vlo.to_f64(), vhi.to_f64(), -1.0f64, t_top.to_f64());
        let margin = 50.0;
        let scale = (400.0 / (vhi - vlo)).min(320.0 / (thi - tlo)).min(120.0);
        let width = (vhi - vlo) * scale + 2.0 * margin;
        let height = (thi - tlo) * scale + 2.0 * margin;
        let x = |v: f64| margin + (vhi - v) * scale;
        let y = |t: f64| margin + (thi - t) * scale;
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.1} {h:.1}" font-family="sans-serif" font-size="12">"#,
            w = width,
            h = height
        );
        let _ = writeln!(s, "<title>{}</title>", self);
        let _ = writeln!(s, r#"<rect x="0" y="0" width="{width:.1}" height="{height:.1}" fill="white"/>"#);
        // Value axis along t = 0, labelled at integer values (or a coarser step when wide).
        let (y0, xl, xr) = (y(0.0), x(vhi), x(vlo));
        let _ = writeln!(
            s,
            r#"<line class="value-axis" x1="{xl:.1}" y1="{y0:.1}" x2="{xr:.1}" y2="{y0:.1}" stroke="gray"/>"#
        );
        let span = vhi - vlo;
        let step =
            [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0].into_iter().find(|st| span / st <= 12.0).unwrap_or(span / 10.0);
        let mut v = (vlo / step).ceil() * step;
        while v <= vhi {
            let xv = x(v);
            let _ = writeln!(
                s,
                r#"<line x1="{xv:.1}" y1="{:.1}" x2="{xv:.1}" y2="{:.1}" stroke="gray"/>"#,
                y0 - 3.0,
                y0 + 3.0
            );
            let _ =
                writeln!(s, r#"<text x="{xv:.1}" y="{:.1}" text-anchor="middle">{}</text>"#, y(tlo) + 18.0, fmt_num(v));
            let _ = writeln!(
                s,
                r##"<line x1="{xv:.1}" y1="{:.1}" x2="{xv:.1}" y2="{:.1}" stroke="#eee"/>"##,
                y(thi),
                y(tlo)
            );
            v += step;
        }
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">value</text>"#,
            (xl + xr) / 2.0,
            y(tlo) + 34.0
        );
        // Temperature axis on the right-hand edge (the low-value side), labelled at -1, 0, the critical
        // temperatures and the top.
        let xa = xr;
        let _ = writeln!(
            s,
            r#"<line class="temperature-axis" x1="{xa:.1}" y1="{:.1}" x2="{xa:.1}" y2="{:.1}" stroke="gray"/>"#,
            y(tlo),
            y(thi)
        );
        let mut labels: Vec<Q> = vec![Q::int(-1), Q::zero()];
        labels.extend(self.left.critical_points().iter().copied());
        labels.extend(self.right.critical_points().iter().copied());
        labels.sort();
        labels.dedup();
        for t in labels {
            let yt = y(t.to_f64());
            let _ = writeln!(
                s,
                r#"<line x1="{:.1}" y1="{yt:.1}" x2="{:.1}" y2="{yt:.1}" stroke="gray"/>"#,
                xa - 3.0,
                xa + 3.0
            );
            let _ = writeln!(s, r#"<text x="{:.1}" y="{:.1}">{}</text>"#, xa + 6.0, yt + 4.0, t);
        }
        let _ = writeln!(s, r#"<text x="{:.1}" y="{:.1}">t</text>"#, xa + 6.0, y(thi) - 6.0);
        // The walls.
        for (class, w) in [("left-wall", &self.left), ("right-wall", &self.right)] {
            let pts: Vec<String> = Thermograph::wall_points(w, t_top)
                .into_iter()
                .map(|(v, t)| format!("{:.2},{:.2}", x(v), y(t)))
                .collect();
            let _ = writeln!(
                s,
                r#"<polyline class="{class}" points="{}" fill="none" stroke="black" stroke-width="2"/>"#,
                pts.join(" ")
            );
        }
        // The mast, from the temperature upwards, and its labels.
        let (m, temp) = (self.mast_q(), self.temperature_q());
        let (xm, ym) = (x(m.to_f64()), y(temp.to_f64()));
        let _ = writeln!(
            s,
            r#"<line class="mast" x1="{xm:.1}" y1="{ym:.1}" x2="{xm:.1}" y2="{:.1}" stroke="black" stroke-width="3"/>"#,
            y(thi)
        );
        let _ = writeln!(s, r#"<text x="{xm:.1}" y="{:.1}" text-anchor="middle">mast {m}</text>"#, y(thi) - 8.0);
        let _ = writeln!(s, r#"<circle cx="{xm:.1}" cy="{ym:.1}" r="3" fill="black"/>"#);
        let _ = writeln!(s, r#"<text x="{:.1}" y="{:.1}">temperature {temp}</text>"#, xm + 6.0, ym - 6.0);
        s.push_str("</svg>\n");
        s
    }

    /// A small terminal sketch: one row per temperature step (top row hottest), values increasing to the
    /// left; `/`, `\` and `|` draw the walls, `-` marks temperature 0.
    pub fn to_ascii(&self) -> String {
        let (t_top, vmin, vmax) = self.frame();
        let (vlo, vhi) = ((vmin - Q::int(1)).to_f64(), (vmax + Q::int(1)).to_f64());
        let (tlo, thi) = (-1.0f64, t_top.to_f64());
        let cols = 41usize;
        let rows = (((thi - tlo) * 4.0).round() as usize).clamp(8, 24);
        let col = |v: f64| -> usize {
            (((vhi - v) / (vhi - vlo)) * (cols - 1) as f64).round().clamp(0.0, (cols - 1) as f64) as usize
        };
        let zero_row = (((thi - 0.0) / (thi - tlo)) * rows as f64).round() as usize;
        let mut out = String::new();
        for r in 0..=rows {
            let tf = thi - (thi - tlo) * r as f64 / rows as f64;
            let mut line = vec![if r == zero_row { '-' } else { ' ' }; cols];
            let t = approx_q(tf);
            for w in [&self.left, &self.right] {
                let v = w.value_at(t).to_f64();
                let slope = w.line_above(t).slope;
                let c = if slope < Q::zero() {
                    '/'
                } else if slope > Q::zero() {
                    '\\'
                } else {
                    '|'
                };
                line[col(v)] = c;
            }
            out.push_str(&format!("{:>6} ", fmt_num(tf)));
            out.extend(line);
            out.push('\n');
        }
        let left_label = fmt_num(vhi);
        let right_label = fmt_num(vlo);
        let gap = (cols + 1).saturating_sub(left_label.len() + right_label.len()).max(1);
        out.push_str(&format!("{:>6}{}{}{}\n", "", left_label, " ".repeat(gap), right_label));
        out
    }
}

/// A short decimal for labels.
fn fmt_num(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{}", x.round() as i64)
    } else {
        let s = format!("{x:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// The dyadic with denominator 1024 nearest `x` (for sampling walls in sketches).
fn approx_q(x: f64) -> Q {
    Q::new((x * 1024.0).round() as i128, 1024)
}

impl fmt::Display for Thermograph {
    /// `Thermograph(mast,[temps],[slopes],mast,[temps],[slopes])`, the left wall first, as CGSuite prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Thermograph(")?;
        self.left.fmt_parts(f)?;
        write!(f, ",")?;
        self.right.fmt_parts(f)?;
        write!(f, ")")
    }
}

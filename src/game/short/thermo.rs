//! Thermography: stops, mean, temperature, thermographs, cooling, heating, overheating, freezing, incentives.
//!
//! Thermographs follow CGSuite's model (subzero thermography on `[-1, ∞)`): an integer's thermograph is a
//! vertical mast; any other game's walls come from the thermographic intersection of its left scaffold
//! (the maximum of the right walls of its Left options, tilted by `-t`) and its right scaffold (the minimum
//! of the left walls of its Right options, tilted by `+t`).

use std::collections::HashMap;
use std::fmt;

use crate::game::short::trajectory::{Trajectory, Q};
use crate::game::{Dyadic, GameError, GameId, Games};

/// A thermograph: a left and a right wall, piecewise linear in the temperature.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Thermograph {
    left: Trajectory,
    right: Trajectory,
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

fn dy(x: Q) -> Dyadic {
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

impl Games {
    pub(super) fn thermograph_with(&mut self, g: GameId, cache: &mut ThermoCache) -> Thermograph {
        if let Some(t) = cache.thermographs.get(&g) {
            return t.clone();
        }
        crate::game::budget::check_stack();
        // x + *n for n >= 3: the left wall of x + *n is the tilted maximum M_n of the right walls of x + *j
        // (j < n), and the thermograph is a function f(M_n); M_{n+1} = max(M_n, f(M_n).right). When
        // T(x + *2) = T(x + *1), M_3 = max(M_2, T(x + *2).right) = M_2 (as T(x + *1).right is already in M_2),
        // so M_n = M_2 and T(x + *n) = T(x + *) for every n >= 1 (the same for the right wall). That takes
        // two small thermographs instead of a walk over n options.
        if let Some(v) = self.nus(g) {
            if v.ups == 0 && v.nim >= 3 {
                let one = self.make_nus(super::store::Nus { num: v.num, ups: 0, nim: crate::game::number::Nim::ONE });
                let two =
                    self.make_nus(super::store::Nus { num: v.num, ups: 0, nim: crate::game::number::Nim::from(2) });
                let t1 = self.thermograph_with(one, cache);
                let t2 = self.thermograph_with(two, cache);
                if t1 == t2 {
                    cache.thermographs.insert(g, t1.clone());
                    return t1;
                }
            }
        }
        let result = if self.is_integer(g) {
            let v = self.number_value(g).expect("an integer has a number value");
            Thermograph::mast_at(Q::from_dyadic(v))
        } else {
            let lo = self.left_options(g);
            let ro = self.right_options(g);
            let mut ls: Option<Trajectory> = None;
            for x in lo {
                let w = self.thermograph_with(x, cache).right;
                ls = Some(match ls {
                    None => w,
                    Some(a) => a.max(&w),
                });
            }
            let mut rs: Option<Trajectory> = None;
            for x in ro {
                let w = self.thermograph_with(x, cache).left;
                rs = Some(match rs {
                    None => w,
                    Some(a) => a.min(&w),
                });
            }
            match (ls, rs) {
                (Some(ls), Some(rs)) => {
                    let (l, r) = ls.tilt(Q::int(-1)).thermographic_intersection(&rs.tilt(Q::int(1)));
                    Thermograph::new(l, r)
                }
                // A canonical non-integer has options on both sides; be total anyway (CGSuite's infinite
                // scaffolds reduce to a mast at the stop in these cases).
                (Some(ls), None) => {
                    let v = ls.value_at(Q::int(-1)) + Q::int(1);
                    Thermograph::mast_at(v)
                }
                (None, Some(rs)) => {
                    let v = rs.value_at(Q::int(-1)) - Q::int(1);
                    Thermograph::mast_at(v)
                }
                (None, None) => Thermograph::mast_at(Q::zero()),
            }
        };
        cache.thermographs.insert(g, result.clone());
        result
    }

    pub(super) fn mean_with(&mut self, g: GameId, cache: &mut ThermoCache) -> Q {
        match self.number_up_star_nim(g) {
            Some((x, _, _)) => Q::from_dyadic(x),
            None => self.thermograph_with(g, cache).mast_q(),
        }
    }

    pub(super) fn temperature_with(&mut self, g: GameId, cache: &mut ThermoCache) -> Q {
        match self.number_up_star_nim(g) {
            // A number m/2^k has temperature -1/2^k; a number plus a nonzero infinitesimal has 0.
            Some((x, 0, n)) if n.is_zero() => -Q::from_dyadic(Dyadic::unit(x)),
            Some(_) => Q::zero(),
            None => self.thermograph_with(g, cache).temperature_q(),
        }
    }

    /// Runs `f` with the arena's thermography cache (taken out for the call and put back, so that `f` may
    /// use the arena mutably while it fills the cache).
    pub(super) fn with_thermo_cache<T>(&mut self, f: impl FnOnce(&mut Games, &mut ThermoCache) -> T) -> T {
        let mut cache = std::mem::take(&mut self.thermo);
        let result = f(self, &mut cache);
        self.thermo = cache;
        result
    }

    /// `G.Mean`: the mast value of the thermograph (the number part for number + ups + star).
    pub fn mean(&mut self, g: GameId) -> Dyadic {
        dy(self.with_thermo_cache(|gs, cache| gs.mean_with(g, cache)))
    }

    /// `G.Temperature`: -1/2^k for a number m/2^k (so -1 for integers), 0 for a number plus a nonzero
    /// infinitesimal, otherwise the thermograph's largest critical temperature.
    pub fn temperature(&mut self, g: GameId) -> Dyadic {
        dy(self.with_thermo_cache(|gs, cache| gs.temperature_with(g, cache)))
    }

    /// `G.Thermograph`.
    pub fn thermograph(&mut self, g: GameId) -> Thermograph {
        self.with_thermo_cache(|gs, cache| gs.thermograph_with(g, cache))
    }

    /// `G.Cool(t)`: G cooled by t, for t > -1.
    pub fn cool(&mut self, g: GameId, t: Dyadic) -> Result<GameId, GameError> {
        let tq = Q::from_dyadic(t);
        if tq <= Q::int(-1) {
            return Err(GameError::InvalidCoolingTemperature(t));
        }
        let tg = self.number(t);
        let mut memo = HashMap::new();
        Ok(self.with_thermo_cache(|gs, cache| gs.cool_with(g, tq, tg, cache, &mut memo)))
    }

    fn cool_with(
        &mut self,
        g: GameId,
        t: Q,
        tg: GameId,
        cache: &mut ThermoCache,
        memo: &mut HashMap<GameId, GameId>,
    ) -> GameId {
        // Integers are fixed points; other numbers cool like any game (CGSuite: (1/4).Cool(-1/4) = 1/4*).
        if self.is_integer(g) {
            return g;
        }
        if let Some(&r) = memo.get(&g) {
            return r;
        }
        let r = if self.temperature_with(g, cache) < t {
            let m = self.mean_with(g, cache);
            self.number(dy(m))
        } else {
            let mut lo = Vec::new();
            for x in self.left_options(g) {
                let c = self.cool_with(x, t, tg, cache, memo);
                lo.push(self.sub(c, tg));
            }
            let mut ro = Vec::new();
            for x in self.right_options(g) {
                let c = self.cool_with(x, t, tg, cache, memo);
                ro.push(self.add(c, tg));
            }
            self.new_game(&lo, &ro)
        };
        memo.insert(g, r);
        r
    }

    /// `G.Heat(t)`: numbers are fixed; otherwise `<GL.Heat(t) + t | GR.Heat(t) - t>`.
    pub fn heat(&mut self, g: GameId, t: GameId) -> GameId {
        let mut memo = HashMap::new();
        self.heat_with(g, t, &mut memo)
    }

    pub(super) fn heat_with(&mut self, g: GameId, t: GameId, memo: &mut HashMap<GameId, GameId>) -> GameId {
        if self.is_number(g) {
            return g;
        }
        if let Some(r) = self.heated_closed_form(g, t, false) {
            return r;
        }
        if let Some(&r) = memo.get(&g) {
            return r;
        }
        let mut lo = Vec::new();
        for x in self.left_options(g) {
            let h = self.heat_with(x, t, memo);
            lo.push(self.add(h, t));
        }
        let mut ro = Vec::new();
        for x in self.right_options(g) {
            let h = self.heat_with(x, t, memo);
            ro.push(self.sub(h, t));
        }
        let r = self.new_game(&lo, &ro);
        memo.insert(g, r);
        r
    }

    /// The heat (or overheat) of `x + *k` (k >= 2) by a number `t > 0` in closed form, `x + ∫^t *k` with its
    /// options listed lazily (see `store/heated.rs`). Overheating `*k` agrees with heating it, as its only
    /// number follower 0 overheats to `0·s = 0`; `x + *k` with `x != 0` is left to the general rule there.
    fn heated_closed_form(&mut self, g: GameId, t: GameId, overheat: bool) -> Option<GameId> {
        let v = self.nus(g)?;
        let k = v.nim.to_u64()?;
        if v.ups != 0 || k < 2 || (overheat && !v.num.is_zero()) {
            return None;
        }
        let t = self.number_value(t).filter(|t| t.signum() > 0)?;
        Some(self.heated_nimber(k, t, v.num))
    }

    /// `G.Overheat(s, t)`: an integer n becomes n copies of s; otherwise
    /// `<GL.Overheat(s,t) + t | GR.Overheat(s,t) - t>`.
    pub fn overheat(&mut self, g: GameId, s: GameId, t: GameId) -> GameId {
        let mut memo = HashMap::new();
        self.overheat_with(g, s, t, &mut memo)
    }

    fn overheat_with(&mut self, g: GameId, s: GameId, t: GameId, memo: &mut HashMap<GameId, GameId>) -> GameId {
        if self.is_integer(g) {
            let n = self.number_value(g).expect("an integer has a number value");
            return self.mul_integer(n, s);
        }
        if let Some(r) = self.heated_closed_form(g, t, true) {
            return r;
        }
        if let Some(&r) = memo.get(&g) {
            return r;
        }
        let mut lo = Vec::new();
        for x in self.left_options(g) {
            let h = self.overheat_with(x, s, t, memo);
            lo.push(self.add(h, t));
        }
        let mut ro = Vec::new();
        for x in self.right_options(g) {
            let h = self.overheat_with(x, s, t, memo);
            ro.push(self.sub(h, t));
        }
        let r = self.new_game(&lo, &ro);
        memo.insert(g, r);
        r
    }

    /// `G.Freeze`: G cooled by its own temperature (numbers are returned unchanged).
    pub fn freeze(&mut self, g: GameId) -> GameId {
        // A number is frozen; x + n·↑ + *m has temperature 0 (or is a number), and cooling by 0 leaves it.
        if self.is_number_up_star(g) {
            return g;
        }
        let t = self.temperature(g);
        self.cool(g, t).unwrap_or(g)
    }

    /// The undominated (maximal) incentives among `GL - G` (when `left`) and `G - GR` (when `right`), as
    /// CGSuite computes them; duplicates removed, in CGSuite's deterministic order.
    fn incentives_of(&mut self, g: GameId, left: bool, right: bool) -> Vec<GameId> {
        let mut all = Vec::new();
        if left {
            for x in self.left_options(g) {
                all.push(self.sub(x, g));
            }
        }
        if right {
            for x in self.right_options(g) {
                all.push(self.sub(g, x));
            }
        }
        all.sort();
        all.dedup();
        let mut keep = Vec::with_capacity(all.len());
        for (i, &a) in all.iter().enumerate() {
            let mut dominated = false;
            for (j, &b) in all.iter().enumerate() {
                if i != j && self.leq(a, b) {
                    dominated = true;
                    break;
                }
            }
            if !dominated {
                keep.push(a);
            }
        }
        self.sort_deterministic(&mut keep);
        keep
    }

    /// `G.LeftIncentives`: the undominated `GL - G`.
    pub fn left_incentives(&mut self, g: GameId) -> Vec<GameId> {
        self.incentives_of(g, true, false)
    }
    /// `G.RightIncentives`: the undominated `G - GR`.
    pub fn right_incentives(&mut self, g: GameId) -> Vec<GameId> {
        self.incentives_of(g, false, true)
    }
    /// `G.Incentives`: the undominated members of the union of the left and right incentives.
    pub fn incentives(&mut self, g: GameId) -> Vec<GameId> {
        self.incentives_of(g, true, true)
    }
}

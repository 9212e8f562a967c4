//! Thermography: stops, mean, temperature, thermographs, cooling, heating, overheating, freezing, incentives.
//!
//! Thermographs follow CGSuite's model (subzero thermography on `[-1, ∞)`): an integer's thermograph is a
//! vertical mast; any other game's walls come from the thermographic intersection of its left scaffold
//! (the maximum of the right walls of its Left options, tilted by `-t`) and its right scaffold (the minimum
//! of the left walls of its Right options, tilted by `+t`).

use std::collections::HashMap;

use crate::game::short::thermograph::{dy, ThermoCache, Thermograph};
use crate::game::short::trajectory::{Trajectory, Q};
use crate::game::{Dyadic, GameError, GameId, Games};

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

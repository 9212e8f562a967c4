//! Printing canonical games exactly as CGSuite does, with `<>` for game braces.
//!
//! The rules, in the order they are tried (CGSuite's `Uptimal.appendTo` and `CanonicalShortGame.appendTo`):
//! 1. An uptimal whose expansion has at most one coefficient, or is a unit `↑ⁿ`, or a unit sum `↑^[n]`,
//!    prints compactly: number, ups (`^ ^^ ^3 v vv v3`, `^<n>`, `^[n]`), star (`* *4`) run together.
//! 2. A switch (`G == -G`) prints `+-` and its Left options (several ones inside `{…}`).
//! 3. `x + Tiny(G)` / `x + Miny(G)` print `xTiny(G)` / `xMiny(G)`.
//! 4. Otherwise `L|R` with as many bars as needed to disambiguate nesting; a side with several options
//!    prints each option bracketed; the whole game is bracketed `<…>` when asked (top level, several
//!    options, switch option) or when it reaches 4 bars.
//!
//! Options print in CGSuite's deterministic order: numbers (by value) < nimbers < other uptimals (by
//! expansion) < general games (by their sorted options, lexicographically).

use crate::game::number::big::dyadic_to_big;
use crate::game::print_limit;
use crate::game::short::print_parts::{append_uptimal, push, PrintShape, MAX_SLASHES};
use crate::game::short::print_shared::Shared;
use crate::game::{GameId, Games};
use num_rational::BigRational;
use num_traits::Zero;
use std::cmp::Ordering;
use std::fmt::Write;
use std::sync::Arc;

impl Games {
    /// The printed form of `g` (LANGUAGE.md §8).
    pub fn display(&mut self, g: GameId) -> String {
        let mut s = String::new();
        self.append(g, &mut s, true, false, None, None);
        s
    }

    /// The printed form of `x + g` for a number `x` of any size (see `bignum.rs`): `g`'s form with `x`
    /// added to every number in it (number translation keeps the canonical form of a non-number `g`).
    pub fn display_shifted(&mut self, g: GameId, x: &BigRational) -> String {
        let mut s = String::new();
        let shift = (!x.is_zero()).then_some(x);
        self.append(g, &mut s, true, false, shift, None);
        s
    }

    /// The printed form of `g` as an option inside a larger literal (used by the loopy printer): the text and
    /// the number of bars it used without brackets (0 when bracketed).
    pub fn display_nested(&mut self, g: GameId, force_brackets: bool, force_parens: bool) -> (String, usize) {
        let mut s = String::new();
        let n = self.append(g, &mut s, force_brackets, force_parens, None, None);
        (s, n)
    }

    /// Sorts games in CGSuite's deterministic order (the order in which options and sets print).
    pub fn sort_deterministic(&mut self, v: &mut [GameId]) {
        // Merge sort needs a total order; `cmp_deterministic` is one.
        let mut items = v.to_vec();
        self.sort_by_det(&mut items);
        v.copy_from_slice(&items);
    }

    fn sort_by_det(&mut self, v: &mut [GameId]) {
        // Insertion sort for short lists, otherwise a simple merge sort (the comparison needs `&mut self`).
        if v.len() <= 16 {
            for i in 1..v.len() {
                let mut j = i;
                while j > 0 && self.cmp_deterministic(v[j - 1], v[j]) == Ordering::Greater {
                    v.swap(j - 1, j);
                    j -= 1;
                }
            }
            return;
        }
        let mid = v.len() / 2;
        self.sort_by_det(&mut v[..mid]);
        self.sort_by_det(&mut v[mid..]);
        let (a, b) = (v[..mid].to_vec(), v[mid..].to_vec());
        let (mut i, mut j, mut k) = (0, 0, 0);
        while i < a.len() && j < b.len() {
            if self.cmp_deterministic(a[i], b[j]) != Ordering::Greater {
                v[k] = a[i];
                i += 1;
            } else {
                v[k] = b[j];
                j += 1;
            }
            k += 1;
        }
        for &x in a[i..].iter().chain(&b[j..]) {
            v[k] = x;
            k += 1;
        }
    }

    /// CGSuite's deterministic total order on games (used for printing options and sets).
    pub fn cmp_deterministic(&mut self, g: GameId, h: GameId) -> Ordering {
        if g == h {
            return Ordering::Equal;
        }
        let (cg, ch) = (self.print_class(g), self.print_class(h));
        if cg != ch {
            return cg.cmp(&ch);
        }
        match cg {
            0 => self.number_value(g).cmp(&self.number_value(h)),
            1 => self.nim_value(g).cmp(&self.nim_value(h)),
            2 => {
                let (a, b) = (self.uptimal_of(g), self.uptimal_of(h));
                match (a, b) {
                    (Some(a), Some(b)) => a.compare(&b),
                    _ => Ordering::Equal,
                }
            }
            _ => {
                let (gl, gr) = self.sorted_options(g);
                let (hl, hr) = self.sorted_options(h);
                let c = self.cmp_lists(&gl, &hl);
                if c != Ordering::Equal {
                    return c;
                }
                self.cmp_lists(&gr, &hr)
            }
        }
    }

    /// The (left, right) options of `g` in deterministic order (cached).
    pub fn sorted_options(&mut self, g: GameId) -> (Arc<[GameId]>, Arc<[GameId]>) {
        if let Some(s) = self.sorted_cache.get(&g) {
            return s.clone();
        }
        let (l, r) = match self.heated_sorted_options(g) {
            Some(lr) => lr,
            None => {
                let mut l = self.left_options(g);
                let mut r = self.right_options(g);
                self.sort_by_det(&mut l);
                self.sort_by_det(&mut r);
                (l, r)
            }
        };
        let s: (Arc<[GameId]>, Arc<[GameId]>) = (l.into(), r.into());
        crate::game::budget::check_growth(&self.sorted_cache);
        self.sorted_cache.insert(g, s.clone());
        s
    }

    fn cmp_lists(&mut self, a: &[GameId], b: &[GameId]) -> Ordering {
        for (&x, &y) in a.iter().zip(b) {
            let c = self.cmp_deterministic(x, y);
            if c != Ordering::Equal {
                return c;
            }
        }
        a.len().cmp(&b.len())
    }

    /// 0 number, 1 nimber, 2 other uptimal, 3 general.
    fn print_class(&mut self, g: GameId) -> u8 {
        if self.is_number(g) {
            0
        } else if self.is_nimber(g) {
            1
        } else if self.is_uptimal(g) {
            2
        } else {
            3
        }
    }

    /// Appends the printed form of `g`; returns the number of bars of an unbracketed general game, else 0.
    ///
    /// `shift` is a number added to `g` (`None` for 0): every number printed in `g`'s form is shifted.
    ///
    /// The text is written in order, each piece charged to the print limit (`game::print_limit`); once the
    /// limit is reached the remaining subgames are skipped, so a huge DAG prints in time proportional to the
    /// part printed. The bars between a game's Left and Right options come from [`Games::bar_count`], which
    /// does not print.
    ///
    /// With `names` (the shared form, `print_shared.rs`), an option that has a name prints as that name.
    pub(super) fn append(
        &mut self,
        g: GameId,
        out: &mut String,
        force_brackets: bool,
        force_parens: bool,
        shift: Option<&BigRational>,
        names: Option<&Shared>,
    ) -> usize {
        if print_limit::exhausted() {
            return 0;
        }
        self.poll_interrupt();
        match self.print_shape(g, shift) {
            PrintShape::Uptimal(ue) => {
                let before = out.len();
                let as_product = ue.nim > 1 && ue.is_empty() || ue.len() == 1 && ue.coef(1) > 2;
                if names.is_some() && as_product && !ue.number.is_zero() {
                    // `1*2` and `2^3` read back as a product and a power: the shared form (which must read back)
                    // writes `(1+*2)` and `(2+^3)`.
                    let mut rest = ue.clone();
                    rest.number = crate::game::Dyadic::ZERO;
                    let _ = write!(out, "({}+", ue.number);
                    append_uptimal(&rest, out, false, None);
                    out.push(')');
                    print_limit::charge(out.len() - before);
                    return 0;
                }
                append_uptimal(&ue, out, force_parens, shift);
                print_limit::charge(out.len() - before);
                0
            }
            PrintShape::Switch => {
                let lo = self.sorted_options(g).0;
                push(out, "+-");
                if lo.len() > 1 {
                    push(out, "{");
                }
                for (i, &o) in lo.iter().enumerate() {
                    if i > 0 {
                        push(out, ",");
                    }
                    self.append_option(o, out, true, lo.len() == 1, shift, names);
                }
                if lo.len() > 1 {
                    push(out, "}");
                }
                0
            }
            PrintShape::Tiny(is_tiny, x, sub) => {
                if force_parens {
                    push(out, "(");
                }
                let x_shifted =
                    self.number_value(x).map(|d| shift.map_or(d.is_zero(), |s| (dyadic_to_big(d) + s).is_zero()));
                if x_shifted != Some(true) {
                    self.append_option(x, out, false, false, shift, names);
                }
                push(out, if is_tiny { "Tiny(" } else { "Miny(" });
                self.append_option(sub, out, true, false, None, names);
                push(out, ")");
                if force_parens {
                    push(out, ")");
                }
                0
            }
            PrintShape::General => {
                let (lo, ro) = self.sorted_options(g);
                let slashes = match names {
                    Some(shared) => self.shared_slashes(g, shared),
                    None => self.slashes(g, shift),
                };
                let bracket = force_brackets || slashes == MAX_SLASHES;
                if bracket {
                    push(out, print_limit::open_game());
                }
                for (i, &o) in lo.iter().enumerate() {
                    if i > 0 {
                        push(out, ",");
                    }
                    self.append_option(o, out, lo.len() > 1, false, shift, names);
                }
                push(out, &"|".repeat(slashes));
                for (i, &o) in ro.iter().enumerate() {
                    if i > 0 {
                        push(out, ",");
                    }
                    self.append_option(o, out, ro.len() > 1, false, shift, names);
                }
                if bracket {
                    push(out, print_limit::close_game());
                    0
                } else {
                    slashes
                }
            }
        }
    }

    /// [`Games::append`] for an option of a game being printed: its name if it has one in `names`.
    fn append_option(
        &mut self,
        g: GameId,
        out: &mut String,
        force_brackets: bool,
        force_parens: bool,
        shift: Option<&BigRational>,
        names: Option<&Shared>,
    ) -> usize {
        if let Some(name) = names.and_then(|n| n.name(g)) {
            if !print_limit::exhausted() {
                push(out, &name);
            }
            return 0;
        }
        self.append(g, out, force_brackets, force_parens, shift, names)
    }

    /// Which printing rule applies to `g` (module notes): compact uptimal, switch, `Tiny`/`Miny`, or options.
    pub(super) fn print_shape(&mut self, g: GameId, shift: Option<&BigRational>) -> PrintShape {
        if let Some(ue) = self.uptimal_of(g) {
            if ue.len() <= 1 || ue.is_unit() || ue.is_unit_sum() {
                return PrintShape::Uptimal(ue);
            }
        }
        if self.is_shifted_switch(g, shift) {
            return PrintShape::Switch;
        }
        if let Some((is_tiny, x, sub)) = self.tiny_parts(g) {
            return PrintShape::Tiny(is_tiny, x, sub);
        }
        PrintShape::General
    }

    /// The number of bars between the options of a general game `g`: one more than the most any of its options
    /// prints unbracketed, at least 1.
    pub(super) fn slashes(&mut self, g: GameId, shift: Option<&BigRational>) -> usize {
        let (lo, ro) = (self.left_options(g), self.right_options(g));
        let mut slashes = 1;
        for side in [&lo, &ro] {
            // An option printed bracketed (one of several) shows no bars of its own.
            if let [o] = side[..] {
                slashes = slashes.max(self.bar_count(o, shift) + 1);
            }
        }
        slashes
    }

    /// The value [`Games::append`] returns for `g` written unbracketed (as the only option on its side),
    /// without printing it: the bars of a general game that shows fewer than [`MAX_SLASHES`], else 0.
    /// Memoised; it follows only sole options, so it rarely looks far below `g`.
    fn bar_count(&mut self, g: GameId, shift: Option<&BigRational>) -> usize {
        if shift.is_none() {
            if let Some(&b) = self.bars_cache.get(&g) {
                return usize::from(b);
            }
        }
        self.poll_interrupt();
        let b = match self.print_shape(g, shift) {
            PrintShape::General => {
                let s = self.slashes(g, shift);
                if s == MAX_SLASHES {
                    0
                } else {
                    s
                }
            }
            _ => 0,
        };
        if shift.is_none() {
            crate::game::budget::check_growth(&self.bars_cache);
            self.bars_cache.insert(g, b as u8);
        }
        b
    }
}

impl Games {
    /// Whether `shift + g` is a switch (`== -(shift + g)`), i.e. `g + g == -2·shift`.
    fn is_shifted_switch(&mut self, g: GameId, shift: Option<&BigRational>) -> bool {
        match shift {
            None => self.neg(g) == g,
            Some(x) => {
                let gg = self.add(g, g);
                let two = BigRational::from_integer(2.into());
                self.number_value(gg).is_some_and(|d| dyadic_to_big(d) == -(x * two))
            }
        }
    }
}

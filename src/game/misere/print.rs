//! CGSuite's plain-text form of a misère canonical game (the rules are in the module notes of `mod.rs`).

use super::types::Shape;
use super::{MisereGames, MisereId};
use std::collections::HashMap;
use std::rc::Rc;

impl MisereGames {
    /// The options in CGSuite's order: canonical order for an even game; for an odd game `E + *`, the even
    /// part's options in their order, each with `*` added unless it comes paired with its `+ *` companion, then
    /// `E` itself last (CGSuite stores only even games and derives an odd game's options so).
    pub fn cgsuite_options(&mut self, g: MisereId) -> Vec<MisereId> {
        let e = self.even_part(g);
        if e == g {
            return self.sorted_options(g);
        }
        let star = self.nim(1);
        let eo = self.sorted_options(e);
        let mut out = Vec::with_capacity(eo.len() + 1);
        let mut i = 0;
        while i < eo.len() {
            let o = eo[i];
            if i + 1 < eo.len() && self.is_even(o) && eo[i + 1] == self.add(o, star) {
                out.push(o);
                out.push(eo[i + 1]);
                i += 2;
            } else {
                out.push(self.add(o, star));
                i += 1;
            }
        }
        out.push(e);
        out
    }

    /// CGSuite's plain-text form of `g`, including the `*[…]` wrapper.
    ///
    /// The text can be exponentially longer than the game's DAG (Kayles(22)'s is 20 MB, Kayles(30)'s would be
    /// about 75 GB): its exact length is counted first over the DAG, and a text that does not fit in the memory
    /// budget stops at once with the budget error. The text of each (game, context) is built once and copied,
    /// so printing costs time linear in the output.
    pub fn display(&mut self, g: MisereId) -> String {
        if crate::game::print_limit::active() {
            return self.display_streamed(g);
        }
        let mut lens = HashMap::new();
        let len = self.text_len(g, false, false, &mut lens).saturating_add(2 + u64::from(self.sets_sub(g, false)));
        // The memo of pieces holds about as much again as the text itself.
        let need = usize::try_from(len.saturating_mul(2)).unwrap_or(usize::MAX);
        if crate::game::budget::would_exceed(need) {
            std::panic::panic_any(crate::game::budget::OutOfBudget);
        }
        let mut out = String::with_capacity(len as usize);
        out.push_str("*[");
        let mut texts = HashMap::new();
        let body = self.text(g, false, false, &mut texts);
        out.push_str(&body);
        if self.sets_sub(g, false) {
            out.push(']');
        }
        out.push(']');
        out
    }

    /// The same text written straight out in order under a print limit (`game::print_limit`): it stops once
    /// the limit is reached, so only the part printed is ever visited or built.
    fn display_streamed(&mut self, g: MisereId) -> String {
        let mut out = String::new();
        push(&mut out, "*[");
        self.stream(g, false, false, &mut out);
        if self.sets_sub(g, false) {
            push(&mut out, "]");
        }
        push(&mut out, "]");
        out
    }

    /// Writes the text of `g` in context (`paren`, `sub`) as [`MisereGames::text`] builds it.
    fn stream(&mut self, g: MisereId, paren: bool, sub: bool, out: &mut String) {
        if crate::game::print_limit::exhausted() {
            return;
        }
        self.poll();
        match self.shape(g) {
            Shape::Nim(b) => {
                push(out, &decimal_digit(b));
                if sub {
                    push(out, "[");
                }
            }
            Shape::Plus(x, i) => {
                self.stream(x, true, true, out);
                push(out, &decimal_digit(i));
            }
            Shape::Minus(x, i) => {
                self.stream(x, true, true, out);
                push(out, "-");
                push(out, &decimal_digit(i));
            }
            Shape::Odd(e) => {
                self.stream(e, true, true, out);
                push(out, "1");
            }
            Shape::Single(o) => {
                self.stream(o, true, sub, out);
                push(out, "#");
            }
            Shape::Options(opts) => {
                if paren {
                    push(out, "(");
                }
                for o in opts {
                    if crate::game::print_limit::exhausted() {
                        break;
                    }
                    self.stream(o, true, false, out);
                    if self.sets_sub(o, false) {
                        push(out, "]");
                    }
                }
                if paren {
                    push(out, ")");
                }
                if sub {
                    push(out, "[");
                }
            }
        }
    }

    /// How `g` prints (cached): a heap, `X` with a subscript, an odd game, a one-option game or options.
    fn shape(&mut self, g: MisereId) -> Shape {
        if let Some(s) = self.shapes.get(&g) {
            return s.clone();
        }
        self.poll();
        let s = self.compute_shape(g);
        self.shapes.insert(g, s.clone());
        s
    }

    fn compute_shape(&mut self, g: MisereId) -> Shape {
        let b = self.birthday(g);
        if self.nim(b as usize) == g {
            return Shape::Nim(b);
        }
        let odd = self.is_odd(g);
        let mut i = if odd { 3 } else { 2 };
        while i < b {
            if let Some(x) = self.earlier_heap_difference(g, i) {
                return Shape::Plus(x, i);
            }
            if let Some(s) = self.earlier_heap_sum(g, i) {
                return Shape::Minus(s, i);
            }
            i += 2;
        }
        if odd {
            return Shape::Odd(self.even_part(g));
        }
        let opts = self.sorted_options(g);
        if opts.len() < 2 {
            return Shape::Single(opts[0]);
        }
        Shape::Options(opts.into_iter().rev().collect())
    }

    /// Whether writing `g` leaves the subscript flag set (given it was `sub` before).
    fn sets_sub(&mut self, g: MisereId, sub: bool) -> bool {
        sub || match self.shape(g) {
            Shape::Plus(..) | Shape::Minus(..) | Shape::Odd(_) => true,
            Shape::Single(o) => self.sets_sub(o, false),
            Shape::Nim(_) | Shape::Options(_) => false,
        }
    }

    /// The length of the text of `g` written in context (`parenthesize`, `sub`), saturating.
    fn text_len(
        &mut self,
        g: MisereId,
        paren: bool,
        sub: bool,
        memo: &mut HashMap<(MisereId, bool, bool), u64>,
    ) -> u64 {
        if let Some(&n) = memo.get(&(g, paren, sub)) {
            return n;
        }
        self.poll();
        let n = match self.shape(g) {
            Shape::Nim(b) => digit_len(b) + u64::from(sub),
            Shape::Plus(x, i) => self.text_len(x, true, true, memo).saturating_add(digit_len(i)),
            Shape::Minus(x, i) => self.text_len(x, true, true, memo).saturating_add(1 + digit_len(i)),
            Shape::Odd(e) => self.text_len(e, true, true, memo).saturating_add(1),
            Shape::Single(o) => self.text_len(o, true, sub, memo).saturating_add(1),
            Shape::Options(opts) => {
                let mut n = 2 * u64::from(paren) + u64::from(sub);
                for o in opts {
                    let closing = u64::from(self.sets_sub(o, false));
                    n = n.saturating_add(self.text_len(o, true, false, memo)).saturating_add(closing);
                }
                n
            }
        };
        memo.insert((g, paren, sub), n);
        n
    }

    /// The text of `g` written in context (`parenthesize`, `sub`): CGSuite's rules (module notes of `mod.rs`).
    fn text(
        &mut self,
        g: MisereId,
        paren: bool,
        sub: bool,
        memo: &mut HashMap<(MisereId, bool, bool), Rc<str>>,
    ) -> Rc<str> {
        if let Some(t) = memo.get(&(g, paren, sub)) {
            return t.clone();
        }
        self.poll();
        let mut out = String::new();
        match self.shape(g) {
            Shape::Nim(b) => {
                out.push_str(&decimal_digit(b));
                if sub {
                    out.push('[');
                }
            }
            Shape::Plus(x, i) => {
                out.push_str(&self.text(x, true, true, memo));
                out.push_str(&decimal_digit(i));
            }
            Shape::Minus(x, i) => {
                out.push_str(&self.text(x, true, true, memo));
                out.push('-');
                out.push_str(&decimal_digit(i));
            }
            Shape::Odd(e) => {
                out.push_str(&self.text(e, true, true, memo));
                out.push('1');
            }
            Shape::Single(o) => {
                out.push_str(&self.text(o, true, sub, memo));
                out.push('#');
            }
            Shape::Options(opts) => {
                if paren {
                    out.push('(');
                }
                for o in opts {
                    out.push_str(&self.text(o, true, false, memo));
                    if self.sets_sub(o, false) {
                        out.push(']');
                    }
                }
                if paren {
                    out.push(')');
                }
                if sub {
                    out.push('[');
                }
            }
        }
        let t: Rc<str> = out.into();
        memo.insert((g, paren, sub), t.clone());
        t
    }
}

/// Appends a piece of text, charging it to the print limit.
fn push(out: &mut String, text: &str) {
    out.push_str(text);
    crate::game::print_limit::charge(text.len());
}

fn digit_len(n: u32) -> u64 {
    if n < 10 {
        1
    } else {
        n.to_string().len() as u64 + 2
    }
}

fn decimal_digit(n: u32) -> String {
    if n < 10 {
        n.to_string()
    } else {
        format!("&{n};")
    }
}

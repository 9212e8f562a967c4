//! CGSuite's plain-text form of a misère canonical game (the rules are in the module notes of `mod.rs`).

use super::{MisereGames, MisereId};

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
    pub fn display(&mut self, g: MisereId) -> String {
        let mut out = String::from("*[");
        let mut sub = false;
        self.write(g, &mut out, false, &mut sub);
        if sub {
            out.push(']');
        }
        out.push(']');
        out
    }

    fn write(&mut self, g: MisereId, out: &mut String, parenthesize: bool, sub: &mut bool) {
        self.poll();
        let b = self.birthday(g);
        if self.nim(b as usize) == g {
            out.push_str(&decimal_digit(b));
            if *sub {
                out.push('[');
            }
            return;
        }
        let odd = self.is_odd(g);
        let mut i = if odd { 3 } else { 2 };
        while i < b {
            let heap = self.nim(i as usize);
            if let Some(x) = self.difference(g, heap) {
                if self.birthday(x) < b {
                    *sub = true;
                    self.write(x, out, true, sub);
                    out.push_str(&decimal_digit(i));
                    return;
                }
            }
            let s = self.add(g, heap);
            if self.birthday(s) < b {
                *sub = true;
                self.write(s, out, true, sub);
                out.push('-');
                out.push_str(&decimal_digit(i));
                return;
            }
            i += 2;
        }
        if odd {
            *sub = true;
            let e = self.even_part(g);
            self.write(e, out, true, sub);
            out.push('1');
            return;
        }
        let opts = self.sorted_options(g);
        if opts.len() < 2 {
            self.write(opts[0], out, true, sub);
            out.push('#');
            return;
        }
        let outer = *sub;
        if parenthesize {
            out.push('(');
        }
        for &o in opts.iter().rev() {
            let mut inner = false;
            self.write(o, out, true, &mut inner);
            if inner {
                out.push(']');
            }
        }
        if parenthesize {
            out.push(')');
        }
        if outer {
            out.push('[');
        }
    }
}

fn decimal_digit(n: u32) -> String {
    if n < 10 {
        n.to_string()
    } else {
        format!("&{n};")
    }
}

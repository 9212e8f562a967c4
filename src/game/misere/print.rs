//! CGSuite's plain-text form of a misère canonical game (the rules are in the module notes of `mod.rs`).

use super::{MisereGames, MisereId};

impl MisereGames {
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

//! Printing sides that are not stoppers (CGSuite's `SimplifiedLoopyGame.appendTo`): the general braces-and-bars
//! form only; a vertex below which there is no alternating cycle prints as its canonical stopper.

use super::compare::{is_stopper, restrict};
use super::general::SideValue;
use super::print::back_reference;
use super::types::{Edge, Graph, LoopyArena, LoopyError};
use crate::game::Games;

impl LoopyArena {
    /// The printed form of a side.
    pub fn display_side(&mut self, games: &mut Games, s: &SideValue) -> Result<String, LoopyError> {
        match s {
            SideValue::Stopper(x) => self.display(games, *x),
            SideValue::General(g) => {
                let mut out = String::new();
                let mut stack = Vec::new();
                let mut named = 0;
                self.append_general(games, g, g.start, &mut out, true, &mut stack, &mut named)?;
                Ok(out)
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn append_general(
        &mut self,
        games: &mut Games,
        g: &Graph,
        v: u32,
        out: &mut String,
        force_brackets: bool,
        stack: &mut Vec<(u32, Option<String>)>,
        named: &mut usize,
    ) -> Result<usize, LoopyError> {
        games.poll_interrupt();
        let at = Graph { verts: g.verts.clone(), start: v };
        if is_stopper(&restrict(&at)) {
            let s = self.canonical(games, &at)?;
            return self.append_stopper(games, s, out, force_brackets, named);
        }
        if let Some(name) = back_reference(stack, &v, named) {
            out.push_str(&name);
            return Ok(0);
        }
        stack.push((v, None));
        let mut sides = [String::new(), String::new()];
        let mut slashes = 0;
        let vert = g.verts[v as usize].clone();
        let counts = [vert.left.len(), vert.right.len()];
        for (k, edges) in [&vert.left, &vert.right].into_iter().enumerate() {
            let mut shorts = Vec::new();
            let mut others = Vec::new();
            for e in edges {
                match *e {
                    Edge::Short(x) => shorts.push(x),
                    Edge::Loopy(w) => {
                        let key = self.sort_key_graph(games, &Graph { verts: g.verts.clone(), start: w }, 4);
                        others.push((key, w));
                    }
                }
            }
            shorts.sort_unstable();
            shorts.dedup();
            games.sort_deterministic(&mut shorts);
            others.sort();
            others.dedup();
            let many = counts[k] > 1;
            let mut first = true;
            for x in shorts {
                if !first {
                    sides[k].push(',');
                }
                first = false;
                let t = games.display_nested(x, many, false);
                sides[k].push_str(&t.0);
                slashes = slashes.max(t.1);
            }
            for (_, w) in others {
                if !first {
                    sides[k].push(',');
                }
                first = false;
                if w == v {
                    sides[k].push_str("pass");
                } else {
                    let n = self.append_general(games, g, w, &mut sides[k], many, stack, named)?;
                    slashes = slashes.max(n);
                }
            }
        }
        let name = stack.pop().and_then(|e| e.1);
        slashes += 1;
        let brackets = force_brackets || name.is_some() || counts[0] == 0 || counts[1] == 0 || slashes == 4;
        if let Some(n) = &name {
            out.push_str(n);
        }
        if brackets {
            out.push_str(crate::game::print_limit::open_game());
        }
        out.push_str(&sides[0]);
        out.push_str(&"|".repeat(slashes));
        out.push_str(&sides[1]);
        if brackets {
            out.push_str(crate::game::print_limit::close_game());
            Ok(0)
        } else {
            Ok(slashes)
        }
    }
}

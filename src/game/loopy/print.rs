//! Printing canonical stoppers as CGSuite does (`CanonicalStopper.appendTo`, `SimplifiedLoopyGame.appendTo`,
//! `Pseudonumber`), with `<>` for game braces. Rules, first that applies:
//! 1. pseudonumbers: `on`, `off`, `5over`, `3/2under`, `over`, `under` (parenthesised where forced);
//! 2. switches (`G == -G`): `+-` and the Left options (several in `{…}`);
//! 3. number-tiny plumtrees: `xTiny(S)`, `xMiny(S)`;
//! 4. upon forms: `x^[on]*n`, `x^<on>*n` and their negatives with `v`;
//! 5. the general form: options sorted (short games in the short engine's order, then loopy ones by printed
//!    form — cgs's fixed choice where CGSuite uses hash order), an option equal to the node prints `pass`, a node
//!    met again while printing its own options is named (`a`…`z` without `v`, then `N1`, `N2`, …).

use super::types::{Edge, LoopyArena, LoopyError, Stopper};
use crate::game::{GameId, Games};

/// A pseudonumber's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pseudo {
    /// A number.
    Number(GameId),
    /// `on`.
    On,
    /// `off`.
    Off,
    /// `x + over`.
    Over(GameId),
    /// `x + under`.
    Under(GameId),
}

/// The n-th node name: `a`…`z` (skipping `v`, which is a down literal), then `N1`, `N2`, ….
pub(super) fn nth_name(n: usize) -> String {
    let letters: Vec<char> = ('a'..='z').filter(|&c| c != 'v').collect();
    if n < letters.len() {
        letters[n].to_string()
    } else {
        format!("N{}", n - letters.len() + 1)
    }
}

type Stack = Vec<(Stopper, Option<String>)>;

/// The name of a node met again while its own options print (named on first use, from `named` on), or `None`
/// when the node is not on the stack of nodes being printed.
pub(super) fn back_reference<K: PartialEq>(
    stack: &mut [(K, Option<String>)],
    node: &K,
    named: &mut usize,
) -> Option<String> {
    let pos = stack.iter().position(|e| e.0 == *node)?;
    Some(match &stack[pos].1 {
        Some(n) => n.clone(),
        None => {
            let n = nth_name(*named);
            *named += 1;
            stack[pos].1 = Some(n.clone());
            n
        }
    })
}

impl LoopyArena {
    /// The pseudonumber a stopper is, if it is one.
    pub fn pseudonumber(&self, games: &Games, s: Stopper) -> Option<Pseudo> {
        match s {
            Stopper::Short(x) => games.is_number(x).then_some(Pseudo::Number(x)),
            Stopper::Loopy(id) => {
                let g = self.graph(id);
                if g.verts.len() != 1 {
                    return None;
                }
                let v = &g.verts[0];
                let num = |e: &Edge| match *e {
                    Edge::Short(x) if games.is_number(x) => Some(x),
                    _ => None,
                };
                let me = [Edge::Loopy(0)];
                match (v.left.as_slice(), v.right.as_slice()) {
                    (l, []) if l == me => Some(Pseudo::On),
                    ([], r) if r == me => Some(Pseudo::Off),
                    ([x], r) if r == me => num(x).map(Pseudo::Over),
                    (l, [x]) if l == me => num(x).map(Pseudo::Under),
                    _ => None,
                }
            }
        }
    }

    /// Whether the only cycles of a stopper are `pass` edges.
    pub fn is_plumtree(&self, s: Stopper) -> bool {
        match s {
            Stopper::Short(_) => true,
            Stopper::Loopy(id) => {
                let mut g = self.graph(id).clone();
                for (i, v) in g.verts.iter_mut().enumerate() {
                    v.left.retain(|e| *e != Edge::Loopy(i as u32));
                    v.right.retain(|e| *e != Edge::Loopy(i as u32));
                }
                super::compare::is_loopfree(&g)
            }
        }
    }

    /// The printed form of a stopper.
    pub fn display(&mut self, games: &mut Games, s: Stopper) -> Result<String, LoopyError> {
        let mut out = String::new();
        let mut stack = Stack::new();
        let mut named = 0;
        self.append(games, s, &mut out, true, false, &mut stack, &mut named)?;
        Ok(out)
    }

    /// Options of one side in printing order.
    fn sorted_options(&mut self, games: &mut Games, s: Stopper, left: bool) -> Result<Vec<Stopper>, LoopyError> {
        let opts = self.options(games, s, left)?;
        let mut shorts: Vec<GameId> = Vec::new();
        let mut loopy: Vec<(String, Stopper)> = Vec::new();
        for o in opts {
            match o {
                Stopper::Short(x) => shorts.push(x),
                l => {
                    let k = self.sort_key(games, l, 4);
                    loopy.push((k, l));
                }
            }
        }
        shorts.sort_unstable();
        shorts.dedup();
        games.sort_deterministic(&mut shorts);
        loopy.sort();
        loopy.dedup();
        Ok(shorts.into_iter().map(Stopper::Short).chain(loopy.into_iter().map(|x| x.1)).collect())
    }

    /// An isomorphism-invariant key ordering loopy options: the game tree unrolled `depth` levels, with short
    /// games in their printed forms.
    fn sort_key(&mut self, games: &mut Games, s: Stopper, depth: usize) -> String {
        let id = match s {
            Stopper::Short(x) => return games.display(x),
            Stopper::Loopy(id) => id,
        };
        let g = self.graph(id).clone();
        self.sort_key_graph(games, &g, depth)
    }

    pub(super) fn sort_key_graph(&mut self, games: &mut Games, g: &super::types::Graph, depth: usize) -> String {
        if depth == 0 {
            return "#".into();
        }
        let v = &g.verts[g.start as usize];
        let mut out = String::from("<");
        for (k, edges) in [&v.left, &v.right].into_iter().enumerate() {
            if k == 1 {
                out.push('|');
            }
            let mut ks: Vec<String> = edges
                .iter()
                .map(|e| match *e {
                    Edge::Short(x) => games.display(x),
                    Edge::Loopy(w) => {
                        self.sort_key_graph(games, &super::types::Graph { verts: g.verts.clone(), start: w }, depth - 1)
                    }
                })
                .collect();
            ks.sort();
            out.push_str(&ks.join(","));
        }
        out.push('>');
        out
    }

    /// Upon forms: (number part, nimber part, uponth?, negated?).
    fn upon_form(&mut self, games: &mut Games, s: Stopper) -> Result<Option<(GameId, u64, bool, bool)>, LoopyError> {
        if let Some((x, n, th)) = self.upon_form_side(games, s, true)? {
            return Ok(Some((x, n, th, false)));
        }
        let ns = self.neg(games, s);
        if let Some((x, n, th)) = self.upon_form_side(games, ns, true)? {
            let x = games.neg(x);
            return Ok(Some((x, n, th, true)));
        }
        Ok(None)
    }

    fn upon_form_side(
        &mut self,
        games: &mut Games,
        s: Stopper,
        check_uponth: bool,
    ) -> Result<Option<(GameId, u64, bool)>, LoopyError> {
        let Stopper::Loopy(_) = s else { return Ok(None) };
        let lo = self.options(games, s, true)?;
        let ro = self.options(games, s, false)?;
        let set_eq = |a: &[Stopper], b: &[Stopper]| a.len() == b.len() && a.iter().all(|x| b.contains(x));
        if ro.len() == 1 && lo.len() <= 2 {
            if let Stopper::Short(r) = ro[0] {
                if let Some((num, 0, nim)) = games.number_up_star(r) {
                    let x = games.number(num);
                    if (nim == 0 && set_eq(&lo, &[s, Stopper::Short(x)])) || (nim != 0 && set_eq(&lo, &[s])) {
                        return Ok(Some((x, nim ^ 1, false)));
                    }
                }
            }
        }
        if check_uponth && ro.len() == 1 {
            let nr = self.neg(games, ro[0]);
            if let Some((x, nim, false)) = self.upon_form_side(games, nr, false)? {
                let nx = games.neg(x);
                let Some((d, _, _)) = games.number_up_star(nx) else { return Ok(None) };
                let want: Vec<Stopper> = (0..=(nim ^ 1)).map(|k| Stopper::Short(games.uptimal(d, 0, k))).collect();
                if set_eq(&lo, &want) {
                    return Ok(Some((nx, nim ^ 1, true)));
                }
            }
        }
        Ok(None)
    }

    /// For a number-tiny plumtree: (tiny?, translation, subscript).
    pub fn tiny_parts(&mut self, games: &mut Games, s: Stopper) -> Result<Option<(bool, GameId, Stopper)>, LoopyError> {
        if !self.is_plumtree(s) {
            return Ok(None);
        }
        let lo = self.options(games, s, true)?;
        let ro = self.options(games, s, false)?;
        if lo.len() != 1 || ro.len() != 1 {
            return Ok(None);
        }
        let under = self.under();
        for tiny in [true, false] {
            let (num, other) = if tiny { (lo[0], ro[0]) } else { (ro[0], lo[0]) };
            let Stopper::Short(x) = num else { continue };
            if !games.is_number(x) {
                continue;
            }
            let ol = self.options(games, other, true)?;
            let or = self.options(games, other, false)?;
            if ol.len() != 1 || or.len() != 1 {
                continue;
            }
            let (same, h) = if tiny { (ol[0], or[0]) } else { (or[0], ol[0]) };
            if same != num {
                continue;
            }
            let nx = Stopper::Short(games.neg(x));
            let super::types::Sum::Stopper(d) = self.add(games, h, nx)? else { continue };
            // Tiny: h − x ≤ under; Miny: h − x ≥ over.
            let ok = if tiny {
                self.leq(games, d, under)?
            } else {
                let over = self.neg(games, under);
                self.leq(games, over, d)?
            };
            if ok {
                let sub = if tiny { self.neg(games, d) } else { d };
                return Ok(Some((tiny, x, sub)));
            }
        }
        Ok(None)
    }

    /// Appends a stopper's printed form, naming nodes from `named` on (for `print_general.rs`).
    pub(super) fn append_stopper(
        &mut self,
        games: &mut Games,
        s: Stopper,
        out: &mut String,
        force_brackets: bool,
        named: &mut usize,
    ) -> Result<usize, LoopyError> {
        let mut stack = Stack::new();
        self.append(games, s, out, force_brackets, false, &mut stack, named)
    }

    /// `under` as a stopper.
    pub fn under(&mut self) -> Stopper {
        let g = super::types::Graph {
            verts: vec![super::types::Vertex { left: vec![Edge::Loopy(0)], right: vec![Edge::Short(GameId(0))] }],
            start: 0,
        };
        Stopper::Loopy(self.intern(g))
    }

    #[allow(clippy::too_many_arguments)]
    fn append(
        &mut self,
        games: &mut Games,
        s: Stopper,
        out: &mut String,
        force_brackets: bool,
        force_parens: bool,
        stack: &mut Stack,
        named: &mut usize,
    ) -> Result<usize, LoopyError> {
        games.poll_interrupt();
        let id = match s {
            Stopper::Short(x) => {
                let t = games.display_nested(x, force_brackets, force_parens);
                out.push_str(&t.0);
                return Ok(t.1);
            }
            Stopper::Loopy(id) => id,
        };
        if let Some(p) = self.pseudonumber(games, s) {
            let (x, word) = match p {
                Pseudo::On => {
                    out.push_str("on");
                    return Ok(0);
                }
                Pseudo::Off => {
                    out.push_str("off");
                    return Ok(0);
                }
                Pseudo::Over(x) => (x, "over"),
                Pseudo::Under(x) => (x, "under"),
                Pseudo::Number(_) => unreachable!("a loopy stopper is not a number"),
            };
            let paren = force_parens && x != games.zero();
            if paren {
                out.push('(');
            }
            if x != games.zero() {
                out.push_str(&games.display(x));
            }
            out.push_str(word);
            if paren {
                out.push(')');
            }
            return Ok(0);
        }
        if self.neg(games, s) == s {
            let lo = self.sorted_options(games, s, true)?;
            out.push_str("+-");
            if lo.len() > 1 {
                out.push('{');
            }
            for (i, &o) in lo.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                self.append(games, o, out, true, lo.len() == 1, stack, named)?;
            }
            if lo.len() > 1 {
                out.push('}');
            }
            return Ok(0);
        }
        if let Some((tiny, x, sub)) = self.tiny_parts(games, s)? {
            if force_parens {
                out.push('(');
            }
            if x != games.zero() {
                out.push_str(&games.display_nested(x, false, false).0);
            }
            out.push_str(if tiny { "Tiny(" } else { "Miny(" });
            self.append(games, sub, out, true, false, stack, named)?;
            out.push(')');
            if force_parens {
                out.push(')');
            }
            return Ok(0);
        }
        if let Some((x, nim, th, neg)) = self.upon_form(games, s)? {
            if x != games.zero() {
                out.push_str(&games.display(x));
            }
            out.push(if neg { 'v' } else { '^' });
            out.push_str(if th { "<on>" } else { "[on]" });
            if nim >= 1 {
                out.push('*');
                if nim >= 2 {
                    out.push_str(&nim.to_string());
                }
            }
            return Ok(0);
        }
        // The general form.
        if let Some(name) = back_reference(stack, &s, named) {
            out.push_str(&name);
            return Ok(0);
        }
        let _ = id;
        stack.push((s, None));
        let lo = self.sorted_options(games, s, true)?;
        let ro = self.sorted_options(games, s, false)?;
        let mut slashes = 0;
        let mut sides = [String::new(), String::new()];
        for (k, opts) in [&lo, &ro].into_iter().enumerate() {
            for (i, &o) in opts.iter().enumerate() {
                if i > 0 {
                    sides[k].push(',');
                }
                if o == s {
                    sides[k].push_str("pass");
                } else {
                    let n = self.append(games, o, &mut sides[k], opts.len() > 1, false, stack, named)?;
                    slashes = slashes.max(n);
                }
            }
        }
        let name = stack.pop().and_then(|e| e.1);
        slashes += 1;
        let brackets = force_brackets || name.is_some() || lo.is_empty() || ro.is_empty() || slashes == 4;
        if let Some(n) = &name {
            out.push_str(n);
        }
        if brackets {
            out.push_str(crate::game::print_limit::open_game());
        }
        out.push_str(&sides[0]);
        for _ in 0..slashes {
            out.push('|');
        }
        out.push_str(&sides[1]);
        if brackets {
            out.push_str(crate::game::print_limit::close_game());
            Ok(0)
        } else {
            Ok(slashes)
        }
    }
}

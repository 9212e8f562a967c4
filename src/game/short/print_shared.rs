//! The shared printed form of a large canonical game: its text in size proportional to the DAG, not the tree.
//!
//! A canonical form is a DAG: the text CGSuite prints writes every repeated subgame out again, so it grows with
//! the tree (Clobber (xo)^16's form: a few thousand distinct subgames, 233 MB of text). When a game's full text
//! is longer than [`SHARE_ABOVE`] characters, values print it as a block that names the repeated
//! sub-forms and reads back as the same game (LANGUAGE.md §8):
//!
//! ```text
//! begin
//!   var g1 := <…>;
//!   var g2 := <g1|…>;
//!   <g1,g2|…>
//! end
//! ```
//!
//! A sub-form gets a name when it would be printed more than once and its own full text is at least
//! [`NAME_AT_LEAST`] characters; only general games (`<L|R>`) are named — numbers, nimbers, ups, switches and
//! `Tiny`/`Miny` stay inline. Names are defined children first (in the order of a depth-first walk over the
//! options in CGSuite's print order) and are locals of the block, so they cannot clash with the user's
//! variables. The shared form is used only when it is at most half the full text (else the full text prints).
//!
//! The size test is cheap: the full text is written with room for [`SHARE_ABOVE`] characters only; a longer
//! one leads to one walk over the DAG (lengths memoised per node, saturating sums), never building the text. Printing the block writes every named sub-form once, charging the print limit and
//! polling for Ctrl-C as the ordinary printer does.

use crate::game::print_limit;
use crate::game::short::print_parts::{append_uptimal, push, PrintShape, MAX_SLASHES};
use crate::game::{GameId, Games};
use rustc_hash::{FxHashMap, FxHashSet};

/// A game whose full printed text would be longer than this many characters prints in the shared form
/// (when that is at most half as long).
pub const SHARE_ABOVE: u64 = 10_000;

/// A sub-form printed more than once gets a name when its own full text is at least this many characters.
pub const NAME_AT_LEAST: u64 = 16;

/// The names of a shared form and how many bars each unnamed general sub-form shows (see `print.rs`).
pub struct Shared {
    names: FxHashMap<GameId, u32>,
    bars: FxHashMap<GameId, u8>,
}

impl Shared {
    /// The name `g` prints as in the shared form, if it has one.
    pub fn name(&self, g: GameId) -> Option<String> {
        self.names.get(&g).map(|k| format!("g{k}"))
    }

    fn bars(&self, g: GameId) -> usize {
        if self.names.contains_key(&g) {
            0
        } else {
            self.bars.get(&g).copied().map_or(0, usize::from)
        }
    }
}

/// One node of the walk: its full text length, whether it is a general game, its options as printed.
struct Node {
    len: u64,
    general: bool,
    kids: Vec<GameId>,
}

/// The walk over the DAG below the printed game: nodes in post-order (options before the games holding them).
struct Walk {
    nodes: FxHashMap<GameId, Node>,
    order: Vec<GameId>,
    /// How many option entries the walk may still visit; when they run out it stops (`over`).
    room: usize,
    over: bool,
}

impl Walk {
    fn with_room(room: usize) -> Walk {
        Walk { nodes: FxHashMap::default(), order: Vec::new(), room, over: false }
    }
}

impl Default for Walk {
    fn default() -> Walk {
        Walk::with_room(usize::MAX)
    }
}

/// How many option entries the shared form's walk visits, per character of the print limit, before it gives
/// up: a DAG with more edges than that has a shared text far beyond the limit (every edge prints at least one
/// character), so the plain text is printed (and cut at the limit) instead of walking it all — a game whose
/// options are listed lazily (`x + (*k).Heat(t)`: about k^3/3 edges) is then only listed as far as it prints.
const WALK_EDGES_PER_CHAR: usize = 8;

impl Games {
    /// The printed form of `g` as values show it: CGSuite's text, or, when that would be large and print
    /// sharing is on (`--print-sharing`), the shared form of this module.
    ///
    /// The size test costs a small value nothing: its full text is written first with room for
    /// [`SHARE_ABOVE`] characters (apart from the print limit), and kept when it fits; only a longer text leads
    /// to the walk over the DAG.
    pub fn display_value(&mut self, g: GameId) -> String {
        let mut s = String::new();
        if print_limit::sharing() && !matches!(self.print_shape(g, None), PrintShape::Uptimal(_)) {
            let (text, over) = print_limit::probe(SHARE_ABOVE as usize + 1, || {
                let mut t = String::new();
                self.append(g, &mut t, true, false, None, None);
                t
            });
            if !over {
                print_limit::charge(text.len());
                return text;
            }
            if let Some(shared) = self.plan(g, false) {
                self.write_shared(g, &shared, &mut s);
                return s;
            }
        }
        self.append(g, &mut s, true, false, None, None);
        s
    }

    /// The shared form of `g` (always, whatever its size), if some sub-form would be named: for tests and
    /// for [`Games::display_value`].
    pub fn display_shared(&mut self, g: GameId) -> Option<String> {
        let shared = self.plan(g, true)?;
        let mut s = String::new();
        self.write_shared(g, &shared, &mut s);
        Some(s)
    }

    /// The length of `g`'s full (CGSuite) text as the size test estimates it: exact up to the brackets and
    /// parentheses an option adds in its context; saturating.
    pub fn full_text_len(&mut self, g: GameId) -> u64 {
        let mut walk = Walk::default();
        self.walk(g, &mut walk)
    }

    /// The number of distinct sub-forms the printed form of `g` walks through (`g` included): the size of the
    /// DAG the shared form is proportional to.
    pub fn print_dag_size(&mut self, g: GameId) -> usize {
        let mut walk = Walk::default();
        self.walk(g, &mut walk);
        walk.order.len()
    }

    /// The names for `root`'s shared form, if some sub-form gets one and (unless `always`) the shared form is at
    /// most half as long as the full text.
    fn plan(&mut self, root: GameId, always: bool) -> Option<Shared> {
        let room = match print_limit::setting() {
            Some(limit) if !always => limit.saturating_mul(WALK_EDGES_PER_CHAR),
            _ => usize::MAX,
        };
        let mut walk = Walk::with_room(room);
        let full = self.walk(root, &mut walk);
        if walk.over {
            return None;
        }
        // How often each node would print (1 or "2 or more"), parents before options.
        let mut times: FxHashMap<GameId, u8> = FxHashMap::default();
        times.insert(root, 1);
        let mut named: Vec<GameId> = Vec::new();
        let mut is_named: FxHashSet<GameId> = FxHashSet::default();
        for &g in walk.order.iter().rev() {
            self.poll_interrupt();
            let node = &walk.nodes[&g];
            let t = times.get(&g).copied().unwrap_or(1);
            let name = g != root && node.general && t >= 2 && node.len >= NAME_AT_LEAST;
            if name {
                named.push(g);
                is_named.insert(g);
            }
            let each = if name || g == root { 1 } else { t };
            for &k in &node.kids {
                crate::game::budget::check_growth(&times);
                let e = times.entry(k).or_insert(0);
                *e = (*e).saturating_add(each).min(2);
            }
        }
        if named.is_empty() {
            return None;
        }
        // Numbered in post-order, so every name is defined before it is used.
        let mut names = FxHashMap::default();
        for &g in &walk.order {
            if is_named.contains(&g) {
                names.insert(g, names.len() as u32 + 1);
            }
        }
        let mut shared = Shared { names, bars: FxHashMap::default() };
        // Bars of unnamed general sub-forms and the shared text's length, options first.
        let mut local: FxHashMap<GameId, u64> = FxHashMap::default();
        let mut total: u64 = 14; // "begin\n  " … "\nend"
        for &g in &walk.order {
            self.poll_interrupt();
            let node = &walk.nodes[&g];
            if node.general {
                let s = self.shared_slashes(g, &shared);
                shared.bars.insert(g, if s == MAX_SLASHES { 0 } else { s as u8 });
            }
            let own = node.len.saturating_sub(node.kids.iter().map(|k| walk.nodes[k].len).fold(0, u64::saturating_add));
            let kids = node.kids.iter().map(|k| match shared.names.get(k) {
                Some(n) => 1 + u64::from(n.ilog10() + 1),
                None => local[k],
            });
            let len = kids.fold(own, u64::saturating_add);
            if let Some(n) = shared.names.get(&g) {
                total = total.saturating_add(len + 14 + u64::from(n.ilog10()));
            }
            local.insert(g, len);
        }
        total = total.saturating_add(local[&root]);
        (always || total.saturating_mul(2) <= full).then_some(shared)
    }

    /// Walks the DAG below `g` (post-order, each node once) and returns the length of `g`'s full text.
    fn walk(&mut self, g: GameId, walk: &mut Walk) -> u64 {
        if walk.over {
            return 0;
        }
        if let Some(n) = walk.nodes.get(&g) {
            return n.len;
        }
        self.poll_interrupt();
        let (general, kids, own) = match self.print_shape(g, None) {
            PrintShape::Uptimal(ue) => {
                let mut s = String::new();
                append_uptimal(&ue, &mut s, false, None);
                (false, Vec::new(), s.len() as u64)
            }
            PrintShape::Switch => {
                let lo = self.sorted_options(g).0;
                // "+-", commas, and "{}" around several options
                let own = 2 + (lo.len() as u64 - 1) + if lo.len() > 1 { 2 } else { 0 };
                (false, lo.to_vec(), own)
            }
            PrintShape::Tiny(_, x, sub) => (false, vec![x, sub], 6),
            PrintShape::General => {
                let (lo, ro) = self.sorted_options(g);
                let slashes = self.slashes(g, None) as u64;
                let commas = (lo.len().max(1) + ro.len().max(1) - 2) as u64;
                let kids: Vec<GameId> = lo.iter().chain(ro.iter()).copied().collect();
                (true, kids, 2 + slashes + commas)
            }
        };
        if kids.len() > walk.room {
            walk.over = true;
            return 0;
        }
        walk.room -= kids.len();
        let mut len = own;
        for &k in &kids {
            len = len.saturating_add(self.walk(k, walk));
        }
        crate::game::budget::check_growth(&walk.nodes);
        walk.nodes.insert(g, Node { len, general, kids });
        walk.order.push(g);
        len
    }

    /// The bars between the options of a general game `g` printed in a shared form: as
    /// [`Games::slashes`], with a named option showing none.
    pub(super) fn shared_slashes(&mut self, g: GameId, shared: &Shared) -> usize {
        let (lo, ro) = self.sorted_options(g);
        let mut slashes = 1;
        for side in [&lo, &ro] {
            if let [o] = side[..] {
                slashes = slashes.max(shared.bars(o) + 1);
            }
        }
        slashes
    }

    /// Writes the block of a shared form: each named sub-form once, options first, then `root`.
    fn write_shared(&mut self, root: GameId, shared: &Shared, out: &mut String) {
        let mut defs: Vec<(u32, GameId)> = shared.names.iter().map(|(&g, &k)| (k, g)).collect();
        defs.sort_unstable();
        push(out, "begin\n");
        for (k, g) in defs {
            if print_limit::exhausted() {
                return;
            }
            push(out, &format!("  var g{k} := "));
            self.append(g, out, true, false, None, Some(shared));
            push(out, ";\n");
        }
        push(out, "  ");
        self.append(root, out, true, false, None, Some(shared));
        push(out, "\nend");
    }
}

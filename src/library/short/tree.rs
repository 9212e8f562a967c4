//! `G.GameTree`: the complete game tree of a canonical short game, as an indented text outline (the REPL) and
//! an SVG picture (Jupyter, `GameTree.Plot("file.svg")`). Left options hang to the left in blue, Right options
//! to the right in red, as in Winning Ways' pictures. Trees over [`MAX_NODES`] nodes are refused.

use super::Member;
use crate::game::{GameId, Games};
use crate::interp::error::Arity;
use crate::interp::object::{downcast_ref, Object};
use crate::interp::value::Value;
use std::fmt::Write;

/// The most nodes a drawn tree may have.
pub const MAX_NODES: usize = 400;

/// A game tree ready to show.
#[derive(Debug)]
pub struct GameTree {
    /// The indented outline.
    pub text: String,
    /// The SVG picture.
    pub svg: String,
}

struct Node {
    label: String,
    left: bool,
    depth: usize,
    x: f64,
    children: Vec<usize>,
}

/// The tree of `g`, or `None` when it has more than [`MAX_NODES`] nodes.
pub fn game_tree(games: &mut Games, g: GameId) -> Option<GameTree> {
    let mut nodes: Vec<Node> = Vec::new();
    let mut next_leaf = 0.0;
    build(games, g, true, 0, &mut nodes, &mut next_leaf)?;
    let mut text = String::new();
    outline(&nodes, 0, &mut text, true);
    Some(GameTree { text, svg: svg(&nodes, next_leaf) })
}

fn build(
    games: &mut Games,
    g: GameId,
    left: bool,
    depth: usize,
    nodes: &mut Vec<Node>,
    next_leaf: &mut f64,
) -> Option<usize> {
    if nodes.len() >= MAX_NODES {
        return None;
    }
    crate::game::budget::check_stack();
    let id = nodes.len();
    let label = games.display(g);
    nodes.push(Node { label, left, depth, x: 0.0, children: Vec::new() });
    let mut children = Vec::new();
    for o in games.left_options(g) {
        children.push(build(games, o, true, depth + 1, nodes, next_leaf)?);
    }
    for o in games.right_options(g) {
        children.push(build(games, o, false, depth + 1, nodes, next_leaf)?);
    }
    nodes[id].x = if children.is_empty() {
        *next_leaf += 1.0;
        *next_leaf - 1.0
    } else {
        children.iter().map(|&c| nodes[c].x).sum::<f64>() / children.len() as f64
    };
    nodes[id].children = children;
    Some(id)
}

fn outline(nodes: &[Node], id: usize, out: &mut String, root: bool) {
    let n = &nodes[id];
    let indent = "  ".repeat(n.depth);
    let side = if root {
        ""
    } else if n.left {
        "L: "
    } else {
        "R: "
    };
    let _ = writeln!(out, "{indent}{side}{}", n.label);
    for &c in &n.children {
        outline(nodes, c, out, false);
    }
}

fn svg(nodes: &[Node], leaves: f64) -> String {
    let depth = nodes.iter().map(|n| n.depth).max().unwrap_or(0) as f64;
    let (dx, dy, margin) = (48.0, 56.0, 30.0);
    let width = (leaves.max(1.0) - 1.0) * dx + 2.0 * margin;
    let height = depth * dy + 2.0 * margin;
    let pos = |n: &Node| (margin + n.x * dx, margin + n.depth as f64 * dy);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\" font-size=\"11\">\n"
    );
    for n in nodes {
        let (x1, y1) = pos(n);
        for &c in &n.children {
            let (x2, y2) = pos(&nodes[c]);
            let colour = if nodes[c].left { "#1f4fbf" } else { "#c0392b" };
            let _ = writeln!(
                s,
                "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"{colour}\" stroke-width=\"1.5\"/>"
            );
        }
    }
    for n in nodes {
        let (x, y) = pos(n);
        let _ = writeln!(s, "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"3\" fill=\"black\"/>");
        if n.label.chars().count() <= 12 {
            let _ = writeln!(
                s,
                "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"start\">{}</text>",
                x + 5.0,
                y - 4.0,
                escape(&n.label)
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

impl Object for GameTree {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "GameTree"
    }
    fn display(&self, _: &mut Games) -> String {
        self.text.trim_end().to_string()
    }
    fn members(&self) -> &'static [Member] {
        GAME_TREE
    }
}

/// Members of `GameTree`.
pub static GAME_TREE: &[Member] = crate::member_table![Member {
    name: "Plot",
    params: &[],
    doc: super::Doc {
        args: "(file)",
        text: "Without an argument, the tree's outline as text (what the terminal shows). With a file name, writes \
               the tree as an SVG picture to `file` (below the current directory, or a directory given with \
               `--allow-write`; never over a file cgs did not write) and prints the file's name.",
        example: "<1|*>.GameTree.Plot",
    },
    arity: Arity::Range(0, 1),
    f: |m, s, this, args| {
        let Value::Object(o) = this else {
            return Err(s.bug());
        };
        let Some(t) = downcast_ref::<GameTree>(&**o) else {
            return Err(s.bug());
        };
        // As `Thermograph.Plot` alone gives its ASCII sketch (cgs's own class: CGSuite 2.2 has no `GameTree`).
        if args.is_empty() {
            return Ok(crate::interp::value::Shown::value("Plot", t.text.trim_end()));
        }
        let svg = t.svg.clone();
        super::plots::plot_to_file(m, s, args, &svg)
    },
}];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tree_of_a_small_game() {
        // Hand derivation: <1|*> has Left option 1 (whose Left option is 0) and Right option * (options 0, 0).
        let mut games = Games::new();
        let one = games.integer(1);
        let star = games.nimber(1);
        let g = games.new_game(&[one], &[star]);
        let t = game_tree(&mut games, g).unwrap();
        assert_eq!(t.text, "<1|*>\n  L: 1\n    L: 0\n  R: *\n    L: 0\n    R: 0\n");
        assert_eq!(t.svg.matches("<circle").count(), 6);
        assert_eq!(t.svg.matches("stroke=\"#1f4fbf\"").count(), 3);
        assert_eq!(t.svg.matches("stroke=\"#c0392b\"").count(), 2);
        // A tree over the limit is refused: *30 has 2^30 nodes in its tree.
        let big = games.nimber(30);
        assert!(game_tree(&mut games, big).is_none());
    }
}

//! `Followers` and `FollowerCount` of positions whose options are sums, counted as CGSuite 2.2 counts them.
//!
//! CGSuite keeps `G + H` as the ordered pair of its two components (`game.CompoundGame`, equal when both parts
//! are), builds a move to several heaps as the sum folded from the left (`(A + B) + C`), keeps a component that
//! has reached `0` (`0 + TakeAndBreak.Position(1)`), and walks every option of a pair: each option of `G` paired
//! with `H`, then `G` paired with each option of `H`. So `A + B` and `B + A`, `(A + B) + C` and `A + (B + C)`
//! are distinct followers, some printing alike (CGSuite 2.2: `Kayles(5).FollowerCount` is 25,
//! `Cutcake((4,4)).FollowerCount` 86969). Here a follower is a node of a hash-consed tree (a leaf is a position, a
//! heap or a canonical game; an inner node a pair), so the walk costs a few table look-ups per follower; the
//! followers print as CGSuite's pairs (explicit.rs's `CompoundGame`).

use super::value::{downcast, game_value, heap_positions, Heap, HeapSum};
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::value::{Player, Value};
use crate::library::short::{FormCompound, FormCompoundKind};
use crate::library::Site;
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use std::rc::Rc;

/// A walk past this many distinct followers is refused (as for a heap's followers before).
pub const MAX_FOLLOWERS: usize = 1_000_000;

/// What a caller's family knows about its own positions: how a sum splits into the components CGSuite adds from
/// the left, a position's options, and whether a position is impartial (CGSuite's `CompoundImpartialGame`).
pub trait Leaves {
    /// The components of `v` when it is a sum of the caller's kind (at least two), in order.
    fn split(&mut self, _m: &mut Machine, _v: &Value) -> Option<Vec<Value>> {
        None
    }
    /// The options of a component for `who`, when it is of the caller's kind.
    fn options(
        &mut self,
        _m: &mut Machine,
        _s: &Site,
        _v: &Value,
        _who: Player,
    ) -> Option<Result<Vec<Value>, EvalError>> {
        None
    }
    /// Whether a component of the caller's kind is impartial.
    fn impartial(&self, _v: &Value) -> Option<bool> {
        None
    }
}

/// No family hooks: heaps, sums of heaps, canonical games and forms.
pub struct NoHooks;
impl Leaves for NoHooks {}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Node {
    Leaf(u32),
    Pair(u32, u32),
}

struct Walk<'h> {
    hooks: &'h mut dyn Leaves,
    leaves: Vec<Value>,
    leaf_index: BTreeMap<Value, u32>,
    nodes: Vec<Node>,
    node_index: FxHashMap<Node, u32>,
    /// Each node's options for Left and Right, once asked.
    opts: [Vec<Option<Rc<[u32]>>>; 2],
}

impl Walk<'_> {
    fn intern(&mut self, n: Node) -> u32 {
        if let Some(&i) = self.node_index.get(&n) {
            return i;
        }
        let i = self.nodes.len() as u32;
        self.nodes.push(n);
        self.node_index.insert(n, i);
        self.opts[0].push(None);
        self.opts[1].push(None);
        i
    }

    fn leaf(&mut self, m: &mut Machine, v: &Value) -> u32 {
        let v = match v {
            Value::Game(g) => game_value(m.games, *g),
            _ => v.clone(),
        };
        let k = match self.leaf_index.get(&v) {
            Some(&k) => k,
            None => {
                let k = self.leaves.len() as u32;
                self.leaves.push(v.clone());
                self.leaf_index.insert(v, k);
                k
            }
        };
        self.intern(Node::Leaf(k))
    }

    /// The node of a value: a pair for CGSuite's `G + H`, a left fold for a flat sum, else a leaf.
    fn node_of(&mut self, m: &mut Machine, v: &Value) -> u32 {
        if let Some(c) = compound_sum(v) {
            let (a, b) = (c.a.clone(), c.b.clone());
            let (x, y) = (self.node_of(m, &a), self.node_of(m, &b));
            return self.intern(Node::Pair(x, y));
        }
        let parts = match downcast::<HeapSum>(v) {
            Some(s) if s.terms.len() >= 2 => Some(s.terms.clone()),
            _ => self.hooks.split(m, v),
        };
        match parts {
            Some(parts) => {
                let mut acc = self.node_of(m, &parts[0]);
                for p in &parts[1..] {
                    let y = self.node_of(m, p);
                    acc = self.intern(Node::Pair(acc, y));
                }
                acc
            }
            None => self.leaf(m, v),
        }
    }

    fn leaf_options(&mut self, m: &mut Machine, s: &Site, v: &Value, who: Player) -> Result<Vec<Value>, EvalError> {
        if let Some(r) = self.hooks.options(m, s, v, who) {
            return r;
        }
        if let Some(h) = downcast::<Heap>(v) {
            return Ok(heap_positions(h));
        }
        if let Value::Game(_) | Value::Integer(_) | Value::Rational(_) = v {
            if let Some(g) = m.to_game(v) {
                let g = g.map_err(|k| s.err(k))?;
                let ids = if who == Player::Left { m.games.left_options(g) } else { m.games.right_options(g) };
                return Ok(ids.into_iter().map(|h| game_value(m.games, h)).collect());
            }
        }
        crate::library::short::form_options(m, v, who).map_err(|k| s.err(k))
    }

    fn options(&mut self, m: &mut Machine, s: &Site, n: u32, side: usize) -> Result<Rc<[u32]>, EvalError> {
        if let Some(o) = &self.opts[side][n as usize] {
            return Ok(o.clone());
        }
        let who = if side == 0 { Player::Left } else { Player::Right };
        let out: Rc<[u32]> = match self.nodes[n as usize] {
            Node::Leaf(k) => {
                let v = self.leaves[k as usize].clone();
                // An impartial component's options are the same for both players: asked once.
                if side == 1 && self.impartial_leaf(m, &v) {
                    let o = self.options(m, s, n, 0)?;
                    self.opts[1][n as usize] = Some(o.clone());
                    return Ok(o);
                }
                let vals = self.leaf_options(m, s, &v, who)?;
                vals.iter().map(|o| self.node_of(m, o)).collect()
            }
            Node::Pair(a, b) => {
                let (oa, ob) = (self.options(m, s, a, side)?, self.options(m, s, b, side)?);
                if side == 1 {
                    if let (Some(la), Some(lb)) = (&self.opts[0][a as usize], &self.opts[0][b as usize]) {
                        if Rc::ptr_eq(la, &oa) && Rc::ptr_eq(lb, &ob) {
                            let o = self.options(m, s, n, 0)?;
                            self.opts[1][n as usize] = Some(o.clone());
                            return Ok(o);
                        }
                    }
                }
                let mut out = Vec::with_capacity(oa.len() + ob.len());
                out.extend(oa.iter().map(|&x| self.intern(Node::Pair(x, b))));
                out.extend(ob.iter().map(|&y| self.intern(Node::Pair(a, y))));
                out.into()
            }
        };
        self.opts[side][n as usize] = Some(out.clone());
        Ok(out)
    }

    /// Every node reachable from `root`, itself included (first).
    fn walk(&mut self, m: &mut Machine, s: &Site, root: u32) -> Result<Vec<u32>, EvalError> {
        let mut seen = Vec::new();
        let mut found = Vec::new();
        let mut stack = vec![root];
        while let Some(n) = stack.pop() {
            seen.resize(self.nodes.len(), false);
            if seen[n as usize] {
                continue;
            }
            if found.len() >= MAX_FOLLOWERS {
                return Err(s.err(ErrorKind::EngineLimit {
                    message: format!("Too many followers: more than {MAX_FOLLOWERS} positions"),
                }));
            }
            m.games.poll_interrupt();
            seen[n as usize] = true;
            found.push(n);
            let left = self.options(m, s, n, 0)?;
            let right = self.options(m, s, n, 1)?;
            seen.resize(self.nodes.len(), false);
            stack.extend(left.iter().copied().filter(|&x| !seen[x as usize]));
            if !Rc::ptr_eq(&left, &right) {
                stack.extend(right.iter().copied().filter(|&x| !seen[x as usize]));
            }
        }
        Ok(found)
    }

    fn impartial_leaf(&self, m: &mut Machine, v: &Value) -> bool {
        if let Some(b) = self.hooks.impartial(v) {
            return b;
        }
        match v {
            Value::Game(g) => m.games.is_nimber(*g),
            Value::Integer(n) => n.is_zero(),
            _ if crate::interp::classes::is_heap_position(v) => true,
            Value::Object(o) => o.class_name() == "MisereCanonicalGame",
            _ => false,
        }
    }

    /// The value of a node: a leaf's value, or CGSuite's pair `G + H`.
    fn value(&self, m: &mut Machine, n: u32, memo: &mut FxHashMap<u32, (Value, bool)>) -> (Value, bool) {
        if let Some(v) = memo.get(&n) {
            return v.clone();
        }
        let out = match self.nodes[n as usize] {
            Node::Leaf(k) => {
                let v = self.leaves[k as usize].clone();
                let imp = self.impartial_leaf(m, &v);
                (v, imp)
            }
            Node::Pair(a, b) => {
                let (x, i) = self.value(m, a, memo);
                let (y, j) = self.value(m, b, memo);
                let c = FormCompound { kind: FormCompoundKind::Sum, a: x, b: y, impartial: i && j };
                (Value::Object(Rc::new(c)), i && j)
            }
        };
        memo.insert(n, out.clone());
        out
    }
}

fn compound_sum(v: &Value) -> Option<&FormCompound> {
    match v {
        Value::Object(o) => {
            let any: &dyn std::any::Any = &**o;
            any.downcast_ref::<FormCompound>().filter(|c| c.kind == FormCompoundKind::Sum)
        }
        _ => None,
    }
}

fn run<T>(
    m: &mut Machine,
    s: &Site,
    this: &Value,
    hooks: &mut dyn Leaves,
    finish: impl FnOnce(&mut Walk, &mut Machine, Vec<u32>) -> T,
) -> Result<T, EvalError> {
    let mut w = Walk {
        hooks,
        leaves: Vec::new(),
        leaf_index: BTreeMap::new(),
        nodes: Vec::new(),
        node_index: FxHashMap::default(),
        opts: [Vec::new(), Vec::new()],
    };
    let root = w.node_of(m, this);
    let found = w.walk(m, s, root)?;
    Ok(finish(&mut w, m, found))
}

/// The number of CGSuite's followers of `this` (itself counted).
pub fn follower_count(m: &mut Machine, s: &Site, this: &Value, hooks: &mut dyn Leaves) -> Result<usize, EvalError> {
    run(m, s, this, hooks, |_, _, found| found.len())
}

/// CGSuite's followers of `this`, itself included (as given).
pub fn followers(
    m: &mut Machine,
    s: &Site,
    this: &Value,
    hooks: &mut dyn Leaves,
) -> Result<imbl::OrdSet<Value>, EvalError> {
    run(m, s, this, hooks, |w, m, found| {
        let mut memo = FxHashMap::default();
        let mut out = imbl::OrdSet::new();
        out.insert(this.clone());
        for &n in &found[1..] {
            out.insert(w.value(m, n, &mut memo).0);
        }
        out
    })
}

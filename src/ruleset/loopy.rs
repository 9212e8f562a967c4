//! Values and outcome classes of ruleset positions whose options cycle (`shared/LOOPY.md` §2.6).
//!
//! `GameValue` first tries the canonical form ([`super::memo::canonical`]); when a position is among its own
//! followers it explores the position graph instead: every position reachable by single-position options is
//! a vertex; a position that splits into components, and an option that is a sum (several positions, a
//! negated one, a constant or a loopy value), is a leaf valued on its own (recursively) and hung into the
//! graph. The engine ([`crate::game::loopy::position_values`]) values the graph by strongly connected
//! components, and every explored position keeps its value in its memo node.
//!
//! `OutcomeClass` of a cycling position builds no values for the graph itself: a draw-aware retrograde
//! analysis over (position, player to move) decides who can force a win; what neither can force is a draw.
//! Leaves that are sums are valued as for `GameValue`.

use super::memo::{canonical, describe, ensure_options, ensure_split, Split, SumRef};
use super::script::Instance;
use crate::game::loopy::{position_values, Edge, PosGraph, SideValue, Stopper};
use crate::game::Outcome;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::value::{Player, Value};
use crate::library::loopy as lv;
use crate::syntax::span::Span;
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;

/// The sides of a value (equal for a stopper).
type Sides = (SideValue, SideValue);

/// Positions whose graphs are being explored, by (instance id, node): reaching one again through a sum of
/// components is a cycle this valuation cannot express.
type Active = FxHashSet<(u64, u32)>;

fn short(g: crate::game::GameId) -> Sides {
    (SideValue::Stopper(Stopper::Short(g)), SideValue::Stopper(Stopper::Short(g)))
}

/// The short game a value is, if it is one.
fn as_short(v: &Sides) -> Option<crate::game::GameId> {
    match v {
        (SideValue::Stopper(Stopper::Short(a)), SideValue::Stopper(Stopper::Short(b))) if a == b => Some(*a),
        _ => None,
    }
}

fn engine(span: Span) -> impl Fn(ErrorKind) -> EvalError {
    move |k| EvalError::new(k, span)
}

/// The value of a position already known: its canonical form or its loopy value.
fn known(inst: &Instance, idx: u32) -> Option<Sides> {
    let memo = inst.memo.borrow();
    let n = &memo.nodes[idx as usize];
    n.canonical.map(short).or_else(|| n.loopy.as_deref().cloned())
}

/// `GameValue` of the position at node `idx` of `inst`, as a script value.
pub fn game_value(m: &mut Machine, inst: &Rc<Instance>, idx: u32, span: Span) -> Result<Value, EvalError> {
    let (on, off) = node_value(m, inst, idx, span, &mut Active::default())?;
    lv::make_general(m, on, off).map_err(engine(span))
}

/// The canonical form of a node, or `None` when the position is not short.
fn try_canonical(m: &mut Machine, inst: &Rc<Instance>, idx: u32, span: Span) -> Result<Option<Sides>, EvalError> {
    match canonical(m, inst, idx, span) {
        Ok(g) => Ok(Some(short(g))),
        Err(e) if matches!(e.kind, ErrorKind::NotShortGame { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}

fn node_value(
    m: &mut Machine,
    inst: &Rc<Instance>,
    idx: u32,
    span: Span,
    active: &mut Active,
) -> Result<Sides, EvalError> {
    if let Some(v) = known(inst, idx) {
        return Ok(v);
    }
    if active.contains(&(inst.id, idx)) {
        let position = describe(m, inst, idx);
        let message =
            format!("cgs cannot value {position}: it is among its own followers through a sum of components.");
        return Err(EvalError::new(ErrorKind::InvalidArgument { message }, span));
    }
    let _phase = crate::game::loopy::progress::Phase::start();
    let g = match native_graph(m, inst, idx, span)? {
        Some(g) => g,
        None => {
            if let Some(v) = try_canonical(m, inst, idx, span)? {
                return Ok(v);
            }
            explore(m, inst, idx, span, active)?
        }
    };
    let values = {
        let (arena, games) = lv::parts(m);
        position_values(arena, games, &g.graph, &g.fixed).map_err(|e| EvalError::new(lv::engine(e), span))?
    };
    for (v, at) in values.iter().zip(&g.at) {
        let Some((inst, node)) = at else { continue };
        let mut memo = inst.memo.borrow_mut();
        let n = &mut memo.nodes[*node as usize];
        n.loopy = Some(Box::new(v.clone()));
        if let Some(a) = as_short(v) {
            n.canonical = Some(a);
        }
    }
    Ok(values[0].clone())
}

/// `GameValue` of a sum of positions.
pub fn sum_game_value(m: &mut Machine, sum: &SumRef, span: Span) -> Result<Value, EvalError> {
    let (on, off) = sum_value(m, sum, span, &mut Active::default())?;
    lv::make_general(m, on, off).map_err(engine(span))
}

/// `OutcomeClass` of a sum of positions that is not short, from its value.
pub fn sum_outcome(m: &mut Machine, sum: &SumRef, span: Span) -> Result<Value, EvalError> {
    let x = sum_value(m, sum, span, &mut Active::default())?;
    lv::outcome_of_sides(m, &x).map_err(engine(span))
}

/// The value of a sum of terms, a constant and loopy parts.
fn sum_value(m: &mut Machine, sum: &SumRef, span: Span, active: &mut Active) -> Result<Sides, EvalError> {
    let mut total = short(sum.constant.unwrap_or_else(|| m.games.zero()));
    for t in &sum.terms {
        let mut v = node_value(m, &t.inst, t.node, span, active)?;
        if t.neg {
            v = lv::neg_side_values(m, &v);
        }
        total = lv::sum_side_values(m, &total, &v).map_err(engine(span))?;
    }
    for x in &sum.loopy {
        total = lv::sum_side_values(m, &total, x).map_err(engine(span))?;
    }
    Ok(total)
}

/// A position graph: vertex 0 is the start; `fixed[i]` is the value of a leaf (edges ignored); `at[i]` is the
/// memo node of a position vertex. `fixed` and `at` may be shorter than the graph (a native graph's
/// positions past the start are neither leaves nor memo nodes).
#[derive(Default)]
struct PositionGraph {
    graph: PosGraph,
    fixed: Vec<Option<Sides>>,
    at: Vec<Option<(Rc<Instance>, u32)>>,
}

impl PositionGraph {
    fn leaf(&mut self, v: Sides) -> Edge {
        if let Some(a) = as_short(&v) {
            return Edge::Short(a);
        }
        let i = self.graph.add_vertex();
        self.fixed.push(Some(v));
        self.at.push(None);
        Edge::Loopy(i)
    }
}

/// The position graph of node `idx` from a native move generator, when its ruleset names one with a
/// `LoopySolver(state)` hook that is on (not a `ByRules` twin) and the generator takes the state: only the
/// start is a memo node; the other positions live in the graph alone (no memo node, no script evaluation).
/// The hook returns `("FoxAndGeese", boardWidth, foxRange)` (the state is `(geese, fox)`),
/// `"BackslidingToadsAndFrogs"` (the state is the strip) or `Nothing`.
fn native_graph(
    m: &mut Machine,
    inst: &Rc<Instance>,
    idx: u32,
    span: Span,
) -> Result<Option<PositionGraph>, EvalError> {
    let Some((_, f, _)) = inst.member("LoopySolver") else { return Ok(None) };
    if super::shortcut::is_by_rules(inst) {
        return Ok(None);
    }
    let f = f.clone();
    let state = inst.memo.borrow().nodes[idx as usize].state.clone();
    let solver = super::script::call(m, &f, std::slice::from_ref(&state), span)?;
    let int = |v: &Value| if let Value::Integer(i) = v { i.as_i64() } else { None };
    let square = |v: &Value| match v {
        Value::Tuple(t) if t.len() == 2 => Some((int(&t[0])?, int(&t[1])?)),
        _ => None,
    };
    let graph = match (&solver, &state) {
        (Value::Tuple(s), Value::Tuple(st))
            if s.len() == 3 && st.len() == 2 && matches!(&s[0], Value::String(n) if &**n == "FoxAndGeese") =>
        {
            let (Some(width), Some(range)) = (int(&s[1]), int(&s[2])) else { return Ok(None) };
            let geese: Option<Vec<_>> = match &st[0] {
                Value::Set(g, _) => g.iter().map(square).collect(),
                _ => None,
            };
            let (Some(geese), Some(fox)) = (geese, square(&st[1])) else { return Ok(None) };
            let games = &m.games;
            crate::solve::fox_geese::graph(width, range, &geese, fox, &mut || games.poll_interrupt())
        }
        (Value::String(n), Value::String(st)) if &**n == "BackslidingToadsAndFrogs" => {
            let games = &m.games;
            crate::solve::backsliding::graph(st, &mut || games.poll_interrupt())
        }
        _ => None,
    };
    // Only the start is a memo node; no position is a leaf.
    Ok(graph.map(|graph| PositionGraph { graph, fixed: Vec::new(), at: vec![Some((inst.clone(), idx))] }))
}

/// Explores the graph of positions reachable from node `idx` by single-position options.
fn explore(
    m: &mut Machine,
    inst: &Rc<Instance>,
    idx: u32,
    span: Span,
    active: &mut Active,
) -> Result<PositionGraph, EvalError> {
    let mut g = PositionGraph::default();
    let mut index: FxHashMap<(u64, u32), u32> = FxHashMap::default();
    let mut todo = Vec::new();
    let mut mine = Vec::new();
    let mut vertex = |g: &mut PositionGraph, todo: &mut Vec<u32>, inst: &Rc<Instance>, node: u32| -> u32 {
        *index.entry((inst.id, node)).or_insert_with(|| {
            let i = g.graph.add_vertex();
            g.fixed.push(None);
            g.at.push(Some((inst.clone(), node)));
            crate::game::loopy::progress::explored(i as usize + 1);
            todo.push(i);
            i
        })
    };
    vertex(&mut g, &mut todo, inst, idx);
    let result = (|| {
        while let Some(i) = todo.pop() {
            m.games.poll_interrupt();
            let (inst, node) = g.at[i as usize].clone().expect("a position vertex");
            if let Some(v) = known(&inst, node) {
                g.fixed[i as usize] = Some(v);
                continue;
            }
            active.insert((inst.id, node));
            mine.push((inst.id, node));
            if let Split::Parts(sum) = ensure_split(m, &inst, node, span)? {
                g.fixed[i as usize] = Some(sum_value(m, &sum, span, active)?);
                continue;
            }
            let left = ensure_options(m, &inst, node, Player::Left, span)?;
            let right =
                if inst.impartial { left.clone() } else { ensure_options(m, &inst, node, Player::Right, span)? };
            let mut both: [Vec<Edge>; 2] = [Vec::new(), Vec::new()];
            for (side, opts) in [(0, left), (1, right)] {
                let mut edges = Vec::with_capacity(opts.len());
                for o in opts.iter() {
                    let single = o.terms.len() == 1 && !o.terms[0].neg && o.constant.is_none() && o.loopy.is_empty();
                    let e = if single {
                        Edge::Loopy(vertex(&mut g, &mut todo, &o.terms[0].inst, o.terms[0].node))
                    } else if o.terms.is_empty() && o.loopy.is_empty() {
                        Edge::Short(o.constant.unwrap_or_else(|| m.games.zero()))
                    } else {
                        let v = sum_value(m, o, span, active)?;
                        g.leaf(v)
                    };
                    edges.push(e);
                }
                both[side] = edges;
            }
            g.graph.set_edges(i, &both[0], &both[1]);
        }
        Ok(())
    })();
    for k in mine {
        active.remove(&k);
    }
    result.map(|()| g)
}

/// Who wins a state of the retrograde analysis.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Win {
    Unknown,
    Left,
    Right,
    Draw,
}

/// Who wins with `mover` to move first in a value with these sides (a draw when the sides disagree).
fn fixed_win(m: &mut Machine, v: &Sides, mover: Player, span: Span) -> Result<Win, EvalError> {
    let a = lv::side_class(m, &v.0, true).map_err(engine(span))?;
    let b = lv::side_class(m, &v.1, false).map_err(engine(span))?;
    let mover_wins = |o: Outcome| match mover {
        Player::Left => matches!(o, Outcome::L | Outcome::N),
        Player::Right => matches!(o, Outcome::R | Outcome::N),
    };
    let (me, them) = match mover {
        Player::Left => (Win::Left, Win::Right),
        Player::Right => (Win::Right, Win::Left),
    };
    Ok(match (mover_wins(a), mover_wins(b)) {
        (true, true) => me,
        (false, false) => them,
        _ => Win::Draw,
    })
}

/// `OutcomeClass` of the position at node `idx` of `inst`, by retrograde analysis when it is not short.
pub fn outcome_class(m: &mut Machine, inst: &Rc<Instance>, idx: u32, span: Span) -> Result<Value, EvalError> {
    if let Some(x) = known(inst, idx) {
        return lv::outcome_of_sides(m, &x).map_err(engine(span));
    }
    let _phase = crate::game::loopy::progress::Phase::start();
    let g = match native_graph(m, inst, idx, span)? {
        Some(g) => g,
        None => explore(m, inst, idx, span, &mut Active::default())?,
    };
    let n = g.graph.len();
    // State s = 2 * vertex + (0: Left to move, 1: Right to move).
    let mut win = vec![Win::Unknown; 2 * n];
    // The options of each state not yet decided (it is lost for the mover when they all are won by the other).
    let mut count = vec![0u32; 2 * n];
    // Predecessors, compressed: the states moving to state t are pred[start[t]..start[t + 1]]. Counted in a
    // first pass over the flat graph and filled in a second (no vector per state, no list of moves: a large
    // graph's table is a few blocks, quick to free when Ctrl-C unwinds).
    let mut start = vec![0u32; 2 * n + 1];
    let mut queue = Vec::new();
    let edges = |v: usize, k: usize| {
        if g.fixed.get(v).is_some_and(Option::is_some) {
            &[][..]
        } else {
            g.graph.player(v, k == 0)
        }
    };
    for v in 0..n {
        if v.is_multiple_of(4096) {
            m.games.poll_interrupt();
        }
        for (k, mover) in [(0, Player::Left), (1, Player::Right)] {
            let s = 2 * v + k;
            if let Some(Some(x)) = g.fixed.get(v) {
                win[s] = fixed_win(m, x, mover, span)?;
                if win[s] != Win::Draw {
                    queue.push(s);
                }
                continue;
            }
            let (mine, theirs) = match mover {
                Player::Left => (Win::Left, Win::Right),
                Player::Right => (Win::Right, Win::Left),
            };
            let mut open = 0;
            let mut decided = None;
            for e in edges(v, k) {
                match *e {
                    Edge::Loopy(w) => {
                        start[2 * w as usize + 1 - k + 1] += 1;
                        open += 1;
                    }
                    Edge::Short(x) => {
                        // The option with the opponent to move: the mover wins iff the opponent loses first.
                        let o = m.games.outcome(x);
                        let opponent_loses = match mover {
                            Player::Left => matches!(o, Outcome::L | Outcome::P),
                            Player::Right => matches!(o, Outcome::R | Outcome::P),
                        };
                        if opponent_loses {
                            decided = Some(mine);
                        }
                    }
                }
            }
            count[s] = open;
            if let Some(w) = decided {
                win[s] = w;
                queue.push(s);
            } else if open == 0 {
                win[s] = theirs;
                queue.push(s);
            }
        }
    }
    for i in 0..2 * n {
        start[i + 1] += start[i];
    }
    let arcs = start[2 * n] as usize;
    crate::game::budget::check_vec_growth(0, 0, arcs, 4);
    let mut pred = vec![0u32; arcs];
    // `fill[t]` is where the next predecessor of t goes; it ends as start[t + 1], so `start` is rebuilt by
    // shifting it.
    let mut fill = start;
    for v in 0..n {
        if v.is_multiple_of(4096) {
            m.games.poll_interrupt();
        }
        for k in 0..2 {
            for e in edges(v, k) {
                if let Edge::Loopy(w) = *e {
                    let t = 2 * w as usize + 1 - k;
                    pred[fill[t] as usize] = (2 * v + k) as u32;
                    fill[t] += 1;
                }
            }
        }
    }
    fill.rotate_right(1);
    fill[0] = 0;
    let start = fill;
    while let Some(t) = queue.pop() {
        m.games.poll_interrupt();
        let w = win[t];
        for &p in &pred[start[t] as usize..start[t + 1] as usize] {
            let p = p as usize;
            if win[p] != Win::Unknown {
                continue;
            }
            let mover_is = if p.is_multiple_of(2) { Win::Left } else { Win::Right };
            if w == mover_is {
                win[p] = w;
                queue.push(p);
            } else {
                count[p] -= 1;
                if count[p] == 0 {
                    win[p] = w;
                    queue.push(p);
                }
            }
        }
    }
    let (lf, rf) = (win[0], win[1]);
    // Onside: a draw counts for Left; offside: for Right.
    let class = Outcome::from_first_wins;
    let onside = class(lf != Win::Right, rf == Win::Right);
    let offside = class(lf == Win::Left, rf != Win::Left);
    lv::outcome_of_classes(onside, offside).map_err(engine(span))
}

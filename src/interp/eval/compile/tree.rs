//! The compiled tree's types: [`Node`] and the parts of its nodes (see the module documentation of `compile`).
//! A leaf of `compile/`: `build.rs` makes these, `run.rs`, `clauses.rs` and `call.rs` run them.

use super::super::classes::OwnClassCache;
use super::super::machine::*;
use crate::interp::env::Scope;
use crate::interp::model::types::{Library, Member};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// A compiled expression.
pub(in crate::interp::eval) enum Node {
    /// A literal's value.
    Const(Value),
    /// A local the resolver gave a slot: the slot chain from `head`, else `lookup_var` (captured, members,
    /// globals).
    Local { head: u32, name: Name, slot: Slot, span: Span },
    /// Any other variable reference: `lookup_var`. `at`: where in `this`'s variables the name was found last
    /// (`classes::this_name`).
    Var { name: Name, slot: Slot, span: Span, at: Cell<u32>, global: GlobalCache },
    /// In a top-level statement, a name no local scope of it can bind (`top.rs`): the top-level variable,
    /// else the native global, else `lookup` (a package, or the error).
    Global { name: Name, span: Span },
    /// `a op b` for an operator other than `and` / `or`.
    Binary { op: BinOp, lhs: Box<Node>, rhs: Box<Node>, span: Span },
    /// `a + b`, `a - b` (nested) of locals and integer literals: see [`SumOf`].
    SumOf(Box<SumOf>),
    /// `p + q`, `p - q` of coordinate pairs (`(m, n) + d`, `coord + direction`): see [`PairOf`].
    PairOf(Box<PairOf>),
    /// `g[p]` of a grid variable and a coordinate pair (`grid[(m, n)]`, `grid[coord + direction]`): see
    /// [`PairIndex`].
    PairIndex(Box<PairIndex>),
    /// `a and b`; the spans are those of the operands (for "not a Boolean").
    And(Box<Node>, Span, Box<Node>, Span),
    /// `a or b`.
    Or(Box<Node>, Span, Box<Node>, Span),
    /// `not a`.
    Not(Box<Node>, Span),
    /// `g[r ± …, c ± …] == s` (or `!=`): see [`CellTest`].
    CellTest(Box<CellTest>),
    /// `a and b` of two cell tests: see [`CellPair`].
    CellAnd(Box<CellPair>),
    /// `x[k]` for a local `x` and an integer literal `k` (0-based here): the element in place when `x` holds a
    /// list or tuple, else the general index.
    LocalElement { head: u32, k: usize, general: Box<Node> },
    /// `obj[keys…]`. `local`: `obj` is a local whose slot may be read in place (the keys cannot change it).
    Index { obj: Box<Node>, local: Option<u32>, keys: Vec<Node>, key_spans: Vec<Span>, span: Span },
    /// `f(args…)`, positional arguments only, `f` not a member.
    Call { callee: Box<Node>, name: Name, args: Vec<Node>, spans: Vec<Span>, span: Span },
    /// `obj.name(args…)`, positional arguments only; `cache`: the native row found last (`member.rs`; boxed,
    /// so that the node is no larger than before).
    Method { obj: Box<Node>, name: Ident, args: Vec<Node>, spans: Vec<Span>, span: Span, cache: Box<MemberCache> },
    /// `obj.Updated({k => v, …})`, the map written out.
    UpdatedLit { obj: Box<Node>, name: Ident, entries: Vec<(Node, Node)>, arg_span: Span, span: Span },
    /// `x is T` (`eval_is`). `known`: the answer `is_class_of` gave last for a library object, with that
    /// object's class and representation names (its answer depends on nothing else of such an object when `T`
    /// is not `Game`; see `is_test.rs`). `local`: where `T` was last found to name no user class.
    Is { expr: Box<Node>, ty: Ident, known: Cell<Option<IsAnswer>>, local: NoUserClass },
    /// `obj.name` (no call); `cache` as [`Node::Method`]'s.
    Member { obj: Box<Node>, name: Ident, span: Span, cache: Box<MemberCache> },
    /// `(a, b, …)`.
    Tuple(Vec<Node>),
    /// `[a, b, …]`.
    List(Vec<Node>),
    /// A local's value moved out of its slot, which is left holding `Nothing` (`x` in `x := f(…, x, …)`, see
    /// `build.rs`'s `call_taking`); unbound, the general look-up of [`Node::Local`].
    Take { head: u32, name: Name, slot: Slot, span: Span },
    /// `x := v`.
    Assign { target: Ident, slot: Slot, value: Box<Node> },
    /// `x := v` in a top-level statement, for a name no local scope of it can bind and not a class name
    /// (`top.rs`): the checks of `eval_assign` pass, and the value goes to the top-level variable.
    GlobalAssign { target: Ident, value: Box<Node> },
    /// `x := x.Append(v)`: `general` is the compiled `x.Append(v)`, `arg` the compiled `v`.
    AppendAssign { target: Ident, slot: Slot, arg: Box<Node>, general: Box<Node> },
    /// `var x := v` (`None`: `var x`).
    VarDecl { target: Ident, slot: Slot, value: Option<Box<Node>> },
    /// `begin … end`: its statements in a scope of their own.
    Block(Vec<Node>),
    /// `if c then … elseif … else … end` (the branches' statements run in the enclosing scope, as
    /// `eval_block` runs them).
    If { branches: Vec<(Node, Span, Vec<Node>)>, otherwise: Option<Vec<Node>> },
    /// `while c do … end`.
    While { cond: Box<Node>, cond_span: Span, body: Vec<Node>, span: Span },
    /// `for … do/yield … end`.
    For { clauses: Vec<Clause>, body: Vec<Node>, mode: ForMode, more: Vec<Vec<Node>> },
    /// `[e for …]`, `{e for …}`, `{k => v for …}`. `result`: a list of the class of `this` that is a method
    /// body's value (`fields.rs`'s fields mode).
    Comprehension {
        kind: CollectionKind,
        elem: Box<Node>,
        value: Option<Box<Node>>,
        clauses: Vec<Clause>,
        result: ResultMark,
    },
    /// `return v`.
    Return(Option<Box<Node>>, Span),
    /// A sub-tree the compiler leaves to the evaluator.
    Eval(Box<Expr>),
    /// `Name(args…)`, positional arguments only, `Name` a variable the resolver gave no slot: the class of
    /// `this` built at once, else the general call (`fields.rs`).
    ClassCall(Box<ClassCall>),
    /// `f(args…)` (a [`Node::Call`]) whose callee's body may be compiled into the caller's tree (`inline.rs`).
    Inline(Box<Inline>),
    /// In an inlined body: the parameter `k`, held in the inlined call's cells (`inline.rs`).
    InlineParam(Rc<[RefCell<Value>]>, usize),
    /// In an inlined body: a free name, the global (`inline.rs`).
    InlineGlobal { name: Name, span: Span, global: GlobalCache },
    /// In an inlined body: `x is T` (`inline.rs`).
    InlineIs { expr: Box<Node>, ty: Ident, known: Cell<Option<IsAnswer>> },
    /// In an inlined body: `if p is T then a else b end` for a parameter `p`, `a` and `b` expressions
    /// (`inline.rs`; `_Grid(s)`).
    InlinePick(Box<Pick>),
}

/// What the compiler knows of a comprehension for the class front's fields mode (`fields.rs`): whether it is a
/// function body's value (through `begin … end`'s last expression and `if` branches) and a list of one-argument
/// class calls `[C(e) for …]`, and whether it is the identity map `[C(g) for g in E]`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(in crate::interp::eval) enum ResultMark {
    /// Any other comprehension.
    No,
    /// `[C(e) for …]` as the body's value.
    Fields,
    /// `[C(g) for g in E]` as the body's value (one clause, no `where`/`while`, `g` its variable).
    Identity,
}

/// The global a [`Node::Var`] found last, with the stamps of the global tables it was found under
/// (`Globals::stamps`) and the captured scope of its frame: while they are the same, the same look-up finds the
/// same value (`global.rs`).
#[derive(Default)]
pub(in crate::interp::eval) struct GlobalCache(pub(super) RefCell<Option<Remembered>>);

/// What a [`GlobalCache`] holds: the value, the stamps of the global tables it was found under, and the
/// captured scope of the frame it was found in (`None`: nothing captured, or found in a method).
pub(in crate::interp::eval) struct Remembered {
    pub(super) stamps: (u64, u64),
    pub(super) scope: Option<Scope>,
    pub(super) value: Value,
}

/// The frame (its layout id and captured scope) and the stamps of the global tables under which the class name
/// of a [`Node::Is`] was last found to name no user class (`is_test.rs`).
#[derive(Default)]
pub(in crate::interp::eval) struct NoUserClass(pub(super) RefCell<Option<NoUserFrame>>);

/// What a [`NoUserClass`] holds: the layout id, the global tables' stamps and the captured scope.
pub(in crate::interp::eval) type NoUserFrame = (u32, (u64, u64), Option<Scope>);

/// `g[r ± …, c ± …] == s` or `!=` for a variable `g` ([`CellGrid`]), each coordinate a [`Sum`] (or `g[p]` of
/// a [`Pair`]), and `s` a local, a string literal
/// or an integer literal: when the coordinates are machine integers and `g` holds a grid whose cell there is
/// ASCII and `s` a string, or a grid of integers whose cell is on the board and `s` a machine integer, the
/// cell is read and compared in place (no value is made, nothing is cloned); otherwise `general`, the same
/// comparison compiled the usual way, runs (its reads are pure, so nothing is evaluated twice to any
/// effect).
pub(in crate::interp::eval) struct CellTest {
    /// Where `g` is read.
    pub(super) grid: CellGrid,
    /// Row and column.
    pub(super) keys: [Coord; 2],
    /// The string compared with.
    pub(super) rhs: CellRhs,
    /// `==` (else `!=`).
    pub(super) eq: bool,
    pub(super) general: Node,
}

/// `a and b` for two [`CellTest`]s, `sa` and `sb` the operands' spans: answered in place when both are of the
/// fast form (`a`'s answer alone when it is false), with the grid read (and found to be one) once when both
/// read the same variable (`shared`; every read of a test is pure, so `b` finds the value `a` found);
/// otherwise the operands as conditions, as `Node::And` runs them. `step`: with `shared`, `b`'s cell is always
/// `a`'s moved by this constant (`g[r - 1, c] == s and g[r - 2, c] == "."`), so `b`'s coordinates are not read
/// again; `local_step` the same for a step held by a local.
pub(in crate::interp::eval) struct CellPair {
    pub(super) a: CellTest,
    pub(super) sa: Span,
    pub(super) b: CellTest,
    pub(super) sb: Span,
    pub(super) shared: bool,
    pub(super) step: Option<(i64, i64)>,
    /// With `shared` and no `step`: `b`'s cell is always `a`'s moved by the pair this local holds
    /// (`g[(m, n)] == 0 and g[(m, n) + d] == 0`: [`Pair::value`] of `b`'s keys is exactly that sum).
    pub(super) local_step: Option<u32>,
}

/// A coordinate of a [`CellTest`]: its [`Sum`] in the shape read fastest. Repeated locals are merged into one
/// term with a coefficient (`r + dr + dr` is `r + 2·dr`); the value is the same exact sum, and any step past
/// `i64` leaves it to the general comparison, as [`Sum::value`] does.
pub(in crate::interp::eval) enum Coord {
    /// `k + a·x` for a local `x` (`r`, `c - 1`).
    One { x: u32, a: i64, k: i64 },
    /// `k + a·x + b·y` for two locals (`r + dr`, `r + dr + dr`).
    Two { x: u32, a: i64, y: u32, b: i64, k: i64 },
    /// Any other sum (elements of locals, more locals, no local).
    Sum(Sum),
    /// The row (`false`) or column (`true`) of a coordinate pair, `g[p]`'s keys for a [`Pair`] other than
    /// `(r, c)` (read out of line, so that the other forms keep their short code).
    Of(Rc<Pair>, bool),
}

/// `r + dr + dr`, `c - 1`, `r + dir[1]`: a sum of locals, elements `x[k]` of locals (`k` an integer literal)
/// and integer literals with at least one `+` or `-`. When every local (or the element of a list or tuple a
/// local holds) is a machine integer and no step leaves `i64`, its value is the sum's ([`Sum`]), read from the
/// slots with no recursion per operand; otherwise `general`, the same expression compiled the usual way, runs
/// (the reads are pure, so nothing is evaluated twice to any effect, and it computes the value in big
/// integers, or raises the error, as before).
pub(in crate::interp::eval) struct SumOf {
    pub(super) sum: Sum,
    pub(super) general: Node,
}

/// A coordinate pair expression (`compile/pair.rs`): `(r, c)` written out with each coordinate a [`Coord`], a
/// local, or `p + q` / `p - q` of pairs. Every read is pure (literals, locals and their elements), so a fast
/// path may compute it and, when it does not apply, the general path evaluate the same expression again to no
/// effect. Its value ([`Pair::value`]) is the two machine integers when every local read holds what it
/// should (a machine integer, a tuple of two) and no step leaves `i64`; otherwise `None`, and the general
/// path runs (it computes big integers, or raises the error, as before).
pub(in crate::interp::eval) enum Pair {
    /// `(r, c)`.
    Tuple([Coord; 2]),
    /// A local of this slot chain, holding a tuple of two machine integers.
    Local(u32),
    /// `p + q` (`neg`: `p - q`), componentwise.
    Sum(Box<Pair>, Box<Pair>, bool),
}

/// `p + q` or `p - q` of [`Pair`]s as a value: the tuple of two machine integers built directly when
/// [`Pair::value`] has it, otherwise `general`, the same expression compiled the usual way.
pub(in crate::interp::eval) struct PairOf {
    pub(super) pair: Pair,
    pub(super) general: Node,
}

/// `g[p]` for a variable `g` ([`CellGrid`]) and a [`Pair`] `p`: when `g` holds a grid (of characters or of
/// integers) and `p` has a value, the cell read in place (`Nothing` off the board, as the grid's own index
/// answers a pair key); otherwise `general`, the index compiled the usual way.
pub(in crate::interp::eval) struct PairIndex {
    pub(super) grid: CellGrid,
    pub(super) pair: Pair,
    pub(super) general: Node,
}

/// A coordinate: `constant` plus (or minus) its terms.
pub(in crate::interp::eval) struct Sum {
    pub(super) terms: Vec<SumTerm>,
    pub(super) constant: i128,
}

/// A term of a [`Sum`]: the local of a slot chain, or (`elem`) the element at that 0-based position of the list
/// or tuple it holds (`x[k]`, `k` a literal, as `Node::LocalElement` reads it); `neg`: subtracted.
#[derive(Clone, Copy)]
pub(in crate::interp::eval) struct SumTerm {
    pub(super) head: u32,
    pub(super) elem: Option<u32>,
    pub(super) neg: bool,
}

/// The grid of a [`CellTest`]: a local's slot chain, or a variable the resolver gave no slot (a field of
/// `this`, read in place as `Node::Var` reads it; anything else is left to the general comparison).
pub(in crate::interp::eval) enum CellGrid {
    Local(u32),
    Var { name: Name, slot: Slot, at: Cell<u32> },
}

/// The right side of a [`CellTest`].
pub(in crate::interp::eval) enum CellRhs {
    /// A string literal of one ASCII character, as that byte.
    Byte(u8),
    /// Any other string literal.
    Str(Rc<str>),
    /// An integer literal that is a machine integer.
    Int(i64),
    Local(u32),
}

/// The answer of `is_class_of` for a library object whose class and representation names are `class` and
/// `repr` (both static: the same pointer is the same name).
#[derive(Clone, Copy)]
pub(in crate::interp::eval) struct IsAnswer {
    pub(super) class: &'static str,
    pub(super) repr: &'static str,
    pub(super) answer: Option<bool>,
}

/// A compiled `for` clause.
pub(in crate::interp::eval) struct Clause {
    pub(super) var: Name,
    /// The loop variable's slot (`None`: bound by name).
    pub(super) slot: Option<u32>,
    pub(super) source: Source,
    pub(super) cond: Option<(Node, Span)>,
    pub(super) filter: Option<(Node, Span)>,
    pub(super) span: Span,
}

/// What a compiled clause ranges over (`ForSource`). One per clause, built once when a body is compiled and
/// never moved while it runs, so the size of the `Range` variant costs nothing.
#[allow(clippy::large_enum_variant)]
pub(in crate::interp::eval) enum Source {
    In(Node, Span),
    Assign(Node),
    Forever,
    Range { from: Node, from_span: Span, to: Option<(Node, Span)>, by: Option<(Node, Span)> },
}

/// The row a compiled member call found last and the kind of receiver it was found for (see `member.rs`); empty until a call finds such a row. `constant`: for `obj.name`, the object and the value
/// read when the object declares the member constant (`Object::constant_member`).
#[derive(Default)]
pub(in crate::interp::eval) struct MemberCache(
    pub(super) Cell<Option<Kept>>,
    pub(super) RefCell<Option<(Rc<dyn Object>, Value)>>,
);

/// What a [`MemberCache`] holds. `library`: the class library the row was found in (the installed one; a
/// machine with another finds its own).
#[derive(Clone, Copy)]
pub(super) struct Kept {
    pub(super) kind: Kind,
    pub(super) library: *const Library,
    pub(super) member: &'static Member,
}

/// A receiver's kind, as far as finding a member goes: an object's fixed table (its address), or the variant
/// of a value whose tables its variant alone decides (`tables_for`: a rational is left out, as its tables
/// depend on whether it is dyadic).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Table(*const Member),
    Variant(u8),
}

// ---- the parts of `fields.rs`'s and `inline.rs`'s nodes (declared here so that this file stays a leaf) ----

/// A compiled `Name(args…)` (see the module documentation).
pub(in crate::interp::eval) struct ClassCall {
    /// The callee as the general call runs it (a [`Node::Var`]).
    pub(super) callee: Node,
    /// The callee's name, interned, with its slot cell and `this_name`'s hint.
    pub(super) name: Name,
    pub(super) slot: Slot,
    pub(super) at: Cell<u32>,
    pub(super) args: Vec<Node>,
    pub(super) spans: Vec<Span>,
    pub(super) span: Span,
    pub(super) cache: OwnClassCache,
}

/// A call that may be inlined: the ordinary call (a [`Node::Call`]) and what its callee was found to be.
pub(in crate::interp::eval) struct Inline {
    pub(super) call: Node,
    pub(super) state: RefCell<Option<Rc<Inlined>>>,
}

/// The function a call found last, with its body compiled for the call (`None`: not inlinable).
pub(super) struct Inlined {
    pub(super) func: Rc<Function>,
    pub(super) body: Option<Body>,
}

/// An inlined body: the node, its parameters' cells, the type names of its `is` tests and the stamps of the
/// global tables under which none of them named a user class.
pub(super) struct Body {
    pub(super) node: Node,
    pub(super) params: Rc<[RefCell<Value>]>,
    pub(super) names: Vec<Name>,
    pub(super) stamps: Cell<Option<(u64, u64)>>,
}

/// A [`Node::InlinePick`]: the test `p is ty` of the parameter `cells[k]` (`known` as [`Node::InlineIs`]'s),
/// then `then` when it holds, else `otherwise`. `identity`: the answer for which the branch taken is `p`
/// itself (`_Grid`'s `else s`), when one is.
pub(in crate::interp::eval) struct Pick {
    pub(super) cells: Rc<[RefCell<Value>]>,
    pub(super) k: usize,
    pub(super) ty: Ident,
    pub(super) known: Cell<Option<IsAnswer>>,
    pub(super) then: Node,
    pub(super) otherwise: Node,
    pub(super) identity: Option<bool>,
}

/// A literal as its constant node (`build.rs` and `inline.rs` compile them alike).
pub(super) fn literal(e: &Expr) -> Option<Node> {
    Some(Node::Const(match &e.kind {
        ExprKind::Integer(n) => Value::int_literal(n),
        ExprKind::Str(s) => Value::short_str(s),
        ExprKind::Bool(b) => Value::Boolean(*b),
        ExprKind::Nothing => Value::Nothing,
        ExprKind::Player(PlayerLit::Left) => Value::Player(Player::Left),
        ExprKind::Player(PlayerLit::Right) => Value::Player(Player::Right),
        _ => return None,
    }))
}

//! The spanned abstract syntax tree produced by the parser and walked by the interpreter.
//!
//! Everything is an expression ([`Expr`]); statements such as `for` and `def` are expression kinds whose value
//! is `Nothing` (or, for `for … yield`, a list), and an assignment's value is the value assigned. Function bodies
//! are held in `Rc` so that closures can share them without copying the tree.

pub use super::slot::{Compiled, Layout, Resolved, Slot};
use super::span::Span;
use num_bigint::BigInt;
use std::rc::Rc;

/// An identifier. Cheap to clone.
pub type Name = Rc<str>;

/// An identifier together with where it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    /// The name.
    pub name: Name,
    /// Where it was written.
    pub span: Span,
}

/// A node of the tree: what it is and where it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it was written.
    pub span: Span,
}

/// A sequence of statements separated by `;`: a `begin … end` body, a branch, a loop body, a cell.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// The statements in order.
    pub stmts: Vec<Expr>,
    /// Whether the last statement was followed by `;` (which, at the top of a cell, suppresses printing).
    pub trailing_semicolon: bool,
    /// Where it was written.
    pub span: Span,
}

/// The kinds of expression.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// An integer literal of any size.
    Integer(BigInt),
    /// A string literal, escapes already resolved.
    Str(String),
    /// `true` or `false`.
    Bool(bool),
    /// `Nothing`.
    Nothing,
    /// `Left` or `Right`.
    Player(PlayerLit),
    /// A variable or global name, with the frame slot the resolver gives it inside a function (`resolve.rs`).
    Var(Name, Slot),
    /// `*`, `*3`, `*n`, `*(n+1)`: the nimber of the given size (`*` alone is size 1).
    Nimber(Option<Box<Expr>>),
    /// Up literals: `^` `^^` `^3` `^n` `v` `vv` `v3`, optionally followed by a star part (`^*`, `^*3`, `v3*2`).
    Up {
        /// +1 for `^`, -1 for `v`.
        sign: i8,
        /// How many ups.
        count: UpCount,
        /// The star part: `None` if absent; `Some(None)` for a bare `*`; `Some(Some(e))` for `*e`.
        star: Option<Option<Box<Expr>>>,
    },
    /// `<L1, L2 | R1>` with slash stacking already resolved into nested literals.
    GameLit {
        /// Left options (a collection-valued option is flattened at run time).
        left: Vec<Expr>,
        /// Right options.
        right: Vec<Expr>,
    },
    /// `'<L | R>'`: an explicit game form (the inner expression is a `GameLit`).
    Explicit(Box<Expr>),
    /// `pass` as an option of a game literal (anywhere else it is the error "Unexpected `pass`.").
    Pass,
    /// `a<…>`: a game literal (a `GameLit`) whose node is named `a` inside it.
    Labelled {
        /// The label.
        label: Ident,
        /// The literal.
        lit: Box<Expr>,
    },
    /// `[a, b]`.
    List(Vec<Expr>),
    /// `{a, b}`.
    Set(Vec<Expr>),
    /// `{k => v, …}`; `{=>}` is the empty map.
    Map(Vec<(Expr, Expr)>),
    /// `(a, b)`: a tuple, used for grid coordinates.
    Tuple(Vec<Expr>),
    /// `[e for …]`, `{e for …}`, `{k => v for …}`; also the argument of `Sum(x for x in L)` (as `List`).
    Comprehension {
        /// Which collection is built.
        kind: CollectionKind,
        /// The element (for maps, the key).
        elem: Box<Expr>,
        /// For maps, the value.
        value: Option<Box<Expr>>,
        /// The `for` clauses, outermost first.
        clauses: Vec<ForClause>,
    },
    /// A unary operator.
    Unary {
        /// Which operator.
        op: UnaryOp,
        /// Its operand.
        expr: Box<Expr>,
    },
    /// A binary operator (`and`/`or` short-circuit).
    Binary {
        /// Which operator.
        op: BinOp,
        /// Left operand.
        lhs: Box<Expr>,
        /// Right operand.
        rhs: Box<Expr>,
    },
    /// `a..b` or `a..b..step`: the integers from `a` to `b` (inclusive) by `step` (default 1).
    Range {
        /// Start.
        from: Box<Expr>,
        /// Inclusive end.
        to: Box<Expr>,
        /// Step.
        by: Option<Box<Expr>>,
    },
    /// `x is Game`.
    Is {
        /// The value tested.
        expr: Box<Expr>,
        /// The type name.
        ty: Ident,
    },
    /// `x.Member` (a property, or a method when the parent is a [`ExprKind::Call`]'s callee).
    Member {
        /// The object.
        obj: Box<Expr>,
        /// The member name.
        name: Ident,
    },
    /// `f(args)` or `x.Method(args)`.
    Call {
        /// What is called.
        callee: Box<Expr>,
        /// The positional arguments.
        args: Vec<Expr>,
        /// The named arguments `name => value`, in source order (they follow every positional argument).
        named: Vec<NamedArg>,
    },
    /// `x[i]`, `g[r, c]`.
    Index {
        /// The collection.
        obj: Box<Expr>,
        /// One or more indices.
        indices: Vec<Expr>,
    },
    /// `x -> e`, `(x, y) -> e`.
    Lambda(Rc<FunctionDef>),
    /// `def f(x) := e` / `def f(x) begin … end`: binds `f` in the current scope.
    Def(Rc<FunctionDef>),
    /// `x := e` (also declares `x` at top level).
    Assign {
        /// The variable.
        target: Ident,
        /// The value.
        value: Box<Expr>,
        /// The variable's slot (`resolve.rs`).
        slot: Slot,
    },
    /// `x[i] := e`, `m[k] := e`, `x[i][j] := e`: rebinds the variable `x` to a copy of its list or map with one
    /// element replaced (collections are values: other holders of the old collection keep it).
    IndexAssign {
        /// The variable holding the collection.
        target: Ident,
        /// The bracket groups after it, left to right (never empty).
        path: Vec<IndexStep>,
        /// The value.
        value: Box<Expr>,
        /// The variable's slot (`resolve.rs`).
        slot: Slot,
    },
    /// `var x := e` or `var x`.
    VarDecl {
        /// The variable.
        target: Ident,
        /// Its initial value (`Nothing` if absent).
        value: Option<Box<Expr>>,
        /// The variable's slot (`resolve.rs`).
        slot: Slot,
    },
    /// `begin … end`.
    Block(Block),
    /// `if c then … elseif c2 then … else … end`.
    If {
        /// Each condition with its branch, in order.
        branches: Vec<(Expr, Block)>,
        /// The `else` branch.
        otherwise: Option<Block>,
    },
    /// `for … do … end` (value `Nothing`) or `for … yield e end` (value: the list of yielded values).
    For {
        /// The clauses, outermost first.
        clauses: Vec<ForClause>,
        /// The body.
        body: Block,
        /// `do` or `yield`.
        mode: ForMode,
        /// Further `yield` blocks (`for … yield a yield b end`): each binding yields the body's value, then
        /// each of these in order.
        more: Vec<Block>,
    },
    /// `while c do … end`.
    While {
        /// The condition.
        cond: Box<Expr>,
        /// The body.
        body: Block,
    },
    /// `break`.
    Break,
    /// `continue`.
    Continue,
    /// `return` or `return e`.
    Return(Option<Box<Expr>>),
    /// `ruleset Name(params) … end`.
    Ruleset(Rc<RulesetDef>),
    /// `class Name(params) extends … end` or `enum Name A, B; … end` (docs/LANGUAGE.md §10, classes).
    Class(Rc<ClassDef>),
    /// `import game.grid.*` or `import game.grid.Clobber`: checks that the name exists (every name of
    /// CGSuite's library is global in cgs).
    Import {
        /// The qualified name, segment by segment.
        path: Vec<Ident>,
        /// Whether it ends in `.*`.
        all: bool,
    },
    /// `x ? 2`, `xs...`, `x as T` inside parentheses: a parameter, valid only as part of a lambda's head (the
    /// parser reports it anywhere else).
    Param(Box<Param>),
    /// A syntax error already reported by the parser; evaluating it is an internal error.
    Error,
}

/// One bracket group of an element assignment's target: `[i]` or `[i, j]` (the same as `[i][j]`).
#[derive(Clone, Debug, PartialEq)]
pub struct IndexStep {
    /// Its indices, in order.
    pub indices: Vec<Expr>,
    /// The target up to and including this group's `]`: `x[i]` in `x[i][j] := e`.
    pub span: Span,
}

/// `Left` / `Right` as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerLit {
    /// `Left`.
    Left,
    /// `Right`.
    Right,
}

/// How many ups an up literal denotes.
#[derive(Clone, Debug, PartialEq)]
pub enum UpCount {
    /// `^`, `^^`, `vvv`: the number of symbols.
    Repeat(u32),
    /// `^3`, `^n`, `^(n+1)`, `v3`: an expression.
    Expr(Box<Expr>),
}

/// Which collection a comprehension builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CollectionKind {
    /// `[…]`.
    List,
    /// `{…}`.
    Set,
    /// `{k => v …}`.
    Map,
}

/// `for` or `yield` loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForMode {
    /// `do … end`.
    Do,
    /// `yield … end`.
    Yield,
}

/// One `for` clause: `x in coll`, `i from a to b by s`, each with an optional `where`.
#[derive(Clone, Debug, PartialEq)]
pub struct ForClause {
    /// The loop variable.
    pub var: Ident,
    /// What it ranges over.
    pub source: ForSource,
    /// The `while` condition: the clause stops at the first binding for which it is false.
    pub cond: Option<Expr>,
    /// The `where` filter.
    pub filter: Option<Expr>,
    /// Where the clause was written.
    pub span: Span,
    /// The loop variable's slot (`resolve.rs`).
    pub slot: Slot,
}

/// What a loop variable ranges over.
#[derive(Clone, Debug, PartialEq)]
pub enum ForSource {
    /// `in coll`.
    In(Expr),
    /// `x := v`: binds the variable once (CGSuite's `forAssignLoopAntecedent`).
    Assign(Box<Expr>),
    /// The antecedent `while c [where p]` of a `while … yield`/`while … where` loop: no variable, repeats
    /// until the clause's `while` condition fails.
    Forever,
    /// `from a to b by s` (`to` and `by` optional; no `to` means unbounded).
    Range {
        /// Start.
        from: Box<Expr>,
        /// Inclusive end.
        to: Option<Box<Expr>>,
        /// Step (default 1).
        by: Option<Box<Expr>>,
    },
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-x`.
    Neg,
    /// `+x`.
    Plus,
    /// `+-G`.
    PlusMinus,
    /// `not x`.
    Not,
}

/// Binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `x +- y` = `x + (+-y)`.
    PlusMinus,
    /// `*`.
    Mul,
    /// `/`.
    Div,
    /// `%`.
    Mod,
    /// `^` (power of numbers).
    Pow,
    /// `G : H` (ordinal sum).
    OrdinalSum,
    /// `S & T` (sidling: onside S, offside T).
    Sidle,
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `===`: the same value (CGSuite's reference equality; cgs values are immutable, so structural).
    Same,
    /// `!==`.
    NotSame,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `<>` (confused with).
    Confused,
    /// `<|` (less than or confused with).
    LessOrConfused,
    /// `|>` (greater than or confused with).
    GreaterOrConfused,
    /// `and`.
    And,
    /// `or`.
    Or,
}

impl BinOp {
    /// Whether the operator compares two values: `==`, `!=`, the four orders and the three confusion operators
    /// (`<>`, `<|`, `|>`).
    pub fn compares(self) -> bool {
        matches!(
            self,
            BinOp::Eq
                | BinOp::Ne
                | BinOp::Lt
                | BinOp::Le
                | BinOp::Gt
                | BinOp::Ge
                | BinOp::Confused
                | BinOp::LessOrConfused
                | BinOp::GreaterOrConfused
        )
    }

    /// How the operator is written in source (used by messages and the AST printer).
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::PlusMinus => "+-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Mod => "%",
            BinOp::Pow => "^",
            BinOp::OrdinalSum => ":",
            BinOp::Sidle => "&",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Same => "===",
            BinOp::NotSame => "!==",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Confused => "<>",
            BinOp::LessOrConfused => "<|",
            BinOp::GreaterOrConfused => "|>",
            BinOp::And => "and",
            BinOp::Or => "or",
        }
    }
}

/// A named argument `name => value` of a call.
#[derive(Clone, Debug, PartialEq)]
pub struct NamedArg {
    /// The parameter it names.
    pub name: Ident,
    /// Its value.
    pub value: Expr,
}

/// A function parameter: `x`, `x as Integer`, `x ? default`, `xs...` (CGSuite's `methodParameter`).
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// Its name.
    pub name: Ident,
    /// `as Type`: the class an argument must belong to.
    pub ty: Option<Ident>,
    /// Whether it may be omitted (`x ?` or `x ? default`).
    pub optional: bool,
    /// The value of an omitted optional parameter (`Nothing` when absent).
    pub default: Option<Expr>,
    /// `xs...`: collects the remaining positional arguments into a list.
    pub varargs: bool,
}

impl Param {
    /// A plain required parameter.
    pub fn plain(name: Ident) -> Param {
        Param { name, ty: None, optional: false, default: None, varargs: false }
    }

    /// Whether the parameter is plain: required, untyped and not `...` (an argument binds to it as it is).
    pub fn is_plain(&self) -> bool {
        self.ty.is_none() && !self.optional && !self.varargs
    }
}

/// A function: a `def`, a lambda, or a ruleset member.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionDef {
    /// The name (`None` for lambdas).
    pub name: Option<Ident>,
    /// The parameters, in order.
    pub params: Vec<Param>,
    /// The body.
    pub body: Expr,
    /// The whole definition.
    pub span: Span,
    /// The slot of its name in the enclosing function, for a `def` inside a function (`resolve.rs`).
    pub slot: Slot,
    /// The layout of its call frame, computed on the first call (`resolve.rs`).
    pub resolved: Resolved,
    /// Its compiled body, made on a call (`interp::eval::compile`).
    pub compiled: Compiled,
}

impl FunctionDef {
    /// A definition not resolved yet.
    pub fn new(name: Option<Ident>, params: Vec<Param>, body: Expr, span: Span) -> FunctionDef {
        FunctionDef {
            name,
            params,
            body,
            span,
            slot: Slot::default(),
            resolved: Resolved::default(),
            compiled: Compiled::default(),
        }
    }
}

/// `ruleset Name(params) def … end`.
#[derive(Clone, Debug, PartialEq)]
pub struct RulesetDef {
    /// The ruleset's name.
    pub name: Ident,
    /// Schema parameters: `None` for `ruleset Kayles`, `Some([])` for `ruleset K()`.
    pub params: Option<Vec<Ident>>,
    /// The `def`s of its body, in order (`Options`, `Components`, `Show`, and members).
    pub defs: Vec<Rc<FunctionDef>>,
    /// The whole declaration.
    pub span: Span,
}

/// A modifier written before `class`, `def` or `var` in a class body (`override`, `static`, `mutable`,
/// `singleton`).
#[derive(Clone, Debug, PartialEq)]
pub struct Modifier {
    /// The keyword.
    pub name: &'static str,
    /// Where it was written.
    pub span: Span,
}

/// `class Name(params) extends A, B … end` or `enum Name A, B; … end`.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassDef {
    /// The class name.
    pub name: Ident,
    /// Whether it is an `enum`.
    pub is_enum: bool,
    /// Modifiers before `class`.
    pub modifiers: Vec<Modifier>,
    /// Constructor parameters: `None` for a class without parentheses (no constructor).
    pub params: Option<Vec<Param>>,
    /// The `extends` clause: qualified names, segment by segment.
    pub extends: Vec<Vec<Ident>>,
    /// An enum's elements, in order.
    pub elements: Vec<Ident>,
    /// The declarations of the body, in order.
    pub members: Vec<ClassMember>,
    /// The whole declaration.
    pub span: Span,
}

/// One declaration of a class body.
#[derive(Clone, Debug, PartialEq)]
pub enum ClassMember {
    /// `def M(params) := e` (a method) or `def M := e` (a property: `params` is `None`).
    Def {
        /// Its modifiers.
        modifiers: Vec<Modifier>,
        /// The definition (its parameters are empty for a property).
        def: Rc<FunctionDef>,
        /// Whether it was written without parentheses (a property, invoked on access).
        property: bool,
    },
    /// `var x := e, y;`
    Var {
        /// Its modifiers.
        modifiers: Vec<Modifier>,
        /// Each variable with its initializer.
        vars: Vec<(Ident, Option<Expr>)>,
    },
    /// A nested class declaration (CGSuite's `class Position(grid as Grid) extends GridGame … end` inside a
    /// ruleset class): a class of each object of the enclosing class.
    Nested(Rc<ClassDef>),
    /// A statement of the class body (CGSuite's initializer: `if foxRange < 1 then error(…) end` in
    /// `GenFoxAndGeese`), evaluated each time an object is built, in order with the `var`s.
    Init(Expr),
}

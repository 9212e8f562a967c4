//! Evaluation errors: a structured [`ErrorKind`], the span it points at and the chain of calls it happened in.
//!
//! Errors stay structured until the edge: the only place that turns a kind into a sentence is
//! [`ErrorKind::message`], and the only place that turns an [`EvalError`] into something renderable is
//! `impl From<&EvalError> for Diagnostic`. Values that an error mentions (a game, an index) are kept as their
//! printed form, rendered when the error is raised, because rendering needs the game store.

use crate::diag::Diagnostic;
use crate::syntax::span::Span;
use std::fmt;

/// How many arguments a function or member takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    /// Exactly this many.
    Exact(usize),
    /// Between the two bounds, inclusive.
    Range(usize, usize),
    /// At least this many.
    AtLeast(usize),
}

impl Arity {
    /// Whether `n` arguments are accepted.
    pub fn accepts(self, n: usize) -> bool {
        match self {
            Arity::Exact(k) => n == k,
            Arity::Range(lo, hi) => (lo..=hi).contains(&n),
            Arity::AtLeast(k) => n >= k,
        }
    }

    fn describe(self) -> String {
        let plural = |k: usize| if k == 1 { "argument" } else { "arguments" };
        match self {
            Arity::Exact(k) => format!("{k} {}", plural(k)),
            Arity::Range(lo, hi) => format!("{lo} to {hi} arguments"),
            Arity::AtLeast(k) => format!("at least {k} {}", plural(k)),
        }
    }
}

/// What went wrong. Each variant carries the data its message needs; [`ErrorKind::message`] words it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A name that is neither a variable nor a global.
    UndefinedVariable {
        /// The name.
        name: String,
    },
    /// An operator applied to operands it has no meaning for.
    NoOperation {
        /// The operator as written (`+`, `<=`, `unary -`).
        op: &'static str,
        /// The operand types, left to right.
        types: Vec<String>,
    },
    /// `x.Foo` where the type of `x` has no member `Foo`.
    NotAMember {
        /// The qualified name of the object's class (`cgsuite.lang.List`), as CGSuite names it.
        ty: String,
        /// The member name.
        name: String,
    },
    /// A call with the wrong number of arguments.
    ArgumentCount {
        /// What the callee accepts.
        expected: Arity,
        /// How many were given.
        got: usize,
    },
    /// A native function or member got an argument of the wrong type.
    ArgumentType {
        /// The function or member.
        function: String,
        /// 1-based position of the argument.
        position: usize,
        /// What it needs (a type name or a short description such as `non-negative Integer`).
        expected: &'static str,
        /// The type it got.
        got: &'static str,
    },
    /// `x / 0`, `x % 0`, `0 ^ -1`.
    DivisionByZero,
    /// A list, string or tuple index outside `1..=length`, or not an integer.
    IndexOutOfBounds {
        /// The index as printed.
        index: String,
    },
    /// `m[k]` for a key the map does not have.
    KeyNotFound {
        /// The key as printed.
        key: String,
    },
    /// `x[i]` on a value that has no elements.
    NotIndexable {
        /// Its type.
        ty: &'static str,
    },
    /// `x[i] := v` where `x` (or the element being updated) is not a list or a map.
    NotAssignable {
        /// Its type.
        ty: &'static str,
    },
    /// `x(…)` on a value that is not a function.
    NotCallable {
        /// Its type.
        ty: &'static str,
    },
    /// `for x in v` where `v` is not a collection.
    NotIterable {
        /// Its type.
        ty: &'static str,
    },
    /// A condition (`if`, `while`, `where`, `and`, `or`, `not`) that is not a Boolean.
    NotBoolean {
        /// Its class, qualified as CGSuite names it (`game.Integer`).
        ty: String,
    },
    /// A function's result of the wrong class where one class is expected (a `SortedWith` comparator's must be an
    /// integer): the expected class and the class found, qualified as CGSuite names them.
    ExpectedClass(Box<[String; 2]>),
    /// A script function given to a collection's predicate or comparator member with another number of
    /// parameters than the member passes (CGSuite 2.2 checks it before the first call).
    FunctionArity {
        /// The parameters the member passes.
        expecting: usize,
        /// The function's parameters.
        has: usize,
    },
    /// An element of a game literal (or an operand converted to a game) that is not a game.
    NotAGame {
        /// Its type.
        ty: &'static str,
        /// Its printed form.
        value: String,
    },
    /// `*n`, `^n`, a loop bound or similar that must be an integer of a certain range.
    ExpectedInteger {
        /// What the integer is for, e.g. "nimber size".
        what: &'static str,
        /// The printed value.
        value: String,
    },
    /// An argument outside the domain of a member, worded as CGSuite words it
    /// (e.g. "Argument to Lb is not strictly positive: 0").
    InvalidArgument {
        /// The whole message.
        message: String,
    },
    /// `x is Foo` for an unknown type name.
    UnknownType {
        /// The name.
        name: String,
    },
    /// The script called itself too deeply.
    RecursionDepth,
    /// The user pressed Ctrl-C.
    Interrupted,
    /// `error("…")` in a script.
    Script {
        /// The message given.
        message: String,
    },
    /// `break` or `continue` outside a loop.
    LoopControlOutsideLoop {
        /// `break` or `continue`.
        keyword: &'static str,
    },
    /// `return` outside a function.
    ReturnOutsideFunction,
    /// `G.AtomicWeight` of a game that is not atomic.
    NotAtomic {
        /// The game as printed.
        game: String,
    },
    /// `G.Cool(t)` with `t <= -1`.
    InvalidCoolingTemperature {
        /// The temperature as printed.
        temperature: String,
    },
    /// An operation defined only on nimbers.
    NotANimber {
        /// The game as printed.
        game: String,
    },
    /// An operation defined only on uptimals.
    NotUptimal {
        /// The game as printed.
        game: String,
    },
    /// `G.Pow(x)` with G not of the form `<0|H>`.
    InvalidPowBase,
    /// `G.Pow(x)`/`G.PowTo(x)` with an exponent below the least allowed.
    InvalidExponent {
        /// The exponent as printed.
        exponent: String,
        /// The least allowed, as printed.
        least: String,
    },
    /// `G.SumberForm` of a game that is not a sumber.
    NotASumber {
        /// The game as printed.
        game: String,
    },
    /// An operation that needs a positive game.
    NotPositive {
        /// The game as printed.
        game: String,
    },
    /// A number too large for the game engine's exact range, or an absurdly large result.
    Overflow,
    /// A power `a ^ e` whose result would be larger than the limit on its size (issue 36 row 15).
    PowerTooLarge {
        /// About how many bits the result would have (`u64::MAX`: at least that many).
        bits: u64,
        /// The limit, in bits.
        limit: u64,
    },
    /// An up multiple `n·↑` beyond the engine's bound (`|n| <= 2^20`).
    UpsTooLarge,
    /// A walk of all followers of a game that has an integer beyond 2^20 among them.
    TooManyFollowers {
        /// The integer, as printed.
        number: String,
    },
    /// A computation beyond one of the engine's bounds (the message says which).
    EngineLimit {
        /// The sentence.
        message: String,
    },
    /// A walk that needed the options of a nimber beyond the engine's bound on listed options.
    TooManyOptions {
        /// The game whose options were needed, as printed.
        game: String,
        /// How many options it has for each player.
        count: String,
    },
    /// An operation that needs the canonical form in the engine's arena, on a game whose number part is
    /// beyond it (`2^100 + ^`).
    BeyondArena {
        /// The game as printed.
        value: String,
    },
    /// A parameter name used twice in one function (CGSuite: "Duplicate var: `x`").
    DuplicateVar {
        /// The name.
        name: String,
    },
    /// More positional arguments than a function's parameters (CGSuite's wording).
    TooManyArguments {
        /// How many were given.
        got: usize,
        /// How many the function takes at most.
        most: usize,
    },
    /// A required parameter neither given positionally nor by name.
    MissingParameter {
        /// The parameter.
        name: String,
    },
    /// `f(z => 1)` where `f` has no parameter `z`; `function` is `None` for a script function ("in function
    /// call"), else the built-in's name.
    InvalidParameterName {
        /// The built-in called, if not a script function.
        function: Option<String>,
        /// The name given.
        name: String,
    },
    /// `f(1, x => 2)` where `1` already gave `x`.
    NamedShadowsPositional {
        /// The parameter.
        name: String,
    },
    /// An argument whose class is not the parameter's declared one (`x as Integer`).
    ArgumentClass {
        /// The parameter.
        name: String,
        /// The argument's class, qualified as CGSuite prints it.
        got: String,
        /// The declared class, qualified.
        expected: String,
    },
    /// A call of a method CGSuite declares more than once (overloads) whose arguments fit none of them (CGSuite:
    /// "Method `Max` in class `game.Integer` cannot be applied to argument types: `cgsuite.lang.String`").
    NotApplicable {
        /// The method.
        method: String,
        /// The class of the object it was called on, qualified.
        class: String,
        /// The arguments' classes, qualified.
        types: Vec<String>,
    },
    /// [`ErrorKind::ArgumentClass`] in a call CGSuite names (`call to \`game.heap.TakeAndBreak\` constructor`):
    /// the parameter, the argument's class and the declared class, qualified, and the call. Boxed, so errors stay
    /// small.
    CallArgumentClass(Box<[String; 4]>),
    /// An error of a call's arguments that reads "(in function call)" for a script function (too many, a
    /// required parameter missing, an unknown name, a name given twice), in a call CGSuite names instead: a
    /// library function's (`call to \`cgsuite.lang.constants.Max\``) or a class's constructor (`call to \`C\`
    /// constructor`). Built by [`ErrorKind::in_call`]; boxed, so errors stay small.
    ArgumentsInCall(Box<(String, ErrorKind)>),
    /// `game.grid.Foo`: a name CGSuite's package does not declare.
    NotInPackage {
        /// The qualified name.
        name: String,
    },
    /// `game.grid.Kings`: a name of CGSuite's library that cgs does not have.
    NotInCgs {
        /// The qualified name.
        name: String,
    },
    /// `x as Foo` where `Foo` is not a class.
    UnknownParameterClass {
        /// The name written.
        name: String,
    },
    /// An assignment to the name of a class (CGSuite: "Cannot assign to class name as variable: `Integer`").
    AssignToClassName {
        /// The name.
        name: String,
    },
    /// The memory budget was exceeded (see `crate::game::budget`): bytes in use and the budget.
    OutOfMemory {
        /// Live bytes when the computation was stopped.
        used: usize,
        /// The budget.
        limit: usize,
    },
    /// A rational that is not dyadic used where a game is needed.
    NotDyadic {
        /// The number as printed.
        value: String,
    },
    /// A feature the interpreter knows about but does not implement yet.
    NotSupported {
        /// What, e.g. "rulesets".
        what: &'static str,
    },
    /// Writing output failed.
    Output {
        /// The I/O error.
        message: String,
    },
    /// A `ruleset` declaration without `def Options`.
    RulesetWithoutOptions {
        /// The ruleset's name.
        ruleset: String,
    },
    /// A hook (`Options`, `Components`, `Show`, `Canonical`) defined twice in one ruleset.
    RulesetHookTwice {
        /// The ruleset's name.
        ruleset: String,
        /// The hook.
        hook: String,
    },
    /// A hook or member of a ruleset with the wrong number of parameters.
    RulesetHookArity {
        /// The ruleset's name.
        ruleset: String,
        /// The hook (`Options`, `Show`, …) or member.
        hook: String,
        /// What it must take.
        expected: &'static str,
        /// How many parameters it has.
        got: usize,
    },
    /// A ruleset state that cannot be hashed (a function, a thermograph, a position).
    UnhashableState {
        /// The type of the offending part.
        ty: &'static str,
    },
    /// A ruleset hook (`Options`, `Components`) that returned something other than a collection.
    HookResult {
        /// The hook.
        hook: &'static str,
        /// The type it returned.
        ty: &'static str,
    },
    /// A position that is among its own followers.
    NotShortGame {
        /// The position as printed.
        position: String,
    },
    /// A malformed grid or grid cell.
    InvalidGrid {
        /// What is wrong.
        message: String,
    },
    /// A misère or obligated operation on a game that is not impartial.
    NotImpartial {
        /// The game as printed.
        game: String,
    },
    /// `TakeAndBreak(code)` with a malformed code.
    InvalidTakeBreakCode {
        /// The code as given.
        code: String,
        /// The parser's explanation.
        reason: String,
    },
    /// A take-and-break code whose heaps can grow back to a size being evaluated.
    LoopyTakeBreak {
        /// The code.
        code: String,
        /// The heap where the loop was found.
        heap: usize,
    },
    /// A brute-force search that would build more positions than allowed.
    SearchTooLarge {
        /// The limit.
        limit: usize,
    },
    /// A bug in cgs itself.
    Internal {
        /// What went wrong.
        what: String,
    },
}

/// What CGSuite names as the call an argument of the wrong class was given to.
#[derive(Clone, Copy, Debug)]
pub enum Callee<'a> {
    /// A script function (`def f(x as Integer)`, a lambda): "in function call".
    Function,
    /// A method, by its declaring class and its name (`game.CanonicalShortGame`, `Heat`): "in call to
    /// `game.CanonicalShortGame.Heat`".
    Method(&'a str, &'a str),
    /// A class's constructor, by the class (`game.heap.GenCutcake`): "in call to `game.heap.GenCutcake` constructor".
    Constructor(&'a str),
}

impl Callee<'_> {
    /// The call as CGSuite's messages name it: "function call", "call to `game.CanonicalShortGame.Heat`",
    /// "call to `game.heap.GenCutcake` constructor".
    pub fn describe(self) -> String {
        match self {
            Callee::Function => "function call".to_string(),
            Callee::Method(class, method) => format!("call to `{class}.{method}`"),
            Callee::Constructor(class) => format!("call to `{class}` constructor"),
        }
    }
}

impl ErrorKind {
    /// This error of a call's arguments, naming `callee` where a script function's call reads "(in function
    /// call)": an argument of the wrong class, too many arguments, a missing, unknown or repeated parameter name
    /// (CGSuite: "Too many arguments (in call to `cgsuite.util.Random` constructor): 2 (expecting at most 1)").
    /// Any other error is returned as it is.
    pub fn in_call(self, callee: Callee) -> ErrorKind {
        use ErrorKind::*;
        match self {
            ArgumentClass { name, got, expected } => ErrorKind::argument_class(&name, got, expected, callee),
            InvalidParameterName { name, .. } => {
                ArgumentsInCall(Box::new((callee.describe(), InvalidParameterName { function: None, name })))
            }
            k @ (TooManyArguments { .. } | MissingParameter { .. } | NamedShadowsPositional { .. }) => {
                ArgumentsInCall(Box::new((callee.describe(), k)))
            }
            k => k,
        }
    }

    /// The message of an error of a call's arguments ([`ErrorKind::ArgumentsInCall`]'s), naming the call.
    fn arguments_message(&self, call: &str) -> Option<String> {
        use ErrorKind::*;
        Some(match self {
            TooManyArguments { got, most } => {
                format!("Too many arguments (in {call}): {got} (expecting at most {most})")
            }
            MissingParameter { name } => format!("Missing required parameter (in {call}): `{name}`"),
            InvalidParameterName { function: None, name } => format!("Invalid parameter name (in {call}): `{name}`"),
            NamedShadowsPositional { name } => {
                format!("Named parameter shadows an earlier ordinary argument (in {call}): `{name}`")
            }
            _ => return None,
        })
    }

    /// CGSuite's error for an argument whose class is not its parameter's declared class: the parameter, the
    /// argument's class and the declared class (qualified, as CGSuite prints them), and the call (CGSuite:
    /// "Argument `t` (in call to `game.CanonicalShortGame.Heat`) has type `cgsuite.lang.String`, which does not match
    /// expected type `game.CanonicalShortGame`"). Every such error is built here.
    pub fn argument_class(name: &str, got: String, expected: String, callee: Callee) -> ErrorKind {
        match callee {
            Callee::Function => ErrorKind::ArgumentClass { name: name.to_string(), got, expected },
            _ => ErrorKind::CallArgumentClass(Box::new([name.to_string(), got, expected, callee.describe()])),
        }
    }

    /// The one-line message, in CGSuite's sentence style.
    pub fn message(&self) -> String {
        use ErrorKind::*;
        match self {
            UndefinedVariable { name } => format!("That variable is not defined: `{name}`."),
            NoOperation { op, types } => {
                let list = types.iter().map(|t| format!("`{t}`")).collect::<Vec<_>>().join(", ");
                if types.len() == 1 {
                    format!("No operation `{op}` for argument of type {list}.")
                } else {
                    format!("No operation `{op}` for arguments of types {list}.")
                }
            }
            NotAMember { ty, name } => format!("Not a method or member variable: `{name}` (in object of class `{ty}`)"),
            ArgumentCount { expected, got } => {
                format!("Expecting {}, got {got}.", expected.describe())
            }
            ArgumentType { function, position, expected, got } => {
                format!("Argument {position} of `{function}` must be of type `{expected}`, not `{got}`.")
            }
            DivisionByZero => "Division by zero.".to_string(),
            IndexOutOfBounds { index } => format!("Index out of bounds: {index}."),
            KeyNotFound { key } => format!("Key not found: {key}"),
            NotIndexable { ty } => format!("A value of type `{ty}` cannot be indexed."),
            NotAssignable { ty } => {
                format!("Cannot assign to an element of a value of type `{ty}`: only list and map elements can be assigned.")
            }
            NotCallable { ty } => format!("A value of type `{ty}` is not a function."),
            NotIterable { ty } => format!("A value of type `{ty}` cannot be iterated over."),
            // CGSuite 2.2's words for every condition and predicate result that is not a Boolean.
            NotBoolean { ty } => format!("Expected `cgsuite.lang.Boolean`; found `{ty}`."),
            ExpectedClass(c) => format!("Expected `{}`; found `{}`.", c[0], c[1]),
            FunctionArity { expecting, has } => {
                format!("Function has invalid number of parameters (expecting {expecting}, has {has}).")
            }
            NotAGame { ty, value } => format!("Not a game: {value} (of type `{ty}`)."),
            ExpectedInteger { what, value } => format!("Invalid {what}: {value}"),
            InvalidArgument { message } => message.clone(),
            UnknownType { name } => format!("Unknown type: `{name}`."),
            RecursionDepth => "Maximum recursion depth exceeded.".to_string(),
            Interrupted => "Interrupted.".to_string(),
            Script { message } => message.clone(),
            LoopControlOutsideLoop { keyword } => format!("`{keyword}` outside of a loop."),
            ReturnOutsideFunction => "`return` outside of a function.".to_string(),
            NotAtomic { game } => format!("That game is not atomic: {game}"),
            InvalidCoolingTemperature { temperature } => {
                format!("Invalid cooling temperature (must be > -1): {temperature}")
            }
            NotANimber { game } => format!("That game is not a nimber: {game}"),
            NotUptimal { game } => format!("That game is not an uptimal: {game}"),
            InvalidPowBase => "Invalid base for `Pow` operation (base must be of the form <0|H>).".to_string(),
            InvalidExponent { exponent, least } => format!("Exponent must be at least {least}: {exponent}"),
            NotASumber { game } => format!("That game is not a sumber: {game}"),
            NotPositive { game } => format!("That game is not positive: {game}"),
            Overflow => "Overflow: the number is too large.".to_string(),
            PowerTooLarge { bits, limit } => format!(
                "Overflow: the power would have about {} bits; the limit on a power's size is {limit} bits (about {} \
                 decimal digits).",
                if *bits < 1_000_000_000_000_000 { bits.to_string() } else { format!("{:.2e}", *bits as f64) },
                (*limit as f64 * std::f64::consts::LOG10_2) as u64
            ),
            UpsTooLarge => format!(
                "Overflow: too many ups (an up multiple n*^ is a game for |n| <= {} (2^20) only).",
                crate::game::short::store::MAX_UPS
            ),
            EngineLimit { message } => message.clone(),
            TooManyFollowers { number } => format!(
                "Too many followers: the game has the integer {number} among its followers, which has |n| + 1 \
                 followers of its own (cgs lists followers of integers up to 1048576 (2^20) only)."
            ),
            TooManyOptions { game, count } => format!(
                "Too many options for `CanonicalShortGame`: {game} has {count} Left options and {count} Right \
                 options (cgs lists at most {} of a nimber's options).",
                crate::game::short::store::MAX_LISTED_NIM
            ),
            BeyondArena { value } => format!(
                "That operation is not available for a game whose number part is this large (beyond 2^20, or a \
                 denominator beyond 2^62): {value}"
            ),
            DuplicateVar { name } => format!("Duplicate var: `{name}`"),
            AssignToClassName { name } => format!("Cannot assign to class name as variable: `{name}`"),
            TooManyArguments { .. }
            | MissingParameter { .. }
            | InvalidParameterName { function: None, .. }
            | NamedShadowsPositional { .. } => self.arguments_message("function call").unwrap_or_default(),
            InvalidParameterName { function: Some(f), name } => {
                format!("Invalid parameter name (in call to `{f}`): `{name}`")
            }
            ArgumentsInCall(inner) => inner.1.arguments_message(&inner.0).unwrap_or_else(|| inner.1.message()),
            ArgumentClass { name, got, expected } => format!(
                "Argument `{name}` (in function call) has type `{got}`, which does not match expected type `{expected}`"
            ),
            CallArgumentClass(parts) => {
                let [name, got, expected, call] = &**parts;
                format!(
                    "Argument `{name}` (in {call}) has type `{got}`, which does not match expected type `{expected}`"
                )
            }
            NotApplicable { method, class, types } => {
                let types = if types.is_empty() {
                    "()".to_string()
                } else {
                    types.iter().map(|t| format!("`{t}`")).collect::<Vec<_>>().join(", ")
                };
                format!("Method `{method}` in class `{class}` cannot be applied to argument types: {types}")
            }
            NotInPackage { name } => format!("That name is not defined: `{name}`."),
            NotInCgs { name } => format!("cgs does not have `{name}` (a part of CGSuite's library) yet."),
            UnknownParameterClass { name } => format!("Unknown class in parameter declaration: `{name}`"),
            OutOfMemory { used, limit } => format!(
                "Out of memory budget ({} used, budget {}): this computation was stopped. \
                 A larger budget: `--max-memory SIZE`, or `:set max-memory SIZE` in the REPL.",
                crate::game::budget::format_size(*used),
                crate::game::budget::format_size(*limit)
            ),
            NotDyadic { value } => format!("Not a dyadic rational: {value}"),
            NotSupported { what } => format!("Not yet supported: {what}."),
            Output { message } => format!("Could not write output: {message}."),
            RulesetWithoutOptions { ruleset } => {
                format!("The ruleset `{ruleset}` has no `Options` definition.")
            }
            RulesetHookTwice { ruleset, hook } => {
                format!("`{hook}` is defined twice in the ruleset `{ruleset}`; this is the second definition.")
            }
            RulesetHookArity { ruleset, hook, expected, got } => {
                format!("`{hook}` of the ruleset `{ruleset}` must take {expected}, not {got}.")
            }
            UnhashableState { ty } => {
                format!("A value of type `{ty}` cannot be part of a ruleset state (states must be hashable).")
            }
            HookResult { hook, ty } => {
                format!("`{hook}` must return a collection, not a value of type `{ty}`.")
            }
            // CGSuite's wording, which does not name the position.
            NotShortGame { .. } => {
                "That is not a short game. If that is intentional, try `GameValue` in place of `CanonicalForm`."
                    .to_string()
            }
            InvalidGrid { message } => format!("Invalid grid: {message}."),
            NotImpartial { game } => format!("That game is not impartial: {game}"),
            // CGSuite 2.2: `game.heap.TakeAndBreak("3")` is "Malformed code: 3"; the reason is a note.
            InvalidTakeBreakCode { code, .. } => format!("Malformed code: {code}"),
            LoopyTakeBreak { code, heap } => {
                format!("That take-and-break code specifies a loopy game: \"{code}\" (heap {heap}).")
            }
            SearchTooLarge { limit } => format!("Too large to search (more than {limit} positions)."),
            Internal { what } => format!("Internal error: {what}."),
        }
    }
}

/// One call on the stack when an error happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The called function's name (`anonymous function` for lambdas).
    pub function: String,
    /// Where it was called.
    pub call_span: Span,
}

/// An evaluation error: what, where, and the calls it happened inside (innermost first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError {
    /// What went wrong.
    pub kind: ErrorKind,
    /// Where.
    pub span: Span,
    /// The call stack, innermost call first.
    pub frames: Vec<Frame>,
}

impl EvalError {
    /// An error at `span` with an empty call stack.
    pub fn new(kind: ErrorKind, span: Span) -> EvalError {
        EvalError { kind, span, frames: Vec::new() }
    }

    /// The one-line message.
    pub fn message(&self) -> String {
        self.kind.message()
    }

    /// Whether this is an interruption by Ctrl-C.
    pub fn is_interrupt(&self) -> bool {
        self.kind == ErrorKind::Interrupted
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for EvalError {}

impl From<&EvalError> for Diagnostic {
    fn from(e: &EvalError) -> Diagnostic {
        let labels = e.frames.iter().map(|f| (f.call_span, format!("in `{}`, called here", f.function))).collect();
        let mut notes = Vec::new();
        if let ErrorKind::Internal { .. } = e.kind {
            notes.push("This is a bug in cgs; please report it.".to_string());
        }
        if let ErrorKind::InvalidTakeBreakCode { reason, .. } = &e.kind {
            notes.push(format!("The take-and-break code is invalid: {reason}."));
        }
        Diagnostic { message: e.message(), span: e.span, labels, notes }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_read_like_cgsuite() {
        let k = ErrorKind::NoOperation { op: "+", types: vec!["List".into(), "Integer".into()] };
        assert_eq!(k.message(), "No operation `+` for arguments of types `List`, `Integer`.");
        let k = ErrorKind::ArgumentCount { expected: Arity::Exact(2), got: 1 };
        assert_eq!(k.message(), "Expecting 2 arguments, got 1.");
        let k = ErrorKind::ArgumentCount { expected: Arity::Exact(1), got: 0 };
        assert_eq!(k.message(), "Expecting 1 argument, got 0.");
        assert_eq!(
            ErrorKind::UndefinedVariable { name: "foo".into() }.message(),
            "That variable is not defined: `foo`."
        );
        assert_eq!(
            ErrorKind::NotAMember { ty: "game.Integer".into(), name: "Foo".into() }.message(),
            "Not a method or member variable: `Foo` (in object of class `game.Integer`)"
        );
    }

    #[test]
    fn diagnostic_carries_frames() {
        let mut e = EvalError::new(ErrorKind::DivisionByZero, Span::new(0, 3, 4));
        e.frames.push(Frame { function: "f".into(), call_span: Span::new(0, 10, 14) });
        let d = Diagnostic::from(&e);
        assert_eq!(d.message, "Division by zero.");
        assert_eq!(d.labels, vec![(Span::new(0, 10, 14), "in `f`, called here".to_string())]);
    }
}

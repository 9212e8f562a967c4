//! [`Solver`]: the native solvers a ruleset's `Shortcut` hook may name, as the instance keeps them (a leaf:
//! `super::shortcut` runs them).

/// A native solver of [`crate::solve`], as a ruleset declares it: the typed hook behind its `Shortcut`
/// (`def Shortcut(s) := NativeValue("Domineering", s)` is read once, when the ruleset is instantiated, as
/// [`Solver::Domineering`], and the solver is then called without the script). `NativeValue(name, state)` is
/// the front that names one by its string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solver {
    /// Domineering boards (strings or grids).
    Domineering,
    /// Clobber boards.
    Clobber,
    /// Cram boards.
    Cram,
    /// Toads and Frogs strips (strings).
    ToadsAndFrogs,
    /// Hackenbush edge lists.
    Hackenbush,
    /// Col on graphs.
    Col,
    /// Snort on graphs.
    Snort,
}

impl Solver {
    /// The solver `NativeValue` names `name`.
    pub fn from_name(name: &str) -> Option<Solver> {
        Some(match name {
            "Domineering" => Solver::Domineering,
            "Clobber" => Solver::Clobber,
            "Cram" => Solver::Cram,
            "ToadsAndFrogs" => Solver::ToadsAndFrogs,
            "Hackenbush" => Solver::Hackenbush,
            "Col" => Solver::Col,
            "Snort" => Solver::Snort,
            _ => return None,
        })
    }

    /// The solver a `Shortcut` declaration names, when its body is exactly `NativeValue("Name", state)` on its
    /// own parameter.
    pub fn declared(def: &crate::syntax::ast::FunctionDef) -> Option<Solver> {
        use crate::syntax::ast::ExprKind;
        let [param] = &def.params[..] else { return None };
        let ExprKind::Call { callee, args, named } = &def.body.kind else { return None };
        let ExprKind::Var(f, _) = &callee.kind else { return None };
        let [name, state] = &args[..] else { return None };
        match (&name.kind, &state.kind) {
            (ExprKind::Str(n), ExprKind::Var(v, _))
                if &**f == "NativeValue" && named.is_empty() && *v == param.name.name =>
            {
                Solver::from_name(n)
            }
            _ => None,
        }
    }
}

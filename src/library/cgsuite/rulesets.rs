//! CGSuite 2.2's classes of cgs's library rulesets (`game/{heap,grid,strip,graph}/*.cgs` in CGSuite's library):
//! the base classes (`HeapRuleset`, `GridRuleset`, …), which have no ruleset of their own, then each ruleset
//! class with the names cgs prints its rulesets with ([`ClassDecl::printed_as`]): `Nim` prints
//! `TakeAndBreak("0.[3]")`, a `game.heap.TakeAndBreak` that `is HeapRuleset`. `x.Class`, `is` and qualified
//! names read these declarations; the rulesets themselves are the impartial family's (`TakeAndBreak`) and the
//! standard library's (ruleset/stdlib), whose values are `Ruleset`s.

use crate::interp::registry::ClassDecl;

/// The library ruleset classes, parents nearest first (`Ruleset` is the impartial family's declaration).
pub static RULESET_CLASSES: &[ClassDecl] = &[
    ClassDecl::new("HeapRuleset", "game.heap.HeapRuleset")
        .parents(&["Ruleset"])
        .extensible_user_first(&["Eval", "HeapOptions"]),
    ClassDecl::new("CoordinateRuleset", "game.heap.CoordinateRuleset")
        .parents(&["Ruleset"])
        .extensible_user_first(&["Eval", "CoordinateOptions"]),
    ClassDecl::new("GridRuleset", "game.grid.GridRuleset")
        .parents(&["Ruleset"])
        .extensible(&["Eval", "CharMap", "Icons"]),
    ClassDecl::new("StripRuleset", "game.strip.StripRuleset")
        .parents(&["Ruleset"])
        .extensible(&["Eval", "CharMap", "Icons"]),
    ClassDecl::new("GraphRuleset", "game.graph.GraphRuleset").parents(&["Ruleset"]).extensible_user_first(&[
        "Eval",
        "VertexLabels",
        "EdgeLabels",
    ]),
    // The game classes nested in the grid, strip and graph rulesets (CGSuite 2.2's `GridRuleset.cgs`: `class
    // GridGame(grid as Grid) extends Game`), which a user class extends by their own names, alone or with
    // `ImpartialGame` (`extends StripGame, ImpartialGame`, as CGSuite's Turning writes). Like
    // `HeapRuleset.Position`, a nested class is no type after `is`.
    ClassDecl::new("GridRuleset.GridGame", "game.grid.GridRuleset.GridGame")
        .parents(&["Game"])
        .extensible_with(&["GridString"], &["ImpartialGame"]),
    ClassDecl::new("StripRuleset.StripGame", "game.strip.StripRuleset.StripGame")
        .parents(&["Game"])
        .extensible_with(&[], &["ImpartialGame"]),
    ClassDecl::new("GraphRuleset.GraphGame", "game.graph.GraphRuleset.GraphGame")
        .parents(&["Game"])
        .extensible_with(&[], &["ImpartialGame"]),
    ClassDecl::new("TakeAndBreak", "game.heap.TakeAndBreak").parents(&["HeapRuleset"]).printed_as(&["TakeAndBreak"]),
    ClassDecl::new("Spawning", "game.heap.Spawning").parents(&["HeapRuleset"]).printed_as(&["Spawning"]),
    ClassDecl::new("Turning", "game.strip.Turning").parents(&["StripRuleset"]).printed_as(&["Turning"]),
    ClassDecl::new("PartizanHeapRuleset", "game.heap.PartizanHeapRuleset")
        .parents(&["Ruleset"])
        .printed_as(&["PartizanHeapRuleset"])
        .extensible_user_first(&["Eval"]),
    ClassDecl::new("GenWythoff", "game.heap.GenWythoff")
        .parents(&["CoordinateRuleset"])
        .printed_as(&["GenWythoff", "Wythoff"]),
    ClassDecl::new("FunctionalHeapRuleset", "game.heap.FunctionalHeapRuleset")
        .parents(&["HeapRuleset"])
        .printed_as(&["FunctionalHeapRuleset"]),
    ClassDecl::new("FunctionalCoordinateRuleset", "game.heap.FunctionalCoordinateRuleset")
        .parents(&["CoordinateRuleset"])
        .printed_as(&["FunctionalCoordinateRuleset"]),
    ClassDecl::new("GenMem", "game.heap.GenMem").parents(&["CoordinateRuleset"]).printed_as(&["GenMem"]),
    ClassDecl::new("PartizanCoordinateRuleset", "game.heap.PartizanCoordinateRuleset")
        .parents(&["Ruleset"])
        .printed_as(&["PartizanCoordinateRuleset", "PartizanEuclid"])
        .extensible_user_first(&["Eval"]),
    ClassDecl::new("GenCutcake", "game.heap.GenCutcake").parents(&["Ruleset"]).printed_as(&[
        "GenCutcake",
        "Cutcake",
        "Eatcake",
        "MaundyCake",
        "TurnAndEatcake",
    ]),
    ClassDecl::new("GenClobber", "game.grid.GenClobber")
        .parents(&["GridRuleset"])
        .printed_as(&["GenClobber", "Clobber"]),
    ClassDecl::new("Amazons", "game.grid.Amazons").parents(&["GridRuleset"]).printed_as(&["Amazons"]),
    ClassDecl::new("Domineering", "game.grid.Domineering").parents(&["GridRuleset"]).printed_as(&["Domineering"]),
    ClassDecl::new("Fission", "game.grid.Fission").parents(&["GridRuleset"]).printed_as(&["Fission"]),
    ClassDecl::new("GenFoxAndGeese", "game.grid.GenFoxAndGeese").parents(&["Ruleset"]).printed_as(&["GenFoxAndGeese"]),
    ClassDecl::new("GenToadsAndFrogs", "game.strip.GenToadsAndFrogs").parents(&["StripRuleset"]).printed_as(&[
        "GenToadsAndFrogs",
        "ToadsAndFrogs",
        "ElephantsAndRhinos",
        "BackslidingToadsAndFrogs",
    ]),
    ClassDecl::new("TopplingDominoes", "game.strip.TopplingDominoes")
        .parents(&["StripRuleset"])
        .printed_as(&["TopplingDominoes"]),
    ClassDecl::new("GenArcKayles", "game.graph.GenArcKayles").parents(&["GraphRuleset"]).printed_as(&[
        "GenArcKayles",
        "ArcKayles",
        "WeightedArcKayles",
    ]),
    ClassDecl::new("GenHackenbush", "game.graph.GenHackenbush").parents(&["GraphRuleset"]).printed_as(&[
        "GenHackenbush",
        "Hackenbush",
        "ChildishHackenbush",
    ]),
    ClassDecl::new("GenCol", "game.graph.GenCol")
        .parents(&["GraphRuleset"])
        .printed_as(&["GenCol", "Col", "Snort", "Fjords"]),
];

#[cfg(test)]
mod tests {
    use crate::interp::registry::Library;

    /// The ruleset classes with the impartial family's `Ruleset`, the class they extend.
    static LIBRARY: Library =
        Library { classes: &[super::RULESET_CLASSES, crate::library::impartial::CLASSES], ..Library::NONE };

    /// A ruleset's class is found from the family cgs prints it with, and `is` follows the declared parents.
    /// CGSuite 2.2 (via cgsuite-eval): `game.heap.Nim.Class` is ⟪game.heap.TakeAndBreak⟫, `game.grid.Clobber.Class`
    /// ⟪game.grid.GenClobber⟫, `game.heap.Wythoff.Class` ⟪game.heap.GenWythoff⟫; `game.grid.Clobber is
    /// game.grid.GridRuleset` is true and `game.heap.Nim is game.heap.CoordinateRuleset` false.
    #[test]
    fn ruleset_classes_from_printed_families() {
        let class = |printed: &str| LIBRARY.ruleset_class(printed).map(|c| (c.name, c.qualified));
        assert_eq!(class("TakeAndBreak(\"0.[3]\")"), Some(("TakeAndBreak", "game.heap.TakeAndBreak")));
        assert_eq!(class("Clobber"), Some(("GenClobber", "game.grid.GenClobber")));
        assert_eq!(class("Wythoff"), Some(("GenWythoff", "game.heap.GenWythoff")));
        assert_eq!(class("Kayles"), None, "a name cgs never prints a ruleset with");
        assert_eq!(LIBRARY.is_a("GenClobber", "GridRuleset"), Some(true));
        assert_eq!(LIBRARY.is_a("TakeAndBreak", "CoordinateRuleset"), Some(false));
        assert_eq!(LIBRARY.is_a("TakeAndBreak", "Ruleset"), Some(true));
    }

    /// Each printed family names one class, and only ruleset classes (below `Ruleset`) have printed families.
    #[test]
    fn printed_families_are_unique() {
        let mut names: Vec<&str> = Vec::new();
        for c in LIBRARY.classes().filter(|c| !c.printed_as.is_empty()) {
            assert_eq!(LIBRARY.is_a(c.name, "Ruleset"), Some(true), "{}", c.name);
            names.extend(c.printed_as);
        }
        let n = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(n, names.len(), "a printed family names two classes");
        assert!(n >= 30, "{n}");
    }
}

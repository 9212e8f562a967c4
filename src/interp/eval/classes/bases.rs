//! The library classes a user class may extend (`extends Game`, `GridRuleset`, …): their chains of ancestors,
//! CGSuite's qualified names, the members a subclass must mark `override`, and the classes cgs cannot extend.
//! Tables only, a leaf of the user-class files: the class types (`types.rs`), the declarations (`decl.rs`) and
//! the game and ruleset classes' behaviour (`game_classes.rs`) read them.

/// The library classes a user class may extend, each with its ancestors (nearest first) and CGSuite's
/// qualified name.
const LIBRARY: &[(&str, &[&str], &str)] = &[
    ("Game", &["Game"], "game.Game"),
    ("ImpartialGame", &["ImpartialGame", "Game"], "game.ImpartialGame"),
    ("GridGame", &["GridGame", "Game"], "game.grid.GridRuleset.GridGame"),
    ("StripGame", &["StripGame", "Game"], "game.strip.StripRuleset.StripGame"),
    ("Ruleset", &["Ruleset"], "game.Ruleset"),
    ("GridRuleset", &["GridRuleset", "Ruleset"], "game.grid.GridRuleset"),
    ("StripRuleset", &["StripRuleset", "Ruleset"], "game.strip.StripRuleset"),
    ("GraphGame", &["GraphGame", "Game"], "game.graph.GraphRuleset.GraphGame"),
    ("HeapRuleset", &["HeapRuleset", "Ruleset"], "game.heap.HeapRuleset"),
    ("CoordinateRuleset", &["CoordinateRuleset", "Ruleset"], "game.heap.CoordinateRuleset"),
    ("PartizanHeapRuleset", &["PartizanHeapRuleset", "Ruleset"], "game.heap.PartizanHeapRuleset"),
    ("PartizanCoordinateRuleset", &["PartizanCoordinateRuleset", "Ruleset"], "game.heap.PartizanCoordinateRuleset"),
    ("GraphRuleset", &["GraphRuleset", "Ruleset"], "game.graph.GraphRuleset"),
    // Two library parents (`extends StripGame, ImpartialGame`, as CGSuite's Turning and GenArcKayles write):
    // one entry whose chain holds both.
    ("GridGame+ImpartialGame", &["GridGame", "ImpartialGame", "Game"], "game.grid.GridRuleset.GridGame"),
    ("StripGame+ImpartialGame", &["StripGame", "ImpartialGame", "Game"], "game.strip.StripRuleset.StripGame"),
    ("GraphGame+ImpartialGame", &["GraphGame", "ImpartialGame", "Game"], "game.graph.GraphRuleset.GraphGame"),
];

/// The library classes whose user class of the same name wins in an `extends` clause when the user has loaded
/// CGSuite's file of it (as written): cgs's own base is used only without one.
pub(in crate::interp::eval) const USER_FIRST: &[&str] =
    &["HeapRuleset", "CoordinateRuleset", "PartizanHeapRuleset", "PartizanCoordinateRuleset", "GraphRuleset"];

/// The entry of [`LIBRARY`] for a class extending the library classes `a` and `b` together (`StripGame` and
/// `ImpartialGame`), if cgs has one.
pub(in crate::interp::eval) fn library_combine(a: &str, b: &str) -> Option<&'static str> {
    [format!("{a}+{b}"), format!("{b}+{a}")]
        .iter()
        .find_map(|n| LIBRARY.iter().find(|(l, _, _)| l == n).map(|(l, _, _)| *l))
}

/// CGSuite's library classes cgs cannot extend, with what to write instead.
const UNSUPPORTED: &[(&str, &str)] = &[
    ("CanonicalShortGame", "it is not extensible"),
    ("CompoundGame", "it is not extensible"),
    ("ExplicitGame", "it is not extensible"),
];

/// The members each library class declares that a subclass must mark `override` (CGSuite's `DeclTest`).
const DECLARED: &[(&str, &[&str])] = &[
    ("Game", &["Options", "LeftOptions", "RightOptions", "Decomposition", "DepthHint", "CanonicalForm", "GameValue"]),
    ("ImpartialGame", &["NimValue"]),
    ("GridGame", &["GridString"]),
    ("Ruleset", &["DicoticVariant", "ImpartialVariant", "TwistedVariant"]),
    ("GridRuleset", &["Eval", "CharMap", "Icons"]),
    ("StripRuleset", &["Eval", "CharMap", "Icons"]),
    ("HeapRuleset", &["Eval", "HeapOptions"]),
    ("CoordinateRuleset", &["Eval", "CoordinateOptions"]),
    ("PartizanHeapRuleset", &["Eval"]),
    ("PartizanCoordinateRuleset", &["Eval"]),
    ("GraphRuleset", &["Eval", "VertexLabels", "EdgeLabels"]),
];

/// `extends Name`: `Some(Ok(base))` for a library class cgs supports, `Some(Err(why))` for one it does not,
/// `None` for any other name.
pub(in crate::interp::eval) fn library_base(name: &str) -> Option<Result<&'static str, &'static str>> {
    if let Some((n, _, _)) = LIBRARY.iter().find(|(n, _, _)| *n == name) {
        return Some(Ok(n));
    }
    UNSUPPORTED.iter().find(|(n, _)| *n == name).map(|(_, why)| Err(*why))
}

/// The library class `lib` and its ancestors, nearest first.
pub(in crate::interp::eval) fn library_chain(lib: Option<&str>) -> &'static [&'static str] {
    lib.and_then(|l| LIBRARY.iter().find(|(n, _, _)| *n == l)).map_or(&[], |(_, chain, _)| chain)
}

/// The library member a declaration `name` overrides (`game.Game.Options`), if any.
pub(in crate::interp::eval) fn library_overrides(lib: Option<&str>, name: &str) -> Option<String> {
    library_chain(lib).iter().find_map(|c| {
        let (_, members) = DECLARED.iter().find(|(n, _)| n == c)?;
        members.contains(&name).then(|| {
            let q = LIBRARY.iter().find(|(n, _, _)| n == c).map_or(*c, |(_, _, q)| *q);
            format!("{q}.{name}")
        })
    })
}

/// The qualified name CGSuite prints for a class of the standard library written in cgs (the variant classes of
/// stdlib/variants.cgs live in CGSuite's `game.variant`); other classes print their own name.
pub(in crate::interp::eval) fn library_class_name(name: &str) -> String {
    const VARIANTS: &[&str] = &[
        "DicoticVariantGame",
        "DicoticVariantRuleset",
        "ImpartialVariantGame",
        "ImpartialVariantRuleset",
        "TwistedVariantGame",
        "TwistedVariantRuleset",
    ];
    if VARIANTS.contains(&name) {
        format!("game.variant.{name}")
    } else {
        name.to_string()
    }
}

//! How cgs's library rulesets and their positions print in CGSuite's output mode (`--output cgsuite`,
//! `game::print_limit::cgsuite`): as CGSuite 2.2 prints the same rulesets, so that a worksheet's output can be
//! compared with CGSuite's. A ruleset prints as CGSuite's class with its arguments, the optional ones named
//! (`GenCutcake(TakeAndBreak("4.0"), TakeAndBreak("4.0"), twisted => false)`), a named instance as the instance
//! CGSuite's `constants.cgs` makes (`Clobber` is `GenClobber(directions => …, maxDistance => 1)`); a position as
//! `Class.Position(state)` (`GenWythoff.Position((2,3))`, `GenCol.Position("L--")`). The texts are CGSuite 2.2's
//! output (cgsuite-eval), the parameter names and defaults those of its class files.

use super::instance::Instance;
use crate::game::Games;
use crate::interp::value::Value;
use num_traits::ToPrimitive;

/// CGSuite's ruleset classes with parameters: the class, its parameters in order and whether each is optional
/// (CGSuite prints an optional argument named, a required one by position).
const FAMILIES: &[(&str, &[(&str, bool)])] = &[
    ("GenClobber", &[("directions", true), ("clobbered", true), ("leftBehind", true), ("maxDistance", true)]),
    ("GenFoxAndGeese", &[("boardWidth", true), ("foxRange", true)]),
    ("GenCutcake", &[("leftRuleset", false), ("rightRuleset", false), ("twisted", true)]),
    ("GenWythoff", &[("bound", false)]),
    ("GenCol", &[("leftPermitted", false), ("rightPermitted", false)]),
    ("GenHackenbush", &[("childishEdges", true)]),
    ("GenMem", &[("predicate", false)]),
    ("PartizanHeapRuleset", &[("leftRuleset", false), ("rightRuleset", false)]),
    ("PartizanCoordinateRuleset", &[("leftRuleset", false), ("rightRuleset", false)]),
    ("FunctionalHeapRuleset", &[("fn", false)]),
    ("FunctionalCoordinateRuleset", &[("fn", false)]),
    ("Spawning", &[("code", false)]),
    ("Turning", &[("heapRules", false)]),
];

/// cgs's named library rulesets and the text CGSuite 2.2 prints for the same ruleset (its `constants.cgs`
/// instances; cgsuite-eval `game.grid.Clobber` etc.).
const NAMED: &[(&str, &str)] = &[
    (
        "Clobber",
        "GenClobber(directions => [(-1,0),(0,1),(1,0),(0,-1)], clobbered => {Left => {2}, Right => {1}}, \
         leftBehind => {Left => 0, Right => 0}, maxDistance => 1)",
    ),
    ("ToadsAndFrogs", "GenToadsAndFrogs(minSlide => 1, maxSlide => 1, maxJump => 1, allowFriendlyJump => false)"),
    ("ElephantsAndRhinos", "GenToadsAndFrogs(minSlide => 1, maxSlide => 1, maxJump => 0, allowFriendlyJump => false)"),
    (
        "BackslidingToadsAndFrogs",
        "GenToadsAndFrogs(minSlide => -1, maxSlide => 1, maxJump => 1, allowFriendlyJump => false)",
    ),
    ("Cutcake", "GenCutcake(TakeAndBreak(\"4.0\"), TakeAndBreak(\"4.0\"), twisted => false)"),
    ("Eatcake", "GenCutcake(TakeAndBreak(\"0.7\"), TakeAndBreak(\"0.7\"), twisted => false)"),
    ("MaundyCake", "GenCutcake(TakeAndBreak(\"{2+}=.0\"), TakeAndBreak(\"{2+}=.0\"), twisted => false)"),
    ("TurnAndEatcake", "GenCutcake(TakeAndBreak(\"0.7\"), TakeAndBreak(\"0.7\"), twisted => true)"),
    ("Wythoff", "GenWythoff(k -> k + 1)"),
    (
        "PartizanEuclid",
        "PartizanCoordinateRuleset(FunctionalCoordinateRuleset((p, q) -> if q == 0 or p % q == 0 then [] else \
         [(q, (p % q))] end), FunctionalCoordinateRuleset((p, q) -> if q == 0 or p % q == 0 then [] else \
         [(q, (q - p % q))] end))",
    ),
    ("ArcKayles", "GenArcKayles(weighted => false)"),
    ("WeightedArcKayles", "GenArcKayles(weighted => true)"),
    ("Hackenbush", "GenHackenbush(childishEdges => [])"),
    ("ChildishHackenbush", "GenHackenbush(childishEdges => [Blue,Red])"),
    ("Col", "GenCol([Nothing,Right], [Nothing,Left])"),
    ("Snort", "GenCol([Nothing,Left], [Nothing,Right])"),
    ("Fjords", "GenCol([Left], [Right])"),
    ("Cram", "ImpartialVariantRuleset(Domineering)"),
];

/// The rulesets of stdlib/heap.cgs that a user class extending one of CGSuite's heap and coordinate bases plays on
/// (`_HeapRulesetOf(obj)`, src/interp/eval/game_classes.rs), each with that base: the ruleset is the object `obj`
/// and prints as it, its positions as the object's class's (`TakeOneOrTwo.Position(5)`), of the class
/// `game.heap.HeapRuleset.Position` (CGSuite 2.2).
const FRONTS: &[(&str, &str)] = &[
    ("_HeapRulesetOf", "HeapRuleset"),
    ("_CoordinateRulesetOf", "CoordinateRuleset"),
    ("_PartizanHeapRulesetOf", "PartizanHeapRuleset"),
    ("_PartizanCoordinateRulesetOf", "PartizanCoordinateRuleset"),
];

/// The user object a ruleset of [`FRONTS`] stands for, with the base class of its positions.
pub fn front(inst: &Instance) -> Option<(&Value, &'static str)> {
    let (_, base) = FRONTS.iter().find(|(n, _)| *n == inst.name())?;
    Some((inst.args.first()?, base))
}

/// The ruleset as CGSuite prints it, for the library rulesets CGSuite has; `None` for the others.
pub fn ruleset(inst: &Instance, games: &mut Games) -> Option<String> {
    let name = inst.name();
    if inst.def.params.is_none() {
        return NAMED.iter().find(|(n, _)| *n == name).map(|(_, text)| text.to_string());
    }
    let (class, params) = FAMILIES.iter().find(|(n, _)| *n == name)?;
    if params.len() != inst.args.len() {
        return None;
    }
    let args: Vec<String> = params
        .iter()
        .zip(inst.args.iter())
        .map(|((p, optional), a)| {
            let shown = a.display(games);
            if *optional {
                format!("{p} => {shown}")
            } else {
                shown
            }
        })
        .collect();
    Some(format!("{class}({})", args.join(", ")))
}

/// The CGSuite class whose `Position` a position of the named cgs ruleset is (`Clobber` → `GenClobber`).
pub fn position_class(name: &str) -> Option<&'static str> {
    Some(match name {
        "Clobber" | "GenClobber" => "GenClobber",
        "ToadsAndFrogs" | "ElephantsAndRhinos" | "BackslidingToadsAndFrogs" | "GenToadsAndFrogs" => "GenToadsAndFrogs",
        "Wythoff" | "GenWythoff" => "GenWythoff",
        "Domineering" => "Domineering",
        "Amazons" => "Amazons",
        "Fission" => "Fission",
        "TopplingDominoes" => "TopplingDominoes",
        "GenFoxAndGeese" | "FoxAndGeese" | "CeyloneseFoxAndGeese" => "GenFoxAndGeese",
        "Cutcake" | "Eatcake" | "MaundyCake" | "TurnAndEatcake" | "GenCutcake" => "GenCutcake",
        "GenMem" => "GenMem",
        "Col" | "Snort" | "Fjords" | "GenCol" => "GenCol",
        "Hackenbush" | "ChildishHackenbush" | "GenHackenbush" => "GenHackenbush",
        "ArcKayles" | "WeightedArcKayles" | "GenArcKayles" => "GenArcKayles",
        "PartizanArcKayles" => "PartizanArcKayles",
        "Spawning" => "Spawning",
        "Turning" => "Turning",
        // CGSuite's Cram is `ImpartialVariantRuleset(Domineering)` (game/grid/constants.cgs).
        "Cram" => "Cram",
        "PartizanHeapRuleset" => "PartizanHeapRuleset",
        "PartizanEuclid" | "PartizanCoordinateRuleset" => "PartizanCoordinateRuleset",
        "FunctionalHeapRuleset" => "FunctionalHeapRuleset",
        "FunctionalCoordinateRuleset" => "FunctionalCoordinateRuleset",
        _ => return None,
    })
}

/// The short name of CGSuite's class of a position of the named cgs ruleset, as `x.Class.Name` gives it: the
/// class declaring `Position` (`Clobber` → `GenClobber.Position`; `GenWythoff` and `GenMem` inherit
/// `CoordinateRuleset.Position`, heap rulesets `HeapRuleset.Position`); `Position` for a script ruleset.
pub fn position_class_name(name: &str) -> &'static str {
    if let Some((_, base)) = FRONTS.iter().find(|(n, _)| *n == name) {
        return match *base {
            "HeapRuleset" => "HeapRuleset.Position",
            "CoordinateRuleset" => "CoordinateRuleset.Position",
            "PartizanHeapRuleset" => "PartizanHeapRuleset.Position",
            _ => "PartizanCoordinateRuleset.Position",
        };
    }
    match position_class(name) {
        Some("GenClobber") => "GenClobber.Position",
        Some("GenToadsAndFrogs") => "GenToadsAndFrogs.Position",
        Some("GenWythoff" | "GenMem" | "FunctionalCoordinateRuleset") => "CoordinateRuleset.Position",
        Some("Domineering") => "Domineering.Position",
        Some("Amazons") => "Amazons.Position",
        Some("Fission") => "Fission.Position",
        Some("TopplingDominoes") => "TopplingDominoes.Position",
        Some("GenCutcake") => "GenCutcake.Position",
        Some("GenCol") => "GenCol.Position",
        Some("GenHackenbush") => "GenHackenbush.Position",
        Some("GenArcKayles") => "GenArcKayles.Position",
        Some("PartizanArcKayles") => "PartizanArcKayles.Position",
        Some("Spawning" | "FunctionalHeapRuleset") => "HeapRuleset.Position",
        Some("Turning") => "Turning.Position",
        Some("GenFoxAndGeese") => "GenFoxAndGeese.Position",
        Some("Cram") => "ImpartialVariantGame",
        Some("PartizanHeapRuleset") => "PartizanHeapRuleset.Position",
        Some("PartizanCoordinateRuleset") => "PartizanCoordinateRuleset.Position",
        _ => "Position",
    }
}

/// A position of such a ruleset as CGSuite prints it: `Class.Position(state)`, a grid or graph state as the
/// string CGSuite's position shows (`Grid(".x|ox")` → `".x|ox"`); a graph state as its ruleset's `Show` writes
/// it when there is one (`shown_by_rules`: `Col("L--")` → `"L--"`, labels as letters).
pub fn position(inst: &Instance, state: &Value, shown_by_rules: Option<&String>, games: &mut Games) -> Option<String> {
    if let Some((obj, _)) = front(inst) {
        // The class of the object (a singleton prints its name, an object its class and arguments).
        let shown = obj.display(games);
        let class = shown.split_once('(').map_or(&*shown, |(c, _)| c);
        return Some(format!("{class}.Position({})", state.display(games)));
    }
    let class = position_class(inst.name())?;
    if class == "GenFoxAndGeese" {
        let width = match inst.args.first() {
            Some(Value::Integer(w)) => w.to_usize()?,
            _ => 8,
        };
        return Some(format!("GenFoxAndGeese.Position(\"{}\")", fox_and_geese(state, width)?));
    }
    let mut shown = state.display(games);
    // CGSuite keeps Toppling Dominoes and Turning strings in its lower-case characters (`"LR.E"` is `lr.e`,
    // `"HTth"` is `"htth"`).
    if class == "TopplingDominoes" || class == "Turning" {
        shown = shown.to_lowercase();
    }
    // A graph position given as a string shows the graph as its ruleset's `Show` writes it, vertex names given
    // afresh (CGSuite 2.2: `Hackenbush(":Gllr:G")` is `GenHackenbush.Position(":Allr:A")`).
    if let (Value::String(_), Some(text)) = (state, shown_by_rules) {
        if matches!(class, "GenHackenbush" | "GenCol" | "GenArcKayles" | "PartizanArcKayles") {
            if let Some(inner) = call_argument(text, inst.name()) {
                shown = inner.to_string();
            }
        }
    }
    if let Value::Object(o) = state {
        let ty = o.type_name();
        let (prefix, text) = match (ty, shown_by_rules) {
            ("Graph", Some(text)) => (inst.name(), text.clone()),
            _ => (ty, shown.clone()),
        };
        if ty == "Grid" || ty == "Graph" {
            if let Some(inner) = call_argument(&text, prefix) {
                shown = inner.to_string();
            }
        }
    }
    // CGSuite reads a Toppling Dominoes strip through its character map, so it shows `"re"` for `"RE"`.
    if class == "TopplingDominoes" {
        shown = shown.to_lowercase();
    }
    // A Cram position is CGSuite's impartial variant of a Domineering position (CGSuite 2.2:
    // `game.grid.Cram("...|..#").LeftOptions` lists `ImpartialVariantGame(Domineering.Position("#..|#.#"))`, …).
    if class == "Cram" {
        return Some(format!("ImpartialVariantGame(Domineering.Position({shown}))"));
    }
    Some(format!("{class}.Position({shown})"))
}

/// The argument of a call `name(arg)` as a ruleset's `Show` writes a position, or of `name(args)(arg)` for a
/// parameterised one (`GenCol([Left],[Nothing])("L--R")` → `"L--R"`): the text from the `(` that opens the last
/// call to the closing `)`. Arguments and a state's text have no `("`, so the last call opens at the first `("`
/// (or right after the name when there is none).
fn call_argument<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let rest = text.strip_prefix(name)?;
    let open = rest.find("(\"").unwrap_or(0);
    rest[open..].strip_prefix('(')?.strip_suffix(')')
}

/// A Fox and Geese state `(geese, fox)` as CGSuite's position shows it: the rows from the highest piece down to
/// row 1, `boardWidth` squares each, `x` a goose, `o` the fox, `.` any other square, rows joined by `|`
/// (`GenFoxAndGeese.Position("..o.....|........|x.x.....")`, CGSuite 2.2). `None` for a malformed state.
fn fox_and_geese(state: &Value, width: usize) -> Option<String> {
    let Value::Tuple(t) = state else { return None };
    let [geese, fox] = &t[..] else { return None };
    let square = |c: &Value| -> Option<(usize, usize)> {
        let Value::Tuple(rc) = c else { return None };
        match &rc[..] {
            [Value::Integer(r), Value::Integer(c)] => Some((r.to_usize()?, c.to_usize()?)),
            _ => None,
        }
    };
    let geese: Vec<(usize, usize)> = match geese {
        Value::Set(s, _) => s.iter().map(square).collect::<Option<_>>()?,
        Value::List(l) => l.iter().map(square).collect::<Option<_>>()?,
        _ => return None,
    };
    let fox = square(fox)?;
    let rows = geese.iter().map(|g| g.0).chain([fox.0]).max()?;
    let mut out = Vec::with_capacity(rows);
    for row in (1..=rows).rev() {
        out.push(
            (1..=width)
                .map(|col| {
                    if geese.contains(&(row, col)) {
                        'x'
                    } else if fox == (row, col) {
                        'o'
                    } else {
                        '.'
                    }
                })
                .collect::<String>(),
        );
    }
    Some(out.join("|"))
}

/// The hash code CGSuite 2.2 gives the grid of a position of one of its grid rulesets (`class` as
/// [`position_class_name`] names it): `java.util.Arrays.hashCode` of the grid's bytes, each cell's index in the
/// ruleset's `CharMap`, row by row. CGSuite orders two positions of one class by their variables, and two grids
/// by the difference of their hash codes (a 32-bit difference, which wraps: not always an order), so a printed
/// set of positions follows it. `None` for another class or a state that is not a grid's text.
pub fn grid_hash(class: &str, state: &Value) -> Option<i32> {
    let chars = match class {
        "Amazons.Position" | "GenClobber.Position" => ".xo#",
        "Domineering.Position" => ".#",
        "Fission.Position" => ".x#",
        _ => return None,
    };
    let cells: Vec<u8> = match state {
        Value::String(text) => text.bytes().filter(|&c| c != b'|').collect(),
        _ => (crate::interp::registry::installed().as_grid)(state)?.cells().to_vec(),
    };
    let mut h: i32 = 1;
    for c in cells {
        let byte = chars.find(c as char)? as i32;
        h = h.wrapping_mul(31).wrapping_add(byte);
    }
    Some(h)
}

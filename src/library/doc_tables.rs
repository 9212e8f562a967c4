//! Every native member table and global function with the CGSuite class it documents, in the order of the
//! generated reference (`docs/REFERENCE.md`). The front end's `documented_members` adds the ruleset layer's
//! tables to [`class_tables`].

use super::{Member, NativeFn};

/// Each native member table with the name of the class whose members it holds (a class may have several tables:
/// one per representation, or its static members).
pub fn class_tables() -> Vec<(&'static str, &'static [Member])> {
    vec![
        ("Game", super::game::GAME),
        ("Game", super::loopy::SHORT),
        ("Game", super::cgscript::GAME),
        ("Game", super::sensible::GENERIC_GAME),
        ("Game", super::bignum::BIG_GAME),
        ("NumberGame", super::bignum::NUMBER_GAME),
        ("Integer", super::numbers::INTEGER),
        ("Rational", super::numbers::RATIONAL),
        ("Rational", super::numbers::NON_DYADIC),
        ("Infinity", super::infinity::INFINITY),
        ("SurrealNumber", super::surreal::COMMON),
        ("SurrealNumber", super::surreal::SURREAL),
        ("GeneralizedOrdinal", super::surreal::GENERALIZED_ORDINAL),
        ("TransfiniteNimber", super::transfinite::TRANSFINITE_NIMBER),
        ("LoopyGame", super::loopy::LOOPY),
        ("SidedValue", super::loopy::GENERAL),
        ("Sumber", super::sumber::SUMBER),
        ("ExplicitGame", super::explicit::FORM),
        ("GameTree", super::tree::GAME_TREE),
        ("Thermograph", super::misc::THERMOGRAPH),
        ("Player", super::misc::PLAYER),
        ("OutcomeClass", super::misc::OUTCOME),
        ("TakeAndBreak", super::impartial::TAKE_AND_BREAK),
        ("TakeAndBreak", super::impartial::OBLIGATED_TAKE_AND_BREAK),
        ("Heap", super::impartial::HEAP),
        ("HeapSum", super::impartial::HEAP_SUM),
        ("Periodicity", super::impartial::PERIODICITY),
        ("ObligatedValue", super::impartial::OBLIGATED_VALUE),
        ("ObligatedSum", super::impartial::OBLIGATED_SUM),
        ("MisereCanonicalGame", super::impartial::MISERE_GAME),
        ("MisereCanonicalGame", super::impartial::MISERE_CLASS),
        ("MisereQuotient", super::impartial::MISERE_QUOTIENT),
        ("Grid", super::grid::GRID),
        ("Grid", super::grid::GRID_CLASS),
        ("Grid", super::numgrid::NUM_GRID),
        ("Strip", super::strip::STRIP),
        ("Strip", super::strip::STRIP_CLASS),
        ("Graph", super::graph::GRAPH),
        ("Graph", super::graph::GRAPH_CLASS),
        ("DirectedGraph", super::graph::DIRECTED),
        ("DirectedGraph", super::graph::DIRECTED_CLASS),
        ("Vertex", super::graph::VERTEX),
        ("Edge", super::graph::EDGE),
        ("String", super::strings::STRING),
        ("String", super::cgscript::STRING),
        ("List", super::collections::LIST),
        ("List", super::cgscript::LIST),
        ("Set", super::collections::SET),
        ("Map", super::collections::MAP),
        ("Map", super::cgscript::MAP),
        ("MapEntry", super::collections::MAP_ENTRY),
        ("Tuple", super::collections::TUPLE),
        ("Coordinates", super::cgscript::COORDINATES),
        ("Range", super::range::RANGE),
        ("MutableList", super::mutable::MUTABLE_LIST),
        ("MutableSet", super::mutable::MUTABLE_SET),
        ("MutableMap", super::mutable::MUTABLE_MAP),
        ("TextOutput", super::mutable::TEXT_OUTPUT),
        ("Table", super::board::plots::TABLE),
        ("Random", super::cgsuite::random::RANDOM),
        ("Object", super::cgscript::OBJECT),
        ("Class", super::namespaces::CLASS),
        ("Enum", super::enums::ENUM),
        ("Icon", super::icon::ICON),
    ]
}

/// Every native global function of the interpreter layer (the ruleset layer registers a few more).
pub fn native_functions() -> Vec<&'static NativeFn> {
    let mut fns: Vec<&'static NativeFn> = super::GLOBALS.iter().collect();
    fns.extend(super::impartial::IMPARTIAL_GLOBALS.iter());
    fns.push(&super::cgsuite::random::RANDOM_FN);
    fns
}

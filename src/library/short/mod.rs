//! Short games: the `Game` members, big numbers, explicit forms and compound sums, sensible options, game trees.

// What the files of this family name as `super::name` from outside it (the move from `interp/builtins/` kept
// their paths): the core's natives and the other families they use.
use crate::interp::error::Arity;
use crate::interp::native::{
    boolean, check_arity, dyadic, game, list, member, number, player, set, this_game, Doc, Member, NativeFn, Site,
};
use crate::interp::registry::{rust_type, ClassDecl};
// The base family through its face, under the names this family's files use (`super::range::as_range`).
use crate::library::base as range;
use crate::library::base as plots;
use crate::library::loopy;

pub mod bignum;
pub mod compound;
pub mod explicit;
pub(super) mod game;
pub mod sensible;
pub mod tree;

// The face other families use (`crate::library::short::X`).
pub use compound::construct as construct_compound;
pub use explicit::{
    canonical, first_options_are_set, form_binary, form_options, impartial_ordinal, ordinal, precedence, product,
    tree_sum, Compound as FormCompoundKind, CompoundGame as FormCompound, ExplicitGame,
};
pub use game::GAME;

/// The classes of this family (see `crate::interp::registry`). `Game`'s members live in four tables: the
/// canonical-form members (`game.rs`), those of numbers beyond the arena (`bignum.rs`), the loopy-game members
/// every short game answers (`loopy`) and CGSuite's compound sums (`compound.rs`).
pub static CLASSES: &[ClassDecl] = &[
    ClassDecl::new("Game", "game.Game")
        .members(&[game::GAME, crate::library::loopy::SHORT, compound::GAME])
        // A big game's `x + G` members (its objects answer them), and the sensible options every game-like
        // value answers when its tables do not.
        .representation(&[bignum::BIG_GAME, sensible::GENERIC_GAME])
        .types(&[rust_type::<bignum::BigGame>])
        .extensible(&[
            "Options",
            "LeftOptions",
            "RightOptions",
            "Decomposition",
            "DepthHint",
            "CanonicalForm",
            "GameValue",
        ]),
    ClassDecl::new("NumberGame", "NumberGame").parents(&["Game"]).members(&[bignum::NUMBER_GAME]),
    // CGSuite's `CanonicalShortGame extends CanonicalStopper` (a member of `is` only: the stoppers' tables are
    // loopy values' own).
    ClassDecl::new("CanonicalShortGame", "game.CanonicalShortGame")
        .parents(&["Game"])
        .also_is(&["CanonicalStopper"])
        .declares(&["Options", "Cool", "Heat", "NortonProduct", "Overheat", "Pow", "PowTo"])
        .globals(game::CANONICAL_GLOBALS)
        .not_extensible("it is not extensible"),
    ClassDecl::new("Uptimal", "game.Uptimal").parents(&["CanonicalShortGame"]),
    ClassDecl::new("Nimber", "game.Nimber")
        .parents(&["Uptimal"])
        .also_is(&["ImpartialGame", "TransfiniteNimber"])
        .declares(&["Options"]),
    ClassDecl::new("ExplicitGame", "game.ExplicitGame")
        .parents(&["Game"])
        .members(&[explicit::FORM])
        .types(&[rust_type::<explicit::ExplicitGame>])
        .not_extensible("it is not extensible"),
    // Two representations: the sums of explicit forms and the conjunctive/selective sums of short games.
    ClassDecl::new("CompoundGame", "game.CompoundGame")
        .parents(&["Game"])
        .types(&[rust_type::<explicit::CompoundGame>, rust_type::<compound::CompoundGame>])
        .not_extensible("it is not extensible"),
    ClassDecl::new("NegativeGame", "game.NegativeGame").parents(&["Game"]),
    ClassDecl::new("GameTree", "GameTree").members(&[tree::GAME_TREE]).types(&[rust_type::<tree::GameTree>]),
    ClassDecl::new("UptimalExpansion", "cgsuite.util.UptimalExpansion"),
    ClassDecl::new("Trajectory", "cgsuite.util.Trajectory"),
];

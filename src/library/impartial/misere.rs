//! Misère canonical games as values: CGSuite's printed notation read back (`*[2#0]`, `Misere("2#0")`) and the
//! member table of `MisereCanonicalGame`.

use super::convert::*;
use super::members::*;
use super::value::*;
use crate::game::misere::DayError;
use crate::game::print_limit;
use crate::interp::native::Param;
use crate::syntax::misere::{parse_notation, NotationBase, NotationItem, NotationSub};

/// The game a text in CGSuite's printed notation denotes (the content of `*[…]`, e.g. `2#0`).
pub(super) fn from_notation(ar: &Arena, site: &Site, text: &str) -> Result<MisereId, EvalError> {
    let bad = |message: String| {
        site.arg_err(0, ErrorKind::InvalidArgument { message: format!("Invalid misere game notation: {message}") })
    };
    let items =
        parse_notation(text).map_err(|e| bad(format!("{} at position {} of \"{text}\"", e.message, e.at + 1)))?;
    seq(ar, site, &items)
}

fn seq(ar: &Arena, site: &Site, items: &[NotationItem]) -> Result<MisereId, EvalError> {
    if let [one] = items {
        return item(ar, site, one);
    }
    let mut opts = Vec::with_capacity(items.len());
    for i in items {
        opts.push(item(ar, site, i)?);
    }
    Ok(ar.with(|a| a.game(&opts)))
}

fn heap(ar: &Arena, site: &Site, n: u64) -> Result<MisereId, EvalError> {
    match u32::try_from(n) {
        Ok(k) if k <= MAX_HEAP => Ok(ar.with(|a| a.nim(k as usize))),
        _ => Err(site.arg_err(0, ErrorKind::ExpectedInteger { what: "heap size", value: n.to_string() })),
    }
}

fn item(ar: &Arena, site: &Site, it: &NotationItem) -> Result<MisereId, EvalError> {
    let mut g = match &it.base {
        NotationBase::Heap(n) => heap(ar, site, *n)?,
        NotationBase::Group(items) => seq(ar, site, items)?,
    };
    for s in &it.subs {
        g = match s {
            NotationSub::Sharp => ar.with(|a| a.game(&[g])),
            NotationSub::Plus(n) => {
                let h = heap(ar, site, *n)?;
                ar.with(|a| a.add(g, h))
            }
            NotationSub::Minus(n) => {
                let h = heap(ar, site, *n)?;
                match ar.with(|a| a.misere_minus(g, h)) {
                    Some(d) => d,
                    None => return Err(not_subtractable(ar, site, g, h)),
                }
            }
        };
    }
    Ok(g)
}

/// CGSuite's error for `G.MisereMinus(H)` when `H` is not a part of `G`.
pub(super) fn not_subtractable(ar: &Arena, site: &Site, g: MisereId, h: MisereId) -> EvalError {
    // Each game is written in at most 10,000 characters (an error message, not a value; Kayles(30)'s full
    // text would be some 75 GB); small games read as CGSuite writes them.
    let show = |x: MisereId| print_limit::limited(Some(10_000), || ar.with(|a| a.display(x)));
    let (a, b) = (show(g), show(h));
    site.err(ErrorKind::InvalidArgument { message: format!("Those misere games are not subtractable: {a}, {b}") })
}

fn game_arg(m: &mut Machine, s: &Site, args: &[Value], i: usize) -> Result<MisereId, EvalError> {
    misere_of(m, &args[i], s.args.get(i).copied().unwrap_or(s.span))
}

fn games_list(ar: &Arena, gs: Vec<MisereId>) -> Value {
    list(gs.into_iter().map(|g| MisereGame::value(ar, g)))
}

fn misere_game(s: &Site, this: &Value, f: fn(&mut MisereGames, MisereId) -> MisereId) -> Result<Value, EvalError> {
    let (g, ar) = this_misere(s, this)?;
    Ok(MisereGame::value(&ar, ar.with(|a| f(a, g))))
}

/// Members of a misère canonical game (CGSuite's `MisereCanonicalGame`).
pub static MISERE_GAME: &[Member] = crate::member_table![
    crate::member!(NimValue => "The normal-play nim value of the misère game's form.", "(*2 + *3).MisereCanonicalForm.NimValue", |_, s, this, _| {
        let (g, ar) = this_misere(s, this)?;
        Ok(Value::int(ar.with(|a| a.nim_value(g))))
    }),
    crate::member!(MisereNimValue => "The misère nim value, for a game equal in misère play to a nim heap.", "(*2 + *3).MisereCanonicalForm.MisereNimValue", misere_nim_value),
    crate::member!(Genus => "The genus: the normal nim value with the misère values of G, G + *2, G + *2 + *2, ... as superscripts.", "Kayles(4).MisereCanonicalForm.Genus", genus),
    crate::member!(MisereCanonicalForm => "The game itself (it is in misère canonical form).", "Misere(*2 + *2).MisereCanonicalForm", |_, _, this, _| Ok(this.clone())),
    crate::member!(IsEven => "Whether the game is even: born earlier than G + *.", "Misere(*2 + *2).IsEven", |_, s, this, _| misere_bool(s, this, MisereGames::is_even)),
    crate::member!(IsIntroverted => "Whether the game is introverted in Conway's misère theory.", "Kayles(4).MisereCanonicalForm.IsIntroverted", |_, s, this, _| misere_bool(s, this, MisereGames::is_introverted)),
    crate::member!(IsExtraverted => "Whether the game is extraverted in Conway's misère theory.", "Kayles(4).MisereCanonicalForm.IsExtraverted", |_, s, this, _| misere_bool(s, this, MisereGames::is_extraverted)),
    crate::member!(IsGenerallyTame => "Whether the game is generally tame (Conway, ONAG ch. 12).", "Kayles(4).MisereCanonicalForm.IsGenerallyTame", |_, s, this, _| misere_bool(s, this, MisereGames::is_generally_tame)),
    crate::member!(IsTameable => "Whether the game is tameable (Conway, ONAG ch. 12).", "Kayles(4).MisereCanonicalForm.IsTameable", |_, s, this, _| misere_bool(s, this, MisereGames::is_tameable)),
    crate::member!(IsGenerallyRestive => "Whether the game is generally restive (Conway, ONAG ch. 12).", "Kayles(4).MisereCanonicalForm.IsGenerallyRestive", |_, s, this, _| misere_bool(s, this, MisereGames::is_generally_restive)),
    crate::member!(IsTame => "Whether the game is tame: it plays in misère sums as a sum of nim heaps does.", "Kayles(4).MisereCanonicalForm.IsTame", |_, s, this, _| misere_bool(s, this, MisereGames::is_tame)),
    crate::member!(IsRestive => "Whether the game is restive (Conway, ONAG ch. 12).", "Kayles(4).MisereCanonicalForm.IsRestive", |_, s, this, _| misere_bool(s, this, MisereGames::is_restive)),
    crate::member!(IsRestless => "Whether the game is restless (Conway, ONAG ch. 12).", "Kayles(4).MisereCanonicalForm.IsRestless", |_, s, this, _| misere_bool(s, this, MisereGames::is_restless)),
    crate::member!(IsHalfTame => "Whether the game is half-tame: not generally tame, but G + G is generally tame of genus 0^0.", "Kayles(4).MisereCanonicalForm.IsHalfTame", |_, s, this, _| misere_bool(s, this, MisereGames::is_half_tame)),
    crate::member!(IsPrime => "Whether the game is prime: it has no proper parts.", "Kayles(4).MisereCanonicalForm.IsPrime", |_, s, this, _| misere_bool(s, this, MisereGames::is_prime)),
    crate::member!(IsNimHeap => "Whether the game is a nim heap *n.", "(*2 + *3).MisereCanonicalForm.IsNimHeap", |_, s, this, _| misere_bool(s, this, MisereGames::is_nim_heap)),
    crate::member!(Mate => "The mate of the game: * for 0, else the game whose options are its options' mates.", "Misere(*2).Mate", |_, s, this, _| misere_game(s, this, MisereGames::mate)),
    crate::member!(Parts => "The parts of the game: each H other than 0 and * with G = H + X for some X.", "Kayles(4).MisereCanonicalForm.Parts", |_, s, this, _| {
        let (g, ar) = this_misere(s, this)?;
        Ok(games_list(&ar, ar.with(|a| a.parts(g))))
    }),
    crate::member!(Partitions => "The ways to write the game as a sum of games other than 0 and *, each as a list.", "Kayles(4).MisereCanonicalForm.Partitions", |_, s, this, _| {
        let (g, ar) = this_misere(s, this)?;
        let ps = ar.with(|a| a.partitions(g));
        Ok(list(ps.into_iter().map(|p| games_list(&ar, p))))
    }),
    crate::member!(MisereMinus(h: MisereCanonicalGame) => "The game X with h + X = G (an error when there is none).", "(Kayles(2) + Kayles(3)).MisereCanonicalForm.MisereMinus(Kayles(2))", |m, s, this, args| {
        let (g, ar) = (misere_of(m, this, s.span)?, Arena::of(m));
        let h = game_arg(m, s, args, 0)?;
        match ar.with(|a| a.misere_minus(g, h)) {
            Some(d) => Ok(MisereGame::value(&ar, d)),
            None => Err(not_subtractable(&ar, s, g, h)),
        }
    }),
    crate::member!(Distinguisher(h: MisereCanonicalGame) => "A game X that tells the game from h in misère play: G + X and h + X have different misère outcomes.", "Misere(*2).Distinguisher(*3)", |m, s, this, args| {
        let (g, ar) = (misere_of(m, this, s.span)?, Arena::of(m));
        let h = game_arg(m, s, args, 0)?;
        match ar.with(|a| a.distinguisher(g, h)) {
            Some(t) => Ok(MisereGame::value(&ar, t)),
            None => {
                let shown = ar.with(|a| a.display(g));
                Err(s.err(ErrorKind::InvalidArgument {
                    message: format!("A game cannot be distinguished from itself: {shown}"),
                }))
            }
        }
    }),
    crate::member!(IsLinkedTo(h: MisereCanonicalGame) => "Whether the game is linked to h: some X makes both G + X and h + X misère P-positions.", "Misere(*2).IsLinkedTo(*3)", |m, s, this, args| {
        let (g, ar) = (misere_of(m, this, s.span)?, Arena::of(m));
        let h = game_arg(m, s, args, 0)?;
        Ok(Value::Boolean(ar.with(|a| a.is_linked(g, h))))
    }),
    crate::member!(Link(h: MisereCanonicalGame) => "A game X linking the game to h: both G + X and h + X are misère P-positions (an error when they are not linked).", "Misere(*2).Link(*2)", |m, s, this, args| {
        let (g, ar) = (misere_of(m, this, s.span)?, Arena::of(m));
        let h = game_arg(m, s, args, 0)?;
        match ar.with(|a| a.link(g, h)) {
            Some(t) => Ok(MisereGame::value(&ar, t)),
            None => {
                let (x, y) = ar.with(|a| (a.display(g), a.display(h)));
                Err(s.err(ErrorKind::InvalidArgument {
                    message: format!("Those misere games are not linked: {x}, {y}"),
                }))
            }
        }
    }),
    Member {
        name: "Options",
        params: &[&[Param::required("player", "Player")]],
        doc: crate::library::Doc::NONE,
        arity: Arity::Range(0, 1),
        f: |_, s, this, args| {
            if !args.is_empty() {
                super::super::player(s, args, 0)?;
            }
            misere_options(s, this)
        },
    }
    .doc(
        "",
        "The options of the misère game (the player may be given or not).",
        "Kayles(3).MisereCanonicalForm.Options",
    ),
    crate::member!(LeftOptions => "The options of the misère game.", "Kayles(3).MisereCanonicalForm.LeftOptions", |_, s, this, _| misere_options(s, this)),
    crate::member!(RightOptions => "The options of the misère game (the same as `LeftOptions`).", "Kayles(3).MisereCanonicalForm.RightOptions", |_, s, this, _| misere_options(s, this)),
    crate::member!(Birthday => "The birthday of the misère canonical form.", "Kayles(4).MisereCanonicalForm.Birthday", |_, s, this, _| {
        let (g, ar) = this_misere(s, this)?;
        Ok(Value::int(ar.with(|a| a.birthday(g))))
    }),
    crate::member!(OutcomeClass => "Who wins the game's form in normal play.", "Kayles(4).MisereCanonicalForm.OutcomeClass", |_, s, this, _| {
        let (g, ar) = this_misere(s, this)?;
        Ok(outcome(ar.with(|a| a.nim_value(g)) != 0))
    }),
    crate::member!(MisereOutcomeClass => "Who wins when the last player to move loses.", "Kayles(4).MisereCanonicalForm.MisereOutcomeClass", |_, s, this, _| {
        let (g, ar) = this_misere(s, this)?;
        Ok(outcome(ar.with(|a| a.misere_next_wins(g))))
    }),
    crate::member!(ObligatedValue => "Ferguson's obligated value: the normal and misère outcome digits.", "Kayles(4).MisereCanonicalForm.ObligatedValue", obligated_value),
];

/// The global `MisereCanonicalGame`: its static members.
#[derive(Debug)]
pub struct MisereClass;

impl Object for MisereClass {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "Class"
    }
    fn display(&self, _: &mut Games) -> String {
        "\u{27ea}game.misere.MisereCanonicalGame\u{27eb}".to_string()
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        let any: &dyn std::any::Any = other;
        any.downcast_ref::<MisereClass>().map(|_| Ordering::Equal)
    }
    fn members(&self) -> &'static [Member] {
        MISERE_CLASS
    }
}

/// CGSuite's default `maxGames` and `maxOptions` of `DayN`.
const DAY_N_DEFAULT: u32 = 1_000_000;

/// Static members of `MisereCanonicalGame`.
pub static MISERE_CLASS: &[Member] = crate::member_table![
    Member {
        name: "DayN",
        params: &[&[Param::required("maxBirthday", "Integer"), Param::optional("maxGames", "Integer"), Param::optional("maxOptions", "Integer")]],
        doc: crate::library::Doc::NONE,
        arity: Arity::Range(1, 3),
        f: |m, s, _, args| {
            let ar = Arena::of(m);
            let n = count(s, args, 0)?;
            let max_games = if args.len() > 1 { count(s, args, 1)? } else { DAY_N_DEFAULT };
            let max_options = if args.len() > 2 { count(s, args, 2)? } else { DAY_N_DEFAULT };
            match ar.with(|a| a.day_n(n, max_games as usize, max_options as usize)) {
                Ok(gs) => Ok(games_list(&ar, gs)),
                Err(DayError::TooMany(k)) => Err(s.err(ErrorKind::InvalidArgument {
                    message: format!(
                        "More than {k} misere games are born by day {n}; ask MisereCanonicalGame.DayNCount({n}) for their number"
                    ),
                })),
            }
        },
    }.doc("", "CGSuite's list of misère games of day n (an error when there are more than maxGames, default 1000000).", "MisereCanonicalGame.DayN(2)"),
    member("DayNCount", 1, |m, s, _, args| {
        let ar = Arena::of(m);
        let n = count(s, args, 0)?;
        match ar.with(|a| a.day_n_count(n)) {
            Some(c) => Ok(Value::int(c)),
            None => Err(s.arg_err(
                0,
                ErrorKind::InvalidArgument { message: format!("DayNCount is known up to day 5, not day {n}") },
            )),
        }
    }).doc("(n)", "The number of misère games born by day n (counted, not built, for day 5).", "MisereCanonicalGame.DayNCount(4)"),
];

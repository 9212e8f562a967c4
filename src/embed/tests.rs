//! The embedding front-end: values out and in, operators, members, errors, the game encoding.

use super::*;
use num_bigint::BigInt;

fn eval(e: &mut Embedded, src: &str) -> Plain {
    e.eval(src, &mut std::io::sink()).unwrap_or_else(|f| panic!("{src}: {}", f.rendered))
}

fn shown(e: &mut Embedded, src: &str) -> String {
    let p = eval(e, src);
    e.display(p).unwrap()
}

#[test]
fn data_comes_out_by_value() {
    let mut e = Embedded::new();
    assert_eq!(eval(&mut e, "2^70"), Plain::Int(BigInt::from(2).pow(70)));
    assert_eq!(eval(&mut e, "3/6"), Plain::Rational(BigInt::from(1), BigInt::from(2)));
    assert_eq!(eval(&mut e, "[true, \"a\", (1, 2)]"), {
        Plain::List(vec![
            Plain::Bool(true),
            Plain::Str("a".into()),
            Plain::Tuple(vec![Plain::Int(1.into()), Plain::Int(2.into())]),
        ])
    });
    assert_eq!(
        eval(&mut e, "{3, 1, 2}"),
        Plain::Set(vec![Plain::Int(1.into()), Plain::Int(2.into()), Plain::Int(3.into())])
    );
    // `<0|>` is the number 1 (an integer, not a game).
    assert_eq!(eval(&mut e, "<0|>"), Plain::Int(1.into()));
    assert!(matches!(eval(&mut e, "^"), Plain::Handle { game: true, .. }));
}

#[test]
fn operators_and_members_are_cgs_expressions() {
    let mut e = Embedded::new();
    let up = eval(&mut e, "^");
    let star = eval(&mut e, "*");
    let sum = e.binary("+", up.clone(), star.clone()).unwrap();
    // ^* (Winning Ways): {0,* | 0}.
    assert_eq!(e.display(sum).unwrap(), "^*");
    assert_eq!(e.binary("<=", star.clone(), up.clone()).unwrap(), Plain::Bool(false));
    assert_eq!(e.binary("<>", star.clone(), Plain::Int(0.into())).unwrap(), Plain::Bool(true));
    let g = eval(&mut e, "<2||1|0>");
    // Temperature of <2||1|0> is 3/4 (hand derivation: the thermograph's mast starts at 3/4).
    assert_eq!(e.member(g.clone(), "temperature", None).unwrap(), Plain::Rational(3.into(), 4.into()));
    assert_eq!(e.member(g.clone(), "Temperature", None).unwrap(), Plain::Rational(3.into(), 4.into()));
    let cooled = e.member(g.clone(), "Cool", Some(vec![Plain::Int(1.into())])).unwrap();
    // Cooled past its temperature 3/4 it is its mean value 5/4 (cgs and CGSuite: `<2||1|0>.Cool(1)`).
    assert_eq!(e.display(cooled).unwrap(), "5/4");
    assert_eq!(e.member_name("left_options").as_deref(), Some("LeftOptions"));
    assert_eq!(e.member_name("no_such_member"), None);
    let cool = e.member(g, "cool", None).unwrap();
    assert!(matches!(&cool, Plain::Handle { type_name, .. } if type_name == "Function"));
    assert_eq!(e.call(cool, vec![Plain::Int(1.into())]).unwrap(), Plain::Rational(5.into(), 4.into()));
}

#[test]
fn errors_carry_message_and_position() {
    let mut e = Embedded::new();
    let f = e.eval("x := 1;\ny := [1, 2][5]", &mut std::io::sink()).unwrap_err();
    assert_eq!(f.message, "Index out of bounds: 5.");
    assert_eq!((f.line, f.column), (2, 13));
    assert!(f.rendered.contains("Index out of bounds"));
    let f = e.eval("1 +", &mut std::io::sink()).unwrap_err();
    assert!(!f.message.is_empty());
}

#[test]
fn handles_survive_collection_and_release() {
    let mut e = Embedded::new();
    let g = eval(&mut e, "<3||2|1>");
    // Enough new games to trigger collections; the handle stays valid.
    eval(&mut e, "for n from 1 to 3000 do x := <n||n|*>; end");
    assert_eq!(e.display(g.clone()).unwrap(), "<3||2|1>");
    let Plain::Handle { id, .. } = g else { panic!() };
    let before = e.handle_count();
    e.release(id);
    assert_eq!(e.handle_count(), before - 1);
}

#[test]
fn the_game_encoding_is_canonical_and_round_trips() {
    let mut a = Embedded::new();
    let mut b = Embedded::new();
    // Different workspaces build games in different orders, so their ids differ; the bytes do not.
    eval(&mut b, "for n from 1 to 40 do x := <n|*n>; end");
    for src in ["^*", "*5", "<2||1|0>", "+-1", "<^, *|v>", "<<1|*>|<*|-1>, 0>", "^^^ + *3 + 1/8", "*(2^70)"] {
        let ga = eval(&mut a, src);
        let gb = eval(&mut b, src);
        let ea = a.encode(ga.clone()).unwrap();
        let eb = b.encode(gb).unwrap();
        assert_eq!(ea, eb, "{src}");
        let back = b.decode(&ea).unwrap();
        let text = shown(&mut a, src);
        assert_eq!(b.display(back).unwrap(), text, "{src}");
    }
    // A nim-heap is one node, whatever its size.
    let g = eval(&mut a, "*1000");
    assert!(a.encode(g).unwrap().len() <= 10);
    assert!(a.decode(&[9, 1]).is_err());
    assert!(a.decode(&[1, 1, 1, 1, 0, 5]).is_err());
}

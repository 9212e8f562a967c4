//! Tests of take-and-break codes: parsing, printing, nim-value sequences, periodicity.

use super::*;

fn code(s: &str) -> TakeBreakCode {
    TakeBreakCode::parse(s).unwrap()
}

#[test]
fn parse_and_print() {
    for (input, printed) in [
        ("0.77", "0.77"),
        ("0.07", "0.07"),
        ("0.137", "0.137"),
        ("0.007", "0.007"),
        ("4.07", "4.07"),
        ("0.[3]", "0.[3]"),
        ("4!.0", "4!.0"),
        ("4!.", "4!.0"),
        ("4?.", "4?.0"),
        ("0.770", "0.77"),
        ("0.7[0]", "0.7"),
        ("0.f", "0.F"),
        ("0.{2,3}!", "0.C!"),
        ("8!.0", "8!.0"),
        ("0.*", "0.*"),
        ("0.{1,3+}", "0.{1,3+}"),
        ("0.{1,2!}", "0.6!"),
        ("0.{1,2!,3}", "0.{1,2!,3}"),
        ("0.&64;", "0.&64;"),
        ("0.7!", "0.7!"),
        ("0.3!", "0.3"),
        ("20.017", "20.017"),
    ] {
        assert_eq!(code(input).to_string(), printed, "{input}");
    }
}

#[test]
fn parse_errors() {
    use TakeBreakParseError::*;
    assert_eq!(TakeBreakCode::parse("077"), Err(MissingPoint));
    assert_eq!(TakeBreakCode::parse(".77"), Err(NoDigitBeforePoint));
    assert_eq!(TakeBreakCode::parse(""), Err(NoDigitBeforePoint));
    assert_eq!(TakeBreakCode::parse("0.7.7"), Err(UnexpectedPoint(3)));
    assert_eq!(TakeBreakCode::parse("0.7x"), Err(UnexpectedChar(3, 'x')));
    assert_eq!(TakeBreakCode::parse("0.[3"), Err(UnclosedBracket));
    assert_eq!(TakeBreakCode::parse("0.[3]7"), Err(UnexpectedCloseBracket(4)));
    assert_eq!(TakeBreakCode::parse("[0].3"), Err(UnexpectedOpenBracket(0)));
    assert_eq!(TakeBreakCode::parse("0.&12"), Err(Unterminated(2)));
    assert_eq!(TakeBreakCode::parse("0.&x;"), Err(BadNumber(3)));
    assert_eq!(TakeBreakCode::parse("0.{2!,3}!"), Err(ConflictingConstraints(3)));
    assert_eq!(TakeBreakCode::parse("0.{64}"), Err(TooManyHeaps(3)));
    assert_eq!(TakeBreakCode::parse("0.{2"), Err(Unterminated(2)));
}

#[test]
fn options_of_heaps() {
    let mut opts = Vec::new();
    code("0.77").for_each_option(5, |p| opts.push(p.to_vec()));
    assert_eq!(opts, vec![vec![4], vec![1, 3], vec![2, 2], vec![3], vec![1, 2]]);
    let mut opts = Vec::new();
    code("4!.0").for_each_option(6, |p| opts.push(p.to_vec()));
    assert_eq!(opts, vec![vec![1, 5], vec![2, 4]]);
    let mut opts = Vec::new();
    code("8!.0").for_each_option(7, |p| opts.push(p.to_vec()));
    assert_eq!(opts, vec![vec![1, 2, 4]]);
    let mut opts = Vec::new();
    code("8?.0").for_each_option(6, |p| opts.push(p.to_vec()));
    assert_eq!(opts, vec![vec![1, 1, 4], vec![1, 2, 3]]);
    let mut opts = Vec::new();
    code("0.{2=}").for_each_option(7, |p| opts.push(p.to_vec()));
    assert_eq!(opts, vec![vec![3, 3]]);
}

#[test]
fn known_sequences() {
    // Kayles (Winning Ways ch. 4)
    let k = code("0.77").nim_value_sequence(23).unwrap();
    assert_eq!(k, vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7]);
    // Dawson's Kayles
    let d = code("0.07").nim_value_sequence(17).unwrap();
    assert_eq!(d, vec![0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2]);
    // Grundy's game
    let g = code("4!.0").nim_value_sequence(20).unwrap();
    assert_eq!(g, vec![0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]);
    // Nim and a subtraction game
    assert_eq!(code("0.[3]").nim_value_sequence(6).unwrap(), vec![0, 1, 2, 3, 4, 5, 6]);
    assert_eq!(code("0.333").nim_value_sequence(8).unwrap(), vec![0, 1, 2, 3, 0, 1, 2, 3, 0]);
}

#[test]
fn sparse_agrees_with_naive() {
    for s in [
        "0.77", "0.07", "0.137", "0.007", "4!.0", "4.07", "0.6", "0.16", "0.4", "0.165", "0.51", "0.7=", "0.33",
        "4?.0", "0.3F", "0.7?", "0.4=", "0.6?", "4=.0",
    ] {
        let c = code(s);
        let fast = c.nim_value_sequence(700).unwrap();
        let slow = c.naive_sequence(700).unwrap();
        assert_eq!(fast, slow, "{s}");
    }
}

#[test]
fn periodicity_of_octal_games() {
    // Kayles: last exceptional value at 70, then period 12 (Winning Ways ch. 4).
    let p = code("0.77").check_periodicity(400).unwrap().unwrap();
    assert_eq!((p.preperiod, p.period, p.saltus), (71, 12, 0));
    // Dawson's Kayles 0.07: period 34 from heap 53 on (heap 52 is the last exception).
    // (CGSuite's tutorial: `CheckPeriodicity(300)` finds period 34, 100 values show nothing.)
    let p = code("0.07").check_periodicity(300).unwrap().unwrap();
    assert_eq!((p.preperiod, p.period, p.saltus), (53, 34, 0));
    assert_eq!(code("0.07").check_periodicity(100).unwrap(), None);
    assert_eq!(code("0.07").check_periodicity(265).unwrap(), None);
    assert!(code("0.07").check_periodicity(266).unwrap().is_some());
    // Dawson's chess 0.137 is Dawson's Kayles shifted by one heap.
    let p = code("0.137").check_periodicity(600).unwrap().unwrap();
    assert_eq!((p.preperiod, p.period), (52, 34));
    // too short a sequence proves nothing
    assert_eq!(code("0.77").check_periodicity(200).unwrap(), None);
    // a subtraction game
    let p = code("0.333").check_periodicity(30).unwrap().unwrap();
    assert_eq!((p.preperiod, p.period), (0, 4));
}

#[test]
fn arithmetic_periodicity() {
    let v: Vec<i64> = (0..40).map(|n| if n < 3 { 7 } else { n / 2 }).collect();
    let p = check_periodicity(&v, &PeriodicityCriteria::default()).unwrap();
    assert_eq!((p.preperiod, p.period, p.saltus), (3, 2, 1));
    let strict = PeriodicityCriteria { max_saltus: Some(0), ..PeriodicityCriteria::default() };
    assert_eq!(check_periodicity(&v, &strict), None);
}

#[test]
fn loopy_codes_are_errors() {
    assert_eq!(code("2.0").nim_value_sequence(3), Err(TakeBreakError::Loopy(1)));
}

/// Speed check (run in release with `--ignored --nocapture`): Kayles to 10^5, Grundy's game to 10^6.
#[test]
#[ignore]
fn speed_kayles_and_grundy() {
    let t = std::time::Instant::now();
    let k = code("0.77").nim_value_sequence(100_000).unwrap();
    println!("Kayles 0.77 to 10^5: {:?}", t.elapsed());
    assert_eq!(k[100_000], k[100_000 - 12 * 1000]);
    let t = std::time::Instant::now();
    let g = code("4!.0").nim_value_sequence(1_000_000).unwrap();
    println!("Grundy 4!.0 to 10^6: {:?} (max value {})", t.elapsed(), g.iter().max().unwrap());
    // spot check against the naive evaluation at the end of a shorter run
    let short = code("4!.0").naive_sequence(3000).unwrap();
    assert_eq!(&g[..=3000], &short[..]);
}

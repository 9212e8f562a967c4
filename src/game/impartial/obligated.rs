//! Obligated sums of impartial games (T. S. Ferguson, "Obligated sums of games").
//!
//! In the obligated sum `g1 ⊕ g2 ⊕ … ⊕ gn`, once a component is started, play must continue in it
//! until it is finished; then the player to move starts another component. The game ends when no
//! component has a move left. Normal and misère outcomes have to be solved together.
//!
//! The *value* of a game is the pair (normal outcome, misère outcome), written `ab` with `0` for a
//! P-position and `1` for an N-position ([`ObligatedValue`], printed `00`, `01`, `10`, `11`).
//! Ferguson's Theorem 1: with `m_ij` the number of components of value `ij`,
//! (a) `m11 > 0` gives 11; (b) otherwise, if `m00 > 0`, 11 when `m10` is odd and 00 when even;
//! (c) otherwise 10 when `m10` is odd and 01 when even ([`obligated_sum_value`]).
//!
//! * [`obligated_outcome_search`]: brute-force outcome of an obligated sum of [`ImpartialTree`]s,
//!   independent of the theorem (the tests compare the two on thousands of random sums).
//! * [`obligated_value_sequence`]: take-and-break games in which a split leaves an obligated sum of
//!   the pieces (Ferguson §3): `Val(n) = NOT AND { Val(option) }`, the value of a split being the
//!   Theorem-1 value of its heaps.
//! * [`obligated_wythoff_table`], [`obligated_knight_table`]: the paper's Figures 1 and 3.

use std::collections::HashMap;
use std::fmt;

use crate::game::impartial::takebreak::{TakeBreakCode, TakeBreakError};
use crate::game::impartial::{ImpartialTree, TreeTable};

/// A pair of outcomes: normal play and misère play, each "the player to move wins" (N, digit 1) or
/// not (P, digit 0). Printed as Ferguson writes it: normal digit first (`01` = normal P, misère N).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObligatedValue {
    /// The player to move wins under normal play.
    pub normal_next_wins: bool,
    /// The player to move wins under misère play.
    pub misere_next_wins: bool,
}

impl ObligatedValue {
    /// `00`: P under both rules.
    pub const V00: ObligatedValue = ObligatedValue { normal_next_wins: false, misere_next_wins: false };
    /// `01`: normal P, misère N (e.g. a finished game).
    pub const V01: ObligatedValue = ObligatedValue { normal_next_wins: false, misere_next_wins: true };
    /// `10`: normal N, misère P (e.g. `*`).
    pub const V10: ObligatedValue = ObligatedValue { normal_next_wins: true, misere_next_wins: false };
    /// `11`: N under both rules.
    pub const V11: ObligatedValue = ObligatedValue { normal_next_wins: true, misere_next_wins: true };

    /// From the two digits (`normal`, `misere`), each 0 or 1.
    pub fn from_digits(normal: u8, misere: u8) -> ObligatedValue {
        ObligatedValue { normal_next_wins: normal != 0, misere_next_wins: misere != 0 }
    }

    /// The value as the number `2·normal + misère` (0 to 3).
    pub fn code(self) -> u8 {
        (self.normal_next_wins as u8) << 1 | self.misere_next_wins as u8
    }

    /// The value of a position whose options have the given values: `NOT AND` of the option values,
    /// and `01` for a position without options.
    pub fn from_options<I: IntoIterator<Item = ObligatedValue>>(options: I) -> ObligatedValue {
        let mut any = false;
        let mut normal = false;
        let mut misere = false;
        for o in options {
            any = true;
            normal |= !o.normal_next_wins;
            misere |= !o.misere_next_wins;
        }
        ObligatedValue { normal_next_wins: normal, misere_next_wins: misere || !any }
    }

    /// The value of the obligated sum `self ⊕ other` (Ferguson's Figure 4).
    pub fn oplus(self, other: ObligatedValue) -> ObligatedValue {
        obligated_sum_value([self, other])
    }
}

impl fmt::Display for ObligatedValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.normal_next_wins as u8, self.misere_next_wins as u8)
    }
}

/// The value of an obligated sum from the values of its components (Ferguson's Theorem 1). The
/// empty sum (nothing to play) is `01`.
pub fn obligated_sum_value<I: IntoIterator<Item = ObligatedValue>>(components: I) -> ObligatedValue {
    let (mut m00, mut m10, mut m11) = (0usize, 0usize, 0usize);
    for v in components {
        match (v.normal_next_wins, v.misere_next_wins) {
            (false, false) => m00 += 1,
            (true, false) => m10 += 1,
            (true, true) => m11 += 1,
            (false, true) => {}
        }
    }
    let odd = m10 % 2 == 1;
    if m11 > 0 {
        ObligatedValue::V11
    } else if m00 > 0 {
        if odd {
            ObligatedValue::V11
        } else {
            ObligatedValue::V00
        }
    } else if odd {
        ObligatedValue::V10
    } else {
        ObligatedValue::V01
    }
}

/// The value of a single game: its own normal and misère outcomes.
pub fn obligated_value(g: &ImpartialTree) -> ObligatedValue {
    ObligatedValue { normal_next_wins: g.normal_next_wins(), misere_next_wins: g.misere_next_wins() }
}

/// The normal and misère outcomes of the obligated sum of `components`, by exhaustive search of the
/// game (memoised on positions), without using Theorem 1.
pub fn obligated_outcome_search(components: &[ImpartialTree]) -> ObligatedValue {
    let mut table = TreeTable::default();
    let mut ids: Vec<usize> = components.iter().map(|g| g.intern(&mut table)).collect();
    ids.sort_unstable();
    let mut search = Search { table, memo: HashMap::new() };
    ObligatedValue { normal_next_wins: search.wins(&ids, None, false), misere_next_wins: search.wins(&ids, None, true) }
}

struct Search {
    table: TreeTable,
    memo: HashMap<(Vec<usize>, Option<usize>, bool), bool>,
}

impl Search {
    /// Whether the player to move wins with `remaining` components not yet started and `current`
    /// (if any) the component that must be continued.
    fn wins(&mut self, remaining: &[usize], current: Option<usize>, misere: bool) -> bool {
        let key = (remaining.to_vec(), current, misere);
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let result = match current {
            Some(c) if !self.table.options[c].is_empty() => {
                let opts = self.table.options[c].clone();
                opts.iter().any(|&o| !self.wins(remaining, Some(o), misere))
            }
            _ => {
                let mut any_move = false;
                let mut win = false;
                for i in 0..remaining.len() {
                    if i > 0 && remaining[i] == remaining[i - 1] {
                        continue;
                    }
                    let opts = self.table.options[remaining[i]].clone();
                    if opts.is_empty() {
                        continue;
                    }
                    any_move = true;
                    let mut rest = remaining.to_vec();
                    rest.remove(i);
                    if opts.iter().any(|&o| !self.wins(&rest, Some(o), misere)) {
                        win = true;
                        break;
                    }
                }
                if any_move {
                    win
                } else {
                    misere
                }
            }
        };
        self.memo.insert(key, result);
        result
    }
}

/// Obligated take-and-break (Ferguson §3): values of heaps 0..=n when a move that leaves several
/// heaps leaves their obligated sum. Heap 0 is `01`.
pub fn obligated_value_sequence(code: &TakeBreakCode, n: usize) -> Result<Vec<ObligatedValue>, TakeBreakError> {
    let mut values: Vec<Option<ObligatedValue>> = vec![Some(ObligatedValue::V01)];
    let mut pending = vec![false];
    for m in 1..=n {
        heap_value(code, m, &mut values, &mut pending)?;
    }
    Ok(values[..=n].iter().map(|v| v.expect("heaps 0..=n are computed above")).collect())
}

fn heap_value(
    code: &TakeBreakCode,
    m: usize,
    values: &mut Vec<Option<ObligatedValue>>,
    pending: &mut Vec<bool>,
) -> Result<ObligatedValue, TakeBreakError> {
    code.memo_heap_value(m, values, pending, &obligated_sum_value, &ObligatedValue::from_options)
}

/// Ferguson's Figure 1: values of Wythoff's game (a queen moving down, left or diagonally down-left)
/// at `(n1, n2)`, as `table[n1][n2]` for `n1 < width`, `n2 < height`.
pub fn obligated_wythoff_table(width: usize, height: usize) -> Vec<Vec<ObligatedValue>> {
    let mut t = vec![vec![ObligatedValue::V01; height]; width];
    for x in 0..width {
        for y in 0..height {
            let mut opts = Vec::new();
            for k in 1..=x {
                opts.push(t[x - k][y]);
            }
            for k in 1..=y {
                opts.push(t[x][y - k]);
            }
            for k in 1..=x.min(y) {
                opts.push(t[x - k][y - k]);
            }
            t[x][y] = ObligatedValue::from_options(opts);
        }
    }
    t
}

/// Ferguson's Figure 3: values of the knight game (a knight on the quarter plane moving to
/// `(i-2, j±1)`, `(i∓1, j-2)`, so that `i + j` decreases), as `table[i][j]` for `i < width`,
/// `j < height`.
pub fn obligated_knight_table(width: usize, height: usize) -> Vec<Vec<ObligatedValue>> {
    // Moves may raise one coordinate by one, so work on a triangle large enough to hold every
    // position reachable from the requested rectangle.
    let size = width + height + 2;
    let mut t: Vec<Vec<Option<ObligatedValue>>> = vec![vec![None; size]; size];
    for s in 0..size {
        for i in 0..=s {
            let j = s - i;
            let mut opts = Vec::new();
            let moves: [(i64, i64); 4] = [(-2, 1), (-2, -1), (-1, -2), (1, -2)];
            for (di, dj) in moves {
                let (a, b) = (i as i64 + di, j as i64 + dj);
                if a >= 0 && b >= 0 {
                    opts.push(t[a as usize][b as usize].expect("smaller coordinate sum"));
                }
            }
            t[i][j] = Some(ObligatedValue::from_options(opts));
        }
    }
    (0..width).map(|i| (0..height).map(|j| t[i][j].expect("the triangle covers the rectangle")).collect()).collect()
}

#[cfg(test)]
#[allow(clippy::needless_range_loop)]
mod tests {
    use super::*;
    use crate::game::impartial::takebreak::check_periodicity;

    fn v(s: &str) -> ObligatedValue {
        let b = s.as_bytes();
        ObligatedValue::from_digits(b[0] - b'0', b[1] - b'0')
    }

    fn row(s: &str) -> Vec<ObligatedValue> {
        s.split_whitespace().map(v).collect()
    }

    #[test]
    fn figure_4() {
        let fig = ["00 00 11 11", "00 01 10 11", "11 10 01 11", "11 11 11 11"];
        let order = [ObligatedValue::V00, ObligatedValue::V01, ObligatedValue::V10, ObligatedValue::V11];
        for (i, line) in fig.iter().enumerate() {
            for (j, expected) in row(line).into_iter().enumerate() {
                assert_eq!(order[i].oplus(order[j]), expected, "{} ⊕ {}", order[i], order[j]);
            }
        }
        assert_eq!(obligated_sum_value([]), ObligatedValue::V01);
        assert_eq!(ObligatedValue::V10.to_string(), "10");
    }

    /// A small random impartial tree.
    fn random_tree(rng: &mut u64, depth: u32) -> ImpartialTree {
        let mut next = || {
            *rng ^= *rng << 13;
            *rng ^= *rng >> 7;
            *rng ^= *rng << 17;
            *rng
        };
        if depth == 0 {
            return ImpartialTree::default();
        }
        let n = (next() % 4) as usize;
        let seeds: Vec<u64> = (0..n).map(|_| next()).collect();
        let d = depth;
        ImpartialTree::new(
            seeds
                .into_iter()
                .map(|s| {
                    let mut r = s | 1;
                    let sub = (s >> 7) % d as u64;
                    random_tree(&mut r, sub as u32)
                })
                .collect(),
        )
    }

    #[test]
    fn theorem_1_agrees_with_search() {
        let mut rng = 0x2545_F491_4F6C_DD1Du64;
        let mut seen = [0usize; 4];
        for round in 0..3000 {
            let k = 1 + round % 4;
            let comps: Vec<ImpartialTree> = (0..k).map(|_| random_tree(&mut rng, 4)).collect();
            let by_search = obligated_outcome_search(&comps);
            let by_theorem = obligated_sum_value(comps.iter().map(obligated_value));
            assert_eq!(by_search, by_theorem, "components {comps:?}");
            seen[by_theorem.code() as usize] += 1;
            // the corollary's statement of the P-positions
            let m = |w: ObligatedValue| comps.iter().filter(|g| obligated_value(g) == w).count();
            let (m00, m10, m11) = (m(ObligatedValue::V00), m(ObligatedValue::V10), m(ObligatedValue::V11));
            assert_eq!(!by_search.normal_next_wins, m11 == 0 && m10 % 2 == 0);
            assert_eq!(
                !by_search.misere_next_wins,
                m11 == 0 && ((m00 == 0 && m10 % 2 == 1) || (m00 > 0 && m10 % 2 == 0))
            );
        }
        assert!(seen.iter().all(|&c| c > 50), "every value class exercised: {seen:?}");
    }

    fn seq(code: &str, n: usize) -> Vec<ObligatedValue> {
        obligated_value_sequence(&TakeBreakCode::parse(code).unwrap(), n).unwrap()
    }

    fn period_of(code: &str, n: usize) -> (usize, usize) {
        let c = TakeBreakCode::parse(code).unwrap();
        let values: Vec<i64> = seq(code, n)[..n].iter().map(|v| v.code() as i64).collect();
        let p = check_periodicity(&values, &c.periodicity_criteria().unwrap()).unwrap();
        assert_eq!(p.saltus, 0);
        (p.preperiod, p.period)
    }

    #[test]
    fn example_3_grundy() {
        let s = seq("4!.0", 14);
        assert_eq!(s[1..].to_vec(), row("01 01 10 01 11 10 01 11 10 01 11 10 01 11"));
        assert_eq!(period_of("4!.0", 200), (3, 3));
    }

    #[test]
    fn example_4_kayles() {
        let s = seq("0.77", 15);
        assert_eq!(s, row("01 10 11 11 10 01 11 11 01 10 11 11 10 01 11 11"));
        assert_eq!(period_of("0.77", 200), (0, 8));
    }

    #[test]
    fn example_5_dawsons_chess() {
        let s = seq("0.137", 15);
        assert_eq!(s, row("01 10 10 11 01 11 10 10 01 01 11 10 11 01 01 10"));
        assert_eq!(period_of("0.137", 200), (0, 14));
    }

    #[test]
    fn example_6_007() {
        let s = seq("0.007", 21);
        assert_eq!(s, row("01 01 01 10 10 10 11 11 01 11 11 10 10 10 01 01 01 11 11 10 11 11"));
        assert_eq!(period_of("0.007", 300), (0, 22));
    }

    #[test]
    fn figure_1_wythoff() {
        let t = obligated_wythoff_table(40, 40);
        let tau = (1.0 + 5f64.sqrt()) / 2.0;
        let mut p_positions = std::collections::HashSet::new();
        for n in 2..30 {
            let (a, b) = ((n as f64 * tau).floor() as usize, (n as f64 * tau * tau).floor() as usize);
            p_positions.insert((a, b));
            p_positions.insert((b, a));
        }
        for x in 0..40 {
            for y in 0..40 {
                let expected = match (x, y) {
                    (0, 0) | (1, 2) | (2, 1) => ObligatedValue::V01,
                    (0, 1) | (1, 0) | (2, 2) => ObligatedValue::V10,
                    _ if p_positions.contains(&(x, y)) => ObligatedValue::V00,
                    _ => ObligatedValue::V11,
                };
                assert_eq!(t[x][y], expected, "({x},{y})");
            }
        }
        // Figure 2's queens: values 10, 11, 01, 10, 00; without (1,4) the sum is 00.
        let queens = [(0, 1), (1, 4), (2, 1), (2, 2), (5, 3)];
        let vals: Vec<String> = queens.iter().map(|&(x, y)| t[x][y].to_string()).collect();
        assert_eq!(vals, ["10", "11", "01", "10", "00"]);
        let rest = [t[0][1], t[2][1], t[2][2], t[5][3]];
        assert_eq!(obligated_sum_value(rest), ObligatedValue::V00);
    }

    #[test]
    fn figure_3_knight() {
        // rows j = 10 down to 0, columns i = 0..=10, as printed in the paper
        let fig = [
            "10 11 11 11 10 11 10 11 10 11 10",
            "01 01 11 10 01 00 11 10 01 00 11",
            "00 01 11 11 00 01 10 11 00 01 10",
            "10 10 11 10 11 10 11 10 11 10 11",
            "10 11 11 11 10 11 10 11 10 11 10",
            "01 01 11 10 01 00 11 10 01 00 11",
            "00 01 11 11 00 01 10 11 00 01 10",
            "10 10 11 10 11 10 11 10 11 10 11",
            "10 11 11 11 11 11 11 11 11 11 11",
            "01 01 11 10 01 01 11 10 01 01 11",
            "01 01 10 10 00 01 10 10 00 01 10",
        ];
        let t = obligated_knight_table(11, 11);
        for (r, line) in fig.iter().enumerate() {
            let j = 10 - r;
            for (i, expected) in row(line).into_iter().enumerate() {
                assert_eq!(t[i][j], expected, "({i},{j})");
            }
        }
        // the worked example: knights on (3,4), (5,3), (4,9), (6,4)
        let others = [t[5][3], t[4][9], t[6][4]];
        assert_eq!(t[3][4], ObligatedValue::V11);
        assert_eq!(obligated_sum_value(others), ObligatedValue::V01);
        assert_eq!(t[1][5], ObligatedValue::V01); // wins the normal version
        assert_eq!(t[1][3], ObligatedValue::V10); // wins the misère version
                                                  // "a repeated pattern of period 4": in each coordinate, once it is at least 4
        let big = obligated_knight_table(64, 64);
        for i in 0..60 {
            for j in 0..60 {
                if i >= 4 {
                    assert_eq!(big[i + 4][j], big[i][j], "({i},{j})");
                }
                assert_eq!(big[i][j], big[j][i], "symmetry at ({i},{j})");
            }
        }
    }
}

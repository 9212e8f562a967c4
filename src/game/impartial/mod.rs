//! Nim arithmetic and impartial game trees.
//!
//! * [`nim_sum`], [`nim_product`] (Conway's nim multiplication on `u64`, the field of order 2^64),
//!   [`mex`].
//! * [`ImpartialTree`]: an impartial game given literally as the list of its options, with brute-force
//!   normal and misère outcomes. It is the input format of the misère arena ([`crate::game::misere`]) and of
//!   the obligated-sum solver ([`obligated`]).
//!
//! Take-and-break codes and nim-value sequences live in [`takebreak`].

pub mod obligated;
pub mod spawning;
pub mod takebreak;

use std::collections::HashMap;

/// The nim-sum (bitwise exclusive or) of two nim-values.
pub fn nim_sum(a: u64, b: u64) -> u64 {
    a ^ b
}

/// Conway's nim product of two nim-values (`*a .ConwayProduct *b`, `a.NimProduct(b)`).
///
/// The nimbers below 2^64 form a field under nim-sum and nim product; the product is computed by
/// splitting at the Fermat 2-power `X = 2^32` (then 2^16, …): `X ⊗ X = X ⊕ X/2`, with Karatsuba's
/// three half-size products per level.
pub fn nim_product(a: u64, b: u64) -> u64 {
    nim_mul_level(a, b, 6)
}

/// Nim product of two numbers below 2^(2^level).
fn nim_mul_level(a: u64, b: u64, level: u32) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    // Shrink the level to the smallest field containing both arguments.
    let mut level = level;
    while level > 0 && (a | b) >> (1u32 << (level - 1)) == 0 {
        level -= 1;
    }
    if level == 0 {
        return a & b;
    }
    let h = 1u32 << (level - 1);
    let mask = (1u64 << h) - 1;
    let (a1, a0) = (a >> h, a & mask);
    let (b1, b0) = (b >> h, b & mask);
    let c = nim_mul_level(a0, b0, level - 1);
    let d = nim_mul_level(a1, b1, level - 1);
    let e = nim_mul_level(a0 ^ a1, b0 ^ b1, level - 1);
    // (a1 X + a0)(b1 X + b0) = (a1b1 + a1b0 + a0b1) X + a0b0 + a1b1 (X/2)
    ((e ^ c) << h) | (c ^ nim_mul_level(d, 1u64 << (h - 1), level - 1))
}

/// The minimal excludant: the least natural number not in `values`.
pub fn mex<I: IntoIterator<Item = u32>>(values: I) -> u32 {
    let mut seen: Vec<bool> = Vec::new();
    for v in values {
        let v = v as usize;
        if v >= seen.len() {
            seen.resize(v + 1, false);
        }
        seen[v] = true;
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
}

/// An impartial game written out as the list of its options (a finite tree; shared subtrees are
/// just repeated). `ImpartialTree::default()` is 0.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ImpartialTree(pub Vec<ImpartialTree>);

impl ImpartialTree {
    /// The game with the given options.
    pub fn new(options: Vec<ImpartialTree>) -> ImpartialTree {
        ImpartialTree(options)
    }

    /// The nim heap `*n` = {0, *, …, *(n-1)} (as a literal tree).
    pub fn nim(n: usize) -> ImpartialTree {
        let mut heaps: Vec<ImpartialTree> = Vec::with_capacity(n);
        for _ in 0..n {
            let next = ImpartialTree(heaps.clone());
            heaps.push(next);
        }
        ImpartialTree(heaps)
    }

    /// The options.
    pub fn options(&self) -> &[ImpartialTree] {
        &self.0
    }

    /// The disjunctive sum of two trees (literal, not simplified).
    pub fn sum(&self, other: &ImpartialTree) -> ImpartialTree {
        let mut opts: Vec<ImpartialTree> = self.0.iter().map(|g| g.sum(other)).collect();
        opts.extend(other.0.iter().map(|h| self.sum(h)));
        ImpartialTree(opts)
    }

    /// The normal-play nim value (Sprague–Grundy value).
    pub fn nim_value(&self) -> u32 {
        let mut table = TreeTable::default();
        let id = self.intern(&mut table);
        let mut memo: Vec<Option<u32>> = vec![None; table.options.len()];
        fn go(t: &TreeTable, id: usize, memo: &mut Vec<Option<u32>>) -> u32 {
            if let Some(v) = memo[id] {
                return v;
            }
            let v = mex(t.options[id].iter().map(|&o| go(t, o, memo)));
            memo[id] = Some(v);
            v
        }
        go(&table, id, &mut memo)
    }

    /// Normal-play outcome: `true` if the player to move wins (N), `false` for P.
    pub fn normal_next_wins(&self) -> bool {
        self.nim_value() != 0
    }

    /// Misère-play outcome by search on the tree: `true` if the player to move wins (N).
    pub fn misere_next_wins(&self) -> bool {
        let mut table = TreeTable::default();
        let id = self.intern(&mut table);
        let mut memo: Vec<Option<bool>> = vec![None; table.options.len()];
        fn go(t: &TreeTable, id: usize, memo: &mut Vec<Option<bool>>) -> bool {
            if let Some(v) = memo[id] {
                return v;
            }
            let opts = &t.options[id];
            let v = opts.is_empty() || opts.iter().any(|&o| !go(t, o, memo));
            memo[id] = Some(v);
            v
        }
        go(&table, id, &mut memo)
    }

    /// Hash-conses the tree into `table` (structure → id, each id's options sorted), returning its id.
    /// Used by searches that memoise on positions.
    pub(crate) fn intern(&self, table: &mut TreeTable) -> usize {
        let mut opts: Vec<usize> = self.0.iter().map(|g| g.intern(table)).collect();
        opts.sort_unstable();
        opts.dedup();
        table.id_of(opts)
    }
}

/// A small hash-consing table of impartial trees (id → sorted, deduplicated option ids).
#[derive(Default, Debug)]
pub(crate) struct TreeTable {
    pub(crate) options: Vec<Vec<usize>>,
    ids: HashMap<Vec<usize>, usize>,
}

impl TreeTable {
    pub(crate) fn id_of(&mut self, opts: Vec<usize>) -> usize {
        if let Some(&id) = self.ids.get(&opts) {
            return id;
        }
        let id = self.options.len();
        self.options.push(opts.clone());
        self.ids.insert(opts, id);
        id
    }
}

#[cfg(test)]
#[allow(clippy::needless_range_loop)]
mod tests {
    use super::*;

    /// Nim product by the definition: a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b'}.
    fn nim_product_by_definition(n: usize) -> Vec<Vec<u64>> {
        let mut t = vec![vec![0u64; n]; n];
        for a in 0..n {
            for b in 0..n {
                let mut opts = Vec::new();
                for a2 in 0..a {
                    for b2 in 0..b {
                        opts.push((t[a2][b] ^ t[a][b2] ^ t[a2][b2]) as u32);
                    }
                }
                t[a][b] = mex(opts) as u64;
            }
        }
        t
    }

    #[test]
    fn nim_product_matches_definition_below_32() {
        let t = nim_product_by_definition(32);
        for a in 0..32 {
            for b in 0..32 {
                assert_eq!(nim_product(a as u64, b as u64), t[a][b], "{a} ⊗ {b}");
            }
        }
    }

    #[test]
    fn nim_product_known_values() {
        assert_eq!(nim_product(2, 2), 3);
        assert_eq!(nim_product(4, 4), 6);
        assert_eq!(nim_product(16, 16), 24);
        assert_eq!(nim_product(1 << 32, 1 << 32), (1u64 << 32) | (1u64 << 31));
    }

    #[test]
    fn nim_product_is_a_field_operation() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..300 {
            let (a, b, c) = (next(), next(), next());
            assert_eq!(nim_product(a, b), nim_product(b, a));
            assert_eq!(nim_product(a, nim_product(b, c)), nim_product(nim_product(a, b), c));
            assert_eq!(nim_product(a, b ^ c), nim_product(a, b) ^ nim_product(a, c));
            assert_eq!(nim_product(a, 1), a);
        }
        // every nonzero element of GF(2^64) satisfies x^(2^64) = x: square 64 times
        for _ in 0..20 {
            let a = next();
            let mut y = a;
            for _ in 0..64 {
                y = nim_product(y, y);
            }
            assert_eq!(y, a);
        }
    }

    #[test]
    fn mex_and_trees() {
        assert_eq!(mex(vec![]), 0);
        assert_eq!(mex(vec![0, 1, 3]), 2);
        assert_eq!(mex(vec![1, 2]), 0);
        assert_eq!(ImpartialTree::nim(5).nim_value(), 5);
        let s = ImpartialTree::nim(3).sum(&ImpartialTree::nim(5));
        assert_eq!(s.nim_value(), 6);
        // misère nim: *1 is a misère P-position, 0 and *2 are N, *1+*1 is N
        assert!(ImpartialTree::nim(0).misere_next_wins());
        assert!(!ImpartialTree::nim(1).misere_next_wins());
        assert!(ImpartialTree::nim(2).misere_next_wins());
        assert!(ImpartialTree::nim(1).sum(&ImpartialTree::nim(1)).misere_next_wins());
        assert!(!ImpartialTree::nim(2).sum(&ImpartialTree::nim(2)).misere_next_wins());
    }
}

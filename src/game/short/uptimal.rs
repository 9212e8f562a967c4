//! Uptimal expansions (CGSuite's `Uptimal`): games of the form number + Σ aᵢ·↑ⁱ + *n.
//!
//! A game is *uptimal* if it equals `x + a₁·↑ + a₂·↑² + … + aₖ·↑ᵏ + *m` (↑ⁱ is `^.Pow(i)`). Recognition
//! follows CGSuite: a non-NUS candidate has exactly one Right option (or, for the negative case, one
//! Left option), all of its options are uptimal with the same number part, and the expansion is the
//! Right option's expansion "incremented"; the Left options are then checked against the four shapes
//! (a)–(d) the canonical form of an uptimal can take. Results are cached per id.

use crate::game::short::uptimal_expansion::UptimalExpansion;
use crate::game::{GameError, GameId, Games};

impl Games {
    /// `G.UptimalExpansion`, or an error if G is not uptimal.
    pub fn uptimal_expansion(&mut self, g: GameId) -> Result<UptimalExpansion, GameError> {
        self.uptimal_of(g).ok_or(GameError::NotUptimal(g))
    }
    /// `G.IsUptimal`.
    pub fn is_uptimal(&mut self, g: GameId) -> bool {
        self.uptimal_of(g).is_some()
    }

    /// The uptimal expansion of `g`, if it has one (cached).
    pub(crate) fn uptimal_of(&mut self, g: GameId) -> Option<UptimalExpansion> {
        if let Some(v) = self.nus(g) {
            return Some(UptimalExpansion::new(v.num, vec![v.ups], v.nim));
        }
        if let Some(u) = self.uptimal_cache.get(&g) {
            return u.clone();
        }
        self.poll_interrupt();
        let mut ue = self.uptimal_positive(g);
        if ue.is_none() {
            let ng = self.neg(g);
            ue = self.uptimal_positive(ng).map(|u| u.negate());
        }
        crate::game::budget::check_growth(&self.uptimal_cache);
        self.uptimal_cache.insert(g, ue.clone());
        // The expansions grow with the depth (`* : n` caches n expansions of up to n coefficients), and
        // they are allocated on the way back up: poll here too, so the budget stops a quadratic walk.
        self.poll_interrupt();
        ue
    }

    /// The expansion of `g` assuming its last coefficient is positive.
    fn uptimal_positive(&mut self, g: GameId) -> Option<UptimalExpansion> {
        if self.right_slice(g).len() != 1 {
            return None;
        }
        let gr = self.right_slice(g)[0];
        let r = self.uptimal_of(gr)?;
        let mut ls = Vec::new();
        for o in self.left_options(g) {
            let e = self.uptimal_of(o)?;
            if e.number != r.number {
                return None;
            }
            ls.push(e);
        }
        // CGSuite scans Left options with the nimbers first, in order.
        ls.sort_by(|a, b| a.len().cmp(&b.len()).then(a.nim.cmp(&b.nim)));
        let max_len = ls.iter().map(UptimalExpansion::len).max().unwrap_or(0);
        if !r.is_empty() && r.coef(r.len()) > 0 {
            let p = r.increment(true, r.len());
            if valid_expansion(&p, &ls, &r) {
                return Some(p);
            }
        }
        let p = r.increment(true, r.len().max(max_len) + 1);
        valid_expansion(&p, &ls, &r).then_some(p)
    }
}

/// Whether Left options `ls` (and Right option `r`) are those of the canonical form of `exp`.
fn valid_expansion(exp: &UptimalExpansion, ls: &[UptimalExpansion], r: &UptimalExpansion) -> bool {
    let mut matches_base = None;
    let mut first_non_nimber = ls.len();
    for (i, l) in ls.iter().enumerate() {
        if first_non_nimber == ls.len() && (!l.is_empty() || l.nim != i as u64) {
            first_non_nimber = i;
        }
        if l.nim == r.nim {
            if matches_base.is_some() {
                return false;
            }
            matches_base = Some(i);
        }
    }
    let last_consecutive_nimber = first_non_nimber as i64 - 1;
    let rightmost_negative = exp.rightmost_coefficient_leq(-1);
    let rightmost_nonpositive = exp.rightmost_coefficient_leq(0);
    let cut = if exp.coef(exp.len()) == 1 { exp.len() - 1 } else { rightmost_nonpositive };
    if rightmost_negative >= 1 {
        match (ls.len(), matches_base) {
            (2, Some(i)) => {
                let t = exp.truncate_to(rightmost_negative);
                let expected1 = t.increment(true, t.len());
                ls[i] == expected1 && ls[1 - i] == exp.truncate_to(cut)
            }
            _ => false,
        }
    } else if exp.coef(1) == 0 {
        exp.nim.to_u64().is_some_and(|n| ls.len() as u64 == n + 1 && last_consecutive_nimber >= n as i64 - 1)
            && ls[ls.len() - 1] == exp.truncate_to(cut)
    } else if exp.coef(1) == 1 && exp.is_confused() {
        ls.len() == 2 && ls[0].nim == 0 && ls[0].is_empty() && ls[1] == exp.truncate_to(cut)
    } else {
        ls.len() == 1 && ls[0] == exp.sharply_truncate_to(cut)
    }
}

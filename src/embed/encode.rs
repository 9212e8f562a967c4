//! The compact canonical encoding of a short game: the same bytes for the same game in every workspace.
//!
//! Layout (all integers LEB128 varints; signed ones zigzag-mapped first): the version byte `1`, the number
//! of nodes, then the nodes of the game's DAG in post-order (every follower before the games that have it
//! as an option; each distinct follower once). The last node is the game. A node is either
//! - `0`, a number + ups + nimber `x + n·↑ + *m` (numbers, nimbers, `↑`, `*`, `↑*` … and their sums), as
//!   `x`'s numerator (a signed big integer: byte length, then two's-complement little-endian bytes), the
//!   exponent `k` of its denominator `2^k`, `n` (signed) and `m` (byte length, then little-endian bytes); or
//! - `1`, a game `{L | R}`: the number of left options, of right options, then the index of each option
//!   (left, then right, each side in the deterministic order games print in).
//!
//! Sharing followers makes the encoding as small as the game's DAG (a nim-heap `*n` is one node); the fixed
//! option order makes it canonical, so it can be hashed and compared as bytes.

use crate::game::{Dyadic, GameId, Games};
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use rustc_hash::FxHashMap;

const VERSION: u8 = 1;

fn put_uvar(out: &mut Vec<u8>, mut n: u64) {
    loop {
        let b = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

fn put_ivar(out: &mut Vec<u8>, n: i64) {
    put_uvar(out, ((n << 1) ^ (n >> 63)) as u64);
}

fn put_bytes(out: &mut Vec<u8>, b: &[u8]) {
    put_uvar(out, b.len() as u64);
    out.extend_from_slice(b);
}

/// The encoding of `g` (see the module documentation).
pub fn encode_game(games: &mut Games, g: GameId) -> Vec<u8> {
    let mut index: FxHashMap<GameId, u64> = FxHashMap::default();
    let mut body = Vec::new();
    // An explicit stack (games can be deep): (game, whether its options have been visited).
    let mut stack = vec![(g, false)];
    while let Some((h, expanded)) = stack.pop() {
        if index.contains_key(&h) {
            continue;
        }
        if let Some((num, ups, nim)) = games.number_up_star_nim(h) {
            body.push(0);
            put_bytes(&mut body, &num.numerator_big().to_signed_bytes_le());
            put_uvar(&mut body, num.exp_big());
            put_ivar(&mut body, ups);
            put_bytes(&mut body, &nim.to_big().to_bytes_le());
        } else {
            let (l, r) = games.sorted_options(h);
            if !expanded {
                stack.push((h, true));
                stack.extend(l.iter().chain(r.iter()).rev().filter(|o| !index.contains_key(o)).map(|&o| (o, false)));
                continue;
            }
            body.push(1);
            put_uvar(&mut body, l.len() as u64);
            put_uvar(&mut body, r.len() as u64);
            for o in l.iter().chain(r.iter()) {
                put_uvar(&mut body, index[o]);
            }
        }
        let n = index.len() as u64;
        index.insert(h, n);
    }
    let mut out = vec![VERSION];
    put_uvar(&mut out, index.len() as u64);
    out.extend_from_slice(&body);
    out
}

/// Reads the encoding.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, String> {
        let b = *self.bytes.get(self.at).ok_or("the game encoding ends early")?;
        self.at += 1;
        Ok(b)
    }

    fn uvar(&mut self) -> Result<u64, String> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            n |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err("a number in the game encoding is too long".into())
    }

    fn ivar(&mut self) -> Result<i64, String> {
        let z = self.uvar()?;
        Ok((z >> 1) as i64 ^ -((z & 1) as i64))
    }

    fn bytes(&mut self) -> Result<&[u8], String> {
        let n = usize::try_from(self.uvar()?).map_err(|_| "bad length")?;
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len()).ok_or("the game encoding ends early")?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }
}

/// The game an encoding describes (`Err`: the bytes are not an encoding, or the game overflows the engine).
pub fn decode_game(games: &mut Games, bytes: &[u8]) -> Result<GameId, String> {
    let mut r = Reader { bytes, at: 0 };
    if r.byte()? != VERSION {
        return Err("not a cgs game encoding (unknown version)".into());
    }
    let count = r.uvar()?;
    let mut nodes: Vec<GameId> = Vec::new();
    for _ in 0..count {
        let g = match r.byte()? {
            0 => {
                let num = BigInt::from_signed_bytes_le(r.bytes()?);
                let exp = r.uvar()?;
                let ups = r.ivar()?;
                let nim = crate::game::number::Nim::from_big(&BigUint::from_bytes_le(r.bytes()?));
                let den = BigInt::from(1) << usize::try_from(exp).map_err(|_| "bad exponent")?;
                let d = Dyadic::of(&BigRational::new(num, den)).ok_or("a number in the encoding is not dyadic")?;
                if ups.unsigned_abs() > crate::game::short::store::MAX_UPS as u64 {
                    return Err("too many ups in the game encoding".into());
                }
                games.checked(|s| s.uptimal_nim(d, ups, nim)).map_err(|e| format!("{e:?}"))?
            }
            1 => {
                let nl = r.uvar()?;
                let nr = r.uvar()?;
                let mut opts = Vec::new();
                for _ in 0..nl.saturating_add(nr) {
                    let i = usize::try_from(r.uvar()?).map_err(|_| "bad index")?;
                    opts.push(*nodes.get(i).ok_or("the game encoding names an option not yet defined")?);
                }
                let nl = nl as usize;
                games.try_new_game(&opts[..nl], &opts[nl..]).map_err(|e| format!("{e:?}"))?
            }
            _ => return Err("not a cgs game encoding (unknown node)".into()),
        };
        nodes.push(g);
    }
    if r.at != bytes.len() {
        return Err("trailing bytes after the game encoding".into());
    }
    nodes.last().copied().ok_or_else(|| "an empty game encoding".into())
}

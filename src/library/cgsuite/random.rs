//! CGSuite's `Random(seed)` (`cgsuite.util.Random`): a pseudorandom stream whose `NextInteger(n)` gives the same
//! integers as CGSuite for the same seed.
//!
//! CGSuite draws with `scala.util.Random(seed)`, which is Java's `java.util.Random` (a 48-bit linear
//! congruential generator, Knuth vol. 2 §3.2.1, with Java's published constants), and `NextInteger(n)` draws
//! `BigInt(bits, random)` (Java's `BigInteger(numBits, rnd)`: `nextBytes` of `⌈bits/8⌉` bytes, big-endian, the
//! excess high bits cleared) with `bits` the bit length of `n − 1`, redrawing while the result is `≥ n`.

use super::{integer, Member, Site};
use crate::game::Games;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::native::{Declared, Param};
use crate::interp::object::{downcast_ref, Object};
use crate::interp::value::Value;
use num_bigint::{BigInt, Sign};
use num_traits::{One, Signed, ToPrimitive};
use std::cell::Cell;
use std::rc::Rc;

const MULTIPLIER: u64 = 0x5_DEEC_E66D;
const MASK: u64 = (1 << 48) - 1;

/// Java's `java.util.Random` state.
#[derive(Debug, Clone, Copy)]
struct JavaRandom(u64);

impl JavaRandom {
    fn new(seed: i64) -> JavaRandom {
        JavaRandom((seed as u64 ^ MULTIPLIER) & MASK)
    }

    /// `next(32)`.
    fn next_int(&mut self) -> i32 {
        self.0 = self.0.wrapping_mul(MULTIPLIER).wrapping_add(0xB) & MASK;
        (self.0 >> 16) as u32 as i32
    }

    /// `nextBytes`: each `nextInt` gives four bytes, lowest first.
    fn next_bytes(&mut self, out: &mut [u8]) {
        let mut i = 0;
        while i < out.len() {
            let mut r = self.next_int();
            for _ in 0..(out.len() - i).min(4) {
                out[i] = r as u8;
                i += 1;
                r >>= 8;
            }
        }
    }

    /// `new BigInteger(bits, this)`: uniform in `0 .. 2^bits`.
    fn big_integer(&mut self, bits: u64) -> BigInt {
        let len = bits.div_ceil(8) as usize;
        let mut bytes = vec![0u8; len];
        if len > 0 {
            self.next_bytes(&mut bytes);
            let excess = 8 * len as u64 - bits;
            bytes[0] &= ((1u16 << (8 - excess)) - 1) as u8;
        }
        BigInt::from_bytes_be(Sign::Plus, &bytes)
    }
}

/// A `Random` value: its seed and its current state (drawing changes the state, as in CGSuite, whose
/// `Random` is a mutable class).
#[derive(Debug)]
pub struct RandomValue {
    seed: i64,
    state: Cell<JavaRandom>,
}

impl Object for RandomValue {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "Random"
    }
    fn display(&self, _: &mut Games) -> String {
        format!("Random({})", self.seed)
    }
    fn members(&self) -> &'static [Member] {
        RANDOM
    }
}

/// CGSuite 2.2's constructor `cgsuite.util.Random(seed)` (cgsuite/util/Random.cgs): its parameter's name and class.
pub(super) static DECLARED: Declared =
    Declared::constructor("cgsuite.util.Random", &[Param::required("seed", "Integer")]);

/// The global `Random`.
pub static RANDOM_FN: super::NativeFn =
    super::NativeFn::new("Random", crate::interp::error::Arity::Exact(1), construct).declared(&DECLARED).doc(
        "(seed)",
        "A pseudorandom number generator with this integer seed (see NextInteger).",
        "Random(3)",
    );

/// `Random(seed)` (also `cgsuite.util.Random(seed)`): the seed must satisfy `-2^63 <= seed < 2^63`.
pub fn construct(_m: &mut Machine, site: &Site, args: &[Value]) -> Result<Value, EvalError> {
    // Another class is CGSuite's error, from the declaration ("Argument `seed` (in call to `cgsuite.util.Random`
    // constructor) has type …").
    let seed = crate::interp::native::int_arg(site, args, 0)?;
    let seed = seed.to_i64().ok_or_else(|| site.arg_err(0, ErrorKind::Script { message: "Overflow.".into() }))?;
    Ok(Value::Object(Rc::new(RandomValue { seed, state: Cell::new(JavaRandom::new(seed)) })))
}

/// Members of `Random`.
pub static RANDOM: &[Member] = crate::member_table![
    crate::member!(NextInteger(upperBound: Integer) => "The next integer n of this pseudorandom stream, 0 <= n < upperBound; the same stream as CGSuite's for \
         the same seed.", "Random(3).NextInteger(10)", |_, s, this, args| {
        let Value::Object(o) = this else {
            return Err(s.bug());
        };
        let r = downcast_ref::<RandomValue>(&**o).ok_or_else(|| s.bug())?;
        let bound = integer(s, args, 0)?;
        if !bound.is_positive() {
            let message = "Upper bound for `NextInteger` must be >= 1.".to_string();
            return Err(s.arg_err(0, ErrorKind::Script { message }));
        }
        // CGSuite 2.2 fails on `NextInteger(1)` (the bit length of 0); cgs answers 0, the only integer in range.
        let bits = (&*bound - BigInt::one()).bits();
        let mut state = r.state.get();
        let mut n = state.big_integer(bits);
        while n >= *bound {
            n = state.big_integer(bits);
        }
        r.state.set(state);
        Ok(Value::int(n))
    }),
];

#[cfg(test)]
mod tests {
    use super::*;

    // Java's `new java.util.Random(0).nextInt()` is -1155484576 (the documented first value of seed 0).
    #[test]
    fn java_random_first_int() {
        assert_eq!(JavaRandom::new(0).next_int(), -1_155_484_576);
    }
}

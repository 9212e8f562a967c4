//! Structural keys of ruleset states: the memo tables of rulesets are keyed by them.
//!
//! A state is any immutable value built from strings, numbers, games, booleans, players, outcome classes,
//! lists, tuples, sets, maps, grids and graphs. [`encode`] writes a compact, self-delimiting byte encoding of it, so
//! that two states have equal keys exactly when they are structurally equal (a set or map is encoded with its
//! elements in the order of their encodings, so the order in which it was built does not matter). Keys are
//! hashed by [`key_hash`]: a grid's key as the grid itself (its Zobrist hash, which every grid carries, so the
//! memo looks a board up without encoding it), an integer grid's key by its cells read eight to a word
//! ([`num_grid_hash`], which the memo computes from the grid in place), any other key with `FxHash` of its bytes.
//! Functions and thermographs are not states: [`encode`] reports the type of the first such value it meets. Objects of user game classes
//! (`super::classes`) and ruleset positions are keyed by their parts, any other object by its address.

use crate::game::Outcome;
use crate::interp::eval::class_game_fields;
use crate::interp::value::{Player, Value};
use crate::library::graph::GraphValue;
use crate::library::grid::GridValue;
use crate::library::numgrid::NumGrid;
use crate::library::strip::StripValue;
use num_traits::ToPrimitive;
use std::rc::Rc;

mod hash;
pub(crate) use hash::{grid_key_parts, num_grid_key_parts, pack_num};
pub use hash::{
    is_grid_key, is_num_grid_key, key_hash, num_grid_hash, num_grid_lookup, state_board, state_grid, state_num_grid,
    Board,
};
use hash::{GRID_TAG, NUM_GRID_TAG};

/// The encoded key of a state.
pub type StateKey = Box<[u8]>;

/// Appends the encoding of `v` to `out`, or returns the type name of a part that cannot be a state.
pub fn encode(v: &Value, out: &mut Vec<u8>) -> Result<(), &'static str> {
    match v {
        Value::Nothing => out.push(0),
        Value::Boolean(b) => out.extend_from_slice(&[1, u8::from(*b)]),
        Value::Integer(n) => match n.to_i64() {
            Some(k) => {
                out.push(2);
                out.extend_from_slice(&k.to_le_bytes());
            }
            None => {
                out.push(3);
                bytes(&n.to_big().to_signed_bytes_le(), out);
            }
        },
        Value::Rational(r) => {
            out.push(4);
            bytes(&r.numer().to_signed_bytes_le(), out);
            bytes(&r.denom().to_signed_bytes_le(), out);
        }
        Value::Infinity(sign) => out.extend_from_slice(&[30, sign.to_le_bytes()[0]]),
        Value::Game(g) => {
            out.push(5);
            out.extend_from_slice(&g.0.to_le_bytes());
        }
        Value::String(s) => {
            out.push(6);
            bytes(s.as_bytes(), out);
        }
        Value::List(items) => {
            out.push(7);
            len(items.len(), out);
            for x in items {
                encode(x, out)?;
            }
        }
        Value::Tuple(items) => {
            out.push(8);
            len(items.len(), out);
            for x in items.iter() {
                encode(x, out)?;
            }
        }
        Value::Set(items, _) => {
            out.push(9);
            let mut parts = Vec::with_capacity(items.len());
            for x in items {
                let mut b = Vec::new();
                encode(x, &mut b)?;
                parts.push(b);
            }
            sorted_parts(parts, out);
        }
        Value::Map(map, _) => {
            out.push(10);
            let mut parts = Vec::with_capacity(map.len());
            for (k, x) in map {
                let mut b = Vec::new();
                encode(k, &mut b)?;
                encode(x, &mut b)?;
                parts.push(b);
            }
            sorted_parts(parts, out);
        }
        Value::Player(p) => out.extend_from_slice(&[11, u8::from(*p == Player::Left)]),
        Value::Outcome(o) => {
            let i = match o {
                Outcome::L => 0,
                Outcome::R => 1,
                Outcome::N => 2,
                Outcome::P => 3,
            };
            out.extend_from_slice(&[12, i]);
        }
        Value::Object(o) => {
            let any: &dyn std::any::Any = &**o;
            if let Some(g) = any.downcast_ref::<GridValue>() {
                out.push(GRID_TAG);
                len(g.0.rows(), out);
                len(g.0.cols(), out);
                out.extend_from_slice(g.0.cells());
            } else if let Some(g) = any.downcast_ref::<NumGrid>() {
                // CGSuite's integer grid (`Grid.Parse(s, charMap)`), the state of class-style grid games.
                let (rows, cols, _) = g.parts();
                out.push(NUM_GRID_TAG);
                len(rows, out);
                len(cols, out);
                out.extend_from_slice(g.bytes());
            } else if let Some((class, enclosing, fields)) = class_game_fields(&**o) {
                // An object of a user game class (`super::classes`): its class (the declaration and the address
                // of the enclosing object, which the object keeps alive) and its variables, in order.
                out.push(18);
                out.extend_from_slice(&(class as u64).to_le_bytes());
                out.extend_from_slice(&(enclosing as u64).to_le_bytes());
                for f in fields {
                    encode(f, out)?;
                }
            } else if let Some(g) = any.downcast_ref::<GraphValue>() {
                // Vertex order, labels and edge lists, as the graph's structural equality.
                out.push(if g.is_directed() { 15 } else { 14 });
                len(g.0.vertices.len(), out);
                for v in &g.0.vertices {
                    encode(&v.label, out)?;
                    len(v.edges.len(), out);
                    for e in &v.edges {
                        len(e.to, out);
                        encode(&e.label, out)?;
                    }
                }
            } else if let Some(st) = any.downcast_ref::<StripValue>() {
                out.push(16);
                len(st.0.len(), out);
                out.extend(st.0.iter().map(|&c| c as u8));
            } else if let Some(e) = any.downcast_ref::<crate::library::enums::EnumValue>() {
                // An enum value (`game.graph.Color.Blue`, a Hackenbush edge label): its enum and name.
                out.push(21);
                bytes(e.class.as_bytes(), out);
                bytes(e.name.as_bytes(), out);
            } else if let Some(p) = any.downcast_ref::<super::position::Position>() {
                // A ruleset position (a variable of a user game, `DicoticVariantGame(Domineering("..|.."))`).
                out.push(19);
                out.extend_from_slice(&p.inst.id.to_le_bytes());
                encode(&p.state, out)?;
            } else {
                // Any other object (`-G`, a sum of positions, a heap position) by its address: the node whose
                // state holds it keeps it alive, so the address names it as long as the key exists (an equal
                // object elsewhere gets a node of its own).
                out.push(20);
                out.extend_from_slice(&(Rc::as_ptr(o) as *const () as usize as u64).to_le_bytes());
            }
        }
        Value::Function(_) | Value::Thermograph(_) => return Err(v.type_name()),
    }
    Ok(())
}

/// The key of a state, or the type name of a part that cannot be a state.
pub fn key_of(v: &Value) -> Result<StateKey, &'static str> {
    let mut out = Vec::new();
    encode(v, &mut out)?;
    Ok(out.into_boxed_slice())
}

fn len(n: usize, out: &mut Vec<u8>) {
    out.extend_from_slice(&(n as u32).to_le_bytes());
}

fn bytes(b: &[u8], out: &mut Vec<u8>) {
    len(b.len(), out);
    out.extend_from_slice(b);
}

fn sorted_parts(mut parts: Vec<Vec<u8>>, out: &mut Vec<u8>) {
    parts.sort_unstable();
    len(parts.len(), out);
    for p in parts {
        bytes(&p, out);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::solve::grid::Grid;

    #[test]
    fn keys_are_structural() {
        let a = Value::List([Value::int(1), Value::str("x")].into_iter().collect());
        let b = Value::List([Value::int(1), Value::str("x")].into_iter().collect());
        assert_eq!(key_of(&a), key_of(&b));
        assert_ne!(key_of(&Value::int(1)), key_of(&Value::str("1")));
        let l1 = Value::List([Value::str("ab")].into_iter().collect());
        let l2 = Value::List([Value::str("a"), Value::str("b")].into_iter().collect());
        assert_ne!(key_of(&l1), key_of(&l2));
    }

    pub(crate) fn grid(s: &str) -> Value {
        GridValue::value(Grid::parse(s).unwrap())
    }

    pub(crate) fn key(v: &Value) -> Vec<u8> {
        let mut k = Vec::new();
        encode(v, &mut k).unwrap();
        k
    }

    #[test]
    fn a_grid_and_its_key_hash_alike() {
        // The memo finds a grid without encoding it only if the encoded key hashes as the grid does.
        for s in ["", "x", "xo.|ox.", "##|..|xo", "....|....|....|....|...."] {
            let v = grid(s);
            let g = state_grid(&v).unwrap();
            let k = key(&v);
            assert_eq!(key_hash(&k), g.hash(), "{s}");
            assert!(is_grid_key(&k, g));
            assert!(!is_grid_key(&key(&grid("xo.|ox#")), g));
        }
        // An integer grid's key: tag 17, the shape, the cells' bytes; hashed as the memo hashes the grid in place.
        let v = crate::library::numgrid::NumGrid::value(2, 3, vec![0, 1, -1, 15, 16, 2]);
        let k = key(&v);
        assert_eq!(k, [17, 2, 0, 0, 0, 3, 0, 0, 0, 0, 1, 255, 15, 16, 2]);
        let (r, c, cells) = state_num_grid(&v).unwrap();
        assert_eq!((r, c, cells), (2, 3, &[0u8, 1, 255, 15, 16, 2][..]));
        assert_eq!(key_hash(&k), num_grid_hash(r, c, cells));
        assert!(is_num_grid_key(&k, r, c, cells) && !is_num_grid_key(&k, 3, 2, cells));
        // Same cells, other shape: a different key.
        assert!(!is_grid_key(&key(&grid("xoox")), state_grid(&grid("xo|ox")).unwrap()));
    }
}

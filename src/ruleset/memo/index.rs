//! The index of a ruleset instance's memo: from a state's key to its node (see [`Memo`]). The table is generic
//! over its nodes (`super::super::instance::Node`, which names the instance that owns the memo), so this file
//! names no instance: the nodes are made in `super` (`Memo::add_new`).

use super::super::key::{
    grid_key_parts, is_grid_key, is_num_grid_key, key_hash, num_grid_key_parts, num_grid_lookup, pack_num, state_grid,
    state_num_grid,
};
use crate::game::budget::huge_table;
use crate::interp::value::Value;
use crate::solve::grid::Grid;

/// One key of the index: its hash, its node, and its bytes — packed into the entry for a small grid (see
/// [`Memo`]), else where they are in the arena. 32 bytes.
#[derive(Clone, Copy, Debug)]
struct Entry {
    hash: u64,
    node: u32,
    /// [`OWN`]: the first key of its node (the key of the node's state); [`PACKED`]: `data` holds the packed
    /// grid, [`NUM`] with it: an integer grid; the other bits: the key's length in the arena.
    meta: u32,
    /// The packed grid, or the key's start in the arena (the first 8 bytes, little-endian).
    data: [u8; 16],
}

/// [`Entry::node`] of a vacant slot of the [`Table`].
const VACANT: u32 = u32::MAX;

/// The fewest slots a table that holds anything has.
const MIN_SLOTS: usize = 16;

/// The index proper: open addressing with linear probing over a power-of-two vector of entries, at most seven
/// eighths full (as hashbrown's table, so the index takes no more memory than it did), each key in the first vacant slot from its home slot on (the top bits of its hash). A probe
/// reads consecutive entries (two to a cache line) and nothing else, so [`Table::prefetch`] can start loading a
/// key's slots before it is looked up (hashbrown's table, used before, keeps its control bytes apart from the
/// entries: two cache misses a probe, and no address to prefetch). Keys are never removed one by one: `retain`
/// rebuilds the table.
#[derive(Debug, Default)]
struct Table {
    slots: Vec<Entry>,
    len: usize,
}

impl Table {
    /// The home slot of `hash` (the table has slots).
    #[inline]
    fn home(&self, hash: u64) -> usize {
        (hash >> (64 - self.slots.len().trailing_zeros())) as usize
    }

    /// The entry of `hash` that `eq` accepts.
    #[inline]
    fn find(&self, hash: u64, mut eq: impl FnMut(&Entry) -> bool) -> Option<&Entry> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(hash);
        loop {
            let e = &self.slots[i];
            if e.node == VACANT {
                return None;
            }
            if e.hash == hash && eq(e) {
                return Some(e);
            }
            i = (i + 1) & mask;
        }
    }

    /// Starts loading the first slots a look-up of `hash` reads into the processor's cache (a hint: no effect
    /// on any result).
    #[inline]
    fn prefetch(&self, hash: u64) {
        if self.slots.is_empty() {
            return;
        }
        #[cfg(target_arch = "x86_64")]
        {
            let e: *const Entry = &self.slots[self.home(hash)];
            // SAFETY: `e` points into the table, and a prefetch never faults or changes memory.
            unsafe {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch::<_MM_HINT_T0>(e.cast::<i8>());
            }
        }
    }

    /// How many keys the table holds before it grows.
    fn capacity(&self) -> usize {
        self.slots.len() / 8 * 7
    }

    fn len(&self) -> usize {
        self.len
    }

    /// Adds an entry whose key is not in the table.
    fn insert_unique(&mut self, e: Entry) {
        if self.len + 1 > self.capacity() {
            let n = (2 * self.slots.len()).max(MIN_SLOTS);
            let old = std::mem::replace(&mut self.slots, huge_table(n, Entry::vacant()));
            old.into_iter().filter(|e| e.node != VACANT).for_each(|e| self.place(e));
        }
        self.place(e);
        self.len += 1;
    }

    /// Puts an entry in the first vacant slot from its home on (there is one: the table is never full).
    fn place(&mut self, e: Entry) {
        let mask = self.slots.len() - 1;
        let mut i = self.home(e.hash);
        while self.slots[i].node != VACANT {
            i = (i + 1) & mask;
        }
        self.slots[i] = e;
    }

    /// Keeps the entries `keep` accepts (the table rebuilt, at its size).
    fn retain(&mut self, mut keep: impl FnMut(&Entry) -> bool) {
        let n = self.slots.len();
        let old = std::mem::replace(&mut self.slots, huge_table(n, Entry::vacant()));
        self.len = 0;
        for e in old.into_iter().filter(|e| e.node != VACANT && keep(e)) {
            self.place(e);
            self.len += 1;
        }
    }
}

/// [`Entry::meta`]'s flag of a node's own key.
const OWN: u32 = 1 << 31;
/// [`Entry::meta`]'s flag of a packed grid.
const PACKED: u32 = 1 << 30;
/// [`Entry::meta`]'s flag of a packed integer grid (beside [`PACKED`]): a character grid and an integer grid
/// may pack alike, their keys differ.
const NUM: u32 = 1 << 29;

impl Entry {
    /// A vacant slot of the [`Table`].
    fn vacant() -> Entry {
        Entry { hash: 0, node: VACANT, meta: 0, data: [0; 16] }
    }

    /// The key's bytes in the arena (an entry that is not packed).
    #[inline]
    fn bytes<'k>(&self, keys: &'k [u8]) -> &'k [u8] {
        let start = u64::from_le_bytes(self.data[..8].try_into().expect("8 bytes")) as usize;
        &keys[start..start + (self.meta & !(OWN | PACKED | NUM)) as usize]
    }
}

/// The memo table of one ruleset instance.
///
/// The index keeps each key's hash beside it, so a probe compares hashes before keys, and growing the table
/// never rereads a key. A grid of at most 15 rows and columns and 30 cells, whose cells use at most 15 distinct
/// characters (the memo's alphabet, numbered as they are first met), is packed into its entry: one byte of
/// shape, then a nibble per cell (its character's number, 1–15). So the probe of such a grid compares 16 bytes
/// it has already read, and touches no other memory (ruleset grids are small: 24 cells for the 4 × 6 Konane
/// board). An integer grid (`crate::library::numgrid`, CGSuite's `Grid`) of that shape whose cells are all in
/// 0…15 is packed likewise, each cell's value its nibble (no alphabet: eight cells a word, [`pack_num`]), and
/// flagged as one ([`NUM`]). Other keys live in one arena of bytes and cost no allocation of their own. Whether a grid is packed
/// depends only on its shape and on whether its characters are in the alphabet, which only grows, up to 15:
/// a grid packable now was packed when indexed, and one that was not packable then is not now either (its
/// shape is too large, or it has a character the full alphabet lacks).
#[derive(Debug)]
pub struct Memo<N> {
    index: Table,
    keys: Vec<u8>,
    /// The alphabet: a character's number (1–15), 0 for a character not in it.
    code: Alphabet,
    /// The packed byte of every pair of characters (first, second as a little-endian `u16`): the first's number
    /// in the low nibble, the second's in the high one; 0 when either is not in the alphabet. Made with the
    /// alphabet's first character (`None` before), kept up to date as it grows ([`Memo::learn`]).
    pairs: Option<Box<[u8; 1 << 16]>>,
    /// How many characters the alphabet has.
    pub(super) letters: u8,
    /// The nodes, indexed by `u32`.
    pub nodes: Vec<N>,
}

impl<N> Default for Memo<N> {
    fn default() -> Memo<N> {
        Memo {
            index: Table::default(),
            keys: Vec::new(),
            code: Alphabet::default(),
            pairs: None,
            letters: 0,
            nodes: Vec::new(),
        }
    }
}

/// A character's number in a memo's alphabet (0: none).
#[derive(Debug)]
struct Alphabet([u8; 256]);

impl Default for Alphabet {
    fn default() -> Alphabet {
        Alphabet([0; 256])
    }
}

impl<N> Memo<N> {
    /// The packed form of a grid (`None`: not packable with the alphabet as it is): two cells a byte, read from
    /// the pair table (one load a pair of cells; a pair with a character outside the alphabet reads 0, noted and
    /// told at the end). The same bytes as [`Memo::pack_cells`] (the definition).
    #[inline]
    fn pack(&self, rows: usize, cols: usize, cells: &[u8]) -> Option<[u8; 16]> {
        if rows > 15 || cols > 15 || cells.len() > 30 {
            return None;
        }
        let Some(pairs) = self.pairs.as_deref() else {
            // No character yet: only the grid without cells packs.
            return cells.is_empty().then(|| Self::shape(rows, cols));
        };
        let mut out = Self::shape(rows, cols);
        let mut least = u8::MAX;
        let mut two = cells.chunks_exact(2);
        for (o, p) in out[1..].iter_mut().zip(&mut two) {
            let b = pairs[usize::from(u16::from_le_bytes([p[0], p[1]]))];
            least = least.min(b);
            *o = b;
        }
        if let [x] = two.remainder() {
            let a = self.code.0[*x as usize];
            least = least.min(a);
            out[1 + cells.len() / 2] = a;
        }
        (least != 0).then_some(out)
    }

    /// The first byte of a packed grid: its shape.
    #[inline]
    fn shape(rows: usize, cols: usize) -> [u8; 16] {
        let mut out = [0u8; 16];
        out[0] = (rows << 4 | cols) as u8;
        out
    }

    /// [`Memo::pack`] cell by cell through the alphabet (the definition the pair table must agree with).
    #[cfg(test)]
    fn pack_cells(&self, rows: usize, cols: usize, cells: &[u8]) -> Option<[u8; 16]> {
        if rows > 15 || cols > 15 || cells.len() > 30 {
            return None;
        }
        let mut out = Self::shape(rows, cols);
        for (i, &b) in cells.iter().enumerate() {
            let a = self.code.0[b as usize];
            if a == 0 {
                return None;
            }
            out[1 + i / 2] |= a << (4 * (i % 2));
        }
        Some(out)
    }

    /// [`Memo::pack`], adding the grid's new characters to the alphabet while it has room.
    fn pack_learning(&mut self, rows: usize, cols: usize, cells: &[u8]) -> Option<[u8; 16]> {
        if let Some(p) = self.pack(rows, cols, cells) {
            return Some(p);
        }
        if rows > 15 || cols > 15 || cells.len() > 30 {
            return None;
        }
        for &b in cells {
            if self.code.0[b as usize] == 0 {
                if self.letters == 15 {
                    return None;
                }
                self.learn(b);
            }
        }
        self.pack(rows, cols, cells)
    }

    /// Adds the character `b` to the alphabet (which has room and lacks it), and its pairs to the pair table.
    fn learn(&mut self, b: u8) {
        self.letters += 1;
        self.code.0[b as usize] = self.letters;
        let pairs = self.pairs.get_or_insert_with(|| vec![0u8; 1 << 16].into_boxed_slice().try_into().expect("2^16"));
        for a in 0..=255u8 {
            let x = self.code.0[a as usize];
            if x != 0 {
                let y = self.letters;
                pairs[usize::from(u16::from_le_bytes([a, b]))] = x | y << 4;
                pairs[usize::from(u16::from_le_bytes([b, a]))] = y | x << 4;
            }
        }
    }

    /// The packed form of a grid's or an integer grid's key, with its flags (`None`: no grid, or not packable
    /// with the alphabet as it is).
    fn pack_key(&self, key: &[u8]) -> Option<([u8; 16], u32)> {
        if let Some((r, c, cells)) = grid_key_parts(key) {
            return Some((self.pack(r, c, cells)?, PACKED));
        }
        let (r, c, cells) = num_grid_key_parts(key)?;
        Some((pack_num(r, c, cells)?, PACKED | NUM))
    }

    /// The node of a key, if known.
    pub(super) fn get(&self, key: &[u8]) -> Option<u32> {
        let hash = key_hash(key);
        if let Some((p, kind)) = self.pack_key(key) {
            return self.find_packed(hash, &p, kind);
        }
        self.index.find(hash, |e| e.meta & PACKED == 0 && e.bytes(&self.keys) == key).map(|e| e.node)
    }

    /// The node of a packed key; `kind`: [`PACKED`], with [`NUM`] for an integer grid.
    #[inline]
    fn find_packed(&self, hash: u64, p: &[u8; 16], kind: u32) -> Option<u32> {
        self.index.find(hash, |e| e.data == *p && e.meta & (PACKED | NUM) == kind).map(|e| e.node)
    }

    /// The node of a grid state, if known: hashed by the grid's own hash and compared with the packed entry
    /// (else with the stored key cell by cell), so no key is built. (Equal to `get` of the grid's encoding,
    /// whose hash is the same.)
    pub(super) fn get_grid(&self, g: &Grid) -> Option<u32> {
        self.find_grid(g).ok()
    }

    /// [`Memo::get_grid`], with the grid's packed entry data and flags when it is not found and packs with the
    /// alphabet as it is (to index it by, [`Memo::insert_packed`], without packing it again).
    #[inline]
    pub(super) fn find_grid(&self, g: &Grid) -> Result<u32, Option<([u8; 16], u32)>> {
        let hash = g.hash();
        if let Some(p) = self.pack(g.rows(), g.cols(), g.cells()) {
            return self.find_packed(hash, &p, PACKED).ok_or(Some((p, PACKED)));
        }
        let stored = |e: &Entry| e.meta & PACKED == 0 && is_grid_key(e.bytes(&self.keys), g);
        self.index.find(hash, stored).map(|e| e.node).ok_or(None)
    }

    /// The node of an integer grid state (its shape and its cells as bytes), if known: packed and hashed from
    /// the cells in place ([`num_grid_lookup`]) and compared with the packed entry (else with the stored key), so no key is
    /// built. (Equal to `get` of the grid's encoding, whose hash is the same.)
    pub(super) fn get_num_grid(&self, rows: usize, cols: usize, cells: &[u8]) -> Option<u32> {
        self.find_num_grid(rows, cols, cells).ok()
    }

    /// [`Memo::get_num_grid`], with the grid's hash when it is not known (to index it by), and its packed entry
    /// data and flags if it packs (as [`Memo::find_grid`]).
    #[allow(clippy::type_complexity)]
    pub(super) fn find_num_grid(
        &self,
        rows: usize,
        cols: usize,
        cells: &[u8],
    ) -> Result<u32, (u64, Option<([u8; 16], u32)>)> {
        let (hash, packed) = num_grid_lookup(rows, cols, cells);
        if let Some(p) = packed {
            return self.find_packed(hash, &p, PACKED | NUM).ok_or((hash, Some((p, PACKED | NUM))));
        }
        let stored = |e: &Entry| e.meta & PACKED == 0 && is_num_grid_key(e.bytes(&self.keys), rows, cols, cells);
        self.index.find(hash, stored).map(|e| e.node).ok_or((hash, None))
    }

    /// Starts loading the index's slots of the grid `g` into the processor's cache, for a look-up soon after
    /// (a hint: no effect on any result).
    #[inline]
    pub(super) fn prefetch_grid(&self, g: &Grid) {
        self.index.prefetch(g.hash());
    }

    /// The node of a state's key, if known (a grid by [`Memo::get_grid`], an integer grid by
    /// [`Memo::get_num_grid`]).
    pub(super) fn get_state(&self, state: &Value, key: &[u8]) -> Option<u32> {
        if let Some(g) = state_grid(state) {
            return self.get_grid(g);
        }
        match state_num_grid(state) {
            Some((r, c, cells)) => self.get_num_grid(r, c, cells),
            None => self.get(key),
        }
    }

    /// Indexes `key` (not yet indexed) under node `i`; `own`: the key of the node's state.
    pub(super) fn insert(&mut self, key: &[u8], i: u32, own: bool) {
        self.insert_hashed(key, key_hash(key), i, own);
    }

    /// [`Memo::insert`] of a key whose hash ([`key_hash`]) the caller has (a grid carries its own).
    pub(super) fn insert_hashed(&mut self, key: &[u8], hash: u64, i: u32, own: bool) {
        debug_assert_eq!(hash, key_hash(key));
        // The key bytes and the index grow by doubling between two polling points: both check the budget first
        // (the index holds a key per 8/7 slots).
        let entry = std::mem::size_of::<Entry>() * 8 / 7;
        crate::game::budget::check_vec_growth(self.index.len(), self.index.capacity(), 1, entry);
        let own = if own { OWN } else { 0 };
        let packed = match (grid_key_parts(key), num_grid_key_parts(key)) {
            (Some((r, c, cells)), _) => self.pack_learning(r, c, cells).map(|p| (p, PACKED)),
            (None, Some((r, c, cells))) => pack_num(r, c, cells).map(|p| (p, PACKED | NUM)),
            (None, None) => None,
        };
        let e = match packed {
            Some((data, kind)) => Entry { hash, node: i, meta: own | kind, data },
            None => {
                crate::game::budget::check_vec_growth(self.keys.len(), self.keys.capacity(), key.len(), 1);
                let mut data = [0u8; 16];
                data[..8].copy_from_slice(&(self.keys.len() as u64).to_le_bytes());
                self.keys.extend_from_slice(key);
                Entry { hash, node: i, meta: own | key.len() as u32, data }
            }
        };
        self.index.insert_unique(e);
    }

    /// The packed entry data and flags of a grid or integer grid state (`None`: another state, or a grid that
    /// does not pack), learning the grid's new characters as [`Memo::insert`] does: the entry that `insert` of
    /// the state's key would make.
    #[inline]
    pub(super) fn pack_state(&mut self, state: &Value) -> Option<([u8; 16], u32)> {
        if let Some(g) = state_grid(state) {
            return Some((self.pack_learning(g.rows(), g.cols(), g.cells())?, PACKED));
        }
        let (r, c, cells) = state_num_grid(state)?;
        Some((pack_num(r, c, cells)?, PACKED | NUM))
    }

    /// Indexes a state packed by [`Memo::pack_state`] (not yet indexed; `hash` its key's) under node `i`, no key
    /// written; `own`: the key of the node's state.
    pub(super) fn insert_packed(&mut self, (data, kind): ([u8; 16], u32), hash: u64, i: u32, own: bool) {
        let entry = std::mem::size_of::<Entry>() * 8 / 7;
        crate::game::budget::check_vec_growth(self.index.len(), self.index.capacity(), 1, entry);
        let own = if own { OWN } else { 0 };
        self.index.insert_unique(Entry { hash, node: i, meta: own | kind, data });
    }

    /// Drops every key but each node's own (the key of its state): see `Memo::trace`.
    pub(super) fn retain_own_keys(&mut self) {
        self.index.retain(|e| e.meta & OWN != 0);
    }

    /// How many keys are indexed (to tell whether a hook added any).
    pub(super) fn key_count(&self) -> usize {
        self.index.len()
    }

    /// How many states are memoised.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether nothing is memoised yet.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::key::num_grid_hash;
    use super::*;
    use crate::library::grid::GridValue;
    use crate::library::numgrid::NumGrid;

    // Keys written here as `key::encode` writes them (checked against it in `key`'s tests): this file names no
    // state type's encoder.
    fn grid(s: &str) -> Value {
        GridValue::value(Grid::parse(s).unwrap())
    }

    fn key(v: &Value) -> Vec<u8> {
        let (tag, rows, cols, cells) = match (state_grid(v), state_num_grid(v)) {
            (Some(g), _) => (13, g.rows(), g.cols(), g.cells()),
            (None, Some((r, c, cells))) => (17, r, c, cells),
            (None, None) => unreachable!("a grid"),
        };
        let mut k = vec![tag];
        k.extend_from_slice(&(rows as u32).to_le_bytes());
        k.extend_from_slice(&(cols as u32).to_le_bytes());
        k.extend_from_slice(cells);
        k
    }

    #[test]
    fn integer_grids_are_found_by_their_cells_and_by_their_keys() {
        // Integer grids packed (cells 0…15, at most 30) and kept in the arena (a negative cell, a cell of 16 or
        // more, 31 cells, 16 columns) are found by the in-place look-up, by their keys and as states; a grid that
        // differs in one cell, in shape or in kind (a character grid of the same bytes) by none of them.
        let ng = |rows: usize, cols: usize, cells: &[i8]| NumGrid::value(rows, cols, cells.to_vec());
        let mut states = vec![
            ng(2, 2, &[0, 1, 1, 0]),
            ng(4, 5, &[0; 20]),
            ng(4, 5, &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 15]),
            ng(5, 6, &[1; 30]),
            ng(1, 9, &[0, 1, 2, 3, 4, 5, 6, 7, 8]),
            ng(2, 2, &[0, -1, 1, 0]),
            ng(2, 2, &[0, 16, 1, 0]),
            ng(1, 31, &[0; 31]),
            ng(1, 16, &[2; 16]),
            ng(0, 0, &[]),
        ];
        states.push(grid("x.|.x"));
        let mut memo: Memo<()> = Memo::default();
        for (i, v) in states.iter().enumerate() {
            assert_eq!(memo.get(&key(v)), None, "{i}");
            memo.insert(&key(v), i as u32, true);
        }
        for (i, v) in states.iter().enumerate() {
            assert_eq!(memo.get(&key(v)), Some(i as u32), "{i}");
            assert_eq!(memo.get_state(v, &key(v)), Some(i as u32), "{i}");
            if let Some((r, c, cells)) = state_num_grid(v) {
                assert_eq!(memo.get_num_grid(r, c, cells), Some(i as u32), "{i}");
                assert_eq!(key_hash(&key(v)), num_grid_hash(r, c, cells), "{i}");
                assert!(is_num_grid_key(&key(v), r, c, cells));
            }
        }
        let absent = [
            ng(2, 2, &[1, 0, 0, 1]),
            ng(2, 2, &[0, 1, 1, 1]),
            ng(1, 4, &[0, 1, 1, 0]),
            ng(4, 5, &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 14]),
            ng(2, 2, &[0, -2, 1, 0]),
            ng(1, 31, &[1; 31]),
            ng(2, 2, &[b'x' as i8, b'.' as i8, b'.' as i8, b'x' as i8]),
        ];
        for (i, v) in absent.iter().enumerate() {
            assert_eq!(memo.get(&key(v)), None, "{i}");
            let (r, c, cells) = state_num_grid(v).unwrap();
            assert_eq!(memo.get_num_grid(r, c, cells), None, "{i}");
        }
        // The character grid of the same bytes as an integer grid is another state.
        assert_eq!(memo.get_grid(state_grid(&grid("x.|.x")).unwrap()), Some(10));
    }

    #[test]
    fn packed_integer_grids_keep_their_cells() {
        // Every cell value 0…15 at every position of every shape up to 30 cells packs to a different entry.
        let mut seen = std::collections::HashSet::new();
        for (rows, cols) in [(1, 1), (1, 7), (1, 8), (1, 9), (3, 5), (5, 6), (2, 15)] {
            let n = rows * cols;
            assert!(seen.insert(pack_num(rows, cols, &vec![0; n]).unwrap()));
            for i in 0..n {
                for v in 1..16u8 {
                    let mut cells = vec![0u8; n];
                    cells[i] = v;
                    assert!(seen.insert(pack_num(rows, cols, &cells).unwrap()), "{rows} x {cols}, cell {i} = {v}");
                }
            }
            assert_eq!(pack_num(rows, cols, &vec![16; n]), None);
        }
    }

    #[test]
    fn the_pair_table_packs_as_the_alphabet_does() {
        // Property: `pack` (two cells a load from the pair table) gives the bytes of `pack_cells` (cell by cell
        // through the alphabet), `None` alike, on random grids of every size up to 31 cells (odd sizes end with a
        // lone cell), as the alphabet grows to 15 characters (including 0, `|` and bytes above 127) and is full.
        let mut memo: Memo<()> = Memo::default();
        assert_eq!(memo.pack(0, 0, &[]), Some(Memo::<()>::shape(0, 0)));
        assert_eq!(memo.pack(1, 1, b"x"), None);
        let pool: Vec<u8> = b".xo#|\0abcdefghij".iter().copied().chain([0x80, 0xff, 0xfe]).collect();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..400 {
            let n = (next() % 32) as usize;
            // A shape of `n` cells: the most columns up to 15 that divide `n` (a prime above 15 is one column, too
            // many rows to pack).
            let cols = (1..=n.min(15)).rev().find(|c| n.is_multiple_of(*c)).unwrap_or(0);
            let rows = n.checked_div(cols).unwrap_or(0);
            // Mostly the first few characters (the alphabet of a game), now and then any of the pool.
            let spread = if round % 5 == 0 { pool.len() } else { 4 };
            let cells: Vec<u8> = (0..n).map(|_| pool[(next() % spread as u64) as usize]).collect();
            assert_eq!(memo.pack(rows, cols, &cells), memo.pack_cells(rows, cols, &cells), "{cells:?}");
            if round % 3 == 0 {
                let learned = memo.pack_learning(rows, cols, &cells);
                assert_eq!(learned, memo.pack_cells(rows, cols, &cells), "{cells:?}");
                assert_eq!(memo.pack(rows, cols, &cells), learned, "{cells:?}");
            }
        }
        assert_eq!(memo.letters, 15);
        // By hand: `.` and `x` numbered in the order met, the first cell of a pair in the low nibble.
        let mut memo: Memo<()> = Memo::default();
        assert_eq!(memo.pack_learning(1, 3, b".x."), Some([0x13, 0x21, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
        assert_eq!(memo.pack(1, 2, b"x."), Some([0x12, 0x12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
        assert_eq!(memo.pack(1, 2, b"xo"), None);
        assert_eq!(memo.pack(1, 1, b"o"), None);
    }
}

//! Tests of the memo table ([`super::Memo`]): look-ups by key, by grid in place, and growth.

use super::*;
use crate::interp::value::Value;
use crate::ruleset::key::state_grid;
use crate::ruleset::key::tests::{grid, key};
use crate::solve::grid::Grid;

#[test]
fn a_node_is_small() {
    // A memo holds a node per state met (430,000 for the 4 × 6 Konane board of docs/PERFORMANCE.md), in a
    // vector that doubles: each byte of a node is about a megabyte there.
    assert!(std::mem::size_of::<Node>() <= 96, "size_of::<Node>() = {}", std::mem::size_of::<Node>());
}

#[test]
fn grid_lookups_agree_with_key_lookups() {
    // Keys indexed from their bytes (grids and other states) are found by the in-place grid look-up and by
    // the byte look-up alike; absent ones by neither.
    let mut memo = Memo::default();
    let states = [grid("x.|.o"), grid("xo|.."), Value::str("x.|.o"), grid(""), Value::int(3), grid(".|.")];
    for (i, v) in states.iter().enumerate() {
        // A grid indexed with its own hash (as `node_for` does), any other state hashed from its key.
        memo.add_new(&key(v), state_grid(v).map(Grid::hash), v.clone(), false);
        assert_eq!(memo.len(), i + 1);
    }
    for (i, v) in states.iter().enumerate() {
        assert_eq!(memo.get(&key(v)), Some(i as u32));
        assert_eq!(memo.get_state(v, &key(v)), Some(i as u32));
    }
    for v in [grid("x.|.x"), grid(".."), grid("x|.|.|o")] {
        assert_eq!(memo.get(&key(&v)), None);
        assert_eq!(memo.get_grid(state_grid(&v).unwrap()), None);
    }
}

#[test]
fn packed_and_arena_grids_are_found_alike() {
    // Grids packed into their entries (small, characters in the alphabet) and grids kept in the arena (too
    // large, or a character met once the alphabet of 15 is full) are found by both look-ups, and a grid
    // that differs in one cell or in shape by neither.
    let mut memo = Memo::default();
    let mut states: Vec<Value> = Vec::new();
    // `.` and `a`…`n` fill the alphabet; `o`…`r` then go to the arena, as do the 31-cell and 16-column
    // boards.
    for (i, ch) in "abcdefghijklmnopq".chars().enumerate() {
        states.push(grid(&format!("{ch}.|.{ch}")));
        states.push(grid(&ch.to_string().repeat(i + 1)));
    }
    states.push(grid(&".".repeat(31)));
    states.push(grid(&"a".repeat(16)));
    states.push(grid("r"));
    for (i, v) in states.iter().enumerate() {
        assert_eq!(memo.get(&key(v)), None, "{i}");
        memo.add_new(&key(v), None, v.clone(), false);
    }
    assert_eq!(memo.letters, 15);
    for (i, v) in states.iter().enumerate() {
        assert_eq!(memo.get(&key(v)), Some(i as u32), "{i}");
        assert_eq!(memo.get_grid(state_grid(v).unwrap()), Some(i as u32), "{i}");
    }
    for v in [grid("a.|.b"), grid("q.|.r"), grid(".a|a."), grid(&".".repeat(30)), grid("a|a"), grid("s")] {
        assert_eq!(memo.get(&key(&v)), None);
        assert_eq!(memo.get_grid(state_grid(&v).unwrap()), None);
    }
    // A second key of a node (a state a `Canonical` hook maps to it) is dropped by a collection, its own
    // key is kept.
    let extra = grid("b.|.a");
    memo.insert(&key(&extra), 0, false);
    assert_eq!(memo.get(&key(&extra)), Some(0));
    memo.retain_own_keys();
    assert_eq!(memo.get(&key(&extra)), None);
    assert_eq!(memo.get(&key(&states[0])), Some(0));
}

#[test]
fn the_index_grows_and_keeps_every_key() {
    // Thousands of keys, through several doublings of the index (linear probing, up to 7/8 full): packed
    // grids, integers and 40-cell boards (their cells on the heap, their keys in the arena) are each found by
    // both look-ups, absent ones by neither; a collection keeps every node's own key and drops the others.
    let board = |n: usize, rows: usize, cols: usize| -> Value {
        let cell = |i: usize| if (n >> (i % 20)) & 1 == 1 { 'x' } else { '.' };
        let rows: Vec<String> = (0..rows).map(|r| (0..cols).map(|c| cell(r * cols + c)).collect()).collect();
        grid(&rows.join("|"))
    };
    let mut states: Vec<Value> = (0..3000).map(|n| board(n, 2, 6)).collect();
    states.extend((0..1000).map(|n| Value::int(n + 7)));
    states.extend((0..300).map(|n| board(n, 5, 8)));
    let mut memo = Memo::default();
    for (i, v) in states.iter().enumerate() {
        assert_eq!(memo.get(&key(v)), None, "{i}");
        memo.add_new(&key(v), None, v.clone(), false);
    }
    let seconds: Vec<Value> = (0..500).map(|n| board(n, 3, 4)).collect();
    for (i, v) in seconds.iter().enumerate() {
        memo.insert(&key(v), i as u32, false);
    }
    assert_eq!(memo.key_count(), states.len() + seconds.len());
    for (i, v) in states.iter().enumerate() {
        assert_eq!(memo.get(&key(v)), Some(i as u32), "{i}");
        assert_eq!(memo.get_state(v, &key(v)), Some(i as u32), "{i}");
    }
    for (i, v) in seconds.iter().enumerate() {
        assert_eq!(memo.get_grid(state_grid(v).unwrap()), Some(i as u32), "{i}");
    }
    for v in [board(4095, 2, 6), Value::int(3), board(400, 5, 8), board(9, 6, 2)] {
        assert_eq!(memo.get(&key(&v)), None);
    }
    memo.retain_own_keys();
    assert_eq!(memo.key_count(), states.len());
    assert!(seconds.iter().all(|v| memo.get(&key(v)).is_none()));
    assert!(states.iter().enumerate().all(|(i, v)| memo.get(&key(v)) == Some(i as u32)));
}

#[test]
fn grids_indexed_without_their_keys_are_found_as_with_them() {
    // `node_for` without a `Canonical` hook indexes a new grid that packs by its packed entry alone
    // (`pack_state`, `insert_packed`, no key written): such grids are found by their keys, as states and in
    // place, as if their keys had been inserted; states that do not pack (31 cells, a 16th character once the
    // alphabet is full, an integer cell of 16) and other states have no packed form.
    use crate::library::numgrid::NumGrid;
    use crate::ruleset::key::key_hash;
    let ng = |rows: usize, cols: usize, cells: &[i8]| NumGrid::value(rows, cols, cells.to_vec());
    let mut memo = Memo::default();
    let packable = [grid("x.|.o"), grid("xo#|..x"), ng(2, 2, &[0, 1, 1, 0]), ng(4, 5, &[1; 20]), grid("")];
    for (i, v) in packable.iter().enumerate() {
        assert_eq!(memo.get(&key(v)), None, "{i}");
        let packed = memo.pack_state(v).expect("packs");
        let n = memo.push_node(v.clone(), false);
        memo.insert_packed(packed, key_hash(&key(v)), n, true);
        assert_eq!(n, i as u32);
    }
    for (i, v) in packable.iter().enumerate() {
        assert_eq!(memo.get(&key(v)), Some(i as u32), "{i}");
        assert_eq!(memo.get_state(v, &key(v)), Some(i as u32), "{i}");
    }
    // The same cells as another kind of grid, or one cell different, are other states.
    for v in [ng(2, 2, &[b'x' as i8, b'.' as i8, b'.' as i8, b'o' as i8]), grid("x.|.x"), ng(2, 2, &[0, 1, 1, 1])] {
        assert_eq!(memo.get(&key(&v)), None);
        assert_eq!(memo.get_state(&v, &key(&v)), None);
    }
    for v in [grid(&".".repeat(31)), ng(1, 2, &[0, 16]), Value::int(5)] {
        assert_eq!(memo.pack_state(&v), None);
    }
    // A key kept in the arena beside packed entries: both kinds found after the index grows.
    let long = grid(&"x".repeat(40));
    memo.add_new(&key(&long), state_grid(&long).map(Grid::hash), long.clone(), false);
    for k in 0..200 {
        let v = ng(1, 8, &[(k % 16) as i8, (k / 16) as i8, 3, 3, 3, 3, 3, 3]);
        let packed = memo.pack_state(&v).expect("packs");
        let n = memo.push_node(v.clone(), false);
        memo.insert_packed(packed, key_hash(&key(&v)), n, true);
    }
    assert_eq!(memo.get(&key(&long)), Some(packable.len() as u32));
    assert_eq!(memo.get(&key(&ng(1, 8, &[5, 2, 3, 3, 3, 3, 3, 3]))), Some(packable.len() as u32 + 1 + 37));
    assert_eq!(memo.key_count(), packable.len() + 1 + 200);
}

/// The printed output of `src`, run cell by cell in a new interpreter (with the standard library).
fn run(src: &str) -> String {
    let src = src.to_string();
    crate::interp::with_big_stack(move || {
        let mut interp = crate::new_interpreter();
        let file = interp.sources().add("<test>", src.as_str());
        let mut out = Vec::new();
        for cell in crate::syntax::parse::parse_cells(&src, file) {
            assert!(cell.errors.is_empty(), "syntax error in {src}");
            interp.eval_cell(&cell.block, &mut out).unwrap();
        }
        String::from_utf8(out).unwrap()
    })
}

#[test]
fn canonical_hooks_give_the_values_of_the_ruleset_without_one() {
    // `node_for` indexes a new grid that packs without writing its key, also when a `Canonical` hook gives its
    // representative: the representative as it is (`s`), its least image under the reflections (a packed grid,
    // often another), its text (a string: encoded), the board padded with blocked rows to more than 30 cells (a
    // grid that does not pack: its key written) or a board of another hook's memo. Property: every variant gives
    // the canonical forms of Domineering computed without a hook (which `CanonicalFormByRules`… of the
    // stdlib's native solver agrees with, docs/PERFORMANCE.md), board by board.
    let src = r##"
def G(s) := if s is String then Grid.Parse(s) else s end
def Opts(s, player) begin
  var g := G(s);
  if player == Left then
    [g.Updated({(r, c) => "#", (r + 1, c) => "#"})
      for r from 1 to g.RowCount - 1 for c from 1 to g.ColCount where g[r, c] == "." and g[r + 1, c] == "."]
  else
    [g.Updated({(r, c) => "#", (r, c + 1) => "#"})
      for r from 1 to g.RowCount for c from 1 to g.ColCount - 1 where g[r, c] == "." and g[r, c + 1] == "."]
  end
end
def Join(xs) begin
  var out := "";
  for x in xs do
    if out == "" then out := x else out := out + "|" + x end
  end;
  out
end
def Pad(g) begin
  if g.RowCount * g.ColCount > 30 then return g end;
  var row := "";
  for c from 1 to g.ColCount do row := row + "#" end;
  var rows := g.Rows;
  for i from 1 to 7 do rows := rows.Append(row) end;
  Grid.Parse(Join(rows))
end
ruleset Plain
  def Options(s, player) := Opts(s, player)
end
ruleset Itself
  def Canonical(s) := s
  def Options(s, player) := Opts(s, player)
end
ruleset Flip
  def Canonical(s) := G(s).Canonical(Symmetry.Flip)
  def Options(s, player) := Opts(s, player)
  def Components(s) := G(s).Decomposition("#")
end
ruleset Text
  def Canonical(s) := Join(G(s).Rows)
  def Options(s, player) := Opts(s, player)
end
ruleset Padded
  def Canonical(s) := Pad(G(s))
  def Options(s, player) := Opts(s, player)
end
boards := ["..", "..|..", "...|...", "....|....|....", "..#.|....|.#..", ".....|.....|...#.", "...|...|...|..."];
[[Plain(b).CanonicalForm, Itself(b).CanonicalForm, Flip(b).CanonicalForm, Text(b).CanonicalForm,
  Padded(b).CanonicalForm] for b in boards]
"##;
    let out = run(src);
    let line = out.lines().last().expect("one line");
    let rows: Vec<&str> = line.trim_start_matches("[[").trim_end_matches("]]").split("],[").collect();
    assert_eq!(rows.len(), 7, "{out}");
    for row in &rows {
        let values: Vec<&str> = row.split(',').collect();
        assert!(values.iter().all(|v| *v == values[0]), "{row}");
    }
    // By hand: on `..` only Right has a move (to 0), so -1; on `..|..` either player moves to a board where only
    // the other can move, so ±1.
    assert!(rows[0].starts_with("-1,"), "{}", rows[0]);
    assert!(rows[1].starts_with("\u{b1}1,") || rows[1].starts_with("+-1,"), "{}", rows[1]);
}

#[test]
fn integer_grids_hash_and_pack_alike_on_every_path() {
    // The memo finds an integer grid by `num_grid_lookup` (its packed form and a hash of it), and indexes or
    // checks a written key by `key_hash`: the two must agree, and the packed form must be the nibbles of the
    // cells (defined here cell by cell); a grid that does not pack (a cell outside 0…15, or over 30 cells) is
    // hashed from its cells. `state_board` reads each state as `state_grid` and `state_num_grid` do.
    use crate::library::numgrid::NumGrid;
    use crate::ruleset::key::{key_hash, num_grid_lookup, pack_num, state_board, state_num_grid, Board};
    let by_cells = |rows: usize, cols: usize, cells: &[u8]| {
        let mut out = [0u8; 16];
        out[0] = (rows << 4 | cols) as u8;
        for (i, &c) in cells.iter().enumerate() {
            out[1 + i / 2] |= c << (4 * (i % 2));
        }
        out
    };
    let mut seen = std::collections::HashSet::new();
    let mut hashes = std::collections::HashSet::new();
    for (rows, cols) in [(0, 0), (1, 1), (1, 7), (2, 4), (3, 3), (4, 5), (5, 6), (3, 10), (15, 2), (16, 1), (1, 31)] {
        let n = rows * cols;
        for seed in 0..12u32 {
            let cells: Vec<i8> = (0..n).map(|i| ((i as u32 * 7 + seed * 13 + i as u32 * seed) % 16) as i8).collect();
            let mut variants = vec![cells.clone()];
            if n > 0 {
                let mut odd = cells.clone();
                odd[(seed as usize * 5) % n] = [16, -1, 100, 31][seed as usize % 4];
                variants.push(odd);
            }
            for cells in variants {
                let v = NumGrid::value(rows, cols, cells.clone());
                let (r, c, bytes) = state_num_grid(&v).unwrap();
                assert!(matches!(state_board(&v), Board::Num(a, b, x) if (a, b, x) == (r, c, bytes)));
                let (hash, packed) = num_grid_lookup(r, c, bytes);
                assert_eq!(hash, key_hash(&key(&v)), "{rows} x {cols} {cells:?}");
                let packs = rows <= 15 && cols <= 15 && n <= 30 && cells.iter().all(|&x| (0..16).contains(&x));
                assert_eq!(packed, packs.then(|| by_cells(r, c, bytes)), "{rows} x {cols} {cells:?}");
                assert_eq!(pack_num(r, c, bytes), packed);
                if packs {
                    // Distinct grids pack apart, and (here) hash apart.
                    assert_eq!(seen.insert(packed), hashes.insert(hash));
                }
            }
        }
    }
    let g = grid("x.|.o");
    assert!(matches!(state_board(&g), Board::Grid(x) if x == state_grid(&g).unwrap()));
    assert!(matches!(state_board(&Value::str("x.|.o")), Board::Other));
    assert!(matches!(state_board(&Value::int(3)), Board::Other));
}

/// The values printed by `src`'s last line, split at top-level commas of a list of lists.
fn rows_of(out: &str) -> Vec<Vec<String>> {
    let line = out.lines().last().expect("one line");
    line.trim_start_matches("[[")
        .trim_end_matches("]]")
        .split("],[")
        .map(|r| r.split(',').map(str::to_string).collect())
        .collect()
}

#[test]
fn class_front_options_of_every_kind_give_their_values() {
    // A class front's `Options` answer objects of the state's class (one variable: keyed by it; two: keyed by the
    // object), objects of another game class (positions of that class's instance), and plain games, in one list
    // and in any order. By hand: H(n) (a heap both players take 1 from) is * for odd n, 0 for even n; G(n) has
    // the options G(n - 1), H(1) = * and *2, so G(n) = mex{G(n - 1), 1, 2}: *3 for odd n, 0 for even n; K(a, b)
    // is the sum of two such heaps, * when a + b is odd; M(n) answers the other kinds first, so M(n) = G(n).
    let src = r##"
class H(n as Integer) extends Game
  override def Options(player as Player) := if n == 0 then [] else [H(n - 1)] end;
end
class G(n as Integer) extends Game
  override def Options(player as Player) := if n == 0 then [] else [G(n - 1), H(1), *2] end;
end
class M(n as Integer) extends Game
  override def Options(player as Player) := if n == 0 then [] else [*2, H(1), M(n - 1)] end;
end
class K(a as Integer, b as Integer) extends Game
  override def Options(player as Player) :=
    [if i == 1 then K(a - 1, b) else K(a, b - 1) end for i from 1 to 2 where (if i == 1 then a else b end) > 0];
end
[[G(n).CanonicalForm, M(n).CanonicalForm, H(n).CanonicalForm, K(n, 1).CanonicalForm] for n from 0 to 5]
"##;
    let out = run(src);
    let rows = rows_of(&out);
    assert_eq!(rows.len(), 6, "{out}");
    for (n, row) in rows.iter().enumerate() {
        let odd = n % 2 == 1;
        let (g, h, k) = if odd { ("*3", "*", "0") } else { ("0", "0", "*") };
        assert_eq!(row, &[g, g, h, k], "n = {n}: {out}");
    }
}

#[test]
fn class_canonical_hooks_give_the_values_of_the_class_without_one() {
    // A class that declares `Decomposition` gets a `Canonical` hook: a state whose decomposition is one component
    // is represented by that component, another object (here a trimmed board, or its least image under the
    // reflections: mirror images are found under two keys, one node), a state of several regions keeps its
    // parts. Property: the values are those of the same class without `Decomposition` (every state its own node,
    // valued from its options), and of the same game as a `ruleset` (Left plays vertically).
    // The three classes differ only in their `Decomposition` line.
    let class = |name: &str, decomposition: &str| {
        format!(
            "singleton class {name} extends game.grid.GridRuleset
  class Position(grid as Grid) extends GridGame
    override def Options(player as Player) begin
      var dir := if player == Left then (1, 0) else (0, 1) end;
      [Position(grid Updated {{(r, c) => 1, (r + dir[1], c + dir[2]) => 1}})
        for r from 1 to grid.RowCount - dir[1] for c from 1 to grid.ColCount - dir[2]
        where grid[r, c] == 0 and grid[r + dir[1], c + dir[2]] == 0]
    end
    {decomposition}
  end
  override def CharMap := \".#\";
end
"
        )
    };
    let classes = [
        class("Plain", ""),
        class("Split", "override def Decomposition := [Position(g) for g in grid.Decomposition(1)];"),
        class(
            "Sym",
            "override def Decomposition := [Position(g SymmetryInvariant Symmetry.Flip) for g in grid.Decomposition(1)];",
        ),
    ]
    .concat();
    let src = classes
        + r##"
ruleset RDom
  def Options(grid, player) begin
    var dir := if player == Left then (1, 0) else (0, 1) end;
    [grid Updated {(r, c) => 1, (r + dir[1], c + dir[2]) => 1}
      for r from 1 to grid.RowCount - dir[1] for c from 1 to grid.ColCount - dir[2]
      where grid[r, c] == 0 and grid[r + dir[1], c + dir[2]] == 0]
  end
end
pairs := [["..|..", "..|.."], ["...|...", "...|..."], ["#..|...|..#", "..#|...|#.."],
  ["..#.|....|.#..", ".#..|....|..#."], ["....|.##.|....", "....|.##.|...."], ["...#|.#..|....", "#...|..#.|...."]];
[[Plain(p[1]).CanonicalForm, Split(p[1]).CanonicalForm, Sym(p[1]).CanonicalForm, Sym(p[2]).CanonicalForm,
  Split(p[2]).CanonicalForm, RDom(Grid.Parse(p[1], ".#")).CanonicalForm] for p in pairs]
"##;
    let out = run(&src);
    let rows = rows_of(&out);
    assert_eq!(rows.len(), 6, "{out}");
    for row in &rows {
        assert!(row.iter().all(|v| *v == row[0]), "{row:?}");
    }
    // By hand: on `..|..` either player moves to a board where only the other can move: ±1.
    assert!(rows[0][0] == "\u{b1}1" || rows[0][0] == "+-1", "{}", rows[0][0]);
}

#[test]
fn terms_keep_every_term_in_order() {
    // `Terms::push` keeps the first term inline, then moves to a vector: the terms read back as pushed.
    let mut t = crate::ruleset::terms::Terms::<u32>::default();
    assert!(t.is_empty());
    for i in 0..5u32 {
        t.push(i * 3);
        assert_eq!(&t[..], &(0..=i).map(|j| j * 3).collect::<Vec<_>>()[..]);
    }
}

/// Runs `src` on a full interpreter: its output, and how many class hooks answered in fields meanwhile (all,
/// and by the identity map).
fn fields_run(src: &str) -> (String, (usize, usize)) {
    let src = src.to_string();
    crate::interp::with_big_stack(move || {
        let before = crate::interp::eval::Machine::fields_answers();
        let out = crate::interp::tests::run_on(&mut crate::new_interpreter(), &src);
        let after = crate::interp::eval::Machine::fields_answers();
        (out, (after.0 - before.0, after.1 - before.1))
    })
}

/// A class-style Domineering (c45's form) with `options` and `decomposition` as its hooks' bodies, named `name`.
fn dom_class(name: &str, options: &str, decomposition: &str) -> String {
    format!(
        "singleton class {name} extends game.grid.GridRuleset
           class Position(grid as Grid) extends GridGame
             override def Options(player as Player) {options}
             override def Decomposition {decomposition}
             def Moves(dir) := [Position(grid Updated {{(r, c) => 1, (r + dir[1], c + dir[2]) => 1}})
               for r from 1 to grid.RowCount - dir[1] for c from 1 to grid.ColCount - dir[2]
               where grid[r, c] == 0 and grid[r + dir[1], c + dir[2]] == 0];
           end
           override def CharMap := \".#\";
         end\n"
    )
}

/// The options body of c45, and Domineering as a ruleset with the same boards' values compared.
const C45_OPTIONS: &str = "begin
    var dir := if player == Left then (1, 0) else (0, 1) end;
    [Position(grid Updated {(r, c) => 1, (r + dir[1], c + dir[2]) => 1})
      for r from 1 to grid.RowCount - dir[1] for c from 1 to grid.ColCount - dir[2]
      where grid[r, c] == 0 and grid[r + dir[1], c + dir[2]] == 0]
  end";

fn compared(class: &str) -> String {
    format!(
        "ruleset RDom
           def Options(grid, player) begin
             var dir := if player == Left then (1, 0) else (0, 1) end;
             [grid Updated {{(r, c) => 1, (r + dir[1], c + dir[2]) => 1}}
               for r from 1 to grid.RowCount - dir[1] for c from 1 to grid.ColCount - dir[2]
               where grid[r, c] == 0 and grid[r + dir[1], c + dir[2]] == 0]
           end
           def Components(grid) := grid.Decomposition(1)
         end
         boards := [\".\", \"..|..\", \"...|...\", \".##|...|...\", \"....|.#..|....\", \"..#|...|#..\", \"...|.#.|...\",
           \"....|....|....\", \"...|#..|...\", \"....|....|..#.\"];
         [{class}(b).CanonicalForm for b in boards] == [RDom(Grid.Parse(b, \".#\")).CanonicalForm for b in boards]
         [{class}(b).CanonicalForm for b in boards]"
    )
}

/// The values of `compared`'s boards, by the ruleset form (CGSuite 2.2's for the boards of class_symmetry.cgs).
const VALUES: &str = "[0,+-1,<2|-1/2>,<2|-1/2>,<0|-2>,+-(1*),0,-3/2,<0|-2>,<3/2|-1/2||-1|-3>]";

#[test]
fn class_hooks_answer_fields_with_the_objects_values() {
    // c45's form: both hooks answer in fields (the `Decomposition` by the identity map), and every value is the
    // ruleset form's.
    let src = dom_class("Dom", C45_OPTIONS, ":= [Position(g) for g in grid.Decomposition(1)];") + &compared("Dom");
    let (out, (n, identity)) = fields_run(&src);
    assert!(out.ends_with(&format!("true\n{VALUES}\n")), "{out}");
    assert!(n > 100 && identity > 10 && identity < n, "{n} {identity}");
    // csym45's form: the components built of other grids (no identity map), the same values.
    let sym = ":= [Position(g SymmetryInvariant Symmetry.Flip) for g in grid.Decomposition(1)];";
    let (out, (n, identity)) = fields_run(&(dom_class("DomS", C45_OPTIONS, sym) + &compared("DomS")));
    assert!(out.ends_with(&format!("true\n{VALUES}\n")), "{out}");
    assert!(n > 100 && identity == 0, "{n} {identity}");
}

#[test]
fn for_yield_hooks_answer_fields_as_comprehensions() {
    // CGSuite's own Domineering writes its hooks as `for … yield Position(…) end` loops: the same answers in
    // fields (the `Decomposition` by the identity map) and the same values as the ruleset form.
    let options = "begin
        var dir := if player == Left then (1, 0) else (0, 1) end;
        for r from 1 to grid.RowCount - dir[1] for c from 1 to grid.ColCount - dir[2]
          where grid[r, c] == 0 and grid[r + dir[1], c + dir[2]] == 0
        yield
          Position(grid Updated {(r, c) => 1, (r + dir[1], c + dir[2]) => 1})
        end
      end";
    let decomposition = "begin for g in grid.Decomposition(1) yield Position(g) end end";
    let (out, (n, identity)) = fields_run(&(dom_class("DomY", options, decomposition) + &compared("DomY")));
    assert!(out.ends_with(&format!("true\n{VALUES}\n")), "{out}");
    assert!(n > 100 && identity > 10 && identity < n, "{n} {identity}");
    // A loop that yields twice a binding, or runs a statement before its value, is no comprehension: objects.
    let decomposition = "begin for g in grid.Decomposition(1) yield var h := g; Position(h) end end";
    let (out, (n, identity)) = fields_run(&(dom_class("DomZ", options, decomposition) + &compared("DomZ")));
    assert!(out.ends_with(&format!("true\n{VALUES}\n")), "{out}");
    assert!(n > 0 && identity == 0, "only `Options` answers in fields: {n} {identity}");
    // Called directly, the loop's answer is the list of objects, in order.
    let direct = dom_class("DomD", options, decomposition) + "DomD(\"..|..\").Options(Left)";
    let (out, _) = fields_run(&direct);
    assert!(out.ends_with("[DomD.Position(\"#.|#.\"),DomD.Position(\".#|.#\")]\n"), "{out}");
}

#[test]
fn hooks_off_the_result_position_answer_objects() {
    // A `var`'s value, a helper method's comprehension, a block's value through a local: no answer in fields,
    // the same values.
    let options = "begin var l := Moves(if player == Left then (1, 0) else (0, 1) end); l end";
    let decomposition = "begin var d := [Position(g) for g in grid.Decomposition(1)]; d end";
    let (out, (n, _)) = fields_run(&(dom_class("DomV", options, decomposition) + &compared("DomV")));
    assert!(out.ends_with(&format!("true\n{VALUES}\n")), "{out}");
    assert_eq!(n, 0);
    // `Options` as a helper's call: the helper's frame is not the hook's.
    let options = ":= Moves(if player == Left then (1, 0) else (0, 1) end);";
    let decomposition = ":= [Position(g) for g in grid.Decomposition(1)];";
    let (out, (n, identity)) = fields_run(&(dom_class("DomH", options, decomposition) + &compared("DomH")));
    assert!(out.ends_with(&format!("true\n{VALUES}\n")), "{out}");
    assert!(n > 0 && n == identity, "only `Decomposition` answers in fields: {n} {identity}");
}

#[test]
fn direct_calls_and_failures_keep_the_object_path() {
    let decomposition = ":= [Position(g) for g in grid.Decomposition(1)];";
    let src = dom_class("Dom", C45_OPTIONS, decomposition)
        + "Dom(\"...|...\").Options(Left)\nDom(\"..#|...|#..\").Decomposition\n";
    let (out, (n, _)) = fields_run(&src);
    // By hand: Left's three vertical dominoes on a 2 × 3 board; the board's one component.
    assert!(
        out.ends_with(
            "[Dom.Position(\"#..|#..\"),Dom.Position(\".#.|.#.\"),Dom.Position(\"..#|..#\")]\n\
             [Dom.Position(\"..#|...|#..\")]\n"
        ),
        "{out}"
    );
    assert_eq!(n, 0);
    // The third element fails the constructor's `as Grid` check after two were kept as grids: the error of the
    // object path (class_param_type.cgs's message), and no answer in fields.
    let options = ":= [Position(if c < 3 then grid Updated {(1, c) => 1} else c end) for c from 1 to grid.ColCount];";
    let (out, (n, _)) = fields_run(&(dom_class("Bad", options, decomposition) + "Bad(\"...\").CanonicalForm\n"));
    assert!(out.contains("error: Argument `grid`") && out.contains("`game.Integer`"), "{out}");
    assert_eq!(n, 0);
}

#[test]
fn a_hook_may_enter_the_memo_in_fields_mode() {
    // `Options` values another position first (the memo entered again, its hooks in fields mode of their own),
    // then answers its own comprehension in fields: the values of the ruleset form.
    let options = "begin
        var inner := if grid[1, 1] == 0 then Position(grid Updated {(1, 1) => 1}).CanonicalForm else 0 end;
        var dir := if player == Left then (1, 0) else (0, 1) end;
        [Position(grid Updated {(r, c) => 1, (r + dir[1], c + dir[2]) => 1})
          for r from 1 to grid.RowCount - dir[1] for c from 1 to grid.ColCount - dir[2]
          where grid[r, c] == 0 and grid[r + dir[1], c + dir[2]] == 0]
      end";
    let decomposition = ":= [Position(g) for g in grid.Decomposition(1)];";
    let (out, (n, identity)) = fields_run(&(dom_class("DomR", options, decomposition) + &compared("DomR")));
    assert!(out.ends_with(&format!("true\n{VALUES}\n")), "{out}");
    assert!(n > identity && identity > 0, "{n} {identity}");
}

#[test]
fn fields_of_every_kind_are_states() {
    // Boards of several regions (a fields decomposition of several parts, kept in the node's split): on one row
    // only Right moves, a run of 2 or 3 empty cells is -1, of 4 is -2 (by hand), and the regions add up.
    let decomposition = ":= [Position(g) for g in grid.Decomposition(1)];";
    let src = dom_class("Dom", C45_OPTIONS, decomposition)
        + "[Dom(b).CanonicalForm for b in [\"..#..\", \"....#..\", \"...#.#....\", \"..#..|##.##|..#..\"]]\n";
    let (out, (n, identity)) = fields_run(&src);
    // The last board: four 1 × 2 regions in the corners, each -1.
    assert!(out.ends_with("[-2,-3,-3,-4]\n"), "{out}");
    assert!(n > identity && identity > 0, "{n} {identity}");
    // A variable that is no grid (keyed by its encoding): a heap of `n` moves to any smaller heap, *n by hand;
    // and a class of two variables, which never answers in fields (a heap taking 1 or 2: *(n mod 3)).
    // (A nested class: `Heap` inside its method is the class of `this`, as for `Position`; a top-level class's
    // name is a global, which the lean call does not take, nor fields mode.)
    let src = "singleton class Heaps
                 class Heap(n) extends ImpartialGame
                   override def Options := [Heap(k) for k from 0 to n - 1];
                 end
               end
               [Heaps.Heap(n).CanonicalForm for n from 0 to 4]
               Heaps.Heap(3).Options\n";
    let (out, (n, _)) = fields_run(src);
    assert!(out.ends_with("[0,*,*2,*3,*4]\n[Heaps.Heap(0),Heaps.Heap(1),Heaps.Heap(2)]\n"), "{out}");
    assert!(n >= 3, "{n}");
    let src = "singleton class Takes
                 class Take(n, k) extends ImpartialGame
                   override def Options := [Take(n - j, k) for j from 1 to k where j <= n];
                 end
               end
               [Takes.Take(n, 2).CanonicalForm for n from 0 to 5]\n";
    let (out, (n, _)) = fields_run(src);
    assert!(out.ends_with("[0,*,*2,0,*,*2]\n"), "{out}");
    assert_eq!(n, 0);
}

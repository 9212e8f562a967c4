//! Benchmarks of rulesets written as scripts (issue 35, item 4), run as a user runs them (a fresh interpreter,
//! stdlib loaded, through the script runner of `cgs FILE`): the stdlib's script Domineering (`ByRules`, which
//! computes from its `Options` alone) and script Konane, and CGSuite-style classes (`class Position(grid as
//! Grid) extends GridGame`): Domineering with its options as a comprehension and its decomposition by
//! `grid.Decomposition(1)`, Clobber in the style of CGSuite's Clobber example, Domineering with components keyed by
//! `SymmetryInvariant` (as CGSuite's own class keys them) against the same game as a `ruleset`, and Col on a grid
//! as a class (tests/scripts/cgscript/class_col.cgs). CGSuite's code style unchanged (issue 35): Domineering as
//! CGSuite's class writes it (coordinate arithmetic, `for step in steps`, `for … yield`) and Clobber
//! (`class_clobber_3x4`), each against the same forms as a `ruleset`. All texts are our own.
//! `CGS_NO_COMPILE=1 cargo bench --bench scripts` runs them without the compiled tree.
//! The side by side with the `cgt` crate is benches/side_by_side.sh; the figures are in docs/PERFORMANCE.md.

mod support;

use criterion::{criterion_group, criterion_main, Criterion};

const CLASS_DOMINEERING: &str = "
singleton class Dom extends game.grid.GridRuleset
  class Position(grid as Grid) extends GridGame
    override def Options(player as Player) begin
      var dir := if player == Left then (1, 0) else (0, 1) end;
      [Position(grid Updated {(r, c) => 1, (r + dir[1], c + dir[2]) => 1})
        for r from 1 to grid.RowCount - dir[1] for c from 1 to grid.ColCount - dir[2]
        where grid[r, c] == 0 and grid[r + dir[1], c + dir[2]] == 0]
    end
    override def Decomposition := [Position(g) for g in grid.Decomposition(1)];
  end
  override def CharMap := \".#\";
end
";

/// The class-style Domineering above written as a cgs `ruleset` (same options and decomposition, the same
/// integer grid, no symmetry): the class front is measured against it (issue 35 item 3).
const RULESET_DOMINEERING: &str = "
ruleset RDom
  def Options(grid, player) begin
    var dir := if player == Left then (1, 0) else (0, 1) end;
    [grid Updated {(r, c) => 1, (r + dir[1], c + dir[2]) => 1}
      for r from 1 to grid.RowCount - dir[1] for c from 1 to grid.ColCount - dir[2]
      where grid[r, c] == 0 and grid[r + dir[1], c + dir[2]] == 0]
  end
  def Components(grid) := grid.Decomposition(1)
end
";

/// Clobber in the style of CGSuite's Clobber example (our own text): `for … yield` over `grid FindAll`, a
/// constant `Coordinates.Orthogonal`, coordinate addition and `Updated` with coordinate keys.
const CLASS_CLOBBER: &str = "
singleton class Clob extends game.grid.GridRuleset
  class Position(grid as Grid) extends GridGame
    override def Options(player as Player) begin
      var mine := player.Ordinal;
      var theirs := player.Opponent.Ordinal;
      for at in (grid FindAll mine)
      for step in Coordinates.Orthogonal
      where grid[at + step] == theirs
      yield Position(grid Updated {at => 0, at + step => mine})
      end
    end
  end
  override def CharMap := \".xo\";
end
";

/// CGSuite's own Domineering class (game.grid.Domineering): the Decomposition keys each component by
/// `SymmetryInvariant(Symmetry.Flip)`, which the class front makes the memo's representative (mirror images share a
/// node). Against it, the same game as a `ruleset` with the same components.
const CLASS_DOMINEERING_SYM: &str = "
singleton class DomS extends game.grid.GridRuleset
  class Position(grid as Grid) extends GridGame
    override def Options(player as Player) begin
      var dir := if player == Left then (1, 0) else (0, 1) end;
      [Position(grid Updated {(r, c) => 1, (r + dir[1], c + dir[2]) => 1})
        for r from 1 to grid.RowCount - dir[1] for c from 1 to grid.ColCount - dir[2]
        where grid[r, c] == 0 and grid[r + dir[1], c + dir[2]] == 0]
    end
    override def Decomposition := [Position(g SymmetryInvariant Symmetry.Flip) for g in grid.Decomposition(1)];
  end
  override def CharMap := \".#\";
end
";

const RULESET_DOMINEERING_SYM: &str = "
ruleset RDomS
  def Options(grid, player) begin
    var dir := if player == Left then (1, 0) else (0, 1) end;
    [grid Updated {(r, c) => 1, (r + dir[1], c + dir[2]) => 1}
      for r from 1 to grid.RowCount - dir[1] for c from 1 to grid.ColCount - dir[2]
      where grid[r, c] == 0 and grid[r + dir[1], c + dir[2]] == 0]
  end
  def Components(grid) := [g SymmetryInvariant Symmetry.Flip for g in grid.Decomposition(1)]
end
";

/// Col on a grid as a CGSuite-style class (tests/scripts/cgscript/class_col.cgs).
const CLASS_COL: &str = "
singleton class GridCol extends game.grid.GridRuleset
  class Position(grid as Grid) extends GridGame
    override def Options(player as Player) begin
      var us := player.Ordinal;
      for coord in (grid FindAll 0)
      where not [coord + d for d in Coordinates.Orthogonal].Exists(x -> grid[x] == us)
      yield
        Position(grid Updated {coord => us})
      end
    end
  end
  override def CharMap := \".lr\";
end
";

/// Domineering in the style of CGSuite's own Domineering class (our own text; issue 35, "CGSuite code
/// unchanged"): coordinate arithmetic (`grid[(i, j) + step]`, `Updated` with tuple keys), `for step in steps` over a
/// list variable, and `for … yield` hooks. Against it, the same forms as a `ruleset`.
const VERBATIM_DOMINEERING: &str = "
singleton class VDom extends game.grid.GridRuleset
  class Position(grid as Grid) extends GridGame
    override def Options(player as Player) begin
      var steps := if player == Right then [(0, 1)] else [(1, 0)] end;
      for i from 1 to grid.RowCount
      for j from 1 to grid.ColCount
      for step in steps
      where grid[(i, j)] == 0 and grid[(i, j) + step] == 0
      yield Position(grid Updated {(i, j) => 1, (i, j) + step => 1})
      end
    end
    override def Decomposition begin
      for region in grid.Decomposition(1) yield Position(region SymmetryInvariant Symmetry.Flip) end
    end
  end
  override def CharMap := \".#\";
end
";

const VERBATIM_RULESET_DOMINEERING: &str = "
ruleset VRDom
  def Options(grid, player) begin
    var steps := if player == Right then [(0, 1)] else [(1, 0)] end;
    [grid Updated {(i, j) => 1, (i, j) + step => 1}
      for i from 1 to grid.RowCount for j from 1 to grid.ColCount for step in steps
      where grid[(i, j)] == 0 and grid[(i, j) + step] == 0]
  end
  def Components(grid) := [g SymmetryInvariant Symmetry.Flip for g in grid.Decomposition(1)]
end
";

/// `CLASS_CLOBBER` above as a `ruleset` (the same options).
const RULESET_CLOBBER: &str = "
ruleset RClob
  def Options(grid, player) begin
    var mine := player.Ordinal;
    var theirs := player.Opponent.Ordinal;
    [grid Updated {at => 0, at + step => mine}
      for at in (grid FindAll mine) for step in Coordinates.Orthogonal where grid[at + step] == theirs]
  end
end
";

fn scripts(c: &mut Criterion) {
    let class_dom: &'static str =
        Box::leak(format!("{CLASS_DOMINEERING}Dom(\"....|....|....|....\").CanonicalForm").into_boxed_str());
    let class_dom45: &'static str =
        Box::leak(format!("{CLASS_DOMINEERING}Dom(\".....|.....|.....|.....\").CanonicalForm").into_boxed_str());
    let ruleset_dom45: &'static str = Box::leak(
        format!("{RULESET_DOMINEERING}RDom(Grid.Parse(\".....|.....|.....|.....\", \".#\")).CanonicalForm")
            .into_boxed_str(),
    );
    let class_clob: &'static str =
        Box::leak(format!("{CLASS_CLOBBER}Clob(\"xoxo|oxox|xoxo\").CanonicalForm").into_boxed_str());
    let class_dom_sym45: &'static str =
        Box::leak(format!("{CLASS_DOMINEERING_SYM}DomS(\".....|.....|.....|.....\").CanonicalForm").into_boxed_str());
    let ruleset_dom_sym45: &'static str = Box::leak(
        format!("{RULESET_DOMINEERING_SYM}RDomS(Grid.Parse(\".....|.....|.....|.....\", \".#\")).CanonicalForm")
            .into_boxed_str(),
    );
    let class_col: &'static str =
        Box::leak(format!("{CLASS_COL}GridCol(\"....|.l..|..r.\").CanonicalForm").into_boxed_str());
    let verbatim_dom45: &'static str =
        Box::leak(format!("{VERBATIM_DOMINEERING}VDom(\"....|....|....|....|....\").CanonicalForm").into_boxed_str());
    let verbatim_ruleset_dom45: &'static str = Box::leak(
        format!("{VERBATIM_RULESET_DOMINEERING}VRDom(Grid.Parse(\"....|....|....|....|....\", \".#\")).CanonicalForm")
            .into_boxed_str(),
    );
    let ruleset_clob: &'static str = Box::leak(
        format!("{RULESET_CLOBBER}RClob(Grid.Parse(\"xoxo|oxox|xoxo\", \".xo\")).CanonicalForm").into_boxed_str(),
    );
    let cases: &[(&str, &'static str)] = &[
        ("script_domineering_4x5", "ByRules(Domineering(\".....|.....|.....|.....\")).CanonicalForm"),
        ("script_konane_4x5", "Konane(\"xoxox|ox.ox|xoxox|oxoxo\").CanonicalForm"),
        ("class_domineering_4x4", class_dom),
        ("class_domineering_4x5", class_dom45),
        ("ruleset_domineering_4x5", ruleset_dom45),
        ("class_clobber_3x4", class_clob),
        ("class_domineering_sym_4x5", class_dom_sym45),
        ("ruleset_domineering_sym_4x5", ruleset_dom_sym45),
        ("class_col_3x4", class_col),
        ("verbatim_domineering_5x4", verbatim_dom45),
        ("verbatim_ruleset_domineering_5x4", verbatim_ruleset_dom45),
        ("ruleset_clobber_3x4", ruleset_clob),
    ];
    support::bench_cases(c, "scripts", cases);
}

criterion_group!(benches, scripts);
criterion_main!(benches);

//! Benchmarks of rulesets written as scripts (issue 35, item 4), run as a user runs them (a fresh interpreter,
//! stdlib loaded, through the script runner of `cgs FILE`): the stdlib's script Domineering (`ByRules`, which
//! computes from its `Options` alone) and script Konane, and CGSuite-style classes (`class Position(grid as
//! Grid) extends GridGame`): Domineering with its options as a comprehension and its decomposition by
//! `grid.Decomposition(1)`, and Clobber as CGSuite's own example writes it (tests/scripts/cgscript/
//! grid_ruleset_class.cgs), CGSuite's own Domineering class (components keyed by `SymmetryInvariant`) against the
//! same game as a `ruleset`, and Col on a grid as a class (tests/scripts/cgscript/class_col.cgs). CGSuite's code
//! unchanged (issue 35): its Domineering class verbatim (coordinate arithmetic, `for d in directions`) and its
//! Clobber example (`class_clobber_3x4`, which is examples/Clobber.cgs without the `Icons` line), each against the
//! same text as a `ruleset`.
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

const CLASS_CLOBBER: &str = "
singleton class Clob extends game.grid.GridRuleset
  class Position(grid as Grid) extends GridGame
    override def Options(player as Player) begin
      var us := player.Ordinal;
      var them := player.Opponent.Ordinal;
      for coord in (grid FindAll us)
      for direction in Coordinates.Orthogonal
      where grid[coord + direction] == them
      yield
        Position(grid Updated { coord => 0, coord + direction => us })
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

/// CGSuite's Domineering class as CGSuite writes it (/work/notes/bench/vdom45.cgs; issue 35, "CGSuite code
/// unchanged"): coordinate arithmetic (`grid[(m,n)+d]`, `Updated` with tuple keys), `for d in directions` over a
/// list variable and `for … yield` hooks. Against it, the same text as a `ruleset`.
const VERBATIM_DOMINEERING: &str = "
singleton class VDom extends game.grid.GridRuleset
  class Position(grid as Grid) extends GridGame
    override def Options(player as Player) begin
      var directions := if player == Left then [(1,0)] else [(0,1)] end;
      for m from 1 to grid.RowCount
      for n from 1 to grid.ColCount
      for d in directions
      where grid[(m,n)] == 0 and grid[(m,n)+d] == 0
      yield
        Position(grid Updated {(m,n) => 1, (m,n)+d => 1})
      end
    end
    override def Decomposition begin
      for component in grid.Decomposition(1) yield
        Position(component SymmetryInvariant Symmetry.Flip)
      end
    end
  end
  override def CharMap := \".#\";
  override def Icons := [Icon.Blank, Icon.GraySquare];
end
";

const VERBATIM_RULESET_DOMINEERING: &str = "
ruleset VRDom
  def Options(grid, player) begin
    var directions := if player == Left then [(1,0)] else [(0,1)] end;
    [grid Updated {(m,n) => 1, (m,n)+d => 1}
      for m from 1 to grid.RowCount for n from 1 to grid.ColCount for d in directions
      where grid[(m,n)] == 0 and grid[(m,n)+d] == 0]
  end
  def Components(grid) := [g SymmetryInvariant Symmetry.Flip for g in grid.Decomposition(1)]
end
";

/// CGSuite's Clobber example (examples/Clobber.cgs, as /work/notes/bench/vclob.cgs copies it) is `CLASS_CLOBBER`
/// above; this is the same game as a `ruleset` (/work/notes/bench/rclob.cgs).
const RULESET_CLOBBER: &str = "
ruleset RClob
  def Options(grid, player) begin
    var us := player.Ordinal;
    var them := player.Opponent.Ordinal;
    [grid Updated { coord => 0, coord + direction => us }
      for coord in (grid FindAll us) for direction in Coordinates.Orthogonal where grid[coord + direction] == them]
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

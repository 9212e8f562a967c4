#!/usr/bin/env bash
# Side-by-side timings for issue 20: cgs, and cgt / MCGS where they are installed.
#
#   benches/side_by_side.sh                 # cgs only (release build of this checkout)
#   MCGS=/path/to/MCGS benches/side_by_side.sh
#   CGT_DOMINEERING=/path/to/prog CGT_KONANE=/path/to/prog benches/side_by_side.sh
#   benches/side_by_side.sh --build-cgt DIR # writes and builds the two cgt programs in DIR (see below)
#
# Script rulesets run twice: as they are (function bodies compiled, issue 35) and with CGS_NO_COMPILE=1 (the
# tree-walking evaluator alone).
#
# Every figure is CPU seconds (user + sys, GNU time) of one process, median of 3 runs, so that other load on
# the machine (wall clock) does not count. Runs of the different tools alternate.
# - cgs: ./target/release/cgs (build with `cargo build --release` first: fat LTO and one codegen unit, as the
#   cgt programs below are built with `lto = true`; not the `suite` profile's binary in target/suite/).
# - MCGS (ualberta-mueller-group/MCGS): the outcome of the Clobber strip (xo)^n, both players first, as
#   `MCGS "[clobber_1xn] XOXO… {B, W}"`, for n ≤ ${MCGS_MAX_N:-22}. Its current head needs the `libs/cgt_lib`
#   submodule and CMake 4.2; version 1.5 (commit 5554ef5, January 2026, the last before cgt_lib) builds with its
#   makefile alone: `git clone https://github.com/ualberta-mueller-group/MCGS && cd MCGS && git checkout 5554ef5
#   && make MCGS DEBUG=0` (DEBUG=0: -O3 -DNDEBUG without its assertion checks). Its CPU figure includes about
#   1.1 s of system time spent allocating its transposition table.
# - cgt (the `cgt` crate, t4ccer/cgt-tools): cgt is a library, so `--build-cgt DIR` writes a small Cargo
#   package to DIR with two programs built against it, `cgt_domineering BOARD` and `cgt_konane BOARD`, which
#   print the canonical form of the board (rows separated by `|`; `.` empty and `#` taken in Domineering;
#   `x`, `o`, `.` in Konane) by cgt's `PartizanGame::canonical_form` with its transposition table, and builds
#   them with `cargo build --release` (cgt from crates.io, or from a checkout with CGT_SRC=/path/to/cgt-tools).
#   Then set CGT_DOMINEERING=DIR/target/release/cgt_domineering and CGT_KONANE=DIR/target/release/cgt_konane.
#   The project itself does not depend on cgt.
set -euo pipefail

# build_cgt DIR: the cgt programs (see above).
build_cgt() {
  local dir=$1 dep='cgt = "0.9"' game ty
  [ -n "${CGT_SRC:-}" ] && dep="cgt = { path = \"$CGT_SRC\" }"
  mkdir -p "$dir/src/bin"
  printf '[package]\nname = "cgt-side-by-side"\nversion = "0.1.0"\nedition = "2024"\n\n[dependencies]\n%s\n\n[profile.release]\nlto = true\npanic = "abort"\n' \
    "$dep" >"$dir/Cargo.toml"
  for game in domineering:Domineering konane:Konane; do
    ty=${game#*:}
    cat >"$dir/src/bin/cgt_${game%%:*}.rs" <<EOF
// Prints the canonical form of the $ty board given as the first argument, computed by the cgt crate.
use cgt::short::partizan::games::${game%%:*}::$ty;
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;
use std::str::FromStr;

fn main() {
    let board = std::env::args().nth(1).expect("a board");
    let g: $ty = $ty::from_str(&board).expect("a $ty board");
    let tt = ParallelTranspositionTable::new();
    println!("{}", g.canonical_form(&tt));
}
EOF
  done
  (cd "$dir" && cargo build --release)
  echo "CGT_DOMINEERING=$dir/target/release/cgt_domineering CGT_KONANE=$dir/target/release/cgt_konane"
}

if [ "${1:-}" = "--build-cgt" ]; then
  build_cgt "$(realpath -m "${2:?usage: --build-cgt DIR}")"
  exit 0
fi

cd "$(dirname "$0")/.."
CGS=./target/release/cgs
[ -x "$CGS" ] || { echo "build first: cargo build --release" >&2; exit 1; }

# cpu CMD...: prints the median user+sys seconds of 3 runs of CMD.
cpu() {
  local t
  t=$(mktemp)
  for _ in 1 2 3; do
    # GNU time writes to its own file: the program's output and errors are discarded, not the figure.
    /usr/bin/time -f "%U %S" -o "$t" "$@" >/dev/null 2>&1 || true
    tail -1 "$t" | awk '{printf "%.2f\n", $1 + $2}'
  done | sort -n | sed -n 2p
  rm -f "$t"
}

# startup CMD...: milliseconds of CPU per run of CMD over 50 runs, the shell's fork included (GNU time counts in
# 10 ms steps; `perf stat -r 30 CMD` gives the process alone).
startup() {
  local t
  t=$( { /usr/bin/time -f "%U %S" bash -c 'for _ in $(seq 50); do "$@" >/dev/null; done' _ "$@"; } 2>&1 | tail -1)
  echo "$t" | awk '{printf "%.1f ms\n", ($1 + $2) * 1000 / 50}'
}

row() { printf '%-44s %10s %10s\n' "$1" "$2" "$3"; }

board() { # board ROWS COLS: an empty board string
  local r c s=""
  for ((r = 0; r < $1; r++)); do
    [ $r -gt 0 ] && s+="|"
    for ((c = 0; c < $2; c++)); do s+="."; done
  done
  echo "$s"
}

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); CPU seconds (user+sys), median of 3"
row "case" "cgs" "other"
row "cgs -e 0 (start-up, per run)" "$(startup "$CGS" -e 0)" ""
for dims in "4 6" "5 5"; do
  b=$(board $dims)
  other=""
  [ -n "${CGT_DOMINEERING:-}" ] && other="cgt $(cpu "$CGT_DOMINEERING" "$b")"
  row "script Domineering ${dims/ /x} (ByRules)" "$(cpu "$CGS" -e "ByRules(Domineering(\"$b\")).CanonicalForm")" "$other"
  row "  the same, CGS_NO_COMPILE=1" "$(cpu env CGS_NO_COMPILE=1 "$CGS" -e "ByRules(Domineering(\"$b\")).CanonicalForm")" ""
  row "native Domineering ${dims/ /x}" "$(cpu "$CGS" -e "Domineering(\"$b\").CanonicalForm")" ""
done
konane="xoxoxo|ox..ox|xoxoxo|oxoxox"
other=""
[ -n "${CGT_KONANE:-}" ] && other="cgt $(cpu "$CGT_KONANE" "$konane")"
row "script Konane $konane" "$(cpu "$CGS" -e "Konane(\"$konane\").CanonicalForm")" "$other"
row "  the same, CGS_NO_COMPILE=1" "$(cpu env CGS_NO_COMPILE=1 "$CGS" -e "Konane(\"$konane\").CanonicalForm")" ""
for n in 16 20 22 24; do
  strip=$(printf 'xo%.0s' $(seq "$n"))
  other=""
  [ -n "${MCGS:-}" ] && [ "$n" -le "${MCGS_MAX_N:-22}" ] && other="MCGS $(cpu "$MCGS" "[clobber_1xn] ${strip^^} {B, W}")"
  row "Clobber (xo)^$n outcome" "$(cpu "$CGS" -e "Clobber(\"$strip\").OutcomeClass")" "$other"
done

# Class-style Domineering (CGSuite's form, `class Position(grid as Grid) extends GridGame` in a GridRuleset, issue
# 35 item 3) against the same game written as a cgs `ruleset` (same options and decomposition, integer grid, no
# symmetry), and CGSuite 2.2's own `game.grid.Domineering` when CGSUITE_EVAL=/path/to/cgsuite-eval is set (a fresh
# JVM per run, so its figure includes start-up).
class_dom=$(mktemp --suffix=.cgs)
ruleset_dom=$(mktemp --suffix=.cgs)
cat >"$class_dom" <<'CGS'
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
  override def CharMap := ".#";
end
CGS
cat >"$ruleset_dom" <<'CGS'
ruleset RDom
  def Options(grid, player) begin
    var dir := if player == Left then (1, 0) else (0, 1) end;
    [grid Updated {(r, c) => 1, (r + dir[1], c + dir[2]) => 1}
      for r from 1 to grid.RowCount - dir[1] for c from 1 to grid.ColCount - dir[2]
      where grid[r, c] == 0 and grid[r + dir[1], c + dir[2]] == 0]
  end
  def Components(grid) := grid.Decomposition(1)
end
CGS
# The same two with CGSuite's symmetry (its Domineering class decomposes into `component SymmetryInvariant
# Symmetry.Flip`; the class front makes a one-component decomposition the memo's representative).
class_dom_sym=$(mktemp --suffix=.cgs)
ruleset_dom_sym=$(mktemp --suffix=.cgs)
sed 's/\[Position(g) for g in grid.Decomposition(1)\]/[Position(g SymmetryInvariant Symmetry.Flip) for g in grid.Decomposition(1)]/' \
  "$class_dom" >"$class_dom_sym"
sed 's/def Components(grid) := grid.Decomposition(1)/def Components(grid) := [g SymmetryInvariant Symmetry.Flip for g in grid.Decomposition(1)]/' \
  "$ruleset_dom" >"$ruleset_dom_sym"
for dims in "4 5" "5 5"; do
  b=$(board $dims)
  cf=$(mktemp --suffix=.cgs)
  rf=$(mktemp --suffix=.cgs)
  csf=$(mktemp --suffix=.cgs)
  rsf=$(mktemp --suffix=.cgs)
  { cat "$class_dom"; echo "Dom(\"$b\").CanonicalForm"; } >"$cf"
  { cat "$ruleset_dom"; echo "RDom(Grid.Parse(\"$b\", \".#\")).CanonicalForm"; } >"$rf"
  { cat "$class_dom_sym"; echo "Dom(\"$b\").CanonicalForm"; } >"$csf"
  { cat "$ruleset_dom_sym"; echo "RDom(Grid.Parse(\"$b\", \".#\")).CanonicalForm"; } >"$rsf"
  other=""
  if [ -n "${CGSUITE_EVAL:-}" ]; then
    cg=$(mktemp)
    echo "game.grid.Domineering(\"$b\").CanonicalForm" >"$cg"
    other="CGSuite $(cpu bash -c "\"\$0\" <\"\$1\"" "$CGSUITE_EVAL" "$cg")"
    rm -f "$cg"
  fi
  row "class-style Domineering ${dims/ /x}" "$(cpu "$CGS" "$cf")" ""
  row "  the same game as a ruleset" "$(cpu "$CGS" "$rf")" ""
  row "class-style Domineering ${dims/ /x}, symmetry" "$(cpu "$CGS" "$csf")" "$other"
  row "  the same game as a ruleset" "$(cpu "$CGS" "$rsf")" ""
  rm -f "$cf" "$rf" "$csf" "$rsf"
done
rm -f "$class_dom" "$ruleset_dom" "$class_dom_sym" "$ruleset_dom_sym"

# Class-style Col (tests/scripts/cgscript/class_col.cgs's class: no Decomposition, options by `FindAll`) against
# the same options written as a cgs `ruleset` on the same integer grid.
for b in "....|....|...."; do
  cf=$(mktemp --suffix=.cgs)
  rf=$(mktemp --suffix=.cgs)
  cat >"$cf" <<CGS
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
  override def CharMap := ".lr";
end
GridCol("$b").CanonicalForm
CGS
  cat >"$rf" <<CGS
ruleset RCol
  def Options(grid, player) begin
    var us := player.Ordinal;
    for coord in (grid FindAll 0)
    where not [coord + d for d in Coordinates.Orthogonal].Exists(x -> grid[x] == us)
    yield grid Updated {coord => us} end
  end
end
RCol(Grid.Parse("$b", ".lr")).CanonicalForm
CGS
  row "class-style Col $b" "$(cpu "$CGS" "$cf")" ""
  row "  the same game as a ruleset" "$(cpu "$CGS" "$rf")" ""
  rm -f "$cf" "$rf"
done

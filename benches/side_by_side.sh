#!/usr/bin/env bash
# Side-by-side timings for issue 20: cgs, and cgt / MCGS where they are installed.
#
#   benches/side_by_side.sh                 # cgs only (release build of this checkout)
#   MCGS=/path/to/MCGS benches/side_by_side.sh
#   CGT_DOMINEERING=/path/to/prog benches/side_by_side.sh
#
# Every figure is CPU seconds (user + sys, GNU time) of one process, median of 3 runs, so that other load on
# the machine (wall clock) does not count. Runs of the different tools alternate.
# - cgs: ./target/release/cgs (build with `cargo build --release` first).
# - MCGS (ualberta-mueller-group/MCGS, built with `make`): the outcome of the Clobber strip (xo)^n, both
#   players first, as `MCGS "[clobber_1xn] XOXO… {B, W}"`.
# - cgt (the `cgt` crate): cgt is a library, so give a program built against it that prints the canonical form
#   of the Domineering board given as its first argument (rows separated by `|`, `.` empty) in
#   CGT_DOMINEERING, and likewise CGT_KONANE for Konane (`x`, `o`, `.`). The project does not depend on cgt.
set -euo pipefail
cd "$(dirname "$0")/.."
CGS=./target/release/cgs
[ -x "$CGS" ] || { echo "build first: cargo build --release" >&2; exit 1; }

# cpu CMD...: prints the median user+sys seconds of 3 runs of CMD.
cpu() {
  local t
  for _ in 1 2 3; do
    t=$( { /usr/bin/time -f "%U %S" "$@" >/dev/null 2>/dev/null; } 2>&1 | tail -1)
    echo "$t" | awk '{printf "%.2f\n", $1 + $2}'
  done | sort -n | sed -n 2p
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
  row "native Domineering ${dims/ /x}" "$(cpu "$CGS" -e "Domineering(\"$b\").CanonicalForm")" ""
done
konane="xoxoxo|ox..ox|xoxoxo|oxoxox"
other=""
[ -n "${CGT_KONANE:-}" ] && other="cgt $(cpu "$CGT_KONANE" "$konane")"
row "script Konane $konane" "$(cpu "$CGS" -e "Konane(\"$konane\").CanonicalForm")" "$other"
for n in 16 20 24; do
  strip=$(printf 'xo%.0s' $(seq "$n"))
  other=""
  [ -n "${MCGS:-}" ] && other="MCGS $(cpu "$MCGS" "[clobber_1xn] ${strip^^} {B, W}")"
  row "Clobber (xo)^$n outcome" "$(cpu "$CGS" -e "Clobber(\"$strip\").OutcomeClass")" "$other"
done

#!/usr/bin/env bash
# Issue 34: loopy ruleset positions, cgs against CGSuite 2.2 side by side on this machine.
#
# Each input runs in a fresh process of each program: `cgs -e INPUT` and `cgsuite-eval -e INPUT` (a fresh JVM,
# its start-up included, as a user meets it). Figures are CPU seconds (user + system, from GNU time, so a busy
# machine moves them less than wall time) and peak resident memory; both values are printed so they can be
# compared. Needs GNU time (/usr/bin/time); CGSuite's column is left empty where `cgsuite-eval` is not installed
# (see ../shared/cgsuite/README.md to build it). The standard Fox and Geese start takes about a minute of CPU
# in CGSuite (1.9 GB): it runs only with LOOPY_PERF_ALL=1.
#
# Usage: tests/perf/loopy-vs-cgsuite.sh [path/to/cgs]
set -u
CGS=${1:-target/release/cgs}
CGSUITE=$(command -v cgsuite-eval || true)
INPUTS=(
  'game.strip.BackslidingToadsAndFrogs(".tf.ff..").GameValue'
  'game.strip.BackslidingToadsAndFrogs("f.t..tf.").GameValue'
  'game.strip.BackslidingToadsAndFrogs(".f.t.t..").GameValue'
  'game.strip.BackslidingToadsAndFrogs("ttt..fff").GameValue'
  'game.grid.FoxAndGeese({(6,2),(6,4),(6,6),(6,8)}, (1,5)).GameValue'
)
if [ "${LOOPY_PERF_ALL:-0}" = 1 ]; then
  INPUTS+=('game.grid.FoxAndGeese({(8,2),(8,4),(8,6),(8,8)}, (1,5)).GameValue')
fi

# Runs "$@" under GNU time; prints "value<TAB>cpu seconds<TAB>peak MB" (values may hold `|`).
measure() {
  local out tf
  tf=$(mktemp)
  out=$(/usr/bin/time -f '%U %S %M' -o "$tf" "$@" 2>/dev/null | tail -n 1)
  read -r u s m < "$tf"
  rm -f "$tf"
  printf '%s\t%.2f\t%d' "$out" "$(echo "$u + $s" | bc)" "$((m / 1024))"
}

echo "load: $(uptime | sed 's/.*load average: //')"
echo
echo "| input | value (cgs) | cgs CPU s | cgs MB | value (CGSuite) | CGSuite CPU s | CGSuite MB | ratio |"
echo "|---|---|---|---|---|---|---|---|"
for input in "${INPUTS[@]}"; do
  IFS=$'\t' read -r v1 c1 m1 <<< "$(measure "$CGS" -e "$input")"
  if [ -n "$CGSUITE" ]; then
    IFS=$'\t' read -r v2 c2 m2 <<< "$(measure "$CGSUITE" -e "$input")"
    ratio=$(echo "scale=1; $c2 / $c1" | bc 2>/dev/null || echo '-')
  else
    v2='-'; c2='-'; m2='-'; ratio='-'
  fi
  v1=${v1//|/\\|}; v2=${v2//|/\\|}
  echo "| \`$input\` | \`$v1\` | $c1 | $m1 | \`$v2\` | $c2 | $m2 | ${ratio}x |"
done

#!/usr/bin/env python3
"""Differential test of `List.SortedWith` / `MutableList.SortWith` against CGSuite 2.2 (issue 33, fix8).

Draws random lists of 32 to 300 integers (random, nearly sorted, or made of ascending, descending and constant
stretches, so that TimSort finds runs and gallops) and sorts each with a comparator drawn from a set of
comparators that are not consistent orders (`(x, y) -> x * y`, `(x, y) -> -1`, …) plus one that is. Each input
goes to cgsuite-eval (one JVM, one line each) and to the built cgs (`--output cgsuite -e`); the two answers
must be the same line: the sorted list, or CGSuite's error where the JVM's TimSort finds the comparator
inconsistent ("An unexpected error occured in a call to `cgsuite.lang.List.SortedWith`.").

    python3 tests/cgsuite/sort_differential.py [--cgs target/release/cgs] [--seed N] [--cases N]

Run by hand (needs cgsuite-eval, not in CI); tests/scripts/cgsuite_compat/fix8_sorted_with.cgs keeps a fixed set
of such cases with CGSuite's answers. Exit status 1 when any case differs.
"""
import argparse
import random
import subprocess
import sys

COMPARATORS = [
    "(x, y) -> x * y",
    "(x, y) -> x * y - 7",
    "(x, y) -> (x + 2 * y) % 5 - 2",
    "(x, y) -> if x % 3 == 0 then -1 else 1 end",
    "(x, y) -> -1",
    "(x, y) -> y - x + (x % 4)",
    "(x, y) -> (x - y) * (x % 2 * 2 - 1)",
    "(x, y) -> x - y",
    "(x, y) -> if (x + y) % 7 == 0 then 0 else x % 5 - y % 3 end",
]


def draw(rnd):
    n = rnd.randint(32, 300)
    kind = rnd.random()
    if kind < 0.3:
        return [rnd.randint(-50, 50) for _ in range(n)]
    if kind < 0.6:
        xs = sorted(rnd.randint(-100, 100) for _ in range(n))
        for _ in range(rnd.randint(0, 10)):
            i, j = rnd.randrange(n), rnd.randrange(n)
            xs[i], xs[j] = xs[j], xs[i]
        return xs
    xs = []
    while len(xs) < n:
        k, start, step = rnd.randint(1, 40), rnd.randint(-60, 60), rnd.choice([-1, 1, 2, -3, 0])
        xs += [start + step * i for i in range(k)]
    return xs[:n]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cgs", default="target/release/cgs")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cases", type=int, default=60)
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    lines = []
    for _ in range(args.cases):
        xs, c = ",".join(map(str, draw(rnd))), rnd.choice(COMPARATORS)
        lines.append(f"[{xs}].SortedWith({c})")
        if rnd.random() < 0.2:
            lines.append(f"begin l := MutableList([{xs}]); l.SortWith({c}); l end")
    inp = "\n".join(lines) + "\n"
    want = subprocess.run(["cgsuite-eval"], input=inp, capture_output=True, text=True).stdout.splitlines()
    differ = errors = 0
    for line, w in zip(lines, want):
        r = subprocess.run([args.cgs, "--output", "cgsuite", "-e", line], capture_output=True, text=True)
        got = r.stdout.strip() if r.returncode == 0 else "!! " + r.stderr.splitlines()[0].removeprefix("Error: ")
        errors += w.startswith("!!")
        if got != w:
            differ += 1
            print(f"DIFF {line[:100]}\n  cgsuite: {w[:200]}\n  cgs:     {got[:200]}")
    print(f"seed {args.seed}: {len(lines)} cases ({errors} CGSuite errors), {differ} differ")
    sys.exit(1 if differ or len(want) != len(lines) else 0)


if __name__ == "__main__":
    main()

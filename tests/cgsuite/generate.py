#!/usr/bin/env python3
"""Generates the CGSuite agreement corpus (issue 23): inputs in cgs syntax and in CGSuite syntax, evaluated by
CGSuite 2.2 through `cgsuite-eval` (see ../shared/cgsuite/README.md), recorded in `corpus.tsv`.

Run by hand, never by CI:   python3 tests/cgsuite/generate.py [--seed N] [--count N]
Each corpus line is `cgs input <TAB> CGSuite's output` (errors as `!! message`, newlines as `\\n`).
The test `tests/integration/cgsuite.rs` evaluates every cgs input and compares; `allowed.tsv` lists the
differences that are deliberate or known, each with its reason.
"""
import argparse, random, subprocess, sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

def game(r, depth):
    """A random short game literal: (cgs text, CGSuite text)."""
    if depth == 0 or r.random() < 0.25:
        atoms = [("0", "0"), ("1", "1"), ("-1", "-1"), ("2", "2"), ("1/2", "1/2"), ("-1/2", "-1/2"), ("*", "*"),
                 ("*2", "*2"), ("^", "^"), ("v", "v"), ("^*", "^*"), ("+-1", "+-1"), ("3/4", "3/4")]
        return r.choice(atoms)
    def side():
        n = r.choice([0, 1, 1, 2, 2, 3])
        opts = [game(r, depth - 1) for _ in range(n)]
        return [o[0] for o in opts], [o[1] for o in opts]
    (lc, ls), (rc, rs) = side(), side()
    return "<%s|%s>" % (",".join(lc), ",".join(rc)), "{%s|%s}" % (",".join(ls), ",".join(rs))

def paren(g):
    return ("(%s)" % g[0], "(%s)" % g[1])

GAME_MEMBERS = ["CanonicalForm", "LeftStop", "RightStop", "Mean", "Temperature", "Birthday", "OutcomeClass",
                "IsNumber", "IsInfinitesimal", "IsAllSmall", "IsEven", "IsOdd", "IsNumberish", "IsUptimal",
                "IsInteger", "IsNimber", "IsSwitch", "IsEvenTempered", "IsOddTempered", "Thermograph", "Freeze",
                "FollowerCount", "StopCount", "LeftOptions", "RightOptions", "Followers", "AtomicWeight",
                "Companion", "ReducedCanonicalForm", "Incentives", "NimValue", "UptimalExpansion"]
GAME_CALLS = ["Cool(1)", "Cool(1/2)", "Heat(1)", "Overheat(1,2)", "Pow(2)", "PowTo(2)", "Stop(Left)",
              "Options(Right)", "NortonMultiply(^)", "ConwayMultiply(*2)"]

def games(r):
    g = paren(game(r, r.choice([1, 2, 2, 3])))
    h = paren(game(r, r.choice([1, 2])))
    k = r.random()
    if k < 0.55:
        m = r.choice(GAME_MEMBERS)
        return "%s.%s" % (g[0], m), "%s.%s" % (g[1], m)
    if k < 0.7:
        m = r.choice(GAME_CALLS)
        return "%s.%s" % (g[0], m), "%s.%s" % (g[1], m)
    op = r.choice(["+", "-", "<=", ">=", "<", ">", "==", ":", "<|", "|>"])
    return "%s %s %s" % (g[0], op, h[0]), "%s %s %s" % (g[1], op, h[1])

def numbers(r):
    ints = [str(x) for x in range(-9, 10)] + ["100", "2^40", "-17", "1024"]
    rats = ["1/2", "-3/4", "5/8", "1/3", "-2/3", "7/2"]
    a, b = r.choice(ints + rats), r.choice(ints + rats)
    k = r.random()
    if k < 0.5:
        op = r.choice(["+", "-", "*", "/", "%", "<", "<=", "=="])
        s = "(%s) %s (%s)" % (a, op, b)
    elif k < 0.8:
        x, y = r.choice(ints), r.choice([i for i in ints if i != "0"])
        m = r.choice(["Div(%s)", "NimSum(%s)", "NimProduct(%s)", "Gcd(%s)", "Max(%s)", "Min(%s)"]) % y
        s = "(%s).%s" % (x, m)
    else:
        x = r.choice(ints + rats)
        m = r.choice(["Abs", "Sign", "IsInteger", "IsDyadic", "Reciprocal", "Floor", "Ceiling", "IsEven",
                      "IsOdd", "Lb", "Isqrt", "IsTwoPower", "Numerator", "Denominator", "Birthday"])
        s = "(%s).%s" % (x, m)
    return s, s

def collections(r):
    items = [r.choice(["1", "2", "3", "-1", "0", "5", "*", "^", "1/2"]) for _ in range(r.randint(0, 5))]
    lst = "[%s]" % ",".join(items)
    m = r.choice(["Length", "Sorted", "Head", "Tail", "Max", "Min", "Sum", "Contains(1)", "Sublist(1,2)",
                  "Concat([9])", "Adjoin(7)", "ToSet", "IsEmpty", "Reverse", "Take(2)", "Mex", "Flattened",
                  "Exists(x -> x == 1)", "ForAll(x -> x == 1)", "Find(x -> x == 2)", "IndexOf(2)",
                  "Apply(x -> x + 1)", "Grouped(2)", "Distinct"])
    if r.random() < 0.3:
        s = "{%s}.%s" % (",".join(items), r.choice(["Size", "Max", "Min", "Contains(1)", "IsEmpty"]))
    else:
        s = "%s.%s" % (lst, m)
    return s, s

def strings(r):
    w = r.choice(['"abc"', '"xoxo"', '"hello"', '""', '"a.b.c"'])
    m = r.choice(["Length", "Reverse", "Substring(1,2)", "ToUpperCase", "ToLowerCase", "Split(\".\")",
                  "Contains(\"b\")", "IndexOf(\"b\")", "Concat(\"!\")", "Updated(1, \"z\")"])
    return "%s.%s" % (w, m), "%s.%s" % (w, m)

def rulesets(r):
    k = r.random()
    if k < 0.3:
        rows = r.choice([1, 2, 2, 3])
        cols = r.choice([1, 2, 3, 3, 4])
        board = "|".join("".join(r.choice("..#") for _ in range(cols)) for _ in range(rows))
        m = r.choice(["CanonicalForm", "OutcomeClass", "LeftOptions", "Temperature"])
        return 'Domineering("%s").%s' % (board, m), 'game.grid.Domineering("%s").%s' % (board, m)
    if k < 0.55:
        s = "".join(r.choice("xo.") for _ in range(r.randint(2, 7)))
        m = r.choice(["CanonicalForm", "OutcomeClass", "Temperature", "AtomicWeight"])
        return 'Clobber("%s").%s' % (s, m), 'game.grid.Clobber("%s").%s' % (s, m)
    if k < 0.75:
        s = "".join(r.choice("tf..") for _ in range(r.randint(2, 7)))
        m = r.choice(["CanonicalForm", "OutcomeClass"])
        return 'ToadsAndFrogs("%s").%s' % (s, m), 'game.strip.ToadsAndFrogs("%s").%s' % (s, m)
    name = r.choice(["Kayles", "DawsonsKayles", "GrundysGame"])
    n = r.randint(0, 30)
    m = r.choice(["NimValue", "CanonicalForm", "OutcomeClass", "MisereOutcomeClass"])
    return "%s(%d).%s" % (name, n, m), "game.heap.%s(%d).%s" % (name, n, m)

def language(r):
    cases = [
        ("if false then 1 end", "if false then 1 end"),
        ("[x^2 for x from 1 to 5]", "[x^2 for x from 1 to 5]"),
        ("[x for x in [1,2,3,4] where x % 2 == 0]", "[x for x in [1,2,3,4] where x % 2 == 0]"),
        ("{x % 3 for x from 1 to 10}", "{x % 3 for x from 1 to 10}"),
        ("begin var s := 0; for i from 1 to 10 do s := s + i end; s end",
         "begin var s := 0; for i from 1 to 10 do s := s + i end; s end"),
        ("(x -> x * 2)(21)", "(x -> x * 2)(21)"),
        ("Left.Opponent", "Left.Opponent"),
        ("true and false", "true and false"),
        ("not true", "not true"),
        ("{1 => 2}[1]", "{1 => 2}[1]"),
        ('"a" + "b"', '"a" + "b"'),
        ("[1,2] + [3]", "[1,2] + [3]"),
        ("*3 + *5", "*3 + *5"),
        ("^ + ^ + *", "^ + ^ + *"),
        ("Sum([])", "[].Sum"),
        ("(x, x) -> x", "(x, x) -> x"),
    ]
    return r.choice(cases)

FAMILIES = [(games, 0.45), (numbers, 0.17), (collections, 0.13), (strings, 0.07), (rulesets, 0.14),
            (language, 0.04)]

def draw(r, families, count, seen):
    """`count` new (cgs, CGSuite) input pairs, each from a family picked by weight; inputs already in `seen`
    (which grows) or holding a tab are drawn again."""
    pairs = []
    while len(pairs) < count:
        x = r.random()
        for fam, w in families:
            if x < w:
                break
            x -= w
        cgs, cgsuite = fam(r)
        if cgs in seen or "\t" in cgs:
            continue
        seen.add(cgs)
        pairs.append((cgs, cgsuite))
    return pairs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=23)
    ap.add_argument("--count", type=int, default=2400)
    ap.add_argument("--out", default=str(HERE / "corpus.tsv"))
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds CGSuite may take per input")
    args = ap.parse_args()
    r = random.Random(args.seed)
    pairs = draw(r, FAMILIES, args.count, set())
    outputs = evaluate([c for _, c in pairs], args.timeout)
    kept = 0
    with open(args.out, "w") as f:
        f.write("# cgs input\tCGSuite 2.2 output (generated by tests/cgsuite/generate.py --seed %d --count %d)\n"
                % (args.seed, args.count))
        for (cgs, _), o in zip(pairs, outputs):
            if o is None:  # CGSuite did not answer within the time limit: left out
                continue
            f.write("%s\t%s\n" % (cgs, o))
            kept += 1
    print("%d inputs recorded in %s (%d left out: over %ss in CGSuite)" % (kept, args.out, len(pairs) - kept,
          args.timeout), file=sys.stderr)


def evaluate(inputs, timeout):
    """CGSuite's output line for each input, through one `cgsuite-eval` coprocess; an input that takes longer
    than `timeout` seconds gets None, and the JVM is restarted for the rest."""
    import select
    outputs, proc = [], None
    for i, line in enumerate(inputs):
        if proc is None:
            proc = subprocess.Popen(["cgsuite-eval"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL, text=True, bufsize=1)
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        ready, _, _ = select.select([proc.stdout], [], [], timeout)
        if ready:
            outputs.append(proc.stdout.readline().rstrip("\n"))
        else:
            outputs.append(None)
            proc.kill()
            proc.wait()
            proc = None
        if i % 200 == 0:
            print("%d/%d" % (i, len(inputs)), file=sys.stderr)
    if proc is not None:
        proc.stdin.close()
        proc.wait()
    return outputs

if __name__ == "__main__":
    main()

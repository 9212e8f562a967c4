#!/usr/bin/env python3
"""A second, wider generator for the CGSuite agreement corpus (issue 23): random short games of depth 1-5 with
their members, comparisons, sums, ordinal sums and products; numbers with rationals, big integers and `inf`;
lists, sets, maps and strings with library calls; ruleset positions (Domineering, Clobber, Toads and Frogs,
cakes, heaps, Hackenbush, Amazons); loopy values `on off over upon` with members; misere canonical forms of
heap sums. Each input is written in cgs syntax and in CGSuite syntax and evaluated by CGSuite 2.2 through
`cgsuite-eval` (see generate.py's `evaluate`).

Run by hand, never by CI:
    python3 tests/cgsuite/generate_fresh.py --seed 2301 --count 4000 --out fresh.tsv
    python3 tests/cgsuite/compare.py fresh.tsv          # cgs over the same inputs, agreement figure
`--append` adds the recorded lines to corpus.tsv (skipping inputs it already holds).
"""
import argparse, random, sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generate import draw, game, paren, GAME_MEMBERS, GAME_CALLS  # noqa: E402

MORE_MEMBERS = GAME_MEMBERS + ["Degree", "IsLoopfree", "IsStopper", "IsPlumtree", "LeftStop", "RightStop",
                               "IsEvenTempered", "IsNumberTiny", "IsInfinitesimal", "Inverse", "Negative",
                               "RightIncentives", "LeftIncentives", "IsTiny", "IsMinus", "NumberPart",
                               "InfinitesimalPart", "IsAllSmall", "Orthodox", "MisereCanonicalForm"]
MORE_CALLS = GAME_CALLS + ["Cool(2)", "Heat(1/2)", "Overheat(1,1)", "Pow(3)", "NortonMultiply(^*)",
                           "NortonMultiply(1)", "ConwayMultiply(2)", "ConwayMultiply(*)", "Options(Left)",
                           "Stop(Right)", "Cool(-1/2)"]


def games(r):
    g = paren(game(r, r.choice([1, 2, 3, 3, 4, 5])))
    h = paren(game(r, r.choice([1, 2, 3])))
    k = r.random()
    if k < 0.45:
        m = r.choice(MORE_MEMBERS)
        return "%s.%s" % (g[0], m), "%s.%s" % (g[1], m)
    if k < 0.6:
        m = r.choice(MORE_CALLS)
        return "%s.%s" % (g[0], m), "%s.%s" % (g[1], m)
    if k < 0.7:
        n = r.choice(["2", "3", "-1", "0", "5"])
        if r.random() < 0.5:
            return "%s * %s" % (n, g[0]), "%s * %s" % (n, g[1])
        return "%s * %s" % (g[0], n), "%s * %s" % (g[1], n)
    if k < 0.8:
        m = r.choice(["CanonicalForm", "OutcomeClass", "Temperature", "Mean", "LeftStop"])
        op = r.choice(["+", "-", ":"])
        return "(%s %s %s).%s" % (g[0], op, h[0], m), "(%s %s %s).%s" % (g[1], op, h[1], m)
    op = r.choice(["+", "-", "<=", ">=", "<", ">", "==", "!=", ":", "<|", "|>", "||", "<=>"])
    return "%s %s %s" % (g[0], op, h[0]), "%s %s %s" % (g[1], op, h[1])


def numbers(r):
    ints = [str(x) for x in range(-6, 7)] + ["2^64", "2^100", "-(3^50)", "10^20 + 7", "1024", "-17", "99"]
    rats = ["1/2", "-3/4", "5/8", "1/3", "-2/3", "7/2", "22/7", "-1/1024", "(2^70)/3"]
    infs = ["inf", "-inf", "1/0", "-1/0"]
    k = r.random()
    if k < 0.45:
        a, b = r.choice(ints + rats + infs[:2]), r.choice(ints + rats + infs[:2])
        op = r.choice(["+", "-", "*", "/", "%", "<", "<=", "==", ">", "!=", "^"])
        if op == "^":
            b = r.choice(["2", "3", "0", "-1", "10"])
        s = "(%s) %s (%s)" % (a, op, b)
    elif k < 0.7:
        x, y = r.choice(ints), r.choice([i for i in ints if i != "0"])
        m = r.choice(["Div(%s)", "NimSum(%s)", "NimProduct(%s)", "Gcd(%s)", "Max(%s)", "Min(%s)", "Mod(%s)"]) % y
        s = "(%s).%s" % (x, m)
    else:
        x = r.choice(ints + rats + infs)
        m = r.choice(["Abs", "Sign", "IsInteger", "IsDyadic", "Reciprocal", "Floor", "Ceiling", "IsEven",
                      "IsOdd", "Lb", "Isqrt", "IsTwoPower", "Numerator", "Denominator", "Birthday", "IsInfinite",
                      "IsRational", "IsSmallInteger", "CanonicalForm", "OutcomeClass", "Mean", "Temperature",
                      "Round", "Exp(2)", "Negative"])
        s = "(%s).%s" % (x, m)
    return s, s


def collections(r):
    pool = ["1", "2", "3", "-1", "0", "5", "*", "^", "1/2", "7", "\"a\"", "-2"]
    items = [r.choice(pool) for _ in range(r.randint(0, 6))]
    k = r.random()
    if k < 0.45:
        lst = "[%s]" % ",".join(items)
        m = r.choice(["Length", "Sorted", "Head", "Tail", "Sum", "Contains(1)", "Sublist(1,2)", "Sublist(2,3)",
                      "Concat([9])", "Adjoin(7)", "ToSet", "IsEmpty", "Reverse", "Take(2)", "Take(0)",
                      "Exists(x -> x == 1)", "ForAll(x -> x == 1)", "Find(x -> x == 2)", "IndexOf(2)",
                      "Apply(x -> x + 1)", "Grouped(2)", "Distinct", "Size", "Updated(1, 9)", "Mex", "Count(1)",
                      "Filter(x -> x == 1)", "Sort", "Replaced(1, 4)", "Insert(1, 0)", "Remove(1)", "Last",
                      "IndexOf(7)", "Reduce((a,b) -> a + b)", "Count(x -> x == 2)", "[1]", "[2]"])
        if m in ("Sum", "Mex", "Apply(x -> x + 1)", "Sorted", "Reduce((a,b) -> a + b)", "Max", "Min"):
            items = [i for i in items if i != "\"a\""]
            lst = "[%s]" % ",".join(items)
        return "%s.%s" % (lst, m), "%s.%s" % (lst, m)
    if k < 0.7:
        items = [i for i in items if i != "\"a\""]
        st = "{%s}" % ",".join(items)
        m = r.choice(["Size", "Contains(1)", "IsEmpty", "Union({1,9})", "Intersection({1,2})",
                      "Difference({1})", "Adjoin(4)", "Remove(1)", "ToList.Length", "Sum", "Exists(x -> x == 3)",
                      "ForAll(x -> x >= 0)", "Apply(x -> 2 * x)", "Filter(x -> x == 2)", "Mex", "Count(x -> x == 1)"])
        return "%s.%s" % (st, m), "%s.%s" % (st, m)
    if k < 0.85:
        keys = list(dict.fromkeys(r.choice(["1", "2", "3", "\"x\"", "*", "0"]) for _ in range(r.randint(0, 4))))
        mp = "{%s}" % ",".join("%s => %s" % (kk, r.choice(["1", "2", "\"v\"", "[1]", "*"])) for kk in keys)
        if not keys:
            mp = "{=>}"
        m = r.choice(["Size", "Keys", "Values", "Entries", "ContainsKey(1)", "IsEmpty", "[1]", "[\"x\"]",
                      "Updated(1, 5)", "Remove(1)", "Keys.Size", "Values.Size"])
        return "%s.%s" % (mp, m) if not m.startswith("[") else "%s%s" % (mp, m), \
            "%s.%s" % (mp, m) if not m.startswith("[") else "%s%s" % (mp, m)
    w = r.choice(['"abc"', '"xoxo"', '"hello world"', '""', '"a.b.c"', '"Kayles"', '"12"'])
    m = r.choice(["Length", "Substring(1,2)", "Substring(0,1)", "ToUpperCase", "ToLowerCase", "Split(\".\")",
                  "Split(\" \")", "IndexOf(\"b\")", "Concat(\"!\")", "Updated(1, \"z\")", "[1]", "[2]",
                  "StartsWith(\"a\")", "EndsWith(\"c\")", "Replace(\"o\", \"0\")", "Size"])
    if m.startswith("["):
        return "%s%s" % (w, m), "%s%s" % (w, m)
    return "%s.%s" % (w, m), "%s.%s" % (w, m)


POS_MEMBERS = ["CanonicalForm", "OutcomeClass", "LeftOptions", "RightOptions", "CanonicalForm.Temperature",
               "CanonicalForm.Mean", "Followers.Size"]


def hack(r, depth):
    s = "".join(r.choice("lre") for _ in range(r.randint(1, 3)))
    if depth > 0 and r.random() < 0.4:
        s += "(%s;%s)" % (hack(r, depth - 1), hack(r, depth - 1))
    return s


def rulesets(r):
    k = r.random()
    m = r.choice(POS_MEMBERS)
    if k < 0.14:
        rows, cols = r.choice([1, 2, 2, 3]), r.choice([1, 2, 3, 3, 4])
        board = "|".join("".join(r.choice("...#") for _ in range(cols)) for _ in range(rows))
        return 'Domineering("%s").%s' % (board, m), 'game.grid.Domineering("%s").%s' % (board, m)
    if k < 0.26:
        if r.random() < 0.5:
            s = "".join(r.choice("xo.") for _ in range(r.randint(2, 7)))
        else:
            s = "|".join("".join(r.choice("xo.") for _ in range(3)) for _ in range(2))
        return 'Clobber("%s").%s' % (s, m), 'game.grid.Clobber("%s").%s' % (s, m)
    if k < 0.38:
        s = "".join(r.choice("tf..") for _ in range(r.randint(2, 8)))
        return 'ToadsAndFrogs("%s").%s' % (s, m), 'game.strip.ToadsAndFrogs("%s").%s' % (s, m)
    if k < 0.52:
        cake = r.choice(["Cutcake", "Eatcake", "MaundyCake", "TurnAndEatcake"])
        a, b = r.randint(0, 7), r.randint(0, 7)
        m = r.choice(["CanonicalForm", "OutcomeClass", "LeftOptions", "RightOptions", "CanonicalForm.Mean"])
        return "%s((%d,%d)).%s" % (cake, a, b, m), "game.heap.%s((%d,%d)).%s" % (cake, a, b, m)
    if k < 0.68:
        name = r.choice(["Kayles", "DawsonsKayles", "GrundysGame", "Nim"])
        n = r.randint(0, 25)
        m = r.choice(["NimValue", "CanonicalForm", "OutcomeClass", "MisereOutcomeClass", "Options.Size",
                      "Options(Left).Size", "MisereCanonicalForm"])
        if r.random() < 0.3:
            n2 = r.randint(1, 9)
            return "(%s(%d) + %s(%d)).%s" % (name, n, name, n2, m), \
                "(game.heap.%s(%d) + game.heap.%s(%d)).%s" % (name, n, name, n2, m)
        return "%s(%d).%s" % (name, n, m), "game.heap.%s(%d).%s" % (name, n, m)
    if k < 0.84:
        s = hack(r, 2)
        return 'Hackenbush("%s").%s' % (s, m), 'game.graph.Hackenbush("%s").%s' % (s, m)
    rows, cols = r.choice([1, 2, 2]), r.choice([2, 3, 3, 4])
    cells = [r.choice("....#") for _ in range(rows * cols)]
    cells[r.randrange(len(cells))] = "x"
    cells[r.randrange(len(cells))] = "o"
    board = "|".join("".join(cells[i * cols:(i + 1) * cols]) for i in range(rows))
    m = r.choice(["CanonicalForm", "OutcomeClass", "LeftOptions.Length", "RightOptions.Length"])
    return 'Amazons("%s").%s' % (board, m), 'game.grid.Amazons("%s").%s' % (board, m)


LOOPY = ["on", "off", "over", "upon", "dud", "under", "upon*", "over + *", "on + 1", "off + ^", "-upon", "upon + upon"]


def loopy(r):
    a = r.choice(LOOPY)
    b = r.choice(LOOPY + ["0", "*", "1", "^", "-1/2"])
    k = r.random()
    if k < 0.45:
        m = r.choice(["OutcomeClass", "IsLoopfree", "IsStopper", "Onside", "Offside", "LeftOptions", "RightOptions",
                      "Degree", "Negative", "IsPlumtree", "Inverse", "IsStopperSided", "Upsum(over)",
                      "Downsum(under)"])
        return "(%s).%s" % (a, m), "(%s).%s" % (a, m)
    if k < 0.75:
        op = r.choice(["+", "-", "<=", ">=", "==", "<", ">", "<|", "|>", "||"])
        return "(%s) %s (%s)" % (a, op, b), "(%s) %s (%s)" % (a, op, b)
    op = r.choice(["+", "-"])
    m = r.choice(["OutcomeClass", "Onside", "Offside", "Degree"])
    return "((%s) %s (%s)).%s" % (a, op, b, m), "((%s) %s (%s)).%s" % (a, op, b, m)


def misere(r):
    k = r.random()
    if k < 0.5:
        heaps = [r.randint(0, 6) for _ in range(r.randint(1, 3))]
        s = " + ".join("*%d" % h for h in heaps)
        m = r.choice(["MisereCanonicalForm", "MisereOutcomeClass", "MisereCanonicalForm.IsGenus"])
        m = m if not m.endswith("IsGenus") else "MisereCanonicalForm.Birthday"
        return "(%s).%s" % (s, m), "(%s).%s" % (s, m)
    name = r.choice(["Kayles", "DawsonsKayles", "GrundysGame"])
    heaps = [r.randint(1, 8) for _ in range(r.randint(1, 3))]
    s = " + ".join("%s(%d)" % (name, h) for h in heaps)
    c = " + ".join("game.heap.%s(%d)" % (name, h) for h in heaps)
    m = r.choice(["MisereCanonicalForm", "MisereOutcomeClass"])
    return "(%s).%s" % (s, m), "(%s).%s" % (c, m)


FAMILIES = [(games, 0.33), (numbers, 0.14), (collections, 0.15), (rulesets, 0.22), (loopy, 0.09),
            (misere, 0.07)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=2301)
    ap.add_argument("--count", type=int, default=4000)
    ap.add_argument("--out", default=str(HERE / "fresh.tsv"))
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--append", action="store_true", help="append the recorded lines to corpus.tsv")
    args = ap.parse_args()
    r = random.Random(args.seed)
    old = set()
    if (HERE / "corpus.tsv").exists():
        old = {l.split("\t", 1)[0] for l in open(HERE / "corpus.tsv") if not l.startswith("#")}
    pairs = draw(r, FAMILIES, args.count, set(old))
    kept = 0
    with open(args.out, "w") as f:
        f.write("# cgs input\tCGSuite 2.2 output (generated by tests/cgsuite/generate_fresh.py --seed %d "
                "--count %d)\n" % (args.seed, args.count))
        for (cgs, _), o in zip(pairs, evaluate_stream([c for _, c in pairs], args.timeout)):
            if o is None:  # CGSuite did not answer within the time limit: left out
                continue
            f.write("%s\t%s\n" % (cgs, o))
            f.flush()
            kept += 1
    print("%d inputs recorded in %s (%d left out: over %ss in CGSuite)" % (kept, args.out, len(pairs) - kept,
          args.timeout), file=sys.stderr)


def evaluate_stream(inputs, timeout):
    """CGSuite's output line for each input as it comes (generate.py's `evaluate`, one line at a time)."""
    import select, subprocess
    proc = None
    for i, line in enumerate(inputs):
        if proc is None:
            proc = subprocess.Popen(["cgsuite-eval"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL, text=True, bufsize=1)
            proc.stdin.write(":version\n")  # the JVM's start-up is not the input's time
            proc.stdin.flush()
            proc.stdout.readline()
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        ready, _, _ = select.select([proc.stdout], [], [], timeout)
        if ready:
            yield proc.stdout.readline().rstrip("\n")
        else:
            yield None
            proc.kill()
            proc.wait()
            proc = None
        if i % 200 == 0:
            print("%d/%d" % (i, len(inputs)), file=sys.stderr)
    if proc is not None:
        proc.stdin.close()
        proc.wait()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""A third generator for the CGSuite agreement corpus (issue 33): inputs drawn from CGSuite's own material, not
from cgs's feature list, and typed as a CGSuite user types them (brace games `{L|R}`, qualified ruleset names,
CGSuite's spelling), so the same text goes to CGSuite 2.2 and to cgs.

- members: the member names and parameter types of CGSuite's classes, read at run time from the class
  declarations of the CGSuite mirror (`lib/core/src/main/resources/org/cgsuite/lang/resources/**.cgs`: the
  `def`s of each class and of the classes it extends); each is called on a random value of its class with
  arguments drawn by parameter type. Nothing of CGSuite's text is stored here but member names.
- the forms of CGSuite's help pages and tutorials, as this file's own random inputs: brace literals `{L|R}`,
  `{L||M|R}`, `a{0|a}`, `{pass|}`, ranges, comprehensions, rulesets with named arguments, grids and strips,
  heaps, graphs, loopy values, misère forms `*[..]`, thermographs, sided values, compound operators and infix
  members.

Run by hand, never by CI (needs `cgsuite-eval` and the mirror):
    python3 tests/cgsuite/generate_cgsuite.py --seed 3301 --count 3200 --out /tmp/diff.tsv
    python3 tests/cgsuite/compare.py /tmp/diff.tsv --output cgsuite     # cgs prints as CGSuite does
`compare.py --agreed FILE` writes the inputs cgs answers as CGSuite does, to be appended to corpus.tsv.
"""
import argparse, random, re, subprocess, sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generate import draw  # noqa: E402
from generate_fresh import evaluate_stream  # noqa: E402

MIRROR = "/work/.mirror/aaron-siegel+cgsuite/repo"
RES = "lib/core/src/main/resources/org/cgsuite/lang/resources/"
CLASS = re.compile(r"^(\s*)((?:(?:system|singleton|mutable)\s+)*)(class|enum)\s+(\w+)")
DEF = re.compile(r"^(\s*)((?:(?:external|override|static|system)\s+)*)def\s+(\w+)\s*(\(([^)]*)\))?")
EXTENDS = re.compile(r"\bextends\s+([\w.,\s]+)")


def read_classes(mirror):
    """{qualified class: (parents, [(member, [param type], static)])} for the top-level classes of CGSuite's
    library: member names and parameter types only."""
    files = subprocess.run(["git", "-C", mirror, "ls-tree", "-r", "--name-only", "HEAD", RES],
                           capture_output=True, text=True, check=True).stdout.split()
    classes = {}
    for f in files:
        if not f.endswith(".cgs") or "/ui/" in f or f.endswith("constants.cgs"):
            continue
        rel = f[len(RES):-4]
        q = rel.replace("/", ".")
        text = subprocess.run(["git", "-C", mirror, "show", "HEAD:" + f], capture_output=True, text=True,
                              check=True).stdout
        parents, members, top_indent, header = [], [], None, ""
        lines = text.split("\n")
        for i, line in enumerate(lines):
            m = CLASS.match(line)
            if m and top_indent is None:
                top_indent = len(m.group(1))
                header = " ".join(lines[i:i + 12])
                e = EXTENDS.search(header)
                if e:
                    parents = [p.strip() for p in e.group(1).split(",") if p.strip()]
                    parents = [re.split(r"\s", p)[0] for p in parents]
                continue
            d = DEF.match(line)
            if d and top_indent is not None and len(d.group(1)) == top_indent + 2 and "private" not in line:
                params = []
                if d.group(5):
                    for p in d.group(5).split(","):
                        t = re.search(r"\bas\s+([\w.]+)", p)
                        params.append(t.group(1).split(".")[-1] if t else "?")
                if d.group(3) != "op":  # operators are drawn by the literal families
                    members.append((d.group(3), params, "static" in d.group(2)))
        classes[q] = (parents, members)
    return classes


def resolve(classes, name, pkg):
    for cand in (name, pkg + "." + name, "game." + name, "cgsuite.lang." + name, "cgsuite.util." + name):
        if cand in classes:
            return cand
    return None


def all_members(classes, q, seen=None):
    seen = seen if seen is not None else set()
    if q in seen or q not in classes:
        return []
    seen.add(q)
    parents, ms = classes[q]
    out = [m for m in ms if not m[2]]
    pkg = q.rsplit(".", 1)[0]
    for p in parents:
        rp = resolve(classes, p, pkg)
        if rp:
            out += all_members(classes, rp, seen)
    return out


# ---------------------------------------------------------------- values, typed as a CGSuite user types them
ATOMS = ["0", "1", "-1", "2", "1/2", "-1/2", "*", "*2", "^", "v", "^*", "3/4", "-2", "*3", "1+*", "v*", "^^"]


def brace(r, depth):
    """A random brace game literal `{L|R}` (nested braces, CGSuite's spelling)."""
    if depth == 0 or r.random() < 0.2:
        return r.choice(ATOMS)
    side = lambda: ",".join(brace(r, depth - 1) for _ in range(r.choice([0, 1, 1, 2, 2, 3])))
    return "{%s|%s}" % (side(), side())


def slashes(r):
    """`{a||b|c}`, `{a|b||c}`, `{a|||b||c|d}` forms: bars of several lengths, as in CGSuite's papers."""
    def level(n):
        if n == 0:
            return r.choice(["0", "1", "2", "3", "-1", "-2", "1/2", "*", "^", "4", "5"])
        return level(r.randrange(n)) + "|" * n + level(r.randrange(n))
    return "{%s}" % level(r.choice([2, 2, 3, 3, 4]))


def short_game(r):
    k = r.random()
    if k < 0.55:
        return brace(r, r.choice([1, 2, 2, 3]))
    if k < 0.75:
        return slashes(r)
    return r.choice(ATOMS + ["^2", "v3*", "^^*", "*4", "+-1", "+-{1|0}", "{0|*}", "{0||0|-2}",
                             "{3||2|1}", "{1|0||-2}", "{1,1+*|-1,-1+*}", "{0|v*}", "{0|1,2}", "5/8", "-3/8"])


LOOPY = ["on", "off", "over", "under", "upon", "upon + *", "a{0|a}", "a{0,*|a}", "a{1|a}", "a{0|a,*}",
         "{pass|0}", "{0|pass}", "{pass|*}", "a{0||0|a}", "a{|a}", "{pass|}", "on + 1", "over + *", "-upon",
         "a{0,pass|*}", "a{2|a}", "{1|pass}"]
SIDED = ["dud", "on & off", "upon & *", "over & 0", "1 & 0", "dud + 1", "on & 0", "0 & off", "+-on"]
MISERE = ["*[2]", "*[[2],1,0]", "*[2,2]", "*[[2,1],2,0]", "*[3]", "*[[3],2]", "*[[2],2,1,0]", "*[2,1]",
          "*[[4,2],4,3,1]", "*[4,2]", "*[[2,2]]", "*[[*[2] + *[2]]]", "*[0]", "*[1]"]
ORDINALS = ["omega", "omega + 1", "omega^2", "2 * omega", "omega - 1", "1/omega", "omega^omega",
            "(omega + 7) / (omega * 7)", "omega / 2"]
HEAPS = ["game.heap.Kayles", "game.heap.DawsonsKayles", "game.heap.GrundysGame", "game.heap.Nim",
         'game.heap.TakeAndBreak("0.07")', 'game.heap.TakeAndBreak("0.77")', 'game.heap.TakeAndBreak("4.07")',
         'game.heap.TakeAndBreak("0.137")', 'game.heap.TakeAndBreak("0.[3]")', 'game.heap.TakeAndBreak("0.6")',
         'game.heap.TakeAndBreak("0.3f")', 'game.heap.TakeAndBreak("4!.0")', 'game.heap.Subtraction([1,3,4])',
         'game.heap.Subtraction([2,5])', 'game.heap.Subtraction([1,2], allbut => true)',
         'game.heap.TakeAway(2)', "game.heap.FibonacciNim", 'game.heap.Spawning("1-3")',
         'game.heap.Spawning("2")']
CAKES = ["game.heap.Cutcake", "game.heap.Eatcake", "game.heap.MaundyCake", "game.heap.TurnAndEatcake"]
CLOBBERS = ["game.grid.Clobber", "game.grid.AntiClobber", "game.grid.HotClobber", "game.grid.Kings",
            "game.grid.Knights", "game.grid.Rooks", "game.grid.Queens",
            "game.grid.GenClobber(directions => Coordinates.Compass)", "game.grid.GenClobber(maxDistance => 2)"]


def board(r, chars, rows=None, cols=None):
    rows = rows or r.choice([1, 2, 2, 3])
    cols = cols or r.choice([2, 3, 3, 4])
    return "|".join("".join(r.choice(chars) for _ in range(cols)) for _ in range(rows))


def hack(r, depth=2):
    s = "".join(r.choice("lre") for _ in range(r.randint(1, 3)))
    if depth > 0 and r.random() < 0.35:
        s += "(%s;%s)" % (hack(r, depth - 1), hack(r, depth - 1))
    return s


def position(r):
    k = r.randrange(11)
    if k == 0:
        return 'game.grid.Domineering("%s")' % board(r, "...#")
    if k == 1:
        return '%s("%s")' % (r.choice(CLOBBERS), board(r, "xo..", r.choice([1, 1, 2]), r.choice([3, 4, 5])))
    if k == 2:
        return 'game.strip.%s("%s")' % (r.choice(["ToadsAndFrogs", "ToadsAndFrogs", "ElephantsAndRhinos",
                                                   "BackslidingToadsAndFrogs"]),
                                        "".join(r.choice("tf..") for _ in range(r.randint(2, 6))))
    if k == 3:
        return "%s(%d)" % (r.choice(HEAPS), r.randint(0, 14))
    if k == 4:
        return "%s((%d, %d))" % (r.choice(CAKES), r.randint(1, 6), r.randint(1, 6))
    if k == 5:
        return 'game.graph.Hackenbush("%s")' % hack(r)
    if k == 6:
        return 'game.grid.Amazons("%s")' % r.choice(["x..o", "x.|.o", "x...|...o", "x#.|..o", "x..|#.o", "xo..", "x.o"])
    if k == 7:
        return 'game.strip.TopplingDominoes("%s")' % "".join(r.choice("LRE") for _ in range(r.randint(1, 5)))
    if k == 8:
        return 'game.grid.Fission("%s")' % board(r, "x...", r.choice([1, 2]), r.choice([2, 3]))
    if k == 9:
        return "game.heap.Wythoff((%d, %d))" % (r.randint(0, 6), r.randint(0, 6))
    return 'game.graph.%s("%s")' % (r.choice(["Col", "Snort", "ArcKayles"]),
                                     r.choice(["L-R---L", "L---", "---", "L--R", "-L-", "R-", "L-R", "--(-;-)"]))


def sample(r, cls):
    """A random value of a CGSuite class, as a CGSuite user writes it, or None."""
    c = cls.split(".")[-1]
    table = {
        "CanonicalShortGame": lambda: short_game(r),
        "Game": lambda: r.choice([short_game(r), position(r)]),
        "Integer": lambda: str(r.choice([0, 1, 2, 3, 5, 6, 7, 10, 12, 17, 100, -3, -1, 2 ** 40])),
        "DyadicRational": lambda: r.choice(["1/2", "-3/4", "5/8", "3", "-1/16", "7/4"]),
        "Rational": lambda: r.choice(["1/3", "-2/7", "22/7", "5/6", "1/2", "4"]),
        "SurrealNumber": lambda: r.choice(ORDINALS + ["1/3", "1/2"]),
        "GeneralizedOrdinal": lambda: r.choice(["omega", "omega + 1", "omega^2", "2 * omega", "omega^omega", "3"]),
        "TransfiniteNimber": lambda: r.choice(["*omega", "*(omega + 1)", "*(omega^2)"]),
        "Nimber": lambda: "*%d" % r.randint(0, 20),
        "Zero": lambda: "0",
        "Uptimal": lambda: r.choice(["^", "^^*", "^2", "v3*", "^3", "vvv*", "vv"]),
        "CanonicalStopper": lambda: r.choice(LOOPY),
        "Pseudonumber": lambda: r.choice(["on", "off", "over", "under", "1 + over", "2 + under"]),
        "StopperSidedValue": lambda: r.choice(["dud", "on & off", "upon & *", "over & 0"]),
        "SidedValue": lambda: r.choice(SIDED),
        "NormalValue": lambda: r.choice([short_game(r), r.choice(LOOPY), r.choice(SIDED), r.choice(ORDINALS)]),
        "ExplicitGame": lambda: r.choice(["'{*|*}'", "'{0|1}'", "'{0,*|0,*}'", "'{1|0}'", "'{*|0}'"]),
        "ImpartialGame": lambda: "%s(%d)" % (r.choice(HEAPS[:11]), r.randint(0, 12)),
        "CompoundGame": lambda: "(%s).%s(%s)" % (short_game(r), r.choice(["ConjunctiveSum", "SelectiveSum"]),
                                                 short_game(r)),
        "MisereCanonicalGame": lambda: r.choice(MISERE),
        "Genus": lambda: r.choice(MISERE) + ".Genus",
        "OutcomeClass": lambda: r.choice(["P", "N", "L", "R"]),
        "Player": lambda: r.choice(["Left", "Right"]),
        "Side": lambda: r.choice(["Onside", "Offside"]),
        "CompoundType": lambda: "game.CompoundType." + r.choice(["DisjunctiveSum", "ConjunctiveSum",
                                                                 "SelectiveSum", "OrdinalSum"]),
        "Boolean": lambda: r.choice(["true", "false"]),
        "List": lambda: "[%s]" % ",".join(r.choice(["1", "2", "3", "5", "0", "-1", "*", "^", "1/2"])
                                          for _ in range(r.randint(0, 5))),
        "Collection": lambda: r.choice(["[1,2,3]", "{1,2}", "[3,1,2,1]", "1..6", "[]", "{*,0,^}"]),
        "Set": lambda: "{%s}" % ",".join(r.choice(["1", "2", "3", "5", "0", "-1"]) for _ in range(r.randint(1, 4))),
        "Map": lambda: r.choice(['{1 => 2, 3 => 4}', '{"a" => 1}', '{=>}', '{* => 0, 0 => *}']),
        "MapEntry": lambda: r.choice(['{1 => 2}.Entries.Head', '{"a" => [1]}.Entries.Head']),
        "String": lambda: r.choice(['"abc"', '"Hello, World"', '""', '"x.o|o.x"', '"CGSuite"', '"a1b2"']),
        "Range": lambda: r.choice(["1..10", "0..20..5", "10..1..-3", "3..3", "1..0", "-2..2"]),
        "Coordinates": lambda: r.choice(["(1,2)", "(0,0)", "(3,-1)", "(2,2)", "(-1,5)"]),
        "Function": lambda: r.choice(["x -> x + 1", "(x, y) -> x * y", "x -> x.CanonicalForm"]),
        "Grid": lambda: r.choice(['Grid.Parse("x.o|.xo", ".xo")', "Grid.Empty(2, 3)", 'Grid.Parse("ab|cd", "abcd")',
                                  'Grid.Parse("..|..", ".")']),
        "Strip": lambda: r.choice(['Strip.Parse("t..f", ".tf")', "Strip.Empty(4)", 'Strip.Parse("xx.o", ".xo")']),
        "Thermograph": lambda: "%s.Thermograph" % r.choice(["{3||2|1}", "{2||1|0}", "{1|-1}", "{5|0}", "+-2"]),
        "Trajectory": lambda: "%s.Thermograph.%s" % (r.choice(["{3||2|1}", "{2||1|0}", "{1|-1}"]),
                                                     r.choice(["LeftWall", "RightWall"])),
        "UptimalExpansion": lambda: "(%s).UptimalExpansion" % r.choice(["^", "^^*", "^2", "v3*"]),
        "Graph": lambda: r.choice(['Graph.Parse("--")', "Graph.Cycle(4)", "Graph.Path(3)", "Graph.Star(3)",
                                   'Graph.Parse("---")', 'Graph.Parse(".-.-.-.")', "Graph.Clique(3)",
                                   'Graph.Parse("--(-;--;---)")', "Graph.Empty", "Graph.Singleton"]),
        "DirectedGraph": lambda: r.choice(['DirectedGraph.Parse(">>>>")', 'DirectedGraph.Parse("----")',
                                           "DirectedGraph.DirectedPath(3)", 'DirectedGraph.Parse("-")']),
        "Vertex": lambda: r.choice(['Graph.Parse("--")[2]', "Graph.Cycle(4)[1]", "Graph.Path(3)[3]"]),
        "Edge": lambda: r.choice(['Graph.Parse("-")[1].Edges.Head', "Graph.Path(3)[2].Edges.Head"]),
        "MutableList": lambda: r.choice(["MutableList([1,5,3])", "MutableList()", "MutableList([*, 0])"]),
        "MutableSet": lambda: r.choice(["MutableSet([1,5,3])", "MutableSet()"]),
        "MutableMap": lambda: r.choice(["MutableMap({1 => 2})", "MutableMap()"]),
        "Symmetry": lambda: "Symmetry." + r.choice(["Identity", "Transpose", "HorizontalFlip", "ClockwiseRotation"]),
        "Class": lambda: r.choice(["game.Integer", "game.CanonicalShortGame", "cgsuite.lang.List", "game.Nimber"]),
        "Enum": lambda: r.choice(["Left", "P", "Onside", "Symmetry.Transpose"]),
        "Object": lambda: r.choice(["3", "[1]", '"s"', "*2", "Left", "{1|0}"]),
        "Nothing": lambda: "Nothing",
        "Ruleset": lambda: r.choice(["game.grid.Domineering", "game.heap.Kayles", "game.strip.ToadsAndFrogs",
                                     "game.grid.Clobber"]),
    }
    f = table.get(c)
    return f() if f else None


def argument(r, typ):
    """An argument of parameter type `typ` (CGSuite's declared type; "?" when untyped)."""
    if typ == "Integer":
        return str(r.randint(0, 4))
    v = sample(r, typ) if typ not in ("Game", "Object", "?", "Collection") else None
    if v is not None:
        return v
    if typ == "Collection":
        return r.choice(["[1,2]", "{1,2}", "[3]"])
    if typ in ("Game", "?"):
        return r.choice(["1", "2", "*", "^", "{1|0}", "1/2", "0", "Left", "[1,2]", "x -> x"])
    return r.choice(["1", "2", "*", "[1,2]", '"a"'])


def paren(v):
    if v[0].isdigit() or v[0] in "-*^v+" or " " in v or not re.fullmatch(r"[\w.]+|\{.*\}|\[.*\]|\(.*\)|\"[^\"]*\"", v):
        return "(%s)" % v
    return v


CLASSES = None
SAMPLED = None


def members(r):
    """A CGSuite member called on a value of its class: `value.Member(args)`."""
    q = r.choice(SAMPLED)
    ms = MEMBERS[q]
    name, params, _ = r.choice(ms)
    v = sample(r, q)
    if name in ("ToOutput", "ToString", "JavaClass", "Plot", "IntensityPlot", "ScatterPlot", "MkOutput",
                "PeriodicTable", "EnclosingObject", "ForEach", "Icon", "Explorer", "Error", "Print",
                "ClearAll", "DepthHint"):
        name, params = "Class", []
    args = "(%s)" % ", ".join(argument(r, t) for t in params) if params else ""
    return "%s.%s%s" % (paren(v), name, args)


def statics(r):
    """A static member of a CGSuite class (`Integer.Parse`, `Graph.Cycle`, `Coordinates.Compass`, ...)."""
    q, (name, params, _) = r.choice(STATICS)
    if name in ("Eval", "ClearAll", "Error", "Print", "Version", "CopyrightYear"):
        return "%s.Name" % q
    args = "(%s)" % ", ".join(argument(r, t) if t != "Integer" else str(r.randint(1, 4)) for t in params) \
        if params else ""
    if name == "Parse":
        args = r.choice(['("12")', '("a-b-c")', '("-")', '("x.|.o", ".xo")', '("t.f", ".tf")']) \
            if q != "game.Integer" else r.choice(['("12")', '("-5")', '("007")'])
    return "%s.%s%s" % (q, name, args)


def literals(r):
    """Brace literals and the operators of CGSuite's worksheet on them."""
    g, h = short_game(r), short_game(r)
    k = r.random()
    if k < 0.25:
        return g
    if k < 0.55:
        op = r.choice(["+", "-", "<=", ">=", "<", ">", "==", "!=", ":", "<|", "|>", "<>"])
        return "%s %s %s" % (g, op, h)
    if k < 0.7:
        m = r.choice(["CanonicalForm", "Temperature", "Mean", "LeftStop", "RightStop", "OutcomeClass",
                      "Thermograph", "Birthday", "AtomicWeight", "Freeze", "Incentives", "StopCount",
                      "ReducedCanonicalForm", "Companion", "IsNumber", "IsInfinitesimal", "UptimalExpansion"])
        return "(%s %s %s).%s" % (g, r.choice(["+", "-", ":"]), h, m)
    if k < 0.85:
        inf = r.choice(["Heat", "Cool", "NortonProduct", "ConjunctiveSum", "SelectiveSum", "ConwayProduct",
                        "OrdinalSum", "Overheat"])
        if inf == "Cool":
            return "%s Cool %s" % (g, r.choice(["1", "1/2", "2"]))
        if inf == "Overheat":
            return "%s.Overheat(%s, %s)" % (g, r.choice(["1", "0", "1/2"]), r.choice(["1", "2", "*"]))
        if inf == "Heat":
            return "%s Heat %s" % (g, r.choice(["1", "*", "2", "1/2"]))
        return "%s %s %s" % (g, inf, r.choice([h, "*2", "1", "^"]))
    n = r.choice(["2", "3", "-1", "5", "0"])
    return "%s * %s" % (n, g) if r.random() < 0.5 else "%s.Pow(%s)" % (r.choice(["^", "v", "^*", "{0|v}"]),
                                                                      r.choice(["2", "3", "over"]))


def loopy(r):
    a, b = r.choice(LOOPY), r.choice(LOOPY + ["0", "*", "1", "^", "{1|0}"])
    k = r.random()
    if k < 0.4:
        m = r.choice(["OutcomeClass", "IsLoopfree", "IsStopper", "Onside", "Offside", "LeftOptions",
                      "RightOptions", "Degree", "IsPlumtree", "IsPseudonumber", "LeftStop", "RightStop",
                      "Upsum(over)", "Downsum(under)", "Variety", "IsStable", "StrongStop(Left)", "Stop(Right)",
                      "IsNumberish", "IsZero", "CanonicalForm", "Options(Left)"])
        return "(%s).%s" % (a, m)
    if k < 0.7:
        return "(%s) %s (%s)" % (a, r.choice(["+", "-", "<=", ">=", "==", "<", ">", "<|", "|>", "<>"]), b)
    if k < 0.85:
        s = r.choice(SIDED)
        m = r.choice(["Onside", "Offside", "OutcomeClass", "IsStopperSided", "IsLoopfree", "IsNumber", "IsZero"])
        return "(%s).%s" % (s, m)
    return "((%s) + (%s)).%s" % (a, b, r.choice(["OutcomeClass", "Onside", "Offside", "Degree"]))


def misere(r):
    k = r.random()
    a, b = r.choice(MISERE), r.choice(MISERE)
    if k < 0.4:
        return "%s.%s" % (a, r.choice(["Genus", "MisereOutcomeClass", "Birthday", "Options", "IsEven",
                                       "IsExtraordinary", "Partitions", "IsGenerallyRestive", "IsTame", "IsRestive",
                                       "IsHalfTame", "Parts", "NormalCanonicalForm", "MisereCanonicalForm"]))
    if k < 0.6:
        return "%s %s %s" % (a, r.choice(["+", "==", "-"]), b)
    heaps = " + ".join("%s(%d)" % (r.choice(HEAPS[:4]), r.randint(1, 9)) for _ in range(r.randint(1, 3)))
    return "(%s).%s" % (heaps, r.choice(["MisereCanonicalForm", "MisereOutcomeClass", "Genus", "MisereNimValue"]))


def rulesets(r):
    p = position(r)
    m = r.choice(["CanonicalForm", "OutcomeClass", "LeftOptions", "RightOptions", "Options(Left)",
                  "CanonicalForm.Temperature", "Followers.Size", "FollowerCount", "Decomposition",
                  "SensibleLeftOptions", "SensibleRightOptions", "GameValue", "MisereOutcomeClass", "CanonicalForm.Mean",
                  "Options(Right).Length", "ConjunctiveSum(%s)" % short_game(r), "AtomicWeight"])
    k = r.random()
    if k < 0.65:
        return "%s.%s" % (p, m)
    if k < 0.8:
        return "(%s + %s).%s" % (p, position(r), r.choice(["CanonicalForm", "OutcomeClass"]))
    return r.choice([
        "%s.NimValueSequence(%d)" % (r.choice(HEAPS[:11]), r.randint(5, 30)),
        "%s.CheckPeriodicity(%d)" % (r.choice(HEAPS[:11]), r.choice([40, 60])),
        "%s" % r.choice(HEAPS + CAKES + CLOBBERS),
        "%s(%d).%s" % (r.choice(HEAPS[:11]), r.randint(1, 20), r.choice(["NimValue", "MisereNimValue", "Options"])),
        "game.heap.TakeAndBreak(\"%s\")(%d).NimValue" % (r.choice(["0.07", "0.37", "0.51", "0.33", "4.0", "0.6"]),
                                                          r.randint(1, 25)),
        "game.heap.Subtraction(%s)(%d).NimValue" % (r.choice(["[1,2]", "[1,3,4]", "[2,3,7]"]), r.randint(0, 30)),
        "game.grid.Domineering.ImpartialVariant(\"%s\").NimValue" % board(r, "..#"),
        "game.grid.Domineering.DicoticVariant(\"%s\").CanonicalForm" % board(r, "..#", 2, 2),
    ])


def grids(r):
    g = sample(r, "Grid")
    s = sample(r, "Strip")
    return re.sub(r"\.\[", "[", r.choice([
        "%s.%s" % (g, r.choice(["RowCount", "ColCount", "Decomposition(0)", "FindAll(1)", "IsInBounds((1,2))",
                                "Permuted(Symmetry.Transpose)", "Subgrid(1,1,1,2)", "SymmetryInvariant(0)",
                                "Updated((1,1), 2)", "[(1,1)]", "ToString(\".xo\")"])),
        "%s.%s" % (s, r.choice(["Length", "FindAll(1)", "Substrip(1,2)", "Updated(1, 2)", "[2]", "Decomposition(0)",
                                "UpdatedRange(1, 2, 1)"])),
        "Coordinates.%s" % r.choice(["Orthogonal", "Diagonal", "Compass", "KnightsMove", "North", "Southwest"]),
        "(%d,%d) + (%d,%d)" % (r.randint(-3, 3), r.randint(-3, 3), r.randint(-3, 3), r.randint(-3, 3)),
        "(%d,%d) * %d" % (r.randint(-3, 3), r.randint(-3, 3), r.randint(-3, 3)),
        "(%d,%d).%s" % (r.randint(-3, 3), r.randint(-3, 3), r.choice(["Row", "Col", "Swap", "IsUnit"])),
    ]))


def graphs(r):
    g = sample(r, "Graph")
    return r.choice([
        "%s.%s" % (g, r.choice(["VertexCount", "EdgeCount", "IsConnected", "IsSimple", "ConnectedComponents",
                                "AdjacencyList", "DeleteVertex(1)", "IsEmpty", "Vertices.Length",
                                "DeleteVertices([1])", "RetainVertices([1,2])", "Decomposition"])),
        'game.graph.Hackenbush("%s").%s' % (hack(r), r.choice(["CanonicalForm", "OutcomeClass", "LeftOptions"])),
        'game.graph.%s("%s").CanonicalForm' % (r.choice(["Col", "Snort"]),
                                               r.choice(["L-R---L", "L---", "---", "L--R", "-L-", "R-", "L-R"])),
        'game.graph.ArcKayles(%s).NimValue' % r.choice(["Graph.Path(4)", "Graph.Cycle(5)", 'Graph.Parse("---")',
                                                         "Graph.Star(3)", "Graph.Clique(4)"]),
        'Graph.%s(%d)' % (r.choice(["Path", "Cycle", "Star", "Clique"]), r.randint(1, 5)),
    ])


def language(r):
    a, b = r.randint(1, 6), r.randint(4, 12)
    return r.choice([
        "[x^2 for x from %d to %d]" % (a, b),
        "[x for x from 1 to %d where x %% %d == 0]" % (b, r.randint(2, 4)),
        "{x %% %d for x from 1 to %d}" % (r.randint(2, 5), b),
        "{x => x^2 for x from %d to %d}" % (a, a + 3),
        "[*n for n from 0 to %d]" % a,
        "[(x,y) for x from 1 to 2 for y from 1 to %d]" % (a % 3 + 1),
        "(%d..%d).Sum" % (a, b), "(%d..%d..%d)" % (a, b, r.randint(1, 3)), "%d..%d" % (a, b),
        "[%d..%d]" % (a, b), "(%d..%d).Length" % (a, b), "(1..%d).Filter(x -> x %% 2 == 1)" % b,
        "for x from 1 to %d do x end" % a, "if %d > %d then \"yes\" else \"no\" end" % (a, b),
        "if %d > %d then 1 elseif %d == %d then 2 else 3 end" % (a, b, a, a),
        "begin var s := 0; for i from 1 to %d do s := s + i end; s end" % b,
        "begin var x := %d; while x > 1 do x := x - 2 end; x end" % b,
        "(x -> x * %d)(%d)" % (a, b), "((x, y) -> x + y)(%d, *)" % a,
        "[1,5,3].Sorted", "[3,1,2].SortedWith((x, y) -> y - x)", "[1,2,3].Apply(x -> x + *)",
        "{1,5,1,3}", "[1,5,1,3].Distinct", "[[1,2],[3]].Flattened", "[1,2,3,4,5].Grouped(2)",
        '"abc" + "def"', '"a-b-c".Replace("-", "+")', '"%d" + %d' % (a, b), '"abc"[%d]' % (a % 3 + 1),
        "%d NimSum %d" % (a, b), "%d NimProduct %d" % (a, b), "%d Div %d" % (b, a), "%d %% %d" % (b, a),
        "%d Max %d" % (a, b), "%d Gcd %d" % (a * 2, b), "*%d + *%d" % (a, b), "*(%d+%d)" % (a, b),
        "*%d:*%d" % (a, b), "^%d" % a, "v%d*" % a, "^%d*%d" % (a, b), "%d * {3||2|0}" % a,
        "omega^(omega^%d) NimExp %d" % (a, b), "omega + %d" % a, "*omega + *%d" % a,
        "Left.Opponent", "Right.Sign", "P.Literal", "game.OutcomeClass.N", "true and not false",
        "begin f := x -> x + 1; f(*%d) end" % a, "Integer.Parse(\"%d\") + 1" % b,
        "(%d).Class" % a, "(*%d).Class" % a, "{1|0}.Class", "(^).Class", "(1/%d).Class" % (a + 1),
        "[1, *, ^].Apply(g -> g.Class.Name)", "(%d/%d).Floor" % (b, a), "(%d/%d).Ceiling" % (b, a),
        "%d.Isqrt" % b, "%d.Lb" % b, "(2^%d).IsTwoPower" % a, "%d.NimInverse" % b,
        "%d UglyProduct %d" % (a, b), "%d NimDiv %d" % (b, a), "%d.IsEvil" % b, "%d.IsOdious" % b,
        "[%d, %d].Mex" % (a - 1, 0), "Mex([0,1,%d])" % b, "Sum([%d, %d])" % (a, b),
    ])


# ---------------------------------------------------------------- forms the families above never try (diff4)
# Drawn from CGSuite's class documentation (the `\\display{…}` examples of its class files) and tutorials, written
# here as this file's own random inputs: rulesets and constructors no family above builds, integer grids and
# strips given to rulesets, Turning games, Hackenbush cycles, compound classes called as constructors, string and
# list members with infix calls.
def coins(r):
    return "".join(r.choice("ht") for _ in range(r.randint(1, 6)))


def hack_cycle(r):
    """A Hackenbush graph with a named vertex (`:A`) closing a cycle, or rooted at the ground (`:G`)."""
    e = lambda n: "".join(r.choice("lre") for _ in range(n))
    return r.choice([":G%s:G" % e(r.randint(2, 4)), "%s:A%s:A" % (e(r.randint(1, 2)), e(r.randint(2, 4))),
                     "%s(%s;%s)" % (e(1), e(r.randint(1, 2)), e(r.randint(1, 2)))])


def more_rulesets(r):
    """Rulesets and ruleset forms the `rulesets` family never builds."""
    n = r.randint(1, 9)
    heap = r.choice([
        "game.heap.Splittles(%s)" % r.choice(["[1,2]", "[2,3]", "[1,3,4]"]),
        "game.heap.PartizanSubtraction(%s, %s)" % (r.choice(["[1,2]", "[1]", "[2,3]"]), r.choice(["[1,3]", "[2]", "[1,2,3]"])),
        "game.heap.PartizanSplittles(%s, %s)" % (r.choice(["[1,2]", "[1]"]), r.choice(["[2,3]", "[1,3]"])),
        'game.heap.PartizanTakeAndBreak("%s", "%s")' % (r.choice(["0.7", "0.07", "0.3"]), r.choice(["0.07", "0.6", "0.77"])),
        "game.heap.HeapRuleset(n -> [[a] for a from 0 to n - %d])" % r.randint(2, 3),
        "game.heap.PartizanHeapRuleset(game.heap.Nim, game.heap.%s)" % r.choice(["Kayles", "DawsonsKayles", "Nim"]),
    ])
    board = r.choice([
        'game.grid.Domineering(Grid.Empty(%d, %d))' % (r.randint(1, 3), r.randint(1, 3)),
        'game.grid.Cram(Grid.Empty(%d, %d))' % (r.randint(1, 3), r.randint(1, 3)),
        'game.grid.Clobber(Grid.Parse("%s", ".xo"))' % board_text(r, "xo.", 2, 2),
        'game.grid.Domineering(Grid.Parse("%s", ".#"))' % board_text(r, "..#", 2, 3),
        'game.strip.ToadsAndFrogs(Strip.Parse("%s", ".tf"))' % "".join(r.choice("tf..") for _ in range(4)),
        'game.grid.Cram("%s")' % board_text(r, "...#", 2, 3),
        'game.strip.GenToadsAndFrogs(%s)("%s")' % (r.choice(["maxJump => 2", "maxSlide => 2", "allowFriendlyJump => true",
                                                              "maxSlide => 2, maxJump => 2"]),
                                                   "".join(r.choice("tf..") for _ in range(r.randint(3, 5)))),
        'game.grid.GenClobber(%s)("%s")' % (r.choice(["directions => Coordinates.Diagonal", "directions => Coordinates.Compass",
                                                       "maxDistance => 3"]), board_text(r, "xo.", 2, 2)),
        'game.strip.Turning("%s")("%s")' % (r.choice(["1-3", "2", "1-2", "3", "1-4"]), coins(r)),
        'game.strip.Turning(game.heap.%s)("%s")' % (r.choice(["Nim", "Kayles"]), coins(r)),
        'game.graph.%s("%s")' % (r.choice(["Hackenbush", "Hackenbush", "ChildishHackenbush"]), hack_cycle(r)),
        'game.graph.Fjords("%s")' % r.choice(["L-R--", "L--", "-L-R", "R---L"]),
        'game.grid.FoxAndGeese([(8,%d),(8,%d)], (%d,%d))' % (r.choice([2, 4]), r.choice([6, 8]), 5, r.choice([1, 3, 5, 7])),
    ])
    k = r.random()
    if k < 0.45:
        p = board
        m = r.choice(["", ".CanonicalForm", ".OutcomeClass", ".LeftOptions", ".RightOptions", ".Options",
                      ".Class", ".Decomposition", ".GameValue"])
        if "Turning" in p or "Kayles)(" in p:
            m = r.choice(["", ".NimValue", ".Options", ".Class", ".CanonicalForm"])
        if "FoxAndGeese" in p:
            m = r.choice(["", ".Options(Left).Length", ".Class", ".RightOptions"])
        return p + m
    if k < 0.8:
        return "%s(%d)%s" % (heap, n, r.choice(["", ".CanonicalForm", ".OutcomeClass", ".Options", ".LeftOptions"]
                                            if "Partizan" in heap else ["", ".NimValue", ".Options", ".CanonicalForm"]))
    return r.choice([
        "game.heap.%s.%s(%d)%s" % (r.choice(["Kayles", "Nim", "DawsonsKayles"]),
                                   r.choice(["DicoticVariant", "TwistedVariant", "ImpartialVariant"]), n,
                                   r.choice(["", ".CanonicalForm", ".Options"])),
        "game.heap.Mem(%d, %d).NimValue" % (r.randint(0, 5), r.randint(1, 4)),
        "game.heap.PartizanEuclid((%d, %d)).CanonicalForm" % (r.randint(1, 9), r.randint(1, 9)),
        "%s + %s" % (board, r.choice(["1", "*", "^"])),
    ])


def board_text(r, chars, rows, cols):
    return "|".join("".join(r.choice(chars) for _ in range(cols)) for _ in range(rows))


def constructors(r):
    """CGSuite's compound classes called as constructors, ordinal-sum inverses and number constructions."""
    g, h = short_game(r), short_game(r)
    k = r.random()
    if k < 0.45:
        kind = r.choice(["DisjunctiveSum", "DisjunctiveSum", "OrdinalSum", "ConwayProduct", "OrdinalProduct"])
        c = "CompoundGame(CompoundType.%s, %s, %s)" % (kind, g, h)
        if r.random() < 0.2:
            c = "NegativeGame(%s)" % c
        return c + r.choice(["", "", ".CanonicalForm", ".Class", ".LeftOptions", ".RightOptions", ".OutcomeClass"])
    if k < 0.65:
        inner = r.choice([g, "NegativeGame(%s)" % g, "game.grid.Domineering(\"%s\")" % board_text(r, "..#", 1, 3)])
        return "NegativeGame(%s)%s" % (inner, r.choice(["", ".CanonicalForm", ".Class", "", ".OutcomeClass"]))
    if k < 0.8:
        base = r.choice(["1", "0", "*", "{1|-1}", "'{*|*}'", "'{0|}'", "^", "-1"])
        return "(%s : %s).Subordinate(%s)" % (base, r.choice(["1", "*", "^", "1/2", "-2", "{1|0}"]), base)
    return r.choice([
        "%d.OmegaPower" % r.randint(0, 5), "(omega + %d).OmegaPower" % r.randint(0, 3),
        "2^%d NimProduct 2^%d" % (r.randint(1, 70), r.randint(1, 70)),
        "Random(%d).NextInteger(%d)" % (r.randint(1, 9999), r.randint(2, 1000)),
        "[Random(%d).NextInteger(10) for n from 1 to 5]" % r.randint(1, 9999),
        "%d/0" % r.choice([1, -1, 3, -7]), "(%d/0).Class" % r.choice([1, -1]),
        "(%s).Subordinate(%s)" % (r.choice(["3/8", "1/8", "^", "2", "-3/4"]), r.choice(["1", "-1", "0"])),
    ])


def strings_lists(r):
    """String members and list members written infix, as CGSuite's class documentation uses them."""
    words = ["Winning Ways", "Combinatorial", "game theory", "Left and Right", "xoxo", "a.b.c", "CGSuite"]
    w = '"%s"' % r.choice(words)
    i = r.randint(1, 5)
    xs = "[%s]" % ",".join(str(r.randint(0, 20)) for _ in range(r.randint(0, 7)))
    return r.choice([
        '%s.Matches("%s")' % (w, r.choice(["W.+ W.+", "[a-z]+", ".*o.*", "x(ox)*o?"])),
        '%s.Replace("%s", "%s")' % (w, r.choice(["W", "a", "o", " "]), r.choice(["Gr", "", "--", "A"])),
        '%s.ReplaceRegex("%s", "%s")' % (w, r.choice(["W(.)[a-z]*", "[aeiou]", "(x)(o)", " +"]),
                                         r.choice(["M$1sh", "_", "$2$1", "-"])),
        "%s.Substring(%d, %d)" % (w, i, i + r.randint(0, 5)), "%s.ToLowerCase" % w, "%s.ToUpperCase" % w,
        '%s.Updated(%d, "%s")' % (w, i, r.choice(["r", "X", "."])), "%s[%d]" % (w, i),
        '%s.Concat("%s")' % (w, r.choice([" Ways", "", "!"])), "%s.Length" % w,
        "%s Filter (n -> n.IsEven)" % xs, "%s Adjoin %d" % (xs, i), "%s Concat [%d,%d]" % (xs, i, i + 1),
        "%s Find (n -> n > %d)" % (xs, r.randint(0, 15)), "%s.Sublist(%d, %d)" % (xs, 1, r.randint(1, 3)),
        "%s.SortedWith((a, b) -> b - a)" % xs, "%s.Grouped(%d)" % (xs, r.randint(1, 3)),
        '%s.MkOutput("%s")' % (xs, r.choice(["; ", ",", " "])), "[%s, [%d]].Flattened" % (xs, i),
        "%s.Sorted" % xs, "[%s, %s].SortedWith((a, b) -> a[1] - b[1])" % ("[%d,1]" % i, "[%d,2]" % r.randint(0, 9)),
        "(x, y) -> (x + y) / %d" % r.randint(2, 4), "((x, y) -> (x + y) / 2)(%d, %d)" % (i, r.randint(0, 9)),
        "begin map := {%d => %d, %d => %d}; map[%d] end" % (i, i * i, i + 1, (i + 1) ** 2, i),
    ])


NEW_FAMILIES = [(more_rulesets, 0.45), (constructors, 0.30), (strings_lists, 0.25)]

FAMILIES = [(members, 0.30), (statics, 0.04), (literals, 0.18), (loopy, 0.08), (misere, 0.05), (rulesets, 0.16),
            (grids, 0.05), (graphs, 0.04), (language, 0.10)]


def setup(mirror):
    global CLASSES, SAMPLED, MEMBERS, STATICS
    CLASSES = read_classes(mirror)
    probe = random.Random(0)
    MEMBERS, STATICS = {}, []
    for q in sorted(CLASSES):
        ms = all_members(CLASSES, q)
        if ms and sample(probe, q) is not None:
            MEMBERS[q] = ms
        STATICS += [(q, m) for m in CLASSES[q][1] if m[2]]
    SAMPLED = sorted(MEMBERS)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=3301)
    ap.add_argument("--count", type=int, default=3200)
    ap.add_argument("--out", default="/tmp/diff.tsv")
    ap.add_argument("--mirror", default=MIRROR)
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--dry", action="store_true", help="print the inputs only")
    ap.add_argument("--families", choices=["classic", "new"], default="classic",
                    help="classic: the families above NEW_FAMILIES (what seeds 3303-6606 drew); new: NEW_FAMILIES only")
    args = ap.parse_args()
    setup(args.mirror)
    r = random.Random(args.seed)
    old = set()
    if (HERE / "corpus.tsv").exists():
        old = {l.split("\t", 1)[0] for l in open(HERE / "corpus.tsv") if not l.startswith("#")}
    chosen = NEW_FAMILIES if args.families == "new" else FAMILIES
    fams = [(lambda rr, f=f: (lambda s: (s, s))(f(rr)), w) for f, w in chosen]
    pairs = draw(r, fams, args.count, set(old))
    if args.dry:
        print("\n".join(p[0] for p in pairs))
        return
    kept = 0
    with open(args.out, "w") as f:
        f.write("# input (CGSuite syntax)\tCGSuite 2.2 output (generated by tests/cgsuite/generate_cgsuite.py "
                "--seed %d --count %d)\n" % (args.seed, args.count))
        for (inp, _), o in zip(pairs, evaluate_stream([c for _, c in pairs], args.timeout)):
            if o is None:  # CGSuite did not answer within the time limit: left out
                continue
            f.write("%s\t%s\n" % (inp, o))
            f.flush()
            kept += 1
    print("%d inputs recorded in %s (%d left out: over %ss in CGSuite)" % (kept, args.out, len(pairs) - kept,
          args.timeout), file=sys.stderr)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Builds the class-and-member table of docs/CGSUITE-PARITY.md from CGSuite's own sources.

Reads every `.cgs` class file of CGSuite's library (the bare mirror's HEAD), lists each class, its members
(`def`, `external def`, `static def`, public `var`/`static var`, enum values, operators) and the members of its
nested `Position` classes, then asks the built cgs binary whether it answers each one: a member counts as
present (✔) unless cgs answers "Not a member", "not defined", "does not have" or "No operation". Other errors
(wrong argument count or class) mean the member is there.

    python3 tests/cgsuite/members.py [--cgs target/release/cgs] [--mirror DIR] [--write docs/CGSUITE-PARITY.md]

Run by hand after adding members (not by CI); it rewrites the section between the markers
`<!-- members:begin -->` and `<!-- members:end -->`.
"""
import argparse
import concurrent.futures
import re
import subprocess
import sys

RES = "lib/core/src/main/resources/org/cgsuite/lang/resources/"

# One cgs expression per CGSuite class: a value of that class (instance members are asked of it).
SAMPLES = {
    "cgsuite.lang.Boolean": "true",
    "cgsuite.lang.Class": "Integer",
    "cgsuite.lang.Collection": "[1,2,3]",
    "cgsuite.lang.Coordinates": "(1,2)",
    "cgsuite.lang.Enum": "Left",
    "cgsuite.lang.Function": "(x -> x)",
    "cgsuite.lang.List": "[1,2,3]",
    "cgsuite.lang.Map": "{1 => 2}",
    "cgsuite.lang.MapEntry": "{1 => 2}.Entries.Head",
    "cgsuite.lang.Nothing": "Nothing",
    "cgsuite.lang.Object": "3",
    "cgsuite.lang.Range": "(1..5)",
    "cgsuite.lang.Set": "{1,2}",
    "cgsuite.lang.String": '"abc"',
    "cgsuite.lang.System": "System",
    "cgsuite.util.Graph": 'Graph("a-b")',
    "cgsuite.util.Vertex": 'Graph("a-b")[1]',
    "cgsuite.util.Edge": 'Graph("a-b")[1].Edges.Head',
    "cgsuite.util.Grid": 'Grid.Parse("..|..", ".")',
    "cgsuite.util.MutableList": "MutableList()",
    "cgsuite.util.MutableMap": "MutableMap()",
    "cgsuite.util.MutableSet": "MutableSet()",
    "cgsuite.util.Random": "Random(1)",
    "cgsuite.util.Strip": 'Strip.Parse("..", ".")',
    "cgsuite.util.Symmetry": "Symmetry.Identity",
    "cgsuite.util.Table": "Table([1,2],[3,4])",
    "cgsuite.util.Thermograph": "<2||1|0>.Thermograph",
    "cgsuite.util.Trajectory": "<2||1|0>.Thermograph.LeftWall",
    "cgsuite.util.UptimalExpansion": "(^).UptimalExpansion",
    "game.CanonicalShortGame": "<2||1|0>",
    "game.CanonicalStopper": "upon",
    "game.CompoundType": "CompoundType.DisjunctiveSum",
    "game.DyadicRational": "(1/2)",
    "game.ExplicitGame": "'<*|*>'",
    "game.Game": "Domineering(\"..|..\")",
    "game.ImpartialGame": "Kayles(4)",
    "game.Integer": "3",
    "game.Nimber": "(*2)",
    "game.OutcomeClass": "P",
    "game.Player": "Left",
    "game.Pseudonumber": "over",
    "game.Rational": "(1/3)",
    "game.Ruleset": "Domineering",
    "game.Side": "Onside",
    "game.SidedValue": "dud",
    "game.StopperSidedValue": "dud",
    "game.SurrealNumber": "(1/3)",
    "game.Uptimal": "(^)",
    "game.Zero": "0",
    "game.GeneralizedOrdinal": "omega",
    "game.TransfiniteNimber": "*omega",
    "game.CompoundGame": "(^).ConjunctiveSum(*)",
    "game.CompoundImpartialGame": "(Kayles(3) + Kayles(2))",
    "game.NegativeGame": '(-Clobber("xo"))',
    "cgsuite.util.DirectedGraph": 'DirectedGraph.Parse(".->.")',
    "cgsuite.lang.Output": "(3).ToOutput",
    "cgsuite.util.output.TextOutput": 'cgsuite.util.output.TextOutput("ab")',
    "game.misere.MisereCanonicalGame": "Misere(\"2\")",
    "game.misere.Genus": "Misere(\"2\").Genus",
    "game.grid.Domineering": "Domineering",
    "game.grid.Domineering.Position": "Domineering(\"..|..\")",
    "game.grid.GenClobber": "Clobber",
    "game.grid.GenClobber.Position": "Clobber(\"xo\")",
    "game.grid.Amazons": "Amazons",
    "game.grid.Amazons.Position": "Amazons(\"L..R\")",
    "game.grid.Fission": "Fission",
    "game.grid.Fission.Position": "Fission(\"x.\")",
    "game.grid.GenFoxAndGeese": "FoxAndGeese",
    "game.grid.GridRuleset": "Domineering",
    "game.grid.GridRuleset.GridGame": "Domineering(\"..|..\")",
    "game.strip.GenToadsAndFrogs": "ToadsAndFrogs",
    "game.strip.GenToadsAndFrogs.Position": "ToadsAndFrogs(\"t.f\")",
    "game.strip.StripRuleset": "ToadsAndFrogs",
    "game.strip.StripRuleset.StripGame": "ToadsAndFrogs(\"t.f\")",
    "game.strip.TopplingDominoes": "TopplingDominoes",
    "game.strip.TopplingDominoes.Position": "TopplingDominoes(\"LR\")",
    "game.heap.Spawning": "Spawning(\"1-3\")",
    "game.heap.Spawning.Position": "Spawning(\"1-3\")(4)",
    "game.strip.Turning": "Turning(\"1-3\")",
    "game.strip.Turning.Position": "Turning(\"1-3\")(\"htth\")",
    "game.heap.TakeAndBreak": "Kayles",
    "game.heap.TakeAndBreak.Position": "Kayles(4)",
    "game.heap.HeapRuleset": "Kayles",
    "game.heap.HeapRuleset.Position": "Kayles(4)",
    "game.heap.GenCutcake": "Cutcake",
    "game.heap.GenCutcake.Position": "Cutcake((2,3))",
    "game.heap.GenWythoff": "Wythoff",
    "game.heap.GenMem": "Mem",
    "game.heap.CoordinateRuleset": "Wythoff",
    "game.heap.CoordinateRuleset.Position": "Wythoff((2,3))",
    "game.graph.GenCol": "Col",
    "game.graph.GenCol.Position": "Col(\"L-.\")",
    "game.graph.GenHackenbush": "Hackenbush",
    "game.graph.GenHackenbush.Position": "Hackenbush(\"l-r\")",
    "game.graph.GenArcKayles": "ArcKayles",
    "game.graph.GenArcKayles.Position": "ArcKayles(\"a-b-c\")",
    "game.graph.PartizanArcKayles": "PartizanArcKayles",
    "game.graph.PartizanArcKayles.Position": "PartizanArcKayles(\"a-b\")",
    "game.graph.GraphRuleset": "Col",
    "game.graph.GraphRuleset.GraphGame": "Col(\"L-.\")",
    "game.heap.Periodicity": "Subtraction([1,2]).CheckPeriodicity(30)",
    "game.variant.DicoticVariantGame": "<1|-1>.DicoticVariant",
    "game.variant.DicoticVariantRuleset": "Domineering.DicoticVariant",
    "game.variant.ImpartialVariantGame": "<1|-1>.ImpartialVariant",
    "game.variant.ImpartialVariantRuleset": "Domineering.ImpartialVariant",
    "game.variant.TwistedVariantGame": "<1|-1>.TwistedVariant",
    "game.variant.TwistedVariantRuleset": "Domineering.TwistedVariant",
}

# Areas the done-when count leaves out (issue 15): loopy games, misère values, graphs.
EXCLUDED = [
    ("loopy", re.compile(r"^game\.(CanonicalStopper|Pseudonumber|StopperSidedValue|SidedValue|Side|NormalValue)$")),
    ("misère", re.compile(r"^game\.misere\.")),
    ("graph", re.compile(r"^(game\.graph\.|cgsuite\.util\.(Graph|DirectedGraph|Vertex|Edge)$)")),
]

# Operators: the expression that uses them on a sample `S`.
OPS = {
    "op+": "S + S", "op-": "S - S", "op*": "S * S", "op/": "S / S", "op^": "S ^ 2", "op%": "S % S",
    "opunary+": "+S", "opunary-": "-S", "op[]": "S[1]", "op+-": "S +- S", "op<=": "S <= S",
    "op==": "S == S", "op<": "S < S", "op<|": "S <| S", "op|>": "S |> S", "op&": "S & S", "op:": "S : S",
    "op.": "S . S", "op->": "S -> S", "op!": "!S", "op||": "S || S", "op&&": "S && S", "op[]:=": "S[1] := S",
}

DECL = re.compile(r"^(\s*)((?:(?:external|override|static|system|singleton|mutable|private)\s+)*)(def|var)\s+(.*)")
CLASS = re.compile(r"^(\s*)((?:(?:system|singleton|mutable)\s+)*)(class|enum)\s+(\w+)")


def member_name(rest):
    rest = rest.strip()
    if rest.startswith("op"):
        m = re.match(r"op\s*(unary\s*[-+]|\[\]\s*:=|\[\]|[^\s(;]+?)(?=[\s(;]|$)", rest)
        if m:
            return "op" + re.sub(r"\s+", " ", m.group(1)).replace("unary ", "unary ").replace("unary", "unary")
    m = re.match(r"(\w+)", rest)
    return m.group(1) if m else None


def parse_file(pkg, text):
    """Yields (class, member, kind) for one file; kind is instance|static|value|global|op|class."""
    lines = text.split("\n")
    stack = []  # (indent, qualified class name, is_enum)
    top = None
    in_enum_values = False
    in_comment = False
    for line in lines:
        s = line.strip()
        if in_comment:
            if "*/" in s:
                in_comment = False
            continue
        if s.startswith("/*"):
            if "*/" not in s:
                in_comment = True
            continue
        if not s or s.startswith("//"):
            continue
        indent = len(line) - len(line.lstrip())
        m = CLASS.match(line)
        if m:
            name = m.group(4)
            while stack and stack[-1][0] >= indent:
                stack.pop()
            q = (stack[-1][1] + "." + name) if stack else (pkg + "." + name)
            stack.append((indent, q, m.group(3) == "enum"))
            if name != "constants":
                yield (q, None, "class")
            in_enum_values = m.group(3) == "enum"
            continue
        if not stack:
            continue
        while stack and indent <= stack[-1][0] and s != "end" and not s.startswith("end"):
            stack.pop()
        if not stack:
            continue
        cur = stack[-1]
        if in_enum_values and cur[2]:
            vals = re.findall(r"(?:external\s+)?(\w+)\s*(?:\([^)]*\))?\s*[,;]", s)
            for v in vals:
                yield (cur[1], v, "value")
            if s.endswith(";"):
                in_enum_values = False
            if vals:
                continue
        m = DECL.match(line)
        if m and indent == cur[0] + 2:
            mods = m.group(2).split()
            if "private" in mods:
                continue
            nm = member_name(m.group(4))
            if not nm:
                continue
            if cur[1].endswith(".constants"):
                yield (cur[1][: -len(".constants")], nm, "global")
            elif nm.startswith("op"):
                yield (cur[1], nm, "op")
            elif "static" in mods:
                yield (cur[1], nm, "static")
            else:
                yield (cur[1], nm, "instance")


def cgsuite_members(mirror):
    files = subprocess.run(["git", "-C", mirror, "ls-tree", "-r", "--name-only", "HEAD", RES],
                           capture_output=True, text=True, check=True).stdout.split()
    rows = []
    seen = set()
    for f in files:
        if not f.endswith(".cgs"):
            continue
        rel = f[len(RES):]
        if rel.startswith("cgsuite/ui/"):
            continue  # the desktop explorer window: no counterpart in a terminal tool
        pkg = ".".join(rel.split("/")[:-1])
        text = subprocess.run(["git", "-C", mirror, "show", "HEAD:" + f], capture_output=True, text=True,
                              check=True).stdout
        for row in parse_file(pkg, text):
            if row not in seen:
                seen.add(row)
                rows.append(row)
    return rows


def short(q):
    return q.split(".")[-1]


# The members CGSuite's `Object` declares (filled by `main`): a class with no value in cgs (`Script`,
# `InstanceClass`) is asked them of `Object`'s sample, since every value is an `Object`.
OBJECT_MEMBERS = set()


def probe_expr(cls, member, kind):
    sample = SAMPLES.get(cls)
    if sample is None and kind not in ("class", "global", "static", "value") and member in OBJECT_MEMBERS:
        sample = SAMPLES["cgsuite.lang.Object"]
    if kind == "class":
        return cls if not cls.endswith(".Position") and not cls.endswith("Game") else sample
    if kind == "global":
        return member
    if kind in ("static", "value"):
        return short(cls) + "." + member
    if sample is None:
        return None
    if kind == "op":
        e = OPS.get(member)
        return e.replace("S", "(" + sample + ")") if e else None
    return "(" + sample + ")." + member


MISSING = ("Not a member", "Not a method or member variable", "not defined", "does not have", "No operation", "Syntax error", "is not a member")


def ask(cgs, expr):
    if expr is None:
        return False, "no sample value in cgs"
    try:
        p = subprocess.run([cgs, "--max-memory", "1G", "-e", expr], capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        return True, "timeout"
    first = (p.stderr.strip().split("\n") or [""])[0]
    if p.returncode not in (0, 1):
        return False, f"exit code {p.returncode}"
    if p.returncode != 0 and any(k in first for k in MISSING):
        return False, first
    return True, first


def category(cls):
    for name, rx in EXCLUDED:
        if rx.search(cls):
            return name
    return ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cgs", default="target/release/cgs")
    ap.add_argument("--mirror", default="/work/.mirror/aaron-siegel+cgsuite/repo")
    ap.add_argument("--write", default=None)
    ap.add_argument("--missing", action="store_true", help="print the ✘ rows with cgs's answer")
    a = ap.parse_args()
    rows = cgsuite_members(a.mirror)
    OBJECT_MEMBERS.update(m for c, m, k in rows if c == "cgsuite.lang.Object" and k not in ("class", "static"))
    exprs = [probe_expr(*r) for r in rows]
    with concurrent.futures.ThreadPoolExecutor(2) as ex:
        answers = list(ex.map(lambda e: ask(a.cgs, e), exprs))
    by_class = {}
    for (cls, member, kind), expr, (ok, why) in zip(rows, exprs, answers):
        by_class.setdefault(cls, []).append((member, kind, ok, expr, why))
    total = sum(1 for _ in rows)
    have = sum(1 for ok, _ in answers if ok)
    inner = [(r, ok) for r, (ok, _) in zip(rows, answers) if not category(r[0])]
    inner_miss = sum(1 for _, ok in inner if not ok)
    out = []
    out.append("<!-- members:begin -->")
    out.append("Built by `python3 tests/cgsuite/members.py --write docs/CGSUITE-PARITY.md` from CGSuite's class files "
               "(every class, `def`, `var`, enum value and operator of its library, `cgsuite.ui` left out) by asking "
               "the built `cgs` each one. ✔ = cgs answers it; ✘ = cgs says it has no such member or name.")
    out.append("")
    out.append(f"**{have} of {total} ✔ ({100 * have / total:.1f}%).** Outside loopy games, misère values and graphs: "
               f"**{len(inner) - inner_miss} of {len(inner)} ✔, {inner_miss} ✘ ({100 * inner_miss / len(inner):.1f}%).**")
    out.append("")
    out.append("| class | ✔ | ✘ |")
    out.append("|---|---|---|")
    for cls, ms in by_class.items():
        tag = category(cls)
        ok = [m for m in ms if m[2]]
        no = [m for m in ms if not m[2]]

        def name(m):
            return "(class)" if m[1] == "class" else ("`" + m[0] + "`")
        out.append("| `{}`{} | {} | {} |".format(cls, f" ({tag})" if tag else "",
                                                  " ".join(name(m) for m in ok) or "",
                                                  " ".join(name(m) for m in no) or ""))
    out.append("<!-- members:end -->")
    text = "\n".join(out)
    if a.write:
        doc = open(a.write).read()
        if "<!-- members:begin -->" in doc:
            doc = re.sub(r"<!-- members:begin -->.*<!-- members:end -->", lambda _: text, doc, flags=re.S)
        else:
            doc = doc.rstrip("\n") + "\n\n## Every CGSuite class and member\n\n" + text + "\n"
        open(a.write, "w").write(doc)
    print(f"total {total}, ✔ {have}, ✘ {total - have}; outside loopy/misère/graph: {len(inner)} rows, "
          f"✘ {inner_miss} ({100 * inner_miss / len(inner):.1f}%)")
    if a.missing:
        for (cls, member, kind), expr, (ok, why) in zip(rows, exprs, answers):
            if not ok and not category(cls):
                print(f"✘ {cls} {member or ''} [{kind}] :: {expr} :: {why}")


if __name__ == "__main__":
    sys.exit(main())

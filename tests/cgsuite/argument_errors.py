#!/usr/bin/env python3
"""Argument-type errors of CGSuite's library, cgs against CGSuite 2.2 (issue 33 item 6).

    python3 tests/cgsuite/argument_errors.py CGSUITE [--cgs target/release/cgs] [--list] [-v]

CGSUITE is a CGSuite checkout (a bare git directory such as /work/.mirror/aaron-siegel+cgsuite/repo). The inputs
are generated from CGSuite's class files (nothing of them is kept here): for every constructor and method that
declares parameter types (`def Heat(t as CanonicalShortGame)`, `class GenCutcake(leftRuleset as HeapRuleset, …)`)
on a class this script has a sample value of, a call whose first argument has the wrong type, and one whose
first argument is right and second wrong. Each input runs through `cgsuite-eval` (one line each) and through
`cgs --output cgsuite -e INPUT` (one process each, since a script stops at its first error); the error lines are
compared. Prints the inputs that differ and the counts.
"""
import argparse, re, subprocess, sys
from pathlib import Path

RES = "lib/core/src/main/resources/org/cgsuite/lang/resources"
# A value of each class, as an expression: the receiver of its methods.
RECEIVERS = {
    "game.Integer": "3", "game.DyadicRational": "(1/2)", "game.Rational": "(1/3)", "game.SurrealNumber": "(1/3)",
    "game.CanonicalShortGame": "{1|-1}", "game.CanonicalStopper": "{1|-1}", "game.Game": "{1|-1}",
    "game.NormalValue": "{1|-1}", "game.Nimber": "*2", "game.Uptimal": "^", "game.Pseudonumber": "{1|-1}",
    "game.ImpartialGame": "game.heap.Nim(3)", "game.Player": "Left", "game.OutcomeClass": "P",
    "game.StopperSidedValue": "(on)", "game.SidedValue": "(on)",
    "cgsuite.lang.List": "[1,2,3]", "cgsuite.lang.Collection": "[1,2,3]", "cgsuite.lang.Set": "[1,2].ToSet",
    "cgsuite.lang.Map": "{1 => 2}", "cgsuite.lang.String": '"abc"', "cgsuite.lang.Object": "3",
    "cgsuite.util.Grid": "Grid.Empty(2,2)", "cgsuite.util.Strip": "Strip.Empty(3)", "cgsuite.util.Graph": "Graph.Path(3)",
    "cgsuite.util.Thermograph": "{2|-2}.Thermograph", "cgsuite.lang.Range": "(1..5)",
    "game.grid.Domineering.Position": 'game.grid.Domineering("..|..")',
    "game.grid.GenClobber.Position": 'game.grid.Clobber("xo|ox")',
    "game.heap.TakeAndBreak": 'game.heap.TakeAndBreak("0.77")', "game.heap.HeapRuleset": "game.heap.Nim",
    "game.heap.GenCutcake": "game.heap.Cutcake", "game.heap.GenMem": "game.heap.Mem0",
    "game.heap.GenWythoff": "game.heap.Wythoff",
}
# A value of each declared parameter type (for a right first argument).
VALID = {
    "Integer": "2", "Rational": "(1/3)", "DyadicRational": "(1/2)", "SurrealNumber": "(1/3)", "Game": "1",
    "CanonicalShortGame": "1", "CanonicalStopper": "1", "NormalValue": "1", "Pseudonumber": "1",
    "Boolean": "true", "String": '"a"', "Player": "Left", "List": "[1]", "Collection": "[1]", "Set": "[1].ToSet",
    "Map": "{1 => 2}", "Function": "(x -> x)", "Grid": "Grid.Empty(2,2)", "Strip": "Strip.Empty(3)", "HeapRuleset": "game.heap.Nim",
    "Coordinates": "(1,1)", "Object": "1",
}


def wrong(ty):
    """An argument that is not of the type: a string, or an integer where strings are taken."""
    if ty == "Object":
        return None
    return "3" if ty == "String" else '"a"'


def declarations(src):
    """(qualified class or None for a package's function, member or None for the constructor, [(name, type or
    None, optional)]) for each declaration."""
    git = ["git", "--git-dir", src]
    files = subprocess.run(git + ["ls-tree", "-r", "--name-only", "HEAD", RES], capture_output=True, text=True,
                           check=True).stdout.split()
    out = []
    for f in files:
        if not f.endswith(".cgs"):
            continue
        package = ".".join(Path(f[len(RES) + 1:]).parent.parts)
        text = subprocess.run(git + ["show", f"HEAD:{f}"], capture_output=True, text=True, check=True).stdout
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        stack = []  # (indent, qualified)
        for m in re.finditer(r"^( *)(?:[a-z]+ )*(class|def) +([A-Za-z]+)\s*(\(([^()]*)\))?", text, flags=re.M):
            indent, kind, name, params = len(m.group(1)), m.group(2), m.group(3), m.group(5)
            while stack and stack[-1][0] >= indent:
                stack.pop()
            if kind == "class":
                q = f"{stack[-1][1]}.{name}" if stack else f"{package}.{name}"
                stack.append((indent, q))
            if params is None or not params.strip():
                continue
            ps = []
            for p in params.split(","):
                pm = re.match(r"\s*([A-Za-z]+)(\.\.\.)?\s*(?:as\s+([A-Za-z.]+))?", p)
                if pm:
                    ps.append((pm.group(1), pm.group(3), "?" in p))
            if kind == "class":
                out.append((stack[-1][1], None, ps))
            elif stack:
                out.append((stack[-1][1], name, ps))
            elif f.endswith("constants.cgs"):
                out.append((None, name, ps))
    return out


def inputs(src):
    cases = []
    for cls, member, ps in declarations(src):
        if member is None:
            callee = cls
        elif cls is None or cls.endswith(".constants"):
            callee = member
        elif cls in RECEIVERS:
            callee = f"{RECEIVERS[cls]}.{member}"
        else:
            continue
        required = [p for p in ps if not p[2]] or ps[:1]
        for i in range(min(2, len(ps))):
            ty = ps[i][1]
            if ty is None or wrong(ty) is None:
                continue
            if i == 1 and VALID.get(ps[0][1] or "Object") is None:
                continue
            args = ([VALID[ps[0][1] or "Object"]] if i == 1 else []) + [wrong(ty)]
            # The other required parameters get right values, so only the one argument is wrong.
            for p in required[len(args):]:
                if VALID.get(p[1] or "Object") is None:
                    break
                args.append(VALID[p[1] or "Object"])
            else:
                cases.append(f"{callee}({', '.join(args)})")
    return list(dict.fromkeys(cases))


def run_cgs(cgs, expr):
    try:
        p = subprocess.run([cgs, "--output", "cgsuite", "-e", expr], capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        return "!! (timeout)"
    for line in (p.stdout + p.stderr).splitlines():
        if line.startswith("Error: "):
            return "!! " + line[len("Error: "):]
    return p.stdout.strip().replace("\n", "\\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cgsuite")
    ap.add_argument("--cgs", default="target/release/cgs")
    ap.add_argument("--list", action="store_true", help="print the inputs only")
    ap.add_argument("-v", action="store_true", help="print every input")
    a = ap.parse_args()
    cases = inputs(a.cgsuite)
    if a.list:
        print("\n".join(cases))
        return
    want = subprocess.run(["cgsuite-eval"], input="\n".join(cases) + "\n", capture_output=True, text=True,
                          timeout=1800).stdout.splitlines()
    same = argument = argument_same = 0
    for c, w in zip(cases, want):
        g = run_cgs(a.cgs, c)
        ok = g == w
        same += ok
        if w.startswith("!! Argument `") or w.startswith("!! Method `"):
            argument += 1
            argument_same += ok
        if a.v or not ok:
            print(f"{'=' if ok else '≠'} {c}\n    CGSuite: {w}\n    cgs:     {g}")
    print(f"{len(cases)} inputs: {same} the same; of CGSuite's {argument} argument-type errors, {argument_same} the same")


if __name__ == "__main__":
    sys.exit(main())

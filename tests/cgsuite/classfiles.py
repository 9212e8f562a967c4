#!/usr/bin/env python3
"""CGSuite's own class files run by cgs as written (issue 33, "Done when": the class files of `game.grid`,
`game.strip`, `game.heap`, `game.graph` and `examples`, each loaded after the base classes and constants files
it uses, give CGSuite's values on small positions).

    python3 tests/cgsuite/classfiles.py CGSUITE [--cgs target/release/cgs] [--stored] [--keep DIR] [-v]

CGSUITE is a CGSuite checkout: a bare git directory (such as /work/.mirror/aaron-siegel+cgsuite/repo, read with
`git show HEAD:…`) or a work tree. The project holds none of CGSuite's files: they are copied at run time into a
temporary folder laid out as packages beside a script, `game/grid/Domineering.cgs`, …, `examples/Nim.cgs`. A
`game` folder beside the script comes before cgs's library package `game` (docs/LANGUAGE.md, "Packages of class
files"), so `game.grid.Domineering` reads the copied file, whose siblings (`GridRuleset`, …) it sees by their short
names, and `game.grid.Clobber` the copied `constants.cgs`. The four classes CGSuite implements with `system`
members backed by Scala (`HeapRuleset`, `Periodicity`, `Spawning`, `TakeAndBreak`) are not copied: cgs's library
classes of those names stand in for them, as CGSuite's Scala code does.

Each file has a few inputs below, written for this script. Each input runs in its own `cgs --output cgsuite`
script (so one failure stops only itself); it is compared with CGSuite's answer to its reference expression (the
input itself, or for `examples` — a package cgsuite-eval does not have — the same input on CGSuite's library
class the example copies), from `cgsuite-eval` when it is installed and `--stored` is not given, else the answer
stored here (recorded from CGSuite 2.2, cgsuite-eval, 2026-12-06). A file counts as **loaded** when its inputs
fail once the copy is replaced by a file that raises an error (so its values came through the file, not the
library), and as **agreeing** when every input gives CGSuite's answer.
"""
import argparse, os, shutil, subprocess, sys, tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LANG = "lib/core/src/main/resources/org/cgsuite/lang"
# The folders read, and the package each is copied to.
FOLDERS = [(f"{LANG}/resources/game/{p}", f"game/{p}") for p in ("grid", "strip", "heap", "graph")] + [
    (f"{LANG}/examples", "examples")]
TIMEOUT = 30  # seconds for one input; each takes well under one
SYSTEM = {"HeapRuleset", "Periodicity", "Spawning", "TakeAndBreak"}

# Per file (package/Name): [(input, CGSuite reference expression or None for the input, CGSuite 2.2's answer)].
CASES = {
    "examples/Clobber": [
        ('examples.Clobber("xo|ox").CanonicalForm', 'game.grid.Clobber("xo|ox").CanonicalForm', "*"),
        ('examples.Clobber("xoxo").CanonicalForm', 'game.grid.Clobber("xoxo").CanonicalForm', "+-{*,^}"),
        ('examples.Clobber("xox|o..").CanonicalForm', 'game.grid.Clobber("xox|o..").CanonicalForm', "+-{*,^}"),
    ],
    "examples/Nim": [
        ("examples.Nim(5).CanonicalForm", "game.heap.Nim(5).CanonicalForm", "*5"),
        ("(examples.Nim(3) + examples.Nim(5)).CanonicalForm", "(game.heap.Nim(3) + game.heap.Nim(5)).CanonicalForm",
         "*6"),
    ],
    "examples/PartizanSubtraction": [
        ("examples.PartizanSubtraction([1,2],[1,3])(6).CanonicalForm",
         "game.heap.PartizanSubtraction([1,2],[1,3])(6).CanonicalForm", "^^"),
        ("[examples.PartizanSubtraction([1],[2])(n).CanonicalForm for n from 0 to 5]",
         "[game.heap.PartizanSubtraction([1],[2])(n).CanonicalForm for n from 0 to 5]",
         "[0,1,{1|0},0,1,{1|0}]"),
    ],
    "examples/TopplingDominoes": [
        ('examples.TopplingDominoes("lrl").CanonicalForm', 'game.strip.TopplingDominoes("lrl").CanonicalForm', "1/2"),
        ('examples.TopplingDominoes("lre.r").CanonicalForm', 'game.strip.TopplingDominoes("lre.r").CanonicalForm',
         "{0,*|-1,{0|-1}}"),
        ('examples.TopplingDominoes("lre")', 'game.strip.TopplingDominoes("lre")', 'TopplingDominoes.Position("lre")'),
    ],
    "game/graph/Color": [
        ("game.graph.Color.Blue", None, "Blue"),
        ("[game.graph.Color.Red, game.graph.Color.Green]", None, "[Red,Green]"),
    ],
    "game/graph/GenArcKayles": [
        ("game.graph.GenArcKayles()(Graph.Path(6)).NimValue", None, "3"),
        ("game.graph.GenArcKayles()(Graph.Cycle(5)).CanonicalForm", None, "0"),
        ("game.graph.GenArcKayles()(Graph.Path(4)).CanonicalForm", None, "*2"),
    ],
    "game/graph/GenCol": [
        ('game.graph.GenCol([Nothing, Right], [Nothing, Left])("---").CanonicalForm', None, "0"),
        ('game.graph.GenCol([Nothing, Left], [Nothing, Right])("---").CanonicalForm', None, "+-{2|1}"),
        ('game.graph.GenCol([Left], [Right])("L-;R-")', None, 'GenCol.Position("L-;R-")'),
    ],
    "game/graph/GenHackenbush": [
        ('game.graph.GenHackenbush()("lre").CanonicalForm', None, "1/2*"),
        ('game.graph.GenHackenbush(childishEdges => [game.graph.Color.Blue, game.graph.Color.Red])("lrl")'
         '.CanonicalForm', None, "1"),
        ('game.graph.GenHackenbush()("e(l;r)").CanonicalForm', None, "*"),
    ],
    "game/graph/GraphRuleset": [
        ("game.graph.GraphRuleset", None, "\u27eagame.graph.GraphRuleset\u27eb"),
        ('game.graph.ArcKayles("--").NimValue', None, "1"),
    ],
    "game/graph/PartizanArcKayles": [
        ('game.graph.PartizanArcKayles("lre").CanonicalForm', None, "{1|0}"),
        ('game.graph.PartizanArcKayles("llr").CanonicalForm', None, "1/2"),
    ],
    "game/graph/constants": [
        ('game.graph.Hackenbush("lrlrr").CanonicalForm', None, "9/16"),
        ('game.graph.Col("--").CanonicalForm', None, "0"),
        ('game.graph.Snort("---").CanonicalForm', None, "+-{2|1}"),
        ('game.graph.ChildishHackenbush("lrr").CanonicalForm', None, "-1"),
        ('game.graph.ArcKayles(Graph.Path(5)).NimValue', None, "0"),
    ],
    "game/grid/Amazons": [
        ('game.grid.Amazons("x..o").CanonicalForm', None, "+-1"),
        ('game.grid.Amazons("x.|.o").CanonicalForm', None, "0"),
        ('game.grid.Amazons("x..|..o")', None, 'Amazons.Position("x..|..o")'),
    ],
    "game/grid/Domineering": [
        ('game.grid.Domineering("..|..").CanonicalForm', None, "+-1"),
        ('game.grid.Domineering("...|...").CanonicalForm', None, "{2|-1/2}"),
        ('game.grid.Domineering("..|.#")', None, 'Domineering.Position("..|.#")'),
    ],
    "game/grid/Fission": [
        ('game.grid.Fission("..x..|.....").CanonicalForm', None, "-2"),
        ('game.grid.Fission("...|.x.|...").CanonicalForm', None, "0"),
    ],
    "game/grid/GenClobber": [
        ('game.grid.GenClobber()("xoxo").CanonicalForm', None, "+-{*,^}"),
        ('game.grid.GenClobber(directions => Coordinates.Compass)("xo|ox").CanonicalForm', None, "*"),
        ('game.grid.GenClobber(maxDistance => inf)("x.o").CanonicalForm', None, "*"),
    ],
    "game/grid/GenFoxAndGeese": [
        ("game.grid.GenFoxAndGeese(boardWidth => 4)({(1,1),(1,3)}, (3,3))", None,
         'GenFoxAndGeese.Position("..o.|....|x.x.")'),
        ("game.grid.GenFoxAndGeese(boardWidth => 4)({(1,1),(1,3)}, (3,3)).GameValue", None, "off"),
    ],
    "game/grid/GridRuleset": [
        ("game.grid.GridRuleset", None, "\u27eagame.grid.GridRuleset\u27eb"),
        ('game.grid.GenClobber()("xo").Class', None, "\u27eagame.grid.GenClobber.Position\u27eb"),
    ],
    "game/grid/constants": [
        ('game.grid.Clobber("xo|ox").CanonicalForm', None, "*"),
        ('game.grid.AntiClobber("x.o").CanonicalForm', None, "0"),
        ('game.grid.Cram("...|...").CanonicalForm', None, "*"),
        ('game.grid.Kings("xo|ox").CanonicalForm', None, "*"),
        ('game.grid.HotClobber("xo").CanonicalForm', None, "*"),
    ],
    "game/heap/CoordinateRuleset": [
        ("game.heap.CoordinateRuleset((m, n) -> [(m - k, n) for k from 1 to m] Concat [(m, n - k) for k from 1 to n])"
         "((2, 3)).NimValue", None, "1"),
        ("game.heap.GenMem((memory, j) -> true).NimValueTable(2, 2)", None,
         "0 | 0 | 0\n--+---+--\n1 | 1 | 1\n--+---+--\n2 | 2 | 2"),
    ],
    "game/heap/FunctionalCoordinateRuleset": [
        ("game.heap.FunctionalCoordinateRuleset((m, n) -> [(m - k, n) for k from 1 to m])((3, 2)).NimValue", None, "3"),
    ],
    "game/heap/FunctionalHeapRuleset": [
        ("game.heap.FunctionalHeapRuleset(n -> [[n - k] for k from 1 to 2 where k <= n])(7).NimValue", None, "1"),
        ("game.heap.FunctionalHeapRuleset(n -> [[n - k] for k from 1 to 2 where k <= n]).NimValueSequence(6)", None,
         "[1,2,0,1,2,0]"),
    ],
    "game/heap/GenCutcake": [
        ("game.heap.GenCutcake(game.heap.Nim, game.heap.Nim)((2, 3)).CanonicalForm", None, "^*"),
        ('game.heap.GenCutcake(game.heap.TakeAndBreak("4.0"), game.heap.TakeAndBreak("4.0"))((3, 4)).CanonicalForm',
         None, "1"),
    ],
    "game/heap/GenMem": [
        ("game.heap.GenMem((memory, j) -> j >= memory)((5, 0)).NimValue", None, "3"),
        ("[game.heap.GenMem((memory, j) -> j <= 2 * memory)((n, n - 1)).NimValue for n from 1 to 6]", None, "[0,2,3,3,4,4]"),
    ],
    "game/heap/GenWythoff": [
        ("game.heap.GenWythoff(k -> k + 1)((3, 5)).NimValue", None, "0"),
        ("game.heap.GenWythoff(k -> 2 * k)((4, 6)).NimValue", None, "9"),
    ],
    "game/heap/PartizanCoordinateRuleset": [
        ("game.heap.PartizanCoordinateRuleset(game.heap.Wythoff, game.heap.GenWythoff(k -> 1))((2, 2)).CanonicalForm",
         None, "{0|*2,{^|*,*2}}"),
    ],
    "game/heap/PartizanHeapRuleset": [
        ("game.heap.PartizanHeapRuleset(game.heap.Nim, game.heap.Kayles)(3).CanonicalForm", None, "*3"),
        ("game.heap.PartizanHeapRuleset(game.heap.Nim, game.heap.Kayles).GameValueSequence(4)", None,
         "[*,*2,*3,{0,*|0,*2,*3}]"),
    ],
    "game/heap/constants": [
        ("game.heap.Kayles(7).NimValue", None, "2"),
        ("game.heap.Cutcake((3, 4)).CanonicalForm", None, "1"),
        ("game.heap.Mem((6, 0)).NimValue", None, "4"),
        ("game.heap.Wythoff((3, 4)).NimValue", None, "2"),
        ("game.heap.PartizanEuclid((5, 3)).CanonicalForm", None, "v"),
        ("game.heap.Subtraction([1, 3]).NimValueSequence(8)", None, "[1,0,1,0,1,0,1,0]"),
        ("game.heap.FibonacciNim((7, 6)).NimValue", None, "4"),
    ],
    "game/strip/GenToadsAndFrogs": [
        ('game.strip.GenToadsAndFrogs()("tt.ff").CanonicalForm', None, "*"),
        ('game.strip.GenToadsAndFrogs(maxJump => 2)("t.f").CanonicalForm', None, "*"),
        ('game.strip.GenToadsAndFrogs()("t.f")', None, 'GenToadsAndFrogs.Position("t.f")'),
    ],
    "game/strip/StripRuleset": [
        ("game.strip.StripRuleset", None, "\u27eagame.strip.StripRuleset\u27eb"),
        ('game.strip.GenToadsAndFrogs()("tf").Class', None, "\u27eagame.strip.GenToadsAndFrogs.Position\u27eb"),
    ],
    "game/strip/TopplingDominoes": [
        ('game.strip.TopplingDominoes("lrl").CanonicalForm', None, "1/2"),
        ('game.strip.TopplingDominoes("lre")', None, 'TopplingDominoes.Position("lre")'),
    ],
    "game/strip/Turning": [
        ('game.strip.Turning("1-3")("hth").NimValue', None, "5"),
        ('game.strip.Turning("1-3")("thh")', None, 'Turning.Position("thh")'),
    ],
    "game/strip/constants": [
        ('game.strip.ToadsAndFrogs("tt..f").CanonicalForm', None, "1"),
        ('game.strip.ElephantsAndRhinos("t..f").CanonicalForm', None, "0"),
        ('game.strip.BackslidingToadsAndFrogs("t.f").GameValue', None, "0"),
    ],
}


def read_files(src):
    """{package/Name: text} of the class files of CGSuite checkout `src` (bare git dir or work tree)."""
    src = Path(src)
    bare = (src / "HEAD").is_file() and (src / "objects").is_dir()
    files = {}
    for folder, package in FOLDERS:
        if bare:
            names = subprocess.run(["git", "--git-dir", str(src), "ls-tree", "--name-only", f"HEAD:{folder}"],
                                   capture_output=True, text=True, check=True).stdout.split()
            for n in names:
                if n.endswith(".cgs"):
                    files[f"{package}/{n[:-4]}"] = subprocess.run(
                        ["git", "--git-dir", str(src), "show", f"HEAD:{folder}/{n}"],
                        capture_output=True, text=True, check=True).stdout
        else:
            for p in sorted((src / folder).glob("*.cgs")):
                files[f"{package}/{p.stem}"] = p.read_text()
    return files


def lay_out(files, dir, broken=None):
    """Writes the class files as packages under `dir`; `broken` (a file key) is written as a file that raises."""
    if dir.exists():
        shutil.rmtree(dir)
    for key, text in files.items():
        if key.rsplit("/", 1)[1] in SYSTEM:
            continue
        p = dir / f"{key}.cgs"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text('error("classfiles.py: the copy was read")\n' if key == broken else text)


def run_cgs(cgs, dir, inp):
    """cgs's output for the one input `inp`, run as a script in `dir` (its packages beside it)."""
    script = dir / "input.cgs"
    script.write_text(inp + "\n")
    try:
        r = subprocess.run([cgs, "--output", "cgsuite", str(script)], capture_output=True, text=True,
                           timeout=TIMEOUT, cwd=dir)
    except subprocess.TimeoutExpired:
        return f"!! (no answer in {TIMEOUT} s)"
    if r.returncode != 0:
        lines = [l for l in r.stderr.splitlines() if l.startswith("Error")]
        return "!! " + (lines[0][len("Error: "):] if lines else r.stderr.strip()[:200])
    return r.stdout.rstrip("\n")


def cgsuite_answers(exprs):
    r = subprocess.run(["cgsuite-eval"], input="\n".join(exprs) + "\n", capture_output=True, text=True,
                       timeout=600)
    out = r.stdout.splitlines()
    if len(out) != len(exprs):
        sys.exit(f"cgsuite-eval gave {len(out)} lines for {len(exprs)} inputs")
    return [o.replace("\\n", "\n") for o in out]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cgsuite", help="CGSuite checkout (bare git dir or work tree)")
    ap.add_argument("--cgs", default=str(ROOT / "target/release/cgs"))
    ap.add_argument("--stored", action="store_true", help="compare with the stored answers, not cgsuite-eval")
    ap.add_argument("--keep", help="lay the packages out in this folder and keep it")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    cgs = str(Path(a.cgs).resolve())
    files = read_files(a.cgsuite)
    if not files:
        sys.exit(f"no class files under {a.cgsuite}")
    missing = sorted(set(CASES) - set(files))
    unknown = sorted(k for k in files if k not in CASES and k.rsplit("/", 1)[1] not in SYSTEM)
    live = not a.stored and shutil.which("cgsuite-eval")
    cases = [(k, inp, ref or inp, stored) for k in sorted(CASES) if k in files for inp, ref, stored in CASES[k]]
    if live:
        answers = cgsuite_answers([ref for _, _, ref, _ in cases])
        source = "cgsuite-eval"
    else:
        answers = [s for _, _, _, s in cases]
        source = "stored CGSuite 2.2 answers"
    tmp = Path(a.keep).resolve() if a.keep else Path(tempfile.mkdtemp(prefix="cgs-classfiles-"))
    work = tmp / "pkg"
    lay_out(files, work)
    got = [run_cgs(cgs, work, inp) for _, inp, _, _ in cases]
    # Each file replaced by one that raises: its first input must then fail.
    loaded = {}
    for k in sorted(CASES):
        if k not in files:
            continue
        i = next(j for j, c in enumerate(cases) if c[0] == k)
        lay_out(files, work, broken=k)
        loaded[k] = "the copy was read" in run_cgs(cgs, work, cases[i][1])
    lay_out(files, work)
    print(f"CGSuite class files from {a.cgsuite}; cgs {cgs}; answers: {source}\n")
    n_loaded = n_agree = 0
    for k in sorted(files):
        name = k.rsplit("/", 1)[1]
        if name in SYSTEM:
            print(f"{k:40} system class (Scala in CGSuite): cgs's library class stands in")
            continue
        if k not in CASES:
            print(f"{k:40} no inputs in this script")
            continue
        rows = [(inp, g, want) for (kk, inp, _, _), g, want in zip(cases, got, answers) if kk == k]
        bad = [r for r in rows if r[2] is None or r[1] != r[2]]
        n_loaded += loaded[k]
        n_agree += loaded[k] and not bad
        state = "loaded" if loaded[k] else "NOT LOADED (values came from cgs's library)"
        print(f"{k:40} {state}; {len(rows) - len(bad)}/{len(rows)} values agree")
        for inp, g, want in (rows if a.verbose else bad):
            print(f"    {inp}\n      cgs:     {g}\n      CGSuite: {want}")
    total = len(CASES) - len(missing)
    print(f"\nTotal: {n_agree} of {total} class files loaded and agreeing with CGSuite on every input "
          f"({n_loaded} loaded; {sum(1 for k in files if k.rsplit('/', 1)[1] in SYSTEM)} system classes not counted)")
    if missing:
        print("Not in the checkout:", ", ".join(missing))
    if unknown:
        print("In the checkout without inputs here:", ", ".join(unknown))
    if not a.keep:
        shutil.rmtree(tmp)
    sys.exit(0 if n_agree == total and not unknown else 1)


if __name__ == "__main__":
    main()

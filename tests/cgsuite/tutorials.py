#!/usr/bin/env python3
"""CGSuite's tutorials typed as written (issue 33 item 6): every worksheet example of CGSuite's tutorial pages, run
page by page through cgs (`--output cgsuite`) and through CGSuite 2.2 (`cgsuite-eval`), compared output for output.

    python3 tests/cgsuite/tutorials.py CGSUITE [--cgs target/release/cgs] [--page SUBSTR] [--timeout S]
                                       [--list] [--keep DIR] [-v]

CGSUITE is a CGSuite checkout: a bare git directory (such as /work/.mirror/aaron-siegel+cgsuite/repo, read with
`git show HEAD:…`) or a work tree. The pages are read at run time from its help folder
(`lib/core/src/main/resources/org/cgsuite/help/docs/tutorials/**.cgsh`); the project holds none of CGSuite's text
and none of its outputs of them: CGSuite's answers come live from `cgsuite-eval`, which must be installed.

**The examples of a page**, in the page's order, are what a reader of the page types into the worksheet:
- each `\\display{…}`, `\\displayHalf{…}`, `\\displayAndHide{…}`, `\\eval{…}`, `\\evalHalf{…}` (CGSuite's help builder
  evaluates these when it builds the page, one session per page);
- each code span (`` `…` `` or `$…$`) of a paragraph that holds nothing but code spans (and `\\\\` line breaks): an
  input shown on its own line. A span of several lines whose lines are each a whole expression (no line indented,
  brackets balanced on every line, no block keyword) is one example per line, as the welcome page asks ("enter
  each expression into the Worksheet on a separate line"); otherwise it is one input (a `def` or loop over
  several lines).
Text hidden from the reader (`\\comment … \\endcomment`, `\\<!-- … --\\>`) is skipped. Markup inside code is read
as the page renders it (`\\sp` is indentation, `\\x` is the character x). A span that is a whole class file
(`class …`, `mutable class …`, `enum …` through its `end`) is written, as CGSuite's tutorials intend, to a file of
its own in a package folder `tutorialN/Name.cgs` (N its example number) beside the session, and the example
evaluated is the class, `tutorialN.Name`. The `examples` package of CGSuite's user folder (the class files of
`lib/core/src/main/resources/org/cgsuite/lang/examples`, used by "Three Examples") is laid out beside it too.

**Running.** A page's examples run in order in one session, since later ones use earlier variables: for cgs one
`cgs -i --output cgsuite --color never` process per page, each example given as `:load exN.cgs` of a file holding
its text; for CGSuite one `cgsuite-eval` process (`:clear` between pages), each example on one line (newlines
as spaces, `// …` comments as `/* … */`). CGSuite finds the package folders through a devbuild class path
(`-Dorg.cgsuite.devbuild`: a copy of its jar's `org/cgsuite/lang/resources` with the packages added). An
example that exceeds `--timeout` seconds ends its session; the session is restarted and the page's earlier
examples replayed.

**Counting.** An example **agrees** when both print the same text (values, `System.Print` lines, and errors
compared by message, a trailing `.` aside; any two syntax errors agree, CGSuite's message being only
"Syntax error."). Examples whose difference is deliberate (docs/CGSUITE-PARITY.md, the table PARITY below) are
counted apart with their reason, as are spans the page shows that are not inputs (NOT_INPUT) and examples CGSuite
does not answer within the timeout while cgs does (no answer: nothing to compare with). Per page it prints
examples, agree, differ, parity, not input, no answer; every differing input is printed with both outputs
(`-q`: counts only; `-v`: every example). Exit status 0 when nothing differs. One example is slow in CGSuite on
purpose ("Using the Worksheet" shows `*14.Heat(1)` to teach "Kill Calculation"): cgsuite-eval took 1,310 s and
3.2 GB for it (2026-12-06), so under the default timeout it is counted as "no answer"; `--timeout 1500` compares
it (its 2,437,053 characters were then the same as cgs's, which answers in half a second).
"""
import argparse, os, re, select, shutil, subprocess, sys, tempfile, time, zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HELP = "lib/core/src/main/resources/org/cgsuite/help/docs/tutorials"
EXAMPLES = "lib/core/src/main/resources/org/cgsuite/lang/examples"
SECTIONS = ["getting-started", "programming-in-cgscript", "advanced-topics", "cgscript-recipes"]
DISPLAY = {"display", "displayHalf", "displayAndHide", "eval", "evalHalf"}
MARK = "@@tutorials.py@@"
SHOWN = 2000  # characters of an output shown in the report
CLASS_FILE = re.compile(r"^\s*((?:mutable|singleton)\s+)*(class|enum)\s+([A-Za-z_]\w*)")
BLOCK_WORD = re.compile(r"\b(then|else|elseif|do|begin|end|yield|def|class|enum)\b")

# Deliberate differences (docs/CGSUITE-PARITY.md): (regex on the input, reason).
PARITY = [
    (r"\.Plot\(\)", "Thermograph.Plot(): CGSuite's worksheet draws a picture (cgsuite-eval: `<Plot>`), cgs prints "
                    "the thermograph as text (CGSUITE-PARITY.md, \"Plot()\")"),
    (r"^\s*ex\s*:=\s*Explorer\(|^\s*ex\.", "Explorer: a window of CGSuite's GUI (cgsuite-eval has none); a terminal "
                                           "cannot show it (CGSUITE-PARITY.md, \"Explorer\")"),
    (r"^\s*(break|continue|return)\b[^;]*;\s*$", "`break`/`continue`/`return` outside a loop or function: cgs says so, "
                                               "CGSuite 2.2 leaks \"scala.MatchError\" (CGSUITE-PARITY.md)"),
]
# Code the pages show that is not an input: (page name, start of the text, what it is).
NOT_INPUT = [
    *(("grids-and-strips", row, "the grid Grid.Parse builds, drawn as digits (output shown in the page)")
      for row in ("1210", "0021", "2110")),
    ("classes-and-packages", "Cannot reassign", "CGSuite's error message, quoted in the page"),
    ("classes-and-packages", "game/grid/GridRuleset.cgs", "a class file's path"),
    *(("using-the-explorer", row, "the moves of an explorer window, drawn as letters (not an input)")
      for row in ("LLLLLLL", "LRLLLLL")),
]


def git(src, *args):
    return subprocess.run(["git", "--git-dir", str(src), *args], capture_output=True, text=True, check=True).stdout


def is_bare(src):
    return (Path(src) / "HEAD").is_file() and (Path(src) / "objects").is_dir()


def read_tree(src, folder, suffix):
    """{relative path: text} of the files under `folder` of checkout `src` ending with `suffix`."""
    out = {}
    if is_bare(src):
        for p in git(src, "ls-tree", "-r", "--name-only", "HEAD", folder + "/").split("\n"):
            if p.endswith(suffix):
                out[p[len(folder) + 1:]] = git(src, "show", f"HEAD:{p}")
    else:
        for p in sorted((Path(src) / folder).rglob("*" + suffix)):
            out[str(p.relative_to(Path(src) / folder))] = p.read_text()
    return out


def page_order(pages):
    """The pages in reading order: by section, each section's index page first, then the pages in the order its
    index links them, then any other page of the section by name."""
    order = []
    for sec in SECTIONS + sorted({p.split("/")[0] for p in pages} - set(SECTIONS)):
        names = sorted(p for p in pages if p.startswith(sec + "/"))
        index = f"{sec}/{sec}.cgsh"
        linked = [f"{sec}/{m}.cgsh" for m in re.findall(r"\[\[([\w-]+)\]\]", pages.get(index, ""))]
        seq = ([index] if index in pages else []) + [p for p in linked if p in pages and p != index]
        order += seq + [p for p in names if p not in seq]
    return order


def parse_page(text):
    """[(kind, code)] of a page's examples in order: kind `display` (evaluated by CGSuite's help builder) or
    `typed` (a code span shown on its own)."""
    out, para = [], []  # para: items of the current paragraph, ("text", s) / ("code", s)
    i, n, hidden = 0, len(text), None

    def end_paragraph():
        codes = [c for k, c in para if k == "code"]
        rest = "".join(c for k, c in para if k == "text")
        if codes and not rest.strip():
            for c in codes:
                out.extend(("typed", e) for e in split_lines(c))
        para.clear()

    while i < n:
        if hidden:
            j = text.find(hidden, i)
            i = n if j < 0 else j + len(hidden)
            hidden = None
            continue
        c = text[i]
        if c == "\\":
            if text.startswith("\\<!--", i):
                hidden, i = "--\\>", i + 5
                continue
            m = re.match(r"[A-Za-z]+", text[i + 1:])
            if m:
                cmd, i = m.group(0), i + 1 + len(m.group(0))
                args = []
                while i < n and text[i] == "{":
                    depth, j = 0, i
                    while j < n:
                        depth += {"{": 1, "}": -1}.get(text[j], 0)
                        if depth == 0:
                            break
                        j += 1
                    args.append(text[i + 1:j])
                    i = j + 1
                if cmd == "comment":
                    hidden = "\\endcomment"
                elif cmd in DISPLAY and args:
                    end_paragraph()
                    out.append(("display", args[0]))
                else:
                    para.append(("text", "" if cmd in ("li", "footer") else cmd))
                continue
            para.append(("text", "" if text[i + 1:i + 2] == "\\" else text[i + 1:i + 2]))
            i += 2
            continue
        if c in "`$":
            code, j = [], i + 1
            while j < n and text[j] != c:
                if text[j] == "\\":
                    m = re.match(r"[A-Za-z]+", text[j + 1:])
                    if m:
                        code.append("  " if m.group(0) == "sp" else "")
                        j += 1 + len(m.group(0))
                    else:
                        code.append("\n" if text[j + 1:j + 2] == "\\" else text[j + 1:j + 2])
                        j += 2
                    continue
                if c == "$" and text[j] == "~":
                    j += 1
                    continue
                code.append(text[j])
                j += 1
            para.append(("code", "".join(code)))
            i = j + 1
            continue
        if text.startswith("\n\n", i):
            end_paragraph()
            while i < n and text[i] == "\n":
                i += 1
            continue
        para.append(("text", c))
        i += 1
    end_paragraph()
    return out


def balanced(line):
    depth, in_str = 0, False
    for ch in line:
        if in_str:
            in_str = ch != '"'
        elif ch == '"':
            in_str = True
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0 and not in_str


def split_lines(code):
    """A span of several lines: one example per line when each line is a whole expression, else one."""
    lines = [l for l in code.split("\n") if l.strip()]
    if len(lines) > 1 and all(not l[0].isspace() and balanced(l) and not BLOCK_WORD.search(l)
                              and not l.rstrip().endswith(("+", "-", "*", "/", ",", ":=", "->")) for l in lines):
        return lines
    return [code.strip("\n")]


def one_line(code):
    """The example as one line for cgsuite-eval: `//` comments as `/* */`, newlines as spaces."""
    out = []
    for line in code.split("\n"):
        in_str, k = False, None
        for j, ch in enumerate(line):
            if ch == '"':
                in_str = not in_str
            elif not in_str and line.startswith("//", j):
                k = j
                break
        out.append(line if k is None else line[:k] + "/*" + line[k + 2:].replace("*/", "* /") + " */")
    return " ".join(out)


class Session:
    """A REPL process fed one example at a time; `send` returns (output text, timed out)."""

    def __init__(self, argv, cwd, env, banner_marker):
        self.argv, self.cwd, self.env, self.banner = argv, cwd, env, banner_marker
        self.start()

    def start(self):
        self.p = subprocess.Popen(self.argv, cwd=self.cwd, env=self.env, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, bufsize=0)
        self.buf = b""
        if self.banner:
            self.exchange(self.banner, 600)

    def stop(self):
        if self.p.poll() is None:
            self.p.kill()
        self.p.wait()

    def exchange(self, text, timeout):
        """Writes `text` (lines ending with the marker's own line) and reads up to the marker's echo."""
        try:
            self.p.stdin.write(text.encode())
            self.p.stdin.flush()
        except BrokenPipeError:
            return None
        deadline = time.time() + timeout
        want = ('"%s"' % MARK).encode()
        while True:
            k = self.buf.find(want)
            if k >= 0:
                out, self.buf = self.buf[:k], self.buf[k + len(want):]
                return out.decode(errors="replace").lstrip("\n")
            left = deadline - time.time()
            if left <= 0:
                return None
            r, _, _ = select.select([self.p.stdout], [], [], left)
            if r:
                chunk = os.read(self.p.stdout.fileno(), 65536)
                if not chunk:
                    return None
                self.buf += chunk


def cgs_output(raw):
    """cgs's output of one example: the printed lines, an error as `!! message`."""
    lines, out = raw.rstrip("\n").split("\n") if raw.strip() else [], []
    for l in lines:
        if l.startswith("Error: "):
            out.append("!! " + l[len("Error: "):])
            break
        out.append(l)
    return "\n".join(out)


def cgsuite_output(raw):
    lines = raw.rstrip("\n").split("\n")
    prints, result = lines[:-1], lines[-1].replace("\\n", "\n") if lines else ""
    return "\n".join(prints + ([result] if result else []))


def normal(s):
    s = "\n".join(l.rstrip() for l in s.split("\n")).strip("\n")
    if s.startswith("!! "):
        msg = s[3:].split("\n")[0].rstrip(".")
        return "!! Syntax error" if msg.startswith("Syntax error") else "!! " + msg
    return s


def resources_jar():
    exe = shutil.which("cgsuite-eval")
    if not exe:
        sys.exit("cgsuite-eval is not installed: CGSuite's answers are taken live from it")
    home = Path(os.path.realpath(exe)).parent.parent
    jar = home / "lib" / "cgsuite-core.jar"
    if not jar.is_file():
        sys.exit(f"no {jar}: cannot lay out CGSuite's class path")
    return exe, jar


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cgsuite", help="CGSuite checkout (bare git dir or work tree)")
    ap.add_argument("--cgs", default=str(ROOT / "target/release/cgs"))
    ap.add_argument("--page", help="only the pages whose path contains this")
    ap.add_argument("--timeout", type=float, default=120, help="seconds for one example (default 120)")
    ap.add_argument("--list", action="store_true", help="list the examples found, run nothing")
    ap.add_argument("--keep", help="lay the sessions' folders out here and keep them")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every example with both outputs")
    ap.add_argument("-q", "--quiet", action="store_true", help="print only the counts")
    a = ap.parse_args()
    pages = read_tree(a.cgsuite, HELP, ".cgsh")
    if not pages:
        sys.exit(f"no tutorial pages under {a.cgsuite}")
    order = [p for p in page_order(pages) if not a.page or a.page in p]
    parsed = {p: parse_page(pages[p]) for p in order}
    if a.list:
        for p in order:
            print(f"== {p}")
            for k, code in parsed[p]:
                print(f"  [{k}] {code!r}")
        return
    exe, jar = resources_jar()
    cgs = str(Path(a.cgs).resolve())
    tmp = Path(a.keep).resolve() if a.keep else Path(tempfile.mkdtemp(prefix="cgs-tutorials-"))
    work, dev = tmp / "work", tmp / "devbuild"
    for d in (work, dev):
        if d.exists():
            shutil.rmtree(d)
    work.mkdir(parents=True)
    res = dev / "lib/core/src/main/resources/org/cgsuite/lang/resources"
    with zipfile.ZipFile(jar) as z:
        for name in z.namelist():
            if name.startswith("org/cgsuite/lang/resources/") and not name.endswith("/"):
                target = res / name[len("org/cgsuite/lang/resources/"):]
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(z.read(name))
    (dev / "home").mkdir(parents=True)
    for rel, text in read_tree(a.cgsuite, EXAMPLES, ".cgs").items():
        for base in (work, res):
            (base / "examples" / rel).parent.mkdir(parents=True, exist_ok=True)
            (base / "examples" / rel).write_text(text)
    # Examples: (page, number, kind, code as typed, input evaluated, category, reason)
    examples, number = [], 0
    for p in order:
        name = Path(p).stem
        for kind, code in parsed[p]:
            number += 1
            m = CLASS_FILE.match(code)
            inp, cat, why = code, "compare", ""
            if m and kind == "typed" and code.rstrip().endswith("end"):
                for base in (work, res):
                    f = base / f"tutorial{number}" / f"{m.group(3)}.cgs"
                    f.parent.mkdir(parents=True, exist_ok=True)
                    f.write_text(code + "\n")
                inp, kind = f"tutorial{number}.{m.group(3)}", "class file"
            for pg, start, what in NOT_INPUT:
                if pg == name and code.strip() == start or pg == name and code.lstrip().startswith(start + " "):
                    cat, why = "not input", what
            for rx, reason in PARITY:
                if cat == "compare" and re.search(rx, code, re.M):
                    cat, why = "parity", reason
            examples.append((p, number, kind, code, inp, cat, why))
    env = dict(os.environ)
    env["CGSUITE_JAVA_OPTS"] = (env.get("CGSUITE_JAVA_OPTS", "") + f" -Dorg.cgsuite.devbuild={dev / 'home'}").strip()
    mark_line = f'"{MARK}"\n'
    suite = Session([exe], str(tmp), env, mark_line)
    results = {}
    for p in order:
        rows = [e for e in examples if e[0] == p]
        if not rows:
            continue
        suite.exchange(":clear\n" + mark_line, 600)
        mine = Session([cgs, "-i", "--output", "cgsuite", "--color", "never"], str(work), None, mark_line)
        done = []  # inputs run so far, replayed after a restart
        for (pg, num, kind, code, inp, cat, why) in rows:
            if cat == "not input":
                results[num] = (None, None)
                continue
            (work / f"ex{num}.cgs").write_text(inp + "\n")
            got = mine.exchange(f":load ex{num}.cgs\n" + mark_line, a.timeout)
            if got is None:
                mine.stop()
                mine.start()
                for d in done:
                    mine.exchange(f":load ex{d}.cgs\n" + mark_line, a.timeout)
                g = f"!! (no answer in {a.timeout:g} s)"
            else:
                g = cgs_output(got)
            want = suite.exchange(one_line(inp) + "\n" + mark_line, a.timeout)
            if want is None:
                suite.stop()
                suite.start()
                for d in done:
                    suite.exchange(one_line(next(e[4] for e in rows if e[1] == d)) + "\n" + mark_line, a.timeout)
                w = f"!! (no answer in {a.timeout:g} s)"
            else:
                w = cgsuite_output(want)
            done.append(num)
            results[num] = (g, w)
        mine.stop()
    suite.stop()

    print(f"CGSuite tutorials from {a.cgsuite}; cgs {cgs}; CGSuite's answers: cgsuite-eval (live)\n")
    print(f"{'page':48} {'examples':>8} {'agree':>6} {'differ':>6} {'parity':>6} {'not input':>9} {'no answer':>9}")
    tot = [0] * 6
    details = []

    def show(text):
        text = text or ""
        text = text if len(text) <= SHOWN else text[:SHOWN] + f" … ({len(text):,} characters)"
        return text.replace("\n", "\n               ")

    for p in order:
        rows = [e for e in examples if e[0] == p]
        if not rows:
            continue
        c = [0] * 6
        for (pg, num, kind, code, inp, cat, why) in rows:
            g, w = results[num]
            c[0] += 1
            if cat == "not input":
                c[4] += 1
                state = "not input: " + why
            elif cat == "parity":
                c[3] += 1
                state = "PARITY: " + why
            elif w.startswith("!! (no answer") and not g.startswith("!! (no answer"):
                c[5] += 1
                state = f"CGSuite gave no answer in {a.timeout:g} s"
            elif normal(g) == normal(w) and not w.startswith("!! (no answer"):
                c[1] += 1
                state = "agree"
            else:
                c[2] += 1
                state = "DIFFER"
            if a.verbose or (state == "DIFFER" and not a.quiet):
                details.append(f"[{p} #{num} {kind}] {state}\n    {inp.replace(chr(10), chr(10) + '    ')}\n"
                               f"      cgs:     {show(g)}\n      CGSuite: {show(w)}")
        tot = [x + y for x, y in zip(tot, c)]
        print(f"{p:48} {c[0]:8} {c[1]:6} {c[2]:6} {c[3]:6} {c[4]:9} {c[5]:9}")
    print(f"{'Total':48} {tot[0]:8} {tot[1]:6} {tot[2]:6} {tot[3]:6} {tot[4]:9} {tot[5]:9}")
    counted = tot[1] + tot[2]
    print(f"\n{tot[1]} of {counted} examples agree ({100.0 * tot[1] / max(counted, 1):.1f}%); "
          f"{tot[3]} deliberate differences (PARITY), {tot[4]} spans that are not inputs, "
          f"{tot[5]} that CGSuite did not answer within {a.timeout:g} s (cgs did)")
    if details:
        print("\n" + "\n".join(details))
    if not a.keep:
        shutil.rmtree(tmp)
    sys.exit(0 if tot[2] == 0 else 1)


if __name__ == "__main__":
    main()

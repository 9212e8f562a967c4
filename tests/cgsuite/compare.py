#!/usr/bin/env python3
"""Runs cgs over a recorded corpus file (`cgs input <TAB> CGSuite 2.2 output`, as generate.py and
generate_fresh.py write it) and reports the agreement: of the inputs CGSuite answers, how many cgs answers with
the same output. CGSuite's output is first rewritten as cgs writes it where docs/CGSUITE-PARITY.md lists the
difference as deliberate (game braces, positions printed as their call), as tests/integration/cgsuite.rs does.

    python3 tests/cgsuite/compare.py FILE.tsv [--cgs target/release/cgs] [--jobs 2] [--diffs diffs.txt]
                                     [--output cgsuite] [--agreed AGREED.tsv]
`--output cgsuite` runs cgs with `--output cgsuite` and compares its text with CGSuite's unchanged (for inputs
typed as a CGSuite user types them, generate_cgsuite.py); `--agreed` writes the rows whose answer agrees, with
`--max-seconds` leaving out the slow ones (wall time of one `cgs -e`), for corpus.tsv.
"""
import argparse, re, subprocess, sys, time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent


def as_cgs_writes(s, inp):
    out = list(s)
    stack, others, other, in_string = [], [], 0, False
    for i, c in enumerate(s):
        if in_string:
            if c == '"':
                in_string = False
            continue
        if c == '"':
            in_string = True
        elif c == '{':
            stack.append([i, False]); others.append(other); other = 0
        elif c in '([':
            other += 1
        elif c in ')]':
            other = max(0, other - 1)
        elif c == '|' and other == 0:
            if stack:
                stack[-1][1] = True
        elif c == '}':
            if stack:
                o, g = stack.pop()
                if g:
                    out[o] = '<'; out[i] = '>'
            other = others.pop() if others else 0
    t = "".join(out)
    cake = next((c for c in ["Cutcake", "Eatcake", "MaundyCake", "TurnAndEatcake"]
                 if inp.lstrip("(").startswith(c + "(")), None)
    heap = next((h for h in ["DawsonsKayles", "Kayles", "GrundysGame", "Nim"]
                 if re.search(r"(?<![A-Za-z0-9])%s\(" % h, inp)), None)
    r, rest = [], t
    while ".Position(" in rest:
        i = rest.index(".Position(")
        j = i
        while j > 0 and rest[j - 1].isalnum():
            j -= 1
        ident, after = rest[j:i], rest[i + len(".Position("):]
        if j == i:
            r.append(rest[:i + len(".Position(")])
            rest = after
            continue
        r.append(rest[:j])
        if ident == "GenCutcake" and cake and after.startswith("("):
            close = after.index(")") + 1 if ")" in after else len(after)
            r.append(cake + after[:close])
            rest = after[close:]
            if rest.startswith(")"):
                rest = rest[1:]
            continue
        if ident == "TakeAndBreak" and heap:
            r.append(heap + "(")
            rest = after
            continue
        r.append((ident[3:] if ident.startswith("Gen") and len(ident) > 3 else ident) + "(")
        rest = after
    r.append(rest)
    return "".join(r)


TIMES = {}  # input -> wall seconds of its `cgs -e` run

# Differences docs/CGSUITE-PARITY.md lists as deliberate (or CGSuite wrong), recognised by their form so that a
# fresh random run (`generate_cgsuite.py`) can report the agreement beside them: (reason, test on input, CGSuite's
# output, cgs's output). allowed.tsv names single inputs of the corpus; these name whole families.
def small_literal_member(inp):
    """Whether `inp` is a set or map literal of at most four elements followed by `.Head`, `.Tail`, `.Last`,
    `.ToList`, `.Max` or `.Min`: cgs iterates such a set in insertion order, as CGSuite 2.2 does (Scala's
    Set1..Set4; docs/LANGUAGE.md §10, "Sets and maps: iteration order"), so an order difference there is no
    longer deliberate."""
    m = re.match(r"^\(?(\{.*\})\)?\.(Head|Tail|Last|ToList|Max|Min)$", inp)
    if not m:
        return False
    body, depth, items, cur = m.group(1)[1:-1].replace("=>", "\0"), 0, set(), ""
    for ch in body:
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth -= 1
        elif depth == 0 and ch == "|":
            return False  # a game, not a set
        if depth == 0 and ch == ",":
            items.add(cur.split("\0")[0].strip())
            cur = ""
        else:
            cur += ch
    items.add(cur.split("\0")[0].strip())
    # Repeated elements (or keys) written alike count once; a count too high only keeps the exemption.
    return depth == 0 and body.strip() != "" and len(items) <= 4


DELIBERATE = [
    ("CGSuite prints a Scala/Java internal (`Collection.instance`, `<function1>`, `Vector(1, 2)`, `….instance`)",
     lambda i, s, c: any(x in s for x in ["Collection.instance", "<function1>", "Vector(", ".instance"])),
    ("the same elements in another order: CGSuite iterates sets, maps and mutable collections in hash order",
     lambda i, s, c: not s.startswith("!!") and not c.startswith("!!") and s != c and sorted(s) == sorted(c)
     and (s.startswith("{") or "Mutable" in i or "=>" in i) and not small_literal_member(i)),
    ("a mutable collection's first/found element, or a set's Max/Min fold: CGSuite takes them in its hash order",
     lambda i, s, c: not s.startswith("!!") and not c.startswith("!!") and
     (re.search(r"Mutable(Set|Map)\(.*\.(Head|Tail|Last|Find)\b", i) is not None
      or re.match(r"^\{[^|]*\}\.(Max|Min)$", i) is not None and not small_literal_member(i))),
    ("a set literal's first elements or its list: cgs iterates sets of five or more elements in display order, "
     "CGSuite in hash order",
     lambda i, s, c: not s.startswith("!!") and not c.startswith("!!")
     and re.match(r"^\{[^|]*\}\.(Head|Tail|Last|ToList)$", i) is not None and not small_literal_member(i)),
    ("play in a selective compound: cgs keeps it selective after a move ([WW] ch. 9), CGSuite 2.2 continues as a "
     "disjunctive or conjunctive compound",
     lambda i, s, c: not s.startswith("!!") and re.search(
         r"SelectiveSum\b.*\.(Options|LeftOptions|RightOptions|Sensible\w+|Followers|FollowerCount|OutcomeClass|"
         r"MisereOutcomeClass|CanonicalForm|GameValue)\b", i) is not None),
    ("AntiClobber splitting at empty cells: CGSuite 2.2 is wrong (checked by brute force from the rules)",
     lambda i, s, c: "AntiClobber" in i and not c.startswith("!!")),
]


def deliberate(inp, want, got):
    for reason, test in DELIBERATE:
        if test(inp, want, got):
            return reason
    return None


def run_cgs(cgs, src, timeout, output=None):
    flags = ["--output", output] if output else []
    start = time.monotonic()
    try:
        p = subprocess.run([cgs, "--color", "never"] + flags + ["-e", src], capture_output=True, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return "!! (timeout)"
    TIMES[src] = time.monotonic() - start
    if p.returncode != 0 or p.stderr.startswith("Error"):
        for line in p.stderr.splitlines():
            if line.startswith("Error: "):
                return "!! " + line[len("Error: "):]
        return "!! " + (p.stderr.strip().splitlines() or ["(no message)"])[0]
    return p.stdout.rstrip("\n").replace("\n", "\\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--cgs", default=str(HERE.parent.parent / "target/release/cgs"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--diffs", default=None)
    ap.add_argument("--output", default=None, choices=["cgs", "cgsuite"])
    ap.add_argument("--agreed", default=None)
    ap.add_argument("--max-seconds", type=float, default=None, help="--agreed keeps only inputs cgs answers within")
    args = ap.parse_args()
    rows = [l.rstrip("\n").split("\t", 1) for l in open(args.file) if not l.startswith("#") and l.strip()]
    allowed = {l.split("\t", 1)[0] for l in open(HERE / "allowed.tsv") if not l.startswith("#")}
    with ThreadPoolExecutor(args.jobs) as ex:
        got = list(ex.map(lambda row: run_cgs(args.cgs, row[0], args.timeout, args.output), rows))
    answered = agree = ext = known = 0
    diffs, agreed = [], []
    for (inp, want0), g in zip(rows, got):
        want = want0 if args.output == "cgsuite" else as_cgs_writes(want0, inp)
        if g == want and (args.max_seconds is None or TIMES.get(inp, 0) <= args.max_seconds):
            agreed.append("%s\t%s\n" % (inp, want0))
        if want.startswith("!! Not a method or member variable") and not g.startswith("!!"):
            ext += 1
            continue
        if not want.startswith("!!"):
            answered += 1
            if g == want:
                agree += 1
            elif inp in allowed or deliberate(inp, want, g):
                known += 1
        if g != want:
            tag = "[allowed] " if inp in allowed else ("[deliberate] " if deliberate(inp, want, g) else "")
            diffs.append("%s%s\n    CGSuite: %s\n    cgs:     %s" % (tag, inp, want, g))
    print("agreement: %d of %d inputs CGSuite answers (%.2f%%); %d inputs, %d cgs extensions, %d differences"
          % (agree, answered, 100.0 * agree / max(answered, 1), len(rows), ext, len(diffs)))
    print("agreement besides the %d documented deliberate differences (allowed.tsv, DELIBERATE): %d of %d (%.2f%%)"
          % (known, agree, answered - known, 100.0 * agree / max(answered - known, 1)))
    if args.agreed:
        Path(args.agreed).write_text("".join(agreed))
    if args.diffs:
        Path(args.diffs).write_text("\n".join(diffs) + "\n")
    else:
        print("\n".join(diffs))


if __name__ == "__main__":
    main()

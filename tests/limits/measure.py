#!/usr/bin/env python3
"""Measures the inputs of issue 19 for docs/LIMITS.md: time to result or error and peak RSS of each (one `cgs`
process, `/usr/bin/time -f '%e s %M KiB'`), and Ctrl-C latency through a pseudo-terminal for the long ones.

Usage: python3 tests/limits/measure.py [CGS_BINARY] [--timeout SECONDS] [--only SUBSTRING...] [--skip SUBSTRING...]
    > table.md
(default ./target/release/cgs and 600 s; with --only, just the inputs containing one of the substrings, both
tables; with --skip, the first table without the inputs containing one of them)

Every run gets `--max-memory 2G` so that the measurement cannot take a shared machine's memory; the figures are
wall-clock seconds and depend on the machine's load (say so beside them).
"""
import os, pty, re, select, subprocess, sys, time

def option_list(args, name):
    """The values after `name` up to the next `--` option, and the arguments without them."""
    if name not in args:
        return None, args
    i = args.index(name)
    j = next((k for k in range(i + 1, len(args)) if args[k].startswith("--")), len(args))
    return args[i + 1 : j], args[:i] + args[j:]


ARGS = sys.argv[1:]
ONLY, ARGS = option_list(ARGS, "--only")
SKIP, ARGS = option_list(ARGS, "--skip")
TIMEOUT_ARG, ARGS = option_list(ARGS, "--timeout")
CGS = ARGS[0] if ARGS else "./target/release/cgs"
BUDGET = ["--max-memory", "2G"]
TIMEOUT = int(TIMEOUT_ARG[0]) if TIMEOUT_ARG else 600

D6 = "|".join(["......"] * 6)
RUNS = [
    "* : 40000",
    "Up(10^5)",
    "Up(10^7)",
    "<1|0> : *19",
    "Misere(10^5)",
    "(*20).Overheat(1,2)",
    "(*100).Heat(1)",
    f'Domineering("{D6}").CanonicalForm',
    's := "ab"; for i from 1 to 31 do s := s + s end; s.Length',
    "l := [1]; for i from 1 to 31 do l := l.Concat(l) end; l.Length",
    "ruleset T\n def Options(n, player) := if n > 0 then [n - 1] else [] end\n def Components(n) := [n]\nend;\nT(3).CanonicalForm",
    "ruleset T\n def Options(n, player) := if n > 0 then [n - 1] else [] end\n def Components(n) := [n + 1]\nend;\nT(3).CanonicalForm",
    "Kayles(30).MisereCanonicalForm",
    "Kayles.CheckPeriodicity(10^7)",
    "(10^(10^6)).Isqrt == 10^(5*10^5)",
    "x := {}; for i from 1 to 20 do x := {x} end; x",
    "(*:10^6).Mean",
    "(*:10^6).Temperature",
    "(*:10^6).Thermograph",
    "(*:10^6).Cool(1)",
    "(*:10^6).Freeze",
    "(*:10^6).SumberForm",
    "(*:10^6).IsSumber",
    "Up(2^20)",
    "*1000 + (+-1)",
    "(*16383).Thermograph",
    "(*2000).PowTo(2)",
    'Clobber("' + "xo" * 16 + '").CanonicalForm',
    "x := [1]; for i from 1 to 40 do x := [x, x] end; x",
    'Hackenbush("((((l")',
    "ruleset T\n def Options(n, player) := []\n def Options(n, player) := []\nend",
    "{3|-1}",
    "-1/2",
    "+-1/2",
    "a := 3^(8*10^6); b := 7^(5*10^6); x := a * b; x",
]

# Inputs whose Ctrl-C latency is measured: (input, seconds to wait before Ctrl-C[, a line run first]).
BIG = "a := 3^(8*10^6); b := 7^(5*10^6)"
INTERRUPTS = [
    ("g := (*100).Heat(1)", 2),
    ("(*20).Overheat(1,2)", 2),
    # a misère subtraction of big forms (Kayles(30)'s form itself is printed in 0.07 s since issue 19)
    ("(Kayles(30).MisereCanonicalForm + k).MisereMinus(k)", 2, "k := Kayles(28).MisereCanonicalForm"),
    ("for i from 1 to 50 do Kayles.CheckPeriodicity(10^7 - i) end", 2),
    ("for i from 1 to 1000 do (10^(10^6) + i).Isqrt end", 2),
    ("(10^(10^6)).Isqrt", 0.3),
    ("for i from 1 to 100 do 3^(8*10^6) + i end", 2),
    ("x := [1]; for i from 1 to 40 do x := [x, {x}] end; x", 2),
    (f'Domineering("{D6}").CanonicalForm', 2),
    # big integers (after the line that builds them): one product, one division, printing all the digits
    ("a * b", 1, BIG),
    ("a.Div(7^(3*10^6))", 2, BIG),
    ("x", 3, BIG + "; x := a * b"),
    # huge fractions and gcds: the reduction by a gcd
    ("(3^(10^6))/(7^(10^6)) < 1", 2),
    ("(3^(10^6)).Gcd(7^(10^6))", 2),
]


def shown(src):
    return src.replace("\n", " ⏎ ").replace("|", "\\|")


def run(src):
    cmd = ["/usr/bin/time", "-f", "%e s %M KiB", CGS, *BUDGET, "-e", src]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT, env={**os.environ, "NO_COLOR": "1"})
    except subprocess.TimeoutExpired:
        return f"over {TIMEOUT} s", "", "timeout"
    lines = p.stderr.strip().splitlines()
    figures = lines[-1] if lines else "?"
    errors = [l for l in lines if l.startswith("Error")]
    if errors:
        outcome = errors[0][:70]
    else:
        out = p.stdout.strip()
        outcome = "result: " + (out[:50] + "…" if len(out) > 50 else out)
    secs, rss = re.match(r"([\d.]+) s (\d+) KiB", figures).groups() if re.match(r"[\d.]+ s \d+ KiB", figures) else ("?", "?")
    mib = f"{int(rss) / 1024:.0f} MiB" if rss != "?" else "?"
    return f"{secs} s", mib, outcome


def latency(src, wait, setup=None):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["CGS_HISTORY"] = ""
        os.environ["TERM"] = "dumb"
        os.execv(CGS, [CGS, *BUDGET, "--print-limit", "none"])
    buf = b""

    def until(pattern, limit):
        nonlocal buf
        end = time.time() + limit
        while pattern not in buf:
            left = end - time.time()
            if left <= 0:
                return False
            r, _, _ = select.select([fd], [], [], left)
            if r:
                try:
                    buf += os.read(fd, 65536)
                except OSError:
                    return False
            if len(buf) > 1 << 20:
                buf = buf[-4096:]
        return True

    until(b"cgs> ", 30)
    if setup:
        buf = b""
        os.write(fd, setup.encode() + b"\r")
        until(b"cgs> ", TIMEOUT)
    buf = b""
    os.write(fd, src.encode() + b"\r")
    time.sleep(wait)
    buf = b""
    t = time.time()
    os.write(fd, b"\x03")
    ok = until(b"Interrupted.", 60)
    took = time.time() - t
    os.write(fd, b":quit\r")
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    return f"{took * 1000:.0f} ms" if ok else "no interrupt within 60 s"


if ONLY is not None:
    RUNS = [r for r in RUNS if any(o in r for o in ONLY)]
    INTERRUPTS = [r for r in INTERRUPTS if any(o in r[0] or o in (r[2:] or [""])[0] for o in ONLY)]
if SKIP is not None:
    RUNS = [r for r in RUNS if not any(o in r for o in SKIP)]

print("| input | time to result/error | peak RSS | outcome |")
print("|---|---|---|---|")
for src in RUNS:
    t, rss, outcome = run(src)
    print(f"| `{shown(src)}` | {t} | {rss} | {shown(outcome)} |", flush=True)
print()
print("| input (REPL in a pty, `--print-limit none`, Ctrl-C after the wait) | wait | Ctrl-C latency |")
print("|---|---|---|")
for src, wait, *setup in INTERRUPTS:
    first = f"`{shown(setup[0])}` ⏎ " if setup else ""
    print(f"| {first}`{shown(src)}` | {wait} s | {latency(src, wait, *setup)} |", flush=True)

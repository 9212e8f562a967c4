#!/usr/bin/env python3
"""Ctrl-C latency of long loopy computations (issue 34): starts the REPL in a pseudo-terminal, types an input,
presses Ctrl-C after each wait and times until `Interrupted.` appears (as tests/limits/measure.py does).

Usage: [LOOPY_INPUTS=0,2] python3 tests/perf/loopy-interrupt.py [CGS_BINARY] [WAIT_SECONDS...]
Prints one table row per (input, wait). On a loaded machine the wall-clock latency is mostly waiting for a
core, so the CPU the process spent between Ctrl-C and `Interrupted.` (from /proc, in 10 ms ticks) is printed
beside it: the work done after the key (reaching a polling point, unwinding, freeing the graph).
"""
import os, pty, select, sys, time

CGS = sys.argv[1] if len(sys.argv) > 1 else "target/release/cgs"
WAITS = [float(w) for w in sys.argv[2:]] or [0.5, 2, 5, 10, 20]
INPUTS = [
    "game.grid.FoxAndGeese({(8,2),(8,4),(8,6),(8,8)}, (1,5)).GameValue",
    "ByRules(game.grid.FoxAndGeese({(8,2),(8,4),(8,6),(8,8)}, (1,5))).GameValue",
    "game.grid.FoxAndGeese({(8,2),(8,4),(8,6),(8,8)}, (1,5)).OutcomeClass",
]


def latency(src, wait):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["CGS_HISTORY"] = ""
        os.environ["TERM"] = "dumb"
        os.execv(CGS, [CGS, "--max-memory", "2G", "--print-limit", "none"])
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
        return True

    until(b"cgs> ", 30)
    buf = b""
    os.write(fd, src.encode() + b"\r")
    time.sleep(wait)
    finished = b"cgs> " in buf
    buf = b""
    c = cpu(pid)
    t = time.time()
    os.write(fd, b"\x03")
    ok = until(b"Interrupted.", 60)
    took = time.time() - t
    spent = cpu(pid) - c
    os.write(fd, b":quit\r")
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    if finished:
        return "finished before the wait | "
    return f"{took * 1000:.0f} ms | {spent * 1000:.0f} ms" if ok else "no interrupt within 60 s | "


def cpu(pid):
    """The process's CPU seconds (user + sys; clock ticks of 10 ms)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# LOOPY_INPUTS=0,2 picks some of the inputs (by position in INPUTS).
if os.environ.get("LOOPY_INPUTS"):
    INPUTS = [INPUTS[int(i)] for i in os.environ["LOOPY_INPUTS"].split(",")]

print("| input (REPL in a pty, Ctrl-C after the wait) | wait | Ctrl-C latency (wall) | CPU spent meanwhile |")
print("|---|---|---|---|")
for src in INPUTS:
    for w in WAITS:
        print(f"| `{src}` | {w} s | {latency(src, w)} |", flush=True)

"""The cost of a table row beyond its computation: a function that does nothing (`n -> n`) over many rows,
in one session (`Session.map_rows`, what every worker runs) and through `cgs.table` on a local pool.

    python examples/python/row_overhead.py [ROWS]
"""

import resource
import sys
import time

import cgs


def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    s = cgs.Session()
    t0, c0 = time.perf_counter(), cpu()
    rows = s.map_rows("n -> n", list(range(n)))
    wall, cpu_s = time.perf_counter() - t0, cpu() - c0
    assert [v for _, v in rows] == list(range(n))
    print(f"map_rows: {n} rows, {wall / n * 1e6:.1f} us wall and {cpu_s / n * 1e6:.1f} us CPU per row")
    t0 = time.perf_counter()
    df = cgs.table("n -> n", range(n), workers=1, progress=False)
    wall = time.perf_counter() - t0
    assert list(df.value) == list(range(n))
    print(f"cgs.table (one worker process, start-up included): {wall / n * 1e6:.1f} us wall per row")

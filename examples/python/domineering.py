"""Canonical values of every Domineering rectangle up to area 24, on every local core.

    python examples/python/domineering.py

Writes domineering.parquet (a re-run skips the rectangles already done) and prints the table.
"""

import cgs

if __name__ == "__main__":
    shapes = [(m, n) for m in range(1, 25) for n in range(1, 25) if m * n <= 24]
    df = cgs.table("mn -> Domineering(Grid(mn[1], mn[2])).CanonicalForm", shapes, out="domineering.parquet")
    for (m, n), value, error in zip(df.param, df.value, df.error):
        print(f"{m}x{n}: {error or value}")
    print(f"{df.attrs['computed']} computed in {df.attrs['seconds']:.1f} s")

"""A user's own ruleset over many positions: Wythoff's game (a queen moving down, left or diagonally
down-left), defined in cgs in `setup` once per worker, its nim value at every [a, b] with a, b < 30.

    python examples/python/ruleset.py [scheduler-address]

With a Dask scheduler address the same call runs on that cluster.
"""

import sys

import cgs

SETUP = """
ruleset WytQueens
  def Options(s) := [[s[1] - k, s[2]] for k from 1 to s[1]].Concat([[s[1], s[2] - k] for k from 1 to s[2]]).Concat(
                    [[s[1] - k, s[2] - k] for k from 1 to (if s[1] < s[2] then s[1] else s[2] end)])
end
"""

if __name__ == "__main__":
    client = None
    if len(sys.argv) > 1:
        from distributed import Client

        client = Client(sys.argv[1])
    positions = [[a, b] for a in range(30) for b in range(30)]
    df = cgs.table("s -> WytQueens(s).NimValue", positions, setup=SETUP, client=client)
    p_positions = [tuple(p) for p, v in zip(df.param, df.value) if v == 0]
    # The P-positions of Wythoff's game are the pairs (floor(k*phi), floor(k*phi^2)) and their mirrors.
    print("P-positions:", sorted(p_positions))

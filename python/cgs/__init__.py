"""cgs from Python: combinatorial game theory values, and value tables over many cores and machines.

    >>> import cgs
    >>> print(cgs.eval("<0,*|0>"))
    ^*

`cgs.eval` runs source in the default session; `cgs.Session()` makes a separate one (its own variables,
rulesets and memo tables). Integers come back as `int`, rationals as `fractions.Fraction`, booleans, strings,
lists, sets (`frozenset`), tuples and maps (`dict`) as themselves; games as `cgs.Game` (hashable, picklable,
with operators and every cgs member), everything else (thermographs, functions, positions …) as `cgs.Value`.
Errors raise `cgs.CgsError`. `cgs.table` applies a cgs function to many parameters on every local core or on a
Dask cluster.
"""

from ._cgs import CgsError, Game, Session, Value, default_session, max_memory, set_print_limit
from ._cgs import set_max_memory_py as _set_max_memory

__all__ = [
    "CgsError",
    "Game",
    "Session",
    "Value",
    "default_session",
    "eval",
    "run",
    "max_memory",
    "set_max_memory",
    "set_print_limit",
    "table",
]


def eval(src):  # noqa: A001 - the natural name, as in the cgs command line's `-e`
    """Evaluates cgs source in the default session and returns the value of its last statement."""
    return default_session().eval(src)


def run(path):
    """Runs a cgs script file in the default session and returns the value of its last statement."""
    return default_session().run(path)


def set_max_memory(size):
    """Sets the memory budget of every session of this process: bytes, or a size such as ``"4G"``."""
    _set_max_memory(size)


def _decode(data):
    """Unpickles a `cgs.Game` (by its canonical encoding) into the default session."""
    return default_session().decode(data)


from ._table import table  # noqa: E402

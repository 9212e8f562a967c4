from os import PathLike
from typing import Any, Iterable, Optional, Union

from ._cgs import CgsError as CgsError
from ._cgs import Game as Game
from ._cgs import Session as Session
from ._cgs import Value as Value
from ._cgs import default_session as default_session
from ._cgs import max_memory as max_memory
from ._cgs import set_print_limit as set_print_limit

def eval(src: str) -> Any: ...
def run(path: Union[str, PathLike[str]]) -> Any: ...
def set_max_memory(size: Union[int, str]) -> None: ...
def table(
    fn: str,
    params: Iterable[Any],
    *,
    setup: str = "",
    client: Any = None,
    out: Union[str, PathLike[str], None] = None,
    batch_size: Optional[int] = None,
    workers: Optional[int] = None,
    progress: bool = True,
) -> Any:
    """A pandas DataFrame (`param`, `value`, `error`): `fn` applied to each parameter (see `cgs._table.table`)."""

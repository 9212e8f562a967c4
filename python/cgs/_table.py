"""`cgs.table`: a cgs function applied to many parameters, on every local core or on a Dask cluster."""

import json
from fractions import Fraction
import os
import pickle
import threading
import time
import uuid

__all__ = ["table"]

# ---- the worker side ------------------------------------------------------------------------------------

_local = threading.local()


def _session_for(setup):
    """This worker thread's session for `setup` (created, and `setup` run, once; kept across tasks, so its
    memo tables serve every later row)."""
    from . import Session

    sessions = getattr(_local, "sessions", None)
    if sessions is None:
        sessions = _local.sessions = {}
    s = sessions.get(setup)
    if s is None:
        s = Session()
        if setup:
            s.eval(setup)
        sessions[setup] = s
    return s


_PLAIN = frozenset((int, bool, float, str, type(None), Fraction))


def _portable(v):
    """A row's value as something that crosses processes: games by their encoding (they pickle), other cgs
    values (thermographs, functions …) by their printed form. A list of plain values (a nim sequence) is
    returned as it is after one scan of its element types in C (`set(map(type, …))`): checking each element
    in Python cost more than the computation of a short row."""
    from . import Game, Value

    t = type(v)
    if t in _PLAIN:
        return v
    if isinstance(v, Game):
        return v
    if isinstance(v, Value):
        return str(v)
    if isinstance(v, (list, tuple, frozenset)):
        if set(map(type, v)) <= _PLAIN:
            return v
        if isinstance(v, list):
            return [_portable(x) for x in v]
        if isinstance(v, tuple):
            return tuple(_portable(x) for x in v)
        return frozenset(_portable(x) for x in v)
    if isinstance(v, dict):
        return {_portable(k): _portable(x) for k, x in v.items()}
    return v


def _run_batch(setup, fn, batch):
    """Runs one batch `[(index, param), …]`: `[(index, value, error), …]` (error: the cgs message, or None),
    and the seconds spent inside cgs."""
    s = _session_for(setup)
    t0 = time.perf_counter()
    results = s.map_rows(fn, [p for _, p in batch])
    spent = time.perf_counter() - t0
    out = []
    for (i, _), (ok, v) in zip(batch, results):
        if ok:
            out.append((i, _portable(v), None))
        else:
            out.append((i, None, getattr(v, "message", str(v))))
    return out, spent


# ---- the Parquet store ----------------------------------------------------------------------------------


def _key(param):
    return pickle.dumps(param, protocol=4)


class _Store:
    """A directory of Parquet parts (`out`), one per finished batch, written atomically: a re-run reads the
    parts and skips their parameters. `pandas.read_parquet(out)` reads the whole table."""

    def __init__(self, path, fn, setup):
        self.path = os.fspath(path)
        os.makedirs(self.path, exist_ok=True)
        meta_path = os.path.join(self.path, "_cgs_table.json")
        meta = {"fn": fn, "setup": setup}
        if os.path.exists(meta_path):
            with open(meta_path) as f:
                old = json.load(f)
            if old != meta:
                raise ValueError(
                    f"{self.path} holds a table of another function or setup ({old['fn']!r}); "
                    "use another `out`, or delete it"
                )
        else:
            with open(meta_path, "w") as f:
                json.dump(meta, f)

    def done(self):
        """{param key: (value, error)} of every row already written (unreadable parts are removed: their rows
        are computed again)."""
        import pyarrow.parquet as pq

        done = {}
        for name in sorted(os.listdir(self.path)):
            full = os.path.join(self.path, name)
            if name.endswith(".tmp"):
                os.remove(full)
                continue
            if not name.endswith(".parquet"):
                continue
            try:
                t = pq.read_table(full, columns=["param_pickle", "value_pickle", "error"]).to_pydict()
            except Exception:
                os.remove(full)
                continue
            for k, v, e in zip(t["param_pickle"], t["value_pickle"], t["error"]):
                done[k] = (None if v is None else pickle.loads(v), e)
        return done

    def write(self, rows):
        """Writes rows `[(param, value, error), …]` as one new part."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        data = {
            "param": [repr(p) for p, _, _ in rows],
            "value": [None if e is not None else _text(v) for _, v, e in rows],
            "error": [e for _, _, e in rows],
            "param_pickle": [_key(p) for p, _, _ in rows],
            "value_pickle": [None if e is not None else pickle.dumps(v, protocol=4) for _, v, e in rows],
        }
        schema = pa.schema(
            [
                ("param", pa.string()),
                ("value", pa.string()),
                ("error", pa.string()),
                ("param_pickle", pa.binary()),
                ("value_pickle", pa.binary()),
            ]
        )
        name = os.path.join(self.path, f"part-{time.time_ns()}-{uuid.uuid4().hex[:8]}.parquet")
        pq.write_table(pa.table(data, schema=schema), name + ".tmp")
        os.replace(name + ".tmp", name)


def _text(v):
    """A value's readable form in the Parquet file (the exact value is in `value_pickle`)."""
    from . import Value

    if isinstance(v, Value):
        return str(v)
    if isinstance(v, list):
        return "[" + ", ".join(_text(x) for x in v) + "]"
    if isinstance(v, tuple):
        return "(" + ", ".join(_text(x) for x in v) + ")"
    return str(v)


# ---- the driver -----------------------------------------------------------------------------------------


def _batches(todo, batch_size, workers):
    if batch_size is None:
        # Many batches per worker (rows differ in cost: balance, and streaming), few enough that a task's fixed
        # cost (milliseconds) stays small against its rows.
        batch_size = max(1, min(256, len(todo) // (workers * 32) or 1))
    return [todo[i : i + batch_size] for i in range(0, len(todo), batch_size)]


def _in_order(n, completed):
    """Yields the results of batches 0..n-1 in order, from `completed` (pairs (batch number, result) in any
    order)."""
    waiting = {}
    nxt = 0
    for b, r in completed:
        waiting[b] = r
        while nxt in waiting:
            yield nxt, waiting.pop(nxt)
            nxt += 1


def _local_results(setup, fn, batches, workers):
    """Runs the batches on a pool of local processes. A worker that dies (killed, out of memory) breaks the
    pool: the batches it had not finished go to a fresh pool; a batch that breaks a pool twice is run a row at a
    time, and a row that breaks one then is that row's error, so one bad row never loses the others."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed
    from concurrent.futures.process import BrokenProcessPool

    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    pending = dict(enumerate(batches))
    breaks = {}

    def completed():
        while pending:
            with ProcessPoolExecutor(max_workers=min(workers, len(pending)), mp_context=context) as pool:
                try:
                    # Inside the `try`: a worker killed while batches are still being submitted breaks the pool
                    # already, and `submit` raises.
                    futures = {pool.submit(_run_batch, setup, fn, b): i for i, b in pending.items()}
                    for f in as_completed(futures):
                        i = futures[f]
                        result = f.result()
                        del pending[i]
                        yield i, result
                except BrokenProcessPool:
                    # Whatever had not come back is run again. The pool hands batches out in order, a worker's
                    # worth plus one queued ahead, so only the first few pending ones can have been running:
                    # the break counts against those.
                    for i in sorted(pending)[: workers + 1]:
                        breaks[i] = breaks.get(i, 0) + 1
            for i in [i for i in pending if breaks.get(i, 0) >= 2]:
                yield i, _rows_alone(setup, fn, pending.pop(i), context)

    yield from _in_order(len(batches), completed())


def _rows_alone(setup, fn, batch, context):
    """A batch that broke its pool twice: each row in a pool of its own, a row whose worker dies gets an error."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    out, spent = [], 0.0
    for row in batch:
        with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
            try:
                rows, s = pool.submit(_run_batch, setup, fn, [row]).result()
                out.extend(rows)
                spent += s
            except BrokenProcessPool:
                out.append((row[0], None, "The worker process running this row died (killed, or out of memory)."))
    return out, spent


def _dask_results(setup, fn, batches, client):
    from distributed import as_completed

    futures = [client.submit(_run_batch, setup, fn, b, pure=False) for b in batches]
    number = {f.key: i for i, f in enumerate(futures)}

    def completed():
        for f in as_completed(futures):
            yield number[f.key], f.result()
            f.release()

    yield from _in_order(len(batches), completed())


def table(fn, params, *, setup="", client=None, out=None, batch_size=None, workers=None, progress=True):
    """Applies the cgs function `fn` (source, such as ``"code -> TakeAndBreak(code).NimValueSequence(100)"``) to
    each parameter of `params`, after running `setup` (rulesets, classes, `def`s) once per worker.

    Returns a pandas DataFrame with one row per parameter, in order: `param`, `value`, and `error` (the cgs
    message where that row failed; the other rows are unaffected). With no `client`, runs on a pool of local
    processes (`workers`, default every core); with `client` (a `dask.distributed.Client`), on that cluster:
    each worker keeps one session per setup across the tasks it runs, rows go in batches (`batch_size`) and
    results come back in order. With `out` (a directory, e.g. ``"values.parquet"``), every finished batch is
    written there at once, and a re-run of the same table skips the rows already written. `progress` shows a
    `tqdm` bar (when tqdm is installed). `df.attrs` holds `computed` (rows computed by this call), `seconds`
    (wall time) and `cgs_seconds` (time spent inside cgs, summed over workers).
    """
    import pandas as pd

    if not isinstance(fn, str):
        raise TypeError("fn is cgs source, such as 'n -> n + 1'")
    params = list(params)
    start = time.perf_counter()
    store = _Store(out, fn, setup) if out is not None else None
    done = store.done() if store else {}
    values = [None] * len(params)
    errors = [None] * len(params)
    todo = []
    for i, p in enumerate(params):
        k = _key(p) if done else None
        if k is not None and k in done:
            values[i], errors[i] = done[k]
        else:
            todo.append((i, p))
    if client is None:
        workers = workers or os.cpu_count() or 1
    else:
        workers = workers or max(1, sum(client.nthreads().values()))
    batches = _batches(todo, batch_size, workers)
    bar = None
    if progress and todo:
        try:
            from tqdm.auto import tqdm

            bar = tqdm(total=len(todo), unit="row", desc="cgs.table")
        except ImportError:
            pass
    cgs_seconds = 0.0
    if batches:
        if client is None:
            results = _local_results(setup, fn, batches, min(workers, len(batches)))
        else:
            results = _dask_results(setup, fn, batches, client)
        try:
            for _, (rows, spent) in results:
                cgs_seconds += spent
                for i, v, e in rows:
                    values[i], errors[i] = v, e
                if store:
                    store.write([(params[i], v, e) for i, v, e in rows])
                if bar:
                    bar.update(len(rows))
        finally:
            if bar:
                bar.close()
    df = pd.DataFrame(
        {"param": params, "value": pd.Series(values, dtype=object), "error": pd.Series(errors, dtype=object)}
    )
    df.attrs.update(computed=len(todo), seconds=time.perf_counter() - start, cgs_seconds=cgs_seconds)
    return df

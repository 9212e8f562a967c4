"""cgs.table: local pool, a Dask LocalCluster, a killed worker, Parquet resume."""

import os

import pandas as pd
import pytest

import cgs

SETUP = """
def Grundy(n) := if n < 3 then 0 else 1 end
"""
CODES = [f"0.{a}{b}" for a in range(8) for b in range(8)]
FN = "code -> TakeAndBreak(code).NimValueSequence(60)"


@pytest.fixture(scope="module")
def local():
    return cgs.table(FN, CODES, progress=False)


def test_local_table(local):
    assert list(local.columns) == ["param", "value", "error"]
    assert list(local.param) == CODES
    assert local.error.isna().all()
    # 0.33 lets a player take 1 or 2 from a heap: the subtraction game S(1,2), whose heap n has nim value
    # n mod 3 (Winning Ways); the sequence starts at heap 1.
    nim_sequence = local.set_index("param").value["0.33"]
    assert nim_sequence[:9] == [1, 2, 0, 1, 2, 0, 1, 2, 0]
    assert local.attrs["computed"] == len(CODES)


def test_setup_runs_once_per_worker_and_bad_rows_do_not_lose_others():
    df = cgs.table("n -> if n == 3 then [1][5] else Grundy(n) + n end", range(6), setup=SETUP, progress=False, workers=2)
    assert list(df.value[:3]) == [0, 1, 2] and list(df.value[4:]) == [5, 6]
    assert df.error[3] == "Index out of bounds: 5." and df.value[3] is None
    assert df.error.drop(index=3).isna().all()


def test_games_come_back_from_workers():
    df = cgs.table("n -> n * ^ + *", range(4), progress=False, workers=2, batch_size=1)
    assert [str(v) for v in df.value] == ["*", "^*", "^^*", "^3*"]


def test_dask_cluster_equals_local(cluster, local):
    _, client = cluster
    df = cgs.table(FN, CODES, client=client, progress=False)
    pd.testing.assert_frame_equal(df, local)


def test_a_worker_killed_mid_sweep(cluster, local):
    c, client = cluster
    import threading
    import time

    def kill():
        time.sleep(0.5)
        # Kill one worker process outright; its nanny restarts it and Dask runs its tasks again.
        pid = list(client.run(os.getpid).values())[0]
        os.kill(pid, 9)

    t = threading.Thread(target=kill)
    t.start()
    # Slow rows (a sleep-free busy function) so the kill lands mid-sweep.
    df = cgs.table(
        "code -> TakeAndBreak(code).NimValueSequence(60)", CODES * 6, client=client, progress=False, batch_size=4
    )
    t.join()
    assert list(df.value) == list(local.value) * 6
    assert df.error.isna().all()


def test_resume_from_a_half_written_table(tmp_path, local):
    out = tmp_path / "values.parquet"
    first = cgs.table(FN, CODES[:30], out=out, progress=False, batch_size=5)
    assert first.attrs["computed"] == 30
    # A run killed mid-write leaves a temporary part, and a truncated part: both are ignored.
    parts = sorted(p for p in os.listdir(out) if p.endswith(".parquet"))
    (out / "part-killed.parquet.tmp").write_bytes(b"PAR1 half")
    with open(out / parts[-1], "r+b") as f:
        f.truncate(100)
    df = cgs.table(FN, CODES, out=out, progress=False)
    assert df.attrs["computed"] == len(CODES) - 25
    pd.testing.assert_frame_equal(df, local)
    # The directory reads as one table with pandas, and a third run computes nothing.
    assert len(pd.read_parquet(out)) == len(CODES)
    again = cgs.table(FN, CODES, out=out, progress=False)
    assert again.attrs["computed"] == 0
    pd.testing.assert_frame_equal(again, local)
    with pytest.raises(ValueError):
        cgs.table("n -> n", CODES, out=out, progress=False)


def test_a_local_worker_killed_mid_sweep(local):
    """The local pool: a worker process killed outright (as the OOM killer would) breaks the pool; the rows it
    had not returned run again on a fresh pool and the table comes back complete and equal."""
    import multiprocessing
    import signal
    import threading
    import time

    killed = []
    # Only processes started after this point are the pool's (a Dask cluster of another test may have its own).
    before = {p.pid for p in multiprocessing.active_children()}

    def kill():
        deadline = time.time() + 30
        while time.time() < deadline and not killed:
            # The pool's workers are this process's multiprocessing children (the forkserver is not one).
            for p in multiprocessing.active_children():
                if p.pid in before:
                    continue
                try:
                    os.kill(p.pid, signal.SIGKILL)
                    killed.append(p.pid)
                    break
                except ProcessLookupError:
                    pass
            time.sleep(0.02)

    t = threading.Thread(target=kill)
    t.start()
    # Rows long enough (seconds in all) that the kill lands mid-sweep; the reference is one in-process session.
    slow = "code -> TakeAndBreak(code).NimValueSequence(1500)"
    df = cgs.table(slow, CODES, progress=False, workers=2, batch_size=2)
    t.join()
    assert killed, "no worker process was found to kill"
    want = [v for ok, v in cgs.Session().map_rows(slow, CODES)]
    assert list(df.value) == want
    assert df.error.isna().all()


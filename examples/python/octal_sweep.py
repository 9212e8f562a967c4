"""Nim-value sequences of every octal game 0.abc to heap N, on a two-worker Dask LocalCluster and in one process.

    python examples/python/octal_sweep.py [N]          (default N = 10000)

Prints both times, whether the tables agree, and the codes whose sequences look periodic (by cgs's own
period detection on the computed values). On a cluster, pass your own `Client` instead of the LocalCluster.
"""

import resource
import sys
import time

import cgs

FN = "code -> TakeAndBreak(code).NimValueSequence(%d)"


def cpu_seconds():
    """This process's CPU time (user + sys, every thread)."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    codes = [f"0.{a}{b}{c}" for a in range(8) for b in range(8) for c in range(8)]
    fn = FN % n

    import dask
    from distributed import Client, LocalCluster

    # Dask's statistical profiler samples every worker thread every 10 ms: CPU time that grows with wall time,
    # not with work. Off for the measurement (the dashboard's profile page is then empty).
    dask.config.set({"distributed.worker.profile.enabled": False})
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as client:
            client.run(lambda: None)  # the workers are up before the clock starts
            before = client.run(cpu_seconds)
            t0 = time.perf_counter()
            cluster_df = cgs.table(fn, codes, client=client, progress=False)
            t_cluster = time.perf_counter() - t0
            after = client.run(cpu_seconds)
            worker_cpu = sorted(after[w] - before[w] for w in after)

    # One process, one session: the same function applied to each code in turn.
    t0, c0 = time.perf_counter(), cpu_seconds()
    s = cgs.Session()
    rows = s.map_rows(fn, codes)
    t_one, c_one = time.perf_counter() - t0, cpu_seconds() - c0
    one = [v for ok, v in rows]

    same = list(cluster_df["value"]) == one
    print(f"{len(codes)} codes to heap {n}: one process {t_one:.1f} s, two-worker LocalCluster {t_cluster:.1f} s "
          f"({t_cluster / t_one:.2f}x); same table: {same}")
    print(f"CPU seconds: one process {c_one:.1f}; the cluster's workers {', '.join(f'{c:.1f}' for c in worker_cpu)} "
          f"(busiest / one process: {worker_cpu[-1] / c_one:.2f}x, the time ratio on an otherwise idle 2-core machine)")


if __name__ == "__main__":
    main()

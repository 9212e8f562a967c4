import pytest


@pytest.fixture(scope="session")
def cluster():
    """A two-worker Dask LocalCluster (processes, one thread each), shared by the table tests."""
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as c:
        with Client(c) as client:
            yield c, client

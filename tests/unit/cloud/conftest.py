import pytest

from heat_conv.cloud.client import HttpCloudClient
from heat_conv.cloud.faults import FaultPolicy
from heat_conv.cloud.service import serve
from heat_conv.cloud.store import CloudStore


@pytest.fixture
def store():
    store = CloudStore()
    yield store
    store.close()


@pytest.fixture(scope='session')
def _running_server():
    # One server for the whole run: starting and stopping one per test
    # costs more than all the tests that use it.
    handle = serve('127.0.0.1', 0, CloudStore())
    yield handle
    handle.stop()


@pytest.fixture
def server(fake_clock, store, _running_server):
    """The REST service on a free port, over ``store``, with faults off."""
    _running_server.app.store = store
    _running_server.app.faults = FaultPolicy(seed=1)
    yield _running_server
    _running_server.app.faults = FaultPolicy(seed=1)


@pytest.fixture
def http(server):
    return HttpCloudClient(server.url, timeout=2)

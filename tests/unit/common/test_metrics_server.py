"""Each process serves its metrics on a port of its own; one that is
taken moves it to the next (an engine's worker processes), never stops it."""
import socket

import pytest
import requests

from heat_conv.common import config
from heat_conv.common import metrics_server


@pytest.fixture
def enabled():
    config.CONF.set_override('enabled', True, group='metrics')
    metrics_server.stop()
    yield
    metrics_server.stop()
    config.CONF.set_override('enabled', False, group='metrics')   # the tests' default


def _taken_port_pair():
    """A listening socket on a port whose next port is free."""
    for _ in range(50):
        held = socket.socket()
        held.bind(('127.0.0.1', 0))
        held.listen()
        port = held.getsockname()[1]
        with socket.socket() as probe:
            try:
                probe.bind(('127.0.0.1', port + 1))
            except OSError:
                held.close()
                continue
        return held, port
    pytest.skip('no free pair of ports')


def test_a_taken_port_moves_the_endpoint_to_the_next(enabled):
    held, port = _taken_port_pair()
    with held:
        handle = metrics_server.serve(port, tries=2)
        assert handle.port == port + 1
        body = requests.get(handle.url + '/metrics', timeout=10).text
        assert '# TYPE heat_conv_operations_total counter' in body


def test_no_free_port_leaves_the_process_without_metrics(enabled, caplog):
    held, port = _taken_port_pair()
    with held:
        assert metrics_server.serve(port, tries=1) is None
    assert 'no metrics endpoint' in caplog.text


def test_a_process_serves_once(enabled):
    first = metrics_server.serve(0)
    assert metrics_server.serve(0) is first   # the all-in-one's other services


def test_disabled_serves_nothing():
    assert not config.CONF.metrics.enabled   # the tests' default
    assert metrics_server.serve(0) is None

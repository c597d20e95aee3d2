"""The engine's RPC client under [upgrade_levels] engine, as each process
uses it (the API's casts, a worker's, the observer's), over a real
oslo.messaging transport (fake://) to an engine of an older RPC version,
whose dispatcher drops a cast of a version it lacks as a real one does."""
import threading
import uuid

import oslo_messaging
import pytest

from heat_conv.common import config
from heat_conv.engine.core import messages
from heat_conv.engine.core import rpc
from heat_conv.observer import poller
from heat_conv.plugin_interface import base


class OldEngine:
    """An engine endpoint of RPC ``version``: it records what it got."""

    def __init__(self, version):
        self.target = oslo_messaging.Target(version=version)
        self.got = []
        self.arrived = threading.Condition()

    def _record(self, method, kwargs):
        with self.arrived:
            self.got.append((method, kwargs))
            self.arrived.notify_all()

    def wait_for(self, count, timeout=10):
        with self.arrived:
            assert self.arrived.wait_for(lambda: len(self.got) >= count, timeout), self.got
        return self.got

    @oslo_messaging.expose
    def converge(self, ctxt, **kwargs):
        self._record('converge', kwargs)

    @oslo_messaging.expose
    def check_resource(self, ctxt, **kwargs):
        self._record('check_resource', kwargs)

    @oslo_messaging.expose
    def run_batch(self, ctxt, **kwargs):
        self._record('run_batch', kwargs)

    @oslo_messaging.expose
    def action_complete(self, ctxt, **kwargs):
        self._record('action_complete', kwargs)

    @oslo_messaging.expose
    def drift_found(self, ctxt, **kwargs):
        self._record('drift_found', kwargs)


@pytest.fixture
def fleet():
    """Start an old engine; ``send(pin)`` installs a client pinned so."""
    config.CONF.set_override('topic', 'pin-test-' + uuid.uuid4().hex[:8], group='engine')
    transport = oslo_messaging.get_rpc_transport(config.CONF, url='fake://')
    servers, previous = [], rpc.get_dispatcher.__globals__['_dispatcher']

    def start(version):
        engine = OldEngine(version)
        server = rpc.get_server([engine], transport=transport,
                                server_id='old-' + uuid.uuid4().hex[:6])
        server.start()
        servers.append(server)
        return engine

    def pinned(pin):
        config.CONF.set_override('engine', pin, group='upgrade_levels')
        rpc.set_dispatcher(rpc.OsloDispatcher(transport))

    yield start, pinned
    for server in servers:
        server.stop()
        server.wait()
    rpc.set_dispatcher(previous)
    transport.cleanup()
    config.CONF.clear_override('topic', group='engine')
    config.CONF.clear_override('engine', group='upgrade_levels')


def _steps(count):
    return [messages.CheckResource('s', 't', i, True) for i in range(count)]


def test_api_casts_reach_an_engine_of_the_pinned_version(fleet):
    start, pinned = fleet
    engine = start('1.8')
    pinned('1.8')
    rpc.cast(messages.Converge('s1', 't1'))
    assert engine.wait_for(1) == [('converge', {'stack_id': 's1', 'traversal_id': 't1'})]


def test_a_pinned_worker_sends_its_steps_one_by_one_below_run_batch(fleet):
    start, pinned = fleet
    engine = start('1.7')
    pinned('1.7')
    rpc.cast_all(_steps(10))
    got = engine.wait_for(10)
    assert [method for method, _ in got] == ['check_resource'] * 10
    assert sorted(kwargs['entity_id'] for _, kwargs in got) == list(range(10))


def test_unpinned_batches_reach_an_engine_that_has_them(fleet):
    start, pinned = fleet
    engine = start('1.8')
    pinned(None)
    rpc.cast_all(_steps(10))
    got = engine.wait_for(2)
    assert {method for method, _ in got} == {'run_batch'}
    assert sum(len(kwargs['messages']) for _, kwargs in got) == 10


def _report(seen):
    return messages.ActionComplete(5, 2, base.Done('phys-1', seen=seen))


def test_observer_reports_without_the_seen_object_when_pinned_below_1_9(fleet):
    start, pinned = fleet
    engine = start('1.8')
    pinned('1.8')
    rpc.cast(_report({'id': 'phys-1', 'status': 'ACTIVE'}))
    rpc.cast(messages.DriftFound('s2'))
    got = dict(engine.wait_for(2))
    assert got['action_complete']['outcome'] == {'status': 'COMPLETE',
                                                 'physical_id': 'phys-1'}
    assert got['drift_found'] == {'stack_id': 's2'}


def test_unpinned_the_old_engine_drops_what_it_cannot_read(fleet):
    """Why the pin exists: a 1.9 report is lost on a 1.8 engine."""
    start, pinned = fleet
    engine = start('1.8')
    pinned(None)
    rpc.cast(_report({'id': 'phys-1'}))
    rpc.cast(messages.DriftFound('s3'))   # a 1.0 cast after it, which arrives
    got = engine.wait_for(1)
    assert got == [('drift_found', {'stack_id': 's3'})]


def test_observer_snapshot_nudges_wait_for_the_upgrade(fleet, monkeypatch, caplog):
    start, pinned = fleet
    start('1.9')
    pinned('1.9')
    monkeypatch.setattr(poller.db_api, 'stacks_deleting_snapshots', lambda ids: ['s4'])
    assert poller.nudge_snapshot_deletes() == 0
    assert 'delete_snapshots needs engine RPC 1.10' in caplog.text
    with pytest.raises(rpc.NotInPinnedVersion):
        rpc.cast(messages.DeleteSnapshots('s4'))

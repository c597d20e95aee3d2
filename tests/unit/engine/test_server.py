"""An engine stopped with SIGTERM lets the steps it took finish, then says
it is gone, so nobody waits for its heartbeats to stop; if they will not
finish in time it exits anyway and leaves them to the other engines."""
import logging
import threading
import time
import uuid

import oslo_messaging
import pytest

from heat_conv.common import config
from heat_conv.db import api as db_api
from heat_conv.engine import server
from heat_conv.engine.core import continuation
from heat_conv.engine.core import identity
from heat_conv.engine.core import messages
from heat_conv.engine.core import rpc
from heat_conv.engine.core import traversal

CONF = config.CONF


@pytest.fixture(autouse=True)
def not_stopping():
    yield
    # A stopped engine service keeps its worker stopping (continuation),
    # process-wide: the next test's worker is a new one.
    continuation.reset()


@pytest.fixture
def engine(db, monkeypatch):
    CONF.set_override('topic', f'test-{uuid.uuid4().hex[:8]}', group='engine')
    transport = oslo_messaging.get_rpc_transport(CONF, url='fake://')
    previous = rpc.set_dispatcher(rpc.OsloDispatcher(transport))
    release = threading.Event()
    running = threading.Event()

    def slow_converge(stack_id, traversal_id):
        running.set()
        release.wait(30)
    monkeypatch.setattr(traversal, 'converge', slow_converge)
    service = server.EngineService(transport)
    service.start()
    yield service, running, release
    release.set()
    service.stop()
    rpc.set_dispatcher(previous)
    transport.cleanup()
    CONF.clear_override('topic', group='engine')
    CONF.clear_override('stop_timeout', group='engine')


class LostCasts:
    """A dispatcher whose casts go nowhere: the process stopped."""

    def __init__(self):
        self.methods = []

    def cast(self, ctxt, method, **kwargs):
        self.methods.append(method)


def _row():
    return {s.id: s for s in db_api.service_list()}[identity.engine_id()]


def _stop_in_background(service):
    stopper = threading.Thread(target=service.stop)
    stopper.start()
    return stopper


def test_a_stop_waits_for_the_step_in_progress(engine):
    service, running, release = engine
    rpc.cast(messages.Converge('stack', 'traversal'))
    assert running.wait(10)
    stopper = _stop_in_background(service)
    time.sleep(0.5)
    assert stopper.is_alive(), 'stopped with a step still running'
    assert _row().deleted_at is None, 'said it was gone with a step still running'
    release.set()
    stopper.join(10)
    assert not stopper.is_alive()
    assert _row().deleted_at is not None, 'others would wait for its heartbeats'


def test_a_stop_gives_up_after_stop_timeout(engine, caplog):
    service, running, release = engine
    CONF.set_override('stop_timeout', 1, group='engine')
    rpc.cast(messages.Converge('stack', 'traversal'))
    assert running.wait(10)
    started = time.monotonic()
    with caplog.at_level(logging.WARNING):
        service.stop()
    assert 1 <= time.monotonic() - started < 10
    # Not marked gone: the other engines take its work over once its
    # heartbeats are missed.
    assert _row().deleted_at is None
    assert any('stopping with steps still running after 1 s' in r.getMessage()
               for r in caplog.records)


def test_the_all_in_one_engine_resumes_what_its_last_run_had_queued(db):
    """heat-conv-all's messages die with the process; started again, its
    engine re-drives the stacks in progress (here one whose converge was
    queued when the process stopped)."""
    from heat_conv.common import context
    from heat_conv.engine.core import stack_operations
    CONF.set_override('topic', f'test-{uuid.uuid4().hex[:8]}', group='engine')
    lost = LostCasts()
    previous = rpc.set_dispatcher(lost)
    try:
        stack = stack_operations.create_stack(
            context.RequestContext(project_id='t'), 'resumed',
            {'heat_template_version': '2018-08-31',
             'resources': {'a': {'type': 'OS::Heat::None'}}})
    finally:
        rpc.set_dispatcher(previous)
    assert lost.methods == ['converge']
    transport = oslo_messaging.get_rpc_transport(CONF, url='fake://')
    previous = rpc.set_dispatcher(rpc.OsloDispatcher(transport))
    service = server.EngineService(transport, resume_all=True)
    try:
        service.start()
        deadline = time.monotonic() + 30
        while db_api.stack_get(stack.id).status == 'IN_PROGRESS':
            assert time.monotonic() < deadline, 'not resumed'
            time.sleep(0.05)
        assert db_api.stack_get(stack.id).status == 'COMPLETE'
    finally:
        service.stop()
        rpc.set_dispatcher(previous)
        transport.cleanup()
        CONF.clear_override('topic', group='engine')

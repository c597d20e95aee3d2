"""A worker runs one step it made ready itself; the rest go through the broker."""
import pytest

from heat_conv.common import config
from heat_conv.engine import continuation
from heat_conv.engine import messages
from heat_conv.engine import rpc
from heat_conv.engine import step
from heat_conv.engine import worker


class Broker:
    """An oslo.messaging-like dispatcher that records what it is sent."""
    continues_in_worker = True

    def __init__(self):
        self.sent = []

    def cast(self, ctxt, method, **kwargs):
        self.sent.append((kwargs['entity_id'], kwargs['is_update']))


def _check(entity_id):
    return messages.CheckResource('stack', 'traversal', entity_id, True,
                                  messages.Definition(f'r{entity_id}'),
                                  messages.Mode.CONVERGE)


@pytest.fixture
def broker():
    b = Broker()
    previous = rpc.set_dispatcher(b)
    continuation.reset()
    yield b
    rpc.set_dispatcher(previous)
    continuation.reset()
    config.CONF.clear_override('continue_in_worker', group='engine')


@pytest.fixture
def graph(monkeypatch):
    """Steps that make ready what ``ready[n]`` lists when node n runs; the
    nodes run, in order, are recorded."""
    ran, ready = [], {}

    def check_resource(msg):
        ran.append(msg.entity_id)
        for successor in ready.get(msg.entity_id, ()):
            rpc.cast(_check(successor))
    monkeypatch.setattr(step, 'check_resource', check_resource)
    return ran, ready


def _deliver(entity_id):
    worker.EngineEndpoint().check_resource({}, **_check(entity_id).to_wire())


def test_a_chain_runs_in_one_worker_without_a_message(broker, graph):
    ran, ready = graph
    ready.update({1: [2], 2: [3], 3: [4]})
    _deliver(1)
    assert ran == [1, 2, 3, 4]
    assert broker.sent == []


def test_of_several_ready_steps_one_runs_here_and_the_others_are_sent(broker, graph):
    ran, ready = graph
    ready.update({1: [2, 3, 4]})
    _deliver(1)
    assert ran == [1, 2]
    assert broker.sent == [(3, True), (4, True)]


def test_a_stopping_worker_sends_what_it_made_ready(broker, graph):
    ran, ready = graph
    ready.update({1: [2]})
    continuation.stop()
    _deliver(1)
    assert ran == [1]
    assert broker.sent == [(2, True)]


def test_continuing_can_be_turned_off(broker, graph):
    config.CONF.set_override('continue_in_worker', False, group='engine')
    ran, ready = graph
    ready.update({1: [2]})
    _deliver(1)
    assert ran == [1]
    assert broker.sent == [(2, True)]


def test_a_cast_outside_a_worker_is_sent(broker):
    rpc.cast(_check(7))
    assert broker.sent == [(7, True)]


def test_a_step_that_fails_still_lets_the_kept_one_run(broker, graph, monkeypatch):
    ran, ready = graph
    ready.update({1: [2]})
    real = step.check_resource

    def failing_after_casting(msg):
        real(msg)
        if msg.entity_id == 1:
            raise RuntimeError('a bug after the commit')
    monkeypatch.setattr(step, 'check_resource', failing_after_casting)
    _deliver(1)
    assert ran == [1, 2]


class ParallelBroker(Broker):
    sends_in_parallel = True

    def __init__(self):
        super().__init__()
        self.threads = set()

    def cast(self, ctxt, method, **kwargs):
        import threading
        self.threads.add(threading.current_thread().name)
        super().cast(ctxt, method, **kwargs)


def test_many_casts_of_one_transaction_all_leave_and_in_parallel(graph):
    from heat_conv.db import scope
    broker = ParallelBroker()
    previous = rpc.set_dispatcher(broker)
    try:
        scope.atomically(lambda: [rpc.cast(_check(n)) for n in range(1, 41)])
    finally:
        rpc.set_dispatcher(previous)
    assert sorted(broker.sent) == [(n, True) for n in range(1, 41)]
    assert all(name.startswith('cast') for name in broker.threads)


def test_casts_of_a_transaction_rolled_back_never_leave(broker):
    from heat_conv.db import scope

    def work():
        rpc.cast(_check(1))
        raise RuntimeError('rolled back')
    with pytest.raises(RuntimeError):
        scope.atomically(work)
    assert broker.sent == []


def test_reports_sent_together_leave_in_parallel():
    # The observer's reports of one pass (no transaction around them).
    broker = ParallelBroker()
    previous = rpc.set_dispatcher(broker)
    try:
        rpc.cast_all(_check(n) for n in range(1, 21))
    finally:
        rpc.set_dispatcher(previous)
    assert sorted(broker.sent) == [(n, True) for n in range(1, 21)]
    assert all(name.startswith('cast') for name in broker.threads)

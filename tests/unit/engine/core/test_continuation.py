"""A worker runs one step it made ready itself; the rest go through the broker."""
import pytest

from heat_conv.common import config
from heat_conv.db import scope
from heat_conv.engine.core import continuation
from heat_conv.engine.core import messages
from heat_conv.engine.core import rpc
from heat_conv.engine.core import step
from heat_conv.engine.core import worker
from heat_conv.plugin_interface import base


class Broker:
    """An oslo.messaging-like dispatcher that records what it is sent (a
    batch as the list of its nodes)."""
    continues_in_worker = True

    def __init__(self):
        self.sent = []
        self.batches = []   # the batches of other messages than steps, as sent

    def cast(self, ctxt, method, **kwargs):
        if method == 'run_batch' and 'entity_id' not in kwargs['messages'][0]['args']:
            self.sent.append(method)
            self.batches.append(kwargs)
        elif method == 'run_batch':
            self.sent.append([(m['args']['entity_id'], m['args']['is_update'])
                              for m in kwargs['messages']])
        else:
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
        # As a step's end does: the casts of one transaction.
        scope.atomically(lambda: [rpc.cast(_check(successor))
                                  for successor in ready.get(msg.entity_id, ())])
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
        self.sent.append(method)


def test_many_casts_of_one_transaction_all_leave_and_in_parallel(graph):
    broker = ParallelBroker()
    previous = rpc.set_dispatcher(broker)
    try:
        scope.atomically(lambda: [rpc.cast(messages.DriftFound(f'stack-{n}'))
                                  for n in range(1, 41)])
    finally:
        rpc.set_dispatcher(previous)
    assert len(broker.sent) == 40
    assert all(name.startswith('cast') for name in broker.threads)


def test_many_steps_made_ready_at_once_travel_in_batches(broker, graph):
    ran, ready = graph
    ready.update({1: list(range(2, 22))})   # twenty at once
    _deliver(1)
    assert ran == [1, 2]                      # the first kept, run here
    batches = broker.sent
    assert [len(b) for b in batches] == [8, 8, 3]
    assert sorted(n for b in batches for n, _ in b) == list(range(3, 22))


def test_a_traversals_leaves_cast_outside_a_worker_travel_in_batches(broker):
    # As the API's converge casts its leaves: a process that runs no steps.
    broker.continues_in_worker = False
    scope.atomically(lambda: [rpc.cast(_check(n)) for n in range(1, 101)])
    assert [len(b) for b in broker.sent] == [8] * 12 + [4]
    assert sorted(n for b in broker.sent for n, _ in b) == list(range(1, 101))


def test_a_few_steps_ready_at_once_travel_one_to_a_message(broker):
    scope.atomically(lambda: [rpc.cast(_check(n)) for n in range(1, 8)])
    assert broker.sent == [(n, True) for n in range(1, 8)]


def test_a_batch_runs_its_steps_one_after_another_in_one_worker(broker, graph):
    ran, ready = graph
    ready.update({3: [30]})                   # a step of the batch makes one ready
    batch = messages.Batch(tuple(_check(n) for n in (2, 3, 4)))
    worker.EngineEndpoint().run_batch({}, **batch.to_wire())
    assert ran == [2, 3, 4]
    # This worker has the batch's steps to run: what they make ready goes
    # to any other.
    assert broker.sent == [(30, True)]


def test_actions_reported_together_travel_in_batches_and_each_resumes(broker, monkeypatch):
    resumed = []
    monkeypatch.setattr(step, 'action_complete', lambda msg: resumed.append(msg.resource_id))
    reports = [messages.ActionComplete(n, 1, base.Done()) for n in range(1, 11)]
    rpc.cast_all(reports)               # as the observer sends one pass's reports
    assert broker.sent == ['run_batch', 'run_batch']
    for batch in broker.batches:
        worker.EngineEndpoint().run_batch({}, **batch)
    assert resumed == list(range(1, 11))


def test_a_stopping_worker_sends_the_rest_of_a_batch(broker, graph):
    ran, _ = graph
    batch = messages.Batch(tuple(_check(n) for n in (2, 3, 4)))
    continuation.stop()
    worker.EngineEndpoint().run_batch({}, **batch.to_wire())
    assert ran == []
    assert sorted(broker.sent) == [(2, True), (3, True), (4, True)]


def test_casts_of_a_transaction_rolled_back_never_leave(broker):

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
        rpc.cast_all(messages.DriftFound(f'stack-{n}') for n in range(1, 21))
    finally:
        rpc.set_dispatcher(previous)
    assert broker.sent == ['drift_found'] * 20
    assert all(name.startswith('cast') for name in broker.threads)

"""The steps of a batch whose services answer slowly (a real cloud's types)
run side by side; the others still run in turn on the batch's thread.

The slow type's create and attribute read wait at a barrier that only all
eight steps of the batch together can pass: one after another, the first
would wait alone until the barrier gave up, and the resource would fail.
"""
import threading

import pytest

from heat_conv.bench import workloads
from heat_conv.db import api as db_api
from heat_conv.observer import reality
from tests import resource_types
from tests.scenarios.library import tmpl
from tests.unit.observer import things

SIZE = 8   # one batch (rpc.BATCH_SIZE)


class Meeting:
    """Where the calls of a batch's eight steps must all be at once."""

    def __init__(self):
        self.barrier = threading.Barrier(SIZE, timeout=10)
        self.threads = set()

    def meet(self):
        self.threads.add(threading.get_ident())
        self.barrier.wait()


class SlowThing(things.Thing):
    type_name = 'Test::SlowThing'
    creates = None      # a Meeting, when the test wants one
    reads = None

    def create(self):
        if self.creates is not None:
            self.creates.meet()
        return super().create()

    def attributes(self):
        if self.reads is not None and self.physical_id:
            self.reads.meet()
        return {'name': self.properties.get('name') or self.name}


@pytest.fixture
def service(monkeypatch):
    svc = things.ThingService(build_secs=30)
    monkeypatch.setattr(things.Thing, 'service', svc)
    resource_types.register(monkeypatch, SlowThing)
    monkeypatch.setattr(reality, 'default_connection_for', svc.connection_for)
    return svc


def _template():
    return tmpl({f'T{n}': {'type': SlowThing.type_name} for n in range(SIZE)})


def test_the_creates_of_a_batch_of_slow_steps_run_at_once(driver, service,
                                                          monkeypatch):
    monkeypatch.setattr(SlowThing, 'creates', Meeting())
    driver.create(_template())
    driver.step()   # the converge
    assert [method for method, _, _ in driver.queue] == ['run_batch']
    driver.step()   # the batch: every create must be under way at once
    assert len(SlowThing.creates.threads) == SIZE
    waiting = db_api.resources_waiting()
    assert len(waiting) == SIZE
    assert len(service.things) == SIZE, 'one object per resource'


def test_the_ends_of_a_batch_of_slow_steps_read_attributes_at_once(driver, service,
                                                                  monkeypatch):
    driver.create(_template())
    driver.run_until(lambda: not driver.queue, 'the creates to start')
    monkeypatch.setattr(SlowThing, 'reads', Meeting())
    driver.clock.advance(service.build_secs)
    assert driver.settle() == 'CREATE_COMPLETE'
    assert len(SlowThing.reads.threads) == SIZE
    rows = driver.resources()
    assert {rows[f'T{n}'].attributes_data['name'] for n in range(SIZE)} == \
        {f'T{n}' for n in range(SIZE)}
    # Each recorded once, the batch's ends together.
    statuses = [(e.resource_name, e.resource_status) for e in driver.events()
                if e.resource_name.startswith('T')]
    assert sorted(statuses) == sorted([(f'T{n}', s) for n in range(SIZE)
                                       for s in ('IN_PROGRESS', 'COMPLETE')])


def test_a_batch_of_simulated_steps_runs_in_turn_on_its_thread(driver, monkeypatch):
    threads = set()
    real = driver.cloud.create

    def create(*args, **kwargs):
        threads.add(threading.get_ident())
        return real(*args, **kwargs)
    monkeypatch.setattr(driver.cloud, 'create', create)
    driver.create(workloads.Independent(SIZE).template('v0'))
    driver.step()   # the converge
    driver.step()   # the batch
    assert threads == {threading.get_ident()}
    assert driver.settle() == 'CREATE_COMPLETE'

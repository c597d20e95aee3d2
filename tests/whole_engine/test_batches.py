"""A batch's steps: read ahead together, concluded together, and when
together fails, each alone with the same result.

The deterministic driver delivers the batches the engine sends (a
traversal's leaves, the observer's reports of one pass, 8 to a message)
with the real engine on SQLite.
"""
import collections
import datetime
import re

import pytest
import sqlalchemy as sa
from oslo_db import exception as db_exc

from heat_conv.bench import workloads
from heat_conv.common import timeutils
from heat_conv.db import api as db_api
from heat_conv.db import scope
from heat_conv.engine.core import read_ahead
from heat_conv.engine.core import together
from heat_conv.resources.simulated import test_resource

WAIT = 5   # seconds of fake time each action takes


@pytest.fixture
def statements(db):
    """Statements by kind ('UPDATE resource', 'COMMIT', ...) of what is
    delivered through ``deliver``."""
    seen = collections.Counter()
    counting = [False]

    def record(conn, cursor, statement, *args):
        if counting[0] and not statement.startswith('BEGIN'):
            words = statement.split()
            table = re.search(r'\b(?:FROM|INTO|UPDATE)\s+(\w+)', statement)
            seen[f'{words[0]} {table.group(1)}' if table else words[0]] += 1

    def commit(conn):
        if counting[0]:
            seen['COMMIT'] += 1
    sa.event.listen(db, 'before_cursor_execute', record)
    sa.event.listen(db, 'commit', commit)

    def deliver(driver):
        seen.clear()
        counting[0] = True
        try:
            driver.step()
        finally:
            counting[0] = False
        return dict(seen)
    yield deliver
    sa.event.remove(db, 'before_cursor_execute', record)
    sa.event.remove(db, 'commit', commit)


def _started(driver, size=16):
    """A stack of ``size`` independent resources whose actions are under
    way (each waits WAIT seconds); the observer's reports not yet sent."""
    driver.create(workloads.Independent(size).template('v0', wait=WAIT))
    driver.run_until(lambda: not driver.queue, 'every action started')
    assert len(db_api.resources_waiting()) == size


def _reports(driver):
    """The observer's reports of the actions that ended, as sent."""
    driver.clock.advance(WAIT)
    driver.run_until(lambda: driver.queue, 'the observer to report')
    return [method for method, _, _ in driver.queue]


def _each_once(driver, size=16):
    """Every resource created, with one IN_PROGRESS and one COMPLETE event."""
    assert driver.stack_status() == 'CREATE_COMPLETE'
    statuses = collections.Counter((e.resource_name, e.resource_status)
                                   for e in driver.events())
    for n in range(size):
        assert statuses[f'r{n}', 'IN_PROGRESS'] == 1
        assert statuses[f'r{n}', 'COMPLETE'] == 1
    assert len(driver.objects()) == size


def test_the_ends_of_a_batch_cost_one_read_one_insert_and_one_commit(driver, statements):
    _started(driver)
    assert _reports(driver) == ['run_batch', 'run_batch']
    cost = statements(driver)
    # Eight rows released one by one (each a compare-and-swap), and for the
    # eight together: one read, one insert of their events, one insert of
    # their inputs at the stack's completion node, one move of its counter,
    # one commit (and one for the read: on SQLite a read has a transaction
    # of its own, on MariaDB it runs alone).
    assert cost == {'SELECT resource': 1, 'UPDATE resource': 8, 'INSERT event': 1,
                    'INSERT sync_input': 1, 'UPDATE sync_point': 1, 'COMMIT': 2}
    assert driver.settle() == 'CREATE_COMPLETE'
    _each_once(driver)
    # The last batch made the stack complete: its event comes after theirs.
    assert driver.events()[-1].resource_name == driver.stack().name


def test_the_starts_of_a_batch_read_once_and_commit_their_ends_once(driver, statements):
    driver.create(workloads.Independent(8).template('v0', wait=WAIT))
    driver.step()   # the converge
    assert [method for method, _, _ in driver.queue] == ['run_batch']
    cost = statements(driver)
    # One read for the eight; each lock commits before its action begins;
    # what the actions started is recorded together: eight UPDATEs, one
    # insert of their events, one commit. (On SQLite the read and each lock
    # have a COMMIT; on MariaDB they run alone.)
    assert cost == {'SELECT resource': 1, 'UPDATE resource': 16, 'INSERT event': 1,
                    'COMMIT': 1 + 8 + 1}
    assert driver.settle() == 'CREATE_COMPLETE'
    _each_once(driver, 8)


@pytest.mark.parametrize('error', [RuntimeError('a bug in the arrivals made together'),
                                   db_exc.DBDeadlock()],
                         ids=['failed: each alone', 'deadlock: the batch again'])
def test_ends_whose_transaction_fails_once_are_each_recorded_once(driver, monkeypatch,
                                                                 error):
    monkeypatch.setattr(scope, 'PAUSE', (0, 0))
    _started(driver)
    _reports(driver)
    real = db_api.sync_arrive_all
    raised = []

    def fails_first(*args, **kwargs):
        if not raised:
            raised.append(error)
            raise error
        return real(*args, **kwargs)
    monkeypatch.setattr(db_api, 'sync_arrive_all', fails_first)
    assert driver.settle() == 'CREATE_COMPLETE'
    assert raised
    # Nothing the failed attempt wrote remains: no event twice.
    _each_once(driver)


def test_a_resource_whose_end_fails_fails_alone(driver, monkeypatch):
    _started(driver)
    _reports(driver)
    real = test_resource.TestResource.attributes

    def broken(self):
        if self.name == 'r3':
            raise RuntimeError('r3 cannot say its attributes')
        return real(self)
    monkeypatch.setattr(test_resource.TestResource, 'attributes', broken)
    assert driver.settle() == 'CREATE_FAILED'
    rows = driver.resources()
    assert rows['r3'].status == 'FAILED'
    assert 'r3 cannot say its attributes' in rows['r3'].status_reason
    assert 'r3' in driver.stack().status_reason
    # The batch's other ends were recorded, each once.
    assert all(rows[f'r{n}'].status == 'COMPLETE' for n in range(16) if n != 3)
    assert not any(row.engine_id for row in rows.values())


def test_a_row_changed_after_the_read_ahead_is_not_acted_on(driver, monkeypatch):
    driver.create(workloads.Independent(8).template('v0'))
    driver.step()   # the converge
    real = read_ahead.read
    taken = {}

    def read_then_another_engine_locks_r5(checks=(), ends=()):
        real(checks, ends)
        row = driver.row('r5')
        assert db_api.resource_cas(row.id, row.atomic_key, {'engine_id': 'other-engine'})
        taken['r5'] = row.id
    monkeypatch.setattr(read_ahead, 'read', read_then_another_engine_locks_r5)
    driver.step()   # the batch of the eight leaves
    rows = driver.resources()
    # The step of r5 lost its compare-and-swap: no action, no object.
    assert db_api.resource_get(taken['r5']).engine_id == 'other-engine'
    assert 'r5' not in rows
    assert sorted(driver.objects_by_name()) == [f'r{n}' for n in range(8) if n != 5]


def test_nothing_is_deferred_outside_a_batch(driver):
    calls = []
    assert not together.later(None, lambda: calls.append(1), None)
    with together.collecting() as collected:
        assert db_api.atomically(lambda: together.later(None, calls.append, None)) is False
        assert together.later(None, calls.append, None)
    assert len(collected) == 1 and calls == []


def test_an_actions_in_progress_event_says_when_it_began(driver, monkeypatch):
    driver.create(workloads.Independent(8).template('v0'))
    driver.step()   # the converge
    real = driver.cloud.create

    def slow_create(*args, **kwargs):
        driver.clock.advance(1)   # each action takes a second of the batch
        return real(*args, **kwargs)
    monkeypatch.setattr(driver.cloud, 'create', slow_create)
    began = timeutils.utcnow()
    driver.step()   # the batch of the eight leaves, concluded together at its end
    events = {(e.resource_name, e.resource_status): e.created_at for e in driver.events()}
    starts = sorted(events[f'r{n}', 'IN_PROGRESS'] for n in range(8))
    # Each IN_PROGRESS at its own action's start, a second apart; the
    # COMPLETE events when the batch recorded them, after the last action.
    assert [(t - starts[0]).total_seconds() for t in starts] == list(range(8))
    assert abs((starts[0] - began).total_seconds()) < 0.01
    ends = {events[f'r{n}', 'COMPLETE'] for n in range(8)}
    assert ends == {starts[-1] + datetime.timedelta(seconds=1)}

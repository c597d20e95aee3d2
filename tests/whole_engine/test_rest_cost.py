"""Stacks at rest cost the observer reads, never writes, and the same few
reads with 10 resources as with 120 (issue 30, item 4): what a pass costs
grows with what changed, not with what heat-conv manages."""
import pytest
import sqlalchemy as sa

from heat_conv.bench import workloads
from heat_conv.common import config
from heat_conv.db import api as db_api
from heat_conv.observer import poller
from heat_conv.observer import service as observer_service

CONF = config.CONF


class Statements:
    def __init__(self, engine):
        self.seen = []
        sa.event.listen(engine, 'before_cursor_execute', self._count)
        sa.event.listen(engine, 'commit', self._commit)
        self._engine = engine
        self.counting = False

    def _count(self, conn, cursor, statement, *args):
        if self.counting and not statement.lstrip().upper().startswith(('PRAGMA', 'BEGIN')):
            self.seen.append(' '.join(statement.split()[:4]))

    def _commit(self, conn):
        if self.counting:
            self.seen.append('COMMIT')

    def during(self, func):
        self.seen, self.counting = [], True
        try:
            func()
        finally:
            self.counting = False
        return list(self.seen)

    def close(self):
        sa.event.remove(self._engine, 'before_cursor_execute', self._count)
        sa.event.remove(self._engine, 'commit', self._commit)


@pytest.fixture
def statements(db):
    counter = Statements(db)
    yield counter
    counter.close()


def _stacks_at_rest(driver, count, size):
    ids = []
    for _ in range(count):
        driver.create(workloads.Independent(size).template('v0'))
        assert driver.settle() == 'CREATE_COMPLETE'
        ids.append(driver.stack_id)
    return ids


def _observer(driver, stacks):
    # As the service runs it: leases renewed on their own timer, drift on
    # a thread of its own.
    observer = observer_service.Observer(driver.cloud, renew_in_pass=False,
                                         drift_apart=True)
    observer.stacks = set(stacks)
    return observer


def _writes(seen):
    # A read's transaction ends in a COMMIT that writes nothing.
    return [s for s in seen if s.split()[0].upper() in ('INSERT', 'UPDATE', 'DELETE')]


def test_passes_over_resources_at_rest_write_nothing_and_read_the_same(driver, statements):
    stacks, costs = [], {}
    for total in (10, 120):
        stacks += _stacks_at_rest(driver, (total - 10 * len(stacks)) // 10, 10)
        observer = _observer(driver, stacks)
        observer.drift_pass()            # the first look records IN_SYNC
        observer.run_pass()
        assert {r.drift_status for r in db_api.resources_observable(stacks)} == {'IN_SYNC'}
        driver.clock.advance(1)
        polls = statements.during(observer.run_pass)
        drifts = statements.during(observer.drift_pass)
        assert _writes(polls + drifts) == [], (polls, drifts)
        # One read of the resources waiting on the cloud (none), and no
        # look for snapshots being deleted: none were, and nothing changed.
        assert [s.split()[0] for s in polls] == ['SELECT', 'COMMIT'], polls
        costs[total] = (polls, drifts)
    assert costs[10] == costs[120]


def test_a_change_among_many_is_found_within_two_passes(driver):
    stacks = _stacks_at_rest(driver, 6, 20)
    observer = _observer(driver, stacks)
    observer.drift_pass()
    observer.drift_pass()
    objects = {o['metadata']['resource_name']: o for o in driver.objects()}
    driver.cloud.patch(objects['r13']['id'], {'value': 'tampered'})
    found = [observer.drift_pass().changed for _ in range(2)]
    assert found[0] + found[1] == 1
    row = driver.resources()['r13']
    assert row.drift_status == 'MODIFIED'
    assert row.drift_detail['value']['actual'] == 'tampered'
    drifted = [r for r in db_api.resources_observable(stacks) if r.drift_status != 'IN_SYNC']
    assert [r.id for r in drifted] == [row.id]


def test_an_observer_taking_over_finds_a_change_made_before(driver):
    stacks = _stacks_at_rest(driver, 3, 10)
    _observer(driver, stacks).drift_pass()
    driver.cloud.delete(driver.objects()[0]['id'])   # while the first observer is gone
    successor = _observer(driver, stacks)
    assert successor.drift_pass().changed == 1
    assert sorted(r.drift_status for r in db_api.resources_observable(stacks)) == (
        ['DELETED'] + ['IN_SYNC'] * 29)


def test_snapshot_deletes_are_looked_for_when_they_can_have_begun(driver, monkeypatch):
    stacks = _stacks_at_rest(driver, 2, 2)
    looks, deleting = [], set()

    def stacks_deleting_snapshots(stack_ids):
        looks.append(sorted(stack_ids))
        return sorted(deleting & set(stack_ids))
    monkeypatch.setattr(poller.db_api, 'stacks_deleting_snapshots', stacks_deleting_snapshots)
    observer = _observer(driver, stacks[:1])
    observer.run_pass()
    assert len(looks) == 1, 'the first pass looks'
    observer.run_pass()
    assert len(looks) == 1, 'at rest, a pass does not'
    observer.stacks = set(stacks)               # took a stack over
    observer.run_pass()
    assert looks[-1] == sorted(stacks)
    deleting.add(stacks[1])                     # a Cinder snapshot's delete goes on
    driver.clock.advance(CONF.observer.drift_interval)
    observer.run_pass()
    assert len(looks) == 3, 'looked again after a drift interval'
    assert [m for m, _, _ in driver.queue] == ['delete_snapshots']
    observer.run_pass()
    assert len(looks) == 4, 'and on every pass while a delete goes on'
    deleting.clear()
    observer.run_pass()
    observer.run_pass()
    assert len(looks) == 5, 'until none does'


def _warm(observer):
    # The first pass reads everything and learns the cloud has a feed; the
    # second takes the feed's token and remembers what it read.
    observer.drift_pass()
    return observer.drift_pass()


def test_at_rest_a_drift_pass_reads_no_resource_and_asks_the_cloud_once(
        driver, statements, monkeypatch):
    stacks = _stacks_at_rest(driver, 4, 10)
    observer = _observer(driver, stacks)
    assert _warm(observer).resources == 40
    calls = []
    for name in ('changes', 'get_many'):
        real = getattr(driver.cloud, name)
        monkeypatch.setattr(driver.cloud, name, lambda *a, _n=name, _f=real, **k: (
            calls.append(_n), _f(*a, **k))[1])
    seen = statements.during(lambda: setattr(observer, 'result', observer.drift_pass()))
    assert observer.result.resources == 0 and observer.result.changed == 0
    assert calls == ['changes']
    assert [s.split()[0] for s in seen] == ['SELECT', 'COMMIT'], seen
    assert 'stack' in seen[0].lower() and 'resource' not in seen[0].lower()


def test_a_change_out_of_band_is_found_by_the_next_pass_from_memory(driver):
    stacks = _stacks_at_rest(driver, 3, 10)
    observer = _observer(driver, stacks)
    _warm(observer)
    target = driver.objects()[3]            # of the last stack created
    driver.cloud.patch(target['id'], {'value': 'tampered'})
    result = observer.drift_pass()
    assert (result.resources, result.changed) == (1, 1)
    assert result.drifted_stacks == {driver.stack_id}
    # Still drifted on the next pass, which compares nothing: reported
    # again, so that auto-heal is asked again.
    again = observer.drift_pass()
    assert (again.resources, again.changed) == (0, 0)
    assert again.drifted_stacks == {driver.stack_id}
    driver.cloud.patch(target['id'], {'value': 'v0'})
    healed = observer.drift_pass()
    assert (healed.resources, healed.changed) == (1, 1) and not healed.drifted_stacks
    assert {r.drift_status for r in db_api.resources_observable(stacks)} == {'IN_SYNC'}


def test_a_stack_changed_by_a_traversal_is_read_again_whole(driver):
    stacks = _stacks_at_rest(driver, 3, 10)
    observer = _observer(driver, stacks)
    _warm(observer)
    driver.update(workloads.Independent(10).template('v1'))   # the last stack
    assert driver.settle() == 'UPDATE_COMPLETE'
    result = observer.drift_pass()
    assert result.resources == 10 and result.changed == 0
    assert observer.drift_pass().resources == 0


def test_everything_is_compared_when_the_cloud_cannot_say_and_at_each_full_pass(driver):
    stacks = _stacks_at_rest(driver, 2, 10)
    observer = _observer(driver, stacks)
    _warm(observer)
    observer.drift_memory.token = 'another-store.7'
    assert observer.drift_pass().resources == 20
    assert observer.drift_pass().resources == 0
    driver.clock.advance(CONF.observer.drift_full_pass_interval)
    assert observer.drift_pass().resources == 20
    assert observer.drift_pass().resources == 0


def test_a_full_pass_every_time_when_the_interval_is_zero(driver):
    CONF.set_override('drift_full_pass_interval', 0, group='observer')
    try:
        stacks = _stacks_at_rest(driver, 2, 5)
        observer = _observer(driver, stacks)
        _warm(observer)
        assert observer.drift_pass().resources == 10
    finally:
        CONF.clear_override('drift_full_pass_interval', group='observer')

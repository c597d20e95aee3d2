"""Real-cloud resources are observed in groups: one list call per service
(kind of object) per project per pass, whatever the number of objects, and
a group that cannot be asked decides nothing."""
import logging

import pytest

from heat_conv.common import context
from heat_conv.db import api as db_api
from heat_conv.engine.core import stack_operations
from heat_conv.observer import drift
from heat_conv.observer import poller
from heat_conv.observer import reality
from tests import resource_types
from tests.scenarios import local_driver
from tests.scenarios.library import res
from tests.scenarios.library import tmpl
from tests.unit.observer import things


@pytest.fixture
def service(monkeypatch):
    svc = things.ThingService(build_secs=30)
    monkeypatch.setattr(things.Thing, 'service', svc)
    resource_types.register(monkeypatch, things.Thing, things.OtherThing)
    return svc


@pytest.fixture
def driver(db, fake_clock, service):
    d = local_driver.LocalDriver(fake_clock)
    yield d
    d.close()


def _create_in(driver, project, template):
    """Create a stack in ``project``; its creates start, nothing settles."""
    driver.ctx = context.RequestContext(project_id=project, user_id='user')
    driver.create(template)
    driver.run_until(lambda: not driver.queue, 'the creates to start')
    return driver.stack_id


def _poll(driver, service, **kwargs):
    return poller.poll_pending(driver.cloud, connection_for=service.connection_for,
                               **kwargs)


def _three_stacks(driver):
    """Two stacks in project p1 (five things, one other thing, one simulated
    resource) and one in p2 (two things)."""
    first = _create_in(driver, 'p1', tmpl({
        'A': things.thing(), 'B': things.thing(), 'C': things.thing(),
        'O': {'type': 'Test::OtherThing'}, 'S': res('s', wait=driver.slow)}))
    second = _create_in(driver, 'p1', tmpl({'D': things.thing(), 'E': things.thing()}))
    third = _create_in(driver, 'p2', tmpl({'F': things.thing(), 'G': things.thing()}))
    return first, second, third


def _settle_all(driver, stack_ids):
    statuses = []
    for stack_id in stack_ids:
        driver.stack_id = stack_id
        statuses.append(driver.settle())
    return statuses


def test_pending_objects_are_asked_once_per_project_and_kind(driver, service,
                                                             monkeypatch):
    stacks = _three_stacks(driver)
    asked = []
    monkeypatch.setattr(driver.cloud, 'get_many',
                        lambda ids: asked.append(ids) or driver.store.get_many(ids))
    assert _poll(driver, service) == 0   # all still building
    by_group = sorted((project, len(ids)) for project, ids in service.list_calls)
    assert by_group == [('p1', 1), ('p1', 5), ('p2', 2)]
    assert len(asked) == 1, 'the simulated resource is asked about as before'
    service.list_calls.clear()
    driver.clock.advance(driver.slow)
    assert _poll(driver, service) == 9
    assert len(service.list_calls) == 3
    monkeypatch.setattr(reality, 'default_connection_for', service.connection_for)
    assert _settle_all(driver, stacks) == ['CREATE_COMPLETE'] * 3


def test_a_group_that_cannot_be_asked_decides_nothing_and_is_asked_again(
        driver, service, monkeypatch, caplog):
    stacks = _three_stacks(driver)
    driver.clock.advance(driver.slow)
    service.failing.add('p2')
    reported = poller.Reported(again_after=60)
    with caplog.at_level(logging.WARNING, logger=poller.__name__):
        # p1's things and the simulated resource
        assert _poll(driver, service, reported=reported) == 7
    assert 'could not ask about 2 pending resource(s) of project p2' in caplog.text
    driver.stack_id = stacks[2]
    assert {r.status for r in driver.resources().values()} == {'IN_PROGRESS'}
    service.failing.clear()
    service.list_calls.clear()
    assert _poll(driver, service, reported=reported) == 2
    assert [project for project, _ in service.list_calls] == ['p2']
    monkeypatch.setattr(reality, 'default_connection_for', service.connection_for)
    assert _settle_all(driver, stacks) == ['CREATE_COMPLETE'] * 3


def test_a_stack_without_a_connection_is_seen_through_a_neighbour_in_its_project(
        driver, service):
    first = _create_in(driver, 'p1', tmpl({'A': things.thing()}))
    second = _create_in(driver, 'p1', tmpl({'B': things.thing()}))
    driver.clock.advance(driver.slow)

    def connection_for(stack_id):
        # The stack asked first (in id order) has lost its trust.
        if stack_id == min(first, second):
            raise RuntimeError('trust deleted')
        return service.connection_for(stack_id)
    assert poller.poll_pending(driver.cloud, connection_for=connection_for) == 2
    assert len(service.list_calls) == 1


def test_without_any_connection_a_group_waits(driver, service, caplog):
    _create_in(driver, 'p1', tmpl({'A': things.thing()}))
    driver.clock.advance(driver.slow)

    def no_connection(stack_id):
        raise RuntimeError('no trust')
    with caplog.at_level(logging.WARNING, logger=poller.__name__):
        assert poller.poll_pending(driver.cloud, connection_for=no_connection) == 0
    assert 'no connection: stack' in caplog.text and 'no trust' in caplog.text
    assert driver.resources()['A'].status == 'IN_PROGRESS'


def test_notified_ids_are_asked_about_alone_one_call_per_group(driver, service,
                                                               monkeypatch):
    first, _, third = _three_stacks(driver)
    driver.clock.advance(driver.slow)
    asked = []
    monkeypatch.setattr(driver.cloud, 'get_many', lambda ids: asked.append(ids) or {})
    ids = {row.name: row.physical_resource_id
           for row in db_api.resources_of_stack(first) + db_api.resources_of_stack(third)}
    named = {ids['F'], ids['A'], ids['B'], 'an-object-heat-conv-does-not-know'}
    assert _poll(driver, service, only_ids=named) == 3
    assert sorted((project, len(asked_ids)) for project, asked_ids
                  in service.list_calls) == [('p1', 2), ('p2', 1)]
    assert not asked, 'the simulated cloud is not asked on a notification'
    assert driver.resources()['G'].status == 'IN_PROGRESS'


def test_many_objects_of_a_project_are_one_call_per_batch(driver, service):
    _create_in(driver, 'p1', tmpl({f'T{i}': things.thing() for i in range(7)}))
    driver.clock.advance(driver.slow)
    assert _poll(driver, service, batch_size=3) == 7
    assert [len(ids) for _, ids in service.list_calls] == [3, 3, 1]


# Drift ---------------------------------------------------------------------

def _built(driver, service, monkeypatch):
    monkeypatch.setattr(reality, 'default_connection_for', service.connection_for)
    service.build_secs = 0
    driver.ctx = context.RequestContext(project_id='p1', user_id='user')
    driver.create(tmpl({'A': things.thing('a'), 'B': things.thing('b'),
                        'C': things.thing(), 'S': res('s')}))
    assert driver.settle() == 'CREATE_COMPLETE'
    return {name: row.physical_resource_id for name, row in driver.resources().items()}


def test_drift_of_real_objects_is_one_call_per_group(driver, service, monkeypatch):
    ids = _built(driver, service, monkeypatch)
    service.list_calls.clear()
    result = drift.observe([driver.stack_id], driver.cloud)
    assert (result.resources, result.cloud_calls) == (4, 2)   # things, simulated
    assert service.list_calls == [('p1', tuple(sorted([ids['A'], ids['B'], ids['C']])))]
    assert {r.drift_status for r in driver.resources().values()} == {'IN_SYNC'}


def test_deleted_and_renamed_objects_show_as_drift(driver, service, monkeypatch):
    ids = _built(driver, service, monkeypatch)
    del service.things[ids['B']]
    service.things[ids['A']]['name'] = 'renamed'
    service.things[ids['C']]['name'] = 'the service named it'   # unset in the template
    result = drift.observe([driver.stack_id], driver.cloud)
    rows = driver.resources()
    assert rows['A'].drift_status == 'MODIFIED'
    assert rows['A'].drift_detail == {'name': {'expected': 'a', 'actual': 'renamed'}}
    assert rows['B'].drift_status == 'DELETED'
    assert rows['C'].drift_status == 'IN_SYNC'
    assert result.drifted_stacks == {driver.stack_id}
    reasons = {e.resource_name: e.resource_status_reason for e in driver.events()
               if e.resource_action == 'DRIFT'}
    assert reasons['B'] == 'Deleted outside heat-conv'
    assert "name expected 'a', found 'renamed'" in reasons['A']


def test_a_group_that_cannot_be_asked_keeps_its_drift_status(driver, service,
                                                            monkeypatch):
    ids = _built(driver, service, monkeypatch)
    drift.observe([driver.stack_id], driver.cloud)
    del service.things[ids['B']]
    service.failing.add('p1')
    result = drift.observe([driver.stack_id], driver.cloud)
    assert (result.failed_groups, result.failed_calls) == (1, 0)
    assert driver.resources()['B'].drift_status == 'IN_SYNC'


def test_converge_repairs_real_drift(driver, service, monkeypatch):
    ids = _built(driver, service, monkeypatch)
    del service.things[ids['B']]
    service.things[ids['A']]['name'] = 'renamed'
    stack_operations.update_stack(driver.ctx, driver.stack_id, existing=True,
                                  converge=True)
    assert driver.settle() == 'UPDATE_COMPLETE'
    rows = driver.resources()
    assert rows['A'].physical_resource_id == ids['A']   # renamed back in place
    assert service.things[ids['A']]['name'] == 'a'
    assert rows['B'].physical_resource_id != ids['B']   # made again
    assert service.things[rows['B'].physical_resource_id]['name'] == 'b'
    assert rows['C'].physical_resource_id == ids['C']
    drift.observe([driver.stack_id], driver.cloud)
    assert {r.drift_status for r in driver.resources().values()} == {'IN_SYNC'}

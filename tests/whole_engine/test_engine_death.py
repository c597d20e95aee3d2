"""An engine that dies anywhere in a step has its work taken over as soon as
its heartbeats are missed, never after the stalled-traversal timeout.

The engine "dies" (a BaseException no guard catches) at a chosen point of
a create, an update that replaces, adds and removes resources, or a
delete; the message it was handling dies with it. Another engine's reaper
then sees the dead engine's heartbeat stand still for three intervals and
takes over; the operation must end with exactly the template's objects.
"""
import pytest

from heat_conv.common import config
from heat_conv.common import liveness
from heat_conv.db import api as db_api
from heat_conv.engine.core import identity
from heat_conv.engine.core import resource_action
from heat_conv.engine.core import stack_state
from heat_conv.engine.core import sync_point
from heat_conv.engine.recovery import reaper
from tests.scenarios.library import assert_reality
from tests.scenarios.library import ref
from tests.scenarios.library import res
from tests.scenarios.library import tmpl

CONF = config.CONF


class Died(BaseException):
    """The engine process dies here."""



BEFORE = tmpl({'A': res('a', replace_value='1'), 'B': res(ref('A')), 'C': res('c'),
               'D': res('d', depends_on=['B', 'C'])})
AFTER = tmpl({'A': res('a', replace_value='2'), 'B': res(ref('A')), 'E': res('e'),
              'D': res('d', depends_on=['B', 'E'])})

# Where the engine dies: (module, function, which call).
POINTS = {
    'before_graph_stored': (db_api, 'traversal_store', 1),
    'before_leaves_cast': (sync_point, 'cast_check_resources', 1),
    'after_lock_before_cloud': (resource_action, 'start', 2),
    'after_release_before_successors': (sync_point, 'propagate', 2),
    'between_two_arrivals': (db_api, 'sync_arrive_many', 2),
    'after_arrival_before_cast': (sync_point, 'cast_check_resource', 1),
    'before_stack_completes': (stack_state, 'complete', 1),
}


def _die_at(monkeypatch, point):
    module, name, nth = POINTS[point]
    real = getattr(module, name)
    calls = []

    def dying(*args, **kwargs):
        calls.append(1)
        if len(calls) == nth:
            raise Died(point)
        return real(*args, **kwargs)
    monkeypatch.setattr(module, name, dying)


def _die_and_take_over(driver, monkeypatch, point, operation):
    identity.set_engine_id('doomed')
    db_api.service_heartbeat('doomed', 'host-a', liveness.ENGINE, 'topic', 2)
    db_api.service_heartbeat('survivor', 'host-b', liveness.ENGINE, 'topic', 2)
    _die_at(monkeypatch, point)
    operation()
    with pytest.raises(Died):
        driver.settle()
    monkeypatch.undo()
    # What the dead engine would have done next is gone with it; what is
    # still queued would be delivered to the survivor.
    identity.set_engine_id('survivor')
    reaper.run_once()                                # starts watching
    driver.clock.advance(liveness.MISSED_BEATS * 2 + 1)
    db_api.service_heartbeat('survivor', 'host-b', liveness.ENGINE, 'topic', 2)
    reaper.run_once()                                # 'doomed' is dead: take over
    assert db_api.stack_get(driver.stack_id).status != 'FAILED'


@pytest.mark.parametrize('point', sorted(POINTS))
def test_death_during_create(driver, monkeypatch, point):
    _die_and_take_over(driver, monkeypatch, point, lambda: driver.create(BEFORE))
    assert driver.settle() == 'CREATE_COMPLETE'
    assert_reality(driver, _expected(driver, BEFORE))


@pytest.mark.parametrize('point', sorted(POINTS))
def test_death_during_update(driver, monkeypatch, point):
    driver.create(BEFORE)
    assert driver.settle() == 'CREATE_COMPLETE'
    _die_and_take_over(driver, monkeypatch, point, lambda: driver.update(AFTER))
    assert driver.settle() == 'UPDATE_COMPLETE'
    assert_reality(driver, _expected(driver, AFTER))


@pytest.mark.parametrize('point', sorted(POINTS))
def test_death_during_delete(driver, monkeypatch, point):
    driver.create(BEFORE)
    assert driver.settle() == 'CREATE_COMPLETE'
    _die_and_take_over(driver, monkeypatch, point, driver.delete)
    assert driver.settle() == 'DELETE_COMPLETE'
    assert driver.objects() == []


def test_a_dead_engines_work_is_taken_over_once(driver, monkeypatch):
    """Two survivors find the same engine dead; one of them takes over."""
    _die_and_take_over(driver, monkeypatch, 'after_release_before_successors',
                       lambda: driver.create(BEFORE))
    dead = {s.id: s for s in db_api.service_list()}['doomed']
    assert dead.deleted_at is not None
    from heat_conv.engine.recovery import recovery
    assert not recovery.take_over(dead, 10.0), 'taken over a second time'
    assert driver.settle() == 'CREATE_COMPLETE'


def test_the_takeover_waits_for_missed_heartbeats_not_the_stall_timeout(driver,
                                                                      monkeypatch):
    assert CONF.engine.stall_timeout > liveness.MISSED_BEATS * 2 + 1
    test_death_during_create(driver, monkeypatch, 'after_release_before_successors')


def _expected(driver, template):
    ids = {name: row.physical_resource_id for name, row in driver.resources().items()}
    expected = {}
    for name, body in template['resources'].items():
        props = dict(body['properties'])
        if props.get('value') == {'get_resource': 'A'}:
            props['value'] = ids['A']
        expected[name] = {k: v for k, v in props.items() if k in ('value',
                                                                  'update_replace_value')}
    return expected

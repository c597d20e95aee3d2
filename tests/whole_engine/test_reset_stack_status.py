"""heat-conv-manage reset_stack_status (engine.recovery.status_reset): a
stack left IN_PROGRESS by an engine that died, with no reaper running to
take it over, is made FAILED, and what the stuck traversal still had on
its way changes nothing; the user's next update converges as after any
failure. While the engine holding its resource lives, the reset refuses."""
import pytest

from heat_conv.common import liveness
from heat_conv.db import api as db_api
from heat_conv.engine import api as engine_api
from heat_conv.engine.core import identity
from heat_conv.engine.core import resource_action
from heat_conv.engine.recovery import status_reset
from tests.scenarios import nested_library as nested
from tests.scenarios.library import assert_reality
from tests.scenarios.library import ref
from tests.scenarios.library import res
from tests.scenarios.library import tmpl

TEMPLATE = tmpl({'A': res('a'), 'B': res(ref('A')), 'C': res('c')})


class Died(BaseException):
    """The engine process dies here."""


def _stuck(driver, monkeypatch, create=lambda d: d.create(TEMPLATE), nth=2):
    """Create (TEMPLATE); engine 'doomed' dies holding a resource's lock,
    before the cloud was asked (the ``nth`` step it starts)."""
    identity.set_engine_id('doomed')
    db_api.service_heartbeat('doomed', 'host-a', liveness.ENGINE, 'topic', 2)
    real, calls = resource_action.start, []

    def dying(*args, **kwargs):
        calls.append(1)
        if len(calls) == nth:
            raise Died()
        return real(*args, **kwargs)
    monkeypatch.setattr(resource_action, 'start', dying)
    create(driver)
    with pytest.raises(Died):
        driver.settle()
    monkeypatch.undo()
    identity.set_engine_id('operator')


def test_refused_while_the_engine_holding_a_resource_lives(driver, monkeypatch):
    _stuck(driver, monkeypatch)
    held = [r.name for r in driver.rows() if r.engine_id == 'doomed']
    assert held
    with pytest.raises(engine_api.ResetRefused,
                       match=f'engine doomed \\(alive\\) is acting on resource {held[0]}'):
        engine_api.reset_stack_status(driver.stack_id)
    assert driver.stack_status() == 'CREATE_IN_PROGRESS'


def test_a_dead_engines_stack_is_reset_and_then_updated(driver, monkeypatch):
    _stuck(driver, monkeypatch)
    traversal = driver.stack().current_traversal
    driver.clock.advance(liveness.MISSED_BEATS * 2 + 1)   # 'doomed' is down
    done = engine_api.reset_stack_status(driver.stack_id)
    assert done.stacks == [driver.stack_id] and done.resources >= 1
    stack = driver.stack()
    assert (driver.stack_status(), stack.status_reason) == (
        'CREATE_FAILED', status_reset.STACK_REASON)
    assert stack.current_traversal != traversal
    assert not [r for r in driver.rows() if r.status == 'IN_PROGRESS' or r.engine_id]
    assert {r.status_reason for r in driver.rows() if r.status == 'FAILED'} == {
        status_reset.RESOURCE_REASON}
    # What the stuck traversal had queued is delivered and dropped.
    driver.settle()
    assert driver.stack_status() == 'CREATE_FAILED'
    # A second reset has nothing to do.
    again = engine_api.reset_stack_status(driver.stack_id)
    assert (again.stacks, again.resources) == ([], 0)
    driver.update(TEMPLATE)
    assert driver.settle() == 'UPDATE_COMPLETE'
    ids = {name: row.physical_resource_id for name, row in driver.resources().items()}
    assert_reality(driver, {'A': {'value': 'a'}, 'B': {'value': ids['A']},
                            'C': {'value': 'c'}})


def test_an_unknown_stack_is_refused(driver):
    with pytest.raises(engine_api.ResetRefused, match='no stack nope'):
        engine_api.reset_stack_status('nope')


def test_nested_stacks_in_progress_are_reset_with_their_parent(driver, monkeypatch):
    # The engine dies in a step of the deepest stacks (a leaf's server).
    _stuck(driver, monkeypatch, create=nested.create, nth=4)
    in_progress = [s for s in driver.tree() if s.status == 'IN_PROGRESS']
    assert len(in_progress) >= 2, [(s.name, s.status) for s in driver.tree()]
    driver.clock.advance(liveness.MISSED_BEATS * 2 + 1)
    done = engine_api.reset_stack_status(driver.stack_id)
    assert done.stacks[0] == driver.stack_id
    assert set(done.stacks) == {s.id for s in in_progress}
    driver.settle()   # the children's ends reach a superseded parent
    nested.assert_tree(driver, {'CREATE_FAILED', 'CREATE_COMPLETE'})
    assert driver.stack_status() == 'CREATE_FAILED'
    assert not [r for s in driver.tree() for r in driver.rows_of(s.id)
                if r.status == 'IN_PROGRESS']
    nested.update(driver)
    assert driver.settle() == 'UPDATE_COMPLETE'
    nested.assert_tree(driver, {'UPDATE_COMPLETE', 'CREATE_COMPLETE'})
    assert nested.values(driver) == nested.expected()

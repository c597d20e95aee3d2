"""Drift, converge from reality, auto-heal and check, with every component
(cloud, engines, observer) in its own process."""
from heat_conv.common import context
from heat_conv.engine.core import stack_operations
from tests.scenarios.library import assert_reality
from tests.scenarios.library import attr
from tests.scenarios.library import res
from tests.scenarios.library import tmpl

EXPECTED = {'A': {'value': 'a'}, 'B': {'value': 'a'}, 'C': {'value': 'c'}}


def _three(driver, **kwargs):
    driver.create(tmpl({'A': res('a'), 'B': res(attr('A')), 'C': res('c')}), **kwargs)
    assert driver.settle() == 'CREATE_COMPLETE'
    return {o['metadata']['resource_name']: o for o in driver.objects()}


def _drift_of(driver, name):
    return driver.resources()[name].drift_status


def test_out_of_band_changes_are_seen_and_converged_away(driver):
    objects = _three(driver)
    driver.run_until(lambda: _drift_of(driver, 'A') == 'IN_SYNC', 'first look')
    driver.cloud.patch(objects['A']['id'], {'value': 'tampered'})
    driver.cloud.delete(objects['C']['id'])
    # How soon is the observer's drift interval's business (tested with a
    # fake clock in tests/whole_engine/test_drift.py); here, that it is seen.
    driver.run_until(lambda: _drift_of(driver, 'A') == 'MODIFIED'
                     and _drift_of(driver, 'C') == 'DELETED', 'drift to show')
    assert driver.resources()['A'].drift_detail == {
        'value': {'expected': 'a', 'actual': 'tampered'}}
    drift_events = {(e.resource_name, e.resource_status) for e in driver.events()
                    if e.resource_action == 'DRIFT'}
    assert {('A', 'MODIFIED'), ('C', 'DELETED')} <= drift_events

    untouched = driver.cloud.get(objects['B']['id'])
    stack_operations.update_stack(driver.ctx, driver.stack_id, existing=True, converge=True)
    assert driver.settle() == 'UPDATE_COMPLETE'
    assert_reality(driver, EXPECTED)
    assert driver.cloud.get(objects['B']['id']) == untouched   # same id and version
    driver.run_until(lambda: {r.drift_status for r in driver.resources().values()}
                     == {'IN_SYNC'}, 'back in sync')


def test_auto_heal_repairs_drift_by_itself(driver):
    objects = _three(driver, auto_heal=True)
    driver.cloud.patch(objects['B']['id'], {'value': 'tampered'})
    driver.cloud.delete(objects['C']['id'])
    driver.run_until(lambda: driver.stack().action == 'UPDATE', 'the observer to heal')
    assert driver.settle() == 'UPDATE_COMPLETE'
    assert_reality(driver, EXPECTED)


def test_stack_check_fails_on_a_resource_deleted_out_of_band(driver):
    objects = _three(driver)
    driver.cloud.delete(objects['C']['id'])
    stack_operations.check_stack(context.RequestContext(project_id='tenant'), driver.stack_id)
    assert driver.settle() == 'CHECK_FAILED'
    assert 'deleted outside heat-conv' in driver.stack().status_reason
    assert driver.resource_status('C') == 'CHECK_FAILED'

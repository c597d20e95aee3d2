"""Drift: out-of-band changes are seen, reported, and repaired on request."""

from heat_conv.common import config
from heat_conv.common import context
from heat_conv.engine.core import stack_operations
from heat_conv.observer import drift
from tests.scenarios.library import assert_reality
from tests.scenarios.library import attr
from tests.scenarios.library import res
from tests.scenarios.library import tmpl

CONF = config.CONF


def _three(driver, **kwargs):
    driver.create(tmpl({'A': res('a'), 'B': res(attr('A')), 'C': res('c')}), **kwargs)
    assert driver.settle() == 'CREATE_COMPLETE'
    return {o['metadata']['resource_name']: o for o in driver.objects()}


def _observe(driver):
    return drift.observe([driver.stack_id], driver.cloud)


def test_in_sync_resources_are_reported_in_sync_without_events(driver):
    _three(driver)
    result = _observe(driver)
    assert result.resources == 3 and result.cloud_calls == 1
    assert {r.drift_status for r in driver.resources().values()} == {'IN_SYNC'}
    assert not [e for e in driver.events() if e.resource_action == 'DRIFT']


def test_out_of_band_change_shows_as_modified_with_the_difference(driver):
    objects = _three(driver)
    driver.cloud.patch(objects['A']['id'], {'value': 'tampered'})
    _observe(driver)
    row = driver.resources()['A']
    assert row.drift_status == 'MODIFIED'
    assert row.drift_detail == {'value': {'expected': 'a', 'actual': 'tampered'}}
    assert driver.resources()['C'].drift_status == 'IN_SYNC'
    drift_events = [e for e in driver.events() if e.resource_action == 'DRIFT']
    assert [(e.resource_name, e.resource_status) for e in drift_events] == [
        ('A', 'MODIFIED')]
    assert "value expected 'a', found 'tampered'" in drift_events[0].resource_status_reason
    # Seen again unchanged: no second event.
    _observe(driver)
    assert len([e for e in driver.events() if e.resource_action == 'DRIFT']) == 1


def test_out_of_band_delete_shows_as_deleted(driver):
    objects = _three(driver)
    driver.cloud.delete(objects['C']['id'])
    _observe(driver)
    assert driver.resources()['C'].drift_status == 'DELETED'


def test_converge_restores_drift_and_leaves_the_rest_alone(driver):
    objects = _three(driver)
    driver.cloud.patch(objects['A']['id'], {'value': 'tampered'})
    driver.cloud.delete(objects['C']['id'])
    before_b = driver.cloud.get(objects['B']['id'])
    stack_operations.update_stack(driver.ctx, driver.stack_id, existing=True, converge=True)
    assert driver.settle() == 'UPDATE_COMPLETE'
    assert_reality(driver, {'A': {'value': 'a'}, 'B': {'value': 'a'}, 'C': {'value': 'c'}})
    after = {o['metadata']['resource_name']: o for o in driver.objects()}
    assert after['A']['id'] == objects['A']['id']         # repaired in place
    assert after['C']['id'] != objects['C']['id']         # recreated
    assert after['B'] == before_b                          # untouched: same id, version
    _observe(driver)
    assert {r.drift_status for r in driver.resources().values()} == {'IN_SYNC'}


def test_plain_update_does_not_look_at_reality(driver):
    objects = _three(driver)
    driver.cloud.patch(objects['A']['id'], {'value': 'tampered'})
    stack_operations.update_stack(driver.ctx, driver.stack_id, existing=True)
    assert driver.settle() == 'UPDATE_COMPLETE'
    assert driver.cloud.get(objects['A']['id'])['properties']['value'] == 'tampered'


def test_a_stack_being_changed_is_not_compared_until_it_settles(driver):
    objects = _three(driver)
    driver.cloud.patch(objects['A']['id'], {'value': 'tampered'})
    driver.update(tmpl({'A': res('a'), 'B': res(attr('A')), 'C': res('c'),
                        'D': res('d')}))
    assert driver.stack().status == 'IN_PROGRESS'
    result = _observe(driver)
    assert result.resources == 0 and result.cloud_calls == 0
    assert driver.resources()['A'].drift_status != 'MODIFIED'
    assert driver.settle() == 'UPDATE_COMPLETE'
    result = _observe(driver)
    assert result.resources == 4
    assert driver.resources()['A'].drift_status == 'MODIFIED'


def test_drift_is_looked_for_once_per_drift_interval(driver):
    from heat_conv.observer import service as observer_service
    objects = _three(driver)
    observer = observer_service.Observer(driver.cloud)
    assert observer.run_pass() is not None, 'the first pass looks'
    driver.cloud.patch(objects['A']['id'], {'value': 'tampered'})
    assert observer.run_pass() is None, 'no second look within the interval'
    assert driver.resources()['A'].drift_status == 'IN_SYNC'
    driver.clock.advance(CONF.observer.drift_interval)
    assert observer.run_pass() is not None
    assert driver.resources()['A'].drift_status == 'MODIFIED'
    assert not driver.queue, 'drift of a stack without auto-heal is not reported'


def test_auto_heal_repairs_without_a_user(driver):
    objects = _three(driver, name='healing')
    stack_operations.update_stack(driver.ctx, driver.stack_id, existing=True, auto_heal=True)
    driver.settle()
    driver.cloud.patch(objects['B']['id'], {'value': 'tampered'})
    driver.cloud.delete(objects['C']['id'])
    from heat_conv.observer import service as observer_service
    CONF.set_override('drift_interval', 0.1, group='observer')
    try:
        observer = observer_service.Observer(driver.cloud)
        observer.run_pass()
    finally:
        CONF.clear_override('drift_interval', group='observer')
    # The observer only reports; an engine worker starts the healing.
    assert [method for method, _, _ in driver.queue] == ['drift_found']
    assert driver.stack_status() == 'UPDATE_COMPLETE'
    driver.step()
    assert driver.stack_status() == 'UPDATE_IN_PROGRESS'
    assert driver.stack().status_reason == 'Drift detected: converging from reality'
    assert driver.settle() == 'UPDATE_COMPLETE'
    assert_reality(driver, {'A': {'value': 'a'}, 'B': {'value': 'a'}, 'C': {'value': 'c'}})


def test_stack_check_fails_on_a_resource_deleted_out_of_band(driver):
    objects = _three(driver)
    ctx = context.RequestContext(project_id='tenant')
    stack_operations.check_stack(ctx, driver.stack_id)
    assert driver.settle() == 'CHECK_COMPLETE'
    assert {driver.resource_status(n) for n in 'ABC'} == {'CHECK_COMPLETE'}
    driver.cloud.delete(objects['C']['id'])
    stack_operations.check_stack(ctx, driver.stack_id)
    assert driver.settle() == 'CHECK_FAILED'
    reason = driver.stack().status_reason
    assert 'C:' in reason and 'deleted outside heat-conv' in reason
    assert driver.resource_status('C') == 'CHECK_FAILED'
    assert driver.resource_status('A') == 'CHECK_COMPLETE'
    # The next update brings the deleted one back.
    stack_operations.update_stack(ctx, driver.stack_id, existing=True)
    assert driver.settle() == 'UPDATE_COMPLETE'
    assert_reality(driver, {'A': {'value': 'a'}, 'B': {'value': 'a'}, 'C': {'value': 'c'}})


def test_failed_cloud_look_decides_nothing(driver):
    objects = _three(driver)
    _observe(driver)
    driver.cloud.delete(objects['C']['id'])
    driver.cloud.set_faults(error_rate=1.0)
    result = _observe(driver)
    driver.cloud.set_faults(error_rate=0.0)
    assert result.failed_calls == 1
    assert driver.resources()['C'].drift_status == 'IN_SYNC'   # not yet known
    assert driver.stack_status() == 'CREATE_COMPLETE'

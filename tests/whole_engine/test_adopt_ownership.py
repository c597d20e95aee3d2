"""An adopt document is a claim, not a proof: a stack may not take over an
object of another project, or one another live stack owns (issue 27,
defect 1). Deleting the stack whose adopt was refused leaves the owner's
objects alone."""
import copy

from heat_conv.cloud import retry
from heat_conv.common import context
from tests.scenarios.library import fan_template
from tests.scenarios.library import physical_ids
from tests.scenarios.library import res
from tests.scenarios.library import tmpl

TENANT_B = context.RequestContext(project_id='tenant-b', user_id='mallory')


def _owned_by_a(driver):
    """Create tenant A's fan stack; (its ctx, its stack id, its objects)."""
    driver.create(fan_template('a'))
    assert driver.settle() == 'CREATE_COMPLETE'
    return driver.ctx, driver.stack_id, driver.cloud.list()


def _as(driver, ctx, stack_id):
    driver.ctx, driver.stack_id = ctx, stack_id


def _refusals(driver):
    stack = driver.stack().name
    return {e.resource_name: e.resource_status_reason for e in driver.events()
            if e.resource_status == 'FAILED' and e.resource_name != stack}


def test_another_tenant_adopting_an_export_is_refused_and_its_delete_keeps_them(driver):
    ctx_a, stack_a, objects = _owned_by_a(driver)
    ids = physical_ids(driver)
    doc = driver.export()
    driver.ctx = TENANT_B
    driver.adopt(doc)
    assert driver.settle() == 'ADOPT_FAILED'
    reasons = _refusals(driver)
    assert reasons, 'the refused resources say why'
    for name, reason in reasons.items():
        assert reason == (f'OS::Heat::TestResource {ids[name]} cannot be adopted: '
                          'it belongs to another project')
    assert ids[next(iter(reasons))] in driver.stack().status_reason
    assert not any(r.physical_resource_id for r in driver.rows()), \
        'the refused stack records none of the objects'
    driver.delete()
    assert driver.settle() == 'DELETE_COMPLETE'
    assert driver.cloud.list() == objects, "A's objects are untouched"
    _as(driver, ctx_a, stack_a)
    assert driver.stack_status() == 'CREATE_COMPLETE'
    assert physical_ids(driver) == ids


def test_another_tenant_adopting_an_abandoned_stacks_objects_is_refused(driver):
    _, _, objects = _owned_by_a(driver)
    doc = driver.abandon()
    driver.ctx = TENANT_B
    driver.adopt(doc)
    assert driver.settle() == 'ADOPT_FAILED'
    assert set(_refusals(driver).values()) == {
        f'OS::Heat::TestResource {o["id"]} cannot be adopted: it belongs to another project'
        for o in objects if o['metadata']['resource_name'] in _refusals(driver)}
    driver.delete()
    assert driver.settle() == 'DELETE_COMPLETE'
    assert driver.cloud.list() == objects


def test_an_object_of_a_stack_of_another_tenant_made_before_objects_recorded_it(driver):
    # Objects made before creates recorded their project: the project is
    # the stack's that their metadata names.
    _, stack_a, objects = _owned_by_a(driver)
    for obj in objects:
        driver.store._db.execute('UPDATE objects SET metadata = ? WHERE id = ?', (
            '{"stack_id": "%s", "resource_name": "%s"}' % (
                stack_a, obj['metadata']['resource_name']), obj['id']))
    doc = driver.abandon()
    driver.ctx = TENANT_B
    driver.adopt(doc)
    assert driver.settle() == 'ADOPT_FAILED'
    assert all(r.endswith('it belongs to another project')
               for r in _refusals(driver).values())


def test_a_second_stack_of_the_same_tenant_may_not_adopt_a_live_stacks_objects(driver):
    ctx_a, stack_a, objects = _owned_by_a(driver)
    ids = physical_ids(driver)
    driver.adopt(driver.export())
    assert driver.settle() == 'ADOPT_FAILED'
    for name, reason in _refusals(driver).items():
        assert reason == (f'OS::Heat::TestResource {ids[name]} cannot be adopted: it is '
                          f'owned by stack {stack_a} (resource {name})')
    driver.delete()
    assert driver.settle() == 'DELETE_COMPLETE'
    assert driver.cloud.list() == objects
    _as(driver, ctx_a, stack_a)
    assert driver.stack_status() == 'CREATE_COMPLETE'


def test_an_abandoned_stack_is_adopted_once_and_the_second_adopt_is_refused(driver):
    _, _, objects = _owned_by_a(driver)
    ids = physical_ids(driver)
    doc = driver.abandon()
    driver.adopt(copy.deepcopy(doc))
    assert driver.settle() == 'ADOPT_COMPLETE', 'abandon then adopt still works'
    first = driver.stack_id
    assert physical_ids(driver) == ids
    driver.adopt(doc)
    assert driver.settle() == 'ADOPT_FAILED'
    for name, reason in _refusals(driver).items():
        assert reason == (f'OS::Heat::TestResource {ids[name]} cannot be adopted: '
                          f'stack {first} already owns it')
    driver.delete()
    assert driver.settle() == 'DELETE_COMPLETE'
    assert driver.cloud.list() == objects
    driver.stack_id = first
    assert driver.stack_status() == 'ADOPT_COMPLETE'


def test_external_id_of_another_live_stacks_object_is_refused(driver):
    _, stack_a, objects = _owned_by_a(driver)
    taken = physical_ids(driver)['A']
    driver.create(tmpl({'ext': dict(res('x'), external_id=taken)}))
    assert driver.settle() == 'CREATE_FAILED'
    assert _refusals(driver)['ext'] == (
        f'OS::Heat::TestResource {taken} cannot be adopted: it is owned by stack '
        f'{stack_a} (resource A)')
    driver.delete()
    assert driver.settle() == 'DELETE_COMPLETE'
    assert driver.cloud.list() == objects


def test_external_id_of_another_tenants_object_is_refused(driver):
    _, _, objects = _owned_by_a(driver)
    taken = physical_ids(driver)['B']
    driver.ctx = TENANT_B
    driver.create(tmpl({'ext': dict(res('x'), external_id=taken)}))
    assert driver.settle() == 'CREATE_FAILED'
    assert _refusals(driver)['ext'].endswith('it belongs to another project')
    driver.delete()
    assert driver.settle() == 'DELETE_COMPLETE'
    assert driver.cloud.list() == objects


def test_a_cloud_that_cannot_be_asked_refuses_the_adopt(driver, monkeypatch):
    monkeypatch.setattr(retry.time, 'sleep', lambda seconds: None)
    _, _, objects = _owned_by_a(driver)
    doc = driver.abandon()
    driver.cloud.set_faults(error_rate=1.0)
    try:
        driver.adopt(doc)
        assert driver.settle() == 'ADOPT_FAILED'
    finally:
        driver.cloud.set_faults(error_rate=0.0)
    assert all('who owns it could not be established' in r
               for r in _refusals(driver).values())
    driver.delete()
    assert driver.settle() == 'DELETE_COMPLETE'
    assert driver.cloud.list() == objects

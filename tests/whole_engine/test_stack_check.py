"""Stack check through the whole engine: Heat's TemplateResourceCheckTest."""
from heat_conv.engine.core import stack_operations

FAILED_CREATE = {
    'heat_template_version': '2018-08-31',
    'resources': {
        'check_succeed': {'type': 'OS::Heat::TestResource'},
        'check_failed': {'type': 'OS::Heat::TestResource', 'properties': {
            'fail': True, 'action_wait_secs': {'create': 3}}},
        'check_deps_failed': {'type': 'OS::Heat::TestResource',
                              'depends_on': ['check_failed']},
        'check_deps_deps_failed': {'type': 'OS::Heat::TestResource',
                                   'depends_on': ['check_deps_failed']},
    }}


def _check(driver):
    stack_operations.check_stack(driver.ctx, driver.stack_id)
    return driver.settle()


def test_a_failed_check_cancels_the_checks_that_depend_on_it_only(driver):
    driver.create(FAILED_CREATE)
    assert driver.settle() == 'CREATE_FAILED'
    assert _check(driver) == 'CHECK_FAILED'
    states = {name: f'{row.action}_{row.status}' for name, row in
              ((r.name, r) for r in driver.rows())}
    assert states == {'check_succeed': 'CHECK_COMPLETE', 'check_failed': 'CHECK_FAILED',
                      'check_deps_failed': 'INIT_COMPLETE',
                      'check_deps_deps_failed': 'INIT_COMPLETE'}
    assert driver.stack().status_reason.startswith(
        'Resource CHECK failed: resources.check_failed: ')


def test_a_check_delivered_twice_still_cancels_what_depends_on_it(db, fake_clock):
    from tests.scenarios import local_driver
    driver = local_driver.LocalDriver(fake_clock, duplicate=True)
    try:
        driver.create(FAILED_CREATE)
        assert driver.settle() == 'CREATE_FAILED'
        assert _check(driver) == 'CHECK_FAILED'
        assert {r.name: r.action for r in driver.rows()}['check_deps_deps_failed'] == 'INIT'
    finally:
        driver.close()


NESTED = {'heat_template_version': '2018-08-31',
          'parameters': {'one': {'type': 'string', 'default': 'foo'}},
          'resources': {'RealRandom': {'type': 'OS::Heat::RandomString',
                                       'properties': {'salt': {'get_param': 'one'}}},
                        'server': {'type': 'OS::Heat::TestResource'}},
          'outputs': {'the_str': {'value': {'get_attr': ['RealRandom', 'value']}}}}
PARENT = {'heat_template_version': '2018-08-31',
          'resources': {'the_nested': {'type': 'the.yaml', 'properties': {'one': 'my_name'}}}}


def _child(driver):
    from heat_conv.db import api as db_api
    return db_api.stack_get(driver.resources()['the_nested'].physical_resource_id)


def test_checking_a_template_resource_checks_each_resource_of_its_child(driver):
    from heat_conv.db import api as db_api
    driver.create(PARENT, files={'the.yaml': NESTED})
    assert driver.settle() == 'CREATE_COMPLETE'
    assert _check(driver) == 'CHECK_COMPLETE'
    assert driver.resource_status('the_nested') == 'CHECK_COMPLETE'
    child = _child(driver)
    assert f'{child.action}_{child.status}' == 'CHECK_COMPLETE'
    assert {r.name: f'{r.action}_{r.status}' for r in db_api.resources_of_stack(child.id)} \
        == {'RealRandom': 'CHECK_COMPLETE', 'server': 'CHECK_COMPLETE'}


def test_a_failed_check_in_the_child_fails_the_parent_with_its_path(driver):
    driver.create(PARENT, files={'the.yaml': NESTED})
    assert driver.settle() == 'CREATE_COMPLETE'
    server = [o for o in driver.cloud.list()
              if o['metadata'].get('resource_name') == 'server'][0]
    driver.store.delete(server['id'])   # out of band
    assert _check(driver) == 'CHECK_FAILED'
    child = _child(driver)
    assert f'{child.action}_{child.status}' == 'CHECK_FAILED'
    reason = driver.resources()['the_nested'].status_reason
    assert reason.startswith("resources.the_nested.resources.server: "), reason
    assert driver.stack().status_reason.startswith(
        'Resource CHECK failed: resources.the_nested.resources.server: ')
    # The stack can still be updated and deleted afterwards.
    driver.delete()
    assert driver.settle() == 'DELETE_COMPLETE'

"""A superseding update of a parent supersedes its children's traversals,
all the way down (Heat's SimultaneousUpdateNestedStackTest)."""
import json

from heat_conv.db import api as db_api


def _tmpl(resources, output=None):
    tmpl = {'heat_template_version': 'queens',
            'parameters': {'input': {'type': 'string'}},
            'resources': resources}
    if output is not None:
        tmpl['outputs'] = {'delay_stack': {'value': output}}
    return json.dumps(tmpl)


ROOT = _tmpl({'nested_stack': {'type': 'preempt.yaml',
                               'properties': {'input': {'get_param': 'input'}}}},
             {'get_attr': ['nested_stack', 'delay_stack']})
MIDDLE = _tmpl({'delay_stack': {'type': 'delay.yaml',
                                'properties': {'input': {'get_param': 'input'}}}},
               {'get_resource': 'delay_stack'})
DELAY = _tmpl({'delay_resource': {'type': 'OS::Heat::TestResource', 'properties': {
    'action_wait_secs': {'update': 6000}, 'value': {'get_param': 'input'}}}})
FILES = {'preempt.yaml': MIDDLE, 'delay.yaml': DELAY}



def _delay_resource(stack_id):
    rows = db_api.resources_of_stack(stack_id, names=['delay_resource'])
    return rows[-1] if rows else None


def _start_the_slow_update(driver):
    driver.create(ROOT, params={'input': 'foo'}, files=FILES)
    assert driver.settle() == 'CREATE_COMPLETE'
    middle = db_api.stack_get(driver.resources()['nested_stack'].physical_resource_id)
    delay_id = db_api.resources_of_stack(middle.id, names=['delay_stack'])[-1] \
        .physical_resource_id
    driver.update(ROOT, params={'input': 'bar'}, files=FILES)
    driver.run_until(lambda: (lambda r: r is not None and r.action == 'UPDATE'
                              and r.status == 'IN_PROGRESS')(_delay_resource(delay_id)),
                     'the delay resource updating')
    return delay_id


def test_emptying_the_middle_stack_supersedes_and_deletes_the_slow_grandchild(driver):
    delay_id = _start_the_slow_update(driver)
    started = driver.clock.time()
    driver.update(ROOT, params={'input': 'baz'},
                  files={'preempt.yaml': _tmpl({})})
    assert driver.settle() == 'UPDATE_COMPLETE'
    # Superseded, not waited out: the slow update would take 6000 s.
    assert driver.clock.time() - started < 120
    assert db_api.stack_get(delay_id).deleted_at is not None
    assert driver.tree_objects() == []
    driver.delete()
    assert driver.settle() == 'DELETE_COMPLETE'
    assert driver.tree_objects() == []


def test_a_delete_after_a_superseded_nested_update_completes(driver):
    delay_id = _start_the_slow_update(driver)
    driver.update(ROOT, params={'input': 'baz'},
                  files={'preempt.yaml': _tmpl({})})
    driver.run_until(lambda: driver.stack().status != 'IN_PROGRESS'
                     or db_api.stack_get(delay_id).action == 'DELETE', 'the grandchild deleting')
    started = driver.clock.time()
    driver.delete()
    assert driver.settle() == 'DELETE_COMPLETE'
    assert driver.clock.time() - started < 120
    assert driver.tree_objects() == []
    for stack_id in driver.tree_ids:
        assert db_api.stack_get(stack_id).deleted_at is not None


def test_a_delete_does_not_wait_out_a_slow_update_of_a_flat_stack(driver):
    def template(value):
        return {'heat_template_version': 'queens', 'resources': {'r': {
            'type': 'OS::Heat::TestResource',
            'properties': {'value': value, 'action_wait_secs': {'update': 6000}}}}}
    driver.create(template('a'))
    assert driver.settle() == 'CREATE_COMPLETE'
    driver.update(template('b'))
    driver.run_until(lambda: driver.resource_status('r') == 'UPDATE_IN_PROGRESS',
                     'the update under way')
    started = driver.clock.time()
    driver.delete()
    assert driver.settle() == 'DELETE_COMPLETE'
    assert driver.clock.time() - started < 120
    assert driver.cloud.list() == []


def test_an_update_still_waits_for_an_older_update_of_a_plain_resource(driver):
    # Only a delete preempts a cloud action: a newer update re-drives the
    # node when the older action ends, as in Heat.
    def template(value):
        return {'heat_template_version': 'queens', 'resources': {'r': {
            'type': 'OS::Heat::TestResource',
            'properties': {'value': value, 'action_wait_secs': {'update': 600}}}}}
    driver.create(template('a'))
    assert driver.settle() == 'CREATE_COMPLETE'
    driver.update(template('b'))
    driver.run_until(lambda: driver.resource_status('r') == 'UPDATE_IN_PROGRESS',
                     'the update under way')
    started = driver.clock.time()
    driver.update(template('c'))
    assert driver.settle() == 'UPDATE_COMPLETE'
    assert driver.clock.time() - started >= 600
    assert [o['properties']['value'] for o in driver.cloud.list()] == ['c']

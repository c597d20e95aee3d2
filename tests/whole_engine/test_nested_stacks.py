"""Template resources and OS::Heat::Stack, through the whole engine."""
import math

import pytest

from heat_conv.common import config
from heat_conv.common import exception
from heat_conv.db import api as db_api
from heat_conv.engine.core import stack_operations
from heat_conv.engine.recovery import reaper
from tests.scenarios.library import tmpl

CONF = config.CONF

NESTED = '''
heat_template_version: 2018-08-31
parameters:
  value: {type: string, default: nested}
resources:
  secret:
    type: OS::Heat::RandomString
  server:
    type: OS::Heat::TestResource
    properties:
      value: {get_param: value}
outputs:
  out:
    value: {get_attr: [server, output]}
  name:
    value: {get_param: OS::stack_name}
  facade:
    value: {resource_facade: metadata}
'''



def _child(driver, name):
    return db_api.stack_get(driver.resources()[name].physical_resource_id)


def test_heat_stack_with_an_inline_template_string(driver):
    driver.create(tmpl({'inner': {'type': 'OS::Heat::Stack', 'properties': {
        'template': NESTED, 'parameters': {'value': 'v1'}, 'timeout': 10}}},
        outputs={'out': {'value': {'get_attr': ['inner', 'outputs', 'out']}},
                 'dotted': {'value': {'get_attr': ['inner', 'outputs.out']}},
                 'name': {'value': {'get_attr': ['inner', 'stack_name']}},
                 'ref': {'value': {'get_resource': 'inner'}}}))
    assert driver.settle() == 'CREATE_COMPLETE'
    child = _child(driver, 'inner')
    assert child.timeout == 10 and child.nested_depth == 1
    attrs = driver.resources()['inner'].attributes_data
    assert attrs['outputs']['out'] == 'v1' and attrs['outputs.out'] == 'v1'
    assert attrs['stack_name'] == child.name == attrs['outputs']['name']
    assert driver.resources()['inner'].physical_resource_id == child.id


def test_heat_stack_update_changes_the_child_in_place(driver):
    def template(value):
        return tmpl({'inner': {'type': 'OS::Heat::Stack', 'properties': {
            'template': {'heat_template_version': '2018-08-31', 'resources': {
                'r': {'type': 'OS::Heat::TestResource',
                      'properties': {'value': value}}}}}}})
    driver.create(template('a'))
    assert driver.settle() == 'CREATE_COMPLETE'
    child = _child(driver, 'inner')
    (obj,) = driver.cloud.list(stack_id=child.id)
    driver.update(template('b'))
    assert driver.settle() == 'UPDATE_COMPLETE'
    assert _child(driver, 'inner').id == child.id
    (after,) = driver.cloud.list(stack_id=child.id)
    assert after['id'] == obj['id'] and after['properties']['value'] == 'b'


def test_built_in_type_mapped_to_a_file_is_a_template_resource(driver):
    # Heat's test_no_infinite_recursion: the file may use the type it implements.
    driver.create(tmpl({'secret1': {'type': 'OS::Heat::RandomString',
                                    'metadata': {'role': 'db'}}},
                       outputs={'out': {'value': {'get_attr': ['secret1', 'out']}}}),
                  files={'nested.yaml': NESTED},
                  environment={'resource_registry': {'OS::Heat::RandomString':
                                                     'nested.yaml'}})
    assert driver.settle() == 'CREATE_COMPLETE'
    row = driver.resources()['secret1']
    assert row.type == 'OS::Heat::RandomString' and row.nested_template == 'nested.yaml'
    child = _child(driver, 'secret1')
    inner = {r.name: r.type for r in db_api.resources_of_stack(child.id)}
    assert inner == {'secret': 'OS::Heat::RandomString', 'server': 'OS::Heat::TestResource'}
    assert row.attributes_data['out'] == 'nested'
    assert row.attributes_data['facade'] == {'role': 'db'}
    assert row.attributes_data['name'] == child.name


def test_a_template_resource_at_a_url_is_fetched_and_kept_with_the_stack(
        driver, template_server):
    template_server.pages['/nested.yaml'] = NESTED
    url = template_server.url + '/nested.yaml'
    driver.create(tmpl({'r': {'type': url, 'properties': {'value': 'fetched'}}},
                       outputs={'out': {'value': {'get_attr': ['r', 'out']}}}))
    assert driver.settle() == 'CREATE_COMPLETE'
    assert driver.resources()['r'].attributes_data['out'] == 'fetched'
    assert db_api.raw_template_get(driver.stack().raw_template_id).files == {url: NESTED}
    assert template_server.gets == ['/nested.yaml']


def test_get_resource_of_a_template_resource(driver):
    transparent = NESTED + '''
  OS::stack_id:
    value: {get_resource: server}
'''
    driver.create(tmpl({'arn': {'type': 'a.yaml'}, 'plain': {'type': 'b.yaml'}},
                       outputs={'arn': {'value': {'get_resource': 'arn'}},
                                'plain': {'value': {'get_resource': 'plain'}}}),
                  files={'a.yaml': NESTED, 'b.yaml': transparent})
    assert driver.settle() == 'CREATE_COMPLETE'
    child = _child(driver, 'arn')
    rows = driver.resources()
    assert rows['arn'].attributes_data['OS::stack_id'] == \
        f'arn:openstack:heat::tenant:stacks/{child.name}/{child.id}'
    server = {r.name: r for r in db_api.resources_of_stack(_child(driver, 'plain').id)}
    assert rows['plain'].attributes_data['OS::stack_id'] == \
        server['server'].physical_resource_id


@pytest.mark.parametrize('files,environment,loop', [
    ({'a.yaml': {'heat_template_version': '2018-08-31',
                 'resources': {'x': {'type': 'b.yaml'}}},
      'b.yaml': {'heat_template_version': '2018-08-31',
                 'resources': {'y': {'type': 'a.yaml'}}}}, None,
     'a.yaml -> b.yaml -> a.yaml'),
    ({'a.yaml': {'heat_template_version': '2018-08-31',
                 'resources': {'x': {'type': 'My::A'}}}},
     {'resource_registry': {'My::A': 'a.yaml'}}, 'a.yaml -> My::A (a.yaml)'),
])
def test_a_loop_of_template_resources_is_refused_naming_it(driver, files, environment,
                                                           loop):
    with pytest.raises(exception.InvalidTemplate) as exc:
        driver.create(tmpl({'r': {'type': 'a.yaml'}}), files=files,
                      environment=environment)
    assert exc.value.code == 400
    assert loop in str(exc.value) and str(exc.value).startswith('resources.r: ')


def test_a_property_the_child_has_no_parameter_for_is_refused(driver):
    with pytest.raises(exception.InvalidProperties) as exc:
        driver.create(tmpl({'r': {'type': 'n.yaml', 'properties': {'nope': 1}}}),
                      files={'n.yaml': NESTED})
    assert str(exc.value) == 'resources.r.properties.nope: Unknown Property nope'


def test_an_error_in_the_child_template_is_reported_at_the_parents_path(driver):
    bad = {'heat_template_version': '2018-08-31',
           'resources': {'x': {'type': 'OS::No::Such'}}}
    with pytest.raises(exception.UnknownResourceType) as exc:
        driver.create(tmpl({'r': {'type': 'n.yaml'}}), files={'n.yaml': bad})
    assert str(exc.value) == ('resources.r.resources.x.type: The Resource Type '
                              '(OS::No::Such) could not be found.')


def test_nesting_deeper_than_the_limit_is_refused(driver):
    CONF.set_override('max_nested_stack_depth', 2)
    try:
        level = {'heat_template_version': '2018-08-31', 'resources': {}}
        files = {'l3.yaml': level}
        for i in (2, 1):
            files[f'l{i}.yaml'] = {'heat_template_version': '2018-08-31', 'resources': {
                'next': {'type': f'l{i + 1}.yaml'}}}
        with pytest.raises(exception.RequestLimitExceeded) as exc:
            driver.create(tmpl({'r': {'type': 'l1.yaml'}}), files=files)
        assert 'max_nested_stack_depth (2)' in str(exc.value)
    finally:
        CONF.clear_override('max_nested_stack_depth')


def test_resources_are_counted_over_the_tree(driver):
    CONF.set_override('max_resources_per_stack', 2)
    try:
        with pytest.raises(exception.RequestLimitExceeded) as exc:
            driver.create(tmpl({'r': {'type': 'n.yaml'}}), files={'n.yaml': NESTED})
        assert 'would have 3 resources' in str(exc.value)
    finally:
        CONF.clear_override('max_resources_per_stack')


def test_a_lost_child_report_is_sent_again_by_the_reaper(driver):
    driver.create(tmpl({'r': {'type': 'n.yaml'}}), files={'n.yaml': NESTED})
    driver.run_until(lambda: any(m[0] == 'child_done' for m in driver.queue),
                     'the child reports')
    driver.queue[:] = [m for m in driver.queue if m[0] != 'child_done']   # lost
    while driver.queue:
        driver.step()
    assert driver.stack_status() == 'CREATE_IN_PROGRESS'
    assert _child(driver, 'r').status == 'COMPLETE'
    reaper.run_once()   # not yet: the parent has not been quiet for long
    assert not driver.queue
    driver.clock.advance(CONF.engine.stall_timeout + 1)
    reaper.run_once()
    assert [m[0] for m in driver.queue] == ['child_done']
    assert driver.settle() == 'CREATE_COMPLETE'


def test_a_failed_child_fails_the_parent_with_the_path(driver):
    failing = {'heat_template_version': '2018-08-31', 'resources': {'oops': {
        'type': 'OS::Heat::TestResource', 'properties': {'fail': True}}}}
    driver.create(tmpl({'victim': {'type': 'fail.yaml'}}), files={'fail.yaml': failing})
    assert driver.settle() == 'CREATE_FAILED'
    # Heat's TemplateResourceErrorMessageTest, exactly.
    assert driver.stack().status_reason == (
        'Resource CREATE failed: ValueError: resources.victim.resources.oops: '
        'Test Resource failed oops')
    assert driver.resources()['victim'].status_reason == \
        'ValueError: resources.victim.resources.oops: Test Resource failed oops'


def test_deleting_a_child_first_leaves_the_parent_deletable(driver):
    driver.create(tmpl({'r': {'type': 'n.yaml'}}), files={'n.yaml': NESTED})
    assert driver.settle() == 'CREATE_COMPLETE'
    child = _child(driver, 'r')
    stack_operations.delete_stack(driver.ctx, child.id)
    driver.run_until(lambda: db_api.stack_get(child.id).deleted_at is not None,
                     'the child deleted')
    driver.delete()
    assert driver.settle() == 'DELETE_COMPLETE'
    assert driver.cloud.list() == []


def test_a_provider_must_offer_what_its_facade_declares(driver):
    facade = {'heat_template_version': '2018-08-31',
              'parameters': {'one': {'type': 'string'}, 'two': {'type': 'string'}},
              'outputs': {'here': {'value': 'noop'}}}
    provider = {'heat_template_version': '2018-08-31',
                'parameters': {'one': {'type': 'string'}}, 'outputs': {'here': {'value': 1}}}
    env = {'resource_registry': {'OS::Thingy': 'facade.yaml',
                                 'resources': {'r': {'OS::Thingy': 'concrete.yaml'}}}}
    with pytest.raises(exception.Invalid) as exc:
        driver.create(tmpl({'r': {'type': 'OS::Thingy', 'properties': {'one': 'x'}}}),
                      files={'facade.yaml': facade, 'concrete.yaml': provider},
                      environment=env)
    assert str(exc.value) == 'Required property two for facade OS::Thingy missing in ' \
                             'provider'


def test_drift_in_a_child_is_seen_there_and_converge_of_the_top_repairs_it(driver):
    from heat_conv.observer import drift
    driver.create(tmpl({'r': {'type': 'n.yaml'}}), files={'n.yaml': NESTED})
    assert driver.settle() == 'CREATE_COMPLETE'
    child = _child(driver, 'r')
    (obj,) = driver.cloud.list(stack_id=child.id)
    driver.cloud.delete(obj['id'])   # out of band
    found = drift.observe([s.id for s in driver.tree()], driver.cloud)
    assert found.drifted_stacks == {child.id}
    server = {r.name: r for r in db_api.resources_of_stack(child.id)}['server']
    assert server.drift_status == 'DELETED'
    stack_operations.update_stack(driver.ctx, driver.stack_id, existing=True,
                                  converge=True)
    assert driver.settle() == 'UPDATE_COMPLETE'
    (again,) = driver.cloud.list(stack_id=child.id)
    assert again['id'] != obj['id'] and again['status'] == 'ACTIVE'
    assert _child(driver, 'r').id == child.id


def test_the_nested_sample_builds_its_tree(driver):
    import pathlib
    nested = pathlib.Path(__file__).resolve().parents[2] / 'sample-templates' / 'nested'
    files = {'server.yaml': (nested / 'server.yaml').read_text()}
    env = (nested / 'env.yaml').read_text()
    driver.create((nested / 'web.yaml').read_text(), files=files, environment=env)
    assert driver.settle() == 'CREATE_COMPLETE'
    rows = driver.resources()
    assert rows['backend'].attributes_data['role'] == {'role': 'backend'}
    assert rows['monitor'].attributes_data['outputs']['probe'] == 'probe:back'
    before = {o['id']: o['version'] for o in driver.cloud.list()}
    driver.update((nested / 'web.yaml').read_text(), files=files, environment=env,
                  params={'backend_value': 'v2'})
    assert driver.settle() == 'UPDATE_COMPLETE'
    after = {o['id']: o['version'] for o in driver.cloud.list()}
    assert set(after) == set(before)
    changed = sorted(o['properties']['value'] for o in driver.cloud.list()
                     if after[o['id']] != before[o['id']])
    assert changed == ['probe:v2', 'v2']


def test_a_new_type_name_for_the_same_template_updates_in_place(driver):
    env = {'resource_registry': {'My::A': 'n.yaml', 'My::B': 'n.yaml'}}
    driver.create(tmpl({'r': {'type': 'My::A'}}), files={'n.yaml': NESTED},
                  environment=env)
    assert driver.settle() == 'CREATE_COMPLETE'
    child = _child(driver, 'r')
    driver.update(tmpl({'r': {'type': 'My::B'}}), files={'n.yaml': NESTED},
                  environment=env)
    assert driver.settle() == 'UPDATE_COMPLETE'
    assert driver.resources()['r'].type == 'My::B'
    assert _child(driver, 'r').id == child.id


def test_a_resource_waiting_for_its_child_does_not_count_as_waiting_on_the_cloud(driver):
    slow = NESTED.replace('value: {get_param: value}',
                          'value: {get_param: value}\n      wait_secs: 30')
    driver.create(tmpl({'r': {'type': 'n.yaml'}}), files={'n.yaml': slow})
    driver.run_until(lambda: len(db_api.stacks_waiting_on_cloud()) == 1, 'a cloud wait')
    child = _child(driver, 'r')
    # Only the child's TestResource waits on the cloud (what the observer
    # reports when it is down); its parent resource waits on the child.
    assert db_api.stacks_waiting_on_cloud() == {child.id: 1}
    assert driver.resources()['r'].action_started_at is not None
    assert driver.settle() == 'CREATE_COMPLETE'


def test_patch_drops_kept_parameters_the_new_template_no_longer_declares(driver):
    # Heat's TemplateResourceRemovedParamTest.
    nested = {'heat_template_version': '2018-08-31',
              'parameters': {'value1': {'type': 'string', 'default': 'foo'},
                             'value2': {'type': 'string', 'default': 'bar'}},
              'outputs': {'both': {'value': {'list_join': ['-', [
                  {'get_param': 'value1'}, {'get_param': 'value2'}]]}}}}
    main = tmpl({'r': {'type': 'n.yaml', 'properties': {
        'value1': {'get_param': 'value1'}}}})
    main['parameters'] = {'value1': {'type': 'string', 'default': 'foo'}}
    driver.create(main, files={'n.yaml': nested},
                  environment={'parameters': {'value1': 'spam'}})
    assert driver.settle() == 'CREATE_COMPLETE'
    assert driver.resources()['r'].attributes_data['both'] == 'spam-bar'
    stack_operations.update_stack(
        driver.ctx, driver.stack_id, tmpl({'r': {'type': 'n.yaml'}}), existing=True,
        environment={'parameter_defaults': {'value2': 'egg'}})
    assert driver.settle() == 'UPDATE_COMPLETE'
    assert driver.resources()['r'].attributes_data['both'] == 'foo-egg'


def test_nested_groups_inherit_the_top_stacks_timeout(driver):
    # Heat's ResourceGroupTest.test_create_nested_groups_with_timeout.
    def group(member):
        return {'type': 'OS::Heat::ResourceGroup',
                'update_policy': {'batch_create': {'max_batch_size': 1, 'pause_time': 1}},
                'properties': {'count': 2, 'resource_def': {'type': member}}}
    files = {'child.yaml': tmpl({'child_group': group('value.yaml')}),
             'value.yaml': tmpl({'value': {'type': 'OS::Heat::Value',
                                           'properties': {'value': 'test'}}})}
    driver.create(tmpl({'parent_group': group('child.yaml')}), files=files, timeout=10)
    assert driver.settle() == 'CREATE_COMPLETE'
    stacks = driver.tree()
    assert len(stacks) == 1 + 1 + 2 + 2 + 4
    assert {s.timeout for s in stacks} == {10}


def test_a_child_gets_what_remains_of_its_parents_timeout(driver):
    driver.create(tmpl({'slow': {'type': 'OS::Heat::TestResource',
                                 'properties': {'action_wait_secs': {'create': 150}}},
                        'r': {'type': 'n.yaml', 'depends_on': ['slow']},
                        'own': {'type': 'OS::Heat::Stack', 'depends_on': ['slow'],
                                'properties': {'template': NESTED, 'timeout': 30}}}),
                  files={'n.yaml': NESTED}, timeout=10)
    assert driver.settle() == 'CREATE_COMPLETE'
    # At least 150 s of the 10 minutes were gone when the child began: what
    # was left, rounded up to a minute.
    child, top = _child(driver, 'r'), driver.stack()
    spent = (child.created_at - top.traversal_started_at).total_seconds()
    assert 150 <= spent < 300
    assert child.timeout == math.ceil((600 - spent) / 60) < 10
    assert _child(driver, 'own').timeout == 30
    driver.update(tmpl({'r': {'type': 'n.yaml', 'properties': {'value': 'v2'}}}),
                  files={'n.yaml': NESTED})
    assert driver.settle() == 'UPDATE_COMPLETE'
    assert _child(driver, 'r').timeout == 10

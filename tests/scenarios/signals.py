"""Scenarios of resources that wait on something outside the engine:
wait conditions and their signals, and hooks (breakpoints). Shared by the
deterministic and the MariaDB + RabbitMQ runs."""
import json

import pytest

from heat_conv.common import exception
from heat_conv.db import api as db_api
from heat_conv.engine.signals import signal_operations
from tests.scenarios.library import attr
from tests.scenarios.library import ref
from tests.scenarios.library import res
from tests.scenarios.library import tmpl

HANDLE = 'OS::Heat::WaitConditionHandle'


def wait_template(count=1, timeout=600, handle_after=None):
    handle = {'type': HANDLE}
    if handle_after:
        handle['depends_on'] = handle_after
    return tmpl({
        'handle': handle,
        'wc': {'type': 'OS::Heat::WaitCondition',
               'properties': {'handle': ref('handle'), 'count': count,
                              'timeout': timeout}},
        'after': res({'get_attr': ['wc', 'data']}),
    })


def reasons(d, name, action=None):
    return [e.resource_status_reason for e in d.events()
            if e.resource_name == name and (action is None or e.resource_action == action)]


def waiting(d, name):
    return lambda: d.resource_status(name) == 'CREATE_IN_PROGRESS'


def deployment_made(d, name):
    """The deployment's step has made the deployment and waits on it: a
    signal sent sooner is kept for it (and its event says so), which is
    right, but not what these scenarios look at."""
    def made():
        row = d.row(name)
        return (waiting(d, name)() and row is not None
                and row.physical_resource_id is not None)
    return made


def wait_condition_completes_on_the_third_signal(d):
    d.create(wait_template(count=3))
    d.run_until(waiting(d, 'wc'), 'the wait condition to wait')
    d.signal('handle', {'status': 'SUCCESS', 'data': 'one'})
    d.signal('handle', {'status': 'SUCCESS', 'reason': 'two is here', 'data': 2})
    d.run_until(lambda: len(reasons(d, 'handle', 'SIGNAL')) == 2, 'two signals')
    assert d.resource_status('wc') == 'CREATE_IN_PROGRESS'
    assert d.stack_status() == 'CREATE_IN_PROGRESS'
    assert d.resource_status('after') is None
    d.signal('handle', {'data': 'three', 'id': 'last'})
    assert d.settle() == 'CREATE_COMPLETE'
    data = json.loads(d.resources()['wc'].attributes_data['data'])
    assert data == {'1': 'one', '2': 2, 'last': 'three'}
    # the dependent got the data through get_attr
    assert json.loads(d.resources()['after'].properties_data['value']) == data
    assert reasons(d, 'handle', 'SIGNAL') == [
        'Signal: status:SUCCESS reason:Signal 1 received',
        'Signal: status:SUCCESS reason:two is here',
        'Signal: status:SUCCESS reason:Signal 3 received']


def wait_condition_times_out_without_its_signals(d):
    d.create(wait_template(count=3, timeout=5))
    d.run_until(waiting(d, 'wc'), 'the wait condition to wait')
    d.signal('handle', {'reason': 'booted'})
    assert d.settle() == 'CREATE_FAILED'
    assert d.resources()['wc'].status_reason == \
        'WaitConditionTimeout: resources.wc: 1 of 3 received - booted'
    assert d.resource_status('after') is None


def wait_condition_fails_on_the_first_failure(d):
    d.create(wait_template(count=2))
    d.run_until(waiting(d, 'wc'), 'the wait condition to wait')
    d.signal('handle', {'status': 'FAILURE', 'reason': 'disk full'})
    assert d.settle() == 'CREATE_FAILED'
    assert d.resources()['wc'].status_reason == \
        'WaitConditionFailure: resources.wc: disk full'


def delete_while_a_wait_condition_waits(d):
    d.create(wait_template(count=2))
    d.run_until(waiting(d, 'wc'), 'the wait condition to wait')
    d.delete()
    assert d.settle() == 'DELETE_COMPLETE'
    # ended by the delete, not by waiting out its timeout
    assert not [r for r in reasons(d, 'wc') if 'Timeout' in r]


def update_while_a_wait_condition_waits_waits_again(d):
    d.create(wait_template(count=2))
    d.run_until(waiting(d, 'wc'), 'the wait condition to wait')
    d.update(wait_template(count=1))
    d.run_until(lambda: d.resource_status('wc') in ('UPDATE_IN_PROGRESS',
                                                    'CREATE_IN_PROGRESS'),
                'the wait condition to wait again')
    d.signal('handle', {})
    assert d.settle() == 'UPDATE_COMPLETE'
    assert not [r for r in reasons(d, 'wc') if 'Timeout' in r]


def replaced_handle_does_not_count_the_old_handles_signals(d):
    d.create(wait_template(count=1))
    d.run_until(waiting(d, 'wc'), 'the wait condition to wait')
    d.signal('handle', {'data': 'old'})
    assert d.settle() == 'CREATE_COMPLETE'
    old_handle = d.resources()['handle'].physical_resource_id
    template = wait_template(count=2)
    # a property that cannot change in place: the handle is replaced
    template['resources']['handle']['properties'] = {'signal_transport': 'HEAT_SIGNAL'}
    if getattr(d, 'clock', None) is not None:
        d.clock.advance(1)   # the replacement is made after the old signal
    d.update(template)
    d.run_until(lambda: d.resources()['handle'].physical_resource_id != old_handle
                and d.resource_status('wc') in ('UPDATE_IN_PROGRESS', 'CREATE_IN_PROGRESS'),
                'the wait condition to wait on the new handle')
    d.signal('handle', {'data': 'a'})
    d.signal('handle', {'data': 'b'})
    assert d.settle() == 'UPDATE_COMPLETE'
    assert json.loads(d.resources()['wc'].attributes_data['data']) == {'1': 'a', '2': 'b'}
    assert reasons(d, 'handle', 'SIGNAL')[-1] == \
        'Signal: status:SUCCESS reason:Signal 2 received'


def signal_before_its_resource_exists_is_applied(d):
    # The handle is created only after a slow resource; the signal comes
    # before the stack has any rows at all.
    template = wait_template(handle_after=['slow'])
    template['resources']['slow'] = res('s', wait=d.slow)
    d.create(template)
    d.signal('handle', {'data': 'early'}, declared_type=HANDLE)
    assert d.settle() == 'CREATE_COMPLETE'
    assert json.loads(d.resources()['wc'].attributes_data['data']) == {'1': 'early'}


def hooks_env(name, *hooks):
    return {'resource_registry': {'resources': {name: {'hooks': list(hooks)}}}}


def chain_template(value='v'):
    return tmpl({
        'a': res(f'a-{value}'), 'b': res(attr('a')), 'c': res(attr('b')),
        'x': res(f'x-{value}'), 'y': res(attr('x')),
    })


def paused(d, name, hook):
    def check():
        row = d.row(name)
        return row is not None and row.paused_on == hook
    return check


def pre_create_hook_pauses_its_branch_only(d):
    d.create(chain_template(), environment=hooks_env('b', 'pre-create'))
    d.run_until(lambda: paused(d, 'b', 'pre-create')() and all(
        d.resource_status(n) == 'CREATE_COMPLETE' for n in 'axy'),
        'b to pause and the others to finish')
    assert d.row('b').action == 'INIT'
    assert d.row('b').status_reason == 'CREATE paused until Hook pre-create is cleared'
    assert d.resource_status('c') is None
    assert d.stack_status() == 'CREATE_IN_PROGRESS'
    assert reasons(d, 'b') == ['CREATE paused until Hook pre-create is cleared']
    d.signal('b', {'unset_hook': 'pre-create'})
    assert d.settle() == 'CREATE_COMPLETE'
    assert reasons(d, 'b')[:2] == ['CREATE paused until Hook pre-create is cleared',
                                   'Hook pre-create is cleared']
    assert d.resources()['c'].properties_data['value'] == 'a-v'


def pre_update_and_pre_delete_hooks_pause_until_cleared(d):
    env = hooks_env('b*', 'pre-update', 'pre-delete')
    d.create(chain_template(), environment=env)
    assert d.settle() == 'CREATE_COMPLETE'   # no pre-create hook: not paused
    d.update(chain_template('w'), environment=env)
    d.run_until(paused(d, 'b', 'pre-update'), 'b to pause before its update')
    assert d.row('b').status_reason == 'UPDATE paused until Hook pre-update is cleared'
    d.signal('b', {'unset_hook': 'pre-update'})
    assert d.settle() == 'UPDATE_COMPLETE'
    assert d.resources()['c'].properties_data['value'] == 'a-w'
    d.delete()
    d.run_until(paused(d, 'b', 'pre-delete'), 'b to pause before its delete')
    assert d.resource_status('c') == 'DELETE_COMPLETE' or d.resource_status('c') is None
    d.signal('b', {'unset_hook': 'pre-delete'})
    assert d.settle() == 'DELETE_COMPLETE'


def pre_update_hook_pauses_a_resource_the_update_does_not_change(d):
    # Heat stops at pre-update before it asks whether the resource changes.
    env = hooks_env('b', 'pre-update')
    d.create(chain_template(), environment=env)
    assert d.settle() == 'CREATE_COMPLETE'
    d.update(chain_template(), environment=env)
    d.run_until(paused(d, 'b', 'pre-update'), 'b to pause though it does not change')
    assert d.stack_status() == 'UPDATE_IN_PROGRESS'
    assert d.row('b').status_reason == 'UPDATE paused until Hook pre-update is cleared'
    d.signal('b', {'unset_hook': 'pre-update'})
    assert d.settle() == 'UPDATE_COMPLETE'


def post_hooks_pause_after_the_action_until_cleared(d):
    env = hooks_env('b', 'post-create', 'post-update')
    d.create(chain_template(), environment=env)
    d.run_until(lambda: paused(d, 'b', 'post-create')() and all(
        d.resource_status(n) == 'CREATE_COMPLETE' for n in 'axy'),
        'b to pause after its create')
    # created, but its dependent waits until the hook is cleared
    assert d.resource_status('b') == 'CREATE_COMPLETE'
    assert d.row('b').status_reason == 'CREATE paused until Hook post-create is cleared'
    assert d.resource_status('c') is None
    assert d.stack_status() == 'CREATE_IN_PROGRESS'
    d.signal('b', {'unset_hook': 'post-create'})
    assert d.settle() == 'CREATE_COMPLETE'
    assert reasons(d, 'b')[-2:] == ['CREATE paused until Hook post-create is cleared',
                                    'Hook post-create is cleared']
    d.update(chain_template('w'), environment=env)
    d.run_until(paused(d, 'b', 'post-update'), 'b to pause after its update')
    assert d.resource_status('b') == 'UPDATE_COMPLETE'
    assert d.resources()['c'].properties_data['value'] == 'a-v'   # not yet updated
    d.signal('b', {'unset_hook': 'post-update'})
    assert d.settle() == 'UPDATE_COMPLETE'
    assert d.resources()['c'].properties_data['value'] == 'a-w'
    d.delete()   # no post-delete hook: the delete does not stop
    assert d.settle() == 'DELETE_COMPLETE'


def new_operation_releases_a_paused_resource(d):
    d.create(chain_template(), environment=hooks_env('b', 'pre-create'))
    d.run_until(paused(d, 'b', 'pre-create'), 'b to pause')
    d.delete()
    assert d.settle() == 'DELETE_COMPLETE'


def nested_template(value='v'):
    return tmpl({'web': {'type': 'web.yaml', 'properties': {'value': value}}},
                outputs={'b': {'value': {'get_attr': ['web', 'b']}}})


WEB = {'heat_template_version': '2018-08-31',
       'parameters': {'value': {'type': 'string'}},
       'resources': {'a': res({'get_param': 'value'}),
                     'b': res({'list_join': ['-', [{'get_attr': ['a', 'output']}, 'b']]})},
       'outputs': {'b': {'value': {'get_attr': ['b', 'output']}}}}


def child_row(d, name):
    child = d.resources()['web'].physical_resource_id
    rows = db_api.resources_of_stack(child, names=[name])
    return child, (rows[-1] if rows else None)


def pre_update_hook_inside_a_nested_stack_pauses_the_update(d):
    env = {'resource_registry': {'resources': {'web': {'b': {'hooks': 'pre-update'}}}}}
    files = {'web.yaml': json.dumps(WEB)}
    d.create(nested_template(), files=files, environment=env)
    assert d.settle() == 'CREATE_COMPLETE'   # a pre-update hook: not in a create
    d.update(nested_template('w'), files=files, environment=env)
    d.run_until(lambda: child_row(d, 'b')[1].paused_on == 'pre-update',
                'b of the nested stack to pause')
    child, b = child_row(d, 'b')
    assert b.status_reason == 'UPDATE paused until Hook pre-update is cleared'
    assert child_row(d, 'a')[1].properties_data['value'] == 'w'
    assert d.stack_status() == 'UPDATE_IN_PROGRESS'
    assert d.resource_status('web') == 'UPDATE_IN_PROGRESS'
    # what `openstack stack hook poll --nested-depth 1` reads: the events
    events = db_api.event_list(child)
    assert [e.resource_status_reason for e in events if e.resource_name == 'b'][-1] == \
        'UPDATE paused until Hook pre-update is cleared'
    signal_operations.signal(d.ctx, child, 'b', {'unset_hook': 'pre-update'})
    assert d.settle() == 'UPDATE_COMPLETE'
    assert child_row(d, 'b')[1].properties_data['value'] == 'w-b'
    assert d.resources()['web'].attributes_data['b'] == 'w-b'


def pre_create_hook_on_a_group_member(d):
    env = {'resource_registry': {'resources': {'group': {'1': {'hooks': ['pre-create']}}}}}
    d.create(tmpl({'group': {'type': 'OS::Heat::ResourceGroup', 'properties': {
        'count': 3, 'resource_def': {'type': 'OS::Heat::TestResource'}}}}),
        environment=env)

    def member(name):
        group = d.row('group')
        child = group.physical_resource_id if group is not None else None
        rows = db_api.resources_of_stack(child, names=[name]) if child else []
        return child, (rows[-1] if rows else None)

    d.run_until(lambda: member('1')[1] is not None and member('1')[1].paused_on,
                'member 1 to pause')
    d.run_until(lambda: all(member(n)[1] is not None and member(n)[1].status == 'COMPLETE'
                            and member(n)[1].action == 'CREATE' for n in '02'),
                'the other members')
    assert d.stack_status() == 'CREATE_IN_PROGRESS'
    signal_operations.signal(d.ctx, member('1')[0], '1', {'unset_hook': 'pre-create'})
    assert d.settle() == 'CREATE_COMPLETE'


def deployment_template(server='dummy0'):
    return tmpl({
        'config': {'type': 'OS::Heat::SoftwareConfig',
                   'properties': {'group': 'script', 'config': 'echo hi',
                                  'inputs': [{'name': 'foo'}],
                                  'outputs': [{'name': 'result'}]}},
        'deployment': {'type': 'OS::Heat::SoftwareDeployment',
                       'properties': {'config': ref('config'), 'server': server,
                                      'input_values': {'foo': 'bar'}}},
        'after': res({'get_attr': ['deployment', 'result']}),
    })


def software_deployment_completes_when_its_outputs_are_signalled(d):
    d.create(deployment_template())
    d.run_until(deployment_made(d, 'deployment'), 'the deployment to wait')
    assert d.resource_status('after') is None
    d.signal('deployment', {'deploy_stdout': 'done', 'deploy_status_code': 0,
                            'result': 'forty-two'})
    assert d.settle() == 'CREATE_COMPLETE'
    attrs = d.resources()['deployment'].attributes_data
    assert attrs['deploy_stdout'] == 'done' and attrs['result'] == 'forty-two'
    assert d.resources()['after'].properties_data['value'] == 'forty-two'
    deployment_id = d.resources()['deployment'].physical_resource_id
    assert reasons(d, 'deployment', 'SIGNAL') == [f'deployment {deployment_id} succeeded']
    # As Heat: the deployment keeps the template's input values; the config
    # it deploys is derived from the source, with every input's value.
    deployment = db_api.software_deployment_get(deployment_id)
    assert deployment.input_values == {'foo': 'bar'}
    source = d.resources()['config'].physical_resource_id
    assert deployment.config_id != source
    inputs = {i['name']: i['value'] for i in
              db_api.software_config_get(deployment.config_id).config['inputs']}
    assert inputs['foo'] == 'bar' and inputs['deploy_server_id'] == 'dummy0'
    assert inputs['deploy_action'] == 'CREATE'
    d.delete()
    assert d.settle() == 'DELETE_COMPLETE'
    for config_id in (deployment.config_id, source):
        with pytest.raises(exception.NotFound):
            db_api.software_config_get(config_id)


def software_deployment_applies_a_signal_sent_before_it_was_made(d):
    d.create(deployment_template())
    d.run_until(lambda: d.row('deployment') is not None, 'the deployment\'s row')
    d.signal('deployment', {'deploy_stdout': 'early', 'deploy_status_code': 0,
                            'result': 'seven'})
    assert d.settle() == 'CREATE_COMPLETE'
    assert d.resources()['deployment'].attributes_data['result'] == 'seven'
    assert d.resources()['after'].properties_data['value'] == 'seven'
    deployment_id = d.resources()['deployment'].physical_resource_id
    # Kept while the deployment did not exist yet, or applied at once if
    # its step (in another process) had made it meanwhile.
    assert reasons(d, 'deployment', 'SIGNAL')[0] in (
        'Signal kept for the deployment not made yet',
        f'deployment {deployment_id} succeeded')


def software_deployment_fails_on_a_non_zero_status_code(d):
    d.create(deployment_template())
    d.run_until(deployment_made(d, 'deployment'), 'the deployment to wait')
    d.signal('deployment', {'deploy_stderr': 'oops', 'deploy_status_code': 3})
    assert d.settle() == 'CREATE_FAILED'
    assert d.resources()['deployment'].status_reason == (
        'Error: resources.deployment: Deployment to server failed: '
        'deploy_status_code : Deployment exited with non-zero status code: 3')


def deployment_group_template(value='bar', policy=None):
    group = {'type': 'OS::Heat::SoftwareDeploymentGroup',
             'properties': {'config': ref('config'),
                            'servers': {'a': 'server-a', 'b': 'server-b', 'c': 'server-c'},
                            'input_values': {'foo': value}}}
    if policy:
        group['update_policy'] = policy
    template = deployment_template()
    template['resources'].pop('deployment')
    template['resources']['group'] = group
    template['resources']['after'] = res({'get_attr': ['group', 'result', 'b']})
    return template


def group_members(d):
    child = d.resources()['group'].physical_resource_id
    live = {}
    for row in db_api.resources_of_stack(child):
        if row.action != 'INIT':
            live[row.name] = row
    return child, live


def signal_waiting_members(d, value):
    """Signal every member that waits, as each server's agent would;
    returns their names."""
    child, members = group_members(d)
    waiting = sorted(n for n, r in members.items() if r.status == 'IN_PROGRESS'
                     and r.action_started_at is not None)
    for name in waiting:
        signal_operations.signal(d.ctx, child, name, {
            'deploy_stdout': f'{name}-{value}', 'deploy_status_code': 0,
            'result': f'{name}-result-{value}'})
    return waiting


def members_waiting(d, count, action):
    def check():
        if d.row('group') is None or not d.row('group').physical_resource_id:
            return False
        _, members = group_members(d)
        return sum(r.action == action and r.status == 'IN_PROGRESS'
                   and r.action_started_at is not None
                   for r in members.values()) == count
    return check


def batch_waits(d):
    """The child's traversal has reached every member, and some wait."""
    child_id, members = group_members(d)
    child = db_api.stack_get(child_id)
    if child.status != 'IN_PROGRESS':
        return False
    waiting = [r for r in members.values()
               if r.status == 'IN_PROGRESS' and r.action_started_at is not None]
    return bool(waiting) and all(
        r.traversal_id == child.current_traversal
        and (r.status == 'COMPLETE' or r in waiting) for r in members.values())


def software_deployment_group_completes_when_every_member_is_signalled(d):
    d.create(deployment_group_template())
    d.run_until(members_waiting(d, 3, 'CREATE'), 'three deployments to wait')
    child, _ = group_members(d)
    signal_operations.signal(d.ctx, child, 'a', {'deploy_stdout': 'a-1', 'result': 'r-a'})
    signal_operations.signal(d.ctx, child, 'b', {'deploy_stdout': 'b-1', 'result': 'r-b'})
    d.run_until(members_waiting(d, 1, 'CREATE'), 'two deployments to complete')
    assert d.resource_status('group') == 'CREATE_IN_PROGRESS'
    assert d.resource_status('after') is None
    signal_operations.signal(d.ctx, child, 'c', {'deploy_stdout': 'c-1', 'result': 'r-c'})
    assert d.settle() == 'CREATE_COMPLETE'
    attrs = d.resources()['group'].attributes_data
    assert attrs['deploy_stdouts'] == {'a': 'a-1', 'b': 'b-1', 'c': 'c-1'}
    assert attrs['deploy_status_codes'] == {'a': None, 'b': None, 'c': None}
    assert attrs['result'] == {'a': 'r-a', 'b': 'r-b', 'c': 'r-c'}
    assert d.resources()['after'].properties_data['value'] == 'r-b'
    _, members = group_members(d)
    for name, row in members.items():
        deployment = db_api.software_deployment_get(row.physical_resource_id)
        assert deployment.server_id == f'server-{name}'
        assert deployment.input_values == {'foo': 'bar'}


def deprecated_deployments_changed_to_their_substitute_are_updated_in_place(d):
    """As in Heat: OS::Heat::SoftwareDeployments, deprecated, becomes the
    OS::Heat::SoftwareDeploymentGroup that replaces it by an update in
    place, keeping its child stack and its deployments."""
    def template(group_type):
        t = deployment_group_template()
        t['resources']['group']['type'] = group_type
        t['resources']['group']['properties']['signal_transport'] = 'NO_SIGNAL'
        t['resources'].pop('after')
        return t

    d.create(template('OS::Heat::SoftwareDeployments'))
    assert d.settle() == 'CREATE_COMPLETE'
    before = d.resources()['group']
    _, members = group_members(d)
    deployments = {n: r.physical_resource_id for n, r in members.items()}
    d.update(template('OS::Heat::SoftwareDeploymentGroup'))
    assert d.settle() == 'UPDATE_COMPLETE'
    after = d.resources()['group']
    assert after.type == 'OS::Heat::SoftwareDeploymentGroup'
    assert (after.id, after.physical_resource_id) == (before.id, before.physical_resource_id)
    assert (after.action, after.status) == ('UPDATE', 'COMPLETE')
    _, members = group_members(d)
    assert {n: r.physical_resource_id for n, r in members.items()} == deployments


def software_deployment_group_rolls_its_update_in_batches(d):
    policy = {'rolling_update': {'max_batch_size': 2, 'pause_time': 5}}
    d.create(deployment_group_template(policy=policy))
    d.run_until(members_waiting(d, 3, 'CREATE'), 'three deployments to wait')
    signal_waiting_members(d, 'v1')
    assert d.settle() == 'CREATE_COMPLETE'
    d.update(deployment_group_template('baz', policy=policy))
    batches = []
    while d.stack().status == 'IN_PROGRESS':
        d.run_until(lambda: d.stack().status != 'IN_PROGRESS' or batch_waits(d),
                    'a batch to wait')
        batch = signal_waiting_members(d, 'v2')
        if batch:
            batches.append(batch)
            d.run_until(lambda: not any(r.status == 'IN_PROGRESS' and r.name in batch
                                        for r in group_members(d)[1].values()),
                        'the batch to complete')
    assert d.stack_status() == 'UPDATE_COMPLETE'
    assert sorted(len(b) for b in batches) == [1, 2], batches
    _, members = group_members(d)
    for row in members.values():
        assert db_api.software_deployment_get(
            row.physical_resource_id).input_values == {'foo': 'baz'}
    assert d.resources()['after'].properties_data['value'] == 'b-result-v2'


ALL = [wait_condition_completes_on_the_third_signal,
       wait_condition_times_out_without_its_signals,
       wait_condition_fails_on_the_first_failure,
       signal_before_its_resource_exists_is_applied,
       replaced_handle_does_not_count_the_old_handles_signals,
       delete_while_a_wait_condition_waits,
       update_while_a_wait_condition_waits_waits_again,
       pre_create_hook_pauses_its_branch_only,
       pre_update_and_pre_delete_hooks_pause_until_cleared,
       pre_update_hook_pauses_a_resource_the_update_does_not_change,
       new_operation_releases_a_paused_resource,
       post_hooks_pause_after_the_action_until_cleared,
       software_deployment_completes_when_its_outputs_are_signalled,
       software_deployment_applies_a_signal_sent_before_it_was_made,
       software_deployment_fails_on_a_non_zero_status_code,
       software_deployment_group_completes_when_every_member_is_signalled,
       software_deployment_group_rolls_its_update_in_batches,
       deprecated_deployments_changed_to_their_substitute_are_updated_in_place,
       pre_update_hook_inside_a_nested_stack_pauses_the_update,
       pre_create_hook_on_a_group_member]

"""ResourceGroup and ResourceChain scenarios, shared by the deterministic
and multi-process runs.

Members are TestResources in the group's child stack, named 0, 1, ...;
"reality" is every cloud object of the tree, by member name, and it must
be exactly the members the template asks for after every step.
"""
import time

from heat_conv.db import api as db_api
from tests.scenarios.library import tmpl

GROUP = 'OS::Heat::ResourceGroup'
TEST = 'OS::Heat::TestResource'


def group(count, value='v', policy=None, wait=0, member_type=TEST, **props):
    member = {'value': f'{value}-%index%'}
    if wait:
        member['wait_secs'] = wait
    body = {'type': GROUP, 'properties': dict(
        {'count': count, 'resource_def': {'type': member_type, 'properties': member}},
        **props)}
    if policy:
        body['update_policy'] = policy
    return tmpl({'group': body}, outputs={
        'refs': {'value': {'get_attr': ['group', 'refs']}},
        'outputs': {'value': {'get_attr': ['group', 'output']}},
        'first': {'value': {'get_attr': ['group', 'resource.0', 'output']}}})


# A member template whose server fails in member 3 only.
FAILING_MEMBER = {
    'heat_template_version': '2018-08-31',
    'parameters': {'value': {'type': 'string'}},
    'conditions': {'broken': {'equals': [{'get_param': 'value'}, 'v-3']}},
    'resources': {'server': {'type': TEST, 'properties': {
        'value': {'get_param': 'value'}, 'fail': {'if': ['broken', True, False]}}}},
}


def members(d):
    """{member name: cloud object} of the group's child stack; exactly one
    ACTIVE object per member and no other object in the tree."""
    child = d.resources()['group'].physical_resource_id
    found = {}
    for obj in d.tree_objects():
        assert obj['metadata']['stack_id'] == child, f'stray object {obj}'
        name = obj['metadata']['resource_name']
        assert name not in found, f'two objects for member {name}'
        assert obj['status'] == 'ACTIVE', f'member {name} is {obj["status"]}'
        found[name] = obj
    rows = {r.name: r for r in db_api.resources_of_stack(child)
            if r.action not in ('INIT', 'DELETE')}
    assert sorted(rows) == sorted(found), f'rows {sorted(rows)}, objects {sorted(found)}'
    for name, obj in found.items():
        assert rows[name].physical_resource_id == obj['id']
    return found


def versions(d):
    return {name: (obj['id'], obj['version']) for name, obj in members(d).items()}


def assert_members(d, names, value='v'):
    found = members(d)
    assert sorted(found, key=int) == names, f'members {sorted(found, key=int)}'
    for name, obj in found.items():
        assert obj['properties']['value'] == f'{value}-{name}'
    attrs = d.resources()['group'].attributes_data
    assert attrs['refs'] == [found[n]['id'] for n in names]
    assert attrs['output'] == [f'{value}-{n}' for n in names]


# --- scenarios ---------------------------------------------------------------

def scale_3_5_2(d):
    d.create(group(3))
    assert d.settle() == 'CREATE_COMPLETE'
    assert_members(d, ['0', '1', '2'])
    first = versions(d)
    child = d.resources()['group'].physical_resource_id
    d.update(group(5))
    assert d.settle() == 'UPDATE_COMPLETE'
    assert_members(d, ['0', '1', '2', '3', '4'])
    assert {n: v for n, v in versions(d).items() if n in first} == first, \
        'the first three members are untouched'
    d.update(group(2))
    assert d.settle() == 'UPDATE_COMPLETE'
    assert_members(d, ['0', '1'])
    assert versions(d) == {n: first[n] for n in ('0', '1')}, 'highest indices go first'
    assert d.resources()['group'].physical_resource_id == child, 'the same child stack'


def removal_policies_name_members(d):
    d.create(group(5, removal_policies=[]))
    assert d.settle() == 'CREATE_COMPLETE'
    first = versions(d)
    d.update(group(5, removal_policies=[{'resource_list': ['1', '2', '3']}]))
    assert d.settle() == 'UPDATE_COMPLETE'
    assert_members(d, ['0', '4', '5', '6', '7'])
    assert {n: first[n] for n in ('0', '4')} == \
        {n: v for n, v in versions(d).items() if n in ('0', '4')}
    attrs = d.resources()['group'].attributes_data
    assert attrs['removed_rsrc_list'] == ['1', '2', '3']
    # The removed names are never used again, even with the policy gone.
    d.update(group(6))
    assert d.settle() == 'UPDATE_COMPLETE'
    assert_members(d, ['0', '4', '5', '6', '7', '8'])


def property_change_updates_every_member(d):
    d.create(group(3))
    assert d.settle() == 'CREATE_COMPLETE'
    first = versions(d)
    d.update(group(3, value='w'))
    assert d.settle() == 'UPDATE_COMPLETE'
    assert_members(d, ['0', '1', '2'], value='w')
    assert {n: v[0] for n, v in versions(d).items()} == {n: v[0] for n, v in first.items()}
    outputs = d.resources()['group'].attributes_data
    assert outputs['resource.0.output'] == 'w-0'


def rolling_update_in_batches(d):
    policy = {'rolling_update': {'max_batch_size': 2, 'min_in_service': 1,
                                 'pause_time': 5}}
    d.create(group(4, policy=policy))
    assert d.settle() == 'CREATE_COMPLETE'
    first = versions(d)
    requested = _now(d)
    d.update(group(4, value='w', policy=policy))
    # Batch one: the highest indices, while 0 and 1 keep the old value.
    d.run_until(lambda: _values(d) == {'0': 'v-0', '1': 'v-1', '2': 'w-2', '3': 'w-3'},
                'the first batch')
    # On a fake clock the first batch's end is seen the moment it happens;
    # in real time only a poll later, so there the whole update is timed.
    started = requested if getattr(d, 'clock', None) is None else _now(d)
    assert d.stack_status() == 'UPDATE_IN_PROGRESS'
    assert d.settle() == 'UPDATE_COMPLETE'
    assert _now(d) - started >= 5, 'the pause between the batches'
    assert_members(d, ['0', '1', '2', '3'], value='w')
    assert {n: v[0] for n, v in versions(d).items()} == {n: v[0] for n, v in first.items()}
    assert _child_updates(d) == 2, 'two batches, two updates of the child stack'


MEMBER = {'heat_template_version': '2018-08-31',
          'parameters': {'value': {'type': 'string'}},
          'resources': {'server': {'type': TEST, 'properties': {
              'value': {'get_param': 'value'}}}}}


def pauses_longer_than_the_timeout_fail(d):
    policy = {'rolling_update': {'max_batch_size': 1, 'pause_time': 40}}
    d.create(group(3, policy=policy), timeout=1)
    assert d.settle() == 'CREATE_COMPLETE'
    first = versions(d)
    d.update(group(3, value='w', policy=policy))
    assert d.settle() == 'UPDATE_FAILED'
    assert d.stack().status_reason == ('Resource UPDATE failed: ValueError: resources.group: '
                                       'The current update policy will result in stack '
                                       'update timeout.'), d.stack().status_reason
    assert versions(d) == first, 'nothing was touched'


def rolling_update_to_another_member_file(d):
    # Members not yet in their batch keep the old file: it must still be there.
    policy = {'rolling_update': {'max_batch_size': 1}}
    d.create(group(3, policy=policy, member_type='old.yaml'), files={'old.yaml': MEMBER})
    assert d.settle() == 'CREATE_COMPLETE'
    d.update(group(3, policy=policy, member_type='new.yaml'), files={'new.yaml': MEMBER})
    assert d.settle() == 'UPDATE_COMPLETE', d.stack().status_reason
    child = d.resources()['group'].physical_resource_id
    rows = {r.name: r for r in db_api.resources_of_stack(child)
            if r.action not in ('INIT', 'DELETE')}
    assert {n: r.nested_template for n, r in rows.items()} == {
        '0': 'new.yaml', '1': 'new.yaml', '2': 'new.yaml'}
    assert sorted(o['properties']['value'] for o in d.tree_objects()) == ['v-0', 'v-1', 'v-2']


def batch_create(d):
    policy = {'batch_create': {'max_batch_size': 2, 'pause_time': 3}}
    started = _now(d)
    d.create(group(4, policy=policy))
    assert d.settle() == 'CREATE_COMPLETE'
    assert _now(d) - started >= 3, 'a pause between the two batches'
    assert_members(d, ['0', '1', '2', '3'])
    assert _child_updates(d) == 1, 'the second batch updates the child stack'


def failing_member_fails_top_stack(d):
    d.create(group(5, member_type='member.yaml'), files={'member.yaml': FAILING_MEMBER})
    assert d.settle() == 'CREATE_FAILED'
    reason = d.stack().status_reason
    assert reason.startswith('Resource CREATE failed: '), reason
    assert 'resources.group.resources.3.resources.server: ' in reason, reason
    d.delete()
    assert d.settle() == 'DELETE_COMPLETE'
    assert d.tree_objects() == []


def chain_in_order(d):
    chain = {'type': 'OS::Heat::ResourceChain', 'properties': {
        'resources': [TEST, TEST, TEST], 'resource_properties': {'value': 'c'}}}
    d.create(tmpl({'chain': chain}, outputs={
        'second': {'value': {'get_attr': ['chain', 'resource.1', 'output']}}}))
    assert d.settle() == 'CREATE_COMPLETE'
    child = d.resources()['chain'].physical_resource_id
    objects = sorted(d.tree_objects(), key=lambda o: o['created_at'])
    assert [o['metadata']['resource_name'] for o in objects] == ['0', '1', '2']
    assert all(o['metadata']['stack_id'] == child for o in objects)
    attrs = d.resources()['chain'].attributes_data
    assert attrs['refs'] == [o['id'] for o in objects]
    assert attrs['attributes'] == {'output': {'0': 'c', '1': 'c', '2': 'c'}}
    d.delete()
    assert d.settle() == 'DELETE_COMPLETE'
    assert d.tree_objects() == []


def large_group_creates_and_deletes(d, count=500):
    # One thread runs everything here: a step that waited for its child
    # would never return. Each member costs a bounded number of messages.
    d.create(group(count))
    assert d.settle() == 'CREATE_COMPLETE'
    assert len(members(d)) == count
    delivered = getattr(d, 'delivered', 0)
    d.delete()
    assert d.settle() == 'DELETE_COMPLETE'
    assert d.tree_objects() == []
    assert getattr(d, 'delivered', 0) - delivered <= 3 * count


def _now(d):
    clock = getattr(d, 'clock', None)   # the deterministic driver's, else real time
    return clock.time() if clock is not None else time.time()


def _child_updates(d):
    child = db_api.stack_get(d.resources()['group'].physical_resource_id)
    return len([e for e in db_api.event_list(child.id) if e.resource_name == child.name
                and e.resource_action == 'UPDATE' and e.resource_status == 'COMPLETE'])


def _values(d):
    return {obj['metadata']['resource_name']: obj['properties']['value']
            for obj in d.tree_objects() if obj['status'] == 'ACTIVE'}


ALL = [scale_3_5_2, removal_policies_name_members, property_change_updates_every_member,
       rolling_update_in_batches, pauses_longer_than_the_timeout_fail,
       rolling_update_to_another_member_file, batch_create,
       failing_member_fails_top_stack, chain_in_order]

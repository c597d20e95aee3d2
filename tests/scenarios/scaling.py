"""Autoscaling scenarios: a group resized by its policies' signals, shared
by the deterministic and the MariaDB + RabbitMQ runs.

"Reality" is every cloud object of the tree: after every resize it must be
exactly the group's members, one ACTIVE object each.
"""
import time

import pytest

from heat_conv.common import exception
from heat_conv.db import api as db_api
from heat_conv.engine.signals import signal_operations
from tests.scenarios.library import ref
from tests.scenarios.library import tmpl

ASG = 'OS::Heat::AutoScalingGroup'
POLICY = 'OS::Heat::ScalingPolicy'


def asg_template(cooldown, desired=2, min_size=1, max_size=5, value='v', rolling=None):
    group = {'min_size': min_size, 'max_size': max_size, 'desired_capacity': desired,
             'cooldown': cooldown,
             'resource': {'type': 'OS::Heat::TestResource',
                          'properties': {'value': value}}}
    if rolling is not None:
        group['rolling_updates'] = rolling
    return tmpl({
        'group': {'type': ASG, 'properties': group},
        'up': {'type': POLICY, 'properties': {
            'auto_scaling_group_id': ref('group'), 'adjustment_type': 'change_in_capacity',
            'scaling_adjustment': 2}},
        'down': {'type': POLICY, 'properties': {
            'auto_scaling_group_id': ref('group'), 'adjustment_type': 'exact_capacity',
            'scaling_adjustment': 1}},
    }, outputs={'size': {'value': {'get_attr': ['group', 'current_size']}},
                'refs': {'value': {'get_attr': ['group', 'refs']}},
                'values': {'value': {'get_attr': ['group', 'outputs_list', 'output']}},
                'url': {'value': {'get_attr': ['up', 'signal_url']}}})


def group_events(d):
    return [(e.resource_status, e.resource_status_reason) for e in d.events()
            if e.resource_name == 'group' and e.resource_action == 'SIGNAL']


def members(d):
    """{member name: cloud object id}: one ACTIVE object per live member of
    the group's child stack and no other object in the tree."""
    child = d.resources()['group'].physical_resource_id
    rows = {r.name: r for r in db_api.resources_of_stack(child)
            if r.action not in ('INIT', 'DELETE')}
    objects = {}
    for obj in d.tree_objects():
        assert obj['metadata']['stack_id'] == child, f'stray object {obj}'
        assert obj['status'] == 'ACTIVE', obj
        objects[obj['metadata']['resource_name']] = obj['id']
    assert sorted(rows) == sorted(objects), f'rows {sorted(rows)}, objects {objects}'
    return objects


def metadata(d):
    row = d.resources()['group']
    return signal_operations.metadata(d.stack_id, row) or {}


def pass_time(d, seconds):
    clock = getattr(d, 'clock', None)   # the deterministic driver's
    if clock is not None:
        clock.advance(seconds)
    else:
        time.sleep(seconds)


def signal_and_wait(d, policy):
    """Signal ``policy``; returns the group's SIGNAL event it led to."""
    before = len(group_events(d))
    d.signal(policy)
    d.run_until(lambda: any(status != 'IN_PROGRESS'
                            for status, _ in group_events(d)[before:]),
                f'the group to answer {policy}')
    d.drain()
    return [e for e in group_events(d)[before:] if e[0] != 'IN_PROGRESS'][0]


def assert_size(d, size):
    found = members(d)
    assert len(found) == size, found
    attrs = d.resources()['group'].attributes_data
    assert attrs['current_size'] == size
    assert sorted(attrs['refs']) == sorted(found.values())
    assert attrs['outputs_list']['output'] == ['v'] * size
    assert metadata(d)['scaling_in_progress'] is False
    assert d.stack_status() == 'CREATE_COMPLETE'
    assert d.resource_status('group') == 'CREATE_COMPLETE'
    return found


# --- scenarios ---------------------------------------------------------------

def asg_scales_2_4_1_through_policy_signals_with_cooldown(d, cooldown=60):
    d.create(asg_template(cooldown))
    assert d.settle() == 'CREATE_COMPLETE'
    two = assert_size(d, 2)
    assert '/resources/up/signal' in d.resources()['up'].attributes_data['signal_url']
    # The create started a cooldown: the first signal changes nothing.
    assert signal_and_wait(d, 'up') == (
        'COMPLETE', f'The resource group could not perform scaling action: due to '
                    f'cooldown, cooldown {cooldown}')
    assert members(d) == two
    pass_time(d, cooldown + 1)
    assert signal_and_wait(d, 'up') == ('COMPLETE', 'End resizing the group group: 4 members')
    four = assert_size(d, 4)
    assert {n: four[n] for n in two} == two, 'the first two members are untouched'
    assert signal_and_wait(d, 'down')[1].endswith(f'due to cooldown, cooldown {cooldown}')
    assert members(d) == four
    pass_time(d, cooldown + 1)
    assert signal_and_wait(d, 'down') == ('COMPLETE',
                                          'End resizing the group group: 1 members')
    one = assert_size(d, 1)
    newest = [n for n in four if n not in two]
    assert list(one)[0] in newest, 'the oldest members go first'
    assert [r for s, r in group_events(d) if s == 'IN_PROGRESS'] == [
        'Start resizing the group group from 2 to 4 (change_in_capacity : 2)',
        'Start resizing the group group from 4 to 1 (exact_capacity : 1)']
    reasons = [e.resource_status_reason for e in d.events()
               if e.resource_name == 'up' and e.resource_action == 'SIGNAL']
    assert reasons == ['No signal details provided'] * 2


def asg_stays_within_its_bounds(d):
    d.create(asg_template(0, desired=4, max_size=5))
    assert d.settle() == 'CREATE_COMPLETE'
    assert signal_and_wait(d, 'up')[1] == 'End resizing the group group: 5 members'
    assert signal_and_wait(d, 'up')[1] == (
        'The resource group could not perform scaling action: no change in capacity (5)')
    assert_size(d, 5)


def stack_update_resizes_to_the_desired_capacity(d):
    d.create(asg_template(0))
    assert d.settle() == 'CREATE_COMPLETE'
    signal_and_wait(d, 'up')
    assert_size(d, 4)
    d.update(asg_template(0, desired=3))
    assert d.settle() == 'UPDATE_COMPLETE'
    assert len(members(d)) == 3
    assert d.resources()['group'].attributes_data['current_size'] == 3
    d.delete()
    assert d.settle() == 'DELETE_COMPLETE'
    assert d.tree_objects() == []


def a_suspended_policy_refuses_signals(d):
    """As Heat's: a 400 while the resource is suspended, and an event
    on it that says why, at its own status; the group keeps its size."""
    d.create(asg_template(0))
    assert d.settle() == 'CREATE_COMPLETE'
    d.suspend()
    assert d.settle() == 'SUSPEND_COMPLETE'
    with pytest.raises(exception.NotSupported) as refused:
        d.signal('up')
    assert refused.value.code == 400
    assert str(refused.value) == 'Signal resource during SUSPEND is not supported.'
    (event,) = [e for e in d.events() if e.resource_name == 'up'
                and e.resource_status_reason == 'Cannot signal resource during SUSPEND']
    assert (event.resource_action, event.resource_status) == ('SUSPEND', 'COMPLETE')
    d.drain()
    assert d.stack_status() == 'SUSPEND_COMPLETE'
    assert d.resources()['group'].attributes_data['current_size'] == 2
    assert not [e for e in group_events(d)], 'the group was never asked to scale'


def values(d):
    return {obj['metadata']['resource_name']: obj['properties']['value']
            for obj in d.tree_objects() if obj['status'] == 'ACTIVE'}


def child_updates(d):
    child = db_api.stack_get(d.resources()['group'].physical_resource_id)
    return len([e for e in db_api.event_list(child.id) if e.resource_name == child.name
                and e.resource_action == 'UPDATE' and e.resource_status == 'COMPLETE'])


def rolling_updates_replace_members_in_batches(d):
    rolling = {'max_batch_size': 2, 'pause_time': 5}
    d.create(asg_template(0, desired=3, rolling=rolling))
    assert d.settle() == 'CREATE_COMPLETE'
    before = members(d)
    real_time = getattr(d, 'clock', None) is None
    requested = time.time()
    d.update(asg_template(0, desired=3, value='w', rolling=rolling))
    d.run_until(lambda: sorted(values(d).values()) == ['v', 'w', 'w'], 'the first batch')
    # On a fake clock the first batch's end is seen the moment it happens;
    # in real time only a poll later, so there the whole update is timed.
    started = requested if real_time else d.clock.time()
    assert d.settle() == 'UPDATE_COMPLETE'
    now = time.time() if real_time else d.clock.time()
    assert now - started >= 5, 'the pause between the batches'
    assert sorted(values(d).values()) == ['w', 'w', 'w']
    assert members(d) == before, 'updated in place, the same members'
    # two batches; the size is the desired capacity already
    assert child_updates(d) == 2


ALL = [asg_scales_2_4_1_through_policy_signals_with_cooldown,
       asg_stays_within_its_bounds, stack_update_resizes_to_the_desired_capacity,
       rolling_updates_replace_members_in_batches, a_suspended_policy_refuses_signals]

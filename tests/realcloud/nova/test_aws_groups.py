"""An AWS::AutoScaling::AutoScalingGroup of real AWS::EC2::Instance members
on the mini-cloud, as the non-admin ``demo`` through Keystone: created from
its launch configuration on a subnet, scaled up and down by its policies'
signals, its member replaced for a new configuration, and
nothing left in Nova or Neutron after the delete."""
import time

import pytest

from tests.realcloud import keystone_rig
from tests.realcloud import real_stack_support as support


def template(subnet_id, user_data):
    return {
        'heat_template_version': '2015-04-30',
        'resources': {
            'config': {'type': 'AWS::AutoScaling::LaunchConfiguration', 'properties': {
                'ImageId': 'cirros', 'InstanceType': 'm1.tiny', 'UserData': user_data,
                'SecurityGroups': ['default']}},
            'group': {'type': 'AWS::AutoScaling::AutoScalingGroup',
                      'update_policy': {'AutoScalingRollingUpdate': {'MaxBatchSize': 1}},
                      'properties': {
                          'AvailabilityZones': ['nova'], 'MinSize': 1, 'MaxSize': 3,
                          'DesiredCapacity': 1, 'Cooldown': 0,
                          'VPCZoneIdentifier': [subnet_id],
                          'LaunchConfigurationName': {'get_resource': 'config'}}},
            'up': {'type': 'AWS::AutoScaling::ScalingPolicy', 'properties': {
                'AutoScalingGroupName': {'get_resource': 'group'},
                'AdjustmentType': 'ChangeInCapacity', 'ScalingAdjustment': 1}},
            'down': {'type': 'AWS::AutoScaling::ScalingPolicy', 'properties': {
                'AutoScalingGroupName': {'get_resource': 'group'},
                'AdjustmentType': 'ExactCapacity', 'ScalingAdjustment': 1}},
        },
        'outputs': {'ips': {'value': {'get_attr': ['group', 'InstanceList']}}},
    }


@pytest.fixture(scope='module')
def heat_conv(rig, tmp_path_factory):
    service = keystone_rig.KeystoneHeatConv(tmp_path_factory.mktemp('aws-groups'), rig)
    service.start()
    yield service
    service.kill()


@pytest.fixture(scope='module')
def subnet(minicloud):
    """A demo network and subnet of this module's (no router: the members
    need only a port); removed after it."""
    net = support.patient(minicloud, 'demo').network
    name = support.unique('heat-conv-aws')
    network = net.create_network(name=name)
    try:
        yield net.create_subnet(name=name, network_id=network.id, ip_version=4,
                                cidr='10.78.0.0/24')
    finally:
        for port in net.ports(network_id=network.id):
            net.delete_port(port)
        net.delete_network(network)


def servers(watch, count, timeout=300):
    """{id: name} of the stacks' servers once there are ``count``, all ACTIVE."""
    deadline = time.monotonic() + timeout
    while True:
        found = watch.look().get('servers', {})
        if len(found) == count and all(
                watch.admin.compute.get_server(i).status == 'ACTIVE' for i in found):
            return found
        assert time.monotonic() < deadline, f'{len(found)} servers, expected {count}'
        time.sleep(2)


def outputs(user, name, stack_id):
    return {o['output_key']: o['output_value']
            for o in user.stack(name, stack_id).get('outputs') or []}


def test_an_aws_group_scales_rolls_and_leaves_nothing(user, watch, subnet):
    subnet = subnet.id
    name = support.unique('aws-group')
    stack_id = user.create(name, template(subnet, 'v1'))
    user.wait(name, stack_id, 'CREATE_COMPLETE', timeout=300)
    first = servers(watch, 1)
    [port] = watch.admin.network.ports(device_id=list(first)[0])
    assert port.fixed_ips[0]['subnet_id'] == subnet
    assert outputs(user, name, stack_id)['ips'] == port.fixed_ips[0]['ip_address']

    resp = user.request('POST', f'/stacks/{name}/{stack_id}/resources/up/signal')
    assert resp.status_code == 200, resp.text
    two = servers(watch, 2)
    assert set(first) < set(two), 'scaling up keeps the member there was'

    resp = user.request('POST', f'/stacks/{name}/{stack_id}/resources/down/signal')
    assert resp.status_code == 200, resp.text
    [kept] = servers(watch, 1)
    assert kept in two

    # A new configuration (new user data) replaces the member; the update
    # takes the group back to its DesiredCapacity, as in Heat.
    resp = user.request('PUT', f'/stacks/{name}/{stack_id}',
                        json={'template': template(subnet, 'v2')})
    assert resp.status_code == 202, resp.text
    user.wait(name, stack_id, 'UPDATE_COMPLETE', timeout=480)
    [rolled] = servers(watch, 1)
    assert rolled not in two, 'the member was replaced'

    resp = user.request('DELETE', f'/stacks/{name}/{stack_id}')
    assert resp.status_code == 204, resp.text
    user.wait(name, stack_id, None, timeout=300)
    assert watch.left() == {}

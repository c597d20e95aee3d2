"""AWS::EC2::Instance against the mini-cloud's real Nova and Neutron, as a
non-admin member: built on a subnet with security groups and tags, resized
and re-tagged in place, replaced for a new image, deleted with its port."""
from heat_conv.common.status import Action
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.nova import instance as instance_mod
from tests.realcloud import plugin_support

Instance = instance_mod.Instance


def test_an_instance_lives_its_whole_life_in_nova(harness, demo, private_net):
    subnet = private_net['subnet']
    plugin = harness.plugin(Instance, 'vm', {
        'ImageId': 'cirros', 'InstanceType': 'm1.tiny', 'SubnetId': subnet.id,
        'SecurityGroups': ['default'], 'UserData': '#!/bin/sh\necho hi\n',
        'Tags': [{'Key': 'role', 'Value': 'web'}]})
    started = plugin.create()
    assert isinstance(started, base.Pending), started
    assert harness.settle(plugin, Action.CREATE, started) == base.Done(plugin.physical_id)
    server = demo.compute.get_server(plugin.physical_id)
    assert server.status == 'ACTIVE' and server.metadata['role'] == 'web'
    assert server.flavor.name == 'm1.tiny'
    # The port heat-conv made on the subnet, with the security group.
    [port_id] = plugin.data['internal_ports']
    port = demo.network.get_port(port_id)
    assert port.fixed_ips[0]['subnet_id'] == subnet.id
    default = demo.network.find_security_group('default', project_id=demo.current_project_id)
    assert port.security_group_ids == [default.id]

    attrs = plugin.attributes()
    address = port.fixed_ips[0]['ip_address']
    assert attrs['PrivateIp'] == attrs['PublicIp'] == address
    assert attrs['PrivateDnsName'] == attrs['PublicDnsName'] == address
    assert attrs['AvailabilityZone'] == 'nova'

    # New tags and a new type: in place (the tags are Nova's metadata).
    old = plugin.properties
    plugin = harness.again(plugin, dict(old, InstanceType='m1.small',
                                        Tags=[{'Key': 'role', 'Value': 'db'}]))
    assert not plugin.needs_replace(old)
    started = plugin.update(old)
    assert started == base.Pending(plugin.physical_id)
    assert harness.settle(plugin, Action.UPDATE, started) == base.Done(plugin.physical_id)
    server = demo.compute.get_server(plugin.physical_id)
    assert server.id == plugin.physical_id and server.status == 'ACTIVE'
    assert server.flavor.name == 'm1.small' and server.metadata['role'] == 'db'
    # A new image or key replaces it, as in Heat.
    assert harness.again(plugin, dict(plugin.properties, ImageId='other')).needs_replace(
        plugin.properties)

    server_id = plugin.physical_id
    assert harness.settle(plugin, Action.DELETE, plugin.delete()) == base.Done()
    assert demo.compute.find_server(server_id) is None
    assert demo.network.find_port(port_id) is None
    assert plugin_support.leftovers(demo, harness.stack_id) == {}

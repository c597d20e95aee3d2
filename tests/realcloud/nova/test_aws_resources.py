"""The AWS types on the mini-cloud, in one stack, as the non-admin ``demo``
through Keystone: a security group with ingress and egress rules, an
instance in it with a volume attached and an elastic IP on it, a second
EIP associated with a port by its AllocationId, an IAM user with an access
key. The update changes a rule and a tag in place and replaces the user
(a new password; its key follows it); the delete leaves nothing in Nova,
Neutron, Cinder or Keystone (users, credentials, the stack's project)."""
import pytest
from openstack import exceptions as sdk_exc

from tests.realcloud import keystone_rig
from tests.realcloud import real_stack_support as support

SSH = {'IpProtocol': 'tcp', 'FromPort': '22', 'ToPort': '22', 'CidrIp': '0.0.0.0/0'}
HTTP = dict(SSH, FromPort='80', ToPort='80')
DNS = {'IpProtocol': 'udp', 'FromPort': '53', 'ToPort': '53', 'CidrIp': '10.0.0.0/8'}


def template(ingress, role, password):
    def ref(name):
        return {'get_resource': name}
    return {
        'heat_template_version': '2015-04-30',
        'resources': {
            'net': {'type': 'OS::Neutron::Net'},
            'subnet': {'type': 'OS::Neutron::Subnet', 'properties': {
                'network': ref('net'), 'cidr': '10.79.0.0/24'}},
            'router': {'type': 'OS::Neutron::Router', 'properties': {
                'external_gateway_info': {'network': 'public'}}},
            'iface': {'type': 'OS::Neutron::RouterInterface', 'properties': {
                'router': ref('router'), 'subnet': ref('subnet')}},
            'sg': {'type': 'AWS::EC2::SecurityGroup', 'properties': {
                'GroupDescription': 'web', 'SecurityGroupIngress': ingress,
                'SecurityGroupEgress': [DNS]}},
            'vm': {'type': 'AWS::EC2::Instance', 'properties': {
                'ImageId': 'cirros', 'InstanceType': 'm1.tiny', 'SubnetId': ref('subnet'),
                'SecurityGroupIds': [ref('sg')], 'Tags': [{'Key': 'role', 'Value': role}]}},
            # An address reaches a port once its subnet has a way out: the
            # router's interface (only the addresses wait for it).
            'eip': {'type': 'AWS::EC2::EIP', 'depends_on': ['iface'],
                    'properties': {'InstanceId': ref('vm')}},
            # On the subnet, not only the network: a port made before its
            # network's subnet has no address to take a floating IP.
            'port': {'type': 'OS::Neutron::Port', 'properties': {
                'network': ref('net'), 'fixed_ips': [{'subnet': ref('subnet')}]}},
            'eip2': {'type': 'AWS::EC2::EIP', 'properties': {'Domain': 'vpc'}},
            'assoc': {'type': 'AWS::EC2::EIPAssociation', 'depends_on': ['iface'],
                      'properties': {'AllocationId': {'get_attr': ['eip2', 'AllocationId']},
                                     'NetworkInterfaceId': ref('port')}},
            'vol': {'type': 'AWS::EC2::Volume', 'properties': {
                'Size': 1, 'AvailabilityZone': 'nova',
                'Tags': [{'Key': 'use', 'Value': 'data'}]}},
            'attach': {'type': 'AWS::EC2::VolumeAttachment', 'properties': {
                'InstanceId': ref('vm'), 'VolumeId': ref('vol'), 'Device': '/dev/vdb'}},
            'policy': {'type': 'OS::Heat::AccessPolicy', 'properties': {
                'AllowedResources': ['vm']}},
            'user': {'type': 'AWS::IAM::User', 'properties': {
                'LoginProfile': {'Password': password}, 'Policies': ['policy']}},
            'key': {'type': 'AWS::IAM::AccessKey', 'properties': {
                'UserName': ref('user')}},
        },
        'outputs': {
            'address': {'value': ref('eip')},
            'secret': {'value': {'get_attr': ['key', 'SecretAccessKey']}},
            'key_user': {'value': {'get_attr': ['key', 'UserName']}},
        },
    }


@pytest.fixture(scope='module')
def heat_conv(rig, tmp_path_factory):
    service = keystone_rig.KeystoneHeatConv(
        tmp_path_factory.mktemp('aws-resources'), rig,
        extra_conf=keystone_rig.stack_user_domain_conf(rig))
    service.start()
    yield service
    service.kill()


def physical(user, name, stack_id):
    resp = user.request('GET', f'/stacks/{name}/{stack_id}/resources')
    assert resp.status_code == 200, resp.text
    return {r['resource_name']: r['physical_resource_id'] for r in resp.json()['resources']}


def outputs(user, name, stack_id):
    return {o['output_key']: o['output_value']
            for o in user.stack(name, stack_id).get('outputs') or []}


def rules(network, group_id):
    return sorted((r.direction, r.ether_type, r.protocol, r.port_range_min)
                  for r in network.security_group_rules(security_group_id=group_id))


def test_aws_resources_live_their_whole_life_in_the_cloud(user, watch, rig):
    admin = watch.admin
    name = support.unique('aws-types')
    stack_id = user.create(name, template([SSH], 'web', 'first-pw'))
    user.wait(name, stack_id, 'CREATE_COMPLETE', timeout=240)
    ids = physical(user, name, stack_id)
    shown = outputs(user, name, stack_id)

    # The group: its rules, and no allow-all egress beside the template's.
    assert rules(admin.network, ids['sg']) == [('egress', 'IPv4', 'udp', 53),
                                               ('ingress', 'IPv4', 'tcp', 22)]
    server = admin.compute.get_server(ids['vm'])
    assert server.metadata['role'] == 'web'
    [vm_port] = admin.network.ports(device_id=ids['vm'])
    assert vm_port.security_group_ids == [ids['sg']]
    # The EIP is the instance's; the second is on the port, by its id.
    [address] = admin.network.ips(floating_ip_address=shown['address'])
    assert address.id == ids['eip'] and address.port_id == vm_port.id
    assert admin.network.get_ip(ids['eip2']).port_id == ids['port']
    volume = admin.block_storage.get_volume(ids['vol'])
    assert volume.status == 'in-use' and volume.metadata['use'] == 'data'
    assert volume.attachments[0]['server_id'] == ids['vm']
    # The user and its key, in the stack user domain.
    identity = rig.connect('admin').identity
    first_user = identity.get_user(ids['user'])
    assert shown['key_user'] == first_user.name
    [credential] = identity.credentials(user_id=first_user.id)
    assert ids['key'] in credential.blob and shown['secret'] in credential.blob

    # A new rule and a new tag in place; a new password replaces the user.
    resp = user.request('PUT', f'/stacks/{name}/{stack_id}',
                        json={'template': template([SSH, HTTP], 'db', 'second-pw')})
    assert resp.status_code == 202, resp.text
    user.wait(name, stack_id, 'UPDATE_COMPLETE', timeout=180)
    after = physical(user, name, stack_id)
    assert {k: v for k, v in after.items() if k not in ('user', 'key')} == \
        {k: v for k, v in ids.items() if k not in ('user', 'key')}
    assert rules(admin.network, ids['sg'])[-1] == ('ingress', 'IPv4', 'tcp', 80)
    assert admin.compute.get_server(ids['vm']).metadata['role'] == 'db'
    assert after['user'] != ids['user'] and after['key'] != ids['key']
    with pytest.raises(sdk_exc.NotFoundException):
        identity.get_user(ids['user'])
    assert outputs(user, name, stack_id)['key_user'] == identity.get_user(
        after['user']).name

    resp = user.request('DELETE', f'/stacks/{name}/{stack_id}')
    assert resp.status_code == 204, resp.text
    user.wait(name, stack_id, None, timeout=180)
    assert watch.left() == {}
    with pytest.raises(sdk_exc.NotFoundException):
        identity.get_user(after['user'])
    assert not list(identity.credentials(user_id=after['user']))
    # The stack's project in the stack user domain went with the stack.
    with pytest.raises(sdk_exc.NotFoundException):
        identity.get_project(first_user.default_project_id)

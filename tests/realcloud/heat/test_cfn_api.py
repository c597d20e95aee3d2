"""The CFN API on the mini-cloud, with real Keystone EC2 credentials.

heat-conv (Keystone auth, the rig's heat domain as the stack user domain,
its CFN API on a port of its own) makes each handle, deployment and
server that needs one a stack user with an EC2 keypair. The test then
acts as a guest would, from outside: cfn-signal's PUT to a wait condition
handle's pre-signed URL, and os-collect-config's ``cfn`` collector
(a DescribeStackResource signed with the server's keypair) followed by
heat-config's POST of the deployment's outputs to its CFN_SIGNAL URL.
Keystone checks every signature; the users go with the stack.
"""
import json
import urllib.parse
import xml.etree.ElementTree as ElementTree

import pytest
import requests
from keystoneclient.contrib.ec2 import utils as ec2_utils
from openstack import exceptions as sdk_exc

from tests.functional.all_in_one import free_port
from tests.realcloud import keystone_rig

WAIT_TEMPLATE = {
    'heat_template_version': '2018-08-31',
    'resources': {
        'handle': {'type': 'AWS::CloudFormation::WaitConditionHandle'},
        # shows the handle's reference (its URL) before the wait ends
        'url': {'type': 'OS::Heat::Value',
                'properties': {'value': {'get_resource': 'handle'}}},
        'wait': {'type': 'AWS::CloudFormation::WaitCondition',
                 'properties': {'Handle': {'get_resource': 'handle'},
                                'Timeout': 300}},
    },
    'outputs': {'data': {'value': {'get_attr': ['wait', 'Data']}}},
}

SCRIPT = '#!/bin/sh\necho configured\n'
DEPLOY_TEMPLATE = {
    'heat_template_version': '2018-08-31',
    'resources': {
        'config': {'type': 'OS::Heat::SoftwareConfig', 'properties': {
            'group': 'script', 'config': SCRIPT,
            'outputs': [{'name': 'result'}]}},
        'server': {'type': 'OS::Nova::Server', 'properties': {
            'image': 'cirros', 'flavor': 'm1.tiny',
            'networks': [{'allocate_network': 'none'}],
            'user_data_format': 'SOFTWARE_CONFIG',
            'software_config_transport': 'POLL_SERVER_CFN'}},
        'deployment': {'type': 'OS::Heat::SoftwareDeployment', 'properties': {
            'config': {'get_resource': 'config'},
            'server': {'get_resource': 'server'},
            'signal_transport': 'CFN_SIGNAL'}},
    },
    'outputs': {'stdout': {'value': {'get_attr': ['deployment', 'deploy_stdout']}},
                'result': {'value': {'get_attr': ['deployment', 'result']}}},
}


@pytest.fixture(scope='module')
def heat_conv(rig, tmp_path_factory):
    service = keystone_rig.KeystoneHeatConv(
        tmp_path_factory.mktemp('cfn-api'), rig,
        extra_conf=keystone_rig.stack_user_domain_conf(rig))
    service.cfn_port = free_port()
    service.conf_file.write_text(service.conf_file.read_text() + (
        f'[heat_api_cfn]\nenabled = true\nbind_port = {service.cfn_port}\n'))
    try:
        yield service.start()
    finally:
        service.kill()


def _resource(demo, name, stack_id, resource, timeout=120):
    """The resource once it is CREATE_COMPLETE."""
    path = f'/stacks/{name}/{stack_id}/resources/{resource}'
    found = {}

    def complete():
        resp = demo.request('GET', path)
        if resp.status_code == 200:
            found.update(resp.json()['resource'])
        return found.get('resource_status') == 'CREATE_COMPLETE'
    try:
        keystone_rig.wait_until(complete, f'{resource} never completed', timeout=timeout)
    except AssertionError:
        stack = demo.stack(name, stack_id) or {}
        raise AssertionError(f'{resource} never completed: {found.get("resource_status")} '
                             f'{found.get("resource_status_reason")}; stack '
                             f'{stack.get("stack_status")}: '
                             f'{stack.get("stack_status_reason")}') from None
    return found


def _delete(demo, admin, name, stack_id, user_ids):
    demo.request('DELETE', f'/stacks/{name}/{stack_id}')
    demo.wait(name, stack_id, None, timeout=240)
    for user_id in user_ids:
        with pytest.raises(sdk_exc.NotFoundException):
            admin.identity.get_user(user_id)
    domain = admin.identity.find_domain('heat', ignore_missing=False)
    project = f'{demo.project_id}-{stack_id}'[:64]
    keystone_rig.wait_until(
        lambda: admin.identity.find_project(project, domain_id=domain.id) is None,
        f'the stack user project {project} is still there')


def test_cfn_signal_ends_the_wait_through_a_keystone_checked_signature(rig, heat_conv):
    demo, admin = keystone_rig.User(rig, 'demo', heat_conv), rig.connect('admin')
    name = 'heat-conv-cfn-wait'
    stack_id = demo.create(name, WAIT_TEMPLATE)
    users = []
    try:
        url = _resource(demo, name, stack_id, 'url')['attributes']['value']
        assert url.startswith(f'http://127.0.0.1:{heat_conv.cfn_port}/v1/waitcondition/'
                              'arn%3Aopenstack%3Aheat%3A%3A')
        handle = _resource(demo, name, stack_id, 'handle')
        users.append(handle['physical_resource_id'])
        # The handle's user: an EC2 credential of its own in Keystone.
        [credential] = admin.identity.credentials(user_id=users[0])
        assert credential.type == 'ec2'
        access = json.loads(credential.blob)['access']
        assert f'AWSAccessKeyId={access}' in url

        signal = {'Status': 'SUCCESS', 'Reason': 'booted', 'UniqueId': '1',
                  'Data': 'hello'}
        # A signature that is not the keypair's is refused by Keystone.
        forged = url.replace('Signature=', 'Signature=X', 1)
        resp = requests.put(forged, json=signal, timeout=60)
        assert resp.status_code == 401, resp.text
        assert demo.stack(name, stack_id)['stack_status'] == 'CREATE_IN_PROGRESS'

        resp = requests.put(url, json=signal, timeout=60)   # what cfn-signal does
        assert resp.status_code == 200, resp.text
        stack = demo.wait(name, stack_id, 'CREATE_COMPLETE', timeout=120)
        [data] = [o['output_value'] for o in stack['outputs'] if o['output_key'] == 'data']
        assert json.loads(data) == {'1': 'hello'}
    finally:
        _delete(demo, admin, name, stack_id, users)


def _describe(cfn, resource):
    """os-collect-config's cfn collector: DescribeStackResource, signed with
    the server's keypair, and the Metadata field of the XML answer."""
    params = {'Action': 'DescribeStackResource', 'StackName': cfn['stack_name'],
              'LogicalResourceId': resource, 'AWSAccessKeyId': cfn['access_key_id'],
              'SignatureVersion': '2'}
    url = urllib.parse.urlparse(cfn['metadata_url'])
    params['Signature'] = ec2_utils.Ec2Signer(cfn['secret_access_key']).generate(
        {'params': params, 'verb': 'GET', 'host': url.netloc, 'path': url.path})
    resp = requests.get(cfn['metadata_url'], params=params,
                        headers={'Content-Type': 'application/json'}, timeout=60)
    return resp


def test_the_guest_polls_through_poll_server_cfn_and_signals_through_cfn_signal(
        rig, heat_conv):
    demo, admin = keystone_rig.User(rig, 'demo', heat_conv), rig.connect('admin')
    name = 'heat-conv-cfn-deploy'
    stack_id = demo.create(name, DEPLOY_TEMPLATE)
    users = []
    try:
        server = _resource(demo, name, stack_id, 'server')
        resp = demo.request('GET', f'/stacks/{name}/{stack_id}/resources/server/metadata')
        collect = resp.json()['metadata']['os-collect-config']
        cfn = collect['cfn']
        assert collect['collectors'] == ['ec2', 'cfn', 'local']
        assert (cfn['stack_name'], cfn['path']) == (name, 'server.Metadata')
        assert cfn['metadata_url'] == f'http://127.0.0.1:{heat_conv.cfn_port}/v1/'

        # As the guest: the server's metadata, with the deployment in it.
        def deployed():
            resp = _describe(cfn, 'server')
            assert resp.status_code == 200, resp.text
            detail = ElementTree.fromstring(resp.text).find(
                'DescribeStackResourceResult').find('StackResourceDetail')
            return json.loads(detail.find('Metadata').text)['deployments']
        keystone_rig.wait_until(deployed, 'the deployment never reached the metadata')
        [deployment] = deployed()
        assert deployment['config'] == SCRIPT
        inputs = {i['name']: i['value'] for i in deployment['inputs']}
        assert inputs['deploy_server_id'] == server['physical_resource_id']
        assert inputs['deploy_signal_transport'] == 'CFN_SIGNAL'
        assert inputs['deploy_signal_verb'] == 'POST'

        # The server's keypair reaches its own resource, not the deployment's.
        assert _describe(cfn, 'deployment').status_code == 403

        # heat-config's answer: the outputs, posted to the pre-signed URL.
        resp = requests.post(inputs['deploy_signal_id'], timeout=60, json={
            'deploy_stdout': 'configured', 'deploy_stderr': '',
            'deploy_status_code': 0, 'result': 'done'})
        assert resp.status_code == 200, resp.text
        stack = demo.wait(name, stack_id, 'CREATE_COMPLETE', timeout=120)
        outputs = {o['output_key']: o['output_value'] for o in stack['outputs']}
        assert outputs == {'stdout': 'configured', 'result': 'done'}
        # Two stack users: the server's and the deployment's.
        users = _stack_users(admin, demo, stack_id)
        assert len(users) == 2, users
    finally:
        _delete(demo, admin, name, stack_id, users)


def _stack_users(admin, demo, stack_id):
    """The ids of the users with a role on the stack's project of the heat
    domain."""
    domain = admin.identity.find_domain('heat', ignore_missing=False)
    project = admin.identity.find_project(f'{demo.project_id}-{stack_id}'[:64],
                                          domain_id=domain.id, ignore_missing=False)
    return sorted({a.user['id'] for a in admin.identity.role_assignments(
        scope_project_id=project.id)})

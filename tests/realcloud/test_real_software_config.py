"""A SOFTWARE_CONFIG server on the mini-cloud, as far as it needs no guest.

POLL_SERVER_HEAT: heat-conv (Keystone auth, the rig's heat domain and its
admin as the stack user domain) makes the server a user of its own; the
test then does what the guest's os-collect-config would: it takes the
credentials from the server's metadata, authenticates with them at the
rig's Keystone and reads, from heat-conv's API, the server's metadata with
the software deployment's config. The user can do nothing else, and it
and the stack's project in the heat domain go with the stack.

POLL_TEMP_URL with TEMP_URL_SIGNAL: the agent reads the metadata from a
Swift object through a temp URL and PUTs the deployment's outputs to
another; it needs no credentials at all.
"""
import base64
import email

import pytest
import requests
from keystoneauth1 import session as ks_session
from keystoneauth1.identity import v3
from openstack import exceptions as sdk_exc

from tests import services
from tests.realcloud import keystone_rig

SCRIPT = '#!/bin/sh\necho configured > /tmp/heat-conv-test\n'


def _template(transport):
    return {
        'heat_template_version': '2018-08-31',
        'resources': {
            'config': {'type': 'OS::Heat::SoftwareConfig',
                       'properties': {'group': 'script', 'config': SCRIPT}},
            'server': {'type': 'OS::Nova::Server', 'properties': {
                'image': 'cirros', 'flavor': 'm1.tiny',
                'networks': [{'allocate_network': 'none'}],
                'user_data_format': 'SOFTWARE_CONFIG',
                'software_config_transport': transport}},
            'deployment': {'type': 'OS::Heat::SoftwareDeployment', 'properties': {
                'config': {'get_resource': 'config'},
                'server': {'get_resource': 'server'},
                'signal_transport': 'NO_SIGNAL'}},
        }}


@pytest.fixture(scope='module')
def heat_conv(rig, tmp_path_factory):
    service = keystone_rig.KeystoneHeatConv(
        tmp_path_factory.mktemp('software-config'), rig,
        extra_conf=keystone_rig.stack_user_domain_conf(rig))
    try:
        yield service.start()
    finally:
        service.kill()


def test_the_guest_polls_its_deployments_with_the_user_heat_conv_made(rig, heat_conv):
    demo, admin = keystone_rig.User(rig, 'demo', heat_conv), rig.connect('admin')
    domain = admin.identity.find_domain('heat', ignore_missing=False)
    name = 'heat-conv-poll-server-heat'
    stack_id = demo.create(name, _template('POLL_SERVER_HEAT'))
    user_id = None
    try:
        demo.wait(name, stack_id, 'CREATE_COMPLETE', timeout=240)
        user_id = _act_as_the_guest(heat_conv, demo, admin, domain, name, stack_id)
    finally:
        demo.request('DELETE', f'/stacks/{name}/{stack_id}')
        demo.wait(name, stack_id, None, timeout=240)
        # The stack's project in the heat domain goes just after the
        # stack's delete completes.
        project = f'{demo.project_id}-{stack_id}'[:64]   # as Heat cuts it
        keystone_rig.wait_until(
            lambda: admin.identity.find_project(project, domain_id=domain.id) is None,
            f'the stack user project {project} is still there')
    # The user went with the server.
    with pytest.raises(sdk_exc.NotFoundException):
        admin.identity.get_user(user_id)


def _act_as_the_guest(heat_conv, demo, admin, domain, name, stack_id):
    path = f'/stacks/{name}/{stack_id}/resources/server'
    resp = demo.request('GET', path + '/metadata')
    assert resp.status_code == 200, resp.text
    collect = resp.json()['metadata']['os-collect-config']
    heat = collect['heat']
    assert collect['collectors'] == ['heat', 'local']
    assert (heat['stack_id'], heat['resource_name']) == (f'{name}/{stack_id}', 'server')
    assert heat['auth_url'] == heat_conv.auth_url
    assert heat['project_id'] != demo.project_id

    # Keystone: a user of the heat domain, with heat_stack_user on the
    # stack's project there and no role anywhere else.
    user = admin.identity.get_user(heat['user_id'])
    project = admin.identity.get_project(heat['project_id'])
    assert user.domain_id == domain.id == project.domain_id
    assert project.name == f'{demo.project_id}-{stack_id}'[:64]
    roles = {(a.scope['project']['id'], a.role['id'])
             for a in admin.identity.role_assignments(user_id=user.id)}
    stack_user_role = admin.identity.find_role('heat_stack_user', ignore_missing=False)
    assert roles == {(project.id, stack_user_role.id)}

    # The server's user data carries the same section, as cfn-init-data.
    server_id = demo.request('GET', path).json()['resource']['physical_resource_id']
    server = admin.compute.get_server(server_id)
    parts = email.message_from_string(
        base64.b64decode(server.user_data).decode()).get_payload()
    [init_data] = [p for p in parts if p.get_filename() == 'cfn-init-data']
    assert '"password": "' + heat['password'] + '"' in init_data.get_payload(decode=True) \
        .decode()

    # As the guest: a token of the server's user, and its metadata from
    # heat-conv's API, with the deployed config.
    guest = ks_session.Session(auth=v3.Password(
        auth_url=heat['auth_url'], user_id=heat['user_id'], password=heat['password'],
        project_id=heat['project_id']))
    token = guest.get_token()
    url = f'{heat_conv.url}/v1/{heat["project_id"]}/stacks/{heat["stack_id"]}' \
          f'/resources/{heat["resource_name"]}/metadata'
    resp = requests.get(url, headers={'X-Auth-Token': token}, timeout=60)
    assert resp.status_code == 200, resp.text
    metadata = resp.json()['metadata']
    [deployed] = metadata['deployments']
    assert (deployed['config'], deployed['group']) == (SCRIPT, 'script')
    inputs = {i['name']: i['value'] for i in deployed['inputs']}
    assert inputs['deploy_server_id'] == server_id
    assert metadata['os-collect-config'] == collect

    # Nothing else: not the stack, not the owner's project.
    for where in (f'{heat_conv.url}/v1/{heat["project_id"]}/stacks',
                  f'{heat_conv.url}/v1/{heat["project_id"]}/stacks/{heat["stack_id"]}',
                  f'{heat_conv.url}/v1/{demo.project_id}/stacks'):
        resp = requests.get(where, headers={'X-Auth-Token': token}, timeout=60)
        assert resp.status_code == 403, (where, resp.status_code, resp.text)
    return user.id


def _temp_url_template():
    template = _template('POLL_TEMP_URL')
    resources = template['resources']
    resources['config']['properties']['outputs'] = [{'name': 'result'}]
    resources['deployment']['properties']['signal_transport'] = 'TEMP_URL_SIGNAL'
    template['outputs'] = {
        'stdout': {'value': {'get_attr': ['deployment', 'deploy_stdout']}},
        'result': {'value': {'get_attr': ['deployment', 'result']}}}
    return template


def _swift_of(rig):
    demo = rig.connect('demo')
    if not demo.endpoint_for('object-store'):
        services.unavailable('Swift', 'the mini-cloud has no object-store service')
    return demo


def test_the_guest_reads_swift_and_answers_through_a_temp_url(rig, heat_conv):
    """POLL_TEMP_URL and TEMP_URL_SIGNAL: the agent needs no credentials at
    all, only the two temp URLs, and nothing is left in Swift after."""
    swift = _swift_of(rig)
    demo = keystone_rig.User(rig, 'demo', heat_conv)
    name = 'heat-conv-poll-temp-url'
    stack_id = demo.create(name, _temp_url_template())
    try:
        path = f'/stacks/{name}/{stack_id}/resources/server'
        keystone_rig.wait_until(
            lambda: demo.request('GET', path).json().get('resource', {}).get(
                'resource_status') == 'CREATE_COMPLETE', 'the server never completed',
            timeout=120)
        collect = demo.request('GET', path + '/metadata').json()['metadata'][
            'os-collect-config']
        assert collect['collectors'] == ['request', 'local']
        metadata_url = collect['request']['metadata_url']

        # As the guest's os-collect-config: a plain GET, until the deployment shows.
        def deployments():
            resp = requests.get(metadata_url, timeout=30)
            assert resp.status_code == 200, resp.text
            return resp.json()['deployments']
        keystone_rig.wait_until(deployments, 'no deployment in the metadata', timeout=120)
        [deployed] = deployments()
        assert (deployed['config'], deployed['group']) == (SCRIPT, 'script')
        inputs = {i['name']: i['value'] for i in deployed['inputs']}
        assert inputs['deploy_signal_transport'] == 'TEMP_URL_SIGNAL'
        assert inputs['deploy_signal_verb'] == 'PUT'
        assert demo.stack(name, stack_id)['stack_status'] == 'CREATE_IN_PROGRESS'

        # As heat-config: the outputs PUT to the deployment's temp URL.
        resp = requests.put(inputs['deploy_signal_id'], timeout=30, json={
            'deploy_stdout': 'configured', 'deploy_stderr': '',
            'deploy_status_code': 0, 'result': 'ok'})
        assert resp.status_code == 201, resp.text
        stack = demo.wait(name, stack_id, 'CREATE_COMPLETE', timeout=120)
        outputs = {o['output_key']: o['output_value'] for o in stack['outputs']}
        assert outputs == {'stdout': 'configured', 'result': 'ok'}
    finally:
        demo.request('DELETE', f'/stacks/{name}/{stack_id}')
        demo.wait(name, stack_id, None, timeout=240)
    left = [c.name for c in swift.object_store.containers()
            if c.name == stack_id or c.name.startswith(f'{name}-server-')]
    assert left == []
    # The metadata URL is dead with its object.
    assert requests.get(metadata_url, timeout=30).status_code in (401, 404)

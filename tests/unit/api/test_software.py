"""Software configs and deployments: Heat's API shapes, and a deployment's
status update waking the resource that waits on it."""
from heat_conv.common import timeutils
from heat_conv.db import api as db_api

from . import helpers
from .helpers import assert_fault


def _config(api, **body):
    resp = api.post('/software_configs', dict({'name': 'c', 'group': 'script',
                                               'config': 'echo hi',
                                               'inputs': [{'name': 'foo'}]}, **body))
    assert resp.status_int == 200, resp.body
    return resp.json['software_config']


def test_config_create_show_list_delete(api):
    made = _config(api)
    assert made['inputs'] == [{'name': 'foo', 'type': 'String'}]
    assert made['config'] == 'echo hi' and made['group'] == 'script'
    shown = api.get(f'/software_configs/{made["id"]}').json['software_config']
    assert shown == made
    listed = api.get('/software_configs').json['software_configs']
    assert [c['id'] for c in listed] == [made['id']] and 'config' not in listed[0]
    assert api.as_tenant('t2').get('/software_configs').json['software_configs'] == []
    assert api.delete(f'/software_configs/{made["id"]}').status_int == 204
    assert_fault(api.get(f'/software_configs/{made["id"]}'), 404)


def test_config_input_must_be_named(api):
    assert_fault(api.post('/software_configs', {'inputs': ['foo']}), 400,
                 contains='Each of inputs must be a map with a name')
    assert_fault(api.post('/software_configs', {'colour': 1}), 400,
                 contains="Unknown key 'colour'")


def test_deployment_lifecycle_and_server_metadata(api):
    config = _config(api)
    resp = api.post('/software_deployments', {
        'config_id': config['id'], 'server_id': 'dummy0', 'input_values': {'foo': 'x'},
        'action': 'CREATE', 'status': 'IN_PROGRESS'})
    assert resp.status_int == 200, resp.body
    made = resp.json['software_deployment']
    assert made['status'] == 'IN_PROGRESS' and made['server_id'] == 'dummy0'
    assert_fault(api.delete(f'/software_configs/{config["id"]}'), 409)
    metadata = api.get('/software_deployments/metadata/dummy0').json['metadata']
    assert metadata[0]['inputs'][0]['value'] == 'x'
    put = api.put(f'/software_deployments/{made["id"]}',
                  {'status': 'COMPLETE', 'output_values': {'deploy_stdout': 'ok'}})
    assert put.json['software_deployment']['output_values'] == {'deploy_stdout': 'ok'}
    assert_fault(api.put(f'/software_deployments/{made["id"]}', {'status': 'DONE'}), 400)
    listed = api.get('/software_deployments?server_id=dummy0').json
    assert [d['id'] for d in listed['software_deployments']] == [made['id']]
    assert api.delete(f'/software_deployments/{made["id"]}').status_int == 204
    assert api.get('/software_deployments').json['software_deployments'] == []


def test_status_update_wakes_the_resource_waiting_on_it(api, stack, casts):
    config = _config(api)
    made = api.post('/software_deployments', {'config_id': config['id'],
                                              'server_id': 's'}).json['software_deployment']
    row = helpers.add_row(stack[1], 'deployment', type='OS::Heat::SoftwareDeployment',
                          status='IN_PROGRESS', physical_id=made['id'],
                          action_started_at=timeutils.utcnow())
    casts.casts.clear()
    api.put(f'/software_deployments/{made["id"]}', {'status': 'COMPLETE'})
    assert casts.casts == [('signal_arrived', {'resource_id': row.id, 'atomic_key': 0,
                                               'timed_out': False})]
    assert db_api.software_deployment_get(made['id']).status == 'COMPLETE'

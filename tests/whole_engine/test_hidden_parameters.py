"""A hidden parameter's value never leaves the service in clear.

One stack is driven through every route that shows anything about it, over
the real engine; every response (body and headers), every event and every
log line of the run is captured and searched for the value.
"""
import json
import logging

import pytest

from heat_conv.api import app as app_module
from tests.scenarios import local_driver
from tests.unit.api.conftest import Client

SECRET = 'Zq8-hidden-s3cret-VALUE'
OTHER_SECRET = 'Yx7-other-hidden-VALUE'

TEMPLATE = {
    'heat_template_version': '2018-08-31',
    'parameters': {
        'password': {'type': 'string', 'hidden': True,
                     'constraints': [{'allowed_pattern': '[A-Za-z0-9-]+'}]},
        'token': {'type': 'string', 'hidden': True, 'default': 'public-default'},
        'plain': {'type': 'string', 'default': 'visible'},
    },
    'resources': {
        'server': {'type': 'OS::Heat::TestResource',
                   'properties': {'value': {'get_param': 'password'}}},
        'config': {'type': 'OS::Heat::Value',
                   'properties': {'value': {'str_replace': {
                       'template': 'user=admin password=$PW',
                       'params': {'$PW': {'get_param': 'password'}}}}}},
        'tokens': {'type': 'OS::Heat::None',
                   'metadata': {'token': {'get_param': 'token'}}},
    },
    'outputs': {
        'server_value': {'value': {'get_attr': ['server', 'output']}},
        'config': {'value': {'get_attr': ['config', 'value']}},
        'plain': {'value': {'get_param': 'plain'}},
    },
}


class Recorder:
    """Every response the test receives, as text."""

    def __init__(self, client):
        self.client = client
        self.seen = []

    def request(self, method, path, body=None):
        resp = self.client.request(method, path, body)
        self.seen.append(f'{method} {path} -> {resp.status}\n{resp.headers}\n'
                         f'{resp.body.decode("utf-8", "replace")}')
        return resp

    def get(self, path):
        return self.request('GET', path)


@pytest.fixture
def world(db, fake_clock):
    driver = local_driver.LocalDriver(fake_clock)
    yield driver, Recorder(Client(app_module.make_app(), tenant=driver.ctx.project_id))
    driver.close()


def _settle(driver, status):
    driver.run_until(lambda: driver.stack_status() == status, status)


def test_hidden_values_appear_in_no_response_event_or_log(world, caplog):
    caplog.set_level(logging.DEBUG)
    driver, api = world
    env = {'parameter_defaults': {'token': OTHER_SECRET}}
    body = {'stack_name': 'secretive', 'template': TEMPLATE, 'environment': env,
            'parameters': {'password': SECRET}}
    preview = api.request('POST', '/stacks/preview', body).json['stack']
    assert preview['parameters']['password'] == '******'
    validated = api.request('POST', '/validate', body).json
    assert validated['Parameters']['token']['Default'] == '******'
    assert validated['Parameters']['password']['NoEcho'] == 'true'

    resp = api.request('POST', '/stacks', body)
    assert resp.status_int == 201, resp.body
    stack_id = resp.json['stack']['id']
    path = f'/stacks/secretive/{stack_id}'
    driver.stack_id = stack_id
    _settle(driver, 'CREATE_COMPLETE')

    shown = api.get(path).json['stack']
    assert shown['parameters']['password'] == '******'
    assert shown['parameters']['token'] == '******'
    assert shown['parameters']['plain'] == 'visible'
    outputs = {o['output_key']: o['output_value'] for o in shown['outputs']}
    assert outputs['plain'] == 'visible'
    assert outputs['config'] == 'user=admin password=******'
    environment = api.get(path + '/environment').json
    assert environment['parameters'] == {'password': '******'}
    assert environment['parameter_defaults'] == {'token': '******'}

    api.get('/stacks')
    api.get('/stacks/secretive')
    for sub in ('/template', '/files', '/outputs', '/outputs/server_value',
                '/outputs/config', '/resources?with_detail=true'):
        assert api.get(path + sub).status_int == 200
    for name in ('server', 'config', 'tokens'):
        assert api.get(f'{path}/resources/{name}').status_int == 200
        assert api.get(f'{path}/resources/{name}/metadata').status_int == 200
        api.get(f'{path}/resources/{name}/events')
    events = api.get(path + '/events').json['events']
    for event in events:
        api.get(f'{path}/events/{event["id"]}')
        api.get(f'{path}/resources/{event["resource_name"]}/events/{event["id"]}')

    for method in ('PUT', 'PATCH'):
        preview = api.request(method, path + '/preview',
                              {'template': TEMPLATE, 'parameters': {'password': SECRET}})
        assert preview.status_int == 200, preview.body
    # A refused value is not echoed back either.
    refused = api.request('PATCH', path, {'parameters': {'password': SECRET + '!'}})
    assert refused.status_int == 400
    # An update to a new secret: the old one is still masked in what old
    # resources hold while the update runs, and so is the new one.
    assert api.request('PATCH', path, {'parameters': {'password': SECRET + 'x'}}) \
        .status_int == 202
    _settle(driver, 'UPDATE_COMPLETE')
    api.get(path)
    api.get(path + '/resources?with_detail=true')
    api.get(path + '/events')
    assert api.request('DELETE', path).status_int == 204
    _settle(driver, 'DELETE_COMPLETE')
    api.get(path + '/events')

    captured = {'responses': '\n'.join(api.seen),
                'events': json.dumps(events),
                'logs': '\n'.join(f'{r.name}: {r.getMessage()}' for r in caplog.records)}
    assert len(api.seen) > 40
    for where, text in captured.items():
        for value in (SECRET, OTHER_SECRET):
            assert value not in text, f'{value} leaked in {where}'
    # The values did reach the resources: masking is not emptiness.
    assert 'password=******' in captured['responses']

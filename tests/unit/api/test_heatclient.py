"""python-heatclient and the ``openstack stack`` CLI against the API served
over HTTP by cheroot, as users run them."""
import contextlib
import io
import json

import pytest
import yaml
from heatclient import client as heat_client
from heatclient import exc as heat_exc
from keystoneauth1 import noauth
from keystoneauth1 import session as ks_session

from heat_conv.api import server
from heat_conv.db import api as db_api

from . import helpers
from .helpers import TEMPLATE


@pytest.fixture
def endpoint(app):
    handle = server.serve(app, '127.0.0.1', 0, threads=4)
    yield f'{handle.url}/v1/t1'
    handle.stop()


@pytest.fixture(params=['http', 'session'])
def heat(request, endpoint):
    """Both of heatclient's transports: its own, and a keystoneauth session
    (which the openstack CLI uses)."""
    if request.param == 'http':
        return heat_client.Client('1', endpoint=endpoint, token='x')
    session = ks_session.Session(auth=noauth.NoAuth())
    return heat_client.Client('1', session=session, endpoint=endpoint)


def test_stack_lifecycle(heat, casts):
    created = heat.stacks.create(stack_name='web', template=TEMPLATE,
                                 parameters={'value': 'v'}, disable_rollback=True)
    stack_id = created['stack']['id']

    (listed,) = list(heat.stacks.list())
    assert (listed.id, listed.stack_name) == (stack_id, 'web')
    assert (listed.action, listed.status) == ('CREATE', 'IN_PROGRESS')

    helpers.build(stack_id, value='v')
    for ref in ('web', stack_id, f'web/{stack_id}'):
        shown = heat.stacks.get(ref)
        assert shown.id == stack_id and shown.stack_status == 'CREATE_COMPLETE'
    assert {o['output_key']: o['output_value'] for o in shown.outputs} == {
        'result': 'v', 'first_id': 'phys-first'}
    assert heat.stacks.output_show('web', 'result')['output']['output_value'] == 'v'
    assert heat.stacks.template('web') == TEMPLATE

    resources = heat.resources.list('web')
    assert {r.resource_name for r in resources} == {'first', 'second'}
    assert resources[0].stack_name == 'web'
    assert heat.resources.get('web', 'first').attributes == {'output': 'v'}
    events = heat.events.list('web', sort_dir='asc')
    assert events[0].resource_status == 'CREATE_IN_PROGRESS'
    assert heat.events.get('web', 'web', events[0].id).resource_name == 'web'

    heat.stacks.update('web', template=TEMPLATE, parameters={'value': 'w'})
    heat.stacks.update('web', existing=True, parameters={'value': 'x'})
    changes = heat.stacks.preview_update('web', template=TEMPLATE)
    assert 'unchanged' in changes['resource_changes']
    heat.actions.cancel_update('web')

    heat.stacks.delete('web')
    assert heat.stacks.get(stack_id).stack_status == 'DELETE_IN_PROGRESS'
    assert casts.methods().count('converge') == 5


def test_errors_become_heatclient_exceptions(heat):
    with pytest.raises(heat_exc.HTTPNotFound) as info:
        heat.stacks.get('nothere')
    assert 'nothere' in str(info.value)
    with pytest.raises(heat_exc.HTTPBadRequest) as info:
        heat.stacks.create(stack_name='bad', template=helpers.INVALID_TEMPLATE)
    assert 'resources.web.properties.value' in str(info.value)
    heat.stacks.create(stack_name='dup', template=TEMPLATE)
    with pytest.raises(heat_exc.HTTPConflict):
        heat.stacks.create(stack_name='dup', template=TEMPLATE)


def test_validate_and_catalog(heat):
    assert heat.stacks.validate(template=TEMPLATE)['Description'] == 'Two test resources'
    assert any(v.version == 'heat_template_version.2018-08-31'
               for v in heat.template_versions.list())
    assert 'OS::Heat::TestResource' in [t.resource_type for t in heat.resource_types.list()]
    assert heat.build_info.build_info()['api']['revision']
    assert heat.services.list() == []


def _openstack(endpoint, *args):
    """Run the real ``openstack`` CLI in-process; returns its stdout."""
    from openstackclient import shell
    out = io.StringIO()
    argv = ['--os-auth-type', 'none', '--os-endpoint', endpoint, *args]
    with contextlib.redirect_stdout(out):
        code = shell.main(argv)
    assert code == 0, out.getvalue()
    return out.getvalue()


def test_openstack_cli(endpoint, tmp_path, casts):
    template = tmp_path / 'stack.yaml'
    template.write_text(yaml.safe_dump(TEMPLATE))
    created = json.loads(_openstack(endpoint, 'stack', 'create', '-t', str(template),
                                    '--parameter', 'value=cli', 'cli', '-f', 'json'))
    assert created['stack_name'] == 'cli'
    helpers.build(created['id'], value='cli')
    (listed,) = json.loads(_openstack(endpoint, 'stack', 'list', '-f', 'json'))
    assert listed['Stack Status'] == 'CREATE_COMPLETE'
    shown = json.loads(_openstack(endpoint, 'stack', 'show', 'cli', '-f', 'json'))
    assert shown['parameters']['value'] == 'cli'
    resources = json.loads(_openstack(endpoint, 'stack', 'resource', 'list', 'cli',
                                      '-f', 'json'))
    assert {r['resource_name'] for r in resources} == {'first', 'second'}
    events = _openstack(endpoint, 'stack', 'event', 'list', 'cli')
    assert 'CREATE_IN_PROGRESS' in events
    output = json.loads(_openstack(endpoint, 'stack', 'output', 'show', 'cli', 'result',
                                   '-f', 'json'))
    assert output['output_value'] == 'cli'
    _openstack(endpoint, 'stack', 'delete', '--yes', 'cli')
    assert db_api.stack_get(created['id']).action == 'DELETE'

    # Engines and observers, with Heat's service-list columns. (In the same
    # test: the CLI, run in-process, keeps its first endpoint.)
    db_api.service_heartbeat('engine-1', 'host-a', 'heat-conv-engine', 'heat-conv-engine', 2)
    db_api.service_heartbeat('observer-1', 'host-b', 'heat-conv-observer', None, 2)
    db_api.service_heartbeat('observer-2', 'host-c', 'heat-conv-observer', None, 2)
    db_api.service_delete('observer-2')   # stopped
    listed = json.loads(_openstack(endpoint, 'orchestration', 'service', 'list', '-f',
                                   'json'))
    by_id = {s['Engine ID']: s for s in listed}
    assert set(by_id) == {'engine-1', 'observer-1', 'observer-2'}
    assert by_id['observer-1']['Binary'] == 'heat-conv-observer'
    assert by_id['observer-1']['Hostname'] == 'host-b'
    assert (by_id['engine-1']['Status'], by_id['observer-1']['Status'],
            by_id['observer-2']['Status']) == ('up', 'up', 'down')
    assert set(listed[0]) == {'Hostname', 'Binary', 'Engine ID', 'Host', 'Topic',
                              'Updated At', 'Status'}


"""The API over the real engine, run deterministically by the local driver:
what users see as a stack is created, updated, marked unhealthy and deleted."""
import copy

import pytest

from heat_conv.api import app as app_module
from tests.scenarios import local_driver
from tests.unit.api.conftest import Client
from tests.unit.api.helpers import TEMPLATE


@pytest.fixture
def world(db, fake_clock):
    driver = local_driver.LocalDriver(fake_clock)
    yield driver, Client(app_module.make_app(), tenant=driver.ctx.project_id)
    driver.close()


def _resources(api, path):
    return {r['resource_name']: r for r in api.get(path + '/resources').json['resources']}


def _changes(api, method, path, body):
    changes = api.request(method, path + '/preview', body).json['resource_changes']
    return {kind: [r['resource_name'] for r in rows] for kind, rows in changes.items() if rows}


def _settle(driver, status):
    driver.run_until(lambda: driver.stack_status() == status, status)


def test_create_update_mark_unhealthy_delete(world):
    driver, api = world
    template = copy.deepcopy(TEMPLATE)
    template['resources']['first']['properties']['wait_secs'] = 5
    stack_id = api.post('/stacks', {'stack_name': 'real', 'template': template}).json[
        'stack']['id']
    path = f'/stacks/real/{stack_id}'
    driver.stack_id = stack_id
    _settle(driver, 'CREATE_COMPLETE')

    stack = api.get(path).json['stack']
    resources = _resources(api, path)
    outputs = {o['output_key']: o['output_value'] for o in stack['outputs']}
    assert outputs == {'result': 'hello',
                       'first_id': resources['first']['physical_resource_id']}
    assert resources['first']['required_by'] == ['second']
    events = api.get(path + '/events').json['events']
    assert (events[-1]['resource_name'], events[-1]['resource_status']) == \
        ('real', 'CREATE_COMPLETE')
    assert events[-1]['physical_resource_id'] == stack_id

    # A property that cannot change in place: first is replaced, second
    # (which reads an attribute that keeps its value) is left alone.
    replace = copy.deepcopy(template)
    replace['resources']['first']['properties']['update_replace_value'] = 'new'
    assert _changes(api, 'PUT', path, {'template': replace}) == {
        'replaced': ['first'], 'unchanged': ['second']}
    old_id = resources['first']['physical_resource_id']
    assert api.put(path, {'template': replace}).status_int == 202
    _settle(driver, 'UPDATE_COMPLETE')
    new_id = _resources(api, path)['first']['physical_resource_id']
    assert new_id != old_id
    outputs = {o['output_key']: o['output_value'] for o in api.get(path).json['stack'][
        'outputs']}
    assert outputs['first_id'] == new_id

    # Marked unhealthy, it is replaced by the next update.
    resp = api.patch(path + '/resources/first', {'mark_unhealthy': True,
                                                 'resource_status_reason': 'bad'})
    assert resp.status_int == 200
    assert _resources(api, path)['first']['resource_status'] == 'CHECK_FAILED'
    assert _changes(api, 'PATCH', path, {}) == {'replaced': ['first'],
                                               'unchanged': ['second']}
    api.patch(path, {})
    _settle(driver, 'UPDATE_COMPLETE')
    first = _resources(api, path)['first']
    assert first['resource_status'] == 'CREATE_COMPLETE'
    assert first['physical_resource_id'] not in (old_id, new_id)

    assert api.delete(path).status_int == 204
    _settle(driver, 'DELETE_COMPLETE')
    assert api.get(path).json['stack']['stack_status'] == 'DELETE_COMPLETE'
    assert api.get(path + '/resources').json == {'resources': []}
    assert api.get('/stacks/real').status_int == 404

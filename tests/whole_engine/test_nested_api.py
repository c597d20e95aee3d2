"""Nested stacks through the Heat v1 API, over the real engine: hidden from
the stack list unless asked for, linked from their parent resource, listed
with ``nested_depth``, their parameters shown by validate."""
import json

import pytest

from heat_conv.api import app as app_module
from tests.scenarios import local_driver
from tests.scenarios import nested_library as tree
from tests.unit.api.conftest import Client


@pytest.fixture
def world(db, fake_clock):
    driver = local_driver.LocalDriver(fake_clock)
    yield driver, Client(app_module.make_app(), tenant=driver.ctx.project_id)
    driver.close()


# Through the API, files are their text, as heatclient sends them.
FILES = {name: json.dumps(body) for name, body in tree.FILES.items()}


def _create(driver, api):
    body = {'stack_name': 'top', 'template': tree.top(), 'files': FILES,
            'environment': tree.ENVIRONMENT}
    resp = api.post('/stacks', body)
    assert resp.status_int == 201, resp.body
    driver.stack_id = resp.json['stack']['id']
    assert driver.settle() == 'CREATE_COMPLETE'
    return f'/stacks/top/{driver.stack_id}'


def test_children_are_hidden_from_the_list_unless_asked_for(world):
    driver, api = world
    _create(driver, api)
    names = [s['stack_name'] for s in api.get('/stacks').json['stacks']]
    assert names == ['top']
    nested = api.get('/stacks?show_nested=True').json['stacks']
    assert len(nested) == 4
    parents = {s['stack_name']: s['parent'] for s in nested}
    assert parents['top'] is None
    assert sum(1 for parent in parents.values() if parent == driver.stack_id) == 1


def test_a_resource_links_to_its_child_stack_which_shows_by_id(world):
    driver, api = world
    path = _create(driver, api)
    web = api.get(path + '/resources/web').json['resource']
    (nested,) = [link['href'] for link in web['links'] if link['rel'] == 'nested']
    child_id = nested.rsplit('/', 1)[1]
    assert web['physical_resource_id'] == child_id
    assert web['resource_type'] == 'mid.yaml'
    shown = api.get(f'/stacks/{child_id}')
    assert shown.status_int == 302
    child = api.get(shown.location.split('/v1/tenant', 1)[1]).json['stack']
    assert child['parent'] == driver.stack_id
    assert child['stack_name'] == nested.rsplit('/', 2)[1]
    assert child['stack_name'].startswith('top-web-')


def test_resource_list_with_nested_depth(world):
    driver, api = world
    path = _create(driver, api)
    flat = api.get(path + '/resources').json['resources']
    assert sorted(r['resource_name'] for r in flat) == ['after', 'web']
    deep = api.get(path + '/resources?nested_depth=2').json['resources']
    by_parent = {}
    for r in deep:
        by_parent.setdefault(r.get('parent_resource'), []).append(r['resource_name'])
    assert sorted(by_parent[None]) == ['after', 'web']
    assert sorted(by_parent['web']) == ['a', 'b', 'local']
    assert sorted(by_parent['a'] + by_parent['b']) == ['server', 'server']
    types = {(r.get('parent_resource'), r['resource_name']): r['resource_type'] for r in deep}
    assert types[('web', 'b')] == 'My::Leaf'
    one_level = api.get(path + '/resources?nested_depth=1').json['resources']
    assert len(one_level) == 5


def test_validate_shows_the_children_parameters(world):
    _, api = world
    resp = api.post('/validate?show_nested=True', {
        'template': tree.top(), 'files': FILES, 'environment': tree.ENVIRONMENT})
    assert resp.status_int == 200, resp.body
    nested = resp.json['NestedParameters']
    web = nested['web']
    assert web['Type'] == 'mid.yaml'
    assert web['Parameters']['a_value']['Value'] == 'a'
    assert sorted(web['NestedParameters']) == ['a', 'b']
    assert web['NestedParameters']['b']['Type'] == 'My::Leaf'
    assert 'value' in web['NestedParameters']['b']['Parameters']
    plain = api.post('/validate', {'template': tree.top(), 'files': FILES,
                                   'environment': tree.ENVIRONMENT}).json
    assert 'NestedParameters' not in plain


def test_event_list_with_nested_depth(world):
    driver, api = world
    path = _create(driver, api)
    flat = api.get(path + '/events').json['events']
    assert {e['resource_name'] for e in flat} == {'top', 'web', 'after'}
    deep = api.get(path + '/events?nested_depth=2').json['events']
    leaf = [e for e in deep if e['resource_name'] == 'server']
    assert leaf and {e['parent_resource'] for e in leaf} == {'a', 'b'}
    stacks = {link['href'].rsplit('/', 2)[1] for e in leaf for link in e['links']
              if link['rel'] == 'stack'}
    assert len(stacks) == 2 and all(name.startswith('top-web-') for name in stacks)
    times = [e['event_time'] for e in deep]
    assert times == sorted(times)
    assert len(api.get(path + '/events?nested_depth=2&limit=3').json['events']) == 3


def test_the_arn_get_resource_gives_addresses_the_child_as_in_heat(world):
    # Heat's SimultaneousUpdateNestedStackTest reads a template resource's
    # get_resource (the child's ARN) from an output and asks for a resource
    # of the stack it names.
    from urllib import parse
    driver, api = world
    path = _create(driver, api)
    outputs = api.get(path).json['stack']['outputs']
    arn = [o['output_value'] for o in outputs if o['output_key'] == 'web'][0]
    assert arn.startswith('arn:openstack:heat::tenant:stacks/top-web-')
    child_name, child_id = arn.rsplit('/', 2)[1:]
    resp = api.get(f'/stacks/{parse.quote(arn)}/resources/local?with_attr=x')
    assert resp.status_int == 302
    assert resp.location.endswith(
        f'/v1/tenant/stacks/{child_name}/{child_id}/resources/local?with_attr=x')
    resp = api.get(f'/stacks/{parse.quote(arn)}')
    assert resp.location.endswith(f'/v1/tenant/stacks/{child_name}/{child_id}')
    resource = api.get(resp.location.split('/v1/tenant', 1)[1] + '/resources/local')
    assert resource.json['resource']['resource_name'] == 'local'
    # Another tenant's ARN, or a name that does not match the id, is not found.
    assert api.get('/stacks/' + parse.quote(arn.replace('::tenant:', '::other:'))) \
        .status_int == 404
    assert api.get('/stacks/' + parse.quote(arn.replace(child_name, 'nope'))) \
        .status_int == 404


@pytest.mark.parametrize('sort_dir', ['asc', 'desc'])
def test_event_pages_of_a_tree_follow_the_marker_across_its_stacks(world, sort_dir):
    # heatclient pages with the last event id of a page as the next marker,
    # which may be a child stack's event.
    driver, api = world
    path = _create(driver, api)
    query = f'nested_depth=2&sort_dir={sort_dir}'
    everything = [e['id'] for e in api.get(f'{path}/events?{query}').json['events']]
    assert len(everything) > 10
    paged, marker = [], None
    for _ in range(len(everything)):   # a marker not followed would loop
        page_query = query + '&limit=4' + (f'&marker={marker}' if marker else '')
        page = [e['id'] for e in api.get(f'{path}/events?{page_query}').json['events']]
        if not page:
            break
        paged.extend(page)
        marker = page[-1]
    assert paged == everything


# A child whose second output reads a parameter it does not declare (Heat's
# own functional test, StackOutputsTest.test_output_error_nested, in this
# shape): the stacks complete, and whoever reads that output through the
# parent gets Heat's TemplateOutputError.
ERROR_CHILD = '''
heat_template_version: 2015-10-15
resources:
  a:
    type: OS::Heat::TestResource
    properties:
      value: 'a'
outputs:
  good:
    value: {get_attr: [a, output]}
  bad:
    value: {get_param: foo}
'''
ERROR_PARENT = {
    'heat_template_version': '2015-10-15',
    'resources': {'parent': {'type': 'child.yaml'}},
    'outputs': {'good': {'value': {'get_attr': ['parent', 'good']}, 'description': 'g'},
                'bad': {'value': {'get_attr': ['parent', 'bad']}, 'description': 'b'}}}
BAD_OUTPUT_MESSAGE = 'Error in parent output bad: The Parameter (foo) was not provided.'


def _create_with_output_error(driver, api, template):
    resp = api.post('/stacks', {'stack_name': 'outputs', 'template': template,
                                'files': {'child.yaml': ERROR_CHILD}})
    assert resp.status_int == 201, resp.body
    driver.stack_id = resp.json['stack']['id']
    return driver.settle(), f'/stacks/outputs/{driver.stack_id}'


def test_a_parent_output_reading_a_child_output_in_error_shows_heats_error(world):
    driver, api = world
    status, path = _create_with_output_error(driver, api, ERROR_PARENT)
    assert status == 'CREATE_COMPLETE'
    outputs = sorted(api.get(path).json['stack']['outputs'], key=lambda o: o['output_key'])
    assert outputs == [
        {'output_key': 'bad', 'output_value': None, 'output_error': BAD_OUTPUT_MESSAGE,
         'description': 'b'},
        {'output_key': 'good', 'output_value': 'a', 'description': 'g'}]
    # The template resource's attribute shows as null, as Heat shows it.
    shown = api.get(path + '/resources/parent').json['resource']
    assert shown['attributes']['bad'] is None
    assert shown['attributes']['good'] == 'a'


def test_a_resource_reading_a_child_output_in_error_fails_with_heats_error(world):
    driver, api = world
    template = dict(ERROR_PARENT, outputs={}, resources=dict(
        ERROR_PARENT['resources'],
        reader={'type': 'OS::Heat::TestResource',
                'properties': {'value': {'get_attr': ['parent', 'bad']}}}))
    status, path = _create_with_output_error(driver, api, template)
    assert status == 'CREATE_FAILED'
    reader = api.get(path + '/resources/reader').json['resource']
    assert reader['resource_status'] == 'CREATE_FAILED'
    assert BAD_OUTPUT_MESSAGE in reader['resource_status_reason']

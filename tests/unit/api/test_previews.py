"""Dry runs of create and update."""
import copy

from . import helpers
from .helpers import TEMPLATE
from .helpers import assert_fault


def _changes(resp):
    assert resp.status_int == 200, resp.body
    return {kind: sorted(r['resource_name'] for r in resources)
            for kind, resources in resp.json['resource_changes'].items()}


def test_create_preview_lists_what_would_be_built(api, casts):
    resp = api.post('/stacks/preview', {'stack_name': 'dry', 'template': TEMPLATE,
                                        'parameters': {'value': 'v'}})
    assert resp.status_int == 200
    stack = resp.json['stack']
    assert stack['stack_name'] == 'dry' and stack['description'] == 'Two test resources'
    assert stack['parameters']['secret'] == '******'
    resources = {r['resource_name']: r for r in stack['resources']}
    # As Heat's preview: the properties the create would give, defaults
    # applied; an attribute of a resource not built yet is null, so its
    # property takes its default.
    assert resources['first']['properties']['value'] == 'v'
    assert resources['first']['required_by'] == ['second']
    assert resources['second']['properties']['value'] == 'test_string'
    assert casts.casts == []


def test_create_preview_errors(api):
    resp = api.post('/stacks/preview', {'stack_name': 'dry',
                                        'template': helpers.INVALID_TEMPLATE})
    assert_fault(resp, 400, contains='resources.web.properties.value')
    assert_fault(api.post('/stacks/preview', {'template': TEMPLATE}), 400,
                 contains='stack name')
    assert_fault(api.post('/stacks/preview', raw=b'['), 400)


def test_update_preview_of_the_same_template_changes_nothing(api, stack, casts):
    helpers.build(stack[1])
    resp = api.put(stack[2] + '/preview', {'template': TEMPLATE})
    assert _changes(resp) == {'added': [], 'deleted': [], 'replaced': [], 'updated': [],
                              'unchanged': ['first', 'second']}
    unchanged = resp.json['resource_changes']['unchanged'][0]
    assert unchanged['resource_action'] == 'CREATE'
    assert unchanged['resource_status'] == 'COMPLETE'
    assert casts.methods() == ['converge']


def test_update_preview_sorts_changes(api, stack):
    helpers.build(stack[1])
    template = copy.deepcopy(TEMPLATE)
    # first: an update_allowed property changes -> updated in place
    # second: a property that cannot change in place -> replaced
    template['resources']['second']['properties']['update_replace_value'] = 'new'
    template['resources']['third'] = {'type': 'OS::Heat::None'}
    resp = api.put(stack[2] + '/preview', {'template': template,
                                          'parameters': {'value': 'changed'}})
    assert _changes(resp) == {'added': ['third'], 'deleted': [], 'replaced': ['second'],
                              'updated': ['first'], 'unchanged': []}


def test_update_preview_type_change_replaces_and_removal_deletes(api, stack):
    helpers.build(stack[1])
    template = copy.deepcopy(TEMPLATE)
    del template['resources']['second']
    template['outputs'] = {}
    template['resources']['first']['type'] = 'OS::Heat::None'
    resp = api.put(stack[2] + '/preview', {'template': template})
    assert _changes(resp) == {'added': [], 'deleted': ['second'], 'replaced': ['first'],
                              'updated': [], 'unchanged': []}


def test_update_preview_of_failed_or_unbuilt_resources(api, stack):
    _, stack_id, path = stack
    helpers.add_row(stack_id, 'first', status='FAILED', physical_id='p')
    helpers.add_row(stack_id, 'second', action='INIT')
    assert _changes(api.put(path + '/preview', {'template': TEMPLATE})) == {
        'added': ['second'], 'deleted': [], 'replaced': ['first'], 'updated': [],
        'unchanged': []}


def test_patch_preview_keeps_the_stored_template(api, stack):
    helpers.build(stack[1])
    assert _changes(api.patch(stack[2] + '/preview', {})) == {
        'added': [], 'deleted': [], 'replaced': [], 'updated': [],
        'unchanged': ['first', 'second']}
    assert _changes(api.patch(stack[2] + '/preview',
                              {'parameters': {'value': 'x'}}))['updated'] == ['first']


def test_update_preview_errors(api, stack):
    path = stack[2] + '/preview'
    assert_fault(api.put(path, {'template': helpers.INVALID_TEMPLATE}), 400,
                 contains='resources.web.properties.value')
    assert_fault(api.put(path, {}), 400, contains='No template')
    assert_fault(api.put(path, raw=b'{'), 400)
    assert_fault(api.as_tenant('t2').put(path, {'template': TEMPLATE}), 404)


def test_patch_preview_with_cleared_parameters(api, make_stack):
    _, stack_id, path = make_stack(parameters={'value': 'x'})
    helpers.build(stack_id, value='x')
    assert _changes(api.patch(path + '/preview', {}))['unchanged'] == ['first', 'second']
    changes = _changes(api.patch(path + '/preview', {'clear_parameters': ['value']}))
    assert changes['updated'] == ['first']


def test_update_preview_ignores_restricted_actions_as_heat_does(api, stack):
    # Heat's preview (StackUpdate.preview) asks each resource what the new
    # definition needs and never consults restricted_actions: the update
    # itself refuses. The preview says what the change would be.
    helpers.build(stack[1])
    template = copy.deepcopy(TEMPLATE)
    template['resources']['second']['properties']['update_replace_value'] = 'new'
    restricted = {'resource_registry': {'resources': {
        name: {'restricted_actions': ['update', 'replace']} for name in ('first', 'second')}}}
    resp = api.put(stack[2] + '/preview', {'template': template, 'environment': restricted,
                                          'parameters': {'value': 'changed'}})
    assert _changes(resp) == {'added': [], 'deleted': [], 'replaced': ['second'],
                              'updated': ['first'], 'unchanged': []}

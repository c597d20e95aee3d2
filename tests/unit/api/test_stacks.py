"""Stacks: show, name-only lookups, update, delete."""
import uuid

import pytest

from heat_conv.common import timeutils
from heat_conv.db import api as db_api
from heat_conv.engine import api as engine_api

from . import helpers
from .helpers import TEMPLATE
from .helpers import assert_fault

# --- show ------------------------------------------------------------------


def test_show_before_anything_is_built(api, stack):
    name, stack_id, path = stack
    body = api.get(path).json['stack']
    assert body['id'] == stack_id and body['stack_name'] == name
    assert body['stack_status'] == 'CREATE_IN_PROGRESS'
    assert body['stack_status_reason'] == 'Stack CREATE started'
    assert body['description'] == body['template_description'] == 'Two test resources'
    assert body['parameters'] == {'value': 'hello', 'secret': '******',
                                  'OS::stack_id': stack_id, 'OS::stack_name': name,
                                  'OS::project_id': 't1'}
    assert body['outputs'] == [
        {'output_key': 'result', 'output_value': None, 'description': 'What second got'},
        {'output_key': 'first_id', 'output_value': None,
         'description': 'No description given'}]
    for key in ('links', 'disable_rollback', 'timeout_mins', 'tags', 'parent',
                'stack_owner', 'capabilities', 'notification_topics', 'creation_time',
                'updated_time', 'deletion_time'):
        assert key in body


def test_show_resolves_outputs_from_built_resources(api, stack):
    _, stack_id, path = stack
    helpers.build(stack_id, value='built')
    body = api.get(path).json['stack']
    assert body['stack_status'] == 'CREATE_COMPLETE'
    outputs = {o['output_key']: o['output_value'] for o in body['outputs']}
    assert outputs == {'result': 'built', 'first_id': 'phys-first'}


def test_show_reports_an_output_that_fails(api, make_stack):
    template = dict(TEMPLATE, outputs={'bad': {'value': {'str_split': [
        ',', {'get_attr': ['first', 'output']}, 5]}}})
    _, stack_id, path = make_stack(template=template)
    helpers.build(stack_id, value='a,b')
    (output,) = api.get(path).json['stack']['outputs']
    assert output['output_value'] is None
    assert 'outputs.bad.value' in output['output_error']


def test_show_without_resolving_outputs(api, stack):
    body = api.get(stack[2] + '?resolve_outputs=False').json['stack']
    assert 'outputs' not in body


@pytest.mark.parametrize('path', ['/stacks/mystack/{id}x', '/stacks/other/{id}'])
def test_show_wrong_address_is_404(api, stack, path):
    assert_fault(api.get(path.format(id=stack[1])), 404, 'StackNotFound')


def test_show_other_tenant_is_404(api, stack):
    assert_fault(api.as_tenant('t2').get(stack[2]), 404, 'StackNotFound')


# --- name-only lookups -----------------------------------------------------


@pytest.mark.parametrize('method', ['GET', 'PUT', 'PATCH', 'DELETE'])
def test_name_only_paths_redirect_to_the_canonical_one(api, stack, method):
    name, stack_id, path = stack
    resp = api.request(method, f'/stacks/{name}')
    assert resp.status_int == 302
    assert resp.location == f'http://localhost/v1/t1{path}'
    assert resp.json['location'] == resp.location


@pytest.mark.parametrize('sub', ['resources', 'resources/first', 'resources/first/events',
                                 'events', 'template', 'environment', 'files', 'outputs',
                                 'outputs/result', 'actions'])
def test_name_only_subpaths_redirect_keeping_path_and_query(api, stack, sub):
    name, stack_id, path = stack
    method = 'POST' if sub == 'actions' else 'GET'
    resp = api.request(method, f'/stacks/{name}/{sub}?limit=1&sort_dir=asc')
    assert resp.status_int == 302
    assert resp.location == f'http://localhost/v1/t1{path}/{sub}?limit=1&sort_dir=asc'


def test_id_only_path_redirects(api, stack):
    name, stack_id, path = stack
    resp = api.get(f'/stacks/{stack_id}/resources')
    assert resp.location == f'http://localhost/v1/t1{path}/resources'


def test_lookup_of_unknown_or_foreign_stack_is_404(api, stack):
    assert_fault(api.get('/stacks/nothere'), 404, 'StackNotFound')
    assert_fault(api.as_tenant('t2').get(f'/stacks/{stack[0]}'), 404)
    assert_fault(api.as_tenant('t2').get(f'/stacks/{stack[1]}/events'), 404)


# --- update ----------------------------------------------------------------


def test_put_updates_and_answers_202(api, stack, casts):
    _, stack_id, path = stack
    helpers.build(stack_id)
    resp = api.put(path, {'template': TEMPLATE, 'parameters': {'value': 'new'}})
    assert resp.status_int == 202 and resp.body == b''
    assert casts.methods() == ['converge', 'converge']
    row = db_api.stack_get(stack_id)
    assert (row.action, row.status) == ('UPDATE', 'IN_PROGRESS')
    assert db_api.raw_template_get(row.raw_template_id).parameters == {'value': 'new'}


def test_patch_keeps_the_stored_template_and_parameters(api, stack):
    _, stack_id, path = stack
    helpers.build(stack_id)
    api.put(path, {'template': TEMPLATE, 'parameters': {'value': 'one'}})
    resp = api.patch(path, {'parameters': {'secret': 'two'}})
    assert resp.status_int == 202
    row = db_api.stack_get(stack_id)
    assert db_api.raw_template_get(row.raw_template_id).parameters == {
        'value': 'one', 'secret': 'two'}


def test_put_needs_a_template(api, stack):
    assert_fault(api.put(stack[2], {'parameters': {}}), 400, contains='No template')


def test_put_invalid_template_names_the_path(api, stack, casts):
    resp = api.put(stack[2], {'template': helpers.INVALID_TEMPLATE})
    assert_fault(resp, 400, contains='resources.web.properties.value')
    assert casts.methods() == ['converge']


def test_update_during_rollback_is_409(api, stack):
    db_api.stack_update(stack[1], {'action': 'ROLLBACK', 'status': 'IN_PROGRESS'})
    assert_fault(api.put(stack[2], {'template': TEMPLATE}), 409, 'ActionInProgress')


def test_update_of_other_tenant_or_deleted_stack_is_404(api, stack):
    assert_fault(api.as_tenant('t2').put(stack[2], {'template': TEMPLATE}), 404)
    db_api.stack_update(stack[1], {'action': 'DELETE', 'status': 'COMPLETE',
                                   'deleted_at': timeutils.utcnow()})
    assert_fault(api.put(stack[2], {'template': TEMPLATE}), 404)


def test_update_with_malformed_body_is_400(api, stack):
    assert_fault(api.put(stack[2], raw=b'{'), 400, contains='JSON')


# --- delete ----------------------------------------------------------------


def test_delete_answers_204_and_casts(api, stack, casts):
    resp = api.delete(stack[2])
    assert resp.status_int == 204 and resp.body == b''
    assert casts.methods() == ['converge', 'converge']
    assert db_api.stack_get(stack[1]).action == 'DELETE'
    # The stack is still shown (and its deletion progress with it).
    assert api.get(stack[2]).json['stack']['stack_status'] == 'DELETE_IN_PROGRESS'


def test_delete_of_other_tenant_or_unknown_stack_is_404(api, stack, casts):
    assert_fault(api.as_tenant('t2').delete(stack[2]), 404)
    assert_fault(api.delete(f'/stacks/mystack/{uuid.uuid4()}'), 404)
    assert casts.methods() == ['converge']


def test_dotted_names_and_odd_resource_names_route(api, make_stack):
    template = dict(TEMPLATE, resources={'a b.c': {'type': 'OS::Heat::None'}}, outputs={})
    name, stack_id, path = make_stack('my.stack-1', template=template)
    assert api.get(f'/stacks/{name}').location.endswith(f'/stacks/my.stack-1/{stack_id}')
    helpers.add_row(stack_id, 'a b.c', type='OS::Heat::None')
    resp = api.get(f'{path}/resources/a%20b.c')
    assert resp.json['resource']['resource_name'] == 'a b.c'
    assert resp.json['resource']['links'][0]['href'].endswith('/resources/a%20b.c')
    resp = api.get(f'/stacks/{name}/resources/a%20b.c')
    assert resp.location.endswith(f'{path}/resources/a%20b.c')


def test_undecodable_url_is_400(api):
    assert_fault(api.get('/stacks/%ff'), 400, contains='UTF-8')
    assert_fault(api.get('/stacks?name=%ff'), 400, contains='UTF-8')
    assert_fault(api.get('/stacks?limit=99999999999999999999'), 400, contains='limit')


def test_patch_with_heatclients_empty_environment_keeps_the_stored_one(api, make_stack):
    _, stack_id, path = make_stack(environment={'parameter_defaults': {'value': 'env'}})
    helpers.build(stack_id)
    assert api.patch(path, {'environment': {}, 'parameters': {}, 'files': {}}
                     ).status_int == 202
    row = db_api.stack_get(stack_id)
    assert db_api.raw_template_get(row.raw_template_id).environment == {
        'parameter_defaults': {'value': 'env'}}


def test_clear_parameters(api, stack, monkeypatch):
    assert_fault(api.put(stack[2], {'template': TEMPLATE, 'clear_parameters': ['value']}),
                 400, contains='PATCH')
    assert_fault(api.patch(stack[2], {'clear_parameters': 'value'}), 400,
                 contains='list of parameter names')
    calls = []

    def update_stack(ctx, stack_id, clear_parameters=None, **kwargs):
        calls.append(clear_parameters)

    monkeypatch.setattr(engine_api, 'update_stack', update_stack)
    assert api.patch(stack[2], {'clear_parameters': ['value']}).status_int == 202
    assert calls == [['value']]


# --- heat-conv's own update options ----------------------------------------

def test_update_with_converge_compares_with_reality(api, stack):
    name, stack_id, path = stack
    db_api.stack_update(stack_id, {'status': 'COMPLETE'})
    resp = api.patch(path, {'converge': True})
    assert resp.status_int == 202, resp.body
    row = db_api.stack_get(stack_id)
    assert (row.action, row.observe_reality) == ('UPDATE', True)
    db_api.stack_update(stack_id, {'status': 'COMPLETE'})
    assert api.patch(path, {}).status_int == 202
    assert db_api.stack_get(stack_id).observe_reality is False


def test_converge_must_be_a_boolean(api, stack):
    assert_fault(api.patch(stack[2], {'converge': 'maybe'}), 400, 'Invalid', 'converge')


def test_auto_heal_by_field_or_tag(api, make_stack):
    _, by_field, _ = make_stack('healed', auto_heal=True)
    _, by_tag, _ = make_stack('tagged', tags='web,auto-heal')
    _, plain, _ = make_stack('plain', tags='web')
    assert db_api.stack_get(by_field).auto_heal is True
    assert db_api.stack_get(by_tag).auto_heal is True
    assert db_api.stack_get(plain).auto_heal is False

"""Creating stacks: what heatclient sends, and every way it can be wrong."""
import json
from urllib import parse

import pytest
import yaml

from heat_conv.db import api as db_api

from . import helpers
from .helpers import TEMPLATE
from .helpers import assert_fault

# --- create ----------------------------------------------------------------


def test_create_answers_201_with_identity_and_casts_converge(api, casts):
    resp = api.post('/stacks', {'stack_name': 'web', 'template': TEMPLATE,
                                'parameters': {'value': 'x'}, 'timeout_mins': 5,
                                'disable_rollback': False, 'tags': 'a,b'})
    assert resp.status_int == 201
    stack = resp.json['stack']
    assert set(stack) == {'id', 'links'}
    assert stack['links'] == [{'href': f'http://localhost/v1/t1/stacks/web/{stack["id"]}',
                               'rel': 'self'}]
    assert casts.methods() == ['converge']
    row = db_api.stack_get(stack['id'])
    assert (row.tenant, row.username, row.timeout, row.disable_rollback, row.tags) == \
        ('t1', 'admin', 5, False, ['a', 'b'])
    assert db_api.raw_template_get(row.raw_template_id).parameters == {'value': 'x'}


def test_create_answers_with_the_new_stacks_url_in_location(api):
    """As Heat's serializer does: clients follow Location to the new stack."""
    resp = api.post('/stacks', {'stack_name': 'web', 'template': TEMPLATE})
    assert resp.status_int == 201
    stack_id = resp.json['stack']['id']
    assert resp.headers['Location'] == f'http://localhost/v1/t1/stacks/web/{stack_id}'
    location_path = parse.urlsplit(resp.headers['Location']).path
    assert api.get(location_path).json['stack']['id'] == stack_id


def test_create_accepts_template_as_yaml_text(api):
    resp = api.post('/stacks', {'stack_name': 'web', 'template': yaml.safe_dump(TEMPLATE)})
    assert resp.status_int == 201


def test_create_uses_the_x_auth_user_header(api):
    resp = api.post('/stacks', {'stack_name': 'web', 'template': TEMPLATE},
                    headers={'X-Auth-User': 'alice'})
    assert db_api.stack_get(resp.json['stack']['id']).username == 'alice'


def test_create_resolves_template_url_from_files(api):
    resp = api.post('/stacks', {'stack_name': 'web', 'template_url': 'file:///t.yaml',
                                'files': {'file:///t.yaml': json.dumps(TEMPLATE)}})
    assert resp.status_int == 201


def test_create_rejects_an_unresolvable_template_url(api, casts):
    resp = api.post('/stacks', {'stack_name': 'web', 'template_url': 'http://x/t.yaml'})
    assert_fault(resp, 400, 'NotSupported', 'template_url')
    assert casts.casts == []


def test_create_merges_environment_files_in_order(api):
    files = {'one.yaml': 'parameters: {value: one}\n',
             'two.yaml': 'parameter_defaults: {value: two}\nparameters: {value: two}\n'}
    resp = api.post('/stacks', {'stack_name': 'web', 'template': TEMPLATE, 'files': files,
                                'environment': {'parameters': {'value': 'base'}},
                                'environment_files': ['one.yaml', 'two.yaml']})
    row = db_api.stack_get(resp.json['stack']['id'])
    env = db_api.raw_template_get(row.raw_template_id).environment
    assert env['parameters'] == {'value': 'two'}
    assert env['parameter_defaults'] == {'value': 'two'}


@pytest.mark.parametrize('body, contains', [
    ({'template': TEMPLATE}, 'No stack name'),
    ({'stack_name': '1bad', 'template': TEMPLATE}, 'Invalid stack name'),
    ({'stack_name': 'a/b', 'template': TEMPLATE}, 'Invalid stack name'),
    ({'stack_name': 'web'}, 'No template'),
    ({'stack_name': 'web', 'template': 42}, 'template: The template must be'),
    ({'stack_name': 'web', 'template': TEMPLATE, 'parameters': []}, 'parameters must be'),
    ({'stack_name': 'web', 'template': TEMPLATE, 'files': {'a': 1}}, 'files.a'),
    ({'stack_name': 'web', 'template': TEMPLATE, 'environment': 'nope: {}'},
     'nope'),
    ({'stack_name': 'web', 'template': TEMPLATE, 'environment_files': ['missing']},
     'environment_files.0'),
    ({'stack_name': 'web', 'template': TEMPLATE, 'environment_files': ['e'],
      'files': {'e': 'parameters: [1]'}}, 'In environment file e'),
    ({'stack_name': 'web', 'template': TEMPLATE, 'timeout_mins': 'soon'}, 'timeout_mins'),
    ({'stack_name': 'web', 'template': TEMPLATE, 'timeout_mins': 0}, 'timeout_mins'),
    ({'stack_name': 'web', 'template': TEMPLATE, 'disable_rollback': 'maybe'},
     'disable_rollback'),
    ({'stack_name': 'web', 'template': TEMPLATE, 'tags': [1]}, 'tags'),
    ({'stack_name': 'web', 'template': TEMPLATE, 'files_container': 'c'}, 'Swift'),
    ({'stack_name': 'web', 'template': TEMPLATE, 'parameters': {'nope': 1}},
     'The Parameter (nope) was not defined in template.'),
])
def test_create_rejects_bad_fields(api, casts, body, contains):
    assert_fault(api.post('/stacks', body), 400, contains=contains)
    assert casts.casts == []


def test_create_invalid_template_names_the_path(api, casts):
    resp = api.post('/stacks', {'stack_name': 'web', 'template': helpers.INVALID_TEMPLATE})
    assert_fault(resp, 400, contains='resources.web.properties.value')
    assert casts.casts == []


def test_create_template_syntax_error_names_the_line(api):
    text = 'heat_template_version: 2018-08-31\nresources:\n  a: [\n'
    assert_fault(api.post('/stacks', {'stack_name': 'web', 'template': text}), 400,
                 'TemplateSyntaxError', 'line')


def test_create_existing_name_is_409(api, stack):
    resp = api.post('/stacks', {'stack_name': stack[0], 'template': TEMPLATE})
    assert_fault(resp, 409, 'StackExists')


def test_same_name_in_another_tenant_is_fine(api, stack):
    resp = api.as_tenant('t2').post('/stacks', {'stack_name': stack[0],
                                                'template': TEMPLATE})
    assert resp.status_int == 201


@pytest.mark.parametrize('section, name', [
    ('resources', 'web\x00server'), ('resources', 'tab\there'), ('resources', 'a/b'),
    ('outputs', 'out\x00'), ('parameters', 'p\x1b[31m'),
])
def test_control_characters_in_names_are_refused(api, section, name):
    template = {'heat_template_version': '2018-08-31'}
    if section == 'resources':
        template['resources'] = {name: {'type': 'OS::Heat::None'}}
    elif section == 'outputs':
        template['outputs'] = {name: {'value': 1}}
    else:
        template['parameters'] = {name: {'type': 'string', 'default': 'x'}}
    for path in ('/stacks', '/validate'):
        resp = api.post(path, {'stack_name': 'named', 'template': template})
        assert_fault(resp, 400, contains=f'Invalid {section[:-1]} name')

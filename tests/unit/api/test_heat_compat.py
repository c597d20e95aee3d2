"""Answers that must be Heat's, field for field: validate's Environment,
"No description", registry aliases, tags on a full update, Heat's error
types and messages, hidden stacks."""
import copy

import pytest
from oslo_config import cfg

from heat_conv.db import api as db_api

from . import helpers
from .helpers import TEMPLATE
from .helpers import assert_fault

NO_ENV = {'event_sinks': [], 'parameter_defaults': {}, 'parameters': {},
          'resource_registry': {'resources': {}}}

BARE = {'heat_template_version': '2016-10-14',
        'resources': {'r': {'type': 'OS::Heat::TestResource'}}}


# --- validate ----------------------------------------------------------------


def test_validate_answers_heats_shape_for_a_bare_template(api):
    template = {'heat_template_version': '2016-10-14',
                'parameters': {'the_count': {'type': 'number'}},
                'resources': {'r': {'type': 'OS::Heat::RandomString'}}}
    assert api.post('/validate', {'template': template}).json == {
        'Description': 'No description', 'Environment': NO_ENV,
        'Parameters': {'the_count': {'Description': '', 'Label': 'the_count',
                                     'NoEcho': 'false', 'Type': 'Number'}}}


def test_validate_environment_carries_the_request(api):
    env = {'parameters': {'value': 'from-env'}, 'parameter_defaults': {'x': 1},
           'resource_registry': {'My::T': 'OS::Heat::TestResource'}}
    body = api.post('/validate', {'template': TEMPLATE, 'environment': env,
                                  'parameters': {'secret': 'given'}}).json
    # secret is hidden: heat-conv masks it here too (Heat would echo it).
    assert body['Environment'] == {
        'event_sinks': [], 'parameter_defaults': {'x': 1},
        'parameters': {'value': 'from-env', 'secret': '******'},
        'resource_registry': {'My::T': 'OS::Heat::TestResource', 'resources': {}}}
    assert body['Parameters']['value']['Value'] == 'from-env'
    assert body['Parameters']['secret']['Value'] == '******'


def test_validate_can_ignore_unavailable_types(api):
    template = dict(BARE, resources={'s': {'type': 'OS::Nova::Server'},
                                     'r': {'type': 'OS::Heat::TestResource'}})
    assert_fault(api.post('/validate', {'template': template}), 400,
                 'ResourceTypeUnavailable', 'OS::Nova::Server')
    resp = api.post('/validate?ignore_errors=99001', {'template': template})
    assert resp.status_int == 200, resp.body
    assert_fault(api.post('/validate?ignore_errors=99001,123', {'template': template}),
                 400, contains="Invalid codes in ignore_errors : ['123']")


def test_validate_rejects_an_attribute_the_type_does_not_have(api):
    template = copy.deepcopy(TEMPLATE)
    template['outputs']['result']['value'] = {'get_attr': ['second', 'nope']}
    assert_fault(api.post('/validate', {'template': template}), 400,
                 'InvalidTemplateAttribute',
                 'outputs.result: The Referenced Attribute (second nope) is incorrect.')
    template['outputs']['result']['value'] = {'get_attr': ['second', 'show']}
    assert api.post('/validate', {'template': template}).status_int == 200


# --- errors ------------------------------------------------------------------


def test_unavailable_type_is_resource_type_unavailable(api, casts):
    template = dict(BARE, resources={'not_available': {'type': 'OS::Manila::Share'}})
    body = assert_fault(api.post('/stacks', {'stack_name': 's', 'template': template}),
                        400, 'ResourceTypeUnavailable', 'OS::Manila::Share')
    assert 'HEAT-E99001 Service manila is not available for resource type ' \
        'OS::Manila::Share' in body['error']['message']
    assert_fault(api.post('/stacks', {'stack_name': 's', 'template': dict(
        BARE, resources={'r': {'type': 'OS::Heat::HARestarter'}})}), 400,
        'ResourceTypeUnavailable', 'heat-conv does not implement it yet')
    assert_fault(api.post('/stacks', {'stack_name': 's', 'template': dict(
        BARE, resources={'r': {'type': 'No::Such::Type'}})}), 400,
        'UnknownResourceType', 'The Resource Type (No::Such::Type) could not be found.')
    assert casts.casts == []


def test_missing_parameter_has_heats_message(api):
    template = dict(BARE, parameters={'key': {'type': 'string'}})
    body = assert_fault(api.post('/stacks', {'stack_name': 's', 'template': template}),
                        400, 'UserParameterMissing')
    assert body['error']['message'] == 'The Parameter (key) was not provided.'


def test_invalid_template_version_has_heats_message(api):
    body = assert_fault(api.post('/stacks', {'stack_name': 's', 'template': {
        'heat_template_version': '2010-01-01', 'resources': {}}}), 400,
        'InvalidTemplateVersion')
    assert body['error']['message'].startswith(
        'The template version is invalid: "heat_template_version: 2010-01-01". '
        '"heat_template_version" should be one of: 2013-05-23, 2014-10-16, ')
    body = assert_fault(api.post('/stacks', {'stack_name': 's', 'template': {
        'resources': {}}}), 400, 'InvalidTemplateVersion')
    assert body['error']['message'] == \
        'The template version is invalid: Template version was not provided'


# --- descriptions --------------------------------------------------------------


def test_no_description_in_create_show_list_and_preview(api, make_stack):
    _, _, path = make_stack('bare', template=BARE)
    stack = api.get(path).json['stack']
    assert stack['description'] == stack['template_description'] == 'No description'
    listed = api.get('/stacks').json['stacks']
    assert [s['description'] for s in listed] == ['No description']
    preview = api.post('/stacks/preview', {'stack_name': 'p', 'template': BARE}).json
    assert preview['stack']['description'] == 'No description'
    assert preview['stack']['template_description'] == 'No description'


def test_cfn_description_is_listed(api, make_stack):
    make_stack('cfn', template={'HeatTemplateFormatVersion': '2012-12-12',
                                'Description': 'In CloudFormation terms',
                                'Resources': {'r': {'Type': 'OS::Heat::None'}}})
    listed = api.get('/stacks').json['stacks']
    assert [s['description'] for s in listed] == ['In CloudFormation terms']


# --- tags --------------------------------------------------------------------


def test_full_update_without_tags_clears_them(api, make_stack):
    _, stack_id, path = make_stack('tagged', tags='web,auto-heal')
    helpers.build(stack_id)
    assert api.get(path).json['stack']['tags'] == ['web', 'auto-heal']
    assert api.put(path, {'template': TEMPLATE}).status_int == 202
    row = db_api.stack_get(stack_id)
    assert api.get(path).json['stack']['tags'] == []
    assert row.auto_heal is False


def test_full_update_with_tags_replaces_them_and_patch_keeps_them(api, make_stack):
    _, stack_id, path = make_stack('tagged', tags='web')
    helpers.build(stack_id)
    api.put(path, {'template': TEMPLATE, 'tags': 'db'})
    assert api.get(path).json['stack']['tags'] == ['db']
    api.patch(path, {'parameters': {'value': 'x'}})
    assert api.get(path).json['stack']['tags'] == ['db']


def test_full_update_keeps_auto_heal_when_asked(api, make_stack):
    _, stack_id, path = make_stack('healed', auto_heal=True)
    helpers.build(stack_id)
    api.put(path, {'template': TEMPLATE, 'auto_heal': True})
    assert db_api.stack_get(stack_id).auto_heal is True


# --- registry aliases ----------------------------------------------------------


ALIASED = {'heat_template_version': '2016-10-14',
           'resources': {'test1': {'type': 'My::TestResource'}}}
ALIAS_ENV = {'resource_registry': {'My::TestResource': 'OS::Heat::TestResource'}}


def test_alias_type_is_shown_in_resources_and_events(api, make_stack):
    _, stack_id, path = make_stack('aliased', template=ALIASED, environment=ALIAS_ENV)
    helpers.add_row(stack_id, 'test1', type='OS::Heat::TestResource', physical_id='p1')
    helpers.add_event(stack_id, 'test1', 'CREATE', 'COMPLETE')
    listed = api.get(path + '/resources').json['resources']
    assert [(r['resource_name'], r['resource_type']) for r in listed] == [
        ('test1', 'My::TestResource')]
    shown = api.get(path + '/resources/test1').json['resource']
    assert shown['resource_type'] == 'My::TestResource'
    for type_filter in ('My::TestResource', 'OS::Heat::TestResource'):
        assert len(api.get(path + f'/resources?type={type_filter}').json['resources']) == 1
    event = api.get(path + '/resources/test1/events').json['events'][0]
    detail = api.get(path + f'/events/{event["id"]}').json['event']
    assert detail['resource_type'] == 'My::TestResource'


def test_alias_type_is_shown_in_a_create_preview(api):
    preview = api.post('/stacks/preview', {'stack_name': 'p', 'template': ALIASED,
                                           'environment': ALIAS_ENV}).json
    assert [r['resource_type'] for r in preview['stack']['resources']] == [
        'My::TestResource']


# --- hidden stacks ---------------------------------------------------------------


@pytest.fixture
def hidden_tags():
    cfg.CONF.set_override('hidden_stack_tags', ['hide_me', 'me_too'])
    yield
    cfg.CONF.clear_override('hidden_stack_tags')


def test_hidden_stacks_are_listed_only_when_asked(api, make_stack, hidden_tags):
    make_stack('shown', tags='web')
    make_stack('hidden', tags='web,me_too')
    names = [s['stack_name'] for s in api.get('/stacks').json['stacks']]
    assert names == ['shown']
    assert api.get('/stacks?with_count=true').json['count'] == 1
    names = sorted(s['stack_name'] for s in api.get('/stacks?show_hidden=true').json[
        'stacks'])
    assert names == ['hidden', 'shown']
    assert api.get('/stacks/hidden').status_int == 302


def test_no_stack_is_hidden_by_default(api, make_stack):
    make_stack('plain', tags='me_too')
    assert len(api.get('/stacks').json['stacks']) == 1


# --- environment directives ------------------------------------------------------


def test_event_sinks_are_refused(api):
    env = {'event_sinks': [{'type': 'zaqar-queue', 'target': 'q'}]}
    assert_fault(api.post('/stacks', {'stack_name': 's', 'template': BARE,
                                      'environment': env}),
                 400, 'InvalidEnvironment', 'event_sinks: Event sinks are not supported')
    resp = api.post('/stacks', {'stack_name': 's', 'template': BARE,
                                'environment': {'event_sinks': []}})
    assert resp.status_int == 201


@pytest.mark.parametrize('entry, fragment', [
    ({'restricted_actions': ['remove']}, 'Invalid restricted_action type'),
    ({'hooks': 'post-delete'}, 'The post-delete hook is not supported'),
])
def test_registry_directives_wrong_or_not_honoured_yet_are_refused(api, entry, fragment):
    env = {'resource_registry': {'resources': {'r': entry}}}
    assert_fault(api.post('/stacks', {'stack_name': 's', 'template': BARE,
                                      'environment': env}), 400, contains=fragment)


def test_external_id_must_be_a_string(api):
    template = dict(BARE, resources={'r': {'type': 'OS::Heat::TestResource',
                                           'external_id': ['abc']}})
    assert_fault(api.post('/stacks', {'stack_name': 's', 'template': template}), 400,
                 contains='resources.r.external_id: external_id must be a non-empty '
                          'string')


MERGE_TEMPLATE = {
    'heat_template_version': '2016-10-14',
    'parameters': {'name': {'type': 'string', 'default': ''},
                   'items': {'type': 'comma_delimited_list', 'default': []},
                   'conf': {'type': 'json', 'default': {}}},
    'resources': {'r': {'type': 'OS::Heat::None'}},
}


def test_environment_files_merge_with_strategies(api, make_stack):
    files = {
        'one.yaml': 'parameter_merge_strategies: {default: merge, conf: deep_merge}\n'
                    'parameters: {name: web, items: [a], conf: {x: {a: 1}}}\n',
        'two.yaml': 'parameter_merge_strategies: {default: merge, conf: deep_merge}\n'
                    'parameters: {name: "-1", items: [b], conf: {x: {b: 2}}}\n',
    }
    _, stack_id, path = make_stack(
        'merged', template=MERGE_TEMPLATE, files=files,
        environment_files=['one.yaml', 'two.yaml'],
        # What python-heatclient sends besides: its own merge of the files.
        environment={'parameters': {'name': 'client-side'}})
    parameters = api.get(path).json['stack']['parameters']
    assert parameters['name'] == 'web-1'
    assert parameters['items'] == 'a,b'
    assert parameters['conf'] == '{"x": {"a": 1, "b": 2}}'
    stored = api.get(path + '/environment').json
    assert 'parameter_merge_strategies' not in stored


def test_merge_strategies_must_agree_between_files(api):
    files = {'one.yaml': 'parameters: {name: a}\n',
             'two.yaml': 'parameter_merge_strategies: {name: merge}\n'
                         'parameters: {name: b}\n'}
    assert_fault(api.post('/stacks', {'stack_name': 's', 'template': MERGE_TEMPLATE,
                                      'files': files,
                                      'environment_files': ['one.yaml', 'two.yaml']}),
                 400, 'ConflictingMergeStrategyForParam',
                 "Conflicting merge strategy 'merge' for parameter 'name' in file "
                 "'two.yaml'.")


def test_merge_strategies_outside_environment_files_are_refused(api):
    env = {'parameter_merge_strategies': {'default': 'merge'}}
    assert_fault(api.post('/stacks', {'stack_name': 's', 'template': MERGE_TEMPLATE,
                                      'environment': env}), 400, 'InvalidEnvironment',
                 'parameter_merge_strategies applies when environment files are merged')


# --- the rest of the v1 reference -------------------------------------------------


def test_environment_masks_hidden_parameters(api, make_stack):
    env = {'parameters': {'secret': 'from-env'}, 'parameter_defaults': {'value': 'd'}}
    _, _, path = make_stack('masked', environment=env, parameters={'value': 'shown'})
    body = api.get(path + '/environment').json
    assert body['parameters'] == {'secret': '******', 'value': 'shown'}
    assert body['parameter_defaults'] == {'value': 'd'}


def test_resource_description_comes_from_the_template(api, make_stack):
    template = copy.deepcopy(TEMPLATE)
    template['resources']['first']['description'] = 'The first one'
    _, stack_id, path = make_stack('described', template=template)
    helpers.build(stack_id)
    assert api.get(path + '/resources/first').json['resource']['description'] == \
        'The first one'
    detailed = api.get(path + '/resources?with_detail=true').json['resources']
    assert {r['resource_name']: r['description'] for r in detailed} == {
        'first': 'The first one', 'second': ''}


def test_resource_list_rejects_unknown_filters(api, stack):
    assert_fault(api.get(stack[2] + '/resources?colour=red'), 400, 'Invalid',
                 "Invalid filter parameters ['colour']")


def test_missing_output_has_heats_message(api, stack):
    assert_fault(api.get(stack[2] + '/outputs/nope'), 404, 'OutputNotFound',
                 'Specified output key nope not found.')


def test_deleted_stack_shows_no_outputs(api, stack):
    _, stack_id, path = stack
    helpers.build(stack_id)
    assert 'outputs' in api.get(path).json['stack']
    db_api.stack_update(stack_id, {'action': 'DELETE', 'status': 'COMPLETE'})
    assert 'outputs' not in api.get(path).json['stack']


def test_resource_types_of_a_release_version(api):
    assert api.get('/resource_types?version=5.0.0').json == {'resource_types': []}


def test_stack_list_masks_hidden_values_in_failure_reasons(api, make_stack):
    # A reason may quote a value a resource was given; the list shows many
    # stacks' reasons at once and must mask each stack's own hidden values.
    _, stack_id, _ = make_stack('leaky', parameters={'secret': 'Pa55-w0rd-xyz'})
    db_api.stack_update(stack_id, {'status': 'FAILED',
                                   'status_reason': 'bad value Pa55-w0rd-xyz here'})
    listed = {s['stack_name']: s for s in api.get('/stacks').json['stacks']}
    assert listed['leaky']['stack_status_reason'] == 'bad value ****** here'
    assert 'Pa55-w0rd-xyz' not in api.get('/stacks?global_tenant=false').body.decode()

"""Validate, template versions, resource types, build info, services."""
import datetime

from heat_conv.common import timeutils
from heat_conv.db import api as db_api
from heat_conv.db import models

from . import helpers
from .helpers import TEMPLATE
from .helpers import assert_fault

# --- validate --------------------------------------------------------------


def test_validate_describes_parameters(api, casts):
    template = dict(TEMPLATE, parameter_groups=[{'label': 'g', 'parameters': ['value']}])
    template['parameters'] = dict(TEMPLATE['parameters'], size={
        'type': 'number', 'label': 'Size', 'description': 'how big',
        'constraints': [{'range': {'min': 1, 'max': 9}}]})
    resp = api.post('/validate', {'template': template, 'parameters': {'size': 3}})
    assert resp.status_int == 200, resp.body
    body = resp.json
    assert body['Description'] == 'Two test resources'
    assert body['Parameters']['secret']['NoEcho'] == 'true'
    assert body['Parameters']['size'] == {
        'Type': 'Number', 'Description': 'how big', 'Label': 'Size', 'NoEcho': 'false',
        'MinValue': 1, 'MaxValue': 9, 'Value': 3}
    assert body['ParameterGroups'] == [{'label': 'g', 'parameters': ['value']}]
    assert casts.casts == []


def test_validate_without_values_for_required_parameters(api):
    template = dict(TEMPLATE, parameters={'needed': {'type': 'string'}})
    template['resources'] = {'r': {'type': 'OS::Heat::TestResource',
                                   'properties': {'value': {'get_param': 'needed'}}}}
    template['outputs'] = {}
    resp = api.post('/validate', {'template': template})
    assert resp.status_int == 200
    assert 'Default' not in resp.json['Parameters']['needed']


def test_validate_reports_the_path(api):
    assert_fault(api.post('/validate', {'template': helpers.INVALID_TEMPLATE}), 400,
                 contains='resources.web.properties.value')
    template = dict(TEMPLATE, parameters={'needed': {'type': 'string'}},
                    resources={'r': {'type': 'My::Server'}}, outputs={})
    assert_fault(api.post('/validate', {'template': template}), 400,
                 contains='resources.r.type')
    template['resources'] = {'r': {'type': 'OS::Heat::TestResource',
                                   'properties': {'colour': 'red'}}}
    template['parameters'] = {}
    assert_fault(api.post('/validate', {'template': template}), 400,
                 contains='resources.r.properties.colour')


def test_validate_bad_bodies(api):
    assert_fault(api.post('/validate', {}), 400, contains='No template')
    assert_fault(api.post('/validate', raw=b'nope'), 400, contains='JSON')
    assert_fault(api.post('/validate', {'template': 'heat_template_version: 1999-01-01'}),
                 400, 'InvalidTemplateVersion',
                 'The template version is invalid: "heat_template_version: 1999-01-01". '
                 '"heat_template_version" should be one of: 2013-05-23, ')


# --- template versions -----------------------------------------------------


def test_template_versions(api):
    versions = api.get('/template_versions').json['template_versions']
    by_name = {v['version']: v for v in versions}
    assert by_name['heat_template_version.2018-08-31'] == {
        'version': 'heat_template_version.2018-08-31', 'type': 'hot',
        'aliases': ['heat_template_version.rocky']}
    # Heat's order: sorted by name, so the CloudFormation ones come first.
    assert versions[:2] == [
        {'version': 'AWSTemplateFormatVersion.2010-09-09', 'type': 'cfn', 'aliases': []},
        {'version': 'HeatTemplateFormatVersion.2012-12-12', 'type': 'cfn', 'aliases': []}]
    assert all(v['type'] == 'hot' for v in versions[2:])
    assert len(versions) == 13


def test_template_functions(api):
    path = '/template_versions/heat_template_version.2013-05-23/functions'
    names = [f['functions'] for f in api.get(path).json['template_functions']]
    assert 'get_attr' in names and 'repeat' not in names and 'equals' not in names
    path = '/template_versions/heat_template_version.rocky/functions'
    functions = api.get(path + '?with_condition_func=true').json['template_functions']
    names = [f['functions'] for f in functions]
    assert 'equals' in names and 'list_concat' in names
    assert all(f['description'] for f in functions)


def test_cfn_template_functions(api):
    path = '/template_versions/AWSTemplateFormatVersion.2010-09-09/functions'
    names = [f['functions'] for f in api.get(path).json['template_functions']]
    assert names == sorted(['Fn::Base64', 'Fn::FindInMap', 'Fn::GetAZs', 'Fn::GetAtt',
                            'Fn::If', 'Fn::Join', 'Fn::MemberListToMap', 'Fn::Replace',
                            'Fn::ResourceFacade', 'Fn::Select', 'Fn::Split', 'Ref'])
    functions = api.get(path + '?with_condition_func=true').json['template_functions']
    names = [f['functions'] for f in functions]
    assert {'Fn::Equals', 'Fn::Not', 'Fn::And', 'Fn::Or'} <= set(names)
    assert all(f['description'] for f in functions)
    path = '/template_versions/HeatTemplateFormatVersion.2012-12-12/functions'
    names = [f['functions'] for f in api.get(path).json['template_functions']]
    assert 'Fn::If' not in names and 'Ref' in names


def test_unknown_template_version_is_404(api):
    assert_fault(api.get('/template_versions/heat_template_version.1999-01-01/functions'),
                 404, 'TemplateVersionNotFound',
                 'Template with version heat_template_version.1999-01-01 not found')
    assert_fault(api.get('/template_versions/AWSTemplateFormatVersion.2012-12-12/functions'),
                 404, 'TemplateVersionNotFound')
    assert_fault(api.get('/template_versions/2018-08-31/functions'), 404)


# --- resource types --------------------------------------------------------


def test_resource_types(api):
    types = api.get('/resource_types').json['resource_types']
    assert 'OS::Heat::TestResource' in types and 'OS::Heat::Dummy' in types
    assert api.get('/resource_types?name=Dummy').json['resource_types'] == ['OS::Heat::Dummy']
    described = api.get('/resource_types?name=Dummy&with_description=true').json
    assert described['resource_types'][0]['resource_type'] == 'OS::Heat::Dummy'
    assert api.get('/resource_types?support_status=DEPRECATED').json == {
        'resource_types': []}
    assert_fault(api.get('/resource_types?name=(['), 400, contains='name filter')


def test_resource_type_schema(api):
    body = api.get('/resource_types/OS::Heat::TestResource').json
    assert body['resource_type'] == 'OS::Heat::TestResource'
    assert body['properties']['value']['type'] == 'string'
    assert body['properties']['value']['update_allowed'] is True
    assert body['attributes'] == {
        'output': {'description': 'The string that was stored in the value property.'},
        'show': {'description': 'Detailed information about resource.', 'type': 'map'}}
    assert body['support_status']['status'] == 'SUPPORTED'


def test_resource_type_template_hot(api):
    body = api.get('/resource_types/OS::Heat::TestResource/template?template_type=hot').json
    assert body['heat_template_version'] == '2016-10-14'
    assert body['description'] == 'Initial template of TestResource'
    assert body['resources']['TestResource']['type'] == 'OS::Heat::TestResource'
    assert body['resources']['TestResource']['properties']['value'] == {
        'get_param': 'value'}
    assert body['parameters']['value'] == {
        'type': 'string', 'default': 'test_string',
        'description': 'The input string exposed as attribute output.'}
    assert body['parameters']['wait_secs']['constraints'] == [{'range': {'min': 0}}]
    assert body['outputs']['output']['value'] == {'get_attr': ['TestResource', 'output']}
    assert body['outputs']['show']['value'] == {'get_attr': ['TestResource', 'show']}
    assert body['outputs']['OS::stack_id'] == {'value': {'get_resource': 'TestResource'}}


def test_resource_type_template_cfn_is_the_default(api):
    body = api.get('/resource_types/OS::Heat::TestResource/template').json
    assert body == api.get('/resource_types/OS::Heat::TestResource/template'
                           '?template_type=cfn').json
    assert body['HeatTemplateFormatVersion'] == '2012-12-12'
    assert body['Resources']['TestResource']['Properties']['value'] == {'Ref': 'value'}
    assert body['Parameters']['fail']['AllowedValues'] == ['True', 'true', 'False',
                                                           'false']
    assert body['Parameters']['action_wait_secs']['Type'] == 'Json'
    assert body['Outputs']['output'] == {
        'Value': {'Fn::GetAtt': ['TestResource', 'output']},
        'Description': 'The string that was stored in the value property.'}
    assert body['Outputs']['OS::stack_id'] == {'Value': {'Ref': 'TestResource'}}
    assert_fault(api.get('/resource_types/OS::Heat::Value/template?template_type=xml'),
                 400, contains='template_type')


def test_generated_templates_validate(api):
    for template_type in ('hot', 'cfn'):
        template = api.get('/resource_types/OS::Heat::TestResource/template'
                           f'?template_type={template_type}').json
        resp = api.post('/validate', {'template': template})
        assert resp.status_int == 200, resp.body


def test_unknown_resource_type_is_404(api):
    assert_fault(api.get('/resource_types/My::Server'), 404, 'ResourceTypeNotFound')
    assert_fault(api.get('/resource_types/My::Server/template'), 404)


def test_resource_type_of_an_absent_service_is_unavailable(api):
    body = assert_fault(api.get('/resource_types/OS::Nova::Server'), 400,
                        'ResourceTypeUnavailable')
    assert body['error']['message'] == (
        'HEAT-E99001 Service nova is not available for resource type OS::Nova::Server, '
        'reason: heat-conv has no nova service.')
    assert_fault(api.get('/resource_types/OS::Manila::Share/template'), 400,
                 'ResourceTypeUnavailable')
    assert 'OS::Nova::Server' not in api.get('/resource_types').json['resource_types']


# --- build info and services -----------------------------------------------


def test_build_info(api):
    body = api.get('/build_info').json
    assert set(body) == {'api', 'engine'}
    assert body['api']['revision']


def test_services_up_and_down(api):
    db_api.service_heartbeat('e1', 'host-a', 'heat-conv-engine', 'engine', 10)
    db_api.service_heartbeat('e2', 'host-b', 'heat-conv-engine', 'engine', 10)
    stale = timeutils.utcnow() - datetime.timedelta(seconds=3600)
    with db_api.transaction() as session:
        session.get(models.Service, 'e2').updated_at = stale
    services = {s['id']: s for s in api.get('/services').json['services']}
    assert services['e1']['status'] == 'up' and services['e2']['status'] == 'down'
    assert services['e1']['host'] == services['e1']['hostname'] == 'host-a'
    assert services['e1']['binary'] == 'heat-conv-engine'
    db_api.service_delete('e1')
    services = {s['id']: s for s in api.get('/services').json['services']}
    assert services['e1']['status'] == 'down'


def test_services_are_for_admins(api):
    assert_fault(api.get('/services', headers={'X-Auth-User': 'bob'}), 403, 'Forbidden',
                 'service:index')
    # noauth ignores role headers: who is admin is the operator's choice.
    resp = api.get('/services', headers={'X-Auth-User': 'bob', 'X-Roles': 'member,admin'})
    assert resp.status_int == 403
    assert api.get('/services', headers={'X-Auth-User': 'admin'}).status_int == 200

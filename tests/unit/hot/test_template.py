import json

import pytest

from heat_conv.common import exception
from heat_conv.hot import template
from heat_conv.hot import versions

from .test_versions import INTRODUCED

TEST_RESOURCE = 'OS::Heat::TestResource'

YAML_TEMPLATE = '''
heat_template_version: rocky
description: A web server
parameters:
  flavor:
    type: string
    default: m1.small
resources:
  web:
    type: OS::Heat::TestResource
    properties:
      value: {get_param: flavor}
outputs:
  flavor:
    value: {get_attr: [web, output]}
'''


def test_load_yaml_text():
    tmpl = template.Template.load(YAML_TEMPLATE)
    assert tmpl.version == '2018-08-31'
    assert tmpl.description == 'A web server'
    assert list(tmpl.resources) == ['web']


def test_load_json_text_and_dict():
    body = {'heat_template_version': '2015-10-15', 'resources': {'r': {'type': 'T'}}}
    assert template.Template.load(json.dumps(body)).version == '2015-10-15'
    assert template.Template.load(body).version == '2015-10-15'


def test_description_defaults_to_heats_no_description(make_template):
    assert make_template().description == 'No description'
    assert make_template(description='').description == 'No description'


def test_to_dict_is_the_json_serialisable_body():
    tmpl = template.Template.load(YAML_TEMPLATE)
    body = tmpl.to_dict()
    assert body['heat_template_version'] == 'rocky'
    assert body['resources']['web']['type'] == TEST_RESOURCE
    assert json.loads(json.dumps(body)) == body


def test_to_dict_normalises_date_objects():
    import datetime
    tmpl = template.Template.load({'heat_template_version': datetime.date(2016, 10, 14)})
    assert tmpl.to_dict() == {'heat_template_version': '2016-10-14'}


@pytest.mark.parametrize('name', ['newton', 'ocata', 'pike', 'queens', 'rocky', 'wallaby'])
def test_release_names_are_normalised(make_template, name):
    assert make_template(version=name).version == versions.RELEASE_NAMES[name]


# --- errors found at load -------------------------------------------------------

def test_syntax_error_has_line():
    with pytest.raises(exception.TemplateSyntaxError) as info:
        template.Template.load('heat_template_version: 2018-08-31\nresources: [\n')
    assert info.value.line is not None


def test_non_mapping_template():
    with pytest.raises(exception.TemplateSyntaxError):
        template.Template.load('- a')
    with pytest.raises(exception.TemplateSyntaxError):
        template.Template([1])


def test_missing_version():
    with pytest.raises(exception.InvalidTemplateVersion) as info:
        template.Template.load({'resources': {}})
    assert str(info.value) == ('The template version is invalid: Template version was '
                               'not provided')


def test_cloudformation_template_loads():
    tmpl = template.Template.load({'AWSTemplateFormatVersion': '2010-09-09'})
    assert tmpl.version == '2010-09-09'
    assert tmpl.spec.kind == 'cfn'


def test_unknown_version():
    with pytest.raises(exception.InvalidTemplateVersion) as info:
        template.Template.load('heat_template_version: 2019-01-01')
    assert str(info.value).startswith(
        'The template version is invalid: "heat_template_version: 2019-01-01". '
        '"heat_template_version" should be one of: 2013-05-23, ')


def test_unknown_section(make_template, raises_at):
    with raises_at(exception.InvalidTemplate, 'output', '"output" is not a valid template '
                   'section'):
        make_template(output={})


def test_unknown_resource_key(make_template, raises_at):
    with raises_at(exception.InvalidTemplate, 'resources.web.depend_on',
                   '"depend_on" is not a valid keyword inside a resource definition'):
        make_template(resources={'web': {'type': TEST_RESOURCE, 'depend_on': 'x'}})


@pytest.mark.parametrize('name, first', [(n, f) for n, f in INTRODUCED if f != '2013-05-23'])
def test_function_before_its_version_is_unknown(make_template, raises_at, name, first):
    earlier = max(d for d in versions.VERSIONS if d < first)
    with raises_at(exception.UnknownFunction, f'resources.r.properties.v.{name}',
                   f'needs heat_template_version {first} or later'):
        make_template(version=earlier, resources={'r': {'type': 'T', 'properties': {
            'v': {name: []}}}})


SAMPLE_CALLS = {
    'get_param': 'p', 'get_resource': 'other', 'get_attr': ['other', 'a'],
    'get_file': 'f', 'str_replace': {'template': 'x', 'params': {}},
    'list_join': [',', ['a']], 'repeat': {'for_each': {'X': ['1']}, 'template': 'X'},
    'digest': ['sha1', 'x'], 'str_split': [',', 'a,b'], 'map_merge': [{'a': 1}],
    'map_replace': {'map': {}, 'replace': {}}, 'if': ['c', 1, 2],
    'filter': [[1], [1, 2]], 'str_replace_strict': {'template': 'x', 'params': {'x': 'y'}},
    'list_concat': [[1]], 'list_concat_unique': [[1]],
    'str_replace_vstrict': {'template': 'x', 'params': {'x': 'y'}},
    'make_url': {'host': 'h'}, 'contains': [1, [1]],
}


@pytest.mark.parametrize('name, first', INTRODUCED)
def test_function_is_available_from_its_version(make_template, name, first):
    sections = {'version': first, 'files': {'f': 'content'},
                'parameters': {'p': {'type': 'string', 'default': 'x'}},
                'resources': {'r': {'type': 'T', 'properties': {'v': {name: SAMPLE_CALLS[name]}}},
                              'other': {'type': 'T'}}}
    if name == 'if':
        sections['conditions'] = {'c': True}
    stack = make_template(**sections).bind()
    assert stack.resource_names() == ['r', 'other']


def test_arbitrary_single_key_map_is_data(bind):
    stack = bind(resources={'r': {'type': 'T', 'properties': {'tags': {'foo': 'bar'}}}})
    assert stack.resource('r').properties == {'tags': {'foo': 'bar'}}


def test_if_needs_newton(make_template, raises_at):
    with raises_at(exception.UnknownFunction, 'resources.r.properties.v.if',
                   'needs heat_template_version 2016-10-14'):
        make_template(version='2016-04-08', resources={'r': {'type': 'T', 'properties': {
            'v': {'if': [True, 1, 2]}}}})


def test_removed_cfn_function(make_template, raises_at):
    with raises_at(exception.UnknownFunction, 'resources.r.properties.v.Fn::Select',
                   'not available in heat_template_version 2015-10-15'):
        make_template(version='2015-10-15', resources={'r': {'type': 'T', 'properties': {
            'v': {'Fn::Select': [0, ['a']]}}}})


def test_undefined_parameter_reference_in_an_output_is_its_error(make_template):
    """As in Heat: the template loads and binds; the output shows the error."""
    bound = make_template(outputs={'o': {'value': {'get_param': 'nope'}}}).bind()
    with pytest.raises(exception.OutputError) as info:
        bound.resolve_output('o', {}, {})
    assert str(info.value) == \
        'outputs.o.value.get_param: The parameter "nope" is not defined in the template'


def test_undefined_parameter_reference_in_properties(bind, raises_at):
    with raises_at(exception.InvalidReference, 'resources.r.properties.v.get_param',
                   'The parameter "nope" is not defined'):
        bind(resources={'r': {'type': 'T', 'properties': {'v': {'get_param': 'nope'}}}})


def test_undefined_resource_reference_in_metadata(make_template, raises_at):
    with raises_at(exception.InvalidReference, 'resources.r.metadata.m.get_resource'):
        make_template(resources={'r': {'type': 'T', 'metadata': {'m': {'get_resource': 'x'}}}})


def test_undefined_condition_on_resource(make_template, raises_at):
    with raises_at(exception.InvalidReference, 'resources.r.condition',
                   'Invalid condition "nope"'):
        make_template(resources={'r': {'type': 'T', 'condition': 'nope'}})


def test_undefined_condition_on_output(make_template, raises_at):
    with raises_at(exception.InvalidReference, 'outputs.o.condition'):
        make_template(outputs={'o': {'value': 1, 'condition': 'nope'}})


def test_bad_condition_definition(make_template, raises_at):
    with raises_at(exception.UnknownFunction, 'conditions.c.str_replace',
                   'cannot be used in a condition'):
        make_template(conditions={'c': {'str_replace': {'template': 'a', 'params': {}}}})


def test_deletion_policy_function_is_checked(make_template, raises_at):
    with raises_at(exception.InvalidReference, 'resources.r.deletion_policy.get_param'):
        make_template(resources={'r': {'type': 'T', 'deletion_policy': {'get_param': 'no'}}})


def test_parameter_group_errors_surface(make_template, raises_at):
    with raises_at(exception.InvalidReference, 'parameter_groups.0.parameters.0'):
        make_template(parameter_groups=[{'parameters': ['ghost']}])


def test_environment_errors_surface(make_template, raises_at):
    with raises_at(exception.InvalidEnvironment, 'paramters', 'not a valid environment '
                   'section'):
        make_template(environment={'paramters': {}})


def test_absurd_nesting_is_a_clean_error(make_template):
    value = 'leaf'
    for _ in range(5000):
        value = [value]
    with pytest.raises(exception.InvalidTemplate) as info:
        make_template(resources={'r': {'type': 'T', 'properties': {'v': value}}})
    assert str(info.value) == 'The template is nested too deeply'


# --- parameter schemas for the validate API ----------------------------------------

def test_parameter_schemas_in_heat_validate_shape(make_template):
    tmpl = make_template(
        parameters={'flavor': {'type': 'string', 'label': 'Flavor', 'default': 'm1.small',
                               'description': 'Size', 'constraints': [
                                   {'allowed_values': ['m1.small', 'm1.large'],
                                    'description': 'Small or large'}]},
                    'count': {'type': 'number'},
                    'pw': {'type': 'string', 'hidden': True}},
        environment={'parameter_defaults': {'count': 3}, 'parameters': {'pw': 'secret'}})
    assert tmpl.parameter_schemas() == {
        'flavor': {'Type': 'String', 'Description': 'Size', 'Label': 'Flavor',
                   'NoEcho': 'false', 'Default': 'm1.small',
                   'AllowedValues': ['m1.small', 'm1.large'],
                   'ConstraintDescription': 'Small or large'},
        'count': {'Type': 'Number', 'Description': '', 'Label': 'count', 'NoEcho': 'false',
                  'Default': 3},
        'pw': {'Type': 'String', 'Description': '', 'Label': 'pw', 'NoEcho': 'true',
               'Value': '******'},
    }


def test_validate_output(make_template):
    groups = [{'label': 'g', 'parameters': ['a']}]
    tmpl = make_template(description='Hello', parameter_groups=groups,
                         parameters={'a': {'type': 'string', 'default': 'x'}})
    assert tmpl.validate_output() == {
        'Description': 'Hello', 'ParameterGroups': groups,
        'Parameters': {'a': {'Type': 'String', 'Description': '', 'Label': 'a',
                             'NoEcho': 'false', 'Default': 'x'}},
        'Environment': EMPTY_ENVIRONMENT}
    assert make_template().validate_output() == {'Description': 'No description',
                                                  'Parameters': {},
                                                  'Environment': EMPTY_ENVIRONMENT}


# Heat's answer for a template validated without an environment.
EMPTY_ENVIRONMENT = {'event_sinks': [], 'parameter_defaults': {}, 'parameters': {},
                     'resource_registry': {'resources': {}}}


def test_validate_output_shows_the_environment_with_the_request_parameters(make_template):
    env = {'parameters': {'a': 'from-env'}, 'parameter_defaults': {'b': 'd'},
           'resource_registry': {'My::T': 'OS::Heat::None'}}
    tmpl = make_template(environment=env, parameters={
        'a': {'type': 'string'}, 'b': {'type': 'string'}, 'c': {'type': 'string'}})
    assert tmpl.validate_output({'c': 'from-request'})['Environment'] == {
        'event_sinks': [], 'parameter_defaults': {'b': 'd'},
        'parameters': {'a': 'from-env', 'c': 'from-request'},
        'resource_registry': {'My::T': 'OS::Heat::None', 'resources': {}}}


def test_module_exports():
    assert template.resolve_frozen({'get_resource': 'a'}, '2018-08-31', {'a': 'id'}, {}) == 'id'
    assert template.ALL_ATTRIBUTES == '*'


BAD_CALLS = {
    'get_param': [], 'get_resource': ['other'], 'get_attr': 'other.a', 'get_file': ['f'],
    'str_replace': {'template': 'x'}, 'list_join': 'a,b', 'repeat': {'template': 'x'},
    'digest': ['sha1'], 'str_split': [','], 'map_merge': [[1]],
    'map_replace': {'map': {}}, 'if': ['c', 1], 'filter': [[1], 'x'],
    'str_replace_strict': 'x', 'list_concat': [1], 'list_concat_unique': [[1], 2],
    'str_replace_vstrict': {'params': {}}, 'make_url': {'port': 1}, 'contains': [1],
}


@pytest.mark.parametrize('name', sorted(BAD_CALLS))
def test_wrong_argument_shape_is_reported_at_the_call(make_template, raises_at, name):
    with raises_at(exception.InvalidFunctionArgs, f'resources.r.properties.v.{name}',
                   f'Arguments to "{name}" must be of the form'):
        make_template(conditions={'c': True}, resources={
            'r': {'type': 'T', 'properties': {'v': {name: BAD_CALLS[name]}}},
            'other': {'type': 'T'}})


def test_condition_function_shapes_are_checked(make_template, raises_at):
    for name, args in (('equals', [1]), ('and', ['c']), ('or', 'c')):
        with raises_at(exception.InvalidFunctionArgs, f'conditions.x.{name}',
                       f'Arguments to "{name}"'):
            make_template(conditions={'c': True, 'x': {name: args}})


def test_everything_from_text():
    body = '''
heat_template_version: 2017-09-01
parameters:
  zones: {type: comma_delimited_list, default: "z1,z2"}
resources:
  config:
    type: My::Config
    properties:
      script: {get_file: "scripts/boot.sh"}
      ports:
        repeat:
          for_each: {"%z%": {get_param: zones}}
          template: {zone: "%z%"}
'''
    env = 'resource_registry:\n  My::Config: OS::Heat::TestResource\n'
    tmpl = template.Template.load(body, files={'scripts/boot.sh': '#!/bin/sh\n'},
                                  environment=env)
    defn = tmpl.bind(stack_name='s').resource('config')
    assert defn.type == 'OS::Heat::TestResource'
    assert defn.properties == {'script': '#!/bin/sh\n',
                               'ports': [{'zone': 'z1'}, {'zone': 'z2'}]}
    assert tmpl.environment.to_dict() == {
        'resource_registry': {'My::Config': 'OS::Heat::TestResource'}}


def test_missing_file_is_reported_at_load(make_template, raises_at):
    with raises_at(exception.InvalidReference, 'resources.r.properties.v.get_file',
                   'No content found in the "files" section for get_file path: missing.sh'):
        make_template(files={'other.sh': ''}, resources={'r': {'type': 'T', 'properties': {
            'v': {'get_file': 'missing.sh'}}}})


def test_computed_missing_file_is_reported_at_bind(make_template, raises_at):
    tmpl = make_template(parameters={'f': {'type': 'string', 'default': 'missing.sh'}},
                         resources={'r': {'type': 'T', 'properties': {
                             'v': {'get_file': {'get_param': 'f'}}}}})
    with raises_at(exception.InvalidReference, 'resources.r.properties.v.get_file',
                   'get_file path: missing.sh'):
        tmpl.bind()

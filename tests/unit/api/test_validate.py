"""``POST /validate`` checks the same things whether or not every parameter
has a value (as Heat's does)."""
import pytest

from .helpers import assert_fault

T = 'OS::Heat::TestResource'


def _template(resources, **sections):
    return {'heat_template_version': '2018-08-31',
            'parameters': {'flavor': {'type': 'string'},
                           'count': {'type': 'number', 'constraints': [
                               {'range': {'min': 1}}]},
                           'enabled': {'type': 'boolean', 'default': False}},
            'conditions': {'on': {'get_param': 'enabled'}},
            'resources': resources, **sections}


LOOP = {'a': {'type': T, 'properties': {'value': {'get_attr': ['b', 'output']}}},
        'b': {'type': T, 'properties': {'value': {'get_attr': ['a', 'output']},
                                        'wait_secs': {'get_param': 'count'}}}}


@pytest.mark.parametrize('params', [{}, {'flavor': 'm1.small', 'count': 2}])
def test_a_dependency_loop_is_found(api, params):
    resp = api.post('/validate', {'template': _template(LOOP), 'parameters': params})
    assert_fault(resp, 400, contains='Circular dependency between resources: a, b')


@pytest.mark.parametrize('params', [{}, {'flavor': 'm1.small', 'count': 2}])
def test_a_resource_whose_condition_is_false_is_not_checked(api, params):
    resources = {'off': {'type': 'OS::Nova::NotAType', 'condition': 'on'},
                 'kept': {'type': T, 'properties': {'value': {'get_param': 'flavor'}}}}
    resp = api.post('/validate', {'template': _template(resources), 'parameters': params})
    assert resp.status_int == 200, resp.body
    assert set(resp.json['Parameters']) == {'flavor', 'count', 'enabled'}


@pytest.mark.parametrize('params', [{}, {'flavor': 'm1.small', 'count': 2}])
def test_an_unknown_attribute_is_found(api, params):
    resources = {'a': {'type': T, 'properties': {'value': {'get_param': 'flavor'}}}}
    outputs = {'o': {'value': {'get_attr': ['a', 'nope']}}}
    resp = api.post('/validate', {'template': _template(resources, outputs=outputs),
                                  'parameters': params})
    assert_fault(resp, 400, contains='The Referenced Attribute (a nope) is incorrect.')


def test_a_missing_value_is_not_checked_against_constraints(api):
    resources = {'a': {'type': T, 'properties': {'wait_secs': {'get_param': 'count'}}}}
    resp = api.post('/validate', {'template': _template(resources)})
    assert resp.status_int == 200, resp.body


# Heat's own hot/hello_world.yaml, in its shape: a server whose parameters
# carry constraints that ask Nova and Glance.
HELLO_WORLD = {
    'heat_template_version': '2013-05-23',
    'parameters': {
        'key_name': {'type': 'string', 'constraints': [
            {'custom_constraint': 'nova.keypair'}]},
        'flavor': {'type': 'string', 'default': 'm1.small', 'constraints': [
            {'custom_constraint': 'nova.flavor'}]},
        'image': {'type': 'string', 'constraints': [{'custom_constraint': 'glance.image'}]},
        'db_port': {'type': 'number', 'default': 50000, 'constraints': [
            {'range': {'min': 40000, 'max': 60000}}]}},
    'resources': {'server': {'type': 'OS::Nova::Server', 'properties': {
        'key_name': {'get_param': 'key_name'}, 'image': {'get_param': 'image'},
        'flavor': {'get_param': 'flavor'}}}},
}


def test_custom_constraints_of_defaults_are_not_checked_at_validate(api):
    resp = api.post('/validate?ignore_errors=99001', {'template': HELLO_WORLD})
    assert resp.status_int == 200, resp.body
    assert resp.json['Parameters']['flavor']['Default'] == 'm1.small'


def test_a_default_still_meets_its_other_constraints(api):
    template = {**HELLO_WORLD, 'parameters': {**HELLO_WORLD['parameters'], 'db_port': {
        'type': 'number', 'default': 1, 'constraints': [{'range': {'min': 40000}}]}}}
    assert_fault(api.post('/validate?ignore_errors=99001', {'template': template}), 400,
                 contains='db_port')


def test_a_given_value_is_checked_and_ignore_errors_skips_a_missing_service(api):
    body = {'template': HELLO_WORLD, 'parameters': {'flavor': 'm1.large'}}
    assert_fault(api.post('/validate', body), 400,
                 contains='"m1.large" does not validate nova.flavor')
    assert api.post('/validate?ignore_errors=99001', body).status_int == 200
    body['parameters']['db_port'] = 1
    assert_fault(api.post('/validate?ignore_errors=99001', body), 400, contains='db_port')


# --- how far validate looks, against how far create does (as in Heat) -----

def _parent(resources, **sections):
    return {'heat_template_version': '2018-08-31', 'resources': resources, **sections}


def test_a_missing_required_property_passes_validate_and_is_refused_at_create(api):
    # Heat's validate call checks properties without their values; its
    # stack create does, and refuses a required one that is missing.
    template = _parent({'v': {'type': 'OS::Heat::Value'}})
    assert api.post('/validate', {'template': template}).status_int == 200
    assert_fault(api.post('/stacks', {'stack_name': 's', 'template': template}), 400,
                 contains='Property error: resources.v.properties: Property value '
                          'not assigned')
    given = _parent({'v': {'type': 'OS::Heat::Value', 'properties': {
        'value': {'get_param': 'OS::stack_name'}}}})
    assert api.post('/stacks', {'stack_name': 's', 'template': given}).status_int == 201


CHILD_WITH_BAD_DEFAULT = '''
heat_template_version: 2018-08-31
parameters:
  size: {type: number, default: 50, constraints: [{range: {max: 10}}]}
resources: {}
'''

CHILD_WITH_UNKNOWN_TYPE = '''
heat_template_version: 2018-08-31
parameters:
  size: {type: number, default: 5}
resources:
  r: {type: OS::No::Such}
'''


@pytest.mark.parametrize('child, refused', [
    (CHILD_WITH_BAD_DEFAULT, 'resources.v.parameters.size.default: 50 must be at most 10'),
    (CHILD_WITH_UNKNOWN_TYPE, 'resources.v.resources.r.type: The Resource Type '
                              '(OS::No::Such) could not be found.'),
])
def test_validate_reads_a_nested_template_only_as_far_as_its_parameters(api, child,
                                                                        refused):
    body = {'template': _parent({'v': {'type': 'child.yaml'}}),
            'files': {'child.yaml': child}}
    assert api.post('/validate', body).status_int == 200
    assert_fault(api.post('/stacks', dict(body, stack_name='s')), 400, contains=refused)


def test_validate_still_checks_properties_against_the_nested_parameters(api):
    body = {'template': _parent({'v': {'type': 'child.yaml', 'properties': {
        'colour': 'red'}}}), 'files': {'child.yaml': CHILD_WITH_BAD_DEFAULT}}
    assert_fault(api.post('/validate', body), 400,
                 contains='resources.v.properties.colour: Unknown Property colour')


# --- show_nested: Heat's document (issue 26 item 10) -----------------------

RANDOM = '''
heat_template_version: 2014-10-16
description: the stack description
parameters:
  aparam: {type: number, default: 10, description: the param description}
resources:
  myres:
    type: OS::Heat::RandomString
    properties: {length: {get_param: aparam}}
'''

PARENT = '''
heat_template_version: 2014-10-16
description: the parent template
parameters:
  pparam: {type: number, default: 5, description: the param description}
resources:
  nres:
    type: mynested.yaml
    properties: {aparam: {get_param: pparam}}
'''


def test_show_nested_is_heats_document_with_values_resolved_from_the_parent(api):
    files = {'mynested.yaml': RANDOM.replace('OS::Heat::RandomString', 'mynested2.yaml'),
             'mynested2.yaml': RANDOM}
    resp = api.post('/validate?show_nested=true', {'template': PARENT, 'files': files})
    assert resp.status_int == 200, resp.body

    def param(**extra):
        return dict({'Default': 10, 'Description': 'the param description',
                     'Label': 'aparam', 'NoEcho': 'false', 'Type': 'Number'}, **extra)
    assert resp.json == {
        'Description': 'the parent template',
        'Parameters': {'pparam': {'Default': 5, 'Description': 'the param description',
                                  'Label': 'pparam', 'NoEcho': 'false',
                                  'Type': 'Number'}},
        'NestedParameters': {'nres': {
            'Description': 'the stack description', 'Type': 'mynested.yaml',
            # The parent's pparam (5) is the value nres gives aparam.
            'Parameters': {'aparam': param(Value=5)},
            'NestedParameters': {'myres': {
                'Description': 'the stack description', 'Type': 'mynested2.yaml',
                'Parameters': {'aparam': param()}}}}},
        'Environment': {'event_sinks': [], 'parameter_defaults': {}, 'parameters': {},
                        'resource_registry': {'resources': {}}}}


def test_a_default_under_a_service_constraint_passes_validate_not_create(api):
    # Item 7 through the create path: Heat's create (strict validation) puts
    # a default to its custom constraints; without the service, it fails.
    template = {'heat_template_version': '2018-08-31', 'parameters': {'flavor': {
        'type': 'string', 'default': 'm1.small',
        'constraints': [{'custom_constraint': 'nova.flavor'}]}},
        'resources': {'v': {'type': 'OS::Heat::Value',
                            'properties': {'value': {'get_param': 'flavor'}}}}}
    assert api.post('/validate', {'template': template}).status_int == 200
    assert_fault(api.post('/stacks', {'stack_name': 's', 'template': template}), 400,
                 contains='parameters.flavor: "m1.small" does not validate nova.flavor')

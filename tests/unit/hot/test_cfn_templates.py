"""CloudFormation-format templates through the same loader, checker and
evaluator as HOT ones."""
import pytest

from heat_conv.common import exception
from heat_conv.hot import template

T = 'OS::Heat::TestResource'


def cfn(version_key='AWSTemplateFormatVersion', version='2010-09-09', **sections):
    body = {version_key: version}
    body.update(sections)
    return template.Template.load(body)


def bind(tmpl, params=None, facade=None):
    return tmpl.bind(params, stack_name='my stack', stack_id='sid', project_id='p/1',
                     facade=facade)


def test_sections_are_read_under_their_cfn_names():
    tmpl = cfn(Description='d', Parameters={'p': {'Type': 'String', 'Default': 'x'}},
               Mappings={'M': {'k': {'v': 1}}}, Conditions={'c': True},
               Resources={'r': {'Type': T, 'Properties': {'value': 'v'},
                                'Metadata': {'m': 1}, 'DependsOn': ['s'],
                                'DeletionPolicy': 'Retain', 'UpdatePolicy': {'u': 1},
                                'Description': 'rd', 'Condition': 'c'},
                          's': {'Type': T}},
               Outputs={'o': {'Value': 1, 'Description': 'od', 'Condition': 'c'}})
    assert tmpl.description == 'd'
    assert tmpl.mappings == {'M': {'k': {'v': 1}}}
    r = tmpl.resources['r']
    assert (r.type, r.properties, r.metadata, r.depends_on, r.deletion_policy,
            r.update_policy, r.description, r.condition) == (
        T, {'value': 'v'}, {'m': 1}, ['s'], 'Retain', {'u': 1}, 'rd', 'c')
    assert (tmpl.outputs['o'].value, tmpl.outputs['o'].description,
            tmpl.outputs['o'].condition) == (1, 'od', 'c')
    assert tmpl.parameter_definitions['p'].default == 'x'


E = exception
CASES = [
    (E.InvalidTemplate, {'resources': {}}, 'resources',
     '"resources" is not a valid template section'),
    (E.InvalidTemplate, {'Resources': {'r': {'type': T}}}, 'Resources.r.type',
     '"type" is not a valid keyword inside a resource definition'),
    (E.InvalidTemplate, {'Resources': {'r': {'Properties': {}}}}, 'Resources.r',
     'Each resource must contain a "Type" key'),
    (E.InvalidReference, {'Resources': {'r': {'Type': T, 'DependsOn': 'nope'}}},
     'Resources.r.DependsOn.0', 'The resource "nope" is not defined'),
    (E.InvalidTemplate, {'Resources': {'r': {'Type': T, 'DependsOn': 5}}},
     'Resources.r.DependsOn', 'DependsOn must be a resource name'),
    (E.InvalidTemplate, {'Outputs': {'o': {'value': 1}}}, 'Outputs.o.value',
     'not a valid keyword'),
    (E.InvalidTemplate, {'Outputs': {'o': {'Description': 'x'}}}, 'Outputs.o',
     'Each output must contain a "Value" key'),
    (E.InvalidTemplate, {'Mappings': ['a']}, 'Mappings', 'must be a map of mapping names'),
    (E.InvalidTemplate, {'Mappings': {'M': {'k': 'v'}}}, 'Mappings.M.k',
     'must name a map of values'),
    (E.InvalidFunctionArgs, {'Resources': {'r': {'Type': T, 'Properties': {
        'v': {'Fn::FindInMap': ['M', 'a', 'b']}}}}},
     'Resources.r.Properties.v.Fn::FindInMap', 'there is no mapping "M"'),
    (E.InvalidReference, {'Resources': {'r': {'Type': T, 'Properties': {
        'v': {'Ref': 'nothing'}}}}}, 'Resources.r.Properties.v.Ref',
     '"nothing" is neither a parameter nor a resource'),
    (E.InvalidReference, {'Resources': {'r': {'Type': T, 'Condition': 'missing'}}},
     'Resources.r.Condition', 'Invalid condition "missing"'),
]


@pytest.mark.parametrize('exc_type, sections, path, fragment', CASES)
def test_errors_name_the_written_path(raises_at, exc_type, sections, path, fragment):
    with raises_at(exc_type, path, fragment):
        cfn(**sections)


def test_a_ref_in_a_condition_names_a_parameter_once_the_condition_is_used(raises_at):
    """A condition is resolved only when used (as in Heat); then its Ref
    must name a parameter, not a resource."""
    conditions = {'c': {'Fn::Equals': [{'Ref': 'r'}, 'x']}}
    bind(cfn(Conditions=conditions, Resources={'r': {'Type': T}}))
    used = cfn(Conditions=conditions, Resources={'r': {'Type': T},
                                                 's': {'Type': T, 'Condition': 'c'}})
    with raises_at(E.InvalidReference, 'Conditions.c.Fn::Equals.0.Ref',
                   'The parameter "r" is not defined'):
        bind(used)


def properties(stack, name):
    """A resource's properties as a worker finishes them."""
    frozen = stack.resource(name).frozen()
    return template.resolve_frozen(frozen['properties'], frozen['version'], {}, {})


def test_the_other_formats_functions_are_data_as_in_heat():
    tmpl = cfn(Resources={'r': {'Type': T, 'Properties': {'v': {'get_param': 'x'}}}})
    assert properties(bind(tmpl), 'r') == {'v': {'get_param': 'x'}}
    hot = template.Template.load({
        'heat_template_version': '2016-10-14',
        'resources': {'r': {'type': T, 'properties': {'v': {'Fn::GetAtt': ['a', 'b']},
                                                      'w': {'Fn::If': [1, 2, 3]}}}}})
    assert properties(hot.bind({}, 's', 'i', 'p'), 'r') == {
        'v': {'Fn::GetAtt': ['a', 'b']}, 'w': {'Fn::If': [1, 2, 3]}}


def test_fn_if_needs_the_aws_format(raises_at):
    with raises_at(exception.UnknownFunction, 'Resources.r.Properties.v.Fn::If',
                   'The function "Fn::If" is not available in HeatTemplateFormatVersion '
                   '2012-12-12'):
        cfn('HeatTemplateFormatVersion', '2012-12-12', Resources={'r': {
            'Type': T, 'Properties': {'v': {'Fn::If': ['c', 1, 2]}}}})


def test_hot_still_calls_the_cfn_functions_heat_removed(raises_at):
    with raises_at(exception.UnknownFunction, 'resources.r.properties.v.Ref',
                   'The function "Ref" is not available in heat_template_version'):
        template.Template.load({
            'heat_template_version': '2016-10-14',
            'resources': {'r': {'type': T, 'properties': {'v': {'Ref': 'r'}}}}})


def test_heat_format_has_no_conditions(raises_at):
    with raises_at(exception.InvalidTemplate, 'Resources.r.Condition',
                   '"Condition" needs AWSTemplateFormatVersion 2010-09-09'):
        cfn('HeatTemplateFormatVersion', '2012-12-12',
            Resources={'r': {'Type': T, 'Condition': True}})


def test_ref_to_a_parameter_resolves_at_bind_and_to_a_resource_on_the_worker():
    tmpl = cfn(Parameters={'size': {'Type': 'Number', 'Default': 3}},
               Resources={'db': {'Type': T},
                          'web': {'Type': T, 'Properties': {
                              'value': {'Fn::Join': [':', [{'Ref': 'db'},
                                                           {'Ref': 'size'}]]}}}})
    stack = bind(tmpl)
    web = stack.resource('web').frozen()
    assert web['properties'] == {'value': {'Fn::Join': [':', [{'Ref': 'db'}, 3]]}}
    assert web['requires'] == {'db': []}
    assert template.resolve_frozen(web['properties'], web['version'], {'db': 'db-id'},
                                   {}) == {'value': 'db-id:3'}


def test_ref_prefers_a_resource_of_the_same_name():
    tmpl = cfn(Parameters={'x': {'Type': 'String', 'Default': 'param'}},
               Resources={'x': {'Type': T},
                          'y': {'Type': T, 'Properties': {'value': {'Ref': 'x'}}}})
    assert bind(tmpl).resource('y').requires() == {'x': frozenset()}


def test_get_att_records_the_attribute_it_reads():
    tmpl = cfn(Resources={'a': {'Type': T},
                          'b': {'Type': T, 'Properties': {
                              'value': {'Fn::GetAtt': ['a', 'output']}}}},
               Outputs={'o': {'Value': {'Fn::GetAtt': ['b', 'output']}}})
    stack = bind(tmpl)
    assert stack.dependencies()['b'] == {'a': frozenset({'output'})}
    assert stack.output_dependencies() == {'o': {'b': frozenset({'output'})}}
    assert stack.resolve_output('o', {}, {'b': {'output': 'v'}}) == 'v'


def test_pseudo_parameters():
    tmpl = cfn(Resources={'r': {'Type': T, 'Properties': {'value': {'Fn::Join': [
        ' ', [{'Ref': 'AWS::StackName'}, {'Ref': 'AWS::StackId'},
              {'Ref': 'AWS::Region'}]]}}}})
    stack = bind(tmpl)
    assert stack.resource('r').frozen()['properties']['value'] == (
        'my stack arn:openstack:heat::p%2F1:stacks/my%20stack/sid ap-southeast-1')
    assert stack.pseudo_parameters == {
        'AWS::StackId': 'arn:openstack:heat::p%2F1:stacks/my%20stack/sid',
        'AWS::StackName': 'my stack', 'AWS::Region': 'ap-southeast-1'}
    assert 'OS::stack_name' not in stack.parameters


def test_pseudo_stack_id_of_a_stack_not_created_yet():
    tmpl = cfn(Resources={})
    assert tmpl.bind({}, stack_name='v', stack_id='None').pseudo_parameters[
        'AWS::StackId'] == 'None'


def test_conditions_select_resources_outputs_and_values():
    tmpl = cfn(
        Parameters={'env': {'Type': 'String', 'Default': 'test',
                            'AllowedValues': ['prod', 'test']}},
        Conditions={'Prod': {'Fn::Equals': [{'Ref': 'env'}, 'prod']},
                    'Test': {'Fn::Not': ['Prod']},
                    'Both': {'Fn::And': ['Prod', 'Test']},
                    'Either': {'Fn::Or': ['Prod', 'Test']}},
        Resources={'p': {'Type': T, 'Condition': 'Prod'},
                   'v': {'Type': T, 'Properties': {
                       'value': {'Fn::If': ['Prod', {'Ref': 'p'}, 'none']}}}},
        Outputs={'po': {'Value': {'Fn::GetAtt': ['p', 'output']}, 'Condition': 'Prod'}})
    test = bind(tmpl)
    assert test.conditions == {'Prod': False, 'Test': True, 'Both': False, 'Either': True}
    assert test.resource_names() == ['v']
    assert test.resource('v').frozen()['properties'] == {'value': 'none'}
    assert test.outputs()['po'] == {'value': None, 'description': '', 'condition': False}
    prod = bind(tmpl, {'env': 'prod'})
    assert prod.resource_names() == ['p', 'v']
    assert prod.resource('v').requires() == {'p': frozenset()}


def test_find_in_map_with_parameters():
    tmpl = cfn(Parameters={'region': {'Type': 'String', 'Default': 'east'}},
               Mappings={'Regions': {'east': {'ami': 'a-1'}, 'west': {'ami': 'a-2'}}},
               Resources={'r': {'Type': T, 'Properties': {'value': {'Fn::FindInMap': [
                   'Regions', {'Ref': 'region'}, 'ami']}}}})
    assert bind(tmpl).resource('r').frozen()['properties'] == {'value': 'a-1'}
    assert bind(tmpl, {'region': 'west'}).resource('r').frozen()['properties'] == {
        'value': 'a-2'}


def test_find_in_map_cannot_wait_for_a_resource(raises_at):
    tmpl = cfn(Mappings={'M': {'k': {'v': 1}}},
               Resources={'a': {'Type': T},
                          'r': {'Type': T, 'Properties': {'value': {'Fn::FindInMap': [
                              'M', {'Ref': 'a'}, 'v']}}}})
    with raises_at(exception.InvalidFunctionArgs, 'Resources.r.Properties.value.'
                   'Fn::FindInMap', 'cannot depend on another resource'):
        bind(tmpl)


def test_missing_parameter_in_cfn():
    tmpl = cfn(Parameters={'key': {'Type': 'String'}}, Resources={})
    with pytest.raises(exception.UserParameterMissing) as info:
        bind(tmpl)
    assert str(info.value) == 'The Parameter (key) was not provided.'


def test_validate_output_of_a_cfn_template():
    tmpl = cfn(Parameters={'p': {'Type': 'Number', 'MinValue': 1, 'NoEcho': 'true',
                                 'Description': 'a number'}}, Resources={})
    assert tmpl.validate_output() == {
        'Description': 'No description',
        'Parameters': {'p': {'Type': 'Number', 'Description': 'a number', 'Label': 'p',
                             'NoEcho': 'true', 'MinValue': 1}},
        'Environment': {'event_sinks': [], 'parameter_defaults': {}, 'parameters': {},
                        'resource_registry': {'resources': {}}}}


def test_to_dict_keeps_the_cfn_version():
    body = cfn('HeatTemplateFormatVersion', '2012-12-12', Resources={}).to_dict()
    assert body == {'HeatTemplateFormatVersion': '2012-12-12', 'Resources': {}}


# --- resource_facade: the hook nested stacks will fill -----------------------------------

FACADE = {'metadata': {'role': 'db'}, 'deletion_policy': 'Retain',
          'update_policy': {'batch': 2}}


def test_resource_facade_at_top_level_is_a_clear_error(raises_at):
    tmpl = template.Template.load({
        'heat_template_version': '2016-10-14',
        'resources': {'r': {'type': T, 'metadata': {'m': {'resource_facade':
                                                           'metadata'}}}}})
    with raises_at(exception.InvalidReference, 'resources.r.metadata.m.resource_facade',
                   '"resource_facade" can only be used in the template of a nested '
                   'stack'):
        bind(tmpl)


def test_resource_facade_reads_the_parent_resource():
    tmpl = template.Template.load({
        'heat_template_version': '2016-10-14',
        'resources': {'r': {'type': T, 'metadata': {
            'm': {'resource_facade': 'metadata'},
            'd': {'resource_facade': 'deletion_policy'},
            'u': {'resource_facade': 'update_policy'}}}}})
    stack = bind(tmpl, facade=FACADE)
    assert stack.resource('r').frozen()['metadata'] == {
        'm': {'role': 'db'}, 'd': 'Retain', 'u': {'batch': 2}}


def test_cfn_resource_facade():
    tmpl = cfn(Resources={'r': {'Type': T, 'Metadata': {
        'm': {'Fn::ResourceFacade': 'Metadata'}}}})
    assert bind(tmpl, facade=FACADE).resource('r').frozen()['metadata'] == {
        'm': {'role': 'db'}}
    with pytest.raises(exception.InvalidReference):
        bind(tmpl)


def test_resource_facade_argument_is_checked_at_load(raises_at):
    with raises_at(exception.InvalidFunctionArgs, 'resources.r.metadata.m.resource_facade',
                   'must be of the form metadata or deletion_policy or update_policy'):
        template.Template.load({
            'heat_template_version': '2016-10-14',
            'resources': {'r': {'type': T, 'metadata': {'m': {
                'resource_facade': 'Metadata'}}}}})


# --- the first HOT version's CloudFormation functions --------------------------------------

def test_hot_2013_accepts_ref_and_cfn_functions():
    tmpl = template.Template.load({
        'heat_template_version': '2013-05-23',
        'parameters': {'p': {'type': 'string', 'default': 'a,b'}},
        'resources': {'r': {'type': T, 'properties': {'value': {'Fn::Join': [
            '+', {'Fn::Split': [',', {'Ref': 'p'}]}]}}}}})
    stack = tmpl.bind({}, 's', 'i', 'p')
    assert stack.resource('r').frozen()['properties'] == {'value': 'a+b'}
    assert 'OS::stack_name' in stack.parameters

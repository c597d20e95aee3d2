import json
import time

import pytest

from heat_conv.common import exception
from heat_conv.hot import template

T = 'OS::Heat::TestResource'


def res(properties=None, **extra):
    out = {'type': T}
    if properties is not None:
        out['properties'] = properties
    out.update(extra)
    return out


# --- parameters ---------------------------------------------------------------

PARAMS = {
    'name': {'type': 'string', 'default': 'web'},
    'count': {'type': 'number'},
    'zones': {'type': 'comma_delimited_list', 'default': 'a,b'},
    'config': {'type': 'json', 'default': {'k': [1, 2]}},
    'debug': {'type': 'boolean', 'default': 'false'},
    'password': {'type': 'string', 'hidden': True, 'default': 's3cret'},
}


def test_parameters_are_typed_and_include_pseudo_parameters(bind):
    stack = bind({'count': '42', 'debug': 'yes'}, parameters=PARAMS)
    assert stack.parameters == {
        'name': 'web', 'count': 42, 'zones': ['a', 'b'], 'config': {'k': [1, 2]},
        'debug': True, 'password': 's3cret', 'OS::stack_name': 'mystack',
        'OS::stack_id': 'stack-uuid', 'OS::project_id': 'tenant-1'}


def test_parameters_for_display_mask_hidden_values(bind):
    stack = bind({'count': '4.5'}, parameters=PARAMS)
    assert stack.parameters_for_display() == {
        'name': 'web', 'count': '4.5', 'zones': 'a,b', 'config': '{"k": [1, 2]}',
        'debug': 'False', 'password': '******', 'OS::stack_name': 'mystack',
        'OS::stack_id': 'stack-uuid', 'OS::project_id': 'tenant-1'}


def test_environment_supplies_values(bind):
    stack = bind(parameters=PARAMS, environment={
        'parameters': {'count': '7'}, 'parameter_defaults': {'name': 'db'}})
    assert (stack.parameters['count'], stack.parameters['name']) == (7, 'db')


def test_missing_parameter(bind):
    with pytest.raises(exception.UserParameterMissing) as info:
        bind(parameters=PARAMS)
    assert str(info.value) == 'The Parameter (count) was not provided.'


def test_wrong_parameter_value(bind, raises_at):
    with raises_at(exception.InvalidParameter, 'parameters.config', 'valid JSON'):
        bind({'count': 1, 'config': '{"k": '}, parameters=PARAMS)


def test_get_param_paths(bind):
    stack = bind({'count': 1}, parameters=PARAMS, resources={'r': res({
        'zone': {'get_param': ['zones', 1]}, 'item': {'get_param': ['config', 'k', 0]},
        'missing': {'get_param': ['config', 'nope']},
        'stack': {'get_param': 'OS::stack_id'}, 'project': {'get_param': 'OS::project_id'}})})
    assert stack.resource('r').properties == {
        'zone': 'b', 'item': 1, 'missing': '', 'stack': 'stack-uuid', 'project': 'tenant-1'}


def test_immutable_parameters(bind, raises_at):
    stack = bind({'az': 'zone-2'}, parameters={'az': {'type': 'string', 'immutable': True}})
    stack.check_immutable({'az': 'zone-2'})
    with raises_at(exception.ImmutableParameterUpdate, 'parameters.az', 'immutable'):
        stack.check_immutable({'az': 'zone-1'})


# --- conditions and resources -----------------------------------------------------

COND_PARAMS = {'env': {'type': 'string', 'default': 'prod'}}


def test_conditions_pick_resources_in_template_order(bind):
    stack = bind(parameters=COND_PARAMS,
                 conditions={'prod': {'equals': [{'get_param': 'env'}, 'prod']},
                             'dev': {'not': 'prod'}},
                 resources={'a': res(condition='prod'), 'b': res(condition='dev'),
                            'c': res(), 'd': res(condition={'not': 'dev'}),
                            'e': res(condition=False)})
    assert stack.conditions == {'prod': True, 'dev': False}
    assert stack.resource_names() == ['a', 'c', 'd']
    with pytest.raises(KeyError):
        stack.resource('b')


def test_conditions_follow_parameters(bind):
    stack = bind({'env': 'dev'}, parameters=COND_PARAMS,
                 conditions={'prod': {'equals': [{'get_param': 'env'}, 'prod']}},
                 resources={'a': res(condition='prod')})
    assert stack.resource_names() == []


def test_if_in_properties(bind):
    stack = bind(parameters=COND_PARAMS,
                 conditions={'prod': {'equals': [{'get_param': 'env'}, 'prod']}},
                 resources={'a': res({'size': {'if': ['prod', 'large', 'small']},
                                      'inline': {'if': [{'not': 'prod'}, 1, 2]}})})
    assert stack.resource('a').properties == {'size': 'large', 'inline': 2}


def test_resource_definition_fields(bind):
    stack = bind(
        parameters={'policy': {'type': 'string', 'default': 'retain'}},
        resources={'web': res({'v': 1}, metadata={'role': {'get_param': 'OS::stack_name'}},
                              deletion_policy={'get_param': 'policy'}, depends_on='db',
                              update_policy={'pause': 1}, description='d'),
                   'db': res()})
    web = stack.resource('web')
    assert (web.name, web.type, web.version) == ('web', T, '2021-04-16')
    assert web.metadata == {'role': 'mystack'}
    assert web.deletion_policy == 'Retain'
    assert web.depends_on == ['db']
    assert web.update_policy == {'pause': 1}
    assert web.description == 'd'
    db = stack.resource('db')
    assert (db.properties, db.metadata, db.deletion_policy, db.depends_on) == (
        {}, {}, 'Delete', [])


def test_deletion_policy_snapshot_from_parameter(bind):
    stack = bind(parameters={'p': {'type': 'string', 'default': 'snapshot'}},
                 resources={'r': res(deletion_policy={'get_param': 'p'})})
    assert stack.resource('r').deletion_policy == 'Snapshot'



def test_deletion_policy_cannot_depend_on_resources(bind, raises_at):
    with raises_at(exception.InvalidTemplate, 'resources.r.deletion_policy',
                   'cannot depend on another resource'):
        bind(resources={'r': res(deletion_policy={'get_attr': ['s', 'x']}), 's': res()})


def test_environment_aliases_types(bind):
    stack = bind(resources={'a': {'type': 'My::Thing'}, 'b': {'type': 'My::Nested'},
                            'c': {'type': 'My::Thing'}},
                 environment={'resource_registry': {
                     'My::Thing': T, 'My::Nested': 'nested.yaml',
                     'resources': {'c': {'My::Thing': 'OS::Heat::None'}}}})
    a, b, c = (stack.resource(n) for n in 'abc')
    assert (a.type, a.template_type, a.nested_template) == (T, 'My::Thing', None)
    assert (b.type, b.nested_template) == ('My::Nested', 'nested.yaml')
    assert c.type == 'OS::Heat::None'


def test_properties_must_evaluate_to_a_map(bind, raises_at):
    with raises_at(exception.InvalidTemplate, 'resources.r.properties',
                   'properties must evaluate to a map'):
        bind(parameters={'p': {'type': 'json', 'default': [1]}},
             resources={'r': {'type': T, 'properties': {'get_param': 'p'}}})


def test_properties_may_come_from_a_function(bind):
    stack = bind(parameters={'extra': {'type': 'json', 'default': {'b': 2}}},
                 resources={'r': {'type': T, 'properties': {'map_merge': [
                     {'a': 1}, {'get_param': 'extra'}]}}})
    assert stack.resource('r').properties == {'a': 1, 'b': 2}


# --- dependencies -----------------------------------------------------------------

def test_requires_from_get_resource_get_attr_and_depends_on(bind):
    stack = bind(resources={
        'net': res(), 'db': res(), 'lb': res(),
        'web': res({'net': {'get_resource': 'net'},
                    'db': {'get_attr': ['db', 'output']},
                    'host': {'get_attr': ['db', 'addresses', 0, 'ip']}},
                   metadata={'lb': {'get_attr': ['lb']}}, depends_on=['net', 'lb'])})
    assert stack.resource('web').requires() == {
        'net': frozenset(), 'db': frozenset({'output', 'addresses'}),
        'lb': frozenset({'*'})}
    assert stack.dependencies() == {'net': {}, 'db': {}, 'lb': {},
                                    'web': stack.resource('web').requires()}


def test_requires_skip_disabled_depends_on_and_untaken_branches(bind):
    stack = bind(conditions={'off': False},
                 resources={'gone': res(condition='off'), 'kept': res(),
                            'web': res({'v': {'if': ['off', {'get_resource': 'gone'},
                                                     {'get_resource': 'kept'}]}},
                                       depends_on=['gone'])})
    assert stack.resource('web').requires() == {'kept': frozenset()}
    assert stack.resource('web').depends_on == ['gone']


def test_reference_to_disabled_resource_is_an_error(bind, raises_at):
    with raises_at(exception.InvalidReference, 'resources.web.properties.v.get_attr',
                   'The resource "gone" is not created because its condition is false'):
        bind(conditions={'off': False},
             resources={'gone': res(condition='off'),
                        'web': res({'v': {'get_attr': ['gone', 'x']}})})


def test_cycle_names_its_members(bind):
    with pytest.raises(exception.DependencyCycle) as info:
        bind(resources={'a': res({'v': {'get_attr': ['b', 'x']}}),
                        'b': res({'v': {'get_resource': 'c'}}),
                        'c': res(depends_on='a'), 'd': res(depends_on='a')})
    assert info.value.members == ['a', 'b', 'c']
    assert str(info.value) == 'resources: Circular dependency between resources: a, b, c'


def test_self_reference_is_a_cycle(bind):
    with pytest.raises(exception.DependencyCycle) as info:
        bind(resources={'a': res({'v': {'get_attr': ['a', 'x']}})})
    assert info.value.members == ['a']


def test_cycle_through_an_untaken_branch_is_no_cycle(bind):
    stack = bind(conditions={'no': False},
                 resources={'a': res({'v': {'if': ['no', {'get_resource': 'b'}, None]}}),
                            'b': res({'v': {'get_resource': 'a'}})})
    assert stack.dependencies() == {'a': {}, 'b': {'a': frozenset()}}


# --- frozen definitions -------------------------------------------------------------

def test_frozen_properties_are_partially_evaluated(bind):
    stack = bind(parameters={'prefix': {'type': 'string', 'default': 'app'}},
                 resources={'db': res(), 'web': res({
                     'name': {'str_replace': {'template': '$p-$db', 'params': {
                         '$p': {'get_param': 'prefix'}, '$db': {'get_attr': ['db', 'output']}}}},
                     'static': {'list_join': ['-', [{'get_param': 'prefix'}, 'x']]},
                     'ids': {'repeat': {'for_each': {'%i%': [1, 2]},
                                        'template': {'get_resource': 'db'}}}})})
    frozen = stack.resource('web').frozen()
    assert json.loads(json.dumps(frozen)) == frozen
    assert frozen['properties'] == {
        'name': {'str_replace': {'template': '$p-$db', 'params': {
            '$p': 'app', '$db': {'get_attr': ['db', 'output']}}}},
        'static': 'app-x',
        'ids': {'repeat': {'for_each': {'%i%': [1, 2]}, 'template': {'get_resource': 'db'}}}}
    assert frozen['requires'] == {'db': ['output']}
    assert frozen['version'] == '2021-04-16'
    resolved = template.resolve_frozen(frozen['properties'], frozen['version'],
                                       {'db': 'db-id'}, {'db': {'output': 'out'}})
    assert resolved == {'name': 'app-out', 'static': 'app-x', 'ids': ['db-id', 'db-id']}


def test_unavailable_attribute_resolves_to_none(bind):
    stack = bind(resources={'db': res(), 'web': res({'v': {'get_attr': ['db', 'output']}})})
    props = stack.resource('web').frozen()['properties']
    assert template.resolve_frozen(props, stack.version, {}, {}) == {'v': None}


# --- outputs ---------------------------------------------------------------------

def test_outputs(bind):
    stack = bind(conditions={'off': False},
                 resources={'web': res(), 'db': res()},
                 outputs={'url': {'value': {'str_replace': {
                              'template': 'http://$h/', 'params': {
                                  '$h': {'get_attr': ['web', 'output']}}}},
                              'description': 'The URL'},
                          'ids': {'value': [{'get_resource': 'web'}, {'get_resource': 'db'}]},
                          'hidden': {'value': {'get_attr': ['db', 'secret']},
                                     'condition': 'off'},
                          'name': {'value': {'get_param': 'OS::stack_name'}}})
    outputs = stack.outputs()
    assert outputs['url']['description'] == 'The URL'
    assert outputs['url']['condition'] is True
    assert outputs['hidden'] == {'value': None, 'description': '', 'condition': False}
    assert outputs['name']['value'] == 'mystack'
    assert stack.output_requires() == {'web': frozenset({'output'}), 'db': frozenset()}
    refs, attrs = {'web': 'w-1', 'db': 'd-1'}, {'web': {'output': 'h1'}}
    assert stack.resolve_output('url', refs, attrs) == 'http://h1/'
    assert stack.resolve_output('ids', refs, attrs) == ['w-1', 'd-1']
    assert stack.resolve_output('hidden', refs, attrs) is None
    assert stack.resolve_output('name', {}, {}) == 'mystack'


def test_output_resolution_error_is_typed(bind, raises_at):
    stack = bind(resources={'web': res()},
                 outputs={'o': {'value': {'list_join': [',', {'get_attr': ['web', 'v']}]}}})
    with raises_at(exception.OutputError, 'outputs.o.value.list_join',
                   'each item after the delimiter must be a list'):
        stack.resolve_output('o', {}, {'web': {'v': 'not a list'}})


def test_unknown_output(bind):
    with pytest.raises(exception.OutputNotFound) as info:
        bind().resolve_output('nope', {}, {})
    assert str(info.value) == 'Specified output key nope not found.'


def test_output_referring_to_disabled_resource(bind, raises_at):
    with raises_at(exception.InvalidReference, 'outputs.o.value.get_resource'):
        bind(conditions={'off': False}, resources={'r': res(condition='off')},
             outputs={'o': {'value': {'get_resource': 'r'}}})


# --- scale -------------------------------------------------------------------------

def test_binding_a_thousand_resources_is_fast(make_template):
    n = 1000
    resources = {'r0': res({'value': 'root'})}
    for i in range(1, n):
        resources[f'r{i}'] = res({
            'value': {'str_replace': {'template': 'x-$a-$b', 'params': {
                '$a': {'get_attr': [f'r{i - 1}', 'output']},
                '$b': {'get_param': 'OS::stack_name'}}}},
            'peer': {'get_resource': f'r{i // 2}'} if i > 1 else 'none'})
    tmpl = make_template(version='2018-08-31', resources=resources)
    start = time.perf_counter()
    stack = tmpl.bind(stack_name='big')
    elapsed = time.perf_counter() - start
    assert len(stack.resource_names()) == n
    assert stack.resource('r999').requires() == {'r998': frozenset({'output'}),
                                                 'r499': frozenset()}
    assert elapsed < 2.0, elapsed


# --- lazy where Heat is lazy -------------------------------------------------

def test_a_condition_nothing_uses_is_never_evaluated(bind):
    """Heat accepts a condition used by nothing whatever it reads."""
    stack = bind(conditions={'unused': {'equals': [{'get_param': 'undeclared'}, 'x']},
                             'used': True},
                 resources={'a': res(condition='used')})
    assert stack.resource_names() == ['a']


def test_the_branch_of_an_if_not_taken_is_never_evaluated(bind):
    stack = bind(conditions={'off': False},
                 resources={'a': res({'value': {'if': ['off', {'get_param': 'undeclared'},
                                                      'plain']}})})
    assert stack.resource('a').properties['value'] == 'plain'


def test_an_output_that_cannot_be_computed_is_an_output_error(bind):
    """The stack binds; only showing the output reports its error."""
    stack = bind(resources={'a': res()},
                 outputs={'bad': {'value': {'get_param': 'undeclared'}},
                          'split': {'value': {'str_split': [',', {'get_param': 'n'}]}},
                          'good': {'value': {'get_resource': 'a'}}},
                 parameters={'n': {'type': 'number', 'default': 3}})
    assert stack.resolve_output('good', {'a': 'a-id'}, {}) == 'a-id'
    with pytest.raises(exception.OutputError, match=r'outputs\.bad\.value\.get_param: '
                       'The parameter "undeclared" is not defined'):
        stack.resolve_output('bad', {}, {})
    with pytest.raises(exception.OutputError, match=r'outputs\.split\.value'):
        stack.resolve_output('split', {}, {})


def test_unknown_keys_in_an_output_are_ignored_as_in_heat(bind):
    stack = bind(outputs={'o': {'value': 1, 'export': True}})
    assert stack.resolve_output('o', {}, {}) == 1

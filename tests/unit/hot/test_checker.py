import pytest

from heat_conv.common import exception
from heat_conv.hot import checker
from heat_conv.hot import versions


def make(date='2021-04-16', params=('p', 'flag'), resources=('a', 'b'), conds=('c',)):
    return checker.Checker(versions.VERSIONS[date], params, resources, conds)


PATH = ('resources', 'web', 'properties')


@pytest.fixture
def check():
    return make()


def test_plain_data_passes(check):
    check.value({'foo': 'bar', 'list': [1, {'k': None}], 'n': 1.5}, PATH)


def test_valid_calls_pass(check):
    check.value({'name': {'str_replace': {'template': 'x', 'params': {
        'x': {'get_attr': ['a', 'out', 0]}}}},
        'ref': {'get_resource': 'b'}, 'p': {'get_param': ['p', 'k']},
        'stack': {'get_param': 'OS::stack_name'},
        'choice': {'if': ['c', {'get_resource': 'a'}, None]}}, PATH)


def test_unknown_function_is_reported_where_it_is_used(check, raises_at):
    with raises_at(exception.UnknownFunction, 'resources.web.properties.x.0.equals',
                   'can only be used in a condition'):
        check.value({'x': [{'equals': [1, 1]}]}, PATH)


def test_function_of_a_later_version(raises_at):
    with raises_at(exception.UnknownFunction, 'resources.web.properties.v.list_concat',
                   'needs heat_template_version 2017-09-01'):
        make('2015-10-15').value({'v': {'list_concat': [[1], [2]]}}, PATH)


def test_single_key_map_with_ordinary_key_is_data(check):
    check.value({'foo': {'bar': {'baz': 1}}}, PATH)


def test_bad_shape_is_reported_at_the_call(check, raises_at):
    with raises_at(exception.InvalidFunctionArgs, 'resources.web.properties.v.list_join',
                   'expected at least 2 items'):
        check.value({'v': {'list_join': [',']}}, PATH)


def test_nested_call_errors_have_full_path(check, raises_at):
    with raises_at(exception.InvalidFunctionArgs,
                   'resources.web.properties.v.str_replace.params.x.str_split',
                   'the delimiter must be a string'):
        check.value({'v': {'str_replace': {'template': 'x', 'params': {
            'x': {'str_split': [1, 'a']}}}}}, PATH)


def test_undefined_parameter(check, raises_at):
    with raises_at(exception.InvalidReference, 'resources.web.properties.v.get_param',
                   'The parameter "nope" is not defined in the template'):
        check.value({'v': {'get_param': ['nope', 0]}}, PATH)


@pytest.mark.parametrize('snippet, path', [
    ({'get_resource': 'zzz'}, 'resources.web.properties.v.get_resource'),
    ({'get_attr': ['zzz', 'out']}, 'resources.web.properties.v.get_attr'),
])
def test_undefined_resource(check, raises_at, snippet, path):
    with raises_at(exception.InvalidReference, path,
                   'The resource "zzz" is not defined in the template'):
        check.value({'v': snippet}, PATH)


def test_both_branches_of_if_are_checked(check, raises_at):
    with raises_at(exception.InvalidReference,
                   'resources.web.properties.v.if.2.get_resource'):
        check.value({'v': {'if': ['c', 1, {'get_resource': 'missing'}]}}, PATH)


def test_parameters_in_an_if_branch_are_left_to_binding(check):
    """Heat resolves only the branch taken: binding reports its parameters."""
    check.value({'v': {'if': ['c', 1, {'get_param': 'missing'}]}}, PATH)


def test_if_condition_must_exist(check, raises_at):
    with raises_at(exception.InvalidReference, 'resources.web.properties.v.if.0',
                   'Invalid condition "nope"'):
        check.value({'v': {'if': ['nope', 1, 2]}}, PATH)


def test_condition_forms(check):
    for snippet in (True, False, 'c', {'not': 'c'}, {'and': ['c', True]},
                    {'or': [{'equals': [{'get_param': 'p'}, 'x']}, 'c']},
                    {'get_param': 'flag'}, {'contains': ['x', {'get_param': 'p'}]},
                    {'if': ['c', True, {'not': 'c'}]}):
        check.condition(snippet, ('conditions', 'x'))


def test_condition_of_wrong_type(check, raises_at):
    with raises_at(exception.InvalidTemplate, 'conditions.x',
                   'A condition must be a boolean, a condition name or a condition '
                   'function, not a list'):
        check.condition(['c'], ('conditions', 'x'))
    with raises_at(exception.InvalidTemplate, 'conditions.x', 'not a map'):
        check.condition({'foo': 'bar'}, ('conditions', 'x'))


def test_value_function_in_condition(check, raises_at):
    with raises_at(exception.UnknownFunction, 'conditions.x.equals.0.get_attr',
                   'cannot be used in a condition'):
        check.condition({'equals': [{'get_attr': ['a', 'out']}, 1]}, ('conditions', 'x'))


def test_condition_function_in_value(check, raises_at):
    with raises_at(exception.UnknownFunction, 'resources.web.properties.v.equals',
                   'can only be used in a condition'):
        check.value({'v': {'equals': [1, 1]}}, PATH)


def test_not_takes_a_condition(check, raises_at):
    with raises_at(exception.InvalidReference, 'conditions.x.not', 'Invalid condition "zz"'):
        check.condition({'not': 'zz'}, ('conditions', 'x'))


def test_and_items_are_conditions(check, raises_at):
    with raises_at(exception.InvalidTemplate, 'conditions.x.and.1', 'not a number'):
        check.condition({'and': ['c', 5]}, ('conditions', 'x'))


def test_if_in_conditions_needs_wallaby(raises_at):
    with raises_at(exception.UnknownFunction, 'conditions.x.if'):
        make('2018-08-31').condition({'if': ['c', True, False]}, ('conditions', 'x'))


def test_if_in_conditions_branches_are_conditions(check, raises_at):
    with raises_at(exception.InvalidReference, 'conditions.x.if.1', 'Invalid condition'):
        check.condition({'if': ['c', 'nope', True]}, ('conditions', 'x'))


def test_pseudo_parameters_are_defined(check):
    for name in ('OS::stack_name', 'OS::stack_id', 'OS::project_id'):
        check.value({'get_param': name}, PATH)


def test_computed_names_are_left_for_evaluation(check):
    check.value({'get_resource': {'get_param': 'p'}}, PATH)
    check.value({'get_param': [{'get_param': 'p'}]}, PATH)


def test_get_file_names_are_checked_when_files_are_known(raises_at):
    check = checker.Checker(versions.VERSIONS['2018-08-31'], (), (), (), files={'a.sh': ''})
    check.value({'get_file': 'a.sh'}, PATH)
    with raises_at(exception.InvalidReference, 'resources.web.properties.get_file',
                   'get_file path: b.sh'):
        check.value({'get_file': 'b.sh'}, PATH)

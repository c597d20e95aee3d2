import pytest

from heat_conv.common import exception
from heat_conv.hot import evaluator
from heat_conv.hot import references
from heat_conv.hot import syntax
from heat_conv.hot import versions
from heat_conv.hot.evaluator import Deferred
from heat_conv.hot.evaluator import Evaluator
from heat_conv.hot.evaluator import Scope

SPEC = versions.VERSIONS['2021-04-16']
PATH = ('resources', 'r', 'properties')


class FixedConditions:
    def __init__(self, values):
        self.values = values

    def is_enabled(self, name, path):
        if name not in self.values:
            raise exception.InvalidReference(f'no {name}', path=path)
        return self.values[name]


def bind_scope(params=None, conditions=None, enabled=('a', 'b'), defined=('a', 'b', 'off'),
               files=None):
    params = {'name': 'web', 'count': 3, 'tags': ['x', 'y'], 'cfg': {'k': [1, 2]},
              'OS::stack_name': 'mystack', **(params or {})}
    return Evaluator(Scope(SPEC, parameters=params,
                           conditions=FixedConditions(conditions or {'on': True,
                                                                     'off': False}),
                           files=files or {'f.sh': 'echo'}, defined=defined,
                           enabled=enabled))


def evaluate(snippet, **kwargs):
    deps = {}
    value, deferred = bind_scope(**kwargs).evaluate(snippet, PATH, deps)
    return value, deferred, deps


def test_constants_are_returned_unchanged():
    snippet = {'a': [1, 'two', {'three': None}], 'b': True}
    assert evaluate(snippet) == (snippet, False, {})


def test_parameter_only_functions_are_computed():
    value, deferred, deps = evaluate({
        'name': {'str_replace': {'template': '$n-$c', 'params': {
            '$n': {'get_param': 'name'}, '$c': {'get_param': 'count'}}}},
        'second_tag': {'get_param': ['tags', 1]},
        'deep': {'get_param': ['cfg', 'k', 0]},
        'stack': {'get_param': 'OS::stack_name'},
        'file': {'get_file': 'f.sh'},
    })
    assert value == {'name': 'web-3', 'second_tag': 'y', 'deep': 1, 'stack': 'mystack',
                     'file': 'echo'}
    assert not deferred and deps == {}


def test_get_resource_is_deferred_and_recorded():
    value, deferred, deps = evaluate({'ref': {'get_resource': 'a'}})
    assert deferred
    assert isinstance(value['ref'], Deferred)
    assert evaluator.to_snippet(value) == {'ref': {'get_resource': 'a'}}
    assert deps == {'a': set()}


def test_get_attr_records_the_attribute_name():
    value, _, deps = evaluate({'x': {'get_attr': ['a', 'out', 'k', 0]},
                               'y': {'get_attr': ['a', 'other']},
                               'z': {'get_attr': ['b']}})
    assert deps == {'a': {'out', 'other'}, 'b': {'*'}}
    assert evaluator.to_snippet(value)['x'] == {'get_attr': ['a', 'out', 'k', 0]}


def test_call_around_a_reference_stays_with_other_arguments_evaluated():
    value, deferred, _ = evaluate({'v': {'list_join': [
        {'get_param': 'name'}, [{'get_attr': ['a', 'out']}, {'get_param': ['tags', 0]}]]}})
    assert deferred
    assert evaluator.to_snippet(value) == {'v': {'list_join': [
        'web', [{'get_attr': ['a', 'out']}, 'x']]}}


def test_if_evaluates_only_the_chosen_branch():
    # The untaken branch refers to a disabled resource; that must not matter.
    value, deferred, deps = evaluate({'v': {'if': ['off', {'get_resource': 'off'}, 'none']},
                                      'w': {'if': ['on', {'get_param': 'name'}, 'x']}})
    assert value == {'v': 'none', 'w': 'web'}
    assert not deferred and deps == {}


def test_if_with_inline_condition():
    value, _, _ = evaluate({'v': {'if': [{'equals': [{'get_param': 'count'}, 3]}, 'yes', 'no']}})
    assert value == {'v': 'yes'}


def test_reference_to_disabled_resource(raises_at):
    with raises_at(exception.InvalidReference, 'resources.r.properties.v.get_resource',
                   'The resource "off" is not created because its condition is false'):
        evaluate({'v': {'get_resource': 'off'}})


def test_reference_to_undefined_resource(raises_at):
    with raises_at(exception.InvalidReference, 'resources.r.properties.v.get_attr',
                   'The resource "ghost" is not defined'):
        evaluate({'v': {'get_attr': ['ghost', 'x']}})


def test_undefined_parameter(raises_at):
    with raises_at(exception.InvalidReference, 'resources.r.properties.get_param',
                   'The parameter "nope" is not defined'):
        evaluate({'get_param': 'nope'})


def test_resource_name_from_parameter():
    value, deferred, deps = evaluate({'get_resource': {'get_param': 'which'}},
                                     params={'which': 'b'})
    assert deferred and deps == {'b': set()}
    assert evaluator.to_snippet(value) == {'get_resource': 'b'}


def test_names_cannot_depend_on_resources(raises_at):
    with raises_at(exception.InvalidFunctionArgs, 'resources.r.properties.get_attr',
                   'cannot depend on another resource'):
        evaluate({'get_attr': [{'get_attr': ['a', 'name']}, 'x']})
    with raises_at(exception.InvalidFunctionArgs, 'resources.r.properties.get_param',
                   'cannot depend on another resource'):
        evaluate({'get_param': [{'get_resource': 'a'}]})
    with raises_at(exception.InvalidFunctionArgs, 'resources.r.properties.get_file'):
        evaluate({'get_file': {'get_resource': 'a'}})


def test_get_attr_path_may_depend_on_resources():
    value, deferred, deps = evaluate({'get_attr': ['a', 'list', {'get_attr': ['b', 'idx']}]})
    assert deferred and deps == {'a': {'list'}, 'b': {'idx'}}
    final = evaluator.resolve_frozen(evaluator.to_snippet(value), SPEC.date, {},
                                     {'a': {'list': ['p', 'q']}, 'b': {'idx': 1}})
    assert final == 'q'


def test_runtime_argument_errors_are_reported(raises_at):
    with raises_at(exception.InvalidFunctionArgs, 'resources.r.properties.v.list_join',
                   'each item after the delimiter must be a list'):
        evaluate({'v': {'list_join': [',', {'get_param': 'name'}]}})


def test_condition_must_evaluate_to_boolean(raises_at):
    with raises_at(exception.InvalidTemplate, 'conditions.c.get_param',
                   'A condition must evaluate to a boolean, not a string'):
        bind_scope().condition({'get_param': 'name'}, ('conditions', 'c'))


def test_condition_functions():
    ev = bind_scope(params={'flag': True})
    assert ev.condition({'get_param': 'flag'}, ()) is True
    assert ev.condition({'not': 'on'}, ()) is False
    assert ev.condition({'and': ['on', {'not': 'off'}]}, ()) is True
    assert ev.condition({'or': ['off', False]}, ()) is False
    assert ev.condition({'contains': ['x', {'get_param': 'tags'}]}, ()) is True
    assert ev.condition({'if': ['off', True, 'off']}, ()) is False


def test_computed_value_that_looks_like_a_call_is_escaped():
    value, deferred, _ = evaluate({'data': {'get_param': 'cfg'}, 'ref': {'get_resource': 'a'}},
                                  params={'cfg': {'get_resource': 'b'}})
    snippet = evaluator.to_snippet(value)
    assert snippet['data'] == {syntax.LITERAL_KEY: {'get_resource': 'b'}}
    final = evaluator.resolve_frozen(snippet, SPEC.date, {'a': 'A', 'b': 'B'}, {})
    assert final == {'data': {'get_resource': 'b'}, 'ref': 'A'}


def test_literal_key_in_a_template_is_just_data():
    value, _, _ = evaluate({'x': {syntax.LITERAL_KEY: 5}})
    assert value == {'x': {syntax.LITERAL_KEY: 5}}


# --- resolve_frozen ----------------------------------------------------------

def test_resolve_frozen_uses_refs_and_attrs():
    snippet = {'a': {'get_resource': 'a'},
               'b': {'str_replace': {'template': 'x=$x', 'params': {
                   '$x': {'get_attr': ['b', 'out', 'k']}}}},
               'all': {'get_attr': ['b']}, 'const': [1, 2]}
    result = evaluator.resolve_frozen(snippet, '2021-04-16', {'a': 'ref-a'},
                                      {'b': {'out': {'k': 'v'}, 'other': 2}})
    assert result == {'a': 'ref-a', 'b': 'x=v', 'all': {'out': {'k': 'v'}, 'other': 2},
                      'const': [1, 2]}


def test_resolve_frozen_missing_data_is_none():
    snippet = {'r': {'get_resource': 'gone'}, 'x': {'get_attr': ['gone', 'out']},
               'y': {'get_attr': ['b', 'missing', 0]}, 'z': {'get_attr': ['b', 'out', 'no']}}
    assert evaluator.resolve_frozen(snippet, 'wallaby', {}, {'b': {'out': {}}}) == {
        'r': None, 'x': None, 'y': None, 'z': None}


@pytest.mark.parametrize('snippet', [
    {'get_attr': ['t', 'bad']},
    {'get_attr': ['t', 'bad', 'key']},
    {'get_attr': ['t']},
    {'get_attr': ['group', 'bad']},
    {'get_attr': ['group', 'bad', 0]},
], ids=['attribute', 'path-into-it', 'all-attributes', 'group-list', 'group-path'])
def test_get_attr_of_an_unavailable_value_fails_with_its_message(snippet):
    """A child stack's output in error fails whoever reads it, as Heat's
    TemplateOutputError does; the message names no path of this template."""
    missing = references.unavailable('Error in t output bad: it broke')
    attrs = {'t': {'bad': missing, 'good': 1},
             'group': {'bad': [1, missing], references.PER_MEMBER: ['bad']}}
    with pytest.raises(exception.AttributeUnavailable) as info:
        evaluator.resolve_frozen(snippet, '2021-04-16', {}, attrs)
    assert info.value.message == 'Error in t output bad: it broke'


def test_get_attr_of_an_available_neighbour_of_an_unavailable_value_works():
    attrs = {'t': {'bad': references.unavailable('broken'), 'good': 1}}
    assert evaluator.resolve_frozen({'get_attr': ['t', 'good']}, '2021-04-16', {},
                                    attrs) == 1


def test_resolve_frozen_accepts_release_names_and_none_maps():
    assert evaluator.resolve_frozen({'get_resource': 'a'}, 'newton', None, None) is None


def test_resolve_frozen_follows_version_behaviour():
    snippet = {'list_join': [',', [{'get_attr': ['a', 'v']}]]}
    attrs = {'a': {'v': {'k': 1}}}
    assert evaluator.resolve_frozen(snippet, '2015-10-15', {}, attrs) == '{"k": 1}'
    with pytest.raises(exception.InvalidFunctionArgs):
        evaluator.resolve_frozen(snippet, '2013-05-23', {}, attrs)


def test_resolve_frozen_reports_path(raises_at):
    with raises_at(exception.InvalidFunctionArgs, 'outputs.o.value.str_split',
                   'the string must be a string'):
        evaluator.resolve_frozen({'str_split': [',', {'get_attr': ['a', 'n']}]}, '2018-08-31',
                                 {}, {'a': {'n': 5}}, path=('outputs', 'o', 'value'))


def test_resolve_frozen_rejects_unknown_version(raises_at):
    with pytest.raises(exception.InvalidTemplateVersion) as info:
        evaluator.resolve_frozen({}, '1999-01-01', {}, {})
    assert '"1999-01-01" is not a known template version' in str(info.value)


def test_to_snippet_is_plain_data():
    tree = {'l': [Deferred('get_resource', 'a'), 1], 'd': Deferred('list_join', [
        ',', [Deferred('get_attr', ['a', 'x'])]])}
    assert evaluator.to_snippet(tree) == {
        'l': [{'get_resource': 'a'}, 1],
        'd': {'list_join': [',', [{'get_attr': ['a', 'x']}]]}}
    assert 'get_resource' in repr(Deferred('get_resource', 'a'))


def test_member_of_a_nested_stack_is_read_through_its_dotted_name():
    # Heat reads [r, resource.N, ATTR, ...] as [r, resource.N.ATTR, ...]
    _, _, deps = evaluate({'x': {'get_attr': ['a', 'resource.0', 'out', 'k']},
                           'y': {'get_attr': ['a', 'resource.1']},
                           'z': {'get_attr': ['b', 'resource.0.out']}})
    assert deps == {'a': {'resource.0.out', 'resource.1'}, 'b': {'resource.0.out'}}
    snippet = {'x': {'get_attr': ['a', 'resource.0', 'out', 'k']},
               'y': {'get_attr': ['a', 'resource.0']}}
    attrs = {'a': {'resource.0': 'id-0', 'resource.0.out': {'k': 'v'}}}
    assert evaluator.resolve_frozen(snippet, '2021-04-16', {}, attrs) == {
        'x': 'v', 'y': 'id-0'}

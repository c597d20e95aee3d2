import pytest

from heat_conv.common import exception
from heat_conv.hot import conditions
from heat_conv.hot import evaluator
from heat_conv.hot import versions

SPEC = versions.VERSIONS['2018-08-31']


def table_for(definitions, params=None):
    table = conditions.ConditionTable(definitions)
    scope = evaluator.Scope(SPEC, parameters=params or {'env': 'prod', 'n': 3},
                            conditions=table)
    table.attach(evaluator.Evaluator(scope))
    return table


def test_conditions_evaluate_in_template_order():
    table = table_for({'prod': {'equals': [{'get_param': 'env'}, 'prod']},
                       'dev': {'not': 'prod'},
                       'big_prod': {'and': ['prod', {'equals': [{'get_param': 'n'}, 3]}]},
                       'always': True})
    result = table.evaluate_all()
    assert result == {'prod': True, 'dev': False, 'big_prod': True, 'always': True}
    assert list(result) == ['prod', 'dev', 'big_prod', 'always']


def test_condition_may_refer_to_a_later_condition():
    table = table_for({'first': {'not': 'second'}, 'second': False})
    assert table.evaluate_all() == {'first': True, 'second': False}


def test_each_condition_is_evaluated_once():
    table = table_for({'a': True, 'b': {'and': ['a', 'a']}, 'c': {'or': ['a', 'b']}})
    assert table.is_enabled('c', ()) is True
    assert table._values == {'a': True, 'b': True, 'c': True}


def test_unknown_condition_name(raises_at):
    with raises_at(exception.InvalidReference, 'resources.r.condition',
                   'Invalid condition "nope"'):
        table_for({'a': True}).is_enabled('nope', ('resources', 'r', 'condition'))


def test_circular_conditions_name_the_loop(raises_at):
    table = table_for({'a': {'not': 'b'}, 'b': {'and': [True, 'a']}})
    with raises_at(exception.InvalidReference, 'conditions.a',
                   'Circular reference between conditions: a -> b -> a'):
        table.evaluate_all()


def test_self_reference(raises_at):
    with raises_at(exception.InvalidReference, 'conditions.a', 'a -> a'):
        table_for({'a': {'not': 'a'}}).evaluate_all()


def test_non_boolean_condition(raises_at):
    with raises_at(exception.InvalidTemplate, 'conditions.a',
                   'A condition must be a boolean, a condition name or a condition '
                   'function, not a number'):
        table_for({'a': 1}).evaluate_all()


def test_parse_section():
    assert conditions.parse_section(None) == {}
    assert conditions.parse_section({'a': True}) == {'a': True}


def test_parse_section_errors(raises_at):
    with raises_at(exception.InvalidTemplate, 'conditions', 'must be a map'):
        conditions.parse_section(['a'])
    with raises_at(exception.InvalidTemplate, 'conditions.1', 'must be strings'):
        conditions.parse_section({1: True})


@pytest.mark.parametrize('value', [True, False])
def test_boolean_definitions(value):
    assert table_for({'c': value}).is_enabled('c', ()) is value

import pytest

from heat_conv.common import exception
from heat_conv.hot import environment_merge as em


def merge(*contents, types=None):
    files = {f'e{i}.yaml': text for i, text in enumerate(contents)}
    return em.merge_files(list(files), files,
                          (lambda: types) if types is not None else None)


def test_overwrite_is_the_default():
    merged = merge('parameters: {a: one, b: x}', 'parameters: {a: two}')
    assert merged['parameters'] == {'a': 'two', 'b': 'x'}


def test_merge_by_declared_type():
    strategies = 'parameter_merge_strategies: {default: merge}\n'
    merged = merge(strategies + 'parameters: {s: ab, n: 1, l: "x,y", j: {k: {a: 1}}}',
                   strategies + 'parameters: {s: cd, n: "2", l: [z], j: {k: {b: 2}, m: 1}}',
                   types={'s': 'string', 'n': 'number', 'l': 'comma_delimited_list',
                          'j': 'json'})
    assert merged['parameters'] == {'s': 'abcd', 'n': 3, 'l': ['x', 'y', 'z'],
                                    'j': {'k': {'b': 2}, 'm': 1}}


def test_deep_merge_merges_nested_maps_lists_and_strings():
    strategies = 'parameter_merge_strategies: {j: deep_merge}\n'
    merged = merge(strategies + 'parameters: {j: {k: {a: 1, l: [1], s: x}}}',
                   strategies + 'parameters: {j: {k: {b: 2, l: [2], s: y}, n: null}}',
                   types={'j': 'json'})
    assert merged['parameters']['j'] == {'k': {'a': 1, 'b': 2, 'l': [1, 2], 's': 'xy'}}


def test_json_given_as_text_is_merged_too():
    strategies = 'parameter_merge_strategies: {default: merge}\n'
    merged = merge(strategies + "parameters: {j: '{\"a\": 1}'}",
                   strategies + 'parameters: {j: {b: 2}}', types={'j': 'json'})
    assert merged['parameters']['j'] == {'a': 1, 'b': 2}


def test_undeclared_parameters_merge_by_their_values():
    strategies = 'parameter_merge_strategies: {default: merge}\n'
    merged = merge(strategies + 'parameter_defaults: {l: [a], s: x}',
                   strategies + 'parameter_defaults: {l: [b], s: y}')
    assert merged['parameter_defaults'] == {'l': ['a', 'b'], 's': 'xy'}


def test_booleans_cannot_be_merged():
    strategies = 'parameter_merge_strategies: {b: merge}\n'
    with pytest.raises(exception.InvalidMergeStrategyForParam) as info:
        merge(strategies + 'parameters: {b: true}', strategies + 'parameters: {b: false}',
              types={'b': 'boolean'})
    assert "Invalid merge strategy 'merge' for parameter 'b'." in str(info.value)


def test_strategy_must_agree_across_files():
    with pytest.raises(exception.ConflictingMergeStrategyForParam) as info:
        merge('parameters: {a: 1}',
              'parameter_merge_strategies: {a: merge}\nparameters: {a: 2}')
    assert str(info.value) == ("Conflicting merge strategy 'merge' for parameter 'a' "
                               "in file 'e1.yaml'.")


def test_a_file_without_strategies_follows_the_established_one():
    merged = merge('parameter_merge_strategies: {a: merge}\nparameters: {a: x}',
                   'parameters: {a: y}', types={'a': 'string'})
    assert merged['parameters'] == {'a': 'xy'}


def test_unknown_strategy_is_refused():
    with pytest.raises(exception.InvalidEnvironment) as info:
        merge('parameter_merge_strategies: {a: append}\nparameters: {a: 1}')
    assert str(info.value) == (
        "In environment file e0.yaml: parameter_merge_strategies.a: Invalid merge "
        "strategy 'append'; valid strategies are: overwrite, merge, deep_merge")


def test_other_sections_merge_as_maps_and_strategies_are_not_kept():
    merged = merge('resource_registry: {A: OS::Heat::None, resources: {r: {B: X}}}',
                   'parameter_merge_strategies: {}\n'
                   'resource_registry: {C: OS::Heat::None, resources: {s: {B: Y}}}')
    assert merged == {'resource_registry': {
        'A': 'OS::Heat::None', 'C': 'OS::Heat::None',
        'resources': {'r': {'B': 'X'}, 's': {'B': 'Y'}}}}


def test_a_broken_file_is_named():
    with pytest.raises(exception.InvalidEnvironment) as info:
        merge('parameters: {a: 1}', 'bogus_section: {}')
    assert str(info.value).startswith('In environment file e1.yaml: bogus_section:')


def test_values_that_do_not_merge_are_reported():
    strategies = 'parameter_merge_strategies: {default: merge}\n'
    with pytest.raises(exception.InvalidEnvironment) as info:
        merge(strategies + 'parameters: {n: 1}', strategies + 'parameters: {n: many}',
              types={'n': 'number'})
    assert 'Cannot merge the values of parameter n' in str(info.value)

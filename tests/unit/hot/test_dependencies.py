import pytest

from heat_conv.common import exception
from heat_conv.hot import dependencies


def test_acyclic_graph_has_no_cycle():
    graph = {'a': {}, 'b': {'a': {'x'}}, 'c': {'a': set(), 'b': set()}}
    assert dependencies.find_cycle(graph) is None
    dependencies.check_acyclic(graph)


def test_two_node_cycle():
    assert sorted(dependencies.find_cycle({'a': {'b'}, 'b': {'a'}, 'c': {'a'}})) == ['a', 'b']


def test_self_dependency_is_a_cycle():
    assert dependencies.find_cycle({'a': {'a'}, 'b': set()}) == ['a']


def test_cycle_members_exclude_nodes_merely_leading_into_it():
    graph = {'entry': {'x'}, 'x': {'y'}, 'y': {'z'}, 'z': {'x'}, 'tail': {'entry'}}
    assert sorted(dependencies.find_cycle(graph)) == ['x', 'y', 'z']


def test_edges_outside_the_graph_are_ignored():
    assert dependencies.find_cycle({'a': {'disabled'}}) is None


def test_check_acyclic_raises_dependency_cycle_naming_members():
    with pytest.raises(exception.DependencyCycle) as info:
        dependencies.check_acyclic({'web': {'db'}, 'db': {'net'}, 'net': {'web'}})
    assert info.value.members == ['db', 'net', 'web']
    assert str(info.value) == ('resources: Circular dependency between resources: '
                               'db, net, web')


def test_long_chain_does_not_hit_recursion_limit():
    n = 20000
    graph = {f'r{i}': {f'r{i - 1}'} if i else set() for i in range(n)}
    assert dependencies.find_cycle(graph) is None
    graph['r0'] = {f'r{n - 1}'}
    assert len(dependencies.find_cycle(graph)) == n


def test_merge_and_freeze():
    merged = dependencies.merge({'a': {'x'}}, {'a': {'y'}, 'b': set()})
    assert merged == {'a': {'x', 'y'}, 'b': set()}
    assert dependencies.freeze(merged) == {'a': frozenset({'x', 'y'}), 'b': frozenset()}

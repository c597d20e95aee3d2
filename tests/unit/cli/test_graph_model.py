"""The dependency graph built from canned resource lists."""
from heat_conv_client import graph_model

from . import fakes


def test_fan_layers_edges_and_roots():
    graph = graph_model.build(fakes.FAN, 'fan', 'CREATE_IN_PROGRESS')
    assert (graph.stack_name, graph.stack_status) == ('fan', 'CREATE_IN_PROGRESS')
    assert [[node.name for node in layer] for layer in graph.layers()] == [
        ['source'], ['worker_a', 'worker_b', 'worker_c'], ['collector']]
    assert [node.name for node in graph.roots()] == ['source']
    collector = graph.nodes['collector']
    assert collector.requires == ('worker_a', 'worker_b', 'worker_c')
    assert (collector.type, collector.status) == ('OS::Heat::TestResource',
                                                  'INIT_COMPLETE')
    assert ('source', 'worker_b') in graph.edges()
    assert len(graph.edges()) == 6


def test_layer_is_the_longest_path_from_a_root():
    # d needs a directly and, through b and c, two steps later.
    graph = graph_model.build([
        fakes.resource('a', ['b', 'd']), fakes.resource('b', ['c']),
        fakes.resource('c', ['d']), fakes.resource('d')])
    assert {name: node.layer for name, node in graph.nodes.items()} == {
        'a': 0, 'b': 1, 'c': 2, 'd': 3}
    assert list(graph.nodes) == ['a', 'b', 'c', 'd']


def test_accepts_heatclient_objects_and_logical_ids():
    client = fakes.FakeHeatClient({'s': ('CREATE_COMPLETE', fakes.FAN)})
    graph = graph_model.build(client.resources.list('s'))
    assert graph.nodes['source'].required_by == ('worker_a', 'worker_b', 'worker_c')
    old_style = [{'logical_resource_id': 'x', 'resource_type': 'T',
                  'resource_status': 'CREATE_COMPLETE'}]
    assert list(graph_model.build(old_style).nodes) == ['x']


def test_unknown_and_self_edges_are_dropped():
    graph = graph_model.build([fakes.resource('a', ['gone', 'a', 'b']),
                               dict(fakes.resource('b'), required_by=None)])
    assert graph.edges() == [('a', 'b')]


def test_a_cycle_ends_up_in_a_last_layer_instead_of_hanging():
    graph = graph_model.build([fakes.resource('root', ['x']),
                               fakes.resource('x', ['y']), fakes.resource('y', ['x'])])
    assert graph.nodes['root'].layer == 0
    assert graph.nodes['x'].layer == graph.nodes['y'].layer == 1


def test_empty_stack():
    graph = graph_model.build([], 'empty', 'CREATE_COMPLETE')
    assert graph.nodes == {} and graph.roots() == [] and graph.layers() == []

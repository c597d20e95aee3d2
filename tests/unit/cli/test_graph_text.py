"""The terminal rendering of a dependency graph."""
from heat_conv_client import graph_model
from heat_conv_client import graph_text

from . import fakes

T = '[OS::Heat::TestResource]'


def test_fan_out_and_in():
    graph = graph_model.build(fakes.FAN, 'fan', 'CREATE_IN_PROGRESS')
    assert graph_text.render(graph) == '\n'.join([
        'stack fan: CREATE_IN_PROGRESS',
        f'source {T} CREATE_COMPLETE',
        f'|-- worker_a {T} CREATE_COMPLETE',
        f'|   `-- collector {T} INIT_COMPLETE (also needs worker_b, worker_c)',
        f'|-- worker_b {T} CREATE_IN_PROGRESS',
        '|   `-- collector: drawn under worker_a',
        f'`-- worker_c {T} CREATE_FAILED',
        '    `-- collector: drawn under worker_a',
    ]) + '\n'


def test_drawn_under_the_deepest_requirement():
    # d needs a and c; c is deeper, so d hangs under c, where it starts.
    graph = graph_model.build([
        fakes.resource('a', ['b', 'd']), fakes.resource('b', ['c']),
        fakes.resource('c', ['d']), fakes.resource('d'), fakes.resource('alone')],
        'chain', 'UPDATE_COMPLETE')
    assert graph_text.render(graph).splitlines()[1:] == [
        f'a {T} CREATE_COMPLETE',
        f'|-- b {T} CREATE_COMPLETE',
        f'|   `-- c {T} CREATE_COMPLETE',
        f'|       `-- d {T} CREATE_COMPLETE (also needs a)',
        '`-- d: drawn under c',
        f'alone {T} CREATE_COMPLETE',
    ]


def test_empty_stack():
    graph = graph_model.build([], 'empty', 'CREATE_COMPLETE')
    assert graph_text.render(graph) == 'stack empty: CREATE_COMPLETE\n(no resources)\n'


def test_a_chain_deeper_than_the_recursion_limit():
    names = [f'r{i:05d}' for i in range(1500)]
    resources = [fakes.resource(name, [nxt]) for name, nxt in zip(names, names[1:])]
    resources.append(fakes.resource(names[-1]))
    lines = graph_text.render(graph_model.build(resources, 'deep', 'X')).splitlines()
    assert len(lines) == 1501
    assert lines[-1] == ' ' * 4 * 1498 + f'`-- r01499 {T} CREATE_COMPLETE'


def test_a_cycle_is_listed_not_lost():
    graph = graph_model.build([fakes.resource('x', ['y']), fakes.resource('y', ['x'])],
                              'loop', 'X')
    assert graph_text.render(graph).splitlines()[1:] == [
        f'x {T} CREATE_COMPLETE (needs y) (unreachable: dependency cycle)',
        f'y {T} CREATE_COMPLETE (needs x) (unreachable: dependency cycle)',
    ]

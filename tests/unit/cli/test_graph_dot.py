"""The DOT rendering of a dependency graph."""
import pytest

from heat_conv_client import graph_dot
from heat_conv_client import graph_model

from . import fakes


def test_fan():
    graph = graph_model.build(fakes.FAN[:2] + [fakes.resource('collector')],
                              'fan', 'CREATE_IN_PROGRESS')
    assert graph_dot.render(graph) == '\n'.join([
        'digraph "fan" {',
        '  graph [label="fan: CREATE_IN_PROGRESS", labelloc=t, rankdir=TB, '
        'fontname="Helvetica"];',
        '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=10];',
        '  "source" [label="source\\nOS::Heat::TestResource\\nCREATE_COMPLETE", '
        'fillcolor="#d4edda"];',
        '  "worker_a" [label="worker_a\\nOS::Heat::TestResource\\nCREATE_COMPLETE", '
        'fillcolor="#d4edda"];',
        '  "collector" [label="collector\\nOS::Heat::TestResource\\nCREATE_COMPLETE", '
        'fillcolor="#d4edda"];',
        '  "source" -> "worker_a";',
        '  "worker_a" -> "collector";',
        '}',
    ]) + '\n'


@pytest.mark.parametrize('status, colour', [
    ('CREATE_FAILED', '#f8d7da'), ('UPDATE_IN_PROGRESS', '#fff3cd'),
    ('ROLLBACK_COMPLETE', '#d4edda'), ('INIT_COMPLETE', '#e2e3e5'),
    ('DELETE_COMPLETE', '#e2e3e5'), ('', '#ffffff'),
])
def test_fill_follows_status(status, colour):
    assert graph_dot.fill_colour(status) == colour


def test_names_are_quoted_whatever_they_contain():
    assert graph_dot.quote('a"b\\c\nd') == '"a\\"b\\\\c\\nd"'
    graph = graph_model.build([fakes.resource('my "db"', ['web-1']),
                               fakes.resource('web-1')], 'odd', 'X')
    assert '  "my \\"db\\"" -> "web-1";' in graph_dot.render(graph).splitlines()

"""`stack graph` run against a stand-in heatclient."""
import pytest
from osc_lib import exceptions

from heat_conv_client import graph_command

from . import fakes


def run(client, *argv, stdout=None):
    app = fakes.FakeApp(client, stdout)
    cmd = graph_command.StackGraph(app, None)
    parsed = cmd.get_parser('heat-conv stack graph').parse_args(list(argv))
    assert cmd.take_action(parsed) == 0
    return app.stdout.getvalue()


@pytest.fixture
def client():
    return fakes.FakeHeatClient({'fan': ('CREATE_IN_PROGRESS', fakes.FAN)})


def test_text_by_default_from_the_canonical_path(client):
    out = run(client, 'fan')
    assert out.startswith('stack fan: CREATE_IN_PROGRESS\nsource ')
    assert 'worker_c [OS::Heat::TestResource] CREATE_FAILED' in out
    assert client.resource_list_calls == ['fan/id-fan']


def test_dot_to_stdout_and_to_a_file(client, tmp_path):
    assert run(client, 'fan', '--format', 'dot').startswith('digraph "fan" {')
    target = tmp_path / 'fan.gv'
    assert run(client, 'fan', '--output', str(target)) == ''
    assert '"source" -> "worker_a";' in target.read_text()


@pytest.mark.parametrize('requested, output, expected', [
    (None, None, 'text'), ('dot', None, 'dot'), (None, 'g.SVG', 'svg'),
    (None, 'g.png', 'png'), (None, 'g.dot', 'dot'), (None, 'graph', 'text'),
    ('text', 'g.png', 'text'),
])
def test_format_from_option_then_extension(requested, output, expected):
    assert graph_command.choose_format(requested, output) == expected


def test_unknown_stack(client):
    with pytest.raises(exceptions.CommandError, match='Stack not found: nope'):
        run(client, 'nope')


def test_png_is_not_written_to_a_terminal(client):
    with pytest.raises(exceptions.CommandError, match='--output'):
        run(client, 'fan', '--format', 'png', stdout=fakes.TerminalStringIO())


def test_missing_graphviz_is_a_command_error(client, monkeypatch):
    monkeypatch.setattr('shutil.which', lambda name: None)
    with pytest.raises(exceptions.CommandError, match='package "graphviz"'):
        run(client, 'fan', '--format', 'svg')


@pytest.mark.parametrize('argv', [[], ['fan', '--format', 'bmp'], ['fan', '--bogus']])
def test_argument_errors(client, argv, capsys):
    cmd = graph_command.StackGraph(fakes.FakeApp(client), None)
    with pytest.raises(SystemExit) as info:
        cmd.get_parser('heat-conv stack graph').parse_args(argv)
    assert info.value.code == 2
    assert 'usage: heat-conv stack graph' in capsys.readouterr().err


def _tree_client():
    def res(name, type_name, required_by=(), child=None):
        row = {'resource_name': name, 'resource_type': type_name,
               'resource_status': 'CREATE_COMPLETE', 'required_by': list(required_by),
               'links': [{'rel': 'self', 'href': f'http://h/v1/t/stacks/x/y/resources/{name}'}]}
        if child:
            row['links'].append({'rel': 'nested', 'href': f'http://h/v1/t/stacks/{child}/id'})
        return row
    return fakes.FakeHeatClient({
        'top': ('CREATE_COMPLETE', [res('web', 'mid.yaml', ['after'], child='top-web'),
                                    res('after', 'OS::Heat::TestResource')]),
        'top-web': ('CREATE_COMPLETE', [res('a', 'leaf.yaml', child='top-web-a')]),
        'top-web-a': ('CREATE_COMPLETE', [res('server', 'OS::Heat::TestResource')]),
    })


def test_nested_depth_draws_child_stacks_inside_their_resource():
    client = _tree_client()
    assert run(client, 'top') == (
        'stack top: CREATE_COMPLETE\n'
        'web [mid.yaml] CREATE_COMPLETE\n'
        '`-- after [OS::Heat::TestResource] CREATE_COMPLETE\n')
    assert run(client, 'top', '--nested-depth', '2') == (
        'stack top: CREATE_COMPLETE\n'
        'web [mid.yaml] CREATE_COMPLETE\n'
        '|   : stack top-web: CREATE_COMPLETE\n'
        '|   : a [leaf.yaml] CREATE_COMPLETE\n'
        '|   :     : stack top-web-a: CREATE_COMPLETE\n'
        '|   :     : server [OS::Heat::TestResource] CREATE_COMPLETE\n'
        '`-- after [OS::Heat::TestResource] CREATE_COMPLETE\n')
    one_level = run(client, 'top', '--nested-depth', '1')
    assert 'top-web: ' in one_level and 'server' not in one_level


def test_nested_depth_in_dot_boxes_each_child_with_its_resource():
    dot = run(_tree_client(), 'top', '--nested-depth', '2', '--format', 'dot')
    assert 'subgraph "cluster_web" {' in dot
    assert 'subgraph "cluster_web/a" {' in dot
    assert '"web/a/server" [label="server' in dot
    assert '"web" -> "after";' in dot

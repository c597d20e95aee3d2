"""The heat-conv shell: where it sends requests, which commands it has, and
how it fails on bad arguments."""
from importlib import metadata

import pytest

from heat_conv.cli import main
from heat_conv.cli import shell


def resolved(argv, environ=None):
    """The options a command would run with, without running one."""
    heat_conv = shell.HeatConvShell(environ or {})
    heat_conv.options, _ = heat_conv.parser.parse_known_args(argv)
    heat_conv._final_defaults()
    return heat_conv.options


ENV_URL = 'http://env.example:8004/v1/from-env'
FLAG_URL = 'http://flag.example:8004/v1/from-flag'


@pytest.mark.parametrize('argv, environ, expected', [
    ([], {}, shell.DEFAULT_ENDPOINT),
    ([], {'HEAT_CONV_ENDPOINT': ENV_URL}, ENV_URL),
    (['--endpoint', FLAG_URL], {'HEAT_CONV_ENDPOINT': ENV_URL}, FLAG_URL),
    (['--os-endpoint', FLAG_URL], {'HEAT_CONV_ENDPOINT': ENV_URL}, FLAG_URL),
    (['--os-endpoint', ENV_URL, '--endpoint', FLAG_URL], {}, FLAG_URL),
    ([], {'HEAT_CONV_ENDPOINT': ''}, shell.DEFAULT_ENDPOINT),
])
def test_endpoint_precedence(argv, environ, expected):
    options = resolved(argv + ['stack', 'list'], environ)
    assert options.endpoint == expected
    assert options.auth_type == 'none'


def test_a_real_clouds_environment_is_not_inherited(monkeypatch):
    monkeypatch.setenv('OS_AUTH_TYPE', 'password')
    monkeypatch.setenv('OS_ENDPOINT', 'http://elsewhere/v1/x')
    options = resolved(['stack', 'list'])
    assert (options.auth_type, options.endpoint) == ('none', shell.DEFAULT_ENDPOINT)
    explicit = resolved(['--os-auth-type', 'admin_token', 'stack', 'list'])
    assert explicit.auth_type == 'admin_token'


def test_a_chosen_cloud_supplies_its_own_auth_and_endpoint():
    options = resolved(['--os-cloud', 'prod', 'stack', 'list'])
    assert (options.auth_type, options.endpoint) == (None, None)


def test_requests_go_to_the_chosen_endpoint(stack_list_server, monkeypatch, capsys):
    url = stack_list_server.url
    monkeypatch.setenv('HEAT_CONV_ENDPOINT', f'{url}/v1/envtenant')
    assert main.main(['stack', 'list']) == 0
    assert main.main(['--endpoint', f'{url}/v1/flagtenant', 'stack', 'list']) == 0
    assert [path.split('?')[0] for path, _ in stack_list_server.seen] == [
        '/v1/envtenant/stacks', '/v1/flagtenant/stacks']


def test_orchestration_commands_only():
    commands = {name for name, _ in shell.HeatConvShell({}).command_manager}
    assert {'stack create', 'stack list', 'stack graph', 'stack cancel',
            'orchestration template validate'} <= commands
    assert not any(name.startswith(('server ', 'network ', 'volume '))
                   for name in commands)


def test_stack_graph_is_an_openstack_plugin_command():
    (entry,) = [ep for ep in metadata.entry_points(group=shell.COMMAND_GROUP)
                if ep.name == 'stack_graph']
    assert entry.value == 'heat_conv.cli.graph_command:StackGraph'


@pytest.mark.parametrize('argv, message', [
    (['stack', 'graph'], 'the following arguments are required: <stack>'),
    (['stack', 'graph', 's', '--format', 'gif'], "invalid choice: 'gif'"),
    (['stack', 'create', 'no-template'], 'the following arguments are required: -t'),
    (['--endpoint'], 'argument --endpoint: expected one argument'),
])
def test_argument_errors_exit_2_with_usage(argv, message, capsys):
    with pytest.raises(SystemExit) as info:
        main.main(argv)
    assert info.value.code == 2
    assert message in capsys.readouterr().err


def test_unknown_command(capsys):
    assert main.main(['stak', 'list']) == 2
    assert "'stak list' is not a heat-conv command" in capsys.readouterr().out


def test_version(capsys):
    with pytest.raises(SystemExit) as info:
        main.main(['--version'])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f'heat-conv {metadata.version("heat-conv")}'

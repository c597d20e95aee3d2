"""The server and the client are two distributions (README, "Command-line
client"): the server pulls in no client stack, the client none of the
server, and each ships only its own package and commands.
tools/check-client-install (run by .ci/run) installs the client alone."""
import configparser
import pathlib
import re

REPO = pathlib.Path(__file__).resolve().parents[2]
CLIENT_STACK = {'python-heatclient', 'python-openstackclient', 'osc-lib'}


def _setup(path):
    parser = configparser.ConfigParser(interpolation=None)
    parser.read(path)
    return parser


def _names(requirements):
    return {re.split(r'[<>=!;\[ ]', line.strip(), maxsplit=1)[0].lower()
            for line in requirements.splitlines()
            if line.strip() and not line.strip().startswith('#')}


SERVER = _setup(REPO / 'setup.cfg')
CLIENT = _setup(REPO / 'client' / 'setup.cfg')


def test_the_server_pulls_in_no_client_stack():
    assert not _names(SERVER['options']['install_requires']) & CLIENT_STACK


def test_the_client_pulls_in_nothing_of_the_server():
    client = _names(CLIENT['options']['install_requires'])
    server = _names(SERVER['options']['install_requires'])
    assert 'heat-conv' not in client
    assert not client & server


def test_each_ships_its_own_package_and_commands():
    assert SERVER['options.packages.find']['include'].split() == ['heat_conv',
                                                                  'heat_conv.*']
    assert CLIENT['options.packages.find']['include'].split() == ['heat_conv_client',
                                                                  'heat_conv_client.*']
    server_points = SERVER['options.entry_points']
    client_points = CLIENT['options.entry_points']
    assert 'heat_conv_client' not in ''.join(server_points.values())
    assert 'openstack.orchestration.v1' not in server_points
    assert 'heat_conv.' not in ''.join(client_points.values())
    assert 'heat-conv = heat_conv_client.main:main' in client_points['console_scripts']
    plugin = client_points['openstack.orchestration.v1']
    assert 'stack_graph = ' in plugin and 'stack_drift = ' in plugin


def test_the_client_requires_what_heatclients_stack_commands_import():
    # heatclient.osc.v1.stack imports openstackclient: without it the
    # installed heat-conv has no ``stack create`` (found by a fresh
    # run-service venv).
    client = _names(CLIENT['options']['install_requires'])
    assert {'python-heatclient', 'python-openstackclient'} <= client

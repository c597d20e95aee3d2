"""The ``heat-conv`` shell: heatclient's orchestration commands, pointed at heat-conv.

The commands are python-heatclient's own OpenStackClient plugin commands
(the entry point group ``openstack.orchestration.v1``, which also holds
heat-conv's additions such as ``stack graph``), run by an osc-lib shell.
Unlike ``openstack``, this shell loads no other service's plugins, which
would only slow its start for commands it never runs. (Most of what is
left is importing heatclient's commands and what they import: osc-lib,
openstacksdk, keystoneclient.)

Unless a cloud from clouds.yaml is chosen (``--os-cloud`` or ``OS_CLOUD``),
heat-conv needs no credentials: authentication is none and the endpoint is
``--endpoint`` (or ``--os-endpoint``), else ``$HEAT_CONV_ENDPOINT``, else
the local heat-conv-all. ``OS_AUTH_TYPE``, ``OS_ENDPOINT`` and the rest of
a sourced Keystone ``openrc`` (``OS_PROJECT_NAME``, ``OS_USER_DOMAIN_NAME``,
...), which are likely set for some real cloud, are not inherited.
"""
import argparse
import functools
import os
from importlib import metadata

from heatclient.osc import plugin as heat_plugin
from osc_lib import clientmanager
from osc_lib import shell
from osc_lib.api import auth

from heat_conv_client import progress

COMMAND_GROUP = 'openstack.orchestration.v1'
DEFAULT_ENDPOINT = 'http://127.0.0.1:8004/v1/admin'
ENDPOINT_ENV = 'HEAT_CONV_ENDPOINT'


def default_endpoint(environ=None):
    """The endpoint used when no option names one: $HEAT_CONV_ENDPOINT, or
    the local heat-conv-all's API for the ``admin`` tenant."""
    environ = os.environ if environ is None else environ
    return environ.get(ENDPOINT_ENV) or DEFAULT_ENDPOINT


def _version():
    try:
        return metadata.version('heat-conv-client')
    except metadata.PackageNotFoundError:   # running from a source tree
        return 'unknown'


class _BuiltOnFirstUse:
    """Stands in for a client until something on it is used."""

    def __init__(self, factory):
        self._factory = factory

    @functools.cached_property
    def _client(self):
        return self._factory()

    def __getattr__(self, name):
        return getattr(self._client, name)


class ClientManager(clientmanager.ClientManager):
    """osc-lib's client manager with the clients heatclient's commands use."""

    @functools.cached_property
    def orchestration(self):
        return heat_plugin.make_client(self)

    @functools.cached_property
    def identity(self):
        # `stack list` fetches this client on every run but needs it only to
        # look up --project, which heat-conv without Keystone cannot answer;
        # building it lazily keeps keystoneclient out of the common path.
        def build():
            from keystoneclient.v3 import client
            return client.Client(session=self.session, region_name=self.region_name,
                                 interface=self.interface)
        return _BuiltOnFirstUse(build)


class HeatConvShell(shell.OpenStackShell):
    NAME = 'heat-conv'

    def __init__(self, environ=None):
        self._environ = os.environ if environ is None else environ
        super().__init__(
            description='heat-conv command-line client: the `openstack stack` '
                        'commands, plus `stack graph`.',
            version=_version(),
            command_manager=progress.CommandManager(COMMAND_GROUP),
            deferred_help=True,
        )

    def build_option_parser(self, description, version, argparse_kwargs=None):
        parser = super().build_option_parser(description, version, argparse_kwargs)
        parser = heat_plugin.build_option_parser(parser)
        parser = auth.build_auth_plugins_option_parser(parser)
        for action in parser._actions:
            if '--version' in action.option_strings:
                # cliff names the program after sys.argv[0].
                action.version = f'{self.NAME} {version}'
        # Same destination as --os-endpoint, so whichever comes last wins.
        parser.add_argument(
            '--endpoint', metavar='<url>', dest='endpoint', default=argparse.SUPPRESS,
            help=f'heat-conv API endpoint, tenant included; default '
                 f'{DEFAULT_ENDPOINT} (Env: {ENDPOINT_ENV})')
        # None means "not given on the command line"; _final_defaults decides.
        parser.set_defaults(endpoint=None, auth_type=None)
        return parser

    def _final_defaults(self):
        super()._final_defaults()
        if not self.options.cloud:
            self.options.auth_type = self.options.auth_type or 'none'
            self.options.endpoint = self.options.endpoint or \
                default_endpoint(self._environ)

    def _load_plugins(self):
        self.api_version = {
            heat_plugin.API_NAME: self.options.os_orchestration_api_version}

    def initialize_app(self, argv):
        super().initialize_app(argv)
        self.client_manager = ClientManager(
            cli_options=self.cloud, api_version=self.api_version,
            pw_func=shell.prompt_for_password)


def _forget_openrc(argv):
    """Without a cloud (no ``--os-cloud``, no ``OS_CLOUD``), heat-conv uses
    no Keystone: the ``OS_*`` variables of a sourced openrc, which osc-lib
    reads as option defaults and openstacksdk's config reads again, would
    be handed to the no-auth plugin, which takes none of them. This
    process forgets them before either reads them."""
    if os.environ.get('OS_CLOUD') or any(a == '--os-cloud' or a.startswith('--os-cloud=')
                                         for a in argv):
        return
    for key in [k for k in os.environ if k.startswith('OS_')]:
        del os.environ[key]


def run(argv, environ=None):
    _forget_openrc(argv)
    with progress.fast_polling():
        return HeatConvShell(environ).run(argv)

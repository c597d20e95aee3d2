"""The real-cloud tier: tests against the project's mini-cloud.

The rig is tools/minicloud (doc/minicloud.md). This tier finds it through
HEAT_CONV_MINICLOUD (its state dir), else MINICLOUD_HOME, else the default
state dir, and checks once per session that it answers: a token and one
list call per service (.ci/run runs the full `tools/minicloud health`
first). Without a rig the tier skips and says why; with
HEAT_CONV_REQUIRE_SERVICES=1 (CI) a missing or broken rig fails it.
"""
import os
import time

import pytest

from tests import services

# The clouds tools/minicloud writes into its clouds.yaml, by user.
CLOUDS = {'admin': 'minicloud-admin', 'demo': 'minicloud-demo',
          'alt': 'minicloud-alt', 'heat-conv': 'minicloud-heat-conv'}
# Seconds the tests' own calls wait for an answer. Generous: with the machine
# loaded, Neutron took over 15 s to create a router with a gateway, and a
# session fixture's timeout errors every test that uses it.
API_TIMEOUT = 60
# Seconds the tier waits for the rig to answer its first check.
CHECK_PATIENCE = 120


def state_dir():
    for name in ('HEAT_CONV_MINICLOUD', 'MINICLOUD_HOME'):
        if os.environ.get(name):
            return os.environ[name]
    data = os.environ.get('XDG_DATA_HOME') or os.path.expanduser(
        '~/.local/share')
    return os.path.join(data, 'heat-conv', 'minicloud')


class Minicloud:
    """The rig as the tests see it: its clouds.yaml and connections."""

    def __init__(self, home):
        self.home = home
        self.clouds_yaml = os.path.join(home, 'clouds.yaml')
        self._connections = {}

    def cloud_name(self, user):
        return CLOUDS[user]

    def connect(self, user='demo'):
        """A cached openstacksdk connection as `user` (admin, demo, ...)."""
        if user not in self._connections:
            import openstack.config
            import openstack.connection
            config = openstack.config.OpenStackConfig(
                config_files=[self.clouds_yaml], vendor_files=[])
            region = config.get_one(cloud=CLOUDS[user],
                                    api_timeout=API_TIMEOUT)
            self._connections[user] = openstack.connection.Connection(
                config=region)
        return self._connections[user]

    def check(self):
        """Cheap: a token per user and one list call per service."""
        for user in ('admin', 'demo'):
            self.connect(user).authorize()
        demo = self.connect('demo')
        probes = [
            ('compute', lambda: list(demo.compute.flavors())),
            ('network', lambda: list(demo.network.networks(limit=1))),
            ('image', lambda: list(demo.image.images(limit=1))),
            ('volume', lambda: list(demo.block_storage.volumes(limit=1))),
            ('placement', lambda: list(
                self.connect('admin').placement.resource_providers())),
        ]
        for service, probe in probes:
            try:
                probe()
            except Exception as exc:
                raise RuntimeError(f'{service}: {type(exc).__name__}: {exc}')


@pytest.fixture(scope='session')
def minicloud():
    home = state_dir()
    rig = Minicloud(home)
    why = (f'no mini-cloud at {home} (tools/minicloud install && '
           'tools/minicloud start; HEAT_CONV_MINICLOUD names another state '
           'dir)')
    if not os.path.exists(rig.clouds_yaml):
        services.unavailable('mini-cloud', why)
    if not services._port_open('127.0.0.1', 5000):
        services.unavailable('mini-cloud', f'{why}: Keystone does not '
                             'listen on 127.0.0.1:5000')
    # A loaded machine can keep Keystone from answering one token request
    # within the API timeout; the whole tier hangs on this one check, so it
    # tries for a while before calling the rig down.
    deadline = time.monotonic() + CHECK_PATIENCE
    while True:
        try:
            rig.check()
            return rig
        except Exception as exc:
            if time.monotonic() > deadline:
                services.unavailable('mini-cloud', f'the rig at {home} is not '
                                     f'healthy: {exc} (tools/minicloud health)')
            time.sleep(5)


@pytest.fixture(scope='session')
def rig(minicloud):
    """The rig's users with fresh connections each (their own tokens), for
    heat-conv run with Keystone auth (tests/realcloud/keystone_rig.py)."""
    from tests.realcloud import keystone_rig
    return keystone_rig.Rig(minicloud.clouds_yaml)

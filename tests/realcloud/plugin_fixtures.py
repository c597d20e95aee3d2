"""Fixtures for plugin-level tests against the real mini-cloud.

The tests act as the rig's users through openstacksdk connections:
``demo`` (a non-admin member of project demo), ``alt`` (another project)
and ``admin``. Every plugin a test makes is deleted when the test ends,
pass or fail. Without the rig the tests skip and say why, unless
HEAT_CONV_REQUIRE_SERVICES=1, under which they fail.
"""
import os
import time
import types
import uuid

import openstack
import pytest
from openstack import config as sdk_config

from heat_conv.resources import base
from tests import services

# Where the rig says where its clouds.yaml is, once it runs.
RIG_READY = os.environ.get('HEAT_CONV_MINICLOUD_READY', '/work/RIG-READY')
# How many observer passes a test waits for an object to settle.
PASSES = 60


def clouds_yaml():
    path = os.environ.get('HEAT_CONV_CLOUDS_YAML')
    if not path and os.path.exists(RIG_READY):
        with open(RIG_READY) as ready:
            path = ready.read().strip()
    return path


@pytest.fixture(scope='session')
def minicloud_connect():
    """connect('demo') -> an openstacksdk Connection for that rig user."""
    path = clouds_yaml()
    if not path or not os.path.exists(path):
        services.unavailable('the mini-cloud', f'no clouds.yaml ({RIG_READY} absent)')
    cfg = sdk_config.OpenStackConfig(config_files=[path])
    opened = {}

    def connect(user):
        if user not in opened:
            region = cfg.get_one(cloud=f'minicloud-{user}')
            opened[user] = openstack.connection.Connection(config=region)
        return opened[user]

    try:
        next(iter(connect('demo').network.networks(limit=1)), None)
        next(iter(connect('demo').compute.flavors()), None)
    except Exception as exc:   # the rig's health: its Keystone, Neutron and Nova
        services.unavailable('the mini-cloud', f'{type(exc).__name__}: {exc}')
    yield connect
    for conn in opened.values():
        conn.close()


@pytest.fixture
def demo(minicloud_connect):
    return minicloud_connect('demo')


@pytest.fixture
def alt(minicloud_connect):
    return minicloud_connect('alt')


@pytest.fixture
def admin(minicloud_connect):
    return minicloud_connect('admin')


class Plugins:
    """Makes plugins as the engine does, and deletes what they made."""

    def __init__(self, cloud):
        self.cloud = cloud
        self.stack_id = str(uuid.uuid4())
        self.made = []

    def __call__(self, cls, properties, name='res', resource_id=None, physical_id=None,
                 stored_properties=None, stored_data=None, cloud=None):
        props = cls.validate_properties(properties)
        plugin = cls(name, self.stack_id, props, physical_id=physical_id,
                     stored_properties=stored_properties or props,
                     cloud=cloud or self.cloud,
                     resource_id=resource_id or str(uuid.uuid4()),
                     stored_data=stored_data)
        # What the engine gives a plugin that ``wants_stack``.
        plugin.stack = types.SimpleNamespace(id=self.stack_id,
                                             name=f'st{self.stack_id[:6]}')
        self.made.append(plugin)
        return plugin

    def again(self, plugin, properties=None, **kwargs):
        """The plugin of the same resource in a later step (stored state)."""
        return self(type(plugin), properties if properties is not None
                    else plugin.properties, name=plugin.name,
                    resource_id=plugin.resource_id, physical_id=plugin.physical_id,
                    stored_properties=plugin.properties, stored_data=plugin.data,
                    **kwargs)

    def cleanup(self):
        for plugin in reversed(self.made):
            if not plugin.physical_id:
                found = plugin.find_orphan()
                plugin.physical_id = None if isinstance(found, base.Unknown) else found
            if plugin.physical_id:
                plugin.delete()


@pytest.fixture
def plugins(demo):
    made = Plugins(demo)
    yield made
    made.cleanup()


def settle(plugin, action, outcome):
    """Drive a Pending outcome with the observer's calls until it settles."""
    for _ in range(PASSES):
        if not isinstance(outcome, base.Pending):
            return outcome
        time.sleep(0.5)
        shown = type(plugin).observe_many(plugin.cloud, [outcome.physical_id])
        outcome = plugin.progress(action, shown[outcome.physical_id]) or outcome
    raise AssertionError(f'{plugin.type_name} did not settle in {PASSES} passes')

"""Fixtures for plugin-level tests against the real mini-cloud.

The tests act as the rig's users through the tier's ``minicloud`` fixture
(tests/realcloud/conftest.py, which skips or fails without the rig):
``demo`` (a non-admin member of project demo), ``alt`` (another project)
and ``admin``. Every plugin a test makes is deleted when the test ends,
pass or fail.
"""
import time
import types
import uuid

import pytest

from heat_conv.plugin_interface import base

# How many observer passes a test waits for an object to settle.
PASSES = 60


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

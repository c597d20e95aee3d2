"""Running resource plugins against the real mini-cloud, as the engine and
the observer do, without either.

- ``Harness``: makes plugins of one (made-up) stack as the engine does,
  starts their actions, and drives an action to its end the way the
  observer does: each pass lists the objects with the type's
  ``observe_many`` (one call) and asks a *fresh* plugin (built from what
  the engine stored: properties and ``data``) for ``progress``. At the end
  (``clean_up``) it deletes what its plugins made, then whatever else the
  stack still owns.
- ``leftovers(cloud, stack_id)``: what the stack still owns in Nova,
  Cinder, Glance and Neutron, asked of those services themselves.
"""
import copy
import time
import types
import uuid

import pytest

from heat_conv.plugin_interface import base
from heat_conv.resources.openstack import base as os_base

# How long an action may take on the rig before the test gives up on it.
SETTLE_SECS = 120


class Harness:
    def __init__(self, cloud):
        self.cloud = cloud
        self.stack_id = f'test-{uuid.uuid4()}'
        # What the engine gives a plugin that ``wants_stack``.
        self.stack = types.SimpleNamespace(id=self.stack_id,
                                           name=f'st{self.stack_id[5:11]}')
        self.made = []

    def plugin(self, cls, name, properties, physical_id=None, data=None,
               resource_id=None, stored_properties=None, cloud=None):
        props = cls.validate_properties(properties)
        plugin = cls(name, self.stack_id, props, physical_id=physical_id,
                     stored_properties=stored_properties or props,
                     cloud=cloud or self.cloud,
                     resource_id=resource_id or str(uuid.uuid4()),
                     stored_data=copy.deepcopy(data))
        plugin.stack = self.stack
        self.made.append(plugin)
        return plugin

    def again(self, plugin, properties=None, **kwargs):
        """The plugin of the same resource in a later step (stored state)."""
        return self.plugin(type(plugin), plugin.name,
                           properties if properties is not None else plugin.properties,
                           resource_id=plugin.resource_id,
                           physical_id=plugin.physical_id,
                           stored_properties=plugin.properties, data=plugin.data,
                           **kwargs)

    def settle(self, plugin, action, outcome, timeout=SETTLE_SECS):
        """Drive a started action to its end; the final outcome. The plugin
        takes the physical id and data the engine would have stored."""
        if outcome.physical_id:
            plugin.physical_id = outcome.physical_id
        stored = copy.deepcopy(plugin.data)
        plugin.stored_data = stored
        deadline = time.monotonic() + timeout
        while isinstance(outcome, base.Pending):
            if time.monotonic() > deadline:
                pytest.fail(f'{plugin.type_name} {plugin.physical_id}: {action} did not '
                            f'settle within {timeout} s')
            time.sleep(0.5)
            seen = type(plugin).observe_many(self.cloud, [plugin.physical_id])
            fresh = type(plugin)(plugin.name, plugin.stack_id, plugin.properties,
                                 physical_id=plugin.physical_id,
                                 stored_properties=plugin.stored_properties,
                                 cloud=self.cloud, resource_id=plugin.resource_id,
                                 stored_data=copy.deepcopy(stored))
            outcome = fresh.progress(action, seen[plugin.physical_id]) or outcome
        return outcome

    def delete_made(self):
        """Delete what the plugins made (a create whose answer was lost
        included), newest first."""
        for plugin in reversed(self.made):
            if not plugin.physical_id:
                found = plugin.find_orphan()
                plugin.physical_id = None if isinstance(found, base.Unknown) else found
            if plugin.physical_id:
                plugin.delete()


def owned(metadata, stack_id):
    return (metadata or {}).get(os_base.STACK_KEY) == stack_id


def leftovers(cloud, stack_id, attempts=3):
    """{kind: [ids]} of what ``stack_id`` still owns, by the services' own lists."""
    from keystoneauth1 import exceptions as ks_exc
    for attempt in range(attempts):
        try:
            return _leftovers(cloud, stack_id)
        except ks_exc.ConnectFailure:
            # A keep-alive connection the rig's API server closed just as
            # it was reused ("Remote end closed connection"): ask again.
            if attempt == attempts - 1:
                raise


def _leftovers(cloud, stack_id):
    tag = f'{os_base.STACK_KEY}={stack_id}'
    found = {
        'servers': [s.id for s in cloud.compute.servers(details=True)
                    if owned(s.metadata, stack_id)],
        'volumes': [v.id for v in cloud.block_storage.volumes(details=True)
                    if owned(v.metadata, stack_id)],
        'images': [i.id for i in cloud.image.images(owner=cloud.current_project_id)
                   if owned(i.properties, stack_id)],
        'ports': [p.id for p in cloud.network.ports(tags=tag)],
    }
    return {kind: ids for kind, ids in found.items() if ids}


def clean_up(cloud, stack_id, extra_images=(), timeout=SETTLE_SECS):
    """Delete whatever ``stack_id`` still owns (a failed test's objects),
    and wait until the services show it gone."""
    from openstack import exceptions as sdk_exc
    for image_id in extra_images:
        cloud.image.delete_image(image_id, ignore_missing=True)
    deadline = time.monotonic() + timeout
    while True:
        left = leftovers(cloud, stack_id)
        if not left or time.monotonic() > deadline:
            return left
        for server_id in left.get('servers', ()):
            cloud.compute.delete_server(server_id, ignore_missing=True)
        for port_id in left.get('ports', ()):
            cloud.network.delete_port(port_id, ignore_missing=True)
        for image_id in left.get('images', ()):
            cloud.image.delete_image(image_id, ignore_missing=True)
        for volume_id in left.get('volumes', ()):
            try:
                volume = cloud.block_storage.get_volume(volume_id)
                for attachment in volume.attachments or []:
                    cloud.compute.delete_volume_attachment(attachment['server_id'],
                                                           volume_id)
                if volume.status in ('available', 'error') and not left.get('servers'):
                    cloud.block_storage.delete_volume(volume_id)
            except sdk_exc.SDKException:
                pass   # on its way: look again
        time.sleep(1)

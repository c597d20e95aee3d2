"""How a server's pending action ends, judged from the server as the
observer saw it (server_status.compact): Done, Failed, or None while Nova
is still at it.

Two actions take more than one request, and the next request is made
here, when the server shows the previous one ended (each request is safe
to repeat: Nova sets the server's task state before it answers, so the
next pass sees the action under way, not the state that asked for it):
- a resize is confirmed when Nova shows VERIFY_RESIZE, then a rebuild
  follows if the image changed too;
- a delete that keeps a snapshot (deletion_policy Snapshot) deletes the
  server once its image is active.
"""
import logging

from openstack import exceptions as sdk_exc

from heat_conv.common.status import Action
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.nova import server_status

LOG = logging.getLogger(__name__)

_IMAGE_FAILED = ('killed', 'deleted', 'deactivated')


def judge(plugin, action, server):
    if action == Action.DELETE:
        return _delete(plugin, server)
    if server is None:
        return base.Failed(f'Server {plugin.physical_id} disappeared during {action}')
    if server['status'] == 'ERROR':
        return base.Failed(server_status.fault_reason(server))
    if not server_status.settled(server):
        return None
    if action == Action.UPDATE:
        return _update(plugin, server)
    if action == Action.SUSPEND:
        if server['status'] == 'SUSPENDED':
            return base.Done(plugin.physical_id)
        return base.Failed(f"Suspend of server {server['name']} failed, status "
                           f"'{server['status']}'")
    if action == Action.SNAPSHOT:
        return _image_outcome(plugin, plugin.data.get('snapshot_image_id'),
                              lambda: base.Done(plugin.physical_id))
    if server['status'] == 'ACTIVE':
        # The server as seen: its attributes need not be read from Nova again.
        return base.Done(plugin.physical_id, seen=server)
    if action == Action.RESUME:
        return base.Failed(f"Resume of server {server['name']} failed, status "
                           f"'{server['status']}'")
    return None   # BUILD and other passing states


def _update(plugin, server):
    resize_to = plugin.data.get('resize_to')
    if resize_to and not server_status.flavor_matches(server, resize_to):
        if server['status'] == 'ACTIVE':
            # Nova ended the resize without resizing (no host could take it).
            return base.Failed(f"Resizing to '{resize_to['name']}' failed, status "
                               f"'{server['status']}'")
        return None
    if server['status'] == 'VERIFY_RESIZE':
        try:
            plugin.call(plugin.cloud.compute.confirm_server_resize, plugin.physical_id)
        except (sdk_exc.ConflictException, sdk_exc.BadRequestException) as exc:
            # Confirmed already (a report of this pass was lost): wait.
            LOG.info('confirming the resize of %s: %s', plugin.physical_id, exc)
        return None
    if server['status'] != 'ACTIVE':
        return base.Failed(f"Update of server {server['name']} failed, status "
                           f"'{server['status']}'")
    rebuild_to = plugin.data.get('rebuild_to')
    if rebuild_to and server.get('image_id') != rebuild_to:
        rebuild(plugin)
        return None
    return base.Done(plugin.physical_id)


def rebuild(plugin):
    """Ask Nova to rebuild the server onto ``plugin.data['rebuild_to']``."""
    props = plugin.nova_properties()
    attrs = {'metadata': plugin.nova_metadata(), 'name': plugin.server_name(),
             'preserve_ephemeral':
                 props.get('image_update_policy') == 'REBUILD_PRESERVE_EPHEMERAL'}
    if props.get('admin_pass'):
        attrs['admin_password'] = props['admin_pass']
    plugin.call(plugin.cloud.compute.rebuild_server, plugin.physical_id,
                plugin.data['rebuild_to'], **attrs)


def _delete(plugin, server):
    if server is None:
        return plugin.after_delete()
    if server['status'] == 'ERROR' and server_status.settled(server):
        return base.Failed(server_status.fault_reason(
            server, f"Server {server['name']} delete failed"))
    image_id = plugin.data.get('delete_snapshot_image_id')
    if image_id and server_status.settled(server):
        return _image_outcome(plugin, image_id, lambda: _delete_now(plugin))
    return None


def _delete_now(plugin):
    try:
        plugin.call(plugin.cloud.compute.delete_server, plugin.physical_id)
    except sdk_exc.NotFoundException:
        return plugin.after_delete()
    return None


def _image_outcome(plugin, image_id, when_active):
    """when_active() once the image is active, Failed if it failed, else None."""
    try:
        image = plugin.call(plugin.cloud.image.get_image, image_id)
    except sdk_exc.NotFoundException:
        return base.Failed(f'Image {image_id} of server {plugin.physical_id} was '
                           'deleted before it became active')
    if image.status == 'active':
        return when_active()
    if image.status in _IMAGE_FAILED:
        return base.Failed(f'Image {image_id} of server {plugin.physical_id} '
                           f'went to status {image.status}')
    return None

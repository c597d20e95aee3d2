"""POLL_TEMP_URL: a SOFTWARE_CONFIG server's agent reads its metadata from
a Swift object, through a temp URL for GET (os-collect-config's
``request`` collector), as in Heat.

The object is in the container ``deployment_swift_data`` names (else one
named after the server) under the name it gives (else a uuid, kept). The
metadata is written there whole when the server is made, and again each
time its deployments change (heat_conv.resources.deployments_metadata
``push``, through the PUT temp URL kept in the server's data). The object
goes with the server, and the container too once it is empty.
"""
import uuid

from openstack import exceptions as sdk_exc

from heat_conv.clients import swift_api

KEYS = ('metadata_put_url', 'metadata_object_name', 'metadata_container')


def prepare(plugin):
    """Make the container and the temp URLs; the agent's section, kept in
    the plugin's data as the other transports keep theirs."""
    wanted = plugin.nova_properties().get('deployment_swift_data') or {}
    container = wanted.get('container') or plugin.data.get('metadata_container') \
        or plugin.server_name()
    name = wanted.get('object') or plugin.data.get('metadata_object_name') \
        or str(uuid.uuid4())
    cloud = plugin.cloud
    swift_api.call(cloud, 'PUT', container)
    if getattr(plugin, 'stack', None) is not None:
        plugin.data['tenant'] = plugin.stack.tenant   # whose deployments it shows
    plugin.data.update(
        metadata_put_url=swift_api.temp_url(cloud, container, name),
        metadata_object_name=name, metadata_container=container,
        os_collect_config={
            'request': {'metadata_url': swift_api.temp_url(cloud, container, name,
                                                           method='GET')},
            'collectors': ['request', 'local']})


def release(plugin):
    """Delete the object, and its container once empty (another server's
    object may share it)."""
    found = {key: plugin.data.pop(key, None) for key in KEYS}
    if not found['metadata_object_name']:
        return
    cloud = plugin.cloud
    container = found['metadata_container']
    swift_api.delete(cloud, container, found['metadata_object_name'])
    if not swift_api.object_names(cloud, container):
        try:
            swift_api.delete(cloud, container)
        except sdk_exc.ConflictException:
            pass   # written to meanwhile: no longer this server's to delete

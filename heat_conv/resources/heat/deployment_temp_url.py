"""A software deployment's TEMP_URL_SIGNAL: the server's agent PUTs its
outputs (JSON) to a Swift object through a temp URL, as in Heat, and the
observer reads the object while the deployment waits.

The object is the deployment's, in the stack's container (named by the
stack's id); its temp URL for PUT is the deployment's
``deploy_signal_id`` (``deploy_signal_verb`` PUT). It is emptied before
each action that waits, so an old answer does not end a new wait, and it
goes with the deployment, the container too once it is empty.
"""
from openstack import exceptions as sdk_exc

from heat_conv.clients import connections
from heat_conv.clients import swift_api

TEMP_URL_SIGNAL = 'TEMP_URL_SIGNAL'


def _cloud(plugin):
    return connections.for_stack(plugin.stack_id)


def object_name(stack, plugin):
    """Heat names the object as the deployment's physical resource."""
    return f'{stack.name}-{plugin.name}-{(plugin.resource_id or "").replace("-", "")[:12]}'


def signal_inputs(plugin, stack):
    """The deployment's inputs that tell its agent where to signal; the
    object is made (empty) on first use, and emptied again after."""
    cloud = _cloud(plugin)
    url = plugin.data.get('swift_signal_url')
    if url:
        container, name = swift_api.temp_url_target(url)
        swift_api.call(cloud, 'PUT', container, name, data=b'')
    else:
        name = object_name(stack, plugin)
        swift_api.call(cloud, 'PUT', stack.id)
        swift_api.call(cloud, 'PUT', stack.id, name, data=b'')
        url = swift_api.temp_url(cloud, stack.id, name)
        plugin.data.update(swift_signal_url=url, swift_signal_object_name=name)
    return {'deploy_signal_id': url, 'deploy_signal_verb': 'PUT'}


def answer(cloud, url):
    """What the agent PUT to the object: its body, '' while nothing came."""
    container, name = swift_api.temp_url_target(url)
    return swift_api.read_object(cloud, container, name) or ''


def release(plugin):
    url = plugin.data.pop('swift_signal_url', None)
    plugin.data.pop('swift_signal_object_name', None)
    if not url:
        return
    cloud = _cloud(plugin)
    container, name = swift_api.temp_url_target(url)
    swift_api.delete(cloud, container, name)
    if not swift_api.object_names(cloud, container):
        try:
            swift_api.delete(cloud, container)
        except sdk_exc.ConflictException:
            pass   # another of the stack's objects came meanwhile

"""Names heat-conv gives the objects it creates, as Heat names them.

Heat names an object whose template gives no name
``<stack name>-<resource name>-<short id>``. Here the short id comes from
the resource's id rather than at random, so that the same resource always
gets the same name: a create whose answer was lost can then look its object
up by name when the service keeps no other mark of ownership.
"""
import base64
import uuid


def short_id(resource_id):
    """12 lower-case letters and digits derived from a resource's uuid."""
    raw = uuid.UUID(str(resource_id)).bytes[:8]
    return base64.b32encode(raw).decode().rstrip('=').lower()[:12]


def physical_name(plugin):
    """Heat's physical resource name for ``plugin``'s resource.

    The stack's name is known only while the resource is created
    (``wants_stack``); later the name made then is kept in the plugin's data.
    """
    kept = plugin.data.get('physical_name')
    if kept:
        return kept
    stack = getattr(plugin, 'stack', None)
    prefix = stack.name if stack is not None else plugin.stack_id
    suffix = short_id(plugin.resource_id) if plugin.resource_id else 'x'
    name = f'{prefix}-{plugin.name}-{suffix}'
    if len(name) > 255:
        # Heat keeps the end, which holds the resource name and short id.
        name = name[-255:]
    plugin.data['physical_name'] = name
    return name


def name_suffix(plugin):
    """How every physical name of ``plugin``'s resource ends."""
    return f'-{plugin.name}-{short_id(plugin.resource_id)}'


def is_uuid(value):
    try:
        uuid.UUID(str(value))
    except ValueError:
        return False
    return True

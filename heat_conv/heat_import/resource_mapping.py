"""One Heat resource row as a heat-conv resource row.

The row keeps Heat's uuid (so the resource keeps its id) and physical id;
its type and template file come from the template it was last converged
to, as heat-conv binds it; its properties are Heat's stored (resolved)
ones with heat-conv's defaults applied, as a step of heat-conv would
have stored them, so that an unchanged resource stays unchanged at the
next update; its data is Heat's resource data (decrypted), with the keys
heat-conv's plugins name differently renamed; its attributes are the ones
Heat cached for the stack's references (a stack-backed resource's come
from its child stack when asked).
"""
import base64
import uuid as uuid_mod

from heat_conv.common import exception
from heat_conv.common.status import Drift
from heat_conv.heat_import import heat_crypt
from heat_conv.plugin_interface import registry


def heat_short_id(resource_uuid):
    """Heat's 12-character short id of a version 4 uuid: the uuid's 60
    random "time" bits, base32, lower case."""
    bits = uuid_mod.UUID(str(resource_uuid)).time << 4   # 64 bits, 4 of padding
    return base64.b32encode(bits.to_bytes(8, 'big')).decode('ascii')[:12].lower()


def heat_physical_name(stack_name, resource_name, resource_uuid):
    """The name Heat gave an object whose template named none."""
    name = f'{stack_name}-{resource_name}-{heat_short_id(resource_uuid)}'
    return name[-255:]


def _group_skiplist(value, method, key):
    text = heat_crypt.decrypt(method, value, key) if method else value
    return [name for name in (text or '').split(',') if name]


# Heat's resource data keys that heat-conv's plugins keep under another
# name or shape: {heat key: (heat-conv key, converter(value, method, key))}.
RENAMED_DATA = {
    'name_blacklist': ('skiplist', _group_skiplist),
}


def plugin_class(definition):
    """heat-conv's plugin class for a frozen definition; raises
    UnknownResourceType or ResourceTypeUnavailable when it has none."""
    return registry.get(definition['type'], nested_template=definition.get('nested_template'))


def data(heat_data, key):
    """heat-conv's resource data from Heat's ({key: (value, method)})."""
    out = {}
    for name, (value, method) in sorted(heat_data.items()):
        if name in RENAMED_DATA:
            new_name, convert = RENAMED_DATA[name]
            out[new_name] = convert(value, method, key)
        else:
            out[name] = heat_crypt.decrypt(method, value, key) if method else value
    return out


def properties(cls, heat_resource, key, path):
    """The stored properties as heat-conv's step would store them."""
    values = heat_resource.properties
    if heat_resource.properties_encrypted:
        values = heat_crypt.decrypt_map(values, key)
    try:
        return cls.validate_properties(values or {}, path=path)
    except exception.HeatConvException:
        # Kept as Heat stored them: the next update compares the template
        # with these and updates what differs.
        return values or {}


def attributes(heat_resource, key):
    """{attribute name: value} of what Heat cached; a value read at a path
    (Heat keys those by the name and path) is left for the plugin to read
    again."""
    values = heat_resource.attributes
    if heat_resource.attributes_encrypted:
        values = heat_crypt.decrypt_map(values, key)
    return {name: value for name, value in (values or {}).items()
            if isinstance(name, str) and not name.startswith('(')}


def row(heat_resource, definition, cls, stack_name, key, template_id):
    """The values of the heat-conv row (``requires``, ``replaces`` and
    ``replaced_by`` still Heat's ids: the writer maps them)."""
    path = ('resources', heat_resource.name, 'properties')
    stored_data = data(heat_resource.data, key)
    if not cls.stack_backed and getattr(cls, 'service_type', None):
        stored_data.setdefault('physical_name', heat_physical_name(
            stack_name, heat_resource.name, heat_resource.uuid))
    return {
        'source_id': heat_resource.id, 'uuid': heat_resource.uuid,
        'stack_id': heat_resource.stack_id, 'name': heat_resource.name,
        'type': definition['type'], 'nested_template': definition.get('nested_template'),
        'action': heat_resource.action, 'status': heat_resource.status,
        'status_reason': heat_resource.status_reason,
        'physical_resource_id': heat_resource.physical_id,
        'properties_data': properties(cls, heat_resource, key, path),
        'attributes_data': attributes(heat_resource, key) or None,
        'rsrc_metadata': heat_resource.metadata or None,
        'rsrc_data': stored_data or None,
        'deletion_policy': definition.get('deletion_policy') or 'Delete',
        'requires': list(heat_resource.requires),
        'replaces': heat_resource.replaces, 'replaced_by': heat_resource.replaced_by,
        'template_id': template_id, 'drift_status': Drift.NOT_CHECKED,
        'created_at': heat_resource.created_at, 'updated_at': heat_resource.updated_at,
    }

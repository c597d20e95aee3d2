"""The request that creates a server: Heat's properties in Nova's terms.

Names (flavor, image, networks, subnets, ports) resolve here, and the ports
heat-conv makes for ``subnet`` entries are made here, so this raises the
services' errors; the plugin turns them into Failed.
"""
import base64

from heat_conv.common import exception
from heat_conv.resources.openstack import lookups
from heat_conv.resources.openstack.nova import server_block_devices
from heat_conv.resources.openstack.nova import server_networks
from heat_conv.resources.openstack.nova import server_user_data

# Heat's property -> openstacksdk's create_server argument, passed as given.
_AS_GIVEN = {'key_name': 'key_name', 'availability_zone': 'availability_zone',
             'scheduler_hints': 'scheduler_hints', 'tags': 'tags',
             'config_drive': 'config_drive', 'diskConfig': 'disk_config',
             'admin_pass': 'admin_password'}


def create_request(plugin, agent_metadata=None):
    """Nova's create_server arguments; ``agent_metadata`` is what the
    user data gives a SOFTWARE_CONFIG server's agent."""
    props = plugin.nova_properties()
    cloud = plugin.cloud
    name = plugin.server_name()
    attrs = {
        'name': name,
        'flavor_id': lookups.flavor_id(cloud, props['flavor']),
        'networks': server_networks.build_nics(plugin, props.get('networks'), name),
        'metadata': plugin.nova_metadata(),
    }
    if props.get('image'):
        attrs['image_id'] = lookups.image_id(cloud, props['image'])
    devices = server_block_devices.build(cloud, props)
    if devices:
        attrs['block_device_mapping'] = devices
    user_data = server_user_data.build(props, metadata=agent_metadata,
                                       software_config=_software_config)
    if user_data:
        attrs['user_data'] = base64.b64encode(user_data.encode()).decode()
    attrs.update({sdk: props[prop] for prop, sdk in _AS_GIVEN.items()
                  if props.get(prop) not in (None, [], {})})
    if props.get('security_groups'):
        attrs['security_groups'] = [{'name': group} for group in props['security_groups']]
    return attrs


def _software_config(config_id):
    """A stored software config's text, None if there is none by that id."""
    from heat_conv.db import api as db_api
    try:
        return (db_api.software_config_get(config_id).config or {}).get('config')
    except exception.NotFound:
        return None

"""OS::Nova::Server's properties and attributes, as Heat 27 has them."""
from heat_conv.plugin_interface.properties import Property

USER_DATA_FORMATS = ('HEAT_CFNTOOLS', 'RAW', 'SOFTWARE_CONFIG')
TRANSPORTS = ('POLL_SERVER_CFN', 'POLL_SERVER_HEAT', 'POLL_TEMP_URL', 'ZAQAR_MESSAGE')


def _s(description, **kwargs):
    return Property('string', description=description, **kwargs)


def _i(description, **kwargs):
    return Property('integer', description=description, **kwargs)


def _b(description, **kwargs):
    return Property('boolean', description=description, **kwargs)


BLOCK_DEVICE_MAPPING = {
    'device_name': _s('Device name (e.g. vda).', required=True),
    'volume_id': _s('The volume to boot from.', constraint='cinder.volume'),
    'snapshot_id': _s('The snapshot to make the volume from.',
                      constraint='cinder.snapshot'),
    'volume_size': _i('Size of the volume, GB.'),
    'delete_on_termination': _b('Delete the volume with the server.'),
}

BLOCK_DEVICE_MAPPING_V2 = {
    'device_name': _s('Device name (e.g. vda).'),
    'volume_id': _s('A volume to attach (bootable or not).', constraint='cinder.volume'),
    'image_id': _s('Deprecated: use image.', constraint='glance.image'),
    'image': _s('Name or id of the image to make a volume from.',
                constraint='glance.image'),
    'snapshot_id': _s('The snapshot to make a volume from.', constraint='cinder.snapshot'),
    'swap_size': _i('Size of the swap, MB.'),
    'ephemeral_size': _i('Size of a local ephemeral device, GB.', min_value=1),
    'ephemeral_format': _s('Format of the ephemeral device.',
                           allowed_values=('ext2', 'ext3', 'ext4', 'xfs', 'ntfs')),
    'device_type': _s('disk or cdrom.', allowed_values=('cdrom', 'disk')),
    'disk_bus': _s('Bus of the device.',
                   allowed_values=('ide', 'lame_bus', 'scsi', 'usb', 'virtio')),
    'boot_index': _i('Order of the boot disks (0 boots; -1 does not).'),
    'volume_size': _i('Size of the block device, GB.'),
    'delete_on_termination': _b('Delete the volume with the server.'),
}

NETWORK = {
    'uuid': _s('Deprecated: use network.', constraint='neutron.network'),
    'network': _s('Name or id of the network to make a port on.',
                  constraint='neutron.network'),
    'allocate_network': _s("'auto' or 'none' (Nova API 2.37); alone in the list.",
                           allowed_values=('none', 'auto'), update_allowed=True),
    'fixed_ip': _s('Fixed IP address of the port made on the network.',
                   constraint='ip_addr'),
    'port': _s('An existing port to plug.', constraint='neutron.port'),
    'port_extra_properties': Property('map', description='Extra properties of '
                                      'the port made for this network.'),
    'subnet': _s('Subnet of the port heat-conv makes for this network.'),
    'floating_ip': _s('Floating IP to associate with the port.'),
    'tag': _s('Port tag (Nova API 2.42); updates are ignored, as by Nova.'),
}

PROPERTIES = {
    'name': _s('Server name.', update_allowed=True),
    'image': _s('Name or id of the image to boot.', update_allowed=True,
                constraint='glance.image'),
    'block_device_mapping': Property(
        'list', description='Block device mappings (legacy).',
        item=Property('map', schema=BLOCK_DEVICE_MAPPING)),
    'block_device_mapping_v2': Property(
        'list', description='Block device mappings v2.',
        item=Property('map', schema=BLOCK_DEVICE_MAPPING_V2)),
    'flavor': _s('Name or id of the flavor.', required=True, update_allowed=True,
                 constraint='nova.flavor'),
    'flavor_update_policy': _s('RESIZE the server or REPLACE it on a flavor change.',
                               default='RESIZE', update_allowed=True,
                               allowed_values=('RESIZE', 'REPLACE')),
    'image_update_policy': _s('REBUILD the server or REPLACE it on an image change.',
                              default='REBUILD', update_allowed=True,
                              allowed_values=('REBUILD', 'REPLACE',
                                              'REBUILD_PRESERVE_EPHEMERAL')),
    'key_name': _s('Keypair to inject.', constraint='nova.keypair'),
    'admin_user': _s('Hidden in Heat and unused.'),
    'availability_zone': _s('Availability zone of the server.'),
    'security_groups': Property('list', default=[], description='Security group '
                                'names or ids (not with networks/port).'),
    'networks': Property('list', update_allowed=True,
                         description='Ordered list of the NICs.',
                         item=Property('map', schema=NETWORK)),
    'scheduler_hints': Property('map', description='Hints to the scheduler.'),
    'metadata': Property('map', default={}, update_allowed=True,
                         description='Key/value metadata of the server.'),
    'user_data_format': _s('How user_data is given to the server.',
                           default='HEAT_CFNTOOLS', allowed_values=USER_DATA_FORMATS),
    'user_data': _s('User data (changes replace the server unless '
                    'user_data_update_policy is IGNORE).', default='',
                    update_allowed=True),
    'user_data_update_policy': _s('REPLACE or IGNORE on a user_data change.',
                                  default='REPLACE', update_allowed=True,
                                  allowed_values=('REPLACE', 'IGNORE')),
    'software_config_transport': _s('How the server gets its software configuration.',
                                    default='POLL_SERVER_CFN', update_allowed=True,
                                    allowed_values=TRANSPORTS),
    'reservation_id': _s('A UUID for a set of servers (not supported).'),
    'config_drive': _b('Enable the config drive.'),
    'diskConfig': _s('AUTO or MANUAL disk partitioning.', allowed_values=('AUTO', 'MANUAL')),
    'personality': Property('map', default={}, description='Deprecated files to '
                            'inject (not with Nova API 2.57 and later).'),
    'admin_pass': _s('The administrator password.', update_allowed=True),
    'tags': Property('list', update_allowed=True, item=Property('string'),
                     description='Server tags.'),
    'deployment_swift_data': Property(
        'map', default={}, update_allowed=True,
        description='Swift container and object for POLL_TEMP_URL.',
        schema={'container': _s('Container name.'), 'object': _s('Object name.')}),
}

ATTRIBUTES = {
    'name': 'Name of the server.',
    'addresses': 'Addresses by network name and id, each with its port, '
                 'subnets and network.',
    'networks': 'Assigned addresses by network name and by network id.',
    'first_address': 'The first assigned address, or an empty string.',
    'instance_name': 'AWS compatible instance name (admin only in Nova).',
    'accessIPv4': 'The manually assigned alternative public IPv4 address.',
    'accessIPv6': 'The manually assigned alternative public IPv6 address.',
    'tags': 'Tags of the server.',
    'os_collect_config': 'The os-collect-config configuration of the server.',
    'show': 'Detailed information about the server.',
}

"""OS::Cinder::Volume's properties and attributes, as Heat 27 has them."""
from heat_conv.plugin_interface.properties import Property


def _s(description, **kwargs):
    return Property('string', description=description, **kwargs)


PROPERTIES = {
    'availability_zone': _s('Availability zone of the volume.'),
    'size': Property('integer', min_value=1, update_allowed=True,
                     description='Size in GB; an update may only grow it.'),
    'snapshot_id': _s('Snapshot to make the volume from.',
                      constraint='cinder.snapshot'),
    'backup_id': _s('Backup to make the volume from.', update_allowed=True,
                    constraint='cinder.backup'),
    'name': _s('Name of the volume.', update_allowed=True),
    'description': _s('Description of the volume.', update_allowed=True),
    'volume_type': _s('Volume type.', update_allowed=True, constraint='cinder.vtype'),
    'metadata': Property('map', default={}, update_allowed=True,
                         description='Key/value metadata of the volume.'),
    'imageRef': _s('Deprecated: use image.'),
    'image': _s('Name or id of the image to make the volume from.',
                constraint='glance.image'),
    'source_volid': _s('Volume to copy.', constraint='cinder.volume'),
    'scheduler_hints': Property('map', description='Hints to Cinder\'s scheduler.'),
    'read_only': Property('boolean', update_allowed=True,
                          description='Read-only access mode.'),
    'multiattach': Property('boolean', default=False,
                            description='Whether the volume may attach more than once.'),
}
ATTRIBUTES = {
    'availability_zone': 'The availability zone of the volume.',
    'size': 'The size of the volume in GB.',
    'snapshot_id': 'The snapshot the volume was made from, if any.',
    'display_name': 'Name of the volume.',
    'display_description': 'Description of the volume.',
    'volume_type': 'The type of the volume, if any.',
    'metadata': 'Key/value pairs of the volume (a JSON string).',
    'source_volid': 'The volume copied, if any.',
    'status': 'The current status of the volume.',
    'created_at': 'When the volume was made.',
    'bootable': 'Whether the volume can boot.',
    'metadata_values': 'Key/value pairs of the volume.',
    'encrypted': 'Whether the volume is encrypted.',
    'attachments': 'The attachments (a string).',
    'attachments_list': 'The attachments.',
    'multiattach': 'Whether the volume may attach more than once.',
    'show': 'Detailed information about the volume.',
}

"""AWS::EC2::Volume and AWS::EC2::VolumeAttachment: OS::Cinder::Volume and
OS::Cinder::VolumeAttachment in CloudFormation's terms.

Each translates its properties into the native type's (``terms``) and
lets its code create, observe and delete. As in Heat 27, a volume's
SnapshotId is a Cinder *backup* to restore, its Tags the volume's
metadata, and every property of both types is immutable: a changed one
fails the update (Heat's "Update to properties ... is not supported")
rather than replacing the volume and losing its data.

Heat's DeletionPolicy Snapshot takes a Cinder backup of an AWS volume;
heat-conv's Cinder types take none yet (the mini-cloud has no backup
service), so a template asking for it is refused at validation, as for
OS::Cinder::Volume.
"""
import re

from heat_conv.common import exception
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.cinder import volume
from heat_conv.resources.openstack.cinder import volume_attachment

# Heat's AllowedPattern for Device (a whole-string match).
DEVICE_PATTERN = '/dev/vd[b-z]'
_TAG = {'Key': Property('string', required=True, description='The tag\'s key.'),
        'Value': Property('string', required=True, description='The tag\'s value.')}


def immutable_change(plugin, old):
    """Heat's failure of an update that changes an immutable property, or
    None when no property changed."""
    changed = sorted(name for name in plugin.properties_schema
                     if old.get(name) != plugin.properties.get(name))
    if not changed:
        return None
    return base.Failed(f'Update to properties {changed} of {plugin.name} '
                       f'({plugin.type_name}) is not supported.', plugin.physical_id)


class Immutable:
    """Heat's immutable properties: a change fails the update."""

    def needs_replace(self, old_properties):
        return False   # immutable: ``update`` fails instead

    def update(self, old):
        return immutable_change(self, old) or base.Done(self.physical_id)

    def attributes(self):
        return {}


class Volume(Immutable, volume.Volume):
    type_name = 'AWS::EC2::Volume'
    properties_schema = {
        'AvailabilityZone': Property('string', required=True,
                                     description='The availability zone in which the '
                                                 'volume will be created.'),
        'Size': Property('integer', min_value=1,
                         description='The size of the volume in GB.'),
        'SnapshotId': Property('string', constraint='cinder.backup',
                               description='If specified, the backup used as the source '
                                           'to create the volume.'),
        'Tags': Property('list', item=Property('map', schema=_TAG),
                         description='The list of tags to associate with the volume.'),
    }
    attributes_schema = {}

    @classmethod
    def validate_properties(cls, values, path=()):
        # The native type's checks of its sources do not apply.
        return super(volume.Volume, cls).validate_properties(values, path)

    def terms(self, properties):
        properties = properties or {}
        return {'size': properties.get('Size'),
                'availability_zone': properties.get('AvailabilityZone') or None,
                'backup_id': properties.get('SnapshotId'),
                'metadata': {tag['Key']: tag['Value']
                             for tag in properties.get('Tags') or ()}}


class VolumeAttachment(Immutable, volume_attachment.VolumeAttachment):
    type_name = 'AWS::EC2::VolumeAttachment'
    properties_schema = {
        'InstanceId': Property('string', required=True, constraint='nova.server',
                               description='The ID of the instance to which the volume '
                                           'attaches.'),
        'VolumeId': Property('string', required=True, constraint='cinder.volume',
                             description='The ID of the volume to be attached.'),
        'Device': Property('string', required=True,
                           description='The device where the volume is exposed on the '
                                       'instance (/dev/vdb ... /dev/vdz). This '
                                       'assignment may not be honored and it is '
                                       'advised that the path '
                                       '/dev/disk/by-id/virtio-<VolumeId> be used '
                                       'instead.'),
    }
    attributes_schema = {}

    @classmethod
    def validate_properties(cls, values, path=()):
        result = super().validate_properties(values, path)
        device = result.get('Device')
        if isinstance(device, str) and not re.fullmatch(DEVICE_PATTERN, device):
            raise exception.InvalidProperties(
                f'"{device}" does not match pattern "{DEVICE_PATTERN}"',
                path=tuple(path) + ('Device',))
        return result

    def terms(self, properties):
        properties = properties or {}
        return {'instance_uuid': properties.get('InstanceId'),
                'volume_id': properties.get('VolumeId'),
                'mountpoint': properties.get('Device')}


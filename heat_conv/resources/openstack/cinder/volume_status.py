"""Volumes as the observer sees them, for OS::Cinder::Volume and
OS::Cinder::VolumeAttachment (whose physical id is its volume's id, as
Nova's volume attachments are named, so both share one list call).

Cinder's default list filters (its resource_filters.json) do not include a
volume's id, so ``observe_many``
lists the project's volumes in detail (``GET /volumes/detail``, a page per
``osapi_max_limit`` volumes) and keeps the ones it was asked about.
"""
from heat_conv.clients import retry
from heat_conv.resources.openstack import base as os_base

OBSERVE_KEY = ('block-storage', 'Volume')

_FIELDS = ('id', 'name', 'description', 'status', 'size', 'metadata', 'attachments',
           'availability_zone', 'volume_type', 'snapshot_id', 'source_volume_id',
           'created_at', 'is_bootable', 'is_encrypted', 'is_multiattach')


def compact(volume):
    """A volume (openstacksdk) as a plain dict that travels in messages."""
    return {field: getattr(volume, field, None) for field in _FIELDS}


class VolumeObserved(os_base.OpenStackResource):
    """A type whose physical id is a volume's: the observer looks at its
    volume, with every other such row of the project, in one list call."""

    def terms(self, properties):
        """``properties`` in the native type's own terms: a type built on
        it (AWS::EC2::Volume, VolumeAttachment) translates its own."""
        return properties

    @property
    def wanted(self):
        """The properties, in the native type's terms."""
        return self.terms(self.properties)

    @classmethod
    def observe_key(cls):
        return OBSERVE_KEY

    @classmethod
    def observe_many(cls, cloud, physical_ids):
        wanted = set(physical_ids)
        found = {volume.id: compact(volume)
                 for volume in retry.call(
                     lambda: list(cloud.block_storage.volumes(details=True)))
                 if volume.id in wanted}
        return {volume_id: found.get(volume_id) for volume_id in physical_ids}


def attached_to(volume, server_id):
    """The volume's attachment to ``server_id``, or None."""
    for attachment in (volume or {}).get('attachments') or []:
        if attachment.get('server_id') == server_id:
            return attachment
    return None

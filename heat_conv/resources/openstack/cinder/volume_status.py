"""Volumes as the observer sees them, for OS::Cinder::Volume and
OS::Cinder::VolumeAttachment (whose physical id is its volume's id, as
Nova's volume attachments are named, so both share one list call).

Cinder's default list filters (its resource_filters.json) do not include a
volume's id, so ``observe_many``
lists the project's volumes in detail (``GET /volumes/detail``, a page per
``osapi_max_limit`` volumes) and keeps the ones it was asked about.
"""
OBSERVE_KEY = ('block-storage', 'Volume')

_FIELDS = ('id', 'name', 'description', 'status', 'size', 'metadata', 'attachments',
           'availability_zone', 'volume_type', 'snapshot_id', 'source_volume_id',
           'created_at', 'is_bootable', 'is_encrypted', 'is_multiattach')


def compact(volume):
    """A volume (openstacksdk) as a plain dict that travels in messages."""
    return {field: getattr(volume, field, None) for field in _FIELDS}


def observe_many(cloud, ids, retrying_call):
    wanted = set(ids)
    found = {volume.id: compact(volume)
             for volume in retrying_call(
                 lambda: list(cloud.block_storage.volumes(details=True)))
             if volume.id in wanted}
    return {volume_id: found.get(volume_id) for volume_id in ids}


def attached_to(volume, server_id):
    """The volume's attachment to ``server_id``, or None."""
    for attachment in (volume or {}).get('attachments') or []:
        if attachment.get('server_id') == server_id:
            return attachment
    return None

"""A server's block device mappings: Heat's checks, and Nova's v2 form.

``block_device_mapping`` (legacy) and ``block_device_mapping_v2`` both
become Nova's ``block_device_mapping_v2`` list: a mapping from a volume, a
snapshot or an image makes (or uses) a volume, boot index 0 unless given;
swap and ephemeral sizes make local blank devices.
"""
from heat_conv.common import exception
from heat_conv.resources.openstack import lookups

_SOURCES = ('volume_id', 'snapshot_id', 'image', 'swap_size', 'ephemeral')
_PASSED_AS_IS = ('device_type', 'disk_bus', 'boot_index', 'volume_size',
                 'delete_on_termination')


def _image(mapping):
    return mapping.get('image') or mapping.get('image_id')


def validate(properties, server_name, path):
    """Heat's checks: one source per mapping, exactly one bootable source."""
    legacy = properties.get('block_device_mapping') or []
    mappings = properties.get('block_device_mapping_v2') or []
    path = tuple(path)
    if legacy and mappings:
        raise exception.InvalidProperties(
            'Cannot define the following properties at the same time: '
            'block_device_mapping, block_device_mapping_v2',
            path=path + ('block_device_mapping_v2',))
    bootable = properties.get('image') is not None
    for index, mapping in enumerate(legacy):
        here = path + ('block_device_mapping', index)
        if mapping.get('device_name') == 'vda':
            bootable = True
        if mapping.get('volume_id') and mapping.get('snapshot_id'):
            raise exception.InvalidProperties(
                'Cannot define the following properties at the same time: '
                'volume_id, snapshot_id', path=here)
        if not mapping.get('volume_id') and not mapping.get('snapshot_id'):
            raise exception.InvalidProperties(
                'Either volume_id or snapshot_id must be specified for device '
                f'mapping {mapping.get("device_name")}', path=here)
    boot_sources = [properties.get('image')] if properties.get('image') else []
    for index, mapping in enumerate(mappings):
        here = path + ('block_device_mapping_v2', index)
        given = [key for key in _SOURCES if _value(mapping, key) is not None]
        if len(given) > 1:
            raise exception.InvalidProperties(
                'Cannot define the following properties at the same time: '
                + ', '.join(given), path=here)
        if not given:
            raise exception.InvalidProperties(
                'Either volume_id, snapshot_id, image_id, swap_size, '
                'ephemeral_size or ephemeral_format must be specified.', path=here)
        if given[0] in ('volume_id', 'snapshot_id', 'image') and \
                mapping.get('boot_index') in (None, 0):
            bootable = True
            boot_sources.append(_value(mapping, given[0]))
    if not bootable:
        raise exception.InvalidProperties(
            f'Neither image nor bootable volume is specified for instance {server_name}',
            path=path)
    if mappings and len(boot_sources) != 1:
        raise exception.InvalidProperties(
            f'Multiple bootable sources for instance {server_name}.', path=path)


def _value(mapping, key):
    if key == 'image':
        return _image(mapping)
    if key == 'ephemeral':
        return mapping.get('ephemeral_size') or mapping.get('ephemeral_format')
    return mapping.get(key)


def build(cloud, properties):
    """Nova's block_device_mapping_v2 list, or None; image names resolve
    here (raises the service's NotFound)."""
    legacy = properties.get('block_device_mapping') or []
    if legacy:
        return [_from_legacy(mapping) for mapping in legacy]
    mappings = properties.get('block_device_mapping_v2') or []
    return [_v2(cloud, mapping) for mapping in mappings] or None


def _from_legacy(mapping):
    source = 'snapshot' if mapping.get('snapshot_id') else 'volume'
    device = {'uuid': mapping.get('snapshot_id') or mapping.get('volume_id'),
              'source_type': source, 'destination_type': 'volume',
              'device_name': mapping['device_name'],
              'boot_index': 0 if mapping['device_name'] == 'vda' else -1,
              'delete_on_termination': bool(mapping.get('delete_on_termination'))}
    if mapping.get('volume_size'):
        device['volume_size'] = mapping['volume_size']
    return device


def _v2(cloud, mapping):
    if mapping.get('volume_id') or mapping.get('snapshot_id') or _image(mapping):
        if mapping.get('volume_id'):
            source, uuid = 'volume', mapping['volume_id']
        elif mapping.get('snapshot_id'):
            source, uuid = 'snapshot', mapping['snapshot_id']
        else:
            source, uuid = 'image', lookups.image_id(cloud, _image(mapping))
        device = {'uuid': uuid, 'source_type': source, 'destination_type': 'volume',
                  'boot_index': 0, 'delete_on_termination': False}
    elif mapping.get('swap_size'):
        device = {'source_type': 'blank', 'destination_type': 'local',
                  'boot_index': -1, 'delete_on_termination': True,
                  'guest_format': 'swap', 'volume_size': mapping['swap_size']}
    else:
        device = {'source_type': 'blank', 'destination_type': 'local',
                  'boot_index': -1, 'delete_on_termination': True}
        if mapping.get('ephemeral_size'):
            device['volume_size'] = mapping['ephemeral_size']
        if mapping.get('ephemeral_format'):
            device['guest_format'] = mapping['ephemeral_format']
    if mapping.get('device_name'):
        device['device_name'] = mapping['device_name']
    device.update({key: mapping[key] for key in _PASSED_AS_IS
                   if mapping.get(key) is not None})
    return device

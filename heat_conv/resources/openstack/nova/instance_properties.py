"""AWS::EC2::Instance's properties in OS::Nova::Server's terms. Pure.

The instance is a server: once translated, OS::Nova::Server's code builds,
resizes and deletes it. Tags become the server's metadata (as Heat gives
them to Nova), NetworkInterfaces its ports in DeviceIndex order, SubnetId
a port heat-conv makes on that subnet (with the security groups), and
Volumes and BlockDeviceMappings Nova block devices attached at boot.
"""
from heat_conv.common import exception


def validate(values, path):
    """Heat's checks beyond the schema; raises InvalidProperties."""
    path = tuple(path)
    if security_groups(values) and values.get('NetworkInterfaces'):
        raise exception.InvalidProperties(
            'Cannot define the following properties at the same time: '
            'SecurityGroups/SecurityGroupIds, NetworkInterfaces',
            path=path + ('NetworkInterfaces',))
    for index, mapping in enumerate(values.get('BlockDeviceMappings') or []):
        ebs = mapping.get('Ebs')
        if not ebs:
            raise exception.InvalidProperties(
                'Ebs is missing, this is required when specifying BlockDeviceMappings.',
                path=path + ('BlockDeviceMappings', index))
        if not ebs.get('SnapshotId'):
            raise exception.InvalidProperties(
                'SnapshotId is missing, this is required when specifying '
                'BlockDeviceMappings.', path=path + ('BlockDeviceMappings', index))
    for index, nic in enumerate(values.get('NetworkInterfaces') or []):
        if not isinstance(nic, str) and not (isinstance(nic, dict)
                                             and nic.get('NetworkInterfaceId')):
            raise exception.InvalidProperties(
                'A network interface is a port id or a map with '
                'NetworkInterfaceId and DeviceIndex',
                path=path + ('NetworkInterfaces', index))


def security_groups(values):
    found = list(values.get('SecurityGroups') or [])
    found.extend(values.get('SecurityGroupIds') or [])
    return found


def server_properties(values):
    """The OS::Nova::Server properties of an instance whose (validated)
    properties are ``values``; the server's schema fills in the rest."""
    values = values or {}
    result = {
        'image': values.get('ImageId'),
        'flavor': values.get('InstanceType'),
        'key_name': values.get('KeyName'),
        'availability_zone': values.get('AvailabilityZone'),
        'security_groups': security_groups(values),
        'networks': _networks(values),
        'metadata': {tag['Key']: tag['Value'] for tag in values.get('Tags') or []},
        'scheduler_hints': _hints(values.get('NovaSchedulerHints')),
        'user_data': values.get('UserData') or '',
        'user_data_format': 'HEAT_CFNTOOLS',
        'block_device_mapping_v2': _devices(values),
    }
    return {key: value for key, value in result.items() if value not in (None, [])}


def _networks(values):
    nics = values.get('NetworkInterfaces')
    if nics:
        entries = [{'NetworkInterfaceId': nic, 'DeviceIndex': index}
                   if isinstance(nic, str) else nic for index, nic in enumerate(nics)]
        entries.sort(key=lambda nic: int(nic.get('DeviceIndex') or 0))
        return [{'port': nic['NetworkInterfaceId']} for nic in entries]
    if values.get('SubnetId'):
        return [{'subnet': values['SubnetId']}]
    return None


def _hints(hints):
    if not hints:
        return None
    found = {}
    for hint in hints:
        key, value = hint['Key'], hint['Value']
        if key not in found:
            found[key] = value
        elif isinstance(found[key], list):
            found[key].append(value)
        else:
            found[key] = [found[key], value]
    return found


def _devices(values):
    devices = []
    for mapping in values.get('BlockDeviceMappings') or []:
        ebs = mapping.get('Ebs') or {}
        device = {'device_name': mapping['DeviceName'],
                  'snapshot_id': ebs.get('SnapshotId'),
                  'boot_index': 0 if mapping['DeviceName'] == 'vda' else -1,
                  'delete_on_termination': bool(ebs.get('DeleteOnTermination', True))}
        if ebs.get('VolumeSize'):
            device['volume_size'] = int(ebs['VolumeSize'])
        devices.append(device)
    for volume in values.get('Volumes') or []:
        devices.append({'device_name': volume['Device'], 'volume_id': volume['VolumeId'],
                        'boot_index': -1, 'delete_on_termination': False})
    return devices or None

"""AWS::EC2::Instance's properties and attributes, as Heat 27 has them.

Heat lists some CloudFormation properties it does not implement
(DisableApiTermination, KernelId, ...); they are accepted here too and
ignored, as there.
"""
from heat_conv.plugin_interface.properties import Property


def _s(description, **kwargs):
    return Property('string', description=description, **kwargs)


_KEY_VALUE = {'Key': _s('The key.', required=True),
              'Value': _s('The value.', required=True)}

_EBS = {
    'DeleteOnTermination': Property('boolean', default=True,
                                    description='Delete the volume with the instance.'),
    'Iops': Property('number', description='Not implemented.'),
    'SnapshotId': _s('The snapshot to make the volume from.',
                     constraint='cinder.snapshot'),
    'VolumeSize': _s('Size of the volume, GB (Nova infers it when blank).'),
    'VolumeType': _s('Not implemented.'),
}

NOT_IMPLEMENTED = ('DisableApiTermination', 'KernelId', 'Monitoring',
                   'PlacementGroupName', 'PrivateIpAddress', 'RamDiskId',
                   'SourceDestCheck', 'Tenancy')

PROPERTIES = {
    'ImageId': _s('Glance image id or name.', required=True, constraint='glance.image'),
    # Not required by AWS; Heat needs it, for Nova needs a flavor.
    'InstanceType': _s('Nova flavor (a change resizes the instance).', required=True,
                       update_allowed=True, constraint='nova.flavor'),
    'KeyName': _s('Nova keypair name.', constraint='nova.keypair'),
    'AvailabilityZone': _s('Availability zone to launch the instance in.'),
    'SecurityGroups': Property('list', description='Security group names to assign.'),
    'SecurityGroupIds': Property('list', description='Security group ids to assign.'),
    'NetworkInterfaces': Property('list', update_allowed=True,
                                  description='Ports to plug: port ids, or maps of '
                                              'NetworkInterfaceId and DeviceIndex.'),
    'SubnetId': _s('Subnet to launch the instance in (heat-conv makes its port).',
                   update_allowed=True),
    'Tags': Property('list', update_allowed=True,
                     description='Tags of the instance (its Nova metadata).',
                     item=Property('map', schema=_KEY_VALUE)),
    'NovaSchedulerHints': Property('list', description='Scheduler hints for Nova.',
                                   item=Property('map', schema=_KEY_VALUE)),
    'UserData': _s('User data to pass to the instance.'),
    'Volumes': Property('list', default=[], description='Volumes to attach.',
                        item=Property('map', schema={
                            'Device': _s('Device the volume is exposed as.',
                                         required=True),
                            'VolumeId': _s('The volume to attach.', required=True,
                                           constraint='cinder.volume')})),
    'BlockDeviceMappings': Property(
        'list', description='Block devices made from snapshots.',
        item=Property('map', schema={
            'DeviceName': _s('Device name (e.g. vdb).', required=True),
            'Ebs': Property('map', schema=_EBS, description='The EBS volume.'),
            'NoDevice': Property('map', description='Not implemented.'),
            'VirtualName': _s('Not implemented.')})),
}
PROPERTIES.update({name: Property('boolean' if name in ('Monitoring', 'SourceDestCheck')
                                  else 'string', description='Not implemented.')
                   for name in NOT_IMPLEMENTED})
PROPERTIES['Tenancy'] = _s('Not implemented.', allowed_values=('dedicated', 'default'))

ATTRIBUTES = {
    'AvailabilityZone': 'The availability zone the instance was launched in.',
    'PrivateDnsName': 'Private DNS name of the instance (its first IP address).',
    'PublicDnsName': 'Public DNS name of the instance (its first IP address).',
    'PrivateIp': 'Private IP address of the instance.',
    'PublicIp': 'Public IP address of the instance.',
}

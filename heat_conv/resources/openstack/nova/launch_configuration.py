"""AWS::AutoScaling::LaunchConfiguration: what the members of an
InstanceGroup or AWS AutoScalingGroup are built from.

It makes nothing in the cloud: its reference is Heat's physical name
(``<stack>-<resource>-<short id>``), by which a group finds it in its
stack and copies the properties the template gave it into each member,
an AWS::EC2::Instance. Every property change replaces it, as in Heat, so
a group that names it sees a new name and updates its members.

Given ``InstanceId``, the configuration is that server's: its image,
flavor, key pair and security groups fill whatever the template leaves
out, read once when it is created.
"""
import dataclasses

from openstack import exceptions as sdk_exc

from heat_conv.common import exception
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack import base as os_base
from heat_conv.resources.openstack import names
from heat_conv.resources.openstack.nova import instance_schema

_FROM_INSTANCE = ('ImageId', 'InstanceType', 'KeyName', 'UserData', 'SecurityGroups',
                  'KernelId', 'RamDiskId', 'BlockDeviceMappings', 'NovaSchedulerHints')
# The instance's own schema, without defaults: what the template leaves out
# stays out of the members' properties, as Heat copies only what is given.
PROPERTIES = {name: dataclasses.replace(prop, default=None, required=False,
                                       update_allowed=False)
              for name, prop in instance_schema.PROPERTIES.items()
              if name in _FROM_INSTANCE}
PROPERTIES['InstanceId'] = Property(
    'string', constraint='nova.server',
    description='The id of an existing server whose configuration this is.')
PROPERTIES['AssociatePublicIpAddress'] = Property('boolean',
                                                  description='Not implemented.')
DATA_KEY = 'instance_properties'


class LaunchConfiguration(base.Resource):
    type_name = 'AWS::AutoScaling::LaunchConfiguration'
    properties_schema = PROPERTIES
    wants_stack = True
    stack = None

    @classmethod
    def validate_properties(cls, values, path=()):
        result = super().validate_properties(values, path)
        if not result.get('InstanceId') and not (result.get('ImageId')
                                                 and result.get('InstanceType')):
            raise exception.InvalidProperties(
                'If without InstanceId, ImageId and InstanceType are required.',
                path=tuple(path))
        return result

    def create(self):
        if self.properties.get('InstanceId'):
            try:
                self.data[DATA_KEY] = self._from_instance(self.properties['InstanceId'])
            except sdk_exc.NotFoundException:
                return base.Failed(f"The server {self.properties['InstanceId']} "
                                   'could not be found')
            except Exception as exc:
                return base.Failed(f'Nova: {os_base.describe(exc)}')
        return base.Done(names.physical_name(self))

    def _from_instance(self, server_id):
        server = self.cloud.compute.get_server(server_id)
        image = server.image if isinstance(server.image, dict) else {}
        flavor = server.flavor
        found = {'ImageId': image.get('id'),
                 'InstanceType': getattr(flavor, 'name', None) or getattr(flavor, 'id', None),
                 'KeyName': server.key_name,
                 'SecurityGroups': [group['name'] for group in server.security_groups or []]}
        return {key: value for key, value in found.items() if value}

    def delete(self):
        return base.Done()

    @classmethod
    def member_properties(cls, properties, data):
        """The properties each member takes from a configuration whose stored
        properties and data are ``properties`` and ``data``."""
        given = {key: value for key, value in (properties or {}).items()
                 if value is not None and key in _FROM_INSTANCE}
        for key, value in ((data or {}).get(DATA_KEY) or {}).items():
            given.setdefault(key, value)
        return given

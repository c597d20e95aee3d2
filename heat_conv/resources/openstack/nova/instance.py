"""AWS::EC2::Instance: a Nova server described in CloudFormation's terms.

The instance is an OS::Nova::Server whose properties are translated
(instance_properties): the server's code creates, resizes, observes and
deletes it, and its ports and block devices are the server's. Only the
type's own surface differs: InstanceType resizes in place and Tags
(the server's metadata) change in place; NetworkInterfaces and SubnetId,
which Heat changes by attaching and detaching interfaces, replace the
instance here, as a server's networks do; any other change replaces it,
as in Heat.

Its attributes are Heat's: the availability zone, and the first IP
address of the server (by network name, last first, as Heat picks it)
as the private and public IP and DNS names, ``0.0.0.0`` when it has none.
"""
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface import properties as props_mod
from heat_conv.resources.openstack.nova import instance_properties
from heat_conv.resources.openstack.nova import instance_schema
from heat_conv.resources.openstack.nova import server
from heat_conv.resources.openstack.nova import server_schema
from heat_conv.resources.openstack.nova import server_status

NO_ADDRESS = '0.0.0.0'
_IP_ATTRIBUTES = ('PrivateDnsName', 'PublicDnsName', 'PrivateIp', 'PublicIp')


def as_server(values):
    """The OS::Nova::Server properties, defaults filled in, of an instance
    whose properties are ``values``."""
    return props_mod.validate(server_schema.PROPERTIES,
                              instance_properties.server_properties(values))


class Instance(server.Server):
    type_name = 'AWS::EC2::Instance'
    properties_schema = instance_schema.PROPERTIES
    attributes_schema = instance_schema.ATTRIBUTES
    snapshots = False
    heat_class_name = 'Instance'
    _translated = None

    @classmethod
    def validate_properties(cls, values, path=()):
        # The instance's own schema, then the server's checks of what it becomes.
        result = super(server.Server, cls).validate_properties(values, path)
        instance_properties.validate(result, path)
        server.Server.validate_properties(as_server(result), path)
        return result

    @classmethod
    def check_constraints(cls, properties, services, path=()):
        super(server.Server, cls).check_constraints(properties, services, path)

    def nova_properties(self):
        if self._translated is None:
            self._translated = as_server(self.properties)
        return self._translated

    def needs_replace(self, old):
        if base.Resource.needs_replace(self, old):
            return True
        return as_server(old).get('networks') != self.nova_properties().get('networks')

    def update(self, old_properties):
        return super().update(as_server(old_properties))

    def drift(self, expected, cloud_object):
        return server_status.drift(self.physical_id, as_server(expected), cloud_object)

    def attributes(self):
        found = super().attributes()
        if not found:
            return {}
        if 'first_address' not in found:
            return found   # what was stored, already in the instance's terms
        address = found.get('first_address') or NO_ADDRESS
        values = {name: address for name in _IP_ATTRIBUTES}
        zone = self.properties.get('AvailabilityZone')
        if zone is None:
            zone = (found.get('show') or {}).get('OS-EXT-AZ:availability_zone')
        values['AvailabilityZone'] = zone
        values['show'] = found.get('show')
        return values

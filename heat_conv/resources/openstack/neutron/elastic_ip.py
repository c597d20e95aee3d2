"""AWS::EC2::EIP and AWS::EC2::EIPAssociation: Neutron floating IPs in
CloudFormation's terms, as Heat 27 makes them.

An EIP is a floating IP on the cloud's one external network (Heat fails
when there is not exactly one); its reference is the address, its
AllocationId the floating IP's id. With an InstanceId it is put on the
instance's first port; a new InstanceId moves it there, none takes it off.

An EIPAssociation is OS::Neutron::FloatingIPAssociation's code with other
words for its two ends: the floating IP by address (EIP) or by id
(AllocationId), the port by id (NetworkInterfaceId) or as the instance's
first port (InstanceId). Heat puts an EIP on an instance through Nova,
which does the same Neutron call. Heat's VPC router gateway step has no
VPC here and is left out. Its physical id is the floating IP's.
"""
from openstack.network.v2 import floating_ip as sdk_floating_ip

from heat_conv.common import exception
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack import names
from heat_conv.resources.openstack.neutron import base
from heat_conv.resources.openstack.neutron import floating_ip


def external_network_id(cloud):
    """The id of the cloud's only external network, as Heat picks it."""
    found = list(cloud.network.networks(is_router_external=True))
    if len(found) != 1:
        raise ValueError(f'Expected 1 external network, found {len(found)}')
    return found[0].id


def instance_port(cloud, instance):
    """The id of the first port of server ``instance`` (a name or an id)."""
    if not names.is_uuid(instance):
        instance = cloud.compute.find_server(instance, ignore_missing=False).id
    for port in cloud.network.ports(device_id=instance):
        return port.id
    raise ValueError(f'Instance {instance} has no port to put the address on')


def address_id(cloud, address):
    """The id of the floating IP whose address is ``address``."""
    for found in cloud.network.ips(floating_ip_address=address):
        return found.id
    raise ValueError(f'No floating IP has the address {address}')


class ElasticIp(base.NeutronResource):
    type_name = 'AWS::EC2::EIP'
    entity = 'ip'
    collection = 'ips'
    sdk_class = sdk_floating_ip.FloatingIP

    properties_schema = {
        'Domain': Property('string', allowed_values=('vpc',),
                           description='Set to "vpc" to have IP address allocation '
                                       'associated to your VPC.'),
        'InstanceId': Property('string', update_allowed=True, constraint='nova.server',
                               description='Instance ID to associate with EIP.'),
    }
    attributes_schema = {
        'AllocationId': 'ID that AWS assigns to represent the allocation of the address '
                        'for use with Amazon VPC. Returned only for VPC elastic IP '
                        'addresses.',
    }

    def fields(self, props, updating=False):
        body = {}
        if not updating:
            body['floating_network_id'] = external_network_id(self.cloud)
        if props.get('InstanceId'):
            body['port_id'] = instance_port(self.cloud, props['InstanceId'])
        elif updating and 'InstanceId' in props:
            body['port_id'] = None   # no instance any more: off the old one
        return body

    def settled(self, obj):
        outcome = super().settled(obj)
        if self._raw.get('floating_ip_address'):
            self.data['floating_ip_address'] = self._raw['floating_ip_address']
        return outcome

    def refid(self):
        return self.data.get('floating_ip_address') or self.name

    def computed_attributes(self, shown):
        return {'AllocationId': shown.get('id')}


class ElasticIpAssociation(floating_ip.FloatingIPAssociation):
    type_name = 'AWS::EC2::EIPAssociation'
    # Heat's reference is its physical name, made with the stack's.
    wants_stack = True

    properties_schema = {
        'InstanceId': Property('string', update_allowed=True, constraint='nova.server',
                               description='Instance ID to associate with EIP '
                                           'specified by EIP property.'),
        'EIP': Property('string', update_allowed=True, constraint='ip_addr',
                        description='EIP address to associate with instance.'),
        'AllocationId': Property('string', update_allowed=True,
                                 description='Allocation ID for VPC EIP address.'),
        'NetworkInterfaceId': Property('string', update_allowed=True,
                                       description='Network interface ID to associate '
                                                   'with EIP.'),
    }

    @classmethod
    def check_combination(cls, values, path):
        if bool(values.get('EIP')) == bool(values.get('AllocationId')):
            raise exception.InvalidProperties(
                "Either 'EIP' or 'AllocationId' must be provided.", path=path)
        if values.get('EIP') and not values.get('InstanceId'):
            raise exception.InvalidProperties(
                "Must specify 'InstanceId' if you specify 'EIP'.",
                path=path + ('InstanceId',))
        if not values.get('InstanceId') and not values.get('NetworkInterfaceId'):
            raise exception.InvalidProperties(
                'At least one of the following properties must be specified: '
                'InstanceId, NetworkInterfaceId', path=path)

    def floating_id(self, properties):
        if properties.get('AllocationId'):
            return properties['AllocationId']
        return address_id(self.cloud, properties['EIP'])

    def port_of(self, properties):
        if properties.get('NetworkInterfaceId'):
            return properties['NetworkInterfaceId']
        return instance_port(self.cloud, properties['InstanceId'])

    def fixed_address(self, properties):
        return None

    def create(self):
        names.physical_name(self)   # kept for the reference
        return super().create()

    def refid(self):
        return self.data.get('physical_name') or self.name

    def drift(self, expected, cloud_object):
        # Where the address should be takes calls to know: only its loss
        # is drift.
        return super().drift({}, cloud_object)

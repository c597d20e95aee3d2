"""OS::Neutron::FloatingIP and OS::Neutron::FloatingIPAssociation."""
from openstack import exceptions as sdk_exc
from openstack.network.v2 import floating_ip as sdk_floating_ip

from heat_conv.common import exception
from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base as resource_base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack import base as os_base
from heat_conv.resources.openstack import names
from heat_conv.resources.openstack.neutron import base
from heat_conv.resources.openstack.neutron import lookup


def _port_drift(status, detail, expected, shown):
    """MODIFIED when the address is no longer on the port the template names."""
    port = expected.get('port_id')
    if status == Drift.DELETED or not names.is_uuid(port) or shown.get('port_id') == port:
        return status, detail
    detail = dict(detail or {})
    detail['port_id'] = {'expected': port, 'actual': shown.get('port_id')}
    return Drift.MODIFIED, detail


class FloatingIP(base.NeutronResource):
    type_name = 'OS::Neutron::FloatingIP'
    entity = 'ip'
    collection = 'ips'
    sdk_class = sdk_floating_ip.FloatingIP
    renamed = {'floating_network_id': 'floating_network'}
    plain_fields = ('fixed_ip_address', 'floating_ip_address', 'dns_name', 'dns_domain')
    drift_fields = ('fixed_ip_address',)

    properties_schema = {
        'floating_network_id': Property('string', constraint='neutron.network',
                                        description='Deprecated: use floating_network.'),
        'floating_network': Property('string', required=True,
                                     constraint='neutron.network',
                                     description='Network to allocate floating IP from.'),
        'floating_subnet': Property('string', constraint='neutron.subnet',
                                    description='Subnet to allocate floating IP from.'),
        'value_specs': Property('map', default={},
                                description='Extra parameters to include in the '
                                            '"floatingip" object in the creation '
                                            'request.'),
        'port_id': Property('string', update_allowed=True, constraint='neutron.port',
                            description='ID of an existing port with at least one IP '
                                        'address to associate with this floating IP.'),
        'fixed_ip_address': Property('string', update_allowed=True, constraint='ip_addr',
                                     description='IP address to use if the port has '
                                                 'multiple addresses.'),
        'floating_ip_address': Property('string', constraint='ip_addr',
                                        description='IP address of the floating IP '
                                                    '(admin only by default).'),
        'dns_name': Property('string', update_allowed=True, constraint='rel_dns_name',
                             description='DNS name associated with floating ip.'),
        'dns_domain': Property('string', update_allowed=True, constraint='dns_domain',
                               description='DNS domain associated with floating ip.'),
    }

    attributes_schema = {
        'router_id': 'ID of the router used as gateway, set when associated with a '
                     'port.',
        'tenant_id': 'The tenant owning this floating IP.',
        'floating_network_id': 'ID of the network in which this IP is allocated.',
        'fixed_ip_address': 'IP address of the associated port, if specified.',
        'floating_ip_address': 'The allocated address of this IP.',
        'port_id': 'ID of the port associated with this IP.',
    }

    @classmethod
    def check_combination(cls, values, path):
        if values.get('port_id') is None and values.get('fixed_ip_address') is not None:
            raise exception.InvalidProperties('fixed_ip_address specified without '
                                              'port_id.', path=path + ('fixed_ip_address',))

    def fields(self, props, updating=False):
        body = super().fields(props, updating)
        if updating:
            # Heat sends the association whole: the port and its address.
            body['port_id'] = self.properties.get('port_id')
            body['fixed_ip_address'] = self.properties.get('fixed_ip_address')
            return body
        body['floating_network_id'] = lookup.resolve(self.cloud, 'network',
                                                     props['floating_network'])
        if props.get('floating_subnet') is not None:
            body['subnet_id'] = lookup.resolve(self.cloud, 'subnet',
                                               props['floating_subnet'])
        if props.get('port_id') is not None:
            body['port_id'] = lookup.resolve(self.cloud, 'port', props['port_id'])
        return body

    def drift(self, expected, cloud_object):
        status, detail = super().drift(expected, cloud_object)
        return _port_drift(status, detail, expected, cloud_object or {})


class FloatingIPAssociation(base.NeutronResource):
    """The association of a floating IP with a port. It is no object of its
    own: its physical id is the floating IP's, which it changes."""
    type_name = 'OS::Neutron::FloatingIPAssociation'
    entity = 'ip'
    collection = 'ips'
    takes_tags = False
    wants_stack = False

    properties_schema = {
        'floatingip_id': Property('string', required=True, update_allowed=True,
                                  description='ID of the floating IP to associate.'),
        'port_id': Property('string', required=True, update_allowed=True,
                            constraint='neutron.port',
                            description='ID of an existing port with at least one IP '
                                        'address to associate with this floating IP.'),
        'fixed_ip_address': Property('string', update_allowed=True, constraint='ip_addr',
                                     description='IP address to use if the port has '
                                                 'multiple addresses.'),
    }
    attributes_schema = {}

    # What the association joins, from a set of its properties (the
    # current ones or an update's old ones).
    def floating_id(self, properties):
        return properties['floatingip_id']

    def port_of(self, properties):
        return lookup.resolve(self.cloud, 'port', properties['port_id'])

    def fixed_address(self, properties):
        return properties.get('fixed_ip_address')

    def _associate(self, properties):
        obj = self.call(self.cloud.network.update_ip, self.floating_id(properties),
                        port_id=self.port_of(properties),
                        fixed_ip_address=self.fixed_address(properties))
        self.physical_id = obj.id
        return self.settled(obj)

    def create(self):
        try:
            return self._associate(self.properties)
        except Exception as exc:
            return self.failed(exc)

    def update(self, old_properties):
        try:
            old_ip = self.floating_id(old_properties) if old_properties else None
            new_ip = self.floating_id(self.properties)
            if old_ip and old_ip != new_ip:
                self._disassociate(old_ip)
            return self._associate(self.properties)
        except Exception as exc:
            return self.failed(exc)

    def delete(self):
        if not self.physical_id:
            return resource_base.Done()
        try:
            self._disassociate(self.physical_id)
        except Exception as exc:
            return self.failed(exc)
        return resource_base.Done()

    def _disassociate(self, floatingip_id):
        try:
            self.call(self.cloud.network.update_ip, floatingip_id, port_id=None)
        except sdk_exc.NotFoundException:
            pass   # the address is gone, and its association with it

    def judge(self, shown):
        return resource_base.Done(shown['id'])

    def drift(self, expected, cloud_object):
        if cloud_object is None:
            return Drift.DELETED, {'reason': f'floating IP {self.physical_id} no longer '
                                             'exists'}
        return _port_drift(Drift.IN_SYNC, None, expected, cloud_object)

    def attributes(self):
        return {'show': getattr(self, '_raw', None)}

    def find_orphan(self):
        """The floating IP, when it is already on the port (the association
        was made and its answer lost)."""
        try:
            floatingip_id = self.floating_id(self.properties)
            if not floatingip_id:
                return None
            shown = self.call(self.cloud.network.get_ip, floatingip_id)
            port_id = self.port_of(self.properties)
        except (KeyError, sdk_exc.NotFoundException, sdk_exc.ResourceNotFound):
            return None   # never recorded, or gone: nothing was associated
        except Exception as exc:
            return resource_base.Unknown(os_base.describe(exc))
        return shown.id if shown.port_id == port_id else None

"""OS::Neutron::RouterInterface: a router's interface on a subnet or port.

An interface is no Neutron object of its own: its physical id is Heat's
``<router id>:subnet_id=<id>`` or ``<router id>:port_id=<id>``, and it is
seen as the router's port on that subnet (or that port).
"""
from openstack import exceptions as sdk_exc

from heat_conv.clients import retry
from heat_conv.common import exception
from heat_conv.common.status import Action
from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base as resource_base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack import base as os_base
from heat_conv.resources.openstack.neutron import base
from heat_conv.resources.openstack.neutron import listing
from heat_conv.resources.openstack.neutron import lookup


def parse(physical_id):
    """(router id, 'subnet_id' or 'port_id', id) of a physical id."""
    tokens = physical_id.replace('=', ':').split(':')
    if len(tokens) == 2:   # Heat's oldest form: router:subnet
        tokens.insert(1, 'subnet_id')
    return tuple(tokens)


def _interface_port(ports, physical_id):
    router_id, key, value = parse(physical_id)
    for port in ports:
        if port['device_id'] != router_id:
            continue
        if key == 'port_id' and port['id'] == value:
            return port
        if key == 'subnet_id' and any(ip.get('subnet_id') == value
                                      for ip in port.get('fixed_ips') or ()):
            return port
    return None


class RouterInterface(base.NeutronResource):
    type_name = 'OS::Neutron::RouterInterface'
    takes_tags = False
    wants_stack = False
    renamed = {'router_id': 'router', 'subnet_id': 'subnet', 'port_id': 'port'}

    properties_schema = {
        'router': Property('string', required=True, constraint='neutron.router',
                           description='The router.'),
        'router_id': Property('string', constraint='neutron.router',
                              description='Deprecated: use router.'),
        'subnet_id': Property('string', constraint='neutron.subnet',
                              description='Deprecated: use subnet.'),
        'subnet': Property('string', constraint='neutron.subnet',
                           description='The subnet, either subnet or port should be '
                                       'specified.'),
        'port_id': Property('string', constraint='neutron.port',
                            description='Deprecated: use port.'),
        'port': Property('string', constraint='neutron.port',
                         description='The port, either subnet or port should be '
                                     'specified.'),
    }
    attributes_schema = {}

    @classmethod
    def check_combination(cls, values, path):
        subnet, port = values.get('subnet') is not None, values.get('port') is not None
        if subnet and port:
            raise exception.InvalidProperties(
                'Cannot define the following properties at the same time: subnet, '
                'port', path=path + ('port',))
        if not subnet and not port:
            raise exception.InvalidProperties(
                'At least one of the following properties must be specified: subnet, '
                'port', path=path + ('subnet',))

    def _target(self):
        """The physical id the properties name (resolving names)."""
        props = self.properties
        router_id = lookup.resolve(self.cloud, 'router', props['router'])
        if props.get('subnet') is not None:
            return f'{router_id}:subnet_id=' + lookup.resolve(self.cloud, 'subnet',
                                                             props['subnet'])
        return f'{router_id}:port_id=' + lookup.resolve(self.cloud, 'port', props['port'])

    def create(self):
        try:
            target = self._target()
            router_id, key, value = parse(target)
            self.call(self.cloud.network.add_interface_to_router, router_id,
                      **{key.removesuffix('_id'): value},
                      on_retry=lambda: self._present(target))
        except Exception as exc:
            return self.failed(exc)
        self.physical_id = target
        return resource_base.Done(target)

    def update(self, old_properties):
        # Nothing of an interface updates in place.
        return resource_base.NeedsReplace(self.physical_id)

    def delete(self):
        if not self.physical_id:
            return resource_base.Done()
        router_id, key, value = parse(self.physical_id)
        try:
            self.call(self.cloud.network.remove_interface_from_router, router_id,
                      **{key.removesuffix('_id'): value})
        except sdk_exc.NotFoundException:
            return resource_base.Done()
        except Exception as exc:
            return self.failed(exc)
        return resource_base.Done()

    def _present(self, physical_id):
        shown = self.observe_many(self.cloud, [physical_id])[physical_id]
        return shown

    def adopt(self):
        return self.check()

    def check(self):
        if not self.physical_id:
            return resource_base.Failed(f'{self.type_name} has no physical object')
        try:
            shown = self._present(self.physical_id)
        except Exception as exc:
            return self.failed(exc)
        if shown is None:
            return resource_base.Failed(f'{self.type_name} {self.physical_id} was '
                                        'deleted outside heat-conv')
        return resource_base.Done(self.physical_id)

    def progress(self, action, cloud_object):
        if action == Action.DELETE:
            return resource_base.Done() if cloud_object is None else None
        return resource_base.Done(self.physical_id) if cloud_object is not None else \
            resource_base.Failed(f'{self.type_name} {self.physical_id} disappeared')

    def attributes(self):
        return {'show': None}

    def drift(self, expected, cloud_object):
        if cloud_object is None:
            return Drift.DELETED, {'reason': f'{self.type_name} {self.physical_id} no '
                                             'longer exists'}
        return Drift.IN_SYNC, None

    def observe_drift(self):
        if not self.physical_id:
            return None
        try:
            return self.drift(self.stored_properties, self._present(self.physical_id))[0]
        except Exception:
            return None

    @classmethod
    def observe_many(cls, cloud, physical_ids):
        """The routers' ports, in one list call per 50 routers."""
        routers = list(dict.fromkeys(parse(pid)[0] for pid in physical_ids))
        ports = []
        for start in range(0, len(routers), listing.IDS_PER_CALL):
            chunk = routers[start:start + listing.IDS_PER_CALL]
            ports.extend(listing.raw(port) for port in retry.call(
                lambda: list(cloud.network.ports(device_id=chunk))))
        return {pid: _interface_port(ports, pid) for pid in physical_ids}

    def find_orphan(self):
        """An interface the create made before its answer was lost: the
        router's port on the subnet (Neutron refuses a second one)."""
        try:
            target = self._target()
            return target if self._present(target) is not None else None
        except sdk_exc.NotFoundException:
            return None
        except Exception as exc:
            return resource_base.Unknown(os_base.describe(exc))

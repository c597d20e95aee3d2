"""The benchmark's stacks: HOT templates of ``OS::Heat::TestResource``.

Each workload is a dependency shape of N resources. Its templates differ
between phases only in the values that force what a phase measures: a new
``value`` updates every resource in place, a new ``update_replace_value``
replaces every one. ``critical_path`` is the number of resources on the
longest dependency chain: the ideal time of a phase is that many action
waits (twice that for a replacement, whose deletes run in reverse order
after the creates).
"""
import math

HOT_VERSION = '2018-08-31'
TEST_RESOURCE = 'OS::Heat::TestResource'
GROUP_RESOURCE = 'OS::Heat::ResourceGroup'


class Workload:
    """One dependency shape; ``build(size)`` gives its resources."""

    name = None
    # Resource types the endpoint must know for the workload to run.
    needs_types = (TEST_RESOURCE,)

    @property
    def resource_count(self):
        """Resources in the stack (the cloud workloads add a net and subnet)."""
        return self.size

    def __init__(self, size, layers=None):
        self.size = size
        self.layers = layers

    @property
    def label(self):
        return f'{self.name}-{self.size}'

    def critical_path(self):
        raise NotImplementedError

    def resources(self, props):
        """{name: resource}, each built with ``props(inputs)``."""
        raise NotImplementedError

    def template(self, value='v0', replace_value='r0', wait=0.0):
        def props(inputs=()):
            out = {'value': value if not inputs else {'list_join': [
                '-', [value] + [{'get_attr': [name, 'output']} for name in inputs]]},
                'update_replace_value': replace_value}
            if wait:
                out['action_wait_secs'] = {'create': wait, 'update': wait,
                                           'delete': wait}
            return out
        return {'heat_template_version': HOT_VERSION,
                'description': f'heat-conv-bench {self.label}',
                'resources': self.resources(props)}


def _resource(properties):
    return {'type': TEST_RESOURCE, 'properties': properties}


class Independent(Workload):
    name = 'independent'

    def critical_path(self):
        return 1

    def resources(self, props):
        return {f'r{i}': _resource(props()) for i in range(self.size)}


class Chain(Workload):
    name = 'chain'

    def critical_path(self):
        return self.size

    def resources(self, props):
        return {f'r{i}': _resource(props([f'r{i - 1}'] if i else []))
                for i in range(self.size)}


class Layered(Workload):
    """L layers of W; each resource above the first needs 2 of the layer below."""

    name = 'layered'

    def __init__(self, size, layers=None):
        layers = layers or max(1, round(math.sqrt(size)))
        if size % layers:
            raise ValueError(f'layered: {size} resources do not split into '
                             f'{layers} equal layers')
        super().__init__(size, layers)
        self.width = size // layers

    @property
    def label(self):
        return f'layered-{self.layers}x{self.width}'

    def critical_path(self):
        return self.layers

    def resources(self, props):
        out = {}
        for layer in range(self.layers):
            for i in range(self.width):
                inputs = []
                if layer:
                    below = {i, (i + 1) % self.width}
                    inputs = [f'l{layer - 1}r{j}' for j in sorted(below)]
                out[f'l{layer}r{i}'] = _resource(props(inputs))
        return out


class Fanin(Workload):
    """N - 1 independent resources all needed by one."""

    name = 'fanin'

    def critical_path(self):
        return 2 if self.size > 1 else 1

    def resources(self, props):
        leaves = [f'r{i}' for i in range(self.size - 1)]
        out = {name: _resource(props()) for name in leaves}
        out['sink'] = _resource(props(leaves))
        return out


class Group(Workload):
    """One ResourceGroup of N TestResources (needs composition)."""

    name = 'group'
    needs_types = (TEST_RESOURCE, GROUP_RESOURCE)

    def critical_path(self):
        return 2   # the group's members in parallel, then the group itself

    def resources(self, props):
        return {'group': {'type': GROUP_RESOURCE, 'properties': {
            'count': self.size,
            'resource_def': {'type': TEST_RESOURCE, 'properties': props()}}}}


class CloudPorts(Workload):
    """A real cloud's objects: one Net and Subnet, and N Neutron ports on it.

    Needs a cloud behind Keystone (the image and flavor are HOT parameters,
    by default the mini-cloud's ``cirros`` and ``m1.tiny``). Its phases are
    create and delete; ``value`` and ``replace_value`` do not apply."""

    name = 'ports'
    needs_types = ('OS::Neutron::Net', 'OS::Neutron::Subnet', 'OS::Neutron::Port')
    servers = False

    def critical_path(self):
        return 3 + self.servers   # net, subnet, port (, server)

    @property
    def resource_count(self):
        return 2 + self.size * (2 if self.servers else 1)

    def resources(self, props):
        out = {'net': {'type': 'OS::Neutron::Net', 'properties': {
                   'name': {'list_join': ['-', [{'get_param': 'OS::stack_name'},
                                                'net']]}}},
               'subnet': {'type': 'OS::Neutron::Subnet', 'properties': {
                   'network': {'get_resource': 'net'}, 'cidr': '10.0.0.0/22',
                   'ip_version': 4}}}
        for i in range(self.size):
            out[f'port{i}'] = {'type': 'OS::Neutron::Port', 'properties': {
                'network': {'get_resource': 'net'},
                'fixed_ips': [{'subnet': {'get_resource': 'subnet'}}]}}
            if self.servers:
                out[f'server{i}'] = {'type': 'OS::Nova::Server', 'properties': {
                    'image': {'get_param': 'image'},
                    'flavor': {'get_param': 'flavor'},
                    'user_data_format': 'RAW',
                    'networks': [{'port': {'get_resource': f'port{i}'}}]}}
        return out

    def template(self, value='v0', replace_value='r0', wait=0.0):
        out = super().template(value, replace_value, wait)
        if self.servers:
            out['parameters'] = {'image': {'type': 'string', 'default': 'cirros'},
                                 'flavor': {'type': 'string', 'default': 'm1.tiny'}}
        return out


class CloudServers(CloudPorts):
    """One Net and Subnet, and N Nova servers each booted on a port of its own."""

    name = 'servers'
    needs_types = CloudPorts.needs_types + ('OS::Nova::Server',)
    servers = True


WORKLOADS = {cls.name: cls for cls in (Independent, Chain, Layered, Fanin, Group,
                                       CloudPorts, CloudServers)}
CLOUD_WORKLOADS = ('ports', 'servers')


def make(name, size, layers=None):
    try:
        cls = WORKLOADS[name]
    except KeyError:
        raise ValueError(f'unknown workload {name!r}; choose from '
                         + ', '.join(WORKLOADS)) from None
    return cls(size, layers)


def parse(spec):
    """``chain:100``, ``layered:10x100`` (layers x width), ``independent:1000``."""
    name, _, size = spec.partition(':')
    if not size:
        raise ValueError(f'workload {spec!r}: say NAME:SIZE, e.g. chain:100')
    if name == 'layered' and 'x' in size:
        layers, width = (int(part) for part in size.split('x', 1))
        return make(name, layers * width, layers)
    return make(name, int(size))

"""OS::Neutron::SecurityGroupRule: one rule of a security group."""
from openstack.network.v2 import security_group_rule as sdk_rule

from heat_conv.common import exception
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.neutron import base
from heat_conv.resources.openstack.neutron import lookup

PROTOCOLS = tuple(str(number) for number in range(256)) + (
    'ah', 'dccp', 'egp', 'esp', 'gre', 'icmp', 'icmpv6', 'igmp', 'ipv6-encap',
    'ipv6-frag', 'ipv6-icmp', 'ipv6-nonxt', 'ipv6-opts', 'ipv6-route', 'ospf', 'pgm',
    'rsvp', 'sctp', 'tcp', 'udp', 'udplite', 'vrrp')

_ICMP = ('icmp', 'icmpv6', 'ipv6-icmp')


class SecurityGroupRule(base.NeutronResource):
    type_name = 'OS::Neutron::SecurityGroupRule'
    entity = 'security_group_rule'
    collection = 'security_group_rules'
    sdk_class = sdk_rule.SecurityGroupRule
    # Rules take no Neutron tags: the owner is in the description only.
    takes_tags = False
    wants_stack = False
    plain_fields = ('description', 'direction', 'ethertype', 'port_range_min',
                    'port_range_max', 'protocol', 'remote_ip_prefix')

    properties_schema = {
        'security_group': Property('string', required=True,
                                   constraint='neutron.security_group',
                                   description='Security group name or ID to add rule.'),
        'description': Property('string',
                                description='Description of the security group rule.'),
        'direction': Property('string', default='ingress',
                              allowed_values=('ingress', 'egress'),
                              description='The direction in which the security group '
                                          'rule is applied.'),
        'ethertype': Property('string', default='IPv4', allowed_values=('IPv4', 'IPv6'),
                              description='Ethertype of the traffic.'),
        'port_range_min': Property('integer', min_value=0, max_value=65535,
                                   description='The minimum port number matched by the '
                                               'rule (or the ICMP type).'),
        'port_range_max': Property('integer', min_value=0, max_value=65535,
                                   description='The maximum port number matched by the '
                                               'rule (or the ICMP code).'),
        'protocol': Property('string', default='tcp', allowed_values=PROTOCOLS,
                             description='The protocol matched by the rule: a name or '
                                         'a number 0-255.'),
        'remote_group': Property('string', constraint='neutron.security_group',
                                 description='The remote group name or ID to be '
                                             'associated with this rule.'),
        'remote_ip_prefix': Property('string', constraint='net_cidr',
                                     description='The remote IP prefix (CIDR) to be '
                                                 'associated with this rule.'),
    }
    attributes_schema = {}

    @classmethod
    def check_combination(cls, values, path):
        if values.get('remote_group') is not None and \
                values.get('remote_ip_prefix') is not None:
            raise exception.InvalidProperties(
                'Cannot define the following properties at the same time: '
                'remote_group, remote_ip_prefix', path=path + ('remote_ip_prefix',))
        low, high = values.get('port_range_min'), values.get('port_range_max')
        if low is not None and high is not None and high < low and \
                values.get('protocol') not in _ICMP:
            raise exception.InvalidProperties(
                'The minimum port number must be less than or equal to the maximum '
                'port number.', path=path + ('port_range_max',))

    def fields(self, props, updating=False):
        body = super().fields(props, updating)
        body['security_group_id'] = lookup.resolve(self.cloud, 'security_group',
                                                   props['security_group'])
        if props.get('remote_group') is not None:
            body['remote_group_id'] = lookup.resolve(self.cloud, 'security_group',
                                                     props['remote_group'])
        return body

    def find_orphan(self):
        if not self.properties.get('security_group'):
            return None   # its properties were never recorded: nothing to look for
        return super().find_orphan()

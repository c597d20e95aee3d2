"""AWS::EC2::SecurityGroup: a Neutron security group in CloudFormation's
terms.

It is an OS::Neutron::SecurityGroup whose rules are translated: every
rule is IPv4; FromPort and ToPort are strings, a negative one meaning
"any"; a rule with neither port matches any address (its CidrIp is
dropped); SourceSecurityGroupId or SourceSecurityGroupName names the
remote group. As in Heat, the group is named after the resource, and
Neutron's allow-all egress rules go when SecurityGroupEgress lists rules.

An update of the rules changes them in place as Heat does: the rules
Neutron shows and the template does not ask for are deleted, the missing
ones made, the others left alone (so the allow-all egress rules go too
unless SecurityGroupEgress asks for them; ``data['default_egress']``
remembers it, for the drift). A new GroupDescription or VpcId replaces
the group.
"""
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack import names
from heat_conv.resources.openstack.neutron import lookup
from heat_conv.resources.openstack.neutron import security_group

INGRESS, EGRESS = 'SecurityGroupIngress', 'SecurityGroupEgress'

_RULE = {
    'CidrIp': Property('string', description='The remote IP prefix (CIDR).'),
    'FromPort': Property('string', description='The lowest port matched (or ICMP type).'),
    'ToPort': Property('string', description='The highest port matched (or ICMP code).'),
    'IpProtocol': Property('string', description='The protocol: tcp, udp, icmp ...'),
    'SourceSecurityGroupId': Property('string', description='The remote group id.'),
    'SourceSecurityGroupName': Property('string', description='The remote group name.'),
    'SourceSecurityGroupOwnerId': Property('string', description='Not implemented.'),
}

# What identifies a rule in an update, as Heat compares them (no ethertype).
_DIFF_KEYS = ('direction', 'protocol', 'port_range_min', 'port_range_max',
              'remote_ip_prefix', 'remote_group_id')


def _port(value):
    if value is None:
        return None
    number = int(value)
    return number if number >= 0 else None   # Neutron takes no negative port


def neutron_rules(properties, resolve_group):
    """The OS::Neutron::SecurityGroup rules (its ``rules`` schema) of the
    AWS ``properties``, ingress first; ``resolve_group(name_or_id)`` gives
    a remote group's id."""
    rules = []
    for direction, key in (('ingress', INGRESS), ('egress', EGRESS)):
        for aws in properties.get(key) or ():
            rule = {'direction': direction, 'ethertype': 'IPv4',
                    'protocol': aws.get('IpProtocol'),
                    'port_range_min': _port(aws.get('FromPort')),
                    'port_range_max': _port(aws.get('ToPort'))}
            if aws.get('FromPort') is not None or aws.get('ToPort') is not None:
                rule['remote_ip_prefix'] = aws.get('CidrIp')
            source = aws.get('SourceSecurityGroupId') or aws.get('SourceSecurityGroupName')
            if source:
                rule['remote_mode'] = 'remote_group_id'
                rule['remote_group_id'] = resolve_group(source)
            rules.append(rule)
    return rules


def diff_key(rule):
    return tuple(None if rule.get(key) is None else str(rule[key]) for key in _DIFF_KEYS)


class SecurityGroup(security_group.SecurityGroup):
    type_name = 'AWS::EC2::SecurityGroup'
    plain_fields = ()
    drift_fields = ('description',)

    properties_schema = {
        'GroupDescription': Property('string', required=True,
                                     description='Description of the security group.'),
        'VpcId': Property('string', description='Physical ID of the VPC. Not '
                                                'implemented.'),
        INGRESS: Property('list', update_allowed=True,
                          item=Property('map', schema=_RULE,
                                        description='List of security group ingress '
                                                    'rules.')),
        EGRESS: Property('list', update_allowed=True,
                         item=Property('map', schema=_RULE,
                                       description='List of security group egress '
                                                   'rules.')),
    }
    attributes_schema = {}

    @classmethod
    def check_combination(cls, values, path):
        """No check of the native type's applies (it has no name)."""

    def fields(self, props, updating=False):
        if 'GroupDescription' in props:
            return {'description': props['GroupDescription']}
        return {}

    def create_fields(self):
        body = super().create_fields()
        body['name'] = names.physical_name(self)
        return body

    def template_rules(self, properties):
        return neutron_rules(properties, self._group_id)

    def _group_id(self, name_or_id):
        return lookup.resolve(self.cloud, 'security_group', name_or_id)

    def create(self):
        outcome = super().create()
        self.data['default_egress'] = not self.properties.get(EGRESS)
        return outcome

    def after_update(self, obj, changed):
        if INGRESS not in changed and EGRESS not in changed:
            return
        rules = self.template_rules(self.properties)
        bodies = [self._neutron_rule(rule) for rule in rules]
        wanted = {diff_key(body) for body in bodies}
        shown = self._rules()
        stale = {rule['id'] for rule in shown if diff_key(rule) not in wanted}
        self._delete_rules(lambda rule: rule['id'] in stale)
        present = {diff_key(rule) for rule in shown if rule['id'] not in stale}
        self._create_rules([rule for rule, body in zip(rules, bodies)
                            if diff_key(body) not in present], clear_egress=False)
        self.data['default_egress'] = any(
            diff_key(body) == diff_key(default) for body in bodies
            for default in security_group.DEFAULT_EGRESS)

    def keeps_default_egress(self, wanted):
        return self.data.get('default_egress', True) and super().keeps_default_egress(
            wanted)

    def expected_value(self, key, expected):
        if key == 'description':
            return expected.get('GroupDescription')
        return super().expected_value(key, expected)

"""OS::Neutron::SecurityGroup: a security group and its rules."""
from openstack import exceptions as sdk_exc
from openstack.network.v2 import security_group as sdk_security_group

from heat_conv.common import exception
from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base as resource_base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.neutron import base
from heat_conv.resources.openstack.neutron import listing

_RULE = {
    'direction': Property('string', default='ingress',
                          allowed_values=('ingress', 'egress'),
                          description='The direction in which the rule is applied.'),
    'ethertype': Property('string', default='IPv4', allowed_values=('IPv4', 'IPv6'),
                          description='Ethertype of the traffic.'),
    'port_range_min': Property('integer', min_value=0, max_value=65535,
                               description='The minimum port number matched (or ICMP '
                                           'type).'),
    'port_range_max': Property('integer', min_value=0, max_value=65535,
                               description='The maximum port number matched (or ICMP '
                                           'code).'),
    'protocol': Property('string', description='The protocol matched by the rule: '
                                               'tcp, udp, icmp ...'),
    'remote_mode': Property('string', default='remote_ip_prefix',
                            allowed_values=('remote_ip_prefix', 'remote_group_id'),
                            description='Whether to specify a remote group or a remote '
                                        'IP prefix.'),
    'remote_group_id': Property('string', constraint='neutron.security_group',
                                description='The remote group ID; this group when '
                                            'unset and remote_mode is '
                                            'remote_group_id.'),
    'remote_ip_prefix': Property('string', constraint='net_cidr',
                                 description='The remote IP prefix (CIDR).'),
}

# What Neutron gives a new group, and what a rules update starts from.
DEFAULT_EGRESS = ({'direction': 'egress', 'ethertype': 'IPv4'},
                  {'direction': 'egress', 'ethertype': 'IPv6'})

_RULE_KEYS = ('direction', 'ethertype', 'protocol', 'port_range_min', 'port_range_max',
              'remote_ip_prefix', 'remote_group_id')


def rule_key(rule):
    """A rule as a comparable tuple (Neutron keeps ports as numbers)."""
    return tuple(None if rule.get(key) is None else str(rule[key]) for key in _RULE_KEYS)


class SecurityGroup(base.NeutronResource):
    type_name = 'OS::Neutron::SecurityGroup'
    entity = 'security_group'
    collection = 'security_groups'
    sdk_class = sdk_security_group.SecurityGroup
    plain_fields = ('description',)
    drift_fields = ('name', 'description')

    properties_schema = {
        'name': Property('string', update_allowed=True,
                         description='A string specifying a symbolic name for the '
                                     'security group, which is not required to be '
                                     'unique.'),
        'description': Property('string', update_allowed=True,
                                description='Description of the security group.'),
        'rules': Property('list', default=[], update_allowed=True,
                          item=Property('map', schema=_RULE),
                          description='List of security group rules.'),
    }
    attributes_schema = {}

    @classmethod
    def check_combination(cls, values, path):
        if values.get('name') == 'default':
            raise exception.InvalidProperties(
                'Security groups cannot be assigned the name "default".',
                path=path + ('name',))

    def create(self):
        outcome = super().create()
        if isinstance(outcome, resource_base.Failed):
            return outcome
        try:
            rules = self.template_rules(self.properties)
            if rules:
                self._create_rules(rules)
        except Exception as exc:
            return self.failed(exc)
        return outcome

    def template_rules(self, properties):
        """The rules ``properties`` ask for, in this type's rule schema
        (``_RULE``), ingress and egress in the order they are made."""
        return properties.get('rules') or []

    def after_update(self, obj, changed):
        # As Heat: every rule goes, the default egress ones come back, then
        # the template's.
        if 'rules' in changed:
            self._delete_rules()
            self._create_rules(DEFAULT_EGRESS)
            self._create_rules(changed['rules'] or [])

    def _neutron_rule(self, rule):
        body = {key: rule.get(key) for key in ('direction', 'ethertype', 'protocol',
                                               'port_range_min', 'port_range_max')
                if rule.get(key) is not None}
        if rule.get('remote_mode') == 'remote_group_id':
            # No group given: the rule refers to its own group.
            body['remote_group_id'] = rule.get('remote_group_id') or self.physical_id
        elif rule.get('remote_ip_prefix') is not None:
            body['remote_ip_prefix'] = rule['remote_ip_prefix']
        return body

    def _create_rules(self, rules, clear_egress=True):
        network = self.cloud.network
        egress_cleared = not clear_egress
        for rule in rules:
            if rule.get('direction') == 'egress' and not egress_cleared:
                # An egress rule replaces the default allow-all egress rules.
                egress_cleared = True
                self._delete_rules(lambda shown: shown['direction'] == 'egress')
            try:
                self.call(network.create_security_group_rule,
                          security_group_id=self.physical_id, **self._neutron_rule(rule))
            except sdk_exc.ConflictException:
                pass   # the same rule is there already

    def _delete_rules(self, which=None):
        network = self.cloud.network
        for shown in self._rules():
            if which is None or which(shown):
                try:
                    self.call(network.delete_security_group_rule, shown['id'])
                except sdk_exc.NotFoundException:
                    pass

    def _rules(self):
        network = self.cloud.network
        return [listing.raw(rule) for rule in self.call(lambda: list(
            network.security_group_rules(security_group_id=self.physical_id)))]

    def expected_rules(self, properties):
        """The rules Neutron should show for the template's ``properties``."""
        wanted = [self._neutron_rule(rule) for rule in self.template_rules(properties)]
        if self.keeps_default_egress(wanted):
            wanted = list(DEFAULT_EGRESS) + wanted
        return sorted({rule_key(rule) for rule in wanted}, key=str)

    def keeps_default_egress(self, wanted):
        """Whether Neutron's allow-all egress rules stay beside ``wanted``
        (the Neutron rules the template asks for)."""
        return not any(rule.get('direction') == 'egress' for rule in wanted)

    def drift(self, expected, cloud_object):
        status, detail = super().drift(expected, cloud_object)
        if status == Drift.DELETED:
            return status, detail
        actual = sorted({rule_key(rule) for rule in
                         cloud_object.get('security_group_rules') or ()}, key=str)
        wanted = self.expected_rules(expected)
        if actual != wanted:
            detail = dict(detail or {})
            detail['rules'] = {'expected': [list(r) for r in wanted],
                               'actual': [list(r) for r in actual]}
            return Drift.MODIFIED, detail
        return status, detail

"""AWS::EC2::SecurityGroup against a stand-in for Neutron."""
import types
import uuid
from unittest import mock

from openstack.network.v2 import security_group as sdk_group
from openstack.network.v2 import security_group_rule as sdk_rule

from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.neutron import aws_security_group as aws

SecurityGroup = aws.SecurityGroup
OTHER = '00000000-0000-0000-0000-0000000000aa'
SSH = {'IpProtocol': 'tcp', 'FromPort': '22', 'ToPort': '22', 'CidrIp': '0.0.0.0/0'}


def _default_egress(group_id='sg-1'):
    return [{'id': f'e-{ethertype}', 'security_group_id': group_id, 'direction': 'egress',
             'ethertype': ethertype, 'protocol': None, 'port_range_min': None,
             'port_range_max': None, 'remote_ip_prefix': None, 'remote_group_id': None}
            for ethertype in ('IPv4', 'IPv6')]


def _neutron(rules=None):
    """Neutron holding group sg-1 with ``rules`` (default: the allow-all
    egress rules a new group has); rule calls change them."""
    network = mock.Mock()
    held = list(_default_egress() if rules is None else rules)
    made = sdk_group.SecurityGroup(id='sg-1', name='web-sg', description='Web', tags=[])
    network.create_security_group.return_value = made
    network.get_security_group.return_value = made
    network.security_group_rules.side_effect = lambda **query: [
        sdk_rule.SecurityGroupRule(**r) for r in held]

    def create_rule(**body):
        held.append(dict(body, id=f'r-{len(held)}'))
    network.create_security_group_rule.side_effect = create_rule

    def delete_rule(rule_id):
        held[:] = [r for r in held if r['id'] != rule_id]
    network.delete_security_group_rule.side_effect = delete_rule
    network.find_security_group.return_value = types.SimpleNamespace(id=OTHER)
    network.held = held
    return network


def _group(properties, network, old=None, physical_id=None, data=None):
    props = SecurityGroup.validate_properties(properties)
    plugin = SecurityGroup('sg', 'stack-1', props, physical_id=physical_id,
                           stored_properties=old or props, stored_data=data,
                           cloud=types.SimpleNamespace(network=network,
                                                       current_project_id='p'),
                           resource_id=str(uuid.uuid4()))
    plugin.stack = types.SimpleNamespace(id='stack-1', name='web')
    return plugin


def _shown(network):
    return sorted((r['direction'], r.get('protocol'), r.get('port_range_min'),
                   r.get('remote_ip_prefix'), r.get('remote_group_id'))
                  for r in network.held)


def test_translated_rules_are_ipv4_with_numeric_ports_and_remote_groups():
    rules = aws.neutron_rules({
        'SecurityGroupIngress': [SSH, {'IpProtocol': 'icmp', 'FromPort': '-1',
                                       'ToPort': '-1', 'CidrIp': '10.0.0.0/8'},
                                 {'IpProtocol': 'tcp', 'CidrIp': '10.0.0.0/8',
                                  'SourceSecurityGroupName': 'db'}],
        'SecurityGroupEgress': [{'IpProtocol': 'udp', 'FromPort': '53', 'ToPort': '53',
                                 'CidrIp': '0.0.0.0/0'}]}, lambda name: f'id-of-{name}')
    assert rules[0] == {'direction': 'ingress', 'ethertype': 'IPv4', 'protocol': 'tcp',
                        'port_range_min': 22, 'port_range_max': 22,
                        'remote_ip_prefix': '0.0.0.0/0'}
    # A negative port is "any"; a rule with no port at all drops its CidrIp.
    assert rules[1]['port_range_min'] is None and rules[1]['remote_ip_prefix'] == '10.0.0.0/8'
    assert 'remote_ip_prefix' not in rules[2]
    assert rules[2]['remote_group_id'] == 'id-of-db'
    assert rules[3]['direction'] == 'egress' and rules[3]['port_range_min'] == 53


def test_create_names_the_group_after_the_resource_and_keeps_default_egress():
    network = _neutron()
    plugin = _group({'GroupDescription': 'Web', 'SecurityGroupIngress': [SSH]}, network)
    assert plugin.create() == base.Done('sg-1')
    sent = network.create_security_group.call_args.kwargs
    assert sent['description'] == 'Web'
    assert sent['name'].startswith('web-sg-')
    assert _shown(network) == [('egress', None, None, None, None),
                               ('egress', None, None, None, None),
                               ('ingress', 'tcp', 22, '0.0.0.0/0', None)]
    assert plugin.data['default_egress'] is True


def test_egress_rules_replace_neutrons_allow_all_egress():
    network = _neutron()
    plugin = _group({'GroupDescription': 'Web', 'SecurityGroupEgress': [
        {'IpProtocol': 'tcp', 'FromPort': '443', 'ToPort': '443', 'CidrIp': '0.0.0.0/0'}]},
        network)
    assert plugin.create() == base.Done('sg-1')
    assert _shown(network) == [('egress', 'tcp', 443, '0.0.0.0/0', None)]
    assert plugin.data['default_egress'] is False


def test_an_update_changes_only_the_rules_that_differ_as_heat_does():
    network = _neutron(_default_egress() + [
        {'id': 'ssh', 'direction': 'ingress', 'ethertype': 'IPv4', 'protocol': 'tcp',
         'port_range_min': 22, 'port_range_max': 22, 'remote_ip_prefix': '0.0.0.0/0',
         'remote_group_id': None}])
    old = SecurityGroup.validate_properties({'GroupDescription': 'Web',
                                             'SecurityGroupIngress': [SSH]})
    http = dict(SSH, FromPort='80', ToPort='80')
    plugin = _group({'GroupDescription': 'Web', 'SecurityGroupIngress': [SSH, http]},
                    network, old=old, physical_id='sg-1', data={'default_egress': True})
    assert not plugin.needs_replace(old)
    assert plugin.update(old) == base.Done('sg-1')
    # ssh stays (same id), http is new; the allow-all egress rules, which the
    # template does not list, go (Heat's diff).
    assert 'ssh' in {r['id'] for r in network.held}
    assert _shown(network) == [('ingress', 'tcp', 22, '0.0.0.0/0', None),
                               ('ingress', 'tcp', 80, '0.0.0.0/0', None)]
    network.update_security_group.assert_not_called()
    assert plugin.data['default_egress'] is False


def test_a_new_description_or_vpc_replaces_the_group():
    old = SecurityGroup.validate_properties({'GroupDescription': 'Web'})
    assert _group({'GroupDescription': 'Other'}, _neutron(), old=old).needs_replace(old)
    assert _group({'GroupDescription': 'Web', 'VpcId': 'v'}, _neutron(),
                  old=old).needs_replace(old)


def test_drift_compares_the_rules_neutron_shows_with_the_templates():
    props = SecurityGroup.validate_properties({'GroupDescription': 'Web',
                                               'SecurityGroupIngress': [SSH]})
    plugin = _group(props, _neutron(), physical_id='sg-1', data={'default_egress': True})
    ssh = {'direction': 'ingress', 'ethertype': 'IPv4', 'protocol': 'tcp',
           'port_range_min': 22, 'port_range_max': 22, 'remote_ip_prefix': '0.0.0.0/0'}
    shown = {'id': 'sg-1', 'description': 'Web',
             'security_group_rules': _default_egress() + [ssh]}
    assert plugin.drift(props, shown) == (Drift.IN_SYNC, None)
    status, detail = plugin.drift(props, dict(shown, description='changed',
                                              security_group_rules=[ssh]))
    assert status == Drift.MODIFIED and set(detail) == {'description', 'rules'}

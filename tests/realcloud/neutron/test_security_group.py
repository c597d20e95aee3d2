"""OS::Neutron::SecurityGroup and SecurityGroupRule against the real Neutron."""
import pytest

from heat_conv.common import exception
from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.neutron import security_group
from heat_conv.resources.openstack.neutron import security_group_rule

SSH = {'protocol': 'tcp', 'port_range_min': 22, 'port_range_max': 22,
       'remote_ip_prefix': '10.0.0.0/8'}


def _rules(demo, group_id):
    return sorted((r.direction, r.ether_type, r.protocol, r.port_range_min,
                   r.remote_ip_prefix) for r in demo.network.security_group_rules(
                       security_group_id=group_id))


def test_group_with_rules_update_drift_delete(harness, demo):
    plugin = harness.plugin(security_group.SecurityGroup, 'res', {
        'name': 'hc-sg', 'description': 'mine',
        'rules': [SSH, {'direction': 'egress', 'protocol': 'udp', 'port_range_min': 53,
                        'port_range_max': 53, 'remote_ip_prefix': '10.0.0.2/32'}]})
    group_id = plugin.create().physical_id
    shown = demo.network.get_security_group(group_id)
    assert (shown.name, shown.description) == ('hc-sg', 'mine')
    assert plugin.ownership_tags()[0] in shown.tags
    # An egress rule in the template replaces the default allow-all ones.
    assert _rules(demo, group_id) == [('egress', 'IPv4', 'udp', 53, '10.0.0.2/32'),
                                      ('ingress', 'IPv4', 'tcp', 22, '10.0.0.0/8')]
    observed = security_group.SecurityGroup.observe_many(demo, [group_id])[group_id]
    assert plugin.drift(plugin.properties, observed) == (Drift.IN_SYNC, None)

    later = harness.again(plugin, dict(plugin.properties, rules=[SSH], name='hc-sg-2'))
    assert isinstance(later.update(plugin.properties), base.Done)
    assert demo.network.get_security_group(group_id).name == 'hc-sg-2'
    # The default egress rules are back.
    assert _rules(demo, group_id) == [('egress', 'IPv4', None, None, None),
                                      ('egress', 'IPv6', None, None, None),
                                      ('ingress', 'IPv4', 'tcp', 22, '10.0.0.0/8')]
    observed = security_group.SecurityGroup.observe_many(demo, [group_id])[group_id]
    assert later.drift(later.properties, observed) == (Drift.IN_SYNC, None)

    ssh_rule = next(r for r in demo.network.security_group_rules(
        security_group_id=group_id) if r.direction == 'ingress')
    demo.network.delete_security_group_rule(ssh_rule)
    observed = security_group.SecurityGroup.observe_many(demo, [group_id])[group_id]
    status, detail = later.drift(later.properties, observed)
    assert status == Drift.MODIFIED and list(detail) == ['rules']

    assert later.delete() == base.Done()
    assert demo.network.find_security_group(group_id) is None
    assert later.delete() == base.Done()


def test_the_name_default_is_refused():
    with pytest.raises(exception.InvalidProperties, match='cannot be assigned the name'):
        security_group.SecurityGroup.validate_properties({'name': 'default'})


def test_rule_of_a_group_named_by_name(harness, demo):
    group_id = harness.plugin(security_group.SecurityGroup, 'res',
                              {'name': 'hc-sgr-group'}).create().physical_id
    plugin = harness.plugin(security_group_rule.SecurityGroupRule, 'res',
                            dict(SSH, security_group='hc-sgr-group'))
    outcome = plugin.create()
    assert isinstance(outcome, base.Done)
    shown = demo.network.get_security_group_rule(outcome.physical_id)
    assert (shown.security_group_id, shown.port_range_min) == (group_id, 22)
    # Rules take no tags: the create request wrote the owner, found again here.
    retried = harness.plugin(security_group_rule.SecurityGroupRule, 'res',
                             plugin.properties, resource_id=plugin.resource_id)
    assert retried.find_orphan() == outcome.physical_id
    wider = harness.again(plugin, dict(plugin.properties, port_range_max=23))
    assert wider.needs_replace(plugin.properties)

    same = harness.plugin(security_group_rule.SecurityGroupRule, 'res', plugin.properties)
    refused = same.create()
    assert isinstance(refused, base.Failed)
    assert refused.reason.startswith('Neutron ConflictException (409): Security group '
                                     'rule already exists')

    assert plugin.delete() == base.Done()
    assert demo.network.find_security_group_rule(outcome.physical_id) is None
    assert plugin.delete() == base.Done()


@pytest.mark.parametrize('properties, message', [
    ({'remote_group': 'g', 'remote_ip_prefix': '10.0.0.0/8'},
     'remote_group, remote_ip_prefix'),
    ({'port_range_min': 30, 'port_range_max': 20}, 'minimum port number'),
    ({'protocol': 'carrier-pigeon'}, 'not an allowed value'),
])
def test_bad_rules_are_refused(properties, message):
    with pytest.raises(exception.InvalidProperties, match=message):
        security_group_rule.SecurityGroupRule.validate_properties(
            dict(properties, security_group='g'))

"""OS::Neutron::QoSPolicy and its rules against the real Neutron, as the
admin (Neutron's default policy keeps QoS to admins). Skipped on a rig
whose Neutron has no qos service plugin (tools/minicloud_rig/svc_neutron.py
loads it from the next rig start)."""
import pytest

from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.neutron import qos_policy
from heat_conv.resources.openstack.neutron import qos_rules


@pytest.fixture
def qos(admin):
    if admin.network.find_extension('qos') is None:
        pytest.skip("the rig's Neutron has no qos service plugin (restart the rig "
                    "with this branch's svc_neutron.py)")
    return admin


def test_a_policy_and_its_rules_live_update_replace_and_go(harness, qos):
    policy = harness.plugin(qos_policy.QoSPolicy, 'gold', {'name': 'hc-gold'}, cloud=qos)
    assert policy.create() == base.Done(policy.physical_id)
    limit = harness.plugin(qos_rules.QoSBandwidthLimitRule, 'limit',
                           {'policy': 'hc-gold', 'max_kbps': 1000}, cloud=qos)
    assert limit.create() == base.Done(limit.physical_id)
    mark = harness.plugin(qos_rules.QoSDscpMarkingRule, 'mark',
                          {'policy': policy.physical_id, 'dscp_mark': 8}, cloud=qos)
    assert mark.create() == base.Done(mark.physical_id)
    rules = {rule['type'] for rule in harness.again(policy, cloud=qos).attributes()['rules']}
    assert rules == {'bandwidth_limit', 'dscp_marking'}

    faster = harness.again(limit, dict(limit.properties, max_kbps=2000), cloud=qos)
    assert faster.update(limit.properties) == base.Done(limit.physical_id)
    assert qos.network.get_qos_bandwidth_limit_rule(
        limit.physical_id, policy.physical_id).max_kbps == 2000
    seen = qos_rules.QoSBandwidthLimitRule.observe_many(qos, [limit.physical_id])
    assert seen[limit.physical_id]['max_kbps'] == 2000
    assert harness.again(mark, dict(mark.properties, policy='another'),
                         cloud=qos).needs_replace(mark.properties)

    renamed = harness.again(policy, {'name': 'hc-gold-2', 'description': 'd'}, cloud=qos)
    assert renamed.update(policy.properties) == base.Done(policy.physical_id)
    assert qos.network.get_qos_policy(policy.physical_id).name == 'hc-gold-2'

    assert faster.delete() == base.Done() and mark.delete() == base.Done()
    assert renamed.delete() == base.Done()
    assert qos.network.find_qos_policy(policy.physical_id) is None

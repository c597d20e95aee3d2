"""The QoS rules against a stand-in for Neutron: every call names the rule's
policy, and the observer reads rules from the policies' list."""
import types
import uuid
from unittest import mock

import pytest
from openstack import exceptions as sdk_exc
from openstack.network.v2 import qos_bandwidth_limit_rule as sdk_bw
from openstack.network.v2 import qos_policy as sdk_qos_policy

from heat_conv.common import exception
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.neutron import qos_rules


def _rule(cls, properties, network, old=None, physical_id=None, data=None):
    props = cls.validate_properties(properties)
    return cls('limit', 'stack-1', props, physical_id=physical_id,
               stored_properties=old or props, stored_data=data,
               cloud=types.SimpleNamespace(network=network),
               resource_id=str(uuid.uuid4()))


def _neutron():
    network = mock.Mock()
    network.find_qos_policy.return_value = types.SimpleNamespace(id='policy-1')
    made = sdk_bw.QoSBandwidthLimitRule(id='rule-1', max_kbps=1000, max_burst_kbps=0,
                                        direction='egress', qos_policy_id='policy-1')
    network.create_qos_bandwidth_limit_rule.return_value = made
    network.update_qos_bandwidth_limit_rule.return_value = made
    return network


def test_create_makes_the_rule_in_the_policy_named_and_keeps_the_policy_id():
    network = _neutron()
    rule = _rule(qos_rules.QoSBandwidthLimitRule, {'policy': 'gold', 'max_kbps': 1000},
                 network)
    assert rule.create() == base.Done('rule-1')
    network.find_qos_policy.assert_called_once_with('gold', ignore_missing=False)
    network.create_qos_bandwidth_limit_rule.assert_called_once_with(
        'policy-1', max_kbps=1000, max_burst_kbps=0, direction='egress')
    assert rule.data['policy_id'] == 'policy-1'
    assert rule.attributes()['show']['max_kbps'] == 1000


def test_an_update_changes_only_what_changed_in_the_kept_policy():
    network = _neutron()
    old = qos_rules.QoSBandwidthLimitRule.validate_properties(
        {'policy': 'gold', 'max_kbps': 1000})
    rule = _rule(qos_rules.QoSBandwidthLimitRule,
                 {'policy': 'gold', 'max_kbps': 2000, 'direction': 'ingress'}, network,
                 old=old, physical_id='rule-1', data={'policy_id': 'policy-1'})
    assert not rule.needs_replace(old)
    assert rule.update(old) == base.Done('rule-1')
    network.update_qos_bandwidth_limit_rule.assert_called_once_with(
        'rule-1', 'policy-1', max_kbps=2000, direction='ingress')
    network.find_qos_policy.assert_not_called()


def test_another_policy_replaces_the_rule():
    old = qos_rules.QoSDscpMarkingRule.validate_properties({'policy': 'gold',
                                                             'dscp_mark': 8})
    rule = _rule(qos_rules.QoSDscpMarkingRule, {'policy': 'silver', 'dscp_mark': 8},
                 _neutron(), old=old, physical_id='rule-1', data={'policy_id': 'p'})
    assert rule.needs_replace(old)
    assert rule.update(old) == base.NeedsReplace('rule-1')


def test_delete_names_the_policy_the_rule_was_made_in():
    network = _neutron()
    rule = _rule(qos_rules.QoSMinimumBandwidthRule, {'policy': 'gold', 'min_kbps': 10},
                 network, physical_id='rule-1', data={'policy_id': 'policy-1'})
    assert rule.delete() == base.Done()
    network.delete_qos_minimum_bandwidth_rule.assert_called_once_with(
        'rule-1', 'policy-1', ignore_missing=True)
    # The policy already gone (and its rules with it): deleted.
    network.delete_qos_minimum_bandwidth_rule.side_effect = \
        sdk_exc.NotFoundException('no policy')
    assert rule.delete() == base.Done()


def test_a_dscp_mark_neutron_does_not_allow_is_refused():
    with pytest.raises(exception.InvalidProperties):
        qos_rules.QoSDscpMarkingRule.validate_properties({'policy': 'p', 'dscp_mark': 4})


def test_the_observer_finds_rules_of_its_own_type_in_one_list_of_policies():
    network = mock.Mock()
    network.qos_policies.return_value = [
        sdk_qos_policy.QoSPolicy(id='policy-1', rules=[
            {'id': 'rule-1', 'type': 'bandwidth_limit', 'max_kbps': 5},
            {'id': 'rule-2', 'type': 'dscp_marking', 'dscp_mark': 8}])]
    seen = qos_rules.QoSBandwidthLimitRule.observe_many(
        types.SimpleNamespace(network=network), ['rule-1', 'rule-2'])
    assert seen == {'rule-1': {'id': 'rule-1', 'type': 'bandwidth_limit', 'max_kbps': 5,
                               'qos_policy_id': 'policy-1'},
                    'rule-2': None}
    network.qos_policies.assert_called_once_with()


def test_a_rule_changed_outside_is_drift():
    rule = _rule(qos_rules.QoSBandwidthLimitRule, {'policy': 'gold', 'max_kbps': 1000},
                 _neutron(), physical_id='rule-1')
    status, detail = rule.drift(rule.properties, {'id': 'rule-1', 'max_kbps': 10,
                                                  'max_burst_kbps': 0,
                                                  'direction': 'egress'})
    assert detail == {'max_kbps': {'expected': 1000, 'actual': 10}}

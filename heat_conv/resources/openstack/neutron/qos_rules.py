"""The rules of a QoS policy: OS::Neutron::QoSBandwidthLimitRule,
QoSDscpMarkingRule and QoSMinimumBandwidthRule.

A rule lives inside its policy: every call names both, and a rule has
neither tags nor a description. The observer sees rules through their
policies' list (each policy shows its rules), one call per pass.
"""
from openstack import exceptions as sdk_exc

from heat_conv.plugin_interface import base as resource_base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.neutron import base
from heat_conv.resources.openstack.neutron import listing

DSCP_MARKS = (0, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40,
              46, 48, 56)

_RULE = {
    'policy': Property('string', required=True, constraint='neutron.qos_policy',
                       description='ID or name of the QoS policy.'),
    'tenant_id': Property('string', description='The owner tenant ID of this rule.'),
}


def _direction(default='egress'):
    return Property('string', default=default, update_allowed=True,
                    allowed_values=('egress', 'ingress'),
                    description='Traffic direction from the point of view of the port.')


class QoSRule(base.NeutronResource):
    collection = 'qos_policies'
    takes_tags = False
    marks_description = False
    wants_stack = False
    # Neutron's name of the rule's type, as a policy lists its rules.
    rule_type = None
    attributes_schema = {}

    def policy_id(self):
        """The policy's id: kept from the create, since every later call needs
        it (a replacement follows a change of ``policy``)."""
        if not self.data.get('policy_id'):
            self.data['policy_id'] = self.cloud.network.find_qos_policy(
                self.properties['policy'], ignore_missing=False).id
        return self.data['policy_id']

    def fields(self, props, updating=False):
        return {key: props[key] for key in self.plain_fields
                if key in props and props[key] is not None}

    def create_fields(self):
        return self.fields(self.properties)

    def create(self):
        try:
            policy_id = self.call(self.policy_id)
            rule = self.call(self._sdk('create'), policy_id, **self.create_fields())
        except Exception as exc:
            return self.failed(exc)
        self.physical_id = rule.id
        return self.settled(rule)

    def update(self, old_properties):
        if self.needs_replace(old_properties):
            return resource_base.NeedsReplace(self.physical_id)
        changed = self.fields({key: value for key, value in self.properties.items()
                               if old_properties.get(key) != value}, updating=True)
        try:
            if changed:
                rule = self.call(self._sdk('update'), self.physical_id,
                                 self.policy_id(), **changed)
            else:
                rule = self.call(self.fetch)
        except sdk_exc.NotFoundException:
            return resource_base.NeedsReplace(self.physical_id)
        except Exception as exc:
            return self.failed(exc)
        return self.settled(rule)

    def delete(self):
        if not self.physical_id:
            return resource_base.Done()
        try:
            self.call(self._sdk('delete'), self.physical_id, self.policy_id(),
                      ignore_missing=True)
        except sdk_exc.NotFoundException:   # the rule's policy is gone, and it with it
            return resource_base.Done()
        except Exception as exc:
            return self.failed(exc)
        return resource_base.Done()

    def fetch(self):
        return self._sdk('get')(self.physical_id, self.policy_id())

    def settled(self, obj):
        self._raw = listing.raw(obj)
        return resource_base.Done(self._raw['id'])

    def progress_of(self, action, cloud_object):
        return resource_base.Done(cloud_object['id'])

    @classmethod
    def observe_many(cls, cloud, physical_ids):
        wanted = set(physical_ids)
        found = {}
        for policy in cloud.network.qos_policies():
            for rule in policy.rules or ():
                if rule.get('id') in wanted and rule.get('type') == cls.rule_type:
                    found[rule['id']] = dict(rule, qos_policy_id=policy.id)
        return {pid: found.get(pid) for pid in physical_ids}


class QoSBandwidthLimitRule(QoSRule):
    type_name = 'OS::Neutron::QoSBandwidthLimitRule'
    entity = 'qos_bandwidth_limit_rule'
    rule_type = 'bandwidth_limit'
    plain_fields = ('max_kbps', 'max_burst_kbps', 'direction', 'tenant_id')
    drift_fields = ('max_kbps', 'max_burst_kbps', 'direction')

    properties_schema = dict(_RULE, **{
        'max_kbps': Property('integer', required=True, update_allowed=True, min_value=0,
                             description='Max bandwidth in kbps.'),
        'max_burst_kbps': Property('integer', default=0, update_allowed=True,
                                   min_value=0, description='Max burst bandwidth in '
                                                            'kbps.'),
        'direction': _direction(),
    })


class QoSDscpMarkingRule(QoSRule):
    type_name = 'OS::Neutron::QoSDscpMarkingRule'
    entity = 'qos_dscp_marking_rule'
    rule_type = 'dscp_marking'
    plain_fields = ('dscp_mark', 'tenant_id')
    drift_fields = ('dscp_mark',)

    properties_schema = dict(_RULE, **{
        'dscp_mark': Property('integer', required=True, update_allowed=True,
                              allowed_values=DSCP_MARKS,
                              description='DSCP mark between 0 and 56, except 2-6, 42, '
                                          '44, and 50-54.'),
    })


class QoSMinimumBandwidthRule(QoSRule):
    type_name = 'OS::Neutron::QoSMinimumBandwidthRule'
    entity = 'qos_minimum_bandwidth_rule'
    rule_type = 'minimum_bandwidth'
    plain_fields = ('min_kbps', 'direction', 'tenant_id')
    drift_fields = ('min_kbps', 'direction')

    properties_schema = dict(_RULE, **{
        'min_kbps': Property('integer', required=True, update_allowed=True, min_value=0,
                             description='Min bandwidth in kbps.'),
        'direction': _direction(),
    })

"""OS::Heat::InstanceGroup: ``Size`` AWS::EC2::Instance members built from
a launch configuration, in a child stack.

It is the autoscaling group's machinery (autoscaling_group) with Heat's
InstanceGroup surface: the size is fixed by ``Size``; the members'
properties are the launch configuration's (launch_config_members), with
the group's Tags and Heat's metering tag; a new configuration replaces the
existing members in batches only when the template's update policy has a
``RollingUpdate`` (MinInstancesInService, MaxBatchSize, PauseTime as an
ISO 8601 duration); without one, only members added later get it, as in
Heat. ``InstanceList`` is the members' PublicIp, joined by commas.
"""
from heat_conv.hot import evaluator
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.heat import autoscaling_group
from heat_conv.resources.heat import launch_config_members

_TAG = Property('map', schema={'Key': Property('string', required=True),
                               'Value': Property('string', required=True)})


class InstanceGroup(autoscaling_group.AutoScalingGroup):
    type_name = 'OS::Heat::InstanceGroup'
    properties_schema = {
        'AvailabilityZones': Property('list', required=True,
                                      description='Not implemented.'),
        'LaunchConfigurationName': Property(
            'string', required=True, update_allowed=True,
            description='The reference to a LaunchConfiguration resource.'),
        'Size': Property('integer', required=True, update_allowed=True,
                         description='Desired number of instances.'),
        'LoadBalancerNames': Property('list', description='List of LoadBalancer '
                                      'resources (heat-conv has no load balancer type).'),
        'Tags': Property('list', item=_TAG, description='Tags to attach to this group.'),
    }
    attributes_schema = {
        'InstanceList': 'A comma-delimited list of server ip addresses '
                        '(Heat extension).',
    }
    scalable = False
    # The update policy's key that says how members are replaced.
    rolling_key = 'RollingUpdate'

    @classmethod
    def members_at_validation(cls, properties):
        size = properties.get('Size')
        return size if isinstance(size, int) and not isinstance(size, bool) else 0

    @classmethod
    def validate_properties(cls, values, path=()):
        return super(autoscaling_group.AutoScalingGroup, cls).validate_properties(
            values, path)

    def setting(self, key):
        if key == 'cooldown':
            return None
        return self.properties['Size']

    def rolling_updates(self):
        if self.definition is None:
            return None   # a resize outside a stack update replaces nobody
        path = ('resources', self.name, 'update_policy')
        snippet = self.definition.update_policy
        policy = evaluator.resolve_frozen(snippet, self.definition.version, {}, {},
                                          path=path) if snippet else {}
        return launch_config_members.rolling_update(policy, self.rolling_key, path)

    def member_tags(self):
        return launch_config_members.tags(
            self.properties.get('Tags'),
            launch_config_members.group_name(self.stack_id, self.name, self.resource_id))

    def member_overrides(self):
        """Member properties the group sets beyond its configuration's."""
        return {}

    def member_definition(self):
        return launch_config_members.member_definition(
            self.stack_id, self.properties['LaunchConfigurationName'],
            self.member_tags(), ('resources', self.name, 'properties'),
            self.member_overrides())

    def attributes(self):
        values = super().attributes()
        members = self._members()
        values['InstanceList'] = ','.join(
            str(member.attributes.get('PublicIp') or '') for member in members) or None
        return values

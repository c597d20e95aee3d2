"""InstanceGroup, AWS AutoScalingGroup and their launch configuration and
policies, through the whole engine. The members, AWS::EC2::Instance, are
mapped to a provider template of one test resource (as Heat's functional
tests map them), whose value is the configuration's ImageId: reality is
then one simulated object per member, carrying the image it was built
from.
"""
from tests.scenarios import scaling
from tests.scenarios.library import ref

INSTANCE = '''
heat_template_version: 2015-04-30
parameters:
  ImageId: {type: string}
  InstanceType: {type: string}
  Tags: {type: comma_delimited_list, default: "x,y"}
resources:
  vm:
    type: OS::Heat::TestResource
    properties:
      value: {get_param: ImageId}
outputs:
  PublicIp: {value: {get_attr: [vm, output]}}
  Tagged: {value: {get_param: Tags}}
'''
FILES = {'instance.yaml': INSTANCE}
ENVIRONMENT = {'resource_registry': {'AWS::EC2::Instance': 'instance.yaml'}}


def template(group_type, image='img-1', rolling=None, **group_props):
    group = {'type': group_type, 'properties': dict(
        AvailabilityZones=['nova'], LaunchConfigurationName=ref('config'),
        **group_props)}
    if rolling is not None:
        key = ('RollingUpdate' if group_type == 'OS::Heat::InstanceGroup'
               else 'AutoScalingRollingUpdate')
        group['update_policy'] = {key: rolling}
    resources = {
        'config': {'type': 'AWS::AutoScaling::LaunchConfiguration',
                   'properties': {'ImageId': image, 'InstanceType': 'm1.tiny'}},
        'group': group,
    }
    if group_type == 'AWS::AutoScaling::AutoScalingGroup':
        for name, kind, value in (('up', 'ChangeInCapacity', 2),
                                  ('down', 'ExactCapacity', 1)):
            resources[name] = {'type': 'AWS::AutoScaling::ScalingPolicy', 'properties': {
                'AutoScalingGroupName': ref('group'), 'AdjustmentType': kind,
                'ScalingAdjustment': value, 'Cooldown': 0}}
    return {'heat_template_version': '2015-04-30', 'resources': resources,
            'outputs': {'list': {'value': {'get_attr': ['group', 'InstanceList']}}}}


def create(d, *args, **kwargs):
    d.create(template(*args, **kwargs), files=FILES, environment=ENVIRONMENT)
    assert d.settle() == 'CREATE_COMPLETE'


def update(d, *args, **kwargs):
    d.update(template(*args, **kwargs), files=FILES, environment=ENVIRONMENT)
    assert d.settle() == 'UPDATE_COMPLETE'


def images(d):
    """The image of every member, oldest first."""
    return sorted(obj['properties']['value'] for obj in d.tree_objects()
                  if obj['status'] == 'ACTIVE')


def instance_list(d):
    return sorted((d.resources()['group'].attributes_data or {})['InstanceList']
                  .split(','))


def deleted_leaves_nothing(d):
    d.delete()
    assert d.settle() == 'DELETE_COMPLETE'
    assert d.tree_objects() == []


# --- scenarios ---------------------------------------------------------------

def instance_group_is_size_members_of_its_launch_configuration(d):
    create(d, 'OS::Heat::InstanceGroup', Size=2,
           Tags=[{'Key': 'team', 'Value': 'blue'}])
    assert images(d) == ['img-1', 'img-1']
    assert instance_list(d) == ['img-1', 'img-1']
    assert d.outputs()['list'] == 'img-1,img-1'
    update(d, 'OS::Heat::InstanceGroup', Size=3, Tags=[{'Key': 'team', 'Value': 'blue'}])
    assert images(d) == ['img-1'] * 3
    update(d, 'OS::Heat::InstanceGroup', Size=1, Tags=[{'Key': 'team', 'Value': 'blue'}])
    assert images(d) == ['img-1']
    deleted_leaves_nothing(d)


def members_are_tagged_as_heat_tags_them(d):
    create(d, 'OS::Heat::InstanceGroup', Size=1, Tags=[{'Key': 'team', 'Value': 'blue'}])
    child = d.resources()['group'].physical_resource_id
    (member,) = [r for r in d.tree() if r.id == child]
    from heat_conv.db import api as db_api
    (row,) = [r for r in db_api.resources_of_stack(child) if r.action != 'INIT']
    tags = row.properties_data['Tags']
    assert tags[0] == {'Key': 'team', 'Value': 'blue'}
    assert tags[1]['Key'] == 'metering.groupname'
    assert tags[1]['Value'].startswith(f'{member.name.split("-group-")[0]}-group-')


def without_an_update_policy_a_new_configuration_goes_to_new_members_only(d):
    create(d, 'OS::Heat::InstanceGroup', Size=2)
    update(d, 'OS::Heat::InstanceGroup', image='img-2', Size=3)
    assert images(d) == ['img-1', 'img-1', 'img-2']
    deleted_leaves_nothing(d)


def a_rolling_update_rebuilds_every_member_in_batches(d):
    rolling = {'MinInstancesInService': 1, 'MaxBatchSize': 2, 'PauseTime': 'PT0S'}
    create(d, 'OS::Heat::InstanceGroup', Size=3, rolling=rolling)
    update(d, 'OS::Heat::InstanceGroup', image='img-2', Size=3, rolling=rolling)
    assert images(d) == ['img-2'] * 3
    assert instance_list(d) == ['img-2'] * 3
    assert scaling.child_updates(d) == 2, 'two batches of at most two members'
    deleted_leaves_nothing(d)


def aws_group_scales_through_its_policies_within_its_bounds(d):
    create(d, 'AWS::AutoScaling::AutoScalingGroup', MinSize=1, MaxSize=4,
           DesiredCapacity=2, Cooldown=0)
    assert images(d) == ['img-1'] * 2
    assert scaling.signal_and_wait(d, 'up') == (
        'COMPLETE', 'End resizing the group group: 4 members')
    assert images(d) == ['img-1'] * 4
    assert scaling.signal_and_wait(d, 'up')[1] == (
        'The resource group could not perform scaling action: no change in capacity (4)')
    assert scaling.signal_and_wait(d, 'down')[1] == 'End resizing the group group: 1 members'
    assert images(d) == ['img-1']
    assert instance_list(d) == ['img-1']
    assert 'AlarmUrl' in d.resources()['up'].attributes_data
    deleted_leaves_nothing(d)


def metadata_that_reads_the_group_follows_its_resizes(d):
    """As in Heat (and its AutoScalingSignalTest): a resource's metadata is
    stored resolved, and resolved again when a policy resizes the group it
    reads; a stack update that changes only the metadata records it too."""
    def with_reader(extra='x'):
        t = template('AWS::AutoScaling::AutoScalingGroup', MinSize=0, MaxSize=5,
                     DesiredCapacity=2, Cooldown=0)
        t['resources']['lb'] = {
            'type': 'AWS::EC2::Instance',
            'properties': {'ImageId': 'lb-image', 'InstanceType': 'm1.tiny'},
            'metadata': {'IPs': {'get_attr': ['group', 'InstanceList']}, 'extra': extra}}
        return t

    def ips():
        return sorted(lb_metadata()['IPs'].split(','))

    def lb_metadata():
        return d.resources()['lb'].rsrc_metadata

    d.create(with_reader(), files=FILES, environment=ENVIRONMENT)
    assert d.settle() == 'CREATE_COMPLETE'
    assert ips() == ['img-1'] * 2
    scaling.signal_and_wait(d, 'up')
    assert ips() == ['img-1'] * 4
    scaling.signal_and_wait(d, 'down')
    assert ips() == ['img-1']
    d.update(with_reader(extra='y'), files=FILES, environment=ENVIRONMENT)
    assert d.settle() == 'UPDATE_COMPLETE'
    # The update's DesiredCapacity sizes the group again: two members.
    assert lb_metadata() == {'IPs': 'img-1,img-1', 'extra': 'y'}
    deleted_leaves_nothing(d)


def aws_group_update_takes_the_desired_capacity_and_rolls_a_new_configuration(d):
    rolling = {'MaxBatchSize': 1}
    create(d, 'AWS::AutoScaling::AutoScalingGroup', MinSize=1, MaxSize=4,
           DesiredCapacity=2, rolling=rolling)
    update(d, 'AWS::AutoScaling::AutoScalingGroup', image='img-2', MinSize=1,
           MaxSize=4, DesiredCapacity=3, rolling=rolling)
    assert images(d) == ['img-2'] * 3
    deleted_leaves_nothing(d)


ALL = [instance_group_is_size_members_of_its_launch_configuration,
       members_are_tagged_as_heat_tags_them,
       without_an_update_policy_a_new_configuration_goes_to_new_members_only,
       a_rolling_update_rebuilds_every_member_in_batches,
       aws_group_scales_through_its_policies_within_its_bounds,
       aws_group_update_takes_the_desired_capacity_and_rolls_a_new_configuration,
       metadata_that_reads_the_group_follows_its_resizes]

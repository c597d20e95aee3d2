"""What the members of an InstanceGroup (and of an AWS AutoScalingGroup)
are: AWS::EC2::Instance resources made from the group's launch
configuration, tagged as Heat tags them, and how their rolling update is
paced (the ``RollingUpdate`` update policy). Reads the database, no cloud.
"""
import re

from heat_conv.common import exception
from heat_conv.common.status import Action
from heat_conv.db import api as db_api
from heat_conv.plugin_interface import registry

MEMBER_TYPE = 'AWS::EC2::Instance'
CONFIGURATION_TYPE = 'AWS::AutoScaling::LaunchConfiguration'
# Heat refuses a pause longer than this between two batches.
MAX_PAUSE = 3600
_DURATION = re.compile(r'^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$')
ROLLING_KEYS = ('MinInstancesInService', 'MaxBatchSize', 'PauseTime')


def configuration_row(stack_id, refid):
    """The launch configuration ``refid`` names in the stack, None if none."""
    for row in reversed(db_api.resources_of_stack(stack_id)):
        if (row.type == CONFIGURATION_TYPE
                and row.action != Action.INIT and row.replaced_by is None
                and row.physical_resource_id == refid):
            return row
    return None


def group_name(stack_id, name, resource_id):
    """The group's name as Heat's members see it in their tags."""
    stack_name = db_api.stack_get(stack_id).name
    suffix = (resource_id or 'x').replace('-', '')[:12]
    return f'{stack_name}-{name}-{suffix}'


def tags(given, group, extra=()):
    """The members' tags: the group's, then Heat's metering tag (unless the
    template has one of its own) and ``extra``."""
    found = [dict(tag) for tag in given or []]
    if not any(tag['Key'].startswith('metering.') for tag in found):
        found.append({'Key': 'metering.groupname', 'Value': group})
    return found + [dict(tag) for tag in extra]


def member_definition(stack_id, refid, member_tags, path, overrides=None):
    """A member's resource definition from configuration ``refid``."""
    row = configuration_row(stack_id, refid)
    if row is None:
        raise exception.InvalidProperties(
            f'LaunchConfigurationName ({refid}) reference can not be found.',
            path=tuple(path) + ('LaunchConfigurationName',))
    # The configuration's type says what it gives (a plugin of its own).
    props = registry.get(CONFIGURATION_TYPE).member_properties(row.properties_data,
                                                              row.rsrc_data)
    props.update(overrides or {})
    props['Tags'] = member_tags
    definition = {'type': MEMBER_TYPE, 'properties': props}
    if row.rsrc_metadata:
        definition['metadata'] = row.rsrc_metadata
    return definition


def seconds(duration, path):
    """An ISO 8601 duration (``PT1M30S``) in seconds."""
    match = _DURATION.match(str(duration or ''))
    if not match or duration == 'P' or str(duration).endswith('T'):
        raise exception.InvalidProperties(
            'Only ISO 8601 duration format of the form PT#H#M#S is supported.',
            path=path)
    days, hours, minutes, secs = (int(part or 0) for part in match.groups())
    return ((days * 24 + hours) * 60 + minutes) * 60 + secs


def rolling_update(policy, key, path):
    """{min_in_service, max_batch_size, pause_time} from the update policy's
    ``key`` (RollingUpdate, AutoScalingRollingUpdate), None without it."""
    policy = policy or {}
    path = tuple(path)
    for name in policy:
        if name != key:
            raise exception.InvalidProperties(f'Unknown update policy {name}',
                                              path=path + (name,))
    if policy.get(key) is None:
        return None
    given = policy[key]
    here = path + (key,)
    if not isinstance(given, dict):
        raise exception.InvalidProperties(f'{key} must be a map', path=here)
    for name in given:
        if name not in ROLLING_KEYS:
            raise exception.InvalidProperties(f'Unknown property {name}',
                                              path=here + (name,))
    pause = seconds(given.get('PauseTime', 'PT0S'), here + ('PauseTime',))
    if pause > MAX_PAUSE:
        raise exception.InvalidProperties('Maximum PauseTime is 1 hour.',
                                          path=here + ('PauseTime',))
    return {'min_in_service': _integer(given, 'MinInstancesInService', 0, here),
            'max_batch_size': _integer(given, 'MaxBatchSize', 1, here),
            'pause_time': pause}


def _integer(given, name, default, path):
    value = given.get(name, default)
    try:
        return int(value)
    except (TypeError, ValueError):
        raise exception.InvalidProperties(f'Value "{value}" is invalid for data type '
                                          'integer', path=tuple(path) + (name,)) from None

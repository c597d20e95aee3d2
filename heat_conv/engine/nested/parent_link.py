"""A child stack's end, told to the parent resource waiting for it; and
failure reasons carrying their path up the tree, in Heat's format
(``ValueError: resources.web.resources.server: <reason>``)."""
import logging
import re

from heat_conv.common import exception
from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.engine.core import messages
from heat_conv.engine.core import resource_action
from heat_conv.engine.core import rpc
from heat_conv.engine.signals import scaling
from heat_conv.resources import base

LOG = logging.getLogger(__name__)

_STACK_PREFIX = re.compile(r'^Resource \w+ failed: ', re.S)
_ERROR_TYPE = re.compile(r'^(\w*(?:Error|Exception|Failure)): (.*)$', re.S)
_PATHED = re.compile(r'^((?:\w+: )?)resources\.(.*?): (.*)$', re.S)


def notify(stack):
    """``stack`` (a child stack) ended its traversal: resume the parent
    resource's step, if it is waiting for this child. Returns how many
    reports were cast."""
    if stack.owner_id is None or stack.status == Status.IN_PROGRESS:
        return 0
    if stack.status == Status.COMPLETE:
        outcome = base.Done(stack.id)
    else:
        outcome = base.Failed(parent_reason(stack.parent_resource_name,
                                            stack.status_reason or ''), stack.id)
    sent = 0
    for row in db_api.resources_of_stack(stack.owner_id,
                                         names=[stack.parent_resource_name]):
        if (row.physical_resource_id == stack.id and row.status == Status.IN_PROGRESS
                and row.action_started_at is not None):
            rpc.cast(messages.ChildDone(row.id, row.atomic_key, outcome))
            sent += 1
        elif scaling.awaits(row, stack):   # a resize, outside any step
            rpc.cast(messages.ScalingDone(row.id, row.atomic_key, outcome))
            sent += 1
    return sent


def resend_lost(parent_ids):
    """Re-send the end of every settled child stack of ``parent_ids``
    whose parent resource still waits for it: the report was lost (its
    engine died between the child's end and the cast). A duplicate
    matches nothing."""
    if not parent_ids:
        return 0
    sent = 0
    for stack in db_api.stacks_settled_awaited(parent_ids):
        sent += notify(stack)
    if sent:
        LOG.info('re-sent %d child stack reports', sent)
    return sent


def resend_lost_resize(group, now):
    """``group`` (a scaling group row past its ``wait_until``) may have
    lost its child's report of a resize: once the child has settled and
    been quiet for the stall timeout, send it again; otherwise look again
    later. A duplicate changes nothing (scaling.scaling_done)."""
    try:
        child = db_api.stack_get(group.physical_resource_id)
    except exception.NotFound:
        child = None
    if child is None or not scaling.awaits(group, child):
        # Nothing to look at any more (a stack operation took the group).
        resource_action.write(group, {'wait_until': None}, engine_id=None)
        return 0
    quiet_since = db_api.stack_last_activity(child.id) or now
    if child.status == Status.IN_PROGRESS or scaling.look_again_at(quiet_since) > now:
        later = now if child.status == Status.IN_PROGRESS else quiet_since
        resource_action.write(group, {'wait_until': scaling.look_again_at(later)},
                              engine_id=None)
        return 0
    sent = notify(child)
    # Should this report be lost too, the next look is a stall timeout away.
    resource_action.write(group, {'wait_until': scaling.look_again_at(now)}, engine_id=None)
    if sent:
        LOG.info('re-sent the end of resizing group %s', group.name)
    return sent


def with_path(name, reason):
    """A resource's failure reason with its path, as a stack's reason shows it."""
    if re.match(rf'^(?:\w+: )?resources\.{re.escape(name)}[.:]', reason):
        return reason   # already carries it (it came up from a child)
    typed = _ERROR_TYPE.match(reason)
    if typed:
        return f'{typed[1]}: resources.{name}: {typed[2]}'
    return f'resources.{name}: {reason}'


def parent_reason(name, child_reason):
    """The reason of resource ``name`` whose child stack failed with
    ``child_reason``: the child's failure, its path under ``name``."""
    body = _STACK_PREFIX.sub('', child_reason, count=1)
    pathed = _PATHED.match(body)
    if pathed:
        return f'{pathed[1]}resources.{name}.resources.{pathed[2]}: {pathed[3]}'
    return with_path(name, body)

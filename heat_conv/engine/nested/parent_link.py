"""A child stack's end, told to the parent resource waiting for it; and
failure reasons carrying their path up the tree, in Heat's format
(``ValueError: resources.web.resources.server: <reason>``)."""
import logging
import re

from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.engine.core import extensions
from heat_conv.engine.core import messages
from heat_conv.engine.core import reasons
from heat_conv.engine.core import rpc
from heat_conv.plugin_interface import base

LOG = logging.getLogger(__name__)

_STACK_PREFIX = re.compile(r'^Resource \w+ failed: ', re.S)
_PATHED = re.compile(r'^((?:\w+: )?)resources\.(.*?): (.*)$', re.S)

with_path = reasons.with_path


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
        elif extensions.first(extensions.CHILD_AWAITED, row, stack, outcome):
            sent += 1   # a resize, outside any step
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


def parent_reason(name, child_reason):
    """The reason of resource ``name`` whose child stack failed with
    ``child_reason``: the child's failure, its path under ``name``."""
    body = _STACK_PREFIX.sub('', child_reason, count=1)
    pathed = _PATHED.match(body)
    if pathed:
        return f'{pathed[1]}resources.{name}.resources.{pathed[2]}: {pathed[3]}'
    return reasons.with_path(name, body)

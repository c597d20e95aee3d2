"""A scaling policy's signal resizes its autoscaling group.

No step of the parent stack runs: the group row stays COMPLETE, and the
resize is a traversal of the group's child stack. ``signalled`` (cast by
the API after it stored the policy's signal) decides, under the group
row's lock, whether the group may scale (it is COMPLETE, not scaling
already, out of its cooldown, and the size would change), marks it
scaling in its data and starts the child's update; the lock is released
before the child's traversal is cast (a signal that loses the row to
another writer reads it again and decides anew, so each signal's event
says what was decided: resized, in cooldown, no change in capacity at a
bound, or already scaling). When the child settles,
``parent_link`` casts ``scaling_done``, which ends the resize: the
cooldown starts and the group's attributes are read again. Every
decision is an event on the group. Nothing waits in a thread.

A stack operation that reaches the group meanwhile takes the row as
usual; its update of the child supersedes the resize (as in Heat, an
update wins over scaling).

The resize's report may be lost (its engine died, or the message did):
the group row's ``wait_until`` says when the reaper looks at it again,
and ``resend_lost_resize`` sends the report again once the
child has settled and been quiet for the stall timeout.
"""
import datetime
import logging

from heat_conv.common import config
from heat_conv.common import events
from heat_conv.common import exception
from heat_conv.common import timeutils
from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.engine.core import extensions
from heat_conv.engine.core import identity
from heat_conv.engine.core import messages
from heat_conv.engine.core import resource_action
from heat_conv.engine.core import resource_metadata
from heat_conv.engine.core import rpc
from heat_conv.engine.core import stack_notifications
from heat_conv.engine.core import sync_point
from heat_conv.engine.signals import signal_step
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface import registry

CONF = config.CONF
LOG = logging.getLogger(__name__)

SIGNAL = 'SIGNAL'
# The resize's adjustment (type, value) in the group's data until its end is
# notified.
ADJUSTMENT_KEY = 'resize_adjustment'
_NO_SIGNAL_ACTIONS = (Action.SUSPEND, Action.DELETE)


def signalled(msg):
    """A policy (``msg.resource_id``) got a signal: adjust its group."""
    try:
        policy = db_api.resource_get(msg.resource_id)
    except exception.NotFound:
        return
    if policy.action in _NO_SIGNAL_ACTIONS:
        _event(policy, Status.COMPLETE, f'Cannot signal resource during {policy.action}')
        return
    props = _request(policy)
    group = _group_of(policy.stack_id, props.get('auto_scaling_group_id'))
    if group is None:
        _event(policy, Status.FAILED,
               f'Alarm {policy.name} could not find scaling group named '
               f'"{props.get("auto_scaling_group_id")}"')
        return
    _adjust(group, props)


def _request(policy):
    """The policy's properties in the terms the group's ``adjust`` takes."""
    props = policy.properties_data or {}
    try:
        return registry.get(policy.type).scaling_request(props)
    except exception.HeatConvException:
        return props


def _group_of(stack_id, refid):
    for row in reversed(db_api.resources_of_stack(stack_id)):
        if (row.action != Action.INIT and row.replaced_by is None
                and refid in (row.physical_resource_id, row.name) and _scalable(row.type)):
            return row
    return None


def _scalable(type_name):
    try:
        return registry.get(type_name).scalable
    except exception.HeatConvException:
        return False


# How many times a signal reads the group again after losing it to another
# writer between its read and its write, before it says the group is busy.
DECIDE_ATTEMPTS = 5


def _adjust(group, policy):
    """Resize ``group`` for ``policy``, or say why not: every signal ends in
    an event on the group, however many arrive at once."""
    for _ in range(DECIDE_ATTEMPTS):
        if _try_adjust(group, policy):
            return
        # Another signal (or a step) wrote the group after we read it: what
        # it did decides this signal's answer, read it.
        try:
            group = db_api.resource_get(group.id)
        except exception.NotFound:
            return
    _refuse(group, 'the group is busy; signal again')


def _try_adjust(group, policy):
    """One decision on the group as read; False when another writer took it
    between the read and the write, so nothing was decided."""
    plugin = registry.plugin_for(group)
    try:
        if group.status != Status.COMPLETE:
            raise base.NoActionRequired(f'the group is {group.action}_{group.status}')
        if group.engine_id is not None:
            # A COMPLETE row held: another signal is starting its resize.
            raise base.NoActionRequired('due to scaling activity')
        spec, reason = plugin.adjust(policy)
    except base.NoActionRequired as refused:
        _refuse(group, str(refused))
        return True
    except exception.HeatConvException as exc:
        _refuse(group, f'{type(exc).__name__}: {exc}')
        return True
    start = events.for_resource(group, SIGNAL, Status.IN_PROGRESS, reason)
    adjustment = [policy.get('adjustment_type', policy.get('AdjustmentType')),
                  policy.get('scaling_adjustment', policy.get('ScalingAdjustment'))]
    # The resize's end is told by whichever engine sees the child settle:
    # its notification repeats the adjustment, as Heat's does.
    plugin.data[ADJUSTMENT_KEY] = adjustment
    if not resource_action.write(group, {'engine_id': identity.engine_id(),
                                         'rsrc_data': plugin.data,
                                         'wait_until': look_again_at()},
                                 engine_id=None, events=[start]):
        return False
    stack_notifications.autoscaling(
        group, 'start', f'Start resizing the group {group.name}', _size(group), *adjustment)
    _resize(group, plugin, spec)
    return True


def _size(group, attributes=None):
    return (attributes if attributes is not None
            else group.attributes_data or {}).get('current_size')


def _resize(group, plugin, spec):
    outcome = extensions.service(extensions.CHILD_STACKS).converge_child(group, spec)
    values = {'engine_id': None}
    ended = []
    if isinstance(outcome, base.Failed):
        adjustment = plugin.data.pop(ADJUSTMENT_KEY, None) or (None, None)
        plugin.scaled(size_changed=False)
        values.update(rsrc_data=plugin.data, wait_until=None)
        ended.append(events.for_resource(group, SIGNAL, Status.FAILED, outcome.reason))
        stack_notifications.autoscaling(group, 'error', outcome.reason, _size(group),
                                        *adjustment)
    if resource_action.write(group, values, events=ended) and \
            isinstance(outcome, base.Pending) and outcome.then is not None:
        outcome.then()   # the child's traversal, now that the row says so
    _redrive(group)


def _refuse(group, reason):
    LOG.info('group %s not scaled: %s', group.name, reason)
    _event(group, Status.COMPLETE,
           f'The resource {group.name} could not perform scaling action: {reason}')


def _redrive(group):
    """A step of a newer stack operation that found the row held while we
    had it is dropped: start it again."""
    stack = db_api.stack_get(group.stack_id)
    if stack.status == Status.IN_PROGRESS and stack.current_traversal != group.traversal_id:
        sync_point.retrigger(stack.id, stack.current_traversal, group.id)


def awaits(row, child):
    """Whether group ``row`` waits for its child stack ``child`` to end a
    resize (not a step of its own)."""
    return (row.physical_resource_id == child.id and row.status == Status.COMPLETE
            and row.engine_id is None
            and bool((row.rsrc_data or {}).get('scaling_in_progress')))


def scaling_done(msg):
    """The child stack of a group being resized settled (messages.ScalingDone)."""
    try:
        group = db_api.resource_get(msg.resource_id)
        child = db_api.stack_get(group.physical_resource_id)
    except exception.NotFound:
        return
    if not awaits(group, child) or child.status == Status.IN_PROGRESS:
        return   # a duplicate, or a stack operation took the group over
    plugin = registry.plugin_for(group)
    attributes = plugin.attributes()
    adjustment = plugin.data.pop(ADJUSTMENT_KEY, None) or (None, None)
    if isinstance(msg.outcome, base.Failed):
        plugin.scaled(size_changed=False)
        event = events.for_resource(group, SIGNAL, Status.FAILED, msg.outcome.reason)
        stack_notifications.autoscaling(group, 'error', msg.outcome.reason,
                                        _size(group, attributes), *adjustment)
    else:
        plugin.scaled()
        event = events.for_resource(group, SIGNAL, Status.COMPLETE,
                                    f'End resizing the group {group.name}: '
                                    f'{attributes.get("current_size")} members')
        stack_notifications.autoscaling(group, 'end', f'End resizing the group {group.name}',
                                        _size(group, attributes), *adjustment)
    if resource_action.write(group, {'rsrc_data': plugin.data, 'attributes_data': attributes,
                                     'wait_until': None},
                             engine_id=None, events=[event]):
        # As Heat after a signal: the metadata that reads the group follows it.
        resource_metadata.refresh_readers_of(group.stack_id, group.name)


def look_again_at(after=None):
    """When the reaper looks at a resize again (the group row's
    ``wait_until``), should its child's report be lost."""
    # The reaper owns the option; importing it at the top would be a cycle
    # (reaper -> parent_link -> scaling), and an API process may resize.
    CONF.import_opt('stall_timeout', 'heat_conv.engine.recovery.reaper', group='engine')
    return (after or timeutils.utcnow()) + datetime.timedelta(
        seconds=CONF.engine.stall_timeout)


def _event(row, status, reason):
    db_api.events_add([events.for_resource(row, SIGNAL, status, reason)])


def child_ended(row, child, outcome):
    """``child`` ended: if group ``row`` awaits it for a resize, tell the
    group (scaling_done); True when told."""
    if not awaits(row, child):
        return False
    rpc.cast(messages.ScalingDone(row.id, row.atomic_key, outcome))
    return True


def waits_due(now):
    """The reaper's look at the waits past their deadline: tell the waits
    on signals their time is up, and look at the resizing groups again."""
    for group in signal_step.expire_waits(now):
        resend_lost_resize(group, now)


def resend_lost_resize(group, now):
    """``group`` (a scaling group row past its ``wait_until``) may have
    lost its child's report of a resize: once the child has settled and
    been quiet for the stall timeout, send it again; otherwise look again
    later. A duplicate changes nothing (scaling_done)."""
    try:
        child = db_api.stack_get(group.physical_resource_id)
    except exception.NotFound:
        child = None
    if child is None or not awaits(group, child):
        # Nothing to look at any more (a stack operation took the group).
        resource_action.write(group, {'wait_until': None}, engine_id=None)
        return 0
    quiet_since = db_api.stack_last_activity(child.id) or now
    if child.status == Status.IN_PROGRESS or look_again_at(quiet_since) > now:
        later = now if child.status == Status.IN_PROGRESS else quiet_since
        resource_action.write(group, {'wait_until': look_again_at(later)},
                              engine_id=None)
        return 0
    sent = extensions.service(extensions.CHILD_STACKS).stack_ended(child)
    # Should this report be lost too, the next look is a stall timeout away.
    resource_action.write(group, {'wait_until': look_again_at(now)}, engine_id=None)
    if sent:
        LOG.info('re-sent the end of resizing group %s', group.name)
    return sent

"""A step waiting on signals (a wait condition): resume it when they may
have ended its wait.

Signals are stored as they arrive (``signal_operations``), so the judge
reads them all: a duplicate message or a signal sent before the step
began waiting changes nothing, and the resource's plugin decides from
the whole set (``judge_signals``). The reaper casts ``timed_out`` for the
waits past their ``wait_until``; no thread ever waits.
"""
from heat_conv.common import events
from heat_conv.common import exception
from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.engine.core import messages
from heat_conv.engine.core import resource_action
from heat_conv.engine.core import rpc
from heat_conv.engine.core import step
from heat_conv.plugin_interface import registry

SUPERSEDED = 'The wait for signals was ended by a new stack operation'


def signal_arrived(msg):
    """Signals arrived for a waiting row, or its time is up (messages.SignalArrived)."""
    step.resume(msg.resource_id, msg.atomic_key,
                lambda plugin, row: _judge(plugin, row, msg.timed_out))


def look_for_kept(row, plugin):
    """A step has just begun to wait: the signals kept before may end it,
    and so may a new stack operation that came while its action ran."""
    if plugin is not None and plugin.waits_on_signals:
        stack_id, row_id, key = row.stack_id, row.id, row.atomic_key
        # Read once the wait is committed: a newer traversal then either
        # finds the row waiting (and ends the wait itself) or is seen here.
        db_api.after_commit(lambda: _end_if_superseded(stack_id, row_id, key))
        step.resume(row.id, row.atomic_key, _judge)


def _end_if_superseded(stack_id, row_id, atomic_key):
    """A wait that began after a newer traversal superseded its own (a
    delete that came while the deployment was being made) would hold the
    row until its timeout, and the newer traversal's step, which found the
    row busy, counts on the action's end: end the wait, hand the row over."""
    try:
        row = db_api.resource_get(row_id)
        current = db_api.stack_get(stack_id).current_traversal
    except exception.NotFound:
        return
    if row.atomic_key != atomic_key or current == row.traversal_id:
        return
    if _release(row):
        step.hand_over(stack_id, row_id)


def expire_waits(now):
    """Tell every wait past its deadline that its time is up (the reaper).
    Returns the other rows past their ``wait_until``: groups resizing, due
    to be looked at again (one statement finds both)."""
    others = []
    for row in db_api.resources_wait_expired(now):
        if row.status == Status.IN_PROGRESS:
            rpc.cast(messages.SignalArrived(row.id, row.atomic_key, timed_out=True))
        else:
            others.append(row)
    return others


def release_superseded(rows):
    """End the waits of a superseded traversal: nothing else would end them
    before their timeout, and the new traversal's steps need the rows."""
    for row in rows:
        _release(row)


def _release(row):
    """End ``row``'s wait on signals, FAILED; True if this write did."""
    if not (row.status == Status.IN_PROGRESS and row.action_started_at is not None
            and _waits_on_signals(row.type)):
        return False
    return resource_action.write(row, {
        'engine_id': None, 'action_started_at': None, 'wait_until': None,
        'status': Status.FAILED, 'status_reason': SUPERSEDED},
        events=[events.for_resource(row, row.action, Status.FAILED, SUPERSEDED)])


def _waits_on_signals(type_name):
    try:
        return registry.get(type_name).waits_on_signals
    except exception.HeatConvException:
        return False


def _judge(plugin, row, timed_out=False):
    signals = db_api.signals_for(row.stack_id, **plugin.signal_source())
    return plugin.judge_signals(signals, timed_out=timed_out)

"""Run one action on one resource row, under its lock.

The lock is the row's ``engine_id`` plus ``atomic_key``: every write is a
compare-and-swap on the key, so two engines can never act on one row at
once and a stale writer's update simply matches nothing.
"""
import dataclasses
import datetime
import enum
import logging
import typing

from heat_conv.common import acting_for
from heat_conv.common import events
from heat_conv.common import exception
from heat_conv.common import metrics
from heat_conv.common import timeutils
from heat_conv.common.status import Action
from heat_conv.common.status import Drift
from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.engine.core import extensions
from heat_conv.engine.core import identity
from heat_conv.engine.core import ownership_guard
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface import registry

LOG = logging.getLogger(__name__)


@dataclasses.dataclass
class Step:
    """The context an action runs in: which traversal and graph node.

    ``template_id`` and ``requires`` are recorded on the row the step
    converges. ``held`` is the row it has locked (or, resuming, is entitled
    to write), so that an unexpected error can release it; ``name``, the
    resource's, once known. ``acted``: it has locked a row at least once
    (so it may have changed something, and is not simply delivered again).
    """
    stack_id: str
    traversal_id: str
    node: tuple                   # (row id, is_update)
    template_id: int | None = None
    requires: list | None = None
    held: typing.Any = None
    name: str | None = None
    acted: bool = False
    post_hook: str | None = None   # the node's post-* breakpoint, if any
    # When its last lock was taken: its action's start, which the action's
    # IN_PROGRESS event records (written with the outcome, later).
    began_at: datetime.datetime | None = None
    # The node's outgoing edges as its sync point stores them, when the
    # step read them with its row (else its end reads them).
    successors: list | None = None
    # The resource's metadata resolved for this step (resource_metadata),
    # recorded with the row the step converges.
    metadata: dict | None = None
    # When the cloud settled the object the action waited on (seconds since
    # the epoch, the observer's report): recorded on the row as it ends.
    settled_at: float | None = None


class End(enum.StrEnum):
    """How an action's step ended."""
    COMPLETE = Status.COMPLETE
    FAILED = Status.FAILED
    WAITING = 'WAITING'   # for an external event (the observer's report)
    LOST = 'LOST'         # another writer took the row


@dataclasses.dataclass
class Result:
    """How an action ended. ``superseded``: the traversal it belonged to is
    no longer the stack's current one."""
    end: End
    row: typing.Any
    reason: str | None = None
    superseded: bool = False


def lock(row, step, action):
    """Take the row for ``action`` in ``step``; returns the new key or None."""
    values = {'engine_id': identity.engine_id(), 'action': action,
              'status': Status.IN_PROGRESS, 'status_reason': None,
              'traversal_id': step.traversal_id, 'node_id': step.node[0],
              'node_is_update': step.node[1], 'action_started_at': None,
              # a new action: no deadline (nor a resize's look-again) holds
              'wait_until': None,
              # armed for a post-* hook: the end of the action pauses there
              'paused_on': _armed(step.post_hook, action)}
    ownership_guard.locking()
    # Alone: when the step wrote nothing before it, the lock commits by
    # itself, without a COMMIT statement (db session.before_writes).
    if not write(row, values, engine_id=None, alone=True):
        return None
    before = step.held, step.acted, step.began_at
    db_api.on_rollback(lambda: (setattr(step, 'held', before[0]),
                                setattr(step, 'acted', before[1]),
                                setattr(step, 'began_at', before[2])))
    step.held = row
    step.acted = True
    step.began_at = timeutils.utcnow()
    # Whatever the step wrote on the way here (db_api.atomically) commits
    # with the lock, which must be durable before the action begins: an
    # engine that dies during the action leaves a row the reaper finds.
    db_api.commit_now()
    return row.atomic_key


def _armed(post_hook, action):
    return extensions.call(extensions.LOCK_MARK, post_hook, action)


def start(row, action, plugin, old_properties=None):
    """Start ``action`` (CREATE, UPDATE or DELETE) on a row locked by ``lock``.

    Returns the plugin's outcome: Done, Pending, Failed, or for an update
    that cannot be made in place, NeedsReplace (nothing was done). The
    plugin's calls carry the row and lock version they act for, which a
    cloud may record (acting_for).
    """
    with acting_for.acting_for(row.id, row.atomic_key, row.traversal_id, action,
                               identity.engine_id(), ownership_guard.lock_epoch()):
        return _start(row, action, plugin, old_properties)


def _start(row, action, plugin, old_properties):
    if plugin.stack_backed and not (action == Action.DELETE
                                    and row.deletion_policy == 'Retain'):
        return extensions.service(extensions.CHILD_STACKS).start(row, action, plugin)
    if action == Action.CREATE:
        if plugin.wants_stack:
            plugin.stack = db_api.stack_get(row.stack_id)
        plugin.project_id = project_of(row.stack_id)
        return plugin.create()
    if action == Action.UPDATE:
        return plugin.update(old_properties or {})
    if row.deletion_policy == 'Retain':
        return base.Done()
    if row.deletion_policy == 'Snapshot':
        return plugin.snapshot_delete()
    return plugin.delete()


# Stack id -> its project, which never changes: a process asks once per
# stack, and not at all for the stacks whose traversal it started.
_PROJECTS = {}
_PROJECTS_KEPT = 4096


def remember_project(stack_id, project_id):
    if len(_PROJECTS) >= _PROJECTS_KEPT:
        _PROJECTS.clear()
    _PROJECTS[stack_id] = project_id


def project_of(stack_id):
    """The project stack ``stack_id`` belongs to, which a create records on
    its object (ownership)."""
    project = _PROJECTS.get(stack_id)
    if project is None:
        project = db_api.stack_get(stack_id).tenant
        remember_project(stack_id, project)
    return project


def run(row, step, action, plugin):
    """Start a create or delete and record how it went; a Result."""
    return settle(row, step, action, plugin, start(row, action, plugin), started=True)


def read_attributes(row, action, plugin, outcome):
    """The attributes ``settle`` records for ``outcome``, read now (None
    when it records none): a real cloud's plugin reads them from its
    services, which may take seconds, so a step reads them before the
    transaction that records its outcome, and not inside it (where the
    steps of a batch conclude one after another)."""
    if isinstance(outcome, (base.Pending, base.Failed)) or action == Action.DELETE:
        return None
    plugin.physical_id = outcome.physical_id or row.physical_resource_id
    plugin.seen = getattr(outcome, 'seen', None)
    # For the row, in its traversal (what a plugin may keep per traversal);
    # no lock epoch: the step may be resuming, with no lock of its own.
    with acting_for.acting_for(row.id, row.atomic_key, row.traversal_id, action,
                               identity.engine_id()):
        return plugin.attributes()


def settle(row, step, action, plugin, outcome, started=False, attributes=None):
    """Record the outcome of an action; the row stays locked while WAITING.
    ``attributes``: what ``read_attributes`` read for it, if it was called."""
    physical_id = outcome.physical_id or row.physical_resource_id
    plugin.physical_id = physical_id
    pending_events = []
    if started:
        began = events.for_resource(row, action, Status.IN_PROGRESS, physical_id=physical_id)
        if step.began_at is not None:
            began['created_at'] = step.began_at
        pending_events.append(began)
    values = {'physical_resource_id': physical_id}
    if plugin.data != plugin.stored_data:
        values['rsrc_data'] = plugin.data
    if action != Action.DELETE:
        values['properties_data'] = plugin.properties
        if plugin.definition is not None and plugin.definition.type != row.type:
            values['type'] = plugin.definition.type   # renamed, same template
        if step.template_id is not None:
            values['template_id'] = step.template_id
        if step.requires is not None:
            values['requires'] = step.requires
        if step.metadata is not None:
            values['rsrc_metadata'] = step.metadata
    if isinstance(outcome, base.Pending):
        values['action_started_at'] = timeutils.utcnow()
        if outcome.timeout is not None:
            values['wait_until'] = values['action_started_at'] + datetime.timedelta(
                seconds=outcome.timeout)
        if _write(row, values, pending_events) and outcome.then is not None:
            outcome.then()
        _let_go(step)   # the observer's report resumes it
        return Result(End.WAITING, row)
    values.update(engine_id=None, action_started_at=None, wait_until=None)
    if isinstance(outcome, base.Failed):
        values.update(status=Status.FAILED, status_reason=outcome.reason)
        end = End.FAILED
    else:
        if action != Action.DELETE:
            values['attributes_data'] = (plugin.attributes() if attributes is None
                                         else attributes)
        if action in (Action.CREATE, Action.UPDATE):
            # Just made to match the template; the observer will confirm.
            values.update(drift_status=Drift.IN_SYNC, drift_detail=None)
        values.update(status=Status.COMPLETE, status_reason='state changed')
        end = End.COMPLETE
    if step.settled_at is not None:
        values['settled_at'] = _settled(step.settled_at)
    pending_events.append(events.for_resource(row, action, values['status'],
                                              values['status_reason'], physical_id))
    # Resuming on an external event, losing the row is expected: another
    # engine handled a duplicate of the same report first.
    return _release(row, step, values, pending_events, end, quiet=not started)


def _settled(settled_at):
    """``settled_at`` as the row's datetime, and the settle's latency measured."""
    metrics.SETTLE_LATENCY_SECONDS.observe(max(0.0, timeutils.now() - settled_at))
    return timeutils.from_epoch(settled_at)


def release_failed(row, step, reason):
    """Release a row the step holds as FAILED, after an unexpected error.

    A create that reached the cloud before the error may not have recorded
    its object: adopt it, so that it is replaced or deleted later rather
    than leaked.
    """
    values = {'engine_id': None, 'action_started_at': None, 'wait_until': None,
              'status': Status.FAILED, 'status_reason': reason}
    if not row.physical_resource_id:
        found = _orphan_of(row)
        if isinstance(found, base.Unknown):
            # Releasing matters more; the object, if any, shows as drift.
            LOG.warning('could not look for an object of resource %s: %s', row.name,
                        found.reason)
        elif found is not None:
            values['physical_resource_id'] = found
    event = events.for_resource(row, row.action, Status.FAILED, reason,
                                values.get('physical_resource_id'))
    return _release(row, step, values, [event], End.FAILED)


def _orphan_of(row):
    try:
        return registry.plugin_for(row).find_orphan()
    except Exception as exc:   # a plugin bug: as good as not knowing
        return base.Unknown(f'{type(exc).__name__}: {exc}')


def _release(row, step, values, pending_events, end, quiet=False):
    """The write that ends an action; then the step holds the row no more."""
    # Releasing the lock also checks, in the same statement, that the
    # traversal is still current; only when it is not do we pay for more.
    if _write(row, values, pending_events,
              while_traversal=(row.stack_id, row.traversal_id)):
        result = Result(end, row, reason=values['status_reason'])
    elif _write(row, values, pending_events, quiet=quiet):
        result = Result(end, row, reason=values['status_reason'], superseded=True)
    else:
        result = Result(End.LOST, row)
    _let_go(step)
    return result


def hand_back(row, step, values):
    """Unlock a row the step took but did not act on, writing ``values``."""
    won = write(row, dict(values, engine_id=None, action_started_at=None))
    _let_go(step)
    return won


def write(row, values, engine_id=False, while_traversal=None, events=(), alone=False):
    """Compare-and-swap ``values`` onto the row (see db resource_cas) and,
    if it won, onto the in-memory ``row`` too, so the next write's
    expected key is right."""
    if not db_api.resource_cas(row.id, row.atomic_key, values, engine_id=engine_id,
                               while_traversal=while_traversal, events=events,
                               alone=alone):
        return False
    before = {key: getattr(row, key) for key in values}
    before['atomic_key'] = row.atomic_key
    # Inside db_api.atomically the write is undone if the transaction is.
    db_api.on_rollback(lambda: [setattr(row, k, v) for k, v in before.items()])
    row.atomic_key += 1
    for key, value in values.items():
        setattr(row, key, value)
    return True


def _let_go(step):
    """The step holds its row no more (unless the transaction is undone)."""
    held = step.held
    db_api.on_rollback(lambda: setattr(step, 'held', held))
    step.held = None


def _write(row, values, pending_events, while_traversal=None, quiet=False):
    if write(row, values, while_traversal=while_traversal, events=pending_events):
        return True
    if while_traversal is None:
        (LOG.debug if quiet else LOG.warning)(
            'lost the lock on resource %s (%s)', row.name, row.id)
    return False


def replacement_in(row, traversal_id):
    """The row that replaces ``row`` in ``traversal_id``, if any.

    That is a row the traversal's update node of ``row`` made. A replacement
    made by an earlier traversal (one that failed, say) may carry this
    traversal's id too, once this traversal's cleanup node has taken it to
    delete it; it is not this traversal's replacement.
    """
    try:
        new = db_api.resource_get(row.replaced_by)
    except exception.NotFound:
        return None
    if (new.traversal_id == traversal_id and new.node_id == row.id
            and new.node_is_update):
        return new
    return None

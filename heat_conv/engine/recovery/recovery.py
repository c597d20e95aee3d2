"""Take over the work of an engine that is gone.

An engine that dies leaves two kinds of work behind:

- rows it had locked for an action it ran itself (``action_started_at`` is
  unset: a create, update or delete call to the cloud in progress). Each is
  released FAILED, after adopting any cloud object its create had already
  made, and its graph node is started again: the step resumes the action.
  Rows waiting on the cloud need nothing: any engine finishes them when the
  observer reports.
- steps it had taken off the queue and not finished: every stack in
  progress has the frontier of its traversal re-driven (``resync``).

Before either, its database sessions are ended (db fencing): an engine
cut off mid-transaction would otherwise hold that transaction's row locks
until its connection is found dead, and releasing its rows would wait.

Several engines may find the same engine dead; the one whose mark wins
(a compare-and-swap on the dead engine's heartbeat row) takes over.
"""
import logging

from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.engine.core import sync_point
from heat_conv.engine.recovery import resync
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface import registry

LOG = logging.getLogger(__name__)

STOPPED_REASON = 'The engine acting on it stopped'


def take_over(service, silent_for):
    """Take over the work of dead engine ``service`` (its heartbeat row),
    unless another engine already did. Returns True if this one did."""
    fence(service)
    if not db_api.service_mark_dead(service.id, service.updated_at or service.created_at):
        return False
    LOG.warning('engine %s on %s missed its heartbeats for %.0f s: taking over its work',
                service.id, service.host, silent_for)
    release_orphans([service.id])
    redriven = resync_all()
    LOG.warning('took over the work of engine %s: %d steps re-driven', service.id,
                redriven)
    return True


def fence(service):
    """End the database sessions of a process found dead, before anything
    else: a transaction it left open (cut off mid-way) holds row locks that
    marking it dead (its heartbeat row) and releasing its rows would wait
    for. Harmless when several engines do it."""
    ended = db_api.service_fence(service.id)
    if ended:
        LOG.warning('ended %d database sessions of %s %s on %s; what they had not '
                    'committed is rolled back', ended, service.binary, service.id,
                    service.host)


def release_orphans(engine_ids=None, live_ids=None):
    """Release the rows locked mid-action by ``engine_ids`` (or by any engine
    not in ``live_ids``); returns how many were released."""
    released = 0
    for row, current_traversal in db_api.resources_orphaned(engine_ids, live_ids):
        released += bool(release_orphan(row, current_traversal))
    return released


def release_orphan(row, current_traversal):
    """Free a row whose engine died mid-action and start its node again."""
    values = {'engine_id': None, 'status': Status.FAILED, 'status_reason': STOPPED_REASON}
    if row.physical_resource_id is None:
        found = registry.plugin_for(row).find_orphan()
        if isinstance(found, base.Unknown):
            LOG.warning('cannot tell yet whether the create of resource %s made a cloud '
                        'object (%s); it stays locked until the cloud answers', row.name,
                        found.reason)
            return False
        if found is not None:
            values['physical_resource_id'] = found
    if not db_api.resource_cas(row.id, row.atomic_key, values, engine_id=row.engine_id):
        return False
    LOG.warning('released resource %s of stack %s from a dead engine',
                row.name, row.stack_id)
    sync_point.retrigger(row.stack_id, current_traversal, row.id)
    if row.node_id is not None and row.node_id != row.id:
        sync_point.retrigger(row.stack_id, current_traversal, row.node_id)
    return True


def resync_all():
    """Re-drive the frontier of every stack in progress."""
    redriven = 0
    for stack in db_api.stacks_in_progress():
        try:
            redriven += resync.resync(stack)
        except Exception:   # one stack's trouble must not strand the others
            LOG.exception('could not re-drive stack %s', stack.id)
    return redriven

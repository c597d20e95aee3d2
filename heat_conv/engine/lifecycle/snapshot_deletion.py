"""Deleting stack snapshots, and what their steps made in the cloud.

A stack snapshot's step may make cloud objects: a Nova image of a server,
a Cinder snapshot of a volume, a copy in the simulated cloud. Deleting the
snapshot deletes them, each resource's plugin saying how
(``delete_snapshot_data``, Heat's handle_delete_snapshot), and a stack
delete deletes the stack's snapshots first, as Heat does (Cinder refuses
to delete a volume that still has snapshots). As in Heat, only the
stack's own resources are asked: a stack snapshot does not reach into
child stacks, so nothing of theirs was made.

Nothing waits. A pass asks every resource of a snapshot being deleted to
delete its objects; a plugin asked again answers how its delete stands.
A snapshot whose objects are all gone is forgotten; one whose delete
failed is DELETE_FAILED with the service's reason (deleting it again
tries again); one with a delete still under way stays DELETE_IN_PROGRESS,
and the observer casts ``delete_snapshots`` for its stack on every pass
until none is (``look_again`` runs the next pass). The request's own pass
usually ends it: a Glance delete is synchronous.

A stack delete whose stack has snapshots begins its traversal without
casting it; the pass that finds the last snapshot gone casts it (a
converge cast twice starts once), and a pass that finds one failed fails
the delete with its reason, so nothing leaks silently.
"""
import logging

from heat_conv.common import exception
from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.engine.core import messages
from heat_conv.engine.core import rpc
from heat_conv.engine.core import stack_operations
from heat_conv.engine.core import stack_scope
from heat_conv.engine.core import stack_state
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface import registry

LOG = logging.getLogger(__name__)

DELETING = (Action.DELETE, Status.IN_PROGRESS)


def delete_snapshot(snapshot):
    """Delete one snapshot (the API's delete), its objects first."""
    if (snapshot.action, snapshot.status) == (Action.CREATE, Status.IN_PROGRESS):
        raise exception.NotSupported('Deleting in-progress snapshot is not supported.')
    _mark_deleting([snapshot])
    look(snapshot.stack_id)


def delete_stack(ctx, stack_id):
    """Delete a stack (the API's delete): its snapshots, then the stack."""
    stack = stack_scope.live_stack(ctx, stack_id)
    snapshots = db_api.snapshot_list(stack.id)
    if not snapshots:
        return stack_operations.delete_stack(ctx, stack.id)
    stack = stack_operations.delete_stack(ctx, stack.id, cast=False)
    _mark_deleting(snapshots)
    look(stack.id)
    return db_api.stack_get(stack.id)


def look_again(msg):
    """The observer's nudge (a DeleteSnapshots message)."""
    look(msg.stack_id)


def look(stack_id):
    """One pass over the stack's snapshots being deleted; then, if the
    stack waits to be deleted, go on with it or fail it."""
    failures = []
    for snapshot in db_api.snapshot_list(stack_id):
        if (snapshot.action, snapshot.status) != DELETING:
            continue
        outcome = delete_objects(stack_id, snapshot.data)
        if isinstance(outcome, base.Failed):
            reason = f'Snapshot {snapshot.name or snapshot.id}: {outcome.reason}'
            db_api.snapshot_update(snapshot.id, {'status': Status.FAILED,
                                                 'status_reason': reason})
            failures.append(reason)
        elif isinstance(outcome, base.Done):
            db_api.snapshot_delete(snapshot.id)
    _stack_delete_goes_on(stack_id, failures)


def delete_objects(stack_id, document):
    """Ask each resource of a snapshot's document to delete what its
    snapshot step made: Done when all of it is gone, Pending while a
    delete is under way, else the first failure (every resource is asked,
    whatever the others answer)."""
    outcomes = []
    for name, entry in sorted(((document or {}).get('resources') or {}).items()):
        if 'resource_data' not in entry:
            continue   # a child stack's own document: its steps made nothing
        outcomes.append(_delete_resource_objects(stack_id, name, entry))
    failed = [o for o in outcomes if isinstance(o, base.Failed)]
    if failed:
        return failed[0]
    if any(isinstance(o, base.Pending) for o in outcomes):
        return base.Pending(None)
    return base.Done()


def _delete_resource_objects(stack_id, name, entry):
    data = entry.get('resource_data') or {}
    try:
        cls = registry.get(entry.get('type'))
        plugin = cls(name, stack_id, data.get('properties') or {},
                     physical_id=entry.get('resource_id'), stored_data=data)
        outcome = plugin.delete_snapshot_data(data)
    except Exception as exc:
        LOG.exception('deleting the snapshot data of %s failed', name)
        return base.Failed(f'{name}: {type(exc).__name__}: {exc}')
    if isinstance(outcome, base.Failed):
        return base.Failed(f'{name}: {outcome.reason}')
    return outcome


def _mark_deleting(snapshots):
    for snapshot in snapshots:
        db_api.snapshot_update(snapshot.id, {
            'action': Action.DELETE, 'status': Status.IN_PROGRESS,
            'status_reason': 'Deleting the snapshot and its objects'})


def _stack_delete_goes_on(stack_id, failures):
    try:
        stack = db_api.stack_get(stack_id)
    except exception.NotFound:
        return
    if (stack.action, stack.status) != DELETING:
        return
    if failures:
        stack_state.fail(stack.id, stack.current_traversal,
                         'Could not delete the stack snapshots: ' + '; '.join(failures))
    elif not db_api.snapshot_count(stack.id):
        rpc.cast(messages.Converge(stack.id, stack.current_traversal))

"""Resource rows and their compare-and-swap lock."""

import sqlalchemy as sa

from heat_conv.common import exception
from heat_conv.common import timeutils
from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.db import models
from heat_conv.db.queries.common import EVENT
from heat_conv.db.queries.common import RESOURCE
from heat_conv.db.queries.common import STACK
from heat_conv.db.queries.common import added as _added
from heat_conv.db.queries.common import execute as _execute
from heat_conv.db.queries.common import one as _one
from heat_conv.db.queries.common import retry_on_deadlock
from heat_conv.db.queries.common import rows as _rows
from heat_conv.db.queries.common import transaction
from heat_conv.db.queries.events import event_rows as _event_rows


def resource_create(values):
    return _added(models.Resource(**values))


def resource_get(resource_id):
    return _one(sa.select(models.Resource).where(models.Resource.id == resource_id),
                exception.NotFound(f'Resource {resource_id} not found'))


def resource_and_traversal(resource_id):
    """A resource row and its stack's current traversal, in one statement."""
    with transaction() as session:
        result = session.execute(
            sa.select(models.Resource, models.Stack.current_traversal)
            .join(models.Stack, models.Stack.id == models.Resource.stack_id)
            .where(models.Resource.id == resource_id)).first()
        if result is None:
            raise exception.NotFound(f'Resource {resource_id} not found')
        row, traversal = result
        session.expunge(row)
        return row, traversal


def resources_of_stack(stack_id, include_deleted=False, names=None):
    """Every resource row of a stack (current and superseded), oldest first;
    only those of ``names`` when given."""
    query = sa.select(models.Resource).where(models.Resource.stack_id == stack_id)
    if names is not None:
        query = query.where(models.Resource.name.in_(list(names)))
    if not include_deleted:
        query = query.where(sa.not_(sa.and_(
            models.Resource.action == Action.DELETE,
            models.Resource.status == Status.COMPLETE)))
    return _rows(query.order_by(models.Resource.id))


@retry_on_deadlock
def resource_cas(resource_id, atomic_key, values, engine_id=False,
                 while_traversal=None, events=()):
    """Compare-and-swap write on a resource row.

    Matches only if the row's ``atomic_key`` is unchanged (and, when
    ``engine_id`` is given, it is the current lock holder, None meaning
    unlocked; and, when ``while_traversal`` is (stack_id, traversal_id),
    that traversal is still the stack's current one). Bumps ``atomic_key``.
    ``events`` are recorded in the same transaction if it wins: one commit
    instead of two. Returns True when it won.
    """
    values = dict(values, atomic_key=atomic_key + 1, updated_at=timeutils.utcnow())
    r = RESOURCE
    query = sa.update(r).where(r.c.id == resource_id, r.c.atomic_key == atomic_key)
    if engine_id is not False:
        query = query.where(r.c.engine_id.is_(None) if engine_id is None
                            else r.c.engine_id == engine_id)
    if while_traversal is not None:
        stack_id, traversal_id = while_traversal
        query = query.where(sa.exists().where(
            STACK.c.id == stack_id, STACK.c.current_traversal == traversal_id))
    with transaction() as session:
        conn = session.connection()
        won = conn.execute(query.values(**values)).rowcount == 1
        if won and events:
            conn.execute(sa.insert(EVENT), _event_rows(events))
        return won


def resource_delete_unused(resource_id):
    """Remove a row that never got a physical resource (a lost replacement race)."""
    with transaction() as session:
        _execute(session, sa.delete(models.Resource).where(
            models.Resource.id == resource_id,
            models.Resource.action == Action.INIT,
            models.Resource.engine_id.is_(None)))


def resources_waiting(limit=None, stack_ids=None):
    """Rows whose asynchronous action awaits the observer."""
    query = sa.select(models.Resource).where(
        models.Resource.status == Status.IN_PROGRESS,
        models.Resource.action_started_at.is_not(None))
    if stack_ids is not None:
        query = query.where(models.Resource.stack_id.in_(list(stack_ids)))
    if limit:
        query = query.limit(limit)
    return _rows(query.order_by(models.Resource.id))


def resources_locked(stack_id):
    return _rows(sa.select(models.Resource).where(
        models.Resource.stack_id == stack_id,
        models.Resource.engine_id.is_not(None)))


def resources_failed_in(stack_id, traversal_id):
    """Rows whose step in ``traversal_id`` failed, e.g. failed checks."""
    r = models.Resource
    return _rows(sa.select(r).where(
        r.stack_id == stack_id, r.traversal_id == traversal_id,
        r.status == Status.FAILED).order_by(r.name))


def resource_set_check_status(resource_id, atomic_key, status, reason, event):
    """Mark a row CHECK_``status`` (a user's mark-unhealthy) and record ``event``.

    A compare-and-swap like the engine's writes: it matches only an unlocked
    row whose ``atomic_key`` is unchanged, so it never overwrites an action
    in flight. Returns True when it won.
    """
    return resource_cas(resource_id, atomic_key,
                        {'action': Action.CHECK, 'status': status, 'status_reason': reason},
                        engine_id=None, events=[event])


def resources_purge_deleted(stack_id):
    with transaction() as session:
        _execute(session, sa.delete(models.Resource).where(
            models.Resource.stack_id == stack_id,
            models.Resource.action == Action.DELETE,
            models.Resource.status == Status.COMPLETE,
            models.Resource.engine_id.is_(None)))


def resource_state_counts(stack_id):
    """{'ACTION_STATUS': how many} of the stack's current rows (not replaced)."""
    r = models.Resource
    with transaction() as session:
        return {f'{action}_{status}': count for action, status, count in session.execute(
            sa.select(r.action, r.status, sa.func.count())
            .where(r.stack_id == stack_id, r.replaced_by.is_(None))
            .group_by(r.action, r.status))}

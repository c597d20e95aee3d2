"""What the observer reads and writes: drift findings and leases."""
import datetime

import sqlalchemy as sa
from oslo_db import exception as db_exc

from heat_conv.common import timeutils
from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.db import models
from heat_conv.db.queries.common import execute as _execute
from heat_conv.db.queries.common import retry_on_deadlock
from heat_conv.db.queries.common import rows as _rows
from heat_conv.db.queries.common import transaction
from heat_conv.db.queries.events import event_rows as _event_rows


def resources_observable(stack_ids):
    """Rows to compare with reality: settled, current, with a physical object,
    of stacks no traversal is changing. Drift in a stack being changed means
    nothing until it settles, and on a real cloud the pass's lists would
    queue behind the traversal's own calls in the same service APIs."""
    if not stack_ids:
        return []
    r = models.Resource
    settled = sa.select(models.Stack.id).where(
        models.Stack.id.in_(list(stack_ids)), models.Stack.status != Status.IN_PROGRESS)
    return _rows(sa.select(r).where(
        r.stack_id.in_(settled),
        r.physical_resource_id.is_not(None),
        r.replaced_by.is_(None),
        r.engine_id.is_(None),
        r.action.not_in([Action.INIT, Action.DELETE])).order_by(r.id))


def stacks_rest_marks(stack_ids):
    """{stack id: what changes whenever its resources may have}: the
    traversal and status. A drift pass that finds a stack's mark as it
    was can trust what it read of the stack's resources before."""
    if not stack_ids:
        return {}
    s = models.Stack
    with transaction() as session:
        return {stack_id: (traversal, action, status) for stack_id, traversal, action, status
                in session.execute(sa.select(s.id, s.current_traversal, s.action, s.status)
                                   .where(s.id.in_(list(stack_ids))))}


@retry_on_deadlock
def resources_record_drift(changes, written_ids=None):
    """Store drift findings: ``changes`` [(row, status, detail, event)] for
    rows whose drift status changed, with their event; ``drift_checked_at``
    is when the finding was made. A row whose finding is unchanged is not
    written at all: a pass over stacks at rest costs reads only, however
    many resources they hold. A change is written only if the row was not
    touched meanwhile (its atomic_key), so a finding about an old physical
    object never lands on a newer one. ``updated_at`` stays: it is the time
    of the row's last update, as in Heat.
    """
    if not changes:
        return 0
    now = timeutils.utcnow()
    r = models.Resource
    with transaction() as session:
        written = []
        if written_ids is not None:
            del written_ids[:]   # from an attempt rolled back by a deadlock
        for row, status, detail, event in changes:
            won = _execute(session, sa.update(r).where(
                r.id == row.id, r.atomic_key == row.atomic_key).values(
                drift_status=status, drift_detail=detail, drift_checked_at=now,
                updated_at=r.updated_at)
            ).rowcount
            if won:
                written.append(event)
                if written_ids is not None:
                    written_ids.append(row.id)
        if written:
            session.execute(sa.insert(models.Event), _event_rows(written))
        return len(written)


def stacks_observable():
    """Ids of stacks whose resources the observer watches (not deleted)."""
    with transaction() as session:
        return [row for (row,) in session.execute(
            sa.select(models.Stack.id).where(models.Stack.deleted_at.is_(None))
            .order_by(models.Stack.id))]


def stacks_projects(stack_ids):
    """{stack id: its project (tenant)} for ``stack_ids``: the observer asks
    a real cloud about a project's objects together."""
    if not stack_ids:
        return {}
    with transaction() as session:
        return dict(session.execute(
            sa.select(models.Stack.id, models.Stack.tenant)
            .where(models.Stack.id.in_(sorted(set(stack_ids))))).all())


def stacks_auto_heal(stack_ids):
    """Those of ``stack_ids`` that are live and have auto-heal on."""
    if not stack_ids:
        return []
    with transaction() as session:
        return sorted(session.scalars(
            sa.select(models.Stack.id).where(models.Stack.id.in_(list(stack_ids)),
                                             models.Stack.auto_heal.is_(True),
                                             models.Stack.deleted_at.is_(None))))


def observer_leases(observer_id, lease_secs, share):
    """Hold leases on up to ``share`` stacks for ``observer_id``; return them.

    Renews the observer's own leases, then claims unleased or expired
    stacks until it holds its share. Each claim is a compare-and-swap on
    the lease row, so two observers never hold the same stack.
    """
    lease = models.ObserverLease
    now = timeutils.utcnow()
    until = now + datetime.timedelta(seconds=lease_secs)
    mine = _renew(observer_id, until)
    if len(mine) >= share:
        return mine
    with transaction() as session:
        leased = sa.select(lease.stack_id).where(lease.expires_at > now)
        free = list(session.scalars(
            sa.select(models.Stack.id).where(models.Stack.deleted_at.is_(None),
                                             models.Stack.id.not_in(leased))
            .limit(share - len(mine))))
    for stack_id in free:
        if _claim(stack_id, observer_id, now, until):
            mine.add(stack_id)
    return mine


@retry_on_deadlock
def _renew(observer_id, until):
    """Extend the observer's own leases and drop those of deleted stacks;
    the stacks it still holds. Two observers doing so at once may
    deadlock on MariaDB (the delete's range locks): retried, as every
    deadlock is, and logged only at DEBUG (oslo.db's retry)."""
    lease = models.ObserverLease
    with transaction() as session:
        _execute(session, sa.update(lease).where(lease.observer_id == observer_id)
                 .values(expires_at=until))
        mine = set(session.scalars(sa.select(lease.stack_id)
                                   .where(lease.observer_id == observer_id)))
        live = sa.select(models.Stack.id).where(models.Stack.deleted_at.is_(None))
        _execute(session, sa.delete(lease).where(lease.stack_id.not_in(live)))
        return mine & set(session.scalars(live))


@retry_on_deadlock
def _claim(stack_id, observer_id, now, until):
    lease = models.ObserverLease
    with transaction() as session:
        taken = _execute(session, sa.update(lease).where(
            lease.stack_id == stack_id, lease.expires_at <= now).values(
            observer_id=observer_id, expires_at=until)).rowcount
        if taken:
            return True
        if session.get(lease, stack_id) is not None:
            return False
    try:
        with transaction() as session:
            session.execute(sa.insert(lease).values(
                stack_id=stack_id, observer_id=observer_id, expires_at=until))
        return True
    except db_exc.DBDuplicateEntry:
        return False


@retry_on_deadlock
def observer_release(observer_id):
    with transaction() as session:
        _execute(session, sa.delete(models.ObserverLease)
                 .where(models.ObserverLease.observer_id == observer_id))

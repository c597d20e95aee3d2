"""Statements of the lifecycle operations: adopting and abandoning stacks."""

import sqlalchemy as sa

from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.db import models
from heat_conv.db.queries.common import EVENT
from heat_conv.db.queries.common import execute as _execute
from heat_conv.db.queries.common import reading
from heat_conv.db.queries.common import transaction
from heat_conv.db.queries.events import event_rows


def stack_create_with_resources(values, resources, events=()):
    """Insert a stack, its first resource rows and ``events``, together:
    an adopted stack never exists without the objects it took over."""
    with transaction() as session:
        row = models.Stack(**values)
        session.add(row)
        session.flush()
        for resource in resources:
            session.add(models.Resource(stack_id=row.id, **resource))
        if events:
            session.connection().execute(sa.insert(EVENT), event_rows(events))
        session.flush()
        session.expunge(row)
        return row


def stack_forget(stack_id, expected_traversal, values, events=(), descendants=()):
    """Mark a stack deleted and drop its resource rows, leaving whatever
    they stood for alone (abandon). A compare-and-swap on the traversal id,
    so a stack some operation just took is not forgotten under it; True
    when it won. ``descendants``: ids of its child stacks (at any depth),
    forgotten in the same transaction, so no child outlives its parent."""
    with transaction() as session:
        query = sa.update(models.Stack).where(
            models.Stack.id == stack_id,
            models.Stack.current_traversal == expected_traversal,
            models.Stack.deleted_at.is_(None))
        if _execute(session, query.values(**values)).rowcount != 1:
            return False
        if descendants:
            _execute(session, sa.update(models.Stack).where(
                models.Stack.id.in_(list(descendants)),
                models.Stack.deleted_at.is_(None)).values(
                    action=values['action'], status=values['status'],
                    status_reason=values['status_reason'],
                    deleted_at=values['deleted_at'], live_name=None,
                    current_traversal=values['current_traversal']))
        _execute(session, sa.delete(models.Resource).where(
            models.Resource.stack_id.in_([stack_id, *descendants])))
        if events:
            session.connection().execute(sa.insert(EVENT), event_rows(events))
        return True


def resource_holder(physical_id, other_than):
    """The id of a live stack, not ``other_than``, one of whose live rows
    records object ``physical_id``; None when there is none (an adopt's
    look for another owner)."""
    r, s = models.Resource, models.Stack
    query = sa.select(r.stack_id).join(s, s.id == r.stack_id).where(
        r.physical_resource_id == physical_id, r.stack_id != other_than,
        s.deleted_at.is_(None),
        sa.not_(sa.and_(r.action == Action.DELETE, r.status == Status.COMPLETE))).limit(1)
    with reading() as conn:
        return conn.execute(query).scalar()

"""Events: one per status change."""

import sqlalchemy as sa

from heat_conv.common import exception
from heat_conv.common import timeutils
from heat_conv.db import models
from heat_conv.db import scope as db_scope
from heat_conv.db.queries.common import EVENT
from heat_conv.db.queries.common import connection
from heat_conv.db.queries.common import one as _one
from heat_conv.db.queries.common import reading
from heat_conv.db.queries.common import record as _record
from heat_conv.db.queries.common import transaction


def events_add(events):
    """Record ``events``; inside a scope, with every other event of the
    scope, in one insert just before it commits (in the order given)."""
    if events:
        db_scope.before_commit_all('events', event_rows(events), _insert)


def _insert(rows):
    with connection() as conn:
        conn.execute(_INSERT, rows)


_INSERT = sa.insert(EVENT)


def event_rows(events):
    """Event records completed with their id and time, ready to insert."""
    now = timeutils.utcnow()
    return [dict(e, uuid=models.new_uuid(), created_at=e.get('created_at', now))
            for e in events]


def event_newest_id():
    """The number of the newest event of any stack (0 if none): a cut that
    makes several stacks' listings one consistent list (event_list's
    ``up_to``)."""
    with reading() as conn:
        return conn.execute(sa.select(sa.func.max(EVENT.c.id))).scalar() or 0


def event_list(stack_id, resource_name=None, filters=None, sort_dir='asc',
               limit=None, marker=None, up_to=None):
    """The stack's events (records), oldest first unless ``sort_dir`` is
    'desc'; after (or before) the event ``marker`` when given; none newer
    than the event numbered ``up_to`` (event_newest_id) when given.

    One statement whatever the arguments: a client polling for new events
    calls this many times a second.
    """
    ev = EVENT.c
    conditions = [ev.stack_id == stack_id]
    if resource_name is not None:
        conditions.append(ev.resource_name == resource_name)
    for key, value in (filters or {}).items():
        values = value if isinstance(value, (list, tuple, set)) else [value]
        conditions.append(ev[key].in_(list(values)))
    if up_to is not None:
        conditions.append(ev.id <= up_to)
    order = ev.id.desc() if sort_dir == 'desc' else ev.id.asc()
    if marker is None:
        query = sa.select(EVENT).where(*conditions).order_by(order)
    else:
        # The marker's row outer-joined to the events after it: no row at
        # all means no such marker; a row of NULLs, no event after it.
        mark = sa.select(ev.id).where(ev.uuid == marker).subquery()
        conditions.append(ev.id < mark.c.id if sort_dir == 'desc' else ev.id > mark.c.id)
        query = (sa.select(EVENT)
                 .select_from(mark.outerjoin(EVENT, sa.and_(*conditions)))
                 .order_by(order))
    if limit is not None:
        query = query.limit(limit)
    with reading() as conn:
        found = conn.execute(query).all()
    if marker is not None and not found:
        raise exception.EventNotFound(marker)
    return [_record(row) for row in found if row.id is not None]


def event_get(stack_id, event_uuid):
    return _one(sa.select(models.Event).where(models.Event.stack_id == stack_id,
                                              models.Event.uuid == event_uuid),
                exception.EventNotFound(event_uuid))


def events_purge_oldest(stack_id, keep):
    """Delete all but the ``keep`` newest events of the stack."""
    ev = models.Event
    db_scope.flush_pending()   # the scope's own events count among the newest
    with transaction() as session:
        newest_dropped = session.scalar(
            sa.select(ev.id).where(ev.stack_id == stack_id)
            .order_by(ev.id.desc()).offset(keep).limit(1))
        if newest_dropped is None:
            return 0
        return session.execute(sa.delete(ev).where(
            ev.stack_id == stack_id, ev.id <= newest_dropped)).rowcount

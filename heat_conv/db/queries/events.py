"""Events: one per status change."""

import sqlalchemy as sa

from heat_conv.common import exception
from heat_conv.common import timeutils
from heat_conv.db import models
from heat_conv.db.queries.common import EVENT
from heat_conv.db.queries.common import one as _one
from heat_conv.db.queries.common import rows as _rows
from heat_conv.db.queries.common import transaction


def events_add(events):
    if not events:
        return
    with transaction() as session:
        session.connection().execute(sa.insert(EVENT), event_rows(events))


def event_rows(events):
    """Event records completed with their id and time, ready to insert."""
    now = timeutils.utcnow()
    return [dict(e, uuid=models.new_uuid(), created_at=e.get('created_at', now))
            for e in events]


def event_list(stack_id, resource_name=None, filters=None, sort_dir='asc',
               limit=None, marker=None):
    ev = models.Event
    query = sa.select(ev).where(ev.stack_id == stack_id)
    if resource_name is not None:
        query = query.where(ev.resource_name == resource_name)
    for key, value in (filters or {}).items():
        column = getattr(ev, key)
        values = value if isinstance(value, (list, tuple, set)) else [value]
        query = query.where(column.in_(list(values)))
    if marker is not None:
        marker_id = _one(sa.select(ev).where(ev.uuid == marker),
                         exception.EventNotFound(marker)).id
        query = query.where(ev.id < marker_id if sort_dir == 'desc'
                            else ev.id > marker_id)
    query = query.order_by(ev.id.desc() if sort_dir == 'desc' else ev.id.asc())
    if limit is not None:
        query = query.limit(limit)
    return _rows(query)


def event_get(stack_id, event_uuid):
    return _one(sa.select(models.Event).where(models.Event.stack_id == stack_id,
                                              models.Event.uuid == event_uuid),
                exception.EventNotFound(event_uuid))


def events_purge_oldest(stack_id, keep):
    """Delete all but the ``keep`` newest events of the stack."""
    ev = models.Event
    with transaction() as session:
        newest_dropped = session.scalar(
            sa.select(ev.id).where(ev.stack_id == stack_id)
            .order_by(ev.id.desc()).offset(keep).limit(1))
        if newest_dropped is None:
            return 0
        return session.execute(sa.delete(ev).where(
            ev.stack_id == stack_id, ev.id <= newest_dropped)).rowcount

"""Signals sent to resources, and the rows that wait on something outside
the engine (a signal, a cleared hook, a deadline)."""
import sqlalchemy as sa

from heat_conv.common import timeutils
from heat_conv.common.status import Status
from heat_conv.db import models
from heat_conv.db.queries.common import EVENT
from heat_conv.db.queries.common import retry_on_deadlock
from heat_conv.db.queries.common import rows as _rows
from heat_conv.db.queries.common import transaction
from heat_conv.db.queries.events import event_rows as _event_rows

SIGNAL = models.ResourceSignal.__table__


@retry_on_deadlock
def signal_add(stack_id, resource_name, data, events=(), keep=True, check=None):
    """Keep a signal for the resource ``resource_name`` of a stack, with its
    events in the same transaction; ``keep`` False records the events only.
    ``check(kept)``, given the bytes of data the resource keeps already,
    raises to refuse the signal (nothing is written then)."""
    with transaction() as session:
        conn = session.connection()
        if keep and check is not None:
            check(_kept_size(conn, stack_id, resource_name))
        if keep:
            conn.execute(sa.insert(SIGNAL).values(
                stack_id=stack_id, resource_name=resource_name, data=data,
                created_at=timeutils.utcnow()))
        if events:
            conn.execute(sa.insert(EVENT), _event_rows(events))


def signals_kept_size(stack_id, resource_name):
    """The bytes of JSON the signals kept for a resource hold."""
    with transaction() as session:
        return _kept_size(session.connection(), stack_id, resource_name)


def _kept_size(conn, stack_id, resource_name):
    s = SIGNAL.c
    return conn.execute(sa.select(sa.func.coalesce(sa.func.sum(_KEPT_BYTES.get(
        conn.dialect.name, sa.func.length(s.data))), 0))
                        .where(s.stack_id == stack_id,
                               s.resource_name == resource_name)).scalar()


# The bytes of a JSON document, where LENGTH of the column is not that
# (PostgreSQL has no length of json, and counts a text's characters).
_KEPT_BYTES = {'postgresql': sa.func.octet_length(sa.cast(SIGNAL.c.data, sa.Text))}


def signals_for(stack_id, resource_name=None, physical_id=None):
    """The data of every signal a resource got, oldest first; the resource
    named, or the one of the stack whose physical id is ``physical_id``.

    Signals are kept by name, so a replacement (a new row of the name) would
    see its predecessor's: by physical id, a replacement counts only the
    signals sent since it was made (the first of a name counts them all,
    those sent before it existed too)."""
    s, r = models.ResourceSignal, models.Resource
    query = sa.select(s.data).where(s.stack_id == stack_id)
    if resource_name is not None:
        query = query.where(s.resource_name == resource_name)
    else:
        owner = sa.select(r.name, r.replaces, r.created_at).where(
            r.stack_id == stack_id, r.physical_resource_id == physical_id).subquery()
        query = query.join(owner, s.resource_name == owner.c.name).where(
            sa.or_(owner.c.replaces.is_(None), s.created_at >= owner.c.created_at))
    with transaction() as session:
        return list(session.scalars(query.order_by(s.id)))


def resources_wait_expired(now):
    """Rows past their ``wait_until`` (by index): those waiting on signals
    (IN_PROGRESS) and, COMPLETE and unlocked, groups whose resize is due
    to be looked at again (see engine.scaling)."""
    r = models.Resource
    return _rows(sa.select(r).where(
        r.wait_until.is_not(None), r.wait_until < now,
        sa.or_(sa.and_(r.status == Status.IN_PROGRESS, r.action_started_at.is_not(None)),
               sa.and_(r.status == Status.COMPLETE, r.engine_id.is_(None))))
        .order_by(r.id))


def resources_waiting_on(physical_id):
    """Rows whose action waits on the outside world, by physical id."""
    r = models.Resource
    return _rows(sa.select(r).where(
        r.physical_resource_id == physical_id, r.status == Status.IN_PROGRESS,
        r.action_started_at.is_not(None)))

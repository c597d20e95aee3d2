"""Service heartbeats of engine and observer processes; each write is
retried on a deadlock, as every write is."""

import sqlalchemy as sa

from heat_conv.common import timeutils
from heat_conv.db import models
from heat_conv.db.queries.common import execute as _execute
from heat_conv.db.queries.common import retry_on_deadlock
from heat_conv.db.queries.common import rows as _rows
from heat_conv.db.queries.common import transaction


@retry_on_deadlock
def service_heartbeat(service_id, host, binary, topic, report_interval):
    """Record that the process is alive. Returns when another process had
    marked it dead (its ``deleted_at``), else None."""
    now = timeutils.utcnow()
    with transaction() as session:
        row = session.get(models.Service, service_id)
        if row is None:
            session.add(models.Service(id=service_id, host=host, binary=binary,
                                       topic=topic, report_interval=report_interval,
                                       created_at=now, updated_at=now))
            return None
        marked = row.deleted_at
        row.updated_at = now
        row.deleted_at = None
        row.report_interval = report_interval
        return marked


@retry_on_deadlock
def service_delete(service_id):
    with transaction() as session:
        _execute(session, sa.update(models.Service)
                        .where(models.Service.id == service_id)
                        .values(deleted_at=timeutils.utcnow()))


def service_list():
    return _rows(sa.select(models.Service)
                                .order_by(models.Service.created_at))


@retry_on_deadlock
def service_mark_dead(service_id, last_beat):
    """Mark a process dead if its heartbeat is still ``last_beat`` and nobody
    marked it yet: a compare-and-swap, so of several engines that find it
    dead, exactly one takes over its work. Returns True when this call won."""
    s = models.Service
    with transaction() as session:
        return _execute(session, sa.update(s).where(
            s.id == service_id, s.deleted_at.is_(None),
            sa.func.coalesce(s.updated_at, s.created_at) == last_beat)
            .values(deleted_at=timeutils.utcnow())).rowcount == 1


@retry_on_deadlock
def service_purge_stopped(before):
    """Forget processes that stopped (or were found dead) before ``before``,
    except engines whose locks the reaper has not been able to release."""
    s, r = models.Service, models.Resource
    holding = sa.exists().where(r.engine_id == s.id, r.action_started_at.is_(None))
    with transaction() as session:
        return _execute(session, sa.delete(s).where(
            s.deleted_at < before, sa.not_(holding))).rowcount

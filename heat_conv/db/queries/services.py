"""Service heartbeats of engine and observer processes; each write is
retried on a deadlock, as every write is."""

import sqlalchemy as sa

from heat_conv.common import liveness
from heat_conv.common import timeutils
from heat_conv.db import fencing
from heat_conv.db import models
from heat_conv.db.queries.common import execute as _execute
from heat_conv.db.queries.common import retry_on_deadlock
from heat_conv.db.queries.common import rows as _rows
from heat_conv.db.queries.common import transaction


@retry_on_deadlock
def service_heartbeat(service_id, host, binary, topic, report_interval,
                      rpc_version=None):
    """Record that the process is alive, its database sessions (see
    fencing) and the engine RPC version it speaks. Returns when another
    process had marked it dead (its ``deleted_at``), else None."""
    now = timeutils.utcnow()
    sessions = fencing.session_ids()
    with transaction() as session:
        row = session.get(models.Service, service_id)
        if row is None:
            session.add(models.Service(id=service_id, host=host, binary=binary,
                                       topic=topic, report_interval=report_interval,
                                       created_at=now, updated_at=now,
                                       db_sessions=sessions, rpc_version=rpc_version))
            return None
        marked = row.deleted_at
        row.updated_at = now
        row.deleted_at = None
        row.report_interval = report_interval
        if row.db_sessions != sessions:
            row.db_sessions = sessions
        if row.rpc_version != rpc_version:
            row.rpc_version = rpc_version
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


def engine_rpc_versions():
    """The RPC versions the engines alive now (by their last heartbeat,
    on the database's clock) report; None for one that reports none."""
    now = timeutils.utcnow()
    return [row.rpc_version for row in service_list()
            if row.binary == liveness.ENGINE and liveness.state(row, now) == liveness.UP]


@retry_on_deadlock
def service_forget(service_id):
    """Remove a process's heartbeat row, unless it holds resource locks
    the reaper has not released yet (they name it). True if removed."""
    s, r = models.Service, models.Resource
    holding = sa.exists().where(r.engine_id == s.id, r.action_started_at.is_(None))
    with transaction() as session:
        return _execute(session, sa.delete(s).where(
            s.id == service_id, sa.not_(holding))).rowcount == 1


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


def service_fence(service_id):
    """End the database sessions process ``service_id`` last reported, so
    that a transaction it left open (cut off, paused) rolls back and frees
    its locks; how many there were (fencing.end_sessions)."""
    with transaction() as session:
        row = session.get(models.Service, service_id)
        ids = row.db_sessions if row is not None else None
        return fencing.end_sessions(session.connection(), ids)


@retry_on_deadlock
def service_purge_stopped(before):
    """Forget processes that stopped (or were found dead) before ``before``,
    except engines whose locks the reaper has not been able to release."""
    s, r = models.Service, models.Resource
    holding = sa.exists().where(r.engine_id == s.id, r.action_started_at.is_(None))
    with transaction() as session:
        return _execute(session, sa.delete(s).where(
            s.deleted_at < before, sa.not_(holding))).rowcount

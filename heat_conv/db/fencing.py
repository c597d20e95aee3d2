"""Fencing: end the database sessions of a process taken for dead.

A process cut off from the database in the middle of a transaction (a
network partition, a pause) keeps that transaction open on the server for
as long as the server believes the connection alive, which across a silent
partition is until TCP gives up: minutes to hours. Its row locks stay held,
so the engine taking its work over blocks on exactly the rows it must
release, and the stacks behind them stall for the whole partition and the
TCP back-off after it.

So each process records the server's ids of its own connections
(``session_ids``, from every pool of the process), its heartbeat publishes
them, and whoever takes a dead process over kills those sessions first
(``end_sessions``): the server rolls their transactions back and the locks
go. A process that was only cut off finds its connections closed when it
comes back, and reconnects; its writes to rows it lost fail as before.

MySQL/MariaDB (KILL CONNECTION) and PostgreSQL (pg_terminate_backend): a
user may end its own sessions without privileges. On SQLite, nothing to do.
"""
import logging
import threading

import sqlalchemy as sa

LOG = logging.getLogger(__name__)

_lock = threading.Lock()
_sessions = {}   # id(DB-API connection) -> the server's id of its session

# ER_NO_SUCH_THREAD: the session already ended.
_NO_SUCH_THREAD = 1094


@sa.event.listens_for(sa.pool.Pool, 'connect')
def _connected(dbapi_conn, _record):
    thread_id = getattr(dbapi_conn, 'thread_id', None)
    if callable(thread_id):   # pymysql: the server's id, known from the handshake
        session_id = thread_id()
    elif hasattr(getattr(dbapi_conn, 'info', None), 'backend_pid'):   # psycopg
        session_id = dbapi_conn.info.backend_pid
    else:
        return
    with _lock:
        _sessions[id(dbapi_conn)] = session_id


@sa.event.listens_for(sa.pool.Pool, 'close')
def _closed(dbapi_conn, _record):
    with _lock:
        _sessions.pop(id(dbapi_conn), None)


@sa.event.listens_for(sa.pool.Pool, 'close_detached')
def _closed_detached(dbapi_conn):
    _closed(dbapi_conn, None)


def session_ids():
    """The server's ids of this process's open database sessions, sorted
    (None when it has none there, as on SQLite)."""
    with _lock:
        ids = sorted(set(_sessions.values()))
    return ids or None


def end_sessions(conn, ids):
    """Kill the sessions ``ids`` (another process's) through ``conn``;
    returns how many were still there. Never this process's own."""
    if not ids or conn.dialect.name not in ('mysql', 'postgresql'):
        return 0
    mine = set(session_ids() or ())
    ended = 0
    for session_id in ids:
        if not isinstance(session_id, int) or session_id in mine:
            continue
        if conn.dialect.name == 'postgresql':
            # A session's id is its server process's pid, which the server's
            # host may give to a new process: only a session of this
            # database (heat-conv's, which recovers from a lost connection)
            # is ever ended.
            ended += conn.exec_driver_sql(
                'SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity '
                f'WHERE pid = {session_id:d} AND datname = current_database()').scalar()
            continue
        try:
            conn.exec_driver_sql(f'KILL CONNECTION {session_id:d}')
            ended += 1
        except sa.exc.DBAPIError as exc:
            code = exc.orig.args[0] if exc.orig is not None and exc.orig.args else None
            if code != _NO_SUCH_THREAD:
                LOG.warning('could not end database session %s: %s', session_id, exc)
    return ended

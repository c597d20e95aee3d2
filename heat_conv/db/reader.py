"""Reads of one statement, without a transaction to commit.

On MySQL and PostgreSQL a read in a transaction costs the read and a
COMMIT (and on PostgreSQL a BEGIN), and the
status polls of every client and many lookups are one read each. A
connection in autocommit mode makes the read its own transaction: one
statement. Its pool is separate from the transactional one (a connection
switched to autocommit and back for each read would cost two statements
instead). SQLite, which counts nothing and locks per transaction, reads
in the ordinary way.
"""
import threading

import sqlalchemy as sa
from oslo_db.sqlalchemy import exc_filters

from heat_conv.db import pool_ping
from heat_conv.db import tls

_lock = threading.Lock()
_readers = {}   # the transactional engine -> its autocommit twin


def pool_size(transactional_size):
    """Connections the reader keeps: as many as the transactional pool
    (the pool opens them only as threads use them at once). Every step of an
    engine reads here first and, on a server, takes its lock here too: a pool
    of a quarter made most steps under load open and close an overflow
    connection (five statements and ~30 ms of CPU each)."""
    return max(2, transactional_size)


def engine_for(writer, pool_size):
    """The autocommit engine beside ``writer`` (same database and options),
    or None where reads need no such engine."""
    if writer.dialect.name not in ('mysql', 'postgresql'):
        return None
    with _lock:
        reader = _readers.get(writer)
        if reader is None:
            reader = _readers[writer] = _make(writer, pool_size)
        return reader


def dispose(writer):
    with _lock:
        reader = _readers.pop(writer, None)
    if reader is not None:
        reader.dispose()


def _make(writer, pool_size):
    pool = writer.pool
    reader = sa.create_engine(
        writer.url, isolation_level='AUTOCOMMIT',
        # In autocommit mode there is nothing to roll back when a
        # connection goes back to the pool: no ROLLBACK statement either.
        skip_autocommit_rollback=True, pool_reset_on_return=None,
        # The connection given back last is taken first: a few stay warm
        # (no idle ping, see pool_ping) while the rest of a large pool idles.
        pool_use_lifo=True,
        pool_size=pool_size, max_overflow=getattr(pool, '_max_overflow', 10),
        pool_timeout=getattr(pool, '_timeout', 30), pool_recycle=pool._recycle)
    # Errors translate to oslo.db's exceptions, as the writer's do.
    exc_filters.register_engine(reader)
    if reader.dialect.driver == 'pymysql':
        tls.only_when_used(reader)
    pool_ping.when_idle(reader)
    return reader

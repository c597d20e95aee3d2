"""Engine and transactions, on oslo.db's enginefacade.

One facade per process. SQLite (the embedded default) gets WAL, a busy
timeout and BEGIN IMMEDIATE so that several threads writing wait for each
other instead of failing with SQLITE_BUSY in the middle of a transaction.
"""
import contextlib
import threading

import sqlalchemy as sa
from oslo_db.sqlalchemy import enginefacade

_lock = threading.Lock()
_facade = None
_statement_counter = None


class _TxnContext:
    """enginefacade keeps its per-transaction state on this object."""


def configure(connection=None):
    """(Re)configure the database; ``None`` takes ``[database] connection``."""
    global _facade
    with _lock:
        if _facade is not None:
            _facade.writer.get_engine().dispose()
        if connection is None:
            from heat_conv.common import config
            connection = config.CONF.database.connection
        facade = enginefacade.transaction_context()
        facade.configure(connection=_shareable(connection))
        engine = facade.writer.get_engine()
        _instrument(engine)
        _facade = facade
    return engine


def _shareable(connection):
    """SQLite connections may move between threads once pooled (see below)."""
    url = sa.engine.make_url(connection)
    if url.get_backend_name() == 'sqlite' and url.database not in (None, '', ':memory:'):
        url = url.update_query_dict({'check_same_thread': 'false'})
        return url.render_as_string(hide_password=False)
    return connection


def _keep_connections(engine):
    """Pool SQLite connections instead of oslo.db's NullPool.

    A new connection per transaction costs more than the transaction: each
    close of the last connection to a WAL database checkpoints it. The pool
    reuses oslo.db's connection set-up (its listeners travel in _dispatch).
    """
    old = engine.pool
    if not isinstance(old, sa.pool.NullPool):
        return
    engine.pool = sa.pool.QueuePool(
        old._creator, pool_size=4, max_overflow=60, timeout=60,
        recycle=old._recycle, echo=old.echo, logging_name=old._orig_logging_name,
        reset_on_return=old._reset_on_return, pre_ping=old._pre_ping,
        _dispatch=old.dispatch, dialect=old._dialect)
    old.dispose()


def _instrument(engine):
    if engine.dialect.name == 'sqlite':
        _keep_connections(engine)
        # WAL is a property of the database file: set it once. The rest is
        # per connection, and oslo.db gives SQLite a new one per transaction.
        raw = engine.raw_connection()   # outside any transaction, as WAL needs
        try:
            raw.cursor().execute('PRAGMA journal_mode = WAL')
        finally:
            raw.close()

        @sa.event.listens_for(engine, 'connect')
        def _sqlite_connect(dbapi_conn, _record):
            cur = dbapi_conn.cursor()
            cur.execute('PRAGMA busy_timeout = 30000')
            cur.execute('PRAGMA synchronous = NORMAL')
            cur.close()

        # oslo.db replaces pysqlite's implicit BEGIN with a deferred one of
        # its own; ours takes the write lock up front instead, so a
        # transaction never fails upgrading from reader to writer. It keeps
        # oslo.db's bookkeeping ('in_transaction', popped on commit/rollback).
        for listener in list(engine.dispatch.begin):
            if getattr(listener, '__name__', '') == '_sqlite_emit_begin':
                sa.event.remove(engine, 'begin', listener)

        @sa.event.listens_for(engine, 'begin')
        def _sqlite_begin(conn):
            if 'in_transaction' not in conn.info:
                conn.exec_driver_sql('BEGIN IMMEDIATE')
                conn.info['in_transaction'] = True

    @sa.event.listens_for(engine, 'before_cursor_execute')
    def _count(conn, cursor, statement, parameters, context, executemany):
        counter = _statement_counter
        if counter is not None and not statement.startswith(('PRAGMA', 'BEGIN')):
            counter.add(statement)


def get_engine():
    if _facade is None:
        configure()
    return _facade.writer.get_engine()


@contextlib.contextmanager
def transaction():
    """A read-write transaction: commits on success, rolls back on error."""
    if _facade is None:
        configure()
    with _facade.writer.using(_TxnContext()) as session:
        yield session


class StatementCounter:
    """Counts SQL statements sent to the database (for the benchmark)."""

    def __init__(self):
        self._lock = threading.Lock()
        self.total = 0
        self.by_kind = {}

    def add(self, statement):
        kind = statement.lstrip().split(None, 1)[0].upper()
        with self._lock:
            self.total += 1
            self.by_kind[kind] = self.by_kind.get(kind, 0) + 1


def count_statements(counter):
    """Install ``counter`` (or None) to observe every statement."""
    global _statement_counter
    _statement_counter = counter

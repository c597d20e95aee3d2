"""Engine and transactions, on oslo.db's enginefacade.

One facade per process. SQLite (the embedded default) gets WAL, a busy
timeout and BEGIN IMMEDIATE so that several threads writing wait for each
other instead of failing with SQLITE_BUSY in the middle of a transaction.

The connection pool keeps as many connections as the process has threads
that use the database (each entry point declares its own with
``plan_threads``), unless ``[database] max_pool_size`` says otherwise: a
pool smaller than that opens and closes a connection for most transactions
under load. MySQL connections carry no TLS state unless TLS will be used
(see tls.py).
"""
import contextlib
import logging
import threading
import time

import sqlalchemy as sa
from oslo_db import exception as db_exc
from oslo_db.sqlalchemy import enginefacade
from sqlalchemy import orm

from heat_conv.common import exception
from heat_conv.common import metrics
from heat_conv.db import fencing  # noqa: F401  (records the sessions of every pool)
from heat_conv.db import pool_ping
from heat_conv.db import pool_reset
from heat_conv.db import reader
from heat_conv.db import scope as db_scope
from heat_conv.db import tls

LOG = logging.getLogger(__name__)

# How long a SQLite connection waits for another writer before "database is
# locked"; then the transaction start is retried BUSY_RETRIES times.
SQLITE_BUSY_TIMEOUT_MS = 30000
BUSY_RETRIES = 3
BUSY_BACKOFF = 0.5   # seconds, doubled per attempt
RETRY_AFTER = 5      # seconds a client is told to wait once retries ran out
_BUSY_MARKERS = ('database is locked', 'too many connections', '(1040,',
                 'too many clients', 'connection slots are reserved')

_lock = threading.Lock()
_engine = None
_planned_threads = 0
# Pool size when no entry point said how many threads it runs (tests, tools).
DEFAULT_POOL_SIZE = 5


def plan_threads(count):
    """Part of this process will use the database from up to ``count``
    threads at once. Call before the first ``get_engine``."""
    global _planned_threads
    _planned_threads += count


def pool_size():
    from heat_conv.common import config
    configured = config.CONF.database.max_pool_size
    if configured is not None:
        return configured
    return max(DEFAULT_POOL_SIZE, _planned_threads)


def configure(connection=None):
    """(Re)configure the database; ``None`` takes ``[database] connection``."""
    global _engine
    with _lock:
        if _engine is not None:
            reader.dispose(_engine)
            _engine.dispose()
        if connection is None:
            from heat_conv.common import config
            connection = config.CONF.database.connection
        # oslo.db makes the engine (its options, SQL mode, exception
        # translation); transactions are ours (see _Transaction).
        facade = enginefacade.transaction_context()
        # thread_checkin would sleep(0) at every connection's return: a yield
        # meant for eventlet, which on a busy host gives the CPU away once per
        # transaction.
        facade.configure(connection=_shareable(connection), max_pool_size=pool_size(),
                         thread_checkin=False)
        engine = facade.writer.get_engine()
        _instrument(engine)
        _engine = engine
    return engine


def _shareable(connection):
    """SQLite connections may move between threads once pooled (see below)."""
    url = sa.engine.make_url(connection)
    if url.get_backend_name() == 'sqlite' and url.database not in (None, '', ':memory:'):
        url = url.update_query_dict({'check_same_thread': 'false',
                                     'timeout': str(SQLITE_BUSY_TIMEOUT_MS / 1000)})
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
        old._creator, pool_size=pool_size(), max_overflow=60, timeout=60,
        recycle=old._recycle, echo=old.echo, logging_name=old._orig_logging_name,
        reset_on_return=old._reset_on_return, pre_ping=old._pre_ping,
        _dispatch=old.dispatch, dialect=old._dialect)
    old.dispose()


def _instrument(engine):
    # Counted in memory (heat_conv_db_statements_total, and per step).
    sa.event.listen(engine, 'before_cursor_execute', metrics.count_statement)
    if engine.dialect.name == 'sqlite':
        _keep_connections(engine)

        # Per connection, so before the first one is made (it is pooled and
        # reused): in WAL mode NORMAL syncs at checkpoints, not at every
        # commit, and a crash loses no committed transaction's consistency.
        @sa.event.listens_for(engine, 'connect')
        def _sqlite_connect(dbapi_conn, _record):
            cur = dbapi_conn.cursor()
            cur.execute(f'PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}')
            cur.execute('PRAGMA synchronous = NORMAL')
            cur.close()

        # WAL is a property of the database file: set it once.
        raw = engine.raw_connection()   # outside any transaction, as WAL needs
        try:
            raw.cursor().execute('PRAGMA journal_mode = WAL')
        finally:
            raw.close()

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

    if engine.dialect.name == 'mysql' and engine.dialect.driver == 'pymysql':
        tls.only_when_used(engine)
    if engine.dialect.name == 'postgresql':
        # An insert of many rows (a step's events, a node's arrivals) as one
        # multi-row INSERT, as PyMySQL sends it to MySQL: psycopg would send
        # one statement per row.
        engine.dialect.use_insertmanyvalues_wo_returning = True
    pool_reset.only_when_needed(engine)
    pool_ping.when_idle(engine)


def get_engine():
    if _engine is None:
        configure()
    return _engine


class _Transaction:
    """One database transaction: a Core connection, and an ORM session on
    the same connection for the queries that want one.

    The hot path runs prebuilt Core statements on the connection; the ORM's
    per-call costs (a session, its identity map, its unit of work) are paid
    only by the queries that use it, once per transaction.
    """

    def __init__(self, conn):
        self.conn = conn
        self._session = None

    @property
    def session(self):
        if self._session is None:
            # Bound to a connection already in a transaction, the session
            # never commits or rolls it back: this object does.
            self._session = orm.Session(bind=self.conn, expire_on_commit=False)
        return self._session

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        try:
            if exc_type is None:
                if self._session is not None:
                    self._session.flush()
                self.conn.commit()
        finally:
            if self._session is not None:
                self._session.close()
            self.conn.close()   # rolls back a transaction still open


@contextlib.contextmanager
def transaction():
    """A read-write transaction, as an ORM session: commits on success,
    rolls back on error.

    The transaction starts (connection and, on SQLite, the write lock) before
    the caller's statements run, so a database that is busy ("database is
    locked", MySQL's "Too many connections", PostgreSQL's "too many
    clients") is retried while nothing has
    happened yet, and after BUSY_RETRIES is a ServiceUnavailable (503).
    """
    with _transaction() as txn:
        yield txn.session


@contextlib.contextmanager
def connection():
    """The same transaction as ``transaction()``, as a Core connection."""
    with _transaction() as txn:
        yield txn.conn


@contextlib.contextmanager
def reading():
    """A Core connection for one read (one statement): inside a scope, the
    scope's transaction; else, where the database has one, a connection in
    autocommit mode (reader.py), else an ordinary transaction."""
    with _autocommit_if(db_scope.current() is None) as conn:
        yield conn


@contextlib.contextmanager
def before_writes():
    """A Core connection for one statement that needs no transaction of its
    own: inside a scope that has not begun its transaction (nothing in it
    has touched the database yet), where the database has one, a connection
    in autocommit mode; else as ``connection()``.

    For a step's first read and the compare-and-swap lock that follows it:
    neither needs the other's snapshot (the swap checks the key it read),
    and made alone, the lock costs its UPDATE without a COMMIT.
    """
    scope = db_scope.current()
    with _autocommit_if(scope is not None and scope.transaction is None) as conn:
        yield conn


@contextlib.contextmanager
def _autocommit_if(wanted):
    """An autocommit connection if ``wanted`` and the database has them
    (reader.py), else the transaction's."""
    if _engine is None:
        configure()
    autocommit = reader.engine_for(_engine, reader.pool_size(pool_size())) if wanted else None
    if autocommit is None:
        with connection() as conn:
            yield conn
        return
    with autocommit.connect() as conn:
        yield conn


@contextlib.contextmanager
def _transaction():
    if _engine is None:
        configure()
    if db_scope.current() is not None:
        # Inside scope.atomically: join its transaction, which commits later.
        yield db_scope.transaction_for(_begin)
        return
    with contextlib.ExitStack() as scope:
        yield _begin(scope)


def _begin(scope):
    for attempt in range(BUSY_RETRIES + 1):
        conn = None
        try:
            conn = _engine.connect()
            conn.begin()   # SQLite: BEGIN IMMEDIATE, the write lock
        except Exception as exc:
            if conn is not None:
                conn.close()
            if not is_busy(exc):
                raise
            if attempt == BUSY_RETRIES:
                raise exception.ServiceUnavailable(
                    'The database is too busy to answer now; try again shortly',
                    retry_after=RETRY_AFTER) from exc
            LOG.warning('database busy (%s); retrying', exc)
            time.sleep(BUSY_BACKOFF * 2 ** attempt)
            continue
        return scope.enter_context(_Transaction(conn))


def is_busy(exc):
    """Whether ``exc`` says the database cannot take us now (not a bug)."""
    if isinstance(exc, db_exc.DBConnectionError):
        return True
    if not isinstance(exc, (db_exc.DBError, sa.exc.OperationalError)):
        return False
    text = str(getattr(exc, 'inner_exception', None) or exc).lower()
    return any(marker in text for marker in _BUSY_MARKERS)

"""What every query module shares: transactions, retries, Core tables."""
import functools
import types

import sqlalchemy as sa
from oslo_db import api as oslo_db_api
from oslo_db import exception as db_exc
from sqlalchemy.dialects import postgresql

from heat_conv.db import models
from heat_conv.db import scope as db_scope
from heat_conv.db import session as db_session

transaction = db_session.transaction
connection = db_session.connection
reading = db_session.reading
before_writes = db_session.before_writes

# Core tables for the hot path: plain statements skip the ORM's bulk
# machinery, which costs more than the statements themselves.
RESOURCE = models.Resource.__table__
STACK = models.Stack.__table__
SYNC_POINT = models.SyncPoint.__table__
SYNC_INPUT = models.SyncInput.__table__
EVENT = models.Event.__table__

_retrying = oslo_db_api.wrap_db_retry(
    max_retries=10, retry_on_deadlock=True, inc_retry_interval=True,
    retry_interval=0.05, max_retry_interval=1)


def retry_on_deadlock(func):
    """Run ``func`` again when its transaction deadlocks; inside
    scope.atomically the whole scope's work is what runs again."""
    retried = _retrying(func)

    @functools.wraps(func)
    def call(*args, **kwargs):
        if db_scope.current() is not None:
            return func(*args, **kwargs)
        return retried(*args, **kwargs)
    return call


def execute(session, statement):
    """Run a bulk UPDATE/DELETE without the ORM's session synchronisation,
    which on MySQL costs an extra SELECT per statement; callers never keep
    ORM objects across such writes."""
    return session.execute(statement,
                           execution_options={'synchronize_session': False})


def insert_new(conn, table, rows):
    """Insert ``rows`` (one dict, or a list of them) into ``table``; if one
    of them is there already (a unique key), raise DBDuplicateEntry having
    inserted none, and leave the transaction usable, as MySQL and SQLite do.

    PostgreSQL aborts the whole transaction at a failed statement, which
    matters inside a scope (the work goes on after a duplicate). There the
    rows go in ON CONFLICT DO NOTHING, returning the ids of those that went
    in; when some did not (a redelivered message: rare), the ones that did
    are taken out again. The common case stays one statement.
    """
    if conn.dialect.name != 'postgresql' or not db_scope.in_transaction():
        conn.execute(_insert(table), rows)
        return
    many = isinstance(rows, list)
    inserted = conn.execute(_insert_unless_there(table), rows).scalars().all()
    if len(inserted) < (len(rows) if many else 1):
        if inserted:
            conn.execute(sa.delete(table).where(table.c.id.in_(inserted)))
        raise db_exc.DBDuplicateEntry()


# Built once per table: the hot path's inserts.
_insert = functools.cache(sa.insert)


@functools.cache
def _insert_unless_there(table):
    return postgresql.insert(table).on_conflict_do_nothing().returning(table.c.id)


# Callers get plain values or ORM objects detached from their session:
# select-and-detach and insert-and-detach are these helpers, everywhere.

def rows(query):
    """Every ORM object ``query`` selects, detached from its session."""
    with transaction() as session:
        found = list(session.scalars(query))
        for row in found:
            session.expunge(row)
        return found


def first(query):
    """The first ORM object ``query`` selects (detached), or None."""
    with transaction() as session:
        row = session.scalars(query).first()
        if row is not None:
            session.expunge(row)
        return row


def one(query, not_found):
    """The first ORM object ``query`` selects (detached); raises
    ``not_found`` (an exception) when there is none."""
    row = first(query)
    if row is None:
        raise not_found
    return row


def added(row):
    """Insert the new ORM object ``row``; return it detached, with its defaults."""
    with transaction() as session:
        session.add(row)
        session.flush()
        session.expunge(row)
        return row


# The hot path reads rows with prebuilt Core statements: a row comes back
# as a plain record with one attribute per column, which costs a fraction
# of loading an ORM object (and, like a detached one, never lazy-loads).

class Record(types.SimpleNamespace):
    """A row read with Core: one attribute per column."""


def record(row):
    return Record(**row._mapping)


def records(result):
    return [Record(**row._mapping) for row in result]
